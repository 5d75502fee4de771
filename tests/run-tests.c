/*
 * run-tests.c - the CPU test suite's runner (make test): every cmocka group by name with its time,
 * then one line "N passed, N failed, N skipped" and the skipped tests by name. Every temporary
 * file and directory of the suite (and of the scripts it runs, through TMPDIR) lives under one
 * directory of its own, removed at the end. Usage: run-tests BUILD_DIR (the directory holding the
 * CLI tools); TEST_FILTER=PATTERN (cmocka's, e.g. "test_input*") runs only the tests it
 * names, TEST_SKIP=PATTERN all but those it names; the closing line then counts none as passed.
 */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"

#include <fcntl.h>
#include <signal.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "csvio.h"
#include "render.h"

const char *test_build_dir = "build";

const char *repo_path(const char *rel)
{
	static char buf[8][1024];
	static int k;
	const char *root = getenv("STENCIL_REPRO_ROOT");
	char *b = buf[k++ % 8];
	snprintf(b, sizeof(buf[0]), "%s/%s", root && *root ? root : ".", rel);
	return b;
}

const struct target_spec *test_targets(size_t *n)
{
	static struct target_spec ts[RENDER_MAX_TARGETS];
	static size_t nt;
	char err[512];
	if (!nt && render_targets_read(repo_path(""), ts, RENDER_MAX_TARGETS, &nt, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	*n = nt;
	return ts;
}

const char *test_target_of_kind(const char *kind)
{
	size_t n;
	const struct target_spec *ts = test_targets(&n);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(ts[i].kind, kind))
			return ts[i].name;
	fail_msg("experiments/targets.csv: no target of kind %s", kind);
	return NULL;
}

/* whether the space-separated words hold w */
static int words_hold(const char *words, const char *w)
{
	const size_t l = strlen(w);
	for (const char *at = strstr(words, w); at; at = strstr(at + 1, w))
		if ((at == words || at[-1] == ' ') && (at[l] == ' ' || !at[l]))
			return 1;
	return 0;
}

size_t test_list_readers(const char *list, const char **out, size_t max)
{
	size_t n, k = 0;
	const struct target_spec *ts = test_targets(&n);
	char err[512];
	struct csv_table claims;
	if (csv_table_read(repo_path("data/paper/claims.csv"), &claims, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	int claimed = 0;
	for (size_t r = 0; r < claims.nrows; r++)
		claimed |= words_hold(csv_table_get(&claims, r, "inputs"), list);
	csv_table_free(&claims);
	for (size_t i = 0; i < n && k < max; i++)
		if (!render_target_is_model(&ts[i]) &&
		    (words_hold(ts[i].inputs, list) || (!strcmp(ts[i].inputs, "claims") && claimed)))
			out[k++] = ts[i].name;
	return k;
}

const char *paper_case_method(int n, int cc)
{
	static char names[8][48];
	static int k;
	char err[512], c[16];
	struct csv_table t;
	char *b = names[k++ % 8];
	if (csv_table_read(repo_path("data/paper/tcs-table3.csv"), &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	snprintf(c, sizeof(c), "%d", n);
	b[0] = '\0';
	for (size_t r = 0; r < t.nrows && !b[0]; r++)
		if (!strcmp(csv_table_get(&t, r, "case"), c) && !strcmp(csv_table_get(&t, r, "unit"), "cc") == !!cc)
			snprintf(b, sizeof(names[0]), "%s", csv_table_get(&t, r, "method"));
	csv_table_free(&t);
	if (!b[0])
		fail_msg("data/paper/tcs-table3.csv: no case %d %s row", n, cc ? "CUDA-core" : "tensor-core");
	return b;
}

void load_test_gpu(struct hw *hw, const char *gpu)
{
	char err[512];
	int rc = hw_load_gpu(hw, repo_path("data/hw/gpus.csv"), gpu, err, sizeof(err));
	if (rc != 0)
		fail_msg("cannot load %s: %s", gpu, err);
}

static char tmp_root[256];
static char skipped[2048];
static int nskipped;

double test_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void test_note_skip(const char *name, const char *why)
{
	nskipped++;
	snprintf(skipped + strlen(skipped), sizeof(skipped) - strlen(skipped), "skipped: %s (%s)\n",
		 name, why);
	print_message("%s: skipped: %s\n", name, why);
}

char *test_tmp(char *buf, size_t len, const char *pattern)
{
	snprintf(buf, len, "%s/%s", tmp_root, pattern);
	return buf;
}

void put_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f) != 0)
		fail_msg("cannot write %s", path);
}

double file_cell(const char *path, const char *keycol, const char *key, const char *col)
{
	struct csv_table t;
	char err[512];
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	double v = NAN;
	for (size_t r = 0; r < t.nrows && isnan(v); r++)
		if (!strcmp(csv_table_get(&t, r, keycol), key))
			v = strtod(csv_table_get(&t, r, col), NULL);
	csv_table_free(&t);
	if (!isfinite(v))
		fail_msg("%s: no number in column %s of the row whose %s is %s", path, col, keycol, key);
	return v;
}

const char *write_temp(const char *text, int slot)
{
	static char paths[8][300];
	char *p = paths[slot % 8];
	int fd;
	test_tmp(p, sizeof(paths[0]), "file-XXXXXX");
	fd = mkstemp(p);
	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		fail_msg("cannot write a temporary file");
	close(fd);
	return p;
}

const char *temp_dir(void)
{
	static char dirs[8][300];
	static int next;
	char *d = dirs[next++ % 8];
	test_tmp(d, sizeof(dirs[0]), "dir-XXXXXX");
	if (!mkdtemp(d))
		fail_msg("cannot create a temporary directory");
	return d;
}

static void slurp(int fd, char *buf, size_t len)
{
	size_t used = 0;
	ssize_t n;
	while ((n = read(fd, buf + used, len - 1 - used)) > 0 && used + (size_t)n < len - 1)
		used += (size_t)n;
	if (n > 0)
		used += (size_t)n;
	buf[used < len ? used : len - 1] = '\0';
	close(fd);
}

int run_tool(const char *tool, const char *const *args, char *out, size_t outlen, char *err,
	     size_t errlen)
{
	char path[1024];
	const char *argv[64];
	int po[2], pe[2], status, n = 0;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/%s", test_build_dir, tool);
	argv[n++] = path;
	while (args && *args && n < 63)
		argv[n++] = *args++;
	argv[n] = NULL;
	if (pipe(po) != 0 || pipe(pe) != 0)
		fail_msg("pipe failed");
	pid = fork();
	if (pid == 0) {
		alarm(60);   /* kept across the exec: a tool that hangs is killed, and its test fails */
		dup2(po[1], 1);
		dup2(pe[1], 2);
		close(po[0]);
		close(pe[0]);
		execv(path, (char *const *)argv);
		_exit(127);
	}
	close(po[1]);
	close(pe[1]);
	/* outputs here are small (well under a pipe buffer for stderr) */
	slurp(po[0], out, outlen);
	slurp(pe[0], err, errlen);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

char *read_text(const char *path)
{
	static char buf[1 << 16];
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot read %s", path);
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

int have_gnuplot(void)
{
	return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

int run_gnuplot(const char *script, const char *assign, const char *outbase, char *log, size_t loglen)
{
	char expr[4096], gp[1024], png[1024], svg[1024];
	int po[2], status;
	snprintf(expr, sizeof(expr), "%s; out='%s'", assign, outbase);
	snprintf(gp, sizeof(gp), "plots/gp/%s.gp", script);
	snprintf(png, sizeof(png), "%s.png", outbase);
	snprintf(svg, sizeof(svg), "%s.svg", outbase);
	unlink(png);
	unlink(svg);
	if (pipe(po) != 0)
		fail_msg("pipe failed");
	pid_t pid = fork();
	if (pid == 0) {
		dup2(po[1], 1);
		dup2(po[1], 2);
		close(po[0]);
		if (chdir(repo_path(".")) != 0)   /* the scripts read data/paper/ from the root */
			_exit(126);
		execlp("gnuplot", "gnuplot", "-e", expr, gp, (char *)NULL);
		_exit(127);
	}
	close(po[1]);
	size_t used = 0;   /* all of its output read (no writer blocks); the last of it kept */
	char chunk[4096];
	ssize_t n;
	log[0] = '\0';
	while ((n = read(po[0], chunk, sizeof(chunk))) > 0)
		for (ssize_t i = 0; i < n; i++) {
			if (used + 1 >= loglen) {
				memmove(log, log + loglen / 2, used - loglen / 2);
				used -= loglen / 2;
			}
			log[used++] = chunk[i];
			log[used] = '\0';
		}
	close(po[0]);
	waitpid(pid, &status, 0);
	struct stat a, b;
	int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && stat(png, &a) == 0 && a.st_size > 0 &&
		 stat(svg, &b) == 0 && b.st_size > 0;
	return ok ? 0 : -1;
}

int run_bounded(void (*fn)(void *arg, char *msg, size_t len), void *arg, unsigned seconds, char *msg,
		size_t len)
{
	int fd[2], status;
	if (pipe(fd) != 0)
		fail_msg("pipe failed");
	pid_t pid = fork();
	if (pid < 0)
		fail_msg("fork failed");
	if (pid == 0) {
		struct rlimit rl = { 512L << 20, 512L << 20 };
		char buf[4096] = "";
		close(fd[0]);
		setrlimit(RLIMIT_AS, &rl);
		alarm(seconds);
		fn(arg, buf, sizeof(buf));
		if (write(fd[1], buf, strlen(buf)) < 0)
			_exit(3);
		_exit(0);
	}
	close(fd[1]);
	slurp(fd[0], msg, len);
	if (waitpid(pid, &status, 0) != pid)
		fail_msg("waitpid failed");
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFSIGNALED(status))
		snprintf(msg, len, "killed by signal %d (%s)", WTERMSIG(status),
			 WTERMSIG(status) == SIGALRM ? "still running after the time allowed" : "a crash");
	else
		snprintf(msg, len, "exit status %d (1: out of memory, over 512 MiB)", WEXITSTATUS(status));
	return -1;
}

int main(int argc, char **argv)
{
	struct group_result r = { 0, 0 };
	const char *base = getenv("TMPDIR");
	char rm[400];
	if (argc > 1)
		test_build_dir = argv[1];
	snprintf(tmp_root, sizeof(tmp_root), "%s/stencil-test-XXXXXX", base && *base ? base : "/tmp");
	if (!mkdtemp(tmp_root)) {
		perror("run-tests: mkdtemp");
		return 2;
	}
	setenv("TMPDIR", tmp_root, 1);   /* the scripts' mktemp too */
	const double t0 = test_now();
	const char *filter = getenv("TEST_FILTER"), *skip_pattern = getenv("TEST_SKIP");
	filter = filter && *filter ? filter : NULL;
	skip_pattern = skip_pattern && *skip_pattern ? skip_pattern : NULL;
	if (filter)
		cmocka_set_test_filter(filter);
	if (skip_pattern)
		cmocka_set_skip_filter(skip_pattern);
	run_stencil_tests(&r);
	run_regime_tests(&r);
	run_model_tests(&r);
	run_papers_tests(&r);
	run_csv_tests(&r);
	run_cli_tests(&r);
	run_measure_tests(&r);
	run_verify_tests(&r);
	run_transform_tests(&r);
	run_sparse_tests(&r);
	run_matrix_tests(&r);
	run_render_tests(&r);
	run_figures_tests(&r);
	run_protocol_tests(&r);
	run_compare_tests(&r);
	run_fermi_tests(&r);
	run_sanity_tests(&r);
	run_runs_tool_tests(&r);
	run_node_tests(&r);
	run_csv_writers_tests(&r);
	run_run_rows_tests(&r);
	run_warmup_tests(&r);
	run_verdicts_tests(&r);
	run_design_tests(&r);
	run_stale_tests(&r);
	run_page_tests(&r);
	run_docs_tests(&r);
	run_tables_tests(&r);
	run_make_tests(&r);
	snprintf(rm, sizeof(rm), "rm -rf '%s'", tmp_root);
	if (system(rm) != 0)
		fprintf(stderr, "run-tests: could not remove %s\n", tmp_root);
	printf("\nall groups: %.0f s\n", test_now() - t0);
	if (filter || skip_pattern) /* cmocka does not say how many a filter left: its lines above do */
		printf("\nTEST_FILTER=%s TEST_SKIP=%s: only the tests cmocka lists as run above ran; %d failed, %d "
		       "skipped\n", filter ? filter : "", skip_pattern ? skip_pattern : "", r.failed, nskipped);
	else
		printf("\n%d passed, %d failed, %d skipped\n", r.run - r.failed - nskipped, r.failed, nskipped);
	fputs(skipped, stdout);
	return r.failed ? 1 : 0;
}
