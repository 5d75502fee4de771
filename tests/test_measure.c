/*
 * test_measure.c - the measurement core without a GPU: statistics, the timing protocol driven
 * by a fake clock (each row's own warm-up, stopping rule, NVML-reason retakes; a three-row list
 * through the runner's options and row call; its warm-up values taken and refused as make's), the
 * grid layout and inputs, fp16 rounding, weights, the CPU reference against hand-computed values
 * and the two reference forms against each other, and the runner's run slug beside the Makefile's
 * (verification is tests/test_verify.c's; configuration lists tests/test_tables.c's).
 */
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "energypoll.h"
#include "experiment.h"
#include "grid.h"
#include "protocol.h"
#include "runopts.h"
#include "stats.h"

static void test_stats(void **state)
{
	static const double v[] = { 3, 1, 4, 1, 5, 9, 2, 6 };
	struct stats s;
	(void)state;
	stats_compute(v, 8, &s);
	assert_near(s.min, 1, 0);
	assert_near(s.max, 9, 0);
	assert_near(s.median, 3.5, 1e-15);
	assert_near(s.q1, 1.75, 1e-15);
	assert_near(s.q3, 5.25, 1e-15);
	assert_near(s.iqr, 3.5, 1e-15);
	assert_near(s.mean, 3.875, 1e-15);
	assert_near(s.stdev, sqrt(52.875 / 7), 1e-12);
	assert_near(s.rsd, sqrt(52.875 / 7) / 3.875, 1e-12);
	assert_near(stats_quantile(v, 8, 0.5), 3.5, 1e-15);
	assert_near(stats_quantile(v, 1, 0.5), 3, 0);
	assert_near(stats_rsd(v, 1), 0, 0);
	double one = 7;
	stats_compute(&one, 1, &s);
	assert_near(s.median, 7, 0);
	assert_near(s.stdev, 0, 0);
	stats_compute(v, 0, &s);
	assert_true(isnan(s.median));
}

/* ---- the protocol against a fake clock ---- */

struct fake {
	double t;             /* the clock */
	double launch_s;      /* cost of one launch */
	double flush_s;       /* cost of one L2 flush */
	const double *sample_s;   /* cycled sample durations */
	int nsample;
	const double *mhz;    /* cycled clocks */
	int nmhz;
	const long long *reasons;   /* cycled clock-event reasons (NULL: -1, unread) */
	int nreasons;
	double power_w;       /* every sample's board power (0: unread) */
	long launches, samples, flushes, rests;
	int fail_after;       /* launch() fails once this many launches were made (0: never) */
	long launches_at_sample[64];   /* launches made before each of the first 64 samples */
};

static double fake_now(void *c) { return ((struct fake *)c)->t; }

static int fake_launch(void *c, long n)
{
	struct fake *f = c;
	if (f->fail_after && f->launches + n > f->fail_after)
		return 7;
	f->launches += n;
	f->t += (double)n * f->launch_s;
	return 0;
}

static int fake_sample(void *c, int flush, struct protocol_sample *s)
{
	struct fake *f = c;
	if (flush) {
		f->flushes++;
		f->t += f->flush_s;
	}
	if (f->samples < 64)
		f->launches_at_sample[f->samples] = f->launches;
	s->seconds = f->sample_s[f->samples % f->nsample];
	s->sm_mhz = f->nmhz ? f->mhz[f->samples % f->nmhz] : -1;
	s->power_w = f->power_w > 0 ? f->power_w : -1;
	s->reasons = f->reasons ? f->reasons[f->samples % f->nreasons] : -1;
	f->t += s->seconds;
	f->samples++;
	return 0;
}

/* an idle clock while no launch has been made, the maximum after */
static double fake_clock(void *c) { return ((struct fake *)c)->launches ? 1980 : 345; }

static void fake_rest(void *c, double s)
{
	struct fake *f = c;
	f->rests++;
	f->t += s;
}

/* NVML's energy counter as a GPU drawing power_w keeps it: whole mJ, updated every 50 ms (a
 * staircase), NaN where the fake has none */
static double fake_energy(void *c)
{
	const struct fake *f = c;
	return f->power_w > 0 ? floor(floor(f->t / 0.05) * 0.05 * f->power_w * 1e3) : NAN;
}

/* The energy a row's warm-up ends with: the counter read at each batch of the last 0.75 s, its
 * slope the board's power (650 W from a 50 ms staircase within 2 %), the window's launches those
 * made in it; a GPU without the counter, or a smoke run's warm-up, reads none */
static void test_protocol_energy_counter(void **state)
{
	static const double steady[] = { 1e-3 };
	struct fake f = { .launch_s = 1e-3, .sample_s = steady, .nsample = 1, .power_w = 650 };
	struct protocol_ops ops = { &f, fake_now, fake_launch, fake_sample, NULL, NULL, fake_energy, NULL, NULL };
	struct protocol p;
	struct protocol_result r;
	(void)state;
	protocol_default(&p);
	assert_int_equal(protocol_row(&p, &ops, -1, 0, &r), 0);
	assert_true(r.energy_reads >= 7);
	assert_near(r.counter_w, 650, 13);
	assert_true(r.energy_s > 0.6 && r.energy_s <= 0.75 + p.batch_s);
	assert_near((double)r.energy_launches, r.energy_s / 1e-3, 1.5);   /* 1 ms a launch */
	/* the energy a launch: 650 W x 1 ms = 0.65 J, within the slope's 2 % */
	assert_near(r.counter_w * r.energy_s / (double)r.energy_launches, 0.65, 0.013);
	protocol_free(&r);
	f = (struct fake){ .launch_s = 1e-3, .sample_s = steady, .nsample = 1, .power_w = 0 };   /* no counter */
	assert_int_equal(protocol_row(&p, &ops, -1, 0, &r), 0);
	assert_true(isnan(r.counter_w) && r.energy_launches == 0 && r.energy_reads == 0);
	protocol_free(&r);
	protocol_quick(&p);   /* 0.05 s: no window */
	f = (struct fake){ .launch_s = 1e-3, .sample_s = steady, .nsample = 1, .power_w = 650 };
	assert_int_equal(protocol_row(&p, &ops, -1, 0, &r), 0);
	assert_true(isnan(r.counter_w));
	protocol_free(&r);
}

/* a fake polling window: exact energy at 650 W between begin and end (the fake clock's) */
static double fake_begin_t;
static int fake_begin(void *c)
{
	fake_begin_t = ((struct fake *)c)->t;
	return 0;
}
static double fake_end(void *c, int *updates)
{
	*updates = (int)((((struct fake *)c)->t - fake_begin_t) / 0.05);
	return 650;
}

/* the window read at the counter's updates where the runner polls it: the power as the poller
 * gives it, the window's launches and seconds the protocol's own; the check over the kept samples
 * only where they span 5 updates and none was retaken */
static void test_protocol_energy_poll(void **state)
{
	static const double steady[] = { 1e-3 };
	struct fake f = { .launch_s = 1e-3, .sample_s = steady, .nsample = 1, .power_w = 650 };
	struct protocol_ops ops = { &f, fake_now, fake_launch, fake_sample, NULL, NULL, fake_energy, fake_begin, fake_end };
	struct protocol p;
	struct protocol_result r;
	(void)state;
	protocol_default(&p);
	assert_int_equal(protocol_row(&p, &ops, -1, 0, &r), 0);
	assert_near(r.counter_w, 650, 0);
	assert_true(r.energy_s > 0.6 && r.energy_s <= 0.75 + p.batch_s);
	assert_near((double)r.energy_launches, r.energy_s / 1e-3, 1.5);
	assert_true(r.energy_reads >= 12);   /* updates every 50 ms over at least 0.6 s */
	/* the check over the kept samples: 1-ms samples span no 5 updates, NaN */
	assert_true(isnan(r.sampled_counter_w) && r.sampled_counter_updates < PROTOCOL_CHECK_UPDATES);
	protocol_free(&r);
	static const double slow[] = { 0.03, 0.031 };   /* 30-ms samples: 10 of them span 6 updates */
	f = (struct fake){ .launch_s = 1e-3, .sample_s = slow, .nsample = 2, .power_w = 650 };
	assert_int_equal(protocol_row(&p, &ops, -1, 0, &r), 0);
	assert_true(r.sampled_counter_updates >= PROTOCOL_CHECK_UPDATES);
	assert_near(r.sampled_counter_w, 650, 0);
	protocol_free(&r);
	static const long long hot[64] = { PR_SW_THERMAL };   /* the first sample only */
	f = (struct fake){ .launch_s = 1e-3, .sample_s = slow, .nsample = 2, .power_w = 650, .reasons = hot,
			   .nreasons = 64 };   /* a retaken sample: its warm-up inside the window, no check */
	assert_int_equal(protocol_row(&p, &ops, -1, 0, &r), 0);
	assert_int_equal(r.retakes, 1);
	assert_true(isnan(r.sampled_counter_w));
	protocol_free(&r);
	/* a kernel so slow that its 10 calibration launches take 0.9 s: the window opens after them and
	 * lasts its 0.75 s, the warm-up longer than 1 s */
	static const double slow_launch[] = { 0.09 };
	f = (struct fake){ .launch_s = 0.09, .sample_s = slow_launch, .nsample = 1, .power_w = 650 };
	assert_int_equal(protocol_row(&p, &ops, -1, 0, &r), 0);
	assert_near(r.counter_w, 650, 0);
	assert_true(r.energy_s >= 0.75 && r.energy_s < 0.75 + 0.09 + 1e-9);
	assert_true(r.warmup_s >= 0.9 + 0.75 - 1e-9 && r.warmup_s < 0.9 + 0.75 + 0.09 + 1e-9);
	assert_near((double)r.energy_launches, r.energy_s / 0.09, 1e-6);
	protocol_free(&r);
}

/* the poller itself on a counter that steps 35 J every 50 ms (700 W): the power between its first
 * and last update within 3 %, whatever the instants the window opens and closes */
static double poll_t0;
static double stepping_mj(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	const double t = (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec - poll_t0;
	return floor(t / 0.05) * 35000;
}

static void test_energy_poll_thread(void **state)
{
	(void)state;
	struct energy_poll ep;
	struct timespec ts, nap = { 0, 430000000 };
	double span;
	int updates;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	poll_t0 = (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec - 0.013;
	assert_int_equal(energy_poll_start(&ep, stepping_mj), 0);
	nanosleep(&nap, NULL);
	const double w = energy_poll_stop(&ep, &span, &updates);
	assert_true(updates >= 6 && updates <= 10);   /* 0.43 s of 50-ms steps, a loaded host's delays allowed */
	assert_near(w, 700, 21);
	assert_near(span, 0.05 * (updates - 1), 0.005);
}

static void test_protocol_warmup_and_ci_stop(void **state)
{
	static const double steady[] = { 1e-3 };
	struct fake f = { .launch_s = 1e-3, .flush_s = 2e-4, .sample_s = steady, .nsample = 1, .power_w = 650 };
	struct protocol_ops ops = { &f, fake_now, fake_launch, fake_sample, NULL, NULL, NULL, NULL, NULL };
	struct protocol p;
	struct protocol_result r;
	(void)state;
	protocol_default(&p);
	assert_near(p.warmup_s, 1.0, 0);
	assert_int_equal(protocol_row(&p, &ops, -1, 0, &r), 0);
	/* calibration measured the launch cost; the warm-up lasted at least 1 s and less than a batch more */
	assert_near(r.calib_launch_s, 1e-3, 1e-12);
	assert_near(r.warmup_asked_s, 1.0, 0);
	assert_true(r.warmup_s >= 1.0 && r.warmup_s < 1.0 + p.batch_s + 2e-3);
	assert_true(r.warmup_launches >= 1000 && r.warmup_launches <= 1102);
	assert_int_equal(r.warmup_launches, f.launches);
	assert_near(r.rest_s, 0, 0);
	/* identical samples: an interval of 0 stops at the minimum count; every sample flushed the L2 */
	assert_int_equal(r.n, 10);
	assert_int_equal(r.stop_reason, PROTOCOL_STOP_CI);
	assert_near(r.median_ci, 0, 0);
	assert_int_equal(f.flushes, 10);
	assert_near(r.time.median, 1e-3, 1e-15);
	assert_int_equal(r.throttled, 0);
	assert_true(isnan(r.sm_mhz_median));
	assert_near(r.power_median_w, 650, 0);
	assert_int_equal(r.reasons, -1);                    /* never read: NA, not "none" */
	protocol_free(&r);
}

/* the median's distribution-free 95 % interval: ranks n/2 -+ 0.98 sqrt(n) */
static void test_median_ci(void **state)
{
	double v[100];
	(void)state;
	for (int i = 0; i < 100; i++)
		v[i] = 100 - i;                                /* 100 .. 1, unsorted on purpose */
	/* median 50.5; ranks floor(50 - 9.8) = 40 and ceil(51 + 9.8) = 61 */
	assert_near(stats_median_ci_rel(v, 100), (61.0 - 40.0) / (2 * 50.5), 1e-12);
	assert_true(isinf(stats_median_ci_rel(v, 5)));
	v[0] = 0, v[1] = 0, v[2] = 0, v[3] = 0, v[4] = 0, v[5] = 0;
	assert_true(isnan(stats_median_ci_rel(v, 6)));    /* a median of 0 has no relative width */
}

/* rare slow samples widen the spread but not the median's interval: the row stops on it */
static void test_protocol_ci_outliers(void **state)
{
	static const double s[] = { 1e-3, 1e-3, 1e-3, 1e-3, 1e-3, 1e-3, 1e-3, 1e-3, 1e-3, 5e-3 };
	struct fake f = { .launch_s = 1e-3, .sample_s = s, .nsample = 10 };
	struct protocol_ops ops = { &f, fake_now, fake_launch, fake_sample, NULL, NULL, NULL, NULL, NULL };
	struct protocol p;
	struct protocol_result r;
	(void)state;
	protocol_default(&p);
	assert_int_equal(protocol_row(&p, &ops, -1, 0, &r), 0);
	assert_int_equal(r.stop_reason, PROTOCOL_STOP_CI);
	assert_true(r.n > 10 && r.n <= 30);                 /* at 10 the interval reaches the outlier */
	assert_true(r.time.rsd > 0.5);
	assert_near(r.time.median, 1e-3, 0);
	protocol_free(&r);
}

static void test_protocol_time_stop(void **state)
{
	static const double noisy[] = { 1.0e-3, 1.1e-3 };   /* the median's interval spans both: 4.8 % */
	struct fake f = { .launch_s = 1e-3, .flush_s = 5e-4, .sample_s = noisy, .nsample = 2 };
	struct protocol_ops ops = { &f, fake_now, fake_launch, fake_sample, fake_rest, NULL, NULL, NULL, NULL };
	struct protocol p;
	struct protocol_result r;
	(void)state;
	protocol_default(&p);
	p.flush_l2 = 0;                                        /* --hot */
	/* a list's own warm-up and rest (the warm-up study's rows): 0.05 s after 2 s idle */
	assert_int_equal(protocol_row(&p, &ops, 0.05, 2.0, &r), 0);
	assert_int_equal(f.rests, 1);
	assert_near(r.rest_s, 2.0, 0);
	assert_near(r.warmup_asked_s, 0.05, 0);
	assert_true(r.warmup_s >= 0.05 && r.warmup_s < 0.05 + 2.2e-3);
	assert_int_equal(r.stop_reason, PROTOCOL_STOP_TIME);
	assert_true(r.sampling_s >= 0.5 && r.sampling_s < 0.5 + 1.2e-3);
	assert_int_equal(f.flushes, 0);
	/* 0.5 s of 1.05 ms samples */
	assert_true(r.n >= 475 && r.n <= 478);
	assert_true(r.median_ci > 0.1e-3 / (2 * 1.1e-3) - 1e-12 && r.median_ci < 0.1e-3 / (2 * 1.0e-3) + 1e-12);
	assert_true(r.time.median >= 1.0e-3 && r.time.median <= 1.1e-3);
	assert_near(r.time.min, 1.0e-3, 0);
	assert_near(r.time.max, 1.1e-3, 0);
	protocol_free(&r);
}

static void test_protocol_count_and_failure(void **state)
{
	static const double s[] = { 2e-3, 2.5e-3 };
	static const double mhz[] = { 1980, 1980, 1000, 1980, 1400 };
	struct fake f = { .launch_s = 2e-3, .sample_s = s, .nsample = 2, .mhz = mhz, .nmhz = 5 };
	struct protocol_ops ops = { &f, fake_now, fake_launch, fake_sample, NULL, NULL, NULL, NULL, NULL };
	struct protocol p;
	struct protocol_result r;
	(void)state;
	protocol_default(&p);
	p.max_samples = 25;
	assert_int_equal(protocol_row(&p, &ops, -1, 0, &r), 0);
	assert_int_equal(r.stop_reason, PROTOCOL_STOP_COUNT);
	assert_int_equal(r.n, 25);
	/* a low clock alone is not a reason to retake: under the power cap is the steady state */
	assert_int_equal(r.throttled + r.retakes, 0);
	assert_near(r.sm_mhz_median, 1980, 0);
	assert_near(r.sm_mhz_min, 1000, 0);
	protocol_free(&r);
	/* a failing launch stops the protocol with its code */
	struct fake g = { .launch_s = 1e-3, .sample_s = s, .nsample = 2, .fail_after = 50 };
	struct protocol_ops gops = { &g, fake_now, fake_launch, fake_sample, NULL, NULL, NULL, NULL, NULL };
	assert_int_equal(protocol_row(&p, &gops, -1, 0, &r), 7);
	protocol_free(&r);
	/* QUICK=1 keeps the same rules with smaller numbers, and says so */
	char text[512];
	protocol_quick(&p);
	assert_true(p.warmup_s < 0.2 && p.min_samples >= 3 && p.max_sample_s < 1);
	protocol_text(&p, 1, text, sizeof(text));
	assert_true(!strncmp(text, "QUICK: ", 7));
	protocol_default(&p);
	p.warmup_s = 0.5;                                     /* WARMUP_S=0.5: a labelled shortcut */
	protocol_text(&p, 0, text, sizeof(text));
	assert_true(!strncmp(text, "SHORTENED WARM-UP: ", 19));
	protocol_default(&p);
	protocol_text(&p, 0, text, sizeof(text));
	assert_non_null(strstr(text, "warm-up 1.00 s of each row's own kernel"));
}

/* A sample with a thermal or hardware-slowdown reason is discarded and retaken after a fresh
 * second of the kernel (never after an idle rest); one with only the power cap is kept. The retakes
 * are bounded; what still has such a reason after them is kept and counted. */
static void test_protocol_reason_retakes(void **state)
{
	static const double s[] = { 1e-3 };
	static const long long cap_then_thermal[] = { PR_POWER_CAP, PR_POWER_CAP, PR_POWER_CAP | PR_SW_THERMAL,
						      PR_POWER_CAP };
	static const long long hot[] = { PR_HW_SLOWDOWN };
	struct fake f = { .launch_s = 1e-3, .sample_s = s, .nsample = 1, .reasons = cap_then_thermal, .nreasons = 4 };
	struct protocol_ops ops = { &f, fake_now, fake_launch, fake_sample, fake_rest, NULL, NULL, NULL, NULL };
	struct protocol p;
	struct protocol_result r;
	char text[160];
	(void)state;
	protocol_default(&p);
	assert_int_equal(protocol_row(&p, &ops, -1, 0, &r), 0);
	assert_int_equal(f.rests, 0);                        /* never an idle rest */
	/* the thermal sample (every 4th, from the 3rd) was retaken; each retake after >= 1 s of launches */
	assert_true(r.retakes >= 2);
	assert_int_equal(r.throttled, 0);
	for (int k = 2; k + 1 < f.samples && k < 63; k += 4)
		assert_true((double)(f.launches_at_sample[k + 1] - f.launches_at_sample[k]) * f.launch_s >= 1.0);
	protocol_reasons_text(r.reasons, text, sizeof(text));
	assert_string_equal(text, "power_cap");              /* the kept ones: the power cap only */
	protocol_free(&r);

	struct fake g = { .launch_s = 1e-3, .sample_s = s, .nsample = 1, .reasons = hot, .nreasons = 1 };
	struct protocol_ops gops = { &g, fake_now, fake_launch, fake_sample, fake_rest, NULL, NULL, NULL, NULL };
	assert_int_equal(protocol_row(&p, &gops, -1, 0, &r), 0);
	assert_int_equal(r.retakes, p.max_retakes);
	assert_int_equal(r.n, 10);
	assert_int_equal(r.throttled, 10);
	protocol_reasons_text(r.reasons, text, sizeof(text));
	assert_string_equal(text, "hw_slowdown");
	protocol_reasons_text(0, text, sizeof(text));
	assert_string_equal(text, "none");
	protocol_reasons_text(PR_POWER_CAP | PR_HW_THERMAL, text, sizeof(text));
	assert_string_equal(text, "power_cap+hw_thermal");
	protocol_free(&r);
}

/* The whole path a list's rows take, on fake clocks and launches: the list parsed, the options
 * parsed as the runner parses them, each row timed by the runner's call. Every row of a three-row
 * list, the second right after the first, runs at least 1 s of its own launches before its first
 * sample. */
static void test_protocol_every_row(void **state)
{
	static const char list[] = "stencil,dtype,method,fusion,size,label\n"
				   "box2d1r,fp32,naive,1,1024x1024,a\n"
				   "box2d1r,fp64,naive,1,1024x1024,b\n"
				   "box3d1r,fp32,naive,1,128x128x128,c\n";
	static const double s[] = { 2e-4 };
	static const char *const names[] = { "naive", NULL };
	char *argv[] = { "stencilbench", "run", "--experiment", "x.csv", "--out", "y.csv" }, path[1024], err[256];
	struct run_config *cfgs;
	struct options o;
	size_t n;
	(void)state;
	snprintf(path, sizeof(path), "%s/three.csv", temp_dir());
	put_file(path, list);
	assert_int_equal(experiment_read(path, names, &cfgs, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 3);
	const char *keep[] = { "QUICK", "WARMUP_S", "COUNTERS" };
	char *saved[3];
	for (int i = 0; i < 3; i++) {   /* the runner's defaults, whatever make test was given */
		saved[i] = getenv(keep[i]) ? strdup(getenv(keep[i])) : NULL;
		unsetenv(keep[i]);
	}
	options_parse(&o, 6, argv, 2);
	for (int i = 0; i < 3; i++)
		if (saved[i]) {
			setenv(keep[i], saved[i], 1);
			free(saved[i]);
		}
	double t = 0;
	for (size_t i = 0; i < n; i++) {
		/* each row its own kernel (its own launch cost), one clock: the next row starts right after */
		struct fake k = { .t = t, .launch_s = 1e-4 * (double)(i + 1), .sample_s = s, .nsample = 1 };
		struct protocol_ops ops = { &k, fake_now, fake_launch, fake_sample, fake_rest, NULL, NULL, NULL, NULL };
		struct protocol_result r;
		assert_int_equal(options_time_row(&o, 0, cfgs[i].warmup_s, cfgs[i].rest_s, &ops, &r), 0);
		assert_true((double)k.launches_at_sample[0] * k.launch_s >= 1.0);
		assert_true(r.own_before_first_s >= 1.0);
		assert_int_equal(k.rests, 0);
		t = k.t;
		protocol_free(&r);
	}
	free(cfgs);
}

/* one warm-up value given to the runner (the option, or WARMUP_S when env), parsed in a child of
 * run_bounded (a refusal exits): its stderr into errfile, the seconds taken into msg */
struct warmup_arg {
	const char *value, *errfile;
	int env;
};
static void parse_warmup(void *arg, char *msg, size_t len)
{
	const struct warmup_arg *a = arg;
	char *argv[] = { "stencilbench", "run", "--warmup-s", (char *)a->value };
	struct options o;
	if (!freopen(a->errfile, "w", stderr))
		return;
	if (a->env)
		setenv("WARMUP_S", a->value, 1);
	else
		unsetenv("WARMUP_S");
	options_parse(&o, a->env ? 2 : 4, argv, 2);
	snprintf(msg, len, "%.6g", o.warmup_s);
}

/* value (WARMUP_S when env, else --warmup-s) refused by the runner: exit 2, one line naming it */
static void warmup_refused(const char *value, int env, const char *err)
{
	struct warmup_arg a = { value, err, env };
	char msg[256], want[64];
	if (run_bounded(parse_warmup, &a, 10, msg, sizeof(msg)) == 0)
		fail_msg("%s '%s' taken as %s s", env ? "WARMUP_S" : "--warmup-s", value, msg);
	const char *text = read_text(err);
	snprintf(want, sizeof(want), "'%s' (a number of seconds above 0 and at most 3600)\n", value);
	if (!strstr(text, want) || strchr(text, '\n') != text + strlen(text) - 1 || !strstr(msg, "exit status 2"))
		fail_msg("%s '%s': not one line naming it (exit 2): %s (%s)", env ? "WARMUP_S" : "--warmup-s", value,
			 text, msg);
}

/* The runner takes a warm-up as make does (scripts/make/device.mk): above 0 and at most
 * WARMUP_MAX_S, in decimals with or without an exponent, one number alike however it is written;
 * else one line naming the value (exit 2), from the option and from WARMUP_S alike. */
static void test_warmup_option(void **state)
{
	static const struct { const char *v, *s; } ok[] = {
		{ "2", "2" }, { ".25", "0.25" }, { "1e-1", "0.1" }, { "0.1", "0.1" }, { "1E2", "100" },
		{ "3.6e3", "3600" }, { "3600", "3600" }, { "1.", "1" },
	};
	static const char *const bad[] = { "1e9", "1000000000", "3601", "0", "0e5", "-1", "+1", " 1", "0x10",
					   "inf", "nan", "1.5e", "abc" };
	char err[1024], msg[256];
	(void)state;
	snprintf(err, sizeof(err), "%s/stderr", temp_dir());
	for (int env = 0; env < 2; env++) {
		for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
			struct warmup_arg a = { ok[i].v, err, env };
			if (run_bounded(parse_warmup, &a, 10, msg, sizeof(msg)) != 0 || strcmp(msg, ok[i].s))
				fail_msg("%s '%s': %s, not %s s", env ? "WARMUP_S" : "--warmup-s", ok[i].v, msg, ok[i].s);
		}
		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
			warmup_refused(bad[i], env, err);
	}
}

/* ---- grid, inputs, weights ---- */

static void test_grid_layout(void **state)
{
	struct grid g;
	long n[3];
	char buf[64];
	(void)state;
	assert_int_equal(parse_size("10240x10240", 2, n), 0);
	assert_int_equal(grid_init(&g, 2, n, 1, 4), 0);
	assert_int_equal(g.pitch % 32, 0);                  /* 128-byte rows in fp32 */
	assert_int_equal(g.lead, 31);                       /* interior starts 128-byte aligned */
	assert_int_equal(g.pitch, 10304);
	assert_int_equal(g.ext[1], 10242);
	assert_int_equal(grid_points(&g), 10240L * 10240);
	assert_int_equal(grid_at(&g, 0, 0, 0), g.pitch + 32);
	assert_int_equal(grid_at(&g, 0, 0, 0) % 32, 0);
	assert_int_equal(grid_at(&g, -1, -1, 0), 31);
	format_size(&g, buf, sizeof(buf));
	assert_string_equal(buf, "10240x10240");
	assert_int_equal(parse_size("97x131x67", 3, n), 0);
	assert_int_equal(grid_init(&g, 3, n, 3, 8), 0);
	assert_int_equal(g.pitch % 16, 0);
	assert_int_equal(g.plane, g.pitch * (131 + 6));
	assert_int_equal(grid_at(&g, 0, 0, 0), 3 * g.plane + 3 * g.pitch + 16);
	for (long y = 0; y < 131; y++)
		assert_int_equal(grid_at(&g, 0, y, 66) % 16, 0);
	assert_int_equal(parse_size("100003", 1, n), 0);
	assert_int_equal(grid_init(&g, 1, n, 7, 2), 0);
	assert_int_equal(g.total, g.pitch);
	assert_int_equal(g.pitch % 64, 0);
	assert_true(g.pitch >= g.lead + 100003 + 14);
	/* malformed sizes */
	assert_int_equal(parse_size("10240", 2, n), -1);
	assert_int_equal(parse_size("10240x", 2, n), -1);
	assert_int_equal(parse_size("0x5", 2, n), -1);
	assert_int_equal(parse_size("5x5x5", 2, n), -1);
	assert_int_equal(parse_size("-3", 1, n), -1);
	assert_int_equal(parse_size("", 1, n), -1);
}

static void test_inputs_and_half(void **state)
{
	(void)state;
	/* the input hash is a pure function, in [-1, 1), and not constant */
	double lo = 1, hi = -1, sum = 0;
	for (long i = 0; i < 100000; i++) {
		double v = sr_uniform(SR_SEED_INPUT, (uint64_t)i);
		assert_true(v >= -1 && v < 1);
		lo = fmin(lo, v);
		hi = fmax(hi, v);
		sum += v;
	}
	assert_true(lo < -0.999 && hi > 0.999 && fabs(sum / 100000) < 0.01);
	assert_true(sr_uniform(SR_SEED_INPUT, 5) == sr_uniform(SR_SEED_INPUT, 5));
	/* IEEE half rounding */
	assert_int_equal(half_from_float(1.0f), 0x3C00);
	assert_int_equal(half_from_float(-2.0f), 0xC000);
	assert_int_equal(half_from_float(65504.0f), 0x7BFF);
	/* the MMA operand forms: an f16x2 pair, lo first; tf32 rounds to nearest, ties away */
	assert_int_equal(half2_bits(1.0f, -2.0f), 0xC0003C00u);
	assert_int_equal(tf32_bits(1.0f), 0x3F800000u);
	assert_int_equal(tf32_bits(1.0f + 0x1p-11f), 0x3F802000u);   /* a tie: away from zero */
	assert_int_equal(tf32_bits(1.0f + 0x1p-12f), 0x3F800000u);   /* below half a tf32 ulp */
	assert_int_equal(half_from_float(0.1f), 0x2E66);
	assert_int_equal(half_from_float(1.0f / 3), 0x3555);
	assert_int_equal(half_from_float(1e-8f), 0x0000);
	assert_int_equal(half_from_float(5.9604645e-8f), 0x0001);   /* smallest subnormal */
	assert_int_equal(half_from_float(1e6f), 0x7C00);            /* overflow to inf */
	assert_int_equal(half_from_float(1.0009765625f + 0.00048828125f), 0x3C02); /* tie to even */
	for (uint32_t h = 0; h < 0x10000; h++) {
		if ((h & 0x7C00) == 0x7C00 && (h & 0x3FF))
			continue;                                    /* NaN */
		assert_int_equal(half_from_float(half_to_float((uint16_t)h)), h);
	}
	assert_near(dtype_round(DT_FP16, 0.1), 0.0999755859375, 0);
	assert_near(dtype_round(DT_FP32, 0.1), (double)0.1f, 0);
	assert_near(dtype_round(DT_FP64, 0.1), 0.1, 0);
}

static void test_weights(void **state)
{
	(void)state;
	for (size_t i = 0; i < stencil_count; i++) {
		const struct stencil *s = &stencil_table[i];
		struct weights w;
		double sum = 0, wmin = 1, wmax = 0;
		int asym = 0;
		assert_int_equal(weights_make(s, DT_FP64, &w), 0);
		assert_int_equal(w.count, s->points);
		for (int k = 0; k < w.count; k++) {
			sum += w.w[k];
			wmin = fmin(wmin, w.w[k]);
			wmax = fmax(wmax, w.w[k]);
			/* the mirrored offset's weight differs somewhere: not symmetric */
			for (int j = 0; j < w.count; j++)
				if (w.off[j][0] == -w.off[k][0] && w.off[j][1] == -w.off[k][1] &&
				    w.off[j][2] == -w.off[k][2] && w.w[j] != w.w[k])
					asym = 1;
		}
		assert_near(sum, 1.0, 1e-12);
		assert_true(wmin > 0 && wmax > wmin && wmax <= 3 * wmin);  /* never zero, never all equal */
		assert_true(asym);
		weights_free(&w);
	}
	/* fp16 weights are representable in fp16 */
	struct weights w;
	assert_int_equal(weights_make(stencil_find("box2d1r"), DT_FP16, &w), 0);
	for (int k = 0; k < w.count; k++)
		assert_near(dtype_round(DT_FP16, w.w[k]), w.w[k], 0);
	weights_free(&w);
}

/* ---- CPU reference ---- */

static double linear_input(void *ctx, long x, long y, long z)
{
	(void)ctx;
	return (double)x + 10.0 * (double)y + 100.0 * (double)z;
}

static long delta_at[3];
static double delta_input(void *ctx, long x, long y, long z)
{
	(void)ctx;
	return x == delta_at[0] && y == delta_at[1] && z == delta_at[2] ? 1.0 : 0.0;
}

static void test_reference_hand_computed(void **state)
{
	(void)state;
	/* 1D, weights 1,2,3 at offsets -1,0,+1 by hand: out(x) = (x-1) + 2x + 3(x+1) = 6x + 2 */
	int off[3][3] = { { -1, 0, 0 }, { 0, 0, 0 }, { 1, 0, 0 } };
	double wv[3] = { 1, 2, 3 };
	struct weights w = { 3, off, wv };
	struct region r = { { 0, 0, 0 }, { 5, 1, 1 } };
	double out[5];
	ref_sequential(stencil_find("box1d1r"), &w, 1, linear_input, NULL, &r, out);
	for (int x = 0; x < 5; x++)
		assert_near(out[x], 6.0 * x + 2, 1e-12);
	/* two steps, by hand: step1(x) = 6x + 2, so step2(x) = step1(x-1) + 2 step1(x) +
	 * 3 step1(x+1) = (6x - 4) + (12x + 4) + (18x + 24) = 36x + 24 */
	ref_sequential(stencil_find("box1d1r"), &w, 2, linear_input, NULL, &r, out);
	for (int x = 0; x < 5; x++)
		assert_near(out[x], 36.0 * x + 24, 1e-12);

	/* every box and star in 1-3 D: a linear input gives f(p) sum(w) + sum_k w_k f(off_k);
	 * a delta at q gives w at offset q - p (the reference reads in[p + off]) */
	for (int shape = 0; shape < 2; shape++)
		for (int d = 1; d <= 3; d++) {
			const struct stencil *s = stencil_get((enum stencil_shape)shape, d, 2);
			struct weights ws;
			double sumw = 0, sumwf = 0, res[27];
			struct region rr = { { 0, 0, 0 }, { 3, d > 1 ? 3 : 1, d > 2 ? 3 : 1 } };
			assert_int_equal(weights_make(s, DT_FP64, &ws), 0);
			for (int k = 0; k < ws.count; k++) {
				sumw += ws.w[k];
				sumwf += ws.w[k] * linear_input(NULL, ws.off[k][0], ws.off[k][1], ws.off[k][2]);
			}
			ref_sequential(s, &ws, 1, linear_input, NULL, &rr, res);
			for (long i = 0; i < region_points(&rr); i++) {
				long x = i % 3, y = d > 1 ? i / 3 % 3 : 0, z = d > 2 ? i / 9 : 0;
				assert_near(res[i], linear_input(NULL, x, y, z) * sumw + sumwf, 1e-10);
			}
			delta_at[0] = 2;
			delta_at[1] = d > 1 ? 1 : 0;
			delta_at[2] = 0;
			struct region one = { { 1, 0, 0 }, { 2, 1, 1 } };   /* the point (1,0,0) */
			double v;
			ref_sequential(s, &ws, 1, delta_input, NULL, &one, &v);
			double expect = 0;
			for (int k = 0; k < ws.count; k++)
				if (ws.off[k][0] == 1 && ws.off[k][1] == (d > 1 ? 1 : 0) && ws.off[k][2] == 0)
					expect = ws.w[k];
			/* star: (1,1) is off-axis, so its weight is 0 */
			assert_near(v, expect, 0);
			if (shape == SHAPE_STAR && d > 1)
				assert_near(v, 0, 0);
			else
				assert_true(v > 0);
			weights_free(&ws);
		}
}

struct hash_ctx {
	long salt;
};
static double hash_input(void *ctx, long x, long y, long z)
{
	long k = ((z + 1000) * 4096 + (y + 1000)) * 4096 + x + 1000 + ((struct hash_ctx *)ctx)->salt;
	return sr_uniform(SR_SEED_INPUT, (uint64_t)k);
}

static void test_reference_sequential_equals_composed(void **state)
{
	struct hash_ctx hc = { 17 };
	(void)state;
	for (int shape = 0; shape < 2; shape++)
		for (int d = 1; d <= 3; d++)
			for (int r = 1; r <= 3; r++)
				for (int t = 1; t <= 8; t++) {
					const struct stencil *s = stencil_get((enum stencil_shape)shape, d, r);
					struct weights w;
					struct dense_weights dw;
					struct region reg = { { -2, 0, 1 }, { 3, d > 1 ? 3 : 1, d > 2 ? 3 : 2 } };
					double a[64], b[64], ref2 = 0, err2 = 0;
					if (d == 3)
						reg.hi[0] = 0;        /* keep 3D cheap: 2 x 3 x 2 points */
					assert_int_equal(weights_make(s, DT_FP64, &w), 0);
					assert_int_equal(weights_compose(s, &w, t, &dw), 0);
					/* the composed footprint is exactly the fused one */
					long nz = 0;
					for (long i = 0; i < (long)pow(dw.side, d); i++)
						nz += dw.w[i] != 0;
					if (nz != stencil_fused_points(s, t))
						fail_msg("%s t=%d: %ld non-zero composed weights, K_fused %ld",
							 s->name, t, nz, stencil_fused_points(s, t));
					ref_sequential(s, &w, t, hash_input, &hc, &reg, a);
					ref_composed(&dw, hash_input, &hc, &reg, b);
					for (long i = 0; i < region_points(&reg); i++) {
						err2 += (a[i] - b[i]) * (a[i] - b[i]);
						ref2 += a[i] * a[i];
					}
					if (!(sqrt(err2 / ref2) < 1e-13))
						fail_msg("%s t=%d: sequential and composed differ by %g", s->name,
							 t, sqrt(err2 / ref2));
					weights_free(&w);
					dense_weights_free(&dw);
				}
}

/* The runner's slug and the Makefile's (from nvidia-smi, before the runner exists) agree. */
static void test_run_slug(void **state)
{
	(void)state;
	static const unsigned char uuid[4] = { 0x8e, 0xb1, 0x44, 0xaf };
	char slug[128], date[16], cmd[1024];
	const char *dir = temp_dir();
	run_slug("NVIDIA H100 80GB HBM3", uuid, "2026-11-22", slug, sizeof(slug));
	assert_string_equal(slug, "h100-80gb-hbm3-8eb144af-2026-11-22");
	run_slug("  Tesla V100-SXM2-16GB ", uuid, "2026-11-22", slug, sizeof(slug));
	assert_string_equal(slug, "tesla-v100-sxm2-16gb-8eb144af-2026-11-22");
	/* the Makefile's pipeline on a fake nvidia-smi that prints the same GPU */
	snprintf(cmd, sizeof(cmd), "printf '#!/bin/sh\\ncase \"$1\" in -L) echo \"GPU 0: NVIDIA H100 80GB HBM3 "
		 "(UUID: GPU-8eb144af-0534-1b9c-80c0-e8d8dabd2d0e)\";; *) exit 9;; esac\\n' > %s/nvidia-smi && chmod +x %s/nvidia-smi", dir, dir);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "cd %s && PATH=%s:$PATH make -s --no-print-directory print-GPU_SLUG > %s/slug.txt 2>/dev/null",
		 repo_path("."), dir, dir);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "%s/slug.txt", dir);
	FILE *f = fopen(cmd, "r");
	assert_non_null(f);
	char got[128] = "";
	assert_non_null(fgets(got, sizeof(got), f));
	fclose(f);
	got[strcspn(got, "\n")] = 0;
	time_t now = time(NULL);
	strftime(date, sizeof(date), "%Y-%m-%d", gmtime(&now));
	run_slug("NVIDIA H100 80GB HBM3", uuid, date, slug, sizeof(slug));
	assert_string_equal(got, slug);
}

/* the original protocol: an idle rest, the fixed warm-up launches, then the timed ones' mean by the
 * host clock; a slow start (the first launches at twice the cost) shows in cold, not in warm */
static void test_protocol_original(void **state)
{
	(void)state;
	struct fake f = { .launch_s = 2e-3 };
	struct protocol_ops ops = { &f, fake_now, fake_launch, NULL, fake_rest, fake_clock, NULL, NULL, NULL };
	struct original_result o;
	assert_int_equal(protocol_original(&ops, &o), 0);
	assert_int_equal(f.rests, 1);
	assert_int_equal(f.launches, ORIGINAL_WARMUP + ORIGINAL_TIMED);
	assert_near(f.t, ORIGINAL_IDLE_S + 2e-3 * (ORIGINAL_WARMUP + ORIGINAL_TIMED), 1e-12);
	assert_near(o.cold_s, 2e-3, 1e-12);
	assert_true(isnan(o.warm_s));
	assert_near(o.idle_mhz, 345, 0);   /* read after the pause, before the launches */
	f.launch_s = 1e-3;   /* warmed up: the same timing reads half */
	assert_int_equal(protocol_original_warm(&ops, &o), 0);
	assert_near(o.warm_s, 1e-3, 1e-12);
	assert_int_equal(o.timed_launches, ORIGINAL_TIMED);
	/* a failing launch is reported */
	struct fake g = { .launch_s = 1e-3, .fail_after = 50 };
	struct protocol_ops gops = { &g, fake_now, fake_launch, NULL, fake_rest, NULL, NULL, NULL, NULL };
	assert_int_equal(protocol_original(&gops, &o), 7);
}

void run_measure_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stats),
		cmocka_unit_test(test_protocol_warmup_and_ci_stop),
		cmocka_unit_test(test_protocol_energy_counter),
		cmocka_unit_test(test_protocol_energy_poll),
		cmocka_unit_test(test_energy_poll_thread),
		cmocka_unit_test(test_protocol_every_row),
		cmocka_unit_test(test_warmup_option),
		cmocka_unit_test(test_protocol_reason_retakes),
		cmocka_unit_test(test_median_ci),
		cmocka_unit_test(test_protocol_ci_outliers),
		cmocka_unit_test(test_protocol_time_stop),
		cmocka_unit_test(test_protocol_count_and_failure),
		cmocka_unit_test(test_protocol_original),
		cmocka_unit_test(test_grid_layout),
		cmocka_unit_test(test_inputs_and_half),
		cmocka_unit_test(test_weights),
		cmocka_unit_test(test_reference_hand_computed),
		cmocka_unit_test(test_reference_sequential_equals_composed),
		cmocka_unit_test(test_run_slug),
	};
	RUN_GROUP(r, "measure", tests);
}
