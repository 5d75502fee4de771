/*
 * hw.h - hardware ceilings for the roofline model: a datasheet row of data/hw/gpus.csv, or a
 * measured ceilings.csv written by the harness's microbenchmarks (`make ceilings`).
 *
 * Both files are long-format CSV, one ceiling per row, read by column name:
 *   data/hw/gpus.csv:  gpu,quantity,value,unit,source
 *   ceilings.csv:      quantity,value,unit,how        (the "--hw format")
 * A ceiling is looked up by a key ("tc_fp64"); every row whose quantity is the key or starts
 * with "key_" (an instruction-specific measurement such as tc_fp64_mma_m8n8k4) qualifies, and
 * the largest value wins: the model's ceiling is the best instruction's. A measured ceiling is held
 * under twice its GPU's datasheet value (hw_check_bounds). Used by every model column of every
 * table and figure.
 */
#ifndef HW_H
#define HW_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HW_KEY_BW "dram_copy_bandwidth"

struct hw_row {
	char quantity[64];
	double value;      /* TFLOP/s (dense-equivalent for sparse units) or GB/s */
	char unit[48];
	char source[256];
	long line;         /* its line in the file */
	double power_w;    /* a measured ceiling's board power at its sustained rate, the energy
			    * counter's (counter_power_w; NaN where not measured) */
};

struct hw {
	char name[128];    /* GPU name, or the ceilings file's path */
	struct hw_row *rows;
	size_t n;
	/* the power roof's inputs (model/power.h: power_from_ceilings sets them after a load), NaN
	 * where unknown: the board's power limit, the
	 * constant power (pi0: the intercept of the fit over the measured ceilings' powers) and its
	 * residual, and the idle power (the ceilings' idle_power row) */
	double cap_w, pi0_w, pi0_resid_w, idle_w;
	int pi0_points;    /* the ceilings the fit stood on */
};

/* Load GPU `gpu` from a gpus.csv-format file. 0 on success, else -1 with a one-line error. */
int hw_load_gpu(struct hw *hw, const char *path, const char *gpu, char *err, size_t errlen);
/* Load a measured ceilings file (quantity,value,unit and how or source). A quantity given twice
 * (in a gpus.csv file: twice for one GPU) is an error naming the file, line and quantity. */
int hw_load_ceilings(struct hw *hw, const char *path, char *err, size_t errlen);
void hw_free(struct hw *hw);
/* The datasheet (hw_load_gpu from gpus_path) of the GPU a run's meta.csv names as the driver
 * reports it (gpu_name, "NVIDIA H200"), through names_path (data/hw/gpu-names.csv: reported,gpu):
 * 0 with sheet loaded, 1 when names_path or gpus_path has no row for it, -1 with err when a file
 * does not read. */
int hw_load_reported(struct hw *sheet, const char *gpus_path, const char *names_path, const char *reported,
		     char *err, size_t errlen);
/*
 * Each measured ceiling within physical bounds: positive and finite (as every loaded row is), and
 * under twice the GPU's datasheet value of the same quantity where sheet (NULL: no datasheet) has
 * one in a comparable unit (GFLOP/s and TFLOP/s, GB/s and TB/s): the datasheet key the model would
 * take the ceiling for (tc_fp64 for tc_fp64_mma_m8n8k4), the tensor-core one for a wgmma row (tc_fp16
 * for wgmma_fp16_f32acc, sptc_fp16 for wgmma_sp_fp16), the copy bandwidth for fermi_dram_bandwidth,
 * fp64_fma for fermi_dp_fma. 0, or -1 with "FILE:LINE: quantity Q: V UNIT is not under B UNIT,
 * twice the H200 datasheet's KEY (V UNIT, data/hw/gpus.csv)". No measurement reaches
 * twice its datasheet: a value that does is a corrupt file, and would move every model built on it
 * (a copy bandwidth of 1e308 makes every kernel compute-bound).
 */
int hw_check_bounds(const struct hw *ceil, const struct hw *sheet, char *err, size_t errlen);
/* The ceiling for a key (see above), or NaN when the file has none. *row gets the winner. */
double hw_get(const struct hw *hw, const char *key, const struct hw_row **row);
/* The GPU names in a gpus.csv file, comma-separated, into buf (for error messages and --list). */
int hw_list_gpus(const char *path, char *buf, size_t buflen, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
