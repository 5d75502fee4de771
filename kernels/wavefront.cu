/*
 * wavefront.cu - the `wavefront` method: the fermi paper's pipelined wavefront (its Figure 7 and
 * pseudo-code, Figure 8's "wavefront"), star3d1r, two time steps a sweep (fusion 2). A block of
 * 32 x WF_BY threads sweeps a chunk of planes along z over a 32 x WF_BY WF_R column (each thread
 * WF_R cells of a plane, WF_BY rows apart) and writes its inner 30 x (WF_BY WF_R - 2) cells
 * (blocks overlap by one cell a side). At each input plane zi it computes the first step m(zi)
 * on the whole column (the planes below and above in registers, plane zi with its halo in shared
 * memory) and, one plane behind, the second step of plane zi - 1 from m(zi - 2) and m(zi) in
 * registers and m(zi - 1) in shared memory. Both shared planes are double-buffered (one barrier
 * a plane), and input loads run WF_D planes ahead (the paper issues plane i + 4 while updating
 * i + 1). Chunks are sized as the plane sweep's (star7_chunk). The first step covers the ring's
 * inner layer too, as a launch of two fused steps does (the harness's ring is two cells wide:
 * model/grid.h). Used by make fermi-figure8.
 */
#include "star7.cuh"

/* 32 x 8 threads, 4 cells a thread (a 32 x 32 column, 30 x 30 written), loads one plane ahead:
 * tuned on an H200 at 512^3 among 1-8 cells a thread and 1-3 planes ahead */
#define WF_BY 8
#define WF_R 4
#define WF_D 1

template <typename T, int BY, int R, int D>
__global__ void __launch_bounds__(32 * BY) wavefront_kernel(const T *__restrict__ in, T *__restrict__ out,
							    long long origin, long long pitch, long long plane,
							    int nx, int ny, int nz, int cz, struct star7<T> w)
{
	constexpr int TH = BY * R;
	__shared__ T in_s[2][(TH + 2) * STAR7_W];   /* input plane zi, with its halo */
	__shared__ T m_s[2][(TH + 2) * STAR7_W];    /* first step of plane zi - 1 (the same slots) */
	const int tx = threadIdx.x, ty = threadIdx.y;
	const int x0 = blockIdx.x * 30 - 1, y0 = blockIdx.y * (TH - 2) - 1;
	struct star7_tile<BY, R> t;
	star7_tile_init(t, origin, pitch, x0, y0, nx, ny, 2);
	const int z0 = blockIdx.z * cz, z1 = min(z0 + cz, nz);
	struct star7_plane<T, R> im, ahead[D];   /* input planes zi, zi + 1 .. zi + D */
	T ib[R], mb[R], mm[R];                   /* input zi - 1; first step at zi - 2 and zi - 1 */
	{
		struct star7_plane<T, R> b;
		star7_load(b, t, in, (long long)(z0 - 2) * plane);
#pragma unroll
		for (int k = 0; k < R; k++)
			ib[k] = b.v[k], mb[k] = 0, mm[k] = 0;
	}
	star7_load(im, t, in, (long long)(z0 - 1) * plane);
#pragma unroll
	for (int j = 0; j < D; j++)
		star7_load(ahead[j], t, in, (long long)min(z0 + j, nz + 1) * plane);
	for (int zi = z0 - 1; zi <= z1; zi++) {
		T *s = in_s[zi & 1], *ms = m_s[zi & 1];
		star7_store(s, im, t);
#pragma unroll
		for (int k = 0; k < R; k++)
			ms[t.own_s[k]] = mm[k];
		__syncthreads();   /* one barrier: the other buffers' readers finished before this one */
		T mn[R];
#pragma unroll
		for (int k = 0; k < R; k++)   /* the first step at (x, y, zi), on the whole column */
			mn[k] = star7_at(w, s, t.own_s[k], ib[k], ahead[0].v[k]);
		if (zi > z0) {
#pragma unroll
			for (int k = 0; k < R; k++) {   /* the second step at (x, y, zi - 1), inner cells */
				const int row = ty + k * BY;
				if (tx > 0 && tx < 31 && row > 0 && row < TH - 1 && x0 + tx < nx && y0 + row < ny)
					out[t.own[k] + (long long)(zi - 1) * plane] = star7_at(w, ms, t.own_s[k], mb[k], mn[k]);
			}
		}
#pragma unroll
		for (int k = 0; k < R; k++)
			ib[k] = im.v[k], mb[k] = mm[k], mm[k] = mn[k];
		im = ahead[0];
#pragma unroll
		for (int j = 0; j + 1 < D; j++)
			ahead[j] = ahead[j + 1];
		star7_load(ahead[D - 1], t, in, (long long)min(zi + D + 1, nz + 1) * plane);
	}
}

static struct star7<double> WF64;
static struct star7<float> WF32;

static const char *wf_supports(const struct method_ctx *c)
{
	return star7_supports(c, 2, "wavefront fuses two time steps a sweep (fusion 2)");
}

static int wf_setup(struct method_ctx *c, const char **why)
{
	return star7_setup(c, &WF64, &WF32, why);
}

static void wf_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	const struct grid *g = c->grid;
	const long long o = grid_at(g, 0, 0, 0);
	const int nx = (int)g->n[0], ny = (int)g->n[1], nz = (int)g->n[2];
	const unsigned bx = (unsigned)((nx + 29) / 30), by = (unsigned)((ny + WF_BY * WF_R - 3) / (WF_BY * WF_R - 2));
	const int cz = star7_chunk((long)bx * by, nz, 32L * c->props->multiProcessorCount, 4);
	const dim3 block(32, WF_BY), grid(bx, by, (unsigned)((nz + cz - 1) / cz));
	if (c->dtype == DT_FP64)
		wavefront_kernel<double, WF_BY, WF_R, WF_D><<<grid, block, 0, s>>>(
			(const double *)in, (double *)out, o, g->pitch, g->plane, nx, ny, nz, cz, WF64);
	else
		wavefront_kernel<float, WF_BY, WF_R, WF_D><<<grid, block, 0, s>>>(
			(const float *)in, (float *)out, o, g->pitch, g->plane, nx, ny, nz, cz, WF32);
}

extern const struct kernel_method method_wavefront = {
	"wavefront",
	"the fermi paper's pipelined wavefront: two time steps a sweep along z, planes in registers and shared "
	"memory, loads a plane ahead",
	wf_supports, wf_setup, wf_launch, star7_teardown, "wavefront_kernel", NULL, NULL,
};
KERNEL_METHOD(method_wavefront);
