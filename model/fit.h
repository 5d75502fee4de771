/*
 * fit.h - least-squares fits (tcs Figure 15's lines, the tcs claims on them, fermi's knee).
 */
#ifndef FIT_H
#define FIT_H

#include <stddef.h>

/* least-squares line y = a + b x; r2 gets the coefficient of determination */
void linear_fit(const double *x, const double *y, size_t n, double *a, double *b, double *r2);

#endif
