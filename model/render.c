/*
 * render.c - the experiments' tables, figure data and verdicts (issue 7). See render.h.
 */
#include "render.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <dirent.h>

#include "experiment.h"
#include "grid.h"
#include "method.h"
#include "report.h"
#include "roofline.h"
#include "stencil.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

const char *const render_targets[] = { "tcs-table2", "tcs-table3", "tcs-table4", "tcs-figure15",
				       "tcs-figure16", "sptc-figure9", "sptc-figure10", "kernels-vs-authors",
				       "verdicts", NULL };

/* the columns every run CSV row must have for rendering */
static const char *const run_need[] = { "label", "stencil", "dtype", "method", "fusion", "size",
					"status", "gstencil_per_s", "F_measured", "Q_measured",
					"I_measured", "sigma", "model_gstencil_per_s", "verify_rel_l2",
					"verify_max_rel", "verify_tol_l2", "verify_tol_max", NULL };

/* ---- verdict logic ---- */

const char *verdict_name(enum verdict v)
{
	return v == V_HOLDS ? "holds" : v == V_FAILS ? "does not hold" : "not measurable here";
}

enum verdict verdict_at_least(double measured, double claimed, double tol)
{
	if (!isfinite(measured) || !isfinite(claimed))
		return V_NA;
	return measured >= claimed * (1 - tol) ? V_HOLDS : V_FAILS;
}

enum verdict verdict_at_most(double measured, double claimed, double tol)
{
	if (!isfinite(measured) || !isfinite(claimed))
		return V_NA;
	return measured <= claimed * (1 + tol) ? V_HOLDS : V_FAILS;
}

enum verdict verdict_flat(const double *v, size_t n, double tol)
{
	if (n < 2)
		return V_NA;
	for (size_t i = 0; i < n; i++)
		if (!isfinite(v[i]) || !(v[0] > 0))
			return V_NA;
	for (size_t i = 1; i < n; i++)
		if (fabs(v[i] / v[0] - 1) > tol)
			return V_FAILS;
	return V_HOLDS;
}

void linear_fit(const double *x, const double *y, size_t n, double *a, double *b, double *r2)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
	for (size_t i = 0; i < n; i++) {
		sx += x[i];
		sy += y[i];
		sxx += x[i] * x[i];
		sxy += x[i] * y[i];
		syy += y[i] * y[i];
	}
	double d = n * sxx - sx * sx;
	*b = d != 0 ? (n * sxy - sx * sy) / d : NAN;
	*a = (sy - *b * sx) / n;
	double st = syy - sy * sy / n, se = 0;
	for (size_t i = 0; i < n; i++) {
		double e = y[i] - (*a + *b * x[i]);
		se += e * e;
	}
	*r2 = st > 0 ? 1 - se / st : NAN;
}

/* ---- context ---- */

static int read_meta(struct render_ctx *c, char *err, size_t errlen)
{
	char path[1024];
	struct csv_table m;
	snprintf(path, sizeof(path), "%s/meta.csv", c->rundir);
	if (csv_table_read(path, &m, err, errlen) != 0)
		return -1;
	if (m.nrows == 0 || csv_table_col(&m, "gpu_name") < 0) {
		snprintf(err, errlen, "%s: no rows with gpu_name", path);
		csv_table_free(&m);
		return -1;
	}
	snprintf(c->gpu, sizeof(c->gpu), "%s", csv_table_get(&m, m.nrows - 1, "gpu_name"));
	c->quick_ids = calloc(m.nrows, sizeof(*c->quick_ids));
	c->meta = calloc(m.nrows, sizeof(*c->meta));
	for (size_t r = 0; r < m.nrows; r++) {
		struct render_meta *e = &c->meta[c->nmeta++];
		const char *id = csv_table_get(&m, r, "run_id"), *g = csv_table_get(&m, r, "git_commit");
		const char *d = csv_table_get(&m, r, "git_dirty");
		snprintf(e->run_id, sizeof(e->run_id), "%s", id ? id : "");
		snprintf(e->commit, sizeof(e->commit), "%s", g && *g && strcmp(g, "NA") ? g : "");
		e->dirty = d && !strcmp(d, "yes");
		const char *mc = csv_table_get(&m, r, "sm_clock_max_mhz");
		char *endp;
		double v = mc && *mc ? strtod(mc, &endp) : NAN;
		if (mc && *mc && !*endp && v > 0)
			c->max_clock = v;
		/* the GPUs the invocations ran on: "GPU-" and 8 hex digits each */
		const char *u = csv_table_get(&m, r, "gpu_uuid");
		size_t k = 0;
		while (u && *u && k < c->ngpus && strncmp(c->gpus[k], u, 12))
			k++;
		if (u && *u && k == c->ngpus && c->ngpus < NELEM(c->gpus))
			snprintf(c->gpus[c->ngpus++], sizeof(c->gpus[0]), "%.12s", u);
	}
	if (csv_table_col(&m, "protocol") >= 0 && csv_table_col(&m, "run_id") >= 0)
		for (size_t r = 0; r < m.nrows; r++)
			if (strncmp(csv_table_get(&m, r, "protocol"), "QUICK", 5) == 0)
				snprintf(c->quick_ids[c->nquick++], sizeof(c->quick_ids[0]), "%s",
					 csv_table_get(&m, r, "run_id"));
	csv_table_free(&m);
	return 0;
}

int render_open(struct render_ctx *c, const char *root, const char *rundir, const char *gpu,
		const char *outdir, char *err, size_t errlen)
{
	char path[1024];
	memset(c, 0, sizeof(*c));
	c->max_clock = NAN;
	snprintf(c->root, sizeof(c->root), "%s", root && *root ? root : ".");
	snprintf(c->outdir, sizeof(c->outdir), "%s", outdir);
	if (rundir && *rundir) {
		snprintf(c->rundir, sizeof(c->rundir), "%s", rundir);
		if (read_meta(c, err, errlen) != 0)
			return -1;
		snprintf(path, sizeof(path), "%s/ceilings.csv", rundir);
		if (hw_load_ceilings(&c->hw, path, err, errlen) != 0)
			return -1;
		snprintf(c->title, sizeof(c->title), "%s, run %s", c->gpu, rundir);
		/* one run, one GPU: a run whose invocations ran on several says so, and whose ceilings */
		if (c->ngpus > 1) {
			size_t used = strlen(c->title);
			used += (size_t)snprintf(c->title + used, sizeof(c->title) - used, ", %zu GPUs (", c->ngpus);
			for (size_t k = 0; k < c->ngpus && used < sizeof(c->title); k++)
				used += (size_t)snprintf(c->title + used, sizeof(c->title) - used, "%s%s", k ? ", " : "",
							 c->gpus[k]);
			if (used < sizeof(c->title))
				snprintf(c->title + used, sizeof(c->title) - used, "; ceilings of one only)");
		}
	} else {
		snprintf(c->gpu, sizeof(c->gpu), "%s", gpu && *gpu ? gpu : "H200");
		snprintf(path, sizeof(path), "%s/data/hw/gpus.csv", c->root);
		if (hw_load_gpu(&c->hw, path, c->gpu, err, errlen) != 0)
			return -1;
		snprintf(c->title, sizeof(c->title), "model and paper only: %s datasheet (no measured run)",
			 c->gpu);
	}
	if (output_dir(c->outdir, err, errlen) != 0) {
		hw_free(&c->hw);
		return -1;
	}
	return 0;
}

void render_close(struct render_ctx *c)
{
	hw_free(&c->hw);
	free(c->quick_ids);
	c->quick_ids = NULL;
	free(c->meta);
	c->meta = NULL;
}

/* ---- one target's data: configurations, run rows, model points ---- */

struct point {
	const struct run_config *cfg;
	long run_row;               /* -1: not in the run */
	double measured, model_run; /* GStencil/s measured, and the model's from the run row */
	double F_m, Q_m, I_m;       /* counter-measured per point (NaN without counters) */
	const char *status;         /* ok, wrong, skipped, ... or "not run" */
	struct model_point mp;      /* the model on this run's ceilings with the kernel's sigma */
	int have_model;
	struct model_point rule;    /* the model with the method's own sigma rule (the paper's) */
	int have_rule;
	int throttled;              /* throttled_samples > 0: some samples ran below 75 % clock */
	double thr_samples, samples, clk_median, clk_min;
};

struct target {
	struct run_config *cfgs;
	size_t n;
	struct csv_table run;
	int have_run;
	struct point *p;
};

static double num(const struct csv_table *t, long r, const char *col)
{
	if (r < 0)
		return NAN;
	const char *s = csv_table_get(t, (size_t)r, col);
	char *end;
	if (!s || !*s || !strcmp(s, "NA"))
		return NAN;
	double v = strtod(s, &end);
	return *end ? NAN : v;
}

/* the configuration key of a run row: stencil, dtype, method (METHOD:OPTION), fusion, size */
static int same_config(const struct csv_table *t, size_t a, size_t b)
{
	static const char *const key[] = { "stencil", "dtype", "method", "fusion", "size" };
	for (size_t k = 0; k < NELEM(key); k++)
		if (strcmp(csv_table_get(t, a, key[k]), csv_table_get(t, b, key[k])))
			return 0;
	return 1;
}

static long find_row(const struct csv_table *t, const struct run_config *c)
{
	char fus[16], method[64];
	snprintf(fus, sizeof(fus), "%d", c->fusion);
	/* the runner writes a variant as METHOD:OPTION in the method column */
	method_variant_name(c->method, c->option, method, sizeof(method));
	for (size_t r = 0; r < t->nrows; r++)
		if (!strcmp(csv_table_get(t, r, "stencil"), c->stencil->name) &&
		    !strcmp(csv_table_get(t, r, "dtype"), dtype_table[c->dtype].name) &&
		    !strcmp(csv_table_get(t, r, "method"), method) &&
		    !strcmp(csv_table_get(t, r, "fusion"), fus) && !strcmp(csv_table_get(t, r, "size"), c->size))
			return (long)r;
	return -1;
}

static void target_free(struct target *t)
{
	free(t->cfgs);
	free(t->p);
	if (t->have_run)
		csv_table_free(&t->run);
	memset(t, 0, sizeof(*t));
}

/* "FILE:LINE: ..." for an ok row faster than 1.05x its model (the model's roof on the run's
 * ceilings with the kernel's sigma): no measurement can be */
static void roof_err(char *err, size_t errlen, const struct csv_table *t, size_t r, double g, double model)
{
	snprintf(err, errlen, "%s:%ld: status ok but gstencil_per_s %.4g is above 1.05x the model's %.4g for "
		 "%s %s %s t=%s %s on this run's ceilings (impossible)", t->path, t->lines[r], g, model,
		 csv_table_get(t, r, "stencil"), csv_table_get(t, r, "dtype"), csv_table_get(t, r, "method"),
		 csv_table_get(t, r, "fusion"), csv_table_get(t, r, "size"));
}

/* A run CSV's rows before any is used: one row per configuration; an ok row has a positive
 * finite rate, no higher than 1.05x the runner's model, and verification errors within its
 * tolerances. -1 with "FILE:LINE: what". */
static int run_sane(const struct csv_table *t, char *err, size_t errlen)
{
	static const char *const verify[][2] = { { "verify_rel_l2", "verify_tol_l2" },
						 { "verify_max_rel", "verify_tol_max" } };
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t q = 0; q < r; q++)
			if (same_config(t, q, r)) {
				snprintf(err, errlen, "%s:%ld: duplicate configuration (%s %s %s t=%s %s), also at "
					 "line %ld: one row per configuration", t->path, t->lines[r],
					 csv_table_get(t, r, "stencil"), csv_table_get(t, r, "dtype"),
					 csv_table_get(t, r, "method"), csv_table_get(t, r, "fusion"),
					 csv_table_get(t, r, "size"), t->lines[q]);
				return -1;
			}
		if (strcmp(csv_table_get(t, r, "status"), "ok"))
			continue;
		double g = num(t, (long)r, "gstencil_per_s");
		if (!isfinite(g) || g <= 0) {
			snprintf(err, errlen, "%s:%ld: status ok but gstencil_per_s '%s' is not a positive finite "
				 "rate", t->path, t->lines[r], csv_table_get(t, r, "gstencil_per_s"));
			return -1;
		}
		double model = num(t, (long)r, "model_gstencil_per_s");
		if (isfinite(model) && g > 1.05 * model) {
			roof_err(err, errlen, t, r, g, model);
			return -1;
		}
		/* the row's tolerance, never looser than the harness's own for its dtype and accumulation */
		double own[2] = { NAN, NAN };
		const struct dtype_info *dt = dtype_find(csv_table_get(t, r, "dtype"));
		const char *colon = strchr(csv_table_get(t, r, "method"), ':');
		if (dt)
			verify_tolerance(dt->id, option_half_accum(colon ? colon + 1 : ""), &own[0], &own[1]);
		for (size_t k = 0; k < NELEM(verify); k++) {
			double e = num(t, (long)r, verify[k][0]), tol = num(t, (long)r, verify[k][1]);
			const int capped = isfinite(own[k]) && isfinite(tol) && tol > own[k];
			if (capped)
				tol = own[k];
			if (capped && isfinite(e) && e > tol) {
				snprintf(err, errlen, "%s:%ld: status ok but %s '%s' exceeds the harness's tolerance %.3g "
					 "for %s (the row claims %s '%s')", t->path, t->lines[r], verify[k][0],
					 csv_table_get(t, r, verify[k][0]), tol, csv_table_get(t, r, "dtype"), verify[k][1],
					 csv_table_get(t, r, verify[k][1]));
				return -1;
			}
			if (!isfinite(e) || !isfinite(tol) || e > tol) {
				snprintf(err, errlen, "%s:%ld: status ok but %s '%s' %s %s '%s'", t->path,
					 t->lines[r], verify[k][0], csv_table_get(t, r, verify[k][0]),
					 isfinite(e) && isfinite(tol) ? "exceeds" : "is not comparable with",
					 verify[k][1], csv_table_get(t, r, verify[k][1]));
				return -1;
			}
		}
	}
	return 0;
}

/* the rows a target uses name their commits: the row's own git_commit/git_dirty where the runner
 * wrote them, else its invocation's in meta.csv */
static void note_commit(struct render_ctx *c, const struct csv_table *t, size_t r)
{
	const char *g = csv_table_get(t, r, "git_commit"), *d = csv_table_get(t, r, "git_dirty");
	const char *id = csv_table_get(t, r, "run_id");
	const struct render_meta *m = NULL;
	for (size_t k = 0; id && k < c->nmeta && !m; k++)
		if (!strcmp(c->meta[k].run_id, id))
			m = &c->meta[k];
	if (!g || !*g || !strcmp(g, "NA"))
		g = m ? m->commit : "";
	c->dirty |= (d && !strcmp(d, "yes")) || (m && m->dirty);
	if (!*g)
		return;
	for (size_t k = 0; k < c->ncommits; k++)
		if (!strncmp(c->commits[k], g, 7))
			return;
	if (c->ncommits < NELEM(c->commits))
		snprintf(c->commits[c->ncommits++], sizeof(c->commits[0]), "%.7s", g);
}

static double model_gs(const struct point *p)
{
	return isfinite(p->model_run) ? p->model_run : p->have_model ? p->mp.gstencil_per_s : NAN;
}

static int target_load(struct render_ctx *c, const char *name, struct target *t, char *err, size_t errlen)
{
	char path[1024];
	memset(t, 0, sizeof(*t));
	snprintf(path, sizeof(path), "%s/experiments/%s.csv", c->root, name);
	if (experiment_read(path, model_method_names(), &t->cfgs, &t->n, err, errlen) != 0)
		return -1;
	if (c->rundir[0]) {
		snprintf(path, sizeof(path), "%s/%s.csv", c->rundir, name);
		struct stat st;
		if (stat(path, &st) == 0) {
			if (csv_table_read(path, &t->run, err, errlen) != 0) {
				free(t->cfgs);
				return -1;
			}
			t->have_run = 1;
			if (csv_table_require(&t->run, run_need, err, errlen) != 0 ||
			    run_sane(&t->run, err, errlen) != 0) {
				target_free(t);
				return -1;
			}
			/* rows of a QUICK invocation label the whole table */
			if (csv_table_col(&t->run, "run_id") >= 0)
				for (size_t r = 0; r < t->run.nrows; r++)
					for (size_t q = 0; q < c->nquick; q++)
						c->quick |= !strcmp(csv_table_get(&t->run, r, "run_id"), c->quick_ids[q]);
		}
	}
	t->p = calloc(t->n, sizeof(*t->p));
	for (size_t i = 0; i < t->n; i++) {
		struct point *p = &t->p[i];
		p->cfg = &t->cfgs[i];
		p->run_row = t->have_run ? find_row(&t->run, p->cfg) : -1;
		p->status = p->run_row >= 0 ? csv_table_get(&t->run, (size_t)p->run_row, "status") : "not run";
		int ok = p->run_row >= 0 && !strcmp(p->status, "ok");
		/* a wrong or skipped kernel's speed is never a result */
		p->measured = ok ? num(&t->run, p->run_row, "gstencil_per_s") : NAN;
		p->F_m = ok ? num(&t->run, p->run_row, "F_measured") : NAN;
		p->Q_m = ok ? num(&t->run, p->run_row, "Q_measured") : NAN;
		p->I_m = ok ? num(&t->run, p->run_row, "I_measured") : NAN;
		p->model_run = num(&t->run, p->run_row, "model_gstencil_per_s");
		/* throttling: samples below 75 % of the max SM clock kept in the row (absent: none) */
		p->thr_samples = num(&t->run, p->run_row, "throttled_samples");
		p->samples = num(&t->run, p->run_row, "samples");
		p->clk_median = num(&t->run, p->run_row, "sm_clock_median_mhz");
		p->clk_min = num(&t->run, p->run_row, "sm_clock_min_mhz");
		p->throttled = p->run_row >= 0 && isfinite(p->thr_samples) && p->thr_samples > 0;
		c->throttled |= p->throttled;
		if (ok && isfinite(p->clk_median)) {   /* the clocks the rows ran at */
			c->clk_lo = fmin(c->clk_lo, p->clk_median);
			c->clk_hi = fmax(c->clk_hi, p->clk_median);
			/* under 90 % of the maximum but not throttled (75 %): slower all the same, named */
			if (isfinite(c->max_clock) && p->clk_median < 0.9 * c->max_clock && !p->throttled &&
			    p->clk_median >= 0.75 * c->max_clock && c->nslow++ < 3)
				snprintf(c->slow + strlen(c->slow), sizeof(c->slow) - strlen(c->slow), "%s%s %s t=%d "
					 "(%.0f MHz)", c->nslow > 1 ? ", " : "", p->cfg->method, p->cfg->stencil->name,
					 p->cfg->fusion, p->clk_median);
		}
		if (ok && p->run_row >= 0) {   /* the timing window of the row (absent: runs before it) */
			const char *w = csv_table_get(&t->run, (size_t)p->run_row, "window");
			c->hot |= w && !strcmp(w, "hot");
		}
		if (p->run_row >= 0)
			note_commit(c, &t->run, (size_t)p->run_row);
		struct model_input in = { p->cfg->stencil, p->cfg->fusion, p->cfg->dtype,
					  model_method_find(p->cfg->method), -1,
					  num(&t->run, p->run_row, "sigma"), &c->hw };
		char why[256];
		p->have_model = in.method && model_eval(&in, &p->mp, why, sizeof(why)) == 0;
		in.sigma_override = NAN;   /* the method's own sigma rule */
		p->have_rule = in.method && model_eval(&in, &p->rule, why, sizeof(why)) == 0;
		/* a rate above the model's roof on this run's ceilings is no measurement: checked against
		 * the renderer's own model too, not only the number the row carries */
		double mg = model_gs(p);
		if (p->have_model && isfinite(p->mp.gstencil_per_s) && !(mg <= p->mp.gstencil_per_s))
			mg = p->mp.gstencil_per_s;
		if (ok && isfinite(mg) && p->measured > 1.05 * mg) {
			roof_err(err, errlen, &t->run, (size_t)p->run_row, p->measured, mg);
			target_free(t);
			return -1;
		}
	}
	return 0;
}

static const struct point *find_label(const struct target *t, const char *label)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->cfgs[i].label, label))
			return &t->p[i];
	return NULL;
}

static void fmt(char *b, size_t n, double v, int dec)
{
	if (isfinite(v))
		snprintf(b, n, "%.*f", dec, v);
	else
		snprintf(b, n, "NA");
}

/* a measured rate: the number, "(throttled N/M)" after a throttled row's, the status for a row
 * that is not ok (a wrong or skipped kernel's speed is never shown) */
static void fmt_rate(char *b, size_t n, const struct point *p, int dec)
{
	if (strcmp(p->status, "ok")) {
		snprintf(b, n, "%s", p->status);
		return;
	}
	fmt(b, n, p->measured, dec);
	if (p->throttled) {
		size_t l = strlen(b);
		if (isfinite(p->samples))
			snprintf(b + l, n - l, " (throttled %.0f/%.0f)", p->thr_samples, p->samples);
		else
			snprintf(b + l, n - l, " (throttled %.0f)", p->thr_samples);
	}
}

/* the columns every rendered CSV ends with: the row's throttling and SM clocks */
#define RUN_COLS "throttled", "throttled_samples", "samples", "sm_clock_median_mhz", "sm_clock_min_mhz"

static void put_run_cols(struct csv_writer *w, const struct point *p)
{
	csv_put_int(w, p->throttled);
	csv_put_num(w, p->thr_samples);
	csv_put_num(w, p->samples);
	csv_put_num(w, p->clk_median);
	csv_put_num(w, p->clk_min);
}

static void fmt_pct(char *b, size_t n, double measured, double ref)
{
	if (isfinite(measured) && isfinite(ref) && ref != 0)
		snprintf(b, n, "%+.1f %%", (measured / ref - 1) * 100);
	else
		snprintf(b, n, "NA");
}

/* a model scenario 1-4, or NA when the pair has none */
static void fmt_scenario(char *b, size_t n, int scenario)
{
	if (scenario > 0)
		snprintf(b, n, "%d", scenario);
	else
		snprintf(b, n, "NA");
}

/* the paper's printed analytic / measured pair of a row, "blank" where the paper left it blank */
static void paper_pair(char *b, size_t n, const struct csv_table *paper, long row, const char *col,
		       const char *col_measured)
{
	const char *v = row >= 0 ? csv_table_get(paper, (size_t)row, col) : "";
	const char *m = row >= 0 ? csv_table_get(paper, (size_t)row, col_measured) : "";
	snprintf(b, n, "%s / %s", *v ? v : "blank", *m ? m : "blank");
}

static double rel(double a, double b)
{
	return isfinite(a) && isfinite(b) && b != 0 ? a / b - 1 : NAN;
}

/* outputs: outdir/NAME.csv and outdir/NAME.md */
struct outputs {
	struct csv_writer w;
	struct md_table md;
};

static int outputs_open(struct render_ctx *c, const char *name, struct outputs *o, const char *const *cols,
			size_t ncols, const char *title, const char *const *notes, const char *const *mdcols,
			size_t nmd, char *err, size_t errlen)
{
	char csv[1024], md[1024], full[1024], commits[512] = "";
	snprintf(csv, sizeof(csv), "%s/%s.csv", c->outdir, name);
	snprintf(md, sizeof(md), "%s/%s.md", c->outdir, name);
	if (c->rundir[0]) {   /* provenance: the commits of the rows used (none used: the run's) */
		size_t n = 0, used = 0;
		char list[8][48];
		for (size_t k = 0; k < c->ncommits; k++)
			snprintf(list[n++], sizeof(list[0]), "%s", c->commits[k]);
		for (size_t k = 0; !c->ncommits && k < c->nmeta; k++) {
			int seen = !c->meta[k].commit[0];
			for (size_t j = 0; j < n && !seen; j++)
				seen = !strncmp(list[j], c->meta[k].commit, 7);
			if (!seen && n < NELEM(list))
				snprintf(list[n++], sizeof(list[0]), "%.7s", c->meta[k].commit);
		}
		used = (size_t)snprintf(commits, sizeof(commits), ", commit%s ", n > 1 ? "s" : "");
		for (size_t j = 0; j < n && used < sizeof(commits); j++)
			used += (size_t)snprintf(commits + used, sizeof(commits) - used, "%s%s", j ? ", " : "", list[j]);
		if (!n)
			snprintf(commits, sizeof(commits), ", commit unknown");
	}
	snprintf(full, sizeof(full), "%s on %s%s%s%s", title, c->title, commits,
		 c->rundir[0] && c->dirty ? ", DIRTY TREE (not a recorded result)" : "",
		 c->quick ? ", QUICK smoke run (short warm-up, few samples)" : "");
	if (csv_writer_open(&o->w, csv, cols, ncols) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	if (md_open(&o->md, md, full, notes, mdcols, nmd) != 0) {
		csv_writer_abort(&o->w);
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

static const char window_note[] =
	"Timing: each sample evicts the L2 first and holds the launch and the write-back of what it "
	"wrote (two reads of twice the L2 after it, their own cost subtracted); counters likewise "
	"(REPRODUCE.md, Timing protocol).";
static const char hot_note[] =
	"Timing: SOME ROWS WERE TIMED HOT (--hot: launches back to back, no L2 eviction, no write-back "
	"in the window); they are not comparable with write-back rows.";
static const char throttle_note[] =
	"throttled N/M: N of the row's M timed samples ran below 75 % of the GPU's maximum SM clock "
	"(after the runner's retakes); the rate is shown but is not a full-clock result. The CSV "
	"carries throttled (0/1), throttled_samples, samples and the SM clock columns.";

static int outputs_close(struct render_ctx *c, const char *name, struct outputs *o, char *err, size_t errlen)
{
	(void)name;
	if (c->throttled)
		md_note(&o->md, throttle_note);
	if (c->rundir[0])
		md_note(&o->md, c->hot ? hot_note : window_note);
	if (c->rundir[0] && c->clk_hi > 0) {   /* the clocks, and the rows well under the maximum */
		char note[512];
		int n = snprintf(note, sizeof(note), "SM clock, each row's median: %.0f-%.0f MHz", c->clk_lo,
				 c->clk_hi);
		if (isfinite(c->max_clock))
			n += snprintf(note + n, sizeof(note) - (size_t)n, " (maximum %.0f)", c->max_clock);
		if (c->nslow)
			snprintf(note + n, sizeof(note) - (size_t)n, "; %d row%s under 90 %% of the maximum, "
				 "above the 75 %% retake threshold but slower: %s%s", c->nslow, c->nslow > 1 ? "s" : "",
				 c->slow, c->nslow > 3 ? ", ..." : "");
		md_note(&o->md, note);
	}
	/* both or neither: a CSV that could not be written takes its Markdown with it */
	int a = csv_writer_close(&o->w), b = a ? (md_abort(&o->md), -1) : md_close(&o->md);
	if (a || b) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

static int load_paper(struct render_ctx *c, const char *name, const char *const *need, struct csv_table *t,
		      char *err, size_t errlen)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/data/paper/%s.csv", c->root, name);
	if (csv_table_read(path, t, err, errlen) != 0)
		return -1;
	if (csv_table_require(t, need, err, errlen) != 0) {
		csv_table_free(t);
		return -1;
	}
	return 0;
}

static long paper_row(const struct csv_table *t, const char *k1, const char *v1, const char *k2, const char *v2)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (!strcmp(csv_table_get(t, r, k1), v1) && (!k2 || !strcmp(csv_table_get(t, r, k2), v2)))
			return (long)r;
	return -1;
}

/* a paper table's rendering: its target, the paper's table (the columns pneed) and its outputs,
 * opened together and closed together; on failure nothing stays open */
static int table_open(struct render_ctx *c, const char *name, const char *const *pneed, struct target *t,
		      struct csv_table *paper, struct outputs *o, const char *const *cols, size_t ncols,
		      const char *title, const char *const *notes, const char *const *md, size_t nmd,
		      char *err, size_t errlen)
{
	if (target_load(c, name, t, err, errlen) != 0)
		return -1;
	if (load_paper(c, name, pneed, paper, err, errlen) != 0) {
		target_free(t);
		return -1;
	}
	if (outputs_open(c, name, o, cols, ncols, title, notes, md, nmd, err, errlen) != 0) {
		target_free(t);
		csv_table_free(paper);
		return -1;
	}
	return 0;
}

static int table_close(struct render_ctx *c, const char *name, struct target *t, struct csv_table *paper,
		       struct outputs *o, char *err, size_t errlen)
{
	target_free(t);
	csv_table_free(paper);
	return outputs_close(c, name, o, err, errlen);
}

/* ---- tcs Table 2: F, Q, I analytic vs counter-measured, beside the paper's ---- */

static int tcs_table2(struct render_ctx *c, char *err, size_t errlen)
{
	struct target t;
	struct csv_table paper;
	struct outputs o;
	static const char *const pneed[] = { "row", "F", "F_measured", "Q", "Q_measured", "I", "I_measured", NULL };
	static const char *const cols[] = { "row", "method", "stencil", "fusion", "dtype", "sigma", "rho",
		"F_model", "F_measured", "F_rel_err", "Q_model", "Q_measured", "Q_rel_err", "I_model",
		"I_measured", "I_rel_err", "paper_F", "paper_F_measured", "paper_Q", "paper_Q_measured",
		"paper_I", "paper_I_measured", "status", "sigma_paper_rule", "F_paper_rule", "F_plan",
		"gstencil_per_s", RUN_COLS };
	static const char *const md[] = { "row", "method", "stencil t dtype", "sigma rule / plan",
		"F: paper's rule / kernel's plan / counters (vs plan)", "Q model / measured (err)",
		"I model / measured (err)", "paper F / F meas.", "paper Q / Q meas.", "paper I / I meas.",
		"GStencil/s", "status" };
	static const char *const notes[] = {
		"F per point three ways. Paper's rule: the tcs model with the method's own sigma rule (what the "
		"paper's analytic column computes, e.g. sigma 0.5 for ConvStencil). Kernel's plan: the same model "
		"with the sigma this kernel really runs (this run's row; the F_model/F_plan columns). Counters: "
		"CUPTI tensor or FMA FLOPs per point on the run's GPU (F_measured), its error against the plan. "
		"On CUDA cores sigma is 1 and rule and plan coincide (\"rule = plan\"); a tensor-core row without "
		"a run row has no plan (NA). Q and I: the model (the plan where there is one) against the counters. Paper: the A100's analytic and ncu-measured columns as "
		"printed; blank cells are the paper's own blanks (rows 6, 8, 10).", NULL };
	if (table_open(c, "tcs-table2", pneed, &t, &paper, &o, cols, NELEM(cols), "tcs Table 2: F/Q/I validation",
		       notes, md, NELEM(md), err, errlen) != 0)
		return -1;
	for (size_t i = 0; i < t.n; i++) {
		const struct point *p = &t.p[i];
		const char *rowno = p->cfg->label + (strncmp(p->cfg->label, "row ", 4) ? 0 : 4);
		long pr = paper_row(&paper, "row", rowno, NULL, NULL);
		double Fm = p->have_model ? p->mp.F : NAN, Qm = p->have_model ? p->mp.Q : NAN, Im = p->have_model ? p->mp.I : NAN;
		double Fr = p->have_rule ? p->rule.F : NAN, sr = p->have_rule ? p->rule.sigma : NAN;
		/* the kernel's plan is its run row's sigma: without one there is no plan to show */
		int planned = isfinite(num(&t.run, p->run_row, "sigma")) || (p->have_rule && p->rule.unit == UNIT_CC);
		double Fp = planned ? Fm : NAN, sp = planned && p->have_model ? p->mp.sigma : NAN;
		csv_put_str(&o.w, rowno);
		csv_put_str(&o.w, p->cfg->method);
		csv_put_str(&o.w, p->cfg->stencil->name);
		csv_put_int(&o.w, p->cfg->fusion);
		csv_put_str(&o.w, dtype_table[p->cfg->dtype].name);
		csv_put_num(&o.w, p->have_model ? p->mp.sigma : NAN);
		csv_put_num(&o.w, p->have_model ? p->mp.rho : NAN);
		csv_put_num(&o.w, Fm);
		csv_put_num(&o.w, p->F_m);
		csv_put_num(&o.w, rel(p->F_m, Fm));
		csv_put_num(&o.w, Qm);
		csv_put_num(&o.w, p->Q_m);
		csv_put_num(&o.w, rel(p->Q_m, Qm));
		csv_put_num(&o.w, Im);
		csv_put_num(&o.w, p->I_m);
		csv_put_num(&o.w, rel(p->I_m, Im));
		static const char *const pc[] = { "F", "F_measured", "Q", "Q_measured", "I", "I_measured" };
		for (int k = 0; k < 6; k++)
			csv_put_num(&o.w, num(&paper, pr, pc[k]));
		csv_put_str(&o.w, p->status);
		csv_put_num(&o.w, sr);
		csv_put_num(&o.w, Fr);
		csv_put_num(&o.w, Fp);
		csv_put_num(&o.w, p->measured);
		put_run_cols(&o.w, p);
		csv_end_row(&o.w);
		char st[96], sg[64], F[192], Q[160], I[160], pF[64], pQ[64], pI[64], a[32], b[32], e[32], r[32], G[64];
		char sa[24], sb[24];
		snprintf(st, sizeof(st), "%s t=%d %s", p->cfg->stencil->name, p->cfg->fusion, dtype_table[p->cfg->dtype].name);
		fmt(sa, sizeof(sa), sr, 4);
		fmt(sb, sizeof(sb), sp, 4);
		snprintf(sg, sizeof(sg), "%s / %s", sa, sb);
		fmt(r, sizeof(r), Fr, 1), fmt(a, sizeof(a), Fp, 1), fmt(b, sizeof(b), p->F_m, 1);
		fmt_pct(e, sizeof(e), p->F_m, Fp);
		if (!strcmp(r, a))   /* CUDA cores, or a kernel that runs the paper's sigma */
			snprintf(F, sizeof(F), "rule = plan %s / counters %s (%s)", a, b, e);
		else
			snprintf(F, sizeof(F), "rule %s / plan %s / counters %s (%s)", r, a, b, e);
		fmt(a, sizeof(a), Qm, 2), fmt(b, sizeof(b), p->Q_m, 2), fmt_pct(e, sizeof(e), p->Q_m, Qm);
		snprintf(Q, sizeof(Q), "%s / %s (%s)", a, b, e);
		fmt(a, sizeof(a), Im, 2), fmt(b, sizeof(b), p->I_m, 2), fmt_pct(e, sizeof(e), p->I_m, Im);
		snprintf(I, sizeof(I), "%s / %s (%s)", a, b, e);
		paper_pair(pF, sizeof(pF), &paper, pr, "F", "F_measured");
		paper_pair(pQ, sizeof(pQ), &paper, pr, "Q", "Q_measured");
		paper_pair(pI, sizeof(pI), &paper, pr, "I", "I_measured");
		fmt_rate(G, sizeof(G), p, 1);
		const char *cells[] = { rowno, p->cfg->method, st, sg, F, Q, I, pF, pQ, pI, G, p->status };
		md_row(&o.md, cells);
	}
	return table_close(c, "tcs-table2", &t, &paper, &o, err, errlen);
}

/* ---- tcs Table 3: cases 1-6, CUDA cores vs tensor cores ---- */

static int tcs_table3(struct render_ctx *c, char *err, size_t errlen)
{
	struct target t;
	struct csv_table paper;
	struct outputs o;
	static const char *const pneed[] = { "case", "unit", "gstencil_per_s", "scenario", NULL };
	static const char *const cols[] = { "case", "unit", "method", "stencil", "fusion", "dtype", "I_model",
		"ridge", "bound", "gstencil_per_s", "model_gstencil_per_s", "paper_gstencil_per_s",
		"measured_vs_paper", "speedup_measured", "speedup_model", "scenario_model", "scenario_paper",
		"status", RUN_COLS };
	static const char *const md[] = { "case", "method", "I (model)", "ridge", "bound", "GStencil/s measured",
		"model", "paper (A100)", "TC / CC measured", "TC / CC model", "scenario here", "paper's scenario" };
	static const char *const notes[] = {
		"Model: AI, ridge point and bottleneck on this GPU's ceilings (the run's ceilings.csv; without a run, the "
		"datasheet's) with each kernel's sigma; "
		"scenario 1-4 and the predicted speedup (eq. 13) from the pair. Measured: the median GStencil/s "
		"of the full protocol. Paper: the A100-80GB PCIe values and scenarios of tcs Table 3.", NULL };
	if (table_open(c, "tcs-table3", pneed, &t, &paper, &o, cols, NELEM(cols), "tcs Table 3: cases 1-6", notes, md, NELEM(md),
		       err, errlen) != 0)
		return -1;
	for (int cs = 1; cs <= 6; cs++) {
		char lc[32], lt[32], cstr[8];
		snprintf(lc, sizeof(lc), "case %d cc", cs);
		snprintf(lt, sizeof(lt), "case %d tc", cs);
		snprintf(cstr, sizeof(cstr), "%d", cs);
		const struct point *pc = find_label(&t, lc), *pt = find_label(&t, lt);
		if (!pc || !pt)
			continue;
		struct model_comparison cmp = { 0, NAN, -1, NAN };
		if (pc->have_model && pt->have_model)
			model_compare(&pt->mp, &pc->mp, &cmp);
		double sm = pt->measured / pc->measured;
		for (int k = 0; k < 2; k++) {
			const struct point *p = k ? pt : pc;
			long pr = -1;     /* the paper's row of this case on this unit (cc, or tc/sptc) */
			for (size_t r = 0; r < paper.nrows; r++)
				if (!strcmp(csv_table_get(&paper, r, "case"), cstr) &&
				    (k == 0) == !strcmp(csv_table_get(&paper, r, "unit"), "cc"))
					pr = (long)r;
			double paper_gs = num(&paper, pr, "gstencil_per_s");
			csv_put_int(&o.w, cs);
			csv_put_str(&o.w, k ? unit_name(p->have_model ? p->mp.unit : UNIT_TC) : "cc");
			csv_put_str(&o.w, p->cfg->method);
			csv_put_str(&o.w, p->cfg->stencil->name);
			csv_put_int(&o.w, p->cfg->fusion);
			csv_put_str(&o.w, dtype_table[p->cfg->dtype].name);
			csv_put_num(&o.w, p->have_model ? p->mp.I : NAN);
			csv_put_num(&o.w, p->have_model ? p->mp.ridge : NAN);
			csv_put_str(&o.w, p->have_model ? bound_name(p->mp.bound) : "NA");
			csv_put_num(&o.w, p->measured);
			csv_put_num(&o.w, model_gs(p));
			csv_put_num(&o.w, paper_gs);
			csv_put_num(&o.w, rel(p->measured, paper_gs));
			csv_put_num(&o.w, k ? sm : NAN);
			csv_put_num(&o.w, k ? cmp.speedup : NAN);
			char sc[16];
			fmt_scenario(sc, sizeof(sc), cmp.scenario);
			csv_put_str(&o.w, sc);
			csv_put_str(&o.w, pr >= 0 ? csv_table_get(&paper, pr, "scenario") : "");
			csv_put_str(&o.w, p->status);
			put_run_cols(&o.w, p);
			csv_end_row(&o.w);
			char name[64], I[32], R[32], G[64], M[32], P[32], S1[32], S2[32];
			snprintf(name, sizeof(name), "%s %s", p->cfg->method, dtype_table[p->cfg->dtype].name);
			fmt(I, sizeof(I), p->have_model ? p->mp.I : NAN, 2);
			fmt(R, sizeof(R), p->have_model ? p->mp.ridge : NAN, 1);
			fmt_rate(G, sizeof(G), p, 1);
			fmt(M, sizeof(M), model_gs(p), 1);
			fmt(P, sizeof(P), paper_gs, 2);
			fmt(S1, sizeof(S1), k ? sm : NAN, 2);
			fmt(S2, sizeof(S2), k ? cmp.speedup : NAN, 2);
			const char *cells[] = { cstr, name, I, R, p->have_model ? bound_name(p->mp.bound) : "NA", G, M, P,
						k ? S1 : "", k ? S2 : "", sc, pr >= 0 ? csv_table_get(&paper, pr, "scenario") : "" };
			md_row(&o.md, cells);
		}
	}
	return table_close(c, "tcs-table3", &t, &paper, &o, err, errlen);
}

/* ---- tcs Table 4: SPIDER dense vs sparse ---- */

static int tcs_table4(struct render_ctx *c, char *err, size_t errlen)
{
	struct target t;
	struct csv_table paper;
	struct outputs o;
	static const char *const pneed[] = { "method", "gstencil_per_s", "prose_speedup", NULL };
	static const char *const cols[] = { "method", "unit", "I_model", "ridge", "bound", "gstencil_per_s",
		"model_gstencil_per_s", "paper_gstencil_per_s", "ratio_measured", "ratio_paper", "ratio_model_bound",
		"status", RUN_COLS };
	static const char *const md[] = { "method", "I (model)", "ridge", "bound", "GStencil/s measured", "model",
		"paper (A100)", "sparse / dense measured", "paper", "model bound (ceiling ratio)" };
	static const char *const notes[] = {
		"box2d1r fused 7 times, tf32. The model bounds sparse over dense by the ratio of this GPU's measured "
		"sparse and dense tf32 MMA ceilings (the same kernel on both).", NULL };
	if (table_open(c, "tcs-table4", pneed, &t, &paper, &o, cols, NELEM(cols), "tcs Table 4: SPIDER dense vs sparse", notes, md, NELEM(md),
		       err, errlen) != 0)
		return -1;
	const struct point *pd = find_label(&t, "dense"), *ps = find_label(&t, "sparse");
	double ratio = pd && ps ? ps->measured / pd->measured : NAN;
	double bound = pd && ps && pd->have_model && ps->have_model ? ps->mp.peak_tflops / pd->mp.peak_tflops : NAN;
	long prs = paper_row(&paper, "method", "spider", NULL, NULL);
	for (int k = 0; k < 2 && pd && ps; k++) {
		const struct point *p = k ? ps : pd;
		long pr = paper_row(&paper, "method", p->cfg->method, NULL, NULL);
		csv_put_str(&o.w, p->cfg->method);
		csv_put_str(&o.w, p->have_model ? unit_name(p->mp.unit) : "NA");
		csv_put_num(&o.w, p->have_model ? p->mp.I : NAN);
		csv_put_num(&o.w, p->have_model ? p->mp.ridge : NAN);
		csv_put_str(&o.w, p->have_model ? bound_name(p->mp.bound) : "NA");
		csv_put_num(&o.w, p->measured);
		csv_put_num(&o.w, model_gs(p));
		csv_put_num(&o.w, num(&paper, pr, "gstencil_per_s"));
		csv_put_num(&o.w, k ? ratio : NAN);
		csv_put_num(&o.w, k ? num(&paper, prs, "prose_speedup") : NAN);
		csv_put_num(&o.w, k ? bound : NAN);
		csv_put_str(&o.w, p->status);
		put_run_cols(&o.w, p);
		csv_end_row(&o.w);
		char I[32], R[32], G[64], M[32], P[32], r1[32], r2[32], r3[32];
		fmt(I, sizeof(I), p->have_model ? p->mp.I : NAN, 1);
		fmt(R, sizeof(R), p->have_model ? p->mp.ridge : NAN, 1);
		fmt_rate(G, sizeof(G), p, 1);
		fmt(M, sizeof(M), model_gs(p), 1);
		fmt(P, sizeof(P), num(&paper, pr, "gstencil_per_s"), 2);
		fmt(r1, sizeof(r1), ratio, 2);
		fmt(r2, sizeof(r2), num(&paper, prs, "prose_speedup"), 2);
		fmt(r3, sizeof(r3), bound, 2);
		const char *cells[] = { p->cfg->method, I, R, p->have_model ? bound_name(p->mp.bound) : "NA", G, M, P,
					k ? r1 : "", k ? r2 : "", k ? r3 : "" };
		md_row(&o.md, cells);
	}
	return table_close(c, "tcs-table4", &t, &paper, &o, err, errlen);
}

/* ---- the harness's kernels beside the authors' own artifacts (same GPU, side by side) ---- */

/* the authors' row of a configuration: same stencil, dtype, fusion, size and method (the harness
 * method it is compared with, without its option); -1 when there is none */
static long authors_row(const struct csv_table *a, const struct run_config *cfg)
{
	char fus[16];
	snprintf(fus, sizeof(fus), "%d", cfg->fusion);
	for (size_t r = 0; r < a->nrows; r++)
		if (!strcmp(csv_table_get(a, r, "stencil"), cfg->stencil->name) &&
		    !strcmp(csv_table_get(a, r, "dtype"), dtype_table[cfg->dtype].name) &&
		    !strcmp(csv_table_get(a, r, "fusion"), fus) && !strcmp(csv_table_get(a, r, "size"), cfg->size) &&
		    !strcmp(csv_table_get(a, r, "method"), cfg->method))
			return (long)r;
	return -1;
}

static int kernels_vs_authors(struct render_ctx *c, char *err, size_t errlen)
{
	struct target t;
	struct csv_table a;
	struct outputs o;
	static const char *const pneed[] = { "stencil", "dtype", "fusion", "size", "method", "artifact",
		"artifact_setting", "artifact_accumulation", "gstencil_per_s", "own_depth",
		"gstencil_per_s_own_depth", "source", NULL };
	static const char *const cols[] = { "label", "stencil", "dtype", "fusion", "size", "method", "artifact",
		"artifact_setting", "artifact_accumulation", "gstencil_per_s", "authors_gstencil_per_s",
		"ratio_vs_authors", "authors_own_depth", "authors_gstencil_per_s_own_depth",
		"ratio_vs_authors_own_depth", "model_gstencil_per_s", "share_of_roof_pct", "status", "gpu",
		RUN_COLS };
	static const char *const md[] = { "problem", "harness method", "GStencil/s measured", "authors' artifact",
		"authors' GStencil/s (H200)", "harness / authors", "model", "of roof", "status" };
	char caveat[512] = "";
	const char *notes[] = {
		"The harness's kernels beside the papers' authors' own public artifacts (SPIDER, EBISU, "
		"ConvStencil, TCStencil). The authors' numbers were measured with their artifacts on an H200 "
		"(132 SMs, driver 580.159.04, CUDA 13.0), side by side with the harness (data/paper/"
		"kernels-vs-authors.csv); GStencil/s is interior points x time steps / time for both, the "
		"artifacts' own normalisation factors removed. harness / authors: the measured rate over the "
		"authors' (for EBISU box3d1r fp64 also over the artifact at its own depth 5). Model: the "
		"attainable GStencil/s on this run's ceilings (without a run, the datasheet's) with the "
		"kernel's sigma; of roof: measured / model.", caveat, NULL };
	/* the authors' numbers are an H200's: on another GPU the ratio compares two GPUs */
	if (c->rundir[0] && !strstr(c->gpu, "H200"))
		snprintf(caveat, sizeof(caveat), "This run's GPU is %s, not an H200: harness / authors compares "
			 "different GPUs, not the kernels alone.", c->gpu);
	else
		notes[1] = NULL;
	if (table_open(c, "kernels-vs-authors", pneed, &t, &a, &o, cols, NELEM(cols),
		       "The harness's kernels vs the authors' artifacts", notes, md, NELEM(md), err, errlen) != 0)
		return -1;
	for (size_t i = 0; i < t.n; i++) {
		const struct point *p = &t.p[i];
		long ar = authors_row(&a, p->cfg);
		double ag = num(&a, ar, "gstencil_per_s"), ao = num(&a, ar, "gstencil_per_s_own_depth");
		double od = num(&a, ar, "own_depth"), mg = model_gs(p);
		double share = 100 * p->measured / mg;
		const char *art = ar >= 0 ? csv_table_get(&a, ar, "artifact") : "";
		const char *set = ar >= 0 ? csv_table_get(&a, ar, "artifact_setting") : "";
		const char *acc = ar >= 0 ? csv_table_get(&a, ar, "artifact_accumulation") : "";
		char mname[64];   /* a variant keeps its option: spider:f16acc */
		method_variant_name(p->cfg->method, p->cfg->option, mname, sizeof(mname));
		csv_put_str(&o.w, p->cfg->label);
		csv_put_str(&o.w, p->cfg->stencil->name);
		csv_put_str(&o.w, dtype_table[p->cfg->dtype].name);
		csv_put_int(&o.w, p->cfg->fusion);
		csv_put_str(&o.w, p->cfg->size);
		csv_put_str(&o.w, mname);
		csv_put_str(&o.w, art);
		csv_put_str(&o.w, set);
		csv_put_str(&o.w, acc);
		csv_put_num(&o.w, p->measured);
		csv_put_num(&o.w, ag);
		csv_put_num(&o.w, p->measured / ag);
		csv_put_num(&o.w, od);
		csv_put_num(&o.w, ao);
		csv_put_num(&o.w, p->measured / ao);
		csv_put_num(&o.w, mg);
		csv_put_num(&o.w, share);
		csv_put_str(&o.w, p->status);
		csv_put_str(&o.w, c->gpu);
		put_run_cols(&o.w, p);
		csv_end_row(&o.w);
		char prob[96], G[64], A[160], AG[96], R[96], M[32], S[32], x[32], y[32];
		snprintf(prob, sizeof(prob), "%s %s t=%d %s", p->cfg->stencil->name, dtype_table[p->cfg->dtype].name,
			 p->cfg->fusion, p->cfg->size);
		fmt_rate(G, sizeof(G), p, 1);
		/* "SPIDER (dense variant, f16 accumulate)" */
		snprintf(A, sizeof(A), "%s%s%s%s%s%s", ar >= 0 ? art : "NA", *set || *acc ? " (" : "", set,
			 *set && *acc ? ", " : "", acc, *set || *acc ? ")" : "");
		fmt(x, sizeof(x), ag, 1);
		fmt(y, sizeof(y), p->measured / ag, 2);
		snprintf(AG, sizeof(AG), "%s", x);
		snprintf(R, sizeof(R), "%s", y);
		if (isfinite(ao)) {   /* the artifact at its own depth too */
			fmt(x, sizeof(x), ao, 1);
			fmt(y, sizeof(y), p->measured / ao, 2);
			snprintf(AG + strlen(AG), sizeof(AG) - strlen(AG), " / %s at its own t=%.0f", x, od);
			snprintf(R + strlen(R), sizeof(R) - strlen(R), " / %s vs its own t=%.0f", y, od);
		}
		fmt(M, sizeof(M), mg, 1);
		if (isfinite(share))
			snprintf(S, sizeof(S), "%.1f %%", share);
		else
			snprintf(S, sizeof(S), "NA");
		const char *cells[] = { prob, mname, G, A, AG, R, M, S, p->status };
		md_row(&o.md, cells);
	}
	return table_close(c, "kernels-vs-authors", &t, &a, &o, err, errlen);
}

/* ---- figure data: one row per configuration ---- */

static int figure_rows(struct render_ctx *c, const char *name, const char *title, const char *note,
		       char *err, size_t errlen)
{
	struct target t;
	struct outputs o;
	if (target_load(c, name, &t, err, errlen) != 0)
		return -1;
	static const char *const cols[] = { "label", "stencil", "dtype", "method", "fusion", "size", "points",
		"gstencil_per_s", "model_gstencil_per_s", "efficiency", "I_model", "I_measured", "Q_model",
		"Q_measured", "status", RUN_COLS };
	static const char *const md[] = { "label", "stencil", "dtype", "method", "t", "size", "GStencil/s",
		"model", "of model", "I model / measured", "status" };
	const char *notes[] = { note, NULL };
	if (outputs_open(c, name, &o, cols, NELEM(cols), title, notes, md, NELEM(md), err, errlen)) {
		target_free(&t);
		return -1;
	}
	for (size_t i = 0; i < t.n; i++) {
		const struct point *p = &t.p[i];
		long pts = p->cfg->n[0] * (p->cfg->stencil->dims > 1 ? p->cfg->n[1] : 1) *
			   (p->cfg->stencil->dims > 2 ? p->cfg->n[2] : 1);
		double mg = model_gs(p);
		char mname[64];   /* a variant keeps its option: spider:L16 */
		method_variant_name(p->cfg->method, p->cfg->option, mname, sizeof(mname));
		csv_put_str(&o.w, p->cfg->label);
		csv_put_str(&o.w, p->cfg->stencil->name);
		csv_put_str(&o.w, dtype_table[p->cfg->dtype].name);
		csv_put_str(&o.w, mname);
		csv_put_int(&o.w, p->cfg->fusion);
		csv_put_str(&o.w, p->cfg->size);
		csv_put_int(&o.w, pts);
		csv_put_num(&o.w, p->measured);
		csv_put_num(&o.w, mg);
		csv_put_num(&o.w, p->measured / mg);
		csv_put_num(&o.w, p->have_model ? p->mp.I : NAN);
		csv_put_num(&o.w, p->I_m);
		csv_put_num(&o.w, p->have_model ? p->mp.Q : NAN);
		csv_put_num(&o.w, p->Q_m);
		csv_put_str(&o.w, p->status);
		put_run_cols(&o.w, p);
		csv_end_row(&o.w);
		char tt[8], G[64], M[32], E[32], I[64], a[24], b[24];
		snprintf(tt, sizeof(tt), "%d", p->cfg->fusion);
		fmt_rate(G, sizeof(G), p, 1);
		fmt(M, sizeof(M), mg, 1);
		if (isfinite(p->measured / mg))
			snprintf(E, sizeof(E), "%.0f %%", 100 * p->measured / mg);
		else
			snprintf(E, sizeof(E), "NA");
		fmt(a, sizeof(a), p->have_model ? p->mp.I : NAN, 2);
		fmt(b, sizeof(b), p->I_m, 2);
		snprintf(I, sizeof(I), "%s / %s", a, b);
		const char *cells[] = { p->cfg->label, p->cfg->stencil->name, dtype_table[p->cfg->dtype].name,
					mname, tt, p->cfg->size, G, M, E, I, p->status };
		md_row(&o.md, cells);
	}
	target_free(&t);
	return outputs_close(c, name, &o, err, errlen);
}

/* ---- tcs Figures 10 and 15: AI against fusion depth, with the linear fit ---- */

static int tcs_figure15(struct render_ctx *c, char *err, size_t errlen)
{
	if (figure_rows(c, "tcs-figure15", "tcs Figures 10 and 15: AI against fusion depth (ebisu)",
			"Model: I = 2Kt / 2D (tcs eq. 8). Measured: counter F over counter DRAM bytes per point "
			"at each depth. The fit is the least-squares line I = a + b t of tcs Figure 15.",
			err, errlen) != 0)
		return -1;
	/* the fits: one row per (stencil, dtype, t) with the fitted I, for the figure's lines */
	struct target t;
	if (target_load(c, "tcs-figure15", &t, err, errlen) != 0)
		return -1;
	char path[1024];
	snprintf(path, sizeof(path), "%s/tcs-figure15-fit.csv", c->outdir);
	struct csv_writer w;
	static const char *const cols[] = { "stencil", "dtype", "fusion", "I_fit", "a", "b", "r2", "b_model",
					    "ridge_fp32", "ridge_fp64" };
	if (csv_writer_open(&w, path, cols, NELEM(cols)) != 0) {
		target_free(&t);
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	const struct hw_row *hr;
	double bw = hw_get(&c->hw, "dram_copy_bandwidth", &hr);
	double r32 = hw_get(&c->hw, "fp32_fma", &hr) * 1e3 / bw, r64 = hw_get(&c->hw, "fp64_fma", &hr) * 1e3 / bw;
	for (size_t i = 0; i < t.n; i++) {
		if (i > 0 && t.cfgs[i].stencil == t.cfgs[i - 1].stencil && t.cfgs[i].dtype == t.cfgs[i - 1].dtype)
			continue;
		double x[64], y[64], bm = NAN;
		size_t n = 0, last = i;
		for (size_t j = i; j < t.n && t.cfgs[j].stencil == t.cfgs[i].stencil && t.cfgs[j].dtype == t.cfgs[i].dtype; j++) {
			if (t.p[j].have_model && j > i && t.p[j - 1].have_model)
				bm = t.p[j].mp.I - t.p[j - 1].mp.I;
			if (isfinite(t.p[j].I_m) && n < 64) {
				x[n] = t.cfgs[j].fusion;
				y[n++] = t.p[j].I_m;
			}
			last = j;
		}
		double a = NAN, b = NAN, r2 = NAN;
		if (n >= 2)
			linear_fit(x, y, n, &a, &b, &r2);
		for (size_t j = i; j <= last; j++) {
			csv_put_str(&w, t.cfgs[j].stencil->name);
			csv_put_str(&w, dtype_table[t.cfgs[j].dtype].name);
			csv_put_int(&w, t.cfgs[j].fusion);
			csv_put_num(&w, a + b * t.cfgs[j].fusion);
			csv_put_num(&w, a);
			csv_put_num(&w, b);
			csv_put_num(&w, r2);
			csv_put_num(&w, bm);
			csv_put_num(&w, r32);
			csv_put_num(&w, r64);
			csv_end_row(&w);
		}
	}
	target_free(&t);
	if (csv_writer_close(&w) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

/* ---- verdicts: the papers' claims against this GPU ---- */

struct claim_out {
	struct outputs o;
	int n;
};

/* the throttled rows a verdict uses, named in its basis ("uses throttled rows: case 1 cc ebisu") */
struct used {
	char s[512];
};

static void use(struct used *u, const struct point *p)
{
	char name[160], mname[64];
	if (!p || !p->throttled || strcmp(p->status, "ok"))   /* only rows whose numbers are used */
		return;
	method_variant_name(p->cfg->method, p->cfg->option, mname, sizeof(mname));
	if (p->cfg->label[0])
		snprintf(name, sizeof(name), "%s %s", p->cfg->label, mname);
	else
		snprintf(name, sizeof(name), "%s %s %s t=%d %s", p->cfg->stencil->name,
			 dtype_table[p->cfg->dtype].name, mname, p->cfg->fusion, p->cfg->size);
	for (const char *q = strstr(u->s, name); q; q = strstr(q + 1, name))
		if ((q == u->s || q[-1] == ' ') && (q[strlen(name)] == ',' || !q[strlen(name)]))
			return;   /* named already */
	size_t l = strlen(u->s);
	snprintf(u->s + l, sizeof(u->s) - l, "%s%s", l ? ", " : "", name);
}

static void claim(struct claim_out *co, const char *paper, const char *claim_text, const char *paper_value,
		  double here, const char *here_text, enum verdict v, const char *basis, const struct used *u)
{
	char h[96], b[1024];
	if (here_text)
		snprintf(h, sizeof(h), "%s", here_text);
	else
		fmt(h, sizeof(h), here, 2);
	snprintf(b, sizeof(b), "%s%s%s", basis, u->s[0] ? "; uses throttled rows: " : "", u->s);
	csv_put_str(&co->o.w, paper);
	csv_put_str(&co->o.w, claim_text);
	csv_put_str(&co->o.w, paper_value);
	csv_put_num(&co->o.w, here);
	csv_put_str(&co->o.w, verdict_name(v));
	csv_put_str(&co->o.w, b);
	csv_put_str(&co->o.w, u->s);
	csv_end_row(&co->o.w);
	const char *cells[] = { paper, claim_text, paper_value, h, verdict_name(v), b };
	md_row(&co->o.md, cells);
	co->n++;
}

static double geomean_ratio(const struct target *t, const char *num_m, const char *num_opt,
			    const char *const *den_ms, int best, struct used *u)
{
	/* over the stencils of t: num_m's (with option num_opt) GStencil/s over the best (or first) of
	 * den_ms (default variants) */
	double s = 0;
	int n = 0;
	for (size_t i = 0; i < t->n; i++) {
		if (strcmp(t->cfgs[i].method, num_m) || strcmp(t->cfgs[i].option, num_opt) ||
		    !isfinite(t->p[i].measured))
			continue;
		double d = NAN;
		size_t dj = 0;
		for (size_t j = 0; j < t->n; j++) {
			if (t->cfgs[j].stencil != t->cfgs[i].stencil || !isfinite(t->p[j].measured))
				continue;
			for (const char *const *m = den_ms; *m; m++)
				if (!strcmp(t->cfgs[j].method, *m) && !t->cfgs[j].option[0] &&
				    (!isfinite(d) || (best && t->p[j].measured > d)))
					d = t->p[j].measured, dj = j;
		}
		if (isfinite(d) && d > 0) {
			s += log(t->p[i].measured / d);
			n++;
			use(u, &t->p[i]);
			use(u, &t->p[dj]);
		}
	}
	return n ? exp(s / n) : NAN;
}

static int verdicts(struct render_ctx *c, char *err, size_t errlen)
{
	struct claim_out co = { 0 };
	static const char *const cols[] = { "paper", "claim", "paper_value", "this_gpu", "verdict", "basis",
					    "throttled_rows" };
	static const char *const notes[] = {
		"Each claim with the paper's number, this GPU's number (from this run's measured rows and "
		"ceilings) and a verdict. Not measurable: the run lacks the rows (no GPU, or a kernel skipped). "
		"A verdict resting on a throttled row (samples below 75 % of the maximum SM clock) names it.", NULL };
	/* the inputs first: a bad one fails before anything is opened, the previous files stay */
	struct target f15, t3, t4, s9, t2;
	int h15 = target_load(c, "tcs-figure15", &f15, err, errlen) == 0;
	int h3 = h15 && target_load(c, "tcs-table3", &t3, err, errlen) == 0;
	int h4 = h3 && target_load(c, "tcs-table4", &t4, err, errlen) == 0;
	int h9 = h4 && target_load(c, "sptc-figure9", &s9, err, errlen) == 0;
	int h2 = h9 && target_load(c, "tcs-table2", &t2, err, errlen) == 0;
	int ho = h2 && outputs_open(c, "verdicts", &co.o, cols, NELEM(cols), "Verdicts: the papers' claims", notes,
				    cols, NELEM(cols) - 1, err, errlen) == 0;
	if (!ho) {   /* err names the input */
		if (h2) target_free(&t2);
		if (h9) target_free(&s9);
		if (h4) target_free(&t4);
		if (h3) target_free(&t3);
		if (h15) target_free(&f15);
		return -1;
	}
	char buf[160];
	/* tcs 5.2.1: memory traffic independent of t (the CUDA-core method, each series of depths),
	 * judged separately in 2D and 3D, where the halos of deep fusion grow faster */
	for (int dims = 2; dims <= 3; dims++) {
		struct used u = { "" };
		double worst = 0;
		char where[96] = "";
		enum verdict v = V_HOLDS;
		int series = 0;
		for (size_t i = 0; i < f15.n; i++) {
			if (f15.cfgs[i].stencil->dims != dims ||
			    (i > 0 && f15.cfgs[i].stencil == f15.cfgs[i - 1].stencil && f15.cfgs[i].dtype == f15.cfgs[i - 1].dtype))
				continue;
			double q[16];
			size_t n = 0;
			for (size_t j = i; j < f15.n && n < 16; j++)
				if (f15.cfgs[j].stencil == f15.cfgs[i].stencil && f15.cfgs[j].dtype == f15.cfgs[i].dtype) {
					q[n++] = f15.p[j].Q_m;
					if (isfinite(f15.p[j].Q_m))
						use(&u, &f15.p[j]);
				}
			int fus[16];
			n = 0;
			for (size_t j = i; j < f15.n && n < 16; j++)
				if (f15.cfgs[j].stencil == f15.cfgs[i].stencil && f15.cfgs[j].dtype == f15.cfgs[i].dtype)
					fus[n++] = f15.cfgs[j].fusion;
			enum verdict vi = verdict_flat(q, n, 0.15);
			for (size_t k = 1; k < n; k++)
				if (isfinite(q[k] / q[0]) && fabs(q[k] / q[0] - 1) > worst) {
					worst = fabs(q[k] / q[0] - 1);
					snprintf(where, sizeof(where), " (%s %s t=%d)", f15.cfgs[i].stencil->name,
						 dtype_table[f15.cfgs[i].dtype].name, fus[k]);
				}
			/* one failing series fails the claim; an unmeasured one leaves it open */
			v = vi == V_FAILS || v == V_FAILS ? V_FAILS : vi == V_NA || v == V_NA ? V_NA : V_HOLDS;
			series++;
		}
		if (!series)
			v = V_NA;
		if (v == V_NA && !where[0])
			snprintf(buf, sizeof(buf), "NA");
		else
			snprintf(buf, sizeof(buf), "largest |Q(t)/Q(1) - 1|: %.1f %%%s", worst * 100, where);
		/* the size as the experiment list gives it */
		char basis[160];
		const char *size = "NA";
		for (size_t j = 0; j < f15.n; j++)
			if (f15.cfgs[j].stencil->dims == dims) {
				size = f15.cfgs[j].size;
				break;
			}
		snprintf(basis, sizeof(basis), "tcs-figure15: counter Q at t = 1..8, box and star, fp32 and "
			 "fp64, %s", size);
		claim(&co, "tcs 5.2.1", dims == 2 ? "memory traffic of the CUDA-core method is independent of t, 2D (within 15 %)"
						  : "memory traffic of the CUDA-core method is independent of t, 3D (within 15 %)",
		      "Q = 2D at every t", series && v != V_NA ? worst : NAN, buf, v,
		      basis, &u);
	}
	/* case 3: scenario 3 and SPIDER wins */
	{
		const struct point *cc = find_label(&t3, "case 3 cc"), *tc = find_label(&t3, "case 3 tc");
		struct used u = { "" };
		use(&u, cc);
		use(&u, tc);
		struct model_comparison cmp = { 0, NAN, -1, NAN };
		if (cc && tc && cc->have_model && tc->have_model)
			model_compare(&tc->mp, &cc->mp, &cmp);
		double sp = cc && tc ? tc->measured / cc->measured : NAN;
		char sc[16], spf[32];
		fmt_scenario(sc, sizeof(sc), cmp.scenario);
		fmt(spf, sizeof(spf), sp, 2);
		snprintf(buf, sizeof(buf), "scenario %s here; spider / ebisu = %s", sc, spf);
		enum verdict v = !isfinite(sp) || cmp.scenario <= 0 ? V_NA : (cmp.scenario == 3 && sp > 1) ? V_HOLDS : V_FAILS;
		claim(&co, "tcs 5.3", "case 3 (box2d1r t=7, float) is scenario 3 and SPIDER beats the CUDA-core method",
		      "scenario 3, 7.73x", sp, buf, v, "tcs-table3 case 3: model scenario on this GPU, measured speedup", &u);
	}
	/* Table 4: 3.06x sparse over dense, and the model's ceiling-ratio bound */
	{
		const struct point *pd = find_label(&t4, "dense"), *ps = find_label(&t4, "sparse");
		struct used u = { "" };
		use(&u, pd);
		use(&u, ps);
		double r = pd && ps ? ps->measured / pd->measured : NAN;
		double b = pd && ps && pd->have_model && ps->have_model ? ps->mp.peak_tflops / pd->mp.peak_tflops : NAN;
		claim(&co, "tcs Table 4", "SPIDER on sparse tensor cores is 3.06x SPIDER on dense ones", "3.06", r, NULL,
		      verdict_at_least(r, 3.06, 0.05), "tcs-table4: measured ratio", &u);
		char rf[32], bf[32];
		fmt(rf, sizeof(rf), r, 2);
		fmt(bf, sizeof(bf), b, 2);
		snprintf(buf, sizeof(buf), "%s measured, bound %s", rf, bf);
		claim(&co, "tcs 4 (model)", "sparse over dense is at most the sparse/dense ceiling ratio", "model", r, buf,
		      verdict_at_most(r, b, 0.05), "tcs-table4 and this run's ceilings.csv", &u);
	}
	/* sptc: 5.46x over CUDA cores and 2.00x over tensor cores (geometric mean over its shapes) */
	{
		const char *const *cc = model_method_family(UNIT_CC), *const *tc = model_method_family(UNIT_TC);
		for (int l16 = 0; l16 < 2; l16++) {
			const char *opt = l16 ? "L16" : "";
			struct used ua = { "" }, ub = { "" };
			double a = geomean_ratio(&s9, "spider", opt, cc, 1, &ua), b = geomean_ratio(&s9, "spider", opt, tc, 1, &ub);
			if (l16 && !isfinite(a) && !isfinite(b))
				break;   /* the list has no spider:L16 rows */
			claim(&co, "sptc abstract", "SPTCStencil is 5.46x the best CUDA-core method (average over its shapes)",
			      "5.46", a, NULL, verdict_at_least(a, 5.46, 0.05),
			      l16 ? "sptc-figure9: spider:L16 (16-row tiles, not the paper's layout) fp16 over the best of "
				    "naive/ebisu/cudnn fp32, geometric mean, unnormalised"
				  : "sptc-figure9: spider fp16 (the paper's layout) over the best of naive/ebisu/cudnn fp32, "
				    "geometric mean, unnormalised", &ua);
			claim(&co, "sptc abstract", "SPTCStencil is 2.00x the best tensor-core method (average over its shapes)",
			      "2.00", b, NULL, verdict_at_least(b, 2.00, 0.05),
			      l16 ? "sptc-figure9: spider:L16 fp16 over the best of convstencil tf32/tcstencil fp16, geometric mean"
				  : "sptc-figure9: spider fp16 over the best of convstencil tf32/tcstencil fp16, geometric mean", &ub);
		}
	}
	/* nongemm: fp64 memory-bound kernels gain at most 1.33x from tensor cores */
	{
		const struct point *cc = find_label(&t3, "case 1 cc"), *tc = find_label(&t3, "case 1 tc");
		struct used u = { "" };
		use(&u, cc);
		use(&u, tc);
		double s = cc && tc ? tc->measured / cc->measured : NAN;
		int mem = cc && cc->have_model && cc->mp.bound == BOUND_MEMORY;
		claim(&co, "nongemm eq. 23", "tensor cores speed a memory-bound fp64 stencil up by at most 1.33x", "1.33", s,
		      NULL, mem ? verdict_at_most(s, 1.33, 0.0) : V_NA,
		      "tcs-table3 case 1 (box2d1r t=3 fp64): convstencil over ebisu, when the model says memory-bound", &u);
	}
	/* tcs: tensor-core kernels move no more DRAM bytes than CUDA-core ones */
	{
		double worst = 0;
		int n = 0;
		struct used u = { "" };
		for (size_t i = 0; i < t2.n; i++)
			if (isfinite(t2.p[i].Q_m) && t2.p[i].have_model) {
				double e = fabs(t2.p[i].Q_m / t2.p[i].mp.Q - 1);
				use(&u, &t2.p[i]);
				worst = e > worst ? e : worst;
				n++;
			}
		if (n)
			snprintf(buf, sizeof(buf), "largest |Q measured / 2D - 1|: %.1f %%", worst * 100);
		else
			snprintf(buf, sizeof(buf), "NA");
		claim(&co, "tcs 3", "every method moves 2D bytes a point (Q within 15 %)", "Q = 2D", n ? worst : NAN, buf,
		      n ? (worst <= 0.15 ? V_HOLDS : V_FAILS) : V_NA, "tcs-table2: counter Q of rows 1-10", &u);
	}
	target_free(&f15);
	target_free(&t3);
	target_free(&t4);
	target_free(&s9);
	target_free(&t2);
	return outputs_close(c, "verdicts", &co.o, err, errlen);
}

int render_target(struct render_ctx *c, const char *target, char *err, size_t errlen)
{
	/* each target's title names what its own rows are: commits, dirty tree, QUICK, throttling */
	c->quick = 0;
	c->ncommits = 0;
	c->throttled = 0;
	c->hot = 0;
	c->clk_lo = INFINITY;   /* none yet: the note needs clk_hi > 0 */
	c->clk_hi = 0;
	c->nslow = 0;
	c->slow[0] = '\0';
	c->dirty = 0;
	for (size_t k = 0; k < c->nmeta; k++)
		c->dirty |= c->meta[k].dirty;
	if (!strcmp(target, "tcs-table2"))
		return tcs_table2(c, err, errlen);
	if (!strcmp(target, "tcs-table3"))
		return tcs_table3(c, err, errlen);
	if (!strcmp(target, "tcs-table4"))
		return tcs_table4(c, err, errlen);
	if (!strcmp(target, "tcs-figure15"))
		return tcs_figure15(c, err, errlen);
	if (!strcmp(target, "tcs-figure16"))
		return figure_rows(c, "tcs-figure16", "tcs Figure 16: every method per precision over the six cases",
				   "fp64: cudnn, naive, ebisu, convstencil; fp32: cudnn, naive, ebisu, convstencil (tf32), "
				   "spider (tf32). Model: each method's roofline on this run's ceilings.", err, errlen);
	if (!strcmp(target, "sptc-figure9"))
		return figure_rows(c, "sptc-figure9", "sptc Figure 9: the sptc shapes, every method in its own precision",
				   "Unnormalised GStencil/s (point-steps per second). The sptc artifact divides half-"
				   "precision results by 4 and multiplies by fused depths; no such factor is applied here.",
				   err, errlen);
	if (!strcmp(target, "sptc-figure10"))
		return figure_rows(c, "sptc-figure10", "sptc Figure 10: throughput against problem size",
				   "8 sizes a curve; the model's plateau is each method's roofline GStencil/s.", err, errlen);
	if (!strcmp(target, "kernels-vs-authors"))
		return kernels_vs_authors(c, err, errlen);
	if (!strcmp(target, "verdicts"))
		return verdicts(c, err, errlen);
	snprintf(err, errlen, "unknown target '%s'", target);
	return -1;
}

int render_newest_run(const char *runs_dir, const char *const *files, char *out, size_t outlen)
{
	/* the newest run by the largest date_utc in its meta.csv */
	DIR *d = opendir(runs_dir);
	char best_date[64] = "";
	int found = 0;
	if (!d)
		return -1;
	for (struct dirent *e; (e = readdir(d));) {
		char path[1024], meta[1024], err[256];
		struct stat st;
		struct csv_table m;
		if (e->d_name[0] == '.')
			continue;
		int all = 1;
		for (const char *const *f = files; *f && all; f++) {
			snprintf(path, sizeof(path), "%s/%s/%s", runs_dir, e->d_name, *f);
			all = stat(path, &st) == 0;
		}
		snprintf(meta, sizeof(meta), "%s/%s/meta.csv", runs_dir, e->d_name);
		if (!all || !files[0] || csv_table_read(meta, &m, err, sizeof(err)) != 0)
			continue;
		for (size_t r = 0; r < m.nrows; r++) {
			const char *dt = csv_table_get(&m, r, "date_utc");
			if (dt && strcmp(dt, best_date) > 0) {
				snprintf(best_date, sizeof(best_date), "%s", dt);
				snprintf(out, outlen, "%s/%s", runs_dir, e->d_name);
				found = 1;
			}
		}
		csv_table_free(&m);
	}
	closedir(d);
	return found ? 0 : -1;
}
