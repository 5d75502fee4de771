/*
 * page.c - the page (page.h): its skeleton, the verdicts (plots/out/verdicts.csv: the columns a
 * reader reads, headed in words as verdicts.md heads them from render.h's one list of them, each
 * claim linked to the tables and figures it rests on; make compare's verdicts as its Markdown
 * table), a section a paper in the order experiments/targets.csv first names them with a
 * subsection a target in the table's order, a section of its own for each target of no paper, and
 * the papers' contradictions (data/paper/contradictions.csv, also as REPRODUCE.md's Markdown list).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "page-int.h"

static const struct target_spec *target_named(const struct page *p, const char *name, size_t len)
{
	for (size_t i = 0; i < p->nts; i++)
		if (strlen(p->ts[i].name) == len && !strncmp(p->ts[i].name, name, len))
			return &p->ts[i];
	return NULL;
}

/* ---- the verdicts ---- */

static int put_table(struct page *p, const char *path);   /* below: a Markdown output as HTML */

/* the targets a text names, as links (only those the page holds) */
static void link_targets(const struct page *p, const char *text)
{
	const char *s = text;
	int any = 0;
	while (*s) {
		const size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-");
		const struct target_spec *t = n ? target_named(p, s, n) : NULL;
		if (t && strcmp(t->kind, "verdicts")) {
			fprintf(p->f, "%s<a href=\"#t-%s\">%s</a>", any ? " " : "", t->name, t->name);
			any = 1;
		}
		s += n ? n : 1;
	}
}

/* a claim's cell of column col (render_verdict_cols): the measured values merged into one cell, as
 * verdicts.md has them (the CSV's paper-defined text repeats the raw one where the claim has none
 * of its own: "= raw" then); what it rests on as links; every other column its CSV text */
static void verdict_cell(struct page *p, const struct csv_table *t, size_t r, const struct verdict_col *col)
{
	const char *v = csv_table_get(t, r, "verdict"), *text = csv_table_get(t, r, col->csv);
	char merged[4096];
	fprintf(p->f, "<td data-col=\"%s\"", col->csv);
	if (!strcmp(col->csv, "verdict_text"))   /* its class the verdict's first word: v-holds, ... */
		fprintf(p->f, " class=\"v-%.*s\"", (int)strcspn(v, ": "), v);
	fputc('>', p->f);
	if (!strcmp(col->csv, "basis")) {
		for (size_t c = 0; c < t->ncols; c++)
			if (!strcmp(t->header[c], "basis") || !strncmp(t->header[c], "targets", 7))
				link_targets(p, t->cells[r][c]);
	} else if (!strcmp(col->csv, "measured_text")) {
		const char *d = csv_table_get(t, r, "paper_defined_text"), *reps = csv_table_get(t, r, "replicas");
		render_verdict_measured(merged, sizeof(merged), text, d && strcmp(d, text) ? d : "", reps);
		ph_esc(p->f, merged);
	} else {
		ph_esc(p->f, text);
	}
	fputs("</td>", p->f);
}

/* the table: render_verdict_cols' columns that the CSV holds, each heading in words */
static void verdict_table(struct page *p, const struct csv_table *t)
{
	fputs("<div class=\"scroll\"><table id=\"verdict-table\">\n<tr>", p->f);
	for (size_t k = 0; k < render_verdict_ncols; k++)
		if (csv_table_col(t, render_verdict_cols[k].csv) >= 0) {
			fprintf(p->f, "<th data-col=\"%s\">", render_verdict_cols[k].csv);
			ph_esc(p->f, render_verdict_cols[k].heading);
			fputs("</th>", p->f);
		}
	fputs("</tr>\n", p->f);
	for (size_t r = 0; r < t->nrows; r++) {
		fprintf(p->f, "<tr id=\"claim-%zu\">", r + 1);
		for (size_t k = 0; k < render_verdict_ncols; k++)
			if (csv_table_col(t, render_verdict_cols[k].csv) >= 0)
				verdict_cell(p, t, r, &render_verdict_cols[k]);
		fputs("</tr>\n", p->f);
	}
	fputs("</table></div>", p->f);
}

/* the verdicts counted, each verdict once in the order it first comes: the line a reader compares
 * with the documents' (REPRODUCE.md's appendix table counts them per target from the same CSV) */
static void verdict_counts(FILE *f, const struct csv_table *t)
{
	fputs("<p id=\"verdict-counts\">", f);
	for (size_t r = 0; r < t->nrows; r++) {
		const char *v = csv_table_get(t, r, "verdict");
		size_t n = 0, first = 1;
		for (size_t q = 0; q < t->nrows; q++) {
			n += !strcmp(csv_table_get(t, q, "verdict"), v);
			first &= q >= r || strcmp(csv_table_get(t, q, "verdict"), v);
		}
		if (first)
			fprintf(f, "%s<span data-verdict=\"%s\">%zu</span> %s", r ? ", " : "", v, n, v);
	}
	fputs("</p>\n", f);
}

/* the verdicts of one run: their counts and the table; of make compare's runs (a CSV of each
 * run's verdict beside the others', no verdict or measured_text column): its Markdown table */
static void page_verdicts(struct page *p, const struct target_spec *vt)
{
	char path[1024], err[512];
	struct csv_table t;
	fprintf(p->f, "<section id=\"verdicts\"><h2>%s</h2>\n", vt ? "Verdicts: the papers' claims" : "Verdicts");
	snprintf(path, sizeof(path), "%s/%s.csv", vt ? page_src(p, vt) : p->o->outdir, vt ? vt->name : "");
	if (!vt || csv_table_read(path, &t, err, sizeof(err)) != 0) {
		fprintf(p->f, "<p class=\"warn\">no verdicts rendered here: <code>make %s</code></p></section>\n",
			vt ? vt->name : "");
		return;
	}
	if (csv_table_col(&t, "verdict") < 0 || csv_table_col(&t, "measured_text") < 0) {
		snprintf(path, sizeof(path), "%s/%s.md", page_src(p, vt), vt->name);
		put_table(p, path);
	} else {
		fprintf(p->f, "<p class=\"prov\">%zu claims; the table and figure each rests on linked; "
			"<code>make %s</code> remakes it (<code>%s.csv</code>).</p>\n", t.nrows, vt->name, vt->name);
		verdict_counts(p->f, &t);
		verdict_table(p, &t);
	}
	fputs("</section>\n", p->f);
	csv_table_free(&t);
}

/* ---- a target's subsection ---- */

/* each of a target's files with suffix (".svg", ".md"), through fn: a rendered target's own
 * TARGET.SUFFIX (and, drawn beside a run, TARGET-run.svg), a model target's outputs */
static int each_file(struct page *p, const struct target_spec *t, const char *suffix,
		     int (*fn)(struct page *, const char *))
{
	char path[1024], outs[sizeof(t->outputs)];
	int n = 0;
	snprintf(path, sizeof(path), "%s/%s-run%s", p->o->outdir, t->name, suffix);
	if (render_target_is_model(t) && t->inputs[0] && !p->o->compare && ph_exists(path))
		n += fn(p, path) == 0;
	if (!render_target_is_model(t)) {
		snprintf(path, sizeof(path), "%s/%s%s", page_src(p, t), t->name, suffix);
		return n + (ph_exists(path) && fn(p, path) == 0);
	}
	snprintf(outs, sizeof(outs), "%s", t->outputs);
	for (char *save, *w = strtok_r(outs, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		const size_t l = strlen(w), sl = strlen(suffix);
		snprintf(path, sizeof(path), "%s/%s", p->o->outdir, w);
		if (l > sl && !strcmp(w + l - sl, suffix) && ph_exists(path))
			n += fn(p, path) == 0;
	}
	return n;
}

static int put_figure(struct page *p, const char *path)
{
	char ns[256], err[512];
	page_figure_ns(ns, sizeof(ns), path);
	fprintf(p->f, "<figure id=\"%s\" class=\"plot\">\n", ns);
	const int rc = page_svg_inline(p->f, path, ns, err, sizeof(err));
	if (rc != 0)
		fprintf(p->f, "<p class=\"warn\">%s</p>", err);
	fputs("\n</figure>\n", p->f);
	return rc;
}

static int put_table(struct page *p, const char *path)
{
	char title[2048];
	ph_first_line(path, title, sizeof(title));
	if (!strncmp(title, "## ", 3)) {
		fputs("<p class=\"prov\">Provenance: ", p->f);
		ph_esc(p->f, title + 3);
		fputs("</p>\n", p->f);
	}
	fputs("<div class=\"md\">\n", p->f);
	const int rc = ph_markdown(p->f, path, title, sizeof(title));
	fputs("</div>\n", p->f);
	return rc;
}

static void remake_command(struct page *p, const struct target_spec *t)
{
	const char *run = page_run_of(p, t->name), *name = strrchr(run, '/');
	fputs("<p class=\"cmd\">Remade by <code>", p->f);
	if (p->o->compare && !render_target_is_model(t))
		fprintf(p->f, "make compare RUNS=&quot;%s&quot;", p->runs_arg);
	else
		fprintf(p->f, "make %s%s%s", t->name, *run ? " RUN=" : "", *run ? (name ? name + 1 : run) : "");
	fputs("</code>", p->f);
	if (*run)
		fprintf(p->f, " from the run <code>%s</code>", run);
	fputs("</p>\n", p->f);
}

static void page_target(struct page *p, const struct target_spec *t, int level)
{
	fprintf(p->f, "<section id=\"t-%s\"><h%d>", t->name, level);
	ph_esc(p->f, t->title[0] ? t->title : t->help);
	fprintf(p->f, " <span class=\"muted\">(%s)</span></h%d>\n", t->name, level);
	remake_command(p, t);
	const int figs = each_file(p, t, ".svg", put_figure), tables = each_file(p, t, ".md", put_table);
	if (!figs && !tables)
		fprintf(p->f, "<p class=\"warn\">not rendered here: <code>make %s</code> renders it</p>\n", t->name);
	fputs("</section>\n", p->f);
}

/* ---- the papers ---- */

static const char *paper_title(const struct page *p, const char *prefix)
{
	for (size_t r = 0; r < p->papers.nrows; r++)
		if (!strcmp(csv_table_get(&p->papers, r, "prefix"), prefix))
			return csv_table_get(&p->papers, r, "title");
	return prefix;
}

/* whether paper was named by a row before row i */
static int paper_seen(const struct page *p, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!strcmp(p->ts[k].paper, p->ts[i].paper))
			return 1;
	return 0;
}

static int is_paper(const char *paper)
{
	return strcmp(paper, "none") && strcmp(paper, "all");
}

static void page_papers(struct page *p)
{
	for (size_t i = 0; i < p->nts; i++) {
		const struct target_spec *t = &p->ts[i];
		if (!is_paper(t->paper)) {
			if (!strcmp(t->paper, "none"))
				page_target(p, t, 2);
			continue;
		}
		if (paper_seen(p, i))
			continue;
		fprintf(p->f, "<section id=\"p-%s\"><h2>", t->paper);
		ph_esc(p->f, paper_title(p, t->paper));
		fprintf(p->f, " <span class=\"muted\">(%s)</span></h2>\n", t->paper);
		for (size_t k = i; k < p->nts; k++)
			if (!strcmp(p->ts[k].paper, t->paper))
				page_target(p, &p->ts[k], 3);
		fputs("</section>\n", p->f);
	}
}

/* ---- the contradictions ---- */

static int read_contradictions(const char *root, struct csv_table *t, char *err, size_t errlen)
{
	static const char *const cols[] = { "id", "paper", "contradiction", "source", NULL };
	char path[1024];
	snprintf(path, sizeof(path), "%s/data/paper/contradictions.csv", root);
	return csv_table_read_need(path, t, cols, err, errlen);
}

static void page_contradictions(struct page *p)
{
	struct csv_table t;
	char err[512];
	fputs("<section id=\"contradictions\"><h2>Contradictions within the papers</h2>\n", p->f);
	if (read_contradictions(p->o->root, &t, err, sizeof(err)) != 0) {
		fprintf(p->f, "<p class=\"warn\">%s</p></section>\n", err);
		return;
	}
	fputs("<p>Both values are kept wherever a paper disagrees with itself; the harness computes from "
	      "the formula and shows the printed value beside it (<code>data/paper/contradictions.csv</code>)."
	      "</p>\n", p->f);
	for (size_t r = 0; r < t.nrows; r++) {
		const char *paper = csv_table_get(&t, r, "paper");
		if (!r || strcmp(paper, csv_table_get(&t, r - 1, "paper"))) {
			fprintf(p->f, "%s<h3>", r ? "</ol>\n" : "");
			ph_esc(p->f, paper_title(p, paper));
			fputs("</h3>\n<ol>\n", p->f);
		}
		fprintf(p->f, "<li value=\"%s\" id=\"contradiction-%s\">", csv_table_get(&t, r, "id"),
			csv_table_get(&t, r, "id"));
		ph_inline(p->f, csv_table_get(&t, r, "contradiction"));
		fputs(" <span class=\"src\">Sources: ", p->f);
		ph_esc(p->f, csv_table_get(&t, r, "source"));
		fputs(".</span></li>\n", p->f);
	}
	fputs(t.nrows ? "</ol>\n</section>\n" : "</section>\n", p->f);
	csv_table_free(&t);
}

/* Markdown: "N. text (Sources: ...)", wrapped at 100 columns under its number */
static void md_item(FILE *f, const char *id, const char *text, const char *source)
{
	char buf[8192], indent[8];
	snprintf(buf, sizeof(buf), "%s. %s (Sources: %s.)", id, text, source);
	snprintf(indent, sizeof(indent), "%*s", (int)strlen(id) + 2, "");
	size_t col = 0;
	for (char *save, *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		if (col && col + 1 + strlen(w) > 99) {
			fprintf(f, "\n%s", indent);
			col = strlen(indent);
		} else if (col) {
			fputc(' ', f);
			col++;
		}
		fputs(w, f);
		col += strlen(w);
	}
	fputc('\n', f);
}

int page_contradictions_md(const char *root, FILE *f, char *err, size_t errlen)
{
	struct csv_table t;
	if (read_contradictions(root, &t, err, errlen) != 0)
		return -1;
	for (size_t r = 0; r < t.nrows; r++) {
		const char *paper = csv_table_get(&t, r, "paper");
		if (!r || strcmp(paper, csv_table_get(&t, r - 1, "paper")))
			fprintf(f, "%s### %s\n", r ? "\n" : "", paper);
		md_item(f, csv_table_get(&t, r, "id"), csv_table_get(&t, r, "contradiction"),
			csv_table_get(&t, r, "source"));
	}
	csv_table_free(&t);
	return 0;
}

int page_targets_md(const char *root, FILE *f, char *err, size_t errlen)
{
	static struct target_spec ts[RENDER_MAX_TARGETS];
	size_t n;
	if (render_targets_read(root, ts, RENDER_MAX_TARGETS, &n, err, errlen) != 0)
		return -1;
	fputs("| target | what it makes |\n| --- | --- |\n", f);
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "| `%s`", ts[i].name);
		if (ts[i].alias[0])
			fprintf(f, " (`%s`)", ts[i].alias);
		fprintf(f, " | %s%s |\n", ts[i].help,
			!strcmp(ts[i].reproduce, "yes") || strstr(ts[i].help, "reproduce") ? "" : "; not part of `reproduce`");
	}
	return 0;
}

/* ---- the page ---- */

static void page_nav(struct page *p)
{
	fputs("<nav><a href=\"#runs\">runs</a><a href=\"#verdicts\">verdicts</a>", p->f);
	for (size_t i = 0; i < p->nts; i++) {
		const struct target_spec *t = &p->ts[i];
		if (is_paper(t->paper) && !paper_seen(p, i))
			fprintf(p->f, "<a href=\"#p-%s\">%s</a>", t->paper, t->paper);
		else if (!strcmp(t->paper, "none"))
			fprintf(p->f, "<a href=\"#t-%s\">%s</a>", t->name, t->name);
	}
	fputs("<a href=\"#contradictions\">contradictions</a></nav>\n", p->f);
}

static void page_body(struct page *p)
{
	const struct target_spec *vt = NULL;
	char date[64];
	time_t now = time(NULL);
	strftime(date, sizeof(date), "%Y-%m-%d %H:%M UTC", gmtime(&now));
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<title>stencil-repro: the reproduction</title>\n", p->f);
	ph_style(p->f);
	fprintf(p->f, "</head><body>\n<h1>stencil-repro: the reproduction%s</h1>\n<p class=\"muted\">"
		"Rendered %s by <code>make report%s%s%s</code> from <code>%s</code> and "
		"<code>experiments/targets.csv</code>.</p>\n", p->o->compare ? ", GPUs side by side" : "",
		date, p->o->compare ? " RUNS=&quot;" : "", p->o->compare ? p->runs_arg : "",
		p->o->compare ? "&quot;" : "", p->o->compare ? p->o->compare : p->o->outdir);
	page_nav(p);
	page_header(p);
	for (size_t i = 0; i < p->nts; i++)
		if (!strcmp(p->ts[i].kind, "verdicts"))
			vt = &p->ts[i];
	page_verdicts(p, vt);
	if (p->o->compare) {
		fputs("<section id=\"compare-index\"><h2>The GPUs side by side</h2>\n", p->f);
		char path[1024];
		snprintf(path, sizeof(path), "%s/index.md", p->o->compare);
		ph_markdown(p->f, path, NULL, 0);
		fputs("</section>\n", p->f);
	}
	page_papers(p);
	page_contradictions(p);
	fputs("</body></html>\n", p->f);
}

int page_write(const struct page_opts *o, char *err, size_t errlen)
{
	struct page *p = calloc(1, sizeof(*p));
	char path[1024];
	struct atomic_file out;
	int rc = -1;
	p->o = o;
	snprintf(path, sizeof(path), "%s/data/paper/papers.csv", o->root);
	if (render_targets_read(o->root, p->ts, RENDER_MAX_TARGETS, &p->nts, err, errlen) != 0 ||
	    csv_table_read(path, &p->papers, err, errlen) != 0) {
		free(p);
		return -1;
	}
	if (page_runs(p, err, errlen) == 0) {
		if (atomic_open(&out, o->out) != 0)
			snprintf(err, errlen, "%s", atomic_error());
		else {
			p->f = out.f;
			page_body(p);
			rc = atomic_commit(&out);
			if (rc != 0)
				snprintf(err, errlen, "%s", atomic_error());
		}
	}
	csv_table_free(&p->papers);
	free(p);
	return rc;
}
