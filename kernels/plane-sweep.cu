/*
 * plane-sweep.cu - the `plane-sweep` method: the fermi paper's cached plane sweep (its Figure 6,
 * Figure 8's "plane sweep"), star3d1r, one time step a launch. A block of 32 x PS_BY threads owns
 * a 32 x PS_BY PS_R column of the grid (each thread PS_R cells of a plane, PS_BY rows apart) and
 * sweeps a chunk of planes along z: the plane below and the plane above sit in registers, the
 * middle one in shared memory with its one-cell x-y halo (double-buffered: one barrier a plane),
 * so that each input value is loaded from global memory once a sweep (the halo aside). Loads run
 * PS_D planes ahead of the plane above the one being updated, halo included, so that the memory
 * latency hides behind the update. Chunks are as long as the grid allows while keeping about 32
 * blocks a multiprocessor (so that the last wave is short), and at least 4 planes (star7_chunk).
 * Used by make fermi-figure8.
 */
#include "star7.cuh"

/* 32 x 8 threads; cells a thread (2 in fp64, 4 in fp32) and planes loaded ahead (1), tuned on an
 * H200 at 512^3 among 1-8 cells and 1-4 planes (more planes ahead did not pay) */
#define PS_BY 8
#define PS_R(T) (sizeof(T) == 8 ? 2 : 4)
#define PS_D 1

template <typename T, int BY, int R, int D>
__global__ void __launch_bounds__(32 * BY) plane_sweep_kernel(const T *__restrict__ in, T *__restrict__ out,
							      long long origin, long long pitch, long long plane,
							      int nx, int ny, int nz, int cz, struct star7<T> w)
{
	__shared__ T mid_s[2][(BY * R + 2) * STAR7_W];
	const int tx = threadIdx.x, ty = threadIdx.y;
	const int x0 = blockIdx.x * 32, y0 = blockIdx.y * (BY * R);
	struct star7_tile<BY, R> t;
	star7_tile_init(t, origin, pitch, x0, y0, nx, ny, 1);
	const int z0 = blockIdx.z * cz, z1 = min(z0 + cz, nz);
	struct star7_plane<T, R> below, mid, ahead[D];   /* planes z - 1, z, z + 1 .. z + D */
	star7_load(below, t, in, (long long)(z0 - 1) * plane);
	star7_load(mid, t, in, (long long)z0 * plane);
#pragma unroll
	for (int j = 0; j < D; j++)
		star7_load(ahead[j], t, in, (long long)min(z0 + 1 + j, nz) * plane);
	for (int z = z0; z < z1; z++) {
		T *s = mid_s[z & 1];
		star7_store(s, mid, t);
		__syncthreads();   /* one barrier: the other buffer's readers finished before this one */
#pragma unroll
		for (int k = 0; k < R; k++)
			if (x0 + tx < nx && y0 + ty + k * BY < ny)
				out[t.own[k] + (long long)z * plane] = star7_at(w, s, t.own_s[k], below.v[k], ahead[0].v[k]);
		below = mid;
		mid = ahead[0];
#pragma unroll
		for (int j = 0; j + 1 < D; j++)
			ahead[j] = ahead[j + 1];
		star7_load(ahead[D - 1], t, in, (long long)min(z + D + 1, nz) * plane);
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
	const int rows = c->dtype == DT_FP64 ? PS_BY * PS_R(double) : PS_BY * PS_R(float);
	const unsigned bx = (unsigned)((g->n[0] + 31) / 32), by = (unsigned)((g->n[1] + rows - 1) / rows);
	const int cz = star7_chunk((long)bx * by, g->n[2], 32L * c->props->multiProcessorCount, 4);
	const dim3 block(32, PS_BY), grid(bx, by, (unsigned)((g->n[2] + cz - 1) / cz));
	const long long o = grid_at(g, 0, 0, 0);
	const int nx = (int)g->n[0], ny = (int)g->n[1], nz = (int)g->n[2];
	if (c->dtype == DT_FP64)
		plane_sweep_kernel<double, PS_BY, PS_R(double), PS_D><<<grid, block, 0, s>>>(
			(const double *)in, (double *)out, o, g->pitch, g->plane, nx, ny, nz, cz, PS64);
	else
		plane_sweep_kernel<float, PS_BY, PS_R(float), PS_D><<<grid, block, 0, s>>>(
			(const float *)in, (float *)out, o, g->pitch, g->plane, nx, ny, nz, cz, PS32);
}

extern const struct kernel_method method_plane_sweep = {
	"plane-sweep",
	"the fermi paper's cached plane sweep: a block sweeps a chunk of planes along z, the middle plane in "
	"shared memory, the planes below and above in registers, loads a plane ahead",
	ps_supports, ps_setup, ps_launch, star7_teardown, "plane_sweep_kernel", NULL, NULL,
};
KERNEL_METHOD(method_plane_sweep);
