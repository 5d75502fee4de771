/*
 * stale.c - whether a run's numbers were measured by the code that renders them, computed,
 * never remembered: the files that set what a row measures (under kernels/ and profiling/, and the
 * model's data regimes, model/regime*) that differ between a run's commit and
 * the repository rendering it (its working tree: HEAD and any uncommitted change), asked of git once
 * per commit and rendering context, kept to the files that can touch the rows a target used (a
 * method's own kernel file, the method tables' kernel column, a header kernels/NAME-*.cuh beside
 * kernels/NAME.cu and the method table's own_files, only for that method's rows; a document, a .md,
 * for none; every other file for every row), and said
 * in the titles' words: "stale for kernels/x.cu (changed since C)", a count for a long list,
 * "staleness unknown (...)" where git or the commit is not there.
 * STENCIL_REPRO_STALE=off turns the check off and the titles say so (tests/golden.sh: pinned
 * outputs that must not follow the repository's future commits). The lowest file of the records
 * floor (records.h): it calls none of the others.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "method.h"
#include "records.h"
#include "workload.h"

/* the files that set what a row measures: the kernels, the runner, and the model's data regimes
 * (what a row's input and weights are: model/regime*.c) */
#define MEASURING_PATHS "kernels profiling 'model/regime*'"
/* a longer list of changed files is counted, not named */
#define MAX_NAMED 4
/* the distinct run commits one rendering context asks git about */
#define MAX_ENTRIES 32
/* the changed files one title weighs */
#define MAX_FILES 512
/* a row of a method in neither table (or of no known one): every kernel file touches it */
#define ANY_METHOD (1ULL << 63)

enum { ST_KNOWN = 1, ST_UNKNOWN, ST_NO_GIT };

struct rec_stale {
	int git;   /* 0 not asked yet, 1 the repository answers, -1 it does not */
	struct {
		char commit[48];
		int state;
		char *files;   /* the changed files, one a line (ST_KNOWN) */
	} e[MAX_ENTRIES];
	size_t n;
};

void rec_stale_free(struct run_ctx *c)
{
	for (size_t k = 0; c->stale && k < c->stale->n; k++)
		free(c->stale->e[k].files);
	free(c->stale);
	c->stale = NULL;
}

/* ---- the methods of the rows a target used ---- */

static unsigned long long method_bit(const char *method)
{
	char name[64];
	snprintf(name, sizeof(name), "%.*s", (int)strcspn(method, ":"), method);
	for (size_t i = 0; i < model_method_count && i < 32; i++)
		if (!strcmp(model_methods[i].name, name))
			return 1ULL << i;
	for (size_t i = 0; i < workload_method_rows && i < 31; i++)
		if (!strcmp(workload_methods[i].name, name))
			return 1ULL << (32 + i);
	return ANY_METHOD;
}

void rec_stale_note_row(struct run_ctx *c, const struct csv_table *t, size_t r)
{
	const char *m = csv_table_get(t, r, "method");
	if (m && *m)
		c->methods_used |= method_bit(m);
}

/* whether file f is a method's own: its kernel file, or a header beside it that carries its name
 * (kernels/ebisu.cu owns kernels/ebisu-grid.cuh) */
static int owns(const char *kernel, const char *f)
{
	if (!kernel)
		return 0;
	if (!strcmp(kernel, f))
		return 1;
	const char *dot = strrchr(kernel, '.');
	const size_t stem = dot ? (size_t)(dot - kernel) : strlen(kernel), n = strlen(f);
	return n > stem + 5 && !strncmp(f, kernel, stem) && f[stem] == '-' && !strcmp(f + n - 4, ".cuh");
}

/* whether f is one of the method table's own_files of a method (a space-separated list) */
static int listed(const char *files, const char *f)
{
	const size_t n = strlen(f);
	for (const char *p = files; p && *p; p += strcspn(p, " "), p += strspn(p, " "))
		if (strcspn(p, " ") == n && !strncmp(p, f, n))
			return 1;
	return 0;
}

/* whether a change to file f can touch rows of the methods used: a method's own files (its kernel
 * file, the headers beside it, the table's own_files) only its rows, a document (kernels/NOTES.md,
 * a .md) none, any other file every row */
static int touches(const char *f, unsigned long long used)
{
	const size_t k = strlen(f);
	if (k > 3 && !strcmp(f + k - 3, ".md"))
		return 0;
	int owned = 0, hit = (used & ANY_METHOD) != 0;
	for (size_t i = 0; i < model_method_count && i < 32; i++)
		if (owns(model_methods[i].kernel, f) || listed(model_methods[i].own_files, f))
			owned = 1, hit |= (used >> i) & 1;
	for (size_t i = 0; i < workload_method_rows && i < 31; i++)
		if (owns(workload_methods[i].kernel, f))
			owned = 1, hit |= (used >> (32 + i)) & 1;
	return !owned || hit;
}

/* ---- git, asked once per commit ---- */

/* git -C repo ARGS: its exit status, its standard output appended to *out (when out) */
static int git(const char *repo, const char *args, char **out)
{
	char cmd[1200], buf[4096];
	if (strchr(repo, '\''))
		return -1;
	snprintf(cmd, sizeof(cmd), "git -C '%s' %s 2>/dev/null", repo, args);
	FILE *p = popen(cmd, "r");
	if (!p)
		return -1;
	size_t used = out && *out ? strlen(*out) : 0;
	for (size_t n; (n = fread(buf, 1, sizeof(buf), p)) > 0;) {
		char *grown = out ? realloc(*out, used + n + 1) : NULL;
		if (!grown)
			continue;
		memcpy(grown + used, buf, n);
		used += n;
		grown[used] = '\0';
		*out = grown;
	}
	const int st = pclose(p);
	return st == -1 ? -1 : WEXITSTATUS(st);
}

/* a commit as git may be asked about it: 4 to 40 hex digits */
static int is_commit(const char *s)
{
	const size_t n = strspn(s, "0123456789abcdefABCDEF");
	return n >= 4 && n <= 40 && !s[n];
}

static int ask(struct run_ctx *c, const char *commit, char **files)
{
	char args[256];
	const char *repo = c->repo[0] ? c->repo : c->root;
	if (!c->stale->git)
		c->stale->git = git(repo, "rev-parse --is-inside-work-tree", NULL) == 0 ? 1 : -1;
	if (c->stale->git < 0)
		return ST_NO_GIT;
	snprintf(args, sizeof(args), "rev-parse -q --verify '%s^{commit}'", commit);
	if (!is_commit(commit) || git(repo, args, NULL) != 0)
		return ST_UNKNOWN;
	snprintf(args, sizeof(args), "diff --name-only '%s' -- " MEASURING_PATHS, commit);
	if (git(repo, args, files) != 0 ||
	    git(repo, "ls-files --others --exclude-standard -- " MEASURING_PATHS, files) != 0)
		return ST_NO_GIT;
	return ST_KNOWN;
}

/* the cached answer for commit (asked now when new); NULL without memory */
static const struct rec_stale *lookup(struct run_ctx *c, const char *commit, size_t *at)
{
	if (!c->stale && !(c->stale = calloc(1, sizeof(*c->stale))))
		return NULL;
	struct rec_stale *s = c->stale;
	for (*at = 0; *at < s->n; (*at)++)
		if (!strcmp(s->e[*at].commit, commit))
			return s;
	if (s->n == MAX_ENTRIES)
		return NULL;
	snprintf(s->e[s->n].commit, sizeof(s->e[0].commit), "%s", commit);
	s->e[s->n].state = ask(c, commit, &s->e[s->n].files);
	*at = s->n++;
	return s;
}

/* ---- in words ---- */

struct weighed {
	char files[MAX_FILES][128];
	size_t nfiles, total;   /* named (at most MAX_FILES), and all the distinct ones */
	int kernels, profiling, model;
	char since[256], unknown[256], no_git[256];
};

static void add_commit(char *list, size_t len, const char *commit)
{
	char s[16];
	snprintf(s, sizeof(s), "%.7s", commit);
	if (!strstr(list, s))
		snprintf(list + strlen(list), len - strlen(list), "%s%s", list[0] ? ", " : "", s);
}

static void weigh_files(struct weighed *w, const char *files, unsigned long long used, const char *commit)
{
	int any = 0;
	for (const char *f = files ? files : ""; *f;) {
		const size_t n = strcspn(f, "\n");
		char name[128];
		snprintf(name, sizeof(name), "%.*s", (int)n, f);
		f += n + (f[n] == '\n');
		if (!name[0] || !touches(name, used))
			continue;
		any = 1;
		size_t k = 0;
		while (k < w->nfiles && strcmp(w->files[k], name))
			k++;
		if (k < w->nfiles)
			continue;
		w->total++;
		w->kernels |= !strncmp(name, "kernels/", 8);
		w->profiling |= !strncmp(name, "profiling/", 10);
		w->model |= !strncmp(name, "model/", 6);
		if (w->nfiles < MAX_FILES)
			snprintf(w->files[w->nfiles++], sizeof(w->files[0]), "%s", name);
	}
	if (any)
		add_commit(w->since, sizeof(w->since), commit);
}

static void say_stale(const struct weighed *w, char *out, size_t len)
{
	size_t k = strlen(out);
	if (!w->total)
		return;
	if (w->total > MAX_NAMED) {
		char where[64] = "";
		const char *dirs[] = { w->kernels ? "kernels/" : NULL, w->profiling ? "profiling/" : NULL,
				       w->model ? "model/" : NULL };
		for (size_t i = 0, m = 0; i < NELEM(dirs); i++)
			if (dirs[i])
				snprintf(where + strlen(where), sizeof(where) - strlen(where), "%s%s",
					 m++ ? " and " : "", dirs[i]);
		snprintf(out + k, len - k, "%sstale for %zu files under %s changed since %s", k ? ", " : "", w->total,
			 where, w->since);
		return;
	}
	k += (size_t)snprintf(out + k, len - k, "%sstale for ", k ? ", " : "");
	for (size_t i = 0; i < w->nfiles && k < len; i++)
		k += (size_t)snprintf(out + k, len - k, "%s%s", i ? ", " : "", w->files[i]);
	if (k < len)
		snprintf(out + k, len - k, " (changed since %s)", w->since);
}

void rec_stale_text(struct run_ctx *c, const char (*commits)[48], size_t n, unsigned long long used, char *out, size_t len)
{
	const char *off = getenv("STENCIL_REPRO_STALE");
	out[0] = '\0';
	if (!c->rundir[0])
		return;
	if (off && !strcmp(off, "off")) {
		snprintf(out, len, "staleness not checked (STENCIL_REPRO_STALE=off)");
		return;
	}
	if (!n) {
		snprintf(out, len, "staleness unknown (the run records no commit)");
		return;
	}
	struct weighed *w = calloc(1, sizeof(*w));
	for (size_t i = 0; w && i < n; i++) {
		size_t at = 0;
		const struct rec_stale *s = lookup(c, commits[i], &at);
		const int st = s ? s->e[at].state : ST_NO_GIT;
		if (st == ST_KNOWN)
			weigh_files(w, s->e[at].files, used, commits[i]);
		else
			add_commit(st == ST_UNKNOWN ? w->unknown : w->no_git, sizeof(w->unknown), commits[i]);
	}
	if (!w) {
		snprintf(out, len, "staleness unknown (out of memory)");
		return;
	}
	say_stale(w, out, len);
	size_t k = strlen(out);
	if (w->unknown[0])
		k += (size_t)snprintf(out + k, len - k, "%sstaleness unknown (commit%s %s not in this repository)",
				      k ? ", " : "", strchr(w->unknown, ',') ? "s" : "", w->unknown);
	if (w->no_git[0] && k < len)
		snprintf(out + k, len - k, "%sstaleness unknown (no git repository here to look up commit%s %s)",
			 k ? ", " : "", strchr(w->no_git, ',') ? "s" : "", w->no_git);
	free(w);
}

/* render.h */
void rec_staleness(struct run_ctx *c, char *out, size_t len)
{
	char (*commits)[48] = calloc(c->nmeta ? c->nmeta : 1, sizeof(*commits));
	size_t n = 0;
	for (size_t k = 0; commits && k < c->nmeta; k++) {
		size_t j = 0;
		while (j < n && strcmp(commits[j], c->meta[k].commit))
			j++;
		if (c->meta[k].commit[0] && j == n)
			snprintf(commits[n++], sizeof(commits[0]), "%s", c->meta[k].commit);
	}
	rec_stale_text(c, (const char (*)[48])commits, n, ~0ULL, out, len);
	free(commits);
}
