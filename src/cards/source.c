/* source.c — the bytes of a card file, decompressed in-process (zlib, liblzma, libbz2) when its
 * first bytes say gzip, xz, bzip2 or zip (MTGJSON offers AtomicCards.json.zip too): no child
 * process to manage, and errors that name the file. */
#include "cards_int.h"

#include <bzlib.h>
#include <errno.h>
#include <fcntl.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "../base/mem.h"
#include "../base/safefile.h"

#define RAW_CHUNK (1u << 17)

struct csrc {
	int fd;                     /* -1 when reading memory */
	const unsigned char *mem;
	size_t memlen, memoff;
	enum csrc_kind kind;
	unsigned char *raw;         /* compressed input buffer */
	size_t rawlen, rawoff;
	bool raw_eof;
	uint64_t raw_total;         /* compressed bytes read, for error messages */
	bool done;
	z_stream z;
	lzma_stream x;
	bz_stream b;
	bool inited;
	bool zip_stored;            /* a zip member kept as is: zip_left bytes follow */
	uint64_t zip_left;
};

static ssize_t
raw_read(struct csrc *s, unsigned char *buf, size_t n)
{
	if (s->fd < 0) {
		size_t k = s->memlen - s->memoff;
		if (k > n)
			k = n;
		memcpy(buf, s->mem + s->memoff, k);
		s->memoff += k;
		return (ssize_t)k;
	}
	for (;;) {
		ssize_t r = read(s->fd, buf, n);
		if (r < 0 && errno == EINTR)
			continue;
		return r;
	}
}

/* Refill the compressed buffer when it is empty. -1 on a read error. */
static int
raw_fill(struct csrc *s, struct sbuf *err)
{
	if (s->rawoff < s->rawlen || s->raw_eof)
		return 0;
	ssize_t r = raw_read(s, s->raw, RAW_CHUNK);
	if (r < 0) {
		sbuf_addf(err, "read error: %s", strerror(errno));
		return -1;
	}
	s->rawlen = (size_t)r;
	s->rawoff = 0;
	s->raw_total += (uint64_t)r;
	if (r == 0)
		s->raw_eof = true;
	return 0;
}

/* Read on into raw until it holds want bytes (at most RAW_CHUNK) or the file ends: the start
 * of the file, kept there for the decoder. */
static void
raw_keep(struct csrc *s, size_t want)
{
	while (s->rawlen < want && s->rawlen < RAW_CHUNK && !s->raw_eof) {
		ssize_t r = raw_read(s, s->raw + s->rawlen, RAW_CHUNK - s->rawlen);
		if (r <= 0) {
			s->raw_eof = true;
			break;
		}
		s->rawlen += (size_t)r;
		s->raw_total += (uint64_t)r;
	}
}

static void
detect(struct csrc *s)
{
	/* the first bytes are read into raw and stay there for the decoder */
	raw_keep(s, 6);
	const unsigned char *p = s->raw;
	if (s->rawlen >= 2 && p[0] == 0x1f && p[1] == 0x8b)
		s->kind = CS_GZIP;
	else if (s->rawlen >= 6 && memcmp(p, "\xfd" "7zXZ\0", 6) == 0)
		s->kind = CS_XZ;
	else if (s->rawlen >= 3 && memcmp(p, "BZh", 3) == 0)
		s->kind = CS_BZIP2;
	else if (s->rawlen >= 4 && memcmp(p, "PK\3\4", 4) == 0)
		s->kind = CS_ZIP;
	else
		s->kind = CS_PLAIN;
}

static struct csrc *
csrc_new(void)
{
	struct csrc *s = xcalloc(1, sizeof *s);
	s->fd = -1;
	s->raw = xmalloc(RAW_CHUNK);
	return s;
}

struct csrc *
csrc_open_file(const char *path, struct sbuf *err)
{
	/* a card file is large but never this large; a FIFO or /dev/zero is refused, not read */
	int fd = sfile_open(path, (size_t)16 << 30);
	if (fd < 0) {
		sbuf_addf(err, "cannot open: %s", sfile_strerror(errno));
		return NULL;
	}
	struct csrc *s = csrc_new();
	s->fd = fd;
	detect(s);
	return s;
}

struct csrc *
csrc_open_mem(const void *data, size_t len)
{
	struct csrc *s = csrc_new();
	s->mem = data;
	s->memlen = len;
	detect(s);
	return s;
}

enum csrc_kind
csrc_kind(const struct csrc *s)
{
	return s->kind;
}

const char *
csrc_kind_name(enum csrc_kind k)
{
	switch (k) {
	case CS_GZIP: return "gzip";
	case CS_XZ: return "xz";
	case CS_BZIP2: return "bzip2";
	case CS_ZIP: return "zip";
	default: return "plain";
	}
}

static unsigned
le16(const unsigned char *p)
{
	return (unsigned)p[0] | (unsigned)p[1] << 8;
}

/* A zip archive: read its first member's local header (30 bytes, then the member's name and
 * an extra field) and start on its data, deflated (raw deflate, no sizes needed) or stored. */
static int
zip_member(struct csrc *s, struct sbuf *err)
{
	raw_keep(s, 30);
	const unsigned char *h = s->raw;
	size_t skip = s->rawlen >= 30 ? 30 + le16(h + 26) + le16(h + 28) : 0;
	if (skip)
		raw_keep(s, skip);
	if (!skip || s->rawlen < skip) {
		sbuf_adds(err, "the zip archive ends inside its first header: the download is incomplete");
		return -1;
	}
	unsigned flags = le16(h + 6), method = le16(h + 8);
	uint32_t csize = (uint32_t)h[18] | (uint32_t)h[19] << 8 | (uint32_t)h[20] << 16 | (uint32_t)h[21] << 24;
	if (flags & 1) {
		sbuf_adds(err, "the zip archive is encrypted; unzip it and import the .json file");
		return -1;
	}
	s->rawoff = skip;
	if (method == 8) {
		if (inflateInit2(&s->z, -15) != Z_OK) {
			sbuf_adds(err, "cannot start the zip (deflate) decoder");
			return -1;
		}
		return 0;
	}
	if (method == 0 && !(flags & 8) && csize != 0xffffffffu) {
		s->zip_stored = true;
		s->zip_left = csize;
		return 0;
	}
	sbuf_addf(err, "the zip archive's first member is compressed with method %u, which judge does not read; unzip it and import the .json file", method);
	return -1;
}

static int
init_decoder(struct csrc *s, struct sbuf *err)
{
	s->inited = true;
	switch (s->kind) {
	case CS_GZIP:
		/* 15 + 32: gzip or zlib header, detected */
		if (inflateInit2(&s->z, 15 + 32) != Z_OK) {
			sbuf_adds(err, "cannot start the gzip decoder");
			return -1;
		}
		break;
	case CS_XZ: {
		lzma_stream init = LZMA_STREAM_INIT;
		s->x = init;
		if (lzma_stream_decoder(&s->x, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK) {
			sbuf_adds(err, "cannot start the xz decoder");
			return -1;
		}
		break;
	}
	case CS_BZIP2:
		if (BZ2_bzDecompressInit(&s->b, 0, 0) != BZ_OK) {
			sbuf_adds(err, "cannot start the bzip2 decoder");
			return -1;
		}
		break;
	case CS_ZIP:
		return zip_member(s, err);
	default:
		break;
	}
	return 0;
}

ssize_t
csrc_read(struct csrc *s, unsigned char *out, size_t cap, struct sbuf *err)
{
	if (s->done || cap == 0)
		return 0;
	if (!s->inited && init_decoder(s, err) != 0)
		return -1;
	if (s->kind == CS_PLAIN) {
		if (s->rawoff < s->rawlen) {
			size_t k = s->rawlen - s->rawoff;
			if (k > cap)
				k = cap;
			memcpy(out, s->raw + s->rawoff, k);
			s->rawoff += k;
			return (ssize_t)k;
		}
		ssize_t r = raw_read(s, out, cap);
		if (r < 0) {
			sbuf_addf(err, "read error: %s", strerror(errno));
			return -1;
		}
		if (r == 0)
			s->done = true;
		return r;
	}
	if (s->zip_stored) {
		if (s->zip_left == 0) {
			s->done = true;
			return 0;
		}
		if (raw_fill(s, err) != 0)
			return -1;
		size_t k = s->rawlen - s->rawoff;
		if (k == 0) {
			sbuf_addf(err, "the zip data ends early (after %llu bytes): the download is incomplete",
			    (unsigned long long)s->raw_total);
			return -1;
		}
		if (k > cap)
			k = cap;
		if (k > s->zip_left)
			k = (size_t)s->zip_left;
		memcpy(out, s->raw + s->rawoff, k);
		s->rawoff += k;
		s->zip_left -= k;
		return (ssize_t)k;
	}
	size_t produced = 0;
	while (produced == 0) {
		if (raw_fill(s, err) != 0)
			return -1;
		size_t avail = s->rawlen - s->rawoff;
		unsigned char *in = s->raw + s->rawoff;
		size_t used = 0;
		if (s->kind == CS_GZIP || s->kind == CS_ZIP) {
			if (avail == 0 && s->raw_eof) {
				sbuf_addf(err, "the %s data ends early (after %llu compressed bytes): the download is incomplete",
				    csrc_kind_name(s->kind), (unsigned long long)s->raw_total);
				return -1;
			}
			s->z.next_in = in;
			s->z.avail_in = (uInt)avail;
			s->z.next_out = out;
			s->z.avail_out = (uInt)cap;
			int zr = inflate(&s->z, Z_NO_FLUSH);
			used = avail - s->z.avail_in;
			produced = cap - s->z.avail_out;
			if (zr == Z_STREAM_END && s->kind == CS_ZIP) {
				/* the first member is the card file; what follows is the archive's index */
				s->rawoff += used;
				s->done = true;
				return (ssize_t)produced;
			}
			if (zr == Z_STREAM_END) {
				s->rawoff += used;
				/* another gzip member may follow (concatenated files) */
				if (raw_fill(s, err) != 0)
					return -1;
				if (s->rawoff < s->rawlen && s->raw[s->rawoff] == 0x1f)
					inflateReset(&s->z);
				else {
					s->done = true;
					return (ssize_t)produced;
				}
				continue;
			}
			if (zr != Z_OK && zr != Z_BUF_ERROR) {
				sbuf_addf(err, "damaged %s data near compressed byte %llu: %s", csrc_kind_name(s->kind),
				    (unsigned long long)(s->raw_total - (avail - used)), s->z.msg ? s->z.msg : "inflate failed");
				return -1;
			}
		} else if (s->kind == CS_XZ) {
			s->x.next_in = in;
			s->x.avail_in = avail;
			s->x.next_out = out;
			s->x.avail_out = cap;
			lzma_ret xr = lzma_code(&s->x, s->raw_eof && avail == 0 ? LZMA_FINISH : LZMA_RUN);
			used = avail - s->x.avail_in;
			produced = cap - s->x.avail_out;
			if (xr == LZMA_STREAM_END) {
				s->rawoff += used;
				s->done = true;
				return (ssize_t)produced;
			}
			if (xr != LZMA_OK && xr != LZMA_BUF_ERROR) {
				sbuf_addf(err, "damaged xz data near compressed byte %llu (liblzma error %d)",
				    (unsigned long long)(s->raw_total - (avail - used)), (int)xr);
				return -1;
			}
			if (xr == LZMA_BUF_ERROR && produced == 0) {
				sbuf_addf(err, "the xz data ends early (after %llu compressed bytes): the download is incomplete",
				    (unsigned long long)s->raw_total);
				return -1;
			}
		} else {
			if (avail == 0 && s->raw_eof) {
				sbuf_addf(err, "the bzip2 data ends early (after %llu compressed bytes): the download is incomplete",
				    (unsigned long long)s->raw_total);
				return -1;
			}
			s->b.next_in = (char *)in;
			s->b.avail_in = (unsigned)avail;
			s->b.next_out = (char *)out;
			s->b.avail_out = (unsigned)cap;
			int br = BZ2_bzDecompress(&s->b);
			used = avail - s->b.avail_in;
			produced = cap - s->b.avail_out;
			if (br == BZ_STREAM_END) {
				s->rawoff += used;
				if (raw_fill(s, err) != 0)
					return -1;
				if (s->rawoff < s->rawlen && s->raw[s->rawoff] == 'B') {
					BZ2_bzDecompressEnd(&s->b);
					memset(&s->b, 0, sizeof s->b);
					if (BZ2_bzDecompressInit(&s->b, 0, 0) != BZ_OK) {
						sbuf_adds(err, "cannot restart the bzip2 decoder");
						return -1;
					}
				} else {
					s->done = true;
					return (ssize_t)produced;
				}
				continue;
			}
			if (br != BZ_OK) {
				sbuf_addf(err, "damaged bzip2 data near compressed byte %llu (libbz2 error %d)",
				    (unsigned long long)(s->raw_total - (avail - used)), br);
				return -1;
			}
		}
		s->rawoff += used;
		if (produced == 0 && used == 0 && s->raw_eof && s->rawoff >= s->rawlen) {
			sbuf_addf(err, "the %s data ends early: the download is incomplete", csrc_kind_name(s->kind));
			return -1;
		}
	}
	return (ssize_t)produced;
}

void
csrc_close(struct csrc *s)
{
	if (!s)
		return;
	if (s->inited) {
		if (s->kind == CS_GZIP || (s->kind == CS_ZIP && !s->zip_stored))
			inflateEnd(&s->z);
		else if (s->kind == CS_XZ)
			lzma_end(&s->x);
		else if (s->kind == CS_BZIP2)
			BZ2_bzDecompressEnd(&s->b);
	}
	if (s->fd >= 0)
		close(s->fd);
	free(s->raw);
	free(s);
}
