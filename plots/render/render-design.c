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

/* one component: its CSV row and its Markdown line */
static void design_row(struct csv_writer *w, FILE *md, const char *what, const char *stratum, long pairs, double v)
{
	csv_put_str(w, what);
	csv_put_str(w, stratum);
	csv_put_int(w, pairs);
	csv_put_num(w, v);
	csv_end_row(w);
	if (isfinite(v))
		fprintf(md, "| %s | %s | %ld | %.2f |\n", what, stratum, pairs, v);
	else
		fprintf(md, "| %s | %s | %ld | NA |\n", what, stratum, pairs);
}

int render_design(const char *root, const char *run, const char *outdir, char *err, size_t len)
{
	struct rec_design d;
	char path[1200];
	snprintf(path, sizeof(path), "%s/experiments", root);
	if (rec_design(run, path, &d, err, len) != 0)
		return -1;
	static const char *const cols[] = { "component", "stratum", "pairs", "sd_pct" };
	struct csv_writer w;
	struct atomic_file a;
	if (render_files_open(outdir, "design", cols, NELEM(cols), &w, &a, err, len) != 0)
		return -1;
	const char *name = strrchr(run, '/') ? strrchr(run, '/') + 1 : run;
	fprintf(a.f, "# Where the measurements of run %s vary\n\n", name);
	fprintf(a.f, "The variance components of log rate from the run's own replicated cells (%ld verified stencil "
		"rows, %ld cells measured more than once (a cell: one list's configuration in one data regime, at one "
		"warm-up), %d invocation%s on %d GPUs), pooled over the lists, "
		"each stratum apart (both rows power-capped, both at full clock, one of each), as standard deviations "
		"in per cent of the rate. Where the run holds no pair of one GPU from two invocations, between-GPU and "
		"within-GPU are not told apart: their sum stands alone. A negative estimate reads 0. The verdicts' "
		"interval draws a block's shift "
		"and a row's own part about it (its list's where the list holds enough differences of the stratum, "
		"else the run's), and the counters'.\n\n", d.rows, d.configs, d.invocations,
		d.invocations == 1 ? "" : "s", d.gpus);
	fprintf(a.f, "| component | stratum | pairs (a row's part: degrees of freedom) | standard deviation %% |\n"
		"|---|---|---:|---:|\n");
	char head[320];
	snprintf(head, sizeof(head), "the run: %ld verified rows, %ld cells (a list's configuration, data regime and "
		 "warm-up) measured more than once, %d "
		 "invocation%s on %d GPUs, %ld pairs of a block's measurements on two GPUs", d.rows, d.configs, d.invocations,
		 d.invocations == 1 ? "" : "s", d.gpus, d.block_pairs);
	fprintf(a.f, "| %s | all | - | - |\n", head);
	for (int s = 0; s < REC_STRATA; s++) {
		const struct rec_stratum *st = &d.s[s];
		const struct {
			const char *what;
			long pairs;
			double v;
		} rows[] = {
			{ "between GPUs and a repeat (one invocation, two GPUs)", st->gpu_pairs, sd_pct(st->gpu_and_repeat) },
			{ "between GPUs alone", st->gpu_pairs, sd_pct(st->between_gpu) },
			{ "within a GPU (a repeat in another invocation)", st->inv_pairs, sd_pct(st->within) },
			{ "the later invocation's shift (a mean, signed)", st->inv_pairs,
			  isfinite(st->shift) ? 100 * (exp(st->shift) - 1) : NAN },
		};
		for (size_t k = 0; k < NELEM(rows); k++)
			design_row(&w, a.f, rows[k].what, rec_stratum_name(s), rows[k].pairs, rows[k].v);
	}
	for (int s = 0; s < 2; s++) {   /* by kind, then each list's own where it holds enough to stand alone */
		const int st = s ? REC_STRATUM_FULL : REC_STRATUM_CAPPED;
		static const char *const kinds[2] = { "stencil lists", "SCALE and SpMV" };
		for (int k = 0; k < 2; k++) {
			char what[160];
			snprintf(what, sizeof(what), "a row about its block's shift, %s", kinds[k]);
			design_row(&w, a.f, what, rec_stratum_name(st), d.kind[k].row_n[st], sd_pct(d.kind[k].row[st]));
			snprintf(what, sizeof(what), "a block's shift on its GPU, %s", kinds[k]);
			design_row(&w, a.f, what, rec_stratum_name(st), d.kind[k].common_n[st], sd_pct(d.kind[k].common[st]));
		}
		for (int l = 0; l < d.nlists; l++) {
			char what[160];
			const struct rec_list *li = &d.lists[l];
			snprintf(what, sizeof(what), "a row about its block's shift, %s", li->name);
			if (li->row_n[st] >= REC_LIST_MIN_PAIRS)
				design_row(&w, a.f, what, rec_stratum_name(st), li->row_n[st], sd_pct(li->row[st]));
			snprintf(what, sizeof(what), "a block's shift on its GPU, %s", li->name);
			if (li->common_n[st] >= REC_LIST_MIN_PAIRS)
				design_row(&w, a.f, what, rec_stratum_name(st), li->common_n[st], sd_pct(li->common[st]));
		}
	}
	static const char *const counters[REC_COUNTERS] = { "the counters' F a point", "the counters' Q a point",
							     "the counters' I a point" };
	for (int k = 0; k < REC_COUNTERS; k++)
		design_row(&w, a.f, counters[k], "all", d.counter_pairs[k], sd_pct(d.counter[k]));
	return render_files_close(&w, &a, err, len);
}
