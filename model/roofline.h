/*
 * roofline.h - the tcs paper's roofline model with sparsity sigma and fusion redundancy rho.
 *
 *   CUDA cores, temporal fusion t:  F = 2Kt, Q = 2D, I = F/Q                    (tcs eqs. 6-8)
 *   Tensor Cores, kernel fusion:    F = 2Kt rho/sigma, Q = 2D, raw = min(pi, beta I),
 *                                   effective = raw sigma/rho                   (eqs. 11-12)
 *   Sparse Tensor Cores:            same F, Q, I; pi = pi_SpTC                  (eq. 20)
 *   GStencil/s = effective FLOP/s / (2K): every fused time step of every point counts.
 * F and Q are per output point of one launch (which advances t steps). Comparing two methods
 * gives the scenario 1-4, the speedup of eq. 13 and the sweet-spot test of eq. 19. Used by
 * tcs Tables 2-4 and Figures 9, 10, 14, and by every "model" column of the harness.
 */
#ifndef ROOFLINE_H
#define ROOFLINE_H

#include <stddef.h>

#include "hw.h"
#include "method.h"
#include "stencil.h"

#ifdef __cplusplus
extern "C" {
#endif

enum bound { BOUND_MEMORY, BOUND_COMPUTE };

struct model_input {
	const struct stencil *stencil;
	int fusion;                     /* t >= 1 */
	enum dtype dtype;
	const struct model_method *method;
	int unit_override;              /* -1, or an enum unit */
	double sigma_override;          /* NaN, or (0, 1] */
	const struct hw *hw;            /* NULL: F, Q, I, rho and sigma only (ceilings NaN) */
	int wgmma;                      /* 1: the :wgmma variant, whose roof is the wgmma_* ceilings */
};

struct model_point {
	const char *stencil, *method, *dtype, *gpu;
	enum unit unit;
	int fusion, fused_radius;
	long K, K_fused;
	double rho, sigma;              /* factors applied to this method's work (1 on CUDA cores) */
	double F, Q, I;                 /* FLOP per point, bytes per point, FLOP/byte */
	const char *peak_key;           /* which ceiling: fp64_fma, tc_tf32, sptc_fp16, ... */
	double peak_tflops, bw_gbps, ridge;
	enum bound bound;
	double attainable_tflops;       /* raw: every operation the unit executes */
	double effective_tflops;        /* useful: raw sigma / rho */
	double gstencil_per_s;
	/* the power roof (model/power.h), beside the papers' two roofs and never folded into them:
	 * the energy a point each launch (F of the unit's work, Q DRAM bytes; L2, shared memory and
	 * integer work left out), and the GStencil/s the board cap allows (NaN: the ceilings lack the
	 * energy counter, the constant power or the cap) */
	double e_point_j;
	double power_gstencil_per_s;
};

struct model_comparison {
	int scenario;                   /* 1-4, or 0 when the pair is not one CC and one TC/SpTC */
	double speedup;                 /* this method's GStencil/s over the other's (eq. 13) */
	int sweet_spot;                 /* 1 yes, 0 no, -1 not applicable */
	double rho_max;                 /* eq. 19's bound sigma pi_TC / pi_CC, NaN if n/a */
};

const char *bound_name(enum bound b);
/* The hw key of the ceiling for a unit and data type, with Hopper's wgmma instructions when wgmma
 * is 1 (wgmma_tf32, wgmma_sp_fp16, ...; hw_get takes the best row of that prefix); NULL (with
 * why) when there is none. */
const char *model_peak_key(enum unit u, enum dtype dt, int wgmma, const char **why);
/* Evaluate the model. 0 on success, else -1 with a one-line reason in err. */
int model_eval(const struct model_input *in, struct model_point *out, char *err, size_t errlen);
/* Compare `self` against `other` (eq. 13-19). */
void model_compare(const struct model_point *self, const struct model_point *other,
		   struct model_comparison *c);

/* nongemm eq. 23: memory-bound speedup bound of a unit alpha times faster: 2 - 2/(1+alpha). */
double nongemm_tc_bound(double alpha);
/* nongemm eq. 24 (alpha -> infinity): 1 + I/B, B the CUDA-core ridge point (FLOP/byte). */
double nongemm_workload_bound(double intensity, double ridge);

#ifdef __cplusplus
}
#endif
#endif
