/*
 * claims-hopper.c - the harness's own claim on hopper-tc (no paper item): whether Hopper's wgmma
 * changes the tcs Table 3 answer (tensor cores or CUDA cores) or speedup for cases 3 and 4 on this
 * GPU, on the rows plots/render/render-hopper.c renders.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "verdicts-int.h"

/*
 * The verdict: for each case of config ("case 3;case 4"), the fastest tensor-core method on
 * mma.sync and the fastest :wgmma variant against the CUDA-core baseline of the same case; the
 * answer (tensor cores faster, TC/CC above 1, or not) is the same with both instruction sets. The
 * margin: the case nearest to changing, its flip factor the distance of the nearer TC/CC to 1 when
 * the answers agree, of the one below 1 when they do not; the side that would flip it gated.
 */
void hopper_tc_answer(struct verdict_ctx *x, const struct claim_row *cr)
{
	const struct target *t = vd_input(x, "hopper-tc");
	struct claim_eval e = CLAIM_EVAL(V_HOLDS);
	double key = INFINITY;
	const struct point *kp = NULL;
	struct used u = { "", 0 };
	char list[128], *save = NULL, meas[256] = "", mod[192] = "";
	snprintf(list, sizeof(list), "%s", cr->config);
	for (char *cs = strtok_r(list, ";", &save); cs; cs = strtok_r(NULL, ";", &save)) {
		const struct point *cc = t ? rec_ebisu_at(t, cs) : NULL, *bm = NULL, *bw = NULL;
		e.N += 3;
		for (size_t i = 0; t && i < t->n; i++) {
			const struct point *p = &t->p[i];
			if (strcmp(p->cfg->label, cs) || !strcmp(p->cfg->method, "ebisu") || !isfinite(rec_ok_rate(p)))
				continue;
			const struct point **best = p->cfg->option[0] ? (strcmp(p->cfg->option, "wgmma") ? NULL : &bw) : &bm;
			if (best && (!*best || rec_ok_rate(p) > rec_ok_rate(*best)))
				*best = p;
		}
		vd_rest_on(&e, cc, &u);
		vd_rest_on(&e, bm, &u);
		vd_rest_on(&e, bw, &u);
		const double sm = rec_ok_rate(bm) / rec_ok_rate(cc), sw = rec_ok_rate(bw) / rec_ok_rate(cc);
		if (!(isfinite(sm) && isfinite(sw)) || (sm > 1) != (sw > 1))
			e.base = V_FAILS;
		if (isfinite(sm) && isfinite(sw)) {
			/* this case's factor: the answers agree, the TC/CC nearer to 1 (either crossing 1
			 * changes it); they differ, the one below 1 (raised to 1, they agree) */
			const int agree = (sm > 1) == (sw > 1);
			const int mma = agree ? fabs(log(sm)) <= fabs(log(sw)) : sm <= 1;
			const double f = 1 / (mma ? sm : sw);
			if (fabs(log(f)) < fabs(log(key)))
				key = f, kp = mma ? bm : bw;
		}
		char f[4][32];
		render_fmt(f[0], sizeof(f[0]), sm, 2);
		render_fmt(f[1], sizeof(f[1]), sw, 2);
		snprintf(meas + strlen(meas), sizeof(meas) - strlen(meas), "%s%s TC/CC %s (%s) -> %s (%s:wgmma)",
			 meas[0] ? "; " : "", cs, f[0], bm ? bm->cfg->method : "-", f[1], bw ? bw->cfg->method : "-");
		render_fmt(f[2], sizeof(f[2]), bm && cc ? rec_model_gs(bm) / rec_model_gs(cc) : NAN, 2);
		render_fmt(f[3], sizeof(f[3]), bw && cc ? rec_model_gs(bw) / rec_model_gs(cc) : NAN, 2);
		snprintf(mod + strlen(mod), sizeof(mod) - strlen(mod), "%s%s roofs TC/CC %s -> %s", mod[0] ? "; " : "", cs,
			 f[2], f[3]);
	}
	if (e.n < e.N && e.base == V_HOLDS)
		e.base = V_NA;
	if (kp && isfinite(key)) {
		const double f = key >= 1 ? key : 1 / key;
		char name[96];   /* the variant that would flip it: spider or spider:wgmma */
		snprintf(name, sizeof(name), "%s%s%s", kp->cfg->method, kp->cfg->option[0] ? ":" : "", kp->cfg->option);
		vd_flip(x, &e, f, "hopper-tc", "%s; flips if %s were %.2fx %s", e.base == V_HOLDS ? "holds" : "does not hold",
			name, f, key >= 1 ? "faster" : "slower");
		if (key >= 1)
			vd_side(x, &e, &kp, 1);
	}
	vd_claim(x, cr, &e, NAN, e.n ? meas : NULL, mod, "hopper-tc: the fastest tensor-core method on mma.sync and the "
		 "fastest :wgmma variant over ebisu (fp32) on the same case", &u);
}
