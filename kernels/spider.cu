/*
 * spider.cu - the `spider` and `spider-dense` methods: SPIDER / SPTCStencil's strided swapping on
 * sparse tensor cores (mma.sp) and the same transformation on dense ones (mma.sync; tcs Table 4's
 * SPIDER-Dense). tcs Tables 2-4 cases 3, 4 and 6, sptc Figures 9-10. Kernel fusion: the host
 * composes the stencil t times (fused radius R = r t <= 7) and the kernel applies it once.
 *
 * kernels/sparse.h builds, swaps and compresses the kernel matrices (proved on the CPU): for each
 * footprint row q the 16 x Kpad matrix A_q (P tiles of L = 2R + 2 rows, block-diagonal, P by
 * sparse_pack's rule: the harness's mapping of the paper's tiles onto the instruction's 16 rows,
 * which the paper does not state) multiplies B_q, whose column n is the input row of output row n
 * shifted by (dy, dz) and whose row k is input column x0 - R - s + perm[k] (the swap folded into
 * the load offsets). A is the weights, in per-lane fragment order from the host: values (and, for
 * mma.sp, metadata) for every (q, K step). B comes from the block's input tile, staged in shared
 * memory with 16-byte cp.async.
 *
 * Instructions: tf32 (fp32 data) mma.sp m16n8k16 (1:2, strided column swap) or dense mma.sync
 * m16n8k8; fp16 mma.sp m16n8k32 (2:4, strided pair swap, so that each B register is one 32-bit
 * load of two adjacent inputs; at fused radius 7 in 2D its groups reordered so that a lane's four
 * B registers are eight adjacent inputs, one 16-byte load: sparse_lane_groups) or dense m16n8k16;
 * fp32 accumulation, or fp16 with the option `f16acc` (as the sptc artifact). The option `L16`
 * (spider:L16) fills the instruction's 16 rows with one tile whatever the radius (L = 16 instead
 * of the paper's 2R + 2; the swaps still hold, see sparse.h), where the default packs P tiles of
 * 2R + 2. Metadata is packed as sptc section 3.4.2 describes: the lanes 4g + {0,1} carry the
 * metadata of an even K step and 4g + {2,3} that of the next one, which the MMA reads with
 * sparsity selector 0 and 1, so every loaded metadata word is used.
 *
 * In 3D (tcs case 6, box3d1r fused 7 times: 225 footprint rows) tf32 on mma.sp runs
 * spider_kernel_r7 one input plane at a time: the 15 planes z - 7 .. z + 7 of an output tile staged
 * in turn (double-buffered), each with its 15 footprint rows' A in registers, the accumulators kept
 * across them. Other 3D cases load B and A straight from global memory through L1.
 *
 * Tiling: a block of 8 warps owns 8 XT x-tiles of P L outputs (XT a warp: 4 for P L = 4, 2 for
 * P L <= 8, else 1, so that a block spans at least 128 outputs) by 32 output rows (four groups of
 * n = 8); in 1D the 8 columns of an MMA are 8 consecutive x-tiles instead. Each A fragment a warp
 * loads serves its 4 XT MMAs of a K step.
 */
#include <stdio.h>
#include <string.h>

#include <type_traits>

#include <cuda_fp16.h>

#include "kmethod.h"
#include "ptx.cuh"
#include "wgmma-variants.h"

extern "C" {
#include "sparse.h"
}

#define SPD_RG 4                    /* row groups of 8 a warp */
#define SPD_MAX_STEPS 32            /* K steps per footprint row, at most Kpad / 8 */
#define SPD_R7_RG16 8               /* spider_kernel_r7's row groups a warp: 15 A steps in registers */
#define SPD_R7_RG32 4               /* the same with 30 (tf32, dense f16): fewer accumulators */
#define SPD_R7_YT 4                 /* spider_kernel_r7's row tiles a block */
#define SPD_R7_SW 160               /* its staged columns: 8 + 8 x-tiles of L = 16 + 16 + 8 */

/*
 * The staged tile's row pitch in 4-byte words for sw staged elements of eb bytes: 4 words past a
 * multiple of 32 banks, so that the 8 rows of a B load spread out; 2 past for spider_kernel_r7's
 * interleaved f16 rows (spd_orow), which then put the 32 lanes of a B load on 32 banks (the pair
 * swap's words a, a + 1, a + 8, a + 9 of 8 rows 4 words apart would share them two by two); 16
 * past (SPD_ROWS_LANE) for its lane-contiguous f16 fragments (sparse_lane_groups), one 16-byte
 * load a lane: lanes 4g + t read 16 bytes at 16 b(t) of row g, so two rows 64 bytes apart fill the
 * 128 bytes of a quarter-warp's phase without a conflict.
 */
enum spd_rows { SPD_ROWS_PLAIN, SPD_ROWS_INTERLEAVED, SPD_ROWS_LANE };   /* the staged rows' layout */
__host__ __device__ constexpr int spd_pitch_words(int sw, int eb, int layout)
{
	return (sw * eb / 4 + 31) / 32 * 32 + (layout == SPD_ROWS_LANE ? 16 : layout == SPD_ROWS_INTERLEAVED ? 2 : 4);
}

struct spd_args {
	long long origin, pitch, plane;
	int nx, ny, nz, R, L, shift, rows, nsteps, ksteps;   /* nsteps = rows * ksteps */
	int dims, sw, sp;               /* staged columns and row pitch (elements) */
	int yt;                         /* spider_kernel_r7: row tiles a block, one after the other */
	int nreal;                      /* spider_kernel: B registers a fragment loads (1, 2 or NB) */
};

/* per (data type, sparse): the instruction and its operand counts */
template <typename T, int SPARSE> struct spd_mma;
template <> struct spd_mma<float, 1> {      /* mma.sp m16n8k16 tf32: A 16x8 values, B 16x8 */
	static constexpr int K = 16, NB = 4;
	__device__ static int kb(int lane, int i) { return lane % 4 + 4 * i; }
	template <int SEL> __device__ static void mma(float (&c)[4], const unsigned (&a)[4], const unsigned (&b)[4], unsigned meta)
	{
		asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 "
			     "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, %12, %13;"
			     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
			     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]),
			       "r"(meta), "n"(SEL));
	}
};
template <> struct spd_mma<float, 0> {      /* mma.sync m16n8k8 tf32 */
	static constexpr int K = 8, NB = 2;
	__device__ static int kb(int lane, int i) { return lane % 4 + 4 * i; }
	template <int SEL> __device__ static void mma(float (&c)[4], const unsigned (&a)[4], const unsigned (&b)[2], unsigned)
	{
		mma_tf32_m16n8k8(c, a, b[0], b[1]);
	}
};
template <> struct spd_mma<__half, 1> {     /* mma.sp m16n8k32 f16: A 16x16 values, B 32x8 */
	static constexpr int K = 32, NB = 4;
	__device__ static int kb(int lane, int i) { return 2 * (lane % 4) + 8 * i; }
	template <int SEL> __device__ static void mma(float (&c)[4], const unsigned (&a)[4], const unsigned (&b)[4], unsigned meta)
	{
		asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 "
			     "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, %12, %13;"
			     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
			     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]),
			       "r"(meta), "n"(SEL));
	}
	template <int SEL> __device__ static void mma(unsigned (&c)[2], const unsigned (&a)[4], const unsigned (&b)[4], unsigned meta)
	{
		asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16 "
			     "{%0,%1}, {%2,%3,%4,%5}, {%6,%7,%8,%9}, {%0,%1}, %10, %11;"
			     : "+r"(c[0]), "+r"(c[1])
			     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]),
			       "r"(meta), "n"(SEL));
	}
};
template <> struct spd_mma<__half, 0> {     /* mma.sync m16n8k16 f16 */
	static constexpr int K = 16, NB = 2;
	__device__ static int kb(int lane, int i) { return 2 * (lane % 4) + 8 * i; }
	template <int SEL, typename C> __device__ static void mma(C &c, const unsigned (&a)[4], const unsigned (&b)[2], unsigned)
	{
		mma_f16_m16n8k16(c, a, b[0], b[1]);   /* fp32 or fp16 accumulation by C */
	}
};

/* accumulators: fp32 C[m = g + 8 (e >> 1)][n = 2t + (e & 1)], or fp16 pairs h[m = g + 8 i][2t, 2t+1] */
template <int F16ACC> struct spd_acc { float c[4]; __device__ float at(int e) const { return c[e]; } };
template <> struct spd_acc<1> {
	unsigned c[2];
	__device__ float at(int e) const
	{
		__half2 h;
		memcpy(&h, &c[e >> 1], 4);
		return __half2float((e & 1) ? __high2half(h) : __low2half(h));
	}
};

/* one B register: element k of column n (tf32), or the pair k, k+1 (f16: adjacent inputs) */
template <typename T> __device__ __forceinline__ unsigned spd_b(const T *p);
template <> __device__ __forceinline__ unsigned spd_b<float>(const float *p) { return __float_as_uint(*p); }
template <> __device__ __forceinline__ unsigned spd_b<__half>(const __half *p) { return *reinterpret_cast<const unsigned *>(p); }

/*
 * s_a: [step][lane][4] A value registers; s_m: [step / 2][lane] metadata (lanes 4g+0/1: the even
 * step, 4g+2/3: the odd one); s_c: [ks][i][lane] the staged column of B element i (perm folded in).
 * Staged row r, column c of the tile holds in[y0 - R + r][x0 - 8 + c] (2D) or in[x0 - 8 + c] (1D).
 */

/* Stage the block's input rows (cp.async of V, 16 or 8 bytes; zeros past the grid) and start the
 * copy. 8-byte copies serve a row pitch that is not a multiple of 16 bytes. */
template <typename T, typename V = uint4>
__device__ __forceinline__ void spd_stage(const T *__restrict__ in, T *s_in, const struct spd_args &a, int srows,
					  int two_d, int x0, int y0)
{
	constexpr int EPV = sizeof(V) / sizeof(T);     /* elements a copy */
	const int R = a.R, vrow = a.sw / EPV;
	const T *src = in + a.origin + (long long)(y0 - (two_d ? R : 0)) * a.pitch + x0 - 8;
	for (int e = threadIdx.x; e < srows * vrow; e += blockDim.x) {
		const int r = e / vrow, c = (e % vrow) * EPV;
		T *d = s_in + (size_t)r * a.sp + c;
		/* past the row's ghost cells only outputs beyond nx read: zeros, and no read past the buffer */
		if ((!two_d || y0 - R + r < a.ny + R) && x0 - 8 + c < a.nx + R)
			cp_async(reinterpret_cast<V *>(d), reinterpret_cast<const V *>(src + (long long)r * a.pitch + c));
		else
			*reinterpret_cast<V *>(d) = V{};
	}
	cp_commit();
}

/* Output row (within the block) of accumulator column n of row group rg: rg * 8 + n, or with
 * HMAP the interleaved rows of spider_kernel_r7's f16 path, 16 (rg / 2) + 4 (rg % 2) + h(n) with
 * h(n) = n % 4 + 8 (n / 4), whose staged rows spread a B load over all 32 banks. */
template <int HMAP> __device__ __forceinline__ int spd_orow(int rg, int n)
{
	return HMAP ? 16 * (rg / 2) + 4 * (rg % 2) + n % 4 + 8 * (n / 4) : rg * 8 + n;
}

/*
 * D[m][n]: m = g + 8 (e >> 1) outputs along x (m < L kept), n = 2t + (e & 1). The results go
 * through shared memory (the staged tile is free once every warp is past __syncthreads) so that
 * the stores to the grid are 16-byte vectors along x instead of scattered 2- or 4-byte ones.
 */
/* the 16-byte column chunk where spd_store keeps output chunk c of row oy: with SWZ, XOR (oy / 2) % 4,
 * so that the four rows 2t + (e & 1) a fragment's lanes write at once land on four chunks (a row
 * pitch of 64 bytes past 128, SPD_ROWS_LANE, would put them all on one) */
template <int SWZ> __device__ __forceinline__ int spd_chunk(int c, int oy)
{
	return SWZ ? c ^ ((oy >> 1) & 3) : c;
}

template <typename T, int F16ACC, int XT, int RG = SPD_RG, int HMAP = 0, int SWZ = 0>
__device__ __forceinline__ void spd_store(T *__restrict__ out, T *s_out, const spd_acc<F16ACC> (&acc)[XT][RG],
					  const struct spd_args &a, int two_d, int x0, int y0, int xspan)
{
	constexpr int EPV = 16 / sizeof(T);
	const int lane = threadIdx.x & 31, w = threadIdx.x / 32, g = lane / 4, t = lane % 4, L = a.L;
	const int orows = two_d ? 8 * RG : 1;
	/* SWZ (spider_kernel_r7's f16 tiles: 2D, one x-tile of L = 16 a warp): element e of a lane sits in
	 * row 8 rg + 2t + (e & 1), chunk 2w + (e >> 1), column g, and (row / 2) % 4 = t: its chunk moved by
	 * XOR t, two addresses a lane, worked out once */
	static_assert(!SWZ || (XT == 1 && EPV == 8), "the swizzled store serves 16-row f16 tiles");
	const int sxh[2] = { (((2 * w) ^ t) * EPV) + g, (((2 * w + 1) ^ t) * EPV) + g };
	__syncthreads();
#pragma unroll
	for (int xt = 0; xt < XT; xt++)
#pragma unroll
		for (int rg = 0; rg < RG; rg++)
#pragma unroll
			for (int e = 0; e < 4; e++) {
				const int m = g + 8 * (e >> 1), n = 2 * t + (e & 1), tile = w * XT + xt;
				if (m >= L)
					continue;
				const int ox = two_d ? tile * L + m : ((tile * RG + rg) * 8 + n) * L + m;
				const int oy = two_d ? spd_orow<HMAP>(rg, n) : 0;
				const float v = acc[xt][rg].at(e);
				const int sx = SWZ ? sxh[e >> 1] : ox;
				if constexpr (sizeof(T) == 4)
					s_out[(size_t)oy * a.sp + sx] = v;
				else
					s_out[(size_t)oy * a.sp + sx] = __float2half_rn(v);
			}
	__syncthreads();
	const int vcols = xspan / EPV;
	for (int e = threadIdx.x; e < orows * vcols; e += blockDim.x) {
		const int oy = e / vcols, ox = (e % vcols) * EPV, x = x0 + ox, y = y0 + oy;
		if ((two_d && y >= a.ny) || x >= a.nx)
			continue;
		T *d = out + a.origin + (long long)blockIdx.z * a.plane + (long long)y * a.pitch + x;
		const T *sv = s_out + (size_t)oy * a.sp + spd_chunk<SWZ>(ox / EPV, oy) * EPV;
		if (x + EPV <= a.nx) {   /* a row pitch of 8-byte multiples: two 8-byte reads */
			const uint2 lo = reinterpret_cast<const uint2 *>(sv)[0], hi = reinterpret_cast<const uint2 *>(sv)[1];
			*reinterpret_cast<uint4 *>(d) = make_uint4(lo.x, lo.y, hi.x, hi.y);
		}
		else
			for (int i = 0; i < a.nx - x; i++)
				d[i] = sv[i];
	}
}

template <typename T, int SPARSE, int F16ACC, int XT, int D3>
__global__ void __launch_bounds__(256) spider_kernel(const T *__restrict__ in, T *__restrict__ out,
						     const unsigned *__restrict__ afrag, const int *__restrict__ bcol,
						     struct spd_args a)
{
	typedef spd_mma<T, SPARSE> P;
	extern __shared__ __align__(16) unsigned char spd_smem[];
	/* 3D: B and A straight from global memory (L1/L2): 2R + 1 staged planes would not fit */
	const int two_d = a.dims >= 2, R = a.R, L = a.L, k = 2 * R + 1;
	const int srows = D3 ? 8 * SPD_RG : two_d ? 8 * SPD_RG + 2 * R : 1;
	T *s_in = reinterpret_cast<T *>(spd_smem);
	unsigned *s_a = reinterpret_cast<unsigned *>(s_in + (size_t)srows * a.sp);
	unsigned *s_m = s_a + a.nsteps * 32 * 4;
	int *s_c = reinterpret_cast<int *>(s_m + (SPARSE ? (a.nsteps + 1) / 2 * 32 : 0));
	const unsigned *A = D3 ? afrag : s_a, *Mt = D3 ? afrag + a.nsteps * 32 * 4 : s_m;
	const int *C = D3 ? bcol : s_c;
	const int z = blockIdx.z;
	const int xspan = two_d ? 8 * XT * L : 8 * XT * SPD_RG * 8 * L;   /* outputs a block along x */
	const int x0 = blockIdx.x * xspan, y0 = two_d ? blockIdx.y * 8 * SPD_RG : 0;
	if (!D3)
		spd_stage(in, s_in, a, srows, two_d, x0, y0);
	for (int i = threadIdx.x; i < (D3 ? 0 : a.nsteps * 32 * 4); i += blockDim.x)
		s_a[i] = afrag[i];
	if (SPARSE)
		for (int i = threadIdx.x; i < (D3 ? 0 : (a.nsteps + 1) / 2 * 32); i += blockDim.x)
			s_m[i] = afrag[a.nsteps * 32 * 4 + i];
	for (int i = threadIdx.x; i < (D3 ? 0 : a.ksteps * P::NB * 32); i += blockDim.x)
		s_c[i] = bcol[i];
	cp_wait_all();
	__syncthreads();

	const int lane = threadIdx.x & 31, w = threadIdx.x / 32, g = lane / 4;
	/* column n = g of B: staged row and column of its input, for row group rg, before (dy, perm) */
	int brow[SPD_RG], bcol0[XT][SPD_RG];
#pragma unroll
	for (int rg = 0; rg < SPD_RG; rg++) {
		brow[rg] = two_d ? rg * 8 + g : 0;
#pragma unroll
		for (int xt = 0; xt < XT; xt++)
			bcol0[xt][rg] = 8 - R - a.shift +
					(two_d ? (w * XT + xt) * L : (((w * XT + xt) * SPD_RG + rg) * 8 + g) * L);
	}
	spd_acc<F16ACC> acc[XT][SPD_RG];
	memset(acc, 0, sizeof(acc));
	/* nr: the B registers a step loads; past them a fragment's K positions are all padding (k >= 2L
	 * in every lane: zero weights), so their registers stay 0 and their loads are not issued */
	auto step = [&](int j, auto sel, auto nr) {
		constexpr int NR = decltype(nr)::value;
		const int q = j / a.ksteps, ks = j - q * a.ksteps;
		const int dy = D3 ? q % k - R : two_d ? q - R : 0;
		unsigned fa[4];
#pragma unroll
		for (int i = 0; i < 4; i++)
			fa[i] = A[(j * 32 + lane) * 4 + i];
		const unsigned meta = SPARSE ? Mt[(j / 2) * 32 + lane] : 0u;
		int col[P::NB];
#pragma unroll
		for (int i = 0; i < NR; i++)
			col[i] = C[(ks * P::NB + i) * 32 + lane];
#pragma unroll
		for (int xt = 0; xt < XT; xt++)
#pragma unroll
			for (int rg = 0; rg < SPD_RG; rg++) {
				/* 3D: rows past ny + R feed only outputs past ny; clamp them inside the grid */
				const T *row;
				if constexpr (D3)
					row = in + a.origin + (long long)(z + q / k - R) * a.plane +
					      (long long)min(y0 + brow[rg] + dy, a.ny + R - 1) * a.pitch + x0 - 8 + bcol0[xt][rg];
				else
					row = s_in + (size_t)(brow[rg] + (two_d ? dy + R : 0)) * a.sp + bcol0[xt][rg];
				unsigned fb[P::NB];
#pragma unroll
				for (int i = 0; i < P::NB; i++)
					fb[i] = i < NR ? spd_b<T>(row + col[i]) : 0u;
				P::template mma<decltype(sel)::value>(acc[xt][rg].c, fa, fb, meta);
			}
	};
	auto steps = [&](auto nr) {
		for (int j = 0; j < a.nsteps; j += 2) {
			step(j, std::integral_constant<int, 0>(), nr);
			if (j + 1 < a.nsteps)
				step(j + 1, std::integral_constant<int, 1>(), nr);
		}
	};
	if (a.nreal == 1)   /* a.nreal: the host's count for a single K step, else NB */
		steps(std::integral_constant<int, 1>());
	else if (a.nreal == 2)
		steps(std::integral_constant<int, 2>());
	else
		steps(std::integral_constant<int, P::NB>());
	spd_store<T, F16ACC, XT>(out, s_in, acc, a, two_d, x0, y0, xspan);
}

/*
 * The 2D kernel for fused radius 7 (tcs cases 3 and 4, the sptc artifact's own shape). Two
 * changes against the general kernel, same block staging and output:
 *   - the whole A (NSTEPS = 15 footprint rows x KSTEPS K steps), its metadata and the B column
 *     offsets stay in registers, so the inner loop is B loads from the staged tile and MMAs only;
 *   - a warp owns RG row groups (8 RG output rows) of one 16-wide x-tile, and the B fragment of
 *     staged row u serves every (row group rg, footprint row q) with 8 rg + q = u: 8 RG + 14
 *     loads for 15 RG MMAs a K step, where loading per (rg, q) took 15 RG.
 */
/* One row tile of spider_kernel_r7 from the staged tile s, added to the accumulators of row groups
 * 0..RG-1 (in 3D, one input plane's share of them). A step j's fragment is fa[j] (registers, NA = NSTEPS) or sa[j * 32 + lane] (shared memory). */
template <typename T, int SPARSE, int F16ACC, int NSTEPS, int KSTEPS, int RG, int HMAP, int LANE, int NA, int NM, int NB>
__device__ __forceinline__ void spd_r7_tile(const T *s, const struct spd_args &a, const unsigned (&fa)[NA][4],
					    const uint4 *sa, const unsigned (&meta)[NM], const int (&col)[KSTEPS][NB],
					    spd_acc<F16ACC> (&acc)[1][RG])
{
	typedef spd_mma<T, SPARSE> P;
	constexpr int R = 7, Q = 2 * R + 1;
	const int lane = threadIdx.x & 31, w = threadIdx.x / 32, g = lane / 4;
	/* column n = g of B: staged row spd_orow(0, g) (+ u), the tile's first column */
	const T *base = s + (size_t)spd_orow<HMAP>(0, g) * a.sp + 8 - R - a.shift + w * a.L;
	/* the row pitch as a constant (the host's a.sp, from the same function): every B load below is
	 * its lane's column pointer plus an immediate offset, no address arithmetic */
	constexpr int LAYOUT = LANE ? SPD_ROWS_LANE : HMAP ? SPD_ROWS_INTERLEAVED : SPD_ROWS_PLAIN;
	constexpr int SP = spd_pitch_words(SPD_R7_SW, sizeof(T), LAYOUT) * 4 / (int)sizeof(T);
	/* u: the staged row offset 8 rg + q (spd_orow(rg, 0) + q with HMAP) shared by (rg, q) pairs */
#pragma unroll
	for (int u = 0; u < spd_orow<HMAP>(RG - 1, 0) + Q; u++)
#pragma unroll
		for (int ks = 0; ks < KSTEPS; ks++) {
			const T *row = base + u * SP;
			unsigned fb[P::NB];
			if constexpr (LANE) {   /* the fragment's four registers: eight adjacent inputs */
				const uint4 v = *reinterpret_cast<const uint4 *>(row + col[ks][0]);
				fb[0] = v.x, fb[1] = v.y, fb[2] = v.z, fb[3] = v.w;
			} else {
#pragma unroll
				for (int i = 0; i < P::NB; i++)
					fb[i] = spd_b<T>(row + col[ks][i]);
			}
#pragma unroll
			for (int rg = 0; rg < RG; rg++) {
				const int q = u - spd_orow<HMAP>(rg, 0), j = q * KSTEPS + ks;
				if (q < 0 || q >= Q)
					continue;
				unsigned f[4];
				if constexpr (NA == NSTEPS) {
					f[0] = fa[j][0], f[1] = fa[j][1], f[2] = fa[j][2], f[3] = fa[j][3];
				} else {
					const uint4 v = sa[j * 32 + lane];
					f[0] = v.x, f[1] = v.y, f[2] = v.z, f[3] = v.w;
				}
				if (j % 2 == 0)
					P::template mma<0>(acc[0][rg].c, f, fb, meta[SPARSE ? j / 2 : 0]);
				else
					P::template mma<1>(acc[0][rg].c, f, fb, meta[SPARSE ? j / 2 : 0]);
			}
		}
}

template <typename T, int SPARSE, int F16ACC, int NSTEPS, int KSTEPS, int RG, int AREG = 1, int LANE = 0, int D3 = 0>
__global__ void __launch_bounds__(256, NSTEPS * 4 > 64 ? 1 : 2) spider_kernel_r7(
	const T *__restrict__ in, T *__restrict__ out, const unsigned *__restrict__ afrag,
	const int *__restrict__ bcol, struct spd_args a)
{
	typedef spd_mma<T, SPARSE> P;
	constexpr int R = 7, NM = SPARSE ? (NSTEPS + 1) / 2 : 1, NP = D3 ? 2 * R + 1 : 1;
	static_assert(!D3 || (AREG && NSTEPS % 2 == 0), "3D: A in registers, a plane's steps even (its metadata words)");
	extern __shared__ __align__(16) unsigned char spd_smem[];
	T *s_in = reinterpret_cast<T *>(spd_smem);
	/* f16: interleaved rows, 8-byte row pitch (spd_orow); or (LANE) rows in order, one 16-byte B load */
	constexpr int HMAP = sizeof(T) == 2 && !LANE;
	typedef typename std::conditional<HMAP, uint2, uint4>::type V;
	/* the block's row tiles t0 .. t1 - 1; in 3D each takes the NP input planes z - R .. z + R in turn,
	 * A's NSTEPS steps of that plane offset reloaded a plane. Every (row tile, plane) is staged
	 * (double-buffered) while the one before runs. */
	const int srows = 8 * RG + 2 * R, xspan = 8 * a.L, x0 = blockIdx.x * xspan;
	const int t0 = blockIdx.y * a.yt, t1 = min(t0 + a.yt, (a.ny + 8 * RG - 1) / (8 * RG));
	const size_t buf = (size_t)srows * a.sp;
	auto plane = [&](int dz) { return in + (D3 ? (long long)((int)blockIdx.z + dz - R) * a.plane : 0LL); };
	spd_stage<T, V>(plane(0), s_in, a, srows, 1, x0, t0 * 8 * RG);
	const int lane = threadIdx.x & 31;
	/* A in registers, or (AREG = 0: tf32 dense, 60 steps) in shared memory past the staged tiles */
	constexpr int NA = AREG ? NSTEPS : 1;
	unsigned fa[NA][4], meta[NM];
	uint4 *sa = reinterpret_cast<uint4 *>(s_in + 2 * buf);
	int col[KSTEPS][P::NB];
	auto load_a = [&](int dz) {   /* plane offset dz's steps dz NSTEPS .. (dz + 1) NSTEPS - 1 */
		const uint4 *src = reinterpret_cast<const uint4 *>(afrag) + (size_t)dz * NSTEPS * 32;
#pragma unroll
		for (int j = 0; j < NA; j++) {
			const uint4 v = AREG ? src[j * 32 + lane] : make_uint4(0, 0, 0, 0);
			fa[j][0] = v.x, fa[j][1] = v.y, fa[j][2] = v.z, fa[j][3] = v.w;
		}
#pragma unroll
		for (int j = 0; j < NM; j++)
			meta[j] = SPARSE ? afrag[(size_t)a.nsteps * 32 * 4 + ((size_t)dz * NSTEPS / 2 + j) * 32 + lane] : 0u;
	};
	load_a(0);
	if (!AREG)
		for (int i = threadIdx.x; i < NSTEPS * 32; i += blockDim.x)
			sa[i] = reinterpret_cast<const uint4 *>(afrag)[i];
#pragma unroll
	for (int ks = 0; ks < KSTEPS; ks++)
#pragma unroll
		for (int i = 0; i < P::NB; i++)
			col[ks][i] = bcol[(ks * P::NB + i) * 32 + lane];
	spd_acc<F16ACC> acc[1][RG];
	for (int s = 0, n = (t1 - t0) * NP; s < n; s++) {
		const int ty = t0 + s / NP, dz = s % NP;
		T *cur = s_in + (size_t)(s & 1) * buf;
		if (s + 1 < n) {
			spd_stage<T, V>(plane((s + 1) % NP), s_in + (size_t)((s + 1) & 1) * buf, a, srows, 1, x0,
					(t0 + (s + 1) / NP) * 8 * RG);
			cp_wait_but_one();
		} else {
			cp_wait_all();
		}
		if (D3 && s > 0)
			load_a(dz);
		if (dz == 0)
			memset(acc, 0, sizeof(acc));
		__syncthreads();
		spd_r7_tile<T, SPARSE, F16ACC, NSTEPS, KSTEPS, RG, HMAP, LANE>(cur, a, fa, sa, meta, col, acc);
		if (dz == NP - 1)
			spd_store<T, F16ACC, 1, RG, HMAP, LANE>(out, cur, acc, a, 1, x0, ty * 8 * RG, xspan);
		__syncthreads();   /* every warp is done with cur (and the store has read it) before it is restaged */
	}
}

struct spd_state {
	struct sparse_plan plan;
	int sparse, f16acc, is16;
	int xt;                      /* x-tiles a warp */
	int r7;                      /* spider_kernel_r7 runs it: NSTEPS, or 0 (the general kernel) */
	int r7_rg;                   /* its row groups a warp (8 rg output rows a block) */
	unsigned *d_a;
	int *d_c;
	size_t smem;
	struct spd_args args;
	char variant[METHOD_VARIANT_MAX];
};

static struct spd_state SPD;

/* the instantiation for (data type, sparse, accumulation, x-tiles a warp) */
template <typename T, int SP, int F16, int D3> static const void *spd_pick_xt3(int xt)
{
	return xt == 4 ? (const void *)spider_kernel<T, SP, F16, 4, D3>
	       : xt == 2 ? (const void *)spider_kernel<T, SP, F16, 2, D3> : (const void *)spider_kernel<T, SP, F16, 1, D3>;
}
template <typename T, int SP, int F16> static const void *spd_pick_xt(int xt)
{
	return SPD.args.dims == 3 ? spd_pick_xt3<T, SP, F16, 1>(xt) : spd_pick_xt3<T, SP, F16, 0>(xt);
}
/* fused radius 7 in 2D with L = 16: the register-resident kernel for the step counts it has */
static const void *spd_pick_r7(void)
{
	if (SPD.args.dims == 3)   /* tf32 on mma.sp, a plane's 30 steps at a time; else the general kernel */
		return SPD.r7 == 30 && !SPD.is16 && SPD.sparse
		       ? (const void *)spider_kernel_r7<float, 1, 0, 30, 2, SPD_R7_RG32, 1, 0, 1> : NULL;
	if (SPD.r7 == 15 && SPD.is16 && SPD.sparse)   /* lane-contiguous fragments (sparse_lane_groups) */
		return SPD.f16acc ? (const void *)spider_kernel_r7<__half, 1, 1, 15, 1, SPD_R7_RG16, 1, 1>
				  : (const void *)spider_kernel_r7<__half, 1, 0, 15, 1, SPD_R7_RG16, 1, 1>;
	if (SPD.r7 == 30 && SPD.is16 && !SPD.sparse)
		return SPD.f16acc ? (const void *)spider_kernel_r7<__half, 0, 1, 30, 2, SPD_R7_RG32>
				  : (const void *)spider_kernel_r7<__half, 0, 0, 30, 2, SPD_R7_RG32>;
	if (SPD.r7 == 30 && !SPD.is16 && SPD.sparse)
		return (const void *)spider_kernel_r7<float, 1, 0, 30, 2, SPD_R7_RG32>;
	if (SPD.r7 == 60 && !SPD.is16 && !SPD.sparse)   /* A in shared memory: 240 registers otherwise */
		return (const void *)spider_kernel_r7<float, 0, 0, 60, 4, SPD_R7_RG32, 0>;
	return NULL;
}
static const void *spd_pick(void)
{
	if (SPD.r7)
		return spd_pick_r7();
	if (!SPD.is16)
		return SPD.sparse ? spd_pick_xt<float, 1, 0>(SPD.xt) : spd_pick_xt<float, 0, 0>(SPD.xt);
	if (SPD.sparse)
		return SPD.f16acc ? spd_pick_xt<__half, 1, 1>(SPD.xt) : spd_pick_xt<__half, 1, 0>(SPD.xt);
	return SPD.f16acc ? spd_pick_xt<__half, 0, 1>(SPD.xt) : spd_pick_xt<__half, 0, 0>(SPD.xt);
}

static const char *spd_supports_common(const struct method_ctx *c)
{
	const char *o = c->option ? c->option : "";
	if (c->dtype != DT_TF32 && c->dtype != DT_FP16)
		return "spider runs tf32 (fp32 data, tf32 math) and fp16";
	if (c->stencil->radius * c->fusion > 7)
		return "spider's kernel matrix has m = 16 rows: fused radius up to 7";
	if (!strcmp(o, "f16acc") && c->dtype != DT_FP16)
		return "f16acc is an fp16 option";
	return NULL;
}

/* A's fragments for every (kernel row, K step): [step][lane][4] values (tf32 or f16 pairs, from
 * the compressed values when sparse), then, when sparse, [step / 2][lane] metadata */
static void spd_fill_a(const struct sparse_plan *p, unsigned *ha, int nsteps, int ksteps, int sparse, int is16)
{
	for (int j = 0; j < nsteps; j++) {
		const int q = j / ksteps, ks = j % ksteps;
		for (int lane = 0; lane < 32; lane++) {
			for (int i = 0; i < 4; i++)
				ha[((size_t)j * 32 + lane) * 4 + i] = sparse_frag_a(p, q, ks, lane, i, sparse, is16);
			/* metadata: lanes 4g + 2 sel + {0, 1} with sel = j % 2 */
			const int t = lane % 4;
			if (sparse && t / 2 == j % 2)
				ha[(size_t)nsteps * 32 * 4 + (size_t)(j / 2) * 32 + lane] =
					sparse_frag_meta(p, q, ks, lane / 4, t % 2, is16);
		}
	}
}

/* B's gather offsets: for K step ks, element i of a lane's fragment is input column perm[k] */
static void spd_fill_b(const struct sparse_plan *p, int *hc, int ksteps, int K, int NB, int is16)
{
	const int width = sparse_width(p);
	for (int ks = 0; ks < ksteps; ks++)
		for (int i = 0; i < NB; i++)
			for (int lane = 0; lane < 32; lane++) {
				const int t = lane % 4, k = ks * K + (is16 ? 2 * t + 8 * i : t + 4 * i);
				/* padding columns (k >= 2 P L) have zero weights, but 0 x NaN is NaN: point them
				 * at column 0, a real input, rather than past the staged tile */
				hc[(ks * NB + i) * 32 + lane] = k < width ? p->perm[k] : 0;
			}
}

static int spd_setup(struct method_ctx *c, const char **why, int sparse)
{
	const struct grid *g = c->grid;
	const int is16 = c->dtype == DT_FP16, K = sparse ? (is16 ? 32 : 16) : (is16 ? 16 : 8);
	const int R = c->stencil->radius * c->fusion;
	memset(&SPD, 0, sizeof(SPD));
	if (g->n[0] + 4096 > 0x7fffffffL || g->n[1] + 4096 > 0x7fffffffL) {
		*why = "an extent past 2^31 - 4096 elements: the kernel indexes with 32-bit ints";
		return -1;
	}
	SPD.sparse = sparse;
	SPD.is16 = is16;
	SPD.f16acc = c->option && !strcmp(c->option, "f16acc");
	const int L16 = c->option && !strcmp(c->option, "L16");
	/* fused radius 7 in 2D, f16 sparse: spider_kernel_r7 with lane-contiguous fragments */
	const int lane = is16 && sparse && g->dims == 2 && R == 7;
	/* the paper's L = 2R + 2 (or 16), P tiles an instruction where that cuts its K steps */
	if (sparse_build(c->composed, K, is16 ? SP_SWAP_PAIR : SP_SWAP_COL, is16 ? R % 2 : 0, L16 ? 16 : 0, &SPD.plan) != 0 ||
	    sparse_pack(&SPD.plan, K) != 0 || (lane && sparse_lane_groups(&SPD.plan) != 0) ||
	    (sparse && sparse_compress(&SPD.plan, is16 ? 4 : 2) != 0)) {
		sparse_free(&SPD.plan);
		*why = "cannot build the swapped kernel matrices";
		return -1;
	}
	struct sparse_plan *p = &SPD.plan;
	const int ksteps = p->Kpad / K, nsteps = p->rows * ksteps, NB = sparse ? 4 : 2;
	/* A: [step][lane][4] values, then (sparse) [step / 2][lane] metadata */
	size_t na = (size_t)nsteps * 32 * 4 + (sparse ? (size_t)(nsteps + 1) / 2 * 32 : 0);
	unsigned *ha = (unsigned *)calloc(na, sizeof(unsigned));
	int *hc = (int *)calloc((size_t)ksteps * NB * 32, sizeof(int));
	if (ksteps > SPD_MAX_STEPS || !ha || !hc) {
		free(ha);
		free(hc);
		sparse_free(&SPD.plan);
		*why = ksteps > SPD_MAX_STEPS ? "plan larger than the kernel's tables" : "out of host memory";
		return -1;
	}
	spd_fill_a(p, ha, nsteps, ksteps, sparse, is16);
	const int L = sparse_outputs(p);            /* outputs an instruction: P tiles of the paper's L */
	spd_fill_b(p, hc, ksteps, K, NB, is16);
	const int two_d = g->dims >= 2, EPV = is16 ? 8 : 4, eb = is16 ? 2 : 4;
	SPD.xt = L <= 4 ? 4 : L <= 8 ? 2 : 1;     /* x-tiles a warp: a block spans >= 128 outputs */
	SPD.args.dims = g->dims;
	const int xspan = two_d ? 8 * SPD.xt * L : 8 * SPD.xt * SPD_RG * 8 * L;
	/* x0 - 8 .. the last tile's window (from its first output - R - s), whole copies */
	int sw = 8 + xspan - L + sparse_window(p) + 8;
	sw = (sw + EPV - 1) / EPV * EPV;
	/* fused radius 7, 16-row tiles, 2D (or 3D tf32 sparse, one input plane's 30 steps at a time): A
	 * in registers (spider_kernel_r7), for the step counts it is built for; it stages the input tile
	 * only, SPD_R7_SW columns wide */
	SPD.r7 = g->dims >= 2 && p->R == 7 && L == 16 && SPD.xt == 1 && sw == SPD_R7_SW ? nsteps / (g->dims == 3 ? 2 * 7 + 1 : 1) : 0;
	if (SPD.r7 && !spd_pick_r7())
		SPD.r7 = 0;
	if (lane && SPD.r7 != 15) {   /* the reordered groups are spider_kernel_r7's alone */
		free(ha);
		free(hc);
		sparse_free(&SPD.plan);
		*why = "fused radius 7 in 2D f16 without spider_kernel_r7's tile";
		return -1;
	}
	SPD.r7_rg = SPD.r7 == 15 ? SPD_R7_RG16 : SPD_R7_RG32;
	const int sp_words = spd_pitch_words(sw, eb, lane ? SPD_ROWS_LANE : SPD.r7 && is16 ? SPD_ROWS_INTERLEAVED
										 : SPD_ROWS_PLAIN);
	const int srows = g->dims == 3 ? 8 * SPD_RG : two_d ? 8 * SPD_RG + 2 * p->R : 1;
	SPD.smem = (size_t)srows * sp_words * 4 + (g->dims == 3 ? 0 : na * 4 + (size_t)ksteps * NB * 32 * 4);
	if (SPD.r7)     /* two staged tiles: the next one is copied while this one runs (+ A for 60 steps) */
		SPD.smem = 2 * (size_t)(8 * SPD.r7_rg + 2 * p->R) * sp_words * 4 + (SPD.r7 == 60 ? (size_t)nsteps * 32 * 16 : 0);
	SPD.args.yt = SPD_R7_YT;
	const void *k = spd_pick();
	if (cudaMalloc(&SPD.d_a, na * 4) != cudaSuccess || cudaMalloc(&SPD.d_c, (size_t)ksteps * NB * 32 * 4) != cudaSuccess ||
	    cudaMemcpy(SPD.d_a, ha, na * 4, cudaMemcpyHostToDevice) != cudaSuccess ||
	    cudaMemcpy(SPD.d_c, hc, (size_t)ksteps * NB * 32 * 4, cudaMemcpyHostToDevice) != cudaSuccess ||
	    cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)SPD.smem) != cudaSuccess) {
		cudaGetLastError();
		free(ha);
		free(hc);
		cudaFree(SPD.d_a);
		cudaFree(SPD.d_c);
		sparse_free(&SPD.plan);
		*why = "cannot upload the kernel matrices or size the staged tile";
		return -1;
	}
	free(ha);
	free(hc);
	SPD.args.origin = grid_at(g, 0, 0, 0);
	SPD.args.pitch = g->pitch;
	SPD.args.nx = (int)g->n[0];
	SPD.args.ny = (int)g->n[1];
	SPD.args.nz = (int)g->n[2];
	SPD.args.plane = g->plane;
	SPD.args.R = p->R;
	SPD.args.L = L;
	SPD.args.shift = p->shift;
	SPD.args.rows = p->rows;
	SPD.args.ksteps = ksteps;
	SPD.args.nsteps = nsteps;
	SPD.args.dims = g->dims;
	SPD.args.sw = sw;
	SPD.args.sp = sp_words * 4 / eb;
	/* with one K step, fragment register i holds K positions from kb(0, i) on (its lowest lane's): at
	 * 2 P L or past, padding in every lane. The registers short of it: 1 or 2 load, else all */
	const int kstride = is16 ? 8 : 4, nreal = (sparse_width(p) + kstride - 1) / kstride;
	SPD.args.nreal = ksteps == 1 && nreal <= 2 ? nreal : NB;
	char tiles[48] = "";
	if (p->tiles > 1)
		snprintf(tiles, sizeof(tiles), " (%d tiles an instruction)", p->tiles);
	snprintf(SPD.variant, sizeof(SPD.variant), "%s%s%s %s -> %s, %s swap, L %d%s, Kpad %d, sigma %.4f",
		 SPD.r7 ? (g->dims == 3 ? "a staged plane at a time, its A in registers, " : "A in registers, ") : "", lane ? "lane-contiguous B (one 16-byte load a fragment), " : "", sparse ? "mma.sp::ordered_metadata" : "mma.sync",
		 is16 ? (sparse ? "m16n8k32 f16" : "m16n8k16 f16") : (sparse ? "m16n8k16 tf32" : "m16n8k8 tf32"),
		 SPD.f16acc ? "f16 (fp16 accumulation)" : "f32", is16 ? "pair" : "column", p->L, tiles, p->Kpad,
		 sparse_sigma(p));
	c->state = &SPD;
	return 0;
}

/* spider:wgmma and spider-dense:wgmma are kernels/spider-wgmma.cu's (Hopper's wgmma) */
static const struct kernel_method *spd_wg(const struct method_ctx *c, int sparse)
{
	return wgmma_asked(c) ? (sparse ? &spider_wgmma : &spider_dense_wgmma) : NULL;
}

static const char *spider_supports(const struct method_ctx *c)
{
	return spd_wg(c, 1) ? spider_wgmma.supports(c) : spd_supports_common(c);
}
static const char *spider_dense_supports(const struct method_ctx *c)
{
	return spd_wg(c, 0) ? spider_dense_wgmma.supports(c) : spd_supports_common(c);
}
static int spider_setup(struct method_ctx *c, const char **why)
{
	return spd_wg(c, 1) ? spider_wgmma.setup(c, why) : spd_setup(c, why, 1);
}
static int spider_dense_setup(struct method_ctx *c, const char **why)
{
	return spd_wg(c, 0) ? spider_dense_wgmma.setup(c, why) : spd_setup(c, why, 0);
}

static void spd_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	if (wgmma_asked(c)) {
		spider_wgmma.launch(c, in, out, s);
		return;
	}
	const int two_d = c->grid->dims >= 2, L = SPD.args.L;
	const int xspan = two_d ? 8 * SPD.xt * L : 8 * SPD.xt * SPD_RG * 8 * L;
	const int brows = SPD.r7 ? 8 * SPD.r7_rg * SPD_R7_YT : 8 * SPD_RG;    /* output rows a block */
	dim3 grid((unsigned)((SPD.args.nx + xspan - 1) / xspan),
		  (unsigned)(two_d ? (SPD.args.ny + brows - 1) / brows : 1), (unsigned)SPD.args.nz);
	void *args[] = { (void *)&in, (void *)&out, (void *)&SPD.d_a, (void *)&SPD.d_c, (void *)&SPD.args };
	cudaLaunchKernel(spd_pick(), grid, dim3(256), args, SPD.smem, s);   /* checked by the runner */
}

static void spd_teardown(struct method_ctx *c)
{
	if (wgmma_asked(c)) {
		spider_wgmma.teardown(c);
		return;
	}
	cudaFree(SPD.d_a);
	cudaFree(SPD.d_c);
	sparse_free(&SPD.plan);
}

static const char *spd_variant(const struct method_ctx *c)
{
	return wgmma_asked(c) ? spider_wgmma.variant(c) : SPD.variant;
}

static double spd_sigma(const struct method_ctx *c)
{
	return wgmma_asked(c) ? spider_wgmma.sigma(c) : sparse_sigma(&SPD.plan);
}

extern const struct kernel_method method_spider = {
	"spider",
	"strided swapping on sparse tensor cores (mma.sp tf32 m16n8k16 1:2, f16 m16n8k32 2:4; :wgmma, "
	"Hopper's wgmma.mma_async.sp), kernel fusion",
	spider_supports, spider_setup, spd_launch, spd_teardown, "spider_kernel", spd_variant, spd_sigma,
};
KERNEL_METHOD(method_spider);

extern const struct kernel_method method_spider_dense = {
	"spider-dense",
	"spider's swapped matrices on dense mma.sync (tf32 m16n8k8, f16 m16n8k16; :wgmma, wgmma.mma_async), "
	"kernel fusion",
	spider_dense_supports, spider_dense_setup, spd_launch, spd_teardown, "spider_kernel", spd_variant, spd_sigma,
};
KERNEL_METHOD(method_spider_dense);
