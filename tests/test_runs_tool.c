/*
 * test_runs_tool.c - the rules about runs the scripts share (plots/records/runs.h) and the stencil-runs
 * tool that answers the scripts: the run-name rule; the configuration key, one for a list's row
 * and a run CSV's, written one way however the row spells it; a list's configurations (a bad list
 * refused with its file and line); a run CSV complete for its list only when it parses, ends with a
 * newline and holds each configuration once, no other; rows marked wrong, and rows counted by
 * status; the run REFERENCE names, or why not; a list cut into chunks
 * and run CSVs joined back, quoted fields intact; and each subcommand's exit status.
 */
#define _XOPEN_SOURCE 700
#include "tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csvio.h"
#include "runs.h"

static char out[1 << 16], err[1 << 14];

/* a list of two configurations and a run CSV of their rows in another column order, with a
 * status and a quoted reason over two lines (tests/fixtures/runs-tool/) */
static char list2[1024], run2[1024];

static void load_fixture(const char *name, char *buf, size_t len)
{
	char path[512];
	snprintf(path, sizeof(path), "tests/fixtures/runs-tool/%s", name);
	FILE *f = fopen(repo_path(path), "r");
	if (!f)
		fail_msg("cannot read %s", path);
	buf[fread(buf, 1, len - 1, f)] = '\0';
	fclose(f);
}

static void fixtures(void)
{
	load_fixture("list.csv", list2, sizeof(list2));
	load_fixture("run.csv", run2, sizeof(run2));
}


static int runs(const char *const *args)
{
	return run_tool("stencil-runs", args, out, sizeof(out), err, sizeof(err));
}

static void test_run_name(void **state)
{
	(void)state;
	static const char *const good[] = { "a", "h200-fecb9a30-2026-11-24", "x.y_z-1", "..a", "a..", NULL };
	static const char *const bad[] = { "", ".", "..", "A1", "a b", "x/y", "../x", "a'b", "a\tb", NULL };
	for (const char *const *p = good; *p; p++)
		if (!run_name_ok(*p))
			fail_msg("'%s' refused", *p);
	for (const char *const *p = bad; *p; p++)
		if (run_name_ok(*p))
			fail_msg("'%s' taken as a run name", *p);
	const char *ok[] = { "run-name", "x1", NULL }, *no[] = { "run-name", "../x", NULL };
	assert_int_equal(runs(ok), 0);
	assert_string_equal(err, "");
	assert_int_equal(runs(no), 1);
	assert_string_equal(err, "'../x' is not a run name: " RUN_NAME_RULE "\n");
}

/* the key of row r of text, as config_key gives it (NULL: refused, the reason in err) */
static const char *key_of(const char *text, size_t r)
{
	static char key[CONFIG_KEY_MAX];
	struct csv_table t;
	char e[512];
	if (csv_table_parse("t.csv", text, strlen(text), &t, e, sizeof(e)) != 0)
		fail_msg("%s", e);
	int rc = config_key(&t, r, key, sizeof(key), err, sizeof(err));
	csv_table_free(&t);
	return rc == 0 ? key : NULL;
}

static void test_config_key(void **state)
{
	(void)state;
	/* a list's row and a run row give one key; fusion written one way */
	assert_string_equal(key_of(list2, 1), "box2d1r fp64 convstencil:m16n8k8 3 10240x10240");
	assert_string_equal(key_of(run2, 1), "box2d1r fp64 convstencil:m16n8k8 3 10240x10240");
	assert_string_equal(key_of("stencil,dtype,method,fusion,size\nbox2d1r,fp32,naive,01,64x64\n", 0),
			    "box2d1r fp32 naive 1 64x64");
	/* a workload's: workload and matrix, "-" for SCALE's none */
	assert_string_equal(key_of("workload,dtype,method,size\nscale,fp64,scale-cc,2^16\n", 0),
			    "scale fp64 scale-cc - 2^16");
	assert_string_equal(key_of("workload,dtype,method,size,matrix\nspmv,fp64,spmv-cusparse:preprocess,256,"
				   "poisson2d\n", 0), "spmv fp64 spmv-cusparse:preprocess poisson2d 256");
	/* refused with file and line: an unknown method, a missing column */
	assert_null(key_of("stencil,dtype,method,fusion,size\nbox2d1r,fp32,nosuch,1,64x64\n", 0));
	assert_non_null(strstr(err, "t.csv:2: unknown method 'nosuch'"));
	assert_null(key_of("stencil,dtype,method,size\nbox2d1r,fp32,naive,64x64\n", 0));
	assert_non_null(strstr(err, "missing column"));
}

static void test_list(void **state)
{
	(void)state;
	struct config_keys k;
	assert_int_equal(config_list_read(write_temp(list2, 0), &k, err, sizeof(err)), 0);
	assert_int_equal(k.n, 2);
	assert_string_equal(k.key[0], "box2d1r fp32 naive 1 10240x10240");
	config_keys_free(&k);
	static const struct { const char *text, *want; } bad[] = {
		{ "stencil,dtype,method,fusion,size\n", "no configurations" },
		{ "stencil,dtype,method,fusion,size\nbox2d1r,fp32,naive,1,64x64\nbox2d1r,fp32,naive,1,64x64\n",
		  ":3: configuration repeated (line 2)" },
		{ "stencil,dtype,method,fusion\nbox2d1r,fp32,naive,1\n", "missing column" },
		{ "stencil,dtype,method,fusion,size\nbox2d1r,fp32,naive,1\n", ":2: expected 5 fields, got 4" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *path = write_temp(bad[i].text, 1);
		if (config_list_read(path, &k, err, sizeof(err)) != -1 || !strstr(err, bad[i].want))
			fail_msg("case %zu: '%s', want '%s'", i, err, bad[i].want);
		const char *args[] = { "configs", path, NULL };
		assert_int_equal(runs(args), 2);
	}
	const char *count[] = { "configs", write_temp(list2, 0), NULL };
	assert_int_equal(runs(count), 0);
	assert_string_equal(out, "2\n");
	const char *keys[] = { "keys", write_temp(list2, 0), NULL };
	assert_int_equal(runs(keys), 0);
	char keys2[512];
	load_fixture("keys.txt", keys2, sizeof(keys2));
	assert_string_equal(out, keys2);
}

/* stencil-runs complete LIST RUN's exit status, RUN holding text */
static int complete(const char *text)
{
	const char *args[] = { "complete", "-v", write_temp(list2, 0), write_temp(text, 1), NULL };
	return runs(args);
}

static void test_complete(void **state)
{
	(void)state;
	char buf[1024];
	assert_int_equal(complete(run2), 0);
	/* a row short, a row more, a row of another configuration */
	const char *nl = strchr(run2, '\n');
	snprintf(buf, sizeof(buf), "%.*s\n", (int)(strchr(nl + 1, '\n') - run2), run2);
	assert_int_equal(complete(buf), 1);
	assert_non_null(strstr(err, "1 rows for 2 configurations"));
	snprintf(buf, sizeof(buf), "%sr1,naive,box2d1r,10240x10240,fp32,1,ok,\n", run2);
	assert_int_equal(complete(buf), 1);
	snprintf(buf, sizeof(buf), "%s", run2);
	*strstr(buf, "10240x10240,fp32") = '2';   /* 20240x10240 */
	assert_int_equal(complete(buf), 1);
	assert_non_null(strstr(err, "not the list's configurations"));
	/* a write cut short: no newline at the end, inside the quotes, an empty file, none at all */
	snprintf(buf, sizeof(buf), "%.*s", (int)strlen(run2) - 1, run2);
	assert_int_equal(complete(buf), 1);
	snprintf(buf, sizeof(buf), "%.*s\n", (int)(strstr(run2, "tolerance") - run2), run2);
	assert_int_equal(complete(buf), 1);
	assert_int_equal(complete(""), 1);
	const char *none[] = { "complete", write_temp(list2, 0), "/nonexistent/x.csv", NULL };
	assert_int_equal(runs(none), 1);
	assert_string_equal(err, "");   /* quiet without -v */
	const char *badlist[] = { "complete", write_temp("stencil\n", 0), write_temp(run2, 1), NULL };
	assert_int_equal(runs(badlist), 2);
}

static void test_wrong(void **state)
{
	(void)state;
	const char *path = write_temp(run2, 1);
	assert_int_equal(run_csv_wrong(path, err, sizeof(err)), 1);
	assert_int_equal(run_csv_wrong(write_temp("a,b\n1,2\n", 2), err, sizeof(err)), 0);   /* no status */
	const char *args[] = { "wrong", "tcs-table9", "/nonexistent.csv", path, NULL };
	assert_int_equal(runs(args), 1);
	assert_non_null(strstr(err, "*** tcs-table9: 1 configuration(s) FAILED VERIFICATION: rows marked wrong in"));
	assert_non_null(strstr(err, "*** tcs-table9: failed: "));
	const char *none[] = { "wrong", "t", write_temp(list2, 3), NULL };
	assert_int_equal(runs(none), 0);
	const char *bad[] = { "wrong", "t", write_temp("a,b\n1\n", 3), NULL };
	assert_int_equal(runs(bad), 2);
}

/* the rows of run CSVs together by status (make smoke's last line): verified, skipped, wrong, all */
static void test_tally(void **state)
{
	(void)state;
	const char *path = write_temp(run2, 1);
	const char *one[] = { "tally", path, NULL }, *two[] = { "tally", path, path, NULL };
	assert_int_equal(runs(one), 0);
	assert_string_equal(out, "1 0 1 2\n");
	assert_int_equal(runs(two), 0);
	assert_string_equal(out, "2 0 2 4\n");
	const char *skip[] = { "tally", write_temp("status,reason\nok,\nskipped,no memory\nskipped,x\n", 2), NULL };
	assert_int_equal(runs(skip), 0);
	assert_string_equal(out, "1 2 0 3\n");
	const char *none[] = { "tally", "/nonexistent/x.csv", NULL }, *empty[] = { "tally", NULL };
	assert_int_equal(runs(none), 2);
	assert_non_null(strstr(err, "/nonexistent/x.csv"));
	assert_int_equal(runs(empty), 2);
}

/* the run REFERENCE names, or one line why: missing, or the name read and the character refused */
static void test_reference(void **state)
{
	(void)state;
	char path[600];
	const char *dir = temp_dir();
	const char *args[] = { "reference", dir, NULL };
	assert_int_equal(runs(args), 2);
	assert_non_null(strstr(err, "/REFERENCE is missing"));
	snprintf(path, sizeof(path), "%s/r1", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/REFERENCE", dir);
	put_file(path, "r1\r\n");
	assert_int_equal(runs(args), 2);
	assert_non_null(strstr(err, "'r1\\r' is not a run name: a carriage return (\\r) at its end, a Windows line end"));
	put_file(path, "r1\n");
	assert_int_equal(runs(args), 0);
	assert_string_equal(out, "r1\n");
}

static void slurp_file(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot read %s", path);
	buf[fread(buf, 1, len - 1, f)] = '\0';
	fclose(f);
}

static void test_split_join(void **state)
{
	(void)state;
	char path[600], a[1024], b[1024], text[2048];
	const char *dir = temp_dir();
	const char *args[] = { "split", write_temp(list2, 0), "1", dir, NULL };
	assert_int_equal(runs(args), 0);
	assert_string_equal(out, "2\n");
	snprintf(a, sizeof(a), "%s/0001.csv", dir);
	snprintf(b, sizeof(b), "%s/0002.csv", dir);
	slurp_file(b, text, sizeof(text));
	assert_string_equal(text, "stencil,dtype,method,fusion,size,label\n"
			    "box2d1r,fp64,convstencil:m16n8k8,3,10240x10240,\"case 1, fp64\"\n");
	/* joined back: the list's rows under its header, comments left out; out may be an input */
	snprintf(path, sizeof(path), "%s/joined.csv", dir);
	const char *join[] = { "join", path, a, b, NULL };
	assert_int_equal(runs(join), 0);
	slurp_file(path, text, sizeof(text));
	assert_string_equal(text, strchr(list2, '\n') + 1);
	const char *again[] = { "join", a, a, b, NULL };
	assert_int_equal(runs(again), 0);
	slurp_file(a, text, sizeof(text));
	assert_string_equal(text, strchr(list2, '\n') + 1);
	/* a run CSV's quoted reason, newline and comma kept */
	const char *run = write_temp(run2, 1);
	const char *runs2[] = { "join", path, run, NULL };
	assert_int_equal(runs(runs2), 0);
	slurp_file(path, text, sizeof(text));
	assert_string_equal(text, run2);
	/* another header: refused, nothing written */
	const char *mixed[] = { "join", path, run, b, NULL };
	assert_int_equal(runs(mixed), 2);
	assert_non_null(strstr(err, "its header is not"));
	slurp_file(path, text, sizeof(text));
	assert_string_equal(text, run2);
	const char *size0[] = { "split", write_temp(list2, 0), "0", dir, NULL };
	assert_int_equal(runs(size0), 2);
}

static void test_usage(void **state)
{
	(void)state;
	const char *none[] = { NULL }, *unknown[] = { "nosuch", NULL }, *few[] = { "complete", "x", NULL };
	assert_int_equal(runs(none), 2);
	assert_int_equal(runs(unknown), 2);
	assert_int_equal(runs(few), 2);
	assert_non_null(strstr(err, "usage: stencil-runs"));
}

void run_runs_tool_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_run_name),
		cmocka_unit_test(test_config_key),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_complete),
		cmocka_unit_test(test_wrong),
		cmocka_unit_test(test_tally),
		cmocka_unit_test(test_reference),
		cmocka_unit_test(test_split_join),
		cmocka_unit_test(test_usage),
	};
	fixtures();
	RUN_GROUP(r, "runs-tool", tests);
}
