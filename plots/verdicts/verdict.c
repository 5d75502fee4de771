/*
 * verdict.c - the verdict rule (verdict.h: the vocabulary and verdict_decide) and the pieces every
 * claim's evaluator uses (verdicts-int.h): the inputs it reads, the rows it rests on and the gate
 * on their share of their roofs, the throttled rows it uses, and its row of the verdicts table.
 * The evaluators (claims*.c) and the verdicts target (verdicts.c) stand on it.
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

/* ---- verdict logic ---- */

const char *verdict_name(enum verdict v)
{
	return v == V_HOLDS ? "holds" : v == V_FAILS ? "does not hold" : "not measured";
}

enum verdict verdict_at_least(double measured, double claimed, double tol)
{
	if (!isfinite(measured) || !isfinite(claimed))
		return V_NA;
	return measured >= claimed * (1 - tol) ? V_HOLDS : V_FAILS;
}

enum verdict verdict_at_most(double measured, double claimed, double tol)
{
	if (!isfinite(measured) || !isfinite(claimed))
		return V_NA;
	return measured <= claimed * (1 + tol) ? V_HOLDS : V_FAILS;
}

enum verdict verdict_flat(const double *v, size_t n, double tol)
{
	if (n < 2)
		return V_NA;
	for (size_t i = 0; i < n; i++)
		if (!isfinite(v[i]) || !(v[0] > 0))
			return V_NA;
	for (size_t i = 1; i < n; i++)
		if (fabs(v[i] / v[0] - 1) > tol)
			return V_FAILS;
	return V_HOLDS;
}

enum verdict_out verdict_decide(const struct claim_eval *e, double roof_share)
{
	if (e->N <= 0 || e->n < e->N || e->base == V_NA)
		return VO_NOT_MEASURED;
	if (e->premise_absent)
		return VO_PREMISE_ABSENT;
	if (roof_share > 0 && isfinite(e->share) && e->share < roof_share &&
	    (e->base == V_FAILS || e->upper_bound))
		return VO_IMPL_LIMITED;
	return e->base == V_HOLDS ? VO_HOLDS : VO_FAILS;
}

const char *verdict_out_name(enum verdict_out v)
{
	static const char *const names[] = { "holds", "does not hold", "premise absent here",
					     "inconclusive: implementation-limited", "not measured" };
	return v <= VO_NOT_MEASURED ? names[v] : "?";
}

/* ---- verdicts: the papers' claims against this GPU ---- */

void vd_use(struct used *u, const struct point *p)
{
	char name[160], mname[64];
	if (!p || strcmp(p->status, "ok"))   /* only rows whose numbers are used */
		return;
	u->dirty |= p->dirty;
	if (!p->throttled)
		return;
	method_variant_name(p->cfg->method, p->cfg->option, mname, sizeof(mname));
	if (p->cfg->label[0])
		snprintf(name, sizeof(name), "%s %s", p->cfg->label, mname);
	else
		snprintf(name, sizeof(name), "%s %s %s t=%d %s", p->cfg->stencil->name,
			 dtype_table[p->cfg->dtype].name, mname, p->cfg->fusion, p->cfg->size);
	for (const char *q = strstr(u->s, name); q; q = strstr(q + 1, name))
		if ((q == u->s || q[-1] == ' ') && (q[strlen(name)] == ',' || !q[strlen(name)]))
			return;   /* named already */
	size_t l = strlen(u->s);
	snprintf(u->s + l, sizeof(u->s) - l, "%s%s", l ? ", " : "", name);
}





const struct target *vd_input(const struct verdict_ctx *x, const char *name)
{
	for (size_t i = 0; i < x->n; i++)
		if (!strcmp(x->names[i], name))
			return &x->tg[i];
	return NULL;
}

const struct wl_set *vd_wl_input(const struct verdict_ctx *x, const char *name)
{
	for (size_t i = 0; i < x->nwl; i++)
		if (!strcmp(x->wl_names[i], name))
			return &x->wl[i];
	return NULL;
}

/* a row's share of its model roof into the claim's lowest, without counting it (traffic claims
 * count the rows whose counters they read) */
void vd_gate_on(struct claim_eval *e, const struct point *p)
{
	double share = p->measured / rd_model_gs(p);
	if (isfinite(share) && (!isfinite(e->share) || share < e->share)) {
		char mname[64];
		e->share = share;
		method_variant_name(p->cfg->method, p->cfg->option, mname, sizeof(mname));
		snprintf(e->share_row, sizeof(e->share_row), "%s %s %s t=%d", mname, p->cfg->stencil->name,
			 dtype_table[p->cfg->dtype].name, p->cfg->fusion);
	}
}

/* a row the claim needs: counted in n when measured; gate: a kernel whose share of its model roof
 * decides whether the verdict speaks of the method (the one whose slowness would fail the claim,
 * or meet an upper bound for nothing), not a baseline whose slowness would only help it */
void vd_rest_on(struct claim_eval *e, const struct point *p, struct used *u, int gate)
{
	if (!p || !isfinite(p->measured))
		return;
	e->n++;
	vd_use(u, p);
	if (gate)
		vd_gate_on(e, p);
}

void vd_claim(struct verdict_ctx *x, const struct claim_row *cr, const struct claim_eval *e,
		  double measured, const char *measured_text, const char *model_text, const char *basis,
		  const struct used *u)
{
	char m[512], v[320], rows[32], b[1024];
	enum verdict_out vo = verdict_decide(e, isfinite(cr->roof_share) ? cr->roof_share : 0);
	if (measured_text)
		snprintf(m, sizeof(m), "%s", measured_text);
	else
		rd_fmt(m, sizeof(m), measured, 2);
	if (vo == VO_PREMISE_ABSENT)
		snprintf(v, sizeof(v), "%s: %s", verdict_out_name(vo), e->premise_why);
	else if (vo == VO_IMPL_LIMITED)
		snprintf(v, sizeof(v), "%s (%s at %.1f %% of its roof, under %.0f %%)", verdict_out_name(vo),
			 e->share_row, 100 * e->share, 100 * cr->roof_share);
	else
		snprintf(v, sizeof(v), "%s", verdict_out_name(vo));
	snprintf(rows, sizeof(rows), "%d/%d", e->n, e->N);
	snprintf(b, sizeof(b), "%s%s%s%s", basis, u->s[0] ? "; uses throttled rows: " : "", u->s,
		 u->dirty ? "; uses rows measured from a DIRTY TREE (not a recorded result)" : "");
	csv_put_str(&x->o.w, cr->paper);
	csv_put_str(&x->o.w, cr->claim);
	csv_put_str(&x->o.w, cr->criterion);
	csv_put_str(&x->o.w, cr->paper_value);
	csv_put_str(&x->o.w, model_text);
	csv_put_num(&x->o.w, measured);
	csv_put_str(&x->o.w, measured_text ? measured_text : m);
	csv_put_str(&x->o.w, rows);
	csv_put_str(&x->o.w, verdict_out_name(vo));
	csv_put_str(&x->o.w, v);
	csv_put_str(&x->o.w, b);
	csv_put_str(&x->o.w, u->s);
	csv_end_row(&x->o.w);
	const char *cells[] = { cr->paper, cr->claim, cr->criterion, cr->paper_value, model_text, m, rows, v, b };
	md_row(&x->o.md, cells);
}


