/*
 * runopts.c - the runner's options, the protocol they ask for and the row timing call. See
 * runopts.h.
 */
#include "runopts.h"

#include "energypoll.h"
#include "hostlock.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "regime.h"

static const char *prog = "stencilbench";

/* "--opt VALUE"'s value as a warm-up into *out: decimals with or without an exponent (2, .25, 1e-1,
 * no sign, space or hex: make's own rule for WARMUP_S, scripts/make/device.mk), above 0 and at most
 * WARMUP_MAX_S, or a one-line error naming what and the value */
static void seconds(const char *what, const char *v, double *out)
{
	const int decimal = (isdigit((unsigned char)v[0]) || v[0] == '.') &&
			    strspn(v, "0123456789.eE+-") == strlen(v);
	if (!decimal || cli_parse_double(v, out) != 0 || !(*out > 0 && *out <= WARMUP_MAX_S))
		cli_bad_input(prog, "bad %s '%s' (a number of seconds above 0 and at most %g)", what, v,
			      WARMUP_MAX_S);
}

void options_parse(struct options *o, int argc, char **argv, int first)
{
	memset(o, 0, sizeof(*o));
	o->counters = 1;
	o->warmup_s = -1;
	o->replica = 1;
	o->data = data_regime_name(DATA_RANDOM);
	if (getenv("QUICK") && !strcmp(getenv("QUICK"), "1"))
		o->quick = 1;
	if (getenv("COUNTERS") && !strcmp(getenv("COUNTERS"), "0"))
		o->counters = 0;
	if (getenv("WARMUP_S") && *getenv("WARMUP_S"))
		seconds("WARMUP_S", getenv("WARMUP_S"), &o->warmup_s);
	for (int i = first; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
#define OPT(name, field) if (!strcmp(a, name)) { if (!v) cli_bad_input(prog, "%s needs a value", a); \
			o->field = v; i++; continue; }
		OPT("--out", out) OPT("--experiment", experiment) OPT("--stencil", stencil)
		OPT("--dtype", dtype) OPT("--method", method) OPT("--fusion", fusion) OPT("--size", size)
		OPT("--label", label) OPT("--cupti", cupti_csv) OPT("--ncu", ncu_csv)
		OPT("--cpu-share", cpu_share)
#undef OPT
		if (!strcmp(a, "--quick")) { o->quick = 1; continue; }
		if (!strcmp(a, "--hot")) { o->hot = 1; continue; }
		if (!strcmp(a, "--original")) { o->original = 1; continue; }
		if (!strcmp(a, "--no-counters")) { o->counters = 0; continue; }
		if (!strcmp(a, "--profile-once")) { o->profile_once = 1; o->counters = 0; continue; }
		if (!strcmp(a, "--warmup-s") && v) {
			seconds("--warmup-s", v, &o->warmup_s);
			i++;
			continue;
		}
		if (!strcmp(a, "--replica") && v) {
			long k;
			if (cli_parse_int(v, &k) != 0 || k < 1 || k > 64)
				cli_bad_input(prog, "bad --replica '%s' (1 to 64)", v);
			o->replica = (int)k;
			i++;
			continue;
		}
		if (!strcmp(a, "--data") && v) {
			enum data_regime d;
			if (data_regime_parse(v, &d) != 0)
				cli_bad_input(prog, "bad --data '%s' (%s)", v, data_regime_names());
			o->data = v;
			i++;
			continue;
		}
		if (!strcmp(a, "--device") && v) {
			long d;
			if (cli_parse_int(v, &d) != 0 || d < 0)
				cli_bad_input(prog, "bad --device '%s'", v);
			o->device = (int)d;
			i++;
			continue;
		}
		cli_bad_input(prog, "unknown or incomplete option '%s' (see --help)", a);
	}
}

void protocol_from(const struct options *o, struct protocol *p)
{
	if (o->quick)
		protocol_quick(p);
	else
		protocol_default(p);
	if (o->warmup_s >= 0)
		p->warmup_s = o->warmup_s;
	p->flush_l2 = !o->hot;
}

void options_protocol_text(const struct options *o, int hot, int own_timing, char *sentence, size_t slen,
			   char *detail, size_t dlen)
{
	struct protocol p;
	char orig[256];
	protocol_from(o, &p);
	protocol_text(&p, o->quick, sentence, slen);
	if (own_timing) {   /* the warm-up study: its rows' warm-ups are the list's, by design */
		const size_t n = strlen(sentence);
		snprintf(sentence + n, slen - n, "; EXCEPT this list's rows, each warmed for the list's own warm-up "
			 "(warmup_s) after an idle rest (rest_s): a warm-up study, not a measurement of record");
	}
	protocol_original_text(orig, sizeof(orig), o->original);
	char energy[256] = "off";
	if (p.energy_window_s > 0)   /* the window the counter is read over, and what it adds to the warm-up */
		snprintf(energy, sizeof(energy), "read at its own updates over the warm-up's last %.2f s (a warm-up "
			 "whose calibration launches ran into that window goes on until the window has lasted %.2f s)",
			 p.energy_window_s, p.energy_window_s);
	snprintf(detail, dlen, "window %s; counters %s; energy counter %s, its reads held while another runner of "
		 "this host sets up, tears down or profiles a row: host lock %s%s",
		 hot ? "hot (back-to-back launches, the L2 kept)" : o->hot ? "hot (launch alone, L2 not evicted)" :
		 "writeback (L2 evicted before; write-back read inside, its cost alone subtracted)",
		 hot ? "off" : o->counters ? "on (launch + write-back read, minus the read alone)" : "off",
		 energy_poll_enabled() ? energy : "off (STENCIL_ENERGY=off: an experiment, no energies)", hostlock_state(),
		 orig);
}

int options_time_row(const struct options *o, int hot, double list_warmup_s, double list_rest_s,
		     const struct protocol_ops *ops, struct protocol_result *r)
{
	struct protocol p;
	protocol_from(o, &p);
	if (hot)
		p.flush_l2 = 0;
	return protocol_row(&p, ops, list_warmup_s > 0 ? list_warmup_s : p.warmup_s, list_rest_s > 0 ? list_rest_s : 0,
			    r);
}
