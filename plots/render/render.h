/*
 * render.h - the experiments' tables and figure data: for each target (tcs Tables 2-4, tcs
 * Figure 15 with tcs Figure 10's measured points, tcs Figure 16, sptc Figures 9 and 10, the fermi
 * and nongemm items, hopper-tc, kernels-vs-authors, the verdicts; experiments/targets.csv) join the
 * configuration list (experiments/TARGET.csv), the measured rows of a run
 * (data/runs/RUN/TARGET.csv, written by stencilbench), the model for that run's GPU (its
 * ceilings.csv) and the papers' printed values (data/paper/; for kernels-vs-authors the authors'
 * artifacts' numbers), and write plots/out/TARGET.csv (tidy, for gnuplot) and TARGET.md (a figure
 * also TARGET.vars: its title, the run's provenance and what its gnuplot script draws).
 *
 * Without a run the measured columns are NA and the model uses a GPU of data/hw/gpus.csv. Every
 * value comes from a file: nothing is hard-coded, nothing is scaled. A malformed or truncated run
 * CSV is an error naming file and line.
 *
 * A run's numbers are checked before anything is written: an `ok` row must have a positive,
 * finite GStencil/s no higher than 1.05x the model's for that row (on the run's ceilings, with the
 * kernel's sigma) and verification errors within their tolerances; one configuration appears at
 * most once in a run CSV. Any violation fails the target with "FILE:LINE: what" and leaves the
 * earlier outputs untouched. A row with throttled_samples > 0 is marked "throttled" in every
 * table, CSV (columns throttled, throttled_samples, samples, sm_clock_median_mhz,
 * sm_clock_min_mhz, then power_median_w, energy_nj_per_point_step and clock_reasons) and verdict
 * that uses it. Every title names the run's git commit(s) and says DIRTY TREE when any meta.csv or
 * input row was written from a modified tree. How the numbers were measured is said once, from
 * the run: each table's footer quotes the protocol sentence of the meta.csv invocations whose rows
 * it used ("Protocol: ..."; several: "mixed protocols", each), a figure's title carries it, and a
 * footer line names the ceilings its roofs stand on (ceilings.csv's basis: sustained or burst).
 *
 * The table of targets itself, every row (the model-only ones too, which the renderer does not
 * render) with its alias and outputs, and the Makefile's view of it (build/targets.mk) are
 * plots/render/targets.c's.
 */
#ifndef RENDER_H
#define RENDER_H

#include <stddef.h>
#include <stdio.h>

#include "csvio.h"
#include "hw.h"
#include "records.h"
#include "report.h"

#ifdef __cplusplus
extern "C" {
#endif

/* a row of experiments/targets.csv, the table of targets: the rendered ones (kinds table, figure,
 * verdicts) and the model-only ones (kind model: scripts/make/model.mk makes them from the model
 * tools; their outputs are the files they write under plots/out/) */
struct target_spec {
	char name[32], paper[16], kind[16], renderer[32], inputs[128], title[160], note[768];
	char counters[8], reproduce[8], extra[16], original[8], help[160], alias[32], outputs[256];
	char compare_keys[128], compare_values[256];   /* make compare's join (plots/render/compare.h) */
};
#define RENDER_MAX_TARGETS 48

/* Every row of root/experiments/targets.csv into ts (at most max): 0 with *n, or -1 with a one-line
 * error naming file and line (a missing column, an unknown kind, a name or alias given twice, a
 * model target without outputs, a column too long). plots/render/targets.c. */
int render_targets_read(const char *root, struct target_spec *ts, size_t max, size_t *n, char *err,
			size_t errlen);
/* whether a row is a model-only target (kind model), which the renderer does not render */
int render_target_is_model(const struct target_spec *ts);
/* build/targets.mk, the Makefile's view of the table (`stencil-render targets-mk`), onto f: 0, or
 * -1 with a one-line error. */
int render_targets_mk(const char *root, FILE *f, char *err, size_t errlen);

/* the renderer's context: the run it reads (records.h) and what it writes */
struct render_ctx {
	struct run_ctx run;         /* the run (plots/records/): its rows, ceilings, what a target used */
	struct target_spec targets[RENDER_MAX_TARGETS];   /* the rendered rows of experiments/targets.csv */
	size_t ntargets;
	char title[384];            /* "NVIDIA H100 80GB HBM3, run data/runs/X" */
	char full_title[1024];      /* the title of the target last opened, with its provenance */
	size_t prov_at;             /* where full_title's provenance starts (after "TITLE on ") */
	char short_title[384];      /* a figure's one line: "TITLE on GPU" and the marks not to miss */
	char title_gpu[192];        /* ... its part after "TITLE on " (a figure that titles itself) */
	char footer_run[384];       /* its footer's run: "run NAME, 2 GPUs, commit X" (render-protocol.c
				     * adds the staleness and the protocol) */
	char outdir[512];
	char spread_file[512];      /* the claims' measured spreads: "" for root's data/hw/claim-spread.csv;
				     * the tests set a fixture's, so that pinned verdicts do not follow the
				     * file each new reference regenerates */
};

/* a figure's footer (its .vars' footer, one line under the plot) is at most this many characters:
 * the narrowest canvas's width in the scripts' footer font (plots/gp/common.gp) */
#define RENDER_FOOTER_MAX 240

/* rundir NULL or "": model and paper only, for datasheet GPU `gpu` (NULL: H200). 0 or -1 + err. */
int render_open(struct render_ctx *c, const char *root, const char *rundir, const char *gpu,
		const char *outdir, char *err, size_t errlen);
void render_close(struct render_ctx *c);

/* The protocol sentences the target last rendered used (ceilings 0: its rows' invocations, as its
 * footer quotes them; 1: the run's ceilings invocations), distinct and sorted, one a line, into
 * out ("not recorded" for rows whose invocation says none); how many. make compare weighs them. */
size_t render_protocols(const struct render_ctx *c, int ceilings, char *out, size_t len);

/* The row of experiments/targets.csv named name, or NULL. */
const struct target_spec *render_target_spec(const struct render_ctx *c, const char *name);
/* Write outdir/TARGET.csv and TARGET.md. 0, or -1 with a one-line error in err. */
int render_target(struct render_ctx *c, const char *target, char *err, size_t errlen);

/* The run RUNS_DIR/REFERENCE names: 0 when it holds every file of files (NULL-terminated; OUT: its
 * directory), 1 when there is no REFERENCE, 2 when its run lacks a file, -2 with err when REFERENCE
 * is not exactly one line naming a recorded run (never a fallback). */
int render_reference_run(const char *runs_dir, const char *const *files, char *out, size_t outlen,
			 char *err, size_t errlen);
/* The run to render by default that holds every one of files (NULL-terminated, e.g.
 * "tcs-table3.csv"): the reference run runs_dir/REFERENCE names (one line, a run's name) where it
 * holds them, else the newest (by the last date_utc in its meta.csv); 0 with its path in out (and
 * in err, a line saying so, where that is the newest because there is no REFERENCE; else err
 * empty), -1 when there is none, -2 (err: one line naming the file) when REFERENCE or a run's
 * meta.csv is there but cannot be read, or REFERENCE does not name a recorded run. */
int render_newest_run(const char *runs_dir, const char *const *files, char *out, size_t outlen,
		      char *err, size_t errlen);

/* name = 'value' as gnuplot loads it (a .vars line): single-quoted, apostrophes doubled */
void render_gp_var(FILE *f, const char *name, const char *value);

/* ---- what a renderer (plots/render/, plots/verdicts/) writes ---- */
/* outputs: outdir/NAME.csv and outdir/NAME.md */
struct render_outputs {
	struct csv_writer w;
	struct md_table md;
	int reasons;   /* its Markdown shows the rows' clock-event reasons (rd_cols_open) */
};
/* outdir/NAME.csv (columns cols) and NAME.md (mdcols, NULL: the CSV's) opened under the target's
 * title, with its notes: 0, or -1 with err; closed with the run's provenance and protocol notes */
int render_outputs_open(struct render_ctx *c, const char *name, struct render_outputs *o, const char *const *cols,
			size_t ncols, const char *title, const char *const *notes, const char *const *mdcols,
			size_t nmd, char *err, size_t errlen);
int render_outputs_close(struct render_ctx *c, const char *name, struct render_outputs *o, char *err, size_t errlen);
/* The verdict table's columns as a reader reads them (verdict-cols.c), in order: each heading in
 * words and the verdicts.csv column it shows (measured_text: the measured cell below); md 1 where
 * verdicts.md shows it as well as the report page */
struct verdict_col {
	const char *heading, *csv;
	int md;
};
extern const struct verdict_col render_verdict_cols[];
extern const size_t render_verdict_ncols;
/* the measured cell: "raw: RAW; paper-defined: DEFINED" ("= raw" where DEFINED is empty or NULL),
 * then "; REPLICAS" where there are replicas */
void render_verdict_measured(char *b, size_t len, const char *raw, const char *defined, const char *replicas);
/* a number with dec decimals, "NA" when not finite */
void render_fmt(char *b, size_t n, double v, int dec);
/* a scenario (model/roofline.h) in words */
void render_fmt_scenario(char *b, size_t n, int scenario);
/* SCALE's section 5.1.2 estimate (tensor-core over CUDA-core time, no overlap) on the run's
 * ceilings: copy bandwidth, fp64 FMA, and the m8n8k4 DMMA peak at the paper's utilisation (1/8,
 * data/paper/nongemm-figure6.csv) */
double render_scale_estimate(const struct render_ctx *c);

/* The renderers (experiments/targets.csv's renderer column) register themselves, each in its own
 * file: RENDERER(NAME, FN) at file scope adds FN under NAME before main runs (their libraries are
 * linked whole); render_target dispatches on the name. */
struct target_spec;
typedef int (*render_fn)(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
void render_register(const char *name, render_fn fn);
#define RENDERER(name, fn) \
	static void __attribute__((constructor)) register_##fn(void) { render_register(name, fn); }

#ifdef __cplusplus
}
#endif
/* A run-level output's pair, OUTDIR/NAME.csv (its header cols) and OUTDIR/NAME.md, each written under
 * a temporary name (render.c): 0, or -1 with err and neither left behind. The caller ends both with
 * render_files_close, or gives both up with render_files_abort. */
int render_files_open(const char *outdir, const char *name, const char *const *cols, size_t ncols,
		      struct csv_writer *w, struct atomic_file *md, char *err, size_t len);
int render_files_close(struct csv_writer *w, struct atomic_file *md, char *err, size_t len);
void render_files_abort(struct csv_writer *w, struct atomic_file *md);
/* Where a recorded run's time went, list by list (render-runtime.c): OUTDIR/run-time.md and .csv;
 * 0, or -1 with err */
int render_run_time(const char *root, const char *run, const char *outdir, char *err, size_t len);
/* where a run's measurements vary (render-design.c): OUTDIR/design.md and .csv, the variance
 * components of log rate by stratum from its replicated cells; 0, or -1 with err */
int render_design(const char *root, const char *run, const char *outdir, char *err, size_t len);
/* runners that share a node against one alone (render-nodeab.c): OUTDIR/node-ab.md and .csv, each
 * list of the run alone beside the same list in each of the n arms; 0, or -1 with err */
int render_node_ab(const char *alone, const char *const *arms, size_t n, const char *outdir, char *err, size_t len);
/* a run's rows' wall time, each row once (render_run_time's total), its replicas (1 for an
 * unreplicated run) and the GPUs that measured each (UUIDs separated by spaces) */
#define RUN_TOTALS_REPLICAS 8
struct run_totals {
	double rows_s;
	int replicas;
	char replica_gpus[RUN_TOTALS_REPLICAS][512];
};
/* 0, or -1 with err */
int run_time_totals(const char *run, struct run_totals *tot, char *err, size_t len);
/* OUTDIR/appendix.md, REPRODUCE.md's table of experiments from the run c renders: each target of a
 * run (targets.csv's order) with its command, paper item, configurations, set-up and execution
 * seconds (its lists' phases) and its claims' verdicts, read from OUTDIR/verdicts.csv, which the
 * caller renders first (stencil-render appendix). 0, or -1 with err. */
struct render_ctx;
int render_appendix(struct render_ctx *c, char *err, size_t len);
/* data/hw/claim-spread.csv (out) from the n replicated runs: each claim's largest spread between its
 * replicas' values over them, the values and the runs (plots/verdicts/claim-spread.c): 0, or -1 with
 * err (a run that does not render, or is not replicated) */
int render_claim_spread(const char *root, const char *const *runs, size_t n, const char *out, char *err,
			size_t errlen);

#endif
