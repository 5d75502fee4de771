/*
 * registry.c - data/runs/runs.csv, the registry of recorded runs (registry.h): its reader, its
 * check against data/runs/, REFERENCE and each run's meta.csv, and a run's meta.csv summed (GPUs,
 * commit, wall time) for the documents' generated run sections (plots/render/page-runs.c).
 */
#define _POSIX_C_SOURCE 200809L
#include "registry.h"

#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runs.h"

static const char *const registry_cols[] = { "run", "role", "full", "commit", "held_at", "purpose", NULL };

static int is_hex(const char *s, size_t lo, size_t hi)
{
	size_t n = strlen(s);
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]) || isupper((unsigned char)s[i]))
			return 0;
	return n >= lo && n <= hi;
}

/* row r on its own: 0, or -1 with err */
static int row_ok(const struct csv_table *t, size_t r, char *err, size_t errlen)
{
	const char *run = csv_table_get(t, r, "run"), *role = csv_table_get(t, r, "role");
	const char *full = csv_table_get(t, r, "full"), *commit = csv_table_get(t, r, "commit");
	const char *held = csv_table_get(t, r, "held_at"), *purpose = csv_table_get(t, r, "purpose");
	const int gone = !strcmp(role, "superseded");
	const char *why = !run_name_ok(run) ? "run: not a run's name (" RUN_NAME_RULE ")"
		: strcmp(role, "reference") && strcmp(role, "working") && !gone ? "role: not reference, working or superseded"
		: strcmp(full, "yes") && strcmp(full, "no") ? "full: not yes or no"
		: !is_hex(commit, 7, 40) ? "commit: not 7-40 lower-case hex digits"
		: gone && !is_hex(held, 7, 40) ? "held_at: a superseded run names the commit that holds it"
		: !gone && *held ? "held_at: only a superseded run (gone from data/runs/) has one"
		: !*purpose ? "purpose: empty" : NULL;
	if (why) {
		snprintf(err, errlen, "%s:%ld: run '%s': %s", t->path, t->lines[r], run, why);
		return -1;
	}
	for (size_t q = 0; q < r; q++)
		if (!strcmp(csv_table_get(t, q, "run"), run)) {
			snprintf(err, errlen, "%s:%ld: run '%s' twice", t->path, t->lines[r], run);
			return -1;
		}
	return 0;
}

int registry_read(const char *root, struct csv_table *t, char *err, size_t errlen)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/%s", root, REGISTRY_PATH);
	if (csv_table_read_need(path, t, registry_cols, err, errlen) != 0)
		return -1;
	for (size_t r = 0; r < t->nrows; r++)
		if (row_ok(t, r, err, errlen) != 0) {
			csv_table_free(t);
			return -1;
		}
	return 0;
}

static long registry_row(const struct csv_table *t, const char *run)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (!strcmp(csv_table_get(t, r, "run"), run))
			return (long)r;
	return -1;
}

/* a present run against its meta.csv: 0, or -1 with err */
static int meta_agrees(const char *root, const struct csv_table *t, size_t r, char *err, size_t errlen)
{
	char dir[1024], e[512];
	struct run_meta m;
	const char *run = csv_table_get(t, r, "run"), *commit = csv_table_get(t, r, "commit");
	snprintf(dir, sizeof(dir), "%s/data/runs/%s", root, run);
	if (run_meta_read(dir, NULL, &m, e, sizeof(e)) != 0) {
		snprintf(err, errlen, "%s: run '%s': %s", REGISTRY_PATH, run, e);
		return -1;
	}
	if (strncmp(m.commit, commit, strlen(m.commit) < strlen(commit) ? strlen(m.commit) : strlen(commit)) ||
	    m.commit[0] == '\0') {
		snprintf(err, errlen, "%s: run '%s': commit %s, but its meta.csv says %s", REGISTRY_PATH, run, commit,
			 m.commit[0] ? m.commit : "none");
		return -1;
	}
	if (m.dirty) {
		snprintf(err, errlen, "%s: run '%s': its meta.csv has an invocation from a dirty tree (a recorded run "
			 "comes from a clean commit)", REGISTRY_PATH, run);
		return -1;
	}
	return 0;
}

int registry_check(const char *root, struct csv_table *keep, char *err, size_t errlen)
{
	struct csv_table t;
	char dirpath[1024], ref[256];
	int refs = 0, rc = -1;
	if (registry_read(root, &t, err, errlen) != 0)
		return -1;
	snprintf(dirpath, sizeof(dirpath), "%s/data/runs", root);
	if (run_reference_name(dirpath, ref, sizeof(ref), err, errlen) != 0)   /* missing, or no run's name */
		goto out;
	DIR *d = opendir(dirpath);
	if (!d) {
		snprintf(err, errlen, "cannot read %s", dirpath);
		goto out;
	}
	struct dirent *e;
	while ((e = readdir(d))) {   /* every run directory has a row that is not superseded */
		char p[1300];
		struct stat st;
		snprintf(p, sizeof(p), "%s/%s", dirpath, e->d_name);
		if (e->d_name[0] == '.' || stat(p, &st) != 0 || !S_ISDIR(st.st_mode))
			continue;
		const long r = registry_row(&t, e->d_name);
		if (r < 0 || !strcmp(csv_table_get(&t, (size_t)r, "role"), "superseded")) {
			snprintf(err, errlen, "%s: data/runs/%s is %s", REGISTRY_PATH, e->d_name,
				 r < 0 ? "not in the registry" : "there, but its row says superseded");
			closedir(d);
			goto out;
		}
	}
	closedir(d);
	for (size_t r = 0; r < t.nrows; r++) {
		const char *run = csv_table_get(&t, r, "run"), *role = csv_table_get(&t, r, "role");
		char p[1300];
		struct stat st;
		if (!strcmp(role, "superseded"))
			continue;
		snprintf(p, sizeof(p), "%s/%s", dirpath, run);
		if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode)) {
			snprintf(err, errlen, "%s: run '%s' is %s but not under data/runs/ (a run that left is superseded, "
				 "with the commit that holds it)", REGISTRY_PATH, run, role);
			goto out;
		}
		if (!strcmp(role, "reference")) {
			refs++;
			if (strcmp(run, ref)) {
				snprintf(err, errlen, "%s: run '%s' is the reference, but data/runs/REFERENCE names %s",
					 REGISTRY_PATH, run, ref);
				goto out;
			}
		}
		if (meta_agrees(root, &t, r, err, errlen) != 0)
			goto out;
	}
	if (refs != 1) {
		snprintf(err, errlen, "%s: %d reference rows (one: the run data/runs/REFERENCE names, %s)", REGISTRY_PATH,
			 refs, ref);
		goto out;
	}
	rc = 0;
out:
	if (rc == 0 && keep)
		*keep = t;
	else
		csv_table_free(&t);
	return rc;
}

/* a cell of meta.csv, "" where the file has no such column (an older run's) */
static const char *cell(const struct csv_table *t, size_t r, const char *col)
{
	const char *s = csv_table_get(t, r, col);
	return s ? s : "";
}

/* the spans [start, end] in order of their starts; the length of their union */
static int span_cmp(const void *x, const void *y)
{
	const double a = ((const double *)x)[0], b = ((const double *)y)[0];
	return a < b ? -1 : a > b;
}

static double union_length(double (*s)[2], size_t n)
{
	double total = 0, lo = NAN, hi = NAN;
	qsort(s, n, sizeof(*s), span_cmp);
	for (size_t i = 0; i < n; i++) {
		if (isnan(lo) || s[i][0] > hi) {
			total += isnan(lo) ? 0 : hi - lo;
			lo = s[i][0], hi = s[i][1];
		} else if (s[i][1] > hi)
			hi = s[i][1];
	}
	return total + (isnan(lo) ? 0 : hi - lo);
}

int run_meta_read(const char *dir, const char *gpus, struct run_meta *m, char *err, size_t errlen)
{
	static const char *const cols[] = { "run_id", "date_utc", NULL };   /* the rest where the file has them */
	char path[1200], uuids[64][64];
	struct csv_table t;
	snprintf(path, sizeof(path), "%s/meta.csv", dir);
	memset(m, 0, sizeof(*m));
	m->ceilings_s = NAN;
	if (csv_table_read_need(path, &t, cols, err, errlen) != 0)
		return -1;
	double (*s)[2] = malloc((t.nrows ? t.nrows : 1) * sizeof(*s)), lo = INFINITY, hi = -INFINITY;
	size_t ns = 0;
	for (size_t r = 0; r < t.nrows; r++) {
		const char *u = cell(&t, r, "gpu_uuid");
		if (gpus && (!*u || !strstr(gpus, u)))
			continue;
		int seen = 0;
		for (int g = 0; g < m->ngpus; g++)
			seen |= !strcmp(uuids[g], u);
		if (!seen && *u && m->ngpus < 64)
			snprintf(uuids[m->ngpus++], 64, "%s", u);
		if (!m->invocations++) {
			snprintf(m->gpu_name, sizeof(m->gpu_name), "%s", cell(&t, r, "gpu_name"));
			snprintf(m->commit, sizeof(m->commit), "%.7s", cell(&t, r, "git_commit"));
		}
		m->dirty |= csv_table_col(&t, "git_dirty") >= 0 && strcmp(cell(&t, r, "git_dirty"), "no") != 0;
		const double a = run_stamp_s(csv_table_get(&t, r, "run_id")), b = run_stamp_s(csv_table_get(&t, r, "date_utc"));
		if (isnan(a) || isnan(b) || b < a)
			continue;
		s[ns][0] = a, s[ns++][1] = b;
		lo = fmin(lo, a), hi = fmax(hi, b);
		if (isnan(m->ceilings_s) && strstr(cell(&t, r, "tool"), "ceilings"))
			m->ceilings_s = b - a;
	}
	m->busy_s = ns ? union_length(s, ns) : NAN;
	m->span_s = ns ? hi - lo : NAN;
	m->start_s = ns ? lo : NAN;
	m->end_s = ns ? hi : NAN;
	free(s);
	csv_table_free(&t);
	return 0;
}
