/*
 * hostcpu.h - the runner's share of the host's cores (scripts/planner/cpushare.h plans it): the host read
 * (affinity mask, cgroup CPU quota, SLURM_CPUS_PER_TASK, the cores near a PCI device), the share
 * applied (the process pinned to its cores, OpenMP held to their count) and recorded for
 * meta.csv. Host C; the runner calls it once, after opening its device (stencilbench.cu).
 */
#ifndef HOSTCPU_H
#define HOSTCPU_H

#include <stddef.h>

#include "cpushare.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --cpu-share I/N[:D0,D1,...]: runner I (1-based) of N on this host, and the devices of the N
 * runners in runner order (for each one's near cores; none given: this runner's own device for its
 * own, none for the others). 0, or -1 with why (a one-line reason naming the value). */
struct cpu_share_spec {
	int index, runners;        /* 0-based index */
	int ndev, dev[64];
};
int cpu_share_spec_parse(const char *s, struct cpu_share_spec *sp, char *why, size_t len);

/* the host as this process sees it: 0, or -1 (no affinity mask) */
int hostcpu_read(struct cpu_host *h);
/* the cores the host says are near the PCI device bus_id ("0000:3B:00.0"): 0, or -1 (not known) */
int hostcpu_near(const char *bus_id, struct cpu_list *l);
/* pin this process to s's cores and hold OpenMP to their count (unless OMP_NUM_THREADS is set,
 * which then decides the count); records the share for hostcpu_meta. 0, or -1 (pinning refused:
 * the threads are still set) */
int hostcpu_apply(const struct cpu_host *h, const struct cpu_share *s);
/* what meta.csv records: the threads OpenMP will use, the cores, the share in words (before any
 * hostcpu_apply: the whole host, not pinned) */
void hostcpu_meta(int *threads, char *cores, size_t clen, char *share, size_t slen);

#ifdef __cplusplus
}
#endif
#endif
