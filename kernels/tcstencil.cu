/*
 * tcstencil.cu - the `tcstencil` method: the decomposition family on dense tensor cores in half
 * precision (the tcstencil paper's fp16 data, fp32 accumulation; tcs Figure 16, sptc Figure 9).
 * Kernel fusion composes the stencil t times on the host (fused radius R = r t, up to 7). Each row
 * q = (dy, dz) of the fused kernel is a 16 x 16 banded Toeplitz matrix B_q (kernels/transform.h,
 * proved on the CPU); a warp computes a tile of 16 output rows by 16 - 2R columns as
 * sum_q In_q B_q with mma.sync m16n8k16 (f16 inputs, f32 accumulation; two 8-column halves),
 * In_q being the 16 input rows shifted by (dy, dz) and 16 input columns around the tile. sigma
 * is the plan's exact count. Each warp stages its tile's input in shared memory and loads A with
 * ldmatrix; the B fragments sit in shared memory. The fp16-accumulate variant of the original is
 * not built yet.
 */
#include <stdio.h>
#include <string.h>

#include <cuda_fp16.h>

#include "kmethod.h"
#include "ptx.cuh"

extern "C" {
#include "transform.h"
}

struct tc_args {
	long long origin, pitch, plane;
	int nx, ny, nz, R, rows, tiles_x, tiles_y;
};

__constant__ int2 c_tc_off[225];    /* (dy, dz) of row q */

#define TC_SROW 24   /* staged row: 16 halves and 8 of padding (48 bytes: ldmatrix rows hit distinct banks) */


/*
 * Each warp stages the input its tile needs, 16 columns by 16 + 2R rows (by 2R + 1 planes in 3D),
 * in shared memory; every Toeplitz row q then takes its A fragment with one ldmatrix.x4 from the
 * staged rows shifted by (dy, dz).
 */
__global__ void __launch_bounds__(128) tcstencil_kernel(const __half *__restrict__ in, __half *__restrict__ out,
							const unsigned *__restrict__ bfrag, struct tc_args a)
{
	extern __shared__ __align__(16) unsigned char tc_smem[];
	const int R = a.R, nplanes = a.nz > 1 || a.rows > 2 * R + 1 ? 2 * R + 1 : 1;
	const int srows = 16 + 2 * R, wbytes = ((nplanes * srows * TC_SROW * 2 + 15) / 16) * 16;
	unsigned *s_b = reinterpret_cast<unsigned *>(tc_smem);          /* [q][nt][lane][2] */
	const int bwords = a.rows * 2 * 32 * 2;
	for (int i = threadIdx.x; i < bwords; i += blockDim.x)
		s_b[i] = bfrag[i];
	const int lane = threadIdx.x & 31, wid = threadIdx.x / 32;
	__half *s_in = reinterpret_cast<__half *>(tc_smem + ((bwords * 4 + 15) / 16) * 16 + wid * wbytes);
	const long long warp = (long long)blockIdx.x * 4 + wid;
	const long long tiles = (long long)a.tiles_x * a.tiles_y * a.nz;
	const int W = 16 - 2 * R;
	const int tx = (int)(warp % a.tiles_x), ty = (int)(warp / a.tiles_x % a.tiles_y);
	const int z = (int)(warp / ((long long)a.tiles_x * a.tiles_y));
	const int x0 = tx * W, y0 = ty * 16;
	const bool live = warp < tiles;
	if (live) {
		/* stage plane p (z - R + p), row r (y0 - R + r), column c (x0 - R + c) */
		for (int e = lane; e < nplanes * srows * 16; e += 32) {
			const int pl = e / (srows * 16), rem = e % (srows * 16), r = rem / 16, c = rem % 16;
			const int y = y0 - R + r, zz = nplanes > 1 ? z - R + pl : z;
			__half v = __float2half(0.f);
			if (y < a.ny + R)
				v = in[a.origin + (long long)zz * a.plane + (long long)y * a.pitch + x0 - R + c];
			s_in[(pl * srows + r) * TC_SROW + c] = v;
		}
	}
	__syncthreads();
	if (!live)
		return;
	float acc[2][4] = {};
	const int mat = lane / 8, rr = lane % 8;
	for (int q = 0; q < a.rows; q++) {
		const int2 o = c_tc_off[q];
		const int pl = nplanes > 1 ? o.y + R : 0;
		const __half *p = s_in + (pl * srows + R + o.x + rr + (mat & 1) * 8) * TC_SROW + (mat >> 1) * 8;
		unsigned fa[4];
		ldsm_x4(fa, p);
#pragma unroll
		for (int nt = 0; nt < 2; nt++) {
			const unsigned *b = s_b + ((q * 2 + nt) * 32 + lane) * 2;
			asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
				     "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
				     : "+f"(acc[nt][0]), "+f"(acc[nt][1]), "+f"(acc[nt][2]), "+f"(acc[nt][3])
				     : "r"(fa[0]), "r"(fa[1]), "r"(fa[2]), "r"(fa[3]), "r"(b[0]), "r"(b[1]));
		}
	}
	/* C[r][j]: rows g, g+8; columns 2tig(+1) of each half; output column j keeps R <= j < 16 - R */
	const int g = lane / 4, tig = lane % 4;
#pragma unroll
	for (int nt = 0; nt < 2; nt++)
#pragma unroll
		for (int e = 0; e < 4; e++) {
			const int r = g + (e >> 1) * 8, j = nt * 8 + 2 * tig + (e & 1);
			const int x = x0 + j - R, y = y0 + r;
			if (j >= R && j < 16 - R && x < a.nx && y < a.ny)
				out[a.origin + (long long)z * a.plane + (long long)y * a.pitch + x] = __float2half_rn(acc[nt][e]);
		}
}

struct tc_state {
	struct toeplitz_plan plan;
	unsigned *d_b;
	size_t smem;
	struct tc_args args;
	char variant[160];
};

static struct tc_state TS;

static const char *tc_supports(const struct method_ctx *c)
{
	if (c->dtype != DT_FP16)
		return "tcstencil runs fp16 data (fp32 accumulation)";
	if (c->stencil->dims < 2)
		return "tcstencil's decomposition needs a 2D or 3D stencil";
	if (c->stencil->radius * c->fusion > 7)
		return "tcstencil needs a fused radius below L/2 = 8";
	return NULL;
}

static int tc_setup(struct method_ctx *c, const char **why)
{
	const struct grid *g = c->grid;
	memset(&TS, 0, sizeof(TS));
	if (toeplitz_build(c->composed, TC_L, &TS.plan) != 0) {
		*why = "cannot build the Toeplitz matrices";
		return -1;
	}
	/* B fragments of m16n8k16 (col): lane holds B[2tig, 2tig+1][g] and B[2tig+8, 2tig+9][g] */
	const int rows = TS.plan.rows, L = TC_L;
	size_t nb = (size_t)rows * 2 * 32 * 2;
	unsigned *hb = (unsigned *)calloc(nb, sizeof(unsigned));
	int2 off[225];
	for (int q = 0; q < rows; q++) {
		off[q].x = TS.plan.row_off[q][0];
		off[q].y = TS.plan.row_off[q][1];
		for (int nt = 0; nt < 2; nt++)
			for (int lane = 0; lane < 32; lane++)
				for (int rg = 0; rg < 2; rg++) {
					int k = 2 * (lane % 4) + rg * 8, n = nt * 8 + lane / 4;
					double v0 = TS.plan.B[((long)q * L + k) * L + n];
					double v1 = TS.plan.B[((long)q * L + k + 1) * L + n];
					hb[((q * 2 + nt) * 32 + lane) * 2 + rg] =
						(unsigned)half_from_float((float)v0) | ((unsigned)half_from_float((float)v1) << 16);
				}
	}
	{
		const int R = TS.plan.R, np = g->dims == 3 ? 2 * R + 1 : 1;
		TS.smem = (nb * sizeof(unsigned) + 15) / 16 * 16 +
			  4 * (((size_t)np * (16 + 2 * R) * TC_SROW * 2 + 15) / 16 * 16);
	}
	if (cudaMalloc(&TS.d_b, nb * sizeof(unsigned)) != cudaSuccess ||
	    cudaMemcpy(TS.d_b, hb, nb * sizeof(unsigned), cudaMemcpyHostToDevice) != cudaSuccess ||
	    cudaMemcpyToSymbol(c_tc_off, off, rows * sizeof(int2)) != cudaSuccess ||
	    cudaFuncSetAttribute(tcstencil_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)TS.smem) != cudaSuccess) {
		free(hb);
		*why = "cannot upload the Toeplitz fragments";
		return -1;
	}
	free(hb);
	const int W = L - 2 * TS.plan.R;
	TS.args.origin = grid_at(g, 0, 0, 0);
	TS.args.pitch = g->pitch;
	TS.args.plane = g->plane;
	TS.args.nx = (int)g->n[0];
	TS.args.ny = (int)g->n[1];
	TS.args.nz = (int)g->n[2];
	TS.args.R = TS.plan.R;
	TS.args.rows = rows;
	TS.args.tiles_x = (int)((g->n[0] + W - 1) / W);
	TS.args.tiles_y = (int)((g->n[1] + L - 1) / L);
	snprintf(TS.variant, sizeof(TS.variant), "mma.sync m16n8k16 f16 -> f32, 16 x %d tiles, %d Toeplitz rows, "
		 "sigma %.4f", W, rows, toeplitz_sigma(&TS.plan));
	c->state = &TS;
	return 0;
}

static void tc_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	(void)c;
	const long long tiles = (long long)TS.args.tiles_x * TS.args.tiles_y * TS.args.nz;
	tcstencil_kernel<<<(unsigned)((tiles + 3) / 4), 128, TS.smem, s>>>((const __half *)in, (__half *)out,
									   TS.d_b, TS.args);
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

extern const struct kernel_method method_tcstencil = {
	"tcstencil", UNIT_TC, DT_BIT(DT_FP16),
	"Toeplitz decomposition on mma.sync m16n8k16 (f16 data, f32 accumulation), kernel fusion",
	tc_supports, tc_setup, tc_launch, tc_teardown, "tcstencil_kernel", tc_variant, tc_sigma,
};
