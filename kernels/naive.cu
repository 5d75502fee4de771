/*
 * naive.cu - the `naive` method: one time step per launch on CUDA cores, any stencil of the
 * descriptor table (box or star, 1-3 D, radius 1-7), runtime weights in constant memory, one
 * thread per output point reading its neighbours through L1/L2. The memory-bound reference of
 * every CUDA-core comparison (tcs Figure 16, sptc Figures 9-10) and the kernel that exercises the
 * measurement instrument end to end (make ceilings, make ncu-check).
 */
#include "kmethod.h"

#define NAIVE_MAX_K 3375   /* box3d7r */

__constant__ double c_w64[NAIVE_MAX_K];
__constant__ float c_w32[NAIVE_MAX_K];
__constant__ int c_off[NAIVE_MAX_K];   /* neighbour offsets in elements */

template <typename T> __device__ __forceinline__ T weight(int k);
template <> __device__ __forceinline__ double weight<double>(int k) { return c_w64[k]; }
template <> __device__ __forceinline__ float weight<float>(int k) { return c_w32[k]; }

/* acc starts at +0 and takes exactly K fused multiply-adds: 2K FLOP per point, as the model counts */
template <typename T>
__global__ void naive_stencil(const T *__restrict__ in, T *__restrict__ out, long long origin,
			      long long pitch, long long plane, int nx, int ny, int K)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= nx || y >= ny)
		return;
	long long c = origin + (long long)blockIdx.z * plane + (long long)y * pitch + x;
	T acc = 0;
	for (int k = 0; k < K; k++)
		acc = fma(weight<T>(k), __ldg(in + c + c_off[k]), acc);
	out[c] = acc;
}

static const char *naive_supports(const struct method_ctx *c)
{
	if (c->fusion != 1)
		return "naive does one time step per launch (fusion 1)";
	if (c->stencil->points > NAIVE_MAX_K)
		return "stencil has more points than the constant-memory table";
	return NULL;
}

static int naive_setup(struct method_ctx *c, const char **why)
{
	const struct grid *g = c->grid;
	int K = c->weights->count;
	static int off[NAIVE_MAX_K];
	static double w64[NAIVE_MAX_K];
	static float w32[NAIVE_MAX_K];
	for (int k = 0; k < K; k++) {
		const int *o = c->weights->off[k];
		long long d = (long long)o[2] * g->plane + (long long)o[1] * g->pitch + o[0];
		if (d > 2147483647LL || d < -2147483647LL) {
			*why = "neighbour offset does not fit in 32 bits";
			return -1;
		}
		off[k] = (int)d;
		w64[k] = c->weights->w[k];
		w32[k] = (float)c->weights->w[k];
	}
	if (cudaMemcpyToSymbol(c_off, off, K * sizeof(int)) != cudaSuccess ||
	    cudaMemcpyToSymbol(c_w64, w64, K * sizeof(double)) != cudaSuccess ||
	    cudaMemcpyToSymbol(c_w32, w32, K * sizeof(float)) != cudaSuccess) {
		*why = "cannot upload weights to constant memory";
		return -1;
	}
	return 0;
}

static void naive_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	const struct grid *g = c->grid;
	dim3 block(g->dims == 1 ? 256 : 32, g->dims == 1 ? 1 : 8, 1);
	dim3 grid((unsigned)((g->n[0] + block.x - 1) / block.x),
		  (unsigned)((g->n[1] + block.y - 1) / block.y), (unsigned)g->n[2]);
	long long origin = grid_at(g, 0, 0, 0);
	int K = c->weights->count;
	if (c->dtype == DT_FP64)
		naive_stencil<double><<<grid, block, 0, s>>>((const double *)in, (double *)out, origin,
							   g->pitch, g->plane, (int)g->n[0], (int)g->n[1], K);
	else
		naive_stencil<float><<<grid, block, 0, s>>>((const float *)in, (float *)out, origin,
							  g->pitch, g->plane, (int)g->n[0], (int)g->n[1], K);
}

static void naive_teardown(struct method_ctx *c)
{
	(void)c;
}

extern const struct kernel_method method_naive = {
	"naive", UNIT_CC, DT_BIT(DT_FP64) | DT_BIT(DT_FP32),
	"one step per launch, one thread per point, weights in constant memory",
	naive_supports, naive_setup, naive_launch, naive_teardown, "naive_stencil",
};
