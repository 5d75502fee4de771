/*
 * verdict.h - the verdict rule, on numbers (tested on their own): the vocabulary of a claim's
 * verdict and how the criterion's answer, the rows measured, the model's premise, the margin and
 * the best known implementations of the kernels it rests on decide it. The verdicts floor's
 * interface (plots/verdicts/verdicts.c); the claims' evaluators and the verdicts target use it.
 */
#ifndef VERDICT_H
#define VERDICT_H

#include <stddef.h>

/* Verdict logic, on numbers (tested on their own): */
enum verdict { V_HOLDS, V_FAILS, V_NA };
const char *verdict_name(enum verdict v);
/* a claimed lower bound ("at least x"): holds when measured >= claimed (1 - tol) */
enum verdict verdict_at_least(double measured, double claimed, double tol);
/* a claimed upper bound ("at most x"): holds when measured <= claimed (1 + tol) */
enum verdict verdict_at_most(double measured, double claimed, double tol);
/* a claimed invariance: holds when every value is within tol of the first */
enum verdict verdict_flat(const double *v, size_t n, double tol);
/* a claimed growth: holds when each ratio meets its bound within tol and the last is above the
 * first (sptc: the speedup over DRStencil grows from box2d1r to box2d3r) */
enum verdict verdict_grows(const double *r, const double *bound, size_t n, double tol);

/*
 * One side of a rate comparison: the kernel (a method in one precision, over the claim's rows)
 * whose uniform speed-up by the claim's flip factor would flip its verdict. best_known: the
 * authors' artifact's rate over ours at the nearest configuration on this GPU model (NaN: no
 * authors' number for the method and precision); share: its best share of its sustained roof over
 * the claim's rows (NaN: not known).
 */
struct flip_side {
	char name[64];
	double best_known;
	char best_where[192];
	double share;
	double floor;               /* the lowest share of its roof an authors' artifact of the side's
				     * family reaches on this GPU model (NaN: none known, never gated) */
	char floor_where[96];
};

/*
 * A claim's evaluation. The evaluator states what the criterion says on the measured values
 * (base), how many of the rows the claim needs were measured (n of N), whether the model puts the
 * configuration in the premise's scenario on this GPU, and the margin: for a comparison of rates
 * (rate = 1) the flip factor, the uniform speed-up of one side that would flip the verdict soonest
 * (>= 1), with the sides it would take; for any other claim the distance of its quantity to its
 * threshold in its units. halfwidth: the half-width of the margin's interval at the level stated in
 * data/paper/verdict-params.csv, in the margin's units signed by its side of the threshold (a flip
 * factor's log; a distance's own units), from the design (plots/verdicts/interval.c). defined: the measured value as the paper defines it, where that is not the raw one (sptc's
 * normalisation), the criterion's input then.
 */
#define VD_MAX_SIDES 4
struct claim_eval {
	int n, N;
	enum verdict base;
	int premise_absent;
	int premise_uncertain;      /* the premise lies within the ceilings' between-GPU spread of arising
				     * or not: decided by no single GPU's ceilings (premise_why says how near) */
	char premise_why[256];
	char premise_margin[320];   /* how far the premise is from arising here (premise absent's margin) */
	int rate;
	double margin;
	char margin_text[256];
	struct flip_side side[VD_MAX_SIDES];
	int nside;
	double halfwidth;           /* the interval's half-width about the margin, signed units (NaN: none) */
	double level;               /* its level (0.95: a 95 % interval) */
	char interval_why[320];     /* what the interval rests on: the design's source, n, GPUs, draws */
	double defined;             /* the measured value as the paper defines it (NaN: the raw one) */
	char defined_text[256];
};
#define CLAIM_EVAL(b) { .base = (b), .margin = NAN, .halfwidth = NAN, .level = NAN, .defined = NAN }

/*
 * A claim judged on one replica of a replicated run (each replica measured on GPUs of its own):
 * whether every row it needs was measured, the value, the criterion's answer and the margin; the
 * verdict row shows each (the interval, not their agreement, decides).
 */
struct rep_value {
	int measured;
	double value;               /* the claim's value (its paper-defined one where it has one; NaN: none) */
	enum verdict base;
	double margin;
	int premise_absent;         /* the model puts it outside the premise on this replica's ceilings */
	int defined;                /* value is the paper-defined one */
};
/* the margin signed by its side of the threshold, in the interval's units: a flip factor's log, a
 * distance as it is; positive where the criterion holds; NaN where the criterion has no answer (the
 * model's premise aside: its interval is the measurement's, for a run where the premise arises) */
double verdict_signed_margin(const struct claim_eval *e);

/*
 * The verdict: not measured when any row is missing (a partial set never decides) or the
 * criterion has no answer; premise absent here when the model says the premise does not arise;
 * inconclusive: implementation-limited when a side's best known implementation (the authors'
 * artifact, when faster than ours) is at least the flip factor faster (a kernel at or above its
 * authors' number never gates), or, where no authors' number exists, when the side is under its
 * family's floor (the least share of its roof the authors' artifacts of that family reach here)
 * and reaching its roof would flip the verdict; inconclusive: within spread when the replicas
 * disagree, or when the margin does not clear the spread (a flip factor under
 * 1 + spread; a distance under the spread); else the base. why: the reason, for the two
 * inconclusive ones.
 */
enum verdict_out { VO_HOLDS, VO_FAILS, VO_PREMISE_ABSENT, VO_IMPL_LIMITED, VO_SPREAD, VO_NOT_MEASURED, VO_COUNT };
enum verdict_out verdict_decide(const struct claim_eval *e, char *why, size_t len);
const char *verdict_out_name(enum verdict_out v);

#endif
