/*
 * test_make.c - the make layer: each case runs tests/make-cases.sh on a scratch copy of the
 * repository with a stub runner and a stub gnuplot (no GPU, nvcc or network): a new RUN measures
 * and renders that run, a missing or truncated run CSV is measured again, the runner's exit
 * statuses, the no-device fallback, two makes at once, failed renders keeping the previous
 * outputs, RUN names, knob values outside their set, the dirty-tree refusal, the run index
 * following data/runs/ and REFERENCE (a missing one said, a refused one's character named, a RUN
 * holding none of a target's lists refused),
 * kernels-vs-authors (measured and rendered, model-only without a run, left out of reproduce),
 * make reproduce on several GPUs (GPUS=) and its Slurm job scripts (SLURM=1 SLURM_SUBMIT=0), make
 * same-output's refusals of bad input, make smoke's last line (verified, skipped, wrong), and
 * scripts/deps.sh under make -j; and first contact (tests/fresh-clone.sh): the README's commands
 * in a fresh clone of the committed repository without a GPU, one at a time and three at once,
 * and every rendering target on its first invocation with and without recorded runs; and
 * CONTRIBUTING.md's recipes, replayed (tests/recipes.sh).
 */
#include "tests.h"

#include <stdio.h>
#include <stdlib.h>

static void make_case(const char *name)
{
	char cmd[2048];
	snprintf(cmd, sizeof(cmd), "bash %s %s %s %s", repo_path("tests/make-cases.sh"), name,
		 repo_path("."), test_build_dir);
	int rc = system(cmd);
	if (rc != 0)
		fail_msg("make case %s failed (status %d)", name, rc);
}

/* the README's commands in a fresh clone of the committed repository, without a GPU */
static void fresh_clone(const char *name)
{
	char cmd[2048];
	snprintf(cmd, sizeof(cmd), "git -C '%s' rev-parse --git-dir >/dev/null 2>&1", repo_path("."));
	if (system(cmd) != 0)
		test_skip("the repository is no git clone: nothing to clone");
	snprintf(cmd, sizeof(cmd), "bash %s %s %s", repo_path("tests/fresh-clone.sh"), name, repo_path("."));
	int rc = system(cmd);
	if (rc != 0)
		fail_msg("fresh-clone case %s failed (status %d)", name, rc);
}
/* every rendered output as pinned in tests/golden.sha256 (make golden pins a deliberate change) */
static void test_golden(void **state)
{
	(void)state;
	char cmd[2048];
	snprintf(cmd, sizeof(cmd), "bash %s check %s %s", repo_path("tests/golden.sh"), repo_path("."),
		 test_build_dir);
	int rc = system(cmd);
	if (rc != 0)
		fail_msg("an output differs from tests/golden.sha256 (status %d)", rc);
}

/* the floors hold: an include against them does not compile, no object calls up or in a loop */
static void test_floors(void **state)
{
	(void)state;
	char cmd[2048];
	snprintf(cmd, sizeof(cmd), "bash %s %s %s", repo_path("tests/floors.sh"), repo_path("."), test_build_dir);
	int rc = system(cmd);
	if (rc != 0)
		fail_msg("the floors do not hold (status %d)", rc);
}

/* CONTRIBUTING.md's recipes replayed on a scratch copy of the working tree: a claim on an existing
 * evaluator and a method's CPU part, step by step as the document shows them (tests/recipes.sh) */
static void test_recipes(void **state)
{
	(void)state;
	char cmd[2048];
	snprintf(cmd, sizeof(cmd), "bash %s %s %s", repo_path("tests/recipes.sh"), repo_path("."), test_build_dir);
	int rc = system(cmd);
	if (rc != 0)
		fail_msg("a recipe of CONTRIBUTING.md does not work (status %d)", rc);
}

#define FRESH_CASE(name, text) \
	static void test_fresh_##name(void **state) { (void)state; fresh_clone(text); }
FRESH_CASE(first_contact, "first-contact")
FRESH_CASE(concurrent, "concurrent")
FRESH_CASE(every_target, "every-target")

#define MAKE_CASE(name, text) \
	static void test_make_##name(void **state) { (void)state; make_case(text); }
MAKE_CASE(switch_run, "switch-run")
MAKE_CASE(exit_wrong, "exit-wrong")
MAKE_CASE(exit_error, "exit-error")
MAKE_CASE(no_device, "no-device")
MAKE_CASE(concurrent, "concurrent")
MAKE_CASE(failed_render, "failed-render")
MAKE_CASE(run_name, "run-name")
MAKE_CASE(dirty, "dirty")
MAKE_CASE(knobs, "knobs")
MAKE_CASE(run_index, "run-index")
MAKE_CASE(kernels_vs_authors, "kernels-vs-authors")
MAKE_CASE(deps_lock, "deps-lock")
MAKE_CASE(multi_gpu, "multi-gpu")
MAKE_CASE(replicas, "replicas")
MAKE_CASE(grow, "grow")
MAKE_CASE(smoke, "smoke")
MAKE_CASE(slurm, "slurm")
MAKE_CASE(compare, "compare")
MAKE_CASE(same_output, "same-output")

void run_make_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_make_switch_run),
		cmocka_unit_test(test_make_exit_wrong),
		cmocka_unit_test(test_make_exit_error),
		cmocka_unit_test(test_make_no_device),
		cmocka_unit_test(test_make_concurrent),
		cmocka_unit_test(test_make_failed_render),
		cmocka_unit_test(test_make_run_name),
		cmocka_unit_test(test_make_dirty),
		cmocka_unit_test(test_make_knobs),
		cmocka_unit_test(test_make_run_index),
		cmocka_unit_test(test_make_kernels_vs_authors),
		cmocka_unit_test(test_make_deps_lock),
		cmocka_unit_test(test_make_multi_gpu),
		cmocka_unit_test(test_make_replicas),
		cmocka_unit_test(test_make_grow),
		cmocka_unit_test(test_make_smoke),
		cmocka_unit_test(test_make_slurm),
		cmocka_unit_test(test_make_compare),
		cmocka_unit_test(test_make_same_output),
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_floors),
		cmocka_unit_test(test_recipes),
	};
	RUN_GROUP(r, "make", tests);
	const struct CMUnitTest fresh[] = {
		cmocka_unit_test(test_fresh_first_contact),
		cmocka_unit_test(test_fresh_concurrent),
		cmocka_unit_test(test_fresh_every_target),
	};
	RUN_GROUP(r, "fresh clone", fresh);
}
