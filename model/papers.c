/*
 * papers.c - sptc Table 1 and tcstencil appendix formulas. See papers.h.
 */
#include "papers.h"

static const char *const names[SPTC_METHOD_COUNT] = {
	"lower-bound", "tcstencil", "convstencil", "lorastencil", "sptcstencil",
};

const char *sptc_method_name(enum sptc_method m)
{
	return m < SPTC_METHOD_COUNT ? names[m] : "?";
}

static double cdiv(int a, int b)
{
	return (double)((a + b - 1) / b);
}

int sptc_table1_cost(enum sptc_method m, int r, int c, int L, struct sptc_cost *o)
{
	double c2 = (double)c * c, k2 = (double)(2 * r + 1) * (2 * r + 1), strip;
	if (r < 1 || c < 1)
		return -1;
	switch (m) {
	case SPTC_LOWER_BOUND:
		o->compute = k2;
		o->input = (double)(c + 2 * r) * (c + 2 * r) / c2;
		o->param = k2 / c2;
		return 0;
	case SPTC_TCSTENCIL: {
		double upd;
		if (L <= 2 * r)
			return -1;
		upd = (double)(L - 2 * r) * (L - 2 * r);
		o->compute = (double)L * L * L * (2 * r + 1) / upd;
		o->input = o->param = (double)L * L * (2 * r + 1) / upd;
		return 0;
	}
	case SPTC_CONVSTENCIL:
		/* two GEMMs per 8ceil(c/8) x (2r+2) strip; A/(2c(r+1)) strips per row of B */
		strip = 2.0 * c * (r + 1);
		o->compute = 512.0 * cdiv(c, 8) * cdiv(r + 1, 4) * cdiv((2 * r + 1) * (2 * r + 1), 4) / strip;
		o->input = 64.0 * cdiv((2 * r + 1) * (2 * r + 1), 4) * cdiv(c, 8) / strip;
		o->param = o->input * cdiv(r + 1, 4);
		return 0;
	case SPTC_LORASTENCIL:
		o->compute = 256.0 * r / c2 * cdiv(c, 8) * cdiv(2 * r + c, 4)
			     * (cdiv(2 * r + c, 8) + cdiv(c, 8));
		o->input = 32.0 / c2 * cdiv(2 * r + c, 4) * cdiv(2 * r + c, 8);
		o->param = 4.0 * r / cdiv(r, 4);
		return 0;
	case SPTC_SPTCSTENCIL:
		o->compute = 256.0 / c2 * (r + 1) * cdiv(c, 8) * cdiv(c, 8) * cdiv(2 * r + c, 4);
		o->input = 32.0 / c2 * (2 * r + 1) * cdiv(c, 8) * cdiv(2 * r + c, 4);
		o->param = o->input / 2.0;
		return 0;
	default:
		return -1;
	}
}

double tcstencil_ai_artemis(int points)
{
	return (double)points / (points * 2.0);
}

double tcstencil_ai_tc_without_tc(int points, int updated, int L)
{
	return (double)updated * points / ((double)L * L * 2.0);
}

double tcstencil_ai_tcstencil(int n_mma, int L)
{
	return (double)L * L * L * n_mma / ((1.0 + n_mma) * L * L * 2.0);
}

double roofline_ridge(double peak_tflops, double bw_gbps)
{
	return peak_tflops * 1e3 / bw_gbps;
}
