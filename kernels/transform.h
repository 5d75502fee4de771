/*
 * transform.h - host-side matrix transformations of the dense tensor-core methods (tcs
 * section 2, sptc sections 2.2-2.3), built from the t-fold composed weights (fused radius R,
 * k = 2R+1) and emulated on the CPU in plain C, so that the tests prove them before any kernel
 * runs. Each plan also gives its method's exact sigma: the non-zero entries of its kernel
 * matrices over the entries its MMA instructions process, padding included.
 *
 * Flattening (convstencil): outputs go in chunks of n consecutive points along x (n >= k - 1, a
 * multiple of the instruction's n). For the footprint's rows q = (dz, dy) (one in 1D, k in 2D,
 * k^2 in 3D) the chunk c of an output row reads A[c][q n + i] = in[row q][c n - R + i]; with the
 * next chunk's A[c+1] ("dual tessellation") every output of the chunk is
 *     Y[c][m] = sum_j A[c][j] U[j][m] + A[c+1][j] L[j][m],
 *     U[q n + i][m] = w_q[i - m]      for 0 <= i - m <= 2R    (upper band),
 *     L[q n + i][m] = w_q[n + i - m]  for 0 <= n + i - m <= 2R (the wrap into the next chunk),
 * K = rows n padded to the instruction's k. Two products of K x n per chunk: sigma =
 * K_fused / (2 Kpad) for n outputs (k / 2n for a box when K needs no padding).
 *
 * Decomposition (tcstencil): each row q = (dy, dz) of the fused kernel becomes banded Toeplitz
 * matrices: a tile of L output rows by L output columns starting at x0 (x0 a multiple of L, so
 * that every load is aligned) reads the 2L input columns x0 - L/2 .. x0 + 3L/2 - 1 of the L input
 * rows shifted by (dy, dz), Out = sum_q In_q B_q with B_q the 2L x L matrix
 * B_q[i][j] = w_q[i - L/2 - j] (|i - L/2 - j| <= R, so R <= L/2): its two L x L blocks are the
 * lower and upper parts of the row's band. The shift along y costs nothing; each product is
 * 2 L^3 MACs for L^2 outputs: sigma = K_fused / (2 L rows). (TCStencil's own L x L input tiles,
 * unaligned, give (L-2R)^2 outputs; the model's tcstencil rule keeps that published layout.)
 */
#ifndef TRANSFORM_H
#define TRANSFORM_H

#include "grid.h"
#include "stencil.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Footprint row q of a fused kernel of radius R -> its (dy, dz): q = (dz + R) (2R+1) + dy + R. */
void footprint_row(int dims, int R, int q, int *dy, int *dz);
/* How many footprint rows: 1, 2R+1 or (2R+1)^2 in 1D, 2D, 3D. */
int footprint_rows(int dims, int R);

struct flat_plan {
	int dims, R, k, n;          /* fused radius, kernel side, outputs per chunk */
	int rows;                   /* footprint rows: 1, k or k^2 */
	int K, Kpad;                /* reduction length and its padding to the instruction's k */
	double *U, *L;              /* Kpad x n, row-major; zeros in the padding */
	long nnz;                   /* non-zero entries of U and L together */
};

/* n_align: the instruction's n (outputs per chunk is the multiple of it >= k - 1);
 * k_align: its k. 0 on success. */
int flat_build(const struct dense_weights *w, int n_align, int k_align, struct flat_plan *p);
void flat_free(struct flat_plan *p);
double flat_sigma(const struct flat_plan *p);
/* Emulate the products for interior points [x0, x0 + count) of row (y, z); out[count]. */
void flat_emulate(const struct flat_plan *p, input_fn in, void *ctx, long x0, long y, long z,
		  int count, double *out);

#define TC_L 16

struct toeplitz_plan {
	int dims, R, L, rows;
	int (*row_off)[2];          /* (dy, dz) of each footprint row */
	double *B;                  /* rows x 2L x L, B[q][i][j] */
	long nnz;
};

int toeplitz_build(const struct dense_weights *w, int L, struct toeplitz_plan *p);
void toeplitz_free(struct toeplitz_plan *p);
double toeplitz_sigma(const struct toeplitz_plan *p);
/* Emulate one tile whose outputs start at (x0, y0, z): L rows of L outputs, row-major. */
void toeplitz_emulate(const struct toeplitz_plan *p, input_fn in, void *ctx, long x0, long y0,
		      long z, double *out);

#ifdef __cplusplus
}
#endif
#endif
