/*
 * energypoll.h - the GPU's energy counter read at its own updates: a thread polls it every
 * millisecond while a window is open and notes the instants its value changes (NVML updates it
 * every 20-100 ms), so that the energy between the first and the last update over the time between
 * them is the window's average power to the millisecond, where readings at arbitrary instants carry
 * up to an update's worth of energy at each end (protocol.h: a row's warm-up window; the runner's
 * energy callbacks, profiling/measure.cu). Host code.
 */
#ifndef ENERGYPOLL_H
#define ENERGYPOLL_H

#include <pthread.h>

#ifdef __cplusplus
extern "C" {
#endif

struct energy_poll {
	pthread_t thread;
	volatile int stop;
	int running;
	double (*read_mj)(void);     /* the counter, mJ; NaN when it has none */
	double t0, e0, t1, e1;       /* the first and the last update seen (host seconds, mJ) */
	int updates;
};

/* open a window: the thread started (read_mj: the counter); 0, or -1 when it cannot start or the
 * counter reads NaN */
int energy_poll_start(struct energy_poll *p, double (*read_mj)(void));
/* close it: the average power between the first and the last update (W; NaN under 3 updates), the
 * seconds between them and the updates seen */
double energy_poll_stop(struct energy_poll *p, double *span_s, int *updates);

#ifdef __cplusplus
}
#endif
#endif
