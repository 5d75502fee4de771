/*
 * lorastencil.cu - the `lorastencil` method: a stencil as a sum of rank-1 terms on tensor cores,
 * after LoRAStencil (one of sptc's tensor-core baselines, Figures 9-10, Table 1). Kernel fusion
 * composes the stencil t times on the host; each (2R+1) x (2R+1) plane W of the fused weights
 * (the one plane in 2D, the 2R+1 planes dz in 3D) is split exactly, W = sum_k s_k u_k v_k^T
 * (+ a centre), in one of two ways (kernels/lowrank.h):
 *   - mirror-symmetric planes (the option `sym` draws such weights, weights_make_mirror,
 *     LoRAStencil's own class): its pyramid, R terms of shrinking band and the centre weight (one
 *     multiply-add a point on CUDA cores);
 *   - any plane, the harness's random non-symmetric ones included: the SVD, every non-zero term
 *     (full rank 2R + 1 for random box weights, R + 1 for mirror-symmetric ones).
 * In 3D, planes that are multiples of one another share their terms (struct lr_args' groups);
 * at fused radius 1 with SVD planes, lorastencil_sweep16 sweeps z, each input plane loaded once.
 * Each term is two banded products on tensor cores. lorastencil_kernel16 (3D; fp64 m16n8k4 on
 * sm_90, tf32 m16n8k8 on sm_80 and newer) and lorastencil_staged (2D, the same passes from a patch
 * staged in shared memory) take the vertical pass first on a warp's 16 x 32 tile and
 * feed its accumulator to the horizontal pass as it stands; in 3D kernel16 sums the terms of the
 * 2R + 1 input planes; staged runs fp64 beyond four terms of whole m16n8k8 steps on m16n8k8
 * (lr_f64k8), and there and in fp64's LEAN pyramid each term takes its own K steps (SPANS: the
 * pyramid's shorter bands take fewer). Below sm_90,
 * fp64 2D runs lorastencil_kernel (m8n8k4: a warp's 8 x 8
 * tile, the horizontal pass first, the intermediate moved by shuffles). Fused radius R <= 4.
 * The kernel reports its own sigma: K_fused (less the centres) over the MMA MACs of its terms.
 */
#include <stdio.h>
#include <string.h>

#include <type_traits>

#include "kmethod.h"
#include "ptx.cuh"

extern "C" {
#include "lowrank.h"
}

#define LR_MAXR 4                    /* the patch: 16 + 2R rows, 32 + 2R <= 40 columns */
#define LR_MAXRANK (2 * LR_MAXR + 1)
#define LR_MAXPLANES (2 * LR_MAXR + 1)
#define LR_TERM 256                  /* doubles a term's m8n8k4 fragments take: B and A, 4 K steps, 32 lanes */

/* both kernels: the block's copy of n fragment words (ends with a barrier) */
template <typename T> __device__ __forceinline__ void lr_stage(T *s_frag, const T *__restrict__ frag, int n)
{
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		s_frag[i] = frag[i];
	__syncthreads();
}

/* In 3D, planes of the fused weights that are multiples of one another form a group: one set of
 * terms, applied to the sum of the group's input planes, each scaled by its multiple (the z-mirror
 * planes of mirror-symmetric weights pair up; a kernel separable along z is one group). */
struct lr_args {
	long long origin, pitch, plane;
	int nx, ny, R, planes;         /* planes: 1 in 2D, 2R + 1 in 3D (input planes z - R ..) */
	int zr;                            /* the first input plane's offset: 0 in 2D, R in 3D */
	int groups;                        /* groups of planes, each with its own terms */
	int nz;                            /* output planes (3D) */
	int gterm[LR_MAXPLANES + 1];       /* group i's terms: gterm[i] .. gterm[i + 1] - 1, in order in
					      the fragments (gterm[groups]: all terms) */
	int pgroup[LR_MAXPLANES];          /* a plane's group (-1: an all-zero plane); a group's first
					      plane leads it */
	double pmultiple[LR_MAXPLANES];    /* a plane's weights over its group leader's (the leader: 1) */
	double center[LR_MAXPLANES];       /* a plane's centre weight (0: none), on CUDA cores */
	unsigned char tspan[LR_MAXRANK];   /* lorastencil_staged with SPANS: term k's K steps (low 3
					      bits) and, above them, 8 + its first row in the warp's
					      patch less term k - 1's (lr_plan_staged) */
};

/* a block: 8 warps, 2 x 4 output tiles of 8 x 8 (16 rows by 32 columns); 2D, one plane */
__global__ void __launch_bounds__(256) lorastencil_kernel(const double *__restrict__ in, double *__restrict__ out,
							  const double *__restrict__ frag, struct lr_args a)
{
	__shared__ double s_frag[LR_MAXRANK * LR_TERM];
	const int rank = a.gterm[1];
	lr_stage(s_frag, frag, rank * LR_TERM);
	const int lane = threadIdx.x & 31, w = threadIdx.x >> 5, g = lane >> 2, t = lane & 3;
	const int y0 = (blockIdx.y * 2 + (w >> 2)) * 8, x0 = (blockIdx.x * 4 + (w & 3)) * 8;
	if (y0 >= a.ny || x0 >= a.nx)
		return;
	/* A fragments of the input patch: rows y0 - R + 8 ib + g, columns x0 - R + 4 ks + t (rows past
	 * the allocation read as 0; they meet zero weights) */
	double ain[2][4];
#pragma unroll
	for (int ib = 0; ib < 2; ib++)
#pragma unroll
		for (int ks = 0; ks < 4; ks++) {
			const int row = y0 - a.R + 8 * ib + g, col = x0 - a.R + 4 * ks + t;
			ain[ib][ks] = row < a.ny + a.R ? in[a.origin + (long long)row * a.pitch + col] : 0.0;
		}
	double acc[2] = { 0.0, 0.0 };
	for (int k = 0; k < rank; k++) {
		const double *bf = s_frag + k * LR_TERM, *af = bf + 128;
		double x[2][2] = { { 0.0, 0.0 }, { 0.0, 0.0 } };
#pragma unroll
		for (int ks = 0; ks < 4; ks++) {
			const double b = bf[ks * 32 + lane];
			mma_f64_m8n8k4(x[0], ain[0][ks], b);
			mma_f64_m8n8k4(x[1], ain[1][ks], b);
		}
#pragma unroll
		for (int ks = 0; ks < 4; ks++) {
			/* B = X[4 ks + t][g]: held by lane ((4 ks + t) % 8) * 4 + g / 2 as element g % 2 of
			 * row block ks / 2 */
			const int src = ((4 * ks + t) & 7) * 4 + (g >> 1);
			const double e0 = __shfl_sync(0xffffffffu, x[ks >> 1][0], src);
			const double e1 = __shfl_sync(0xffffffffu, x[ks >> 1][1], src);
			mma_f64_m8n8k4(acc, af[ks * 32 + lane], (g & 1) ? e1 : e0);
		}
	}
	const int y = y0 + g, xo = x0 + 2 * t;
	if (y < a.ny) {
		double *d = out + a.origin + (long long)y * a.pitch + xo;
		if (xo < a.nx)
			d[0] = acc[0];
		if (xo + 1 < a.nx)
			d[1] = acc[1];
	}
}

/*
 * lorastencil_kernel16: a warp's tile is 16 rows by 32 columns; its patch (16 + 2R rows by 40
 * columns) sits in registers as B operands of
 *     X = Au In   (16 x KROWS nks by KROWS nks x 40: Au[m][i] = s_k u_k[i - m], nks K steps of rows),
 * and the result, an accumulator, is the A operand of
 *     Out += X Bv (16 x 40 by 40 x 32: Bv[c][o] = v_k[c - o])
 * when X's columns run in the order the accumulator holds them (the K index t takes column
 * 8 jx + 2 t, the next one 8 jx + 2 t + 1): no operand moves between lanes. Bv's fragment depends
 * only on jx - jo (0 or 1). Both shapes take 16 fragment words a lane a term: Au[ks][j] (12) and
 * Bv[d][p] (4), p the column 8 d + 2 t + p - g.
 *   f64 m16n8k4 (sm_90): K steps of 4 rows (nks <= 6), Au j = h (the row half); 5 nks + 16 MMAs
 *     of 512 MACs a term for 512 outputs;
 *   tf32 m16n8k8: K steps of 8 rows (nks <= 3), Au j = h + 2 r (rows 8 ks + t + 4 r); 5 nks + 8
 *     MMAs of 1024 MACs; the intermediate X is rounded to tf32 (cvt.rna) as an operand.
 * A block (4 warps) stages one group's terms in shared memory at a time; in 3D (grid z: the
 * output plane) each warp loads, group after group, the patch of the group's input planes (their
 * sum, each scaled by its multiple) and sums the group's terms into one accumulator. In 2D lorastencil_staged
 * runs instead (its patch staged in shared memory a block).
 */
#define LR16_TERM 512
#define LR16_BV 384
#define LR16_WARPS 4

/* the K steps of krows rows that a term's vertical band of span + 1 rows takes for a warp's 16 rows */
__host__ __device__ constexpr int lr_ksteps(int span, int krows) { return (16 + span + krows - 1) / krows; }

struct lr_f64 {
	typedef double T;
	/* LANE: kernel16's and sweep16's fragments lane-major (lr_au); fp64 keeps them K-step-major, the
	 * sweep's 254 registers ran 7 % slower lane-major (kernels/NOTES.md). ZAU: the staged kernel
	 * without LEAN zeroes the Au steps past a term's (without, ptxas predicated the last step's
	 * MMAs, issued for nothing at five steps a term) */
	enum { KROWS = 4, KS = 6, RPK = 1, AU = 2, LANE = 0, ZAU = 1 };
	static __device__ __forceinline__ double in(double v) { return v; }
	static __device__ __forceinline__ void vert(double (&x)[4], const double *au, const double (&b)[RPK])
	{
		mma_f64_m16n8k4(x, au[0], au[1], b[0]);
	}
	static __device__ __forceinline__ void horiz(double (&acc)[4], const double (&x)[4], const double *bv)
	{
		mma_f64_m16n8k4(acc, x[0], x[2], bv[0]);
		mma_f64_m16n8k4(acc, x[1], x[3], bv[1]);
	}
};

/* fp64 m16n8k8 (sm_90), the 2D staged kernel's where every term takes an even number of m16n8k4
 * K steps: K steps of 8 rows, half the MMA instructions for the same MACs (Au j = h + 2 r) */
struct lr_f64k8 {
	typedef double T;
	enum { KROWS = 8, KS = 3, RPK = 2, AU = 4, LANE = 1, ZAU = 0 };
	static __device__ __forceinline__ double in(double v) { return v; }
	static __device__ __forceinline__ void vert(double (&x)[4], const double *au, const double (&b)[RPK])
	{
		const double a[4] = { au[0], au[1], au[2], au[3] };
		mma_f64_m16n8k8(x, a, b);
	}
	static __device__ __forceinline__ void horiz(double (&acc)[4], const double (&x)[4], const double *bv)
	{
		const double a[4] = { x[0], x[2], x[1], x[3] }, b[2] = { bv[0], bv[1] };
		mma_f64_m16n8k8(acc, a, b);
	}
};

struct lr_tf32 {
	typedef float T;
	enum { KROWS = 8, KS = 3, RPK = 2, AU = 4, LANE = 1, ZAU = 0 };
	static __device__ __forceinline__ float in(float v) { return __uint_as_float(tf32_rna(v)); }
	static __device__ __forceinline__ void vert(float (&x)[4], const float *au, const float (&b)[RPK])
	{
		const unsigned a[4] = { __float_as_uint(au[0]), __float_as_uint(au[1]), __float_as_uint(au[2]),
					__float_as_uint(au[3]) };
		mma_tf32_m16n8k8(x, a, __float_as_uint(b[0]), __float_as_uint(b[1]));
	}
	static __device__ __forceinline__ void horiz(float (&acc)[4], const float (&x)[4], const float *bv)
	{
		const unsigned a[4] = { tf32_rna(x[0]), tf32_rna(x[2]), tf32_rna(x[1]), tf32_rna(x[3]) };
		mma_tf32_m16n8k8(acc, a, __float_as_uint(bv[0]), __float_as_uint(bv[1]));
	}
};

/* a warp's patch of the input plane at po, In[KROWS ks + t + 4 r][8 nb + g] (rows y0 - R ..,
 * columns x0 - R ..; rows past the plane read as 0: they meet zero weights): LR_OPERAND into pin
 * as the MMAs take it (tf32: rounded), LR_SET as it is, LR_ADD k times it added to pin */
enum { LR_OPERAND, LR_SET, LR_ADD };
template <class P, int MODE>
__device__ __forceinline__ void lr_patch(typename P::T (&pin)[P::KS][5][P::RPK], const typename P::T *__restrict__ in,
					 long long po, typename P::T k, const struct lr_args &a, int y0, int x0, int nks)
{
	typedef typename P::T T;
	const int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
#pragma unroll
	for (int ks = 0; ks < P::KS; ks++)
#pragma unroll
		for (int nb = 0; nb < 5; nb++)
#pragma unroll
			for (int r = 0; r < P::RPK; r++) {
				const int row = y0 - a.R + P::KROWS * ks + t + 4 * r, col = x0 - a.R + 8 * nb + g;
				const T v = ks < nks && row < a.ny + a.R ? in[po + (long long)row * a.pitch + col] : (T)0;
				pin[ks][nb][r] = MODE == LR_ADD ? pin[ks][nb][r] + k * v : MODE == LR_SET ? v : P::in(v);
			}
}

/* a term's Au fragment of K step ks (its fragments f in shared memory), this lane's registers;
 * zeros where live is 0. LANE: the fragments lane-major (a lane's AU words of a K step together: 16-byte loads), else
 * K-step-major (AU loads 32 words apart) */
template <class P, bool LANE>
__device__ __forceinline__ void lr_au(typename P::T (&au)[P::AU], const typename P::T *f, int ks, bool live = true)
{
	static_assert(sizeof(au) % 16 == 0, "a lane's Au words of a K step are 16-byte loads");
	const int lane = threadIdx.x & 31;
	if constexpr (LANE) {
		uint4 v[sizeof(au) / 16];
#pragma unroll
		for (int i = 0; i < (int)(sizeof(au) / 16); i++)
			v[i] = reinterpret_cast<const uint4 *>(f + (ks * 32 + lane) * P::AU)[i];
		memcpy(au, v, sizeof(au));
		if (!live)
			memset(au, 0, sizeof(au));
	} else {
#pragma unroll
		for (int j = 0; j < P::AU; j++)
			au[j] = live ? f[(ks * P::AU + j) * 32 + lane] : (typename P::T)0;
	}
}

/* a term's Bv fragments (its fragments f in shared memory), times k: bv[d][q] (LANE: a lane's two
 * words of each d together, one load) */
template <class P, bool LANE>
__device__ __forceinline__ void lr_bv(typename P::T (&bv)[2][2], const typename P::T *f, typename P::T k)
{
	typedef typename std::conditional<sizeof(typename P::T) == 8, double2, float2>::type V;
	const int lane = threadIdx.x & 31;
#pragma unroll
	for (int d = 0; d < 2; d++) {
		if constexpr (LANE) {
			const V v = *reinterpret_cast<const V *>(f + LR16_BV + (d * 32 + lane) * 2);
			bv[d][0] = k * v.x, bv[d][1] = k * v.y;
		} else {
#pragma unroll
			for (int q = 0; q < 2; q++)
				bv[d][q] = k * f[LR16_BV + (d * 2 + q) * 32 + lane];
		}
	}
}

/* one term (fragments f in shared memory) of the patch pin: its vertical pass into x, then its
 * horizontal pass, times k, added to acc (lr_horiz) */
template <class P>
__device__ __forceinline__ void lr_vert(typename P::T (&x)[5][4], const typename P::T (&pin)[P::KS][5][P::RPK],
					const typename P::T *f, int nks)
{
	typedef typename P::T T;
#pragma unroll
	for (int nb = 0; nb < 5; nb++)
#pragma unroll
		for (int e = 0; e < 4; e++)
			x[nb][e] = 0;
#pragma unroll
	for (int ks = 0; ks < P::KS; ks++) {
		if (ks >= nks)
			break;
		T au[P::AU];
		lr_au<P, P::LANE>(au, f, ks);
#pragma unroll
		for (int nb = 0; nb < 5; nb++)
			P::vert(x[nb], au, pin[ks][nb]);
	}
}

template <class P>
__device__ __forceinline__ void lr_horiz(typename P::T (&acc)[4][4], const typename P::T (&x)[5][4],
					 const typename P::T *f, typename P::T k)
{
	typedef typename P::T T;
	T bv[2][2];
	lr_bv<P, P::LANE>(bv, f, k);
#pragma unroll
	for (int jo = 0; jo < 4; jo++)
#pragma unroll
		for (int d = 0; d < 2; d++)
			P::horiz(acc[jo], x[jo + d], bv[d]);
}

/* a warp's 16 x 32 outputs of the plane at zo (an element offset), the centres added (CENTRES, read
 * from global memory; lorastencil_staged adds its own from the staged patch, lrs_centre) */
template <class P, bool CENTRES = true>
__device__ __forceinline__ void lr_store(const typename P::T (&acc)[4][4], const typename P::T *__restrict__ in,
					 typename P::T *__restrict__ out, const struct lr_args &a, long long zo, int y0,
					 int x0)
{
	typedef typename P::T T;
	const int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
#pragma unroll
	for (int jo = 0; jo < 4; jo++)
#pragma unroll
		for (int h = 0; h < 2; h++) {
			const int y = y0 + g + 8 * h, xo = x0 + 8 * jo + 2 * t;
			if (y >= a.ny)
				continue;
			const long long at = zo + (long long)y * a.pitch + xo;
			T v0 = acc[jo][2 * h], v1 = acc[jo][2 * h + 1];
			for (int p = 0; CENTRES && p < a.planes; p++)
				if (a.center[p] != 0.0) {
					const long long c = at + (long long)(p - a.zr) * a.plane;
					v0 += (T)a.center[p] * in[c], v1 += (T)a.center[p] * in[c + 1];
				}
			if (xo < a.nx)
				out[at] = v0;
			if (xo + 1 < a.nx)
				out[at + 1] = v1;
		}
}

/* a warp's 16 x 32 output tile (2 x 2 warps a block): its first row and column */
__device__ __forceinline__ void lr16_tile(int &y0, int &x0)
{
	const int w = threadIdx.x >> 5;
	y0 = (blockIdx.y * 2 + (w >> 1)) * 16, x0 = (blockIdx.x * 2 + (w & 1)) * 32;
}

/* GROUPED: some group has more than one plane (else each group's patch is one plane's, loaded as
 * the MMAs take it) */
template <class P, bool GROUPED>
__global__ void __launch_bounds__(LR16_WARPS * 32) lorastencil_kernel16(const typename P::T *__restrict__ in,
									typename P::T *__restrict__ out,
									const typename P::T *__restrict__ frag,
									struct lr_args a)
{
	typedef typename P::T T;
	__shared__ __align__(16) T s_frag[LR_MAXRANK * LR16_TERM];
	int y0, x0;
	lr16_tile(y0, x0);
	const bool live = y0 < a.ny && x0 < a.nx;   /* dead warps still meet the block's barriers */
	const int nks = (16 + 2 * a.R + P::KROWS - 1) / P::KROWS;
	const long long zo = a.origin + (long long)blockIdx.z * a.plane;
	T acc[4][4];
#pragma unroll
	for (int jo = 0; jo < 4; jo++)
#pragma unroll
		for (int e = 0; e < 4; e++)
			acc[jo][e] = 0;
	for (int gi = 0; gi < a.groups; gi++) {
		const int nt = a.gterm[gi + 1] - a.gterm[gi];
		if (gi > 0)
			__syncthreads();            /* every warp is done with the previous group's terms */
		lr_stage(s_frag, frag + a.gterm[gi] * LR16_TERM, nt * LR16_TERM);
		if (!live)
			continue;
		/* the patch of the group's input planes z - zr + p, summed in plane order from its leader,
		 * each times its multiple */
		T pin[P::KS][5][P::RPK];
		int lead = 0;
		while (a.pgroup[lead] != gi)
			lead++;
		const long long p0 = zo + (long long)(lead - a.zr) * a.plane;
		if (!GROUPED) {
			lr_patch<P, LR_OPERAND>(pin, in, p0, (T)1, a, y0, x0, nks);
		} else {
			lr_patch<P, LR_SET>(pin, in, p0, (T)1, a, y0, x0, nks);
			for (int p = lead + 1; p < a.planes; p++)
				if (a.pgroup[p] == gi)
					lr_patch<P, LR_ADD>(pin, in, zo + (long long)(p - a.zr) * a.plane, (T)a.pmultiple[p],
							    a, y0, x0, nks);
#pragma unroll
			for (int ks = 0; ks < P::KS; ks++)
#pragma unroll
				for (int nb = 0; nb < 5; nb++)
#pragma unroll
					for (int r = 0; r < P::RPK; r++)
						pin[ks][nb][r] = P::in(pin[ks][nb][r]);
		}
		for (int k = 0; k < nt; k++) {
			T x[5][4];
			lr_vert<P>(x, pin, s_frag + k * LR16_TERM, nks);
			lr_horiz<P>(acc, x, s_frag + k * LR16_TERM, (T)1);
		}
	}
	if (live)
		lr_store<P>(acc, in, out, a, zo, y0, x0);
}

/*
 * lorastencil_staged, 2D (fp64 m16n8k4, tf32 m16n8k8): the same two passes on a block of 8 warps
 * (2 x 4 tiles of 16 x 32: 32 rows by 128 columns), whose input patch is staged once in shared
 * memory by 16-byte cp.async together with its terms' fragments; a warp then reads its B operands
 * from there a K step at a time instead of holding its patch in registers, and streams the
 * vertical pass's column blocks nb into the horizontal pass (acc[nb] and acc[nb - 1]), so that a
 * thread holds its accumulators, one term's Au and Bv and three column blocks of X (three
 * independent chains of MMAs, then two): 126 registers on sm_90 (114 on m16n8k8), two blocks an
 * SM. The fragments are lane-major (a K step's Au one 16-byte load) and the pyramid's centre is
 * read from the staged patch. LEAN: a K step's Au read from shared memory as it is used, 79
 * registers, three blocks an SM (the largest carveout asked: the patch and four terms' fragments
 * take 61 KB a block), so that one block's staging overlaps the others' MMAs: faster where the
 * staging is a large share of a block's time (fp64 with up to four terms: the artifact's weights,
 * the pyramid of R terms), slower with seven (kernels/NOTES.md, issue 62). SPANS: each term its
 * own K steps and first row (lr_args' tspan): the pyramid's terms k > 0 have bands 2 k rows
 * shorter (box2d3r: 6, 5, 5 K steps for 6, 6, 6; LEAN then takes 80 registers, 4 bytes spilled).
 * SPANS on m16n8k8 and in LEAN where a term is shorter; the others keep the full band's steps,
 * their code as before SPANS (m16n8k4 beyond four terms, LEAN with full bands, tf32 but for its
 * unzeroed Au steps).
 */
#define LRS_WY 2                     /* warp rows and columns a block */
#define LRS_WX 4
#define LRS_CHAINS 3                 /* column blocks of X in flight at once (then the other 2) */
#define LRS_LEAN_TERMS 4             /* fp64: LEAN up to this many terms */
#define LRS_COLS (32 * LRS_WX + 12)  /* staged columns x0 - 4 .. x0 + 135: a warp's 40 from x0 - R */

/* the staged patch's row pitch in elements: the 4 rows a B load spans (lanes t) on four distinct
 * 32-byte bank groups for fp64 (140 = 12 mod 16) and 8-bank groups for tf32 (152 = 24 mod 32) */
template <typename T> __host__ __device__ constexpr int lrs_pitch() { return sizeof(T) == 8 ? LRS_COLS : LRS_COLS + 12; }
/* the patch's rows: 16 a warp row above the last warp row's nks K steps */
__host__ __device__ constexpr int lrs_rows(int R, int krows)
{
	return 16 * (LRS_WY - 1) + lr_ksteps(2 * R, krows) * krows;
}

/* a warp's 16 x 32 tile of every term (their fragments at s_frag) from the staged patch, added to
 * acc: term k takes nks K steps from its first row o (tspan), B element (ks, nb, r) In[o + KROWS ks +
 * t + 4 r][8 nb + g] of the warp's patch, at bp[(o + KROWS ks + 4 r) SP + 8 nb] */
template <class P, int LEAN, bool SPANS>
__device__ __forceinline__ void lrs_terms(typename P::T (&acc)[4][4], const typename P::T *s_frag, int rank, int full,
					  const unsigned char (&tspan)[LR_MAXRANK], const typename P::T *bp)
{
	typedef typename P::T T;
	constexpr int SP = lrs_pitch<T>();
	for (int k = 0; k < rank; k++) {
		const T *f = s_frag + k * LR16_TERM;
		int nks = full;   /* without SPANS every term the full band's K steps from row 0 */
		if constexpr (SPANS) {
			const int ts = tspan[k];
			nks = ts & 7;
			bp += ((ts >> 3) - 8) * SP;   /* to the term's first row */
		}
		T au[LEAN ? 1 : P::KS][P::AU], bv[2][2];   /* LEAN: each K step's read as it is used */
#pragma unroll
		for (int ks = 0; ks < (LEAN ? 0 : P::KS); ks++)
			lr_au<P, true>(au[ks], f, ks, ks < nks || !P::ZAU);
		lr_bv<P, true>(bv, f, (T)1);
		/* column blocks nb0 .. nb0 + N - 1 together: N independent chains of MMAs (a K step's
		 * MMAs into one X depend on one another) */
		auto cols = [&](auto nb0c, auto nc) {
			constexpr int NB0 = decltype(nb0c)::value, N = decltype(nc)::value;
			T x[N][4] = {};
#pragma unroll
			for (int ks = 0; ks < P::KS; ks++) {
				if (ks >= nks)
					break;
				T ak[P::AU];
				if constexpr (LEAN)
					lr_au<P, true>(ak, f, ks);
				else
					memcpy(ak, au[ks], sizeof(ak));
#pragma unroll
				for (int i = 0; i < N; i++) {
					T b[P::RPK];
#pragma unroll
					for (int r = 0; r < P::RPK; r++)
						b[r] = P::in(bp[(size_t)(P::KROWS * ks + 4 * r) * SP + 8 * (NB0 + i)]);
					P::vert(x[i], ak, b);
				}
			}
#pragma unroll
			for (int i = 0; i < N; i++) {
				if (NB0 + i < 4)
					P::horiz(acc[NB0 + i], x[i], bv[0]);
				if (NB0 + i > 0)
					P::horiz(acc[NB0 + i - 1], x[i], bv[1]);
			}
		};
		cols(std::integral_constant<int, 0>(), std::integral_constant<int, LRS_CHAINS>());
		cols(std::integral_constant<int, LRS_CHAINS>(), std::integral_constant<int, 5 - LRS_CHAINS>());
	}
}

/* 2D, the pyramid's centre weight c times the staged input at a warp's outputs, added to acc (two
 * elements a load): the input at output (y0 + g, x0) is cp[0], rows SP apart */
template <class P>
__device__ __forceinline__ void lrs_centre(typename P::T (&acc)[4][4], typename P::T c, const typename P::T *cp)
{
	typedef typename P::T T;
	typedef typename std::conditional<sizeof(T) == 8, double2, float2>::type V2;
	const int t = threadIdx.x & 3;
#pragma unroll
	for (int h = 0; h < 2; h++) {
		const T *p = cp + (size_t)8 * h * lrs_pitch<T>() + 2 * t;
#pragma unroll
		for (int jo = 0; jo < 4; jo++) {
			const V2 v = *reinterpret_cast<const V2 *>(p + 8 * jo);
			acc[jo][2 * h] += c * v.x, acc[jo][2 * h + 1] += c * v.y;
		}
	}
}

template <class P, int LEAN, bool SPANS>
__global__ void __launch_bounds__(LRS_WY * LRS_WX * 32, LEAN ? 3 : 2) lorastencil_staged(const typename P::T *__restrict__ in,
									       typename P::T *__restrict__ out,
									       const typename P::T *__restrict__ frag,
									       struct lr_args a)
{
	typedef typename P::T T;
	constexpr int SP = lrs_pitch<T>(), EPV = 16 / sizeof(T);
	extern __shared__ __align__(16) unsigned char lrs_smem[];
	T *s_in = reinterpret_cast<T *>(lrs_smem);
	const int R = a.R, srows = lrs_rows(R, P::KROWS);
	const int rank = a.gterm[1];
	T *s_frag = s_in + (size_t)srows * SP;
	const int xb = blockIdx.x * 32 * LRS_WX, yb = blockIdx.y * 16 * LRS_WY;
	/* the patch: staged row r, column c holds in[yb - R + r][xb - 4 + c]; zeros past the grid's
	 * halo (a copy wholly inside, else element by element) */
	const T *src = in + a.origin + (long long)(yb - R) * a.pitch + xb - 4;
	for (int e = threadIdx.x; e < srows * (LRS_COLS / EPV); e += blockDim.x) {
		const int r = e / (LRS_COLS / EPV), c = e % (LRS_COLS / EPV) * EPV;
		T *d = s_in + (size_t)r * SP + c;
		const T *g = src + (long long)r * a.pitch + c;
		const int rowok = yb - R + r < a.ny + R, lim = a.nx + R - (xb - 4 + c);   /* elements inside */
		if (rowok && lim >= EPV)
			cp_async(reinterpret_cast<uint4 *>(d), reinterpret_cast<const uint4 *>(g));
		else
			for (int i = 0; i < EPV; i++)
				d[i] = rowok && i < lim ? g[i] : (T)0;
	}
	for (int e = threadIdx.x; e < rank * LR16_TERM / EPV; e += blockDim.x)
		cp_async(reinterpret_cast<uint4 *>(s_frag) + e, reinterpret_cast<const uint4 *>(frag) + e);
	cp_commit();
	cp_wait_all();
	__syncthreads();

	const int lane = threadIdx.x & 31, w = threadIdx.x >> 5, g = lane >> 2, t = lane & 3;
	const int y0 = yb + 16 * (w / LRS_WX), x0 = xb + 32 * (w % LRS_WX);
	if (y0 >= a.ny || x0 >= a.nx)
		return;
	/* B element (ks, nb, r): In[KROWS ks + t + 4 r][8 nb + g] of the warp's patch */
	const T *bp = s_in + (size_t)(16 * (w / LRS_WX) + t) * SP + 32 * (w % LRS_WX) + 4 - R + g;
	T acc[4][4] = {};
	lrs_terms<P, LEAN, SPANS>(acc, s_frag, rank, (16 + 2 * R + P::KROWS - 1) / P::KROWS, a.tspan, bp);
	if (a.center[0] != 0.0)   /* the pyramid's centre, from the staged patch */
		lrs_centre<P>(acc, (T)a.center[0], s_in + (size_t)(16 * (w / LRS_WX) + R + g) * SP + 32 * (w % LRS_WX) + 4);
	lr_store<P, false>(acc, in, out, a, a.origin, y0, x0);
}

/* its dynamic shared memory: the patch, then the terms' fragments */
template <typename T> static size_t lrs_smem(int R, int krows, int terms)
{
	return ((size_t)lrs_rows(R, krows) * lrs_pitch<T>() + (size_t)terms * LR16_TERM) * sizeof(T);
}

/*
 * lorastencil_sweep16, 3D at fused radius 1: a block sweeps LR_ZC output planes, each input plane
 * loaded once, its patch applied to the three output planes it feeds (accumulators of three
 * planes in registers, a ring): each term's vertical pass once, its horizontal pass into every
 * plane of its group, times the plane's multiple. Every
 * term stays in shared memory for the whole sweep: no barrier past the staging.
 */
#define LR_ZC 32

/* input plane i (= PH mod 3) of the sweep: its terms into the outputs it feeds, then the output
 * plane i - 2 (complete) stored */
template <class P, int PH>
__device__ __forceinline__ void lr_sweep_plane(typename P::T (&acc)[3][4][4], const typename P::T *__restrict__ in,
					       typename P::T *__restrict__ out, const typename P::T *s_frag,
					       const struct lr_args &a, long long z0o, int i, int nzc, int y0, int x0,
					       int nks)
{
	typedef typename P::T T;
	T pin[P::KS][5][P::RPK];
	lr_patch<P, LR_OPERAND>(pin, in, z0o + (long long)(i - 1) * a.plane, (T)1, a, y0, x0, nks);
	for (int gi = 0; gi < a.groups; gi++)
		for (int k = a.gterm[gi]; k < a.gterm[gi + 1]; k++) {
			T x[5][4];
			lr_vert<P>(x, pin, s_frag + k * LR16_TERM, nks);
#pragma unroll
			for (int p = 0; p < 3; p++)  /* output i - p of the sweep, from plane p */
				if (a.pgroup[p] == gi && i - p >= 0 && i - p < nzc)
					lr_horiz<P>(acc[(PH - p + 3) % 3], x, s_frag + k * LR16_TERM, (T)a.pmultiple[p]);
		}
	const int j = i - 2;
	if (j >= 0 && j < nzc) {
		T(&done)[4][4] = acc[(PH + 1) % 3];
		lr_store<P>(done, in, out, a, z0o + (long long)j * a.plane, y0, x0);
#pragma unroll
		for (int jo = 0; jo < 4; jo++)
#pragma unroll
			for (int e = 0; e < 4; e++)
				done[jo][e] = 0;
	}
}

/* 254 registers on sm_90 (2 blocks an SM); a budget of 3 blocks spills 728 B */
template <class P>
__global__ void __launch_bounds__(LR16_WARPS * 32) lorastencil_sweep16(const typename P::T *__restrict__ in,
								       typename P::T *__restrict__ out,
								       const typename P::T *__restrict__ frag,
								       struct lr_args a)
{
	typedef typename P::T T;
	__shared__ __align__(16) T s_frag[LR_MAXRANK * LR16_TERM];
	lr_stage(s_frag, frag, a.gterm[a.groups] * LR16_TERM);
	int y0, x0;
	lr16_tile(y0, x0);
	if (y0 >= a.ny || x0 >= a.nx)
		return;
	const int nks = (16 + 2 * a.R + P::KROWS - 1) / P::KROWS;
	const int z0 = blockIdx.z * LR_ZC, nzc = min(LR_ZC, a.nz - z0);
	const long long z0o = a.origin + (long long)z0 * a.plane;
	T acc[3][4][4];
#pragma unroll
	for (int s = 0; s < 3; s++)
#pragma unroll
		for (int jo = 0; jo < 4; jo++)
#pragma unroll
			for (int e = 0; e < 4; e++)
				acc[s][jo][e] = 0;
	for (int i = 0; i < nzc + 2; i += 3) {       /* input planes z0 - 1 + i .. */
		lr_sweep_plane<P, 0>(acc, in, out, s_frag, a, z0o, i, nzc, y0, x0, nks);
		if (i + 1 < nzc + 2)
			lr_sweep_plane<P, 1>(acc, in, out, s_frag, a, z0o, i + 1, nzc, y0, x0, nks);
		if (i + 2 < nzc + 2)
			lr_sweep_plane<P, 2>(acc, in, out, s_frag, a, z0o, i + 2, nzc, y0, x0, nks);
	}
}

struct lr_state {
	struct lowrank lr[LR_MAXPLANES];
	void *d_frag;
	struct lr_args args;
	int kernel;     /* LR_M8 (fp64 below sm_90), LR_F64 (sm_90), LR_TF32 */
	int centres;    /* pyramid planes: their centre is CUDA-core work */
	int sweep;      /* 3D at fused radius 1: lorastencil_sweep16 */
	int grouped;    /* some group has more than one plane: kernel16 sums their patches */
	int staged;     /* 2D on sm_90 (or tf32): lorastencil_staged */
	size_t smem;    /* its dynamic shared memory */
	int lean;       /* its LEAN instance (fp64, up to LRS_LEAN_TERMS terms) */
	int k8;         /* fp64 on m16n8k8 (lr_f64k8) */
	int spans;      /* each term its own K steps (SPANS: m16n8k8, LEAN with a shorter term) */
	int blocks;     /* its blocks an SM (the occupancy API) */
	double sigma;
	char variant[METHOD_VARIANT_MAX];
};
enum { LR_M8, LR_F64, LR_TF32 };

static struct lr_state LS;

static const char *lr_supports(const struct method_ctx *c)
{
	if (c->dtype != DT_FP64 && c->dtype != DT_TF32)
		return "lorastencil runs fp64 (mma.sync f64) and tf32 (fp32 data, tf32 math)";
	if (c->stencil->dims < 2)
		return "lorastencil decomposes 2D kernels (and 3D ones plane by plane)";
	if (c->stencil->radius * c->fusion > LR_MAXR)
		return "lorastencil's 16 + 2R row patch holds a fused radius up to 4";
	if (c->dtype == DT_FP64 && c->stencil->dims == 3 && c->props->major < 9)
		return "lorastencil runs 3D fp64 on sm_90 (mma.sync m16n8k4 f64)";
	return NULL;
}

/* the m8n8k4 kernel's fragments of term k: B[ks][lane] = v_k[4 ks + t - g] (Bv[j][n], j = 4 ks + t,
 * n = g) and A[ks][lane] = s_k u_k[4 ks + t - g] (Au[m][i], m = g, i = 4 ks + t), zero off the band */
static void lr_fragments(const struct lowrank *lr, int R, double *h)
{
	for (int k = 0; k < lr->rank; k++)
		for (int ks = 0; ks < 4; ks++)
			for (int lane = 0; lane < 32; lane++) {
				const int g = lane / 4, d = 4 * ks + lane % 4 - g;
				const int in_band = d >= 0 && d <= 2 * R;
				h[k * LR_TERM + ks * 32 + lane] = in_band ? lr->v[k * lr->n + d] : 0.0;
				h[k * LR_TERM + 128 + ks * 32 + lane] = in_band ? lr->s[k] * lr->u[k * lr->n + d] : 0.0;
			}
}

/* the fragments of P's kernels (kernel16, sweep16, staged): Au[ks][j][lane] = s_k u_k[o_k + KROWS ks
 * + t + 4 r - g - 8 h] (j = h + 2 r, r < RPK; o_k the term's first row, first[k], 0 without first),
 * then Bv[d][p][lane] = v_k[8 d + 2 t + p - g], zero off the band; lane-major (staged, or P::LANE):
 * Au[ks][lane][j] and Bv[d][lane][p], a lane's words of a K step (and of a d) together */
template <class P>
static void lr_fragments16(const struct lowrank *lr, int R, bool staged, const int *first, double *h)
{
	const bool lane_major = staged || P::LANE;
	const int au = P::AU;
	for (int k = 0; k < lr->rank; k++)
		for (int lane = 0; lane < 32; lane++) {
			const int g = lane / 4, t = lane % 4;
			double *f = h + k * LR16_TERM;
			for (int ks = 0; ks < P::KS; ks++)
				for (int j = 0; j < au; j++) {
					const int i = (first ? first[k] : 0) + P::KROWS * ks + t + 4 * (j >> 1) - g - 8 * (j & 1);
					f[lane_major ? (ks * 32 + lane) * au + j : (ks * au + j) * 32 + lane] =
						i >= 0 && i <= 2 * R ? lr->s[k] * lr->u[k * lr->n + i] : 0.0;
				}
			for (int d = 0; d < 2; d++)
				for (int p = 0; p < 2; p++) {
					const int i = 8 * d + 2 * t + p - g;
					f[LR16_BV + (lane_major ? (d * 32 + lane) * 2 + p : (d * 2 + p) * 32 + lane)] =
						i >= 0 && i <= 2 * R ? lr->v[k * lr->n + i] : 0.0;
				}
		}
}

/* term k of lr's vertical band u_k[lo .. lo + span] (the pyramid's shrink with k): its span, *lo */
static int lr_band(const struct lowrank *lr, int k, int R, int *lo)
{
	const double *u = lr->u + (size_t)k * lr->n;
	int l = 0, hi = 2 * R;
	while (l < hi && u[l] == 0.0)
		l++;
	while (hi > l && u[hi] == 0.0)
		hi--;
	*lo = l;
	return hi - l;
}

/* lorastencil_staged's plan of its terms (one plane, one group). fp64 with more terms than LEAN
 * takes runs m16n8k8 where every term takes an even number of m16n8k4 K steps (the same MACs in
 * half the MMA instructions; in LEAN's 80 registers it spilled). Where the kernel has SPANS
 * (m16n8k8; LEAN where a term is shorter, the pyramid's) term k meets rows lo .. 15 + lo + span of
 * a warp's patch (rows from y0 - R) and takes lr_ksteps(span) K steps from row lo, or earlier where
 * those would pass the rows staged for the full band's; else (tf32, m16n8k4 beyond four terms)
 * the full band's from row 0. Sets LS.k8, LS.spans and the packed tspan, fills first[k] (the
 * fragments' row offsets) and steps (the variant's "6/5/5"); the MACs of all terms (sigma) */
static double lr_plan_staged(const struct method_ctx *c, int terms, int *first, char *steps, size_t len)
{
	const int R = c->composed->R;
	int lo[LR_MAXRANK], span[LR_MAXRANK], shorter = 0;
	for (int k = 0; k < terms; k++)
		span[k] = LS.kernel == LR_F64 ? lr_band(&LS.lr[0], k, R, &lo[k]) : (lo[k] = 0, 2 * R);
	LS.k8 = LS.kernel == LR_F64 && terms > LRS_LEAN_TERMS;
	for (int k = 0; LS.k8 && k < terms; k++)
		LS.k8 = lr_ksteps(span[k], lr_f64::KROWS) % 2 == 0;
	const int krows = LS.kernel == LR_TF32 || LS.k8 ? 8 : 4, full = lr_ksteps(2 * R, krows);
	for (int k = 0; k < terms; k++)
		shorter |= lr_ksteps(span[k], krows) < full;
	LS.spans = LS.kernel == LR_F64 && (LS.k8 || (terms <= LRS_LEAN_TERMS && shorter));
	double macs = 0.0;
	for (int k = 0; k < terms; k++) {
		if (!LS.spans)
			span[k] = 2 * R, lo[k] = 0;
		const int nks = lr_ksteps(span[k], krows), last = krows * (full - nks);
		first[k] = lo[k] < last ? lo[k] : last;
		LS.args.tspan[k] = (unsigned char)((first[k] - (k ? first[k - 1] : 0) + 8) << 3 | nks);
		macs += lorastencil_term_macs(span[k], c->dtype);
		snprintf(steps + strlen(steps), len - strlen(steps), "%s%d", k ? "/" : "", nks);
	}
	return macs;
}

/* the fp64 staged kernel the state picks */
typedef void (*lrs_f64_kernel)(const double *, double *, const double *, struct lr_args);
static lrs_f64_kernel lrs_f64(void)
{
	if (LS.k8)
		return lorastencil_staged<lr_f64k8, 0, true>;
	if (LS.lean)
		return LS.spans ? lorastencil_staged<lr_f64, 1, true> : lorastencil_staged<lr_f64, 1, false>;
	return lorastencil_staged<lr_f64, 0, false>;
}

static void lr_release(void)
{
	cudaFree(LS.d_frag);
	for (int p = 0; p < LR_MAXPLANES; p++)
		lowrank_free(&LS.lr[p]);
}

/* The pyramid's pivots can grow its terms far past the weights (lowrank_growth), and the MMAs'
 * rounding with them (tf32 box3d4r: growth 294, relative error 1e-2): above this growth a plane
 * takes the SVD (growth about 1) instead. */
#define LR_MAX_GROWTH 16.0

/* split one plane w into LS.lr[gi] (the pyramid where the kernel has a centre, the plane is
 * mirror-symmetric and the growth small, else the SVD) and its centre; 0, or -1 */
static int lr_split_plane(const double *w, int side, int gi, double *center)
{
	*center = 0.0;
	if (LS.kernel != LR_M8 && lowrank_pyramid(w, side, &LS.lr[gi], center) == 0 &&
	    lowrank_growth(&LS.lr[gi], w) <= LR_MAX_GROWTH)
		return 0;
	lowrank_free(&LS.lr[gi]);
	*center = 0.0;
	return lowrank_build(w, side, 1e-15, &LS.lr[gi]);
}

/* group the planes of the fused weights (a plane joins the first leader it is a multiple of; an
 * all-zero plane joins none), split each leader, fill the args' groups; the number of terms, or -1 */
static int lr_split(const struct dense_weights *d, int planes)
{
	struct lr_args *a = &LS.args;
	const int area = d->side * d->side;
	int group[LR_MAXPLANES], leader[LR_MAXPLANES];
	double mult[LR_MAXPLANES];
	a->groups = 0;
	for (int p = 0; p < planes; p++) {
		const double *w = d->w + (long)p * area;
		group[p] = -1;
		for (int gi = 0; gi < a->groups && group[p] < 0; gi++)
			if (lowrank_multiple(d->w + (long)leader[gi] * area, w, area, &mult[p]))
				group[p] = gi;
		if (group[p] >= 0 || lowrank_multiple(w, w, area, &mult[p]) == 0)   /* a member, or all zero */
			continue;
		group[p] = a->groups, mult[p] = 1.0, leader[a->groups] = p;
		if (lr_split_plane(w, d->side, a->groups, &a->center[p]) != 0)
			return -1;
		a->gterm[a->groups + 1] = a->gterm[a->groups] + LS.lr[a->groups].rank;
		a->groups++;
	}
	int members = 0;   /* planes in groups */
	for (int p = 0; p < planes; p++) {
		a->pgroup[p] = group[p], a->pmultiple[p] = group[p] >= 0 ? mult[p] : 0.0;
		if (group[p] >= 0) {
			members++;
			a->center[p] = a->center[leader[group[p]]] * mult[p];
			LS.centres += a->center[p] != 0.0;
		}
	}
	LS.grouped = members > a->groups;
	return a->gterm[a->groups];
}

static int lr_setup(struct method_ctx *c, const char **why)
{
	const struct grid *g = c->grid;
	const struct dense_weights *d = c->composed;
	const int dims = c->stencil->dims, planes = dims == 3 ? d->side : 1;
	memset(&LS, 0, sizeof(LS));
	if (g->n[0] + 4096 > 0x7fffffffL || g->n[1] + 4096 > 0x7fffffffL || g->n[2] > 65535) {
		*why = "an extent past 2^31 - 4096 elements (or 65535 planes): the kernel indexes with 32-bit ints";
		return -1;
	}
	LS.kernel = c->dtype == DT_TF32 ? LR_TF32 : c->props->major >= 9 ? LR_F64 : LR_M8;
	const int terms = lr_split(d, planes);
	if (terms < 1) {
		lr_release();
		*why = "cannot decompose the fused weights";
		return -1;
	}
	/* 2D: the block's patch staged in shared memory (lorastencil_staged) */
	LS.staged = dims == 2 && LS.kernel != LR_M8;
	/* the fragments, group after group, in the kernel's precision (tf32: rounded to nearest) and in
	 * the layout its kernel reads (lr_fragments16) */
	const int words = LS.kernel == LR_M8 ? LR_TERM : LR16_TERM;
	const size_t n = (size_t)terms * words;
	double *h = (double *)calloc(n, sizeof(double));
	float *hf = (float *)calloc(n, sizeof(float));
	int ok = h && hf;
	int first[LR_MAXRANK] = { 0 };
	char steps[2 * LR_MAXRANK + 1] = "";
	const double macs = LS.staged ? lr_plan_staged(c, terms, first, steps, sizeof(steps)) : 0.0;
	const int *fr = LS.staged ? first : NULL;   /* the staged fragments' row offsets (zeros without SPANS) */
	for (int gi = 0, at = 0; ok && gi < LS.args.groups; at += LS.lr[gi].rank * words, gi++) {
		if (LS.kernel == LR_M8)
			lr_fragments(&LS.lr[gi], d->R, h + at);
		else if (LS.kernel == LR_TF32)
			lr_fragments16<lr_tf32>(&LS.lr[gi], d->R, LS.staged, fr, h + at);
		else if (LS.k8)
			lr_fragments16<lr_f64k8>(&LS.lr[gi], d->R, LS.staged, fr, h + at);
		else
			lr_fragments16<lr_f64>(&LS.lr[gi], d->R, LS.staged, fr, h + at);
	}
	for (size_t i = 0; ok && LS.kernel == LR_TF32 && i < n; i++) {
		const uint32_t b = tf32_bits((float)h[i]);
		memcpy(&hf[i], &b, sizeof(b));
	}
	const size_t bytes = n * (LS.kernel == LR_TF32 ? sizeof(float) : sizeof(double));
	ok = ok && cudaMalloc(&LS.d_frag, bytes) == cudaSuccess &&
	     cudaMemcpy(LS.d_frag, LS.kernel == LR_TF32 ? (void *)hf : (void *)h, bytes, cudaMemcpyHostToDevice) == cudaSuccess;
	free(h);
	free(hf);
	if (!ok) {
		cudaGetLastError();
		lr_release();
		*why = "cannot upload the fragments";
		return -1;
	}
	struct lr_args *a = &LS.args;
	a->origin = grid_at(g, 0, 0, 0);
	a->pitch = g->pitch;
	a->plane = g->plane;
	a->nx = (int)g->n[0];
	a->ny = (int)g->n[1];
	a->R = d->R;
	a->planes = planes;
	a->zr = dims == 3 ? d->R : 0;
	a->nz = (int)g->n[2];
	/* the sweep where it measured faster: SVD planes (random weights +17 % fp64, +22 % tf32;
	 * star3d1r sym +27 %); the pyramid's box planes keep kernel16, whose group applies one term to
	 * the summed patch (sym box3d1r: 56.1 against 56.5 GStencil/s, tf32 79.7 against 87.5; H200) */
	LS.sweep = dims == 3 && d->R == 1 && LS.kernel != LR_M8 && terms <= LR_MAXRANK && LS.centres == 0;
	if (LS.staged) {
		LS.smem = LS.kernel == LR_TF32 ? lrs_smem<float>(d->R, lr_tf32::KROWS, terms)
			  : lrs_smem<double>(d->R, LS.k8 ? lr_f64k8::KROWS : lr_f64::KROWS, terms);
		LS.lean = LS.kernel == LR_F64 && terms <= LRS_LEAN_TERMS;
		const void *k = LS.kernel == LR_TF32 ? (const void *)lorastencil_staged<lr_tf32, 0, false> : (const void *)lrs_f64();
		/* LEAN: the largest carveout, for three blocks of the patch and up to four terms (183 KB) */
		if (cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)LS.smem) != cudaSuccess ||
		    (LS.lean && cudaFuncSetAttribute(k, cudaFuncAttributePreferredSharedMemoryCarveout,
						     cudaSharedmemCarveoutMaxShared) != cudaSuccess) ||
		    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&LS.blocks, k, LRS_WY * LRS_WX * 32, LS.smem) !=
			    cudaSuccess) {
			cudaGetLastError();
			lr_release();
			*why = "cannot size the staged patch";
			return -1;
		}
	}
	/* useful MACs over issued: K_fused (the fused kernel's non-zero points, less the centres on
	 * CUDA cores) over the MMA MACs a point of all terms: m8n8k4, 12 MMAs of 256 MACs a term for
	 * 64 points; kernel16 and sweep16, the method table's count (lorastencil_term_macs) at the full
	 * band; staged, each term's at its own (macs) */
	const long kf = stencil_fused_points(c->stencil, c->fusion);
	const double per_term = LS.kernel == LR_M8 ? 12.0 * 256 / 64 : lorastencil_term_macs(2 * d->R, c->dtype);
	LS.sigma = (double)(kf - LS.centres) / (LS.staged ? macs : per_term * terms);
	snprintf(LS.variant, sizeof(LS.variant), "mma.sync %s, %d term%s over %d plane%s in %d group%s (%s), "
		 "fused radius %d, %s tiles%s, sigma %.4f",
		 LS.kernel == LR_TF32 ? "m16n8k8 tf32" : LS.k8 ? "m16n8k8 f64" : LS.kernel == LR_F64 ? "m16n8k4 f64" : "m8n8k4 f64", terms,
		 terms > 1 ? "s" : "", planes, planes > 1 ? "s" : "", a->groups, a->groups > 1 ? "s" : "",
		 LS.centres ? "pyramid + centre" : "SVD", d->R, LS.kernel == LR_M8 ? "8 x 8" : "16 x 32",
		 LS.sweep ? ", a z sweep of 32 planes" : LS.staged ? ", 32 x 128 patch staged a block" : "", LS.sigma);
	if (LS.staged) {
		const size_t n = strlen(LS.variant);
		snprintf(LS.variant + n, sizeof(LS.variant) - n, ", K steps %s, %s%d blocks an SM", steps,
			 LS.lean ? "Au read as used, " : "", LS.blocks);
	}
	c->state = &LS;
	return 0;
}

static void lr_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	const struct lr_args *a = &LS.args;
	const dim3 grid((unsigned)((a->nx + 63) / 64), (unsigned)((a->ny + 31) / 32), (unsigned)c->grid->n[2]);
	if (LS.staged) {
		const dim3 sgrid((unsigned)((a->nx + 32 * LRS_WX - 1) / (32 * LRS_WX)),
				 (unsigned)((a->ny + 16 * LRS_WY - 1) / (16 * LRS_WY)));
		if (LS.kernel == LR_TF32)
			lorastencil_staged<lr_tf32, 0, false><<<sgrid, LRS_WY * LRS_WX * 32, LS.smem, s>>>(
				(const float *)in, (float *)out, (const float *)LS.d_frag, *a);
		else
			lrs_f64()<<<sgrid, LRS_WY * LRS_WX * 32, LS.smem, s>>>((const double *)in, (double *)out,
									 (const double *)LS.d_frag, *a);
	} else if (LS.sweep) {
		const dim3 sg(grid.x, grid.y, (unsigned)((a->nz + LR_ZC - 1) / LR_ZC));
		if (LS.kernel == LR_TF32)
			lorastencil_sweep16<lr_tf32><<<sg, LR16_WARPS * 32, 0, s>>>((const float *)in, (float *)out,
										    (const float *)LS.d_frag, *a);
		else
			lorastencil_sweep16<lr_f64><<<sg, LR16_WARPS * 32, 0, s>>>((const double *)in, (double *)out,
										   (const double *)LS.d_frag, *a);
	} else if (LS.kernel == LR_TF32)
		(LS.grouped ? lorastencil_kernel16<lr_tf32, true> : lorastencil_kernel16<lr_tf32, false>)<<<grid, LR16_WARPS * 32, 0, s>>>(
			(const float *)in, (float *)out, (const float *)LS.d_frag, *a);
	else if (LS.kernel == LR_F64)
		(LS.grouped ? lorastencil_kernel16<lr_f64, true> : lorastencil_kernel16<lr_f64, false>)<<<grid, LR16_WARPS * 32, 0, s>>>(
			(const double *)in, (double *)out, (const double *)LS.d_frag, *a);
	else
		lorastencil_kernel<<<dim3((unsigned)((a->nx + 31) / 32), (unsigned)((a->ny + 15) / 16)), 256, 0, s>>>(
			(const double *)in, (double *)out, (const double *)LS.d_frag, *a);
}

static void lr_teardown(struct method_ctx *c)
{
	(void)c;
	lr_release();
}

static const char *lr_variant(const struct method_ctx *c)
{
	(void)c;
	return LS.variant;
}

static double lr_sigma(const struct method_ctx *c)
{
	(void)c;
	return LS.sigma;
}

extern const struct kernel_method method_lorastencil = {
	"lorastencil",
	"the fused kernel's planes as exact rank-1 terms (SVD, or the pyramid for sym weights), each two banded "
	"MMA products (f64 or tf32), kernel fusion",
	lr_supports, lr_setup, lr_launch, lr_teardown, "lorastencil_", lr_variant, lr_sigma,
};
KERNEL_METHOD(method_lorastencil);
