/*
 * interval.c - each claim's interval (verdicts-int.h: vd_interval), the statistical design of the
 * verdicts (REPRODUCE.md, "How a verdict is decided"). The unit of replication is a row: one
 * runner's warm-up and samples of a configuration on one GPU in one invocation. A run measured more
 * than once a configuration supplies its own variance components (plots/records/design.c): a block's
 * common shift on its GPU by stratum (power-capped, full clock) and a row's own part about it by
 * list and stratum (the run's where a list holds too few differences), and the counters'. Each
 * claim's margin (a flip factor's log, or a distance in its units, signed by its side of the
 * threshold) is carried through the claim's own evaluator by simulation: every measured rate of the
 * claims' inputs moved by a draw of those components (one draw a block and a draw a row, scaled to
 * the median of the row's measurements), the claims judged again, B times with fixed seeds; the
 * half-width is z times the margins' standard deviation at the level data/paper/verdict-params.csv
 * states. A run measured once a configuration cannot estimate its components: each claim's half-width
 * for one measurement comes from data/hw/claim-spread.csv (the reference's design, make claim-spread),
 * and its verdicts say so; a claim the file lacks has no interval and says that.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdicts-int.h"

/* the variance of the median of m normal draws over one draw's (m = 1..16, by simulation; beyond:
 * the large-m limit pi / 2m, which overstates it by under 10 %): a median row's share of a row's */
static double median_share(int m)
{
	static const double q[] = { 1, 1, 0.500, 0.449, 0.298, 0.287, 0.215, 0.210, 0.170,
				    0.165, 0.138, 0.138, 0.118, 0.117, 0.103, 0.101, 0.090 };
	return m < 1 ? 1 : m <= 16 ? q[m] : 3.14159265358979 / (2.0 * m);
}

static uint64_t hash_str(const char *s, uint64_t h)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

/* a standard normal deviate fixed by (h, draw): splitmix64, then Box-Muller */
static double normal_at(uint64_t h, int draw)
{
	uint64_t z = h + 0x9E3779B97F4A7C15ULL * 2 * (uint64_t)(draw + 1);   /* two steps a draw: none shared */
	double u[2];
	for (int k = 0; k < 2; k++) {
		z += 0x9E3779B97F4A7C15ULL;
		uint64_t v = z;
		v = (v ^ (v >> 30)) * 0xBF58476D1CE4E5B9ULL;
		v = (v ^ (v >> 27)) * 0x94D049BB133111EBULL;
		v ^= v >> 31;
		u[k] = ((double)(v >> 11) + 0.5) / 9007199254740992.0;
	}
	return sqrt(-2 * log(u[0])) * cos(2 * 3.14159265358979323846 * u[1]);
}

/* z of a two-sided interval at level (bisection on erfc) */
static double z_of(double level)
{
	double lo = 0, hi = 10;
	for (int i = 0; i < 80; i++) {
		const double mid = (lo + hi) / 2;
		if (erfc(mid / sqrt(2)) > 1 - level)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* one measured value the draws move: *v = orig exp(sign (common z_block + row z_row) sqrt(share)) */
struct slot {
	double *v, orig;
	int sign;
	uint64_t hblock, hrow;
	double sd_common, sd_row, share;
};

struct slots {
	struct slot *s;
	size_t n, cap;
};

/* a slot of value *v: a block's common shift of variance common and a row's own part of variance row */
static void add_slot(struct slots *ss, double *v, int sign, const char *block, const char *row, double common,
		     double var_row, int m)
{
	if (!isfinite(*v) || !(*v > 0))
		return;
	if (ss->n == ss->cap && !(ss->s = realloc(ss->s, (ss->cap = ss->cap ? 2 * ss->cap : 512) * sizeof(*ss->s))))
		return;
	/* the block's and the row's draws from streams of their own, even where a row is its own block */
	ss->s[ss->n++] = (struct slot){ v, *v, sign, hash_str(block, hash_str("block", 14695981039346656037ULL)),
					hash_str(row, hash_str("row", 14695981039346656037ULL)),
					sqrt(isfinite(common) ? common : 0), sqrt(isfinite(var_row) ? var_row : 0),
					median_share(m) };
}

/* a rate's slot: list's row part in its stratum and the run's block shift */
static void add_rate(struct slots *ss, double *v, int sign, const char *block, const char *row, const char *list,
		     const char *reasons, int m, const struct vd_noise *nz)
{
	const int s = rec_reasons_capped(reasons) ? REC_STRATUM_CAPPED : REC_STRATUM_FULL;
	add_slot(ss, v, sign, block, row, rec_design_common(&nz->d, list, s), rec_design_row(&nz->d, list, s), m);
}

static const char *wl_column(const void *row, const char *col)
{
	const struct workload_config *c = row;
	return !strcmp(col, "matrix") ? c->matrix : !strcmp(col, "size") ? c->size : !strcmp(col, "label") ? c->label
	       : !strcmp(col, "method") ? c->method : NULL;
}

/* every measured rate (or time) of the claims' inputs as a slot */
static void collect_slots(struct verdict_ctx *x, const struct vd_noise *nz, struct slots *ss)
{
	char lists[1100], rule[64], block[400], row[600];
	snprintf(lists, sizeof(lists), "%s/experiments", x->rc->run.root);
	for (size_t i = 0; i < x->n; i++) {
		struct target *t = &x->tg[i];
		rec_block_rule(lists, x->names[i], rule, sizeof(rule));
		for (size_t j = 0; j < t->n; j++) {
			struct point *p = &t->p[j];
			if (p->run_row < 0 || !t->have_run || strcmp(p->status, "ok"))
				continue;
			char bk[200];
			snprintf(row, sizeof(row), "%s %s %s", x->names[i], t->keys.key[j], p->cfg->data);
			if (rule[0])
				rec_block_key(&t->run, (size_t)p->run_row, rule, bk, sizeof(bk));
			snprintf(block, sizeof(block), "%s %s %s", x->names[i], rule[0] ? bk : t->keys.key[j], p->cfg->data);
			add_rate(ss, &p->measured, 1, block, row, x->names[i], p->reasons, p->replicas, nz);
			double *cv[REC_COUNTERS] = { &p->F_m, &p->Q_m, &p->I_m };
			for (int k = 0; k < REC_COUNTERS; k++) {   /* the counters: a row's own part alone */
				char ck[700];
				snprintf(ck, sizeof(ck), "%s counter %d", row, k);
				add_slot(ss, cv[k], 1, ck, ck, 0, nz->d.counter[k], 1);   /* one row's, not a median */
			}
		}
	}
	for (size_t i = 0; i < x->nwl; i++) {
		struct wl_set *w = &x->wl[i];
		rec_block_rule(lists, x->wl_names[i], rule, sizeof(rule));
		for (size_t j = 0; j < w->n; j++) {
			struct wl_pt *p = &w->pt[j];
			char bk[200];
			const int m = x->rc->run.replicas;
			if (rule[0])
				rec_block_key_by(wl_column, p->c, rule, bk, sizeof(bk));
			snprintf(block, sizeof(block), "%s %s", x->wl_names[i], rule[0] ? bk : w->keys.key[j]);
			static const char *const what[] = { "t", "gbps", "cold", "warm" };
			double *v[] = { &p->t, &p->gbps, &p->cold, &p->warm };
			for (int k = 0; k < 4; k++) {   /* a time moves against its rate, the rate with the median time */
				snprintf(row, sizeof(row), "%s %s %s", x->wl_names[i], w->keys.key[j], what[k == 1 ? 0 : k]);
				add_rate(ss, v[k], k == 1 ? 1 : -1, block, row, x->wl_names[i], p->reasons, m, nz);
			}
		}
	}
	for (size_t j = 0; x->wu && j < x->wu->nrows; j++) {   /* the warm-up study: each row a block of its own */
		struct wu_row *w = &x->wu->rows[j];
		snprintf(row, sizeof(row), "%s %zu %s %g", x->wu_name, w->list, x->wu->k[w->kernel].id, w->warmup);
		add_rate(ss, &w->rate, 1, row, row, x->wu_name, w->reasons, w->replicas, nz);
	}
}

static void move_slots(struct slots *ss, int draw, int one)
{
	for (size_t i = 0; i < ss->n; i++) {
		struct slot *s = &ss->s[i];
		if (draw < 0) {
			*s->v = s->orig;
			continue;
		}
		const double e = s->sd_common * normal_at(s->hblock, draw) + s->sd_row * normal_at(s->hrow, draw);
		*s->v = s->orig * exp(s->sign * e * sqrt(one ? 1 : s->share));
	}
}

/* the standard deviation of claim r's finite draws; NaN when under nine in ten are finite */
static double draws_sd(const double *d, int n)
{
	double s = 0, s2 = 0;
	int k = 0;
	for (int i = 0; i < n; i++)
		if (isfinite(d[i]))
			s += d[i], s2 += d[i] * d[i], k++;
	if (k < 2 || 10 * k < 9 * n)
		return NAN;
	const double mean = s / k;
	return sqrt(fmax(s2 / k - mean * mean, 0) * k / (k - 1));
}

/* the run's own components, where it was measured more than once a configuration: 1, else 0 (why) */
static int own_design(struct verdict_ctx *x, struct vd_noise *nz, char *why, size_t len)
{
	const struct rec_design *d = &nz->d;
	char lists[1100], err[256];
	snprintf(lists, sizeof(lists), "%s/experiments", x->rc->run.root);
	if (x->rc->run.replicas < 2 || !x->rc->run.rundir[0]) {
		snprintf(why, len, "this run holds one measurement a configuration");
		return 0;
	}
	if (rec_design(x->rc->run.rundir, lists, &nz->d, err, sizeof(err)) != 0 || d->block_pairs < 10 ||
	    !(isfinite(d->all.row[REC_STRATUM_CAPPED]) || isfinite(d->all.row[REC_STRATUM_FULL]))) {
		snprintf(why, len, "this run's measurements of a block on two GPUs are too few to estimate its components%s",
			 d->gpus == 1 ? " (its replicas share one GPU: the GPUs' part is not in them)" : "");
		return 0;
	}
	snprintf(nz->source, sizeof(nz->source), "this run's own design: %ld block pairs, %d invocation%s%s on %d GPUs",
		 d->block_pairs, d->invocations, d->invocations == 1 ? "" : "s",
		 d->invocations == 1 ? " (its replicas standing in for a second)" : "", d->gpus);
	return 1;
}

/* claim id's row of the spread file: its half-width for one measurement at the level z stands for
 * (rescaled from the file's own level) and what it rests on */
static double recorded(const struct verdict_ctx *x, const char *id, double z, char *why, size_t len)
{
	for (size_t r = 0; r < x->spread.nrows; r++)
		if (!strcmp(csv_table_get(&x->spread, r, "claim"), id)) {
			const double level = rec_num(&x->spread, (long)r, "level"), v = rec_num(&x->spread, (long)r, "halfwidth_one");
			snprintf(why, len, "data/hw/claim-spread.csv for one measurement a configuration: the design of %s, "
				 "n = %s a configuration there, %s invocation(s), %s GPUs%s", csv_table_get(&x->spread, r, "run"),
				 csv_table_get(&x->spread, r, "n"), csv_table_get(&x->spread, r, "invocations"),
				 csv_table_get(&x->spread, r, "gpus"), level != x->level ? ", rescaled from its level" : "");
			if (!isfinite(v) || !(level > 0.5 && level < 1)) {
				snprintf(why, len, "no interval: %s in data/hw/claim-spread.csv", !isfinite(v) ? "the design of "
					 "the run there did not measure it" : "its level is not between 0.5 and 1");
				return NAN;
			}
			return v * z / z_of(level);
		}
	snprintf(why, len, "no interval: data/hw/claim-spread.csv has no row for it");
	return NAN;
}

/* a run of one measurement: each claim's half-width for one from the spread file; 0, or -1 with err */
static int from_spread_file(struct verdict_ctx *x, const struct csv_table *claims, const char *why, double z,
			    char *err, size_t errlen)
{
	if (x->spread_err[0]) {
		snprintf(err, errlen, "%s (%s: its interval comes from that file)", x->spread_err, why);
		return -1;
	}
	for (size_t r = 0; r < claims->nrows; r++) {
		char w[320];
		x->hw[r] = x->hw_one[r] = recorded(x, csv_table_get(claims, r, "id"), z, w, sizeof(w));
		snprintf(x->hw_why[r], sizeof(x->hw_why[r]), "%s; %s", why, w);
	}
	return 0;
}

/* the draws through each claim's evaluator, at the run's own measurements and at one a
 * configuration: the half-widths; 0, or -1 with err */
static int simulate(struct verdict_ctx *x, const struct csv_table *claims, const struct vd_noise *nz, int draws,
		    double z, void (*each)(struct verdict_ctx *, const struct csv_table *), char *err, size_t errlen)
{
	struct slots ss = { 0 };
	collect_slots(x, nz, &ss);
	x->ndraws = draws;
	x->draws = calloc((claims->nrows ? claims->nrows : 1) * (size_t)draws, sizeof(*x->draws));
	if (!x->draws) {
		free(ss.s);
		snprintf(err, errlen, "verdicts: out of memory");
		return -1;
	}
	for (int one = 0; one < 2; one++) {
		x->drawing = 1;
		for (int b = 0; b < draws; b++) {
			move_slots(&ss, b, one);
			x->draw_at = b;
			each(x, claims);
		}
		move_slots(&ss, -1, 0);
		x->drawing = 0;
		for (size_t r = 0; r < claims->nrows; r++)
			(one ? x->hw_one : x->hw)[r] = z * draws_sd(&x->draws[r * (size_t)draws], draws);
	}
	for (size_t r = 0; r < claims->nrows; r++)
		snprintf(x->hw_why[r], sizeof(x->hw_why[r]), "%s%s; n = %d a configuration; %d draws",
			 isfinite(x->hw[r]) ? "" : "no interval: its margin has no value in more than one draw in ten; ",
			 nz->source, x->rc->run.replicas, draws);
	free(ss.s);
	return 0;
}

int vd_interval(struct verdict_ctx *x, const struct csv_table *claims, void (*each)(struct verdict_ctx *,
	       const struct csv_table *), char *err, size_t errlen)
{
	const size_t nc = claims->nrows ? claims->nrows : 1;
	x->level = vd_param(x, "interval_level");
	const double draws = vd_param(x, "interval_draws");
	if (!(x->level > 0.5 && x->level < 1) || !(draws >= 20 && draws <= 10000 && draws == floor(draws))) {
		const int lv = !(x->level > 0.5 && x->level < 1);
		snprintf(err, errlen, "data/paper/verdict-params.csv: %s '%s' %s", lv ? "interval_level" : "interval_draws",
			 vd_param_text(x, lv ? "interval_level" : "interval_draws"),
			 lv ? "is not a level between 0.5 and 1" : "is not a whole number of draws from 20 to 10000");
		return -1;
	}
	x->hw = calloc(nc, sizeof(*x->hw));
	x->hw_one = calloc(nc, sizeof(*x->hw_one));
	x->hw_why = calloc(nc, sizeof(*x->hw_why));
	struct vd_noise *nz = calloc(1, sizeof(*nz));
	if (!x->hw || !x->hw_one || !x->hw_why || !nz) {
		free(nz);
		snprintf(err, errlen, "verdicts: out of memory");
		return -1;
	}
	char why[256];
	const int rc = own_design(x, nz, why, sizeof(why)) ? simulate(x, claims, nz, (int)draws, z_of(x->level), each,
								      err, errlen)
							  : from_spread_file(x, claims, why, z_of(x->level), err, errlen);
	free(nz);
	return rc;
}
