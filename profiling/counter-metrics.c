/*
 * counter-metrics.c - the CUPTI metrics the runner reads, by name, in the order counters_measure
 * returns them (counters.h): host C, so that the run CSV's ctr_<metric> columns (runcsv.c) are
 * named, and tested, without a GPU; counters.cu profiles them.
 */
#include <stdio.h>
#include <string.h>

#include "counters.h"

const char *const counter_metrics[CTR_COUNT] = {
	"dram__bytes_read.sum",
	"dram__bytes_write.sum",
	"sm__sass_thread_inst_executed_op_dadd_pred_on.sum",
	"sm__sass_thread_inst_executed_op_dmul_pred_on.sum",
	"sm__sass_thread_inst_executed_op_dfma_pred_on.sum",
	"sm__sass_thread_inst_executed_op_fadd_pred_on.sum",
	"sm__sass_thread_inst_executed_op_fmul_pred_on.sum",
	"sm__sass_thread_inst_executed_op_ffma_pred_on.sum",
	"sm__sass_thread_inst_executed_op_hadd_pred_on.sum",
	"sm__sass_thread_inst_executed_op_hmul_pred_on.sum",
	"sm__sass_thread_inst_executed_op_hfma_pred_on.sum",
	"sm__ops_path_tensor_src_fp64.sum",
	"sm__ops_path_tensor_src_tf32_dst_fp32.sum",
	"sm__ops_path_tensor_src_fp16.sum",
	"sm__ops_path_tensor_op_hmma_src_fp16_dst_fp32.sum",
	"sm__ops_path_tensor_op_hmma_src_fp16_dst_fp16.sum",
	"sm__ops_path_tensor_op_hmma_src_tf32_dst_fp32_sparsity_on.sum",
	"sm__ops_path_tensor_op_hmma_src_fp16_dst_fp32_sparsity_on.sum",
	"sm__ops_path_tensor_op_hmma_src_fp16_dst_fp16_sparsity_on.sum",
	"sm__inst_executed_pipe_tensor.sum",
	"gpu__time_duration.sum",
};

const char *counter_metric_list(void)
{
	static char buf[4096];
	if (!buf[0])
		for (int i = 0; i < CTR_COUNT; i++)
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%s", i ? "," : "",
				 counter_metrics[i]);
	return buf;
}
