/*
 * registry.cu - the GPU methods (`stencilbench list` prints them): each .cu file of kernels/
 * defines one `struct kernel_method` and registers it with KERNEL_METHOD; the registry lists them
 * in the order of the method table (model/method.c), and the runner refuses to start on a kernel
 * without a row there.
 */
#include <stdio.h>
#include <string.h>

#include "kmethod.h"

#define KMAX 32
static const struct kernel_method *registered[KMAX];   /* in registration (link) order */
static int nregistered;

int kernel_register(const struct kernel_method *m)
{
	if (nregistered < KMAX)
		registered[nregistered++] = m;
	return nregistered;
}

int kernel_method_count(void)
{
	return nregistered;
}

/* the i-th kernel in the method table's order (then any without a row, which the check refuses) */
const struct kernel_method *kernel_method_at(int i)
{
	static const struct kernel_method *ordered[KMAX];
	static int n;
	if (!n) {
		for (size_t r = 0; r < model_method_count; r++)
			for (int k = 0; k < nregistered; k++)
				if (!strcmp(registered[k]->name, model_methods[r].name))
					ordered[n++] = registered[k];
		for (int k = 0; k < nregistered; k++)
			if (!model_method_find(registered[k]->name))
				ordered[n++] = registered[k];
	}
	return i >= 0 && i < n ? ordered[i] : NULL;
}

const struct kernel_method *kernel_method_find(const char *name)
{
	for (int i = 0; i < nregistered; i++)
		if (name && strcmp(registered[i]->name, name) == 0)
			return registered[i];
	return NULL;
}

const struct model_method *kernel_model(const struct kernel_method *m)
{
	return model_method_find(m->name);
}

int kernel_registry_check(char *err, size_t errlen)
{
	for (int i = 0; i < nregistered; i++)
		if (!kernel_model(registered[i])) {
			snprintf(err, errlen, "kernel '%s' has no row in the method table (model/method.c)",
				 registered[i]->name);
			return -1;
		}
	if (nregistered >= KMAX) {
		snprintf(err, errlen, "more than %d kernels: raise KMAX in kernels/registry.cu", KMAX - 1);
		return -1;
	}
	return 0;
}
