/*
 * target.c - one target's data: its configuration list, the run's rows for it (checked: a
 * configuration key that parses, plots/records/runs.h's, by which each configuration of the list finds its
 * row; a status the runner writes; for an ok row a positive, finite rate and times, the rate under
 * 1.05x the model's, errors within tolerance; no duplicate), and the model for each on the run's
 * ceilings, and the methods its list names (in the method table's order, by family). Used by every
 * rendered target and claim (records.h). The status and time checks are shared with the workload
 * rows (workload-rows.c).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "grid.h"
#include "method.h"
#include "records.h"
#include "stencil.h"

/* the columns every run CSV row must have for rendering */
static const char *const run_need[] = { "label", "stencil", "dtype", "method", "fusion", "size",
					"status", "gstencil_per_s", "F_measured", "Q_measured",
					"I_measured", "sigma", "model_gstencil_per_s", "verify_rel_l2",
					"verify_max_rel", "verify_tol_l2", "verify_tol_max", NULL };

/* The statuses the runner writes in a run CSV's status column: ok (verified against the CPU
 * reference, then timed), wrong, skipped (profiling/measure.cu, profiling/workload-run.cu) and
 * profile-once (stencilbench --profile-once's one launch for ncu, never timed). */
static const char *const run_statuses[] = { "ok", "wrong", "skipped", "profile-once", NULL };

int rec_row_status(const struct csv_table *t, size_t r, char *err, size_t errlen)
{
	const char *s = csv_table_get(t, r, "status");
	for (const char *const *k = run_statuses; s && *k; k++)
		if (!strcmp(s, *k))
			return 0;
	snprintf(err, errlen, "%s:%ld: status '%s' is none of the runner's (ok, wrong, skipped, profile-once)",
		 t->path, t->lines[r], s ? s : "");
	return -1;
}

int rec_row_positive(const struct csv_table *t, size_t r, const char *col, int required, const char *what,
		    char *err, size_t errlen)
{
	const char *s = csv_table_get(t, r, col);
	char *end;
	if (!s || ((!*s || !strcmp(s, "NA")) && !required))   /* no column, or not taken in this row */
		return 0;
	errno = 0;
	double v = *s ? strtod(s, &end) : NAN;
	if (*s && !*end && !errno && isfinite(v) && v > 0)
		return 0;
	snprintf(err, errlen, "%s:%ld: status ok but %s '%s' is not a positive finite %s", t->path, t->lines[r],
		 col, s, what);
	return -1;
}

/* records.h */
int rec_row_wanted(const struct run_ctx *c, const struct csv_table *run, size_t r)
{
	struct row_ident id;
	char err[256];
	if (run_row_ident(run, r, &id, err, sizeof(err)) != 0)   /* a regime: its key's (config_key) */
		return 0;
	if (c->replica > 0 && id.replica != c->replica)
		return 0;
	return !c->gpu_sel[0] || !strncmp(id.gpu, c->gpu_sel, strlen(c->gpu_sel));
}

/* records.h */
double rec_pick_median(const struct run_ctx *c, const struct csv_table *run, const struct config_keys *run_keys,
		      const char *key, const char *col)
{
	double v[64];
	size_t n = 0;
	for (size_t r = 0; r < run_keys->n && n < 64; r++)
		if (!strcmp(run_keys->key[r], key) && rec_row_wanted(c, run, r) &&
		    !strcmp(csv_table_get(run, r, "status"), "ok") && isfinite(rec_num(run, (long)r, col)))
			v[n++] = rec_num(run, (long)r, col);
	return rec_median(v, n);
}

/* records.h */
long rec_pick_row(const struct run_ctx *c, const struct csv_table *run, const struct config_keys *run_keys,
		 const char *key, const char *col, struct replicas *rp)
{
	long best = -1, nok = 0, rows[64];
	double v[64];
	*rp = (struct replicas){ 0, NAN, NAN, NAN };
	for (size_t r = 0; r < run_keys->n && rp->n < 64; r++)
		if (!strcmp(run_keys->key[r], key) && rec_row_wanted(c, run, r)) {
			rows[rp->n++] = (long)r;
			if (!strcmp(csv_table_get(run, r, "status"), "ok"))
				v[nok++] = rec_num(run, (long)r, col);
		}
	if (rp->n <= 1)
		return rp->n ? rows[0] : -1;
	for (int k = 0; nok < rp->n && k < rp->n; k++)   /* a replica not verified shows */
		if (strcmp(csv_table_get(run, (size_t)rows[k], "status"), "ok"))
			return rows[k];
	rp->median = rec_median(v, (size_t)nok);   /* v sorted: its ends the range */
	for (int k = 0; k < rp->n; k++)
		if (best < 0 || fabs(rec_num(run, rows[k], col) - rp->median) < fabs(rec_num(run, best, col) - rp->median))
			best = rows[k];
	rp->lo = v[0], rp->hi = v[nok - 1];
	return best;
}

void rec_target_free(struct target *t)
{
	free(t->cfgs);
	config_keys_free(&t->keys);
	config_keys_free(&t->run_keys);
	free(t->p);
	if (t->have_run)
		csv_table_free(&t->run);
	memset(t, 0, sizeof(*t));
}

/* "FILE:LINE: ..." for an ok row faster than 1.05x its model (the model's roof on the run's
 * ceilings with the kernel's sigma): no measurement can be */
static void roof_err(char *err, size_t errlen, const struct csv_table *t, size_t r, double g, double model)
{
	snprintf(err, errlen, "%s:%ld: status ok but gstencil_per_s %.4g is above 1.05x the model's %.4g for "
		 "%s %s %s t=%s %s on this run's ceilings (impossible)", t->path, t->lines[r], g, model,
		 csv_table_get(t, r, "stencil"), csv_table_get(t, r, "dtype"), csv_table_get(t, r, "method"),
		 csv_table_get(t, r, "fusion"), csv_table_get(t, r, "size"));
}

/* row r's configuration key (config_key: the list's own, so that the row is found) into key, and
 * its method's variant one the model knows: 0, or -1 with "FILE:LINE: what" (else the row would
 * match no configuration and render as "not run") */
static int row_key(const struct csv_table *t, size_t r, char *key, size_t len, char *err, size_t errlen)
{
	struct run_config cfg;
	char what[256];
	if (config_key(t, r, key, len, err, errlen) != 0)
		return -1;
	run_config_parse(&cfg, csv_table_get(t, r, "stencil"), csv_table_get(t, r, "dtype"),
			 csv_table_get(t, r, "method"), csv_table_get(t, r, "fusion"), csv_table_get(t, r, "size"), NULL,
			 model_method_names(), what, sizeof(what));   /* parses: its key did */
	const struct model_method *mm = model_method_find(cfg.method);
	if (mm && !option_known(mm->options, cfg.option)) {
		snprintf(err, errlen, "%s:%ld: unknown method '%s' (%s has no variant '%s')", t->path, t->lines[r],
			 csv_table_get(t, r, "method"), cfg.method, cfg.option);
		return -1;
	}
	return 0;
}

/* One run CSV row before it is used: its configuration key parses (a known stencil, dtype,
 * method and variant, a fusion depth and a size the runner takes; the key into key), a status the
 * runner writes; an ok row has a positive finite rate and times (time_median_s, and the --original
 * times where taken), a rate no higher than 1.05x the runner's model, and verification errors
 * within its tolerances. -1 with "FILE:LINE: what". */
int rec_run_row_sane(const struct csv_table *t, size_t r, char *key, size_t len, char *err, size_t errlen)
{
	static const char *const verify[][2] = { { "verify_rel_l2", "verify_tol_l2" },
						 { "verify_max_rel", "verify_tol_max" } };
	/* an ok row's times: the protocol's median where the runner wrote it, the fixed-count driver's
	 * cold and warm where the row was timed with --original (else NA) */
	static const char *const times[] = { "time_median_s", "orig_time_cold_s", "orig_time_warm_s" };
	if (row_key(t, r, key, len, err, errlen) != 0 || rec_row_status(t, r, err, errlen) != 0)
		return -1;
	if (strcmp(csv_table_get(t, r, "status"), "ok"))
		return 0;
	if (rec_row_positive(t, r, "gstencil_per_s", 1, "rate", err, errlen) != 0)
		return -1;
	for (size_t k = 0; k < NELEM(times); k++)
		if (rec_row_positive(t, r, times[k], 0, "time", err, errlen) != 0)
			return -1;
	double g = rec_num(t, (long)r, "gstencil_per_s");
	double model = rec_num(t, (long)r, "model_gstencil_per_s");
	if (isfinite(model) && g > 1.05 * model) {
		roof_err(err, errlen, t, r, g, model);
		return -1;
	}
	/* the row's tolerance, never looser than the harness's own for its dtype and accumulation */
	double own[2] = { NAN, NAN };
	const struct dtype_info *dt = dtype_find(csv_table_get(t, r, "dtype"));
	const char *colon = strchr(csv_table_get(t, r, "method"), ':');
	if (dt)
		verify_tolerance(dt->id, option_half_accum(colon ? colon + 1 : ""), &own[0], &own[1]);
	for (size_t k = 0; k < NELEM(verify); k++) {
		double e = rec_num(t, (long)r, verify[k][0]), tol = rec_num(t, (long)r, verify[k][1]);
		const int capped = isfinite(own[k]) && isfinite(tol) && tol > own[k];
		if (capped)
			tol = own[k];
		if (capped && isfinite(e) && e > tol) {
			snprintf(err, errlen, "%s:%ld: status ok but %s '%s' exceeds the harness's tolerance %.3g "
				 "for %s (the row claims %s '%s')", t->path, t->lines[r], verify[k][0],
				 csv_table_get(t, r, verify[k][0]), tol, csv_table_get(t, r, "dtype"), verify[k][1],
				 csv_table_get(t, r, verify[k][1]));
			return -1;
		}
		if (!isfinite(e) || !isfinite(tol) || e > tol) {
			snprintf(err, errlen, "%s:%ld: status ok but %s '%s' %s %s '%s'", t->path,
				 t->lines[r], verify[k][0], csv_table_get(t, r, verify[k][0]),
				 isfinite(e) && isfinite(tol) ? "exceeds" : "is not comparable with",
				 verify[k][1], csv_table_get(t, r, verify[k][1]));
			return -1;
		}
	}
	return 0;
}

/* A run CSV's rows before any is used: each row sane (rec_run_row_sane), one row per
 * configuration, data regime and GPU, and per configuration, regime and replica
 * (run_rows_distinct). The rows' keys into keys. -1 with "FILE:LINE: what". */
static int run_sane(const struct csv_table *t, struct config_keys *keys, char *err, size_t errlen)
{
	keys->key = calloc(t->nrows ? t->nrows : 1, sizeof(*keys->key));
	for (size_t r = 0; r < t->nrows; r++, keys->n = r)
		if (rec_run_row_sane(t, r, keys->key[r], sizeof(keys->key[r]), err, errlen) != 0)
			return -1;
	return run_rows_distinct(t, keys, err, errlen);
}

/* records.h */
int rec_note_commit(struct run_ctx *c, const struct csv_table *t, size_t r)
{
	const char *g = csv_table_get(t, r, "git_commit"), *d = csv_table_get(t, r, "git_dirty");
	const char *id = csv_table_get(t, r, "run_id");
	const struct rec_meta *m = NULL;
	for (size_t k = 0; id && k < c->nmeta && !m; k++)
		if (!strcmp(c->meta[k].run_id, id))
			m = &c->meta[k];
	if (!g || !*g || !strcmp(g, "NA"))
		g = m ? m->commit : "";
	int dirty = (d && !strcmp(d, "yes")) || (m && m->dirty);
	c->dirty |= dirty;
	if (!*g)
		return dirty;
	for (size_t k = 0; k < c->ncommits; k++)
		if (!strncmp(c->commits[k], g, 7))
			return dirty;
	if (c->ncommits < NELEM(c->commits))
		snprintf(c->commits[c->ncommits++], sizeof(c->commits[0]), "%s", g);
	return dirty;
}

double rec_model_gs(const struct point *p)
{
	return isfinite(p->model_run) ? p->model_run : p->have_model ? p->mp.gstencil_per_s : NAN;
}

double rec_ok_rate(const struct point *p)
{
	return p && !strcmp(p->status, "ok") ? p->measured : NAN;
}

/* render.h */
const struct hw *rec_hw_of(const struct run_ctx *c, const char *uuid)
{
	for (size_t k = 0; uuid && k < c->ngpus; k++)
		if (c->gpu_hw_ok[k] && !strncmp(c->gpus[k], uuid, 12))
			return &c->gpu_hw[k];
	return &c->hw;
}


int rec_target_load(struct run_ctx *c, const char *name, struct target *t, char *err, size_t errlen)
{
	char path[1024];
	memset(t, 0, sizeof(*t));
	snprintf(path, sizeof(path), "%s/experiments/%s.csv", c->root, name);
	if (experiment_read(path, model_method_names(), &t->cfgs, &t->n, err, errlen) != 0)
		return -1;
	if (config_list_read(path, &t->keys, err, errlen) != 0) {   /* the keys the run's rows are found by */
		rec_target_free(t);
		return -1;
	}
	if (c->rundir[0]) {
		snprintf(path, sizeof(path), "%s/%s.csv", c->rundir, name);
		struct stat st;
		if (stat(path, &st) == 0) {
			if (csv_table_read(path, &t->run, err, errlen) != 0) {
				rec_target_free(t);
				return -1;
			}
			t->have_run = 1;
			if (csv_table_require(&t->run, run_need, err, errlen) != 0 ||
			    run_sane(&t->run, &t->run_keys, err, errlen) != 0) {
				rec_target_free(t);
				return -1;
			}
			/* rows of a QUICK invocation label the whole table */
			if (csv_table_col(&t->run, "run_id") >= 0)
				for (size_t r = 0; r < t->run.nrows; r++)
					for (size_t q = 0; q < c->nquick; q++)
						c->quick |= !strcmp(csv_table_get(&t->run, r, "run_id"), c->quick_ids[q]);
		}
	}
	t->p = calloc(t->n, sizeof(*t->p));
	c->roofs = 1;   /* each row is modelled, and held under its roof, on the run's ceilings */
	for (size_t i = 0; i < t->n; i++) {
		struct point *p = &t->p[i];
		p->cfg = &t->cfgs[i];
		struct replicas rp = { 0, NAN, NAN, NAN };
		p->run_row = t->have_run ? rec_pick_row(c, &t->run, &t->run_keys, t->keys.key[i], "gstencil_per_s", &rp) : -1;
		p->replicas = rp.n, p->lo = rp.lo, p->hi = rp.hi;
		p->status = p->run_row >= 0 ? csv_table_get(&t->run, (size_t)p->run_row, "status") : "not run";
		int ok = p->run_row >= 0 && !strcmp(p->status, "ok");
		/* a wrong or skipped kernel's speed is never a result; of several replicas, their median */
		p->measured = !ok ? NAN : isfinite(rp.median) ? rp.median : rec_num(&t->run, p->run_row, "gstencil_per_s");
		if (p->replicas > c->replicas)
			c->replicas = p->replicas;
		p->F_m = ok ? rec_num(&t->run, p->run_row, "F_measured") : NAN;
		p->Q_m = ok ? rec_num(&t->run, p->run_row, "Q_measured") : NAN;
		p->I_m = ok ? rec_num(&t->run, p->run_row, "I_measured") : NAN;
		p->model_run = rec_num(&t->run, p->run_row, "model_gstencil_per_s");
		/* throttling: the row's samples the runner marked (absent: none; what counts: the footer) */
		p->thr_samples = rec_num(&t->run, p->run_row, "throttled_samples");
		p->samples = rec_num(&t->run, p->run_row, "samples");
		p->clk_median = rec_num(&t->run, p->run_row, "sm_clock_median_mhz");
		p->clk_min = rec_num(&t->run, p->run_row, "sm_clock_min_mhz");
		p->throttled = p->run_row >= 0 && isfinite(p->thr_samples) && p->thr_samples > 0;
		rec_row_power(&t->run, ok ? p->run_row : -1, "energy_nj_per_point_step", &p->power_w, &p->energy_nj,
			     &p->reasons);
		if (p->run_row >= 0)
			rec_note_row(c, &t->run, (size_t)p->run_row, p->throttled);
		if (ok && isfinite(p->clk_median)) {   /* the clocks the rows ran at */
			c->clk_lo = fmin(c->clk_lo, p->clk_median);
			c->clk_hi = fmax(c->clk_hi, p->clk_median);
			/* under 90 % of the maximum but not throttled: slower all the same, named */
			if (isfinite(c->max_clock) && p->clk_median < 0.9 * c->max_clock && !p->throttled &&
			    c->nslow++ < 3)
				snprintf(c->slow + strlen(c->slow), sizeof(c->slow) - strlen(c->slow), "%s%s %s t=%d "
					 "(%.0f MHz)", c->nslow > 1 ? ", " : "", p->cfg->method, p->cfg->stencil->name,
					 p->cfg->fusion, p->clk_median);
		}
		if (ok && p->run_row >= 0) {   /* the timing window of the row (absent: runs before it) */
			const char *w = csv_table_get(&t->run, (size_t)p->run_row, "window");
			c->hot |= w && !strcmp(w, "hot");
		}
		if (p->run_row >= 0)
			p->dirty = rec_note_commit(c, &t->run, (size_t)p->run_row);
		/* on the ceilings of the GPU that ran the row (a run on several GPUs: its own) */
		const struct hw *hw = rec_hw_of(c, p->run_row >= 0 ? csv_table_get(&t->run, (size_t)p->run_row,
										   "gpu_uuid") : NULL);
		struct model_input in = { p->cfg->stencil, p->cfg->fusion, p->cfg->dtype,
					  model_method_find(p->cfg->method), -1,
					  rec_num(&t->run, p->run_row, "sigma"), hw, option_wgmma(p->cfg->option) };
		char why[256];
		p->have_model = in.method && model_eval(&in, &p->mp, why, sizeof(why)) == 0;
		in.sigma_override = NAN;   /* the method's own sigma rule */
		p->have_rule = in.method && model_eval(&in, &p->rule, why, sizeof(why)) == 0;
		/* a rate above the model's roof on this run's ceilings is no measurement: checked against
		 * the renderer's own model too, not only the number the row carries */
		double mg = rec_model_gs(p);
		if (p->have_model && isfinite(p->mp.gstencil_per_s) && !(mg <= p->mp.gstencil_per_s))
			mg = p->mp.gstencil_per_s;
		if (ok && isfinite(mg) && p->measured > 1.05 * mg) {
			roof_err(err, errlen, &t->run, (size_t)p->run_row, p->measured, mg);
			rec_target_free(t);
			return -1;
		}
	}
	return 0;
}

int rec_inputs_load(struct run_ctx *c, const char *inputs, struct rec_inputs *in, char *err, size_t errlen)
{
	char *save = NULL;
	in->n = 0;
	snprintf(in->buf, sizeof(in->buf), "%s", inputs);
	for (char *w = strtok_r(in->buf, " ", &save); w && in->n < REC_MAX_INPUTS; w = strtok_r(NULL, " ", &save))
		in->name[in->n++] = w;
	for (size_t k = 0; k < in->n; k++)
		if (rec_target_load(c, in->name[k], &in->t[k], err, errlen) != 0) {
			while (k)
				rec_target_free(&in->t[--k]);
			return -1;
		}
	return 0;
}

void rec_inputs_free(struct rec_inputs *in)
{
	for (size_t k = 0; k < in->n; k++)
		rec_target_free(&in->t[k]);
	in->n = 0;
}

const struct point *rec_find_label(const struct target *t, const char *label)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->cfgs[i].label, label))
			return &t->p[i];
	return NULL;
}

size_t rec_list_methods(const struct target *t, const char **out, size_t max)
{
	size_t n = 0;
	for (size_t m = 0; m < model_method_count && n < max; m++)
		for (size_t i = 0; i < t->n; i++)
			if (!strcmp(t->cfgs[i].method, model_methods[m].name)) {
				out[n++] = model_methods[m].name;
				break;
			}
	return n;
}

const char *rec_list_method_of(const struct target *t, enum unit family)
{
	const char *m[32];
	const size_t n = rec_list_methods(t, m, NELEM(m));
	for (size_t i = 0; i < n; i++)
		if (model_method_find(m[i])->family == family)
			return m[i];
	return NULL;
}

/* records.h */
const struct point *rec_ebisu_at(const struct target *t, const char *label)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->p[i].cfg->label, label) && !strcmp(t->p[i].cfg->method, "ebisu"))
			return &t->p[i];
	return NULL;
}
