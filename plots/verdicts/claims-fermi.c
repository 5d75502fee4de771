/*
 * claims-fermi.c - the evaluators of the fermi paper's claims on its Figure 8 (data/paper/claims.csv
 * names them; verdicts-int.h): the cached plane sweep and the wavefront outperform the naive
 * algorithm, the wavefront is the fastest for large grids and depends less on the grid's size,
 * and power-of-two widths drop. Each reads the rows of fermi-figure8 whose method and data type
 * the claim's config names ("METHOD DTYPE", and for the drop the width class: "n" or "pitch"),
 * in the claim's variant where it names one (plane-sweep:unpadded: rows exactly n apart). No
 * authors' number exists for these methods: the gate's fallback reads each side's best share of
 * its roof over the sweep (small grids run far below any roof on a GPU this size).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fermi.h"
#include "stencil.h"
#include "verdicts-int.h"

struct f8_claim {
	const struct target *t;
	char method[48], what[16];
	enum dtype dt;
	long ns[64];   /* the sweep's widths, ascending */
	size_t nn;
};

/* the claim's rows: 0, or -1 when the run does not hold fermi-figure8 or config is malformed */
static int f8_open(struct verdict_ctx *x, const struct claim_row *cr, struct f8_claim *f)
{
	char dt[16] = "";
	memset(f, 0, sizeof(*f));
	f->t = vd_input(x, "fermi-figure8");
	if (!f->t || sscanf(cr->config, "%31s %15s %15s", f->method, dt, f->what) < 2 || !dtype_find(dt))
		return -1;
	if (cr->option[0])
		snprintf(f->method + strlen(f->method), sizeof(f->method) - strlen(f->method), ":%s", cr->option);
	f->dt = dtype_find(dt)->id;
	for (size_t i = 0; i < f->t->n && f->nn < NELEM(f->ns); i++) {
		const long n = f->t->cfgs[i].n[0];
		size_t k = 0;
		while (k < f->nn && f->ns[k] < n)
			k++;
		if (k < f->nn && f->ns[k] == n)
			continue;
		memmove(f->ns + k + 1, f->ns + k, (f->nn - k) * sizeof(long));
		f->ns[k] = n, f->nn++;
	}
	return 0;
}

/* method m's rows over the sweep as a side of the claim (its best share of its roof) */
static void f8_side(struct verdict_ctx *x, struct claim_eval *e, const struct f8_claim *f, const char *m)
{
	const struct point *ps[64];
	size_t n = 0;
	for (size_t k = 0; k < f->nn && n < 64; k++)
		if ((ps[n] = rec_fermi_at(f->t, m, f->dt, f->ns[k])))
			n++;
	vd_side(x, e, ps, n);
}

/* the margin of a ratio r of m over b (geometric mean or the lowest) against 1 */
static void f8_flip(struct verdict_ctx *x, struct claim_eval *e, const struct f8_claim *f, double r, const char *m,
		    const char *b)
{
	if (!isfinite(r))
		return;
	const int holds = r > 1;
	vd_flip(x, e, holds ? r : 1 / r, "fermi-figure8", "%s; flips if %s %s were %.2fx faster",
		holds ? "holds" : "does not hold", holds ? b : m, dtype_table[f->dt].name, holds ? r : 1 / r);
	f8_side(x, e, f, holds ? b : m);
}

/* fermi Figure 8: METHOD outperforms the baseline: the geometric mean over the widths of
 * METHOD / baseline above value */
void fermi_beats_naive(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	struct f8_claim f;
	double lsum = 0, msum = 0;
	int n = 0;
	if (f8_open(x, cr, &f) != 0)
		return;
	for (size_t k = 0; k < f.nn; k++) {
		const struct point *p = rec_fermi_at(f.t, f.method, f.dt, f.ns[k]), *b = rec_fermi_at(f.t, cr->baseline, f.dt, f.ns[k]);
		e.N += 2;
		vd_rest_on(&e, p, &u);
		vd_rest_on(&e, b, &u);
		if (p && b && p->measured > 0 && b->measured > 0)
			lsum += log(p->measured / b->measured), msum += log(rec_model_gs(p) / rec_model_gs(b)), n++;
	}
	double r = n ? exp(lsum / n) : NAN;
	char mod[64], basis[256];
	render_fmt(mod, sizeof(mod), n ? exp(msum / n) : NAN, 2);
	snprintf(basis, sizeof(basis), "fermi-figure8: %s / %s %s, geometric mean over %d widths; model: the roofs' "
		 "ratio", f.method, cr->baseline, dtype_table[f.dt].name, n);
	e.base = isfinite(r) ? (r > cr->value ? V_HOLDS : V_FAILS) : V_NA;
	f8_flip(x, &e, &f, r, f.method, cr->baseline);
	vd_claim(x, cr, &e, r, NULL, mod, basis, &u);
}

/* fermi Figure 8: METHOD is the fastest at every width from value up (the baselines: the others) */
void fermi_fastest_large(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_HOLDS);
	struct used u = { "", 0 };
	struct f8_claim f;
	double worst = NAN;
	long at = 0;
	char wb[32] = "";
	if (f8_open(x, cr, &f) != 0)
		return;
	for (size_t k = 0; k < f.nn; k++) {
		if (f.ns[k] < cr->value)
			continue;
		char list[128], *save = NULL;
		const struct point *p = rec_fermi_at(f.t, f.method, f.dt, f.ns[k]);
		e.N++;
		vd_rest_on(&e, p, &u);
		snprintf(list, sizeof(list), "%s", cr->baseline);
		for (char *b = strtok_r(list, " ", &save); b; b = strtok_r(NULL, " ", &save)) {
			const struct point *q = rec_fermi_at(f.t, b, f.dt, f.ns[k]);
			e.N++;
			vd_rest_on(&e, q, &u);
			double r = p && q ? p->measured / q->measured : NAN;
			if (!(r > 1))
				e.base = V_FAILS;
			if (isfinite(r) && (!isfinite(worst) || r < worst))
				worst = r, at = f.ns[k], snprintf(wb, sizeof(wb), "%s", b);
		}
	}
	f8_flip(x, &e, &f, worst, f.method, wb);
	char meas[96], basis[192];
	snprintf(meas, sizeof(meas), "lowest ratio %.2f (at %ld^3)", worst, at);
	snprintf(basis, sizeof(basis), "fermi-figure8 %s: %s over %s at each width from %.0f^3", dtype_table[f.dt].name,
		 f.method, cr->baseline, cr->value);
	vd_claim(x, cr, &e, worst, isfinite(worst) ? meas : NULL, "", basis, &u);   /* NULL: NA */
}

/* the coefficient of variation of a method's GLUPS over the widths; counts its rows into e */
static double f8_cv(struct claim_eval *e, struct used *u, const struct f8_claim *f, const char *m)
{
	double s = 0, ss = 0;
	int n = 0;
	for (size_t k = 0; k < f->nn; k++) {
		const struct point *p = rec_fermi_at(f->t, m, f->dt, f->ns[k]);
		e->N++;
		vd_rest_on(e, p, u);
		if (p && isfinite(p->measured))
			s += p->measured, ss += p->measured * p->measured, n++;
	}
	return n > 1 ? sqrt(fmax(ss / n - (s / n) * (s / n), 0)) / (s / n) : NAN;
}

/* fermi Figure 8: METHOD's GLUPS depend less on the size than the baselines': its coefficient of
 * variation over the widths is the lowest */
void fermi_less_size_dependent(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_HOLDS);
	struct used u = { "", 0 };
	struct f8_claim f;
	char list[128], *save = NULL, meas[96], others[96] = "", basis[192];
	if (f8_open(x, cr, &f) != 0)
		return;
	const double cv = f8_cv(&e, &u, &f, f.method);
	double lowest = INFINITY;
	snprintf(list, sizeof(list), "%s", cr->baseline);
	for (char *b = strtok_r(list, " ", &save); b; b = strtok_r(NULL, " ", &save)) {
		const double o = f8_cv(&e, &u, &f, b);
		if (!(cv < o))
			e.base = V_FAILS;
		lowest = fmin(lowest, o);
		snprintf(others + strlen(others), sizeof(others) - strlen(others), "%s%s %.2f", others[0] ? ", " : "", b, o);
	}
	if (isfinite(cv) && isfinite(lowest))   /* a shape of rates, not a rate: a distance */
		vd_distance(&e, lowest - cv, "CV %.2f %s the lowest other's %.2f", fabs(lowest - cv), cv < lowest ? "under" :
			    "over", lowest);
	snprintf(meas, sizeof(meas), "CV %.2f (%s)", cv, others);
	if (!isfinite(cv))
		snprintf(meas, sizeof(meas), "NA");
	snprintf(basis, sizeof(basis), "fermi-figure8 %s: coefficient of variation (std / mean) of GLUPS over the %zu widths",
		 dtype_table[f.dt].name, f.nn);
	vd_claim(x, cr, &e, cv, meas, "", basis, &u);
}

/* fermi Figure 8: at the widths of the class config names ("n": n a power of two; "pitch": the
 * row pitch a power of two), METHOD (in the claim's variant) drops at least value below its two
 * neighbouring widths of its own layout, interpolated linearly in the width, on one GPU; holds when
 * at least half of them do (the first and last widths, without two neighbours, are not judged) */
/* the neighbours a drop at own[k] is measured against: the nearest widths of the sweep below and above
 * whose rows lack the class (the paper's drop is against nearby sizes that are not powers of two),
 * from the method's own rows alone (one layout: METHOD:unpadded's list measures the neighbours of
 * its powers of two too); 1 when both exist */
static int pow2_neighbours(const struct f8_claim *f, size_t k_n, int cls, const struct point **a, const struct point **b)
{
	*a = *b = NULL;
	for (size_t i = 0; i < f->nn; i++) {
		const struct point *q = rec_fermi_at(f->t, f->method, f->dt, f->ns[i]);
		if (!q || (rec_fermi_class(q) & cls))
			continue;
		if (f->ns[i] < (long)k_n)
			*a = q;
		else if (f->ns[i] > (long)k_n && !*b)
			*b = q;
	}
	return *a && *b;
}

/* the GPU a point's run row ran on ("" where the run does not say) */
static const char *gpu_of(const struct target *t, const struct point *p)
{
	const char *g = p->run_row >= 0 ? csv_table_get(&t->run, (size_t)p->run_row, "gpu_uuid") : NULL;
	return g ? g : "";
}

void fermi_pow2_drop(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	struct f8_claim f;
	char meas[160] = "", basis[360];
	int judged = 0, drops = 0, split = 0;   /* split: widths whose three rows ran on two GPUs */
	if (f8_open(x, cr, &f) != 0)
		return;
	const int cls = !strcmp(f.what, "pitch") ? FERMI_PITCH_POW2 : FERMI_POW2;
	const struct point *own[64];   /* the method's own widths, ascending */
	size_t no = 0;
	for (size_t k = 0; k < f.nn && no < 64; k++)
		if ((own[no] = rec_fermi_at(f.t, f.method, f.dt, f.ns[k])))
			no++;
	for (size_t k = 0; k < no; k++) {
		const struct point *p = own[k], *a, *b;
		if (!(rec_fermi_class(p) & cls))
			continue;
		if (!pow2_neighbours(&f, (size_t)p->cfg->n[0], cls, &a, &b))
			continue;   /* an end of the sweep: no neighbour on one side in the list */
		e.N += 3;   /* a power of two and its two neighbours of the same layout, measured or not */
		vd_rest_on(&e, p, &u);
		vd_rest_on(&e, a, &u);
		vd_rest_on(&e, b, &u);
		/* one GPU: the three rows' (a run that names its GPUs) */
		const int measured = isfinite(p->measured) && isfinite(a->measured) && isfinite(b->measured);
		if (measured && (strcmp(gpu_of(f.t, p), gpu_of(f.t, a)) || strcmp(gpu_of(f.t, p), gpu_of(f.t, b)))) {
			split++;
			continue;
		}
		/* the neighbours interpolated linearly at n (unevenly spaced widths) */
		const double na = (double)a->cfg->n[0], nb = (double)b->cfg->n[0], n = (double)p->cfg->n[0];
		const double expect = a->measured + (b->measured - a->measured) * (n - na) / (nb - na);
		const double d = 1 - p->measured / expect;
		if (!isfinite(d))
			continue;
		judged++;
		drops += d >= cr->value;
		snprintf(meas + strlen(meas), sizeof(meas) - strlen(meas), "%s%ld %+.0f%%", meas[0] ? ", " : "", p->cfg->n[0], -100 * d);
	}
	e.base = judged ? (2 * drops >= judged ? V_HOLDS : V_FAILS) : V_NA;
	if (!judged && cr->option[0]) {   /* rows of the layout missing: say which */
		e.N = e.N ? e.N : 1;
		if (e.n == 0)
			snprintf(meas, sizeof(meas), "not measured: no %s rows in this run", f.method);
		else
			snprintf(meas, sizeof(meas), "not measured: %d of its %d %s rows (the powers of two and their "
				 "neighbours) in this run", e.n, e.N, f.method);
	}
	if (split && strlen(meas) < sizeof(meas))
		snprintf(meas + strlen(meas), sizeof(meas) - strlen(meas), "%s%d not judged (rows on two GPUs)",
			 meas[0] ? "; " : "", split);
	if (judged) {
		const int need = (judged + 1) / 2;
		vd_distance(&e, drops - need + (e.base == V_HOLDS), "%d of %d widths drop; %s", drops, judged,
			    e.base == V_HOLDS ? "flips if fewer than half did" : "flips if half did");
	}
	snprintf(basis, sizeof(basis), "fermi-figure8 %s %s: GLUPS at each %s width against the nearest widths below "
		 "and above that are not, of the same layout on the same GPU, interpolated linearly in the width (%d of %d "
		 "drop by %.0f %% or more)", f.method, dtype_table[f.dt].name, cls == FERMI_PITCH_POW2 ? "pitch-2^k" : "2^k",
		 drops, judged, 100 * cr->value);
	vd_claim(x, cr, &e, NAN, meas, "", basis, &u);
}
