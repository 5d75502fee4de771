/*
 * wavefront.cu - the `wavefront` method: the fermi paper's pipelined wavefront (its Figure 7 and
 * pseudo-code, Figure 8's "wavefront"), star3d1r, two time steps a sweep (fusion 2). A block of
 * 32 x 16 threads sweeps a chunk of WF_CZ planes along z over a 32 x 16 column and writes the
 * inner 30 x 14 (blocks overlap by one cell a side). At each input plane zi it computes the first
 * step m(zi) on the whole column (the plane below and above in registers, plane zi with its halo
 * in shared memory) and, one plane behind, the second step of plane zi - 1 from m(zi - 2) and
 * m(zi) in registers and m(zi - 1) in shared memory; the next input plane's load is issued ahead.
 * The first step covers the ring's inner layer too, as a launch of two fused steps does (the
 * harness's ring is two cells wide: model/grid.h). Used by make fermi-figure8.
 */
#include "star7.cuh"

#define WF_BX 32
#define WF_BY 16
#define WF_CZ 32

template <typename T>
__global__ void __launch_bounds__(WF_BX * WF_BY) wavefront_kernel(const T *__restrict__ in, T *__restrict__ out,
								  long long origin, long long pitch, long long plane,
								  int nx, int ny, int nz, struct star7<T> w)
{
	__shared__ T in_s[WF_BY + 2][WF_BX + 2];   /* input plane zi, with its halo */
	__shared__ T m_s[WF_BY][WF_BX];            /* first step of plane zi - 1 */
	const int tx = threadIdx.x, ty = threadIdx.y;
	const int x = blockIdx.x * (WF_BX - 2) - 1 + tx, y = blockIdx.y * (WF_BY - 2) - 1 + ty;
	/* cells past the two-wide ring load a clamped one: their values are never used */
	const int xl = min(x, nx + 1), yl = min(y, ny + 1);
	const long long c = origin + (long long)yl * pitch + xl;
	const bool out_cell = tx > 0 && tx < WF_BX - 1 && ty > 0 && ty < WF_BY - 1 && x < nx && y < ny;
	const int z0 = blockIdx.z * WF_CZ, z1 = min(z0 + WF_CZ, nz);
	T ib = in[c + (long long)(z0 - 2) * plane], im = in[c + (long long)(z0 - 1) * plane];
	T mb = 0, mm = 0;
	for (int zi = z0 - 1; zi <= z1; zi++) {
		const long long p = c + (long long)zi * plane;
		const T ia = in[p + plane];                  /* issued ahead of the barriers */
		__syncthreads();                             /* the previous plane's readers are done */
		in_s[ty + 1][tx + 1] = im;
		if (tx == 0)
			in_s[ty + 1][0] = in[p - (xl > -2)];
		if (tx == WF_BX - 1)
			in_s[ty + 1][WF_BX + 1] = in[p + (xl < nx + 1)];
		if (ty == 0)
			in_s[0][tx + 1] = in[p - (yl > -2 ? pitch : 0)];
		if (ty == WF_BY - 1)
			in_s[WF_BY + 1][tx + 1] = in[p + (yl < ny + 1 ? pitch : 0)];
		m_s[ty][tx] = mm;
		__syncthreads();
		/* the first step at (x, y, zi); meaningful on the interior and the ring's inner layer */
		const T mn = star7_apply(w, im, in_s[ty + 1][tx], in_s[ty + 1][tx + 2], in_s[ty][tx + 1], in_s[ty + 2][tx + 1],
					 ib, ia);
		/* the second step at (x, y, zi - 1) */
		if (zi > z0 && out_cell)
			out[p - plane] = star7_apply(w, mm, m_s[ty][tx - 1], m_s[ty][tx + 1], m_s[ty - 1][tx], m_s[ty + 1][tx],
						     mb, mn);
		ib = im, im = ia;
		mb = mm, mm = mn;
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
	const dim3 block(WF_BX, WF_BY), grid((unsigned)((g->n[0] + WF_BX - 3) / (WF_BX - 2)),
					       (unsigned)((g->n[1] + WF_BY - 3) / (WF_BY - 2)),
					       (unsigned)((g->n[2] + WF_CZ - 1) / WF_CZ));
	const long long o = grid_at(g, 0, 0, 0);
	const int nx = (int)g->n[0], ny = (int)g->n[1], nz = (int)g->n[2];
	if (c->dtype == DT_FP64)
		wavefront_kernel<double><<<grid, block, 0, s>>>((const double *)in, (double *)out, o, g->pitch, g->plane, nx,
								ny, nz, WF64);
	else
		wavefront_kernel<float><<<grid, block, 0, s>>>((const float *)in, (float *)out, o, g->pitch, g->plane, nx, ny,
							       nz, WF32);
}

extern const struct kernel_method method_wavefront = {
	"wavefront",
	"the fermi paper's pipelined wavefront: two time steps a sweep along z, planes in registers and shared "
	"memory, the next plane's load issued ahead",
	wf_supports, wf_setup, wf_launch, star7_teardown, "wavefront_kernel", NULL, NULL,
};
KERNEL_METHOD(method_wavefront);
