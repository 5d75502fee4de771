/*
 * runcsv.h - the runner's run CSVs (data/runs/RUN/LIST.csv, read by the renderer for every table
 * and figure), their columns: a stencil list's rows (then every raw counter as ctr_<metric>) and
 * a workload list's (nongemm's SCALE and SpMV). Each is one table of {name, getter} (csvio.h's
 * struct csv_col) from which both the header and every row are written. The CUDA part
 * (measure.cu, workload-run.cu) only fills the row structs below; the tables are host C
 * (runcsv.c), so that a CPU test writes synthetic rows through them and pins the headers and the
 * column order (tests/test_csv_writers.c). REPRODUCE.md documents the columns.
 */
#ifndef RUNCSV_H
#define RUNCSV_H

#include <stddef.h>

#include "counters.h"
#include "csvio.h"
#include "experiment.h"
#include "energypoll.h"
#include "method.h"
#include "protocol.h"
#include "roofline.h"
#include "workload.h"

#ifdef __cplusplus
extern "C" {
#endif

/* what every row of one run CSV shares */
struct run_ids {
	const char *run_id;       /* the invocation's (meta.csv's run_id) */
	const char *gpu_uuid;     /* the GPU the rows ran on (a run may hold several of one model) */
	const char *git_commit, *git_dirty;   /* the runner's build */
	const char *ceilings;     /* the ceilings the model columns stand on ("NA": none; stencil rows) */
	int replica;              /* which measurement of a replicated run (REPLICAS=N: 1..N, each on GPUs
				   * of its own; 1 in a run measured once) */
	const char *data;         /* the data regime the kernels ran on ("random": random input and
				   * non-symmetric weights) */
};

/* one stencil configuration, measured: what the stencil run CSV's columns read */
struct run_result {
	const struct run_config *cfg;
	enum unit unit;                  /* the kernel's unit */
	double points;                   /* the grid's interior points */
	char status[16];                 /* ok, wrong, skipped, profile-once */
	char reason[160];
	double rel_l2, max_rel, tol_l2, tol_max;
	long verified;
	struct protocol_result pr;
	int timed;
	int have_ctr;
	double ctr[CTR_COUNT];
	char variant[METHOD_VARIANT_MAX];  /* what the method ran (tile, algorithm) */
	struct model_point model;        /* F, Q, I (and attainable when ceilings are known) */
	int have_model;
	double writeback_s;              /* the write-back read alone (NaN: hot, no window) */
	struct original_result orig;     /* --original's cold and warm means (NaN: not asked) */
	double wall_s;                   /* the row's wall time in the runner, set-up to teardown */
	double phase[PHASE_COUNT];       /* where it went (protocol.h's PHASE_*; NaN: not measured) */
	struct energy_reads er;          /* the energy counter's reads over its windows (energypoll.h) */
};

/* one workload configuration, measured: what the workload run CSV's columns read */
struct wl_result {
	const struct workload_config *c;
	char status[16], reason[320], name[64];   /* name: METHOD or METHOD:OPTION */
	char variant[METHOD_VARIANT_MAX];         /* what the method ran ("" when skipped) */
	double max_rel, len_mean, len_cv, preprocess_s;
	long verified, rows, cols, nnz, len_max, padded;
	int regs, timed, per_sample;
	double issue_s;   /* the host's time to issue one launch, the mean over the samples */
	double wall_s;    /* the row's wall time in the runner, set-up to teardown */
	double phase[PHASE_COUNT];   /* where it went (protocol.h's PHASE_*; NaN: not measured) */
	struct protocol_result pr;
	struct original_result orig;
	struct energy_reads er;      /* the energy counter's reads over its windows (energypoll.h) */
};

/* A row's phases completed: phase[] holds what the caller timed (set-up, verification, counter
 * passes, the original protocol's timing, the window's write-back calibration in samples; 0 where
 * none); the protocol's own parts are added from pr when protocol_row ran (ran), and other is what
 * wall_s leaves of them all. */
void run_phases_finish(double *phase, double wall_s, int ran, const struct protocol_result *pr);

/* the stencil run CSV's column names (the named ones, then every raw counter) and their count */
const char *const *run_columns(void);
size_t run_column_count(void);
/* r's row, ended */
void run_csv_row(struct csv_writer *w, const struct run_result *r, const struct run_ids *ids);

/* the workload run CSV's column names and their count */
const char *const *wl_columns(void);
size_t wl_column_count(void);
/* r's row, ended */
void wl_csv_row(struct csv_writer *w, const struct wl_result *r, const struct run_ids *ids);

#ifdef __cplusplus
}
#endif
#endif
