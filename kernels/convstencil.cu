/*
 * convstencil.cu - the `convstencil` method: the flattening family on dense tensor cores
 * (ConvStencil-style stencil2row layout and dual tessellation; tcs Tables 2-3 cases 1, 2, 5 in
 * fp64 and 3, 4 in tf32). Kernel fusion: the host composes the stencil t times (fused radius
 * R = r t) and the kernel applies the fused stencil once. kernels/transform.h builds the two
 * weight matrices U and L (the upper band and its wrap into the next chunk) and proves them on
 * the CPU; sigma is the plan's exact count.
 *
 * A block of 8 warps owns one row segment of M chunks of n outputs (M = 16: the instruction's m)
 * for BH output rows, and stages the input those rows read in shared memory with cp.async: in
 * 1D and 2D once; in 3D it streams along z, one input plane at a time (the next prefetched
 * while the block computes the current one), and applies each plane to the 2R + 1 output planes
 * it feeds, which wait in registers. For each K step a warp takes its A tile
 * (ldmatrix in tf32) for the chunks and for their right neighbours and issues two MMAs, one with
 * U and one with L; the B fragments are precomputed on the host (tf32-rounded there) and held in
 * shared memory, each serving the warp's WR rows.
 *
 * Instructions: tf32 m16n8k8 (fp32 accumulation); fp64 m16n8k4 on sm_90 by default (m8n8k4, the
 * ConvStencil paper's instruction, runs there as a 16-row instruction with half its rows idle,
 * so it is kept for sm_80 and as the option `m8n8k4`), and the sm_90 shapes `m16n8k8` and
 * `m16n8k16` as options (convstencil:m16n8k16; 1D and 2D only). The CSV's variant column names
 * what ran.
 */
#include <stdio.h>
#include <string.h>

#include "kmethod.h"
#include "ptx.cuh"
#include "wgmma-variants.h"

extern "C" {
#include "transform.h"
}

/*
 * The MMA shapes and their fragment layouts (PTX mma.sync; g = lane / 4, t = lane % 4). For
 * every shape here element e of a lane's A fragment is A[g + 8 (e & 1)][t + 4 (e >> 1)] (only
 * g for m8n8k4), of its B fragment B[t + 4 e][g], of C C[g + 8 (e >> 1)][2 t + (e & 1)].
 */
__host__ __device__ inline void frag_a(int lane, int e, int &r, int &c) { r = lane / 4 + 8 * (e & 1); c = lane % 4 + 4 * (e >> 1); }
__host__ __device__ inline void frag_b(int lane, int e, int &k, int &n) { k = lane % 4 + 4 * e; n = lane / 4; }

struct P_tf32 {
	typedef float T;
	typedef unsigned A;                 /* A fragments: tf32 bits from ldmatrix */
	static constexpr int M = 16, N = 8, K = 8, NA = 4, NB = 2, NC = 4;
	__host__ __device__ static void c(int lane, int e, int &r, int &n) { r = lane / 4 + (e >> 1) * 8; n = 2 * (lane % 4) + (e & 1); }
	__device__ static void mma(float (&c)[NC], const unsigned (&a)[NA], const float (&b)[NB])
	{
		mma_tf32_m16n8k8(c, a, __float_as_uint(b[0]), __float_as_uint(b[1]));   /* B: tf32 on the host */
	}
};
struct P_d8 {                       /* m8n8k4: rows 8..15 of the M chunks are not computed */
	typedef double T, A;
	static constexpr int M = 8, N = 8, K = 4, NA = 1, NB = 1, NC = 2;
	__host__ __device__ static void c(int lane, int e, int &r, int &n) { r = lane / 4; n = 2 * (lane % 4) + e; }
	__device__ static void mma(double (&c)[NC], const double (&a)[NA], const double (&b)[NB])
	{
		asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
			     : "+d"(c[0]), "+d"(c[1]) : "d"(a[0]), "d"(b[0]));
	}
};
template <int KK> struct P_d16 {    /* m16n8k4, m16n8k8, m16n8k16 (sm_90) */
	typedef double T, A;
	static constexpr int M = 16, N = 8, K = KK, NA = KK / 2, NB = KK / 4, NC = 4;
	__host__ __device__ static void c(int lane, int e, int &r, int &n) { r = lane / 4 + (e >> 1) * 8; n = 2 * (lane % 4) + (e & 1); }
	__device__ static void mma(double (&c)[NC], const double (&a)[NA], const double (&b)[NB])
	{
#if __CUDA_ARCH__ >= 900
		if constexpr (KK == 4)
			asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
				     : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3]) : "d"(a[0]), "d"(a[1]), "d"(b[0]));
		else if constexpr (KK == 8)
			asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
				     "{%8,%9}, {%0,%1,%2,%3};"
				     : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
				     : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
		else
			asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, "
				     "{%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15}, {%0,%1,%2,%3};"
				     : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
				     : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]),
				       "d"(a[7]), "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
#else
		(void)c, (void)a, (void)b;
		__trap();   /* the host offers these shapes on sm_90 only */
#endif
	}
};

/*
 * Staged chunks: n values each, padded to n + 4 in tf32 (ldmatrix rows then fall on distinct banks)
 * and unpadded in fp64, where a chunk's column j is stored at j ^ cs_swz(c) instead. A warp's
 * fp64 fragment load reads four consecutive columns of eight consecutive chunks, and a half-warp
 * four chunks: the swizzle puts those four on four distinct groups of four 8-byte banks. (A pad
 * of one double, the earlier layout, left two of the four on the same banks: two-way conflicts,
 * and the 3D kernel ran at 98 % of the shared-memory pipe.)
 */
template <typename T> struct cs_pad { static constexpr int v = sizeof(T) == 8 ? 0 : 4; };
template <typename T, int n> __host__ __device__ __forceinline__ int cs_swz(int c)
{
	return sizeof(T) != 8 ? 0 : n == 8 ? ((c >> 1) & 1) * 4 : (c & 3) * 4;
}

/* a warp's A fragments of one K step from staged rows (base: the warp's first row; rowoff: each
 * fragment element's staged row offset, col: its column in the chunk), for the chunks (fa) and
 * for their right neighbours (fa1) */
template <typename P, int n>
__device__ __forceinline__ void cs_load_a(typename P::A (&fa)[P::NA], typename P::A (&fa1)[P::NA],
					  const typename P::T *base, const int (&rowoff)[P::NA],
					  const int (&col)[P::NA], int lane)
{
	typedef typename P::T T;
	constexpr int CN = n + cs_pad<T>::v;
	if constexpr (sizeof(T) == 4) {
		/* ldmatrix.x4: lanes 8m..8m+7 address rows of matrix m (rows 0-7/8-15, cols 0-3/4-7) */
		const int mat = lane / 8, rr = lane % 8;
		const T *p = base + rowoff[0] + col[0] - lane % 4 + (rr + (mat & 1) * 8) * CN + (mat >> 1) * 4;
		ldsm_x4(fa, p);
		ldsm_x4(fa1, p + CN);                 /* the next chunk */
	} else {
#pragma unroll
		for (int e = 0; e < P::NA; e++) {
			int r, cc;
			frag_a(lane, e, r, cc);
			fa[e] = base[rowoff[e] + r * CN + (col[e] ^ cs_swz<T, n>(r))];
			fa1[e] = base[rowoff[e] + (r + 1) * CN + (col[e] ^ cs_swz<T, n>(r + 1))];   /* the next chunk */
		}
	}
}

struct cs_args {
	long long origin, pitch, plane;
	int nx, ny, nz, R, n, K, Kpad, rows;
	int dims, zc;               /* 3D: output planes a block streams through */
};

/* output rows per warp in 1D and 2D (8 warps a block, so BH = 32 rows a block): 4; 8 and 2 were
 * measured slower (case 1: 283 and 275 against 310 GStencil/s; case 3: 438 with 2 against 466) */
constexpr int CS_WR = 4;

/*
 * 1D and 2D. Staged row s holds (M+1) chunks of n values (laid out as above): chunk c element
 * j is in[y0 - R + s][x0 - R + c n + j]. For K step ks the reduction index kk = ks K + col is
 * element i = kk % n of footprint row q = kk / n = dy; the A tile of output row w is then
 * staged row w + dy + R, rows 0..M-1 its chunks, and the dual tessellation's A' the same tile
 * one chunk on.
 */
template <typename P, int NT>
__global__ void __launch_bounds__(256) convstencil_kernel(const typename P::T *__restrict__ in,
							  typename P::T *__restrict__ out,
							  const typename P::T *__restrict__ bfrag, struct cs_args a)
{
	typedef typename P::T T;
	constexpr int PAD = cs_pad<T>::v, WR = CS_WR, BH = 8 * WR;
	extern __shared__ __align__(16) unsigned char cs_smem[];
	constexpr int n = NT * P::N, CN = n + PAD;                   /* outputs a chunk: 8 or 16 */
	const int nks = a.Kpad / P::K, R = a.R;
	const int two_d = a.dims >= 2;
	/* staged rows; in 1D each of the block's BH (warp, row) pairs owns a segment of M chunks,
	 * staged as a row of its own */
	const int srows = two_d ? BH + 2 * R : BH;
	const int rowsz = (P::M + 1) * CN;
	T *s_in = reinterpret_cast<T *>(cs_smem);                    /* [row][M+1][CN] */
	T *s_b = s_in + (size_t)srows * rowsz;                       /* [ks][nt][U,L][lane][NB] */
	const int x0 = blockIdx.x * P::M * n * (two_d ? 1 : BH), y0 = blockIdx.y * BH;

	const T *row0 = in + a.origin + (long long)(y0 - (two_d ? R : 0)) * a.pitch;
	const int per_row = (P::M + 1) * n;
	for (int e = threadIdx.x; e < srows * per_row; e += blockDim.x) {
		const int sr = e / per_row, rem = e % per_row, c = rem / n, j = rem % n;
		const int y = two_d ? y0 - R + sr : 0, x = x0 + (two_d ? 0 : sr * P::M * n) - R + c * n + j;
		T *d = s_in + (size_t)sr * rowsz + c * CN + (j ^ cs_swz<T, n>(c));
		if ((!two_d || y < a.ny + R) && x < a.nx + R)
			cp_async(d, row0 + (two_d ? (long long)sr * a.pitch : 0) + x);
		else
			*d = 0;
	}
	for (int i = threadIdx.x; i < nks * NT * 2 * 32 * P::NB; i += blockDim.x)
		s_b[i] = bfrag[i];
	cp_commit();
	cp_wait_all();
	__syncthreads();

	const int lane = threadIdx.x & 31, warp = threadIdx.x / 32;
	const int wr0 = warp * WR;                    /* first of this warp's rows in the block */
	T acc[WR][NT][P::NC] = {};
	for (int ks = 0; ks < nks; ks++) {
		T bu[NT][P::NB], bl[NT][P::NB];
#pragma unroll
		for (int nt = 0; nt < NT; nt++) {
			const T *b = s_b + ((ks * NT + nt) * 2 * 32 + lane) * P::NB;
#pragma unroll
			for (int e = 0; e < P::NB; e++) {
				bu[nt][e] = b[e];
				bl[nt][e] = b[32 * P::NB + e];
			}
		}
		/* the staged element of fragment element e for output row 0 of the block: its
		 * footprint row q = (ks K + 4 (e >> 1)) / n is the same in every lane */
		int rowoff[P::NA], col[P::NA];
#pragma unroll
		for (int e = 0; e < P::NA; e++) {
			int r, cc;
			frag_a(lane, e, r, cc);
			const int kk = ks * P::K + cc;
			const int q = min(kk / n, a.rows - 1);   /* K padding: zero weights, any staged value */
			rowoff[e] = (two_d ? q : 0) * rowsz;
			col[e] = kk % n;
		}
#pragma unroll
		for (int w = 0; w < WR; w++) {
			const T *base = s_in + (size_t)(wr0 + w) * rowsz;   /* 1D: its own segment */
			typename P::A fa[P::NA], fa1[P::NA];
			cs_load_a<P, n>(fa, fa1, base, rowoff, col, lane);
#pragma unroll
			for (int nt = 0; nt < NT; nt++) {
				P::mma(acc[w][nt], fa, bu[nt]);
				P::mma(acc[w][nt], fa1, bl[nt]);
			}
		}
	}
#pragma unroll
	for (int w = 0; w < WR; w++) {
		const int y = y0 + wr0 + w;
		if (two_d && y >= a.ny)
			continue;
		T *dst = out + a.origin + (long long)(two_d ? y : 0) * a.pitch;
#pragma unroll
		for (int nt = 0; nt < NT; nt++)
#pragma unroll
			for (int e = 0; e < P::NC; e++) {
				int r, nn;
				P::c(lane, e, r, nn);
				const int x = x0 + (two_d ? 0 : (wr0 + w) * P::M * n) + r * n + nt * P::N + nn;
				if (x < a.nx)
					dst[x] = acc[w][nt][e];
			}
	}
}

/*
 * 3D (n = 8: a fused radius up to 3). A block of 8 warps owns 8 output rows (one a warp) of M
 * chunks and streams through zc output planes. Each input plane is staged once, double-buffered
 * with cp.async, and applied to every output plane it feeds: its footprint plane dz serves
 * output plane zi - dz. The 2R + 1 output planes in flight live in registers; after input plane
 * zi the oldest, zi - R, has all its 2R + 1 planes and is written, and the window moves on.
 * Shared memory: two staged planes and the B fragments, 79 KB for R = 3 in fp64 (a ring of
 * 2R + 2 staged planes, the earlier design, took 187 KB and left one block an SM), so two
 * blocks share an SM; three staged planes, B fragments read from global memory and 16 to 128
 * planes a block were measured within 1 % of this. A footprint plane is k n / K whole K steps
 * (n % K == 0, checked on the host), so each K step belongs to one output plane.
 */
template <typename P, int R>
__global__ void __launch_bounds__(256, 2) convstencil_kernel3d(const typename P::T *__restrict__ in,
							       typename P::T *__restrict__ out,
							       const typename P::T *__restrict__ bfrag, struct cs_args a)
{
	typedef typename P::T T;
	constexpr int PAD = cs_pad<T>::v, n = P::N, CN = n + PAD, k = 2 * R + 1, NP = 2 * R + 1;
	constexpr int srows = 8 + 2 * R, rowsz = (P::M + 1) * CN, slab = srows * rowsz;
	constexpr int GKS = k * n / P::K, NKS = NP * GKS;            /* K steps a footprint plane, all */
	extern __shared__ __align__(16) unsigned char cs_smem[];
	T *s_in = reinterpret_cast<T *>(cs_smem);                    /* [2][row][M+1][CN] */
	T *s_b = s_in + 2 * slab;                                    /* [ks][U,L][lane][NB] */
	const int x0 = blockIdx.x * P::M * n, y0 = blockIdx.y * 8, z0 = blockIdx.z * a.zc;
	const int zend = min(a.nz, z0 + a.zc);

	auto stage = [&](int z, int slot) {
		const T *row0 = in + a.origin + (long long)z * a.plane + (long long)(y0 - R) * a.pitch;
		constexpr int per_row = (P::M + 1) * n;
		for (int e = threadIdx.x; e < srows * per_row; e += blockDim.x) {
			const int sr = e / per_row, rem = e % per_row, c = rem / n, j = rem % n;
			const int y = y0 - R + sr, x = x0 - R + c * n + j;
			T *d = s_in + slot * slab + sr * rowsz + c * CN + (j ^ cs_swz<T, n>(c));
			if (y < a.ny + R && x < a.nx + R)
				cp_async(d, row0 + (long long)sr * a.pitch + x);
			else
				*d = 0;
		}
	};
	for (int i = threadIdx.x; i < NKS * 2 * 32 * P::NB; i += blockDim.x)
		s_b[i] = bfrag[i];
	stage(z0 - R, 0);
	cp_commit();

	const int lane = threadIdx.x & 31, warp = threadIdx.x / 32;
	T acc[NP][P::NC] = {};                        /* acc[j]: output plane zi - R + j */
	for (int zi = z0 - R, it = 0; zi < zend + R; zi++, it++) {
		if (zi + 1 < zend + R)
			stage(zi + 1, (it + 1) & 1);
		cp_commit();
		cp_wait_but_one();
		__syncthreads();
		const T *base = s_in + (it & 1) * slab + warp * rowsz;
#pragma unroll
		for (int j = 0; j < NP; j++) {
			const int zo = zi - R + j, g = 2 * R - j;   /* input zi is footprint plane dz = R - j of zo */
			if (zo < z0 || zo >= zend)
				continue;
			T accl[P::NC] = {};                   /* the L products: a second chain */
#pragma unroll
			for (int s = 0; s < GKS; s++) {
				const T *b = s_b + ((g * GKS + s) * 2 * 32 + lane) * P::NB;
				T bu[P::NB], bl[P::NB];
#pragma unroll
				for (int e = 0; e < P::NB; e++) {
					bu[e] = b[e];
					bl[e] = b[32 * P::NB + e];
				}
				int rowoff[P::NA], col[P::NA];
#pragma unroll
				for (int e = 0; e < P::NA; e++) {
					int r, cc;
					frag_a(lane, e, r, cc);
					const int kk = s * P::K + cc;           /* within the footprint plane */
					rowoff[e] = (kk / n) * rowsz;
					col[e] = kk % n;
				}
				typename P::A fa[P::NA], fa1[P::NA];
				cs_load_a<P, n>(fa, fa1, base, rowoff, col, lane);
				P::mma(acc[j], fa, bu);
				P::mma(accl, fa1, bl);
			}
#pragma unroll
			for (int e = 0; e < P::NC; e++)
				acc[j][e] += accl[e];
		}
		const int zo = zi - R, y = y0 + warp;
		if (zo >= z0 && y < a.ny) {
			T *dst = out + a.origin + (long long)zo * a.plane + (long long)y * a.pitch;
#pragma unroll
			for (int e = 0; e < P::NC; e++) {
				int r, nn;
				P::c(lane, e, r, nn);
				const int x = x0 + r * n + nn;
				if (x < a.nx)
					dst[x] = acc[0][e];
			}
		}
#pragma unroll
		for (int j = 0; j < NP; j++)
#pragma unroll
			for (int e = 0; e < P::NC; e++)
				acc[j][e] = j + 1 < NP ? acc[j + 1][e] : T(0);
		__syncthreads();   /* this slot is refilled next */
	}
}


/* the instruction: what the option names, or the GPU's default */
enum cs_instr { CS_TF32, CS_D8, CS_D16K4, CS_D16K8, CS_D16K16 };
static const char *const cs_instr_name[] = {
	"mma.sync m16n8k8 tf32", "mma.sync m8n8k4 f64", "mma.sync m16n8k4 f64", "mma.sync m16n8k8 f64",
	"mma.sync m16n8k16 f64",
};
static const int cs_instr_k[] = { 8, 4, 4, 8, 16 };

struct cs_state {
	struct flat_plan plan;
	enum cs_instr instr;
	void *d_b;
	size_t smem;
	const void *kernel;
	struct cs_args args;
	char variant[METHOD_VARIANT_MAX];
};

static struct cs_state CS;

/* the kernel for (policy, n / 8, 3D radius R; R = 0 in 1D and 2D) */
template <typename P> static const void *cs_kernel(int nt, int R)
{
	if (R == 0)
		return nt == 2 ? (const void *)convstencil_kernel<P, 2> : (const void *)convstencil_kernel<P, 1>;
	if constexpr (P::K <= 8)   /* 3D chunks of n = 8: a footprint plane is whole K steps */
		return R == 1 ? (const void *)convstencil_kernel3d<P, 1>
		     : R == 2 ? (const void *)convstencil_kernel3d<P, 2> : (const void *)convstencil_kernel3d<P, 3>;
	return NULL;
}
static const void *cs_pick(enum cs_instr in, int nt, int R3)
{
	switch (in) {
	case CS_TF32: return cs_kernel<P_tf32>(nt, R3);
	case CS_D8: return cs_kernel<P_d8>(nt, R3);
	case CS_D16K4: return cs_kernel<P_d16<4>>(nt, R3);
	case CS_D16K8: return cs_kernel<P_d16<8>>(nt, R3);
	default: return cs_kernel<P_d16<16>>(nt, R3);
	}
}

static int cs_instr_for(const struct method_ctx *c, enum cs_instr *in, const char **why)
{
	const char *o = c->option ? c->option : "";
	int sm90 = c->props->major >= 9;
	if (c->dtype == DT_TF32) {
		*in = CS_TF32;
		if (*o) {
			*why = "tf32 runs mma.sync m16n8k8 only; the options pick the fp64 instruction";
			return -1;
		}
		return 0;
	}
	if (!*o)
		*in = sm90 ? CS_D16K4 : CS_D8;
	else if (!strcmp(o, "m8n8k4"))
		*in = CS_D8;
	else if (!strcmp(o, "m16n8k4"))
		*in = CS_D16K4;
	else if (!strcmp(o, "m16n8k8"))
		*in = CS_D16K8;
	else
		*in = CS_D16K16;
	if (*in != CS_D8 && !sm90) {
		*why = "the m16n8kK f64 shapes need sm_90";
		return -1;
	}
	return 0;
}

static const char *cs_supports(const struct method_ctx *c)
{
	int R = c->stencil->radius * c->fusion;
	enum cs_instr in;
	const char *why = NULL;
	if (c->dtype != DT_FP64 && c->dtype != DT_TF32)
		return "convstencil runs fp64 (mma.sync f64) and tf32 (fp32 data, tf32 math); use dtype tf32";
	if (R > 7)
		return "convstencil supports a fused radius up to 7";
	if (c->stencil->dims == 3 && R > 3)
		return "convstencil supports 3D fused radius up to 3";
	if (cs_instr_for(c, &in, &why) != 0)
		return why;
	if (c->stencil->dims == 3 && cs_instr_k[in] > 8)
		return "3D chunks of 8 outputs split a K step of 16 across footprint planes; use m16n8k4 or m16n8k8";
	return NULL;
}

static int cs_setup(struct method_ctx *c, const char **why)
{
	const struct grid *g = c->grid;
	const int is64 = c->dtype == DT_FP64, d3 = g->dims == 3;
	memset(&CS, 0, sizeof(CS));
	if (cs_instr_for(c, &CS.instr, why) != 0)
		return -1;
	if (g->n[0] + 4096 > 0x7fffffffL) {
		*why = "an extent past 2^31 - 4096 elements: the kernel indexes rows with 32-bit ints";
		return -1;
	}
	const int KS = cs_instr_k[CS.instr], NB = KS / 4;
	if (flat_build(c->composed, 8, KS, &CS.plan) != 0) {
		*why = "cannot build the flattening matrices";
		return -1;
	}
	/* per K step, output tile, U/L and lane: the B fragments */
	const int nks = CS.plan.Kpad / KS, nnt = CS.plan.n / 8;
	size_t nb = (size_t)nks * nnt * 2 * 32 * NB, eb = is64 ? 8 : 4;
	void *hb = calloc(nb, eb);
	if (!hb) {
		flat_free(&CS.plan);
		*why = "out of host memory";
		return -1;
	}
	for (int ks = 0; ks < nks; ks++)
		for (int lane = 0; lane < 32; lane++)
			for (int nt = 0; nt < nnt; nt++)
				for (int e = 0; e < NB; e++) {
					int kk, nn;
					frag_b(lane, e, kk, nn);
					long at = (long)(ks * KS + kk) * CS.plan.n + nt * 8 + nn;
					size_t iu = ((size_t)((ks * nnt + nt) * 2) * 32 + lane) * NB + e;
					size_t il = iu + 32 * NB;
					if (is64) {
						((double *)hb)[iu] = CS.plan.U[at];
						((double *)hb)[il] = CS.plan.L[at];
					} else {
						((uint32_t *)hb)[iu] = tf32_bits((float)CS.plan.U[at]);
						((uint32_t *)hb)[il] = tf32_bits((float)CS.plan.L[at]);
					}
				}
	if (cudaMalloc(&CS.d_b, nb * eb) != cudaSuccess ||
	    cudaMemcpy(CS.d_b, hb, nb * eb, cudaMemcpyHostToDevice) != cudaSuccess) {
		free(hb);
		cudaFree(CS.d_b);
		flat_free(&CS.plan);
		*why = "cannot upload the weight fragments";
		return -1;
	}
	free(hb);
	const int M = CS.instr == CS_D8 ? 8 : 16, PAD = is64 ? 0 : 4, R = CS.plan.R;
	/* staged rows a plane: 1D one a (warp, row) pair, each its own segment; 3D two planes */
	const int srows = g->dims == 1 ? 8 * CS_WR : (d3 ? 8 : 8 * CS_WR) + 2 * R, slots = d3 ? 2 : 1;
	CS.smem = (size_t)slots * srows * (M + 1) * (CS.plan.n + PAD) * eb + nb * eb;
	CS.kernel = cs_pick(CS.instr, nnt, d3 ? R : 0);

	if (!CS.kernel || cudaFuncSetAttribute(CS.kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
					       (int)CS.smem) != cudaSuccess) {
		cudaGetLastError();   /* clear the refused attribute, or the next check reports it */
		cudaFree(CS.d_b);
		flat_free(&CS.plan);
		*why = "the staged tile does not fit in shared memory";
		return -1;
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
	CS.args.zc = d3 ? 64 : 1;
	snprintf(CS.variant, sizeof(CS.variant), "%s, chunks of %d outputs, K %d padded to %d, sigma %.4f, %s",
		 cs_instr_name[CS.instr], CS.plan.n, CS.plan.K, CS.plan.Kpad, flat_sigma(&CS.plan),
		 d3 ? "2R + 1 output planes in registers, input planes streamed through shared memory"
		    : "staged in shared memory");
	c->state = &CS;
	return 0;
}

static void cs_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	const int dims = c->grid->dims, bh = dims == 3 ? 8 : 8 * CS_WR;
	const int M = CS.instr == CS_D8 ? 8 : 16;
	const int seg = M * CS.args.n * (dims >= 2 ? 1 : bh);   /* outputs a block along x */
	dim3 grid((unsigned)((CS.args.nx + seg - 1) / seg), (unsigned)(dims >= 2 ? (CS.args.ny + bh - 1) / bh : 1),
		  (unsigned)(dims == 3 ? (CS.args.nz + CS.args.zc - 1) / CS.args.zc : 1));
	void *args[] = { (void *)&in, (void *)&out, (void *)&CS.d_b, (void *)&CS.args };
	cudaLaunchKernel(CS.kernel, grid, dim3(256), args, CS.smem, s);   /* checked by the runner */
}

static void cs_teardown(struct method_ctx *c)
{
	(void)c;
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

WGMMA_ENTRY(cs, convstencil_wgmma)

extern const struct kernel_method method_convstencil = {
	"convstencil",
	"flattening with dual tessellation on mma.sync (tf32 m16n8k8; f64 m16n8k4 on sm_90, m8n8k4 below; "
	":wgmma, tf32 on wgmma.mma_async), kernel fusion",
	cs_any_supports, cs_any_setup, cs_any_launch, cs_any_teardown, "convstencil_kernel", cs_any_variant, cs_any_sigma,
};
KERNEL_METHOD(method_convstencil);
