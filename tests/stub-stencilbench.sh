#!/usr/bin/env bash
# stub-stencilbench.sh - a stand-in for build/stencilbench in the make tests (tests/make-cases.sh):
# no GPU, instant, its behaviour set by the environment. It writes small valid CSVs whose rows are
# copied (cyclically, one per configuration) from tests/fixtures/run-small.
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
# STUB_HANG        a list (its --out name without .csv) whose runs hang: each touches
#                  STUB_LOG.hang.PID, then sleeps (interrupt tests)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fix=${STUB_FIXTURE:-$here/fixtures/run-small}
cmd=${1:-}
shift || true
exp= out= dev=
while [[ $# -gt 0 ]]; do
	case $1 in
	--experiment) exp=$2; shift ;;
	--out) out=$2; shift ;;
	--device) dev=$2; shift ;;
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
	n=$(($(grep -v '^#' "$exp" | grep -c .) - 1))
	echo "[$n/$n] stub $(basename "$out" .csv) ... ok" >&2
	src=$fix/$(basename "$out")
	mkdir -p "$(dirname "$out")"
	# one row per configuration of the list: a fixture row (cycled) with the configuration's own
	# stencil, dtype, method, fusion, size and label (all among the first, unquoted columns), so
	# that no configuration appears twice
	grep -v '^#' "$exp" | awk -v wrong="$rc" -F, '
		# split a CSV line on the commas outside double quotes (a quoted field keeps its quotes)
		function csvsplit(s, a,    n, i, ch, inq, cur) {
			n = 0; cur = ""; inq = 0
			for (i = 1; i <= length(s); i++) {
				ch = substr(s, i, 1)
				if (ch == "\"") inq = !inq
				if (ch == "," && !inq) { a[++n] = cur; cur = "" } else cur = cur ch
			}
			a[++n] = cur
			return n
		}
		FNR == 1 { for (i = 1; i <= NF; i++) col[FILENAME, $i] = i; if (FILENAME != "-") print; next }
		FILENAME == "-" { cfg[++n] = $0; next }
		{ r[++k] = $0 }
		END {
			split(("-", "workload") in col ? "workload dtype method size label matrix" : \
			      "stencil dtype method fusion size label", key, " ")
			nk = ("-", "workload") in col ? (("-", "matrix") in col ? 6 : 5) : 6
			for (i = 1; i <= n; i++) {
				split(cfg[i], c, ","); m = csvsplit(r[(i - 1) % k + 1], f)
				for (j = 1; j <= nk; j++) f[col[src, key[j]]] = c[col["-", key[j]]]
				# errors copied from a row of another dtype mean nothing: zero passes any tolerance
				f[col[src, "verify_rel_l2"]] = 0; f[col[src, "verify_max_rel"]] = 0
				# and its rate belongs to another configuration: 1 GStencil/s is under every roof
				f[col[src, "gstencil_per_s"]] = 1
				s = f[1]; for (j = 2; j <= m; j++) s = s "," f[j]
				if (wrong == 1) sub(/,ok,/, ",wrong,", s)
				print s
			}
		}' src="$src" - "$src" > "$out.tmp$$"
	mv "$out.tmp$$" "$out"
	meta "$(dirname "$out")"
	exit "$rc" ;;
*) echo "stub-stencilbench: unknown command '$cmd'" >&2; exit 2 ;;
esac
