/*
 * counters.h - hardware counters of one kernel launch through CUPTI's Range Profiler (CUDA 13:
 * cupti_range_profiler.h with cupti_profiler_host.h; auto ranges, kernel replay). The runner
 * profiles one extra launch, after an L2 flush, that is not part of the timing. Every metric
 * name is checked against the chip first; an unknown one is an error. When counters cannot be
 * read (no permission, MPS, another profiler such as ncu attached) the caller writes NA and
 * warns once. The tensor counters (sm__ops_path_tensor_*) count dense-equivalent FLOPs, sparse
 * instructions included: `make ceilings` proves it on every MMA shape (counters-calibration.csv).
 * Feeds the measured F, Q and I of tcs Table 2 and Figure 15.
 */
#ifndef COUNTERS_H
#define COUNTERS_H

#include <stddef.h>

/* Kernels one profiled launch may contain (a library call can launch several); summed. */
#define CTR_MAX_KERNELS 16

/* The metrics, in the order counters_measure() returns them. */
enum counter_id {
	CTR_DRAM_READ, CTR_DRAM_WRITE,
	CTR_DADD, CTR_DMUL, CTR_DFMA, CTR_FADD, CTR_FMUL, CTR_FFMA, CTR_HADD, CTR_HMUL, CTR_HFMA,
	CTR_TC_FP64, CTR_TC_TF32, CTR_TC_FP16, CTR_TC_HMMA_F16_F32, CTR_TC_HMMA_F16_F16,
	CTR_TC_TF32_SP_ON, CTR_TC_F16_F32_SP_ON, CTR_TC_F16_F16_SP_ON,
	CTR_TC_INST, CTR_GPU_TIME,
	CTR_COUNT
};
#ifdef __cplusplus
extern "C" {
#endif
/* The metrics' names (counter-metrics.c, host C) */
extern const char *const counter_metrics[CTR_COUNT];
/* The metric names joined by commas (for ncu --metrics). */
const char *counter_metric_list(void);
#ifdef __cplusplus
}
#endif

/* Set up for the current device and context. 0, or -1 with the reason in why (the caller then
 * reports NA). An unknown metric name is fatal: it is a bug, not a missing permission. */
int counters_init(char *why, size_t len);
/*
 * Profile the kernels that launch(ctx) enqueues (up to CTR_MAX_KERNELS, summed); values[CTR_COUNT] in base units. The
 * kernel is replayed by the caller (CUPTI's user replay), once per pass the metrics need, and
 * prepare(ctx) runs before every pass: the runner flushes the L2 there, so that every pass starts
 * from the same clean cache (ncu's --cache-control all does the same). The first call after
 * counters_init profiles its range twice and keeps the second (the first range of a process
 * over-counts DRAM writes).
 */
int counters_measure(void (*prepare)(void *ctx), void (*launch)(void *ctx), void *ctx,
		     double *values, char *why, size_t len);
void counters_shutdown(void);

#endif
