/*
 * runs.c - a run's name, a configuration's key, and the list and run-CSV checks built on them.
 * See runs.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "runs.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "csvio.h"
#include "regime.h"
#include "experiment.h"
#include "method.h"
#include "stencil.h"
#include "workload.h"

/* whether c may stand in a run's name: [a-z0-9._-] */
static int name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c && strchr("._-", c));
}

int run_name_ok(const char *name)
{
	if (!name || !name[0] || !strcmp(name, ".") || !strcmp(name, ".."))
		return 0;
	for (const char *p = name; *p; p++)
		if (!name_char(*p))
			return 0;
	return 1;
}

/* s (n bytes) as a message shows it: a control character or a byte outside ASCII escaped (\r, \t,
 * \n, \xNN), cut to fit len */
static void shown_name(const char *s, size_t n, char *buf, size_t len)
{
	static const char ctl[] = "\r\t\n";
	size_t o = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n && o + 5 < len; i++) {
		const unsigned char c = (unsigned char)s[i];
		const char *e = c ? strchr(ctl, c) : NULL;
		if (e)
			o += (size_t)snprintf(buf + o, len - o, "\\%c", "rtn"[e - ctl]);
		else if (c < 0x20 || c >= 0x7f)
			o += (size_t)snprintf(buf + o, len - o, "\\x%02x", c);
		else
			o += (size_t)snprintf(buf + o, len - o, "%c", c);
	}
}

/* the first character of s (n bytes, its line end taken off) that the run-name rule refuses, in
 * words, with where it stands: a Windows line end's carriage return, a trailing space, a second
 * line, an upper-case letter, ... */
static void refused_words(const char *s, size_t n, size_t most, char *buf, size_t len)
{
	size_t i = 0;
	while (i < n && name_char(s[i]))
		i++;
	const unsigned char c = i < n ? (unsigned char)s[i] : 0;
	const size_t at = i + 1;
	if (!n)
		snprintf(buf, len, "an empty line, no name");
	else if (i == n)
		snprintf(buf, len, n >= most ? "longer than %zu characters" : "'.' and '..' name no run", most - 1);
	else if (c == '\r' && at == n)
		snprintf(buf, len, "a carriage return (\\r) at its end, a Windows line end");
	else if (c == ' ' && strspn(s + i, " ") == n - i)
		snprintf(buf, len, "%s", n - i > 1 ? "trailing spaces" : "a trailing space");
	else if (c == '\n')
		snprintf(buf, len, "a second line (a line end, \\n, at character %zu)", at);
	else if (c == ' ' || c == '\r' || c == '\t')
		snprintf(buf, len, "%s at character %zu", c == ' ' ? "a space" : c == '\t' ? "a tab (\\t)" :
			 "a carriage return (\\r)", at);
	else if (c >= 'A' && c <= 'Z')
		snprintf(buf, len, "an upper-case '%c' at character %zu", c, at);
	else if (c < 0x20 || c >= 0x7f)
		snprintf(buf, len, "the byte 0x%02x at character %zu", c, at);
	else
		snprintf(buf, len, "a '%c' at character %zu", c, at);
}

int run_reference_name(const char *runs_dir, char *name, size_t len, char *err, size_t errlen)
{
	char path[1024], dir[1300], *text;
	size_t n;
	struct stat st;
	snprintf(path, sizeof(path), "%s/REFERENCE", runs_dir);
	if (stat(path, &st) != 0) {
		snprintf(err, errlen, "%s is missing (it names the reference run)", path);
		return 1;
	}
	if (input_file_read(path, &text, &n, err, errlen) != 0)
		return -2;
	if (n && text[n - 1] == '\n')
		n--;
	const int fits = n < len && !memchr(text, '\0', n);
	name[0] = '\0';
	if (fits) {
		memcpy(name, text, n);
		name[n] = '\0';
	}
	if (!fits || !run_name_ok(name)) {   /* the one rule: the name read and what it refuses, said */
		char shown[256], why[128];
		shown_name(text, n, shown, sizeof(shown));
		refused_words(text, n, len, why, sizeof(why));
		snprintf(err, errlen, "%s: '%s' is not a run name: %s; one line, " RUN_NAME_RULE, path, shown, why);
		free(text);
		return -2;
	}
	free(text);
	snprintf(dir, sizeof(dir), "%s/%s", runs_dir, name);
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: names '%s', which is not a recorded run under %s", path, name, runs_dir);
		return -2;
	}
	return 0;
}

const char *run_phase_name(int phase)
{
	static const char *const names[PHASE_COUNT] = { "setup", "verify", "counters", "rest", "warmup",
							"samples", "retakes", "original", "other" };
	return phase >= 0 && phase < PHASE_COUNT ? names[phase] : "?";
}

double run_stamp_s(const char *s)
{
	int y, mo, d, h, mi, se;
	if (!s || (sscanf(s, "%4d%2d%2dT%2d%2d%2dZ", &y, &mo, &d, &h, &mi, &se) != 6 &&
		   sscanf(s, "%d-%d-%dT%d:%d:%dZ", &y, &mo, &d, &h, &mi, &se) != 6))
		return NAN;
	/* days from the civil date (proleptic Gregorian) */
	y -= mo <= 2;
	const long era = (y >= 0 ? y : y - 399) / 400, yoe = y - era * 400;
	const long doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1, doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return (double)(era * 146097 + doe - 719468) * 86400.0 + h * 3600.0 + mi * 60.0 + se;
}

static const char *const stencil_key[] = { "stencil", "dtype", "method", "fusion", "size", NULL };
static const char *const workload_key[] = { "workload", "dtype", "method", "size", NULL };

static int is_workload(const struct csv_table *t)
{
	return csv_table_col(t, "workload") >= 0;
}

/* " w<warm-up> r<rest>" for a row timed after an idle rest (the warm-up study's, which times one
 * configuration at several warm-ups): from a list's warmup_s and rest_s, or a run CSV's
 * warmup_asked_s and warmup_rest_s; "" for every other row. 0, or -1 with err. */
static int timing_suffix(const struct csv_table *t, size_t r, char *buf, size_t len, char *err, size_t errlen)
{
	double warm = -1, rest = 0;
	buf[0] = '\0';
	if (csv_table_col(t, "status") < 0) {   /* a list */
		if (experiment_timing_cols(t, r, &warm, &rest, err, errlen) != 0)
			return -1;
	} else if (csv_table_col(t, "warmup_rest_s") >= 0) {   /* a run CSV that records them */
		const char *a = csv_table_get(t, r, "warmup_asked_s"), *b = csv_table_get(t, r, "warmup_rest_s");
		char *end;
		rest = b && *b ? strtod(b, &end) : 0;
		warm = a && *a ? strtod(a, &end) : -1;
		if (!(rest > 0))
			rest = 0;
	}
	if (rest > 0)
		snprintf(buf, len, " w%g r%g", warm > 0 ? warm : 1.0, rest);
	return 0;
}

static int workload_key_of(const struct csv_table *t, size_t r, char *key, size_t len, char *err, size_t errlen)
{
	struct workload_config c;
	char m[64];
	if (workload_parse_row(&c, t, r, err, errlen) != 0)
		return -1;
	method_variant_name(c.method, c.option, m, sizeof(m));
	char tail[64];
	if (timing_suffix(t, r, tail, sizeof(tail), err, errlen) != 0)
		return -1;
	snprintf(key, len, "%s %s %s %s %s%s", c.workload, dtype_table[c.dtype].name, m, c.matrix[0] ? c.matrix : "-",
		 c.size, tail);
	return 0;
}

static int stencil_key_of(const struct csv_table *t, size_t r, char *key, size_t len, char *err, size_t errlen)
{
	struct run_config c;
	char m[64], what[256];
	if (run_config_parse(&c, csv_table_get(t, r, "stencil"), csv_table_get(t, r, "dtype"),
			     csv_table_get(t, r, "method"), csv_table_get(t, r, "fusion"), csv_table_get(t, r, "size"),
			     NULL, model_method_names(), what, sizeof(what)) != 0) {
		snprintf(err, errlen, "%s:%ld: %s", t->path, t->lines[r], what);
		return -1;
	}
	method_variant_name(c.method, c.option, m, sizeof(m));
	char tail[64];
	if (timing_suffix(t, r, tail, sizeof(tail), err, errlen) != 0)
		return -1;
	const char *d = csv_table_col(t, "data") >= 0 ? csv_table_get(t, r, "data") : "";
	snprintf(key, len, "%s %s %s %d %s%s%s%s", c.stencil->name, dtype_table[c.dtype].name, m, c.fusion, c.size, tail,
		 *d && strcmp(d, data_regime_name(DATA_RANDOM)) ? " data=" : "", *d && strcmp(d, data_regime_name(DATA_RANDOM)) ? d : "");
	return 0;
}

int config_key(const struct csv_table *t, size_t r, char *key, size_t len, char *err, size_t errlen)
{
	const int w = is_workload(t);
	if (csv_table_require(t, w ? workload_key : stencil_key, err, errlen) != 0)
		return -1;
	return w ? workload_key_of(t, r, key, len, err, errlen) : stencil_key_of(t, r, key, len, err, errlen);
}

void config_keys_free(struct config_keys *k)
{
	free(k->key);
	k->key = NULL;
	k->n = 0;
}

/* every row's key into k (allocated); 0, or -1 with err */
static int table_keys(const struct csv_table *t, struct config_keys *k, char *err, size_t errlen)
{
	k->n = 0;
	k->key = calloc(t->nrows ? t->nrows : 1, sizeof(*k->key));
	if (!k->key) {
		snprintf(err, errlen, "%s: out of memory", t->path);
		return -1;
	}
	for (; k->n < t->nrows; k->n++)
		if (config_key(t, k->n, k->key[k->n], sizeof(k->key[0]), err, errlen) != 0) {
			config_keys_free(k);
			return -1;
		}
	return 0;
}

/* -1 with "FILE:LINE: configuration repeated (line N)" when two rows of t share a key */
static int no_repeats(const struct csv_table *t, const struct config_keys *k, char *err, size_t errlen)
{
	for (size_t r = 1; r < k->n; r++)
		for (size_t q = 0; q < r; q++)
			if (!strcmp(k->key[q], k->key[r])) {
				snprintf(err, errlen, "%s:%ld: configuration repeated (line %ld): %s", t->path, t->lines[r],
					 t->lines[q], k->key[r]);
				return -1;
			}
	return 0;
}

int config_list_read(const char *path, struct config_keys *k, char *err, size_t errlen)
{
	struct csv_table t;
	k->n = 0;
	k->key = NULL;
	if (csv_table_read(path, &t, err, errlen) != 0)
		return -1;
	int rc = csv_table_require(&t, is_workload(&t) ? workload_key : stencil_key, err, errlen);
	if (rc == 0 && t.nrows == 0) {
		snprintf(err, errlen, "%s: no configurations", path);
		rc = -1;
	}
	if (rc == 0)
		rc = table_keys(&t, k, err, errlen);
	if (rc == 0 && (rc = no_repeats(&t, k, err, errlen)) != 0)
		config_keys_free(k);
	csv_table_free(&t);
	return rc;
}

static int key_cmp(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* 1 when k and the list hold the same keys, each as often (both sorted here) */
static int same_keys(struct config_keys *k, const struct config_keys *list)
{
	struct config_keys want = { list->n, malloc((list->n ? list->n : 1) * sizeof(*list->key)) };
	int same = want.key && k->n == list->n;
	if (same) {
		memcpy(want.key, list->key, list->n * sizeof(*list->key));
		qsort(want.key, want.n, sizeof(*want.key), key_cmp);
		qsort(k->key, k->n, sizeof(*k->key), key_cmp);
		for (size_t i = 0; same && i < k->n; i++)
			same = !strcmp(k->key[i], want.key[i]);
	}
	free(want.key);
	return same;
}

int run_row_ident(const struct csv_table *t, size_t r, struct row_ident *id, char *err, size_t errlen)
{
	const char *rep = csv_table_get(t, r, "replica"), *d = csv_table_get(t, r, "data");
	const char *g = csv_table_get(t, r, "gpu_uuid");
	char *end;
	long k = rep && *rep ? strtol(rep, &end, 10) : 1;
	if (rep && *rep && (*end || k < 1 || k > 64)) {
		snprintf(err, errlen, "%s:%ld: replica '%s' is not 1 to 64", t->path, t->lines[r], rep);
		return -1;
	}
	id->replica = (int)k;
	snprintf(id->data, sizeof(id->data), "%s", d && *d ? d : data_regime_name(DATA_RANDOM));
	snprintf(id->gpu, sizeof(id->gpu), "%s", g ? g : "");
	return 0;
}

int run_csv_replicas(const struct csv_table *t, unsigned long long *which)
{
	unsigned long long seen = 0;
	int n = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		struct row_ident id;
		char err[256];
		if (run_row_ident(t, r, &id, err, sizeof(err)) == 0 && !(seen >> (id.replica - 1) & 1))
			seen |= 1ULL << (id.replica - 1), n++;
	}
	if (which)
		*which = seen;
	return n;
}

int run_invocations_read(const char *csv_path, struct run_invocations *v, char *err, size_t errlen)
{
	char path[1024];
	struct csv_table t;
	const char *slash = strrchr(csv_path, '/');
	memset(v, 0, sizeof(*v));
	for (int r = 0; r <= RUN_MAX_REPLICAS; r++)
		v->of[r] = 1;
	snprintf(path, sizeof(path), "%.*sinvocations.csv", slash ? (int)(slash - csv_path + 1) : 0, csv_path);
	struct stat st;
	if (stat(path, &st) != 0)
		return 0;
	static const char *const need[] = { "invocation", "first_replica", "replicas", NULL };
	if (csv_table_read_need(path, &t, need, err, errlen) != 0)
		return -1;
	int rc = 0, named[RUN_MAX_REPLICAS + 1] = { 0 };
	for (size_t r = 0; rc == 0 && r < t.nrows; r++) {
		const char *col[3] = { "invocation", "first_replica", "replicas" };
		long x[3];
		for (int k = 0; rc == 0 && k < 3; k++) {
			const char *s = csv_table_get(&t, r, col[k]);
			char *end;
			x[k] = s && *s ? strtol(s, &end, 10) : 0;
			if (!s || !*s || *end || x[k] < 1 || x[k] > RUN_MAX_REPLICAS) {
				snprintf(err, errlen, "%s:%ld: %s '%s' is not 1 to %d", path, t.lines[r], col[k], s ? s : "",
					 RUN_MAX_REPLICAS);
				rc = -1;
			}
		}
		for (long q = rc ? 0 : x[1]; rc == 0 && q < x[1] + x[2]; q++) {
			if (q > RUN_MAX_REPLICAS || named[q]) {
				snprintf(err, errlen, "%s:%ld: replica %ld %s", path, t.lines[r], q,
					 q > RUN_MAX_REPLICAS ? "is past 64" : "belongs to an earlier invocation too");
				rc = -1;
				break;
			}
			named[q] = 1, v->of[q] = (int)x[0];
		}
		v->n++;
	}
	csv_table_free(&t);
	return rc;
}

/* the highest replica any run CSV of rundir holds (0: none) */
static int run_highest_replica(const char *rundir)
{
	char path[1024], err[256];
	int hi = 0;
	DIR *d = opendir(rundir);
	for (struct dirent *e; d && (e = readdir(d));) {
		const size_t n = strlen(e->d_name);
		struct csv_table t;
		unsigned long long which;
		if (n < 5 || strcmp(e->d_name + n - 4, ".csv") || !strcmp(e->d_name, "meta.csv") ||
		    !strcmp(e->d_name, "invocations.csv") || !strcmp(e->d_name, "ceilings.csv"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", rundir, e->d_name);
		if (csv_table_read(path, &t, err, sizeof(err)) != 0)
			continue;
		if (csv_table_col(&t, "status") >= 0 && run_csv_replicas(&t, &which) > 0)
			for (int r = RUN_MAX_REPLICAS; r > hi; r--)
				if (which >> (r - 1) & 1) {
					hi = r;
					break;
				}
		csv_table_free(&t);
	}
	if (d)
		closedir(d);
	return hi;
}

int run_invocation_begin(const char *rundir, int replicas, const char *gpus, const char *started, int *first,
			 int *count, char *err, size_t errlen)
{
	char path[1024], staging[1024], csvp[1100];
	struct run_invocations v;
	struct stat st;
	snprintf(path, sizeof(path), "%s/invocations.csv", rundir);
	snprintf(staging, sizeof(staging), "%s/replicas", rundir);
	snprintf(csvp, sizeof(csvp), "%s/x.csv", rundir);
	if (replicas < 1 || replicas > RUN_MAX_REPLICAS) {
		snprintf(err, errlen, "replicas '%d' is not 1 to %d", replicas, RUN_MAX_REPLICAS);
		return -1;
	}
	if (run_invocations_read(csvp, &v, err, errlen) != 0)
		return -1;
	int last = 0, lo = 0, hi = 0;   /* the last invocation's replicas, lo..hi */
	for (int r = 1; r <= RUN_MAX_REPLICAS && v.n; r++)
		if (v.of[r] == v.n)
			lo = lo ? lo : r, hi = r, last = v.n;
	if (last && stat(staging, &st) == 0) {   /* an unfinished invocation: resumed */
		*first = lo, *count = hi - lo + 1;
		return 0;
	}
	const int top = run_highest_replica(rundir);
	if (top + replicas > RUN_MAX_REPLICAS) {
		snprintf(err, errlen, "%s: %d replicas and %d more are past %d", rundir, top, replicas, RUN_MAX_REPLICAS);
		return -1;
	}
	char text[2048];
	size_t k = 0;
	char *old = NULL;
	size_t oldn = 0;
	if (stat(path, &st) == 0 && input_file_read(path, &old, &oldn, err, errlen) != 0)
		return -1;
	if (old)
		k += (size_t)snprintf(text + k, sizeof(text) - k, "%.*s", (int)oldn, old);
	else {
		k += (size_t)snprintf(text + k, sizeof(text) - k, "invocation,first_replica,replicas,gpus,started_utc\n");
		if (top > 0)   /* the run's earlier rows: invocation 1 */
			k += (size_t)snprintf(text + k, sizeof(text) - k, "1,1,%d,NA,NA\n", top);
	}
	free(old);
	const int inv = v.n ? v.n + 1 : top > 0 ? 2 : 1;
	char devs[256];   /* the devices, space-separated (a CSV field of its own) */
	snprintf(devs, sizeof(devs), "%s", gpus && *gpus ? gpus : "NA");
	for (char *p = devs; *p; p++)
		if (*p == ',' || *p == '"' || *p == '\n')
			*p = ' ';
	k += (size_t)snprintf(text + k, sizeof(text) - k, "%d,%d,%d,%s,%s\n", inv, top + 1, replicas, devs,
			      started && *started && !strpbrk(started, ",\"\n") ? started : "NA");
	if (k >= sizeof(text)) {
		snprintf(err, errlen, "%s: too many invocations", path);
		return -1;
	}
	struct atomic_file a;
	if (atomic_open(&a, path) != 0 || fwrite(text, 1, k, a.f) != k || atomic_commit(&a) != 0) {
		if (a.f)
			atomic_abort(&a);
		snprintf(err, errlen, "%s", atomic_error()[0] ? atomic_error() : "cannot write invocations.csv");
		return -1;
	}
	*first = top + 1, *count = replicas;
	return 0;
}

int run_rows_distinct(const struct csv_table *t, const struct config_keys *keys, char *err, size_t errlen)
{
	struct row_ident a, b;
	struct run_invocations inv;
	if (run_invocations_read(t->path, &inv, err, errlen) != 0)
		return -1;
	for (size_t r = 1; r < keys->n; r++) {
		if (run_row_ident(t, r, &a, err, errlen) != 0)
			return -1;
		for (size_t q = 0; q < r; q++) {
			if (strcmp(keys->key[q], keys->key[r]) || run_row_ident(t, q, &b, err, errlen) != 0 ||
			    strcmp(a.data, b.data))
				continue;
			const int rep = a.replica == b.replica, once = inv.of[a.replica] == inv.of[b.replica];
			const int gpu = a.gpu[0] && !strcmp(a.gpu, b.gpu) && once;
			if (gpu || rep || !a.gpu[0] || !b.gpu[0]) {
				snprintf(err, errlen, "%s:%ld: configuration repeated (line %ld) %s: %s", t->path,
					 t->lines[r], t->lines[q], gpu ? "on one GPU" : rep ? "in one replica" :
					 "without its GPU", keys->key[r]);
				return -1;
			}
		}
	}
	return 0;
}

/* 1 when the rows of t are the list's configurations, each once in each of its replicas (at
 * least `replicas` of them), from distinct GPUs (run_rows_distinct) */
static int rows_match(const struct config_keys *list, const struct csv_table *t, int replicas, char *why,
		      size_t len)
{
	struct config_keys k;
	unsigned long long which;
	const int n = run_csv_replicas(t, &which);
	if (n < replicas) {
		snprintf(why, len, "%s: %d replica%s of the %d asked", t->path, n, n == 1 ? "" : "s", replicas);
		return 0;
	}
	if (t->nrows != (size_t)n * list->n) {
		snprintf(why, len, "%s: %zu rows for %zu configurations in %d replica%s", t->path, t->nrows, list->n,
			 n, n == 1 ? "" : "s");
		return 0;
	}
	if (table_keys(t, &k, why, len) != 0)
		return 0;
	int same = run_rows_distinct(t, &k, why, len) == 0;
	struct config_keys one = { 0, calloc(list->n ? list->n : 1, sizeof(*k.key)) };
	for (int rep = 1; same && rep <= 64; rep++) {   /* each replica: the list's configurations */
		if (!(which >> (rep - 1) & 1))
			continue;
		one.n = 0;
		for (size_t r = 0; r < t->nrows; r++) {
			struct row_ident id;
			if (run_row_ident(t, r, &id, why, len) != 0) {
				same = 0;
				break;
			}
			if (id.replica == rep && one.n < list->n)
				memcpy(one.key[one.n++], k.key[r], sizeof(*k.key));
		}
		if (same && !(same = same_keys(&one, list)))
			snprintf(why, len, "%s: replica %d's rows are not the list's configurations (the list changed)",
				 t->path, rep);
	}
	config_keys_free(&one);
	config_keys_free(&k);
	return same;
}

int run_csv_complete(const struct config_keys *list, const char *path, int replicas, char *why, size_t len)
{
	char *text;
	size_t n;
	struct csv_table t;
	why[0] = '\0';
	if (input_file_read(path, &text, &n, why, len) != 0)
		return 0;
	if (!n || text[n - 1] != '\n') {
		snprintf(why, len, "%s: %s", path, n ? "its last line has no end (a write cut short)" : "empty");
		free(text);
		return 0;
	}
	const int parsed = csv_table_parse(path, text, n, &t, why, len) == 0;
	free(text);
	if (!parsed)
		return 0;
	const int ok = rows_match(list, &t, replicas, why, len);
	csv_table_free(&t);
	return ok;
}

int run_csv_count(const char *path, const char *const *status, size_t k, long *n, char *err, size_t errlen)
{
	struct csv_table t;
	if (csv_table_read(path, &t, err, errlen) != 0)
		return -1;
	const int has = csv_table_col(&t, "status") >= 0;
	for (size_t i = 0; i < k; i++)
		n[i] = 0;
	for (size_t r = 0; r < t.nrows; r++)
		for (size_t i = 0; i < k; i++)
			n[i] += !status[i] || (has && !strcmp(csv_table_get(&t, r, "status"), status[i]));
	csv_table_free(&t);
	return 0;
}

long run_csv_wrong(const char *path, char *err, size_t errlen)
{
	static const char *const wrong[] = { "wrong" };
	long n;
	return run_csv_count(path, wrong, 1, &n, err, errlen) == 0 ? n : -1;
}

/* runs.h */
int run_rows_write(const char *path, const struct csv_table *t, const int *rows, size_t from, size_t to, char *err,
		   size_t errlen)
{
	struct csv_writer w;
	if (csv_writer_open(&w, path, (const char *const *)t->header, t->ncols) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	for (size_t i = from; i < to; i++) {
		const size_t r = rows ? (size_t)rows[i] : i;
		for (size_t c = 0; c < t->ncols; c++)
			csv_put_str(&w, t->cells[r][c]);
		csv_end_row(&w);
	}
	if (csv_writer_close(&w) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

long config_list_split(const char *list, long size, const char *dir, char *err, size_t errlen)
{
	struct csv_table t;
	long files = 0;
	if (size < 1) {
		snprintf(err, errlen, "chunk size %ld: not a positive count", size);
		return -1;
	}
	if (csv_table_read(list, &t, err, errlen) != 0)
		return -1;
	for (size_t at = 0; at < t.nrows; at += (size_t)size) {
		char path[1024];
		const size_t to = t.nrows - at < (size_t)size ? t.nrows : at + (size_t)size;
		snprintf(path, sizeof(path), "%s/%04ld.csv", dir, ++files);
		if (run_rows_write(path, &t, NULL, at, to, err, errlen) != 0) {
			files = -1;
			break;
		}
	}
	csv_table_free(&t);
	return files;
}

/* 1 when a and b have the same header */
static int same_header(const struct csv_table *a, const struct csv_table *b)
{
	if (a->ncols != b->ncols)
		return 0;
	for (size_t c = 0; c < a->ncols; c++)
		if (strcmp(a->header[c], b->header[c]))
			return 0;
	return 1;
}

/* the n tables joined under the first's header into out */
static int write_joined(const char *out, const struct csv_table *t, size_t n, char *err, size_t errlen)
{
	struct csv_writer w;
	if (csv_writer_open(&w, out, (const char *const *)t[0].header, t[0].ncols) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		for (size_t r = 0; r < t[i].nrows; r++) {
			for (size_t c = 0; c < t[i].ncols; c++)
				csv_put_str(&w, t[i].cells[r][c]);
			csv_end_row(&w);
		}
	if (csv_writer_close(&w) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

int run_csv_join(const char *out, const char *const *in, size_t n, int *bad_input, char *err, size_t errlen)
{
	struct csv_table *t = calloc(n ? n : 1, sizeof(*t));
	size_t read = 0;
	int ok = t && n, rc = -1;
	*bad_input = 1;
	if (!ok)
		snprintf(err, errlen, "%s: nothing to join", out);
	for (; ok && read < n; read++) {
		if (csv_table_read(in[read], &t[read], err, errlen) != 0)
			break;
		if (!same_header(&t[0], &t[read])) {
			snprintf(err, errlen, "%s: its header is not %s's: not joined", in[read], in[0]);
			ok = 0;
		}
	}
	if (ok && read == n) {
		*bad_input = 0;
		rc = write_joined(out, t, n, err, errlen);
	}
	for (size_t i = 0; i < read; i++)
		csv_table_free(&t[i]);
	free(t);
	return rc;
}
