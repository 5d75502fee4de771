/*
 * lowrank.c - W = sum s_i u_i v_i^T by one-sided Jacobi: the columns of A = W are orthogonalised
 * pairwise by plane rotations accumulated into V (A V = U S); the column norms of A are the
 * singular values, A's normalised columns the u_i. See lowrank.h.
 */
#include "lowrank.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* one sweep over every column pair of the n x n column-major a, rotating v alike; 1 while a pair
 * was still far from orthogonal */
static int jacobi_sweep(double *a, double *v, int n)
{
	int rotated = 0;
	for (int p = 0; p < n - 1; p++)
		for (int q = p + 1; q < n; q++) {
			double alpha = 0, beta = 0, gamma = 0;
			for (int i = 0; i < n; i++) {
				alpha += a[p * n + i] * a[p * n + i];
				beta += a[q * n + i] * a[q * n + i];
				gamma += a[p * n + i] * a[q * n + i];
			}
			if (fabs(gamma) <= 1e-15 * sqrt(alpha * beta) || gamma == 0)
				continue;
			rotated = 1;
			double zeta = (beta - alpha) / (2 * gamma);
			double t = (zeta >= 0 ? 1 : -1) / (fabs(zeta) + sqrt(1 + zeta * zeta));
			double c = 1 / sqrt(1 + t * t), s = c * t;
			for (int i = 0; i < n; i++) {
				double ap = a[p * n + i], aq = a[q * n + i];
				a[p * n + i] = c * ap - s * aq;
				a[q * n + i] = s * ap + c * aq;
				double vp = v[p * n + i], vq = v[q * n + i];
				v[p * n + i] = c * vp - s * vq;
				v[q * n + i] = s * vp + c * vq;
			}
		}
	return rotated;
}

int lowrank_build(const double *w, int n, double tol, struct lowrank *lr)
{
	memset(lr, 0, sizeof(*lr));
	if (n < 1 || n > 31)
		return -1;
	double *a = malloc(sizeof(double) * n * n), *v = calloc((size_t)n * n, sizeof(double));
	double *norm = malloc(sizeof(double) * n);
	int *order = malloc(sizeof(int) * n);
	lr->s = malloc(sizeof(double) * n);
	lr->u = malloc(sizeof(double) * n * n);
	lr->v = malloc(sizeof(double) * n * n);
	if (!a || !v || !norm || !order || !lr->s || !lr->u || !lr->v) {
		free(a), free(v), free(norm), free(order);
		lowrank_free(lr);
		return -1;
	}
	for (int j = 0; j < n; j++) {      /* a: W's columns (column-major), v: the identity */
		for (int i = 0; i < n; i++)
			a[j * n + i] = w[i * n + j];
		v[j * n + j] = 1;
	}
	for (int sweep = 0; sweep < 60 && jacobi_sweep(a, v, n); sweep++)
		;
	for (int j = 0; j < n; j++) {
		double s = 0;
		for (int i = 0; i < n; i++)
			s += a[j * n + i] * a[j * n + i];
		norm[j] = sqrt(s);
		order[j] = j;
	}
	for (int i = 1; i < n; i++)         /* descending singular values */
		for (int j = i; j > 0 && norm[order[j]] > norm[order[j - 1]]; j--) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	lr->n = n;
	for (int k = 0; k < n; k++) {
		int j = order[k];
		if (norm[j] <= 0 || norm[j] <= tol * norm[order[0]])
			break;
		lr->s[k] = norm[j];
		for (int i = 0; i < n; i++) {
			lr->u[k * n + i] = a[j * n + i] / norm[j];
			lr->v[k * n + i] = v[j * n + i];
		}
		lr->rank = k + 1;
	}
	free(a), free(v), free(norm), free(order);
	return 0;
}

int lowrank_pyramid(const double *w, int n, struct lowrank *lr, double *center)
{
	memset(lr, 0, sizeof(*lr));
	*center = 0;
	if (n < 1 || n > 31 || n % 2 == 0)
		return -1;
	const int R = n / 2;
	double big = 0;
	for (int i = 0; i < n * n; i++)
		big = fabs(w[i]) > big ? fabs(w[i]) : big;
	for (int i = 0; i < n; i++)   /* mirror-symmetric, or no pyramid */
		for (int j = 0; j < n; j++)
			if (fabs(w[i * n + j] - w[(n - 1 - i) * n + j]) > 1e-14 * big ||
			    fabs(w[i * n + j] - w[i * n + n - 1 - j]) > 1e-14 * big)
				return -1;
	double *res = malloc(sizeof(double) * n * n);
	lr->s = malloc(sizeof(double) * n);
	lr->u = calloc((size_t)n * n, sizeof(double));
	lr->v = calloc((size_t)n * n, sizeof(double));
	if (!res || !lr->s || !lr->u || !lr->v) {
		free(res);
		lowrank_free(lr);
		return -1;
	}
	memcpy(res, w, sizeof(double) * n * n);
	lr->n = n;
	for (int k = 0; k < R; k++) {
		/* the ring's corner pivots: subtracting res[:, k] res[k, :] / p clears rows and columns k
		 * and n - 1 - k (mirror symmetry), leaving a smaller mirror-symmetric residual */
		const double p = res[k * n + k];
		if (fabs(p) <= 1e-12 * big) {
			free(res);
			lowrank_free(lr);
			return -1;
		}
		lr->s[k] = 1;
		for (int i = 0; i < n; i++) {
			lr->u[k * n + i] = res[i * n + k] / p;
			lr->v[k * n + i] = res[k * n + i];
		}
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++)
				res[i * n + j] -= lr->u[k * n + i] * lr->v[k * n + j];
		for (int i = 0; i < n; i++) {   /* zero in exact arithmetic: the band stays exact */
			res[k * n + i] = res[(n - 1 - k) * n + i] = 0;
			res[i * n + k] = res[i * n + n - 1 - k] = 0;
		}
		lr->rank = k + 1;
	}
	*center = res[R * n + R];
	res[R * n + R] = 0;
	double left = 0;
	for (int i = 0; i < n * n; i++)
		left = fabs(res[i]) > left ? fabs(res[i]) : left;
	free(res);
	if (left > 1e-12 * big) {
		lowrank_free(lr);
		return -1;
	}
	return 0;
}

int lowrank_multiple(const double *a, const double *b, int count, double *c)
{
	int at = 0;
	double top = 0;
	for (int i = 0; i < count; i++) {
		if (fabs(a[i]) > fabs(a[at]))
			at = i;
		top = fabs(b[i]) > top ? fabs(b[i]) : top;
	}
	if (a[at] == 0.0 || top == 0.0)
		return 0;
	const double k = b[at] / a[at];
	for (int i = 0; i < count; i++)
		if (fabs(b[i] - k * a[i]) > 1e-13 * top)
			return 0;
	*c = k;
	return 1;
}

void lowrank_free(struct lowrank *lr)
{
	free(lr->s);
	free(lr->u);
	free(lr->v);
	memset(lr, 0, sizeof(*lr));
}

double lowrank_residual(const struct lowrank *lr, const double *w)
{
	double worst = 0;
	for (int i = 0; i < lr->n; i++)
		for (int j = 0; j < lr->n; j++) {
			double x = 0;
			for (int k = 0; k < lr->rank; k++)
				x += lr->s[k] * lr->u[k * lr->n + i] * lr->v[k * lr->n + j];
			double e = fabs(w[i * lr->n + j] - x);
			worst = e > worst ? e : worst;
		}
	return worst;
}

double lowrank_growth(const struct lowrank *lr, const double *w)
{
	double top = 0, worst = 0;
	for (int i = 0; i < lr->n * lr->n; i++)
		top = fabs(w[i]) > top ? fabs(w[i]) : top;
	for (int i = 0; i < lr->n; i++)
		for (int j = 0; j < lr->n; j++) {
			double x = 0;
			for (int k = 0; k < lr->rank; k++)
				x += fabs(lr->s[k] * lr->u[k * lr->n + i] * lr->v[k * lr->n + j]);
			worst = x > worst ? x : worst;
		}
	return top > 0 ? worst / top : 0;
}
