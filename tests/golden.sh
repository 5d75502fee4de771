#!/usr/bin/env bash
# golden.sh - the checksums of every rendered table, CSV and figure variable file, pinned: each
# rendered target of experiments/targets.csv from each fixture run (tests/fixtures/run-*) and from
# no run, and every model-only output (the Makefile's model-figures, gnuplot left out), each
# written into a scratch directory and summed (sha256). A change to any output fails `make test`
# until it is made on purpose with `make golden`, which rewrites tests/golden.sha256.
#
#   golden.sh check|update ROOT BUILD   check: exit 0 when every sum matches; update: rewrite
#   golden.sh sums ROOT BUILD RUNDIR...  the sums of every target rendered from each RUNDIR (any
#                                        run: data/runs/NAME too), on standard output
set -uo pipefail
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES RUN QUICK HAVE_GPU NOBUILD
# A title's staleness is git's answer about the run's commit against this checkout, which every
# later commit to kernels/ or profiling/ changes (and a clone without the history cannot give):
# pinned outputs are rendered with the check off, and their titles say "staleness not checked
# (STENCIL_REPRO_STALE=off)". tests/test_stale.c checks staleness itself on a repository of its own.
export STENCIL_REPRO_STALE=off
mode=$1 root=$(cd "$2" && pwd) build=$(cd "$3" && pwd)
shift 3
cd "$root" || exit 1
T=$(mktemp -d "${TMPDIR:-/tmp}/stencil-golden-XXXXXX")
trap 'rm -rf "$T"' EXIT
targets=$(make --no-print-directory -s HAVE_GPU=0 print-RENDERED_TARGETS) || exit 1

# OUT: every target from RUN (empty: no run), a line "TARGET: exit N" for each, then the files
render_all() {   # RUN OUT
	local t rc
	mkdir -p "$2"
	for t in $targets; do
		rc=0
		"$build/stencil-render" "$t" ${1:+--run "$1"} --outdir "$2" > /dev/null 2>&1 || rc=$?
		echo "$t: exit $rc" >> "$2/exits"
	done
}
sums() {   # DIR LABEL: "SUM  LABEL/FILE" of its tables, CSVs, .vars and exits
	(cd "$1" && find . -type f \( -name '*.md' -o -name '*.csv' -o -name '*.vars' -o -name exits \) |
		sort | sed 's|^\./||' | while read -r f; do
			printf '%s  %s/%s\n' "$(sha256sum < "$f" | cut -c1-64)" "$2" "$f"; done)
}

case $mode in
sums)
	for r; do render_all "$r" "$T/${r##*/}"; sums "$T/${r##*/}" "${r##*/}"; done
	exit 0 ;;
check | update) ;;
*) echo "usage: golden.sh check|update|sums ROOT BUILD [RUNDIR...]" >&2; exit 2 ;;
esac
{
	for r in tests/fixtures/run-*/; do
		r=${r%/}
		render_all "$r" "$T/${r##*/}"; sums "$T/${r##*/}" "${r##*/}"
	done
	render_all "" "$T/no-run"; sums "$T/no-run" no-run
	make --no-print-directory -s HAVE_GPU=0 NOBUILD=1 B="$build" O="$T/model" GNUPLOT=/nonexistent \
		model-figures > /dev/null 2>&1 || echo "model-figures: failed"
	sums "$T/model" model
} > "$T/sums"
if [[ $mode == update ]]; then
	{ echo "# tests/golden.sh's pinned checksums: make golden rewrites them (a deliberate output change)"
	  cat "$T/sums"; } > tests/golden.sha256.tmp && mv -f tests/golden.sha256.tmp tests/golden.sha256
	echo "golden: wrote tests/golden.sha256 ($(wc -l < "$T/sums") outputs)"
	exit 0
fi
if ! diff <(grep -v '^#' tests/golden.sha256) "$T/sums" > "$T/diff"; then
	echo "golden: outputs differ from tests/golden.sha256 (make golden pins them on purpose):"
	grep '^[<>]' "$T/diff" | sed 's/^</  pinned:/; s/^>/  now:   /' | head -20
	exit 1
fi
echo "golden: $(wc -l < "$T/sums") outputs as pinned"
