/*
 * verdicts-int.h - what the verdicts' files share: verdicts.c (the vocabulary, the claims table
 * read and each row's output), claims.c and claims-*.c (the evaluators claims.csv names).
 */
#ifndef VERDICTS_INT_H
#define VERDICTS_INT_H

#include "records.h"
#include "render.h"
#include "warmup-rows.h"
#include "verdict.h"

/* the throttled rows a verdict uses, named in its basis ("uses throttled rows: case 1 cc ebisu"),
 * and whether any was written from a dirty tree (the basis then says so) */
struct used {
	char s[512];
	int dirty;
};

/* one row of data/paper/claims.csv */
struct claim_row {
	const char *id, *kind, *paper, *claim, *criterion, *paper_value, *method, *option, *baseline, *config;
	double value, tol, scenario;   /* NaN where the table leaves them empty */
};

/* the verdicts being written, and the targets the claims read: stencil lists as targets, workload
 * lists (nongemm's SCALE and SpMV) as sets, the warm-up study's lists as its set */
struct verdict_ctx {
	struct render_outputs o;
	const char *names[16];
	struct target tg[16];
	size_t n;
	const char *wl_names[4];
	struct wl_set wl[4];
	size_t nwl;
	const char *wu_name;           /* the warm-up study's target and rows (plots/records/warmup-rows.h), or NULL */
	struct wu_set *wu;
	struct render_ctx *rc;
	struct csv_table authors;      /* data/paper/kernels-vs-authors.csv */
	struct target kva;             /* the run's kernels-vs-authors rows (the gate's like for like) */
	int have_kva;
	struct csv_table params;       /* data/paper/verdict-params.csv */
	struct csv_table spread;       /* data/hw/claim-spread.csv: each claim's half-width for one measurement */
	char spread_err[300];          /* why it does not read ("" when it does) */
	int counting;                  /* a first pass: vd_claim counts each verdict, writes nothing */
	int count[VO_COUNT];
	size_t cur;                    /* the claim being judged: its row of claims.csv */
	/* a replicated run: each claim judged on each replica first (a pass per replica, collecting:
	 * vd_claim records into rep[cur][collect_at] and writes nothing), then on the median rows with
	 * the replicas folded in (verdict_combine) */
	int replicas;
	char rep_gpus[8][128];         /* each replica's GPUs, UUID prefixes */
	struct rep_value (*rep)[8];
	int collecting, collect_at;
	/* each claim's interval (interval.c): its half-width at the run's measurements and at one, what it
	 * rests on; the draws' pass (drawing: vd_claim records the signed margin into draws[cur][draw_at]) */
	double level;
	double *hw, *hw_one;
	char (*hw_why)[400];
	int drawing, draw_at, ndraws;
	double *draws;
};

/* the design's components a run's interval draws (plots/records/design.c): variances of log rate */
struct vd_noise {
	struct rec_design d;           /* a row's own part by list and stratum, a block's common shift, the counters' */
	char source[200];
};
/* each claim's half-width (x->hw, x->hw_one, x->hw_why) with the claims' inputs loaded: from the run's
 * own design by draws through each (the claims judged again), or, for a run measured once a
 * configuration, from data/hw/claim-spread.csv; 0, or -1 with err (bad parameters, memory) */
int vd_interval(struct verdict_ctx *x, const struct csv_table *claims,
		void (*each)(struct verdict_ctx *, const struct csv_table *), char *err, size_t errlen);


typedef void (*claim_fn)(struct verdict_ctx *x, const struct claim_row *cr);
/* the evaluator claims.csv names, or NULL */
claim_fn vd_evaluator(const char *name);
/* the throttled (and dirty) rows among those a verdict uses, into u */
void vd_use(struct used *u, const struct point *p);
/* one of the targets the claims read, by name; a workload list's set */
const struct target *vd_input(const struct verdict_ctx *x, const char *name);
const struct wl_set *vd_wl_input(const struct verdict_ctx *x, const char *name);
/* a row the claim needs, counted when measured */
void vd_rest_on(struct claim_eval *e, const struct point *p, struct used *u);
/* a number of data/paper/verdict-params.csv by name (NaN: none, or not a number), and its text */
double vd_param(const struct verdict_ctx *x, const char *name);
const char *vd_param_text(const struct verdict_ctx *x, const char *name);
/* the margin of a rate comparison: the flip factor f (>= 1), the GPU-to-GPU spread of target's
 * rates, and its text ("flips if spider were 1.21x faster"); then each side whose uniform speed-up
 * by f would flip it: rows ps of one method and precision (vd_side: the authors' rate over ours
 * and its best share of its roof), or a workload's kernel with its share (vd_side_share) */
void vd_flip(const struct verdict_ctx *x, struct claim_eval *e, double f, const char *target, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void vd_side(struct verdict_ctx *x, struct claim_eval *e, const struct point *const *ps, size_t n);
void vd_side_share(struct claim_eval *e, const char *name, double share);
/* the same for a ratio r of rates (num over den rows) against threshold t, an upper bound when
 * upper: the flip factor and the side whose speed-up flips it, named in the text */
void vd_flip_ratio(struct verdict_ctx *x, struct claim_eval *e, double r, double t, int upper, const char *target,
		   const struct point *const *num, size_t nn, const struct point *const *den, size_t nd);
/* the margin of any other claim: the distance d of its quantity to its threshold, in its units */
void vd_distance(struct claim_eval *e, double d, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* the verdict row of claim cr from its evaluation e: verdict_decide, then CSV and Markdown */
void vd_claim(struct verdict_ctx *x, const struct claim_row *cr, const struct claim_eval *e, double measured,
	      const char *measured_text, const char *model_text, const char *basis, const struct used *u);

/* the fermi paper's evaluators (claims-fermi.c) */
void fermi_beats_naive(struct verdict_ctx *x, const struct claim_row *cr);
void fermi_fastest_large(struct verdict_ctx *x, const struct claim_row *cr);
void fermi_less_size_dependent(struct verdict_ctx *x, const struct claim_row *cr);
void fermi_pow2_drop(struct verdict_ctx *x, const struct claim_row *cr);

/* the sptc paper's evaluators on its Figure 9 (claims-sptc.c) */
void sptc_over_baseline(struct verdict_ctx *x, const struct claim_row *cr);
void sptc_over_baselines(struct verdict_ctx *x, const struct claim_row *cr);
void sptc_grows_with_radius(struct verdict_ctx *x, const struct claim_row *cr);

/* the nongemm paper's evaluators on its workloads and Figure 11 (claims-nongemm.c) */
void scale_tc_slower(struct verdict_ctx *x, const struct claim_row *cr);
void dasp_speedup_shrinks(struct verdict_ctx *x, const struct claim_row *cr);
void dasp_below_one(struct verdict_ctx *x, const struct claim_row *cr);
void warmup_effect(struct verdict_ctx *x, const struct claim_row *cr);
void suite_tc_underperforms(struct verdict_ctx *x, const struct claim_row *cr);

/* whether Hopper's wgmma changes the tcs Table 3 answer for cases 3 and 4 (claims-hopper.c) */
void hopper_tc_answer(struct verdict_ctx *x, const struct claim_row *cr);

/* the harness's own claims on its warm-up study (claims-warmup.c): each kernel's rate after the
 * claim's warm-up within its tolerance of the rate after the longest */
void warmup_within(struct verdict_ctx *x, const struct claim_row *cr);

#endif
