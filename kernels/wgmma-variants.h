/*
 * wgmma-variants.h - the :wgmma variants of the tensor-core methods (spider, spider-dense,
 * convstencil, tcstencil). Each lives in its own file built for sm_90a alone
 * (kernels/spider-wgmma.cu and the like, scripts/make/cuda.mk) and is reached through its method's entry points,
 * which hand a configuration whose option is "wgmma" to the variant here: one method, one row of
 * the method table, one name in the CSV (METHOD:wgmma).
 */
#ifndef WGMMA_VARIANTS_H
#define WGMMA_VARIANTS_H

#include <string.h>

#include "kmethod.h"

extern const struct kernel_method spider_wgmma, spider_dense_wgmma, convstencil_wgmma, tcstencil_wgmma;

/* 1 when the configuration asks for the wgmma variant */
static inline int wgmma_asked(const struct method_ctx *c)
{
	return c->option && !strcmp(c->option, "wgmma");
}

/* NULL when this device runs sm_90a code (compute capability 9.0), else why not */
static inline const char *wgmma_supported(const struct method_ctx *c)
{
	if (!c->props || c->props->major != 9 || c->props->minor != 0)
		return "wgmma is sm_90a code: it runs on compute capability 9.0 only";
	return NULL;
}

/*
 * A method's entry points with its wgmma variant behind them: WGMMA_ENTRY(cs, convstencil_wgmma)
 * defines cs_any_supports, cs_any_setup, ... which hand a METHOD:wgmma configuration to the
 * variant and any other to the method's own cs_supports, cs_setup, ...
 */
#define WGMMA_ENTRY(P, V)                                                                              \
	static const char *P##_any_supports(const struct method_ctx *c)                                \
	{                                                                                              \
		return wgmma_asked(c) ? V.supports(c) : P##_supports(c);                               \
	}                                                                                              \
	static int P##_any_setup(struct method_ctx *c, const char **why)                               \
	{                                                                                              \
		return wgmma_asked(c) ? V.setup(c, why) : P##_setup(c, why);                           \
	}                                                                                              \
	static void P##_any_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)    \
	{                                                                                              \
		if (wgmma_asked(c))                                                                    \
			V.launch(c, in, out, s);                                                       \
		else                                                                                   \
			P##_launch(c, in, out, s);                                                     \
	}                                                                                              \
	static void P##_any_teardown(struct method_ctx *c)                                             \
	{                                                                                              \
		if (wgmma_asked(c))                                                                    \
			V.teardown(c);                                                                 \
		else                                                                                   \
			P##_teardown(c);                                                               \
	}                                                                                              \
	static const char *P##_any_variant(const struct method_ctx *c)                                 \
	{                                                                                              \
		return wgmma_asked(c) ? V.variant(c) : P##_variant(c);                                 \
	}                                                                                              \
	static double P##_any_sigma(const struct method_ctx *c)                                        \
	{                                                                                              \
		return wgmma_asked(c) ? V.sigma(c) : P##_sigma(c);                                     \
	}

#endif
