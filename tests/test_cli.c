/*
 * test_cli.c - the command-line tools as a user runs them: the documented stencil-model
 * invocations produce the documented columns and values; every bad input exits 2 with one line
 * that names the bad value (the methods of the paper's cases: data/paper/tcs-table3.csv's);
 * stencil-report renders its tables into a fresh directory, and make test the model-only targets
 * (experiments/targets.csv's); every
 * tool's --out and --outdir refuse anything but regular files and directories, and its input
 * files anything but regular files of a bounded size.
 */
#define _XOPEN_SOURCE 700
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csvio.h"
#include "render.h"
#include "svg-text.h"

static char out[1 << 16], err[1 << 14];

static int model(const char *const *args)
{
	return run_tool("stencil-model", args, out, sizeof(out), err, sizeof(err));
}

static int count_lines(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* Parse the tool's CSV output and return the value of a column in row 0. */
static const char *csv_cell(const char *col, struct csv_table *t)
{
	char e[256];
	if (csv_table_parse("stdout", out, strlen(out), t, e, sizeof(e)) != 0)
		fail_msg("%s", e);
	const char *v = csv_table_get(t, 0, col);
	if (!v)
		fail_msg("no column %s in output", col);
	return v;
}

static void test_documented_invocations(void **state)
{
	struct csv_table t;
	(void)state;
	const char *a1[] = { "--stencil", "box2d1r", "--fusion", "3", "--dtype", "fp64", "--method",
			     "ebisu", "--gpu", "A100-PCIe-80GB", "--csv", NULL };
	assert_int_equal(model(a1), 0);
	static const char *const cols[] = { "stencil", "fusion", "dtype", "method", "unit", "K",
		"K_fused", "rho", "sigma", "F", "Q", "I", "peak_tflops", "bw_gbps", "ridge", "bound",
		"attainable_tflops", "gstencil_per_s", NULL };
	char e[256];
	assert_int_equal(csv_table_parse("stdout", out, strlen(out), &t, e, sizeof(e)), 0);
	assert_int_equal(csv_table_require(&t, cols, e, sizeof(e)), 0);
	assert_int_equal(t.nrows, 1);
	assert_string_equal(csv_table_get(&t, 0, "F"), "54");
	assert_string_equal(csv_table_get(&t, 0, "bound"), "memory");
	assert_string_equal(csv_table_get(&t, 0, "K_fused"), "49");
	csv_table_free(&t);

	/* tcs Table 3's case 3 (box2d1r t=7 fp32): its tensor-core method, alone and against its CUDA-core one */
	const char *tc3 = paper_case_method(3, 0), *cc3 = paper_case_method(3, 1);
	const char *a2[] = { "--stencil", "box2d1r", "--fusion", "7", "--dtype", "fp32", "--method",
			     tc3, "--gpu", "A100-PCIe-80GB", "--csv", NULL };
	assert_int_equal(model(a2), 0);
	assert_string_equal(csv_cell("F", &t), "960");
	assert_string_equal(csv_table_get(&t, 0, "sigma"), "0.46875");
	assert_string_equal(csv_table_get(&t, 0, "unit"), "sptc");
	csv_table_free(&t);

	const char *a3[] = { "--stencil", "box2d1r", "--fusion", "7", "--dtype", "fp32", "--method",
			     tc3, "--compare", cc3, "--gpu", "H200", "--csv", NULL };
	assert_int_equal(model(a3), 0);
	assert_string_equal(csv_cell("scenario", &t), "3");
	assert_string_equal(csv_table_get(&t, 0, "sweet_spot"), "yes");
	assert_non_null(csv_table_get(&t, 0, "speedup"));
	csv_table_free(&t);

	/* --hw with a measured ceilings file */
	const char *hw = write_temp("quantity,value,unit,how\ndram_copy_bandwidth,4000,GB/s,copy\n"
				    "fp32_fma,64,TFLOP/s,ffma\nsptc_tf32_mma_sp_m16n8k16,461,TFLOP/s "
				    "dense-equivalent,mma.sp\n", 5);
	const char *a4[] = { "--hw", hw, "--stencil", "box2d1r", "--fusion", "7", "--dtype", "fp32",
			     "--method", tc3, "--csv", NULL };
	assert_int_equal(model(a4), 0);
	assert_string_equal(csv_cell("peak_tflops", &t), "461");
	assert_string_equal(csv_table_get(&t, 0, "bw_gbps"), "4000");
	csv_table_free(&t);

	/* the human table names the same quantities (case 5: box3d1r t=3 fp64) */
	const char *a5[] = { "--stencil", "box3d1r", "--fusion", "3", "--dtype", "fp64", "--method",
			     paper_case_method(5, 0), "--compare", paper_case_method(5, 1), "--gpu", "A100-PCIe-80GB", NULL };
	assert_int_equal(model(a5), 0);
	assert_non_null(strstr(out, "I = 85.75 FLOP/byte"));
	assert_non_null(strstr(out, "scenario 4, sweet spot no"));

	/* an experiment file over two GPUs (cases 1 and 4): one row per configuration and GPU */
	char text[256];
	snprintf(text, sizeof(text), "stencil,fusion,dtype,method,compare\nbox2d1r,3,fp64,%s,%s\nbox2d7r,1,fp32,%s,%s\n",
		 paper_case_method(1, 0), paper_case_method(1, 1), paper_case_method(4, 0), paper_case_method(4, 1));
	const char *exp = write_temp(text, 6);
	const char *a6[] = { "--experiment", exp, "--gpu", "A100-PCIe-80GB,H200", "--csv", NULL };
	assert_int_equal(model(a6), 0);
	assert_int_equal(count_lines(out), 5);
}

struct bad { const char *args[16]; const char *names; };

static void test_bad_input(void **state)
{
	(void)state;
	const char *exp = write_temp("stencil,fusion,dtype,method\nbox2d1r,1,fp64,ebisu\nbox2d1r,0,fp64,ebisu\n", 7);
	const char *exp2 = write_temp("stencil,dtype\nbox2d1r,fp64\n", 0);
	const char *hw = write_temp("quantity,value,unit\ndram_copy_bandwidth,abc,GB/s\n", 1);
	static struct bad cases[] = {
		{ { "--stencil", "box2d9r", "--dtype", "fp64", "--method", "ebisu", "--gpu", "H200" }, "box2d9r" },
		{ { "--stencil", "box2d0r", "--dtype", "fp64", "--method", "ebisu", "--gpu", "H200" }, "box2d0r" },
		{ { "--stencil", "box4d1r", "--dtype", "fp64", "--method", "ebisu", "--gpu", "H200" }, "box4d1r" },
		{ { "--stencil", "hex2d1r", "--dtype", "fp64", "--method", "ebisu", "--gpu", "H200" }, "hex2d1r" },
		{ { "--stencil", "box2d1r", "--dtype", "fp8", "--method", "ebisu", "--gpu", "H200" }, "fp8" },
		{ { "--stencil", "box2d1r", "--dtype", "fp64", "--method", "magic", "--gpu", "H200" }, "magic" },
		{ { "--stencil", "box2d1r", "--dtype", "fp64", "--method", "ebisu", "--gpu", "B300" }, "B300" },
		{ { "--stencil", "box2d1r", "--dtype", "fp64", "--method", "ebisu", "--gpu", "H200", "--fusion", "0" }, "'0'" },
		{ { "--stencil", "box2d1r", "--dtype", "fp64", "--method", "ebisu", "--gpu", "H200", "--fusion", "-2" }, "-2" },
		{ { "--stencil", "box2d1r", "--dtype", "fp64", "--method", "ebisu", "--gpu", "H200", "--fusion", "2x" }, "2x" },
		{ { "--stencil", "box2d1r", "--dtype", "fp32", "--method", "ebisu", "--gpu", "H200", "--sigma", "0" }, "'0'" },
		{ { "--stencil", "box2d1r", "--dtype", "fp32", "--method", "ebisu", "--gpu", "H200", "--sigma", "1.5" }, "1.5" },
		{ { "--stencil", "box2d1r", "--dtype", "fp32", "--method", "ebisu", "--gpu", "H200", "--unit", "gpu" }, "gpu" },
		{ { "--stencil", "box2d1r", "--dtype", "fp64", "--method", "ebisu", "--hw", "/nonexistent.csv" }, "/nonexistent.csv" },
		{ { "--stencil", "box2d1r", "--dtype", "fp64", "--method", "ebisu", "--hw", NULL }, "abc" },
		{ { "--stencil", "box2d1r", "--dtype", "fp64", "--method", "ebisu", "--hw", "" }, "'': an empty file name" },
		{ { "--stencil", "box2d1r", "--dtype", "fp64", "--method", "ebisu", "--compare", "nope", "--gpu", "H200" }, "nope" },
		{ { "--stencil", "box2d1r", "--dtype", "fp64", "--method", "ebisu" }, "--gpu" },
		{ { "--stencil", "box2d1r", "--method", "ebisu", "--gpu", "H200" }, "--dtype" },
		{ { "--bogus" }, "--bogus" },
		{ { "--experiment", NULL, "--gpu", "H200" }, ":3:" },
		{ { "--experiment", NULL, "--gpu", "H200" }, "fusion" },
	};
	cases[14].args[7] = hw;
	cases[20].args[1] = exp;
	cases[21].args[1] = exp2;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int rc = model(cases[i].args);
		if (rc != 2 || count_lines(err) != 1 || !strstr(err, cases[i].names) || out[0])
			fail_msg("case %zu: exit %d, stderr '%s' (want exit 2, one line naming %s, "
				 "no output)", i, rc, err, cases[i].names);
	}
}

/* the alias make takes for target name (experiments/targets.csv), or name when it has none */
static const char *alias_of(const char *name)
{
	static struct target_spec ts[RENDER_MAX_TARGETS];
	static char alias[64];
	size_t n;
	char e[512];
	if (render_targets_read(repo_path(""), ts, RENDER_MAX_TARGETS, &n, e, sizeof(e)) != 0)
		fail_msg("%s", e);
	snprintf(alias, sizeof(alias), "%s", name);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(ts[i].name, name) && ts[i].alias[0])
			snprintf(alias, sizeof(alias), "%s", ts[i].alias);
	return alias;
}

static void test_report_tool(void **state)
{
	char dir[300], path[400];
	struct csv_table t;
	char e[256];
	(void)state;
	assert_non_null(mkdtemp(test_tmp(dir, sizeof(dir), "report-XXXXXX")));
	const char *a[] = { "tcs-table2", "--outdir", dir, NULL };
	assert_int_equal(run_tool("stencil-report", a, out, sizeof(out), err, sizeof(err)), 0);
	assert_non_null(strstr(out, "| 9 | spider | box2d1r | 7 |"));
	char want[128];   /* the measured columns' target, by the name make takes for it (the target table's) */
	snprintf(want, sizeof(want), "Model and paper only. `make %s` (%s) puts", alias_of(a[0]), a[0]);
	assert_non_null(strstr(out, want));
	assert_null(strstr(out, "no run is recorded"));
	snprintf(path, sizeof(path), "%s/tcs-table2-model.csv", dir);
	assert_int_equal(csv_table_read(path, &t, e, sizeof(e)), 0);
	assert_int_equal(t.nrows, 10);
	for (size_t r = 0; r < t.nrows; r++) {
		/* every analytic value the paper prints agrees with the model */
		static const char *const cols[] = { "rho_agrees", "sigma_agrees", "F_agrees",
						    "Q_agrees", "I_agrees" };
		for (int c = 0; c < 5; c++)
			assert_true(strcmp(csv_table_get(&t, r, cols[c]), "no") != 0);
	}
	csv_table_free(&t);
	const char *b[] = { "sptc-table1", "--outdir", dir, NULL };
	assert_int_equal(run_tool("stencil-report", b, out, sizeof(out), err, sizeof(err)), 0);
	assert_non_null(strstr(out, "64 / 56 (differs)"));
	const char *c[] = { "tcstencil-table1", "--outdir", dir, NULL };
	assert_int_equal(run_tool("stencil-report", c, out, sizeof(out), err, sizeof(err)), 0);
	assert_non_null(strstr(out, "138.9 / 128.8 (differs)"));
	const char *d[] = { "table99", NULL };
	assert_int_equal(run_tool("stencil-report", d, out, sizeof(out), err, sizeof(err)), 2);
	assert_non_null(strstr(err, "table99"));
}

/* the tool failed with one line naming path and kind, and path is still of the given type */
static void assert_refused(const char *tool, int rc, const char *path, const char *kind, mode_t type)
{
	struct stat st;
	if (rc == 0 || count_lines(err) != 1 || !strstr(err, path) || !strstr(err, kind))
		fail_msg("%s on %s: exit %d, stderr '%s' (want non-zero, one line naming it as %s)", tool,
			 path, rc, err, kind);
	assert_int_equal(lstat(path, &st), 0);
	assert_int_equal(st.st_mode & S_IFMT, type);
}

/* --out /dev/null, a FIFO, a directory or a symbolic link: refused and left as it was. */
static void test_out_regular_files_only(void **state)
{
	char fifo[600], dir[600], link[600], reg[600], path[700];
	(void)state;
	const char *d = temp_dir();
	snprintf(fifo, sizeof(fifo), "%s/fifo", d);
	snprintf(dir, sizeof(dir), "%s/dir", d);
	snprintf(link, sizeof(link), "%s/link", d);
	snprintf(reg, sizeof(reg), "%s/reg.csv", d);
	assert_int_equal(mkfifo(fifo, 0644), 0);
	assert_int_equal(mkdir(dir, 0755), 0);
	assert_int_equal(symlink("/dev/null", link), 0);
	const char *targets[] = { "/dev/null", fifo, dir, link };
	const char *kinds[] = { "a character device", "a FIFO", "a directory",
				"a symbolic link to a character device" };
	const mode_t types[] = { S_IFCHR, S_IFIFO, S_IFDIR, S_IFLNK };
	for (int i = 0; i < 4; i++) {
		const char *a[] = { "--stencil", "box2d1r", "--dtype", "fp64", "--method", "ebisu",
				    "--gpu", "H200", "--out", targets[i], NULL };
		assert_refused("stencil-model", model(a), targets[i], kinds[i], types[i]);
	}
	/* a regular file is replaced */
	const char *a[] = { "--stencil", "box2d1r", "--dtype", "fp64", "--method", "ebisu", "--gpu",
			    "H200", "--out", reg, NULL };
	assert_int_equal(model(a), 0);
	assert_int_equal(model(a), 0);
	struct csv_table t;
	char e[256];
	assert_int_equal(csv_table_read(reg, &t, e, sizeof(e)), 0);
	assert_int_equal(t.nrows, 1);
	csv_table_free(&t);
	/* --outdir that is not a directory, and a link where an output goes */
	for (int i = 0; i < 2; i++) {
		const char *r[] = { "tcs-table2", "--outdir", targets[i], NULL };
		assert_refused("stencil-report",
			       run_tool("stencil-report", r, out, sizeof(out), err, sizeof(err)),
			       targets[i], kinds[i], types[i]);
		const char *n[] = { "tcs-table2", "--outdir", targets[i], "--root", repo_path(""), NULL };
		assert_refused("stencil-render",
			       run_tool("stencil-render", n, out, sizeof(out), err, sizeof(err)),
			       targets[i], kinds[i], types[i]);
	}
	snprintf(path, sizeof(path), "%s/tcs-table2-model.md", dir);
	assert_int_equal(symlink("/dev/null", path), 0);
	const char *r[] = { "tcs-table2", "--outdir", dir, NULL };
	assert_refused("stencil-report", run_tool("stencil-report", r, out, sizeof(out), err,
						  sizeof(err)), path, "a symbolic link", S_IFLNK);
	snprintf(path, sizeof(path), "%s/tcs-table2.csv", dir);
	assert_int_equal(mkfifo(path, 0644), 0);
	const char *n[] = { "tcs-table2", "--outdir", dir, "--root", repo_path(""), NULL };
	assert_refused("stencil-render", run_tool("stencil-render", n, out, sizeof(out), err,
						  sizeof(err)), path, "a FIFO", S_IFIFO);
	/* nothing was created beside the refused targets */
	snprintf(path, sizeof(path), "%s/tcs-table2-model.csv", dir);
	assert_int_equal(access(path, F_OK), -1);
	snprintf(path, sizeof(path), "%s/tcs-table2.md", dir);
	assert_int_equal(access(path, F_OK), -1);
}

/* every input file is a regular file of at most INPUT_MAX_BYTES: stencil-model --hw and
 * stencil-render's run files that are a FIFO, /dev/zero or too large are refused at once with one
 * line naming them (run_tool kills a tool that hangs) */
static void test_input_regular_files_only(void **state)
{
	(void)state;
	char fifo[600], big[600], cmd[1400];
	const char *d = temp_dir(), *run = temp_dir(), *outdir = temp_dir();
	snprintf(fifo, sizeof(fifo), "%s/ceilings.csv", d);
	assert_int_equal(mkfifo(fifo, 0644), 0);
	snprintf(big, sizeof(big), "%s/big.csv", d);
	FILE *f = fopen(big, "w");
	assert_non_null(f);
	fputs("quantity,value,unit\ndram_copy_bandwidth,3000,GB/s\n", f);
	fclose(f);
	assert_int_equal(truncate(big, (off_t)INPUT_MAX_BYTES + 1), 0);
	const char *paths[] = { fifo, "/dev/zero", big };
	const char *says[] = { "it is a FIFO", "it is a character device", "over the 64 MiB an input file may hold" };
	for (int i = 0; i < 3; i++) {
		const char *a[] = { "--stencil", "box2d1r", "--dtype", "fp64", "--method", "ebisu", "--hw", paths[i], NULL };
		int rc = model(a);
		if (rc != 2 || count_lines(err) != 1 || !strstr(err, paths[i]) || !strstr(err, says[i]) || out[0])
			fail_msg("--hw %s: exit %d, stderr '%s' (want exit 2 and one line naming it: %s)", paths[i], rc,
				 err, says[i]);
	}
	/* a run whose tcs-table3.csv is a FIFO, then /dev/zero (a link to it) */
	snprintf(cmd, sizeof(cmd), "cp %s/* %s/ && rm %s/tcs-table3.csv", repo_path("tests/fixtures/run-small"), run, run);
	assert_int_equal(system(cmd), 0);
	snprintf(fifo, sizeof(fifo), "%s/tcs-table3.csv", run);
	assert_int_equal(mkfifo(fifo, 0644), 0);
	const char *r[] = { "tcs-table3", "--run", run, "--outdir", outdir, "--root", repo_path("."), NULL };
	for (int i = 0; i < 2; i++) {
		int rc = run_tool("stencil-render", r, out, sizeof(out), err, sizeof(err));
		if (rc != 1 || count_lines(err) != 1 || !strstr(err, fifo) || !strstr(err, says[i]))
			fail_msg("run file %s: exit %d, stderr '%s' (want exit 1 and one line naming it: %s)", fifo, rc,
				 err, says[i]);
		assert_int_equal(unlink(fifo), 0);
		assert_int_equal(symlink("/dev/zero", fifo), 0);
	}
	snprintf(cmd, sizeof(cmd), "%s/tcs-table3.csv", outdir);
	assert_int_equal(access(cmd, F_OK), -1);   /* nothing written */
}

/* stencil-model --hw bounds a run's ceilings by the datasheet of the GPU its meta.csv beside them
 * names (the run's directory as the runner writes it): twice it or more is bad input, one line
 * naming FILE:LINE, the quantity and the bound; without a meta.csv only positive finite values */
static void test_hw_bounds(void **state)
{
	(void)state;
	char cmd[1400], hw[600];
	const char *run = temp_dir();
	const char *src = repo_path("tests/fixtures/run-older-protocol");
	snprintf(hw, sizeof(hw), "%s/ceilings.csv", run);
	const char *a[] = { "--hw", hw, "--stencil", "box2d1r", "--fusion", "1", "--dtype", "fp64", "--method",
			    "ebisu", "--csv", NULL };
	snprintf(cmd, sizeof(cmd), "cp %s/meta.csv %s/ && sed 's/^dram_copy_bandwidth,[0-9.]*,/dram_copy_bandwidth,1e308,/' "
		 "%s/ceilings.csv > %s", src, run, src, hw);
	assert_int_equal(system(cmd), 0);
	int rc = model(a);
	if (rc != 2 || count_lines(err) != 1 || out[0] ||
	    !strstr(err, ":2: quantity dram_copy_bandwidth: 1e+308 GB/s is not under 9600 GB/s, twice the H200 "
			 "datasheet's dram_copy_bandwidth (4800 GB/s") || !strstr(err, hw))
		fail_msg("exit %d, stderr '%s'", rc, err);
	/* the run's own ceilings load, and give the model its copy bandwidth */
	snprintf(cmd, sizeof(cmd), "cp %s/ceilings.csv %s", src, hw);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(model(a), 0);
	struct csv_table t;
	assert_string_equal(csv_cell("bw_gbps", &t), "3911.913006");
	csv_table_free(&t);
	/* a meta.csv there that does not read is bad input too */
	snprintf(cmd, sizeof(cmd), "rm %s/meta.csv && mkfifo %s/meta.csv", run, run);
	assert_int_equal(system(cmd), 0);
	rc = model(a);
	if (rc != 2 || count_lines(err) != 1 || !strstr(err, "meta.csv: it is a FIFO"))
		fail_msg("exit %d, stderr '%s'", rc, err);
}

/* make test renders the model-only targets first (experiments/targets.csv's kind model); check
 * what a reviewer would open: each figure a real PNG and an SVG (where gnuplot exists), each table
 * its Markdown. */
static void test_rendered_targets(void **state)
{
	static struct target_spec ts[RENDER_MAX_TARGETS];
	char rel[300], buf[4096], e[512];
	size_t nt, figures = 0;
	(void)state;
	if (render_targets_read(repo_path(""), ts, RENDER_MAX_TARGETS, &nt, e, sizeof(e)) != 0)
		fail_msg("%s", e);
	for (size_t i = 0; i < nt; i++) {
		FILE *f;
		size_t n;
		if (!render_target_is_model(&ts[i]))
			continue;
		if (!strstr(ts[i].outputs, ".png")) {   /* a table: its Markdown */
			snprintf(rel, sizeof(rel), "plots/out/%.*s", (int)strcspn(ts[i].outputs, " "), ts[i].outputs);
			f = fopen(repo_path(rel), "r");
			if (!f)
				fail_msg("%s was not rendered", rel);
			n = fread(buf, 1, sizeof(buf) - 1, f);
			buf[n] = '\0';
			fclose(f);
			assert_true(!strncmp(buf, "## ", 3));
			continue;
		}
		figures++;
		if (!have_gnuplot())
			continue;
		snprintf(rel, sizeof(rel), "plots/out/%s.png", ts[i].name);
		f = fopen(repo_path(rel), "rb");
		if (!f)
			fail_msg("%s was not rendered", rel);
		n = fread(buf, 1, sizeof(buf), f);
		fseek(f, 0, SEEK_END);
		assert_true(ftell(f) > 20000);                 /* a real plot, not an empty canvas */
		fclose(f);
		assert_true(n > 8 && memcmp(buf, "\x89PNG\r\n\x1a\n", 8) == 0);
		snprintf(rel, sizeof(rel), "plots/out/%s.svg", ts[i].name);
		struct svg_doc d;
		char why[1024];
		if (svg_texts_read(repo_path(rel), &d, why, sizeof(why)) != 0)
			fail_msg("%s was not rendered: %s", rel, why);
		const struct svg_text *title = svg_text_largest(&d);   /* the figure's title names it */
		assert_true(title && strstr(title->text, "Figure"));
		svg_doc_free(&d);
	}
	assert_true(figures > 0);
	FILE *f = fopen(repo_path("plots/out/tcs-table2-model.md"), "r");
	if (!f)
		fail_msg("plots/out/tcs-table2-model.md was not rendered");
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	assert_non_null(strstr(buf, "## tcs Table 2"));
	assert_non_null(strstr(buf, "| 10 | spider | box2d7r | 1 |"));
}

/* the renderer's and the comparer's options (cli_take_opt): an unknown one, one without its value
 * or with an empty one, and an empty run path, exit 2 with one line naming it */
static void test_tool_options(void **state)
{
	(void)state;
	const char *a[] = { "tcs-table2", "--bogus", "x", NULL }, *b[] = { "tcs-table2", "--run", NULL };
	const char *c[] = { "r1", "r2", "--bogus", "x", NULL }, *d[] = { "r1", "r2", "--outdir", NULL };
	/* an empty value is no value: --run '' rendered the model alone, exit 0 */
	const char *dir = temp_dir();
	const char *e[] = { "tcs-table2", "--run", "", "--outdir", dir, NULL };
	const char *f[] = { "tcs-table2", "--gpu", "", "--outdir", dir, NULL };
	const char *g[] = { "", "r2", NULL }, *h[] = { "r1", "r2", "--outdir", "", NULL };
	const struct { const char *tool, *const *args, *want; } cases[] = {
		{ "stencil-render", a, "unknown option '--bogus'" },
		{ "stencil-render", b, "option '--run' needs a value" },
		{ "stencil-compare", c, "unknown option '--bogus'" },
		{ "stencil-compare", d, "option '--outdir' needs a value" },
		{ "stencil-render", e, "option '--run' has an empty value ('')" },
		{ "stencil-render", f, "option '--gpu' has an empty value ('')" },
		{ "stencil-compare", g, "run 1 is an empty path ('')" },
		{ "stencil-compare", h, "option '--outdir' has an empty value ('')" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int rc = run_tool(cases[i].tool, cases[i].args, out, sizeof(out), err, sizeof(err));
		if (rc != 2 || count_lines(err) != 1 || !strstr(err, cases[i].want))
			fail_msg("%s case %zu: exit %d, stderr '%s' (want exit 2 and '%s')", cases[i].tool, i, rc,
				 err, cases[i].want);
	}
	char path[600];
	snprintf(path, sizeof(path), "%s/tcs-table2.csv", dir);
	assert_int_equal(access(path, F_OK), -1);   /* nothing rendered */
}

void run_cli_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_documented_invocations),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_report_tool),
		cmocka_unit_test(test_out_regular_files_only),
		cmocka_unit_test(test_input_regular_files_only),
		cmocka_unit_test(test_hw_bounds),
		cmocka_unit_test(test_rendered_targets),
		cmocka_unit_test(test_tool_options),
	};
	RUN_GROUP(r, "cli", tests);
}
