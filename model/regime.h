/*
 * regime.h - the data a row's timed launches run on (its data regime), for kernels-vs-authors and
 * the verdicts' gate: on a power-capped GPU the operands' values move the board's power and so the
 * clock, and the authors' artifacts run on degenerate data (make kernels-vs-authors compares like
 * with like). Every regime verifies the kernel on random input first, with the regime's own weights
 * (the weights can change the code that is timed: LoRAStencil's term count), then replaces the
 * input before counters, energy and timing:
 *   random    random input, random non-symmetric weights (the papers' tables and verdicts use only
 *             this one; a METHOD:sym row its mirror-symmetric weights);
 *   zero      the same weights, both buffers zeroed after verification;
 *   artifact  the authors' artifact's weights and the input its run spends most of its time in
 *             (data/paper/kernels-vs-authors.csv names the artifact rows it meets); where the
 *             artifact's fused table composes from no base stencil (ConvStencil) or its weights
 *             are random (FlashFFTStencil), the harness's weights on the artifact's input.
 * A list row names its regime in an optional `data` column; the runner's --data gives the rest.
 * Pure C (tests/test_regime.c).
 */
#ifndef REGIME_H
#define REGIME_H

#include "grid.h"
#include "stencil.h"

#ifdef __cplusplus
extern "C" {
#endif

enum data_regime { DATA_RANDOM, DATA_ZERO, DATA_ARTIFACT, DATA_REGIMES };
/* "random", "zero", "artifact" */
const char *data_regime_name(enum data_regime d);
/* 0 with *d, or -1 (an unknown name) */
int data_regime_parse(const char *s, enum data_regime *d);
/* the names, "random|zero|artifact", for messages */
const char *data_regime_names(void);

/* what the timed launches read once verification is done: random (the harness's), zero, the
 * allocation index modulo 19 (SPIDER's), integers 0..99 drawn like the random input
 * (rand() % 100: LoRAStencil's and ConvStencil's), all one (TCStencil's), or all infinite (where
 * an artifact's data overflow early in its run: EBISU's 49-point weights) */
enum data_input { INPUT_RANDOM, INPUT_ZERO, INPUT_INDEX_MOD19, INPUT_INT100, INPUT_ONE, INPUT_INF };

/* An artifact's regime: the weights it runs (a base stencil's, composed t times like every
 * method's) and its input; the method table (model/method.h) says which methods meet it. */
struct artifact_regime {
	const char *artifact;   /* EBISU, SPIDER, ...: the method table's name for it (method.h) */
	enum data_input input;
	enum data_input (*input_of)(const struct stencil *s);   /* by stencil where it differs; NULL: input */
	/* the artifact's base weights for stencil s, in weights_make's order and rounded to dt: 0, or
	 * -1 where the artifact has none for s (why names it) */
	int (*weights)(const struct stencil *s, enum dtype dt, struct weights *w, char *why, size_t len);
	const char *what;       /* one line: its weights and input, and where they come from */
};
/* method's artifact regime (METHOD or METHOD:OPTION), or NULL where the method has no artifact */
const struct artifact_regime *artifact_regime_of(const char *method);
/* the methods that have one, "ebisu, spider, ...", for messages */
const char *artifact_methods(void);

/* The weights a row of method on stencil s runs under regime d (the random regime's: mirror 1 for a
 * METHOD:sym row): 0, or -1 with why (no artifact for the method or the stencil, no memory) */
int regime_weights(enum data_regime d, const char *method, int mirror, const struct stencil *s, enum dtype dt,
		   struct weights *w, char *why, size_t len);
/* the input a row of method on stencil s reads in its timed launches under regime d */
enum data_input regime_input(enum data_regime d, const char *method, const struct stencil *s);

#ifdef __cplusplus
}
#endif
#endif
