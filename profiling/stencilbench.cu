/*
 * stencilbench - the harness's measuring instrument: one binary, one shared driver for every
 * method (kernels/registry.cu). For each configuration it verifies the method against the CPU
 * reference on random inputs and non-symmetric weights, profiles one extra launch through CUPTI,
 * times it with the protocol of profiling/protocol.h, and writes one tidy CSV row (atomically).
 * A wrong result is marked `wrong` and never timed; the run then exits 1.
 *
 *   stencilbench list
 *   stencilbench run --stencil box2d1r --dtype fp32 --method naive [--fusion 1] --size 10240x10240
 *                    --out DIR/NAME.csv
 *   stencilbench run --experiment experiments/NAME.csv --out DIR/NAME.csv
 *   stencilbench check [--method M]              every configuration at odd sizes (make test-gpu)
 *   stencilbench ceilings --out DIR               the machine's ceilings (make ceilings)
 *   stencilbench metrics                          the counter list (for ncu)
 *   stencilbench kernel --method M                the method's kernel name, for ncu's -k filter
 *   stencilbench gpu-of DIR                       none, same, model, other: whose measurements DIR
 *                                                 holds (another GPU of this model: scripts/runs.sh
 *                                                 measures under DIR/gpus/SLUG/ and merges)
 *   stencilbench ncu-compare --cupti RUN.csv --ncu NCU.csv
 *
 * Options (runopts.h): --quick (QUICK=1: short warm-up, few samples: a labelled smoke run), --hot
 * (no L2 eviction and no write-back in the window), --no-counters (COUNTERS=0), --warmup-s S
 * (WARMUP_S: each row's own warm-up, 1 s by default, above 0 and at most 3600 s as make takes it;
 * under 1 s the protocol sentence says SHORTENED), --profile-once (one launch, for ncu), --original (each row also timed as a fixed-count driver times it, idle GPU first, and
 * again after the warm-up: nongemm Figure 7; protocol.h), --device N, --cpu-share I/N[:D1,...] (runner I
 * of N on this host: its share of the host's cores, near its GPU; scripts/multi-gpu.sh passes it),
 * --replica R (the rows' replica column: measurement R of a replicated run, REPLICAS=N; 1 by default),
 * --data random|zero|artifact (the data regime of rows whose list has no `data` column: model/regime.h;
 * random by default; artifact refused, one line, for a method without an artifact).
 *
 * The measurement window (REPRODUCE.md, "Timing protocol"): a launch leaves up to an L2's worth of
 * its output dirty in L2, and that write-back belongs to the launch. So every sample evicts the L2
 * first (untimed), then times the launch followed by reads of two buffers of twice the L2's size
 * that force the dirty lines back to DRAM (profiling/gpu.h), and subtracts those reads' own cost,
 * measured alone on a clean L2 (the row's `writeback_s`, median of 21). The counters profile the
 * same (launch + write-back reads) and subtract the reads' counters alone. --hot times the launch
 * alone, back to back.
 *
 * Provenance: the commit the runner was built from is in every row and in meta.csv; a runner built
 * from a dirty tree refuses to measure unless ALLOW_DIRTY=1 (the rows then say git_dirty=yes).
 * Exit status: 0 done, 1 some rows failed verification (the CSV is complete), 2 bad input,
 * 3 no CUDA device visible, 4 an error (CUDA, I/O; nothing new is written).
 */
#include <errno.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "kworkload.h"
#include "ceilings.h"
#include "counters.h"
#include "gpu.h"
#include "kmethod.h"

extern "C" {
#include "hostcpu.h"
#include "cli.h"
#include "csvio.h"
#include "experiment.h"
#include "grid.h"
#include "hw.h"
#include "protocol.h"
#include "roofline.h"
#include "workload.h"
}

static const char *prog = "stencilbench";


/* the methods a configuration may name: those with a kernel here */
static const char **method_names(void)
{
	static const char *names[64];
	for (int i = 0; i < kernel_method_count() && i < 63; i++)
		names[i] = kernel_method_at(i)->name;
	return names;
}

/* ---- subcommands ---- */

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s list\n"
		"       %s run (--stencil S --dtype T --method M [--fusion N] --size AxB | --experiment F)\n"
		"                  --out DIR/NAME.csv [--quick] [--hot] [--no-counters] [--warmup-s S]\n"
		"                  [--original] [--profile-once] [--device N] [--cpu-share I/N[:D1,...]]\n"
		"                  [--replica R] [--data random|zero|artifact]\n"
		"       %s check [--method M] [--quick]\n"
		"       %s ceilings --out DIR [--quick] [--no-counters]\n"
		"       %s metrics | slug | version | kernel --method M | gpu-of DIR\n"
		"       %s ncu-compare --cupti RUN.csv --ncu NCU.csv\n"
		"Environment: QUICK=1 (--quick), COUNTERS=0 (--no-counters), WARMUP_S=S (--warmup-s),\n"
		"ALLOW_DIRTY=1.\n"
		"Exit status: 0 done, 1 some rows wrong (CSV written), 2 bad input, 3 no CUDA device,\n"
		"4 error (nothing new written).\n",
		prog, prog, prog, prog, prog, prog);
}

/* This runner's share of the host's cores (--cpu-share I/N[:D1,...], else all it may use), the
 * near cores of each runner's GPU preferred: pinned and OpenMP held to it (scripts/planner/cpushare.h) */
static void share_cpus(const struct options *o)
{
	struct cpu_share_spec sp = { 0, 1, 1, { o->device } };
	struct cpu_host h;
	struct cpu_share s;
	static struct cpu_list near[64];
	char why[256], bus[32];
	if (o->cpu_share && cpu_share_spec_parse(o->cpu_share, &sp, why, sizeof(why)) != 0)
		cli_bad_input(prog, "%s", why);
	if (hostcpu_read(&h) != 0)
		return;   /* no affinity mask to share: left as it is, meta.csv says "not planned" */
	for (int r = 0; r < sp.runners; r++) {
		const int dev = sp.ndev ? sp.dev[r] : r == sp.index ? o->device : -1;
		near[r].n = 0;
		if (dev >= 0 && cudaDeviceGetPCIBusId(bus, sizeof(bus), dev) == cudaSuccess)
			hostcpu_near(bus, &near[r]);
	}
	if (cpu_share_plan(&h, sp.runners, sp.index, near, &s) == 0 && hostcpu_apply(&h, &s) != 0)
		fprintf(stderr, "%s: warning: could not pin to cores %d-%d; threads held to %d\n", prog,
			s.cores.cpu[0], s.cores.cpu[s.cores.n - 1], s.threads);
}

void bench_open_device(const struct options *o)
{
	char why[256];
	if (gpu_open(o->device, why, sizeof(why)) != 0) {
		fprintf(stderr, "%s: %s\n", prog, why);
		exit(EXIT_NO_DEVICE);
	}
	share_cpus(o);
}

/* One run, one GPU: the rows of a run directory and its ceilings come from one device. */
void bench_refuse_other_gpu(const char *dir)
{
	char other[256], mine[64];
	if (meta_same_gpu(dir, other, sizeof(other)) != 0) {
		gpu_uuid_string(mine, sizeof(mine));
		cli_bad_input(prog, "%s holds measurements of %s and this GPU is %s: one run directory, one "
			      "GPU (RUN= another name)", dir, other, mine);
	}
}

/* A runner built from a dirty tree measures nothing unless ALLOW_DIRTY=1: its rows would name a
 * commit that does not hold the code that produced them. */
void bench_refuse_dirty(void)
{
	const char *allow = getenv("ALLOW_DIRTY");
	if (strcmp(gpu_build_dirty(), "no") && !(allow && !strcmp(allow, "1")))
		cli_bad_input(prog, "built from a %s tree (commit %s, git_dirty=%s): commit, rebuild and "
			      "measure, or set ALLOW_DIRTY=1 to record a run labelled dirty",
			      strcmp(gpu_build_dirty(), "yes") ? "possibly dirty" : "dirty", gpu_build_commit(),
			      gpu_build_dirty());
}

/*
 * Every configuration checked before the device is opened: METHOD:OPTION and fusion were checked
 * when parsed (experiment.c); here, the two buffers plus the flush buffers must fit the device's
 * memory. One bad configuration stops the run before anything is measured.
 */
static void check_configs(const struct options *o, const struct run_config *cfgs, size_t n)
{
	const char *where = o->experiment ? o->experiment : "command line";
	cudaDeviceProp prop;
	char why[256];
	for (size_t i = 0; i < n; i++) {
		const struct kernel_method *m = kernel_method_find(cfgs[i].method);
		if (!option_known(kernel_model(m)->options, cfgs[i].option))
			cli_bad_input(prog, "%s:%ld: method %s has no option '%s' (options: %s)", where,
				      cfgs[i].line, cfgs[i].method, cfgs[i].option,
				      kernel_model(m)->options ? kernel_model(m)->options : "none");
	}
	if (gpu_query(o->device, &prop, why, sizeof(why)) != 0) {
		fprintf(stderr, "%s: %s\n", prog, why);
		exit(EXIT_NO_DEVICE);
	}
	for (size_t i = 0; i < n; i++) {
		const struct run_config *c = &cfgs[i];
		struct grid g;
		int eb = dtype_table[c->dtype].bytes;
		if (run_config_grid(c, &g) != 0)
			cli_bad_input(prog, "%s:%ld: bad grid %s", where, c->line, c->size);
		double need = 2.0 * (double)(g.total + GRID_SLACK) * eb + (double)gpu_flush_bytes(&prop);
		if (need > (double)prop.totalGlobalMem)
			cli_bad_input(prog, "%s:%ld: size %s needs %.1f GiB, more than the %.1f GiB of %s",
				      where, c->line, c->size, need / (1 << 30),
				      (double)prop.totalGlobalMem / (1 << 30), prop.name);
	}
}

static void fmt_eta(char *buf, size_t len, double s)
{
	if (s < 60)
		snprintf(buf, len, "%.0fs", s);
	else
		snprintf(buf, len, "%dm%02ds", (int)(s / 60), (int)fmod(s, 60));
}

static int cmd_run(const struct options *o)
{
	struct run_config *cfgs = NULL, one;
	size_t n = 1;
	char err[1024], dir[1024], tmp[1024], ceil_path[1200], proto[1024], detail[1024];
	struct hw ceil;
	int have_ceil = 0, wrong = 0;
	struct run_meta meta;
	struct csv_writer w;

	if (!o->out)
		cli_bad_input(prog, "run needs --out DIR/NAME.csv");
	if (o->experiment && workload_is_list(o->experiment))   /* nongemm's SCALE and SpMV: their own runner */
		return workload_cmd_run(o);
	if (o->experiment) {
		if (experiment_read(o->experiment, method_names(), &cfgs, &n, err, sizeof(err)) != 0)
			cli_bad_input(prog, "%s", err);
	} else {
		if (run_config_parse(&one, o->stencil, o->dtype, o->method, o->fusion ? o->fusion : "1",
				     o->size, o->label, method_names(), err, sizeof(err)) != 0)
			cli_bad_input(prog, "%s", err);
		cfgs = &one;
	}
	snprintf(tmp, sizeof(tmp), "%s", o->out);
	snprintf(dir, sizeof(dir), "%s", dirname(tmp));
	{   /* the output must be a regular file or nothing: refused now, not after the measurement */
		struct stat sb;
		if (lstat(o->out, &sb) == 0 && !S_ISREG(sb.st_mode))
			cli_bad_input(prog, "cannot write %s: it exists and is not a regular file (outputs "
				      "are written as regular files only, never through a link)", o->out);
	}
	for (size_t i = 0; i < n; i++) {   /* each row's data regime: its list's, else --data's */
		if (cfgs[i].data[0])
			continue;
		if (experiment_data_set(&cfgs[i], o->data, err, sizeof(err)) != 0)
			cli_bad_input(prog, "--data %s: %s", o->data, err);
	}
	if (!o->profile_once)
		bench_refuse_dirty();
	check_configs(o, cfgs, n);
	bench_open_device(o);
	if (!o->profile_once)
		bench_refuse_other_gpu(dir);
	if (cli_mkdir_p(dir) != 0)
		cli_fail(prog, "cannot create %s: %s", dir, strerror(errno));
	snprintf(ceil_path, sizeof(ceil_path), "%s/ceilings.csv", dir);
	if (access(ceil_path, R_OK) == 0) {
		if (hw_load_ceilings(&ceil, ceil_path, err, sizeof(err)) != 0)
			cli_fail(prog, "%s", err);
		have_ceil = 1;
	}
	int own_timing = 0;
	for (size_t i = 0; i < n; i++)
		own_timing |= cfgs[i].warmup_s > 0 || cfgs[i].rest_s > 0;
	options_protocol_text(o, 0, own_timing, proto, sizeof(proto), detail, sizeof(detail));
	meta_begin(&meta, "stencilbench run", proto, detail);

	struct row *rows = (struct row *)calloc(n, sizeof(struct row));
	double t0 = now_s();
	for (size_t i = 0; i < n; i++) {
		char eta[32] = "";
		rows[i].cfg = &cfgs[i];
		rows[i].m = kernel_method_find(cfgs[i].method);
		fprintf(stderr, "[%zu/%zu] %s %s t=%d %s%s%s %s ... ", i + 1, n, cfgs[i].stencil->name,
			dtype_table[cfgs[i].dtype].name, cfgs[i].fusion, cfgs[i].method,
			cfgs[i].option[0] ? ":" : "", cfgs[i].option, cfgs[i].size);
		const double t_row = now_s();
		measure(&rows[i], o, have_ceil ? &ceil : NULL, !o->profile_once);
		bench_meta_row(&meta, t_row, rows[i].wall_s, rows[i].phase);
		if (i + 1 < n)
			fmt_eta(eta, sizeof(eta), (now_s() - t0) / (double)(i + 1) * (double)(n - i - 1));
		if (rows[i].timed)
			fprintf(stderr, "%.1f GStencil/s %s", (double)grid_points(&rows[i].g) * cfgs[i].fusion /
				rows[i].pr.time.median * 1e-9, rows[i].status);
		else
			fprintf(stderr, "%s%s%s", rows[i].status, rows[i].reason[0] ? ": " : "", rows[i].reason);
		fprintf(stderr, "%s%s%s\n", eta[0] ? " (ETA " : "", eta, eta[0] ? ")" : "");
		wrong += !strcmp(rows[i].status, "wrong");
	}
	if (csv_writer_open(&w, o->out, run_columns(), run_column_count()) != 0)
		cli_fail(prog, "%s", atomic_error());
	char uuid[64];
	gpu_uuid_string(uuid, sizeof(uuid));
	const struct run_ids ids = { meta.run_id, uuid, gpu_build_commit(), gpu_build_dirty(),
				     have_ceil ? ceil_path : "NA", o->replica, o->data };
	for (size_t i = 0; i < n; i++) {   /* the columns: runcsv.c */
		rows[i].unit = kernel_model(rows[i].m)->unit;
		rows[i].points = (double)grid_points(&rows[i].g);
		run_csv_row(&w, &rows[i], &ids);
	}
	bench_commit_run(&w, dir, &meta, o->out, n, wrong);
	for (size_t i = 0; i < n; i++)
		protocol_free(&rows[i].pr);
	free(rows);
	if (cfgs != &one)
		free(cfgs);
	counters_shutdown();
	return wrong ? EXIT_WRONG : 0;
}

double bench_started_s;

void bench_meta_row(struct run_meta *meta, double row_start_s, double wall_s, const double *phase)
{
	if (isnan(wall_s))
		return;   /* a row skipped before its set-up (a data type or size it cannot run) */
	if (meta->rows++ == 0)
		meta->startup_s = row_start_s - bench_started_s;
	meta->rows_wall_s += wall_s;
	for (int i = 0; i < PHASE_COUNT; i++)
		meta->phase_s[i] += phase[i];
}

/* where the list's time went, printed at its end and kept in meta.csv */
static void print_phases(const struct run_meta *m)
{
	char line[512];
	size_t used = 0;
	if (m->rows < 1)
		return;
	used += (size_t)snprintf(line, sizeof(line), "%s: %ld rows in %.1f s (start-up %.1f s before them):", prog,
				 m->rows, m->rows_wall_s, m->startup_s);
	for (int i = 0; i < PHASE_COUNT && used < sizeof(line); i++)
		used += (size_t)snprintf(line + used, sizeof(line) - used, " %s %.1f", run_phase_name(i),
					 m->phase_s[i]);
	fprintf(stderr, "%s\n", line);
}

void bench_commit_run(struct csv_writer *w, const char *dir, struct run_meta *meta, const char *out, size_t n,
		      int wrong)
{
	char err[1024];
	print_phases(meta);
	/* meta.csv first, the CSV renamed into place last: an error leaves the old CSV */
	if (meta_append(dir, meta, err, sizeof(err)) != 0) {
		csv_writer_abort(w);
		cli_fail(prog, "%s", err);
	}
	if (csv_writer_close(w) != 0)
		cli_fail(prog, "%s", atomic_error());
	fprintf(stderr, "%s: wrote %s (%zu rows, %d wrong) and %s/meta.csv\n", prog, out, n, wrong, dir);
}

/* make test-gpu: every method, every stencil and data type it runs, at odd sizes, verified. */
static int cmd_check(const struct options *o)
{
	int passed = 0, failed = 0, skipped = 0;
	bench_open_device(o);
	for (int mi = 0; mi < kernel_method_count(); mi++) {
		const struct kernel_method *m = kernel_method_at(mi);
		if (o->method_filter && strcmp(o->method_filter, m->name))
			continue;
		/* every variant: the default, then each option */
		const struct model_method *mm = kernel_model(m);
		for (int vi = 0; vi < option_variants(mm->options); vi++)
		for (size_t si = 0; si < stencil_count; si++)
			for (int dt = 0; dt < DT_COUNT; dt++)
				for (int t = 1; t <= 8; t++) {
					const struct stencil *st = &stencil_table[si];
					static const char *const sizes[] = { "", "100003", "1000x1003", "97x131x67" };
					struct run_config c;
					struct row r = {};
					char err[256];
					struct options q = *o;
					if (!(mm->dtypes & DT_BIT(dt)))
						continue;
					if (mm->one_step && t > 1)
						continue;   /* a one-step method runs fusion 1 only */
					char fusion[8];
					snprintf(fusion, sizeof(fusion), "%d", t);
					char mname[96], opt[64];
					option_variant(mm->options, vi, opt, sizeof(opt));
					method_variant_name(m->name, opt, mname, sizeof(mname));
					if (run_config_parse(&c, st->name, dtype_table[dt].name, mname, fusion,
							     sizes[st->dims], "", method_names(), err, sizeof(err)) != 0)
						cli_fail(prog, "%s", err);
					r.cfg = &c;
					r.m = m;
					q.counters = 0;
					/* quietly skip fusion depths the method does not do */
					struct method_ctx mc = { st, t, (enum dtype)dt, NULL, NULL, NULL, NULL, c.option, NULL,
								 gpu_props() };
					if (m->supports(&mc)) {
						if (t == 1)
							skipped++;
						continue;
					}
					measure(&r, &q, NULL, 0);
					if (!strcmp(r.status, "ok"))
						passed++;
					else if (!strcmp(r.status, "wrong"))
						failed++;
					else
						skipped++;
					/* the errors of every verified row: REPRODUCE.md's observed maxima */
					char errs[96] = "";
					if (!strcmp(r.status, "ok"))
						snprintf(errs, sizeof(errs), " rel_l2=%.3g max_rel=%.3g acc=%s", r.rel_l2,
							 r.max_rel, option_half_accum(c.option) ? "fp16" : "native");
					printf("%-7s %-16s %-9s %s t=%d %s%s%s%s\n", r.status, mname, st->name,
					       dtype_table[dt].name, t, c.size, errs, r.reason[0] ? ": " : "", r.reason);
					fflush(stdout);
				}
	}
	workload_check(o, &passed, &failed, &skipped);
	printf("\n%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	return failed ? 1 : 0;
}

static int cmd_ceilings(const struct options *o)
{
	struct run_meta meta;
	char proto[512], err[512];
	if (!o->out)
		cli_bad_input(prog, "ceilings needs --out DIR");
	bench_refuse_dirty();
	bench_open_device(o);
	bench_refuse_other_gpu(o->out);
	if (cli_mkdir_p(o->out) != 0)
		cli_fail(prog, "cannot create %s: %s", o->out, strerror(errno));
	protocol_ceilings_text(o->quick, o->counters, proto, sizeof(proto));
	meta_begin(&meta, "stencilbench ceilings", proto, "");
	if (ceilings_run(o->out, o->quick, o->counters) != 0)
		return EXIT_ERROR;
	if (meta_append(o->out, &meta, err, sizeof(err)) != 0)
		cli_fail(prog, "%s", err);
	fprintf(stderr, "%s: wrote %s/ceilings.csv and %s/meta.csv\n", prog, o->out, o->out);
	counters_shutdown();
	return 0;
}

/* make ncu-check: the counters CUPTI gave (the run CSV's row) against ncu's raw CSV. */
static int cmd_ncu_compare(const struct options *o)
{
	struct csv_table run, ncu;
	char err[512];
	int bad = 0;
	if (!o->cupti_csv || !o->ncu_csv)
		cli_bad_input(prog, "ncu-compare needs --cupti RUN.csv and --ncu NCU.csv");
	if (csv_table_read(o->cupti_csv, &run, err, sizeof(err)) != 0)
		cli_bad_input(prog, "%s", err);
	/* ncu's CSV log starts with "==PROF==" lines: skip to the header */
	{
		FILE *f = fopen(o->ncu_csv, "rb");
		char *text = NULL, *start;
		size_t len = 0, cap = 0, k;
		if (!f)
			cli_bad_input(prog, "cannot read %s", o->ncu_csv);
		do {
			cap += 65536;
			text = (char *)realloc(text, cap + 1);
			k = fread(text + len, 1, cap - len, f);
			len += k;
		} while (k > 0);
		fclose(f);
		text[len] = '\0';
		start = strstr(text, "\"ID\"");
		if (!start)
			cli_bad_input(prog, "%s: no ncu CSV header", o->ncu_csv);
		if (csv_table_parse(o->ncu_csv, start, len - (size_t)(start - text), &ncu, err, sizeof(err)) != 0)
			cli_bad_input(prog, "%s", err);
		free(text);
	}
	/* row 0 of ncu's raw page holds units; the kernel is the last data row */
	if (run.nrows < 1 || ncu.nrows < 2)
		cli_bad_input(prog, "nothing to compare (%zu run rows, %zu ncu rows)", run.nrows, ncu.nrows);
	size_t kr = ncu.nrows - 1;
	printf("%-62s %16s %16s %9s\n", "metric", "cupti", "ncu", "diff");
	for (int i = 0; i < CTR_COUNT; i++) {
		char col[160];
		double a, b;
		snprintf(col, sizeof(col), "ctr_%s", counter_metrics[i]);
		const char *sa = csv_table_get(&run, 0, col), *sb = csv_table_get(&ncu, kr, counter_metrics[i]);
		if (!sa || !sb) {
			printf("%-62s missing in %s\n", counter_metrics[i], !sa ? "the run CSV" : "ncu's CSV");
			bad++;
			continue;
		}
		char clean[64];
		size_t k = 0;
		for (const char *p = sb; *p && k + 1 < sizeof(clean); p++)
			if (*p != ',')
				clean[k++] = *p;
		clean[k] = '\0';
		if (cli_parse_double(sa, &a) != 0 || cli_parse_double(clean, &b) != 0) {
			printf("%-62s %16s %16s not numbers\n", counter_metrics[i], sa, sb);
			bad++;
			continue;
		}
		double diff = fmax(fabs(a), fabs(b)) > 0 ? fabs(a - b) / fmax(fabs(a), fabs(b)) : 0;
		/* durations are timings, not counts: shown, not held to 1 % */
		int timed = i == CTR_GPU_TIME;
		printf("%-62s %16.6g %16.6g %8.3f%%%s\n", counter_metrics[i], a, b, 100 * diff,
		       timed ? " (timing, not checked)" : diff > 0.01 ? "  FAIL" : "");
		if (!timed && diff > 0.01)
			bad++;
	}
	printf("\nncu-check: %s (%d metric%s over 1%%)\n", bad ? "FAILED" : "passed", bad, bad == 1 ? "" : "s");
	csv_table_free(&run);
	csv_table_free(&ncu);
	return bad ? 1 : 0;
}

/* stencilbench list: the methods in the method table's order, with their variants */
static int cmd_list(void)
{
	printf("%-13s %-5s %-12s %s\n", "method", "unit", "dtypes", "what");
	for (int i = 0; i < kernel_method_count(); i++) {
		const struct kernel_method *m = kernel_method_at(i);
		const struct model_method *mm = kernel_model(m);
		char dts[64] = "";
		for (int d = 0; d < DT_COUNT; d++)
			if (mm->dtypes & DT_BIT(d))
				snprintf(dts + strlen(dts), sizeof(dts) - strlen(dts), "%s%s",
					 dts[0] ? "," : "", dtype_table[d].name);
		printf("%-13s %-5s %-12s %s\n", m->name, unit_name(mm->unit), dts, m->summary);
		if (mm->options)
			printf("%-13s %-5s %-12s options (METHOD:OPTION): %s\n",
			       "", "", "", mm->options);
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct options o;
	const char *cmd;
	char rerr[160];
	bench_started_s = now_s();
	cli_fail_status = EXIT_ERROR;
	if (kernel_registry_check(rerr, sizeof(rerr)) != 0 || workload_registry_check(rerr, sizeof(rerr)) != 0)
		cli_fail(prog, "%s", rerr);
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? EXIT_BAD_INPUT : 0;
	}
	cmd = argv[1];
	options_parse(&o, argc, argv, strcmp(cmd, "gpu-of") ? 2 : 3);   /* gpu-of DIR: its operand first */
	if (o.method && !kernel_method_find(o.method) && !workload_method_find(o.method) && strcmp(cmd, "run") &&
	    strcmp(cmd, "kernel"))
		cli_bad_input(prog, "unknown method '%s'", o.method);
	o.method_filter = o.method;
	if (!strcmp(cmd, "list"))
		return cmd_list();
	if (!strcmp(cmd, "slug")) {   /* the default run directory name: GPU and date */
		char slug[128];
		bench_open_device(&o);
		gpu_run_slug(slug, sizeof(slug));
		printf("%s\n", slug);
		return 0;
	}
	if (!strcmp(cmd, "gpu-of")) {   /* scripts/runs.sh: whose measurements DIR (argv[2]) holds */
		static const char *const words[] = { "none", "same", "model", "other", "bad" };
		if (argc < 3 || argv[2][0] == '-')
			cli_bad_input(prog, "gpu-of needs a DIR");
		bench_open_device(&o);
		printf("%s\n", words[meta_gpu_relation(argv[2])]);
		return 0;
	}
	if (!strcmp(cmd, "version")) {   /* the build's provenance; needs no device */
		printf("%s %s\n", gpu_build_commit(), gpu_build_dirty());
		return 0;
	}
	if (!strcmp(cmd, "metrics")) {
		printf("%s\n", counter_metric_list());
		return 0;
	}
	if (!strcmp(cmd, "kernel")) {   /* scripts/ncu-reports.sh: what ncu -k selects */
		char base[64];
		if (!o.method)
			cli_bad_input(prog, "kernel needs --method M");
		snprintf(base, sizeof(base), "%.*s", (int)strcspn(o.method, ":"), o.method);
		const struct kernel_method *m = kernel_method_find(base);
		if (!m)
			cli_bad_input(prog, "unknown method '%s'", o.method);
		printf("%s\n", m->kernel_name);
		return 0;
	}
	if (!strcmp(cmd, "run"))
		return cmd_run(&o);
	if (!strcmp(cmd, "check"))
		return cmd_check(&o);
	if (!strcmp(cmd, "ceilings"))
		return cmd_ceilings(&o);
	if (!strcmp(cmd, "ncu-compare"))
		return cmd_ncu_compare(&o);
	cli_bad_input(prog, "unknown command '%s' (list, run, check, ceilings, metrics, slug, version, "
		      "kernel, ncu-compare)", cmd);
}
