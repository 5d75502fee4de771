/*
 * experiment.h - the runner's configuration lists (experiments/NAME.csv): one row per measured
 * point, columns stencil, dtype, method, fusion, size and an optional label. A bad row is an
 * error that names file and line. Every table and figure that measures reads one.
 */
#ifndef EXPERIMENT_H
#define EXPERIMENT_H

#include <stddef.h>

#include "stencil.h"

#ifdef __cplusplus
extern "C" {
#endif

struct run_config {
	const struct stencil *stencil;
	enum dtype dtype;
	char method[32];
	char option[16];    /* METHOD:OPTION picks a variant (convstencil:k8); "" for the default */
	int fusion;
	long n[3];
	char size[64];
	char label[64];
	long line;          /* line in the experiment file, 0 on the command line */
};

/*
 * Check one configuration given as strings (what a row or the command line holds). methods is
 * a NULL-terminated list of known method names; a method may carry a variant as METHOD:OPTION
 * (the driver checks OPTION against that method's list). 0 on success; -1 with "what: bad value" in err.
 */
int run_config_parse(struct run_config *c, const char *stencil, const char *dtype,
		     const char *method, const char *fusion, const char *size, const char *label,
		     const char *const *methods, char *err, size_t errlen);
/* Read an experiment file: 0 and *rows (free with free()) or -1 with "FILE:LINE: ..." in err. */
int experiment_read(const char *path, const char *const *methods, struct run_config **rows,
		    size_t *n, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
