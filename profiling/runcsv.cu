/*
 * runcsv.cu - the run CSV's columns (data/runs/RUN/TARGET.csv, read by the renderer for every
 * table and figure): one table of {name, getter}, from which both the header and each row are
 * written, then every raw counter as ctr_<metric>. REPRODUCE.md documents the columns.
 */
#include <math.h>
#include <stdio.h>

#include "bench.h"

/* a row as its columns see it: the measured row and the values several columns derive from */
struct row_view {
	const struct row *r;
	const struct run_config *c;
	const char *run_id, *ceil_src;
	double pts, steps, med;                 /* interior points, point-steps, median seconds */
	double flop64, flop32, flop16, tops;    /* counter FLOPs by precision, tensor FLOPs */
	double F, Q, I;                         /* per point, from the counters */
	const double *v;                        /* the raw counters */
	int t, h, m;                            /* timed, counters read, model known */
};

static void put_or_na(struct csv_writer *w, int have, double v)
{
	if (have)
		csv_put_num(w, v);
	else
		csv_put_str(w, "NA");
}

static void put_uuid(struct csv_writer *w)
{
	char u[64];
	gpu_uuid_string(u, sizeof(u));
	csv_put_str(w, u);
}

static void put_method(struct csv_writer *w, const struct row_view *x)
{
	char mname[64];   /* the variant asked for stays in the method column: convstencil:m16n8k8 */
	method_variant_name(x->c->method, x->c->option, mname, sizeof(mname));
	csv_put_str(w, mname);
}

struct run_col {
	const char *name;
	void (*put)(struct csv_writer *w, const struct row_view *x);
};

#define COL(name, ...) { name, [](struct csv_writer *w, const struct row_view *x) { __VA_ARGS__; } }
#define T(v) put_or_na(w, x->t, (v))            /* a timing column: NA unless timed */
#define H(v) put_or_na(w, x->h, (v))            /* a counter column: NA without counters */
#define M(v) put_or_na(w, x->m, (v))            /* a model column: NA without the model */

static const struct run_col run_cols[] = {
	COL("run_id", csv_put_str(w, x->run_id)),
	COL("gpu_uuid", put_uuid(w)),   /* the GPU this row ran on (a run may hold several of one model) */
	COL("label", csv_put_str(w, x->c->label)),
	COL("stencil", csv_put_str(w, x->c->stencil->name)),
	COL("shape", csv_put_str(w, stencil_shape_name(x->c->stencil->shape))),
	COL("dims", csv_put_int(w, x->c->stencil->dims)),
	COL("radius", csv_put_int(w, x->c->stencil->radius)),
	COL("K", csv_put_int(w, x->c->stencil->points)),
	COL("dtype", csv_put_str(w, dtype_table[x->c->dtype].name)),
	COL("method", put_method(w, x)),
	COL("unit", csv_put_str(w, unit_name(kernel_model(x->r->m)->unit))),
	COL("fusion", csv_put_int(w, x->c->fusion)),
	COL("size", csv_put_str(w, x->c->size)),
	COL("interior_points", csv_put_num(w, x->pts)),
	COL("status", csv_put_str(w, x->r->status)),
	COL("reason", csv_put_str(w, x->r->reason)),
	COL("variant", csv_put_str(w, x->r->variant)),
	COL("verify_rel_l2", csv_put_num(w, x->r->rel_l2)),
	COL("verify_max_rel", csv_put_num(w, x->r->max_rel)),
	COL("verify_tol_l2", csv_put_num(w, x->r->tol_l2)),
	COL("verify_tol_max", csv_put_num(w, x->r->tol_max)),
	COL("verified_points", csv_put_int(w, x->r->verified)),
	COL("samples", csv_put_int(w, x->t ? x->r->pr.n : 0)),
	COL("throttled_samples", csv_put_int(w, x->t ? x->r->pr.throttled : 0)),
	COL("stop_reason", csv_put_str(w, x->t ? protocol_stop_name(x->r->pr.stop_reason) : "NA")),
	COL("warmup_s", T(x->r->pr.warmup_s)),
	/* the GPU's idle gap before the row (NA: the process's first row, or --original's) */
	COL("warmup_idle_s", put_or_na(w, x->t && !isnan(x->r->pr.idle_s), x->r->pr.idle_s)),
	COL("warmup_launches", T((double)x->r->pr.warmup_launches)),
	COL("time_median_s", T(x->med)),
	COL("time_min_s", T(x->r->pr.time.min)),
	COL("time_max_s", T(x->r->pr.time.max)),
	COL("time_q1_s", T(x->r->pr.time.q1)),
	COL("time_q3_s", T(x->r->pr.time.q3)),
	COL("time_iqr_s", T(x->r->pr.time.iqr)),
	COL("time_rsd", T(x->r->pr.time.rsd)),
	COL("time_median_ci", T(x->r->pr.median_ci)),
	COL("sm_clock_median_mhz", T(x->r->pr.sm_mhz_median)),
	COL("sm_clock_min_mhz", T(x->r->pr.sm_mhz_min)),
	COL("throttle_retakes", T((double)x->r->pr.retakes)),
	/* every fused time step counts, nothing else: points x t / median time */
	COL("gstencil_per_s", T(x->steps / x->med * 1e-9)),
	/* compulsory traffic (each input read once, each output written once) over the median */
	COL("achieved_gbps", T(2.0 * dtype_table[x->c->dtype].bytes * x->pts / x->med * 1e-9)),
	COL("dram_read_bytes", H(x->v[CTR_DRAM_READ])),
	COL("dram_write_bytes", H(x->v[CTR_DRAM_WRITE])),
	COL("flop_fp64", H(x->flop64)),
	COL("flop_fp32", H(x->flop32)),
	COL("flop_fp16", H(x->flop16)),
	COL("tensor_ops_fp64", H(x->v[CTR_TC_FP64])),
	COL("tensor_ops_tf32", H(x->v[CTR_TC_TF32])),
	COL("tensor_ops_fp16", H(x->v[CTR_TC_FP16])),
	COL("tensor_ops_sparse", H(x->v[CTR_TC_TF32_SP_ON] + x->v[CTR_TC_F16_F32_SP_ON] + x->v[CTR_TC_F16_F16_SP_ON])),
	COL("tensor_inst", H(x->v[CTR_TC_INST])),
	COL("kernel_time_s", H(x->v[CTR_GPU_TIME] * 1e-9)),
	COL("F_measured", H(x->F)),
	COL("Q_measured", H(x->Q)),
	COL("I_measured", H(x->I)),
	COL("flop_per_point_step", H(x->F / x->c->fusion)),
	COL("F_model", M(x->r->model.F)),
	COL("Q_model", M(x->r->model.Q)),
	COL("I_model", M(x->r->model.I)),
	COL("F_rel_err", put_or_na(w, x->h && x->m, x->F / x->r->model.F - 1)),
	COL("Q_rel_err", put_or_na(w, x->h && x->m, x->Q / x->r->model.Q - 1)),
	COL("I_rel_err", put_or_na(w, x->h && x->m, x->I / x->r->model.I - 1)),
	COL("rho", M(x->r->model.rho)),
	COL("sigma", M(x->r->model.sigma)),
	COL("model_gstencil_per_s", put_or_na(w, x->m && !isnan(x->r->model.gstencil_per_s),
					      x->r->model.gstencil_per_s)),
	COL("efficiency", put_or_na(w, x->m && x->t && !isnan(x->r->model.gstencil_per_s),
				    x->steps / x->med * 1e-9 / x->r->model.gstencil_per_s)),
	COL("ceilings", csv_put_str(w, x->ceil_src)),
	COL("window", csv_put_str(w, !x->t ? "NA" : isnan(x->r->writeback_s) ? "hot" : "writeback")),
	COL("writeback_s", put_or_na(w, x->t && !isnan(x->r->writeback_s), x->r->writeback_s)),
	/* --original (nongemm Figure 7): the fixed-count protocol's mean launch, idle GPU first
	 * (cold) and after the warm-up (warm); NA when not asked */
	COL("orig_time_cold_s", put_or_na(w, x->t && !isnan(x->r->orig.cold_s), x->r->orig.cold_s)),
	COL("orig_time_warm_s", put_or_na(w, x->t && !isnan(x->r->orig.warm_s), x->r->orig.warm_s)),
	COL("orig_timed_launches", put_or_na(w, x->t && !isnan(x->r->orig.cold_s), (double)x->r->orig.timed_launches)),
	COL("orig_idle_mhz", put_or_na(w, x->t && !isnan(x->r->orig.idle_mhz), x->r->orig.idle_mhz)),
	COL("git_commit", csv_put_str(w, gpu_build_commit())),
	COL("git_dirty", csv_put_str(w, gpu_build_dirty())),
};
#define NBASE (sizeof(run_cols) / sizeof(run_cols[0]))

size_t run_column_count(void)
{
	return NBASE + CTR_COUNT;
}

const char *const *run_columns(void)
{
	static const char *cols[NBASE + CTR_COUNT];
	static char names[CTR_COUNT][128];
	for (size_t i = 0; i < NBASE; i++)
		cols[i] = run_cols[i].name;
	for (int i = 0; i < CTR_COUNT; i++) {
		snprintf(names[i], sizeof(names[i]), "ctr_%s", counter_metrics[i]);
		cols[NBASE + i] = names[i];
	}
	return cols;
}

void write_row(struct csv_writer *w, const struct row *r, const char *run_id, const char *ceil_src)
{
	const struct run_config *c = r->cfg;
	const double *v = r->ctr;
	struct row_view x = { r, c, run_id, ceil_src };
	x.pts = (double)grid_points(&r->g);
	x.steps = x.pts * c->fusion;
	x.med = r->timed ? r->pr.time.median : NAN;
	x.v = v;
	x.t = r->timed;
	x.h = r->have_ctr;
	x.m = r->have_model;
	x.flop64 = v[CTR_DADD] + v[CTR_DMUL] + 2 * v[CTR_DFMA];
	x.flop32 = v[CTR_FADD] + v[CTR_FMUL] + 2 * v[CTR_FFMA];
	x.flop16 = v[CTR_HADD] + v[CTR_HMUL] + 2 * v[CTR_HFMA];
	/* tensor "ops" are dense-equivalent FLOPs (make ceilings checks it: counters-calibration.csv).
	 * CUDA-core FLOPs count in the kernel's own precision (fp16 data may accumulate in fp32):
	 * ptxas emits HFMA2.MMA as a register move in fp32 and fp64 code, and the hfma counter sees
	 * those, so other precisions' counts are not the kernel's arithmetic. */
	x.tops = v[CTR_TC_FP64] + v[CTR_TC_TF32] + v[CTR_TC_FP16];
	double own = c->dtype == DT_FP64 ? x.flop64 : c->dtype == DT_FP16 ? x.flop16 + x.flop32 : x.flop32;
	x.F = (own + x.tops) / x.pts;
	x.Q = (v[CTR_DRAM_READ] + v[CTR_DRAM_WRITE]) / x.pts;
	x.I = x.F / x.Q;
	for (size_t i = 0; i < NBASE; i++)
		run_cols[i].put(w, &x);
	for (int i = 0; i < CTR_COUNT; i++)
		put_or_na(w, x.h, v[i]);
	csv_end_row(w);
}
