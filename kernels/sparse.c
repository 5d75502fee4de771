/*
 * sparse.c - strided swapping, compression and CPU emulation for the sparse tensor-core method
 * (sptc section 3, tcs Table 4). See sparse.h.
 */
#include "sparse.h"
#include "transform.h"

#include <stdlib.h>
#include <string.h>

int sparse_build(const struct dense_weights *w, int k_align, enum sparse_swap swap, int shift, int L,
		 struct sparse_plan *p)
{
	memset(p, 0, sizeof(*p));
	p->swap = swap;
	p->shift = shift;
	if (w->R < 1 || w->R > 7 || k_align < 1 || shift < 0 || shift > 1)
		return -1;
	p->dims = w->dims;
	p->R = w->R;
	p->tiles = 1;
	p->L = L ? L : 2 * w->R + 2;
	if (p->L % 2 || p->L < 2 * w->R + 2 || p->L > SP_M)
		return -1;
	p->rows = footprint_rows(w->dims, w->R);
	p->Kpad = (2 * p->L + k_align - 1) / k_align * k_align;
	if (p->Kpad > SP_MAX_K)
		return -1;
	/* the padding columns past 2L keep their place */
	for (int k = 0; k < p->Kpad; k++)
		p->perm[k] = k;
	for (int j = 0; j < p->L; j += 2) {
		if (swap == SP_SWAP_COL) {          /* odd j < L <-> j + L */
			p->perm[j + 1] = j + 1 + p->L;
			p->perm[j + 1 + p->L] = j + 1;
		} else {                            /* 2i, 2i+1, 2i+L, 2i+1+L at 4i.. (j = 2i) */
			p->perm[2 * j] = j;
			p->perm[2 * j + 1] = j + 1;
			p->perm[2 * j + 2] = j + p->L;
			p->perm[2 * j + 3] = j + 1 + p->L;
		}
	}
	p->row_off = malloc((size_t)p->rows * sizeof(*p->row_off));
	p->A = calloc((size_t)p->rows * SP_M * p->Kpad, sizeof(double));
	if (!p->row_off || !p->A) {
		sparse_free(p);
		return -1;
	}
	for (int q = 0; q < p->rows; q++) {
		int dy, dz;
		footprint_row(p->dims, p->R, q, &dy, &dz);
		p->row_off[q][0] = dy;
		p->row_off[q][1] = dz;
		for (int m = 0; m < p->L; m++)
			for (int c = 0; c < p->Kpad; c++) {
				int a = p->perm[c] - m - shift;   /* original column perm[c] = m + s + dx + R */
				if (a >= 0 && a <= 2 * p->R) {
					double v = dense_weight(w, a - p->R, dy, dz);
					p->A[((long)q * SP_M + m) * p->Kpad + c] = v;
					p->nnz += v != 0;
				}
			}
	}
	return 0;
}

int sparse_outputs(const struct sparse_plan *p)
{
	return p->L * p->tiles;
}

int sparse_width(const struct sparse_plan *p)
{
	return 2 * p->L * p->tiles;
}

/* K steps an instruction's tile takes with P tiles, in units of 1 / 16 of a step (exact for P | 16) */
static int steps_a_tile(int L, int P, int k_align)
{
	return (2 * L * P + k_align - 1) / k_align * 16 / P;
}

int sparse_window(const struct sparse_plan *p)
{
	int w = 0;
	for (int k = 0; k < sparse_width(p); k++)
		w = p->perm[k] + 1 > w ? p->perm[k] + 1 : w;
	return w;
}

int sparse_pack(struct sparse_plan *p, int k_align)
{
	if (p->group || p->tiles != 1 || k_align < 1)
		return -1;
	/* P: the power of two with P L <= 16 and the fewest K steps a tile (the largest of equals),
	 * or 1 where that is no fewer than unpacked */
	const int L = p->L;
	int P = 1;
	for (int c = 2; c * L <= SP_M; c *= 2)
		if (steps_a_tile(L, c, k_align) <= steps_a_tile(L, P, k_align))
			P = c;
	if (steps_a_tile(L, P, k_align) == steps_a_tile(L, 1, k_align))
		P = 1;
	const int w = 2 * L * P, kpad = (w + k_align - 1) / k_align * k_align;
	if (kpad > SP_MAX_K)
		return -1;
	if (P == 1)
		return 0;
	double *a = calloc((size_t)p->rows * SP_M * kpad, sizeof(double));
	if (!a)
		return -1;
	for (int q = 0; q < p->rows; q++)
		for (int i = 0; i < P; i++)
			for (int m = 0; m < L; m++)
				for (int c = 0; c < 2 * L; c++)
					a[((long)q * SP_M + L * i + m) * kpad + 2 * L * i + c] =
						p->A[((long)q * SP_M + m) * p->Kpad + c];
	int perm[SP_MAX_K] = { 0 };
	for (int k = 0; k < kpad; k++)   /* tile i's inputs start L i further; padding keeps its place */
		perm[k] = k < w ? L * (k / (2 * L)) + p->perm[k % (2 * L)] : k;
	memcpy(p->perm, perm, sizeof(perm));
	free(p->A);
	p->A = a;
	p->Kpad = kpad;
	p->tiles = P;
	p->nnz *= P;
	return 0;
}

void sparse_free(struct sparse_plan *p)
{
	free(p->row_off);
	free(p->A);
	free(p->val);
	free(p->pos);
	memset(p, 0, sizeof(*p));
}

int sparse_pattern_ok(const struct sparse_plan *p, int n, int g)
{
	if (g < 1 || p->Kpad % g)
		return 0;
	for (long r = 0; r < (long)p->rows * SP_M; r++)
		for (int c0 = 0; c0 < p->Kpad; c0 += g) {
			int nz = 0;
			for (int c = c0; c < c0 + g; c++)
				nz += p->A[r * p->Kpad + c] != 0;
			if (nz > n)
				return 0;
		}
	return 1;
}

int sparse_compress(struct sparse_plan *p, int g)
{
	int keep = g / 2;
	if ((g != 4 && g != 2) || !sparse_pattern_ok(p, keep, g))
		return -1;
	free(p->val);
	free(p->pos);
	long n = (long)p->rows * SP_M * (p->Kpad / 2);
	p->val = calloc((size_t)n, sizeof(double));
	p->pos = calloc((size_t)n, 1);
	if (!p->val || !p->pos)
		return -1;
	p->group = g;
	for (long r = 0; r < (long)p->rows * SP_M; r++)
		for (int c0 = 0; c0 < p->Kpad; c0 += g) {
			/* the non-zeros' positions, then free positions as zero placeholders, ascending */
			int used[4] = { 0 }, sel[2], ns = 0;
			for (int i = 0; i < g; i++)
				if (p->A[r * p->Kpad + c0 + i] != 0)
					sel[ns++] = i, used[i] = 1;
			for (int i = 0; i < g && ns < keep; i++)
				if (!used[i])
					sel[ns++] = i, used[i] = 1;
			if (keep == 2 && sel[0] > sel[1]) {
				int t = sel[0];
				sel[0] = sel[1];
				sel[1] = t;
			}
			for (int s = 0; s < keep; s++) {
				long at = r * (p->Kpad / 2) + c0 / 2 + s;
				p->pos[at] = (unsigned char)sel[s];
				p->val[at] = p->A[r * p->Kpad + c0 + sel[s]];
			}
		}
	return 0;
}

int sparse_lane_groups(struct sparse_plan *p)
{
	if (p->swap != SP_SWAP_PAIR || p->Kpad != 32 || p->group)
		return -1;
	static const int from[8] = { 0, 4, 1, 5, 2, 6, 3, 7 };   /* new group i takes old group from[i] */
	int perm[32];
	double row[32];
	for (int i = 0; i < 32; i++)
		perm[i] = p->perm[4 * from[i / 4] + i % 4];
	memcpy(p->perm, perm, sizeof(perm));
	for (long r = 0; r < (long)p->rows * SP_M; r++) {
		double *a = p->A + r * p->Kpad;
		for (int i = 0; i < 32; i++)
			row[i] = a[4 * from[i / 4] + i % 4];
		memcpy(a, row, sizeof(row));
	}
	return 0;
}

double *sparse_decompress(const struct sparse_plan *p)
{
	if (!p->group)
		return NULL;
	double *d = calloc((size_t)p->rows * SP_M * p->Kpad, sizeof(double));
	if (!d)
		return NULL;
	int keep = p->group / 2;
	for (long r = 0; r < (long)p->rows * SP_M; r++)
		for (int c0 = 0; c0 < p->Kpad; c0 += p->group)
			for (int s = 0; s < keep; s++) {
				long at = r * (p->Kpad / 2) + c0 / 2 + s;
				d[r * p->Kpad + c0 + p->pos[at]] = p->val[at];
			}
	return d;
}

double sparse_sigma(const struct sparse_plan *p)
{
	/* useful: K_fused MACs for each of the P L outputs of an instruction; processed: rows products
	 * of 16 x Kpad entries. K_fused: the non-zeros of row 0 summed over the footprint rows. */
	long kf = 0;
	for (int q = 0; q < p->rows; q++)
		for (int c = 0; c < p->Kpad; c++)
			kf += p->A[(long)q * SP_M * p->Kpad + c] != 0;
	return (double)kf * sparse_outputs(p) / ((double)p->rows * SP_M * p->Kpad);
}

void sparse_emulate(const struct sparse_plan *p, input_fn in, void *ctx, long x0, long y, long z,
		    double *out)
{
	for (int m = 0; m < sparse_outputs(p); m++) {
		double acc = 0;
		for (int q = 0; q < p->rows; q++) {
			long yy = y + p->row_off[q][0], zz = z + p->row_off[q][1];
			long r = (long)q * SP_M + m;
			if (p->group) {   /* the sparse MMA: each kept value meets the B row its position names */
				for (int c0 = 0; c0 < p->Kpad; c0 += p->group)
					for (int s = 0; s < p->group / 2; s++) {
						long at = r * (p->Kpad / 2) + c0 / 2 + s;
						int k = c0 + p->pos[at];
						acc += p->val[at] * in(ctx, x0 - p->R - p->shift + p->perm[k], yy, zz);
					}
			} else {
				for (int k = 0; k < p->Kpad; k++)
					acc += p->A[r * p->Kpad + k] * in(ctx, x0 - p->R - p->shift + p->perm[k], yy, zz);
			}
		}
		out[m] = acc;
	}
}

/*
 * The MMA fragments of the kernel matrices, in the layout every A operand from registers shares
 * (mma.sync m16n8k*, mma.sp and a warp's 16 rows of wgmma): lane = 4g + t, register i holds rows
 * g + 8 (i & 1), columns by (i >> 1) (tf32: one value, f16: a pair).
 */
unsigned sparse_frag_a(const struct sparse_plan *p, int q, int ks, int lane, int i, int sparse, int is16)
{
	const int half = p->Kpad / 2, gg = lane / 4, t = lane % 4;
	const int row = q * SP_M + gg + 8 * (i & 1);
	if (q < 0 || q >= p->rows)
		return 0;
	if (sparse && !is16) {          /* compressed 16 x 8: col t + 4 (i >> 1) */
		const int cc = ks * 8 + t + 4 * (i >> 1);
		return tf32_bits((float)p->val[(long)row * half + cc]);
	}
	if (sparse) {                   /* compressed 16 x 16: cols 2t + 8 (i >> 1), +1 */
		const int cc = ks * 16 + 2 * t + 8 * (i >> 1);
		return half2_bits((float)p->val[(long)row * half + cc], (float)p->val[(long)row * half + cc + 1]);
	}
	if (!is16) {                    /* dense 16 x 8: col t + 4 (i >> 1) */
		const int cc = ks * 8 + t + 4 * (i >> 1);
		return tf32_bits((float)p->A[(long)row * p->Kpad + cc]);
	}
	const int cc = ks * 16 + 2 * t + 8 * (i >> 1);   /* dense 16 x 16: cols 2t + 8 (i >> 1), +1 */
	return half2_bits((float)p->A[(long)row * p->Kpad + cc], (float)p->A[(long)row * p->Kpad + cc + 1]);
}

/* The metadata word that lane 4 gg + 2 sel + jj gives a sparse MMA with selector sel: rows gg
 * (bits 0-15) and gg + 8 (16-31), nibble c for chunk 4 jj + c of K step ks; a footprint row past
 * the last (padding, zero values) keeps elements 0 and 1 of every group. */
unsigned sparse_frag_meta(const struct sparse_plan *p, int q, int ks, int gg, int jj, int is16)
{
	const int half = p->Kpad / 2;
	unsigned meta = 0;
	if (q < 0 || q >= p->rows)
		return 0x44444444u;
	for (int h = 0; h < 2; h++)
		for (int cch = 0; cch < 4; cch++) {
			const int row = q * SP_M + gg + 8 * h, chunk = 4 * jj + cch;
			unsigned nib;
			if (is16) {     /* chunk of 4: two ascending positions */
				const long at = (long)row * half + ks * 16 + 2 * chunk;
				nib = p->pos[at] | (p->pos[at + 1] << 2);
			} else {        /* chunk of 2: 0b0100 first, 0b1110 second */
				nib = p->pos[(long)row * half + ks * 8 + chunk] ? 0xEu : 0x4u;
			}
			meta |= nib << (16 * h + 4 * cch);
		}
	return meta;
}
