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
