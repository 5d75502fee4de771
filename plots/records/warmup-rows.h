/*
 * warmup-rows.h - the warm-up study's rows (make warmup-study, no paper item), shared by its
 * renderer (plots/render/render-warmup.c) and its claims (plots/verdicts/claims-warmup.c). A study list has one
 * row per kernel and warm-up (columns warmup_s and rest_s besides a configuration list's): its
 * kernel is the row's configuration, its label unique. The run's rows are found by label and
 * checked as every run row is (target.c, workload-rows.c), and against their list row: the same
 * configuration, warmup_asked_s the list's warmup_s.
 */
#ifndef WARMUP_ROWS_H
#define WARMUP_ROWS_H

#include <stddef.h>

#include "records.h"

#define WU_MAX_WARMUPS 16
#define WU_MAX_KERNELS 32
#define WU_MAX_LISTS 4

/* one row of a study list, with its run row's values (NaN: not measured, or not ok) */
struct wu_row {
	char label[64];
	long line;                  /* in its list */
	size_t kernel, list;        /* its kernel (struct wu_set's k) and list (ts's inputs, in order) */
	int run_row;                /* its run row, -1 without one */
	double warmup, rest;        /* the list's warmup_s and rest_s */
	const char *status;         /* the run row's, "not run" without one */
	double rate, clock, power, energy, throttled;
	const char *reasons;        /* clock_reasons ("" where the run has none) */
	int dirty;                  /* written from a dirty tree */
	int replicas;                   /* its verified rows in a replicated run (rate: their median) */
	double rep[8];              /* their rates */
};

/* one kernel: its rows at each of the set's warm-ups (-1 where its list has none) */
struct wu_kernel {
	char id[160], name[96], size[32];   /* id: the configuration, as the lists and run CSVs give it */
	int workload;               /* SCALE or SpMV: GB/s and energy per element */
	long row[WU_MAX_WARMUPS];
};

struct wu_set {
	struct wu_row *rows;
	size_t nrows;
	struct wu_kernel k[WU_MAX_KERNELS];
	size_t nk;
	double w[WU_MAX_WARMUPS];   /* every warm-up of the lists, ascending; the last is the reference */
	size_t nw;
	struct csv_table run[WU_MAX_LISTS];   /* the run CSVs read (the rows' strings point into them) */
	int have[WU_MAX_LISTS];
	size_t nlists;
	int have_run;               /* the run holds a list's CSV */
	int no_power;               /* ... one without board power (the run predates it) */
	double rest_lo, rest_hi;    /* the lists' idle pauses */
};

/* whether the configuration list at path is a study list (it has a warmup_s column) */
int rec_wu_is_list(const char *path);
/* the lists of target (its inputs column, lists) and the run's CSVs of them (none: every row "not run") into
 * s: 0, or -1 with "FILE:LINE: what" (a row that does not parse, a label or a kernel's warm-up
 * given twice, a run row that matches no list row or is not sane) */
int rec_wu_load(struct run_ctx *c, const char *target, const char *lists, struct wu_set *s, char *err, size_t errlen);
void rec_wu_free(struct wu_set *s);
/* the index of warm-up w among s's (within 1e-9 s), -1 when the lists have none */
int rec_wu_at(const struct wu_set *s, double w);
/* kernel k's row at warm-up index j, or NULL */
const struct wu_row *rec_wu_row(const struct wu_set *s, size_t k, int j);
/* kernel k's rate at warm-up index j over its rate at the reference (the longest warm-up); NaN
 * where either is not measured */
double rec_wu_rel(const struct wu_set *s, size_t k, int j);

#endif
