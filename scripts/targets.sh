#!/bin/sh
# targets.sh - the Makefile's view of experiments/targets.csv (the table of rendered targets):
# prints build/targets.mk, the lists EXPERIMENTS, REPRODUCED, FIGURES, TABLES and RENDERED_TARGETS,
# each target's NOCOUNTERS_ and EXTRA_OUT_ variables, ORIGINAL_L (--original) for each list L its
# original column asks for, NOCOUNTERS_L for a list that is no target's own and whose readers all
# measure without counters, INPUTS_T where a target reads other lists
# than its own (verdicts: those data/paper/claims.csv names, in order), and one help line a target
# for make help. The aliases themselves are pattern-free rules the Makefile makes from these lists.
# usage: scripts/targets.sh experiments/targets.csv data/paper/claims.csv
set -eu
targets=${1:?usage: targets.sh TARGETS.csv CLAIMS.csv}
claims=${2:?usage: targets.sh TARGETS.csv CLAIMS.csv}
for f in "$targets" "$claims"; do
	[ -r "$f" ] || { echo "targets.sh: cannot read $f" >&2; exit 2; }
done
awk -v claims="$claims" '
# split a CSV line into f[1..n] (double quotes, "" inside them); returns n
function csv(line, f,    n, i, c, q, cell) {
	n = 0; cell = ""; q = 0
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (q) {
			if (c == "\"" && substr(line, i + 1, 1) == "\"") { cell = cell c; i++ }
			else if (c == "\"") q = 0
			else cell = cell c
		} else if (c == "\"") q = 1
		else if (c == ",") { f[++n] = cell; cell = "" }
		else cell = cell c
	}
	f[++n] = cell
	return n
}
function col(name) { return f[idx[name]] }
BEGIN {
	# the claims inputs, in the order the claims name them
	while ((getline line < claims) > 0) {
		if (line ~ /^#/ || line == "") continue
		n = csv(line, f)
		if (!hdr) { for (i = 1; i <= n; i++) cidx[f[i]] = i; hdr = 1; continue }
		m = split(f[cidx["inputs"]], w, " ")
		for (i = 1; i <= m; i++) if (!(w[i] in seen)) { seen[w[i]] = 1; cin = cin " " w[i] }
	}
	print "# generated from experiments/targets.csv by scripts/targets.sh: do not edit"
}
/^#/ || /^$/ { next }
!head { n = csv($0, f); for (i = 1; i <= n; i++) idx[f[i]] = i; head = 1; next }
{
	csv($0, f)
	t = col("target"); kind = col("kind")
	all = all " " t
	if (kind != "verdicts") exps = exps " " t
	if (kind == "figure") figs = figs " " t
	else tabs = tabs " " t
	if (col("reproduce") == "yes" && kind != "verdicts") rep = rep " " t
	if (col("counters") == "no") nocount = nocount "NOCOUNTERS_" t " := --no-counters\n"
	if (col("extra") == "fit") extra = extra "EXTRA_OUT_" t " := $(O)/" t "-fit.csv\n"
	ins = col("inputs")
	if (ins == "claims") ins = substr(cin, 2)
	istarget[t] = 1
	m = split(ins, w, " ")
	for (i = 1; i <= m; i++) {
		if (col("original") == "yes" && !(w[i] in orig)) { orig[w[i]] = 1; origs = origs "ORIGINAL_" w[i] " := --original\n" }
		if (col("counters") == "no" && !(w[i] in counted)) nocnt[w[i]] = 1
		if (col("counters") != "no") { counted[w[i]] = 1; delete nocnt[w[i]] }
	}
	if (ins != t) inputs = inputs "INPUTS_" t " := " ins "\n"
	help = help t ": ## " col("help") "\n"
}
END {
	print "EXPERIMENTS :=" exps
	print "REPRODUCED :=" rep
	print "FIGURES :=" figs
	print "TABLES :=" tabs
	print "RENDERED_TARGETS :=" all
	for (l in nocnt) if (!(l in istarget)) nocount = nocount "NOCOUNTERS_" l " := --no-counters\n"
	printf "%s%s%s%s", nocount, origs, extra, inputs
	printf "%s", help
}' "$targets"
