/*
 * protocol.h - the timing protocol every measurement uses (REPRODUCE.md, "Timing protocol").
 *
 *   1. warm-up, time-based (nongemm Listing 1): time 10 calibration launches, then launch in
 *      batches of about 0.1 s until warmup_s (default 1.0 s) has passed;
 *   2. timed samples, one per sample() call: the caller's measurement window (stencilbench: the
 *      L2 evicted before the launch, and the write-back of what the launch left dirty in L2
 *      inside the window; see the runner) unless hot: at least min_samples, and on until the
 *      relative standard deviation is at most target_rsd or max_sample_s has passed (or
 *      max_samples were taken);
 *   3. the SM clock is read for every sample. A sample under throttle_frac of the maximum clock
 *      is discarded, the GPU rests rest_s, and the sample is retaken (as NVBench does), at most
 *      max_retakes times a row; after that a throttled sample is kept and counted, and the row
 *      carries the count (the tables mark it);
 *   4. median, min, max, quartiles, the throttled count, the retakes and the clock (median and
 *      minimum over the kept samples) are reported.
 * The device work is behind callbacks, so the loop is tested on the CPU with a fake clock.
 */
#ifndef PROTOCOL_H
#define PROTOCOL_H

#include <stddef.h>

#include "stats.h"

#ifdef __cplusplus
extern "C" {
#endif

struct protocol {
	double warmup_s;        /* 1.0 */
	int calib_launches;     /* 10 */
	double batch_s;         /* 0.1: warm-up batch length */
	int min_samples;        /* 10 */
	int max_samples;        /* 10000 */
	double max_sample_s;    /* 3.0 */
	double target_rsd;      /* 0.005 */
	int flush_l2;           /* 1 unless --hot */
	double throttle_frac;   /* 0.75 */
	int max_retakes;        /* 20: throttled samples discarded and retaken per row, at most */
	double rest_s;          /* 0.05: the pause before a retake */
};

/* The full protocol and the QUICK=1 smoke-test one (short warm-up, few samples). */
void protocol_default(struct protocol *p);
void protocol_quick(struct protocol *p);

struct protocol_ops {
	void *ctx;
	/* host seconds, monotonic */
	double (*now)(void *ctx);
	/* enqueue n launches and wait for them: 0 on success */
	int (*launch)(void *ctx, long n);
	/* (flush the L2 if asked, then) time one launch: seconds and the SM clock in MHz (<= 0 if
	 * unknown); 0 on success */
	int (*sample)(void *ctx, int flush_l2, double *seconds, double *sm_mhz);
	/* pause s seconds (the GPU idle) before a throttled sample is retaken; NULL: no pause */
	void (*rest)(void *ctx, double s);
	/* the SM clock now, MHz (the original protocol's record of an idle GPU); NULL: not read */
	double (*clock)(void *ctx);
};

struct protocol_result {
	double calib_launch_s;      /* per-launch time from the calibration launches */
	long warmup_launches;
	double warmup_s;            /* measured warm-up duration */
	int n;                      /* samples taken */
	double *seconds, *sm_mhz;   /* n each (caller frees with protocol_free) */
	int throttled;              /* kept samples under the throttle threshold */
	int retakes;                /* throttled samples discarded and retaken */
	double sampling_s;
	int stop_reason;            /* PROTOCOL_STOP_* */
	struct stats time;          /* of seconds */
	double sm_mhz_median;       /* NaN when the clock was not read */
	double sm_mhz_min;          /* NaN when the clock was not read */
};

enum { PROTOCOL_STOP_RSD = 1, PROTOCOL_STOP_TIME = 2, PROTOCOL_STOP_COUNT = 3 };
const char *protocol_stop_name(int reason);

/* Run the protocol; max_sm_mhz <= 0 disables the throttle flag. 0 on success, else the first
 * failing callback's code. */
int protocol_run(const struct protocol *p, const struct protocol_ops *ops, double max_sm_mhz,
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
/* "; original protocol too: ..." for meta.csv's protocol line when on, else "" */
void protocol_original_text(char *buf, size_t len, int on);

#ifdef __cplusplus
}
#endif
#endif
