/*
 * ebisu-grid.cuh - the `ebisu` method's 3D cooperative variant (ebisu:grid, and the plan's choice
 * for box fp32 at t = 5..8: setup3d in ebisu.cu), included by kernels/ebisu.cu: the design of
 * EBISU's own 3D kernel (tcs Tables 2-3 case 6, Figures 15-16), written here from its description. One launch advances t steps over the whole domain with a
 * persistent grid: every block owns one W x H tile of x-y for the launch, all tiles resident at
 * once (a cooperative launch refuses a grid that is not), and the blocks stream along z together.
 * Nothing is computed twice: where ebisu's default tile recomputes an overlapped halo of r t on
 * each side, here the r-wide edge band of each intermediate step's newest plane is written to an
 * exchange buffer in global memory (it stays in L2) and read back by the neighbouring tiles into
 * the ring around their own copy.
 *
 * Synchronisation is between neighbours, not grid-wide, and off the critical path, with one
 * barrier a plane iteration: step s reads step s - 1's plane of two iterations before (not one),
 * so the ring it needs can be copied an iteration ahead. At the start of each iteration, after
 * the barrier, a block raises its flag to the iteration it has reached (its bands of the last one
 * written). Mid-iteration a watcher warp waits for its eight neighbours' flags and tells the
 * block through shared memory (at some depths a first look before step 2, ebg_shape::early); the
 * ring threads then copy the neighbours' newest bands (cp.async, no register held) into the
 * planes the next iteration's steps read, and the next barrier waits for them. A second barrier
 * a plane, with the ring copied after it, measured 15-29 % slower at t = 5..8 (kernels/NOTES.md,
 * issue 63). Three shared planes a step and four exchange slots keep every buffer from being
 * overwritten before its last reader is done.
 *
 * Shared rows are unpadded, so that a thread's window is affine (each load an immediate offset from
 * one address a row), with a row pitch the host picks to spread a warp's rows over the banks
 * (ebg_srow). Where it measured faster (ebg_shape) the plane loop is unrolled three times and each
 * step's queue of 2r + 1 sums is a ring instead of shifted.
 *
 * The boundary rule is the harness's (model/grid.h): the t steps are the composed stencil applied
 * once, so step s must also exist on the ghost ring out to r (t - s) beyond the interior. The
 * tiles cover step 1's extent, the interior plus r (t - 1) on each side; cells of a step outside
 * its own extent are computed and never used (no valid cell depends on them). Tile width, height
 * and thread shape are chosen at run time (try3d_grid in ebisu.cu) so that every tile is resident.
 */
#ifndef EBISU_GRID_CUH
#define EBISU_GRID_CUH

struct ebg_args {
	int W, H;                  /* tile columns (threads along x times V) and rows (threads along y) */
	int nbx, nby;              /* tiles along x and y; block b owns tile (b % nbx, b / nbx) */
	int e0;                    /* interior coordinate of the first tile's first column and row */
	void *xbuf;                /* exchange: (t - 1) steps x EBG_XS slots x planes of xrows x xpitch */
	long long xpitch, xplane;  /* its row pitch and plane size, in elements */
	unsigned long long *flags; /* one a block: planes published, counted across launches */
	unsigned long long base;   /* the count at this launch's start */
	int planes;                /* plane iterations a launch: the flags' count advances by this */
	int srow;                  /* a shared plane's row pitch in elements (ebg_srow) */
};

/* a flag's value, without ordering (the caller fences once it has seen enough) */
__device__ __forceinline__ unsigned long long ebg_flag_peek(const unsigned long long *p)
{
	unsigned long long v;
	asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
	return v;
}

/* a flag's value with acquire semantics (no fence: the load, then the SM's L1 invalidated) */
__device__ __forceinline__ unsigned long long ebg_flag_acquire(const unsigned long long *p)
{
	unsigned long long v;
	asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
	return v;
}

__device__ __forceinline__ void ebg_flag_store(unsigned long long *p, unsigned long long v)
{
	asm volatile("st.release.gpu.global.u64 [%0], %1;" :: "l"(p), "l"(v) : "memory");
}

/* the warp that watches the neighbours' flags (warp 3, on the fourth sub-partition, which holds the
 * fewest warps where their count is not a multiple of 4; the last where there are fewer), for a
 * block of n threads; the host takes only shapes where it is whole (its lanes 0..8 watch, and it
 * syncs as a full warp) */
static inline int ebg_watch_warp(int n) { return (n + 31) / 32 > 3 ? 3 : (n + 31) / 32 - 1; }

/* input planes staged (two loads in flight), and the exchange slots a step (bands of iteration j in
 * slot j % EBG_XS) */
#define EBG_NIN 3
#define EBG_XS 4

/* each depth's variant: v, the columns a thread (its register queues: t (2r + 1) v sums), unr,
 * the plane loop unrolled, and early, the watchers' first look before step 2 (ebisu3d_grid), by
 * data type and depth, as measured fastest at 512^3 on an H200
 * (kernels/NOTES.md, issue 63); maxt, the most threads a tile, leaves v = 5 the 128 registers of 16
 * warps an SM and v = 6 the 168 of 12. fp64 takes 3 columns under 96 registers (20 warps). The
 * tile's shape is chosen at run time (try3d_grid in ebisu.cu): for 512^2 at fused radius 7 on 132
 * SMs, 132 x 16 (22 x 16 threads, v = 6), 4 x 33 tiles */
template <typename T> struct ebg_shape;
template <> struct ebg_shape<float> {
	static constexpr int v(int ts) { return ts == 6 || ts == 7 ? 6 : 5; }
	static constexpr bool unr(int ts) { return ts == 5 || ts == 7; }
	__host__ __device__ static constexpr bool opaque(int ts) { return ts <= 7; }
	__host__ __device__ static constexpr bool early(int ts) { return ts == 4 || ts == 6; }
	static constexpr int maxt(int v) { return v >= 6 ? 384 : 512; }
};
template <> struct ebg_shape<double> {
	static constexpr int v(int) { return 3; }
	static constexpr bool unr(int) { return false; }
	__host__ __device__ static constexpr bool opaque(int) { return false; }
	__host__ __device__ static constexpr bool early(int) { return false; }
	static constexpr int maxt(int) { return 640; }
};

template <typename T, int RAD, int TS, int V, bool BOX, bool UNR>
__global__ void __launch_bounds__(ebg_shape<T>::maxt(V)) ebisu3d_grid(const T *__restrict__ in, T *__restrict__ out, int nx, int ny,
						     int nz, long long pitch, long long plane, int halo, struct ebg_args a)
{
	constexpr int D = 2 * RAD + 1, R = RAD * TS;
	const int W = a.W, H = a.H, ROW = W + 2 * RAD;
	const int SROW = a.srow;
	/* a plane buffer's size; made opaque each iteration (iter) so that the compiler reckons the
	 * buffers' addresses as it uses them instead of holding all of them in registers */
	int PL = (H + 2 * RAD) * SROW;
	const int tid = threadIdx.y * blockDim.x + threadIdx.x;
	extern __shared__ __align__(16) unsigned char eb_smem[];
	T *sm = reinterpret_cast<T *>(eb_smem);
	T *xb = static_cast<T *>(a.xbuf);
	/* ty: the thread's tile row; opaque (ebg_shape): hidden from the compiler (the staging loops
	 * keep threadIdx), without which ptxas (sm_90) spilled 140 bytes at t = 7 and 28 at t = 5 in
	 * the kernel with two barriers a plane; it measured 1-10 % faster at t = 5..7 and 8 % slower at
	 * t = 8 there (kernels/NOTES.md, issue 63) */
	const int tx = threadIdx.x, c0 = tx * V;
	int ty = threadIdx.y;
	if constexpr (ebg_shape<T>::opaque(TS))
		asm volatile("" : "+r"(ty));
	/* rows unpadded (the pitch does the banks' work): a thread's window is affine, each load an
	 * immediate offset from one address a row */
	int wo[V + 2 * RAD];
#pragma unroll
	for (int i = 0; i < V + 2 * RAD; i++)
		wo[i] = c0 + i;
	const int bx = blockIdx.x % a.nbx, by = blockIdx.x / a.nbx;
	const int x0 = a.e0 + bx * W, y0 = a.e0 + by * H;   /* the tile's first interior coordinates */
	const int zstart = -R, planes = a.planes;
	T acc[TS][D][V];
#pragma unroll
	for (int s = 0; s < TS; s++)
		zero(acc[s]);

	/* the input plane z with its ring of RAD, straight from global memory (zeros past the
	 * allocation; x0 - RAD >= -R >= -halo) */
	auto load_input = [&](int b, int z) {
		T *buf = sm + b * PL;
		const T *src = in + (long long)(z + halo) * plane;
		const bool zok = z < nz + halo;
		for (int r = threadIdx.y; r < H + 2 * RAD; r += blockDim.y) {
			const int gy = y0 - RAD + r;
			for (int c = threadIdx.x; c < ROW; c += blockDim.x) {
				const int gx = x0 - RAD + c;
				T *d = buf + r * SROW + c;
				if (zok && gy < ny + halo && gx < nx + halo)
					cp_async(d, src + (long long)(gy + halo) * pitch + gx + halo);
				else
					*d = 0;
			}
		}
		cp_commit();
	};
	/* step s's exchange slot q (bands of plane iteration j in slot j % EBG_XS) */
	auto xslot = [&](int s, int q) -> T * { return xb + (long long)((s - 1) * EBG_XS + q) * a.xplane; };
	/* shared-memory plane buffer of step s's plane from iteration j (three a step) */
	auto sbuf = [&](int s, int j) -> T * { return sm + (EBG_NIN + 3 * (s - 1) + j % 3) * PL; };
	/* this thread's ring cell (at most one; the plan sees to it): the RAD rows above and below
	 * the tile, then the RAD columns either side; its offsets in a plane buffer and in an
	 * exchange slot, fixed for the launch */
	int rsm, rxo;
	{
		const int rows = 2 * RAD * ROW;
		int r, c;
		if (tid < rows) {
			r = tid / ROW, c = tid - r * ROW;
			r = r < RAD ? r : H + r;
		} else {
			const int j = tid - rows;
			r = j / (2 * RAD), c = j - r * (2 * RAD);
			r += RAD, c = c < RAD ? c : W + c;
		}
		rsm = tid < rows + 2 * RAD * H ? r * SROW + c : -1;
		rxo = (y0 - a.e0 + r) * (int)a.xpitch + x0 - a.e0 + c;
	}
	/* the watchers of the neighbours' flags (lanes 0..8 but the centre of ebg_watch_warp) and the
	 * thread that raises the block's (lane 0 of warp 7, the last where there are fewer; warp 7
	 * also runs on the fourth sub-partition) */
	const int nwarp = (int)(blockDim.x * blockDim.y + 31) / 32, warp = tid >> 5, lane = tid & 31;
	const int wwatch = nwarp > 3 ? 3 : nwarp - 1, wraise = nwarp > 7 ? 7 : nwarp - 1;   /* ebg_watch_warp */
	const unsigned long long *nflag = NULL;
	if (TS > 1 && warp == wwatch && lane < 9 && lane != 4) {
		const int nbx_ = bx + lane % 3 - 1, nby_ = by + lane / 3 - 1;
		if (nbx_ >= 0 && nbx_ < a.nbx && nby_ >= 0 && nby_ < a.nby)
			nflag = a.flags + nby_ * a.nbx + nbx_;
	}
	/* the last iteration whose neighbours' bands the watchers have seen published */
	__shared__ int s_seen;
	if (tid == 0)
		s_seen = -1;
	/* the watchers: wait for the neighbours to publish iteration it - 1's bands (raised as it at
	 * the start of their iteration it), then tell the block. Where ebg_shape::early, a first look
	 * before step 2 that does not wait (acquire loads, no fence; false if a neighbour is behind),
	 * and the wait, if still needed, before step t - 1 with acquire loads */
	constexpr bool EARLY = ebg_shape<T>::early(TS) && TS > 2;
	auto watch = [&](int it, bool wait) -> bool {
		if (warp != wwatch)
			return true;
		const unsigned long long want = a.base + (unsigned long long)it;
		if constexpr (EARLY) {
			if (wait) {
				if (nflag)
					while (ebg_flag_acquire(nflag) < want)
						;
			} else if (!__all_sync(0xffffffffu, !nflag || ebg_flag_acquire(nflag) >= want)) {
				return false;
			}
		} else if (nflag) {
			while (ebg_flag_peek(nflag) < want)
				;
			asm volatile("fence.acq_rel.gpu;" ::: "memory");   /* with the relaxed peeks: an acquire */
		}
		__syncwarp();
		if (lane == 0)
			asm volatile("st.release.cta.shared.s32 [%0], %1;" :: "r"((unsigned)__cvta_generic_to_shared(&s_seen)),
				     "r"(it) : "memory");
		return true;
	};
	/* the ring of iteration it + 1's steps 2..t: the neighbours' bands of it - 1 copied into the
	 * planes of it - 1 (cp.async, no register held), once the watchers have seen them; a group of
	 * its own (empty for a thread with no ring cell), waited for before the next barrier */
	auto ring = [&](int it, int i3) {
		if (rsm >= 0) {
			int seen;
			do
				asm volatile("ld.acquire.cta.shared.s32 %0, [%1];" : "=r"(seen)
					     : "r"((unsigned)__cvta_generic_to_shared(&s_seen)) : "memory");
			while (seen < it);
#pragma unroll
			for (int s = 1; s < TS; s++)
				cp_async(sbuf(s, i3 + 2) + rsm, xslot(s, (it + EBG_XS - 1) % EBG_XS) + rxo);
		}
		cp_commit();
	};
	/* step s on plane iteration it: add step s - 1's plane of two iterations before (step 1: the
	 * input plane) and retire the oldest sum. UNR: the loop unrolled D times, P = it % D, the queue a
	 * ring (its oldest sum acc[s - 1][P]) instead of shifted; else P = -1 */
	auto step = [&](int s, int it, auto pc) {
		constexpr int P = decltype(pc)::value, OLD = P < 0 ? 0 : P;
		const int i3 = P < 0 ? it % 3 : P;   /* it mod 3 (sbuf's and the inputs') */
		const T *src = s == 1 ? sm + i3 * PL : sbuf(s - 1, i3 + 1);
		add_plane<T, RAD, V, BOX, OLD>(acc[s - 1], src + (ty + RAD) * SROW, wo, SROW);
		if (s < TS) {
			T *dst = sbuf(s, i3) + (ty + RAD) * SROW;
			T *xs = xslot(s, it % EBG_XS) + (long long)(y0 + ty - a.e0 + RAD) * a.xpitch + x0 - a.e0 + RAD;
			const bool band = ty < RAD || ty >= H - RAD;
#pragma unroll
			for (int v = 0; v < V; v++) {
				const int c = c0 + v;
				dst[wo[v + RAD]] = acc[s - 1][OLD][v];
				if (band || c < RAD || c >= W - RAD)
					__stcg(xs + c, acc[s - 1][OLD][v]);
			}
		} else {
			const int zo = zstart + it - TS * RAD - 2 * (TS - 1), y = y0 + ty;
			if (zo >= 0 && zo < nz && y >= 0 && y < ny) {
#pragma unroll
				for (int v = 0; v < V; v++) {
					const int x = x0 + c0 + v;
					if (x >= 0 && x < nx)
						out[(long long)(zo + halo) * plane + (long long)(y + halo) * pitch + x + halo] =
							acc[TS - 1][OLD][v];
				}
			}
		}
		if constexpr (P < 0) {
			shift(acc[s - 1]);
		} else {
#pragma unroll
			for (int v = 0; v < V; v++)
				acc[s - 1][OLD][v] = 0;
		}
	};

	/* one plane iteration: a barrier, then the t steps; the watchers check the neighbours' flags
	 * after step t - 2 and the ring threads copy the next iteration's ring after step t - 1 */
	auto iter = [&](int it, auto pc) {
		constexpr int P = decltype(pc)::value;
		const int i3 = P < 0 ? it % 3 : P;
		asm volatile("" : "+r"(PL));
		if constexpr (TS == 1)
			cp_wait_but_one();
		else
			cp_wait_all();   /* this iteration's ring (the newest group), and with it the input
					  * planes of it and it + 1 (committed before it): one iteration of
					  * prefetch at t > 1 */
		__syncthreads();
		/* every band of iteration it - 1 is written (a release after the barrier: the block's
		 * writes before it) */
		if (TS > 1 && tid == 32 * wraise)
			ebg_flag_store(a.flags + blockIdx.x, a.base + (unsigned long long)it);
		if (it + 2 < planes)
			load_input((i3 + 2) % EBG_NIN, zstart + it + 2);
		else
			cp_commit();   /* an empty group keeps wait_group's count */
		bool told = TS == 1;
#pragma unroll
		for (int s = 1; s <= TS; s++) {
			if (EARLY && s == 2)
				told = watch(it, false);
			if (s == TS - 1 && !told)
				told = watch(it, true);
			if (s == TS && TS > 1)
				ring(it, i3);
			step(s, it, pc);
		}
	};

	load_input(0, zstart);
	load_input(1, zstart + 1);
	if constexpr (UNR) {
		static_assert(2 * RAD + 1 == 3 && EBG_NIN == 3, "the unrolled loop's phases are it mod 3");
		for (int it = 0; it < planes; it += 3) {   /* planes: a multiple of 3 (try3d_grid) */
			iter(it, std::integral_constant<int, 0>());
			iter(it + 1, std::integral_constant<int, 1>());
			iter(it + 2, std::integral_constant<int, 2>());
		}
	} else {
		for (int it = 0; it < planes; it++)
			iter(it, std::integral_constant<int, -1>());
	}
}

#endif
