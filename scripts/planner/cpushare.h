/*
 * cpushare.h - the host's cores shared among the runners of one node (make reproduce GPUS=, make
 * reference GPUS=): every runner's OpenMP regions (the CPU reference of each row's verification,
 * SpMV's matrices) would otherwise take every core of the host, so N runners at once oversubscribe
 * it N times and each row's set-up and verification cost several times what they cost alone. Each
 * runner takes the cores this process may use (its affinity mask, capped by a cgroup CPU quota and
 * by SLURM_CPUS_PER_TASK) divided by the runners on the host, preferring the cores the host says
 * are near its GPU (the PCI device's local_cpulist). The plan is pure (tested on a fake host,
 * tests/test_node.c); the runner reads the host (profiling/hostcpu.c), pins itself to its
 * share and records it in meta.csv (cpu_threads, cpu_cores, cpu_share).
 */
#ifndef CPUSHARE_H
#define CPUSHARE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CPU_LIST_MAX 1024
/* a set of CPU numbers, ascending, each once */
struct cpu_list {
	int n;
	int cpu[CPU_LIST_MAX];
};

/* "0-3,8,10-11" (the kernel's cpulist format; blanks and a trailing newline allowed) into l:
 * 0, or -1 (a malformed list, a range backwards or past CPU_LIST_MAX) */
int cpu_list_parse(const char *s, struct cpu_list *l);
/* l as a cpulist ("0-3,8"); "" when empty */
void cpu_list_format(const struct cpu_list *l, char *buf, size_t len);
/* cgroup v2's cpu.max ("max 100000", "150000 100000"): the quota in cores (0: none); -1 malformed */
double cpu_quota_parse(const char *cpu_max);

/* what the host lets this process use */
struct cpu_host {
	struct cpu_list allowed;   /* the affinity mask */
	double quota;              /* the cgroup's CPU quota in cores (0: none) */
	long slurm;                /* SLURM_CPUS_PER_TASK (0: not set) */
};

/* one runner's share */
struct cpu_share {
	int runners, index;        /* this runner is index (0-based) of runners on the host */
	int budget;                /* the cores all of them together may use */
	struct cpu_list cores;     /* this runner's cores (pinned to them) */
	int threads;               /* its OpenMP threads: its cores' count */
	int near;                  /* how many of its cores are near its GPU */
};

/*
 * Runner index of runners: the budget is the allowed cores capped by the quota (whole cores, at
 * least one) and by slurm; each runner gets budget / runners of them (at least one), assigned in
 * runner order, each taking first the free cores of its own near list (near[r], NULL or empty:
 * none known), then the lowest free allowed ones; runners beyond the cores share them round the
 * allowed list. Every runner computes the same plan from the same host, so shares are disjoint
 * whenever there are enough cores. 0, or -1 (no allowed core, a bad index).
 */
int cpu_share_plan(const struct cpu_host *h, int runners, int index, const struct cpu_list *near,
		   struct cpu_share *out);
/* "1/4 of a budget of 64 (affinity 64, quota none, slurm none); 16 cores, 16 near its GPU" */
void cpu_share_text(const struct cpu_host *h, const struct cpu_share *s, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
