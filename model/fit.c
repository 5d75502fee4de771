/*
 * fit.c - least-squares fits. See fit.h.
 */
#include "fit.h"

#include <math.h>

void linear_fit(const double *x, const double *y, size_t n, double *a, double *b, double *r2)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
	for (size_t i = 0; i < n; i++) {
		sx += x[i];
		sy += y[i];
		sxx += x[i] * x[i];
		sxy += x[i] * y[i];
		syy += y[i] * y[i];
	}
	double d = n * sxx - sx * sx;
	*b = d != 0 ? (n * sxy - sx * sy) / d : NAN;
	*a = (sy - *b * sx) / n;
	double st = syy - sy * sy / n, se = 0;
	for (size_t i = 0; i < n; i++) {
		double e = y[i] - (*a + *b * x[i]);
		se += e * e;
	}
	*r2 = st > 0 ? 1 - se / st : NAN;
}
