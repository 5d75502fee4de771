/*
 * svg-text.h - the texts of a gnuplot SVG as estimated boxes, and the check that every one stays on
 * the canvas and off every other (tests/svg-text.c says how a box is estimated); tests/test_figures.c
 * runs it over every figure, tests/tool/svg-overlap.c over the SVGs it is given.
 */
#ifndef SVG_TEXT_H
#define SVG_TEXT_H

#include <stddef.h>

/* one text element: its box on the canvas (pixels, y down), its anchor, turn (degrees, clockwise)
 * and box in its own frame (u along the text, v down from the baseline), its font size and text */
struct svg_text {
	double x0, y0, x1, y1, size;
	double x, y, deg, u0, u1, v0, v1;
	int mark;            /* a lone symbol drawn as a point (a paper's star): not checked against a mark */
	char text[200];
};

/* how far, in pixels, a box may reach past the canvas or into another before it is a problem */
#define SVG_TOL 1.0

struct svg_doc {
	double width, height;   /* the canvas */
	struct svg_text *t;
	size_t n;
};

/* The non-empty texts of the SVG at path (or of the first <svg> element in text, name naming it in
 * an error) into d: 0, or -1 with a one-line error. */
int svg_texts_read(const char *path, struct svg_doc *d, char *err, size_t errlen);
int svg_texts_parse(const char *text, const char *name, struct svg_doc *d, char *err, size_t errlen);
void svg_doc_free(struct svg_doc *d);

/* called for each problem found, in a line that names the text(s) */
typedef void (*svg_problem_fn)(void *arg, const char *msg);

/* Every text whose box leaves the canvas by more than tol pixels, and every pair of texts whose
 * boxes overlap by more than tol pixels both ways, through fn (NULL: only counted); how many. */
size_t svg_layout_problems(const struct svg_doc *d, double tol, svg_problem_fn fn, void *arg);

/* the text of the largest font that is no mark (a figure's title; NULL where none), for a check of
 * how large a title reads */
const struct svg_text *svg_text_largest(const struct svg_doc *d);

#endif
