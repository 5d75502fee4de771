/*
 * test_csv.c - CSV through libcsv: round trips with quoting, commas, quotes, newlines and empty
 * fields; errors that name file and line; comment lines; the atomic writer (an aborted write
 * leaves the earlier file intact; only regular files are written or replaced); the reader's
 * refusal of anything but a regular file of at most INPUT_MAX_BYTES; printed-precision comparison.
 */
#define _XOPEN_SOURCE 700
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csvio.h"
#include "report.h"

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "rb");
	static char buf[8192];
	size_t n;
	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void test_round_trip(void **state)
{
	static const char *const hdr[] = { "name", "note", "value", "empty" };
	static const char *const notes[] = { "plain", "a, comma", "say \"hi\"", "two\nlines", " padded " };
	char path[300], err[256];
	struct csv_writer w;
	struct csv_table t;
	int fd = mkstemp(test_tmp(path, sizeof(path), "csv-XXXXXX"));
	(void)state;
	close(fd);
	assert_int_equal(csv_writer_open(&w, path, hdr, 4), 0);
	for (int i = 0; i < 5; i++) {
		char name[16];
		snprintf(name, sizeof(name), "row%d", i);
		csv_put_str(&w, name);
		csv_put_str(&w, notes[i]);
		csv_put_num(&w, i * 0.1);
		csv_put_str(&w, "");
		csv_end_row(&w);
	}
	assert_int_equal(csv_writer_close(&w), 0);
	assert_int_equal(csv_table_read(path, &t, err, sizeof(err)), 0);
	assert_int_equal(t.nrows, 5);
	assert_int_equal(t.ncols, 4);
	for (int i = 0; i < 5; i++) {
		double v;
		assert_string_equal(csv_table_get(&t, (size_t)i, "note"), notes[i]);
		assert_string_equal(csv_table_get(&t, (size_t)i, "empty"), "");
		assert_int_equal(csv_table_num(&t, (size_t)i, "value", &v, err, sizeof(err)), 0);
		assert_near(v, i * 0.1, 1e-12);
	}
	assert_null(csv_table_get(&t, 0, "no-such-column"));
	assert_int_equal(csv_table_col(&t, "value"), 2);
	/* plain fields stay unquoted; only those that need it are quoted */
	assert_non_null(strstr(read_all(path), "row0,plain,0,\n"));
	assert_non_null(strstr(read_all(path), "\"a, comma\""));
	csv_table_free(&t);
	unlink(path);
}

static void test_parse_errors(void **state)
{
	struct csv_table t;
	char err[256];
	(void)state;
	const char *f = write_temp("a,b,c\n1,2,3\n4,5\n", 0);
	assert_int_equal(csv_table_read(f, &t, err, sizeof(err)), -1);
	assert_non_null(strstr(err, f));
	assert_non_null(strstr(err, ":3: expected 3 fields, got 2"));
	/* comments and blank lines do not count as rows, but do count as lines */
	f = write_temp("# header comment\na,b\n\n1,2\n# mid comment\n3,x\n", 1);
	assert_int_equal(csv_table_read(f, &t, err, sizeof(err)), 0);
	assert_int_equal(t.nrows, 2);
	double v;
	assert_int_equal(csv_table_num(&t, 1, "b", &v, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":6: column b: bad number 'x'"));
	static const char *const need[] = { "a", "zz", NULL };
	assert_int_equal(csv_table_require(&t, need, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "missing column 'zz'"));
	csv_table_free(&t);
	/* an unterminated quote (a truncated file) is an error with a line number */
	f = write_temp("a,b\n1,\"open\n", 2);
	assert_int_equal(csv_table_read(f, &t, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "malformed CSV"));
	/* empty file, duplicate column, missing file */
	f = write_temp("", 3);
	assert_int_equal(csv_table_read(f, &t, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "empty"));
	f = write_temp("a,a\n1,2\n", 4);
	assert_int_equal(csv_table_read(f, &t, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "duplicate column 'a'"));
	assert_int_equal(csv_table_read("/nonexistent/x.csv", &t, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "/nonexistent/x.csv"));
}

static void test_atomic_writer(void **state)
{
	static const char *const hdr[] = { "x" };
	char path[300];
	struct csv_writer w;
	int fd = mkstemp(test_tmp(path, sizeof(path), "atomic-XXXXXX"));
	(void)state;
	assert_int_equal(write(fd, "old\n", 4), 4);
	close(fd);
	/* an aborted write leaves the old file and no temporary behind */
	assert_int_equal(csv_writer_open(&w, path, hdr, 1), 0);
	csv_put_int(&w, 42);
	csv_end_row(&w);
	char tmp[512];
	snprintf(tmp, sizeof(tmp), "%s", w.out.tmp);
	assert_int_equal(access(tmp, F_OK), 0);
	csv_writer_abort(&w);
	assert_string_equal(read_all(path), "old\n");
	assert_int_equal(access(tmp, F_OK), -1);
	/* a row with the wrong number of fields fails the close, and the old file stays */
	assert_int_equal(csv_writer_open(&w, path, hdr, 1), 0);
	csv_put_int(&w, 1);
	csv_put_int(&w, 2);
	csv_end_row(&w);
	assert_int_equal(csv_writer_close(&w), -1);
	assert_string_equal(read_all(path), "old\n");
	/* a complete write replaces it */
	assert_int_equal(csv_writer_open(&w, path, hdr, 1), 0);
	csv_put_int(&w, 7);
	csv_end_row(&w);
	csv_put_num(&w, NAN);
	csv_end_row(&w);
	assert_int_equal(csv_writer_close(&w), 0);
	assert_string_equal(read_all(path), "x\n7\nNA\n");
	/* a directory that does not exist */
	assert_int_equal(csv_writer_open(&w, "/nonexistent/dir/x.csv", hdr, 1), -1);
	unlink(path);
}

static int entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;
	assert_non_null(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

/* A FIFO, a directory, a device and symbolic links are refused with a message naming the path
 * and what it is, left as they were, and nothing is created beside them; a regular file is
 * replaced by rename. */
static void test_writer_regular_files_only(void **state)
{
	static const char *const hdr[] = { "x" };
	static const struct { const char *name, *kind; mode_t type; } refused[] = {
		{ "fifo", "a FIFO", S_IFIFO }, { "dir", "a directory", S_IFDIR },
		{ "link-dev", "a symbolic link to a character device", S_IFLNK },
		{ "link-reg", "a symbolic link to a regular file", S_IFLNK },
		{ "link-none", "a dangling symbolic link", S_IFLNK },
	};
	char path[700], reg[600];
	struct csv_writer w;
	struct stat st;
	(void)state;
	const char *d = temp_dir();
	snprintf(reg, sizeof(reg), "%s/reg.csv", d);
	put_file(reg, "old\n");
	snprintf(path, sizeof(path), "%s/fifo", d);
	assert_int_equal(mkfifo(path, 0644), 0);
	snprintf(path, sizeof(path), "%s/dir", d);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/link-dev", d);
	assert_int_equal(symlink("/dev/null", path), 0);
	snprintf(path, sizeof(path), "%s/link-reg", d);
	assert_int_equal(symlink(reg, path), 0);
	snprintf(path, sizeof(path), "%s/link-none", d);
	assert_int_equal(symlink("nowhere", path), 0);
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", d, refused[i].name);
		assert_int_equal(csv_writer_open(&w, path, hdr, 1), -1);
		if (!strstr(atomic_error(), path) || !strstr(atomic_error(), refused[i].kind))
			fail_msg("%s: message '%s'", refused[i].name, atomic_error());
		assert_int_equal(lstat(path, &st), 0);
		assert_int_equal(st.st_mode & S_IFMT, refused[i].type);
		assert_int_equal(entries(d), 6);            /* no temporary file beside it */
	}
	assert_string_equal(read_all(reg), "old\n");    /* not written through the link */
	/* a device */
	assert_int_equal(csv_writer_open(&w, "/dev/null", hdr, 1), -1);
	assert_non_null(strstr(atomic_error(), "cannot write /dev/null: it is a character device"));
	assert_int_equal(stat("/dev/null", &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	/* a missing directory and a file where a directory should be */
	snprintf(path, sizeof(path), "%s/missing/x.csv", d);
	assert_int_equal(csv_writer_open(&w, path, hdr, 1), -1);
	assert_non_null(strstr(atomic_error(), "/missing does not exist"));
	snprintf(path, sizeof(path), "%s/x.csv", reg);
	assert_int_equal(csv_writer_open(&w, path, hdr, 1), -1);
	assert_non_null(strstr(atomic_error(), "reg.csv is not a directory"));
	/* a regular file is replaced by a new one renamed over it */
	ino_t before;
	assert_int_equal(stat(reg, &st), 0);
	before = st.st_ino;
	assert_int_equal(csv_writer_open(&w, reg, hdr, 1), 0);
	csv_put_int(&w, 3);
	csv_end_row(&w);
	assert_int_equal(csv_writer_close(&w), 0);
	assert_string_equal(read_all(reg), "x\n3\n");
	assert_int_equal(stat(reg, &st), 0);
	assert_true(st.st_ino != before);
	assert_int_equal(entries(d), 6);
	/* a target that turns into a FIFO while being written is refused at the commit */
	assert_int_equal(csv_writer_open(&w, reg, hdr, 1), 0);
	unlink(reg);
	assert_int_equal(mkfifo(reg, 0644), 0);
	assert_int_equal(csv_writer_close(&w), -1);
	assert_non_null(strstr(atomic_error(), "a FIFO"));
	assert_int_equal(lstat(reg, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_int_equal(entries(d), 6);
	/* --outdir: a directory, or a link to one; nothing else */
	char err[1200];
	snprintf(path, sizeof(path), "%s/dir", d);
	assert_int_equal(output_dir(path, err, sizeof(err)), 0);
	snprintf(path, sizeof(path), "%s/new/sub", d);
	assert_int_equal(output_dir(path, err, sizeof(err)), 0);
	assert_int_equal(output_dir("/dev/null", err, sizeof(err)), -1);
	assert_string_equal(err, "cannot write into /dev/null: it is a character device, not a directory");
	snprintf(path, sizeof(path), "%s/fifo", d);
	assert_int_equal(output_dir(path, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "it is a FIFO, not a directory"));
}

static void read_child(void *arg, char *msg, size_t len)
{
	struct csv_table t;
	if (csv_table_read(arg, &t, msg, len) == 0)
		snprintf(msg, len, "(read as a table)");
}

/* csv_table_read(path), bounded (run_bounded): -1 with one line naming path and holding want */
static void assert_read_refused(const char *path, const char *want)
{
	char msg[1200];
	if (run_bounded(read_child, (void *)path, 20, msg, sizeof(msg)) != 0)
		fail_msg("reading %s did not return: %s", path, msg);
	if (!strstr(msg, path) || !strstr(msg, want) || strchr(msg, '\n'))
		fail_msg("reading %s: '%s' (want one line naming it with '%s')", path, msg, want);
}

/* Input files are regular files of at most INPUT_MAX_BYTES: a FIFO is refused at once (never
 * waited on for a writer), /dev/zero without reading it, a directory, a file over the limit
 * (named, with the limit); a link to a regular file is read. */
static void test_input_regular_files_only(void **state)
{
	char path[700], big[700], link[700], err[256];
	struct csv_table t;
	(void)state;
	const char *d = temp_dir();
	snprintf(path, sizeof(path), "%s/fifo.csv", d);
	assert_int_equal(mkfifo(path, 0644), 0);
	assert_read_refused(path, "it is a FIFO; input files are read from regular files only");
	assert_read_refused("/dev/zero", "it is a character device");
	assert_read_refused(d, "it is a directory");
	snprintf(big, sizeof(big), "%s/big.csv", d);
	int fd = open(big, O_WRONLY | O_CREAT | O_EXCL, 0644);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "a\n1\n", 4), 4);
	assert_int_equal(ftruncate(fd, (off_t)INPUT_MAX_BYTES + 1), 0);   /* sparse: no disk used */
	close(fd);
	assert_read_refused(big, "over the 64 MiB an input file may hold");
	/* the same file cut back to its two lines is read, and through a link to it */
	assert_int_equal(truncate(big, 4), 0);
	assert_int_equal(csv_table_read(big, &t, err, sizeof(err)), 0);
	assert_int_equal(t.nrows, 1);
	csv_table_free(&t);
	snprintf(link, sizeof(link), "%s/link.csv", d);
	assert_int_equal(symlink(big, link), 0);
	assert_int_equal(csv_table_read(link, &t, err, sizeof(err)), 0);
	assert_string_equal(csv_table_get(&t, 0, "a"), "1");
	csv_table_free(&t);
}

static void test_printed_precision(void **state)
{
	(void)state;
	assert_int_equal(printed_decimals("3.38"), 2);
	assert_int_equal(printed_decimals("54"), 0);
	assert_int_equal(printed_decimals(""), -1);
	assert_int_equal(printed_decimals("abc"), -1);
	assert_int_equal(printed_agrees(3.375, "3.38"), 1);
	assert_int_equal(printed_agrees(3.375, "3.37"), 1);    /* half a unit either way */
	assert_int_equal(printed_agrees(3.3851, "3.38"), 0);
	assert_int_equal(printed_agrees(56.25, "21.58"), 0);
	assert_int_equal(printed_agrees(64, "56"), 0);
	assert_int_equal(printed_agrees(1.0, ""), -1);
	assert_int_equal(printed_agrees(NAN, "1"), -1);
	char b[32];
	format_like(b, sizeof(b), 1.8148, "1.81", 3);
	assert_string_equal(b, "1.81");
	format_like(b, sizeof(b), 196, "", 2);
	assert_string_equal(b, "196.00");
}

void run_csv_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_atomic_writer),
		cmocka_unit_test(test_writer_regular_files_only),
		cmocka_unit_test(test_input_regular_files_only),
		cmocka_unit_test(test_printed_precision),
	};
	RUN_GROUP(r, "csv", tests);
}
