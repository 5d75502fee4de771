/*
 * test_regime.c - the data regimes (model/regime.h): their names, which methods have an artifact,
 * each artifact's weights against what its code sets (sums, symmetries, ranks), the input each
 * regime times, and a list's `data` column (checked, and part of the configuration's key).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "experiment.h"
#include "grid.h"
#include "method.h"
#include "regime.h"
#include "runs.h"
#include "tests.h"

static double sum_of(const struct weights *w)
{
	double s = 0;
	for (int k = 0; k < w->count; k++)
		s += w->w[k];
	return s;
}

/* the weight at an offset */
static double at(const struct weights *w, int x, int y, int z)
{
	for (int k = 0; k < w->count; k++)
		if (w->off[k][0] == x && w->off[k][1] == y && w->off[k][2] == z)
			return w->w[k];
	return NAN;
}

static void test_regime_names(void **state)
{
	(void)state;
	enum data_regime d;
	for (int k = 0; k < DATA_REGIMES; k++) {
		assert_int_equal(data_regime_parse(data_regime_name((enum data_regime)k), &d), 0);
		assert_int_equal((int)d, k);
	}
	assert_int_equal(data_regime_parse("zeros", &d), -1);
	assert_int_equal(data_regime_parse(NULL, &d), -1);
	assert_non_null(artifact_regime_of("spider:f16acc"));
	assert_string_equal(artifact_regime_of("spider:f16acc")->artifact, "SPIDER");
	assert_null(artifact_regime_of("naive"));
	assert_non_null(strstr(artifact_methods(), "lorastencil"));
}

/* the random regime's weights are the harness's (a METHOD:sym row's mirror-symmetric ones); the
 * zero regime keeps them and zeroes the input; a method without an artifact is refused */
static void test_regime_random_zero(void **state)
{
	(void)state;
	const struct stencil *s = stencil_find("box2d1r");
	struct weights a, b;
	char why[160] = "";
	for (int mirror = 0; mirror <= 1; mirror++)
		for (int d = DATA_RANDOM; d <= DATA_ZERO; d++) {
			assert_int_equal(regime_weights((enum data_regime)d, "ebisu", mirror, s, DT_FP64, &a, why, sizeof(why)), 0);
			assert_int_equal(mirror ? weights_make_mirror(s, DT_FP64, &b) : weights_make(s, DT_FP64, &b), 0);
			assert_int_equal(a.count, b.count);
			assert_memory_equal(a.w, b.w, (size_t)a.count * sizeof(double));
			weights_free(&a);
			weights_free(&b);
		}
	assert_int_equal(regime_input(DATA_ZERO, "naive", NULL), INPUT_ZERO);
	assert_int_equal(regime_input(DATA_RANDOM, "ebisu", NULL), INPUT_RANDOM);
	assert_int_equal(regime_input(DATA_ARTIFACT, "ebisu", stencil_find("box2d1r")), INPUT_ZERO);
	assert_int_equal(regime_input(DATA_ARTIFACT, "ebisu", stencil_find("box2d3r")), INPUT_INF);   /* overflows */
	assert_int_equal(regime_input(DATA_ARTIFACT, "spider:f16acc", stencil_find("box2d7r")), INPUT_INDEX_MOD19);
	assert_int_equal(regime_weights(DATA_ARTIFACT, "naive", 0, s, DT_FP64, &a, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "method 'naive' has no artifact"));
	weights_free(&a);
}

/* LoRAStencil's 3D weights: {1, 2, 1} along x in every (y, z), scaled to sum 1 (its finite build) */
static void test_regime_lorastencil(void **state)
{
	(void)state;
	struct weights w;
	char why[160];
	assert_int_equal(regime_weights(DATA_ARTIFACT, "lorastencil:sym", 0, stencil_find("box3d1r"), DT_FP64, &w, why,
					sizeof(why)), 0);
	assert_int_equal(w.count, 27);
	assert_near(sum_of(&w), 1, 1e-15);
	for (int z = -1; z <= 1; z++)
		for (int y = -1; y <= 1; y++) {
			assert_near(at(&w, 0, y, z), 2.0 / 36, 1e-15);
			assert_near(at(&w, -1, y, z), 1.0 / 36, 1e-15);
			assert_near(at(&w, 1, y, z), 1.0 / 36, 1e-15);
		}
	weights_free(&w);
}

/* each artifact's weights as its code sets them: EBISU's sums (81, 313 over 118; 24.57 over 159)
 * unscaled and not symmetric, SPIDER's constant along x and scaled, LoRAStencil's 2D symmetric 7 x 7
 * (the box2d1r row refused: its kernel is the box2d3r one), TCStencil's centre; ConvStencil and
 * FlashFFTStencil keep the harness's weights on their own input */
static void test_regime_artifacts(void **state)
{
	(void)state;
	struct weights w, h;
	char why[200];
	static const struct { const char *st; double sum; } eb[] = {
		{ "box2d1r", 81.0 / 118 }, { "box2d3r", 313.0 / 118 }, { "box3d1r", 24.57 / 159 } };
	for (size_t k = 0; k < sizeof(eb) / sizeof(eb[0]); k++) {
		assert_int_equal(regime_weights(DATA_ARTIFACT, "ebisu", 0, stencil_find(eb[k].st), DT_FP64, &w, why,
						sizeof(why)), 0);
		assert_near(sum_of(&w), eb[k].sum, 1e-12);
		weights_free(&w);
	}
	assert_int_equal(regime_weights(DATA_ARTIFACT, "ebisu", 0, stencil_find("box2d1r"), DT_FP64, &w, why, sizeof(why)), 0);
	assert_near(at(&w, -1, -1, 0), 7.0 / 118, 1e-15);   /* [dy][dx] = [-1][-1] */
	assert_near(at(&w, 1, -1, 0), 9.0 / 118, 1e-15);
	assert_near(at(&w, 0, 1, 0), 5.0 / 118, 1e-15);
	weights_free(&w);
	assert_int_equal(regime_weights(DATA_ARTIFACT, "spider:f16acc", 0, stencil_find("box2d7r"), DT_FP64, &w, why,
					sizeof(why)), 0);
	assert_near(sum_of(&w), 1, 1e-12);
	assert_near(at(&w, -7, -7, 0), 2.0 / 1440, 1e-15);
	assert_near(at(&w, 7, 5, 0), 1.0 / 1440, 1e-15);    /* (5 + 8) mod 13 + 1 */
	assert_near(at(&w, -3, 0, 0), 9.0 / 1440, 1e-15);
	weights_free(&w);
	assert_int_equal(regime_weights(DATA_ARTIFACT, "lorastencil", 0, stencil_find("box2d3r"), DT_FP64, &w, why,
					sizeof(why)), 0);
	assert_near(sum_of(&w), 1, 1e-12);
	assert_near(at(&w, 0, 0, 0), 8.0 / 232, 1e-15);
	for (int y = -3; y <= 3; y++)
		for (int x = -3; x <= 3; x++) {   /* mirror-symmetric, and symmetric under x <-> y */
			assert_near(at(&w, x, y, 0), at(&w, -x, y, 0), 1e-15);
			assert_near(at(&w, x, y, 0), at(&w, y, x, 0), 1e-15);
		}
	weights_free(&w);
	assert_int_equal(regime_weights(DATA_ARTIFACT, "lorastencil", 0, stencil_find("box2d1r"), DT_FP64, &w, why,
					sizeof(why)), -1);
	assert_non_null(strstr(why, "box2d3r kernel"));
	weights_free(&w);
	assert_int_equal(regime_weights(DATA_ARTIFACT, "tcstencil:f16acc", 0, stencil_find("box2d2r"), DT_FP16, &w, why,
					sizeof(why)), 0);
	assert_near(at(&w, 0, 0, 0), -290, 0);
	assert_near(at(&w, 2, 2, 0), 24, 0);
	weights_free(&w);
	assert_int_equal(regime_input(DATA_ARTIFACT, "tcstencil", stencil_find("box2d1r")), INPUT_ONE);
	assert_int_equal(regime_input(DATA_ARTIFACT, "convstencil", stencil_find("box2d1r")), INPUT_INT100);
	assert_int_equal(regime_weights(DATA_ARTIFACT, "convstencil", 0, stencil_find("box3d1r"), DT_FP64, &w, why,
					sizeof(why)), 0);
	assert_int_equal(weights_make(stencil_find("box3d1r"), DT_FP64, &h), 0);
	assert_memory_equal(w.w, h.w, (size_t)w.count * sizeof(double));
	weights_free(&w);
	weights_free(&h);
}

/* a list's data column: checked (a bad name, an artifact regime for a method without one: a line
 * naming file, line and value), part of the key where it is not the default */
static void test_regime_list(void **state)
{
	(void)state;
	const char *dir = temp_dir();
	char path[600], err[512];
	struct run_config *rows;
	size_t n;
	snprintf(path, sizeof(path), "%s/list.csv", dir);
	FILE *f = fopen(path, "w");
	fputs("stencil,dtype,method,fusion,size,data\nbox2d1r,fp64,ebisu,1,64x64,artifact\nbox2d1r,fp64,ebisu,1,64x64,\n"
	      "box2d1r,fp64,ebisu,1,64x64,zero\n", f);
	fclose(f);
	assert_int_equal(experiment_read(path, model_method_names(), &rows, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 3);
	assert_string_equal(rows[0].data, "artifact");
	assert_string_equal(rows[1].data, "");
	free(rows);
	struct config_keys k;
	assert_int_equal(config_list_read(path, &k, err, sizeof(err)), 0);
	assert_non_null(strstr(k.key[0], " data=artifact"));
	assert_null(strstr(k.key[1], "data="));
	assert_non_null(strstr(k.key[2], " data=zero"));
	config_keys_free(&k);
	f = fopen(path, "w");
	fputs("stencil,dtype,method,fusion,size,data\nbox2d1r,fp64,ebisu,1,64x64,zeros\n", f);
	fclose(f);
	assert_int_equal(experiment_read(path, model_method_names(), &rows, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":2: bad data regime 'zeros' (random|zero|artifact)"));
	f = fopen(path, "w");
	fputs("stencil,dtype,method,fusion,size,data\nbox2d1r,fp64,naive,1,64x64,artifact\n", f);
	fclose(f);
	assert_int_equal(experiment_read(path, model_method_names(), &rows, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":2: method 'naive' has no artifact for the artifact data regime"));
	f = fopen(path, "w");   /* an artifact without weights for the stencil: refused with the list */
	fputs("stencil,dtype,method,fusion,size,data\nbox2d7r,fp64,ebisu,1,64x64,artifact\n", f);
	fclose(f);
	assert_int_equal(experiment_read(path, model_method_names(), &rows, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":2: the artifact data regime of ebisu on box2d7r: the EBISU artifact has no weights"));
}

void run_regime_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regime_names),
		cmocka_unit_test(test_regime_random_zero),
		cmocka_unit_test(test_regime_lorastencil),
		cmocka_unit_test(test_regime_artifacts),
		cmocka_unit_test(test_regime_list),
	};
	RUN_GROUP(r, "regime", tests);
}
