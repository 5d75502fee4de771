/*
 * run-tests.c - the CPU test suite's runner (make test): every cmocka group, then one line
 * "N passed, N failed". Usage: run-tests BUILD_DIR (the directory holding the CLI tools).
 */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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

void load_test_gpu(struct hw *hw, const char *gpu)
{
	char err[512];
	int rc = hw_load_gpu(hw, repo_path("data/hw/gpus.csv"), gpu, err, sizeof(err));
	if (rc != 0)
		fail_msg("cannot load %s: %s", gpu, err);
}

const char *write_temp(const char *text, int slot)
{
	static char paths[8][64];
	char *p = paths[slot % 8];
	int fd;
	snprintf(p, sizeof(paths[0]), "/tmp/stencil-test-XXXXXX");
	fd = mkstemp(p);
	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		fail_msg("cannot write a temporary file");
	close(fd);
	return p;
}

const char *temp_dir(void)
{
	static char dirs[8][64];
	static int next;
	char *d = dirs[next++ % 8];
	snprintf(d, sizeof(dirs[0]), "/tmp/stencil-test-XXXXXX");
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

int main(int argc, char **argv)
{
	struct group_result r = { 0, 0 };
	if (argc > 1)
		test_build_dir = argv[1];
	run_stencil_tests(&r);
	run_model_tests(&r);
	run_papers_tests(&r);
	run_csv_tests(&r);
	run_cli_tests(&r);
	run_measure_tests(&r);
	run_transform_tests(&r);
	run_sparse_tests(&r);
	run_matrix_tests(&r);
	run_render_tests(&r);
	run_compare_tests(&r);
	run_fermi_tests(&r);
	run_sanity_tests(&r);
	run_make_tests(&r);
	printf("\n%d passed, %d failed\n", r.run - r.failed, r.failed);
	return r.failed ? 1 : 0;
}
