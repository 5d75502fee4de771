/*
 * queue.h - a reproduction planned as one queue of chunks (scripts/multi-gpu.sh: make reproduce
 * GPUS=, make reference; scripts/slurm.sh): every list not complete in the run, a configuration
 * that several lists measure under the same protocol flags measured once and shared between
 * them (an SpMV matrix's methods only whole, from one list: they share a process), cut into chunks
 * of at most about CHUNK_S seconds of measured cost (the cost run's
 * row_wall_s; a configuration it lacks costs the assumed seconds), numbered longest first, so that
 * workers taking the next unclaimed chunk balance like the longest-processing-time rule, and a
 * measurement stopped at a time limit loses at most one chunk a GPU. Each list is later gathered
 * from the chunks that hold its configurations (run_csv_gather), its own labels restored. Host C
 * through csvio.h (tests/test_node.c).
 *
 * The queue directory: chunks/NNNNN/{LIST.csv,list,flags,cost} (LIST: the list the chunk's rows
 * come from, the first to name them; flags: the runner options, one line; cost: seconds), lists
 * (the lists to gather, in item order), sources/LIST (one line a chunk that holds some of its rows:
 * "chunk NNNNN"; a list complete in the run is neither measured nor a source),
 * ceilings_s (the cost run's ceilings time, 0 when unknown), and the empty claim/ and done/ its
 * workers fill (scripts/multi-gpu.sh).
 */
#ifndef QUEUE_H
#define QUEUE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct queue_plan_opts {
	const char *dir;          /* the queue directory (must not exist; written under a temporary name) */
	const char *rundir;       /* the run: its complete lists are not measured again */
	const char *cost_run;     /* the run whose row_wall_s give the costs (NULL or "": none) */
	const char *lists_dir;    /* where LIST.csv lives (experiments) */
	double assumed_s;         /* a configuration's cost where the cost run has none */
	double chunk_s;           /* a chunk's cost at most (a single configuration may exceed it) */
	long chunk_rows;          /* > 0: chunks of this many configurations instead (CHUNK=) */
};
struct queue_summary {
	int lists, chunks;        /* the lists to gather, the chunks to measure */
	long configs, shared;     /* configurations measured; list rows served by another list's */
	double cost_s;            /* the chunks' cost, summed */
	int measured_costs;       /* configurations whose cost the cost run gave */
	double ceilings_s;        /* the cost run's ceilings time (0: unknown) */
};
/* ITEM: LIST[:FLAG,...] (a list several items name is planned once). 0, or -1 with err and nothing
 * written; *bad_input: the items or a list at fault (else a write failed). */
int queue_plan(const struct queue_plan_opts *o, int nitems, const char *const *items, struct queue_summary *s,
	       int *bad_input, char *err, size_t errlen);

/* A list's blocks: records.h (rec_block_rule, rec_block_key) */
/* whether the run CSV holds a block of list split across GPUs within a replica: 1 (why names it), 0,
 * or -1 (why: the CSV does not read) */
int queue_blocks_split(const char *lists_dir, const char *list, const char *run_csv, char *why, size_t len);

/* The costs of a queue's chunks not done (no done/N) into costs (at most max), in chunk order, and
 * its ceilings' time: their count, or -1 when dir is no queue */
#define QUEUE_MAX_CHUNKS 4096
int queue_costs_left(const char *dir, double *costs, int max, double *ceilings_s);

/* The queue's chunks' costs shared over workers by the longest-processing-time rule (each chunk,
 * longest first, to the least-loaded worker): the largest load, seconds. */
double queue_makespan(const double *costs, int n, int workers);

/* The list's configurations in its order, each row taken from the first of the n CSVs in that
 * holds its configuration (columns by name; one it lacks is NA), its label the list's; written to
 * out through a temporary name. 0, or -1 with err (*bad_input: a configuration none holds, a CSV
 * that does not parse). */
int run_csv_gather(const char *out, const char *list, const char *const *in, size_t n, int *bad_input, char *err,
		   size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
