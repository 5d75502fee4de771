/*
 * kworkload.cu - the registry of the nongemm paper's workload methods (kworkload.h): SCALE's two
 * (kernels/scale.cu) and SpMV's two (kernels/spmv.cu), in the order `stencilbench list` and the
 * GPU checks walk them.
 */
#include <string.h>

#include "kworkload.h"

static const struct workload_method *const methods[] = {
	&scale_cc_method, &scale_dmma_method, &spmv_cusparse_method, &spmv_dasp_method,
};

int workload_method_count(void)
{
	return (int)(sizeof(methods) / sizeof(methods[0]));
}

const struct workload_method *workload_method_at(int i)
{
	return i >= 0 && i < workload_method_count() ? methods[i] : NULL;
}

const struct workload_method *workload_method_find(const char *name)
{
	for (int i = 0; i < workload_method_count(); i++)
		if (!strcmp(methods[i]->name, name))
			return methods[i];
	return NULL;
}
