/*
 * energypoll.c - the energy counter read at its own updates, each read at an instant the host's
 * lock allows. See energypoll.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "energypoll.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hostlock.h"

static double mono_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* one read where the lock allows it: the value (NaN: held back or none) and when it was read; a read
 * held back marks a gap (p->gap) until the next one made */
static double read_once(struct energy_poll *p, double *t)
{
	if (!hostlock_quiet_try(p->lock_fd)) {
		p->st.held++;
		p->gap = 1;
		return NAN;
	}
	const double a = mono_s(), v = p->read_mj();
	*t = mono_s();
	hostlock_quiet_end(p->lock_fd);
	p->st.reads++;
	p->st.read_s += *t - a;
	if (*t - a > p->st.read_max_s)
		p->st.read_max_s = *t - a;
	return v;
}

static void *poll_loop(void *arg)
{
	struct energy_poll *p = arg;
	double last = NAN;
	const struct timespec ms = { 0, 1000000 };
	p->gap = 0;
	while (!p->stop) {
		double t = NAN;
		const int gap = p->gap;   /* a read held back since the last one made */
		const double v = read_once(p, &t);
		if (v == v) {
			/* an update seen on time (no read held back since the one before): its instant
			 * known to a poll's cadence (the 1 ms pause and the query) */
			if (last == last && v != last && !gap) {
				if (!p->updates)
					p->t0 = t, p->e0 = v;
				p->t1 = t, p->e1 = v;
				p->updates++;
			}
			last = v;
			p->gap = 0;
		}
		nanosleep(&ms, NULL);
	}
	return NULL;
}

void energy_poll_reset(struct energy_poll *p)
{
	p->st.reads = p->st.held = 0;
	p->st.read_s = p->st.read_max_s = 0;
}

int energy_poll_enabled(void)
{
	const char *e = getenv("STENCIL_ENERGY");
	return !(e && !strcmp(e, "off"));
}

int energy_poll_start(struct energy_poll *p, double (*read_mj)(void))
{
	p->stop = p->updates = p->running = 0;
	p->read_mj = read_mj;
	p->t0 = p->e0 = p->t1 = p->e1 = NAN;
	if (!energy_poll_enabled() || !read_mj || isnan(read_mj()))
		return -1;
	p->lock_fd = hostlock_open();
	if (pthread_create(&p->thread, NULL, poll_loop, p) != 0) {
		hostlock_close(p->lock_fd);
		return -1;
	}
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
	hostlock_close(p->lock_fd);
	p->running = 0;
	*updates = p->updates;
	if (p->updates < 3 || !(p->t1 > p->t0))
		return NAN;
	*span_s = p->t1 - p->t0;
	return (p->e1 - p->e0) / *span_s / 1000;   /* mJ/s */
}
