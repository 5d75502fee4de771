/*
 * render-nongemm.c - the nongemm paper's Figure 2 (make nongemm-figure2: this GPU's roofline, every
 * unit and precision from the run's ceilings, beside the A100-80GB's and GH200's fp64 datasheet
 * rooflines, with the counter-measured kernels of tcs Tables 2 and 3 placed by their measured
 * intensity and attained FLOP/s, and numbered for the figure's list in its .vars, overlapping ones
 * under one number), Figure 11 and Table 2 (make nongemm-figure11, nongemm-table2:
 * EBISU against ConvStencil over the paper's suite at its Table 2 domains and depths) and
 * Figure 6 (make nongemm-figure6): SCALE's GB/s against the
 * data size for the CUDA-core kernel and the tensor-core one (A = B (q I), m8n8k4 and the sm_90
 * shapes), from a run's nongemm-figure6.csv (profiling/workload-run.cu), with the geometric mean
 * of CUDA-core over tensor-core speed below and above half the L2 (the paper's split), each
 * kernel's registers, and the section 5.1.2 estimate with the paper's inputs and this GPU's
 * ceilings (data/paper/nongemm-figure6.csv). The CSV is long, for plots/gp/nongemm-figure6.gp.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "method.h"
#include "render-int.h"
#include "stencil.h"
#include "workload.h"

#define F6_NAME "nongemm-figure6"
#define F6_WORKLOAD "scale"

/* SCALE's kernels, from the workload table: the CUDA-core one, then the tensor-core one and each of
 * its variants (METHOD:OPTION) */
struct f6_kernels {
	char v[8][48];
	size_t n;
};

static void f6_kernels(struct f6_kernels *k)
{
	char all[8][48];
	const size_t n = workload_variants(F6_WORKLOAD, all, 8);
	const char *cc = workload_method_on(F6_WORKLOAD, UNIT_CC), *tc = workload_method_on(F6_WORKLOAD, UNIT_TC);
	k->n = 0;
	snprintf(k->v[k->n++], sizeof(k->v[0]), "%s", cc ? cc : "");
	for (size_t i = 0; tc && i < n; i++)
		if (!strncmp(all[i], tc, strlen(tc)) && (!all[i][strlen(tc)] || all[i][strlen(tc)] == ':'))
			snprintf(k->v[k->n++], sizeof(k->v[0]), "%s", all[i]);
}

/* the section 5.1.2 estimate: (8/B + 2/P_tc) / (8/B + 2/P_cc), B in TB/s, P in TFLOP/s */
static double estimate(double B, double pcc, double ptc)
{
	return (8 / B + 2 / ptc) / (8 / B + 2 / pcc);
}

/* the geometric mean of CUDA-core over tensor-core GB/s for the variant, over the sizes whose data
 * (16 bytes an element) is at most (below) or more than (!below) half the L2 */
static double f6_geomean(const struct wl_set *s, const char *tc, double half_l2, int below, int *k)
{
	struct rec_gm g = { 0, 0 };
	struct f6_kernels kn;
	f6_kernels(&kn);
	for (size_t i = 0; i < s->n; i++) {
		const struct wl_pt *p = &s->pt[i], *cc = rec_wl_same(s, p, kn.v[0]);
		if (strcmp(p->method, tc) || !(p->gbps > 0) || ((16.0 * p->c->n <= half_l2) != below))
			continue;
		if (cc && cc->gbps > 0)
			rec_gm_add(&g, cc->gbps / p->gbps);
	}
	*k = g.k;
	return rec_gm_val(&g);
}

/* data/paper/nongemm-figure6.csv */
static int f6_paper(const struct render_ctx *c, struct csv_table *t, char *err, size_t errlen)
{
	static const char *const need[] = { "quantity", "value", NULL };
	return rd_load_paper(c, F6_NAME, need, t, err, errlen);
}

double render_scale_estimate(const struct render_ctx *c)
{
	char err[256];
	struct csv_table paper;
	if (f6_paper(c, &paper, err, sizeof(err)) != 0)
		return NAN;
	const double util = rd_paper_value(&paper, "utilisation_tc");
	csv_table_free(&paper);
	const double bw = hw_get(&c->run.hw, "dram_copy_bandwidth", NULL) * 1e-3, fma = hw_get(&c->run.hw, "fp64_fma", NULL);
	return estimate(bw, fma, hw_get(&c->run.hw, "tc_fp64_mma_m8n8k4", NULL) * util);
}

static void f6_notes(struct render_outputs *o, const struct render_ctx *c, const struct wl_set *s,
		     const struct csv_table *paper, double table1_pcc, double l2)
{
	struct f6_kernels kn;
	f6_kernels(&kn);
	char note[1024], f[2][32];
	int k = snprintf(note, sizeof(note), "CUDA cores over tensor cores, the geometric mean of the GB/s ratio with the "
			 "data (b and a, 16 bytes an element) at most / above half the L2 (%.0f MiB):", l2 / 2 / (1 << 20));
	for (size_t t = 1; t < kn.n; t++) {   /* each tensor-core variant */
		int kb, ka;
		render_fmt(f[0], sizeof(f[0]), f6_geomean(s, kn.v[t], l2 / 2, 1, &kb), 3);
		render_fmt(f[1], sizeof(f[1]), f6_geomean(s, kn.v[t], l2 / 2, 0, &ka), 3);
		k += snprintf(note + k, sizeof(note) - (size_t)k, "%s %s %s / %s (%d / %d sizes)", t > 1 ? ";" : "",
			      kn.v[t], f[0], f[1], kb, ka);
	}
	md_note(&o->md, note);
	k = snprintf(note, sizeof(note), "Registers a thread (cudaFuncGetAttributes):");
	const struct wl_pt *pt = s->pt;
	for (size_t i = 0; i < s->n; i++) {
		int seen = 0;
		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(pt[j].method, pt[i].method);
		if (!seen && isfinite(pt[i].regs) && !strcmp(pt[i].status, "ok"))
			k += snprintf(note + k, sizeof(note) - (size_t)k, " %s %.0f,", pt[i].method, pt[i].regs);
	}
	snprintf(note + k, sizeof(note) - (size_t)k, " the paper: %.0f on CUDA cores, %.0f and %.0f on tensor cores (sm_80, "
		 "sm_90).", rd_paper_value(paper, "registers_cc"), rd_paper_value(paper, "registers_tc_sm80"),
		 rd_paper_value(paper, "registers_tc_sm90"));
	md_note(&o->md, note);
	const double B = rd_paper_value(paper, "estimate_B"), pcc = rd_paper_value(paper, "estimate_P_cc");
	const double ptc = rd_paper_value(paper, "estimate_P_tc"), util = rd_paper_value(paper, "utilisation_tc");
	const double bw = hw_get(&c->run.hw, "dram_copy_bandwidth", NULL) * 1e-3, fma = hw_get(&c->run.hw, "fp64_fma", NULL);
	const double tc = hw_get(&c->run.hw, "tc_fp64_mma_m8n8k4", NULL);
	char e[4][32];
	render_fmt(e[0], sizeof(e[0]), estimate(B, pcc, ptc), 2);
	render_fmt(e[1], sizeof(e[1]), estimate(B, table1_pcc, ptc), 2);
	render_fmt(e[2], sizeof(e[2]), render_scale_estimate(c), 3);
	render_fmt(e[3], sizeof(e[3]), tc * util, 2);
	snprintf(note, sizeof(note), "The section 5.1.2 estimate of tensor-core time over CUDA-core time, no overlap of "
		 "compute and memory, (8/B + 2/P_tc)/(8/B + 2/P_cc): %s with the paper's inputs (B %.1f TB/s, P_cc %.1f, P_tc "
		 "%.1f TFLOP/s; printed %.2f), %s with Table 1's CUDA-core P_cc 9.7; on this run's ceilings (copy %.2f TB/s, "
		 "fp64 FMA %.1f, m8n8k4 DMMA %.1f TFLOP/s at the paper's 1/8 utilisation: %s) %s. Note the formula's 8 bytes "
		 "and 2 FLOPs an element against section 3.1's 16 bytes and 1 FLOP.", e[0], B, pcc, ptc,
		 rd_paper_value(paper, "estimate_speedup"), e[1], bw, fma, tc, e[3], e[2]);
	md_note(&o->md, note);
}

/* a kernel's CSV row on one size: p, beside the CUDA-core kernel's on it (cc, or NULL) */
static void f6_csv_row(struct render_outputs *o, const struct wl_pt *p, const struct wl_pt *cc)
{
	csv_put_str(&o->w, p->method);
	csv_put_int(&o->w, p->c->n);
	csv_put_num(&o->w, 16.0 * p->c->n);
	csv_put_str(&o->w, rd_status(p->status));
	csv_put_num(&o->w, p->gbps);
	csv_put_num(&o->w, p->c->n / p->t * 1e-9);
	csv_put_num(&o->w, p->t * 1e6);
	csv_put_num(&o->w, p->regs);
	csv_put_num(&o->w, (cc ? cc->gbps : NAN) / p->gbps);   /* the CUDA-core kernel's GB/s over this row's */
	csv_put_int(&o->w, p->thr > 0);
	csv_put_num(&o->w, p->thr);
	csv_put_num(&o->w, p->samples);
	csv_put_num(&o->w, p->clk);
	csv_put_num(&o->w, p->power);
	csv_put_num(&o->w, p->energy);
	csv_put_str(&o->w, p->reasons);
	csv_end_row(&o->w);
}

/* the Markdown's power columns: each kernel's, in the kernels' order (the reasons last: shown
 * where a row had one besides the power cap) */
static const char *const f6_power_md[] = { "board W (each kernel)", "nJ / element (each kernel)",
					   "clock reasons (each kernel)" };

/* a size's power cells (f6_power_md): each kernel's on p's size, comma-separated */
static void f6_power_cells(const struct wl_set *s, const struct wl_pt *p, const struct f6_kernels *kn,
			   char pw[3][256])
{
	pw[0][0] = pw[1][0] = pw[2][0] = '\0';
	for (size_t m = 0; m < kn->n; m++) {
		const struct wl_pt *q = rec_wl_same(s, p, kn->v[m]);
		char w[32], nj[32];
		rd_fmt_power(w, nj, sizeof(w), q ? q->power : NAN, q ? q->energy : NAN);
		const char *x[3] = { w, nj, q ? q->reasons : "NA" };
		for (int k = 0; k < 3; k++)
			snprintf(pw[k] + strlen(pw[k]), 256 - strlen(pw[k]), "%s%s", m ? ", " : "", x[k]);
	}
}

int rd_nongemm_figure6(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	static const char *const cols[] = { "method", "elements", "bytes", "status", "gbps", "gflop_per_s", "time_us",
					    "registers", "cc_over_this", "throttled", "throttled_samples", "samples",
					    "sm_clock_median_mhz", "power_median_w", "energy_nj_per_element", "clock_reasons" };
	/* the Markdown: a size, the CUDA-core kernel's GB/s, the tensor-core one's (m8n8k4), their ratio,
	 * each further variant's GB/s under its option's name, then each kernel's board power and energy
	 * (and clock reasons, where a row had one besides the power cap) in that order */
	struct f6_kernels kn;
	f6_kernels(&kn);
	char head[2][64];
	const char *md[6 + NELEM(kn.v)] = { "elements", "data (MiB)", head[0], head[1], "CC / TC" };
	size_t nmd = 5;
	snprintf(head[0], sizeof(head[0]), "%s GB/s", kn.v[0]);
	snprintf(head[1], sizeof(head[1]), "%s (m8n8k4)", kn.v[1]);
	for (size_t m = 2; m < kn.n; m++)
		md[nmd++] = strchr(kn.v[m], ':') + 1;
	for (size_t k = 0; k < NELEM(f6_power_md); k++)
		md[nmd++] = f6_power_md[k];
	static const char *const t1need[] = { "gpu", "quantity", "value", NULL };
	struct wl_set s;
	struct csv_table paper, t1;
	struct render_outputs o;
	if (f6_paper(c, &paper, err, errlen) != 0)
		return -1;
	if (rd_load_paper(c, "nongemm-table1", t1need, &t1, err, errlen) != 0) {
		csv_table_free(&paper);
		return -1;
	}
	/* Table 1's CUDA-core fp64 peak, beside the tensor-core one section 5.1.2 used */
	const double table1_pcc = rec_num(&t1, rec_row_of(&t1, "quantity", "fp64_fma", NULL, NULL), "value");
	csv_table_free(&t1);
	if (rec_wl_load(&c->run, F6_NAME, &s, err, errlen) != 0) {   /* a run without it: every row "not run" */
		csv_table_free(&paper);
		return -1;
	}
	const double l2 = rec_meta_num(&c->run, "l2_bytes");   /* the run's L2, for the split */
	const char *notes[] = { ts->note, NULL };
	if (render_outputs_open(c, ts->name, &o, cols, NELEM(cols), ts->title, notes, md, nmd - !c->run.reasons, err,
			    errlen) != 0) {
		rec_wl_free(&s), csv_table_free(&paper);
		return -1;
	}
	c->run.note_kind = NOTE_HOT_WORKLOAD;
	rec_use_ceilings(&c->run, 0);   /* the section 5.1.2 estimate on the run's ceilings */
	for (size_t i = 0; i < s.n; i++)
		f6_csv_row(&o, &s.pt[i], rec_wl_same(&s, &s.pt[i], kn.v[0]));
	for (size_t i = 0; i < s.n; i++) {   /* one Markdown row a size, in the list's order */
		const struct wl_pt *p = &s.pt[i];
		if (strcmp(p->method, kn.v[0]))
			continue;
		char text[3 + NELEM(kn.v)][32], pw[3][256];
		const char *cells[6 + NELEM(kn.v)];
		double g[NELEM(kn.v)];
		for (size_t m = 0; m < kn.n; m++) {
			const struct wl_pt *q = rec_wl_same(&s, p, kn.v[m]);
			g[m] = q ? q->gbps : NAN;
		}
		f6_power_cells(&s, p, &kn, pw);
		snprintf(text[0], 32, "%ld", p->c->n);
		render_fmt(text[1], 32, 16.0 * p->c->n / (1 << 20), 1);
		render_fmt(text[2], 32, g[0], 0);
		render_fmt(text[3], 32, g[1], 0);
		render_fmt(text[4], 32, g[0] / g[1], 2);
		for (size_t m = 2; m < kn.n; m++)
			render_fmt(text[3 + m], 32, g[m], 0);
		for (size_t k = 0; k + NELEM(f6_power_md) < nmd; k++)
			cells[k] = text[k];
		for (size_t k = 0; k < NELEM(f6_power_md); k++)
			cells[nmd - NELEM(f6_power_md) + k] = pw[k];
		md_row(&o.md, cells);
	}
	f6_notes(&o, c, &s, &paper, table1_pcc, l2);
	if (s.have && csv_table_col(&s.run, "launches_per_sample") < 0)
		md_note(&o.md, "THIS RUN TIMED ONE LAUNCH A SAMPLE (before K back-to-back launches a sample): up to about "
			"2 million elements its times are the launch latency, not the kernels'; only the sizes above half "
			"the L2 compare the kernels.");
	int rc = render_outputs_close(c, ts->name, &o, err, errlen);
	if (rc == 0) {
		struct atomic_file a;
		rc = rd_vars_open(c, ts->name, &a, err, errlen);
		if (rc == 0) {
			fprintf(a.f, "half_l2 = %.10g\n", isfinite(l2) ? l2 / 2 : -1);
			rc = rd_vars_commit(&a, err, errlen);
		}
	}
	rec_wl_free(&s), csv_table_free(&paper);
	return rc;
}

/* ---- Figure 2: the roofline ---- */

/* the ceilings drawn: this GPU's every unit and precision, the paper's GPUs their fp64 pair */
static const struct {
	const char *key, *name;
	int paper;   /* drawn for the paper's GPUs too */
} f2_roofs[] = {
	{ "fp64_fma", "CUDA cores fp64", 1 }, { "tc_fp64", "tensor cores fp64", 1 },
	{ "fp32_fma", "CUDA cores fp32", 0 }, { "tc_tf32", "tensor cores tf32", 0 },
	{ "fp16_fma", "CUDA cores fp16x2", 0 }, { "tc_fp16", "tensor cores fp16", 0 },
	{ "sptc_fp16", "sparse tensor cores fp16", 0 },
};
static const char *const f2_paper_gpus[] = { "A100-PCIe-80GB", "GH200" };
/* the targets whose measured kernels it places: its inputs (experiments/targets.csv), at most */

/*
 * The kernels' marks: each kernel once (a kernel in both tables' lists measured twice: its first
 * point), kernels whose points lie within a factor F2_NEAR of each other on both axes (as their
 * markers overlap at the figure's scale, chained) sharing one numbered mark, numbered by intensity.
 * The .vars gets nmarks, and for each mark its place (markK_x, markK_y: the member drawn highest)
 * and its legend line (markK: "K: method stencil dtype t=N (Table 2), ...", a method's kernels
 * after its name).
 */
#define F2_NEAR 1.27
#define F2_MAX 64
struct f2_kernel {
	double I, tf;
	char method[64], what[64];   /* "box2d1r fp64 t=3" */
	int tables;                  /* bit i: measured in the i-th input */
	size_t mark;                 /* its mark's number, from 1 */
};

static size_t f2_find(size_t *up, size_t i)
{
	while (up[i] != i)
		i = up[i] = up[up[i]];
	return i;
}

static int f2_near(const struct f2_kernel *a, const struct f2_kernel *b)
{
	return fabs(log(a->I / b->I)) < log(F2_NEAR) && fabs(log(a->tf / b->tf)) < log(F2_NEAR);
}

/* the marks of the n kernels k (each one's mark set), written into the .vars f */
static void f2_marks(struct f2_kernel *k, size_t n, FILE *f)
{
	size_t up[F2_MAX], root_mark[F2_MAX], order[F2_MAX], nm = 0;
	for (size_t i = 0; i < n; i++)
		up[i] = i, root_mark[i] = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			if (f2_near(&k[i], &k[j]))
				up[f2_find(up, i)] = f2_find(up, j);
	for (size_t i = 0; i < n; i++)   /* by intensity: insertion sort of the indices */
		order[i] = i;
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && k[order[j]].I < k[order[j - 1]].I; j--) {
			size_t t = order[j];
			order[j] = order[j - 1], order[j - 1] = t;
		}
	for (size_t i = 0; i < n; i++) {
		size_t r = f2_find(up, order[i]);
		if (!root_mark[r])
			root_mark[r] = ++nm;
	}
	for (size_t i = 0; i < n; i++)
		k[i].mark = root_mark[f2_find(up, i)];
	fprintf(f, "nmarks = %zu\n", nm);
	for (size_t m = 1; m <= nm; m++) {
		char line[1024], name[32];
		size_t top = n, used = 0;
		int nmeth = 0;   /* the methods of the mark written */
		used += (size_t)snprintf(line, sizeof(line), "%zu:", m);
		for (size_t a = 0; a < n; a++) {   /* each method of the mark once, its kernels after it */
			size_t i = order[a];
			if (k[i].mark != m)
				continue;
			if (top == n || k[i].tf > k[top].tf)
				top = i;
			int first = 1;
			for (size_t b = 0; b < a; b++)
				first &= !(k[order[b]].mark == m && !strcmp(k[order[b]].method, k[i].method));
			if (!first)
				continue;
			int nth = 0;
			for (size_t b = a; b < n; b++) {
				const struct f2_kernel *q = &k[order[b]];
				if (q->mark != m || strcmp(q->method, k[i].method))
					continue;
				const char *tb = q->tables == 3 ? "Tables 2, 3" : q->tables == 1 ? "Table 2" : "Table 3";
				if (used < sizeof(line) && nth)
					used += (size_t)snprintf(line + used, sizeof(line) - used, ", %s (%s)", q->what, tb);
				else if (used < sizeof(line))
					used += (size_t)snprintf(line + used, sizeof(line) - used, "%s%s %s (%s)",
								 nmeth ? "; " : " ", q->method, q->what, tb);
				nth++;
			}
			nmeth++;
		}
		snprintf(name, sizeof(name), "mark%zu", m);
		render_gp_var(f, name, line);
		fprintf(f, "mark%zu_x = %.10g\nmark%zu_y = %.10g\n", m, k[top].I, m, k[top].tf);
	}
}

static void f2_roof_rows(struct render_outputs *o, const char *gpu, const struct hw *hw, int paper_only)
{
	const double bw = hw_get(hw, "dram_copy_bandwidth", NULL) * 1e-3;   /* TB/s */
	for (size_t r = 0; r < NELEM(f2_roofs); r++) {
		const double peak = hw_get(hw, f2_roofs[r].key, NULL);
		if ((paper_only && !f2_roofs[r].paper) || !isfinite(peak))
			continue;
		char ps[32], rs[32], bs[32];
		render_fmt(ps, sizeof(ps), peak, 1);
		render_fmt(rs, sizeof(rs), peak / bw, 2);
		render_fmt(bs, sizeof(bs), bw, 2);
		const char *cells[] = { "roof", gpu, f2_roofs[r].name, ps, bs, rs };
		md_row(&o->md, cells);
		for (int k = 0; k <= 64; k++) {   /* the roof sampled over 2^-6 .. 2^10 FLOP/byte */
			const double x = pow(2, -6 + 16.0 * k / 64);
			csv_put_str(&o->w, "roof");
			csv_put_str(&o->w, gpu);
			csv_put_str(&o->w, f2_roofs[r].name);
			csv_put_str(&o->w, f2_roofs[r].key);
			csv_put_num(&o->w, x);
			csv_put_num(&o->w, fmin(peak, bw * x));
			csv_put_num(&o->w, peak);
			csv_put_num(&o->w, bw);
			csv_end_row(&o->w);
		}
	}
}

int rd_nongemm_figure2(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	static const char *const cols[] = { "kind", "gpu", "name", "ceiling", "intensity", "tflops", "peak_tflops",
					    "bw_tbs" };
	static const char *const md[] = { "kind", "GPU or kernel", "ceiling", "TFLOP/s (peak or attained)",
					  "TB/s or FLOP/byte (measured I)", "ridge (FLOP/byte)" };
	struct render_outputs o;
	struct rec_inputs ins;
	char path[1024], ngpu[160];
	const char *notes[] = { ts->note, NULL };
	if (rec_inputs_load(&c->run, ts->inputs, &ins, err, errlen) != 0)
		return -1;
	if (render_outputs_open(c, ts->name, &o, cols, NELEM(cols), ts->title, notes, md, NELEM(md), err, errlen) != 0) {
		rec_inputs_free(&ins);
		return -1;
	}
	const struct target *t = ins.t;
	const char *const *in = ins.name;
	const size_t nin = ins.n;
	snprintf(ngpu, sizeof(ngpu), "%s (%s)", c->run.gpu, c->run.rundir[0] ? "measured ceilings" : "datasheet");
	rec_use_ceilings(&c->run, 1);   /* this GPU's roofs: the ceilings' own numbers */
	f2_roof_rows(&o, ngpu, &c->run.hw, 0);
	for (size_t g = 0; g < NELEM(f2_paper_gpus); g++) {   /* the paper's GPUs, from their datasheets */
		struct hw sheet;
		char e2[256], name[160];
		snprintf(path, sizeof(path), "%s/data/hw/gpus.csv", c->run.root);
		if (hw_load_gpu(&sheet, path, f2_paper_gpus[g], e2, sizeof(e2)) != 0)
			continue;
		snprintf(name, sizeof(name), "%s (datasheet)", f2_paper_gpus[g]);
		f2_roof_rows(&o, name, &sheet, 1);
		hw_free(&sheet);
	}
	int placed = 0;
	struct f2_kernel kern[F2_MAX];
	size_t nkern = 0;
	for (size_t i = 0; i < nin; i++)   /* the measured kernels, by counter intensity */
		for (size_t k = 0; k < t[i].n; k++) {
			const struct point *p = &t[i].p[k];
			if (!isfinite(p->I_m) || !isfinite(p->F_m) || !(p->measured > 0))
				continue;
			const double tf = p->F_m * p->measured / p->cfg->fusion * 1e-3;
			char label[160], mname[64], is[32], fs[32];
			method_variant_name(p->cfg->method, p->cfg->option, mname, sizeof(mname));
			snprintf(label, sizeof(label), "%s: %s %s %s t=%d", in[i], mname, p->cfg->stencil->name,
				 dtype_table[p->cfg->dtype].name, p->cfg->fusion);
			csv_put_str(&o.w, "kernel");
			csv_put_str(&o.w, label);
			csv_put_str(&o.w, mname);
			csv_put_str(&o.w, p->have_model ? p->mp.peak_key : "");
			csv_put_num(&o.w, p->I_m);
			csv_put_num(&o.w, tf);
			csv_put_num(&o.w, p->have_model ? p->mp.peak_tflops : NAN);
			csv_put_num(&o.w, NAN);
			csv_end_row(&o.w);
			render_fmt(fs, sizeof(fs), tf, 2);
			render_fmt(is, sizeof(is), p->I_m, 2);
			const char *cells[] = { "kernel", label, p->have_model ? p->mp.peak_key : "", fs, is, "" };
			md_row(&o.md, cells);
			placed++;
			char what[64];   /* the kernel once, for its mark */
			snprintf(what, sizeof(what), "%s %s t=%d", p->cfg->stencil->name, dtype_table[p->cfg->dtype].name,
				 p->cfg->fusion);
			size_t j = 0;
			while (j < nkern && (strcmp(kern[j].method, mname) || strcmp(kern[j].what, what)))
				j++;
			if (j == nkern && nkern < F2_MAX) {
				kern[nkern] = (struct f2_kernel){ .I = p->I_m, .tf = tf, .tables = 0, .mark = 0 };
				snprintf(kern[nkern].method, sizeof(kern[nkern].method), "%s", mname);
				snprintf(kern[nkern].what, sizeof(kern[nkern].what), "%s", what);
				nkern++;
			}
			if (j < nkern)
				kern[j].tables |= 1 << i;
		}
	if (!placed)
		md_note(&o.md, "No measured kernel is placed: the run holds no counter-measured rows of tcs Tables 2-3.");
	int rc = render_outputs_close(c, ts->name, &o, err, errlen);
	if (rc == 0) {
		struct atomic_file a;
		rc = rd_vars_open(c, ts->name, &a, err, errlen);
		if (rc == 0) {
			fprintf(a.f, "this_gpu = '%s'\n", ngpu);
			f2_marks(kern, nkern, a.f);
			rc = rd_vars_commit(&a, err, errlen);
		}
	}
	rec_inputs_free(&ins);
	return rc;
}

/* ---- Figure 11 and Table 2: EBISU against ConvStencil over the paper's suite ---- */

static const char *const f11_bench[] = { "2d5pt", "2d13pt", "2d9pt", "2d49pt", "3d7pt", "3d27pt" };

static const struct point *f11_at(const struct target *t, const char *bench, const char *what)
{
	char label[64];
	snprintf(label, sizeof(label), "%s %s", bench, what);
	return rec_find_label(t, label);
}

/* one benchmark's rows: e the CUDA-core method at its domain, cs the tensor-core one, es the
 * CUDA-core one at the tensor-core one's domain (or NULL) */
static void f11_row(struct render_outputs *o, const char *bench, const struct point *e, const struct point *cs,
		    const struct point *es)
{
	const double re = rec_ok_rate(e), rc = rec_ok_rate(cs), rs = rec_ok_rate(es);
	const double model = rec_model_gs(cs) / rec_model_gs(es ? es : e);
	const double se = re / rec_model_gs(e), sc = rc / rec_model_gs(cs);
	csv_put_str(&o->w, bench);
	csv_put_str(&o->w, cs->cfg->stencil->name);
	csv_put_int(&o->w, cs->cfg->fusion);
	csv_put_num(&o->w, re);
	csv_put_num(&o->w, rc);
	csv_put_num(&o->w, rc / re);
	csv_put_num(&o->w, rs);
	csv_put_num(&o->w, rc / rs);
	csv_put_num(&o->w, model);
	csv_put_num(&o->w, se);
	csv_put_num(&o->w, sc);
	const double pe[] = { e->power_w, cs->power_w, e->energy_nj, cs->energy_nj };
	for (size_t k = 0; k < NELEM(pe); k++)
		csv_put_num(&o->w, pe[k]);
	csv_put_str(&o->w, e->reasons);
	csv_put_str(&o->w, cs->reasons);
	csv_end_row(&o->w);
	char v[11][48], t_s[8];
	snprintf(t_s, sizeof(t_s), "%d", cs->cfg->fusion);
	rd_fmt_rate(v[0], sizeof(v[0]), e, 1);
	rd_fmt_rate(v[1], sizeof(v[1]), cs, 1);
	render_fmt(v[2], sizeof(v[2]), rc / re, 2);
	if (es)
		rd_fmt_rate(v[3], sizeof(v[3]), es, 1);
	else
		snprintf(v[3], sizeof(v[3]), "-");
	render_fmt(v[4], sizeof(v[4]), rc / rs, 2);
	render_fmt(v[5], sizeof(v[5]), model, 2);
	snprintf(v[6], sizeof(v[6]), "%.0f %%, %.0f %%", 100 * se, 100 * sc);
	rd_fmt_power(v[7], v[8], sizeof(v[7]), e->power_w, e->energy_nj);
	rd_fmt_power(v[9], v[10], sizeof(v[9]), cs->power_w, cs->energy_nj);
	char pw[2][100];
	snprintf(pw[0], sizeof(pw[0]), "%s, %s", v[7], v[9]);
	snprintf(pw[1], sizeof(pw[1]), "%s, %s", v[8], v[10]);
	char why[160];
	snprintf(why, sizeof(why), "%s, %s", e->reasons, cs->reasons);
	const char *cells[] = { bench, cs->cfg->stencil->name, t_s, v[0], v[1], v[2], v[3], v[4], v[5],
				isfinite(se) && isfinite(sc) ? v[6] : "NA", pw[0], pw[1], why };
	md_row(&o->md, cells);
}

int rd_nongemm_figure11(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	static const char *const cols[] = { "benchmark", "stencil", "fusion", "ebisu_gstencil_per_s",
					    "convstencil_gstencil_per_s", "convstencil_over_ebisu", "ebisu_same_gstencil_per_s",
					    "convstencil_over_ebisu_same", "model_convstencil_over_ebisu",
					    "ebisu_share_of_roof", "convstencil_share_of_roof", "ebisu_power_w",
					    "convstencil_power_w", "ebisu_energy_nj_per_point_step",
					    "convstencil_energy_nj_per_point_step", "ebisu_clock_reasons",
					    "convstencil_clock_reasons" };
	/* the clock reasons last: shown where a row had one besides the power cap */
	static const char *const md[] = { "benchmark", "stencil", "t", "EBISU (its domain)", "ConvStencil (its domain)",
					  "CS / EBISU", "EBISU at ConvStencil's domain", "CS / EBISU there", "model CS / EBISU",
					  "of roof: EBISU, CS", "board W: EBISU, CS", "nJ / point-step: EBISU, CS",
					  "clock reasons: EBISU, CS" };
	struct target t;
	struct render_outputs o;
	if (rec_target_load(&c->run, "nongemm-figure11", &t, err, errlen) != 0)
		return -1;
	const char *notes[] = { ts->note, NULL };
	if (render_outputs_open(c, ts->name, &o, cols, NELEM(cols), ts->title, notes, md, NELEM(md) - !c->run.reasons, err,
			    errlen) != 0) {
		rec_target_free(&t);
		return -1;
	}
	/* its two methods, by family: the list's CUDA-core one (also run at the other's domain: "same")
	 * and its tensor-core one */
	const char *cc = rec_list_method_of(&t, UNIT_CC), *tc = rec_list_method_of(&t, UNIT_TC);
	char cc_same[48];
	snprintf(cc_same, sizeof(cc_same), "%s same", cc ? cc : "");
	for (size_t b = 0; cc && tc && b < NELEM(f11_bench); b++) {
		const struct point *e = f11_at(&t, f11_bench[b], cc), *cs = f11_at(&t, f11_bench[b], tc);
		const struct point *es = f11_at(&t, f11_bench[b], cc_same);
		if (!e || !cs)
			continue;
		f11_row(&o, f11_bench[b], e, cs, es);
	}
	int rc = rd_outputs_close_titled(c, ts, &o, err, errlen);
	rec_target_free(&t);
	return rc;
}

RENDERER("nongemm_figure2", rd_nongemm_figure2)
RENDERER("nongemm_figure6", rd_nongemm_figure6)
RENDERER("nongemm_figure11", rd_nongemm_figure11)
