/*
 * ceilings-int.h - what the ceilings' two files share (ceilings.cu: the machine's ceilings;
 * fermi-bench.cu: the fermi paper's microbenchmarks): timing a launch and writing a ceilings row.
 * Not for use outside `stencilbench ceilings`.
 */
#ifndef CEILINGS_INT_H
#define CEILINGS_INT_H

#include "csvio.h"

typedef void (*launch_fn)(void *ctx);

/* three warm-up launches, then reps launches timed one by one: the best and the median seconds */
void ceil_time(launch_fn f, void *ctx, int reps, double *best_s, double *median_s);
/* one ceilings.csv row: quantity, value (the best), unit, how, median value, samples */
void ceil_put_row(struct csv_writer *w, const char *q, double v, const char *unit, const char *how,
		  double median, int reps);
/* the fermi paper's microbenchmarks (its Figure 5: Table 1 and Figure 4): rows fermi_* into w,
 * and dir/latency-hiding.csv; sms: the multiprocessor count */
void fermi_benchmarks(struct csv_writer *w, const char *dir, int quick, int sms, int reps);

/* Hopper's wgmma ceilings (wgmma-bench.cu, built for sm_90a only): one kernel a quantity, launched
 * as the MMA benchmarks are (k(out, iters)), flop: dense-equivalent FLOPs of a warp's iteration */
struct wgmma_bench {
	const char *quantity, *instruction;
	void (*kernel)(float *, int);
	double flop_per_warp_iter;
	int steps;                  /* instructions a warpgroup issues between waits */
};
extern const struct wgmma_bench wgmma_benches[];
extern const int wgmma_bench_count;

#endif
