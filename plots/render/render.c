/*
 * render.c - the renderer's context (a run's meta.csv, its ceilings, held under twice the GPU's
 * datasheet, and title), number formatting, the outputs every target writes (CSV and Markdown,
 * atomically, with the run's provenance and notes) and the dispatch of render_target. See
 * render.h; the targets are in render-tables.c, render-figures.c and verdicts.c, a run's loading
 * and checks in render-run.c, the run rendered by default in render-runs.c, the protocol, power and
 * ceilings' basis the outputs state in render-protocol.c.
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

#include <dirent.h>
#include <unistd.h>


/* ---- context ---- */

static int read_meta(struct render_ctx *c, char *err, size_t errlen)
{
	char path[1024];
	struct csv_table m;
	snprintf(path, sizeof(path), "%s/meta.csv", c->rundir);
	if (csv_table_read(path, &m, err, errlen) != 0)
		return -1;
	if (m.nrows == 0 || csv_table_col(&m, "gpu_name") < 0) {
		snprintf(err, errlen, "%s: no rows with gpu_name", path);
		csv_table_free(&m);
		return -1;
	}
	snprintf(c->gpu, sizeof(c->gpu), "%s", csv_table_get(&m, m.nrows - 1, "gpu_name"));
	c->quick_ids = calloc(m.nrows, sizeof(*c->quick_ids));
	c->meta = calloc(m.nrows, sizeof(*c->meta));
	for (size_t r = 0; r < m.nrows; r++) {
		struct render_meta *e = &c->meta[c->nmeta++];
		const char *id = csv_table_get(&m, r, "run_id"), *g = csv_table_get(&m, r, "git_commit");
		const char *d = csv_table_get(&m, r, "git_dirty");
		snprintf(e->run_id, sizeof(e->run_id), "%s", id ? id : "");
		snprintf(e->commit, sizeof(e->commit), "%s", g && *g && strcmp(g, "NA") ? g : "");
		e->dirty = d && !strcmp(d, "yes");
		const char *mc = csv_table_get(&m, r, "sm_clock_max_mhz");
		char *endp;
		double v = mc && *mc ? strtod(mc, &endp) : NAN;
		if (mc && *mc && !*endp && v > 0)
			c->max_clock = v;
		/* the GPUs the invocations ran on: "GPU-" and 8 hex digits each */
		const char *u = csv_table_get(&m, r, "gpu_uuid");
		size_t k = 0;
		while (u && *u && k < c->ngpus && strncmp(c->gpus[k], u, 12))
			k++;
		if (u && *u && k == c->ngpus && c->ngpus < NELEM(c->gpus))
			snprintf(c->gpus[c->ngpus++], sizeof(c->gpus[0]), "%.12s", u);
	}
	rd_meta_protocol(c, &m);
	c->older_protocol = csv_table_col(&m, "protocol_detail") < 0;
	if (csv_table_col(&m, "protocol") >= 0 && csv_table_col(&m, "run_id") >= 0)
		for (size_t r = 0; r < m.nrows; r++)
			if (strncmp(csv_table_get(&m, r, "protocol"), "QUICK", 5) == 0)
				snprintf(c->quick_ids[c->nquick++], sizeof(c->quick_ids[0]), "%s",
					 csv_table_get(&m, r, "run_id"));
	csv_table_free(&m);
	return 0;
}

/* this GPU's datasheet row set: the run's GPU name through data/hw/gpu-names.csv, or (no run)
 * the datasheet GPU itself; 0, or -1 when there is none (sheet then empty) */
int rd_datasheet(const struct render_ctx *c, struct hw *sheet, char *name, size_t len)
{
	char path[1024], err[256];
	struct csv_table t;
	memset(sheet, 0, sizeof(*sheet));
	snprintf(name, len, "%s", c->gpu);
	if (c->rundir[0]) {
		snprintf(path, sizeof(path), "%s/data/hw/gpu-names.csv", c->root);
		if (csv_table_read(path, &t, err, sizeof(err)) != 0)
			return -1;
		long r = rd_paper_row(&t, "reported", c->gpu, NULL, NULL);
		if (r >= 0)
			snprintf(name, len, "%s", csv_table_get(&t, (size_t)r, "gpu"));
		csv_table_free(&t);
		if (r < 0)
			return -1;
	}
	snprintf(path, sizeof(path), "%s/data/hw/gpus.csv", c->root);
	return hw_load_gpu(sheet, path, name, err, sizeof(err));
}


static int read_targets(struct render_ctx *c, char *err, size_t errlen);
static int load_gpu_ceilings(struct render_ctx *c, char *err, size_t errlen);

/* a run's ceilings within physical bounds (hw_check_bounds): under twice the datasheet of the GPU
 * meta.csv names, where data/hw/gpu-names.csv and gpus.csv have it; else positive and finite */
static int ceilings_bounded(const struct render_ctx *c, const struct hw *hw, char *err, size_t errlen)
{
	struct hw sheet;
	char name[128];
	const int have = rd_datasheet(c, &sheet, name, sizeof(name)) == 0;
	const int rc = hw_check_bounds(hw, have ? &sheet : NULL, err, errlen);
	if (have)
		hw_free(&sheet);
	return rc;
}

double rd_meta_num(const struct render_ctx *c, const char *col)
{
	char path[1024], err[256];
	struct csv_table m;
	double v = NAN;
	snprintf(path, sizeof(path), "%s/meta.csv", c->rundir);
	if (!c->rundir[0] || csv_table_read(path, &m, err, sizeof(err)) != 0)
		return NAN;
	if (m.nrows)
		v = rd_num(&m, (long)m.nrows - 1, col);
	csv_table_free(&m);
	return v;
}

int render_open(struct render_ctx *c, const char *root, const char *rundir, const char *gpu,
		const char *outdir, char *err, size_t errlen)
{
	char path[1024];
	memset(c, 0, sizeof(*c));
	c->max_clock = NAN;
	snprintf(c->root, sizeof(c->root), "%s", root && *root ? root : ".");
	snprintf(c->outdir, sizeof(c->outdir), "%s", outdir);
	if (read_targets(c, err, errlen) != 0)
		return -1;
	if (rundir && *rundir) {
		snprintf(c->rundir, sizeof(c->rundir), "%s", rundir);
		if (read_meta(c, err, errlen) != 0)
			return -1;
		snprintf(path, sizeof(path), "%s/ceilings.csv", rundir);
		if (hw_load_ceilings(&c->hw, path, err, errlen) != 0) {
			render_close(c);
			return -1;
		}
		/* the power roof's inputs; its cap the ceilings' power_limit row, else the run's meta.csv */
		power_from_ceilings(&c->hw);
		if (!(c->hw.cap_w > 0))
			c->hw.cap_w = rd_meta_num(c, "power_limit_w");
		/* as written, for what the loaded ceilings leave out: basis, burst value, clock, power */
		c->have_ceil = csv_table_read(path, &c->ceil, err, errlen) == 0;
		if (ceilings_bounded(c, &c->hw, err, errlen) != 0) {
			render_close(c);
			return -1;
		}
		snprintf(c->title, sizeof(c->title), "%s, run %s", c->gpu, rundir);
		/* one run, one GPU: a run whose invocations ran on several says so, and on whose ceilings
		 * its rows are modelled */
		if (c->ngpus > 1) {
			size_t used = strlen(c->title), own = 0;
			if (load_gpu_ceilings(c, err, errlen) != 0) {
				render_close(c);
				return -1;
			}
			used += (size_t)snprintf(c->title + used, sizeof(c->title) - used, ", %zu GPUs (", c->ngpus);
			for (size_t k = 0; k < c->ngpus && used < sizeof(c->title); k++) {
				used += (size_t)snprintf(c->title + used, sizeof(c->title) - used, "%s%s", k ? ", " : "",
							 c->gpus[k]);
				own += (size_t)c->gpu_hw_ok[k];
			}
			/* a GPU without ceilings of its own under gpus/ (the one that measured the run's, in a
			 * run grown list by list) has its rows modelled on the run's */
			if (used < sizeof(c->title) && own == c->ngpus)
				snprintf(c->title + used, sizeof(c->title) - used,
					 "; each row's model on its GPU's ceilings, the roofs on the run's)");
			else if (used < sizeof(c->title))
				snprintf(c->title + used, sizeof(c->title) - used, "; %zu with ceilings of its own, the other "
					 "rows modelled on the run's)", own);
		}
	} else {
		snprintf(c->gpu, sizeof(c->gpu), "%s", gpu && *gpu ? gpu : "H200");
		snprintf(path, sizeof(path), "%s/data/hw/gpus.csv", c->root);
		if (hw_load_gpu(&c->hw, path, c->gpu, err, errlen) != 0)
			return -1;
		snprintf(c->title, sizeof(c->title), "model and paper only: %s datasheet (no measured run)",
			 c->gpu);
	}
	if (output_dir(c->outdir, err, errlen) != 0) {
		hw_free(&c->hw);
		return -1;
	}
	return 0;
}

/* Each GPU of meta.csv's its own ceilings, from RUNDIR/gpus/SLUG/ceilings.csv where the slug names
 * its UUID's first 8 hex digits (scripts/multi-gpu.sh); a GPU without that directory keeps the
 * run's. 0, or -1 with a one-line error for ceilings there that do not load. */
static int load_gpu_ceilings(struct render_ctx *c, char *err, size_t errlen)
{
	char dir[600], path[1200], key[16];
	snprintf(dir, sizeof(dir), "%s/gpus", c->rundir);
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	int rc = 0;
	for (struct dirent *e; rc == 0 && (e = readdir(d));)
		for (size_t k = 0; k < c->ngpus; k++) {
			snprintf(key, sizeof(key), "-%.8s-", c->gpus[k] + 4);
			if (c->gpu_hw_ok[k] || strncmp(c->gpus[k], "GPU-", 4) || !strstr(e->d_name, key))
				continue;
			snprintf(path, sizeof(path), "%s/%s/ceilings.csv", dir, e->d_name);
			if (access(path, F_OK) != 0)
				continue;
			if (hw_load_ceilings(&c->gpu_hw[k], path, err, errlen) != 0) {
				rc = -1;
				break;
			}
			power_from_ceilings(&c->gpu_hw[k]);
			if (!(c->gpu_hw[k].cap_w > 0))
				c->gpu_hw[k].cap_w = rd_meta_num(c, "power_limit_w");
			if (ceilings_bounded(c, &c->gpu_hw[k], err, errlen) != 0) {
				hw_free(&c->gpu_hw[k]);
				rc = -1;
				break;
			}
			c->gpu_hw_ok[k] = 1;
		}
	closedir(d);
	return rc;
}

void render_close(struct render_ctx *c)
{
	for (size_t k = 0; k < NELEM(c->gpu_hw); k++)
		if (c->gpu_hw_ok[k])
			hw_free(&c->gpu_hw[k]);
	memset(c->gpu_hw_ok, 0, sizeof(c->gpu_hw_ok));
	hw_free(&c->hw);
	free(c->quick_ids);
	c->quick_ids = NULL;
	for (size_t k = 0; c->meta && k < c->nmeta; k++)
		free(c->meta[k].protocol);
	free(c->meta);
	c->meta = NULL;
	c->nmeta = 0;
	free(c->inv_used);
	c->inv_used = NULL;
	if (c->have_ceil)
		csv_table_free(&c->ceil);
	c->have_ceil = 0;
	rd_stale_free(c);
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
	rd_fmt(b, n, p->measured, dec);
	if (p->nrep > 1) {   /* a replicated run: the median, its replicas' range */
		char lo[32], hi[32];
		rd_fmt(lo, sizeof(lo), p->lo, dec);
		rd_fmt(hi, sizeof(hi), p->hi, dec);
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
	csv_put_int(w, p->nrep);
	csv_put_num(w, p->nrep ? p->lo : NAN);
	csv_put_num(w, p->nrep ? p->hi : NAN);
}

void rd_fmt_pct(char *b, size_t n, double measured, double ref)
{
	if (isfinite(measured) && isfinite(ref) && ref != 0)
		snprintf(b, n, "%+.1f %%", (measured / ref - 1) * 100);
	else
		snprintf(b, n, "NA");
}

/* a model scenario 1-4, or NA when the pair has none */
void rd_fmt_scenario(char *b, size_t n, int scenario)
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
 * staleness of those commits for the rows' methods into c->stale_text */
static void provenance(struct render_ctx *c, char *commits, size_t len)
{
	size_t n = 0, used = 0;
	char list[8][48];
	for (size_t k = 0; k < c->ncommits; k++)
		snprintf(list[n++], sizeof(list[0]), "%s", c->commits[k]);
	for (size_t k = 0; !c->ncommits && k < c->nmeta; k++) {
		int seen = !c->meta[k].commit[0];
		for (size_t j = 0; j < n && !seen; j++)
			seen = !strncmp(list[j], c->meta[k].commit, 7);
		if (!seen && n < NELEM(list))
			snprintf(list[n++], sizeof(list[0]), "%s", c->meta[k].commit);
	}
	used = (size_t)snprintf(commits, len, ", commit%s ", n > 1 ? "s" : "");
	for (size_t j = 0; j < n && used < len; j++)
		used += (size_t)snprintf(commits + used, len - used, "%s%.7s", j ? ", " : "", list[j]);
	if (!n)
		snprintf(commits, len, ", commit unknown");
	rd_stale_text(c, (const char (*)[48])list, n, c->methods_used, c->stale_text, sizeof(c->stale_text));
}

/* a figure's one-line title (the item on the GPU, and the marks a reader must not miss: a dirty
 * tree, the older protocol, a smoke run) and its footer's run (the run by name, its GPUs, replicas
 * and commits); without a run the datasheet GPU in both */
static void figure_heads(struct render_ctx *c, const char *title, const char *commits)
{
	const char *name = strrchr(c->rundir, '/');
	if (!c->rundir[0]) {
		snprintf(c->title_gpu, sizeof(c->title_gpu), "the %s datasheet (no measured run)", c->gpu);
		snprintf(c->short_title, sizeof(c->short_title), "%s on %s", title, c->title_gpu);
		snprintf(c->footer_run, sizeof(c->footer_run), "model and paper only: the %s datasheet "
			 "(data/hw/gpus.csv), no measured run", c->gpu);
		return;
	}
	snprintf(c->title_gpu, sizeof(c->title_gpu), "%s%s%s%s", c->gpu, c->dirty ? ", DIRTY TREE" : "",
		 c->older_protocol ? ", OLDER PROTOCOL" : "", c->quick ? ", QUICK smoke run" : "");
	snprintf(c->short_title, sizeof(c->short_title), "%s on %s", title, c->title_gpu);
	char gpus[32] = "", reps[32] = "";
	if (c->ngpus > 1)
		snprintf(gpus, sizeof(gpus), ", %zu GPUs", c->ngpus);
	if (c->replicas > 1)
		snprintf(reps, sizeof(reps), ", %d replicas", c->replicas);
	snprintf(c->footer_run, sizeof(c->footer_run), "run %s%s%s%s", name && name[1] ? name + 1 : c->rundir, gpus,
		 reps, commits);
}

int rd_outputs_open(struct render_ctx *c, const char *name, struct outputs *o, const char *const *cols,
			size_t ncols, const char *title, const char *const *notes, const char *const *mdcols,
			size_t nmd, char *err, size_t errlen)
{
	char csv[1024], md[1024], full[1024], commits[512] = "";
	snprintf(csv, sizeof(csv), "%s/%s.csv", c->outdir, name);
	snprintf(md, sizeof(md), "%s/%s.md", c->outdir, name);
	c->stale_text[0] = '\0';
	if (c->rundir[0])
		provenance(c, commits, sizeof(commits));
	char reps[96] = "";
	if (c->replicas > 1)   /* a replicated run: what a rate in the table is */
		snprintf(reps, sizeof(reps), ", %d replicas (%s)", c->replicas,
			 c->replicas_note ? c->replicas_note : "each rate their median [range], the other columns the row nearest it");
	snprintf(full, sizeof(full), "%s on %s%s%s%s%s%s%s%s", title, c->title, reps, commits,
		 c->rundir[0] && c->dirty ? ", DIRTY TREE (not a recorded result)" : "",
		 c->rundir[0] && c->older_protocol ? ", OLDER PROTOCOL (not every row warmed its own second: "
						     "its sentence below)" : "",
		 c->quick ? ", QUICK smoke run (its protocol below)" : "", c->stale_text[0] ? ", " : "",
		 c->stale_text);
	snprintf(c->full_title, sizeof(c->full_title), "%s", full);
	figure_heads(c, title, commits);
	o->reasons = c->reasons;
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

int rd_outputs_close(struct render_ctx *c, const char *name, struct outputs *o, char *err, size_t errlen)
{
	(void)name;
	if (c->rundir[0] && c->note_kind != NOTE_MICROBENCH)   /* the microbenchmarks': the protocol's */
		md_note(&o->md, c->note_kind == NOTE_HOT_WORKLOAD ? workload_note : c->hot ? hot_note : window_note);
	if (c->rundir[0] && c->clk_hi > 0) {   /* the clocks, and the rows well under the maximum */
		char note[512];
		int n = snprintf(note, sizeof(note), "SM clock, each row's median: %.0f-%.0f MHz", c->clk_lo,
				 c->clk_hi);
		if (isfinite(c->max_clock))
			n += snprintf(note + n, sizeof(note) - (size_t)n, " (maximum %.0f)", c->max_clock);
		if (c->nslow)
			snprintf(note + n, sizeof(note) - (size_t)n, "; %d row%s under 90 %% of the maximum, "
				 "slower though not marked: %s%s", c->nslow, c->nslow > 1 ? "s" : "",
				 c->slow, c->nslow > 3 ? ", ..." : "");
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
	snprintf(path, sizeof(path), "%s/data/paper/%s.csv", c->root, name);
	return csv_table_read_need(path, t, need, err, errlen);
}

double rd_paper_value(const struct csv_table *t, const char *quantity)
{
	return rd_num(t, rd_paper_row(t, "quantity", quantity, NULL, NULL), "value");
}

long rd_paper_row(const struct csv_table *t, const char *k1, const char *v1, const char *k2, const char *v2)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (!strcmp(csv_table_get(t, r, k1), v1) && (!k2 || !strcmp(csv_table_get(t, r, k2), v2)))
			return (long)r;
	return -1;
}

/* ---- tables from column specifications (render-int.h) ---- */

/* the Markdown columns after a column that has them (rcol.power): the row's board power and energy,
 * and its clock-event reasons where a row of the table had one besides the power cap */
static const char *const power_cols[] = { "board W", "nJ / point-step", "clock reasons" };

int rd_cols_open(struct render_ctx *c, const char *name, struct outputs *o, const struct rcol *cols, size_t n,
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
			if (k < 2 || c->reasons)   /* the reasons where a row had one besides the power cap */
				md[nm++] = power_cols[k];
	}
	for (size_t i = 0; i < NELEM(run); i++)
		csv[nc++] = run[i];
	return rd_outputs_open(c, name, o, csv, nc, title, notes, md, nm, err, errlen);
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
			rd_fmt(text[nm], sizeof(text[nm]), *(const double *)f, col->dec);
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

void rd_cols_row(struct outputs *o, const struct rcol *cols, size_t n, const void *view)
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
		       struct csv_table *paper, struct outputs *o, const struct rcol *cols, size_t n,
		       const char *title, const char *const *notes, char *err, size_t errlen)
{
	if (rd_target_load(c, name, t, err, errlen) != 0)
		return -1;
	if (rd_load_paper(c, name, pneed, paper, err, errlen) != 0) {
		rd_target_free(t);
		return -1;
	}
	if (rd_cols_open(c, name, o, cols, n, title, notes, err, errlen) != 0) {
		rd_target_free(t);
		csv_table_free(paper);
		return -1;
	}
	return 0;
}

/* a paper table's rendering: its target, the paper's table (the columns pneed) and its outputs,
 * opened together and closed together; on failure nothing stays open */
int rd_table_open(struct render_ctx *c, const char *name, const char *const *pneed, struct target *t,
		      struct csv_table *paper, struct outputs *o, const char *const *cols, size_t ncols,
		      const char *title, const char *const *notes, const char *const *md, size_t nmd,
		      char *err, size_t errlen)
{
	if (rd_target_load(c, name, t, err, errlen) != 0)
		return -1;
	if (rd_load_paper(c, name, pneed, paper, err, errlen) != 0) {
		rd_target_free(t);
		return -1;
	}
	if (rd_outputs_open(c, name, o, cols, ncols, title, notes, md, nmd, err, errlen) != 0) {
		rd_target_free(t);
		csv_table_free(paper);
		return -1;
	}
	return 0;
}

int rd_table_close(struct render_ctx *c, const char *name, struct target *t, struct csv_table *paper,
		       struct outputs *o, char *err, size_t errlen)
{
	rd_target_free(t);
	csv_table_free(paper);
	return rd_outputs_close(c, name, o, err, errlen);
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
	if (render_targets_read(c->root, c->targets, NELEM(c->targets), &n, err, errlen) != 0)
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
	c->quick = 0;
	c->ncommits = 0;
	c->methods_used = 0;
	rd_used_reset(c);
	c->hot = 0;
	c->note_kind = NOTE_STENCIL_ROWS;
	c->clk_lo = INFINITY;   /* none yet: the note needs clk_hi > 0 */
	c->clk_hi = 0;
	c->nslow = 0;
	c->slow[0] = '\0';
	c->dirty = 0;
	for (size_t k = 0; k < c->nmeta; k++)
		c->dirty |= c->meta[k].dirty;
	const struct target_spec *ts = render_target_spec(c, target);
	for (size_t i = 0; ts && i < nrenderers; i++)
		if (!strcmp(renderers[i].name, ts->renderer))
			return renderers[i].fn(c, ts, err, errlen);
	snprintf(err, errlen, ts ? "experiments/targets.csv: target '%s' names an unknown renderer"
				 : "unknown target '%s' (experiments/targets.csv)", target);
	return -1;
}
