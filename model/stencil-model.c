/*
 * stencil-model - the tcs roofline model on the command line.
 *
 *   stencil-model --stencil box2d1r --fusion 7 --dtype fp32 --method spider \
 *                 [--compare ebisu] (--gpu NAME[,NAME...] | --hw ceilings.csv) [--csv]
 *   stencil-model --experiment experiments/X.csv (--gpu ... | --hw ...) [--csv]
 *   stencil-model --scenario-map --dtype fp64 --unit tc (--gpu ... | --hw ...) --csv
 *   stencil-model --list
 *
 * One row per configuration (and GPU): K, K_fused, rho, sigma, F, Q, I, the ceiling, ridge,
 * bound, attainable and effective TFLOP/s and GStencil/s; with --compare the scenario (1-4),
 * the speedup of eq. 13 and the sweet-spot test of eq. 19; the harness's own power roof (model/power.h)
 * where the ceilings measured energies, NA with the reason where not. Feeds tcs Tables 2-4 and the model
 * lines of Figures 9, 10, 14 and every measured table. A --hw file's ceilings are held under twice
 * the datasheet of the GPU its run's meta.csv (beside it) names. Bad input exits 2 with one line.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "csvio.h"
#include "experiment.h"
#include "hw.h"
#include "method.h"
#include "modelcsv.h"
#include "power.h"
#include "roofline.h"
#include "stencil.h"

static const char *prog = "stencil-model";

struct config {
	const struct stencil *stencil;
	int fusion;
	enum dtype dtype;
	const struct model_method *method, *compare;
	int unit;          /* -1 or enum unit */
	double sigma;      /* NaN or override */
	char label[64];    /* passed through from an experiment file's optional label column */
	long line;         /* experiment file line, 0 on the command line */
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s --stencil NAME --dtype T --method M [--fusion T] [--compare M]\n"
		"          [--unit cc|tc|sptc] [--sigma S] (--gpu NAME[,NAME...] | --hw FILE)\n"
		"          [--csv | --out FILE.csv]\n"
		"       %s --experiment FILE (--gpu ... | --hw FILE) [--csv]\n"
		"       %s --scenario-map [--dtype T] [--unit tc|sptc] (--gpu ... | --hw FILE) --out F\n"
		"       %s --list\n"
		"Stencils: box|star, 1-3 D, radius 1-7 (box2d1r, star3d2r). Data types: fp64 fp32 tf32\n"
		"fp16. Methods (the method table, model/method.c):",
		prog, prog, prog, prog);
	for (size_t i = 0; i < model_method_count; i++)
		fprintf(f, " %s", model_methods[i].name);
	fprintf(f, ".\nGPUs come from data/hw/gpus.csv (--gpus-file overrides); --hw reads a measured\n"
		"ceilings.csv (quantity,value,unit,how), each under twice the datasheet of the GPU its\n"
		"run's meta.csv beside it names. Bad input exits 2.\n");
}

static const struct stencil *parse_stencil(const char *s, const char *where)
{
	const struct stencil *st = stencil_find(s);
	char shape[8];
	int d, r, n = 0;
	if (st)
		return st;
	if (sscanf(s, "%4[a-z]%dd%dr%n", shape, &d, &r, &n) == 3 && s[n] == '\0' &&
	    (!strcmp(shape, "box") || !strcmp(shape, "star"))) {
		if (d < 1 || d > STENCIL_MAX_DIMS)
			cli_bad_input(prog, "%sbad stencil '%s': dims %d outside 1..3", where, s, d);
		cli_bad_input(prog, "%sbad stencil '%s': radius %d outside 1..%d", where, s, r,
			      STENCIL_MAX_RADIUS);
	}
	cli_bad_input(prog, "%sunknown stencil '%s' (expected box|star, 1-3 D, radius 1-7, e.g. "
		      "box2d1r)", where, s);
}

static enum dtype parse_dtype(const char *s, const char *where)
{
	const struct dtype_info *d = dtype_find(s);
	if (!d)
		cli_bad_input(prog, "%sunknown dtype '%s' (fp64, fp32, tf32, fp16)", where, s);
	return d->id;
}

static const struct model_method *parse_method(const char *s, const char *where)
{
	const struct model_method *m = model_method_find(s);
	if (!m) {
		char names[512] = "";   /* the method table's names */
		for (const char *const *n = model_method_names(); *n; n++)
			snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s", names[0] ? ", " : "", *n);
		cli_bad_input(prog, "%sunknown method '%s' (%s)", where, s, names);
	}
	return m;
}

static int parse_fusion(const char *s, const char *where)
{
	long v;
	if (cli_parse_int(s, &v) != 0 || v < 1 || v > 64)
		cli_bad_input(prog, "%sbad fusion '%s' (an integer from 1 to 64)", where, s);
	return (int)v;
}

static double parse_sigma(const char *s, const char *where)
{
	double v;
	if (cli_parse_double(s, &v) != 0 || !(v > 0 && v <= 1))
		cli_bad_input(prog, "%sbad sigma '%s' (must be in (0,1])", where, s);
	return v;
}

static int parse_unit(const char *s, const char *where)
{
	enum unit u;
	if (unit_find(s, &u) != 0)
		cli_bad_input(prog, "%sunknown unit '%s' (cc, tc, sptc)", where, s);
	return (int)u;
}

/* ---- output ---- */

struct out {
	const char *path;
	int csv, with_compare, with_label, rows;
	struct csv_writer w;
};

/* the harness's own power roof (model/power.h) under the papers' two, or why there is none */
static void power_line(const struct model_point *p, const struct hw *hw)
{
	if (isfinite(p->power_gstencil_per_s)) {
		printf("%-22s %.2f GStencil/s: (cap %.0f W - constant %.1f W) / %.3f nJ a point-step (%.3f nJ a point "
		       "a launch over %d steps: F at %s, Q at DRAM; L2, shared memory and integer work left out)\n",
		       "power roof (harness)", p->power_gstencil_per_s, hw->cap_w, hw->pi0_w, p->e_point_j * 1e9 / p->fusion,
		       p->e_point_j * 1e9, p->fusion, p->peak_key);
		return;
	}
	printf("%-22s NA: %s\n", "power roof (harness)", isfinite(hw->pi0_w) && isfinite(hw->cap_w) ?
	       "the ceilings hold no energy for this unit of work" :
	       "needs measured energies (--hw a run's ceilings.csv measured with the energy counter)");
}

static void emit(struct out *o, const struct model_point *p, const struct model_point *c,
		 const struct model_comparison *cmp, const char *label, const struct hw *hw)
{
	if (o->csv) {   /* the columns: model/modelcsv.h */
		const struct model_row row = { p, c, cmp, label };
		model_csv_row(&o->w, &row, o->with_label, o->with_compare);
		return;
	}
	if (o->rows++)
		printf("\n");
	printf("%-22s %s fused %d, %s, %s on %s, %s\n", "configuration", p->stencil, p->fusion,
	       p->dtype, p->method, unit_name(p->unit), p->gpu);
	printf("%-22s K = %ld, K_fused = %ld (fused radius %d)\n", "points", p->K, p->K_fused,
	       p->fused_radius);
	printf("%-22s rho = %.4f, sigma = %.4f\n", "redundancy", p->rho, p->sigma);
	printf("%-22s F = %.2f FLOP, Q = %.2f byte, I = %.2f FLOP/byte\n", "per output point",
	       p->F, p->Q, p->I);
	printf("%-22s %s = %.1f TFLOP/s, %.0f GB/s, ridge %.2f FLOP/byte\n", "ceilings",
	       p->peak_key, p->peak_tflops, p->bw_gbps, p->ridge);
	printf("%-22s %s-bound: %.2f TFLOP/s raw, %.2f TFLOP/s useful\n", "attainable",
	       bound_name(p->bound), p->attainable_tflops, p->effective_tflops);
	printf("%-22s %.2f GStencil/s\n", "throughput", p->gstencil_per_s);
	power_line(p, hw);
	if (c) {
		printf("%-22s %s on %s: I = %.2f, %s-bound, %.2f GStencil/s\n", "compared with",
		       c->method, unit_name(c->unit), c->I, bound_name(c->bound), c->gstencil_per_s);
		printf("%-22s %.3fx", "speedup (eq. 13)", cmp->speedup);
		if (cmp->scenario)
			printf(", scenario %d, sweet spot %s (eq. 19: rho %.3f vs sigma pi_TC/pi_CC "
			       "%.3f)", cmp->scenario, cmp->sweet_spot ? "yes" : "no",
			       p->unit == UNIT_CC ? c->rho : p->rho, cmp->rho_max);
		printf("\n");
	}
}

struct result {
	struct model_point p, c;
	struct model_comparison cmp;
	int has_compare;
	const char *label;
};

/* Evaluate one configuration; exits 2 on a configuration the model cannot evaluate. */
static void eval_one(struct result *r, const struct config *cf, const struct hw *hw)
{
	struct model_input in = { cf->stencil, cf->fusion, cf->dtype, cf->method, cf->unit,
				  cf->sigma, hw, 0 };
	char err[512], where[64] = "";

	if (cf->line)
		snprintf(where, sizeof(where), "line %ld: ", cf->line);
	if (model_eval(&in, &r->p, err, sizeof(err)) != 0)
		cli_bad_input(prog, "%s%s", where, err);
	r->has_compare = cf->compare != NULL;
	r->label = cf->label;
	if (cf->compare) {
		struct model_input ci = { cf->stencil, cf->fusion, cf->dtype, cf->compare, -1, NAN, hw, 0 };
		if (model_eval(&ci, &r->c, err, sizeof(err)) != 0)
			cli_bad_input(prog, "%s--compare %s: %s", where, cf->compare->name, err);
		model_compare(&r->p, &r->c, &r->cmp);
	}
}

/* ---- hardware ---- */

struct hwset {
	struct hw *hw;
	size_t n;
};

/* The datasheet that bounds a --hw file's ceilings: the GPU its run's meta.csv (beside it, as the
 * runner writes them) names, through data/hw/gpu-names.csv and gpus_path. 1 with sheet loaded, 0
 * when there is no meta.csv there or no datasheet row for its GPU (the ceilings are then held to
 * positive finite values only); a meta.csv there that does not read is bad input. */
static int hw_sheet_of_run(struct hw *sheet, const char *hwfile, const char *gpus_path)
{
	char meta[1200], names[1024], err[1200];
	struct csv_table t;
	struct stat st;
	const char *slash = strrchr(hwfile, '/');
	memset(sheet, 0, sizeof(*sheet));
	snprintf(meta, sizeof(meta), "%.*s%smeta.csv", slash ? (int)(slash - hwfile) : 0, hwfile, slash ? "/" : "");
	if (stat(meta, &st) != 0)
		return 0;
	if (csv_table_read(meta, &t, err, sizeof(err)) != 0)
		cli_bad_input(prog, "bad --hw file: its run's %s", err);
	const char *gpu = t.nrows ? csv_table_get(&t, t.nrows - 1, "gpu_name") : NULL;
	int rc = 0;
	if (gpu && *gpu && cli_repo_file("data/hw/gpu-names.csv", names, sizeof(names)) == 0) {
		rc = hw_load_reported(sheet, gpus_path, names, gpu, err, sizeof(err));
		if (rc < 0)
			cli_fail(prog, "%s", err);
	}
	csv_table_free(&t);
	return rc == 0 && sheet->n ? 1 : 0;
}

static void load_hw(struct hwset *hs, const char *gpus, const char *hwfile, const char *gpus_file)
{
	char err[1200], path[1024];
	if (!gpus == !hwfile)
		cli_bad_input(prog, "give exactly one of --gpu NAME or --hw FILE");
	const int found = gpus_file ? snprintf(path, sizeof(path), "%s", gpus_file) >= 0 :
				      cli_repo_file("data/hw/gpus.csv", path, sizeof(path)) == 0;
	if (hwfile) {
		hs->hw = calloc(1, sizeof(*hs->hw));
		hs->n = 1;
		if (hw_load_ceilings(hs->hw, hwfile, err, sizeof(err)) != 0)
			cli_bad_input(prog, "bad --hw file: %s", err);
		power_from_ceilings(hs->hw);   /* the power roof's inputs, where the ceilings measured them */
		struct hw sheet;
		const int have = found && hw_sheet_of_run(&sheet, hwfile, path);
		if (hw_check_bounds(hs->hw, have ? &sheet : NULL, err, sizeof(err)) != 0)
			cli_bad_input(prog, "bad --hw file: %s", err);
		if (have)
			hw_free(&sheet);
		return;
	}
	if (!found)
		cli_fail(prog, "cannot find data/hw/gpus.csv (run from the repository or set "
			 "STENCIL_REPRO_ROOT)");
	char *list = strdup(gpus), *save = NULL;
	for (char *g = strtok_r(list, ",", &save); g; g = strtok_r(NULL, ",", &save)) {
		hs->hw = realloc(hs->hw, (hs->n + 1) * sizeof(*hs->hw));
		if (hw_load_gpu(&hs->hw[hs->n], path, g, err, sizeof(err)) != 0) {
			char names[1024] = "";
			if (strncmp(err, "unknown GPU", 11) == 0 &&
			    hw_list_gpus(path, names, sizeof(names), err + strlen(err), 1) == 0)
				cli_bad_input(prog, "unknown GPU '%s' (known: %s)", g, names);
			cli_bad_input(prog, "%s", err);
		}
		hs->n++;
	}
	free(list);
	if (hs->n == 0)
		cli_bad_input(prog, "bad --gpu '%s'", gpus);
}

/* ---- modes ---- */

static size_t read_experiment(const char *path, struct config **out, int *with_label)
{
	struct csv_table t;
	struct run_config *rc;
	struct config *cf;
	size_t n;
	char err[512];

	/* the shared parser (model/experiment.h) for the common columns, no sizes in a model list */
	if (experiment_read_list(path, model_method_names(), 0, &rc, &n, &t, err, sizeof(err)) != 0)
		cli_bad_input(prog, "bad --experiment file: %s", err);
	cf = calloc(n, sizeof(*cf));
	for (size_t r = 0; r < n; r++) {
		char where[600];
		const char *v;
		snprintf(where, sizeof(where), "%s:%ld: ", path, t.lines[r]);
		cf[r].stencil = rc[r].stencil;
		cf[r].fusion = rc[r].fusion;
		cf[r].dtype = rc[r].dtype;
		cf[r].method = parse_method(rc[r].method, where);
		v = csv_table_get(&t, r, "compare");
		cf[r].compare = v && *v ? parse_method(v, where) : NULL;
		v = csv_table_get(&t, r, "unit");
		cf[r].unit = v && *v ? parse_unit(v, where) : -1;
		v = csv_table_get(&t, r, "sigma");
		cf[r].sigma = v && *v ? parse_sigma(v, where) : NAN;
		snprintf(cf[r].label, sizeof(cf[r].label), "%s", rc[r].label);
		cf[r].line = rc[r].line;
	}
	*with_label = csv_table_col(&t, "label") >= 0;
	*out = cf;
	free(rc);
	csv_table_free(&t);
	return n;
}

/*
 * The four-scenario map (tcs Figure 9): over a log grid of the CUDA-core method's intensity
 * I_CC and the work inflation rho/sigma of the tensor-core method (so I_TC = I_CC rho/sigma),
 * the scenario and the speedup of eq. 13 for a CC/TC pair in one data type on one GPU.
 */
static void scenario_map(struct out *o, const struct hw *hw, enum dtype dt, int unit)
{
	const char *cols[MODEL_CSV_MAX];
	const char *kcc, *ktc, *why = NULL;
	double pcc, ptc, bw;
	const int ni = 81, nj = 61;   /* 20 points a decade */

	kcc = model_peak_key(UNIT_CC, dt, 0, &why);
	ktc = model_peak_key((enum unit)unit, dt, 0, &why);
	if (!ktc)
		cli_bad_input(prog, "no %s ceiling for %s: %s", unit_name((enum unit)unit),
			      dtype_table[dt].name, why);
	pcc = hw_get(hw, kcc, NULL);
	ptc = hw_get(hw, ktc, NULL);
	bw = hw_get(hw, HW_KEY_BW, NULL);
	if (isnan(pcc) || isnan(ptc))
		return;   /* this GPU lacks the unit (a V100 has no fp64 tensor cores): no panel */
	if (o->rows++ == 0 && csv_writer_open(&o->w, o->path, cols, scenario_csv_columns(cols)) != 0)
		cli_fail(prog, "%s", atomic_error());
	for (int i = 0; i < ni; i++)
		for (int j = 0; j < nj; j++) {
			/* I_CC from 0.1 to 1000 FLOP/byte, inflation rho/sigma from 1 to 1000 */
			double icc = pow(10.0, -1.0 + 4.0 * i / (ni - 1));
			double inf = pow(10.0, 3.0 * j / (nj - 1));
			double itc = icc * inf;
			double cc = fmin(pcc, bw * icc / 1e3);
			double tc = fmin(ptc, bw * itc / 1e3) / inf;
			int sc = 1 + (icc >= pcc * 1e3 / bw ? 2 : 0) + (itc >= ptc * 1e3 / bw ? 1 : 0);
			const struct scenario_cell cell = { hw->name, dtype_table[dt].name, unit_name((enum unit)unit),
							    icc, inf, itc, pcc * 1e3 / bw, ptc * 1e3 / bw, sc, tc / cc };
			scenario_csv_row(&o->w, &cell);
		}
}

static void list_all(const char *gpus_file)
{
	char path[1024], names[2048], err[512];
	printf("stencils:");
	for (size_t i = 0; i < stencil_count; i++)
		printf(" %s", stencil_table[i].name);
	printf("\ndtypes:");
	for (int i = 0; i < DT_COUNT; i++)
		printf(" %s", dtype_table[i].name);
	printf("\nmethods:\n");
	for (size_t i = 0; i < model_method_count; i++)
		printf("  %-13s %-4s sigma = %s\n", model_methods[i].name,
		       unit_name(model_methods[i].unit), model_methods[i].sigma_rule);
	if (gpus_file)
		snprintf(path, sizeof(path), "%s", gpus_file);
	else
		cli_repo_file("data/hw/gpus.csv", path, sizeof(path));
	if (hw_list_gpus(path, names, sizeof(names), err, sizeof(err)) != 0)
		cli_fail(prog, "%s", err);
	printf("gpus (%s): %s\n", path, names);
}

/* --scenario-map: the four-scenario grid of each GPU and CUDA-core/tensor-core pair */
static void run_map(struct out *o, struct hwset *hs, const struct config *cf, int have_dtype, const char *gpus,
		    const char *hwfile, const char *gpus_file)
{
	/* The CUDA-core / tensor-core pairs: one data type, dense or sparse tensor cores. */
	static const struct { enum dtype dt; enum unit u; } pairs[] = {
		{ DT_FP64, UNIT_TC }, { DT_FP32, UNIT_TC }, { DT_FP32, UNIT_SPTC },
		{ DT_FP16, UNIT_TC }, { DT_FP16, UNIT_SPTC },
	};
	if (!o->csv)
		cli_bad_input(prog, "--scenario-map writes a grid: add --csv or --out FILE");
	if (cf->unit == UNIT_CC)
		cli_bad_input(prog, "--scenario-map needs --unit tc or --unit sptc");
	load_hw(hs, gpus, hwfile, gpus_file);
	for (size_t g = 0; g < hs->n; g++)
		for (size_t k = 0; k < sizeof(pairs) / sizeof(pairs[0]); k++)
			if ((!have_dtype || pairs[k].dt == cf->dtype) &&
			    (cf->unit < 0 || (int)pairs[k].u == cf->unit))
				scenario_map(o, &hs->hw[g], pairs[k].dt, (int)pairs[k].u);
	if (o->rows == 0)
		cli_bad_input(prog, "--scenario-map: no CUDA-core/tensor-core pair fits the "
			      "given --dtype, --unit and GPU");
}

/* the configurations (one from the options, or an experiment list) on each GPU, as CSV or text */
static void run_configs(struct out *o, struct hwset *hs, struct config *cf, int have_dtype, const char *exp,
			const char *gpus, const char *hwfile, const char *gpus_file, const char *out_path)
{
	int with_label = 0;
	struct config *cfs = cf;
	size_t n = 1;
	if (exp) {
		n = read_experiment(exp, &cfs, &with_label);
	} else {
		if (!cf->stencil)
			cli_bad_input(prog, "missing --stencil (see --help)");
		if (!have_dtype)
			cli_bad_input(prog, "missing --dtype (see --help)");
		if (!cf->method)
			cli_bad_input(prog, "missing --method (see --help)");
	}
	load_hw(hs, gpus, hwfile, gpus_file);
	/* Evaluate everything first: bad input exits before any output is written. */
	struct result *res = calloc(n * hs->n, sizeof(*res));
	for (size_t g = 0; g < hs->n; g++)
		for (size_t i = 0; i < n; i++)
			eval_one(&res[g * n + i], &cfs[i], &hs->hw[g]);
	for (size_t i = 0; i < n; i++)
		o->with_compare |= cfs[i].compare != NULL;
	o->with_label = with_label;
	if (o->csv) {
		const char *cols[MODEL_CSV_MAX];
		if (csv_writer_open(&o->w, out_path, cols, model_csv_columns(with_label, o->with_compare, cols)) != 0)
			cli_fail(prog, "%s", atomic_error());
	}
	for (size_t i = 0; i < n * hs->n; i++)
		emit(o, &res[i].p, res[i].has_compare ? &res[i].c : NULL, &res[i].cmp,
		     res[i].label, &hs->hw[i / n]);
	free(res);
	if (cfs != cf)
		free(cfs);
}

int main(int argc, char **argv)
{
	enum { O_GPUS_FILE = 256, O_MAP };
	static const struct option opts[] = {
		{ "stencil", required_argument, 0, 's' }, { "fusion", required_argument, 0, 't' },
		{ "dtype", required_argument, 0, 'd' },   { "method", required_argument, 0, 'm' },
		{ "compare", required_argument, 0, 'c' }, { "unit", required_argument, 0, 'u' },
		{ "sigma", required_argument, 0, 'S' },   { "gpu", required_argument, 0, 'g' },
		{ "hw", required_argument, 0, 'H' },      { "csv", no_argument, 0, 'C' },
		{ "experiment", required_argument, 0, 'e' }, { "list", no_argument, 0, 'l' },
		{ "gpus-file", required_argument, 0, O_GPUS_FILE },
		{ "scenario-map", no_argument, 0, O_MAP }, { "help", no_argument, 0, 'h' },
		{ "out", required_argument, 0, 'o' },
		{ 0, 0, 0, 0 },
	};
	struct config cf = { .fusion = 1, .unit = -1, .sigma = NAN };
	const char *gpus = NULL, *hwfile = NULL, *exp = NULL, *gpus_file = NULL, *out_path = "-";
	int have_dtype = 0, map = 0, list = 0, opt;
	struct out o = { 0 };
	struct hwset hs = { 0 };

	opterr = 0;
	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 's': cf.stencil = parse_stencil(optarg, ""); break;
		case 't': cf.fusion = parse_fusion(optarg, ""); break;
		case 'd': cf.dtype = parse_dtype(optarg, ""); have_dtype = 1; break;
		case 'm': cf.method = parse_method(optarg, ""); break;
		case 'c': cf.compare = parse_method(optarg, "--compare: "); break;
		case 'u': cf.unit = parse_unit(optarg, ""); break;
		case 'S': cf.sigma = parse_sigma(optarg, ""); break;
		case 'g': gpus = optarg; break;
		case 'H': hwfile = optarg; break;
		case 'C': o.csv = 1; break;
		case 'o': out_path = optarg; o.csv = 1; break;
		case 'e': exp = optarg; break;
		case 'l': list = 1; break;
		case O_GPUS_FILE: gpus_file = optarg; break;
		case O_MAP: map = 1; break;
		case 'h': usage(stdout); return 0;
		default:
			cli_bad_input(prog, "unknown or incomplete option '%s' (see --help)",
				      argv[optind - 1]);
		}
	}
	if (optind < argc)
		cli_bad_input(prog, "unexpected argument '%s'", argv[optind]);
	o.path = out_path;
	if (list) {
		list_all(gpus_file);
		return 0;
	}

	if (map)
		run_map(&o, &hs, &cf, have_dtype, gpus, hwfile, gpus_file);
	else
		run_configs(&o, &hs, &cf, have_dtype, exp, gpus, hwfile, gpus_file, out_path);
	if (o.csv && csv_writer_close(&o.w) != 0)
		cli_fail(prog, "%s", atomic_error());
	for (size_t g = 0; g < hs.n; g++)
		hw_free(&hs.hw[g]);
	free(hs.hw);
	return 0;
}
