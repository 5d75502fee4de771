/*
 * render-runs.c - which recorded run a target renders when no RUN is given (stencil-render
 * newest-run, the Makefile's stamps): the reference run data/runs/REFERENCE names, by the one
 * run-name rule (plots/records/runs.h), where it holds the target's CSVs, else the newest run holding
 * them. See render.h.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "csvio.h"
#include "render.h"
#include "runs.h"

/* whether run RUNS_DIR/NAME holds every one of files (at least one) */
static int run_holds(const char *runs_dir, const char *name, const char *const *files)
{
	char path[1024];
	struct stat st;
	if (!files[0])
		return 0;
	for (const char *const *p = files; *p; p++) {
		snprintf(path, sizeof(path), "%s/%s/%s", runs_dir, name, *p);
		if (stat(path, &st) != 0)
			return 0;
	}
	return 1;
}

/* the run RUNS_DIR/REFERENCE names: 0 when it holds every file (OUT: its directory), 1 when there
 * is no REFERENCE, 2 when its run lacks a file, -2 (ERR) when REFERENCE cannot be read or is not
 * exactly one line naming a recorded run (a stray space or a deleted run is an error, never a
 * fallback) */
int render_reference_run(const char *runs_dir, const char *const *files, char *out, size_t outlen,
			 char *err, size_t errlen)
{
	char name[256];
	const int rc = run_reference_name(runs_dir, name, sizeof(name), err, errlen);
	if (rc != 0)
		return rc;
	if (!run_holds(runs_dir, name, files))
		return 2;
	snprintf(out, outlen, "%s/%s", runs_dir, name);
	return 0;
}

int render_newest_run(const char *runs_dir, const char *const *files, char *out, size_t outlen,
		      char *err, size_t errlen)
{
	/* the reference run (RUNS_DIR/REFERENCE) where it holds the files, else the newest run by the
	 * largest date_utc in its meta.csv; without a REFERENCE, said */
	DIR *d;
	char best_date[64] = "", missing[1100] = "";
	int found = 0, rc;
	err[0] = '\0';
	if ((rc = render_reference_run(runs_dir, files, out, outlen, err, errlen)) <= 0)
		return rc;
	if (rc == 1)   /* no REFERENCE: run_reference_name's words, said with the run taken instead */
		snprintf(missing, sizeof(missing), "%s", err);
	err[0] = '\0';
	if (!(d = opendir(runs_dir)))
		return -1;
	for (struct dirent *e; (e = readdir(d));) {
		char meta[1024];
		struct csv_table m;
		struct stat st;
		if (e->d_name[0] == '.' || !run_holds(runs_dir, e->d_name, files))
			continue;
		snprintf(meta, sizeof(meta), "%s/%s/meta.csv", runs_dir, e->d_name);
		if (stat(meta, &st) != 0)   /* no meta.csv: not a run to pick */
			continue;
		if (csv_table_read(meta, &m, err, errlen) != 0) {   /* one there that does not read: said */
			closedir(d);
			return -2;
		}
		for (size_t r = 0; r < m.nrows; r++) {
			const char *dt = csv_table_get(&m, r, "date_utc");
			if (dt && strcmp(dt, best_date) > 0) {
				snprintf(best_date, sizeof(best_date), "%s", dt);
				snprintf(out, outlen, "%s/%s", runs_dir, e->d_name);
				found = 1;
			}
		}
		csv_table_free(&m);
	}
	closedir(d);
	if (found && missing[0])
		snprintf(err, errlen, "%s: the newest recorded run holding %s%s instead, %s", missing, files[0],
			 files[1] ? " and the other files" : "", out);
	return found ? 0 : -1;
}
