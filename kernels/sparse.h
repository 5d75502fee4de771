/*
 * sparse.h - the host-side transformation of the sparse tensor-core method (issue 6; sptc
 * section 3, tcs Table 4): SPIDER / SPTCStencil's strided swapping, built from the t-fold
 * composed weights (fused radius R) and emulated on the CPU in plain C, so that the tests prove
 * it before any kernel runs.
 *
 * Each row q = (dy, dz) of the fused kernel becomes the banded kernel matrix A_q with L = 2R + 2
 * rows (outputs x0 .. x0 + L - 1) and 2L columns (inputs x0 - R .. x0 - R + 2L - 1; the band
 * needs 2R + L of them, the last two are padding): A_q[m][c] = w_q[c - m - R] for 0 <= c - m <= 2R.
 * Its 2R + 1 non-zeros a row sit together, which breaks the sparse instructions' rule (at most 2
 * non-zeros in every 4 columns for f16 mma.sp, at most 1 in every 2 for tf32). Strided swapping
 * exchanges each odd column j < L with column j + L; the swapped matrix has at most one non-zero
 * in every aligned pair of columns, so it meets both rules (tests prove it for every R = 1..7).
 * The input operand takes the same permutation on its rows: row k of B is input column perm[k],
 * a change of load offsets only ("zero-cost row swap").
 *
 * Compression keeps, for every row and every group of G columns (G = 4 for f16, 2 for tf32), G/2
 * values and their positions in the group, in increasing order; a group with fewer non-zeros keeps
 * zero placeholders at free positions, as the hardware format requires. The kernels pack these
 * positions into mma.sp metadata registers; the logical form here is what the tests check.
 * sigma (dense-equivalent, as the model's sptc rule counts it) = K_fused L / (rows 16 Kpad): for
 * each footprint row the MMA processes 16 rows (L of them useful) by Kpad columns; 15/32 for a
 * box with R = 7.
 */
#ifndef SPARSE_H
#define SPARSE_H

#include "grid.h"
#include "stencil.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SP_M 16                      /* the instruction's m: kernel-matrix rows, L of them used */
#define SP_MAX_K 64

struct sparse_plan {
	int dims, R, L, rows;        /* L = 2R + 2 outputs a tile; rows: footprint rows (1, k, k^2) */
	int Kpad;                    /* 2L padded to the instruction's k */
	int perm[SP_MAX_K];          /* column k of the swapped matrix is column perm[k] of A_q */
	int (*row_off)[2];           /* (dy, dz) of each footprint row */
	double *A;                   /* rows x SP_M x Kpad, swapped, dense form */
	long nnz;
	/* compressed (sparse_compress): rows x SP_M x Kpad/2 values and their column in the group */
	int group;                   /* 4 (f16 2:4) or 2 (tf32 1:2); 0 before compression */
	double *val;
	unsigned char *pos;
};

/* k_align: the instruction's k (16 or 32 for f16, 8 or 16 for tf32). 0 on success, -1 when
 * R > 7 or out of memory. */
int sparse_build(const struct dense_weights *w, int k_align, struct sparse_plan *p);
void sparse_free(struct sparse_plan *p);
/* 1 when every row of every A_q has at most n non-zeros in every aligned group of g columns */
int sparse_pattern_ok(const struct sparse_plan *p, int n, int g);
/* compress for groups of g (4: 2:4, 2: 1:2); 0, or -1 when the pattern does not allow it */
int sparse_compress(struct sparse_plan *p, int g);
/* expand the compressed form back to dense rows x SP_M x Kpad (caller frees) */
double *sparse_decompress(const struct sparse_plan *p);
double sparse_sigma(const struct sparse_plan *p);
/* Emulate the products for the L outputs x0 .. x0 + L - 1 of row (y, z): with the compressed
 * form when there is one (the sparse MMA's arithmetic), else with the dense swapped matrices. */
void sparse_emulate(const struct sparse_plan *p, input_fn in, void *ctx, long x0, long y, long z,
		    double *out);

#ifdef __cplusplus
}
#endif
#endif
