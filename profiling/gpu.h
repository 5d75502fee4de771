/*
 * gpu.h - the GPU side of the instrument, shared by the runner and the microbenchmarks: the one
 * CUDA_CHECK() macro, device queries, the L2 flush, NVML clocks read through the driver's
 * libnvidia-ml (opened at run time, so nothing links against it), and run metadata (meta.csv).
 * Used by every measured table and figure.
 */
#ifndef GPU_H
#define GPU_H

#include <cuda_runtime.h>
#include <stddef.h>

#include "stencil.h"

/* Every CUDA call is checked; a failure prints the call, file and line and exits 1. */
#define CUDA_CHECK(call) gpu_check((call), #call, __FILE__, __LINE__)
void gpu_check(cudaError_t e, const char *call, const char *file, int line);
/* After a kernel launch: the launch error and, when sync, the execution error. */
#define CUDA_CHECK_LAUNCH(sync) do { CUDA_CHECK(cudaGetLastError()); \
		if (sync) CUDA_CHECK(cudaDeviceSynchronize()); } while (0)

/* 0 and the device selected, or -1 when no CUDA device is visible (message in why). */
int gpu_open(int device, char *why, size_t len);
const cudaDeviceProp *gpu_props(void);
int gpu_device(void);

/* Fill n elements of dtype dt at d_buf with grid_input(dt, i) for every allocation index i. */
void gpu_fill_input(void *d_buf, long n, enum dtype dt, cudaStream_t s);
/* Evict the L2: write a buffer of the L2's size (allocated on first use). */
void gpu_flush_l2(cudaStream_t s);

/* NVML through dlopen: clocks in MHz (-1 when unavailable). */
int nvml_available(void);
int nvml_sm_clock(void);
int nvml_max_sm_clock(void);
int nvml_mem_clock(void);
int nvml_max_mem_clock(void);

/* Run metadata: one row per tool invocation appended to DIR/meta.csv (atomically). */
struct run_meta {
	char run_id[64];
	char tool[32];
	char protocol[256];     /* warm-up, sample rule, L2 flush, counters */
	int sm_clock_start, sm_clock_end, mem_clock_start, mem_clock_end;
};
void meta_begin(struct run_meta *m, const char *tool, const char *protocol);
int meta_append(const char *dir, struct run_meta *m, char *err, size_t len);
/* A slug of the GPU name and today's date, e.g. h100-80gb-hbm3-2026-11-22. */
void gpu_run_slug(char *buf, size_t len);

#endif
