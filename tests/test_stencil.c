/*
 * test_stencil.c - the descriptor table: K of every stencil, and K_fused(t) / rho(t) (tcs eqs.
 * 9-10) against a brute-force composition of footprints for box and star in 1-3 D.
 */
#include "tests.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stencil.h"

/* Is offset o in the base (unfused) footprint? */
static int in_base(const struct stencil *s, const int *o)
{
	int nonzero = 0;
	for (int d = 0; d < s->dims; d++) {
		if (abs(o[d]) > s->radius)
			return 0;
		nonzero += o[d] != 0;
	}
	return s->shape == SHAPE_BOX || nonzero <= 1;
}

/*
 * Brute force: the t-fold composed footprint as a 0/1 grid of side 2rt+1, built by dilating
 * {0} with the base footprint t times. Returns the count and leaves the grid in *out.
 */
static long brute_fused(const struct stencil *s, int t, unsigned char **out)
{
	int R = s->radius * t, side = 2 * R + 1, n = 1, r = s->radius;
	for (int d = 0; d < s->dims; d++)
		n *= side;
	unsigned char *cur = calloc((size_t)n, 1), *nxt = calloc((size_t)n, 1);
	int stride[3] = { 1, side, side * side };
	cur[(n - 1) / 2] = 1;  /* the centre */
	for (int step = 0; step < t; step++) {
		memset(nxt, 0, (size_t)n);
		for (int i = 0; i < n; i++) {
			if (!cur[i])
				continue;
			int c[3] = { 0, 0, 0 };
			for (int d = 0; d < s->dims; d++)
				c[d] = i / stride[d] % side;
			int o[3];
			for (o[2] = s->dims > 2 ? -r : 0; o[2] <= (s->dims > 2 ? r : 0); o[2]++)
				for (o[1] = s->dims > 1 ? -r : 0; o[1] <= (s->dims > 1 ? r : 0); o[1]++)
					for (o[0] = -r; o[0] <= r; o[0]++) {
						if (!in_base(s, o))
							continue;
						int j = 0, ok = 1;
						for (int d = 0; d < s->dims; d++) {
							int x = c[d] + o[d];
							ok &= x >= 0 && x < side;
							j += x * stride[d];
						}
						if (ok)
							nxt[j] = 1;
					}
		}
		unsigned char *tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
	long count = 0;
	for (int i = 0; i < n; i++)
		count += cur[i];
	free(nxt);
	*out = cur;
	return count;
}

static void test_table_points(void **state)
{
	(void)state;
	assert_int_equal(stencil_count, 42);
	for (size_t i = 0; i < stencil_count; i++) {
		const struct stencil *s = &stencil_table[i];
		long expect = s->shape == SHAPE_BOX ? lround(pow(2 * s->radius + 1, s->dims))
						    : 2L * s->dims * s->radius + 1;
		unsigned char *g;
		assert_int_equal(s->points, expect);
		assert_int_equal(brute_fused(s, 1, &g), s->points);
		free(g);
		assert_ptr_equal(stencil_find(s->name), s);
		assert_ptr_equal(stencil_get(s->shape, s->dims, s->radius), s);
	}
	assert_int_equal(stencil_find("box2d1r")->points, 9);
	assert_int_equal(stencil_find("star3d2r")->points, 13);
	assert_int_equal(stencil_find("box3d7r")->points, 3375);
	assert_null(stencil_find("box2d8r"));
	assert_null(stencil_find("box4d1r"));
	assert_null(stencil_find(""));
}

static void check_fused(const struct stencil *s, int t)
{
	unsigned char *g;
	long brute = brute_fused(s, t, &g), fast = stencil_fused_points(s, t);
	int R = s->radius * t, side = 2 * R + 1;
	if (brute != fast)
		fail_msg("%s t=%d: K_fused %ld, brute force %ld", s->name, t, fast, brute);
	assert_near(stencil_rho(s, t), (double)brute / (t * (double)s->points), 1e-12);
	/* membership test agrees with the brute-force set at every offset of the bounding box */
	int n = 1;
	for (int d = 0; d < s->dims; d++)
		n *= side;
	for (int i = 0; i < n; i++) {
		int o[3] = { 0, 0, 0 }, k = i;
		for (int d = 0; d < s->dims; d++, k /= side)
			o[d] = k % side - R;
		if (stencil_fused_contains(s, t, o) != g[i])
			fail_msg("%s t=%d: membership differs at (%d,%d,%d)", s->name, t, o[0], o[1], o[2]);
	}
	free(g);
}

static void test_fused_brute_force(void **state)
{
	(void)state;
	for (int shape = 0; shape < 2; shape++)
		for (int d = 1; d <= 3; d++)
			for (int r = 1; r <= 3; r++)
				for (int t = 1; t <= (d == 3 ? 4 : 8); t++)
					check_fused(stencil_get((enum stencil_shape)shape, d, r), t);
}

static void test_rho_closed_forms(void **state)
{
	(void)state;
	/* tcs eq. 10: box rho = (2rt+1)^d / (t (2r+1)^d) */
	assert_near(stencil_rho(stencil_find("box2d1r"), 3), 49.0 / 27, 1e-12);   /* 1.81 */
	assert_near(stencil_rho(stencil_find("box2d1r"), 7), 225.0 / 63, 1e-12);  /* 3.57 */
	assert_near(stencil_rho(stencil_find("box3d1r"), 3), 343.0 / 81, 1e-12);  /* tcs case 5 */
	assert_near(stencil_rho(stencil_find("box2d3r"), 1), 1.0, 0);
	/* star: the composed footprint, not its bounding box: star2d1r fused twice has 13 points */
	assert_int_equal(stencil_fused_points(stencil_find("star2d1r"), 2), 13);
	assert_int_equal(stencil_fused_points(stencil_find("star2d1r"), 3), 25);
	assert_int_equal(stencil_fused_points(stencil_find("star1d2r"), 4), 17);
	assert_int_equal(stencil_fused_points(stencil_find("star3d1r"), 2), 25);
	assert_int_equal(stencil_fused_points(stencil_find("box2d1r"), 0), -1);
	assert_int_equal(stencil_fused_points(NULL, 1), -1);
}

static void test_dtypes(void **state)
{
	(void)state;
	assert_int_equal(dtype_find("fp64")->bytes, 8);
	assert_int_equal(dtype_find("fp32")->bytes, 4);
	assert_int_equal(dtype_find("tf32")->bytes, 4);
	assert_int_equal(dtype_find("fp16")->bytes, 2);
	assert_null(dtype_find("bf16"));
}

void run_stencil_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_points),
		cmocka_unit_test(test_fused_brute_force),
		cmocka_unit_test(test_rho_closed_forms),
		cmocka_unit_test(test_dtypes),
	};
	RUN_GROUP(r, "stencil", tests);
}
