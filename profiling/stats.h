/*
 * stats.h - summary statistics of timing samples: median, quartiles (linear interpolation between
 * order statistics, "type 7"), IQR, mean, sample standard deviation, relative standard
 * deviation and the median's confidence interval. Used by the timing protocol behind every measured table and figure.
 */
#ifndef STATS_H
#define STATS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct stats {
	size_t n;
	double min, q1, median, q3, max, iqr, mean, stdev, rsd;
};

/* Summarise n values (n >= 1; the array is not modified). */
void stats_compute(const double *v, size_t n, struct stats *s);
/* The p-quantile (0..1) of n values, type-7 interpolation. */
double stats_quantile(const double *v, size_t n, double p);
/* Relative standard deviation (sample stdev / mean) of n values; 0 for n < 2. */
double stats_rsd(const double *v, size_t n);
/* The distribution-free 95 % confidence interval of the median of n values (the order statistics
 * of ranks n/2 -+ 0.98 sqrt(n), 1-based, clamped to 1 .. n), its half-width over the median; INFINITY
 * for n < 6 (no such interval is narrower than the data), NaN for a median of 0. */
double stats_median_ci_rel(const double *v, size_t n);
/* the least-squares slope of y over t (n >= 3 points with t spread; else NaN): an energy counter's
 * readings (mJ) over host seconds give the average power in mW */
double stats_slope(const double *t, const double *y, size_t n);

#ifdef __cplusplus
}
#endif
#endif
