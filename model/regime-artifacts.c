/*
 * regime-artifacts.c - each authors' artifact's weights for the `artifact` data regime (regime.h),
 * as the artifact's public code sets them (read for their values only; the repository and file at
 * each function; data/paper/kernels-vs-authors.csv names the commits measured). A base stencil's
 * weights, composed t times as every method's are; where the artifact runs a fused kernel that no
 * base stencil composes to, the function says so (why) or keeps the harness's weights, as its
 * comment says.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regime-int.h"

/* ---- the artifacts' box weights (regime-int.h) ---- */

int regime_from_box(const struct stencil *s, enum dtype dt, const double *v, int scale, struct weights *w)
{
	const int r = s->radius, n = 2 * r + 1;
	double sum = 0;
	w->count = 0;
	w->off = malloc((size_t)s->points * sizeof(*w->off));
	w->w = malloc((size_t)s->points * sizeof(double));
	if (!w->off || !w->w || s->shape != SHAPE_BOX)
		return -1;
	for (int z = s->dims > 2 ? -r : 0; z <= (s->dims > 2 ? r : 0); z++)
		for (int y = s->dims > 1 ? -r : 0; y <= (s->dims > 1 ? r : 0); y++)
			for (int x = -r; x <= r; x++) {
				const long i = ((long)(s->dims > 2 ? z + r : 0) * n + (s->dims > 1 ? y + r : 0)) * n + x + r;
				w->off[w->count][0] = x, w->off[w->count][1] = y, w->off[w->count][2] = z;
				w->w[w->count++] = v[i];
				sum += v[i];
			}
	if (w->count != s->points || (scale && !(fabs(sum) > 0)))
		return -1;
	for (int k = 0; k < w->count; k++)
		w->w[k] = dtype_round(dt, scale ? w->w[k] / sum : w->w[k]);
	return 0;
}

int regime_no_weights(const char *artifact, const struct stencil *s, char *why, size_t len)
{
	snprintf(why, len, "the %s artifact has no weights for %s", artifact, s->name);
	return -1;
}


/* neozhang307/EBISU-ICS23, {2d,3d}stencil/<shape>/config.cuh: constants over 118 (2D) or 159 (3D),
 * the same literals for fp32 and fp64, [dz][dy][dx]; not scaled (sums 0.686, 2.653, 0.155: its data
 * decay to zero, or overflow for the 49-point one, which ebisu_input's input stands for) */
static const double ebisu_9[9] = { 7, 5, 9, 12, 15, 12, 9, 5, 7 };
static const double ebisu_49[49] = {
	1, 1, 2, 3, 4, 5, 5,
	1, 1, 2, 3, 4, 5, 5,
	1, 7, 7, 5, 7, 6, 5,
	1, 8, 12, 15, 12, 12, 5,
	1, 9, 9, 5, 7, 15, 5,
	1, 9, 9, 5, 7, 15, 5,
	1, 10, 11, 12, 13, 14, 5,
};
static const double ebisu_27[27] = {
	0.50, 0.70, 0.90, 1.20, 1.50, 1.20, 0.90, 0.70, 0.50,
	0.51, 0.71, 0.91, 1.21, 1.51, 1.21, 0.91, 0.71, 0.51,
	0.52, 0.72, 0.92, 1.22, 1.52, 1.22, 0.92, 0.72, 0.52,
};

/* v[0..n) over d into out */
static void scaled(const double *v, int n, double d, double *out)
{
	for (int k = 0; k < n; k++)
		out[k] = v[k] / d;
}

enum data_input ebisu_input(const struct stencil *s)
{
	return !strcmp(s->name, "box2d3r") ? INPUT_INF : INPUT_ZERO;   /* 313 / 118 > 1: overflow */
}

int ebisu_weights(const struct stencil *s, enum dtype dt, struct weights *w, char *why, size_t len)
{
	double v[49];
	if (!strcmp(s->name, "box2d1r"))
		scaled(ebisu_9, 9, 118, v);
	else if (!strcmp(s->name, "box2d3r"))
		scaled(ebisu_49, 49, 118, v);
	else if (!strcmp(s->name, "box3d1r"))
		scaled(ebisu_27, 27, 159, v);
	else
		return regime_no_weights("EBISU", s, why, len);
	return regime_from_box(s, dt, v, 0, w);
}

/* KevinWu2017/SPIDER, src/2d_half_sparse/2d_stencil_half.cu: box2d7r's weight depends on the row
 * offset alone, ((dy + 8) mod 13) + 1, constant along x; scaled to sum 1 as the finite build. Its
 * box2d1r t=7 is the same 15 x 15 kernel, which no 3 x 3 composes to: the same rule over dy = -1..1
 * (8, 9, 10 before scaling), constant along x */
int spider_weights(const struct stencil *s, enum dtype dt, struct weights *w, char *why, size_t len)
{
	if (s->dims != 2 || s->shape != SHAPE_BOX || (s->radius != 7 && s->radius != 1))
		return regime_no_weights("SPIDER", s, why, len);
	const int r = s->radius, n = 2 * r + 1;
	double v[225];
	for (int y = -r; y <= r; y++)
		for (int x = -r; x <= r; x++)
			v[(y + r) * n + x + r] = (y + 8) % 13 + 1;
	return regime_from_box(s, dt, v, 1, w);
}

/* zondie17/LoRAStencil, src/2d/main.cu: one symmetric integer 7 x 7 of rank 3 (its kernel runs three
 * rank-1 terms) for box2d3r and box2d1r t=3 alike, so box2d1r has no base of its own: compare the
 * box2d3r row; src/3d/main.cu: box3d1r W[dz][dy][dx] = {1, 2, 1}[dx]. Both scaled to sum 1 (its
 * finite build: the shipped data overflow) */
static const double lora_49[49] = {
	1, 2, 3, 4, 3, 2, 1,
	2, 5, 6, 7, 6, 5, 2,
	3, 6, 8, 9, 8, 6, 3,
	4, 7, 9, 8, 9, 7, 4,
	3, 6, 8, 9, 8, 6, 3,
	2, 5, 6, 7, 6, 5, 2,
	1, 2, 3, 4, 3, 2, 1,
};

int lorastencil_weights(const struct stencil *s, enum dtype dt, struct weights *w, char *why, size_t len)
{
	if (!strcmp(s->name, "box2d3r"))
		return regime_from_box(s, dt, lora_49, 1, w);
	if (!strcmp(s->name, "box3d1r")) {
		double v[27];
		for (int k = 0; k < 27; k++)
			v[k] = k % 3 == 1 ? 2 : 1;
		return regime_from_box(s, dt, v, 1, w);
	}
	if (!strcmp(s->name, "box2d1r")) {
		snprintf(why, len, "the LoRAStencil artifact runs box2d1r t=3 as its box2d3r kernel (one 7 x 7 of rank 3): "
			 "its like for like is the box2d3r row");
		return -1;
	}
	return regime_no_weights("LoRAStencil", s, why, len);
}

/* buaa-hipo/TCStencil, common/main_1r.cu and main_2r.cu: B[i] = i with the centre -40 (3 x 3) or
 * -290 (5 x 5), [dy][dx]; not scaled (one step a launch from the same all-one input) */
int tcstencil_weights(const struct stencil *s, enum dtype dt, struct weights *w, char *why, size_t len)
{
	if (s->dims != 2 || s->shape != SHAPE_BOX || s->radius > 2)
		return regime_no_weights("TCStencil", s, why, len);
	const int n = 2 * s->radius + 1;
	double v[25];
	for (int k = 0; k < n * n; k++)
		v[k] = k;
	v[n * n / 2] = s->radius == 1 ? -40 : -290;
	return regime_from_box(s, dt, v, 0, w);
}

/* the artifacts whose weights the harness keeps: microsoft/ConvStencil, whose fused kernels are tables
 * no base stencil composes to (2D: the 3-fold self-convolution of 9 weights given on stdin; 3D: a
 * 7 x 7 x 7 of i / 100), on its integer input (regime.c); FlashFFTStencil's driver (src/2D/2d_main.cu
 * of the forks that keep it), whose 9 weights and input are uniform random, of the harness's kind */
int harness_weights(const struct stencil *s, enum dtype dt, struct weights *w, char *why, size_t len)
{
	if (weights_make(s, dt, w) == 0)
		return 0;
	snprintf(why, len, "no memory");
	return -1;
}
