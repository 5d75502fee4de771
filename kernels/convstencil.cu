/*
 * convstencil.cu - the `convstencil` method: the flattening family on dense tensor cores
 * (ConvStencil-style stencil2row layout and dual tessellation; tcs Tables 2-3 cases 1, 2, 5 in
 * fp64 and 3, 4 in tf32). Kernel fusion: the host composes the stencil t times (fused radius
 * R = r t) and the kernel applies the fused stencil once. kernels/transform.h builds the two
 * weight matrices U and L (the upper band and its wrap into the next chunk) and proves them on
 * the CPU; sigma is the plan's exact count.
 *
 * Each warp computes one row segment of M chunks (M = 16 for mma.sync m16n8k8 tf32, 8 for
 * m8n8k4 f64) of n outputs: per K step it gathers its A fragment (stencil2row, straight from the
 * grid through L1) for the chunks and for their right neighbours, and issues two MMAs, one with
 * U and one with L. This first version favours clarity over speed: A is read through L1 and B
 * (U, L) from L1-resident global memory; shared-memory staging and cp.async come next.
 */
#include <stdio.h>
#include <string.h>

#include "kmethod.h"

extern "C" {
#include "transform.h"
}

template <typename T> struct mma_shape;
template <> struct mma_shape<float> { static constexpr int M = 16, N = 8, K = 8; };
template <> struct mma_shape<double> { static constexpr int M = 8, N = 8, K = 4; };

__device__ __forceinline__ unsigned to_tf32(float f)
{
	unsigned r;
	asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(f));
	return r;
}

/* c += a b for one MMA of the shape; a, b hold the fragment's values in the PTX order */
__device__ __forceinline__ void mma(float (&c)[4], const float (&a)[4], const float (&b)[2])
{
	asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
		     "{%8,%9}, {%0,%1,%2,%3};"
		     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
		     : "r"(to_tf32(a[0])), "r"(to_tf32(a[1])), "r"(to_tf32(a[2])), "r"(to_tf32(a[3])),
		       "r"(to_tf32(b[0])), "r"(to_tf32(b[1])));
}

__device__ __forceinline__ void mma(double (&c)[2], const double (&a)[1], const double (&b)[1])
{
	asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
		     : "+d"(c[0]), "+d"(c[1]) : "d"(a[0]), "d"(b[0]));
}

/* fragment element coordinates (PTX mma layouts): A[row][col], B[col][row... k][n], C[row][col] */
template <typename T> struct frag;
template <> struct frag<float> {
	static constexpr int NA = 4, NB = 2, NC = 4;
	__device__ static void a(int lane, int e, int &r, int &c) { r = lane / 4 + (e & 1) * 8; c = lane % 4 + (e >> 1) * 4; }
	__device__ static void b(int lane, int e, int &k, int &n) { k = lane % 4 + e * 4; n = lane / 4; }
	__device__ static void c(int lane, int e, int &r, int &n) { r = lane / 4 + (e >> 1) * 8; n = 2 * (lane % 4) + (e & 1); }
};
template <> struct frag<double> {
	static constexpr int NA = 1, NB = 1, NC = 2;
	__device__ static void a(int lane, int e, int &r, int &c) { (void)e; r = lane / 4; c = lane % 4; }
	__device__ static void b(int lane, int e, int &k, int &n) { (void)e; k = lane % 4; n = lane / 4; }
	__device__ static void c(int lane, int e, int &r, int &n) { r = lane / 4; n = 2 * (lane % 4) + e; }
};

struct cs_args {
	long long origin, pitch, plane;
	int nx, ny, nz, R, n, K, Kpad, rows;
	int segs;                   /* row segments of M n outputs along x */
};

__constant__ int2 c_rowoff[225];   /* (dy, dz) of each footprint row q */

template <typename T>
__global__ void __launch_bounds__(128) convstencil_kernel(const T *__restrict__ in, T *__restrict__ out,
							  const T *__restrict__ U, const T *__restrict__ L,
							  struct cs_args a)
{
	using S = mma_shape<T>;
	using F = frag<T>;
	const int lane = threadIdx.x & 31;
	const long long warp = (long long)blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
	const int seg = (int)(warp % a.segs);
	const long long row = warp / a.segs;
	if (row >= (long long)a.ny * a.nz)
		return;
	const int y = (int)(row % a.ny), z = (int)(row / a.ny);
	const int x0 = seg * S::M * a.n;
	const long long base = a.origin + (long long)z * a.plane + (long long)y * a.pitch;

	for (int nt = 0; nt < a.n / S::N; nt++) {
		T acc[F::NC];
		for (int e = 0; e < F::NC; e++)
			acc[e] = 0;
		for (int ks = 0; ks < a.Kpad / S::K; ks++) {
			T fa[F::NA], fa1[F::NA], fu[F::NB], fl[F::NB];
#pragma unroll
			for (int e = 0; e < F::NA; e++) {
				int r, c;
				F::a(lane, e, r, c);
				const int kk = ks * S::K + c;
				fa[e] = fa1[e] = 0;
				if (kk < a.K) {
					const int q = kk / a.n, i = kk % a.n;
					const int2 o = c_rowoff[q];
					const long long p = base + (long long)o.y * a.plane + (long long)o.x * a.pitch +
							    x0 + r * a.n - a.R + i;
					fa[e] = __ldg(in + p);
					fa1[e] = __ldg(in + p + a.n);
				}
			}
#pragma unroll
			for (int e = 0; e < F::NB; e++) {
				int k, nn;
				F::b(lane, e, k, nn);
				const long long at = (long long)(ks * S::K + k) * a.n + nt * S::N + nn;
				fu[e] = __ldg(U + at);
				fl[e] = __ldg(L + at);
			}
			mma(acc, fa, fu);
			mma(acc, fa1, fl);
		}
#pragma unroll
		for (int e = 0; e < F::NC; e++) {
			int r, nn;
			F::c(lane, e, r, nn);
			const int x = x0 + r * a.n + nt * S::N + nn;
			if (x < a.nx)
				out[base + x] = acc[e];
		}
	}
}

struct cs_state {
	struct flat_plan plan;
	void *d_U, *d_L;
	struct cs_args args;
	char variant[160];
};

static struct cs_state CS;

static const char *cs_supports(const struct method_ctx *c)
{
	int R = c->stencil->radius * c->fusion;
	if (c->dtype != DT_FP64 && c->dtype != DT_TF32)
		return "convstencil runs fp64 (mma.sync f64) and tf32 (fp32 data, tf32 math); use dtype tf32";
	if (R > 7)
		return "convstencil supports a fused radius up to 7";
	if (c->stencil->dims == 3 && R > 3)
		return "convstencil supports 3D fused radius up to 3";
	return NULL;
}

static int cs_setup(struct method_ctx *c, const char **why)
{
	const struct grid *g = c->grid;
	struct dense_weights local = { 0, 0, 0, NULL };
	const struct dense_weights *dw = c->composed;
	int is64 = c->dtype == DT_FP64, M = is64 ? 8 : 16;
	memset(&CS, 0, sizeof(CS));
	if (!dw) {   /* fusion 1: the base weights as a dense kernel */
		if (weights_compose(c->stencil, c->weights, 1, &local) != 0) {
			*why = "cannot build the dense weights";
			return -1;
		}
		dw = &local;
	}
	if (flat_build(dw, 8, is64 ? 4 : 8, &CS.plan) != 0) {
		*why = "cannot build the flattening matrices";
		dense_weights_free(&local);
		return -1;
	}
	dense_weights_free(&local);
	/* weights rounded to the data type, as the reference's */
	size_t cnt = (size_t)CS.plan.Kpad * CS.plan.n, eb = is64 ? 8 : 4;
	void *hu = malloc(cnt * eb), *hl = malloc(cnt * eb);
	for (size_t i = 0; i < cnt; i++) {
		if (is64) {
			((double *)hu)[i] = CS.plan.U[i];
			((double *)hl)[i] = CS.plan.L[i];
		} else {
			((float *)hu)[i] = (float)CS.plan.U[i];
			((float *)hl)[i] = (float)CS.plan.L[i];
		}
	}
	int2 ro[225];
	for (int q = 0; q < CS.plan.rows; q++) {
		int k = 2 * CS.plan.R + 1;
		ro[q].x = g->dims > 1 ? q % k - CS.plan.R : 0;   /* dy */
		ro[q].y = g->dims > 2 ? q / k - CS.plan.R : 0;   /* dz */
	}
	if (cudaMalloc(&CS.d_U, cnt * eb) != cudaSuccess || cudaMalloc(&CS.d_L, cnt * eb) != cudaSuccess ||
	    cudaMemcpy(CS.d_U, hu, cnt * eb, cudaMemcpyHostToDevice) != cudaSuccess ||
	    cudaMemcpy(CS.d_L, hl, cnt * eb, cudaMemcpyHostToDevice) != cudaSuccess ||
	    cudaMemcpyToSymbol(c_rowoff, ro, CS.plan.rows * sizeof(int2)) != cudaSuccess) {
		free(hu);
		free(hl);
		*why = "cannot upload the weight matrices";
		return -1;
	}
	free(hu);
	free(hl);
	CS.args.origin = grid_at(g, 0, 0, 0);
	CS.args.pitch = g->pitch;
	CS.args.plane = g->plane;
	CS.args.nx = (int)g->n[0];
	CS.args.ny = (int)g->n[1];
	CS.args.nz = (int)g->n[2];
	CS.args.R = CS.plan.R;
	CS.args.n = CS.plan.n;
	CS.args.K = CS.plan.K;
	CS.args.Kpad = CS.plan.Kpad;
	CS.args.rows = CS.plan.rows;
	CS.args.segs = (int)((g->n[0] + (long)M * CS.plan.n - 1) / ((long)M * CS.plan.n));
	snprintf(CS.variant, sizeof(CS.variant), "%s, chunks of %d outputs, K %d padded to %d, sigma %.4f",
		 is64 ? "mma.sync m8n8k4 f64" : "mma.sync m16n8k8 tf32", CS.plan.n, CS.plan.K, CS.plan.Kpad,
		 flat_sigma(&CS.plan));
	c->state = &CS;
	return 0;
}

static void cs_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	const long long warps = (long long)CS.args.segs * CS.args.ny * CS.args.nz;
	const unsigned blocks = (unsigned)((warps + 3) / 4);
	if (c->dtype == DT_FP64)
		convstencil_kernel<double><<<blocks, 128, 0, s>>>((const double *)in, (double *)out,
			(const double *)CS.d_U, (const double *)CS.d_L, CS.args);
	else
		convstencil_kernel<float><<<blocks, 128, 0, s>>>((const float *)in, (float *)out,
			(const float *)CS.d_U, (const float *)CS.d_L, CS.args);
}

static void cs_teardown(struct method_ctx *c)
{
	(void)c;
	cudaFree(CS.d_U);
	cudaFree(CS.d_L);
	flat_free(&CS.plan);
}

static const char *cs_variant(const struct method_ctx *c)
{
	(void)c;
	return CS.variant;
}

static double cs_sigma(const struct method_ctx *c)
{
	(void)c;
	return flat_sigma(&CS.plan);
}

extern const struct kernel_method method_convstencil = {
	"convstencil", UNIT_TC, DT_BIT(DT_FP64) | DT_BIT(DT_TF32),
	"flattening with dual tessellation on mma.sync (f64 m8n8k4, tf32 m16n8k8), kernel fusion",
	cs_supports, cs_setup, cs_launch, cs_teardown, "convstencil_kernel", cs_variant, cs_sigma,
};
