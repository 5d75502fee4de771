/*
 * claims-sptc.c - the evaluators of the sptc paper's claims on its Figure 9 (data/paper/claims.csv
 * names them; verdicts-int.h): SPIDER's average speedup over each baseline, the means of those
 * over the CUDA-core and the tensor-core baselines, and the growth of its speedup over DRStencil
 * with the radius. Each is judged as the paper defines it (sptc section 4.1, Baselines): an fp16
 * rate divided by the factor of 4 (data/paper/verdict-params.csv) against a baseline run in fp64,
 * the paper's precision for ConvStencil, LoRAStencil and FlashFFTStencil (the claim's config); the
 * raw ratio of rates, against the baseline in the precision the harness lists first, beside it.
 * cuDNN's precision is not stated: the reading taken is unscaled, the width rule's (fp32: 2) shown.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "method.h"
#include "stencil.h"
#include "verdicts-int.h"

/* one baseline over the shapes: raw and paper-defined means, the model's, the rows used */
struct sptc_mean {
	double raw, defined, model, other, factor;
	int n_raw, n_def, known;
	int n_spider;                   /* the run's measured rows of the sptc method (its variant) */
	const char *dt;                 /* the paper's precision of the baseline, or NULL (not stated) */
	const struct point *sp[16], *bp[16];
	size_t ns, nb;
};

/* a baseline METHOD or METHOD:OPTION: the method's name into name, the option returned */
static const char *baseline_split(const char *base, char *name, size_t len)
{
	const char *colon = strchr(base, ':');
	snprintf(name, len, "%.*s", colon ? (int)(colon - base) : (int)strlen(base), base);
	return colon ? colon + 1 : "";
}

/* the row of baseline name:bopt on stencil s in dtype dt (NULL: any, the list's first) */
static const struct point *base_row(const struct target *t, const struct stencil *s, const char *name,
				    const char *bopt, const char *dt, int not_fp64)
{
	for (size_t j = 0; j < t->n; j++) {
		const struct run_config *c = &t->cfgs[j];
		if (c->stencil != s || strcmp(c->method, name) || strcmp(c->option, bopt))
			continue;
		if ((dt && strcmp(dtype_table[c->dtype].name, dt)) || (not_fp64 && c->dtype == DT_FP64))
			continue;
		return &t->p[j];
	}
	return NULL;
}

/* the paper's factor for a baseline in precision dt: fp64 the paper's 4, fp16 (SPIDER's own) 1 */
static double precision_factor(const struct verdict_ctx *x, const char *dt)
{
	return dt && !strcmp(dt, dtype_table[DT_FP64].name) ? vd_param(x, "sptc_precision_factor") : 1;
}

/* spider (option) over baseline base whose paper precision is dt ("-": not stated) */
static void sptc_mean(struct verdict_ctx *x, const char *option, const char *base, const char *dt, struct sptc_mean *m,
		      struct claim_eval *e, struct used *u)
{
	const struct target *s9 = vd_input(x, "sptc-figure9");
	char name[64];
	const char *bopt = baseline_split(base, name, sizeof(name));
	double sr = 0, sd = 0, sm = 0;
	memset(m, 0, sizeof(*m));
	m->dt = dt && strcmp(dt, "-") ? dt : NULL;
	m->known = model_method_find(name) != NULL;
	m->factor = precision_factor(x, m->dt);
	for (size_t i = 0; s9 && i < s9->n; i++) {
		const struct point *ps = &s9->p[i];
		if (strcmp(s9->cfgs[i].method, "spider") || strcmp(s9->cfgs[i].option, option))
			continue;
		m->n_spider += isfinite(ps->measured);   /* a row the run holds */
		const struct point *pr = base_row(s9, s9->cfgs[i].stencil, name, bopt, NULL, 1);
		const struct point *pd = m->dt ? base_row(s9, s9->cfgs[i].stencil, name, bopt, m->dt, 0) : pr;
		if (!pr)
			pr = pd;
		if (m->known && !pr)
			continue;   /* a shape the list does not run the baseline on (TCStencil has no 1D) */
		e->N += 2;
		vd_rest_on(e, ps, u);
		vd_rest_on(e, pd, u);
		if (pr && isfinite(ps->measured / pr->measured))
			sr += ps->measured / pr->measured, m->n_raw++;
		if (pd && isfinite(ps->measured / pd->measured) && m->ns < 16) {
			sd += ps->measured / m->factor / pd->measured;
			sm += rec_model_gs(ps) / m->factor / rec_model_gs(pd);
			m->n_def++;
			m->sp[m->ns++] = ps, m->bp[m->nb++] = pd;
		}
	}
	m->raw = m->n_raw ? sr / m->n_raw : NAN;
	m->defined = m->n_def ? sd / m->n_def : NAN;
	m->model = m->n_def ? sm / m->n_def : NAN;
	m->other = m->dt ? NAN : m->defined / vd_param(x, "sptc_width_factor_fp32");
}

/* the margin of an "at least" claim judged on the paper-defined ratio r against t: the flip
 * factor, spider's side when it fails, the baselines' when it holds */
static void sptc_flip(struct verdict_ctx *x, struct claim_eval *e, double r, double t, struct sptc_mean *ms, size_t nm,
		      const char *spider)
{
	if (!isfinite(r))
		return;
	if (r < t) {
		vd_flip(x, e, t / r, "sptc-figure9", "does not hold; flips if %s were %.2fx faster", spider, t / r);
		vd_side(x, e, ms[0].sp, ms[0].ns);
		return;
	}
	vd_flip(x, e, r / t, "sptc-figure9", "holds; flips if the baseline%s were %.2fx faster (or %s %.2fx slower)",
		nm > 1 ? "s" : "", r / t, spider, r / t);
	for (size_t k = 0; k < nm; k++)
		vd_side(x, e, ms[k].bp, ms[k].nb);
}

/* the paper-defined text of one baseline's mean over spider (its variant's name) */
static void defined_text(const struct sptc_mean *m, const char *base, const char *spider, char *b, size_t len)
{
	if (!m->known)
		snprintf(b, len, "not measured: the harness has no %s", base);
	else if (!m->n_spider)
		snprintf(b, len, "not measured: no %s rows in this run", spider);
	else if (!m->n_def)
		snprintf(b, len, "not measured: no %s%s%s rows in this run", m->dt ? m->dt : "", m->dt ? " " : "", base);
	else if (m->dt)
		snprintf(b, len, "%.2f (fp16 / %.0f over %s %s)", m->defined, m->factor, base, m->dt);
	else
		snprintf(b, len, "%.2f (reading taken: unscaled, the paper does not state %s's precision; by the "
			 "width rule, fp32 / 2: %.2f)", m->defined, base, m->other);
}

static const char *spider_name(const struct claim_row *cr)
{
	return cr->option[0] ? "spider:L16" : "spider";
}

void sptc_over_baseline(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	struct sptc_mean m;
	char mod[64], basis[512], raw[64];
	sptc_mean(x, cr->option, cr->baseline, cr->config, &m, &e, &u);
	/* a variant the run does not hold reads "not measured", its row kept */
	render_fmt(mod, sizeof(mod), m.model, 2);
	render_fmt(raw, sizeof(raw), m.raw, 2);
	e.defined = m.defined;
	defined_text(&m, cr->baseline, spider_name(cr), e.defined_text, sizeof(e.defined_text));
	snprintf(basis, sizeof(basis), "sptc-figure9: %s fp16 over %s, arithmetic mean over the shapes; raw: the rates' "
		 "ratio (the baseline in the precision the list runs first); paper-defined: sptc section 4.1's factor "
		 "of 4 for an fp64 baseline; model: the same mean of the roofs, paper-defined; every row one step, so "
		 "the artifacts' multiplication by the fused depth changes nothing", spider_name(cr), cr->baseline);
	const double t = cr->value * (1 - cr->tol);
	e.base = verdict_at_least(m.defined, cr->value, cr->tol);
	sptc_flip(x, &e, m.defined, t, &m, 1, spider_name(cr));
	vd_claim(x, cr, &e, m.raw, m.n_raw ? raw : NULL, mod, basis, &u);
}

/* sptc's headline: the mean of its per-baseline speedups (each paper-defined), measured only with
 * every baseline; config: each baseline's paper precision ("-": not stated), in the same order */
void sptc_over_baselines(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	struct sptc_mean ms[VD_MAX_SIDES];
	char list[256], dts[128], *s1 = NULL, *s2 = NULL, mod[96], basis[320], raw[32];
	double sum = 0, rsum = 0, msum = 0;
	size_t nm = 0;
	snprintf(list, sizeof(list), "%s", cr->baseline);
	snprintf(dts, sizeof(dts), "%s", cr->config);
	char *dt = strtok_r(dts, " ", &s2);
	for (char *b = strtok_r(list, " ", &s1); b && nm < VD_MAX_SIDES; b = strtok_r(NULL, " ", &s1), dt = strtok_r(NULL, " ", &s2)) {
		struct claim_eval eb = CLAIM_EVAL(V_NA);
		sptc_mean(x, cr->option, b, dt, &ms[nm], &eb, &u);
		e.N++;
		if (eb.N > 0 && eb.n == eb.N && isfinite(ms[nm].defined))
			e.n++, sum += ms[nm].defined, rsum += ms[nm].raw, msum += ms[nm].model;
		nm++;
	}
	const double r = e.n ? sum / e.n : NAN;
	render_fmt(mod, sizeof(mod), e.n ? msum / e.n : NAN, 2);
	render_fmt(raw, sizeof(raw), e.n ? rsum / e.n : NAN, 2);
	if (e.n < e.N)
		snprintf(mod + strlen(mod), sizeof(mod) - strlen(mod), " (%d of %d baselines)", e.n, e.N);
	e.defined = r;
	render_fmt(e.defined_text, sizeof(e.defined_text), r, 2);
	snprintf(basis, sizeof(basis), "the mean of the per-baseline speedups over %s, each as the paper defines it "
		 "(fp64 baselines: fp16 / 4); raw: the same mean of the raw ratios", cr->baseline);
	e.base = verdict_at_least(r, cr->value, cr->tol);
	sptc_flip(x, &e, r, cr->value * (1 - cr->tol), ms, nm, spider_name(cr));
	vd_claim(x, cr, &e, e.n ? rsum / e.n : NAN, e.n ? raw : NULL, mod, basis, &u);
}

/* sptc 4.2: the speedup over the baseline grows with the radius; config "STENCIL=BOUND ..." in
 * ascending radius, each shape's paper-defined ratio at least its bound and the last above the first */
void sptc_grows_with_radius(struct verdict_ctx *x, const struct claim_row *cr)
{
	const struct target *s9 = vd_input(x, "sptc-figure9");
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	char list[128], *save = NULL, name[64], meas[256] = "", basis[256];
	double r[8], bound[8];
	size_t n = 0;
	const char *bopt = baseline_split(cr->baseline, name, sizeof(name));
	const int known = model_method_find(name) != NULL;
	snprintf(list, sizeof(list), "%s", cr->config);
	for (char *tok = strtok_r(list, " ", &save); tok && n < 8; tok = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(tok, '=');
		const struct stencil *st = eq ? (*eq = '\0', stencil_find(tok)) : NULL;
		const struct point *ps = NULL, *pb = NULL;
		for (size_t i = 0; st && s9 && i < s9->n; i++)
			if (s9->cfgs[i].stencil == st && !strcmp(s9->cfgs[i].method, "spider") && !s9->cfgs[i].option[0])
				ps = &s9->p[i];
		if (st && s9 && known)
			pb = base_row(s9, st, name, bopt, NULL, 0);
		e.N += 2;
		vd_rest_on(&e, ps, &u);
		vd_rest_on(&e, pb, &u);
		bound[n] = eq ? strtod(eq + 1, NULL) : NAN;
		r[n] = ps && pb ? ps->measured / precision_factor(x, pb ? dtype_table[pb->cfg->dtype].name : NULL) / pb->measured : NAN;
		snprintf(meas + strlen(meas), sizeof(meas) - strlen(meas), "%s%s %.2f", n ? ", " : "", tok, r[n]);
		n++;
	}
	e.base = verdict_grows(r, bound, n, cr->tol);
	if (e.base != V_NA) {   /* the margin: the shape furthest from its bound decides it */
		double f = INFINITY;
		for (size_t k = 0; k < n; k++)
			f = fmin(f, fabs(log(r[k] / (bound[k] * (1 - cr->tol)))));
		vd_flip(x, &e, exp(f), "sptc-figure9", "%s; the nearest shape flips at %.2fx",
			e.base == V_HOLDS ? "holds" : "does not hold", exp(f));
	}
	snprintf(basis, sizeof(basis), "sptc-figure9: spider fp16 over %s on each shape, paper-defined (fp64: / 4)%s",
		 cr->baseline, known ? "" : "; the harness has no such method: not measured");
	vd_claim(x, &*cr, &e, NAN, e.n == e.N ? meas : NULL, "-", basis, &u);
}
