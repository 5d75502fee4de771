/*
 * protocol.c - warm-up, sampling and stopping rule of the timing protocol. See protocol.h.
 */
#include "protocol.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void protocol_default(struct protocol *p)
{
	p->warmup_s = 1.0;
	p->calib_launches = 10;
	p->batch_s = 0.1;
	p->min_samples = 10;
	p->max_samples = 10000;
	p->max_sample_s = 0.5;
	p->target_ci = 0.005;
	p->flush_l2 = 1;
	p->max_retakes = 5;
	p->energy_window_s = 0.75;
}

void protocol_quick(struct protocol *p)
{
	protocol_default(p);
	p->warmup_s = 0.05;
	p->min_samples = 5;
	p->max_samples = 20;
	p->max_sample_s = 0.1;
	p->energy_window_s = 0;   /* a smoke run's 0.05 s warm-up spans no counter update */
}

void protocol_reasons_text(long long reasons, char *buf, size_t len)
{
	static const struct {
		long long bit;
		const char *name;
	} names[] = {
		{ PR_POWER_CAP, "power_cap" }, { PR_HW_SLOWDOWN, "hw_slowdown" }, { PR_SW_THERMAL, "sw_thermal" },
		{ PR_HW_THERMAL, "hw_thermal" }, { PR_POWER_BRAKE, "power_brake" }, { PR_IDLE, "idle" },
		{ PR_APP_CLOCKS, "app_clocks" }, { PR_SYNC_BOOST, "sync_boost" }, { PR_DISPLAY, "display" },
	};
	size_t used = 0;
	snprintf(buf, len, "%s", reasons < 0 ? "NA" : "none");
	for (size_t i = 0; reasons > 0 && i < sizeof(names) / sizeof(names[0]); i++)
		if ((reasons & names[i].bit) && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? "+" : "", names[i].name);
}

const char *protocol_stop_name(int reason)
{
	switch (reason) {
	case PROTOCOL_STOP_CI: return "ci";
	case PROTOCOL_STOP_TIME: return "time";
	case PROTOCOL_STOP_COUNT: return "count";
	default: return "none";
	}
}

/* the energy counter's readings over a warm-up's window (at most ENERGY_READS) */
#define ENERGY_READS 64
struct energy_log {
	double t[ENERGY_READS], mj[ENERGY_READS];
	long launches[ENERGY_READS];   /* the launches done when read */
	int n;
	int polled;                    /* read at its updates instead: t, launches [0..1] the window's
				        * ends, n the updates, poll_w the power */
	double poll_w;
};

/* a reading of the counter into e (when it has room and the counter one) */
static void energy_read(const struct protocol_ops *ops, struct energy_log *e, double t, long launches)
{
	const double mj = ops->energy_mj(ops->ctx);
	if (e->n < ENERGY_READS && mj == mj) {
		e->t[e->n] = t, e->mj[e->n] = mj, e->launches[e->n] = launches;
		e->n++;
	}
}

/* warmup_s of the row's own launches, time-based: calibration launches, then batches of about
 * batch_s until the time has passed; *launches: how many; *launch_s: the calibrated launch time.
 * e (NULL: none): the energy counter read at each batch boundary of its last window_s, or at its
 * updates from there; where the calibration launches ran past the window's start, the window opens
 * after them and the warm-up goes on until it has lasted window_s */
static int warm_up(const struct protocol *p, const struct protocol_ops *ops, double warmup_s, long *launches,
		   double *launch_s, struct energy_log *e)
{
	const double t0 = ops->now(ops->ctx);
	int rc;
	if ((rc = ops->launch(ops->ctx, p->calib_launches)) != 0)
		return rc;
	*launch_s = (ops->now(ops->ctx) - t0) / p->calib_launches;
	*launches = p->calib_launches;
	const int log = e && ops->energy_mj && !ops->energy_begin && p->energy_window_s > 0;
	const int poll = e && ops->energy_begin && ops->energy_end && p->energy_window_s > 0;
	int polling = 0;
	double opened = NAN;   /* when the window opened: it lasts energy_window_s, the warm-up longer where
				* slow calibration launches ran into it (a warm-up is at least warmup_s) */
	for (;;) {
		const double now = ops->now(ops->ctx), left = warmup_s - (now - t0);
		if (log && left <= p->energy_window_s) {
			energy_read(ops, e, now, *launches);
			if (opened != opened && e->n > 0)
				opened = now;
		}
		if (poll && !polling && left <= p->energy_window_s && ops->energy_begin(ops->ctx) == 0) {
			polling = 1;   /* the window's launches from here */
			opened = e->t[0] = now, e->launches[0] = *launches;
		}
		if (left <= 0 && !(now - opened < p->energy_window_s)) {
			if (polling) {   /* the power between the counter's first and last update in the window */
				int updates;
				e->poll_w = ops->energy_end(ops->ctx, &updates);
				e->t[1] = now, e->launches[1] = *launches, e->n = updates, e->polled = 1;
			}
			return 0;
		}
		const long batch = (long)(fmin(fmax(left, opened + p->energy_window_s - now), p->batch_s) /
					  fmax(*launch_s, 1e-9)) + 1;
		if ((rc = ops->launch(ops->ctx, batch)) != 0)
			return rc;
		*launches += batch;
	}
}

/* the average power of e's window, the least-squares slope of energy over time, into r (three
 * readings at least, else NaN) */
static void energy_fit(const struct energy_log *e, struct protocol_result *r)
{
	if (e->polled) {
		r->counter_w = e->poll_w;
		r->energy_s = r->counter_w == r->counter_w ? e->t[1] - e->t[0] : NAN;
		r->energy_launches = r->counter_w == r->counter_w ? e->launches[1] - e->launches[0] : 0;
		r->energy_reads = e->n;
		return;
	}
	r->counter_w = stats_slope(e->t, e->mj, (size_t)e->n) / 1000;   /* mJ/s */
	r->energy_s = r->counter_w == r->counter_w ? e->t[e->n - 1] - e->t[0] : NAN;
	r->energy_launches = r->counter_w == r->counter_w ? e->launches[e->n - 1] - e->launches[0] : 0;
	r->energy_reads = e->n;
}

/* a kept sample appended to r (its arrays grown as needed) */
static void keep(struct protocol_result *r, const struct protocol_sample *s, int *cap)
{
	if (r->n == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		r->seconds = realloc(r->seconds, (size_t)*cap * sizeof(double));
		r->sm_mhz = realloc(r->sm_mhz, (size_t)*cap * sizeof(double));
		r->power_w = realloc(r->power_w, (size_t)*cap * sizeof(double));
	}
	r->seconds[r->n] = s->seconds;
	r->sm_mhz[r->n] = s->sm_mhz;
	r->power_w[r->n] = s->power_w;
	r->n++;
	if (s->reasons >= 0)
		r->reasons = (r->reasons < 0 ? 0 : r->reasons) | s->reasons;
}

/* the median of v's known (> 0) values, NaN when none; *min their minimum */
static double known_median(const double *v, int n, double *min)
{
	double *known = malloc((size_t)(n > 0 ? n : 1) * sizeof(double)), med = NAN;
	size_t k = 0;
	for (int i = 0; i < n; i++)
		if (v[i] > 0)
			known[k++] = v[i];
	if (min)
		*min = k ? stats_quantile(known, k, 0.0) : NAN;
	if (k)
		med = stats_quantile(known, k, 0.5);
	free(known);
	return med;
}

/* whether the samples may stop: the median's confidence target, the time or the count limit */
static int enough(const struct protocol *p, const struct protocol_ops *ops, struct protocol_result *r, double t_samp,
		  int *next_check)
{
	if (r->n >= p->min_samples) {
		if (r->n >= *next_check) {
			*next_check = r->n + (r->n + 9) / 10;
			if (stats_median_ci_rel(r->seconds, (size_t)r->n) <= p->target_ci)
				return r->stop_reason = PROTOCOL_STOP_CI;
		}
		if (ops->now(ops->ctx) - t_samp >= p->max_sample_s)
			return r->stop_reason = PROTOCOL_STOP_TIME;
	}
	if (r->n >= p->max_samples)
		return r->stop_reason = PROTOCOL_STOP_COUNT;
	return 0;
}

int protocol_row(const struct protocol *p, const struct protocol_ops *ops, double warmup_s, double rest_s,
		 struct protocol_result *r)
{
	struct protocol_sample s;
	double t_samp, t_first, launch_s;
	long launches;
	int rc, cap = 0, next_check = p->min_samples;

	memset(r, 0, sizeof(*r));
	r->sm_mhz_median = r->sm_mhz_min = r->power_median_w = r->counter_w = r->energy_s = r->sampled_counter_w = NAN;
	r->reasons = -1;
	r->warmup_asked_s = warmup_s < 0 ? p->warmup_s : warmup_s;
	r->rest_s = rest_s > 0 ? rest_s : 0;
	if (r->rest_s > 0 && ops->rest) {
		const double t_rest = ops->now(ops->ctx);
		ops->rest(ops->ctx, r->rest_s);
		r->rest_wall_s = ops->now(ops->ctx) - t_rest;
	}

	/* 1. the row's own warm-up, immediately before its samples, the energy counter read over its end */
	const double t0 = ops->now(ops->ctx);
	struct energy_log elog = { .n = 0, .polled = 0 };
	if ((rc = warm_up(p, ops, r->warmup_asked_s, &launches, &launch_s, &elog)) != 0)
		return rc;
	energy_fit(&elog, r);
	r->calib_launch_s = launch_s;
	r->warmup_launches = launches;
	t_samp = t_first = ops->now(ops->ctx);
	r->warmup_s = t_samp - t0;
	r->first_sample_at_s = r->warmup_s;
	r->own_before_first_s = (double)launches * launch_s;

	/* 2. samples until the stopping rule, the energy counter read at its updates over them as a
	 * check; 3. a thermal or slowdown sample retaken after a fresh warm-up (the time limit counts
	 * from the last warm-up's end) */
	const int check = ops->energy_begin && ops->energy_end && p->energy_window_s > 0 &&
			  ops->energy_begin(ops->ctx) == 0;
	for (;;) {
		const double t_this = ops->now(ops->ctx);
		if ((rc = ops->sample(ops->ctx, p->flush_l2, &s)) != 0)
			return rc;
		if (s.reasons > 0 && (s.reasons & PR_RETAKE)) {
			if (r->retakes < p->max_retakes) {
				r->retakes++;
				if ((rc = warm_up(p, ops, r->warmup_asked_s, &launches, &launch_s, NULL)) != 0)
					return rc;
				t_samp = ops->now(ops->ctx);
				r->retakes_s += t_samp - t_this;   /* the discarded sample and its warm-up */
				continue;
			}
			r->throttled++;
		}
		keep(r, &s, &cap);
		if (enough(p, ops, r, t_samp, &next_check))
			break;
	}
	r->sampling_s = ops->now(ops->ctx) - t_first - r->retakes_s;
	if (check) {
		const double w = ops->energy_end(ops->ctx, &r->sampled_counter_updates);
		if (r->sampled_counter_updates >= PROTOCOL_CHECK_UPDATES && r->retakes == 0)
			r->sampled_counter_w = w;
	}

	/* 4. summary */
	stats_compute(r->seconds, (size_t)r->n, &r->time);
	r->median_ci = stats_median_ci_rel(r->seconds, (size_t)r->n);
	r->sm_mhz_median = known_median(r->sm_mhz, r->n, &r->sm_mhz_min);
	r->power_median_w = known_median(r->power_w, r->n, NULL);
	return 0;
}

void protocol_free(struct protocol_result *r)
{
	free(r->seconds);
	free(r->sm_mhz);
	free(r->power_w);
	r->seconds = r->sm_mhz = r->power_w = NULL;
}

/* timed_launches back to back between two host clock readings (the launch call waits for them) */
static int original_time(const struct protocol_ops *ops, long n, double *mean)
{
	double t0 = ops->now(ops->ctx);
	int rc = ops->launch(ops->ctx, n);
	*mean = (ops->now(ops->ctx) - t0) / (double)n;
	return rc;
}

int protocol_original(const struct protocol_ops *ops, struct original_result *r)
{
	int rc;
	r->idle_s = ORIGINAL_IDLE_S;
	r->warmup_launches = ORIGINAL_WARMUP;
	r->timed_launches = ORIGINAL_TIMED;
	r->cold_s = r->warm_s = NAN;
	if (ops->rest)
		ops->rest(ops->ctx, r->idle_s);
	r->idle_mhz = ops->clock ? ops->clock(ops->ctx) : NAN;
	if ((rc = ops->launch(ops->ctx, r->warmup_launches)) != 0)
		return rc;
	return original_time(ops, r->timed_launches, &r->cold_s);
}

int protocol_original_warm(const struct protocol_ops *ops, struct original_result *r)
{
	return original_time(ops, r->timed_launches, &r->warm_s);
}

void protocol_text(const struct protocol *p, int quick, char *buf, size_t len)
{
	/* a warm-up under the specified second is a labelled shortcut, never silent */
	const char *label = quick ? "QUICK: " : p->warmup_s < 1.0 ? "SHORTENED WARM-UP: " : "";
	snprintf(buf, len, "%swarm-up %.2f s of each row's own kernel, after %d calibration launches; samples >= %d "
		 "until the median's 95%% confidence interval is within %.1f%% of it or %.1f s; a sample with an NVML "
		 "thermal or hardware-slowdown reason retaken after a fresh warm-up (at most %d a row), power-capped "
		 "samples kept", label, p->warmup_s, p->calib_launches, p->min_samples,
		 100 * p->target_ci, p->max_sample_s, p->max_retakes);
}

void protocol_ceilings_text(int quick, int counters, char *buf, size_t len)
{
	snprintf(buf, len, "%sceilings: each microbenchmark %.2f s of itself, then the median of >= %d launches "
		 "timed one by one over %.2f s (sustained, the value); burst: best of %d launches after 3, beside it; "
		 "counters %s", quick ? "QUICK: " : "", quick ? 0.05 : CEIL_WARMUP_S, quick ? 3 : 10,
		 quick ? 0.02 : CEIL_SAMPLE_S, quick ? 3 : 10, counters ? "on" : "off");
}

void protocol_original_text(char *buf, size_t len, int on)
{
	if (!on) {
		snprintf(buf, len, "%s", "");
		return;
	}
	snprintf(buf, len, "; original protocol too: %.1f s idle, %d launches, then %d timed by the host clock (their "
		 "mean), and the same %d again after the warm-up", ORIGINAL_IDLE_S, ORIGINAL_WARMUP, ORIGINAL_TIMED,
		 ORIGINAL_TIMED);
}
