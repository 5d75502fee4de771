/*
 * render-design.c - where a recorded run's measurements vary (stencil-render design --run DIR; make
 * design): the variance components of log rate from the run's own replicated cells
 * (plots/records/design.c), by stratum, as standard deviations in per cent of the rate: between
 * GPUs, within one GPU (a repeat in another invocation) and the shift between invocations, each
 * with the pairs it rests on; where the run cannot tell two apart (one invocation: its replicas
 * on GPUs of their own), their sum alone, said so. Writes OUTDIR/design.md and design.csv.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render-int.h"

/* a variance of log rate as a standard deviation in per cent */
static double sd_pct(double var)
{
	return isfinite(var) ? 100 * sqrt(var) : NAN;
}

static void md_pct(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, " %.2f |", v);
	else
		fprintf(f, " NA |");
}

int render_design(const char *run, const char *outdir, char *err, size_t len)
{
	struct rec_design d;
	char path[1200];
	if (rec_design(run, &d, err, len) != 0 || output_dir(outdir, err, len) != 0)
		return -1;
	static const char *const cols[] = { "stratum", "gpu_pairs", "invocation_pairs", "between_gpu_sd_pct",
					     "within_gpu_sd_pct", "gpu_and_repeat_sd_pct", "invocation_shift_pct" };
	struct csv_writer w;
	struct atomic_file a;
	snprintf(path, sizeof(path), "%s/design.csv", outdir);
	if (csv_writer_open(&w, path, cols, NELEM(cols)) != 0) {
		snprintf(err, len, "%s", atomic_error());
		return -1;
	}
	snprintf(path, sizeof(path), "%s/design.md", outdir);
	if (atomic_open(&a, path) != 0) {
		snprintf(err, len, "%s", atomic_error());
		csv_writer_close(&w);
		return -1;
	}
	const char *name = strrchr(run, '/') ? strrchr(run, '/') + 1 : run;
	fprintf(a.f, "# Where the measurements of run %s vary\n\n", name);
	fprintf(a.f, "The variance components of log rate from the run's own replicated cells: %ld verified stencil "
		"rows, %ld configurations measured more than once, pooled over the lists, each stratum apart (both "
		"rows power-capped, both at full clock, one of each). As standard deviations in per cent of the "
		"rate: between GPUs (two rows of one invocation on two GPUs, less the repeat), within one GPU (two "
		"rows of one GPU from two invocations, about their mean shift) and that shift. Where the run "
		"holds no pair of one GPU from two invocations, between-GPU and within-GPU are not told apart: "
		"their sum stands alone.\n\n", d.rows, d.configs);
	fprintf(a.f, "| stratum | GPU pairs | invocation pairs | between GPUs %% | within a GPU %% | both, from the GPU "
		"pairs %% | invocation shift %% |\n|---|---:|---:|---:|---:|---:|---:|\n");
	for (int s = 0; s < REC_STRATA; s++) {
		const struct rec_stratum *st = &d.s[s];
		const double v[] = { sd_pct(st->between_gpu), sd_pct(st->within), sd_pct(st->gpu_and_repeat),
				     isfinite(st->shift) ? 100 * (exp(st->shift) - 1) : NAN };
		csv_put_str(&w, rec_stratum_name(s));
		csv_put_int(&w, st->gpu_pairs);
		csv_put_int(&w, st->inv_pairs);
		for (size_t k = 0; k < NELEM(v); k++)
			csv_put_num(&w, v[k]);
		csv_end_row(&w);
		fprintf(a.f, "| %s | %ld | %ld |", rec_stratum_name(s), st->gpu_pairs, st->inv_pairs);
		for (size_t k = 0; k < NELEM(v); k++)
			md_pct(a.f, v[k]);
		fprintf(a.f, "\n");
	}
	if (csv_writer_close(&w) != 0 || atomic_commit(&a) != 0) {
		snprintf(err, len, "%s", atomic_error());
		return -1;
	}
	return 0;
}
