/*
 * verdict-cols.c - the verdict table as a reader reads it (render.h): one list of its columns,
 * each heading in words beside the verdicts.csv column it shows, which verdicts.md (plots/verdicts/)
 * and the report page (page.c) both take; and the measured cell both write, the raw value with the
 * paper-defined one and each replica's.
 */
#include <stdio.h>

#include "render.h"

const struct verdict_col render_verdict_cols[] = {
	{ "claim id", "id", 1 },
	{ "paper and section", "paper", 0 },   /* the page's alone */
	{ "claim", "claim", 1 },
	{ "criterion", "criterion", 1 },
	{ "the paper's value", "paper_value", 1 },
	{ "the model's (this GPU)", "model", 1 },
	{ "measured (raw; paper-defined; each replica)", "measured_text", 1 },
	{ "rows measured", "rows", 1 },
	{ "verdict", "verdict_text", 1 },
	{ "margin", "margin_text", 1 },
	{ "what it rests on", "basis", 1 },
};
const size_t render_verdict_ncols = sizeof(render_verdict_cols) / sizeof(render_verdict_cols[0]);

void render_verdict_measured(char *b, size_t len, const char *raw, const char *defined, const char *replicas)
{
	snprintf(b, len, "raw: %s; paper-defined: %s%s%s", raw, defined && *defined ? defined : "= raw",
		 replicas && *replicas ? "; " : "", replicas ? replicas : "");
}
