/*
 * test_render.c - the experiments' rendering: every target renders its CSV and Markdown
 * from the small committed fixture run (tests/fixtures/run-small, a few rows of a real H100 run;
 * its latency-hiding.csv and 64^3 fermi-figure8 rows are an H200's, data/runs/h200-0d6ec259-2026-11-24,
 * its nongemm-figure6 rows data/runs/h200-d1041098-2026-11-24's, its two nongemm-figure11 rows
 * data/runs/h200-c0c5e466-2026-11-24's; those runs are in git history)
 * and without any run (model and paper only); the joined numbers are the run's (kernels-vs-authors:
 * the authors' numbers, the ratio and the share of roof); the verdict logic on fixture numbers; a
 * truncated run CSV is an error naming file and line; the reference and newest runs, a run of
 * several GPUs. The figures are tests/test_figures.c's.
 */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"
#include "fit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csvio.h"
#include "render.h"
#include "verdict.h"

static void assert_file(const char *dir, const char *name, const char *ext)
{
	char path[512];
	struct stat st;
	snprintf(path, sizeof(path), "%s/%s.%s", dir, name, ext);
	if (stat(path, &st) != 0 || st.st_size == 0)
		fail_msg("%s was not rendered", path);
}

/* tests.h: render one target from the run in rundir into out and read the CSV it wrote */
void render_fixture_dir(const char *rundir, const char *target, const char *out, struct csv_table *t)
{
	char err[1024], path[512];
	struct render_ctx c;
	if (render_open(&c, repo_path("."), rundir, NULL, out, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	/* the half-widths the pinned verdicts were written against (data/hw/claim-spread.csv from the
	 * reference h200-8bfad42-2026-11-27's own design, pinned), not the file each new reference regenerates */
	snprintf(c.spread_file, sizeof(c.spread_file), "%s", repo_path("tests/fixtures/claim-spread-8bfad42.csv"));
	/* and the ceilings' spread between GPUs from six recorded H200 sets (the reference's four, two of
	 * another host), not from whatever data/runs/ holds later */
	snprintf(c.run.ceilings_runs, sizeof(c.run.ceilings_runs), "%s", repo_path("tests/fixtures/ceilings-h200"));
	if (render_target(&c, target, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	render_close(&c);
	snprintf(path, sizeof(path), "%s/%s.csv", out, target);
	if (csv_table_read(path, t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
}

/* tests.h: claim id's half-width for one measurement in the pinned spread file */
double pinned_halfwidth(const char *id)
{
	return file_cell(repo_path("tests/fixtures/claim-spread-8bfad42.csv"), "claim", id, "halfwidth_one");
}

/* the same from a committed fixture run (tests/fixtures/NAME) */
void render_fixture(const char *fixture, const char *target, const char *out, struct csv_table *t)
{
	char path[512];
	snprintf(path, sizeof(path), "tests/fixtures/%s", fixture);
	render_fixture_dir(repo_path(path), target, out, t);
}

static void test_every_target_renders(void **state)
{
	(void)state;
	char err[1024];
	const char *out = temp_dir();
	for (int with_run = 0; with_run < 2; with_run++) {
		struct render_ctx c;
		if (render_open(&c, repo_path("."), with_run ? repo_path("tests/fixtures/run-small") : NULL, NULL,
				out, err, sizeof(err)) != 0)
			fail_msg("%s", err);
		assert_true(with_run ? strstr(c.title, "H100") != NULL : strstr(c.title, "model and paper only") != NULL);
		assert_true(c.ntargets >= 9);   /* every row of experiments/targets.csv renders */
		for (size_t k = 0; k < c.ntargets; k++) {
			const char *t = c.targets[k].name;
			if (render_target(&c, t, err, sizeof(err)) != 0)
				fail_msg("%s: %s", t, err);
			assert_file(out, t, "csv");
			assert_file(out, t, "md");
		}
		render_close(&c);
	}
}

/* REPRODUCE.md quotes no table by hand: each quoted table is what the renderer writes from the
 * run its marker names, and README.md's table of targets is experiments/targets.csv's
 * (scripts/doc-tables.sh --check; make doc-tables rewrites them). */
static void test_doc_tables(void **state)
{
	(void)state;
	char cmd[2048];
	snprintf(cmd, sizeof(cmd), "cd '%s' && RENDER=build/stencil-render scripts/doc-tables.sh --check "
		 "REPRODUCE.md && RENDER=build/stencil-render scripts/doc-tables.sh --check README.md", repo_path("."));
	assert_int_equal(system(cmd), 0);
}

/*
 * Every verdict rule through its outcomes on a real run: the inputs of make verdicts from one H200
 * (tests/fixtures/run-verdicts, a copy of data/runs/h200-55cf7556-2026-11-22's, and fermi-figure8
 * from data/runs/h200-0d6ec259-2026-11-24, nongemm-figure6 from h200-d1041098-2026-11-24,
 * nongemm-figure11 from h200-c0c5e466-2026-11-24, nongemm-figure8 from h200-36fe22f0-2026-11-24 and
 * hopper-tc from h200-e727e80b-2026-11-24, each measured on another H200; the runs other than the
 * last are in git history), each claim's verdict pinned by its id (H holds, F does not hold, P
 * premise absent here, I inconclusive: implementation-limited, S inconclusive: within spread, N not
 * measured): a changed threshold, tolerance, gate or definition changes a letter. A claim added to
 * data/paper/claims.csv adds its own line here and moves no other; a claim without a line, or a
 * line without its claim, fails naming the id. The harness's own claims on its warm-up study and
 * its power roof, which the fixture does not hold (no study, no energy counter), are not measured
 * (tests/test_warmup.c judges them). Its sptc-figure9 is the reference run's with synthesised fp64
 * convstencil rows (tests/test_verdicts.c says how). A run of one measurement a configuration: each
 * claim's interval is the pinned reference design's half-width for one (tests/fixtures/
 * claim-spread-8bfad42.csv). Every outcome of the vocabulary occurs.
 */
static const struct {
	const char *id;
	char verdict;
} pinned_verdicts[] = {
	{ "tcs-q-flat-2d", 'H' }, { "tcs-q-flat-3d", 'F' }, { "tcs-i-linear-2d", 'H' },
	{ "tcs-i-linear-3d", 'F' }, { "tcs-t3-case1", 'P' }, { "tcs-t3-case2", 'P' }, { "tcs-t3-case3", 'S' },
	{ "tcs-t3-case4", 'S' }, { "tcs-t3-case5", 'H' }, { "tcs-t3-case6", 'I' }, { "tcs-model-case1", 'F' },
	{ "tcs-model-case2", 'F' }, { "tcs-model-case3", 'I' }, { "tcs-model-case4", 'H' },
	{ "tcs-model-case5", 'H' }, { "tcs-model-case6", 'I' },
	{ "harness-model-ratio-case1", 'F' }, { "harness-model-ratio-case2", 'I' }, { "harness-model-ratio-case3", 'S' },
	{ "harness-model-ratio-case4", 'I' }, { "harness-model-ratio-case5", 'I' }, { "harness-model-ratio-case6", 'I' },
	{ "tcs-sweet-spot", 'S' }, { "tcs-t4-sparse-dense", 'I' },
	{ "tcs-model-sparse-bound", 'I' }, { "sptc-cudnn", 'F' }, { "sptc-drstencil", 'N' },
	{ "sptc-cuda-core-mean", 'N' }, { "sptc-drstencil-radius", 'N' }, { "sptc-tcstencil", 'F' },
	{ "sptc-convstencil", 'F' }, { "sptc-lorastencil", 'I' }, { "sptc-flashfftstencil", 'I' },
	{ "sptc-tc-mean", 'I' }, { "sptc-l16-cudnn", 'F' }, { "sptc-l16-tcstencil", 'F' },
	{ "sptc-l16-convstencil", 'F' }, { "nongemm-eq23", 'H' }, { "nongemm-eq24-case1", 'H' },
	{ "nongemm-tc-under-t3", 'H' }, { "tcs-q-model", 'S' }, { "tcs-f-model", 'F' }, { "tcs-i-model", 'F' },
	{ "fermi-ps-beats-naive-fp64", 'F' }, { "fermi-wf-beats-naive-fp64", 'H' },
	{ "fermi-ps-beats-naive-fp32", 'H' }, { "fermi-wf-beats-naive-fp32", 'H' },
	{ "fermi-wf-fastest-fp64", 'H' }, { "fermi-wf-fastest-fp32", 'H' }, { "fermi-wf-size-fp64", 'F' },
	{ "fermi-wf-size-fp32", 'F' }, { "fermi-ps-pow2-drop", 'N' }, { "fermi-ps-pitch-drop", 'F' },
	{ "nongemm-scale-below-l2", 'S' }, { "nongemm-scale-above-l2", 'H' }, { "nongemm-dasp-shrinks", 'H' },
	{ "nongemm-dasp-below-one", 'H' }, { "nongemm-warmup", 'F' }, { "nongemm-suite", 'H' },
	{ "hopper-wgmma", 'I' }, { "harness-warmup-1s", 'N' }, { "harness-warmup-005s", 'N' },
	{ "harness-power-roof", 'N' },
};

/* the letter of verdict w (HFPISN), '?' for a word outside the vocabulary */
static char verdict_letter(const char *w)
{
	static const char *const words[] = { "holds", "does not hold", "premise absent here",
					     "inconclusive: implementation-limited", "inconclusive: within spread",
					     "not measured" };
	size_t k = 0;
	while (k < 6 && strcmp(words[k], w))
		k++;
	return k < 6 ? "HFPISN"[k] : '?';
}

/* the pinned letter of claim id, or 0 when it has none */
static char pinned_of(const char *id)
{
	for (size_t i = 0; i < sizeof(pinned_verdicts) / sizeof(pinned_verdicts[0]); i++)
		if (!strcmp(pinned_verdicts[i].id, id))
			return pinned_verdicts[i].verdict;
	return 0;
}

/* whether the verdicts v hold a row of claim id */
static int has_claim(const struct csv_table *v, const char *id)
{
	for (size_t r = 0; r < v->nrows; r++)
		if (!strcmp(csv_table_get(v, r, "id"), id))
			return 1;
	return 0;
}

static void test_verdicts_pinned(void **state)
{
	(void)state;
	char bad[4096] = "", seen[8] = "";
	struct csv_table v;
	render_fixture("run-verdicts", "verdicts", temp_dir(), &v);
	for (size_t r = 0; r < v.nrows; r++) {   /* each rendered claim against its pinned letter */
		const char *id = csv_table_get(&v, r, "id");
		const char got = verdict_letter(csv_table_get(&v, r, "verdict")), want = pinned_of(id);
		if (!want)
			snprintf(bad + strlen(bad), sizeof(bad) - strlen(bad), "; %s: no pinned verdict (rendered %c: add "
				 "its line to pinned_verdicts)", id, got);
		else if (got != want)
			snprintf(bad + strlen(bad), sizeof(bad) - strlen(bad), "; %s: %c, pinned %c", id, got, want);
		if (!strchr(seen, got) && strlen(seen) + 1 < sizeof(seen))
			seen[strlen(seen)] = got;
	}
	for (size_t i = 0; i < sizeof(pinned_verdicts) / sizeof(pinned_verdicts[0]); i++)
		if (!has_claim(&v, pinned_verdicts[i].id))
			snprintf(bad + strlen(bad), sizeof(bad) - strlen(bad), "; %s: pinned, but no such claim in "
				 "data/paper/claims.csv", pinned_verdicts[i].id);
	csv_table_free(&v);
	if (bad[0])
		fail_msg("verdicts of run-verdicts against the pinned ones: %s", bad + 2);
	for (const char *o = "HFPISN"; *o; o++)   /* every outcome of the vocabulary occurs */
		if (!strchr(seen, *o))
			fail_msg("no claim of run-verdicts is judged %c", *o);
}

/* tcs-table4 from the fixture: the ratio is the run's sparse over dense, beside the paper's 3.06 */
static void test_joined_values(void **state)
{
	(void)state;
	char err[1024];
	struct csv_table run, t4;
	render_fixture("run-small", "tcs-table4", temp_dir(), &t4);
	assert_int_equal(csv_table_read(repo_path("tests/fixtures/run-small/tcs-table4.csv"), &run, err, sizeof(err)), 0);
	double dense, sparse, ratio, paper;
	assert_int_equal(csv_table_num(&run, 0, "gstencil_per_s", &dense, err, sizeof(err)), 0);
	assert_int_equal(csv_table_num(&run, 1, "gstencil_per_s", &sparse, err, sizeof(err)), 0);
	assert_int_equal(csv_table_num(&t4, 1, "ratio_measured", &ratio, err, sizeof(err)), 0);
	assert_int_equal(csv_table_num(&t4, 1, "ratio_paper", &paper, err, sizeof(err)), 0);
	assert_near(ratio, sparse / dense, 1e-6 * ratio);
	assert_near(paper, 3.06, 1e-12);
	assert_string_equal(csv_table_get(&t4, 1, "method"), "spider");
	csv_table_free(&run);
	csv_table_free(&t4);
}

/* the authors' row of a rendered row (data/paper/kernels-vs-authors.csv): same stencil, dtype,
 * fusion, size and method without its option */
/* the authors' row of rendered row r: its problem at the same size, else at the artifact's own */
static long authors_of(const struct csv_table *a, const struct csv_table *k, size_t r)
{
	char base[64];
	long other = -1;
	snprintf(base, sizeof(base), "%s", csv_table_get(k, r, "method"));
	base[strcspn(base, ":")] = '\0';
	for (size_t q = 0; q < a->nrows; q++)
		if (!strcmp(csv_table_get(a, q, "stencil"), csv_table_get(k, r, "stencil")) &&
		    !strcmp(csv_table_get(a, q, "dtype"), csv_table_get(k, r, "dtype")) &&
		    !strcmp(csv_table_get(a, q, "fusion"), csv_table_get(k, r, "fusion")) &&
		    !strcmp(csv_table_get(a, q, "method"), base)) {
			if (!strcmp(csv_table_get(a, q, "size"), csv_table_get(k, r, "size")))
				return (long)q;
			if (other < 0)
				other = (long)q;
		}
	return other;
}

static double cell_num(const struct csv_table *t, size_t r, const char *col)
{
	const char *s = csv_table_get(t, r, col);
	return s && *s && strcmp(s, "NA") ? strtod(s, NULL) : NAN;
}

/* kernels-vs-authors from the fixture run (an H100) and without a run: every row of the list, in
 * its data regime, meets its authors' number, power and energy (power over rate); with a run,
 * ratio = measured / authors (and / the artifact's own depth where there is one) and share of
 * roof = measured / model, on the random rows the fixture holds (the artifact rows: not run); the
 * H100 run gets the two-GPUs caveat */
static void test_kernels_vs_authors(void **state)
{
	(void)state;
	char err[1024], path[512];
	struct csv_table a, run, k;
	assert_int_equal(csv_table_read(repo_path("data/paper/kernels-vs-authors.csv"), &a, err, sizeof(err)), 0);
	assert_int_equal(csv_table_read(repo_path("tests/fixtures/run-small/kernels-vs-authors.csv"), &run, err,
					sizeof(err)), 0);
	struct csv_table list;
	assert_int_equal(csv_table_read(repo_path("experiments/kernels-vs-authors.csv"), &list, err, sizeof(err)), 0);
	for (int with_run = 0; with_run < 2; with_run++) {
		const char *out = temp_dir();
		struct render_ctx c;
		assert_int_equal(render_open(&c, repo_path("."), with_run ? repo_path("tests/fixtures/run-small") : NULL,
					     NULL, out, err, sizeof(err)), 0);
		if (render_target(&c, "kernels-vs-authors", err, sizeof(err)) != 0)
			fail_msg("%s", err);
		render_close(&c);
		snprintf(path, sizeof(path), "%s/kernels-vs-authors.csv", out);
		assert_int_equal(csv_table_read(path, &k, err, sizeof(err)), 0);
		assert_int_equal(k.nrows, list.nrows);   /* the experiment list's rows */
		size_t measured = 0, own = 0;
		for (size_t r = 0; r < k.nrows; r++) {
			long ar = authors_of(&a, &k, r);
			if (ar < 0)
				fail_msg("row %zu (%s %s): no authors' row", r, csv_table_get(&k, r, "label"),
					 csv_table_get(&k, r, "method"));
			double ag = cell_num(&a, (size_t)ar, "gstencil_per_s"), ao = cell_num(&a, (size_t)ar,
											 "gstencil_per_s_own_depth");
			assert_near(cell_num(&k, r, "authors_gstencil_per_s"), ag, 1e-9 * ag);
			assert_string_equal(csv_table_get(&k, r, "artifact"), csv_table_get(&a, (size_t)ar, "artifact"));
			assert_string_equal(csv_table_get(&k, r, "data"), csv_table_get(&list, r, "data"));
			const double apw = cell_num(&a, (size_t)ar, "power_w");
			assert_near(cell_num(&k, r, "authors_power_w"), apw, 1e-9 * apw);
			assert_near(cell_num(&k, r, "authors_energy_nj_per_point_step"), apw / ag, 1e-9 * apw / ag);
			double mg = cell_num(&k, r, "model_gstencil_per_s");
			assert_true(isfinite(mg) && mg > 0);
			/* the run's row of this configuration */
			long rr = -1;
			const int random = !strcmp(csv_table_get(&k, r, "data"), "random");
			for (size_t q = 0; with_run && random && q < run.nrows; q++)
				if (!strcmp(csv_table_get(&run, q, "stencil"), csv_table_get(&k, r, "stencil")) &&
				    !strcmp(csv_table_get(&run, q, "dtype"), csv_table_get(&k, r, "dtype")) &&
				    !strcmp(csv_table_get(&run, q, "method"), csv_table_get(&k, r, "method")) &&
				    !strcmp(csv_table_get(&run, q, "fusion"), csv_table_get(&k, r, "fusion")) &&
				    !strcmp(csv_table_get(&run, q, "size"), csv_table_get(&k, r, "size")))
					rr = (long)q;
			if (rr < 0) {   /* model and authors only */
				assert_string_equal(csv_table_get(&k, r, "status"), "not run");
				assert_true(isnan(cell_num(&k, r, "gstencil_per_s")));
				assert_true(isnan(cell_num(&k, r, "ratio_vs_authors")));
				assert_true(isnan(cell_num(&k, r, "share_of_roof_pct")));
				continue;
			}
			measured++;
			double g = cell_num(&run, (size_t)rr, "gstencil_per_s");
			assert_near(cell_num(&k, r, "gstencil_per_s"), g, 1e-9 * g);
			assert_near(cell_num(&k, r, "ratio_vs_authors"), g / ag, 1e-6 * g / ag);
			/* the run's model column, on its ceilings with the kernel's sigma */
			assert_near(mg, cell_num(&run, (size_t)rr, "model_gstencil_per_s"), 1e-6 * mg);
			assert_near(cell_num(&k, r, "share_of_roof_pct"), 100 * g / mg, 1e-6 * 100 * g / mg);
			if (isfinite(ao)) {
				own++;
				assert_near(cell_num(&k, r, "ratio_vs_authors_own_depth"), g / ao, 1e-6 * g / ao);
				assert_near(cell_num(&k, r, "authors_own_depth"), 5, 0);
			}
		}
		assert_int_equal(measured, with_run ? run.nrows : 0);
		assert_int_equal(own, with_run ? 1 : 0);
		csv_table_free(&k);
		/* the table: both reference values of EBISU box3d1r fp64, a throttled row marked, and the
		 * two-GPUs caveat for the H100 run only */
		snprintf(path, sizeof(path), "%s/kernels-vs-authors.md", out);
		const char *md = read_text(path);
		assert_non_null(strstr(md, "| 147.0 / 184.4 at its own t=5 |"));
		assert_non_null(strstr(md, "| SPIDER (f16 accumulate; finite weights) |"));
		assert_non_null(strstr(md, "| EBISU (depth 3; shipped weights), at 384x352x2560 (int 382x350x2558) |"));
		assert_int_equal(strstr(md, "not an H200: harness / authors compares different GPUs") != NULL, with_run);
		/* the authors' steady numbers, each side's clock (the harness's after the regime, the authors'
		 * with their power and energy) */
		assert_int_equal(strstr(md, "| box2d1r fp64 t=3 10240x10240 | ebisu | random | 1425 | 388.6 (throttled 10/10) | "
					"NA | NA | EBISU (depth 3; shipped weights) | 569.8 | 1980, 520, 0.912 | 0.68 | 531.7 | "
					"73.1 % | verified |") != NULL, with_run);
		assert_int_equal(strstr(md, "| 1755 | 442.6 | NA | NA | EBISU (depth 3; shipped weights), at 384x352x2560 (int "
					"382x350x2558) | 147.0 / 184.4 at its own t=5 | 1980, 328, 2.230 | 3.01 / 2.40 vs its own "
					"t=5 | 531.7 | 83.2 % | verified |") != NULL, with_run);
		assert_int_equal(strstr(md, "model and paper only") != NULL, !with_run);
	}
	csv_table_free(&a);
	csv_table_free(&run);
	csv_table_free(&list);
}

static void test_verdict_logic(void **state)
{
	(void)state;
	assert_int_equal(verdict_at_least(3.0, 3.06, 0.05), V_HOLDS);     /* within 5 % below */
	assert_int_equal(verdict_at_least(1.40, 3.06, 0.05), V_FAILS);
	assert_int_equal(verdict_at_least(NAN, 3.06, 0.05), V_NA);
	assert_int_equal(verdict_at_most(0.73, 1.33, 0), V_HOLDS);
	assert_int_equal(verdict_at_most(1.40, 1.33, 0), V_FAILS);
	const double flat[] = { 16.0, 16.5, 17.2, 15.9 }, steep[] = { 16.0, 17.0, 22.1, 68.9 };
	assert_int_equal(verdict_flat(flat, 4, 0.15), V_HOLDS);
	assert_int_equal(verdict_flat(steep, 4, 0.15), V_FAILS);
	assert_int_equal(verdict_flat(flat, 1, 0.15), V_NA);
	assert_string_equal(verdict_name(V_FAILS), "does not hold");
	/* the decision, through each of its outcomes: a rate claim that flips at 1.5x, its side one
	 * kernel at 40 % of its roof without an authors' number, its family's floor 25 % */
	char why[320];
	struct claim_eval e = CLAIM_EVAL(V_FAILS);
	e.n = e.N = 2, e.rate = 1, e.margin = 1.5, e.nside = 1;
	e.side[0] = (struct flip_side){ "spider fp16", NAN, "", 0.40, 0.25, "SPIDER's box2d7r, 25 %" };
	assert_int_equal(verdict_decide(&e, why, sizeof(why)), VO_FAILS);
	e.side[0].share = 0.20;   /* under a quarter, and its roof 5x away: could flip it */
	assert_int_equal(verdict_decide(&e, why, sizeof(why)), VO_IMPL_LIMITED);
	assert_non_null(strstr(why, "spider fp16 at 20.0 % of its roof, under the 25 %"));
	e.side[0].floor = NAN;    /* no artifact of its family: never gated on its roof */
	assert_int_equal(verdict_decide(&e, why, sizeof(why)), VO_FAILS);
	e.side[0].floor = 0.25;
	e.margin = 6;             /* its roof would not flip it */
	assert_int_equal(verdict_decide(&e, why, sizeof(why)), VO_FAILS);
	e.margin = 1.5, e.side[0].best_known = 1.2;   /* the authors' 1.2x ours: not enough */
	assert_int_equal(verdict_decide(&e, why, sizeof(why)), VO_FAILS);
	e.side[0].best_known = 1.6;                   /* 1.6x ours: substituting it flips it */
	assert_int_equal(verdict_decide(&e, why, sizeof(why)), VO_IMPL_LIMITED);
	e.side[0].best_known = 0.9;                   /* ours faster than theirs: never evidence */
	assert_int_equal(verdict_decide(&e, why, sizeof(why)), VO_FAILS);
	e.halfwidth = log(1.5) + 1e-9, e.level = 0.95;   /* its interval holds the threshold */
	assert_int_equal(verdict_decide(&e, why, sizeof(why)), VO_SPREAD);
	e.halfwidth = log(1.5) - 1e-9;                   /* clears it */
	assert_int_equal(verdict_decide(&e, why, sizeof(why)), VO_FAILS);
	e.halfwidth = NAN, e.base = V_HOLDS;
	assert_int_equal(verdict_decide(&e, why, sizeof(why)), VO_HOLDS);
	e.premise_absent = 1;
	assert_int_equal(verdict_decide(&e, why, sizeof(why)), VO_PREMISE_ABSENT);
	e.n = 1;
	assert_int_equal(verdict_decide(&e, why, sizeof(why)), VO_NOT_MEASURED);    /* a partial set never decides */
	e.n = 2, e.premise_absent = 0, e.base = V_NA;
	assert_int_equal(verdict_decide(&e, why, sizeof(why)), VO_NOT_MEASURED);
	e.base = V_HOLDS, e.N = 0, e.n = 0;
	assert_int_equal(verdict_decide(&e, why, sizeof(why)), VO_NOT_MEASURED);
	assert_string_equal(verdict_out_name(VO_IMPL_LIMITED), "inconclusive: implementation-limited");
	assert_string_equal(verdict_out_name(VO_PREMISE_ABSENT), "premise absent here");
	/* the interval decides, on either side and in either unit: a rate's in the flip factor's log, a
	 * distance's in its own; its text gives the interval's ends */
	struct claim_eval c = CLAIM_EVAL(V_HOLDS);
	c.n = c.N = 2, c.rate = 1, c.margin = 1.20, c.level = 0.95, c.halfwidth = 0.2;
	snprintf(c.interval_why, sizeof(c.interval_why), "a fixture's design");
	assert_near(verdict_signed_margin(&c), log(1.2), 1e-12);
	assert_int_equal(verdict_decide(&c, why, sizeof(why)), VO_SPREAD);   /* log 1.2 = 0.18 under 0.2 */
	assert_non_null(strstr(why, "inside its 95 % interval of 0.982x to 1.47x (a fixture's design)"));
	c.halfwidth = 0.15;
	assert_int_equal(verdict_decide(&c, why, sizeof(why)), VO_HOLDS);
	c.base = V_FAILS;
	assert_near(verdict_signed_margin(&c), -log(1.2), 1e-12);
	assert_int_equal(verdict_decide(&c, why, sizeof(why)), VO_FAILS);
	c = (struct claim_eval)CLAIM_EVAL(V_FAILS);
	c.n = c.N = 1, c.margin = 0.05, c.level = 0.9, c.halfwidth = 0.07;
	assert_int_equal(verdict_decide(&c, why, sizeof(why)), VO_SPREAD);
	assert_non_null(strstr(why, "lies 0.05 from its threshold, inside its 90 % interval of -0.02 to 0.12"));
	c.margin = 0.08;
	assert_int_equal(verdict_decide(&c, why, sizeof(why)), VO_FAILS);
	c.halfwidth = NAN;   /* no interval: the base decides */
	c.margin = 0.01;
	assert_int_equal(verdict_decide(&c, why, sizeof(why)), VO_FAILS);
	c.premise_absent = 1;   /* the premise aside: the measurement's margin all the same */
	assert_near(verdict_signed_margin(&c), -0.01, 1e-12);
	assert_int_equal(verdict_decide(&c, why, sizeof(why)), VO_PREMISE_ABSENT);
	c.base = V_NA;          /* no answer, no margin */
	assert_true(isnan(verdict_signed_margin(&c)));
	/* an exact line and a noisy one */
	const double x[] = { 1, 2, 3, 4 }, y[] = { 3, 5, 7, 9 }, yn[] = { 3, 5.5, 6.5, 9 };
	double a, b, r2;
	linear_fit(x, y, 4, &a, &b, &r2);
	assert_near(a, 1, 1e-12);
	assert_near(b, 2, 1e-12);
	assert_near(r2, 1, 1e-12);
	linear_fit(x, yn, 4, &a, &b, &r2);
	assert_near(b, 1.9, 1e-12);
	assert_near(a, 1.25, 1e-12);
	assert_true(r2 < 1 && r2 > 0.9);
}

/* a truncated run CSV names its file and line */
static void test_truncated_run(void **state)
{
	(void)state;
	char err[1024], cmd[1024], path[512];
	const char *run = temp_dir(), *out = temp_dir();
	snprintf(cmd, sizeof(cmd), "cp %s/* %s/", repo_path("tests/fixtures/run-small"), run);
	assert_int_equal(system(cmd), 0);
	/* cut the last row of tcs-table3.csv in half */
	snprintf(path, sizeof(path), "%s/tcs-table3.csv", run);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	static char buf[1 << 16];
	size_t n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	f = fopen(path, "w");
	assert_non_null(f);
	fwrite(buf, 1, n - 400, f);
	fputc('\n', f);
	fclose(f);
	struct render_ctx c;
	assert_int_equal(render_open(&c, repo_path("."), run, NULL, out, err, sizeof(err)), 0);
	assert_int_equal(render_target(&c, "tcs-table3", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "tcs-table3.csv:4:"));
	/* a missing column is named too */
	assert_int_equal(render_target(&c, "tcs-table2", err, sizeof(err)), 0);
	render_close(&c);
	snprintf(cmd, sizeof(cmd), "sed -i '1s/gstencil_per_s/gstencil/' %s/tcs-table2.csv", run);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(render_open(&c, repo_path("."), run, NULL, out, err, sizeof(err)), 0);
	assert_int_equal(render_target(&c, "tcs-table2", err, sizeof(err)), -1);
	if (!strstr(err, "missing column 'gstencil_per_s'"))
		fail_msg("%s", err);
	render_close(&c);
}

/* a table measured by a QUICK invocation says so in its title; a full one does not */
static void test_quick_label(void **state)
{
	(void)state;
	char err[1024], cmd[1024], path[512], line[1024];
	const char *run = temp_dir(), *out = temp_dir();
	struct render_ctx c;
	snprintf(cmd, sizeof(cmd), "cp %s/* %s/", repo_path("tests/fixtures/run-small"), run);
	assert_int_equal(system(cmd), 0);
	for (int quick = 0; quick < 2; quick++) {
		if (quick) {   /* meta.csv gains a QUICK row for the invocation that wrote tcs-table4.csv */
			struct csv_table m, t4;
			struct csv_writer w;
			snprintf(path, sizeof(path), "%s/meta.csv", run);
			assert_int_equal(csv_table_read(path, &m, err, sizeof(err)), 0);
			snprintf(cmd, sizeof(cmd), "%s/tcs-table4.csv", run);
			assert_int_equal(csv_table_read(cmd, &t4, err, sizeof(err)), 0);
			assert_int_equal(csv_writer_open(&w, path, (const char *const *)m.header, m.ncols), 0);
			for (int r = 0; r < 2; r++) {
				for (size_t k = 0; k < m.ncols; k++)
					csv_put_str(&w, r == 0 ? m.cells[0][k] :
						    !strcmp(m.header[k], "run_id") ? csv_table_get(&t4, 0, "run_id") :
						    !strcmp(m.header[k], "protocol") ? "QUICK: smoke" : m.cells[0][k]);
				csv_end_row(&w);
			}
			assert_int_equal(csv_writer_close(&w), 0);
			csv_table_free(&m);
			csv_table_free(&t4);
		}
		assert_int_equal(render_open(&c, repo_path("."), run, NULL, out, err, sizeof(err)), 0);
		assert_int_equal(render_target(&c, "tcs-table4", err, sizeof(err)), 0);
		render_close(&c);
		snprintf(path, sizeof(path), "%s/tcs-table4.md", out);
		FILE *f = fopen(path, "r");
		assert_non_null(f);
		assert_non_null(fgets(line, sizeof(line), f));
		fclose(f);
		assert_int_equal(strstr(line, "QUICK smoke run") != NULL, quick);
	}
}

/* the verdicts on the fixture run: a claim with all its rows gets a verdict, one without is open */
static void test_fixture_verdicts(void **state)
{
	(void)state;
	struct csv_table v;
	const char *out = temp_dir();
	char mdpath[512];
	render_fixture("run-small", "verdicts", out, &v);
	/* the Markdown shows every measured text whole, as the CSV holds it ('|' escaped) */
	snprintf(mdpath, sizeof(mdpath), "%s/verdicts.md", out);
	const char *md = read_text(mdpath);
	for (size_t r = 0; r < v.nrows; r++) {
		char want[1024], *w = want;
		for (const char *p = csv_table_get(&v, r, "measured_text"); *p && w < want + sizeof(want) - 3; p++) {
			if (*p == '|')
				*w++ = '\\';
			*w++ = *p;
		}
		*w = '\0';
		if (!strstr(md, want))
			fail_msg("verdicts.md cuts '%s'", want);
	}
	int flat2d = -1, t4 = -1, bound = -1, nongemm = -1, case1 = -1, model1 = -1, eq24 = -1, fig11 = -1;
	for (size_t r = 0; r < v.nrows; r++) {
		const char *id = csv_table_get(&v, r, "id"), *verdict = csv_table_get(&v, r, "verdict");
		const char *rows = csv_table_get(&v, r, "rows"), *text = csv_table_get(&v, r, "verdict_text");
		/* the fixture holds box2d1r fp32 t = 1..3 only: 3 of the 32 rows the claim needs, which
		 * leaves it open rather than deciding it on a part */
		if (!strcmp(id, "tcs-q-flat-2d"))
			flat2d = !strcmp(verdict, "not measured") && !strcmp(rows, "3/32");
		/* 588.8 / 421.7 = 1.40 < 3.06, the sparse kernel at 23.7 % of its roof; on this H100 no
		 * authors' artifact was measured, so no family floor: not gated, said in its basis */
		if (!strcmp(id, "tcs-t4-sparse-dense"))
			t4 = !strcmp(verdict, "does not hold") && !strcmp(rows, "2/2") &&
			     strstr(csv_table_get(&v, r, "basis"), "spider tf32, at 23.7 % of its roof at best (no authors' "
				    "artifact of its family measured on this GPU model: not gated)");
		/* 1.40 <= 1.49: holds, the sparse kernel's roof not gating it here either */
		if (!strcmp(id, "tcs-model-sparse-bound"))
			bound = !strcmp(verdict, "holds") && strstr(text, "holds");
		/* convstencil / ebisu 0.73 <= 1.33, both kernels above a quarter of their roofs */
		if (!strcmp(id, "nongemm-eq23"))
			nongemm = !strcmp(verdict, "holds") && strstr(csv_table_get(&v, r, "model"), "alpha 2.07");
		/* case 1 on the H100: the model says scenario 1, the paper's premise is scenario 2 */
		if (!strcmp(id, "tcs-t3-case1"))
			case1 = !strcmp(verdict, "premise absent here") && strstr(text, "outside scenario 2 on this GPU");
		/* the model's TC/CC 1.00 against the measured 0.73: 27 % off, beyond its 25 %; it flips at
		 * 1.03x, inside the half-width of one measurement in the reference's design (the pinned
		 * spread file, about 7 %): a run of one measurement cannot decide it */
		if (!strcmp(id, "harness-model-ratio-case1"))
			model1 = !strcmp(verdict, "inconclusive: within spread") &&
				 !strcmp(csv_table_get(&v, r, "model"), "1.00") &&
				 fabs(strtod(csv_table_get(&v, r, "halfwidth"), NULL) - pinned_halfwidth(id)) < 1e-9 &&
				 log(strtod(csv_table_get(&v, r, "margin"), NULL)) < pinned_halfwidth(id) &&
				 strstr(text, "data/hw/claim-spread.csv for one measurement a configuration");
		/* 0.73 <= 1 + 3.38 / 11.3 = 1.30: the workload bound, on the H100's ridge */
		if (!strcmp(id, "nongemm-eq24-case1"))
			eq24 = !strcmp(verdict, "holds") && strstr(csv_table_get(&v, r, "model"), "B 11.3");
		/* Figure 11's conclusion needs cases 1, 2 and 5: the fixture has 3 of the 6 rows */
		if (!strcmp(id, "nongemm-tc-under-t3"))
			fig11 = !strcmp(verdict, "not measured") && !strcmp(rows, "3/6");
	}
	assert_int_equal(eq24, 1);
	assert_int_equal(fig11, 1);
	assert_int_equal(case1, 1);
	assert_int_equal(model1, 1);
	assert_int_equal(flat2d, 1);
	assert_int_equal(t4, 1);
	assert_int_equal(bound, 1);
	assert_int_equal(nongemm, 1);
	csv_table_free(&v);
}

static void test_newest_run(void **state)
{
	(void)state;
	char out[512], err[1024];
	static const char *const one[] = { "tcs-table4.csv", NULL }, *const all[] = { "tcs-table4.csv",
		"tcs-figure15.csv", NULL }, *const missing[] = { "tcs-table4.csv", "no-such.csv", NULL };
	/* run-verdicts (an H200's, the latest meta.csv date) holds tcs-table4.csv too */
	assert_int_equal(render_newest_run(repo_path("tests/fixtures"), one, out, sizeof(out), err, sizeof(err)), 0);
	assert_non_null(strstr(out, "run-verdicts"));
	assert_int_equal(render_newest_run(repo_path("tests/fixtures"), all, out, sizeof(out), err, sizeof(err)), 0);
	/* a run must hold every file named */
	assert_int_equal(render_newest_run(repo_path("tests/fixtures"), missing, out, sizeof(out), err, sizeof(err)), -1);
}

/* copy CSV src to dst with column col appended (value per data row: first row a, the others b) and
 * column blank set to NA in every row (blank NULL: none) */
static void csv_with_column(const char *src, const char *dst, const char *col, const char *a, const char *b,
			    const char *blank)
{
	char err[512];
	struct csv_table t;
	struct csv_writer w;
	if (csv_table_read(src, &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	const char *hdr[256];
	assert_true(t.ncols < 256);
	for (size_t k = 0; k < t.ncols; k++)
		hdr[k] = t.header[k];
	hdr[t.ncols] = col;
	assert_int_equal(csv_writer_open(&w, dst, hdr, t.ncols + 1), 0);
	for (size_t r = 0; r < t.nrows; r++) {
		for (size_t k = 0; k < t.ncols; k++)
			csv_put_str(&w, blank && !strcmp(t.header[k], blank) ? "NA" : t.cells[r][k]);
		csv_put_str(&w, r == 0 ? a : b);
		csv_end_row(&w);
	}
	assert_int_equal(csv_writer_close(&w), 0);
	csv_table_free(&t);
}

/* A run measured on two GPUs (GPUS=): each row is modelled on the ceilings of the GPU that ran it
 * (the run's gpus/SLUG/ceilings.csv), and the title says so. GPU B's copy bandwidth is 0.8 of A's:
 * B's memory-bound rows get 0.8 of the model, A's row the run's. */
static void test_gpu_ceilings(void **state)
{
	(void)state;
	char err[1024], cmd[2048], path[600], src[600];
	const char *run = temp_dir(), *out = temp_dir();
	const char *ua = "GPU-697b98ae-ef07-3d0a-093c-9378b3e91d2d", *ub = "GPU-bbbbbbbb-0000-0000-0000-000000000000";
	struct csv_table base, two;
	struct render_ctx c;
	snprintf(cmd, sizeof(cmd), "cp %s/* %s/", repo_path("tests/fixtures/run-small"), run);
	assert_int_equal(system(cmd), 0);
	/* rows without their own model column, so that the renderer's model shows */
	snprintf(src, sizeof(src), "%s/tcs-table3.csv", repo_path("tests/fixtures/run-small"));
	snprintf(path, sizeof(path), "%s/tcs-table3.csv", run);
	csv_with_column(src, path, "gpu_uuid", ua, ub, "model_gstencil_per_s");
	render_fixture_dir(run, "tcs-table3", out, &base);   /* one GPU: the run's ceilings */
	snprintf(src, sizeof(src), "%s/meta.csv", repo_path("tests/fixtures/run-small"));
	snprintf(path, sizeof(path), "%s/meta.csv", run);
	snprintf(cmd, sizeof(cmd), "sed -n 2p %s | sed 's/%s/%s/' >> %s", src, ua, ub, path);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "mkdir -p %s/gpus/h100-697b98ae-2026-01-01 %s/gpus/h100-bbbbbbbb-2026-01-01 && "
		 "cp %s/ceilings.csv %s/gpus/h100-697b98ae-2026-01-01/ && "
		 "awk -F, -v OFS=, '$1 == \"dram_copy_bandwidth\" { $2 = $2 * 0.8 } 1' %s/ceilings.csv "
		 "> %s/gpus/h100-bbbbbbbb-2026-01-01/ceilings.csv", run, run, run, run, run, run);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(render_open(&c, repo_path("."), run, NULL, out, err, sizeof(err)), 0);
	assert_non_null(strstr(c.title, "2 GPUs (GPU-697b98ae, GPU-bbbbbbbb; each row's model on its GPU's"));
	render_close(&c);
	render_fixture_dir(run, "tcs-table3", out, &two);
	int seen_a = 0, seen_b = 0;
	for (size_t r = 0; r < base.nrows; r++) {
		if (strcmp(csv_table_get(&base, r, "status"), "verified"))   /* the run's rows */
			continue;
		double m1 = cell_num(&base, r, "model_gstencil_per_s"), m2 = cell_num(&two, r, "model_gstencil_per_s");
		/* the run's first row (case 1's ebisu) is A's, the others B's */
		int first = !strcmp(csv_table_get(&base, r, "method"), "ebisu") &&
			    !strcmp(csv_table_get(&base, r, "case"), "1");
		assert_string_equal(csv_table_get(&base, r, "bound"), "memory");
		assert_true(fabs(m2 / m1 - (first ? 1.0 : 0.8)) < 1e-6);   /* the CSV's 10 digits */
		seen_a += first;
		seen_b += !first;
	}
	assert_true(seen_a == 1 && seen_b == 2);
	/* a run grown list by list: A measured the run's ceilings and has none under gpus/, and its
	 * rows are modelled on the run's; the title says how many have their own */
	snprintf(cmd, sizeof(cmd), "rm -r %s/gpus/h100-697b98ae-2026-01-01", run);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(render_open(&c, repo_path("."), run, NULL, out, err, sizeof(err)), 0);
	assert_non_null(strstr(c.title, "2 GPUs (GPU-697b98ae, GPU-bbbbbbbb; 1 with ceilings of its own, the other rows "
			       "modelled on the run's)"));
	render_close(&c);
	csv_table_free(&base);
	csv_table_free(&two);
}

/* REFERENCE names the run rendered by default, where it holds the files; else the newest (a missing
 * REFERENCE said); one that is not a run's name refused, naming the name read and the character */
static void test_reference_run(void **state)
{
	(void)state;
	char dir[300], p[600], out[600], err[1024];
	test_tmp(dir, sizeof(dir), "ref-XXXXXX");
	static const char *const x[] = { "x.csv", NULL }, *const y[] = { "y.csv", NULL };
	assert_non_null(mkdtemp(dir));
	const char *runs[] = { "old", "new" }, *dates[] = { "2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z" };
	for (int i = 0; i < 2; i++) {
		snprintf(p, sizeof(p), "%s/%s", dir, runs[i]);
		assert_int_equal(mkdir(p, 0755), 0);
		snprintf(p, sizeof(p), "%s/%s/meta.csv", dir, runs[i]);
		char meta[128];
		snprintf(meta, sizeof(meta), "run_id,date_utc\n1,%s\n", dates[i]);
		put_file(p, meta);
		snprintf(p, sizeof(p), "%s/%s/x.csv", dir, runs[i]);
		put_file(p, "a\n1\n");
	}
	snprintf(p, sizeof(p), "%s/old/y.csv", dir);
	put_file(p, "a\n1\n");
	assert_int_equal(render_newest_run(dir, x, out, sizeof(out), err, sizeof(err)), 0);
	assert_non_null(strstr(out, "/new"));
	/* without a REFERENCE the newest run is taken, and err says that REFERENCE is missing */
	if (!strstr(err, "/REFERENCE is missing") || !strstr(err, "holding x.csv instead") || !strstr(err, "/new"))
		fail_msg("no REFERENCE: err '%s'", err);
	snprintf(p, sizeof(p), "%s/REFERENCE", dir);
	put_file(p, "old\n");
	assert_int_equal(render_newest_run(dir, x, out, sizeof(out), err, sizeof(err)), 0);
	assert_non_null(strstr(out, "/old"));
	assert_string_equal(err, "");
	put_file(p, "new\n");                /* the reference lacks y.csv: the newest holding it */
	assert_int_equal(render_newest_run(dir, y, out, sizeof(out), err, sizeof(err)), 0);
	assert_non_null(strstr(out, "/old"));
	/* a REFERENCE that is not exactly a recorded run's name is an error, never the newest */
	put_file(p, "old \n");
	assert_int_equal(render_newest_run(dir, x, out, sizeof(out), err, sizeof(err)), -2);
	assert_non_null(strstr(err, "'old ' is not a run name: a trailing space;"));
	/* the name read, shown, and the character refused, in words */
	static const char *const odd[][2] = { { "old\r\n", "'old\\r' is not a run name: a carriage return (\\r) at its end" },
					      { "o ld\n", "'o ld' is not a run name: a space at character 2" },
					      { "old\nnew\n", "'old\\nnew' is not a run name: a second line" },
					      { "Old\n", "'Old' is not a run name: an upper-case 'O' at character 1" },
					      { "o\tld", "'o\\tld' is not a run name: a tab (\\t) at character 2" },
					      { "\n", "'' is not a run name: an empty line, no name" } };
	for (size_t k = 0; k < sizeof(odd) / sizeof(odd[0]); k++) {
		put_file(p, odd[k][0]);
		assert_int_equal(render_newest_run(dir, x, out, sizeof(out), err, sizeof(err)), -2);
		if (!strstr(err, odd[k][1]) || strchr(err, '\n') || strchr(err, '\r'))
			fail_msg("REFERENCE case %zu: err '%s'", k, err);
	}
	put_file(p, "gone\n");
	assert_int_equal(render_newest_run(dir, x, out, sizeof(out), err, sizeof(err)), -2);
	assert_non_null(strstr(err, "not a recorded run"));
	/* a REFERENCE or a meta.csv that is a FIFO is refused at once with one line naming it, never
	 * waited on (run_tool gives up on a tool after a minute) */
	char o[512], e[1024];
	const char *a[] = { "newest-run", "x.csv", "--runs", dir, NULL };
	snprintf(p, sizeof(p), "%s/REFERENCE", dir);
	assert_int_equal(unlink(p), 0);
	assert_int_equal(mkfifo(p, 0644), 0);
	int rc = run_tool("stencil-render", a, o, sizeof(o), e, sizeof(e));
	if (rc != 2 || !strstr(e, p) || !strstr(e, "it is a FIFO") || strchr(e, '\n') != e + strlen(e) - 1)
		fail_msg("REFERENCE a FIFO: exit %d, '%s'", rc, e);
	assert_int_equal(unlink(p), 0);
	snprintf(p, sizeof(p), "%s/new/meta.csv", dir);
	assert_int_equal(unlink(p), 0);
	assert_int_equal(mkfifo(p, 0644), 0);
	rc = run_tool("stencil-render", a, o, sizeof(o), e, sizeof(e));
	if (rc != 2 || !strstr(e, p) || !strstr(e, "it is a FIFO"))
		fail_msg("meta.csv a FIFO: exit %d, '%s'", rc, e);
	snprintf(p, sizeof(p), "rm -rf '%s'", dir);
	assert_int_equal(system(p), 0);
}

void run_render_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_target_renders),
		cmocka_unit_test(test_doc_tables),
		cmocka_unit_test(test_verdicts_pinned),
		cmocka_unit_test(test_joined_values),
		cmocka_unit_test(test_kernels_vs_authors),
		cmocka_unit_test(test_verdict_logic),
		cmocka_unit_test(test_truncated_run),
		cmocka_unit_test(test_quick_label),
		cmocka_unit_test(test_fixture_verdicts),
		cmocka_unit_test(test_newest_run),
		cmocka_unit_test(test_reference_run),
		cmocka_unit_test(test_gpu_ceilings),
	};
	RUN_GROUP(r, "render", tests);
}
