/*
 * papers.h - analytic formulas that the papers state for other methods, rebuilt from their text
 * so that the harness can put its own value beside every published one.
 *
 *   sptc Table 1 (section 2.3): compute (MACs), input access and parameter access per output
 *   point for a Box-2D stencil of radius r updated in c x c tiles (TCStencil with L x L tiles),
 *   for the lower bound, TCStencil, ConvStencil, LoRAStencil and SPTCStencil. The formulas are
 *   the paper's, divided by the A x B points (A a multiple of ConvStencil's 2c(r+1) strip).
 *
 *   tcstencil appendix Table 1: arithmetic intensity (a multiply-add counts as one FLOP, fp16
 *   data) of Artemis, TC-w/o-tc and TCStencil, and I_max = pi / beta.
 */
#ifndef PAPERS_H
#define PAPERS_H

#ifdef __cplusplus
extern "C" {
#endif

enum sptc_method { SPTC_LOWER_BOUND, SPTC_TCSTENCIL, SPTC_CONVSTENCIL, SPTC_LORASTENCIL,
		   SPTC_SPTCSTENCIL, SPTC_METHOD_COUNT };

struct sptc_cost {
	double compute;   /* MACs per output point */
	double input;     /* input elements loaded per output point */
	double param;     /* stencil parameters loaded per output point */
};

const char *sptc_method_name(enum sptc_method m);
/* r >= 1, c >= 1, L > 2r (TCStencil only). 0 on success, -1 on bad parameters. */
int sptc_table1_cost(enum sptc_method m, int r, int c, int L, struct sptc_cost *out);

/* tcstencil appendix: points = stencil points (9, 25); fp16 data (2 bytes). */
double tcstencil_ai_artemis(int points);
/* TC-w/o-tc: `updated` points per L x L tile loaded from global memory (the appendix uses 144). */
double tcstencil_ai_tc_without_tc(int points, int updated, int L);
/* TCStencil: n_mma L x L x L products per tile, reading the tile and n_mma parameter matrices. */
double tcstencil_ai_tcstencil(int n_mma, int L);
/* I_max = pi / beta with pi in TFLOP/s and beta in GB/s, in FLOP/byte. */
double roofline_ridge(double peak_tflops, double bw_gbps);

#ifdef __cplusplus
}
#endif
#endif
