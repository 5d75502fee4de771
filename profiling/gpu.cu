/*
 * gpu.cu - CUDA_CHECK, device queries, input fill, L2 flush, NVML clocks and meta.csv. See gpu.h.
 */
#include "gpu.h"

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cuda_fp16.h>
#include <cupti.h>

extern "C" {
#include "cli.h"
#include "csvio.h"
#include "experiment.h"
#include "grid.h"
#include "hostcpu.h"
}

#ifndef STENCIL_GIT_COMMIT
#define STENCIL_GIT_COMMIT "unknown"
#endif
#ifndef STENCIL_GIT_DIRTY
#define STENCIL_GIT_DIRTY "unknown"
#endif

static int g_dev = -1;
static cudaDeviceProp g_prop;

void gpu_check(cudaError_t e, const char *call, const char *file, int line)
{
	if (e == cudaSuccess)
		return;
	fprintf(stderr, "stencilbench: error: CUDA error '%s' (%s) in %s at %s:%d\n", cudaGetErrorString(e),
		cudaGetErrorName(e), call, file, line);
	exit(EXIT_ERROR);
}

int gpu_query(int device, cudaDeviceProp *prop, char *why, size_t len)
{
	int n = 0;
	cudaError_t e = cudaGetDeviceCount(&n);
	/* no device, or no driver for one: "no CUDA device" (exit 3); any other failure is an error */
	if (e != cudaSuccess && e != cudaErrorNoDevice && e != cudaErrorInsufficientDriver)
		CUDA_CHECK(e);
	if (e != cudaSuccess || n == 0) {
		snprintf(why, len, "no CUDA device visible%s%s", e != cudaSuccess ? ": " : "",
			 e != cudaSuccess ? cudaGetErrorString(e) : "");
		return -1;
	}
	if (device < 0 || device >= n) {
		snprintf(why, len, "no CUDA device %d (%d visible)", device, n);
		return -1;
	}
	CUDA_CHECK(cudaGetDeviceProperties(prop, device));
	return 0;
}

int gpu_open(int device, char *why, size_t len)
{
	if (gpu_query(device, &g_prop, why, len) != 0)
		return -1;
	CUDA_CHECK(cudaSetDevice(device));
	CUDA_CHECK(cudaFree(0));
	g_dev = device;
	return 0;
}

const char *gpu_build_commit(void) { return STENCIL_GIT_COMMIT; }
const char *gpu_build_dirty(void) { return STENCIL_GIT_DIRTY; }

const cudaDeviceProp *gpu_props(void) { return &g_prop; }
int gpu_device(void) { return g_dev; }

template <typename T> __device__ __forceinline__ T from_double(double v);
template <> __device__ __forceinline__ double from_double<double>(double v) { return v; }
template <> __device__ __forceinline__ float from_double<float>(double v) { return (float)v; }
template <> __device__ __forceinline__ __half from_double<__half>(double v) { return __float2half_rn((float)v); }

/* element i of an input (model/regime.h): random in [-1, 1) (the harness's), the allocation
 * index modulo 19 (SPIDER's), integers 0..99 from the same draw (rand() % 100), one, or infinite */
template <typename T> __global__ void fill_input(T *buf, long n, enum data_input in)
{
	for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
		const double u = sr_uniform(SR_SEED_INPUT, (uint64_t)i);
		buf[i] = from_double<T>(in == INPUT_INDEX_MOD19 ? (double)(i % 19) :
					in == INPUT_INT100 ? floor(50 * (u + 1)) : in == INPUT_ONE ? 1.0 :
					in == INPUT_INF ? INFINITY : u);
	}
}

static void fill(void *d_buf, long n, enum dtype dt, enum data_input in, cudaStream_t s)
{
	int blocks = 4 * g_prop.multiProcessorCount;
	if (dt == DT_FP64)
		fill_input<double><<<blocks, 256, 0, s>>>((double *)d_buf, n, in);
	else if (dt == DT_FP16)
		fill_input<__half><<<blocks, 256, 0, s>>>((__half *)d_buf, n, in);
	else
		fill_input<float><<<blocks, 256, 0, s>>>((float *)d_buf, n, in);
	CUDA_CHECK_LAUNCH(0);
}

void gpu_fill_input(void *d_buf, long n, enum dtype dt, cudaStream_t s)
{
	fill(d_buf, n, dt, INPUT_RANDOM, s);
}

void gpu_fill_regime(void *d_buf, long n, enum dtype dt, enum data_input in, cudaStream_t s)
{
	if (in == INPUT_ZERO)
		CUDA_CHECK(cudaMemsetAsync(d_buf, 0, (size_t)n * dtype_table[dt].bytes, s));
	else
		fill(d_buf, n, dt, in, s);
}

/* Read n 16-byte words through L2 (not L1), integer work only: no FLOP counter sees a flush. */
__global__ void read_buffer(const uint4 *__restrict__ a, long n, unsigned *sink)
{
	unsigned acc = 0;
	for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
		uint4 v = __ldcg(a + i);
		acc ^= v.x ^ v.y ^ v.z ^ v.w;
	}
	if (acc == 0x9e3779b9u)
		*sink = acc;
}

/*
 * Two read-only buffers of twice the L2's size each. Reading one evicts the lines the L2 holds,
 * and the dirty ones go back to DRAM during that read. The evict (untimed, before a launch) reads
 * A. The write-back inside the window reads B, then A: after a launch, every line of B misses,
 * and then every line of A does (the launch and B have pushed A out), in both of the write-back's
 * uses (after a launch, and alone after an evict), so its cost differs only by the launch's
 * write-back. Two reads, not one: on an H200, a single read after naive box2d1r fp32 10240^2
 * left the DRAM write count 20.6 MB above the output (the same 20.6 MB at 5120x10240 and
 * 30720x10240), while B then A gave the output's 419.4 MB within 0.1 % (REPRODUCE.md).
 */
static void l2_read(cudaStream_t s, int which)
{
	static void *buf[2];
	static unsigned *sink;
	static size_t size;
	if (!buf[0]) {
		size = gpu_flush_bytes(&g_prop) / 2;
		/* never written: a write here left dirty buffer lines that the first profiled range of
		 * the process counted (+20 MB of DRAM writes on an H200); the values read do not matter */
		for (int i = 0; i < 2; i++)
			CUDA_CHECK(cudaMalloc(&buf[i], size));
		CUDA_CHECK(cudaMalloc(&sink, sizeof(unsigned)));
		CUDA_CHECK(cudaDeviceSynchronize());
	}
	read_buffer<<<2 * g_prop.multiProcessorCount, 512, 0, s>>>((const uint4 *)buf[which],
								   (long)(size / 16), sink);
	CUDA_CHECK(cudaGetLastError());
}

void gpu_flush_l2(cudaStream_t s) { l2_read(s, 0); }
void gpu_writeback_l2(cudaStream_t s)
{
	l2_read(s, 1);
	l2_read(s, 0);
}
size_t gpu_flush_bytes(const cudaDeviceProp *p)
{
	return 4 * (p->l2CacheSize > 0 ? (size_t)p->l2CacheSize : (size_t)64 << 20);
}

/* ---- NVML, opened at run time (no nvml.h here: the few declarations it needs) ---- */

typedef struct nvml_device *nvml_device_t;
enum { NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2 };
static struct {
	int tried, ok;
	nvml_device_t dev;
	int (*init)(void);
	int (*by_pci)(const char *, nvml_device_t *);
	int (*clock)(nvml_device_t, int, unsigned *);
	int (*max_clock)(nvml_device_t, int, unsigned *);
	int (*ecc)(nvml_device_t, int *, int *);
	int (*persistence)(nvml_device_t, int *);
	int (*power_limit)(nvml_device_t, unsigned *);
	int (*driver_version)(char *, unsigned);
	int (*uuid)(nvml_device_t, char *, unsigned);
	int (*reasons)(nvml_device_t, unsigned long long *);
	int (*power)(nvml_device_t, unsigned *);
	int (*energy)(nvml_device_t, unsigned long long *);
} nvm;

static int nvml_open(void)
{
	void *h;
	char bus[64];
	if (nvm.tried)
		return nvm.ok;
	nvm.tried = 1;
	if (!(h = dlopen("libnvidia-ml.so.1", RTLD_NOW)))
		return 0;
#define SYM(f, name) *(void **)(&nvm.f) = dlsym(h, name)
	SYM(init, "nvmlInit_v2");
	SYM(by_pci, "nvmlDeviceGetHandleByPciBusId_v2");
	SYM(clock, "nvmlDeviceGetClockInfo");
	SYM(max_clock, "nvmlDeviceGetMaxClockInfo");
	SYM(ecc, "nvmlDeviceGetEccMode");
	SYM(persistence, "nvmlDeviceGetPersistenceMode");
	SYM(power_limit, "nvmlDeviceGetPowerManagementLimit");
	SYM(driver_version, "nvmlSystemGetDriverVersion");
	SYM(uuid, "nvmlDeviceGetUUID");
	SYM(reasons, "nvmlDeviceGetCurrentClocksEventReasons");
	if (!nvm.reasons)   /* drivers before 535 name it for throttling */
		SYM(reasons, "nvmlDeviceGetCurrentClocksThrottleReasons");
	SYM(power, "nvmlDeviceGetPowerUsage");
	SYM(energy, "nvmlDeviceGetTotalEnergyConsumption");
#undef SYM
	if (!nvm.init || !nvm.by_pci || !nvm.clock || nvm.init() != 0)
		return 0;
	if (cudaDeviceGetPCIBusId(bus, sizeof(bus), g_dev) != cudaSuccess || nvm.by_pci(bus, &nvm.dev) != 0)
		return 0;
	nvm.ok = 1;
	return 1;
}

int nvml_available(void) { return nvml_open(); }

static int nvml_clock_of(int which, int max)
{
	unsigned v;
	if (!nvml_open())
		return -1;
	if (max ? (!nvm.max_clock || nvm.max_clock(nvm.dev, which, &v) != 0)
		: nvm.clock(nvm.dev, which, &v) != 0)
		return -1;
	return (int)v;
}

int nvml_sm_clock(void) { return nvml_clock_of(NVML_CLOCK_SM, 0); }
int nvml_max_sm_clock(void) { return nvml_clock_of(NVML_CLOCK_SM, 1); }
int nvml_mem_clock(void) { return nvml_clock_of(NVML_CLOCK_MEM, 0); }
int nvml_max_mem_clock(void) { return nvml_clock_of(NVML_CLOCK_MEM, 1); }

long long nvml_clock_reasons(void)
{
	unsigned long long v;
	if (!nvml_open() || !nvm.reasons || nvm.reasons(nvm.dev, &v) != 0)
		return -1;
	return (long long)(v & 0x7fffffffffffffffULL);
}

double nvml_power_w(void)
{
	unsigned mw;
	if (!nvml_open() || !nvm.power || nvm.power(nvm.dev, &mw) != 0)
		return -1;
	return mw / 1000.0;
}

double nvml_power_limit_w(void)
{
	unsigned mw;
	if (!nvml_open() || !nvm.power_limit || nvm.power_limit(nvm.dev, &mw) != 0)
		return NAN;
	return mw / 1000.0;
}

double nvml_energy_mj(void)
{
	unsigned long long mj;
	if (!nvml_open() || !nvm.energy || nvm.energy(nvm.dev, &mj) != 0)
		return NAN;
	return (double)mj;
}

/* ---- meta.csv ---- */

void gpu_run_slug(char *buf, size_t len)
{
	char date[16];
	time_t now = time(NULL);
	strftime(date, sizeof(date), "%Y-%m-%d", gmtime(&now));
	run_slug(g_prop.name, (const unsigned char *)g_prop.uuid.bytes, date, buf, len);
}

void gpu_uuid_string(char *buf, size_t len)
{
	snprintf(buf, len, "GPU-");
	for (int i = 0; i < 16; i++)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%02x", i == 4 || i == 6 || i == 8 || i == 10 ? "-" : "",
			 (unsigned char)g_prop.uuid.bytes[i]);
}

int meta_same_gpu(const char *dir, char *other, size_t len)
{
	char path[1024], mine[64], err[256];
	struct csv_table t;
	int rc = 0;
	snprintf(path, sizeof(path), "%s/meta.csv", dir);
	if (access(path, F_OK) != 0)
		return 0;
	if (csv_table_read(path, &t, err, sizeof(err)) != 0) {
		snprintf(other, len, "an unreadable meta.csv (%s)", err);
		return -1;
	}
	gpu_uuid_string(mine, sizeof(mine));
	for (size_t r = 0; r < t.nrows && !rc; r++) {
		const char *u = csv_table_get(&t, r, "gpu_uuid");
		if (u && *u && strcmp(u, mine)) {
			snprintf(other, len, "%s", u);
			rc = -1;
		}
	}
	csv_table_free(&t);
	return rc;
}

int meta_gpu_relation(const char *dir)
{
	char path[1024], mine[64], err[256];
	struct csv_table t;
	int rel = META_GPU_NONE;
	snprintf(path, sizeof(path), "%s/meta.csv", dir);
	if (access(path, F_OK) != 0)
		return META_GPU_NONE;
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		return META_GPU_BAD;
	gpu_uuid_string(mine, sizeof(mine));
	for (size_t r = 0; r < t.nrows; r++) {
		const char *u = csv_table_get(&t, r, "gpu_uuid"), *n = csv_table_get(&t, r, "gpu_name");
		if (!u || !*u)
			continue;
		const int other = strcmp(u, mine) != 0, model = !n || strcmp(n, g_prop.name) != 0;
		const int r_rel = !other ? META_GPU_SAME : model ? META_GPU_OTHER : META_GPU_MODEL;
		rel = r_rel > rel ? r_rel : rel;   /* another model outranks another GPU, which outranks this */
	}
	csv_table_free(&t);
	return rel;
}

void meta_begin(struct run_meta *m, const char *tool, const char *protocol, const char *detail)
{
	char host[64] = "host";
	time_t now = time(NULL);
	char stamp[32];
	memset(m, 0, sizeof(*m));
	gethostname(host, sizeof(host) - 1);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", gmtime(&now));
	snprintf(m->run_id, sizeof(m->run_id), "%s-%ld", stamp, (long)getpid());
	snprintf(m->tool, sizeof(m->tool), "%s", tool);
	snprintf(m->protocol, sizeof(m->protocol), "%s", protocol);
	snprintf(m->detail, sizeof(m->detail), "%s", detail);
	m->sm_clock_start = nvml_sm_clock();
	m->mem_clock_start = nvml_mem_clock();
}

/* meta.csv opened for one more row, its earlier rows copied into it (by column name) */
static int meta_open(struct csv_writer *w, const char *path, const char *const *cols, size_t nc, char *err,
		     size_t len)
{
	struct csv_table old;
	int have_old = 0;
	if (access(path, F_OK) == 0) {
		if (csv_table_read(path, &old, err, len) != 0)
			return -1;
		have_old = 1;
	}
	if (csv_writer_open(w, path, cols, nc) != 0) {
		snprintf(err, len, "%s", atomic_error());
		if (have_old)
			csv_table_free(&old);
		return -1;
	}
	for (size_t r = 0; have_old && r < old.nrows; r++) {
		for (size_t c = 0; c < nc; c++) {
			const char *v = csv_table_get(&old, r, cols[c]);
			csv_put_str(w, v ? v : "");
		}
		csv_end_row(w);
	}
	if (have_old)
		csv_table_free(&old);
	return 0;
}

int meta_append(const char *dir, struct run_meta *m, char *err, size_t len)
{
	static const char *const cols[] = {
		"run_id", "tool", "date_utc", "host", "gpu_name", "gpu_uuid", "pci_bus_id", "sm_count",
		"l2_bytes", "memory_bytes", "compute_capability", "driver_version", "cuda_driver_api",
		"cuda_runtime", "nvcc_version", "cupti_version", "sm_clock_start_mhz",
		"sm_clock_end_mhz", "sm_clock_max_mhz", "mem_clock_start_mhz", "mem_clock_end_mhz",
		"mem_clock_max_mhz", "ecc", "persistence", "power_limit_w", "git_commit", "git_dirty",
		"protocol", "protocol_detail", "cpu_threads", "cpu_cores", "cpu_share", "startup_s", "rows_wall_s",
		"phase_setup_s", "phase_verify_s", "phase_counters_s", "phase_rest_s", "phase_warmup_s",
		"phase_samples_s", "phase_retakes_s", "phase_original_s", "phase_other_s",
	};
	const size_t nc = sizeof(cols) / sizeof(cols[0]);
	char path[1024], buf[256], date[32], host[64] = "host", uuid[64], bus[32];
	struct csv_writer w;
	int drv = 0, rt = 0, ecc = -1, pend = -1, pers = -1;
	unsigned pl = 0;
	uint32_t cupti = 0;
	time_t now = time(NULL);

	m->sm_clock_end = nvml_sm_clock();
	m->mem_clock_end = nvml_mem_clock();
	if (cli_mkdir_p(dir) != 0) {
		snprintf(err, len, "cannot create %s: %s", dir, strerror(errno));
		return -1;
	}
	snprintf(path, sizeof(path), "%s/meta.csv", dir);
	if (meta_open(&w, path, cols, nc, err, len) != 0)
		return -1;

	gethostname(host, sizeof(host) - 1);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	cudaDriverGetVersion(&drv);
	cudaRuntimeGetVersion(&rt);
	cuptiGetVersion(&cupti);
	cudaDeviceGetPCIBusId(bus, sizeof(bus), g_dev);
	gpu_uuid_string(uuid, sizeof(uuid));
	if (nvml_open()) {
		if (nvm.ecc)
			nvm.ecc(nvm.dev, &ecc, &pend);
		if (nvm.persistence)
			nvm.persistence(nvm.dev, &pers);
		if (nvm.power_limit)
			nvm.power_limit(nvm.dev, &pl);
	}
	csv_put_str(&w, m->run_id);
	csv_put_str(&w, m->tool);
	csv_put_str(&w, date);
	csv_put_str(&w, host);
	csv_put_str(&w, g_prop.name);
	csv_put_str(&w, uuid);
	csv_put_str(&w, bus);
	csv_put_int(&w, g_prop.multiProcessorCount);
	csv_put_int(&w, g_prop.l2CacheSize);
	csv_put_num(&w, (double)g_prop.totalGlobalMem);
	snprintf(buf, sizeof(buf), "%d.%d", g_prop.major, g_prop.minor);
	csv_put_str(&w, buf);
	buf[0] = '\0';
	if (nvml_open() && nvm.driver_version)
		nvm.driver_version(buf, sizeof(buf));
	csv_put_str(&w, buf[0] ? buf : "NA");
	csv_put_int(&w, drv);
	csv_put_int(&w, rt);
	snprintf(buf, sizeof(buf), "%d.%d.%d", __CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__,
		 __CUDACC_VER_BUILD__);
	csv_put_str(&w, buf);
	csv_put_int(&w, (long)cupti);
	csv_put_int(&w, m->sm_clock_start);
	csv_put_int(&w, m->sm_clock_end);
	csv_put_int(&w, nvml_max_sm_clock());
	csv_put_int(&w, m->mem_clock_start);
	csv_put_int(&w, m->mem_clock_end);
	csv_put_int(&w, nvml_max_mem_clock());
	csv_put_str(&w, ecc < 0 ? "NA" : ecc ? "on" : "off");
	csv_put_str(&w, pers < 0 ? "NA" : pers ? "on" : "off");
	if (pl)
		csv_put_num(&w, pl / 1000.0);
	else
		csv_put_str(&w, "NA");
	csv_put_str(&w, STENCIL_GIT_COMMIT);
	csv_put_str(&w, STENCIL_GIT_DIRTY);
	csv_put_str(&w, m->protocol);
	csv_put_str(&w, m->detail);
	{   /* the invocation's share of the host's cores (hostcpu.h) */
		int threads;
		char cores[512], share[256];
		hostcpu_meta(&threads, cores, sizeof(cores), share, sizeof(share));
		csv_put_int(&w, threads);
		csv_put_str(&w, cores);
		csv_put_str(&w, share);
	}
	/* the invocation's start-up (process start to its first row) and its rows' phase sums (NA: an
	 * invocation without rows, the ceilings) */
	if (m->rows > 0) {
		csv_put_num(&w, m->startup_s);
		csv_put_num(&w, m->rows_wall_s);
		for (int i = 0; i < PHASE_COUNT; i++)
			csv_put_num(&w, m->phase_s[i]);
	} else {
		for (int i = 0; i < PHASE_COUNT + 2; i++)
			csv_put_str(&w, "NA");
	}
	csv_end_row(&w);
	if (csv_writer_close(&w) != 0) {
		snprintf(err, len, "%s", atomic_error());
		return -1;
	}
	return 0;
}
