/*
 * test_design.c - the verdicts' statistical design end to end (plots/records/design.c,
 * plots/verdicts/interval.c; REPRODUCE.md, "How a verdict is decided"). A synthetic replicated run
 * of known components is made from the verdicts fixture (tests/fixtures/run-verdicts): each row
 * measured three times, two invocations on four GPUs (invocation 1: replicas 1 and 2, a block's on
 * GPUs g and g + 1 of four; invocation 2: replica 3 on g again, 2 % faster throughout), each
 * measurement's log rate moved by a block's shift on its GPU (4 %) and a row's own part (8 % in the
 * power-capped blocks, 3 % in those at full clock: large, so that some claims come near their
 * thresholds; a block's stratum is its own). The design must
 * estimate the components within the stated tolerances, and the verdicts rendered with it must read
 * inconclusive: within spread exactly where a claim's interval holds its threshold, with some claims
 * near it on both sides, and a claim of two rows of one block must get the half-width the known
 * components give.
 */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"

#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvio.h"
#include "records.h"
#include "render.h"

static const double SD_COMMON = 0.04, SD_ROW_CAPPED = 0.08, SD_ROW_FULL = 0.03, SHIFT = 0.02;

static uint64_t hash(const char *s)
{
	uint64_t h = 14695981039346656037ULL;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

/* a normal deviate fixed by (h, k): splitmix64 (not the verdicts' own stream), Box-Muller */
static double normal_of(uint64_t h, int k)
{
	uint64_t z = h ^ (0xD1B54A32D192ED03ULL * (uint64_t)(k + 1));
	double u[2];
	for (int i = 0; i < 2; i++) {
		uint64_t v = (z += 0x9E3779B97F4A7C15ULL);
		v = (v ^ (v >> 30)) * 0xBF58476D1CE4E5B9ULL;
		v = (v ^ (v >> 27)) * 0x94D049BB133111EBULL;
		v ^= v >> 31;
		u[i] = ((double)(v >> 11) + 0.5) / 9007199254740992.0;
	}
	return sqrt(-2 * log(u[0])) * cos(2 * 3.14159265358979323846 * u[1]);
}

/* list's CSV of the fixture into run, each row three times with the design's noise */
static void replicate_list(const char *run, const char *list)
{
	char in[1024], out[1024], err[512], rule[64], lists[600];
	struct csv_table t;
	snprintf(in, sizeof(in), "%s/%s.csv", repo_path("tests/fixtures/run-verdicts"), list);
	snprintf(out, sizeof(out), "%s/%s.csv", run, list);
	snprintf(lists, sizeof(lists), "%s", repo_path("experiments"));
	if (csv_table_read(in, &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	rec_block_rule(lists, list, rule, sizeof(rule));
	const char *extra[] = { "replica", "gpu_uuid", "clock_reasons" };
	const char **cols = calloc(t.ncols + 3, sizeof(*cols));
	size_t n = 0;
	for (size_t c = 0; c < t.ncols; c++)
		if (strcmp(t.header[c], "replica") && strcmp(t.header[c], "gpu_uuid") && strcmp(t.header[c], "clock_reasons"))
			cols[n++] = t.header[c];
	for (size_t k = 0; k < 3; k++)
		cols[n++] = extra[k];
	struct csv_writer w;
	assert_int_equal(csv_writer_open(&w, out, cols, n), 0);
	for (size_t r = 0; r < t.nrows; r++) {
		char bk[200] = "", block[300], row[400];
		if (rule[0])
			rec_block_key(&t, r, rule, bk, sizeof(bk));
		snprintf(row, sizeof(row), "%s %zu", list, r);
		snprintf(block, sizeof(block), "%s %s", list, rule[0] ? bk : row);
		const uint64_t hb = hash(block), hr = hash(row);
		const int capped = (hb >> 7) & 1, g0 = (int)((hb >> 9) % 4);
		for (int m = 0; m < 3; m++) {
			const int g = m == 1 ? (g0 + 1) % 4 : g0;
			const double e = SD_COMMON * normal_of(hb, g) + (capped ? SD_ROW_CAPPED : SD_ROW_FULL) *
					 normal_of(hr, m) + (m == 2 ? log(1 + SHIFT) : 0);
			for (size_t c = 0; c < n - 3; c++) {
				const char *v = csv_table_get(&t, r, cols[c]);
				const double x = v && *v ? strtod(v, NULL) : NAN;
				if (!strcmp(cols[c], "gstencil_per_s") && x > 0)
					csv_put_num(&w, x * exp(e));
				else if (!strcmp(cols[c], "time_median_s") && x > 0)
					csv_put_num(&w, x * exp(-e));
				else
					csv_put_str(&w, v ? v : "");
			}
			char gpu[64];
			snprintf(gpu, sizeof(gpu), "GPU-%08d-0000-0000-0000-000000000000", g + 1);
			csv_put_num(&w, m + 1);
			csv_put_str(&w, gpu);
			csv_put_str(&w, capped ? "power_cap" : "none");
			csv_end_row(&w);
		}
	}
	assert_int_equal(csv_writer_close(&w), 0);
	free(cols);
	csv_table_free(&t);
}

/* every list of the fixture (its CSVs but meta.csv and ceilings.csv) replicated into a fresh run */
static const char *synthetic_run(void)
{
	const char *run = temp_dir(), *fixture = repo_path("tests/fixtures/run-verdicts");
	char cmd[2048], path[600];
	snprintf(cmd, sizeof(cmd), "cp '%s'/meta.csv '%s'/ceilings.csv '%s'/", fixture, fixture, run);
	assert_int_equal(system(cmd), 0);
	snprintf(path, sizeof(path), "%s/invocations.csv", run);
	put_file(path, "invocation,first_replica,replicas\n1,1,2\n2,3,1\n");
	DIR *d = opendir(fixture);
	assert_non_null(d);
	int lists = 0;
	for (struct dirent *e; (e = readdir(d));) {
		const size_t k = strlen(e->d_name);
		if (k < 5 || strcmp(e->d_name + k - 4, ".csv") || !strcmp(e->d_name, "meta.csv") ||
		    !strcmp(e->d_name, "ceilings.csv"))
			continue;
		char list[256];
		snprintf(list, sizeof(list), "%.*s", (int)(k - 4), e->d_name);
		replicate_list(run, list);
		lists++;
	}
	closedir(d);
	assert_true(lists >= 8);
	return run;
}

static double num(const struct csv_table *t, size_t r, const char *col)
{
	return rec_num(t, (long)r, col);
}

static void test_design_interval(void **state)
{
	(void)state;
	const char *run = synthetic_run();
	char err[512];
	/* the components: the rows' parts within 20 % of their standard deviations, the blocks' common
	 * shift within 40 % (the fixture's blocks are few: tens of pairs) */
	struct rec_design d;
	if (rec_design(run, repo_path("experiments"), &d, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(d.invocations, 2);
	assert_int_equal(d.gpus, 4);
	const double rc = sqrt(d.all.row[REC_STRATUM_CAPPED]), rf = sqrt(d.all.row[REC_STRATUM_FULL]);
	const double cm = sqrt(d.all.common[REC_STRATUM_CAPPED]), cf = sqrt(d.all.common[REC_STRATUM_FULL]);
	if (!(fabs(rc / SD_ROW_CAPPED - 1) < 0.2 && fabs(rf / SD_ROW_FULL - 1) < 0.2 && fabs(cm / SD_COMMON - 1) < 0.4 &&
	      fabs(cf / SD_COMMON - 1) < 0.4))
		fail_msg("components: row capped %.4f (made %.2f), full %.4f (%.2f), common %.4f and %.4f (%.2f), %ld block "
			 "pairs (%s)", rc, SD_ROW_CAPPED, rf, SD_ROW_FULL, cm, cf, SD_COMMON, d.block_pairs, run);
	/* the verdicts with the run's own design */
	struct csv_table v;
	render_fixture_dir(run, "verdicts", temp_dir(), &v);
	int near_spread = 0, near_decided = 0, judged = 0;
	for (size_t r = 0; r < v.nrows; r++) {
		const char *verdict = csv_table_get(&v, r, "verdict"), *text = csv_table_get(&v, r, "verdict_text");
		const int rate = !strcmp(csv_table_get(&v, r, "interval_units"), "log of the flip factor");
		const double m = num(&v, r, "margin"), h = num(&v, r, "halfwidth");
		const int spread = !strcmp(verdict, "inconclusive: within spread");
		if (!(spread || !strcmp(verdict, "holds") || !strcmp(verdict, "does not hold")) || strstr(text, "premise"))
			continue;
		if (!isfinite(m) || !isfinite(h))
			fail_msg("%s: %s without a margin or an interval", csv_table_get(&v, r, "id"), verdict);
		assert_non_null(strstr(csv_table_get(&v, r, "interval_source"), "this run's own design"));
		const double sm = rate ? log(m) : m;   /* the margin's distance to the threshold, in its units */
		judged++;
		if ((sm <= h) != spread)
			fail_msg("%s: %s with margin %g and half-width %g", csv_table_get(&v, r, "id"), verdict, sm, h);
		if (h > 0 && sm <= 3 * h)
			spread ? near_spread++ : near_decided++;
	}
	if (judged < 30 || near_spread < 2 || near_decided < 2)
		fail_msg("%d claims judged, %d within spread, %d decided within three half-widths", judged, near_spread,
			 near_decided);
	/* TC over CC of case 5 (two rows of one block, both of its stratum, each the median of three): the
	 * block's shift cancels, the ratio's variance is 2 q(3) row, q(3) = 0.449, at 95 % z = 1.96; the
	 * estimate within 30 % of what the made components give */
	size_t r = 0;
	while (r < v.nrows && strcmp(csv_table_get(&v, r, "id"), "tcs-t3-case5"))
		r++;
	assert_true(r < v.nrows);
	char bk[200], block[300];
	struct csv_table t3;
	char path[700];
	snprintf(path, sizeof(path), "%s/tcs-table3.csv", repo_path("tests/fixtures/run-verdicts"));
	assert_int_equal(csv_table_read(path, &t3, err, sizeof(err)), 0);
	size_t q = 0;
	while (q < t3.nrows && strcmp(csv_table_get(&t3, q, "label"), "case 5 cc"))
		q++;
	assert_true(q < t3.nrows);
	rec_block_key(&t3, q, "label-head", bk, sizeof(bk));
	snprintf(block, sizeof(block), "tcs-table3 %s", bk);
	const double sd = hash(block) >> 7 & 1 ? SD_ROW_CAPPED : SD_ROW_FULL, want = 1.96 * sqrt(2 * 0.449) * sd;
	const double got = num(&v, r, "halfwidth");
	if (!(fabs(got / want - 1) < 0.3))
		fail_msg("tcs-t3-case5's half-width %.4f, the made components give %.4f", got, want);
	csv_table_free(&t3);
	csv_table_free(&v);
}

/* A run of one measurement a configuration judged with a spread file (tests/fixtures/run-verdicts
 * and the pinned one, edited): a claim the file lacks, or one its run did not measure, is decided
 * and says it has no interval; a half-width written at another level is rescaled to the verdicts'
 * (z 1.960 at 0.95 over z 1.282 at 0.80). */
static void test_interval_from_file(void **state)
{
	(void)state;
	const char *dir = temp_dir(), *out = temp_dir();
	char spread[600], cmd[1600], err[1024], path[700];
	snprintf(spread, sizeof(spread), "%s/claim-spread.csv", dir);
	snprintf(cmd, sizeof(cmd), "awk -F, -v OFS=, '$1 == \"tcs-t3-case5\" { next } $1 == \"sptc-cudnn\" { $3 = \"NA\" } "
		 "$1 == \"harness-model-ratio-case1\" { $5 = 0.8 } 1' '%s' > '%s'",
		 repo_path("tests/fixtures/claim-spread-8bfad42.csv"), spread);
	assert_int_equal(system(cmd), 0);
	struct render_ctx c;
	if (render_open(&c, repo_path("."), repo_path("tests/fixtures/run-verdicts"), NULL, out, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	snprintf(c.spread_file, sizeof(c.spread_file), "%s", spread);
	snprintf(c.run.ceilings_runs, sizeof(c.run.ceilings_runs), "%s", repo_path("tests/fixtures/ceilings-h200"));
	if (render_target(&c, "verdicts", err, sizeof(err)) != 0)
		fail_msg("%s", err);
	render_close(&c);
	struct csv_table v;
	snprintf(path, sizeof(path), "%s/verdicts.csv", out);
	assert_int_equal(csv_table_read(path, &v, err, sizeof(err)), 0);
	int seen = 0;
	for (size_t r = 0; r < v.nrows; r++) {
		const char *id = csv_table_get(&v, r, "id"), *mt = csv_table_get(&v, r, "margin_text");
		if (!strcmp(id, "tcs-t3-case5"))
			seen++, assert_non_null(strstr(mt, "no interval: data/hw/claim-spread.csv has no row for it"));
		if (!strcmp(id, "sptc-cudnn"))
			seen++, assert_non_null(strstr(mt, "no interval: the design of the run there did not measure it"));
		if (!strcmp(id, "harness-model-ratio-case1")) {
			seen++;
			assert_true(fabs(num(&v, r, "halfwidth") / (pinned_halfwidth(id) * 1.959964 / 1.281552) - 1) < 1e-5);
			assert_non_null(strstr(csv_table_get(&v, r, "interval_source"), "rescaled from its level"));
		}
	}
	assert_int_equal(seen, 3);
	csv_table_free(&v);
}

void run_design_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_design_interval),
		cmocka_unit_test(test_interval_from_file),
	};
	RUN_GROUP(r, "design", tests);
}
