# Makefile — builds ./judge, its tests, fuzzers and benchmarks. GNU make.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share/judge
MANDIR = $(PREFIX)/share/man/man1

CC ?= cc
PKGS = libxml-2.0 libpcre2-8 readline yajl sqlite3 zlib liblzma
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# libxml2 is not linked: src/text/libxml.c loads it when a page of HTML is first read, so that
# the commands that never read one (a card lookup) do not bind its symbols (and ICU's) at start
PKG_LIBS := $(shell pkg-config --libs $(filter-out libxml-2.0,$(PKGS)) 2>/dev/null || echo -lpcre2-8 -lreadline -lyajl -lsqlite3 -lz -llzma)
WARN = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter \
       -Wwrite-strings -Wpointer-arith -Wformat=2
OPT ?= -O2 -g
# Hardening: a stack protector, fortified libc calls (they need an optimised build), CET
# (-fcf-protection) where the compiler has it, and full RELRO. `make HARDEN= HARDEN_LD=`
# leaves them out, as the sanitizer and fuzzing builds do.
CF_PROTECTION := $(shell $(CC) -fcf-protection -Werror -E -x c /dev/null >/dev/null 2>&1 && echo -fcf-protection)
HARDEN ?= -fstack-protector-strong $(if $(filter -O0,$(OPT)),,-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2) $(CF_PROTECTION)
HARDEN_LD ?= -Wl,-z,relro,-z,now
CFLAGS_ALL = -std=c11 -D_GNU_SOURCE $(OPT) $(HARDEN) $(WARN) $(PKG_CFLAGS) $(CFLAGS) -I$(BUILD)/gen
LIBS = $(PKG_LIBS) -lbz2 -lstemmer -lm

BUILD ?= build
SRCS := $(sort $(wildcard src/*/*.c))
MAIN_SRC = src/cli/main.c
LIB_SRCS := $(filter-out $(MAIN_SRC),$(SRCS))
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/%.o)
UNIT_SRCS := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)
FUZZ_SRCS := $(sort $(wildcard tests/fuzz/fuzz_*.c))

.PHONY: all anchors textbook-era check check-sanitize bench bench-search fuzz install uninstall clean units

all: judge

judge: $(BUILD)/judge
	@if [ "$(BUILD)" = build ]; then cp -f $(BUILD)/judge judge; fi


$(BUILD)/libjudge.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

# a hash of the sources of the search module and of what parses the rules it indexes:
# part of every search index cache key, so an index cached by another build of judge is
# never taken for this one's
SRCH_SRCS := $(sort $(wildcard src/search/*.[ch] src/cr/*.[ch] src/index/*.[ch] src/text/*.[ch] src/history/carry.c))
$(BUILD)/gen/srch_code.h: $(SRCH_SRCS)
	@mkdir -p $(dir $@)
	@printf '#define SRCH_CODE_HASH "%s"\n' "$$(cat $(SRCH_SRCS) | cksum | tr ' ' -)" >$@.tmp && mv $@.tmp $@
$(BUILD)/src/search/cache.o: $(BUILD)/gen/srch_code.h

# objects are rebuilt when the flags change (a build made before the hardening flags must
# not pass for one made with them)
CFLAGS_HASH := $(shell printf '%s' "$(subst ",,$(CFLAGS_ALL))" | cksum | cut -d' ' -f1)
FLAGS_STAMP = $(BUILD)/gen/flags-$(CFLAGS_HASH)
$(FLAGS_STAMP):
	@mkdir -p $(dir $@)
	@rm -f $(BUILD)/gen/flags-*
	@touch $@

$(BUILD)/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -MMD -MP -c -o $@ $<

# The data folder a build is made for (PREFIX) is compiled into main.c alone, one object per
# folder: `make install PREFIX=…` compiles that one file and links a binary of its own, and
# neither rebuilds the library nor touches $(BUILD)/judge while tests run it.
DATADIR_HASH := $(shell printf '%s' '$(DATADIR)' | cksum | cut -d' ' -f1)
MAIN_OBJ = $(BUILD)/gen/main-$(DATADIR_HASH).o
$(MAIN_OBJ): $(MAIN_SRC) $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -DJUDGE_DATADIR='"$(DATADIR)"' -MMD -MP -c -o $@ $<

$(BUILD)/judge $(BUILD)/gen/judge-$(DATADIR_HASH): $(MAIN_OBJ) $(BUILD)/libjudge.a
	$(CC) $(CFLAGS_ALL) -o $@ $^ $(LIBS) $(HARDEN_LD) $(LDFLAGS)

$(BUILD)/tests/%: tests/unit/%.c tests/unit/t.h $(BUILD)/libjudge.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Isrc -o $@ $< $(BUILD)/libjudge.a $(LIBS) $(HARDEN_LD) $(LDFLAGS)

# each fuzz target also builds with gcc as a replay of its seeds and found corpus
REPLAY_BINS := $(FUZZ_SRCS:tests/fuzz/%.c=$(BUILD)/tests/replay_%)
$(BUILD)/tests/replay_%: tests/fuzz/%.c tests/fuzz/replay.c $(BUILD)/libjudge.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Isrc -o $@ $< tests/fuzz/replay.c $(BUILD)/libjudge.a $(LIBS) $(HARDEN_LD) $(LDFLAGS)

units: $(UNIT_BINS) $(REPLAY_BINS)

# The test suite: unit programs, golden files run through the binary, scripted tests, JOBS
# at a time (default: the number of processors). Without -j, the build before it runs a
# job per processor too.
NPROC := $(shell nproc 2>/dev/null || echo 1)
check:
	@$(MAKE) --no-print-directory $(if $(filter -j%,$(MAKEFLAGS)),,-j$(NPROC)) all units
	@$(if $(JUDGE_SANITIZED),ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 JUDGE_SANITIZED=1) \
		JUDGE=$(CURDIR)/$(BUILD)/judge UNITDIR=$(CURDIR)/$(BUILD)/tests bash tests/run

# The same suite under AddressSanitizer and UndefinedBehaviorSanitizer. The variables are
# given to the make that runs the tests, so a test that runs make (tests/scripts/install.sh)
# builds with the same flags, not over the sanitizer build with others.
SAN_VARS = BUILD=build-san HARDEN= HARDEN_LD= LDFLAGS="-fsanitize=address,undefined" \
	OPT="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
check-sanitize:
	@$(MAKE) --no-print-directory $(SAN_VARS) JUDGE_SANITIZED=1 check

# Fuzz targets (clang libFuzzer). FUZZ_SECONDS per target (FUZZ=NAME runs one); corpora
# live in tests/fuzz/corpus/. The cache target takes inputs as large as a real index (0.6-3
# MB) from a seed made afresh by tests/fuzz/cache_seed.sh; what it finds stays in
# build-fuzz/found/, not in the repository.
FUZZ_SECONDS ?= 60
FUZZ_CACHE_MAX_LEN ?= 4194304
FUZZ ?=
fuzz: all
	@$(MAKE) --no-print-directory BUILD=build-fuzz CC=clang HARDEN= HARDEN_LD= OPT="-O1 -g -fsanitize=fuzzer-no-link,address,undefined" build-fuzz/libjudge.a
	@bash tests/fuzz/cache_seed.sh $(CURDIR)/$(BUILD)/judge build-fuzz/seeds/fuzz_search_cache
	@for f in $(FUZZ_SRCS); do n=$$(basename $$f .c); \
	  case "$$n" in *"$(FUZZ)"*) ;; *) continue ;; esac; \
	  clang -std=c11 -D_GNU_SOURCE -O1 -g -fsanitize=fuzzer,address,undefined $(PKG_CFLAGS) -Isrc -o build-fuzz/$$n $$f build-fuzz/libjudge.a $(LIBS) || exit 1; \
	  mkdir -p tests/fuzz/corpus/$$n; \
	  ml=65536; dirs="tests/fuzz/corpus/$$n tests/fuzz/seeds/$$n"; \
	  if [ $$n = fuzz_search_cache ]; then ml=$(FUZZ_CACHE_MAX_LEN); mkdir -p build-fuzz/found/$$n; \
	    dirs="build-fuzz/found/$$n tests/fuzz/corpus/$$n tests/fuzz/seeds/$$n build-fuzz/seeds/$$n"; fi; \
	  echo "fuzz: $$n for $(FUZZ_SECONDS)s, inputs up to $$ml bytes"; \
	  build-fuzz/$$n -max_total_time=$(FUZZ_SECONDS) -max_len=$$ml -rss_limit_mb=4096 -timeout=10 $$dirs 2>&1 | tail -n 3 || exit 1; \
	done

# corpus/anchors.tsv: the text hashes that carry the data files' rule numbers to other
# releases (src/history/carry.c); remake it with the release the data files are written
# against, e.g. make anchors CR=../shared/cr/cr-2026-01-16.txt
anchors: all
	@[ -n "$(CR)" ] || { echo "make anchors CR=FILE: the release corpus/situations.tsv names in its '# rules:' line"; exit 2; }
	$(BUILD)/judge --rules "$(CR)" map --anchors >corpus/anchors.tsv.tmp && mv corpus/anchors.tsv.tmp corpus/anchors.tsv

# corpus/textbook-era.tsv: the rules changed in substance since the textbook's era, which
# its pages and examples are flagged with, and corpus/textbook-era-anchors.tsv, the era's
# own text hashes (what an older release still holds of it); e.g. make textbook-era
#   ERA=../shared/cr-archive/cr-2017-09-25.txt CR=../shared/cr/cr-2026-01-16.txt
textbook-era: all
	@[ -n "$(ERA)" ] && [ -n "$(CR)" ] || { echo "make textbook-era ERA=FILE CR=FILE: the release of the textbook's era, and the one the data files use"; exit 2; }
	$(BUILD)/judge --rules "$(ERA)" --rules "$(CR)" --cr "$$($(BUILD)/judge --rules "$(CR)" --json versions | sed -n 's/.*"date": *"\([0-9-]*\)".*/\1/p' | head -n 1)" \
	  map --era-changes "$$($(BUILD)/judge --rules "$(ERA)" --json versions | sed -n 's/.*"date": *"\([0-9-]*\)".*/\1/p' | head -n 1)" >corpus/textbook-era.tsv.tmp && \
	  mv corpus/textbook-era.tsv.tmp corpus/textbook-era.tsv
	$(BUILD)/judge --rules "$(ERA)" map --anchors >corpus/textbook-era-anchors.tsv.tmp && \
	  mv corpus/textbook-era-anchors.tsv.tmp corpus/textbook-era-anchors.tsv

bench: all
	@bash tests/bench/bench.sh $(CURDIR)/$(BUILD)/judge
	@bash tests/bench/bench-cards.sh $(CURDIR)/$(BUILD)/judge

bench-search: all
	@bash tests/bench/bench-search.sh $(CURDIR)/$(BUILD)/judge
	@bash tests/bench/bench-cards-search.sh $(CURDIR)/$(BUILD)/judge

install: $(BUILD)/gen/judge-$(DATADIR_HASH)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/rules $(DESTDIR)$(DATADIR)/corpus $(DESTDIR)$(DATADIR)/docs $(DESTDIR)$(MANDIR) \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BUILD)/gen/judge-$(DATADIR_HASH) $(DESTDIR)$(BINDIR)/judge
	cp -R rules/. $(DESTDIR)$(DATADIR)/rules/
	cp -R corpus/. $(DESTDIR)$(DATADIR)/corpus/
	# the documents errors and `help` point to, beside the data judge finds
	install -m 644 docs/board-format.md docs/study-format.md $(DESTDIR)$(DATADIR)/docs/
	# the man page names the data folder this build was made for
	if [ -f docs/judge.1 ]; then sed 's|/usr/local/share/judge|$(DATADIR)|g' docs/judge.1 >$(DESTDIR)$(MANDIR)/judge.1 && \
	  chmod 644 $(DESTDIR)$(MANDIR)/judge.1; fi
	if [ -f completions/judge.bash ]; then install -m 644 completions/judge.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/judge; fi
	if [ -f completions/_judge ]; then install -m 644 completions/_judge $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_judge; fi
	if [ -f completions/judge.fish ]; then install -m 644 completions/judge.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/judge.fish; fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/judge $(DESTDIR)$(MANDIR)/judge.1
	rm -f $(DESTDIR)$(PREFIX)/share/bash-completion/completions/judge \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_judge \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/judge.fish
	rm -rf $(DESTDIR)$(DATADIR)

clean:
	rm -rf build build-san build-fuzz judge

-include $(LIB_OBJS:.o=.d) $(MAIN_OBJ:.o=.d)
