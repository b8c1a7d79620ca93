/* test_html.c — HTML escaping of document text and the ids of rules and glossary terms
 * (src/render/html.c). */
#include "t.h"
#include "render/html.h"
#include "index/ruleid.h"

static struct sbuf escaped;

static char *
esc(const char *s, size_t n, bool br)
{
	sbuf_reset(&escaped);
	html_esc(&escaped, s, n, br);
	return (char *)sbuf_str(&escaped);
}

int
main(void)
{
	const char *s = "<script>alert(\"x\")</script> & 'y'";
	CHECK_STR(esc(s, strlen(s), false), "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;",
	    "markup, ampersands and both quotes become entities");
	s = "Ring of Ma\xE2\x80\x99r\xC3\xBB" "f \xE2\x80\x94 Dand\xC3\xA2n";
	CHECK_STR(esc(s, strlen(s), false), s, "UTF-8 letters, curly quotes and dashes pass unchanged");
	CHECK_STR(esc("a\nb", 3, true), "a<br/>\nb", "a newline is a line break when asked");
	CHECK_STR(esc("a\nb\tc", 5, false), "a\nb\tc", "and stays a newline otherwise, tabs too");
	CHECK_STR(esc("a\x01" "b\x1b[31mc\x7f", 10, false), "ab[31mc", "C0 controls, escape and DEL are dropped");
	CHECK_STR(esc("a\xC2\x85" "b", 4, false), "ab", "a C1 control (U+0085) is dropped");
	CHECK_STR(esc("a\xFF" "b\xC3", 4, false), "a\xEF\xBF\xBD" "b\xEF\xBF\xBD", "bytes that are not UTF-8 become U+FFFD");
	CHECK_STR(esc("\xC0\xAF", 2, false), "\xEF\xBF\xBD\xEF\xBF\xBD", "an overlong form is not UTF-8");
	CHECK_STR(esc("\xED\xA0\x80", 3, false), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD", "nor is a surrogate");
	CHECK_STR(esc("a<b", 2, false), "a&lt;", "only n bytes are read");

	struct jrule r = { .num = "704.5s" };
	char b[32];
	CHECK_STR(html_rule_id(&r, b), "R7045s", "704.5s is Yawgatog's R7045s");
	CHECK_STR(html_rule_alias(&r, b), "704.5s", "and reads 704.5s");
	r.num = "704";
	CHECK_STR(html_rule_id(&r, b), "R704", "704 is R704");
	r.num = "605.2c";
	r.copy = 2;
	CHECK_STR(html_rule_id(&r, b), "R6052c_2", "a second 605.2c is R6052c_2");
	CHECK_STR(html_rule_alias(&r, b), "605.2c-2", "and reads 605.2c-2");

	struct sbuf o = {0};
	html_slug("Active Player, Nonactive Player Order", &o);
	CHECK_STR(sbuf_str(&o), "active_player_nonactive_player_order", "a comma head's slug");
	sbuf_reset(&o);
	html_slug("Tribal (Obsolete)", &o);
	CHECK_STR(sbuf_str(&o), "tribal", "\"(Obsolete)\" is left out of a slug");
	sbuf_reset(&o);
	html_slug("Banding, \"Bands with Other\"", &o);
	CHECK_STR(sbuf_str(&o), "banding_bands_with_other", "quotes and commas are dropped");
	sbuf_reset(&o);
	html_slug("D\xC3\xA9j\xC3\xA0 Vu <x>", &o);
	CHECK_STR(sbuf_str(&o), "deja_vu__x_", "accents fold, markup is no part of a slug");
	sbuf_reset(&o);
	html_slug("\xE2\x80\x94", &o);
	CHECK(strspn(sbuf_str(&o), "abcdefghijklmnopqrstuvwxyz0123456789_") == o.len && o.len > 0,
	    "a slug is never empty and holds only [a-z0-9_]: %s", sbuf_str(&o));
	sbuf_free(&o);
	sbuf_free(&escaped);
	return T_DONE();
}
