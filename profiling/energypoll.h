/*
 * energypoll.h - the GPU's energy counter read at its own updates: a thread polls it every
 * millisecond while a window is open and notes the instants its value changes (NVML updates it
 * every 20-100 ms; a query itself takes about 5 ms on an H200), so that the energy between the first
 * and the last update over the time between them is the window's average power to a poll's cadence,
 * where readings at arbitrary instants carry up to an update's worth of energy at each end (protocol.h: a row's warm-up window; the runner's
 * energy callbacks, profiling/measure.cu). A read is made only at an instant no other runner of
 * the host is in a driver-heavy phase (hostlock.h): a read held back leaves a gap, and an update
 * first seen after a gap is not taken as an instant (its moment is not known to a poll's cadence),
 * so the window still runs from one update seen on time to another. Host code.
 */
#ifndef ENERGYPOLL_H
#define ENERGYPOLL_H

#include <pthread.h>

#ifdef __cplusplus
extern "C" {
#endif

/* the reads of the windows since the last energy_poll_reset: how many, held back, their time */
struct energy_reads {
	long reads, held;
	double read_s, read_max_s;   /* seconds in the counter's query, summed, and the longest */
};

struct energy_poll {
	pthread_t thread;
	volatile int stop;
	int running;
	int lock_fd;                 /* the host's lock (hostlock.h), -1 without one */
	double (*read_mj)(void);     /* the counter, mJ; NaN when it has none */
	double t0, e0, t1, e1;       /* the first and the last update seen on time (host seconds, mJ) */
	int updates;
	int gap;                     /* a read was held back since the last one made (energypoll.c) */
	struct energy_reads st;
};

/* whether the counter is read at all: STENCIL_ENERGY=off turns it off, an experiment's arm (make
 * node-ab), never a default; its rows' energies are NA and meta.csv's protocol detail says so */
int energy_poll_enabled(void);
/* open a window: the thread started (read_mj: the counter); 0, or -1 when it cannot start, the
 * counter reads NaN or reading it is off */
int energy_poll_start(struct energy_poll *p, double (*read_mj)(void));
/* close it: the average power between the first and the last update (W; NaN under 3 updates), the
 * seconds between them and the updates seen */
double energy_poll_stop(struct energy_poll *p, double *span_s, int *updates);
/* the reads' counts and times start again from zero (a row's first window) */
void energy_poll_reset(struct energy_poll *p);

#ifdef __cplusplus
}
#endif
#endif
