/*
 * test_page.c - make report's page (plots/render/page.h) without a browser: the page make report
 * wrote (plots/out/report/index.html) holds a section for every row of experiments/targets.csv,
 * every paper, the runs, the verdicts and every contradiction; every figure the renderer drew is
 * inline SVG, its title legible at the page's width; its element ids are unique; nothing in it is remote or a script; its verdict table
 * parsed back equals plots/out/verdicts.csv cell by cell. On scratch inputs: gnuplot's ids are
 * namespaced per figure, a new row of the target table appears by itself, and make compare's
 * outputs give the page of two runs side by side. Then, where headless Chromium is installed, the
 * browser check of make test-report (tests/report-browser.sh, its negative case included);
 * skipped by name where it is not.
 */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "csvio.h"
#include "page.h"
#include "render.h"
#include "svg-text.h"

/* the whole of a file, NUL-terminated (malloc'd); a file that does not read fails the test */
static char *slurp_file(const char *path)
{
	char *buf, err[512];
	size_t len;
	if (input_file_read(path, &buf, &len, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	buf = realloc(buf, len + 1);
	buf[len] = '\0';
	return buf;
}

/* make report's page, or NULL (the calling test skipped) where it has not been written */
static char *the_page(const char *test)
{
	const char *path = repo_path("plots/out/report/index.html");
	FILE *f = fopen(path, "r");
	if (!f) {
		test_note_skip(test, "no plots/out/report/index.html: make report writes it (make test does "
			       "without a GPU)");
		return NULL;
	}
	fclose(f);
	return slurp_file(path);
}

static void assert_holds(const char *page, const char *what)
{
	if (!strstr(page, what))
		fail_msg("the page lacks %s", what);
}

static void test_page_sections(void **state)
{
	(void)state;
	char *page = the_page(__func__), id[256];
	if (!page)
		skip();
	size_t n;
	const struct target_spec *ts = test_targets(&n);
	assert_holds(page, "<section id=\"runs\">");
	assert_holds(page, "<section id=\"verdicts\">");
	assert_holds(page, "<section id=\"contradictions\">");
	/* a page of the run data/runs/REFERENCE names says so (it once said "not the reference") */
	char ref[256] = "", want[400];
	FILE *rf = fopen(repo_path("data/runs/REFERENCE"), "r");
	if (rf && fgets(ref, sizeof(ref), rf)) {
		ref[strcspn(ref, "\n")] = '\0';
		snprintf(want, sizeof(want), "<li class=\"muted\">%s: not the reference run", ref);
		assert_null(strstr(page, want));
		snprintf(want, sizeof(want), "<li class=\"ok\">%s: the reference reproduction", ref);
		if (strstr(page, ref))
			assert_holds(page, want);
	}
	if (rf)
		fclose(rf);
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(ts[i].kind, "verdicts"))
			continue;
		snprintf(id, sizeof(id), "<section id=\"t-%s\">", ts[i].name);
		assert_holds(page, id);
		snprintf(id, sizeof(id), "<code>make %s", ts[i].name);
		assert_holds(page, id);
		if (strcmp(ts[i].paper, "none") && strcmp(ts[i].paper, "all")) {
			snprintf(id, sizeof(id), "<section id=\"p-%s\">", ts[i].paper);
			assert_holds(page, id);
		}
	}
	struct csv_table c;
	char err[512];
	if (csv_table_read(repo_path("data/paper/contradictions.csv"), &c, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	for (size_t r = 0; r < c.nrows; r++) {
		snprintf(id, sizeof(id), "id=\"contradiction-%s\"", csv_table_get(&c, r, "id"));
		assert_holds(page, id);
	}
	csv_table_free(&c);
	free(page);
}

/* every SVG the renderer and the model drew, inline, its ids namespaced; nothing remote */
static void test_page_figures_inline(void **state)
{
	(void)state;
	char *page = the_page(__func__), want[512], path[512];
	if (!page)
		skip();
	size_t n, figures = 0;
	const struct target_spec *ts = test_targets(&n);
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "plots/out/%s.svg", ts[i].name);
		FILE *f = fopen(repo_path(path), "r");
		if (!f)
			continue;
		fclose(f);
		snprintf(want, sizeof(want), "<figure id=\"f-%s\" class=\"plot\">\n<svg", ts[i].name);
		assert_holds(page, want);
		snprintf(want, sizeof(want), "id=\"f-%s-gnuplot_canvas\"", ts[i].name);
		assert_holds(page, want);
		figures++;
	}
	assert_true(figures >= 10);
	static const char *const remote[] = { "<script", "<img", "<link", "<iframe", "@import", " src=",
					      "url(http", "href=\"http", "href='http" };
	for (size_t k = 0; k < sizeof(remote) / sizeof(remote[0]); k++)
		if (strstr(page, remote[k]))
			fail_msg("the page holds %s", remote[k]);
	/* "http" only in the SVG namespaces */
	for (const char *s = strstr(page, "http"); s; s = strstr(s + 1, "http"))
		if (strncmp(s, "http://www.w3.org/", 18))
			fail_msg("the page names a remote address: %.60s", s);
	free(page);
}

/* the number after key in the page's CSS rule that starts with rule ("body{"), or -1 */
static double css_px(const char *page, const char *rule, const char *key)
{
	const char *r = strstr(page, rule), *end = r ? strchr(r, '}') : NULL, *k = r ? strstr(r, key) : NULL;
	return k && k < end ? strtod(k + strlen(key), NULL) : -1;
}

/* Every inline figure legible at the page's widest: its content width (body's max-width less its
 * padding, from the page's own CSS) over the SVG's canvas width scales its title (the largest text
 * that is no mark) to at least 11 page pixels (a figure's SVG is drawn at the content width, never
 * wider than its canvas: figure svg{width:100%}) */
static void test_page_figures_legible(void **state)
{
	(void)state;
	char *page = the_page(__func__), err[512], name[96];
	if (!page)
		skip();
	const double maxw = css_px(page, "body{", "max-width:"), pad = css_px(page, "body{", "padding:0 ");
	assert_true(maxw > 0 && pad >= 0);
	const double content = maxw - 2 * pad;
	size_t figures = 0;
	for (const char *f = strstr(page, "<figure id=\""); f; f = strstr(f + 1, "<figure id=\"")) {
		struct svg_doc d;
		snprintf(name, sizeof(name), "%.*s", (int)strcspn(f + 12, "\""), f + 12);
		if (svg_texts_parse(f, name, &d, err, sizeof(err)) != 0)
			fail_msg("%s", err);
		const struct svg_text *title = svg_text_largest(&d);
		const double scale = content < d.width ? content / d.width : 1, px = title ? title->size * scale : 0;
		if (px < 11)
			fail_msg("figure %s: its title (\"%s\", %.0f px on its %.0f px canvas) is %.1f px high at the page's "
				 "%.0f px width (11 at least)", name, title ? title->text : "none", title ? title->size : 0, d.width,
				 px, content);
		svg_doc_free(&d);
		figures++;
	}
	assert_true(figures >= 10);
	free(page);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the ids of an HTML text (id="X" or id='X' after white space) unique: how many */
static size_t assert_ids_unique(const char *page)
{
	size_t cap = 1024, n = 0;
	char **ids = malloc(cap * sizeof(*ids));
	for (const char *s = page; (s = strstr(s, "id=")); s += 3) {
		if (s == page || !strchr(" \t\n", s[-1]) || (s[3] != '"' && s[3] != '\''))
			continue;
		const char *end = strchr(s + 4, s[3]);
		if (!end)
			break;
		if (n == cap)
			ids = realloc(ids, (cap *= 2) * sizeof(*ids));
		ids[n++] = strndup(s + 4, (size_t)(end - s - 4));
	}
	qsort(ids, n, sizeof(*ids), cmp_str);
	for (size_t i = 1; i < n; i++)
		if (!strcmp(ids[i], ids[i - 1]))
			fail_msg("the id '%s' is given twice", ids[i]);
	for (size_t i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
	return n;
}

static void test_page_ids_unique(void **state)
{
	(void)state;
	char *page = the_page(__func__);
	if (!page)
		skip();
	assert_true(assert_ids_unique(page) > 100);
	free(page);
}

/* an HTML cell's text unescaped into out */
static void unescape(const char *s, size_t len, char *out, size_t outlen)
{
	static const char *const ent[][2] = { { "&amp;", "&" }, { "&lt;", "<" }, { "&gt;", ">" },
					      { "&quot;", "\"" } };
	size_t o = 0;
	for (size_t i = 0; i < len && o + 1 < outlen;) {
		size_t k = 0;
		while (k < 4 && strncmp(s + i, ent[k][0], strlen(ent[k][0])))
			k++;
		if (k < 4) {
			out[o++] = ent[k][1][0];
			i += strlen(ent[k][0]);
		} else {
			out[o++] = s[i++];
		}
	}
	out[o] = '\0';
}

/* the verdict table's headings: one a column the CSV holds, render.h's words for it (no column's
 * name); its number of columns into *n */
static void check_verdict_headings(const char *table, const struct csv_table *v, size_t *n)
{
	char col[128], heading[256];
	const char *row_end = strstr(table, "</tr>");
	*n = 0;
	for (const char *th = strstr(table, "<th data-col=\""); th && th < row_end; th = strstr(th + 1, "<th data-col=\"")) {
		const char *name = th + 14, *q = strchr(name, '"'), *gt = strchr(q, '>'), *close = strstr(gt, "</th>");
		snprintf(col, sizeof(col), "%.*s", (int)(q - name), name);
		unescape(gt + 1, (size_t)(close - gt - 1), heading, sizeof(heading));
		size_t k = 0;
		while (k < render_verdict_ncols && strcmp(render_verdict_cols[k].csv, col))
			k++;
		if (k == render_verdict_ncols || csv_table_col(v, col) < 0)
			fail_msg("the verdict table's column %s is not one of render_verdict_cols held by verdicts.csv", col);
		if (strcmp(heading, render_verdict_cols[k].heading) || strchr(heading, '_'))
			fail_msg("the column %s is headed '%s', not in words ('%s')", col, heading, render_verdict_cols[k].heading);
		(*n)++;
	}
}

/* what the page's cell of column col says of claim r: the CSV's text, the measured values merged
 * as verdicts.md merges them; NULL for what it rests on (links) */
static const char *verdict_want(const struct csv_table *v, size_t r, const char *col, char *buf, size_t len)
{
	const char *text = csv_table_get(v, r, col);
	if (!strcmp(col, "basis"))
		return NULL;
	if (strcmp(col, "measured_text"))
		return text;
	const char *d = csv_table_get(v, r, "paper_defined_text");
	render_verdict_measured(buf, len, text, strcmp(d, text) ? d : "", csv_table_get(v, r, "replicas"));
	return buf;
}

/* the verdict table read back: its headings in words, each claim's row, each cell by its data-col
 * equal to what the CSV says, and no two of its columns alike on half its rows or more */
static void test_page_verdicts(void **state)
{
	(void)state;
	char *page = the_page(__func__), err[512], want[4096], (*cells)[16][512];
	if (!page)
		skip();
	struct csv_table v;
	if (csv_table_read(repo_path("plots/out/verdicts.csv"), &v, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	const char *table = strstr(page, "<table id=\"verdict-table\">");
	assert_non_null(table);
	const char *end = strstr(table, "</table>");
	size_t rows = 0, ncols;
	check_verdict_headings(table, &v, &ncols);
	assert_true(ncols >= 9 && ncols <= 16);   /* the columns a reader reads (render.h) */
	cells = calloc(v.nrows, sizeof(*cells));
	for (const char *tr = strstr(table, "<tr id=\"claim-"); tr && tr < end; tr = strstr(tr + 1, "<tr id=\"claim-")) {
		const char *tr_end = strstr(tr, "</tr>");
		size_t cols = 0;
		assert_true(rows < v.nrows);
		for (const char *td = strstr(tr, "<td data-col=\""); td && td < tr_end;
		     td = strstr(td + 1, "<td data-col=\"")) {
			char col[128], cell[4096];
			const char *name = td + 14, *q = strchr(name, '"'), *gt = strchr(q, '>');
			const char *close = strstr(gt, "</td>");
			snprintf(col, sizeof(col), "%.*s", (int)(q - name), name);
			unescape(gt + 1, (size_t)(close - gt - 1), cell, sizeof(cell));
			if (!csv_table_get(&v, rows, col))
				fail_msg("the page's column %s is not verdicts.csv's", col);
			const char *w = verdict_want(&v, rows, col, want, sizeof(want));
			if (w && strcmp(cell, w))
				fail_msg("claim %zu, %s: the page says '%s', verdicts.csv '%s'", rows + 1, col, cell, w);
			snprintf(cells[rows][cols < 15 ? cols : 15], sizeof(cells[0][0]), "%s", cell);
			cols++;
		}
		assert_int_equal(cols, ncols);
		rows++;
	}
	assert_int_equal(rows, v.nrows);
	for (size_t a = 0; a < ncols; a++)   /* two columns that say the same thing are one column */
		for (size_t b = a + 1; b < ncols; b++) {
			size_t same = 0;
			for (size_t r = 0; r < rows; r++)
				same += !strcmp(cells[r][a], cells[r][b]);
			if (2 * same >= rows)
				fail_msg("the verdict table's columns %zu and %zu are alike on %zu of %zu rows", a + 1, b + 1, same,
					 rows);
		}
	free(cells);
	/* the counts line: each verdict's count, as the CSV holds them */
	const char *counts = strstr(page, "<p id=\"verdict-counts\">");
	assert_non_null(counts);
	size_t total = 0;
	for (const char *sp = strstr(counts, "<span data-verdict=\""); sp && sp < strstr(counts, "</p>");
	     sp = strstr(sp + 1, "<span data-verdict=\"")) {
		char verdict[128];
		size_t n = 0, nwant = 0;
		if (sscanf(sp, "<span data-verdict=\"%127[^\"]\">%zu", verdict, &n) != 2)
			fail_msg("a count that does not read: %.60s", sp);
		for (size_t r = 0; r < v.nrows; r++)
			nwant += !strcmp(csv_table_get(&v, r, "verdict"), verdict);
		if (n != nwant)
			fail_msg("the page counts %zu '%s', verdicts.csv %zu", n, verdict, nwant);
		total += n;
	}
	assert_int_equal(total, v.nrows);
	csv_table_free(&v);
	free(page);
}

/* gnuplot's ids and references to them prefixed; nothing else touched */
static void test_page_svg_ids(void **state)
{
	(void)state;
	const char *svg = write_temp("<?xml version=\"1.0\"?>\n<svg width=\"10\">\n<g id=\"gnuplot_canvas\">\n"
				     "<path id='gpPt0' d='M0,0'/>\n<use xlink:href='#gpPt0' id='gpPt1'/>\n"
				     "<polygon fill = 'url(#gpPat1)' points='0,0'/><text>grid='0'</text>\n"
				     "<g id=\"gnuplot_plot_1\"/><g id=\"gnuplot_plot_1\"/></g></svg>\n", 0);
	char out[4096] = "", err[256];
	FILE *f = fmemopen(out, sizeof(out) - 1, "w");
	assert_int_equal(page_svg_inline(f, svg, "f-x", err, sizeof(err)), 0);
	fclose(f);
	assert_null(strstr(out, "<?xml"));
	assert_non_null(strstr(out, "<g id=\"f-x-gnuplot_canvas\">"));
	assert_non_null(strstr(out, "<path id='f-x-gpPt0'"));
	assert_non_null(strstr(out, "<use xlink:href='#f-x-gpPt0' id='f-x-gpPt1'/>"));
	assert_non_null(strstr(out, "fill = 'url(#f-x-gpPat1)'"));
	assert_non_null(strstr(out, "<text>grid='0'</text>"));
	assert_non_null(strstr(out, "<g id=\"f-x-gnuplot_plot_1\"/><g id=\"f-x-1-gnuplot_plot_1\"/>"));
	assert_int_equal(assert_ids_unique(out), 5);
	char ns[64];
	page_figure_ns(ns, sizeof(ns), "plots/out/tcs-figure10-run.svg");
	assert_string_equal(ns, "f-tcs-figure10-run");
	const char *empty = write_temp("<g id='x'/>\n", 1);
	f = fopen("/dev/null", "w");
	assert_int_equal(page_svg_inline(f, empty, "f-y", err, sizeof(err)), -1);
	fclose(f);
}

/* a scratch root: the target table with one more figure row (named name, a copy of the first
 * figure's), the papers' names and contradictions */
static const char *scratch_root(const char *name)
{
	const char *root = temp_dir();
	char cmd[2048], path[512];
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s/experiments' '%s/data/paper' && cp '%s' '%s' '%s/data/paper/'",
		 root, root, repo_path("data/paper/papers.csv"), repo_path("data/paper/contradictions.csv"), root);
	assert_int_equal(system(cmd), 0);
	const char *fig = test_target_of_kind("figure"), *table = slurp_file(repo_path("experiments/targets.csv"));
	char row[4096];
	snprintf(row, sizeof(row), "\n%s,", fig);
	const char *at = strstr(table, row);
	assert_non_null(at);
	const char *eol = strchr(at + 1, '\n');
	snprintf(path, sizeof(path), "%s/experiments/targets.csv", root);
	FILE *f = fopen(path, "w");
	fprintf(f, "%s%s,%.*s\n", table, name, (int)(eol - at - 2 - strlen(fig)), at + 2 + strlen(fig));
	fclose(f);
	free((void *)table);
	return root;
}

static void test_page_new_target(void **state)
{
	(void)state;
	static const char name[] = "zz-figure99";
	const char *root = scratch_root(name), *out = temp_dir();
	char path[512], err[512], page[512];
	snprintf(path, sizeof(path), "%s/%s.md", out, name);
	put_file(path, "## a new figure on no run\n\nIts note.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n");
	snprintf(path, sizeof(path), "%s/%s.svg", out, name);
	put_file(path, "<svg viewBox=\"0 0 10 10\"><g id=\"gnuplot_canvas\"><path id='gpPt0' d='M0,0 L9,9'/></g></svg>\n");
	snprintf(page, sizeof(page), "%s/index.html", out);
	struct page_opts o = { root, out, NULL, page };
	if (page_write(&o, err, sizeof(err)) != 0)
		fail_msg("page_write: %s", err);
	char *html = slurp_file(page), want[256];
	snprintf(want, sizeof(want), "<section id=\"t-%s\">", name);
	assert_holds(html, want);
	snprintf(want, sizeof(want), "<figure id=\"f-%s\" class=\"plot\">", name);
	assert_holds(html, want);
	assert_holds(html, "<td>1</td><td>2</td>");
	assert_holds(html, "Provenance: a new figure on no run");
	assert_holds(html, "not rendered here");   /* the table's other targets: nothing in out */
	assert_ids_unique(html);
	free(html);
}

/* dir/name holding text */
static void put_in(const char *dir, const char *name, const char *text)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	put_file(path, text);
}

/* the page (at page) of make compare's outputs in out, its runs.csv written here naming the runs
 * one and two; its text */
static char *compare_page(const char *one, const char *two, const char *out, const char *page)
{
	char path[512], err[1024];
	snprintf(path, sizeof(path), "%s/runs.csv", out);
	FILE *f = fopen(path, "w");
	fprintf(f, "k,label,gpu,run,commits\n1,H200 #1,NVIDIA H200,%s,abc\n2,H200 #2,NVIDIA H200,%s,abc\n", one, two);
	fclose(f);
	struct page_opts o = { repo_path("."), repo_path("plots/out"), out, page };
	if (page_write(&o, err, sizeof(err)) != 0)
		fail_msg("page_write: %s", err);
	return slurp_file(page);
}

/* make compare's outputs (plots/render/compare.h: runs.csv, index.md, a target's joined table) for
 * two copies of the small fixture run: the page of both side by side */
static void test_page_compare(void **state)
{
	(void)state;
	const char *dir = temp_dir(), *table = test_target_of_kind("table");
	char one[256], two[256], out[256], cmd[2048], page[300], path[512];
	snprintf(one, sizeof(one), "%s/one", dir);
	snprintf(two, sizeof(two), "%s/two", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(cmd, sizeof(cmd), "cp -r '%s' '%s' && cp -r '%s' '%s' && mkdir '%s'", repo_path("tests/fixtures/run-small"),
		 one, repo_path("tests/fixtures/run-small"), two, out);
	assert_int_equal(system(cmd), 0);
	snprintf(path, sizeof(path), "%s.md", table);
	put_in(out, "index.md", "## the ratios\n\n| target | ratio |\n| --- | --- |\n| x | 0.5 |\n");
	put_in(out, path, "## compared\n\n| case | GStencil/s H200 #1 | GStencil/s H200 #2 |\n| --- | --- | --- |\n"
			  "| 1 | 2 | 1 |\n");
	/* the compared verdicts: each run's beside the other's, no verdict column of one run */
	put_in(out, "verdicts.csv", "id,config,measured_1,measured_2,measured_2_over_1,verdict_1,verdict_2\n"
				    "tcs-q-flat-2d,,0.02,0.02,1,holds,holds\n");
	put_in(out, "verdicts.md", "## the verdicts compared\n\n| id | verdict H200 #1 | verdict H200 #2 |\n"
				   "| --- | --- | --- |\n| tcs-q-flat-2d | holds | holds |\n");
	snprintf(page, sizeof(page), "%s/page.html", dir);
	char *html = compare_page(one, two, out, page), want[700];
	assert_holds(html, "<th>verdict H200 #1</th><th>verdict H200 #2</th>");
	assert_holds(html, "GPUs side by side");
	assert_holds(html, "<section id=\"compare-index\">");
	assert_holds(html, "<td>H200 #1</td><td>H200 #2</td>");
	snprintf(want, sizeof(want), "<td>%s</td><td>%s</td>", one, two);
	assert_holds(html, want);
	assert_holds(html, "<code>make compare RUNS=&quot;one two&quot;");
	assert_holds(html, "<th>GStencil/s H200 #1</th>");
	assert_ids_unique(html);
	free(html);
}

/* a run's meta.csv of two invocations, the ceilings' and the lists', each "START END" (run_id's
 * stamp, date_utc) */
static void span_run(const char *dir, const char *ceilings, const char *lists)
{
	char text[2048], a[2][32], b[2][32];
	sscanf(ceilings, "%31s %31s", a[0], b[0]);
	sscanf(lists, "%31s %31s", a[1], b[1]);
	mkdir(dir, 0755);
	snprintf(text, sizeof(text), "run_id,tool,date_utc,gpu_name,gpu_uuid,git_commit,git_dirty,protocol\n"
		 "%s-1,stencilbench ceilings,%s,NVIDIA H200,GPU-1,abcdef1,no,p\n"
		 "%s-2,stencilbench run,%s,NVIDIA H200,GPU-1,abcdef1,no,p\n", a[0], b[0], a[1], b[1]);
	put_in(dir, "meta.csv", text);
}

/* the runs' span from each one's start (its first invocation's, not the ceilings' end) to its end,
 * beside the wall time from the same invocations: equal for a run in one go, the time with no
 * invocation running said where there is some */
static void test_page_run_span(void **state)
{
	(void)state;
	const char *dir = temp_dir();
	char one[256], two[256], out[256], page[300];
	snprintf(one, sizeof(one), "%s/one", dir);
	snprintf(two, sizeof(two), "%s/two", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(page, sizeof(page), "%s/page.html", dir);
	span_run(one, "20261127T220910Z 2026-11-27T22:10:00Z", "20261127T221000Z 2026-11-27T22:27:13Z");
	span_run(two, "20261127T220000Z 2026-11-27T22:01:00Z", "20261127T221000Z 2026-11-27T22:20:00Z");
	mkdir(out, 0755);
	char *html = compare_page(one, two, out, page);
	assert_holds(html, "<th scope=\"row\">start to end (UTC)</th><td>2026-11-27 22:09:10 to 2026-11-27 22:27:13: "
			   "1083 s from the run's start to its end</td><td>2026-11-27 22:00:00 to 2026-11-27 22:20:00: "
			   "1200 s from the run's start to its end, 540 s of them with no invocation running, which the "
			   "wall time leaves out</td>");
	assert_holds(html, "<th scope=\"row\">wall time</th><td>1083 s (");
	assert_holds(html, "</td><td>660 s (");
	free(html);
}

static void test_page_browser(void **state)
{
	(void)state;
	if (system("command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || "
		   "command -v google-chrome >/dev/null 2>&1") != 0) {
		test_skip("no headless Chromium here: make test-report's browser check not run "
			  "(scripts/deps.sh report installs it)");
	}
	char *page = the_page(__func__), cmd[2048];
	if (!page)
		skip();
	free(page);
	snprintf(cmd, sizeof(cmd), "cd '%s' && tests/report-browser.sh plots/out/report/index.html %s/report-check "
		 "> %s/report-check.log 2>&1", repo_path("."), test_build_dir, test_build_dir);
	const int rc = system(cmd);
	if (!WIFEXITED(rc) || WEXITSTATUS(rc) != 0) {
		snprintf(cmd, sizeof(cmd), "%s/report-check.log", test_build_dir);
		fail_msg("tests/report-browser.sh failed:\n%s", read_text(cmd));
	}
}

void run_page_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_page_sections),
		cmocka_unit_test(test_page_figures_inline),
		cmocka_unit_test(test_page_figures_legible),
		cmocka_unit_test(test_page_ids_unique),
		cmocka_unit_test(test_page_verdicts),
		cmocka_unit_test(test_page_svg_ids),
		cmocka_unit_test(test_page_new_target),
		cmocka_unit_test(test_page_compare),
		cmocka_unit_test(test_page_run_span),
		cmocka_unit_test(test_page_browser),
	};
	RUN_GROUP(r, "page", tests);
}
