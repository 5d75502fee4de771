/*
 * regime.c - the data regimes (regime.h): their names, and each authors' artifact's weights and
 * input as the artifact's public code sets them (read for their values only; the sources are named
 * at each table below). kernels-vs-authors and the verdicts' gate use them; the papers' tables and
 * verdicts run the random regime alone.
 */
#include "regime.h"
#include "method.h"
#include "regime-int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[DATA_REGIMES] = { "random", "zero", "artifact" };

const char *data_regime_name(enum data_regime d)
{
	return d >= 0 && d < DATA_REGIMES ? names[d] : "?";
}

int data_regime_parse(const char *s, enum data_regime *d)
{
	for (int k = 0; s && k < DATA_REGIMES; k++)
		if (!strcmp(s, names[k])) {
			*d = (enum data_regime)k;
			return 0;
		}
	return -1;
}

const char *data_regime_names(void)
{
	return "random|zero|artifact";
}

/* the artifacts, by the name the method table gives them (model/method.h: a method's artifact) */
static const struct artifact_regime artifacts[] = {
	{ "EBISU", INPUT_ZERO, ebisu_input, ebisu_weights,
	  "its kernel constants (not scaled), on the data its run spends its time on: zero (9 and 27 points: "
	  "they decay), infinite (49 points: they overflow after about 730 steps)" },
	{ "SPIDER", INPUT_INDEX_MOD19, NULL, spider_weights,
	  "its weights ((dy + 8) mod 13 + 1, constant along x) scaled to sum 1 (its finite build), input the index "
	  "modulo 19" },
	{ "LoRAStencil", INPUT_INT100, NULL, lorastencil_weights,
	  "its shipped weights scaled to sum 1 (its finite build: 2D one 7 x 7 of rank 3, 3D {1, 2, 1} along x), "
	  "input integers 0-99" },
	{ "ConvStencil", INPUT_INT100, NULL, harness_weights,
	  "the harness's weights (its fused tables compose from no base stencil), its input: integers 0-99" },
	{ "TCStencil", INPUT_ONE, NULL, tcstencil_weights, "its weights (B[i] = i, centre -40 or -290), input all one" },
	{ "FlashFFTStencil", INPUT_RANDOM, NULL, harness_weights,
	  "random weights and input, as its driver's (the harness's own)" },
};

const struct artifact_regime *artifact_regime_of(const char *method)
{
	char m[64];
	snprintf(m, sizeof(m), "%s", method ? method : "");
	char *colon = strchr(m, ':');
	if (colon)
		*colon = '\0';   /* a variant meets its method's artifact */
	const struct model_method *mm = model_method_find(m);
	for (size_t k = 0; mm && mm->artifact && k < sizeof(artifacts) / sizeof(artifacts[0]); k++)
		if (!strcmp(artifacts[k].artifact, mm->artifact))
			return &artifacts[k];
	return NULL;
}

const char *artifact_methods(void)
{
	static char buf[256];
	if (!buf[0])
		for (size_t k = 0; k < model_method_count; k++)
			if (artifact_regime_of(model_methods[k].name))
				snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%s", buf[0] ? ", " : "",
					 model_methods[k].name);
	return buf;
}

int regime_weights(enum data_regime d, const char *method, int mirror, const struct stencil *s, enum dtype dt,
		   struct weights *w, char *why, size_t len)
{
	memset(w, 0, sizeof(*w));
	if (d != DATA_ARTIFACT) {
		if ((mirror ? weights_make_mirror(s, dt, w) : weights_make(s, dt, w)) == 0)
			return 0;
		snprintf(why, len, "no memory");
		return -1;
	}
	const struct artifact_regime *a = artifact_regime_of(method);
	if (!a) {
		snprintf(why, len, "method '%s' has no artifact (%s)", method, artifact_methods());
		return -1;
	}
	return a->weights(s, dt, w, why, len);
}

enum data_input regime_input(enum data_regime d, const char *method, const struct stencil *s)
{
	if (d == DATA_ZERO)
		return INPUT_ZERO;
	const struct artifact_regime *a = d == DATA_ARTIFACT ? artifact_regime_of(method) : NULL;
	return !a ? INPUT_RANDOM : a->input_of && s ? a->input_of(s) : a->input;
}
