/*
 * registry.cu - the one static array of GPU methods (`stencilbench list` prints it). A method
 * is one .cu file defining a `struct kernel_method`, one row of the method table
 * (model/method.c) and its line here; the runner refuses to start on a kernel without a row.
 */
#include <stdio.h>
#include <string.h>

#include "kmethod.h"

extern const struct kernel_method method_naive;
extern const struct kernel_method method_ebisu;
extern const struct kernel_method method_cudnn;
extern const struct kernel_method method_convstencil;
extern const struct kernel_method method_tcstencil;
extern const struct kernel_method method_spider;
extern const struct kernel_method method_spider_dense;

const struct kernel_method *const kernel_methods[] = {
	&method_naive,
	&method_ebisu,
	&method_cudnn,
	&method_convstencil,
	&method_tcstencil,
	&method_spider,
	&method_spider_dense,
};
const int kernel_method_count = sizeof(kernel_methods) / sizeof(kernel_methods[0]);

const struct kernel_method *kernel_method_find(const char *name)
{
	for (int i = 0; i < kernel_method_count; i++)
		if (name && strcmp(kernel_methods[i]->name, name) == 0)
			return kernel_methods[i];
	return NULL;
}

const struct model_method *kernel_model(const struct kernel_method *m)
{
	return model_method_find(m->name);
}

int kernel_registry_check(char *err, size_t errlen)
{
	for (int i = 0; i < kernel_method_count; i++)
		if (!kernel_model(kernel_methods[i])) {
			snprintf(err, errlen, "kernel '%s' has no row in the method table (model/method.c)",
				 kernel_methods[i]->name);
			return -1;
		}
	return 0;
}
