/*
 * wgmma-bench.cu - Hopper's own tensor-core ceilings: wgmma.mma_async (dense f16 -> f32, f16 ->
 * f16, tf32 -> f32) and wgmma.mma_async.sp (sparse f16 and tf32), m64n128, both operands from
 * shared memory through matrix descriptors (no swizzle, core matrices of 8 rows x 16 bytes), the
 * accumulators in registers; and the sparse ones with A from registers, which shared memory's
 * read bandwidth does not hold back. Each warpgroup issues WG_STEPS instructions into one accumulator set,
 * commits and waits, and loops; several warpgroups an SM keep the tensor cores busy while one
 * waits. Built for sm_90a only (scripts/make/cuda.mk): `stencilbench ceilings` runs these on
 * compute capability 9.0 and skips them elsewhere. The rows are the wgmma_* quantities of
 * ceilings.csv, the tensor-core roofs of the :wgmma method variants.
 */
#include <type_traits>

#include "ceilings-int.h"
#include "wgmma.cuh"

#define WG_STEPS 8              /* instructions a warpgroup issues between waits */
#define WG_META 0x44444444u     /* every group of four keeps elements 0 and 1 */

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
/* the fp16 accumulators as asm operands: 32 registers of two halves (wgmma.cuh has the fp32 ones) */
#define WG_R4(i) "+r"(d[i]), "+r"(d[i + 1]), "+r"(d[i + 2]), "+r"(d[i + 3])
#define WG_R16(i) WG_R4(i), WG_R4(i + 4), WG_R4(i + 8), WG_R4(i + 12)
#define WG_R32 WG_R16(0), WG_R16(16)
#define WG_D32 "{%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,%16,%17,%18,%19,%20,%21,%22,%23," \
	"%24,%25,%26,%27,%28,%29,%30,%31}"
/* wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 */
__device__ __forceinline__ void wg_f16f32(float (&d)[64], unsigned long long da, unsigned long long db, unsigned meta)
{
	(void)meta;
	asm volatile(WG_PRED(66) "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 " WG_D64 ", "
		     "%64, %65, p, 1, 1, 0, 0;\n}\n"
		     : WG_F64 : "l"(da), "l"(db), "r"(1));
}

/* wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16 */
__device__ __forceinline__ void wg_f16f16(unsigned (&d)[32], unsigned long long da, unsigned long long db, unsigned meta)
{
	(void)meta;
	asm volatile(WG_PRED(34) "wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16 " WG_D32 ", "
		     "%32, %33, p, 1, 1, 0, 0;\n}\n"
		     : WG_R32 : "l"(da), "l"(db), "r"(1));
}

/* wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 */
__device__ __forceinline__ void wg_tf32(float (&d)[64], unsigned long long da, unsigned long long db, unsigned meta)
{
	(void)meta;
	asm volatile(WG_PRED(66) "wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 " WG_D64 ", "
		     "%64, %65, p, 1, 1;\n}\n"
		     : WG_F64 : "l"(da), "l"(db), "r"(1));
}

/* wgmma.mma_async.sp.sync.aligned.m64n128k32.f32.f16.f16 */
__device__ __forceinline__ void wg_spf16(float (&d)[64], unsigned long long da, unsigned long long db, unsigned meta)
{
	(void)meta;
	asm volatile(WG_PRED(68) "wgmma.mma_async.sp.sync.aligned.m64n128k32.f32.f16.f16 " WG_D64 ", "
		     "%64, %65, %66, %67, p, 1, 1, 0, 0;\n}\n"
		     : WG_F64 : "l"(da), "l"(db), "r"(meta), "n"(0), "r"(1));
}

/* wgmma.mma_async.sp.sync.aligned.m64n128k16.f32.tf32.tf32 */
__device__ __forceinline__ void wg_sptf32(float (&d)[64], unsigned long long da, unsigned long long db, unsigned meta)
{
	(void)meta;
	asm volatile(WG_PRED(68) "wgmma.mma_async.sp.sync.aligned.m64n128k16.f32.tf32.tf32 " WG_D64 ", "
		     "%64, %65, %66, %67, p, 1, 1;\n}\n"
		     : WG_F64 : "l"(da), "l"(db), "r"(meta), "n"(0), "r"(1));
}

#endif

/* V: 0 f16 -> f32, 1 f16 -> f16, 2 tf32 -> f32, 3 sparse f16 -> f32, 4 sparse tf32 -> f32, and
 * the sparse ones with A from registers: 5 f16, 6 tf32 */
template <int V> __global__ void __launch_bounds__(256) k_wgmma(float *out, int iters)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
	__shared__ __align__(1024) unsigned smem[2][4096];   /* A and B: 16 KB each */
	/* small non-zero operands: tf32 0.01-ish, f16 pairs 0.01-ish */
	for (int i = threadIdx.x; i < 2 * 4096; i += blockDim.x)
		(&smem[0][0])[i] = V == 2 || V == 4 || V == 6 ? __float_as_uint(0.01f + 0.001f * (i & 7)) : 0x211E211Eu + (i & 3);
	wg_proxy_fence();
	__syncthreads();
	/* core matrices 128 bytes apart along K, 1 KB apart along M and N: within the 16 KB */
	const unsigned long long da = wg_desc(smem[0], 128, 1024), db = wg_desc(smem[1], 128, 1024);
	constexpr int N = V == 1 ? 32 : 64;
	const unsigned ar[4] = { smem[0][threadIdx.x & 127], smem[0][128 + (threadIdx.x & 127)],
				 smem[0][256 + (threadIdx.x & 127)], smem[0][384 + (threadIdx.x & 127)] };
	(void)ar;
	typedef typename std::conditional<V == 1, unsigned, float>::type acc_t;
	acc_t d[N];
#pragma unroll
	for (int r = 0; r < N; r++)
		d[r] = 0;
	for (int it = 0; it < iters; it++) {
		wg_fence();
#pragma unroll
		for (int s = 0; s < WG_STEPS; s++) {
			if constexpr (V == 0)
				wg_f16f32(d, da, db, WG_META);
			else if constexpr (V == 1)
				wg_f16f16(d, da, db, WG_META);
			else if constexpr (V == 2)
				wg_tf32(d, da, db, WG_META);
			else if constexpr (V == 3)
				wg_spf16(d, da, db, WG_META);
			else if constexpr (V == 4)
				wg_sptf32(d, da, db, WG_META);
			else if constexpr (V == 5)
				wg_m64n128<__half, 1>::mma(d, ar, db, WG_META, 1);
			else
				wg_m64n128<float, 1>::mma(d, ar, db, WG_META, 1);
		}
		wg_commit_wait();
	}
	/* keep every accumulator live: a store under a condition that never holds */
	float s = 0;
#pragma unroll
	for (int r = 0; r < N; r++) {
		if constexpr (V == 1)
			s += (float)(d[r] & 0xff);
		else
			s += d[r];
	}
	if (s == 1234.5f)
		out[0] = s;
#else
	(void)out, (void)iters;
#endif
}

/* the dense-equivalent FLOPs of one warp's share of an iteration (a warpgroup is 4 warps) */
#define WG_FLOP(K) (2.0 * 64 * 128 * (K) * WG_STEPS / 4)

const struct wgmma_bench wgmma_benches[] = {
	{ "wgmma_fp16_f32acc", "wgmma.mma_async m64n128k16 f16 -> f32, both from shared memory", k_wgmma<0>, WG_FLOP(16), WG_STEPS },
	{ "wgmma_fp16_f16acc", "wgmma.mma_async m64n128k16 f16 -> f16, both from shared memory", k_wgmma<1>, WG_FLOP(16), WG_STEPS },
	{ "wgmma_tf32", "wgmma.mma_async m64n128k8 tf32 -> f32, both from shared memory", k_wgmma<2>, WG_FLOP(8), WG_STEPS },
	{ "wgmma_sp_fp16", "wgmma.mma_async.sp m64n128k32 f16 -> f32 (2:4), both from shared memory", k_wgmma<3>, WG_FLOP(32), WG_STEPS },
	{ "wgmma_sp_tf32", "wgmma.mma_async.sp m64n128k16 tf32 -> f32 (1:2), both from shared memory", k_wgmma<4>, WG_FLOP(16), WG_STEPS },
	{ "wgmma_sp_fp16_areg", "wgmma.mma_async.sp m64n128k32 f16 -> f32 (2:4), A from registers", k_wgmma<5>, WG_FLOP(32), WG_STEPS },
	{ "wgmma_sp_tf32_areg", "wgmma.mma_async.sp m64n128k16 tf32 -> f32 (1:2), A from registers", k_wgmma<6>, WG_FLOP(16), WG_STEPS },
};
const int wgmma_bench_count = sizeof(wgmma_benches) / sizeof(wgmma_benches[0]);
