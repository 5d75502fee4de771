/*
 * workload.c - the workload methods' table (the one list of SCALE's and SpMV's methods, their
 * options and units) and reading the nongemm workloads' configuration lists. See workload.h.
 */
#include "workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvio.h"
#include "experiment.h"
#include "matrix.h"

static const char *const kinds[] = { "scale", "spmv", NULL };

const struct workload_method_row workload_methods[] = {
	{ "scale-cc", "scale", NULL, "SCALE on CUDA cores: 16-byte loads and stores, one multiply an element",
	  UNIT_CC, "kernels/scale.cu" },
	{ "scale-dmma", "scale", "m16n8k4 m16n8k8 m16n8k16",
	  "SCALE on tensor cores as nongemm computes it, A = B (q I): mma.sync m8n8k4 f64 (the sm_90 shapes as "
	  "options)", UNIT_TC, "kernels/scale.cu" },
	{ "spmv-cusparse", "spmv", "preprocess",
	  "SpMV on CUDA cores: cusparseSpMV on CSR (option preprocess: cusparseSpMV_preprocess first)", UNIT_CC,
	  "kernels/spmv.cu" },
	{ "spmv-dasp", "spmv", NULL,
	  "SpMV on tensor cores after DASP: rows by length in blocks of 8, mma.sync m8n8k4 f64", UNIT_TC,
	  "kernels/spmv.cu" },
};
const size_t workload_method_rows = sizeof(workload_methods) / sizeof(workload_methods[0]);

size_t workload_variants(const char *workload, char (*out)[48], size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < workload_method_rows; i++) {
		if (strcmp(workload_methods[i].workload, workload))
			continue;
		char opt[32];
		for (int k = 0; n < max && option_variant(workload_methods[i].options, k, opt, sizeof(opt)) == 0; k++)
			snprintf(out[n++], sizeof(out[0]), "%s%s%s", workload_methods[i].name, *opt ? ":" : "", opt);
	}
	return n;
}

const char *workload_method_on(const char *workload, enum unit u)
{
	for (size_t i = 0; i < workload_method_rows; i++)
		if (!strcmp(workload_methods[i].workload, workload) && workload_methods[i].unit == u)
			return workload_methods[i].name;
	return NULL;
}

long workload_parse_size(const char *s)
{
	char *end;
	long v;
	if (!s || !*s)
		return -1;
	if (s[0] == '2' && s[1] == '^') {
		v = strtol(s + 2, &end, 10);
		return *end || s[2] == '\0' || v < 0 || v > 40 ? -1 : 1L << v;
	}
	v = strtol(s, &end, 10);
	return *end || v < 1 ? -1 : v;
}

int workload_is_list(const char *path)
{
	char err[256];
	struct csv_table t;
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		return 0;
	int yes = csv_table_col(&t, "workload") >= 0;
	csv_table_free(&t);
	return yes;
}

int workload_parse_row(struct workload_config *c, const struct csv_table *t, size_t r, char *err, size_t errlen)
{
	const char *w = csv_table_get(t, r, "workload"), *d = csv_table_get(t, r, "dtype");
	const char *m = csv_table_get(t, r, "method"), *s = csv_table_get(t, r, "size");
	const char *l = csv_table_get(t, r, "label"), *mx = csv_table_get(t, r, "matrix");
	const struct dtype_info *dt = dtype_find(d);
	long line = t->lines[r];
	memset(c, 0, sizeof(*c));
	c->line = line;
	size_t k = 0;
	while (kinds[k] && strcmp(kinds[k], w))
		k++;
	if (!kinds[k]) {
		snprintf(err, errlen, "%s:%ld: unknown workload '%s'", t->path, line, w);
		return -1;
	}
	c->kind = (enum workload_kind)k, c->workload = kinds[k];
	if (!dt) {
		snprintf(err, errlen, "%s:%ld: unknown dtype '%s'", t->path, line, d);
		return -1;
	}
	c->dtype = dt->id;
	if (c->dtype != DT_FP64) {   /* the paper's SCALE and SpMV, and the kernels, are fp64 */
		snprintf(err, errlen, "%s:%ld: %s runs fp64 only, not '%s'", t->path, line,
			 c->kind == WL_SCALE ? "SCALE" : "SpMV", d);
		return -1;
	}
	const char *colon = strchr(m, ':');
	size_t base = colon ? (size_t)(colon - m) : strlen(m), i = 0;
	while (i < workload_method_rows && (strlen(workload_methods[i].name) != base ||
					    strncmp(workload_methods[i].name, m, base) || strcmp(workload_methods[i].workload, w)))
		i++;
	if (i == workload_method_rows || base >= sizeof(c->method) ||
	    (colon && (!option_known(workload_methods[i].options, colon + 1) || strlen(colon + 1) >= sizeof(c->option)))) {
		snprintf(err, errlen, "%s:%ld: unknown method '%s'", t->path, line, m);
		return -1;
	}
	snprintf(c->method, sizeof(c->method), "%.*s", (int)base, m);
	snprintf(c->option, sizeof(c->option), "%s", colon ? colon + 1 : "");
	c->n = workload_parse_size(s);
	if (c->n < 1 || strlen(s) >= sizeof(c->size)) {
		snprintf(err, errlen, "%s:%ld: bad size '%s' (%s: an integer or 2^K)", t->path, line, s,
			 c->kind == WL_SPMV ? "the matrix's rows" : "an element count");
		return -1;
	}
	mx = mx ? mx : "";
	if (c->kind == WL_SCALE && *mx) {
		snprintf(err, errlen, "%s:%ld: SCALE takes no matrix, not '%s'", t->path, line, mx);
		return -1;
	}
	if (c->kind == WL_SPMV) {
		char why[256];
		if (strlen(mx) >= sizeof(c->matrix) || matrix_check(mx, c->n, why, sizeof(why)) != 0) {
			snprintf(err, errlen, "%s:%ld: %s", t->path, line, *mx ? why : "SpMV needs a matrix");
			return -1;
		}
	}
	snprintf(c->matrix, sizeof(c->matrix), "%s", mx);
	snprintf(c->size, sizeof(c->size), "%s", s);
	snprintf(c->label, sizeof(c->label), "%s", l ? l : "");
	return experiment_timing_cols(t, r, &c->warmup_s, &c->rest_s, err, errlen);
}

int workload_read(const char *path, struct workload_config **cfgs, size_t *n, char *err, size_t errlen)
{
	static const char *const need[] = { "workload", "dtype", "method", "size", NULL };
	struct csv_table t;
	*cfgs = NULL, *n = 0;
	if (csv_table_read(path, &t, err, errlen) != 0)
		return -1;
	if (csv_table_require(&t, need, err, errlen) != 0 || t.nrows == 0) {
		if (t.nrows == 0)
			snprintf(err, errlen, "%s: no configurations", path);
		csv_table_free(&t);
		return -1;
	}
	*cfgs = calloc(t.nrows, sizeof(**cfgs));
	for (size_t r = 0; r < t.nrows; r++) {
		if (workload_parse_row(&(*cfgs)[r], &t, r, err, errlen) != 0) {
			free(*cfgs);
			*cfgs = NULL;
			csv_table_free(&t);
			return -1;
		}
		for (size_t q = 0; q < r; q++)
			if (!strcmp((*cfgs)[q].method, (*cfgs)[r].method) && !strcmp((*cfgs)[q].option, (*cfgs)[r].option) &&
			    (*cfgs)[q].n == (*cfgs)[r].n && (*cfgs)[q].dtype == (*cfgs)[r].dtype &&
			    !strcmp((*cfgs)[q].matrix, (*cfgs)[r].matrix) && (*cfgs)[q].warmup_s == (*cfgs)[r].warmup_s &&
			    (*cfgs)[q].rest_s == (*cfgs)[r].rest_s) {   /* the warm-up study times one at several */
				snprintf(err, errlen, "%s:%ld: configuration repeated (line %ld)", path, (*cfgs)[r].line,
					 (*cfgs)[q].line);
				free(*cfgs);
				*cfgs = NULL;
				csv_table_free(&t);
				return -1;
			}
	}
	*n = t.nrows;
	csv_table_free(&t);
	return 0;
}

double workload_bytes(const struct workload_config *c, long rows, long cols, long nnz)
{
	if (c->kind == WL_SCALE)
		return 16.0 * (double)c->n;
	return 8.0 * ((double)nnz + (double)cols + (double)rows) + 4.0 * (double)nnz + 4.0 * ((double)rows + 1);
}

double workload_flops(const struct workload_config *c, long nnz)
{
	return c->kind == WL_SCALE ? (double)c->n : 2.0 * (double)nnz;
}
