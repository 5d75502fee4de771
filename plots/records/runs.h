/*
 * runs.h - the rules about runs under data/runs/ that every tool and script shares, in one place:
 * a run's name (RUN=, RUNS=, REFERENCE, a Slurm run), and a configuration's key (what names one
 * configuration in a configuration list and in a run CSV); and, built on them, what the scripts
 * ask of a list and a run CSV (scripts/runs.sh, multi-gpu.sh and ncu-reports.sh through the
 * stencil-runs tool, scripts/planner/stencil-runs.c): a list's configurations, whether a run CSV is
 * complete for its list, its rows marked wrong, a list cut into chunks, run CSVs joined. No
 * shell code parses a CSV: these do, through csvio.h's reader and writer. Host code, tested
 * without a GPU (tests/test_runs_tool.c).
 */
#ifndef RUNS_H
#define RUNS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The run-name rule in words, for every message that refuses a name */
#define RUN_NAME_RULE "one path component of [a-z0-9._-] (not . or ..)"
/* whether name is a run's name: one path component of [a-z0-9._-], not . or .. */
int run_name_ok(const char *name);
/* the run RUNS_DIR/REFERENCE names, into name: 0; 1 (err says so) when there is no REFERENCE; -2 (err) when it
 * cannot be read or is not exactly one line naming a recorded run (a stray space or a deleted run
 * is an error, never a fallback; err shows the name read and the character refused, in words) */
int run_reference_name(const char *runs_dir, char *name, size_t len, char *err, size_t errlen);

/*
 * Where a row's wall time goes (the run CSVs' phase_NAME_s columns, which add up to row_wall_s,
 * their sums in meta.csv, stencil-render run-time): set-up (allocation, fill, weights, the method's
 * set-up, an SpMV matrix and its CPU product, teardown), verification (the launch and the CPU
 * reference), the counter passes, the idle rest, the first warm-up, the samples (with the window's
 * write-back calibration and the launches-a-sample sizing), the retakes (discarded samples and
 * their fresh warm-ups), the original protocol's extra timing (--original), and the rest (other).
 */
enum { PHASE_SETUP, PHASE_VERIFY, PHASE_COUNTERS, PHASE_REST, PHASE_WARMUP, PHASE_SAMPLES, PHASE_RETAKES,
       PHASE_ORIGINAL, PHASE_OTHER, PHASE_COUNT };
/* "setup", "verify", ... (the column is phase_NAME_s) */
const char *run_phase_name(int phase);

/* Seconds since the epoch of a meta.csv time: a run_id's "20261125T121917Z" (its invocation's
 * start) or a date_utc's "2026-11-25T12:20:48Z" (its end); NaN when neither */
double run_stamp_s(const char *s);

#define CONFIG_KEY_MAX 256
struct csv_table;
/*
 * The configuration key of row r of t, a configuration list or a run CSV (both name a
 * configuration by the same columns): the row parsed as the runner parses it and written back
 * the one way, "STENCIL DTYPE METHOD[:OPTION] FUSION SIZE"; in a workload table (one with a
 * `workload` column: nongemm's SCALE and SpMV) "WORKLOAD DTYPE METHOD[:OPTION] MATRIX SIZE",
 * MATRIX "-" for SCALE. Its words hold no space. 0, or -1 with "FILE:LINE: what" in err.
 */
int config_key(const struct csv_table *t, size_t r, char *key, size_t len, char *err, size_t errlen);

/* A configuration list's keys, in list order */
struct config_keys {
	size_t n;
	char (*key)[CONFIG_KEY_MAX];
};
/* Read a configuration list (experiments/NAME.csv): its key columns present, at least one row,
 * each row's key (config_key), no configuration twice. 0, or -1 with "FILE:LINE: what" in err. */
int config_list_read(const char *path, struct config_keys *k, char *err, size_t errlen);
void config_keys_free(struct config_keys *k);

/*
 * Which measurement of its configuration a run CSV row is: its replica (the `replica` column,
 * 1..N in a run measured on N sets of GPUs, REPLICAS=N; 1 where a run has no such column), the
 * data regime its kernels ran on (`data`; model/regime.h's DATA_RANDOM where none: random input and non-symmetric
 * weights) and its GPU (`gpu_uuid`; "" where none). A row's key is its configuration's key with
 * these: one row per configuration, data regime and GPU, and per configuration, regime and replica.
 * A regime other than the default is part of the configuration's key (config_key: "... data=zero"),
 * so that a list names the regime of each of its rows (its optional `data` column).
 */
struct row_ident {
	int replica;
	char data[32];
	char gpu[64];
};
/* row r's ident: 0, or -1 with "FILE:LINE: what" (a replica that is not 1..64) */
int run_row_ident(const struct csv_table *t, size_t r, struct row_ident *id, char *err, size_t errlen);
/* how many replicas a run CSV holds (1 without the column), which ones in *which (bit R-1 for
 * replica R) where which is not NULL */
int run_csv_replicas(const struct csv_table *t, unsigned long long *which);
/*
 * A run of several invocations (make reference run again into one run, ADD=1): RUNDIR/invocations.csv,
 * one row an invocation: invocation (1, 2, ...), first_replica and replicas (its replicas are
 * first_replica .. first_replica + replicas - 1, numbered on from the invocation before), gpus
 * (the devices it ran on) and started_utc. Without the file a run is one invocation holding every
 * replica. A row's invocation is its replica's: a row key (configuration, regime, replica) names it.
 */
#define RUN_MAX_REPLICAS 64
struct run_invocations {
	int n;                            /* invocations in the file (0: none, one implied) */
	int of[RUN_MAX_REPLICAS + 1];     /* of[R]: replica R's invocation (1 where none names it) */
};
/* the invocations of the run directory holding the run CSV at path (its folder's invocations.csv):
 * 0, or -1 with "FILE:LINE: what" (a number that is not one, replicas out of 1..64 or named twice) */
int run_invocations_read(const char *csv_path, struct run_invocations *v, char *err, size_t errlen);
/* The invocation a measurement of RUNDIR takes (make reference ADD=1, scripts/multi-gpu.sh): where
 * RUNDIR/replicas/ holds an unfinished one (its staging folder, removed once every list is
 * stacked), that one resumed; else a new one of `replicas` replicas numbered on from the highest
 * any run CSV of RUNDIR holds, appended to RUNDIR/invocations.csv (the file made, with the run's
 * earlier rows as invocation 1, where it was not there; gpus and started_utc as given). Its first
 * replica into *first and its count into *count: 0, or -1 with err. */
int run_invocation_begin(const char *rundir, int replicas, const char *gpus, const char *started, int *first,
			 int *count, char *err, size_t errlen);
/* -1 with "FILE:LINE: what" when two rows of t are one measurement: the same configuration key
 * (keys: t's, config_key), data regime and replica, or the same key, regime, GPU and invocation
 * (run_invocations_read: two invocations may measure a configuration on one GPU, once each) */
int run_rows_distinct(const struct csv_table *t, const struct config_keys *keys, char *err, size_t errlen);

/* Whether the run CSV at path is complete for the list, at least replicas deep: it parses, ends
 * with a newline, and each replica it holds (R of them, R >= replicas) holds exactly one row for each
 * of the list's configurations (each in its regime: the key holds it), the R rows of a
 * configuration from R distinct GPUs. 1 complete; 0 not (why says what is missing or wrong,
 * "PATH: ...") */
int run_csv_complete(const struct config_keys *list, const char *path, int replicas, char *why, size_t len);
/* The rows of the run CSV at path whose status is status[i] (NULL: every row; none where it has no
 * status column), for each of the k, into n[i], the file read once: 0, or -1 with err (a file that
 * does not parse) */
int run_csv_count(const char *path, const char *const *status, size_t k, long *n, char *err, size_t errlen);
/* The rows of the run CSV at path whose status is `wrong`: their count, or -1 with err (a file
 * that does not parse) */
long run_csv_wrong(const char *path, char *err, size_t errlen);
/* Rows of t under its header into path (through a temporary name): rows[from..to) where rows is
 * given (indices into t), else rows from..to. 0, or -1 with err */
int run_rows_write(const char *path, const struct csv_table *t, const int *rows, size_t from, size_t to, char *err,
		   size_t errlen);
/* The configurations of list (its header, its rows in order, comments left out) cut into files of
 * at most size rows, dir/0001.csv, dir/0002.csv, ...: the number of files, or -1 with err */
long config_list_split(const char *list, long size, const char *dir, char *err, size_t errlen);
/* The rows of the n CSVs in, in order, under their header (every one's the same) written to out
 * (through a temporary name; out may be one of in): 0, or -1 with err; *bad_input set when an
 * input is at fault (does not parse, another header), clear on a failed write */
int run_csv_join(const char *out, const char *const *in, size_t n, int *bad_input, char *err, size_t errlen);

/* A list's blocks (blocks.c): the rows a claim compares, kept on one GPU within a replica. Its
 * rule: lists_dir/targets.csv's block column of the first target reading list ("" none); a row's
 * block under it, from its columns (get: a column's value by name, NULL where it has none) */
void rec_block_rule(const char *lists_dir, const char *list, char *rule, size_t len);
typedef const char *(*rec_column_fn)(const void *row, const char *col);
void rec_block_key_by(rec_column_fn get, const void *row, const char *rule, char *out, size_t len);
void rec_block_key(const struct csv_table *t, size_t r, const char *rule, char *out, size_t len);

#ifdef __cplusplus
}
#endif
#endif
