/*
 * claims-nongemm.c - the evaluators of the nongemm paper's claims on its own workloads and suite
 * (data/paper/claims.csv names them; verdicts-int.h): SCALE is slower on tensor cores than on CUDA
 * cores (Figure 6, below and above half the L2), the DASP speedup over cuSPARSE shrinks once the
 * warm-up and the preprocessing are fixed and is below 1 above 1,000 non-zeros (Figure 10), the
 * fixed-count warm-up understates DASP's speed (Figure 7, on Figure 8's matrices), and ConvStencil underperforms EBISU
 * over the suite (Figure 11). The SpMV and SCALE claims rest on the harness's own kernels, for
 * which no authors' number exists: the gate's fallback reads each kernel's best share of the
 * bandwidth roof (the run's copy bandwidth) over the sizes judged. SCALE's rows that time the
 * host's issue rate (rec_wl_issue_bound, the function that flags SpMV's) are left out of the
 * criterion, which is shown with them too. The paper numbers they use (16 bytes a SCALE element,
 * the 1,000 non-zeros) are data/paper/verdict-params.csv's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw.h"
#include "verdicts-int.h"

/* SCALE's CC over TC geometric mean over the sizes of one side of half the L2, without (kept = 0)
 * or with (1) the issue-bound rows; counts rows into e when count; the kernels' best shares */
struct scale_gm {
	struct rec_gm g;
	double lo, hi, share_tc, share_cc;
	int issue;
};

static void scale_gm(struct verdict_ctx *x, const struct claim_row *cr, int with_issue, struct claim_eval *e,
		     struct scale_gm *o)
{
	const struct wl_set *s = vd_wl_input(x, "nongemm-figure6");
	const int below = !strcmp(cr->config, "below");
	const double half = rec_meta_num(&x->rc->run, "l2_bytes") / 2, eb = vd_param(x, "scale_bytes_per_element");
	const double bw = hw_get(&x->rc->run.hw, "dram_copy_bandwidth", NULL);
	*o = (struct scale_gm){ { 0, 0 }, INFINITY, -INFINITY, NAN, NAN, 0 };
	for (size_t i = 0; s && isfinite(half) && i < s->n; i++) {
		const struct wl_pt *tc = &s->pt[i];
		if (strcmp(tc->method, cr->method) || (eb * (double)tc->c->n <= half) != below)
			continue;
		const struct wl_pt *cc = rec_wl_same(s, tc, cr->baseline);
		if (e)
			e->N++;
		if (!cc || !isfinite(cc->t) || !isfinite(tc->t))
			continue;
		if (e)
			e->n++;
		const double share = vd_param(x, "issue_bound_share");
		const int ib = rec_wl_issue_bound(tc, share) == 1 || rec_wl_issue_bound(cc, share) == 1;
		o->issue += ib;
		if (ib && !with_issue)
			continue;
		rec_gm_add(&o->g, tc->t / cc->t);
		o->lo = fmin(o->lo, tc->t / cc->t), o->hi = fmax(o->hi, tc->t / cc->t);
		if (isfinite(tc->gbps / bw) && !(tc->gbps / bw <= o->share_tc))
			o->share_tc = tc->gbps / bw;
		if (isfinite(cc->gbps / bw) && !(cc->gbps / bw <= o->share_cc))
			o->share_cc = cc->gbps / bw;
	}
}

/* nongemm 5.1.1 (Figure 6): CUDA-core over tensor-core (m8n8k4) speed, geometric mean over the sizes
 * whose data is at most (config "below") or above ("above") half the L2, above 1 ("degradation");
 * judged without the rows that time the host's issue rate, shown with them */
void scale_tc_slower(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	struct scale_gm w, a;
	scale_gm(x, cr, 0, &e, &w);
	scale_gm(x, cr, 1, NULL, &a);
	const double r = rec_gm_val(&w.g), ra = rec_gm_val(&a.g);
	char meas[256], basis[320], f[4][32];
	render_fmt(f[0], sizeof(f[0]), r, 2);
	render_fmt(f[1], sizeof(f[1]), w.g.k ? w.lo : NAN, 2);
	render_fmt(f[2], sizeof(f[2]), w.g.k ? w.hi : NAN, 2);
	render_fmt(f[3], sizeof(f[3]), ra, 2);
	snprintf(meas, sizeof(meas), "CC/TC %s (%s to %s over %d size%s); with the %d issue-bound sizes: %s", f[0], f[1],
		 f[2], w.g.k, w.g.k == 1 ? "" : "s", a.issue, f[3]);
	snprintf(basis, sizeof(basis), "nongemm-figure6: %s over %s (m8n8k4) speed, sizes with the data %s half the L2 "
		 "(%.0f MiB); the reading taken leaves out the sizes whose time is the host's issue rate (issue time at "
		 "least %.2f of the median, data/paper/verdict-params.csv's issue_bound_share: they time the host, not the "
		 "GPU)", cr->baseline, cr->method, !strcmp(cr->config, "below") ? "at most" : "above",
		 rec_meta_num(&x->rc->run, "l2_bytes") / 2 / (1 << 20), vd_param(x, "issue_bound_share"));
	if (isfinite(r)) {
		e.base = r > cr->value ? V_HOLDS : V_FAILS;   /* "slower": equal speed does not hold */
		const int holds = e.base == V_HOLDS;
		vd_flip(x, &e, holds ? r / cr->value : cr->value / r, "nongemm-figure6", "%s; flips if %s were %.2fx faster",
			holds ? "holds" : "does not hold", holds ? cr->method : cr->baseline, holds ? r : 1 / r);
		vd_side_share(&e, holds ? cr->method : cr->baseline, holds ? w.share_tc : w.share_cc);
	}
	char mod[96], est[32];
	render_fmt(est, sizeof(est), render_scale_estimate(x->rc), 2);
	snprintf(mod, sizeof(mod), "%s (section 5.1.2, no overlap, on this run's ceilings)", est);
	vd_claim(x, cr, &e, r, w.g.k ? meas : NULL, mod, basis, &u);
}

/* the DASP-style kernel over cuSPARSE on every matrix of nongemm-figure8 with more than lo
 * non-zeros: original setting (fixed-count cold timings, cuSPARSE without preprocessing) and
 * improved one (the protocol, cuSPARSE preprocessed); the DASP-style kernel's best share of the
 * bandwidth roof (GB/s over the run's copy bandwidth) into e */
static void dasp_geomeans(struct verdict_ctx *x, double lo, struct claim_eval *e, double *orig, double *impr,
			  double *share_d, double *share_c)
{
	const struct wl_set *s = vd_wl_input(x, "nongemm-figure8");
	const double bw = hw_get(&x->rc->run.hw, "dram_copy_bandwidth", NULL);
	struct rec_gm go = { 0, 0 }, gi = { 0, 0 };
	*share_d = *share_c = NAN;
	for (size_t i = 0; s && i < s->n; i++) {
		const struct wl_pt *d = &s->pt[i];
		if (strcmp(d->method, "spmv-dasp"))
			continue;
		const struct wl_pt *plain = rec_wl_same(s, d, "spmv-cusparse"), *pre = rec_wl_same(s, d, "spmv-cusparse:preprocess");
		/* the matrix's non-zeros from any of its rows; none measured: it counts as needed, so that
		 * a run missing it is not measured rather than judged on the rest */
		const double nnz = !isnan(d->nnz) ? d->nnz : plain && !isnan(plain->nnz) ? plain->nnz : pre ? pre->nnz : NAN;
		if (!isnan(nnz) && !(nnz > lo))
			continue;
		e->N++;
		if (!plain || !pre || !isfinite(d->t) || !isfinite(pre->t) || !isfinite(plain->cold) || !isfinite(d->cold))
			continue;
		e->n++;
		rec_gm_add(&go, plain->cold / d->cold);
		rec_gm_add(&gi, pre->t / d->t);
		if (isfinite(d->gbps / bw) && !(d->gbps / bw <= *share_d))
			*share_d = d->gbps / bw;
		if (isfinite(pre->gbps / bw) && !(pre->gbps / bw <= *share_c))
			*share_c = pre->gbps / bw;
	}
	*orig = rec_gm_val(&go), *impr = rec_gm_val(&gi);
}

/* nongemm 5.2.4: the speedup shrinks once the warm-up and preprocessing are fixed (every matrix) */
void dasp_speedup_shrinks(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	double o, i, sd, sc;
	char meas[96], a[2][32];
	dasp_geomeans(x, 0, &e, &o, &i, &sd, &sc);
	render_fmt(a[0], sizeof(a[0]), o, 2);
	render_fmt(a[1], sizeof(a[1]), i, 2);
	snprintf(meas, sizeof(meas), "%sx -> %sx", a[0], a[1]);
	e.base = isfinite(o) && isfinite(i) ? (i < o ? V_HOLDS : V_FAILS) : V_NA;
	vd_distance(&e, o / i - 1, "the improved setting's ratio %.2fx %s the original's", i < o ? o / i : i / o,
		    i < o ? "under" : "over");   /* a change of setting, not a rate against a roof */
	vd_claim(x, cr, &e, i / o, meas, "-", "nongemm-figure8: geometric means of spmv-dasp over cuSPARSE over every "
		 "matrix, original setting -> improved setting (measured: their ratio)", &u);
}

/* nongemm 5.2.4: above the cut in non-zeros cuSPARSE outperforms DASP in the improved setting */
void dasp_below_one(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	double o, i, sd, sc;
	const double cut = vd_param(x, "dasp_nnz_threshold");
	char basis[192];
	dasp_geomeans(x, cut, &e, &o, &i, &sd, &sc);
	e.base = isfinite(i) ? (i < cr->value ? V_HOLDS : V_FAILS) : V_NA;
	if (isfinite(i)) {
		const int holds = e.base == V_HOLDS;
		vd_flip(x, &e, holds ? cr->value / i : i / cr->value, "nongemm-figure8", "%s; flips if %s were %.2fx faster",
			holds ? "holds" : "does not hold", holds ? "spmv-dasp" : cr->baseline, holds ? cr->value / i : i);
		vd_side_share(&e, holds ? "spmv-dasp" : cr->baseline, holds ? sd : sc);
	}
	snprintf(basis, sizeof(basis), "nongemm-figure8: geometric mean of spmv-dasp over cuSPARSE (preprocessed), the "
		 "matrices with more than %.0f non-zeros, improved setting", cut);
	vd_claim(x, cr, &e, i, NULL, "-", basis, &u);
}

/* nongemm 5.2.2 (Figure 7): the DASP-style kernel's fixed-count cold time over the same timing warm,
 * on every matrix of nongemm-figure8 (timed with --original there for Figure 10's original
 * setting), judged on its ratio; the SM clock after the pause is shown, not a premise (the paper
 * attributes nothing to clocks) */
void warmup_effect(struct verdict_ctx *x, const struct claim_row *cr)
{
	const struct wl_set *s = vd_wl_input(x, "nongemm-figure8");
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	struct rec_gm g = { 0, 0 }, clk = { 0, 0 };
	for (size_t i = 0; s && i < s->n; i++) {
		const struct wl_pt *d = &s->pt[i];
		if (strcmp(d->method, "spmv-dasp"))
			continue;
		e.N++;
		if (isfinite(d->cold) && isfinite(d->warm))
			e.n++, rec_gm_add(&g, d->cold / d->warm);
		rec_gm_add(&clk, d->idle_mhz);
	}
	const double r = rec_gm_val(&g), idle = rec_gm_val(&clk), max = rec_meta_num(&x->rc->run, "sm_clock_max_mhz");
	const double t = cr->value * (1 - cr->tol);
	char meas[192], c[2][32];
	render_fmt(c[0], sizeof(c[0]), idle, 0);
	render_fmt(c[1], sizeof(c[1]), max, 0);
	snprintf(meas, sizeof(meas), "%.2f (SM clock after the pause %s MHz, the maximum %s%s)", r, c[0], c[1],
		 isfinite(idle) ? "" : "; not recorded by this run");
	e.base = verdict_at_least(r, cr->value, cr->tol);
	if (isfinite(r))
		vd_distance(&e, r - t, "%.2f %s %.2f (1.2 less 10 %%)", fabs(r - t), r >= t ? "above" : "under", t);
	vd_claim(x, cr, &e, r, isfinite(r) ? meas : NULL, "-", "nongemm-figure8: geometric mean of spmv-dasp's cold over "
		 "warm fixed-count time over every matrix (the GPU idle 0.5 s, 100 launches, 1000 timed; the same after "
		 "the protocol's warm-up)", &u);
}

/* nongemm 5.3 (Figure 11): ConvStencil over EBISU below 1 on each stencil of the suite, each at its
 * Table 2 domain and depth (labels "BENCH convstencil", "BENCH ebisu" of nongemm-figure11) */
void suite_tc_underperforms(struct verdict_ctx *x, const struct claim_row *cr)
{
	static const char *const bench[] = { "2d5pt", "2d13pt", "2d9pt", "2d49pt", "3d7pt", "3d27pt" };
	const struct target *t = vd_input(x, "nongemm-figure11");
	struct claim_eval e = CLAIM_EVAL(V_HOLDS);
	struct used u = { "", 0 };
	const struct point *kc = NULL, *kt = NULL;
	double key = NAN;
	e.N = 2 * (int)NELEM(bench);
	char meas[192] = "", lab[48], f[32];
	for (size_t b = 0; t && b < NELEM(bench); b++) {
		snprintf(lab, sizeof(lab), "%s %s", bench[b], cr->method);
		const struct point *cs = rec_find_label(t, lab);
		snprintf(lab, sizeof(lab), "%s %s", bench[b], cr->baseline);
		const struct point *eb = rec_find_label(t, lab);
		vd_rest_on(&e, cs, &u);
		vd_rest_on(&e, eb, &u);
		const double r = cs && eb ? cs->measured / eb->measured : NAN;
		if (isfinite(r) && !(r <= key))
			key = r, kt = cs, kc = eb;   /* the stencil nearest 1 decides the margin */
		if (!(r < 1))
			e.base = isfinite(r) ? V_FAILS : e.base;
		render_fmt(f, sizeof(f), r, 2);
		snprintf(meas + strlen(meas), sizeof(meas) - strlen(meas), "%s%s %s", b ? ", " : "", bench[b], f);
	}
	if (!t)
		e.base = V_NA;
	vd_flip_ratio(x, &e, key, 1, 1, "nongemm-figure11", &kt, 1, &kc, 1);
	char basis[160];
	snprintf(basis, sizeof(basis), "nongemm-figure11: %s over %s GStencil/s, fp64, each at its Table 2 domain and "
		 "depth", cr->method, cr->baseline);
	vd_claim(x, cr, &e, NAN, meas, "-", basis, &u);
}
