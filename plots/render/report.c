/*
 * report.c - printed-precision comparison and Markdown tables. See report.h.
 */
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int printed_decimals(const char *s)
{
	char *end;
	const char *dot;
	if (!s || !*s)
		return -1;
	(void)strtod(s, &end);
	if (end == s || *end)
		return -1;
	dot = strchr(s, '.');
	if (!dot)
		return 0;
	return (int)strspn(dot + 1, "0123456789");
}

int printed_agrees(double v, const char *printed)
{
	int d = printed_decimals(printed);
	double p, half;
	if (d < 0 || isnan(v))
		return -1;
	p = strtod(printed, NULL);
	half = 0.5 * pow(10.0, -d);
	return fabs(v - p) <= half * (1 + 1e-9) + 1e-12 * fabs(p);
}

void format_like(char *buf, size_t len, double v, const char *like, int fallback)
{
	int d = printed_decimals(like);
	if (isnan(v)) {
		snprintf(buf, len, "NA");
		return;
	}
	snprintf(buf, len, "%.*f", d >= 0 ? d : fallback, v);
}

static void md_cells(struct md_table *t, const char *const *cells)
{
	FILE *f = t->out.f;
	fputc('|', f);
	for (size_t i = 0; i < t->ncols; i++) {
		const char *c = cells[i] && *cells[i] ? cells[i] : " ";
		fputc(' ', f);
		for (; *c; c++) {
			if (*c == '|')
				fputc('\\', f);
			fputc(*c == '\n' ? ' ' : *c, f);
		}
		fputs(" |", f);
	}
	fputc('\n', f);
}

int md_open(struct md_table *t, const char *path, const char *title, const char *const *notes,
	    const char *const *header, size_t ncols)
{
	memset(t, 0, sizeof(*t));
	if (atomic_open(&t->out, path) != 0)
		return -1;
	t->ncols = ncols;
	fprintf(t->out.f, "## %s\n\n", title);
	for (; notes && *notes; notes++)
		fprintf(t->out.f, "%s\n\n", *notes);
	md_cells(t, header);
	fputc('|', t->out.f);
	for (size_t i = 0; i < ncols; i++)
		fputs(" --- |", t->out.f);
	fputc('\n', t->out.f);
	return 0;
}

void md_row(struct md_table *t, const char *const *cells)
{
	md_cells(t, cells);
}

void md_note(struct md_table *t, const char *text)
{
	fprintf(t->out.f, "\n%s\n", text);
}

int md_close(struct md_table *t)
{
	int rc = atomic_commit(&t->out);
	memset(t, 0, sizeof(*t));
	return rc;
}

void md_abort(struct md_table *t)
{
	atomic_abort(&t->out);
	memset(t, 0, sizeof(*t));
}
