/*
 * render.c - the renderer's context (the run it reads, opened through plots/records/, and its
 * title), number formatting, the outputs every target writes (CSV and Markdown, atomically, with
 * the run's provenance and notes) and the dispatch of render_target. See render.h; the targets are
 * in render-tables.c, render-figures.c and the other render-*.c, the verdicts in plots/verdicts/,
 * a run's loading and checks in plots/records/, the run rendered by default in render-runs.c, the
 * protocol, power and ceilings' basis the outputs state in render-protocol.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "method.h"
#include "power.h"
#include "render-int.h"
#include "stencil.h"

#include <sys/stat.h>

static int read_targets(struct render_ctx *c, char *err, size_t errlen);

/* the title of a run: its GPU and directory, and, for a run whose invocations ran on several GPUs,
 * which and on whose ceilings its rows are modelled */
static void run_title(struct render_ctx *c)
{
	const struct run_ctx *r = &c->run;
	snprintf(c->title, sizeof(c->title), "%s, run %s", r->gpu, r->rundir);
	if (r->ngpus <= 1)
		return;
	size_t used = strlen(c->title), own = 0;
	used += (size_t)snprintf(c->title + used, sizeof(c->title) - used, ", %zu GPUs (", r->ngpus);
	for (size_t k = 0; k < r->ngpus && used < sizeof(c->title); k++) {
		used += (size_t)snprintf(c->title + used, sizeof(c->title) - used, "%s%s", k ? ", " : "", r->gpus[k]);
		own += (size_t)r->gpu_hw_ok[k];
	}
	/* a GPU without ceilings of its own under gpus/ (the one that measured the run's, in a run
	 * grown list by list) has its rows modelled on the run's */
	if (used < sizeof(c->title) && own == r->ngpus)
		snprintf(c->title + used, sizeof(c->title) - used,
			 "; each row's model on its GPU's ceilings, the roofs on the run's)");
	else if (used < sizeof(c->title))
		snprintf(c->title + used, sizeof(c->title) - used, "; %zu with ceilings of its own, the other "
			 "rows modelled on the run's)", own);
}

int render_open(struct render_ctx *c, const char *root, const char *rundir, const char *gpu,
		const char *outdir, char *err, size_t errlen)
{
	memset(c, 0, sizeof(*c));
	c->run.max_clock = NAN;
	snprintf(c->run.root, sizeof(c->run.root), "%s", root && *root ? root : ".");
	snprintf(c->outdir, sizeof(c->outdir), "%s", outdir);
	if (read_targets(c, err, errlen) != 0 || rec_open(&c->run, root, rundir, gpu, err, errlen) != 0)
		return -1;
	if (c->run.rundir[0])
		run_title(c);
	else
		snprintf(c->title, sizeof(c->title), "model and paper only: %s datasheet (no measured run)",
			 c->run.gpu);
	if (output_dir(c->outdir, err, errlen) != 0) {
		rec_close(&c->run);
		return -1;
	}
	return 0;
}


void render_close(struct render_ctx *c)
{
	rec_close(&c->run);
}

const char *rd_status(const char *status)
{
	return !strcmp(status, "ok") ? "verified" : status;
}

/* a measured rate: the number, "(throttled N/M)" after a throttled row's, the status for a row
 * that is not ok (a wrong or skipped kernel's speed is never shown) */
void rd_fmt_rate(char *b, size_t n, const struct point *p, int dec)
{
	if (strcmp(p->status, "ok")) {
		snprintf(b, n, "%s", p->status);
		return;
	}
	render_fmt(b, n, p->measured, dec);
	if (p->replicas > 1) {   /* a replicated run: the median, its replicas' range */
		char lo[32], hi[32];
		render_fmt(lo, sizeof(lo), p->lo, dec);
		render_fmt(hi, sizeof(hi), p->hi, dec);
		const size_t l = strlen(b);
		snprintf(b + l, n - l, " [%s-%s]", lo, hi);
	}
	if (p->throttled) {
		size_t l = strlen(b);
		if (isfinite(p->samples))
			snprintf(b + l, n - l, " (throttled %.0f/%.0f)", p->thr_samples, p->samples);
		else
			snprintf(b + l, n - l, " (throttled %.0f)", p->thr_samples);
	}
}

void rd_put_run_cols(struct csv_writer *w, const struct point *p)
{
	csv_put_int(w, p->throttled);
	csv_put_num(w, p->thr_samples);
	csv_put_num(w, p->samples);
	csv_put_num(w, p->clk_median);
	csv_put_num(w, p->clk_min);
	csv_put_num(w, p->power_w);
	csv_put_num(w, p->energy_nj);
	csv_put_str(w, p->reasons ? p->reasons : "NA");
	csv_put_int(w, p->replicas);
	csv_put_num(w, p->replicas ? p->lo : NAN);
	csv_put_num(w, p->replicas ? p->hi : NAN);
}

void rd_fmt_pct(char *b, size_t n, double measured, double ref)
{
	if (isfinite(measured) && isfinite(ref) && ref != 0)
		snprintf(b, n, "%+.1f %%", (measured / ref - 1) * 100);
	else
		snprintf(b, n, "NA");
}

/* a model scenario 1-4, or NA when the pair has none */
void render_fmt_scenario(char *b, size_t n, int scenario)
{
	if (scenario > 0)
		snprintf(b, n, "%d", scenario);
	else
		snprintf(b, n, "NA");
}

/* the paper's printed analytic / measured pair of a row, "blank" where the paper left it blank */
void rd_paper_pair(char *b, size_t n, const struct csv_table *paper, long row, const char *col,
		       const char *col_measured)
{
	const char *v = row >= 0 ? csv_table_get(paper, (size_t)row, col) : "";
	const char *m = row >= 0 ? csv_table_get(paper, (size_t)row, col_measured) : "";
	snprintf(b, n, "%s / %s", *v ? v : "blank", *m ? m : "blank");
}

double rd_rel(double a, double b)
{
	return isfinite(a) && isfinite(b) && b != 0 ? a / b - 1 : NAN;
}

/* the title's provenance: ", commit(s) ..." of the rows used (none used: the run's), and the
 * staleness of those commits for the rows' methods into c->run.stale_text */
static void provenance(struct render_ctx *c, char *commits, size_t len)
{
	size_t n = 0, used = 0;
	char list[8][48];
	for (size_t k = 0; k < c->run.ncommits; k++)
		snprintf(list[n++], sizeof(list[0]), "%s", c->run.commits[k]);
	for (size_t k = 0; !c->run.ncommits && k < c->run.nmeta; k++) {
		int seen = !c->run.meta[k].commit[0];
		for (size_t j = 0; j < n && !seen; j++)
			seen = !strncmp(list[j], c->run.meta[k].commit, 7);
		if (!seen && n < NELEM(list))
			snprintf(list[n++], sizeof(list[0]), "%s", c->run.meta[k].commit);
	}
	used = (size_t)snprintf(commits, len, ", commit%s ", n > 1 ? "s" : "");
	for (size_t j = 0; j < n && used < len; j++)
		used += (size_t)snprintf(commits + used, len - used, "%s%.7s", j ? ", " : "", list[j]);
	if (!n)
		snprintf(commits, len, ", commit unknown");
	rec_stale_text(&c->run, (const char (*)[48])list, n, c->run.methods_used, c->run.stale_text, sizeof(c->run.stale_text));
}

/* a figure's one-line title (the item on the GPU, and the marks a reader must not miss: a dirty
 * tree, the older protocol, a smoke run) and its footer's run (the run by name, its GPUs, replicas
 * and commits); without a run the datasheet GPU in both */
static void figure_heads(struct render_ctx *c, const char *title, const char *commits)
{
	const char *name = strrchr(c->run.rundir, '/');
	if (!c->run.rundir[0]) {
		snprintf(c->title_gpu, sizeof(c->title_gpu), "the %s datasheet (no measured run)", c->run.gpu);
		snprintf(c->short_title, sizeof(c->short_title), "%s on %s", title, c->title_gpu);
		snprintf(c->footer_run, sizeof(c->footer_run), "model and paper only: the %s datasheet "
			 "(data/hw/gpus.csv), no measured run", c->run.gpu);
		return;
	}
	snprintf(c->title_gpu, sizeof(c->title_gpu), "%s%s%s%s", c->run.gpu, c->run.dirty ? ", DIRTY TREE" : "",
		 c->run.older_protocol ? ", OLDER PROTOCOL" : "", c->run.quick ? ", QUICK smoke run" : "");
	snprintf(c->short_title, sizeof(c->short_title), "%s on %s", title, c->title_gpu);
	char gpus[32] = "", reps[32] = "";
	if (c->run.ngpus > 1)
		snprintf(gpus, sizeof(gpus), ", %zu GPUs", c->run.ngpus);
	if (c->run.replicas > 1)
		snprintf(reps, sizeof(reps), ", %d replicas", c->run.replicas);
	snprintf(c->footer_run, sizeof(c->footer_run), "run %s%s%s%s", name && name[1] ? name + 1 : c->run.rundir, gpus,
		 reps, commits);
}

/* render.h */
int render_files_open(const char *outdir, const char *name, const char *const *cols, size_t ncols,
		      struct csv_writer *w, struct atomic_file *md, char *err, size_t len)
{
	char path[1200];
	if (output_dir(outdir, err, len) != 0)
		return -1;
	snprintf(path, sizeof(path), "%s/%s.csv", outdir, name);
	if (csv_writer_open(w, path, cols, ncols) != 0) {
		snprintf(err, len, "%s", atomic_error());
		return -1;
	}
	snprintf(path, sizeof(path), "%s/%s.md", outdir, name);
	if (atomic_open(md, path) != 0) {
		snprintf(err, len, "%s", atomic_error());
		csv_writer_abort(w);
		return -1;
	}
	return 0;
}

int render_files_close(struct csv_writer *w, struct atomic_file *md, char *err, size_t len)
{
	if (csv_writer_close(w) != 0) {
		snprintf(err, len, "%s", atomic_error());
		atomic_abort(md);
		return -1;
	}
	if (atomic_commit(md) != 0) {
		snprintf(err, len, "%s", atomic_error());
		return -1;
	}
	return 0;
}

void render_files_abort(struct csv_writer *w, struct atomic_file *md)
{
	csv_writer_abort(w);
	atomic_abort(md);
}

int render_outputs_open(struct render_ctx *c, const char *name, struct render_outputs *o, const char *const *cols,
			size_t ncols, const char *title, const char *const *notes, const char *const *mdcols,
			size_t nmd, char *err, size_t errlen)
{
	char csv[1024], md[1024], full[1024], commits[512] = "";
	snprintf(csv, sizeof(csv), "%s/%s.csv", c->outdir, name);
	snprintf(md, sizeof(md), "%s/%s.md", c->outdir, name);
	c->run.stale_text[0] = '\0';
	if (c->run.rundir[0])
		provenance(c, commits, sizeof(commits));
	char reps[96] = "";
	if (c->run.replicas > 1)   /* a replicated run: what a rate in the table is */
		snprintf(reps, sizeof(reps), ", %d replicas (%s)", c->run.replicas,
			 c->run.replicas_note ? c->run.replicas_note : "each rate their median [range], the other columns the row nearest it");
	snprintf(full, sizeof(full), "%s on %s%s%s%s%s%s%s%s", title, c->title, reps, commits,
		 c->run.rundir[0] && c->run.dirty ? ", DIRTY TREE (not a recorded result)" : "",
		 c->run.rundir[0] && c->run.older_protocol ? ", OLDER PROTOCOL (not every row warmed its own second: "
						     "its sentence below)" : "",
		 c->run.quick ? ", QUICK smoke run (its protocol below)" : "", c->run.stale_text[0] ? ", " : "",
		 c->run.stale_text);
	snprintf(c->full_title, sizeof(c->full_title), "%s", full);
	figure_heads(c, title, commits);
	o->reasons = c->run.reasons;
	c->prov_at = strlen(title) + 4 < strlen(c->full_title) ? strlen(title) + 4 : strlen(c->full_title);
	if (csv_writer_open(&o->w, csv, cols, ncols) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	if (md_open(&o->md, md, full, notes, mdcols, nmd) != 0) {
		csv_writer_abort(&o->w);
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

/* what a timing window is (the protocol itself is meta.csv's: render-protocol.c) */
static const char window_note[] =
	"Timing: each sample evicts the L2 first and holds the launch and the write-back of what it "
	"wrote (two reads of twice the L2 after it, their own cost subtracted); counters likewise "
	"(REPRODUCE.md, Timing protocol).";
static const char hot_note[] =
	"Timing: SOME ROWS WERE TIMED HOT (--hot: launches back to back, no L2 eviction, no write-back "
	"in the window); they are not comparable with write-back rows.";
static const char workload_note[] =
	"Timing: each sample K back-to-back launches (at least 200 us) between CUDA events, hot: the L2 kept "
	"(REPRODUCE.md, the nongemm paper's SCALE).";

int render_outputs_close(struct render_ctx *c, const char *name, struct render_outputs *o, char *err, size_t errlen)
{
	(void)name;
	if (c->run.rundir[0] && c->run.note_kind != NOTE_MICROBENCH)   /* the microbenchmarks': the protocol's */
		md_note(&o->md, c->run.note_kind == NOTE_HOT_WORKLOAD ? workload_note : c->run.hot ? hot_note : window_note);
	if (c->run.rundir[0] && c->run.clk_hi > 0) {   /* the clocks, and the rows well under the maximum */
		char note[512];
		int n = snprintf(note, sizeof(note), "SM clock, each row's median: %.0f-%.0f MHz", c->run.clk_lo,
				 c->run.clk_hi);
		if (isfinite(c->run.max_clock))
			n += snprintf(note + n, sizeof(note) - (size_t)n, " (maximum %.0f)", c->run.max_clock);
		if (c->run.nslow)
			snprintf(note + n, sizeof(note) - (size_t)n, "; %d row%s under 90 %% of the maximum, "
				 "slower though not marked: %s%s", c->run.nslow, c->run.nslow > 1 ? "s" : "",
				 c->run.slow, c->run.nslow > 3 ? ", ..." : "");
		md_note(&o->md, note);
	}
	rd_protocol_notes(c, &o->md);
	/* both or neither: a CSV that could not be written takes its Markdown with it */
	int a = csv_writer_close(&o->w), b = a ? (md_abort(&o->md), -1) : md_close(&o->md);
	if (a || b) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

int rd_load_paper(const struct render_ctx *c, const char *name, const char *const *need, struct csv_table *t,
		  char *err, size_t errlen)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/data/paper/%s.csv", c->run.root, name);
	return csv_table_read_need(path, t, need, err, errlen);
}

double rd_paper_value(const struct csv_table *t, const char *quantity)
{
	return rec_num(t, rec_row_of(t, "quantity", quantity, NULL, NULL), "value");
}

/* ---- tables from column specifications (render-int.h) ---- */

/* the Markdown columns after a column that has them (rcol.power): the row's board power and energy,
 * and its clock-event reasons where a row of the table had one besides the power cap */
static const char *const power_cols[] = { "board W", "nJ / point-step", "clock reasons" };

int rd_cols_open(struct render_ctx *c, const char *name, struct render_outputs *o, const struct rcol *cols, size_t n,
		 const char *title, const char *const *notes, char *err, size_t errlen)
{
	static const char *const run[] = { RUN_COLS };
	const char *csv[64], *md[64];
	size_t nc = 0, nm = 0;
	for (size_t i = 0; i < n && nc < NELEM(csv) - NELEM(run); i++) {
		if (cols[i].csv)
			csv[nc++] = cols[i].csv;
		if (cols[i].md && nm < NELEM(md))
			md[nm++] = cols[i].md;
		for (size_t k = 0; cols[i].power && k < NELEM(power_cols) && nm < NELEM(md); k++)
			if (k < 2 || c->run.reasons)   /* the reasons where a row had one besides the power cap */
				md[nm++] = power_cols[k];
	}
	for (size_t i = 0; i < NELEM(run); i++)
		csv[nc++] = run[i];
	return render_outputs_open(c, name, o, csv, nc, title, notes, md, nm, err, errlen);
}

/* the Markdown cell nm of column col of a row's view (base): a string field, the md_off string, or
 * a number formatted into text[nm]; nm + 1 */
static size_t md_cell(const char **cells, char (*text)[64], size_t nm, const struct rcol *col, const char *base)
{
	const void *f = base + col->off;
	if (col->md_off)
		cells[nm] = *(const char *const *)(base + col->md_off);
	else if (col->type == RC_STR)
		cells[nm] = *(const char *const *)f ? *(const char *const *)f : "";
	else {
		if (col->type == RC_INT)
			snprintf(text[nm], sizeof(text[nm]), "%d", *(const int *)f);
		else if (col->type == RC_LONG)
			snprintf(text[nm], sizeof(text[nm]), "%ld", *(const long *)f);
		else
			render_fmt(text[nm], sizeof(text[nm]), *(const double *)f, col->dec);
		cells[nm] = text[nm];
	}
	return nm + 1;
}

static void csv_cell(struct csv_writer *w, const struct rcol *col, const char *base)
{
	const void *f = base + col->off;
	if (col->type == RC_INT)
		csv_put_int(w, *(const int *)f);
	else if (col->type == RC_LONG)
		csv_put_int(w, *(const long *)f);
	else if (col->type == RC_NUM)
		csv_put_num(w, *(const double *)f);
	else
		csv_put_str(w, *(const char *const *)f);
}

void rd_cols_row(struct render_outputs *o, const struct rcol *cols, size_t n, const void *view)
{
	const char *cells[64];
	char text[64][64];
	size_t nm = 0;
	const char *base = (const char *)view;
	const struct point *p = *(const struct point *const *)view;
	for (size_t i = 0; i < n; i++) {
		if (cols[i].csv)
			csv_cell(&o->w, &cols[i], base);
		if (cols[i].md && nm < NELEM(cells))
			nm = md_cell(cells, text, nm, &cols[i], base);
		if (cols[i].power && nm + 3 <= NELEM(cells)) {   /* power_cols */
			rd_fmt_power(text[nm], text[nm + 1], sizeof(text[0]), p ? p->power_w : NAN, p ? p->energy_nj : NAN);
			cells[nm] = text[nm], cells[nm + 1] = text[nm + 1];
			nm += 2;
			if (o->reasons)
				cells[nm++] = p && p->reasons ? p->reasons : "NA";
		}
	}
	if (p)
		rd_put_run_cols(&o->w, p);
	csv_end_row(&o->w);
	md_row(&o->md, cells);
}

int rd_table_open_cols(struct render_ctx *c, const char *name, const char *const *pneed, struct target *t,
		       struct csv_table *paper, struct render_outputs *o, const struct rcol *cols, size_t n,
		       const char *title, const char *const *notes, char *err, size_t errlen)
{
	if (rec_target_load(&c->run, name, t, err, errlen) != 0)
		return -1;
	if (rd_load_paper(c, name, pneed, paper, err, errlen) != 0) {
		rec_target_free(t);
		return -1;
	}
	if (rd_cols_open(c, name, o, cols, n, title, notes, err, errlen) != 0) {
		rec_target_free(t);
		csv_table_free(paper);
		return -1;
	}
	return 0;
}

/* a paper table's rendering: its target, the paper's table (the columns pneed) and its outputs,
 * opened together and closed together; on failure nothing stays open */
int rd_table_open(struct render_ctx *c, const char *name, const char *const *pneed, struct target *t,
		      struct csv_table *paper, struct render_outputs *o, const char *const *cols, size_t ncols,
		      const char *title, const char *const *notes, const char *const *md, size_t nmd,
		      char *err, size_t errlen)
{
	if (rec_target_load(&c->run, name, t, err, errlen) != 0)
		return -1;
	if (rd_load_paper(c, name, pneed, paper, err, errlen) != 0) {
		rec_target_free(t);
		return -1;
	}
	if (render_outputs_open(c, name, o, cols, ncols, title, notes, md, nmd, err, errlen) != 0) {
		rec_target_free(t);
		csv_table_free(paper);
		return -1;
	}
	return 0;
}

int rd_table_close(struct render_ctx *c, const char *name, struct target *t, struct csv_table *paper,
		       struct render_outputs *o, char *err, size_t errlen)
{
	rec_target_free(t);
	csv_table_free(paper);
	return render_outputs_close(c, name, o, err, errlen);
}

/* the renderers registered (RENDERER, render.h): experiments/targets.csv names them */
static struct {
	const char *name;
	render_fn fn;
} renderers[32];
static size_t nrenderers;

void render_register(const char *name, render_fn fn)
{
	if (nrenderers == NELEM(renderers)) {   /* a build error, not an input's: stop at once */
		fprintf(stderr, "render_register: more than %zu renderers (%s): raise the table in "
			"plots/render/render.c\n", NELEM(renderers), name);
		abort();
	}
	renderers[nrenderers].name = name;
	renderers[nrenderers++].fn = fn;
}

const struct target_spec *render_target_spec(const struct render_ctx *c, const char *name)
{
	for (size_t i = 0; i < c->ntargets; i++)
		if (!strcmp(c->targets[i].name, name))
			return &c->targets[i];
	return NULL;
}

/* the rendered rows of experiments/targets.csv into c->targets (plots/render/targets.c) */
static int read_targets(struct render_ctx *c, char *err, size_t errlen)
{
	size_t n = 0;
	if (render_targets_read(c->run.root, c->targets, NELEM(c->targets), &n, err, errlen) != 0)
		return -1;
	c->ntargets = 0;
	for (size_t i = 0; i < n; i++)
		if (!render_target_is_model(&c->targets[i]))
			c->targets[c->ntargets++] = c->targets[i];
	return 0;
}

int render_target(struct render_ctx *c, const char *target, char *err, size_t errlen)
{
	/* each target's title names what its own rows are: commits, dirty tree, QUICK, throttling */
	c->run.quick = 0;
	c->run.ncommits = 0;
	c->run.methods_used = 0;
	rec_used_reset(&c->run);
	c->run.hot = 0;
	c->run.note_kind = NOTE_STENCIL_ROWS;
	c->run.clk_lo = INFINITY;   /* none yet: the note needs clk_hi > 0 */
	c->run.clk_hi = 0;
	c->run.nslow = 0;
	c->run.slow[0] = '\0';
	c->run.dirty = 0;
	for (size_t k = 0; k < c->run.nmeta; k++)
		c->run.dirty |= c->run.meta[k].dirty;
	const struct target_spec *ts = render_target_spec(c, target);
	for (size_t i = 0; ts && i < nrenderers; i++)
		if (!strcmp(renderers[i].name, ts->renderer))
			return renderers[i].fn(c, ts, err, errlen);
	snprintf(err, errlen, ts ? "experiments/targets.csv: target '%s' names an unknown renderer"
				 : "unknown target '%s' (experiments/targets.csv)", target);
	return -1;
}
