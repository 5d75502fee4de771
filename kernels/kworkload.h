/*
 * kworkload.h - the run-time registry of the nongemm paper's non-stencil methods (SCALE,
 * kernels/scale.cu), the counterpart of kmethod.h for workloads: one struct a method (its row
 * in model/workload.c's table gives its options), the compute capability it needs and one
 * launch. The shared driver (profiling/workload-run.cu) verifies, times and writes them.
 */
#ifndef KWORKLOAD_H
#define KWORKLOAD_H

#include <cuda_runtime.h>

struct workload_method {
	const char *name;              /* "scale-dmma": its row of workload_methods (model/workload.h) */
	/* NULL when it runs option on a device of compute capability cc (x10), else why not */
	const char *(*supports)(const char *option, int cc);
	/* a = q b over n doubles on stream s (the SCALE signature) */
	void (*launch)(const char *option, const double *b, double *a, long n, double q, cudaStream_t s, int sms);
	/* the kernel that launch runs, for cudaFuncGetAttributes (registers) */
	const void *(*kernel)(const char *option);
	/* what the option runs, for the CSV's variant column */
	const char *(*variant)(const char *option);
};

int workload_method_count(void);
const struct workload_method *workload_method_at(int i);
const struct workload_method *workload_method_find(const char *name);

#endif
