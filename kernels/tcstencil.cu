/*
 * tcstencil.cu - the `tcstencil` method: the decomposition family on dense tensor cores in half
 * precision (the tcstencil paper's fp16 data; tcs Figure 16, sptc Figure 9). Kernel fusion
 * composes the stencil t times on the host (fused radius R = r t, up to 7). Each row q = dy of
 * the fused kernel is a banded Toeplitz matrix (kernels/transform.h, proved on the CPU): a tile of
 * 16 output rows by 16 aligned output columns is sum_q In_q B_q, In_q the 16 input rows shifted by
 * dy and the 32 input columns x0 - 8 .. x0 + 23, B_q the 32 x 16 band in two 16 x 16 blocks,
 * each an mma.sync m16n8k16 per 8-column half. sigma is the plan's exact count.
 *
 * A tile is 128 output columns by 64 rows; a block of 8 warps stages the (64 + 2R) x 144 input
 * halves of its tile in shared memory with 16-byte cp.async (the kernel can also walk several
 * tiles with double buffering; launched with one tile a block, it holds one buffer). Each warp computes a 16-column strip of four
 * 16 x 16 tiles, taking A with ldmatrix and its B fragments (per row q, shared by
 * the four tiles) from shared memory. The finished tile goes back through shared memory so that
 * its global stores are 16 bytes a lane. Accumulation is fp32 by default; the option `f16acc`
 * (tcstencil:f16acc) accumulates in fp16, as the original artifact did, and the CSV's variant
 * column says which ran.
 */
#include <stdio.h>
#include <string.h>

#include <cuda_fp16.h>

#include "kmethod.h"
#include "ptx.cuh"
#include "wgmma-variants.h"

extern "C" {
#include "transform.h"
}

#define TC_BX 128                    /* output columns a block (8 warps x 16) */
#define TC_BY 64                     /* output rows a block (4 tiles of 16 a warp) */
#define TC_SW (TC_BX + 16)           /* staged columns: x0 - 8 .. x0 + 135 */
#define TC_SP (TC_SW + 8)            /* staged row pitch in halves: 304 bytes, ldmatrix rows on distinct banks */
#define TC_OP (TC_BX + 8)            /* output tile's row pitch in halves: 272 bytes, the fragments' pairs on distinct banks */
static_assert(TC_OP <= TC_SP, "the output tile fits in the input buffer it reuses");

struct tc_args {
	long long origin, pitch;
	int nx, ny, R, rows;
};

template <int F16ACC> struct tc_acc;
template <> struct tc_acc<0> {      /* fp32: C[g + 8 (e >> 1)][2 t + (e & 1)] */
	float c[4];
	__device__ void zero() { c[0] = c[1] = c[2] = c[3] = 0.f; }
	__device__ void mma(const unsigned (&a)[4], unsigned b0, unsigned b1) { mma_f16_m16n8k16(c, a, b0, b1); }
	__device__ __half2 pair(int h) const { return __floats2half2_rn(c[2 * h], c[2 * h + 1]); }
};
template <> struct tc_acc<1> {      /* fp16: h2[h] = C[g + 8 h][2 t .. 2 t + 1] */
	unsigned c[2];
	__device__ void zero() { c[0] = c[1] = 0u; }
	__device__ void mma(const unsigned (&a)[4], unsigned b0, unsigned b1) { mma_f16_m16n8k16(c, a, b0, b1); }
	__device__ __half2 pair(int h) const
	{
		__half2 r;
		memcpy(&r, &c[h], 4);
		return r;
	}
};

/*
 * A block walks the tiles (column strip, row band) with a grid stride and double-buffers their
 * staging, so the copy of its next tile overlaps the MMAs of the current one (launched with a
 * block per tile, it stages one). Staged row s, column c of a buffer holds in[y0 - R + s][x0 - 8 + c]. Warp w's tile
 * rt, row q takes A for its K half kh (input columns 16 w + 16 kh .. + 15) from staged rows
 * 16 rt + q .. + 15 with one ldmatrix.x4; B_q's fragments for (kh, n-half) sit in shared memory
 * as [q][kh][nh][lane][2].
 */
template <int F16ACC>
__global__ void __launch_bounds__(256) tcstencil_kernel(const __half *__restrict__ in, __half *__restrict__ out,
							const unsigned *__restrict__ bfrag, struct tc_args a)
{
	extern __shared__ __align__(16) unsigned char tc_smem[];
	const int R = a.R, srows = TC_BY + 2 * R, buf = srows * TC_SP;
	const int tiles_x = (a.nx + TC_BX - 1) / TC_BX, tiles = tiles_x * ((a.ny + TC_BY - 1) / TC_BY);
	const int nbuf = (int)gridDim.x < tiles ? 2 : 1;                          /* a tile a block: one */
	__half *s_in = reinterpret_cast<__half *>(tc_smem);                       /* [nbuf][srows][TC_SP] */
	unsigned *s_b = reinterpret_cast<unsigned *>(tc_smem + (size_t)nbuf * buf * 2);

	auto stage = [&](int tile, __half *dst) {
		const int x0 = tile % tiles_x * TC_BX, y0 = tile / tiles_x * TC_BY;
		const __half *src = in + a.origin + (long long)(y0 - R) * a.pitch + x0 - 8;
		for (int e = threadIdx.x; e < srows * (TC_SW / 8); e += blockDim.x) {
			const int r = e / (TC_SW / 8), c = (e % (TC_SW / 8)) * 8;
			__half *d = dst + r * TC_SP + c;
			if (y0 - R + r < a.ny + R)
				cp_async(reinterpret_cast<uint4 *>(d), reinterpret_cast<const uint4 *>(src + (long long)r * a.pitch + c));
			else
				*reinterpret_cast<uint4 *>(d) = make_uint4(0, 0, 0, 0);
		}
	};
	for (int i = threadIdx.x; i < a.rows * 2 * 2 * 32 * 2; i += blockDim.x)
		s_b[i] = bfrag[i];
	if ((int)blockIdx.x < tiles)
		stage(blockIdx.x, s_in);
	cp_commit();

	const int lane = threadIdx.x & 31, w = threadIdx.x / 32, mat = lane / 8, rr = lane % 8;
	const int g = lane / 4, t = lane % 4;
	int cur = 0;
	for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x, cur ^= 1) {
		if (tile + (int)gridDim.x < tiles)
			stage(tile + gridDim.x, s_in + (cur ^ 1) * buf);
		cp_commit();
		cp_wait_but_one();
		__syncthreads();
		const __half *sb = s_in + cur * buf;
		tc_acc<F16ACC> acc[TC_BY / 16][2];
#pragma unroll
		for (int rt = 0; rt < TC_BY / 16; rt++)
			acc[rt][0].zero(), acc[rt][1].zero();
		for (int q = 0; q < a.rows; q++) {
			unsigned b[2][2][2];
			const unsigned *bq = s_b + (size_t)q * 2 * 2 * 32 * 2 + lane * 2;
#pragma unroll
			for (int kh = 0; kh < 2; kh++)
#pragma unroll
				for (int nh = 0; nh < 2; nh++)
					b[kh][nh][0] = bq[(kh * 2 + nh) * 64], b[kh][nh][1] = bq[(kh * 2 + nh) * 64 + 1];
#pragma unroll
			for (int rt = 0; rt < TC_BY / 16; rt++)
#pragma unroll
				for (int kh = 0; kh < 2; kh++) {
					unsigned fa[4];
					ldsm_x4(fa, sb + (16 * rt + q + rr + (mat & 1) * 8) * TC_SP + 16 * w + 16 * kh + (mat >> 1) * 8);
					acc[rt][0].mma(fa, b[kh][0][0], b[kh][0][1]);
					acc[rt][1].mma(fa, b[kh][1][0], b[kh][1][1]);
				}
		}
		/* the tile leaves through shared memory (the buffer just read), so that global stores
		 * are 16 bytes a lane along rows rather than 4 bytes on eight rows */
		__syncthreads();
		__half *so = s_in + cur * buf;
#pragma unroll
		for (int rt = 0; rt < TC_BY / 16; rt++)
#pragma unroll
			for (int nh = 0; nh < 2; nh++)
#pragma unroll
				for (int h = 0; h < 2; h++)
					*reinterpret_cast<__half2 *>(so + (16 * rt + g + 8 * h) * TC_OP + 16 * w + 8 * nh + 2 * t) =
						acc[rt][nh].pair(h);
		__syncthreads();
		const int x0 = tile % tiles_x * TC_BX, y0 = tile / tiles_x * TC_BY;
		for (int e = threadIdx.x; e < TC_BY * (TC_BX / 8); e += blockDim.x) {
			const int r = e / (TC_BX / 8), c = (e % (TC_BX / 8)) * 8, y = y0 + r, x = x0 + c;
			if (y >= a.ny || x >= a.nx)
				continue;
			const __half *src = so + r * TC_OP + c;
			__half *d = out + a.origin + (long long)y * a.pitch + x;
			if (x + 8 <= a.nx)   /* rows start 128-byte aligned (grid.h) and x0 is a multiple of 128 */
				*reinterpret_cast<uint4 *>(d) = *reinterpret_cast<const uint4 *>(src);
			else
				for (int i = 0; i < a.nx - x; i++)
					d[i] = src[i];
		}
		__syncthreads();   /* this buffer is refilled next */
	}
}

struct tc_state {
	struct toeplitz_plan plan;
	unsigned *d_b;
	size_t smem;
	int f16acc;
	struct tc_args args;
	char variant[METHOD_VARIANT_MAX];
};

static struct tc_state TS;

static const char *tc_supports(const struct method_ctx *c)
{
	if (c->dtype != DT_FP16)
		return "tcstencil runs fp16 data (fp32 accumulation, or fp16 with the option f16acc)";
	if (c->stencil->dims != 2)
		return "tcstencil's decomposition is built for 2D stencils";
	if (c->stencil->radius * c->fusion > 7)
		return "tcstencil supports a fused radius up to 7";
	return NULL;
}

static int tc_setup(struct method_ctx *c, const char **why)
{
	const struct grid *g = c->grid;
	memset(&TS, 0, sizeof(TS));
	TS.f16acc = c->option && !strcmp(c->option, "f16acc");
	if (g->n[0] + 4096 > 0x7fffffffL || g->n[1] + 4096 > 0x7fffffffL) {
		*why = "an extent past 2^31 - 4096 elements: the kernel indexes with 32-bit ints";
		return -1;
	}
	if (toeplitz_build(c->composed, TC_L, &TS.plan) != 0) {
		toeplitz_free(&TS.plan);
		*why = "cannot build the Toeplitz matrices";
		return -1;
	}
	/* B fragments of m16n8k16 (col): lane holds B[2t, 2t+1][g] and B[2t+8, 2t+9][g] of the
	 * 16 x 8 block (K half kh, output half nh) of B_q */
	const int rows = TS.plan.rows, L = TC_L;
	size_t nb = (size_t)rows * 2 * 2 * 32 * 2;
	unsigned *hb = (unsigned *)calloc(nb, sizeof(unsigned));
	if (!hb) {
		toeplitz_free(&TS.plan);
		*why = "out of host memory";
		return -1;
	}
	for (int q = 0; q < rows; q++)
		for (int kh = 0; kh < 2; kh++)
			for (int nh = 0; nh < 2; nh++)
				for (int lane = 0; lane < 32; lane++)
					for (int rg = 0; rg < 2; rg++) {
						int i = 16 * kh + 2 * (lane % 4) + 8 * rg, j = 8 * nh + lane / 4;
						double v0 = TS.plan.B[((long)q * 2 * L + i) * L + j];
						double v1 = TS.plan.B[((long)q * 2 * L + i + 1) * L + j];
						hb[((((size_t)q * 2 + kh) * 2 + nh) * 32 + lane) * 2 + rg] =
							half2_bits((float)v0, (float)v1);
					}
	/* one tile a block, so one staging buffer: the persistent, double-buffered launch (a grid of
	 * resident blocks, two buffers) measured slower on the H100, 377 against 472 GStencil/s on
	 * box2d1r, as its 46 KB of shared memory halve the blocks an SM holds */
	TS.smem = (size_t)(TC_BY + 2 * TS.plan.R) * TC_SP * 2 + nb * sizeof(unsigned);
	const void *k = TS.f16acc ? (const void *)tcstencil_kernel<1> : (const void *)tcstencil_kernel<0>;
	if (cudaMalloc(&TS.d_b, nb * sizeof(unsigned)) != cudaSuccess ||
	    cudaMemcpy(TS.d_b, hb, nb * sizeof(unsigned), cudaMemcpyHostToDevice) != cudaSuccess ||
	    cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)TS.smem) != cudaSuccess) {
		free(hb);
		cudaGetLastError();
		cudaFree(TS.d_b);
		toeplitz_free(&TS.plan);
		*why = "cannot upload the Toeplitz fragments";
		return -1;
	}
	free(hb);
	TS.args.origin = grid_at(g, 0, 0, 0);
	TS.args.pitch = g->pitch;
	TS.args.nx = (int)g->n[0];
	TS.args.ny = (int)g->n[1];
	TS.args.R = TS.plan.R;
	TS.args.rows = rows;
	snprintf(TS.variant, sizeof(TS.variant), "mma.sync m16n8k16 f16 -> %s, 16 x 16 tiles of 32 x 16 bands, "
		 "%d Toeplitz rows, sigma %.4f", TS.f16acc ? "f16 (fp16 accumulation)" : "f32", rows,
		 toeplitz_sigma(&TS.plan));
	c->state = &TS;
	return 0;
}

static void tc_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	(void)c;
	const unsigned blocks = (unsigned)((TS.args.nx + TC_BX - 1) / TC_BX * ((TS.args.ny + TC_BY - 1) / TC_BY));
	if (TS.f16acc)
		tcstencil_kernel<1><<<blocks, 256, TS.smem, s>>>((const __half *)in, (__half *)out, TS.d_b, TS.args);
	else
		tcstencil_kernel<0><<<blocks, 256, TS.smem, s>>>((const __half *)in, (__half *)out, TS.d_b, TS.args);
}

static void tc_teardown(struct method_ctx *c)
{
	(void)c;
	cudaFree(TS.d_b);
	toeplitz_free(&TS.plan);
}

static const char *tc_variant(const struct method_ctx *c)
{
	(void)c;
	return TS.variant;
}

static double tc_sigma(const struct method_ctx *c)
{
	(void)c;
	return toeplitz_sigma(&TS.plan);
}

WGMMA_ENTRY(tc, tcstencil_wgmma)

extern const struct kernel_method method_tcstencil = {
	"tcstencil",
	"Toeplitz decomposition on mma.sync m16n8k16 (f16 data, f32 or f16 accumulation; :wgmma, "
	"wgmma.mma_async), kernel fusion",
	tc_any_supports, tc_any_setup, tc_any_launch, tc_any_teardown, "tcstencil_kernel", tc_any_variant, tc_any_sigma,
};
KERNEL_METHOD(method_tcstencil);
