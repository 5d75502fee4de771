/*
 * records.h - a recorded run as data: the floor every renderer and every verdict reads runs
 * through (plots/records/, below plots/render/ and plots/verdicts/, above model/); the runner
 * (profiling/) writes the run format its runs.h defines, and the node's planner (scripts/planner/)
 * reads lists and run CSVs through it.
 *
 * A run is data/runs/RUN/: meta.csv (one row an invocation: its run_id, commit, GPU, protocol),
 * ceilings.csv (the GPU's measured ceilings; gpus/SLUG/ceilings.csv for each GPU of a run measured
 * on several) and one CSV a configuration list (experiments/LIST.csv), written by the runner
 * (profiling/). This floor opens a run (rec_open: meta.csv, the ceilings, checked within twice the
 * GPU's datasheet), reads a list's rows and checks each before use (a configuration key that
 * parses, runs.h; a status the runner writes; positive finite rates and times; a rate under 1.05x
 * the model's, verification errors within tolerance), keys them (runs.h's row key: configuration,
 * then its replica, GPU and invocation), picks or combines a configuration's rows where a run
 * holds several (one a replica or an invocation: their median, the range kept), and notes what a
 * target used: the invocations whose rows it read (their protocol sentences, power, energy and
 * clock-event reasons), the commits and methods (staleness against the repository rendering it,
 * stale.c). The loaders of the workload rows (SpMV, SCALE: workload-rows.c), the warm-up study's
 * rows (warmup-rows.h) and the fermi pickers (fermi-rows.c) live here too, so that a figure and a
 * claim read the same rows the same way. The registry of runs (registry.h) and the run format's
 * keys and phases (runs.h) complete it.
 *
 * Files: open.c (the context), target.c (a list's rows and the model beside them), protocol.c
 * (what a target used), stale.c, workload-rows.c, warmup-rows.c, fermi-rows.c, ceilspread.c (the
 * ceilings' spread between GPUs), design.c (the variance components), runs.c, registry.c.
 */
#ifndef RECORDS_H
#define RECORDS_H

#include <stddef.h>

#include "csvio.h"
#include "experiment.h"
#include "hw.h"
#include "roofline.h"
#include "runs.h"
#include "workload.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

struct rec_stale;
/* a run opened: what it holds and what the target being read used of it */
struct run_ctx {
	char rundir[512];           /* "" when there is no run (the model and the papers alone) */
	char root[512];             /* where experiments/ and data/ are ("." by default) */
	char gpu[128];              /* the run's GPU (meta.csv), or the datasheet GPU's name */
	char (*quick_ids)[64];      /* run_ids of the run's QUICK=1 (smoke) invocations, from meta.csv */
	size_t nquick;
	int quick;                  /* a target being read uses QUICK rows: its title says so */
	int older_protocol;         /* the run's meta.csv predates the steady-state protocol (no
				     * protocol_detail column: most rows warmed 0.05 s): every title says so */
	struct rec_meta {           /* meta.csv's invocations: which commit, dirty or not, how measured */
		char run_id[64], commit[48];
		int dirty;
		int ceilings;       /* a `stencilbench ceilings` invocation (it wrote ceilings.csv) */
		char *protocol;     /* its protocol sentence, as the runner wrote it ("" when none) */
	} *meta;
	size_t nmeta;
	/* what the target being read used (protocol.c): the invocations whose rows (or ceilings) it
	 * used, which decide its "Protocol:" footer and its figure's title */
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
	char commits[8][48];        /* the commits of the rows of the target being read (whole) */
	size_t ncommits;
	unsigned long long methods_used;   /* ... their methods (stale.c's bits) */
	char repo[512];             /* the git repository rendering (staleness): "" for root; set it
				     * before the first target */
	struct rec_stale *stale;    /* git's answer for each commit, asked once (stale.c) */
	char stale_text[512];       /* the target last opened: "stale for ...", "staleness unknown
				     * (...)", or "" when nothing it used changed since its commits */
	int dirty;                  /* a meta row or an input row was written from a dirty tree */
	int hot;                    /* ... a row timed with --hot (no write-back window) */
	enum { NOTE_STENCIL_ROWS, NOTE_MICROBENCH, NOTE_HOT_WORKLOAD } note_kind;   /* the timing note */
	double max_clock;           /* the GPU's maximum SM clock (meta.csv), NaN when unknown */
	double clk_lo, clk_hi;      /* the range of the used rows' median SM clocks */
	int nslow;                  /* used rows whose median clock is under 90 % of max_clock */
	char slow[160];             /* the first of them, named */
	/* which of a configuration's rows a target uses, where a run holds several (one a replica or
	 * an invocation, runs.h's row_ident): replica 0 and gpu_sel "" the median of them (the row
	 * nearest it for everything but the rate, the range kept); replica R replica R's alone;
	 * gpu_sel (a UUID prefix) that GPU's alone */
	int replica;
	char gpu_sel[64];
	int replicas;               /* the most rows a read configuration had */
	const char *replicas_note;  /* what the title says a replicated run's numbers are (NULL: each
				     * rate their median [range]) */
	struct hw hw;               /* the run's ceilings.csv, or the datasheet GPU */
	char ceilings_runs[512];    /* where the GPU model's recorded ceilings are (ceilspread.c): "" for
				     * root's data/runs; the tests name a fixture's, so that pinned verdicts
				     * do not follow the runs recorded later (set it before the first target) */
	struct {                    /* each ceiling's spread, computed once a context (ceilspread.c) */
		char quantity[64];
		double spread;
		int nsets;
	} spreads[16];
	int nspreads;
};

/* ---- open.c: the run ---- */
/* rundir NULL or "": the datasheet GPU `gpu` (NULL: H200) alone. Root: where experiments/ and
 * data/ are (NULL: "."). 0, or -1 with a one-line error (meta.csv without rows, ceilings that do
 * not load or exceed twice the datasheet, a GPU's own ceilings that do not load). */
int rec_open(struct run_ctx *c, const char *root, const char *rundir, const char *gpu, char *err, size_t errlen);
void rec_close(struct run_ctx *c);
/* a value of the run's meta.csv, its last invocation (sm_count, l2_bytes, ...); NaN without one */
double rec_meta_num(const struct run_ctx *c, const char *col);
/* this GPU's datasheet (the run's GPU name through data/hw/gpu-names.csv): 0, or -1 when none */
int rec_datasheet(const struct run_ctx *c, struct hw *sheet, char *name, size_t len);

/* ---- reading a row ---- */
/* a number of row r of t in column col (NaN: r < 0, no such column, NA or not a number) */
double rec_num(const struct csv_table *t, long r, const char *col);
/* the median of v's n values (v sorted ascending in place), NaN when n is 0 */
double rec_median(double *v, size_t n);
/* a number of the CSV file at path: column col of its last row whose column key_col is key (NaN: no
 * such row or file) */
double rec_file_value(const char *path, const char *key_col, const char *key, const char *col);
/* the row of t whose column k1 is v1 (and k2 v2 when k2 is given), or -1 */
long rec_row_of(const struct csv_table *t, const char *k1, const char *v1, const char *k2, const char *v2);
/* whether run row r is one the context asks for: the default data regime, and its replica or GPU
 * where one is chosen */
int rec_row_wanted(const struct run_ctx *c, const struct csv_table *run, size_t r);
/* a run row's status is one the runner writes (ok, wrong, skipped, profile-once): 0, or -1 with
 * "FILE:LINE: status 'X' is none of the runner's (...)" */
int rec_row_status(const struct csv_table *t, size_t r, char *err, size_t errlen);
/* a time or rate of an ok (measured) run row in column col is a positive finite number: 0 when it
 * is, or when the row has no such column or, unless required, NA or nothing there; else -1 with
 * "FILE:LINE: status ok but COL 'X' is not a positive finite WHAT" (what: "rate", "time") */
int rec_row_positive(const struct csv_table *t, size_t r, const char *col, int required, const char *what,
		     char *err, size_t errlen);
/* one stencil run CSV row checked before use: its key into key; 0, or -1 with "FILE:LINE: what";
 * rec_wl_row_sane the same for a workload run CSV row (workload-rows.c) */
int rec_run_row_sane(const struct csv_table *t, size_t r, char *key, size_t len, char *err, size_t errlen);
int rec_wl_row_sane(const struct csv_table *t, size_t r, char *key, size_t len, char *err, size_t errlen);
/* The row of a run CSV (run_keys: its rows' configuration keys) for configuration key that the
 * context asks for (a replica, a GPU, else all): the one row, or of several the first not
 * verified, else the one nearest the median of col; rp says how many and that median and range.
 * -1 when none. */
struct replicas {
	int n;
	double median, lo, hi;
};
long rec_pick_row(const struct run_ctx *c, const struct csv_table *run, const struct config_keys *run_keys,
		  const char *key, const char *col, struct replicas *rp);
/* the median of col over the verified rows of key the context asks for (NaN: none has it): a
 * replicated configuration's value of a column other than the one its row was picked by */
double rec_pick_median(const struct run_ctx *c, const struct csv_table *run, const struct config_keys *run_keys,
		       const char *key, const char *col);
/* the commit of run row r of t (its own, else its invocation's in meta.csv) noted as used; 1 when
 * it was written from a dirty tree */
int rec_note_commit(struct run_ctx *c, const struct csv_table *t, size_t r);

/* ---- target.c: one list's rows, and the model beside each ---- */
struct point {
	const struct run_config *cfg;
	long run_row;               /* -1: not in the run */
	double measured, model_run; /* GStencil/s measured, and the model's from the run row */
	double F_m, Q_m, I_m;       /* counter-measured per point (NaN without counters) */
	const char *status;         /* ok, wrong, skipped, ... or "not run" */
	struct model_point mp;      /* the model on this run's ceilings with the kernel's sigma */
	int have_model;
	struct model_point rule;    /* the model with the method's own sigma rule (the paper's) */
	int have_rule;
	int throttled;              /* throttled_samples > 0 (what counts: protocol.c) */
	int dirty;                  /* written by a runner built from a dirty tree */
	double thr_samples, samples, clk_median, clk_min;
	double power_w, energy_nj;  /* median board power, energy a point-step (NaN: not recorded) */
	const char *reasons;        /* its NVML clock-event reasons ("NA" where not recorded) */
	int replicas;                   /* the rows it stands for (several: one a replica or invocation; 0: none) */
	double lo, hi;              /* their lowest and highest rate (the range beside the median) */
};
struct target {
	struct run_config *cfgs;
	size_t n;
	struct config_keys keys;       /* cfgs[i]'s configuration key (runs.h) */
	struct csv_table run;
	struct config_keys run_keys;   /* each run row's: a row is a configuration's when they agree */
	int have_run;
	struct point *p;
};
/* The ceilings a row of the GPU with UUID uuid is modelled on: that GPU's own (the run's gpus/) in
 * a run measured on several GPUs, else the run's ceilings.csv (uuid NULL or unknown too). */
const struct hw *rec_hw_of(const struct run_ctx *c, const char *uuid);
/* experiments/NAME.csv and the run's NAME.csv (none: every point "not run"), checked, each point
 * with its model: 0, or -1 with "FILE:LINE: what" */
int rec_target_load(struct run_ctx *c, const char *name, struct target *t, char *err, size_t errlen);
void rec_target_free(struct target *t);
/* the lists inputs names (space-separated, at most REC_MAX_INPUTS), each loaded: 0, or -1 with err
 * and none left loaded; rec_inputs_free frees them */
#define REC_MAX_INPUTS 4
struct rec_inputs {
	struct target t[REC_MAX_INPUTS];
	const char *name[REC_MAX_INPUTS];
	size_t n;
	char buf[128];
};
int rec_inputs_load(struct run_ctx *c, const char *inputs, struct rec_inputs *in, char *err, size_t errlen);
void rec_inputs_free(struct rec_inputs *in);
double rec_model_gs(const struct point *p);
/* a point's measured GStencil/s when it is there and verified (status ok), else NaN */
double rec_ok_rate(const struct point *p);
const struct point *rec_find_label(const struct target *t, const char *label);
/* the point of the CUDA-core baseline (ebisu, any precision) with the label, or NULL */
const struct point *rec_ebisu_at(const struct target *t, const char *label);
/* the methods t's configuration list names (METHOD, variants folded), in the method table's order:
 * how many, at most max of them into out */
size_t rec_list_methods(const struct target *t, const char **out, size_t max);
/* the first of those of one family (the papers' CUDA-core, tensor-core or sparse tensor-core
 * methods, model/method.h), or NULL */
const char *rec_list_method_of(const struct target *t, enum unit family);

/* ---- fermi-rows.c: the fermi paper's Figure 8 rows ---- */
/* a point's width class (model/fermi.h) */
int rec_fermi_class(const struct point *p);
/* the row pitch in elements of p's grid: n for METHOD:unpadded, else the harness's padded pitch */
long rec_fermi_pitch(const struct point *p);
/* the point of method m, dtype dt and size n, or NULL */
const struct point *rec_fermi_at(const struct target *t, const char *m, enum dtype dt, long n);

/* ---- workload-rows.c: the SCALE and SpMV rows ---- */
/* a workload list (model/workload.h) and its run rows: one point a configuration, with its run
 * row's values (NaN: not run or not ok); nnz for SpMV, NaN for SCALE */
struct wl_pt {
	const struct workload_config *c;
	char method[48], status[16];
	double nnz, t, cold, warm, pre;   /* seconds: median, original cold and warm, preprocessing */
	double gbps;                      /* the run's: workload_bytes over the median */
	double issue, idle_mhz;           /* host seconds to issue a launch; SM clock after the pause */
	double regs, thr, samples, clk;   /* registers, throttled samples, samples, median SM clock */
	double power, energy;             /* median board power (W), energy an element (nJ); NaN: none */
	const char *reasons;              /* NVML clock-event reasons ("NA" where not recorded) */
};
struct wl_set {
	struct workload_config *cfgs;
	struct wl_pt *pt;
	size_t n;
	struct config_keys keys;       /* cfgs[i]'s configuration key (runs.h) */
	struct csv_table run;
	struct config_keys run_keys;   /* each run row's: a row is a configuration's when they agree */
	int have;
};
/* experiments/LIST.csv and the run's LIST.csv (none: every row "not run"), each row's invocation
 * noted as used (rec_note_row); 0 or -1 with err */
int rec_wl_load(struct run_ctx *c, const char *list, struct wl_set *s, char *err, size_t errlen);
void rec_wl_free(struct wl_set *s);
/* the point of method on p's matrix and size, or NULL */
const struct wl_pt *rec_wl_same(const struct wl_set *s, const struct wl_pt *p, const char *method);
/* whether p's median is the host's issue rate rather than the GPU's time (its issue time at least
 * share of it: data/paper/verdict-params.csv's issue_bound_share, rec_param): 1, 0, or -1 when the
 * run did not record the issue time (or share is NaN) */
int rec_wl_issue_bound(const struct wl_pt *p, double share);
/* a value of data/paper/verdict-params.csv (the numbers the verdicts and the figures that flag
 * rows by them use, each with its reason and source there), NaN without it */
double rec_param(const struct run_ctx *c, const char *name);
/* a running geometric mean of the positive finite values added */
struct rec_gm {
	double s;
	int k;
};
void rec_gm_add(struct rec_gm *g, double v);
double rec_gm_val(const struct rec_gm *g);

/* ---- protocol.c: what the target being read used ---- */
/* meta.csv's protocol and tool of each invocation into c->meta (open.c's rows) */
void rec_meta_protocol(struct run_ctx *c, const struct csv_table *m);
/* forget what the previous target used */
void rec_used_reset(struct run_ctx *c);
/* run row r of t is used: its invocation (run_id) marked, its power columns and clock-event reasons
 * noted (c->no_power, c->reasons), a throttled row by the rule its CSV followed */
void rec_note_row(struct run_ctx *c, const struct csv_table *t, size_t r, int throttled);
/* the target stands on the run's ceilings: the invocations that measured them are used too when
 * its numbers are the ceilings' own (own 1: fermi Table 1, the roofline) */
void rec_use_ceilings(struct run_ctx *c, int own);
/* a run row's power and energy (column energy) and reasons into the out-parameters */
void rec_row_power(const struct csv_table *t, long r, const char *energy, double *power, double *nj,
		   const char **reasons);
/* whether reasons ('+'-joined) hold one other than the power cap */
int rec_reasons_other(const char *reasons);
/* whether a point's kept samples carry the power cap among their clock-event reasons */
int rec_power_capped(const struct point *p);
/* the same of a row's NVML clock-event reasons: they name the power cap */
int rec_reasons_capped(const char *reasons);
/* a number of a ceiling's row (column col of ceilings.csv), NaN when absent; its row, or -1 */
double rec_ceiling_num(const struct run_ctx *c, const char *quantity, const char *col);
long rec_ceiling_row(const struct run_ctx *c, const char *quantity);

/* ---- ceilspread.c: the GPU model's ceilings between its GPUs ---- */
/* a ceiling's range over its median across every set of ceilings recorded under ROOT/data/runs/ (or
 * c->ceilings_runs) for GPUs of the run's model (a GPU and date counted once), read once a context
 * and quantity; NaN under two sets; *nsets: how many */
double rec_ceiling_spread(struct run_ctx *c, const char *quantity, int *nsets);

/* ---- design.c: the variance components of a run's replicated cells ---- */
enum { REC_STRATUM_CAPPED, REC_STRATUM_FULL, REC_STRATUM_MIXED, REC_STRATA };
struct rec_stratum {
	long gpu_pairs;             /* two rows of a configuration, one invocation, two GPUs */
	long inv_pairs;             /* two rows of a configuration, one GPU, two invocations */
	double gpu_ss, within_ss;   /* their sums of squared differences of log rate (within: about the shift) */
	double shift;               /* the later invocation's mean log rate over the earlier's (NaN: no pair) */
	double within;              /* within-GPU variance of log rate (a repeat on one GPU; NaN: no pair) */
	double gpu_and_repeat;      /* between-GPU and within-GPU together, from the GPU pairs (NaN: none) */
	double between_gpu;         /* between-GPU alone: the GPU pairs' less within (NaN: not told apart) */
};
/* one list's rows about their blocks' shifts, by stratum (its own where it holds enough pairs) */
#define REC_LISTS 64
#define REC_LIST_MIN_PAIRS 8
struct rec_list {
	char name[64];
	double row_ss[REC_STRATA], row_df[REC_STRATA];   /* pairs of one stratum: about their means */
	double tot_ss[REC_STRATA];                       /* pairs of mixed strata: each difference's d^2 / 2 */
	long tot_n[REC_STRATA];
	double row[REC_STRATA];
	long row_n[REC_STRATA];                          /* the degrees of freedom it rests on */
	double common_ss[REC_STRATA], common[REC_STRATA];   /* its blocks' shift: its own (REC_LIST_MIN_PAIRS
							     * pairs of one stratum), else its kind's */
	long common_n[REC_STRATA];
	int workload;                                    /* SCALE or SpMV (rates as one over the time) */
};
/* the rows and blocks' shifts pooled over lists */
struct rec_pool {
	double row[REC_STRATA], common[REC_STRATA];
	long row_n[REC_STRATA], common_n[REC_STRATA];
};
struct rec_design {
	long rows, configs;         /* ok rows read (stencil lists, workloads as one over their time);
				     * configurations measured more than once */
	struct rec_list lists[REC_LISTS];
	int nlists;
	struct rec_pool all, kind[2];   /* every list; stencil lists and workload lists apart */
	struct rec_stratum s[REC_STRATA];
	int invocations, gpus;      /* the invocations and GPUs its rows come from */
	long block_pairs;           /* two measurements of a block on two GPUs, matched (any strata) */
#define REC_COUNTERS 3
	long counter_pairs[REC_COUNTERS];   /* the counters' F, Q and I a point: two rows of a configuration */
	double counter_ss[REC_COUNTERS];
	double counter[REC_COUNTERS];       /* each one's variance of its log between two rows (NaN: no pair) */
};
/* the variance components of log rate over every list of rundir (design.c), blocks by the rules of
 * lists_dir/targets.csv (NULL: each row a block of its own): 0, or -1 with err */
int rec_design(const char *rundir, const char *lists_dir, struct rec_design *d, char *err, size_t errlen);
/* a row's own variance about its block's shift in list (NULL: any) and stratum: the list's where it
 * rests on REC_LIST_MIN_PAIRS degrees of freedom of the stratum, else its kind's pool, else every
 * list's (a stratum without any takes the other's); NaN where none is estimated. A
 * block's common shift (rec_design_common): the list's (its own or its kind's), else every list's */
double rec_design_row(const struct rec_design *d, const char *list, int stratum);
double rec_design_common(const struct rec_design *d, const char *list, int stratum);
/* "power-capped", "full clock", "one of each" */
const char *rec_stratum_name(int s);

/* ---- stale.c: the run's commits against the repository rendering it ---- */
/* run row r of t is used: its method (a bit of the method tables, or any) noted for staleness */
void rec_stale_note_row(struct run_ctx *c, const struct csv_table *t, size_t r);
/* the title's staleness of the n commits (full or abbreviated) for rows of the methods used:
 * "stale for ...", "staleness unknown (...)", both, or "" (rec_staleness) */
void rec_stale_text(struct run_ctx *c, const char (*commits)[48], size_t n, unsigned long long used, char *out,
		    size_t len);
/* The run as a whole, stale or not against the repository reading it (c->repo, else c->root):
 * every commit of its meta.csv, every file that sets what is measured (under kernels/ and
 * profiling/, and model/regime*) changed since (git diff against the working tree, so uncommitted
 * changes count), in the titles' words ("stale for kernels/x.cu (changed since 3ec405d)", "stale
 * for 12 files under kernels/ and profiling/ changed since ...", "staleness unknown (commit X not
 * in this repository)"); "" when nothing changed. A target's own (its rows' methods only) is
 * c->stale_text after it. */
void rec_staleness(struct run_ctx *c, char *out, size_t len);
/* git's answers forgotten (rec_close) */
void rec_stale_free(struct run_ctx *c);

#endif
