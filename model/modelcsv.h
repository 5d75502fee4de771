/*
 * modelcsv.h - the columns of the model's CSVs (stencil-model --csv or --out, which feeds tcs
 * Tables 2-4, the model lines of the figures and every measured table's model columns): a
 * configuration's row, with an experiment list's label first and a compared method's columns
 * last when asked, and a cell of the four-scenario map (--scenario-map, tcs Figure 9). Each is one
 * table of {name, getter} (csvio.h's struct csv_col) from which both the header and every row are
 * written; stencil-model only computes the rows. Host code, tested without a GPU
 * (tests/test_csv_writers.c pins the headers and column order).
 */
#ifndef MODELCSV_H
#define MODELCSV_H

#include <stddef.h>

#include "csvio.h"
#include "roofline.h"

#ifdef __cplusplus
extern "C" {
#endif

/* one configuration on one GPU, as the model evaluated it */
struct model_row {
	const struct model_point *p;          /* the configuration */
	const struct model_point *c;          /* the compared method's (NULL: none, its columns NA) */
	const struct model_comparison *cmp;   /* p against c (read only with c) */
	const char *label;                    /* the list's label ("" when none) */
};
/* a row's columns: "label" when with_label, the configuration's, the comparison's when
 * with_compare. Their names into cols (MODEL_CSV_MAX at most); their count. */
#define MODEL_CSV_MAX 40
size_t model_csv_columns(int with_label, int with_compare, const char **cols);
/* r's cells in those columns, and the row ended */
void model_csv_row(struct csv_writer *w, const struct model_row *r, int with_label, int with_compare);

/* one cell of the four-scenario map: a CUDA-core/tensor-core pair on one GPU at one I_CC and
 * inflation rho/sigma */
struct scenario_cell {
	const char *gpu, *dtype, *unit;
	double i_cc, inflation, i_tc, ridge_cc, ridge_tc;
	int scenario;
	double speedup;
};
/* the map's columns into cols (MODEL_CSV_MAX at most); their count */
size_t scenario_csv_columns(const char **cols);
/* a cell's row, ended */
void scenario_csv_row(struct csv_writer *w, const struct scenario_cell *s);

#ifdef __cplusplus
}
#endif
#endif
