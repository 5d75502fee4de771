/*
 * cli.h - small helpers shared by the harness's command-line tools: strict number parsing,
 * locating the repository's data files, and the one-line error convention (exit 2 on bad input).
 */
#ifndef CLI_H
#define CLI_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The tools' exit statuses, the runner's among them (stencilbench --help): 0 done, 1 some rows
 * failed verification (the CSV is complete and written), 2 bad input, 3 no CUDA device, 4 an error
 * (nothing new is written: the CSV and meta.csv are written only once every configuration has
 * run). */
#define EXIT_WRONG 1
#define EXIT_BAD_INPUT 2
#define EXIT_NO_DEVICE 3
#define EXIT_ERROR 4

/* Print "PROG: message" and exit with status EXIT_BAD_INPUT. */
void cli_bad_input(const char *prog, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
/* Print "PROG: error: message" and exit cli_fail_status (1; the runner sets its own, 4). */
extern int cli_fail_status;
void cli_fail(const char *prog, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
/* A string-valued option of a tool ("--outdir DIR"): its name and where its value goes. */
struct cli_opt {
	const char *name;
	const char **value;
};
/* argv[*i] is an option of opts (ended by a NULL name) followed by its value: the value stored and
 * *i moved onto it; an option without a value, with an empty one (--run ''), or one not in opts, is
 * bad input (exit 2). */
void cli_take_opt(const char *prog, const struct cli_opt *opts, int argc, char **argv, int *i);
/* Whole-string integer / double parsing; 0 on success. */
int cli_parse_int(const char *s, long *out);
int cli_parse_double(const char *s, double *out);
/*
 * Find a file of the repository (e.g. "data/hw/gpus.csv"): $STENCIL_REPRO_ROOT/rel, then
 * rel relative to the working directory, then relative to the executable's parent directory
 * (build/..). Writes the path into buf; 0 when found, -1 otherwise (buf holds rel).
 */
int cli_repo_file(const char *rel, char *buf, size_t buflen);
/* mkdir -p: 0 when the directory exists afterwards, -1 (errno set) otherwise. */
int cli_mkdir_p(const char *dir);

#ifdef __cplusplus
}
#endif
#endif
