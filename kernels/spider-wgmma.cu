/*
 * spider-wgmma.cu - spider:wgmma and spider-dense:wgmma: SPIDER's strided swapping (the same
 * swapped and compressed kernel matrices as kernels/spider.cu, kernels/sparse.h, with 16-row
 * tiles, L = 16) on Hopper's warpgroup instructions: wgmma.mma_async.sp (tf32 m64n128k16 1:2, f16
 * m64n128k32 2:4) and dense wgmma.mma_async (tf32 k8, f16 k16), fp32 accumulation. 2D only: the
 * hopper-tc figure's tcs cases 3-4 and sptc's 2D shapes. Built for sm_90a alone.
 *
 * wgmma's A has 64 rows, spider's kernel matrix A_q 16 (the outputs x0 .. x0 + 15). A product
 * stacks four footprint rows q = 4g + m (m = 0 .. 3) of all 16 outputs (A from registers, loaded
 * once: the swapped weights never change), and every product shares one B: 128 staged input rows,
 * columns of B. Column n of product g is staged row n + 4g, so the accumulator D_m of offset m
 * collects, over g, the footprint rows 4g + m of output row y0 + n - m, and output row y0 + o is
 * the sum over m of D_m's column o + m: 125 complete output rows a tile of 128 columns. The stacked
 * rows are ordered so that the sum stays in a warp: warp w's row gg + 8h is output column
 * 4w + gg / 2 at offset m = h + 2 (gg % 2), so a thread holds two offsets of one column and lane ^ 4
 * the other two; the column shifts are quad shuffles (4 bytes an output), and the sums leave
 * through a small shared tile in whole 16-byte pieces. The padding rows q >= 2R + 1 carry zero
 * weights.
 *
 * B from shared memory through a descriptor: the staged tile holds, for each K chunk of 16 bytes
 * (8 f16 or 4 tf32 of B's K), every staged row 16 bytes apart, the chunks 16 bytes more than a
 * chunk's rows apart (so that a staging warp's 4-byte writes of one row fall on distinct banks).
 * B's row k is input column x0 - R - s + perm[k]: the strided swap is applied while staging, one
 * 4-byte cp.async a word (an f16 pair or a tf32 value; the swap moves words, so the Tensor Memory
 * Accelerator's 16-byte boxes cannot build the tile). Two tiles are staged in turn, the next while
 * the current one is multiplied. The swap, the padding and the 3 incomplete columns of every 128
 * make sigma: sparse_sigma x (2R+1) / 4G x 125 / 128.
 */
#include <stdio.h>
#include <string.h>

#include <cuda_fp16.h>

#include "kmethod.h"
#include "ptx.cuh"
#include "wgmma.cuh"
#include "wgmma-variants.h"

extern "C" {
#include "sparse.h"
}

#define SPW_N 128                  /* B's columns: staged rows a product covers */
#define SPW_NO (SPW_N - 3)         /* complete output rows a tile */
#define SPW_YT 4                   /* row tiles a block, one after the other */

struct spw_args {
	long long origin, pitch;
	int nx, ny, R, xoff, yt;       /* xoff = -R - s: B's first column from x0 */
};

/* the staged tile of G footprint-row groups, elements of eb bytes: rows (the products' 128 and the
 * 4 (G - 1) shifts, in whole core matrices), the distance of K chunks (16 bytes more than a chunk's
 * rows: bank-spread staging writes) and the bytes of one of its two buffers */
__host__ __device__ constexpr int spw_rows(int G) { return (SPW_N + 4 * (G - 1) + 7) / 8 * 8; }
__host__ __device__ constexpr int spw_lbo(int G) { return spw_rows(G) * 16 + 16; }
__host__ __device__ constexpr int spw_buf(int eb, int G) { return 32 * eb / 16 * spw_lbo(G); }
/* the output tile: 128 rows of 16 outputs and 16 bytes of padding (bank-spread writes) */
__host__ __device__ constexpr int spw_os(int eb) { return 16 + 16 / eb; }
__host__ __device__ constexpr int spw_otile(int eb) { return SPW_N * spw_os(eb) * eb; }

template <typename T> __device__ __forceinline__ T spw_out(float v);
template <> __device__ __forceinline__ float spw_out<float>(float v) { return v; }
template <> __device__ __forceinline__ __half spw_out<__half>(float v) { return __float2half(v); }

/* afrag: [g][ks][warp][lane] uint4 values, then (sparse) [g][ks][warp][lane] metadata; bcol[w]: the
 * input column (from x0 - R - s) of staged word w of a row */
template <typename T, int SPARSE, int G>
__global__ void __launch_bounds__(128) spider_kernel_wgmma(const T *__restrict__ in, T *__restrict__ out,
							    const unsigned *__restrict__ afrag,
							    const int *__restrict__ bcol, struct spw_args a)
{
	typedef wg_m64n128<T, SPARSE> W;
	constexpr int EPC = 16 / (int)sizeof(T), KC = 32 / EPC;        /* elements a chunk, chunks of K */
	constexpr int KS = 32 / W::K, KCS = W::K / EPC;                /* products a footprint group */
	constexpr int SR = spw_rows(G), LBO = spw_lbo(G), BUF = spw_buf(sizeof(T), G);
	constexpr int RW = KC * 4, RPI = 128 / RW;                      /* words a staged row, rows a pass */
	extern __shared__ __align__(128) unsigned char spw_smem[];
	constexpr int OS = spw_os(sizeof(T));
	T *o = reinterpret_cast<T *>(spw_smem + 2 * BUF);
	const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
	const int x0 = blockIdx.x * 16;
	const int t0 = blockIdx.y * a.yt, t1 = min(t0 + a.yt, (a.ny + SPW_NO - 1) / SPW_NO);

	unsigned fa[G][KS][4], meta[G][KS];
#pragma unroll
	for (int g = 0; g < G; g++)
#pragma unroll
		for (int ks = 0; ks < KS; ks++) {
			const int j = ((g * KS + ks) * 4 + warp) * 32 + lane;
			const uint4 v = reinterpret_cast<const uint4 *>(afrag)[j];
			fa[g][ks][0] = v.x, fa[g][ks][1] = v.y, fa[g][ks][2] = v.z, fa[g][ks][3] = v.w;
			meta[g][ks] = SPARSE ? afrag[G * KS * 4 * 32 * 4 + j] : 0u;
		}

	/* this thread stages word wi (K chunk wi / 4, word wi % 4) of rows r0, r0 + RPI, ... */
	const int wi = tid % RW, r0 = tid / RW;
	const int colx = x0 + a.xoff + bcol[wi];
	const int soff = (wi / 4) * LBO + (wi % 4) * 4;
	auto stage = [&](int ty, unsigned char *buf) {
		const int ys = ty * SPW_NO - a.R;
		for (int sr = r0; sr < SR; sr += RPI) {
			const int y = ys + sr;
			unsigned *d = reinterpret_cast<unsigned *>(buf + soff + sr * 16);
			if (y < a.ny + a.R && colx < a.nx + a.R)
				cp_async(d, reinterpret_cast<const unsigned *>(in + a.origin + (long long)y * a.pitch + colx));
			else
				*d = 0;
		}
		cp_commit();
	};

	if (t0 < t1)
		stage(t0, spw_smem);
	for (int ty = t0; ty < t1; ty++) {
		unsigned char *cur = spw_smem + ((ty - t0) & 1) * BUF;
		if (ty + 1 < t1) {
			stage(ty + 1, spw_smem + ((ty - t0 + 1) & 1) * BUF);
			cp_wait_but_one();
		} else {
			cp_wait_all();
		}
		wg_proxy_fence();
		__syncthreads();

		float d[64];
#pragma unroll
		for (int r = 0; r < 64; r++)
			d[r] = 0.f;
		wg_fence();
#pragma unroll
		for (int g = 0; g < G; g++)
#pragma unroll
			for (int ks = 0; ks < KS; ks++)
				W::mma(d, fa[g][ks], wg_desc(cur + ks * KCS * LBO + g * 64, LBO, 128), meta[g][ks], 1);
		wg_commit_wait();

		/* S[o] = sum over m of D_m[o + m]: the partner lanes (lane ^ 4) hold footprint offsets
		 * {0, 1} and {2, 3} of one output column x. Thread columns c = 8j + 2t + e; column c + 1
		 * (or + 2) is this thread's e = 1, or lane t + 1's, or for t = 3 lane t = 0's of j + 1. */
		const int t = lane & 3, nxt = (lane & ~3) | ((t + 1) & 3);
		float pr[16][2];
		float u = __shfl_sync(0xffffffffu, d[2], nxt);
#pragma unroll
		for (int j = 0; j < 16; j++) {
			const float un = j < 15 ? __shfl_sync(0xffffffffu, d[4 * j + 6], nxt) : 0.f;
			pr[j][0] = d[4 * j] + d[4 * j + 3];
			pr[j][1] = d[4 * j + 1] + (t < 3 ? u : un);
			u = un;
		}
		const int ptn = nxt ^ 4, xl = 4 * warp + (lane >> 3);   /* lanes gg even: x0 + xl */
#pragma unroll
		for (int e = 0; e < 2; e++) {
			float v = __shfl_sync(0xffffffffu, pr[0][e], ptn);
#pragma unroll
			for (int j = 0; j < 16; j++) {
				const float vn = j < 15 ? __shfl_sync(0xffffffffu, pr[j + 1][e], ptn) : 0.f;
				if (!(lane & 4))
					o[(8 * j + 2 * t + e) * OS + xl] = spw_out<T>(pr[j][e] + (t < 3 ? v : vn));
				v = vn;
			}
		}
		__syncthreads();
		/* the tile's complete rows out */
		wg_store_tile<T, 16, OS>(out, a.origin, a.pitch, o, SPW_NO, x0, ty * SPW_NO, a.nx, a.ny, tid);
		__syncthreads();   /* o and cur are written again next */
	}
}

struct spw_state {
	struct sparse_plan plan;
	int sparse, is16, G;
	double sigma;
	unsigned *d_a;
	int *d_c;
	size_t smem;
	struct spw_args args;
	char variant[METHOD_VARIANT_MAX];
};

static struct spw_state SPW;

template <typename T, int SP> static const void *spw_pick_g(int G)
{
	return G == 1 ? (const void *)spider_kernel_wgmma<T, SP, 1> : G == 2 ? (const void *)spider_kernel_wgmma<T, SP, 2>
	       : G == 3 ? (const void *)spider_kernel_wgmma<T, SP, 3> : (const void *)spider_kernel_wgmma<T, SP, 4>;
}
static const void *spw_pick(void)
{
	if (SPW.is16)
		return SPW.sparse ? spw_pick_g<__half, 1>(SPW.G) : spw_pick_g<__half, 0>(SPW.G);
	return SPW.sparse ? spw_pick_g<float, 1>(SPW.G) : spw_pick_g<float, 0>(SPW.G);
}

static const char *spw_supports(const struct method_ctx *c)
{
	const char *why = wgmma_supported(c);
	if (why)
		return why;
	if (c->dtype != DT_TF32 && c->dtype != DT_FP16)
		return "spider runs tf32 (fp32 data, tf32 math) and fp16";
	if (c->stencil->radius * c->fusion > 7)
		return "spider's kernel matrix has m = 16 rows: fused radius up to 7";
	if (c->stencil->dims != 2)
		return "the wgmma variant stacks four footprint rows of a 2D stencil into the instruction's 64 rows: 2D only";
	return NULL;
}

/* the 16 metadata bits of row x (0-15) of footprint row q's kernel matrix, K half jj */
static unsigned spw_meta_row(const struct sparse_plan *p, int q, int ks, int x, int jj, int is16)
{
	const unsigned m = sparse_frag_meta(p, q, ks, x % 8, jj, is16);
	return x < 8 ? m & 0xffffu : m >> 16;
}

static int spw_setup(struct method_ctx *c, const char **why, int sparse)
{
	const struct grid *g = c->grid;
	const int is16 = c->dtype == DT_FP16;
	const int K = sparse ? (is16 ? 32 : 16) : (is16 ? 16 : 8), R = c->stencil->radius * c->fusion;
	memset(&SPW, 0, sizeof(SPW));
	if (g->n[0] + 4096 > 0x7fffffffL || g->n[1] + 4096 > 0x7fffffffL) {
		*why = "an extent past 2^31 - 4096 elements: the kernel indexes with 32-bit ints";
		return -1;
	}
	SPW.sparse = sparse;
	SPW.is16 = is16;
	if (sparse_build(c->composed, K, is16 ? SP_SWAP_PAIR : SP_SWAP_COL, is16 ? R % 2 : 0, 16, &SPW.plan) != 0 ||
	    (sparse && sparse_compress(&SPW.plan, is16 ? 4 : 2) != 0) || SPW.plan.Kpad != 32) {
		sparse_free(&SPW.plan);
		*why = "cannot build the swapped kernel matrices";
		return -1;
	}
	const struct sparse_plan *p = &SPW.plan;
	const int G = (p->rows + 3) / 4, KS = 32 / K, nsteps = G * KS * 4;   /* 4 warps a step */
	SPW.G = G;
	const size_t nv = (size_t)nsteps * 32 * 4, na = nv + (sparse ? (size_t)nsteps * 32 : 0);
	unsigned *ha = (unsigned *)calloc(na, sizeof(unsigned));
	int hc[32];
	if (!ha) {
		sparse_free(&SPW.plan);
		*why = "out of host memory";
		return -1;
	}
	/* [g][ks][warp][lane]: warp w's row gg + 8h is output column x = 4w + gg / 2 of footprint row
	 * q = 4g + m, m = h + 2 (gg % 2); metadata for selector 0 (lanes 4gg + 0, 1: K halves jj) */
	for (int s = 0; s < nsteps; s++) {
		const int g4 = 4 * (s / (4 * KS)), ks = (s / 4) % KS, w = s % 4;
		for (int lane = 0; lane < 32; lane++) {
			const int gg = lane / 4, x = 4 * w + gg / 2, q0 = g4 + 2 * (gg % 2);
			for (int i = 0; i < 4; i++)   /* register i: row half i % 2, i.e. q0 + i % 2 */
				ha[((size_t)s * 32 + lane) * 4 + i] = sparse_frag_a(p, q0 + i % 2, ks, 4 * (x % 8) + lane % 4,
									     (i & ~1) | x / 8, sparse, is16);
			if (sparse && lane % 4 < 2)
				ha[nv + (size_t)s * 32 + lane] = spw_meta_row(p, q0, ks, x, lane % 2, is16) |
								 spw_meta_row(p, q0 + 1, ks, x, lane % 2, is16) << 16;
		}
	}
	/* staged word w of a row: B rows 2w, 2w + 1 (f16, adjacent inputs) or w (tf32) */
	for (int w = 0; w < 32; w++)
		hc[w] = p->perm[is16 ? 2 * w : w];
	SPW.smem = 2 * (size_t)spw_buf(is16 ? 2 : 4, G) + (size_t)spw_otile(is16 ? 2 : 4);
	const void *k = spw_pick();
	if (cudaMalloc(&SPW.d_a, na * 4) != cudaSuccess || cudaMalloc(&SPW.d_c, sizeof(hc)) != cudaSuccess ||
	    cudaMemcpy(SPW.d_a, ha, na * 4, cudaMemcpyHostToDevice) != cudaSuccess ||
	    cudaMemcpy(SPW.d_c, hc, sizeof(hc), cudaMemcpyHostToDevice) != cudaSuccess ||
	    cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)SPW.smem) != cudaSuccess) {
		cudaGetLastError();
		free(ha);
		cudaFree(SPW.d_a);
		cudaFree(SPW.d_c);
		sparse_free(&SPW.plan);
		*why = "cannot upload the kernel matrices or size the staged tiles";
		return -1;
	}
	free(ha);
	SPW.args.origin = grid_at(g, 0, 0, 0);
	SPW.args.pitch = g->pitch;
	SPW.args.nx = (int)g->n[0];
	SPW.args.ny = (int)g->n[1];
	SPW.args.R = p->R;
	SPW.args.xoff = -p->R - p->shift;
	SPW.args.yt = SPW_YT;
	SPW.sigma = sparse_sigma(p) * p->rows / (4.0 * G) * SPW_NO / SPW_N;
	snprintf(SPW.variant, sizeof(SPW.variant), "A in registers, %s m64n128k%d %s -> f32, %s swap, L 16, "
		 "%d footprint rows in %d groups of 4, sigma %.4f", sparse ? "wgmma.mma_async.sp" : "wgmma.mma_async",
		 K, is16 ? "f16" : "tf32", is16 ? "pair" : "column", p->rows, G, SPW.sigma);
	c->state = &SPW;
	return 0;
}

static int spw_setup_sparse(struct method_ctx *c, const char **why) { return spw_setup(c, why, 1); }
static int spw_setup_dense(struct method_ctx *c, const char **why) { return spw_setup(c, why, 0); }

static void spw_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	(void)c;
	const int tiles = (SPW.args.ny + SPW_NO - 1) / SPW_NO;
	dim3 grid((unsigned)((SPW.args.nx + 15) / 16), (unsigned)((tiles + SPW_YT - 1) / SPW_YT));
	void *args[] = { (void *)&in, (void *)&out, (void *)&SPW.d_a, (void *)&SPW.d_c, (void *)&SPW.args };
	cudaLaunchKernel(spw_pick(), grid, dim3(128), args, SPW.smem, s);   /* checked by the runner */
}

static void spw_teardown(struct method_ctx *c)
{
	(void)c;
	cudaFree(SPW.d_a);
	cudaFree(SPW.d_c);
	sparse_free(&SPW.plan);
}

static const char *spw_variant(const struct method_ctx *c)
{
	(void)c;
	return SPW.variant;
}

static double spw_sigma(const struct method_ctx *c)
{
	(void)c;
	return SPW.sigma;
}

const struct kernel_method spider_wgmma = {
	"spider", "", spw_supports, spw_setup_sparse, spw_launch, spw_teardown, "spider_kernel_wgmma",
	spw_variant, spw_sigma,
};
const struct kernel_method spider_dense_wgmma = {
	"spider-dense", "", spw_supports, spw_setup_dense, spw_launch, spw_teardown, "spider_kernel_wgmma",
	spw_variant, spw_sigma,
};
