/*
 * test_run_rows.c - a run's rows and ceilings are checked before any is used (tests/test_sanity.c
 * has the rest of the renderer's distrust; tests/sanity.h the helpers they share): a run row whose
 * configuration does not parse, whose status the runner never writes, or (ok) whose time or rate
 * is not positive and finite fails every target that reads it with FILE:LINE, its outputs left as
 * they were; so does a ceiling not under twice the GPU's datasheet value, naming the quantity and
 * the bound.
 */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"
#include "sanity.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csvio.h"
#include "records.h"
#include "render.h"

/* A run row is checked whatever its status before any is used: a configuration key that does not
 * parse (else the row matched no configuration and the table said "not run"), a status the runner
 * never writes, and, in an ok row, a time or rate that is not a positive finite number, each fail
 * with FILE:LINE and the bad value, the earlier outputs left as they were; stencil rows
 * (plots/records/target.c), workload rows (nongemm's SCALE and SpMV) and latency-hiding.csv alike. A skipped
 * row's NA is no error. */
static void test_bad_run_rows(void **state)
{
	(void)state;
	static const struct { const char *file; long row; const char *col, *val; int line; const char *what; } bad[] = {
		{ "tcs-table3.csv", 0, "fusion", "abc", 2, "bad fusion 'abc'" },
		{ "tcs-table3.csv", 1, "method", "magic", 3, "unknown method 'magic'" },
		{ "tcs-table3.csv", 0, "method", "ebisu:k9", 2, "unknown method 'ebisu:k9' (ebisu has no variant 'k9')" },
		{ "tcs-table3.csv", 0, "size", "0x0", 2, "bad size '0x0'" },
		{ "tcs-table3.csv", 0, "size", "big", 2, "bad size 'big'" },
		{ "tcs-table3.csv", 0, "stencil", "box9d1r", 2, "unknown stencil 'box9d1r'" },
		{ "tcs-table3.csv", 0, "dtype", "fp8", 2, "unknown dtype 'fp8'" },
		{ "tcs-table3.csv", 2, "status", "weird", 4,
		  "status 'weird' is none of the runner's (ok, wrong, skipped, profile-once)" },
		{ "tcs-table3.csv", 0, "status", "", 2, "status '' is none of the runner's" },
		{ "tcs-table3.csv", 0, "time_median_s", "NaN", 2,
		  "status ok but time_median_s 'NaN' is not a positive finite time" },
		{ "tcs-table3.csv", 0, "time_median_s", "0", 2, "time_median_s '0' is not a positive finite time" },
		{ "tcs-table3.csv", 0, "time_median_s", "-1e-3", 2, "time_median_s '-1e-3' is not" },
		{ "tcs-table3.csv", 0, "gstencil_per_s", "nan", 2, "gstencil_per_s 'nan' is not a positive finite rate" },
		{ "nongemm-figure7-stencils.csv", 0, "orig_time_cold_s", "inf", 2,
		  "orig_time_cold_s 'inf' is not a positive finite time" },
		{ "nongemm-figure7.csv", 0, "method", "scale-cc:fast", 2, "unknown method 'scale-cc:fast'" },
		{ "nongemm-figure7.csv", 0, "size", "0", 2, "bad size '0'" },
		{ "nongemm-figure8.csv", 0, "matrix", "nosuch", 2, "matrix 'nosuch'" },
		{ "nongemm-figure8.csv", 0, "status", "OK", 2, "status 'OK' is none of the runner's" },
		{ "nongemm-figure8.csv", 0, "time_median_s", "NA", 2,
		  "status ok but time_median_s 'NA' is not a positive finite time" },
		{ "nongemm-figure8.csv", 0, "orig_time_warm_s", "0", 2, "orig_time_warm_s '0' is not" },
		{ "nongemm-figure8.csv", 0, "preprocess_s", "-2e-6", 2, "preprocess_s '-2e-6' is not" },
		{ "nongemm-figure6.csv", 0, "gbps", "inf", 2, "gbps 'inf' is not a positive finite rate" },
		{ "latency-hiding.csv", 1, "time_s", "0", 3, "time_s '0' is not a positive finite time" },
		{ "latency-hiding.csv", 1, "bandwidth_gbps", "NA", 3, "column bandwidth_gbps: bad number 'NA'" },
		{ "latency-hiding.csv", 0, "gflop_per_s", "-1", 2, "gflop_per_s '-1' is not a non-negative" },
	};
	char err[1024], want[600], path[600];
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *run = fixture_copy(), *out = temp_dir();
		char cmd[1200];
		/* a latency-hiding.csv with fermi Figure 5b's columns (the fixture's is older) */
		snprintf(cmd, sizeof(cmd), "cp %s %s/", repo_path("tests/fixtures/run-older-protocol/latency-hiding.csv"), run);
		assert_int_equal(system(cmd), 0);
		/* the targets that read the file (experiments/targets.csv): each renders before the edit;
		 * after it one at least fails naming the row, and each that fails leaves its outputs */
		const char *readers[48], *file[1] = { bad[i].file };
		char *before[48];
		const size_t nr = readers_of(file, 1, readers, 48);
		int failed = 0;
		assert_true(nr > 0);
		for (size_t k = 0; k < nr; k++) {
			if (render(run, out, readers[k], err, sizeof(err)) != 0)
				fail_msg("%s before the edit: %s", readers[k], err);
			snprintf(path, sizeof(path), "%s.md", readers[k]);
			before[k] = strdup(slurp_file(out, path));
		}
		edit(run, bad[i].file, bad[i].row, bad[i].col, bad[i].val, -1);
		snprintf(want, sizeof(want), "%s/%s:%d: ", run, bad[i].file, bad[i].line);
		for (size_t k = 0; k < nr; k++) {
			if (render(run, out, readers[k], err, sizeof(err)) == 0)
				continue;
			if (strncmp(err, want, strlen(want)) || !strstr(err, bad[i].what))
				fail_msg("%s %s='%s': %s got '%s' (want '%s...%s')", bad[i].file, bad[i].col, bad[i].val,
					 readers[k], err, want, bad[i].what);
			snprintf(path, sizeof(path), "%s.md", readers[k]);
			assert_string_equal(slurp_file(out, path), before[k]);
			failed++;
		}
		if (!failed)
			fail_msg("%s %s='%s': no target that reads it failed", bad[i].file, bad[i].col, bad[i].val);
		assert_no_temp(out);
		for (size_t k = 0; k < nr; k++)
			free(before[k]);
	}
	/* a skipped row carries NA times and rates; a wrong one's are never read */
	const char *run = fixture_copy(), *out = temp_dir();
	edit(run, "tcs-table3.csv", 0, "status", "skipped", -1);
	edit(run, "tcs-table3.csv", 0, "gstencil_per_s", "NA", -1);
	edit(run, "tcs-table3.csv", 0, "time_median_s", "NA", -1);
	edit(run, "tcs-table3.csv", 1, "status", "wrong", -1);
	edit(run, "tcs-table3.csv", 1, "time_median_s", "-1", -1);
	edit(run, "nongemm-figure8.csv", 0, "status", "skipped", -1);
	edit(run, "nongemm-figure8.csv", 0, "time_median_s", "NA", -1);
	edit(run, "nongemm-figure8.csv", 0, "gbps", "NA", -1);
	/* the targets of the two lists edited (each list's own: the target it is named after) */
	static const char *const edited[] = { "tcs-table3.csv", "nongemm-figure8.csv" };
	char own[2][64];
	const char *targets[2];
	for (int i = 0; i < 2; i++)
		snprintf(own[i], sizeof(own[i]), "%.*s", (int)(strlen(edited[i]) - 4), edited[i]), targets[i] = own[i];
	render_each(run, out, targets, 2);
	assert_non_null(strstr(slurp_file(out, "tcs-table3.md"), "| skipped |"));
}

/* Ceilings within physical bounds: under twice the datasheet of the run's GPU (the fixture's: an
 * H100 SXM) for the same quantity, a wgmma rate under its tensor-core datasheet value, positive
 * and finite everywhere; a copy bandwidth of 1e308 flipped tcs case 1's scenario. The error names
 * FILE:LINE, the quantity and the bound; the run's own and each GPU's gpus/SLUG/ceilings.csv. */
static void test_ceiling_bounds(void **state)
{
	(void)state;
	static const struct { long row; const char *val; int line; const char *what; } bad[] = {
		{ 0, "1e308", 2, "quantity dram_copy_bandwidth: 1e+308 GB/s is not under 6700 GB/s, twice the H100-SXM "
				 "datasheet's dram_copy_bandwidth (3350 GB/s, data/hw/gpus.csv)" },
		{ 0, "6700", 2, "quantity dram_copy_bandwidth: 6700 GB/s is not under 6700 GB/s" },
		{ 4, "1e9", 6, "quantity fp64_fma: 1e+09 TFLOP/s is not under 68 TFLOP/s" },
		{ 7, "135", 9, "quantity tc_fp64_mma_m8n8k4: 135 TFLOP/s is not under 134 TFLOP/s, twice the H100-SXM "
			       "datasheet's tc_fp64 (67 TFLOP/s" },
		{ -1, "wgmma_tf32", 0, "quantity wgmma_tf32: 1000 TFLOP/s is not under 989 TFLOP/s, twice the H100-SXM "
				       "datasheet's tc_tf32" },
		{ 1, "0", 3, "value must be positive" },
		{ 1, "-5", 3, "value must be positive" },
		{ 1, "inf", 3, "bad number 'inf'" },
	};
	char err[1024], want[600], path[600];
	struct csv_table t;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *run = fixture_copy(), *out = temp_dir();
		long row = bad[i].row;
		int line = bad[i].line;
		if (row < 0) {   /* a row the fixture lacks: a copy of row 0 named and valued */
			edit(run, "ceilings.csv", -1, NULL, NULL, 0);
			snprintf(path, sizeof(path), "%s/ceilings.csv", run);
			assert_int_equal(csv_table_read(path, &t, err, sizeof(err)), 0);
			row = (long)t.nrows - 1;
			line = (int)t.lines[row];
			csv_table_free(&t);
			edit(run, "ceilings.csv", row, "quantity", bad[i].val, -1);
			edit(run, "ceilings.csv", row, "unit", "TFLOP/s", -1);
			edit(run, "ceilings.csv", row, "value", "1000", -1);
		} else {
			edit(run, "ceilings.csv", row, "value", bad[i].val, -1);
		}
		struct render_ctx c;
		snprintf(want, sizeof(want), "%s/ceilings.csv:%d: ", run, line);
		if (render_open(&c, repo_path("."), run, NULL, out, err, sizeof(err)) != -1 ||
		    strncmp(err, want, strlen(want)) || !strstr(err, bad[i].what))
			fail_msg("ceilings %s: got '%s' (want '%s...%s')", bad[i].val, err, want, bad[i].what);
		/* the CLI: one line, no output */
		const char *a[] = { "tcs-table3", "--run", run, "--outdir", out, "--root", repo_path("."), NULL };
		char o[256], e[2048];
		assert_int_equal(run_tool("stencil-render", a, o, sizeof(o), e, sizeof(e)), 1);
		if (!strstr(e, want) || strchr(e, '\n') != e + strlen(e) - 1)
			fail_msg("stencil-render: '%s'", e);
		snprintf(path, sizeof(path), "%s/tcs-table3.csv", out);
		assert_int_equal(access(path, F_OK), -1);
	}
	/* just under twice, and a ceiling the datasheet has no value for, load */
	const char *run = fixture_copy(), *out = temp_dir();
	edit(run, "ceilings.csv", 0, "value", "6699", -1);
	edit(run, "ceilings.csv", 2, "value", "1e6", -1);   /* l2_read_bandwidth: no datasheet row */
	struct render_ctx c;
	if (render_open(&c, repo_path("."), run, NULL, out, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	render_close(&c);
	/* a GPU's own ceilings (a run on several GPUs) are held to the same bound */
	char cmd[1200];
	snprintf(cmd, sizeof(cmd), "sed -n 2p %s/meta.csv | sed 's/GPU-697b98ae/GPU-bbbbbbbb/' >> %s/meta.csv && "
		 "mkdir -p %s/gpus/h100-bbbbbbbb-2026-01-01 && awk -F, -v OFS=, '$1 == \"dram_copy_bandwidth\" "
		 "{ $2 = 7000 } 1' %s/ceilings.csv > %s/gpus/h100-bbbbbbbb-2026-01-01/ceilings.csv", run, run, run, run, run);
	assert_int_equal(system(cmd), 0);
	snprintf(want, sizeof(want), "%s/gpus/h100-bbbbbbbb-2026-01-01/ceilings.csv:2: quantity dram_copy_bandwidth: "
		 "7000 GB/s is not under 6700 GB/s", run);
	assert_int_equal(render_open(&c, repo_path("."), run, NULL, out, err, sizeof(err)), -1);
	if (!strstr(err, want))
		fail_msg("a GPU's ceilings: '%s'", err);
}

/* a normal deviate (Box-Muller on a fixed linear congruential sequence: the same run every time) */
static double normal(unsigned long long *st)
{
	double u[2];
	for (int k = 0; k < 2; k++) {
		*st = *st * 6364136223846793005ULL + 1442695040888963407ULL;
		u[k] = ((double)(*st >> 11) + 0.5) / 9007199254740992.0;
	}
	return sqrt(-2 * log(u[0])) * cos(2 * 3.14159265358979323846 * u[1]);
}

/* The variance components come back from a synthetic run of known ones (plots/records/design.c):
 * 600 configurations in 100 blocks of 6 (the list's block rule: label-head), two invocations on four
 * GPUs (invocation 1: replicas 1 and 2, a block's on GPUs b and b + 1 of four; invocation 2: replica
 * 3 on the first one's GPU again), log rate = mu + a(configuration, GPU) + u(block, GPU) +
 * b(invocation) + e, half the blocks power-capped (a 3 %, e 2 %), half at full clock (0.5 %, 0.4 %),
 * u 2 % for every block, the second invocation 2 % faster. Tolerances: each standard deviation of the
 * configurations' decomposition within 15 % of its own (at these counts a sample's error is under 6 %
 * for within and 12 % for between), the shift within 0.2 points; the blocks' row parts (a and e
 * together) within 10 % (400 pairs' residuals), the common shift within 25 % (200 pairs of block means,
 * about 12 % sampling error on its standard deviation, less the rows' share subtracted). */
static void test_design_components(void **state)
{
	(void)state;
	const char *run = temp_dir();
	char path[600], err[512];
	snprintf(path, sizeof(path), "%s/invocations.csv", run);
	put_file(path, "invocation,first_replica,replicas\n1,1,2\n2,3,1\n");
	snprintf(path, sizeof(path), "%s/targets.csv", run);
	put_file(path, "target,inputs,block\nsynthetic,synthetic,label-head\n");
	snprintf(path, sizeof(path), "%s/synthetic.csv", run);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "label,stencil,dtype,method,fusion,size,status,gstencil_per_s,gpu_uuid,replica,clock_reasons\n");
	unsigned long long st = 42;
	const double sg[2] = { 0.03, 0.005 }, sw[2] = { 0.02, 0.004 }, su = 0.02, shift = log(1.02);
	for (int blk = 0; blk < 100; blk++) {
		const int cap = blk % 2 == 0;
		const int gpu[3] = { blk % 4, (blk + 1) % 4, blk % 4 };
		double u[4];
		for (int g = 0; g < 4; g++)
			u[g] = su * normal(&st);
		for (int c = blk * 6; c < blk * 6 + 6; c++) {
			double a[4];
			for (int g = 0; g < 4; g++)
				a[g] = sg[!cap] * normal(&st);
			const double mu = log(100 + c);
			for (int k = 0; k < 3; k++)
				fprintf(f, "b%d c%d,box2d1r,fp64,naive,1,%dx%d,ok,%.9g,GPU-%c,%d,%s\n", blk, c, 64 + c, 64 + c,
					exp(mu + a[gpu[k]] + u[gpu[k]] + (k == 2 ? shift : 0) + sw[!cap] * normal(&st)),
					"ABCD"[gpu[k]], k + 1, cap ? "power_cap" : "none");
		}
	}
	fclose(f);
	struct rec_design d;
	if (rec_design(run, run, &d, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(d.rows, 1800);
	assert_int_equal(d.configs, 600);
	assert_int_equal(d.block_pairs, 200);
	for (int s = 0; s < 2; s++) {
		const struct rec_stratum *x = &d.s[s == 0 ? REC_STRATUM_CAPPED : REC_STRATUM_FULL];
		assert_int_equal(x->gpu_pairs, 300);
		assert_int_equal(x->inv_pairs, 300);
		if (!(fabs(sqrt(x->within) / sw[s] - 1) < 0.15 &&
		      fabs(sqrt(x->between_gpu) / sqrt(sg[s] * sg[s] + su * su) - 1) < 0.15 &&
		      fabs(x->shift - shift) < 0.002 &&
		      fabs(sqrt(d.all.row[s == 0 ? REC_STRATUM_CAPPED : REC_STRATUM_FULL]) / sqrt(sg[s] * sg[s] + sw[s] * sw[s]) - 1) < 0.10))
			fail_msg("stratum %d: within %.4f, between %.4f, shift %.4f, row %.4f", s, sqrt(x->within),
				 sqrt(x->between_gpu), x->shift, sqrt(d.all.row[s == 0 ? REC_STRATUM_CAPPED : REC_STRATUM_FULL]));
	}
	for (int s = 0; s < 2; s++)
		if (!(fabs(sqrt(d.all.common[s]) / su - 1) < 0.25))
			fail_msg("stratum %d: block shift %.4f, made with %.4f", s, sqrt(d.all.common[s]), su);
	assert_int_equal(d.s[REC_STRATUM_MIXED].gpu_pairs + d.s[REC_STRATUM_MIXED].inv_pairs, 0);
	/* without the rules each row is a block of its own: its differences are all the common part's */
	if (rec_design(run, NULL, &d, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(d.block_pairs, 1200);
	assert_true(isnan(d.all.row[REC_STRATUM_CAPPED]));
}

void run_run_rows_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bad_run_rows),
		cmocka_unit_test(test_ceiling_bounds),
		cmocka_unit_test(test_design_components),
	};
	RUN_GROUP(r, "run rows", tests);
}
