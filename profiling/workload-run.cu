/*
 * workload-run.cu - `stencilbench run --experiment F` for the nongemm paper's workload lists
 * (model/workload.h; experiments/nongemm-figure6.csv, nongemm-figure7.csv, nongemm-figure8.csv):
 * each configuration allocated, its method set up (a preprocessing step timed there), verified
 * against the CPU, then timed with the timing protocol (the 1-second warm-up of nongemm Listing 1;
 * samples until 0.5 % RSD or 1 s) hot: back-to-back launches, the L2 kept, as the paper times
 * them, so that data within the L2 runs from it. A sample is K launches between two events, K
 * giving a window of at least 200 us, and their mean: a lone launch of a small problem would time
 * the launch's latency, not the kernel. With --original each row is first timed as a fixed-count
 * driver on an idle GPU times it, and again after the protocol (protocol.h; Figure 7).
 * Verification: SCALE (a_i = q b_i) is exact in fp64 on either unit, so every element must match
 * to 1e-15; SpMV's every row must match the CPU CSR product to 1e-12 of the row's |A||x|.
 * The CSV (its columns: runcsv.c, host C; this file fills the rows): one row a configuration
 * with GB/s and GFLOP/s (workload_bytes, workload_flops), the preprocessing time, the kernel's
 * registers (cudaFuncGetAttributes; NA for cuSPARSE's), the host's time to issue one launch
 * (issue_s: where it nears the median, the row times the issue rate, not the GPU) and, with
 * --original, the SM clock after the pause (orig_idle_mhz).
 */
#include <errno.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "gpu.h"
#include "kworkload.h"

extern "C" {
#include "cli.h"
#include "csvio.h"
#include "experiment.h"
#include "protocol.h"
#include "matrix.h"
#include "workload.h"
}

#define WL_Q 0.7071067811865476   /* the scale factor: not a power of two, so rounding is exercised */
#define WL_MATRIX_DIR "data/matrices"   /* mm:NAME matrices, from the repository root */
#define SPMV_TOL 1e-12                  /* of a row's |A||x|: summation order only */

/* one configuration, measured: what the workload run CSV's columns read (runcsv.h), and its
 * method */
struct wl_row : wl_result {
	const struct workload_method *m;
};

/* one configuration's data: the problem a launch works on, and what verification compares */
struct wl_data {
	struct wl_problem p;
	const struct csr *m;      /* SpMV: the matrix on the host (the cache's) */
	const double *want, *wabs;   /* SpMV: the CPU product and |A||x| (the cache's) */
	void *dev[6];             /* device buffers, freed at the end */
};

struct wl_timing {
	const struct workload_method *m;
	struct wl_problem *p;
	cudaStream_t s;
	cudaEvent_t e0, e1;
	int k;   /* launches a sample: back to back, so that the window holds far more than a launch's latency */
	double issue_sum;   /* host seconds issuing the samples' launches, and how many samples */
	long issue_n;
};

static int w_launch(void *c, long k)
{
	struct wl_timing *t = (struct wl_timing *)c;
	for (long i = 0; i < k; i++)
		t->m->launch(t->p, t->s);
	CUDA_CHECK(cudaGetLastError());
	CUDA_CHECK(cudaStreamSynchronize(t->s));
	return 0;
}

static int w_sample(void *c, int flush, struct protocol_sample *smp)
{
	struct wl_timing *t = (struct wl_timing *)c;
	float ms;
	(void)flush;   /* hot: the L2 is kept between launches */
	CUDA_CHECK(cudaEventRecord(t->e0, t->s));
	const double h0 = bench_now(NULL);
	for (int i = 0; i < t->k; i++)
		t->m->launch(t->p, t->s);
	t->issue_sum += (bench_now(NULL) - h0) / t->k, t->issue_n++;   /* a sample issued no faster than this */
	CUDA_CHECK(cudaEventRecord(t->e1, t->s));
	CUDA_CHECK(cudaGetLastError());
	bench_read_nvml(smp);   /* while the launches run */
	CUDA_CHECK(cudaEventSynchronize(t->e1));
	CUDA_CHECK(cudaEventElapsedTime(&ms, t->e0, t->e1));
	smp->seconds = ms * 1e-3 / t->k;
	return 0;
}

/* the launches a sample needs for a window of at least WL_WINDOW_S: a launch's time from 10 back
 * to back (events around them) */
#define WL_WINDOW_S 200e-6
static int wl_launches_per_sample(struct wl_timing *t)
{
	struct protocol_sample smp;
	t->k = 10;
	w_sample(t, 0, &smp);
	const double k = ceil(WL_WINDOW_S / fmax(smp.seconds, 1e-9));
	return (int)fmin(fmax(k, 1), 100000);
}

static void *dev_alloc(struct wl_data *d, int slot, size_t bytes)
{
	CUDA_CHECK(cudaMalloc(&d->dev[slot], bytes ? bytes : 1));
	return d->dev[slot];
}

static void *host_alloc(size_t bytes)
{
	void *v = malloc(bytes ? bytes : 1);
	if (!v)
		cli_fail("stencilbench", "out of host memory (%zu bytes)", bytes);
	return v;
}

/* SCALE: b the hash inputs, a NaN (an element not written fails) */
static void scale_prepare(struct wl_data *d, long n)
{
	double *b = (double *)dev_alloc(d, 0, sizeof(double) * (size_t)n);
	double *a = (double *)dev_alloc(d, 1, sizeof(double) * (size_t)n);
	gpu_fill_input(b, n, DT_FP64, 0);
	CUDA_CHECK(cudaMemset(a, 0xff, sizeof(double) * (size_t)n));
	d->p.b = b, d->p.a = a, d->p.n = n, d->p.q = WL_Q;
}

/* the last matrix built, with its row statistics and CPU product: a list's methods follow each
 * other on one matrix, which is then built, measured and multiplied on the CPU once */
static struct {
	char matrix[64];
	long n;
	struct csr m;
	double len_mean, len_cv, *want, *wabs;
	long len_max;
} mcache;

static int matrix_cached(const struct workload_config *c, char *why, size_t len)
{
	if (mcache.m.rowptr && mcache.n == c->n && !strcmp(mcache.matrix, c->matrix))
		return 0;
	csr_free(&mcache.m);
	free(mcache.want);
	free(mcache.wabs);
	memset(&mcache, 0, sizeof(mcache));
	if (matrix_make(c->matrix, c->n, WL_MATRIX_DIR, &mcache.m, why, len) != 0)
		return -1;
	snprintf(mcache.matrix, sizeof(mcache.matrix), "%s", c->matrix);
	mcache.n = c->n;
	csr_row_stats(&mcache.m, &mcache.len_mean, &mcache.len_max, &mcache.len_cv);
	return 0;
}

/* SpMV: the matrix (built on the host) uploaded, x the hash inputs, y NaN, the CPU product */
static int spmv_prepare(struct wl_row *r, struct wl_data *d)
{
	char why[256];
	if (matrix_cached(r->c, why, sizeof(why)) != 0) {
		snprintf(r->reason, sizeof(r->reason), "%s", why);
		return -1;
	}
	const struct csr *m = &mcache.m;
	r->rows = m->rows, r->cols = m->cols, r->nnz = m->nnz;
	r->len_mean = mcache.len_mean, r->len_max = mcache.len_max, r->len_cv = mcache.len_cv;
	int *rp = (int *)dev_alloc(d, 0, sizeof(int) * (size_t)(m->rows + 1));
	int *ci = (int *)dev_alloc(d, 1, sizeof(int) * (size_t)m->nnz);
	double *va = (double *)dev_alloc(d, 2, sizeof(double) * (size_t)m->nnz);
	double *x = (double *)dev_alloc(d, 3, sizeof(double) * (size_t)m->cols);
	double *y = (double *)dev_alloc(d, 4, sizeof(double) * (size_t)m->rows);
	CUDA_CHECK(cudaMemcpy(rp, m->rowptr, sizeof(int) * (size_t)(m->rows + 1), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(ci, m->col, sizeof(int) * (size_t)m->nnz, cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(va, m->val, sizeof(double) * (size_t)m->nnz, cudaMemcpyHostToDevice));
	gpu_fill_input(x, m->cols, DT_FP64, 0);
	CUDA_CHECK(cudaMemset(y, 0xff, sizeof(double) * (size_t)m->rows));
	if (!mcache.want) {
		double *hx = (double *)host_alloc(sizeof(double) * (size_t)m->cols);
		CUDA_CHECK(cudaMemcpy(hx, x, sizeof(double) * (size_t)m->cols, cudaMemcpyDeviceToHost));
		mcache.want = (double *)host_alloc(sizeof(double) * (size_t)m->rows);
		mcache.wabs = (double *)host_alloc(sizeof(double) * (size_t)m->rows);
		csr_spmv(m, hx, mcache.want, mcache.wabs);
		free(hx);
	}
	d->m = m, d->want = mcache.want, d->wabs = mcache.wabs;
	d->p.host = m, d->p.rowptr = rp, d->p.col = ci, d->p.val = va, d->p.x = x, d->p.y = y;
	return 0;
}

/* the launch's output against the CPU's, every element; 0 when all match */
/* SCALE's largest relative error over all n elements: a against q b, b recomputed on the host
 * (grid_input, the values gpu_fill_input wrote), a copied in pieces through a pinned buffer (up
 * to 2^30 elements a row: pageable copies and a second array would cost seconds a row) */
#define SCALE_CHUNK (1L << 23)
static double scale_max_rel(const double *d_a, long n)
{
	static double *h;
	double mx = 0;
	if (!h)
		CUDA_CHECK(cudaMallocHost(&h, sizeof(double) * SCALE_CHUNK));
	for (long at = 0; at < n; at += SCALE_CHUNK) {
		const long m = n - at < SCALE_CHUNK ? n - at : SCALE_CHUNK;
		CUDA_CHECK(cudaMemcpy(h, d_a + at, sizeof(double) * (size_t)m, cudaMemcpyDeviceToHost));
#pragma omp parallel for reduction(max : mx) schedule(static)
		for (long i = 0; i < m; i++) {
			const double want = WL_Q * grid_input(DT_FP64, at + i);
			const double e = fabs(h[i] - want) / fmax(fabs(want), 1e-300);
			mx = fmax(mx, isnan(e) ? INFINITY : e);   /* an unwritten element is NaN: fails */
		}
	}
	return mx;
}

static int wl_verify(struct wl_row *r, struct wl_data *d)
{
	const int spmv = r->c->kind == WL_SPMV;
	const long n = spmv ? d->m->rows : r->c->n;
	if (spmv) {
		double *out = (double *)host_alloc(sizeof(double) * (size_t)n);
		CUDA_CHECK(cudaMemcpy(out, d->p.y, sizeof(double) * (size_t)n, cudaMemcpyDeviceToHost));
		r->max_rel = spmv_max_rel(out, d->want, d->wabs, n);
		free(out);
	} else {
		r->max_rel = scale_max_rel((const double *)d->p.a, n);
	}
	r->verified = n;
	const double tol = spmv ? SPMV_TOL : 1e-15;
	if (r->max_rel <= tol)
		return 0;
	snprintf(r->status, sizeof(r->status), "wrong");
	snprintf(r->reason, sizeof(r->reason), "max relative error %.3g over %.0e", r->max_rel, tol);
	return -1;
}

static void wl_release(struct wl_row *r, struct wl_data *d)
{
	if (r->m->teardown)
		r->m->teardown(&d->p);
	for (int i = 0; i < 6; i++)
		CUDA_CHECK(cudaFree(d->dev[i]));
}

/* a verified row timed: --original's cold part, the protocol, --original's warm part (their time
 * and the sample sizing's in their phases); whether protocol_row ran */
static int wl_time(struct wl_row *r, const struct options *o, struct wl_problem *prob)
{
	struct wl_timing t = { r->m, prob, 0, NULL, NULL, 1, 0, 0 };
	struct protocol_ops ops = { &t, bench_now, w_launch, w_sample, bench_rest, bench_clock, bench_energy,
				    bench_energy_begin, bench_energy_end };
	int ran = 0;
	double t0 = bench_now(NULL);
	CUDA_CHECK(cudaEventCreate(&t.e0));
	CUDA_CHECK(cudaEventCreate(&t.e1));
	const int cold = !o->original || protocol_original(&ops, &r->orig) == 0;
	r->phase[PHASE_ORIGINAL] += bench_now(NULL) - t0;
	if (cold) {
		t0 = bench_now(NULL);
		t.k = wl_launches_per_sample(&t);
		r->per_sample = t.k;
		r->phase[PHASE_SAMPLES] += bench_now(NULL) - t0;
		t.issue_sum = 0, t.issue_n = 0;   /* the protocol's samples only */
		/* hot (a sample holds K launches and at least 200 us): the row's own warm-up (the list's
		 * for the warm-up study), then its samples */
		ran = options_time_row(o, 1, r->c->warmup_s, r->c->rest_s, &ops, &r->pr) == 0;
		r->issue_s = t.issue_n ? t.issue_sum / (double)t.issue_n : NAN;
		t0 = bench_now(NULL);
		const int warm = ran && (!o->original || protocol_original_warm(&ops, &r->orig) == 0);
		r->phase[PHASE_ORIGINAL] += bench_now(NULL) - t0;
		if (warm) {
			r->timed = 1;
			snprintf(r->status, sizeof(r->status), "ok");
		}
	}
	CUDA_CHECK(cudaEventDestroy(t.e0));
	CUDA_CHECK(cudaEventDestroy(t.e1));
	return ran;
}

/* set up, verify and (when timing) time one configuration; r->status says how it ended */
static void wl_measure(struct wl_row *r, const struct options *o, int sms, int cc, int timing)
{
	const char *why = r->m->supports(r->c->option, cc);
	struct wl_data d;
	const double t_row = bench_now(NULL);
	double t_mark = t_row;   /* the start of the teardown (a failed set-up: all of it is set-up) */
	int ran = 0, verified;
	memset(&d, 0, sizeof(d));
	snprintf(r->status, sizeof(r->status), "skipped");
	r->wall_s = NAN;
	for (int i = 0; i < PHASE_COUNT; i++)
		r->phase[i] = 0;
	r->preprocess_s = r->orig.cold_s = r->orig.warm_s = r->orig.idle_mhz = r->issue_s = NAN;
	r->regs = -1;
	if (why) {
		snprintf(r->reason, sizeof(r->reason), "%s", why);
		return;
	}
	bench_energy_reads(NULL);   /* this row's energy reads from here */
	if (r->m->kernel) {
		struct cudaFuncAttributes fa;
		CUDA_CHECK(cudaFuncGetAttributes(&fa, r->m->kernel(r->c->option)));
		r->regs = fa.numRegs;
	}
	d.p.option = r->c->option, d.p.sms = sms, d.p.cc = cc;
	if (r->c->kind == WL_SCALE)
		scale_prepare(&d, r->c->n);
	else if (spmv_prepare(r, &d) != 0)
		goto done;
	char serr[160];
	if (r->m->setup && r->m->setup(&d.p, serr, sizeof(serr)) != 0) {
		snprintf(r->reason, sizeof(r->reason), "setup failed: %s", serr);
		goto done;
	}
	if (r->m->preprocess) {   /* timed here: host clock, the device synchronised after it */
		const double t0 = bench_now(NULL);
		const int pre = r->m->preprocess(&d.p, serr, sizeof(serr));
		CUDA_CHECK(cudaDeviceSynchronize());
		if (pre < 0) {
			snprintf(r->reason, sizeof(r->reason), "setup failed: %s", serr);
			goto done;
		}
		if (pre == 0)
			r->preprocess_s = bench_now(NULL) - t0;
	}
	r->padded = d.p.padded;
	t_mark = bench_now(NULL);
	r->phase[PHASE_SETUP] += t_mark - t_row;
	r->m->launch(&d.p, 0);
	CUDA_CHECK(cudaGetLastError());
	CUDA_CHECK(cudaDeviceSynchronize());
	verified = wl_verify(r, &d) == 0;
	r->phase[PHASE_VERIFY] = bench_now(NULL) - t_mark;
	if (verified) {
		if (timing)
			ran = wl_time(r, o, &d.p);
		else
			snprintf(r->status, sizeof(r->status), "ok");
	}
	t_mark = bench_now(NULL);
done:
	wl_release(r, &d);
	bench_energy_reads(&r->er);
	r->wall_s = bench_now(NULL) - t_row;
	/* the teardown joins the set-up (a failed set-up: the whole row) */
	r->phase[PHASE_SETUP] += r->wall_s - (t_mark - t_row);
	run_phases_finish(r->phase, r->wall_s, ran, &r->pr);
}


/* what r ran, for the variant column ("" when it was skipped) */
static void wl_variant(struct wl_row *r)
{
	const char *v = strcmp(r->status, "skipped") ? r->m->variant(r->c->option) : "";
	snprintf(r->variant, sizeof(r->variant), "%s", v ? v : "");
}

int workload_cmd_run(const struct options *o)
{
	static const char *prog = "stencilbench";
	int wrong = 0;
	struct workload_config *cfgs;
	size_t n;
	char err[1024], tmp[1024], dir[1024], proto[1024];
	if (workload_read(o->experiment, &cfgs, &n, err, sizeof(err)) != 0)
		cli_bad_input(prog, "%s", err);
	for (size_t i = 0; i < n; i++)
		if (!workload_method_find(cfgs[i].method))
			cli_bad_input(prog, "%s:%ld: method %s has no kernel in this build", o->experiment, cfgs[i].line,
				      cfgs[i].method);
	snprintf(tmp, sizeof(tmp), "%s", o->out);
	snprintf(dir, sizeof(dir), "%s", dirname(tmp));
	bench_refuse_dirty();
	bench_open_device(o);
	bench_refuse_other_gpu(dir);
	if (cli_mkdir_p(dir) != 0)
		cli_fail(prog, "cannot create %s: %s", dir, strerror(errno));
	const cudaDeviceProp *prop = gpu_props();
	for (size_t i = 0; i < n; i++)   /* SCALE's two arrays; a matrix's size is known once built */
		if (cfgs[i].kind == WL_SCALE && 2.0 * 8 * (double)cfgs[i].n > 0.9 * (double)prop->totalGlobalMem)
			cli_bad_input(prog, "%s:%ld: size %s does not fit %s", o->experiment, cfgs[i].line, cfgs[i].size,
				      prop->name);
	char detail[1024];
	int own_timing = 0;
	for (size_t i = 0; i < n; i++)
		own_timing |= cfgs[i].warmup_s > 0 || cfgs[i].rest_s > 0;
	options_protocol_text(o, 1, own_timing, proto, sizeof(proto), detail, sizeof(detail));
	struct run_meta meta;
	meta_begin(&meta, "stencilbench run", proto, detail);
	struct wl_row *rows = (struct wl_row *)calloc(n, sizeof(struct wl_row));
	for (size_t i = 0; i < n; i++) {
		struct wl_row *r = &rows[i];
		r->c = &cfgs[i];
		r->m = workload_method_find(cfgs[i].method);
		snprintf(r->name, sizeof(r->name), "%s%s%s", cfgs[i].method, cfgs[i].option[0] ? ":" : "", cfgs[i].option);
		fprintf(stderr, "[%zu/%zu] %s %s %s%s%s n=%ld ... ", i + 1, n, cfgs[i].workload,
			dtype_table[cfgs[i].dtype].name, cfgs[i].matrix, cfgs[i].matrix[0] ? " " : "", r->name, cfgs[i].n);
		const double t_row = bench_now(NULL);
		wl_measure(r, o, prop->multiProcessorCount, prop->major * 10 + prop->minor, 1);
		bench_meta_row(&meta, t_row, r->wall_s, r->phase);
		wl_variant(r);
		if (r->timed)
			fprintf(stderr, "%.1f GB/s %s\n", workload_bytes(r->c, r->rows, r->cols, r->nnz) /
				r->pr.time.median * 1e-9, r->status);
		else
			fprintf(stderr, "%s%s%s\n", r->status, r->reason[0] ? ": " : "", r->reason);
		wrong += !strcmp(r->status, "wrong");
	}
	struct csv_writer w;
	if (csv_writer_open(&w, o->out, wl_columns(), wl_column_count()) != 0)
		cli_fail(prog, "%s", atomic_error());
	char uuid[64];
	gpu_uuid_string(uuid, sizeof(uuid));
	const struct run_ids ids = { meta.run_id, uuid, gpu_build_commit(), gpu_build_dirty(), "NA", o->replica,
				     data_regime_name(DATA_RANDOM) };
	for (size_t i = 0; i < n; i++)   /* the columns: runcsv.c */
		wl_csv_row(&w, &rows[i], &ids);
	bench_commit_run(&w, dir, &meta, o->out, n, wrong);
	for (size_t i = 0; i < n; i++)
		protocol_free(&rows[i].pr);
	free(rows);
	free(cfgs);
	return wrong ? EXIT_WRONG : 0;
}

/* make test-gpu's part for the workloads: every method and variant verified (not timed) on SCALE
 * at odd lengths and on every matrix family, long rows and the real matrices included; counts
 * added to the caller's */
void workload_check(const struct options *o, int *passed, int *failed, int *skipped)
{
	static const struct { const char *workload, *matrix; long n; } probs[] = {
		{ "scale", "", 100003 }, { "scale", "", (1L << 20) + 37 },
		{ "spmv", "poisson2d", 97 * 97 }, { "spmv", "poisson3d", 23 * 23 * 23 }, { "spmv", "banded", 10007 },
		{ "spmv", "powerlaw", 100003 }, { "spmv", "mm:jgl009", 9 }, { "spmv", "mm:lund_a", 147 },
		{ "spmv", "mm:pores_1", 30 },
	};
	const cudaDeviceProp *prop = gpu_props();
	for (size_t mi = 0; mi < workload_method_rows; mi++) {
		const struct workload_method_row *row = &workload_methods[mi];
		if (o->method_filter && strcmp(o->method_filter, row->name))
			continue;
		for (int vi = 0; vi < option_variants(row->options); vi++)
			for (size_t k = 0; k < sizeof(probs) / sizeof(probs[0]); k++) {
				struct workload_config c;
				struct wl_row r;
				if (strcmp(probs[k].workload, row->workload))
					continue;
				memset(&c, 0, sizeof(c));
				memset(&r, 0, sizeof(r));
				c.kind = strcmp(row->workload, "scale") ? WL_SPMV : WL_SCALE;
				c.workload = row->workload, c.dtype = DT_FP64, c.n = probs[k].n;
				snprintf(c.method, sizeof(c.method), "%s", row->name);
				option_variant(row->options, vi, c.option, sizeof(c.option));
				snprintf(c.matrix, sizeof(c.matrix), "%s", probs[k].matrix);
				snprintf(c.size, sizeof(c.size), "%ld", c.n);
				r.c = &c;
				r.m = workload_method_find(row->name);
				snprintf(r.name, sizeof(r.name), "%s%s%s", c.method, c.option[0] ? ":" : "", c.option);
				if (!r.m)
					cli_fail("stencilbench", "workload method %s has no kernel in this build", row->name);
				struct options q = *o;
				q.original = 0;
				wl_measure(&r, &q, prop->multiProcessorCount, prop->major * 10 + prop->minor, 0);
				*passed += !strcmp(r.status, "ok");
				*failed += !strcmp(r.status, "wrong");
				*skipped += strcmp(r.status, "ok") && strcmp(r.status, "wrong");
				printf("%-7s %-16s %-9s fp64 %s n=%ld max_rel=%.3g%s%s\n", r.status, r.name, c.workload,
				       c.matrix, c.n, r.max_rel, r.reason[0] ? ": " : "", r.reason);
				fflush(stdout);
			}
	}
}
