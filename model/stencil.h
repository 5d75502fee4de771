/*
 * stencil.h - the stencil and data-type descriptor tables: the single source of truth.
 *
 * Every other part of the harness (model, kernels, CSV writers, tests, plots) names a stencil by
 * its descriptor (`box2d1r`, `star3d2r`) and asks this layer for its shape, dimensionality, radius,
 * points per application K, and the fused footprint K_fused(t) and redundancy rho(t) of tcs
 * eqs. 9-10. Used by every table and figure (tcs Tables 2-4, Figures 9, 10, 14-16; sptc Figure 10).
 */
#ifndef STENCIL_H
#define STENCIL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum stencil_shape { SHAPE_BOX, SHAPE_STAR };

#define STENCIL_MAX_DIMS 3
#define STENCIL_MAX_RADIUS 7

struct stencil {
	const char *name;         /* box2d1r */
	enum stencil_shape shape;
	int dims;                 /* 1..3 */
	int radius;               /* 1..7 */
	int points;               /* K: box (2r+1)^d, star 2dr+1 */
};

/* The descriptor table, sorted by shape, dims, radius. */
extern const struct stencil stencil_table[];
extern const size_t stencil_count;

/* Look a stencil up by name; NULL when unknown. */
const struct stencil *stencil_find(const char *name);
/* Look a stencil up by its parts; NULL when out of range. */
const struct stencil *stencil_get(enum stencil_shape shape, int dims, int radius);
const char *stencil_shape_name(enum stencil_shape shape);

/*
 * K_fused(t): the number of distinct offsets in the t-fold composition (Minkowski sum) of the
 * stencil's footprint with itself. Box: (2rt+1)^d. Star: offsets x with sum_i ceil(|x_i|/r) <= t
 * (a diamond-like set, not its bounding box). t >= 1; returns -1 on bad input.
 */
long stencil_fused_points(const struct stencil *s, int t);
/* rho(t) = K_fused(t) / (t K) (tcs eq. 9). */
double stencil_rho(const struct stencil *s, int t);
/* Does the offset (dx, dy, dz) belong to the t-fold composed footprint? (unused dims must be 0) */
int stencil_fused_contains(const struct stencil *s, int t, const int off[STENCIL_MAX_DIMS]);

/* Data types: storage and the arithmetic the tensor cores use. */
enum dtype { DT_FP64, DT_FP32, DT_TF32, DT_FP16, DT_COUNT };

struct dtype_info {
	enum dtype id;
	const char *name;   /* fp64 */
	int bytes;          /* D: bytes per stored element */
	const char *note;
};

extern const struct dtype_info dtype_table[DT_COUNT];
const struct dtype_info *dtype_find(const char *name);

#ifdef __cplusplus
}
#endif
#endif
