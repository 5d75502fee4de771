/*
 * power.c - the power roof's fit and arithmetic. See power.h.
 */
#include "power.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Gaussian elimination with partial pivoting of the m x m system a x = b (a row-major, destroyed):
 * 0, or -1 when singular */
static int solve(double *a, double *b, int m)
{
	for (int c = 0; c < m; c++) {
		int p = c;
		for (int r = c + 1; r < m; r++)
			if (fabs(a[r * m + c]) > fabs(a[p * m + c]))
				p = r;
		if (!(fabs(a[p * m + c]) > 1e-12))
			return -1;
		for (int k = 0; k < m; k++) {
			const double t = a[c * m + k];
			a[c * m + k] = a[p * m + k], a[p * m + k] = t;
		}
		const double t = b[c];
		b[c] = b[p], b[p] = t;
		for (int r = 0; r < m; r++) {
			if (r == c)
				continue;
			const double f = a[r * m + c] / a[c * m + c];
			for (int k = c; k < m; k++)
				a[r * m + k] -= f * a[c * m + k];
			b[r] -= f * b[c];
		}
	}
	for (int c = 0; c < m; c++)
		b[c] /= a[c * m + c];
	return 0;
}

int power_fit(const double *rate, const double *watts, const int *group, size_t n, int ngroups, double *pi0,
	      double *slope, double *resid)
{
	/* the groups with two distinct rates: the only ones that say anything of pi0 */
	int *use = calloc((size_t)ngroups, sizeof(*use)), m = 1, rc = -1;
	*pi0 = *resid = NAN;
	for (int g = 0; g < ngroups; g++)
		slope[g] = NAN;
	for (size_t i = 0; use && i < n; i++)
		for (size_t j = 0; j < i; j++)
			if (group[i] == group[j] && fabs(rate[i] - rate[j]) > 1e-9 * fabs(rate[i]))
				use[group[i]] = 1;
	for (int g = 0; use && g < ngroups; g++)
		if (use[g])
			use[g] = m++;   /* its column */
	double *a = use && m > 1 ? calloc((size_t)(m * m), sizeof(*a)) : NULL, *b = a ? calloc((size_t)m, sizeof(*b)) : NULL;
	if (b) {   /* the normal equations over the used groups' points */
		for (size_t k = 0; k < n; k++) {
			const int c = use[group[k]];
			if (!c)
				continue;
			const double x[2] = { 1, rate[k] };
			const int col[2] = { 0, c };
			for (int i = 0; i < 2; i++) {
				for (int j = 0; j < 2; j++)
					a[col[i] * m + col[j]] += x[i] * x[j];
				b[col[i]] += x[i] * watts[k];
			}
		}
		if (solve(a, b, m) == 0) {
			double ss = 0;
			size_t used = 0;
			*pi0 = b[0];
			for (int g = 0; g < ngroups; g++)
				if (use[g])
					slope[g] = b[use[g]];
			for (size_t k = 0; k < n; k++)
				if (use[group[k]]) {
					const double e = watts[k] - (*pi0 + slope[group[k]] * rate[k]);
					ss += e * e, used++;
				}
			*resid = sqrt(ss / (double)used);
			rc = 0;
		}
	}
	free(a);
	free(b);
	free(use);
	return rc;
}

/* a row's family: a tensor-core instruction row's precision prefix ("tc_fp64", "wgmma_fp16"), else
 * the quantity itself */
static void family_of(const char *q, char *f, size_t len)
{
	/* wgmma_fp16_..., wgmma_sp_fp16_...: the precision (and sparsity) */
	const char *mma = strstr(q, "_mma_"), *second = !strncmp(q, "wgmma_", 6) ?
		strchr(q + (strncmp(q, "wgmma_sp_", 9) ? 6 : 9), '_') : NULL;
	if ((!strncmp(q, "tc_", 3) || !strncmp(q, "sptc_", 5)) && mma)
		snprintf(f, len, "%.*s", (int)(mma - q), q);
	else if (second)
		snprintf(f, len, "%.*s", (int)(second - q), q);
	else
		snprintf(f, len, "%s", q);
}

void power_from_ceilings(struct hw *hw)
{
	double *rate = calloc(hw->n ? hw->n : 1, sizeof(*rate)), *watts = calloc(hw->n ? hw->n : 1, sizeof(*watts));
	double *slope = calloc(4 * hw->n + 1, sizeof(*slope));   /* families split off below get slots */
	int *group = calloc(hw->n ? hw->n : 1, sizeof(*group)), ng = 0;
	char (*fam)[64] = calloc(hw->n ? hw->n : 1, sizeof(*fam));
	size_t n = 0;
	hw->cap_w = hw->pi0_w = hw->pi0_resid_w = hw->idle_w = NAN;
	hw->pi0_points = 0;
	for (size_t i = 0; rate && watts && slope && group && fam && i < hw->n; i++) {
		const struct hw_row *r = &hw->rows[i];
		if (!strcmp(r->quantity, "idle_power"))
			hw->idle_w = r->value;
		else if (!strcmp(r->quantity, "power_limit"))
			hw->cap_w = r->value;
		else if (isfinite(r->power_w) && (strstr(r->unit, "TFLOP/s") || !strcmp(r->unit, "GB/s"))) {
			char f[64];
			int g = 0;
			family_of(r->quantity, f, sizeof(f));
			while (g < ng && strcmp(fam[g], f))
				g++;
			if (g == ng)
				snprintf(fam[ng++], sizeof(fam[0]), "%s", f);
			rate[n] = r->value, watts[n] = r->power_w, group[n++] = g;
		}
	}
	/* a family whose rates span less than 1.5x extrapolates its intercept over more than twice its
	 * own span (noise then sets pi0): each of its rows on its own */
	for (int g = 0; g < ng; g++) {
		double lo = INFINITY, hi = 0;
		for (size_t k = 0; k < n; k++)
			if (group[k] == g)
				lo = fmin(lo, rate[k]), hi = fmax(hi, rate[k]);
		for (size_t k = 0; hi < 1.5 * lo && k < n; k++)
			if (group[k] == g)
				group[k] = ng + (int)k;   /* a family of its own */
	}
	ng += (int)n;
	/* a family whose power falls as its rate rises on its own (its slope fitted alone) is left out
	 * before the joint fit, which it would otherwise tilt */
	for (int g = 0; g < ng; g++) {
		double fr[64], fw[64], p0, sl, res;
		int one[64] = { 0 };
		size_t m = 0;
		for (size_t k = 0; k < n && m < 64; k++)
			if (group[k] == g)
				fr[m] = rate[k], fw[m++] = watts[k];
		if (m < 2 || power_fit(fr, fw, one, m, 1, &p0, &sl, &res) != 0 || sl > 0)
			continue;
		for (size_t k = 0; k < n; k++)
			if (group[k] == g)
				group[k] = ng + (int)k;   /* ids ng..ng+n-1, counted below */
	}
	ng += (int)n;
	/* a family whose power falls as its rate rises (instructions of one precision that differ in
	 * more than their rate: another accumulation, sparse metadata) says nothing of pi0: left out,
	 * and the fit made again, until every slope left is positive */
	for (int again = 1; again && rate && watts && slope && group && fam;) {
		again = 0;
		if (power_fit(rate, watts, group, n, ng, &hw->pi0_w, slope, &hw->pi0_resid_w) != 0)
			break;
		int worst = -1;   /* the family of the lowest slope not positive goes first */
		for (size_t k = 0; k < n; k++)
			if (isfinite(slope[group[k]]) && !(slope[group[k]] > 0) &&
			    (worst < 0 || slope[group[k]] < slope[worst]))
				worst = group[k];
		for (size_t j = 0; worst >= 0 && j < n; j++)
			if (group[j] == worst)
				group[j] = ng++;   /* a row of its own: no slope */
		again = worst >= 0;
	}
	for (size_t k = 0; isfinite(hw->pi0_w) && k < n; k++)
		hw->pi0_points += isfinite(slope[group[k]]);
	free(rate);
	free(watts);
	free(slope);
	free(group);
	free(fam);
}

double power_energy_per_unit(const struct hw *hw, const char *key)
{
	const struct hw_row *row = NULL;
	const double v = hw_get(hw, key, &row);
	if (!row || !isfinite(row->power_w) || !isfinite(hw->pi0_w) || !(v > 0))
		return NAN;
	const double scale = strstr(row->unit, "TFLOP/s") ? 1e12 : !strcmp(row->unit, "GB/s") ? 1e9 : NAN;
	const double e = (row->power_w - hw->pi0_w) / (v * scale);
	return e > 0 ? e : NAN;
}

double power_roof_gstencil(double cap_w, double pi0_w, double e_launch_point, int t)
{
	if (!(cap_w > pi0_w) || !(e_launch_point > 0) || t < 1)
		return NAN;
	return (cap_w - pi0_w) / e_launch_point * t * 1e-9;
}
