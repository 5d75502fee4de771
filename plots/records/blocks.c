/*
 * blocks.c - a list's blocks (records.h: rec_block_rule, rec_block_key): the rows a claim compares,
 * which the queue keeps on one GPU within a replica (scripts/planner/queue.c) and which the design
 * and the verdicts' interval treat as sharing that GPU's shift (design.c, plots/verdicts/interval.c).
 * A list's rule is experiments/targets.csv's block column of the first target reading it: words
 * naming configuration columns, "label-head" (the label but its last word) or "list" (the whole list).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "runs.h"
#include "csvio.h"

void rec_block_rule(const char *lists_dir, const char *list, char *rule, size_t len)
{
	char path[1200], err[256];
	struct csv_table t;
	rule[0] = '\0';
	snprintf(path, sizeof(path), "%s/targets.csv", lists_dir);
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		return;   /* no table of targets beside the lists: no blocks */
	for (size_t r = 0; csv_table_col(&t, "block") >= 0 && r < t.nrows && !rule[0]; r++) {
		char words[256], *save = NULL;
		const char *b = csv_table_get(&t, r, "block");
		snprintf(words, sizeof(words), "%s", csv_table_get(&t, r, "inputs"));
		for (char *w = strtok_r(words, " ", &save); w && b && *b; w = strtok_r(NULL, " ", &save))
			if (!strcmp(w, list))
				snprintf(rule, len, "%s", b);
	}
	csv_table_free(&t);
}

void rec_block_key_by(rec_column_fn get, const void *row, const char *rule, char *out, size_t len)
{
	char words[64], *save = NULL;
	size_t k = 0;
	out[0] = '\0';
	snprintf(words, sizeof(words), "%s", rule);
	for (char *w = strtok_r(words, " ", &save); w && k < len; w = strtok_r(NULL, " ", &save)) {
		const char *label = get(row, "label"), *v = get(row, w);
		if (!strcmp(w, "list"))
			v = "list";
		else if (!strcmp(w, "label-head") && label) {
			const char *sp = strrchr(label, ' ');
			k += (size_t)snprintf(out + k, len - k, "%.*s|", sp ? (int)(sp - label) : (int)strlen(label), label);
			continue;
		}
		k += (size_t)snprintf(out + k, len - k, "%s|", v ? v : "");
	}
}

struct csv_row {
	const struct csv_table *t;
	size_t r;
};

static const char *csv_column(const void *row, const char *col)
{
	const struct csv_row *c = row;
	return csv_table_get(c->t, c->r, col);
}

void rec_block_key(const struct csv_table *t, size_t r, const char *rule, char *out, size_t len)
{
	const struct csv_row c = { t, r };
	rec_block_key_by(csv_column, &c, rule, out, len);
}
