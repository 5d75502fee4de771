/*
 * tests.h - shared pieces of the CPU test suite (cmocka): the group runners each test file
 * exports, and helpers to load the repository's data files and to run the CLI tools.
 */
#ifndef TESTS_H
#define TESTS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "hw.h"

struct group_result {
	int run, failed;
};

void run_stencil_tests(struct group_result *r);
void run_regime_tests(struct group_result *r);
void run_model_tests(struct group_result *r);
void run_papers_tests(struct group_result *r);
void run_csv_tests(struct group_result *r);
void run_cli_tests(struct group_result *r);
void run_measure_tests(struct group_result *r);
void run_verify_tests(struct group_result *r);
void run_transform_tests(struct group_result *r);
void run_sparse_tests(struct group_result *r);
void run_matrix_tests(struct group_result *r);
void run_render_tests(struct group_result *r);
void run_figures_tests(struct group_result *r);
void run_protocol_tests(struct group_result *r);
void run_compare_tests(struct group_result *r);
void run_fermi_tests(struct group_result *r);
void run_sanity_tests(struct group_result *r);
void run_run_rows_tests(struct group_result *r);
void run_make_tests(struct group_result *r);
void run_runs_tool_tests(struct group_result *r);
void run_csv_writers_tests(struct group_result *r);
void run_tables_tests(struct group_result *r);
void run_warmup_tests(struct group_result *r);
void run_verdicts_tests(struct group_result *r);
void run_design_tests(struct group_result *r);
void run_stale_tests(struct group_result *r);
void run_page_tests(struct group_result *r);
void run_node_tests(struct group_result *r);
void run_docs_tests(struct group_result *r);

/* test_transform.c: hash-random inputs at any (x, y, z), and the fused stencil applied to them
 * directly (the CPU reference), shared by the transformation tests */
struct dense_weights;
double test_input(void *ctx, long x, long y, long z);
double test_direct(const struct dense_weights *d, long x, long y, long z);

/* Path of a repository file (tests run with STENCIL_REPRO_ROOT set by make test). */
const char *repo_path(const char *rel);
/* The build directory holding the tools (argv[1] of the runner). */
extern const char *test_build_dir;
/* The method of tcs Table 3's case n (data/paper/tcs-table3.csv, the paper's own table): its
 * CUDA-core row's (cc 1) or its tensor-core row's (cc 0); fails the test when there is none. The
 * tests that need a CUDA-core and a tensor-core method on one of the paper's cases take them here,
 * not from a list of their own. */
const char *paper_case_method(int n, int cc);
/* The rows of experiments/targets.csv, read once (the test fails when they do not read): how many
 * in *n. The tests take their targets from the table, never from a list of their own. */
struct target_spec;
const struct target_spec *test_targets(size_t *n);
/* the first target of a kind (table, figure, verdicts, model) */
const char *test_target_of_kind(const char *kind);
/* the rendered targets that read configuration list `list` (their inputs; the verdicts: the lists
 * data/paper/claims.csv names), in the table's order: how many, at most max of them into out */
size_t test_list_readers(const char *list, const char **out, size_t max);
/* Load a GPU from data/hw/gpus.csv; fails the test when it cannot. */
void load_test_gpu(struct hw *hw, const char *gpu);
/* Write text to path (created or truncated); a failure fails the test, naming the path. */
void put_file(const char *path, const char *text);
/* The number in column col of the first row of the CSV at path whose keycol is key; fails the test
 * when the file does not read or no such row holds a number. */
double file_cell(const char *path, const char *keycol, const char *key, const char *col);
/* Write text to a fresh temporary file; returns its path (static buffer per call slot). */
const char *write_temp(const char *text, int slot);
/* Claim id's half-width for one measurement in the pinned spread file
 * (tests/fixtures/claim-spread-8bfad42.csv, the one render_fixture_dir judges with); fails without. */
double pinned_halfwidth(const char *id);
/* A fresh temporary directory (eight stay valid at a time). */
const char *temp_dir(void);

/* Run a tool of the build directory; returns its exit status (128 when it was killed by a signal,
 * as a tool still running after a minute is); stdout/stderr captured. */
int run_tool(const char *tool, const char *const *args, char *out, size_t outlen, char *err,
	     size_t errlen);

/* Render TARGET from the run in RUNDIR (or the committed fixture run tests/fixtures/NAME) into OUT
 * and read the CSV it wrote into t; a failure fails the test (test_render.c, also for the figures) */
struct csv_table;
void render_fixture_dir(const char *rundir, const char *target, const char *out, struct csv_table *t);
void render_fixture(const char *fixture, const char *target, const char *out, struct csv_table *t);

/* A text file's first 64 KiB, in a buffer the next call reuses; a file that does not open fails
 * the test. */
char *read_text(const char *path);

/* Whether gnuplot is on PATH (a test that draws figures skips, by name, without it). */
int have_gnuplot(void);
/* Draw plots/SCRIPT.gp with gnuplot from the repository root: assign (gnuplot statements, e.g.
 * "data='...'; load '...'"), then out='outbase'. 0 when gnuplot exits 0 having written outbase.png
 * and outbase.svg (not empty), else -1; log gets the end of gnuplot's output either way. */
int run_gnuplot(const char *script, const char *assign, const char *outbase, char *log, size_t loglen);
/* Call fn(arg, msg, len) in a child process held to 512 MiB of memory and seconds of time, so that
 * code that waits for ever (a FIFO) or reads without end (/dev/zero) fails its test, not the
 * suite: 0 when it returned (msg: what it wrote there), -1 when it did not (msg says how). */
int run_bounded(void (*fn)(void *arg, char *msg, size_t len), void *arg, unsigned seconds, char *msg,
		size_t len);

/* assert |a - b| <= tol */
#define assert_near(a, b, tol) assert_true(fabs((double)(a) - (double)(b)) <= (tol))

/* v rounds to the printed value s (report.h's printed_agrees), with a readable failure */
#define assert_printed(v, s) do { \
		if (printed_agrees((v), (s)) != 1) \
			fail_msg("%s = %.6f does not round to the printed %s", #v, (double)(v), (s)); \
	} while (0)

/* One named cmocka group: its name and time printed, its counts added to r */
#define RUN_GROUP(r, name, tests) do { \
		const double t0_ = test_now(); \
		int f_ = cmocka_run_group_tests_name(name, tests, NULL, NULL); \
		(r)->run += (int)(sizeof(tests) / sizeof((tests)[0])); \
		(r)->failed += f_; \
		printf("group %s: %.1f s\n", name, test_now() - t0_); \
	} while (0)

/* seconds on a monotonic clock */
double test_now(void);
/* Skip the calling test, by name, with the reason: printed, counted in the closing line's "N
 * skipped" and listed after it. */
#define test_skip(why) do { test_note_skip(__func__, why); skip(); } while (0)
void test_note_skip(const char *name, const char *why);
/* path (in buf) of a new name under the suite's own temporary directory, which the runner removes
 * at its end: pattern ends in XXXXXX, for mkstemp or mkdtemp */
char *test_tmp(char *buf, size_t len, const char *pattern);

#endif
