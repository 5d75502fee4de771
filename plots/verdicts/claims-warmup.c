/*
 * claims-warmup.c - the harness's own claims on its timing protocol (no paper's), judged on the
 * warm-up study (make warmup-study, plots/render/render-warmup.c): that a warm-up of the claim's
 * length (its value, in seconds) brings every kernel within the claim's tolerance of its rate
 * after the study's longest warm-up, each row timed from an idle GPU. A verdict names every
 * kernel beyond the tolerance and by how much, and says how far the largest deviation is from the
 * tolerance (its margin: how far from flipping). Without the study's rows: not measured.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "verdicts-int.h"

/* a row the claim rests on: counted when measured (ok), its throttling and tree noted */
static void wu_use(struct claim_eval *e, struct used *u, const struct wu_set *s, const struct wu_row *w)
{
	if (!w || strcmp(w->status, "ok"))
		return;
	e->n++;
	u->dirty |= w->dirty;
	if (w->throttled > 0) {
		const size_t l = strlen(u->s);
		snprintf(u->s + l, sizeof(u->s) - l, "%s%s at %g s", l ? ", " : "", s->k[w->kernel].name, w->warmup);
	}
}

/* the deviations from the reference's rate: the largest (its kernel into *worst_k) and the kernels
 * beyond tol, named with theirs into beyond (how many: *nb) */
static double wu_deviations(struct claim_eval *e, struct used *u, const struct wu_set *s, int j, double tol,
			    size_t *worst_k, char *beyond, size_t len, int *nb)
{
	double worst = NAN;
	*nb = 0;
	for (size_t k = 0; k < s->nk; k++) {
		e->N += 2;
		wu_use(e, u, s, rec_wu_row(s, k, j));
		wu_use(e, u, s, rec_wu_row(s, k, (int)s->nw - 1));
		const double d = rec_wu_rel(s, k, j) - 1;
		if (!isfinite(d))
			continue;
		if (!(fabs(d) <= worst))
			worst = fabs(d), *worst_k = k;
		if (fabs(d) > tol) {
			const size_t l = strlen(beyond);
			snprintf(beyond + l, len - l, "%s%s %+.2f %%", (*nb)++ ? ", " : "", s->k[k].name, 100 * d);
		}
	}
	return worst;
}

void warmup_within(struct verdict_ctx *x, const struct claim_row *cr)
{
	const struct wu_set *s = x->wu;
	struct claim_eval e = CLAIM_EVAL(V_HOLDS);
	struct used u = { "", 0 };
	char beyond[320] = "", meas[512] = "", basis[320];
	size_t wk = 0;
	int nb = 0;
	const int j = s ? rec_wu_at(s, cr->value) : -1;
	const double ref = s && s->nw ? s->w[s->nw - 1] : NAN;
	const double worst = j >= 0 ? wu_deviations(&e, &u, s, j, cr->tol, &wk, beyond, sizeof(beyond), &nb) : NAN;
	if (j < 0)   /* the study has no such warm-up: nothing measures the claim */
		e.N = 1, e.base = V_NA;
	else if (nb)
		e.base = V_FAILS;
	if (nb)
		snprintf(meas, sizeof(meas), "beyond %g %%: %s (%d of %zu kernels); margin: %.2f points beyond", 100 * cr->tol,
			 beyond, nb, s->nk, 100 * (worst - cr->tol));
	else if (isfinite(worst))
		snprintf(meas, sizeof(meas), "largest |rate / %g-s rate - 1|: %.2f %% (%s); margin: %.2f points inside %g %%",
			 ref, 100 * worst, s->k[wk].name, 100 * (cr->tol - worst), 100 * cr->tol);
	if (isfinite(worst))
		vd_distance(&e, 100 * (cr->tol - worst), "%.2f points %s %g %%", fabs(100 * (cr->tol - worst)),
			    nb ? "beyond" : "inside", 100 * cr->tol);
	snprintf(basis, sizeof(basis), "%s: each kernel's rate after %g s over its rate after %g s (the study's longest "
		 "warm-up), every row timed after an idle pause; GStencil/s for the stencils, GB/s for SCALE and SpMV",
		 x->wu_name ? x->wu_name : "the warm-up study (not loaded)", cr->value, ref);
	vd_claim(x, cr, &e, worst, meas[0] ? meas : NULL, "-", basis, &u);
}
