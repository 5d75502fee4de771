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

#include "cli.h"
#include "protocol.h"
#include "regime.h"
#include "stencil.h"

/* The exit statuses are model/cli.h's. */

/* Every CUDA call is checked; a failure prints the call, file and line and exits EXIT_ERROR. */
#define CUDA_CHECK(call) gpu_check((call), #call, __FILE__, __LINE__)
void gpu_check(cudaError_t e, const char *call, const char *file, int line);
/* After a kernel launch: the launch error and, when sync, the execution error. */
#define CUDA_CHECK_LAUNCH(sync) do { CUDA_CHECK(cudaGetLastError()); \
		if (sync) CUDA_CHECK(cudaDeviceSynchronize()); } while (0)

/* 0 and the device selected, or -1 when no CUDA device is visible (message in why). */
int gpu_open(int device, char *why, size_t len);
/* The device's properties without creating a context (checks that come before gpu_open):
 * 0, or -1 when no such device is visible (message in why). */
int gpu_query(int device, cudaDeviceProp *prop, char *why, size_t len);
/* The commit the runner was built from and whether the tree was dirty ("yes", "no", "unknown"). */
const char *gpu_build_commit(void);
const char *gpu_build_dirty(void);
const cudaDeviceProp *gpu_props(void);
int gpu_device(void);

/* Fill n elements of dtype dt at d_buf with grid_input(dt, i) for every allocation index i. */
void gpu_fill_input(void *d_buf, long n, enum dtype dt, cudaStream_t s);
/* n elements of a data regime's input (model/regime.h): random as gpu_fill_input, zero, or the
 * index modulo 19 */
void gpu_fill_regime(void *d_buf, long n, enum dtype dt, enum data_input in, cudaStream_t s);
/* Evict the L2 (untimed, before a launch): read a buffer of twice its size, integer loads only,
 * so the dirty lines go back to DRAM now. */
void gpu_flush_l2(cudaStream_t s);
/* The in-window write-back of what a launch left dirty in L2: a read of a second buffer of that
 * size, then of the first (two kernels; gpu.cu says why two). */
void gpu_writeback_l2(cudaStream_t s);
/* Device memory the two buffers take on device p (4x its L2; two buffers of twice its size). */
size_t gpu_flush_bytes(const cudaDeviceProp *p);

/* NVML through dlopen: clocks in MHz (-1 when unavailable). */
int nvml_available(void);
int nvml_sm_clock(void);
int nvml_max_sm_clock(void);
int nvml_mem_clock(void);
int nvml_max_mem_clock(void);
/* The clock-event reasons now (NVML's bit mask, protocol.h's PR_* bits), -1 when unavailable. */
long long nvml_clock_reasons(void);
/* The board power now in W (NVML's reading, which averages over its own window), -1 when
 * unavailable. */
double nvml_power_w(void);
/* the GPU's total energy counter since the driver loaded, mJ (nvmlDeviceGetTotalEnergyConsumption,
 * updated every 20-100 ms; Volta and newer); NaN without it */
double nvml_energy_mj(void);
/* the board's power limit, W (nvmlDeviceGetPowerManagementLimit); NaN without it */
double nvml_power_limit_w(void);

/* Run metadata: one row per tool invocation appended to DIR/meta.csv (atomically). */
struct run_meta {
	char run_id[64];
	char tool[32];
	char protocol[1024];     /* the protocol sentence (protocol_text): warm-up, samples, retakes */
	char detail[1024];       /* the window and the counters */
	int sm_clock_start, sm_clock_end, mem_clock_start, mem_clock_end;
	/* a run invocation's rows: their count, the process start to the first row, the sum of their
	 * row_wall_s and of each phase (protocol.h's PHASE_*); rows 0: NA (the ceilings) */
	long rows;
	double startup_s, rows_wall_s, phase_s[PHASE_COUNT];
};
void meta_begin(struct run_meta *m, const char *tool, const char *protocol, const char *detail);
/* "GPU-xxxxxxxx-xxxx-..." of the open device, as meta.csv writes it. */
void gpu_uuid_string(char *buf, size_t len);
/* One run, one GPU: 0 when DIR/meta.csv is missing or names only this device, else -1 with the
 * other GPU's UUID (or why meta.csv cannot be read) in other. */
int meta_same_gpu(const char *dir, char *other, size_t len);
/* What DIR's meta.csv says of this GPU: META_GPU_NONE (no meta.csv, or no GPU named), META_GPU_SAME
 * (this GPU only), META_GPU_MODEL (another GPU of this model: its lists go under DIR/gpus/SLUG/),
 * META_GPU_OTHER (a GPU of another model), META_GPU_BAD (an unreadable meta.csv). */
enum { META_GPU_NONE, META_GPU_SAME, META_GPU_MODEL, META_GPU_OTHER, META_GPU_BAD };
int meta_gpu_relation(const char *dir);
int meta_append(const char *dir, struct run_meta *m, char *err, size_t len);
/* A slug of the GPU name and today's date, e.g. h100-80gb-hbm3-2026-11-22. */
void gpu_run_slug(char *buf, size_t len);

#endif
