/*
 * stats.c - summary statistics of timing samples. See stats.h.
 */
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double sorted_quantile(const double *s, size_t n, double p)
{
	double h = (double)(n - 1) * p;
	size_t lo = (size_t)floor(h);
	if (lo + 1 >= n)
		return s[n - 1];
	return s[lo] + (h - (double)lo) * (s[lo + 1] - s[lo]);
}

double stats_quantile(const double *v, size_t n, double p)
{
	double *s, q;
	if (n == 0)
		return NAN;
	s = malloc(n * sizeof(*s));
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	q = sorted_quantile(s, n, p);
	free(s);
	return q;
}

double stats_rsd(const double *v, size_t n)
{
	double mean = 0, ss = 0;
	if (n < 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		mean += v[i];
	mean /= (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	return mean != 0 ? sqrt(ss / (double)(n - 1)) / fabs(mean) : 0;
}

double stats_median_ci_rel(const double *v, size_t n)
{
	double *s, med, r;
	long lo, hi;
	if (n < 6)
		return INFINITY;
	s = malloc(n * sizeof(*s));
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	med = sorted_quantile(s, n, 0.5);
	lo = (long)floor((double)n / 2 - 0.98 * sqrt((double)n));
	hi = (long)ceil((double)n / 2 + 1 + 0.98 * sqrt((double)n));
	lo = lo < 1 ? 1 : lo;
	hi = hi > (long)n ? (long)n : hi;
	r = med != 0 ? (s[hi - 1] - s[lo - 1]) / (2 * fabs(med)) : NAN;
	free(s);
	return r;
}

void stats_compute(const double *v, size_t n, struct stats *st)
{
	double *s;
	memset(st, 0, sizeof(*st));
	st->n = n;
	if (n == 0) {
		st->min = st->q1 = st->median = st->q3 = st->max = st->iqr = st->mean = NAN;
		st->stdev = st->rsd = NAN;
		return;
	}
	s = malloc(n * sizeof(*s));
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	st->min = s[0];
	st->max = s[n - 1];
	st->q1 = sorted_quantile(s, n, 0.25);
	st->median = sorted_quantile(s, n, 0.5);
	st->q3 = sorted_quantile(s, n, 0.75);
	st->iqr = st->q3 - st->q1;
	for (size_t i = 0; i < n; i++)
		st->mean += s[i];
	st->mean /= (double)n;
	for (size_t i = 0; i < n && n > 1; i++)
		st->stdev += (s[i] - st->mean) * (s[i] - st->mean);
	st->stdev = n > 1 ? sqrt(st->stdev / (double)(n - 1)) : 0;
	st->rsd = st->mean != 0 ? st->stdev / fabs(st->mean) : 0;
	free(s);
}

double stats_slope(const double *t, const double *y, size_t n)
{
	double mt = 0, my = 0, stt = 0, sty = 0;
	if (n < 3)
		return NAN;
	for (size_t i = 0; i < n; i++)
		mt += t[i] / (double)n, my += y[i] / (double)n;
	for (size_t i = 0; i < n; i++)
		stt += (t[i] - mt) * (t[i] - mt), sty += (t[i] - mt) * (y[i] - my);
	return stt > 0 ? sty / stt : NAN;
}
