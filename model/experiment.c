/*
 * experiment.c - parsing and checking the runner's configuration lists. See experiment.h.
 */
#include "experiment.h"
#include "regime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvio.h"
#include "grid.h"
#include "method.h"

static int parse_config(struct run_config *c, const char *stencil, const char *dtype, const char *method,
			const char *fusion, const char *size, const char *label, const char *const *methods,
			int need_size, char *err, size_t errlen)
{
	const struct dtype_info *dt;
	char *end;
	long t;
	int known = 0;

	memset(c, 0, sizeof(*c));
	c->warmup_s = -1;   /* the protocol's */
	if (!(c->stencil = stencil_find(stencil))) {
		snprintf(err, errlen, "unknown stencil '%s'", stencil ? stencil : "");
		return -1;
	}
	if (!(dt = dtype_find(dtype))) {
		snprintf(err, errlen, "unknown dtype '%s'", dtype ? dtype : "");
		return -1;
	}
	c->dtype = dt->id;
	const char *colon = method ? strchr(method, ':') : NULL;
	size_t base = colon ? (size_t)(colon - method) : (method ? strlen(method) : 0);
	for (const char *const *m = methods; m && *m; m++)
		known |= method && strlen(*m) == base && strncmp(*m, method, base) == 0;
	if (!known || base >= sizeof(c->method) || (colon && (!colon[1] || strlen(colon + 1) >= sizeof(c->option) ||
							       strchr(colon + 1, ':')))) {
		snprintf(err, errlen, "unknown method '%s'", method ? method : "");
		return -1;
	}
	snprintf(c->method, sizeof(c->method), "%.*s", (int)base, method);
	snprintf(c->option, sizeof(c->option), "%s", colon ? colon + 1 : "");
	t = fusion && *fusion ? strtol(fusion, &end, 10) : 0;
	if (!fusion || !*fusion || *end || t < 1 || t > 64) {
		snprintf(err, errlen, "bad fusion '%s' (an integer from 1 to 64)", fusion ? fusion : "");
		return -1;
	}
	c->fusion = (int)t;
	const struct model_method *mm = model_method_find(c->method);
	if (mm && mm->one_step && t > 1) {
		snprintf(err, errlen, "bad fusion '%s': %s does one time step per launch (fusion 1)", fusion,
			 c->method);
		return -1;
	}
	if (!need_size && (!size || !*size)) {   /* a model list's row: no grid */
		snprintf(c->label, sizeof(c->label), "%s", label ? label : "");
		return 0;
	}
	if (!size || parse_size(size, c->stencil->dims, c->n) != 0 || strlen(size) >= sizeof(c->size)) {
		snprintf(err, errlen, "bad size '%s' for %s (%d extent%s, like %s)", size ? size : "",
			 stencil, c->stencil->dims, c->stencil->dims > 1 ? "s" : "",
			 c->stencil->dims == 1 ? "100003" : c->stencil->dims == 2 ? "10240x10240"
									: "512x512x512");
		return -1;
	}
	/* each extent is below 2^31, so the product of two fits; the third is checked before it */
	long pts = c->n[0] * c->n[1];
	if (pts > RUN_MAX_POINTS || c->n[2] > RUN_MAX_POINTS / pts) {
		snprintf(err, errlen, "bad size '%s': more than 2^36 points, beyond any GPU's memory", size);
		return -1;
	}
	snprintf(c->size, sizeof(c->size), "%s", size);
	snprintf(c->label, sizeof(c->label), "%s", label ? label : "");
	return 0;
}

int run_config_parse(struct run_config *c, const char *stencil, const char *dtype,
		     const char *method, const char *fusion, const char *size, const char *label,
		     const char *const *methods, char *err, size_t errlen)
{
	return parse_config(c, stencil, dtype, method, fusion, size, label, methods, 1, err, errlen);
}

/* cell col of row r as seconds in (lo, 60]: 0 and *v, 1 when empty or absent, -1 with err */
static int seconds_col(const struct csv_table *t, size_t r, const char *col, double lo, double *v, char *err,
		       size_t errlen)
{
	const char *s = csv_table_get(t, r, col);
	char *end;
	if (!s || !*s)
		return 1;
	*v = strtod(s, &end);
	if (*end || !(*v > lo) || *v > 60) {
		snprintf(err, errlen, "%s:%ld: bad %s '%s' (seconds, over %g and at most 60)", t->path, t->lines[r], col, s,
			 lo);
		return -1;
	}
	return 0;
}

int experiment_timing_cols(const struct csv_table *t, size_t r, double *warmup_s, double *rest_s, char *err,
			   size_t errlen)
{
	int a = seconds_col(t, r, "warmup_s", 0, warmup_s, err, errlen);
	int b = a < 0 ? -1 : seconds_col(t, r, "rest_s", -1e-300, rest_s, err, errlen);
	if (a < 0 || b < 0)
		return -1;
	if (a)
		*warmup_s = -1;
	if (b)
		*rest_s = 0;
	return 0;
}

int experiment_data_set(struct run_config *c, const char *data, char *err, size_t errlen)
{
	enum data_regime d;
	char m[64];
	if (data_regime_parse(data, &d) != 0) {
		snprintf(err, errlen, "bad data regime '%s' (%s)", data, data_regime_names());
		return -1;
	}
	method_variant_name(c->method, c->option, m, sizeof(m));
	if (d == DATA_ARTIFACT && !artifact_regime_of(m)) {
		snprintf(err, errlen, "method '%s' has no artifact for the artifact data regime (those that have: %s)", m,
			 artifact_methods());
		return -1;
	}
	struct weights w;
	char why[256];
	if (d == DATA_ARTIFACT && regime_weights(d, m, 0, c->stencil, c->dtype, &w, why, sizeof(why)) != 0) {
		weights_free(&w);
		snprintf(err, errlen, "the artifact data regime of %s on %s: %s", m, c->stencil->name, why);
		return -1;
	}
	if (d == DATA_ARTIFACT)
		weights_free(&w);
	snprintf(c->data, sizeof(c->data), "%s", data_regime_name(d));
	c->regime = d;
	return 0;
}

/* row r's optional `data` column into c->data, checked: 0, or -1 with "FILE:LINE: ..." */
static int experiment_data_col(const struct csv_table *t, size_t r, struct run_config *c, char *err, size_t errlen)
{
	const char *d = csv_table_col(t, "data") >= 0 ? csv_table_get(t, r, "data") : "";
	char what[256];
	c->data[0] = '\0';
	c->regime = DATA_RANDOM;
	if (!d || !*d)
		return 0;
	if (experiment_data_set(c, d, what, sizeof(what)) != 0) {
		snprintf(err, errlen, "%s:%ld: %s", t->path, t->lines[r], what);
		return -1;
	}
	return 0;
}

int experiment_read_list(const char *path, const char *const *methods, int need_size, struct run_config **rows,
			 size_t *n, struct csv_table *table, char *err, size_t errlen)
{
	static const char *const need[] = { "stencil", "dtype", "method", "fusion", "size", NULL };
	static const char *const need_model[] = { "stencil", "fusion", "dtype", "method", NULL };
	struct csv_table t;
	struct run_config *out;

	*rows = NULL;
	*n = 0;
	if (csv_table_read_need(path, &t, need_size ? need : need_model, err, errlen) != 0)
		return -1;
	if (t.nrows == 0) {
		snprintf(err, errlen, "%s: no configurations", path);
		csv_table_free(&t);
		return -1;
	}
	out = calloc(t.nrows, sizeof(*out));
	for (size_t r = 0; r < t.nrows; r++) {
		char what[256];
		if (parse_config(&out[r], csv_table_get(&t, r, "stencil"), csv_table_get(&t, r, "dtype"),
				 csv_table_get(&t, r, "method"), csv_table_get(&t, r, "fusion"),
				 csv_table_get(&t, r, "size"), csv_table_get(&t, r, "label"), methods, need_size,
				 what, sizeof(what)) != 0) {
			snprintf(err, errlen, "%s:%ld: %s", path, t.lines[r], what);
			free(out);
			csv_table_free(&t);
			return -1;
		}
		out[r].line = t.lines[r];
		if (experiment_data_col(&t, r, &out[r], err, errlen) != 0 ||
		    experiment_timing_cols(&t, r, &out[r].warmup_s, &out[r].rest_s, err, errlen) != 0) {
			free(out);
			csv_table_free(&t);
			return -1;
		}
	}
	*rows = out;
	*n = t.nrows;
	if (table)
		*table = t;
	else
		csv_table_free(&t);
	return 0;
}

int experiment_read(const char *path, const char *const *methods, struct run_config **rows,
		    size_t *n, char *err, size_t errlen)
{
	return experiment_read_list(path, methods, 1, rows, n, NULL, err, errlen);
}

int option_variant(const char *list, int i, char *buf, size_t len)
{
	if (i == 0) {
		snprintf(buf, len, "%s", "");
		return 0;
	}
	for (const char *p = list; p && *p;) {
		p += strspn(p, " ");
		size_t w = strcspn(p, " ");
		if (w && --i == 0) {
			snprintf(buf, len, "%.*s", (int)w, p);
			return 0;
		}
		p += w;
	}
	return -1;
}

int option_variants(const char *list)
{
	char buf[64];
	int n = 1;
	while (option_variant(list, n, buf, sizeof(buf)) == 0)
		n++;
	return n;
}

int option_known(const char *list, const char *opt)
{
	char buf[64];
	for (int i = 0; option_variant(list, i, buf, sizeof(buf)) == 0; i++)
		if (!strcmp(buf, opt))
			return 1;
	return 0;
}

int option_half_accum(const char *option)
{
	return option && !strcmp(option, "f16acc");
}

int option_wgmma(const char *option)
{
	return option && !strcmp(option, "wgmma");
}

int option_unpadded(const char *option)
{
	return option && !strcmp(option, "unpadded");
}

int run_config_grid(const struct run_config *c, struct grid *g)
{
	const int eb = dtype_table[c->dtype].bytes, halo = c->stencil->radius * c->fusion;
	return option_unpadded(c->option) ? grid_init_unpadded(g, c->stencil->dims, c->n, halo, eb)
					  : grid_init(g, c->stencil->dims, c->n, halo, eb);
}

enum weights_class option_weights(const char *option)
{
	return option && !strcmp(option, "sym") ? WEIGHTS_MIRROR : WEIGHTS_RANDOM;
}

void run_slug(const char *gpu_name, const unsigned char *uuid4, const char *date, char *buf, size_t len)
{
	size_t k = 0;
	if (!len)
		return;
	for (const char *p = gpu_name; *p && k + 1 < len; p++) {
		char c = *p;
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
			buf[k++] = c;
		else if (k && buf[k - 1] != '-')
			buf[k++] = '-';
	}
	if (k && buf[k - 1] == '-')
		k--;
	buf[k] = '\0';
	/* drop the vendor word: "nvidia-h100-80gb-hbm3" -> "h100-80gb-hbm3" */
	if (!strncmp(buf, "nvidia-", 7))
		memmove(buf, buf + 7, strlen(buf + 7) + 1);
	/* the GPU's own id, so that two GPUs of one model measured on one day never share a run
	 * directory or its ceilings */
	snprintf(buf + strlen(buf), len - strlen(buf), "-%02x%02x%02x%02x-%s", uuid4[0], uuid4[1], uuid4[2],
		 uuid4[3], date);
}

void method_variant_name(const char *method, const char *option, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s%s", method, option && *option ? ":" : "", option ? option : "");
}
