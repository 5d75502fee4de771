/*
 * stencil_rows.h - a stencil's footprint as rows along x, for kernels that slide a register
 * window along x: row k covers offsets dx in [lo, hi] at (dy, dz), with its weights stored
 * consecutively from `w0`. A box has (2r+1)^(d-1) full rows; a star one full centre row and
 * single-point rows along y and z. Built on the host from the dtype-rounded weights (the same
 * ones the CPU reference uses). Used by the naive and ebisu kernels.
 */
#ifndef STENCIL_ROWS_H
#define STENCIL_ROWS_H

#include "grid.h"
#include "stencil.h"

#define ROWS_MAX 225     /* (2*7+1)^2: box3d7r */

struct stencil_row {
	int dy, dz, lo, hi, w0;
};

/* Rows of the base stencil and its weights in row order (w: up to K values). */
static inline int stencil_rows_build(const struct stencil *s, const struct weights *wt,
				     struct stencil_row *rows, double *w)
{
	int n = 0, k = 0, r = s->radius;
	for (int dz = s->dims > 2 ? -r : 0; dz <= (s->dims > 2 ? r : 0); dz++)
		for (int dy = s->dims > 1 ? -r : 0; dy <= (s->dims > 1 ? r : 0); dy++) {
			int lo = 1, hi = 0;
			for (int i = 0; i < wt->count; i++)
				if (wt->off[i][1] == dy && wt->off[i][2] == dz) {
					if (lo > hi)
						lo = hi = wt->off[i][0];
					lo = wt->off[i][0] < lo ? wt->off[i][0] : lo;
					hi = wt->off[i][0] > hi ? wt->off[i][0] : hi;
				}
			if (lo > hi)
				continue;
			rows[n].dy = dy;
			rows[n].dz = dz;
			rows[n].lo = lo;
			rows[n].hi = hi;
			rows[n].w0 = k;
			for (int dx = lo; dx <= hi; dx++)
				for (int i = 0; i < wt->count; i++)
					if (wt->off[i][0] == dx && wt->off[i][1] == dy && wt->off[i][2] == dz)
						w[k++] = wt->w[i];
			n++;
		}
	return n;
}

#endif
