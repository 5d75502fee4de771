/*
 * workload-run.cu - `stencilbench run --experiment F` for the nongemm paper's workload lists
 * (model/workload.h; experiments/nongemm-figure6.csv): each configuration allocated, verified
 * against the CPU on the hash inputs every run uses (SCALE: a_i = q b_i, exact in fp64 on either
 * unit, so every element must match to 1e-15), then timed with the timing protocol (the 1-second
 * warm-up of nongemm Listing 1; samples until 0.5 % RSD or 1 s) hot: back-to-back launches, the L2 kept,
 * as the paper times SCALE, so that arrays within the L2 run from it. A sample is K launches
 * between two events, K giving a window of at least 200 us, and their mean: a lone launch of a
 * small array would time the launch's latency, not the kernel. The CSV: one row a
 * configuration with GB/s (bytes read + written), GFLOP/s (one multiply an element) and the
 * kernel's registers (cudaFuncGetAttributes). Used by make nongemm-figure6.
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
#include "workload.h"
}

#define WL_Q 0.7071067811865476   /* the scale factor: not a power of two, so rounding is exercised */

static const char *const wl_cols[] = {
	"run_id", "label", "workload", "dtype", "method", "variant", "size", "elements", "bytes", "status", "reason",
	"verify_max_rel", "verified", "samples", "throttled_samples", "stop_reason", "warmup_s", "warmup_launches",
	"time_median_s", "time_min_s", "time_q1_s", "time_q3_s", "time_rsd", "sm_clock_median_mhz", "sm_clock_min_mhz",
	"throttle_retakes", "launches_per_sample", "gbps", "gflop_per_s", "registers", "window", "git_commit",
	"git_dirty",
};

struct wl_row {
	const struct workload_config *c;
	const struct workload_method *m;
	char status[16], reason[160], name[64];
	double max_rel;
	long verified;
	int regs, timed, per_sample;
	struct protocol_result pr;
};

struct wl_timing {
	const struct workload_method *m;
	const char *opt;
	const double *b;
	double *a;
	long n;
	int sms;
	cudaStream_t s;
	cudaEvent_t e0, e1;
	int k;   /* launches a sample: back to back, so that the window holds far more than a launch's latency */
};

static int w_launch(void *c, long k)
{
	struct wl_timing *t = (struct wl_timing *)c;
	for (long i = 0; i < k; i++)
		t->m->launch(t->opt, t->b, t->a, t->n, WL_Q, t->s, t->sms);
	CUDA_CHECK(cudaGetLastError());
	CUDA_CHECK(cudaStreamSynchronize(t->s));
	return 0;
}

static int w_sample(void *c, int flush, double *sec, double *mhz)
{
	struct wl_timing *t = (struct wl_timing *)c;
	float ms;
	(void)flush;   /* hot: the L2 is kept between launches */
	CUDA_CHECK(cudaEventRecord(t->e0, t->s));
	for (int i = 0; i < t->k; i++)
		t->m->launch(t->opt, t->b, t->a, t->n, WL_Q, t->s, t->sms);
	CUDA_CHECK(cudaEventRecord(t->e1, t->s));
	CUDA_CHECK(cudaGetLastError());
	*mhz = nvml_sm_clock();
	CUDA_CHECK(cudaEventSynchronize(t->e1));
	CUDA_CHECK(cudaEventElapsedTime(&ms, t->e0, t->e1));
	*sec = ms * 1e-3 / t->k;
	return 0;
}

/* the launches a sample needs for a window of at least WL_WINDOW_S: a launch's time from 10 back
 * to back (events around them) */
#define WL_WINDOW_S 200e-6
static int wl_launches_per_sample(struct wl_timing *t)
{
	double sec, mhz;
	t->k = 10;
	w_sample(t, 0, &sec, &mhz);
	const double k = ceil(WL_WINDOW_S / fmax(sec, 1e-9));
	return (int)fmin(fmax(k, 1), 100000);
}

/* verify a against q b on the host, every element; 0 when all match */
static int wl_verify(struct wl_row *r, const double *d_b, const double *d_a, long n)
{
	double *b = (double *)malloc(sizeof(double) * (size_t)n), *a = (double *)malloc(sizeof(double) * (size_t)n);
	if (!a || !b)
		cli_fail("stencilbench", "out of host memory verifying %ld elements", n);
	CUDA_CHECK(cudaMemcpy(b, d_b, sizeof(double) * (size_t)n, cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(a, d_a, sizeof(double) * (size_t)n, cudaMemcpyDeviceToHost));
	r->max_rel = 0;
	for (long i = 0; i < n; i++) {
		const double want = WL_Q * b[i], e = fabs(a[i] - want) / fmax(fabs(want), 1e-300);
		if (!(e <= r->max_rel))
			r->max_rel = isnan(e) ? INFINITY : e;
	}
	r->verified = n;
	free(a);
	free(b);
	return r->max_rel <= 1e-15 ? 0 : -1;
}

/* the runner's protocol, hot, with at most 1 s of samples a row: a sample holds K launches and
 * at least 200 us, so a second is thousands of launches, and the 155 rows of Figure 6 stay
 * within ten minutes */
static void wl_protocol(const struct options *o, struct protocol *p)
{
	protocol_from(o, p);
	p->flush_l2 = 0;
	p->max_sample_s = fmin(p->max_sample_s, 1.0);
}

static void wl_measure(struct wl_row *r, const struct options *o, int sms, int cc)
{
	const long n = r->c->n;
	const char *why = r->m->supports(r->c->option, cc);
	struct cudaFuncAttributes fa;
	snprintf(r->status, sizeof(r->status), "skipped");
	if (why) {
		snprintf(r->reason, sizeof(r->reason), "%s", why);
		return;
	}
	CUDA_CHECK(cudaFuncGetAttributes(&fa, r->m->kernel(r->c->option)));
	r->regs = fa.numRegs;
	double *b, *a;
	CUDA_CHECK(cudaMalloc(&b, sizeof(double) * (size_t)n));
	CUDA_CHECK(cudaMalloc(&a, sizeof(double) * (size_t)n));
	gpu_fill_input(b, n, DT_FP64, 0);
	CUDA_CHECK(cudaMemset(a, 0xff, sizeof(double) * (size_t)n));   /* NaN: an element not written fails */
	r->m->launch(r->c->option, b, a, n, WL_Q, 0, sms);
	CUDA_CHECK(cudaGetLastError());
	CUDA_CHECK(cudaDeviceSynchronize());
	if (wl_verify(r, b, a, n) != 0) {
		snprintf(r->status, sizeof(r->status), "wrong");
		snprintf(r->reason, sizeof(r->reason), "max relative error %.3g over 1e-15", r->max_rel);
	} else {
		struct wl_timing t = { r->m, r->c->option, b, a, n, sms, 0, NULL, NULL, 1 };
		struct protocol p;
		struct protocol_ops ops = { &t, bench_now, w_launch, w_sample, bench_rest };
		wl_protocol(o, &p);
		CUDA_CHECK(cudaEventCreate(&t.e0));
		CUDA_CHECK(cudaEventCreate(&t.e1));
		t.k = wl_launches_per_sample(&t);
		r->per_sample = t.k;
		if (protocol_run(&p, &ops, nvml_max_sm_clock(), &r->pr) == 0) {
			r->timed = 1;
			snprintf(r->status, sizeof(r->status), "ok");
		}
		CUDA_CHECK(cudaEventDestroy(t.e0));
		CUDA_CHECK(cudaEventDestroy(t.e1));
	}
	CUDA_CHECK(cudaFree(a));
	CUDA_CHECK(cudaFree(b));
}

static void wl_write(struct csv_writer *w, const struct wl_row *r, const char *run_id)
{
	const struct protocol_result *p = &r->pr;
	const double bytes = 16.0 * (double)r->c->n, t = r->timed ? p->time.median : NAN;
	csv_put_str(w, run_id);
	csv_put_str(w, r->c->label);
	csv_put_str(w, r->c->workload);
	csv_put_str(w, dtype_table[r->c->dtype].name);
	csv_put_str(w, r->name);
	csv_put_str(w, strcmp(r->status, "skipped") ? r->m->variant(r->c->option) : "");
	csv_put_str(w, r->c->size);
	csv_put_int(w, r->c->n);
	csv_put_num(w, bytes);
	csv_put_str(w, r->status);
	csv_put_str(w, r->reason);
	csv_put_num(w, r->verified ? r->max_rel : NAN);
	csv_put_int(w, r->verified);
	csv_put_int(w, r->timed ? p->n : 0);
	csv_put_int(w, r->timed ? p->throttled : 0);
	csv_put_str(w, r->timed ? protocol_stop_name(p->stop_reason) : "");
	csv_put_num(w, r->timed ? p->warmup_s : NAN);
	csv_put_int(w, r->timed ? p->warmup_launches : 0);
	csv_put_num(w, t);
	csv_put_num(w, r->timed ? p->time.min : NAN);
	csv_put_num(w, r->timed ? p->time.q1 : NAN);
	csv_put_num(w, r->timed ? p->time.q3 : NAN);
	csv_put_num(w, r->timed ? p->time.rsd : NAN);
	csv_put_num(w, r->timed ? p->sm_mhz_median : NAN);
	csv_put_num(w, r->timed ? p->sm_mhz_min : NAN);
	csv_put_int(w, r->timed ? p->retakes : 0);
	csv_put_int(w, r->timed ? r->per_sample : 0);
	csv_put_num(w, bytes / t * 1e-9);
	csv_put_num(w, (double)r->c->n / t * 1e-9);
	csv_put_num(w, strcmp(r->status, "skipped") ? (double)r->regs : NAN);
	csv_put_str(w, "hot");
	csv_put_str(w, gpu_build_commit());
	csv_put_str(w, gpu_build_dirty());
	csv_end_row(w);
}

int workload_cmd_run(const struct options *o)
{
	static const char *prog = "stencilbench";
	int wrong = 0;
	struct workload_config *cfgs;
	size_t n;
	char err[1024], tmp[1024], dir[1024], proto[256];
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
	for (size_t i = 0; i < n; i++)
		if (2.0 * 8 * (double)cfgs[i].n > 0.9 * (double)prop->totalGlobalMem)
			cli_bad_input(prog, "%s:%ld: size %s does not fit %s", o->experiment, cfgs[i].line, cfgs[i].size,
				      prop->name);
	struct protocol p;
	wl_protocol(o, &p);
	snprintf(proto, sizeof(proto), "%swarm-up %.2f s after %d calibration launches; samples >= %d until RSD <= "
		 "%.1f%% or %.1f s; window hot (back-to-back launches, the L2 kept); counters off", o->quick ? "QUICK: " : "",
		 p.warmup_s, p.calib_launches, p.min_samples, 100 * p.target_rsd, p.max_sample_s);
	struct run_meta meta;
	meta_begin(&meta, "stencilbench run", proto);
	struct wl_row *rows = (struct wl_row *)calloc(n, sizeof(struct wl_row));
	for (size_t i = 0; i < n; i++) {
		struct wl_row *r = &rows[i];
		r->c = &cfgs[i];
		r->m = workload_method_find(cfgs[i].method);
		snprintf(r->name, sizeof(r->name), "%s%s%s", cfgs[i].method, cfgs[i].option[0] ? ":" : "", cfgs[i].option);
		fprintf(stderr, "[%zu/%zu] %s %s %s n=%ld ... ", i + 1, n, cfgs[i].workload, dtype_table[cfgs[i].dtype].name,
			r->name, cfgs[i].n);
		wl_measure(r, o, prop->multiProcessorCount, prop->major * 10 + prop->minor);
		if (r->timed)
			fprintf(stderr, "%.1f GB/s %s\n", 16.0 * (double)cfgs[i].n / r->pr.time.median * 1e-9, r->status);
		else
			fprintf(stderr, "%s%s%s\n", r->status, r->reason[0] ? ": " : "", r->reason);
		wrong += !strcmp(r->status, "wrong");
	}
	struct csv_writer w;
	if (csv_writer_open(&w, o->out, wl_cols, sizeof(wl_cols) / sizeof(wl_cols[0])) != 0)
		cli_fail(prog, "%s", atomic_error());
	for (size_t i = 0; i < n; i++)
		wl_write(&w, &rows[i], meta.run_id);
	bench_commit_run(&w, dir, &meta, o->out, n, wrong);
	for (size_t i = 0; i < n; i++)
		protocol_free(&rows[i].pr);
	free(rows);
	free(cfgs);
	return wrong ? EXIT_WRONG : 0;
}
