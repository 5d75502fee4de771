/*
 * test_docs.c - the documents agree with the data by construction: the registry of runs
 * (data/runs/runs.csv, plots/records/registry.h) holds to data/runs/, REFERENCE and each meta.csv, and its
 * check fails on a registry that does not; README.md, REPRODUCE.md and CONTRIBUTING.md name no run
 * outside their rendered and generated sections (a marker may name a working run, never a
 * superseded one or the reference), type no count or time a run would say, and keep within their
 * size budgets (bytes outside the sections: 8 KB, 30 KB and 12 KB); the run sections generate from
 * the registry; no document bolds "the reference run" for a run REFERENCE does not name; the
 * appendix counts every claim once.
 */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "csvio.h"
#include "registry.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	const long n = ftell(f);
	rewind(f);
	char *s = malloc((size_t)n + 1);
	assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
	s[n] = '\0';
	fclose(f);
	return s;
}

/* text with the bodies of its rendered and generated sections cut out (the marker lines kept) */
static char *outside_sections(const char *text)
{
	char *out = malloc(strlen(text) + 1), *o = out;
	int in = 0;
	for (const char *l = text; *l;) {
		const char *e = strchr(l, '\n');
		const size_t k = e ? (size_t)(e - l + 1) : strlen(l);
		if (!strncmp(l, "<!-- end rendered -->", 21) || !strncmp(l, "<!-- end generated -->", 22))
			in = 0;
		if (!in) {
			memcpy(o, l, k);
			o += k;
		}
		if (!strncmp(l, "<!-- rendered: ", 15) || !strncmp(l, "<!-- generated: ", 16))
			in = 1;
		l += k;
	}
	*o = '\0';
	return out;
}

/* the first count or time a run would say, typed in text ("38 configurations", "25 minutes"):
 * a number followed by one of the words; NULL when there is none */
static const char *typed_count(const char *text, char *what, size_t len)
{
	static const char *const words[] = { "configurations", "rows", "claims", "verdicts", "minutes", "min ", NULL };
	for (const char *p = text; *p; p++) {
		if (!isdigit((unsigned char)*p) || (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '.')))
			continue;
		const char *q = p;
		while (isdigit((unsigned char)*q) || *q == ',' || *q == '.')
			q++;
		if (*q != ' ')
			continue;
		for (int w = 0; words[w]; w++)
			if (!strncmp(q + 1, words[w], strlen(words[w]))) {
				snprintf(what, len, "%.*s %s", (int)(q - p), p, words[w]);
				return p;
			}
	}
	return NULL;
}

/* In a generated block (a list kept as data: <!-- generated: NAME -->), the first sentence that
 * types a measurement: a decimal number in a sentence that speaks of an H200, the reference or
 * this GPU (a run's numbers are rendered from the run, never kept in a list's prose). The sentence,
 * up to len - 1 characters, in what; NULL when there is none. */
static const char *typed_measurement(const char *text, char *what, size_t len)
{
	static const char *const words[] = { "H200", "the reference", "this GPU", NULL };
	for (const char *blk = strstr(text, "<!-- generated: "); blk; blk = strstr(blk + 1, "<!-- generated: ")) {
		const char *end = strstr(blk, "<!-- end generated -->");
		for (const char *s = blk; end && s < end;) {   /* sentences end at ". ", "; " or a cell's "|" */
			const char *e = s;
			while (e < end && !((*e == '.' || *e == ';') && isspace((unsigned char)e[1])) && *e != '|')
				e++;
			int speaks = 0, number = 0;
			for (int w = 0; words[w]; w++) {
				const char *hit = strstr(s, words[w]);
				speaks |= hit && hit < e;
			}
			for (const char *p = s; p + 2 < e; p++)
				number |= isdigit((unsigned char)p[0]) && p[1] == '.' && isdigit((unsigned char)p[2]) &&
					  (p == s || (!isalnum((unsigned char)p[-1]) && p[-1] != '.'));
			if (speaks && number) {
				snprintf(what, len, "%.*s", (int)(e - s), s);
				return s;
			}
			s = e + 1;
		}
	}
	return NULL;
}

/* the registry of this tree holds, and every run it names present is a directory */
static void test_registry_holds(void **state)
{
	(void)state;
	char err[1024], root[1024];
	snprintf(root, sizeof(root), "%s", repo_path("."));
	if (registry_check(root, NULL, err, sizeof(err)) != 0)
		fail_msg("%s", err);
}

/* a scratch root with REFERENCE naming run a, runs a and b (each a meta.csv of commit abcdef1),
 * and the registry text given */
static const char *scratch_root(const char *registry)
{
	const char *root = temp_dir();
	char p[1200];
	static const char meta[] = "run_id,tool,date_utc,gpu_name,gpu_uuid,git_commit,git_dirty\n"
				   "20261127T100000Z-1,stencilbench run,2026-11-27T10:01:40Z,NVIDIA H200,GPU-1,"
				   "abcdef1234,no\n";
	snprintf(p, sizeof(p), "%s/data", root);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/data/runs", root);
	mkdir(p, 0755);
	for (const char *r = "ab"; *r; r++) {
		snprintf(p, sizeof(p), "%s/data/runs/%c", root, *r);
		mkdir(p, 0755);
		snprintf(p, sizeof(p), "%s/data/runs/%c/meta.csv", root, *r);
		put_file(p, meta);
	}
	snprintf(p, sizeof(p), "%s/data/runs/REFERENCE", root);
	put_file(p, "a\n");
	snprintf(p, sizeof(p), "%s/data/runs/runs.csv", root);
	put_file(p, registry);
	return root;
}

/* the check fails, naming the fault, on each way a registry can disagree with the tree */
static void test_registry_check_fails(void **state)
{
	(void)state;
	static const char head[] = "run,role,full,commit,held_at,purpose\n";
	static const struct {
		const char *rows, *says;
	} cases[] = {
		{ "a,reference,no,abcdef1,,x\nb,working,no,abcdef1,,y\n", NULL },
		{ "a,reference,no,abcdef1,,x\n", "data/runs/b is not in the registry" },
		{ "a,reference,no,abcdef1,,x\nb,superseded,no,abcdef1,1234567,y\n", "its row says superseded" },
		{ "a,working,no,abcdef1,,x\nb,reference,no,abcdef1,,y\n", "REFERENCE names a" },
		{ "a,reference,no,abcdef1,,x\nb,working,no,1234567,,y\n", "commit 1234567, but its meta.csv says abcdef1" },
		{ "a,reference,no,abcdef1,,x\nb,working,no,abcdef1,,y\nc,working,no,abcdef1,,z\n",
		  "run 'c' is working but not under data/runs/" },
		{ "a,reference,no,abcdef1,,x\nb,working,no,abcdef1,,y\nc,superseded,no,abcdef1,,z\n",
		  "names the commit that holds it" },
		{ "a,reference,no,abcdef1,,x\nb,working,maybe,abcdef1,,y\n", "full: not yes or no" },
		{ "a,reference,no,abcdef1,,x\nb,working,no,abcdef1,,\n", "purpose: empty" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char text[1024], err[1024];
		snprintf(text, sizeof(text), "%s%s", head, cases[i].rows);
		const int rc = registry_check(scratch_root(text), NULL, err, sizeof(err));
		if (!cases[i].says && rc != 0)
			fail_msg("case %zu: a good registry refused: %s", i, err);
		if (cases[i].says && (rc == 0 || !strstr(err, cases[i].says)))
			fail_msg("case %zu: wanted '%s', got %s", i, cases[i].says, rc == 0 ? "no error" : err);
	}
}

/* each marker names no run, or a working run the registry keeps under data/runs/ */
static void check_markers(const char *doc, const char *text, const struct csv_table *reg)
{
	for (const char *m = strstr(text, "<!-- rendered: "); m; m = strstr(m + 1, "<!-- rendered: ")) {
		char target[64] = "", run[128] = "";
		if (sscanf(m, "<!-- rendered: %63s %127s", target, run) < 1)
			fail_msg("%s: a marker that does not read: %.40s", doc, m);
		if (!strcmp(run, "-->"))
			continue;
		int ok = 0;
		for (size_t r = 0; r < reg->nrows; r++)
			ok |= !strcmp(csv_table_get(reg, r, "run"), run) && !strcmp(csv_table_get(reg, r, "role"), "working");
		if (!ok)
			fail_msg("%s: the marker of %s names run %s, not a working run under data/runs/ (a marker without a "
				 "run renders the reference)", doc, target, run);
	}
}

/* README.md, REPRODUCE.md and CONTRIBUTING.md: no run named and no count typed outside the
 * sections, the markers as above, the size budgets: the hand-written text's and (README.md, read
 * first) the whole file's */
static void test_documents(void **state)
{
	(void)state;
	static const struct {
		const char *doc;
		size_t budget, whole;
	} docs[] = { { "README.md", 6144, 10240 }, { "REPRODUCE.md", 30720, 0 }, { "CONTRIBUTING.md", 14336, 0 } };
	struct csv_table reg;
	char err[1024], what[128], root[1024];
	snprintf(root, sizeof(root), "%s", repo_path("."));
	if (registry_read(root, &reg, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	for (size_t d = 0; d < sizeof(docs) / sizeof(docs[0]); d++) {
		char *text = slurp(repo_path(docs[d].doc)), *out = outside_sections(text);
		for (size_t r = 0; r < reg.nrows; r++) {   /* marker lines may name a working run */
			const char *run = csv_table_get(&reg, r, "run");
			for (const char *hit = strstr(out, run); hit; hit = strstr(hit + 1, run)) {
				const char *bol = hit;
				while (bol > out && bol[-1] != '\n')
					bol--;
				if (strncmp(bol, "<!-- rendered: ", 15))
					fail_msg("%s names run %s outside its rendered sections (say \"the reference run\"; "
						 "the past is data/runs/HISTORY.md's)", docs[d].doc, run);
			}
		}
		const char *typed = typed_count(out, what, sizeof(what));
		if (typed)
			fail_msg("%s types '%s' outside its rendered sections: a run says it (render it)", docs[d].doc, what);
		char sentence[512];
		if (typed_measurement(text, sentence, sizeof(sentence)))
			fail_msg("%s: a generated block types a measurement (its source keeps prose, a run renders "
				 "numbers): '%s'", docs[d].doc, sentence);
		check_markers(docs[d].doc, text, &reg);
		if (strlen(out) > docs[d].budget)
			fail_msg("%s: %zu bytes outside its rendered and generated sections, over its budget of %zu",
				 docs[d].doc, strlen(out), docs[d].budget);
		if (docs[d].whole && strlen(text) > docs[d].whole)
			fail_msg("%s: %zu bytes, over its budget of %zu", docs[d].doc, strlen(text), docs[d].whole);
		free(out);
		free(text);
	}
	csv_table_free(&reg);
}

/* the checks above fail where they should: a typed count, a run's name, an old run's marker */
static void test_documents_check_fails(void **state)
{
	(void)state;
	char what[128];
	char *o = outside_sections("smoke holds 38 configurations.\n<!-- rendered: x -->\n| 12 rows |\n"
				   "<!-- end rendered -->\ntook 25 minutes\n");
	assert_non_null(typed_count(o, what, sizeof(what)));
	assert_string_equal(what, "38 configurations");
	assert_null(strstr(o, "12 rows"));   /* a section's body is the renderer's */
	assert_non_null(typed_count(strstr(o, "took"), what, sizeof(what)));
	assert_string_equal(what, "25 minutes");
	assert_null(typed_count("sm_80 and sm_90; a 1-s warm-up; 10 samples at least", what, sizeof(what)));
	free(o);
	/* a measured value typed into a generated list's prose, beside the paper's own numbers */
	char s[256];
	const char *g = "<!-- generated: contradictions -->\n6. The paper prints 3.06x (Table 4). On the reference H200 "
			"the ratio is 1.43 and the measurement 1.44; the verdict judges it.\n<!-- end generated -->\n";
	assert_non_null(typed_measurement(g, s, sizeof(s)));
	assert_non_null(strstr(s, "1.43"));
	assert_null(typed_measurement("<!-- generated: x -->\nThe paper measured 1.57x on an A100. On an H200 the "
				      "ceilings bound it.\n<!-- end generated -->\n", s, sizeof(s)));
	assert_null(typed_measurement("On the reference H200 it is 1.43 (outside a block).", s, sizeof(s)));
}

/* README.md opens with the answers: which claims hold (rendered from the reference), how long a
 * reproduction takes (generated from the registry), then the two commands */
static void test_readme_opening(void **state)
{
	(void)state;
	char *text = slurp(repo_path("README.md"));
	const char *tally = strstr(text, "<!-- rendered: verdict-tally -->"),
		   *time = strstr(text, "<!-- generated: reproduce-time -->"), *cmds = strstr(text, "make table2\nmake test\n");
	assert_non_null(tally);
	assert_non_null(time);
	assert_non_null(cmds);
	assert_true(tally < time && time < cmds);
	const char *h1 = strstr(text, "\n## "), *h2 = h1 ? strstr(h1 + 1, "\n## ") : NULL;
	assert_true(h1 && h1 < tally && h2 && h2 > tally);   /* the first section holds the tally */
	free(text);
}

/* whether [a, b) holds w, in any case */
static int span_holds(const char *a, const char *b, const char *w)
{
	for (const size_t n = strlen(w); a + n <= b; a++)
		if (!strncasecmp(a, w, n))
			return 1;
	return 0;
}

/* the run of the registry that a bolded "reference run" names (in the bold span, or before it on
 * its line: a list item's run) when it is not ref, else NULL: in bold, "the reference run" is the
 * one data/runs/REFERENCE names; a past reference is said to be the reference then */
static const char *bold_reference(const char *text, const char *ref, const struct csv_table *reg)
{
	for (const char *b = strstr(text, "**"), *e; b && (e = strstr(b + 2, "**")); b = strstr(e + 2, "**")) {
		const char *bol = b;
		while (bol > text && bol[-1] != '\n')
			bol--;
		for (size_t r = 0; r < reg->nrows && span_holds(b, e, "reference run"); r++) {
			const char *run = csv_table_get(reg, r, "run");
			if (strcmp(run, ref) && span_holds(bol, e, run))
				return run;
		}
	}
	return NULL;
}

/* no document bolds "the reference run" beside a run REFERENCE does not name; the check fails on
 * a past reference so bolded */
static void test_bold_reference(void **state)
{
	(void)state;
	static const char *const docs[] = { "README.md", "REPRODUCE.md", "data/runs/HISTORY.md", "kernels/NOTES.md" };
	struct csv_table reg;
	char err[1024], ref[256] = "", bad[512];
	if (registry_read(repo_path("."), &reg, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(sscanf(read_text(repo_path("data/runs/REFERENCE")), "%255s", ref), 1);
	for (size_t d = 0; d < sizeof(docs) / sizeof(docs[0]); d++) {
		char *text = slurp(repo_path(docs[d]));
		const char *run = bold_reference(text, ref, &reg);
		if (run)
			fail_msg("%s bolds \"the reference run\" for %s; data/runs/REFERENCE names %s (say it was the "
				 "reference then)", docs[d], run, ref);
		free(text);
	}
	const char *old = NULL;
	for (size_t r = 0; r < reg.nrows && !old; r++)
		if (!strcmp(csv_table_get(&reg, r, "role"), "superseded"))
			old = csv_table_get(&reg, r, "run");
	assert_non_null(old);
	snprintf(bad, sizeof(bad), "- `%s`, **the reference run**: commit\n", old);
	assert_string_equal(bold_reference(bad, ref, &reg), old);
	snprintf(bad, sizeof(bad), "**The reference run `%s`** (commit\n", old);
	assert_string_equal(bold_reference(bad, ref, &reg), old);
	snprintf(bad, sizeof(bad), "**The reference run `%s`** and **`%s`**, the reference then\n", ref, old);
	assert_null(bold_reference(bad, ref, &reg));
	csv_table_free(&reg);
}

/* the appendix of the reference run counts every claim exactly once, each under one target (the
 * power roofline's claim under it, not under tcs Table 3, whose list it also reads) */
static void test_appendix_counts(void **state)
{
	(void)state;
	char ref[256] = "", rundir[600], path[700], out[512], err[2048];
	assert_int_equal(sscanf(read_text(repo_path("data/runs/REFERENCE")), "%255s", ref), 1);
	snprintf(rundir, sizeof(rundir), "%s/data/runs/%s", repo_path("."), ref);
	const char *dir = temp_dir();
	const char *args[] = { "appendix", "--run", rundir, "--outdir", dir, "--root", repo_path("."), NULL };
	assert_int_equal(run_tool("stencil-render", args, out, sizeof(out), err, sizeof(err)), 0);
	struct csv_table v;
	snprintf(path, sizeof(path), "%s/verdicts.csv", dir);
	if (csv_table_read(path, &v, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	snprintf(path, sizeof(path), "%s/appendix.md", dir);
	char *md = slurp(path);
	size_t total = 0;
	int power = 0;
	for (const char *l = md; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *last = NULL;
		for (const char *p = l; *p && *p != '\n'; p++)   /* the last cell: "N: ..." or "none" */
			if (*p == '|' && p[1] == ' ' && p[2] && p[2] != '\n')
				last = p + 2;
		unsigned n = 0;
		if (*l == '|' && last && sscanf(last, "%u:", &n) == 1) {
			total += n;
			power |= !strncmp(l, "| `make power-roofline`", 23);
		}
	}
	assert_int_equal(total, v.nrows);
	assert_true(power);
	/* configurations, not rows: the reference measured each twice, table2's list holds 10 */
	unsigned table2 = 0;
	const char *t2 = strstr(md, "| `make table2` |");
	assert_non_null(t2);
	assert_int_equal(sscanf(strchr(strchr(t2 + 2, '|') + 1, '|') + 1, " %u |", &table2), 1);
	assert_int_equal(table2, 10);
	csv_table_free(&v);
	free(md);
}

/* the time table's phases add up to each row's whole: ceilings plus the lists, to the second */
static void test_reproduce_time_phases(void **state)
{
	(void)state;
	char out[8192], err[1024];
	const char *args[] = { "reproduce-time", "--root", repo_path("."), NULL };
	assert_int_equal(run_tool("stencil-page", args, out, sizeof(out), err, sizeof(err)), 0);
	int rows = 0;
	for (const char *l = strstr(out, "\n|---"); l && (l = strchr(l + 1, '\n')) && l[1] == '|';) {
		double min, whole, ceil, lists;
		if (sscanf(strchr(l + 2, '|') + 1, " %lf min (%lf s) | %lf | %lf |", &min, &whole, &ceil, &lists) != 4)
			continue;   /* an NA row */
		if (fabs(whole - ceil - lists) > 1.0)
			fail_msg("reproduce-time: %.0f s whole, %.0f s of ceilings and %.0f s of lists do not add up", whole,
				 ceil, lists);
		rows++;
	}
	assert_true(rows > 0);
}

void run_docs_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registry_holds),
		cmocka_unit_test(test_readme_opening),
		cmocka_unit_test(test_reproduce_time_phases),
		cmocka_unit_test(test_registry_check_fails),
		cmocka_unit_test(test_documents),
		cmocka_unit_test(test_documents_check_fails),
		cmocka_unit_test(test_bold_reference),
		cmocka_unit_test(test_appendix_counts),
	};
	RUN_GROUP(r, "docs", tests);
}
