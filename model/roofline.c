/*
 * roofline.c - the tcs model (eqs. 6-20) and the nongemm bounds (eqs. 23-24). See roofline.h.
 */
#include "roofline.h"

#include "power.h"

#include <math.h>
#include <stdio.h>

const char *bound_name(enum bound b)
{
	return b == BOUND_MEMORY ? "memory" : "compute";
}

const char *model_peak_key(enum unit u, enum dtype dt, int wgmma, const char **why)
{
	static const char *const wg[UNIT_COUNT][DT_COUNT] = {
		[UNIT_TC]   = { NULL, "wgmma_tf32", "wgmma_tf32", "wgmma_fp16" },
		[UNIT_SPTC] = { NULL, "wgmma_sp_tf32", "wgmma_sp_tf32", "wgmma_sp_fp16" },
	};
	static const char *const keys[UNIT_COUNT][DT_COUNT] = {
		/*            fp64        fp32        tf32        fp16 */
		[UNIT_CC]   = { "fp64_fma", "fp32_fma", "fp32_fma", "fp16_fma" },
		[UNIT_TC]   = { "tc_fp64", "tc_tf32", "tc_tf32", "tc_fp16" },
		[UNIT_SPTC] = { NULL, "sptc_tf32", "sptc_tf32", "sptc_fp16" },
	};
	if (u >= UNIT_COUNT || dt >= DT_COUNT)
		return NULL;
	if (wgmma) {
		if (!wg[u][dt] && why)
			*why = u == UNIT_CC ? "wgmma is a tensor-core instruction" : "wgmma has no fp64 shape";
		return wg[u][dt];
	}
	if (!keys[u][dt] && why)
		*why = "sparse tensor cores have no fp64 MMA";
	return keys[u][dt];
}

int model_eval(const struct model_input *in, struct model_point *o, char *err, size_t errlen)
{
	const struct stencil *s = in->stencil;
	const struct model_method *m = in->method;
	const struct dtype_info *dt = &dtype_table[in->dtype];
	const char *why = NULL;
	enum unit u = in->unit_override >= 0 ? (enum unit)in->unit_override : m->unit;
	int t = in->fusion;

	if (t < 1) {
		snprintf(err, errlen, "bad fusion depth %d (must be >= 1)", t);
		return -1;
	}
	if (m->one_step && t != 1) {
		snprintf(err, errlen, "method %s does one time step per launch: fusion %d is not "
			 "possible (use 1)", m->name, t);
		return -1;
	}
	if ((m->unit == UNIT_CC) != (u == UNIT_CC)) {
		snprintf(err, errlen, "method %s runs on %s: unit %s does not apply", m->name,
			 m->unit == UNIT_CC ? "CUDA cores" : "tensor cores", unit_name(u));
		return -1;
	}
	if (s->radius * t > 64) {
		snprintf(err, errlen, "fused radius %d x %d is too large", s->radius, t);
		return -1;
	}

	*o = (struct model_point){ 0 };
	o->stencil = s->name;
	o->method = m->name;
	o->dtype = dt->name;
	o->gpu = in->hw ? in->hw->name : "";
	o->unit = u;
	o->fusion = t;
	o->fused_radius = s->radius * t;
	o->K = s->points;
	o->K_fused = stencil_fused_points(s, t);

	if (!isnan(in->sigma_override)) {
		if (!(in->sigma_override > 0 && in->sigma_override <= 1)) {
			snprintf(err, errlen, "bad sigma %g (must be in (0,1])", in->sigma_override);
			return -1;
		}
		o->sigma = in->sigma_override;
	} else {
		o->sigma = m->sigma(s, t, in->dtype, &why);
		if (o->sigma <= 0) {
			snprintf(err, errlen, "%s cannot run %s %s fused %d times: %s", m->name, s->name,
				 dt->name, t, why ? why : "unsupported");
			return -1;
		}
	}

	/* a CUDA-core kernel applies K, t times: no fusion redundancy (rho = 1) */
	o->rho = u == UNIT_CC ? 1.0 : stencil_rho(s, t);
	o->F = 2.0 * (double)o->K * t * o->rho / o->sigma;   /* TC: = 2 K_fused / sigma */
	o->Q = 2.0 * dt->bytes;
	o->I = o->F / o->Q;

	o->peak_key = model_peak_key(u, in->dtype, in->wgmma, &why);
	if (!o->peak_key) {
		snprintf(err, errlen, "no %s ceiling for %s: %s", unit_name(u), dt->name, why);
		return -1;
	}
	if (!in->hw) {   /* F, Q, I only: no ceilings */
		o->peak_tflops = o->bw_gbps = o->ridge = NAN;
		o->attainable_tflops = o->effective_tflops = o->gstencil_per_s = NAN;
		o->e_point_j = o->power_gstencil_per_s = NAN;
		return 0;
	}
	o->peak_tflops = hw_get(in->hw, o->peak_key, NULL);
	o->bw_gbps = hw_get(in->hw, HW_KEY_BW, NULL);
	if (isnan(o->peak_tflops)) {
		snprintf(err, errlen, "%s has no '%s' ceiling (needed for %s on %s)", in->hw->name,
			 o->peak_key, dt->name, unit_name(u));
		return -1;
	}
	o->ridge = o->peak_tflops * 1e3 / o->bw_gbps;
	o->bound = o->I < o->ridge ? BOUND_MEMORY : BOUND_COMPUTE;
	o->attainable_tflops = fmin(o->peak_tflops, o->bw_gbps * o->I / 1e3);
	o->effective_tflops = o->attainable_tflops * o->sigma / o->rho;
	o->gstencil_per_s = o->effective_tflops * 1e3 / (2.0 * (double)o->K);
	o->e_point_j = o->F * power_energy_per_unit(in->hw, o->peak_key) + o->Q * power_energy_per_unit(in->hw, HW_KEY_BW);
	o->power_gstencil_per_s = power_roof_gstencil(in->hw->cap_w, in->hw->pi0_w, o->e_point_j, t);
	return 0;
}

void model_compare(const struct model_point *self, const struct model_point *other,
		   struct model_comparison *c)
{
	const struct model_point *cc = NULL, *tc = NULL;
	c->speedup = self->gstencil_per_s / other->gstencil_per_s;
	c->scenario = 0;
	c->sweet_spot = -1;
	c->rho_max = NAN;
	if (self->unit == UNIT_CC && other->unit != UNIT_CC)
		cc = self, tc = other;
	else if (other->unit == UNIT_CC && self->unit != UNIT_CC)
		cc = other, tc = self;
	if (!cc)
		return;
	/* scenario: 1 mem/mem, 2 mem/compute, 3 compute/mem, 4 compute/compute (CC/TC) */
	c->scenario = 1 + (cc->bound == BOUND_COMPUTE ? 2 : 0) + (tc->bound == BOUND_COMPUTE ? 1 : 0);
	c->rho_max = tc->sigma * tc->peak_tflops / cc->peak_tflops;
	/* The sweet spot: scenario 3 always, scenario 4 when eq. 19 holds. */
	c->sweet_spot = c->scenario == 3 || (c->scenario == 4 && tc->rho < c->rho_max);
}

double nongemm_tc_bound(double alpha)
{
	return 2.0 - 2.0 / (1.0 + alpha);
}

double nongemm_workload_bound(double intensity, double ridge)
{
	return 1.0 + intensity / ridge;
}
