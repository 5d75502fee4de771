/*
 * protocol.h - the timing protocol every measurement uses (REPRODUCE.md, "Timing protocol").
 *
 *   1. warm-up, time-based (nongemm Listing 1): time 10 calibration launches, then launch in
 *      batches of about 0.1 s until the row's warm-up has passed. The GPU's warm-up, warmup_s
 *      (default 1.0 s), is given to a process's first timed row and to every row before which the
 *      GPU has idled more than rewarm_after_s (0.5 s) since the last timed launch; a row that
 *      follows on a busy GPU warms its own kernel for row_warmup_s (0.05 s) (protocol_warmup);
 *   2. timed samples, one per sample() call: the caller's measurement window (stencilbench: the
 *      L2 evicted before the launch, and the write-back of what the launch left dirty in L2
 *      inside the window; see the runner) unless hot: at least min_samples, and on until the
 *      95 % confidence interval of the median is within target_ci of it (half-width; checked at
 *      n growing by a tenth) or max_sample_s has passed (or max_samples were taken);
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
	double warmup_s;        /* 1.0: the GPU's warm-up (the first row, and after an idle GPU) */
	double row_warmup_s;    /* 0.05: a row's warm-up on a GPU busy until just before */
	double rewarm_after_s;  /* 0.5: an idle gap longer than this gets warmup_s again */
	int calib_launches;     /* 10 */
	double batch_s;         /* 0.1: warm-up batch length */
	int min_samples;        /* 10 */
	int max_samples;        /* 10000 */
	double max_sample_s;    /* 0.5 */
	double target_ci;       /* 0.005: the median's 95 % confidence half-width over the median */
	int flush_l2;           /* 1 unless --hot */
	double throttle_frac;   /* 0.75 */
	int max_retakes;        /* 20: throttled samples discarded and retaken per row, at most */
	double rest_s;          /* 0.05: the pause before a retake */
};

/* The full protocol and the QUICK=1 smoke-test one (short warm-up, few samples). */
void protocol_default(struct protocol *p);
void protocol_quick(struct protocol *p);
/* The warm-up a row gets: warmup_s when the GPU has idled idle_s > rewarm_after_s since the last
 * timed launch (idle_s < 0: none yet in this process; rewarm_after_s < 0: every row, the runner's
 * --full-warmup), else row_warmup_s (never more than warmup_s, so that a warm-up of 0 asked for
 * is 0). */
double protocol_warmup(const struct protocol *p, double idle_s);

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
	double idle_s;              /* the GPU's idle gap before the row (NaN: the first row) */
	int n;                      /* samples taken */
	double *seconds, *sm_mhz;   /* n each (caller frees with protocol_free) */
	int throttled;              /* kept samples under the throttle threshold */
	int retakes;                /* throttled samples discarded and retaken */
	double sampling_s;
	int stop_reason;            /* PROTOCOL_STOP_* */
	struct stats time;          /* of seconds */
	double median_ci;           /* the median's 95 % confidence half-width over the median */
	double sm_mhz_median;       /* NaN when the clock was not read */
	double sm_mhz_min;          /* NaN when the clock was not read */
};

enum { PROTOCOL_STOP_CI = 1, PROTOCOL_STOP_TIME = 2, PROTOCOL_STOP_COUNT = 3 };
const char *protocol_stop_name(int reason);

/* Run the protocol, the GPU idle idle_s before it (protocol_warmup; < 0: the process's first row);
 * max_sm_mhz <= 0 disables the throttle flag. 0 on success, else the first failing callback's
 * code. */
int protocol_run(const struct protocol *p, const struct protocol_ops *ops, double idle_s, double max_sm_mhz,
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
/* meta.csv's protocol line, its timing part: the warm-up rule, the samples' stopping rule */
void protocol_text(const struct protocol *p, int quick, char *buf, size_t len);
/* "; original protocol too: ..." for meta.csv's protocol line when on, else "" */
void protocol_original_text(char *buf, size_t len, int on);

#ifdef __cplusplus
}
#endif
#endif
