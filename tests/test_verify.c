/*
 * test_verify.c - verification without a GPU: the tolerances (every data type's and accumulation's
 * bounds pinned), one wrong column per 64-wide tile caught at every precision on fields emulated
 * as the kernels compute them, and the plan of tiles a verification samples.
 */
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiment.h"
#include "grid.h"

static void test_verify(void **state)
{
	struct verify v = { 0 };
	double l2, mx;
	(void)state;
	for (int i = 0; i < 100; i++)
		verify_add(&v, 1.0 + i + 1e-7 * (i % 3), 1.0 + i);
	assert_int_equal(verify_ok(&v, DT_FP32, 0, &l2, &mx), 1);
	assert_int_equal(verify_ok(&v, DT_FP64, 0, &l2, &mx), 0);       /* 1e-7 is too much for fp64 */
	assert_true(l2 > 1e-10 && l2 < 1e-8);
	assert_near(mx, 2e-7 / 100, 1e-12);
	/* one wrong value in a thousand fails fp32 */
	struct verify w = { 0 };
	for (int i = 0; i < 1000; i++)
		verify_add(&w, i == 500 ? 600.0 : (double)i, (double)i);
	assert_int_equal(verify_ok(&w, DT_FP32, 0, &l2, &mx), 0);
	assert_int_equal(verify_ok(&w, DT_FP16, 1, &l2, &mx), 0);
	/* an unwritten (NaN) value always fails */
	struct verify x = { 0 };
	verify_add(&x, 1, 1);
	verify_add(&x, NAN, 1);
	assert_int_equal(verify_ok(&x, DT_FP16, 0, &l2, &mx), 0);
	assert_true(isnan(l2));
	/* nothing checked is not a pass */
	struct verify e = { 0 };
	assert_int_equal(verify_ok(&e, DT_FP64, 0, &l2, &mx), 0);
}

/* Every (data type, accumulation) pair's bounds, exactly (grid.h's table). */
static void test_verify_bounds(void **state)
{
	static const struct { enum dtype dt; int half_accum; double l2, max; } pin[] = {
		{ DT_FP64, 0, 1e-12, 1e-11 },
		{ DT_FP64, 1, 1e-12, 1e-11 },       /* half_accum means nothing outside fp16 */
		{ DT_FP32, 0, 1e-5, 1e-5 },
		{ DT_TF32, 0, 2e-3, 5e-3 },
		{ DT_FP16, 0, 2e-3, 5e-3 },
		{ DT_FP16, 1, 1e-2, 2e-2 },         /* provisional: VERIFY_F16ACC_L2 / _MAX */
	};
	double l2, mx;
	(void)state;
	for (size_t i = 0; i < sizeof(pin) / sizeof(pin[0]); i++) {
		verify_tolerance(pin[i].dt, pin[i].half_accum, &l2, &mx);
		if (l2 != pin[i].l2 || mx != pin[i].max)
			fail_msg("%s half_accum %d: bounds %g / %g, expected %g / %g",
				 dtype_table[pin[i].dt].name, pin[i].half_accum, l2, mx, pin[i].l2,
				 pin[i].max);
	}
	assert_true(VERIFY_F16ACC_L2 == 1e-2 && VERIFY_F16ACC_MAX == 2e-2);
	/* the option that selects fp16 accumulation */
	assert_int_equal(option_half_accum("f16acc"), 1);
	assert_int_equal(option_half_accum(""), 0);
	assert_int_equal(option_half_accum(NULL), 0);
	assert_int_equal(option_half_accum("L16"), 0);
	assert_int_equal(option_half_accum("f16acc2"), 0);
}

/*
 * What a GPU kernel computes, emulated on the CPU for one output point of one stencil step:
 *   fp64            fma in the opposite order from the reference;
 *   fp32            fp32 fma, stored as fp32;
 *   tf32            inputs and weights rounded to tf32 (10-bit mantissa, tf32_bits), exact
 *                   products summed in fp32, stored as fp32;
 *   fp16            fp16 operands (exact products in fp32) summed in fp32, stored as fp16;
 *   fp16 f16acc     as an MMA with an fp16 accumulator: each k = 16 chunk of products summed in
 *                   fp32, then added to the fp16 accumulator and rounded to fp16.
 */
struct emul {
	const struct grid *g;
	const struct weights *w;
	enum dtype dt;
	int half_accum;
};

static float half_round(float f)
{
	return half_to_float(half_from_float(f));
}

static double emulate_point(const struct emul *e, long x, long y)
{
	struct grid_input_ctx in = { e->g, e->dt };
	const struct weights *w = e->w;
	if (e->dt == DT_FP64) {
		double acc = 0;
		for (int k = w->count - 1; k >= 0; k--)
			acc = fma(w->w[k], grid_input_at(&in, x + w->off[k][0], y + w->off[k][1], 0), acc);
		return acc;
	}
	float acc = 0, chunk = 0;
	for (int k = 0; k < w->count; k++) {
		float wk = (float)w->w[k], v = (float)grid_input_at(&in, x + w->off[k][0], y + w->off[k][1], 0);
		if (e->dt == DT_TF32) {
			uint32_t bw = tf32_bits(wk), bv = tf32_bits(v);
			memcpy(&wk, &bw, 4);
			memcpy(&v, &bv, 4);
		}
		if (e->dt == DT_FP16 && e->half_accum) {
			chunk = fmaf(wk, v, chunk);
			if (k % 16 == 15 || k == w->count - 1) {
				acc = half_round(acc + chunk);
				chunk = 0;
			}
		} else {
			acc = fmaf(wk, v, acc);
		}
	}
	return e->dt == DT_FP16 ? (double)half_round(acc) : (double)acc;
}

/* Verify a 256 x 48 field (four 64-wide tiles) of one stencil at one precision, as emulated; with
 * wrong_col >= 0 the column at that x in every 64-wide tile holds its right neighbour's output
 * (an off-by-one in x). Returns verify_ok; fills the two relative errors. */
static int verify_field(const char *name, enum dtype dt, int half_accum, int wrong_col,
			double *l2, double *mx)
{
	enum { NX = 256, NY = 48 };
	const struct stencil *s = stencil_find(name);
	const long n[3] = { NX, NY, 1 };
	struct grid g;
	struct weights w;
	struct region r = { { 0, 0, 0 }, { NX, NY, 1 } };
	double *ref = malloc(sizeof(double) * NX * NY);
	struct verify v = { 0 };
	assert_non_null(s);
	assert_non_null(ref);
	assert_int_equal(grid_init(&g, 2, n, s->radius, dtype_table[dt].bytes), 0);
	assert_int_equal(weights_make(s, dt, &w), 0);
	struct grid_input_ctx in = { &g, dt };
	ref_sequential(s, &w, 1, grid_input_at, &in, &r, ref);
	struct emul e = { &g, &w, dt, half_accum };
	for (long y = 0; y < NY; y++)
		for (long x = 0; x < NX; x++) {
			long gx = wrong_col >= 0 && x % 64 == wrong_col ? x + 1 : x;
			verify_add(&v, emulate_point(&e, gx, y), ref[y * NX + x]);
		}
	int ok = verify_ok(&v, dt, half_accum, l2, mx);
	weights_free(&w);
	free(ref);
	return ok;
}

/*
 * The bounds against realistic fields: the harness's inputs, random non-symmetric weights and
 * double reference, each precision's rounding emulated (emulate_point). The correct field passes
 * at every precision; one wrong column per 64-wide tile fails at every one.
 */
static void test_verify_catches_one_wrong_column(void **state)
{
	static const char *const stencils[] = { "box2d1r", "box2d7r", "star2d3r" };
	static const struct { enum dtype dt; int half_accum; const char *what; } prec[] = {
		{ DT_FP64, 0, "fp64" }, { DT_FP32, 0, "fp32" }, { DT_TF32, 0, "tf32" },
		{ DT_FP16, 0, "fp16 (fp32 accumulation)" }, { DT_FP16, 1, "fp16 (fp16 accumulation)" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(stencils) / sizeof(stencils[0]); i++)
		for (size_t p = 0; p < sizeof(prec) / sizeof(prec[0]); p++) {
			double l2, mx, tl2, tmax;
			verify_tolerance(prec[p].dt, prec[p].half_accum, &tl2, &tmax);
			if (!verify_field(stencils[i], prec[p].dt, prec[p].half_accum, -1, &l2, &mx))
				fail_msg("%s %s: the correct field fails: rel L2 %.3g (bound %g), max rel "
					 "%.3g (bound %g)", stencils[i], prec[p].what, l2, tl2, mx, tmax);
			/* a wrong column at a tile's start, inside and at its last column */
			for (int col = 0; col < 64; col += 21)
				if (verify_field(stencils[i], prec[p].dt, prec[p].half_accum, col, &l2, &mx))
					fail_msg("%s %s: column %d of every 64 wrong passes: rel L2 %.3g "
						 "(bound %g), max rel %.3g (bound %g)", stencils[i],
						 prec[p].what, col, l2, tl2, mx, tmax);
		}
}

static void test_verify_plan(void **state)
{
	struct grid g;
	struct region t[VERIFY_MAX_TILES];
	long n[3] = { 1000, 1003, 1 };
	(void)state;
	grid_init(&g, 2, n, 1, 4);
	assert_int_equal(verify_plan(&g, t, VERIFY_MAX_TILES), 1);          /* whole grid */
	assert_int_equal(region_points(&t[0]), 1000L * 1003);
	n[0] = n[1] = 10240;
	grid_init(&g, 2, n, 1, 4);
	int k = verify_plan(&g, t, VERIFY_MAX_TILES);
	assert_int_equal(k, 9 + 16);
	int corner_lo = 0, corner_hi = 0;
	for (int i = 0; i < k; i++) {
		for (int d = 0; d < 2; d++)
			assert_true(t[i].lo[d] >= 0 && t[i].hi[d] <= 10240 && t[i].hi[d] - t[i].lo[d] == 64);
		corner_lo |= t[i].lo[0] == 0 && t[i].lo[1] == 0;
		corner_hi |= t[i].hi[0] == 10240 && t[i].hi[1] == 10240;
	}
	assert_true(corner_lo && corner_hi);
	n[0] = n[1] = n[2] = 512;
	grid_init(&g, 3, n, 1, 8);
	assert_int_equal(verify_plan(&g, t, VERIFY_MAX_TILES), 27 + 16);
	n[0] = 1L << 26;
	grid_init(&g, 1, n, 1, 8);
	assert_int_equal(verify_plan(&g, t, VERIFY_MAX_TILES), 3 + 16);
	assert_int_equal(t[2].hi[0], 1L << 26);
}
void run_verify_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_verify),
		cmocka_unit_test(test_verify_bounds),
		cmocka_unit_test(test_verify_catches_one_wrong_column),
		cmocka_unit_test(test_verify_plan),
	};
	RUN_GROUP(r, "verify", tests);
}
