/*
 * energypoll.c - the energy counter read at its own updates. See energypoll.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "energypoll.h"

#include <math.h>
#include <time.h>

static double mono_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *poll_loop(void *arg)
{
	struct energy_poll *p = arg;
	double last = p->read_mj();
	const struct timespec ms = { 0, 1000000 };
	while (!p->stop) {
		nanosleep(&ms, NULL);
		const double v = p->read_mj(), t = mono_s();
		if (v == last || v != v)
			continue;
		if (!p->updates)
			p->t0 = t, p->e0 = v;
		p->t1 = t, p->e1 = v;
		p->updates++;
		last = v;
	}
	return NULL;
}

int energy_poll_start(struct energy_poll *p, double (*read_mj)(void))
{
	p->stop = p->updates = p->running = 0;
	p->read_mj = read_mj;
	p->t0 = p->e0 = p->t1 = p->e1 = NAN;
	if (!read_mj || isnan(read_mj()) || pthread_create(&p->thread, NULL, poll_loop, p) != 0)
		return -1;
	p->running = 1;
	return 0;
}

double energy_poll_stop(struct energy_poll *p, double *span_s, int *updates)
{
	*span_s = NAN;
	*updates = 0;
	if (!p->running)
		return NAN;
	p->stop = 1;
	pthread_join(p->thread, NULL);
	p->running = 0;
	*updates = p->updates;
	if (p->updates < 3 || !(p->t1 > p->t0))
		return NAN;
	*span_s = p->t1 - p->t0;
	return (p->e1 - p->e0) / *span_s / 1000;   /* mJ/s */
}
