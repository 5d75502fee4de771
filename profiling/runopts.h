/*
 * runopts.h - the runner's options (stencilbench's command line and environment), the protocol
 * they ask for, and the one call that times a row with it, in host C so that a CPU test drives
 * the same path the runner does (tests/test_measure.c): a list parsed, options parsed, each row
 * timed through protocol_row with fake clocks and launches. Every measured row goes through it.
 */
#ifndef RUNOPTS_H
#define RUNOPTS_H

#include <stddef.h>

#include "protocol.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --warmup-s and WARMUP_S at most (make refuses more too: scripts/make/device.mk's WARMUP_MAX_S) */
#define WARMUP_MAX_S 3600.0

struct options {
	int quick, hot, counters, profile_once, device;
	int replica;    /* --replica R: the rows are replica R of a replicated run (1: one measurement; runcsv.h) */
	const char *data;   /* --data REGIME: the data regime of rows whose list names none (model/regime.h;
			     * "random" by default) */
	int original;   /* --original: also the fixed-count protocol of nongemm Figure 7 (protocol.h) */
	double warmup_s;   /* --warmup-s / WARMUP_S: each row's warm-up (< 0: the protocol's 1 s) */
	const char *out, *experiment, *method_filter;
	const char *stencil, *dtype, *method, *fusion, *size, *label;
	const char *cupti_csv, *ncu_csv;
	const char *cpu_share;   /* --cpu-share I/N[:D1,...]: runner I of N on this host (hostcpu.h) */
};

/* The defaults, then the environment's (QUICK, COUNTERS, WARMUP_S) and argv[first..]'s options:
 * a bad one is a one-line error naming it (exit 2). */
void options_parse(struct options *o, int argc, char **argv, int first);
/* The protocol the options ask for (QUICK, the warm-up, the L2 flush). */
void protocol_from(const struct options *o, struct protocol *p);
/* meta.csv's protocol sentence (protocol_text) and its detail: the window, the counters, and
 * --original's part (hot: the workload runner's back-to-back window). own_timing: the list gives
 * its rows their own warm-up and idle rest (the warm-up study's lists); the sentence then says so. */
void options_protocol_text(const struct options *o, int hot, int own_timing, char *sentence, size_t slen,
			   char *detail, size_t dlen);
/* Time one row as the runner does: the options' protocol, the list's own warm-up and rest for
 * the row when it gives them (list_warmup_s > 0; list_rest_s > 0), hot when hot. 0 on success. */
int options_time_row(const struct options *o, int hot, double list_warmup_s, double list_rest_s,
		     const struct protocol_ops *ops, struct protocol_result *r);

#ifdef __cplusplus
}
#endif
#endif
