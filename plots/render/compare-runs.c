/*
 * compare-runs.c - make compare's driver: each run rendered on its own, every target that two or
 * more runs hold joined side by side (compare.c), the runs' ceilings beside each other, the
 * figures' gnuplot variables and the index (plots/render/compare.h). Used by `make compare RUNS="a b"`.
 */
#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render.h"
#include "report.h"

/* the protocol sentences of one run's rows, one a line; a banner of them */
#define PROTO_LEN 4096
/* the words of one run's sentences weighed against another's */
#define DIFF_WORDS 256

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s && s[1] ? s + 1 : path;
}

/* whether run dir holds the CSV of every input of ts (claims: the verdicts read what there is) */
static int holds(const char *dir, const struct target_spec *ts)
{
	char in[sizeof(ts->inputs)], path[1024];
	struct stat st;
	snprintf(in, sizeof(in), "%s", ts->inputs);
	for (char *save = NULL, *w = strtok_r(in, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		if (!strcmp(w, "claims"))
			continue;
		snprintf(path, sizeof(path), "%s/%s.csv", dir, w);
		if (stat(path, &st) != 0)
			return 0;
	}
	return 1;
}

/* "H200 (data/runs/x, commit 923fd86) vs H100 (...)" for the runs of sel, each with its staleness */
static void runs_text(char *b, size_t len, const struct cmp_run *r, size_t n)
{
	b[0] = '\0';
	for (size_t k = 0; k < n; k++)
		snprintf(b + strlen(b), len - strlen(b), "%s%s (%s, commit %s%s)", k ? " vs " : "", r[k].label, r[k].dir,
			 r[k].commits, r[k].stale);
}

/* the words of s (split in place on spaces and newlines, a run's several sentences joined by "|"):
 * how many, at most max */
static size_t split_words(char *s, char **w, size_t max)
{
	size_t n = 0;
	for (char *save = NULL, *t = strtok_r(s, " \n", &save); t && n < max; t = strtok_r(NULL, " \n", &save))
		w[n++] = t;
	return n;
}

/* in[i] 1 for the words of a (in[na + j] of b) in a longest common sequence of their words */
static void common_words(char **a, size_t na, char **b, size_t nb, int *in)
{
	static unsigned short L[DIFF_WORDS + 1][DIFF_WORDS + 1];
	for (size_t i = na + 1; i-- > 0;)
		for (size_t j = nb + 1; j-- > 0;)
			L[i][j] = i == na || j == nb ? 0 : !strcmp(a[i], b[j]) ? L[i + 1][j + 1] + 1 :
				  L[i + 1][j] > L[i][j + 1] ? L[i + 1][j] : L[i][j + 1];
	memset(in, 0, (na + nb) * sizeof(*in));
	for (size_t i = 0, j = 0; i < na && j < nb;) {
		if (!strcmp(a[i], b[j]) && L[i][j] == L[i + 1][j + 1] + 1)
			in[i++] = in[na + j++] = 1;
		else if (L[i + 1][j] >= L[i][j + 1])
			i++;
		else
			j++;
	}
}

/* the words of w not shared (in[i] 0), each stretch of them, with "..." where shared words stand
 * (fewer than three shared between two stretches are shown, the stretches read as one) */
static void own_words(char **w, size_t n, int *in, char *out, size_t len)
{
	size_t k = 0;
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i; j < n && in[j] == in[i]; j++)
			;
		if (in[i] && i > 0 && j < n && j - i < 3)
			memset(in + i, 0, (j - i) * sizeof(*in));
	}
	out[0] = '\0';
	for (size_t i = 0; i < n && k < len; i++) {
		if (in[i] && (i == 0 || !in[i - 1]))
			k += (size_t)snprintf(out + k, len - k, "%s...", i ? " " : "");
		else if (!in[i])
			k += (size_t)snprintf(out + k, len - k, "%s%s", i ? " " : "", w[i]);
	}
	if (!n)
		snprintf(out, len, "(none)");
}

/* The banner of runs measured under different protocols (p[k]: run k's sentences, one a line), ""
 * when they agree: "MIXED PROTOCOLS, not like for like: H200 #1 '... else 0.05 s ...' vs H200 #2
 * '... of each row's own kernel ...'", each group of runs that agree with the words of its
 * sentences that the others' lack (against the first group's; the first against the second's) */
static void protocol_banner(const struct cmp_run *r, char (*p)[PROTO_LEN], size_t n, char *out, size_t len)
{
	static char d[CMP_MAX_RUNS][PROTO_LEN], own[CMP_MAX_RUNS][PROTO_LEN];
	char who[CMP_MAX_RUNS][256];
	size_t g = 0;
	out[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		size_t j = 0;
		while (j < g && strcmp(d[j], p[i]))
			j++;
		if (j == g)
			snprintf(d[g], PROTO_LEN, "%s", p[i]), who[g++][0] = '\0';
		snprintf(who[j] + strlen(who[j]), sizeof(who[0]) - strlen(who[j]), "%s%s", who[j][0] ? " and " : "",
			 r[i].label);
	}
	for (size_t j = 0; g > 1 && j < g; j++) {
		static char a[PROTO_LEN], b[PROTO_LEN];
		char *wa[DIFF_WORDS], *wb[DIFF_WORDS];
		int in[2 * DIFF_WORDS];
		snprintf(a, sizeof(a), "%s", d[j]);
		snprintf(b, sizeof(b), "%s", d[j ? 0 : 1]);
		const size_t na = split_words(a, wa, DIFF_WORDS), nb = split_words(b, wb, DIFF_WORDS);
		common_words(wa, na, wb, nb, in);
		own_words(wa, na, in, own[j], sizeof(own[j]));
	}
	size_t k = g > 1 ? (size_t)snprintf(out, len, "MIXED PROTOCOLS, not like for like:") : 0;
	for (size_t j = 0; g > 1 && j < g && k < len; j++)
		k += (size_t)snprintf(out + k, len - k, "%s %s '%s'", j ? " vs" : "", who[j], own[j]);
}

/* the value axis of make compare's figures: what each figure's first compared value is, in words
 * and units, for the axis label (a figure's value missing here: its column name, a failure of
 * test_compare_runs) */
static const struct {
	const char *col, *label;
} axis_labels[] = {
	{ "gstencil_per_s", "GStencil/s" },
	{ "I_measured", "arithmetic intensity, counter-measured (FLOP/byte)" },
	{ "gflop_per_s", "GFLOP/s" },
	{ "glups", "GLUPS (10^9 lattice updates a second)" },
	{ "gbps", "GB/s (bytes read + written)" },
	{ "convstencil_over_ebisu", "ConvStencil GStencil/s / EBISU GStencil/s" },
	{ "cold_over_warm", "cold / warm time" },
	{ "speedup", "time without / with cusparseSpMV_preprocess" },
	{ "preprocess_spmvs", "preprocessing time / one SpMV" },
	{ "speedup_improved", "cuSPARSE time / DASP-style time (improved setting)" },
	{ "wgmma_gstencil_per_s", "wgmma GStencil/s" },
};

static const char *axis_label(const char *col)
{
	for (size_t i = 0; i < sizeof(axis_labels) / sizeof(axis_labels[0]); i++)
		if (!strcmp(axis_labels[i].col, col))
			return axis_labels[i].label;
	return col;
}

/* the figure's footer, one line of at most RENDER_FOOTER_MAX characters: each run by label, name and
 * commits with its staleness; where that is longer, the staleness left to index.md; then the runs
 * only counted */
static void footer_line(const struct cmp_run *r, size_t n, char *b, size_t len)
{
	for (int brief = 0; brief < 3; brief++) {
		size_t k = 0;
		int stale = 0;
		b[0] = '\0';
		for (size_t i = 0; i < n && k < len && brief < 2; i++) {
			k += (size_t)snprintf(b + k, len - k, "%s%s: %s, commit %s%s", i ? "; " : "", r[i].label,
					      base_name(r[i].dir), r[i].commits, brief ? "" : r[i].stale);
			stale |= r[i].stale[0] != '\0';
		}
		if (brief == 1 && stale && k < len)
			snprintf(b + k, len - k, "; staleness: see index.md");
		if (brief == 2)
			snprintf(b, len, "%zu runs: see index.md", n);
		if (strlen(b) <= RENDER_FOOTER_MAX)
			return;
	}
}

/* outdir/NAME.vars for plots/gp/compare.gp: the target's title (one line), its footer (the runs, one
 * line), each run's label and provenance, the plotted value (meas: its column, meas_label: its axis label) and its
 * model */
static int write_vars(const char *outdir, const struct target_spec *ts, const struct cmp_run *r, size_t n,
		      const char *banner, char *err, size_t errlen)
{
	char path[1024], title[PROTO_LEN], footer[2048];
	struct cmp_values v;
	snprintf(path, sizeof(path), "%s/%s.vars", outdir, ts->name);
	if (cmp_values_parse(ts->compare_values, &v) != 0 || !v.n) {
		snprintf(err, errlen, "experiments/targets.csv: %s: bad compare_values '%s'", ts->name, ts->compare_values);
		return -1;
	}
	struct atomic_file a;
	if (atomic_open(&a, path) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	snprintf(title, sizeof(title), "%s%s%s", banner, banner[0] ? ": " : "", ts->title);
	render_gp_var(a.f, "title", title);
	footer_line(r, n, footer, sizeof(footer));
	render_gp_var(a.f, "footer", footer);
	fprintf(a.f, "nruns = %zu\n", n);
	for (size_t k = 0; k < n; k++) {
		char name[32], who[1024];
		snprintf(name, sizeof(name), "label%zu", k + 1);
		render_gp_var(a.f, name, r[k].label);
		snprintf(name, sizeof(name), "run%zu", k + 1);
		snprintf(who, sizeof(who), "%s: %s, commit %s%s", r[k].label, r[k].dir, r[k].commits, r[k].stale);
		render_gp_var(a.f, name, who);
	}
	render_gp_var(a.f, "meas", v.name[0]);
	render_gp_var(a.f, "meas_label", axis_label(v.name[0]));
	render_gp_var(a.f, "model", v.model >= 0 ? v.name[v.model] : "");
	if (atomic_commit(&a) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

static void ratio_text(char *b, size_t len, const struct cmp_ratio *q, const struct cmp_run *r, size_t n)
{
	b[0] = '\0';
	for (size_t k = 1; k < n; k++)
		snprintf(b + strlen(b), len - strlen(b), q[k].n ? "%s%s / %s: %.3f (%.3f-%.3f, %zu rows)" : "%s%s / %s: NA",
			 k > 1 ? "; " : "", r[k].label, r[0].label, q[k].gmean, q[k].lo, q[k].hi, q[k].n);
}

/* each run of sel rendered (its CSV of the target, or of ts NULL its ceilings, into t[i]), with its
 * staleness for the rows it used and its protocol sentences (p[i]); how many loaded, *rc */
static size_t load_runs(const struct target_spec *ts, struct render_ctx *ctx, const struct cmp_run *runs,
			const size_t *sel, size_t ns, struct csv_table *t, struct cmp_run *r, char (*p)[PROTO_LEN],
			int *rc, char *err, size_t errlen)
{
	size_t loaded = 0;
	for (size_t i = 0; i < ns && *rc == 0; i++) {
		char path[1024];
		struct render_ctx *c = &ctx[sel[i]];
		r[i] = runs[sel[i]];
		if (ts) {
			*rc = render_target(c, ts->name, err, errlen);
			snprintf(path, sizeof(path), "%s/%s.csv", c->outdir, ts->name);
			snprintf(r[i].stale, sizeof(r[i].stale), "%s%s", c->run.stale_text[0] ? ", " : "", c->run.stale_text);
		} else {
			snprintf(path, sizeof(path), "%s/ceilings.csv", runs[sel[i]].dir);
		}
		render_protocols(c, !ts, p[i], PROTO_LEN);
		if (*rc == 0 && (*rc = csv_table_read(path, &t[i], err, errlen)) == 0)
			loaded++;
	}
	return loaded;
}

/* the largest spread of one row's rate between the replicas of any replicated run of t (the rendered
 * CSVs' gstencil_per_s_low and _high: high / low - 1), NaN when none is replicated */
static double row_spread(const struct csv_table *t, size_t n)
{
	double s = NAN;
	for (size_t i = 0; i < n; i++)
		for (size_t r = 0; csv_table_col(&t[i], "gstencil_per_s_low") >= 0 && r < t[i].nrows; r++) {
			const double lo = strtod(csv_table_get(&t[i], r, "gstencil_per_s_low"), NULL);
			const double hi = strtod(csv_table_get(&t[i], r, "gstencil_per_s_high"), NULL);
			if (lo > 0 && hi >= lo && !(hi / lo - 1 <= s))
				s = hi / lo - 1;
		}
	return s;
}

/* the verdicts that differ between the first run and each other (the verdicts tables t, by claim
 * id) into b: "N of M claims judged alike; differ: ID (a -> b), ..." */
static void verdicts_differ(const struct csv_table *t, const struct cmp_run *r, size_t n, char *b, size_t len)
{
	size_t used = 0;
	for (size_t k = 1; k < n && used < len; k++) {
		size_t same = 0, both = 0;
		char diff[768] = "";
		for (size_t a = 0; a < t[0].nrows; a++)
			for (size_t q = 0; q < t[k].nrows; q++) {
				if (strcmp(csv_table_get(&t[0], a, "id"), csv_table_get(&t[k], q, "id")))
					continue;
				const char *va = csv_table_get(&t[0], a, "verdict"), *vb = csv_table_get(&t[k], q, "verdict");
				both++;
				if (!strcmp(va, vb))
					same++;
				else
					snprintf(diff + strlen(diff), sizeof(diff) - strlen(diff), "%s%s (%s -> %s)", diff[0] ? ", " : "",
						 csv_table_get(&t[0], a, "id"), va, vb);
			}
		used += (size_t)snprintf(b + used, len - used, "%s%s against %s: %zu of %zu claims judged alike%s%s", k > 1 ? "; " : "",
					 r[k].label, r[0].label, same, both, diff[0] ? "; differ (the first run's verdict -> this "
					 "one's): " : "", diff);
	}
}

/* one target (or the ceilings, ts NULL) of the runs in sel: joined, its figure variables, one
 * index row in row[4] (its ratio marked where the runs' protocols differ; whether it lies within
 * the rates' spread where a run is replicated; for the verdicts, which differ) */
static int compare_one(const struct target_spec *ts, struct render_ctx *ctx,
		       const struct cmp_run *runs, const size_t *sel, size_t ns, const char *outdir,
		       char row[4][1024], char *err, size_t errlen)
{
	struct csv_table t[CMP_MAX_RUNS];
	struct cmp_run r[CMP_MAX_RUNS];
	static char p[CMP_MAX_RUNS][PROTO_LEN];
	size_t nrows = 0;
	int rc = 0;
	const size_t loaded = load_runs(ts, ctx, runs, sel, ns, t, r, p, &rc, err, errlen);
	char title[8192], who[4096], banner[PROTO_LEN], csv[1024], md[1024];
	const char *name = ts ? ts->name : "ceilings";
	runs_text(who, sizeof(who), r, ns);
	protocol_banner(r, p, ns, banner, sizeof(banner));
	snprintf(title, sizeof(title), "%s%s%s: %s", banner, banner[0] ? ": " : "", ts ? ts->title :
		 "Measured ceilings (each run's ceilings.csv: its value sustained where the file has a basis "
		 "column, burst, the best of 10 launches, where it predates it)", who);
	snprintf(csv, sizeof(csv), "%s/%s.csv", outdir, name);
	snprintf(md, sizeof(md), "%s/%s.md", outdir, name);
	struct cmp_ratio q[CMP_MAX_RUNS], m[CMP_MAX_RUNS];
	/* the ceilings: the value (sustained where the runs have a basis), and, where every run has them,
	 * its basis, the burst value beside it, its SM clock and power */
	int sustained = !ts && loaded == ns;
	for (size_t i = 0; sustained && i < ns; i++)
		sustained = csv_table_col(&t[i], "basis") >= 0;
	const char *cvals = sustained ? "value unit:label basis:label burst_value sm_clock_mhz power_w" : "value unit:label";
	if (rc == 0)
		rc = cmp_join(title, ts ? ts->compare_keys : "quantity", ts ? ts->compare_values : cvals, t, r, ns,
			      csv, md, q, m, &nrows, err, errlen);
	if (rc == 0 && ts && !strcmp(ts->kind, "figure"))
		rc = write_vars(outdir, ts, r, ns, banner, err, errlen);
	/* a rate's ratio judged against a row's rate between replicas: the targets that compare rates */
	const double spread = rc == 0 && ts && !strncmp(ts->compare_values, "gstencil_per_s", 14) ? row_spread(t, loaded)
											    : NAN;
	char verdicts[2048] = "";
	if (rc == 0 && ts && !strcmp(ts->kind, "verdicts") && loaded == ns)
		verdicts_differ(t, r, ns, verdicts, sizeof(verdicts));
	for (size_t i = 0; i < loaded; i++)
		csv_table_free(&t[i]);
	if (rc != 0)
		return -1;
	char first[64] = "";
	sscanf(ts ? ts->compare_values : "value", "%63[^: ]", first);
	snprintf(row[0], 1024, "%s", name);
	snprintf(row[1], 1024, "%zu runs, %zu rows", ns, nrows);
	snprintf(row[2], 1024, "%s", first);
	int k = banner[0] ? snprintf(row[3], 1024, "MIXED PROTOCOLS (%s.md names them): ", name) : 0;
	ratio_text(row[3] + k, 1024 - (size_t)k, q, r, ns);
	if (m[1].n) {
		char mt[512];
		ratio_text(mt, sizeof(mt), m, r, ns);
		snprintf(row[3] + strlen(row[3]), 1024 - strlen(row[3]), "; model: %.500s", mt);
	}
	for (size_t j = 1; isfinite(spread) && j < ns; j++)   /* within the replicas' spread of a row's rate */
		if (q[j].n)
			snprintf(row[3] + strlen(row[3]), 1024 - strlen(row[3]), "; %s: every row %s the replicas' spread "
				 "(%.1f %%)", r[j].label, q[j].lo >= 1 / (1 + spread) && q[j].hi <= 1 + spread ? "within" :
				 "NOT within", 100 * spread);
	if (verdicts[0])
		snprintf(row[3], 1024, "%.1000s", verdicts);
	return 0;
}

static int write_runs(const char *outdir, const struct cmp_run *r, size_t n, char *err, size_t errlen)
{
	char path[1024];
	static const char *const head[] = { "k", "label", "gpu", "run", "commits" };
	struct csv_writer w;
	snprintf(path, sizeof(path), "%s/runs.csv", outdir);
	if (csv_writer_open(&w, path, head, 5) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	for (size_t k = 0; k < n; k++) {
		csv_put_int(&w, (long)k + 1);
		csv_put_str(&w, r[k].label);
		csv_put_str(&w, r[k].gpu);
		csv_put_str(&w, r[k].dir);
		csv_put_str(&w, r[k].commits);
		csv_end_row(&w);
	}
	if (csv_writer_close(&w) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

/* a run's GPU, commits and staleness (the run as a whole), from its rendering context */
static void run_of_ctx(struct cmp_run *r, struct render_ctx *c, const char *dir)
{
	char stale[sizeof(r->stale) - 2];
	rec_staleness(&c->run, stale, sizeof(stale));
	snprintf(r->stale, sizeof(r->stale), "%s%s", stale[0] ? ", " : "", stale);
	snprintf(r->dir, sizeof(r->dir), "%s", dir);
	snprintf(r->gpu, sizeof(r->gpu), "%s", c->run.gpu);
	r->commits[0] = '\0';
	for (size_t k = 0; k < c->run.nmeta; k++) {
		char s[16];
		snprintf(s, sizeof(s), "%.7s", c->run.meta[k].commit[0] ? c->run.meta[k].commit : "unknown");
		if (!strstr(r->commits, s))
			snprintf(r->commits + strlen(r->commits), sizeof(r->commits) - strlen(r->commits), "%s%s%s",
				 r->commits[0] ? " " : "", s, c->run.meta[k].dirty ? " (dirty)" : "");
	}
}

static int index_open(struct md_table *md, const char *outdir, const struct cmp_run *r, size_t n, char *err,
		      size_t errlen)
{
	static const char *const head[] = { "target", "compared", "value", "ratio to the first run: geometric mean (range, rows)" };
	char path[1024], who[4096], title[4200];
	static char note[] = "Each target of experiments/targets.csv that two or more runs hold, rendered for each run "
			     "on its own (measured rows, the model on that run's ceilings, the papers' values) and "
			     "joined on its compare_keys: TARGET.md and TARGET.csv beside this file, TARGET.png for "
			     "the figures. The ratio is over the rows both runs hold with a positive value. Where a run "
			     "is replicated (REPLICAS=N), a target of rates says whether every row's ratio lies within "
			     "the largest spread of one row's rate between its replicas; the verdicts' row lists the "
			     "claims judged differently.";
	const char *notes[] = { note, NULL };
	runs_text(who, sizeof(who), r, n);
	snprintf(title, sizeof(title), "make compare: %s", who);
	snprintf(path, sizeof(path), "%s/index.md", outdir);
	if (md_open(md, path, title, notes, head, 4) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

int compare_runs(const char *root, const char *const *rundirs, size_t n, const char *workdir,
		 const char *outdir, FILE *log, char *err, size_t errlen)
{
	if (n < 2 || n > CMP_MAX_RUNS) {
		snprintf(err, errlen, "compare: %zu runs given: compare needs 2 to %d", n, CMP_MAX_RUNS);
		return -1;
	}
	struct render_ctx *ctx = calloc(n, sizeof(*ctx));
	struct cmp_run runs[CMP_MAX_RUNS];
	size_t opened = 0;
	int rc = ctx ? output_dir(outdir, err, errlen) : -1;
	if (!ctx)
		snprintf(err, errlen, "compare: out of memory");
	for (size_t k = 0; rc == 0 && k < n; k++) {
		char work[1024];
		snprintf(work, sizeof(work), "%s/%s", workdir, base_name(rundirs[k]));
		for (size_t j = 0; j < k && rc == 0; j++)
			if (!strcmp(base_name(rundirs[j]), base_name(rundirs[k]))) {
				snprintf(err, errlen, "compare: run '%s' given twice", rundirs[k]);
				rc = -1;
			}
		if (rc == 0 && (rc = output_dir(work, err, errlen)) == 0 &&
		    (rc = render_open(&ctx[k], root, rundirs[k], NULL, work, err, errlen)) == 0) {
			opened++;
			run_of_ctx(&runs[k], &ctx[k], rundirs[k]);
		}
	}
	if (rc == 0)
		cmp_label_runs(runs, n);
	struct md_table md;
	int md_opened = 0;
	if (rc == 0 && (rc = index_open(&md, outdir, runs, n, err, errlen)) == 0)
		md_opened = 1;
	const size_t nt = opened ? ctx[0].ntargets : 0;
	for (size_t i = 0; rc == 0 && i <= nt; i++) {   /* the targets, then (i == nt) the ceilings */
		const struct target_spec *ts = i < nt ? &ctx[0].targets[i] : NULL;
		size_t sel[CMP_MAX_RUNS], ns = 0;
		char row[4][1024];
		const char *cells[4] = { row[0], row[1], row[2], row[3] };
		for (size_t k = 0; k < n; k++) {
			char p[1024];
			struct stat st;
			snprintf(p, sizeof(p), "%s/ceilings.csv", rundirs[k]);
			if (ts ? holds(rundirs[k], ts) : stat(p, &st) == 0)
				sel[ns++] = k;
		}
		snprintf(row[0], sizeof(row[0]), "%s", ts ? ts->name : "ceilings");
		if (ts && !ts->compare_keys[0]) {
			snprintf(row[1], sizeof(row[1]), "not compared: no compare keys in experiments/targets.csv");
			row[2][0] = row[3][0] = '\0';
		} else if (ns < 2) {
			snprintf(row[1], sizeof(row[1]), "not compared: %zu of the runs hold%s its CSVs", ns,
				 ns == 1 ? "s" : "");
			row[2][0] = row[3][0] = '\0';
		} else if ((rc = compare_one(ts, ctx, runs, sel, ns, outdir, row, err, errlen)) != 0) {
			break;
		}
		if (log)
			fprintf(log, "[%zu/%zu] %s: %s%s%s\n", i + 1, nt + 1, row[0], row[1], row[3][0] ? "; " : "", row[3]);
		md_row(&md, cells);
	}
	if (rc == 0) {
		rc = md_close(&md);
		if (rc != 0)
			snprintf(err, errlen, "%s", atomic_error());
	} else if (md_opened) {
		md_abort(&md);
	}
	if (rc == 0)
		rc = write_runs(outdir, runs, n, err, errlen);
	for (size_t k = 0; k < opened; k++)
		render_close(&ctx[k]);
	free(ctx);
	return rc;
}
