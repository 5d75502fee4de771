/*
 * render-protocol.c - what a target's outputs say about how their numbers were measured, all of it
 * from the run itself: the protocol sentence of each meta.csv invocation whose rows (or ceilings)
 * the target used, quoted as the runner wrote it in the tables' footer ("Protocol: ..."; several
 * that differ: "mixed protocols", each), in the figures' .vars whole and, in a few words, in their
 * footer line (with the run: figure_heads in render.c); what a throttled row means in the run
 * CSV it came from (NVML clock-event reasons where the CSV has clock_reasons, the older 75 % clock
 * rule where it has not); the rows' board power, energy and
 * clock-event reasons (columns the runner writes; NA, and a footer line, in runs before them); and
 * the ceilings the roofs stand on (ceilings.csv's basis: sustained, or burst in runs before it),
 * with a ceiling's sustained clock and power and its burst value beside (render-int.h); and the
 * sentences a target used, for make compare to weigh. Low among the renderer's files (it calls
 * only plots/records/stale.c, with a row's method: tests/floors.sh), it also holds the reading and writing
 * of a number every file uses (rec_num, render_fmt).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render-int.h"

/* the distinct protocols one target can name */
#define MAX_PROTOCOLS 16

/* the footer's fixed lines: what a throttled row means, by the rule its run CSV followed */
static const char thr_nvml_note[] =
	"throttled N/M: N of the row's M kept samples carried an NVML thermal or hardware-slowdown "
	"clock-event reason (after the runner's retakes; the power cap alone does not count); the rate is "
	"shown but is not an unthrottled result. The CSV carries throttled (0/1), throttled_samples, "
	"samples, clock_reasons and the SM clock columns.";
static const char thr_clock_note[] =
	"throttled N/M: N of the row's M timed samples ran below 75 % of the GPU's maximum SM clock (the "
	"rule of runs before NVML clock-event reasons, after the runner's retakes); the rate is shown but "
	"is not a full-clock result. The CSV carries throttled (0/1), throttled_samples, samples and the SM "
	"clock columns.";
static const char no_power_note[] = "power and energy: not recorded by this run (it predates them)";
static const char counter_note[] = "board W and nJ / point-step: the GPU's energy counter over the last 0.75 s of "
				   "each row's own warm-up (back-to-back launches at steady state; read at the counter's "
				   "own updates, or in runs before f9496d6 its slope at the warm-up's batches), gross: the "
				   "board's idle power included, nJ over the warm-up's launches (not the median time); a "
				   "row without it, the power NVML sampled during its samples times its median time";
static const char counter_na_note[] = "energy counter: NA on rows whose GPU or driver has none, or whose warm-up "
				      "was too short for its window (QUICK): their board W and nJ / point-step are "
				      "the power NVML sampled during their samples";
static const char burst_note[] = "roofs: burst ceilings (best of 10 launches; the run predates sustained ceilings)";

/* ---- a number of a CSV row, read and written (every file of the renderer's; this one is the
 * lowest: it calls none of the others) ---- */

void render_fmt(char *b, size_t n, double v, int dec)
{
	if (isfinite(v))
		snprintf(b, n, "%.*f", dec, v);
	else
		snprintf(b, n, "NA");
}

void rd_fmt_power(char *w, char *nj, size_t n, double power, double energy)
{
	render_fmt(w, n, power, 0);
	render_fmt(nj, n, energy, 3);
}

/* a formatted string in fresh memory (NULL when there is none) */
static char *fmt_dup(const char *fmt, ...)
{
	va_list ap, aq;
	va_start(ap, fmt);
	va_copy(aq, ap);
	const int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (s)
		vsnprintf(s, (size_t)n + 1, fmt, aq);
	va_end(aq);
	return s;
}

/* ---- the protocol lines ---- */

/* the distinct protocols the target used, in meta.csv's order, then the rows meta.csv does not
 * name; the unknown one's text into unk */
static size_t protocols(const struct render_ctx *c, const char **s, char *unk, size_t unklen)
{
	size_t n = 0;
	for (size_t k = 0; c->run.inv_used && k < c->run.nmeta; k++) {
		const char *p = c->run.meta[k].protocol && *c->run.meta[k].protocol ? c->run.meta[k].protocol :
				"not recorded (its meta.csv row has no protocol)";
		size_t j = 0;
		while (j < n && strcmp(s[j], p))
			j++;
		if (c->run.inv_used[k] && j == n && n < MAX_PROTOCOLS)
			s[n++] = p;
	}
	if (c->run.inv_unknown && n < MAX_PROTOCOLS) {
		snprintf(unk, unklen, "not recorded (meta.csv has no row for invocation %s%s)", c->run.inv_unknown_id,
			 c->run.inv_unknown > 1 ? " and others" : "");
		s[n++] = unk;
	}
	return n;
}

/* the footer's protocol lines into lines (each a malloc'd string, freed by the caller): one
 * "Protocol: S", or with several the words "mixed protocols" and each; how many */
static size_t protocol_lines(const struct render_ctx *c, char **lines, size_t max)
{
	const char *s[MAX_PROTOCOLS];
	char unk[160];
	const size_t n = c->run.rundir[0] ? protocols(c, s, unk, sizeof(unk)) : 0;
	size_t k = 0;
	if (n == 1 && max > 0)
		lines[k++] = fmt_dup("Protocol: %s", s[0]);
	if (n > 1 && max > 0)
		lines[k++] = fmt_dup("Protocol: mixed protocols: the numbers used here were measured by invocations "
				     "under %zu different ones:", n);
	for (size_t i = 0; n > 1 && i < n && k < max; i++)
		lines[k++] = fmt_dup("Protocol %zu of %zu: %s", i + 1, n, s[i]);
	return k;
}

static int by_text(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* render.h */
size_t render_protocols(const struct render_ctx *c, int ceilings, char *out, size_t len)
{
	const char *s[MAX_PROTOCOLS];
	char unk[160];
	size_t n = 0, k = 0;
	if (!ceilings && c->run.rundir[0])
		n = protocols(c, s, unk, sizeof(unk));
	if (n && s[n - 1] == unk)   /* the invocation meta.csv lacks is no part of how it was measured */
		s[n - 1] = "not recorded";
	for (size_t i = 0; ceilings && i < c->run.nmeta && n < MAX_PROTOCOLS; i++) {
		size_t j = 0;
		while (j < n && strcmp(s[j], c->run.meta[i].protocol ? c->run.meta[i].protocol : ""))
			j++;
		if (c->run.meta[i].ceilings && j == n)
			s[n++] = c->run.meta[i].protocol && *c->run.meta[i].protocol ? c->run.meta[i].protocol : "not recorded";
	}
	qsort(s, n, sizeof(s[0]), by_text);
	out[0] = '\0';
	for (size_t i = 0; i < n && k < len; i++)
		k += (size_t)snprintf(out + k, len - k, "%s%s", i ? "\n" : "", s[i]);
	return n;
}

/* the roofs' line: the basis column of the run's ceilings.csv (absent: burst, an older run) */
static void roofs_note(const struct render_ctx *c, struct md_table *md)
{
	const struct csv_table *t = &c->run.ceil;
	if (!c->run.have_ceil || csv_table_col(t, "basis") < 0) {
		md_note(md, burst_note);
		return;
	}
	char other[512] = "", after[64] = "";
	double w = NAN;
	int same = 1;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *b = csv_table_get(t, r, "basis");
		const double v = rec_num(t, (long)r, "warmup_s");
		if (strcmp(b, "sustained")) {
			snprintf(other + strlen(other), sizeof(other) - strlen(other), "%s%s (%s)", other[0] ? ", " : "",
				 csv_table_get(t, r, "quantity"), *b ? b : "no basis");
			continue;
		}
		char x[32], y[32];
		snprintf(x, sizeof(x), "%.2g", v);
		snprintf(y, sizeof(y), "%.2g", w);
		same &= isnan(w) || !strcmp(x, y);
		w = v;
	}
	if (same && isfinite(w))
		snprintf(after, sizeof(after), "after %.2g s", w);
	else
		snprintf(after, sizeof(after), "after its own warm-up, warmup_s in ceilings.csv");
	char note[1024];
	snprintf(note, sizeof(note), "roofs: sustained ceilings (median %s of each microbenchmark)%s%s", after,
		 other[0] ? "; not sustained: " : "", other);
	md_note(md, note);
}

/* the check's note: the counter over the kept samples (their L2 evictions and write-backs
 * included) against it over the warm-up's window, on the rows where the samples spanned 5 updates */
static void check_note(const struct render_ctx *c, struct md_table *md)
{
	double r[NELEM(c->run.check_ratio)];
	char note[400];
	memcpy(r, c->run.check_ratio, sizeof(r));
	const int n = c->run.ncheck;
	const double med = rec_median(r, (size_t)n), lo = r[0], hi = r[n - 1];   /* r sorted: its ends the range */
	snprintf(note, sizeof(note), "check: the energy counter over the kept samples (their L2 evictions and "
		 "write-backs included), on the %d row%s whose samples spanned %d of its updates or more: its power "
		 "over the warm-up window's, median %.3f (%.3f-%.3f)", c->run.ncheck, c->run.ncheck == 1 ? "" : "s",
		 5 /* profiling/protocol.h: PROTOCOL_CHECK_UPDATES */,
		 med, lo, hi);
	md_note(md, note);
}

void rd_protocol_notes(const struct render_ctx *c, struct md_table *md)
{
	if (c->run.thr_nvml)
		md_note(md, thr_nvml_note);
	if (c->run.thr_clock)
		md_note(md, thr_clock_note);
	if (c->run.rundir[0] && c->run.no_power)
		md_note(md, no_power_note);
	if (c->run.rundir[0] && c->run.counter_energy)
		md_note(md, counter_note);
	if (c->run.rundir[0] && c->run.counter_na)
		md_note(md, counter_na_note);
	if (c->run.rundir[0] && c->run.ncheck)
		check_note(c, md);
	if (c->run.rundir[0] && c->run.roofs)
		roofs_note(c, md);
	char *lines[MAX_PROTOCOLS + 1];
	const size_t n = protocol_lines(c, lines, NELEM(lines));
	for (size_t i = 0; i < n; i++) {
		if (lines[i])
			md_note(md, lines[i]);
		free(lines[i]);
	}
}

/* name = 'line'."\n".'line' ... as gnuplot loads it: each newline of s a line break */
static void gp_lines(FILE *f, const char *name, const char *s)
{
	fprintf(f, "%s = '", name);
	for (; *s; s++) {
		if (*s == '\n')
			fputs("'.\"\\n\".'", f);
		else if (*s == '\'')
			fputs("''", f);
		else
			fputc(*s, f);
	}
	fputs("'\n", f);
}

/* the end of a clause: its first of these, or its end */
static size_t clause_cut(const char *p, size_t n, const char *const *stops, size_t nstops)
{
	size_t cut = n;
	for (size_t i = 0; i < nstops; i++) {
		const char *at = strstr(p, stops[i]);
		if (at && (size_t)(at - p) < cut)
			cut = (size_t)(at - p);
	}
	return cut;
}

/* a protocol sentence in a few words, for a figure's footer: its first two clauses (';' apart),
 * each to its first ", after", " until" or ", then" (how long the warm-up, how many samples), and a
 * clause that makes an EXCEPTion, to its first comma ("warm-up 1.00 s of each row's own kernel;
 * samples >= 10") */
static void protocol_short(const char *p, char *b, size_t len)
{
	static const char *const stops[] = { ", after ", " until ", ", then " }, *const except[] = { "," };
	size_t used = 0;
	b[0] = '\0';
	for (int k = 0; *p && used + 1 < len; k++) {
		const size_t n = strcspn(p, ";");
		char clause[512];
		snprintf(clause, sizeof(clause), "%.*s", (int)n, p);
		const int exc = !strncmp(clause, "EXCEPT", 6);
		if (k < 2 || exc)
			used += (size_t)snprintf(b + used, len - used, "%s%.*s", used ? "; " : "",
						 (int)clause_cut(clause, strlen(clause), exc ? except : stops, exc ? 1 : 3),
						 clause);
		p += n + (p[n] == ';');
		p += strspn(p, " ");
	}
}

/* the footer's end: "protocol: SHORT (in full: NAME.md)", shorter by level: 1 without the
 * pointer, 2 "protocol: see NAME.md"; where the target used several "mixed protocols (its rows'
 * invocations differ): see NAME.md"; none without a run */
static void footer_protocol(const struct render_ctx *c, const char *name, int level, char *b, size_t len)
{
	const char *s[MAX_PROTOCOLS];
	char unk[160], sh[512];
	const size_t n = c->run.rundir[0] ? protocols(c, s, unk, sizeof(unk)) : 0;
	b[0] = '\0';
	if (n == 1 && level < 2) {
		protocol_short(s[0], sh, sizeof(sh));
		snprintf(b, len, "; protocol: %s", sh);
		if (!level)
			snprintf(b + strlen(b), len - strlen(b), " (in full: %s.md)", name);
	} else if (n)
		snprintf(b, len, "; %s: see %s.md", n > 1 ? "mixed protocols (its rows' invocations differ)" : "protocol", name);
}

/* .vars' footer: one line under the plot, at most RENDER_FOOTER_MAX characters: the run (footer_run), its
 * staleness and the protocol in short; where that is longer, shorter by level (footer_protocol's,
 * then the staleness named only) */
static void footer_line(const struct render_ctx *c, const char *name, char *b, size_t len)
{
	char proto[640], stale[640];
	snprintf(stale, sizeof(stale), "%s%s", c->run.stale_text[0] ? ", " : "", c->run.stale_text);
	for (int level = 0; level < 4; level++) {
		footer_protocol(c, name, level < 3 ? level : 2, proto, sizeof(proto));
		if (level == 3 && c->run.stale_text[0])
			snprintf(stale, sizeof(stale), ", %s: see %s.md", strncmp(c->run.stale_text, "stale", 5) ? "staleness" :
				 "stale", name);
		snprintf(b, len, "%s%s%s", c->footer_run, stale, proto);
		if (strlen(b) <= RENDER_FOOTER_MAX)
			return;
	}
}

void rd_protocol_vars(const struct render_ctx *c, FILE *f, const char *name)
{
	char *lines[MAX_PROTOCOLS + 1], footer[2048];
	const size_t n = protocol_lines(c, lines, NELEM(lines)), cap = 16384;
	char *exact = calloc(1, cap);
	for (size_t i = 0; i < n && exact; i++)
		if (lines[i])
			snprintf(exact + strlen(exact), cap - strlen(exact), "%s%s", i ? "\n" : "", lines[i]);
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	gp_lines(f, "title", c->short_title);
	gp_lines(f, "title_gpu", c->title_gpu);
	gp_lines(f, "protocol", exact ? exact : "");
	footer_line(c, name, footer, sizeof(footer));
	gp_lines(f, "footer", footer);
	free(exact);
}

/* ---- a ceiling's sustained clock and power, its burst value ---- */

void rd_ceiling_detail(const struct render_ctx *c, const char *quantity, char *b, size_t n)
{
	const long r = rec_ceiling_row(&c->run, quantity);
	if (r < 0) {
		snprintf(b, n, "NA");
		return;
	}
	if (csv_table_col(&c->run.ceil, "basis") < 0) {
		snprintf(b, n, "burst");   /* the roofs' line says the run predates sustained ones */
		return;
	}
	char clk[32], pw[32], burst[32];
	render_fmt(clk, sizeof(clk), rec_num(&c->run.ceil, r, "sm_clock_mhz"), 0);
	render_fmt(pw, sizeof(pw), rec_num(&c->run.ceil, r, "power_w"), 0);
	snprintf(burst, sizeof(burst), "%.4g", rec_num(&c->run.ceil, r, "burst_value"));
	snprintf(b, n, "%s at %s MHz, %s W; burst %s", csv_table_get(&c->run.ceil, (size_t)r, "basis"), clk, pw,
		 isfinite(rec_num(&c->run.ceil, r, "burst_value")) ? burst : "NA");
}

void rd_ceilings_note(const struct render_ctx *c, struct md_table *md, const char *const *keys, size_t n)
{
	char note[2048];
	int k = snprintf(note, sizeof(note), "Ceilings under the roofs (this run's ceilings.csv):"), first = 1;
	for (size_t i = 0; c->run.rundir[0] && i < n && k < (int)sizeof(note); i++) {
		const struct hw_row *row = NULL;
		int seen = 0;
		for (size_t j = 0; j < i; j++)
			seen |= !strcmp(keys[j], keys[i]);
		if (seen || isnan(hw_get(&c->run.hw, keys[i], &row)) || !row)
			continue;
		char d[160];
		rd_ceiling_detail(c, row->quantity, d, sizeof(d));
		k += snprintf(note + k, sizeof(note) - (size_t)k, "%s %s %.4g %s (%s)", first ? "" : ";", row->quantity,
			      row->value, row->unit, d);
		first = 0;
	}
	if (c->run.rundir[0])
		md_note(md, note);
}
