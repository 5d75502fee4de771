/*
 * experiment.h - the runner's configuration lists (experiments/NAME.csv): one row per measured
 * point, columns stencil, dtype, method, fusion, size and an optional label. A bad row is an
 * error that names file and line. Every table and figure that measures reads one.
 */
#ifndef EXPERIMENT_H
#define EXPERIMENT_H

#include <stddef.h>

#include "regime.h"
#include "stencil.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most points a configuration may have (2^36: 256 GiB a buffer in fp32); the runner also
 * checks each configuration against the device's memory before opening it. */
#define RUN_MAX_POINTS (1L << 36)

struct run_config {
	const struct stencil *stencil;
	enum dtype dtype;
	char method[32];
	char option[16];    /* METHOD:OPTION picks a variant (convstencil:k8); "" for the default */
	int fusion;
	long n[3];
	char size[64];
	char label[64];
	double warmup_s;    /* the list's own warm-up for this row (the warm-up study); < 0: the protocol's */
	double rest_s;      /* the list's idle rest before the warm-up (the warm-up study); 0: none */
	char data[16];      /* its data regime's name (model/regime.h), the list's optional `data`
			     * column; "": the runner's --data */
	enum data_regime regime;   /* the same, parsed once (experiment_data_set; DATA_RANDOM for "") */
	long line;          /* line in the experiment file, 0 on the command line */
};

struct csv_table;
/* Configuration c in data regime data (model/regime.h: a known regime; artifact only for a method
 * with an artifact that has weights for c's stencil), the one place a regime's name is parsed: its
 * name into c->data and its value into c->regime, 0; or -1 with a one-line reason, c unchanged */
int experiment_data_set(struct run_config *c, const char *data, char *err, size_t errlen);
/* A list row's optional timing columns, warmup_s and rest_s (the warm-up study's lists; empty or
 * absent: the protocol's own warm-up, no rest): 0, or -1 with "FILE:LINE: bad warmup_s 'X' ..." in
 * err. Shared by the stencil and the workload lists. */
int experiment_timing_cols(const struct csv_table *t, size_t r, double *warmup_s, double *rest_s, char *err,
			   size_t errlen);

/*
 * Check one configuration given as strings (what a row or the command line holds): a known
 * stencil, dtype and method, a fusion depth the method can run (a one-step method, model_method's
 * one_step, only 1) and a size of at most RUN_MAX_POINTS points. methods is
 * a NULL-terminated list of known method names; a method may carry a variant as METHOD:OPTION
 * (the driver checks OPTION against that method's list). 0 on success; -1 with "what: bad value" in err.
 */
int run_config_parse(struct run_config *c, const char *stencil, const char *dtype,
		     const char *method, const char *fusion, const char *size, const char *label,
		     const char *const *methods, char *err, size_t errlen);
/*
 * A method's variants: variant 0 is the default (""), variants 1..n the space-separated words of
 * its option list (NULL: none). option_variants gives n + 1; option_variant copies variant i into
 * buf (0, or -1 past the end); option_known says whether opt is "" or one of the words. The
 * runner's `check` walks every variant with these, and validates METHOD:OPTION with them.
 */
int option_variants(const char *list);
int option_variant(const char *list, int i, char *buf, size_t len);
int option_known(const char *list, const char *opt);
/* 1 when a METHOD:OPTION option asks for fp16 accumulation ("f16acc"), else 0 (NULL is 0):
 * the half_accum argument of verify_tolerance and verify_ok. */
int option_half_accum(const char *option);
/* 1 when a METHOD:OPTION option asks for the method's wgmma variant (Hopper's warpgroup MMA),
 * whose roof is the wgmma ceilings (model_input.wgmma) */
int option_wgmma(const char *option);
/* 1 when a METHOD:OPTION option asks for the unpadded layout ("unpadded": grid_init_unpadded) */
int option_unpadded(const char *option);
/* c's grid: its size the interior in the harness's padded layout (grid_init), or the whole array
 * in the unpadded one its option asks for; the ring r t wide. 0, or -1 on a bad extent. */
struct grid;
int run_config_grid(const struct run_config *c, struct grid *g);
/* The base weights a METHOD:OPTION option asks for: WEIGHTS_MIRROR for "sym" (weights_make_mirror,
 * a method's own weight class, e.g. LoRAStencil's symmetric weights), else WEIGHTS_RANDOM
 * (weights_make: random, non-symmetric). Every method is verified on the class it runs on. */
enum weights_class { WEIGHTS_RANDOM, WEIGHTS_MIRROR };
enum weights_class option_weights(const char *option);
/* "METHOD" or "METHOD:OPTION": how a variant is named in lists and in the run CSV's method column */
void method_variant_name(const char *method, const char *option, char *buf, size_t len);

/*
 * The default run directory's name (the runner's `slug`; the Makefile computes the same from
 * nvidia-smi before the runner is built): the GPU name in lower case with runs of other characters
 * as '-' and the vendor word dropped, the first 4 bytes of its UUID in hex, and the UTC date, e.g.
 * "NVIDIA H100 80GB HBM3" -> "h100-80gb-hbm3-8eb144af-2026-11-22".
 */
void run_slug(const char *gpu_name, const unsigned char *uuid4, const char *date, char *buf, size_t len);

/* Read an experiment file: 0 and *rows (free with free()) or -1 with "FILE:LINE: ..." in err. */
int experiment_read(const char *path, const char *const *methods, struct run_config **rows,
		    size_t *n, char *err, size_t errlen);
/*
 * The same parser for every tool's lists: need_size 1 is the runner's (each row a size), 0 a
 * model list (stencil-model's: no size; a row's n and size stay empty). table (NULL: not kept)
 * receives the file's table, row i of it being rows[i], for a tool's own further columns
 * (stencil-model's compare, unit and sigma); free it with csv_table_free.
 */
struct csv_table;
int experiment_read_list(const char *path, const char *const *methods, int need_size, struct run_config **rows,
			 size_t *n, struct csv_table *table, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
