/*
 * verdict.c - the verdict rule (verdict.h: the vocabulary and verdict_decide) and the pieces every
 * claim's evaluator uses (verdicts-int.h): the inputs it reads, the rows it rests on, its margin
 * (a flip factor and the sides that would flip it: the authors' rate over ours from
 * data/paper/kernels-vs-authors.csv, each side's share of its roof; or a distance), the
 * parameters of data/paper/verdict-params.csv, and its row of the verdicts table.
 * The evaluators (claims*.c) and the verdicts target (verdicts.c) stand on it.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "method.h"
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

enum verdict verdict_grows(const double *r, const double *bound, size_t n, double tol)
{
	if (n < 2)
		return V_NA;
	for (size_t i = 0; i < n; i++)
		if (!isfinite(r[i]))
			return V_NA;
	for (size_t i = 0; i < n; i++)
		if (verdict_at_least(r[i], bound[i], tol) != V_HOLDS)
			return V_FAILS;
	return r[n - 1] > r[0] ? V_HOLDS : V_FAILS;
}

/* a flip factor as the texts print it: two decimals, three near 1 (where "1.00x" would say nothing) */
static const char *fx(double f, char *b, size_t n)
{
	snprintf(b, n, f < 1.1 ? "%.3f" : "%.2f", f);
	return b;
}

/* whether side s's best known implementation, or its roof where none is known and it is under its
 * family's floor, could flip a verdict whose flip factor is f: 1 with the reason in why */
static int side_flips(const struct flip_side *s, double f, char *why, size_t len)
{
	if (isfinite(s->best_known)) {   /* ours at or above the authors' is never evidence */
		if (s->best_known > 1 && s->best_known >= f) {
			char b[16];
			snprintf(why, len, "the authors' %s runs %.2fx ours (%s): substituting it would flip the verdict, "
				 "which flips at %sx", s->name, s->best_known, s->best_where, fx(f, b, sizeof(b)));
			return 1;
		}
		return 0;
	}
	if (isfinite(s->floor) && isfinite(s->share) && s->share < s->floor && 1 / s->share >= f) {
		char b[16];
		snprintf(why, len, "%s at %.1f %% of its roof, under the %.0f %% the authors' artifacts of its family reach "
			 "(%s), no authors' number: reaching its roof would flip the verdict, which flips at %sx", s->name,
			 100 * s->share, 100 * s->floor, s->floor_where, fx(f, b, sizeof(b)));
		return 1;
	}
	return 0;
}

enum verdict_out verdict_decide(const struct claim_eval *e, char *why, size_t len)
{
	if (len)
		why[0] = '\0';
	if (e->N <= 0 || e->n < e->N || e->base == V_NA)
		return VO_NOT_MEASURED;
	if (e->premise_absent)
		return VO_PREMISE_ABSENT;
	if (e->premise_uncertain) {
		snprintf(why, len, "its premise is decided by no single GPU's ceilings: %s", e->premise_why);
		return VO_SPREAD;
	}
	if (e->rate && isfinite(e->margin))
		for (int i = 0; i < e->nside; i++)
			if (side_flips(&e->side[i], e->margin, why, len))
				return VO_IMPL_LIMITED;
	const double sm = verdict_signed_margin(e);
	if (isfinite(sm) && isfinite(e->halfwidth) && fabs(sm) <= e->halfwidth) {
		char b[16], lo[16], hi[16];
		if (e->rate)
			snprintf(why, len, "it flips at %sx, inside its %.0f %% interval of %sx to %sx (%s)", fx(e->margin, b, sizeof(b)),
				 100 * e->level, fx(exp(fabs(sm) - e->halfwidth), lo, sizeof(lo)),
				 fx(exp(fabs(sm) + e->halfwidth), hi, sizeof(hi)), e->interval_why);
		else
			snprintf(why, len, "it lies %.3g from its threshold, inside its %.0f %% interval of %.3g to %.3g (%s)",
				 e->margin, 100 * e->level, fabs(sm) - e->halfwidth, fabs(sm) + e->halfwidth, e->interval_why);
		return VO_SPREAD;
	}
	return e->base == V_HOLDS ? VO_HOLDS : VO_FAILS;
}

double verdict_signed_margin(const struct claim_eval *e)
{
	if (e->N <= 0 || e->n < e->N || e->base == V_NA || !isfinite(e->margin) ||
	    e->margin < (e->rate ? 1 : 0))
		return NAN;
	const double m = e->rate ? log(e->margin) : e->margin;
	return e->base == V_HOLDS ? m : -m;
}

const char *verdict_out_name(enum verdict_out v)
{
	static const char *const names[] = { "holds", "does not hold", "premise absent here",
					     "inconclusive: implementation-limited", "inconclusive: within spread",
					     "not measured" };
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

/* a row the claim needs: counted in n when measured, its throttling and tree noted */
void vd_rest_on(struct claim_eval *e, const struct point *p, struct used *u)
{
	if (!p || !isfinite(p->measured))
		return;
	e->n++;
	vd_use(u, p);
}

/* "METHOD[:OPTION] DTYPE" of a row */
static void side_name(const struct point *p, char *b, size_t len)
{
	char m[48];
	method_variant_name(p->cfg->method, p->cfg->option, m, sizeof(m));
	snprintf(b, len, "%s %s", m, dtype_table[p->cfg->dtype].name);
}

/* our rate on the artifact's data for p's configuration at size: the run's kernels-vs-authors row
 * in the artifact regime (verified), NaN where the run has none */
static double ours_like(const struct verdict_ctx *x, const struct point *p, const char *size)
{
	for (size_t i = 0; x->have_kva && i < x->kva.n; i++) {
		const struct point *q = &x->kva.p[i];
		const struct run_config *a = q->cfg, *b = p->cfg;
		if (!strcmp(a->data, "artifact") && !strcmp(a->method, b->method) && !strcmp(a->option, b->option) &&
		    a->stencil == b->stencil && a->dtype == b->dtype && a->fusion == b->fusion && !strcmp(a->size, size) &&
		    !strcmp(q->status, "ok"))
			return q->measured;
	}
	return NAN;
}

/* the authors' rate over ours for row p: a kernels-vs-authors row measured on this GPU model for
 * p's method (its option aside), precision, stencil and depth, the same size preferred; like for
 * like where the run holds our rate on the artifact's data (ours_like), else over p's own rate on
 * random data (the text says which); NaN when none */
static double authors_over(const struct verdict_ctx *x, const struct point *p, char *where, size_t len)
{
	const struct csv_table *a = &x->authors;
	double best = NAN;
	int same_size = 0;
	for (size_t r = 0; r < a->nrows && isfinite(p->measured); r++) {
		const struct run_config *c = p->cfg;
		if (strcmp(csv_table_get(a, r, "gpu"), x->rc->run.gpu) || strcmp(csv_table_get(a, r, "method"), c->method) ||
		    strcmp(csv_table_get(a, r, "dtype"), dtype_table[c->dtype].name) ||
		    strcmp(csv_table_get(a, r, "stencil"), c->stencil->name) || atoi(csv_table_get(a, r, "fusion")) != c->fusion)
			continue;
		const int ss = !strcmp(csv_table_get(a, r, "size"), c->size);
		const double like = ours_like(x, p, csv_table_get(a, r, "size"));
		const double ours = isfinite(like) ? like : p->measured;
		const double q = strtod(csv_table_get(a, r, "gstencil_per_s"), NULL) / ours;
		if (ss < same_size || !(q > 0))
			continue;
		if (ss > same_size || !(q <= best)) {
			best = q, same_size = ss;
			snprintf(where, len, "%s %s t=%d %s: %s against %.1f, %s, data/paper/kernels-vs-authors.csv",
				 c->stencil->name, dtype_table[c->dtype].name, c->fusion, csv_table_get(a, r, "size"),
				 csv_table_get(a, r, "gstencil_per_s"), ours, isfinite(like) ? "like for like (ours on the "
				 "artifact's data)" : "ours on random data, theirs on their own");
		}
	}
	return best;
}

/* the lowest share of its roof an authors' artifact of family reaches on this GPU model: each
 * kernels-vs-authors row of the model, its rate over the model's roof on this run's ceilings (the
 * method's own sigma rule); NaN when the family has none; where says which */
static double family_floor(const struct verdict_ctx *x, enum unit family, char *where, size_t len)
{
	const struct csv_table *a = &x->authors;
	double low = NAN;
	for (size_t r = 0; r < a->nrows; r++) {
		const struct model_method *m = model_method_find(csv_table_get(a, r, "method"));
		const struct stencil *st = stencil_find(csv_table_get(a, r, "stencil"));
		const struct dtype_info *dt = dtype_find(csv_table_get(a, r, "dtype"));
		if (!m || !st || !dt || m->family != family || strcmp(csv_table_get(a, r, "gpu"), x->rc->run.gpu))
			continue;
		struct model_input in = { st, atoi(csv_table_get(a, r, "fusion")), dt->id, m, -1, NAN, &x->rc->run.hw, 0 };
		struct model_point mp;
		char why[256];
		const double g = strtod(csv_table_get(a, r, "gstencil_per_s"), NULL);
		if (in.fusion < 1 || model_eval(&in, &mp, why, sizeof(why)) != 0 || !(mp.gstencil_per_s > 0) || !(g > 0))
			continue;
		const double roof = fmin(mp.gstencil_per_s, mp.power_gstencil_per_s);   /* the lowest of three */
		if (!(g / roof >= low)) {
			low = g / roof;
			snprintf(where, len, "%s's %s, %.0f %%", csv_table_get(a, r, "artifact"), csv_table_get(a, r, "problem"),
				 100 * low);
		}
	}
	return low;
}

void vd_side(struct verdict_ctx *x, struct claim_eval *e, const struct point *const *ps, size_t n)
{
	if (e->nside == VD_MAX_SIDES || n == 0)
		return;
	struct flip_side *s = &e->side[e->nside];
	*s = (struct flip_side){ "", NAN, "", NAN, NAN, "" };
	for (size_t i = 0; i < n; i++) {
		const struct point *p = ps[i];
		if (!p || strcmp(p->status, "ok"))
			continue;
		char where[192];
		/* its share of the lowest of its roofs: compute, memory and, where the ceilings measured the
		 * energies, power (fmin passes over a NaN) */
		const double roof = fmin(rec_model_gs(p), p->have_model ? p->mp.power_gstencil_per_s : NAN);
		const double share = p->measured / roof, q = authors_over(x, p, where, sizeof(where));
		if (!s->name[0]) {
			side_name(p, s->name, sizeof(s->name));
			const struct model_method *mm = model_method_find(p->cfg->method);
			if (mm)
				s->floor = family_floor(x, mm->family, s->floor_where, sizeof(s->floor_where));
		}
		if (isfinite(share) && !(share <= s->share))
			s->share = share;
		if (isfinite(q) && !(q <= s->best_known))
			s->best_known = q, snprintf(s->best_where, sizeof(s->best_where), "%s", where);
	}
	if (s->name[0])
		e->nside++;
}

void vd_side_share(struct claim_eval *e, const char *name, double share)
{
	if (e->nside == VD_MAX_SIDES)
		return;
	struct flip_side *s = &e->side[e->nside++];
	*s = (struct flip_side){ "", NAN, "", share, NAN, "" };   /* no authors' artifact of its kind: no floor */
	snprintf(s->name, sizeof(s->name), "%s", name);
}

void vd_flip(const struct verdict_ctx *x, struct claim_eval *e, double f, const char *target, const char *fmt, ...)
{
	(void)x, (void)target;
	e->rate = 1;
	e->margin = f;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->margin_text, sizeof(e->margin_text), fmt, ap);
	va_end(ap);
	/* near 1 the factor with three decimals, wherever the text prints it with two */
	char two[24], three[24], *at;
	snprintf(two, sizeof(two), "%.2fx", f);
	snprintf(three, sizeof(three), "%.3fx", f);
	if (f < 1.1 && (at = strstr(e->margin_text, two)) && strlen(e->margin_text) + 1 < sizeof(e->margin_text)) {
		memmove(at + strlen(three), at + strlen(two), strlen(at + strlen(two)) + 1);
		memcpy(at, three, strlen(three));
	}
}

void vd_flip_ratio(struct verdict_ctx *x, struct claim_eval *e, double r, double t, int upper, const char *target,
		   const struct point *const *num, size_t nn, const struct point *const *den, size_t nd)
{
	char a[64] = "?", b[64] = "?";
	if (!isfinite(r) || !isfinite(t) || !(r > 0))
		return;
	if (nn && num[0])
		side_name(num[0], a, sizeof(a));
	if (nd && den[0])
		side_name(den[0], b, sizeof(b));
	const int holds = upper ? r <= t : r >= t;
	const double f = holds == upper ? t / r : r / t;   /* >= 1 either way */
	const int num_up = holds == upper;                 /* the numerator's speed-up flips it */
	vd_flip(x, e, f, target, "%s; flips if %s were %.2fx faster", holds ? "holds" : "does not hold", num_up ? a : b, f);
	if (num_up)
		vd_side(x, e, num, nn);
	else
		vd_side(x, e, den, nd);
}

void vd_distance(struct claim_eval *e, double d, const char *fmt, ...)
{
	e->rate = 0;
	e->margin = fabs(d);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->margin_text, sizeof(e->margin_text), fmt, ap);
	va_end(ap);
}

const char *vd_param_text(const struct verdict_ctx *x, const char *name)
{
	for (size_t r = 0; r < x->params.nrows; r++)
		if (!strcmp(csv_table_get(&x->params, r, "name"), name))
			return csv_table_get(&x->params, r, "value");
	return "";
}

double vd_param(const struct verdict_ctx *x, const char *name)
{
	const char *v = vd_param_text(x, name);
	char *end;
	const double d = *v ? strtod(v, &end) : NAN;
	return *v && !*end ? d : NAN;   /* not a number: NaN, which every check refuses */
}

/* the margin's number and text as the row shows them: decided verdicts only; an inconclusive one's
 * says what the measurement leans to ("as measured it would hold; flips if ..."), never a bare
 * "holds" beside "inconclusive" */
static void margin_cells(const struct claim_eval *e, enum verdict_out vo, double *m, char *t, size_t len)
{
	const int decided = vo == VO_HOLDS || vo == VO_FAILS || vo == VO_IMPL_LIMITED || vo == VO_SPREAD;
	const int undecided = vo == VO_IMPL_LIMITED || vo == VO_SPREAD;
	*m = decided ? e->margin : NAN;
	if (vo == VO_PREMISE_ABSENT && e->premise_margin[0])
		snprintf(t, len, "%s", e->premise_margin);
	else if (!(decided && isfinite(e->margin)))
		snprintf(t, len, "-");
	else if (undecided && !strncmp(e->margin_text, "holds", 5))
		snprintf(t, len, "as measured it would hold%s", e->margin_text + 5);
	else if (undecided && !strncmp(e->margin_text, "does not hold", 13))
		snprintf(t, len, "as measured it would not hold%s", e->margin_text + 13);
	else
		snprintf(t, len, "%s", e->margin_text);
}

/* the claim on each replica ("replica 1 (GPU-ebc3432d, ...): 1.031, holds, margin 1.031; ..."), its
 * paper-defined value where it has one (said), "" when the run has one replica */
static void replica_text(const struct verdict_ctx *x, char *b, size_t len)
{
	size_t used = 0;
	b[0] = '\0';
	for (int i = 0; i < x->replicas && used < len; i++) {
		const struct rep_value *r = &x->rep[x->cur][i];
		char v[48] = "", m[32];
		if (isfinite(r->value))
			snprintf(v, sizeof(v), "%.4g%s, ", r->value, r->defined ? " (paper-defined)" : "");
		snprintf(m, sizeof(m), "%.4g", r->margin);
		if (!r->measured)
			used += (size_t)snprintf(b + used, len - used, "%sreplica %d (%s): not measured", i ? "; " : "", i + 1,
						 x->rep_gpus[i]);
		else
			used += (size_t)snprintf(b + used, len - used, "%sreplica %d (%s): %s%s%s%s", i ? "; " : "", i + 1,
						 x->rep_gpus[i], v, r->premise_absent ? "premise absent" : verdict_name(r->base),
						 isfinite(r->margin) && !r->premise_absent ? ", margin " : "",
						 isfinite(r->margin) && !r->premise_absent ? m : "");
	}
}

/* the claim's Markdown row: each column verdicts.md shows (render_verdict_cols, in its order), its
 * cell the value named by the column's verdicts.csv name */
static void md_claim_row(struct md_table *md, const char *const (*named)[2], size_t n)
{
	const char *cells[16];
	size_t nc = 0;
	for (size_t k = 0; k < render_verdict_ncols && nc < NELEM(cells); k++) {
		if (!render_verdict_cols[k].md)
			continue;
		cells[nc] = "";
		for (size_t i = 0; i < n; i++)
			if (!strcmp(named[i][0], render_verdict_cols[k].csv))
				cells[nc] = named[i][1];
		nc++;
	}
	md_row(md, cells);
}

void vd_claim(struct verdict_ctx *x, const struct claim_row *cr, const struct claim_eval *e,
	      double measured, const char *measured_text, const char *model_text, const char *basis,
	      const struct used *u)
{
	char m[1024], v[640], why[512], rows[32], b[1400], mt[256], mc[1536], reps[512];
	double mg;
	if (x->drawing) {   /* a draw of the interval (interval.c): the signed margin alone */
		x->draws[x->cur * (size_t)x->ndraws + (size_t)x->draw_at] = verdict_signed_margin(e);
		return;
	}
	if (x->collecting) {   /* one replica's pass: its value, answer and margin */
		x->rep[x->cur][x->collect_at] = (struct rep_value){ e->N > 0 && e->n >= e->N && e->base != V_NA,
								    isfinite(e->defined) ? e->defined : measured, e->base,
								    e->margin, e->premise_absent, isfinite(e->defined) };
		return;
	}
	struct claim_eval ec = *e;
	ec.halfwidth = x->hw ? x->hw[x->cur] : NAN;
	ec.level = x->level;
	if (x->hw_why)
		snprintf(ec.interval_why, sizeof(ec.interval_why), "%s", x->hw_why[x->cur]);
	enum verdict_out vo = verdict_decide(&ec, why, sizeof(why));
	if (x->counting) {   /* the counts the table opens with */
		x->count[vo]++;
		return;
	}
	replica_text(x, reps, sizeof(reps));
	if (measured_text)
		snprintf(m, sizeof(m), "%s", measured_text);
	else
		render_fmt(m, sizeof(m), measured, 2);
	if (vo == VO_PREMISE_ABSENT)
		snprintf(v, sizeof(v), "%s: %s", verdict_out_name(vo), e->premise_why);
	else if (why[0])
		snprintf(v, sizeof(v), "%s (%s)", verdict_out_name(vo), why);
	else
		snprintf(v, sizeof(v), "%s", verdict_out_name(vo));
	margin_cells(&ec, vo, &mg, mt, sizeof(mt));
	const double sm = verdict_signed_margin(&ec), h = ec.halfwidth;
	double ilo = NAN, ihi = NAN;   /* the margin's interval, in its units (a flip factor under 1: the other side) */
	if (isfinite(sm) && isfinite(h) && vo != VO_PREMISE_ABSENT && vo != VO_NOT_MEASURED) {
		ilo = ec.rate ? exp(fabs(sm) - h) : fabs(sm) - h;
		ihi = ec.rate ? exp(fabs(sm) + h) : fabs(sm) + h;
		if ((vo == VO_HOLDS || vo == VO_FAILS) && strlen(mt) + 80 < sizeof(mt) && h > 1e-6 * fmax(1, fabs(sm)))
			snprintf(mt + strlen(mt), sizeof(mt) - strlen(mt), "; %.0f %% interval %.4g%s to %.4g%s",
				 100 * ec.level, ilo, ec.rate ? "x" : "", ihi, ec.rate ? "x" : "");
		else if ((vo == VO_HOLDS || vo == VO_FAILS) && strlen(mt) + 80 < sizeof(mt))
			snprintf(mt + strlen(mt), sizeof(mt) - strlen(mt), "; no interval: the values it rests on do not "
				 "move between measurements");
	} else if ((vo == VO_HOLDS || vo == VO_FAILS) && isfinite(sm)) {   /* decided without an interval: said */
		const char *w = strstr(ec.interval_why, "no interval");
		snprintf(mt + strlen(mt), sizeof(mt) - strlen(mt), "; %s", w ? w : "no interval");
	}
	snprintf(rows, sizeof(rows), "%d/%d", e->n, e->N);
	snprintf(b, sizeof(b), "%s", basis);
	for (int i = 0; i < e->nside && vo != VO_NOT_MEASURED; i++) {   /* what the gate read */
		const struct flip_side *sd = &e->side[i];
		const size_t l = strlen(b);
		if (isfinite(sd->best_known))
			snprintf(b + l, sizeof(b) - l, "; gate: the authors' %s runs %.2fx ours (%s)%s", sd->name, sd->best_known,
				 sd->best_where, sd->best_known <= 1 ? ", ours at or above it: no evidence against the verdict" : "");
		else if (isfinite(sd->share) && isfinite(sd->floor))
			snprintf(b + l, sizeof(b) - l, "; gate: no authors' number for %s, at %.1f %% of its roof at best (its "
				 "family's floor: %s)", sd->name, 100 * sd->share, sd->floor_where);
		else if (isfinite(sd->share))
			snprintf(b + l, sizeof(b) - l, "; gate: no authors' number for %s, at %.1f %% of its roof at best (no "
				 "authors' artifact of its family measured on this GPU model: not gated)", sd->name, 100 * sd->share);
	}
	if (vo == VO_HOLDS || vo == VO_FAILS)   /* what its interval rests on */
		snprintf(b + strlen(b), sizeof(b) - strlen(b), "; interval: %s", ec.interval_why[0] ? ec.interval_why : "none");
	const size_t l = strlen(b);
	snprintf(b + l, sizeof(b) - l, "%s%s%s", u->s[0] ? "; uses throttled rows: " : "", u->s,
		 u->dirty ? "; uses rows measured from a DIRTY TREE (not a recorded result)" : "");
	render_verdict_measured(mc, sizeof(mc), m, e->defined_text, reps);
	if (!model_text || !*model_text)
		model_text = "-";
	const char *sv[] = { cr->id, cr->kind, cr->paper, cr->claim, cr->criterion, cr->paper_value, model_text };
	for (size_t i = 0; i < NELEM(sv); i++)
		csv_put_str(&x->o.w, sv[i]);
	csv_put_num(&x->o.w, measured);
	csv_put_str(&x->o.w, m);
	csv_put_num(&x->o.w, e->defined);
	csv_put_str(&x->o.w, e->defined_text[0] ? e->defined_text : m);
	csv_put_str(&x->o.w, rows);
	csv_put_str(&x->o.w, verdict_out_name(vo));
	csv_put_str(&x->o.w, v);
	csv_put_num(&x->o.w, mg);
	csv_put_str(&x->o.w, mt);
	csv_put_str(&x->o.w, b);
	csv_put_str(&x->o.w, u->s);
	csv_put_str(&x->o.w, ec.rate ? "log of the flip factor" : "the margin's units");
	csv_put_num(&x->o.w, h);
	csv_put_num(&x->o.w, x->hw_one ? x->hw_one[x->cur] : NAN);
	csv_put_num(&x->o.w, ilo);
	csv_put_num(&x->o.w, ihi);
	csv_put_str(&x->o.w, ec.interval_why);
	csv_put_str(&x->o.w, reps);
	csv_end_row(&x->o.w);
	const char *const named[][2] = { { "id", cr->id }, { "claim", cr->claim }, { "criterion", cr->criterion },
					 { "paper_value", cr->paper_value }, { "model", model_text },
					 { "measured_text", mc }, { "rows", rows }, { "verdict_text", v },
					 { "margin_text", mt }, { "basis", b } };
	md_claim_row(&x->o.md, named, NELEM(named));
}
