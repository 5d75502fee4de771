/*
 * page-int.h - the page's parts (page.h) and what they share: the target table, the runs the
 * outputs came from; the HTML writers (page-html.c), the runs and the header (page-head.c) and the
 * sections (page.c), each calling only those before it.
 */
#ifndef PAGE_INT_H
#define PAGE_INT_H

#include <stdio.h>

#include "csvio.h"
#include "page.h"
#include "render.h"

#define PAGE_MAX_RUNS 8

/* a run the page's outputs were rendered from */
struct page_run {
	char dir[512];          /* data/runs/NAME, as the stamps and make compare name it */
	char label[64];         /* make compare's label of it ("" for one run a target) */
	char targets[1024];     /* the targets rendered from it, space-separated */
};

struct page {
	FILE *f;
	const struct page_opts *o;
	struct target_spec ts[RENDER_MAX_TARGETS];   /* every row of experiments/targets.csv */
	size_t nts;
	struct page_run runs[PAGE_MAX_RUNS];
	size_t nruns;
	char runs_arg[1024];    /* make compare's RUNS="..." (compare mode) */
	struct csv_table papers;   /* data/paper/papers.csv */
};

/* page-html.c: the writers */
void ph_esc(FILE *f, const char *s);                  /* HTML text, escaped */
void ph_inline(FILE *f, const char *s);               /* escaped, `code` spans as <code> */
void ph_style(FILE *f);                               /* the page's CSS */
/* A Markdown output of the renderer (its "## title" line left out: in *title when title is not
 * NULL) as HTML: paragraphs and tables, a long table folded. 0, or -1 when it does not open. */
int ph_markdown(FILE *f, const char *path, char *title, size_t titlelen);
/* a file's first line without its newline into buf: 0, or -1 (buf "") when it does not open */
int ph_first_line(const char *path, char *buf, size_t len);
int ph_exists(const char *path);

/* page-head.c: the runs and the header */
/* The runs every target was rendered from (its stamp, or make compare's runs.csv): 0 or -1. */
int page_runs(struct page *p, char *err, size_t errlen);
/* The run target was rendered from ("" when none or unknown). */
const char *page_run_of(const struct page *p, const char *target);
void page_header(struct page *p);
/* where a target's outputs are: make compare's directory for a rendered one in compare mode */
const char *page_src(const struct page *p, const struct target_spec *t);

#endif
