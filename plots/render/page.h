/*
 * page.h - the reproduction as one self-contained HTML page (make report): a header naming the
 * runs (GPU, driver, CUDA, run directory, commit, protocol, date, wall time, and in red a dirty
 * tree, stale code, throttled or failed rows and the older protocol), the verdicts, then a section
 * a paper with a subsection a table or figure in experiments/targets.csv's order (its figures as
 * inline SVG, its tables, the command that remakes it, its provenance), a section of its own for
 * each target of no paper, and the papers' contradictions (data/paper/contradictions.csv).
 *
 * Everything is read from the renderer's outputs (plots/out/, or make compare's plots/out/compare/
 * for the rendered targets), the runs they name and the target table: a new row of
 * experiments/targets.csv appears by itself. gnuplot's SVG element ids are namespaced per figure
 * (f-FIGURE-ID) so that the page's ids are unique. No script, no remote resource: CSS inline.
 */
#ifndef PAGE_H
#define PAGE_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct page_opts {
	const char *root;      /* the repository: experiments/, data/ ("." by default) */
	const char *outdir;    /* the renderer's outputs (plots/out) */
	const char *compare;   /* make compare's outputs (plots/out/compare), or NULL: one run a target */
	const char *out;       /* the page (plots/out/report/index.html) */
};

/* Write the page, atomically: 0, or -1 with one line in err. */
int page_write(const struct page_opts *o, char *err, size_t errlen);

/* The contradictions of data/paper/contradictions.csv as REPRODUCE.md lists them (a heading a
 * paper, a numbered item each with its sources), onto f: 0, or -1 with one line in err. */
int page_contradictions_md(const char *root, FILE *f, char *err, size_t errlen);
/* experiments/targets.csv's targets as README.md's Markdown table (each with its alias and its
 * help line, and whether make reproduce makes it), onto f: 0, or -1 with err */
int page_targets_md(const char *root, FILE *f, char *err, size_t errlen);
/* the registry's runs as a Markdown table on f (page-runs.c): those under data/runs/ (all 0) or
 * every one, those git keeps with the command that shows them (all 1); the registry checked first.
 * 0, or -1 with err. */
int page_runs_md(const char *root, int all, FILE *f, char *err, size_t errlen);
/* a whole reproduction's time as a Markdown table on f: one GPU (the reference's rows and
 * ceilings, one after another, said so) and the GPUs of each whole reproduction the one command
 * made (registry full yes). 0, or -1 with err. */
int page_reproduce_time_md(const char *root, FILE *f, char *err, size_t errlen);

/* The namespace of a figure's SVG ids: "f-" and the file's name without .svg ("f-tcs-figure16") */
void page_figure_ns(char *buf, size_t len, const char *svg_path);

/* Copy an SVG file onto f for inlining: from its <svg> element on, every id, href="#..." and
 * url(#...) prefixed with ns and '-'. 0, or -1 with one line in err (no <svg> element in it). */
int page_svg_inline(FILE *f, const char *path, const char *ns, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
