/*
 * method.c - the model's method table and the sigma rules of each transformation. See method.h.
 *
 * sigma = useful MACs per output point (K_fused, the fused stencil's points) over the MACs that
 * the method's MMA instructions process per output point, padding included:
 *   naive, ebisu, cudnn  CUDA cores, no padding: sigma = 1.
 *   convstencil          dual tessellation: two triangular weight matrices, half zeros: 0.5.
 *   tcstencil            each of the 2R+1 kernel rows (per plane) is an L x L banded matrix that
 *                        updates (L-2R)^2 points with L^3 MACs: sigma = K_fused / ((2R+1)^(d-1)
 *                        L^3 / (L-2R)^2), L = 16.
 *   lorastencil          W = sum of rank-1 terms s u v^T; each term is two banded m8n8k4 products on
 *                        an 8 x 8 tile (12 MMAs of 256 MACs for 64 points): sigma = K_fused / (48
 *                        rank), rank 2R+1 for the harness's random weights.
 *   flashfftstencil      16 x 16 patches through the 16-point DFT: two T x T tiles (T = 16 - 2R) a
 *                        complex patch, 16 real 16^3 products (128 m16n8k4 MMAs, 65536 MACs) a
 *                        pair: sigma = K_fused 2 T^2 / 65536.
 *   spider, -dense       each kernel row is a banded matrix of L = 2R+2 rows by 2R+L = 4R+2
 *                        columns, padded to the instruction's k: every output point costs
 *                        roundup(4R+2, k) MACs per kernel row, so sigma = K_fused /
 *                        ((2R+1)^(d-1) roundup(4R+2, k)); 15/32 for box R = 7.
 */
#include "method.h"

#include <string.h>

static const char *const unit_names[UNIT_COUNT] = { "cc", "tc", "sptc" };

const char *unit_name(enum unit u)
{
	return u < UNIT_COUNT ? unit_names[u] : "?";
}

int unit_find(const char *name, enum unit *u)
{
	for (int i = 0; i < UNIT_COUNT; i++)
		if (name && strcmp(name, unit_names[i]) == 0) {
			*u = (enum unit)i;
			return 0;
		}
	return -1;
}

static double ipow(long b, int e)
{
	double r = 1;
	while (e-- > 0)
		r *= (double)b;
	return r;
}

static double sigma_one(const struct stencil *s, int t, enum dtype dt, const char **why)
{
	(void)s, (void)t, (void)dt, (void)why;
	return 1.0;
}

static double sigma_convstencil(const struct stencil *s, int t, enum dtype dt, const char **why)
{
	(void)s, (void)t;
	if (dt == DT_FP16) {
		*why = "convstencil runs fp64 and tf32 (fp32 data), not fp16";
		return -1;
	}
	return 0.5;
}

int spider_k(enum dtype dt)
{
	switch (dt) {
	case DT_FP64: return 4;   /* dense mma.sync m8n8k4 f64; there is no sparse fp64 MMA */
	case DT_FP32:
	case DT_TF32: return 8;   /* mma(.sp) m16n8k8 tf32 */
	case DT_FP16: return 16;  /* mma(.sp) m16n8k16 f16 */
	default: return 0;
	}
}

double tcstencil_processed_per_point(int dims, int R)
{
	int L = TCSTENCIL_L;
	if (dims < 2 || L - 2 * R <= 0)
		return -1;
	return ipow(2 * R + 1, dims - 1) * ipow(L, 3) / ipow(L - 2 * R, 2);
}

double spider_processed_per_point(int dims, int R, enum dtype dt)
{
	int k = spider_k(dt), cols = 4 * R + 2;
	if (k <= 0)
		return -1;
	return ipow(2 * R + 1, dims - 1) * (double)((cols + k - 1) / k * k);
}

static double sigma_tcstencil(const struct stencil *s, int t, enum dtype dt, const char **why)
{
	int R = s->radius * t;
	double p = tcstencil_processed_per_point(s->dims, R);
	(void)dt;
	if (s->dims < 2) {
		*why = "tcstencil's L x L decomposition needs a 2D or 3D stencil";
		return -1;
	}
	if (p < 0) {
		*why = "tcstencil needs a fused radius r*t below L/2 = 8";
		return -1;
	}
	return (double)stencil_fused_points(s, t) / p;
}

static double sigma_spider(const struct stencil *s, int t, enum dtype dt, const char **why)
{
	double p = spider_processed_per_point(s->dims, s->radius * t, dt);
	if (p < 0) {
		*why = "spider has no MMA shape for this data type";
		return -1;
	}
	return (double)stencil_fused_points(s, t) / p;
}

#define FP64_32 (DT_BIT(DT_FP64) | DT_BIT(DT_FP32))
#define TF32_16 (DT_BIT(DT_TF32) | DT_BIT(DT_FP16))
/* lorastencil: each (2R+1)^2 plane of the fused kernel (one in 2D, 2R+1 in 3D) as rank-1 terms of
 * full rank 2R+1 (random weights; the kernel reports its own terms': R for the sym pyramid, R + 1
 * where sym weights take the SVD), each term 5 nks + h MMAs for 512 points (lorastencil_kernel16):
 * fp64 m16n8k4 (512 MACs, K steps of 4 rows, h = 16), tf32 m16n8k8 (1024 MACs, 8 rows, h = 8),
 * nks = ceil((16 + span) / rows), span the rows of the term's vertical band less one (2R; the 2D
 * kernel's pyramid terms, shorter) */
double lorastencil_term_macs(int span, enum dtype dt)
{
	const int rows = dt == DT_TF32 ? 8 : 4, h = dt == DT_TF32 ? 8 : 16, macs = dt == DT_TF32 ? 1024 : 512;
	return (5.0 * ((16 + span + rows - 1) / rows) + h) * macs / 512;
}

static double sigma_lorastencil(const struct stencil *s, int t, enum dtype dt, const char **why)
{
	int R = s->radius * t;
	if (s->dims < 2 || (dt != DT_FP64 && dt != DT_TF32) || R > 4) {
		*why = "lorastencil runs 2D and 3D fp64 and tf32 kernels of fused radius up to 4";
		return -1;
	}
	const double per_term = lorastencil_term_macs(2 * R, dt);
	const int terms = (2 * R + 1) * (s->dims == 3 ? 2 * R + 1 : 1);
	return (double)stencil_fused_points(s, t) / (per_term * terms);
}

/* flashfftstencil: 2 T^2 outputs of the fused kernel per 65536 issued MACs, T = 16 - 2R (fp64:
 * 128 m16n8k4, tf32: 64 m16n8k8 MMAs a pair of tiles) */
static double sigma_flashfftstencil(const struct stencil *s, int t, enum dtype dt, const char **why)
{
	int R = s->radius * t, T = 16 - 2 * R;
	if (s->dims != 2 || (dt != DT_FP64 && dt != DT_TF32) || R > 6) {
		*why = "flashfftstencil runs 2D fp64 and tf32 kernels of fused radius up to 6";
		return -1;
	}
	return (double)stencil_fused_points(s, t) * 2 * T * T / 65536.0;
}

const struct model_method model_methods[] = {
	{ "naive", UNIT_CC, UNIT_CC, FP64_32, NULL, 1, "1 (CUDA cores, one step per launch)", sigma_one,
	  "kernels/naive.cu", NULL, NULL },
	{ "ebisu", UNIT_CC, UNIT_CC, FP64_32, "tile grid", 0, "1 (CUDA cores, temporal blocking)", sigma_one,
	  "kernels/ebisu.cu", "EBISU", NULL },
	{ "cudnn", UNIT_CC, UNIT_CC, FP64_32, NULL, 1, "1 (cuDNN convolution, one step per call)",
	  sigma_one, "kernels/cudnn.cu", NULL, NULL },
	{ "jacobi-naive", UNIT_CC, UNIT_CC, FP64_32, "unpadded", 1, "1 (CUDA cores, the fermi paper's naive 3D Jacobi)",
	  sigma_one, "kernels/jacobi-naive.cu", NULL, NULL },
	{ "plane-sweep", UNIT_CC, UNIT_CC, FP64_32, "unpadded", 1, "1 (CUDA cores, the fermi paper's cached plane sweep)",
	  sigma_one, "kernels/plane-sweep.cu", NULL, NULL },
	{ "wavefront", UNIT_CC, UNIT_CC, FP64_32, "unpadded", 0, "1 (CUDA cores, the fermi paper's two-step wavefront)",
	  sigma_one, "kernels/wavefront.cu", NULL, NULL },
	{ "convstencil", UNIT_TC, UNIT_TC, DT_BIT(DT_FP64) | DT_BIT(DT_TF32),
	  "m8n8k4 m16n8k4 m16n8k8 m16n8k16 wgmma", 0, "0.5 (dual tessellation: triangular weight matrices)",
	  sigma_convstencil, "kernels/convstencil.cu", "ConvStencil", NULL },
	{ "lorastencil", UNIT_TC, UNIT_TC, DT_BIT(DT_FP64) | DT_BIT(DT_TF32), "sym", 0,
	  "K_fused / ((5 nks + h) MACs/512 terms), terms (2R+1)^(d-1) for random weights", sigma_lorastencil,
	  "kernels/lorastencil.cu", "LoRAStencil",
	  "kernels/lowrank.c kernels/lowrank.h" },
	{ "flashfftstencil", UNIT_TC, UNIT_TC, DT_BIT(DT_FP64) | DT_BIT(DT_TF32), NULL, 0,
	  "K_fused 2 T^2 / 65536, T = 16 - 2R (16-point DFT tiles)", sigma_flashfftstencil,
	  "kernels/flashfftstencil.cu", "FlashFFTStencil", NULL },
	{ "tcstencil", UNIT_TC, UNIT_TC, DT_BIT(DT_FP16), "f16acc wgmma", 0,
	  "K_fused / ((2R+1)^(d-1) L^3/(L-2R)^2), L=16", sigma_tcstencil, "kernels/tcstencil.cu", "TCStencil", NULL },
	{ "spider", UNIT_SPTC, UNIT_SPTC, TF32_16, "f16acc L16 wgmma", 0,
	  "K_fused / ((2R+1)^(d-1) roundup(4R+2,k)), k by dtype", sigma_spider, "kernels/spider.cu", "SPIDER",
	  "kernels/sparse.c kernels/sparse.h kernels/spider-wgmma.cu" },
	{ "spider-dense", UNIT_TC, UNIT_SPTC, TF32_16, "f16acc L16 wgmma", 0, "as spider, on dense tensor cores",
	  sigma_spider, "kernels/spider.cu", "SPIDER",
	  "kernels/sparse.c kernels/sparse.h kernels/spider-wgmma.cu" },
};
const size_t model_method_count = sizeof(model_methods) / sizeof(model_methods[0]);

const struct model_method *model_method_find(const char *name)
{
	for (size_t i = 0; i < model_method_count; i++)
		if (name && strcmp(model_methods[i].name, name) == 0)
			return &model_methods[i];
	return NULL;
}

const char *const *model_method_names(void)
{
	static const char *names[sizeof(model_methods) / sizeof(model_methods[0]) + 1];
	for (size_t i = 0; i < model_method_count; i++)
		names[i] = model_methods[i].name;
	return names;
}

const char *const *model_method_family(enum unit family)
{
	static const char *names[UNIT_COUNT][sizeof(model_methods) / sizeof(model_methods[0]) + 1];
	static const char *const none[1] = { NULL };
	size_t n = 0;
	if (family >= UNIT_COUNT)
		return none;
	for (size_t i = 0; i < model_method_count; i++)
		if (model_methods[i].family == family)
			names[family][n++] = model_methods[i].name;
	names[family][n] = NULL;
	return names[family];
}
