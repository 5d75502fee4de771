/*
 * ptx.cuh - the inline-PTX helpers the kernels share: element-wise cp.async from global to shared
 * memory (ebisu's row prefetch, convstencil's tile and plane staging) and ldmatrix.x4 (the A fragments of
 * convstencil and tcstencil). Device code only; needs sm_80 or newer.
 */
#ifndef PTX_CUH
#define PTX_CUH

/* copy one element (4, 8 or 16 bytes) global -> shared without holding a register */
template <typename T> __device__ __forceinline__ void cp_async(T *smem, const T *g)
{
	unsigned s = (unsigned)__cvta_generic_to_shared(smem);
	asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" :: "r"(s), "l"(g), "n"(sizeof(T)));
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::); }
__device__ __forceinline__ void cp_wait_all() { asm volatile("cp.async.wait_all;\n" ::); }
/* wait for all but the newest committed group (double-buffered staging) */
__device__ __forceinline__ void cp_wait_but_one() { asm volatile("cp.async.wait_group 1;\n" ::); }

/* four 8x8 b16 matrices from shared memory; lanes 8i..8i+7 give the row addresses of matrix i */
__device__ __forceinline__ void ldsm_x4(unsigned (&r)[4], const void *p)
{
	unsigned a = (unsigned)__cvta_generic_to_shared(p);
	asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
		     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(a));
}

#endif
