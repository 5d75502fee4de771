/*
 * test_transform.c - the dense tensor-core methods' matrix transformations, emulated in
 * plain C: for every stencil and fusion depth a method supports, the flattened (convstencil) and
 * decomposed (tcstencil) products reproduce the direct fused stencil on random inputs and
 * weights, and each plan's sigma is the exact count of useful over processed entries.
 */
#include "tests.h"

#include <math.h>
#include <stdlib.h>

#include "experiment.h"
#include "grid.h"
#include "lowrank.h"
#include "transform.h"

double test_input(void *ctx, long x, long y, long z)
{
	(void)ctx;
	return sr_uniform(SR_SEED_INPUT, (uint64_t)(((z + 64) * 1024 + (y + 64)) * 1024 + x + 64));
}

/* the fused stencil applied directly at (x, y, z) */
double test_direct(const struct dense_weights *d, long x, long y, long z)
{
	struct region r = { { x, y, z }, { x + 1, y + 1, z + 1 } };
	double v;
	ref_composed(d, test_input, NULL, &r, &v);
	return v;
}

static void check_flat(const char *name, int t, int n_align, int k_align)
{
	const struct stencil *s = stencil_find(name);
	struct weights w;
	struct dense_weights d;
	struct flat_plan p;
	double out[40], err = 0, ref2 = 0;
	assert_int_equal(weights_make(s, DT_FP64, &w), 0);
	assert_int_equal(weights_compose(s, &w, t, &d), 0);
	assert_int_equal(flat_build(&d, n_align, k_align, &p), 0);
	/* 37 outputs: several chunks and a partial one */
	flat_emulate(&p, test_input, NULL, 3, s->dims > 1 ? 2 : 0, s->dims > 2 ? 1 : 0, 37, out);
	for (int i = 0; i < 37; i++) {
		double ref = test_direct(&d, 3 + i, s->dims > 1 ? 2 : 0, s->dims > 2 ? 1 : 0);
		err += (out[i] - ref) * (out[i] - ref);
		ref2 += ref * ref;
	}
	if (!(sqrt(err / ref2) < 1e-13))
		fail_msg("%s t=%d: flattened products differ from the stencil by %g", name, t, sqrt(err / ref2));
	/* sigma: the fused footprint's weights over 2 Kpad entries per output */
	double expect = (double)stencil_fused_points(s, t) / (2.0 * p.Kpad);
	if (fabs(flat_sigma(&p) - expect) > 1e-15)
		fail_msg("%s t=%d: sigma %g, expected %g", name, t, flat_sigma(&p), expect);
	flat_free(&p);
	dense_weights_free(&d);
	weights_free(&w);
}

static void test_flattening(void **state)
{
	(void)state;
	/* tf32 m16n8k8: n and k aligned to 8; fp64 m8n8k4: n to 8, k to 4 */
	for (int t = 1; t <= 7; t++) {
		check_flat("box2d1r", t, 8, 8);
		check_flat("star2d1r", t, 8, 8);
		check_flat("box2d1r", t, 8, 4);
	}
	check_flat("box2d3r", 1, 8, 4);
	check_flat("box2d7r", 1, 8, 8);
	check_flat("star2d3r", 1, 8, 8);
	check_flat("box1d1r", 3, 8, 8);
	check_flat("box1d2r", 1, 8, 8);
	check_flat("box3d1r", 3, 8, 4);
	check_flat("star3d1r", 2, 8, 8);
	/* the exact sigma of a box: k / (2n) when K needs no padding */
	struct weights w;
	struct dense_weights d;
	struct flat_plan p;
	weights_make(stencil_find("box2d1r"), DT_FP64, &w);
	weights_compose(stencil_find("box2d1r"), &w, 7, &d);
	flat_build(&d, 8, 8, &p);
	assert_int_equal(p.n, 16);
	assert_int_equal(p.K, 240);
	assert_near(flat_sigma(&p), 15.0 / 32, 1e-15);   /* R = 7: k = 15 outputs of 2 x 16 */
	flat_free(&p);
	dense_weights_free(&d);
	weights_compose(stencil_find("box2d1r"), &w, 1, &d);
	flat_build(&d, 8, 8, &p);
	assert_near(flat_sigma(&p), 3.0 / 16, 1e-15);     /* R = 1: 9 of 2 x 24 */
	flat_free(&p);
	dense_weights_free(&d);
	weights_free(&w);
}

static void check_toeplitz(const char *name, int t)
{
	const struct stencil *s = stencil_find(name);
	struct weights w;
	struct dense_weights d;
	struct toeplitz_plan p;
	double out[TC_L * TC_L], err = 0, ref2 = 0;
	assert_int_equal(weights_make(s, DT_FP64, &w), 0);
	assert_int_equal(weights_compose(s, &w, t, &d), 0);
	assert_int_equal(toeplitz_build(&d, TC_L, &p), 0);
	const int W = TC_L;
	toeplitz_emulate(&p, test_input, NULL, 5, 7, 0, out);
	for (int y = 0; y < TC_L; y++)
		for (int x = 0; x < W; x++) {
			double ref = test_direct(&d, 5 + x, 7 + y, 0);
			err += (out[y * W + x] - ref) * (out[y * W + x] - ref);
			ref2 += ref * ref;
		}
	if (!(sqrt(err / ref2) < 1e-13))
		fail_msg("%s t=%d: decomposed products differ from the stencil by %g", name, t, sqrt(err / ref2));
	double expect = (double)stencil_fused_points(s, t) / (2.0 * TC_L * p.rows);
	assert_near(toeplitz_sigma(&p), expect, 1e-15);
	toeplitz_free(&p);
	dense_weights_free(&d);
	weights_free(&w);
}

static void test_decomposition(void **state)
{
	(void)state;
	for (int t = 1; t <= 8; t++) {
		check_toeplitz("box2d1r", t);
		check_toeplitz("star2d1r", t);
	}
	check_toeplitz("box2d2r", 1);
	check_toeplitz("box2d3r", 1);
	check_toeplitz("star2d3r", 1);
	/* box2d1r: 3 rows of 32 x 16 products for 16 x 16 outputs of 9 useful MACs each */
	struct weights w;
	struct dense_weights d;
	struct toeplitz_plan p;
	weights_make(stencil_find("box2d1r"), DT_FP64, &w);
	weights_compose(stencil_find("box2d1r"), &w, 1, &d);
	toeplitz_build(&d, TC_L, &p);
	assert_near(toeplitz_sigma(&p), 9.0 * 256 / (3.0 * 2 * 4096), 1e-15);
	toeplitz_free(&p);
	/* R may not exceed L/2: box2d1r fused 9 times has R = 9 */
	dense_weights_free(&d);
	weights_compose(stencil_find("box2d1r"), &w, 9, &d);
	assert_int_equal(toeplitz_build(&d, TC_L, &p), -1);
	dense_weights_free(&d);
	weights_free(&w);
}

/* The 2D step of the composed kernel w (side n) at (y, x) of an m x m tile, directly and as the
 * low-rank sum of x-then-y 1D convolutions; the largest difference over the tile's interior */
static double lowrank_apply_error(const struct lowrank *lr, const double *w, const double *in, int m)
{
	int n = lr->n, R = n / 2;
	double worst = 0;
	for (int y = R; y < m - R; y++)
		for (int x = R; x < m - R; x++) {
			double direct = 0, split = 0;
			for (int dy = -R; dy <= R; dy++)
				for (int dx = -R; dx <= R; dx++)
					direct += w[(dy + R) * n + dx + R] * in[(y + dy) * m + x + dx];
			for (int k = 0; k < lr->rank; k++) {
				double acc = 0;
				for (int dy = -R; dy <= R; dy++) {
					double row = 0;   /* v_k along x, then u_k along y */
					for (int dx = -R; dx <= R; dx++)
						row += lr->v[k * n + dx + R] * in[(y + dy) * m + x + dx];
					acc += lr->u[k * n + dy + R] * row;
				}
				split += lr->s[k] * acc;
			}
			worst = fmax(worst, fabs(direct - split));
		}
	return worst;
}

/* A LoRAStencil-style split: exact on the harness's random non-symmetric weights (full rank), short
 * on low-rank ones, orthonormal factors, and the same 2D step as rank pairs of 1D convolutions. */
static void test_lowrank(void **state)
{
	(void)state;
	static const char *const st[] = { "box2d1r", "box2d2r", "box2d3r", "star2d2r" };
	static const int fuse[] = { 3, 1, 2, 1 };
	double in[24 * 24];
	for (int i = 0; i < 24 * 24; i++)
		in[i] = grid_input(DT_FP64, i);
	for (int k = 0; k < 4; k++) {
		struct weights w;
		struct dense_weights d;
		struct lowrank lr;
		weights_make(stencil_find(st[k]), DT_FP64, &w);
		weights_compose(stencil_find(st[k]), &w, fuse[k], &d);
		assert_int_equal(lowrank_build(d.w, d.side, 0, &lr), 0);
		if (k < 3)   /* a random box is of full rank (a star's plus shape may be less) */
			assert_int_equal(lr.rank, d.side);
		assert_true(lowrank_residual(&lr, d.w) < 1e-14);
		assert_true(lowrank_apply_error(&lr, d.w, in, 24) < 1e-13);
		for (int i = 0; i < lr.rank; i++) {
			if (i)
				assert_true(lr.s[i] <= lr.s[i - 1]);
			for (int j = 0; j < lr.rank; j++) {   /* orthonormal u and v */
				double uu = 0, vv = 0;
				for (int e = 0; e < lr.n; e++)
					uu += lr.u[i * lr.n + e] * lr.u[j * lr.n + e], vv += lr.v[i * lr.n + e] * lr.v[j * lr.n + e];
				assert_near(uu, i == j, 1e-12);
				assert_near(vv, i == j, 1e-12);
			}
		}
		lowrank_free(&lr);
		dense_weights_free(&d);
		weights_free(&w);
	}
	/* a separable kernel (a column times a row) is rank 1, a sum of two of them rank 2 */
	double a[5] = { 0.1, 0.3, 0.2, 0.25, 0.15 }, b[5] = { 0.4, -0.1, 0.3, 0.2, 0.2 }, c[5] = { 1, 0, -1, 2, 0.5 };
	double w1[25], w2[25];
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < 5; j++)
			w1[i * 5 + j] = a[i] * b[j], w2[i * 5 + j] = a[i] * b[j] + c[i] * a[j];
	struct lowrank lr;
	assert_int_equal(lowrank_build(w1, 5, 1e-12, &lr), 0);
	assert_int_equal(lr.rank, 1);
	assert_true(lowrank_residual(&lr, w1) < 1e-15);
	assert_true(lowrank_apply_error(&lr, w1, in, 24) < 1e-14);
	lowrank_free(&lr);
	assert_int_equal(lowrank_build(w2, 5, 1e-12, &lr), 0);
	assert_int_equal(lr.rank, 2);
	assert_true(lowrank_residual(&lr, w2) < 1e-14);
	/* dropping a term is visible: the residual is the dropped singular value's size */
	double s1 = lr.s[1];
	lowrank_free(&lr);
	assert_int_equal(lowrank_build(w2, 5, 0.999, &lr), 0);
	assert_int_equal(lr.rank, 1);
	assert_true(lowrank_residual(&lr, w2) > 0.1 * s1);
	lowrank_free(&lr);
	assert_int_equal(lowrank_build(w2, 0, 0, &lr), -1);
	assert_int_equal(lowrank_build(w2, 32, 0, &lr), -1);
	/* weights of a given rank, and fusion keeps a low rank low: a rank-1 kernel composed t times
	 * stays rank 1, a rank-2 one composed twice is rank 3 (its two cross terms coincide) */
	static const struct { const char *st; int rank, t, want; } cases[] = {
		{ "box2d1r", 1, 1, 1 }, { "box2d1r", 2, 1, 2 }, { "box2d1r", 3, 1, 3 }, { "box2d3r", 2, 1, 2 },
		{ "box2d1r", 1, 3, 1 }, { "box2d1r", 2, 2, 3 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct weights w;
		struct dense_weights d;
		const struct stencil *sten = stencil_find(cases[i].st);
		assert_int_equal(weights_make_rank(sten, DT_FP64, cases[i].rank, &w), 0);
		double sum = 0;
		for (int k = 0; k < w.count; k++)
			sum += w.w[k];
		assert_near(sum, 1, 1e-12);
		assert_int_equal(weights_compose(sten, &w, cases[i].t, &d), 0);
		assert_int_equal(lowrank_build(d.w, d.side, 1e-9, &lr), 0);
		assert_int_equal(lr.rank, cases[i].want);
		assert_true(lowrank_residual(&lr, d.w) < 1e-9 * d.w[d.side * d.side / 2]);
		if (cases[i].t == 1)   /* non-symmetric */
			assert_true(fabs(d.w[1] - d.w[d.side]) > 1e-6 * d.w[1]);
		lowrank_free(&lr);
		dense_weights_free(&d);
		weights_free(&w);
	}
	struct weights w;
	assert_int_equal(weights_make_rank(stencil_find("star2d1r"), DT_FP64, 1, &w), -1);
	assert_int_equal(weights_make_rank(stencil_find("box3d1r"), DT_FP64, 1, &w), -1);
	assert_int_equal(weights_make_rank(stencil_find("box2d1r"), DT_FP64, 4, &w), -1);
}

/* LoRAStencil's class (METHOD:sym): mirror-symmetric weights, not symmetric under x <-> y, whose
 * composed kernels have rank R + 1 where random weights have 2R + 1 */
static void test_mirror_weights(void **state)
{
	(void)state;
	static const struct { const char *st; int t, want; } cases[] = {
		{ "box2d1r", 1, 2 }, { "box2d1r", 3, 4 }, { "box2d3r", 1, 4 }, { "star2d1r", 2, 3 },
		{ "box2d2r", 2, 5 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct stencil *sten = stencil_find(cases[i].st);
		struct weights w, wr;
		struct dense_weights d, dr;
		struct lowrank lr;
		assert_int_equal(weights_make_mirror(sten, DT_FP64, &w), 0);
		double sum = 0;
		for (int k = 0; k < w.count; k++)
			sum += w.w[k];
		assert_near(sum, 1, 1e-12);
		assert_int_equal(weights_compose(sten, &w, cases[i].t, &d), 0);
		for (int dy = -d.R; dy <= d.R; dy++)
			for (int dx = -d.R; dx <= d.R; dx++) {
				assert_near(dense_weight(&d, dx, dy, 0), dense_weight(&d, -dx, dy, 0), 1e-15);
				assert_near(dense_weight(&d, dx, dy, 0), dense_weight(&d, dx, -dy, 0), 1e-15);
			}
		/* x <-> y differ: a kernel that swapped its axes would fail verification */
		assert_true(fabs(dense_weight(&d, 1, 0, 0) - dense_weight(&d, 0, 1, 0)) > 1e-6 * dense_weight(&d, 1, 0, 0));
		assert_int_equal(lowrank_build(d.w, d.side, 1e-12, &lr), 0);
		assert_int_equal(lr.rank, cases[i].want);
		lowrank_free(&lr);
		/* the pyramid: R banded terms and the centre, exact; a star's zero corner is no pivot */
		double center;
		if (sten->shape != SHAPE_BOX) {
			assert_int_equal(lowrank_pyramid(d.w, d.side, &lr, &center), -1);
		} else {
			assert_int_equal(lowrank_pyramid(d.w, d.side, &lr, &center), 0);
			assert_int_equal(lr.rank, d.R);
			for (int k = 0; k < lr.rank; k++)
				for (int j = 0; j < d.side; j++)
					if (j < k || j >= d.side - k) {
						assert_true(lr.u[k * d.side + j] == 0.0);
						assert_true(lr.v[k * d.side + j] == 0.0);
					}
			const int mid = d.R * d.side + d.R;
			const double top = d.w[mid];
			d.w[mid] -= center;
			assert_true(lowrank_residual(&lr, d.w) < 1e-13 * top);
			assert_true(center != 0.0);
			/* the pyramid's growth: 1 at R = 1, a few at R = 3, and above the SVD's */
			const double gp = lowrank_growth(&lr, d.w);
			assert_true(gp >= 1.0 - 1e-12 && gp < 4);
			lowrank_free(&lr);
			assert_int_equal(lowrank_build(d.w, d.side, 1e-12, &lr), 0);
			assert_true(lowrank_growth(&lr, d.w) <= (d.R == 1 ? 1.1 : gp));
			lowrank_free(&lr);
		}
		/* the same stencil on random weights: full rank for a box (a star's cross is of rank 2,
		 * composed twice 3, either way) */
		assert_int_equal(weights_make(sten, DT_FP64, &wr), 0);
		assert_int_equal(weights_compose(sten, &wr, cases[i].t, &dr), 0);
		assert_int_equal(lowrank_build(dr.w, dr.side, 1e-12, &lr), 0);
		assert_int_equal(lr.rank, sten->shape == SHAPE_BOX ? dr.side : 3);
		lowrank_free(&lr);
		assert_int_equal(lowrank_pyramid(dr.w, dr.side, &lr, &center), -1);
		dense_weights_free(&d);
		dense_weights_free(&dr);
		weights_free(&w);
		weights_free(&wr);
	}
	assert_int_equal(option_weights("sym"), WEIGHTS_MIRROR);
	assert_int_equal(option_weights(""), WEIGHTS_RANDOM);
	assert_int_equal(option_weights(NULL), WEIGHTS_RANDOM);
	assert_int_equal(option_weights("f16acc"), WEIGHTS_RANDOM);
}

/* lowrank_multiple, which groups lorastencil's 3D planes: the z-mirror planes of mirror-symmetric
 * weights are multiples (of 1), random weights' planes are not, a scaled plane is, a zero one never */
static void test_plane_multiples(void **state)
{
	(void)state;
	const struct stencil *sten = stencil_find("box3d1r");
	for (int t = 1; t <= 3; t += 2) {
		struct weights w, wr;
		struct dense_weights d, dr;
		assert_int_equal(weights_make_mirror(sten, DT_FP64, &w), 0);
		assert_int_equal(weights_compose(sten, &w, t, &d), 0);
		assert_int_equal(weights_make(sten, DT_FP64, &wr), 0);
		assert_int_equal(weights_compose(sten, &wr, t, &dr), 0);
		const int area = d.side * d.side;
		double c = 0;
		for (int p = 0; p < d.side; p++) {
			const int q = d.side - 1 - p;
			assert_int_equal(lowrank_multiple(d.w + p * area, d.w + q * area, area, &c), 1);
			assert_near(c, 1.0, 1e-12);
			if (p != q)
				assert_int_equal(lowrank_multiple(dr.w + p * area, dr.w + q * area, area, &c), 0);
		}
		/* the centre plane and an outer one differ in shape, not only in scale */
		assert_int_equal(lowrank_multiple(d.w, d.w + d.R * area, area, &c), 0);
		dense_weights_free(&d);
		dense_weights_free(&dr);
		weights_free(&w);
		weights_free(&wr);
	}
	const double a[4] = { 1, -2, 0.5, 3 }, b[4] = { 2.5, -5, 1.25, 7.5 }, zero[4] = { 0, 0, 0, 0 };
	double bent[4] = { 2.5, -5, 1.25, 7.5 };
	double c = 0;
	assert_int_equal(lowrank_multiple(a, b, 4, &c), 1);
	assert_near(c, 2.5, 1e-15);
	bent[2] += 1e-9;
	assert_int_equal(lowrank_multiple(a, bent, 4, &c), 0);
	assert_int_equal(lowrank_multiple(a, zero, 4, &c), 0);
	assert_int_equal(lowrank_multiple(zero, a, 4, &c), 0);
}

void run_transform_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flattening),
		cmocka_unit_test(test_decomposition),
		cmocka_unit_test(test_lowrank),
		cmocka_unit_test(test_mirror_weights),
		cmocka_unit_test(test_plane_multiples),
	};
	RUN_GROUP(r, "transform", tests);
}
