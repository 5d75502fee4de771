/*
 * modelcsv.c - the model's CSV columns, each a {name, getter} of a table. See modelcsv.h.
 */
#include "modelcsv.h"

#include <math.h>
#include <string.h>

/* the comparison's tensor-core and CUDA-core points (p is one of them) */
static const struct model_point *tc_of(const struct model_row *x)
{
	return x->p->unit == UNIT_CC ? x->c : x->p;
}

static const struct model_point *cc_of(const struct model_row *x)
{
	return x->p->unit == UNIT_CC ? x->p : x->c;
}

static void put_na_unless(struct csv_writer *w, int have, double v)
{
	if (have)
		csv_put_num(w, v);
	else
		csv_put_str(w, "NA");
}

/* an experiment list's label, first when the list has one */
#define LABEL_COLS(X) X(label, csv_put_str(w, x->label))

/* a configuration's columns: NAME and the statement that writes its cell from x */
#define BASE_COLS(X) \
	X(stencil, csv_put_str(w, x->p->stencil)) \
	X(fusion, csv_put_int(w, x->p->fusion)) \
	X(dtype, csv_put_str(w, x->p->dtype)) \
	X(method, csv_put_str(w, x->p->method)) \
	X(unit, csv_put_str(w, unit_name(x->p->unit))) \
	X(gpu, csv_put_str(w, x->p->gpu)) \
	X(K, csv_put_int(w, x->p->K)) \
	X(K_fused, csv_put_int(w, x->p->K_fused)) \
	X(fused_radius, csv_put_int(w, x->p->fused_radius)) \
	X(rho, csv_put_num(w, x->p->rho)) \
	X(sigma, csv_put_num(w, x->p->sigma)) \
	X(F, csv_put_num(w, x->p->F)) \
	X(Q, csv_put_num(w, x->p->Q)) \
	X(I, csv_put_num(w, x->p->I)) \
	X(peak_key, csv_put_str(w, x->p->peak_key)) \
	X(peak_tflops, csv_put_num(w, x->p->peak_tflops)) \
	X(bw_gbps, csv_put_num(w, x->p->bw_gbps)) \
	X(ridge, csv_put_num(w, x->p->ridge)) \
	X(bound, csv_put_str(w, bound_name(x->p->bound))) \
	X(attainable_tflops, csv_put_num(w, x->p->attainable_tflops)) \
	X(effective_tflops, csv_put_num(w, x->p->effective_tflops)) \
	X(gstencil_per_s, csv_put_num(w, x->p->gstencil_per_s)) \
	/* the power roof beside the two (model/power.h): NA without the ceilings' energies */ \
	X(e_point_nj, csv_put_num(w, x->p->e_point_j * 1e9)) \
	X(power_gstencil_per_s, csv_put_num(w, x->p->power_gstencil_per_s))

/* the compared method's columns (x->c set; without it every one is NA) */
#define COMPARE_COLS(X) \
	X(compare, csv_put_str(w, x->c->method)) \
	X(compare_unit, csv_put_str(w, unit_name(x->c->unit))) \
	X(compare_I, csv_put_num(w, x->c->I)) \
	X(compare_bound, csv_put_str(w, bound_name(x->c->bound))) \
	X(compare_gstencil_per_s, csv_put_num(w, x->c->gstencil_per_s)) \
	X(scenario, x->cmp->scenario ? csv_put_int(w, x->cmp->scenario) : csv_put_str(w, "NA")) \
	X(speedup, csv_put_num(w, x->cmp->speedup)) \
	X(sweet_spot, csv_put_str(w, x->cmp->sweet_spot < 0 ? "NA" : x->cmp->sweet_spot ? "yes" : "no")) \
	X(sweet_spot_rho_max, csv_put_num(w, x->cmp->rho_max)) \
	X(inflation, put_na_unless(w, x->cmp->scenario != 0, tc_of(x)->rho / tc_of(x)->sigma)) \
	X(peak_ratio, put_na_unless(w, x->cmp->scenario != 0, tc_of(x)->peak_tflops / cc_of(x)->peak_tflops))

/* a cell of the four-scenario map */
#define SCENARIO_COLS(X) \
	X(gpu, csv_put_str(w, x->gpu)) \
	X(dtype, csv_put_str(w, x->dtype)) \
	X(unit, csv_put_str(w, x->unit)) \
	X(i_cc, csv_put_num(w, x->i_cc)) \
	X(inflation, csv_put_num(w, x->inflation)) \
	X(i_tc, csv_put_num(w, x->i_tc)) \
	X(ridge_cc, csv_put_num(w, x->ridge_cc)) \
	X(ridge_tc, csv_put_num(w, x->ridge_tc)) \
	X(scenario, csv_put_int(w, x->scenario)) \
	X(speedup, csv_put_num(w, x->speedup))

#define ROW_GETTER(name, stmt) \
	static void row_##name(struct csv_writer *w, const void *row) \
	{ \
		const struct model_row *x = row; \
		stmt; \
	}
#define ROW_ENTRY(name, stmt) { #name, row_##name },
#define MAP_GETTER(name, stmt) \
	static void map_##name(struct csv_writer *w, const void *row) \
	{ \
		const struct scenario_cell *x = row; \
		stmt; \
	}
#define MAP_ENTRY(name, stmt) { #name, map_##name },

LABEL_COLS(ROW_GETTER)
BASE_COLS(ROW_GETTER)
COMPARE_COLS(ROW_GETTER)
SCENARIO_COLS(MAP_GETTER)

static const struct csv_col label_cols[] = { LABEL_COLS(ROW_ENTRY) };
static const struct csv_col base_cols[] = { BASE_COLS(ROW_ENTRY) };
static const struct csv_col compare_cols[] = { COMPARE_COLS(ROW_ENTRY) };
static const struct csv_col scenario_cols[] = { SCENARIO_COLS(MAP_ENTRY) };
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

size_t model_csv_columns(int with_label, int with_compare, const char **cols)
{
	size_t n = 0;
	if (with_label) {
		csv_col_names(label_cols, NELEM(label_cols), cols);
		n += NELEM(label_cols);
	}
	csv_col_names(base_cols, NELEM(base_cols), cols + n);
	n += NELEM(base_cols);
	if (with_compare) {
		csv_col_names(compare_cols, NELEM(compare_cols), cols + n);
		n += NELEM(compare_cols);
	}
	return n;
}

void model_csv_row(struct csv_writer *w, const struct model_row *r, int with_label, int with_compare)
{
	if (with_label)
		csv_col_cells(w, label_cols, NELEM(label_cols), r);
	csv_col_cells(w, base_cols, NELEM(base_cols), r);
	if (with_compare && r->c)
		csv_col_cells(w, compare_cols, NELEM(compare_cols), r);
	for (size_t i = 0; with_compare && !r->c && i < NELEM(compare_cols); i++)
		csv_put_str(w, "NA");
	csv_end_row(w);
}

size_t scenario_csv_columns(const char **cols)
{
	csv_col_names(scenario_cols, NELEM(scenario_cols), cols);
	return NELEM(scenario_cols);
}

void scenario_csv_row(struct csv_writer *w, const struct scenario_cell *s)
{
	csv_col_cells(w, scenario_cols, NELEM(scenario_cols), s);
	csv_end_row(w);
}
