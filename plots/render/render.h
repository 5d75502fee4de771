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

struct rd_stale;
struct render_ctx {
	struct target_spec targets[RENDER_MAX_TARGETS];   /* the rendered rows of experiments/targets.csv */
	size_t ntargets;
	char rundir[512];           /* "" when rendering without a run */
	char gpu[128];              /* the run's GPU (meta.csv), or the datasheet GPU's name */
	char title[384];            /* "NVIDIA H100 80GB HBM3, run data/runs/X" */
	char full_title[1024];      /* the title of the target last opened, with its provenance */
	size_t prov_at;             /* where full_title's provenance starts (after "TITLE on ") */
	char short_title[384];      /* a figure's one line: "TITLE on GPU" and the marks not to miss */
	char title_gpu[192];        /* ... its part after "TITLE on " (a figure that titles itself) */
	char footer_run[384];       /* its footer's run: "run NAME, 2 GPUs, commit X" (render-protocol.c
				     * adds the staleness and the protocol) */
	char (*quick_ids)[64];      /* run_ids of the run's QUICK=1 (smoke) invocations, from meta.csv */
	size_t nquick;
	int quick;                  /* a table being rendered uses QUICK rows: its title says so */
	int older_protocol;         /* the run's meta.csv predates the steady-state protocol (no
				     * protocol_detail column: most rows warmed 0.05 s): every title says so */
	struct render_meta {        /* meta.csv's invocations: which commit, dirty or not, how measured */
		char run_id[64], commit[48];
		int dirty;
		int ceilings;       /* a `stencilbench ceilings` invocation (it wrote ceilings.csv) */
		char *protocol;     /* its protocol sentence, as the runner wrote it ("" when none) */
	} *meta;
	size_t nmeta;
	/* what the target being rendered used (plots/render/render-protocol.c): the invocations whose
	 * rows (or ceilings) it used, which decide its "Protocol:" footer and its figure's title */
	unsigned char *inv_used;    /* one a meta row */
	int inv_unknown;            /* rows of invocations meta.csv does not hold: 1 of one, 2 of more */
	char inv_unknown_id[64];    /* the first of those invocations */
	int no_power;               /* a run CSV it used predates the power and energy columns */
	int counter_energy;         /* ... a row's power and energy are the energy counter's (protocol.h) */
	int counter_na;             /* ... a timed row of a run that reads the counter had none */
	/* the check (protocol.h): the counter over a row's kept samples over its warm-up window's */
	double check_ratio[64];
	int ncheck;                 /* rows with the check (the first 64 kept) */
	int reasons;                /* a row it used had a clock-event reason other than the power cap */
	int thr_nvml, thr_clock;    /* throttled rows: by NVML reasons; by the older 75 % clock rule */
	int roofs;                  /* it stands on the run's ceilings (the model's roofs, shares of them) */
	struct csv_table ceil;      /* the run's ceilings.csv as written: basis, burst, clock, power */
	int have_ceil;
	char gpus[8][16];           /* the distinct GPUs (UUID prefixes) of meta.csv's invocations */
	size_t ngpus;
	struct hw gpu_hw[8];        /* with several: each one's ceilings from the run's gpus/SLUG/ */
	int gpu_hw_ok[8];           /* ... where the run holds them */
	char commits[8][48];        /* the commits of the rows of the target being rendered (whole) */
	size_t ncommits;
	unsigned long long methods_used;   /* ... their methods (plots/render/render-stale.c's bits) */
	char repo[512];             /* the git repository rendering (staleness): "" for root; set it
				     * before the first target */
	struct rd_stale *stale;     /* git's answer for each commit, asked once (render-stale.c) */
	char stale_text[512];       /* the target last opened: "stale for ...", "staleness unknown
				     * (...)", or "" when nothing it used changed since its commits */
	int dirty;                  /* a meta row or an input row was written from a dirty tree */
	int hot;                    /* ... a row timed with --hot (no write-back window) */
	enum { NOTE_STENCIL_ROWS, NOTE_MICROBENCH, NOTE_HOT_WORKLOAD } note_kind;   /* the timing note */
	double max_clock;           /* the GPU's maximum SM clock (meta.csv), NaN when unknown */
	double clk_lo, clk_hi;      /* the range of the used rows' median SM clocks */
	int nslow;                  /* used rows whose median clock is under 90 % of max_clock */
	char slow[160];             /* the first of them, named */
	/* which of a configuration's rows a target uses, where a replicated run holds several (one a
	 * replica, each on GPUs of its own: model/runs.h's row_ident): replica 0 and gpu_sel "" the
	 * median of them (the row nearest it for everything but the rate, the range kept); replica R
	 * replica R's alone; gpu_sel (a UUID prefix) that GPU's alone */
	int replica;
	char gpu_sel[64];
	int replicas;               /* the most replicas a rendered configuration had */
	const char *replicas_note;  /* what the title says a replicated run's numbers are (NULL: each
				     * rate their median [range]) */
	struct hw hw;               /* the run's ceilings.csv, or the datasheet GPU */
	char outdir[512];
	char root[512];             /* where experiments/ and data/paper/ are ("." by default) */
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

/* The run as a whole, stale or not against the repository rendering it (c->repo, else c->root):
 * every commit of its meta.csv, every file under kernels/ and profiling/ changed since (git diff
 * against the working tree, so uncommitted changes count), in the titles' words ("stale for
 * kernels/x.cu (changed since 3ec405d)", "stale for 12 files under kernels/ and profiling/ changed
 * since ...", "staleness unknown (commit X not in this repository)"); "" when nothing changed. A
 * report's header says it. A target's own (its rows' methods only) is c->stale_text after it. */
void render_staleness(struct render_ctx *c, char *out, size_t len);

/* The protocol sentences the target last rendered used (ceilings 0: its rows' invocations, as its
 * footer quotes them; 1: the run's ceilings invocations), distinct and sorted, one a line, into
 * out ("not recorded" for rows whose invocation says none); how many. make compare weighs them. */
size_t render_protocols(const struct render_ctx *c, int ceilings, char *out, size_t len);

/* The ceilings a row of the GPU with UUID uuid is modelled on: that GPU's own (the run's gpus/) in
 * a run measured on several GPUs, else the run's ceilings.csv (uuid NULL or unknown too). */
const struct hw *render_hw_of(const struct render_ctx *c, const char *uuid);

/* The row of experiments/targets.csv named name, or NULL. */
const struct target_spec *render_target_spec(const struct render_ctx *c, const char *name);
/* Write outdir/TARGET.csv and TARGET.md. 0, or -1 with a one-line error in err. */
int render_target(struct render_ctx *c, const char *target, char *err, size_t errlen);

/* The run to render by default that holds every one of files (NULL-terminated, e.g.
 * "tcs-table3.csv"): the reference run runs_dir/REFERENCE names (one line, a run's name) where it
 * holds them, else the newest (by the last date_utc in its meta.csv); 0 with its path in out, -1
 * when there is none, -2 (err: one line naming the file) when REFERENCE or a run's meta.csv is
 * there but cannot be read, or REFERENCE does not name a recorded run. */
/* The run RUNS_DIR/REFERENCE names: 0 when it holds every file of files (NULL-terminated; OUT: its
 * directory), 1 when there is no REFERENCE or its run lacks a file, -2 with err when REFERENCE is
 * not exactly one line naming a recorded run (never a fallback). */
int render_reference_run(const char *runs_dir, const char *const *files, char *out, size_t outlen,
			 char *err, size_t errlen);
int render_newest_run(const char *runs_dir, const char *const *files, char *out, size_t outlen,
		      char *err, size_t errlen);

/* name = 'value' as gnuplot loads it (a .vars line): single-quoted, apostrophes doubled */
void render_gp_var(FILE *f, const char *name, const char *value);

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
/* Where a recorded run's time went, list by list (render-runtime.c): OUTDIR/run-time.md and .csv;
 * 0, or -1 with err */
int render_run_time(const char *run, const char *outdir, char *err, size_t len);
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
