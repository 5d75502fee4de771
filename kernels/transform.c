/*
 * transform.c - flattening and decomposition matrices, their sigma and CPU emulation. See
 * transform.h.
 */
#include "transform.h"

#include <stdlib.h>
#include <string.h>

void footprint_row(int dims, int R, int q, int *dy, int *dz)
{
	int k = 2 * R + 1;
	*dy = dims > 1 ? q % k - R : 0;
	*dz = dims > 2 ? q / k - R : 0;
}

int footprint_rows(int dims, int R)
{
	int rows = 1;
	for (int d = 1; d < dims; d++)
		rows *= 2 * R + 1;
	return rows;
}

int flat_build(const struct dense_weights *w, int n_align, int k_align, struct flat_plan *p)
{
	memset(p, 0, sizeof(*p));
	if (n_align < 1 || k_align < 1)
		return -1;
	p->dims = w->dims;
	p->R = w->R;
	p->k = 2 * w->R + 1;
	p->n = ((p->k - 1 + n_align - 1) / n_align) * n_align;
	if (p->n < n_align)
		p->n = n_align;
	p->rows = footprint_rows(w->dims, w->R);
	p->K = p->rows * p->n;
	p->Kpad = (p->K + k_align - 1) / k_align * k_align;
	p->U = calloc((size_t)p->Kpad * p->n, sizeof(double));
	p->L = calloc((size_t)p->Kpad * p->n, sizeof(double));
	if (!p->U || !p->L) {
		flat_free(p);
		return -1;
	}
	for (int q = 0; q < p->rows; q++) {
		int dy, dz;
		footprint_row(p->dims, p->R, q, &dy, &dz);
		for (int i = 0; i < p->n; i++)
			for (int m = 0; m < p->n; m++) {
				int a = i - m, b = p->n + i - m;
				long at = (long)(q * p->n + i) * p->n + m;
				if (a >= 0 && a <= 2 * p->R)
					p->U[at] = dense_weight(w, a - p->R, dy, dz);
				if (b >= 0 && b <= 2 * p->R)
					p->L[at] = dense_weight(w, b - p->R, dy, dz);
			}
	}
	for (long i = 0; i < (long)p->Kpad * p->n; i++)
		p->nnz += (p->U[i] != 0) + (p->L[i] != 0);
	return 0;
}

void flat_free(struct flat_plan *p)
{
	free(p->U);
	free(p->L);
	p->U = p->L = NULL;
}

double flat_sigma(const struct flat_plan *p)
{
	/* per chunk: two Kpad x n products (A[c] U and A[c+1] L) for n outputs */
	return (double)p->nnz / (2.0 * p->Kpad * p->n);
}

void flat_emulate(const struct flat_plan *p, input_fn in, void *ctx, long x0, long y, long z,
		  int count, double *out)
{
	int n = p->n;
	for (int o = 0; o < count; o += 0) {
		/* the chunk holding output x0 + o starts at cs = x0 + o (chunks start where asked) */
		long cs = x0 + o;
		int len = count - o < n ? count - o : n;
		double *a0 = calloc((size_t)p->Kpad, sizeof(double)), *a1 = calloc((size_t)p->Kpad, sizeof(double));
		for (int q = 0; q < p->rows; q++) {
			int dy, dz;
			footprint_row(p->dims, p->R, q, &dy, &dz);
			for (int i = 0; i < n; i++) {
				a0[q * n + i] = in(ctx, cs - p->R + i, y + dy, z + dz);
				a1[q * n + i] = in(ctx, cs + n - p->R + i, y + dy, z + dz);
			}
		}
		for (int m = 0; m < len; m++) {
			double acc = 0;
			for (int j = 0; j < p->Kpad; j++)
				acc += a0[j] * p->U[(long)j * n + m] + a1[j] * p->L[(long)j * n + m];
			out[o + m] = acc;
		}
		free(a0);
		free(a1);
		o += len;
	}
}

int toeplitz_build(const struct dense_weights *w, int L, struct toeplitz_plan *p)
{
	memset(p, 0, sizeof(*p));
	if (w->dims < 2 || L % 2 || w->R > L / 2)
		return -1;
	p->dims = w->dims;
	p->R = w->R;
	p->L = L;
	p->rows = footprint_rows(w->dims, w->R);
	p->row_off = malloc((size_t)p->rows * sizeof(*p->row_off));
	p->B = calloc((size_t)p->rows * 2 * L * L, sizeof(double));
	if (!p->row_off || !p->B) {
		toeplitz_free(p);
		return -1;
	}
	for (int q = 0; q < p->rows; q++) {
		int dy, dz;
		footprint_row(p->dims, p->R, q, &dy, &dz);
		p->row_off[q][0] = dy;
		p->row_off[q][1] = dz;
		for (int i = 0; i < 2 * L; i++)
			for (int j = 0; j < L; j++) {
				int d = i - L / 2 - j;    /* input column x0 - L/2 + i feeds output x0 + j */
				if (d >= -p->R && d <= p->R) {
					double v = dense_weight(w, d, dy, dz);
					p->B[((long)q * 2 * L + i) * L + j] = v;
					p->nnz += v != 0;
				}
			}
	}
	return 0;
}

void toeplitz_free(struct toeplitz_plan *p)
{
	free(p->row_off);
	free(p->B);
	p->row_off = NULL;
	p->B = NULL;
}

double toeplitz_sigma(const struct toeplitz_plan *p)
{
	/* useful: K_fused MACs for each of the L x L outputs; processed: rows products of 2L x L x L.
	 * K_fused is the number of non-zero fused weights: the non-zeros of one output column of B
	 * summed over the rows (a full band column has 2R+1 of them). */
	long kf = 0;
	for (int q = 0; q < p->rows; q++)
		for (int i = 0; i < 2 * p->L; i++)
			kf += p->B[((long)q * 2 * p->L + i) * p->L] != 0;
	return (double)kf / (2.0 * p->L * p->rows);
}

void toeplitz_emulate(const struct toeplitz_plan *p, input_fn in, void *ctx, long x0, long y0,
		      long z, double *out)
{
	int L = p->L;
	/* Out[y][j] = sum_q sum_i In[y + dy_q][x0 - L/2 + i] B_q[i][j], i over both L-column blocks */
	for (int yy = 0; yy < L; yy++)
		for (int j = 0; j < L; j++) {
			double acc = 0;
			for (int q = 0; q < p->rows; q++)
				for (int i = 0; i < 2 * L; i++) {
					double b = p->B[((long)q * 2 * L + i) * L + j];
					if (b != 0)
						acc += in(ctx, x0 - L / 2 + i, y0 + yy + p->row_off[q][0],
							  z + p->row_off[q][1]) * b;
				}
			out[yy * L + j] = acc;
		}
}
