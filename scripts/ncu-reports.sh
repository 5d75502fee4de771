#!/bin/bash
# ncu-reports.sh - one Nsight Compute report per configuration of an experiment list: what limits
# each kernel (speed of light, occupancy and its limiters, launch, warp states, scheduler, pipes,
# memory, and the traffic at each level: DRAM, L2 and L1 bytes, shared-memory wavefronts,
# instructions, for the energy a stencil costs), one launch after an L2 eviction (stencilbench
# --profile-once), clocks as found (--clock-control none). make ncu-reports writes them for
# experiments/kernels-vs-authors.csv into the run's ncu/ folder, beside the rows they explain, each
# in its row's data regime (model/regime.h).
# The list's configurations come from stencil-runs keys (RUNS_TOOL, default build/stencil-runs):
# no CSV is parsed here.
# usage: scripts/ncu-reports.sh EXPERIMENT.csv OUTDIR   (BENCH, NCU: the runner and ncu)
set -euo pipefail
list=${1:?usage: ncu-reports.sh EXPERIMENT.csv OUTDIR}
dir=${2:?usage: ncu-reports.sh EXPERIMENT.csv OUTDIR}
bench=${BENCH:-build/stencilbench}
runs_tool=${RUNS_TOOL:-build/stencil-runs}
ncu=${NCU:-ncu}
[ -r "$list" ] || { echo "ncu-reports: cannot read $list" >&2; exit 2; }
command -v "$ncu" >/dev/null 2>&1 || { echo "ncu-reports: $ncu not found (Nsight Compute)" >&2; exit 2; }
mkdir -p "$dir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

traffic=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,l1tex__t_bytes.sum
traffic+=,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg.per_second

# each configuration's key: STENCIL DTYPE METHOD FUSION SIZE [data=REGIME] (plots/records/runs.h)
"$runs_tool" keys "$list" > "$tmp/keys" || { echo "ncu-reports: $list: no configurations read" >&2; exit 2; }
rows=$(wc -l < "$tmp/keys")
i=0
while read -r -u 3 stencil dtype method fusion size rest; do
	i=$((i + 1))
	data=random
	[[ $rest == data=* ]] && data=${rest#data=}
	name="$stencil-$dtype-t$fusion-${method//:/-}-$size"
	[[ $data == random ]] || name+="-$data"
	kernel=$("$bench" kernel --method "$method")
	printf '[%d/%d] %s %s t=%s %s %s %s ... ' "$i" "$rows" "$stencil" "$dtype" "$fusion" "$method" "$size" "$data"
	"$ncu" --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats \
		--section WarpStateStats --section SchedulerStats --section ComputeWorkloadAnalysis \
		--section MemoryWorkloadAnalysis --metrics "$traffic" ${kernel:+-k "regex:$kernel"} \
		"$bench" run --stencil "$stencil" --dtype "$dtype" --method "$method" --fusion "$fusion" \
		--size "$size" --data "$data" --profile-once --out "$tmp/once.csv" > "$tmp/$name.txt" 2>&1 ||
		{ echo "failed"; tail -5 "$tmp/$name.txt" >&2; exit 4; }
	mv "$tmp/$name.txt" "$dir/$name.txt"
	echo "$dir/$name.txt"
done 3< "$tmp/keys"
