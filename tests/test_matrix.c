/*
 * test_matrix.c - the sparse matrices of nongemm Figures 7-10 (model/matrix.h): every generated
 * family's rows, nonzeros and structure against an independent rule, sorted columns and hashed,
 * non-symmetric values; matrix_check's errors; the three real Matrix Market files read through
 * CHOLMOD (expanded, summed, pattern values hashed) against data/matrices/matrices.csv, and bad
 * ones (a FIFO refused at once, an empty or malformed file, a complex one); the CPU
 * product on a hand-computed matrix and its comparison; and the tensor-core layout's blocks and
 * product against the CSR product on every family, long rows, empty rows and padded blocks.
 */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "csvio.h"
#include "grid.h"
#include "matrix.h"

/* build MATRIX ROWS from data/matrices (the test fails when it cannot) */
static void make(const char *matrix, long rows, struct csr *m)
{
	char err[512];
	if (matrix_make(matrix, rows, repo_path("data/matrices"), m, err, sizeof(err)) != 0)
		fail_msg("%s %ld: %s", matrix, rows, err);
}

/* rowptr from 0 to nnz, columns in range and strictly rising within a row, values in [-1, 1) */
static void check_csr(const struct csr *m, int hashed)
{
	assert_int_equal(m->rowptr[0], 0);
	assert_int_equal(m->rowptr[m->rows], m->nnz);
	for (long i = 0; i < m->rows; i++) {
		assert_true(m->rowptr[i] <= m->rowptr[i + 1]);
		for (int k = m->rowptr[i]; k < m->rowptr[i + 1]; k++) {
			if (m->col[k] < 0 || m->col[k] >= m->cols || (k > m->rowptr[i] && m->col[k] <= m->col[k - 1]))
				fail_msg("row %ld: column %d at %d out of range or order", i, m->col[k], k);
			if (hashed && !(m->val[k] >= -1 && m->val[k] < 1))
				fail_msg("row %ld: value %g outside [-1, 1)", i, m->val[k]);
		}
	}
}

/* the entry (i, j), or NAN when absent */
static double at(const struct csr *m, long i, long j)
{
	for (int k = m->rowptr[i]; k < m->rowptr[i + 1]; k++)
		if (m->col[k] == j)
			return m->val[k];
	return NAN;
}

/* every row holds exactly the columns j that in(i, j, side) admits */
static void check_structure(const struct csr *m, long side, int (*in)(long, long, long))
{
	for (long i = 0; i < m->rows; i++) {
		long want = 0;
		for (long j = 0; j < m->cols; j++)
			want += in(i, j, side);
		assert_int_equal(m->rowptr[i + 1] - m->rowptr[i], want);
		for (int k = m->rowptr[i]; k < m->rowptr[i + 1]; k++)
			if (!in(i, m->col[k], side))
				fail_msg("row %ld holds column %d", i, m->col[k]);
	}
}

static long dist(long i, long j, long s, int dims)
{
	long d = 0;
	for (int k = 0; k < dims; k++, i /= s, j /= s)
		d += labs(i % s - j % s);
	return d;
}

static int in_poisson2d(long i, long j, long s)
{
	return dist(i, j, s, 2) <= 1;
}

static int in_poisson3d(long i, long j, long s)
{
	return dist(i, j, s, 3) <= 1;
}

static int in_banded(long i, long j, long s)
{
	(void)s;
	return labs(i - j) <= 13;
}

/* off-diagonal pairs present both ways have different values (hashed per position) */
static void check_not_symmetric(const struct csr *m)
{
	long pairs = 0;
	for (long i = 0; i < m->rows; i++)
		for (int k = m->rowptr[i]; k < m->rowptr[i + 1]; k++) {
			double t = m->col[k] != i ? at(m, m->col[k], i) : NAN;
			if (!isnan(t)) {
				pairs++;
				if (t == m->val[k])
					fail_msg("a(%ld, %d) == a(%d, %ld)", i, m->col[k], m->col[k], i);
			}
		}
	assert_true(pairs > 0);
}

static void test_families(void **state)
{
	(void)state;
	static const struct {
		const char *name;
		long rows, nnz, side;
		int (*in)(long, long, long);
	} cases[] = {
		{ "poisson2d", 16, 64, 4, in_poisson2d },            /* 5 n - 4 s */
		{ "poisson2d", 1, 1, 1, in_poisson2d },
		{ "poisson2d", 144, 672, 12, in_poisson2d },
		{ "poisson3d", 64, 352, 4, in_poisson3d },           /* 7 n - 6 s^2 */
		{ "poisson3d", 27, 135, 3, in_poisson3d },
		{ "banded", 30, 628, 0, in_banded },                 /* 27 n - 2 (1 + ... + 13) */
		{ "banded", 10, 100, 0, in_banded },                 /* all of it */
		{ "banded", 14, 14 * 27 - 182, 0, in_banded },
	};
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct csr m;
		make(cases[c].name, cases[c].rows, &m);
		assert_int_equal(m.rows, cases[c].rows);
		assert_int_equal(m.cols, cases[c].rows);
		if (m.nnz != cases[c].nnz)
			fail_msg("%s %ld: %ld nonzeros, not %ld", cases[c].name, m.rows, m.nnz, cases[c].nnz);
		check_csr(&m, 1);
		check_structure(&m, cases[c].side, cases[c].in);
		if (m.rows > 1)
			check_not_symmetric(&m);
		csr_free(&m);
	}
	/* poisson2d 16's row 5 (grid point (1, 1)) by hand */
	struct csr m;
	make("poisson2d", 16, &m);
	static const int row5[] = { 1, 4, 5, 6, 9 };
	assert_int_equal(m.rowptr[6] - m.rowptr[5], 5);
	assert_memory_equal(m.col + m.rowptr[5], row5, sizeof(row5));
	/* deterministic, and another family hashes other values */
	struct csr again, band;
	make("poisson2d", 16, &again);
	make("banded", 16, &band);
	assert_memory_equal(m.val, again.val, (size_t)m.nnz * sizeof(double));
	assert_true(at(&m, 0, 0) != at(&band, 0, 0) && at(&m, 0, 1) != at(&band, 0, 1));
	csr_free(&m);
	csr_free(&again);
	csr_free(&band);
	/* the family list: the five, named as matrix_check knows them */
	long rows[] = { 64, 64, 64, 64 };
	for (int f = 0; f < 4; f++)
		assert_int_equal(matrix_check(matrix_families[f].name, rows[f], NULL, 0), 0);
	assert_string_equal(matrix_families[4].name, "mm");
	assert_null(matrix_families[5].name);
}

static void test_powerlaw(void **state)
{
	(void)state;
	struct csr m;
	long rows = 1L << 16, max, at16 = 0, sumcol = 0;
	double mean, cv;
	make("powerlaw", rows, &m);
	check_csr(&m, 1);
	check_not_symmetric(&m);
	csr_row_stats(&m, &mean, &max, &cv);
	for (long i = 0; i < rows; i++) {
		long len = m.rowptr[i + 1] - m.rowptr[i];
		assert_true(len >= 4 && len <= 4096);
		at16 += len >= 16;
	}
	for (long k = 0; k < m.nnz; k++)
		sumcol += m.col[k];
	/* P(len >= 16) = (16 / 4)^-1.5 = 1/8; mean 12 less the flooring and the cap; columns uniform */
	if (fabs((double)at16 / (double)rows - 0.125) > 0.01 || mean < 10.5 || mean > 12 || max < 1000 || cv < 1)
		fail_msg("powerlaw 2^16: P(len >= 16) %.4f, mean %.2f, max %ld, cv %.2f", (double)at16 / (double)rows,
			 mean, max, cv);
	assert_true(fabs((double)sumcol / (double)m.nnz / (double)rows - 0.5) < 0.01);
	csr_free(&m);
	/* few columns: every row is cut at cols and its columns still distinct (selection sampling) */
	for (long n = 1; n <= 12; n++) {
		make("powerlaw", n, &m);
		check_csr(&m, 1);
		for (long i = 0; i < n; i++) {
			long len = m.rowptr[i + 1] - m.rowptr[i];
			assert_true(len >= (n < 4 ? n : 4) && len <= n);
		}
		csr_free(&m);
	}
}

static void test_check_errors(void **state)
{
	(void)state;
	static const struct {
		const char *matrix;
		long rows;
		const char *says;
	} bad[] = {
		{ "poisson2d", 1000, "matrix 'poisson2d': rows 1000 is not a perfect square" },
		{ "poisson2d", 15, "matrix 'poisson2d': rows 15 is not a perfect square" },
		{ "poisson3d", 1001, "matrix 'poisson3d': rows 1001 is not a perfect cube" },
		{ "poisson3d", 16, "matrix 'poisson3d': rows 16 is not a perfect cube" },
		{ "laplace", 16, "matrix 'laplace': unknown family" },
		{ "mm", 16, "matrix 'mm': unknown family" },
		{ "", 16, "matrix '': unknown family" },
		{ "mm:../etc/x", 16, "matrix 'mm:../etc/x': name '../etc/x' is not of [A-Za-z0-9_.-]+" },
		{ "mm:a b", 16, "name 'a b' is not" },
		{ "mm:", 16, "name '' is not" },
		{ "banded", 0, "matrix 'banded': rows 0 is not positive" },
		{ "powerlaw", -5, "rows -5 is not positive" },
		{ "banded", 100000000, "matrix 'banded': rows 100000000 gives 2699999818 nonzeros, over 2^31 - 1" },
		{ "poisson2d", 1L << 30, "rows 1073741824 gives 5368578048 nonzeros" },
		{ "poisson3d", 1290L * 1290 * 1290, "gives 15016838400 nonzeros" },
		{ "powerlaw", 1L << 29, "matrix 'powerlaw': rows 536870912 gives over 2^31 - 1 nonzeros" },
		{ "banded", 3000000000L, "rows 3000000000 is over 32-bit indices" },
	};
	char err[512];
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		assert_int_equal(matrix_check(bad[i].matrix, bad[i].rows, err, sizeof(err)), -1);
		if (!strstr(err, bad[i].says))
			fail_msg("%s %ld: '%s' does not say '%s'", bad[i].matrix, bad[i].rows, err, bad[i].says);
		struct csr m;
		assert_int_equal(matrix_make(bad[i].matrix, bad[i].rows, NULL, &m, err, sizeof(err)), -1);
		assert_null(m.rowptr);
	}
	/* fine: Poisson's squares and cubes, the largest banded, any mm name (no file is read) */
	assert_int_equal(matrix_check("poisson2d", 464L * 464, err, sizeof(err)), 0);
	assert_int_equal(matrix_check("poisson3d", 464L * 464 * 464, err, sizeof(err)), 0);
	assert_int_equal(matrix_check("banded", 79536438, err, sizeof(err)), 0);     /* 27 n - 182 < 2^31 */
	assert_int_equal(matrix_check("banded", 79536439, err, sizeof(err)), -1);
	assert_int_equal(matrix_check("powerlaw", 1L << 23, err, sizeof(err)), 0);
	assert_int_equal(matrix_check("mm:no_such-file.v2", 7, err, sizeof(err)), 0);
}

/* a file NAME.mtx in a fresh directory holding text; returns the directory */
static const char *mm_dir(const char *name, const char *text)
{
	const char *dir = temp_dir();
	char path[256];
	snprintf(path, sizeof(path), "%s/%s.mtx", dir, name);
	put_file(path, text);
	return dir;
}

static void test_mm_files(void **state)
{
	(void)state;
	struct csv_table t;
	char err[512];
	assert_int_equal(csv_table_read(repo_path("data/matrices/matrices.csv"), &t, err, sizeof(err)), 0);
	assert_int_equal(t.nrows, 3);
	for (size_t r = 0; r < t.nrows; r++) {
		const char *name = csv_table_get(&t, r, "name");
		long rows = atol(csv_table_get(&t, r, "rows")), entries = atol(csv_table_get(&t, r, "entries"));
		int sym = strcmp(csv_table_get(&t, r, "symmetry"), "symmetric") == 0;
		char matrix[64];
		struct csr m;
		snprintf(matrix, sizeof(matrix), "mm:%s", name);
		make(matrix, rows, &m);
		check_csr(&m, strcmp(csv_table_get(&t, r, "field"), "pattern") == 0);
		long diag = 0;
		for (long i = 0; i < m.rows; i++)
			diag += !isnan(at(&m, i, i));
		assert_int_equal(m.cols, atol(csv_table_get(&t, r, "cols")));
		assert_int_equal(m.nnz, sym ? 2 * entries - diag : entries);
		csr_free(&m);
	}
	csv_table_free(&t);
	/* jgl009 (pattern general): 50 entries, values hashed, not CHOLMOD's ones */
	struct csr m;
	make("mm:jgl009", 9, &m);
	assert_int_equal(m.nnz, 50);
	check_not_symmetric(&m);
	csr_free(&m);
	/* lund_a (real symmetric, 1298 entries with its 147 diagonal ones): both triangles */
	make("mm:lund_a", 147, &m);
	assert_int_equal(m.nnz, 2 * 1298 - 147);
	assert_true(at(&m, 0, 0) == 7.5e7 && at(&m, 1, 0) == 9.6153881e5 && at(&m, 0, 1) == 9.6153881e5);
	assert_true(at(&m, 0, 8) == -2.6175210e6 && at(&m, 8, 0) == -2.6175210e6);
	for (long i = 0; i < m.rows; i++)
		for (int k = m.rowptr[i]; k < m.rowptr[i + 1]; k++)
			assert_true(at(&m, m.col[k], i) == m.val[k]);
	csr_free(&m);
	/* pores_1 (real general): values as written */
	make("mm:pores_1", 30, &m);
	assert_int_equal(m.nnz, 180);
	assert_true(at(&m, 0, 0) == -9.4810113490e2 && at(&m, 1, 0) == -7.1785016460e6);
	assert_true(at(&m, 2, 0) == 4.7312729960);
	csr_free(&m);
	/* the wrong rows, a missing file */
	assert_int_equal(matrix_make("mm:lund_a", 100, repo_path("data/matrices"), &m, err, sizeof(err)), -1);
	if (!strstr(err, "lund_a.mtx has 147 rows, not 100"))
		fail_msg("%s", err);
	assert_int_equal(matrix_make("mm:nosuch", 5, repo_path("data/matrices"), &m, err, sizeof(err)), -1);
	if (!strstr(err, "matrix 'mm:nosuch': cannot open ") || !strstr(err, "data/matrices/nosuch.mtx"))
		fail_msg("%s", err);
	assert_null(m.rowptr);
}

/* matrix mm:fifo of directory arg, its error into msg */
static void make_fifo(void *arg, char *msg, size_t len)
{
	struct csr m;
	if (matrix_make("mm:fifo", 2, arg, &m, msg, len) == 0)
		snprintf(msg, len, "(read as a matrix)");
}

/* small files: duplicates summed, unsorted entries sorted, symmetric expanded, errors */
static void test_mm_small(void **state)
{
	(void)state;
	struct csr m;
	char err[512];
	const char *dir = mm_dir("s", "%%MatrixMarket matrix coordinate real symmetric\n% c\n3 3 5\n"
				      "3 1 2.0\n1 1 1.0\n3 1 0.5\n2 2 4.0\n1 3 0.25\n");
	assert_int_equal(matrix_make("mm:s", 3, dir, &m, err, sizeof(err)), 0);
	static const int rowptr[] = { 0, 2, 3, 4 }, col[] = { 0, 2, 1, 0 };
	static const double val[] = { 1.0, 2.75, 4.0, 2.75 };
	assert_int_equal(m.nnz, 4);
	assert_memory_equal(m.rowptr, rowptr, sizeof(rowptr));
	assert_memory_equal(m.col, col, sizeof(col));
	assert_memory_equal(m.val, val, sizeof(val));
	csr_free(&m);
	dir = mm_dir("g", "%%MatrixMarket matrix coordinate integer general\n2 3 4\n2 3 1\n1 2 5\n2 1 2\n2 3 6\n");
	assert_int_equal(matrix_make("mm:g", 2, dir, &m, err, sizeof(err)), 0);
	assert_int_equal(m.cols, 3);
	assert_int_equal(m.nnz, 3);
	assert_true(at(&m, 0, 1) == 5 && at(&m, 1, 0) == 2 && at(&m, 1, 2) == 7);
	assert_true(m.col[1] == 0 && m.col[2] == 2);
	csr_free(&m);
	/* a pattern symmetric file: both triangles, hashed values (a(0, 1) != a(1, 0)) */
	dir = mm_dir("p", "%%MatrixMarket matrix coordinate pattern symmetric\n2 2 2\n1 1\n2 1\n");
	assert_int_equal(matrix_make("mm:p", 2, dir, &m, err, sizeof(err)), 0);
	assert_int_equal(m.nnz, 3);
	check_csr(&m, 1);
	assert_true(at(&m, 0, 1) != at(&m, 1, 0));
	csr_free(&m);
	static const struct {
		const char *text, *says;
	} bad[] = {
		{ "%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1.0\n", "CHOLMOD cannot read" },
		{ "%%MatrixMarket matrix coordinate real general\n2 2 3\n1 1 1.0\n", "CHOLMOD cannot read" },
		{ "not a matrix\n", "CHOLMOD cannot read" },
		{ "%%MatrixMarket matrix coordinate complex general\n2 2 1\n1 1 1.0 2.0\n", "is complex" },
	};
	/* an empty file; a FIFO, refused at once, never waited on for a writer */
	dir = mm_dir("empty", "");
	assert_int_equal(matrix_make("mm:empty", 2, dir, &m, err, sizeof(err)), -1);
	if (!strstr(err, "CHOLMOD cannot read") || !strstr(err, "empty.mtx"))
		fail_msg("%s", err);
	char fifo[600];
	snprintf(fifo, sizeof(fifo), "%s/fifo.mtx", dir);
	assert_int_equal(mkfifo(fifo, 0644), 0);
	if (run_bounded(make_fifo, (void *)dir, 20, err, sizeof(err)) != 0)
		fail_msg("mm:fifo did not return: %s", err);
	if (!strstr(err, "matrix 'mm:fifo': cannot open ") || !strstr(err, "fifo.mtx: it is a FIFO"))
		fail_msg("%s", err);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		dir = mm_dir("bad", bad[i].text);
		assert_int_equal(matrix_make("mm:bad", 2, dir, &m, err, sizeof(err)), -1);
		if (!strstr(err, bad[i].says) || !strstr(err, "bad.mtx"))
			fail_msg("%s: %s", bad[i].text, err);
		assert_null(m.rowptr);
	}
}

static void test_spmv(void **state)
{
	(void)state;
	/* [2 0 -1; 0 0 0; 4 3 0] x [1 2 3] = [-1 0 10], |A||x| = [5 0 10] */
	int rowptr[] = { 0, 2, 2, 4 }, col[] = { 0, 2, 0, 1 };
	double val[] = { 2, -1, 4, 3 }, x[] = { 1, 2, 3 }, y[3], yabs[3];
	struct csr m = { 3, 3, 4, rowptr, col, val };
	csr_spmv(&m, x, y, yabs);
	assert_true(y[0] == -1 && y[1] == 0 && y[2] == 10);
	assert_true(yabs[0] == 5 && yabs[1] == 0 && yabs[2] == 10);
	csr_spmv(&m, x, y, NULL);
	assert_true(y[2] == 10);
	double mean, cv;
	long max;
	csr_row_stats(&m, &mean, &max, &cv);
	assert_near(mean, 4.0 / 3, 1e-15);
	assert_int_equal(max, 2);
	assert_near(cv, sqrt(0.5), 1e-15);
	/* one wrong row is caught, relative to its |A||x|; an empty row that is not 0 is infinite */
	double got[3] = { -1, 0, 10 };
	assert_true(spmv_max_rel(got, y, yabs, 3) == 0);
	got[2] = 10 + 1e-9;
	assert_near(spmv_max_rel(got, y, yabs, 3), 1e-10, 1e-15);
	got[0] = -1 + 1e-6;
	assert_near(spmv_max_rel(got, y, yabs, 3), 2e-7, 1e-15);
	got[1] = 1e-300;
	assert_true(isinf(spmv_max_rel(got, y, yabs, 3)));
	got[1] = 0, got[2] = NAN;
	assert_true(isinf(spmv_max_rel(got, y, yabs, 3)));
}

/* the layout's blocks: every row once, long ones first, chunk counts and order, padding */
static void check_blocks(const struct csr *m, const struct mma_layout *l)
{
	long short_rows = m->rows - l->long_blocks, seen = 0, minus = 0, prev = LONG_MAX;
	char *hit = calloc((size_t)m->rows, 1);
	assert_int_equal(l->blocks, l->long_blocks + (short_rows + 7) / 8);
	assert_int_equal(l->start[0], 0);
	assert_int_equal(l->chunks, l->start[l->blocks]);
	assert_int_equal(l->padded, 32 * l->chunks - m->nnz);
	for (long b = 0; b < l->blocks; b++) {
		long ch = l->start[b + 1] - l->start[b], top = 0;
		for (int g = 0; g < 8; g++) {
			int r = l->row[8 * b + g];
			if (r < 0) {
				minus++;
				assert_true(b == l->blocks - 1 && b >= l->long_blocks);
				continue;
			}
			long len = m->rowptr[r + 1] - m->rowptr[r];
			if (b < l->long_blocks) {
				assert_true(len > MMA_LONG_ROW && r == l->row[8 * b]);
				top = len;
			} else {
				assert_true(len <= MMA_LONG_ROW && !hit[r]);
				top = len > top ? len : top;
			}
			seen += !hit[r];
			hit[r] = 1;
		}
		assert_int_equal(ch, b < l->long_blocks ? (top + 31) / 32 : (top + 3) / 4);
		if (b == l->long_blocks)
			prev = LONG_MAX;
		assert_true(ch <= prev);
		prev = ch;
	}
	assert_int_equal(seen, m->rows);
	assert_int_equal(minus, 8 * (l->blocks - l->long_blocks) - short_rows);
	free(hit);
}

/* the layout's product equals the CSR product (1e-13 of each row's |A||x|); a wrong column fails */
static void check_layout(const struct csr *m, long *long_blocks, long *minus)
{
	struct mma_layout l;
	char err[256];
	double *x = malloc((size_t)m->cols * sizeof(double)), *want = malloc((size_t)m->rows * sizeof(double));
	double *wabs = malloc((size_t)m->rows * sizeof(double)), *y = malloc((size_t)m->rows * sizeof(double));
	for (long j = 0; j < m->cols; j++)
		x[j] = sr_uniform(SR_SEED_INPUT, (uint64_t)j);
	for (long i = 0; i < m->rows; i++)
		y[i] = NAN;
	if (mma_layout_build(m, &l, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	check_blocks(m, &l);
	csr_spmv(m, x, want, wabs);
	mma_layout_spmv(&l, x, y);
	if (!(spmv_max_rel(y, want, wabs, m->rows) <= 1e-13))
		fail_msg("layout product off by %g", spmv_max_rel(y, want, wabs, m->rows));
	if (m->nnz > 0) {
		long k = 0;
		while (l.val[k] == 0)
			k++;
		l.col[k] = (l.col[k] + 1) % (int)m->cols;
		mma_layout_spmv(&l, x, y);
		assert_true(m->cols == 1 || spmv_max_rel(y, want, wabs, m->rows) > 1e-13);
	}
	*long_blocks = l.long_blocks;
	*minus = 8 * (l.blocks - l.long_blocks) - (m->rows - l.long_blocks);
	mma_layout_free(&l);
	free(x), free(want), free(wabs), free(y);
}

static void test_mma_layout(void **state)
{
	(void)state;
	static const struct {
		const char *matrix;
		long rows;
	} cases[] = {
		{ "poisson2d", 100 }, { "poisson3d", 343 }, { "banded", 1003 }, { "banded", 5 },
		{ "powerlaw", 1000 }, { "powerlaw", 30000 }, { "mm:jgl009", 9 }, { "mm:lund_a", 147 },
		{ "mm:pores_1", 30 },
	};
	long long_blocks, minus;
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct csr m;
		make(cases[c].matrix, cases[c].rows, &m);
		check_layout(&m, &long_blocks, &minus);
		if (cases[c].rows == 30000)
			assert_true(long_blocks > 0);
		if (cases[c].rows == 1003)       /* 1003 = 125 * 8 + 3: five rows of -1 */
			assert_int_equal(minus, 5);
		csr_free(&m);
	}
}

/* by hand: empty rows, rows just over and at MMA_LONG_ROW, an all-empty matrix */
static void test_mma_layout_edges(void **state)
{
	(void)state;
	static const int lens[19] = { 0, 0, 3, 600, 9, 0, 1, 257, 2, 8, 256, 5, 4, 4, 7, 1, 2, 3, 6 };
	int rowptr[20] = { 0 }, *col = malloc(2000 * sizeof(int));
	double *val = malloc(2000 * sizeof(double));
	for (int i = 0; i < 19; i++) {
		rowptr[i + 1] = rowptr[i] + lens[i];
		for (int k = 0; k < lens[i]; k++) {
			col[rowptr[i] + k] = k + (1000 - lens[i]) * (i % 2);   /* odd rows at the right end */
			val[rowptr[i] + k] = sr_uniform(SR_SEED_WEIGHTS, (uint64_t)(rowptr[i] + k));
		}
	}
	struct csr m = { 19, 1000, rowptr[19], rowptr, col, val };
	struct mma_layout l;
	char err[256];
	long long_blocks, minus;
	check_layout(&m, &long_blocks, &minus);
	assert_int_equal(long_blocks, 2);
	assert_int_equal(minus, 7);                 /* 17 short rows: 3 blocks, 7 of -1 */
	assert_int_equal(mma_layout_build(&m, &l, err, sizeof(err)), 0);
	/* long first by falling length: 600 (19 chunks of 76 a sub-row), then 257 (9 chunks) */
	assert_true(l.row[0] == 3 && l.row[8] == 7 && l.start[1] == 19 && l.start[2] == 28);
	/* then by falling length 256 9 8 7 6 5 4 4 (rows 12 and 13 in row order): 64 chunks */
	static const int first[8] = { 10, 4, 9, 14, 18, 11, 12, 13 };
	assert_memory_equal(l.row + 16, first, sizeof(first));
	assert_int_equal(l.start[3] - l.start[2], 64);
	/* sub-row 7 of row 600 holds its last 68 entries: chunk 16's lane 28 is entry 532 + 64 */
	assert_int_equal(l.col[32 * (0 + 16) + 28], col[rowptr[3] + 532 + 64]);
	assert_true(l.val[32 * 18 + 28] == 0 && l.col[32 * 18 + 28] == 0);   /* past its 68: padding */
	mma_layout_free(&l);
	/* every row empty: one block of no chunks, y all 0 */
	int zero[6] = { 0 };
	struct csr e = { 5, 5, 0, zero, col, val };
	check_layout(&e, &long_blocks, &minus);
	assert_int_equal(minus, 3);
	free(col);
	free(val);
}

void run_matrix_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_families),
		cmocka_unit_test(test_powerlaw),
		cmocka_unit_test(test_check_errors),
		cmocka_unit_test(test_mm_files),
		cmocka_unit_test(test_mm_small),
		cmocka_unit_test(test_spmv),
		cmocka_unit_test(test_mma_layout),
		cmocka_unit_test(test_mma_layout_edges),
	};
	RUN_GROUP(r, "matrix", tests);
}
