/*
 * matrix.c - the sparse matrices of nongemm Figures 7-10 (SpMV in fp64 on CSR): the generated
 * families (values hashed from family, row and column, columns sorted, rows filled in parallel
 * without a per-row allocation), Matrix Market files read by CHOLMOD and turned into CSR (sorted,
 * duplicates summed, symmetric files expanded), the CPU product every SpMV is verified against,
 * and the tensor-core SpMV's blocked layout with its CPU product. See matrix.h.
 */
#define _POSIX_C_SOURCE 200809L   /* fmemopen */
#include "matrix.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <suitesparse/cholmod.h>

#include "csvio.h"
#include "grid.h"

enum family { FAM_POISSON2D, FAM_POISSON3D, FAM_BANDED, FAM_POWERLAW, FAM_MM };

/* in enum family's order */
const struct matrix_family matrix_families[] = {
	{ "poisson2d", "the 5-point Laplacian of an s x s grid (rows = s^2)" },
	{ "poisson3d", "the 7-point Laplacian of an s x s x s grid (rows = s^3)" },
	{ "banded", "27 contiguous diagonals, offsets -13..13, cut at the edges" },
	{ "powerlaw", "row lengths from a power law (P(len >= k) ~ k^-1.5 from 4, at most 4096), uniform columns" },
	{ "mm", "mm:NAME, the Matrix Market file data/matrices/NAME.mtx read by CHOLMOD" },
	{ NULL, NULL },
};

#define BAND_HALF 13          /* banded: offsets -13..13 */
#define POWERLAW_MIN 4.0      /* powerlaw: P(len >= k) = (k / 4)^-1.5 */
#define POWERLAW_CAP 4096
#define MX_SEED 0xA4093822299F31D0ull   /* the values; the lengths and columns take their own */
#define MX_GOLDEN 0x9E3779B97F4A7C15ull

/* a generated matrix: its family, rows and (Poisson) side */
struct gen {
	int fam;
	long rows, side;
};

/* 64 hashed bits of (seed, row, j), j < 2^32 */
static inline uint64_t mx_bits(uint64_t seed, long row, uint64_t j)
{
	return sr_mix(seed + MX_GOLDEN * ((((uint64_t)row << 32) | j) + 1));
}

/* a family's values' seed */
static uint64_t mx_seed(int fam)
{
	return sr_mix(MX_SEED + (uint64_t)fam);
}

/* the value at (row, col) of the family of seed: uniform in [-1, 1), a(i, j) != a(j, i) */
static inline double mx_value(uint64_t seed, long row, int col)
{
	return sr_uniform(seed, ((uint64_t)row << 32) | (uint32_t)col);
}

/* powerlaw row i's length: 4 u^(-2/3) rounded down (inverse CDF), at most cap */
static long powerlaw_len(long i, long cap)
{
	uint64_t h = mx_bits(MX_SEED ^ 0x1111111111111111ull, i, 0);
	double u = (double)((h >> 11) + 1) * 0x1p-53;   /* (0, 1] */
	double k = POWERLAW_MIN / cbrt(u * u);
	return k >= (double)cap ? cap : (long)k;
}

static long powerlaw_cap(long cols)
{
	return cols < POWERLAW_CAP ? cols : POWERLAW_CAP;
}

/* v[0..n) sorted, rising: a quicksort (median of three; the smaller side recursed), insertion
 * below 24 (the rows are short; qsort's calls cost more than the sort) */
static void sort_ints(int *v, long n)
{
	while (n > 24) {
		int p[3] = { v[0], v[n / 2], v[n - 1] }, t;
		int piv = p[0] < p[1] ? (p[1] < p[2] ? p[1] : p[0] < p[2] ? p[2] : p[0])
				      : (p[0] < p[2] ? p[0] : p[1] < p[2] ? p[2] : p[1]);
		long i = 0, j = n - 1;
		for (;;) {      /* Hoare's partition: v[0..j] <= piv <= v[j+1..n) */
			while (v[i] < piv)
				i++;
			while (v[j] > piv)
				j--;
			if (i >= j)
				break;
			t = v[i], v[i++] = v[j], v[j--] = t;
		}
		if (j + 1 < n - j - 1) {
			sort_ints(v, j + 1);
			v += j + 1, n -= j + 1;
		} else {
			sort_ints(v + j + 1, n - j - 1);
			n = j + 1;
		}
	}
	for (long k = 1; k < n; k++) {
		int x = v[k];
		long j = k;
		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/* v[0..n) sorted, its repeats dropped: how many are left */
static long sort_unique(int *v, long n)
{
	long u = 0;
	sort_ints(v, n);
	for (long k = 0; k < n; k++)
		if (u == 0 || v[k] != v[u - 1])
			v[u++] = v[k];
	return u;
}

/* powerlaw row i's len distinct columns of [0, n), sorted: the first len distinct ones of the
 * row's uniform draws (drawn a batch at a time, sorted and their repeats dropped), or, when they
 * are over half of n, chosen by selection sampling (one pass over n, always len of them) */
static void powerlaw_cols(long i, long len, long n, int *col)
{
	const uint64_t seed = MX_SEED ^ 0x2222222222222222ull;
	long have = 0;
	if (2 * len > n) {
		for (long j = 0; j < n && have < len; j++)
			if ((double)(mx_bits(seed, i, (uint64_t)j) >> 11) * 0x1p-53 * (double)(n - j) < (double)(len - have))
				col[have++] = (int)j;
		return;
	}
	for (uint64_t a = 0; have < len; have = sort_unique(col, len))
		for (long k = have; k < len; k++)
			col[k] = (int)(((mx_bits(seed, i, a++) >> 33) * (uint64_t)n) >> 31);
}

/* a Poisson row's columns, sorted: the lower neighbours by falling stride, i, the upper ones */
static int poisson_row(long i, long s, int dims, int *col)
{
	const long stride[3] = { 1, s, s * s }, c[3] = { i % s, (i / s) % s, i / (s * s) };
	int n = 0;
	for (int d = dims - 1; d >= 0; d--)
		if (c[d] > 0)
			col[n++] = (int)(i - stride[d]);
	col[n++] = (int)i;
	for (int d = 0; d < dims; d++)
		if (c[d] < s - 1)
			col[n++] = (int)(i + stride[d]);
	return n;
}

static long gen_len(const struct gen *g, long i)
{
	int tmp[7];
	switch (g->fam) {
	case FAM_POISSON2D:
		return poisson_row(i, g->side, 2, tmp);
	case FAM_POISSON3D:
		return poisson_row(i, g->side, 3, tmp);
	case FAM_BANDED:
		return (i + BAND_HALF < g->rows ? i + BAND_HALF : g->rows - 1) - (i > BAND_HALF ? i - BAND_HALF : 0) + 1;
	default:
		return powerlaw_len(i, powerlaw_cap(g->rows));
	}
}

/* row i's len sorted columns */
static void gen_cols(const struct gen *g, long i, long len, int *col)
{
	if (g->fam == FAM_POISSON2D || g->fam == FAM_POISSON3D)
		poisson_row(i, g->side, g->fam == FAM_POISSON2D ? 2 : 3, col);
	else if (g->fam == FAM_BANDED)
		for (long k = 0, c0 = i > BAND_HALF ? i - BAND_HALF : 0; k < len; k++)
			col[k] = (int)(c0 + k);
	else
		powerlaw_cols(i, len, g->rows, col);
}

/* the generated matrix's nonzeros (closed forms; powerlaw's summed, or a bound once past INT_MAX) */
static long gen_nnz(const struct gen *g)
{
	long n = g->rows, s = g->side, nnz = 0;
	if (g->fam == FAM_POISSON2D)
		return 5 * n - 4 * s;
	if (g->fam == FAM_POISSON3D)
		return 7 * n - 6 * s * s;
	if (g->fam == FAM_BANDED) {
		for (long o = -BAND_HALF; o <= BAND_HALF; o++)
			nnz += n > labs(o) ? n - labs(o) : 0;
		return nnz;
	}
	if (n >= POWERLAW_MIN && n * (long)POWERLAW_MIN > INT_MAX)
		return n * (long)POWERLAW_MIN;     /* every row holds 4 at least */
	for (long i = 0; i < n && nnz <= INT_MAX; i++)
		nnz += gen_len(g, i);
	return nnz;
}

/* the root of rows (dims 2 or 3) when rows is a perfect square or cube, else -1 */
static long exact_root(long rows, int dims)
{
	long s = lround(dims == 2 ? sqrt((double)rows) : cbrt((double)rows));
	for (long t = s > 1 ? s - 1 : 0; t <= s + 1; t++)
		if ((dims == 2 ? t * t : t * t * t) == rows)
			return t;
	return -1;
}

/* MATRIX's family into g (mm: its name checked; Poisson: its side), with the reason in err */
static int parse_family(const char *matrix, long rows, struct gen *g, char *err, size_t errlen)
{
	static const char name_chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-";
	memset(g, 0, sizeof(*g));
	g->rows = rows;
	if (strncmp(matrix, "mm:", 3) == 0) {
		const char *name = matrix + 3;
		g->fam = FAM_MM;
		if (*name && strspn(name, name_chars) == strlen(name))
			return 0;
		snprintf(err, errlen, "matrix '%s': name '%s' is not of [A-Za-z0-9_.-]+", matrix, name);
		return -1;
	}
	for (g->fam = 0; g->fam < FAM_MM; g->fam++)
		if (strcmp(matrix, matrix_families[g->fam].name) == 0)
			break;
	if (g->fam == FAM_MM) {
		snprintf(err, errlen, "matrix '%s': unknown family (poisson2d, poisson3d, banded, powerlaw, mm:NAME)",
			 matrix);
		return -1;
	}
	if (g->fam == FAM_POISSON2D || g->fam == FAM_POISSON3D) {
		g->side = exact_root(rows, g->fam == FAM_POISSON2D ? 2 : 3);
		if (g->side < 0) {
			snprintf(err, errlen, "matrix '%s': rows %ld is not a perfect %s", matrix, rows,
				 g->fam == FAM_POISSON2D ? "square" : "cube");
			return -1;
		}
	}
	return 0;
}

/* matrix_check's answers so far (a process checks each matrix of a list several times: the list,
 * then each run CSV row naming it; a powerlaw's nonzeros are summed over its rows) */
static struct { char matrix[64]; long rows; int ok; } checked[64];
static int nchecked;

static int matrix_check_uncached(const char *matrix, long rows, char *err, size_t errlen);

int matrix_check(const char *matrix, long rows, char *err, size_t errlen)
{
	if (!matrix)
		matrix = "";
	for (int k = 0; k < nchecked; k++)
		if (checked[k].ok && checked[k].rows == rows && !strcmp(checked[k].matrix, matrix))
			return 0;
	const int rc = matrix_check_uncached(matrix, rows, err, errlen);
	if (rc == 0 && strlen(matrix) < sizeof(checked[0].matrix)) {
		const int k = nchecked < 64 ? nchecked++ : (int)(rows % 64);
		snprintf(checked[k].matrix, sizeof(checked[k].matrix), "%s", matrix);
		checked[k].rows = rows;
		checked[k].ok = 1;
	}
	return rc;
}

static int matrix_check_uncached(const char *matrix, long rows, char *err, size_t errlen)
{
	struct gen g;
	if (!matrix)
		matrix = "";
	if (rows < 1) {
		snprintf(err, errlen, "matrix '%s': rows %ld is not positive", matrix, rows);
		return -1;
	}
	if (rows > INT_MAX) {
		snprintf(err, errlen, "matrix '%s': rows %ld is over 32-bit indices (2^31 - 1)", matrix, rows);
		return -1;
	}
	if (parse_family(matrix, rows, &g, err, errlen) != 0)
		return -1;
	if (g.fam != FAM_MM) {
		long nnz = gen_nnz(&g);
		if (nnz > INT_MAX && g.fam == FAM_POWERLAW)
			snprintf(err, errlen, "matrix '%s': rows %ld gives over 2^31 - 1 nonzeros (32-bit indices)",
				 matrix, rows);
		else if (nnz > INT_MAX)
			snprintf(err, errlen, "matrix '%s': rows %ld gives %ld nonzeros, over 2^31 - 1 (32-bit indices)",
				 matrix, rows, nnz);
		if (nnz > INT_MAX)
			return -1;
	}
	return 0;
}

/* m's arrays for rows and nnz (rowptr zeroed): 0, or -1 with m freed */
static int csr_alloc(struct csr *m, long rows, long cols, long nnz)
{
	memset(m, 0, sizeof(*m));
	m->rows = rows, m->cols = cols, m->nnz = nnz;
	m->rowptr = calloc((size_t)rows + 1, sizeof(int));
	m->col = malloc((size_t)(nnz ? nnz : 1) * sizeof(int));
	m->val = malloc((size_t)(nnz ? nnz : 1) * sizeof(double));
	if (m->rowptr && m->col && m->val)
		return 0;
	csr_free(m);
	return -1;
}

static int gen_build(const struct gen *g, struct csr *m, char *err, size_t errlen)
{
	long rows = g->rows, nnz = gen_nnz(g);
	if (csr_alloc(m, rows, rows, nnz) != 0) {
		snprintf(err, errlen, "matrix '%s': cannot allocate %ld rows and %ld nonzeros",
			 matrix_families[g->fam].name, rows, nnz);
		return -1;
	}
	int *rowptr = m->rowptr, *col = m->col;
	double *val = m->val;
	const uint64_t seed = mx_seed(g->fam);
	const int threads = ref_threads(16.0 * (double)nnz);   /* a hash or two a non-zero */
#pragma omp parallel for schedule(static) num_threads(threads)
	for (long i = 0; i < rows; i++)
		rowptr[i + 1] = (int)gen_len(g, i);
	for (long i = 0; i < rows; i++)
		rowptr[i + 1] += rowptr[i];
#pragma omp parallel for schedule(dynamic, 1024) num_threads(threads)
	for (long i = 0; i < rows; i++) {
		long lo = rowptr[i], hi = rowptr[i + 1];
		gen_cols(g, i, hi - lo, col + lo);
		for (long k = lo; k < hi; k++)
			val[k] = mx_value(seed, i, col[k]);
	}
	return 0;
}

/* ---- Matrix Market files, through CHOLMOD ---------------------------------------------------- */

/* CHOLMOD's last error message (its messages are string constants) */
static _Thread_local const char *cholmod_said;

static void cholmod_note(int status, const char *file, int line, const char *message)
{
	(void)file, (void)line;
	if (status < 0)
		cholmod_said = message;
}

/* a triplet placed in its row: column, the order it was placed in (ties keep it), value */
struct mm_entry {
	int col, pos;
	double val;
};

static int mm_entry_cmp(const void *a, const void *b)
{
	const struct mm_entry *x = a, *y = b;
	return x->col != y->col ? (x->col > y->col) - (x->col < y->col) : (x->pos > y->pos) - (x->pos < y->pos);
}

/* the triplets placed by row (a symmetric file's off-diagonal ones in both triangles), each row
 * sorted by column; *start gets the rows' starts (rows + 1) */
static struct mm_entry *mm_place(const cholmod_triplet *t, long **start, long *count)
{
	const int *ti = t->i, *tj = t->j;
	const double *tx = t->x;
	long rows = (long)t->nrow, *next = NULL, n = 0;
	struct mm_entry *e = NULL;
	*start = calloc((size_t)rows + 2, sizeof(long));
	for (size_t k = 0; *start && k < t->nnz; k++) {
		(*start)[ti[k] + 2]++;
		if (t->stype && ti[k] != tj[k])
			(*start)[tj[k] + 2]++;
	}
	for (long i = 0; *start && i < rows; i++)
		(*start)[i + 2] += (*start)[i + 1];
	n = *start ? (*start)[rows + 1] : 0;
	e = *start ? malloc((size_t)(n ? n : 1) * sizeof(*e)) : NULL;
	if (!e) {
		free(*start);
		return NULL;
	}
	next = *start + 1;      /* next[i]: where row i's next entry goes; ends as row i + 1's start */
	for (size_t k = 0; k < t->nnz; k++) {
		long p = next[ti[k]]++;
		e[p] = (struct mm_entry){ tj[k], (int)p, tx[k] };
		if (t->stype && ti[k] != tj[k]) {
			p = next[tj[k]]++;
			e[p] = (struct mm_entry){ ti[k], (int)p, tx[k] };
		}
	}
	for (long i = 0; i < rows; i++)
		qsort(e + (*start)[i], (size_t)((*start)[i + 1] - (*start)[i]), sizeof(*e), mm_entry_cmp);
	*count = n;
	return e;
}

/* the CSR of CHOLMOD's triplets: duplicates summed, pattern files' values hashed */
static int mm_csr(const cholmod_triplet *t, int pattern, struct csr *m)
{
	long *start, n = 0, nnz = 0;
	const uint64_t seed = mx_seed(FAM_MM);
	struct mm_entry *e = mm_place(t, &start, &n);
	if (!e)
		return -1;
	if (n > INT_MAX || csr_alloc(m, (long)t->nrow, (long)t->ncol, n) != 0) {
		free(e);
		free(start);
		return -1;
	}
	for (long i = 0; i < m->rows; i++) {
		for (long k = start[i]; k < start[i + 1]; k++) {
			if (nnz > m->rowptr[i] && m->col[nnz - 1] == e[k].col) {
				m->val[nnz - 1] += e[k].val;
				continue;
			}
			m->col[nnz] = e[k].col;
			m->val[nnz++] = e[k].val;
		}
		m->rowptr[i + 1] = (int)nnz;
		for (long k = m->rowptr[i]; pattern && k < nnz; k++)
			m->val[k] = mx_value(seed, i, m->col[k]);
	}
	m->nnz = nnz;
	free(e);
	free(start);
	return 0;
}

/* whether the file's Matrix Market banner says pattern (CHOLMOD gives such files values) */
static int mm_is_pattern(FILE *f)
{
	char line[256], field[32] = "";
	if (!fgets(line, sizeof(line), f))
		return 0;
	rewind(f);
	return sscanf(line, "%%%%MatrixMarket %*s %*s %31s", field) == 1 &&
	       (field[0] == 'p' || field[0] == 'P');
}

/* read PATH into t through CHOLMOD: 0, or -1 with the reason in err */
static int mm_read(const char *matrix, const char *path, cholmod_common *c, cholmod_triplet **t,
		   int *pattern, char *err, size_t errlen)
{
	/* a regular file of at most INPUT_MAX_BYTES, read whole first (csvio.h): never a FIFO waited
	 * on nor a device read without end */
	char *text, why[1100];
	size_t len;
	if (input_file_read(path, &text, &len, why, sizeof(why)) != 0) {
		snprintf(err, errlen, "matrix '%s': cannot open %s", matrix, why);
		return -1;
	}
	FILE *f = fmemopen(text, len ? len : 1, "r");
	if (!f) {
		snprintf(err, errlen, "matrix '%s': cannot read %s: %s", matrix, path, strerror(errno));
		free(text);
		return -1;
	}
	*pattern = len ? mm_is_pattern(f) : 0;
	cholmod_said = NULL;
	*t = len ? cholmod_read_triplet(f, c) : NULL;
	fclose(f);
	free(text);
	if (!*t) {
		snprintf(err, errlen, "matrix '%s': CHOLMOD cannot read %s: %s", matrix, path,
			 cholmod_said ? cholmod_said : "not a Matrix Market coordinate file");
		return -1;
	}
	if ((*t)->xtype != CHOLMOD_REAL || (*t)->itype != CHOLMOD_INT) {
		snprintf(err, errlen, "matrix '%s': %s is complex, not real, integer or pattern", matrix, path);
		return -1;
	}
	return 0;
}

static int mm_make(const char *matrix, long rows, const char *dir, struct csr *m, char *err, size_t errlen)
{
	char path[4096];
	cholmod_common c;
	cholmod_triplet *t = NULL;
	int pattern = 0, rc = -1;
	snprintf(path, sizeof(path), "%s/%s.mtx", dir ? dir : "data/matrices", matrix + 3);
	cholmod_start(&c);
	c.print = 0;
	c.error_handler = cholmod_note;
	if (mm_read(matrix, path, &c, &t, &pattern, err, errlen) != 0)
		goto out;
	if ((long)t->nrow != rows) {
		snprintf(err, errlen, "matrix '%s': %s has %zu rows, not %ld", matrix, path, t->nrow, rows);
		goto out;
	}
	rc = mm_csr(t, pattern, m);
	if (rc != 0)
		snprintf(err, errlen, "matrix '%s': %s: cannot allocate its CSR, or over 2^31 - 1 nonzeros once "
			 "expanded", matrix, path);
out:
	if (t)
		cholmod_free_triplet(&t, &c);
	cholmod_finish(&c);
	return rc;
}

int matrix_make(const char *matrix, long rows, const char *dir, struct csr *m, char *err, size_t errlen)
{
	struct gen g;
	memset(m, 0, sizeof(*m));
	if (matrix_check(matrix, rows, err, errlen) != 0)
		return -1;
	parse_family(matrix, rows, &g, err, errlen);
	return g.fam == FAM_MM ? mm_make(matrix, rows, dir, m, err, errlen) : gen_build(&g, m, err, errlen);
}

void csr_free(struct csr *m)
{
	free(m->rowptr);
	free(m->col);
	free(m->val);
	memset(m, 0, sizeof(*m));
}

/* ---- the CPU product and its comparison ------------------------------------------------------- */

void csr_spmv(const struct csr *m, const double *x, double *y, double *yabs)
{
	const int threads = ref_threads(2.0 * (double)m->rowptr[m->rows] + (double)m->rows);
#pragma omp parallel for schedule(static) num_threads(threads)
	for (long i = 0; i < m->rows; i++) {
		double s = 0, a = 0;
		for (int k = m->rowptr[i]; k < m->rowptr[i + 1]; k++) {
			double p = m->val[k] * x[m->col[k]];
			s += p;
			a += fabs(p);
		}
		y[i] = s;
		if (yabs)
			yabs[i] = a;
	}
}

/* a row that differs where |A||x| is 0, or a NaN, is infinitely wrong */
double spmv_max_rel(const double *y, const double *want, const double *wabs, long rows)
{
	double worst = 0;
	for (long i = 0; i < rows; i++) {
		double d = fabs(y[i] - want[i]);
		double r = d == 0 ? 0 : isnan(d) || wabs[i] == 0 ? INFINITY : d / wabs[i];
		if (r > worst || isnan(r))
			worst = isnan(r) ? INFINITY : r;
	}
	return worst;
}

void csr_row_stats(const struct csr *m, double *mean, long *max, double *cv)
{
	double sum = 0, sum2 = 0;
	long top = 0;
	for (long i = 0; i < m->rows; i++) {
		long len = m->rowptr[i + 1] - m->rowptr[i];
		sum += (double)len;
		sum2 += (double)len * (double)len;
		top = len > top ? len : top;
	}
	double mu = m->rows ? sum / (double)m->rows : 0;
	double var = m->rows ? sum2 / (double)m->rows - mu * mu : 0;
	*mean = mu;
	*max = top;
	*cv = mu > 0 ? sqrt(var > 0 ? var : 0) / mu : 0;
}

/* ---- the tensor-core SpMV's layout ------------------------------------------------------------ */

static long row_len(const struct csr *m, long i)
{
	return m->rowptr[i + 1] - m->rowptr[i];
}

/* the rows by falling length, ties in row order (a counting sort); NULL when out of memory */
static int *rows_by_length(const struct csr *m, long *nlong)
{
	long top = 0;
	for (long i = 0; i < m->rows; i++)
		top = row_len(m, i) > top ? row_len(m, i) : top;
	long *at = calloc((size_t)top + 2, sizeof(long));   /* at[top - len]: where the next one goes */
	int *order = malloc((size_t)(m->rows ? m->rows : 1) * sizeof(int));
	if (!at || !order) {
		free(at);
		free(order);
		return NULL;
	}
	for (long i = 0; i < m->rows; i++)
		at[top - row_len(m, i) + 1]++;
	for (long k = 1; k <= top; k++)
		at[k] += at[k - 1];
	*nlong = top > MMA_LONG_ROW ? at[top - MMA_LONG_ROW] : 0;
	for (long i = 0; i < m->rows; i++)
		order[at[top - row_len(m, i)]++] = (int)i;
	free(at);
	return order;
}

/* entries [from, from + len) of row r as sub-row g of block b (its chunks are zeroed already) */
static void put_subrow(struct mma_layout *l, long b, int g, const struct csr *m, long r, long from, long len)
{
	for (long e = 0; e < len; e++) {
		long k = 32 * (l->start[b] + e / 4) + 4 * g + e % 4, src = m->rowptr[r] + from + e;
		l->col[k] = m->col[src];
		l->val[k] = m->val[src];
	}
}

/* blocks and start[] from the ordered rows (nlong long ones first); false when out of memory */
static int layout_blocks(struct mma_layout *l, const struct csr *m, const int *order, long nlong)
{
	l->long_blocks = nlong;
	l->blocks = nlong + (m->rows - nlong + 7) / 8;
	l->start = malloc((size_t)(l->blocks + 1) * sizeof(long));
	l->row = malloc((size_t)(l->blocks ? l->blocks : 1) * 8 * sizeof(int));
	if (!l->start || !l->row)
		return 0;
	l->start[0] = 0;
	for (long b = 0; b < l->blocks; b++) {
		long first = b < nlong ? b : nlong + 8 * (b - nlong), len = row_len(m, order[first]);
		l->start[b + 1] = l->start[b] + (b < nlong ? (len + 31) / 32 : (len + 3) / 4);
		for (int g = 0; g < 8; g++)
			l->row[8 * b + g] = b < nlong ? order[b] : first + g < m->rows ? order[first + g] : -1;
	}
	l->chunks = l->start[l->blocks];
	l->col = calloc((size_t)(l->chunks ? l->chunks : 1) * 32, sizeof(int));
	l->val = calloc((size_t)(l->chunks ? l->chunks : 1) * 32, sizeof(double));
	return l->col && l->val;
}

int mma_layout_build(const struct csr *m, struct mma_layout *l, char *err, size_t errlen)
{
	long nlong = 0;
	memset(l, 0, sizeof(*l));
	int *order = rows_by_length(m, &nlong);
	if (!order || !layout_blocks(l, m, order, nlong)) {
		snprintf(err, errlen, "mma layout: cannot allocate the blocks of %ld rows and %ld nonzeros",
			 m->rows, m->nnz);
		free(order);
		mma_layout_free(l);
		return -1;
	}
	l->rows = m->rows;
	for (long b = 0; b < l->blocks; b++)
		for (int g = 0; g < 8; g++) {
			long r = l->row[8 * b + g], len = r < 0 ? 0 : row_len(m, r);
			if (b >= nlong)
				put_subrow(l, b, g, m, r, 0, len);
			else {
				long piece = 4 * (l->start[b + 1] - l->start[b]), from = g * piece;
				put_subrow(l, b, g, m, r, from, from >= len ? 0 : len - from < piece ? len - from : piece);
			}
		}
	l->padded = 32 * l->chunks - m->nnz;
	free(order);
	return 0;
}

void mma_layout_free(struct mma_layout *l)
{
	free(l->start);
	free(l->row);
	free(l->col);
	free(l->val);
	memset(l, 0, sizeof(*l));
}

void mma_layout_spmv(const struct mma_layout *l, const double *x, double *y)
{
	for (long b = 0; b < l->blocks; b++) {
		double sum[8] = { 0 }, all = 0;
		for (int g = 0; g < 8; g++) {
			for (long c = l->start[b]; c < l->start[b + 1]; c++)
				for (int t = 0; t < 4; t++)
					sum[g] += l->val[32 * c + 4 * g + t] * x[l->col[32 * c + 4 * g + t]];
			all += sum[g];
		}
		if (b < l->long_blocks)
			y[l->row[8 * b]] = all;
		else
			for (int g = 0; g < 8; g++)
				if (l->row[8 * b + g] >= 0)
					y[l->row[8 * b + g]] = sum[g];
	}
}
