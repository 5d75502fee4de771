/*
 * stencil-runs - what the scripts ask of configuration lists and run CSVs, answered by the one
 * CSV reader (model/csvio.h) and the one run-name rule and configuration key (plots/records/runs.h): no
 * shell code parses a CSV. scripts/runs.sh, multi-gpu.sh, slurm.sh and ncu-reports.sh call it, and
 * the Makefile asks it whether RUN and RUNS are run names and which run REFERENCE names.
 *
 *   stencil-runs run-name NAME                exit 0 when NAME is a run name, else one line why
 *                                             ("'NAME' is not a run name: ...") and exit 1
 *   stencil-runs reference [RUNS_DIR]         the run RUNS_DIR/REFERENCE names (default data/runs),
 *                                             else one line why (it is missing; or not a run name:
 *                                             the name read and the character refused) and exit 2
 *   stencil-runs configs LIST.csv             the number of configurations of LIST
 *   stencil-runs keys LIST.csv                each configuration's key, one a line, in list order
 *                                             (STENCIL DTYPE METHOD FUSION SIZE; a workload's
 *                                             WORKLOAD DTYPE METHOD MATRIX SIZE)
 *   stencil-runs complete [-v] [--replicas N] LIST.csv RUN.csv
 *                                             exit 0 when RUN.csv is complete: it parses, ends with
 *                                             a newline and each of its replicas (N at least, 1 by
 *                                             default) holds one row for each configuration of
 *                                             LIST, no other, from GPUs distinct between replicas;
 *                                             else 1 (quiet; -v: why)
 *   stencil-runs wrong TARGET RUN.csv...      the rows marked wrong: when any, a loud line for each
 *                                             file holding some, a last one, and exit 1 (a file
 *                                             that is not there is skipped)
 *   stencil-runs tally RUN.csv...             the rows of the RUN CSVs together by status:
 *                                             "VERIFIED SKIPPED WRONG ROWS" (status ok, skipped,
 *                                             wrong; every row)
 *   stencil-runs split LIST.csv SIZE DIR      LIST's configurations in order into DIR/0001.csv,
 *                                             0002.csv, ... of at most SIZE each; prints the count
 *   stencil-runs join OUT IN.csv...           the rows of IN... in order under their header (the
 *                                             same in each) into OUT, which may be one of them
 *   stencil-runs queue DIR RUNDIR [--lists D] [--cost-run R] [--assumed S] [--chunk-s S] [--chunk-rows N]
 *                      ITEM...                every list of the ITEMs (LIST[:FLAG,...]) not complete in
 *                                             RUNDIR as one queue in DIR (scripts/planner/queue.h): shared
 *                                             configurations once, chunks of at most S seconds of R's
 *                                             measured costs (default 60; N: of N configurations),
 *                                             longest first; prints "CHUNKS LISTS CONFIGS SHARED
 *                                             COST_S MEASURED CEILINGS_S"
 *   stencil-runs makespan DIR WORKERS          the queue's chunks not done over WORKERS by the
 *                                             longest-first rule: "MAKESPAN_S CEILINGS_S"
 *   stencil-runs gather OUT LIST.csv IN.csv... LIST's configurations in order from the IN CSVs (the
 *                                             first holding each), the list's labels, into OUT
 *   stencil-runs estimate SECS LIST.csv [RUN.csv]
 *                                             the seconds LIST would take and how that is known:
 *                                             "S measured" (the mean row_wall_s of RUN.csv, a run
 *                                             of the same list, times the configurations) or
 *                                             "S assumed" (SECS a configuration)
 *   stencil-runs blocks-split LISTS_DIR LIST RUN.csv
 *                                             exit 1 (a line naming it) when RUN.csv holds a block of
 *                                             LIST (experiments/targets.csv's block) on two GPUs
 *                                             within a replica, else 0
 *   stencil-runs invocation RUNDIR N GPUS STARTED
 *                                             the invocation a measurement into RUNDIR takes
 *                                             (make reference ADD=1): an unfinished one resumed,
 *                                             else a new one of N replicas numbered on, appended to
 *                                             RUNDIR/invocations.csv; prints "FIRST COUNT"
 *
 * Exit: 0 yes, done; 1 no (not a run name, not complete, rows marked wrong); 2 bad input (a list or
 * CSV that does not parse, a usage error), one line naming it; 4 a write failed.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "csvio.h"
#include "queue.h"
#include "runs.h"

static const char *prog = "stencil-runs";

static __attribute__((noreturn)) void usage_exit(void)
{
	cli_bad_input(prog, "usage: stencil-runs run-name NAME | reference [RUNS_DIR] | configs LIST.csv | "
		      "keys LIST.csv | complete [-v] [--replicas N] LIST.csv RUN.csv | wrong TARGET RUN.csv... | "
		      "tally RUN.csv... | split LIST.csv SIZE DIR | "
		      "join OUT IN.csv... | estimate SECS LIST.csv [RUN.csv] | queue DIR RUNDIR [OPTIONS] ITEM... | "
		      "makespan DIR WORKERS | gather OUT LIST.csv IN.csv... | invocation RUNDIR N GPUS STARTED | "
		      "blocks-split LISTS_DIR LIST RUN.csv");
}

static void read_list(const char *path, struct config_keys *k)
{
	char err[1024];
	if (config_list_read(path, k, err, sizeof(err)) != 0)
		cli_bad_input(prog, "%s", err);
}

static int cmd_run_name(int argc, char **argv)
{
	if (argc != 1)
		usage_exit();
	if (run_name_ok(argv[0]))
		return 0;
	fprintf(stderr, "'%s' is not a run name: %s\n", argv[0], RUN_NAME_RULE);
	return 1;
}

static int cmd_configs(int argc, char **argv, int keys)
{
	struct config_keys k;
	if (argc != 1)
		usage_exit();
	read_list(argv[0], &k);
	if (!keys)
		printf("%zu\n", k.n);
	for (size_t i = 0; keys && i < k.n; i++)
		printf("%s\n", k.key[i]);
	config_keys_free(&k);
	return 0;
}

static int cmd_complete(int argc, char **argv)
{
	struct config_keys k;
	char why[1024];
	int verbose = 0, replicas = 1;
	for (; argc > 2 && argv[0][0] == '-'; argc--, argv++) {   /* -v, --replicas N */
		if (!strcmp(argv[0], "-v")) {
			verbose = 1;
			continue;
		}
		long n;
		if (strcmp(argv[0], "--replicas") || argc < 4 || cli_parse_int(argv[1], &n) != 0 || n < 1 || n > 64)
			cli_bad_input(prog, "complete: bad option '%s%s%s' (-v, --replicas 1 to 64)", argv[0],
				      argc > 1 ? " " : "", argc > 1 ? argv[1] : "");
		replicas = (int)n;
		argc--, argv++;
	}
	if (argc != 2)
		usage_exit();
	read_list(argv[0], &k);
	const int ok = run_csv_complete(&k, argv[1], replicas, why, sizeof(why));
	config_keys_free(&k);
	if (!ok && verbose)
		fprintf(stderr, "%s\n", why);
	return ok ? 0 : 1;
}

static int cmd_wrong(int argc, char **argv)
{
	char err[1024];
	long total = 0;
	if (argc < 1)
		usage_exit();
	for (int i = 1; i < argc; i++) {
		if (access(argv[i], F_OK) != 0)
			continue;
		const long n = run_csv_wrong(argv[i], err, sizeof(err));
		if (n < 0)
			cli_bad_input(prog, "%s", err);
		if (n > 0)
			fprintf(stderr, "*** %s: %ld configuration(s) FAILED VERIFICATION: rows marked wrong in %s\n",
				argv[0], n, argv[i]);
		total += n;
	}
	if (!total)
		return 0;
	fprintf(stderr, "*** %s: failed: the table above shows them as wrong; see the runner's log\n", argv[0]);
	return 1;
}

static int cmd_reference(int argc, char **argv)
{
	char name[256], err[1024];
	const char *dir = argc > 0 ? argv[0] : "data/runs";
	if (argc > 1)
		usage_exit();
	const int rc = run_reference_name(dir, name, sizeof(name), err, sizeof(err));
	if (rc != 0)   /* missing (RUN=NAME names another run), or not a run's name */
		cli_bad_input(prog, "%s%s", err, rc == 1 ? "; RUN=NAME names another" : "");
	printf("%s\n", name);
	return 0;
}

static int cmd_tally(int argc, char **argv)
{
	static const char *const statuses[] = { "ok", "skipped", "wrong", NULL };   /* NULL: every row */
	char err[1024];
	long n[4] = { 0 }, c[4];
	if (argc < 1)
		usage_exit();
	for (int i = 0; i < argc; i++) {
		if (run_csv_count(argv[i], statuses, 4, c, err, sizeof(err)) != 0)
			cli_bad_input(prog, "%s", err);
		for (int k = 0; k < 4; k++)
			n[k] += c[k];
	}
	printf("%ld %ld %ld %ld\n", n[0], n[1], n[2], n[3]);
	return 0;
}

static int cmd_split(int argc, char **argv)
{
	char err[1024];
	long size;
	struct config_keys k;
	if (argc != 3)
		usage_exit();
	if (cli_parse_int(argv[1], &size) != 0 || size < 1)
		cli_bad_input(prog, "SIZE='%s' is not a positive count", argv[1]);
	read_list(argv[0], &k);   /* a list that does not parse is never cut */
	config_keys_free(&k);
	const long n = config_list_split(argv[0], size, argv[2], err, sizeof(err));
	if (n < 0)
		cli_fail(prog, "%s", err);
	printf("%ld\n", n);
	return 0;
}

static int cmd_join(int argc, char **argv)
{
	char err[1024];
	int bad;
	if (argc < 2)
		usage_exit();
	if (run_csv_join(argv[0], (const char *const *)argv + 1, (size_t)argc - 1, &bad, err, sizeof(err)) == 0)
		return 0;
	if (bad)
		cli_bad_input(prog, "%s", err);
	cli_fail(prog, "%s", err);
}

/* the mean of RUN.csv's row_wall_s over its rows that have one, NaN when none (or no such file) */
static double mean_row_wall(const char *path)
{
	struct csv_table t;
	char err[1024];
	double sum = 0, v;
	size_t n = 0;
	if (access(path, F_OK) != 0)
		return NAN;
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		cli_bad_input(prog, "%s", err);
	for (size_t r = 0; csv_table_col(&t, "row_wall_s") >= 0 && r < t.nrows; r++)
		if (csv_table_num(&t, r, "row_wall_s", &v, err, sizeof(err)) == 0 && v > 0)
			sum += v, n++;
	csv_table_free(&t);
	return n ? sum / (double)n : NAN;
}

static int cmd_estimate(int argc, char **argv)
{
	struct config_keys k;
	double secs;
	if (argc != 2 && argc != 3)
		usage_exit();
	if (cli_parse_double(argv[0], &secs) != 0 || !(secs > 0))
		cli_bad_input(prog, "SECS='%s' is not a positive number of seconds", argv[0]);
	read_list(argv[1], &k);
	const double mean = argc == 3 ? mean_row_wall(argv[2]) : NAN;
	printf("%.0f %s\n", (double)k.n * (isnan(mean) ? secs : mean), isnan(mean) ? "assumed" : "measured");
	config_keys_free(&k);
	return 0;
}

/* a positive number of seconds (or a count) given to OPTION, else a one-line error */
static double positive(const char *opt, const char *v)
{
	double x;
	if (cli_parse_double(v, &x) != 0 || !(x > 0))
		cli_bad_input(prog, "%s '%s' is not a positive number", opt, v);
	return x;
}

static int cmd_queue(int argc, char **argv)
{
	struct queue_plan_opts o = { NULL, NULL, NULL, "experiments", 2.2, 60, 0 };
	struct queue_summary s;
	char err[1024];
	int bad, i = 2;
	if (argc < 3)
		usage_exit();
	o.dir = argv[0], o.rundir = argv[1];
	for (; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
		const char *a = argv[i], *v = argv[i + 1];
		if (!strcmp(a, "--lists"))
			o.lists_dir = v;
		else if (!strcmp(a, "--cost-run"))
			o.cost_run = v;
		else if (!strcmp(a, "--assumed"))
			o.assumed_s = positive(a, v);
		else if (!strcmp(a, "--chunk-s"))
			o.chunk_s = positive(a, v);
		else if (!strcmp(a, "--chunk-rows")) {
			long n;
			if (cli_parse_int(v, &n) != 0 || n < 1)
				cli_bad_input(prog, "--chunk-rows '%s' is not a positive count", v);
			o.chunk_rows = n;
		} else
			cli_bad_input(prog, "queue: unknown option '%s'", a);
	}
	if (i >= argc)
		usage_exit();
	if (access(o.dir, F_OK) == 0)
		cli_bad_input(prog, "queue: %s exists: a queue is planned into a new directory", o.dir);
	if (queue_plan(&o, argc - i, (const char *const *)argv + i, &s, &bad, err, sizeof(err)) != 0) {
		if (bad)
			cli_bad_input(prog, "%s", err);
		cli_fail(prog, "%s", err);
	}
	printf("%d %d %ld %ld %.0f %d %.0f\n", s.chunks, s.lists, s.configs, s.shared, s.cost_s, s.measured_costs,
	       s.ceilings_s);
	return 0;
}

static int cmd_makespan(int argc, char **argv)
{
	static double costs[QUEUE_MAX_CHUNKS];
	double ceil_s;
	long workers;
	if (argc != 2)
		usage_exit();
	if (cli_parse_int(argv[1], &workers) != 0 || workers < 1)
		cli_bad_input(prog, "WORKERS='%s' is not a positive count", argv[1]);
	const int n = queue_costs_left(argv[0], costs, QUEUE_MAX_CHUNKS, &ceil_s);
	if (n < 0)
		cli_bad_input(prog, "%s is not a queue (stencil-runs queue makes one)", argv[0]);
	printf("%.0f %.0f\n", queue_makespan(costs, n, (int)workers), ceil_s);
	return 0;
}

static int cmd_gather(int argc, char **argv)
{
	char err[1024];
	int bad;
	if (argc < 3)
		usage_exit();
	if (run_csv_gather(argv[0], argv[1], (const char *const *)argv + 2, (size_t)argc - 2, &bad, err,
			   sizeof(err)) == 0)
		return 0;
	if (bad)
		cli_bad_input(prog, "%s", err);
	cli_fail(prog, "%s", err);
}

static int cmd_count(int argc, char **argv)
{
	return cmd_configs(argc, argv, 0);
}

static int cmd_keys(int argc, char **argv)
{
	return cmd_configs(argc, argv, 1);
}

static int cmd_blocks_split(int argc, char **argv)
{
	char why[1024];
	if (argc != 3)
		usage_exit();
	const int rc = queue_blocks_split(argv[0], argv[1], argv[2], why, sizeof(why));
	if (rc < 0)
		cli_bad_input(prog, "%s", why);
	if (rc > 0)
		printf("%s\n", why);
	return rc > 0;
}

static int cmd_invocation(int argc, char **argv)
{
	char err[1024], *end;
	int first, count;
	if (argc != 4)
		usage_exit();
	const long n = strtol(argv[1], &end, 10);
	if (*end || n < 1 || n > RUN_MAX_REPLICAS)
		cli_bad_input(prog, "replicas '%s' is not 1 to %d", argv[1], RUN_MAX_REPLICAS);
	if (run_invocation_begin(argv[0], (int)n, argv[2], argv[3], &first, &count, err, sizeof(err)) != 0)
		cli_fail(prog, "%s", err);
	printf("%d %d\n", first, count);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int argc, char **argv);
	} cmds[] = {
		{ "run-name", cmd_run_name }, { "reference", cmd_reference }, { "configs", cmd_count },
		{ "keys", cmd_keys }, { "complete", cmd_complete }, { "wrong", cmd_wrong }, { "tally", cmd_tally },
		{ "split", cmd_split }, { "join", cmd_join },
		{ "estimate", cmd_estimate }, { "queue", cmd_queue }, { "makespan", cmd_makespan },
		{ "gather", cmd_gather }, { "invocation", cmd_invocation }, { "blocks-split", cmd_blocks_split },
	};
	cli_fail_status = EXIT_ERROR;
	for (size_t c = 0; argc > 1 && c < sizeof(cmds) / sizeof(cmds[0]); c++)
		if (!strcmp(argv[1], cmds[c].name))
			return cmds[c].run(argc - 2, argv + 2);
	usage_exit();
}
