/*
 * render-int.h - what the renderer's files share (plots/render/render.c: the context, formatting, outputs
 * and dispatch; targets.c: the table of targets; render-run.c: loading and checking a run, the
 * methods a target's list names; render-tables.c: tcs Tables 2-4 and
 * kernels-vs-authors; render-figures.c: the figures' data; render-fermi*.c: the fermi paper;
 * render-protocol.c: the protocol, power and ceilings' basis a target's outputs state;
 * verdicts.c: the papers' claims). Not for use outside the renderer: render.h is its interface.
 */
#ifndef RENDER_INT_H
#define RENDER_INT_H

#include "csvio.h"
#include "experiment.h"
#include "render.h"
#include "report.h"
#include "roofline.h"
#include "runs.h"
#include "workload.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* one target's data: configurations, run rows, model points */
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
	int throttled;              /* throttled_samples > 0 (what counts: render-protocol.c) */
	int dirty;                  /* written by a runner built from a dirty tree */
	double thr_samples, samples, clk_median, clk_min;
	double power_w, energy_nj;  /* median board power, energy a point-step (NaN: not recorded) */
	const char *reasons;        /* its NVML clock-event reasons ("NA" where not recorded) */
	int nrep;                   /* the rows it stands for (a replicated run: one a replica; 0: none) */
	double lo, hi;              /* their lowest and highest rate (the range beside the median) */
};

/* A configuration's rows in a replicated run (render.h: which the context asks for): how many, the
 * median of a column over the verified ones and its range (NaN: one row, or one not verified) */
struct replicas {
	int n;
	double median, lo, hi;
};
struct target {
	struct run_config *cfgs;
	size_t n;
	struct config_keys keys;       /* cfgs[i]'s configuration key (model/runs.h) */
	struct csv_table run;
	struct config_keys run_keys;   /* each run row's: a row is a configuration's when they agree */
	int have_run;
	struct point *p;
};

/* outputs: outdir/NAME.csv and outdir/NAME.md */
struct outputs {
	struct csv_writer w;
	struct md_table md;
	int reasons;   /* its Markdown shows the rows' clock-event reasons (rd_cols_open) */
};

/* the columns every rendered CSV ends with: the row's throttling, SM clocks, power and energy */
#define RUN_COLS "throttled", "throttled_samples", "samples", "sm_clock_median_mhz", "sm_clock_min_mhz", \
	"power_median_w", "energy_nj_per_point_step", "clock_reasons", "replicas", "gstencil_per_s_low", \
	"gstencil_per_s_high"

double rd_num(const struct csv_table *t, long r, const char *col);
/* whether run row r is one the context asks for: the default data regime, and its replica or GPU
 * where one is chosen (render.h) */
int rd_row_wanted(const struct render_ctx *c, const struct csv_table *run, size_t r);
/* the median of v's n values (v sorted ascending in place), NaN when n is 0 */
double rd_median(double *v, size_t n);
/* whether a row's kept samples carry the power cap among their clock-event reasons */
int rd_power_capped(const struct point *p);
/* The row of a run CSV (run_keys: its rows' configuration keys) for configuration key that the
 * context asks for (render.h: a replica, a GPU, else all): the one row, or of several the first
 * not verified, else the one nearest the median of col; rp says how many and that median and
 * range. -1 when none. */
long rd_pick_row(const struct render_ctx *c, const struct csv_table *run, const struct config_keys *run_keys,
		 const char *key, const char *col, struct replicas *rp);
/* the median of col over the verified rows of key the context asks for (NaN: none has it): a
 * replicated configuration's value of a column other than the one its row was picked by */
double rd_pick_median(const struct render_ctx *c, const struct csv_table *run, const struct config_keys *run_keys,
		      const char *key, const char *col);
/* a run row's status is one the runner writes (ok, wrong, skipped, profile-once): 0, or -1 with
 * "FILE:LINE: status 'X' is none of the runner's (...)" */
int rd_row_status(const struct csv_table *t, size_t r, char *err, size_t errlen);
/* a time or rate of an ok (measured) run row in column col is a positive finite number: 0 when it
 * is, or when the row has no such column or, unless required, NA or nothing there; else -1 with
 * "FILE:LINE: status ok but COL 'X' is not a positive finite WHAT" (what: "rate", "time") */
int rd_row_positive(const struct csv_table *t, size_t r, const char *col, int required, const char *what,
		    char *err, size_t errlen);
/* one stencil run CSV row checked before use (render-run.c): its key into key; 0, or -1 with
 * "FILE:LINE: what"; rd_wl_row_sane the same for a workload run CSV row (render-spmv.c) */
int rd_run_row_sane(const struct csv_table *t, size_t r, char *key, size_t len, char *err, size_t errlen);
int rd_wl_row_sane(const struct csv_table *t, size_t r, char *key, size_t len, char *err, size_t errlen);
/* the commit of run row r of t (its own, else its invocation's in meta.csv) into the title's
 * provenance; 1 when it was written from a dirty tree */
int rd_note_commit(struct render_ctx *c, const struct csv_table *t, size_t r);
/* a run row's status as the rendered tables show it: "verified" for the runner's "ok" (checked
 * against the CPU reference in the same run before it was timed), any other status as written */
const char *rd_status(const char *status);
/* a value of the run's meta.csv, its last invocation (sm_count, l2_bytes, ...); NaN without one */
double rd_meta_num(const struct render_ctx *c, const char *col);
void rd_target_free(struct target *t);
double rd_model_gs(const struct point *p);
/* a row's measured GStencil/s when it is there and verified (status ok), else NaN */
double rd_ok_rate(const struct point *p);
int rd_target_load(struct render_ctx *c, const char *name, struct target *t, char *err, size_t errlen);
const struct point *rd_find_label(const struct target *t, const char *label);
/* the lists a target of several inputs reads (its inputs column, at most RD_MAX_INPUTS), each loaded:
 * 0, or -1 with err and none left loaded; rd_inputs_free frees them */
#define RD_MAX_INPUTS 4
struct rd_inputs {
	struct target t[RD_MAX_INPUTS];
	const char *name[RD_MAX_INPUTS];
	size_t n;
	char buf[128];
};
int rd_inputs_load(struct render_ctx *c, const struct target_spec *ts, struct rd_inputs *in, char *err, size_t errlen);
void rd_inputs_free(struct rd_inputs *in);
/* the methods t's configuration list names (METHOD, variants folded), in the method table's order:
 * how many, at most max of them into out */
size_t rd_list_methods(const struct target *t, const char **out, size_t max);
/* the first of those of one family (the papers' CUDA-core, tensor-core or sparse tensor-core
 * methods, model/method.h), or NULL */
const char *rd_list_method_of(const struct target *t, enum unit family);
void rd_fmt(char *b, size_t n, double v, int dec);
void rd_fmt_rate(char *b, size_t n, const struct point *p, int dec);
void rd_put_run_cols(struct csv_writer *w, const struct point *p);
void rd_fmt_pct(char *b, size_t n, double measured, double ref);
void rd_fmt_scenario(char *b, size_t n, int scenario);
void rd_paper_pair(char *b, size_t n, const struct csv_table *paper, long row, const char *col,
		       const char *col_measured);
double rd_rel(double a, double b);
int rd_outputs_open(struct render_ctx *c, const char *name, struct outputs *o, const char *const *cols,
			size_t ncols, const char *title, const char *const *notes, const char *const *mdcols,
			size_t nmd, char *err, size_t errlen);
int rd_outputs_close(struct render_ctx *c, const char *name, struct outputs *o, char *err, size_t errlen);
long rd_paper_row(const struct csv_table *t, const char *k1, const char *v1, const char *k2, const char *v2);
/* data/paper/NAME.csv with the columns need (NULL-terminated): 0, or -1 with err */
int rd_load_paper(const struct render_ctx *c, const char *name, const char *const *need, struct csv_table *t,
		  char *err, size_t errlen);
/* a quantity,value paper table's value of quantity (NaN when absent) */
double rd_paper_value(const struct csv_table *t, const char *quantity);
/*
 * A rendered table's columns, written once (as nvbench prints): each {CSV name, Markdown header}
 * (either NULL: a column of one output only) reads a field of the row's view (a struct that starts
 * with its `const struct point *`) at off: an int, a long, a double or a const char *. The Markdown shows
 * a number with dec decimals, or the string field at md_off when it is not 0 (a throttle mark, a
 * merged cell). The CSV ends with the run columns (RUN_COLS) when the view's point is given.
 */
enum rc_type { RC_INT, RC_LONG, RC_NUM, RC_STR };
/* what a "power roof" column holds, said under every table and figure that shows one */
#define RD_POWER_ROOF_NOTE \
	"Power roof (the harness's own, beside the paper's two roofs and never in a paper claim's criterion; the " \
	"verdicts' gate takes the lowest of the three): the rate the board's power limit allows for the model's F " \
	"and Q energies from the run's ceilings, net of their fitted constant power (L2, shared memory and integer " \
	"work left out: REPRODUCE.md, the model); NA where the ceilings lack the energy counter."

struct rcol {
	const char *csv, *md;
	enum rc_type type;
	size_t off;
	int dec;
	size_t md_off;
	int power;   /* 1: the row's board power and energy (and clock reasons) follow it in the Markdown */
};
int rd_cols_open(struct render_ctx *c, const char *name, struct outputs *o, const struct rcol *cols, size_t n,
		 const char *title, const char *const *notes, char *err, size_t errlen);
void rd_cols_row(struct outputs *o, const struct rcol *cols, size_t n, const void *view);
int rd_table_open_cols(struct render_ctx *c, const char *name, const char *const *pneed, struct target *t,
		       struct csv_table *paper, struct outputs *o, const struct rcol *cols, size_t n,
		       const char *title, const char *const *notes, char *err, size_t errlen);
int rd_table_open(struct render_ctx *c, const char *name, const char *const *pneed, struct target *t,
		      struct csv_table *paper, struct outputs *o, const char *const *cols, size_t ncols,
		      const char *title, const char *const *notes, const char *const *md, size_t nmd,
		      char *err, size_t errlen);
int rd_table_close(struct render_ctx *c, const char *name, struct target *t, struct csv_table *paper,
		       struct outputs *o, char *err, size_t errlen);
int rd_tcs_table2(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_tcs_table3(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_tcs_table4(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_kernels_vs_authors(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_figure_rows(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_tcs_figure15(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
/* make hopper-tc: each tensor-core method on mma.sync beside its :wgmma variant (render-hopper.c) */
int rd_hopper_tc(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
/* the row of the CUDA-core baseline (ebisu, any precision) with the label, or NULL */
const struct point *rd_hopper_cc(const struct target *t, const char *label);
/* a figure's outdir/NAME.vars (render-figures.c): opened with its title, provenance and
 * measured_run lines (title, provenance: gnuplot strings; measured_run: 1 from a run, else 0), then
 * committed */
int rd_vars_open(struct render_ctx *c, const char *name, struct atomic_file *a, char *err, size_t errlen);
int rd_vars_commit(struct atomic_file *a, char *err, size_t errlen);
/* outdir/NAME.vars with the title, provenance and measured_run alone */
int rd_vars_title(struct render_ctx *c, const char *name, char *err, size_t errlen);
/* rd_outputs_close, then, for a target of kind figure, its .vars of title, provenance and measured_run (rd_vars_title) */
int rd_outputs_close_titled(struct render_ctx *c, const struct target_spec *ts, struct outputs *o, char *err,
			    size_t errlen);
/* the fermi paper (render-fermi.c, render-fermi8.c) */
int rd_fermi_table1(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_fermi_figure4(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_fermi_figure8(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
/* the nongemm paper (render-nongemm.c) */
int rd_nongemm_figure2(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_nongemm_figure6(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_nongemm_figure11(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
/* SCALE's section 5.1.2 estimate (tensor-core over CUDA-core time, no overlap) on the run's
 * ceilings: copy bandwidth, fp64 FMA, and the m8n8k4 DMMA peak at the paper's utilisation (1/8,
 * data/paper/nongemm-figure6.csv) */
double rd_scale_estimate(const struct render_ctx *c);
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
/* whether p's median is the host's issue rate rather than the GPU's time (issue >= 0.9 of it):
 * 1, 0, or -1 when the run did not record the issue time */
int rd_wl_issue_bound(const struct wl_pt *p);
struct wl_set {
	struct workload_config *cfgs;
	struct wl_pt *pt;
	size_t n;
	struct config_keys keys;       /* cfgs[i]'s configuration key (model/runs.h) */
	struct csv_table run;
	struct config_keys run_keys;   /* each run row's: a row is a configuration's when they agree */
	int have;
};
/* a running geometric mean of the positive finite values added */
struct rd_gm {
	double s;
	int k;
};
void rd_gm_add(struct rd_gm *g, double v);
double rd_gm_val(const struct rd_gm *g);
/* experiments/LIST.csv and the run's LIST.csv (none: every row "not run"), each row's invocation
 * noted as used (rd_note_row); 0 or -1 with err */
int rd_wl_load(struct render_ctx *c, const char *list, struct wl_set *s, char *err, size_t errlen);
void rd_wl_free(struct wl_set *s);
/* the point of method on p's matrix and size, or NULL */
const struct wl_pt *rd_wl_same(const struct wl_set *s, const struct wl_pt *p, const char *method);
/* nongemm Figures 7-10 (render-spmv.c) */
int rd_nongemm_figure7(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_nongemm_figure8(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_nongemm_figure9(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_nongemm_figure10(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
/* ---- render-protocol.c: how a target's numbers were measured, from the run itself ---- */
/* meta.csv's protocol and tool of each invocation into c->meta (read_meta's rows) */
void rd_meta_protocol(struct render_ctx *c, const struct csv_table *m);
/* forget what the previous target used */
void rd_used_reset(struct render_ctx *c);
/* run row r of t is used: its invocation (run_id) marked, its power columns and clock-event reasons
 * noted (c->no_power, c->reasons), a throttled row by the rule its CSV followed */
void rd_note_row(struct render_ctx *c, const struct csv_table *t, size_t r, int throttled);
/* the target stands on the run's ceilings: the invocations that measured them are used too when
 * its numbers are the ceilings' own (own 1: fermi Table 1, the roofline) */
void rd_use_ceilings(struct render_ctx *c, int own);
/* a run row's power and energy (column energy) and reasons into the out-parameters */
void rd_row_power(const struct csv_table *t, long r, const char *energy, double *power, double *nj,
		  const char **reasons);
/* whether reasons ('+'-joined) hold one other than the power cap */
int rd_reasons_other(const char *reasons);
/* the footer lines: throttling's meaning, power and energy not recorded, the roofs' basis, the
 * protocol (render.c's rd_outputs_close) */
void rd_protocol_notes(const struct render_ctx *c, struct md_table *md);
/* the .vars lines of figure NAME: title (one line: the item on the GPU, render.c's short_title),
 * title_gpu (its part after "on ", for a script that titles itself), protocol (the table footer's protocol lines) and footer (one line under the plot: the run, its
 * staleness and the protocol in a few words, "in full: NAME.md") */
void rd_protocol_vars(const struct render_ctx *c, FILE *f, const char *name);
/* a ceiling of the run's ceilings.csv: its sustained SM clock, power and the burst value beside,
 * in words ("sustained at 1755 MHz, 690 W; burst 330.1"), or what the run has instead */
void rd_ceiling_detail(const struct render_ctx *c, const char *quantity, char *b, size_t n);
/* the footer line naming the ceilings the n hw keys stand for, each
 * with its value, basis, clock, power and burst value (rd_ceiling_detail); nothing without a run */
void rd_ceilings_note(const struct render_ctx *c, struct md_table *md, const char *const *keys, size_t n);
/* a number of a ceiling's row (column col of ceilings.csv), NaN when absent */
double rd_ceiling_num(const struct render_ctx *c, const char *quantity, const char *col);
/* "W" and "nJ" cells of a row's power and energy */
void rd_fmt_power(char *w, char *nj, size_t n, double power, double energy);

/* ---- render-stale.c: the run's commits against the repository rendering it ---- */
/* run row r of t is used: its method (a bit of the method tables, or any) noted for staleness */
void rd_stale_note_row(struct render_ctx *c, const struct csv_table *t, size_t r);
/* the title's staleness of the n commits (full or abbreviated) for rows of the methods used:
 * "stale for ...", "staleness unknown (...)", both, or "" (render.h's render_staleness) */
void rd_stale_text(struct render_ctx *c, const char (*commits)[48], size_t n, unsigned long long used, char *out,
		   size_t len);
/* git's answers forgotten (render_close) */
void rd_stale_free(struct render_ctx *c);

/* this GPU's datasheet (the run's GPU name through data/hw/gpu-names.csv): 0, or -1 when none */
int rd_datasheet(const struct render_ctx *c, struct hw *sheet, char *name, size_t len);
/* fermi Figure 8: a row's width class (model/fermi.h), and the point of METHOD, dtype and n */
int rd_fermi_class(const struct point *p);
/* the row pitch in elements of p's grid: n for METHOD:unpadded, else the harness's padded pitch */
long rd_fermi_pitch(const struct point *p);
const struct point *rd_fermi_at(const struct target *t, const char *m, enum dtype dt, long n);

/* a list of words, each once, in the order first added (targets.c): a target's or a claim's inputs */
struct words {
	char w[96][48];
	size_t n;
};
/* whether w is one of l's words */
int words_has(const struct words *l, const char *w);
/* s's space-separated words added to l (each once) */
void words_split(struct words *l, const char *s);

#endif
