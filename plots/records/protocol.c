/*
 * protocol.c - what a target used of a run (records.h), all of it from the run itself: the
 * invocations whose rows (or ceilings) it read, and so the protocol sentences its outputs quote
 * (meta.csv's protocol column, as the runner wrote it); its rows' board power, energy and
 * clock-event reasons (columns the runner writes; a run before them says so); what a throttled
 * row means in the run CSV it came from (NVML clock-event reasons where the CSV has clock_reasons,
 * the older 75 % clock rule where it has not); and a ceiling's row of ceilings.csv. The lowest
 * file of the floor beside stale.c: it reads a number of a row (rec_num) for all of them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records.h"

double rec_num(const struct csv_table *t, long r, const char *col)
{
	if (r < 0)
		return NAN;
	const char *s = csv_table_get(t, (size_t)r, col);
	char *end;
	if (!s || !*s || !strcmp(s, "NA"))
		return NAN;
	double v = strtod(s, &end);
	return *end ? NAN : v;
}


void rec_meta_protocol(struct run_ctx *c, const struct csv_table *m)
{
	for (size_t r = 0; r < m->nrows && r < c->nmeta; r++) {
		const char *p = csv_table_get(m, r, "protocol"), *tool = csv_table_get(m, r, "tool");
		c->meta[r].protocol = strdup(p ? p : "");
		c->meta[r].ceilings = tool && !strcmp(tool, "stencilbench ceilings");
	}
	c->inv_used = calloc(c->nmeta ? c->nmeta : 1, 1);
}

void rec_used_reset(struct run_ctx *c)
{
	if (c->inv_used)
		memset(c->inv_used, 0, c->nmeta);
	c->inv_unknown = 0;
	c->inv_unknown_id[0] = '\0';
	c->no_power = c->reasons = c->thr_nvml = c->thr_clock = c->roofs = c->counter_energy = 0;
	c->counter_na = c->ncheck = 0;
}

int rec_reasons_other(const char *reasons)
{
	char buf[256], *save = NULL;
	snprintf(buf, sizeof(buf), "%s", reasons ? reasons : "");
	for (char *w = strtok_r(buf, "+", &save); w; w = strtok_r(NULL, "+", &save))
		if (strcmp(w, "power_cap") && strcmp(w, "none") && strcmp(w, "NA"))
			return 1;
	return 0;
}

void rec_note_row(struct run_ctx *c, const struct csv_table *t, size_t r, int throttled)
{
	const char *id = csv_table_get(t, r, "run_id");
	size_t k = 0;
	while (id && k < c->nmeta && strcmp(c->meta[k].run_id, id))
		k++;
	const char *u = id && *id ? id : "without a run_id";
	if (id && k < c->nmeta && c->inv_used)
		c->inv_used[k] = 1;
	else if (!c->inv_unknown)
		c->inv_unknown = 1, snprintf(c->inv_unknown_id, sizeof(c->inv_unknown_id), "%s", u);
	else if (strcmp(c->inv_unknown_id, u))
		c->inv_unknown = 2;
	rec_stale_note_row(c, t, r);   /* its method, for the title's staleness */
	c->no_power |= csv_table_col(t, "power_median_w") < 0;
	const double cw = rec_num(t, (long)r, "counter_power_w"), sw = rec_num(t, (long)r, "sampled_counter_power_w");
	c->counter_energy |= isfinite(cw);
	c->counter_na |= csv_table_col(t, "counter_power_w") >= 0 && !isfinite(cw) &&
			 isfinite(rec_num(t, (long)r, "power_median_w"));
	if (isfinite(cw) && isfinite(sw) && c->ncheck < (int)NELEM(c->check_ratio))
		c->check_ratio[c->ncheck++] = sw / cw;
	c->reasons |= rec_reasons_other(csv_table_get(t, r, "clock_reasons"));
	if (throttled && csv_table_col(t, "clock_reasons") >= 0)
		c->thr_nvml = 1;
	else if (throttled)
		c->thr_clock = 1;
}

void rec_use_ceilings(struct run_ctx *c, int own)
{
	c->roofs = 1;
	for (size_t k = 0; own && c->inv_used && k < c->nmeta; k++)
		c->inv_used[k] |= (unsigned char)c->meta[k].ceilings;
}

void rec_row_power(const struct csv_table *t, long r, const char *energy, double *power, double *nj,
		  const char **reasons)
{
	const char *s = r >= 0 ? csv_table_get(t, (size_t)r, "clock_reasons") : NULL;
	/* a stencil row's power and energy from the energy counter where the runner read it, else the
	 * sampled board power over the median time */
	const double cw = rec_num(t, r, "counter_power_w"), cnj = rec_num(t, r, "energy_counter_nj_per_point_step");
	const int counter = !strcmp(energy, "energy_nj_per_point_step") && isfinite(cw) && isfinite(cnj);
	*power = counter ? cw : rec_num(t, r, "power_median_w");
	*nj = counter ? cnj : rec_num(t, r, energy);
	*reasons = s && *s ? s : "NA";
}

static int cmp_num(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* records.h */
double rec_median(double *v, size_t n)
{
	if (!n)
		return NAN;
	qsort(v, n, sizeof(*v), cmp_num);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* records.h */
int rec_reasons_capped(const char *reasons)
{
	return reasons && strstr(reasons, "power_cap") != NULL;
}

int rec_power_capped(const struct point *p)
{
	return rec_reasons_capped(p->reasons);
}

long rec_ceiling_row(const struct run_ctx *c, const char *quantity)
{
	for (size_t r = 0; c->have_ceil && quantity && r < c->ceil.nrows; r++)
		if (!strcmp(csv_table_get(&c->ceil, r, "quantity"), quantity))
			return (long)r;
	return -1;
}

double rec_ceiling_num(const struct run_ctx *c, const char *quantity, const char *col)
{
	return rec_num(&c->ceil, rec_ceiling_row(c, quantity), col);
}

long rec_row_of(const struct csv_table *t, const char *k1, const char *v1, const char *k2, const char *v2)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (!strcmp(csv_table_get(t, r, k1), v1) && (!k2 || !strcmp(csv_table_get(t, r, k2), v2)))
			return (long)r;
	return -1;
}

double rec_file_value(const char *path, const char *key_col, const char *key, const char *col)
{
	struct csv_table t;
	char err[256];
	double v = NAN;
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		return NAN;
	for (size_t r = 0; r < t.nrows; r++) {
		const char *k = csv_table_get(&t, r, key_col);
		if (k && !strcmp(k, key))
			v = rec_num(&t, (long)r, col);
	}
	csv_table_free(&t);
	return v;
}
