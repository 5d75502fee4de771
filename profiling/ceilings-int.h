/*
 * ceilings-int.h - what the ceilings' two files share (ceilings.cu: the machine's ceilings;
 * fermi-bench.cu: the fermi paper's microbenchmarks): timing a launch and writing a ceilings row.
 * Not for use outside `stencilbench ceilings`.
 */
#ifndef CEILINGS_INT_H
#define CEILINGS_INT_H

#include "csvio.h"

typedef void (*launch_fn)(void *ctx);

/* a microbenchmark timed twice: the burst (three launches, then reps timed one by one: the best
 * and the median), then sustained (CEIL_WARMUP_S of itself, time-based, then at least reps
 * launches and CEIL_SAMPLE_S timed one by one: the median), each with its median SM clock, the
 * sustained part with the board power (NaN where NVML is absent) */
#include "protocol.h"   /* CEIL_WARMUP_S, CEIL_SAMPLE_S */
struct ceil_timing {
	double best_s, burst_median_s, burst_mhz;
	int burst_n;
	double median_s, mhz, power_w, warmup_s;
	int n;
	double counter_w;   /* the energy counter's average power over the warm-up's last 0.75 s (NaN: none) */
};
void ceil_time(launch_fn f, void *ctx, int reps, int quick, struct ceil_timing *t);
/* ceilings.csv's columns (ceilings.cu) and one row: value = work / the sustained median, burst_value
 * = work / the best burst launch (work: the launch's bytes or FLOPs in the unit's scale) */
extern const char *const ceil_columns[];
extern const int ceil_column_count;
void ceil_put_row(struct csv_writer *w, const char *q, double work, const char *unit, const char *how,
		  const struct ceil_timing *t);
/* "  QUANTITY  sustained UNIT (burst B)" on stderr */
void ceil_say(const char *q, double work, const char *unit, const struct ceil_timing *t);
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
