/*
 * scale.cu - SCALE, a_i = q b_i in fp64 (nongemm Figure 6), on CUDA cores and on tensor cores:
 *   scale-cc    a grid-stride loop of 16-byte loads and stores (double2), one multiply each;
 *   scale-dmma  A = B (q I) as the paper computes it: each warp's tile of B is an MMA's A operand
 *               and q I (zero-padded where the shape is not square) its B operand, so that D
 *               holds q times the tile. Default m8n8k4 (the A100's DMMA, 32 elements a tile;
 *               half of D is the padding's zeros); options m16n8k4 (64), m16n8k8 (128, q I
 *               square: no padding) and m16n8k16 (128, the A columns past 8 zero) on sm_90.
 * A tail shorter than a tile is scaled on CUDA cores by the last block. Used by make
 * nongemm-figure6.
 */
#include <string.h>

#include "ptx.cuh"
#include "kworkload.h"

#define SC_THREADS 256

__global__ void __launch_bounds__(SC_THREADS) scale_cc_kernel(const double *__restrict__ b, double *__restrict__ a,
							      long n, double q)
{
	const long stride = (long)gridDim.x * blockDim.x, n2 = n / 2;
	const double2 *b2 = (const double2 *)b;
	double2 *a2 = (double2 *)a;
	for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n2; i += stride) {
		double2 v = b2[i];
		a2[i] = make_double2(q * v.x, q * v.y);
	}
	if (blockIdx.x == 0 && threadIdx.x == 0 && (n & 1))
		a[n - 1] = q * b[n - 1];
}

/* the tail past the last whole tile, on CUDA cores, by the grid's last block */
__device__ __forceinline__ void scale_tail(const double *b, double *a, long from, long n, double q)
{
	if (blockIdx.x == gridDim.x - 1)
		for (long i = from + threadIdx.x; i < n; i += blockDim.x)
			a[i] = q * b[i];
}

/* SHAPE: 0 m8n8k4, 1 m16n8k4, 2 m16n8k8, 3 m16n8k16; lane = 4 g + t */
template <int SHAPE>
__global__ void __launch_bounds__(SC_THREADS) scale_dmma_kernel(const double *__restrict__ b, double *__restrict__ a,
								long n, double q)
{
	constexpr int TILE = SHAPE == 0 ? 32 : SHAPE == 1 ? 64 : 128;
	const int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
	const long warps = (long)gridDim.x * (SC_THREADS / 32), tiles = n / TILE;
	const double qd = t == g ? q : 0.0, qd4 = t + 4 == g ? q : 0.0;   /* B[t][g], B[t + 4][g] of q I */
	for (long w = blockIdx.x * (long)(SC_THREADS / 32) + (threadIdx.x >> 5); w < tiles; w += warps) {
		const double *bt = b + w * TILE;
		double *at = a + w * TILE;
		if (SHAPE == 0) {
			double c[2] = { 0, 0 };
			mma_f64_m8n8k4(c, bt[lane], qd);   /* A[g][t] = bt[4 g + t] */
			if (t < 2)                          /* D[g][2t..2t+1] = q A[g][2t..2t+1]; t >= 2: zeros */
				*(double2 *)(at + 4 * g + 2 * t) = make_double2(c[0], c[1]);
		} else if (SHAPE == 1) {
			double c[4] = { 0, 0, 0, 0 };
			mma_f64_m16n8k4(c, bt[lane], bt[32 + lane], qd);
			if (t < 2) {
				*(double2 *)(at + 4 * g + 2 * t) = make_double2(c[0], c[1]);
				*(double2 *)(at + 32 + 4 * g + 2 * t) = make_double2(c[2], c[3]);
			}
		} else {   /* a 16 x 8 tile, A[r][c] = bt[8 r + c] */
			double c[4] = { 0, 0, 0, 0 };
			const double a0 = bt[8 * g + t], a1 = bt[8 * (g + 8) + t], a2 = bt[8 * g + t + 4],
				     a3 = bt[8 * (g + 8) + t + 4];
			if (SHAPE == 2) {
				const double af[4] = { a0, a1, a2, a3 }, bf[2] = { qd, qd4 };
				mma_f64_m16n8k8(c, af, bf);
			} else {
				const double af[8] = { a0, a1, a2, a3, 0, 0, 0, 0 }, bf[4] = { qd, qd4, 0, 0 };
				mma_f64_m16n8k16(c, af, bf);
			}
			*(double2 *)(at + 8 * g + 2 * t) = make_double2(c[0], c[1]);
			*(double2 *)(at + 8 * (g + 8) + 2 * t) = make_double2(c[2], c[3]);
		}
	}
	scale_tail(b, a, tiles * TILE, n, q);
}

static int blocks_for(long work, int sms)
{
	long b = (work + SC_THREADS - 1) / SC_THREADS;
	return (int)(b < 1 ? 1 : b > 32L * sms ? 32L * sms : b);
}

static const char *cc_supports(const char *option, int cc)
{
	(void)option, (void)cc;
	return NULL;
}

static void cc_launch(struct wl_problem *p, cudaStream_t s)
{
	scale_cc_kernel<<<blocks_for((p->n + 1) / 2, p->sms), SC_THREADS, 0, s>>>(p->b, p->a, p->n, p->q);
}

static const void *cc_kernel(const char *option)
{
	(void)option;
	return (const void *)scale_cc_kernel;
}

static const char *cc_variant(const char *option)
{
	(void)option;
	return "double2 loads and stores, one DMUL a double";
}

/* option -> shape: "" m8n8k4, then the sm_90 shapes */
static int shape_of(const char *option)
{
	return !option || !*option ? 0 : !strcmp(option, "m16n8k4") ? 1 : !strcmp(option, "m16n8k8") ? 2 : 3;
}

static const char *dmma_supports(const char *option, int cc)
{
	return shape_of(option) > 0 && cc < 90 ? "the m16n8k4/k8/k16 f64 shapes need sm_90" : NULL;
}

static void dmma_launch(struct wl_problem *p, cudaStream_t s)
{
	static const int tile[] = { 32, 64, 128, 128 };
	const double *b = p->b, q = p->q;
	double *a = p->a;
	const long n = p->n;
	const int sh = shape_of(p->option), blocks = blocks_for(n / tile[sh] * 32 + 1, p->sms);
	switch (sh) {
	case 0: scale_dmma_kernel<0><<<blocks, SC_THREADS, 0, s>>>(b, a, n, q); break;
	case 1: scale_dmma_kernel<1><<<blocks, SC_THREADS, 0, s>>>(b, a, n, q); break;
	case 2: scale_dmma_kernel<2><<<blocks, SC_THREADS, 0, s>>>(b, a, n, q); break;
	default: scale_dmma_kernel<3><<<blocks, SC_THREADS, 0, s>>>(b, a, n, q); break;
	}
}

static const void *dmma_kernel(const char *option)
{
	static const void *const k[] = { (const void *)scale_dmma_kernel<0>, (const void *)scale_dmma_kernel<1>,
					 (const void *)scale_dmma_kernel<2>, (const void *)scale_dmma_kernel<3> };
	return k[shape_of(option)];
}

static const char *dmma_variant(const char *option)
{
	static const char *const v[] = { "mma.sync m8n8k4 f64, a 8 x 4 tile times q I (4 x 8, zero-padded)",
					 "mma.sync m16n8k4 f64, a 16 x 4 tile times q I (4 x 8, zero-padded)",
					 "mma.sync m16n8k8 f64, a 16 x 8 tile times q I (8 x 8)",
					 "mma.sync m16n8k16 f64, a 16 x 8 tile (A zero past 8 columns) times q I" };
	return v[shape_of(option)];
}

static const struct workload_method scale_cc_method = { "scale-cc", cc_supports, NULL, NULL, cc_launch, NULL, cc_kernel,
						   cc_variant };
WORKLOAD_METHOD(scale_cc_method);
static const struct workload_method scale_dmma_method = { "scale-dmma", dmma_supports, NULL, NULL, dmma_launch, NULL,
						     dmma_kernel, dmma_variant };
WORKLOAD_METHOD(scale_dmma_method);
