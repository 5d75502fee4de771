/*
 * test_tables.c - one table for each kind of knowledge, everything else derived from it: no list
 * of two or more method names (the method table, model/method.c; the workload table,
 * model/workload.c) or target names (experiments/targets.csv, aliases included) is kept in
 * model/, plots/, profiling/, kernels/, scripts/, tests/ or the Makefile (tests/list-scan.c finds
 * them; the scanner itself is checked to find the lists these tables replaced); make smoke's lists
 * hold every method and variant of the tables; the target table's Makefile view
 * (build/targets.mk) lists each row where it belongs and its model-only outputs are made; and the
 * configuration lists parse (their methods, variants and bad rows).
 */
#include "tests.h"

#include <dirent.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "csvio.h"
#include "experiment.h"
#include "list-scan.h"
#include "method.h"
#include "render.h"
#include "workload.h"

/* the names of each table: methods, workload methods, targets and their aliases */
static struct scan_names kinds[3];
static struct target_spec targets[RENDER_MAX_TARGETS];
static size_t ntargets;

static void load_kinds(void)
{
	char err[512];
	memset(kinds, 0, sizeof(kinds));
	kinds[0].kind = "method";
	for (size_t i = 0; i < model_method_count && kinds[0].n < SCAN_MAX_NAMES; i++)
		kinds[0].names[kinds[0].n++] = model_methods[i].name;
	kinds[1].kind = "workload method";
	for (size_t i = 0; i < workload_method_rows && kinds[1].n < SCAN_MAX_NAMES; i++)
		kinds[1].names[kinds[1].n++] = workload_methods[i].name;
	if (render_targets_read(repo_path(""), targets, RENDER_MAX_TARGETS, &ntargets, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	kinds[2].kind = "target";
	for (size_t i = 0; i < ntargets && kinds[2].n + 1 < SCAN_MAX_NAMES; i++) {
		kinds[2].names[kinds[2].n++] = targets[i].name;
		if (targets[i].alias[0])
			kinds[2].names[kinds[2].n++] = targets[i].alias;
	}
	assert_int_equal(kinds[0].n, model_method_count);
	assert_int_equal(kinds[1].n, workload_method_rows);
}

struct found {
	char text[8192];
	int n;
	int allowed[1];   /* how many of each allowance below were met */
};

/* Lists the scan leaves, by file and kind, each at most once: model/papers.c's is sptc Table 1's
 * rows by the paper's own row names (data/paper/sptc-table1.csv), a table of another kind. */
static const struct {
	const char *path, *kind;
} allowed[1] = { { "model/papers.c", "method" } };

static void collect(void *arg, const char *path, long line, const char *kind, const char *names)
{
	struct found *f = arg;
	for (size_t i = 0; i < sizeof(allowed) / sizeof(allowed[0]); i++)
		if (!strcmp(path, allowed[i].path) && !strcmp(kind, allowed[i].kind) && !f->allowed[i]++)
			return;
	f->n++;
	snprintf(f->text + strlen(f->text), sizeof(f->text) - strlen(f->text), "  %s:%ld: %ss %s\n", path, line,
		 kind, names);
}

/* the files the tables define, and what holds no code: not scanned */
static int exempt(const char *rel)
{
	static const char *const skip[] = { "model/method.c", "model/workload.c", "tests/fixtures", "plots/out" };
	for (size_t i = 0; i < sizeof(skip) / sizeof(skip[0]); i++)
		if (!strncmp(rel, skip[i], strlen(skip[i])))
			return 1;
	return 0;
}

/* every file under rel (a file or a directory, relative to the repository) not exempt and not a dot
 * entry, read whole (NUL-terminated, len bytes), through visit */
static void walk_tree(const char *rel, void (*visit)(const char *rel, const char *text, size_t len, void *arg),
		      void *arg)
{
	char path[1024];
	struct stat st;
	snprintf(path, sizeof(path), "%s", repo_path(rel));
	if (exempt(rel) || stat(path, &st) != 0)
		return;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		if (!d)
			fail_msg("cannot read %s", path);
		for (struct dirent *e; (e = readdir(d));) {
			char sub[1024];
			if (e->d_name[0] == '.')
				continue;
			snprintf(sub, sizeof(sub), "%s/%s", rel, e->d_name);
			walk_tree(sub, visit, arg);
		}
		closedir(d);
		return;
	}
	char *text, err[512];
	size_t len;
	if (input_file_read(path, &text, &len, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	char *z = realloc(text, len + 1);
	assert_non_null(z);
	z[len] = '\0';
	visit(rel, z, len, arg);
	free(z);
}

static void scan_names(const char *rel, const char *text, size_t len, void *arg)
{
	scan_file(kinds, 3, rel, text, len, collect, arg);
}


/* the marks of a shell CSV parser: a comma as awk's field separator, cut's delimiter or read's IFS,
 * and CSV asked of nvidia-smi (every CSV is read in C, through model/csvio.h); NULL when none */
static const char *shell_csv_mark(const char *text)
{
	static const char *const marks[] = { "-F,", "-F','", "-F\",\"", "FS=\",\"", "FS = \",\"", "cut -d,",
					     "cut -d','", "cut -d \",\"", "IFS=,", "--format=csv" };
	for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		if (strstr(text, marks[i]))
			return marks[i];
	return NULL;
}

struct shell_found {
	char text[4096];
};

/* a shell file's CSV parser, if any, noted in f */
static void find_shell_csv(const char *rel, const char *text, size_t len, void *arg)
{
	struct shell_found *f = arg;
	const size_t n = strlen(rel);
	const int shell = (n > 3 && (!strcmp(rel + n - 3, ".sh") || !strcmp(rel + n - 3, ".mk"))) ||
			  !strcmp(rel, "Makefile") || !strcmp(rel, ".ci/run");
	const char *m = shell ? shell_csv_mark(text) : NULL;
	(void)len;
	if (m)
		snprintf(f->text + strlen(f->text), sizeof(f->text) - strlen(f->text), "  %s: %s\n", rel, m);
}

/* no shell code parses a CSV: the scan finds a parser where one is, and none in the tree */
static void test_no_shell_csv_parser(void **state)
{
	static const char *const roots[] = { "scripts", "tests", "Makefile", ".ci" };
	static struct shell_found found;
	(void)state;
	assert_non_null(shell_csv_mark("grep -v x \"$f\" | awk -F, '{ print $3 }'"));
	assert_non_null(shell_csv_mark("nvidia-smi --query-gpu=name --format=csv,noheader"));
	assert_null(shell_csv_mark("awk '{ print $2 }' \"$q\"/done/*"));
	found.text[0] = '\0';
	for (size_t i = 0; i < sizeof(roots) / sizeof(roots[0]); i++)
		walk_tree(roots[i], find_shell_csv, &found);
	if (found.text[0]) {
		printf("shell code that parses a CSV (read it in C through model/csvio.h):\n%s", found.text);
		fflush(stdout);
		fail_msg("shell code parses a CSV");
	}
}

/* One word a concept (the retired names, and the default data regime's name spelled outside its
 * table): a replica is a replica (REPLICAS, REPLICA, --replica(s), replicas; never nrep or
 * MGPU_REPLICA), the default regime model/regime.c's DATA_RANDOM (data_regime_name), never a
 * second literal in C. Each word is checked as a whole word of the text. */
static const char *const retired[] = { "nrep", "MGPU_REPLICA", "RUN_DATA_DEFAULT", "\"random\"" };
struct words_found {
	char text[4096];
	int n;
};
static int whole_word_at(const char *text, size_t len, const char *w)
{
	const size_t k = strlen(w);
	for (const char *p = text; (p = strstr(p, w)) && (size_t)(p - text) < len; p++) {
		const int before = p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
		const int after = isalnum((unsigned char)p[k]) || p[k] == '_';
		if (w[0] == '"' || (!before && !after))
			return (int)(p - text);
	}
	return -1;
}
static void find_retired(const char *rel, const char *text, size_t len, void *arg)
{
	struct words_found *f = arg;
	for (size_t i = 0; i < sizeof(retired) / sizeof(retired[0]); i++) {
		if (retired[i][0] == '"' && (!strcmp(rel, "model/regime.c") || !strstr(rel, ".c")))
			continue;   /* the regimes' own table; a script may name a regime */
		const int at = whole_word_at(text, len, retired[i]);
		if (at >= 0 && f->n++ < 20)
			snprintf(f->text + strlen(f->text), sizeof(f->text) - strlen(f->text), "  %s: %s\n", rel,
				 retired[i]);
	}
}
static void test_one_word_a_concept(void **state)
{
	static const char *const roots[] = { "model", "plots", "profiling", "scripts", "Makefile" };
	static struct words_found f;
	(void)state;
	memset(&f, 0, sizeof(f));
	find_retired("x.c", "int nrep;", 9, &f);   /* the scan sees one */
	assert_int_equal(f.n, 1);
	memset(&f, 0, sizeof(f));
	for (size_t i = 0; i < sizeof(roots) / sizeof(roots[0]); i++)
		walk_tree(roots[i], find_retired, &f);
	if (f.n) {
		printf("retired names (one word a concept: see this test's comment):\n%s", f.text);
		fflush(stdout);
		fail_msg("%d retired names", f.n);
	}
}

/* no list of methods or targets outside their tables */
static void test_no_lists_beside_tables(void **state)
{
	static const char *const roots[] = { "model", "plots", "profiling", "kernels", "scripts", "tests", "Makefile" };
	static struct found f;
	(void)state;
	load_kinds();
	memset(&f, 0, sizeof(f));
	for (size_t i = 0; i < sizeof(roots) / sizeof(roots[0]); i++)
		walk_tree(roots[i], scan_names, &f);
	if (f.n) {
		printf("lists of names kept beside their tables (read them from the table instead):\n%s", f.text);
		fflush(stdout);
		fail_msg("%d lists of names kept beside their tables", f.n);
	}
}

static void test_experiment_files(void **state)
{
	const char *const *methods = model_method_names();
	struct run_config *rows;
	size_t n;
	char err[512], text[512];
	(void)state;
	/* a method of one step a launch, and one that fuses steps (the method table's first of each) */
	const char *one = NULL, *fused = NULL;
	for (size_t i = 0; i < model_method_count; i++)
		if (model_methods[i].one_step && !one)
			one = model_methods[i].name;
		else if (!model_methods[i].one_step && !fused)
			fused = model_methods[i].name;
	assert_true(one && fused);
	snprintf(text, sizeof(text), "# comment\nstencil,dtype,method,fusion,size,label\n"
		 "box2d1r,fp32,%s,1,10240x10240,a\nbox3d1r,fp64,%s,3,512x512x512,\n", one, fused);
	const char *ok = write_temp(text, 0);
	assert_int_equal(experiment_read(ok, methods, &rows, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 2);
	assert_int_equal(rows[1].n[2], 512);
	assert_int_equal(rows[1].fusion, 3);
	assert_int_equal(rows[1].line, 4);
	assert_string_equal(rows[0].label, "a");
	free(rows);
	static const struct { const char *row, *want; } bad[] = {
		{ "box2d9r,fp32,naive,1,64x64", ":3: unknown stencil 'box2d9r'" },
		{ "box2d1r,fp8,naive,1,64x64", ":3: unknown dtype 'fp8'" },
		{ "box2d1r,fp32,magic,1,64x64", ":3: unknown method 'magic'" },
		{ "box2d1r,fp32,naive,0,64x64", ":3: bad fusion '0'" },
		{ "box2d1r,fp32,naive,1,64", ":3: bad size '64' for box2d1r" },
		{ "box3d1r,fp32,naive,1,64x64", ":3: bad size '64x64' for box3d1r" },
		{ "box2d1r,fp32,naive,1", ":3: expected 5 fields, got 4" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text), "stencil,dtype,method,fusion,size\nbox2d1r,fp32,naive,1,8x8\n%s\n",
			 bad[i].row);
		const char *f = write_temp(text, 1);
		assert_int_equal(experiment_read(f, methods, &rows, &n, err, sizeof(err)), -1);
		if (!strstr(err, bad[i].want) || !strstr(err, f))
			fail_msg("row '%s': error '%s' lacks '%s'", bad[i].row, err, bad[i].want);
	}
	const char *nocol = write_temp("stencil,dtype,method,size\nbox2d1r,fp32,naive,8x8\n", 2);
	assert_int_equal(experiment_read(nocol, methods, &rows, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "missing column 'fusion'"));
}

/* A method's variants: the default always, then each option (the check loop walks these). */
static void test_option_variants(void **state)
{
	(void)state;
	char buf[64];
	assert_int_equal(option_variants(NULL), 1);          /* no options: the default still runs */
	assert_int_equal(option_variants(""), 1);
	assert_int_equal(option_variants("f16acc L16"), 3);
	assert_int_equal(option_variants("m8n8k4 m16n8k4 m16n8k8 m16n8k16"), 5);
	assert_int_equal(option_variant(NULL, 0, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "");
	assert_int_equal(option_variant("f16acc L16", 2, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "L16");
	assert_int_equal(option_variant("f16acc L16", 3, buf, sizeof(buf)), -1);
	assert_true(option_known(NULL, ""));
	assert_true(option_known("f16acc L16", "L16"));
	assert_false(option_known("f16acc L16", "L1"));      /* whole words only */
	assert_false(option_known(NULL, "L16"));
	/* METHOD:OPTION in a configuration */
	static const char *const methods[] = { "convstencil", NULL };
	struct run_config c;
	char err[256];
	assert_int_equal(run_config_parse(&c, "box2d1r", "fp64", "convstencil:m16n8k8", "3", "100x100", "",
					  methods, err, sizeof(err)), 0);
	assert_string_equal(c.method, "convstencil");
	assert_string_equal(c.option, "m16n8k8");
	assert_int_equal(run_config_parse(&c, "box2d1r", "fp64", "convstencil:", "3", "100x100", "", methods, err,
					  sizeof(err)), -1);
	assert_string_equal(err, "unknown method 'convstencil:'");
	assert_int_equal(run_config_parse(&c, "box2d1r", "fp64", "naive:x", "3", "100x100", "", methods, err,
					  sizeof(err)), -1);
}

/* Every configuration list of experiments/ parses as the runner reads it (a workload list as the
 * workload runner does), its methods the tables'; the model's lists (stencil-model --experiment,
 * no size column) are its own. A warm-up study's list (a warmup_s column) holds each configuration
 * once a warm-up, which a list of one row a configuration may not: tests/test_warmup.c reads it
 * as the study does. */
static void test_committed_lists(void **state)
{
	char err[512], rel[512];
	int lists = 0;
	(void)state;
	DIR *d = opendir(repo_path("experiments"));
	assert_non_null(d);
	for (struct dirent *e; (e = readdir(d));) {
		const size_t len = strlen(e->d_name);
		struct csv_table t;
		if (len < 5 || strcmp(e->d_name + len - 4, ".csv") || !strcmp(e->d_name, "targets.csv"))
			continue;
		snprintf(rel, sizeof(rel), "experiments/%s", e->d_name);
		if (csv_table_read(repo_path(rel), &t, err, sizeof(err)) != 0)
			fail_msg("%s", err);
		const int workload = csv_table_col(&t, "workload") >= 0, runner = csv_table_col(&t, "size") >= 0;
		const int study = csv_table_col(&t, "warmup_s") >= 0;
		csv_table_free(&t);
		if (study)
			continue;
		if (workload) {
			struct workload_config *w;
			size_t n;
			if (workload_read(repo_path(rel), &w, &n, err, sizeof(err)) != 0)
				fail_msg("%s", err);
			free(w);
		} else if (runner) {
			struct run_config *rows;
			size_t n;
			if (experiment_read(repo_path(rel), model_method_names(), &rows, &n, err, sizeof(err)) != 0)
				fail_msg("%s", err);
			free(rows);
		}
		lists += workload || runner;
	}
	closedir(d);
	assert_true(lists >= 20);
}


/* whether list (a configuration list's table) has a row of method (METHOD or METHOD:OPTION) */
static int has_method(const struct csv_table *t, const char *method)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (!strcmp(csv_table_get(t, r, "method"), method))
			return 1;
	return 0;
}

/* how many variants of a table's rows list path lacks (0: none), their names into missing */
static int missing_variants(const char *path, const char *const *names, const char *const *options, size_t n,
			    char *missing, size_t len)
{
	struct csv_table t;
	char err[512], opt[64], want[128];
	int k = 0;
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	missing[0] = '\0';
	for (size_t i = 0; i < n; i++)
		for (int v = 0; option_variant(options[i], v, opt, sizeof(opt)) == 0; v++) {
			snprintf(want, sizeof(want), "%s%s%s", names[i], *opt ? ":" : "", opt);
			if (!has_method(&t, want))
				k++, snprintf(missing + strlen(missing), len - strlen(missing), " %s", want);
		}
	csv_table_free(&t);
	return k;
}

/* make smoke holds every method and variant of the tables: experiments/smoke.csv each of the
 * method table's, experiments/smoke-workload.csv each of the workload table's */
static void test_smoke_covers_tables(void **state)
{
	const char *names[SCAN_MAX_NAMES] = { NULL }, *options[SCAN_MAX_NAMES] = { NULL };
	char missing[1024];
	(void)state;
	for (size_t i = 0; i < model_method_count; i++)
		names[i] = model_methods[i].name, options[i] = model_methods[i].options;
	if (missing_variants(repo_path("experiments/smoke.csv"), names, options, model_method_count, missing,
			     sizeof(missing)))
		fail_msg("experiments/smoke.csv has no row of:%s", missing);
	/* the check sees what a list lacks: one holding the first method's default alone lacks the rest */
	char text[128];
	int variants = 0;
	for (size_t i = 0; i < model_method_count; i++)
		variants += option_variants(options[i]);
	snprintf(text, sizeof(text), "method\n%s\n", names[0]);
	assert_int_equal(missing_variants(write_temp(text, 0), names, options, model_method_count, missing,
					  sizeof(missing)), variants - 1);
	for (size_t i = 0; i < workload_method_rows; i++)
		names[i] = workload_methods[i].name, options[i] = workload_methods[i].options;
	if (missing_variants(repo_path("experiments/smoke-workload.csv"), names, options, workload_method_rows, missing,
			     sizeof(missing)))
		fail_msg("experiments/smoke-workload.csv has no row of:%s", missing);
}


/* how many lists scan_file finds in text, as the file name path (its kind by its name) */
static int lists_in(const char *path, const char *text)
{
	struct found f;
	memset(&f, 0, sizeof(f));
	scan_file(kinds, 3, path, text, strlen(text), collect, &f);
	return f.n;
}

/* The scanner finds the lists these tables replaced, written again from the tables' own names, and
 * leaves alone what is no list: prose comments, one name a statement, the files named after a
 * target, a paper's table, a plot command's elements. */
static void test_scanner_finds_lists(void **state)
{
	(void)state;
	load_kinds();
	const char *m0 = kinds[0].names[0], *m1 = kinds[0].names[1], *m2 = kinds[0].names[2];
	const char *w0 = kinds[1].names[0], *w1 = kinds[1].names[1];
	const char *model[8], *alias[8], *rendered[8], *verdicts = NULL;
	size_t nm = 0, na = 0, nr = 0;
	for (size_t i = 0; i < ntargets; i++) {
		if (render_target_is_model(&targets[i]) && nm < 8)
			model[nm++] = targets[i].name;
		else if (!strcmp(targets[i].kind, "verdicts"))
			verdicts = targets[i].name;
		else if (nr < 8)
			rendered[nr++] = targets[i].name;
		if (targets[i].alias[0] && na < 8)
			alias[na++] = targets[i].alias;
	}
	assert_true(nm >= 3 && na >= 2 && nr >= 2 && verdicts);
	char t[1024];
	/* make: the model-only targets, the aliases, the test's figures, a recipe's targets */
	snprintf(t, sizeof(t), "MODEL_TARGETS := %s %s %s\n", model[0], model[1], model[2]);
	assert_int_equal(lists_in("scripts/make/model.mk", t), 1);
	snprintf(t, sizeof(t), "ALIASES := %s %s\n", alias[0], alias[1]);
	assert_int_equal(lists_in("scripts/make/experiments.mk", t), 1);
	snprintf(t, sizeof(t), "%s: %s ## = %s\n", alias[0], rendered[0], rendered[0]);
	assert_int_equal(lists_in("scripts/make/experiments.mk", t), 1);
	snprintf(t, sizeof(t), "RENDERED = $(foreach f,%s %s,$(O)/$(f).png) \\\n\t$(O)/%s.md\n", model[0], model[1],
		 model[2]);
	assert_int_equal(lists_in("scripts/make/test.mk", t), 1);
	snprintf(t, sizeof(t), ".PRECIOUS: $(O)/%s.csv \\\n\t$(O)/%s.csv\n", model[0], model[1]);
	assert_int_equal(lists_in("Makefile", t), 1);
	snprintf(t, sizeof(t), "\t$(MAKE) -k $(REPRODUCED) %s model-figures %s\n", model[0], verdicts);
	assert_int_equal(lists_in("scripts/make/experiments.mk", t), 1);
	/* shell and gnuplot */
	snprintf(t, sizeof(t), "for t in %s %s %s; do make $t; done\n", alias[0], alias[1], verdicts);
	assert_int_equal(lists_in("tests/fresh-clone.sh", t), 1);
	snprintf(t, sizeof(t), "methods = \"%s %s %s:x\"\n", m0, m1, m2);
	assert_int_equal(lists_in("plots/gp/x.gp", t), 1);
	snprintf(t, sizeof(t), "set title \"%s, %s: fp32\"\n", w0, w1);
	assert_int_equal(lists_in("plots/gp/x.gp", t), 1);
	/* C: an initializer, a family picked by hand, a usage message, a list over lines */
	snprintf(t, sizeof(t), "static const char *const methods[] = { \"%s\", \"%s\", NULL };\n", m0, m1);
	assert_int_equal(lists_in("tests/x.c", t), 1);
	snprintf(t, sizeof(t), "void f(int k)\n{\n\tconst char *m = k ? \"%s\" : \"%s\";\n}\n", m1, m2);
	assert_int_equal(lists_in("tests/x.c", t), 1);
	snprintf(t, sizeof(t), "\tcli_bad_input(prog, \"unknown method '%%s' (%s, %s, \"\n\t\t\"%s)\", s);\n", m0, m1, m2);
	assert_int_equal(lists_in("model/x.c", t), 1);
	snprintf(t, sizeof(t), "static const char *const figs[] = {\n\t\"%s\",\n\t\"%s\",\n};\n", model[0], model[1]);
	assert_int_equal(lists_in("tests/x.c", t), 1);
	snprintf(t, sizeof(t), "\tif (!strcmp(m, \"%s\") || !strcmp(m, \"%s\"))\n\t\treturn 1;\n", m0, m1);
	assert_int_equal(lists_in("kernels/x.cu", t), 1);
	/* no list: prose, one name a statement, files, a paper's table, a plot's elements */
	snprintf(t, sizeof(t), "/* %s and %s */\nint a = f(\"%s\");\nint b = f(\"%s\");\n", m0, m1, m0, m1);
	assert_int_equal(lists_in("tests/x.c", t), 0);
	snprintf(t, sizeof(t), "static const char *const f[] = { \"%s.csv\", \"%s.csv\" };\n", rendered[0], rendered[1]);
	assert_int_equal(lists_in("tests/x.c", t), 0);
	snprintf(t, sizeof(t), "# %s %s\n$(O)/%s.md: data/paper/%s.csv\n", model[0], model[1], model[0], rendered[0]);
	assert_int_equal(lists_in("scripts/make/model.mk", t), 0);
	snprintf(t, sizeof(t), "plot data using (sel(\"%s\")) notitle, \\\n     data using (sel(\"%s\")) notitle\n", m0, m1);
	assert_int_equal(lists_in("plots/gp/x.gp", t), 0);
	assert_int_equal(lists_in("data/x.csv", "a,b\n"), 0);
}


/* whether the repository holds file rel */
static int exists(const char *rel)
{
	struct stat st;
	return stat(repo_path(rel), &st) == 0;
}

/* The table of targets: a rendered one names a known renderer, has its configuration lists, a
 * title and, a figure, its gnuplot script; a model one has its outputs, which make test made first
 * (the figures' where gnuplot exists); an unknown target is refused by name. */
static void test_target_table(void **state)
{
	(void)state;
	char err[1024], rel[512];
	struct render_ctx c;
	load_kinds();
	if (render_open(&c, repo_path("."), NULL, NULL, temp_dir(), err, sizeof(err)) != 0)
		fail_msg("%s", err);
	size_t rendered = 0, model = 0;
	for (size_t k = 0; k < ntargets; k++) {
		const struct target_spec *ts = &targets[k];
		char words[256], *save = NULL;
		if (render_target_is_model(ts)) {
			model++;
			assert_null(render_target_spec(&c, ts->name));   /* the renderer's are the others */
			snprintf(words, sizeof(words), "%s", ts->outputs);
			for (char *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
				snprintf(rel, sizeof(rel), "plots/out/%s", w);
				if (!exists(rel) && (have_gnuplot() || (!strstr(w, ".png") && !strstr(w, ".svg"))))
					fail_msg("%s: make test made no %s", ts->name, rel);
			}
			snprintf(rel, sizeof(rel), "plots/gp/%s.gp", ts->name);
			if (strstr(ts->outputs, ".png") && !exists(rel))
				fail_msg("%s: no %s", ts->name, rel);
			continue;
		}
		rendered++;
		assert_non_null(render_target_spec(&c, ts->name));
		/* each configuration list it reads (its inputs: its own list, other targets' lists, or
		 * the files of the run's ceilings measurement, which are no lists) */
		snprintf(words, sizeof(words), "%s", ts->inputs);
		for (char *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			if (!strcmp(w, "claims") || !strcmp(w, "ceilings") || !strcmp(w, "latency-hiding"))
				continue;
			snprintf(rel, sizeof(rel), "experiments/%s.csv", w);
			if (!exists(rel))
				fail_msg("%s: no %s", ts->name, rel);
		}
		snprintf(rel, sizeof(rel), "plots/gp/%s.gp", ts->name);
		if (!strcmp(ts->kind, "figure") && !exists(rel))
			fail_msg("%s: no %s", ts->name, rel);
		assert_true(ts->title[0] != '\0');
	}
	assert_int_equal(c.ntargets, rendered);
	assert_true(model > 0);
	assert_null(render_target_spec(&c, "tcs-table9"));
	assert_int_equal(render_target(&c, "tcs-table9", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "tcs-table9"));
	render_close(&c);
}

/* a make variable of the repository's Makefile (make print-VAR), into out */
static void make_var(const char *var, char *out, size_t len)
{
	char cmd[1024];
	snprintf(cmd, sizeof(cmd), "make -C '%s' -s --no-print-directory HAVE_GPU=0 print-%s", repo_path("."), var);
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	size_t n = fread(out, 1, len - 1, p);
	out[n] = '\0';
	out[strcspn(out, "\n")] = '\0';
	if (pclose(p) != 0)
		fail_msg("%s failed", cmd);
}

static int has_word(const char *list, const char *w)
{
	for (const char *at = strstr(list, w); at; at = strstr(at + 1, w))
		if ((at == list || at[-1] == ' ') && (at[strlen(w)] == ' ' || !at[strlen(w)]))
			return 1;
	return 0;
}

static size_t count_words(const char *list)
{
	size_t n = 0;
	for (const char *p = list; *p; p++)
		n += *p != ' ' && (p == list || p[-1] == ' ');
	return n;
}

/* The Makefile's lists come from the table (build/targets.mk, stencil-render targets-mk): make
 * print-RENDERS (every target make help lists that renders) holds each row and alias once, then
 * reproduce; each alias makes its target; the model outputs are every model row's; and a table
 * the generator cannot trust is refused with its line. */
static void test_targets_mk(void **state)
{
	static char renders[4096], v[4096], out[4096], err[1024];
	size_t aliases = 0, outputs = 0;
	(void)state;
	load_kinds();
	make_var("RENDERS", renders, sizeof(renders));
	for (size_t k = 0; k < ntargets; k++) {
		const struct target_spec *ts = &targets[k];
		if (!has_word(renders, ts->name))
			fail_msg("make print-RENDERS lacks %s", ts->name);
		if (ts->alias[0]) {
			char var[64];
			aliases++;
			assert_true(has_word(renders, ts->alias));
			snprintf(var, sizeof(var), "ALIAS_OF_%s", ts->alias);
			make_var(var, v, sizeof(v));
			assert_string_equal(v, ts->name);
		}
		outputs += count_words(ts->outputs);
	}
	/* and the two that render every target of a run: make reproduce, make reference */
	assert_int_equal(count_words(renders), ntargets + aliases + 2);
	assert_true(!strcmp(renders + strlen(renders) - strlen(" reproduce reference"), " reproduce reference"));
	make_var("MODEL_OUTPUTS", v, sizeof(v));
	assert_int_equal(count_words(v), outputs);
	/* a bad table: an unknown kind, then an alias given twice, each refused naming its line */
	const char *root = temp_dir();
	char dir[600], path[700], text[1024];
	snprintf(dir, sizeof(dir), "mkdir -p %s/experiments %s/data/paper", root, root);
	assert_int_equal(system(dir), 0);
	snprintf(path, sizeof(path), "%s/data/paper/claims.csv", root);
	put_file(path, "paper,inputs\np,a\n");
	static const char *const bad[][2] = {
		{ "a,,chart,r,a,yes,yes,,,T,,h,,,,\n", ":3: target 'a': the kind is none of" },
		{ "a,,table,r,a,yes,yes,,,T,,h,,,x,\nb,,table,r,b,yes,yes,,,T,,h,,,x,\n", ":4: target 'b': a name or alias given twice" },
	};
	for (size_t i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/experiments/targets.csv", root);
		snprintf(text, sizeof(text), "# t\ntarget,paper,kind,renderer,inputs,counters,reproduce,extra,original,title,"
			 "note,help,compare_keys,compare_values,alias,outputs\n%s", bad[i][0]);
		put_file(path, text);
		const char *args[] = { "targets-mk", "--root", root, NULL };
		assert_int_equal(run_tool("stencil-render", args, out, sizeof(out), err, sizeof(err)), 2);
		if (!strstr(err, bad[i][1]))
			fail_msg("got '%s', want '%s'", err, bad[i][1]);
	}
}

void run_tables_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scanner_finds_lists),
		cmocka_unit_test(test_no_lists_beside_tables),
		cmocka_unit_test(test_no_shell_csv_parser),
		cmocka_unit_test(test_one_word_a_concept),
		cmocka_unit_test(test_experiment_files),
		cmocka_unit_test(test_option_variants),
		cmocka_unit_test(test_committed_lists),
		cmocka_unit_test(test_smoke_covers_tables),
		cmocka_unit_test(test_target_table),
		cmocka_unit_test(test_targets_mk),
	};
	RUN_GROUP(r, "tables", tests);
}
