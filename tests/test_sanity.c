/*
 * test_sanity.c - the renderer trusts no row on its status alone: copies of the fixture run
 * (tests/fixtures/run-small) with one cell changed each, rendered exactly as render.h says.
 * An ok row with an impossible rate (negative, zero, 1e300, missing, above 1.05x the model) or a
 * verification error over its tolerance fails with "FILE:LINE:" and leaves the earlier outputs
 * as they were; a configuration twice in a run CSV, or a quantity twice in ceilings.csv, fails
 * naming both; a wrong or skipped row's rate is never shown nor used by a verdict; a throttled
 * row is marked in the tables, carried in the CSVs and named by the verdicts; titles name the
 * rows' commits and a dirty tree. Rows that do not parse and ceilings out of bounds are
 * tests/test_run_rows.c's, which shares the helpers here (tests/sanity.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"
#include "sanity.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csvio.h"
#include "experiment.h"
#include "method.h"
#include "render.h"

/* a fresh copy of the fixture run */
const char *fixture_copy(void)
{
	char cmd[1024];
	const char *run = temp_dir();
	snprintf(cmd, sizeof(cmd), "cp %s/* %s/", repo_path("tests/fixtures/run-small"), run);
	assert_int_equal(system(cmd), 0);
	return run;
}

/* set one cell of run/file (row counts data rows from 0; a new column is added, empty elsewhere);
 * dup >= 0 instead appends a copy of data row dup */
void edit(const char *run, const char *file, long row, const char *col, const char *val, long dup)
{
	char path[512], err[512];
	struct csv_table t;
	struct csv_writer w;
	snprintf(path, sizeof(path), "%s/%s", run, file);
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	int c = col ? csv_table_col(&t, col) : -1;
	const char *header[128];
	size_t n = t.ncols;
	for (size_t k = 0; k < n; k++)
		header[k] = t.header[k];
	if (col && c < 0)
		header[c = (int)n++] = col;
	assert_int_equal(csv_writer_open(&w, path, header, n), 0);
	for (size_t r = 0; r < t.nrows + (dup >= 0); r++) {
		size_t src = r < t.nrows ? r : (size_t)dup;
		for (size_t k = 0; k < n; k++)
			csv_put_str(&w, col && (long)r == row && (int)k == c ? val : k < t.ncols ? t.cells[src][k] : "");
		csv_end_row(&w);
	}
	assert_int_equal(csv_writer_close(&w), 0);
	csv_table_free(&t);
}

char *slurp_file(const char *dir, const char *name)
{
	char path[512];
	static char buf[4][1 << 16];
	static int k;
	char *b = buf[k++ % 4];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot read %s", path);
	size_t n = fread(b, 1, sizeof(buf[0]) - 1, f);
	b[n] = '\0';
	fclose(f);
	return b;
}

int render(const char *run, const char *out, const char *target, char *err, size_t errlen)
{
	struct render_ctx c;
	if (render_open(&c, repo_path("."), run, NULL, out, err, errlen) != 0)
		return -2;
	int rc = render_target(&c, target, err, errlen);
	render_close(&c);
	return rc;
}

/* render each of targets from run into out; a failure fails the test, naming the target */
void render_each(const char *run, const char *out, const char *const *targets, size_t n)
{
	char err[1024];
	for (size_t i = 0; i < n; i++)
		if (render(run, out, targets[i], err, sizeof(err)) != 0)
			fail_msg("%s: %s", targets[i], err);
}

/* the rendered targets that read any of the run CSVs files (LIST.csv), each once, in the target
 * table's order (test_list_readers): how many, at most max into out */
size_t readers_of(const char *const *files, size_t nf, const char **out, size_t max)
{
	size_t nt, n = 0;
	const struct target_spec *ts = test_targets(&nt);
	for (size_t i = 0; i < nt; i++)
		for (size_t f = 0; f < nf && n < max; f++) {
			char list[64];
			const char *r[48];
			snprintf(list, sizeof(list), "%.*s", (int)(strlen(files[f]) - 4), files[f]);
			const size_t k = test_list_readers(list, r, 48);
			int reads = 0;
			for (size_t j = 0; j < k; j++)
				reads |= !strcmp(r[j], ts[i].name);
			if (reads) {
				out[n++] = ts[i].name;
				break;
			}
		}
	return n;
}

/* read the rendered out/name into t (the test fails when it cannot) */
static void read_out(const char *out, const char *name, struct csv_table *t)
{
	char path[512], err[512];
	snprintf(path, sizeof(path), "%s/%s", out, name);
	if (csv_table_read(path, t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
}

/* no temporary file left behind in dir */
void assert_no_temp(const char *dir)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	for (struct dirent *e; (e = readdir(d));)
		if (strstr(e->d_name, ".tmp"))
			fail_msg("%s/%s left behind", dir, e->d_name);
	closedir(d);
}

/* an ok row with an impossible number: FILE:LINE of that row, nothing written over */
static void test_impossible_rows(void **state)
{
	(void)state;
	const char *verdicts = test_target_of_kind("verdicts");
	static const struct { const char *col, *val, *what; } bad[] = {
		{ "gstencil_per_s", "-448.8", "not a positive finite rate" },
		{ "gstencil_per_s", "0", "not a positive finite rate" },
		{ "gstencil_per_s", "1e300", "above 1.05x the model" },
		{ "gstencil_per_s", "NA", "not a positive finite rate" },
		{ "gstencil_per_s", "inf", "not a positive finite rate" },
		{ "gstencil_per_s", "560", "above 1.05x the model" },     /* model 531.7: 1.053x */
		{ "model_gstencil_per_s", "300", "above 1.05x the model" }, /* 388.6 over a 300 roof */
		{ "verify_rel_l2", "0.9", "verify_rel_l2 '0.9' exceeds verify_tol_l2" },
		{ "verify_max_rel", "2e-10", "verify_max_rel '2e-10' exceeds the harness's tolerance 1e-11" },
		{ "verify_rel_l2", "NA", "verify_rel_l2 'NA' is not comparable" },
		{ "verify_tol_max", "", "is not comparable with verify_tol_max" },
	};
	char err[1024], want[600];
	/* a row that loosens its own tolerance is held to the harness's for its dtype (fp64 here) */
	{
		const char *run = fixture_copy(), *out = temp_dir();
		edit(run, "tcs-table3.csv", 0, "verify_tol_l2", "1", -1);
		edit(run, "tcs-table3.csv", 0, "verify_rel_l2", "0.5", -1);
		assert_int_equal(render(run, out, "tcs-table3", err, sizeof(err)), -1);
		if (!strstr(err, "tcs-table3.csv:2: ") || !strstr(err, "exceeds the harness's tolerance 1e-12"))
			fail_msg("a loosened tolerance: got '%s'", err);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *run = fixture_copy(), *out = temp_dir();
		/* a good rendering first: the failed one must leave it as it was */
		assert_int_equal(render(run, out, "tcs-table3", err, sizeof(err)), 0);
		assert_int_equal(render(run, out, verdicts, err, sizeof(err)), 0);
		char *t3 = strdup(slurp_file(out, "tcs-table3.md")), *v = strdup(slurp_file(out, "verdicts.csv"));
		edit(run, "tcs-table3.csv", 0, bad[i].col, bad[i].val, -1);   /* case 1 cc, line 2 */
		snprintf(want, sizeof(want), "%s/tcs-table3.csv:2: ", run);
		for (int k = 0; k < 2; k++) {
			assert_int_equal(render(run, out, k ? verdicts : "tcs-table3", err, sizeof(err)), -1);
			if (strncmp(err, want, strlen(want)) || !strstr(err, bad[i].what))
				fail_msg("%s=%s: got '%s'", bad[i].col, bad[i].val, err);
		}
		assert_string_equal(slurp_file(out, "tcs-table3.md"), t3);
		assert_string_equal(slurp_file(out, "verdicts.csv"), v);
		assert_no_temp(out);
		free(t3);
		free(v);
	}
	/* without the runner's model column the renderer's own model (531.7 on these ceilings) judges */
	{
		const char *run = fixture_copy(), *out = temp_dir();
		edit(run, "tcs-table3.csv", 0, "model_gstencil_per_s", "NA", -1);
		edit(run, "tcs-table3.csv", 0, "gstencil_per_s", "600", -1);
		assert_int_equal(render(run, out, "tcs-table3", err, sizeof(err)), -1);
		snprintf(want, sizeof(want), "%s/tcs-table3.csv:2: status ok but gstencil_per_s 600 is above 1.05x "
			 "the model's 531.7 for box2d1r fp64 ebisu t=3 10240x10240", run);
		if (!strstr(err, want))
			fail_msg("%s", err);
		/* a row no experiment lists is checked too */
		run = fixture_copy();
		edit(run, "tcs-table3.csv", 2, "size", "512x512", -1);
		edit(run, "tcs-table3.csv", 2, "gstencil_per_s", "190", -1);   /* model 177.2 */
		assert_int_equal(render(run, out, "tcs-table3", err, sizeof(err)), -1);
		assert_non_null(strstr(err, "tcs-table3.csv:4: status ok but gstencil_per_s 190 is above 1.05x"));
	}
	/* at 1.04x the model the row is a result; the same rate on a wrong row is no error */
	const char *run = fixture_copy(), *out = temp_dir();
	edit(run, "tcs-table3.csv", 0, "gstencil_per_s", "553", -1);
	assert_int_equal(render(run, out, "tcs-table3", err, sizeof(err)), 0);
	edit(run, "tcs-table3.csv", 0, "gstencil_per_s", "1e300", -1);
	edit(run, "tcs-table3.csv", 0, "status", "wrong", -1);
	if (render(run, out, "tcs-table3", err, sizeof(err)) != 0)
		fail_msg("%s", err);
}

/* the stencil-render CLI: one line naming file and line, exit status not 0 */
static void test_impossible_row_cli(void **state)
{
	(void)state;
	char out[4096], err[4096], want[600];
	const char *run = fixture_copy(), *dir = temp_dir();
	edit(run, "tcs-table4.csv", 1, "gstencil_per_s", "-448.8", -1);   /* sparse, line 3 */
	const char *a[] = { "tcs-table4", "--run", run, "--outdir", dir, "--root", repo_path("."), NULL };
	assert_int_not_equal(run_tool("stencil-render", a, out, sizeof(out), err, sizeof(err)), 0);
	snprintf(want, sizeof(want), "%s/tcs-table4.csv:3: status ok but gstencil_per_s '-448.8'", run);
	if (!strstr(err, want))
		fail_msg("%s", err);
	assert_int_equal(strchr(err, '\n') - err + 1, (long)strlen(err));   /* one line */
	assert_no_temp(dir);
}

/* one configuration twice in a run CSV, one quantity twice in ceilings.csv */
static void test_duplicates(void **state)
{
	const char *verdicts = test_target_of_kind("verdicts");
	(void)state;
	char err[1024], want[600];
	const char *run = fixture_copy(), *out = temp_dir();
	edit(run, "tcs-table3.csv", -1, NULL, NULL, 0);   /* case 1 cc again, line 5 */
	assert_int_equal(render(run, out, "tcs-table3", err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s/tcs-table3.csv:5: configuration repeated (line 2) in one replica: box2d1r "
		 "fp64 ebisu 3 10240x10240", run);
	if (!strstr(err, want))
		fail_msg("%s", err);
	/* however the two rows' statuses differ: the first must not win silently */
	edit(run, "tcs-table3.csv", 0, "status", "wrong", -1);
	assert_int_equal(render(run, out, verdicts, err, sizeof(err)), -1);
	assert_non_null(strstr(err, want));
	/* a variant (METHOD:OPTION) is its own configuration; the same variant twice is not */
	run = fixture_copy();
	edit(run, "sptc-figure9.csv", -1, NULL, NULL, 0);
	edit(run, "sptc-figure9.csv", 3, "method", "convstencil:m16n8k8", -1);
	edit(run, "sptc-figure9.csv", 3, "dtype", "tf32", -1);
	if (render(run, out, "sptc-figure9", err, sizeof(err)) != 0)
		fail_msg("%s", err);
	edit(run, "sptc-figure9.csv", -1, NULL, NULL, 3);
	assert_int_equal(render(run, out, "sptc-figure9", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "sptc-figure9.csv:6: configuration repeated (line 5) in one replica: box1d1r tf32 "
				    "convstencil:m16n8k8"));
	/* ceilings: a second dram_copy_bandwidth (larger) is an error, not a silent maximum */
	run = fixture_copy();
	edit(run, "ceilings.csv", -1, NULL, NULL, 0);
	edit(run, "ceilings.csv", 18, "value", "9999", -1);
	struct render_ctx c;
	assert_int_equal(render_open(&c, repo_path("."), run, NULL, out, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s/ceilings.csv:", run);
	if (!strstr(err, want) || !strstr(err, "quantity dram_copy_bandwidth appears twice (also at line 2)"))
		fail_msg("%s", err);
	struct hw hw;
	snprintf(want, sizeof(want), "%s/ceilings.csv", run);
	assert_int_equal(hw_load_ceilings(&hw, want, err, sizeof(err)), -1);
}

/* a wrong or skipped row's rate is never tabled, plotted or used: with it let through, the
 * numbers chosen here would appear and flip the Table 4 verdict */
/* one key a measurement: a configuration's second row is another replica on another GPU (plots/records/runs.h),
 * and the table shows their median with their range; the same GPU twice, or one replica twice, is
 * refused; a replica chosen (render.h) renders that replica's row alone */
static void test_replicas(void **state)
{
	(void)state;
	char err[1024];
	const char *run = fixture_copy(), *out = temp_dir();
	edit(run, "tcs-table4.csv", -1, NULL, NULL, 0);   /* row 0 again, as the last row */
	struct csv_table t;
	char path[512];
	snprintf(path, sizeof(path), "%s/tcs-table4.csv", run);
	assert_int_equal(csv_table_read(path, &t, err, sizeof(err)), 0);
	const long last = (long)t.nrows - 1;
	const double rate = strtod(csv_table_get(&t, 0, "gstencil_per_s"), NULL);
	csv_table_free(&t);
	char faster[32];
	snprintf(faster, sizeof(faster), "%.6g", rate * 1.1);
	edit(run, "tcs-table4.csv", 0, "gpu_uuid", "GPU-aaaaaaaa-1", -1);
	edit(run, "tcs-table4.csv", last, "gpu_uuid", "GPU-aaaaaaaa-1", -1);
	edit(run, "tcs-table4.csv", last, "replica", "2", -1);
	assert_int_equal(render(run, out, "tcs-table4", err, sizeof(err)), -1);   /* one GPU, two replicas */
	assert_non_null(strstr(err, "configuration repeated (line 2) on one GPU"));
	edit(run, "tcs-table4.csv", last, "gpu_uuid", "GPU-bbbbbbbb-2", -1);
	edit(run, "tcs-table4.csv", last, "gstencil_per_s", faster, -1);
	if (render(run, out, "tcs-table4", err, sizeof(err)) != 0)
		fail_msg("%s", err);
	char lo[32], hi[32], med[64];
	snprintf(lo, sizeof(lo), "%.1f", rate), snprintf(hi, sizeof(hi), "%.1f", rate * 1.1);
	snprintf(med, sizeof(med), "%.1f [%s-%s]", rate * 1.05, lo, hi);
	if (!strstr(slurp_file(out, "tcs-table4.md"), med))
		fail_msg("no '%s' in\n%s", med, slurp_file(out, "tcs-table4.md"));
	edit(run, "tcs-table4.csv", last, "replica", "1", -1);   /* two GPUs, one replica */
	assert_int_equal(render(run, out, "tcs-table4", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "in one replica"));
}

/* a run of two invocations (make reference ADD=1): the second's rows beside the first's, keyed by
 * their replica, which invocations.csv places in an invocation; a configuration may then appear
 * once an invocation on one GPU, and the table shows the median of all its rows with their range;
 * without invocations.csv, or with both replicas in one invocation, one GPU twice is refused */
static void test_invocations(void **state)
{
	(void)state;
	char err[1024], path[512];
	const char *run = fixture_copy(), *out = temp_dir();
	edit(run, "tcs-table4.csv", -1, NULL, NULL, 0);   /* row 0 again, as the last row: invocation 2 */
	edit(run, "tcs-table4.csv", -1, NULL, NULL, 0);   /* and again: invocation 3 */
	struct csv_table t;
	snprintf(path, sizeof(path), "%s/tcs-table4.csv", run);
	assert_int_equal(csv_table_read(path, &t, err, sizeof(err)), 0);
	const long last = (long)t.nrows - 1;
	const double rate = strtod(csv_table_get(&t, 0, "gstencil_per_s"), NULL);
	csv_table_free(&t);
	char faster[32], slower[32];
	snprintf(faster, sizeof(faster), "%.6g", rate * 1.2);
	snprintf(slower, sizeof(slower), "%.6g", rate * 0.9);
	edit(run, "tcs-table4.csv", 0, "gpu_uuid", "GPU-aaaaaaaa-1", -1);
	edit(run, "tcs-table4.csv", last - 1, "gpu_uuid", "GPU-aaaaaaaa-1", -1);
	edit(run, "tcs-table4.csv", last - 1, "replica", "2", -1);
	edit(run, "tcs-table4.csv", last - 1, "gstencil_per_s", faster, -1);
	edit(run, "tcs-table4.csv", last, "gpu_uuid", "GPU-bbbbbbbb-2", -1);
	edit(run, "tcs-table4.csv", last, "replica", "3", -1);
	edit(run, "tcs-table4.csv", last, "gstencil_per_s", slower, -1);
	assert_int_equal(render(run, out, "tcs-table4", err, sizeof(err)), -1);   /* one invocation: refused */
	assert_non_null(strstr(err, "configuration repeated (line 2) on one GPU"));
	snprintf(path, sizeof(path), "%s/invocations.csv", run);
	put_file(path, "invocation,first_replica,replicas,gpus,started_utc\n1,1,1,0,20261127T000000Z\n"
		       "2,2,2,0 1,20261128T000000Z\n");
	if (render(run, out, "tcs-table4", err, sizeof(err)) != 0)   /* replicas 1 and 2 on one GPU: two invocations */
		fail_msg("%s", err);
	char med[96], lo[32], hi[32];
	snprintf(lo, sizeof(lo), "%.1f", rate * 0.9), snprintf(hi, sizeof(hi), "%.1f", rate * 1.2);
	snprintf(med, sizeof(med), "%.1f [%s-%s]", rate, lo, hi);   /* the median of three, their range */
	if (!strstr(slurp_file(out, "tcs-table4.md"), med))
		fail_msg("no '%s' in\n%s", med, slurp_file(out, "tcs-table4.md"));
	struct csv_table o;
	read_out(out, "tcs-table4.csv", &o);
	assert_string_equal(csv_table_get(&o, 0, "replicas"), "3");   /* every invocation's row kept */
	csv_table_free(&o);
	/* the same GPU twice within invocation 2 is refused; a replica named by two invocations too */
	edit(run, "tcs-table4.csv", last, "gpu_uuid", "GPU-aaaaaaaa-1", -1);
	assert_int_equal(render(run, out, "tcs-table4", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "on one GPU"));
	put_file(path, "invocation,first_replica,replicas\n1,1,2\n2,2,1\n");
	assert_int_equal(render(run, out, "tcs-table4", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "invocations.csv:3: replica 2 belongs to an earlier invocation too"));
}

/* a row's power and energy from the energy counter where the runner read it (counter_power_w and
 * energy_counter_nj_per_point_step), said in the footer; the sampled ones where it did not, said
 * once; the check over the kept samples against the warm-up's window */
static void test_counter_energy(void **state)
{
	(void)state;
	char err[1024];
	const char *run = fixture_copy(), *out = temp_dir();
	edit(run, "tcs-table4.csv", 0, "counter_power_w", "612.5", -1);
	edit(run, "tcs-table4.csv", 0, "energy_counter_nj_per_point_step", "1.234", -1);
	edit(run, "tcs-table4.csv", 0, "sampled_counter_power_w", "600.25", -1);   /* the check: 0.98 */
	edit(run, "tcs-table4.csv", 1, "power_median_w", "500", -1);   /* a row sampled, without the counter */
	if (render(run, out, "tcs-table4", err, sizeof(err)) != 0)
		fail_msg("%s", err);
	const char *md = slurp_file(out, "tcs-table4.md");
	assert_non_null(strstr(md, "612"));   /* (the power roof's note names the counter too: its own words below) */
	assert_non_null(strstr(md, "1.234"));
	assert_non_null(strstr(md, "the GPU's energy counter over the last 0.75 s of each row's own warm-up"));
	assert_non_null(strstr(md, "on the 1 row whose samples spanned 5 of its updates or more: its power over the "
			       "warm-up window's, median 0.980 (0.980-0.980)"));
	/* the other rows have the column but no counter: said once */
	const char *na = strstr(md, "energy counter: NA on rows");
	assert_non_null(na);
	assert_null(strstr(na + 1, "energy counter: NA on rows"));
	run = fixture_copy();
	if (render(run, out, "tcs-table4", err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_null(strstr(slurp_file(out, "tcs-table4.md"), "the GPU's energy counter over"));
	assert_null(strstr(slurp_file(out, "tcs-table4.md"), "energy counter: NA on rows"));
}

static void test_status_filter(void **state)
{
	(void)state;
	const char *run = fixture_copy(), *out = temp_dir();
	/* sparse 1300.25 / dense 421.7 = 3.08 >= 3.06 would hold; the model allows 2481 */
	edit(run, "tcs-table4.csv", 1, "gstencil_per_s", "1300.25", -1);
	edit(run, "tcs-table4.csv", 1, "status", "wrong", -1);
	/* case 1 tc skipped with a rate: nongemm's 1.33x bound would fail at 1.85x */
	edit(run, "tcs-table3.csv", 1, "gstencil_per_s", "520.25", -1);
	edit(run, "tcs-table3.csv", 1, "status", "skipped", -1);
	/* a wrong figure row */
	edit(run, "tcs-figure16.csv", 1, "gstencil_per_s", "150.25", -1);
	edit(run, "tcs-figure16.csv", 1, "status", "wrong", -1);
	/* every target that reads the lists edited here: theirs, those that read them too, the verdicts */
	static const char *const edited[] = { "tcs-table4.csv", "tcs-table3.csv", "tcs-figure16.csv" };
	const char *targets[16] = { NULL };
	size_t n = readers_of(edited, 3, targets, 16);
	render_each(run, out, targets, n);
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(targets[i], test_target_of_kind("verdicts")))
			continue;   /* its rows are checked below */
		char name[64];
		snprintf(name, sizeof(name), "%s.csv", targets[i]);
		const char *csv = slurp_file(out, name);
		snprintf(name, sizeof(name), "%s.md", targets[i]);
		const char *md = slurp_file(out, name);
		if (strstr(csv, "1300.25") || strstr(md, "1300.2") || strstr(csv, "520.25") || strstr(md, "520.2") ||
		    strstr(csv, "150.25") || strstr(md, "150.2"))
			fail_msg("%s shows a rate of a row that is not ok", targets[i]);
	}
	assert_non_null(strstr(slurp_file(out, "tcs-table4.md"), "| wrong |"));
	assert_non_null(strstr(slurp_file(out, "tcs-table3.md"), "| skipped |"));
	struct csv_table t;
	read_out(out, "tcs-table4.csv", &t);
	assert_string_equal(csv_table_get(&t, 1, "status"), "wrong");
	assert_string_equal(csv_table_get(&t, 1, "gstencil_per_s"), "NA");
	assert_string_equal(csv_table_get(&t, 1, "ratio_measured"), "NA");
	csv_table_free(&t);
	read_out(out, "verdicts.csv", &t);
	int t4 = 0, ng = 0;
	for (size_t r = 0; r < t.nrows; r++) {
		const char *id = csv_table_get(&t, r, "id"), *v = csv_table_get(&t, r, "verdict");
		if (!strcmp(id, "tcs-t4-sparse-dense")) {   /* the wrong row is not measured: 1 of the 2 rows */
			assert_string_equal(v, "not measured");
			assert_string_equal(csv_table_get(&t, r, "measured"), "NA");
			assert_string_equal(csv_table_get(&t, r, "rows"), "1/2");
			t4 = 1;
		}
		if (!strcmp(id, "nongemm-eq23")) {   /* the skipped case 1 row */
			assert_string_equal(v, "not measured");
			assert_string_equal(csv_table_get(&t, r, "rows"), "1/2");
			ng = 1;
		}
	}
	assert_true(t4 && ng);
	csv_table_free(&t);
}

/* a throttled row: marked in the tables, carried in the CSVs, named by the verdicts */
static void test_throttled_rows(void **state)
{
	(void)state;
	char err[1024], path[512];
	const char *run = fixture_copy(), *out = temp_dir();
	/* the fixture's case 1 cc ran 10 of 10 samples throttled; a new runner adds the minimum clock */
	edit(run, "tcs-table3.csv", 0, "sm_clock_min_mhz", "1410", -1);
	edit(run, "tcs-figure16.csv", 2, "throttled_samples", "4", -1);   /* case 1 ebisu */
	/* the stencil tables and figures of the tcs and sptc papers (experiments/targets.csv), then the
	 * verdicts */
	const char *targets[16] = { NULL };
	size_t nt, n = 0;
	const struct target_spec *ts = test_targets(&nt);
	for (size_t i = 0; i < nt && n < 15; i++)
		if (!render_target_is_model(&ts[i]) && (!strcmp(ts[i].paper, "tcs") || !strcmp(ts[i].paper, "sptc")))
			targets[n++] = ts[i].name;
	targets[n++] = test_target_of_kind("verdicts");
	render_each(run, out, targets, n);
	const char *md3 = slurp_file(out, "tcs-table3.md");
	assert_non_null(strstr(md3, "| 388.6 (throttled 10/10) |"));
	assert_non_null(strstr(md3, "| 283.1 |"));   /* case 1 tc, not throttled */
	assert_non_null(strstr(md3, "throttled N/M:"));
	assert_non_null(strstr(slurp_file(out, "tcs-figure16.md"), "| 442.6 (throttled 4/10) |"));
	assert_non_null(strstr(slurp_file(out, "tcs-table2.md"), "| 448.8 (throttled 92/3788) |"));
	assert_null(strstr(slurp_file(out, "tcs-table4.md"), "throttled"));   /* none there */
	/* the clocks: each table gives the range, and names the rows under 90 % of the maximum that
	 * are not marked (the throttled ones are marked already); a run CSV without clock_reasons
	 * throttles by the older 75 % clock rule, and its footer says so */
	assert_non_null(strstr(md3, "SM clock, each row's median: 1395-1665 MHz (maximum 1980); 1 row under "
				    "90 % of the maximum, slower though not marked: convstencil box2d1r t=3 (1665 MHz)"));
	assert_non_null(strstr(md3, "ran below 75 % of the GPU's maximum SM clock (the rule of runs before NVML"));
	assert_null(strstr(md3, "NVML thermal or hardware-slowdown"));
	assert_non_null(strstr(slurp_file(out, "tcs-table4.md"), "1 row under 90 % of the maximum"));
	struct csv_table t;
	read_out(out, "tcs-table3.csv", &t);
	assert_string_equal(csv_table_get(&t, 0, "throttled"), "1");
	assert_string_equal(csv_table_get(&t, 0, "throttled_samples"), "10");
	assert_string_equal(csv_table_get(&t, 0, "sm_clock_median_mhz"), "1425");
	assert_string_equal(csv_table_get(&t, 0, "sm_clock_min_mhz"), "1410");
	assert_string_equal(csv_table_get(&t, 1, "throttled"), "0");
	assert_string_equal(csv_table_get(&t, 1, "sm_clock_min_mhz"), "NA");   /* an old run: absent */
	csv_table_free(&t);
	/* every rendered CSV carries the columns */
	for (size_t i = 0; i + 1 < n; i++) {
		snprintf(path, sizeof(path), "%s.csv", targets[i]);
		read_out(out, path, &t);
		static const char *const need[] = { "throttled", "throttled_samples", "samples",
						    "sm_clock_median_mhz", "sm_clock_min_mhz", NULL };
		if (csv_table_require(&t, need, err, sizeof(err)) != 0)
			fail_msg("%s", err);
		csv_table_free(&t);
	}
	read_out(out, "verdicts.csv", &t);
	int ng = 0, q = 0;
	for (size_t r = 0; r < t.nrows; r++) {
		const char *id = csv_table_get(&t, r, "id"), *basis = csv_table_get(&t, r, "basis");
		if (!strcmp(id, "nongemm-eq23")) {
			assert_non_null(strstr(basis, "; uses throttled rows: case 1 cc ebisu"));
			assert_string_equal(csv_table_get(&t, r, "throttled_rows"), "case 1 cc ebisu");
			ng = 1;
		}
		if (!strcmp(id, "tcs-q-model")) {
			assert_string_equal(csv_table_get(&t, r, "throttled_rows"), "row 1 ebisu, row 2 ebisu");
			q = 1;
		}
		if (!strcmp(id, "tcs-t4-sparse-dense"))
			assert_string_equal(csv_table_get(&t, r, "throttled_rows"), "");
	}
	assert_true(ng && q);
	csv_table_free(&t);
	assert_non_null(strstr(slurp_file(out, "verdicts.md"), "uses throttled rows: case 1 cc ebisu |"));
	/* a run without throttled_samples (or sm_clock_min_mhz) renders, unmarked */
	run = fixture_copy();
	char cmd[1024];
	snprintf(cmd, sizeof(cmd), "sed -i '1s/,throttled_samples,/,throttled_other,/' %s/tcs-table3.csv", run);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(render(run, out, "tcs-table3", err, sizeof(err)), 0);
	assert_null(strstr(slurp_file(out, "tcs-table3.md"), "(throttled"));
}

/* whether text has words where a title's marks end: before its line's end (or a .vars line's quote),
 * or before the staleness that follows them */
static int title_has(const char *text, const char *words)
{
	for (const char *at = strstr(text, words); at; at = strstr(at + 1, words)) {
		const char *end = at + strlen(words);
		if (*end == '\n' || !strncmp(end, "'\n", 2) || !strncmp(end, ", stale", 7) ||
		    !strncmp(end, ", OLDER PROTOCOL", 16))
			return 1;
	}
	return 0;
}

/* titles: the commit of the rows used, several commits, a dirty tree */
static void test_provenance_titles(void **state)
{
	(void)state;
	char err[1024];
	const char *run = fixture_copy(), *out = temp_dir();
	assert_int_equal(render(run, out, "tcs-table4", err, sizeof(err)), 0);
	const char *md = slurp_file(out, "tcs-table4.md");
	/* the fixture's meta.csv: commit 57fd3aa, git_dirty yes (then what changed since it, if anything:
	 * tests/test_stale.c) */
	assert_non_null(strstr(md, "run "));
	assert_true(title_has(md, ", commit 57fd3aa, DIRTY TREE (not a recorded result)"));
	assert_non_null(strstr(md, ", OLDER PROTOCOL (not every row warmed its own second"));   /* its meta.csv's */
	edit(run, "meta.csv", 0, "git_dirty", "no", -1);
	assert_int_equal(render(run, out, "tcs-table4", err, sizeof(err)), 0);
	md = slurp_file(out, "tcs-table4.md");
	assert_true(title_has(md, ", commit 57fd3aa"));
	/* rows with their own commits (a newer runner), which this repository does not hold */
	edit(run, "tcs-table4.csv", 0, "git_commit", "1a2b3c4d5e6f", -1);
	edit(run, "tcs-table4.csv", 1, "git_commit", "99887766554433", -1);
	assert_int_equal(render(run, out, "tcs-table4", err, sizeof(err)), 0);
	assert_non_null(strstr(slurp_file(out, "tcs-table4.md"), ", commits 1a2b3c4, 9988776, OLDER PROTOCOL"));
	assert_non_null(strstr(slurp_file(out, "tcs-table4.md"), ", staleness unknown "
			       "(commits 1a2b3c4, 9988776 not in this repository)\n"));
	edit(run, "tcs-table4.csv", 1, "git_dirty", "yes", -1);
	assert_int_equal(render(run, out, "tcs-table4", err, sizeof(err)), 0);
	assert_true(title_has(slurp_file(out, "tcs-table4.md"), ", commits 1a2b3c4, 9988776, DIRTY TREE (not a recorded result)"));
	/* the verdicts that use the dirty row say so, the others do not */
	assert_int_equal(render(run, out, test_target_of_kind("verdicts"), err, sizeof(err)), 0);
	struct csv_table vt;
	read_out(out, "verdicts.csv", &vt);
	int named = 0, clean = 1;
	for (size_t r = 0; r < vt.nrows; r++) {
		int dirty = strstr(csv_table_get(&vt, r, "basis"), "DIRTY TREE") != NULL;
		if (!strcmp(csv_table_get(&vt, r, "id"), "tcs-t4-sparse-dense"))   /* SPIDER sparse over dense */
			named = dirty;
		if (!strcmp(csv_table_get(&vt, r, "id"), "nongemm-eq23"))   /* convstencil / ebisu on case 1 */
			clean = !dirty;
	}
	assert_true(named && clean);
	csv_table_free(&vt);
	/* the figures' titles are the tables' (the renderer's .vars, which make hands to gnuplot),
	 * with the series drawn in the method table's order */
	assert_int_equal(render(run, out, "sptc-figure10", err, sizeof(err)), 0);
	assert_true(title_has(slurp_file(out, "sptc-figure10.md"), ", commit 57fd3aa"));
	const char *vars = slurp_file(out, "sptc-figure10.vars");
	assert_non_null(strstr(vars, "title = 'sptc Figure 10: throughput against problem size on "));
	assert_true(title_has(vars, ", commit 57fd3aa"));
	/* the series: each method and variant of the method table that the figure's list holds, in the
	 * table's order */
	char want[512] = "methods = '", opt[64], mv[96];
	struct csv_table list;
	assert_int_equal(csv_table_read(repo_path("experiments/sptc-figure10.csv"), &list, err, sizeof(err)), 0);
	for (size_t m = 0; m < model_method_count; m++)
		for (int v = 0; option_variant(model_methods[m].options, v, opt, sizeof(opt)) == 0; v++) {
			snprintf(mv, sizeof(mv), "%s%s%s", model_methods[m].name, *opt ? ":" : "", opt);
			for (size_t r = 0; r < list.nrows; r++)
				if (!strcmp(csv_table_get(&list, r, "method"), mv)) {
					snprintf(want + strlen(want), sizeof(want) - strlen(want), "%s%s",
						 want[strlen(want) - 1] == '\'' ? "" : " ", mv);
					break;
				}
		}
	csv_table_free(&list);
	snprintf(want + strlen(want), sizeof(want) - strlen(want), "'\n");
	assert_non_null(strstr(vars, want));
	/* without a run: no commit claimed */
	struct render_ctx c;
	assert_int_equal(render_open(&c, repo_path("."), NULL, NULL, out, err, sizeof(err)), 0);
	assert_int_equal(render_target(&c, "tcs-table4", err, sizeof(err)), 0);
	render_close(&c);
	assert_null(strstr(slurp_file(out, "tcs-table4.md"), "commit"));
}

/* tcs Table 2: the paper's rule, the kernel's plan and the counters, each labelled */
static void test_table2_three_F(void **state)
{
	(void)state;
	char err[1024];
	const char *run = fixture_copy(), *out = temp_dir();
	/* an H100 run's ConvStencil row 5 (h100-80gb-hbm3-2026-11-22e, in git history): sigma 0.4375
	 * planned, 224 FLOP a point counted */
	char cmd[1024];
	snprintf(cmd, sizeof(cmd), "cat %s >> %s/tcs-table2.csv", repo_path("tests/fixtures/tcs-table2-row5.csv"), run);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(render(run, out, "tcs-table2", err, sizeof(err)), 0);
	struct csv_table t;
	read_out(out, "tcs-table2.csv", &t);
	double v;
	assert_int_equal(csv_table_num(&t, 4, "F_paper_rule", &v, err, sizeof(err)), 0);
	assert_near(v, 196, 1e-9);   /* the paper's 196: sigma 0.5 */
	assert_int_equal(csv_table_num(&t, 4, "F_plan", &v, err, sizeof(err)), 0);
	assert_near(v, 224, 1e-9);
	assert_int_equal(csv_table_num(&t, 4, "F_measured", &v, err, sizeof(err)), 0);
	assert_near(v, 224, 1e-9);
	assert_int_equal(csv_table_num(&t, 0, "F_paper_rule", &v, err, sizeof(err)), 0);
	assert_near(v, 54, 1e-9);   /* CUDA cores: rule and plan alike */
	assert_int_equal(csv_table_num(&t, 0, "F_plan", &v, err, sizeof(err)), 0);
	assert_near(v, 54, 1e-9);
	assert_string_equal(csv_table_get(&t, 6, "F_plan"), "NA");   /* row 7 not run: no plan */
	csv_table_free(&t);
	const char *md = slurp_file(out, "tcs-table2.md");
	assert_non_null(strstr(md, "| rule 196.0 / plan 224.0 / counters 224.0 (+0.0 %) |"));
	assert_non_null(strstr(md, "| rule = plan 54.0 / counters 58.8 (+8.9 %) |"));
	assert_non_null(strstr(md, "| 0.5000 / 0.4375 |"));
}

/* kernels-vs-authors holds its rows to the same rules: a wrong or skipped row shows its status,
 * never a rate, a ratio or a share of roof; an impossible ok row or a configuration twice fails */
static void test_kernels_vs_authors_rows(void **state)
{
	(void)state;
	char err[1024], want[600], path[512];
	const char *run = fixture_copy(), *out = temp_dir();
	struct csv_table k;
	edit(run, "kernels-vs-authors.csv", 4, "status", "wrong", -1);     /* box2d1r fp32 ebisu t=7: 1042.9 */
	edit(run, "kernels-vs-authors.csv", 0, "status", "skipped", -1);   /* box2d1r fp16 spider t=7: 588.8 */
	if (render(run, out, "kernels-vs-authors", err, sizeof(err)) != 0)
		fail_msg("%s", err);
	const char *md = slurp_file(out, "kernels-vs-authors.md");
	assert_non_null(strstr(md, "| box2d1r fp32 t=7 10240x10240 | ebisu | random | NA | wrong | NA | NA | EBISU (depth 7; "
			       "shipped weights) | 736.3 | 1980, 326, 0.442 | NA | 2481.2 | NA | wrong |"));
	assert_non_null(strstr(md, "| box2d1r fp16 t=7 10240x10240 | spider | random | NA | skipped | NA | NA | SPIDER (f16 "
			       "accumulate; finite weights) | 2344.9 | 1980, 652, 0.278 | NA |"));
	assert_null(strstr(md, "1042.9"));
	assert_null(strstr(md, "588.8"));
	snprintf(path, sizeof(path), "%s/kernels-vs-authors.csv", out);
	assert_int_equal(csv_table_read(path, &k, err, sizeof(err)), 0);
	size_t seen = 0;
	for (size_t r = 0; r < k.nrows; r++) {
		const char *st = csv_table_get(&k, r, "status");
		if (strcmp(st, "wrong") && strcmp(st, "skipped"))
			continue;
		seen++;
		assert_string_equal(csv_table_get(&k, r, "gstencil_per_s"), "NA");
		assert_string_equal(csv_table_get(&k, r, "ratio_vs_authors"), "NA");
		assert_string_equal(csv_table_get(&k, r, "share_of_roof_pct"), "NA");
	}
	assert_int_equal(seen, 2);
	csv_table_free(&k);
	/* an ok row above 1.05x its model, over its verification tolerance, or twice: FILE:LINE */
	static const struct { const char *col, *val; long dup; const char *what; } bad[] = {
		{ "gstencil_per_s", "1e300", -1, "above 1.05x the model" },
		{ "verify_rel_l2", "0.9", -1, "verify_rel_l2 '0.9' exceeds verify_tol_l2" },
		{ NULL, NULL, 1, "configuration repeated (line 3) in one replica" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		run = fixture_copy();
		edit(run, "kernels-vs-authors.csv", bad[i].dup >= 0 ? -1 : 1, bad[i].col, bad[i].val, bad[i].dup);
		assert_int_equal(render(run, out, "kernels-vs-authors", err, sizeof(err)), -1);
		snprintf(want, sizeof(want), "%s/kernels-vs-authors.csv:%d: ", run, bad[i].dup >= 0 ? 8 : 3);
		if (strncmp(err, want, strlen(want)) || !strstr(err, bad[i].what))
			fail_msg("%s: got '%s'", bad[i].what, err);
	}
	/* the earlier good rendering is left as it was */
	assert_string_equal(slurp_file(out, "kernels-vs-authors.md"), md);
}

void run_sanity_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_impossible_rows),
		cmocka_unit_test(test_impossible_row_cli),
		cmocka_unit_test(test_duplicates),
		cmocka_unit_test(test_replicas),
		cmocka_unit_test(test_invocations),
		cmocka_unit_test(test_counter_energy),
		cmocka_unit_test(test_status_filter),
		cmocka_unit_test(test_throttled_rows),
		cmocka_unit_test(test_provenance_titles),
		cmocka_unit_test(test_table2_three_F),
		cmocka_unit_test(test_kernels_vs_authors_rows),
	};
	RUN_GROUP(r, "sanity", tests);
}
