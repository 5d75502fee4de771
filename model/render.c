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
#include "method.h"
#include "report.h"
#include "roofline.h"
#include "stencil.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static const char *const all_methods[] = { "naive", "ebisu", "cudnn", "convstencil", "tcstencil",
					   "spider", "spider-dense", NULL };
const char *const render_targets[] = { "tcs-table2", "tcs-table3", "tcs-table4", "tcs-figure15",
				       "tcs-figure16", "sptc-figure9", "sptc-figure10", "verdicts", NULL };

/* the columns every run CSV row must have for rendering */
static const char *const run_need[] = { "label", "stencil", "dtype", "method", "fusion", "size",
					"status", "gstencil_per_s", "F_measured", "Q_measured",
					"I_measured", "sigma", "model_gstencil_per_s", NULL };

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

static int target_load(struct render_ctx *c, const char *name, struct target *t, char *err, size_t errlen)
{
	char path[1024];
	memset(t, 0, sizeof(*t));
	snprintf(path, sizeof(path), "%s/experiments/%s.csv", c->root, name);
	if (experiment_read(path, all_methods, &t->cfgs, &t->n, err, errlen) != 0)
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
			if (csv_table_require(&t->run, run_need, err, errlen) != 0) {
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
		if (p->run_row >= 0 && !isfinite(num(&t->run, p->run_row, "gstencil_per_s")) && ok) {
			snprintf(err, errlen, "%s:%ld: status ok without a gstencil_per_s", t->run.path,
				 t->run.lines[p->run_row]);
			target_free(t);
			return -1;
		}
		struct model_input in = { p->cfg->stencil, p->cfg->fusion, p->cfg->dtype,
					  model_method_find(p->cfg->method), -1,
					  num(&t->run, p->run_row, "sigma"), &c->hw };
		char why[256];
		p->have_model = in.method && model_eval(&in, &p->mp, why, sizeof(why)) == 0;
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

static double model_gs(const struct point *p)
{
	return isfinite(p->model_run) ? p->model_run : p->have_model ? p->mp.gstencil_per_s : NAN;
}

static void fmt(char *b, size_t n, double v, int dec)
{
	if (isfinite(v))
		snprintf(b, n, "%.*f", dec, v);
	else
		snprintf(b, n, "NA");
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
	char csv[1024], md[1024], full[768];
	snprintf(csv, sizeof(csv), "%s/%s.csv", c->outdir, name);
	snprintf(md, sizeof(md), "%s/%s.md", c->outdir, name);
	snprintf(full, sizeof(full), "%s on %s%s", title, c->title,
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

static int outputs_close(struct render_ctx *c, const char *name, struct outputs *o, char *err, size_t errlen)
{
	(void)c;
	(void)name;
	int a = csv_writer_close(&o->w), b = md_close(&o->md);
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
		"paper_I", "paper_I_measured", "status" };
	static const char *const md[] = { "row", "method", "stencil t dtype", "sigma", "F model / measured (err)",
		"Q model / measured (err)", "I model / measured (err)", "paper F / F meas.", "paper Q / Q meas.",
		"paper I / I meas.", "status" };
	static const char *const notes[] = {
		"Model: the tcs roofline with each kernel's own sigma (this run's row). Measured: CUPTI counters "
		"(tensor or FMA FLOPs and DRAM bytes per point) on the run's GPU. Paper: the A100's analytic and "
		"ncu-measured columns as printed; blank cells are the paper's own blanks (rows 6, 8, 10).", NULL };
	if (table_open(c, "tcs-table2", pneed, &t, &paper, &o, cols, NELEM(cols), "tcs Table 2: F/Q/I validation", notes, md, NELEM(md),
		       err, errlen) != 0)
		return -1;
	for (size_t i = 0; i < t.n; i++) {
		const struct point *p = &t.p[i];
		const char *rowno = p->cfg->label + (strncmp(p->cfg->label, "row ", 4) ? 0 : 4);
		long pr = paper_row(&paper, "row", rowno, NULL, NULL);
		double Fm = p->have_model ? p->mp.F : NAN, Qm = p->have_model ? p->mp.Q : NAN, Im = p->have_model ? p->mp.I : NAN;
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
		csv_end_row(&o.w);
		char st[96], sg[32], F[160], Q[160], I[160], pF[64], pQ[64], pI[64], a[32], b[32], e[32];
		snprintf(st, sizeof(st), "%s t=%d %s", p->cfg->stencil->name, p->cfg->fusion, dtype_table[p->cfg->dtype].name);
		fmt(sg, sizeof(sg), p->have_model ? p->mp.sigma : NAN, 4);
		fmt(a, sizeof(a), Fm, 1), fmt(b, sizeof(b), p->F_m, 1), fmt_pct(e, sizeof(e), p->F_m, Fm);
		snprintf(F, sizeof(F), "%s / %s (%s)", a, b, e);
		fmt(a, sizeof(a), Qm, 2), fmt(b, sizeof(b), p->Q_m, 2), fmt_pct(e, sizeof(e), p->Q_m, Qm);
		snprintf(Q, sizeof(Q), "%s / %s (%s)", a, b, e);
		fmt(a, sizeof(a), Im, 2), fmt(b, sizeof(b), p->I_m, 2), fmt_pct(e, sizeof(e), p->I_m, Im);
		snprintf(I, sizeof(I), "%s / %s (%s)", a, b, e);
		paper_pair(pF, sizeof(pF), &paper, pr, "F", "F_measured");
		paper_pair(pQ, sizeof(pQ), &paper, pr, "Q", "Q_measured");
		paper_pair(pI, sizeof(pI), &paper, pr, "I", "I_measured");
		const char *cells[] = { rowno, p->cfg->method, st, sg, F, Q, I, pF, pQ, pI, p->status };
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
		"status" };
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
			csv_end_row(&o.w);
			char name[64], I[32], R[32], G[32], M[32], P[32], S1[32], S2[32];
			snprintf(name, sizeof(name), "%s %s", p->cfg->method, dtype_table[p->cfg->dtype].name);
			fmt(I, sizeof(I), p->have_model ? p->mp.I : NAN, 2);
			fmt(R, sizeof(R), p->have_model ? p->mp.ridge : NAN, 1);
			fmt(G, sizeof(G), p->measured, 1);
			if (strcmp(p->status, "ok"))
				snprintf(G, sizeof(G), "%s", p->status);
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
		"status" };
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
		csv_end_row(&o.w);
		char I[32], R[32], G[32], M[32], P[32], r1[32], r2[32], r3[32];
		fmt(I, sizeof(I), p->have_model ? p->mp.I : NAN, 1);
		fmt(R, sizeof(R), p->have_model ? p->mp.ridge : NAN, 1);
		fmt(G, sizeof(G), p->measured, 1);
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
		"Q_measured", "status" };
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
		csv_end_row(&o.w);
		char tt[8], G[32], M[32], E[32], I[64], a[24], b[24];
		snprintf(tt, sizeof(tt), "%d", p->cfg->fusion);
		fmt(G, sizeof(G), p->measured, 1);
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

static void claim(struct claim_out *co, const char *paper, const char *claim_text, const char *paper_value,
		  double here, const char *here_text, enum verdict v, const char *basis)
{
	char h[96];
	if (here_text)
		snprintf(h, sizeof(h), "%s", here_text);
	else
		fmt(h, sizeof(h), here, 2);
	csv_put_str(&co->o.w, paper);
	csv_put_str(&co->o.w, claim_text);
	csv_put_str(&co->o.w, paper_value);
	csv_put_num(&co->o.w, here);
	csv_put_str(&co->o.w, verdict_name(v));
	csv_put_str(&co->o.w, basis);
	csv_end_row(&co->o.w);
	const char *cells[] = { paper, claim_text, paper_value, h, verdict_name(v), basis };
	md_row(&co->o.md, cells);
	co->n++;
}

static double geomean_ratio(const struct target *t, const char *num_m, const char *num_opt,
			    const char *const *den_ms, int best)
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
		for (size_t j = 0; j < t->n; j++) {
			if (t->cfgs[j].stencil != t->cfgs[i].stencil || !isfinite(t->p[j].measured))
				continue;
			for (const char *const *m = den_ms; *m; m++)
				if (!strcmp(t->cfgs[j].method, *m) && !t->cfgs[j].option[0] &&
				    (!isfinite(d) || (best && t->p[j].measured > d)))
					d = t->p[j].measured;
		}
		if (isfinite(d) && d > 0) {
			s += log(t->p[i].measured / d);
			n++;
		}
	}
	return n ? exp(s / n) : NAN;
}

static int verdicts(struct render_ctx *c, char *err, size_t errlen)
{
	struct claim_out co = { 0 };
	static const char *const cols[] = { "paper", "claim", "paper_value", "this_gpu", "verdict", "basis" };
	static const char *const notes[] = {
		"Each claim with the paper's number, this GPU's number (from this run's measured rows and "
		"ceilings) and a verdict. Not measurable: the run lacks the rows (no GPU, or a kernel skipped).", NULL };
	if (outputs_open(c, "verdicts", &co.o, cols, NELEM(cols), "Verdicts: the papers' claims", notes, cols, NELEM(cols), err, errlen))
		return -1;
	struct target f15, t3, t4, s9, t2;
	int h15 = target_load(c, "tcs-figure15", &f15, err, errlen) == 0;
	int h3 = h15 && target_load(c, "tcs-table3", &t3, err, errlen) == 0;
	int h4 = h3 && target_load(c, "tcs-table4", &t4, err, errlen) == 0;
	int h9 = h4 && target_load(c, "sptc-figure9", &s9, err, errlen) == 0;
	int h2 = h9 && target_load(c, "tcs-table2", &t2, err, errlen) == 0;
	if (!h2) {   /* err names the input; the previous verdicts files stay as they were */
		if (h9) target_free(&s9);
		if (h4) target_free(&t4);
		if (h3) target_free(&t3);
		if (h15) target_free(&f15);
		csv_writer_abort(&co.o.w);
		md_abort(&co.o.md);
		return -1;
	}
	char buf[160];
	/* tcs 5.2.1: memory traffic independent of t (the CUDA-core method, each series of depths),
	 * judged separately in 2D and 3D, where the halos of deep fusion grow faster */
	for (int dims = 2; dims <= 3; dims++) {
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
				if (f15.cfgs[j].stencil == f15.cfgs[i].stencil && f15.cfgs[j].dtype == f15.cfgs[i].dtype)
					q[n++] = f15.p[j].Q_m;
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
		claim(&co, "tcs 5.2.1", dims == 2 ? "memory traffic of the CUDA-core method is independent of t, 2D (within 15 %)"
						  : "memory traffic of the CUDA-core method is independent of t, 3D (within 15 %)",
		      "Q = 2D at every t", series && v != V_NA ? worst : NAN, buf, v,
		      dims == 2 ? "tcs-figure15: counter Q at t = 1..8, box and star, fp32 and fp64, 4096^2"
				: "tcs-figure15: counter Q at t = 1..8, box and star, fp32 and fp64, 256^3");
	}
	/* case 3: scenario 3 and SPIDER wins */
	{
		const struct point *cc = find_label(&t3, "case 3 cc"), *tc = find_label(&t3, "case 3 tc");
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
		      "scenario 3, 7.73x", sp, buf, v, "tcs-table3 case 3: model scenario on this GPU, measured speedup");
	}
	/* Table 4: 3.06x sparse over dense, and the model's ceiling-ratio bound */
	{
		const struct point *pd = find_label(&t4, "dense"), *ps = find_label(&t4, "sparse");
		double r = pd && ps ? ps->measured / pd->measured : NAN;
		double b = pd && ps && pd->have_model && ps->have_model ? ps->mp.peak_tflops / pd->mp.peak_tflops : NAN;
		claim(&co, "tcs Table 4", "SPIDER on sparse tensor cores is 3.06x SPIDER on dense ones", "3.06", r, NULL,
		      verdict_at_least(r, 3.06, 0.05), "tcs-table4: measured ratio");
		char rf[32], bf[32];
		fmt(rf, sizeof(rf), r, 2);
		fmt(bf, sizeof(bf), b, 2);
		snprintf(buf, sizeof(buf), "%s measured, bound %s", rf, bf);
		claim(&co, "tcs 4 (model)", "sparse over dense is at most the sparse/dense ceiling ratio", "model", r, buf,
		      verdict_at_most(r, b, 0.05), "tcs-table4 and this run's ceilings.csv");
	}
	/* sptc: 5.46x over CUDA cores and 2.00x over tensor cores (geometric mean over its shapes) */
	{
		static const char *const cc[] = { "naive", "ebisu", "cudnn", NULL };
		static const char *const tc[] = { "convstencil", "tcstencil", NULL };
		for (int l16 = 0; l16 < 2; l16++) {
			const char *opt = l16 ? "L16" : "";
			double a = geomean_ratio(&s9, "spider", opt, cc, 1), b = geomean_ratio(&s9, "spider", opt, tc, 1);
			if (l16 && !isfinite(a) && !isfinite(b))
				break;   /* the list has no spider:L16 rows */
			claim(&co, "sptc abstract", "SPTCStencil is 5.46x the best CUDA-core method (average over its shapes)",
			      "5.46", a, NULL, verdict_at_least(a, 5.46, 0.05),
			      l16 ? "sptc-figure9: spider:L16 (16-row tiles, not the paper's layout) fp16 over the best of "
				    "naive/ebisu/cudnn fp32, geometric mean, unnormalised"
				  : "sptc-figure9: spider fp16 (the paper's layout) over the best of naive/ebisu/cudnn fp32, "
				    "geometric mean, unnormalised");
			claim(&co, "sptc abstract", "SPTCStencil is 2.00x the best tensor-core method (average over its shapes)",
			      "2.00", b, NULL, verdict_at_least(b, 2.00, 0.05),
			      l16 ? "sptc-figure9: spider:L16 fp16 over the best of convstencil tf32/tcstencil fp16, geometric mean"
				  : "sptc-figure9: spider fp16 over the best of convstencil tf32/tcstencil fp16, geometric mean");
		}
	}
	/* nongemm: fp64 memory-bound kernels gain at most 1.33x from tensor cores */
	{
		const struct point *cc = find_label(&t3, "case 1 cc"), *tc = find_label(&t3, "case 1 tc");
		double s = cc && tc ? tc->measured / cc->measured : NAN;
		int mem = cc && cc->have_model && cc->mp.bound == BOUND_MEMORY;
		claim(&co, "nongemm eq. 23", "tensor cores speed a memory-bound fp64 stencil up by at most 1.33x", "1.33", s,
		      NULL, mem ? verdict_at_most(s, 1.33, 0.0) : V_NA,
		      "tcs-table3 case 1 (box2d1r t=3 fp64): convstencil over ebisu, when the model says memory-bound");
	}
	/* tcs: tensor-core kernels move no more DRAM bytes than CUDA-core ones */
	{
		double worst = 0;
		int n = 0;
		for (size_t i = 0; i < t2.n; i++)
			if (isfinite(t2.p[i].Q_m) && t2.p[i].have_model) {
				double e = fabs(t2.p[i].Q_m / t2.p[i].mp.Q - 1);
				worst = e > worst ? e : worst;
				n++;
			}
		if (n)
			snprintf(buf, sizeof(buf), "largest |Q measured / 2D - 1|: %.1f %%", worst * 100);
		else
			snprintf(buf, sizeof(buf), "NA");
		claim(&co, "tcs 3", "every method moves 2D bytes a point (Q within 15 %)", "Q = 2D", n ? worst : NAN, buf,
		      n ? (worst <= 0.15 ? V_HOLDS : V_FAILS) : V_NA, "tcs-table2: counter Q of rows 1-10");
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
