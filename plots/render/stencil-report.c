/*
 * stencil-report - render a paper table: the harness's value beside the paper's printed one.
 *
 *   stencil-report tcs-table2       --outdir plots/out   tcs Table 2 (model vs paper): tcs-table2-model.{csv,md}
 *   stencil-report sptc-table1      --outdir plots/out   sptc Table 1: compute/input/param access
 *   stencil-report tcstencil-table1 --outdir plots/out   tcstencil Table 1 (I_max) and its AIs
 *
 * Each report registers itself (REPORT, after its function), and the usage names the reports
 * registered. Each writes NAME.csv (tidy, one row per paper row, model and paper columns and whether they
 * agree to the printed precision) and NAME.md into --outdir, atomically, and prints the Markdown.
 * Paper values come from data/paper/, hardware from data/hw/gpus.csv. No run is read: a GPU's
 * measured F, Q and I are tcs-table2's (stencil-render), which the model-only table points to.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "csvio.h"
#include "hw.h"
#include "method.h"
#include "papers.h"
#include "render.h"
#include "report.h"
#include "roofline.h"
#include "stencil.h"

static const char *prog = "stencil-report";
static char outdir[512] = "plots/out";

/* the reports, each registered after its function (REPORT): `stencil-report NAME` runs NAME's */
typedef void (*report_fn)(const char *name, const char *gpu);
static struct {
	const char *name;
	report_fn fn;
} reports[8];
static size_t nreports;
#define REPORT(name_, fn_) \
	static void __attribute__((constructor)) register_##fn_(void) \
	{ \
		if (nreports < sizeof(reports) / sizeof(reports[0])) \
			reports[nreports].name = name_, reports[nreports++].fn = fn_; \
	}

#define NCELL 32
#define CELL 96

static void load_paper(const char *name, struct csv_table *t, const char *const *need)
{
	char rel[256], path[1024], err[1024];
	snprintf(rel, sizeof(rel), "data/paper/%s.csv", name);
	if (cli_repo_file(rel, path, sizeof(path)) != 0)
		cli_fail(prog, "cannot find %s", rel);
	if (csv_table_read_need(path, t, need, err, sizeof(err)) != 0)
		cli_fail(prog, "%s", err);
}

static void load_gpu(struct hw *hw, const char *gpu)
{
	char path[1024], err[1024];
	if (cli_repo_file("data/hw/gpus.csv", path, sizeof(path)) != 0)
		cli_fail(prog, "cannot find data/hw/gpus.csv");
	if (hw_load_gpu(hw, path, gpu, err, sizeof(err)) != 0)
		cli_fail(prog, "%s", err);
}

static double num_or_nan(const char *s)
{
	double v;
	return cli_parse_double(s, &v) == 0 ? v : NAN;
}

static const char *agree_word(int a)
{
	return a < 0 ? "" : a ? "yes" : "no";
}

/* "model / paper", with the model shown at the paper's precision and a mark when they differ. */
static void pair(char *buf, double model, const char *paper, int fallback, int *agree_count,
		 int *differ_count)
{
	char m[48];
	int a = printed_agrees(model, paper);
	format_like(m, sizeof(m), model, paper, fallback);
	if (a < 0)
		snprintf(buf, CELL, "%s / -", m);
	else
		snprintf(buf, CELL, "%s / %s%s", m, paper, a ? "" : " (differs)");
	if (a == 1)
		(*agree_count)++;
	else if (a == 0)
		(*differ_count)++;
}

static void out_paths(const char *name, char *csv, char *md, size_t len)
{
	snprintf(csv, len, "%s/%s.csv", outdir, name);
	snprintf(md, len, "%s/%s.md", outdir, name);
}

static void finish(const char *name, struct csv_writer *w, struct md_table *md, int agree,
		   int differ)
{
	char csv[1024], mdp[1024];
	out_paths(name, csv, mdp, sizeof(csv));
	if (csv_writer_close(w) != 0) {
		md_abort(md);
		cli_fail(prog, "%s", atomic_error());
	}
	if (md_close(md) != 0)
		cli_fail(prog, "%s", atomic_error());
	FILE *f = fopen(mdp, "r");
	if (f) {
		char line[4096];
		while (fgets(line, sizeof(line), f))
			fputs(line, stdout);
		fclose(f);
	}
	fprintf(stderr, "%s: wrote %s and %s (model vs paper: %d agree, %d differ)\n", prog, csv,
		mdp, agree, differ);
}

static void open_outputs(const char *name, struct csv_writer *w, const char *const *cols,
			 size_t ncols, struct md_table *md, const char *title,
			 const char *const *notes, const char *const *mdcols, size_t nmd)
{
	char csv[1024], mdp[1024], err[1200];
	out_paths(name, csv, mdp, sizeof(csv));
	if (output_dir(outdir, err, sizeof(err)) != 0)
		cli_fail(prog, "%s", err);
	if (csv_writer_open(w, csv, cols, ncols) != 0)
		cli_fail(prog, "%s", atomic_error());
	if (md_open(md, mdp, title, notes, mdcols, nmd) != 0) {
		csv_writer_abort(w);
		cli_fail(prog, "%s", atomic_error());
	}
}

/* ---- tcs Table 2 ---- */

/* the Markdown row of tcs Table 2 (model vs paper): each model value beside the printed one */
static void t2_md_row(struct md_table *md, const struct csv_table *t, size_t r, const struct model_point *pp,
		      enum dtype dt, const char *row, const char *prho, const char *psig, const char *pF,
		      const char *pQ, const char *pI, int *agree, int *differ)
{
	const struct model_point p = *pp;
	char c[11][CELL], tt[16];
	const char *cells[11];
	snprintf(c[0], CELL, "%s", row);
	snprintf(c[1], CELL, "%s", p.method);
	snprintf(c[2], CELL, "%s", p.stencil);
	snprintf(tt, sizeof(tt), "%d", p.fusion);
	snprintf(c[3], CELL, "%s", tt);
	snprintf(c[4], CELL, "%s%s", p.dtype, p.unit != UNIT_CC && dt == DT_FP32 ?
		 " (tf32 math)" : "");
	if (p.unit == UNIT_CC) {
		snprintf(c[5], CELL, "n/a (CUDA cores)");
		snprintf(c[6], CELL, "n/a (CUDA cores)");
	} else {
		pair(c[5], p.rho, prho, 3, agree, differ);
		pair(c[6], p.sigma, psig, 4, agree, differ);
	}
	pair(c[7], p.F, pF, 2, agree, differ);
	pair(c[8], p.Q, pQ, 0, agree, differ);
	pair(c[9], p.I, pI, 2, agree, differ);
	if (*csv_table_get(t, r, "F_measured"))
		snprintf(c[10], CELL, "%s / %s / %s", csv_table_get(t, r, "F_measured"),
			 csv_table_get(t, r, "Q_measured"), csv_table_get(t, r, "I_measured"));
	else
		snprintf(c[10], CELL, "- (blank in the paper)");
	for (int i = 0; i < 11; i++)
		cells[i] = c[i];
	md_row(md, cells);
}

/* the alias make takes for target name (experiments/targets.csv), or name itself when it has none */
static const char *alias_of(const char *name, char *buf, size_t len)
{
	struct target_spec *ts = calloc(RENDER_MAX_TARGETS, sizeof(*ts));
	size_t n = 0;
	char err[512], path[1024];
	if (!ts)
		cli_fail(prog, "out of memory");
	if (cli_repo_file("experiments/targets.csv", path, sizeof(path)) != 0)
		cli_fail(prog, "cannot find experiments/targets.csv");
	path[strlen(path) - strlen("experiments/targets.csv")] = '\0';   /* the repository's root */
	if (render_targets_read(*path ? path : ".", ts, RENDER_MAX_TARGETS, &n, err, sizeof(err)) != 0)
		cli_fail(prog, "%s", err);
	snprintf(buf, len, "%s", name);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(ts[i].name, name) && ts[i].alias[0])
			snprintf(buf, len, "%s", ts[i].alias);
	free(ts);
	return buf;
}

static void tcs_table2(const char *name, const char *gpu)
{
	static const char *const need[] = { "row", "method", "stencil", "fusion", "dtype", "rho",
		"sigma", "F", "Q", "I", "F_measured", "Q_measured", "I_measured", "source", NULL };
	static const char *const cols[] = { "row", "method", "stencil", "fusion", "dtype", "unit",
		"rho", "sigma", "F", "Q", "I", "paper_rho", "paper_sigma", "paper_F", "paper_Q",
		"paper_I", "rho_agrees", "sigma_agrees", "F_agrees", "Q_agrees", "I_agrees",
		"paper_F_measured", "paper_Q_measured", "paper_I_measured", "source" };
	static const char *const mdcols[] = { "#", "method", "stencil", "t", "type",
		"rho (model / paper)", "sigma", "F FLOP/pt", "Q byte/pt", "I FLOP/byte",
		"paper measured F / Q / I (A100)" };
	/* the measured columns are the rendered target of the same name's (experiments/targets.csv) */
	char measured_note[400], alias[64];
	snprintf(measured_note, sizeof(measured_note), "Model and paper only. `make %s` (%s) puts a GPU's "
		 "counter-measured F, Q and I beside these: measured on this machine's GPU, or else from a recorded "
		 "run (by default the reference run that data/runs/REFERENCE names).", alias_of(name, alias, sizeof(alias)),
		 name);
	const char *const notes[] = {
		"Analytic columns: this harness's model (tcs eqs. 6-12; rho from the fused footprint, "
		"sigma from each method's transformation) / the paper's printed value, compared to "
		"the printed precision. Rows 6, 8 and 10 are blank in the paper; the model fills them.",
		measured_note, NULL };
	struct csv_table t;
	struct csv_writer w;
	struct md_table md;
	struct hw hw;
	int agree = 0, differ = 0;
	char err[512], model_name[64];

	load_paper(name, &t, need);
	load_gpu(&hw, gpu);
	snprintf(model_name, sizeof(model_name), "%s-model", name);
	open_outputs(model_name, &w, cols, sizeof(cols) / sizeof(cols[0]), &md,
		     "tcs Table 2: F, Q and I per output point, model vs paper", notes, mdcols,
		     sizeof(mdcols) / sizeof(mdcols[0]));
	for (size_t r = 0; r < t.nrows; r++) {
		const char *row = csv_table_get(&t, r, "row");
		struct model_point p;
		long fusion;
		const struct stencil *st = stencil_find(csv_table_get(&t, r, "stencil"));
		const struct dtype_info *dt = dtype_find(csv_table_get(&t, r, "dtype"));
		const struct model_method *m = model_method_find(csv_table_get(&t, r, "method"));
		if (!st || !dt || !m || cli_parse_int(csv_table_get(&t, r, "fusion"), &fusion) != 0)
			cli_fail(prog, "%s:%ld: bad stencil, dtype, method or fusion", t.path, t.lines[r]);
		struct model_input in = { st, (int)fusion, dt->id, m, -1, NAN, &hw, 0 };
		if (model_eval(&in, &p, err, sizeof(err)) != 0)
			cli_fail(prog, "%s:%ld: %s", t.path, t.lines[r], err);

		const char *prho = csv_table_get(&t, r, "rho"), *psig = csv_table_get(&t, r, "sigma");
		const char *pF = csv_table_get(&t, r, "F"), *pQ = csv_table_get(&t, r, "Q");
		const char *pI = csv_table_get(&t, r, "I");
		/* CUDA-core rows print "/" for rho and sigma: the model's 1 is not compared */
		double mrho = p.unit == UNIT_CC ? NAN : p.rho, msig = p.unit == UNIT_CC ? NAN : p.sigma;
		int a_rho = printed_agrees(mrho, prho), a_sig = printed_agrees(msig, psig);
		int a_F = printed_agrees(p.F, pF), a_Q = printed_agrees(p.Q, pQ);
		int a_I = printed_agrees(p.I, pI);

		csv_put_str(&w, row);
		csv_put_str(&w, p.method);
		csv_put_str(&w, p.stencil);
		csv_put_int(&w, p.fusion);
		csv_put_str(&w, p.dtype);
		csv_put_str(&w, unit_name(p.unit));
		csv_put_num(&w, p.rho);
		csv_put_num(&w, p.sigma);
		csv_put_num(&w, p.F);
		csv_put_num(&w, p.Q);
		csv_put_num(&w, p.I);
		csv_put_str(&w, prho);
		csv_put_str(&w, psig);
		csv_put_str(&w, pF);
		csv_put_str(&w, pQ);
		csv_put_str(&w, pI);
		csv_put_str(&w, agree_word(a_rho));
		csv_put_str(&w, agree_word(a_sig));
		csv_put_str(&w, agree_word(a_F));
		csv_put_str(&w, agree_word(a_Q));
		csv_put_str(&w, agree_word(a_I));
		csv_put_str(&w, csv_table_get(&t, r, "F_measured"));
		csv_put_str(&w, csv_table_get(&t, r, "Q_measured"));
		csv_put_str(&w, csv_table_get(&t, r, "I_measured"));
		csv_put_str(&w, csv_table_get(&t, r, "source"));
		csv_end_row(&w);

		t2_md_row(&md, &t, r, &p, dt->id, row, prho, psig, pF, pQ, pI, &agree, &differ);
	}
	md_note(&md, "Sources: data/paper/tcs-table2.csv (transcribed), model/ (this harness). "
		"A model value that does not round to the printed one is marked (differs); "
		"REPRODUCE.md lists the paper's contradictions.");
	finish(model_name, &w, &md, agree, differ);
	csv_table_free(&t);
	hw_free(&hw);
}

REPORT("tcs-table2", tcs_table2)

/* ---- sptc Table 1 ---- */

static void sptc_table1(const char *table, const char *gpu)
{
	(void)gpu;
	static const char *const need[] = { "method", "r", "c", "L", "compute", "input", "param",
					    "source", NULL };
	static const char *const cols[] = { "method", "r", "c", "L", "compute", "input", "param",
		"compute_over_lower_bound", "input_over_lower_bound", "param_over_lower_bound",
		"paper_compute", "paper_input", "paper_param", "compute_agrees", "input_agrees",
		"param_agrees", "source" };
	static const char *const mdcols[] = { "method", "compute MAC/pt (model / paper)",
		"input access /pt", "param access /pt", "x lower bound (compute / input / param)" };
	static const char *const notes[] = {
		"Per output point of a Box-2D3R stencil (r = 3) in 8 x 8 tiles (TCStencil: 16 x 16 "
		"tiles updating 100 points), from the paper's own formulas (sptc section 2.3 and "
		"3.2.3) evaluated by model/papers.c, beside the printed table.", NULL };
	struct csv_table t;
	struct csv_writer w;
	struct md_table md;
	struct sptc_cost lb;
	int agree = 0, differ = 0;

	load_paper(table, &t, need);
	open_outputs(table, &w, cols, sizeof(cols) / sizeof(cols[0]), &md,
		     "sptc Table 1: computation and memory access per output point", notes, mdcols,
		     sizeof(mdcols) / sizeof(mdcols[0]));
	for (size_t r = 0; r < t.nrows; r++) {
		const char *name = csv_table_get(&t, r, "method");
		long rr, c = 8, L = TCSTENCIL_L;
		enum sptc_method m = SPTC_METHOD_COUNT;
		struct sptc_cost k;
		for (int i = 0; i < SPTC_METHOD_COUNT; i++)
			if (strcmp(name, sptc_method_name((enum sptc_method)i)) == 0)
				m = (enum sptc_method)i;
		if (m == SPTC_METHOD_COUNT || cli_parse_int(csv_table_get(&t, r, "r"), &rr) != 0)
			cli_fail(prog, "%s:%ld: bad method or r", t.path, t.lines[r]);
		if (*csv_table_get(&t, r, "c") && cli_parse_int(csv_table_get(&t, r, "c"), &c) != 0)
			cli_fail(prog, "%s:%ld: bad c", t.path, t.lines[r]);
		if (*csv_table_get(&t, r, "L") && cli_parse_int(csv_table_get(&t, r, "L"), &L) != 0)
			cli_fail(prog, "%s:%ld: bad L", t.path, t.lines[r]);
		if (sptc_table1_cost(m, (int)rr, (int)c, (int)L, &k) != 0 ||
		    sptc_table1_cost(SPTC_LOWER_BOUND, (int)rr, 8, 0, &lb) != 0)
			cli_fail(prog, "%s:%ld: parameters out of range", t.path, t.lines[r]);
		const char *pc = csv_table_get(&t, r, "compute"), *pi = csv_table_get(&t, r, "input");
		const char *pp = csv_table_get(&t, r, "param");
		csv_put_str(&w, name);
		csv_put_int(&w, rr);
		csv_put_str(&w, csv_table_get(&t, r, "c"));
		csv_put_str(&w, csv_table_get(&t, r, "L"));
		csv_put_num(&w, k.compute);
		csv_put_num(&w, k.input);
		csv_put_num(&w, k.param);
		csv_put_num(&w, k.compute / lb.compute);
		csv_put_num(&w, k.input / lb.input);
		csv_put_num(&w, k.param / lb.param);
		csv_put_str(&w, pc);
		csv_put_str(&w, pi);
		csv_put_str(&w, pp);
		csv_put_str(&w, agree_word(printed_agrees(k.compute, pc)));
		csv_put_str(&w, agree_word(printed_agrees(k.input, pi)));
		csv_put_str(&w, agree_word(printed_agrees(k.param, pp)));
		csv_put_str(&w, csv_table_get(&t, r, "source"));
		csv_end_row(&w);

		char c0[CELL], c1[CELL], c2[CELL], c3[CELL], c4[CELL];
		const char *cells[5] = { c0, c1, c2, c3, c4 };
		snprintf(c0, CELL, "%s", name);
		pair(c1, k.compute, pc, 2, &agree, &differ);
		pair(c2, k.input, pi, 2, &agree, &differ);
		pair(c3, k.param, pp, 2, &agree, &differ);
		snprintf(c4, CELL, "%.2f / %.2f / %.2f", k.compute / lb.compute, k.input / lb.input,
			 k.param / lb.param);
		md_row(&md, cells);
	}
	md_note(&md, "The paper prints 56 for SPTCStencil's compute while its formula "
		"256/c^2 (r+1) ceil(c/8)^2 ceil((2r+c)/4) gives 64 for r = 3, c = 8: both are kept "
		"(REPRODUCE.md, contradictions).");
	finish(table, &w, &md, agree, differ);
	csv_table_free(&t);
}

REPORT("sptc-table1", sptc_table1)

/* ---- tcstencil Table 1 and appendix AIs ---- */

static void tcstencil_table1(const char *name, const char *gpu)
{
	(void)gpu;
	static const char *const need1[] = { "gpu", "unit", "pi_tflops", "beta_gbps", "i_max",
					     "source", NULL };
	static const char *const need2[] = { "method", "points", "updated", "L", "n_mma", "ai",
					     "source", NULL };
	static const char *const cols1[] = { "gpu", "unit", "pi_tflops", "beta_gbps", "i_max",
					     "paper_i_max", "i_max_agrees", "source" };
	static const char *const cols2[] = { "method", "points", "ai", "paper_ai", "ai_agrees",
					     "source" };
	static const char *const md1[] = { "GPU", "unit", "pi TFLOP/s", "beta GB/s",
					   "I_max FLOP/byte (pi/beta / paper)" };
	static const char *const md2[] = { "method", "stencil points",
					   "AI FLOP/byte (model / paper)" };
	static const char *const notes1[] = { "I_max = pi / beta in FP16, from the table's own pi "
		"and beta.", NULL };
	static const char *const notes2[] = { "Arithmetic intensity of the appendix's three "
		"implementations on fp16 data, counting a multiply-add as one FLOP as the appendix "
		"does, computed by model/papers.c from the appendix's working.", NULL };
	struct csv_table t1, t2;
	struct csv_writer w;
	struct md_table md;
	int agree = 0, differ = 0;

	load_paper(name, &t1, need1);
	load_paper("tcstencil-ai", &t2, need2);
	open_outputs(name, &w, cols1, sizeof(cols1) / sizeof(cols1[0]), &md,
		     "tcstencil Table 1: I_max of the A100 and V100 in FP16", notes1, md1,
		     sizeof(md1) / sizeof(md1[0]));
	for (size_t r = 0; r < t1.nrows; r++) {
		double pi = num_or_nan(csv_table_get(&t1, r, "pi_tflops"));
		double beta = num_or_nan(csv_table_get(&t1, r, "beta_gbps"));
		const char *p = csv_table_get(&t1, r, "i_max");
		double imax = roofline_ridge(pi, beta);
		char c[5][CELL];
		const char *cells[5] = { c[0], c[1], c[2], c[3], c[4] };
		if (isnan(pi) || isnan(beta))
			cli_fail(prog, "%s:%ld: bad pi or beta", t1.path, t1.lines[r]);
		csv_put_str(&w, csv_table_get(&t1, r, "gpu"));
		csv_put_str(&w, csv_table_get(&t1, r, "unit"));
		csv_put_num(&w, pi);
		csv_put_num(&w, beta);
		csv_put_num(&w, imax);
		csv_put_str(&w, p);
		csv_put_str(&w, agree_word(printed_agrees(imax, p)));
		csv_put_str(&w, csv_table_get(&t1, r, "source"));
		csv_end_row(&w);
		snprintf(c[0], CELL, "%s", csv_table_get(&t1, r, "gpu"));
		snprintf(c[1], CELL, "%s", csv_table_get(&t1, r, "unit"));
		snprintf(c[2], CELL, "%s", csv_table_get(&t1, r, "pi_tflops"));
		snprintf(c[3], CELL, "%s", csv_table_get(&t1, r, "beta_gbps"));
		pair(c[4], imax, p, 2, &agree, &differ);
		md_row(&md, cells);
	}
	md_note(&md, "The paper's 50.1 and 34.88 truncate 50.16 and 34.89; its 128.8 for the "
		"V100's tensor cores is not 125/0.9 = 138.9 (REPRODUCE.md, contradictions).");
	finish(name, &w, &md, agree, differ);

	agree = differ = 0;
	open_outputs("tcstencil-ai", &w, cols2, sizeof(cols2) / sizeof(cols2[0]), &md,
		     "tcstencil appendix: arithmetic intensity of Artemis, TC-w/o-tc and TCStencil",
		     notes2, md2, sizeof(md2) / sizeof(md2[0]));
	for (size_t r = 0; r < t2.nrows; r++) {
		const char *m = csv_table_get(&t2, r, "method"), *p = csv_table_get(&t2, r, "ai");
		long pts, upd = 0, L = 16, n = 0;
		double ai;
		char c[3][CELL];
		const char *cells[3] = { c[0], c[1], c[2] };
		if (cli_parse_int(csv_table_get(&t2, r, "points"), &pts) != 0)
			cli_fail(prog, "%s:%ld: bad points", t2.path, t2.lines[r]);
		cli_parse_int(csv_table_get(&t2, r, "updated"), &upd);
		cli_parse_int(csv_table_get(&t2, r, "L"), &L);
		cli_parse_int(csv_table_get(&t2, r, "n_mma"), &n);
		if (strcmp(m, "artemis") == 0)
			ai = tcstencil_ai_artemis((int)pts);
		else if (strcmp(m, "tc-wo-tc") == 0)
			ai = tcstencil_ai_tc_without_tc((int)pts, (int)upd, (int)L);
		else if (strcmp(m, "tcstencil") == 0)
			ai = tcstencil_ai_tcstencil((int)n, (int)L);
		else
			cli_fail(prog, "%s:%ld: unknown method '%s'", t2.path, t2.lines[r], m);
		csv_put_str(&w, m);
		csv_put_int(&w, pts);
		csv_put_num(&w, ai);
		csv_put_str(&w, p);
		csv_put_str(&w, agree_word(printed_agrees(ai, p)));
		csv_put_str(&w, csv_table_get(&t2, r, "source"));
		csv_end_row(&w);
		snprintf(c[0], CELL, "%s", m);
		snprintf(c[1], CELL, "%ld", pts);
		pair(c[2], ai, p, 2, &agree, &differ);
		md_row(&md, cells);
	}
	finish("tcstencil-ai", &w, &md, agree, differ);
	csv_table_free(&t1);
	csv_table_free(&t2);
}

REPORT("tcstencil-table1", tcstencil_table1)

/* the reports' names, joined by sep */
static const char *report_names(char *buf, size_t len, const char *sep)
{
	buf[0] = '\0';
	for (size_t i = 0; i < nreports; i++)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", i ? sep : "", reports[i].name);
	return buf;
}

int main(int argc, char **argv)
{
	const char *gpu = "A100-PCIe-80GB";
	char names[256];
	if (argc < 2 || !strcmp(argv[1], "--help")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: %s %s [--outdir DIR] [--gpu NAME]\n", prog, report_names(names, sizeof(names), "|"));
		return argc < 2 ? EXIT_BAD_INPUT : 0;
	}
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--outdir") && i + 1 < argc)
			snprintf(outdir, sizeof(outdir), "%s", argv[++i]);
		else if (!strcmp(argv[i], "--gpu") && i + 1 < argc)
			gpu = argv[++i];
		else
			cli_bad_input(prog, "unknown or incomplete option '%s'", argv[i]);
	}
	for (size_t i = 0; i < nreports; i++)
		if (!strcmp(argv[1], reports[i].name)) {
			reports[i].fn(reports[i].name, gpu);
			return 0;
		}
	cli_bad_input(prog, "unknown table '%s' (%s)", argv[1], report_names(names, sizeof(names), ", "));
	return 0;
}
