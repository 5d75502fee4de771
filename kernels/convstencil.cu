/*
 * convstencil.cu - the `convstencil` method: the flattening family on dense tensor cores
 * (ConvStencil-style stencil2row layout and dual tessellation; tcs Tables 2-3 cases 1, 2, 5 in
 * fp64 and 3, 4 in tf32). Kernel fusion: the host composes the stencil t times (fused radius
 * R = r t) and the kernel applies the fused stencil once. kernels/transform.h builds the two
 * weight matrices U and L (the upper band and its wrap into the next chunk) and proves them on
 * the CPU; sigma is the plan's exact count.
 *
 * Each warp computes one row segment of M chunks (M = 16 for mma.sync m16n8k8 tf32, 8 for
 * m8n8k4 f64) of n outputs: per K step it gathers its A fragment (stencil2row, straight from the
 * grid through L1) for the chunks and for their right neighbours, and issues two MMAs, one with
 * U and one with L. The B fragments (and, for 3D, the gather offsets of A) are precomputed on
 * the host and held in shared memory. In 1D and 2D a block stages its input tile in shared memory
 * with cp.async and takes A with ldmatrix; in 3D A is gathered through L1.
 */
#include <stdio.h>
#include <string.h>

#include "gpu.h"
#include "kmethod.h"
#include "ptx.cuh"

extern "C" {
#include "transform.h"
}

__device__ __forceinline__ unsigned to_tf32(float f)
{
	unsigned r;
	asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(f));
	return r;
}

/*
 * The MMA shapes, their fragment layouts (PTX mma.sync) and issue: tf32 m16n8k8; f64 m8n8k4
 * (sm_80) and m16n8k4 (sm_90, which runs m8n8k4 as a 16-row instruction with half its rows idle:
 * the tensor counters see twice the work). Fragment element e of lane: A[r][c], B[k][n], C[r][n].
 */
struct P_tf32 {
	typedef float T;
	static constexpr int M = 16, N = 8, K = 8, NA = 4, NB = 2, NC = 4;
	__host__ __device__ static void a(int lane, int e, int &r, int &c) { r = lane / 4 + (e & 1) * 8; c = lane % 4 + (e >> 1) * 4; }
	__host__ __device__ static void b(int lane, int e, int &k, int &n) { k = lane % 4 + e * 4; n = lane / 4; }
	__host__ __device__ static void c(int lane, int e, int &r, int &n) { r = lane / 4 + (e >> 1) * 8; n = 2 * (lane % 4) + (e & 1); }
	__device__ static void mma(T (&c)[NC], const T (&a)[NA], const T (&b)[NB])
	{
		asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
			     "{%8,%9}, {%0,%1,%2,%3};"
			     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
			     : "r"(to_tf32(a[0])), "r"(to_tf32(a[1])), "r"(to_tf32(a[2])), "r"(to_tf32(a[3])),
			       "r"(__float_as_uint(b[0])), "r"(__float_as_uint(b[1])));   /* B: tf32 on the host */
	}
};
struct P_d8 {
	typedef double T;
	static constexpr int M = 8, N = 8, K = 4, NA = 1, NB = 1, NC = 2;
	__host__ __device__ static void a(int lane, int e, int &r, int &c) { (void)e; r = lane / 4; c = lane % 4; }
	__host__ __device__ static void b(int lane, int e, int &k, int &n) { (void)e; k = lane % 4; n = lane / 4; }
	__host__ __device__ static void c(int lane, int e, int &r, int &n) { r = lane / 4; n = 2 * (lane % 4) + e; }
	__device__ static void mma(T (&c)[NC], const T (&a)[NA], const T (&b)[NB])
	{
		asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
			     : "+d"(c[0]), "+d"(c[1]) : "d"(a[0]), "d"(b[0]));
	}
};
struct P_d16 {
	typedef double T;
	static constexpr int M = 16, N = 8, K = 4, NA = 2, NB = 1, NC = 4;
	__host__ __device__ static void a(int lane, int e, int &r, int &c) { r = lane / 4 + e * 8; c = lane % 4; }
	__host__ __device__ static void b(int lane, int e, int &k, int &n) { (void)e; k = lane % 4; n = lane / 4; }
	__host__ __device__ static void c(int lane, int e, int &r, int &n) { r = lane / 4 + (e >> 1) * 8; n = 2 * (lane % 4) + (e & 1); }
	__device__ static void mma(T (&c)[NC], const T (&a)[NA], const T (&b)[NB])
	{
#if __CUDA_ARCH__ >= 900
		asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
			     : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3]) : "d"(a[0]), "d"(a[1]), "d"(b[0]));
#else
		(void)c, (void)a, (void)b;
		__trap();   /* the host picks P_d8 below sm_90 */
#endif
	}
};

struct cs_args {
	long long origin, pitch, plane;
	int nx, ny, nz, R, n, K, Kpad, rows;
	int segs;                   /* row segments of M n outputs along x */
	int dims;
};

#define CS_MAX_KSTEPS 120           /* Kpad / K of the largest plan (3D R = 3 in f64: 392 / 4 = 98) */
#define CS_MAX_NT 2                 /* n / 8 */

/*
 * The stencil2row gather does not depend on the row segment: for K step ks, lane and fragment
 * element e, the A element is the input at a fixed offset from the segment's first output. The
 * host precomputes those offsets (and the lane's B fragments, tf32-rounded on the host), and each
 * block copies them to shared memory once.
 */
template <typename P, int NT>
__global__ void __launch_bounds__(128) convstencil_kernel(const typename P::T *__restrict__ in,
							  typename P::T *__restrict__ out,
							  const int *__restrict__ offs,
							  const typename P::T *__restrict__ bfrag, struct cs_args a)
{
	typedef typename P::T T;
	extern __shared__ __align__(16) unsigned char cs_smem[];
	const int nks = a.Kpad / P::K, nnt = a.n / P::N;
	int *s_off = reinterpret_cast<int *>(cs_smem);                        /* [ks][lane][NA] */
	T *s_b = reinterpret_cast<T *>(cs_smem + ((nks * 32 * P::NA * sizeof(int) + 15) / 16) * 16);
	for (int i = threadIdx.x; i < nks * 32 * P::NA; i += blockDim.x)
		s_off[i] = offs[i];
	for (int i = threadIdx.x; i < nks * nnt * 2 * 32 * P::NB; i += blockDim.x)   /* [ks][nt][U,L][lane][NB] */
		s_b[i] = bfrag[i];
	__syncthreads();

	const int lane = threadIdx.x & 31;
	const long long warp = (long long)blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
	const int seg = (int)(warp % a.segs);
	const long long row = warp / a.segs;
	if (row >= (long long)a.ny * a.nz)
		return;
	const int y = (int)(row % a.ny), z = (int)(row / a.ny);
	const int x0 = seg * P::M * a.n;
	const T *src = in + a.origin + (long long)z * a.plane + (long long)y * a.pitch + x0;

	T acc[NT][P::NC];
#pragma unroll
	for (int nt = 0; nt < NT; nt++)
#pragma unroll
		for (int e = 0; e < P::NC; e++)
			acc[nt][e] = 0;
	for (int ks = 0; ks < nks; ks++) {
		T fa[P::NA], fa1[P::NA];
#pragma unroll
		for (int e = 0; e < P::NA; e++) {
			const int o = s_off[(ks * 32 + lane) * P::NA + e];
			fa[e] = __ldg(src + o);
			fa1[e] = __ldg(src + o + a.n);   /* the right neighbour chunk (dual tessellation) */
		}
#pragma unroll
		for (int nt = 0; nt < NT; nt++) {
			T fu[P::NB], fl[P::NB];
			const T *b = s_b + ((ks * nnt + nt) * 2 * 32 + lane) * P::NB;
#pragma unroll
			for (int e = 0; e < P::NB; e++) {
				fu[e] = b[e];
				fl[e] = b[32 * P::NB + e];
			}
			P::mma(acc[nt], fa, fu);
			P::mma(acc[nt], fa1, fl);
		}
	}
	T *dst = out + a.origin + (long long)z * a.plane + (long long)y * a.pitch;
#pragma unroll
	for (int nt = 0; nt < NT; nt++) {
#pragma unroll
		for (int e = 0; e < P::NC; e++) {
			int r, nn;
			P::c(lane, e, r, nn);
			const int x = x0 + r * a.n + nt * P::N + nn;
			if (x < a.nx)
				dst[x] = acc[nt][e];
		}
	}
}

/*
 * 1D and 2D: the block stages every input row its BH output rows need, [x0 - R, x0 - R + (M+1) n)
 * of each, into shared memory as (M+1) chunks of n values (padded to n+4 floats or n+1 doubles
 * per chunk so that fragment loads are free of bank conflicts). For K step ks and footprint row q
 * the A tile is then the block smem[row][chunk 0..M-1][i0..i0+K) (ldmatrix.x4 in tf32) and the
 * dual tessellation's A' is the same tile one chunk on. Each warp computes WR rows, so every B
 * fragment it loads serves WR rows.
 */
/* output rows per warp (8 warps a block, so 8 WR rows a block). 8 and 2 were tried and ran
 * slower (case 1: 283 and 275 against 310 GStencil/s; case 3: 438 with 2 against 466) */
template <typename P> struct cs_wr { static constexpr int v = 4; };

template <typename T> struct cs_pad { static constexpr int v = sizeof(T) == 8 ? 1 : 4; };


__device__ __forceinline__ void mma_u(float (&c)[4], const unsigned (&a)[4], float b0, float b1)
{
	asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
		     "{%8,%9}, {%0,%1,%2,%3};"
		     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
		     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(__float_as_uint(b0)), "r"(__float_as_uint(b1)));
}

template <typename P, int NT>
__global__ void __launch_bounds__(256) convstencil2d_kernel(const typename P::T *__restrict__ in,
							    typename P::T *__restrict__ out,
							    const typename P::T *__restrict__ bfrag, struct cs_args a)
{
	typedef typename P::T T;
	constexpr int PAD = cs_pad<T>::v;
	extern __shared__ __align__(16) unsigned char cs_smem[];
	const int n = a.n, CN = n + PAD, nks = a.Kpad / P::K, nnt = n / P::N, R = a.R;
	constexpr int CS_WR = cs_wr<P>::v, CS_BH = 8 * CS_WR;
	const int srows = CS_BH + 2 * R;                 /* staged input rows (1D: 1) */
	const int two_d = a.dims == 2;
	const int nrows = two_d ? srows : 1;
	T *s_in = reinterpret_cast<T *>(cs_smem);                          /* [row][M+1][CN] */
	T *s_b = s_in + (size_t)nrows * (P::M + 1) * CN;                    /* [ks][nt][U,L][lane][NB] */
	const int x0 = blockIdx.x * P::M * n, y0 = blockIdx.y * CS_BH;
	const T *row0 = in + a.origin - (two_d ? (long long)R * a.pitch : 0) + (long long)y0 * a.pitch;

	/* stage: element j of chunk c of staged row s is in[row y0 - R + s][x0 - R + c n + j] */
	const int per_row = (P::M + 1) * n;
	for (int e = threadIdx.x; e < nrows * per_row; e += blockDim.x) {
		const int sr = e / per_row, rem = e % per_row, c = rem / n, j = rem % n;
		const int y = two_d ? y0 - R + sr : 0, x = x0 - R + c * n + j;
		T *d = s_in + ((size_t)sr * (P::M + 1) + c) * CN + j;
		if ((!two_d || y < a.ny + R) && x < a.nx + R) {
			cp_async(d, row0 + (long long)sr * a.pitch + x);
		} else {
			*d = 0;
		}
	}
	for (int i = threadIdx.x; i < nks * nnt * 2 * 32 * P::NB; i += blockDim.x)
		s_b[i] = bfrag[i];
	cp_commit();
	cp_wait_all();
	__syncthreads();

	const int lane = threadIdx.x & 31, warp = threadIdx.x / 32;
	const int wr0 = warp * CS_WR;                    /* first of this warp's rows in the block */
	T acc[CS_WR][NT][P::NC];
#pragma unroll
	for (int w = 0; w < CS_WR; w++)
#pragma unroll
		for (int nt = 0; nt < NT; nt++)
#pragma unroll
			for (int e = 0; e < P::NC; e++)
				acc[w][nt][e] = 0;

	for (int ks = 0; ks < nks; ks++) {
		const int kk0 = ks * P::K, q = kk0 / n, i0 = kk0 % n;
		T bu[NT][P::NB], bl[NT][P::NB];
#pragma unroll
		for (int nt = 0; nt < NT; nt++) {
				const T *b = s_b + ((ks * nnt + nt) * 2 * 32 + lane) * P::NB;
#pragma unroll
				for (int e = 0; e < P::NB; e++) {
					bu[nt][e] = b[e];
					bl[nt][e] = b[32 * P::NB + e];
				}
			}
#pragma unroll
		for (int w = 0; w < CS_WR; w++) {
			/* output row y0 + wr0 + w reads staged row (wr0 + w) + q (q = dy + R) */
			const T *base = s_in + (size_t)((wr0 + w) * (two_d ? 1 : 0) + q) * (P::M + 1) * CN + i0;
			if constexpr (sizeof(T) == 4) {
				unsigned fa[4], fa1[4];
				const int mat = lane / 8, rr = lane % 8;
				const T *p = base + (size_t)(rr + (mat & 1) * 8) * CN + (mat >> 1) * 4;
				ldsm_x4(fa, p);
				ldsm_x4(fa1, p + CN);                 /* the next chunk */
#pragma unroll
				for (int nt = 0; nt < NT; nt++) {
					mma_u(acc[w][nt], fa, bu[nt][0], bu[nt][1]);
					mma_u(acc[w][nt], fa1, bl[nt][0], bl[nt][1]);
				}
			} else {
				T fa[P::NA], fa1[P::NA];
#pragma unroll
				for (int e = 0; e < P::NA; e++) {
					int r, cc;
					P::a(lane, e, r, cc);
					fa[e] = base[(size_t)r * CN + cc];
					fa1[e] = base[(size_t)(r + 1) * CN + cc];   /* the next chunk */
				}
#pragma unroll
				for (int nt = 0; nt < NT; nt++) {
					P::mma(acc[w][nt], fa, bu[nt]);
					P::mma(acc[w][nt], fa1, bl[nt]);
				}
			}
		}
	}
#pragma unroll
	for (int w = 0; w < CS_WR; w++) {
		const int y = y0 + wr0 + w;
		if (two_d ? y >= a.ny : w + wr0 > 0)
			continue;
		T *dst = out + a.origin + (long long)y * a.pitch;
#pragma unroll
		for (int nt = 0; nt < NT; nt++)
#pragma unroll
				for (int e = 0; e < P::NC; e++) {
					int r, nn;
					P::c(lane, e, r, nn);
					const int x = x0 + r * n + nt * P::N + nn;
					if (x < a.nx)
						dst[x] = acc[w][nt][e];
				}
	}
}

/* round to tf32 (round to nearest, ties away: cvt.rna), as the tensor cores take it */
static float tf32_round(float f)
{
	unsigned u;
	memcpy(&u, &f, 4);
	u = (u + 0x1000u) & 0xFFFFE000u;
	memcpy(&f, &u, 4);
	return f;
}

struct cs_state {
	struct flat_plan plan;
	int *d_off;
	void *d_b;
	size_t smem;
	int M;                       /* chunks per MMA: 16 (tf32, f64 m16n8k4) or 8 (f64 m8n8k4) */
	int staged;                  /* 1D/2D: the shared-memory staged kernel */
	size_t smem2;
	struct cs_args args;
	char variant[160];
};

static struct cs_state CS;

#define SET_SMEM(K, bytes) (cudaFuncSetAttribute(K, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes) != cudaSuccess)
static int for_each_kernel2d(int bytes)
{
	return SET_SMEM((convstencil2d_kernel<P_d8, 1>), bytes) | SET_SMEM((convstencil2d_kernel<P_d8, 2>), bytes) |
	       SET_SMEM((convstencil2d_kernel<P_d16, 1>), bytes) | SET_SMEM((convstencil2d_kernel<P_d16, 2>), bytes) |
	       SET_SMEM((convstencil2d_kernel<P_tf32, 1>), bytes) | SET_SMEM((convstencil2d_kernel<P_tf32, 2>), bytes);
}
static void for_each_kernel(int bytes)
{
	if (SET_SMEM((convstencil_kernel<P_d8, 1>), bytes) | SET_SMEM((convstencil_kernel<P_d8, 2>), bytes) |
	       SET_SMEM((convstencil_kernel<P_d16, 1>), bytes) | SET_SMEM((convstencil_kernel<P_d16, 2>), bytes) |
	       SET_SMEM((convstencil_kernel<P_tf32, 1>), bytes) | SET_SMEM((convstencil_kernel<P_tf32, 2>), bytes))
		cudaGetLastError();   /* too large: the launch will say so */
}

static const char *cs_supports(const struct method_ctx *c)
{
	int R = c->stencil->radius * c->fusion;
	if (c->dtype != DT_FP64 && c->dtype != DT_TF32)
		return "convstencil runs fp64 (mma.sync f64) and tf32 (fp32 data, tf32 math); use dtype tf32";
	if (R > 7)
		return "convstencil supports a fused radius up to 7";
	if (c->stencil->dims == 3 && R > 3)
		return "convstencil supports 3D fused radius up to 3";
	return NULL;
}

static int cs_setup(struct method_ctx *c, const char **why)
{
	const struct grid *g = c->grid;
	/* fp64 on sm_90 issues m16n8k4 (m8n8k4 there runs as a 16-row instruction, half idle) */
	int is64 = c->dtype == DT_FP64, M = is64 ? (gpu_props()->major >= 9 ? 16 : 8) : 16;
	memset(&CS, 0, sizeof(CS));
	CS.M = M;
	if (flat_build(c->composed, 8, is64 ? 4 : 8, &CS.plan) != 0) {
		*why = "cannot build the flattening matrices";
		return -1;
	}
	/* per K step and lane: the A gather offsets and the B fragments of U and L */
	const int KS = is64 ? 4 : 8, NA = is64 ? (M == 16 ? 2 : 1) : 4, NB = is64 ? 1 : 2;
	const int nks = CS.plan.Kpad / KS, nnt = CS.plan.n / 8;
	if (nks > CS_MAX_KSTEPS || nnt > CS_MAX_NT) {
		*why = "plan larger than the kernel's tables";
		return -1;
	}
	int *ho = (int *)calloc((size_t)nks * 32 * NA, sizeof(int));
	size_t nb = (size_t)nks * nnt * 2 * 32 * NB, eb = is64 ? 8 : 4;
	void *hb = calloc(nb, eb);
	for (int ks = 0; ks < nks; ks++)
		for (int lane = 0; lane < 32; lane++) {
			for (int e = 0; e < NA; e++) {
				int r, cc;
				if (!is64)
					P_tf32::a(lane, e, r, cc);
				else if (M == 16)
					P_d16::a(lane, e, r, cc);
				else
					P_d8::a(lane, e, r, cc);
				int kk = ks * KS + cc, q = kk / CS.plan.n, i = kk % CS.plan.n;
				long off = 0;
				if (kk < CS.plan.K) {
					int dy, dz;
					footprint_row(g->dims, CS.plan.R, q, &dy, &dz);
					off = (long)dz * g->plane + (long)dy * g->pitch + (long)r * CS.plan.n - CS.plan.R + i;
				}
				/* padding rows multiply zero weights: any readable offset will do */
				ho[(ks * 32 + lane) * NA + e] = (int)off;
			}
			for (int nt = 0; nt < nnt; nt++)
				for (int e = 0; e < NB; e++) {
					int kk, nn;
					if (is64)
						P_d8::b(lane, e, kk, nn);
					else
						P_tf32::b(lane, e, kk, nn);
					long at = (long)(ks * KS + kk) * CS.plan.n + nt * 8 + nn;
					size_t iu = ((size_t)((ks * nnt + nt) * 2) * 32 + lane) * NB + e;
					size_t il = iu + 32 * NB;
					if (is64) {
						((double *)hb)[iu] = CS.plan.U[at];
						((double *)hb)[il] = CS.plan.L[at];
					} else {
						((float *)hb)[iu] = tf32_round((float)CS.plan.U[at]);
						((float *)hb)[il] = tf32_round((float)CS.plan.L[at]);
					}
				}
		}
	CS.smem = ((size_t)nks * 32 * NA * sizeof(int) + 15) / 16 * 16 + nb * eb;
	if (cudaMalloc(&CS.d_off, (size_t)nks * 32 * NA * sizeof(int)) != cudaSuccess ||
	    cudaMalloc(&CS.d_b, nb * eb) != cudaSuccess ||
	    cudaMemcpy(CS.d_off, ho, (size_t)nks * 32 * NA * sizeof(int), cudaMemcpyHostToDevice) != cudaSuccess ||
	    cudaMemcpy(CS.d_b, hb, nb * eb, cudaMemcpyHostToDevice) != cudaSuccess) {
		free(ho);
		free(hb);
		*why = "cannot upload the gather offsets and weight fragments";
		return -1;
	}
	free(ho);
	free(hb);
	CS.staged = g->dims < 3;
	if (CS.staged) {
		const int PAD = is64 ? 1 : 4;
		const int bh = 8 * (is64 ? cs_wr<P_d16>::v : cs_wr<P_tf32>::v);
		const int rows = g->dims == 2 ? bh + 2 * CS.plan.R : 1;
		CS.smem2 = (size_t)rows * (M + 1) * (CS.plan.n + PAD) * eb + nb * eb;
		if (for_each_kernel2d((int)CS.smem2) != 0) {
			cudaGetLastError();   /* clear the refused attribute, or the next check reports it */
			*why = "the staged tile does not fit in shared memory";
			return -1;
		}
	}
	if (CS.smem > 48 * 1024) {
		for_each_kernel((int)CS.smem);
	}
	CS.args.origin = grid_at(g, 0, 0, 0);
	CS.args.pitch = g->pitch;
	CS.args.plane = g->plane;
	CS.args.nx = (int)g->n[0];
	CS.args.ny = (int)g->n[1];
	CS.args.nz = (int)g->n[2];
	CS.args.R = CS.plan.R;
	CS.args.n = CS.plan.n;
	CS.args.K = CS.plan.K;
	CS.args.Kpad = CS.plan.Kpad;
	CS.args.rows = CS.plan.rows;
	CS.args.dims = g->dims;
	CS.args.segs = (int)((g->n[0] + (long)M * CS.plan.n - 1) / ((long)M * CS.plan.n));
	snprintf(CS.variant, sizeof(CS.variant), "%s, chunks of %d outputs, K %d padded to %d, sigma %.4f, %s",
		 is64 ? (M == 16 ? "mma.sync m16n8k4 f64" : "mma.sync m8n8k4 f64") : "mma.sync m16n8k8 tf32",
		 CS.plan.n, CS.plan.K, CS.plan.Kpad,
		 flat_sigma(&CS.plan), g->dims < 3 ? "staged in shared memory" : "gathered through L1");
	c->state = &CS;
	return 0;
}

/* one launch of the instantiation for this precision policy and n / 8 output tiles */
template <typename P>
static void launch_p(const void *in, void *out, cudaStream_t s, int staged, dim3 grid, unsigned blocks)
{
	typedef typename P::T T;
	const int nt = CS.args.n / 8;
	if (staged) {
		if (nt == 2)
			convstencil2d_kernel<P, 2><<<grid, 256, CS.smem2, s>>>((const T *)in, (T *)out, (const T *)CS.d_b, CS.args);
		else
			convstencil2d_kernel<P, 1><<<grid, 256, CS.smem2, s>>>((const T *)in, (T *)out, (const T *)CS.d_b, CS.args);
	} else {
		if (nt == 2)
			convstencil_kernel<P, 2><<<blocks, 128, CS.smem, s>>>((const T *)in, (T *)out, CS.d_off, (const T *)CS.d_b, CS.args);
		else
			convstencil_kernel<P, 1><<<blocks, 128, CS.smem, s>>>((const T *)in, (T *)out, CS.d_off, (const T *)CS.d_b, CS.args);
	}
}

static void cs_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	const int bh = 8 * (c->dtype == DT_FP64 ? cs_wr<P_d16>::v : cs_wr<P_tf32>::v);
	const int rowsb = c->grid->dims == 2 ? (CS.args.ny + bh - 1) / bh : 1;
	const long long warps = (long long)CS.args.segs * CS.args.ny * CS.args.nz;
	dim3 grid((unsigned)CS.args.segs, (unsigned)rowsb);
	const unsigned blocks = (unsigned)((warps + 3) / 4);
	if (c->dtype == DT_FP64 && CS.M == 16)
		launch_p<P_d16>(in, out, s, CS.staged, grid, blocks);
	else if (c->dtype == DT_FP64)
		launch_p<P_d8>(in, out, s, CS.staged, grid, blocks);
	else
		launch_p<P_tf32>(in, out, s, CS.staged, grid, blocks);
}

static void cs_teardown(struct method_ctx *c)
{
	(void)c;
	cudaFree(CS.d_off);
	cudaFree(CS.d_b);
	flat_free(&CS.plan);
}

static const char *cs_variant(const struct method_ctx *c)
{
	(void)c;
	return CS.variant;
}

static double cs_sigma(const struct method_ctx *c)
{
	(void)c;
	return flat_sigma(&CS.plan);
}

extern const struct kernel_method method_convstencil = {
	"convstencil", UNIT_TC, DT_BIT(DT_FP64) | DT_BIT(DT_TF32),
	"flattening with dual tessellation on mma.sync (f64 m8n8k4, tf32 m16n8k8), kernel fusion",
	cs_supports, cs_setup, cs_launch, cs_teardown, "convstencil_kernel", cs_variant, cs_sigma,
};
