/*
 * targets.c - the table of targets, experiments/targets.csv: its reader (every row, the renderer's
 * and the model-only ones, with their aliases and outputs) and the Makefile's view of it,
 * build/targets.mk, which `stencil-render targets-mk` prints (render_targets_mk): the target lists
 * (EXPERIMENTS, REPRODUCED, FIGURES, TABLES, VERDICTS, CLAIM_INPUTS, RENDERED_TARGETS, MODEL_TARGETS,
 * MODEL_RUN_TARGETS, MODEL_OUTPUTS, ALIASES), each target's NOCOUNTERS_, EXTRA_OUT_, INPUTS_ and
 * OUTPUTS_ variables, ORIGINAL_L for each list its original column asks for, NOCOUNTERS_L for a
 * list that is no target's own and whose readers all measure without counters, each alias's
 * ALIAS_OF_, and one help line a target and an alias for make help. The verdicts' inputs
 * (inputs "claims") are those data/paper/claims.csv names, in order, less those of a target make
 * reproduce does not make (the harness's own study: its claims read it where the run holds it).
 * See render.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render-int.h"

int render_target_is_model(const struct target_spec *ts)
{
	return !strcmp(ts->kind, "model");
}

/* a target's or an alias's name: [a-z0-9-], starting with a letter */
static int name_ok(const char *s)
{
	if (!(*s >= 'a' && *s <= 'z'))
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
			return 0;
	return 1;
}

/* a cell into a field of len bytes: 0, or -1 when it does not fit */
static int take(char *dst, size_t len, const struct csv_table *t, size_t r, const char *col)
{
	const char *v = csv_table_get(t, r, col);
	snprintf(dst, len, "%s", v ? v : "");
	return v && strlen(v) >= len ? -1 : 0;
}

int render_targets_read(const char *root, struct target_spec *ts, size_t max, size_t *n, char *err, size_t errlen)
{
	static const char *const need[] = { "target", "paper", "kind", "renderer", "inputs", "counters", "reproduce",
					    "extra", "original", "title", "note", "help", "compare_keys",
					    "compare_values", "alias", "outputs", NULL };
	static const char *const kinds[] = { "table", "figure", "verdicts", "model", NULL };
	struct csv_table t;
	char path[1024];
	*n = 0;
	snprintf(path, sizeof(path), "%s/experiments/targets.csv", root && *root ? root : ".");
	if (csv_table_read_need(path, &t, need, err, errlen) != 0)
		return -1;
	if (t.nrows > max) {
		snprintf(err, errlen, "%s: more than %zu targets", path, max);
		csv_table_free(&t);
		return -1;
	}
	for (size_t r = 0; r < t.nrows; r++) {
		struct target_spec *s = &ts[r];
		memset(s, 0, sizeof(*s));
		const int longer = take(s->name, sizeof(s->name), &t, r, "target") |
			take(s->paper, sizeof(s->paper), &t, r, "paper") |
			take(s->kind, sizeof(s->kind), &t, r, "kind") |
			take(s->renderer, sizeof(s->renderer), &t, r, "renderer") |
			take(s->inputs, sizeof(s->inputs), &t, r, "inputs") |
			take(s->counters, sizeof(s->counters), &t, r, "counters") |
			take(s->reproduce, sizeof(s->reproduce), &t, r, "reproduce") |
			take(s->extra, sizeof(s->extra), &t, r, "extra") |
			take(s->original, sizeof(s->original), &t, r, "original") |
			take(s->title, sizeof(s->title), &t, r, "title") |
			take(s->note, sizeof(s->note), &t, r, "note") |
			take(s->help, sizeof(s->help), &t, r, "help") |
			take(s->compare_keys, sizeof(s->compare_keys), &t, r, "compare_keys") |
			take(s->compare_values, sizeof(s->compare_values), &t, r, "compare_values") |
			take(s->alias, sizeof(s->alias), &t, r, "alias") |
			take(s->outputs, sizeof(s->outputs), &t, r, "outputs");
		size_t k = 0;
		while (kinds[k] && strcmp(kinds[k], s->kind))
			k++;
		const char *bad = longer ? "a column is too long (title 159, inputs 127, note 767, help 159, "
					   "outputs 255, compare 127 and 255 characters at most)"
			: !name_ok(s->name) ? "the name is not of [a-z0-9-]"
			: !kinds[k] ? "the kind is none of table, figure, verdicts, model"
			: s->alias[0] && !name_ok(s->alias) ? "the alias is not of [a-z0-9-]"
			: render_target_is_model(s) && !s->outputs[0] ? "a model target names no outputs"
			: !render_target_is_model(s) && s->outputs[0] ? "only a model target names its outputs"
			: NULL;
		for (size_t q = 0; !bad && q < r; q++)
			if (!strcmp(ts[q].name, s->name) || !strcmp(ts[q].name, s->alias) ||
			    (ts[q].alias[0] && (!strcmp(ts[q].alias, s->name) || !strcmp(ts[q].alias, s->alias))))
				bad = "a name or alias given twice";
		if (bad) {
			snprintf(err, errlen, "%s:%ld: target '%s': %s", path, t.lines[r], s->name, bad);
			csv_table_free(&t);
			return -1;
		}
	}
	*n = t.nrows;
	csv_table_free(&t);
	return 0;
}

/* ---- build/targets.mk ---- */

int words_has(const struct words *l, const char *w)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->w[i], w))
			return 1;
	return 0;
}

static void words_add(struct words *l, const char *w)
{
	if (*w && !words_has(l, w) && l->n < NELEM(l->w))
		snprintf(l->w[l->n++], sizeof(l->w[0]), "%s", w);
}

static void words_del(struct words *l, const char *w)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->w[i], w)) {
			memmove(&l->w[i], &l->w[i + 1], (l->n - i - 1) * sizeof(l->w[0]));
			l->n--;
			return;
		}
}

/* the words of a space-separated string, appended */
void words_split(struct words *l, const char *s)
{
	char buf[1024], *save = NULL;
	snprintf(buf, sizeof(buf), "%s", s);
	for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
		words_add(l, w);
}

/* whether name is a target make reproduce does not make (reproduce no: one made on its own, such as
 * the harness's own study) */
static int own_target(const struct target_spec *ts, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(ts[i].name, name))
			return strcmp(ts[i].reproduce, "yes") != 0;
	return 0;
}

/* the lists the claims read, in the order data/paper/claims.csv names them, less those of a target
 * made on its own (own_target): make verdicts neither measures them nor chooses its run by them,
 * and their claims judge them where the run it renders holds them (else: not measured); into all,
 * every target they read (CLAIM_INPUTS: what make verdicts GPUS= measures) */
static int claims_inputs(const char *root, const struct target_spec *ts, size_t n, struct words *l,
			 struct words *all, char *err, size_t errlen)
{
	static const char *const need[] = { "inputs", NULL };
	struct csv_table t;
	char path[1024];
	snprintf(path, sizeof(path), "%s/data/paper/claims.csv", root && *root ? root : ".");
	if (csv_table_read_need(path, &t, need, err, errlen) != 0)
		return -1;
	struct words *in = calloc(1, sizeof(*in));
	for (size_t r = 0; in && r < t.nrows; r++) {
		in->n = 0;
		words_split(in, csv_table_get(&t, r, "inputs"));
		for (size_t k = 0; k < in->n; k++) {
			if (!own_target(ts, n, in->w[k]))
				words_add(l, in->w[k]);
			words_add(all, in->w[k]);
		}
	}
	free(in);
	csv_table_free(&t);
	return 0;
}

/* "NAME :=" and the targets of ts that sel picks, on one line */
static void put_list(FILE *f, const char *name, const struct target_spec *ts, size_t n,
		     int (*sel)(const struct target_spec *))
{
	fprintf(f, "%s :=", name);
	for (size_t i = 0; i < n; i++)
		if (sel(&ts[i]))
			fprintf(f, " %s", ts[i].name);
	fputc('\n', f);
}

static int is_model(const struct target_spec *t) { return render_target_is_model(t); }
static int is_rendered(const struct target_spec *t) { return !is_model(t); }
static int is_experiment(const struct target_spec *t) { return is_rendered(t) && strcmp(t->kind, "verdicts"); }
static int is_reproduced(const struct target_spec *t) { return is_experiment(t) && !strcmp(t->reproduce, "yes"); }
static int is_figure(const struct target_spec *t) { return !strcmp(t->kind, "figure"); }
static int is_table(const struct target_spec *t) { return is_rendered(t) && !is_figure(t); }
static int is_verdicts(const struct target_spec *t) { return !strcmp(t->kind, "verdicts"); }
static int is_model_only(const struct target_spec *t) { return is_model(t) && !t->inputs[0]; }
static int is_model_run(const struct target_spec *t) { return is_model(t) && t->inputs[0]; }
static int has_alias(const struct target_spec *t) { return t->alias[0] != '\0'; }

int render_targets_mk(const char *root, FILE *f, char *err, size_t errlen)
{
	struct target_spec *ts = calloc(RENDER_MAX_TARGETS, sizeof(*ts));
	struct words *claims = calloc(1, sizeof(*claims)), *nocnt = calloc(1, sizeof(*nocnt));
	struct words *counted = calloc(1, sizeof(*counted)), *orig = calloc(1, sizeof(*orig));
	struct words *all = calloc(1, sizeof(*all));
	size_t n = 0;
	int rc = ts && claims && nocnt && counted && orig && all ? 0 : -1;
	if (rc)
		snprintf(err, errlen, "targets-mk: out of memory");
	if (rc == 0)
		rc = render_targets_read(root, ts, RENDER_MAX_TARGETS, &n, err, errlen);
	if (rc == 0)
		rc = claims_inputs(root, ts, n, claims, all, err, errlen);
	if (rc == 0) {
		fprintf(f, "# generated from experiments/targets.csv (and data/paper/claims.csv) by stencil-render "
			"targets-mk: do not edit\n");
		put_list(f, "EXPERIMENTS", ts, n, is_experiment);
		put_list(f, "REPRODUCED", ts, n, is_reproduced);
		put_list(f, "FIGURES", ts, n, is_figure);
		put_list(f, "TABLES", ts, n, is_table);
		put_list(f, "VERDICTS", ts, n, is_verdicts);
		put_list(f, "RENDERED_TARGETS", ts, n, is_rendered);
		put_list(f, "MODEL_TARGETS", ts, n, is_model_only);
		put_list(f, "MODEL_RUN_TARGETS", ts, n, is_model_run);
		fprintf(f, "CLAIM_INPUTS :=");
		for (size_t k = 0; k < all->n; k++)
			fprintf(f, " %s", all->w[k]);
		fputc('\n', f);
		fprintf(f, "ALIASES :=");
		for (size_t i = 0; i < n; i++)
			if (has_alias(&ts[i]))
				fprintf(f, " %s", ts[i].alias);
		fputc('\n', f);
		/* each rendered target's variables; the lists' counters and original settings */
		for (size_t i = 0; i < n; i++) {
			const struct target_spec *t = &ts[i];
			struct words in = { .n = 0 };
			if (is_model(t)) {
				fprintf(f, "OUTPUTS_%s :=", t->name);
				words_split(&in, t->outputs);
				for (size_t k = 0; k < in.n; k++)
					fprintf(f, " $(O)/%s", in.w[k]);
				fputc('\n', f);
				if (t->inputs[0])
					fprintf(f, "INPUTS_%s := %s\n", t->name, t->inputs);
				continue;
			}
			if (!strcmp(t->counters, "no"))
				fprintf(f, "NOCOUNTERS_%s := --no-counters\n", t->name);
			if (!strcmp(t->extra, "fit"))
				fprintf(f, "EXTRA_OUT_%s := $(O)/%s-fit.csv\n", t->name, t->name);
			if (!strcmp(t->inputs, "claims"))
				for (size_t k = 0; k < claims->n; k++)
					words_add(&in, claims->w[k]);
			else
				words_split(&in, t->inputs);
			for (size_t k = 0; k < in.n; k++) {
				if (!strcmp(t->original, "yes") && !words_has(orig, in.w[k])) {
					words_add(orig, in.w[k]);
					fprintf(f, "ORIGINAL_%s := --original\n", in.w[k]);
				}
				if (!strcmp(t->counters, "no") && !words_has(counted, in.w[k]))
					words_add(nocnt, in.w[k]);
				if (strcmp(t->counters, "no")) {
					words_add(counted, in.w[k]);
					words_del(nocnt, in.w[k]);
				}
			}
			if (in.n != 1 || strcmp(in.w[0], t->name)) {
				fprintf(f, "INPUTS_%s :=", t->name);
				for (size_t k = 0; k < in.n; k++)
					fprintf(f, " %s", in.w[k]);
				fputc('\n', f);
			}
		}
		fprintf(f, "MODEL_OUTPUTS := $(foreach t,$(MODEL_TARGETS) $(MODEL_RUN_TARGETS),$(OUTPUTS_$(t)))\n");
		for (size_t k = 0; k < nocnt->n; k++) {
			size_t i = 0;
			while (i < n && strcmp(ts[i].name, nocnt->w[k]))
				i++;
			if (i == n)
				fprintf(f, "NOCOUNTERS_%s := --no-counters\n", nocnt->w[k]);
		}
		/* make help's lines, and each alias's target */
		for (size_t i = 0; i < n; i++)
			fprintf(f, "%s: ## %s\n", ts[i].name, ts[i].help);
		for (size_t i = 0; i < n; i++)
			if (has_alias(&ts[i]))
				fprintf(f, "ALIAS_OF_%s := %s\n%s: ## = %s\n", ts[i].alias, ts[i].name, ts[i].alias,
					ts[i].name);
		if (ferror(f)) {
			snprintf(err, errlen, "targets-mk: cannot write its output");
			rc = -1;
		}
	}
	free(ts);
	free(claims);
	free(all);
	free(nocnt);
	free(counted);
	free(orig);
	return rc;
}
