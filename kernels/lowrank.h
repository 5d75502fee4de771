/*
 * lowrank.h - the host-side decomposition behind a LoRAStencil-style method (sptc Table 1 and
 * Figures 9-10 name LoRAStencil as a tensor-core baseline): a 2D kernel's (2R+1) x (2R+1) weight
 * matrix W (row dy, column dx) written exactly as a sum of rank-1 terms,
 *     W = sum_{i < rank} s_i u_i v_i^T,
 * so that one 2D step is rank pairs of 1D convolutions, u_i along y and v_i along x, each a banded
 * matrix product on tensor cores. The terms are W's singular value decomposition (one-sided
 * Jacobi, double precision, plain C): exact for any W once all non-negligible terms are kept, and
 * short where W's rank is low (a separable kernel has rank 1). The random non-symmetric weights
 * the harness verifies with are of full rank 2R+1; LoRAStencil's own setting, symmetric weights,
 * is no prerequisite here. Emulated on the CPU so that the tests prove it before any kernel runs.
 */
#ifndef LOWRANK_H
#define LOWRANK_H

#ifdef __cplusplus
extern "C" {
#endif

struct lowrank {
	int n;          /* W is n x n, n = 2R + 1 */
	int rank;       /* the terms kept: singular values above tol x the largest */
	double *s;      /* [rank] singular values, descending */
	double *u;      /* [rank][n] the y factors (columns of U) */
	double *v;      /* [rank][n] the x factors (columns of V) */
};

/* Decompose the n x n row-major matrix w (n <= 31), keeping the terms with s_i > tol s_0 (tol 0:
 * every non-zero term). 0, or -1 on a bad size or no memory. */
int lowrank_build(const double *w, int n, double tol, struct lowrank *lr);
/* LoRAStencil's own split of a mirror-symmetric W (w[i][j] = w[n-1-i][j] = w[i][n-1-j]): R = n / 2
 * terms, term k zero outside the (n - 2k)^2 central square (u_k, v_k banded, s_k = 1), each
 * eliminating the outer ring of what is left with its corner as pivot, and the centre weight
 * left over in *center (one multiply-add a point, off the tensor cores). -1 when W is not
 * mirror-symmetric, a pivot vanishes or something is left off the centre (then use
 * lowrank_build). lowrank_residual(lr, w) is then |centre| at the middle entry and ~0 elsewhere. */
int lowrank_pyramid(const double *w, int n, struct lowrank *lr, double *center);
/* Whether the count entries of b are c times a's (1, *c set) within 1e-13 of b's largest entry: in
 * 3D, planes that are multiples of one another (the z-mirror planes of mirror-symmetric weights, a
 * kernel separable along z) share their terms, the input planes summed first. 0 when a or b is
 * all zero or they are no multiples. */
int lowrank_multiple(const double *a, const double *b, int count, double *c);
void lowrank_free(struct lowrank *lr);
/* The largest |W - sum of the kept terms| entry: 0 up to rounding when nothing was dropped. */
double lowrank_residual(const struct lowrank *lr, const double *w);
/* How much the terms grow over W: max over entries of sum_k |s_k u_k[i] v_k[j]|, over max |W|.
 * Rounding in the terms' products grows alike: about 1 for the SVD; the pyramid's pivots reach
 * 294 on box3d4r (its outer planes) and 3.6 on box2d2r fused twice. */
double lowrank_growth(const struct lowrank *lr, const double *w);

#ifdef __cplusplus
}
#endif
#endif
