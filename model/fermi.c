/*
 * fermi.c - the fermi paper's computed numbers: Figure 4's knee and Figure 8's width classes.
 * See fermi.h.
 */
#include "fermi.h"

#include <math.h>

#include "grid.h"
#include "fit.h"

int fermi_knee(const double *x, const double *y, size_t n, double tol, double *flat, double *cross)
{
	double rx[256], ry[256], a, b, r2;
	size_t m = 0;
	*flat = *cross = NAN;
	if (n < 2 || x[0] != 0 || !(y[0] > 0))
		return -1;
	for (size_t i = 1; i < n; i++)
		if (!(x[i] > x[i - 1]))
			return -1;
	*flat = 0;
	for (size_t i = 1; i < n && fabs(y[i] / y[0] - 1) <= tol; i++)
		*flat = x[i];
	for (size_t i = 0; i < n && m < 256; i++)
		if (y[i] >= 2 * y[0])
			rx[m] = x[i], ry[m++] = y[i];
	if (m >= 2) {
		linear_fit(rx, ry, m, &a, &b, &r2);
		if (b > 0)
			*cross = (y[0] - a) / b;
	}
	return 0;
}

static int is_pow2(long v)
{
	return v > 0 && (v & (v - 1)) == 0;
}

static int is_prime(long v)
{
	if (v < 2)
		return 0;
	for (long d = 2; d * d <= v; d++)
		if (v % d == 0)
			return 0;
	return 1;
}

long fermi_pitch(long n, int elem_bytes, int halo)
{
	struct grid g;
	const long ns[3] = { n, n, n };
	return grid_init(&g, 3, ns, halo, elem_bytes) == 0 ? g.pitch : -1;
}

int fermi_width_class(long n, int elem_bytes, int halo)
{
	int c = 0;
	if (is_pow2(n))
		c |= FERMI_POW2;
	if (n * elem_bytes % 128 == 0 && is_prime(n * elem_bytes / 128))
		c |= FERMI_PRIME_LINES;
	if (is_pow2(fermi_pitch(n, elem_bytes, halo)))
		c |= FERMI_PITCH_POW2;
	return c;
}
