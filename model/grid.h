/*
 * grid.h - the shared rules every method follows, written once (REPRODUCE.md, "Shared rules"):
 *
 *   layout    row-major, x fastest, each row padded to a multiple of 128 bytes, and led by a pad
 *             that puts the first interior column of every row on a 128-byte boundary;
 *   boundary  a frozen ghost ring of width halo = r t around the interior: one launch that fuses
 *             t steps writes the interior only, so it equals the t-fold composed stencil applied
 *             once; the ring holds random Dirichlet data that never changes;
 *   inputs    value(i) = uniform[-1,1) from a counter-based hash of a fixed seed and the element's
 *             index in the allocation, rounded to the data type: host and device compute the same
 *             value for any element without storing the grid;
 *   weights   random and non-symmetric, each in [0.5,1.5] before normalising to sum 1 (never
 *             zero, never all equal), rounded to the data type.
 * Also the CPU reference (double accumulation; t shrinking sequential steps or the composed
 * weights applied once), the verification tolerances and the sampled-tile plan for large grids.
 * Used by the runner for every measured row of every table and figure.
 */
#ifndef GRID_H
#define GRID_H

#include <stddef.h>
#include <stdint.h>

#include "stencil.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__CUDACC__)
#define SR_HD __host__ __device__
#else
#define SR_HD
#endif

#define SR_SEED_INPUT 0x243F6A8885A308D3ull
#define SR_SEED_WEIGHTS 0x13198A2E03707344ull

/* splitmix64's finaliser: a bijective 64-bit mix */
static inline SR_HD uint64_t sr_mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xBF58476D1CE4E5B9ull;
	x ^= x >> 27;
	x *= 0x94D049BB133111EBull;
	x ^= x >> 31;
	return x;
}

/* uniform in [-1, 1), a pure function of (seed, i) */
static inline SR_HD double sr_uniform(uint64_t seed, uint64_t i)
{
	uint64_t h = sr_mix(seed + 0x9E3779B97F4A7C15ull * (i + 1));
	return (double)(h >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

struct grid {
	int dims;
	long n[3];          /* interior extent per dimension (1 for unused dimensions) */
	int halo;           /* ghost-ring width on the used dimensions */
	long ext[3];        /* allocated extent: n + 2 halo on used dimensions */
	long lead;          /* elements before the ring in every row: interior starts 128-byte aligned */
	long pitch;         /* elements per row: lead + ext[0] rounded up to 128 bytes */
	long plane;         /* pitch * ext[1] */
	long total;         /* elements allocated: plane * ext[2] */
	int elem_bytes;
};

/* 0 on success, -1 on a bad extent or halo */
int grid_init(struct grid *g, int dims, const long n[3], int halo, int elem_bytes);
/* The unpadded layout (METHOD:unpadded, the fermi paper's arrays): a[d] is the whole array, ring
 * included, rows exactly a[0] elements apart (no lead, no rounding), so a width of 2^k makes a
 * power-of-two row pitch; the interior is a - 2 halo. 0, or -1 when a is not over 2 halo. */
int grid_init_unpadded(struct grid *g, int dims, const long a[3], int halo, int elem_bytes);
/* Allocation index of interior coordinates (x, y, z); halo cells have negative or >= n coords. */
static inline long grid_at(const struct grid *g, long x, long y, long z)
{
	long hy = g->dims > 1 ? g->halo : 0, hz = g->dims > 2 ? g->halo : 0;
	return (z + hz) * g->plane + (y + hy) * g->pitch + x + g->halo + g->lead;
}
/* Interior points: n[0] n[1] n[2]. */
long grid_points(const struct grid *g);
/* Parse "10240x10240" (one extent per dimension of the stencil) into n[]; -1 when malformed. */
int parse_size(const char *s, int dims, long n[3]);
/* "10240x10240" for the grid's interior. */
void format_size(const struct grid *g, char *buf, size_t len);

/* Round a value to what a data type stores (fp64 exact, fp32/tf32 to float, fp16 to half). */
double dtype_round(enum dtype dt, double v);
/* IEEE half bits of a float (round to nearest even) and back. */
uint16_t half_from_float(float f);
float half_to_float(uint16_t h);
/* Two halves in one 32-bit register, lo in the low 16 bits: an f16x2 MMA operand. */
uint32_t half2_bits(float lo, float hi);
/* The bits of f rounded to tf32 (round to nearest, ties away: cvt.rna), as the host hands
 * weights to tf32 tensor-core instructions. */
uint32_t tf32_bits(float f);
/* The stored input value of allocation index i. */
double grid_input(enum dtype dt, long i);

/* Base weights of one stencil application: offsets and values (dtype-rounded). */
struct weights {
	int count;
	int (*off)[3];
	double *w;
};
int weights_make(const struct stencil *s, enum dtype dt, struct weights *w);
void weights_free(struct weights *w);
/* Base weights of a 2D box stencil whose (2r+1) x (2r+1) matrix W (row dy, column dx) has exactly
 * the given rank, 1 <= rank <= 2r+1: W = sum_k a_k b_k^T with every entry of the a_k and b_k drawn
 * like the weights above (random, in [0.5, 1.5], a_k never b_k: non-symmetric), normalised to sum
 * 1 and rounded to the data type (which, below fp64, perturbs the rank by a rounding). For a
 * method whose decomposition needs weights of low rank (lowrank.h). -1 for other stencils. */
int weights_make_rank(const struct stencil *s, enum dtype dt, int rank, struct weights *w);
/* Base weights symmetric under every mirror x -> -x, y -> -y, z -> -z and random otherwise (a
 * draw per (|dx|, |dy|, |dz|), so w(1, 0) != w(0, 1): not symmetric under x <-> y), normalised and
 * rounded like weights_make. LoRAStencil's class: a 2D mirror-symmetric (2R+1)^2 matrix, composed
 * or not, has rank at most R + 1. Any stencil; the runner uses them for the METHOD:OPTION option
 * "sym" (option_weights, model/experiment.h). */
int weights_make_mirror(const struct stencil *s, enum dtype dt, struct weights *w);
/* Dense weights of the t-fold composed stencil over the (2R+1)^d box, R = r t. */
struct dense_weights {
	int dims, R, side;
	double *w;    /* side^dims, x fastest; zeros outside the fused footprint */
};
int weights_compose(const struct stencil *s, const struct weights *w, int t,
		    struct dense_weights *out);
/* Index of offset (dx, dy, dz) in d->w (offsets in [-R, R]; unused dimensions 0). */
long dense_weights_index(const struct dense_weights *d, int dx, int dy, int dz);
/* The weight at offset (dx, dy, dz): d->w[dense_weights_index(...)]. */
double dense_weight(const struct dense_weights *d, int dx, int dy, int dz);
/* Number of entries in d->w: side^dims. */
long dense_weights_count(const struct dense_weights *d);
void dense_weights_free(struct dense_weights *d);

/* A box of interior coordinates [lo, hi). */
struct region {
	long lo[3], hi[3];
};
long region_points(const struct region *r);

/* Value at interior coordinates (the ring included). */
typedef double (*input_fn)(void *ctx, long x, long y, long z);
/* Input from a grid: grid_input at grid_at(x, y, z). ctx is a struct grid_input_ctx. */
struct grid_input_ctx {
	const struct grid *g;
	enum dtype dt;
};
double grid_input_at(void *ctx, long x, long y, long z);

/* The OpenMP threads a CPU loop of `work` multiply-adds is worth: one for each REF_WORK_A_THREAD of
 * them, at least one, at most the threads OpenMP may use (the runner's share of the host's cores:
 * scripts/planner/cpushare.h). A parallel region wakes every thread it uses, and on a virtual machine waking
 * an idle one costs more than a small region's work. Measured on a node of four H200s (64 cores)
 * with tcs-figure15's 64 rows, the verification phase summed: every core in every region, 26.5 s
 * for a runner alone (4.6-5.1 s for four runners of 16 cores each); 2^20 multiply-adds a thread,
 * 19.5 s alone and 20.8 s shared (working-h200-a3a1670-alone and -node: the 3D tiles starved of
 * threads); in a test with 0.05-s warm-ups (not a recorded run), 2^16: 7.2 and 6.0 s; 2^14: 5.4 and
 * 5.1-5.3 s. */
#define REF_WORK_A_THREAD (1L << 14)
int ref_threads(double work);
/* CPU reference over a region (out: region_points values, x fastest), double accumulation. */
void ref_sequential(const struct stencil *s, const struct weights *w, int t, input_fn in, void *ctx,
		    const struct region *r, double *out);
void ref_composed(const struct dense_weights *d, input_fn in, void *ctx, const struct region *r,
		  double *out);

/*
 * Verification: relative L2 error sqrt(sum err^2 / sum ref^2) and max error relative to the
 * field's max, max |err| / max |ref|, over the verified values. The bounds depend on the data
 * type and, for fp16, on the accumulator: half_accum is 1 when the method accumulates in fp16
 * (the METHOD:OPTION option f16acc, option_half_accum), 0 otherwise; it is ignored for fp64,
 * fp32 and tf32 (which accumulate in fp64, fp32 and fp32). The bounds sit a few times above what
 * each precision reaches (largest recorded: fp64 1.7e-15, tf32 5e-4, fp16 7e-4), so that one
 * wrong column per 64-wide tile fails at every data type (tests/test_measure.c):
 *
 *   dtype  accumulation   rel L2   max rel
 *   fp64   fp64           1e-12    1e-11
 *   fp32   fp32           1e-5     1e-5
 *   tf32   fp32           2e-3     5e-3
 *   fp16   fp32           2e-3     5e-3
 *   fp16   fp16 (f16acc)  1e-2     2e-2   (VERIFY_F16ACC_L2, VERIFY_F16ACC_MAX below)
 */
struct verify {
	double err2, ref2, max_err, max_ref;
	long n, nonfinite;
};
void verify_add(struct verify *v, double got, double ref);
/* fp16 data accumulated in fp16 (the methods' f16acc option): set from what those variants reach
 * in make test-gpu on an H200 (largest rel L2 3.1e-3, largest max rel 9.7e-3, both from
 * spider-dense:f16acc box3d7r), about 3x and 2x above; the only place they are written. */
#define VERIFY_F16ACC_L2 1e-2
#define VERIFY_F16ACC_MAX 2e-2
void verify_tolerance(enum dtype dt, int half_accum, double *tol_l2, double *tol_max);
/* 1 when within verify_tolerance(dt, half_accum) and every value finite; fills the two
 * relative errors (NaN when a value was not finite). */
int verify_ok(const struct verify *v, enum dtype dt, int half_accum, double *rel_l2,
	      double *max_rel);

/* Grids up to this many interior points are verified whole; larger ones on sampled tiles. */
#define VERIFY_FULL_LIMIT (4096L * 4096L)
#define VERIFY_MAX_TILES 64
/* The regions to verify: the whole interior, or border, corner, centre and 16 pseudo-random
 * tiles (64 x 64 x 16, 8192 in 1D). Returns the number of regions. */
int verify_plan(const struct grid *g, struct region *tiles, int max_tiles);

#ifdef __cplusplus
}
#endif
#endif
