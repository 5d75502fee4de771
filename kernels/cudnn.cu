/*
 * cudnn.cu - the `cudnn` method: one time step per call of cudnnConvolutionForward in
 * cross-correlation mode (fp32 and fp64), the vendor-library baseline of tcs Figure 16 and sptc
 * Figure 9. The input tensor is the grid with its ghost ring (strided by the grid's row pitch),
 * the output tensor the interior, no padding: so a call is exactly one step of the harness's
 * boundary rule. Star stencils run as their bounding box with zero weights (cuDNN has no sparse
 * filters), which the measured F shows. The algorithm is chosen once per configuration and
 * recorded in the CSV's `variant` column: every one cudnnFindConvolutionForwardAlgorithm returns
 * is timed again on the grid's own strided layout and the fastest there is taken (Find times its
 * own packed buffers, and on the grid's layout an algorithm can run far slower than Find says:
 * IMPLICIT_PRECOMP_GEMM on box1d2r fp32, 10^7 points, 0.11 ms in Find and 1.6 ms here). The
 * workspace is allocated once.
 *
 * libcudnn is opened at run time (dlopen), so the binary runs where cuDNN is missing and reports
 * the method as skipped there; without cudnn.h at build time the method is built as skipped too.
 */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "kmethod.h"

#if __has_include(<cudnn.h>)
#define HAVE_CUDNN 1
#pragma nv_diag_suppress 1444   /* the legacy convolution API is marked deprecated in cuDNN 9 */
#include <cudnn.h>
#endif

#ifdef HAVE_CUDNN

/* the cuDNN functions used, resolved from the library at run time */
#define CUDNN_FNS(X) X(cudnnCreate) X(cudnnDestroy) X(cudnnSetStream) X(cudnnGetVersion) \
	X(cudnnGetErrorString) X(cudnnCreateTensorDescriptor) X(cudnnSetTensorNdDescriptor) \
	X(cudnnDestroyTensorDescriptor) X(cudnnCreateFilterDescriptor) X(cudnnSetFilterNdDescriptor) \
	X(cudnnDestroyFilterDescriptor) X(cudnnCreateConvolutionDescriptor) \
	X(cudnnSetConvolutionNdDescriptor) X(cudnnDestroyConvolutionDescriptor) \
	X(cudnnFindConvolutionForwardAlgorithm) X(cudnnGetConvolutionForwardWorkspaceSize) \
	X(cudnnConvolutionForward)

static struct {
	int tried, ok;
	char why[160];
#define FN(name) decltype(&::name) name;
	CUDNN_FNS(FN)
#undef FN
} L;

static int cudnn_open(void)
{
	void *h;
	if (L.tried)
		return L.ok;
	L.tried = 1;
	if (!(h = dlopen("libcudnn.so.9", RTLD_NOW | RTLD_GLOBAL)) && !(h = dlopen("libcudnn.so", RTLD_NOW | RTLD_GLOBAL))) {
		snprintf(L.why, sizeof(L.why), "libcudnn not found (%s)", dlerror());
		return 0;
	}
#define FN(name) if (!(*(void **)&L.name = dlsym(h, #name))) { \
		snprintf(L.why, sizeof(L.why), "libcudnn lacks %s", #name); return 0; }
	CUDNN_FNS(FN)
#undef FN
	L.ok = 1;
	return 1;
}

static const char *algo_name(cudnnConvolutionFwdAlgo_t a)
{
	switch (a) {
	case CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM: return "IMPLICIT_GEMM";
	case CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM: return "IMPLICIT_PRECOMP_GEMM";
	case CUDNN_CONVOLUTION_FWD_ALGO_GEMM: return "GEMM";
	case CUDNN_CONVOLUTION_FWD_ALGO_DIRECT: return "DIRECT";
	case CUDNN_CONVOLUTION_FWD_ALGO_FFT: return "FFT";
	case CUDNN_CONVOLUTION_FWD_ALGO_FFT_TILING: return "FFT_TILING";
	case CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD: return "WINOGRAD";
	case CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED: return "WINOGRAD_NONFUSED";
	default: return "unknown";
	}
}

struct cd_state {
	cudnnHandle_t h;
	cudnnTensorDescriptor_t x, y;
	cudnnFilterDescriptor_t w;
	cudnnConvolutionDescriptor_t conv;
	cudnnConvolutionFwdAlgo_t algo;
	void *d_w, *ws;
	size_t ws_size;
	char variant[METHOD_VARIANT_MAX];
};

static struct cd_state S;

static const char *cudnn_supports(const struct method_ctx *c)
{
	if (c->fusion != 1)
		return "cudnn does one time step per call (fusion 1)";
	if (!cudnn_open())
		return L.why;
	return NULL;
}

#define CK(call, what) do { cudnnStatus_t st_ = (call); if (st_ != CUDNN_STATUS_SUCCESS) { \
		snprintf(S.variant, sizeof(S.variant), "%s: %s", what, L.cudnnGetErrorString(st_)); \
		*why = S.variant; return -1; } } while (0)

/* one forward call of algorithm a on x -> y (the launch's own arguments) */
static cudnnStatus_t forward(const struct method_ctx *c, const void *x, void *y, cudnnConvolutionFwdAlgo_t a,
			     void *ws, size_t ws_size)
{
	const double one64 = 1, zero64 = 0;
	const float one32 = 1, zero32 = 0;
	const void *alpha = c->dtype == DT_FP64 ? (const void *)&one64 : (const void *)&one32;
	const void *beta = c->dtype == DT_FP64 ? (const void *)&zero64 : (const void *)&zero32;
	return L.cudnnConvolutionForward(S.h, alpha, S.x, x, S.w, S.d_w, S.conv, a, ws, ws_size, beta, S.y, y);
}

/* the median of 5 timed calls of algorithm a after one untimed, on grid-sized buffers at the
 * launch's offsets (ms); +inf when it fails or its workspace cannot be had */
static float time_algo(const struct method_ctx *c, const char *x, char *y, cudnnConvolutionFwdAlgo_t a)
{
	size_t ws_size = 0;
	void *ws = NULL;
	float t[5], inf = INFINITY;
	cudaEvent_t e0, e1;
	if (L.cudnnGetConvolutionForwardWorkspaceSize(S.h, S.x, S.w, S.conv, S.y, a, &ws_size) != CUDNN_STATUS_SUCCESS ||
	    (ws_size && cudaMalloc(&ws, ws_size) != cudaSuccess))
		return inf;
	cudaEventCreate(&e0);
	cudaEventCreate(&e1);
	int ok = forward(c, x, y, a, ws, ws_size) == CUDNN_STATUS_SUCCESS;
	for (int i = 0; ok && i < 5; i++) {
		cudaEventRecord(e0, 0);
		ok = forward(c, x, y, a, ws, ws_size) == CUDNN_STATUS_SUCCESS;
		cudaEventRecord(e1, 0);
		ok = ok && cudaEventSynchronize(e1) == cudaSuccess && cudaEventElapsedTime(&t[i], e0, e1) == cudaSuccess;
	}
	cudaEventDestroy(e0);
	cudaEventDestroy(e1);
	if (ws)
		cudaFree(ws);
	if (!ok)
		return inf;
	for (int i = 1; i < 5; i++)   /* insertion sort of five */
		for (int j = i; j > 0 && t[j] < t[j - 1]; j--) {
			float u = t[j];
			t[j] = t[j - 1];
			t[j - 1] = u;
		}
	return t[2];
}

/* of Find's algorithms, the fastest on the grid's layout (time_algo): its index in perf, or -1 */
static int fastest_here(const struct method_ctx *c, const cudnnConvolutionFwdAlgoPerf_t *perf, int found,
			float *ms)
{
	const struct grid *g = c->grid;
	size_t eb = dtype_table[c->dtype].bytes, bytes = (size_t)(g->total + GRID_SLACK) * eb;
	char *in = NULL, *out = NULL;
	int best = -1;
	if (cudaMalloc(&in, bytes) != cudaSuccess || cudaMalloc(&out, bytes) != cudaSuccess) {
		cudaFree(in);
		return -1;
	}
	cudaMemset(in, 0, bytes);
	const char *x = in + (size_t)grid_at(g, -g->halo, g->dims > 1 ? -g->halo : 0, g->dims > 2 ? -g->halo : 0) * eb;
	char *y = out + (size_t)grid_at(g, 0, 0, 0) * eb;
	for (int i = 0; i < found; i++) {
		if (perf[i].status != CUDNN_STATUS_SUCCESS)
			continue;
		float t = time_algo(c, x, y, perf[i].algo);
		if (isfinite(t) && (best < 0 || t < *ms)) {
			best = i;
			*ms = t;
		}
	}
	cudaFree(in);
	cudaFree(out);
	cudaGetLastError();   /* a failed candidate's error is not the run's */
	return best;
}

static int cudnn_setup(struct method_ctx *c, const char **why)
{
	const struct grid *g = c->grid;
	const struct stencil *st = c->stencil;
	const int d = st->dims < 2 ? 2 : st->dims, r = st->radius, side = 2 * r + 1;
	const cudnnDataType_t dt = c->dtype == DT_FP64 ? CUDNN_DATA_DOUBLE : CUDNN_DATA_FLOAT;
	int xdim[5], xstr[5], ydim[5], ystr[5], wdim[5], pads[3] = { 0, 0, 0 }, ones[3] = { 1, 1, 1 };
	long nw = 1;

	memset(&S, 0, sizeof(S));
	CK(L.cudnnCreate(&S.h), "cudnnCreate");
	/* N, C, then the spatial extents slowest first: (z,) y, x; 1D runs as 2D with one row */
	long ext[3] = { g->ext[0], g->dims > 1 ? g->ext[1] : 1, g->ext[2] };
	long n[3] = { g->n[0], g->dims > 1 ? g->n[1] : 1, g->n[2] };
	long pitch = g->pitch, plane = g->dims > 1 ? g->plane : g->pitch;
	xdim[0] = ydim[0] = wdim[0] = 1;
	xdim[1] = ydim[1] = wdim[1] = 1;
	for (int k = 0; k < d; k++) {
		int axis = d - 1 - k;             /* k = 0 is the slowest spatial dimension */
		xdim[2 + k] = (int)ext[axis];
		ydim[2 + k] = (int)n[axis];
		wdim[2 + k] = (st->dims == 1 && axis == 1) ? 1 : side;
		long stride = axis == 0 ? 1 : axis == 1 ? pitch : plane;
		xstr[2 + k] = ystr[2 + k] = (int)stride;
		nw *= wdim[2 + k];
	}
	xstr[1] = xstr[0] = (int)(xdim[2] * (long)xstr[2]);
	ystr[1] = ystr[0] = (int)(ydim[2] * (long)ystr[2]);
	CK(L.cudnnCreateTensorDescriptor(&S.x), "tensor descriptor");
	CK(L.cudnnCreateTensorDescriptor(&S.y), "tensor descriptor");
	CK(L.cudnnSetTensorNdDescriptor(S.x, dt, d + 2, xdim, xstr), "input tensor");
	CK(L.cudnnSetTensorNdDescriptor(S.y, dt, d + 2, ydim, ystr), "output tensor");
	CK(L.cudnnCreateFilterDescriptor(&S.w), "filter descriptor");
	CK(L.cudnnSetFilterNdDescriptor(S.w, dt, CUDNN_TENSOR_NCHW, d + 2, wdim), "filter");
	CK(L.cudnnCreateConvolutionDescriptor(&S.conv), "convolution descriptor");
	CK(L.cudnnSetConvolutionNdDescriptor(S.conv, d, pads, ones, ones, CUDNN_CROSS_CORRELATION, dt),
	   "convolution");

	/* the filter is the dense base weights as they are: (2r+1)^d, x fastest, zeros off a star's
	 * arms; filter index k is offset k - r (a 1D filter is one row of a 2D one) */
	const double *hw = c->base->w;
	size_t eb = dtype_table[c->dtype].bytes;
	if (cudaMalloc(&S.d_w, (size_t)nw * eb) != cudaSuccess) {
		*why = "cannot allocate the filter";
		return -1;
	}
	if (c->dtype == DT_FP64) {
		cudaMemcpy(S.d_w, hw, (size_t)nw * 8, cudaMemcpyHostToDevice);
	} else {
		float *hf = (float *)malloc((size_t)nw * 4);
		for (long i = 0; i < nw; i++)
			hf[i] = (float)hw[i];
		cudaMemcpy(S.d_w, hf, (size_t)nw * 4, cudaMemcpyHostToDevice);
		free(hf);
	}

	cudnnConvolutionFwdAlgoPerf_t perf[CUDNN_CONVOLUTION_FWD_ALGO_COUNT];
	int found = 0;
	CK(L.cudnnFindConvolutionForwardAlgorithm(S.h, S.x, S.w, S.conv, S.y,
						   CUDNN_CONVOLUTION_FWD_ALGO_COUNT, &found, perf),
	   "cudnnFindConvolutionForwardAlgorithm");
	float here = 0;
	int best = fastest_here(c, perf, found, &here);
	if (best < 0) {
		*why = "cuDNN has no algorithm for this convolution";
		return -1;
	}
	S.algo = perf[best].algo;
	CK(L.cudnnGetConvolutionForwardWorkspaceSize(S.h, S.x, S.w, S.conv, S.y, S.algo, &S.ws_size),
	   "workspace size");
	if (S.ws_size && cudaMalloc(&S.ws, S.ws_size) != cudaSuccess) {
		*why = "cannot allocate the cuDNN workspace";
		return -1;
	}
	snprintf(S.variant, sizeof(S.variant), "cuDNN %zu algo %s (%.3f ms in Find, %.3f ms on the grid), "
		 "workspace %zu B", L.cudnnGetVersion(), algo_name(S.algo), perf[best].time, here, S.ws_size);
	c->state = &S;
	return 0;
}

static void cudnn_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	const struct grid *g = c->grid;
	size_t eb = dtype_table[c->dtype].bytes;
	/* the input starts at the ring's corner, the output at the interior's */
	const char *x = (const char *)in + (size_t)grid_at(g, -g->halo, g->dims > 1 ? -g->halo : 0,
							  g->dims > 2 ? -g->halo : 0) * eb;
	char *y = (char *)out + (size_t)grid_at(g, 0, 0, 0) * eb;
	L.cudnnSetStream(S.h, s);
	cudnnStatus_t st = forward(c, x, y, S.algo, S.ws, S.ws_size);
	if (st != CUDNN_STATUS_SUCCESS) {
		fprintf(stderr, "stencilbench: error: cudnnConvolutionForward: %s\n", L.cudnnGetErrorString(st));
		exit(EXIT_ERROR);
	}
}

static void cudnn_teardown(struct method_ctx *c)
{
	(void)c;
	if (S.ws)
		cudaFree(S.ws);
	if (S.d_w)
		cudaFree(S.d_w);
	L.cudnnDestroyTensorDescriptor(S.x);
	L.cudnnDestroyTensorDescriptor(S.y);
	L.cudnnDestroyFilterDescriptor(S.w);
	L.cudnnDestroyConvolutionDescriptor(S.conv);
	L.cudnnDestroy(S.h);
	memset(&S, 0, sizeof(S));
}

static const char *cudnn_variant(const struct method_ctx *c)
{
	(void)c;
	return S.variant;
}

#else   /* built without cudnn.h */

static const char *cudnn_supports(const struct method_ctx *c)
{
	(void)c;
	return "built without cuDNN (cudnn.h not found at build time)";
}
static int cudnn_setup(struct method_ctx *c, const char **why) { (void)c; *why = "no cuDNN"; return -1; }
static void cudnn_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	(void)c, (void)in, (void)out, (void)s;
}
static void cudnn_teardown(struct method_ctx *c) { (void)c; }
static const char *cudnn_variant(const struct method_ctx *c) { (void)c; return ""; }

#endif

extern const struct kernel_method method_cudnn = {
	"cudnn",
	"cudnnConvolutionForward, cross-correlation, fastest algorithm found once per configuration",
	cudnn_supports, cudnn_setup, cudnn_launch, cudnn_teardown, "",
	cudnn_variant, NULL,
};
KERNEL_METHOD(method_cudnn);
