/*
 * open.c - a run opened (records.h): its meta.csv (each invocation's run_id, commit, dirty tree,
 * GPU and protocol), its ceilings.csv loaded and held under twice the GPU's datasheet
 * (data/hw/gpus.csv through data/hw/gpu-names.csv), each GPU's own ceilings in a run measured on
 * several (gpus/SLUG/ceilings.csv), and a value of meta.csv; without a run, the datasheet GPU.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dirent.h>
#include <unistd.h>

#include "power.h"
#include "records.h"

static int read_meta(struct run_ctx *c, char *err, size_t errlen)
{
	char path[1024];
	struct csv_table m;
	snprintf(path, sizeof(path), "%s/meta.csv", c->rundir);
	if (csv_table_read(path, &m, err, errlen) != 0)
		return -1;
	if (m.nrows == 0 || csv_table_col(&m, "gpu_name") < 0) {
		snprintf(err, errlen, "%s: no rows with gpu_name", path);
		csv_table_free(&m);
		return -1;
	}
	snprintf(c->gpu, sizeof(c->gpu), "%s", csv_table_get(&m, m.nrows - 1, "gpu_name"));
	c->quick_ids = calloc(m.nrows, sizeof(*c->quick_ids));
	c->meta = calloc(m.nrows, sizeof(*c->meta));
	for (size_t r = 0; r < m.nrows; r++) {
		struct rec_meta *e = &c->meta[c->nmeta++];
		const char *id = csv_table_get(&m, r, "run_id"), *g = csv_table_get(&m, r, "git_commit");
		const char *d = csv_table_get(&m, r, "git_dirty");
		snprintf(e->run_id, sizeof(e->run_id), "%s", id ? id : "");
		snprintf(e->commit, sizeof(e->commit), "%s", g && *g && strcmp(g, "NA") ? g : "");
		e->dirty = d && !strcmp(d, "yes");
		const char *mc = csv_table_get(&m, r, "sm_clock_max_mhz");
		char *endp;
		double v = mc && *mc ? strtod(mc, &endp) : NAN;
		if (mc && *mc && !*endp && v > 0)
			c->max_clock = v;
		/* the GPUs the invocations ran on: "GPU-" and 8 hex digits each */
		const char *u = csv_table_get(&m, r, "gpu_uuid");
		size_t k = 0;
		while (u && *u && k < c->ngpus && strncmp(c->gpus[k], u, 12))
			k++;
		if (u && *u && k == c->ngpus && c->ngpus < NELEM(c->gpus))
			snprintf(c->gpus[c->ngpus++], sizeof(c->gpus[0]), "%.12s", u);
	}
	rec_meta_protocol(c, &m);
	c->older_protocol = csv_table_col(&m, "protocol_detail") < 0;
	if (csv_table_col(&m, "protocol") >= 0 && csv_table_col(&m, "run_id") >= 0)
		for (size_t r = 0; r < m.nrows; r++)
			if (strncmp(csv_table_get(&m, r, "protocol"), "QUICK", 5) == 0)
				snprintf(c->quick_ids[c->nquick++], sizeof(c->quick_ids[0]), "%s",
					 csv_table_get(&m, r, "run_id"));
	csv_table_free(&m);
	return 0;
}

/* this GPU's datasheet row set: the run's GPU name through data/hw/gpu-names.csv, or (no run)
 * the datasheet GPU itself; 0, or -1 when there is none (sheet then empty) */
int rec_datasheet(const struct run_ctx *c, struct hw *sheet, char *name, size_t len)
{
	char path[1024], err[256];
	struct csv_table t;
	memset(sheet, 0, sizeof(*sheet));
	snprintf(name, len, "%s", c->gpu);
	if (c->rundir[0]) {
		snprintf(path, sizeof(path), "%s/data/hw/gpu-names.csv", c->root);
		if (csv_table_read(path, &t, err, sizeof(err)) != 0)
			return -1;
		long r = rec_row_of(&t, "reported", c->gpu, NULL, NULL);
		if (r >= 0)
			snprintf(name, len, "%s", csv_table_get(&t, (size_t)r, "gpu"));
		csv_table_free(&t);
		if (r < 0)
			return -1;
	}
	snprintf(path, sizeof(path), "%s/data/hw/gpus.csv", c->root);
	return hw_load_gpu(sheet, path, name, err, sizeof(err));
}


static int load_gpu_ceilings(struct run_ctx *c, char *err, size_t errlen);

/* a run's ceilings within physical bounds (hw_check_bounds): under twice the datasheet of the GPU
 * meta.csv names, where data/hw/gpu-names.csv and gpus.csv have it; else positive and finite */
static int ceilings_bounded(const struct run_ctx *c, const struct hw *hw, char *err, size_t errlen)
{
	struct hw sheet;
	char name[128];
	const int have = rec_datasheet(c, &sheet, name, sizeof(name)) == 0;
	const int rc = hw_check_bounds(hw, have ? &sheet : NULL, err, errlen);
	if (have)
		hw_free(&sheet);
	return rc;
}

double rec_meta_num(const struct run_ctx *c, const char *col)
{
	char path[1024], err[256];
	struct csv_table m;
	double v = NAN;
	snprintf(path, sizeof(path), "%s/meta.csv", c->rundir);
	if (!c->rundir[0] || csv_table_read(path, &m, err, sizeof(err)) != 0)
		return NAN;
	if (m.nrows)
		v = rec_num(&m, (long)m.nrows - 1, col);
	csv_table_free(&m);
	return v;
}
int rec_open(struct run_ctx *c, const char *root, const char *rundir, const char *gpu, char *err, size_t errlen)
{
	char path[1024];
	memset(c, 0, sizeof(*c));
	c->max_clock = NAN;
	snprintf(c->root, sizeof(c->root), "%s", root && *root ? root : ".");
	if (!rundir || !*rundir) {
		snprintf(c->gpu, sizeof(c->gpu), "%s", gpu && *gpu ? gpu : "H200");
		snprintf(path, sizeof(path), "%s/data/hw/gpus.csv", c->root);
		return hw_load_gpu(&c->hw, path, c->gpu, err, errlen);
	}
	snprintf(c->rundir, sizeof(c->rundir), "%s", rundir);
	if (read_meta(c, err, errlen) != 0)
		return -1;
	snprintf(path, sizeof(path), "%s/ceilings.csv", rundir);
	if (hw_load_ceilings(&c->hw, path, err, errlen) != 0) {
		rec_close(c);
		return -1;
	}
	/* the power roof's inputs; its cap the ceilings' power_limit row, else the run's meta.csv */
	power_from_ceilings(&c->hw);
	if (!(c->hw.cap_w > 0))
		c->hw.cap_w = rec_meta_num(c, "power_limit_w");
	/* as written, for what the loaded ceilings leave out: basis, burst value, clock, power */
	c->have_ceil = csv_table_read(path, &c->ceil, err, errlen) == 0;
	if (ceilings_bounded(c, &c->hw, err, errlen) != 0 || (c->ngpus > 1 && load_gpu_ceilings(c, err, errlen) != 0)) {
		rec_close(c);
		return -1;
	}
	return 0;
}

/* Each GPU of meta.csv's its own ceilings, from RUNDIR/gpus/SLUG/ceilings.csv where the slug names
 * its UUID's first 8 hex digits (scripts/multi-gpu.sh); a GPU without that directory keeps the
 * run's. 0, or -1 with a one-line error for ceilings there that do not load. */
static int load_gpu_ceilings(struct run_ctx *c, char *err, size_t errlen)
{
	char dir[600], path[1200], key[16];
	snprintf(dir, sizeof(dir), "%s/gpus", c->rundir);
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	int rc = 0;
	for (struct dirent *e; rc == 0 && (e = readdir(d));)
		for (size_t k = 0; k < c->ngpus; k++) {
			snprintf(key, sizeof(key), "-%.8s-", c->gpus[k] + 4);
			if (c->gpu_hw_ok[k] || strncmp(c->gpus[k], "GPU-", 4) || !strstr(e->d_name, key))
				continue;
			snprintf(path, sizeof(path), "%s/%s/ceilings.csv", dir, e->d_name);
			if (access(path, F_OK) != 0)
				continue;
			if (hw_load_ceilings(&c->gpu_hw[k], path, err, errlen) != 0) {
				rc = -1;
				break;
			}
			power_from_ceilings(&c->gpu_hw[k]);
			if (!(c->gpu_hw[k].cap_w > 0))
				c->gpu_hw[k].cap_w = rec_meta_num(c, "power_limit_w");
			if (ceilings_bounded(c, &c->gpu_hw[k], err, errlen) != 0) {
				hw_free(&c->gpu_hw[k]);
				rc = -1;
				break;
			}
			c->gpu_hw_ok[k] = 1;
		}
	closedir(d);
	return rc;
}
void rec_close(struct run_ctx *c)
{
	for (size_t k = 0; k < NELEM(c->gpu_hw); k++)
		if (c->gpu_hw_ok[k])
			hw_free(&c->gpu_hw[k]);
	memset(c->gpu_hw_ok, 0, sizeof(c->gpu_hw_ok));
	hw_free(&c->hw);
	free(c->quick_ids);
	c->quick_ids = NULL;
	for (size_t k = 0; c->meta && k < c->nmeta; k++)
		free(c->meta[k].protocol);
	free(c->meta);
	c->meta = NULL;
	c->nmeta = 0;
	free(c->inv_used);
	c->inv_used = NULL;
	if (c->have_ceil)
		csv_table_free(&c->ceil);
	c->have_ceil = 0;
	rec_stale_free(c);
}
