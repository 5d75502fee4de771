/*
 * verdicts.c - the papers' claims judged on this GPU's run (make verdicts). The claims are data
 * (data/paper/claims.csv: the claim and its quote, the criterion in words and its value and
 * tolerance, the share of its roof a kernel needs for the verdict to speak of the method, the
 * evaluator and the targets it reads); each evaluator here is a small function named in that
 * table, and no paper number is written in C. Each verdict row: the claim, its criterion, the
 * paper's value, the model's prediction for this GPU, the measured value, how many of the rows it
 * needs were measured, and the verdict from a fixed vocabulary (verdict.c, verdict_decide), with
 * its basis and the throttled rows it uses (render-int.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "method.h"
#include "render-int.h"
#include "verdicts-int.h"
#include "stencil.h"

static double cell_num(const struct csv_table *t, size_t r, const char *col)
{
	const char *v = csv_table_get(t, r, col);
	return v && *v ? strtod(v, NULL) : NAN;
}

/* the claims table, checked: every evaluator known, every input a rendered target */
static int read_claims(struct render_ctx *c, struct csv_table *t, char *err, size_t errlen)
{
	static const char *const need[] = { "paper", "claim", "criterion", "paper_value", "value", "tolerance",
					    "roof_share", "evaluator", "method", "option", "baseline", "config", "scenario",
					    "inputs", NULL };
	char path[1024];
	snprintf(path, sizeof(path), "%s/data/paper/claims.csv", c->root);
	if (csv_table_read(path, t, err, errlen) != 0)
		return -1;
	if (csv_table_require(t, need, err, errlen) != 0) {
		csv_table_free(t);
		return -1;
	}
	for (size_t r = 0; r < t->nrows; r++)
		if (!vd_evaluator(csv_table_get(t, r, "evaluator"))) {
			snprintf(err, errlen, "%s: row %zu: unknown evaluator '%s'", path, r + 1,
				 csv_table_get(t, r, "evaluator"));
			csv_table_free(t);
			return -1;
		}
	return 0;
}

/* the warm-up study's rows (one study a verdicts table), for its claims */
static int load_study(struct render_ctx *c, const struct target_spec *k, struct verdict_ctx *x, char *err,
		      size_t errlen)
{
	if (x->wu) {
		snprintf(err, errlen, "data/paper/claims.csv: '%s' is a second warm-up study", k->name);
		return -1;
	}
	x->wu = calloc(1, sizeof(*x->wu));
	if (!x->wu || rd_wu_load(c, k, x->wu, err, errlen) != 0) {
		free(x->wu);
		x->wu = NULL;
		return -1;
	}
	x->wu_name = k->name;
	return 0;
}

/* the claims' inputs, each loaded once in the order the claims name them */
static int load_inputs(struct render_ctx *c, const struct csv_table *claims, struct verdict_ctx *x, char *err,
		       size_t errlen)
{
	for (size_t r = 0; r < claims->nrows; r++) {
		char list[256], *save = NULL;
		snprintf(list, sizeof(list), "%s", csv_table_get(claims, r, "inputs"));
		for (char *name = strtok_r(list, " ", &save); name; name = strtok_r(NULL, " ", &save)) {
			if (vd_input(x, name) || vd_wl_input(x, name) || (x->wu_name && !strcmp(x->wu_name, name)))
				continue;
			const struct target_spec *k = render_target_spec(c, name);
			if (!k || x->n == NELEM(x->tg)) {
				snprintf(err, errlen, "data/paper/claims.csv: row %zu: '%s' is not a rendered target",
					 r + 1, name);
				return -1;
			}
			char path[1024];
			snprintf(path, sizeof(path), "%s/experiments/%s.csv", c->root, k->name);
			if (rd_wu_is_list(path)) {   /* the warm-up study: its lists' rows by kernel and warm-up */
				if (load_study(c, k, x, err, errlen) != 0)
					return -1;
				continue;
			}
			if (workload_is_list(path)) {   /* SCALE, SpMV: their own rows */
				if (x->nwl == NELEM(x->wl) || rd_wl_load(c, k->name, &x->wl[x->nwl], err, errlen) != 0) {
					if (x->nwl == NELEM(x->wl))
						snprintf(err, errlen, "data/paper/claims.csv: too many workload inputs");
					return -1;
				}
				x->wl_names[x->nwl++] = k->name;
				continue;
			}
			if (rd_target_load(c, k->name, &x->tg[x->n], err, errlen) != 0)
				return -1;
			x->names[x->n++] = k->name;
		}
	}
	return 0;
}

int rd_verdicts(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	static const char *const cols[] = { "paper", "claim", "criterion", "paper_value", "model", "measured",
					    "measured_text", "rows", "verdict", "verdict_text", "basis", "throttled_rows" };
	static const char *const md[] = { "paper", "claim", "criterion", "paper", "model (this GPU)",
					   "measured", "rows", "verdict", "basis" };
	static const char *const notes[] = {
		"Each claim with its criterion, the paper's value, the model's prediction for this GPU (this run's "
		"ceilings, each kernel's sigma), the measured value and how many of the rows it needs were "
		"measured. Verdicts: holds; does not hold; premise absent here (the model puts the "
		"configuration in another scenario on this GPU); inconclusive: implementation-limited (a "
		"kernel the claim rests on is under the stated share of its model roof, and the claim fails "
		"or is an upper bound); not measured (a row it needs is missing: a partial set never "
		"decides). A verdict resting on a throttled row names it.", NULL };
	struct verdict_ctx x = { 0 };
	x.rc = c;
	struct csv_table claims;
	int rc = -1;
	/* the inputs first: a bad one fails before anything is opened, the previous files stay */
	if (read_claims(c, &claims, err, errlen) != 0)
		return -1;
	if (load_inputs(c, &claims, &x, err, errlen) == 0 &&
	    rd_outputs_open(c, ts->name, &x.o, cols, NELEM(cols), ts->title, notes, md, NELEM(md), err,
			    errlen) == 0) {
		for (size_t r = 0; r < claims.nrows; r++) {
			const struct claim_row cr = {
				csv_table_get(&claims, r, "paper"), csv_table_get(&claims, r, "claim"),
				csv_table_get(&claims, r, "criterion"), csv_table_get(&claims, r, "paper_value"),
				csv_table_get(&claims, r, "method"), csv_table_get(&claims, r, "option"), csv_table_get(&claims, r, "baseline"),
				csv_table_get(&claims, r, "config"),
				cell_num(&claims, r, "value"), cell_num(&claims, r, "tolerance"),
				cell_num(&claims, r, "roof_share"), cell_num(&claims, r, "scenario"),
			};
			vd_evaluator(csv_table_get(&claims, r, "evaluator"))(&x, &cr);
		}
		rc = rd_outputs_close(c, ts->name, &x.o, err, errlen);
	}
	for (size_t i = 0; i < x.n; i++)
		rd_target_free(&x.tg[i]);
	for (size_t i = 0; i < x.nwl; i++)
		rd_wl_free(&x.wl[i]);
	if (x.wu)
		rd_wu_free(x.wu);
	free(x.wu);
	csv_table_free(&claims);
	return rc;
}

RENDERER("verdicts", rd_verdicts)
