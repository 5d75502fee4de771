/*
 * rows-wgmma.cu - convstencil:wgmma (tf32) and tcstencil:wgmma (fp16): the two dense methods'
 * weight matrices on Hopper's wgmma.mma_async, both operands from shared memory, fp32
 * accumulation. 2D only: the hopper-tc figure's tcs cases 3-4 and sptc's 2D shapes. Built for
 * sm_90a alone.
 *
 * Both methods multiply a window of 2n input columns by a 2n x n band matrix per footprint row q:
 * ConvStencil's dual tessellation [U_q; L_q] (kernels/transform.h, flattening; chunks of n
 * outputs, n = 8 or 16) and TCStencil's B_q (decomposition, L = n = 16). wgmma's 64 rows of A are
 * 64 output rows: A_q = the window of the 64 input rows shifted by dy, so that every footprint
 * row's product accumulates into the same D (64 rows x n outputs) and no partial sums change
 * hands. (ConvStencil lays its M rows along x, chunks of one output row; this variant lays them
 * along y: the same matrices, the same sigma.)
 *
 * A block of one warpgroup owns XT x-tiles of n outputs by 64 output rows, and walks SPW_YT such
 * tiles down y, staging the next one (16-byte cp.async, two buffers) while it multiplies this one.
 * The staged tile keeps, for each 16-byte column chunk (4 tf32 or 8 f16), its rows 16 bytes apart
 * and the chunks 16 bytes more than that apart (bank-spread staging writes), which is A's core
 * matrix layout with the row shift dy a 16 dy-byte move of the descriptor's start. The window of
 * x-tile j starts at x0 + j n - R - s: ConvStencil's window, shifted by s so that it starts on a
 * 16-byte boundary (the band moves down s rows of [U; L]; s <= n - 2R keeps it inside); TCStencil's
 * at x0 + j n - L/2. The band matrices are built on the host, in B's core-matrix layout, and read
 * once a block into shared memory.
 */
#include <stdio.h>
#include <string.h>

#include <cuda_fp16.h>

#include "kmethod.h"
#include "ptx.cuh"
#include "wgmma.cuh"
#include "wgmma-variants.h"

extern "C" {
#include "transform.h"
}

#define RW_YT 4                    /* row tiles a block, one after the other */
#define RW_MAXR 7                  /* fused radius: one kernel each (the products unrolled) */
#define RW_MAXQ (2 * RW_MAXR + 1)  /* footprint rows */

struct rw_args {
	long long origin, pitch;
	int nx, ny, xoff;              /* xoff: the first staged column from x0 (-R - s, or -L/2) */
	int yt;
};

/* the staged tile: rows (64 and the 2R the footprint reaches, in whole core matrices), the distance
 * of its 16-byte column chunks (16 bytes more than a chunk's rows: bank-spread staging writes) and
 * its chunks a row (XT windows of n outputs and the window's second half), for elements of eb bytes */
__host__ __device__ constexpr int rw_rows(int R) { return (64 + 2 * R + 7) / 8 * 8; }
__host__ __device__ constexpr int rw_lbo(int R) { return rw_rows(R) * 16 + 16; }
__host__ __device__ constexpr int rw_chunks(int eb, int n, int xt) { return (xt + 1) * n * eb / 16; }

template <typename T> __device__ __forceinline__ void rw_put2(T *p, float a, float b);
template <> __device__ __forceinline__ void rw_put2<float>(float *p, float a, float b)
{
	*reinterpret_cast<float2 *>(p) = make_float2(a, b);
}
template <> __device__ __forceinline__ void rw_put2<__half>(__half *p, float a, float b)
{
	*reinterpret_cast<__half2 *>(p) = __floats2half2_rn(a, b);
}

/* bband: [q][chunk of K][8-row group of N] core matrices of B_q (2n x n), q = dy + R */
template <typename T, int N, int XT, int R>
__global__ void __launch_bounds__(128) rows_kernel_wgmma(const T *__restrict__ in, T *__restrict__ out,
							  const uint4 *__restrict__ bband, struct rw_args a)
{
	typedef wg_ss<T, N> W;
	constexpr int EPC = 16 / (int)sizeof(T);                       /* elements a 16-byte chunk */
	constexpr int KCW = 2 * N / EPC, KS = 2 * N / W::K, KCS = W::K / EPC;
	constexpr int SC = rw_chunks(sizeof(T), N, XT);                /* staged chunks a row */
	constexpr int LBOB = N / 8 * 128;                              /* B: chunks of K apart */
	extern __shared__ __align__(128) unsigned char rw_smem[];
	constexpr int nq = 2 * R + 1, SR = rw_rows(R), LBO = rw_lbo(R), BUF = SC * LBO;
	unsigned char *s_b = rw_smem + 2 * BUF;
	const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
	const int x0 = blockIdx.x * XT * N;
	const int t0 = blockIdx.y * a.yt, t1 = min(t0 + a.yt, (a.ny + 63) / 64);

	for (int i = tid; i < nq * KCW * LBOB / 16; i += 128)
		reinterpret_cast<uint4 *>(s_b)[i] = bband[i];
	const int xs = x0 + a.xoff;                                    /* the first staged column */
	auto stage = [&](int ty, unsigned char *buf) {
		const int ys = ty * 64 - R;
		for (int e = tid; e < SR * SC; e += 128) {
			const int c = e % SC, r = e / SC, y = ys + r, x = xs + c * EPC;   /* a warp along rows */
			uint4 *d = reinterpret_cast<uint4 *>(buf + c * LBO + r * 16);
			if (y < a.ny + R && x < a.nx + R)
				cp_async(d, reinterpret_cast<const uint4 *>(in + a.origin + (long long)y * a.pitch + x));
			else
				*d = make_uint4(0, 0, 0, 0);
		}
		cp_commit();
	};

	if (t0 < t1)
		stage(t0, rw_smem);
	for (int ty = t0; ty < t1; ty++) {
		unsigned char *cur = rw_smem + ((ty - t0) & 1) * BUF;
		if (ty + 1 < t1) {
			stage(ty + 1, rw_smem + ((ty - t0 + 1) & 1) * BUF);
			cp_wait_but_one();
		} else {
			cp_wait_all();
		}
		wg_proxy_fence();
		__syncthreads();

		float d[XT][N / 2];   /* the first product overwrites it (acc 0) */
		wg_fence();
		/* every product unrolled (R is a template parameter): a loop would make ptxas put a
		 * warpgroup.arrive between its iterations and serialise them; x-tiles innermost, XT
		 * independent accumulators in flight */
#pragma unroll
		for (int q = 0; q < nq; q++)
#pragma unroll
			for (int ks = 0; ks < KS; ks++)
#pragma unroll
				for (int j = 0; j < XT; j++)
					W::mma(d[j], wg_desc(cur + (j * N / EPC + ks * KCS) * LBO + q * 16, LBO, 128),
					       wg_desc(s_b + (q * KCW + ks * KCS) * LBOB, LBOB, 128), q + ks > 0);
		wg_commit_wait();

		/* D to a row-major tile of 64 x XT n outputs in cur (read by no wgmma any more), then out
		 * in 16-byte pieces: whole sectors, where D's fragments would write 8 or 16 bytes a row */
		constexpr int W2 = XT * N;                                     /* outputs a tile row */
		T *o = reinterpret_cast<T *>(cur);
		const int gg = lane / 4, t = lane % 4;
#pragma unroll
		for (int h = 0; h < 2; h++)
#pragma unroll
			for (int j = 0; j < XT; j++)
#pragma unroll
				for (int jj = 0; jj < N / 8; jj++)
					rw_put2<T>(o + (16 * warp + gg + 8 * h) * W2 + j * N + 8 * jj + 2 * t,
						   d[j][4 * jj + 2 * h], d[j][4 * jj + 2 * h + 1]);
		__syncthreads();
		wg_store_tile<T, W2, W2>(out, a.origin, a.pitch, o, 64, x0, ty * 64, a.nx, a.ny, tid);
		__syncthreads();   /* cur is staged again next */
	}
}

struct rw_state {
	int is16, n, xt, R, s;
	double sigma;
	uint4 *d_b;
	size_t smem;
	struct rw_args args;
	const void *kernel;
	char variant[METHOD_VARIANT_MAX];
};

static struct rw_state RW;

static const char *rw_supports(const struct method_ctx *c, enum dtype dt, const char *dtname, int maxR)
{
	const char *why = wgmma_supported(c);
	if (why)
		return why;
	if (c->dtype != dt)
		return dtname;
	if (c->stencil->dims != 2)
		return "the wgmma variant lays 64 output rows of a 2D grid along the instruction's rows: 2D only";
	if (c->stencil->radius * c->fusion > maxR)
		return "fused radius too large for the variant's band matrices";
	return NULL;
}

/*
 * B_q in the core-matrix layout the kernel reads: element (k, m) of q's 2n x n band at
 * ((q KCW + k / EPC) (n / 8) + m / 8) 128 + (m % 8) 16 + (k % EPC) eb bytes; band(q, k, m) gives
 * its value.
 */
static void *rw_pack(int nq, int n, int is16, double (*band)(void *, int, int, int), void *ctx, size_t *bytes)
{
	const int eb = is16 ? 2 : 4, EPC = 16 / eb, KCW = 2 * n / EPC;
	*bytes = (size_t)nq * 2 * n * n * eb;
	unsigned char *h = (unsigned char *)calloc(1, *bytes);
	if (!h)
		return NULL;
	for (int q = 0; q < nq; q++)
		for (int k = 0; k < 2 * n; k++)
			for (int m = 0; m < n; m++) {
				const size_t at = ((size_t)(q * KCW + k / EPC) * (n / 8) + m / 8) * 128 + (m % 8) * 16 + (k % EPC) * eb;
				const double v = band(ctx, q, k, m);
				if (is16) {
					const uint32_t b = half2_bits((float)v, 0.f);
					memcpy(h + at, &b, 2);
				} else {
					const uint32_t b = tf32_bits((float)v);
					memcpy(h + at, &b, 4);
				}
			}
	return h;
}

/* the kernel of fused radius R (1 .. RW_MAXR) */
template <typename T, int N, int XT> static const void *rw_kernel(int R)
{
	static const void *const k[RW_MAXR] = {
		(const void *)rows_kernel_wgmma<T, N, XT, 1>, (const void *)rows_kernel_wgmma<T, N, XT, 2>,
		(const void *)rows_kernel_wgmma<T, N, XT, 3>, (const void *)rows_kernel_wgmma<T, N, XT, 4>,
		(const void *)rows_kernel_wgmma<T, N, XT, 5>, (const void *)rows_kernel_wgmma<T, N, XT, 6>,
		(const void *)rows_kernel_wgmma<T, N, XT, 7>,
	};
	return R >= 1 && R <= RW_MAXR ? k[R - 1] : NULL;
}

template <typename T, int N, int XT> static int rw_finish(struct method_ctx *c, const char **why, void *hb, size_t bytes,
							 int xoff)
{
	const struct grid *g = c->grid;
	RW.kernel = rw_kernel<T, N, XT>(RW.R);
	RW.xt = XT;
	RW.smem = 2 * (size_t)rw_chunks(sizeof(T), N, XT) * rw_lbo(RW.R) + bytes;
	if (!RW.kernel || g->n[0] + 4096 > 0x7fffffffL || g->n[1] + 4096 > 0x7fffffffL || cudaMalloc(&RW.d_b, bytes) != cudaSuccess ||
	    cudaMemcpy(RW.d_b, hb, bytes, cudaMemcpyHostToDevice) != cudaSuccess ||
	    cudaFuncSetAttribute(RW.kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)RW.smem) != cudaSuccess) {
		cudaGetLastError();
		free(hb);
		cudaFree(RW.d_b);
		*why = "cannot upload the band matrices or size the staged tiles (or an extent past 2^31 - 4096)";
		return -1;
	}
	free(hb);
	RW.args.origin = grid_at(g, 0, 0, 0);
	RW.args.pitch = g->pitch;
	RW.args.nx = (int)g->n[0];
	RW.args.ny = (int)g->n[1];
	RW.args.xoff = xoff;
	RW.args.yt = RW_YT;
	c->state = &RW;
	return 0;
}

/* ---- convstencil:wgmma: [U_q; L_q] of the flattening plan, the window shifted by s ---------------- */

static double cs_band(void *ctx, int q, int k, int m)
{
	const struct flat_plan *p = (const struct flat_plan *)ctx;
	const int i = k - RW.s;     /* row of [U_q; L_q] */
	if (q >= p->rows || i < 0)
		return 0;
	return i < p->n ? p->U[(long)(q * p->n + i) * p->n + m] : p->L[(long)(q * p->n + i - p->n) * p->n + m];
}

static const char *cs_wg_supports(const struct method_ctx *c)
{
	return rw_supports(c, DT_TF32, "convstencil:wgmma runs tf32 (fp32 data)", RW_MAXR);
}

static int cs_wg_setup(struct method_ctx *c, const char **why)
{
	struct flat_plan p;
	memset(&RW, 0, sizeof(RW));
	RW.R = c->stencil->radius * c->fusion;
	if (flat_build(c->composed, 8, 8, &p) != 0 || p.rows > RW_MAXQ || p.K != p.Kpad) {
		flat_free(&p);
		*why = "cannot build the flattened weight matrices";
		return -1;
	}
	RW.n = p.n;
	RW.s = (4 - RW.R % 4) % 4;      /* the window x0 - R - s on a 16-byte boundary */
	/* the band's last non-zero row is n - 1 + 2R + s: it must stay in the 2n rows of [U; L] */
	if (RW.s > p.n - 2 * RW.R) {
		flat_free(&p);
		*why = "the aligned window does not hold the band";
		return -1;
	}
	size_t bytes;
	void *hb = rw_pack(p.rows, p.n, 0, cs_band, &p, &bytes);
	RW.sigma = flat_sigma(&p);
	flat_free(&p);
	if (!hb) {
		*why = "out of host memory";
		return -1;
	}
	snprintf(RW.variant, sizeof(RW.variant), "wgmma.mma_async m64n%dk8 tf32 -> f32, both from shared memory, "
		 "64 output rows by chunks of %d outputs, window shifted by %d, sigma %.4f", RW.n, RW.n, RW.s, RW.sigma);
	return RW.n == 16 ? rw_finish<float, 16, 2>(c, why, hb, bytes, -RW.R - RW.s)
			  : rw_finish<float, 8, 4>(c, why, hb, bytes, -RW.R - RW.s);
}

/* ---- tcstencil:wgmma: TCStencil's B_q (2L x L), the window x0 - L/2 -------------------------------- */

static double tc_band(void *ctx, int q, int k, int m)
{
	const struct toeplitz_plan *p = (const struct toeplitz_plan *)ctx;
	/* kernel row q is the row shift dy = q - R: the plan's footprint row with that offset */
	for (int r = 0; r < p->rows; r++)
		if (p->row_off[r][0] == q - p->R)
			return p->B[((long)r * 2 * p->L + k) * p->L + m];
	return 0;
}

static const char *tc_wg_supports(const struct method_ctx *c)
{
	return rw_supports(c, DT_FP16, "tcstencil:wgmma runs fp16", TC_L / 2 - 1);
}

static int tc_wg_setup(struct method_ctx *c, const char **why)
{
	struct toeplitz_plan p;
	memset(&RW, 0, sizeof(RW));
	RW.is16 = 1;
	RW.R = c->stencil->radius * c->fusion;
	if (toeplitz_build(c->composed, TC_L, &p) != 0 || p.rows > RW_MAXQ) {
		toeplitz_free(&p);
		*why = "cannot build the banded Toeplitz matrices";
		return -1;
	}
	RW.n = TC_L;
	size_t bytes;
	void *hb = rw_pack(2 * RW.R + 1, TC_L, 1, tc_band, &p, &bytes);
	RW.sigma = toeplitz_sigma(&p);
	toeplitz_free(&p);
	if (!hb) {
		*why = "out of host memory";
		return -1;
	}
	snprintf(RW.variant, sizeof(RW.variant), "wgmma.mma_async m64n16k16 f16 -> f32, both from shared memory, "
		 "64 output rows by tiles of 16 columns, 32 x 16 bands, sigma %.4f", RW.sigma);
	return rw_finish<__half, 16, 4>(c, why, hb, bytes, -TC_L / 2);
}

/* ---- shared ------------------------------------------------------------------------------------ */

static void rw_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	(void)c;
	const int tiles = (RW.args.ny + 63) / 64, span = RW.xt * RW.n;
	dim3 grid((unsigned)((RW.args.nx + span - 1) / span), (unsigned)((tiles + RW_YT - 1) / RW_YT));
	void *args[] = { (void *)&in, (void *)&out, (void *)&RW.d_b, (void *)&RW.args };
	cudaLaunchKernel(RW.kernel, grid, dim3(128), args, RW.smem, s);   /* checked by the runner */
}

static void rw_teardown(struct method_ctx *c)
{
	(void)c;
	cudaFree(RW.d_b);
}

static const char *rw_variant(const struct method_ctx *c)
{
	(void)c;
	return RW.variant;
}

static double rw_sigma(const struct method_ctx *c)
{
	(void)c;
	return RW.sigma;
}

const struct kernel_method convstencil_wgmma = {
	"convstencil", "", cs_wg_supports, cs_wg_setup, rw_launch, rw_teardown, "rows_kernel_wgmma",
	rw_variant, rw_sigma,
};
const struct kernel_method tcstencil_wgmma = {
	"tcstencil", "", tc_wg_supports, tc_wg_setup, rw_launch, rw_teardown, "rows_kernel_wgmma",
	rw_variant, rw_sigma,
};
