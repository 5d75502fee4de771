#!/usr/bin/env bash
# node-ab.sh - what reading the energy counter costs runners that share a node, measured at one
# commit (make node-ab): the lists (default the counter lists tcs-table3, tcs-table2, tcs-table4 and
# nongemm-figure11) measured four ways, each a working run of its own under data/runs/:
#   NAME-node       every GPU of GPUS at once (scripts/multi-gpu.sh), the energy counter read under
#                   the host's lock (profiling/hostlock.h): the protocol
#   NAME-nolock     the same with STENCIL_NVML_LOCK=off: the counter read as before the lock
#   NAME-noenergy   the same with STENCIL_ENERGY=off: the counter not read at all
#   NAME-alone      the first GPU of GPUS alone, as the protocol reads it
# then stencil-render node-ab puts each arm beside alone (plots/out/node-ab.md and .csv: the median
# counter phase, set-up and row, their ratios, the energy reads and the energies row by row). The
# arms after the first take its GPUs' ceilings (copied: the same GPUs minutes apart), so that the
# A/B spends its time on the lists. The two switches are the experiment's arms, never a default;
# each arm's meta.csv says which it ran under (its protocol detail).
#
#   node-ab.sh NAME GPUS [LIST...]    GPUS: all or device indices (two at least for the node arms)
# Exit: 0; 2 bad input (one line); else the first failing measurement's status.
set -uo pipefail
BENCH=${BENCH:-build/stencilbench}
RUNS_TOOL=${RUNS_TOOL:-build/stencil-runs}
RENDER=${RENDER:-build/stencil-render}
die() { echo "node-ab: $*" >&2; exit 2; }
(($# >= 2)) || die "usage: node-ab.sh NAME GPUS [LIST...]"
name=$1 gpus=$2
shift 2
lists=("$@")
((${#lists[@]})) || lists=(tcs-table3 tcs-table2 tcs-table4 nongemm-figure11)
"$RUNS_TOOL" run-name "$name-alone" > /dev/null || die "NAME '$name' does not make run names ($("$RUNS_TOOL" run-name "$name" 2>&1))"
[[ $gpus =~ ^(all|[0-9]+(,[0-9]+)+)$ ]] || die "GPUS='$gpus' is neither all nor two device indices or more (0,1)"
for l in "${lists[@]}"; do [[ -f experiments/$l.csv ]] || die "no list experiments/$l.csv"; done
first=${gpus%%,*}
[[ $first == all ]] && first=0
export BENCH RUNS_TOOL
arm() {   # ARM DEVICES ENV...: one arm's run, measured
	local arm=$1 devs=$2 dir=data/runs/$name-$1 f
	shift 2
	if [[ $arm != node && -d data/runs/$name-node/gpus ]]; then   # the first arm's ceilings
		mkdir -p "$dir" || exit 4
		for f in data/runs/$name-node/gpus/*/ceilings.csv; do
			mkdir -p "$dir/gpus/$(basename "$(dirname "$f")")" && cp "$f" "$dir/gpus/$(basename "$(dirname "$f")")/"
		done
		for f in ceilings.csv latency-hiding.csv counters-calibration.csv; do
			[[ ! -f data/runs/$name-node/$f || -f $dir/$f ]] || cp "data/runs/$name-node/$f" "$dir/"
		done
	fi
	echo "node-ab: $arm on devices $devs${*:+ ($*)}"
	env "$@" REPLICA= REPLICAS=1 ADD=0 scripts/multi-gpu.sh "$dir" "$devs" "${lists[@]}"
	local rc=$?
	((rc <= 1)) || { echo "node-ab: $arm: multi-gpu.sh exited $rc" >&2; exit "$rc"; }
}
arm node "$gpus"
arm alone "$first"
arm nolock "$gpus" STENCIL_NVML_LOCK=off
arm noenergy "$gpus" STENCIL_ENERGY=off
"$RENDER" node-ab --run "data/runs/$name-alone" "data/runs/$name-node" "data/runs/$name-nolock" \
	"data/runs/$name-noenergy" --outdir plots/out && cat plots/out/node-ab.md
