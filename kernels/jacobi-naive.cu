/*
 * jacobi-naive.cu - the `jacobi-naive` method: the fermi paper's baseline 3D Jacobi (its section
 * 3, Figure 8): one thread a cell, one time step a launch, all seven loads from global memory
 * (through L1/L2), star3d1r with general weights. Blocks of 32 x 8 threads, one output plane each
 * (grid z). Used by make fermi-figure8.
 */
#include "star7.cuh"

template <typename T>
__global__ void __launch_bounds__(256) jacobi_naive_kernel(const T *__restrict__ in, T *__restrict__ out,
							   long long origin, long long pitch, long long plane, int nx,
							   int ny, struct star7<T> w)
{
	const int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
	if (x >= nx || y >= ny)
		return;
	const long long c = origin + (long long)blockIdx.z * plane + (long long)y * pitch + x;
	out[c] = star7_apply(w, in[c], in[c - 1], in[c + 1], in[c - pitch], in[c + pitch], in[c - plane], in[c + plane]);
}

static struct star7<double> JN64;
static struct star7<float> JN32;

static const char *jn_supports(const struct method_ctx *c)
{
	return star7_supports(c, 1, "jacobi-naive does one time step per launch (fusion 1)");
}

static int jn_setup(struct method_ctx *c, const char **why)
{
	return star7_setup(c, &JN64, &JN32, why);
}

static void jn_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	const struct grid *g = c->grid;
	const dim3 block(32, 8), grid((unsigned)((g->n[0] + 31) / 32), (unsigned)((g->n[1] + 7) / 8), (unsigned)g->n[2]);
	const long long o = grid_at(g, 0, 0, 0);
	if (c->dtype == DT_FP64)
		jacobi_naive_kernel<double><<<grid, block, 0, s>>>((const double *)in, (double *)out, o, g->pitch, g->plane,
								   (int)g->n[0], (int)g->n[1], JN64);
	else
		jacobi_naive_kernel<float><<<grid, block, 0, s>>>((const float *)in, (float *)out, o, g->pitch, g->plane,
								  (int)g->n[0], (int)g->n[1], JN32);
}

extern const struct kernel_method method_jacobi_naive = {
	"jacobi-naive",
	"the fermi paper's naive 3D Jacobi: one thread a cell, one step a launch, seven global loads",
	jn_supports, jn_setup, jn_launch, star7_teardown, "jacobi_naive_kernel", NULL, NULL,
};
KERNEL_METHOD(method_jacobi_naive);
