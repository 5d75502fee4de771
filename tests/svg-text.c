/*
 * svg-text.c - the texts of a gnuplot SVG (svg-text.h) as boxes estimated the way a reader's
 * browser would draw them: gnuplot writes each text as <g transform="translate(X,Y) [rotate(A)]"
 * ... font-size="S" text-anchor="start|middle|end"><text>STRING</text></g>, (X, Y) on its baseline;
 * the box is CHARS x 0.55 x S wide (Arial's average advance, a little over), from S x 0.9 above the
 * baseline to S x 0.25 below (a line as a renderer's glyphs fill it, so that two lines that touch
 * in the PNG count too), placed by the anchor, turned by A about (X, Y). A lone symbol that is no
 * letter or digit (a paper's star, drawn as a text) is a mark: a point of data, checked against the
 * canvas and the texts but not against another mark (the stars are drawn as two marks, a fill and
 * its edge, and the papers' values may lie close).
 */
#define _POSIX_C_SOURCE 200809L
#include "svg-text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ADVANCE 0.55   /* a character's width, in font sizes */
#define ASCENT 0.9     /* above the baseline, in font sizes (accents, capitals) */
#define DESCENT 0.25   /* below it */
#define PI 3.14159265358979323846

/* the whole file, NUL-terminated (NULL when it does not read) */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t len = 0, cap = 1 << 16, n;
	char *buf = malloc(cap);
	while (buf && (n = fread(buf + len, 1, cap - 1 - len, f)) > 0)
		if ((len += n) + 1 == cap) {
			char *b = realloc(buf, cap *= 2);
			if (!b)
				free(buf);
			buf = b;
		}
	fclose(f);
	if (buf)
		buf[len] = '\0';
	return buf;
}

/* the number after `name="` (or name=') within the tag [s, end), or dflt */
static double attr_num(const char *s, const char *end, const char *name, double dflt)
{
	char key[48];
	snprintf(key, sizeof(key), " %s=", name);
	const char *at = strstr(s, key);
	return at && at < end ? strtod(at + strlen(key) + 1, NULL) : dflt;
}

/* the text between <text> and </text> into out, tags dropped and entities decoded; its length in
 * characters (UTF-8 code points) */
static size_t text_of(const char *s, const char *end, char *out, size_t len)
{
	static const struct { const char *ent, *ch; } ents[] = {
		{ "&amp;", "&" }, { "&lt;", "<" }, { "&gt;", ">" }, { "&quot;", "\"" }, { "&apos;", "'" },
	};
	size_t k = 0, chars = 0;
	for (int tag = 0; s < end && k + 4 < len;) {
		if (*s == '<' || *s == '>') {
			tag = *s++ == '<';
			continue;
		}
		if (tag) {
			s++;
			continue;
		}
		size_t e = 0;
		while (*s == '&' && e < sizeof(ents) / sizeof(ents[0]) && strncmp(s, ents[e].ent, strlen(ents[e].ent)))
			e++;
		if (*s == '&' && e < sizeof(ents) / sizeof(ents[0])) {
			out[k++] = ents[e].ch[0];
			s += strlen(ents[e].ent);
		} else if (*s == '&' && s[1] == '#') {   /* a numeric reference: one character */
			out[k++] = '?';
			s = strchr(s, ';') && strchr(s, ';') < end ? strchr(s, ';') + 1 : s + 1;
		} else {
			chars -= ((unsigned char)*s & 0xC0) == 0x80;   /* a UTF-8 continuation byte */
			out[k++] = *s++;
		}
		chars++;
	}
	out[k] = '\0';
	return chars;
}

/* whether s is one symbol that is no letter or digit (a mark drawn as a text) */
static int lone_symbol(const char *s, size_t chars)
{
	return chars == 1 && (unsigned char)s[0] >= 0x80;
}

/* the box of a text of `chars` characters at (x, y), turned by deg, into t: in its own frame and
 * the canvas's */
static void place(struct svg_text *t, double x, double y, double deg, const char *anchor, size_t chars)
{
	const double w = (double)chars * ADVANCE * t->size;
	t->x = x, t->y = y, t->deg = deg;
	t->u0 = !strncmp(anchor, "end", 3) ? -w : !strncmp(anchor, "middle", 6) ? -w / 2 : 0;
	t->u1 = t->u0 + w;
	t->v0 = -ASCENT * t->size, t->v1 = DESCENT * t->size;
	const double lx[4] = { t->u0, t->u1, t->u1, t->u0 }, ly[4] = { t->v0, t->v0, t->v1, t->v1 };
	const double c = cos(deg * PI / 180), s = sin(deg * PI / 180);
	t->x0 = t->y0 = INFINITY;
	t->x1 = t->y1 = -INFINITY;
	for (int i = 0; i < 4; i++) {   /* SVG's rotate: clockwise on the screen (y down) */
		const double px = x + lx[i] * c - ly[i] * s, py = y + lx[i] * s + ly[i] * c;
		t->x0 = fmin(t->x0, px), t->x1 = fmax(t->x1, px);
		t->y0 = fmin(t->y0, py), t->y1 = fmax(t->y1, py);
	}
}

/* one <g transform="translate(...)" ...> at g: its text appended to d (none: nothing); where the
 * group ends */
static const char *read_group(const char *g, struct svg_doc *d, size_t *cap)
{
	const char *tag_end = strchr(g, '>'), *close = strstr(g, "</g>"), *open = strstr(g, "<text");
	if (!tag_end || !close || !open || open > close)
		return tag_end ? tag_end : g + 1;
	const char *body = strchr(open, '>'), *stop = strstr(open, "</text>");
	if (!body || !stop)
		return close;
	struct svg_text t = { 0 };
	const size_t chars = text_of(body + 1, stop, t.text, sizeof(t.text));
	if (!t.text[strspn(t.text, " \t\n")])
		return close;   /* an empty string draws nothing */
	double x = 0, y = 0, deg = 0;
	sscanf(strstr(g, "translate(") + 10, "%lf,%lf", &x, &y);
	const char *rot = strstr(g, "rotate(");
	if (rot && rot < tag_end)
		deg = strtod(rot + 7, NULL);
	t.size = attr_num(g, tag_end, "font-size", 12);
	const char *anchor = strstr(g, "text-anchor=");
	place(&t, x, y, deg, anchor && anchor < tag_end ? anchor + 13 : "start", chars);
	t.mark = lone_symbol(t.text, chars);
	if (d->n == *cap) {
		struct svg_text *n = realloc(d->t, (*cap = *cap ? *cap * 2 : 256) * sizeof(*n));
		if (!n)
			return NULL;
		d->t = n;
	}
	d->t[d->n++] = t;
	return close;
}

int svg_texts_parse(const char *text, const char *name, struct svg_doc *d, char *err, size_t errlen)
{
	memset(d, 0, sizeof(*d));
	const char *svg = strstr(text, "<svg"), *svg_end = svg ? strchr(svg, '>') : NULL;
	if (!svg_end) {
		snprintf(err, errlen, "%s: no <svg> element", name);
		return -1;
	}
	d->width = attr_num(svg, svg_end, "width", 0);
	d->height = attr_num(svg, svg_end, "height", 0);
	const char *stop = strstr(svg, "</svg>");   /* its own texts only (a page holds several) */
	size_t cap = 0;
	for (const char *g = strstr(svg, "<g transform=\"translate("); g && (!stop || g < stop);
	     g = strstr(g, "<g transform=\"translate("))
		if (!(g = read_group(g, d, &cap))) {
			snprintf(err, errlen, "%s: out of memory", name);
			svg_doc_free(d);
			return -1;
		}
	if (!(d->width > 0 && d->height > 0)) {
		snprintf(err, errlen, "%s: the <svg> element gives no width and height", name);
		svg_doc_free(d);
		return -1;
	}
	return 0;
}

int svg_texts_read(const char *path, struct svg_doc *d, char *err, size_t errlen)
{
	char *buf = slurp(path);
	if (!buf) {
		memset(d, 0, sizeof(*d));
		snprintf(err, errlen, "%s: cannot read it", path);
		return -1;
	}
	const int rc = svg_texts_parse(buf, path, d, err, errlen);
	free(buf);
	return rc;
}

void svg_doc_free(struct svg_doc *d)
{
	free(d->t);
	memset(d, 0, sizeof(*d));
}

static void say(svg_problem_fn fn, void *arg, const char *fmt, const struct svg_text *a, const struct svg_text *b)
{
	char msg[640];
	if (!fn)
		return;
	if (b)
		snprintf(msg, sizeof(msg), fmt, a->text, a->x0, a->y0, b->text, b->x0, b->y0);
	else
		snprintf(msg, sizeof(msg), fmt, a->text, a->x0, a->y0, a->x1, a->y1);
	fn(arg, msg);
}

/* whether a and b overlap by more than tol both ways: in their own frame where both are turned
 * alike (tick labels at a slant), else their boxes on the canvas */
static int overlap(const struct svg_text *a, const struct svg_text *b, double tol)
{
	if (fabs(a->deg - b->deg) > 0.01)
		return fmin(a->x1, b->x1) - fmax(a->x0, b->x0) > tol && fmin(a->y1, b->y1) - fmax(a->y0, b->y0) > tol;
	const double c = cos(a->deg * PI / 180), s = sin(a->deg * PI / 180), dx = b->x - a->x, dy = b->y - a->y;
	const double u = dx * c + dy * s, v = -dx * s + dy * c;   /* b's anchor in a's frame */
	return fmin(a->u1, u + b->u1) - fmax(a->u0, u + b->u0) > tol &&
	       fmin(a->v1, v + b->v1) - fmax(a->v0, v + b->v0) > tol;
}

size_t svg_layout_problems(const struct svg_doc *d, double tol, svg_problem_fn fn, void *arg)
{
	size_t n = 0;
	for (size_t i = 0; i < d->n; i++) {
		const struct svg_text *a = &d->t[i];
		if (a->x0 < -tol || a->y0 < -tol || a->x1 > d->width + tol || a->y1 > d->height + tol) {
			n++;
			say(fn, arg, "\"%s\" leaves the canvas (its box %.0f,%.0f to %.0f,%.0f)", a, NULL);
		}
		for (size_t j = i + 1; j < d->n; j++) {
			const struct svg_text *b = &d->t[j];
			if (a->mark && b->mark)
				continue;
			if (overlap(a, b, tol)) {
				n++;
				say(fn, arg, "\"%s\" (at %.0f,%.0f) overlaps \"%s\" (at %.0f,%.0f)", a, b);
			}
		}
	}
	return n;
}

const struct svg_text *svg_text_largest(const struct svg_doc *d)
{
	const struct svg_text *best = NULL;
	for (size_t i = 0; i < d->n; i++)
		if (!d->t[i].mark && (!best || d->t[i].size > best->size))
			best = &d->t[i];
	return best;
}
