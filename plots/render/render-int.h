/*
 * render-int.h - what the renderer's files share (plots/render/render.c: the context, formatting, outputs
 * and dispatch; targets.c: the table of targets; plots/records/target.c: loading and checking a run, the
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


/* the columns every rendered CSV ends with: the row's throttling, SM clocks, power and energy */
#define RUN_COLS "throttled", "throttled_samples", "samples", "sm_clock_median_mhz", "sm_clock_min_mhz", \
	"power_median_w", "energy_nj_per_point_step", "clock_reasons", "replicas", "gstencil_per_s_low", \
	"gstencil_per_s_high"

/* a run row's status as the rendered tables show it: "verified" for the runner's "ok" (checked
 * against the CPU reference in the same run before it was timed), any other status as written */
const char *rd_status(const char *status);
void rd_fmt_rate(char *b, size_t n, const struct point *p, int dec);
void rd_put_run_cols(struct csv_writer *w, const struct point *p);
void rd_fmt_pct(char *b, size_t n, double measured, double ref);
void rd_paper_pair(char *b, size_t n, const struct csv_table *paper, long row, const char *col,
		       const char *col_measured);
double rd_rel(double a, double b);
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
int rd_cols_open(struct render_ctx *c, const char *name, struct render_outputs *o, const struct rcol *cols, size_t n,
		 const char *title, const char *const *notes, char *err, size_t errlen);
void rd_cols_row(struct render_outputs *o, const struct rcol *cols, size_t n, const void *view);
int rd_table_open_cols(struct render_ctx *c, const char *name, const char *const *pneed, struct target *t,
		       struct csv_table *paper, struct render_outputs *o, const struct rcol *cols, size_t n,
		       const char *title, const char *const *notes, char *err, size_t errlen);
int rd_table_open(struct render_ctx *c, const char *name, const char *const *pneed, struct target *t,
		      struct csv_table *paper, struct render_outputs *o, const char *const *cols, size_t ncols,
		      const char *title, const char *const *notes, const char *const *md, size_t nmd,
		      char *err, size_t errlen);
int rd_table_close(struct render_ctx *c, const char *name, struct target *t, struct csv_table *paper,
		       struct render_outputs *o, char *err, size_t errlen);
int rd_tcs_table2(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_tcs_table3(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_tcs_table4(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_kernels_vs_authors(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_figure_rows(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_tcs_figure15(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
/* make hopper-tc: each tensor-core method on mma.sync beside its :wgmma variant (render-hopper.c) */
int rd_hopper_tc(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
/* a figure's outdir/NAME.vars (render-figures.c): opened with its title, provenance and
 * measured_run lines (title, provenance: gnuplot strings; measured_run: 1 from a run, else 0), then
 * committed */
int rd_vars_open(struct render_ctx *c, const char *name, struct atomic_file *a, char *err, size_t errlen);
int rd_vars_commit(struct atomic_file *a, char *err, size_t errlen);
/* outdir/NAME.vars with the title, provenance and measured_run alone */
int rd_vars_title(struct render_ctx *c, const char *name, char *err, size_t errlen);
/* render_outputs_close, then, for a target of kind figure, its .vars of title, provenance and measured_run (rd_vars_title) */
int rd_outputs_close_titled(struct render_ctx *c, const struct target_spec *ts, struct render_outputs *o, char *err,
			    size_t errlen);
/* the fermi paper (render-fermi.c, render-fermi8.c) */
int rd_fermi_table1(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_fermi_figure4(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_fermi_figure8(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
/* the nongemm paper (render-nongemm.c) */
int rd_nongemm_figure2(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_nongemm_figure6(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_nongemm_figure11(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
/* nongemm Figures 7-10 (render-spmv.c) */
int rd_nongemm_figure7(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_nongemm_figure8(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_nongemm_figure9(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
int rd_nongemm_figure10(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen);
/* ---- render-protocol.c: how a target's numbers were measured, from the run itself ---- */
/* the footer lines: throttling's meaning, power and energy not recorded, the roofs' basis, the
 * protocol (render.c's render_outputs_close) */
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
/* "W" and "nJ" cells of a row's power and energy */
void rd_fmt_power(char *w, char *nj, size_t n, double power, double energy);

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
