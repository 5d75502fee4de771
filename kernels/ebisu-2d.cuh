/*
 * ebisu-2d.cuh - the `ebisu` method's 2D kernel, included by kernels/ebisu.cu (tcs Tables 2-3
 * cases 1-4, Figures 10 and 15; nongemm Figure 11). A block of EB_NT2 threads owns a tile of
 * EB_NT2 x V columns, the output columns plus an overlapped halo of R = r t (rounded up to a
 * 16-byte vector) on each side, and streams along y over a chunk of rows, K rows an iteration.
 *
 * Per step, each thread keeps a register queue of 2r + K partial sums for the rows in flight:
 * K new rows of step s - 1 are added into it, each weight loaded once for the K rows and V
 * columns it multiplies, and the K oldest rows are then complete. Rows live in shared memory
 * unpadded, so that each thread reads its window (V + 2E columns, E = r rounded up to a vector)
 * as whole 16-byte vectors: consecutive lanes read consecutive vectors, free of bank conflicts.
 * Steps 2..t with r <= V take the window from the neighbouring lanes' registers (shuffles) and
 * only the r columns past each end of a warp from shared memory. A barrier a step; the input
 * rows are prefetched with 16-byte cp.async, NIN - 1 groups of K rows ahead.
 */
#ifndef EBISU_2D_CUH
#define EBISU_2D_CUH

/* a 16-byte vector of T and its element count */
template <typename T> struct eb_vec;
template <> struct eb_vec<double> { typedef double2 type; static constexpr int N = 2; };
template <> struct eb_vec<float> { typedef float4 type; static constexpr int N = 4; };

__device__ __forceinline__ void eb_unpack(double *d, double2 x) { d[0] = x.x, d[1] = x.y; }
__device__ __forceinline__ void eb_unpack(float *d, float4 x) { d[0] = x.x, d[1] = x.y, d[2] = x.z, d[3] = x.w; }
__device__ __forceinline__ double2 eb_pack(const double *d) { return make_double2(d[0], d[1]); }
__device__ __forceinline__ float4 eb_pack(const float *d) { return make_float4(d[0], d[1], d[2], d[3]); }

/* the tile and shared-memory layout of one instantiation */
template <typename T, int RAD, int TS, int V, int NIN, int K>
struct eb2 {
	static constexpr int VN = eb_vec<T>::N;
	static constexpr int D = 2 * RAD + 1, Q = 2 * RAD + K, R = RAD * TS, C = EB_NT2 * V;
	static constexpr int E = (RAD + VN - 1) / VN * VN;    /* window reach, whole vectors */
	static constexpr int RA = (R + VN - 1) / VN * VN;     /* tile halo, whole vectors */
	static constexpr int W = C - 2 * RA;                  /* output columns a tile */
	static constexpr int ROW = C + 2 * E;                 /* a row in shared memory */
	static constexpr size_t smem = (size_t)(TS - 1 + NIN) * K * ROW * sizeof(T);
	static_assert(NIN == 2 || NIN == 3, "a ring of 2 or 3 groups of input rows");
	static_assert(V % VN == 0, "a thread's columns are whole vectors");
	static_assert(W > 0, "the halo leaves no output in the tile");
};

/* V elements of one input row, x = x0 .. x0 + V - 1 (row points at x = 0), to shared memory by
 * 16-byte cp.async; zeros past the allocation (x outside [-halo, xend) or !row_ok) */
template <typename T, int V>
__device__ __forceinline__ void eb_stage(T *dst, const T *row, int x0, int halo, int xend, bool row_ok)
{
	typedef typename eb_vec<T>::type VT;
	constexpr int VN = eb_vec<T>::N;
#pragma unroll
	for (int u = 0; u < V; u += VN) {
		const int x = x0 + u;
		if (row_ok && x >= -halo && x + VN <= xend) {
			cp_async(reinterpret_cast<VT *>(dst + u), reinterpret_cast<const VT *>(row + x));
			continue;
		}
#pragma unroll
		for (int e = 0; e < VN; e++) {
			if (row_ok && x + e >= -halo && x + e < xend)
				cp_async(dst + u + e, row + x + e);
			else
				dst[u + e] = 0;
		}
	}
}

/* a thread's window of a shared row, N columns from p (16-byte aligned), as N / VN vector loads */
template <typename T, int N>
__device__ __forceinline__ void eb_window(T (&win)[N], const T *p)
{
	typedef typename eb_vec<T>::type VT;
	constexpr int VN = eb_vec<T>::N;
#pragma unroll
	for (int i = 0; i < N / VN; i++)
		eb_unpack(win + i * VN, reinterpret_cast<const VT *>(p)[i]);
}

/*
 * Add K new rows of step s - 1 (windows win[j], column c0 - E + i in win[j][i]) into the queue
 * acc[k], k = 0 the oldest row in flight. New row j feeds queue rows j .. j + 2r (row k with
 * weight row dy = r + j - k). Each weight is loaded once and applied to K x V products.
 */
template <typename T, int RAD, int V, int K, int E, bool BOX>
__device__ __forceinline__ void eb_add_rows(T (&acc)[2 * RAD + K][V], const T (&win)[K][V + 2 * E])
{
	constexpr int D = 2 * RAD + 1;
#pragma unroll
	for (int dy = -RAD; dy <= RAD; dy++)
#pragma unroll
		for (int dx = -RAD; dx <= RAD; dx++) {
			if (!BOX && dy != 0 && dx != 0)
				continue;
			const T w = ew<T>((dy + RAD) * D + dx + RAD);
#pragma unroll
			for (int j = 0; j < K; j++)
#pragma unroll
				for (int v = 0; v < V; v++)
					acc[RAD + j - dy][v] = fma(w, win[j][v + dx + E], acc[RAD + j - dy][v]);
		}
}

/*
 * The window of a step s >= 2 without the shared-memory round trip: column c0 + d of the
 * previous step's row comes from the register of the lane that computed it (a shuffle), and
 * only columns past either end of the warp from the row in shared memory (row points at column
 * -E), where their owners wrote them (eb_edge_col). own: this thread's V columns of that row.
 * Window slots beyond the radius are not read and stay unset.
 */
template <typename T, int RAD, int V, int E>
__device__ __forceinline__ void eb_window_shfl(T (&win)[V + 2 * E], const T (&own)[V], const T *row, int c0, int lane)
{
#pragma unroll
	for (int d = -RAD; d < V + RAD; d++) {
		if (d >= 0 && d < V) {
			win[d + E] = own[d];
			continue;
		}
		const int q = d < 0 ? -((V - 1 - d) / V) : d / V;   /* the owning lane's offset */
		const int e = d - q * V;
		T x = q < 0 ? __shfl_up_sync(0xffffffffu, own[e], -q) : __shfl_down_sync(0xffffffffu, own[e], q);
		if (lane + q < 0 || lane + q >= 32)
			x = row[E + c0 + d];
		win[d + E] = x;
	}
}

/* whether column v of this lane is one of the RAD columns at either end of its warp, which the
 * neighbouring warps read from shared memory */
template <int RAD, int V> __device__ __forceinline__ bool eb_edge_col(int lane, int v)
{
	const int lc = lane * V + v;
	return lc < RAD || lc >= 32 * V - RAD;
}

template <typename T, int RAD, int TS, int V, int NIN, int K, bool BOX, bool SH>
__global__ void __launch_bounds__(EB_NT2) ebisu2d(const T *__restrict__ in, T *__restrict__ out,
						  int nx, int ny, long long pitch, int halo, int H)
{
	using P = eb2<T, RAD, TS, V, NIN, K>;
	typedef typename eb_vec<T>::type VT;
	constexpr int VN = P::VN, Q = P::Q, R = P::R, RA = P::RA, E = P::E, W = P::W, ROW = P::ROW;
	constexpr int PD = NIN - 1, GROUP = K * ROW;
	extern __shared__ __align__(16) unsigned char eb_smem[];
	T *sm = reinterpret_cast<T *>(eb_smem);
	/* groups 0..NIN-1: a ring of K input rows each; group NIN - 1 + s (s = 1..TS-1): step s's
	 * newest K rows */
	const int c0 = threadIdx.x * V, lane = threadIdx.x & 31;
	const int bx0 = blockIdx.x * W, by0 = blockIdx.y * H;
	const int ystart = by0 - R, iters = (min(H, ny - by0) + 2 * R + K - 1) / K;
	T acc[TS][Q][V];
#pragma unroll
	for (int s = 0; s < TS; s++)
		zero(acc[s]);

	/* input rows y .. y + K - 1 of this block's columns into ring group b */
	auto load_rows = [&](int b, int y) {
#pragma unroll
		for (int j = 0; j < K; j++)
			eb_stage<T, V>(sm + b * GROUP + j * ROW + E + c0, in + (long long)(y + j + halo) * pitch + halo,
				       bx0 - RA + c0, halo, nx + halo, y + j < ny + halo);
		cp_commit();
	};

#pragma unroll
	for (int i = 0; i < PD; i++)
		load_rows(i, ystart + i * K);
	for (int it = 0; it < iters; it++) {
		cp_wait_group<PD - 1>();   /* group it has landed; it + 1 .. it + PD - 1 may be in flight */
		__syncthreads();
		/* into the group iteration it - 1 read, before the barrier */
		if (it + PD < iters)
			load_rows((unsigned)(it + PD) % NIN, ystart + (it + PD) * K);
		else if (PD > 1)
			cp_commit();     /* an empty group keeps the count */
		const int yin = ystart + it * K;
		T own[K][V];               /* SH: the previous step's rows, this thread's columns */
#pragma unroll
		for (int s = 1; s <= TS; s++) {
			const T *src = sm + (s == 1 ? (unsigned)it % NIN : s + NIN - 2) * GROUP;
			T win[K][V + 2 * E];
#pragma unroll
			for (int j = 0; j < K; j++) {
				if (SH && s > 1)
					eb_window_shfl<T, RAD, V, E>(win[j], own[j], src + j * ROW, c0, lane);
				else
					eb_window(win[j], src + j * ROW + c0);
			}
			eb_add_rows<T, RAD, V, K, E, BOX>(acc[s - 1], win);
			/* queue rows 0..K-1 are complete: rows yin + j - s r of step s */
			if (s < TS) {
				T *dst = sm + (s + NIN - 1) * GROUP + E + c0;
#pragma unroll
				for (int j = 0; j < K; j++) {
#pragma unroll
					for (int v = 0; v < V; v++) {
						own[j][v] = acc[s - 1][j][v];
						if (SH && eb_edge_col<RAD, V>(lane, v))
							dst[j * ROW + v] = own[j][v];
					}
					if (!SH)
#pragma unroll
						for (int u = 0; u < V; u += VN)
							*reinterpret_cast<VT *>(dst + j * ROW + u) = eb_pack(own[j] + u);
				}
			} else {
#pragma unroll
				for (int j = 0; j < K; j++) {
					const int yo = yin + j - s * RAD;
					if (yo < by0 || yo >= by0 + H || yo >= ny)
						continue;
					T *orow = out + (long long)(yo + halo) * pitch + halo;
#pragma unroll
					for (int u = 0; u < V; u += VN) {
						const int c = c0 + u, x = bx0 - RA + c;
						if (c >= RA && c + VN <= RA + W && x + VN <= nx) {
							*reinterpret_cast<VT *>(orow + x) = eb_pack(acc[TS - 1][j] + u);
							continue;
						}
#pragma unroll
						for (int e = 0; e < VN; e++)
							if (c + e >= RA && c + e < RA + W && x + e < nx)
								orow[x + e] = acc[TS - 1][j][u + e];
					}
				}
			}
			shift<T, Q, V, K>(acc[s - 1]);
			if (s < TS)
				__syncthreads();
		}
	}
}

#endif
