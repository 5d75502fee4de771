/*
 * method.h - the one table of methods: for each, the unit that runs it, its family (the papers'
 * CUDA-core, tensor-core and sparse tensor-core methods), the data types and variants it runs,
 * whether it fuses time steps, and how its transformation sets sigma, the fraction of the work its
 * MMA instructions process that is useful (tcs eq. 2). Everything else derives from it: the
 * runner's registry (kernels/registry.cu refuses a kernel without a row), its usage text, the
 * renderer's method lists and the verdicts' groups of baselines, the tests' lists of methods
 * (tests/test_tables.c finds any kept beside it) and make smoke's list (which must hold every
 * method and variant). Used by every table and figure.
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

/* the longest text a kernel's `variant` (what ran: tile, instruction, library algorithm) may be,
 * its terminator included: the buffers of the kernels and of a run's record (profiling/runcsv.h) */
#define METHOD_VARIANT_MAX 256

#define DT_BIT(d) (1u << (d))

struct model_method {
	const char *name;
	enum unit unit;        /* the unit it runs on by default */
	enum unit family;      /* the papers' class: CUDA-core, tensor-core or sparse tensor-core
				* method (spider-dense is SPIDER's method on dense tensor cores) */
	unsigned dtypes;       /* DT_BIT(DT_FP32) | ...: the data types its kernel runs */
	/* the variants METHOD:OPTION selects besides the default, space-separated ("m16n8k8
	 * m16n8k16"), or NULL (model/experiment.h walks and checks them) */
	const char *options;
	int one_step;          /* 1: one time step per launch, no temporal fusion (naive, cudnn) */
	const char *sigma_rule;
	/*
	 * sigma for stencil s fused t times in dtype dt, or a negative value with a reason in why
	 * when the method's transformation does not apply.
	 */
	double (*sigma)(const struct stencil *s, int t, enum dtype dt, const char **why);
	/* the file under kernels/ that defines its kernel (its default and the variants kept there):
	 * a change to that file makes only this method's rows stale (plots/records/stale.c) */
	const char *kernel;
	/* the papers' authors' artifact it is compared with (make kernels-vs-authors), whose weights and
	 * input model/regime.c keeps for the artifact data regime; NULL: none */
	const char *artifact;
	/* the other files under kernels/ that only its rows depend on, space-separated (a change to one
	 * makes only its rows stale, as its kernel file does); NULL: none */
	const char *own_files;
};

extern const struct model_method model_methods[];
extern const size_t model_method_count;
const struct model_method *model_method_find(const char *name);
/* every method's name, NULL-terminated (the lists the experiment parser accepts) */
const char *const *model_method_names(void);
/* the methods of one family, NULL-terminated (the verdicts' groups of baselines) */
const char *const *model_method_family(enum unit family);

/* The MMA reduction size k that SPIDER pads its banded matrices to, by data type (0: none). */
int spider_k(enum dtype dt);
/* MACs an MMA-based method processes per output point (dense-equivalent), or -1. */
double tcstencil_processed_per_point(int dims, int fused_radius);
double spider_processed_per_point(int dims, int fused_radius, enum dtype dt);
/* lorastencil's MMA MACs a point for one rank-1 term whose vertical band spans span + 1 rows (2R + 1
 * at fused radius R; fp64 m16n8k4 or tf32 m16n8k8): the method table's rule and the kernel's own
 * sigma both count with it */
double lorastencil_term_macs(int span, enum dtype dt);

#ifdef __cplusplus
}
#endif
#endif
