/*
 * list-scan.h - the scanner that finds lists of names kept beside their tables (tests/list-scan.c
 * says what counts as a list); tests/test_tables.c runs it over the sources.
 */
#ifndef LIST_SCAN_H
#define LIST_SCAN_H

#include <stddef.h>

#define SCAN_MAX_KINDS 4
#define SCAN_MAX_NAMES 64

/* the names of one kind ("method", "target"): each table's own, read by the caller */
struct scan_names {
	const char *kind;
	const char *names[SCAN_MAX_NAMES];
	size_t n;
};

/* called for each list found: its file, line, kind and the names it lists, space-separated */
typedef void (*scan_report_fn)(void *arg, const char *path, long line, const char *kind, const char *names);

/* Scan one file's text by its kind (scan_file: by its name; C and CUDA, or make, shell and
 * gnuplot; any other file holds no list): the lists found, each reported. */
int scan_file(const struct scan_names *kinds, size_t nkinds, const char *path, const char *text, size_t len,
	      scan_report_fn fn, void *arg);
int scan_c(const struct scan_names *kinds, size_t nkinds, const char *path, const char *text, size_t len,
	   scan_report_fn fn, void *arg);
/* join: continuation lines make one line (make, shell), else each physical line is one (gnuplot) */
int scan_shell(const struct scan_names *kinds, size_t nkinds, const char *path, const char *text, size_t len,
	       int join, scan_report_fn fn, void *arg);

#endif
