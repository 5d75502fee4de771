/*
 * fermi-rows.c - the fermi paper's Figure 8 rows (records.h): a point's width class
 * (model/fermi.h), its grid's row pitch, and the point of a method, precision and size. Read by
 * make fermi-figure8 (plots/render/render-fermi8.c) and the fermi claims
 * (plots/verdicts/claims-fermi.c).
 */
#include <stdio.h>
#include <string.h>

#include "fermi.h"
#include "grid.h"
#include "records.h"
#include "stencil.h"

int rec_fermi_class(const struct point *p)
{
	const struct run_config *cf = p->cfg;
	const int cls = fermi_width_class(cf->n[0], dtype_table[cf->dtype].bytes, cf->stencil->radius * cf->fusion);
	if (!option_unpadded(cf->option))
		return cls;
	/* unpadded: the row pitch is n itself */
	return (cls & ~FERMI_PITCH_POW2) | (cls & FERMI_POW2 ? FERMI_PITCH_POW2 : 0);
}

long rec_fermi_pitch(const struct point *p)
{
	struct grid g;   /* the layout the runner allocated: padded, or METHOD:unpadded's */
	return run_config_grid(p->cfg, &g) == 0 ? g.pitch : -1;
}

/* the point of method m (METHOD or METHOD:OPTION, a variant its own series), dtype dt and width
 * n, or NULL */
const struct point *rec_fermi_at(const struct target *t, const char *m, enum dtype dt, long n)
{
	char name[64];
	for (size_t i = 0; i < t->n; i++) {
		method_variant_name(t->cfgs[i].method, t->cfgs[i].option, name, sizeof(name));
		if (t->cfgs[i].dtype == dt && t->cfgs[i].n[0] == n && !strcmp(name, m))
			return &t->p[i];
	}
	return NULL;
}
