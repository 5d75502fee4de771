/*
 * hw.c - datasheet and measured hardware ceilings for the model. See hw.h.
 */
#include "hw.h"
#include "csvio.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The model's keys need their units; other rows (fermi_fma_hidden_per_load, ...) are kept as
 * they are and never used as a ceiling. */
static int unit_ok(const char *quantity, const char *unit)
{
	static const char *const flops[] = { "fp64_fma", "fp32_fma", "fp16_fma", "tc_", "sptc_", "wgmma_", NULL };
	if (strstr(quantity, "bandwidth"))
		return strcmp(unit, "GB/s") == 0;
	for (const char *const *k = flops; *k; k++)
		if (strncmp(quantity, *k, strlen(*k)) == 0)
			return strncmp(unit, "TFLOP/s", 7) == 0;
	return *unit != '\0';
}

static int add_rows(struct hw *hw, const struct csv_table *t, const char *gpu, char *err,
		    size_t errlen)
{
	const char *srccol = csv_table_col(t, "source") >= 0 ? "source"
			   : csv_table_col(t, "how") >= 0 ? "how" : NULL;
	for (size_t r = 0; r < t->nrows; r++) {
		struct hw_row row;
		const char *q, *u, *src;
		if (gpu && strcmp(csv_table_get(t, r, "gpu"), gpu) != 0)
			continue;
		q = csv_table_get(t, r, "quantity");
		u = csv_table_get(t, r, "unit");
		src = srccol ? csv_table_get(t, r, srccol) : "";
		if (csv_table_num(t, r, "value", &row.value, err, errlen) != 0)
			return -1;
		if (row.value <= 0) {
			snprintf(err, errlen, "%s:%ld: quantity %s: value must be positive, got %g",
				 t->path, t->lines[r], q, row.value);
			return -1;
		}
		if (!*q || strlen(q) >= sizeof(row.quantity)) {
			snprintf(err, errlen, "%s:%ld: bad quantity name '%s'", t->path, t->lines[r], q);
			return -1;
		}
		for (size_t k = 0; k < r; k++)   /* one row a quantity: two would leave the model to guess */
			if ((!gpu || !strcmp(csv_table_get(t, k, "gpu"), gpu)) &&
			    !strcmp(csv_table_get(t, k, "quantity"), q)) {
				snprintf(err, errlen, "%s:%ld: quantity %s appears twice (also at line %ld): one row "
					 "a quantity", t->path, t->lines[r], q, t->lines[k]);
				return -1;
			}
		if (!unit_ok(q, u)) {
			snprintf(err, errlen, "%s:%ld: quantity %s: unexpected unit '%s'", t->path,
				 t->lines[r], q, u);
			return -1;
		}
		row.line = t->lines[r];
		const char *pw = csv_table_get(t, r, "counter_power_w");
		char *end;
		row.power_w = pw && *pw ? strtod(pw, &end) : NAN;
		if (pw && *pw && (*end || !(row.power_w > 0)))
			row.power_w = NAN;   /* NA: not measured */
		snprintf(row.quantity, sizeof(row.quantity), "%s", q);
		snprintf(row.unit, sizeof(row.unit), "%s", u);
		snprintf(row.source, sizeof(row.source), "%s", src);
		hw->rows = realloc(hw->rows, (hw->n + 1) * sizeof(*hw->rows));
		if (!hw->rows) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		hw->rows[hw->n++] = row;
	}
	return 0;
}

static int load(struct hw *hw, const char *path, const char *gpu, char *err, size_t errlen)
{
	static const char *const need_gpu[] = { "gpu", "quantity", "value", "unit", NULL };
	static const char *const need_ceil[] = { "quantity", "value", "unit", NULL };
	struct csv_table t;
	int rc;

	memset(hw, 0, sizeof(*hw));
	hw->cap_w = hw->pi0_w = hw->pi0_resid_w = hw->idle_w = NAN;   /* power.h sets them */
	if (csv_table_read(path, &t, err, errlen) != 0)
		return -1;
	rc = csv_table_require(&t, gpu ? need_gpu : need_ceil, err, errlen);
	if (rc == 0)
		rc = add_rows(hw, &t, gpu, err, errlen);
	if (rc == 0 && hw->n == 0) {
		if (gpu)
			snprintf(err, errlen, "unknown GPU '%s' (not in %s)", gpu, path);
		else
			snprintf(err, errlen, "%s: no ceilings in file", path);
		rc = -1;
	}
	if (rc == 0 && isnan(hw_get(hw, HW_KEY_BW, NULL))) {
		snprintf(err, errlen, "%s: %s%s has no %s row", path, gpu ? "GPU " : "",
			 gpu ? gpu : "file", HW_KEY_BW);
		rc = -1;
	}
	snprintf(hw->name, sizeof(hw->name), "%s", gpu ? gpu : path);
	csv_table_free(&t);
	if (rc != 0)
		hw_free(hw);
	return rc;
}

int hw_load_gpu(struct hw *hw, const char *path, const char *gpu, char *err, size_t errlen)
{
	return load(hw, path, gpu, err, errlen);
}

int hw_load_ceilings(struct hw *hw, const char *path, char *err, size_t errlen)
{
	return load(hw, path, NULL, err, errlen);
}

void hw_free(struct hw *hw)
{
	free(hw->rows);
	memset(hw, 0, sizeof(*hw));
}

int hw_load_reported(struct hw *sheet, const char *gpus_path, const char *names_path, const char *reported,
		     char *err, size_t errlen)
{
	static const char *const need[] = { "reported", "gpu", NULL };
	struct csv_table t;
	char name[128] = "";
	memset(sheet, 0, sizeof(*sheet));
	if (csv_table_read_need(names_path, &t, need, err, errlen) != 0)
		return -1;
	for (size_t r = 0; r < t.nrows && !name[0]; r++)
		if (!strcmp(csv_table_get(&t, r, "reported"), reported))
			snprintf(name, sizeof(name), "%s", csv_table_get(&t, r, "gpu"));
	csv_table_free(&t);
	if (!name[0])
		return 1;
	if (hw_load_gpu(sheet, gpus_path, name, err, errlen) == 0)
		return 0;
	return strncmp(err, "unknown GPU", 11) ? -1 : 1;   /* a gpus.csv without that GPU's rows */
}

/* quantity q is key or an instruction-specific row of it (key_...): the rule hw_get looks up by */
static int of_key(const char *q, const char *key)
{
	size_t kl = strlen(key);
	return !strncmp(q, key, kl) && (q[kl] == '\0' || q[kl] == '_');
}

/* a unit's scale to FLOP/s (kind 1) or bytes/s (kind 2) by its first word ("TFLOP/s" of "TFLOP/s
 * dense-equivalent"); 0 for any other unit */
static double unit_scale(const char *u, int *kind)
{
	static const struct { const char *name; double scale; int kind; } units[] = {
		{ "TFLOP/s", 1e12, 1 }, { "GFLOP/s", 1e9, 1 }, { "TB/s", 1e12, 2 }, { "GB/s", 1e9, 2 },
	};
	size_t l = strcspn(u, " ");
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strlen(units[i].name) == l && !strncmp(u, units[i].name, l)) {
			*kind = units[i].kind;
			return units[i].scale;
		}
	*kind = 0;
	return 0;
}

int hw_check_bounds(const struct hw *ceil, const struct hw *sheet, char *err, size_t errlen)
{
	/* measured rows the model does not look up by a datasheet key, and the key they measure */
	static const struct { const char *prefix, *key; } alias[] = {
		{ "wgmma_sp_fp16", "sptc_fp16" }, { "wgmma_sp_tf32", "sptc_tf32" }, { "wgmma_fp16", "tc_fp16" },
		{ "wgmma_tf32", "tc_tf32" }, { "wgmma_fp64", "tc_fp64" }, { "fermi_dram_bandwidth", HW_KEY_BW },
		{ "fermi_dp_fma", "fp64_fma" },
	};
	for (size_t i = 0; i < ceil->n; i++) {
		const struct hw_row *c = &ceil->rows[i], *d = NULL;
		if (!isfinite(c->value) || !(c->value > 0)) {
			snprintf(err, errlen, "%s:%ld: quantity %s: value must be positive and finite, got %g", ceil->name,
				 c->line, c->quantity, c->value);
			return -1;
		}
		const char *key = NULL;
		for (size_t k = 0; k < sizeof(alias) / sizeof(alias[0]) && !key; k++)
			if (of_key(c->quantity, alias[k].prefix))
				key = alias[k].key;
		/* the longest datasheet key the quantity is a row of (tc_fp16, never a shorter one) */
		for (size_t k = 0; sheet && k < sheet->n; k++)
			if ((key ? !strcmp(sheet->rows[k].quantity, key) : of_key(c->quantity, sheet->rows[k].quantity)) &&
			    (!d || strlen(sheet->rows[k].quantity) > strlen(d->quantity)))
				d = &sheet->rows[k];
		int ck, dk;
		const double cs = unit_scale(c->unit, &ck), ds = d ? unit_scale(d->unit, &dk) : 0;
		if (!d || !cs || !ds || ck != dk)   /* no datasheet value in a comparable unit */
			continue;
		const double bound = 2 * d->value * ds / cs;   /* in the row's own unit */
		if (c->value < bound)
			continue;
		snprintf(err, errlen, "%s:%ld: quantity %s: %g %s is not under %g %s, twice the %s datasheet's %s (%g %s, "
			 "data/hw/gpus.csv)", ceil->name, c->line, c->quantity, c->value, c->unit, bound, c->unit,
			 sheet->name, d->quantity, d->value, d->unit);
		return -1;
	}
	return 0;
}

double hw_get(const struct hw *hw, const char *key, const struct hw_row **best)
{
	size_t kl = strlen(key);
	double v = NAN;
	if (best)
		*best = NULL;
	for (size_t i = 0; i < hw->n; i++) {
		const char *q = hw->rows[i].quantity;
		if (strncmp(q, key, kl) != 0 || (q[kl] != '\0' && q[kl] != '_'))
			continue;
		if (isnan(v) || hw->rows[i].value > v) {
			v = hw->rows[i].value;
			if (best)
				*best = &hw->rows[i];
		}
	}
	return v;
}

int hw_list_gpus(const char *path, char *buf, size_t buflen, char *err, size_t errlen)
{
	struct csv_table t;
	size_t used = 0;
	if (csv_table_read(path, &t, err, errlen) != 0)
		return -1;
	buf[0] = '\0';
	for (size_t r = 0; r < t.nrows; r++) {
		const char *g = csv_table_get(&t, r, "gpu");
		int seen = 0;
		if (!g)
			break;
		for (size_t p = 0; p < r && !seen; p++)
			seen = strcmp(csv_table_get(&t, p, "gpu"), g) == 0;
		if (!seen && used + strlen(g) + 3 < buflen)
			used += (size_t)snprintf(buf + used, buflen - used, "%s%s", used ? ", " : "", g);
	}
	csv_table_free(&t);
	return 0;
}
