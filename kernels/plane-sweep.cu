/*
 * plane-sweep.cu - the `plane-sweep` method: the fermi paper's cached plane sweep (its Figure 6,
 * Figure 8's "plane sweep"), star3d1r, one time step a launch. A block of 32 x 8 threads owns a
 * 32 x 8 column of the grid and sweeps a chunk of PS_CZ planes along z: the plane below and the
 * plane above sit in registers, the middle one in shared memory with its one-cell x-y halo, so
 * that each input value is loaded from global memory once a sweep (the halo aside); the next
 * plane's load is issued before the barrier that publishes the current one. Used by make
 * fermi-figure8.
 */
#include "star7.cuh"

#define PS_BX 32
#define PS_BY 8
#define PS_CZ 32

template <typename T>
__global__ void __launch_bounds__(PS_BX * PS_BY) plane_sweep_kernel(const T *__restrict__ in, T *__restrict__ out,
								    long long origin, long long pitch, long long plane,
								    int nx, int ny, int nz, struct star7<T> w)
{
	__shared__ T mid_s[PS_BY + 2][PS_BX + 2];
	const int tx = threadIdx.x, ty = threadIdx.y;
	const int x = blockIdx.x * PS_BX + tx, y = blockIdx.y * PS_BY + ty;
	const bool live = x < nx && y < ny;
	/* dead threads load a live neighbour's cell: every address stays inside the allocation */
	const long long c = origin + (long long)(y < ny ? y : ny - 1) * pitch + (x < nx ? x : nx - 1);
	const int z0 = blockIdx.z * PS_CZ, z1 = min(z0 + PS_CZ, nz);
	T below = in[c + (long long)(z0 - 1) * plane], mid = in[c + (long long)z0 * plane];
	for (int z = z0; z < z1; z++) {
		const long long p = c + (long long)z * plane;
		const T above = in[p + plane];            /* issued ahead of the barriers */
		__syncthreads();                          /* the previous plane's readers are done */
		if (live) {                               /* dead threads write nothing: no slot is written twice */
			mid_s[ty + 1][tx + 1] = mid;
			if (tx == 0)
				mid_s[ty + 1][0] = in[p - 1];
			if (tx == PS_BX - 1 || x == nx - 1)
				mid_s[ty + 1][tx + 2] = in[p + 1];
			if (ty == 0)
				mid_s[0][tx + 1] = in[p - pitch];
			if (ty == PS_BY - 1 || y == ny - 1)
				mid_s[ty + 2][tx + 1] = in[p + pitch];
		}
		__syncthreads();
		if (live)
			out[p] = star7_apply(w, mid, mid_s[ty + 1][tx], mid_s[ty + 1][tx + 2], mid_s[ty][tx + 1],
					     mid_s[ty + 2][tx + 1], below, above);
		below = mid;
		mid = above;
	}
}

static struct star7<double> PS64;
static struct star7<float> PS32;

static const char *ps_supports(const struct method_ctx *c)
{
	return star7_supports(c, 1, "plane-sweep does one time step per launch (fusion 1)");
}

static int ps_setup(struct method_ctx *c, const char **why)
{
	return star7_setup(c, &PS64, &PS32, why);
}

static void ps_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	const struct grid *g = c->grid;
	const dim3 block(PS_BX, PS_BY), grid((unsigned)((g->n[0] + PS_BX - 1) / PS_BX),
					       (unsigned)((g->n[1] + PS_BY - 1) / PS_BY),
					       (unsigned)((g->n[2] + PS_CZ - 1) / PS_CZ));
	const long long o = grid_at(g, 0, 0, 0);
	const int nx = (int)g->n[0], ny = (int)g->n[1], nz = (int)g->n[2];
	if (c->dtype == DT_FP64)
		plane_sweep_kernel<double><<<grid, block, 0, s>>>((const double *)in, (double *)out, o, g->pitch, g->plane,
								  nx, ny, nz, PS64);
	else
		plane_sweep_kernel<float><<<grid, block, 0, s>>>((const float *)in, (float *)out, o, g->pitch, g->plane,
								 nx, ny, nz, PS32);
}

extern const struct kernel_method method_plane_sweep = {
	"plane-sweep",
	"the fermi paper's cached plane sweep: a block sweeps 32 planes along z, the middle plane in shared "
	"memory, the planes below and above in registers",
	ps_supports, ps_setup, ps_launch, star7_teardown, "plane_sweep_kernel", NULL, NULL,
};
KERNEL_METHOD(method_plane_sweep);
