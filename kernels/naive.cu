/*
 * naive.cu - the `naive` method: one time step per launch on CUDA cores, any stencil of the
 * descriptor table (box or star, 1-3 D, radius 1-7), runtime weights in constant memory. Each
 * thread computes V = 4 consecutive points along x: for every row of the footprint it loads a
 * window around them with aligned 16-byte loads (through L1/L2, no shared memory) and does its
 * fused multiply-adds, exactly K per point (2K FLOP, as the model counts); the 4 results leave
 * as 16-byte stores (the grid's rows start their interior 128-byte aligned). The memory-bound reference of every CUDA-core
 * comparison (tcs Figure 16, sptc Figures 9-10) and the kernel that exercises the instrument end
 * to end (make naive-core, make ncu-check).
 */
#include <string.h>

#include "kmethod.h"
#include "stencil_rows.h"

#define NAIVE_V 4   /* points per thread along x */

__constant__ double c_w64[3375];
__constant__ float c_w32[3375];
__constant__ struct stencil_row c_rows[ROWS_MAX];

template <typename T> __device__ __forceinline__ T weight(int k);
template <> __device__ __forceinline__ double weight<double>(int k) { return c_w64[k]; }
template <> __device__ __forceinline__ float weight<float>(int k) { return c_w32[k]; }

/* 16-byte vectors: 4 floats or 2 doubles */
template <typename T> struct vec16;
template <> struct vec16<float> { typedef float4 type; static constexpr int n = 4; };
template <> struct vec16<double> { typedef double2 type; static constexpr int n = 2; };

template <typename T, int R>
__global__ void __launch_bounds__(256) naive_stencil(const T *__restrict__ in, T *__restrict__ out,
						     long long origin, long long pitch, long long plane,
						     int nx, int ny, int nrows)
{
	typedef typename vec16<T>::type VT;
	constexpr int VN = vec16<T>::n;
	constexpr int A = VN * ((R + VN - 1) / VN);   /* halo rounded up to whole vectors */
	constexpr int NW = NAIVE_V + 2 * A;           /* window loaded with aligned vectors */
	int x0 = (blockIdx.x * blockDim.x + threadIdx.x) * NAIVE_V;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x0 >= nx || y >= ny)
		return;
	/* every row's interior starts 128-byte aligned and x0 is a multiple of 4: c is aligned */
	long long c = origin + (long long)blockIdx.z * plane + (long long)y * pitch + x0;
	T acc[NAIVE_V];
#pragma unroll
	for (int v = 0; v < NAIVE_V; v++)
		acc[v] = 0;
	for (int k = 0; k < nrows; k++) {
		const struct stencil_row rw = c_rows[k];
		const T *p = in + c + (long long)rw.dz * plane + (long long)rw.dy * pitch;
		T win[NW];
#pragma unroll
		for (int i = 0; i < NW / VN; i++) {
			VT q = __ldg(reinterpret_cast<const VT *>(p - A) + i);
			memcpy(&win[i * VN], &q, sizeof(q));
		}
		if (rw.lo == rw.hi) {                  /* a single point (star rows off the centre) */
			T wk = weight<T>(rw.w0);
#pragma unroll
			for (int v = 0; v < NAIVE_V; v++)
				acc[v] = fma(wk, win[v + A], acc[v]);
			continue;
		}
#pragma unroll
		for (int dx = -R; dx <= R; dx++) {
			T wk = weight<T>(rw.w0 + dx + R);
#pragma unroll
			for (int v = 0; v < NAIVE_V; v++)
				acc[v] = fma(wk, win[v + dx + A], acc[v]);
		}
	}
	if (x0 + NAIVE_V <= nx) {
#pragma unroll
		for (int i = 0; i < NAIVE_V / VN; i++) {
			VT q;
			memcpy(&q, &acc[i * VN], sizeof(q));
			reinterpret_cast<VT *>(out + c)[i] = q;
		}
	} else {                                      /* the row's last, partial group */
#pragma unroll
		for (int v = 0; v < NAIVE_V; v++)
			if (x0 + v < nx)
				out[c + v] = acc[v];
	}
}

static const char *naive_supports(const struct method_ctx *c)
{
	if (c->fusion != 1)
		return "naive does one time step per launch (fusion 1)";
	return NULL;
}

static int naive_setup(struct method_ctx *c, const char **why)
{
	static struct stencil_row rows[ROWS_MAX];
	static double w64[3375];
	static float w32[3375];
	int n = stencil_rows_build(c->stencil, c->weights, rows, w64);
	for (int i = 0; i < c->weights->count; i++)
		w32[i] = (float)w64[i];
	c->state = (void *)(long)n;
	if (cudaMemcpyToSymbol(c_rows, rows, n * sizeof(rows[0])) != cudaSuccess ||
	    cudaMemcpyToSymbol(c_w64, w64, c->weights->count * sizeof(double)) != cudaSuccess ||
	    cudaMemcpyToSymbol(c_w32, w32, c->weights->count * sizeof(float)) != cudaSuccess) {
		*why = "cannot upload weights to constant memory";
		return -1;
	}
	return 0;
}

template <typename T>
static void launch_t(struct method_ctx *c, const T *in, T *out, cudaStream_t s)
{
	const struct grid *g = c->grid;
	dim3 block(g->dims == 1 ? 256 : 32, g->dims == 1 ? 1 : 8, 1);
	dim3 grid((unsigned)((g->n[0] + NAIVE_V * block.x - 1) / (NAIVE_V * block.x)),
		  (unsigned)((g->n[1] + block.y - 1) / block.y), (unsigned)g->n[2]);
	long long o = grid_at(g, 0, 0, 0);
	int nx = (int)g->n[0], ny = (int)g->n[1], nr = (int)(long)c->state;
	switch (c->stencil->radius) {
#define CASE(R) case R: naive_stencil<T, R><<<grid, block, 0, s>>>(in, out, o, g->pitch, g->plane, nx, ny, nr); break;
	CASE(1) CASE(2) CASE(3) CASE(4) CASE(5) CASE(6) CASE(7)
#undef CASE
	}
}

static void naive_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	if (c->dtype == DT_FP64)
		launch_t<double>(c, (const double *)in, (double *)out, s);
	else
		launch_t<float>(c, (const float *)in, (float *)out, s);
}

static void naive_teardown(struct method_ctx *c)
{
	(void)c;
}

extern const struct kernel_method method_naive = {
	"naive",
	"one step per launch; 4 points per thread along x, register windows, weights in constant memory",
	naive_supports, naive_setup, naive_launch, naive_teardown, "naive_stencil", NULL, NULL,
};
KERNEL_METHOD(method_naive);
