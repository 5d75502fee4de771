/*
 * lorastencil.cu - the `lorastencil` method: a 2D stencil as a sum of rank-1 terms on tensor cores,
 * after LoRAStencil (one of sptc's tensor-core baselines, Figures 9-10, Table 1). Kernel fusion
 * composes the stencil t times on the host; the fused (2R+1) x (2R+1) weights are decomposed
 * exactly, W = sum_k s_k u_k v_k^T (kernels/lowrank.h, all non-zero terms kept), and each term is
 * two banded products on fp64 mma.sync (m16n8k4 on sm_90, at twice the rate of m8n8k4, which runs
 * below): with m8n8k4 a warp's 8 x 8 output tile reads the 16 x 16 input patch from
 * (y0 - R, x0 - R) once into A fragments (m16n8k4: a 16 x 8 tile, a 32 x 16 patch), then per term
 *     X = In Bv   (16 x 16 by 16 x 8: Bv[j][n] = v_k[j - n], the term's row along x),
 *     Out += Au X (8 x 16 by 16 x 8: Au[m][i] = s_k u_k[i - m], its column along y),
 * X passing from accumulator to operand layout by warp shuffles. R <= 4 keeps the patch at 16.
 * The work is the rank's: with m8n8k4, 12 MMAs of 256 MACs per term for 64 outputs, sigma =
 * K_fused / (48 rank); the kernel reports its own. The harness's random non-symmetric weights are of full rank 2R + 1 (its exactness needs
 * nothing more); the original's symmetric or separable weights are of low rank, and the work
 * falls with it (weights_make_rank, model/grid.h). fp64 only: tf32 is not built.
 */
#include <stdio.h>
#include <string.h>

#include "kmethod.h"
#include "ptx.cuh"

extern "C" {
#include "lowrank.h"
}

#define LR_MAXR 4                    /* the 16 x 16 patch: 8 + 2R <= 16 */
#define LR_MAXRANK (2 * LR_MAXR + 1)
#define LR_TERM 256                  /* doubles a term's fragments take: B and A, 4 K steps, 32 lanes */

struct lr_args {
	long long origin, pitch;
	int nx, ny, R, rank;
};

/* a block: 8 warps, 2 x 4 output tiles of 8 x 8 (16 rows by 32 columns) */
__global__ void __launch_bounds__(256) lorastencil_kernel(const double *__restrict__ in, double *__restrict__ out,
							  const double *__restrict__ frag, struct lr_args a)
{
	__shared__ double s_frag[LR_MAXRANK * LR_TERM];
	for (int i = threadIdx.x; i < a.rank * LR_TERM; i += blockDim.x)
		s_frag[i] = frag[i];
	__syncthreads();
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
	for (int k = 0; k < a.rank; k++) {
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

/* sm_90: m16n8k4 at twice m8n8k4's rate. A warp's tile is 16 x 8 outputs; the patch 32 x 16 (rows
 * past 16 + 2R read as 0); per term X = In Bv in two row blocks (8 MMAs), then Out += Au X over the
 * K steps the band reaches (at most 6); fragments: Bv[ks][lane], then Au[ks][lane][2] */
#define LR16_TERM 512
__global__ void __launch_bounds__(256) lorastencil_kernel16(const double *__restrict__ in, double *__restrict__ out,
							    const double *__restrict__ frag, struct lr_args a)
{
	__shared__ double s_frag[LR_MAXRANK * LR16_TERM];
	for (int i = threadIdx.x; i < a.rank * LR16_TERM; i += blockDim.x)
		s_frag[i] = frag[i];
	__syncthreads();
	const int lane = threadIdx.x & 31, w = threadIdx.x >> 5, g = lane >> 2, t = lane & 3;
	const int y0 = (blockIdx.y * 2 + (w >> 2)) * 16, x0 = (blockIdx.x * 4 + (w & 3)) * 8;
	if (y0 >= a.ny || x0 >= a.nx)
		return;
	const int rows = 16 + 2 * a.R, nks = (15 + 2 * a.R) / 4 + 1;
	double ain[2][4][2];
#pragma unroll
	for (int rb = 0; rb < 2; rb++)
#pragma unroll
		for (int ks = 0; ks < 4; ks++)
#pragma unroll
			for (int h = 0; h < 2; h++) {
				const int i = 16 * rb + g + 8 * h, row = y0 - a.R + i, col = x0 - a.R + 4 * ks + t;
				ain[rb][ks][h] = i < rows && row < a.ny + a.R ? in[a.origin + (long long)row * a.pitch + col] : 0.0;
			}
	double acc[4] = { 0.0, 0.0, 0.0, 0.0 };
	for (int k = 0; k < a.rank; k++) {
		const double *bf = s_frag + k * LR16_TERM, *af = bf + 128;
		double x[2][4] = { { 0.0, 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0, 0.0 } };
#pragma unroll
		for (int ks = 0; ks < 4; ks++) {
			const double b = bf[ks * 32 + lane];
			mma_f64_m16n8k4(x[0], ain[0][ks][0], ain[0][ks][1], b);
			mma_f64_m16n8k4(x[1], ain[1][ks][0], ain[1][ks][1], b);
		}
#pragma unroll
		for (int ks = 0; ks < 6; ks++) {
			if (ks >= nks)
				break;
			/* B = X[4 ks + t][g]: row block ks / 4, half (ks % 4) / 2, lane (4 (ks % 2) + t) * 4 + g / 2 */
			const int rb = ks >> 2, half = (ks & 3) >> 1, src = (4 * (ks & 1) + t) * 4 + (g >> 1);
			const double e0 = __shfl_sync(0xffffffffu, x[rb][2 * half], src);
			const double e1 = __shfl_sync(0xffffffffu, x[rb][2 * half + 1], src);
			mma_f64_m16n8k4(acc, af[(ks * 32 + lane) * 2], af[(ks * 32 + lane) * 2 + 1], (g & 1) ? e1 : e0);
		}
	}
#pragma unroll
	for (int h = 0; h < 2; h++) {
		const int y = y0 + g + 8 * h, xo = x0 + 2 * t;
		if (y >= a.ny)
			continue;
		double *d = out + a.origin + (long long)y * a.pitch + xo;
		if (xo < a.nx)
			d[0] = acc[2 * h];
		if (xo + 1 < a.nx)
			d[1] = acc[2 * h + 1];
	}
}

struct lr_state {
	struct lowrank lr;
	double *d_frag;
	struct lr_args args;
	int m16;        /* sm_90: the m16n8k4 kernel */
	double sigma;
	char variant[160];
};

static struct lr_state LS;

static const char *lr_supports(const struct method_ctx *c)
{
	if (c->dtype != DT_FP64)
		return "lorastencil runs fp64 (mma.sync m8n8k4); its tf32 path is not built";
	if (c->stencil->dims != 2)
		return "lorastencil decomposes 2D kernels";
	if (c->stencil->radius * c->fusion > LR_MAXR)
		return "lorastencil's 16 x 16 input patch holds a fused radius up to 4";
	return NULL;
}

/* term k's fragments: B[ks][lane] = v_k[4 ks + t - g] (Bv[j][n], j = 4 ks + t, n = g) and
 * A[ks][lane] = s_k u_k[4 ks + t - g] (Au[m][i], m = g, i = 4 ks + t), zero off the band */
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

/* the m16n8k4 kernel's: Bv[ks][lane] as above, then Au[ks][lane][h] = s_k u_k[4 ks + t - g - 8 h] */
static void lr_fragments16(const struct lowrank *lr, int R, double *h)
{
	for (int k = 0; k < lr->rank; k++)
		for (int lane = 0; lane < 32; lane++) {
			const int g = lane / 4, t = lane % 4;
			for (int ks = 0; ks < 4; ks++) {
				const int d = 4 * ks + t - g;
				h[k * LR16_TERM + ks * 32 + lane] = d >= 0 && d <= 2 * R ? lr->v[k * lr->n + d] : 0.0;
			}
			for (int ks = 0; ks < 6; ks++)
				for (int hh = 0; hh < 2; hh++) {
					const int d = 4 * ks + t - g - 8 * hh;
					h[k * LR16_TERM + 128 + (ks * 32 + lane) * 2 + hh] =
						d >= 0 && d <= 2 * R ? lr->s[k] * lr->u[k * lr->n + d] : 0.0;
				}
		}
}

static int lr_setup(struct method_ctx *c, const char **why)
{
	const struct grid *g = c->grid;
	const struct dense_weights *d = c->composed;
	memset(&LS, 0, sizeof(LS));
	if (g->n[0] + 4096 > 0x7fffffffL || g->n[1] + 4096 > 0x7fffffffL) {
		*why = "an extent past 2^31 - 4096 elements: the kernel indexes with 32-bit ints";
		return -1;
	}
	/* every term above rounding: the split is exact */
	if (lowrank_build(d->w, d->side, 1e-15, &LS.lr) != 0 || LS.lr.rank < 1) {
		lowrank_free(&LS.lr);
		*why = "cannot decompose the fused weights";
		return -1;
	}
	static double h[LR_MAXRANK * LR16_TERM];
	memset(h, 0, sizeof(h));
	LS.m16 = c->props->major >= 9;
	if (LS.m16)
		lr_fragments16(&LS.lr, d->R, h);
	else
		lr_fragments(&LS.lr, d->R, h);
	if (cudaMalloc(&LS.d_frag, sizeof(h)) != cudaSuccess ||
	    cudaMemcpy(LS.d_frag, h, sizeof(h), cudaMemcpyHostToDevice) != cudaSuccess) {
		cudaGetLastError();
		cudaFree(LS.d_frag);
		lowrank_free(&LS.lr);
		*why = "cannot upload the fragments";
		return -1;
	}
	LS.args.origin = grid_at(g, 0, 0, 0);
	LS.args.pitch = g->pitch;
	LS.args.nx = (int)g->n[0];
	LS.args.ny = (int)g->n[1];
	LS.args.R = d->R;
	LS.args.rank = LS.lr.rank;
	/* useful MACs over issued: K_fused (the fused kernel's non-zero points) over the MACs a point:
	 * m8n8k4, 12 MMAs of 256 MACs a term for 64 points; m16n8k4, 8 + the K steps of the band, of
	 * 512 MACs, for 128 points */
	long kf = 0;
	for (long i = 0; i < dense_weights_count(d); i++)
		kf += d->w[i] != 0;
	const double per_term = LS.m16 ? (8.0 + (15 + 2 * d->R) / 4 + 1) * 512 / 128 : 12.0 * 256 / 64;
	LS.sigma = (double)kf / (per_term * LS.lr.rank);
	snprintf(LS.variant, sizeof(LS.variant), "mma.sync %s f64, rank %d of %d (fused radius %d), %s tiles, "
		 "sigma %.4f", LS.m16 ? "m16n8k4" : "m8n8k4", LS.lr.rank, LS.lr.n, d->R, LS.m16 ? "16 x 8" : "8 x 8",
		 LS.sigma);
	c->state = &LS;
	return 0;
}

static void lr_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	(void)c;
	if (LS.m16) {
		dim3 grid((unsigned)((LS.args.nx + 31) / 32), (unsigned)((LS.args.ny + 31) / 32));
		lorastencil_kernel16<<<grid, 256, 0, s>>>((const double *)in, (double *)out, LS.d_frag, LS.args);
	} else {
		dim3 grid((unsigned)((LS.args.nx + 31) / 32), (unsigned)((LS.args.ny + 15) / 16));
		lorastencil_kernel<<<grid, 256, 0, s>>>((const double *)in, (double *)out, LS.d_frag, LS.args);
	}
}

static void lr_teardown(struct method_ctx *c)
{
	(void)c;
	cudaFree(LS.d_frag);
	lowrank_free(&LS.lr);
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
	"the fused 2D kernel as exact rank-1 terms (SVD), each two banded mma.sync m8n8k4 f64 products, kernel fusion",
	lr_supports, lr_setup, lr_launch, lr_teardown, "lorastencil_kernel", lr_variant, lr_sigma,
};
KERNEL_METHOD(method_lorastencil);
