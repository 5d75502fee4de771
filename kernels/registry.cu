/*
 * registry.cu - the one static array of GPU methods (`stencilbench list` prints it). A method
 * is one .cu file defining a `struct kernel_method`; add it here.
 */
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
