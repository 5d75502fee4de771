/*
 * matrix.h - the sparse matrices of nongemm Figures 7-10 (SpMV in fp64 on CSR): generated
 * families and real Matrix Market files, the CPU CSR product every SpMV is verified against, and
 * the tensor-core SpMV's blocked layout (rows grouped by length into blocks of eight, the shape of
 * mma.sync m8n8k4 f64), built on the host so that its preprocessing cost is a host cost as in the
 * DASP design. Host code, tested without a GPU.
 *
 * A matrix is named by a family and its rows (a workload list's matrix and size columns):
 *   poisson2d   the 5-point Laplacian of an s x s grid (rows = s^2, a perfect square)
 *   poisson3d   the 7-point Laplacian of an s x s x s grid (rows = s^3, a perfect cube)
 *   banded      27 contiguous diagonals, offsets -13..13, cut at the edges
 *   powerlaw    row lengths from a discrete power law (P(len >= k) ~ k^-1.5 from 4, mean near 12,
 *               at most min(cols, 4096)), distinct columns drawn uniformly
 *   mm:NAME     data/matrices/NAME.mtx (rows must equal the file's), read by CHOLMOD's Matrix Market
 *               reader; symmetric files are expanded, pattern files get the hashed values
 * Generated values are hashed from (family, row, column), uniform in [-1, 1) and not symmetric
 * (a(i,j) != a(j,i)); the diagonal of the Poisson families too. Columns within a row are sorted.
 */
#ifndef MATRIX_H
#define MATRIX_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* CSR with 32-bit indices (cuSPARSE's CUSPARSE_INDEX_32I): nnz < 2^31 */
struct csr {
	long rows, cols, nnz;
	int *rowptr;    /* rows + 1 */
	int *col;       /* nnz, sorted within a row */
	double *val;    /* nnz */
};

/* the families, for lists and the renderer: name, what it is */
struct matrix_family {
	const char *name, *summary;
};
extern const struct matrix_family matrix_families[];   /* NULL-terminated; "mm" stands for mm:NAME */

/* Whether MATRIX ROWS names a matrix (family known, rows a square/cube for Poisson, rows >= 1,
 * mm:NAME with NAME of [A-Za-z0-9_.-]): 0, or -1 with "what: bad value" in err. No file is read. */
int matrix_check(const char *matrix, long rows, char *err, size_t errlen);
/* Build the matrix (mm: read DIR/NAME.mtx and check its rows): 0, or -1 with the reason in err. */
int matrix_make(const char *matrix, long rows, const char *dir, struct csr *m, char *err, size_t errlen);
void csr_free(struct csr *m);

/* y = A x, and yabs = |A| |x| (the scale of each row's rounding error; NULL: not wanted) */
void csr_spmv(const struct csr *m, const double *x, double *y, double *yabs);
/* The worst row of y against want, relative to the row's |A||x| (0 where both are 0): what
 * verification compares with its tolerance (a few ulps of the row's magnitude) */
double spmv_max_rel(const double *y, const double *want, const double *wabs, long rows);
/* row lengths' statistics, for the CSV: mean, max and the coefficient of variation */
void csr_row_stats(const struct csr *m, double *mean, long *max, double *cv);

/*
 * The tensor-core SpMV's layout (kernels/spmv.cu, method spmv-mma). Rows are split in two classes:
 *  - long rows (length > MMA_LONG_ROW): each is a block of its own, its entries dealt out as
 *    eight pieces ("sub-rows") of equal chunk count, the eight partial sums added at the end;
 *  - the others, sorted by length, longest first (counting sort, stable), eight to a block.
 * A block's data is chunks of 32 entries: in chunk c, entry 4g + t holds sub-row g's entry 4c + t
 * (the m8n8k4 A fragment's lane order: lane 4g + t holds A[g][t], and B[t][g] = x[its column]),
 * padded with value 0 and column 0. A block's chunk count is its longest sub-row's length
 * rounded up to 4, over 4. Blocks are stored long ones first, then by falling chunk count.
 */
#define MMA_LONG_ROW 256
struct mma_layout {
	long rows, blocks, chunks;   /* chunks: all blocks' together */
	long long_blocks;            /* the first long_blocks blocks are long rows */
	long *start;                 /* blocks + 1: first chunk of each block */
	int *row;                    /* blocks * 8: the row of each sub-row; -1 past the last row */
	int *col;                    /* chunks * 32 */
	double *val;                 /* chunks * 32 */
	long padded;                 /* entries that are padding (chunks * 32 - nnz) */
};
int mma_layout_build(const struct csr *m, struct mma_layout *l, char *err, size_t errlen);
void mma_layout_free(struct mma_layout *l);
/* the layout's product on the CPU, as the kernel computes it (for the tests): y = A x */
void mma_layout_spmv(const struct mma_layout *l, const double *x, double *y);

#ifdef __cplusplus
}
#endif
#endif
