/*
 * registry.h - the registry of recorded runs, data/runs/runs.csv: one row a run, the one table of
 * what each run is for (its role: the reference, a working run kept for what it measured, or a
 * superseded run that has left data/runs/ and is kept by git at the commit the row names), whether
 * it is a whole reproduction made by the one command (make reference), the commit it measured and
 * its purpose. What a run's meta.csv can say (its GPUs, its commit, its wall time) is read from
 * there, never typed: registry_check holds the table to data/runs/, REFERENCE and each meta.csv,
 * and run_meta_read sums a run's meta.csv for the documents (stencil-page runs, reproduce-time:
 * README.md's and REPRODUCE.md's generated sections). Host code, tested without a GPU
 * (tests/test_docs.c).
 */
#ifndef REGISTRY_H
#define REGISTRY_H

#include <stddef.h>

#include "csvio.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the registry's path under a root, and its columns */
#define REGISTRY_PATH "data/runs/runs.csv"

/* data/runs/runs.csv under root, every row checked on its own (a run's name, a role of reference,
 * working or superseded, full yes or no, a commit of 7-40 hex digits, held_at a commit exactly for
 * a superseded run, a purpose, each name once): 0, or -1 with "FILE:LINE: what" in err */
int registry_read(const char *root, struct csv_table *t, char *err, size_t errlen);

/* the registry against the tree: every directory under data/runs/ has a row that is not
 * superseded and every such row a directory; exactly one reference row, the run REFERENCE names;
 * each present run's meta.csv names its commit in every invocation, clean. 0 (the table read into
 * keep where it is not NULL: the caller frees it), or -1 with the first disagreement in err. */
int registry_check(const char *root, struct csv_table *keep, char *err, size_t errlen);

/* What a run's meta.csv says of it as a whole */
struct run_meta {
	int ngpus;               /* distinct GPU UUIDs */
	char gpu_name[64];       /* the first invocation's GPU model */
	char commit[16];         /* the first invocation's commit, 7 hex digits */
	int dirty;               /* an invocation from a dirty tree */
	int invocations;
	double busy_s;           /* the union of the invocations' spans (start to end): the run's wall
				  * time with the gaps between separate calls left out */
	double span_s;           /* the first start to the last end */
	double start_s, end_s;   /* the first invocation's start and the last one's end, seconds since the
				  * epoch (run_stamp_s: its run_id and date_utc), NaN without them */
	double ceilings_s;       /* the first ceilings invocation's span, NaN without one */
};
/* dir's meta.csv, its invocations on the GPUs named in gpus alone (UUIDs separated by spaces;
 * NULL: every invocation): 0, or -1 with err */
int run_meta_read(const char *dir, const char *gpus, struct run_meta *m, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
