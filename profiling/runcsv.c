/*
 * runcsv.c - the run CSVs' columns: the stencil rows' table (then every raw counter as
 * ctr_<metric>) and the workload rows', each a {name, getter} of a table. See runcsv.h.
 */
#include "runcsv.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "stencil.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static void put_or_na(struct csv_writer *w, int have, double v)
{
	if (have)
		csv_put_num(w, v);
	else
		csv_put_str(w, "NA");
}

/* the NVML clock-event reasons of a timed row's kept samples ("NA": not timed, or not read) */
static void put_reasons(struct csv_writer *w, int timed, const struct protocol_result *p)
{
	char buf[160];
	protocol_reasons_text(timed ? p->reasons : -1, buf, sizeof(buf));
	csv_put_str(w, buf);
}

void run_phases_finish(double *phase, double wall_s, int ran, const struct protocol_result *pr)
{
	double named = 0;
	if (ran) {
		phase[PHASE_REST] += pr->rest_wall_s;
		phase[PHASE_WARMUP] += pr->warmup_s;
		phase[PHASE_SAMPLES] += pr->sampling_s;
		phase[PHASE_RETAKES] += pr->retakes_s;
	}
	for (int i = 0; i < PHASE_COUNT; i++)
		if (i != PHASE_OTHER)
			named += phase[i];
	phase[PHASE_OTHER] = wall_s - named;
}

/* where row_wall_s went, in both tables (plots/records/runs.h's phases; they add up to it; NA without a wall
 * time): NAME and the statement that writes its cell from x, whose r has wall_s and phase[] */
#define PHASE_COLS(X) \
	X(phase_setup_s, put_or_na(w, !isnan(x->r->wall_s), x->r->phase[PHASE_SETUP])) \
	X(phase_verify_s, put_or_na(w, !isnan(x->r->wall_s), x->r->phase[PHASE_VERIFY])) \
	X(phase_counters_s, put_or_na(w, !isnan(x->r->wall_s), x->r->phase[PHASE_COUNTERS])) \
	X(phase_rest_s, put_or_na(w, !isnan(x->r->wall_s), x->r->phase[PHASE_REST])) \
	X(phase_warmup_s, put_or_na(w, !isnan(x->r->wall_s), x->r->phase[PHASE_WARMUP])) \
	X(phase_samples_s, put_or_na(w, !isnan(x->r->wall_s), x->r->phase[PHASE_SAMPLES])) \
	X(phase_retakes_s, put_or_na(w, !isnan(x->r->wall_s), x->r->phase[PHASE_RETAKES])) \
	X(phase_original_s, put_or_na(w, !isnan(x->r->wall_s), x->r->phase[PHASE_ORIGINAL])) \
	X(phase_other_s, put_or_na(w, !isnan(x->r->wall_s), x->r->phase[PHASE_OTHER])) \
	/* the energy counter's reads over the row's windows: made, held back by the host's lock \
	 * (hostlock.h: another runner in a driver phase), their mean and longest query */ \
	X(energy_reads, put_or_na(w, !isnan(x->r->wall_s), (double)x->r->er.reads)) \
	X(energy_reads_held, put_or_na(w, !isnan(x->r->wall_s), (double)x->r->er.held)) \
	X(energy_read_ms_mean, put_or_na(w, x->r->er.reads > 0, 1e3 * x->r->er.read_s / (double)x->r->er.reads)) \
	X(energy_read_ms_max, put_or_na(w, x->r->er.reads > 0, 1e3 * x->r->er.read_max_s))

/* ---- the stencil run CSV --------------------------------------------------------------------- */

/* a stencil row as its columns see it: the measured row and the values several columns derive from */
struct row_view {
	const struct run_result *r;
	const struct run_config *c;
	const struct run_ids *ids;
	double pts, steps, med;                 /* interior points, point-steps, median seconds */
	double flop64, flop32, flop16, tops;    /* counter FLOPs by precision, tensor FLOPs */
	double F, Q, I;                         /* per point, from the counters */
	const double *v;                        /* the raw counters */
	int t, h, m;                            /* timed, counters read, model known */
};

static void put_method(struct csv_writer *w, const struct row_view *x)
{
	char mname[64];   /* the variant asked for stays in the method column: convstencil:m16n8k8 */
	method_variant_name(x->c->method, x->c->option, mname, sizeof(mname));
	csv_put_str(w, mname);
}

#define T(v) put_or_na(w, x->t, (v))            /* a timing column: NA unless timed */
#define H(v) put_or_na(w, x->h, (v))            /* a counter column: NA without counters */
#define M(v) put_or_na(w, x->m, (v))            /* a model column: NA without the model */

/* NAME and the statement that writes its cell from x (a struct row_view) */
#define RUN_COLS(X) \
	X(run_id, csv_put_str(w, x->ids->run_id)) \
	X(gpu_uuid, csv_put_str(w, x->ids->gpu_uuid)) \
	X(replica, csv_put_int(w, x->ids->replica)) \
	X(data, csv_put_str(w, x->c->data[0] ? x->c->data : x->ids->data)) \
	X(label, csv_put_str(w, x->c->label)) \
	X(stencil, csv_put_str(w, x->c->stencil->name)) \
	X(shape, csv_put_str(w, stencil_shape_name(x->c->stencil->shape))) \
	X(dims, csv_put_int(w, x->c->stencil->dims)) \
	X(radius, csv_put_int(w, x->c->stencil->radius)) \
	X(K, csv_put_int(w, x->c->stencil->points)) \
	X(dtype, csv_put_str(w, dtype_table[x->c->dtype].name)) \
	X(method, put_method(w, x)) \
	X(unit, csv_put_str(w, unit_name(x->r->unit))) \
	X(fusion, csv_put_int(w, x->c->fusion)) \
	X(size, csv_put_str(w, x->c->size)) \
	X(interior_points, csv_put_num(w, x->pts)) \
	X(status, csv_put_str(w, x->r->status)) \
	X(reason, csv_put_str(w, x->r->reason)) \
	X(variant, csv_put_str(w, x->r->variant)) \
	X(verify_rel_l2, csv_put_num(w, x->r->rel_l2)) \
	X(verify_max_rel, csv_put_num(w, x->r->max_rel)) \
	X(verify_tol_l2, csv_put_num(w, x->r->tol_l2)) \
	X(verify_tol_max, csv_put_num(w, x->r->tol_max)) \
	X(verified_points, csv_put_int(w, x->r->verified)) \
	X(samples, csv_put_int(w, x->t ? x->r->pr.n : 0)) \
	X(throttled_samples, csv_put_int(w, x->t ? x->r->pr.throttled : 0)) \
	X(stop_reason, csv_put_str(w, x->t ? protocol_stop_name(x->r->pr.stop_reason) : "NA")) \
	/* the warm-up the row was given (1 s; the warm-up study's own), its measured length, the idle \
	 * rest before it (0: none) */ \
	X(warmup_asked_s, T(x->r->pr.warmup_asked_s)) \
	X(warmup_s, T(x->r->pr.warmup_s)) \
	X(warmup_rest_s, T(x->r->pr.rest_s)) \
	X(warmup_launches, T((double)x->r->pr.warmup_launches)) \
	X(time_median_s, T(x->med)) \
	X(time_min_s, T(x->r->pr.time.min)) \
	X(time_max_s, T(x->r->pr.time.max)) \
	X(time_q1_s, T(x->r->pr.time.q1)) \
	X(time_q3_s, T(x->r->pr.time.q3)) \
	X(time_iqr_s, T(x->r->pr.time.iqr)) \
	X(time_rsd, T(x->r->pr.time.rsd)) \
	X(time_median_ci, T(x->r->pr.median_ci)) \
	X(sm_clock_median_mhz, T(x->r->pr.sm_mhz_median)) \
	X(sm_clock_min_mhz, T(x->r->pr.sm_mhz_min)) \
	X(throttle_retakes, T((double)x->r->pr.retakes)) \
	X(clock_reasons, put_reasons(w, x->t, &x->r->pr)) \
	X(power_median_w, put_or_na(w, x->t && !isnan(x->r->pr.power_median_w), x->r->pr.power_median_w)) \
	/* every fused time step counts, nothing else: points x t / median time */ \
	X(gstencil_per_s, T(x->steps / x->med * 1e-9)) \
	/* the board power over the samples x the median time, per point-step */ \
	X(energy_nj_per_point_step, put_or_na(w, x->t && !isnan(x->r->pr.power_median_w), \
					      x->r->pr.power_median_w * x->med / x->steps * 1e9)) \
	/* the energy counter over the end of the warm-up (protocol.h): its average power, its window \
	 * and launches, and the energy a point-step (gross: the board's, idle power included) */ \
	X(counter_power_w, put_or_na(w, x->t && !isnan(x->r->pr.counter_w), x->r->pr.counter_w)) \
	X(energy_window_s, put_or_na(w, x->t && !isnan(x->r->pr.counter_w), x->r->pr.energy_s)) \
	X(energy_window_launches, put_or_na(w, x->t && !isnan(x->r->pr.counter_w), (double)x->r->pr.energy_launches)) \
	X(energy_counter_nj_per_point_step, put_or_na(w, x->t && !isnan(x->r->pr.counter_w) && x->r->pr.energy_launches > 0, \
		x->r->pr.counter_w * x->r->pr.energy_s / (double)x->r->pr.energy_launches / x->steps * 1e9)) \
	/* the check: the counter's power over the kept samples where it spans >= 5 updates (protocol.h) */ \
	X(sampled_counter_power_w, put_or_na(w, x->t && !isnan(x->r->pr.sampled_counter_w), x->r->pr.sampled_counter_w)) \
	X(sampled_counter_updates, T((double)x->r->pr.sampled_counter_updates)) \
	/* compulsory traffic (each input read once, each output written once) over the median */ \
	X(achieved_gbps, T(2.0 * dtype_table[x->c->dtype].bytes * x->pts / x->med * 1e-9)) \
	X(dram_read_bytes, H(x->v[CTR_DRAM_READ])) \
	X(dram_write_bytes, H(x->v[CTR_DRAM_WRITE])) \
	X(flop_fp64, H(x->flop64)) \
	X(flop_fp32, H(x->flop32)) \
	X(flop_fp16, H(x->flop16)) \
	X(tensor_ops_fp64, H(x->v[CTR_TC_FP64])) \
	X(tensor_ops_tf32, H(x->v[CTR_TC_TF32])) \
	X(tensor_ops_fp16, H(x->v[CTR_TC_FP16])) \
	X(tensor_ops_sparse, H(x->v[CTR_TC_TF32_SP_ON] + x->v[CTR_TC_F16_F32_SP_ON] + x->v[CTR_TC_F16_F16_SP_ON])) \
	X(tensor_inst, H(x->v[CTR_TC_INST])) \
	X(kernel_time_s, H(x->v[CTR_GPU_TIME] * 1e-9)) \
	X(F_measured, H(x->F)) \
	X(Q_measured, H(x->Q)) \
	X(I_measured, H(x->I)) \
	X(flop_per_point_step, H(x->F / x->c->fusion)) \
	X(F_model, M(x->r->model.F)) \
	X(Q_model, M(x->r->model.Q)) \
	X(I_model, M(x->r->model.I)) \
	X(F_rel_err, put_or_na(w, x->h && x->m, x->F / x->r->model.F - 1)) \
	X(Q_rel_err, put_or_na(w, x->h && x->m, x->Q / x->r->model.Q - 1)) \
	X(I_rel_err, put_or_na(w, x->h && x->m, x->I / x->r->model.I - 1)) \
	X(rho, M(x->r->model.rho)) \
	X(sigma, M(x->r->model.sigma)) \
	X(model_gstencil_per_s, put_or_na(w, x->m && !isnan(x->r->model.gstencil_per_s), \
					  x->r->model.gstencil_per_s)) \
	X(efficiency, put_or_na(w, x->m && x->t && !isnan(x->r->model.gstencil_per_s), \
				x->steps / x->med * 1e-9 / x->r->model.gstencil_per_s)) \
	X(ceilings, csv_put_str(w, x->ids->ceilings)) \
	X(window, csv_put_str(w, !x->t ? "NA" : isnan(x->r->writeback_s) ? "hot" : "writeback")) \
	X(writeback_s, put_or_na(w, x->t && !isnan(x->r->writeback_s), x->r->writeback_s)) \
	/* --original (nongemm Figure 7): the fixed-count protocol's mean launch, idle GPU first \
	 * (cold) and after the warm-up (warm); NA when not asked */ \
	X(orig_time_cold_s, put_or_na(w, x->t && !isnan(x->r->orig.cold_s), x->r->orig.cold_s)) \
	X(orig_time_warm_s, put_or_na(w, x->t && !isnan(x->r->orig.warm_s), x->r->orig.warm_s)) \
	X(orig_timed_launches, put_or_na(w, x->t && !isnan(x->r->orig.cold_s), (double)x->r->orig.timed_launches)) \
	X(orig_idle_mhz, put_or_na(w, x->t && !isnan(x->r->orig.idle_mhz), x->r->orig.idle_mhz)) \
	X(row_wall_s, put_or_na(w, !isnan(x->r->wall_s), x->r->wall_s)) \
	/* where row_wall_s went (protocol.h's phases; they add up to it) */ \
	PHASE_COLS(X) \
	X(git_commit, csv_put_str(w, x->ids->git_commit)) \
	X(git_dirty, csv_put_str(w, x->ids->git_dirty))

#define RUN_GETTER(name, stmt) \
	static void run_##name(struct csv_writer *w, const void *row) \
	{ \
		const struct row_view *x = row; \
		stmt; \
	}
#define RUN_ENTRY(name, stmt) { #name, run_##name },
RUN_COLS(RUN_GETTER)
static const struct csv_col run_cols[] = { RUN_COLS(RUN_ENTRY) };
#define NBASE NELEM(run_cols)

size_t run_column_count(void)
{
	return NBASE + CTR_COUNT;
}

const char *const *run_columns(void)
{
	static const char *cols[NBASE + CTR_COUNT];
	static char names[CTR_COUNT][128];
	csv_col_names(run_cols, NBASE, cols);
	for (int i = 0; i < CTR_COUNT; i++) {
		snprintf(names[i], sizeof(names[i]), "ctr_%s", counter_metrics[i]);
		cols[NBASE + i] = names[i];
	}
	return cols;
}

/* the values several columns derive from the counters */
static void derive(struct row_view *x)
{
	const double *v = x->v;
	x->flop64 = v[CTR_DADD] + v[CTR_DMUL] + 2 * v[CTR_DFMA];
	x->flop32 = v[CTR_FADD] + v[CTR_FMUL] + 2 * v[CTR_FFMA];
	x->flop16 = v[CTR_HADD] + v[CTR_HMUL] + 2 * v[CTR_HFMA];
	/* tensor "ops" are dense-equivalent FLOPs (make ceilings checks it: counters-calibration.csv).
	 * CUDA-core FLOPs count in the kernel's own precision (fp16 data may accumulate in fp32):
	 * ptxas emits HFMA2.MMA as a register move in fp32 and fp64 code, and the hfma counter sees
	 * those, so other precisions' counts are not the kernel's arithmetic. */
	x->tops = v[CTR_TC_FP64] + v[CTR_TC_TF32] + v[CTR_TC_FP16];
	const enum dtype dt = x->c->dtype;
	const double own = dt == DT_FP64 ? x->flop64 : dt == DT_FP16 ? x->flop16 + x->flop32 : x->flop32;
	x->F = (own + x->tops) / x->pts;
	x->Q = (v[CTR_DRAM_READ] + v[CTR_DRAM_WRITE]) / x->pts;
	x->I = x->F / x->Q;
}

void run_csv_row(struct csv_writer *w, const struct run_result *r, const struct run_ids *ids)
{
	struct row_view x;
	memset(&x, 0, sizeof(x));
	x.r = r, x.c = r->cfg, x.ids = ids;
	x.pts = r->points;
	x.steps = x.pts * x.c->fusion;
	x.med = r->timed ? r->pr.time.median : NAN;
	x.v = r->ctr;
	x.t = r->timed, x.h = r->have_ctr, x.m = r->have_model;
	derive(&x);
	csv_col_cells(w, run_cols, NBASE, &x);
	for (int i = 0; i < CTR_COUNT; i++)
		put_or_na(w, x.h, r->ctr[i]);
	csv_end_row(w);
}

/* ---- the workload run CSV -------------------------------------------------------------------- */

/* a workload row as its columns see it */
struct wl_view {
	const struct wl_result *r;
	const struct workload_config *c;
	const struct protocol_result *p;
	const struct run_ids *ids;
	int spmv, made, ran;   /* SpMV; its matrix built (SCALE: always); set up (not skipped) */
	double bytes, t;       /* the bytes a launch moves, the median (NaN: not timed) */
	double elements;       /* SCALE's elements, SpMV's non-zeros */
};

/* NAME and the statement that writes its cell from x (a struct wl_view) */
#define WL_COLS(X) \
	X(run_id, csv_put_str(w, x->ids->run_id)) \
	X(gpu_uuid, csv_put_str(w, x->ids->gpu_uuid)) \
	X(replica, csv_put_int(w, x->ids->replica)) \
	X(data, csv_put_str(w, x->ids->data)) \
	X(label, csv_put_str(w, x->c->label)) \
	X(workload, csv_put_str(w, x->c->workload)) \
	X(dtype, csv_put_str(w, dtype_table[x->c->dtype].name)) \
	X(method, csv_put_str(w, x->r->name)) \
	X(variant, csv_put_str(w, x->ran ? x->r->variant : "")) \
	X(size, csv_put_str(w, x->c->size)) \
	X(matrix, csv_put_str(w, x->c->matrix)) \
	X(rows, put_or_na(w, x->spmv && x->made, (double)x->r->rows)) \
	X(nnz, put_or_na(w, x->spmv && x->made, (double)x->r->nnz)) \
	X(row_len_mean, put_or_na(w, x->spmv && x->made, x->r->len_mean)) \
	X(row_len_max, put_or_na(w, x->spmv && x->made, (double)x->r->len_max)) \
	X(row_len_cv, put_or_na(w, x->spmv && x->made, x->r->len_cv)) \
	X(elements, put_or_na(w, x->made, x->elements)) \
	X(bytes, put_or_na(w, x->made, x->bytes)) \
	X(status, csv_put_str(w, x->r->status)) \
	X(reason, csv_put_str(w, x->r->reason)) \
	X(verify_max_rel, csv_put_num(w, x->r->verified ? x->r->max_rel : NAN)) \
	X(verified, csv_put_int(w, x->r->verified)) \
	X(samples, csv_put_int(w, x->r->timed ? x->p->n : 0)) \
	X(throttled_samples, csv_put_int(w, x->r->timed ? x->p->throttled : 0)) \
	X(stop_reason, csv_put_str(w, x->r->timed ? protocol_stop_name(x->p->stop_reason) : "")) \
	X(warmup_asked_s, csv_put_num(w, x->r->timed ? x->p->warmup_asked_s : NAN)) \
	X(warmup_s, csv_put_num(w, x->r->timed ? x->p->warmup_s : NAN)) \
	X(warmup_rest_s, csv_put_num(w, x->r->timed ? x->p->rest_s : NAN)) \
	X(warmup_launches, csv_put_int(w, x->r->timed ? x->p->warmup_launches : 0)) \
	X(time_median_s, csv_put_num(w, x->t)) \
	X(time_min_s, csv_put_num(w, x->r->timed ? x->p->time.min : NAN)) \
	X(time_q1_s, csv_put_num(w, x->r->timed ? x->p->time.q1 : NAN)) \
	X(time_q3_s, csv_put_num(w, x->r->timed ? x->p->time.q3 : NAN)) \
	X(time_rsd, csv_put_num(w, x->r->timed ? x->p->time.rsd : NAN)) \
	X(time_median_ci, csv_put_num(w, x->r->timed ? x->p->median_ci : NAN)) \
	X(sm_clock_median_mhz, csv_put_num(w, x->r->timed ? x->p->sm_mhz_median : NAN)) \
	X(sm_clock_min_mhz, csv_put_num(w, x->r->timed ? x->p->sm_mhz_min : NAN)) \
	X(throttle_retakes, csv_put_int(w, x->r->timed ? x->p->retakes : 0)) \
	X(clock_reasons, put_reasons(w, x->r->timed, x->p)) \
	X(power_median_w, put_or_na(w, x->r->timed && !isnan(x->p->power_median_w), x->p->power_median_w)) \
	X(launches_per_sample, csv_put_int(w, x->r->timed ? x->r->per_sample : 0)) \
	X(issue_s, put_or_na(w, x->r->timed && !isnan(x->r->issue_s), x->r->issue_s)) \
	X(gbps, csv_put_num(w, x->bytes / x->t * 1e-9)) \
	X(gflop_per_s, csv_put_num(w, workload_flops(x->c, x->r->nnz) / x->t * 1e-9)) \
	/* the board power over the samples x the median time, per element (SCALE's, SpMV's non-zeros) */ \
	X(energy_nj_per_element, put_or_na(w, x->r->timed && x->made && !isnan(x->p->power_median_w), \
					   x->p->power_median_w * x->t / x->elements * 1e9)) \
	X(registers, put_or_na(w, x->ran && x->r->regs >= 0, (double)x->r->regs)) \
	X(preprocess_s, put_or_na(w, !isnan(x->r->preprocess_s), x->r->preprocess_s)) \
	X(padded, put_or_na(w, x->spmv && x->made, (double)x->r->padded)) \
	X(orig_time_cold_s, put_or_na(w, x->r->timed && !isnan(x->r->orig.cold_s), x->r->orig.cold_s)) \
	X(orig_time_warm_s, put_or_na(w, x->r->timed && !isnan(x->r->orig.warm_s), x->r->orig.warm_s)) \
	X(orig_timed_launches, put_or_na(w, x->r->timed && !isnan(x->r->orig.cold_s), \
					 (double)x->r->orig.timed_launches)) \
	X(orig_idle_mhz, put_or_na(w, x->r->timed && !isnan(x->r->orig.idle_mhz), x->r->orig.idle_mhz)) \
	X(window, csv_put_str(w, "hot")) \
	X(row_wall_s, put_or_na(w, !isnan(x->r->wall_s), x->r->wall_s)) \
	PHASE_COLS(X) \
	X(git_commit, csv_put_str(w, x->ids->git_commit)) \
	X(git_dirty, csv_put_str(w, x->ids->git_dirty))

#define WL_GETTER(name, stmt) \
	static void wl_##name(struct csv_writer *w, const void *row) \
	{ \
		const struct wl_view *x = row; /* (window: none read) */ \
		(void)x; \
		stmt; \
	}
#define WL_ENTRY(name, stmt) { #name, wl_##name },
WL_COLS(WL_GETTER)
static const struct csv_col wl_cols[] = { WL_COLS(WL_ENTRY) };

size_t wl_column_count(void)
{
	return NELEM(wl_cols);
}

const char *const *wl_columns(void)
{
	static const char *cols[NELEM(wl_cols)];
	csv_col_names(wl_cols, NELEM(wl_cols), cols);
	return cols;
}

void wl_csv_row(struct csv_writer *w, const struct wl_result *r, const struct run_ids *ids)
{
	struct wl_view x;
	x.r = r, x.c = r->c, x.p = &r->pr, x.ids = ids;
	x.spmv = r->c->kind == WL_SPMV;
	x.made = !x.spmv || r->nnz > 0;
	x.ran = strcmp(r->status, "skipped") != 0;
	x.bytes = workload_bytes(r->c, r->rows, r->cols, r->nnz);
	x.t = r->timed ? r->pr.time.median : NAN;
	x.elements = x.spmv ? (double)r->nnz : (double)r->c->n;
	csv_col_cells(w, wl_cols, NELEM(wl_cols), &x);
	csv_end_row(w);
}
