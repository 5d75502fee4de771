/*
 * cpushare.c - the host's cores shared among the runners of one node. See cpushare.h.
 */
#include "cpushare.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int has(const struct cpu_list *l, int c)
{
	for (int i = 0; l && i < l->n; i++)
		if (l->cpu[i] == c)
			return 1;
	return 0;
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* c added unless there (the list kept ascending by the caller's sort) */
static int add(struct cpu_list *l, int c)
{
	if (has(l, c))
		return 0;
	if (l->n >= CPU_LIST_MAX)
		return -1;
	l->cpu[l->n++] = c;
	return 0;
}

int cpu_list_parse(const char *s, struct cpu_list *l)
{
	l->n = 0;
	while (*s) {
		char *end;
		while (*s == ' ' || *s == '\n' || *s == '\t')
			s++;
		if (!*s)
			break;
		if (!isdigit((unsigned char)*s))
			return -1;
		long a = strtol(s, &end, 10), b = a;
		s = end;
		if (*s == '-') {
			if (!isdigit((unsigned char)s[1]))
				return -1;
			b = strtol(s + 1, &end, 10);
			s = end;
		}
		if (b < a || b >= CPU_LIST_MAX)
			return -1;
		for (long c = a; c <= b; c++)
			if (add(l, (int)c) != 0)
				return -1;
		while (*s == ' ' || *s == '\n' || *s == '\t')
			s++;
		if (*s == ',')
			s++;
		else if (*s)
			return -1;
	}
	qsort(l->cpu, (size_t)l->n, sizeof(int), cmp_int);
	return 0;
}

void cpu_list_format(const struct cpu_list *l, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < l->n && used < len; i++) {
		int j = i;
		while (j + 1 < l->n && l->cpu[j + 1] == l->cpu[j] + 1)
			j++;
		if (j > i)
			used += (size_t)snprintf(buf + used, len - used, "%s%d-%d", used ? "," : "", l->cpu[i], l->cpu[j]);
		else
			used += (size_t)snprintf(buf + used, len - used, "%s%d", used ? "," : "", l->cpu[i]);
		i = j;
	}
}

double cpu_quota_parse(const char *cpu_max)
{
	char q[32];
	double period;
	if (sscanf(cpu_max, "%31s %lf", q, &period) != 2 || !(period > 0))
		return -1;
	if (!strcmp(q, "max"))
		return 0;
	char *end;
	const double quota = strtod(q, &end);
	if (*end || !(quota > 0))
		return -1;
	return quota / period;
}

int cpu_share_plan(const struct cpu_host *h, int runners, int index, const struct cpu_list *near,
		   struct cpu_share *out)
{
	memset(out, 0, sizeof(*out));
	if (h->allowed.n < 1 || runners < 1 || index < 0 || index >= runners)
		return -1;
	int budget = h->allowed.n;
	if (h->quota > 0 && (int)h->quota < budget)
		budget = h->quota >= 1 ? (int)h->quota : 1;
	if (h->slurm > 0 && h->slurm < budget)
		budget = (int)h->slurm;
	const int per = budget / runners > 0 ? budget / runners : 1;
	struct cpu_list taken = { 0 };
	out->runners = runners, out->index = index, out->budget = budget;
	for (int r = 0; r <= index; r++) {
		struct cpu_list mine = { 0 };
		const struct cpu_list *nr = near ? &near[r] : NULL;
		/* its near cores first, then the lowest free ones */
		for (int pass = 0; pass < 2; pass++)
			for (int i = 0; i < h->allowed.n && mine.n < per; i++) {
				const int c = h->allowed.cpu[i];
				if ((pass == 0 && !has(nr, c)) || has(&taken, c))
					continue;
				add(&mine, c);
				add(&taken, c);
			}
		if (mine.n == 0)   /* more runners than cores: shared, round the allowed list */
			add(&mine, h->allowed.cpu[r % h->allowed.n]);
		qsort(mine.cpu, (size_t)mine.n, sizeof(int), cmp_int);
		if (r == index) {
			out->cores = mine;
			for (int i = 0; i < mine.n; i++)
				out->near += has(nr, mine.cpu[i]);
		}
	}
	out->threads = out->cores.n;
	return 0;
}

void cpu_share_text(const struct cpu_host *h, const struct cpu_share *s, char *buf, size_t len)
{
	char quota[32] = "none", slurm[32] = "none";
	if (h->quota > 0)
		snprintf(quota, sizeof(quota), "%.2f", h->quota);
	if (h->slurm > 0)
		snprintf(slurm, sizeof(slurm), "%ld", h->slurm);
	snprintf(buf, len, "%d/%d of a budget of %d (affinity %d, quota %s, slurm %s); %d cores, %d near its GPU",
		 s->index + 1, s->runners, s->budget, h->allowed.n, quota, slurm, s->cores.n, s->near);
}
