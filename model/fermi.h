/*
 * fermi.h - the fermi paper's numbers that are computed, not measured: the knee of its Figure 4
 * (where the time of a load and a store starts to grow with the FLOPs between them) and the
 * width classes of its Figure 8 (powers of two, rows of a prime number of 128-byte lines, and,
 * since the harness pads rows (model/grid.h), row pitches that are powers of two). Used by make
 * fermi-figure4 and fermi-figure8 and their verdicts; pure C, tested without a GPU.
 */
#ifndef FERMI_H
#define FERMI_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The knee of a time-against-FLOPs curve, x ascending with x[0] = 0 (no FLOPs), y its times:
 *   flat   the largest x up to which every time stays within tol of y[0] (the paper's "remains
 *          mainly flat until");
 *   cross  where the least-squares line through the points whose time is at least 2 y[0] (the
 *          rising part) meets y[0] (the paper's "starts to rise linearly from"); NaN with fewer
 *          than two such points.
 * 0, or -1 when n < 2, x[0] != 0 or x is not ascending.
 */
int fermi_knee(const double *x, const double *y, size_t n, double tol, double *flat, double *cross);

/* Figure 8's classes of an n^3 grid's width for elements of elem_bytes (flags, or-ed) */
enum {
	FERMI_POW2 = 1,          /* n is a power of two */
	FERMI_PRIME_LINES = 2,   /* n elements fill a prime number of 128-byte lines exactly */
	FERMI_PITCH_POW2 = 4,    /* the harness's row pitch (grid_init, halo `halo`) is a power of two */
};
int fermi_width_class(long n, int elem_bytes, int halo);
/* the row pitch in elements the harness allocates for an n^3 grid (grid_init), or -1 */
long fermi_pitch(long n, int elem_bytes, int halo);

#ifdef __cplusplus
}
#endif
#endif
