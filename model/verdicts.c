/*
 * verdicts.c - the papers' claims judged on this GPU's run (make verdicts). The claims are data
 * (data/paper/claims.csv: the claim and its quote, the criterion in words and its value and
 * tolerance, the share of its roof a kernel needs for the verdict to speak of the method, the
 * evaluator and the targets it reads); each evaluator here is a small function named in that
 * table, and no paper number is written in C. Each verdict row: the claim, its criterion, the
 * paper's value, the model's prediction for this GPU, the measured value, how many of the rows it
 * needs were measured, and the verdict from a fixed vocabulary (render.h, verdict_decide), with
 * its basis and the throttled rows it uses (render-int.h).
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
	return v == V_HOLDS ? "holds" : v == V_FAILS ? "does not hold" : "not measured";
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

enum verdict_out verdict_decide(const struct claim_eval *e, double roof_share)
{
	if (e->N <= 0 || e->n < e->N || e->base == V_NA)
		return VO_NOT_MEASURED;
	if (e->premise_absent)
		return VO_PREMISE_ABSENT;
	if (roof_share > 0 && isfinite(e->share) && e->share < roof_share &&
	    (e->base == V_FAILS || e->upper_bound))
		return VO_IMPL_LIMITED;
	return e->base == V_HOLDS ? VO_HOLDS : VO_FAILS;
}

const char *verdict_out_name(enum verdict_out v)
{
	static const char *const names[] = { "holds", "does not hold", "premise absent here",
					     "inconclusive: implementation-limited", "not measured" };
	return v <= VO_NOT_MEASURED ? names[v] : "?";
}

/* ---- verdicts: the papers' claims against this GPU ---- */

/* the throttled rows a verdict uses, named in its basis ("uses throttled rows: case 1 cc ebisu"),
 * and whether any was written from a dirty tree (the basis then says so) */
struct used {
	char s[512];
	int dirty;
};

static void use(struct used *u, const struct point *p)
{
	char name[160], mname[64];
	if (!p || strcmp(p->status, "ok"))   /* only rows whose numbers are used */
		return;
	u->dirty |= p->dirty;
	if (!p->throttled)
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
	const char *paper, *claim, *criterion, *paper_value, *option, *baseline, *config;
	double value, tol, roof_share, scenario;   /* NaN where the table leaves them empty */
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

/* a row's share of its model roof into the claim's lowest, without counting it (traffic claims
 * count the rows whose counters they read) */
static void gate_on(struct claim_eval *e, const struct point *p)
{
	double share = p->measured / rd_model_gs(p);
	if (isfinite(share) && (!isfinite(e->share) || share < e->share)) {
		char mname[64];
		e->share = share;
		method_variant_name(p->cfg->method, p->cfg->option, mname, sizeof(mname));
		snprintf(e->share_row, sizeof(e->share_row), "%s %s %s t=%d", mname, p->cfg->stencil->name,
			 dtype_table[p->cfg->dtype].name, p->cfg->fusion);
	}
}

/* a row the claim needs: counted in n when measured; gate: a kernel whose share of its model roof
 * decides whether the verdict speaks of the method (the one whose slowness would fail the claim,
 * or meet an upper bound for nothing), not a baseline whose slowness would only help it */
static void rest_on(struct claim_eval *e, const struct point *p, struct used *u, int gate)
{
	if (!p || !isfinite(p->measured))
		return;
	e->n++;
	use(u, p);
	if (gate)
		gate_on(e, p);
}

static void claim(struct verdict_ctx *x, const struct claim_row *cr, const struct claim_eval *e,
		  double measured, const char *measured_text, const char *model_text, const char *basis,
		  const struct used *u)
{
	char m[96], v[320], rows[32], b[1024];
	enum verdict_out vo = verdict_decide(e, isfinite(cr->roof_share) ? cr->roof_share : 0);
	if (measured_text)
		snprintf(m, sizeof(m), "%s", measured_text);
	else
		rd_fmt(m, sizeof(m), measured, 2);
	if (vo == VO_PREMISE_ABSENT)
		snprintf(v, sizeof(v), "%s: %s", verdict_out_name(vo), e->premise_why);
	else if (vo == VO_IMPL_LIMITED)
		snprintf(v, sizeof(v), "%s (%s at %.1f %% of its roof, under %.0f %%)", verdict_out_name(vo),
			 e->share_row, 100 * e->share, 100 * cr->roof_share);
	else
		snprintf(v, sizeof(v), "%s", verdict_out_name(vo));
	snprintf(rows, sizeof(rows), "%d/%d", e->n, e->N);
	snprintf(b, sizeof(b), "%s%s%s%s", basis, u->s[0] ? "; uses throttled rows: " : "", u->s,
		 u->dirty ? "; uses rows measured from a DIRTY TREE (not a recorded result)" : "");
	csv_put_str(&x->o.w, cr->paper);
	csv_put_str(&x->o.w, cr->claim);
	csv_put_str(&x->o.w, cr->criterion);
	csv_put_str(&x->o.w, cr->paper_value);
	csv_put_str(&x->o.w, model_text);
	csv_put_num(&x->o.w, measured);
	csv_put_str(&x->o.w, measured_text ? measured_text : m);
	csv_put_str(&x->o.w, rows);
	csv_put_str(&x->o.w, verdict_out_name(vo));
	csv_put_str(&x->o.w, v);
	csv_put_str(&x->o.w, b);
	csv_put_str(&x->o.w, u->s);
	csv_end_row(&x->o.w);
	const char *cells[] = { cr->paper, cr->claim, cr->criterion, cr->paper_value, model_text, m, rows, v, b };
	md_row(&x->o.md, cells);
}

/* tcs 5.2.1: memory traffic independent of t (the CUDA-core method, each series of depths in
 * tcs-figure15), judged separately in 2D and 3D, where the halos of deep fusion grow faster */
static void traffic_flat(struct verdict_ctx *x, const struct claim_row *cr, int dims)
{
	const struct target *f15 = input(x, "tcs-figure15");
	struct claim_eval e = { 0, 0, V_HOLDS, 0, "", NAN, "", 0 };
	struct used u = { "", 0 };
	double worst = 0;
	char where[96] = "", buf[160], basis[160];
	for (size_t i = 0; i < f15->n; i++) {
		const struct run_config *ci = &f15->cfgs[i];
		if (ci->stencil->dims != dims ||
		    (i > 0 && ci->stencil == f15->cfgs[i - 1].stencil && ci->dtype == f15->cfgs[i - 1].dtype))
			continue;
		double q[16];
		int fus[16];
		size_t n = 0, rows[16];
		for (size_t j = i; j < f15->n && n < 16; j++)
			if (f15->cfgs[j].stencil == ci->stencil && f15->cfgs[j].dtype == ci->dtype) {
				q[n] = f15->p[j].Q_m;
				rows[n] = j;
				fus[n++] = f15->cfgs[j].fusion;
				e.N++;
				if (isfinite(f15->p[j].Q_m))
					e.n++, use(&u, &f15->p[j]);
			}
		if (verdict_flat(q, n, cr->tol) == V_FAILS) {
			e.base = V_FAILS;
			for (size_t k = 0; k < n; k++)   /* a failing series: are its kernels credible? */
				gate_on(&e, &f15->p[rows[k]]);
		}
		for (size_t k = 1; k < n; k++)
			if (isfinite(q[k] / q[0]) && fabs(q[k] / q[0] - 1) > worst) {
				worst = fabs(q[k] / q[0] - 1);
				snprintf(where, sizeof(where), " (%s %s t=%d)", ci->stencil->name,
					 dtype_table[ci->dtype].name, fus[k]);
			}
	}
	snprintf(buf, sizeof(buf), "largest |Q(t)/Q(1) - 1|: %.1f %%%s", worst * 100, where);
	const char *size = "NA";   /* the size as the experiment list gives it */
	for (size_t j = 0; j < f15->n; j++)
		if (f15->cfgs[j].stencil->dims == dims) {
			size = f15->cfgs[j].size;
			break;
		}
	snprintf(basis, sizeof(basis), "tcs-figure15: counter Q at t = 1..8, box and star, fp32 and fp64, %s", size);
	claim(x, cr, &e, e.n ? worst : NAN, e.n ? buf : NULL, "Q = 2D at every t (eq. 7)", basis, &u);
}

static void traffic_flat_2d(struct verdict_ctx *x, const struct claim_row *cr) { traffic_flat(x, cr, 2); }
static void traffic_flat_3d(struct verdict_ctx *x, const struct claim_row *cr) { traffic_flat(x, cr, 3); }

/* tcs 5.2.1 (Figure 15): the CUDA-core method's intensity grows linearly with t; every series'
 * counter I(t) fits a least-squares line with R^2 at least the value, in 2D and 3D apart */
static void intensity_linear(struct verdict_ctx *x, const struct claim_row *cr, int dims)
{
	const struct target *f15 = input(x, "tcs-figure15");
	struct claim_eval e = { 0, 0, V_HOLDS, 0, "", NAN, "", 0 };
	struct used u = { "", 0 };
	double lowest = INFINITY;
	char where[96] = "", buf[160];
	for (size_t i = 0; i < f15->n; i++) {
		const struct run_config *ci = &f15->cfgs[i];
		if (ci->stencil->dims != dims ||
		    (i > 0 && ci->stencil == f15->cfgs[i - 1].stencil && ci->dtype == f15->cfgs[i - 1].dtype))
			continue;
		double t[16], I[16], a, b, r2;
		size_t n = 0, have = 0, rows[16];
		for (size_t j = i; j < f15->n && n < 16; j++)
			if (f15->cfgs[j].stencil == ci->stencil && f15->cfgs[j].dtype == ci->dtype) {
				e.N++;
				t[n] = f15->cfgs[j].fusion;
				rows[n] = j;
				I[n++] = f15->p[j].I_m;
				if (isfinite(f15->p[j].I_m))
					e.n++, have++, use(&u, &f15->p[j]);
			}
		if (have < n || n < 3)
			continue;
		linear_fit(t, I, n, &a, &b, &r2);
		if (!(r2 >= cr->value)) {
			e.base = V_FAILS;
			for (size_t k = 0; k < n; k++)   /* a failing series: are its kernels credible? */
				gate_on(&e, &f15->p[rows[k]]);
		}
		if (r2 < lowest) {
			lowest = r2;
			snprintf(where, sizeof(where), " (%s %s)", ci->stencil->name, dtype_table[ci->dtype].name);
		}
	}
	snprintf(buf, sizeof(buf), "lowest R^2: %.3f%s", lowest, where);
	claim(x, cr, &e, isfinite(lowest) ? lowest : NAN, isfinite(lowest) ? buf : NULL,
	      "I = 2Kt / 2D, linear in t (eq. 8)", "tcs-figure15: counter I at t = 1..8, each series' least-squares line", &u);
}

static void intensity_linear_2d(struct verdict_ctx *x, const struct claim_row *cr) { intensity_linear(x, cr, 2); }
static void intensity_linear_3d(struct verdict_ctx *x, const struct claim_row *cr) { intensity_linear(x, cr, 3); }

/* tcs Table 4: the measured sparse over dense ratio, the model's, and the ceiling-ratio bound */
static double sparse_dense(const struct verdict_ctx *x, struct claim_eval *e, struct used *u, double *model,
			   double *bound, int gate_dense)
{
	const struct target *t4 = input(x, "tcs-table4");
	const struct point *pd = rd_find_label(t4, "dense"), *ps = rd_find_label(t4, "sparse");
	e->N = 2;
	rest_on(e, pd, u, gate_dense);
	rest_on(e, ps, u, 1);
	int m = pd && ps && pd->have_model && ps->have_model;
	*bound = m ? ps->mp.peak_tflops / pd->mp.peak_tflops : NAN;
	*model = m ? ps->mp.gstencil_per_s / pd->mp.gstencil_per_s : NAN;
	return pd && ps ? ps->measured / pd->measured : NAN;
}

static void sparse_over_dense(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 0 };
	struct used u = { "", 0 };
	double model, bound, r = sparse_dense(x, &e, &u, &model, &bound, 0);
	char mod[64];
	rd_fmt(mod, sizeof(mod), model, 2);
	e.base = verdict_at_least(r, cr->value, cr->tol);
	claim(x, cr, &e, r, NULL, mod, "tcs-table4: measured ratio; model: each kernel's roofline here", &u);
}

static void sparse_dense_bound(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 1 };
	struct used u = { "", 0 };
	double model, bound, r = sparse_dense(x, &e, &u, &model, &bound, 1);   /* a slow dense exceeds it */
	char mod[64], b[32];
	rd_fmt(b, sizeof(b), bound, 2);
	snprintf(mod, sizeof(mod), "bound %s", b);
	e.base = verdict_at_most(r, bound, cr->tol);
	claim(x, cr, &e, r, NULL, mod, "tcs-table4 and this run's ceilings.csv (sparse over dense tf32 MMA)", &u);
}

/* sptc: SPIDER (the row's option) over one baseline, the arithmetic mean over the shapes of
 * sptc-figure9 where both ran, unnormalised (the paper's "average speedups", each method in its
 * own precision); a baseline the harness does not have is not measured. *model: the same mean
 * of the model's rates. */
static double over_baseline(const struct target *s9, const char *option, const char *base, struct claim_eval *e,
			    struct used *u, double *model)
{
	double sum = 0, msum = 0;
	int n = 0, known = model_method_find(base) != NULL;
	for (size_t i = 0; i < s9->n; i++) {
		const struct point *ps = &s9->p[i], *pb = NULL;
		if (strcmp(s9->cfgs[i].method, "spider") || strcmp(s9->cfgs[i].option, option))
			continue;
		for (size_t j = 0; j < s9->n; j++)
			if (s9->cfgs[j].stencil == s9->cfgs[i].stencil && !strcmp(s9->cfgs[j].method, base) &&
			    !s9->cfgs[j].option[0])
				pb = &s9->p[j];
		if (known && !pb)
			continue;   /* a shape the list does not run the baseline on (TCStencil has no 1D) */
		e->N += 2;
		rest_on(e, ps, u, 1);
		rest_on(e, pb, u, 0);
		if (pb && isfinite(ps->measured / pb->measured)) {
			sum += ps->measured / pb->measured;
			msum += rd_model_gs(ps) / rd_model_gs(pb);
			n++;
		}
	}
	*model = n ? msum / n : NAN;
	return n ? sum / n : NAN;
}

static void sptc_over_baseline(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 0 };
	struct used u = { "", 0 };
	double model, r = over_baseline(input(x, "sptc-figure9"), cr->option, cr->baseline, &e, &u, &model);
	char mod[64], basis[256];
	if (cr->option[0] && e.n == 0)
		return;   /* a variant the run does not hold */
	rd_fmt(mod, sizeof(mod), model, 2);
	snprintf(basis, sizeof(basis), "sptc-figure9: %s fp16 over %s, arithmetic mean over the shapes, unnormalised%s",
		 cr->option[0] ? "spider:L16 (16-row tiles, not the paper's layout)" : "spider", cr->baseline,
		 model_method_find(cr->baseline) ? "" : "; the harness has no such method");
	e.base = verdict_at_least(r, cr->value, cr->tol);
	claim(x, cr, &e, r, NULL, mod, basis, &u);
}

/* sptc's headline: the mean of its per-baseline speedups, measured only with every baseline */
static void sptc_over_baselines(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 0 };
	struct used u = { "", 0 };
	char list[256], *save = NULL, mod[64], basis[320];
	double sum = 0, msum = 0;
	snprintf(list, sizeof(list), "%s", cr->baseline);
	for (char *b = strtok_r(list, " ", &save); b; b = strtok_r(NULL, " ", &save)) {
		struct claim_eval eb = { 0, 0, V_NA, 0, "", NAN, "", 0 };
		double model, r = over_baseline(input(x, "sptc-figure9"), cr->option, b, &eb, &u, &model);
		e.N++;
		if (eb.N > 0 && eb.n == eb.N)
			e.n++, sum += r, msum += model;
		if (isfinite(eb.share) && (!isfinite(e.share) || eb.share < e.share))
			e.share = eb.share, snprintf(e.share_row, sizeof(e.share_row), "%s", eb.share_row);
	}
	double r = e.n ? sum / e.n : NAN;
	rd_fmt(mod, sizeof(mod), e.n ? msum / e.n : NAN, 2);
	if (e.n < e.N)
		snprintf(mod + strlen(mod), sizeof(mod) - strlen(mod), " (%d of %d baselines)", e.n, e.N);
	snprintf(basis, sizeof(basis), "the mean of the per-baseline speedups over %s (sptc section 4.2)", cr->baseline);
	e.base = verdict_at_least(r, cr->value, cr->tol);
	claim(x, cr, &e, r, NULL, mod, basis, &u);
}

/* nongemm eq. 23: a memory-bound fp64 kernel gains at most the bound from tensor cores (case 1);
 * the model: the same bound from this GPU's own ratio alpha of fp64 tensor to FMA ceilings */
static void memory_bound_fp64_speedup(struct verdict_ctx *x, const struct claim_row *cr)
{
	const struct target *t3 = input(x, "tcs-table3");
	const struct point *cc = rd_find_label(t3, "case 1 cc"), *tc = rd_find_label(t3, "case 1 tc");
	struct claim_eval e = { 0, 2, V_NA, 0, "", NAN, "", 1 };
	struct used u = { "", 0 };
	rest_on(&e, cc, &u, 1);   /* a slow CUDA-core kernel would break the bound */
	rest_on(&e, tc, &u, 1);   /* a slow tensor-core one would meet it for nothing */
	double s = cc && tc ? tc->measured / cc->measured : NAN;
	double alpha = cc && tc && cc->have_model && tc->have_model ? tc->mp.peak_tflops / cc->mp.peak_tflops : NAN;
	char mod[96], b[32], a[32];
	rd_fmt(b, sizeof(b), 2 - 2 / (1 + alpha), 2);
	rd_fmt(a, sizeof(a), alpha, 2);
	snprintf(mod, sizeof(mod), "bound %s (alpha %s here)", b, a);
	e.base = verdict_at_most(s, cr->value, cr->tol);
	if (cc && cc->have_model && cc->mp.bound != BOUND_MEMORY) {
		e.premise_absent = 1;
		snprintf(e.premise_why, sizeof(e.premise_why), "the model puts case 1's CUDA-core kernel in the "
			 "compute-bound region on this GPU");
	}
	claim(x, cr, &e, s, NULL, mod, "tcs-table3 case 1 (box2d1r t=3 fp64): convstencil over ebisu", &u);
}

/* tcs 3: the model's F, Q or I of every tcs Table 2 row (the kernel's plan) against its counters */
static void table2_model(struct verdict_ctx *x, const struct claim_row *cr, char which)
{
	const struct target *t2 = input(x, "tcs-table2");
	struct claim_eval e = { 0, (int)t2->n, V_NA, 0, "", NAN, "", 0 };
	double worst = 0;
	struct used u = { "", 0 };
	char buf[192], where[72] = "", mod[64], basis[96];
	for (size_t i = 0; i < t2->n; i++) {
		const struct point *p = &t2->p[i];
		double m = which == 'F' ? p->F_m : which == 'Q' ? p->Q_m : p->I_m;
		double model = which == 'F' ? p->mp.F : which == 'Q' ? p->mp.Q : p->mp.I;
		if (!isfinite(m) || !p->have_model)
			continue;
		double err = fabs(m / model - 1);
		use(&u, p);
		if (err > cr->tol)
			gate_on(&e, p);   /* a row off the model: is its kernel credible? */
		if (err > worst)
			worst = err, snprintf(where, sizeof(where), " (%s)", p->cfg->label);
		e.n++;
	}
	snprintf(buf, sizeof(buf), "largest |%c measured / model - 1|: %.1f %%%s", which, worst * 100, where);
	if (e.n)
		e.base = worst <= cr->tol ? V_HOLDS : V_FAILS;
	snprintf(mod, sizeof(mod), which == 'Q' ? "Q = 2D (eq. 7)" : which == 'F' ? "F = 2 K_fused / (rho sigma) "
		 "(eq. 6)" : "I = F / Q (eq. 8)");
	snprintf(basis, sizeof(basis), "tcs-table2: counter %c of rows 1-10 against the kernel's plan", which);
	claim(x, cr, &e, e.n ? worst : NAN, e.n ? buf : NULL, mod, basis, &u);
}

static void traffic_model(struct verdict_ctx *x, const struct claim_row *cr) { table2_model(x, cr, 'Q'); }
static void flops_model(struct verdict_ctx *x, const struct claim_row *cr) { table2_model(x, cr, 'F'); }
static void intensity_model(struct verdict_ctx *x, const struct claim_row *cr) { table2_model(x, cr, 'I'); }

/* a tcs Table 3 case (config "case N"): its CUDA-core and tensor-core rows, the model's comparison
 * of the pair on this GPU and the measured TC/CC speedup */
static double table3_pair(const struct verdict_ctx *x, const struct claim_row *cr, struct claim_eval *e,
			  struct used *u, int gate_cc, struct model_comparison *cmp)
{
	const struct target *t3 = input(x, "tcs-table3");
	char lc[48], lt[48];
	snprintf(lc, sizeof(lc), "%s cc", cr->config);
	snprintf(lt, sizeof(lt), "%s tc", cr->config);
	const struct point *cc = rd_find_label(t3, lc), *tc = rd_find_label(t3, lt);
	e->N = 2;
	rest_on(e, cc, u, gate_cc);
	rest_on(e, tc, u, 1);
	*cmp = (struct model_comparison){ 0, NAN, -1, NAN };
	if (cc && tc && cc->have_model && tc->have_model)
		model_compare(&tc->mp, &cc->mp, cmp);
	return cc && tc ? tc->measured / cc->measured : NAN;
}

/* tcs Table 3, one case: the paper's scenario arises here (else its premise is absent) and the
 * measured TC/CC speedup lies on the paper's side of 1 (value: the paper's TC/CC) */
static void table3_case(struct verdict_ctx *x, const struct claim_row *cr)
{
	/* "TC wins" fails with a slow tensor-core kernel; "CC wins" (TC/CC under 1, an upper bound)
	 * fails with a slow CUDA-core kernel and holds for nothing with a slow tensor-core one */
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", cr->value < 1 };
	struct used u = { "", 0 };
	struct model_comparison cmp;
	double sp = table3_pair(x, cr, &e, &u, cr->value < 1, &cmp);
	char sc[16], sp_m[32], mod[96], meas[64];
	rd_fmt_scenario(sc, sizeof(sc), cmp.scenario);
	rd_fmt(sp_m, sizeof(sp_m), cmp.speedup, 2);
	snprintf(mod, sizeof(mod), "scenario %s, TC/CC %s", sc, sp_m);
	rd_fmt(sp_m, sizeof(sp_m), sp, 2);
	snprintf(meas, sizeof(meas), "TC/CC %s", sp_m);
	if (isfinite(sp))
		e.base = (sp > 1) == (cr->value > 1) ? V_HOLDS : V_FAILS;
	if (cmp.scenario > 0 && isfinite(cr->scenario) && cmp.scenario != (int)cr->scenario) {
		e.premise_absent = 1;
		snprintf(e.premise_why, sizeof(e.premise_why), "the model puts %s in scenario %d on this GPU, not %.0f",
			 cr->config, cmp.scenario, cr->scenario);
	}
	claim(x, cr, &e, sp, isfinite(sp) ? meas : NULL, mod, "tcs-table3: the model's scenario on this run's "
	      "ceilings; measured TC/CC", &u);
}

/* the model (tcs eq. 13) as a claim of its own: case N's predicted TC/CC against the measured */
static void table3_model(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 0 };
	struct used u = { "", 0 };
	struct model_comparison cmp;
	double sp = table3_pair(x, cr, &e, &u, 1, &cmp);
	char mod[64], basis[320];
	rd_fmt(mod, sizeof(mod), cmp.speedup, 2);
	if (isfinite(sp) && isfinite(cmp.speedup))
		e.base = fabs(sp / cmp.speedup - 1) <= cr->tol ? V_HOLDS : V_FAILS;
	snprintf(basis, sizeof(basis), "tcs-table3 %s: measured TC/CC against the model's on this run's ceilings; "
		 "the lower of the kernels' shares of their roofs: %s%s%.1f %%", cr->config, e.share_row,
		 e.share_row[0] ? " at " : "", 100 * e.share);
	claim(x, cr, &e, sp, NULL, mod, basis, &u);
}

/* nongemm eq. 24: with infinitely fast tensor cores a memory-bound kernel gains at most 1 + I/B
 * (I its intensity, B the CUDA-core ridge), here for a tcs Table 3 case (config) on this GPU's
 * ceilings; its premise is the memory-bound CUDA-core kernel */
static void workload_bound(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 1 };
	struct used u = { "", 0 };
	struct model_comparison cmp;
	double sp = table3_pair(x, cr, &e, &u, 1, &cmp);
	char lc[48], mod[128], a[32], b[32], c[32];
	snprintf(lc, sizeof(lc), "%s cc", cr->config);
	const struct point *cc = rd_find_label(input(x, "tcs-table3"), lc);
	int m = cc && cc->have_model;
	double bound = m ? 1 + cc->mp.I / cc->mp.ridge : NAN;
	rd_fmt(a, sizeof(a), bound, 2);
	rd_fmt(b, sizeof(b), m ? cc->mp.I : NAN, 2);
	rd_fmt(c, sizeof(c), m ? cc->mp.ridge : NAN, 1);
	snprintf(mod, sizeof(mod), "bound %s (I %s, B %s here)", a, b, c);
	e.base = verdict_at_most(sp, bound, cr->tol);
	if (m && cc->mp.bound != BOUND_MEMORY) {
		e.premise_absent = 1;
		snprintf(e.premise_why, sizeof(e.premise_why), "the model puts %s's CUDA-core kernel in the "
			 "compute-bound region on this GPU", cr->config);
	}
	claim(x, cr, &e, sp, NULL, mod, "tcs-table3: measured TC/CC; the bound from the CUDA-core kernel's intensity "
	      "and this run's ridge", &u);
}

/* nongemm Figure 11's conclusion: the tensor-core stencil underperforms the CUDA-core one on each
 * of the cases config names ("case 1;case 2"), an upper bound on every TC/CC below 1 */
static void tc_underperforms(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_HOLDS, 0, "", NAN, "", 1 };
	struct used u = { "", 0 };
	char list[128], *save = NULL, meas[160] = "", mod[160] = "", basis[192];
	snprintf(list, sizeof(list), "%s", cr->config);
	for (char *c = strtok_r(list, ";", &save); c; c = strtok_r(NULL, ";", &save)) {
		struct claim_row one = *cr;
		struct claim_eval ec = { 0, 0, V_NA, 0, "", NAN, "", 1 };
		struct model_comparison cmp;
		one.config = c;
		double sp = table3_pair(x, &one, &ec, &u, 1, &cmp);
		e.N += ec.N, e.n += ec.n;
		if (isfinite(ec.share) && (!isfinite(e.share) || ec.share < e.share))
			e.share = ec.share, snprintf(e.share_row, sizeof(e.share_row), "%s", ec.share_row);
		if (!(sp < 1))
			e.base = V_FAILS;
		char f[32];
		rd_fmt(f, sizeof(f), sp, 2);
		snprintf(meas + strlen(meas), sizeof(meas) - strlen(meas), "%s%s %s", meas[0] ? ", " : "", c, f);
		rd_fmt(f, sizeof(f), cmp.speedup, 2);
		snprintf(mod + strlen(mod), sizeof(mod) - strlen(mod), "%s%s %s", mod[0] ? ", " : "", c, f);
	}
	snprintf(basis, sizeof(basis), "tcs-table3: convstencil / ebisu on %s (fp64), a subset of nongemm's suite", cr->config);
	claim(x, cr, &e, NAN, meas, mod, basis, &u);
}

typedef void (*claim_fn)(struct verdict_ctx *x, const struct claim_row *cr);
static const struct {
	const char *name;
	claim_fn fn;
} evaluators[] = {
	{ "traffic_flat_2d", traffic_flat_2d },
	{ "traffic_flat_3d", traffic_flat_3d },
	{ "intensity_linear_2d", intensity_linear_2d },
	{ "intensity_linear_3d", intensity_linear_3d },
	{ "sparse_over_dense", sparse_over_dense },
	{ "sparse_dense_bound", sparse_dense_bound },
	{ "sptc_over_baseline", sptc_over_baseline },
	{ "sptc_over_baselines", sptc_over_baselines },
	{ "memory_bound_fp64_speedup", memory_bound_fp64_speedup },
	{ "traffic_model", traffic_model },
	{ "flops_model", flops_model },
	{ "intensity_model", intensity_model },
	{ "table3_case", table3_case },
	{ "table3_model", table3_model },
	{ "workload_bound", workload_bound },
	{ "tc_underperforms", tc_underperforms },
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
	static const char *const need[] = { "paper", "claim", "criterion", "paper_value", "value", "tolerance",
					    "roof_share", "evaluator", "option", "baseline", "config", "scenario",
					    "inputs", NULL };
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
	static const char *const cols[] = { "paper", "claim", "criterion", "paper_value", "model", "measured",
					    "measured_text", "rows", "verdict", "verdict_text", "basis", "throttled_rows" };
	static const char *const md[] = { "paper", "claim", "criterion", "paper", "model (this GPU)",
					   "measured", "rows", "verdict", "basis" };
	static const char *const notes[] = {
		"Each claim with its criterion, the paper's value, the model's prediction for this GPU (this run's "
		"ceilings, each kernel's sigma), the measured value and how many of the rows it needs were "
		"measured. Verdicts: holds; does not hold; premise absent here (the model puts the "
		"configuration in another scenario on this GPU); inconclusive: implementation-limited (a "
		"kernel the claim rests on is under the stated share of its model roof, and the claim fails "
		"or is an upper bound); not measured (a row it needs is missing: a partial set never "
		"decides). A verdict resting on a throttled row names it.", NULL };
	struct verdict_ctx x = { 0 };
	struct csv_table claims;
	int rc = -1;
	/* the inputs first: a bad one fails before anything is opened, the previous files stay */
	if (read_claims(c, &claims, err, errlen) != 0)
		return -1;
	if (load_inputs(c, &claims, &x, err, errlen) == 0 &&
	    rd_outputs_open(c, ts->name, &x.o, cols, NELEM(cols), ts->title, notes, md, NELEM(md), err,
			    errlen) == 0) {
		for (size_t r = 0; r < claims.nrows; r++) {
			const struct claim_row cr = {
				csv_table_get(&claims, r, "paper"), csv_table_get(&claims, r, "claim"),
				csv_table_get(&claims, r, "criterion"), csv_table_get(&claims, r, "paper_value"),
				csv_table_get(&claims, r, "option"), csv_table_get(&claims, r, "baseline"),
				csv_table_get(&claims, r, "config"),
				cell_num(&claims, r, "value"), cell_num(&claims, r, "tolerance"),
				cell_num(&claims, r, "roof_share"), cell_num(&claims, r, "scenario"),
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
