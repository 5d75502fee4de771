/*
 * test_stale.c - a title says whether its numbers were measured by the code rendering them, from
 * git: a fixture repository made here (kernels/ and profiling/ files, a run whose meta.csv and rows
 * name its commit) renders a target with no "stale" in its title while nothing changed; a change to
 * the kernel file of a method the target's rows use, committed, makes it "stale for" exactly that
 * file, and leaves a target without that method's rows (and a method's file the target does not
 * use) alone; an uncommitted change and new files count too, a long list is counted; a commit the
 * repository lacks, no repository at all and the check turned off each say so. The method tables
 * name kernel files that exist.
 */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvio.h"
#include "method.h"
#include "render.h"
#include "workload.h"

#define FIXTURE "tests/fixtures/run-steady"
/* a target of stencil methods with their own kernel files, and one of a workload's */
#define STENCIL_TARGET "tcs-table3"
#define WORKLOAD_TARGET "nongemm-figure6"

static char repo[512], run[600];

static void sh(const char *fmt, const char *a, const char *b)
{
	char cmd[2048];
	snprintf(cmd, sizeof(cmd), fmt, a, b);
	if (system(cmd) != 0)
		fail_msg("failed: %s", cmd);
}

static void write_file(const char *rel, const char *text)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/%s", repo, rel);
	put_file(path, text);
}

/* git -C repo ARGS: the first line of its output (a commit), in a static buffer */
static const char *git(const char *args)
{
	static char line[128];
	char cmd[1024];
	snprintf(cmd, sizeof(cmd), "git -C '%s' -c user.name=test -c user.email=test@example.com "
		 "-c commit.gpgsign=false %s", repo, args);
	FILE *p = popen(cmd, "r");
	line[0] = '\0';
	if (!p)
		fail_msg("failed: %s", cmd);
	if (!fgets(line, sizeof(line), p))
		line[0] = '\0';
	if (pclose(p) != 0)
		fail_msg("failed: %s", cmd);
	line[strcspn(line, "\n")] = '\0';
	return line;
}

/* every CSV of the run: its git_commit column commit, git_dirty no */
static void name_commit(const char *commit)
{
	DIR *d = opendir(run);
	assert_non_null(d);
	for (struct dirent *e; (e = readdir(d));) {
		char path[1200], err[512];
		struct csv_table t;
		struct csv_writer w;
		if (!strstr(e->d_name, ".csv"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", run, e->d_name);
		if (csv_table_read(path, &t, err, sizeof(err)) != 0)
			fail_msg("%s", err);
		const int gc = csv_table_col(&t, "git_commit"), gd = csv_table_col(&t, "git_dirty");
		assert_int_equal(csv_writer_open(&w, path, (const char *const *)t.header, t.ncols), 0);
		for (size_t r = 0; r < t.nrows; r++) {
			for (size_t k = 0; k < t.ncols; k++)
				csv_put_str(&w, (int)k == gc ? commit : (int)k == gd ? "no" : t.cells[r][k]);
			csv_end_row(&w);
		}
		assert_int_equal(csv_writer_close(&w), 0);
		csv_table_free(&t);
	}
	closedir(d);
}

/* the fixture repository: every kernel file of the method tables, a shared header and profiling/
 * files, committed; the run (a copy of the steady fixture) naming that commit, committed after it;
 * the commit's first 7 digits into short7 */
static void make_repo(char *short7)
{
	snprintf(repo, sizeof(repo), "%s/repo", temp_dir());
	snprintf(run, sizeof(run), "%s/run", repo);
	sh("mkdir -p '%s/kernels' '%s/profiling'", repo, repo);
	for (size_t i = 0; i < model_method_count; i++)
		write_file(model_methods[i].kernel, "one\n");
	for (size_t i = 0; i < workload_method_rows; i++)
		write_file(workload_methods[i].kernel, "one\n");
	write_file("kernels/ptx.cuh", "one\n");
	write_file("profiling/protocol.c", "one\n");
	git("init -q");
	git("add -A");
	git("commit -qm code");
	snprintf(short7, 8, "%s", git("rev-parse HEAD"));
	sh("cp -r '%s' '%s'", repo_path(FIXTURE), run);
	name_commit(git("rev-parse HEAD"));
	git("add -A");
	git("commit -qm run");
}

/* TARGET rendered from the run against the repository (NULL: the fixture repository): the first
 * line of its Markdown, in a static buffer */
static const char *title_of(const char *target, const char *against)
{
	static char line[4096];
	char err[1024], path[1024];
	const char *out = temp_dir();
	struct render_ctx c;
	if (render_open(&c, repo_path("."), run, NULL, out, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	snprintf(c.run.repo, sizeof(c.run.repo), "%s", against ? against : repo);
	if (render_target(&c, target, err, sizeof(err)) != 0)
		fail_msg("%s: %s", target, err);
	render_close(&c);
	snprintf(path, sizeof(path), "%s/%s.md", out, target);
	snprintf(line, sizeof(line), "%s", read_text(path));
	line[strcspn(line, "\n")] = '\0';
	return line;
}

/* the title ends with the words (its staleness), or has no staleness at all (words NULL) */
static void assert_ends(const char *title, const char *words)
{
	const char *at = words ? strstr(title, words) : NULL;
	if (words ? !at || at[strlen(words)] : strstr(title, "stale") != NULL)
		fail_msg("title '%s': wanted it to end with '%s'", title, words ? words : "(no staleness)");
}

/* the kernel file of the method of the stencil target's first run row (the table's column) */
static const char *used_kernel(void)
{
	static char file[128];
	char path[1024], err[512], name[64];
	struct csv_table t;
	snprintf(path, sizeof(path), "%s/%s.csv", run, STENCIL_TARGET);
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	snprintf(name, sizeof(name), "%.*s", (int)strcspn(csv_table_get(&t, 0, "method"), ":"),
		 csv_table_get(&t, 0, "method"));
	const struct model_method *m = model_method_find(name);
	assert_non_null(m);
	snprintf(file, sizeof(file), "%s", m->kernel);
	csv_table_free(&t);
	return file;
}

/* a kernel file of the method table that none of the stencil target's rows' methods has */
static const char *unused_kernel(void)
{
	char path[1024], err[512];
	struct csv_table t;
	snprintf(path, sizeof(path), "%s/%s.csv", run, STENCIL_TARGET);
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	const char *found = NULL;
	for (size_t i = 0; i < model_method_count && !found; i++) {
		int used = 0;
		for (size_t r = 0; r < t.nrows; r++) {
			char name[64];
			const char *method = csv_table_get(&t, r, "method");
			snprintf(name, sizeof(name), "%.*s", (int)strcspn(method, ":"), method);
			const struct model_method *m = model_method_find(name);
			used |= !m || !strcmp(m->kernel, model_methods[i].kernel);
		}
		found = used ? NULL : model_methods[i].kernel;
	}
	csv_table_free(&t);
	assert_non_null(found);
	return found;
}

/* a file the method table lists as one method's own (lowrank.c, lorastencil's) makes only that
 * method's rows stale: the fixture's tcs Table 3 holds no lorastencil row, so it stays fresh, where a
 * shared file (kernels/ptx.cuh) makes it stale */
static void test_stale_own_files(void **state)
{
	(void)state;
	if (system("git --version > /dev/null 2>&1") != 0)
		test_skip("git is not installed");
	char a[8], want[256];
	make_repo(a);
	const struct model_method *m = model_method_find("lorastencil");
	assert_non_null(m);
	assert_non_null(m->own_files);
	assert_non_null(strstr(m->own_files, "kernels/lowrank.c"));
	write_file("kernels/lowrank.c", "two\n");
	git("add -A");
	git("commit -qm lowrank");
	assert_ends(title_of(STENCIL_TARGET, NULL), NULL);
	write_file("kernels/ptx.cuh", "two\n");
	git("commit -qam shared");
	snprintf(want, sizeof(want), ", stale for kernels/ptx.cuh (changed since %s)", a);
	assert_ends(title_of(STENCIL_TARGET, NULL), want);
}

static void test_stale_fixture_repo(void **state)
{
	(void)state;
	if (system("git --version > /dev/null 2>&1") != 0)
		test_skip("git is not installed");
	char a[8], want[512];
	make_repo(a);
	/* (a) nothing changed since the run's commit: no staleness */
	assert_ends(title_of(STENCIL_TARGET, NULL), NULL);
	assert_ends(title_of(WORKLOAD_TARGET, NULL), NULL);
	/* (b) another method's kernel file, committed: not this target's rows */
	const char *mine = used_kernel(), *other = unused_kernel();
	write_file(other, "two\n");
	git("commit -qam other");
	assert_ends(title_of(STENCIL_TARGET, NULL), NULL);
	/* ... nor a header named after that method (kernels/NAME-part.cuh is NAME.cu's) */
	char header[160];
	snprintf(header, sizeof(header), "%.*s-part.cuh", (int)(strrchr(other, '.') - other), other);
	write_file(header, "new\n");
	git("add -A");
	git("commit -qm header");
	assert_ends(title_of(STENCIL_TARGET, NULL), NULL);
	/* ... nor a document beside the kernels (kernels/NOTES.md changes no row) */
	write_file("kernels/NOTES.md", "what was tried\n");
	git("add -A");
	git("commit -qm notes");
	assert_ends(title_of(STENCIL_TARGET, NULL), NULL);
	/* (c) its own method's kernel file, committed: stale for exactly that file; the workload's
	 * target not */
	write_file(mine, "two\n");
	git("commit -qam mine");
	snprintf(want, sizeof(want), ", stale for %s (changed since %s)", mine, a);
	assert_ends(title_of(STENCIL_TARGET, NULL), want);
	assert_ends(title_of(WORKLOAD_TARGET, NULL), NULL);
	/* (d) an uncommitted change to profiling/ counts for every target, through the tool too */
	write_file("profiling/protocol.c", "three\n");
	snprintf(want, sizeof(want), ", stale for %s, profiling/protocol.c (changed since %s)", mine, a);
	assert_ends(title_of(STENCIL_TARGET, NULL), want);
	snprintf(want, sizeof(want), ", stale for profiling/protocol.c (changed since %s)", a);
	assert_ends(title_of(WORKLOAD_TARGET, NULL), want);
	char out[4096], err[4096], path[1024];
	const char *outdir = temp_dir();
	const char *args[] = { WORKLOAD_TARGET, "--run", run, "--outdir", outdir, "--repo", repo, "--root",
			       repo_path("."), NULL };
	assert_int_equal(run_tool("stencil-render", args, out, sizeof(out), err, sizeof(err)), 0);
	snprintf(path, sizeof(path), "%s/%s.md", outdir, WORKLOAD_TARGET);
	assert_non_null(strstr(read_text(path), want));
	/* (e) new files count, and a long list is counted */
	for (int k = 0; k < 4; k++) {
		char rel[64];
		snprintf(rel, sizeof(rel), "profiling/new%d.c", k);
		write_file(rel, "new\n");
	}
	snprintf(want, sizeof(want), ", stale for 6 files under kernels/ and profiling/ changed since %s", a);
	assert_ends(title_of(STENCIL_TARGET, NULL), want);
	/* (f) a commit the repository lacks; no repository; the check off */
	name_commit("0123456789abcdef0123456789abcdef01234567");
	assert_ends(title_of(STENCIL_TARGET, NULL), ", staleness unknown (commit 0123456 not in this repository)");
	assert_ends(title_of(STENCIL_TARGET, temp_dir()),
		    ", staleness unknown (no git repository here to look up commit 0123456)");
	setenv("STENCIL_REPRO_STALE", "off", 1);
	const char *off = title_of(STENCIL_TARGET, NULL);
	unsetenv("STENCIL_REPRO_STALE");
	assert_ends(off, ", staleness not checked (STENCIL_REPRO_STALE=off)");
}

/* the method tables' kernel files exist */
static void test_stale_kernel_files(void **state)
{
	(void)state;
	char rel[256];
	for (size_t i = 0; i < model_method_count + workload_method_rows; i++) {
		const char *k = i < model_method_count ? model_methods[i].kernel :
			workload_methods[i - model_method_count].kernel;
		assert_non_null(k);
		snprintf(rel, sizeof(rel), "%s", k);
		FILE *f = fopen(repo_path(rel), "r");
		if (!f)
			fail_msg("the method tables name %s, which is not there", k);
		fclose(f);
	}
}

void run_stale_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stale_fixture_repo),
		cmocka_unit_test(test_stale_own_files),
		cmocka_unit_test(test_stale_kernel_files),
	};
	RUN_GROUP(r, "stale", tests);
}
