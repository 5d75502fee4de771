/*
 * protocol.h - the timing protocol every measurement uses (REPRODUCE.md, "Timing protocol").
 *
 *   1. warm-up, time-based (nongemm Listing 1): time 10 calibration launches, then launch in
 *      batches of about 0.1 s until warmup_s (default 1.0 s) of the row's own kernel has passed,
 *      immediately before its samples, whatever ran before it (protocol_row). A row may first
 *      rest the GPU idle (the warm-up study's rows do; none else);
 *   2. timed samples, one per sample() call: the caller's measurement window (stencilbench: the
 *      L2 evicted before the launch, and the write-back of what the launch left dirty in L2
 *      inside the window; see the runner) unless hot: at least min_samples, and on until the
 *      95 % confidence interval of the median is within target_ci of it (half-width; checked at
 *      n growing by a tenth) or max_sample_s has passed (or max_samples were taken). Each sample
 *      reads NVML's clock-event reasons, the SM clock and the board power while it runs;
 *   3. a sample with a thermal or hardware-slowdown reason (PR_RETAKE) is discarded and retaken
 *      after a fresh warmup_s of the kernel, never after an idle rest (at most max_retakes a row;
 *      past that it is kept and counted as throttled). A sample under the software power cap is
 *      kept: under the cap is where Hopper settles, the steady state being measured.
 * During the last energy_window_s of the warm-up the GPU's energy counter is read at every batch
 * boundary, or at its own updates by a polling thread where the runner gives one: the row's average
 * board power at steady state (counter_w). A kernel so slow that its calibration launches run into
 * the window opens it after them, and its warm-up lasts until the window has (longer than warmup_s).
 * The device work is behind callbacks, so the loop is tested on the CPU with a fake clock.
 */
#ifndef PROTOCOL_H
#define PROTOCOL_H

#include <stddef.h>

#include "runs.h"   /* a row's phases (PHASE_*) */
#include "stats.h"

#ifdef __cplusplus
extern "C" {
#endif

/* NVML's clock-event reason bits (nvmlClocksEventReason*), named as the run CSVs write them */
enum {
	PR_IDLE = 0x1, PR_APP_CLOCKS = 0x2, PR_POWER_CAP = 0x4, PR_HW_SLOWDOWN = 0x8, PR_SYNC_BOOST = 0x10,
	PR_SW_THERMAL = 0x20, PR_HW_THERMAL = 0x40, PR_POWER_BRAKE = 0x80, PR_DISPLAY = 0x100,
	PR_RETAKE = PR_HW_SLOWDOWN | PR_SW_THERMAL | PR_HW_THERMAL | PR_POWER_BRAKE,
};
/* reasons as '+'-joined names ("power_cap+hw_thermal"), "none" for 0, "NA" when < 0 (unread) */
void protocol_reasons_text(long long reasons, char *buf, size_t len);

struct protocol {
	double warmup_s;        /* 1.0: each row's own warm-up */
	int calib_launches;     /* 10 */
	double batch_s;         /* 0.1: warm-up batch length */
	int min_samples;        /* 10 */
	int max_samples;        /* 10000 */
	double max_sample_s;    /* 0.5 */
	double target_ci;       /* 0.005: the median's 95 % confidence half-width over the median */
	int flush_l2;           /* 1 unless --hot */
	int max_retakes;        /* 5: samples with a PR_RETAKE reason discarded and retaken per row, at most */
	double energy_window_s; /* 0.75: the last part of the first warm-up over which the energy counter
				 * is read at every batch (0: not read) */
};

/* The full protocol and the QUICK=1 smoke-test one (short warm-up, few samples). */
void protocol_default(struct protocol *p);
void protocol_quick(struct protocol *p);
struct protocol_sample {
	double seconds, sm_mhz, power_w;
	long long reasons;
};

struct protocol_ops {
	void *ctx;
	/* host seconds, monotonic */
	double (*now)(void *ctx);
	/* enqueue n launches and wait for them: 0 on success */
	int (*launch)(void *ctx, long n);
	/* (flush the L2 if asked, then) time one launch into s: seconds, and read while it runs the
	 * SM clock in MHz, the board power in W (each <= 0 if unknown) and NVML's clock-event
	 * reasons (-1 if unknown); 0 on success */
	int (*sample)(void *ctx, int flush_l2, struct protocol_sample *s);
	/* pause s seconds, the GPU idle (a row's asked rest; --original's idle start); NULL: none */
	void (*rest)(void *ctx, double s);
	/* the SM clock now, MHz (the original protocol's record of an idle GPU); NULL: not read */
	double (*clock)(void *ctx);
	/* the GPU's total energy counter now, mJ (NVML's, updated every 20-100 ms); NaN when the GPU
	 * or driver has none; NULL: not read */
	double (*energy_mj)(void *ctx);
	/* the counter read at its own updates over the window instead (energypoll.h): begin opens it
	 * (0, else -1: none), end closes it and gives the average power between its first and last
	 * update, W (NaN: too few), and the updates seen; NULL: energy_mj at the batch boundaries */
	int (*energy_begin)(void *ctx);
	double (*energy_end)(void *ctx, int *updates);
};

struct protocol_result {
	double calib_launch_s;      /* per-launch time from the calibration launches */
	long warmup_launches;       /* the first warm-up's launches (calibration included) */
	double warmup_asked_s;      /* the warm-up the row was given */
	double warmup_s;            /* the first warm-up's measured duration */
	double rest_s;              /* the idle pause before it (0: none) */
	double first_sample_at_s;   /* from the row's start (its first launch) to its first sample */
	double own_before_first_s;  /* the row's own launches' time before its first sample (estimated:
				     * launches x the calibrated launch time) */
	int n;                      /* samples kept */
	double *seconds, *sm_mhz, *power_w;   /* n each (caller frees with protocol_free) */
	long long reasons;          /* the reasons of the kept samples, OR'd (-1: never read) */
	int throttled;              /* kept samples with a PR_RETAKE reason (the retakes ran out) */
	int retakes;                /* samples discarded and retaken, each after a fresh warm-up */
	double retakes_s;           /* the discarded samples and their fresh warm-ups */
	double rest_wall_s;         /* the idle rest as it took (rest_s asked) */
	double sampling_s;          /* the kept samples' loop (the retakes not counted) */
	int stop_reason;            /* PROTOCOL_STOP_* */
	struct stats time;          /* of seconds */
	double median_ci;           /* the median's 95 % confidence half-width over the median */
	double sm_mhz_median;       /* NaN when the clock was not read */
	double sm_mhz_min;          /* NaN when the clock was not read */
	double power_median_w;      /* NaN when the power was not read */
	/* the energy counter over the end of the first warm-up (back-to-back launches at steady
	 * state): read at each batch boundary of the window, the average power the least-squares
	 * slope of energy over time (the readings' staircase of 20-100 ms updates averaged out), and
	 * the launches the window held: energy a launch = counter_w x energy_s / energy_launches.
	 * NaN and 0 where not read (no counter, a warm-up too short for three readings) */
	double counter_w;           /* W */
	double energy_s;            /* the window's duration */
	long energy_launches;       /* the launches in it */
	int energy_reads;           /* the counter readings the slope is fitted to, or the updates seen */
	/* a check beside it: the counter's average power over the kept samples' loop (their L2
	 * evictions and write-backs included), where read at its updates, the loop spans at least
	 * PROTOCOL_CHECK_UPDATES of them and no sample was retaken; NaN elsewhere */
	double sampled_counter_w;
	int sampled_counter_updates;   /* the updates the loop spanned (0: not read) */
};
#define PROTOCOL_CHECK_UPDATES 5

enum { PROTOCOL_STOP_CI = 1, PROTOCOL_STOP_TIME = 2, PROTOCOL_STOP_COUNT = 3 };
const char *protocol_stop_name(int reason);

/* Time one row: rest_s idle first when > 0, warmup_s (< 0: p's) of the row's own kernel, then the
 * samples with their retakes. 0 on success, else the first failing callback's code. */
int protocol_row(const struct protocol *p, const struct protocol_ops *ops, double warmup_s, double rest_s,
		 struct protocol_result *r);
void protocol_free(struct protocol_result *r);

/*
 * The "original" protocol of nongemm Figure 7: what a benchmark driver that warms up for a fixed
 * number of launches measures when it starts on an idle GPU (the SpMV artifact the paper re-ran
 * does this: 100 launches, then 1000 timed by the host clock around them, their mean). The GPU
 * rests idle_s first, as it does while a fresh process reads its matrix. cold_s: the mean of the
 * timed launches so measured. protocol_original_warm then times the same launches again once the
 * caller has run the 1-second warm-up (warm_s), so that cold_s / warm_s is the warm-up's effect
 * alone, the timing method being the same.
 */
#define ORIGINAL_IDLE_S 0.5
#define ORIGINAL_WARMUP 100
#define ORIGINAL_TIMED 1000
struct original_result {
	double idle_s;
	long warmup_launches, timed_launches;
	double cold_s, warm_s;   /* seconds a launch: the mean of timed_launches */
	double idle_mhz;         /* the SM clock at the end of the pause, before any launch (NaN: not read):
				  * whether the GPU had clocked down, which a cold timing presumes */
};
int protocol_original(const struct protocol_ops *ops, struct original_result *r);
int protocol_original_warm(const struct protocol_ops *ops, struct original_result *r);
/* The protocol sentence, generated here alone: meta.csv's protocol column, and through it every
 * table footer and figure title (the renderer quotes it). The warm-up, the samples' stopping rule,
 * the retake rule; QUICK runs start "QUICK: ". */
void protocol_text(const struct protocol *p, int quick, char *buf, size_t len);
/* The ceilings' microbenchmarks (profiling/ceilings.cu): a burst, then CEIL_WARMUP_S of the
 * microbenchmark itself and its launches timed over CEIL_SAMPLE_S; and their sentence for meta.csv. */
#define CEIL_WARMUP_S 1.0
#define CEIL_SAMPLE_S 0.2
void protocol_ceilings_text(int quick, int counters, char *buf, size_t len);
/* "; original protocol too: ..." for meta.csv's protocol line when on, else "" */
void protocol_original_text(char *buf, size_t len, int on);

#ifdef __cplusplus
}
#endif
#endif
