/*
 * render-fermi.c - the fermi paper's Table 1 (GPU properties and microbenchmarks) and Figure 4
 * (FLOPs hidden behind a memory load) from a run's ceilings.csv and latency-hiding.csv, beside
 * the paper's GeForce GTX 480 and Tesla C2050 (data/paper/fermi-table1.csv, fermi-figure4.csv) and
 * this GPU's datasheet (data/hw/gpus.csv through data/hw/gpu-names.csv). Figure 8 is in
 * render-fermi8.c. Make targets fermi-table1 and fermi-figure4 (render-int.h). Every row of
 * latency-hiding.csv is a measurement: a time, bandwidth or rate there that is not a positive
 * finite number (the FLOP rate: not negative) is an error naming its file and line.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fermi.h"
#include "render-int.h"

#define GTX "GeForce GTX 480"
#define TESLA "Tesla C2050"

/* ---- Table 1 ---- */

enum t1_src { T1_META, T1_SHEET, T1_RUN, T1_FLOP_PER_BYTE };
static const struct t1_spec {
	const char *quantity, *label, *unit, *kind;   /* the paper's quantity and kind */
	enum t1_src src;
	const char *key;                                /* meta column, datasheet or ceilings key */
	double scale;
	const char *ceiling;                            /* the harness's own ceiling beside, or NULL */
	double ceiling_scale;
} t1[] = {
	{ "multiprocessors", "Multiprocessors", "count", "datasheet", T1_META, "sm_count", 1, NULL, 0 },
	{ "shaders", "Shaders (CUDA cores)", "count", "datasheet", T1_SHEET, "cuda_cores", 1, NULL, 0 },
	{ "shader_clock", "Shader clock (maximum SM clock)", "GHz", "datasheet", T1_META, "sm_clock_max_mhz", 1e-3,
	  NULL, 0 },
	{ "dp_peak", "DP FLOPS", "GFLOP/s", "datasheet", T1_SHEET, "fp64_fma", 1e3, NULL, 0 },
	{ "ram", "RAM capacity", "GB", "datasheet", T1_META, "memory_bytes", 1e-9, NULL, 0 },
	{ "dram_bandwidth", "Memory bandwidth", "GB/s", "datasheet", T1_SHEET, "dram_copy_bandwidth", 1, NULL, 0 },
	{ "flop_per_byte", "FLOPs/byte", "FLOP/byte", "datasheet", T1_FLOP_PER_BYTE, NULL, 1, NULL, 0 },
	{ "dp_fma", "DP GFLOPS (FMADD)", "GFLOP/s", "measured", T1_RUN, "fermi_dp_fma", 1, "fp64_fma", 1e3 },
	{ "register_bandwidth", "Register bandwidth", "GB/s", "measured", T1_RUN, "fermi_register_bandwidth", 1,
	  "fp64_fma", 16e3 },
	{ "shared_memory_bandwidth", "Shared memory bandwidth", "GB/s", "measured", T1_RUN,
	  "fermi_shared_memory_bandwidth", 1, "shared_memory_bandwidth", 1 },
	{ "l1_bandwidth", "L1 cache bandwidth", "GB/s", "measured", T1_RUN, "fermi_l1_bandwidth", 1, NULL, 0 },
	{ "dram_bandwidth", "Memory bandwidth", "GB/s", "measured", T1_RUN, "fermi_dram_bandwidth", 1,
	  "dram_copy_bandwidth", 1 },
};

/* fermi-table1.csv's value of a GPU's quantity of a kind (datasheet or measured), NaN when absent */
static double paper_value(const struct csv_table *p, const char *gpu, const char *quantity, const char *kind)
{
	for (size_t r = 0; r < p->nrows; r++)
		if (!strcmp(csv_table_get(p, r, "gpu"), gpu) && !strcmp(csv_table_get(p, r, "quantity"), quantity) &&
		    !strcmp(csv_table_get(p, r, "kind"), kind))
			return rec_num(p, (long)r, "value");
	return NAN;
}

static double sheet_value(const struct hw *sheet, const char *key, double scale)
{
	return sheet->n ? hw_get(sheet, key, NULL) * scale : NAN;
}

/* a measured row's ceiling as ceilings.csv has it beside its value: its basis, SM clock, power and
 * burst value (NaN and "" where the run predates them, or for a datasheet row) */
struct t1_ceil {
	const char *basis;
	double clk, power, burst;
	char detail[160];
};

static void t1_ceil(const struct render_ctx *c, const struct t1_spec *s, struct t1_ceil *e)
{
	const struct hw_row *row = NULL;
	const int run = s->src == T1_RUN && c->run.rundir[0] && !isnan(hw_get(&c->run.hw, s->key, &row)) && row;
	const char *q = run ? row->quantity : NULL;
	const long r = q && c->run.have_ceil ? rec_row_of(&c->run.ceil, "quantity", q, NULL, NULL) : -1;
	e->basis = r >= 0 && csv_table_col(&c->run.ceil, "basis") >= 0 ? csv_table_get(&c->run.ceil, (size_t)r, "basis") : "";
	e->clk = rec_ceiling_num(&c->run, q, "sm_clock_mhz");
	e->power = rec_ceiling_num(&c->run, q, "power_w");
	e->burst = rec_ceiling_num(&c->run, q, "burst_value");
	e->detail[0] = '\0';
	if (run)
		rd_ceiling_detail(c, q, e->detail, sizeof(e->detail));
}

static void put_t1(struct render_outputs *o, const struct t1_spec *s, const double v[5], const char *how,
		   const struct t1_ceil *e)
{
	const char *cells[10];
	char text[6][32];
	const int dec = !strcmp(s->unit, "count") ? 0 : !strcmp(s->unit, "GHz") || !strcmp(s->unit, "FLOP/byte") ? 2 : 1;
	const double ratio = (s->src == T1_RUN ? v[3] : v[2]) / v[1];   /* this GPU over the C2050 */
	csv_put_str(&o->w, s->quantity);
	csv_put_str(&o->w, s->label);
	csv_put_str(&o->w, s->kind);
	csv_put_str(&o->w, s->unit);
	for (int k = 0; k < 5; k++)
		csv_put_num(&o->w, v[k]);
	csv_put_num(&o->w, ratio);
	csv_put_str(&o->w, how);
	csv_put_str(&o->w, e->basis);
	csv_put_num(&o->w, e->clk);
	csv_put_num(&o->w, e->power);
	csv_put_num(&o->w, e->burst);
	csv_end_row(&o->w);
	cells[0] = s->label, cells[1] = s->unit;
	for (int k = 0; k < 5; k++) {
		render_fmt(text[k], sizeof(text[k]), v[k], dec);
		cells[2 + k] = text[k];
	}
	render_fmt(text[5], sizeof(text[5]), ratio, 1);
	cells[7] = e->detail, cells[8] = text[5], cells[9] = how;
	md_row(&o->md, cells);
}

int rd_fermi_table1(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	static const char *const cols[] = { "quantity", "label", "kind", "unit", "gtx480", "c2050", "datasheet",
					    "measured", "harness_ceiling", "ratio_c2050", "how", "measured_basis",
					    "measured_sm_clock_mhz", "measured_power_w", "measured_burst" };
	static const char *const md[] = { "quantity", "unit", GTX, TESLA, "this GPU: datasheet",
					  "this GPU: measured", "harness ceiling", "measured: basis, SM clock, power; burst",
					  "this GPU / C2050", "how (this GPU)" };
	static const char *const need[] = { "gpu", "quantity", "value", "unit", "kind", NULL };
	struct csv_table paper;
	struct render_outputs o;
	struct hw sheet;
	char sname[128], n1[640], n2[400];
	if (rd_load_paper(c, "fermi-table1", need, &paper, err, errlen) != 0)
		return -1;
	int have_sheet = rec_datasheet(&c->run, &sheet, sname, sizeof(sname)) == 0;
	c->run.note_kind = NOTE_MICROBENCH;
	rec_use_ceilings(&c->run, 1);
	snprintf(n1, sizeof(n1), "Upper half as given by NVIDIA: the paper's GPUs, and this GPU's datasheet (%s%s) "
		 "beside what the run's meta.csv reports. Lower half: the paper's microbenchmarks, its Figure 5, "
		 "measured on this GPU (profiling/fermi-bench.cu); \"harness ceiling\": the harness's own "
		 "microbenchmark of the same quantity (float4 copies and loads, 8 DFMA chains), for comparison.",
		 have_sheet ? sname : "no datasheet row for this GPU in data/hw/gpu-names.csv",
		 have_sheet ? ", data/hw/gpus.csv" : "");
	snprintf(n2, sizeof(n2), "this GPU / C2050: measured over measured in the lower half, datasheet over datasheet "
		 "in the upper. Bandwidths in GB/s as in the paper (register: 32 bytes of operands a DFMA; shared "
		 "memory and L1: the 16 bytes of add and mult loaded a DFMA). The paper measured the Tesla with "
		 "ECC off; this GPU's ECC state is in meta.csv.");
	const char *notes[] = { n1, n2, NULL };
	if (render_outputs_open(c, ts->name, &o, cols, NELEM(cols), ts->title, notes, md, NELEM(md), err, errlen) != 0) {
		csv_table_free(&paper);
		hw_free(&sheet);
		return -1;
	}
	for (size_t i = 0; i < NELEM(t1); i++) {
		const struct t1_spec *s = &t1[i];
		const struct hw_row *row = NULL;
		double v[5] = { paper_value(&paper, GTX, s->quantity, s->kind), paper_value(&paper, TESLA, s->quantity, s->kind),
				NAN, NAN, NAN };
		const char *how = "";
		switch (s->src) {
		case T1_META:
			v[2] = c->run.rundir[0] ? rec_meta_num(&c->run, s->key) * s->scale : NAN;
			how = "meta.csv (the driver's report)";
			break;
		case T1_SHEET:
			v[2] = sheet_value(&sheet, s->key, s->scale);
			how = "datasheet";
			break;
		case T1_FLOP_PER_BYTE:
			v[2] = sheet_value(&sheet, "fp64_fma", 1e3) / sheet_value(&sheet, "dram_copy_bandwidth", 1);
			how = "datasheet DP FLOPS over memory bandwidth";
			break;
		case T1_RUN:
			if (c->run.rundir[0]) {
				v[3] = hw_get(&c->run.hw, s->key, &row) * s->scale;
				how = row ? row->source : "not in this run's ceilings.csv";
				if (s->ceiling)
					v[4] = hw_get(&c->run.hw, s->ceiling, NULL) * s->ceiling_scale;
			} else {
				how = "measured on a GPU (no run)";
			}
			break;
		}
		struct t1_ceil e;
		t1_ceil(c, s, &e);
		put_t1(&o, s, v, how, &e);
	}
	csv_table_free(&paper);
	hw_free(&sheet);
	return render_outputs_close(c, ts->name, &o, err, errlen);
}

/* ---- Figure 4 ---- */

/* outdir/NAME.vars for the figure's gnuplot script: the title and the knees */
static int fig4_vars(struct render_ctx *c, const char *name, double flat, double cross, double t0,
		     double balance, char *err, size_t errlen)
{
	struct atomic_file a;
	if (rd_vars_open(c, name, &a, err, errlen) != 0)
		return -1;
	fprintf(a.f, "knee_flat = %.10g\nknee_cross = %.10g\nt0_ms = %.10g\nbalance = %.10g\n",
		isfinite(flat) ? flat : -1, isfinite(cross) ? cross : -1, isfinite(t0) ? t0 * 1e3 : -1,
		isfinite(balance) ? balance : -1);
	return rd_vars_commit(&a, err, errlen);
}

/* the paper's knees (data/paper/fermi-figure4.csv) as Markdown rows */
static int fig4_paper_rows(struct render_ctx *c, struct render_outputs *o, char *err, size_t errlen)
{
	static const char *const need[] = { "gpu", "quantity", "value", "unit", "source", NULL };
	static const char *const tneed[] = { "gpu", "quantity", "value", "kind", NULL };
	struct csv_table p, tab;
	if (rd_load_paper(c, "fermi-figure4", need, &p, err, errlen) != 0)
		return -1;
	if (rd_load_paper(c, "fermi-table1", tneed, &tab, err, errlen) != 0) {
		csv_table_free(&p);
		return -1;
	}
	for (size_t r = 0; r < p.nrows; r++) {
		const char *gpu = csv_table_get(&p, r, "gpu"), *cells[6];
		char v[48], bal[32];
		/* the balance of the paper's GPU: its measured DP FMA rate over its measured DRAM rate */
		const double dp = paper_value(&tab, gpu, "dp_fma", "measured");
		const double bw = paper_value(&tab, gpu, "dram_bandwidth", "measured");
		snprintf(v, sizeof(v), "%s %s", csv_table_get(&p, r, "value"), csv_table_get(&p, r, "unit"));
		render_fmt(bal, sizeof(bal), dp * 16 / bw, 0);
		cells[0] = gpu, cells[1] = "paper", cells[2] = v, cells[3] = "", cells[4] = bal;
		cells[5] = csv_table_get(&p, r, "source");
		md_row(&o->md, cells);
	}
	csv_table_free(&tab);
	csv_table_free(&p);
	return 0;
}

int rd_fermi_figure4(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	static const char *const cols[] = { "length", "flop_per_load", "time_ms", "time_median_ms", "bandwidth_gbps",
					    "gflop_per_s" };
	static const char *const md[] = { "GPU", "from", "flat until (FLOPs a load)", "rises from (FLOPs a load)",
					  "balance: 16 B of DP FLOPs (model)", "how" };
	static const char *const need[] = { "length", "flop_per_load", "time_s", "time_median_s", "bandwidth_gbps",
					    "gflop_per_s", NULL };
	struct csv_table lh;
	struct render_outputs o;
	double x[256], y[256], flat = NAN, cross = NAN;
	size_t n = 0;
	char path[1024];
	struct stat st;
	memset(&lh, 0, sizeof(lh));
	snprintf(path, sizeof(path), "%s/latency-hiding.csv", c->run.rundir);
	int have = c->run.rundir[0] && stat(path, &st) == 0;   /* a run without one: NA, said so */
	if (have) {
		if (csv_table_read(path, &lh, err, errlen) != 0)
			return -1;
		if (csv_table_col(&lh, "flop_per_load") < 0) {   /* a run measured before Figure 5b: NA too */
			csv_table_free(&lh);
			memset(&lh, 0, sizeof(lh));
			have = 0;
		} else if (csv_table_require(&lh, need, err, errlen) != 0) {
			csv_table_free(&lh);
			return -1;
		}
	}
	/* every row is a measurement: its times and bandwidth positive and finite, its FLOP rate finite
	 * and not negative (0 at 0 FLOPs a load) */
	static const char *const pos[] = { "time_s", "time_median_s", "bandwidth_gbps", "gflop_per_s" };
	for (size_t r = 0; have && r < lh.nrows; r++)
		for (size_t k = 0; k < NELEM(pos); k++) {
			double v = NAN;
			const int zero_ok = !strcmp(pos[k], "gflop_per_s");
			const int num = csv_table_num(&lh, r, pos[k], &v, err, errlen) == 0;   /* else err says so */
			if (num && (zero_ok ? v < 0 : v <= 0))
				snprintf(err, errlen, "%s:%ld: %s '%s' is not a %s finite %s", path, lh.lines[r], pos[k],
					 csv_table_get(&lh, r, pos[k]), zero_ok ? "non-negative" : "positive",
					 k < 2 ? "time" : "rate");
			if (!num || (zero_ok ? v < 0 : v <= 0)) {
				csv_table_free(&lh);
				return -1;
			}
		}
	if (have) {
		for (size_t r = 0; r < lh.nrows && n < 256; r++, n++)
			x[n] = rec_num(&lh, (long)r, "flop_per_load"), y[n] = rec_num(&lh, (long)r, "time_s");
		if (fermi_knee(x, y, n, 0.10, &flat, &cross) != 0) {
			snprintf(err, errlen, "%s: no curve to find a knee on (flop_per_load must start at 0 and grow)", path);
			csv_table_free(&lh);
			return -1;
		}
	}
	c->run.note_kind = NOTE_MICROBENCH;
	rec_use_ceilings(&c->run, 1);
	/* this GPU's balance: its fp64 FMA ceiling's FLOPs in the time its copy moves 16 bytes */
	const double balance = hw_get(&c->run.hw, "fp64_fma", NULL) * 1e3 * 16 / hw_get(&c->run.hw, "dram_copy_bandwidth", NULL);
	const char *notes[] = {
		"fermi Figure 5b on this GPU: each thread loads one double, runs four independent FMA chains LENGTH "
		"times (8 LENGTH FLOPs that do not need the load) and stores the sum in place; the launch's time "
		"(best of the ceilings' samples) over a 1 GiB array against the FLOPs a load. flat until: the "
		"largest FLOPs a load whose time stays within 10 % of the time without FLOPs; rises from: where "
		"the line fitted to the points of at least twice that time meets it (model/fermi.h).",
		"The paper's Figure 4 gives the knees in FLOPs (about 25 on the GeForce, about 50 on the Tesla) "
		"and its section 2 in FMADDs (\"we could perform 50 FMADDs\" on the Tesla, 100 FLOPs): both are "
		"listed. balance: the DP FLOPs a GPU runs while its memory moves the 16 bytes of a load and a "
		"store (measured DP FMA rate x 16 / measured memory bandwidth; the paper's from its Table 1).",
		NULL };
	if (render_outputs_open(c, ts->name, &o, cols, NELEM(cols), ts->title, notes, md, NELEM(md), err, errlen) != 0) {
		csv_table_free(&lh);
		return -1;
	}
	for (size_t r = 0; r < n; r++) {
		csv_put_num(&o.w, rec_num(&lh, (long)r, "length"));
		csv_put_num(&o.w, x[r]);
		csv_put_num(&o.w, y[r] * 1e3);
		csv_put_num(&o.w, rec_num(&lh, (long)r, "time_median_s") * 1e3);
		csv_put_num(&o.w, rec_num(&lh, (long)r, "bandwidth_gbps"));
		csv_put_num(&o.w, rec_num(&lh, (long)r, "gflop_per_s"));
		csv_end_row(&o.w);
	}
	char f[32], cr[32], b[32];
	const char *cells[6] = { c->run.gpu, have ? "this run" : c->run.rundir[0] ? "not in this run (or before Figure 5b)" : "no run", f, cr, b,
				 "latency-hiding.csv; balance from this run's ceilings" };
	render_fmt(f, sizeof(f), flat, 0);
	render_fmt(cr, sizeof(cr), cross, 0);
	render_fmt(b, sizeof(b), balance, 0);
	md_row(&o.md, cells);
	int rc = fig4_paper_rows(c, &o, err, errlen);
	if (rc != 0) {   /* nothing half-written: both outputs dropped */
		csv_writer_abort(&o.w);
		md_abort(&o.md);
	} else {
		rc = render_outputs_close(c, ts->name, &o, err, errlen);
	}
	if (rc == 0)
		rc = fig4_vars(c, ts->name, flat, cross, n ? y[0] : NAN, balance, err, errlen);
	csv_table_free(&lh);
	return rc;
}

RENDERER("fermi_table1", rd_fermi_table1)
RENDERER("fermi_figure4", rd_fermi_figure4)
