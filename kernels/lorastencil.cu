/*
 * lorastencil.cu - the `lorastencil` method: a 2D stencil as a sum of rank-1 terms on tensor cores,
 * after LoRAStencil (one of sptc's tensor-core baselines, Figures 9-10, Table 1). Kernel fusion
 * composes the stencil t times on the host; the fused (2R+1) x (2R+1) weights W are split exactly,
 * W = sum_k s_k u_k v_k^T (+ a centre), in one of two ways (kernels/lowrank.h):
 *   - mirror-symmetric weights (the option `sym`, LoRAStencil's own class, weights_make_mirror):
 *     its pyramid, R terms of shrinking band and the centre weight (one multiply-add a point on
 *     CUDA cores), sm_90 only;
 *   - any weights, the harness's random non-symmetric ones included: the SVD, all non-zero terms
 *     (full rank 2R + 1 for random box weights, R + 1 for mirror-symmetric ones).
 * Each term is two banded fp64 products. On sm_90 (lorastencil_kernel16, m16n8k4) the vertical
 * pass comes first and its accumulator is the horizontal pass's A operand as it stands; below
 * sm_90 (lorastencil_kernel, m8n8k4) a warp's 8 x 8 tile takes the horizontal pass first and moves
 * the intermediate by shuffles. R <= 4. The kernel reports its own sigma: K_fused (less the
 * centre) over the MMA MACs of its terms.
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

/* both kernels: the block's copy of the terms' fragments (n doubles) */
__device__ __forceinline__ void lr_stage(double *s_frag, const double *__restrict__ frag, int n)
{
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		s_frag[i] = frag[i];
	__syncthreads();
}

struct lr_args {
	long long origin, pitch;
	int nx, ny, R, rank;
	double center;     /* the pyramid's centre weight (0: none), a multiply-add on CUDA cores */
};

/* a block: 8 warps, 2 x 4 output tiles of 8 x 8 (16 rows by 32 columns) */
__global__ void __launch_bounds__(256) lorastencil_kernel(const double *__restrict__ in, double *__restrict__ out,
							  const double *__restrict__ frag, struct lr_args a)
{
	__shared__ double s_frag[LR_MAXRANK * LR_TERM];
	lr_stage(s_frag, frag, a.rank * LR_TERM);
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

/* sm_90: m16n8k4 at twice m8n8k4's rate, vertical pass first. A warp's tile is 16 rows by 32
 * columns; its patch (16 + 2R rows by 40 columns) sits in registers as B operands of
 *     X = Au In   (16 x 4 nks by 4 nks x 40: Au[m][i] = s_k u_k[i - m], nks K steps of rows),
 * and the result, an accumulator, is the A operand of
 *     Out += X Bv (16 x 40 by 40 x 32: Bv[c][o] = v_k[c - o])
 * when X's columns run in the order the accumulator holds them (c = 8 jx + 2 t + p for K step
 * (jx, p)): no operand moves between lanes. Bv's fragment depends only on jx - jo (0 or 1), so a
 * term's fragments are Au[ks][h][lane] (12) and Bv[jx - jo][p][lane] (4). A term: 5 nks + 16 MMAs
 * for 512 outputs (46 at R = 2..4). */
#define LR16_TERM 512
#define LR16_AU 0          /* Au[ks][h][lane], ks < 6 */
#define LR16_BV 384        /* Bv[d][p][lane] */
#define LR16_WARPS 4
__global__ void __launch_bounds__(LR16_WARPS * 32) lorastencil_kernel16(const double *__restrict__ in,
									double *__restrict__ out,
									const double *__restrict__ frag, struct lr_args a)
{
	__shared__ double s_frag[LR_MAXRANK * LR16_TERM];
	lr_stage(s_frag, frag, a.rank * LR16_TERM);
	const int lane = threadIdx.x & 31, w = threadIdx.x >> 5, g = lane >> 2, t = lane & 3;
	const int y0 = (blockIdx.y * 2 + (w >> 1)) * 16, x0 = (blockIdx.x * 2 + (w & 1)) * 32;
	if (y0 >= a.ny || x0 >= a.nx)
		return;
	const int nks = (16 + 2 * a.R + 3) / 4;
	/* In[4 ks + t][8 nb + g]: patch rows y0 - R .., columns x0 - R .. (rows past the allocation
	 * read as 0: they meet zero weights) */
	double pin[6][5];
#pragma unroll
	for (int ks = 0; ks < 6; ks++)
#pragma unroll
		for (int nb = 0; nb < 5; nb++) {
			const int row = y0 - a.R + 4 * ks + t, col = x0 - a.R + 8 * nb + g;
			pin[ks][nb] = ks < nks && row < a.ny + a.R ? in[a.origin + (long long)row * a.pitch + col] : 0.0;
		}
	double acc[4][4];
#pragma unroll
	for (int jo = 0; jo < 4; jo++)
#pragma unroll
		for (int e = 0; e < 4; e++)
			acc[jo][e] = 0.0;
	for (int k = 0; k < a.rank; k++) {
		const double *f = s_frag + k * LR16_TERM;
		double x[5][4];
#pragma unroll
		for (int nb = 0; nb < 5; nb++)
#pragma unroll
			for (int e = 0; e < 4; e++)
				x[nb][e] = 0.0;
#pragma unroll
		for (int ks = 0; ks < 6; ks++) {
			if (ks >= nks)
				break;
			const double a0 = f[LR16_AU + (ks * 2) * 32 + lane], a1 = f[LR16_AU + (ks * 2 + 1) * 32 + lane];
#pragma unroll
			for (int nb = 0; nb < 5; nb++)
				mma_f64_m16n8k4(x[nb], a0, a1, pin[ks][nb]);
		}
		double bv[2][2];
#pragma unroll
		for (int d = 0; d < 2; d++)
#pragma unroll
			for (int p = 0; p < 2; p++)
				bv[d][p] = f[LR16_BV + (d * 2 + p) * 32 + lane];
#pragma unroll
		for (int jo = 0; jo < 4; jo++)
#pragma unroll
			for (int d = 0; d < 2; d++)
#pragma unroll
				for (int p = 0; p < 2; p++)
					mma_f64_m16n8k4(acc[jo], x[jo + d][p], x[jo + d][2 + p], bv[d][p]);
	}
#pragma unroll
	for (int jo = 0; jo < 4; jo++)
#pragma unroll
		for (int h = 0; h < 2; h++) {
			const int y = y0 + g + 8 * h, xo = x0 + 8 * jo + 2 * t;
			if (y >= a.ny)
				continue;
			const long long at = a.origin + (long long)y * a.pitch + xo;
			double v0 = acc[jo][2 * h], v1 = acc[jo][2 * h + 1];
			if (a.center != 0.0)
				v0 += a.center * in[at], v1 += a.center * in[at + 1];
			if (xo < a.nx)
				out[at] = v0;
			if (xo + 1 < a.nx)
				out[at + 1] = v1;
		}
}

struct lr_state {
	struct lowrank lr;
	double *d_frag;
	struct lr_args args;
	int m16;        /* sm_90: the m16n8k4 kernel */
	int pyramid;    /* the terms are lowrank_pyramid's (and args.center its centre) */
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

/* the m16n8k4 kernel's: Au[ks][h][lane] = s_k u_k[4 ks + t - g - 8 h], then
 * Bv[d][p][lane] = v_k[8 d + 2 t + p - g], zero off the band */
static void lr_fragments16(const struct lowrank *lr, int R, double *h)
{
	for (int k = 0; k < lr->rank; k++)
		for (int lane = 0; lane < 32; lane++) {
			const int g = lane / 4, t = lane % 4;
			double *f = h + k * LR16_TERM;
			for (int ks = 0; ks < 6; ks++)
				for (int hh = 0; hh < 2; hh++) {
					const int i = 4 * ks + t - g - 8 * hh;
					f[LR16_AU + (ks * 2 + hh) * 32 + lane] = i >= 0 && i <= 2 * R ? lr->s[k] * lr->u[k * lr->n + i] : 0.0;
				}
			for (int d = 0; d < 2; d++)
				for (int p = 0; p < 2; p++) {
					const int i = 8 * d + 2 * t + p - g;
					f[LR16_BV + (d * 2 + p) * 32 + lane] = i >= 0 && i <= 2 * R ? lr->v[k * lr->n + i] : 0.0;
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
	LS.m16 = c->props->major >= 9;
	/* mirror-symmetric weights (METHOD:sym) on sm_90: LoRAStencil's pyramid, R banded terms and
	 * the centre; else the SVD, every term above rounding: either split is exact */
	LS.pyramid = LS.m16 && lowrank_pyramid(d->w, d->side, &LS.lr, &LS.args.center) == 0;
	if (!LS.pyramid && (lowrank_build(d->w, d->side, 1e-15, &LS.lr) != 0 || LS.lr.rank < 1)) {
		lowrank_free(&LS.lr);
		*why = "cannot decompose the fused weights";
		return -1;
	}
	static double h[LR_MAXRANK * LR16_TERM];
	memset(h, 0, sizeof(h));
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
	 * m8n8k4, 12 MMAs of 256 MACs a term for 64 points; m16n8k4, 5 nks + 16 of 512 MACs for 512 */
	const long kf = stencil_fused_points(c->stencil, c->fusion);
	const double per_term = LS.m16 ? (5.0 * ((16 + 2 * d->R + 3) / 4) + 16) * 512 / 512 : 12.0 * 256 / 64;
	LS.sigma = (double)(kf - LS.pyramid) / (per_term * LS.lr.rank);   /* the centre is no MMA work */
	snprintf(LS.variant, sizeof(LS.variant), "mma.sync %s f64, %s %d of %d%s (fused radius %d), %s tiles, "
		 "sigma %.4f", LS.m16 ? "m16n8k4" : "m8n8k4", LS.pyramid ? "pyramid, terms" : "SVD, rank", LS.lr.rank,
		 LS.lr.n, LS.pyramid ? " + centre" : "", d->R, LS.m16 ? "16 x 32" : "8 x 8", LS.sigma);
	c->state = &LS;
	return 0;
}

static void lr_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	(void)c;
	if (LS.m16) {
		dim3 grid((unsigned)((LS.args.nx + 63) / 64), (unsigned)((LS.args.ny + 31) / 32));
		lorastencil_kernel16<<<grid, LR16_WARPS * 32, 0, s>>>((const double *)in, (double *)out, LS.d_frag, LS.args);
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
	"the fused 2D kernel as exact rank-1 terms (SVD, or the pyramid for sym weights), each two banded f64 MMA products, kernel fusion",
	lr_supports, lr_setup, lr_launch, lr_teardown, "lorastencil_kernel", lr_variant, lr_sigma,
};
KERNEL_METHOD(method_lorastencil);
