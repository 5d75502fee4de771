/*
 * page-head.c - the page's header (page.h): the runs its outputs came from (each rendered target's
 * stamp plots/out/.run/TARGET, or make compare's runs.csv), one column a run: GPU(s), driver,
 * CUDA, run directory, commits, protocol sentences, the run's start and end and its wall time
 * from its meta.csv (the invocations' run_id and date_utc, the same for both);
 * then, in red, what a reader must know before trusting a number: a dirty tree, stale code (a
 * title's "stale for ..."), throttled rows, rows that failed verification and runs of the older
 * protocol (a sentence with "else 0.05 s": the short warm-up between rows).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "page-int.h"
#include "registry.h"

/* the older protocol's mark in a meta.csv protocol sentence */
#define OLD_PROTOCOL "else 0.05 s"

const char *page_src(const struct page *p, const struct target_spec *t)
{
	return p->o->compare && !render_target_is_model(t) ? p->o->compare : p->o->outdir;
}

static void add_word(char *list, size_t len, const char *w)
{
	snprintf(list + strlen(list), len - strlen(list), "%s%s", list[0] ? " " : "", w);
}

static struct page_run *run_add(struct page *p, const char *dir, const char *label)
{
	for (size_t k = 0; k < p->nruns; k++)
		if (!strcmp(p->runs[k].dir, dir))
			return &p->runs[k];
	if (p->nruns == PAGE_MAX_RUNS)
		return NULL;
	struct page_run *r = &p->runs[p->nruns++];
	snprintf(r->dir, sizeof(r->dir), "%s", dir);
	snprintf(r->label, sizeof(r->label), "%s", label);
	return r;
}

static int runs_compare(struct page *p, char *err, size_t errlen)
{
	char path[1024];
	struct csv_table t;
	snprintf(path, sizeof(path), "%s/runs.csv", p->o->compare);
	if (csv_table_read(path, &t, err, errlen) != 0)
		return -1;
	for (size_t r = 0; r < t.nrows; r++) {
		const char *dir = csv_table_get(&t, r, "run"), *label = csv_table_get(&t, r, "label");
		struct page_run *pr = run_add(p, dir ? dir : "", label ? label : "");
		if (pr)
			snprintf(pr->targets, sizeof(pr->targets), "every compared target");
		const char *name = dir && strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir ? dir : "";
		add_word(p->runs_arg, sizeof(p->runs_arg), name);
	}
	csv_table_free(&t);
	return 0;
}

int page_runs(struct page *p, char *err, size_t errlen)
{
	if (p->o->compare)
		return runs_compare(p, err, errlen);
	for (size_t i = 0; i < p->nts; i++) {
		const char *run = page_run_of(p, p->ts[i].name);
		struct page_run *r = *run ? run_add(p, run, "") : NULL;
		if (r)
			add_word(r->targets, sizeof(r->targets), p->ts[i].name);
	}
	return 0;
}

const char *page_run_of(const struct page *p, const char *target)
{
	static char line[600];
	char path[1024];
	if (p->o->compare) {
		line[0] = '\0';
		return line;
	}
	snprintf(path, sizeof(path), "%s/.run/%s", p->o->outdir, target);
	ph_first_line(path, line, sizeof(line));
	if (strncmp(line, "run: ", 5) || !strcmp(line + 5, "none")) {
		line[0] = '\0';
		return line;
	}
	memmove(line, line + 5, strlen(line + 5) + 1);
	return line;
}

/* ---- one run's meta.csv ---- */

struct run_facts {
	char gpus[256], drivers[128], cuda[128], commits[256];
	char *protocols[16];
	size_t nprot;
	int dirty, old_protocol;
	double busy_s;   /* its wall time as every document gives it (plots/records/registry.h: the invocations'
			  * spans, the time between separate calls left out), NaN unknown */
	double start_s, end_s;   /* its first invocation's start and its last one's end (the same
				  * invocations' run_id and date_utc), NaN unknown */
};

static void add_once(char *list, size_t len, const char *w)
{
	char pad[600], l[1100];
	if (!w || !*w || !strcmp(w, "NA"))
		return;
	snprintf(pad, sizeof(pad), "; %s;", w);
	snprintf(l, sizeof(l), "; %s;", list);
	if (!strstr(l, pad))
		snprintf(list + strlen(list), len - strlen(list), "%s%s", list[0] ? "; " : "", w);
}

/* "13000" (CUDA's integer version) as "13.0" */
static void cuda_version(char *buf, size_t len, const char *v)
{
	char *end;
	const long n = v ? strtol(v, &end, 10) : 0;
	if (v && *v && !*end && n > 0)
		snprintf(buf, len, "%ld.%ld", n / 1000, n % 1000 / 10);
	else
		snprintf(buf, len, "%s", v ? v : "");
}

static void meta_row(struct run_facts *rf, const struct csv_table *m, size_t r)
{
	char c[64];
	const char *commit = csv_table_get(m, r, "git_commit"), *dirty = csv_table_get(m, r, "git_dirty");
	const char *prot = csv_table_get(m, r, "protocol");
	add_once(rf->gpus, sizeof(rf->gpus), csv_table_get(m, r, "gpu_name"));
	add_once(rf->drivers, sizeof(rf->drivers), csv_table_get(m, r, "driver_version"));
	cuda_version(c, sizeof(c), csv_table_get(m, r, "cuda_runtime"));
	add_once(rf->cuda, sizeof(rf->cuda), c);
	snprintf(c, sizeof(c), "%.7s%s", commit ? commit : "", dirty && !strcmp(dirty, "yes") ? " (dirty)" : "");
	add_once(rf->commits, sizeof(rf->commits), c);
	rf->dirty |= dirty && !strcmp(dirty, "yes");
	size_t k = 0;
	while (prot && *prot && k < rf->nprot && strcmp(rf->protocols[k], prot))
		k++;
	if (prot && *prot && k == rf->nprot && k < 16)
		rf->protocols[rf->nprot++] = strdup(prot);
	rf->old_protocol |= prot && strstr(prot, OLD_PROTOCOL) != NULL;
}

static int run_facts_read(const struct page *p, const char *dir, struct run_facts *rf)
{
	char run[1100], path[1200], err[512];
	struct csv_table m;
	struct run_meta rm;
	memset(rf, 0, sizeof(*rf));
	snprintf(run, sizeof(run), "%s%s%s", dir[0] == '/' ? "" : p->o->root, dir[0] == '/' ? "" : "/", dir);
	snprintf(path, sizeof(path), "%s/meta.csv", run);
	if (csv_table_read(path, &m, err, sizeof(err)) != 0)
		return -1;
	const int known = run_meta_read(run, NULL, &rm, err, sizeof(err)) == 0;
	rf->busy_s = known ? rm.busy_s : NAN;
	rf->start_s = known ? rm.start_s : NAN;
	rf->end_s = known ? rm.end_s : NAN;
	for (size_t r = 0; r < m.nrows; r++)
		meta_row(rf, &m, r);
	csv_table_free(&m);
	return 0;
}

/* ---- the header ---- */

static void head_cell(FILE *f, const char *text)
{
	fputs("<td>", f);
	ph_esc(f, text);
	fputs("</td>", f);
}

static void head_protocols(FILE *f, const struct run_facts *rf)
{
	fputs("<td class=\"proto\">", f);
	for (size_t k = 0; k < rf->nprot; k++) {
		const int old = strstr(rf->protocols[k], OLD_PROTOCOL) != NULL;
		fputs(old ? "<p class=\"warn\">older protocol: " : "<p>", f);
		ph_esc(f, rf->protocols[k]);
		fputs("</p>", f);
	}
	fputs("</td>", f);
}

/* seconds since the epoch as "2026-11-27 22:10:48" (UTC) */
static void utc_text(char *b, size_t len, double s)
{
	const time_t t = (time_t)s;
	struct tm tm;
	if (!gmtime_r(&t, &tm) || !strftime(b, len, "%Y-%m-%d %H:%M:%S", &tm))
		snprintf(b, len, "NA");
}

/* the run's span, from its first invocation's start to its last one's end: the wall time below
 * (the union of the same invocations' spans) and the time with none of them running, which the
 * wall time leaves out */
static void span_text(char *b, size_t len, const struct run_facts *r)
{
	char from[32], to[32];
	const double span = r->end_s - r->start_s, gaps = span - r->busy_s;
	if (isnan(span)) {
		snprintf(b, len, "unknown");
		return;
	}
	utc_text(from, sizeof(from), r->start_s);
	utc_text(to, sizeof(to), r->end_s);
	const int n = snprintf(b, len, "%s to %s: %.0f s from the run's start to its end", from, to, span);
	if (gaps >= 0.5 && n > 0 && (size_t)n < len)
		snprintf(b + n, len - (size_t)n, ", %.0f s of them with no invocation running, which the wall time "
			 "leaves out", gaps);
}

static void head_row(FILE *f, const char *name, const struct run_facts *rf, size_t n, size_t field,
		     const struct page *p)
{
	fprintf(f, "<tr><th scope=\"row\">%s</th>", name);
	for (size_t k = 0; k < n; k++) {
		const struct run_facts *r = &rf[k];
		char buf[256];
		switch (field) {
		case 0: head_cell(f, r->gpus); break;
		case 1: head_cell(f, r->drivers); break;
		case 2: head_cell(f, r->cuda); break;
		case 3: head_cell(f, p->runs[k].dir); break;
		case 4: fprintf(f, "<td%s>", r->dirty ? " class=\"warn\"" : ""); ph_esc(f, r->commits);
			fputs(r->dirty ? " DIRTY TREE</td>" : "</td>", f); break;
		case 5: head_protocols(f, r); break;
		case 6: span_text(buf, sizeof(buf), r); head_cell(f, buf); break;
		case 7: snprintf(buf, sizeof(buf), isnan(r->busy_s) ? "unknown" : "%.0f s (its invocations' spans; the time "
				 "between separate calls left out)", r->busy_s);
			head_cell(f, buf); break;
		default: head_cell(f, p->runs[k].targets);
		}
	}
	fputs("</tr>\n", f);
}

/* the rows of a rendered CSV whose column named col, or col_K, holds a value counted by bad() */
static size_t count_rows(const char *path, const char *col, int (*bad)(const char *))
{
	char err[512];
	struct csv_table t;
	size_t n = 0, l = strlen(col);
	if (!ph_exists(path) || csv_table_read(path, &t, err, sizeof(err)) != 0)
		return 0;
	for (size_t r = 0; r < t.nrows; r++) {
		int hit = 0;
		for (size_t c = 0; c < t.ncols; c++) {
			const char *h = t.header[c];
			if (!strncmp(h, col, l) && (!h[l] || (h[l] == '_' && strspn(h + l + 1, "0123456789") ==
							     strlen(h + l + 1) && h[l + 1])))
				hit |= bad(t.cells[r][c]);
		}
		n += hit;
	}
	csv_table_free(&t);
	return n;
}

static int is_throttled(const char *v)
{
	return *v && strcmp(v, "0") && strcmp(v, "NA") && strcmp(v, "no");
}

static int is_wrong(const char *v)
{
	return !strncmp(v, "wrong", 5);
}

/* a warning line over every rendered target: what count() finds in each, named */
static void warn_rows(struct page *p, const char *what, const char *col, int (*bad)(const char *))
{
	char names[1024] = "", path[1024];
	size_t total = 0;
	for (size_t i = 0; i < p->nts; i++) {
		if (render_target_is_model(&p->ts[i]))
			continue;
		snprintf(path, sizeof(path), "%s/%s.csv", page_src(p, &p->ts[i]), p->ts[i].name);
		const size_t n = count_rows(path, col, bad);
		if (n) {
			snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s (%zu)",
				 names[0] ? ", " : "", p->ts[i].name, n);
			total += n;
		}
	}
	if (total)
		fprintf(p->f, "<li class=\"warn\">%zu %s rows: %s</li>\n", total, what, names);
	else
		fprintf(p->f, "<li class=\"ok\">no %s rows</li>\n", what);
}

/* titles (the first line of each Markdown output) that hold mark: a warning naming them */
static void warn_titles(struct page *p, const char *mark, const char *what, const char *none)
{
	char path[1024], line[2048];
	int any = 0;
	for (size_t i = 0; i < p->nts; i++) {
		snprintf(path, sizeof(path), "%s/%s.md", page_src(p, &p->ts[i]), p->ts[i].name);
		ph_first_line(path, line, sizeof(line));
		const char *at = strstr(line, mark);
		if (!at)
			continue;
		/* the verdicts are the page's own section (#verdicts), every other target a subsection */
		const int v = !strcmp(p->ts[i].kind, "verdicts");
		fprintf(p->f, "<li class=\"warn\">%s: <a href=\"#%s%s\">%s</a>: ", what, v ? "" : "t-",
			v ? "verdicts" : p->ts[i].name, p->ts[i].name);
		ph_esc(p->f, at);
		fputs("</li>\n", p->f);
		any = 1;
	}
	if (!any)
		fprintf(p->f, "<li class=\"ok\" id=\"hook-%s\">%s</li>\n", what, none);
}

/* whether each run is the one data/runs/REFERENCE names (the reference reproduction), in words */
static void reference_line(struct page *p)
{
	static const char *const recorded[] = { "meta.csv", NULL };   /* every recorded run holds it */
	char ref[1300] = "", err[512];
	if (render_reference_run("data/runs", recorded, ref, sizeof(ref), err, sizeof(err)) != 0)
		ref[0] = '\0';   /* no reference, or one the run choice refuses: every run "not" */
	const char *rbase = strrchr(ref, '/');
	rbase = rbase ? rbase + 1 : ref;
	for (size_t k = 0; k < p->nruns; k++) {
		const char *base = strrchr(p->runs[k].dir, '/');
		base = base ? base + 1 : p->runs[k].dir;
		const int is_ref = rbase[0] && !strcmp(base, rbase);
		fprintf(p->f, "<li class=\"%s\">%s: %s</li>\n", is_ref ? "ok" : "muted", base,
			is_ref ? "the reference reproduction (data/runs/REFERENCE names it)" :
			"not the reference run (data/runs/REFERENCE names another)");
	}
}

void page_header(struct page *p)
{
	struct run_facts rf[PAGE_MAX_RUNS];
	static const char *const rows[] = { "GPU", "driver", "CUDA runtime", "run directory", "commit",
					    "protocol", "start to end (UTC)", "wall time", "targets" };
	int dirty = 0;
	char old[1024] = "";
	for (size_t k = 0; k < p->nruns; k++) {
		if (run_facts_read(p, p->runs[k].dir, &rf[k]) != 0)
			memset(&rf[k], 0, sizeof(rf[k]));
		dirty |= rf[k].dirty;
		if (rf[k].old_protocol)
			add_word(old, sizeof(old), p->runs[k].dir);
	}
	fprintf(p->f, "<section id=\"runs\"><h2>The run%s</h2>\n", p->nruns == 1 ? "" : "s");
	if (!p->nruns)
		fputs("<p class=\"warn\">no recorded run: the model and the papers' values only</p>\n", p->f);
	else {
		fputs("<div class=\"scroll\"><table>\n", p->f);
		if (p->o->compare) {
			fputs("<tr><th></th>", p->f);
			for (size_t k = 0; k < p->nruns; k++)
				head_cell(p->f, p->runs[k].label);
			fputs("</tr>\n", p->f);
		}
		for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++)
			head_row(p->f, rows[r], rf, p->nruns, r, p);
		fputs("</table></div>\n", p->f);
	}
	fputs("<ul id=\"warnings\">\n", p->f);
	reference_line(p);
	fprintf(p->f, "<li class=\"%s\">%s</li>\n", dirty ? "warn" : "ok",
		dirty ? "DIRTY TREE: a run was measured from a modified tree" : "every run from a clean tree");
	warn_titles(p, "DIRTY TREE", "dirty", "no title says DIRTY TREE");
	warn_titles(p, "stale for", "stale", "stale code: no title says \"stale for\" (the code measured is "
		    "the code rendering, as far as the titles say)");
	warn_rows(p, "throttled", "throttled", is_throttled);
	warn_rows(p, "failed-verification", "status", is_wrong);
	if (old[0])
		fprintf(p->f, "<li class=\"warn\">older protocol: %s (its protocol sentence says \"" OLD_PROTOCOL
			"\": a short warm-up between rows), not the current protocol</li>\n", old);
	else
		fputs("<li class=\"ok\">every run under the current protocol</li>\n", p->f);
	fputs("</ul></section>\n", p->f);
	for (size_t k = 0; k < p->nruns; k++)
		for (size_t j = 0; j < rf[k].nprot; j++)
			free(rf[k].protocols[j]);
}
