/*
 * kworkload.cu - the registry of the nongemm paper's workload methods (kworkload.h): each .cu file
 * of a workload method (kernels/scale.cu, kernels/spmv.cu) registers its methods with
 * WORKLOAD_METHOD; the registry lists them in the order of the workload table (model/workload.c),
 * which `stencilbench list` and the GPU checks walk, and the runner refuses to start on a method
 * without a row there.
 */
#include <stdio.h>
#include <string.h>

#include "kworkload.h"
#include "workload.h"

#define WMAX 16
static const struct workload_method *registered[WMAX];   /* in registration (link) order */
static int nregistered;

int workload_register(const struct workload_method *m)
{
	if (nregistered < WMAX)
		registered[nregistered++] = m;
	return nregistered;
}

int workload_method_count(void)
{
	return nregistered;
}

static int has_row(const char *name)
{
	for (size_t r = 0; r < workload_method_rows; r++)
		if (!strcmp(workload_methods[r].name, name))
			return 1;
	return 0;
}

/* the i-th method in the workload table's order (then any without a row, which the check refuses) */
const struct workload_method *workload_method_at(int i)
{
	static const struct workload_method *ordered[WMAX];
	static int n;
	if (!n) {
		for (size_t r = 0; r < workload_method_rows; r++)
			for (int k = 0; k < nregistered; k++)
				if (!strcmp(registered[k]->name, workload_methods[r].name))
					ordered[n++] = registered[k];
		for (int k = 0; k < nregistered; k++)
			if (!has_row(registered[k]->name))
				ordered[n++] = registered[k];
	}
	return i >= 0 && i < n ? ordered[i] : NULL;
}

const struct workload_method *workload_method_find(const char *name)
{
	for (int i = 0; i < nregistered; i++)
		if (name && !strcmp(registered[i]->name, name))
			return registered[i];
	return NULL;
}

int workload_registry_check(char *err, size_t errlen)
{
	for (int i = 0; i < nregistered; i++)
		if (!has_row(registered[i]->name)) {
			snprintf(err, errlen, "workload method '%s' has no row in the workload table (model/workload.c)",
				 registered[i]->name);
			return -1;
		}
	if (nregistered >= WMAX) {
		snprintf(err, errlen, "more than %d workload methods: raise WMAX in kernels/kworkload.cu", WMAX - 1);
		return -1;
	}
	return 0;
}
