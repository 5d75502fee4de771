/*
 * hostlock.h - the runners of one host kept out of each other's driver calls where NVML's energy
 * query contends with them: a runner's driver-heavy phases (a row's set-up and teardown, its CUPTI
 * counter passes) hold a shared lock on one file of the host, and its energy poller (energypoll.h)
 * reads the counter only at an instant it can take that lock exclusively (it never waits: a read
 * that would overlap another runner's phase is held back, and the poller's window then keeps only
 * the counter's updates it saw to the millisecond). STENCIL_NVML_LOCK names the file (default
 * /tmp/stencil-repro-nvml.lock); STENCIL_NVML_LOCK=off turns the lock off, an experiment's arm
 * (make node-ab), never a default. Host code; the runner's phases (measure.cu, workload-run.cu).
 */
#ifndef HOSTLOCK_H
#define HOSTLOCK_H

#ifdef __cplusplus
extern "C" {
#endif

/* a descriptor on the host's lock file, -1 when the lock is off or the file cannot be opened */
int hostlock_open(void);
void hostlock_close(int fd);
/* a driver-heavy phase of this runner: the shared lock taken (waiting for a read in flight) and
 * released; nothing where the lock is off */
void hostlock_phase_begin(void);
void hostlock_phase_end(void);
/* the poller's instant: 1 when fd's exclusive lock was taken (release it after the read), 0 when
 * another runner is in a phase; 1 without a lock (fd -1) */
int hostlock_quiet_try(int fd);
void hostlock_quiet_end(int fd);
/* whether the lock is on ("on" or "off (STENCIL_NVML_LOCK=off)"), for meta.csv's protocol detail */
const char *hostlock_state(void);

#ifdef __cplusplus
}
#endif
#endif
