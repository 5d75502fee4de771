/*
 * compare.h - make compare: the tables and figures of several recorded runs (one GPU each) side by
 * side, without a GPU. Each run is rendered on its own (plots/render/render.h: its measured rows, the model
 * on its own ceilings.csv, the papers' values), then the rendered CSVs of one target are joined on
 * the columns that name a row (experiments/targets.csv: compare_keys) and the columns compared
 * (compare_values) appear once a run, with the ratio of every run to the first beside each number.
 *
 * Outputs, in outdir: TARGET.csv and TARGET.md for every target at least two runs hold;
 * TARGET.vars for the figures (plots/gp/compare.gp draws the first value, one series a GPU, with its
 * model where the target lists a NAME:model value, and the ratios below); ceilings.csv and .md (the runs'
 * measured ceilings); runs.csv (which run is column k); index.md (each target's ratio of its first
 * value: geometric mean and range over the rows every run holds, measured and model).
 *
 * Runs whose numbers were measured under different protocols (the meta.csv protocol sentences of
 * the invocations whose rows, or ceilings, a comparison uses) are compared only under a banner
 * naming the difference, first in TARGET.md's title and the figure's, and the index marks the
 * target; each run's title says whether kernels/ or profiling/ changed since its commit.
 *
 * A value NAME:label (a status, a verdict, a scenario number) is shown a run and never divided.
 * The joined CSV's columns: the keys, `config` (the keys in one string: a plot's tick label), then
 * for each value V: V_1 .. V_n (run k), and for a numeric V: V_k_over_1 for k = 2..n (NA where
 * either is missing or the first is 0). A row that a run lacks is NA in that run's columns. Rows
 * come in the first run's order, then those only later runs hold. Two rows of one run with the
 * same keys are an error (the keys do not name a row).
 */
#ifndef COMPARE_H
#define COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "csvio.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CMP_MAX_RUNS 8

struct cmp_run {
	char dir[512];       /* data/runs/NAME */
	char gpu[128];       /* the GPU its meta.csv names */
	char label[64];      /* the GPU without "NVIDIA "; " #k" added when runs share a GPU model */
	char commits[128];   /* the commits of its invocations */
	char stale[512];     /* ", stale for ..." against the repository comparing (render.h), or "" */
};

/* the ratio of a value of run k to run 1 over the rows both hold, for the index */
struct cmp_ratio {
	size_t n;            /* rows with both values positive */
	double gmean, lo, hi;
};

/* a target's compare_values: NAME, NAME:label (shown, never divided), NAME:model (the model of
 * the first value, drawn beside it in a figure) */
#define CMP_MAX_VALUES 16
struct cmp_values {
	char name[CMP_MAX_VALUES][48];
	int label[CMP_MAX_VALUES];
	int n, model;        /* model: the index of the NAME:model value, or -1 */
};
/* 0, or -1 (too many values, a name too long, an unknown :suffix) */
int cmp_values_parse(const char *s, struct cmp_values *v);

/* Labels from the runs' GPU names (in place). */
void cmp_label_runs(struct cmp_run *r, size_t n);

/*
 * Join t[0..n-1] (one rendered CSV a run, of one target) on the space-separated keys; write
 * csv_path and md_path (md titled title). ratio[k] (k = 1..n-1) gets run k over run 1 for the
 * first value and model[k] for the NAME:model value when values lists one (n = 0 otherwise). nrows gets
 * the joined row count. 0, or -1 with one line in err.
 */
int cmp_join(const char *title, const char *keys, const char *values, const struct csv_table *t,
	     const struct cmp_run *runs, size_t n, const char *csv_path, const char *md_path,
	     struct cmp_ratio *ratio, struct cmp_ratio *model, size_t *nrows, char *err, size_t errlen);

/*
 * make compare: every target of root/experiments/targets.csv with compare keys that at least two
 * of the n run directories hold, each run rendered into workdir/<run's name>/, joined into outdir
 * (see above); progress lines go to log. 0, or -1 with one line in err (a run that cannot be
 * read, a rendering failure, keys that do not name a row).
 */
int compare_runs(const char *root, const char *const *rundirs, size_t n, const char *workdir,
		 const char *outdir, FILE *log, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
