/*
 * stub-rows.c - the rows the stub runner (tests/stub-stencilbench.sh) writes for a configuration
 * list, for the make layer's tests (tests/make-cases.sh, tests/slurm-test.sh): one row a
 * configuration, copied cyclically from a fixture run CSV, with the configuration's own key columns
 * (every column the list and the fixture share: stencil or workload, dtype, method, fusion, size,
 * label, matrix; a warm-up study's warmup_s and rest_s as warmup_asked_s and warmup_rest_s), so that
 * no configuration appears twice. Copied verification errors belong to
 * another configuration and are set to 0, the rate to 1 GStencil/s (under every roof); with WRONG
 * 1 every status "ok" becomes "wrong". Each row is the runner's on a GPU of its own and a replica:
 * gpu_uuid STUB_UUID where set, the replica and data columns the runner writes (these three added
 * where the fixture predates them) STUB_REPLICA (default 1) and the list's data regime ("random"
 * where it names none). Read and written through
 * model/csvio.h, like every CSV.
 *
 *   stub-rows LIST FIXTURE WRONG NAME > OUT   (its progress line, naming NAME, on stderr)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvio.h"

static const char *const zeroed[] = {"verify_rel_l2", "verify_max_rel"};

/* the value of column c of the output row: the list's key, a fixed value, or the fixture's cell */
static const char *cell(const struct csv_table *list, size_t i, const struct csv_table *fix,
			size_t r, size_t c, int wrong)
{
	const char *name = fix->header[c], *own = csv_table_get(list, i, name);
	if (own)
		return own;
	/* a warm-up study's list row: its warm-up and rest, as the runner records them */
	if (!strcmp(name, "warmup_asked_s") && csv_table_get(list, i, "warmup_s"))
		return csv_table_get(list, i, "warmup_s");
	if (!strcmp(name, "warmup_rest_s") && csv_table_get(list, i, "rest_s"))
		return csv_table_get(list, i, "rest_s");
	if (!strcmp(name, "gpu_uuid") && getenv("STUB_UUID") && *getenv("STUB_UUID"))
		return getenv("STUB_UUID");
	if (!strcmp(name, "replica"))
		return getenv("STUB_REPLICA") ? getenv("STUB_REPLICA") : "1";
	if (!strcmp(name, "data"))   /* the list's regime where it names one: above */
		return "random";
	for (size_t z = 0; z < sizeof zeroed / sizeof *zeroed; z++)
		if (!strcmp(name, zeroed[z]))
			return "0";
	if (!strcmp(name, "gstencil_per_s"))
		return "1";
	if (wrong && !strcmp(name, "status") && !strcmp(fix->cells[r][c], "ok"))
		return "wrong";
	return fix->cells[r][c];
}

int main(int argc, char **argv)
{
	struct csv_table list, fix;
	struct csv_writer w;
	char err[512];
	if (argc != 5 || (strcmp(argv[3], "0") && strcmp(argv[3], "1"))) {
		fprintf(stderr, "usage: stub-rows LIST FIXTURE WRONG(0|1) NAME\n");
		return 2;
	}
	if (csv_table_read(argv[1], &list, err, sizeof err) ||
	    csv_table_read(argv[2], &fix, err, sizeof err)) {
		fprintf(stderr, "stub-rows: %s\n", err);
		return 2;
	}
	if (!fix.nrows) {
		fprintf(stderr, "stub-rows: %s has no row to copy\n", argv[2]);
		return 2;
	}
	/* the fixture's header, with the runner's replica and data columns where it lacks them */
	const char *head[256], *added[] = { "gpu_uuid", "replica", "data" };
	size_t nh = 0;
	for (size_t c = 0; c < fix.ncols && nh < 254; c++)
		head[nh++] = fix.header[c];
	for (size_t a = 0; a < 3; a++)
		if (csv_table_col(&fix, added[a]) < 0)
			head[nh++] = added[a];
	if (csv_writer_open(&w, "-", head, nh)) {
		perror("stub-rows: stdout");
		return 2;
	}
	for (size_t i = 0; i < list.nrows; i++) {
		for (size_t c = 0; c < fix.ncols; c++)
			csv_put_str(&w, cell(&list, i, &fix, i % fix.nrows, c, argv[3][0] == '1'));
		for (size_t c = fix.ncols; c < nh; c++) {
			const char *rep = getenv("STUB_REPLICA"), *uuid = getenv("STUB_UUID"), *d = csv_table_get(&list, i, "data");
			csv_put_str(&w, !strcmp(head[c], "data") ? (d && *d ? d : "random") :
				    !strcmp(head[c], "replica") ? (rep ? rep : "1") : uuid ? uuid : "");
		}
		csv_end_row(&w);
	}
	int rc = csv_writer_close(&w) ? 2 : 0;
	fprintf(stderr, "[%zu/%zu] stub %s ... ok\n", list.nrows, list.nrows, argv[4]);
	csv_table_free(&list);
	csv_table_free(&fix);
	return rc;
}
