/*
 * test_figures.c - the figures: each one's .vars (its title one line, the item on the GPU; its
 * footer one line, the run, commit and protocol in short; the run's provenance alone for a figure's
 * own use, measured_run, the methods drawn, nongemm Figure 2's kernel marks); each figure, rendered
 * or model-only (experiments/targets.csv), carries the papers' values or says why not; every gnuplot
 * script draws from the small committed fixture run and from no run, its keys then naming no run's
 * series, the model-only ones from the model and make compare's from the fixture run twice, each
 * with no text off its canvas or over another (tests/svg-text.h; real gnuplot: skipped, by name,
 * without it).
 */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvio.h"
#include "render.h"
#include "svg-text.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static double cell_num(const struct csv_table *t, size_t r, const char *col)
{
	const char *s = csv_table_get(t, r, col);
	return s && *s && strcmp(s, "NA") ? strtod(s, NULL) : NAN;
}

/* the first row of t with stencil st and dtype dt, or -1 */
static long fit_row(const struct csv_table *t, const char *st, const char *dt)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (!strcmp(csv_table_get(t, r, "stencil"), st) && !strcmp(csv_table_get(t, r, "dtype"), dt))
			return (long)r;
	return -1;
}

/* A figure's .vars: the title names the target's own figure, the run's provenance stands alone for a
 * figure that titles itself (tcs Figure 10 from tcs-figure15's), each fit's R^2 is the fit CSV's,
 * an apostrophe reaches gnuplot doubled, as its single-quoted strings take it, measured_run says
 * whether a run is drawn, and nongemm Figure 2 numbers its kernels (each once) in marks */
static void test_figure_vars(void **state)
{
	(void)state;
	char err[1024], path[512], line[128];
	const char *out = temp_dir();
	struct csv_table fit;
	render_fixture("run-small", "tcs-figure15", out, &fit);
	csv_table_free(&fit);
	snprintf(path, sizeof(path), "%s/tcs-figure15.vars", out);
	const char *vars = read_text(path);
	assert_non_null(strstr(vars, "title = 'tcs Figure 15: AI against fusion depth (ebisu) on NVIDIA H100 80GB HBM3, DIRTY TREE, "
				     "OLDER PROTOCOL'\n"));
	assert_null(strstr(vars, "Figures 10 and 15"));
	assert_non_null(strstr(vars, "\nprovenance = 'NVIDIA H100 80GB HBM3, run "));
	/* the footer: one line, the run by name and its commit, the protocol in short and where in full */
	const char *foot = strstr(vars, "\nfooter = 'run run-small, commit ");
	assert_non_null(foot);
	assert_true(strcspn(foot + 1, "\n") <= RENDER_FOOTER_MAX + 12);   /* footer = '...' */
	assert_null(strstr(foot + 1, "\\n"));
	assert_non_null(strstr(vars, "; protocol: "));
	assert_non_null(strstr(vars, "(in full: tcs-figure15.md)'\n"));
	snprintf(path, sizeof(path), "%s/tcs-figure15-fit.csv", out);
	if (csv_table_read(path, &fit, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	long r = fit_row(&fit, "box2d1r", "fp32");
	assert_true(r >= 0);
	snprintf(line, sizeof(line), "\nr2_box2d1r_fp32 = %.10g\n", cell_num(&fit, (size_t)r, "r2"));
	assert_non_null(strstr(vars, line));
	assert_true(cell_num(&fit, (size_t)r, "r2") > 0.9);
	csv_table_free(&fit);
	render_fixture("run-small", "hopper-tc", out, &fit);
	csv_table_free(&fit);
	snprintf(path, sizeof(path), "%s/hopper-tc.vars", out);
	assert_non_null(strstr(read_text(path), "title = 'Hopper''s wgmma beside mma.sync"));
	assert_non_null(strstr(read_text(path), "\nmeasured_run = 1\n"));
	/* nongemm Figure 2's kernel marks: every placed kernel named in one mark's line, a kernel of both
	 * tables once ("Tables 2, 3"), each mark at one of its kernels' points */
	struct csv_table f2;
	render_fixture("run-small", "nongemm-figure2", out, &f2);
	snprintf(path, sizeof(path), "%s/nongemm-figure2.vars", out);
	const char *v2 = read_text(path);
	int nmarks = 0, kernels = 0;
	assert_int_equal(sscanf(strstr(v2, "\nnmarks = "), "\nnmarks = %d", &nmarks), 1);
	assert_true(nmarks >= 2);
	for (size_t q = 0; q < f2.nrows; q++) {
		if (strcmp(csv_table_get(&f2, q, "kind"), "kernel"))
			continue;
		kernels++;
		const char *g = strchr(csv_table_get(&f2, q, "gpu"), ':');   /* "tcs-table2: ebisu box2d1r fp64 t=3" */
		const char *sp = strchr(g + 2, ' ');
		char method[64], what[64];
		snprintf(method, sizeof(method), "%.*s", (int)(sp - g - 2), g + 2);
		snprintf(what, sizeof(what), "%s (", sp + 1);
		int in = 0;
		for (int k = 1; k <= nmarks; k++) {
			char key[32], ml[512] = "";
			snprintf(key, sizeof(key), "\nmark%d = '", k);
			const char *at = strstr(v2, key);
			assert_non_null(at);
			sscanf(at + strlen(key), "%511[^\n]", ml);
			in += strstr(ml, method) && strstr(ml, what);
		}
		if (in != 1)
			fail_msg("nongemm-figure2.vars names %s %s in %d marks", method, what, in);
	}
	assert_true(kernels > nmarks);   /* kernels of both tables: one mark */
	assert_non_null(strstr(v2, "ebisu box2d1r fp64 t=3 (Tables 2, 3)"));
	for (int k = 1; k <= nmarks; k++) {
		char key[32];
		double x = NAN, y = NAN;
		int at_kernel = 0;
		snprintf(key, sizeof(key), "\nmark%d_x = ", k);
		sscanf(strstr(v2, key) + strlen(key), "%lf", &x);
		snprintf(key, sizeof(key), "\nmark%d_y = ", k);
		sscanf(strstr(v2, key) + strlen(key), "%lf", &y);
		for (size_t q = 0; q < f2.nrows; q++)
			at_kernel |= !strcmp(csv_table_get(&f2, q, "kind"), "kernel") &&
				     fabs(cell_num(&f2, q, "intensity") / x - 1) < 1e-9 && fabs(cell_num(&f2, q, "tflops") / y - 1) < 1e-9;
		assert_true(at_kernel);
	}
	csv_table_free(&f2);
	/* without a run: measured_run = 0, and no kernel to mark */
	struct render_ctx c;
	if (render_open(&c, repo_path("."), NULL, NULL, out, err, sizeof(err)) != 0 ||
	    render_target(&c, "nongemm-figure2", err, sizeof(err)) != 0)
		fail_msg("%s", err);
	render_close(&c);
	v2 = read_text(path);
	assert_non_null(strstr(v2, "\nmeasured_run = 0\n"));
	assert_non_null(strstr(v2, "\nnmarks = 0\n"));
}

/* Every figure, those of experiments/targets.csv and the model-only ones, carries the papers'
 * values: its script reads them from data/paper/ (each file it names is there, with a source
 * column), or says that the paper prints none (a picture only) or that it is no paper item. */
static void test_figure_paper_values(void **state)
{
	(void)state;
	static const char *const need[] = { "source", NULL };
	static struct target_spec ts[RENDER_MAX_TARGETS];
	char err[1024], rel[256], name[64], gp[1 << 14];
	size_t nt;
	if (render_targets_read(repo_path(""), ts, RENDER_MAX_TARGETS, &nt, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	for (size_t k = 0; k < nt; k++) {   /* the figures: rendered, or model-only (a PNG among its outputs) */
		const char *fig = ts[k].name;
		if (strcmp(ts[k].kind, "figure") && !(render_target_is_model(&ts[k]) && strstr(ts[k].outputs, ".png")))
			continue;
		snprintf(rel, sizeof(rel), "plots/gp/%s.gp", fig);
		snprintf(gp, sizeof(gp), "%s", read_text(repo_path(rel)));
		int files = 0;
		for (const char *at = strstr(gp, "'data/paper/"); at; at = strstr(at + 1, "'data/paper/")) {
			struct csv_table t;
			size_t n = strcspn(at + 1, "'");
			snprintf(name, sizeof(name), "%.*s", (int)(n < sizeof(name) ? n : sizeof(name) - 1), at + 1);
			if (csv_table_read(repo_path(name), &t, err, sizeof(err)) != 0 ||
			    csv_table_require(&t, need, err, sizeof(err)) != 0)
				fail_msg("%s: %s", rel, err);
			csv_table_free(&t);
			files++;
		}
		if (!files && !strstr(gp, "paper values: not printed") && !strstr(gp, "no paper item"))
			fail_msg("%s reads no data/paper file and says neither \"paper values: not printed\" nor "
				 "\"no paper item\"", rel);
	}
}

/* stencil-model's CSV for a model-only figure into out, or the test fails */
static void model_csv(const char *const *args, const char *what)
{
	char out[2048], err[2048];
	if (run_tool("stencil-model", args, out, sizeof(out), err, sizeof(err)) != 0)
		fail_msg("stencil-model (%s): %s", what, err);
}

/* the first layout problem of a figure */
static void first_problem(void *arg, const char *msg)
{
	char *first = arg;
	if (!first[0])
		snprintf(first, 1024, "%s", msg);
}

/* the figure outbase.svg read cleanly: no text off the canvas, none over another (tests/svg-text.h),
 * or the test fails naming the script, the case and the texts */
static void assert_layout(const char *script, const char *outbase, const char *how)
{
	char path[1024], err[1024], first[1024] = "";
	struct svg_doc d;
	snprintf(path, sizeof(path), "%s.svg", outbase);
	if (svg_texts_read(path, &d, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	const size_t n = svg_layout_problems(&d, SVG_TOL, first_problem, first);
	svg_doc_free(&d);
	if (n)
		fail_msg("plots/gp/%s.gp (%s): %zu text(s) off the canvas or over another, the first: %s", script, how,
			 n, first);
}

/* draw plots/SCRIPT.gp, or fail naming it, the case and gnuplot's last words; then its layout */
static void draw(const char *script, const char *assign, const char *outbase, const char *how)
{
	char log[4096];
	if (run_gnuplot(script, assign, outbase, log, sizeof(log)) != 0)
		fail_msg("plots/gp/%s.gp (%s) drew no PNG and SVG: %s", script, how, log);
	assert_layout(script, outbase, how);
}

/* whether the SVG outbase.svg (read whole: figures run to megabytes) holds needle */
static int svg_has(const char *outbase, const char *needle)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s.svg", outbase);
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot read %s", path);
	size_t len = 0, cap = 1 << 20, n;
	char *buf = malloc(cap);
	while (buf && (n = fread(buf + len, 1, cap - 1 - len, f)) > 0)
		if ((len += n) + 1 == cap)
			buf = realloc(buf, cap *= 2);
	fclose(f);
	if (!buf)
		fail_msg("out of memory reading %s", path);
	buf[len] = '\0';
	int has = strstr(buf, needle) != NULL;
	free(buf);
	return has;
}

/* a figure drawn without a run names no run's series: its SVG holds none of these */
static void assert_no_run_series(const char *outbase, const char *script)
{
	static const char *const run_only[] = { "(this run)", "this run (measured ceilings)", "throttled sample(s)",
						"this GPU (best of the samples)" };
	for (size_t i = 0; i < NELEM(run_only); i++)
		if (svg_has(outbase, run_only[i]))
			fail_msg("plots/gp/%s.gp without a run names \"%s\"", script, run_only[i]);
}

/* make compare's figures of the fixture run beside a copy of itself, each drawn by compare.gp */
static void draw_compare(void)
{
	char out[2048], err[2048], cmd[2048], dir[600], assign[2048], base[600];
	const char *tmp = temp_dir(), *small = repo_path("tests/fixtures/run-small");
	snprintf(cmd, sizeof(cmd), "cp -r '%s' '%s/a' && cp -r '%s' '%s/b'", small, tmp, small, tmp);
	if (system(cmd) != 0)
		fail_msg("%s failed", cmd);
	char a[600], b[600], work[600];
	snprintf(a, sizeof(a), "%s/a", tmp);
	snprintf(b, sizeof(b), "%s/b", tmp);
	snprintf(dir, sizeof(dir), "%s/out", tmp);
	snprintf(work, sizeof(work), "%s/work", tmp);
	const char *args[] = { a, b, "--outdir", dir, "--work", work, NULL };
	if (run_tool("stencil-compare", args, out, sizeof(out), err, sizeof(err)) != 0)
		fail_msg("stencil-compare: %s", err);
	size_t n;
	const struct target_spec *ts = test_targets(&n);
	int drawn = 0;
	for (size_t k = 0; k < n; k++) {
		snprintf(base, sizeof(base), "%s/%s", dir, ts[k].name);
		snprintf(cmd, sizeof(cmd), "%s.vars", base);
		FILE *f = fopen(cmd, "r");
		if (!f)
			continue;
		fclose(f);
		snprintf(assign, sizeof(assign), "data='%s.csv'; load '%s.vars'", base, base);
		draw("compare", assign, base, ts[k].name);
		drawn++;
	}
	assert_true(drawn >= 2);
}

/* tcs Figure 9's label `text`, set in plots/gp/tcs-figure9.gp at X,Y (data units: log10 I_CC,
 * log10 rho/sigma; "right": it ends there) lies inside the panels' axes and clear of every model
 * point of the cases CSV: no point within the text's box (about 0.07 a character wide, 0.1 high on
 * the panels' 4 x 3 axes) grown by a point's radius */
static void assert_label_clear(const char *text, const char *cases)
{
	char *gp = read_text(repo_path("plots/gp/tcs-figure9.gp")), err[1024], want[128];
	double x = NAN, y = NAN;
	snprintf(want, sizeof(want), "\"%s\" at ", text);
	const char *at = strstr(gp, want);
	if (!at || sscanf(at + strlen(want), "%lf,%lf", &x, &y) != 2)
		fail_msg("plots/gp/tcs-figure9.gp sets no label \"%s\" at a fixed X,Y", text);
	const double w = 0.07 * (double)strlen(text), h = 0.1, pr = 0.05;
	if (strstr(at, " right") && strchr(at, '\n') > strstr(at, " right"))   /* right-aligned: it ends at X */
		x -= w;
	if (x < -1 || x + w > 3 || y < 0 || y + h > 3)
		fail_msg("tcs Figure 9's label \"%s\" (%.2f to %.2f, %.2f) leaves the panels' 4 x 3 axes", text, x, x + w, y);
	struct csv_table t;
	if (csv_table_read(cases, &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	for (size_t r = 0; r < t.nrows; r++) {
		const double px = log10(cell_num(&t, r, "compare_I")), py = log10(cell_num(&t, r, "inflation"));
		if (px > x - pr && px < x + w + pr && py > y - h / 2 - pr && py < y + h + pr)
			fail_msg("tcs Figure 9's label \"%s\" at %.2f,%.2f sits on the model point %s (%.2f, %.2f)", text, x, y,
				 csv_table_get(&t, r, "label"), px, py);
	}
	csv_table_free(&t);
}

/* Every figure's gnuplot script draws (exits 0, writes a PNG and an SVG) with measured rows and
 * without any: each figure of experiments/targets.csv from the renderer's outputs of the fixture
 * run and of no run (its CSV holding the configurations, no measured row), tcs Figure 10's
 * measured variant from tcs-figure15's outputs both ways and its model-only one, tcs Figures 9 and
 * 14 from the model, make compare's of the fixture run beside its copy; without a run no key names
 * a run's series; every one reads cleanly: no text leaves the canvas or stands over another
 * (tests/svg-text.h: its boxes estimated from gnuplot's SVG). Real gnuplot: skipped, by name, where
 * it is not installed. */
static void test_figures_draw(void **state)
{
	(void)state;
	if (!have_gnuplot()) {
		test_skip("gnuplot is not installed: no figure drawn");
	}
	char err[1024], assign[2048], base[600], m10[600], a[600], b[600];
	const char *model = temp_dir();
	snprintf(m10, sizeof(m10), "%s/tcs-figure10-model.csv", model);
	const char *f10[] = { "--experiment", repo_path("experiments/tcs-figure10.csv"), "--gpu",
			      "A100-PCIe-80GB,H100-SXM,H200", "--out", m10, NULL };
	model_csv(f10, "tcs-figure10");
	for (int with_run = 0; with_run < 2; with_run++) {
		const char *out = temp_dir(), *how = with_run ? "the fixture run" : "no run";
		struct render_ctx c;
		if (render_open(&c, repo_path("."), with_run ? repo_path("tests/fixtures/run-small") : NULL, NULL, out,
				err, sizeof(err)) != 0)
			fail_msg("%s", err);
		for (size_t k = 0; k < c.ntargets; k++) {
			const char *t = c.targets[k].name;
			if (strcmp(c.targets[k].kind, "figure"))
				continue;
			if (render_target(&c, t, err, sizeof(err)) != 0)
				fail_msg("%s: %s", t, err);
			snprintf(assign, sizeof(assign), "data='%s/%s.csv'; fit='%s/%s-fit.csv'; load '%s/%s.vars'", out, t,
				 out, t, out, t);
			snprintf(base, sizeof(base), "%s/%s", out, t);
			draw(t, assign, base, how);
			if (!with_run)
				assert_no_run_series(base, t);
		}
		render_close(&c);
		/* tcs Figure 10 with the run's measured intensity (make tcs-figure10's -run figure) */
		snprintf(assign, sizeof(assign), "model='%s'; measured='%s/tcs-figure15.csv'; fit='%s/tcs-figure15-fit.csv'; "
			 "load '%s/tcs-figure15.vars'", m10, out, out, out);
		snprintf(base, sizeof(base), "%s/tcs-figure10-run", out);
		draw("tcs-figure10", assign, base, how);
		if (with_run && !svg_has(base, "measured (this run)"))
			fail_msg("plots/gp/tcs-figure10.gp from the fixture run names no measured series");
		if (!with_run)
			assert_no_run_series(base, "tcs-figure10");
	}
	/* the model-only figures */
	snprintf(assign, sizeof(assign), "model='%s'; measured=''; fit=''", m10);
	snprintf(base, sizeof(base), "%s/tcs-figure10", model);
	draw("tcs-figure10", assign, base, "model only");
	assert_no_run_series(base, "tcs-figure10");
	snprintf(a, sizeof(a), "%s/tcs-figure14-model.csv", model);
	const char *f14[] = { "--experiment", repo_path("experiments/tcs-figure14.csv"), "--gpu", "A100-PCIe-80GB,H200",
			      "--out", a, NULL };
	model_csv(f14, "tcs-figure14");
	snprintf(assign, sizeof(assign), "model='%s'", a);
	snprintf(base, sizeof(base), "%s/tcs-figure14", model);
	draw("tcs-figure14", assign, base, "model only");
	snprintf(a, sizeof(a), "%s/tcs-figure9-map.csv", model);
	snprintf(b, sizeof(b), "%s/tcs-figure9-cases.csv", model);
	const char *map[] = { "--scenario-map", "--gpu", "A100-PCIe-80GB,H200", "--out", a, NULL };
	const char *cases[] = { "--experiment", repo_path("experiments/tcs-figure9.csv"), "--gpu", "A100-PCIe-80GB",
				"--out", b, NULL };
	model_csv(map, "tcs-figure9 map");
	model_csv(cases, "tcs-figure9 cases");
	snprintf(assign, sizeof(assign), "map='%s'; cases='%s'", a, b);
	snprintf(base, sizeof(base), "%s/tcs-figure9", model);
	draw("tcs-figure9", assign, base, "model only");
	assert_label_clear("3: comp/mem", b);
	draw_compare();
}

/* fermi Figure 4's time panel runs to the last measured row (the reference's rows reach past the
 * paper's 400 FLOPs a load) and says where the paper's axis ends */
static void test_fermi4_whole_curve(void **state)
{
	(void)state;
	if (!have_gnuplot()) {
		test_skip("gnuplot is not installed: no figure drawn");
	}
	char ref[256] = "", run[600], err[1024], path[700], assign[2048], base[700], tick[32];
	assert_int_equal(sscanf(read_text(repo_path("data/runs/REFERENCE")), "%255s", ref), 1);
	snprintf(run, sizeof(run), "%s/data/runs/%s", repo_path("."), ref);
	const char *out = temp_dir();
	struct render_ctx c;
	if (render_open(&c, repo_path("."), run, NULL, out, err, sizeof(err)) != 0 ||
	    render_target(&c, "fermi-figure4", err, sizeof(err)) != 0)
		fail_msg("fermi-figure4 from %s: %s", ref, err);
	render_close(&c);
	struct csv_table t;
	snprintf(path, sizeof(path), "%s/fermi-figure4.csv", out);
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	double fmax = 0;
	for (size_t r = 0; r < t.nrows; r++)
		fmax = fmax > cell_num(&t, r, "flop_per_load") ? fmax : cell_num(&t, r, "flop_per_load");
	csv_table_free(&t);
	assert_true(fmax > 400);   /* the precondition: a row past the paper's axis */
	snprintf(assign, sizeof(assign), "data='%s/fermi-figure4.csv'; load '%s/fermi-figure4.vars'", out, out);
	snprintf(base, sizeof(base), "%s/fermi-figure4", out);
	draw("fermi-figure4", assign, base, "the reference run");
	if (!svg_has(base, "end of the paper axis"))
		fail_msg("plots/gp/fermi-figure4.gp marks no end of the paper's axis though rows reach %.0f FLOPs", fmax);
	/* both panels' x axes reach the last row: a tick at or past its last multiple of 100 */
	snprintf(tick, sizeof(tick), "> %.0f<", floor(fmax / 100) * 100);
	if (!svg_has(base, tick))
		fail_msg("plots/gp/fermi-figure4.gp: no x tick '%s' (rows reach %.0f FLOPs)", tick + 2, fmax);
}

void run_figures_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_figure_vars),
		cmocka_unit_test(test_figure_paper_values),
		cmocka_unit_test(test_figures_draw),
		cmocka_unit_test(test_fermi4_whole_curve),
	};
	RUN_GROUP(r, "figures", tests);
}
