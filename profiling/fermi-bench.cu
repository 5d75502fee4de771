/*
 * fermi-bench.cu - the fermi paper's microbenchmarks on this GPU, the way its Figure 5 writes
 * them, run by `stencilbench ceilings` (make fermi-table1 and fermi-figure4 render them):
 *   register bandwidth  (5a) four independent chains temp = add + temp * mult per thread in
 *                       fp64: 32 bytes of register operands a DFMA (three read, one written);
 *                       the same launch gives the DP GFLOP/s (FMA) row;
 *   shared memory and   (5a with add1..4 and mult1..4 placed in memory, read every iteration:
 *   L1 bandwidth        ld.volatile.shared, or ld.global.ca of a 32 KiB array that stays in L1,
 *                       the paper's read-only L1 benchmark): the bytes loaded, 16 a DFMA;
 *   DRAM bandwidth      (5c) a 3D array copy of doubles, one cell a thread, 32 x 16 blocks: the
 *                       bytes read and written;
 *   Figure 4            (5b) each thread loads one double, runs the four chains LENGTH times
 *                       (8 LENGTH FLOPs that do not need the load) and stores the sum in place;
 *                       the launch time against FLOPs per load, into latency-hiding.csv.
 * The rows are named fermi_*: kept in ceilings.csv, never used as a model ceiling (model/hw.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "ceilings-int.h"
#include "gpu.h"

extern "C" {
#include "csvio.h"
}

#define FB_THREADS 256
#define FB_OPS 8   /* add1..4, mult1..4 */

/* the four chains of Figure 5a; a, m: the adds and mults */
#define FB_CHAINS(t, a, m) \
	do { \
		t[0] = a[0] + t[0] * m[0]; \
		t[1] = a[1] + t[1] * m[1]; \
		t[2] = a[2] + t[2] * m[2]; \
		t[3] = a[3] + t[3] * m[3]; \
	} while (0)

__device__ __forceinline__ void fb_keep(const double *t, double *out)
{
	double s = t[0] + t[1] + t[2] + t[3];
	if (s == 1234.5)
		out[0] = s;
}

/* operand sources: registers, shared memory (a volatile load), global memory through L1 */
__device__ __forceinline__ double fb_lds(const double *p)
{
	double v;
	asm volatile("ld.volatile.shared.f64 %0, [%1];" : "=d"(v) : "r"((unsigned)__cvta_generic_to_shared(p)));
	return v;
}
__device__ __forceinline__ double fb_ldca(const double *p)
{
	double v;
	asm volatile("ld.global.ca.f64 %0, [%1];" : "=d"(v) : "l"(p));
	return v;
}

enum { FB_REG, FB_SMEM, FB_L1 };

/* add1..4 and mult1..4 a thread, in two copies; the copy an iteration reads depends on a value the
 * previous one loaded (always the first copy, which the compiler cannot know), so that the loads
 * of global memory stay in the loop (volatile shared loads stay there anyway) */
#define FB_COPY (FB_OPS * FB_THREADS)

template <int SRC>
__global__ void __launch_bounds__(FB_THREADS) k_fermi_fma(const double *gops, double *out, int iters)
{
	__shared__ double sops[2 * FB_COPY];
	const int tid = threadIdx.x;
	double t[4], a[4], m[4];
	for (int k = 0; k < 4; k++) {
		t[k] = 0.5 + 0.001 * ((tid + k) % 7);
		a[k] = 0.001 * (k + 1);
		m[k] = 0.999 - 0.0001 * k;
	}
	if (SRC == FB_SMEM) {
		for (int i = tid; i < 2 * FB_COPY; i += FB_THREADS)
			sops[i] = gops[i];
		__syncthreads();
	}
	int at = tid;
	for (int it = 0; it < iters; it++) {
		if (SRC == FB_SMEM)
			for (int k = 0; k < 4; k++)
				a[k] = fb_lds(sops + at + k * FB_THREADS), m[k] = fb_lds(sops + at + (4 + k) * FB_THREADS);
		else if (SRC == FB_L1)
			for (int k = 0; k < 4; k++)
				a[k] = fb_ldca(gops + at + k * FB_THREADS), m[k] = fb_ldca(gops + at + (4 + k) * FB_THREADS);
		FB_CHAINS(t, a, m);
		if (SRC == FB_L1)
			at = (m[0] > 2.0) * FB_COPY + tid;
	}
	fb_keep(t, out);
}

/* Figure 5c: newGrid[index] = oldGrid[index] over a dx x dy x dz grid, 32 x 16 blocks, the
 * block's y and z folded into blockIdx.y */
__global__ void k_fermi_copy3d(const double *__restrict__ a, double *__restrict__ b, int dx, int dy)
{
	const int byn = dy / 16, x = blockIdx.x * 32 + threadIdx.x;
	const int y = (blockIdx.y % byn) * 16 + threadIdx.y, z = blockIdx.y / byn;
	const long i = x + (long)y * dx + (long)z * dx * dy;
	b[i] = a[i];
}

/* Figure 5b: a load, LENGTH iterations of the four chains that do not need it, the sum stored */
__global__ void k_fermi_overlap(double *a, long n, int length)
{
	for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
		const double x = a[i];
		double t[4], ad[4], m[4];
		for (int k = 0; k < 4; k++)
			t[k] = 0.5 + 0.001 * k, ad[k] = 0.001 * (k + 1), m[k] = 0.999 - 0.0001 * k;
		for (int l = 0; l < length; l++)
			FB_CHAINS(t, ad, m);
		a[i] = x + t[0] + t[1] + t[2] + t[3];
	}
}

struct fb_ctx {
	int kind, blocks, iters, length, dx, dy, dz;
	double *a, *b, *out;
	long n;
};
enum { FBK_REG, FBK_SMEM, FBK_L1, FBK_COPY, FBK_OVERLAP };

static void fb_launch(void *p)
{
	struct fb_ctx *k = (struct fb_ctx *)p;
	switch (k->kind) {
	case FBK_REG: k_fermi_fma<FB_REG><<<k->blocks, FB_THREADS>>>(k->a, k->out, k->iters); break;
	case FBK_SMEM: k_fermi_fma<FB_SMEM><<<k->blocks, FB_THREADS>>>(k->a, k->out, k->iters); break;
	case FBK_L1: k_fermi_fma<FB_L1><<<k->blocks, FB_THREADS>>>(k->a, k->out, k->iters); break;
	case FBK_COPY:
		k_fermi_copy3d<<<dim3(k->dx / 32, (k->dy / 16) * k->dz), dim3(32, 16)>>>(k->a, k->b, k->dx, k->dy);
		break;
	case FBK_OVERLAP: k_fermi_overlap<<<k->blocks, 512>>>(k->a, k->n, k->length); break;
	}
}

/* Table 1's DP GFLOP/s, register, shared-memory and L1 bandwidth rows */
static void fermi_fma_rows(struct csv_writer *w, int quick, int sms, int reps, double *out)
{
	static const struct {
		int kind;
		const char *quantity, *how;
	} rows[] = {
		{ FBK_REG, "fermi_register_bandwidth",
		  "fermi Figure 5a: 4 independent DFMA chains a thread, 32 bytes of register operands a DFMA" },
		{ FBK_SMEM, "fermi_shared_memory_bandwidth",
		  "fermi Figure 5a with add1..4 and mult1..4 in shared memory, loaded every iteration: 16 bytes a DFMA" },
		{ FBK_L1, "fermi_l1_bandwidth",
		  "fermi Figure 5a with add1..4 and mult1..4 in global memory read through L1 (ld.global.ca), "
		  "read only: 16 bytes a DFMA" },
	};
	static double host[2 * FB_COPY];
	double *ops;
	for (int i = 0; i < 2 * FB_COPY; i++)
		host[i] = i % FB_COPY < 4 * FB_THREADS ? 0.001 * (1 + i % 5) : 0.999 - 0.0001 * (i % 3);
	CUDA_CHECK(cudaMalloc(&ops, sizeof(host)));
	CUDA_CHECK(cudaMemcpy(ops, host, sizeof(host), cudaMemcpyHostToDevice));
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		struct fb_ctx k = {};
		struct ceil_timing t;
		k.kind = rows[r].kind, k.a = ops, k.out = out, k.blocks = sms * 8;
		k.iters = (quick ? 1 : 4) * (rows[r].kind == FBK_REG ? 4096 : 1024);
		ceil_time(fb_launch, &k, reps, quick, &t);
		const double fma = 4.0 * k.iters * k.blocks * FB_THREADS;
		const double bytes = rows[r].kind == FBK_REG ? 32.0 : 16.0;
		if (rows[r].kind == FBK_REG)
			ceil_put_row(w, "fermi_dp_fma", 2 * fma * 1e-9, "GFLOP/s",
				     "fermi Figure 5a: 4 independent DFMA chains a thread (ILP 4)", &t);
		ceil_put_row(w, rows[r].quantity, bytes * fma * 1e-9, "GB/s", rows[r].how, &t);
		ceil_say(rows[r].quantity, bytes * fma * 1e-9, "GB/s", &t);
	}
	CUDA_CHECK(cudaFree(ops));
}

/* Table 1's DRAM bandwidth row (Figure 5c), then Figure 4 on the same buffer */
static void fermi_memory(struct csv_writer *w, const char *dir, int quick, int sms, int reps)
{
	struct fb_ctx k = {};
	struct ceil_timing t;
	k.kind = FBK_COPY, k.dx = 512, k.dy = 512, k.dz = quick ? 128 : 512;   /* 2 x 1 GiB (quick 256 MiB) */
	const long bytes = 8L * k.dx * k.dy * k.dz;
	CUDA_CHECK(cudaMalloc(&k.a, (size_t)bytes));
	CUDA_CHECK(cudaMalloc(&k.b, (size_t)bytes));
	gpu_fill_input(k.a, bytes / 8, DT_FP64, 0);
	CUDA_CHECK(cudaMemset(k.b, 0, (size_t)bytes));
	ceil_time(fb_launch, &k, reps, quick, &t);
	ceil_put_row(w, "fermi_dram_bandwidth", 2.0 * bytes * 1e-9, "GB/s",
		     "fermi Figure 5c: 3D copy of 512^3 doubles, one a thread, 32 x 16 blocks: bytes read + written", &t);
	ceil_say("fermi_dram_bandwidth", 2.0 * bytes * 1e-9, "GB/s", &t);

	/* time_s: sustained (the median after 1 s of itself; runs before sustained ceilings: the burst's
	 * best); time_median_s: the burst's median; burst_time_s: the burst's best */
	static const char *const cols[] = { "length", "flop_per_load", "time_s", "time_median_s", "burst_time_s",
					    "sm_clock_mhz", "power_w", "bandwidth_gbps", "gflop_per_s" };
	char path[1024];
	struct csv_writer lw;
	snprintf(path, sizeof(path), "%s/latency-hiding.csv", dir);
	if (csv_writer_open(&lw, path, cols, 9) != 0) {
		fprintf(stderr, "ceilings: %s\n", atomic_error());
	} else {
		k.kind = FBK_OVERLAP, k.n = bytes / 8, k.blocks = sms * 4;
		for (int length = 0; length <= 96; length += length < 32 ? 1 : length < 64 ? 4 : 8) {
			k.length = length;
			ceil_time(fb_launch, &k, reps, quick, &t);
			csv_put_int(&lw, length);
			csv_put_int(&lw, 8L * length);
			csv_put_num(&lw, t.median_s);
			csv_put_num(&lw, t.burst_median_s);
			csv_put_num(&lw, t.best_s);
			csv_put_num(&lw, t.mhz);
			csv_put_num(&lw, t.power_w);
			csv_put_num(&lw, 2.0 * bytes / t.median_s * 1e-9);
			csv_put_num(&lw, 8.0 * length * k.n / t.median_s * 1e-9);
			csv_end_row(&lw);
		}
		if (csv_writer_close(&lw) != 0)
			fprintf(stderr, "ceilings: %s\n", atomic_error());
	}
	CUDA_CHECK(cudaFree(k.a));
	CUDA_CHECK(cudaFree(k.b));
}

void fermi_benchmarks(struct csv_writer *w, const char *dir, int quick, int sms, int reps)
{
	double *out;
	CUDA_CHECK(cudaMalloc(&out, 64));
	fermi_fma_rows(w, quick, sms, reps, out);
	fermi_memory(w, dir, quick, sms, reps);
	CUDA_CHECK(cudaFree(out));
}
