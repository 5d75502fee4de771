/*
 * verdict.h - the verdict rule, on numbers (tested on their own): the vocabulary of a claim's
 * verdict and how the criterion's answer, the rows measured, the model's premise and the kernels'
 * share of their roofs decide it. The verdicts floor's interface (plots/verdicts/verdicts.c); the
 * claims' evaluators and the verdicts target's renderer use it.
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
/*
 * A claim's verdict, from a fixed vocabulary. The evaluator states what the criterion says on the
 * measured values (base) and what decides whether that says something about the method: how
 * many of the rows the claim needs were measured (n of N), whether the model puts the
 * configuration in the premise's scenario on this GPU, and the lowest share of its model roof
 * among the kernels the claim rests on. verdict_decide: not measured when any row is missing (a
 * partial set never decides); premise absent here when the model says the premise does not arise;
 * inconclusive (implementation-limited) when a kernel is under roof_share of its roof and the
 * claim fails, or, for an upper bound, holds (a slow kernel meets any upper bound); else the base.
 */
enum verdict_out { VO_HOLDS, VO_FAILS, VO_PREMISE_ABSENT, VO_IMPL_LIMITED, VO_NOT_MEASURED };
struct claim_eval {
	int n, N;
	enum verdict base;
	int premise_absent;
	char premise_why[192];
	double share;               /* NaN: no kernel's rate is involved */
	char share_row[128];
	int upper_bound;
};
enum verdict_out verdict_decide(const struct claim_eval *e, double roof_share);
const char *verdict_out_name(enum verdict_out v);

#endif
