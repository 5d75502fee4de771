/*
 * csvio.h - tidy CSV in and out through libcsv, for every table, figure and run file.
 *
 * Reading: a whole file into memory with its header; columns are looked up by name, never by
 * position; lines starting with '#' are comments; a row with the wrong number of fields is an
 * error that names file and line. Every input file of the host tools is read through
 * input_file_read: a regular file of at most INPUT_MAX_BYTES, anything else (a FIFO, a device
 * such as /dev/zero, a directory, a larger file) refused with one line naming it, never waited
 * on nor read without end. Writing: to "<path>.tmp.<pid>", renamed over <path> only when
 * complete, so an interrupted writer never leaves a half-written file ("-" writes to stdout).
 * Every tool's --out and --outdir go through this writer, and it writes regular files only: a
 * path that exists as a directory, device, FIFO, socket or symbolic link (to anything: a link
 * is refused, never followed nor replaced) is refused before anything is created, and left as
 * it was. A writer's columns are a table of {name, getter} (struct csv_col): the run CSVs'
 * (profiling/runcsv.h) and the model's (model/modelcsv.h).
 */
#ifndef CSVIO_H
#define CSVIO_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most bytes an input file may hold (CSV lists, run CSVs, ceilings, matrices): the largest run
 * CSV recorded is about 130 KB, so this is some 500 times that. */
#define INPUT_MAX_BYTES (64 << 20)

/* Read the whole of path into *buf (malloc'd, *len bytes; not NUL-terminated): 0, or -1 with one
 * line in err, "PATH: it is a FIFO; input files are read from regular files only", "PATH: N
 * bytes, over the 64 MiB an input file may hold" or the system's reason. */
int input_file_read(const char *path, char **buf, size_t *len, char *err, size_t errlen);

struct csv_table {
	char *path;
	size_t ncols;
	char **header;
	size_t nrows;
	char ***cells;   /* cells[row][col], never NULL (empty field = "") */
	long *lines;     /* source line on which each row ends */
};

/* 0 on success; on failure -1 with a one-line message "FILE:LINE: what" in err. */
int csv_table_read(const char *path, struct csv_table *t, char *err, size_t errlen);
/* Parse from memory (used by tests and by the reader). name labels error messages. */
int csv_table_parse(const char *name, const char *text, size_t len, struct csv_table *t,
		    char *err, size_t errlen);
void csv_table_free(struct csv_table *t);
/* Column index by name, -1 when absent. */
int csv_table_col(const struct csv_table *t, const char *name);
/* Cell by row and column name; NULL when the column is absent. */
const char *csv_table_get(const struct csv_table *t, size_t row, const char *col);
/* Require the named columns; on a missing one -1 and "FILE: missing column NAME". */
int csv_table_require(const struct csv_table *t, const char *const *cols, char *err, size_t errlen);
/* csv_table_read, then csv_table_require(cols): 0, or -1 with either one's message and nothing
 * left to free. */
int csv_table_read_need(const char *path, struct csv_table *t, const char *const *cols, char *err,
			size_t errlen);
/* Parse a cell as a number; -1 with "FILE:LINE: column C: bad number 'X'" on failure. */
int csv_table_num(const struct csv_table *t, size_t row, const char *col, double *out,
		  char *err, size_t errlen);

/* A file written under a temporary name and renamed into place when complete. */
struct atomic_file {
	FILE *f;
	char *path;   /* final path, NULL for stdout */
	char *tmp;    /* temporary path */
};

/* Open path ("-" is stdout) for writing: 0, or -1 with errno set and atomic_error() saying why.
 * Refused, with nothing created: a path that exists but is not a regular file (errno EISDIR for
 * a directory, EEXIST for a device, FIFO, socket or symbolic link), and a path whose directory
 * does not exist. */
int atomic_open(struct atomic_file *a, const char *path);
/* One line naming the path and the reason, "cannot write PATH: it is a FIFO, not a regular file
 * (...)", for the last failure of atomic_open, atomic_commit or csv_writer_open/close in this
 * thread ("" when none). */
const char *atomic_error(void);
/* An output directory (--outdir): created with its parents when missing; 0 when it is a
 * directory (a symbolic link to a directory counts: files are created inside it, the link is
 * never replaced); else -1 with one line in err naming it and what it is. */
int output_dir(const char *dir, char *err, size_t errlen);
/* Flush, close and rename into place: 0, or -1 after removing the temporary file (the target is
 * checked again: one that became anything but a regular file is refused as at the open). */
int atomic_commit(struct atomic_file *a);
/* Give up: remove the temporary file; an earlier file at path is untouched. */
void atomic_abort(struct atomic_file *a);

struct csv_writer {
	struct atomic_file out;
	FILE *f;
	size_t ncols, col;
	int failed;
};

/* Open and write the header. path "-" is stdout. 0 on success, -1 (errno set) on failure. */
int csv_writer_open(struct csv_writer *w, const char *path, const char *const *header, size_t ncols);
void csv_put_str(struct csv_writer *w, const char *s);
void csv_put_num(struct csv_writer *w, double v);        /* %.10g; NaN -> NA */
void csv_put_fixed(struct csv_writer *w, double v, int decimals);
void csv_put_int(struct csv_writer *w, long v);
/* End the row; it is an error to end a row with the wrong number of fields. */
void csv_end_row(struct csv_writer *w);
/* Flush, close and rename into place: 0 on success; on any error removes the temp file, -1. */
int csv_writer_close(struct csv_writer *w);
/* Give up: remove the temp file, leave any earlier file at path untouched. */
void csv_writer_abort(struct csv_writer *w);

/* A writer's column table, the one way every tool writes a CSV: a column is its header name and
 * its getter, which writes row's cell; the header and each row come from the same table, so that
 * a column is never named in one place and filled in another. */
struct csv_col {
	const char *name;
	void (*put)(struct csv_writer *w, const void *row);
};
/* the names of the n columns, in order, into names[0..n-1] */
void csv_col_names(const struct csv_col *cols, size_t n, const char **names);
/* row's cells, one a column in order (the row is not ended: csv_end_row) */
void csv_col_cells(struct csv_writer *w, const struct csv_col *cols, size_t n, const void *row);

#ifdef __cplusplus
}
#endif
#endif
