/*
 * sanity.h - the helpers of the tests that render copies of the fixture run with one cell changed
 * (tests/test_sanity.c defines them; tests/test_run_rows.c uses them too).
 */
#ifndef SANITY_H
#define SANITY_H

#include <stddef.h>

/* a fresh copy of the fixture run (tests/fixtures/run-small) */
const char *fixture_copy(void);
/* set one cell of run/file (row counts data rows from 0; a new column is added, empty elsewhere);
 * dup >= 0 instead appends a copy of data row dup */
void edit(const char *run, const char *file, long row, const char *col, const char *val, long dup);
/* the text of dir/name (four calls' texts stay valid at a time) */
char *slurp_file(const char *dir, const char *name);
/* render target from run into out: 0, -1 (err: why), -2 when the run does not open */
int render(const char *run, const char *out, const char *target, char *err, size_t errlen);
/* render each of targets from run into out; a failure fails the test, naming the target */
void render_each(const char *run, const char *out, const char *const *targets, size_t n);
/* the rendered targets that read any of the run CSVs files (LIST.csv), each once, in the target
 * table's order: how many, at most max into out */
size_t readers_of(const char *const *files, size_t nf, const char **out, size_t max);
/* no temporary file left behind in dir */
void assert_no_temp(const char *dir);

#endif
