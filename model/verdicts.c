/*
 * verdicts.c - the papers' claims judged on this GPU's run (make verdicts): each claim, its
 * value in the paper, the value here, the verdict and its basis, with the throttled rows used
 * (render-int.h).
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
		rd_fmt(h, sizeof(h), here, 2);
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

int rd_verdicts(struct render_ctx *c, char *err, size_t errlen)
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
	int h15 = rd_target_load(c, "tcs-figure15", &f15, err, errlen) == 0;
	int h3 = h15 && rd_target_load(c, "tcs-table3", &t3, err, errlen) == 0;
	int h4 = h3 && rd_target_load(c, "tcs-table4", &t4, err, errlen) == 0;
	int h9 = h4 && rd_target_load(c, "sptc-figure9", &s9, err, errlen) == 0;
	int h2 = h9 && rd_target_load(c, "tcs-table2", &t2, err, errlen) == 0;
	int ho = h2 && rd_outputs_open(c, "verdicts", &co.o, cols, NELEM(cols), "Verdicts: the papers' claims", notes,
				    cols, NELEM(cols) - 1, err, errlen) == 0;
	if (!ho) {   /* err names the input */
		if (h2) rd_target_free(&t2);
		if (h9) rd_target_free(&s9);
		if (h4) rd_target_free(&t4);
		if (h3) rd_target_free(&t3);
		if (h15) rd_target_free(&f15);
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
		const struct point *cc = rd_find_label(&t3, "case 3 cc"), *tc = rd_find_label(&t3, "case 3 tc");
		struct used u = { "" };
		use(&u, cc);
		use(&u, tc);
		struct model_comparison cmp = { 0, NAN, -1, NAN };
		if (cc && tc && cc->have_model && tc->have_model)
			model_compare(&tc->mp, &cc->mp, &cmp);
		double sp = cc && tc ? tc->measured / cc->measured : NAN;
		char sc[16], spf[32];
		rd_fmt_scenario(sc, sizeof(sc), cmp.scenario);
		rd_fmt(spf, sizeof(spf), sp, 2);
		snprintf(buf, sizeof(buf), "scenario %s here; spider / ebisu = %s", sc, spf);
		enum verdict v = !isfinite(sp) || cmp.scenario <= 0 ? V_NA : (cmp.scenario == 3 && sp > 1) ? V_HOLDS : V_FAILS;
		claim(&co, "tcs 5.3", "case 3 (box2d1r t=7, float) is scenario 3 and SPIDER beats the CUDA-core method",
		      "scenario 3, 7.73x", sp, buf, v, "tcs-table3 case 3: model scenario on this GPU, measured speedup", &u);
	}
	/* Table 4: 3.06x sparse over dense, and the model's ceiling-ratio bound */
	{
		const struct point *pd = rd_find_label(&t4, "dense"), *ps = rd_find_label(&t4, "sparse");
		struct used u = { "" };
		use(&u, pd);
		use(&u, ps);
		double r = pd && ps ? ps->measured / pd->measured : NAN;
		double b = pd && ps && pd->have_model && ps->have_model ? ps->mp.peak_tflops / pd->mp.peak_tflops : NAN;
		claim(&co, "tcs Table 4", "SPIDER on sparse tensor cores is 3.06x SPIDER on dense ones", "3.06", r, NULL,
		      verdict_at_least(r, 3.06, 0.05), "tcs-table4: measured ratio", &u);
		char rf[32], bf[32];
		rd_fmt(rf, sizeof(rf), r, 2);
		rd_fmt(bf, sizeof(bf), b, 2);
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
		const struct point *cc = rd_find_label(&t3, "case 1 cc"), *tc = rd_find_label(&t3, "case 1 tc");
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
	rd_target_free(&f15);
	rd_target_free(&t3);
	rd_target_free(&t4);
	rd_target_free(&s9);
	rd_target_free(&t2);
	return rd_outputs_close(c, "verdicts", &co.o, err, errlen);
}
