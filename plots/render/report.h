/*
 * report.h - putting the harness's values beside the papers' printed ones.
 *
 * A printed value "3.38" agrees with a computed 3.375 when they differ by at most half a unit
 * of its last printed digit (plus a hair for binary rounding): "to the printed precision".
 * Markdown tables are written atomically like every other output. Used by every rendered table
 * (tcs Tables 2-4, sptc Table 1, tcstencil Table 1).
 */
#ifndef REPORT_H
#define REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "csvio.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Digits after the decimal point in a printed number ("3.38" -> 2, "54" -> 0); -1 if not one. */
int printed_decimals(const char *printed);
/* 1 when v rounds to printed, 0 when it does not, -1 when printed is empty or not a number. */
int printed_agrees(double v, const char *printed);
/* Format v with as many decimals as `like` has (or `fallback` decimals when like is empty). */
void format_like(char *buf, size_t len, double v, const char *like, int fallback);

struct md_table {
	struct atomic_file out;
	size_t ncols;
	int failed;
};

/* Open a Markdown file: a "## title" line, free-text notes (one paragraph each), the header. */
int md_open(struct md_table *t, const char *path, const char *title, const char *const *notes,
	    const char *const *header, size_t ncols);
void md_row(struct md_table *t, const char *const *cells);
/* Text after the table (a paragraph). */
void md_note(struct md_table *t, const char *text);
int md_close(struct md_table *t);
/* Drop the file being written; the previous one, if any, stays. */
void md_abort(struct md_table *t);

#ifdef __cplusplus
}
#endif
#endif
