/*
 * ptx.cuh - the inline-PTX helpers the kernels share: element-wise cp.async from global to shared
 * memory (ebisu's row prefetch, convstencil's tile and plane staging), ldmatrix.x4 (the A
 * fragments of convstencil and tcstencil) and the dense mma.sync shapes several methods issue.
 * Device code only; needs sm_80 or newer.
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
/* wait for all but the N newest committed groups (a ring of staged rows, N loads in flight) */
template <int N> __device__ __forceinline__ void cp_wait_group() { asm volatile("cp.async.wait_group %0;\n" :: "n"(N)); }

/* four 8x8 b16 matrices from shared memory; lanes 8i..8i+7 give the row addresses of matrix i */
__device__ __forceinline__ void ldsm_x4(unsigned (&r)[4], const void *p)
{
	unsigned a = (unsigned)__cvta_generic_to_shared(p);
	asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
		     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(a));
}

/* the bits of v rounded to tf32 (to nearest, ties away): a computed fp32 value as a tf32 operand
 * (lorastencil's and flashfftstencil's intermediates; the MMA itself would truncate) */
__device__ __forceinline__ unsigned tf32_rna(float v)
{
	unsigned r;
	asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(v));
	return r;
}

/*
 * The dense tensor-core instructions more than one method issues (A: 4 b32 registers, row-major
 * fragments; B: 2 b32 registers; C/D in place). tf32 m16n8k8 with fp32 accumulation (convstencil,
 * spider-dense), f16 m16n8k16 with fp32 or fp16 accumulation (tcstencil, spider-dense).
 */
__device__ __forceinline__ void mma_tf32_m16n8k8(float (&c)[4], const unsigned (&a)[4], unsigned b0, unsigned b1)
{
	asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
		     "{%8,%9}, {%0,%1,%2,%3};"
		     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
		     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
__device__ __forceinline__ void mma_f16_m16n8k16(float (&c)[4], const unsigned (&a)[4], unsigned b0, unsigned b1)
{
	asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
		     "{%8,%9}, {%0,%1,%2,%3};"
		     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
		     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
/* f64 m8n8k4 (lorastencil): lane (g = lane / 4, t = lane % 4) holds A[g][t], B[t][g] and
 * C[g][2t], C[g][2t + 1] */
__device__ __forceinline__ void mma_f64_m8n8k4(double (&c)[2], double a, double b)
{
	asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
		     : "+d"(c[0]), "+d"(c[1]) : "d"(a), "d"(b));
}
/* f64 m16n8k4 (sm_90; lorastencil): lane holds A[g][t], A[g + 8][t], B[t][g], and C[g][2t],
 * C[g][2t + 1], C[g + 8][2t], C[g + 8][2t + 1] */
__device__ __forceinline__ void mma_f64_m16n8k4(double (&c)[4], double a0, double a1, double b)
{
#if __CUDA_ARCH__ >= 900
	asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, "
		     "{%0,%1,%2,%3};"
		     : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3]) : "d"(a0), "d"(a1), "d"(b));
#else
	(void)c, (void)a0, (void)a1, (void)b;
	__trap();   /* an sm_90 shape: the host picks it on sm_90 only */
#endif
}
/* f64 m16n8k8 and m16n8k16 (sm_90; SCALE's variants): lane holds A[g + 8 (i % 2)][t + 4 (i / 2)]
 * in a[i], B[t + 4 i][g] in b[i], and C as m16n8k4's */
__device__ __forceinline__ void mma_f64_m16n8k8(double (&c)[4], const double (&a)[4], const double (&b)[2])
{
#if __CUDA_ARCH__ >= 900
	asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
		     "{%0,%1,%2,%3};"
		     : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
		     : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
#else
	(void)c, (void)a, (void)b;
	__trap();
#endif
}
__device__ __forceinline__ void mma_f64_m16n8k16(double (&c)[4], const double (&a)[8], const double (&b)[4])
{
#if __CUDA_ARCH__ >= 900
	asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, "
		     "{%12,%13,%14,%15}, {%0,%1,%2,%3};"
		     : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
		     : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]),
		       "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
#else
	(void)c, (void)a, (void)b;
	__trap();
#endif
}
/* fp16 accumulation: c[0] = C[g][2t..2t+1], c[1] = C[g+8][2t..2t+1] as f16x2 */
__device__ __forceinline__ void mma_f16_m16n8k16(unsigned (&c)[2], const unsigned (&a)[4], unsigned b0, unsigned b1)
{
	asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, "
		     "{%6,%7}, {%0,%1};"
		     : "+r"(c[0]), "+r"(c[1])
		     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

#endif
