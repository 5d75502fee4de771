/*
 * bench.h - what the runner's files share (profiling/stencilbench.cu: options and commands;
 * measure.cu: one configuration verified, timed and counted, into a row whose measured part is
 * runcsv.h's struct run_result, which the run CSV's columns (runcsv.c, host C) read).
 * Every measured row of every table and figure goes through them.
 */
#ifndef BENCH_H
#define BENCH_H

#include "counters.h"
#include "gpu.h"
#include "kmethod.h"

extern "C" {
#include "csvio.h"
#include "experiment.h"
#include "grid.h"
#include "hw.h"
#include "protocol.h"
#include "roofline.h"
#include "runcsv.h"
#include "runopts.h"
}

/* one configuration, measured: what the run CSV's columns read (runcsv.h; unit and points set
 * before it is written), the kernel and its grid */
struct row : run_result {
	const struct kernel_method *m;
	struct grid g;
};

/* seconds on a monotonic clock */
double now_s(void);
/* Set up r's configuration, verify it against the CPU reference and, when timing, time it with
 * the protocol and read its counters; r->status says how it ended. ceil: the run's ceilings for
 * the model's columns (NULL: none). */
void measure(struct row *r, const struct options *o, const struct hw *ceil, int timing);

/* the protocol's host callbacks every runner shares (measure.cu): the monotonic clock, an idle
 * pause (a row's asked rest; --original's idle start), the SM clock (NVML), and what a sample
 * reads while its launch runs (the SM clock, the board power, the clock-event reasons) */
double bench_now(void *ctx);
void bench_rest(void *ctx, double s);
double bench_clock(void *ctx);
/* the energy counter, mJ (protocol_ops' energy_mj): NaN without one */
double bench_energy(void *ctx);
/* the counter read at its own updates over a window (protocol_ops' energy_begin, energy_end) */
int bench_energy_begin(void *ctx);
double bench_energy_end(void *ctx, int *updates);
/* the reads of the windows since the last call into er (NULL: none), and their count started again:
 * a row's (energypoll.h) */
struct energy_reads;
void bench_energy_reads(struct energy_reads *er);
void bench_read_nvml(struct protocol_sample *s);
/* the runner's checks (stencilbench.cu), shared with the workload runner: open the device (exit 3
 * without one), refuse a run directory of another GPU, refuse a dirty build unless ALLOW_DIRTY=1 */
void bench_open_device(const struct options *o);
void bench_refuse_other_gpu(const char *dir);
void bench_refuse_dirty(void);
/* the process's start (monotonic seconds), set first thing in main: meta.csv's startup_s */
extern double bench_started_s;
/* a measured row's wall time and phases added to the invocation's sums (meta.csv); the first row
 * sets its start-up */
void bench_meta_row(struct run_meta *meta, double row_start_s, double wall_s, const double *phase);
/* a run CSV written into w committed: meta.csv appended first, then the CSV renamed into place
 * (an error leaves the old one and exits 4); the "wrote" line */
struct run_meta;
void bench_commit_run(struct csv_writer *w, const char *dir, struct run_meta *meta, const char *out, size_t n,
		      int wrong);
/* stencilbench run --experiment F for a workload list (model/workload.h; workload-run.cu) */
int workload_cmd_run(const struct options *o);
/* make test-gpu's workload part: every workload method verified, counts added (workload-run.cu) */
void workload_check(const struct options *o, int *passed, int *failed, int *skipped);

#endif
