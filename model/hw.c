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
