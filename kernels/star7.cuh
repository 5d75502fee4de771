/*
 * star7.cuh - what the three 3D Jacobi methods of the fermi paper (Figure 8: jacobi-naive,
 * plane-sweep, wavefront) share: star3d1r's seven weights by name, taken from the runner's
 * weights (any values, the harness's random non-symmetric ones), and the check that a
 * configuration is star3d1r.
 */
#ifndef STAR7_CUH
#define STAR7_CUH

#include "kmethod.h"

template <typename T> struct star7 {
	T c, xm, xp, ym, yp, zm, zp;   /* the centre and the neighbours at -1 / +1 along x, y, z */
};

/* 0, or -1 when the weights are not star3d1r's seven */
template <typename T> static int star7_from(const struct weights *w, struct star7<T> *s)
{
	int seen = 0;
	if (w->count != 7)
		return -1;
	for (int k = 0; k < 7; k++) {
		const int *o = w->off[k];
		const T v = (T)w->w[k];
		const int at = o[0] + 3 * o[1] + 9 * o[2];   /* the offset's key: -9..9 */
		switch (at) {
		case 0: s->c = v; break;
		case -1: s->xm = v; break;
		case 1: s->xp = v; break;
		case -3: s->ym = v; break;
		case 3: s->yp = v; break;
		case -9: s->zm = v; break;
		case 9: s->zp = v; break;
		default: return -1;
		}
		seen |= 1 << (at + 9);
	}
	return seen == ((1 << 0) | (1 << 6) | (1 << 8) | (1 << 9) | (1 << 10) | (1 << 12) | (1 << 18)) ? 0 : -1;
}

/* one point: the centre and its six neighbours, in the order the paper writes them */
template <typename T>
__device__ __forceinline__ T star7_apply(const struct star7<T> &w, T c, T xm, T xp, T ym, T yp, T zm, T zp)
{
	return w.c * c + w.xm * xm + w.xp * xp + w.ym * ym + w.yp * yp + w.zm * zm + w.zp * zp;
}

/* A plane tile of 32 x BY R cells with its one-cell halo, (BY R + 2) rows of 34 in shared memory,
 * loaded by a block of 32 x BY threads: each thread loads R cells of the tile (rows ty + k BY,
 * so that every load of a warp is one coalesced row) and at most one of the tile's 2 (32 + BY R)
 * halo cells (the rows above and below by the first two warps, the side columns by the next).
 * Offsets are within one plane (add z * plane); coordinates past the ring (`ring` cells wide)
 * are clamped onto it, so every address stays inside the allocation; the values loaded there
 * are never used by a cell that is written. */
template <int BY, int R> struct star7_tile {
	static_assert(BY * (32 - 2 * R) >= 64, "too few threads for the tile's halo");
	long long own[R], halo;   /* halo: -1 when the thread loads none */
	int own_s[R], halo_s;     /* shared-memory slots */
};

/* the values of one plane a thread loads: its R cells and its halo cell */
template <typename T, int R> struct star7_plane {
	T v[R], h;
};

#define STAR7_W 34   /* a tile row in shared memory: 32 cells and the two side halos */

template <int BY, int R>
__device__ __forceinline__ void star7_tile_init(struct star7_tile<BY, R> &t, long long origin, long long pitch,
						int x0, int y0, int nx, int ny, int ring)
{
	const int tx = threadIdx.x, ty = threadIdx.y, h = ty * 32 + tx;
	const int xl = min(x0 + tx, nx + ring - 1);
#pragma unroll
	for (int k = 0; k < R; k++) {
		const int row = ty + k * BY;
		t.own[k] = origin + (long long)min(y0 + row, ny + ring - 1) * pitch + xl;
		t.own_s[k] = (row + 1) * STAR7_W + tx + 1;
	}
	int hx, hy, sx, sy;   /* the halo cell's tile coordinates (-1 .. 32, -1 .. BY R) */
	if (h < 64) {
		hx = h & 31, hy = h < 32 ? -1 : BY * R;
	} else if (h < 64 + 2 * BY * R) {
		hx = (h & 1) ? 32 : -1, hy = (h - 64) >> 1;
	} else {
		t.halo = -1, t.halo_s = -1;
		return;
	}
	sx = hx + 1, sy = hy + 1;
	t.halo = origin + (long long)min(y0 + hy, ny + ring - 1) * pitch + min(x0 + hx, nx + ring - 1);
	t.halo_s = sy * STAR7_W + sx;
}

template <typename T, int BY, int R>
__device__ __forceinline__ void star7_load(struct star7_plane<T, R> &p, const struct star7_tile<BY, R> &t,
					   const T *__restrict__ in, long long zoff)
{
#pragma unroll
	for (int k = 0; k < R; k++)
		p.v[k] = in[t.own[k] + zoff];
	p.h = t.halo >= 0 ? in[t.halo + zoff] : (T)0;
}

template <typename T, int BY, int R>
__device__ __forceinline__ void star7_store(T *s, const struct star7_plane<T, R> &p, const struct star7_tile<BY, R> &t)
{
#pragma unroll
	for (int k = 0; k < R; k++)
		s[t.own_s[k]] = p.v[k];
	if (t.halo_s >= 0)
		s[t.halo_s] = p.h;
}

/* the star stencil at tile slot `at` of a shared plane, with the planes below and above given */
template <typename T>
__device__ __forceinline__ T star7_at(const struct star7<T> &w, const T *s, int at, T below, T above)
{
	return star7_apply(w, s[at], s[at - 1], s[at + 1], s[at - STAR7_W], s[at + STAR7_W], below, above);
}

/* the chunk of planes a block sweeps: enough chunks along z that the grid holds about
 * `want` blocks, at least `lo` planes a chunk */
static inline int star7_chunk(long blocks_xy, long nz, long want, int lo)
{
	long chunks = (want + blocks_xy - 1) / blocks_xy;
	long cz = (nz + chunks - 1) / (chunks > 0 ? chunks : 1);
	return (int)(cz < lo ? (lo < nz ? lo : nz) : cz);
}

/* star3d1r, fp64 or fp32, and the method's one fusion depth (its reason else) */
static inline const char *star7_supports(const struct method_ctx *c, int fusion, const char *why_fusion)
{
	if (c->fusion != fusion)
		return why_fusion;
	if (c->stencil->dims != 3 || c->stencil->shape != SHAPE_STAR || c->stencil->radius != 1)
		return "the fermi paper's 3D Jacobi methods run star3d1r (the 7-point von Neumann stencil)";
	if (c->dtype != DT_FP64 && c->dtype != DT_FP32)
		return "runs fp64 and fp32 on CUDA cores";
	return NULL;
}

/* the weights of both precisions for the launches: 0, or -1 with the reason */
static inline int star7_setup(const struct method_ctx *c, struct star7<double> *w64, struct star7<float> *w32,
			      const char **why)
{
	if (star7_from(c->weights, w64) != 0 || star7_from(c->weights, w32) != 0) {
		*why = "the weights are not star3d1r's seven";
		return -1;
	}
	return 0;
}

static inline void star7_teardown(struct method_ctx *c)
{
	(void)c;
}

#endif
