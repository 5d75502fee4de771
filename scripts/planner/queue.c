/*
 * queue.c - a reproduction's lists as one queue of shared, cost-balanced chunks, and a list
 * gathered back from them. See queue.h.
 */
#define _XOPEN_SOURCE 700
#include "queue.h"

#include <dirent.h>
#include <ftw.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "csvio.h"
#include "runs.h"

#define MAX_LISTS 64
#define UKEY_MAX (CONFIG_KEY_MAX + 64)

/* one configuration under its flags: who measures it (a chunk of list's rows) */
struct ukey {
	char key[UKEY_MAX];
	int list, row;        /* the list and row it is measured from */
	int chunk;            /* its chunk (an index into chunks[] until numbered) */
};
struct chunk {
	int list;             /* the list its rows come from */
	int *rows, nrows;
	double cost;
	int number;           /* 1.. longest first */
	int group;            /* the chunks that must run on one GPU: a block's rows (union-find parent) */
	int group_number;     /* the least number among its group's chunks (chunks/N/group) */
};
struct plist {
	char name[128], flags[128], path[1024], done[1024];
	char block[64];       /* its blocks' rule (experiments/targets.csv's block column; "" none) */
	struct csv_table t;
	char (*key)[UKEY_MAX];
	int complete;
};
struct plan {
	struct plist l[MAX_LISTS];
	int nl;
	struct ukey *u;
	int nu;
	struct chunk *c;
	int nc;
	/* the cost run's row costs */
	char (*ckey)[CONFIG_KEY_MAX];
	double *csum;
	int *cn, ncost;
	double ceilings_s;
};

static struct ukey *find(struct plan *p, const char *k)
{
	for (int i = 0; i < p->nu; i++)
		if (!strcmp(p->u[i].key, k))
			return &p->u[i];
	return NULL;
}

/* "a,b" -> "a b", the flags sorted so that one protocol is one string */
static void norm_flags(const char *in, char *out, size_t len)
{
	char buf[128], *f[16], *save = NULL;
	int n = 0;
	snprintf(buf, sizeof(buf), "%s", in);
	for (char *t = strtok_r(buf, ", ", &save); t && n < 16; t = strtok_r(NULL, ", ", &save))
		f[n++] = t;
	for (int i = 1; i < n; i++)   /* a handful: insertion sort */
		for (int j = i; j > 0 && strcmp(f[j - 1], f[j]) > 0; j--) {
			char *x = f[j];
			f[j] = f[j - 1], f[j - 1] = x;
		}
	out[0] = '\0';
	for (int i = 0; i < n; i++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s", i ? " " : "", f[i]);
}

/* ---- costs: the cost run's row_wall_s by configuration, its ceilings' time ---------------------- */

static void cost_add(struct plan *p, const char *key, double wall)
{
	for (int i = 0; i < p->ncost; i++)
		if (!strcmp(p->ckey[i], key)) {
			p->csum[i] += wall, p->cn[i]++;
			return;
		}
	p->ckey = realloc(p->ckey, (size_t)(p->ncost + 1) * sizeof(*p->ckey));
	p->csum = realloc(p->csum, (size_t)(p->ncost + 1) * sizeof(double));
	p->cn = realloc(p->cn, (size_t)(p->ncost + 1) * sizeof(int));
	snprintf(p->ckey[p->ncost], sizeof(p->ckey[0]), "%s", key);
	p->csum[p->ncost] = wall, p->cn[p->ncost] = 1;
	p->ncost++;
}

/* the median time of the cost run's ceilings invocations (meta.csv: run_id's start to date_utc) */
static double ceilings_time(const char *run)
{
	char path[1200], err[512];
	struct csv_table t;
	double v[64];
	int n = 0;
	snprintf(path, sizeof(path), "%s/meta.csv", run);
	if (access(path, R_OK) != 0 || csv_table_read(path, &t, err, sizeof(err)) != 0)
		return 0;
	for (size_t r = 0; r < t.nrows && n < 64; r++) {
		const char *tool = csv_table_get(&t, r, "tool"), *id = csv_table_get(&t, r, "run_id"),
			   *end = csv_table_get(&t, r, "date_utc");
		if (!tool || strcmp(tool, "stencilbench ceilings") || !id || !end)
			continue;
		const double s = run_stamp_s(end) - run_stamp_s(id);
		if (s > 0 && s < 3600)
			v[n++] = s;
	}
	csv_table_free(&t);
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
			const double x = v[j];
			v[j] = v[j - 1], v[j - 1] = x;
		}
	return n ? v[n / 2] : 0;
}

static void read_costs(struct plan *p, const char *run)
{
	DIR *d = run && *run ? opendir(run) : NULL;
	struct dirent *e;
	if (!d)
		return;
	while ((e = readdir(d))) {
		const size_t len = strlen(e->d_name);
		char path[1200], err[512], key[CONFIG_KEY_MAX];
		struct csv_table t;
		if (len < 5 || strcmp(e->d_name + len - 4, ".csv") || !strcmp(e->d_name, "meta.csv"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", run, e->d_name);
		if (csv_table_read(path, &t, err, sizeof(err)) != 0)
			continue;
		for (size_t r = 0; csv_table_col(&t, "row_wall_s") >= 0 && r < t.nrows; r++) {
			double w;
			if (csv_table_num(&t, r, "row_wall_s", &w, err, sizeof(err)) == 0 && w > 0 &&
			    config_key(&t, r, key, sizeof(key), err, sizeof(err)) == 0)
				cost_add(p, key, w);
		}
		csv_table_free(&t);
	}
	closedir(d);
	p->ceilings_s = ceilings_time(run);
}

/* a configuration's cost: the cost run's mean, else assumed; *known set when measured */
static double cost_of(const struct plan *p, const char *key, double assumed, int *known)
{
	for (int i = 0; i < p->ncost; i++)
		if (!strcmp(p->ckey[i], key)) {
			*known = 1;
			return p->csum[i] / p->cn[i];
		}
	*known = 0;
	return assumed;
}

/* ---- the plan ------------------------------------------------------------------------------------ */

/* the lists of the items, read, keyed, and checked against the run */
static int read_lists(struct plan *p, const struct queue_plan_opts *o, int nitems, const char *const *items,
		      char *err, size_t len)
{
	for (int i = 0; i < nitems; i++) {
		char name[128], flags[128] = "";
		const char *colon = strchr(items[i], ':');
		snprintf(name, sizeof(name), "%.*s", (int)(colon ? colon - items[i] : (long)strlen(items[i])), items[i]);
		if (!run_name_ok(name)) {
			snprintf(err, len, "ITEM '%s': not LIST[:FLAG,...]", items[i]);
			return -1;
		}
		int seen = 0;
		for (int k = 0; k < p->nl; k++)
			seen |= !strcmp(p->l[k].name, name);
		if (seen)
			continue;
		if (p->nl == MAX_LISTS) {
			snprintf(err, len, "more than %d lists", MAX_LISTS);
			return -1;
		}
		struct plist *l = &p->l[p->nl];
		snprintf(l->name, sizeof(l->name), "%s", name);
		norm_flags(colon ? colon + 1 : "", flags, sizeof(flags));
		snprintf(l->flags, sizeof(l->flags), "%s", flags);
		snprintf(l->path, sizeof(l->path), "%s/%s.csv", o->lists_dir, name);
		snprintf(l->done, sizeof(l->done), "%s/%s.csv", o->rundir, name);
		struct config_keys k;
		if (config_list_read(l->path, &k, err, len) != 0)
			return -1;
		char why[512];
		l->complete = run_csv_complete(&k, l->done, 1, why, sizeof(why));
		if (csv_table_read(l->path, &l->t, err, len) != 0) {
			config_keys_free(&k);
			return -1;
		}
		l->key = calloc(k.n ? k.n : 1, sizeof(*l->key));
		for (size_t r = 0; r < k.n; r++)
			snprintf(l->key[r], sizeof(l->key[0]), "%s | %s", k.key[r], flags);
		config_keys_free(&k);
		p->nl++;
	}
	return 0;
}

/* whether row b of a list must share a process with row a before it: an SpMV matrix's methods (its
 * build and CPU reference are made once in a process), never one method twice (the warm-up study's
 * rows of one matrix and method at several warm-ups may part) */
static int same_group(const struct csv_table *t, size_t a, size_t b)
{
	const char *cols[] = { "workload", "matrix", "size" };
	const char *w = csv_table_get(t, a, "workload");
	if (!w || strcmp(w, "spmv") || !strcmp(csv_table_get(t, a, "method"), csv_table_get(t, b, "method")))
		return 0;
	for (int c = 0; c < 3; c++) {
		const char *x = csv_table_get(t, a, cols[c]), *y = csv_table_get(t, b, cols[c]);
		if ((x || y) && (!x || !y || strcmp(x, y)))
			return 0;
	}
	return 1;
}

/* a new configuration, measured from row r of list i */
static void add_ukey(struct plan *p, int *cap, const char *key, int i, size_t r)
{
	if (p->nu == *cap)
		p->u = realloc(p->u, (size_t)(*cap *= 2) * sizeof(*p->u));
	struct ukey *u = &p->u[p->nu++];
	memset(u, 0, sizeof(*u));
	snprintf(u->key, sizeof(u->key), "%s", key);
	u->list = i, u->row = (int)r, u->chunk = -1;
}

/* each configuration under its flags to the first list naming it, the others sharing its row
 * (*shared counts them). A group that must share a process (an SpMV matrix's methods) is shared
 * only whole, from one list: otherwise its rows are this list's own, measured again under keys
 * of their own (KEY | FLAGS @LIST). Lists complete in the run are neither measured nor a source:
 * a list whose CSV was deleted is measured again. */
static void assign(struct plan *p, long *shared)
{
	int cap = 4096;
	p->u = calloc((size_t)cap, sizeof(*p->u));
	for (int i = 0; i < p->nl; i++) {
		struct plist *l = &p->l[i];
		if (l->complete)
			continue;
		for (size_t r = 0, end; r < l->t.nrows; r = end) {
			int whole = 1, src = -1;
			for (end = r + 1; end < l->t.nrows && same_group(&l->t, end - 1, end); end++)
				;
			for (size_t k = r; k < end; k++) {
				const struct ukey *u = find(p, l->key[k]);
				whole &= u && (src < 0 || u->list == src);
				src = u ? u->list : src;
			}
			for (size_t k = r; k < end && end - r > 1 && !whole; k++)
				if (find(p, l->key[k]))
					snprintf(l->key[k] + strlen(l->key[k]), sizeof(l->key[k]) - strlen(l->key[k]), " @%s",
						 l->name);
			for (size_t k = r; k < end; k++) {
				if (find(p, l->key[k]))
					*shared += 1;
				else
					add_ukey(p, &cap, l->key[k], i, k);
			}
		}
	}
}

static struct chunk *new_chunk(struct plan *p, int list, size_t max)
{
	p->c = realloc(p->c, (size_t)(p->nc + 1) * sizeof(*p->c));
	struct chunk *c = &p->c[p->nc++];
	c->list = list, c->nrows = 0, c->cost = 0, c->number = 0;
	c->rows = malloc((max ? max : 1) * sizeof(int));
	return c;
}

/* each list's own rows (those assigned to it) cut into chunks of at most chunk_s (or chunk_rows) */
static void cut(struct plan *p, const struct queue_plan_opts *o, struct queue_summary *s)
{
	for (int i = 0; i < p->nl; i++) {
		struct plist *l = &p->l[i];
		struct chunk *c = NULL;
		if (l->complete)
			continue;
		for (size_t r = 0; r < l->t.nrows; r++) {
			struct ukey *u = find(p, l->key[r]);
			if (u->list != i || u->row != (int)r)
				continue;
			char bare[CONFIG_KEY_MAX];
			snprintf(bare, sizeof(bare), "%.*s", (int)(strstr(u->key, " | ") - u->key), u->key);
			int known;
			const double cost = cost_of(p, bare, o->assumed_s, &known);
			s->measured_costs += known;
			s->configs++;
			const int keep = c && c->nrows > 0 && same_group(&l->t, (size_t)c->rows[c->nrows - 1], r);
			const int full = c && (o->chunk_rows > 0 ? c->nrows >= o->chunk_rows
								 : c->nrows > 0 && c->cost + cost > o->chunk_s);
			if (!c || (full && !keep))
				c = new_chunk(p, i, l->t.nrows);
			c->rows[c->nrows++] = (int)r;
			c->cost += cost;
			u->chunk = (int)(c - p->c);
		}
	}
}

/* each list's block rule (records.h: rec_block_rule) */
static void read_blocks(struct plan *p, const char *lists_dir)
{
	for (int i = 0; i < p->nl; i++)
		rec_block_rule(lists_dir, p->l[i].name, p->l[i].block, sizeof(p->l[i].block));
}

static int group_root(struct plan *p, int c)
{
	while (p->c[c].group != c)
		c = p->c[c].group = p->c[p->c[c].group].group;
	return c;
}

/* the chunks that hold one block's rows (its list's own or another list's, shared) joined into one
 * group: a worker takes a group whole (scripts/multi-gpu.sh), so a block's rows run on one GPU */
static void join_blocks(struct plan *p)
{
	for (int c = 0; c < p->nc; c++)
		p->c[c].group = c;
	for (int i = 0; i < p->nl; i++) {
		struct plist *l = &p->l[i];
		if (l->complete || !l->block[0])
			continue;
		char (*keys)[160] = calloc(l->t.nrows ? l->t.nrows : 1, sizeof(*keys));
		int *first = calloc(l->t.nrows ? l->t.nrows : 1, sizeof(int));
		for (size_t r = 0; keys && first && r < l->t.nrows; r++) {
			const struct ukey *u = find(p, l->key[r]);
			rec_block_key(&l->t, r, l->block, keys[r], sizeof(keys[0]));
			first[r] = u ? u->chunk : -1;
			for (size_t q = 0; q < r && u && u->chunk >= 0; q++)
				if (first[q] >= 0 && !strcmp(keys[q], keys[r])) {
					const int a = group_root(p, first[q]), b = group_root(p, u->chunk);
					p->c[a > b ? a : b].group = a < b ? a : b;
					break;
				}
		}
		free(keys);
		free(first);
	}
}

/* chunks numbered longest first (ties: in plan order): a chunk's number is one plus the chunks
 * before it in that order */
static void number(struct plan *p)
{
	for (int i = 0; i < p->nc; i++) {
		p->c[i].number = 1;
		for (int j = 0; j < p->nc; j++)
			p->c[i].number += p->c[j].cost > p->c[i].cost || (p->c[j].cost == p->c[i].cost && j < i);
	}
	/* each group named by its least number: first at its root, then on every member */
	for (int i = 0; i < p->nc; i++)
		p->c[i].group_number = p->c[i].number;
	for (int i = 0; i < p->nc; i++) {
		struct chunk *r = &p->c[group_root(p, i)];
		if (p->c[i].number < r->group_number)
			r->group_number = p->c[i].number;
	}
	for (int i = 0; i < p->nc; i++)
		p->c[i].group_number = p->c[group_root(p, i)].group_number;
}

static int longer_first(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;
	return x < y ? 1 : x > y ? -1 : 0;
}

static int put_text(const char *path, const char *text, char *err, size_t len)
{
	FILE *f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		snprintf(err, len, "cannot write %s: %s", path, strerror(errno));
		if (f)
			fclose(f);
		return -1;
	}
	return 0;
}

static int write_chunks(const struct plan *p, const char *d, char *err, size_t len)
{
	char path[1400], text[256];
	for (int i = 0; i < p->nc; i++) {
		const struct chunk *c = &p->c[i];
		const struct plist *l = &p->l[c->list];
		snprintf(path, sizeof(path), "%s/chunks/%05d", d, c->number);
		if (mkdir(path, 0755) != 0) {
			snprintf(err, len, "cannot create %s: %s", path, strerror(errno));
			return -1;
		}
		snprintf(path, sizeof(path), "%s/chunks/%05d/%s.csv", d, c->number, l->name);
		if (run_rows_write(path, &l->t, c->rows, 0, (size_t)c->nrows, err, len) != 0)
			return -1;
		snprintf(path, sizeof(path), "%s/chunks/%05d/list", d, c->number);
		snprintf(text, sizeof(text), "%s\n", l->name);
		if (put_text(path, text, err, len) != 0)
			return -1;
		snprintf(path, sizeof(path), "%s/chunks/%05d/flags", d, c->number);
		snprintf(text, sizeof(text), "%s\n", l->flags);
		if (put_text(path, text, err, len) != 0)
			return -1;
		snprintf(path, sizeof(path), "%s/chunks/%05d/cost", d, c->number);
		snprintf(text, sizeof(text), "%.1f\n", c->cost);
		if (put_text(path, text, err, len) != 0)
			return -1;
		snprintf(path, sizeof(path), "%s/chunks/%05d/group", d, c->number);   /* its group's least number */
		snprintf(text, sizeof(text), "%05d\n", c->group_number);
		if (put_text(path, text, err, len) != 0)
			return -1;
	}
	return 0;
}

/* lists (the incomplete ones, in item order) and each one's sources, each once in order of use */
static int write_sources(const struct plan *p, const char *d, char *err, size_t len)
{
	char path[1400];
	size_t cap = 4096, used;
	char *lists = calloc(1, cap), *src = malloc(1 << 20);
	int rc = 0;
	for (int i = 0; i < p->nl && rc == 0; i++) {
		const struct plist *l = &p->l[i];
		if (l->complete)
			continue;
		snprintf(lists + strlen(lists), cap - strlen(lists), "%s\n", l->name);
		src[0] = '\0', used = 0;
		for (size_t r = 0; r < l->t.nrows; r++) {
			const struct ukey *u = find((struct plan *)p, l->key[r]);
			char line[64];
			snprintf(line, sizeof(line), "chunk %05d\n", p->c[u->chunk].number);
			if (!strstr(src, line) && used + strlen(line) < (1 << 20))
				used += (size_t)snprintf(src + used, (1 << 20) - used, "%s", line);
		}
		snprintf(path, sizeof(path), "%s/sources/%s", d, l->name);
		rc = put_text(path, src, err, len);
	}
	snprintf(path, sizeof(path), "%s/lists", d);
	if (rc == 0)
		rc = put_text(path, lists, err, len);
	free(lists);
	free(src);
	return rc;
}

static void plan_free(struct plan *p)
{
	for (int i = 0; i < p->nl; i++) {
		csv_table_free(&p->l[i].t);
		free(p->l[i].key);
	}
	for (int i = 0; i < p->nc; i++)
		free(p->c[i].rows);
	free(p->c);
	free(p->u);
	free(p->ckey);
	free(p->csum);
	free(p->cn);
}

static int remove_one(const char *path, const struct stat *sb, int flag, struct FTW *f)
{
	(void)sb, (void)flag, (void)f;
	return remove(path);
}

/* a directory this plan made, removed with what it holds */
static void remove_tree(const char *d)
{
	nftw(d, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

int queue_plan(const struct queue_plan_opts *o, int nitems, const char *const *items, struct queue_summary *s,
	       int *bad_input, char *err, size_t errlen)
{
	static struct plan p;
	char tmp[1200], path[1400];
	int rc = -1;
	memset(&p, 0, sizeof(p));
	memset(s, 0, sizeof(*s));
	*bad_input = 1;
	if (nitems < 1) {
		snprintf(err, errlen, "no configuration list to plan");
		return -1;
	}
	if (read_lists(&p, o, nitems, items, err, errlen) != 0)
		goto out;
	read_blocks(&p, o->lists_dir);
	read_costs(&p, o->cost_run);
	assign(&p, &s->shared);
	cut(&p, o, s);
	join_blocks(&p);
	number(&p);
	*bad_input = 0;
	snprintf(tmp, sizeof(tmp), "%s.tmpXXXXXX", o->dir);
	if (!mkdtemp(tmp)) {
		snprintf(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
		goto out;
	}
	snprintf(path, sizeof(path), "%s/chunks", tmp);
	int made = mkdir(path, 0755) == 0;
	snprintf(path, sizeof(path), "%s/sources", tmp);
	made = made && mkdir(path, 0755) == 0;
	snprintf(path, sizeof(path), "%s/claim", tmp);   /* a worker's mkdir claim/N takes chunk N */
	made = made && mkdir(path, 0755) == 0;
	snprintf(path, sizeof(path), "%s/done", tmp);    /* done/N: "EXIT SLUG" */
	made = made && mkdir(path, 0755) == 0;
	snprintf(path, sizeof(path), "%s/ceilings_s", tmp);
	char text[64];
	snprintf(text, sizeof(text), "%.0f\n", p.ceilings_s);
	if (!made || write_chunks(&p, tmp, err, errlen) != 0 || write_sources(&p, tmp, err, errlen) != 0 ||
	    put_text(path, text, err, errlen) != 0 || rename(tmp, o->dir) != 0) {
		if (!made)
			snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
		remove_tree(tmp);
		goto out;
	}
	for (int i = 0; i < p.nl; i++)
		s->lists += !p.l[i].complete;
	s->chunks = p.nc;
	for (int i = 0; i < p.nc; i++)
		s->cost_s += p.c[i].cost;
	s->ceilings_s = p.ceilings_s;
	rc = 0;
out:
	plan_free(&p);
	return rc;
}

/* the number a one-line file holds: 0, or -1 (no such file) */
static int number_file(const char *path, double *v)
{
	char text[64];
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	*v = fgets(text, sizeof(text), f) ? atof(text) : 0;
	fclose(f);
	return 0;
}

int queue_costs_left(const char *dir, double *costs, int max, double *ceilings_s)
{
	char path[1200];
	int n = 0;
	*ceilings_s = 0;
	snprintf(path, sizeof(path), "%s/ceilings_s", dir);
	if (number_file(path, ceilings_s) != 0)
		return -1;
	for (int c = 1; n < max; c++) {
		snprintf(path, sizeof(path), "%s/chunks/%05d/cost", dir, c);
		if (number_file(path, &costs[n]) != 0)
			break;
		snprintf(path, sizeof(path), "%s/done/%05d", dir, c);
		n += access(path, F_OK) != 0;   /* a chunk done (a resumed queue) is not left to measure */
	}
	return n;
}

double queue_makespan(const double *costs, int n, int workers)
{
	double *c = malloc((size_t)(n ? n : 1) * sizeof(double)), *load, top = 0;
	if (workers < 1)
		workers = 1;
	load = calloc((size_t)workers, sizeof(double));
	memcpy(c, costs, (size_t)n * sizeof(double));
	qsort(c, (size_t)n, sizeof(double), longer_first);
	for (int i = 0; i < n; i++) {
		int w = 0;
		for (int k = 1; k < workers; k++)
			if (load[k] < load[w])
				w = k;
		load[w] += c[i];
	}
	for (int k = 0; k < workers; k++)
		top = load[k] > top ? load[k] : top;
	free(c);
	free(load);
	return top;
}

/* ---- a list gathered back from the chunks -------------------------------------------------------- */

int queue_blocks_split(const char *lists_dir, const char *list, const char *run_csv, char *why, size_t len)
{
	char rule[64], err[256];
	struct csv_table t;
	int split = 0;
	why[0] = '\0';
	rec_block_rule(lists_dir, list, rule, sizeof(rule));
	if (!rule[0])
		return 0;
	if (csv_table_read(run_csv, &t, err, sizeof(err)) != 0) {
		snprintf(why, len, "%s", err);
		return -1;
	}
	for (size_t a = 0; a < t.nrows && !split; a++) {
		char ka[160], kb[160];
		struct row_ident ia, ib;
		rec_block_key(&t, a, rule, ka, sizeof(ka));
		if (run_row_ident(&t, a, &ia, err, sizeof(err)) != 0)
			continue;
		for (size_t b = a + 1; b < t.nrows && !split; b++) {
			rec_block_key(&t, b, rule, kb, sizeof(kb));
			if (strcmp(ka, kb) || run_row_ident(&t, b, &ib, err, sizeof(err)) != 0 || ia.replica != ib.replica ||
			    !strcmp(ia.gpu, ib.gpu))
				continue;
			split = 1;
			snprintf(why, len, "%s:%ld and %ld: block %s of replica %d on %s and %s", run_csv, t.lines[a], t.lines[b],
				 ka, ia.replica, ia.gpu, ib.gpu);
		}
	}
	csv_table_free(&t);
	return split;
}

int run_csv_gather(const char *out, const char *list, const char *const *in, size_t n, int *bad_input, char *err,
		   size_t errlen)
{
	struct csv_table l, *t = calloc(n ? n : 1, sizeof(*t));
	struct config_keys lk;
	char (**keys)[CONFIG_KEY_MAX] = calloc(n ? n : 1, sizeof(*keys));
	size_t read = 0;
	int rc = -1;
	*bad_input = 1;
	if (config_list_read(list, &lk, err, errlen) != 0) {
		free(t);
		free(keys);
		return -1;
	}
	if (csv_table_read(list, &l, err, errlen) != 0)
		goto out_keys;
	if (!n)
		snprintf(err, errlen, "%s: nothing to gather from", out);
	for (; read < n; read++) {
		if (csv_table_read(in[read], &t[read], err, errlen) != 0)
			break;
		keys[read] = calloc(t[read].nrows ? t[read].nrows : 1, sizeof(**keys));
		for (size_t r = 0; r < t[read].nrows; r++)
			if (config_key(&t[read], r, keys[read][r], sizeof(keys[0][0]), err, errlen) != 0) {
				csv_table_free(&t[read]);
				goto out;
			}
	}
	if (!n || read < n)
		goto out;
	struct csv_writer w;
	const int label = csv_table_col(&t[0], "label");
	if (csv_writer_open(&w, out, (const char *const *)t[0].header, t[0].ncols) != 0) {
		*bad_input = 0;
		snprintf(err, errlen, "%s", atomic_error());
		goto out;
	}
	for (size_t r = 0; r < lk.n; r++) {
		size_t f = 0, row = 0;
		int found = 0;
		for (; f < n && !found; f++)
			for (row = 0; row < t[f].nrows && !found; row++)
				found = !strcmp(keys[f][row], lk.key[r]);
		if (!found) {
			csv_writer_abort(&w);
			snprintf(err, errlen, "%s:%ld: no measured row of %s in the %zu CSVs gathered", list, l.lines[r],
				 lk.key[r], n);
			goto out;
		}
		f--, row--;
		for (size_t c = 0; c < t[0].ncols; c++) {
			const char *v = csv_table_get(&t[f], row, t[0].header[c]);
			if ((int)c == label)   /* the list's own label ("" where it has none) */
				v = csv_table_col(&l, "label") >= 0 ? csv_table_get(&l, r, "label") : "";
			csv_put_str(&w, v ? v : "NA");
		}
		csv_end_row(&w);
	}
	if (csv_writer_close(&w) != 0) {
		*bad_input = 0;
		snprintf(err, errlen, "%s", atomic_error());
		goto out;
	}
	rc = 0;
out:
	for (size_t i = 0; i < read; i++) {
		csv_table_free(&t[i]);
		free(keys[i]);
	}
	csv_table_free(&l);
out_keys:
	config_keys_free(&lk);
	free(t);
	free(keys);
	return rc;
}
