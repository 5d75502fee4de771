/*
 * workload.h - the non-stencil workloads of the nongemm paper, as configuration lists the runner
 * measures with the same timing protocol as the stencils: SCALE (a_i = q b_i in fp64, its
 * Figure 6) and SpMV (y = A x in fp64 on CSR, Figures 7-10). A list (experiments/nongemm-figure6.csv)
 * has the columns workload,dtype,method,size and the optional matrix and label; for SCALE size is
 * an element count (an integer, or 2^K), for SpMV the matrix's rows, matrix naming it
 * (model/matrix.h: poisson2d, poisson3d, banded, powerlaw, mm:NAME). Methods are named as the
 * stencils' are, METHOD or METHOD:OPTION (scale-dmma:m16n8k8). Host code, tested without a GPU.
 */
#ifndef WORKLOAD_H
#define WORKLOAD_H

#include <stddef.h>

#include "method.h"
#include "stencil.h"

#ifdef __cplusplus
extern "C" {
#endif

enum workload_kind { WL_SCALE, WL_SPMV };

struct workload_config {
	enum workload_kind kind;
	const char *workload;   /* "scale", "spmv" */
	enum dtype dtype;
	char method[32];
	char option[16];
	long n;                 /* SCALE: elements; SpMV: the matrix's rows */
	char matrix[64];        /* SpMV: the matrix (model/matrix.h); "" for SCALE */
	char size[32];
	char label[64];
	double warmup_s, rest_s;   /* the list's own warm-up and idle rest (experiment.h); -1, 0: none */
	long line;
};

/* The workload methods, one row each, the one table of them (the kernels in kernels/scale.cu and
 * kernels/spmv.cu register the same names): the workload, the options (space-separated variants,
 * NULL for none), what it computes, the unit it runs on (CUDA or tensor cores) and the file under
 * kernels/ that defines it (a change there makes only its rows stale: plots/records/stale.c). */
struct workload_method_row {
	const char *name, *workload, *options, *summary;
	enum unit unit;
	const char *kernel;
};
extern const struct workload_method_row workload_methods[];
extern const size_t workload_method_rows;
/* The methods of one workload and their variants, in the table's order: each METHOD, then its
 * METHOD:OPTION for each option; how many, at most max of them into out. */
size_t workload_variants(const char *workload, char (*out)[48], size_t max);
/* the first method of a workload that runs on unit u, or NULL */
const char *workload_method_on(const char *workload, enum unit u);

/* Read a workload list: 0 with *cfgs (malloc'd) and *n, or -1 with "FILE:LINE: what" in err. */
int workload_read(const char *path, struct workload_config **cfgs, size_t *n, char *err, size_t errlen);
/* Row r of a table with the list's columns (a list's, or a run CSV's, which has them too) as a
 * configuration: 0, or -1 with "FILE:LINE: what 'BAD VALUE'" in err. */
struct csv_table;
int workload_parse_row(struct workload_config *c, const struct csv_table *t, size_t r, char *err, size_t errlen);
/* whether a list's header names a workload (its first non-comment line has a `workload` column) */
int workload_is_list(const char *path);
/* an element count: an integer or 2^K (K <= 40); -1 when malformed */
long workload_parse_size(const char *s);
/* The bytes a configuration's launch moves at the least, and its FLOPs: the one definition every
 * GB/s and GFLOP/s column uses. SCALE: 16 n bytes (b read, a written), n FLOPs. SpMV (the CSR
 * traffic as the DASP artifact counts it): 8 (nnz + cols + rows) + 4 nnz + 4 (rows + 1) bytes,
 * 2 nnz FLOPs. */
double workload_bytes(const struct workload_config *c, long rows, long cols, long nnz);
double workload_flops(const struct workload_config *c, long nnz);

#ifdef __cplusplus
}
#endif
#endif
