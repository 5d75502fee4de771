/*
 * test_protocol.c - a rendered output states how its numbers were measured from the run alone:
 * the protocol sentence of meta.csv, byte for byte, in a table's footer and a figure's title (its
 * .vars), for a run of the steady-state protocol (tests/fixtures/run-steady, synthesised: power,
 * energy, clock-event reasons, sustained ceilings) and for runs before it (tests/fixtures/
 * run-verdicts, the reference run), whose older sentence shows; the rows' board power and energy
 * beside their rates, NA and one footer line where the run predates them; the ceilings the roofs
 * stand on (sustained, or burst); and "mixed protocols" where the rows' invocations differ.
 */
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvio.h"
#include "protocol.h"
#include "render.h"

#define STEADY "run-steady"
#define OLD "run-verdicts"

static const char burst_line[] = "roofs: burst ceilings (best of 10 launches; the run predates sustained ceilings)";
static const char sustained_line[] = "roofs: sustained ceilings (median after 1 s of each microbenchmark)";
static const char no_power_line[] = "power and energy: not recorded by this run (it predates them)";

static const char *fixture_dir(const char *name)
{
	static char path[512];
	snprintf(path, sizeof(path), "tests/fixtures/%s", name);
	return repo_path(path);
}

/* the reference run (data/runs/REFERENCE names it) */
static const char *reference_run(void)
{
	static char path[1024];
	char name[256] = "";
	sscanf(read_text(repo_path("data/runs/REFERENCE")), "%255s", name);
	snprintf(path, sizeof(path), "%s/%s", repo_path("data/runs"), name);
	return path;
}

/* the protocol sentence of invocation id in rundir's meta.csv (a fresh string) */
static char *meta_sentence(const char *rundir, const char *id)
{
	char path[1024], err[512];
	struct csv_table m;
	snprintf(path, sizeof(path), "%s/meta.csv", rundir);
	if (csv_table_read(path, &m, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	char *s = NULL;
	for (size_t r = 0; r < m.nrows && !s; r++)
		if (!strcmp(csv_table_get(&m, r, "run_id"), id))
			s = strdup(csv_table_get(&m, r, "protocol"));
	csv_table_free(&m);
	if (!s)
		fail_msg("%s: no invocation %s", path, id);
	return s;
}

/* the sentence of the invocations of rundir/CSV's rows k..: the first row's, every other row's the
 * same (the test's precondition); a fresh string */
static char *rows_sentence(const char *rundir, const char *csv)
{
	char path[1024], err[512];
	struct csv_table t;
	snprintf(path, sizeof(path), "%s/%s", rundir, csv);
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_true(t.nrows > 0);
	char *s = meta_sentence(rundir, csv_table_get(&t, 0, "run_id"));
	for (size_t r = 1; r < t.nrows; r++) {
		char *o = meta_sentence(rundir, csv_table_get(&t, r, "run_id"));
		assert_string_equal(o, s);
		free(o);
	}
	csv_table_free(&t);
	return s;
}

/* the value of a .vars line NAME = '...' as gnuplot reads it: '' an apostrophe, '."\n".' a line
 * break; a fresh string (the test fails without the line) */
static char *gp_value(const char *vars, const char *name)
{
	char key[64];
	snprintf(key, sizeof(key), "\n%s = '", name);
	const char *p = strstr(vars, key);
	if (!p && !strncmp(vars, key + 1, strlen(key) - 1))
		p = vars - 1;
	if (!p)
		fail_msg("no %s in the .vars", name);
	p += strlen(key);
	char *v = calloc(1, strlen(p) + 1), *o = v;
	for (; *p && *p != '\n'; p++) {
		if (!strncmp(p, "''", 2))
			*o++ = '\'', p++;
		else if (!strncmp(p, "'.\"\\n\".'", 8))
			*o++ = '\n', p += 7;
		else if (*p == '\'')
			break;
		else
			*o++ = *p;
	}
	return v;
}

static char *render_read(const char *rundir, const char *target, const char *ext, const char *out)
{
	struct csv_table t;
	char path[1024];
	render_fixture_dir(rundir, target, out, &t);
	csv_table_free(&t);
	snprintf(path, sizeof(path), "%s/%s.%s", out, target, ext);
	return strdup(read_text(path));
}

/* the first clause of a protocol sentence as a figure's footer says it: to its first ';', then to
 * its first ", after", " until" or ", then" (render-protocol.c's protocol_short) */
static void first_clause(const char *s, char *b, size_t len)
{
	static const char *const stops[] = { ";", ", after ", " until ", ", then " };
	size_t cut = strlen(s);
	for (size_t i = 0; i < sizeof(stops) / sizeof(stops[0]); i++) {
		const char *at = strstr(s, stops[i]);
		if (at && (size_t)(at - s) < cut)
			cut = (size_t)(at - s);
	}
	snprintf(b, len, "%.*s", (int)cut, s);
}

/* The footer's line "Protocol: S" and the figure's protocol carry S as meta.csv has it; the
 * figure's title is one line, and its footer one line of at most RENDER_FOOTER_MAX characters that gives
 * the protocol's first clause (or, short of room, names the table that gives it whole) */
static void check_sentence(const char *rundir, const char *target, const char *csv)
{
	const char *out = temp_dir();
	char *s = rows_sentence(rundir, csv), want[4096], clause[1024];
	snprintf(want, sizeof(want), "\nProtocol: %s\n", s);
	char *md = render_read(rundir, target, "md", out), *vars = render_read(rundir, target, "vars", out);
	if (!strstr(md, want))
		fail_msg("%s from %s: no footer line '%s'", target, rundir, want + 1);
	char *p = gp_value(vars, "protocol"), *title = gp_value(vars, "title"), *foot = gp_value(vars, "footer");
	snprintf(want, sizeof(want), "Protocol: %s", s);
	assert_string_equal(p, want);
	assert_null(strchr(title, '\n'));
	assert_null(strchr(foot, '\n'));
	assert_true(strlen(foot) <= RENDER_FOOTER_MAX);
	first_clause(s, clause, sizeof(clause));
	snprintf(want, sizeof(want), "protocol: see %s.md", target);
	if (!strstr(foot, clause) && !strstr(foot, want))
		fail_msg("%s from %s: the footer '%s' gives neither the protocol's '%s' nor '%s'", target, rundir, foot,
			 clause, want);
	free(s), free(md), free(vars), free(p), free(title), free(foot);
}

/* (a) the steady-state run's sentence, and the older runs' own (tests/fixtures/run-older-protocol,
 * files of h200-fecb9a30-2026-11-24, says 0.05 s) */
static void test_protocol_sentence(void **state)
{
	(void)state;
	check_sentence(fixture_dir(STEADY), "hopper-tc", "hopper-tc.csv");
	check_sentence(fixture_dir(STEADY), "nongemm-figure6", "nongemm-figure6.csv");
	check_sentence(fixture_dir(OLD), "tcs-figure15", "tcs-figure15.csv");
	check_sentence(reference_run(), "hopper-tc", "hopper-tc.csv");
	check_sentence(repo_path("tests/fixtures/run-older-protocol"), "hopper-tc", "hopper-tc.csv");
	char *s = rows_sentence(repo_path("tests/fixtures/run-older-protocol"), "hopper-tc.csv");
	assert_non_null(strstr(s, "else 0.05 s"));   /* the older protocol, shown as it was */
	free(s);
	/* the steady fixture's sentence and the reference run's are the runner's own, from the one
	 * place that writes it */
	struct protocol p;
	char want[1024];
	protocol_default(&p);
	protocol_text(&p, 0, want, sizeof(want));
	s = rows_sentence(fixture_dir(STEADY), "hopper-tc.csv");
	assert_string_equal(s, want);
	free(s);
	s = rows_sentence(reference_run(), "hopper-tc.csv");
	assert_string_equal(s, want);
	free(s);
}

/* a CSV column's number in row r, NaN for NA */
static double num(const struct csv_table *t, size_t r, const char *col)
{
	const char *v = csv_table_get(t, r, col);
	assert_non_null(v);
	return strcmp(v, "NA") ? strtod(v, NULL) : NAN;
}

/* (b) board power and energy beside the rates: the run's values in the rendered CSV and table of the
 * steady-state run (its clock reasons where a row had one besides the power cap), NA and the
 * footer line in an older run's */
static void test_protocol_power(void **state)
{
	(void)state;
	const char *out = temp_dir();
	struct csv_table t, run;
	char path[1024], err[512];
	render_fixture(STEADY, "tcs-table3", out, &t);
	snprintf(path, sizeof(path), "%s/tcs-table3.csv", fixture_dir(STEADY));
	if (csv_table_read(path, &run, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	size_t matched = 0;
	for (size_t r = 0; r < t.nrows; r++)
		for (size_t q = 0; q < run.nrows; q++)
			if (!strcmp(csv_table_get(&t, r, "method"), csv_table_get(&run, q, "method")) &&
			    num(&t, r, "gstencil_per_s") == num(&run, q, "gstencil_per_s")) {
				assert_true(num(&t, r, "power_median_w") == num(&run, q, "power_median_w"));
				assert_true(num(&t, r, "energy_nj_per_point_step") == num(&run, q, "energy_nj_per_point_step"));
				assert_string_equal(csv_table_get(&t, r, "clock_reasons"), csv_table_get(&run, q, "clock_reasons"));
				matched++;
			}
	assert_int_equal(matched, run.nrows);
	csv_table_free(&t);
	csv_table_free(&run);
	char *md = render_read(fixture_dir(STEADY), "tcs-table3", "md", out);
	assert_non_null(strstr(md, "| GStencil/s measured | board W | nJ / point-step | clock reasons |"));
	assert_non_null(strstr(md, "| 388.6 (throttled 2/10) | 640 | 1.647 | power_cap+hw_thermal |"));
	assert_null(strstr(md, no_power_line));
	free(md);
	md = render_read(fixture_dir(STEADY), "hopper-tc", "md", out);   /* the power cap alone: no reasons */
	assert_non_null(strstr(md, "| board W: mma.sync, wgmma | nJ / point-step: mma.sync, wgmma |"));
	assert_null(strstr(md, "clock reasons"));
	free(md);
	md = render_read(fixture_dir(STEADY), "nongemm-figure6", "md", out);
	assert_non_null(strstr(md, "| 420, 430, 440, 450, 460 |"));
	free(md);
	md = render_read(fixture_dir(OLD), "tcs-table3", "md", out);
	assert_non_null(strstr(md, "| board W | nJ / point-step |"));
	assert_non_null(strstr(md, "\n" "power and energy: not recorded by this run (it predates them)\n"));
	free(md);
	render_fixture(OLD, "tcs-table3", out, &t);
	for (size_t r = 0; r < t.nrows; r++)
		assert_true(isnan(num(&t, r, "power_median_w")) && isnan(num(&t, r, "energy_nj_per_point_step")));
	csv_table_free(&t);
}

/* (c) the roofs' basis: sustained in the steady-state run (each ceiling under hopper-tc's roofs with
 * its clock, power and burst value), burst in an older one */
static void test_protocol_roofs(void **state)
{
	(void)state;
	const char *out = temp_dir();
	char want[512], path[1024], err[512];
	char *md = render_read(fixture_dir(STEADY), "hopper-tc", "md", out);
	snprintf(want, sizeof(want), "\n%s\n", sustained_line);
	assert_non_null(strstr(md, want));
	assert_null(strstr(md, burst_line));
	struct csv_table c;
	snprintf(path, sizeof(path), "%s/ceilings.csv", fixture_dir(STEADY));
	if (csv_table_read(path, &c, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	size_t seen = 0;
	for (size_t r = 0; r < c.nrows; r++) {
		snprintf(want, sizeof(want), " %s %.4g %s (sustained at %.0f MHz, %.0f W; burst %.4g)",
			 csv_table_get(&c, r, "quantity"), num(&c, r, "value"), csv_table_get(&c, r, "unit"),
			 num(&c, r, "sm_clock_mhz"), num(&c, r, "power_w"), num(&c, r, "burst_value"));
		seen += strstr(md, want) != NULL;
	}
	assert_true(seen >= 2);   /* the copy bandwidth and a tensor-core ceiling at least */
	csv_table_free(&c);
	free(md);
	md = render_read(fixture_dir(OLD), "tcs-table3", "md", out);
	snprintf(want, sizeof(want), "\n%s\n", burst_line);
	assert_non_null(strstr(md, want));
	assert_null(strstr(md, sustained_line));
	free(md);
}

/* (d) rows from two invocations whose sentences differ: "mixed protocols" and each sentence; the
 * NVML meaning of a throttled row in that run */
static void test_protocol_mixed(void **state)
{
	(void)state;
	const char *out = temp_dir();
	char path[1024], err[512], want[2048];
	struct csv_table run;
	snprintf(path, sizeof(path), "%s/tcs-table3.csv", fixture_dir(STEADY));
	if (csv_table_read(path, &run, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	char *a = meta_sentence(fixture_dir(STEADY), csv_table_get(&run, 0, "run_id"));
	char *b = meta_sentence(fixture_dir(STEADY), csv_table_get(&run, run.nrows - 1, "run_id"));
	assert_string_not_equal(a, b);   /* the fixture's precondition */
	char *md = render_read(fixture_dir(STEADY), "tcs-table3", "md", out);
	assert_non_null(strstr(md, "\nProtocol: mixed protocols"));
	snprintf(want, sizeof(want), "\nProtocol 1 of 2: %s\n", a);
	assert_non_null(strstr(md, want));
	snprintf(want, sizeof(want), "\nProtocol 2 of 2: %s\n", b);
	assert_non_null(strstr(md, want));
	assert_non_null(strstr(md, "carried an NVML thermal or hardware-slowdown clock-event reason"));
	assert_null(strstr(md, "below 75 %"));
	free(md);
	md = render_read(fixture_dir(STEADY), "hopper-tc", "md", out);   /* one invocation: not mixed */
	assert_null(strstr(md, "mixed protocols"));
	free(md);
	free(a), free(b);
	csv_table_free(&run);
}

void run_protocol_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_protocol_sentence),
		cmocka_unit_test(test_protocol_power),
		cmocka_unit_test(test_protocol_roofs),
		cmocka_unit_test(test_protocol_mixed),
	};
	RUN_GROUP(r, "protocol", tests);
}
