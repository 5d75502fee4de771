/*
 * sparse.h - the host-side transformation of the sparse tensor-core method (sptc
 * section 3, tcs Table 4): SPIDER / SPTCStencil's strided swapping, built from the t-fold
 * composed weights (fused radius R) and emulated on the CPU in plain C, so that the tests prove
 * it before any kernel runs.
 *
 * Each row q = (dy, dz) of the fused kernel becomes the banded kernel matrix A_q with L = 2R + 2
 * rows (the paper's choice; a kernel may take any even L up to the instruction's m = 16) (outputs
 * x0 .. x0 + L - 1) and 2L columns (inputs x0 - R - s .. x0 - R - s + 2L - 1; the
 * band needs 2R + L of them): A_q[m][c] = w_q[c - m - s - R] for 0 <= c - m - s <= 2R. The shift
 * s (0 or 1) lets a kernel start its input window at an even column (f16 pairs are 32-bit loads).
 * Its 2R + 1 non-zeros a row sit together, which breaks the sparse instructions' rule (at most 2
 * non-zeros in every 4 columns for f16 mma.sp, at most 1 in every 2 for tf32). Row m of the band
 * covers, for every j < L, column j or column j + L but never both (its L - 1 columns miss one
 * residue), so putting j next to j + L is what makes the rule hold. Two strided swaps:
 *   SP_SWAP_COL (tf32, the paper's): each odd column j < L trades places with j + L, so every
 *     aligned pair of columns is {j - 1, j + L} or {j - 1 + L, j}: at most 1 non-zero in 2;
 *   SP_SWAP_PAIR (f16): column pairs instead, position 4i + {0,1,2,3} = column
 *     2i, 2i + 1, 2i + L, 2i + 1 + L: at most 2 non-zeros in 4, and each half of a group is two
 *     adjacent inputs, so the f16 B fragment (pairs of consecutive k) stays one 32-bit load.
 * The tests prove each rule for every R = 1..7. The input operand takes the same permutation on
 * its rows: row k of B is input column perm[k], a change of load offsets only ("zero-cost row
 * swap").
 *
 * Compression keeps, for every row and every group of G columns (G = 4 for f16, 2 for tf32), G/2
 * values and their positions in the group, in increasing order; a group with fewer non-zeros keeps
 * zero placeholders at free positions, as the hardware format requires. The kernels pack these
 * positions into mma.sp metadata registers; the logical form here is what the tests check.
 * Tiles an instruction (sparse_pack; the harness's own: the paper gives the L = 2R + 2 matrix and
 * its swap, not how tiles map onto the instruction's 16 rows): for L < 16 an instruction's 16 rows
 * would hold L useful ones. Packing stacks P copies of each A_q block-diagonally: rows L i + m and
 * columns 2L i + c of the packed matrix are A_q's (m, c), for tile i's outputs x0 + L i + m and its inputs
 * (perm[2L i + c] = L i + perm[c]). Each tile keeps the paper's L, its swap and its 2:4 or 1:2
 * groups (2L is a multiple of 4); one instruction computes P L outputs instead of L. P (a power of
 * two, P L <= 16) is the one with the fewest K steps an output, the largest of equals, and 1 when
 * packing saves none (where 2L already fills the instruction's k, P tiles take P times the steps).
 * sigma (dense-equivalent, as the model's sptc rule counts it) = K_fused P L / (rows 16 Kpad): for
 * each footprint row the MMA processes 16 rows (P L of them useful) by Kpad columns; 15/32 for a
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

enum sparse_swap { SP_SWAP_COL, SP_SWAP_PAIR };

struct sparse_plan {
	enum sparse_swap swap;
	int dims, R, L, rows;        /* L = 2R + 2 outputs a tile; rows: footprint rows (1, k, k^2) */
	int tiles;                   /* P: tiles an instruction (sparse_pack), 1 before packing */
	int shift;                   /* s: column c of A_q is input x0 - R - s + c */
	int Kpad;                    /* 2 P L padded to the instruction's k */
	int perm[SP_MAX_K];          /* column k of the swapped matrix is column perm[k] of A_q */
	int (*row_off)[2];           /* (dy, dz) of each footprint row */
	double *A;                   /* rows x SP_M x Kpad, swapped, dense form */
	long nnz;
	/* compressed (sparse_compress): rows x SP_M x Kpad/2 values and their column in the group */
	int group;                   /* 4 (f16 2:4) or 2 (tf32 1:2); 0 before compression */
	double *val;
	unsigned char *pos;
};

/* k_align: the instruction's k (16 or 32 for f16, 8 or 16 for tf32). L: outputs a tile, 0 for the
 * paper's 2R + 2, or any even L from 2R + 2 to 16 (the swaps hold whenever the band, 2R + 1 long,
 * is shorter than L: a row still covers at most one of j and j + L). 0 on success, -1 when R > 7,
 * L is out of range, or out of memory. */
int sparse_build(const struct dense_weights *w, int k_align, enum sparse_swap swap, int shift, int L,
		 struct sparse_plan *p);
void sparse_free(struct sparse_plan *p);
/* P tiles an instruction, block-diagonally (see above), Kpad padded to k_align again. Before
 * compression and sparse_lane_groups; 0 (also for P = 1, which changes nothing and may be asked
 * again), or -1 (already packed with P > 1, compressed, Kpad past SP_MAX_K, or memory) */
int sparse_pack(struct sparse_plan *p, int k_align);
/* the outputs one instruction computes (P L), the columns that are not padding (2 P L), and the
 * input window those columns read, in columns from x0 - R - s (the largest perm + 1: (P + 1) L) */
int sparse_outputs(const struct sparse_plan *p);
int sparse_width(const struct sparse_plan *p);
int sparse_window(const struct sparse_plan *p);
/* 1 when every row of every A_q has at most n non-zeros in every aligned group of g columns */
int sparse_pattern_ok(const struct sparse_plan *p, int n, int g);
/* compress for groups of g (4: 2:4, 2: 1:2); 0, or -1 when the pattern does not allow it */
int sparse_compress(struct sparse_plan *p, int g);
/* SP_SWAP_PAIR with Kpad 32, before compression: the groups of four columns reordered (0, 4, 1, 5,
 * 2, 6, 3, 7) so that an m16n8k32 B fragment's four registers of lane t are eight adjacent inputs
 * (columns 8 b(t) .. 8 b(t) + 7 of the window, b = 0, 2, 1, 3): one 16-byte load. Each group keeps
 * its columns, so the 2:4 rule holds as before. 0, or -1 for another plan */
int sparse_lane_groups(struct sparse_plan *p);
/* expand the compressed form back to dense rows x SP_M x Kpad (caller frees) */
double *sparse_decompress(const struct sparse_plan *p);
double sparse_sigma(const struct sparse_plan *p);
/* Emulate the products for the P L outputs x0 .. x0 + P L - 1 of row (y, z): with the compressed
 * form when there is one (the sparse MMA's arithmetic), else with the dense swapped matrices. */
void sparse_emulate(const struct sparse_plan *p, input_fn in, void *ctx, long x0, long y, long z,
		    double *out);
/* A's register fragments for footprint row q (zeros past the last row), K step ks: register i
 * (0-3) of lane (the layout of mma.sync, mma.sp and each warp's rows of wgmma), from the
 * compressed values when sparse, as tf32 bits or f16 pairs */
unsigned sparse_frag_a(const struct sparse_plan *p, int q, int ks, int lane, int i, int sparse, int is16);
/* the sparse metadata word of lane group gg, half jj (chunks 4 jj .. 4 jj + 3) of K step ks */
unsigned sparse_frag_meta(const struct sparse_plan *p, int q, int ks, int gg, int jj, int is16);

#ifdef __cplusplus
}
#endif
#endif
