#!/usr/bin/env bash
# stub-stencilbench.sh - a stand-in for build/stencilbench in the make tests (tests/make-cases.sh):
# no GPU, instant, its behaviour set by the environment. It writes small valid CSVs whose rows are
# copied (cyclically, one per configuration) from tests/fixtures/run-small by tests/stub/stub-rows.c
# (build/tests/stub-rows, copied beside this script, or STUB_ROWS).
#
#   slug | version | run --experiment F --out P [...] | ceilings --out DIR [...]
#
# STUB_SLUG_RC     slug's exit status (3: no CUDA device visible)          default 0
# STUB_RUN_RC      run's exit status (1: rows marked wrong, CSV written;
#                  2, 3, 4: nothing written)                              default 0
# STUB_CEIL_RC     ceilings' exit status                                  default 0
# STUB_SLEEP       seconds to sleep before writing (widens race windows)  default 0
# STUB_LOG         a file that gets one line per call: the command, its --out, ALLOW_DIRTY
# STUB_MODEL_<N>   slug --device N's model part (GPUS= tests)                default stub-gpu
# (run --device N writes GPU-0000000N-stub as each row's GPU, --replica R its replica column)
# STUB_HANG        a list (its --out name without .csv) whose runs hang: each touches
#                  STUB_LOG.hang.PID, then sleeps (interrupt tests)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fix=${STUB_FIXTURE:-$here/fixtures/run-small}
cmd=${1:-}
shift || true
exp= out= dev= replica=1
while [[ $# -gt 0 ]]; do
	case $1 in
	--experiment) exp=$2; shift ;;
	--out) out=$2; shift ;;
	--device) dev=$2; shift ;;
	--replica) replica=$2; shift ;;
	esac
	shift
done
[[ -z ${STUB_LOG:-} ]] || echo "$cmd $out ALLOW_DIRTY=${ALLOW_DIRTY:-}" >> "$STUB_LOG"

meta() {   # DIR: append the fixture's meta row (the header first when new)
	local m=$1/meta.csv
	if [[ -f $m ]]; then tail -n +2 "$fix/meta.csv" >> "$m"; else cp "$fix/meta.csv" "$m"; fi
}

case $cmd in
slug)
	rc=${STUB_SLUG_RC:-0}
	((rc == 0)) || { echo "stub-stencilbench: no CUDA device visible" >&2; exit "$rc"; }
	if [[ -n $dev ]]; then   # a node's GPU: its index as the UUID part; STUB_MODEL_<dev>: its model
		v=STUB_MODEL_$dev
		echo "${!v:-stub-gpu}-0000000$dev-2026-01-01"
	else
		echo "${STUB_SLUG:-stub-gpu-2026-01-01}"
	fi ;;
version) echo "stub-stencilbench 0 (tests)" ;;
gpu-of) echo "${STUB_GPU_OF:-same}" ;;   # whose measurements a run directory holds (scripts/runs.sh)
ceilings)
	rc=${STUB_CEIL_RC:-0}
	((rc == 0)) || exit "$rc"
	sleep "${STUB_SLEEP:-0}"
	mkdir -p "$out"
	cp "$fix/latency-hiding.csv" "$out/latency-hiding.csv.tmp$$" && \
		mv "$out/latency-hiding.csv.tmp$$" "$out/latency-hiding.csv"
	cp "$fix/ceilings.csv" "$out/ceilings.csv.tmp$$" && mv "$out/ceilings.csv.tmp$$" "$out/ceilings.csv"
	meta "$out" ;;
run)
	rc=${STUB_RUN_RC:-0}
	[[ $rc == 0 || $rc == 1 ]] || { echo "stub-stencilbench: failing with $rc" >&2; exit "$rc"; }
	sleep "${STUB_SLEEP:-0}"
	if [[ -n ${STUB_HANG:-} && $(basename "$out") == "$STUB_HANG.csv" ]]; then
		touch "${STUB_LOG:-/tmp/stub}.hang.$$"
		sleep 60
	fi
	src=$fix/$(basename "$out")
	mkdir -p "$(dirname "$out")"
	# one row per configuration of the list, from the fixture's rows (tests/stub/stub-rows.c)
	# each row on its device's GPU (a UUID of the device index) and in its replica
	STUB_UUID=${dev:+GPU-0000000$dev-stub} STUB_REPLICA=$replica \
		"${STUB_ROWS:-$here/stub-rows}" "$exp" "$src" "$rc" "$(basename "$out" .csv)" > "$out.tmp$$"
	mv "$out.tmp$$" "$out"
	meta "$(dirname "$out")"
	exit "$rc" ;;
*) echo "stub-stencilbench: unknown command '$cmd'" >&2; exit 2 ;;
esac
