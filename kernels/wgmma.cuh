/*
 * wgmma.cuh - Hopper's warpgroup MMA (wgmma.mma_async) as the :wgmma method variants issue it:
 * shared-memory matrix descriptors without swizzle, the fence / commit / wait protocol, and the
 * instruction shapes the variants use, with fp32 accumulators in registers. Device code for sm_90a
 * only: the files that include it are built for sm_90a alone (scripts/make/cuda.mk), and each
 * instruction below compiles to nothing elsewhere (the host never launches them there).
 *
 * Layouts (PTX ISA, "Matrix Descriptor", no swizzle): an operand in shared memory is made of core
 * matrices of 8 rows x 16 bytes (128 contiguous bytes, a row 16 bytes); K-major (rows of M or N,
 * K contiguous within a row), the leading byte offset is the distance between core matrices
 * adjacent along K and the stride byte offset between those adjacent along M or N. A warp w of
 * the warpgroup owns rows 16 w .. 16 w + 15 of A and D; within them the fragments are mma.sync's:
 * A register i of lane 4g + t holds row g + 8 (i & 1), D register 4j + e holds row g + 8 (e >> 1),
 * column 8 j + 2 t + (e & 1).
 */
#ifndef WGMMA_CUH
#define WGMMA_CUH

#include <cuda_fp16.h>

/* a descriptor: start address, leading and stride byte offsets (each >> 4), no swizzle */
__device__ __forceinline__ unsigned long long wg_desc(const void *p, unsigned lbo, unsigned sbo)
{
	const unsigned a = (unsigned)__cvta_generic_to_shared(p);
	return (unsigned long long)((a & 0x3FFFF) >> 4) | (unsigned long long)(lbo >> 4) << 16 |
	       (unsigned long long)(sbo >> 4) << 32;
}

__device__ __forceinline__ void wg_fence()
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
	asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#endif
}
__device__ __forceinline__ void wg_commit_wait()
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
	asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
	asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#endif
}
/* shared-memory writes of the generic proxy (st.shared, cp.async) made visible to wgmma's reads */
__device__ __forceinline__ void wg_proxy_fence()
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
	asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

/* the accumulators as asm operands: 64 floats (N = 128) */
#define WG_F4(i) "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3])
#define WG_F16(i) WG_F4(i), WG_F4(i + 4), WG_F4(i + 8), WG_F4(i + 12)
#define WG_F64 WG_F16(0), WG_F16(16), WG_F16(32), WG_F16(48)
#define WG_D64 "{%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,%16,%17,%18,%19,%20,%21,%22,%23," \
	"%24,%25,%26,%27,%28,%29,%30,%31,%32,%33,%34,%35,%36,%37,%38,%39,%40,%41,%42,%43,%44,%45,%46,%47," \
	"%48,%49,%50,%51,%52,%53,%54,%55,%56,%57,%58,%59,%60,%61,%62,%63}"
/* scale-d as a predicate from register operand k (0: D = A B, else D += A B) */
#define WG_PRED(k) "{\n.reg .pred p;\nsetp.ne.b32 p, %" #k ", 0;\n"

/*
 * m64n128, A (4 registers) from registers, B from shared memory: T float (tf32 k8 dense, k16
 * sparse 1:2) or __half (f16 k16 dense, k32 sparse 2:4); meta and the selector 0 for the sparse
 * ones; acc 0 starts the sum.
 */
template <typename T, int SPARSE> struct wg_m64n128;
template <> struct wg_m64n128<float, 0> {
	static constexpr int K = 8;
	__device__ static void mma(float (&d)[64], const unsigned (&a)[4], unsigned long long db, unsigned, int acc)
	{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
		asm volatile(WG_PRED(69) "wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 " WG_D64 ", "
			     "{%64,%65,%66,%67}, %68, p, 1, 1;\n}\n"
			     : WG_F64 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(acc));
#else
		(void)d, (void)a, (void)db, (void)acc;
#endif
	}
};
template <> struct wg_m64n128<__half, 0> {
	static constexpr int K = 16;
	__device__ static void mma(float (&d)[64], const unsigned (&a)[4], unsigned long long db, unsigned, int acc)
	{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
		asm volatile(WG_PRED(69) "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 " WG_D64 ", "
			     "{%64,%65,%66,%67}, %68, p, 1, 1, 0;\n}\n"
			     : WG_F64 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(acc));
#else
		(void)d, (void)a, (void)db, (void)acc;
#endif
	}
};
template <> struct wg_m64n128<float, 1> {
	static constexpr int K = 16;
	__device__ static void mma(float (&d)[64], const unsigned (&a)[4], unsigned long long db, unsigned meta, int acc)
	{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
		asm volatile(WG_PRED(71) "wgmma.mma_async.sp.sync.aligned.m64n128k16.f32.tf32.tf32 " WG_D64 ", "
			     "{%64,%65,%66,%67}, %68, %69, %70, p, 1, 1;\n}\n"
			     : WG_F64 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(meta), "n"(0), "r"(acc));
#else
		(void)d, (void)a, (void)db, (void)meta, (void)acc;
#endif
	}
};
template <> struct wg_m64n128<__half, 1> {
	static constexpr int K = 32;
	__device__ static void mma(float (&d)[64], const unsigned (&a)[4], unsigned long long db, unsigned meta, int acc)
	{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
		asm volatile(WG_PRED(71) "wgmma.mma_async.sp.sync.aligned.m64n128k32.f32.f16.f16 " WG_D64 ", "
			     "{%64,%65,%66,%67}, %68, %69, %70, p, 1, 1, 0;\n}\n"
			     : WG_F64 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(meta), "n"(0), "r"(acc));
#else
		(void)d, (void)a, (void)db, (void)meta, (void)acc;
#endif
	}
};

/*
 * A shared-memory tile of rows x W outputs (rows S elements apart, 16-byte aligned) out to the grid
 * at (x0, y0), 16 bytes a thread of the warpgroup: whole sectors, where the accumulators' fragments
 * would write 8 or 16 bytes a row. Outputs past nx or ny are not written (the ring stays).
 */
template <typename T, int W, int S>
__device__ __forceinline__ void wg_store_tile(T *out, long long origin, long long pitch, const T *tile, int rows,
					      int x0, int y0, int nx, int ny, int tid)
{
	constexpr int EPC = 16 / (int)sizeof(T), PR = W / EPC;        /* elements a piece, pieces a row */
	for (int e = tid; e < rows * PR; e += 128) {
		const int r = e / PR, cx = (e % PR) * EPC, y = y0 + r, x = x0 + cx;
		if (y >= ny || x >= nx)
			continue;
		T *dst = out + origin + (long long)y * pitch + x;
		const T *src = tile + r * S + cx;
		if (x + EPC <= nx)
			*reinterpret_cast<uint4 *>(dst) = *reinterpret_cast<const uint4 *>(src);
		else
			for (int k = 0; k < nx - x; k++)   /* the row's last outputs */
				dst[k] = src[k];
	}
}

/*
 * m64nN (N = 8 or 16), both operands from shared memory (K-major), fp32 accumulation: T float
 * (tf32 k8) or __half (f16 k16). acc 0: D = A B (d's old values ignored, so d need not be zeroed:
 * zeroing would let the compiler share one zero register among accumulators and wait for the
 * wgmma before reusing it), else D += A B.
 */
template <typename T, int N> struct wg_ss;
template <> struct wg_ss<float, 8> {
	static constexpr int K = 8;
	__device__ static void mma(float (&d)[4], unsigned long long da, unsigned long long db, int acc)
	{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
		asm volatile(WG_PRED(6) "wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {%0,%1,%2,%3}, %4, %5, "
			     "p, 1, 1;\n}\n"
			     : WG_F4(0) : "l"(da), "l"(db), "r"(acc));
#else
		(void)d, (void)da, (void)db, (void)acc;
#endif
	}
};
template <> struct wg_ss<float, 16> {
	static constexpr int K = 8;
	__device__ static void mma(float (&d)[8], unsigned long long da, unsigned long long db, int acc)
	{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
		asm volatile(WG_PRED(10) "wgmma.mma_async.sync.aligned.m64n16k8.f32.tf32.tf32 "
			     "{%0,%1,%2,%3,%4,%5,%6,%7}, %8, %9, p, 1, 1;\n}\n"
			     : WG_F4(0), WG_F4(4) : "l"(da), "l"(db), "r"(acc));
#else
		(void)d, (void)da, (void)db, (void)acc;
#endif
	}
};
template <> struct wg_ss<__half, 16> {
	static constexpr int K = 16;
	__device__ static void mma(float (&d)[8], unsigned long long da, unsigned long long db, int acc)
	{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
		asm volatile(WG_PRED(10) "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 "
			     "{%0,%1,%2,%3,%4,%5,%6,%7}, %8, %9, p, 1, 1, 0, 0;\n}\n"
			     : WG_F4(0), WG_F4(4) : "l"(da), "l"(db), "r"(acc));
#else
		(void)d, (void)da, (void)db, (void)acc;
#endif
	}
};

#endif
