/*
 * method.h - the methods as the model sees them: which unit runs them and how each one's
 * transformation sets sigma, the fraction of the work its MMA instructions process that is
 * useful (tcs eq. 2). The run-time kernel registry (kernels/) refers to these by name.
 * Used by the F/Q/I columns of tcs Tables 2-4 and every model line in the figures.
 */
#ifndef METHOD_H
#define METHOD_H

#include <stddef.h>

#include "stencil.h"

#ifdef __cplusplus
extern "C" {
#endif

enum unit { UNIT_CC, UNIT_TC, UNIT_SPTC, UNIT_COUNT };

const char *unit_name(enum unit u);
int unit_find(const char *name, enum unit *u);

/* TCStencil's tile: L x L matrices (tcstencil paper, sptc section 2.3). */
#define TCSTENCIL_L 16

struct model_method {
	const char *name;
	enum unit unit;        /* the unit it runs on by default */
	int one_step;          /* 1: one time step per launch, no temporal fusion (naive, cudnn) */
	const char *sigma_rule;
	/*
	 * sigma for stencil s fused t times in dtype dt, or a negative value with a reason in why
	 * when the method's transformation does not apply.
	 */
	double (*sigma)(const struct stencil *s, int t, enum dtype dt, const char **why);
};

extern const struct model_method model_methods[];
extern const size_t model_method_count;
const struct model_method *model_method_find(const char *name);

/* The MMA reduction size k that SPIDER pads its banded matrices to, by data type (0: none). */
int spider_k(enum dtype dt);
/* MACs an MMA-based method processes per output point (dense-equivalent), or -1. */
double tcstencil_processed_per_point(int dims, int fused_radius);
double spider_processed_per_point(int dims, int fused_radius, enum dtype dt);

#ifdef __cplusplus
}
#endif
#endif
