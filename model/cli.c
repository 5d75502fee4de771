/*
 * cli.c - shared command-line helpers. See cli.h.
 */
#define _DEFAULT_SOURCE
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void cli_bad_input(const char *prog, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_BAD_INPUT);
}

void cli_take_opt(const char *prog, const struct cli_opt *opts, int argc, char **argv, int *i)
{
	const char *a = argv[*i];
	if (*i + 1 >= argc)
		cli_bad_input(prog, "option '%s' needs a value", a);
	for (; opts->name; opts++)
		if (!strcmp(a, opts->name)) {
			/* never taken as "not given": --run '' would render model-only, --gpu '' the default */
			if (!argv[*i + 1][0])
				cli_bad_input(prog, "option '%s' has an empty value ('')", a);
			*opts->value = argv[++*i];
			return;
		}
	cli_bad_input(prog, "unknown option '%s'", a);
}

int cli_fail_status = 1;

void cli_fail(const char *prog, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s: error: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(cli_fail_status);
}

int cli_parse_int(const char *s, long *out)
{
	char *end;
	if (!s || !*s)
		return -1;
	errno = 0;
	*out = strtol(s, &end, 10);
	return (*end || errno) ? -1 : 0;
}

int cli_parse_double(const char *s, double *out)
{
	char *end;
	if (!s || !*s)
		return -1;
	errno = 0;
	*out = strtod(s, &end);
	return (*end || errno || !isfinite(*out)) ? -1 : 0;
}

int cli_repo_file(const char *rel, char *buf, size_t buflen)
{
	const char *root = getenv("STENCIL_REPRO_ROOT");
	char exe[PATH_MAX];
	ssize_t n;

	if (root && *root) {
		snprintf(buf, buflen, "%s/%s", root, rel);
		if (access(buf, R_OK) == 0)
			return 0;
	}
	snprintf(buf, buflen, "%s", rel);
	if (access(buf, R_OK) == 0)
		return 0;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/'))) {
			*slash = '\0';                    /* .../build */
			snprintf(buf, buflen, "%s/../%s", exe, rel);
			if (access(buf, R_OK) == 0)
				return 0;
		}
	}
	snprintf(buf, buflen, "%s", rel);
	return -1;
}

int cli_mkdir_p(const char *dir)
{
	char buf[PATH_MAX];
	size_t n = strlen(dir);
	if (n == 0 || n >= sizeof(buf)) {
		errno = EINVAL;
		return -1;
	}
	memcpy(buf, dir, n + 1);
	for (char *p = buf + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(buf, 0777) != 0 && errno != EEXIST)
				return -1;
			*p = '/';
		}
	if (mkdir(buf, 0777) != 0 && errno != EEXIST)
		return -1;
	struct stat st;
	if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;   /* exists, but as a file, device, FIFO or dangling link */
		return -1;
	}
	return 0;
}
