/*
 * regime-int.h - between regime.c (the regimes) and regime-artifacts.c (each authors' artifact's
 * weights, as its public code sets them).
 */
#ifndef REGIME_INT_H
#define REGIME_INT_H

#include <stddef.h>

#include "regime.h"

/* w from the dense box array v over (2r+1)^dims, z then y then x (x fastest), the stencil's own
 * offsets in weights_make's order, scaled to sum 1 where scale (the artifacts' finite-data builds),
 * rounded to dt: 0, or -1 (a stencil that is not a box, no memory, a zero sum to scale) */
int regime_from_box(const struct stencil *s, enum dtype dt, const double *v, int scale, struct weights *w);
/* -1 with "the ARTIFACT artifact has no weights for STENCIL" in why */
int regime_no_weights(const char *artifact, const struct stencil *s, char *why, size_t len);

/* EBISU's data: zero where its weights make them decay (sum < 1), infinite where they overflow */
enum data_input ebisu_input(const struct stencil *s);
int ebisu_weights(const struct stencil *s, enum dtype dt, struct weights *w, char *why, size_t len);
int spider_weights(const struct stencil *s, enum dtype dt, struct weights *w, char *why, size_t len);
int lorastencil_weights(const struct stencil *s, enum dtype dt, struct weights *w, char *why, size_t len);
/* the harness's random weights (weights_make), for an artifact whose own compose from no base
 * stencil or are random */
int harness_weights(const struct stencil *s, enum dtype dt, struct weights *w, char *why, size_t len);
int tcstencil_weights(const struct stencil *s, enum dtype dt, struct weights *w, char *why, size_t len);

#endif
