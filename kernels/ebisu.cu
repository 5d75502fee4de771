/*
 * ebisu.cu - the `ebisu` method: temporal blocking on CUDA cores in the spirit of EBISU (the tcs
 * and nongemm papers' CUDA-core baseline). One launch advances t = 1..8 steps with every
 * intermediate step kept on chip (tcs Tables 2-3 cases 1-6, Figures 10, 15, 16).
 *
 * 2D and 3D: a block owns a large tile across the non-streaming dimensions (x in 2D; x-y in 3D),
 * with overlapped halos of R = r t on each side, and streams along the last dimension (y in 2D,
 * z in 3D) over a chunk of rows (planes). Per step, each thread keeps a register queue of partial
 * sums for the rows (planes) in flight along the streaming dimension: a new row of step s-1 is
 * added into the 2r+1 of them it feeds with the matching weight row, and the oldest one is then
 * complete. Neighbours across the tile come from shared memory, which holds the newest rows
 * (planes) of each step. 2D (kernels/ebisu-2d.cuh): two rows an iteration where t > 1, windows
 * read as 16-byte vectors, steps 2..t with r <= V from the neighbouring lanes' registers, a
 * barrier a step. 3D: shared planes padded so that the threads' V-wide windows are free of bank
 * conflicts; step s reads the plane that step s-1 finished one iteration earlier, from a buffer
 * of two, so one barrier a plane serves all t steps (a barrier a step where two planes a step do
 * not fit in shared memory); a warp is one tile row, and the rows a step does not need (outside
 * [s r, TY - s r)) skip it. Input is prefetched with cp.async, in 3D one plane ahead. The halo
 * columns are computed redundantly (the overlap); measured F over the model's F shows how much.
 * 1D: a block loads a chunk plus halo into shared memory and does the t steps there, shrinking.
 *
 * t, r and the shape are compile-time for the register queues: the instantiated set is listed
 * in ebisu_supports(); other configurations are reported as skipped.
 */
#include <stdio.h>
#include <string.h>
#include <type_traits>

#include "kmethod.h"
#include "ptx.cuh"

#define EB_NT2 256        /* threads per 2D block */
#define EB_TX3 32         /* threads along x in a 3D block */
#define EB_NT1 256        /* threads per 1D block */
#define EB_MAXR 7

#define EB_NW 3375          /* dense weights of the largest stencil, box3d7r: 15^3 */
__constant__ double c_ew64[EB_NW];   /* dense weights [dz][dy][dx], (2r+1)^d */
__constant__ float c_ew32[EB_NW];

template <typename T> __device__ __forceinline__ T ew(int i);
template <> __device__ __forceinline__ double ew<double>(int i) { return c_ew64[i]; }
template <> __device__ __forceinline__ float ew<float>(int i) { return c_ew32[i]; }

/* shared-memory index with one element of padding every 128 bytes: V-strided windows of a warp
 * fall into distinct banks */
template <typename T> __device__ __forceinline__ int pad(int p) { return p + p / (128 / (int)sizeof(T)); }

/* prefetch V elements of one input row, columns x = x0 + c0 .. + V - 1 of `row` (row points at
 * x = 0), into buf at padded slots c0 + RAD..; zeros where the row or the column lies past the
 * allocation (x >= xend or !row_ok) */
template <typename T, int RAD, int V>
__device__ __forceinline__ void stage_span(T *buf, const T *row, int c0, int x0, int xend, bool row_ok)
{
#pragma unroll
	for (int v = 0; v < V; v++) {
		const int c = c0 + v, x = x0 + c;
		T *d = buf + pad<T>(c + RAD);
		if (row_ok && x < xend)
			cp_async(d, row + x);
		else
			*d = 0;
	}
	cp_commit();
}

/* a 3D thread's window in a padded row: wo[i] = pad(c0 + i), columns c0 - RAD + i of the tile,
 * computed once a kernel (the padding's shift is not affine in i: reckoned at every load, it
 * cost three integer instructions a shared-memory load) */
template <typename T, int RAD, int V>
__device__ __forceinline__ void window_offsets(int (&wo)[V + 2 * RAD], int c0)
{
#pragma unroll
	for (int i = 0; i < V + 2 * RAD; i++)
		wo[i] = pad<T>(c0 + i);
}

/*
 * Add one new plane of step s-1 into the 2r+1 partial sums acc[k] of a 3D thread (k = 0: the
 * oldest plane in flight, weight plane dz = +r). rows points at the thread's own row of the
 * plane, wo at its window (window_offsets in the tile; c0 + i in the grid's unpadded rows); for
 * each dz the x-y neighbourhood counts (box: (2r+1)^2, star: the centre plane's cross, else the
 * centre). ROT: the queue a ring whose oldest sum is acc[ROT] (ebisu3d_grid's unrolled loop), else
 * acc[0].
 */
template <typename T, int RAD, int V, bool BOX, int ROT = 0>
__device__ __forceinline__ void add_plane(T (&acc)[2 * RAD + 1][V], const T *rows, const int (&wo)[V + 2 * RAD],
					  int srow)
{
	constexpr int D = 2 * RAD + 1;
#pragma unroll
	for (int dy = -RAD; dy <= RAD; dy++) {
		T win[V + 2 * RAD];
#pragma unroll
		for (int i = 0; i < V + 2 * RAD; i++)
			win[i] = rows[dy * srow + wo[i]];
#pragma unroll
		for (int k = 0; k < D; k++) {
			const int dz = RAD - k;
			if (!BOX && dz != 0 && dy != 0)
				continue;
#pragma unroll
			for (int dx = -RAD; dx <= RAD; dx++) {
				if (!BOX && dx != 0 && (dy != 0 || dz != 0))
					continue;
				const T w = ew<T>(((dz + RAD) * D + dy + RAD) * D + dx + RAD);
#pragma unroll
				for (int v = 0; v < V; v++)
					acc[(k + ROT) % D][v] = fma(w, win[v + dx + RAD], acc[(k + ROT) % D][v]);
			}
		}
	}
}

/* the queue's oldest K rows are done: move the rest down K places, zeros behind them */
template <typename T, int D, int V, int K = 1>
__device__ __forceinline__ void shift(T (&acc)[D][V])
{
#pragma unroll
	for (int k = 0; k + K < D; k++)
#pragma unroll
		for (int v = 0; v < V; v++)
			acc[k][v] = acc[k + K][v];
#pragma unroll
	for (int k = D - K; k < D; k++)
#pragma unroll
		for (int v = 0; v < V; v++)
			acc[k][v] = 0;
}

template <typename T, int D, int V>
__device__ __forceinline__ void zero(T (&acc)[D][V])
{
#pragma unroll
	for (int k = 0; k < D; k++)
#pragma unroll
		for (int v = 0; v < V; v++)
			acc[k][v] = 0;
}

#include "ebisu-2d.cuh"

/* ------------------------------------------------------------- 3D: stream along z ---- */

/* LAZY: step s reads the plane step s-1 finished one plane earlier, so that one barrier a plane
 * serves every step (two buffers a step); else each step waits for the step before it */
template <typename T, int RAD, int TS, int V, int TY, bool LAZY>
struct eb3 {
	static constexpr int D = 2 * RAD + 1, R = RAD * TS, CX = EB_TX3 * V, WX = CX - 2 * R;
	static constexpr int WY = TY - 2 * R;
	static constexpr int ROW = CX + 2 * RAD;
	static constexpr int SROW = ROW + ROW / (128 / (int)sizeof(T)) + 1;
	static constexpr int PLANE = (TY + 2 * RAD) * SROW;
	static constexpr int NPL = LAZY ? 2 * TS : TS + 1;   /* input double buffer + the steps' */
	static constexpr size_t smem = (size_t)NPL * PLANE * sizeof(T);
	static_assert(WX > 0 && WY > 0, "the halo leaves no output in the tile");
};

template <typename T, int RAD, int TS, int V, int TY, bool BOX, bool LAZY>
__global__ void __launch_bounds__(EB_TX3 * TY, TY <= 16 ? 2 : 1) ebisu3d(const T *__restrict__ in, T *__restrict__ out,
						       int nx, int ny, int nz, long long pitch,
						       long long plane, int halo, int H)
{
	using P = eb3<T, RAD, TS, V, TY, LAZY>;
	constexpr int D = P::D, R = P::R, WX = P::WX, WY = P::WY, SROW = P::SROW, PL = P::PLANE;
	extern __shared__ __align__(16) unsigned char eb_smem[];
	T *sm = reinterpret_cast<T *>(eb_smem);
	const int c0 = threadIdx.x * V, ty = threadIdx.y;
	int wo[V + 2 * RAD];
	window_offsets<T, RAD, V>(wo, c0);
	const int bx0 = blockIdx.x * WX, by0 = blockIdx.y * WY, bz0 = blockIdx.z * H;
	/* LAZY adds a plane of lag a step: TS - 1 more planes to drain */
	const int zstart = bz0 - R, planes = min(H, nz - bz0) + 2 * R + (LAZY ? TS - 1 : 0);
	const int y = by0 - R + ty;
	T acc[TS][D][V];
#pragma unroll
	for (int s = 0; s < TS; s++)
		zero(acc[s]);

	/* plane buffers: row ty + RAD of the padded plane holds tile row ty */
	auto load_plane = [&](int b, int z) {
		stage_span<T, RAD, V>(sm + b * PL + (ty + RAD) * SROW,
				      in + (long long)(z + halo) * plane + (long long)(y + halo) * pitch + halo, c0,
				      bx0 - R, nx + halo, y < ny + halo && z < nz + halo);
	};

	load_plane(0, zstart);
	for (int it = 0; it < planes; it++) {
		cp_wait_all();
		__syncthreads();
		if (it + 1 < planes)
			load_plane((it + 1) & 1, zstart + it + 1);
		const int zin = zstart + it;
#pragma unroll
		for (int s = 1; s <= TS; s++) {
			/* step s is needed on tile rows [s r, TY - s r) only (the final outputs lie on
			 * [R, TY - R)): a warp is one tile row, so the rows outside skip the step whole */
			const bool live = ty >= s * RAD && ty < TY - s * RAD;
			if (live) {
				/* buffers: 0, 1 input; eager: s + 1 holds step s's newest plane; lazy:
				 * 2 s and 2 s + 1 hold step s's planes of even and odd iterations */
				const int src = s == 1 ? it & 1 : LAZY ? 2 * (s - 1) + ((it - 1) & 1) : s;
				add_plane<T, RAD, V, BOX>(acc[s - 1], sm + src * PL + (ty + RAD) * SROW, wo, SROW);
				const int zo = zin - s * RAD - (LAZY ? s - 1 : 0);
				if (s < TS) {
					T *dst = sm + (LAZY ? 2 * s + (it & 1) : s + 1) * PL + (ty + RAD) * SROW;
#pragma unroll
					for (int v = 0; v < V; v++)
						dst[wo[v + RAD]] = acc[s - 1][0][v];
				} else if (zo >= bz0 && zo < bz0 + H && zo < nz && ty >= R && ty < R + WY && y < ny) {
#pragma unroll
					for (int v = 0; v < V; v++) {
						const int c = c0 + v, x = bx0 - R + c;
						if (c >= R && c < R + WX && x < nx)
							out[(long long)(zo + halo) * plane + (long long)(y + halo) * pitch + x + halo] =
								acc[TS - 1][0][v];
					}
				}
				shift(acc[s - 1]);
			}
			if (!LAZY && s < TS)
				__syncthreads();
		}
	}
}

#include "ebisu-grid.cuh"

/* ----------------------------------------------------- 1D: t steps in shared memory ---- */

template <typename T>
__global__ void __launch_bounds__(EB_NT1) ebisu1d(const T *__restrict__ in, T *__restrict__ out,
						  int nx, int halo, int r, int t, int C)
{
	extern __shared__ __align__(16) unsigned char eb_smem[];
	T *a = reinterpret_cast<T *>(eb_smem), *b = a + C;
	const int R = r * t, W = C - 2 * R, bx0 = blockIdx.x * W;
	for (int c = threadIdx.x; c < C; c += EB_NT1) {
		const int x = bx0 - R + c;
		a[c] = x < nx + halo ? in[x + halo] : (T)0;
	}
	__syncthreads();
	for (int s = 1; s <= t; s++) {
		/* step s is valid on [s r, C - s r) */
		for (int c = s * r + threadIdx.x; c < C - s * r; c += EB_NT1) {
			T acc = 0;
			for (int dx = -r; dx <= r; dx++)
				acc = fma(ew<T>(dx + r), a[c + dx], acc);
			b[c] = acc;
		}
		__syncthreads();
		T *tmp = a;
		a = b;
		b = tmp;
	}
	for (int c = R + threadIdx.x; c < R + W; c += EB_NT1) {
		const int x = bx0 - R + c;
		if (x < nx)
			out[x + halo] = a[c];
	}
}

/* ------------------------------------------------------------------------ host ---- */

typedef void (*eb_launch_fn)(const void *in, void *out, const struct grid *g, int H, cudaStream_t s);
struct eb_state;
typedef void (*ebg_launch_fn)(const void *in, void *out, const struct grid *g, struct eb_state *st, cudaStream_t s);

struct eb_state {
	eb_launch_fn fn;
	int H;                 /* rows (planes) per block along the streaming dimension */
	int tile_y;            /* 3D: threads (rows) along y */
	int lazy;              /* 3D: one barrier a plane (else one a step) */
	int nin;               /* 2D: groups of input rows in the ring (nin - 1 in flight) */
	int rows;              /* 2D: rows an iteration, a group */
	int halo;              /* 2D: the tile's halo, r t rounded up to whole vectors */
	size_t smem;
	/* 3D cooperative variant (ebisu-grid.cuh): its launch, tiles, threads a row, exchange */
	ebg_launch_fn gfn;
	struct ebg_args ga;
	int gtx;               /* threads along x */
};

static int g_sms;
static size_t g_smem_optin;

template <typename T, int RAD, int TS, int V, int NIN, int K, bool BOX, bool SH>
static void run2d(const void *in, void *out, const struct grid *g, int H, cudaStream_t s)
{
	using P = eb2<T, RAD, TS, V, NIN, K>;
	dim3 grid((unsigned)((g->n[0] + P::W - 1) / P::W), (unsigned)((g->n[1] + H - 1) / H));
	/* the kernels index rows from the ring's first column: skip the row's lead pad */
	ebisu2d<T, RAD, TS, V, NIN, K, BOX, SH><<<grid, EB_NT2, P::smem, s>>>((const T *)in + g->lead, (T *)out + g->lead,
		(int)g->n[0], (int)g->n[1], g->pitch, g->halo, H);
}

template <typename T, int RAD, int TS, int V, int TY, bool BOX, bool LAZY>
static void run3d(const void *in, void *out, const struct grid *g, int H, cudaStream_t s)
{
	using P = eb3<T, RAD, TS, V, TY, LAZY>;
	dim3 grid((unsigned)((g->n[0] + P::WX - 1) / P::WX), (unsigned)((g->n[1] + P::WY - 1) / P::WY),
		  (unsigned)((g->n[2] + H - 1) / H));
	ebisu3d<T, RAD, TS, V, TY, BOX, LAZY><<<grid, dim3(EB_TX3, TY), P::smem, s>>>((const T *)in + g->lead, (T *)out + g->lead,
		(int)g->n[0], (int)g->n[1], (int)g->n[2], g->pitch, g->plane, g->halo, H);
}

template <typename T, int RAD, int TS, int V, bool BOX, bool UNR>
static void run3d_grid(const void *in, void *out, const struct grid *g, struct eb_state *st, cudaStream_t s)
{
	const T *pin = (const T *)in + g->lead;
	T *pout = (T *)out + g->lead;
	int nx = (int)g->n[0], ny = (int)g->n[1], nz = (int)g->n[2], halo = g->halo;
	long long pitch = g->pitch, plane = g->plane;
	struct ebg_args a = st->ga;
	void *args[] = { &pin, &pout, &nx, &ny, &nz, &pitch, &plane, &halo, &a };
	cudaLaunchCooperativeKernel((const void *)ebisu3d_grid<T, RAD, TS, V, BOX, UNR>, dim3((unsigned)(a.nbx * a.nby)),
				    dim3((unsigned)st->gtx, (unsigned)a.H), args, st->smem, s);
	st->ga.base += (unsigned long long)st->ga.planes;
}

/*
 * Rows (planes) per block along the streaming dimension. Each chunk costs 2R rows of pipeline
 * warm-up and drain. With one block an SM (the 3D tiles) blocks run in waves of one per SM, so
 * the chunk minimises waves x (rows + 2R + a few for the start): a tile a block with one chunk
 * runs 319 blocks on 132 SMs in 2.4 waves, two chunks 4.8 waves, and measured 205 against 176
 * GStencil/s on box3d1r fp32 t = 7. With several blocks an SM they share it and finish
 * unevenly, and waves do not describe them: about two blocks a slot, at least 8R rows a chunk.
 */
static int pick_chunk(long n_stream, long blocks_across, int occupancy, int R)
{
	if (occupancy <= 1) {
		long best_h = n_stream;
		double best = 0;
		for (long c = 1; c <= n_stream; c++) {
			const long h = (n_stream + c - 1) / c;
			if (c > 1 && h < 16)
				break;
			const double cost = (double)((blocks_across * c + g_sms - 1) / g_sms) * (double)(h + 2 * R + 4);
			if (c == 1 || cost < best * 0.999)
				best = cost, best_h = h;
		}
		return (int)best_h;
	}
	long want = 2L * g_sms * occupancy;
	long chunks = (want + blocks_across - 1) / blocks_across;
	long H = (n_stream + chunks - 1) / (chunks > 0 ? chunks : 1);
	if (H < 8L * R)
		H = 8L * R;
	if (H < 16)
		H = 16;
	return (int)(H > n_stream ? n_stream : H);
}

template <typename K>
static int occupancy_of(K kernel, int threads, size_t smem)
{
	int n = 0;
	if (smem > 48 * 1024)
		cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
	cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, threads, smem);
	return n;
}

/* K rows an iteration, with one or two groups of K input rows in flight: two unless their
 * registers cost blocks an SM. Measured on an H200 with a row an iteration, two rows in flight
 * against one: box2d3r fp64 170 against 150 GStencil/s, box2d1r fp32 t = 7 1089 against 1025;
 * box2d1r fp64 t = 3 (62 registers against 48, 4 blocks an SM against 5) 413 against 498 */
template <typename T, int RAD, int TS, int V, int K, bool BOX>
static int setup2d_k(struct eb_state *st, const struct grid *g)
{
	using P2 = eb2<T, RAD, TS, V, 2, K>;
	using P3 = eb2<T, RAD, TS, V, 3, K>;
	constexpr bool SH = TS > 1 && RAD <= V;
	int occ2 = occupancy_of(ebisu2d<T, RAD, TS, V, 2, K, BOX, SH>, EB_NT2, P2::smem);
	int occ3 = occupancy_of(ebisu2d<T, RAD, TS, V, 3, K, BOX, SH>, EB_NT2, P3::smem);
	if (occ2 < 1 && occ3 < 1)
		return -1;
	if (occ3 >= occ2) {
		st->fn = run2d<T, RAD, TS, V, 3, K, BOX, SH>;
		st->smem = P3::smem;
		st->nin = 3;
	} else {
		st->fn = run2d<T, RAD, TS, V, 2, K, BOX, SH>;
		st->smem = P2::smem;
		st->nin = 2;
	}
	st->rows = K;
	st->halo = P2::RA;
	st->H = pick_chunk(g->n[1], (g->n[0] + P2::W - 1) / P2::W, occ3 >= occ2 ? occ3 : occ2, P2::R);
	st->H = (st->H + K - 1) / K * K;
	return 0;
}

template <typename T, int RAD, int TS, bool BOX>
static int setup2d(struct eb_state *st, const struct grid *g)
{
	/* 2 columns a thread in fp64: 4 (fewer shared loads an output) measured 289 against 417
	 * GStencil/s on box2d1r t = 3 and 97 against 158 on box2d3r (registers halve occupancy) */
	constexpr int V = sizeof(T) == 8 ? 2 : 4;
	/*
	 * Two rows an iteration where t > 1, one where t = 1. Measured on two H200s (GPU-3f81f7ad,
	 * GPU-015b2470), two passes each, GStencil/s: two rows against one, each weight loaded once
	 * for both and one barrier a step for both: box2d1r fp64 t = 3 589/578 against 573/565,
	 * box2d2r fp64 t = 2 323/327 against 270/288, fp32 box2d1r t = 7 1576/1574 against
	 * 1508/1519, box2d2r t = 4 702/700 against 649/648, star2d1r t = 8 1882/1890 against 1696/1697;
	 * four rows slower than two (box2d1r fp64 t = 3 540/545, fp32 t = 7 1371/1374). At t = 1 (no
	 * step to share) one row is as fast or faster: box2d1r fp32 439/442 against 420/421, star2d1r
	 * fp32 465/444 against 420/419, box2d5r fp64 82/80 against 79/75, box2d3r fp64 155/160 against
	 * 157/157; box2d7r fp64 46/46 against 49/51 the exception.
	 * Steps 2..t take their own columns from registers and the neighbours' through shuffles
	 * (eb_window_shfl) where the radius is at most V. Measured on an H200, two passes against the
	 * shared-memory window: box2d1r fp64 t = 3 453-460 -> 514-546 GStencil/s (power-capped, 1.57
	 * -> 1.34-1.39 nJ a point-step), fp32 t = 7 1064-1069 -> 1235-1246, star2d1r fp64 t = 3
	 * 496-504 -> 568-583, box2d2r fp64 t = 2 unchanged (263-273 -> 267-272); shuffles for step 1
	 * too (its own columns from the staged row) measured slower (500-522, box2d2r 233-251)
	 */
	return setup2d_k<T, RAD, TS, V, (TS > 1 ? 2 : 1), BOX>(st, g);
}

template <typename T, int RAD, int TS, bool BOX, bool LAZY>
static int try3d(struct eb_state *st, const struct grid *g)
{
	/* 16 rows for R <= 2, else 32 (1024 threads: the register cap of 64 makes fp64 with R >= 4
	 * spill; make resource-report lists them) */
	constexpr int V = 2, TY = RAD * TS <= 2 ? 16 : 32;
	using P = eb3<T, RAD, TS, V, TY, LAZY>;
	int occ = occupancy_of(ebisu3d<T, RAD, TS, V, TY, BOX, LAZY>, EB_TX3 * TY, P::smem);
	if (occ < 1)
		return -1;
	st->fn = run3d<T, RAD, TS, V, TY, BOX, LAZY>;
	st->smem = P::smem;
	st->tile_y = TY;
	st->lazy = LAZY;
	st->H = pick_chunk(g->n[2], ((g->n[0] + P::WX - 1) / P::WX) * ((g->n[1] + P::WY - 1) / P::WY),
			   occ, P::R + (LAZY ? (TS - 1) / 2 : 0));
	return 0;
}

/* one barrier a plane where its two buffers a step fit in shared memory (measured on an H200:
 * box3d1r fp32 t = 7 235 against 205 GStencil/s, fp64 t = 3 194 against 173), else one a step */
template <typename T, int RAD, int TS, bool BOX>
static int setup3d_tile(struct eb_state *st, const struct grid *g)
{
	if (try3d<T, RAD, TS, BOX, true>(st, g) == 0)
		return 0;
	return try3d<T, RAD, TS, BOX, false>(st, g);
}

/* shared memory of a cooperative W x H tile: EBG_NIN input planes and three of each intermediate
 * step, each with its ring of RAD, rows srow elements apart (ebisu3d_grid) */
static size_t ebg_smem(int H, int srow, int RAD, int TS, size_t el)
{
	return (size_t)(EBG_NIN + 3 * (TS - 1)) * (size_t)(H + 2 * RAD) * (size_t)srow * el;
}

/* shared-memory wavefronts of one window load, summed over a tile's warps: thread tid at column
 * V (tid % tx) + i of row tid / tx, element size el (32 banks of 4 bytes) */
static long ebg_wavefronts(int tx, int H, int V, int i, int srow, int el)
{
	long total = 0;
	for (int w0 = 0; w0 < tx * H; w0 += 32) {
		long word[32][32];   /* each bank's distinct words this load */
		int nw[32] = { 0 }, most = 0;
		for (int tid = w0; tid < w0 + 32 && tid < tx * H; tid++)
			for (int k = 0; k < el / 4; k++) {
				const long wd = ((long)(tid / tx) * srow + V * (tid % tx) + i) * (el / 4) + k;
				const int b = (int)(wd % 32);
				int seen = 0;
				for (int j = 0; j < nw[b]; j++)
					seen |= word[b][j] == wd;
				if (!seen && nw[b] < 32)
					word[b][nw[b]++] = wd;
				most = nw[b] > most ? nw[b] : most;
			}
		total += most;
	}
	return total;
}

/* the row pitch of a shape's shared planes: of ROW .. ROW + 31 elements, within smax bytes, the
 * one with the fewest wavefronts over the window's loads (the stores are its middle V), the
 * shortest on a tie; the rows are unpadded, so the pitch alone keeps the rows a warp spans off one
 * another's banks */
static int ebg_srow(int tx, int H, int V, int RAD, int TS, int el, size_t smax)
{
	const int row = tx * V + 2 * RAD;
	int best = row;
	long least = -1;
	for (int srow = row; srow < row + 32; srow++) {
		if (ebg_smem(H, srow, RAD, TS, el) > smax)
			break;
		long wf = 0;
		for (int i = 0; i < V + 2 * RAD; i++)
			wf += ebg_wavefronts(tx, H, V, i, srow, el);
		if (least < 0 || wf < least)
			least = wf, best = srow;
	}
	return best;
}

/* every one of tiles blocks of threads threads and smem bytes resident at once (a cooperative
 * launch's condition) */
static bool ebg_resident(const void *kern, int threads, size_t smem, long tiles)
{
	int occ = 0;
	return cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, kern, threads, smem) == cudaSuccess &&
	       (long)occ * g_sms >= tiles;
}

/*
 * The cooperative variant's tile: the shape whose tiles all fit on the GPU at once and that
 * leaves the least work on the busiest SM (its tiles' thread slots, whole warps, times the
 * stencil's multiply-adds, plus the ring it reads each plane), more threads on a tie. The tiles
 * cover step 1's extent, the interior plus r (t - 1) a side. 0, or -1 where no shape fits.
 */
template <typename T, int RAD, int TS, bool BOX>
static int try3d_grid(struct eb_state *st, const struct grid *g)
{
	constexpr int V = ebg_shape<T>::v(TS), R = RAD * TS;
	constexpr bool UNR = ebg_shape<T>::unr(TS);
	const void *kern = (const void *)ebisu3d_grid<T, RAD, TS, V, BOX, UNR>;
	cudaFuncAttributes fa;
	if (cudaFuncGetAttributes(&fa, kern) != cudaSuccess)
		return -1;
	const size_t smax = g_smem_optin - fa.sharedSizeBytes;
	cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smax);
	const long ex = g->n[0] + 2L * (R - RAD), ey = g->n[1] + 2L * (R - RAD);
	const double fmas = BOX ? (double)(2 * RAD + 1) * (2 * RAD + 1) * (2 * RAD + 1) : 6.0 * RAD + 1;
	double best = 0;
	int found = 0;
	for (int tx = 2 * RAD > 9 ? 2 * RAD : 9; tx <= 64; tx++) {
		const int W = tx * V;
		const long nbx = (ex + W - 1) / W;
		for (int H = 2 * RAD; tx * H <= fa.maxThreadsPerBlock; H++) {
			const long nby = (ey + H - 1) / H, tiles = nbx * nby;
			const size_t smem = ebg_smem(H, W + 2 * RAD, RAD, TS, sizeof(T));
			if (smem > smax || tiles > 64L * g_sms || 2 * RAD * (W + H + 2 * RAD) > tx * H)
				continue;
			if (tx * H < 32 * (ebg_watch_warp(tx * H) + 1))   /* the watcher warp whole */
				continue;
			if (!ebg_resident(kern, tx * H, smem, tiles))
				continue;
			const double slots = (double)((tx * H + 31) / 32 * 32) * V * TS * fmas;
			const double ring = (double)(TS - 1) * 2 * RAD * (W + H + 2 * RAD) * 4;
			const double cost = (double)((tiles + g_sms - 1) / g_sms) * (slots + ring);
			if (!found || cost < best * 0.999 || (cost <= best * 1.001 && tx * H > st->gtx * st->ga.H)) {
				found = 1, best = cost;
				st->gtx = tx, st->smem = smem;
				st->ga.W = W, st->ga.H = H, st->ga.nbx = (int)nbx, st->ga.nby = (int)nby;
			}
		}
	}
	if (!found)
		return -1;
	st->ga.srow = ebg_srow(st->gtx, st->ga.H, V, RAD, TS, (int)sizeof(T), smax);
	st->smem = ebg_smem(st->ga.H, st->ga.srow, RAD, TS, sizeof(T));
	/* the pitch's padding must leave every tile resident */
	if (!ebg_resident(kern, st->gtx * st->ga.H, st->smem, (long)st->ga.nbx * st->ga.nby)) {
		st->ga.srow = st->ga.W + 2 * RAD;
		st->smem = ebg_smem(st->ga.H, st->ga.srow, RAD, TS, sizeof(T));
	}
	st->ga.e0 = -(R - RAD);
	st->ga.xpitch = (long long)st->ga.nbx * st->ga.W + 2 * RAD;
	st->ga.xplane = st->ga.xpitch * ((long long)st->ga.nby * st->ga.H + 2 * RAD);
	/* the planes of z, its ghost ring of R a side, and two planes of lag a step to drain */
	st->ga.planes = (int)g->n[2] + 2 * R + 2 * (TS - 1);
	if (UNR)   /* whole unrolled iterations; the planes past nz store nothing */
		st->ga.planes = (st->ga.planes + 2) / 3 * 3;
	const size_t xbytes = (size_t)(TS > 1 ? TS - 1 : 1) * EBG_XS * (size_t)st->ga.xplane * sizeof(T);
	const size_t fbytes = (size_t)st->ga.nbx * st->ga.nby * sizeof(unsigned long long);
	if (cudaMalloc(&st->ga.xbuf, xbytes) != cudaSuccess)
		return -1;
	if (cudaMalloc((void **)&st->ga.flags, fbytes) != cudaSuccess) {
		cudaFree(st->ga.xbuf);
		st->ga.xbuf = NULL;
		return -1;
	}
	cudaMemset(st->ga.xbuf, 0, xbytes);
	cudaMemset(st->ga.flags, 0, fbytes);
	st->ga.base = 0;
	st->gfn = run3d_grid<T, RAD, TS, V, BOX, UNR>;
	return 0;
}

/* mode: EB_PLAN (the plan chooses), EB_TILE or EB_GRID (ebisu:tile, ebisu:grid). The plan runs the
 * cooperative grid (r = 1) for box fp32 at t = 4..8, where it measured faster than the overlapped
 * tile (512^3 on H200s, the grid with one barrier a plane, each depth's variant ebg_shape's;
 * GStencil/s: t = 4 323.1, 323.3 against 295.8, 296.6 on one GPU, t = 5..8 346-349, 357, 362-363,
 * 281-283 against 263.6, 286.0, 242.2, 222.4; kernels/NOTES.md, issue 63), when every tile fits on
 * the GPU at once, and the tile elsewhere. There the grid was slower (box3d1r fp32 t = 1..3: 149.7,
 * 135.1, 261.4 against 195.1, 253.0, 302.5; star3d1r fp32 t = 4, 8: 366.9, 309.4 against 417.7,
 * 326.4; fp64 t = 3 at 234x312x2560 with two barriers a plane: 63 against 178; fp64 t >= 3 at
 * 512^3 fits no resident grid), even (star t = 6), or faster but left to the tile (star t = 5, 7:
 * 453.9, 436.6 and 438.3, 435.2 against 377.6, 377.9 and 345.8, 346.2): a series of one design
 * keeps its counter intensity linear in t, which tcs-i-linear-3d reads (star's R^2 0.97 with the
 * tile at every depth, 0.85 with the grid at t = 7; box3d1r's, mixed, 0.94). The ghost ring makes
 * 512^2 need 132 tiles of 2,080 points or more, and the register queues of that many points leave
 * 11-16 warps an SM, too few to hide the shared-memory loads at small t (kernels/NOTES.md). */
enum { EB_PLAN, EB_TILE, EB_GRID };

template <typename T, int RAD, int TS, bool BOX>
static int setup3d(struct eb_state *st, const struct grid *g, int mode)
{
	constexpr bool PLAN_GRID = RAD == 1 && BOX && TS >= 4 && sizeof(T) == 4;
	if (mode == EB_GRID || (mode == EB_PLAN && PLAN_GRID)) {
		if constexpr (RAD == 1) {
			const struct eb_state keep = *st;
			if (try3d_grid<T, RAD, TS, BOX>(st, g) == 0)
				return 0;
			*st = keep;   /* no shape fits (or no memory): the plan takes the tile */
			cudaGetLastError();   /* a failed allocation's error is not the tile's */
		}
		if (mode == EB_GRID)
			return -1;
	}
	return setup3d_tile<T, RAD, TS, BOX>(st, g);
}

/* The instantiated set, every (r, t) whose fused radius r t is at most 7 and a few beyond: 2D
 * r = 1 with t = 1..8, r = 2 with t = 1..4, r = 3, 4 with t = 1..2, r = 5..7 with t = 1; 3D r = 1
 * with t = 1..8, r = 2 with t = 1..3, r = 3 with t = 1..2, r = 4..7 with t = 1; box and star;
 * fp32, fp64.
 * 1D: any r <= 7 and t <= 8 (shared memory, no templates). */
#define EB_2D_LIST(X) X(1,1) X(1,2) X(1,3) X(1,4) X(1,5) X(1,6) X(1,7) X(1,8) \
	X(2,1) X(2,2) X(2,3) X(2,4) X(3,1) X(3,2) X(4,1) X(4,2) X(5,1) X(6,1) X(7,1)
#define EB_3D_LIST(X) X(1,1) X(1,2) X(1,3) X(1,4) X(1,5) X(1,6) X(1,7) X(1,8) X(2,1) X(2,2) X(2,3) \
	X(3,1) X(3,2) X(4,1) X(5,1) X(6,1) X(7,1)

template <typename T, bool BOX>
static int pick(struct eb_state *st, const struct grid *g, int r, int t, int mode)
{
	if (g->dims == 2) {
#define X(R_, T_) if (r == R_ && t == T_) return setup2d<T, R_, T_, BOX>(st, g);
		EB_2D_LIST(X)
#undef X
	} else {
#define X(R_, T_) if (r == R_ && t == T_) return setup3d<T, R_, T_, BOX>(st, g, mode);
		EB_3D_LIST(X)
#undef X
	}
	return 1;   /* not instantiated */
}

static int instantiated(int dims, int r, int t)
{
	if (dims == 1)
		return r <= EB_MAXR && t <= 8;
	if (dims == 2) {
#define X(R_, T_) if (r == R_ && t == T_) return 1;
		EB_2D_LIST(X)
#undef X
	} else {
#define X(R_, T_) if (r == R_ && t == T_) return 1;
		EB_3D_LIST(X)
#undef X
	}
	return 0;
}

static const char *ebisu_supports(const struct method_ctx *c)
{
	if (!instantiated(c->stencil->dims, c->stencil->radius, c->fusion))
		return c->stencil->dims == 3 ? "ebisu instantiates 3D r = 1 (t <= 8), 2 (t <= 3), 3 (t <= 2), 4-7 (t = 1)"
					     : "ebisu instantiates 2D r = 1 (t <= 8), 2 (t <= 4), 3-4 (t <= 2), 5-7 (t = 1)";
	if (c->option[0] && c->stencil->dims != 3)
		return "ebisu:tile and ebisu:grid choose between 3D designs";
	if (!strcmp(c->option, "grid") && c->stencil->radius != 1)
		return "ebisu:grid instantiates 3D r = 1";
	return NULL;
}

static int ebisu_setup(struct method_ctx *c, const char **why)
{
	static struct eb_state st;
	static double w64[EB_NW];
	static float w32[EB_NW];
	const struct stencil *s = c->stencil;
	int r = s->radius, rc;
	const int mode = !strcmp(c->option, "grid") ? EB_GRID : !strcmp(c->option, "tile") ? EB_TILE : EB_PLAN;

	g_sms = c->props->multiProcessorCount;
	g_smem_optin = c->props->sharedMemPerBlockOptin;
	/* the constant tables are laid out as the dense base weights, (2r+1)^d with x fastest */
	memset(w64, 0, sizeof(w64));
	memcpy(w64, c->base->w, (size_t)dense_weights_count(c->base) * sizeof(double));
	for (int i = 0; i < EB_NW; i++)
		w32[i] = (float)w64[i];
	if (cudaMemcpyToSymbol(c_ew64, w64, sizeof(w64)) != cudaSuccess ||
	    cudaMemcpyToSymbol(c_ew32, w32, sizeof(w32)) != cudaSuccess) {
		*why = "cannot upload weights";
		return -1;
	}
	memset(&st, 0, sizeof(st));
	if (s->dims == 1) {
		st.fn = NULL;
		c->state = &st;
		return 0;
	}
	if (c->dtype == DT_FP64)
		rc = s->shape == SHAPE_BOX ? pick<double, true>(&st, c->grid, r, c->fusion, mode)
					   : pick<double, false>(&st, c->grid, r, c->fusion, mode);
	else
		rc = s->shape == SHAPE_BOX ? pick<float, true>(&st, c->grid, r, c->fusion, mode)
					   : pick<float, false>(&st, c->grid, r, c->fusion, mode);
	if (rc != 0) {
		*why = rc > 0 ? "not instantiated"
		       : mode == EB_GRID ? "no tile shape puts every tile of the cooperative grid on the GPU at once"
					 : "the kernel does not fit on an SM (registers or shared memory)";
		return -1;
	}
	c->state = &st;
	return 0;
}

static void ebisu_launch(struct method_ctx *c, const void *in, void *out, cudaStream_t s)
{
	struct eb_state *st = (struct eb_state *)c->state;
	const struct grid *g = c->grid;
	if (st->gfn) {
		st->gfn(in, out, g, st, s);
		return;
	}
	if (g->dims == 1) {
		const int r = c->stencil->radius, t = c->fusion, C = 8192, W = C - 2 * r * t;
		const size_t smem = 2 * (size_t)C * dtype_table[c->dtype].bytes;
		const unsigned blocks = (unsigned)((g->n[0] + W - 1) / W);
		if (c->dtype == DT_FP64) {
			cudaFuncSetAttribute(ebisu1d<double>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
			ebisu1d<double><<<blocks, EB_NT1, smem, s>>>((const double *)in + g->lead, (double *)out + g->lead,
				(int)g->n[0], g->halo, r, t, C);
		} else {
			cudaFuncSetAttribute(ebisu1d<float>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
			ebisu1d<float><<<blocks, EB_NT1, smem, s>>>((const float *)in + g->lead, (float *)out + g->lead,
				(int)g->n[0], g->halo, r, t, C);
		}
		return;
	}
	st->fn(in, out, g, st->H, s);
}

static const char *ebisu_variant(const struct method_ctx *c)
{
	static char buf[METHOD_VARIANT_MAX];
	const struct eb_state *st = (const struct eb_state *)c->state;
	const struct grid *g = c->grid;
	int V = c->dtype == DT_FP64 ? 2 : 4;
	if (g->dims == 1)
		snprintf(buf, sizeof(buf), "1D: 8192-point chunks, %d threads, steps in shared memory", EB_NT1);
	else if (g->dims == 2)
		snprintf(buf, sizeof(buf), "2D: %d x %d-column tile (halo %d each side, whole 16-byte vectors), "
			 "%d rows a block, %d rows an iteration, %d in flight, %zu B shared", EB_NT2, V, st->halo, st->H, st->rows, (st->nin - 1) * st->rows, st->smem);
	else if (st->gfn)
		snprintf(buf, sizeof(buf), "3D grid: %d x %d tiles of x-y (%d x %d threads, %d columns a thread), "
			 "%d x %d resident, %zu B shared (row pitch %d), edges exchanged through L2%s", st->ga.W, st->ga.H,
			 st->gtx, st->ga.H, st->ga.W / st->gtx, st->ga.nbx, st->ga.nby, st->smem, st->ga.srow,
			 (c->dtype == DT_FP64 ? ebg_shape<double>::unr(c->fusion) : ebg_shape<float>::unr(c->fusion))
				 ? ", plane loop unrolled 3x" : "");
	else
		snprintf(buf, sizeof(buf), "3D: %d x %d tile of x-y (2 columns a thread, halo %d), %d planes a "
			 "block, %zu B shared, a barrier a %s", 2 * EB_TX3, st->tile_y, g->halo, st->H, st->smem,
			 st->lazy ? "plane" : "step");
	return buf;
}

static void ebisu_teardown(struct method_ctx *c)
{
	struct eb_state *st = (struct eb_state *)c->state;
	if (st && st->gfn) {
		cudaFree(st->ga.xbuf);
		cudaFree(st->ga.flags);
		st->gfn = NULL;
	}
}

extern const struct kernel_method method_ebisu = {
	"ebisu",
	"temporal blocking: t steps per launch, streaming with register queues, cp.async prefetch",
	ebisu_supports, ebisu_setup, ebisu_launch, ebisu_teardown, "ebisu", ebisu_variant, NULL,
};
KERNEL_METHOD(method_ebisu);
