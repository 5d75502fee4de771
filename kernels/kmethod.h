/*
 * kmethod.h - the run-time registry of GPU methods: one small .cu file per method, each defining
 * one `struct kernel_method` with a uniform entry point, all listed in kernels/registry.cu.
 *
 * The shared driver (profiling/stencilbench.cu) gives a method one configuration at a time: the
 * stencil, fusion depth t, data type, the grid (layout and ghost ring, model/grid.h) and the
 * dtype-rounded weights (base and t-fold composed). A configuration the method cannot run is
 * reported as skipped with the reason its `supports` returns. Kernels include nothing from
 * profiling/: the runner hands them the device's properties here, and checks their launches
 * (cudaGetLastError after each). Every measured row of every table
 * and figure goes through this interface. A method is its .cu file (which registers itself with
 * KERNEL_METHOD) and its row in the method table, model/method.c.
 */
#ifndef KMETHOD_H
#define KMETHOD_H

#include <cuda_runtime.h>

#include "grid.h"
#include "method.h"
#include "stencil.h"

struct method_ctx {
	const struct stencil *stencil;
	int fusion;
	enum dtype dtype;
	const struct grid *grid;
	const struct weights *weights;          /* base weights, dtype-rounded */
	const struct dense_weights *base;       /* the same, dense over (2r+1)^d (dense_weights_index) */
	const struct dense_weights *composed;   /* t-fold composed weights, dense (t = 1: = base) */
	const char *option;                     /* the variant asked for (METHOD:OPTION), "" for default */
	void *state;                            /* owned by the method between setup and teardown */
	const cudaDeviceProp *props;            /* the device the runner opened (SMs, compute capability) */
};

/* Buffers carry this many elements past the grid's last one: a kernel's register window may read
 * (and never use) up to this far beyond the last row. */
#define GRID_SLACK 4096

struct kernel_method {
	/* the method table's row of the same name (model/method.h) gives its unit, data types,
	 * variants, fusion and sigma rule: kernel_registry_check() refuses a kernel without one */
	const char *name;
	const char *summary;
	/* NULL when the configuration runs, else why not (reported as skipped) */
	const char *(*supports)(const struct method_ctx *c);
	/* upload weights and whatever else the launches need: 0, or -1 with a reason in why */
	int (*setup)(struct method_ctx *c, const char **why);
	/* one launch: advance `fusion` steps from in to out (interior only) on stream s */
	void (*launch)(struct method_ctx *c, const void *in, void *out, cudaStream_t s);
	void (*teardown)(struct method_ctx *c);
	/* the kernel's name as profilers show it (for ncu's -k filter) */
	const char *kernel_name;
	/* what ran, for the CSV's `variant` column (tile, instruction, library algorithm); may be NULL */
	const char *(*variant)(const struct method_ctx *c);
	/* the method's exact sigma for this configuration (after setup), or NULL: the model's rule */
	double (*sigma)(const struct method_ctx *c);
};


/* Each method's .cu file registers its one kernel_method with KERNEL_METHOD(object) after defining
 * it; the registry (kernels/registry.cu) lists them in the method table's order. */
int kernel_register(const struct kernel_method *m);
#define KERNEL_METHOD(obj) [[maybe_unused]] static const int obj##_registered = kernel_register(&obj)
int kernel_method_count(void);
const struct kernel_method *kernel_method_at(int i);
const struct kernel_method *kernel_method_find(const char *name);
/* the method table's row of a kernel (never NULL once kernel_registry_check() has passed) */
const struct model_method *kernel_model(const struct kernel_method *m);
/* 0 when every kernel has a row in the method table, else -1 with the first one without in err */
int kernel_registry_check(char *err, size_t errlen);

#endif
