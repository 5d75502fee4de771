/*
 * csvio.c - the input reader (regular files of a bounded size), libcsv-backed CSV reading (by column
 * name) and atomic CSV writing. See csvio.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "csvio.h"

#include <csv.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q) {
		fprintf(stderr, "error: out of memory\n");
		exit(1);
	}
	return q;
}

static char *xstrndup(const char *s, size_t n)
{
	char *d = xrealloc(NULL, n + 1);
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

struct parse_state {
	struct csv_table *t;
	char **row;
	size_t nfields, cap;
	long line;
	int error;
	char *err;
	size_t errlen;
	const char *name;
};

static void on_field(void *data, size_t len, void *p)
{
	struct parse_state *ps = p;
	if (ps->nfields == ps->cap) {
		ps->cap = ps->cap ? 2 * ps->cap : 16;
		ps->row = xrealloc(ps->row, ps->cap * sizeof(*ps->row));
	}
	ps->row[ps->nfields++] = xstrndup(data ? data : "", data ? len : 0);
}

static void free_fields(char **f, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(f[i]);
}

static void on_row(int c, void *p)
{
	struct parse_state *ps = p;
	struct csv_table *t = ps->t;
	(void)c;
	if (ps->error) {
		free_fields(ps->row, ps->nfields);
		ps->nfields = 0;
		return;
	}
	if (!t->header) {
		t->ncols = ps->nfields;
		t->header = xrealloc(NULL, ps->nfields * sizeof(char *));
		memcpy(t->header, ps->row, ps->nfields * sizeof(char *));
		for (size_t i = 0; i < t->ncols; i++)
			for (size_t j = 0; j < i; j++)
				if (strcmp(t->header[i], t->header[j]) == 0 && !ps->error) {
					snprintf(ps->err, ps->errlen, "%s:%ld: duplicate column '%s'",
						 ps->name, ps->line, t->header[i]);
					ps->error = 1;
				}
	} else if (ps->nfields != t->ncols) {
		snprintf(ps->err, ps->errlen, "%s:%ld: expected %zu fields, got %zu", ps->name,
			 ps->line, t->ncols, ps->nfields);
		ps->error = 1;
		free_fields(ps->row, ps->nfields);
	} else {
		t->cells = xrealloc(t->cells, (t->nrows + 1) * sizeof(*t->cells));
		t->lines = xrealloc(t->lines, (t->nrows + 1) * sizeof(*t->lines));
		t->cells[t->nrows] = xrealloc(NULL, ps->nfields * sizeof(char *));
		memcpy(t->cells[t->nrows], ps->row, ps->nfields * sizeof(char *));
		t->lines[t->nrows] = ps->line;
		t->nrows++;
	}
	ps->nfields = 0;
}

int csv_table_parse(const char *name, const char *text, size_t len, struct csv_table *t,
		    char *err, size_t errlen)
{
	struct csv_parser p;
	struct parse_state ps = { .t = t, .line = 0, .err = err, .errlen = errlen, .name = name };
	int in_quotes = 0;
	size_t pos = 0;

	memset(t, 0, sizeof(*t));
	t->path = xstrndup(name, strlen(name));
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
		snprintf(err, errlen, "%s: cannot initialise the CSV parser", name);
		return -1;
	}
	/* Feed line by line so that errors carry line numbers and '#' comments can be skipped. */
	while (pos < len && !ps.error) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (text + pos)) + 1 : len - pos;
		ps.line++;
		if (!in_quotes && text[pos] == '#') {
			pos += n;
			continue;
		}
		for (size_t i = 0; i < n; i++)
			if (text[pos + i] == '"')
				in_quotes = !in_quotes;
		if (csv_parse(&p, text + pos, n, on_field, on_row, &ps) != n && !ps.error) {
			snprintf(err, errlen, "%s:%ld: malformed CSV (%s)", name, ps.line,
				 csv_strerror(csv_error(&p)));
			ps.error = 1;
		}
		pos += n;
	}
	if (!ps.error && csv_fini(&p, on_field, on_row, &ps) != 0) {
		snprintf(err, errlen, "%s:%ld: malformed CSV (%s)", name, ps.line,
			 csv_strerror(csv_error(&p)));
		ps.error = 1;
	}
	csv_free(&p);
	free_fields(ps.row, ps.nfields);
	free(ps.row);
	if (!ps.error && !t->header) {
		snprintf(err, errlen, "%s: empty file (no header)", name);
		ps.error = 1;
	}
	if (ps.error) {
		csv_table_free(t);
		return -1;
	}
	return 0;
}

/* what an input path is, in words, from its mode */
static const char *mode_kind(mode_t m);

int input_file_read(const char *path, char **out, size_t *outlen, char *err, size_t errlen)
{
	struct stat st;
	char *buf = NULL;
	size_t len = 0;
	ssize_t n = 0;
	*out = NULL;
	*outlen = 0;
	if (!path[0]) {
		snprintf(err, errlen, "'': an empty file name");
		return -1;
	}
	/* O_NONBLOCK: opening a FIFO does not wait for a writer; it is refused just below */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: it is %s; input files are read from regular files only", path,
			 mode_kind(st.st_mode));
		close(fd);
		return -1;
	}
	if (st.st_size > INPUT_MAX_BYTES) {
		snprintf(err, errlen, "%s: %lld bytes, over the %d MiB an input file may hold", path,
			 (long long)st.st_size, INPUT_MAX_BYTES >> 20);
		close(fd);
		return -1;
	}
	/* at most one byte past the limit: a file that grew since the fstat is refused, not followed */
	buf = xrealloc(NULL, (size_t)st.st_size + 1);
	size_t cap = (size_t)st.st_size + 1;
	for (;;) {
		if (len == cap) {
			if (cap > INPUT_MAX_BYTES)
				break;
			cap = 2 * cap < (size_t)INPUT_MAX_BYTES + 1 ? 2 * cap : (size_t)INPUT_MAX_BYTES + 1;
			buf = xrealloc(buf, cap);
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	if (n < 0) {
		snprintf(err, errlen, "%s: read error: %s", path, strerror(errno));
		close(fd);
		free(buf);
		return -1;
	}
	close(fd);
	if (len > INPUT_MAX_BYTES) {
		snprintf(err, errlen, "%s: over the %d MiB an input file may hold", path, INPUT_MAX_BYTES >> 20);
		free(buf);
		return -1;
	}
	*out = buf;
	*outlen = len;
	return 0;
}

int csv_table_read(const char *path, struct csv_table *t, char *err, size_t errlen)
{
	char *buf;
	size_t len;
	int rc;

	memset(t, 0, sizeof(*t));
	if (input_file_read(path, &buf, &len, err, errlen) != 0)
		return -1;
	rc = csv_table_parse(path, buf, len, t, err, errlen);
	free(buf);
	return rc;
}

void csv_table_free(struct csv_table *t)
{
	if (t->cells)
		for (size_t r = 0; r < t->nrows; r++) {
			free_fields(t->cells[r], t->ncols);
			free(t->cells[r]);
		}
	if (t->header)
		free_fields(t->header, t->ncols);
	free(t->header);
	free(t->cells);
	free(t->lines);
	free(t->path);
	memset(t, 0, sizeof(*t));
}

int csv_table_col(const struct csv_table *t, const char *name)
{
	for (size_t i = 0; i < t->ncols; i++)
		if (strcmp(t->header[i], name) == 0)
			return (int)i;
	return -1;
}

const char *csv_table_get(const struct csv_table *t, size_t row, const char *col)
{
	int c = csv_table_col(t, col);
	if (c < 0 || row >= t->nrows)
		return NULL;
	return t->cells[row][c];
}

int csv_table_require(const struct csv_table *t, const char *const *cols, char *err, size_t errlen)
{
	for (; *cols; cols++)
		if (csv_table_col(t, *cols) < 0) {
			snprintf(err, errlen, "%s: missing column '%s'", t->path, *cols);
			return -1;
		}
	return 0;
}

int csv_table_read_need(const char *path, struct csv_table *t, const char *const *cols, char *err,
			size_t errlen)
{
	if (csv_table_read(path, t, err, errlen) != 0)
		return -1;
	if (csv_table_require(t, cols, err, errlen) != 0) {
		csv_table_free(t);
		return -1;
	}
	return 0;
}

int csv_table_num(const struct csv_table *t, size_t row, const char *col, double *out,
		  char *err, size_t errlen)
{
	const char *s = csv_table_get(t, row, col);
	char *end;
	if (!s) {
		snprintf(err, errlen, "%s: missing column '%s'", t->path, col);
		return -1;
	}
	errno = 0;
	*out = strtod(s, &end);
	if (end == s || *end != '\0' || errno != 0 || !isfinite(*out)) {
		snprintf(err, errlen, "%s:%ld: column %s: bad number '%s'", t->path, t->lines[row],
			 col, s);
		return -1;
	}
	return 0;
}

/* ---- writing ---- */

static _Thread_local char last_error[1536];

const char *atomic_error(void)
{
	return last_error;
}

static void set_error(const char *path, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_error(const char *path, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(last_error, sizeof(last_error), "cannot write %s: ", path ? path : "-");
	va_start(ap, fmt);
	if (n > 0 && (size_t)n < sizeof(last_error))
		vsnprintf(last_error + n, sizeof(last_error) - (size_t)n, fmt, ap);
	va_end(ap);
}

static const char *mode_kind(mode_t m)
{
	return S_ISREG(m) ? "a regular file" : S_ISDIR(m) ? "a directory" : S_ISCHR(m) ?
		"a character device" : S_ISBLK(m) ? "a block device" : S_ISFIFO(m) ? "a FIFO" :
		S_ISSOCK(m) ? "a socket" : S_ISLNK(m) ? "a symbolic link" : "not a regular file";
}

/* What lies at path, in words (lstat; a link says what it points to); NULL when nothing does. */
static const char *path_kind(const char *path, char *buf, size_t len)
{
	struct stat st, to;
	if (lstat(path, &st) != 0)
		return NULL;
	if (!S_ISLNK(st.st_mode))
		return mode_kind(st.st_mode);
	if (stat(path, &to) != 0)
		snprintf(buf, len, "a dangling symbolic link");
	else
		snprintf(buf, len, "a symbolic link to %s", mode_kind(to.st_mode));
	return buf;
}

/* -1 (errno set, message kept) when path exists as anything but a regular file. */
static int refuse_non_regular(const char *path)
{
	struct stat st;
	char buf[64];
	if (lstat(path, &st) != 0 || S_ISREG(st.st_mode))
		return 0;
	set_error(path, "it is %s; outputs are written as regular files only, never through a link",
		  path_kind(path, buf, sizeof(buf)));
	errno = S_ISDIR(st.st_mode) ? EISDIR : EEXIST;
	return -1;
}

int output_dir(const char *dir, char *err, size_t errlen)
{
	struct stat st;
	char buf[64];
	if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
		return 0;
	if (path_kind(dir, buf, sizeof(buf))) {
		snprintf(err, errlen, "cannot write into %s: it is %s, not a directory", dir,
			 path_kind(dir, buf, sizeof(buf)));
		return -1;
	}
	if (cli_mkdir_p(dir) != 0) {
		snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

int atomic_open(struct atomic_file *a, const char *path)
{
	size_t n = strlen(path) + 48;
	int fd = -1;
	memset(a, 0, sizeof(*a));
	last_error[0] = '\0';
	if (strcmp(path, "-") == 0) {
		a->f = stdout;
		return 0;
	}
	if (refuse_non_regular(path) != 0)
		return -1;
	a->path = xstrndup(path, strlen(path));
	a->tmp = xrealloc(NULL, n);
	/* a fresh file under a name of our own: never through a link, never over another file */
	for (int i = 0; fd < 0 && i < 100; i++) {
		if (i == 0)
			snprintf(a->tmp, n, "%s.tmp.%ld", path, (long)getpid());
		else
			snprintf(a->tmp, n, "%s.tmp.%ld.%d", path, (long)getpid(), i);
		fd = open(a->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd >= 0 && !(a->f = fdopen(fd, "wb"))) {
		int e = errno;
		close(fd);
		unlink(a->tmp);
		errno = e;
	}
	if (!a->f) {
		int e = errno;
		const char *slash = strrchr(path, '/');
		int dl = slash ? (slash == path ? 1 : (int)(slash - path)) : 1;
		if (e == ENOENT || e == ENOTDIR)
			set_error(path, "%.*s %s", dl, slash ? path : ".",
				  e == ENOENT ? "does not exist" : "is not a directory");
		else
			set_error(path, "%s", strerror(e));
		free(a->path);
		free(a->tmp);
		memset(a, 0, sizeof(*a));
		errno = e;
		return -1;
	}
	return 0;
}

void atomic_abort(struct atomic_file *a)
{
	if (a->f && a->f != stdout)
		fclose(a->f);
	if (a->tmp)
		unlink(a->tmp);
	free(a->path);
	free(a->tmp);
	memset(a, 0, sizeof(*a));
}

int atomic_commit(struct atomic_file *a)
{
	int failed = 0;
	if (!a->f)
		return -1;
	if (fflush(a->f) != 0 || ferror(a->f))
		failed = 1;
	if (a->f == stdout) {
		if (failed)
			set_error(NULL, "%s", strerror(errno));
		memset(a, 0, sizeof(*a));
		return failed ? -1 : 0;
	}
	if (fclose(a->f) != 0)
		failed = 1;
	a->f = NULL;
	if (failed)
		set_error(a->path, "%s", strerror(errno));
	/* what appeared at the path while writing is refused as at the open */
	else if (refuse_non_regular(a->path) != 0)
		failed = 1;
	else if (rename(a->tmp, a->path) != 0) {
		failed = 1;
		set_error(a->path, "%s", strerror(errno));
	}
	if (failed) {
		int e = errno;
		atomic_abort(a);
		errno = e;
		return -1;
	}
	free(a->path);
	free(a->tmp);
	memset(a, 0, sizeof(*a));
	return 0;
}

int csv_writer_open(struct csv_writer *w, const char *path, const char *const *header, size_t ncols)
{
	memset(w, 0, sizeof(*w));
	if (atomic_open(&w->out, path) != 0)
		return -1;
	w->f = w->out.f;
	w->ncols = ncols;
	for (size_t i = 0; i < ncols; i++)
		csv_put_str(w, header[i]);
	csv_end_row(w);
	return w->failed ? -1 : 0;
}

static void put_raw(struct csv_writer *w, const char *s)
{
	if (w->col > 0 && fputc(',', w->f) == EOF)
		w->failed = 1;
	if (fputs(s, w->f) == EOF)
		w->failed = 1;
	w->col++;
}

void csv_put_str(struct csv_writer *w, const char *s)
{
	if (!s)
		s = "";
	/* Quote (through libcsv) only fields that need it, so plain values stay plain. */
	if (strpbrk(s, ",\"\r\n") || (s[0] == ' ') || (*s && s[strlen(s) - 1] == ' ')) {
		if (w->col > 0 && fputc(',', w->f) == EOF)
			w->failed = 1;
		if (csv_fwrite(w->f, s, strlen(s)) != 0)
			w->failed = 1;
		w->col++;
	} else {
		put_raw(w, s);
	}
}

void csv_put_num(struct csv_writer *w, double v)
{
	char buf[64];
	if (isnan(v))
		snprintf(buf, sizeof(buf), "NA");
	else
		snprintf(buf, sizeof(buf), "%.10g", v);
	put_raw(w, buf);
}

void csv_put_fixed(struct csv_writer *w, double v, int decimals)
{
	char buf[64];
	if (isnan(v))
		snprintf(buf, sizeof(buf), "NA");
	else
		snprintf(buf, sizeof(buf), "%.*f", decimals, v);
	put_raw(w, buf);
}

void csv_put_int(struct csv_writer *w, long v)
{
	char buf[32];
	snprintf(buf, sizeof(buf), "%ld", v);
	put_raw(w, buf);
}

void csv_end_row(struct csv_writer *w)
{
	if (w->col != w->ncols)
		w->failed = 1;
	if (fputc('\n', w->f) == EOF)
		w->failed = 1;
	w->col = 0;
}

void csv_writer_abort(struct csv_writer *w)
{
	atomic_abort(&w->out);
	memset(w, 0, sizeof(*w));
}

int csv_writer_close(struct csv_writer *w)
{
	int failed = w->failed;
	if (failed) {
		set_error(w->out.path, "a write failed or a row had the wrong number of fields");
		csv_writer_abort(w);
		return -1;
	}
	failed = atomic_commit(&w->out) != 0;
	memset(w, 0, sizeof(*w));
	return failed ? -1 : 0;
}

void csv_col_names(const struct csv_col *cols, size_t n, const char **names)
{
	for (size_t i = 0; i < n; i++)
		names[i] = cols[i].name;
}

void csv_col_cells(struct csv_writer *w, const struct csv_col *cols, size_t n, const void *row)
{
	for (size_t i = 0; i < n; i++)
		cols[i].put(w, row);
}
