/*
 * claims-nongemm.c - the evaluators of the nongemm paper's claims on its own workloads and suite
 * (data/paper/claims.csv names them; verdicts-int.h): SCALE is slower on tensor cores than on CUDA
 * cores (Figure 6, below and above half the L2), the DASP speedup over cuSPARSE shrinks once the
 * warm-up and the preprocessing are fixed and is below 1 above 1,000 non-zeros (Figure 10), the
 * fixed-count warm-up understates DASP's speed (Figure 7, on Figure 8's matrices), and ConvStencil underperforms EBISU
 * over the suite (Figure 11). The SpMV claims rest on the harness's DASP-style kernel
 * (kernels/spmv.cu); their roof gate is its best share of the bandwidth roof (the run's copy
 * bandwidth) over the matrices judged: small matrices run far below any roof on a GPU this size.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw.h"
#include "verdicts-int.h"

/* nongemm 5.1 (Figure 6): CUDA-core over tensor-core (m8n8k4) speed, geometric mean over the sizes
 * whose data (16 bytes an element) is at most (config "below") or above ("above") half the L2 */
void scale_tc_slower(struct verdict_ctx *x, const struct claim_row *cr)
{
	const struct wl_set *s = vd_wl_input(x, "nongemm-figure6");
	const int below = !strcmp(cr->config, "below");
	const double half = rd_meta_num(x->rc, "l2_bytes") / 2;
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 0 };
	struct used u = { "", 0 };
	struct rd_gm g = { 0, 0 };
	double lo = INFINITY, hi = -INFINITY;
	for (size_t i = 0; s && isfinite(half) && i < s->n; i++) {
		const struct wl_pt *tc = &s->pt[i];
		if (strcmp(tc->method, cr->method) || (16.0 * (double)tc->c->n <= half) != below)
			continue;
		const struct wl_pt *cc = rd_wl_same(s, tc, cr->baseline);
		e.N++;
		if (!cc || !isfinite(cc->t) || !isfinite(tc->t))
			continue;
		e.n++;
		rd_gm_add(&g, tc->t / cc->t);
		lo = fmin(lo, tc->t / cc->t), hi = fmax(hi, tc->t / cc->t);
	}
	const double r = rd_gm_val(&g);
	char meas[160], basis[256], a[3][32];
	rd_fmt(a[0], sizeof(a[0]), r, 2);
	rd_fmt(a[1], sizeof(a[1]), g.k ? lo : NAN, 2);
	rd_fmt(a[2], sizeof(a[2]), g.k ? hi : NAN, 2);
	snprintf(meas, sizeof(meas), "CC/TC %s (%s to %s over %d sizes)", a[0], a[1], a[2], g.k);
	snprintf(basis, sizeof(basis), "nongemm-figure6: %s over %s (m8n8k4) speed, sizes with the data %s half the L2 "
		 "(%.0f MiB)", cr->baseline, cr->method, below ? "at most" : "above", half / (1 << 20));
	e.base = verdict_at_least(r, cr->value, cr->tol);
	if (e.base == V_HOLDS && !(r > cr->value))   /* "slower": equal speed does not hold */
		e.base = V_FAILS;
	char mod[96], est[32];
	rd_fmt(est, sizeof(est), rd_scale_estimate(x->rc), 2);
	snprintf(mod, sizeof(mod), "%s (section 5.1.2, no overlap, on this run's ceilings)", est);
	vd_claim(x, cr, &e, r, g.k ? meas : NULL, mod, basis, &u);
}

/* the DASP-style kernel over cuSPARSE on every matrix of nongemm-figure8 with more than lo
 * non-zeros: original setting (fixed-count cold timings, cuSPARSE without preprocessing) and
 * improved one (the protocol, cuSPARSE preprocessed); the DASP-style kernel's best share of the
 * bandwidth roof (GB/s over the run's copy bandwidth) into e */
static void dasp_geomeans(struct verdict_ctx *x, double lo, struct claim_eval *e, double *orig, double *impr)
{
	const struct wl_set *s = vd_wl_input(x, "nongemm-figure8");
	const double bw = hw_get(&x->rc->hw, "dram_copy_bandwidth", NULL);
	struct rd_gm go = { 0, 0 }, gi = { 0, 0 };
	for (size_t i = 0; s && i < s->n; i++) {
		const struct wl_pt *d = &s->pt[i];
		if (strcmp(d->method, "spmv-dasp"))
			continue;
		const struct wl_pt *plain = rd_wl_same(s, d, "spmv-cusparse"), *pre = rd_wl_same(s, d, "spmv-cusparse:preprocess");
		/* the matrix's non-zeros from any of its rows; none measured: it counts as needed, so that
		 * a run missing it is not measured rather than judged on the rest */
		const double nnz = !isnan(d->nnz) ? d->nnz : plain && !isnan(plain->nnz) ? plain->nnz : pre ? pre->nnz : NAN;
		if (!isnan(nnz) && !(nnz > lo))
			continue;
		e->N++;
		if (!plain || !pre || !isfinite(d->t) || !isfinite(pre->t) || !isfinite(plain->cold) || !isfinite(d->cold))
			continue;
		e->n++;
		rd_gm_add(&go, plain->cold / d->cold);
		rd_gm_add(&gi, pre->t / d->t);
		const double share = d->gbps / bw;
		if (isfinite(share) && !(share <= e->share))
			e->share = share, snprintf(e->share_row, sizeof(e->share_row), "spmv-dasp %s %s (best)",
						   d->c->matrix, d->c->size);
	}
	*orig = rd_gm_val(&go), *impr = rd_gm_val(&gi);
}

/* nongemm 5.2: the speedup shrinks once the warm-up and preprocessing are fixed (every matrix) */
void dasp_speedup_shrinks(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 0 };
	struct used u = { "", 0 };
	double o, i;
	char meas[96], a[2][32];
	dasp_geomeans(x, 0, &e, &o, &i);
	rd_fmt(a[0], sizeof(a[0]), o, 2);
	rd_fmt(a[1], sizeof(a[1]), i, 2);
	snprintf(meas, sizeof(meas), "%sx -> %sx", a[0], a[1]);
	e.base = isfinite(o) && isfinite(i) ? (i < o ? V_HOLDS : V_FAILS) : V_NA;
	e.share = NAN;   /* a change of setting, not a rate against a roof */
	vd_claim(x, cr, &e, i / o, meas, "-", "nongemm-figure8: geometric means of spmv-dasp over cuSPARSE over every "
		 "matrix, original setting -> improved setting (measured: their ratio)", &u);
}

/* nongemm 5.2: above 1,000 non-zeros cuSPARSE outperforms DASP in the improved setting */
void dasp_below_one(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 1 };
	struct used u = { "", 0 };
	double o, i;
	char basis[192];
	dasp_geomeans(x, 1000, &e, &o, &i);
	e.base = isfinite(i) ? (i < cr->value ? V_HOLDS : V_FAILS) : V_NA;
	snprintf(basis, sizeof(basis), "nongemm-figure8: geometric mean of spmv-dasp over cuSPARSE (preprocessed), the "
		 "matrices with more than 1,000 non-zeros, improved setting");
	vd_claim(x, cr, &e, i, NULL, "-", basis, &u);
}

/* nongemm 5.2 (Figure 7): the DASP-style kernel's fixed-count cold time over the same timing warm,
 * on every matrix of nongemm-figure8 (timed with --original there for Figure 10's original setting) */
void warmup_effect(struct verdict_ctx *x, const struct claim_row *cr)
{
	const struct wl_set *s = vd_wl_input(x, "nongemm-figure8");
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 0 };
	struct used u = { "", 0 };
	struct rd_gm g = { 0, 0 }, clk = { 0, 0 };
	for (size_t i = 0; s && i < s->n; i++) {
		const struct wl_pt *d = &s->pt[i];
		if (strcmp(d->method, "spmv-dasp"))
			continue;
		e.N++;
		if (isfinite(d->cold) && isfinite(d->warm))
			e.n++, rd_gm_add(&g, d->cold / d->warm);
		rd_gm_add(&clk, d->idle_mhz);
	}
	const double r = rd_gm_val(&g), idle = rd_gm_val(&clk), max = rd_meta_num(x->rc, "sm_clock_max_mhz");
	e.base = verdict_at_least(r, cr->value, cr->tol);
	if (idle >= 0.9 * max) {   /* the premise: the fixed-count launches start on a clocked-down GPU */
		e.premise_absent = 1;
		snprintf(e.premise_why, sizeof(e.premise_why), "the GPU did not clock down during the pause (%.0f MHz "
			 "after it, the maximum %.0f)", idle, max);
	}
	vd_claim(x, cr, &e, r, NULL, "-", "nongemm-figure8: geometric mean of spmv-dasp's cold over warm fixed-count "
		 "time over every matrix (the GPU idle 0.5 s, 100 launches, 1000 timed; the same after the protocol's "
		 "warm-up); the cold launches' SM clock is not recorded, so a GPU that had not clocked down in the "
		 "0.5 s reads the same", &u);
}

/* nongemm 5.3 (Figure 11): ConvStencil over EBISU below 1 on each stencil of the suite, each at its
 * Table 2 domain and depth (labels "BENCH convstencil", "BENCH ebisu" of nongemm-figure11) */
void suite_tc_underperforms(struct verdict_ctx *x, const struct claim_row *cr)
{
	static const char *const bench[] = { "2d5pt", "2d13pt", "2d9pt", "2d49pt", "3d7pt", "3d27pt" };
	const struct target *t = vd_input(x, "nongemm-figure11");
	struct claim_eval e = { 0, 2 * (int)NELEM(bench), V_HOLDS, 0, "", NAN, "", 1 };
	struct used u = { "", 0 };
	char meas[192] = "", lab[48], f[32];
	for (size_t b = 0; t && b < NELEM(bench); b++) {
		snprintf(lab, sizeof(lab), "%s %s", bench[b], cr->method);
		const struct point *cs = rd_find_label(t, lab);
		snprintf(lab, sizeof(lab), "%s %s", bench[b], cr->baseline);
		const struct point *eb = rd_find_label(t, lab);
		vd_rest_on(&e, cs, &u, 1);   /* a slow tensor-core kernel would meet the claim for nothing */
		vd_rest_on(&e, eb, &u, 0);
		const double r = cs && eb ? cs->measured / eb->measured : NAN;
		if (!(r < 1))
			e.base = isfinite(r) ? V_FAILS : e.base;
		rd_fmt(f, sizeof(f), r, 2);
		snprintf(meas + strlen(meas), sizeof(meas) - strlen(meas), "%s%s %s", b ? ", " : "", bench[b], f);
	}
	if (!t)
		e.base = V_NA;
	char basis[160];
	snprintf(basis, sizeof(basis), "nongemm-figure11: %s over %s GStencil/s, fp64, each at its Table 2 domain and "
		 "depth", cr->method, cr->baseline);
	vd_claim(x, cr, &e, NAN, meas, "-", basis, &u);
}
