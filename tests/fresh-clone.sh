#!/usr/bin/env bash
# fresh-clone.sh - first contact, tested: the committed repository cloned into a temporary
# directory (git clone: no build/, plots/out/ or generated makefile shared with the working tree)
# and the README's commands typed there without a GPU (HAVE_GPU=0), as a reviewer would on a
# machine without one. tests/test_make.c runs one case each; needs git and make, installs gnuplot
# and the build packages through the Makefile (scripts/deps.sh) where it may.
#
#   fresh-clone.sh CASE ROOT   exit 0 when CASE passes; otherwise its output says why
#
#   first-contact   make table2, then make figure10, then make verdicts in a new clone: the
#                   first prints measured columns from the run data/runs/REFERENCE names, the
#                   second writes its PNG (where gnuplot exists), the third decides claims from
#                   that run
#   concurrent      make table2 & make table3 & make verdicts at once, five times: the first in a
#                   new clone (the build included), the next four in that clone reset to its
#                   first state but for the compiled host tools; each renders the reference run
#   every-target    each target of the Makefile's RENDERS (every target make help lists that
#                   renders, aliases included) on its first invocation in that state, with the
#                   recorded runs and, at once in a second clone, with data/runs/ emptied; every
#                   figure drawn (one make reproduce does not make, by its own make)
#
# A case that built the host tools in its clone leaves them in $TMPDIR/stencil-clone-tools (the
# suite's own temporary directory); a later case's clone starts from them where they were built
# from the same commit (the compiled tools only: no generated makefile, run stamp or output).
set -uo pipefail
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES RUN QUICK COUNTERS WARMUP_S ALLOW_DIRTY \
	HAVE_GPU DEVICE BENCH GNUPLOT NOBUILD GPUS SLURM RUNS
case_=$1 root=$(cd "$2" && pwd)
git -C "$root" rev-parse --git-dir >/dev/null 2>&1 || { echo "fresh-clone $case_: skipped: $root is no git clone"; exit 0; }
T=$(mktemp -d "${TMPDIR:-/tmp}/stencil-clone-XXXXXX")
trap 'rm -rf "$T"' EXIT
C=$T/clone out=$T/out
git clone -q "$root" "$C" || { echo "fresh-clone $case_: FAIL: git clone $root"; exit 1; }
cd "$C" || exit 1
ref=data/runs/$(cat data/runs/REFERENCE)
tools=${TMPDIR:-/tmp}/stencil-clone-tools head=$(git rev-parse HEAD)

fail() { echo "fresh-clone $case_: FAIL: $*"; [[ ! -f $out ]] || sed 's/^/  | /' "$out" | tail -25; exit 1; }
# a make variable of the repository tested (its build/ is made; a clone's first make must not be
# this): the targets, aliases and their targets come from experiments/targets.csv through it
var() { make -C "$root" --no-print-directory -s HAVE_GPU=0 "print-$1"; }
# the target an alias makes (an alias's ALIAS_OF_), or the name itself
target_of() { local t; t=$(var "ALIAS_OF_$1"); echo "${t:-$1}"; }
mk() { make --no-print-directory HAVE_GPU=0 "$@" > "$out" 2>&1 || fail "make $* exited $?"; }
# the clone as a first invocation finds it, but for the compiled host tools: nothing generated
reset() {
	rm -rf plots/out
	find build -maxdepth 1 -type f ! -name 'stencil-*' ! -name 'lib*.a' ! -name cc.flags \
		! -name '.deps-*' -delete
}
# the compiled host tools, to and from the cache: all given one time, newer than the clone's sources
keep_tools() {
	[[ -f $tools/head && $(cat "$tools/head") == "$head" ]] && return 0
	rm -rf "$tools.tmp" && mkdir -p "$tools.tmp" && cp -r build/obj build/lib*.a build/cc.flags \
		build/stencil-* build/.deps-* "$tools.tmp/" 2>/dev/null && echo "$head" > "$tools.tmp/head" &&
		rm -rf "$tools" && mv "$tools.tmp" "$tools"
}
seed_tools() {   # DIR: a clone
	[[ -f $tools/head && $(cat "$tools/head") == "$head" ]] || return 0
	mkdir -p "$1/build" && cp -r "$tools"/. "$1/build/" && rm -f "$1/build/head" &&
		find "$1/build" -exec touch -d "@$(date +%s)" {} +
}
# make's output $1 says it rendered the reference run, and so does the title of target $3
measured() {
	grep -q "rendering the recorded run $ref\$" "$1" || fail "$2: not rendered from $ref"
	grep -qE "run ${ref//./\\.}(, [0-9]+ GPUs \([^)]*\))?(, [0-9]+ replicas \([^)]*\))?, commit" "plots/out/$3.md" || fail "$2: plots/out/$3.md's title does not name $ref"
}
has_png() { ! command -v gnuplot >/dev/null 2>&1 || [[ -s plots/out/$1.png ]] || fail "no plots/out/$1.png"; }
decided() {   # the verdicts decide claims: most rows hold or do not hold, none is "not measured"
	local n
	n=$(grep -Ec '\| (holds|does not hold)' plots/out/verdicts.md)
	((n >= 20)) || fail "verdicts: only $n claims decided"
}

case $case_ in
first-contact)
	t=$(target_of table2)
	mk table2; measured "$out" "make table2" "$t"
	grep -Eq '^\| 1 \| ebisu .*\| [0-9.]+ \| ([^|]+ \| )*verified \|$' "$out" || fail "make table2: row 1 has no measured value"
	t=$(target_of figure10)
	mk figure10; measured "$out" "make figure10" "$t"; has_png "$t"
	v=$(var VERDICTS)
	mk "$v"; measured "$out" "make $v" "$v"; decided
	# the README's third command: the page, from the same run, the verdicts first
	mk report
	[[ -s plots/out/report/index.html ]] || fail "make report wrote no plots/out/report/index.html"
	grep -q "$ref" plots/out/report/index.html || fail "make report: the page does not name $ref"
	keep_tools ;;
concurrent)
	set -- $(var ALIASES)
	made="$1 $2 $(var VERDICTS)"   # the first two aliases and the verdicts: the README's three makes
	for i in 1 2 3 4 5; do
		((i == 1)) || reset
		pids=()
		for t in $made; do
			make --no-print-directory HAVE_GPU=0 $t > "$out.$t" 2>&1 & pids+=($!)
		done
		k=0
		for t in $made; do
			wait "${pids[$k]}" || { cp "$out.$t" "$out"; fail "try $i: make $t failed"; }
			k=$((k + 1))
			cp "$out.$t" "$out"; measured "$out" "try $i: make $t" "$(target_of "$t")"
		done
		decided
	done
	keep_tools ;;
every-target)
	seed_tools "$C"
	targets=$(make --no-print-directory -s HAVE_GPU=0 print-RENDERS) || fail "make print-RENDERS"
	help=$(make --no-print-directory -s HAVE_GPU=0 help)
	for t in $targets; do grep -Eq "^  $t( |$)" <<< "$help" || fail "$t: not listed by make help"; done
	figs=$(make --no-print-directory -s HAVE_GPU=0 print-FIGURES)
	repro=$(make --no-print-directory -s HAVE_GPU=0 print-REPRODUCED)
	in_list() { [[ " $1 " == *" $2 "* ]]; }   # LIST WORD
	# a pass: each target on its first invocation, then every figure drawn (reproduce comes last;
	# a figure it does not make, drawn by its own make)
	pass() {   # recorded|empty
		local t
		for t in $targets; do
			reset
			mk "$t"
			[[ $1 == recorded ]] || ! grep -q "rendering the recorded run" "$out" ||
				fail "$t: a run rendered with data/runs/ empty"
			! in_list "$figs" "$t" || in_list "$repro" "$t" || has_png "$t"
		done
		for t in $figs; do ! in_list "$repro" "$t" || has_png "$t"; done
	}
	git clone -q "$root" "$T/empty" && seed_tools "$T/empty" || fail "the second clone"
	(cd "$T/empty" && rm -rf data/runs/* && out=$T/out.empty pass empty) > "$T/empty.log" 2>&1 & e=$!
	pass recorded
	wait $e || { cat "$T/empty.log"; fail "the pass with data/runs/ emptied"; } ;;
*) fail "unknown case" ;;
esac
exit 0
