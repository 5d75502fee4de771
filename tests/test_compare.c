/*
 * test_compare.c - make compare (plots/render/compare.h): the compare_values syntax, the join on keys
 * (order, rows one run lacks, ratios, labels never divided, keys that do not name a row; the
 * verdicts on the claim's id, whatever its wording), and two copies of the small fixture run
 * compared end to end, one with tcs Table 3's rates halved, each figure's value axis named in
 * words and, where gnuplot is installed, plots/gp/compare.gp drawing it without a warning (the
 * runs alike in every figure: each ratio 1);
 * runs of different protocols compared only under a banner naming the difference, and marked.
 */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "render.h"

static char *slurp_file(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot read %s", path);
	static char buf[1 << 16];
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* path's column col, every number halved (in place) */
static void halve_column(const char *path, const char *col)
{
	struct csv_table t;
	struct csv_writer w;
	char err[512];
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	const int c = csv_table_col(&t, col);
	assert_true(c >= 0);
	assert_int_equal(csv_writer_open(&w, path, (const char *const *)t.header, t.ncols), 0);
	for (size_t r = 0; r < t.nrows; r++) {
		for (size_t k = 0; k < t.ncols; k++)
			if ((int)k == c)
				csv_put_num(&w, strtod(t.cells[r][k], NULL) / 2);
			else
				csv_put_str(&w, t.cells[r][k]);
		csv_end_row(&w);
	}
	assert_int_equal(csv_writer_close(&w), 0);
	csv_table_free(&t);
}

static void test_values_parse(void **state)
{
	(void)state;
	struct cmp_values v;
	assert_int_equal(cmp_values_parse("rate model_rate:model status:label", &v), 0);
	assert_int_equal(v.n, 3);
	assert_int_equal(v.model, 1);
	assert_int_equal(v.label[2], 1);
	assert_int_equal(v.label[0], 0);
	assert_string_equal(v.name[1], "model_rate");
	assert_string_equal(v.name[2], "status");
	assert_int_equal(cmp_values_parse("rate:bogus", &v), -1);
}

static void test_join(void **state)
{
	(void)state;
	static const char a[] = "key,v,s\na,1,ok\nb,2,ok\nc,4,ok\n";
	static const char b[] = "key,v,s\nb,6,ok\na,3,wrong\nd,5,ok\n";
	struct csv_table t[2], out;
	char err[512];
	assert_int_equal(csv_table_parse("one", a, strlen(a), &t[0], err, sizeof(err)), 0);
	assert_int_equal(csv_table_parse("two", b, strlen(b), &t[1], err, sizeof(err)), 0);
	struct cmp_run runs[2] = { { .gpu = "NVIDIA H200" }, { .gpu = "NVIDIA H100 80GB HBM3" } };
	cmp_label_runs(runs, 2);
	assert_string_equal(runs[0].label, "H200");
	const char *dir = temp_dir();
	char csv[256], md[256];
	snprintf(csv, sizeof(csv), "%s/j.csv", dir);
	snprintf(md, sizeof(md), "%s/j.md", dir);
	struct cmp_ratio q[2], m[2];
	size_t n = 0;
	assert_int_equal(cmp_join("T", "key", "v s:label", t, runs, 2, csv, md, q, m, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 4);
	assert_int_equal(q[1].n, 2);              /* a and b: both 3x */
	assert_near(q[1].gmean, 3.0, 1e-12);
	assert_int_equal(m[1].n, 0);              /* no model value */
	assert_int_equal(csv_table_read(csv, &out, err, sizeof(err)), 0);
	assert_int_equal(out.nrows, 4);
	assert_int_equal(csv_table_col(&out, "s_2_over_1"), -1);   /* a label is never divided */
	const char *keys[] = { "a", "b", "c", "d" }, *v1[] = { "1", "2", "4", "NA" }, *v2[] = { "3", "6", "NA", "5" };
	const char *r[] = { "3", "3", "NA", "NA" }, *s2[] = { "wrong", "ok", "NA", "ok" };
	for (size_t i = 0; i < 4; i++) {
		assert_string_equal(csv_table_get(&out, i, "key"), keys[i]);
		assert_string_equal(csv_table_get(&out, i, "v_1"), v1[i]);
		assert_string_equal(csv_table_get(&out, i, "v_2"), v2[i]);
		assert_string_equal(csv_table_get(&out, i, "v_2_over_1"), r[i]);
		assert_string_equal(csv_table_get(&out, i, "s_2"), s2[i]);
	}
	csv_table_free(&out);
	assert_non_null(strstr(slurp_file(md), "| v H200 | v H100 80GB HBM3 | H100 80GB HBM3 / H200 |"));
	/* keys that do not name a row, and a column a run lacks */
	assert_int_equal(cmp_join("T", "s", "v", t, runs, 2, csv, md, q, m, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "a second row with the keys 'ok'"));
	assert_int_equal(cmp_join("T", "key", "zz", t, runs, 2, csv, md, q, m, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no column 'zz'"));
	csv_table_free(&t[0]);
	csv_table_free(&t[1]);
}

/* the verdicts are joined on the claim's id (experiments/targets.csv's compare_keys): two claims of
 * one wording, as a claim reusing another's evaluator under an id of its own reads, are two rows */
static void test_join_verdicts_by_id(void **state)
{
	(void)state;
	static const char a[] = "id,paper,claim,criterion,measured,verdict\n"
				"c1,tcs 5.3,TC/CC < 1,below 1,0.7,holds\nc1-again,tcs 5.3,TC/CC < 1,below 1,0.7,holds\n";
	static const char b[] = "id,paper,claim,criterion,measured,verdict\n"
				"c1-again,tcs 5.3,TC/CC < 1,below 1,1.4,does not hold\nc1,tcs 5.3,TC/CC < 1,below 1,0.7,holds\n";
	const char *verdicts = test_target_of_kind("verdicts");
	size_t nt, n = 0;
	const struct target_spec *ts = test_targets(&nt), *v = NULL;
	for (size_t i = 0; i < nt; i++)
		if (!strcmp(ts[i].name, verdicts))
			v = &ts[i];
	assert_non_null(v);
	assert_string_equal(v->compare_keys, "id");
	struct csv_table t[2], out;
	char err[512], csv[256], md[256];
	assert_int_equal(csv_table_parse("one", a, strlen(a), &t[0], err, sizeof(err)), 0);
	assert_int_equal(csv_table_parse("two", b, strlen(b), &t[1], err, sizeof(err)), 0);
	struct cmp_run runs[2] = { { .gpu = "NVIDIA H200" }, { .gpu = "NVIDIA H100 80GB HBM3" } };
	cmp_label_runs(runs, 2);
	snprintf(csv, sizeof(csv), "%s/v.csv", temp_dir());
	snprintf(md, sizeof(md), "%s/v.md", temp_dir());
	struct cmp_ratio q[2], m[2];
	if (cmp_join("T", v->compare_keys, v->compare_values, t, runs, 2, csv, md, q, m, &n, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(n, 2);
	assert_int_equal(csv_table_read(csv, &out, err, sizeof(err)), 0);
	assert_string_equal(csv_table_get(&out, 1, "id"), "c1-again");   /* the first run's order */
	assert_string_equal(csv_table_get(&out, 1, "verdict_2"), "does not hold");
	assert_string_equal(csv_table_get(&out, 0, "verdict_2"), "holds");
	csv_table_free(&out);
	csv_table_free(&t[0]);
	csv_table_free(&t[1]);
}

static void test_compare_runs(void **state)
{
	(void)state;
	const char *dir = temp_dir();
	char cmd[2048], one[256], two[256], out[256], work[256], err[1024];
	snprintf(one, sizeof(one), "%s/one", dir);
	snprintf(two, sizeof(two), "%s/two", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(work, sizeof(work), "%s/work", dir);
	/* two copies of one run; the second's tcs Table 3 rates halved */
	snprintf(cmd, sizeof(cmd), "cp -r '%s' '%s' && cp -r '%s' '%s'", repo_path("tests/fixtures/run-small"), one,
		 repo_path("tests/fixtures/run-small"), two);
	assert_int_equal(system(cmd), 0);
	char path[512];
	snprintf(path, sizeof(path), "%s/tcs-table3.csv", two);
	halve_column(path, "gstencil_per_s");
	const char *runs[] = { one, two };
	FILE *devnull = fopen("/dev/null", "w");
	int rc = compare_runs(repo_path("."), runs, 2, work, out, devnull, err, sizeof(err));
	fclose(devnull);
	if (rc != 0)
		fail_msg("compare_runs: %s", err);
	snprintf(path, sizeof(path), "%s/index.md", out);
	const char *idx = slurp_file(path);
	/* one GPU model twice: numbered labels; every held target compared, the halved one at 0.5 */
	assert_non_null(strstr(idx, "H100 80GB HBM3 #2 / H100 80GB HBM3 #1: 0.500 (0.500-0.500, "));
	assert_non_null(strstr(idx, "| tcs-table3 | 2 runs, 17 rows | gstencil_per_s |"));
	assert_non_null(strstr(idx, "| sptc-figure10 | 2 runs, 160 rows | gstencil_per_s | H100 80GB HBM3 #2 / "
				    "H100 80GB HBM3 #1: 1.000 (1.000-1.000, "));
	assert_non_null(strstr(idx, "| nongemm-figure2 | not compared: no compare keys"));
	assert_non_null(strstr(idx, "| ceilings | 2 runs, "));
	assert_null(strstr(idx, "MIXED PROTOCOLS"));   /* one run twice: one protocol */
	snprintf(path, sizeof(path), "%s/sptc-figure10.vars", out);
	const char *vars = slurp_file(path);
	assert_non_null(strstr(vars, "model = 'model_gstencil_per_s'"));
	/* the figure's heading: the target's title, then a line a run naming its directory and commit */
	assert_non_null(strstr(vars, "title = 'sptc Figure 10: "));
	assert_non_null(strstr(vars, "run2 = 'H100 80GB HBM3 #2: "));
	assert_non_null(strstr(vars, ", commit "));
	/* each figure's value axis named in words (meas_label), not by its column; its figure drawn
	 * where gnuplot is installed */
	struct render_ctx ctx;
	if (render_open(&ctx, repo_path("."), NULL, NULL, temp_dir(), err, sizeof(err)) != 0)
		fail_msg("%s", err);
	int figures = 0;
	for (size_t k = 0; k < ctx.ntargets; k++) {
		const char *t = ctx.targets[k].name;
		char meas[128] = "", label[256] = "", assign[1024], base[512], log[4096];
		snprintf(path, sizeof(path), "%s/%s.vars", out, t);
		FILE *f = fopen(path, "r");
		if (!f)
			continue;   /* not a figure, or not compared */
		fclose(f);
		const char *v = slurp_file(path), *at = strstr(v, "\nmeas = '"), *lt = strstr(v, "\nmeas_label = '");
		if (!at || !lt)
			fail_msg("%s: no meas or meas_label line", path);
		sscanf(at, "\nmeas = '%127[^']", meas);
		sscanf(lt, "\nmeas_label = '%255[^']", label);
		if (!strcmp(meas, label))
			fail_msg("%s: the axis of %s is labelled with its column name '%s'", path, t, meas);
		figures++;
		if (!have_gnuplot())
			continue;
		snprintf(assign, sizeof(assign), "data='%s/%s.csv'; load '%s'", out, t, path);
		snprintf(base, sizeof(base), "%s/%s", out, t);
		if (run_gnuplot("compare", assign, base, log, sizeof(log)) != 0)
			fail_msg("plots/gp/compare.gp (%s) drew no PNG and SVG: %s", t, log);
		/* drawn cleanly: runs alike (every ratio 1) give no empty range for gnuplot to widen */
		if (strstr(log, "arning"))
			fail_msg("plots/gp/compare.gp (%s) warned: %s", t, log);
	}
	render_close(&ctx);
	assert_true(figures >= 10);
	if (!have_gnuplot())
		print_message("test_compare_runs: gnuplot is not installed: make compare's figures not drawn\n");
	/* one run only, and a run that is no run: errors */
	assert_int_equal(compare_runs(repo_path("."), runs, 1, work, out, NULL, err, sizeof(err)), -1);
	const char *bad[] = { one, dir };
	assert_int_equal(compare_runs(repo_path("."), bad, 2, work, out, NULL, err, sizeof(err)), -1);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/* meta.csv of run dir: every invocation's protocol but the ceilings' the sentence given */
static void set_protocol(const char *dir, const char *sentence)
{
	char path[1024], err[512];
	struct csv_table t;
	struct csv_writer w;
	snprintf(path, sizeof(path), "%s/meta.csv", dir);
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	const int p = csv_table_col(&t, "protocol"), tool = csv_table_col(&t, "tool");
	assert_true(p >= 0 && tool >= 0);
	assert_int_equal(csv_writer_open(&w, path, (const char *const *)t.header, t.ncols), 0);
	for (size_t r = 0; r < t.nrows; r++) {
		for (size_t k = 0; k < t.ncols; k++)
			csv_put_str(&w, (int)k == p && strcmp(t.cells[r][tool], "stencilbench ceilings") ? sentence :
				    t.cells[r][k]);
		csv_end_row(&w);
	}
	assert_int_equal(csv_writer_close(&w), 0);
	csv_table_free(&t);
}

/* the sentence of the reference run's first measuring invocation (data/runs/REFERENCE names it):
 * the older protocol, its warm-up 0.05 s after the first row */
static char *older_sentence(void)
{
	static char sentence[2048];
	char path[1024], err[512];
	struct csv_table t;
	/* a run measured under the older protocol (tests/fixtures/run-older-protocol: the meta.csv,
	 * ceilings, hopper-tc and latency-hiding files of h200-fecb9a30-2026-11-24, in git history) */
	snprintf(path, sizeof(path), "%s/meta.csv", repo_path("tests/fixtures/run-older-protocol"));
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	for (size_t r = 0; r < t.nrows && !sentence[0]; r++)
		if (!strcmp(csv_table_get(&t, r, "tool"), "stencilbench run"))
			snprintf(sentence, sizeof(sentence), "%s", csv_table_get(&t, r, "protocol"));
	csv_table_free(&t);
	assert_non_null(strstr(sentence, "else 0.05 s"));
	return sentence;
}

/* runs measured under different protocols: the steady-state fixture beside a copy of it whose rows'
 * invocations carry the older sentence, and beside the small fixture (its rows' invocations not in
 * its meta.csv, its ceilings the older burst ones): every target's title and figure title open with
 * the banner naming the words that differ, and the index marks each such target */
static void test_compare_mixed(void **state)
{
	(void)state;
	const char *dir = temp_dir();
	char one[256], two[256], out[256], work[256], err[1024], path[512], cmd[1024];
	snprintf(one, sizeof(one), "%s/steady", dir);
	snprintf(two, sizeof(two), "%s/older", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(work, sizeof(work), "%s/work", dir);
	snprintf(cmd, sizeof(cmd), "cp -r '%s' '%s' && cp -r '%s' '%s'", repo_path("tests/fixtures/run-steady"), one,
		 repo_path("tests/fixtures/run-steady"), two);
	assert_int_equal(system(cmd), 0);
	set_protocol(two, older_sentence());
	const char *runs[] = { one, two };
	if (compare_runs(repo_path("."), runs, 2, work, out, NULL, err, sizeof(err)) != 0)
		fail_msg("compare_runs: %s", err);
	snprintf(path, sizeof(path), "%s/hopper-tc.md", out);
	const char *md = slurp_file(path);
	/* the first line: the banner, each run with the words its sentence has and the other's lacks */
	assert_non_null(strstr(md, "## MIXED PROTOCOLS, not like for like: H100 80GB HBM3 #1 '"));
	const char *vs = strstr(md, "' vs H100 80GB HBM3 #2 '"), *nl = strchr(md, '\n');
	assert_true(vs && vs < nl);
	assert_non_null(strstr(md, "own kernel"));
	assert_true(strstr(md, "own kernel") < vs);
	assert_true(strstr(vs, "else 0.05 s") && strstr(vs, "else 0.05 s") < nl);
	const char *shared = strstr(md, "calibration");   /* the words both share are left out */
	assert_true(!shared || shared > nl);
	snprintf(path, sizeof(path), "%s/hopper-tc.vars", out);
	assert_non_null(strstr(slurp_file(path), "title = 'MIXED PROTOCOLS, not like for like: "));
	snprintf(path, sizeof(path), "%s/index.md", out);
	const char *idx = slurp_file(path);
	assert_non_null(strstr(idx, "| hopper-tc | 2 runs, 32 rows | wgmma_gstencil_per_s | MIXED PROTOCOLS (hopper-tc.md names "
				    "them): "));
	const char *ceil = strstr(idx, "| ceilings | 2 runs, ");   /* the same ceilings: not marked */
	assert_non_null(ceil);
	const char *mixed = strstr(ceil, "MIXED"), *eol = strchr(ceil, '\n');
	assert_true(!mixed || (eol && mixed > eol));
	/* beside the small fixture: its ceilings' protocol differs too */
	runs[1] = repo_path("tests/fixtures/run-small");
	if (compare_runs(repo_path("."), runs, 2, work, out, NULL, err, sizeof(err)) != 0)
		fail_msg("compare_runs: %s", err);
	idx = slurp_file(path);
	assert_non_null(strstr(idx, "| ceilings | 2 runs, 18 rows | value | MIXED PROTOCOLS (ceilings.md names them): "));
	assert_non_null(strstr(idx, "| tcs-table3 | 2 runs, 17 rows | gstencil_per_s | MIXED PROTOCOLS"));
	snprintf(path, sizeof(path), "%s/ceilings.md", out);
	assert_non_null(strstr(slurp_file(path), "## MIXED PROTOCOLS, not like for like: "));
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

void run_compare_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_values_parse),
		cmocka_unit_test(test_join),
		cmocka_unit_test(test_join_verdicts_by_id),
		cmocka_unit_test(test_compare_runs),
		cmocka_unit_test(test_compare_mixed),
	};
	RUN_GROUP(r, "compare", tests);
}
