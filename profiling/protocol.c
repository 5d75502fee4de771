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
	p->row_warmup_s = 0.05;
	p->rewarm_after_s = 0.5;
	p->calib_launches = 10;
	p->batch_s = 0.1;
	p->min_samples = 10;
	p->max_samples = 10000;
	p->max_sample_s = 0.5;
	p->target_ci = 0.005;
	p->flush_l2 = 1;
	p->throttle_frac = 0.75;
	p->max_retakes = 20;
	p->rest_s = 0.05;
}

void protocol_quick(struct protocol *p)
{
	protocol_default(p);
	p->warmup_s = 0.05;
	p->row_warmup_s = 0.02;
	p->min_samples = 5;
	p->max_samples = 20;
	p->max_sample_s = 0.1;
}

double protocol_warmup(const struct protocol *p, double idle_s)
{
	if (idle_s < 0 || idle_s > p->rewarm_after_s)
		return p->warmup_s;
	return fmin(p->row_warmup_s, p->warmup_s);
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

int protocol_run(const struct protocol *p, const struct protocol_ops *ops, double idle_s, double max_sm_mhz,
		 struct protocol_result *r)
{
	double t0, t_warm, t_samp, sec, mhz;
	const double warmup_s = protocol_warmup(p, idle_s);
	int rc, cap = 64, next_check;

	memset(r, 0, sizeof(*r));
	r->sm_mhz_median = r->sm_mhz_min = NAN;
	r->idle_s = idle_s < 0 ? NAN : idle_s;

	/* 1. warm-up: calibrate, then launch in batches until the row's warm-up has passed */
	t0 = ops->now(ops->ctx);
	if ((rc = ops->launch(ops->ctx, p->calib_launches)) != 0)
		return rc;
	r->calib_launch_s = (ops->now(ops->ctx) - t0) / p->calib_launches;
	r->warmup_launches = p->calib_launches;
	for (;;) {
		double left = warmup_s - (ops->now(ops->ctx) - t0);
		long batch;
		if (left <= 0)
			break;
		batch = (long)(fmin(left, p->batch_s) / fmax(r->calib_launch_s, 1e-9)) + 1;
		if ((rc = ops->launch(ops->ctx, batch)) != 0)
			return rc;
		r->warmup_launches += batch;
	}
	t_warm = ops->now(ops->ctx);
	r->warmup_s = t_warm - t0;

	/* 2. samples until the median's confidence target, the time limit or the count limit (the
	 * interval, a sort, is checked at n growing by a tenth) */
	next_check = p->min_samples;
	r->seconds = malloc((size_t)cap * sizeof(double));
	r->sm_mhz = malloc((size_t)cap * sizeof(double));
	t_samp = t_warm;
	for (;;) {
		if (r->n == cap) {
			cap *= 2;
			r->seconds = realloc(r->seconds, (size_t)cap * sizeof(double));
			r->sm_mhz = realloc(r->sm_mhz, (size_t)cap * sizeof(double));
		}
		if ((rc = ops->sample(ops->ctx, p->flush_l2, &sec, &mhz)) != 0)
			return rc;
		/* 3. a throttled sample is retaken after a rest, a bounded number of times */
		if (max_sm_mhz > 0 && mhz > 0 && mhz < p->throttle_frac * max_sm_mhz) {
			if (r->retakes < p->max_retakes) {
				r->retakes++;
				if (ops->rest)
					ops->rest(ops->ctx, p->rest_s);
				continue;
			}
			r->throttled++;
		}
		r->seconds[r->n] = sec;
		r->sm_mhz[r->n] = mhz;
		r->n++;
		if (r->n >= p->min_samples) {
			if (r->n >= next_check) {
				next_check = r->n + (r->n + 9) / 10;
				if (stats_median_ci_rel(r->seconds, (size_t)r->n) <= p->target_ci) {
					r->stop_reason = PROTOCOL_STOP_CI;
					break;
				}
			}
			if (ops->now(ops->ctx) - t_warm >= p->max_sample_s) {
				r->stop_reason = PROTOCOL_STOP_TIME;
				break;
			}
		}
		if (r->n >= p->max_samples) {
			r->stop_reason = PROTOCOL_STOP_COUNT;
			break;
		}
	}
	r->sampling_s = ops->now(ops->ctx) - t_samp;

	/* 4. summary */
	stats_compute(r->seconds, (size_t)r->n, &r->time);
	r->median_ci = stats_median_ci_rel(r->seconds, (size_t)r->n);
	{
		double *known = malloc((size_t)r->n * sizeof(double));
		size_t k = 0;
		for (int i = 0; i < r->n; i++)
			if (r->sm_mhz[i] > 0)
				known[k++] = r->sm_mhz[i];
		if (k) {
			r->sm_mhz_median = stats_quantile(known, k, 0.5);
			r->sm_mhz_min = stats_quantile(known, k, 0.0);
		}
		free(known);
	}
	return 0;
}

void protocol_free(struct protocol_result *r)
{
	free(r->seconds);
	free(r->sm_mhz);
	r->seconds = r->sm_mhz = NULL;
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
	if (p->rewarm_after_s < 0) {
		snprintf(buf, len, "%swarm-up %.2f s every row, after %d calibration launches; samples >= %d until the "
			 "median's 95%% confidence interval is within %.1f%% of it or %.1f s", quick ? "QUICK: " : "",
			 p->warmup_s, p->calib_launches, p->min_samples, 100 * p->target_ci, p->max_sample_s);
		return;
	}
	snprintf(buf, len, "%swarm-up %.2f s (a process's first row, and after the GPU idled over %.1f s), else "
		 "%.2f s, after %d calibration launches; samples >= %d until the median's 95%% confidence "
		 "interval is within %.1f%% of it or %.1f s", quick ? "QUICK: " : "", p->warmup_s, p->rewarm_after_s,
		 fmin(p->row_warmup_s, p->warmup_s), p->calib_launches, p->min_samples, 100 * p->target_ci,
		 p->max_sample_s);
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
