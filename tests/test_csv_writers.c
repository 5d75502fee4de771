/*
 * test_csv_writers.c - every CSV writer's column table, without a GPU: synthetic rows written
 * through the stencil run CSV's (profiling/runcsv.h), the workload run CSV's and the model's
 * (model/modelcsv.h: a configuration's row and the four-scenario map), each header pinned name by
 * name in order and each row's cells read back by column name, so that a column can neither move
 * nor take another's value; the untimed, counterless, skipped and unmatched rows write NA where
 * the runner and the model always did.
 */
#define _XOPEN_SOURCE 700
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csvio.h"
#include "method.h"
#include "modelcsv.h"
#include "runcsv.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static const struct run_ids ids = { "20261122T052922Z-853", "GPU-8eb144af", "abc1234", "no", "NA", 2, "random" };

/* a writer's file: header cols, then the rows put writes; read back into t */
struct written {
	struct csv_writer w;
	char path[512];
};

static void open_csv(struct written *o, const char *const *cols, size_t n)
{
	test_tmp(o->path, sizeof(o->path), "writer-XXXXXX");
	close(mkstemp(o->path));
	if (csv_writer_open(&o->w, o->path, cols, n) != 0)
		fail_msg("%s", atomic_error());
}

static void read_csv(struct written *o, struct csv_table *t, char *text, size_t len)
{
	char e[512];
	assert_int_equal(csv_writer_close(&o->w), 0);
	FILE *f = fopen(o->path, "r");
	assert_non_null(f);
	text[fread(text, 1, len - 1, f)] = '\0';
	fclose(f);
	if (csv_table_parse(o->path, text, strlen(text), t, e, sizeof(e)) != 0)
		fail_msg("%s", e);
}

/* the header line of text must be want */
static void header_is(const char *text, const char *want)
{
	const size_t n = strcspn(text, "\n");
	if (strlen(want) != n || strncmp(text, want, n))
		fail_msg("header\n  %.*s\nnot\n  %s", (int)n, text, want);
}

static void cell_is(const struct csv_table *t, size_t r, const char *col, const char *want)
{
	const char *v = csv_table_get(t, r, col);
	if (!v || strcmp(v, want))
		fail_msg("row %zu, column %s: '%s', not '%s'", r, col, v ? v : "(no column)", want);
}

static const char *const run_head =
	"run_id,gpu_uuid,replica,data,label,stencil,shape,dims,radius,K,dtype,method,unit,fusion,size,interior_points,status,"
	"reason,variant,verify_rel_l2,verify_max_rel,verify_tol_l2,verify_tol_max,verified_points,samples,"
	"throttled_samples,stop_reason,warmup_asked_s,warmup_s,warmup_rest_s,warmup_launches,time_median_s,time_min_s,"
	"time_max_s,time_q1_s,time_q3_s,time_iqr_s,time_rsd,time_median_ci,sm_clock_median_mhz,sm_clock_min_mhz,"
	"throttle_retakes,clock_reasons,power_median_w,gstencil_per_s,energy_nj_per_point_step,counter_power_w,"
	"energy_window_s,energy_window_launches,energy_counter_nj_per_point_step,sampled_counter_power_w,"
	"sampled_counter_updates,achieved_gbps,dram_read_bytes,"
	"dram_write_bytes,flop_fp64,flop_fp32,"
	"flop_fp16,tensor_ops_fp64,tensor_ops_tf32,tensor_ops_fp16,tensor_ops_sparse,tensor_inst,kernel_time_s,"
	"F_measured,Q_measured,I_measured,flop_per_point_step,F_model,Q_model,I_model,F_rel_err,Q_rel_err,"
	"I_rel_err,rho,sigma,model_gstencil_per_s,efficiency,ceilings,window,writeback_s,orig_time_cold_s,"
	"orig_time_warm_s,orig_timed_launches,orig_idle_mhz,row_wall_s,phase_setup_s,phase_verify_s,phase_counters_s,phase_rest_s,p"
	"hase_warmup_s,phase_samples_s,phase_retakes_s,phase_original_s,phase_other_s,energy_reads,energy_reads_held,"
	"energy_read_ms_mean,energy_read_ms_max,git_commit,git_dirty";

/* a measured stencil row: timed, counted (counter i reads i + 1), modelled */
static void timed_row(struct run_result *r, const struct run_config *cfg)
{
	memset(r, 0, sizeof(*r));
	r->cfg = cfg, r->unit = UNIT_CC, r->points = 4096;
	snprintf(r->status, sizeof(r->status), "ok");
	snprintf(r->variant, sizeof(r->variant), "tile 32x8, t 2");
	r->rel_l2 = 1e-7, r->max_rel = 2e-7, r->tol_l2 = 1e-5, r->tol_max = 1e-4, r->verified = 4096;
	r->pr.n = 12, r->pr.throttled = 1, r->pr.retakes = 3, r->pr.stop_reason = PROTOCOL_STOP_CI;
	r->pr.warmup_asked_s = 1, r->pr.warmup_s = 1.5, r->pr.rest_s = 0, r->pr.warmup_launches = 100;
	r->pr.reasons = PR_POWER_CAP | PR_SW_THERMAL, r->pr.power_median_w = 600, r->wall_s = 2.5;
	r->pr.time.min = 0.0015, r->pr.time.max = 0.003, r->pr.time.median = 0.002;
	r->pr.time.q1 = 0.0018, r->pr.time.q3 = 0.0022, r->pr.time.iqr = 0.0004, r->pr.time.rsd = 0.01;
	r->pr.median_ci = 0.004, r->pr.sm_mhz_median = 1980, r->pr.sm_mhz_min = 1900;
	r->timed = 1, r->have_ctr = 1, r->have_model = 1;
	for (int i = 0; i < CTR_COUNT; i++)
		r->ctr[i] = i + 1;
	r->model.F = 34, r->model.Q = 8, r->model.I = 4.25, r->model.rho = 1, r->model.sigma = 1;
	r->model.gstencil_per_s = 100;
	r->writeback_s = NAN;
	r->orig.cold_s = r->orig.warm_s = r->orig.idle_mhz = NAN;
	for (int i = 0; i < PHASE_COUNT; i++)   /* the phases 0.125 .. 0.375 in their order: none swapped */
		r->phase[i] = 0.125 + i / 32.0;
}

static void test_run_csv(void **state)
{
	(void)state;
	struct run_config cfg;
	struct run_result a, b;
	struct written o;
	struct csv_table t;
	char text[1 << 15], what[256], head[4096];
	assert_int_equal(run_config_parse(&cfg, "box2d1r", "fp32", "ebisu:x", "2", "64x64", "case 1, fp32",
					  model_method_names(), what, sizeof(what)), 0);
	timed_row(&a, &cfg);
	memset(&b, 0, sizeof(b));   /* skipped: not timed, no counters, no model */
	b.cfg = &cfg, b.unit = UNIT_CC, b.points = 4096, b.writeback_s = NAN, b.wall_s = NAN;
	snprintf(b.status, sizeof(b.status), "skipped");
	snprintf(b.reason, sizeof(b.reason), "not on this GPU");
	open_csv(&o, run_columns(), run_column_count());
	run_csv_row(&o.w, &a, &ids);
	run_csv_row(&o.w, &b, &ids);
	read_csv(&o, &t, text, sizeof(text));
	/* the named columns, then ctr_<metric> for every counter in counters.h's order */
	snprintf(head, sizeof(head), "%s", run_head);
	for (int i = 0; i < CTR_COUNT; i++)
		snprintf(head + strlen(head), sizeof(head) - strlen(head), ",ctr_%s", counter_metrics[i]);
	header_is(text, head);
	static const char *const want[][2] = {
		{ "run_id", "20261122T052922Z-853" }, { "gpu_uuid", "GPU-8eb144af" }, { "label", "case 1, fp32" },
		{ "stencil", "box2d1r" }, { "shape", "box" }, { "dims", "2" }, { "radius", "1" }, { "K", "9" },
		{ "dtype", "fp32" }, { "method", "ebisu:x" }, { "unit", "cc" }, { "fusion", "2" }, { "size", "64x64" },
		{ "interior_points", "4096" }, { "status", "ok" }, { "reason", "" }, { "variant", "tile 32x8, t 2" },
		{ "verify_rel_l2", "1e-07" }, { "verify_max_rel", "2e-07" }, { "verify_tol_l2", "1e-05" },
		{ "verify_tol_max", "0.0001" }, { "verified_points", "4096" }, { "samples", "12" },
		{ "throttled_samples", "1" }, { "warmup_asked_s", "1" }, { "warmup_s", "1.5" }, { "warmup_rest_s", "0" },
		{ "clock_reasons", "power_cap+sw_thermal" }, { "power_median_w", "600" },
		/* 600 W x 2 ms over 4096 points x 2 steps */
		{ "energy_nj_per_point_step", "146484.375" }, { "row_wall_s", "2.5" },
		{ "warmup_launches", "100" }, { "time_median_s", "0.002" }, { "time_min_s", "0.0015" },
		{ "time_max_s", "0.003" }, { "time_q1_s", "0.0018" }, { "time_q3_s", "0.0022" },
		{ "time_iqr_s", "0.0004" }, { "time_rsd", "0.01" }, { "time_median_ci", "0.004" },
		{ "sm_clock_median_mhz", "1980" }, { "sm_clock_min_mhz", "1900" }, { "throttle_retakes", "3" },
		{ "gstencil_per_s", "0.004096" }, { "achieved_gbps", "0.016384" }, { "dram_read_bytes", "1" },
		{ "dram_write_bytes", "2" }, { "flop_fp64", "17" }, { "flop_fp32", "29" }, { "flop_fp16", "41" },
		{ "tensor_ops_fp64", "12" }, { "tensor_ops_tf32", "13" }, { "tensor_ops_fp16", "14" },
		{ "tensor_ops_sparse", "54" }, { "tensor_inst", "20" }, { "kernel_time_s", "2.1e-08" },
		{ "F_measured", "0.0166015625" }, { "Q_measured", "0.000732421875" }, { "I_measured", "22.66666667" },
		{ "flop_per_point_step", "0.00830078125" }, { "F_model", "34" }, { "Q_model", "8" },
		{ "I_model", "4.25" }, { "rho", "1" }, { "sigma", "1" }, { "model_gstencil_per_s", "100" },
		{ "efficiency", "4.096e-05" }, { "ceilings", "NA" }, { "window", "hot" }, { "writeback_s", "NA" },
		{ "orig_time_cold_s", "NA" }, { "orig_timed_launches", "NA" }, { "git_commit", "abc1234" },
		{ "git_dirty", "no" }, { "ctr_dram__bytes_read.sum", "1" }, { "ctr_gpu__time_duration.sum", "21" },
		{ "phase_setup_s", "0.125" }, { "phase_verify_s", "0.15625" }, { "phase_warmup_s", "0.25" },
		{ "phase_other_s", "0.375" },
	};
	for (size_t k = 0; k < NELEM(want); k++)
		cell_is(&t, 0, want[k][0], want[k][1]);
	static const char *const na[] = { "samples", "stop_reason", "time_median_s", "gstencil_per_s", "clock_reasons",
					  "power_median_w", "energy_nj_per_point_step", "row_wall_s", "phase_setup_s",
					  "F_measured", "F_model", "efficiency", "window", "ctr_dram__bytes_read.sum" };
	for (size_t k = 0; k < NELEM(na); k++)
		cell_is(&t, 1, na[k], !strcmp(na[k], "samples") ? "0" : "NA");
	cell_is(&t, 1, "reason", "not on this GPU");
	csv_table_free(&t);
}

static const char *const wl_head =
	"run_id,gpu_uuid,replica,data,label,workload,dtype,method,variant,size,matrix,rows,nnz,row_len_mean,row_len_max,"
	"row_len_cv,elements,bytes,status,reason,verify_max_rel,verified,samples,throttled_samples,stop_reason,"
	"warmup_asked_s,warmup_s,warmup_rest_s,warmup_launches,time_median_s,time_min_s,time_q1_s,time_q3_s,time_rsd,"
	"time_median_ci,sm_clock_median_mhz,sm_clock_min_mhz,throttle_retakes,clock_reasons,power_median_w,"
	"launches_per_sample,issue_s,gbps,gflop_per_s,energy_nj_per_element,registers,preprocess_s,padded,"
	"orig_time_cold_s,orig_time_warm_s,orig_timed_launches,orig_idle_mhz,window,row_wall_s,phase_setup_s,phase_verify_s,phase_counters_s,phase_rest_s,p"
	"hase_warmup_s,phase_samples_s,phase_retakes_s,phase_original_s,phase_other_s,energy_reads,energy_reads_held,"
	"energy_read_ms_mean,energy_read_ms_max,git_commit,git_dirty";

static void scale_row(struct wl_result *r, const struct workload_config *c)
{
	memset(r, 0, sizeof(*r));
	r->c = c;
	snprintf(r->status, sizeof(r->status), "ok");
	snprintf(r->name, sizeof(r->name), "scale-cc");
	snprintf(r->variant, sizeof(r->variant), "16-byte loads");
	r->verified = 1024, r->timed = 1, r->per_sample = 50, r->issue_s = 1e-6, r->regs = 32;
	r->preprocess_s = NAN;
	r->pr.n = 10, r->pr.stop_reason = PROTOCOL_STOP_TIME, r->pr.warmup_s = 1, r->pr.warmup_asked_s = 1;
	r->pr.rest_s = 0.25, r->pr.reasons = 0, r->pr.power_median_w = 500, r->wall_s = 1.75;
	r->pr.warmup_launches = 7, r->pr.time.median = 2e-6, r->pr.time.min = 1e-6, r->pr.time.q1 = 1.5e-6;
	r->pr.time.q3 = 2.5e-6, r->pr.time.rsd = 0.02, r->pr.median_ci = 0.003, r->pr.retakes = 0;
	r->pr.sm_mhz_median = 1980, r->pr.sm_mhz_min = 1970;
	r->orig.cold_s = 3e-6, r->orig.warm_s = 2e-6, r->orig.timed_launches = 1000, r->orig.idle_mhz = 345;
	for (int i = 0; i < PHASE_COUNT; i++)
		r->phase[i] = 0.125 + i / 32.0;
}

static void test_workload_csv(void **state)
{
	(void)state;
	struct workload_config sc = { .kind = WL_SCALE, .workload = "scale", .dtype = DT_FP64, .n = 1024 };
	struct workload_config sp = { .kind = WL_SPMV, .workload = "spmv", .dtype = DT_FP64, .n = 256 };
	struct wl_result a, b;
	struct written o;
	struct csv_table t;
	char text[1 << 14];
	snprintf(sc.method, sizeof(sc.method), "scale-cc");
	snprintf(sc.size, sizeof(sc.size), "2^10");
	snprintf(sc.label, sizeof(sc.label), "s");
	snprintf(sp.method, sizeof(sp.method), "spmv-dasp");
	snprintf(sp.matrix, sizeof(sp.matrix), "poisson2d");
	snprintf(sp.size, sizeof(sp.size), "256");
	scale_row(&a, &sc);
	memset(&b, 0, sizeof(b));   /* skipped before its matrix was built: nothing of it known */
	b.c = &sp, b.preprocess_s = b.issue_s = b.wall_s = NAN, b.regs = -1;
	snprintf(b.status, sizeof(b.status), "skipped");
	snprintf(b.name, sizeof(b.name), "spmv-dasp");
	snprintf(b.variant, sizeof(b.variant), "never written");
	open_csv(&o, wl_columns(), wl_column_count());
	wl_csv_row(&o.w, &a, &ids);
	wl_csv_row(&o.w, &b, &ids);
	read_csv(&o, &t, text, sizeof(text));
	header_is(text, wl_head);
	static const char *const want[][2] = {
		{ "run_id", "20261122T052922Z-853" }, { "gpu_uuid", "GPU-8eb144af" }, { "label", "s" },
		{ "workload", "scale" }, { "dtype", "fp64" }, { "method", "scale-cc" }, { "variant", "16-byte loads" },
		{ "size", "2^10" }, { "matrix", "" }, { "rows", "NA" }, { "nnz", "NA" }, { "row_len_mean", "NA" },
		{ "elements", "1024" }, { "bytes", "16384" }, { "status", "ok" }, { "verify_max_rel", "0" },
		{ "verified", "1024" }, { "samples", "10" }, { "throttled_samples", "0" }, { "warmup_s", "1" },
		{ "warmup_rest_s", "0.25" }, { "warmup_launches", "7" }, { "time_median_s", "2e-06" },
		{ "clock_reasons", "none" }, { "power_median_w", "500" }, { "row_wall_s", "1.75" },
		/* 500 W x 2 us over 1024 elements */
		{ "energy_nj_per_element", "976.5625" },
		{ "time_min_s", "1e-06" }, { "time_q1_s", "1.5e-06" }, { "time_q3_s", "2.5e-06" },
		{ "time_rsd", "0.02" }, { "time_median_ci", "0.003" }, { "sm_clock_median_mhz", "1980" },
		{ "sm_clock_min_mhz", "1970" }, { "throttle_retakes", "0" }, { "launches_per_sample", "50" },
		{ "issue_s", "1e-06" }, { "gbps", "8.192" }, { "gflop_per_s", "0.512" }, { "registers", "32" },
		{ "preprocess_s", "NA" }, { "padded", "NA" }, { "orig_time_cold_s", "3e-06" },
		{ "orig_time_warm_s", "2e-06" }, { "orig_timed_launches", "1000" }, { "orig_idle_mhz", "345" },
		{ "window", "hot" }, { "git_commit", "abc1234" }, { "git_dirty", "no" }, { "phase_rest_s", "0.21875" },
		{ "phase_original_s", "0.34375" },
	};
	for (size_t k = 0; k < NELEM(want); k++)
		cell_is(&t, 0, want[k][0], want[k][1]);
	static const char *const skipped[][2] = {
		{ "matrix", "poisson2d" }, { "variant", "" }, { "rows", "NA" }, { "elements", "NA" }, { "bytes", "NA" },
		{ "samples", "0" }, { "stop_reason", "" }, { "time_median_s", "NA" }, { "issue_s", "NA" },
		{ "registers", "NA" }, { "verify_max_rel", "NA" }, { "orig_time_cold_s", "NA" },
		{ "clock_reasons", "NA" }, { "power_median_w", "NA" }, { "energy_nj_per_element", "NA" },
		{ "row_wall_s", "NA" }, { "phase_other_s", "NA" },
	};
	for (size_t k = 0; k < NELEM(skipped); k++)
		cell_is(&t, 1, skipped[k][0], skipped[k][1]);
	csv_table_free(&t);
}

static const char *const model_head =
	"stencil,fusion,dtype,method,unit,gpu,K,K_fused,fused_radius,rho,sigma,F,Q,I,peak_key,peak_tflops,bw_gbps,"
	"ridge,bound,attainable_tflops,effective_tflops,gstencil_per_s,e_point_nj,power_gstencil_per_s";
static const char *const compare_head =
	"compare,compare_unit,compare_I,compare_bound,compare_gstencil_per_s,scenario,speedup,sweet_spot,"
	"sweet_spot_rho_max,inflation,peak_ratio";

static void test_model_csv(void **state)
{
	(void)state;
	const struct model_point p = { "box2d1r", "ebisu", "fp64", "A100-PCIe-80GB", UNIT_CC, 3, 3, 9, 49, 1, 1,
				       54, 16, 3.375, "fp64_fma", 9.7, 1935, 5.0129, BOUND_MEMORY, 6.53, 6.53, 362.8, NAN,
				       NAN };
	const struct model_point c = { "box2d1r", "convstencil", "fp64", "A100-PCIe-80GB", UNIT_TC, 3, 3, 9, 49,
				       1.5, 0.5, 196, 16, 12.25, "tc_fp64", 19.5, 1935, 10.07, BOUND_COMPUTE, 19.5,
				       6.5, 298.5, NAN, NAN };
	const struct model_comparison cmp = { 2, 1.2156, 0, 1.0052 };
	const struct model_row rows[] = { { &p, &c, &cmp, "case 1" }, { &p, NULL, NULL, "" } };
	const char *cols[MODEL_CSV_MAX];
	char text[4096], want[2048];
	struct written o;
	struct csv_table t;
	const size_t n = model_csv_columns(1, 1, cols);
	assert_int_equal(n, 36);
	open_csv(&o, cols, n);
	for (size_t i = 0; i < NELEM(rows); i++)
		model_csv_row(&o.w, &rows[i], 1, 1);
	read_csv(&o, &t, text, sizeof(text));
	/* the two rows as the writer must put them (tests/fixtures/csv-writers/model-rows.csv) */
	char rows_text[1024];
	FILE *f = fopen(repo_path("tests/fixtures/csv-writers/model-rows.csv"), "r");
	if (!f)
		fail_msg("cannot read tests/fixtures/csv-writers/model-rows.csv");
	rows_text[fread(rows_text, 1, sizeof(rows_text) - 1, f)] = '\0';
	fclose(f);
	snprintf(want, sizeof(want), "label,%s,%s\n%s", model_head, compare_head, rows_text);
	assert_string_equal(text, want);
	csv_table_free(&t);
	/* without a label or a comparison: the configuration's columns alone */
	assert_int_equal(model_csv_columns(0, 0, cols), 24);
	open_csv(&o, cols, 24);
	model_csv_row(&o.w, &rows[0], 0, 0);
	read_csv(&o, &t, text, sizeof(text));
	header_is(text, model_head);
	cell_is(&t, 0, "stencil", "box2d1r");
	cell_is(&t, 0, "gstencil_per_s", "362.8");
	csv_table_free(&t);
}

static void test_scenario_csv(void **state)
{
	(void)state;
	const struct scenario_cell s = { "H200", "fp16", "sptc", 0.1, 2, 0.2, 12.5, 50, 1, 0.5 };
	const char *cols[MODEL_CSV_MAX];
	char text[1024];
	struct written o;
	struct csv_table t;
	open_csv(&o, cols, scenario_csv_columns(cols));
	scenario_csv_row(&o.w, &s);
	read_csv(&o, &t, text, sizeof(text));
	assert_string_equal(text, "gpu,dtype,unit,i_cc,inflation,i_tc,ridge_cc,ridge_tc,scenario,speedup\n"
			    "H200,fp16,sptc,0.1,2,0.2,12.5,50,1,0.5\n");
	csv_table_free(&t);
}

void run_csv_writers_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_run_csv),
		cmocka_unit_test(test_workload_csv),
		cmocka_unit_test(test_model_csv),
		cmocka_unit_test(test_scenario_csv),
	};
	RUN_GROUP(r, "csv-writers", tests);
}
