/*
 * grid.c - layout, inputs, weights, CPU reference and verification. See grid.h.
 */
#include "grid.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

int grid_init(struct grid *g, int dims, const long n[3], int halo, int elem_bytes)
{
	long per_row = 128 / elem_bytes;
	memset(g, 0, sizeof(*g));
	if (dims < 1 || dims > 3 || halo < 0 || elem_bytes <= 0 || 128 % elem_bytes)
		return -1;
	g->dims = dims;
	g->halo = halo;
	g->elem_bytes = elem_bytes;
	for (int d = 0; d < 3; d++) {
		g->n[d] = d < dims ? n[d] : 1;
		if (g->n[d] < 1)
			return -1;
		g->ext[d] = g->n[d] + (d < dims ? 2L * halo : 0);
	}
	g->lead = (per_row - halo % per_row) % per_row;
	g->pitch = (g->lead + g->ext[0] + per_row - 1) / per_row * per_row;
	g->plane = g->pitch * g->ext[1];
	g->total = g->plane * g->ext[2];
	return 0;
}

int grid_init_unpadded(struct grid *g, int dims, const long a[3], int halo, int elem_bytes)
{
	long n[3];
	for (int d = 0; d < 3; d++)
		n[d] = d < dims ? a[d] - 2L * halo : 1;
	if (dims < 1 || dims > 3 || grid_init(g, dims, n, halo, elem_bytes) != 0)
		return -1;
	g->lead = 0;
	g->pitch = g->ext[0];
	g->plane = g->pitch * g->ext[1];
	g->total = g->plane * g->ext[2];
	return 0;
}

long grid_points(const struct grid *g)
{
	return g->n[0] * g->n[1] * g->n[2];
}

int parse_size(const char *s, int dims, long n[3])
{
	const char *p = s;
	n[0] = n[1] = n[2] = 1;
	for (int d = 0; d < dims; d++) {
		char *end;
		if (*p < '0' || *p > '9')
			return -1;
		n[d] = strtol(p, &end, 10);
		if (n[d] < 1 || n[d] > (1L << 31))
			return -1;
		p = end;
		if (d + 1 < dims) {
			if (*p != 'x')
				return -1;
			p++;
		}
	}
	return *p ? -1 : 0;
}

void format_size(const struct grid *g, char *buf, size_t len)
{
	if (g->dims == 1)
		snprintf(buf, len, "%ld", g->n[0]);
	else if (g->dims == 2)
		snprintf(buf, len, "%ldx%ld", g->n[0], g->n[1]);
	else
		snprintf(buf, len, "%ldx%ldx%ld", g->n[0], g->n[1], g->n[2]);
}

uint16_t half_from_float(float f)
{
	uint32_t x;
	memcpy(&x, &f, 4);
	uint32_t sign = (x >> 16) & 0x8000u, exp = (x >> 23) & 0xFFu, man = x & 0x7FFFFFu;
	if (exp == 0xFF)                               /* inf or NaN */
		return (uint16_t)(sign | 0x7C00u | (man ? 0x200u : 0));
	int e = (int)exp - 127 + 15;
	if (e >= 31)                                   /* overflow */
		return (uint16_t)(sign | 0x7C00u);
	if (e <= 0) {                                  /* subnormal half or zero */
		if (e < -10)
			return (uint16_t)sign;
		man |= 0x800000u;
		int shift = 14 - e;
		uint32_t h = man >> shift, rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
		if (rem > half || (rem == half && (h & 1)))
			h++;
		return (uint16_t)(sign | h);
	}
	uint32_t h = ((uint32_t)e << 10) | (man >> 13), rem = man & 0x1FFFu;
	if (rem > 0x1000u || (rem == 0x1000u && (h & 1)))
		h++;                                   /* may carry into the exponent: still right */
	return (uint16_t)(sign | h);
}

uint32_t half2_bits(float lo, float hi)
{
	return (uint32_t)half_from_float(lo) | ((uint32_t)half_from_float(hi) << 16);
}

uint32_t tf32_bits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return (u + 0x1000u) & 0xFFFFE000u;
}

float half_to_float(uint16_t h)
{
	uint32_t sign = (uint32_t)(h & 0x8000u) << 16, exp = (h >> 10) & 0x1Fu, man = h & 0x3FFu, x;
	float f;
	if (exp == 0) {
		f = ldexpf((float)man, -24);
		return sign ? -f : f;
	}
	if (exp == 31)
		x = sign | 0x7F800000u | (man << 13);
	else
		x = sign | ((exp - 15 + 127) << 23) | (man << 13);
	memcpy(&f, &x, 4);
	return f;
}

double dtype_round(enum dtype dt, double v)
{
	switch (dt) {
	case DT_FP64: return v;
	case DT_FP32:
	case DT_TF32: return (double)(float)v;
	case DT_FP16: return (double)half_to_float(half_from_float((float)v));
	default: return NAN;
	}
}

double grid_input(enum dtype dt, long i)
{
	return dtype_round(dt, sr_uniform(SR_SEED_INPUT, (uint64_t)i));
}

double grid_input_at(void *ctx, long x, long y, long z)
{
	const struct grid_input_ctx *c = ctx;
	return grid_input(c->dt, grid_at(c->g, x, y, z));
}

/* ---- weights ---- */

static int in_footprint(const struct stencil *s, const int o[3])
{
	int nonzero = 0;
	for (int d = 0; d < 3; d++) {
		if (d >= s->dims ? o[d] != 0 : abs(o[d]) > s->radius)
			return 0;
		nonzero += o[d] != 0;
	}
	return s->shape == SHAPE_BOX || nonzero <= 1;
}

/* the footprint's offsets with a random weight each, drawn by index k (mirror 0) or by
 * (|dx|, |dy|, |dz|) (mirror 1), normalised to sum 1 and rounded to the data type */
static int weights_draw(const struct stencil *s, enum dtype dt, int mirror, struct weights *w)
{
	int r = s->radius, k = 0, o[3];
	double sum = 0;
	w->count = s->points;
	w->off = malloc((size_t)s->points * sizeof(*w->off));
	w->w = malloc((size_t)s->points * sizeof(double));
	if (!w->off || !w->w)
		return -1;
	for (o[2] = s->dims > 2 ? -r : 0; o[2] <= (s->dims > 2 ? r : 0); o[2]++)
		for (o[1] = s->dims > 1 ? -r : 0; o[1] <= (s->dims > 1 ? r : 0); o[1]++)
			for (o[0] = -r; o[0] <= r; o[0]++) {
				if (!in_footprint(s, o))
					continue;
				uint64_t key = mirror ? 5000 + (uint64_t)(abs(o[0]) + (r + 1) * (abs(o[1]) + (r + 1) * abs(o[2])))
						      : (uint64_t)k;
				memcpy(w->off[k], o, sizeof(o));
				w->w[k] = 1.0 + 0.5 * sr_uniform(SR_SEED_WEIGHTS, key);
				sum += w->w[k];
				k++;
			}
	if (k != s->points)
		return -1;
	for (int i = 0; i < k; i++)
		w->w[i] = dtype_round(dt, w->w[i] / sum);
	return 0;
}

int weights_make(const struct stencil *s, enum dtype dt, struct weights *w)
{
	return weights_draw(s, dt, 0, w);
}

int weights_make_rank(const struct stencil *s, enum dtype dt, int rank, struct weights *w)
{
	int r = s->radius, n = 2 * r + 1, k = 0;
	double sum = 0;
	if (s->dims != 2 || s->shape != SHAPE_BOX || rank < 1 || rank > n)
		return -1;
	w->count = n * n;
	w->off = malloc((size_t)w->count * sizeof(*w->off));
	w->w = calloc((size_t)w->count, sizeof(double));
	if (!w->off || !w->w)
		return -1;
	for (int dy = -r; dy <= r; dy++)
		for (int dx = -r; dx <= r; dx++, k++) {
			w->off[k][0] = dx, w->off[k][1] = dy, w->off[k][2] = 0;
			for (int q = 0; q < rank; q++) {   /* a_q (along y) and b_q (along x), their own draws */
				double a = 1.0 + 0.5 * sr_uniform(SR_SEED_WEIGHTS, (uint64_t)(1000 + 2 * q * n + dy + r));
				double b = 1.0 + 0.5 * sr_uniform(SR_SEED_WEIGHTS, (uint64_t)(1000 + (2 * q + 1) * n + dx + r));
				w->w[k] += a * b;
			}
			sum += w->w[k];
		}
	for (int i = 0; i < k; i++)
		w->w[i] = dtype_round(dt, w->w[i] / sum);
	return 0;
}

int weights_make_mirror(const struct stencil *s, enum dtype dt, struct weights *w)
{
	return weights_draw(s, dt, 1, w);
}

void weights_free(struct weights *w)
{
	free(w->off);
	free(w->w);
	w->off = NULL;
	w->w = NULL;
}

long dense_weights_index(const struct dense_weights *d, int dx, int dy, int dz)
{
	long i = dx + d->R;
	if (d->dims > 1)
		i += (long)(dy + d->R) * d->side;
	if (d->dims > 2)
		i += (long)(dz + d->R) * d->side * d->side;
	return i;
}

double dense_weight(const struct dense_weights *d, int dx, int dy, int dz)
{
	return d->w[dense_weights_index(d, dx, dy, dz)];
}

long dense_weights_count(const struct dense_weights *d)
{
	return dense_weights_index(d, d->R, d->R, d->R) + 1;
}

static long dense_index(const struct dense_weights *d, const int o[3])
{
	return dense_weights_index(d, o[0], o[1], o[2]);
}

int weights_compose(const struct stencil *s, const struct weights *w, int t,
		    struct dense_weights *out)
{
	int R = s->radius * t, side = 2 * R + 1;
	double *cur, *nxt;
	out->dims = s->dims;
	out->R = R;
	out->side = side;
	const long n = dense_weights_count(out);
	cur = calloc((size_t)n, sizeof(double));
	nxt = calloc((size_t)n, sizeof(double));
	if (!cur || !nxt)
		return -1;
	{
		int zero[3] = { 0, 0, 0 };
		cur[dense_index(out, zero)] = 1.0;
	}
	/* t convolutions of the delta with the base weights */
	for (int step = 0; step < t; step++) {
		memset(nxt, 0, (size_t)n * sizeof(double));
		for (long i = 0; i < n; i++) {
			int c[3] = { 0, 0, 0 };
			long rem = i;
			if (cur[i] == 0)
				continue;
			for (int d = 0; d < s->dims; d++, rem /= side)
				c[d] = (int)(rem % side) - R;
			for (int k = 0; k < w->count; k++) {
				int o[3];
				for (int d = 0; d < 3; d++)
					o[d] = c[d] + w->off[k][d];
				nxt[dense_index(out, o)] += cur[i] * w->w[k];
			}
		}
		double *tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
	free(nxt);
	out->w = cur;
	return 0;
}

void dense_weights_free(struct dense_weights *d)
{
	free(d->w);
	d->w = NULL;
}

/* ---- CPU reference ---- */

long region_points(const struct region *r)
{
	return (r->hi[0] - r->lo[0]) * (r->hi[1] - r->lo[1]) * (r->hi[2] - r->lo[2]);
}

/* grid.h */
int ref_threads(double work)
{
#ifdef _OPENMP
	const int most = omp_get_max_threads();
#else
	const int most = 1;
#endif
	const double n = 1 + work / (double)REF_WORK_A_THREAD;
	return n >= most ? most : (int)n;
}

/* one step: out over region r (expanded by e), reading src over r expanded by e + radius */
void ref_sequential(const struct stencil *s, const struct weights *w, int t, input_fn in, void *ctx,
		    const struct region *r, double *out)
{
	int rad = s->radius, dims = s->dims;
	double *src = NULL;
	long slo[3] = { 0, 0, 0 }, shi[3] = { 1, 1, 1 };   /* extent of src */

	for (int step = 1; step <= t; step++) {
		long e = (long)rad * (t - step), lo[3], hi[3], nx, ny;
		for (int d = 0; d < 3; d++) {
			lo[d] = r->lo[d] - (d < dims ? e : 0);
			hi[d] = r->hi[d] + (d < dims ? e : 0);
		}
		nx = hi[0] - lo[0];
		ny = hi[1] - lo[1];
		double *dst = step == t ? out : malloc((size_t)(nx * ny * (hi[2] - lo[2])) * sizeof(double));
		long sx = shi[0] - slo[0], sy = shi[1] - slo[1];
		const int threads = ref_threads((double)nx * ny * (hi[2] - lo[2]) * w->count);
#pragma omp parallel for collapse(2) schedule(static) num_threads(threads)
		for (long z = lo[2]; z < hi[2]; z++)
			for (long y = lo[1]; y < hi[1]; y++)
				for (long x = lo[0]; x < hi[0]; x++) {
					double acc = 0;
					for (int k = 0; k < w->count; k++) {
						long px = x + w->off[k][0], py = y + w->off[k][1];
						long pz = z + w->off[k][2];
						double v = step == 1 ? in(ctx, px, py, pz)
							: src[((pz - slo[2]) * sy + (py - slo[1])) * sx + px - slo[0]];
						acc += w->w[k] * v;
					}
					dst[((z - lo[2]) * ny + (y - lo[1])) * nx + x - lo[0]] = acc;
				}
		free(src);
		src = step == t ? NULL : dst;
		memcpy(slo, lo, sizeof(lo));
		memcpy(shi, hi, sizeof(hi));
	}
}

void ref_composed(const struct dense_weights *d, input_fn in, void *ctx, const struct region *r,
		  double *out)
{
	long nx = r->hi[0] - r->lo[0], ny = r->hi[1] - r->lo[1];
	int R = d->R, dims = d->dims;
	int zr = dims > 2 ? R : 0, yr = dims > 1 ? R : 0;
	const int threads = ref_threads((double)nx * ny * (r->hi[2] - r->lo[2]) * (2 * R + 1) * (2 * yr + 1) *
					(2 * zr + 1));
#pragma omp parallel for collapse(2) schedule(static) num_threads(threads)
	for (long z = r->lo[2]; z < r->hi[2]; z++)
		for (long y = r->lo[1]; y < r->hi[1]; y++)
			for (long x = r->lo[0]; x < r->hi[0]; x++) {
				double acc = 0;
				long i = 0;
				for (int oz = -zr; oz <= zr; oz++)
					for (int oy = -yr; oy <= yr; oy++)
						for (int ox = -R; ox <= R; ox++, i++)
							if (d->w[i] != 0)
								acc += d->w[i] * in(ctx, x + ox, y + oy, z + oz);
				out[((z - r->lo[2]) * ny + (y - r->lo[1])) * nx + x - r->lo[0]] = acc;
			}
}

/* ---- verification ---- */

void verify_add(struct verify *v, double got, double ref)
{
	double e = fabs(got - ref);
	v->n++;
	if (!isfinite(got)) {
		v->nonfinite++;
		return;
	}
	v->err2 += e * e;
	v->ref2 += ref * ref;
	if (e > v->max_err)
		v->max_err = e;
	if (fabs(ref) > v->max_ref)
		v->max_ref = fabs(ref);
}

void verify_tolerance(enum dtype dt, int half_accum, double *tol_l2, double *tol_max)
{
	switch (dt) {
	case DT_FP64: *tol_l2 = 1e-12; *tol_max = 1e-11; break;
	case DT_FP32: *tol_l2 = 1e-5; *tol_max = 1e-5; break;
	case DT_TF32: *tol_l2 = 2e-3; *tol_max = 5e-3; break;
	case DT_FP16:
		if (half_accum) {
			*tol_l2 = VERIFY_F16ACC_L2;
			*tol_max = VERIFY_F16ACC_MAX;
		} else {
			*tol_l2 = 2e-3;
			*tol_max = 5e-3;
		}
		break;
	default: *tol_l2 = *tol_max = 0; break;
	}
}

int verify_ok(const struct verify *v, enum dtype dt, int half_accum, double *rel_l2,
	      double *max_rel)
{
	double tl2, tmax;
	verify_tolerance(dt, half_accum, &tl2, &tmax);
	*rel_l2 = v->ref2 > 0 ? sqrt(v->err2 / v->ref2) : (v->err2 > 0 ? INFINITY : 0);
	*max_rel = v->max_ref > 0 ? v->max_err / v->max_ref : (v->max_err > 0 ? INFINITY : 0);
	if (v->nonfinite > 0) {
		*rel_l2 = *max_rel = NAN;
		return 0;
	}
	return v->n > 0 && *rel_l2 <= tl2 && *max_rel <= tmax;
}

int verify_plan(const struct grid *g, struct region *tiles, int max_tiles)
{
	static const long tile[3] = { 64, 64, 16 };
	long T[3];
	int nt = 0;
	if (grid_points(g) <= VERIFY_FULL_LIMIT || max_tiles < 1) {
		for (int d = 0; d < 3; d++) {
			tiles[0].lo[d] = 0;
			tiles[0].hi[d] = g->n[d];
		}
		return 1;
	}
	for (int d = 0; d < 3; d++)
		T[d] = d >= g->dims ? 1 : (g->dims == 1 ? 8192 : tile[d]);
	for (int d = 0; d < 3; d++)
		if (T[d] > g->n[d])
			T[d] = g->n[d];
	/* low border, centre and high border along every used dimension: 3^dims tiles */
	int combos = g->dims == 1 ? 3 : g->dims == 2 ? 9 : 27;
	for (int c = 0; c < combos && nt < max_tiles; c++, nt++) {
		int code = c;
		for (int d = 0; d < 3; d++) {
			int which = d < g->dims ? code % 3 : 0;
			long lo = which == 0 ? 0 : which == 1 ? (g->n[d] - T[d]) / 2 : g->n[d] - T[d];
			if (d < g->dims)
				code /= 3;
			tiles[nt].lo[d] = lo;
			tiles[nt].hi[d] = lo + T[d];
		}
	}
	/* 16 pseudo-random interior tiles from a fixed seed */
	for (int k = 0; k < 16 && nt < max_tiles; k++, nt++)
		for (int d = 0; d < 3; d++) {
			long span = g->n[d] - T[d] + 1;
			long lo = (long)((sr_uniform(0x5EEDull + (uint64_t)d, (uint64_t)k) + 1.0) / 2.0 * (double)span);
			if (lo >= span)
				lo = span - 1;
			tiles[nt].lo[d] = lo;
			tiles[nt].hi[d] = lo + T[d];
		}
	return nt;
}
