/*
 * test_papers.c - formulas the papers state for other methods: sptc Table 1 (and its 56-vs-64
 * contradiction), the tcstencil appendix's arithmetic intensities and I_max, and that the
 * transcribed paper CSVs hold the numbers these tests expect, every one with rows and sources.
 */
#include "tests.h"

#include <dirent.h>
#include <math.h>
#include <string.h>

#include "csvio.h"
#include "papers.h"
#include "report.h"


static void test_sptc_table1(void **state)
{
	struct sptc_cost c;
	(void)state;
	static const struct { enum sptc_method m; int c, L; const char *C, *I, *P; } rows[] = {
		{ SPTC_LOWER_BOUND, 8, 0, "49", "3.06", "0.77" },
		{ SPTC_TCSTENCIL, 8, 16, "286.72", "17.92", "17.92" },
		{ SPTC_CONVSTENCIL, 8, 0, "104", "13", "13" },
		{ SPTC_LORASTENCIL, 8, 0, "144", "4", "12" },
		/* SPTCStencil: the printed compute is 56; its own formula gives 64 (below) */
		{ SPTC_SPTCSTENCIL, 8, 0, "64", "14", "7" },
	};
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		assert_int_equal(sptc_table1_cost(rows[i].m, 3, rows[i].c, rows[i].L, &c), 0);
		assert_printed(c.compute, rows[i].C);
		assert_printed(c.input, rows[i].I);
		assert_printed(c.param, rows[i].P);
	}
	assert_int_equal(sptc_table1_cost(SPTC_SPTCSTENCIL, 3, 8, 0, &c), 0);
	assert_int_equal(printed_agrees(c.compute, "56"), 0);   /* the contradiction */
	/* the prose ratios to the lower bound: 2.12x, 2.94x, 5.85x compute; 4.24x, 1.31x, 5.85x input */
	struct sptc_cost lb, k;
	sptc_table1_cost(SPTC_LOWER_BOUND, 3, 8, 0, &lb);
	sptc_table1_cost(SPTC_CONVSTENCIL, 3, 8, 0, &k);
	assert_printed(k.compute / lb.compute, "2.12");
	assert_printed(k.input / lb.input, "4.24");
	assert_printed(k.param / lb.param, "16.98");
	sptc_table1_cost(SPTC_LORASTENCIL, 3, 8, 0, &k);
	assert_printed(k.compute / lb.compute, "2.94");
	assert_printed(k.input / lb.input, "1.31");
	assert_printed(k.param / lb.param, "15.67");
	sptc_table1_cost(SPTC_TCSTENCIL, 3, 8, 16, &k);
	assert_printed(k.compute / lb.compute, "5.85");
	assert_printed(k.param / lb.param, "23.41");
	/* bad parameters */
	assert_int_equal(sptc_table1_cost(SPTC_TCSTENCIL, 8, 8, 16, &c), -1);
	assert_int_equal(sptc_table1_cost(SPTC_LOWER_BOUND, 0, 8, 0, &c), -1);
}

static void test_tcstencil_appendix(void **state)
{
	(void)state;
	assert_printed(tcstencil_ai_artemis(9), "0.50");
	assert_printed(tcstencil_ai_tc_without_tc(9, 144, 16), "2.53");
	assert_printed(tcstencil_ai_tcstencil(2, 16), "5.33");
	assert_printed(tcstencil_ai_artemis(25), "0.50");
	assert_printed(tcstencil_ai_tc_without_tc(25, 144, 16), "7.03");
	assert_printed(tcstencil_ai_tcstencil(3, 16), "6");
	/* I_max = pi / beta */
	assert_printed(roofline_ridge(312, 1555), "200.64");
	assert_printed(roofline_ridge(78, 1555), "50.16");     /* printed 50.1 (truncated) */
	assert_printed(roofline_ridge(31.4, 900), "34.89");    /* printed 34.88 (truncated) */
	assert_int_equal(printed_agrees(roofline_ridge(125, 900), "128.8"), 0);   /* contradiction */
	assert_printed(roofline_ridge(125, 900), "138.89");
}

/* The transcription: a few cells of each paper CSV, read by column name. */
static const char *cell(const struct csv_table *t, const char *key_col, const char *key,
			const char *col)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (strcmp(csv_table_get(t, r, key_col), key) == 0)
			return csv_table_get(t, r, col);
	fail_msg("%s: no row with %s = %s", t->path, key_col, key);
	return NULL;
}

static void test_paper_csvs(void **state)
{
	struct csv_table t;
	char err[512];
	(void)state;
	assert_int_equal(csv_table_read(repo_path("data/paper/tcs-table2.csv"), &t, err, sizeof(err)), 0);
	assert_int_equal(t.nrows, 10);
	assert_string_equal(cell(&t, "row", "9", "F_measured"), "960.00");
	assert_string_equal(cell(&t, "row", "6", "F"), "");
	csv_table_free(&t);
	assert_int_equal(csv_table_read(repo_path("data/paper/tcs-table3.csv"), &t, err, sizeof(err)), 0);
	assert_int_equal(t.nrows, 12);
	assert_string_equal(csv_table_get(&t, 7, "gstencil_per_s"), "143.28");
	assert_string_equal(csv_table_get(&t, 6, "I"), "21.58");
	csv_table_free(&t);
	assert_int_equal(csv_table_read(repo_path("data/paper/sptc-table1.csv"), &t, err, sizeof(err)), 0);
	assert_string_equal(cell(&t, "method", "sptcstencil", "compute"), "56");
	csv_table_free(&t);
	/* every transcription of data/paper/ has rows, each with where the paper says it */
	DIR *d = opendir(repo_path("data/paper"));
	int files = 0;
	assert_non_null(d);
	for (struct dirent *e; (e = readdir(d));) {
		char rel[512];
		const size_t len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".csv"))
			continue;
		snprintf(rel, sizeof(rel), "data/paper/%s", e->d_name);
		if (csv_table_read(repo_path(rel), &t, err, sizeof(err)) != 0)
			fail_msg("%s", err);
		if (t.nrows == 0 || csv_table_col(&t, "source") < 0)
			fail_msg("%s: no rows, or no source column", rel);
		csv_table_free(&t);
		files++;
	}
	closedir(d);
	assert_true(files >= 10);
}

/* The claims table's numbers are the papers' own, as the other transcriptions hold them. */
static void test_claims(void **state)
{
	struct csv_table c, t;
	char err[512];
	(void)state;
	if (csv_table_read(repo_path("data/paper/claims.csv"), &c, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_true(c.nrows >= 9);
	assert_true(csv_table_col(&c, "source") >= 0);
	assert_int_equal(csv_table_read(repo_path("data/paper/tcs-table4.csv"), &t, err, sizeof(err)), 0);
	assert_string_equal(cell(&c, "evaluator", "sparse_over_dense", "value"),
			    cell(&t, "method", "spider", "prose_speedup"));
	csv_table_free(&t);
	assert_int_equal(csv_table_read(repo_path("data/paper/nongemm-bounds.csv"), &t, err, sizeof(err)), 0);
	assert_string_equal(cell(&c, "evaluator", "memory_bound_fp64_speedup", "value"),
			    cell(&t, "equation", "23", "bound"));
	csv_table_free(&t);
	csv_table_free(&c);
}

void run_papers_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sptc_table1),
		cmocka_unit_test(test_tcstencil_appendix),
		cmocka_unit_test(test_paper_csvs),
		cmocka_unit_test(test_claims),
	};
	RUN_GROUP(r, "papers", tests);
}
