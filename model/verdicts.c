/*
 * verdicts.c - the papers' claims judged on this GPU's run (make verdicts). The claims are data
 * (data/paper/claims.csv: the claim, the paper's value, the criterion's value and tolerance, the
 * evaluator and the targets it reads); each evaluator here is a small function named in that
 * table, and no paper number is written in C. Each verdict row: the claim, its value in the paper,
 * the value here, the verdict and its basis, with the throttled rows used (render-int.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "method.h"
#include "render-int.h"
#include "stencil.h"

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

/* ---- verdicts: the papers' claims against this GPU ---- */

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

/* one row of data/paper/claims.csv */
struct claim_row {
	const char *paper, *claim, *paper_value, *option;
	double value, tol;   /* NaN where the table leaves them empty */
};

/* the verdicts being written, and the targets the claims read */
struct verdict_ctx {
	struct outputs o;
	const char *names[8];
	struct target tg[8];
	size_t n;
};

static const struct target *input(const struct verdict_ctx *x, const char *name)
{
	for (size_t i = 0; i < x->n; i++)
		if (!strcmp(x->names[i], name))
			return &x->tg[i];
	return NULL;
}

static void claim(struct verdict_ctx *x, const struct claim_row *cr, double here, const char *here_text,
		  enum verdict v, const char *basis, const struct used *u)
{
	char h[96], b[1024];
	if (here_text)
		snprintf(h, sizeof(h), "%s", here_text);
	else
		rd_fmt(h, sizeof(h), here, 2);
	snprintf(b, sizeof(b), "%s%s%s", basis, u->s[0] ? "; uses throttled rows: " : "", u->s);
	csv_put_str(&x->o.w, cr->paper);
	csv_put_str(&x->o.w, cr->claim);
	csv_put_str(&x->o.w, cr->paper_value);
	csv_put_num(&x->o.w, here);
	csv_put_str(&x->o.w, verdict_name(v));
	csv_put_str(&x->o.w, b);
	csv_put_str(&x->o.w, u->s);
	csv_end_row(&x->o.w);
	const char *cells[] = { cr->paper, cr->claim, cr->paper_value, h, verdict_name(v), b };
	md_row(&x->o.md, cells);
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

/* tcs 5.2.1: memory traffic independent of t (the CUDA-core method, each series of depths in
 * tcs-figure15), judged separately in 2D and 3D, where the halos of deep fusion grow faster */
static void traffic_flat(struct verdict_ctx *x, const struct claim_row *cr, int dims)
{
	const struct target *f15 = input(x, "tcs-figure15");
	struct used u = { "" };
	double worst = 0;
	char where[96] = "", buf[160], basis[160];
	enum verdict v = V_HOLDS;
	int series = 0;
	for (size_t i = 0; i < f15->n; i++) {
		const struct run_config *ci = &f15->cfgs[i];
		if (ci->stencil->dims != dims ||
		    (i > 0 && ci->stencil == f15->cfgs[i - 1].stencil && ci->dtype == f15->cfgs[i - 1].dtype))
			continue;
		double q[16];
		int fus[16];
		size_t n = 0;
		for (size_t j = i; j < f15->n && n < 16; j++)
			if (f15->cfgs[j].stencil == ci->stencil && f15->cfgs[j].dtype == ci->dtype) {
				q[n] = f15->p[j].Q_m;
				fus[n++] = f15->cfgs[j].fusion;
				if (isfinite(f15->p[j].Q_m))
					use(&u, &f15->p[j]);
			}
		enum verdict vi = verdict_flat(q, n, cr->tol);
		for (size_t k = 1; k < n; k++)
			if (isfinite(q[k] / q[0]) && fabs(q[k] / q[0] - 1) > worst) {
				worst = fabs(q[k] / q[0] - 1);
				snprintf(where, sizeof(where), " (%s %s t=%d)", ci->stencil->name,
					 dtype_table[ci->dtype].name, fus[k]);
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
	const char *size = "NA";   /* the size as the experiment list gives it */
	for (size_t j = 0; j < f15->n; j++)
		if (f15->cfgs[j].stencil->dims == dims) {
			size = f15->cfgs[j].size;
			break;
		}
	snprintf(basis, sizeof(basis), "tcs-figure15: counter Q at t = 1..8, box and star, fp32 and fp64, %s", size);
	claim(x, cr, series && v != V_NA ? worst : NAN, buf, v, basis, &u);
}

static void traffic_flat_2d(struct verdict_ctx *x, const struct claim_row *cr) { traffic_flat(x, cr, 2); }
static void traffic_flat_3d(struct verdict_ctx *x, const struct claim_row *cr) { traffic_flat(x, cr, 3); }

/* tcs 5.3: case 3 lies in the claimed scenario (value) and the tensor-core method wins */
static void case3_scenario(struct verdict_ctx *x, const struct claim_row *cr)
{
	const struct target *t3 = input(x, "tcs-table3");
	const struct point *cc = rd_find_label(t3, "case 3 cc"), *tc = rd_find_label(t3, "case 3 tc");
	struct used u = { "" };
	use(&u, cc);
	use(&u, tc);
	struct model_comparison cmp = { 0, NAN, -1, NAN };
	if (cc && tc && cc->have_model && tc->have_model)
		model_compare(&tc->mp, &cc->mp, &cmp);
	double sp = cc && tc ? tc->measured / cc->measured : NAN;
	char sc[16], spf[32], buf[160];
	rd_fmt_scenario(sc, sizeof(sc), cmp.scenario);
	rd_fmt(spf, sizeof(spf), sp, 2);
	snprintf(buf, sizeof(buf), "scenario %s here; spider / ebisu = %s", sc, spf);
	enum verdict v = !isfinite(sp) || cmp.scenario <= 0 ? V_NA
			 : (cmp.scenario == (int)cr->value && sp > 1) ? V_HOLDS : V_FAILS;
	claim(x, cr, sp, buf, v, "tcs-table3 case 3: model scenario on this GPU, measured speedup", &u);
}

/* tcs Table 4: the measured sparse over dense ratio, and the model's ceiling-ratio bound */
static double sparse_dense(const struct verdict_ctx *x, struct used *u, double *bound)
{
	const struct target *t4 = input(x, "tcs-table4");
	const struct point *pd = rd_find_label(t4, "dense"), *ps = rd_find_label(t4, "sparse");
	use(u, pd);
	use(u, ps);
	*bound = pd && ps && pd->have_model && ps->have_model ? ps->mp.peak_tflops / pd->mp.peak_tflops : NAN;
	return pd && ps ? ps->measured / pd->measured : NAN;
}

static void sparse_over_dense(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct used u = { "" };
	double b, r = sparse_dense(x, &u, &b);
	claim(x, cr, r, NULL, verdict_at_least(r, cr->value, cr->tol), "tcs-table4: measured ratio", &u);
}

static void sparse_dense_bound(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct used u = { "" };
	double b, r = sparse_dense(x, &u, &b);
	char rf[32], bf[32], buf[160];
	rd_fmt(rf, sizeof(rf), r, 2);
	rd_fmt(bf, sizeof(bf), b, 2);
	snprintf(buf, sizeof(buf), "%s measured, bound %s", rf, bf);
	claim(x, cr, r, buf, verdict_at_most(r, b, cr->tol), "tcs-table4 and this run's ceilings.csv", &u);
}

/* sptc: SPIDER (the row's option) over the best method of a family, geometric mean over the
 * shapes of sptc-figure9; a variant the run does not hold is left out */
static void sptc_over(struct verdict_ctx *x, const struct claim_row *cr, enum unit family, const char *what)
{
	const char *const *base = model_method_family(family);
	struct used u = { "" };
	double a = geomean_ratio(input(x, "sptc-figure9"), "spider", cr->option, base, 1, &u);
	char basis[512], names[128] = "";
	if (cr->option[0] && !isfinite(a))
		return;
	for (const char *const *m = base; *m; m++)
		snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s", m == base ? "" : "/", *m);
	snprintf(basis, sizeof(basis), what, !cr->option[0] ? "spider fp16 (the paper's layout)"
			 : "spider:L16 (16-row tiles, not the paper's layout) fp16", names);
	claim(x, cr, a, NULL, verdict_at_least(a, cr->value, cr->tol), basis, &u);
}

static void sptc_over_cuda_cores(struct verdict_ctx *x, const struct claim_row *cr)
{
	sptc_over(x, cr, UNIT_CC, "sptc-figure9: %s over the best of %s fp32, geometric mean, unnormalised");
}

static void sptc_over_tensor_cores(struct verdict_ctx *x, const struct claim_row *cr)
{
	const struct target *s9 = input(x, "sptc-figure9");
	const char *const *base = model_method_family(UNIT_TC);
	struct used u = { "" };
	double b = geomean_ratio(s9, "spider", cr->option, base, 1, &u);
	if (cr->option[0] && !isfinite(b))
		return;
	claim(x, cr, b, NULL, verdict_at_least(b, cr->value, cr->tol),
	      cr->option[0] ? "sptc-figure9: spider:L16 fp16 over the best of convstencil tf32/tcstencil fp16, geometric mean"
			    : "sptc-figure9: spider fp16 over the best of convstencil tf32/tcstencil fp16, geometric mean", &u);
}

/* nongemm eq. 23: a memory-bound fp64 kernel gains at most the bound from tensor cores (case 1) */
static void memory_bound_fp64_speedup(struct verdict_ctx *x, const struct claim_row *cr)
{
	const struct target *t3 = input(x, "tcs-table3");
	const struct point *cc = rd_find_label(t3, "case 1 cc"), *tc = rd_find_label(t3, "case 1 tc");
	struct used u = { "" };
	use(&u, cc);
	use(&u, tc);
	double s = cc && tc ? tc->measured / cc->measured : NAN;
	int mem = cc && cc->have_model && cc->mp.bound == BOUND_MEMORY;
	claim(x, cr, s, NULL, mem ? verdict_at_most(s, cr->value, cr->tol) : V_NA,
	      "tcs-table3 case 1 (box2d1r t=3 fp64): convstencil over ebisu, when the model says memory-bound", &u);
}

/* tcs 3: every method moves the model's 2D bytes a point (tcs-table2's counter Q) */
static void traffic_model(struct verdict_ctx *x, const struct claim_row *cr)
{
	const struct target *t2 = input(x, "tcs-table2");
	double worst = 0;
	int n = 0;
	struct used u = { "" };
	char buf[160];
	for (size_t i = 0; i < t2->n; i++)
		if (isfinite(t2->p[i].Q_m) && t2->p[i].have_model) {
			double e = fabs(t2->p[i].Q_m / t2->p[i].mp.Q - 1);
			use(&u, &t2->p[i]);
			worst = e > worst ? e : worst;
			n++;
		}
	if (n)
		snprintf(buf, sizeof(buf), "largest |Q measured / 2D - 1|: %.1f %%", worst * 100);
	else
		snprintf(buf, sizeof(buf), "NA");
	claim(x, cr, n ? worst : NAN, buf, n ? (worst <= cr->tol ? V_HOLDS : V_FAILS) : V_NA,
	      "tcs-table2: counter Q of rows 1-10", &u);
}

typedef void (*claim_fn)(struct verdict_ctx *x, const struct claim_row *cr);
static const struct {
	const char *name;
	claim_fn fn;
} evaluators[] = {
	{ "traffic_flat_2d", traffic_flat_2d },
	{ "traffic_flat_3d", traffic_flat_3d },
	{ "case3_scenario", case3_scenario },
	{ "sparse_over_dense", sparse_over_dense },
	{ "sparse_dense_bound", sparse_dense_bound },
	{ "sptc_over_cuda_cores", sptc_over_cuda_cores },
	{ "sptc_over_tensor_cores", sptc_over_tensor_cores },
	{ "memory_bound_fp64_speedup", memory_bound_fp64_speedup },
	{ "traffic_model", traffic_model },
};

static claim_fn evaluator(const char *name)
{
	for (size_t i = 0; i < NELEM(evaluators); i++)
		if (!strcmp(evaluators[i].name, name))
			return evaluators[i].fn;
	return NULL;
}

static double cell_num(const struct csv_table *t, size_t r, const char *col)
{
	const char *v = csv_table_get(t, r, col);
	return v && *v ? strtod(v, NULL) : NAN;
}

/* the claims table, checked: every evaluator known, every input a rendered target */
static int read_claims(struct render_ctx *c, struct csv_table *t, char *err, size_t errlen)
{
	static const char *const need[] = { "paper", "claim", "paper_value", "value", "tolerance", "evaluator",
					    "option", "inputs", NULL };
	char path[1024];
	snprintf(path, sizeof(path), "%s/data/paper/claims.csv", c->root);
	if (csv_table_read(path, t, err, errlen) != 0)
		return -1;
	if (csv_table_require(t, need, err, errlen) != 0) {
		csv_table_free(t);
		return -1;
	}
	for (size_t r = 0; r < t->nrows; r++)
		if (!evaluator(csv_table_get(t, r, "evaluator"))) {
			snprintf(err, errlen, "%s: row %zu: unknown evaluator '%s'", path, r + 1,
				 csv_table_get(t, r, "evaluator"));
			csv_table_free(t);
			return -1;
		}
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
			if (input(x, name))
				continue;
			const struct target_spec *k = render_target_spec(c, name);
			if (!k || x->n == NELEM(x->tg)) {
				snprintf(err, errlen, "data/paper/claims.csv: row %zu: '%s' is not a rendered target",
					 r + 1, name);
				return -1;
			}
			if (rd_target_load(c, k->name, &x->tg[x->n], err, errlen) != 0)
				return -1;
			x->names[x->n++] = k->name;
		}
	}
	return 0;
}

int rd_verdicts(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	static const char *const cols[] = { "paper", "claim", "paper_value", "this_gpu", "verdict", "basis",
					    "throttled_rows" };
	static const char *const notes[] = {
		"Each claim with the paper's number, this GPU's number (from this run's measured rows and "
		"ceilings) and a verdict. Not measurable: the run lacks the rows (no GPU, or a kernel skipped). "
		"A verdict resting on a throttled row (samples below 75 % of the maximum SM clock) names it.", NULL };
	struct verdict_ctx x = { 0 };
	struct csv_table claims;
	int rc = -1;
	/* the inputs first: a bad one fails before anything is opened, the previous files stay */
	if (read_claims(c, &claims, err, errlen) != 0)
		return -1;
	if (load_inputs(c, &claims, &x, err, errlen) == 0 &&
	    rd_outputs_open(c, ts->name, &x.o, cols, NELEM(cols), ts->title, notes, cols,
			    NELEM(cols) - 1, err, errlen) == 0) {
		for (size_t r = 0; r < claims.nrows; r++) {
			const struct claim_row cr = {
				csv_table_get(&claims, r, "paper"), csv_table_get(&claims, r, "claim"),
				csv_table_get(&claims, r, "paper_value"), csv_table_get(&claims, r, "option"),
				cell_num(&claims, r, "value"), cell_num(&claims, r, "tolerance"),
			};
			evaluator(csv_table_get(&claims, r, "evaluator"))(&x, &cr);
		}
		rc = rd_outputs_close(c, ts->name, &x.o, err, errlen);
	}
	for (size_t i = 0; i < x.n; i++)
		rd_target_free(&x.tg[i]);
	csv_table_free(&claims);
	return rc;
}
