/*
 * flashfftstencil.cu - the `flashfftstencil` method: a 2D stencil through the discrete Fourier
 * transform on tensor cores, after FlashFFTStencil (one of sptc's tensor-core baselines, Figures
 * 9-10). The grid is cut into T x T output tiles, T = 16 - 2R (R the fused radius); each tile's
 * 16 x 16 input patch is transformed with the 16-point DFT matrix F = C - iS as fp64 MMAs
 * (mma.sync m16n8k4, sm_90), multiplied point-wise by the fused kernel's transform and transformed
 * back: a circular convolution whose wrap-around touches only the R-wide rim, which is discarded
 * (overlap-save). Kernel fusion costs nothing extra: the t-fold composed kernel has one transform
 * like any other, only the rim widens.
 *
 * Two neighbouring tiles travel as one complex patch P1 + i P2 (the kernel is real, so the real
 * and imaginary parts of the result are the two tiles' outputs): per pair, 16 real 16 x 16 x 16
 * products of 8 MMAs, 128 MMAs (65536 MACs) for 2 T^2 outputs. No operand ever moves between
 * lanes: an accumulator tile X is the A operand of X M when the K index runs in the order the
 * accumulator holds its columns (pi below), and the B operand of M X^T; the chain
 *     Q = F P^T, Bh = Q F = (F P F)^T, Z^T = Bh (.) W^T, G = F* Z, Y = G F*
 * alternates the two forms, so every step reads its own registers. C and S are symmetric, so one
 * fragment of each serves as A and as B.
 *
 * tf32 (fp32 data) runs the same chain on mma.sync m16n8k8 tf32 with fp32 accumulation: a K step
 * of 8 takes the accumulator's columns 8 ks + 2 t (K index t) and 8 ks + 2 t + 1 (t + 4), the
 * same order, so the same fragments serve; 4 MMAs of 1024 MACs a 16 x 16 x 16 product (sigma as
 * fp64), each intermediate rounded to tf32 (cvt.rna) as an operand.
 *
 * Boundaries: the original runs periodic boundaries (one transform of the whole grid); this
 * method keeps the harness's fixed ring, which every other method uses: the patches overlap by 2R
 * and read the frozen ring like any stencil. fp64 needs sm_90 (the f64 m16n8k4 shape); tf32 runs
 * on sm_80 and newer.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kmethod.h"
#include "ptx.cuh"

#define FF_N 16
#define FF_MAXR 6          /* T = 16 - 2R >= 4 */
#define FF_WARPS 8
#define FF_PAIRS 4        /* pairs a warp takes in turn (C and S computed once) */

struct ff_args {
	long long origin, pitch;
	int nx, ny, R, T, tiles_x, pairs_x;
	long long pairs;
};

/* K index order of an accumulator tile's columns: K step ks, lane column t -> column pi */
__device__ __forceinline__ int ff_pi(int ks, int t)
{
	return 8 * (ks >> 1) + 2 * t + (ks & 1);
}

/* d += X M: x the accumulator of X (2 column blocks x 4), m[ks][h] = M[8h + g][pi(ks, t)] */
__device__ __forceinline__ void ff_right(double (&d)[2][4], const double (&x)[2][4], const double (&m)[4][2])
{
#pragma unroll
	for (int nb = 0; nb < 2; nb++)
#pragma unroll
		for (int ks = 0; ks < 4; ks++)
			mma_f64_m16n8k4(d[nb], x[ks >> 1][ks & 1], x[ks >> 1][2 + (ks & 1)], m[ks][nb]);
}

/* d += M X: xt the accumulator of X^T */
__device__ __forceinline__ void ff_left(double (&d)[2][4], const double (&m)[4][2], const double (&xt)[2][4])
{
#pragma unroll
	for (int nb = 0; nb < 2; nb++)
#pragma unroll
		for (int ks = 0; ks < 4; ks++)
			mma_f64_m16n8k4(d[nb], m[ks][0], m[ks][1], xt[ks >> 1][2 * nb + (ks & 1)]);
}

/* tf32: d += X M, K step ks of 8 (m already tf32-rounded; m[2 ks + p][h] as in fp64) */
__device__ __forceinline__ void ff_right(float (&d)[2][4], const float (&x)[2][4], const float (&m)[4][2])
{
#pragma unroll
	for (int ks = 0; ks < 2; ks++) {
		const unsigned a[4] = { tf32_rna(x[ks][0]), tf32_rna(x[ks][2]), tf32_rna(x[ks][1]), tf32_rna(x[ks][3]) };
#pragma unroll
		for (int nb = 0; nb < 2; nb++)
			mma_tf32_m16n8k8(d[nb], a, __float_as_uint(m[2 * ks][nb]), __float_as_uint(m[2 * ks + 1][nb]));
	}
}

/* tf32: d += M X, xt the accumulator of X^T */
__device__ __forceinline__ void ff_left(float (&d)[2][4], const float (&m)[4][2], const float (&xt)[2][4])
{
#pragma unroll
	for (int ks = 0; ks < 2; ks++) {
		const unsigned a[4] = { __float_as_uint(m[2 * ks][0]), __float_as_uint(m[2 * ks][1]),
					__float_as_uint(m[2 * ks + 1][0]), __float_as_uint(m[2 * ks + 1][1]) };
#pragma unroll
		for (int nb = 0; nb < 2; nb++)
			mma_tf32_m16n8k8(d[nb], a, tf32_rna(xt[ks][2 * nb]), tf32_rna(xt[ks][2 * nb + 1]));
	}
}

/* the DFT fragments in the kernel's precision */
__device__ __forceinline__ void ff_dft(double v, double &m) { m = v; }
__device__ __forceinline__ void ff_dft(double v, float &m) { m = __uint_as_float(tf32_rna((float)v)); }

template <typename T> __device__ __forceinline__ void ff_zero(T (&d)[2][4])
{
#pragma unroll
	for (int j = 0; j < 2; j++)
#pragma unroll
		for (int e = 0; e < 4; e++)
			d[j][e] = 0.0;
}

template <typename T> __device__ __forceinline__ void ff_negate(T (&d)[2][4])
{
#pragma unroll
	for (int j = 0; j < 2; j++)
#pragma unroll
		for (int e = 0; e < 4; e++)
			d[j][e] = -d[j][e];
}

/* one warp, FF_PAIRS neighbouring pairs of tiles in turn; wt: the kernel's transform in
 * accumulator order, [16][lane] (8 complex: element 2 (j * 4 + e), real then imaginary) */
template <typename T>
__global__ void __launch_bounds__(FF_WARPS * 32, 2) flashfftstencil_kernel(const T *__restrict__ in, T *__restrict__ out,
									       const T *__restrict__ wt, struct ff_args a)
{
	__shared__ T s_wt[16 * 32];
	for (int i = threadIdx.x; i < 16 * 32; i += blockDim.x)
		s_wt[i] = wt[i];
	__syncthreads();
	const int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
	/* C and S at [8h + g][pi(ks, t)], once a warp */
	T c[4][2], s[4][2];
#pragma unroll
	for (int ks = 0; ks < 4; ks++)
#pragma unroll
		for (int h = 0; h < 2; h++) {
			double sv, cv;
			sincospi((double)(((8 * h + g) * ff_pi(ks, t)) & 15) / 8.0, &sv, &cv);
			ff_dft(sv, s[ks][h]), ff_dft(cv, c[ks][h]);
		}
	const long long first = ((long long)blockIdx.x * FF_WARPS + (threadIdx.x >> 5)) * FF_PAIRS;
	for (long long pair = first; pair < first + FF_PAIRS && pair < a.pairs; pair++) {
		const int ty = (int)(pair / a.pairs_x), tx = 2 * (int)(pair % a.pairs_x);
		const int y0 = ty * a.T - a.R;                  /* the patch's first row and column */
		const int xa = tx * a.T - a.R, xb = xa + a.T;   /* the second tile's patch */
		const int has_b = tx + 1 < a.tiles_x;
		/* the pair as the accumulator of P = P1 + i P2: [j][e] = P[g + 8 (e >> 1)][8 j + 2 t + (e & 1)];
		 * rows past the allocation read as 0 (their outputs are not stored) */
		T pr[2][4], pi[2][4];
#pragma unroll
		for (int j = 0; j < 2; j++)
#pragma unroll
			for (int e = 0; e < 4; e++) {
				const int row = y0 + g + 8 * (e >> 1), col = 8 * j + 2 * t + (e & 1);
				const long long at = a.origin + (long long)row * a.pitch;
				const int ok = row < a.ny + a.R;
				pr[j][e] = ok ? in[at + xa + col] : (T)0;
				pi[j][e] = ok && has_b ? in[at + xb + col] : (T)0;
			}
		/* Q = F P^T = (C - iS)(P1^T + i P2^T): Qr = C P1^T + S P2^T, Qi = C P2^T - S P1^T */
		T qr[2][4], qi[2][4];
		ff_zero(qr), ff_zero(qi);
		ff_left(qr, c, pr), ff_left(qr, s, pi);
		ff_left(qi, s, pr), ff_negate(qi), ff_left(qi, c, pi);
		/* Bh = Q F = (F P F)^T: Br = Qr C + Qi S, Bi = Qi C - Qr S */
		T br[2][4], bi[2][4];
		ff_zero(br), ff_zero(bi);
		ff_right(br, qr, c), ff_right(br, qi, s);
		ff_right(bi, qr, s), ff_negate(bi), ff_right(bi, qi, c);
		/* Z^T = Bh (.) W^T (the 1 / 256 of the inverse is in W), into qr, qi */
#pragma unroll
		for (int j = 0; j < 2; j++)
#pragma unroll
			for (int e = 0; e < 4; e++) {
				const T wr = s_wt[(2 * (4 * j + e)) * 32 + lane], wi = s_wt[(2 * (4 * j + e) + 1) * 32 + lane];
				qr[j][e] = br[j][e] * wr - bi[j][e] * wi;
				qi[j][e] = br[j][e] * wi + bi[j][e] * wr;
			}
		/* G = F* Z = (C + iS)(Zr + i Zi): Gr = C Zr - S Zi, Gi = S Zr + C Zi; into br, bi */
		ff_zero(br), ff_zero(bi);
		ff_left(br, s, qi), ff_negate(br), ff_left(br, c, qr);
		ff_left(bi, s, qr), ff_left(bi, c, qi);
		/* Y = G F* = (Gr + i Gi)(C + iS): Yr = Gr C - Gi S, Yi = Gr S + Gi C; into pr, pi */
		ff_zero(pr), ff_zero(pi);
		ff_right(pr, bi, s), ff_negate(pr), ff_right(pr, br, c);
		ff_right(pi, br, s), ff_right(pi, bi, c);
		/* the interior: rows and columns R .. R + T - 1 of the patch */
#pragma unroll
		for (int j = 0; j < 2; j++)
#pragma unroll
			for (int e = 0; e < 4; e++) {
				const int r = g + 8 * (e >> 1), col = 8 * j + 2 * t + (e & 1);
				const int row = y0 + r;
				if (r < a.R || r >= a.R + a.T || col < a.R || col >= a.R + a.T || row >= a.ny)
					continue;
				T *d = out + a.origin + (long long)row * a.pitch;
				if (xa + col < a.nx)
					d[xa + col] = pr[j][e];
				if (has_b && xb + col < a.nx)
					d[xb + col] = pi[j][e];
			}
	}
}

struct ff_state {
	void *d_wt;
	int tf32;
	struct ff_args args;
	char variant[METHOD_VARIANT_MAX];
};

static struct ff_state FS;
extern const struct kernel_method method_flashfftstencil;

static const char *ff_supports(const struct method_ctx *c)
{
	if (c->dtype != DT_FP64 && c->dtype != DT_TF32)
		return "flashfftstencil runs fp64 (mma.sync m16n8k4 f64) and tf32 (fp32 data, tf32 math)";
	if (c->stencil->dims != 2)
		return "flashfftstencil transforms 2D tiles";
	if (c->stencil->radius * c->fusion > FF_MAXR)
		return "flashfftstencil's 16-point tiles keep T = 16 - 2R >= 4 outputs: fused radius up to 6";
	if (c->dtype == DT_FP64 && c->props->major < 9)
		return "flashfftstencil runs fp64 on sm_90 (the f64 m16n8k4 shape)";
	return NULL;
}

/* the fused kernel's transform W[ky][kx] = sum K[a][b] e^{2 pi i (ky a + kx b) / 16} / 256, laid out
 * as the accumulator of Z^T holds it, [16][lane]: element (j, e) of lane (g, t) is row r = g + 8 (e >> 1) (kx),
 * column q = 8 j + 2 t + (e & 1) (ky) */
static void ff_transform(const struct dense_weights *d, double *h)
{
	for (int lane = 0; lane < 32; lane++)
		for (int j = 0; j < 2; j++)
			for (int e = 0; e < 4; e++) {
				const int kx = lane / 4 + 8 * (e >> 1), ky = 8 * j + 2 * (lane % 4) + (e & 1);
				double re = 0, im = 0;
				for (int dy = -d->R; dy <= d->R; dy++)
					for (int dx = -d->R; dx <= d->R; dx++) {
						const double w = dense_weight(d, dx, dy, 0);
						const int ph = (((ky * dy + kx * dx) % FF_N) + FF_N) % FF_N;
						re += w * cos(2 * M_PI * ph / FF_N);
						im += w * sin(2 * M_PI * ph / FF_N);
					}
				h[(2 * (4 * j + e)) * 32 + lane] = re / (FF_N * FF_N);
				h[(2 * (4 * j + e) + 1) * 32 + lane] = im / (FF_N * FF_N);
			}
}

static int ff_setup(struct method_ctx *c, const char **why)
{
	const struct grid *g = c->grid;
	const struct dense_weights *d = c->composed;
	static double h[32 * 16];
	static float hf[32 * 16];
	memset(&FS, 0, sizeof(FS));
	FS.tf32 = c->dtype == DT_TF32;
	if (g->n[0] + 4096 > 0x7fffffffL || g->n[1] + 4096 > 0x7fffffffL) {
		*why = "an extent past 2^31 - 4096 elements: the kernel indexes with 32-bit ints";
		return -1;
	}
	ff_transform(d, h);
	for (int i = 0; i < 32 * 16; i++)   /* tf32: the point-wise product runs in fp32 */
		hf[i] = (float)h[i];
	const size_t bytes = FS.tf32 ? sizeof(hf) : sizeof(h);
	if (cudaMalloc(&FS.d_wt, bytes) != cudaSuccess ||
	    cudaMemcpy(FS.d_wt, FS.tf32 ? (const void *)hf : (const void *)h, bytes, cudaMemcpyHostToDevice) != cudaSuccess) {
		cudaGetLastError();
		cudaFree(FS.d_wt);
		*why = "cannot upload the kernel's transform";
		return -1;
	}
	struct ff_args *a = &FS.args;
	a->origin = grid_at(g, 0, 0, 0);
	a->pitch = g->pitch;
	a->nx = (int)g->n[0];
	a->ny = (int)g->n[1];
	a->R = d->R;
	a->T = FF_N - 2 * d->R;
	a->tiles_x = (a->nx + a->T - 1) / a->T;
	a->pairs_x = (a->tiles_x + 1) / 2;
	a->pairs = (long long)a->pairs_x * ((a->ny + a->T - 1) / a->T);
	/* the kernel runs exactly the method table's rule (K_fused 2 T^2 over a pair's 65536 MACs) */
	const char *swhy = NULL;
	const double sigma = kernel_model(&method_flashfftstencil)->sigma(c->stencil, c->fusion, c->dtype, &swhy);
	snprintf(FS.variant, sizeof(FS.variant), "mma.sync %s, 16-point DFT, %d x %d tiles in pairs "
		 "(fused radius %d), sigma %.4f", FS.tf32 ? "m16n8k8 tf32" : "m16n8k4 f64", a->T, a->T, d->R, sigma);
	c->state = &FS;
	return 0;
}

static void ff_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	(void)c;
	const long long per_block = (long long)FF_WARPS * FF_PAIRS;
	const unsigned blocks = (unsigned)((FS.args.pairs + per_block - 1) / per_block);
	if (FS.tf32)
		flashfftstencil_kernel<float><<<blocks, FF_WARPS * 32, 0, s>>>((const float *)in, (float *)out,
									       (const float *)FS.d_wt, FS.args);
	else
		flashfftstencil_kernel<double><<<blocks, FF_WARPS * 32, 0, s>>>((const double *)in, (double *)out,
										(const double *)FS.d_wt, FS.args);
}

static void ff_teardown(struct method_ctx *c)
{
	(void)c;
	cudaFree(FS.d_wt);
}

static const char *ff_variant(const struct method_ctx *c)
{
	(void)c;
	return FS.variant;
}

extern const struct kernel_method method_flashfftstencil = {
	"flashfftstencil",
	"16 x 16 patches through the 16-point DFT as f64 or tf32 MMAs, point-wise product with the fused kernel's "
	"transform, inverse; overlap-save tiles, two tiles a complex patch",
	ff_supports, ff_setup, ff_launch, ff_teardown, "flashfftstencil_kernel", ff_variant, NULL,
};
KERNEL_METHOD(method_flashfftstencil);
