/*
 * test_fermi.c - the fermi paper's computed numbers and targets: Figure 4's knee on curves whose
 * knee is known, Figure 8's width classes (powers of two, prime 128-byte lines, padded pitches),
 * Table 1's columns and ratios from a fixture run with known microbenchmark rows, and Figure 8's
 * rows (GLUPS as measured, the class flags and the pitch of the harness's layout); and the nongemm
 * workload lists (model/workload.h): sizes, methods, options and their errors.
 */
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvio.h"
#include "fermi.h"
#include "render.h"
#include "workload.h"

/* flat at 1 ms up to 40 FLOPs, then 0.02 ms a FLOP: flat until 40 (10 %), rises from 40 */
static void test_knee(void **state)
{
	(void)state;
	double x[40], y[40], flat, cross;
	for (int i = 0; i < 40; i++)
		x[i] = 8.0 * i, y[i] = x[i] <= 40 ? 1 : 1 + (x[i] - 40) * 0.02;
	assert_int_equal(fermi_knee(x, y, 40, 0.10, &flat, &cross), 0);
	assert_true(flat == 40);
	assert_true(fabs(cross - 40) < 1e-9);
	/* a curve that never doubles has no rising part to fit */
	for (int i = 0; i < 40; i++)
		y[i] = 1 + 0.001 * i;
	assert_int_equal(fermi_knee(x, y, 40, 0.10, &flat, &cross), 0);
	assert_true(flat == x[39] && isnan(cross));
	/* bad curves: not starting at 0 FLOPs, not ascending */
	x[0] = 1;
	assert_int_equal(fermi_knee(x, y, 40, 0.10, &flat, &cross), -1);
	x[0] = 0, x[5] = x[4];
	assert_int_equal(fermi_knee(x, y, 40, 0.10, &flat, &cross), -1);
}

static void test_width_class(void **state)
{
	(void)state;
	assert_int_equal(fermi_pitch(512, 8, 1), 544);     /* n + 32 in fp64 */
	assert_int_equal(fermi_width_class(256, 8, 1), FERMI_POW2);
	assert_int_equal(fermi_width_class(304, 8, 1), FERMI_PRIME_LINES);   /* the paper's 19 lines */
	assert_int_equal(fermi_width_class(480, 8, 2), FERMI_PITCH_POW2);    /* pitch 512 */
	assert_int_equal(fermi_width_class(224, 4, 1), FERMI_PRIME_LINES);   /* 7 lines of fp32 */
	assert_int_equal(fermi_width_class(976, 4, 2), FERMI_PITCH_POW2);    /* pitch 1024 */
	assert_int_equal(fermi_width_class(64, 4, 1), FERMI_POW2 | FERMI_PRIME_LINES | FERMI_PITCH_POW2);
	assert_int_equal(fermi_width_class(592, 4, 1), 0);
}

/* a copy of the fixture run, its ceilings with the fermi rows appended */
static const char *fermi_run(void)
{
	static const char rows[] =
		"fermi_dp_fma,1012.2,GFLOP/s,test,1012.2,10\n"
		"fermi_register_bandwidth,16195.2,GB/s,test,16195.2,10\n"
		"fermi_shared_memory_bandwidth,2040.6,GB/s,test,2040.6,10\n"
		"fermi_l1_bandwidth,3000.9,GB/s,test,3000.9,10\n"
		"fermi_dram_bandwidth,1130,GB/s,test,1130,10\n";
	char cmd[1024], path[512];
	const char *run = temp_dir();
	snprintf(cmd, sizeof(cmd), "cp %s/* %s/", repo_path("tests/fixtures/run-small"), run);
	assert_int_equal(system(cmd), 0);
	snprintf(path, sizeof(path), "%s/ceilings.csv", run);
	FILE *f = fopen(path, "a");
	assert_non_null(f);
	fputs(rows, f);
	fclose(f);
	return run;
}

static void render_one(const char *run, const char *target, const char *out, struct csv_table *t)
{
	char err[1024], path[512];
	struct render_ctx c;
	if (render_open(&c, repo_path("."), run, NULL, out, err, sizeof(err)) != 0 ||
	    render_target(&c, target, err, sizeof(err)) != 0)
		fail_msg("%s: %s", target, err);
	render_close(&c);
	snprintf(path, sizeof(path), "%s/%s.csv", out, target);
	if (csv_table_read(path, t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
}

static long row_of(const struct csv_table *t, const char *col, const char *v, const char *col2, const char *v2)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (!strcmp(csv_table_get(t, r, col), v) && (!col2 || !strcmp(csv_table_get(t, r, col2), v2)))
			return (long)r;
	fail_msg("no row %s=%s", col, v);
	return -1;
}

static double num(const struct csv_table *t, long r, const char *col)
{
	return strtod(csv_table_get(t, (size_t)r, col), NULL);
}

static void test_table1(void **state)
{
	(void)state;
	struct csv_table t;
	render_one(fermi_run(), "fermi-table1", temp_dir(), &t);
	long r = row_of(&t, "quantity", "dp_fma", NULL, NULL);
	assert_true(num(&t, r, "c2050") == 506.1 && num(&t, r, "measured") == 1012.2);
	assert_true(fabs(num(&t, r, "ratio_c2050") - 2.0) < 1e-9);
	r = row_of(&t, "quantity", "dram_bandwidth", "kind", "measured");
	assert_true(fabs(num(&t, r, "ratio_c2050") - 10.0) < 1e-9);
	assert_true(num(&t, r, "harness_ceiling") > 0);    /* the fixture's dram_copy_bandwidth */
	/* the H100 fixture's datasheet row, through data/hw/gpu-names.csv */
	r = row_of(&t, "quantity", "dp_peak", NULL, NULL);
	assert_true(num(&t, r, "datasheet") == 34000);
	assert_true(fabs(num(&t, r, "ratio_c2050") - 34000 / 515.2) < 1e-6);
	r = row_of(&t, "quantity", "multiprocessors", NULL, NULL);
	assert_true(num(&t, r, "datasheet") == 132);          /* meta.csv's sm_count */
	csv_table_free(&t);
}

static void test_figure4_and_8(void **state)
{
	(void)state;
	char err[256];
	struct csv_table t, lh, run;
	const char *out = temp_dir();
	/* Figure 4: the curve as measured, in ms */
	render_one(repo_path("tests/fixtures/run-small"), "fermi-figure4", out, &t);
	assert_int_equal(csv_table_read(repo_path("tests/fixtures/run-small/latency-hiding.csv"), &lh, err, sizeof(err)), 0);
	assert_int_equal(t.nrows, lh.nrows);
	assert_true(fabs(num(&t, 5, "time_ms") - 1e3 * num(&lh, 5, "time_s")) < 1e-9);
	csv_table_free(&lh);
	csv_table_free(&t);
	/* Figure 8: GLUPS is the run's GStencil/s; classes and pitch of the harness's layout */
	render_one(repo_path("tests/fixtures/run-small"), "fermi-figure8", out, &t);
	assert_int_equal(csv_table_read(repo_path("tests/fixtures/run-small/fermi-figure8.csv"), &run, err, sizeof(err)), 0);
	long r = row_of(&t, "method", "wavefront", "size", "64x64x64");
	long q = row_of(&run, "method", "wavefront", "size", "64x64x64");
	assert_string_equal(csv_table_get(&t, (size_t)r, "dtype"), csv_table_get(&run, (size_t)q, "dtype"));
	assert_true(num(&t, r, "glups") == num(&run, q, "gstencil_per_s"));
	assert_true(num(&t, r, "pow2") == 1 && num(&t, r, "fusion") == 2);
	r = row_of(&t, "method", "plane-sweep", "size", "480x480x480");
	assert_string_equal(csv_table_get(&t, (size_t)r, "status"), "not run");
	assert_true(num(&t, r, "pitch_pow2") == (!strcmp(csv_table_get(&t, (size_t)r, "dtype"), "fp64")));
	csv_table_free(&run);
	csv_table_free(&t);
}

static void test_workload_list(void **state)
{
	(void)state;
	char err[512];
	struct workload_config *c;
	size_t n;
	assert_int_equal(workload_parse_size("2^20"), 1L << 20);
	assert_int_equal(workload_parse_size("100003"), 100003);
	assert_int_equal(workload_parse_size("2^"), -1);
	assert_int_equal(workload_parse_size("12x"), -1);
	assert_int_equal(workload_parse_size("0"), -1);
	/* each workload's CUDA-core and tensor-core methods (the workload table's) */
	const char *scc = workload_method_on("scale", UNIT_CC), *stc = workload_method_on("scale", UNIT_TC);
	const char *pcc = workload_method_on("spmv", UNIT_CC), *ptc = workload_method_on("spmv", UNIT_TC);
	char list[512];
	assert_true(scc && stc && pcc && ptc);
	snprintf(list, sizeof(list), "# a list\nworkload,dtype,method,size,label\nscale,fp64,%s,2^16,\n"
		 "scale,fp64,%s:m16n8k8,65536,x\n", scc, stc);
	const char *ok = write_temp(list, 0);
	assert_true(workload_is_list(ok));
	assert_int_equal(workload_read(ok, &c, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 2);
	assert_int_equal(c[0].n, 65536);
	assert_string_equal(c[1].method, stc);
	assert_string_equal(c[1].option, "m16n8k8");
	assert_string_equal(c[1].label, "x");
	free(c);
	/* bad rows name file, line and value */
	static const struct {
		const char *row, *says;
	} bad[] = {
		{ "scale,fp64,scale-dmma:m8n8k8,2^16,", "unknown method 'scale-dmma:m8n8k8'" },
		{ "scale,fp64,naive,2^16,", "unknown method 'naive'" },
		{ "scale,fp65,scale-cc,2^16,", "unknown dtype 'fp65'" },
		{ "scal,fp64,scale-cc,2^16,", "unknown workload 'scal'" },
		{ "scale,fp64,scale-cc,2^x,", "bad size '2^x'" },
		{ "scale,fp32,scale-cc,2^16,", "SCALE runs fp64 only, not 'fp32'" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char text[256];
		snprintf(text, sizeof(text), "workload,dtype,method,size,label\n%s\n", bad[i].row);
		const char *p = write_temp(text, 1);
		assert_int_equal(workload_read(p, &c, &n, err, sizeof(err)), -1);
		if (!strstr(err, bad[i].says) || !strstr(err, ":2:"))
			fail_msg("%s: %s", bad[i].row, err);
	}
	const char *dup = write_temp("workload,dtype,method,size,label\nscale,fp64,scale-cc,2^16,\nscale,fp64,scale-cc,65536,\n", 2);
	assert_int_equal(workload_read(dup, &c, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "repeated"));
	/* SpMV rows: the matrix column, its rows checked, the matrix in the repeat key */
	snprintf(list, sizeof(list), "workload,dtype,method,size,matrix,label\nspmv,fp64,%s,256,poisson2d,\n"
		 "spmv,fp64,%s,256,banded,\nspmv,fp64,%s:preprocess,147,mm:lund_a,\n", ptc, ptc, pcc);
	const char *sp = write_temp(list, 3);
	assert_int_equal(workload_read(sp, &c, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 3);
	assert_string_equal(c[1].matrix, "banded");
	assert_string_equal(c[2].option, "preprocess");
	free(c);
	static const struct {
		const char *row, *says;
	} spbad[] = {
		{ "spmv,fp64,spmv-dasp,1000,poisson2d,", "not a perfect square" },
		{ "spmv,fp64,spmv-dasp,1000,,", "SpMV needs a matrix" },
		{ "spmv,fp64,spmv-dasp,1000,poisson4d,", "poisson4d" },
		{ "spmv,fp32,spmv-dasp,1024,banded,", "SpMV runs fp64 only, not 'fp32'" },
		{ "scale,fp64,scale-cc,1024,banded,", "SCALE takes no matrix, not 'banded'" },
		{ "spmv,fp64,scale-cc,1024,banded,", "unknown method 'scale-cc'" },
		{ "spmv,fp64,spmv-cusparse:alg2,1024,banded,", "unknown method 'spmv-cusparse:alg2'" },
	};
	for (size_t i = 0; i < sizeof(spbad) / sizeof(spbad[0]); i++) {
		char text[256];
		snprintf(text, sizeof(text), "workload,dtype,method,size,matrix,label\n%s\n", spbad[i].row);
		const char *p = write_temp(text, 4);
		assert_int_equal(workload_read(p, &c, &n, err, sizeof(err)), -1);
		if (!strstr(err, spbad[i].says) || !strstr(err, ":2:"))
			fail_msg("%s: %s", spbad[i].row, err);
	}
	/* the bytes and FLOPs every GB/s and GFLOP/s column uses */
	struct workload_config w = { 0 };
	w.kind = WL_SPMV;
	assert_near(workload_bytes(&w, 10, 10, 50), 8.0 * 70 + 4.0 * 50 + 4.0 * 11, 0);
	assert_near(workload_flops(&w, 50), 100, 0);
	w.kind = WL_SCALE, w.n = 1000;
	assert_near(workload_bytes(&w, 0, 0, 0), 16000, 0);
	assert_near(workload_flops(&w, 0), 1000, 0);
	/* a stencil list is not a workload list */
	assert_false(workload_is_list(repo_path("experiments/tcs-table4.csv")));
}

void run_fermi_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_knee),
		cmocka_unit_test(test_width_class),
		cmocka_unit_test(test_table1),
		cmocka_unit_test(test_figure4_and_8),
		cmocka_unit_test(test_workload_list),
	};
	RUN_GROUP(r, "fermi", tests);
}
