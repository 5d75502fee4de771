/*
 * power.h - the power roof (the harness's own model beside the papers' two roofs): on an H200 the
 * 700 W board cap binds before the compute or memory roof for many kernels. A kernel drawing a
 * constant power pi0 plus e joules a point-step can run at most (cap - pi0) / e point-steps a
 * second (the power-capped roofline of Choi, Bedard, Fowler and Vuduc, IPDPS 2013 and 2014). e
 * comes from the measured ceilings: each microbenchmark's board power at its sustained rate, less
 * pi0, over that rate is the energy of its unit of work (a FLOP of its kind, a DRAM byte); pi0 is
 * the intercept of a least-squares fit of those powers against their rates, one slope for each
 * family of instructions measured at more than one rate (tensor-core shapes of one precision),
 * which is what makes the intercept identifiable; a family whose rates span less than 1.5x (its
 * intercept extrapolated over more than twice its span) or whose fitted slope is not positive (its
 * power falling as its rate rises) is left out and the fit made again. What it leaves out is said where it is shown:
 * L2 and shared-memory traffic, integer and address work. Pure C, tested on hand-computed cases
 * (tests/test_model.c); used by the model (roofline.c) and stencil-model.
 */
#ifndef POWER_H
#define POWER_H

#include <stddef.h>

#include "hw.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Least squares of power = pi0 + slope[g] x rate over n points in ngroups groups (group[k] of
 * point k, 0..ngroups-1): pi0, each group's slope (NaN: one rate only) and the RMS residual.
 * 0, or -1 when no group holds two distinct rates (pi0 unidentified). */
int power_fit(const double *rate, const double *watts, const int *group, size_t n, int ngroups, double *pi0,
	      double *slope, double *resid);
/* The fit over hw's measured ceilings (rows with a power): the families are the tensor-core
 * instruction rows of one precision (tc_fp64_mma_*, tc_fp16_*, ...), every other row its own;
 * the idle power and the power limit from the idle_power and power_limit rows; into hw */
void power_from_ceilings(struct hw *hw);
/* The energy of a unit of ceiling key's work net of pi0, in J per FLOP (a TFLOP/s ceiling) or per
 * byte (GB/s): (its power - pi0) / its rate; NaN where unknown */
double power_energy_per_unit(const struct hw *hw, const char *key);
/* GStencil/s the cap allows a kernel of t fused steps that spends e_launch_point joules a point
 * each launch: (cap - pi0) / e x t / 1e9 */
double power_roof_gstencil(double cap_w, double pi0_w, double e_launch_point, int t);

#ifdef __cplusplus
}
#endif
#endif
