#!/usr/bin/env bash
# node-ab.sh - what reading the energy counter costs runners that share a node, measured at one
# commit (make node-ab): the lists named (lists with counter passes: experiments/targets.csv's counters
# column says which) measured four ways, each a working run of its own under data/runs/:
#   NAME-node       every list on every GPU of GPUS at once (REPLICAS=N on N GPUs: one runner a GPU,
#                   scripts/multi-gpu.sh), the energy counter read under the host's lock
#                   (profiling/hostlock.h): the protocol
#   NAME-nolock     the same with STENCIL_NVML_LOCK=off: the counter read as before the lock
#   NAME-noenergy   the same with STENCIL_ENERGY=off: the counter not read at all
#   NAME-alone      every list on each GPU alone, one GPU after the other (an invocation each, ADD=1)
# then stencil-render node-ab puts each arm beside alone, GPU by GPU (plots/out/node-ab.md and .csv:
# the median counter phase, set-up and row, their ratios, the energy reads and the energies row by
# row). The arms after the first take its GPUs' ceilings (CEILINGS_FROM: the same GPUs minutes
# apart), so that the A/B spends its time on the lists. The two switches are the experiment's arms, never a default;
# each arm's meta.csv says which it ran under (its protocol detail).
#
#   node-ab.sh NAME GPUS LIST...    GPUS: device indices, two at least (0,1)
# Exit: 0; 2 bad input (one line); else the first failing measurement's status.
set -uo pipefail
BENCH=${BENCH:-build/stencilbench}
RUNS_TOOL=${RUNS_TOOL:-build/stencil-runs}
RENDER=${RENDER:-build/stencil-render}
die() { echo "node-ab: $*" >&2; exit 2; }
(($# >= 3)) || die "usage: node-ab.sh NAME GPUS LIST... (LISTS= for make node-ab: one list at least)"
name=$1 gpus=$2
shift 2
lists=("$@")
"$RUNS_TOOL" run-name "$name-alone" > /dev/null 2>&1 || die "NAME '$name' does not make run names ($RUNS_TOOL run-name: $("$RUNS_TOOL" run-name "$name-alone" 2>&1 | head -1))"
[[ $gpus =~ ^[0-9]+(,[0-9]+)+$ ]] || die "GPUS='$gpus' is not two device indices or more (0,1)"
for l in "${lists[@]}"; do [[ -f experiments/$l.csv ]] || die "no list experiments/$l.csv"; done
read -ra devs <<< "${gpus//,/ }"
export BENCH RUNS_TOOL
measure() {   # ARM DEVICES REPLICAS ADD ENV...: one invocation of an arm's run
	local arm=$1 d=$2 n=$3 add=$4 rc
	shift 4
	[[ $arm == node ]] || set -- "$@" CEILINGS_FROM="data/runs/$name-node/gpus"   # the first arm's ceilings
	echo "node-ab: $arm on devices $d${*:+ ($*)}"
	env "$@" REPLICA= REPLICAS="$n" ADD="$add" scripts/multi-gpu.sh "data/runs/$name-$arm" "$d" "${lists[@]}"
	rc=$?
	((rc <= 1)) || { echo "node-ab: $arm: multi-gpu.sh exited $rc" >&2; exit "$rc"; }
}
measure node "$gpus" "${#devs[@]}" 0
for i in "${!devs[@]}"; do measure alone "${devs[i]}" 1 $((i > 0)); done
measure nolock "$gpus" "${#devs[@]}" 0 STENCIL_NVML_LOCK=off
measure noenergy "$gpus" "${#devs[@]}" 0 STENCIL_ENERGY=off
"$RENDER" node-ab --run "data/runs/$name-alone" "data/runs/$name-node" "data/runs/$name-nolock" \
	"data/runs/$name-noenergy" --outdir plots/out && cat plots/out/node-ab.md
