/*
 * test_sparse.c - the sparse tensor-core method's strided swapping (sptc section 3),
 * emulated in plain C: for every fused radius R = 1..7 the swapped kernel matrices meet the f16
 * 2:4 and the tf32 1:2 rules, compression round-trips, and the emulated sparse products equal the
 * dense swapped products and the direct fused stencil on random inputs and non-symmetric weights;
 * sigma is the exact count (15/32 for R = 7).
 */
#include "tests.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "sparse.h"

/* relative L2 difference of the emulated P L outputs at (x0, y, z) against the stencil */
static double rel_err(const struct sparse_plan *p, const struct dense_weights *d, long x0, long y, long z)
{
	double out[SP_M], err = 0, ref2 = 0;
	sparse_emulate(p, test_input, NULL, x0, y, z, out);
	for (int m = 0; m < sparse_outputs(p); m++) {
		double ref = test_direct(d, x0 + m, y, z);
		err += (out[m] - ref) * (out[m] - ref);
		ref2 += ref * ref;
	}
	return sqrt(err / ref2);
}

/* the plan of stencil name fused t times (its weights and composed weights kept for the checks) */
struct plan_case {
	const struct stencil *s;
	struct weights w;
	struct dense_weights d;
	struct sparse_plan p;
};

static void plan_make(struct plan_case *c, const char *name, int t, int k_align, enum sparse_swap swap, int shift,
		      int L)
{
	c->s = stencil_find(name);
	assert_int_equal(weights_make(c->s, DT_FP64, &c->w), 0);
	assert_int_equal(weights_compose(c->s, &c->w, t, &c->d), 0);
	assert_int_equal(sparse_build(&c->d, k_align, swap, shift, L, &c->p), 0);
}

static void plan_free(struct plan_case *c)
{
	sparse_free(&c->p);
	dense_weights_free(&c->d);
	weights_free(&c->w);
}

static void check_sparse_L(const char *name, int t, int g, int k_align, int shift, int L)
{
	enum sparse_swap swap = g == 2 ? SP_SWAP_COL : SP_SWAP_PAIR;
	struct plan_case pc;
	plan_make(&pc, name, t, k_align, swap, shift, L);
	int R = pc.p.R;
	assert_int_equal(pc.p.L, L ? L : 2 * R + 2);
	assert_int_equal(pc.p.Kpad % k_align, 0);
	/* a permutation; the tf32 one an involution (a set of swaps), the f16 one keeps column pairs
	 * adjacent and in order (one 32-bit load of B a pair) */
	int seen[SP_MAX_K] = { 0 };
	for (int k = 0; k < pc.p.Kpad; k++) {
		seen[pc.p.perm[k]]++;
		if (swap == SP_SWAP_COL)
			assert_int_equal(pc.p.perm[pc.p.perm[k]], k);
		else if (k % 2 == 0)
			assert_true(pc.p.perm[k] % 2 == 0 && pc.p.perm[k + 1] == pc.p.perm[k] + 1);
	}
	for (int k = 0; k < pc.p.Kpad; k++)
		assert_int_equal(seen[k], 1);
	/* the rule holds after the swap (1:2 for tf32, which implies 2:4; 2:4 for f16), and the
	 * unswapped band breaks 2:4: row 0 of the centre footprint row has 2R + 1 >= 3 non-zeros from
	 * column 0 on, so its first group of 4 holds 3 or more */
	if (swap == SP_SWAP_COL)
		assert_true(sparse_pattern_ok(&pc.p, 1, 2));
	assert_true(sparse_pattern_ok(&pc.p, 2, 4));
	int first = 0;
	const double *center = pc.p.A + (long)(pc.p.rows / 2) * SP_M * pc.p.Kpad;   /* dy = dz = 0: a full band */
	for (int k = 0; k < pc.p.Kpad; k++)
		first += pc.p.perm[k] < 4 && center[k] != 0;
	assert_true(first >= 3);
	/* dense swapped products = direct stencil */
	double e = rel_err(&pc.p, &pc.d, 3, 2, pc.d.dims > 2 ? 1 : 0);
	if (!(e < 1e-13))
		fail_msg("%pc.s t=%d: swapped dense products differ by %g", name, t, e);
	/* compression round trip and the emulated sparse MMA */
	assert_int_equal(sparse_compress(&pc.p, g), 0);
	double *back = sparse_decompress(&pc.p);
	assert_non_null(back);
	assert_memory_equal(back, pc.p.A, sizeof(double) * (size_t)pc.p.rows * SP_M * pc.p.Kpad);
	free(back);
	for (long i = 0; i < (long)pc.p.rows * SP_M * pc.p.Kpad / 2; i++) {
		assert_true(pc.p.pos[i] < g);
		if (g == 4 && i % 2 == 1)   /* two positions a group, distinct and ascending */
			assert_true(pc.p.pos[i - 1] < pc.p.pos[i]);
	}
	e = rel_err(&pc.p, &pc.d, -5, 4, 0);
	if (!(e < 1e-13))
		fail_msg("%pc.s t=%d g=%d: emulated sparse products differ by %g", name, t, g, e);
	/* sigma: K_fused L over the 16 x Kpad entries the instruction processes */
	assert_near(sparse_sigma(&pc.p), (double)stencil_fused_points(pc.s, t) * pc.p.L /
				       ((double)pc.p.rows * SP_M * pc.p.Kpad), 1e-15);
	plan_free(&pc);
}

static void check_sparse(const char *name, int t, int g, int k_align, int shift)
{
	check_sparse_L(name, t, g, k_align, shift, 0);
}

static void test_strided_swap(void **state)
{
	(void)state;
	for (int t = 1; t <= 7; t++) {
		check_sparse("box2d1r", t, 4, 32, 0);
		check_sparse("box2d1r", t, 4, 32, 1);    /* fp16 mma.sp m16n8k32 */
		check_sparse("box2d1r", t, 2, 16, 0);
		check_sparse("box2d1r", t, 2, 16, 1);    /* tf32 mma.sp m16n8k16 */
		check_sparse("star2d1r", t, 4, 16, 0);
		check_sparse("star2d1r", t, 4, 16, 1);
		check_sparse("star2d1r", t, 2, 8, 0);
		check_sparse("star2d1r", t, 2, 8, 1);
	}
	/* full 16-row tiles (L = 16) for every fused radius: the swaps still meet both rules */
	for (int t = 1; t <= 7; t++) {
		check_sparse_L("box2d1r", t, 4, 32, t % 2, 16);
		check_sparse_L("box2d1r", t, 2, 16, 0, 16);
		check_sparse_L("star2d1r", t, 4, 32, t % 2, 16);
	}
	check_sparse_L("box1d2r", 1, 4, 32, 0, 16);
	check_sparse_L("box2d3r", 1, 2, 16, 0, 8);
	static const char *const more[] = { "box1d1r", "box1d2r", "box2d2r", "box2d3r", "box2d7r",
					    "star2d2r", "star2d3r", "box3d1r" };
	for (size_t i = 0; i < sizeof(more) / sizeof(more[0]); i++) {
		int t = strcmp(more[i], "box3d1r") ? 1 : 7;
		check_sparse(more[i], t, 4, 32, 0);
		check_sparse(more[i], t, 4, 32, 1);
		check_sparse(more[i], t, 2, 16, 0);
		check_sparse(more[i], t, 2, 16, 1);
	}
}

/* the lane-contiguous group order (spider_kernel_r7's f16 fragments): lane t's four B registers
 * of an m16n8k32 fragment (k = 2t + 8i, 2t + 8i + 1) are window columns 8 b(t) + 2i, + 1 with
 * b = 0, 2, 1, 3; the 2:4 rule, compression and the emulated products as before the reorder */
static void test_lane_groups(void **state)
{
	(void)state;
	static const struct {
		const char *name;
		int t;
	} cases[] = { { "box2d7r", 1 }, { "box2d1r", 7 }, { "star2d1r", 7 } };
	static const int b[4] = { 0, 2, 1, 3 };
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct plan_case pc;
		plan_make(&pc, cases[c].name, cases[c].t, 32, SP_SWAP_PAIR, 1, 16);
		const double before = rel_err(&pc.p, &pc.d, 7, 3, 0);
		assert_int_equal(sparse_lane_groups(&pc.p), 0);
		for (int t = 0; t < 4; t++)
			for (int i = 0; i < 4; i++) {
				assert_int_equal(pc.p.perm[2 * t + 8 * i], 8 * b[t] + 2 * i);
				assert_int_equal(pc.p.perm[2 * t + 8 * i + 1], 8 * b[t] + 2 * i + 1);
			}
		assert_true(sparse_pattern_ok(&pc.p, 2, 4));
		double e = rel_err(&pc.p, &pc.d, 7, 3, 0);
		if (!(e < 1e-13 && before < 1e-13))
			fail_msg("%s t=%d: reordered dense products differ by %g (before: %g)", cases[c].name, cases[c].t, e,
				 before);
		assert_int_equal(sparse_compress(&pc.p, 4), 0);
		assert_int_equal(sparse_lane_groups(&pc.p), -1);   /* after compression: refused */
		e = rel_err(&pc.p, &pc.d, -5, 4, 0);
		if (!(e < 1e-13))
			fail_msg("%s t=%d: reordered sparse products differ by %g", cases[c].name, cases[c].t, e);
		plan_free(&pc);
	}
	struct plan_case pc;   /* another plan: the tf32 column swap */
	plan_make(&pc, "box2d7r", 1, 16, SP_SWAP_COL, 0, 16);
	assert_int_equal(sparse_lane_groups(&pc.p), -1);
	plan_free(&pc);
}

/* P tiles an instruction (sparse_pack): block-diagonal copies of each A_q, the window of
 * tile i L inputs further; the rules, compression and the emulated products of all P L outputs
 * hold for every shape sptc Figure 9 runs and for each instruction's k; packing is refused twice
 * or after compression */
static void test_pack(void **state)
{
	(void)state;
	static const struct {
		const char *name;
		int t;
	} cases[] = { { "box1d1r", 1 }, { "box1d2r", 1 }, { "box2d1r", 1 }, { "box2d1r", 2 }, { "box2d1r", 3 },
		      { "box2d2r", 1 }, { "box2d3r", 1 }, { "star2d1r", 1 }, { "star2d3r", 1 }, { "box3d1r", 1 },
		      { "box2d1r", 5 } };
	static const int g[4] = { 4, 4, 2, 2 }, k_align[4] = { 32, 16, 16, 8 };
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++)
		for (int v = 0; v < 4; v++) {
			struct plan_case pc;
			plan_make(&pc, cases[c].name, cases[c].t, k_align[v], g[v] == 2 ? SP_SWAP_COL : SP_SWAP_PAIR, v % 2, 0);
			const int L = pc.p.L, ku = (2 * L + k_align[v] - 1) / k_align[v];   /* K steps unpacked */
			assert_int_equal(sparse_pack(&pc.p, k_align[v]), 0);
			const int P = pc.p.tiles;
			/* packed only where an output takes fewer K steps (the counts worked out by hand:
			 * k 32, f16 sparse: 4, 2, 2 tiles at L = 4, 6, 8; k 16, f16 dense and tf32 sparse: 4 at
			 * L = 4; k 8, tf32 dense: 2 at L = 6, where 3 steps serve 12 outputs against 2 for 6) */
			static const int want[3][3] = { { 4, 2, 2 }, { 4, 1, 1 }, { 1, 2, 1 } };   /* [k 32, 16, 8][L 4, 6, 8] */
			const int ki = k_align[v] == 32 ? 0 : k_align[v] == 16 ? 1 : 2;
			assert_int_equal(P, L <= 8 ? want[ki][L / 2 - 2] : 1);
			if (P > 1)
				assert_true(pc.p.Kpad / k_align[v] * 1.0 / P < ku);
			assert_int_equal(sparse_outputs(&pc.p), P * L);
			/* the window an instruction reads: (P + 1) L columns, every real column inside it */
			assert_int_equal(sparse_window(&pc.p), (P + 1) * L);
			for (int k = 0; k < sparse_width(&pc.p); k++)
				assert_true(pc.p.perm[k] >= 0 && pc.p.perm[k] < (P + 1) * L);
			assert_int_equal(pc.p.Kpad % k_align[v], 0);
			assert_true(pc.p.Kpad >= sparse_width(&pc.p) && pc.p.Kpad - sparse_width(&pc.p) < k_align[v]);
			assert_int_equal(sparse_pack(&pc.p, k_align[v]), P > 1 ? -1 : 0);
			/* tile i's rows use its own columns only: the rest of each row is zero */
			for (int q = 0; q < pc.p.rows; q++)
				for (int m = 0; m < SP_M; m++)
					for (int k = 0; k < pc.p.Kpad; k++)
						if (m >= P * L || k / (2 * L) != m / L)
							assert_true(pc.p.A[((long)q * SP_M + m) * pc.p.Kpad + k] == 0);
			assert_true(sparse_pattern_ok(&pc.p, g[v] / 2, g[v]));
			double e = rel_err(&pc.p, &pc.d, 3, 2, pc.d.dims > 2 ? 1 : 0);
			if (!(e < 1e-13))
				fail_msg("%s t=%d k=%d: packed dense products differ by %g", cases[c].name, cases[c].t,
					 k_align[v], e);
			assert_int_equal(sparse_compress(&pc.p, g[v]), 0);
			assert_int_equal(sparse_pack(&pc.p, k_align[v]), -1);
			e = rel_err(&pc.p, &pc.d, -5, 4, 0);
			if (!(e < 1e-13))
				fail_msg("%s t=%d g=%d: packed sparse products differ by %g", cases[c].name, cases[c].t, g[v],
					 e);
			assert_near(sparse_sigma(&pc.p), (double)stencil_fused_points(pc.s, cases[c].t) * P * L /
							 ((double)pc.p.rows * SP_M * pc.p.Kpad), 1e-15);
			plan_free(&pc);
		}
}

static void test_sparse_values(void **state)
{
	(void)state;
	struct weights w;
	struct dense_weights d;
	struct sparse_plan p;
	/* R = 7 (box2d1r fused 7 times or box2d7r): L = 16, 32 columns, sigma 15/32 */
	weights_make(stencil_find("box2d7r"), DT_FP64, &w);
	weights_compose(stencil_find("box2d7r"), &w, 1, &d);
	assert_int_equal(sparse_build(&d, 16, SP_SWAP_COL, 0, 0, &p), 0);
	assert_int_equal(p.L, 16);
	assert_int_equal(p.Kpad, 32);
	assert_near(sparse_sigma(&p), 15.0 / 32, 1e-15);
	/* the swap: odd columns below L trade places with column + L, even ones stay */
	assert_int_equal(p.perm[1], 17);
	assert_int_equal(p.perm[17], 1);
	assert_int_equal(p.perm[2], 2);
	assert_int_equal(p.perm[16], 16);
	/* row 0 of A_0: w(dx, dy=-7) at original column dx + 7, i.e. swapped column 0 holds w(-7) */
	assert_near(p.A[0], d.w[dense_weights_index(&d, -7, -7, 0)], 0);
	assert_near(p.A[1], 0, 0);                 /* column 1 now holds original 17: outside row 0's band */
	assert_near(p.A[17], d.w[dense_weights_index(&d, -6, -7, 0)], 0);
	sparse_free(&p);
	/* a fused radius past 7 does not fit m = 16 */
	dense_weights_free(&d);
	weights_free(&w);
	weights_make(stencil_find("box2d1r"), DT_FP64, &w);
	weights_compose(stencil_find("box2d1r"), &w, 8, &d);
	assert_int_equal(sparse_build(&d, 32, SP_SWAP_PAIR, 0, 0, &p), -1);
	/* R = 1: L = 4, 8 columns padded to the instruction's k */
	dense_weights_free(&d);
	weights_compose(stencil_find("box2d1r"), &w, 1, &d);
	/* L must be even, at least 2R + 2 and at most 16 */
	assert_int_equal(sparse_build(&d, 16, SP_SWAP_PAIR, 1, 3, &p), -1);
	assert_int_equal(sparse_build(&d, 16, SP_SWAP_PAIR, 1, 2, &p), -1);
	assert_int_equal(sparse_build(&d, 16, SP_SWAP_PAIR, 1, 18, &p), -1);
	assert_int_equal(sparse_build(&d, 32, SP_SWAP_PAIR, 1, 16, &p), 0);
	assert_near(sparse_sigma(&p), 9.0 * 16 / (3 * 16.0 * 32), 1e-15);   /* 3/32, four times the paper's */
	sparse_free(&p);
	assert_int_equal(sparse_build(&d, 16, SP_SWAP_PAIR, 1, 0, &p), 0);
	assert_int_equal(p.Kpad, 16);
	assert_near(sparse_sigma(&p), 9.0 * 4 / (3 * 16.0 * 16), 1e-15);
	/* f16 order for L = 4: 0 1 4 5 2 3 6 7, then the padding */
	static const int pair4[] = { 0, 1, 4, 5, 2, 3, 6, 7, 8 };
	for (int k = 0; k < 9; k++)
		assert_int_equal(p.perm[k], pair4[k]);
	sparse_free(&p);
	dense_weights_free(&d);
	weights_free(&w);
}

void run_sparse_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strided_swap),
		cmocka_unit_test(test_lane_groups),
		cmocka_unit_test(test_pack),
		cmocka_unit_test(test_sparse_values),
	};
	RUN_GROUP(r, "sparse", tests);
}
