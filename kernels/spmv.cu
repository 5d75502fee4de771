/*
 * spmv.cu - SpMV in fp64 on CSR, y = A x (nongemm Figures 7-10), on CUDA cores and tensor cores:
 *   spmv-cusparse  cusparseSpMV (CUSPARSE_SPMV_ALG_DEFAULT, 32-bit indices, as the DASP artifact
 *                  the paper re-ran calls it); option preprocess: cusparseSpMV_preprocess once,
 *                  as its preprocessing (timed by the driver), the step the original comparison
 *                  left out;
 *   spmv-dasp      the DASP idea written from its description: rows grouped by length into
 *                  blocks of eight (model/matrix.h, the layout built on the host and uploaded as
 *                  its preprocessing), one warp a block, one mma.sync m8n8k4 f64 per
 *                  four entries of each of the eight rows. Lane 4g + t holds entry 4c + t of
 *                  row g as A[g][t] and x at its column as B[t][g], so that D[g][g] accumulates
 *                  row g's sum (the MMA does the products and the four-way reduction; the
 *                  off-diagonal of D is discarded). Rows longer than MMA_LONG_ROW take a block
 *                  alone, dealt out as eight pieces whose sums a warp reduction adds. Unlike
 *                  DASP, short rows are not packed several to an MMA row.
 * The cuSPARSE handle is made once a process, outside every timing.
 */
#include <stdio.h>
#include <string.h>

#include <cusparse.h>

#include "kworkload.h"
#include "ptx.cuh"

extern "C" {
#include "matrix.h"
}

/* ---- spmv-cusparse ------------------------------------------------------------------------ */

struct cs_state {
	cusparseSpMatDescr_t a;
	cusparseDnVecDescr_t x, y;
	void *buf;
};

static cusparseHandle_t cs_handle(void)
{
	static cusparseHandle_t h;
	if (!h && cusparseCreate(&h) != CUSPARSE_STATUS_SUCCESS)
		h = NULL;
	return h;
}

static const char *cs_supports(const char *option, int cc)
{
	(void)option, (void)cc;
	return NULL;
}

#define CS_TRY(call, what)                                                                         \
	do {                                                                                       \
		cusparseStatus_t st_ = (call);                                                     \
		if (st_ != CUSPARSE_STATUS_SUCCESS) {                                              \
			snprintf(why, len, "%s: %s", what, cusparseGetErrorString(st_));           \
			return -1;                                                                 \
		}                                                                                  \
	} while (0)

static int cs_setup(struct wl_problem *p, char *why, size_t len)
{
	const double one = 1, zero = 0;
	const struct csr *m = p->host;
	size_t bytes = 0;
	cusparseHandle_t h = cs_handle();
	struct cs_state *s = (struct cs_state *)calloc(1, sizeof(*s));
	p->priv = s;
	if (!h) {
		snprintf(why, len, "cusparseCreate failed");
		return -1;
	}
	CS_TRY(cusparseCreateCsr(&s->a, m->rows, m->cols, m->nnz, (void *)p->rowptr, (void *)p->col,
				 (void *)p->val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
				 CUDA_R_64F), "cusparseCreateCsr");
	CS_TRY(cusparseCreateDnVec(&s->x, m->cols, (void *)p->x, CUDA_R_64F), "cusparseCreateDnVec");
	CS_TRY(cusparseCreateDnVec(&s->y, m->rows, p->y, CUDA_R_64F), "cusparseCreateDnVec");
	CS_TRY(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s->a, s->x, &zero, s->y,
				       CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, &bytes), "cusparseSpMV_bufferSize");
	if (cudaMalloc(&s->buf, bytes ? bytes : 1) != cudaSuccess) {
		snprintf(why, len, "cannot allocate cuSPARSE's %zu-byte buffer", bytes);
		return -1;
	}
	return 0;
}

/* the option preprocess: cusparseSpMV_preprocess once */
static int cs_preprocess(struct wl_problem *p, char *why, size_t len)
{
	const double one = 1, zero = 0;
	struct cs_state *s = (struct cs_state *)p->priv;
	if (!p->option || strcmp(p->option, "preprocess"))
		return 1;
	CS_TRY(cusparseSpMV_preprocess(cs_handle(), CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s->a, s->x, &zero, s->y,
				       CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, s->buf), "cusparseSpMV_preprocess");
	return 0;
}

static void cs_launch(struct wl_problem *p, cudaStream_t st)
{
	const double one = 1, zero = 0;
	struct cs_state *s = (struct cs_state *)p->priv;
	cusparseHandle_t h = cs_handle();
	cusparseSetStream(h, st);
	if (cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s->a, s->x, &zero, s->y, CUDA_R_64F,
			 CUSPARSE_SPMV_ALG_DEFAULT, s->buf) != CUSPARSE_STATUS_SUCCESS) {
		fprintf(stderr, "stencilbench: cusparseSpMV failed\n");
		exit(4);
	}
}

static void cs_teardown(struct wl_problem *p)
{
	struct cs_state *s = (struct cs_state *)p->priv;
	if (!s)
		return;
	if (s->a)
		cusparseDestroySpMat(s->a);
	if (s->x)
		cusparseDestroyDnVec(s->x);
	if (s->y)
		cusparseDestroyDnVec(s->y);
	cudaFree(s->buf);
	free(s);
	p->priv = NULL;
}

static const char *cs_variant(const char *option)
{
	return option && !strcmp(option, "preprocess")
		       ? "cusparseSpMV, CUSPARSE_SPMV_ALG_DEFAULT, after cusparseSpMV_preprocess"
		       : "cusparseSpMV, CUSPARSE_SPMV_ALG_DEFAULT, no preprocessing";
}

static const struct workload_method spmv_cusparse_method = { "spmv-cusparse", cs_supports, cs_setup, cs_preprocess,
						      cs_launch, cs_teardown, NULL, cs_variant };
WORKLOAD_METHOD(spmv_cusparse_method);

/* ---- spmv-dasp ---------------------------------------------------------------------------- */

#define SP_WARPS 4

/* one warp a block of eight (sub-)rows; two chunks in flight for the loads' latency */
__global__ void __launch_bounds__(32 * SP_WARPS) spmv_dasp_kernel(long blocks, long long_blocks,
								  const long *__restrict__ start,
								  const int *__restrict__ row,
								  const int *__restrict__ col,
								  const double *__restrict__ val,
								  const double *__restrict__ x, double *__restrict__ y)
{
	const int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
	const long b = blockIdx.x * (long)SP_WARPS + (threadIdx.x >> 5);
	if (b >= blocks)
		return;
	const int r = row[8 * b + g];   /* issued early: its latency overlaps the chunks' */
	const long c1 = start[b + 1];
	long c = start[b];
	double d0[2] = { 0, 0 }, d1[2] = { 0, 0 };
	for (; c + 1 < c1; c += 2) {
		const long e = 32 * c + lane;
		const double a0 = __ldcs(val + e), a1 = __ldcs(val + e + 32);
		const int k0 = __ldcs(col + e), k1 = __ldcs(col + e + 32);
		mma_f64_m8n8k4(d0, a0, __ldg(x + k0));
		mma_f64_m8n8k4(d1, a1, __ldg(x + k1));
	}
	if (c < c1) {
		const long e = 32 * c + lane;
		mma_f64_m8n8k4(d0, __ldcs(val + e), __ldg(x + __ldcs(col + e)));
	}
	/* D[g][g] is held by the lane with t = g / 2, as its element g % 2 */
	const int diag = t == (g >> 1);
	double s = diag ? d0[g & 1] + d1[g & 1] : 0.0;
	if (b < long_blocks) {   /* one row dealt out as eight: add the eight sums */
		for (int o = 16; o > 0; o >>= 1)
			s += __shfl_xor_sync(0xffffffffu, s, o);
		if (lane == 0)
			y[r] = s;
	} else if (diag && r >= 0) {
		y[r] = s;
	}
}

struct dasp_state {
	struct mma_layout l;
	long *start;
	int *row, *col;
	double *val;
};

static const char *dasp_supports(const char *option, int cc)
{
	(void)option;
	return cc < 80 ? "mma.sync m8n8k4 f64 needs sm_80" : NULL;
}

/* the preprocessing: the layout built on the host and uploaded (the driver times both) */
static int dasp_preprocess(struct wl_problem *p, char *why, size_t len)
{
	struct dasp_state *s = (struct dasp_state *)calloc(1, sizeof(*s));
	p->priv = s;
	if (mma_layout_build(p->host, &s->l, why, len) != 0)
		return -1;
	const struct mma_layout *l = &s->l;
	const size_t e = (size_t)l->chunks * 32;
	if (cudaMalloc(&s->start, sizeof(long) * (size_t)(l->blocks + 1)) != cudaSuccess ||
	    cudaMalloc(&s->row, sizeof(int) * (size_t)l->blocks * 8) != cudaSuccess ||
	    cudaMalloc(&s->col, sizeof(int) * (e ? e : 1)) != cudaSuccess ||
	    cudaMalloc(&s->val, sizeof(double) * (e ? e : 1)) != cudaSuccess) {
		snprintf(why, len, "cannot allocate the blocked layout (%zu entries)", e);
		return -1;
	}
	cudaMemcpy(s->start, l->start, sizeof(long) * (size_t)(l->blocks + 1), cudaMemcpyHostToDevice);
	cudaMemcpy(s->row, l->row, sizeof(int) * (size_t)l->blocks * 8, cudaMemcpyHostToDevice);
	cudaMemcpy(s->col, l->col, sizeof(int) * e, cudaMemcpyHostToDevice);
	cudaMemcpy(s->val, l->val, sizeof(double) * e, cudaMemcpyHostToDevice);
	p->padded = l->padded;
	return 0;
}

static void dasp_launch(struct wl_problem *p, cudaStream_t st)
{
	struct dasp_state *s = (struct dasp_state *)p->priv;
	const long blocks = s->l.blocks;
	if (blocks)
		spmv_dasp_kernel<<<(unsigned)((blocks + SP_WARPS - 1) / SP_WARPS), 32 * SP_WARPS, 0, st>>>(
			blocks, s->l.long_blocks, s->start, s->row, s->col, s->val, p->x, p->y);
}

static void dasp_teardown(struct wl_problem *p)
{
	struct dasp_state *s = (struct dasp_state *)p->priv;
	if (!s)
		return;
	cudaFree(s->start);
	cudaFree(s->row);
	cudaFree(s->col);
	cudaFree(s->val);
	mma_layout_free(&s->l);
	free(s);
	p->priv = NULL;
}

static const void *dasp_kernel(const char *option)
{
	(void)option;
	return (const void *)spmv_dasp_kernel;
}

static const char *dasp_variant(const char *option)
{
	(void)option;
	return "mma.sync m8n8k4 f64, rows by length in blocks of 8, one warp a block, rows over 256 split in 8";
}

static const struct workload_method spmv_dasp_method = { "spmv-dasp", dasp_supports, NULL, dasp_preprocess, dasp_launch,
						  dasp_teardown, dasp_kernel, dasp_variant };
WORKLOAD_METHOD(spmv_dasp_method);
