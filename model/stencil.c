/*
 * stencil.c - the descriptor table and the fused-footprint counts of tcs eqs. 9-10.
 * See stencil.h. Used by every table and figure.
 */
#include "stencil.h"

#include <stdlib.h>
#include <string.h>

#define BOX_POINTS(d, r) ((d) == 1 ? (2 * (r) + 1) : (d) == 2 ? (2 * (r) + 1) * (2 * (r) + 1) \
	: (2 * (r) + 1) * (2 * (r) + 1) * (2 * (r) + 1))
#define STAR_POINTS(d, r) (2 * (d) * (r) + 1)

#define BOX(d, r) { "box" #d "d" #r "r", SHAPE_BOX, d, r, BOX_POINTS(d, r) }
#define STAR(d, r) { "star" #d "d" #r "r", SHAPE_STAR, d, r, STAR_POINTS(d, r) }
#define RADII(M, d) M(d, 1), M(d, 2), M(d, 3), M(d, 4), M(d, 5), M(d, 6), M(d, 7)

const struct stencil stencil_table[] = {
	RADII(BOX, 1), RADII(BOX, 2), RADII(BOX, 3),
	RADII(STAR, 1), RADII(STAR, 2), RADII(STAR, 3),
};
const size_t stencil_count = sizeof(stencil_table) / sizeof(stencil_table[0]);

const struct stencil *stencil_find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < stencil_count; i++)
		if (strcmp(stencil_table[i].name, name) == 0)
			return &stencil_table[i];
	return NULL;
}

const struct stencil *stencil_get(enum stencil_shape shape, int dims, int radius)
{
	for (size_t i = 0; i < stencil_count; i++) {
		const struct stencil *s = &stencil_table[i];
		if (s->shape == shape && s->dims == dims && s->radius == radius)
			return s;
	}
	return NULL;
}

const char *stencil_shape_name(enum stencil_shape shape)
{
	return shape == SHAPE_BOX ? "box" : "star";
}

/*
 * Star: an offset is reachable in t steps iff the steps needed along each axis, ceil(|x_i|/r),
 * add up to at most t (each step moves along one axis by at most r, or stays). Along one axis a
 * cost of 0 covers 1 value and a cost c >= 1 covers 2r values, so the count is a small DP over
 * the axes: ways[d][c] = number of offsets in the first d axes of total cost c.
 */
static long star_fused_points(int dims, int r, int t)
{
	long ways[STENCIL_MAX_DIMS + 1][64] = {{0}};
	if (t >= 64)
		return -1;
	ways[0][0] = 1;
	for (int d = 1; d <= dims; d++)
		for (int c = 0; c <= t; c++)
			for (int a = 0; a <= c; a++)
				ways[d][c] += ways[d - 1][c - a] * (a == 0 ? 1 : 2L * r);
	long n = 0;
	for (int c = 0; c <= t; c++)
		n += ways[dims][c];
	return n;
}

long stencil_fused_points(const struct stencil *s, int t)
{
	if (!s || t < 1)
		return -1;
	if (s->shape == SHAPE_BOX) {
		long side = 2L * s->radius * t + 1, n = 1;
		for (int d = 0; d < s->dims; d++)
			n *= side;
		return n;
	}
	return star_fused_points(s->dims, s->radius, t);
}

double stencil_rho(const struct stencil *s, int t)
{
	long kf = stencil_fused_points(s, t);
	if (kf < 0)
		return -1.0;
	return (double)kf / ((double)t * s->points);
}

int stencil_fused_contains(const struct stencil *s, int t, const int off[STENCIL_MAX_DIMS])
{
	int r = s->radius, cost = 0;
	for (int d = 0; d < STENCIL_MAX_DIMS; d++) {
		int a = abs(off[d]);
		if (d >= s->dims ? a != 0 : a > r * t)
			return 0;
		cost += (a + r - 1) / r; /* steps needed along this axis */
	}
	/* box: every axis within r t (checked above); star: the per-axis steps add up to <= t */
	return s->shape == SHAPE_BOX || cost <= t;
}

const struct dtype_info dtype_table[DT_COUNT] = {
	{ DT_FP64, "fp64", 8, "double precision; tensor cores: DMMA (mma f64)" },
	{ DT_FP32, "fp32", 4, "single precision; on tensor cores fp32 data runs as tf32 math" },
	{ DT_TF32, "tf32", 4, "fp32 data with tf32 tensor-core math and fp32 accumulation" },
	{ DT_FP16, "fp16", 2, "half precision data; tensor cores accumulate in fp32 unless flagged" },
};

const struct dtype_info *dtype_find(const char *name)
{
	if (!name)
		return NULL;
	for (int i = 0; i < DT_COUNT; i++)
		if (strcmp(dtype_table[i].name, name) == 0)
			return &dtype_table[i];
	return NULL;
}
