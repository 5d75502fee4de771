/*
 * hostcpu.c - the runner's share of the host's cores, read, applied and recorded. See hostcpu.h.
 */
#define _GNU_SOURCE
#include "hostcpu.h"

#include <ctype.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "cli.h"

static struct {
	int applied, threads;
	char cores[512], share[256];
} rec;

int cpu_share_spec_parse(const char *s, struct cpu_share_spec *sp, char *why, size_t len)
{
	long i, n;
	char *end;
	memset(sp, 0, sizeof(*sp));
	i = strtol(s, &end, 10);
	if (end == s || *end != '/' || !isdigit((unsigned char)end[1]))
		goto bad;
	n = strtol(end + 1, &end, 10);
	if (i < 1 || n < 1 || i > n || n > 64 || (*end && *end != ':'))
		goto bad;
	sp->index = (int)i - 1, sp->runners = (int)n;
	if (*end == ':') {
		const char *p = end + 1;
		while (*p) {
			if (!isdigit((unsigned char)*p) || sp->ndev >= 64)
				goto bad;
			sp->dev[sp->ndev++] = (int)strtol(p, &end, 10);
			p = end;
			if (*p == ',' && isdigit((unsigned char)p[1]))
				p++;
			else if (*p)
				goto bad;
		}
		if (sp->ndev != sp->runners)
			goto bad;
	}
	return 0;
bad:
	snprintf(why, len, "bad --cpu-share '%s' (I/N or I/N:D1,...,DN: runner I of N on this host, 1 <= I <= N "
		 "<= 64, and the N runners' devices)", s);
	return -1;
}

/* the first line of path into buf: 0, or -1 */
static int first_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	const int ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	return ok ? 0 : -1;
}

/* cgroup v2's cpu.max, else v1's quota over period, in cores (0: none) */
static double cgroup_quota(void)
{
	char a[128], b[64];
	double q;
	if (first_line("/sys/fs/cgroup/cpu.max", a, sizeof(a)) == 0 && (q = cpu_quota_parse(a)) >= 0)
		return q;
	if (first_line("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", a, sizeof(a)) == 0 &&
	    first_line("/sys/fs/cgroup/cpu/cpu.cfs_period_us", b, sizeof(b)) == 0) {
		const double quota = atof(a), period = atof(b);
		return quota > 0 && period > 0 ? quota / period : 0;
	}
	return 0;
}

int hostcpu_read(struct cpu_host *h)
{
	cpu_set_t set;
	memset(h, 0, sizeof(*h));
	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return -1;
	for (int c = 0; c < CPU_SETSIZE && c < CPU_LIST_MAX; c++)
		if (CPU_ISSET(c, &set))
			h->allowed.cpu[h->allowed.n++] = c;
	h->quota = cgroup_quota();
	const char *s = getenv("SLURM_CPUS_PER_TASK");
	long v;
	if (s && cli_parse_int(s, &v) == 0 && v > 0)
		h->slurm = v;
	return h->allowed.n > 0 ? 0 : -1;
}

int hostcpu_near(const char *bus_id, struct cpu_list *l)
{
	char path[256], id[64], line[4096];
	size_t i;
	for (i = 0; bus_id[i] && i + 1 < sizeof(id); i++)
		id[i] = (char)tolower((unsigned char)bus_id[i]);
	id[i] = '\0';
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/local_cpulist", id);
	l->n = 0;
	if (first_line(path, line, sizeof(line)) != 0 || cpu_list_parse(line, l) != 0)
		return -1;
	return l->n > 0 ? 0 : -1;
}

int hostcpu_apply(const struct cpu_host *h, const struct cpu_share *s)
{
	cpu_set_t set;
	int rc = 0;
	CPU_ZERO(&set);
	for (int i = 0; i < s->cores.n; i++)
		CPU_SET(s->cores.cpu[i], &set);
	/* pinned only where the share is not the whole mask already */
	if (s->cores.n < h->allowed.n && sched_setaffinity(0, sizeof(set), &set) != 0)
		rc = -1;
	const char *env = getenv("OMP_NUM_THREADS");
#ifdef _OPENMP
	if (!(env && *env))
		omp_set_num_threads(s->threads);
	rec.threads = omp_get_max_threads();
#else
	rec.threads = 1;
#endif
	cpu_list_format(&s->cores, rec.cores, sizeof(rec.cores));
	cpu_share_text(h, s, rec.share, sizeof(rec.share));
	if (env && *env) {
		const size_t n = strlen(rec.share);
		snprintf(rec.share + n, sizeof(rec.share) - n, "; threads from OMP_NUM_THREADS=%s", env);
	}
	if (rc != 0) {
		const size_t n = strlen(rec.share);
		snprintf(rec.share + n, sizeof(rec.share) - n, "; not pinned (sched_setaffinity refused)");
	}
	rec.applied = 1;
	return rc;
}

void hostcpu_meta(int *threads, char *cores, size_t clen, char *share, size_t slen)
{
	if (!rec.applied) {
#ifdef _OPENMP
		*threads = omp_get_max_threads();
#else
		*threads = 1;
#endif
		snprintf(cores, clen, "NA");
		snprintf(share, slen, "not planned");
		return;
	}
	*threads = rec.threads;
	snprintf(cores, clen, "%s", rec.cores);
	snprintf(share, slen, "%s", rec.share);
}
