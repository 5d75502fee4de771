/*
 * test_warmup.c - the warm-up study (make warmup-study, no paper item) rendered: the committed
 * lists load as the study reads them (one row a kernel and warm-up); on a synthetic run
 * (tests/fixtures/run-warmup: the reference run's rows of each kernel with the contract's new
 * columns, rates scaled by a ramp from an idle GPU) each kernel's rate relative to its longest
 * warm-up's is its rows' ratio and the absolute columns are its rows'; the study's claims hold there
 * and fail, naming the kernel and by how much, on a copy with one kernel slowed; without the study
 * they are not measured; a run row that does not match its list row stops the target; and the
 * figure draws with and without a run.
 */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"
#include "sanity.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvio.h"
#include "render.h"

static const char study[] = "warmup-study";

/* the study's fixture run, or a fresh copy of it to edit */
static const char *fixture(int copy)
{
	char cmd[1024];
	if (!copy)
		return repo_path("tests/fixtures/run-warmup");
	const char *run = temp_dir();
	snprintf(cmd, sizeof(cmd), "cp %s/* %s/", repo_path("tests/fixtures/run-warmup"), run);
	assert_int_equal(system(cmd), 0);
	return run;
}

static struct csv_table read_csv(const char *dir, const char *name)
{
	char path[700], err[512];
	struct csv_table t;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	return t;
}

/* the rendered row of kernel name, or -1 */
static long kernel_row(const struct csv_table *t, const char *name)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (!strcmp(csv_table_get(t, r, "kernel"), name))
			return (long)r;
	return -1;
}

static double num(const struct csv_table *t, long r, const char *col)
{
	const char *v = r >= 0 ? csv_table_get(t, (size_t)r, col) : NULL;
	if (!v)
		fail_msg("no column %s (row %ld)", col, r);
	return strcmp(v, "NA") ? strtod(v, NULL) : NAN;
}

/* a run row's label "KERNEL W s" split into the kernel and W; 0, or -1 when it is not so */
static int split_label(const char *label, char *kernel, size_t len, char *w, size_t wlen)
{
	const size_t n = strlen(label);
	const char *sp = n > 2 && !strcmp(label + n - 2, " s") ? label + n - 2 : NULL;
	const char *at = sp ? sp - 1 : NULL;
	while (at && at > label && at[-1] != ' ')
		at--;
	if (!at || at == label)
		return -1;
	snprintf(kernel, len, "%.*s", (int)(at - label - 1), label);
	snprintf(w, wlen, "%.*s", (int)(sp - at), at);
	return 0;
}

/* The committed lists as the study reads them: rendered without a run, one row a kernel, each with
 * a row at every warm-up of the lists (their warmup_s) and none measured; each label names its kernel
 * and warm-up; the figure's variables name the warm-ups and the kernels' count. */
static void test_warmup_lists(void **state)
{
	(void)state;
	struct csv_table out;
	const char *dir = temp_dir();
	render_fixture_dir(NULL, study, dir, &out);
	size_t rows = 0;
	char kernel[96], w[32], col[48];
	static const char *const lists[] = { "experiments/warmup-study.csv", "experiments/warmup-study-spmv.csv" };
	for (size_t i = 0; i < 2; i++) {
		struct csv_table l = read_csv(repo_path("."), lists[i]);
		for (size_t r = 0; r < l.nrows; r++, rows++) {
			if (split_label(csv_table_get(&l, r, "label"), kernel, sizeof(kernel), w, sizeof(w)) != 0)
				fail_msg("%s: label '%s' is not 'KERNEL W s'", lists[i], csv_table_get(&l, r, "label"));
			assert_near(strtod(w, NULL), num(&l, (long)r, "warmup_s"), 1e-12);
			const long k = kernel_row(&out, kernel);
			if (k < 0)
				fail_msg("%s: kernel '%s' is no row of the study's table", lists[i], kernel);
			snprintf(col, sizeof(col), "rel_%ss", w);
			assert_true(isnan(num(&out, k, col)));
			assert_string_equal(csv_table_get(&out, (size_t)k, "status"), "not run");
		}
		csv_table_free(&l);
	}
	size_t listed = 0;
	for (size_t k = 0; k < out.nrows; k++)
		listed += (size_t)num(&out, (long)k, "rows");
	assert_int_equal(listed, rows);
	assert_int_equal(out.nrows * 8, rows);   /* eight warm-ups a kernel */
	char vars[64];
	snprintf(vars, sizeof(vars), "%s.vars", study);
	const char *v = slurp_file(dir, vars);
	assert_non_null(strstr(v, "warmups = '0.02 0.05 0.1 0.25 0.5 1 2 4'"));
	assert_non_null(strstr(v, "measured_run = 0"));
	csv_table_free(&out);
}

/* one fixture run CSV's rows against the rendered table: each kernel's rate at each warm-up over
 * its rate at the reference, and its SM clock, within 1e-9; the detail columns its rows' */
static void check_rel(const struct csv_table *out, const char *dir, const char *file, const char *rate_col)
{
	struct csv_table run = read_csv(dir, file);
	char kernel[96], w[32], ref_label[128], col[48];
	for (size_t r = 0; r < run.nrows; r++) {
		assert_int_equal(split_label(csv_table_get(&run, r, "label"), kernel, sizeof(kernel), w, sizeof(w)), 0);
		snprintf(ref_label, sizeof(ref_label), "%s 4 s", kernel);
		long ref = -1;
		for (size_t q = 0; q < run.nrows; q++)
			ref = strcmp(csv_table_get(&run, q, "label"), ref_label) ? ref : (long)q;
		const long k = kernel_row(out, kernel);
		assert_true(ref >= 0 && k >= 0);
		snprintf(col, sizeof(col), "rel_%ss", w);
		const double want = num(&run, (long)r, rate_col) / num(&run, ref, rate_col);
		if (!(fabs(num(out, k, col) - want) <= 1e-9))
			fail_msg("%s %s: %g, its rows give %g", kernel, col, num(out, k, col), want);
		snprintf(col, sizeof(col), "clock_%ss", w);
		assert_near(num(out, k, col), num(&run, (long)r, "sm_clock_median_mhz"), 1e-9);
		snprintf(col, sizeof(col), "power_%ss", w);
		if (csv_table_col(out, col) >= 0)
			assert_near(num(out, k, col), num(&run, (long)r, "power_median_w"), 1e-9);
	}
	csv_table_free(&run);
}

/* On the fixture run: every relative rate is its rows' ratio; pinned, the fixture's ramp (naive at
 * 0.02 s: 0.965, SpMV on the large matrix at 0.05 s: 0.982) and the absolute columns at 1 s */
static void test_warmup_relative(void **state)
{
	(void)state;
	struct csv_table out;
	const char *dir = temp_dir();
	render_fixture_dir(fixture(0), study, dir, &out);
	assert_int_equal(out.nrows, 11);
	check_rel(&out, fixture(0), "warmup-study.csv", "gstencil_per_s");
	check_rel(&out, fixture(0), "warmup-study-spmv.csv", "gbps");
	const long naive = kernel_row(&out, "naive box2d1r fp32 t=1");
	const long big = kernel_row(&out, "spmv-cusparse poisson2d 4194304");
	assert_near(num(&out, naive, "rel_0.02s"), 0.965, 1e-9);
	assert_near(num(&out, big, "rel_0.05s"), 0.982, 1e-9);
	assert_near(num(&out, naive, "rel_4s"), 1, 1e-12);
	assert_near(num(&out, naive, "clock_0.02s"), 1410, 1e-9);
	assert_near(num(&out, big, "power_1s"), 662, 1e-9);
	assert_string_equal(csv_table_get(&out, (size_t)naive, "status"), "verified");
	assert_string_equal(csv_table_get(&out, (size_t)big, "rate_unit"), "GB/s");
	/* energy per point-step: power x time over the points and steps (370 GStencil/s at 662 W) */
	assert_near(num(&out, naive, "energy_1s") * num(&out, naive, "rate_1s"), 662, 1e-3);
	char md[64];
	snprintf(md, sizeof(md), "%s.md", study);
	const char *text = slurp_file(dir, md);
	assert_non_null(strstr(text, "| naive box2d1r fp32 t=1 10240x10240 | 0.965 | 0.994 |"));
	assert_non_null(strstr(text, "after 4 s (the longest), every row after an idle pause of 2 s"));
	csv_table_free(&out);
}

/* the verdicts of the study's claims (data/paper/claims.csv's rows that read it), in its order,
 * rendered from run: their verdict and measured text into v and m, each found by its claim's id */
static size_t study_verdicts(const char *run, char v[2][64], char m[2][512], double value[2])
{
	struct csv_table claims = read_csv(repo_path("."), "data/paper/claims.csv"), out;
	render_fixture_dir(run, test_target_of_kind("verdicts"), temp_dir(), &out);
	size_t n = 0;
	for (size_t r = 0; r < claims.nrows && n < 2; r++) {
		if (strcmp(csv_table_get(&claims, r, "inputs"), study))
			continue;
		value[n] = num(&claims, (long)r, "value");
		for (size_t q = 0; q < out.nrows; q++)
			if (!strcmp(csv_table_get(&out, q, "id"), csv_table_get(&claims, r, "id"))) {
				snprintf(v[n], sizeof(v[0]), "%s", csv_table_get(&out, q, "verdict"));
				snprintf(m[n], sizeof(m[0]), "%s", csv_table_get(&out, q, "measured_text"));
			}
		n++;
	}
	csv_table_free(&claims);
	csv_table_free(&out);
	return n;
}

/* row `row` of run/file at factor times row ref's rate (column col) */
static void slow(const char *run, const char *file, long row, long ref, const char *col, double factor)
{
	char v[64];
	struct csv_table t = read_csv(run, file);
	snprintf(v, sizeof(v), "%.12g", num(&t, ref, col) * factor);
	csv_table_free(&t);
	edit(run, file, row, col, v, -1);
}

/* whether the file dir/name (read whole) holds needle */
static int file_has(const char *dir, const char *name, const char *needle)
{
	char path[800];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot read %s", path);
	size_t len = 0, cap = 1 << 16, n;
	char *b = malloc(cap + 1);
	while (b && (n = fread(b + len, 1, cap - len, f)) > 0)
		if ((len += n) == cap)
			b = realloc(b, (cap *= 2) + 1);
	fclose(f);
	assert_non_null(b);
	b[len] = '\0';
	const int has = strstr(b, needle) != NULL;
	free(b);
	return has;
}

/* The study's claims: both hold on the fixture (or lie within their recorded spread), each with its margin; on a copy with SCALE 5 %
 * slow at 0.05 s and naive 3 % slow at 1 s, each fails naming its kernel and by how much; on a run
 * without the study (run-small), not measured. */
static void test_warmup_claims(void **state)
{
	(void)state;
	char v[2][64], m[2][512];
	double value[2];
	assert_int_equal(study_verdicts(fixture(0), v, m, value), 2);
	/* the answer (decided, or within the spread data/hw/claim-spread.csv records for the claim:
	 * its replicas' worst kernels differ by points) and the margin, each pinned */
	for (int i = 0; i < 2; i++) {
		if (strcmp(v[i], "holds") && strcmp(v[i], "inconclusive: within spread"))
			fail_msg("claim at %g s: '%s'", value[i], v[i]);
		if (!strstr(m[i], "points inside 2 %"))
			fail_msg("claim at %g s: no margin in '%s'", value[i], m[i]);
	}
	assert_non_null(strstr(m[value[0] < value[1] ? 0 : 1], "1.80 % (spmv-cusparse poisson2d 4194304); margin: 0.20"));
	const char *run = fixture(1);
	/* rows in list order, eight a kernel from 0.02 s to 4 s: naive at 1 s is row 5 (its 4 s row 7),
	 * SCALE at 0.05 s row 1 of the workloads (its 4 s row 7) */
	slow(run, "warmup-study.csv", 5, 7, "gstencil_per_s", 0.97);
	slow(run, "warmup-study-spmv.csv", 1, 7, "gbps", 0.95);
	assert_int_equal(study_verdicts(run, v, m, value), 2);
	for (int i = 0; i < 2; i++) {
		if (strcmp(v[i], "does not hold") && strcmp(v[i], "inconclusive: within spread"))
			fail_msg("claim at %g s: '%s'", value[i], v[i]);
		const char *want = value[i] < 0.5 ? "beyond 2 %: scale-dmma 2^28 -5.00 % (1 of 11 kernels); margin: 3.00 "
						    "points beyond"
						  : "beyond 2 %: naive box2d1r fp32 t=1 -3.00 % (1 of 11 kernels); margin: 1.00 "
						    "points beyond";
		if (!strstr(m[i], want))
			fail_msg("claim at %g s: '%s' lacks '%s'", value[i], m[i], want);
	}
	assert_int_equal(study_verdicts(repo_path("tests/fixtures/run-small"), v, m, value), 2);
	assert_string_equal(v[0], "not measured");
	assert_string_equal(v[1], "not measured");
}

/* A run row is the row of its list that its label names, with that row's configuration and
 * warm-up, once; else the target stops naming FILE:LINE. */
static void test_warmup_bad_rows(void **state)
{
	(void)state;
	static const struct { long row; const char *col, *val; int dup; const char *what; } bad[] = {
		{ 2, "warmup_asked_s", "0.2", 0, ":4: warmup_asked_s '0.2' is not its list row's warmup_s 0.1" },
		{ 0, "label", "naive box2d1r fp32 t=1 3 s", 0, ":2: label 'naive box2d1r fp32 t=1 3 s' names no row" },
		{ 9, "fusion", "5", 0, ":11: label 'ebisu box2d1r fp64 t=3 0.05 s' is box2d1r fp64 ebisu 5" },
		{ 3, NULL, NULL, 1, ":66: label 'naive box2d1r fp32 t=1 0.25 s' given twice (line 5)" },
		{ 7, "gstencil_per_s", "0", 0, ":9: status ok but gstencil_per_s '0' is not a positive finite rate" },
	};
	char err[1024], want[700];
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *run = fixture(1), *out = temp_dir();
		edit(run, "warmup-study.csv", bad[i].dup ? -1 : bad[i].row, bad[i].col, bad[i].val, bad[i].dup ? bad[i].row : -1);
		assert_int_equal(render(run, out, study, err, sizeof(err)), -1);
		snprintf(want, sizeof(want), "%s/warmup-study.csv%s", run, bad[i].what);
		if (!strstr(err, want))
			fail_msg("got '%s', want '%s'", err, want);
		assert_no_temp(out);
	}
}

/* The figure draws from the fixture run (its kernels in the key) and without a run (saying so). */
static void test_warmup_figure(void **state)
{
	(void)state;
	if (!have_gnuplot())
		test_skip("gnuplot is not installed: no figure drawn");
	char assign[1200], base[700], log[4096], path[80];
	for (int with_run = 0; with_run < 2; with_run++) {
		struct csv_table out;
		const char *dir = temp_dir();
		render_fixture_dir(with_run ? fixture(0) : NULL, study, dir, &out);
		csv_table_free(&out);
		snprintf(assign, sizeof(assign), "data='%s/%s.csv'; load '%s/%s.vars'", dir, study, dir, study);
		snprintf(base, sizeof(base), "%s/%s", dir, study);
		if (run_gnuplot(study, assign, base, log, sizeof(log)) != 0)
			fail_msg("plots/gp/%s.gp drew nothing (%s): %s", study, with_run ? "run" : "no run", log);
		snprintf(path, sizeof(path), "%s.svg", study);
		assert_int_equal(file_has(dir, path, "no measured run: no points"), !with_run);
		assert_int_equal(file_has(dir, path, "spider:wgmma box2d1r tf32 t=7"), with_run);
	}
}

void run_warmup_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_warmup_lists),
		cmocka_unit_test(test_warmup_relative),
		cmocka_unit_test(test_warmup_claims),
		cmocka_unit_test(test_warmup_bad_rows),
		cmocka_unit_test(test_warmup_figure),
	};
	RUN_GROUP(r, "warmup", tests);
}
