/*
 * kworkload.h - the run-time registry of the nongemm paper's non-stencil methods, the
 * counterpart of kmethod.h for workloads: SCALE (kernels/scale.cu, Figure 6) and SpMV
 * (kernels/spmv.cu, Figures 7-10). One struct a method, which its .cu file registers with
 * WORKLOAD_METHOD as a stencil method's registers with KERNEL_METHOD (its row in the workload
 * table, model/workload.c, gives its workload and options; the registry lists the methods in
 * that table's order and refuses one without a row): the compute capability it needs, its
 * setup, its preprocessing (which the driver times), one launch and its teardown. The shared
 * driver (profiling/workload-run.cu) allocates the problem, verifies, times and writes them.
 */
#ifndef KWORKLOAD_H
#define KWORKLOAD_H

#include <stddef.h>

#include <cuda_runtime.h>

struct csr;

/* what one launch works on: the driver fills the problem's buffers, a method's setup adds its own
 * state (priv) and its preprocessing time */
struct wl_problem {
	const char *option;
	int sms, cc;
	/* SCALE: a = q b over n doubles */
	const double *b;
	double *a;
	long n;
	double q;
	/* SpMV: y = A x, A in CSR (32-bit indices) on the device, and on the host for a method that
	 * preprocesses there */
	const struct csr *host;
	const int *rowptr, *col;
	const double *val, *x;
	double *y;
	void *priv;               /* the method's state, from setup to teardown */
	long padded;              /* entries a method's layout pads (SpMV); 0: none */
};

struct workload_method {
	const char *name;              /* "scale-dmma": its row of workload_methods (model/workload.h) */
	/* NULL when it runs option on a device of compute capability cc (x10), else why not */
	const char *(*supports)(const char *option, int cc);
	/* ready p for launches (NULL: nothing to do): 0, or -1 with why */
	int (*setup)(struct wl_problem *p, char *why, size_t len);
	/* after setup, the preprocessing the driver times (host clock, the device synchronised after
	 * it): 0 done, 1 none for this option, -1 with why; NULL: none */
	int (*preprocess)(struct wl_problem *p, char *why, size_t len);
	void (*launch)(struct wl_problem *p, cudaStream_t s);
	void (*teardown)(struct wl_problem *p);   /* NULL: nothing to free */
	/* the kernel that launch runs, for cudaFuncGetAttributes (registers); NULL: a library's */
	const void *(*kernel)(const char *option);
	/* what the option runs, for the CSV's variant column */
	const char *(*variant)(const char *option);
};

/* Each workload method's .cu file registers its struct with WORKLOAD_METHOD(object) after defining
 * it; the registry (kernels/kworkload.cu) lists them in the workload table's order. */
int workload_register(const struct workload_method *m);
#define WORKLOAD_METHOD(obj) [[maybe_unused]] static const int obj##_registered = workload_register(&obj)
int workload_method_count(void);
const struct workload_method *workload_method_at(int i);
const struct workload_method *workload_method_find(const char *name);
/* 0 when every registered method has a row in the workload table (model/workload.c), else -1 with
 * the first one without in err */
int workload_registry_check(char *err, size_t errlen);

#endif
