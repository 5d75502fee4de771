/*
 * verdicts.c - the papers' claims judged on this GPU's run (make verdicts). The claims are data
 * (data/paper/claims.csv: its id and kind, the paper's quote, the criterion in words and its
 * value and tolerance with the tolerance's reason, the evaluator and the targets it reads); each
 * evaluator is a small function named in that table, and no paper number is written in C (the
 * others are data/paper/verdict-params.csv's). Each verdict row: the id and claim, its criterion,
 * the paper's value, the model's prediction for this GPU, the measured value raw and as the paper
 * defines it, how many of the rows it needs were measured, the verdict from a fixed vocabulary
 * (verdict.c, verdict_decide: the gate reads data/paper/kernels-vs-authors.csv), its margin with its
 * interval (interval.c: the run's own design, or data/hw/claim-spread.csv for a run of one
 * measurement), its basis and the throttled rows it uses. On a replicated run (REPLICAS=N) each
 * claim is also judged on each replica, shown in its row.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "method.h"
#include "verdicts-int.h"
#include "stencil.h"

static double cell_num(const struct csv_table *t, size_t r, const char *col)
{
	const char *v = csv_table_get(t, r, col);
	return v && *v ? strtod(v, NULL) : NAN;
}

/* the first row of t with row r's id (r itself when no earlier row has it) */
static size_t first_with_id(const struct csv_table *t, size_t r)
{
	size_t q = 0;
	while (strcmp(csv_table_get(t, q, "id"), csv_table_get(t, r, "id")))
		q++;
	return q;
}

/* the claims table, checked: every evaluator known, every id given and its own (the verdicts,
 * make compare and the tests name a claim by it) */
static int read_claims(struct render_ctx *c, struct csv_table *t, char *err, size_t errlen)
{
	static const char *const need[] = { "id", "kind", "paper", "claim", "criterion", "paper_value", "value",
					    "tolerance", "tolerance_reason", "evaluator", "method", "option", "baseline",
					    "config", "scenario", "inputs", "quote", NULL };
	char path[1024];
	snprintf(path, sizeof(path), "%s/data/paper/claims.csv", c->run.root);
	if (csv_table_read_need(path, t, need, err, errlen) != 0)
		return -1;
	for (size_t r = 0; r < t->nrows; r++) {
		const size_t first = first_with_id(t, r);
		if (vd_evaluator(csv_table_get(t, r, "evaluator")) && *csv_table_get(t, r, "id") && first == r)
			continue;
		if (first < r && *csv_table_get(t, r, "id"))
			snprintf(err, errlen, "%s: row %zu: id '%s' is row %zu's too (a claim's id is its own)", path,
				 r + 1, csv_table_get(t, r, "id"), first + 1);
		else
			snprintf(err, errlen, "%s: row %zu: unknown evaluator '%s' or no id", path, r + 1,
				 csv_table_get(t, r, "evaluator"));
		csv_table_free(t);
		return -1;
	}
	return 0;
}

/* the gate's and the evaluators' tables: the authors' numbers, the parameters, the spread */
static int read_tables(struct render_ctx *c, struct verdict_ctx *x, char *err, size_t errlen)
{
	static const char *const files[] = { "data/paper/kernels-vs-authors.csv", "data/paper/verdict-params.csv",
					     "data/hw/claim-spread.csv" };
	static const char *const need[][8] = { { "gpu", "method", "dtype", "gstencil_per_s", NULL },
					       { "name", "value", "reason", NULL },
					       { "claim", "halfwidth_one", "level", "run", "n", "invocations", "gpus", NULL } };
	struct csv_table *t[] = { &x->authors, &x->params, &x->spread };
	for (size_t i = 0; i < NELEM(files); i++) {
		char path[1024];
		if (i == 2 && c->spread_file[0])   /* a spread file of the caller's (the tests' fixture) */
			snprintf(path, sizeof(path), "%s", c->spread_file);
		else
			snprintf(path, sizeof(path), "%s/%s", c->run.root, files[i]);
		if (csv_table_read(path, t[i], err, errlen) != 0 || csv_table_require(t[i], need[i], err, errlen) != 0) {
			if (i < 2)
				return -1;
			/* the spread file is needed only by a run measured once a configuration (interval.c) */
			snprintf(x->spread_err, sizeof(x->spread_err), "%s", err);
			csv_table_free(t[i]);
			memset(t[i], 0, sizeof(*t[i]));
		}
	}
	return 0;
}

/* the verdict rule in words, whole (a table's note: no buffer cuts it) */
static const char gate_text[] = "The gate: inconclusive: implementation-limited when substituting the best known "
		 "implementation of a kernel the verdict rests on would flip it (the authors' artifact measured on this GPU "
		 "model, data/paper/kernels-vs-authors.csv, matched by method, precision, stencil and depth, when it is "
		 "faster than ours by at least the flip factor); where no authors' number exists for the kernel, when it "
		 "is under the least share of its roof that the authors' artifacts of its family (CUDA-core, tensor-core, "
		 "sparse tensor-core) reach on this GPU model and on this run's ceilings (a roof: the lowest of the model's "
		 "compute, memory and, where the ceilings measured the energies, power roofs), and reaching its roof would flip "
		 "the verdict (a kernel of a kind no artifact measures, SCALE or SpMV, is not gated). Method and baseline "
		 "alike: the side whose speed-up would flip the verdict. No claim about bytes or FLOPs is gated on a rate. "
		 "The interval: each claim's margin (a flip factor's log, a distance in its units) carried through its "
		 "evaluator by draws of the design's variance components (a block's shift on its GPU, a row's own part by "
		 "stratum, the counters'), scaled to the median of each row's measurements; the half-width z times their "
		 "standard deviation at data/paper/verdict-params.csv's interval_level (an end under 1x, or under 0 for a "
		 "distance, lies across the threshold). A claim whose interval holds its threshold reads inconclusive: "
		 "within spread. A run measured more than once a configuration estimates its "
		 "own components (make design); a run of one measurement takes each claim's half-width for one from "
		 "data/hw/claim-spread.csv (the reference's design, make claim-spread); each verdict names its source. "
		 "A model premise (a tcs Table 3 "
	"scenario, the sweet spot, the outcome the model predicts) is decided against the spread its ceilings span "
	"between GPUs of this model (the range of every set of this model's ceilings recorded under data/runs/ "
	"over their median, the DRAM bandwidth's and the compute roofs' summed): within it, inconclusive: within "
	"spread; outside it and not met, premise absent here.";

/* the warm-up study's rows (one study a verdicts table), for its claims */
static int load_study(struct render_ctx *c, const struct target_spec *k, struct verdict_ctx *x, char *err,
		      size_t errlen)
{
	if (x->wu) {
		snprintf(err, errlen, "data/paper/claims.csv: '%s' is a second warm-up study", k->name);
		return -1;
	}
	x->wu = calloc(1, sizeof(*x->wu));
	if (!x->wu || rec_wu_load(&c->run, k->name, k->inputs, x->wu, err, errlen) != 0) {
		free(x->wu);
		x->wu = NULL;
		return -1;
	}
	x->wu_name = k->name;
	return 0;
}

/* the claims' inputs, each loaded once in the order the claims name them */
static int load_inputs(struct render_ctx *c, const struct csv_table *claims, struct verdict_ctx *x, char *err,
		       size_t errlen)
{
	for (size_t r = 0; r < claims->nrows; r++) {
		char list[256], *save = NULL;
		snprintf(list, sizeof(list), "%s", csv_table_get(claims, r, "inputs"));
		for (char *name = strtok_r(list, " ", &save); name; name = strtok_r(NULL, " ", &save)) {
			if (vd_input(x, name) || vd_wl_input(x, name) || (x->wu_name && !strcmp(x->wu_name, name)))
				continue;
			const struct target_spec *k = render_target_spec(c, name);
			if (!k || x->n == NELEM(x->tg)) {
				snprintf(err, errlen, "data/paper/claims.csv: row %zu: '%s' is not a rendered target",
					 r + 1, name);
				return -1;
			}
			char path[1024];
			snprintf(path, sizeof(path), "%s/experiments/%s.csv", c->run.root, k->name);
			if (rec_wu_is_list(path)) {   /* the warm-up study: its lists' rows by kernel and warm-up */
				if (load_study(c, k, x, err, errlen) != 0)
					return -1;
				continue;
			}
			if (workload_is_list(path)) {   /* SCALE, SpMV: their own rows */
				if (x->nwl == NELEM(x->wl) || rec_wl_load(&c->run, k->name, &x->wl[x->nwl], err, errlen) != 0) {
					if (x->nwl == NELEM(x->wl))
						snprintf(err, errlen, "data/paper/claims.csv: too many workload inputs");
					return -1;
				}
				x->wl_names[x->nwl++] = k->name;
				continue;
			}
			if (rec_target_load(&c->run, k->name, &x->tg[x->n], err, errlen) != 0)
				return -1;
			x->names[x->n++] = k->name;
		}
	}
	/* the gate's like for like: the run's kernels-vs-authors rows in the artifact regime, where it
	 * holds them (a run without them: the gate compares the authors' data with ours) */
	char kerr[256];
	if (!x->have_kva && render_target_spec(c, "kernels-vs-authors") &&
	    rec_target_load(&c->run, "kernels-vs-authors", &x->kva, kerr, sizeof(kerr)) == 0)
		x->have_kva = 1;
	return 0;
}

/* every claim of claims.csv judged by its evaluator, in the table's order (x->cur: its row) */
static void each_claim(struct verdict_ctx *x, const struct csv_table *claims)
{
	for (size_t r = 0; r < claims->nrows; r++) {
		x->cur = r;
		const struct claim_row cr = {
			csv_table_get(claims, r, "id"), csv_table_get(claims, r, "kind"),
			csv_table_get(claims, r, "paper"), csv_table_get(claims, r, "claim"),
			csv_table_get(claims, r, "criterion"), csv_table_get(claims, r, "paper_value"),
			csv_table_get(claims, r, "method"), csv_table_get(claims, r, "option"), csv_table_get(claims, r, "baseline"),
			csv_table_get(claims, r, "config"),
			cell_num(claims, r, "value"), cell_num(claims, r, "tolerance"), cell_num(claims, r, "scenario"),
		};
		vd_evaluator(csv_table_get(claims, r, "evaluator"))(x, &cr);
	}
}

static void free_inputs(struct verdict_ctx *x)
{
	if (x->have_kva)
		rec_target_free(&x->kva);
	x->have_kva = 0;
	for (size_t i = 0; i < x->n; i++)
		rec_target_free(&x->tg[i]);
	for (size_t i = 0; i < x->nwl; i++)
		rec_wl_free(&x->wl[i]);
	if (x->wu)
		rec_wu_free(x->wu);
	free(x->wu);
	x->n = x->nwl = 0;
	x->wu = NULL;
	x->wu_name = NULL;
}

/* the GPUs (UUID prefixes) of the rows the context asks for in the loaded targets, into b */
static void replica_gpus(const struct verdict_ctx *x, char *b, size_t len)
{
	b[0] = '\0';
	for (size_t i = 0; i < x->n + x->nwl; i++) {
		const struct csv_table *t = i < x->n ? (x->tg[i].have_run ? &x->tg[i].run : NULL)
						     : (x->wl[i - x->n].have ? &x->wl[i - x->n].run : NULL);
		for (size_t r = 0; t && r < t->nrows; r++) {
			const char *g = csv_table_get(t, r, "gpu_uuid");
			char p[16];
			if (!g || !*g || !rec_row_wanted(&x->rc->run, t, r))
				continue;
			snprintf(p, sizeof(p), "%.12s", g);
			if (!strstr(b, p) && strlen(b) + strlen(p) + 3 < len)
				snprintf(b + strlen(b), len - strlen(b), "%s%s", b[0] ? ", " : "", p);
		}
	}
}

/* a replicated run: each claim judged on replica 1, 2, ... alone (its inputs loaded again with
 * that replica's rows), the values collected into x->rep; 0, or -1 with err */
static int judge_replicas(struct render_ctx *c, const struct csv_table *claims, struct verdict_ctx *x, char *err,
			  size_t errlen)
{
	x->replicas = c->run.replicas > 8 ? 8 : c->run.replicas;
	x->rep = calloc(claims->nrows ? claims->nrows : 1, sizeof(*x->rep));
	if (!x->rep) {
		snprintf(err, errlen, "verdicts: out of memory");
		return -1;
	}
	int rc = 0;
	for (int r = 1; r <= x->replicas && rc == 0; r++) {
		struct verdict_ctx y = { 0 };
		y.rc = c, y.authors = x->authors, y.params = x->params, y.spread = x->spread;
		y.rep = x->rep, y.collecting = 1, y.collect_at = r - 1;
		c->run.replica = r;
		rc = load_inputs(c, claims, &y, err, errlen);
		if (rc == 0) {
			replica_gpus(&y, x->rep_gpus[r - 1], sizeof(x->rep_gpus[0]));
			each_claim(&y, claims);
		}
		free_inputs(&y);
	}
	c->run.replica = 0;
	return rc;
}

/* "55 claims: 20 hold, 12 do not hold, ..." from the first pass's counts */
static void counts_note(const struct verdict_ctx *x, size_t n, char *b, size_t len)
{
	size_t used = (size_t)snprintf(b, len, "%zu claims:", n);
	for (int v = 0; v < VO_COUNT && used < len; v++)
		used += (size_t)snprintf(b + used, len - used, "%s %d %s", v ? "," : "", x->count[v],
					 verdict_out_name((enum verdict_out)v));
	if (used < len)
		snprintf(b + used, len - used, ".");
}

/* OUTDIR/verdict-tally.md and .csv beside the verdict table (stencil-render verdict-tally; README.md's
 * opening): each verdict word, in the table's order, with its number of claims, then all of them */
static int write_tally(const struct render_ctx *c, const struct verdict_ctx *x, size_t n, char *err, size_t len)
{
	static const char *const cols[] = { "verdict", "claims" };
	struct csv_writer w;
	struct atomic_file a;
	if (render_files_open(c->outdir, "verdict-tally", cols, NELEM(cols), &w, &a, err, len) != 0)
		return -1;
	fprintf(a.f, "# The papers' claims on %s\n\n| verdict | claims |\n|---|---:|\n", c->title);
	for (int v = 0; v < VO_COUNT; v++) {
		csv_put_str(&w, verdict_out_name((enum verdict_out)v));
		csv_put_int(&w, x->count[v]);
		csv_end_row(&w);
		fprintf(a.f, "| %s | %d |\n", verdict_out_name((enum verdict_out)v), x->count[v]);
	}
	fprintf(a.f, "| every claim | %zu |\n", n);
	return render_files_close(&w, &a, err, len);
}

int rd_verdicts(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	static const char *const cols[] = { "id", "kind", "paper", "claim", "criterion", "paper_value", "model",
					    "measured", "measured_text", "paper_defined", "paper_defined_text", "rows",
					    "verdict", "verdict_text", "margin", "margin_text", "basis", "throttled_rows",
					    "interval_units", "halfwidth", "halfwidth_one", "interval_lo",
					    "interval_hi", "interval_source", "replicas" };
	char counts[256] = "";
	const char *notes[] = {
		counts,
		"Each claim by its id (data/paper/claims.csv, with the paper's quote and each tolerance's reason) with "
		"its criterion, the paper's value, the model's prediction for this GPU (this run's ceilings, each "
		"kernel's sigma), the measured value raw and as the paper defines it (sptc: an fp16 rate over 4 "
		"against an fp64 baseline; \"= raw\" where the two are one) and how many of the rows it needs were "
		"measured. Verdicts: holds; does not hold; premise absent here (the model puts the configuration "
		"in another scenario on this GPU); inconclusive: implementation-limited; inconclusive: within "
		"spread; not measured (a row it needs is missing: a partial set never decides). The "
		"margin of a decided verdict: for a comparison of rates the flip factor, the uniform speed-up of "
		"one side across the claim's rows that would flip it soonest; else the distance of the claim's "
		"quantity to its threshold, in its units. A verdict resting on a throttled row names it.", gate_text, NULL };
	const char *md[16];   /* the headings verdicts.md shows, from the one list of them (render.h) */
	size_t nmd = 0;
	for (size_t k = 0; k < render_verdict_ncols && nmd < NELEM(md); k++)
		if (render_verdict_cols[k].md)
			md[nmd++] = render_verdict_cols[k].heading;
	struct verdict_ctx x = { 0 };
	x.rc = c;
	struct csv_table claims;
	int rc = -1;
	/* the inputs first: a bad one fails before anything is opened, the previous files stay */
	if (read_claims(c, &claims, err, errlen) != 0)
		return -1;
	if (read_tables(c, &x, err, errlen) != 0)
		goto out;
	if (load_inputs(c, &claims, &x, err, errlen) == 0 &&
	    (c->run.replicas <= 1 || judge_replicas(c, &claims, &x, err, errlen) == 0) &&
	    vd_interval(&x, &claims, each_claim, err, errlen) == 0) {
		/* the counts first (a pass that writes nothing), the table's opening line */
		x.counting = 1;
		each_claim(&x, &claims);
		x.counting = 0;
		counts_note(&x, claims.nrows, counts, sizeof(counts));
	}
	c->run.replicas_note = "each claim judged on each, its GPUs named in the row";
	if (counts[0] &&
	    render_outputs_open(c, ts->name, &x.o, cols, NELEM(cols), ts->title, notes, md, nmd, err,
			    errlen) == 0) {
		each_claim(&x, &claims);
		rc = render_outputs_close(c, ts->name, &x.o, err, errlen);
		if (rc == 0)
			rc = write_tally(c, &x, claims.nrows, err, errlen);
	}
out:
	c->run.replicas_note = NULL;
	csv_table_free(&x.authors);
	csv_table_free(&x.params);
	csv_table_free(&x.spread);
	free_inputs(&x);
	free(x.rep);
	free(x.hw);
	free(x.hw_one);
	free(x.hw_why);
	free(x.draws);
	csv_table_free(&claims);
	return rc;
}

RENDERER("verdicts", rd_verdicts)
