/*
 * ceilings.cu - microbenchmarks of the GPU's ceilings. See ceilings.h.
 *
 * Every benchmark is timed twice (ceilings-int.h): the burst, three launches then `reps` timed one
 * by one with CUDA events, the best of them (the highest rate the hardware showed); then sustained,
 * after 1 s of the benchmark itself, the median of the launches timed next, with its SM clock and
 * board power. The sustained value is the ceiling (`value`, the model's roof): on a power-capped
 * GPU a kernel running for seconds runs at the clock the cap allows, and the measured rows do. The
 * burst value stays beside it. Inputs are non-zero (zeros can run faster than real data). Arithmetic
 * benchmarks keep several independent accumulator chains per thread or warp so that latency
 * does not limit throughput, and store their results so nothing is optimised away.
 */
#include "ceilings.h"
#include "ceilings-int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cuda_fp16.h>

#include "counters.h"
#include "energypoll.h"
#include "gpu.h"

extern "C" {
#include "csvio.h"
#include "stats.h"
}

/* ---- kernels ---- */

__global__ void k_copy(const float4 *__restrict__ a, float4 *__restrict__ b, long n)
{
	for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
		b[i] = a[i];
}

__global__ void k_l2_read(const float4 *__restrict__ a, long n, int reps, float *out)
{
	float acc = 0;
	for (int r = 0; r < reps; r++)
		for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
			float4 v = __ldcg(a + i);     /* cached in L2 only */
			acc += v.x + v.y + v.z + v.w;
		}
	if (acc == 1234.5f)
		out[0] = acc;
}

#define SMEM_VEC 2048
__global__ void k_smem(float *out, int iters)
{
	__shared__ float4 s[SMEM_VEC];
	for (int i = threadIdx.x; i < SMEM_VEC; i += blockDim.x)
		s[i] = make_float4((float)i, 1.0f, 2.0f, 3.0f);
	__syncthreads();
	float4 acc = make_float4(0, 0, 0, 0);
	int idx = threadIdx.x;
	for (int it = 0; it < iters; it++) {
		/* a warp reads 32 consecutive float4: 512 contiguous bytes, no bank conflicts */
		float4 v = s[(idx + it * 64) & (SMEM_VEC - 1)];
		acc.x += v.x;
		acc.y += v.y;
		acc.z += v.z;
		acc.w += v.w;
	}
	if (acc.x + acc.y + acc.z + acc.w == 1234.5f)
		out[0] = acc.x;
}

#define CHAINS 8
template <typename T> __device__ __forceinline__ T fma_op(T a, T b, T c) { return fma(a, b, c); }
template <> __device__ __forceinline__ __half2 fma_op<__half2>(__half2 a, __half2 b, __half2 c)
{
	return __hfma2(a, b, c);
}
template <typename T> __device__ __forceinline__ T make_val(float v);
template <> __device__ __forceinline__ double make_val<double>(float v) { return v; }
template <> __device__ __forceinline__ float make_val<float>(float v) { return v; }
template <> __device__ __forceinline__ __half2 make_val<__half2>(float v) { return __floats2half2_rn(v, v); }
template <typename T> __device__ __forceinline__ float to_float(T v) { return (float)v; }
template <> __device__ __forceinline__ float to_float<__half2>(__half2 v) { return __low2float(v); }

template <typename T> __global__ void k_fma(float *out, int iters)
{
	T a[CHAINS];
	T b = make_val<T>(0.999f), c = make_val<T>(0.001f * (threadIdx.x % 7 + 1));
#pragma unroll
	for (int j = 0; j < CHAINS; j++)
		a[j] = make_val<T>(0.5f + 0.01f * j + 0.001f * (threadIdx.x % 5));
	for (int it = 0; it < iters; it++)
#pragma unroll
		for (int j = 0; j < CHAINS; j++)
			a[j] = fma_op(a[j], b, c);
	float s = 0;
#pragma unroll
	for (int j = 0; j < CHAINS; j++)
		s += to_float(a[j]);
	if (s == 1234.5f)
		out[0] = s;
}

/* Tensor-core benchmarks: every warp runs ACC independent accumulators through `iters` MMAs. */
#define ACC 4
#define U32(f) __float_as_uint(f)

/* sum the accumulators and store under a condition that never holds, so no MMA is dead code */
template <typename T, int N> __device__ __forceinline__ void keep_live(const T (&c)[ACC][N], float *out)
{
	T s = 0;
	for (int j = 0; j < ACC; j++)
		for (int r = 0; r < N; r++)
			s += c[j][r];
	if (s == (T)1234.5)
		out[0] = (float)s;
}

#define MMA_KERNEL(NAME, REGS_A, REGS_B, REGS_C, CTYPE, ASM, INIT_A, INIT_B) \
	__global__ void NAME(float *out, int iters) \
	{ \
		CTYPE c[ACC][REGS_C]; \
		unsigned a[REGS_A > 0 ? REGS_A : 1], b[REGS_B > 0 ? REGS_B : 1]; \
		(void)a; (void)b; \
		for (int j = 0; j < ACC; j++) \
			for (int r = 0; r < REGS_C; r++) \
				c[j][r] = 0; \
		for (int r = 0; r < REGS_A; r++) \
			a[r] = INIT_A; \
		for (int r = 0; r < REGS_B; r++) \
			b[r] = INIT_B; \
		for (int it = 0; it < iters; it++) \
			_Pragma("unroll") for (int j = 0; j < ACC; j++) { ASM; } \
		keep_live(c, out); \
	}

/* small non-zero operands: tf32/f32 0.01-ish, f16 pairs 0.01-ish, f64 0.01 */
#define F32V U32(0.01f + 0.001f * (threadIdx.x & 7))
#define H2V (0x211E211Eu + (threadIdx.x & 3))          /* two fp16 ~0.01 */
#define META 0x44444444u                               /* every group keeps elements 0 and 1 */


__global__ void k_dmma_m8n8k4(float *out, int iters)
{
	double c[ACC][2] = {};
	double a = 0.01 + 0.001 * (threadIdx.x & 7), b = 0.02;
	for (int it = 0; it < iters; it++)
#pragma unroll
		for (int j = 0; j < ACC; j++)
			asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
				     : "+d"(c[j][0]), "+d"(c[j][1]) : "d"(a), "d"(b));
	keep_live(c, out);
}

__global__ void k_dmma_m16n8k4(float *out, int iters)
{
#if __CUDA_ARCH__ >= 900
	double c[ACC][4] = {};
	double a0 = 0.01, a1 = 0.02 + 0.001 * (threadIdx.x & 7), b = 0.03;
	for (int it = 0; it < iters; it++)
#pragma unroll
		for (int j = 0; j < ACC; j++)
			asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
				     : "+d"(c[j][0]), "+d"(c[j][1]), "+d"(c[j][2]), "+d"(c[j][3]) : "d"(a0), "d"(a1), "d"(b));
	keep_live(c, out);
#endif
}

__global__ void k_dmma_m16n8k8(float *out, int iters)
{
#if __CUDA_ARCH__ >= 900
	double c[ACC][4] = {};
	double a[4], b[2];
	for (int r = 0; r < 4; r++)
		a[r] = 0.01 + 0.001 * r + 0.0001 * (threadIdx.x & 7);
	b[0] = 0.02;
	b[1] = 0.03;
	for (int it = 0; it < iters; it++)
#pragma unroll
		for (int j = 0; j < ACC; j++)
			asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
				     : "+d"(c[j][0]), "+d"(c[j][1]), "+d"(c[j][2]), "+d"(c[j][3])
				     : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
	keep_live(c, out);
#endif
}

__global__ void k_dmma_m16n8k16(float *out, int iters)
{
#if __CUDA_ARCH__ >= 900
	double c[ACC][4] = {};
	double a[8], b[4];
	for (int r = 0; r < 8; r++)
		a[r] = 0.01 + 0.001 * r + 0.0001 * (threadIdx.x & 7);
	for (int r = 0; r < 4; r++)
		b[r] = 0.02 + 0.001 * r;
	for (int it = 0; it < iters; it++)
#pragma unroll
		for (int j = 0; j < ACC; j++)
			asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, "
				     "{%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15}, {%0,%1,%2,%3};"
				     : "+d"(c[j][0]), "+d"(c[j][1]), "+d"(c[j][2]), "+d"(c[j][3])
				     : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]),
				       "d"(a[6]), "d"(a[7]), "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
	keep_live(c, out);
#endif
}

/* f32-accumulating shapes: c is 4 floats */
#define C4 "+f"(c[j][0]), "+f"(c[j][1]), "+f"(c[j][2]), "+f"(c[j][3])
MMA_KERNEL(k_mma_tf32_m16n8k8, 4, 2, 4, float,
	   asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
			: C4 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1])),
	   F32V, F32V)
MMA_KERNEL(k_mma_f16f32_m16n8k16, 4, 2, 4, float,
	   asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
			: C4 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1])),
	   H2V, H2V)
MMA_KERNEL(k_mma_f16f16_m16n8k16, 4, 2, 2, unsigned,
	   asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};"
			: "+r"(c[j][0]), "+r"(c[j][1]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1])),
	   H2V, H2V)
MMA_KERNEL(k_mmasp_f16f32_m16n8k16, 2, 2, 4, float,
	   asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6,%7}, {%0,%1,%2,%3}, %8, 0x0;"
			: C4 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(META)),
	   H2V, H2V)
MMA_KERNEL(k_mmasp_f16f32_m16n8k32, 4, 4, 4, float,
	   asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, %12, 0x0;"
			: C4 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(META)),
	   H2V, H2V)
MMA_KERNEL(k_mmasp_tf32_m16n8k8, 2, 2, 4, float,
	   asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5}, {%6,%7}, {%0,%1,%2,%3}, %8, 0x0;"
			: C4 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(META)),
	   F32V, F32V)
MMA_KERNEL(k_mmasp_tf32_m16n8k16, 4, 4, 4, float,
	   asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, %12, 0x0;"
			: C4 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(META)),
	   F32V, F32V)

/* ---- timing ---- */

struct bench {
	const char *quantity, *unit, *how;
	double work;               /* bytes or FLOP per launch */
	double scale;              /* work / s -> unit (1e-9 GB/s, 1e-12 TFLOP/s) */
	int min_cc;                /* compute capability x 10 */
	int counter;               /* tensor counter to calibrate against, or -1 */
};

/* one launch between CUDA events, seconds; NVML's clock and power read while it runs (mhz, w: NULL
 * for none) */
static double ceil_one(launch_fn f, void *ctx, cudaEvent_t e0, cudaEvent_t e1, double *mhz, double *w)
{
	float ms;
	CUDA_CHECK(cudaEventRecord(e0));
	f(ctx);
	CUDA_CHECK(cudaEventRecord(e1));
	if (mhz)
		*mhz = nvml_sm_clock();
	if (w)
		*w = nvml_power_w();
	CUDA_CHECK(cudaEventSynchronize(e1));
	CUDA_CHECK_LAUNCH(0);
	CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
	return ms * 1e-3;
}

/* the median of v's positive values (NaN when none) */
static double pos_median(double *v, int n)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		if (v[i] > 0)
			v[k++] = v[i];
	return k ? stats_quantile(v, (size_t)k, 0.5) : NAN;
}

static double host_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void ceil_time(launch_fn f, void *ctx, int reps, int quick, struct ceil_timing *t)
{
	cudaEvent_t e0, e1;
	const int cap = 100000;
	double *sec = (double *)malloc(sizeof(double) * cap), *mhz = (double *)malloc(sizeof(double) * cap);
	double *pw = (double *)malloc(sizeof(double) * cap);
	struct stats s;
	CUDA_CHECK(cudaEventCreate(&e0));
	CUDA_CHECK(cudaEventCreate(&e1));
	/* the burst: three launches, then reps timed */
	for (int i = 0; i < 3; i++)
		f(ctx);
	CUDA_CHECK_LAUNCH(1);
	for (int i = 0; i < reps; i++)
		sec[i] = ceil_one(f, ctx, e0, e1, &mhz[i], NULL);
	stats_compute(sec, (size_t)reps, &s);
	t->best_s = s.min, t->burst_median_s = s.median, t->burst_n = reps;
	t->burst_mhz = pos_median(mhz, reps);
	/* sustained: the benchmark itself for CEIL_WARMUP_S (quick: 0.05 s), then the samples */
	/* the energy counter read at its own updates over the warm-up's last 0.75 s (energypoll.h) */
	const double warm = quick ? 0.05 : CEIL_WARMUP_S, t0 = host_now();
	struct energy_poll ep;
	int polling = 0, updates;
	double span;
	while (host_now() - t0 < warm) {
		for (int i = 0; i < 8; i++)
			f(ctx);
		CUDA_CHECK_LAUNCH(1);
		if (!quick && !polling && host_now() - t0 >= warm - 0.75)
			polling = energy_poll_start(&ep, nvml_energy_mj) == 0;
	}
	t->counter_w = polling ? energy_poll_stop(&ep, &span, &updates) : NAN;
	t->warmup_s = host_now() - t0;
	const double t1 = host_now();
	int n = 0;
	while (n < cap && (n < reps || host_now() - t1 < (quick ? 0.02 : CEIL_SAMPLE_S))) {
		sec[n] = ceil_one(f, ctx, e0, e1, &mhz[n], &pw[n]);
		n++;
	}
	stats_compute(sec, (size_t)n, &s);
	t->median_s = s.median, t->n = n;
	t->mhz = pos_median(mhz, n);
	t->power_w = pos_median(pw, n);
	free(sec);
	free(mhz);
	free(pw);
	CUDA_CHECK(cudaEventDestroy(e0));
	CUDA_CHECK(cudaEventDestroy(e1));
}

const char *const ceil_columns[] = { "quantity", "value", "unit", "how", "basis", "samples", "warmup_s",
				     "sm_clock_mhz", "power_w", "burst_value", "burst_median_value", "burst_samples",
				     "burst_sm_clock_mhz", "counter_power_w", "energy_per_work", "energy_unit" };
const int ceil_column_count = sizeof(ceil_columns) / sizeof(ceil_columns[0]);

static int ceil_quick;   /* the basis column: "sustained", or "quick" (QUICK=1's short warm-up) */

void ceil_put_row(struct csv_writer *w, const char *q, double work, const char *unit, const char *how,
		  const struct ceil_timing *t)
{
	csv_put_str(w, q);
	csv_put_num(w, work / t->median_s);
	csv_put_str(w, unit);
	csv_put_str(w, how);
	csv_put_str(w, ceil_quick ? "quick" : "sustained");
	csv_put_int(w, t->n);
	csv_put_num(w, t->warmup_s);
	csv_put_num(w, t->mhz);
	csv_put_num(w, t->power_w);
	csv_put_num(w, work / t->best_s);
	csv_put_num(w, work / t->burst_median_s);
	csv_put_int(w, t->burst_n);
	csv_put_num(w, t->burst_mhz);
	/* the energy a unit of work: W over GB/s is nJ a byte, W over TFLOP/s pJ a FLOP (board power,
	 * idle included: the model's constant power is apart) */
	const int bytes = strstr(unit, "GB/s") != NULL, flops = strstr(unit, "TFLOP/s") != NULL;
	csv_put_num(w, t->counter_w);
	csv_put_num(w, (bytes || flops) ? t->counter_w / (work / t->median_s) : NAN);
	csv_put_str(w, bytes ? "nJ/byte" : flops ? "pJ/FLOP" : "NA");
	csv_end_row(w);
}

/* the GPU's idle power: a rest of 2 s, then the energy counter read at its updates for 1 s
 * (energypoll.h; the row idle_power, W); no row without the counter */
static void idle_power(struct csv_writer *w, int quick)
{
	struct energy_poll ep;
	double span;
	int n;
	CUDA_CHECK(cudaDeviceSynchronize());
	if (quick)
		return;
	usleep(2000000);
	if (energy_poll_start(&ep, nvml_energy_mj) != 0)
		return;
	usleep(1000000);
	const double watts = energy_poll_stop(&ep, &span, &n);
	if (watts != watts)
		return;
	csv_put_str(w, "idle_power");
	csv_put_num(w, watts);
	csv_put_str(w, "W");
	csv_put_str(w, "the energy counter between its first and last update over 1 s after a 2-s rest, nothing launched");
	csv_put_str(w, "sustained");
	csv_put_int(w, (long)n);
	for (int c = 6; c < ceil_column_count - 3; c++)
		csv_put_str(w, "NA");
	csv_put_num(w, watts);
	csv_put_str(w, "NA");
	csv_put_str(w, "NA");
	csv_end_row(w);
	fprintf(stderr, "  %-28s %8.1f W\n", "idle_power", watts);
	const double cap = nvml_power_limit_w();   /* the power roof's cap, beside it */
	if (!(cap > 0))
		return;
	csv_put_str(w, "power_limit");
	csv_put_num(w, cap);
	csv_put_str(w, "W");
	csv_put_str(w, "the board's power limit (NVML's power management limit)");
	csv_put_str(w, "sustained");
	csv_put_int(w, 1);
	for (int c = 6; c < ceil_column_count; c++)
		csv_put_str(w, "NA");
	csv_end_row(w);
}

void ceil_say(const char *q, double work, const char *unit, const struct ceil_timing *t)
{
	fprintf(stderr, "  %-28s %8.1f %s at %.0f MHz, %.0f W (burst %.1f at %.0f MHz)\n", q, work / t->median_s, unit,
		t->mhz, t->power_w, work / t->best_s, t->burst_mhz);
}


struct kctx {
	void (*kernel)(float *, int);
	int blocks, threads, iters;
	float *out;
	/* memory benchmarks */
	const void *a;
	void *b;
	long n;
	int reps;
	int kind;
};

enum { K_ARITH, K_COPY, K_L2, K_SMEM };

static void launch_ctx(void *p)
{
	struct kctx *k = (struct kctx *)p;
	switch (k->kind) {
	case K_ARITH: k->kernel<<<k->blocks, k->threads>>>(k->out, k->iters); break;
	case K_COPY: k_copy<<<k->blocks, k->threads>>>((const float4 *)k->a, (float4 *)k->b, k->n); break;
	case K_L2: k_l2_read<<<k->blocks, k->threads>>>((const float4 *)k->a, k->n, k->reps, k->out); break;
	case K_SMEM: k_smem<<<k->blocks, k->threads>>>(k->out, k->iters); break;
	}
}

/* DRAM copy: 2 x 1 GiB (quick: 2 x 256 MiB), bytes read + written */
static void dram_ceilings(struct csv_writer *w, int quick, int sms, int reps)
{
	long bytes = quick ? (256L << 20) : (1L << 30);
	struct kctx k = {};
	void *a, *b;
	struct ceil_timing t;
	CUDA_CHECK(cudaMalloc(&a, (size_t)bytes));
	CUDA_CHECK(cudaMalloc(&b, (size_t)bytes));
	gpu_fill_input(a, bytes / 4, DT_FP32, 0);
	CUDA_CHECK(cudaMemset(b, 1, (size_t)bytes));
	k.kind = K_COPY; k.a = a; k.b = b; k.n = bytes / 16; k.blocks = sms * 8; k.threads = 512;
	ceil_time(launch_ctx, &k, reps, quick, &t);
	ceil_put_row(w, "dram_copy_bandwidth", 2.0 * bytes * 1e-9, "GB/s",
		"float4 copy of 1 GiB to 1 GiB: bytes read + written", &t);
	ceil_say("dram_copy_bandwidth", 2.0 * bytes * 1e-9, "GB/s", &t);

	CUDA_CHECK(cudaFree(a));
	CUDA_CHECK(cudaFree(b));
}

/* L2: read a buffer of a quarter of the L2, again and again, through ld.global.cg */
static void l2_ceiling(struct csv_writer *w, const cudaDeviceProp *p, float *d_out, int quick, int sms, int reps)
{
	long bytes = p->l2CacheSize / 4 / 16 * 16;
	struct kctx k = {};
	void *a;
	struct ceil_timing t;
	CUDA_CHECK(cudaMalloc(&a, (size_t)bytes));
	gpu_fill_input(a, bytes / 4, DT_FP32, 0);
	k.kind = K_L2; k.a = a; k.n = bytes / 16; k.reps = quick ? 20 : 100; k.out = d_out;
	k.blocks = sms * 4; k.threads = 512;
	ceil_time(launch_ctx, &k, reps, quick, &t);
	double total = (double)bytes * k.reps;
	ceil_put_row(w, "l2_read_bandwidth", total * 1e-9, "GB/s",
		"ld.global.cg float4 reads of an L2-resident buffer (a quarter of the L2)", &t);
	ceil_say("l2_read_bandwidth", total * 1e-9, "GB/s", &t);
	CUDA_CHECK(cudaFree(a));
}

/* shared memory: conflict-free float4 loads */
static void smem_ceiling(struct csv_writer *w, float *d_out, int quick, int sms, int reps)
{
	struct kctx k = {};
	struct ceil_timing t;
	k.kind = K_SMEM; k.out = d_out; k.iters = quick ? 2048 : 16384; k.blocks = sms * 4;
	k.threads = 512;
	ceil_time(launch_ctx, &k, reps, quick, &t);
	double total = 16.0 * k.iters * k.blocks * k.threads;
	ceil_put_row(w, "shared_memory_bandwidth", total * 1e-9, "GB/s", "conflict-free float4 shared-memory loads", &t);
	ceil_say("shared_memory_bandwidth", total * 1e-9, "GB/s", &t);
}

/* arithmetic: FMA chains and MMA shapes, each tensor shape also calibrated against the counters
 * (counters-calibration.csv, cw when have_counters) */
struct arith {
	const char *quantity, *instruction;
	void (*kernel)(float *, int);
	double flop_per_unit;   /* per thread-iteration (FMA) or warp-iteration (MMA) */
	int per_warp, min_cc, counter;
	const char *unit;
};
static const struct arith ar[] = {
	{ "fp64_fma", "DFMA x 8 chains", k_fma<double>, 2.0 * CHAINS, 0, 0, -1, "TFLOP/s" },
	{ "fp32_fma", "FFMA x 8 chains", k_fma<float>, 2.0 * CHAINS, 0, 0, -1, "TFLOP/s" },
	{ "fp16_fma", "HFMA2 x 8 chains", k_fma<__half2>, 4.0 * CHAINS, 0, 0, -1, "TFLOP/s" },
	{ "tc_fp64_mma_m8n8k4", "mma.sync m8n8k4 f64", k_dmma_m8n8k4, 2.0 * 8 * 8 * 4 * ACC, 1, 80, CTR_TC_FP64, "TFLOP/s" },
	{ "tc_fp64_mma_m16n8k4", "mma.sync m16n8k4 f64", k_dmma_m16n8k4, 2.0 * 16 * 8 * 4 * ACC, 1, 90, CTR_TC_FP64, "TFLOP/s" },
	{ "tc_fp64_mma_m16n8k8", "mma.sync m16n8k8 f64", k_dmma_m16n8k8, 2.0 * 16 * 8 * 8 * ACC, 1, 90, CTR_TC_FP64, "TFLOP/s" },
	{ "tc_fp64_mma_m16n8k16", "mma.sync m16n8k16 f64", k_dmma_m16n8k16, 2.0 * 16 * 8 * 16 * ACC, 1, 90, CTR_TC_FP64, "TFLOP/s" },
	{ "tc_tf32_mma_m16n8k8", "mma.sync m16n8k8 tf32 -> f32", k_mma_tf32_m16n8k8, 2.0 * 16 * 8 * 8 * ACC, 1, 80, CTR_TC_TF32, "TFLOP/s" },
	{ "tc_fp16_mma_m16n8k16", "mma.sync m16n8k16 f16 -> f32", k_mma_f16f32_m16n8k16, 2.0 * 16 * 8 * 16 * ACC, 1, 80, CTR_TC_HMMA_F16_F32, "TFLOP/s" },
	{ "tc_fp16_mma_m16n8k16_f16acc", "mma.sync m16n8k16 f16 -> f16", k_mma_f16f16_m16n8k16, 2.0 * 16 * 8 * 16 * ACC, 1, 80, CTR_TC_HMMA_F16_F16, "TFLOP/s" },
	{ "sptc_fp16_mma_sp_m16n8k16", "mma.sp::ordered_metadata m16n8k16 f16 -> f32", k_mmasp_f16f32_m16n8k16, 2.0 * 16 * 8 * 16 * ACC, 1, 80, CTR_TC_F16_F32_SP_ON, "TFLOP/s dense-equivalent" },
	{ "sptc_fp16_mma_sp_m16n8k32", "mma.sp::ordered_metadata m16n8k32 f16 -> f32", k_mmasp_f16f32_m16n8k32, 2.0 * 16 * 8 * 32 * ACC, 1, 80, CTR_TC_F16_F32_SP_ON, "TFLOP/s dense-equivalent" },
	{ "sptc_tf32_mma_sp_m16n8k8", "mma.sp::ordered_metadata m16n8k8 tf32 -> f32", k_mmasp_tf32_m16n8k8, 2.0 * 16 * 8 * 8 * ACC, 1, 80, CTR_TC_TF32_SP_ON, "TFLOP/s dense-equivalent" },
	{ "sptc_tf32_mma_sp_m16n8k16", "mma.sp::ordered_metadata m16n8k16 tf32 -> f32", k_mmasp_tf32_m16n8k16, 2.0 * 16 * 8 * 16 * ACC, 1, 80, CTR_TC_TF32_SP_ON, "TFLOP/s dense-equivalent" },
};

/* every tensor counter against the exact work of a short launch of k (iters 64): which ones see
 * this instruction (counters-calibration.csv) */
static void calibrate(struct csv_writer *cw, const char *quantity, const char *instruction, struct kctx *k,
		      double units, double flop_per_unit)
{
	char why[256];
	double v[CTR_COUNT];
	k->iters = 64;
	const double flop = units * k->iters * flop_per_unit;
	if (counters_measure(NULL, launch_ctx, k, v, why, sizeof(why)) != 0) {
		fprintf(stderr, "ceilings: warning: calibrating %s: %s\n", quantity, why);
		return;
	}
	for (int c = CTR_TC_FP64; c <= CTR_TC_INST; c++) {
		csv_put_str(cw, quantity);
		csv_put_str(cw, instruction);
		csv_put_num(cw, flop);
		csv_put_str(cw, counter_metrics[c]);
		csv_put_num(cw, v[c]);
		csv_put_num(cw, v[c] / flop);
		csv_end_row(cw);
	}
}

static void arith_ceilings(struct csv_writer *w, struct csv_writer *cw, int have_counters, float *d_out, int cc,
			   int quick, int sms, int reps)
{
	for (size_t i = 0; i < sizeof(ar) / sizeof(ar[0]); i++) {
		struct kctx k = {};
		struct ceil_timing t;
		if (cc < ar[i].min_cc) {
			fprintf(stderr, "  %-28s skipped: needs sm_%d\n", ar[i].quantity, ar[i].min_cc);
			continue;
		}
		k.kind = K_ARITH; k.kernel = ar[i].kernel; k.out = d_out; k.blocks = sms * 4;
		k.threads = 256;
		k.iters = ar[i].per_warp ? (quick ? 256 : 4096) : (quick ? 1024 : 16384);
		ceil_time(launch_ctx, &k, reps, quick, &t);
		double units = ar[i].per_warp ? (double)k.blocks * k.threads / 32 : (double)k.blocks * k.threads;
		double flop = units * k.iters * ar[i].flop_per_unit;
		char how[160];
		snprintf(how, sizeof(how), "%s, %d independent accumulators per %s", ar[i].instruction,
			 ar[i].per_warp ? ACC : CHAINS, ar[i].per_warp ? "warp" : "thread");
		ceil_put_row(w, ar[i].quantity, flop * 1e-12, ar[i].unit, how, &t);
		ceil_say(ar[i].quantity, flop * 1e-12, ar[i].unit, &t);
		if (have_counters && ar[i].counter >= 0)
			calibrate(cw, ar[i].quantity, ar[i].instruction, &k, units, ar[i].flop_per_unit);
	}
}

/* Hopper's wgmma (wgmma-bench.cu, sm_90a code): on compute capability 9.0 only; two warpgroups a
 * block, two blocks an SM */
static void wgmma_ceilings(struct csv_writer *w, struct csv_writer *cw, int have_counters, float *d_out, int cc,
			   int quick, int sms, int reps)
{
	for (int i = 0; i < wgmma_bench_count; i++) {
		const struct wgmma_bench *b = &wgmma_benches[i];
		struct kctx k = {};
		struct ceil_timing t;
		if (cc != 90) {
			fprintf(stderr, "  %-28s skipped: sm_90a code runs on compute capability 9.0 only\n", b->quantity);
			continue;
		}
		k.kind = K_ARITH; k.kernel = b->kernel; k.out = d_out; k.blocks = sms * 2;
		k.threads = 256;
		k.iters = quick ? 64 : 1024;
		ceil_time(launch_ctx, &k, reps, quick, &t);
		const double units = (double)k.blocks * k.threads / 32, flop = units * k.iters * b->flop_per_warp_iter;
		const char *unit = strstr(b->quantity, "_sp_") ? "TFLOP/s dense-equivalent" : "TFLOP/s";
		char how[192];
		snprintf(how, sizeof(how), "%s, %d a warpgroup between waits, 4 warpgroups an SM", b->instruction, b->steps);
		ceil_put_row(w, b->quantity, flop * 1e-12, unit, how, &t);
		ceil_say(b->quantity, flop * 1e-12, unit, &t);
		if (have_counters)
			calibrate(cw, b->quantity, b->instruction, &k, units, b->flop_per_warp_iter);
	}
}

int ceilings_run(const char *dir, int quick, int use_counters)
{
	static const char *const ccols[] = { "quantity", "instruction", "exact_flop", "counter",
					     "counter_value", "counter_per_flop" };
	const cudaDeviceProp *p = gpu_props();
	int cc = p->major * 10 + p->minor, sms = p->multiProcessorCount, reps = quick ? 3 : 10;
	char path[1024], why[256];
	struct csv_writer w, cw;
	float *d_out;
	int have_counters = 0;

	CUDA_CHECK(cudaMalloc(&d_out, 64));
	if (use_counters) {
		have_counters = counters_init(why, sizeof(why)) == 0;
		if (!have_counters)
			fprintf(stderr, "ceilings: warning: counters unavailable (%s): no calibration\n", why);
	}
	snprintf(path, sizeof(path), "%s/ceilings.csv", dir);
	ceil_quick = quick;
	if (csv_writer_open(&w, path, ceil_columns, (size_t)ceil_column_count) != 0) {
		fprintf(stderr, "ceilings: %s\n", atomic_error());
		return -1;
	}
	if (have_counters) {
		snprintf(path, sizeof(path), "%s/counters-calibration.csv", dir);
		if (csv_writer_open(&cw, path, ccols, 6) != 0) {
			fprintf(stderr, "ceilings: %s\n", atomic_error());
			csv_writer_abort(&w);
			return -1;
		}
	}

	idle_power(&w, quick);
	dram_ceilings(&w, quick, sms, reps);
	l2_ceiling(&w, p, d_out, quick, sms, reps);
	smem_ceiling(&w, d_out, quick, sms, reps);
	arith_ceilings(&w, &cw, have_counters, d_out, cc, quick, sms, reps);
	wgmma_ceilings(&w, &cw, have_counters, d_out, cc, quick, sms, reps);
	fermi_benchmarks(&w, dir, quick, sms, reps);
	CUDA_CHECK(cudaFree(d_out));
	if (have_counters && csv_writer_close(&cw) != 0)
		fprintf(stderr, "ceilings: %s\n", atomic_error());
	if (csv_writer_close(&w) != 0) {
		fprintf(stderr, "ceilings: %s\n", atomic_error());
		return -1;
	}
	return 0;
}
