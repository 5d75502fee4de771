#!/usr/bin/env bash
# multi-gpu.sh - make reproduce GPUS=...: the configuration lists of a reproduction measured on
# several GPUs of one node, one runner process a GPU (--device), merged into one run directory.
#
#   multi-gpu.sh RUNDIR GPUS ITEM...    GPUS: all, or device indices (0,1,3); ITEM: LIST[:FLAG,...]
#                                       (FLAG: a runner option, --no-counters or --original)
#
# Every GPU must be of one model (their slugs without UUID and date agree; else one run per
# model: GPUS= names the devices of each). Each GPU measures its own ceilings into
# RUNDIR/gpus/SLUG/ first. Each list is cut into one chunk a GPU (in whole threes: the SpMV list's
# three methods a matrix stay in one process), or chunks of CHUNK configurations, queued in list
# order: a runner process costs seconds to start (CUDA context, modules, CUPTI) and warms the GPU
# for its full second first, so a few large chunks beat many small ones (on two H200s, chunks of
# 12 took 1.1 s a configuration, against 0.64 in one process a list on one); each GPU's runner
# takes the next unclaimed chunk (mkdir is the claim) until none is left, into a directory of its
# own under RUNDIR/gpus/SLUG/ (a copy of that GPU's ceilings: its rows' model columns are that
# GPU's). Every row records the UUID of its GPU. The merge is deterministic: a list's rows in the
# list's order whichever GPU took them, meta.csv every invocation's row, RUNDIR/ceilings.csv the
# first GPU's (each GPU's stays under gpus/). A list already complete in RUNDIR is not measured.
# Exit: 0; 1 rows failed verification (merged and kept); 2 bad input; 4 a runner failed (nothing
# merged for its list).
set -uo pipefail
BENCH=${BENCH:-build/stencilbench}
CHUNK=${CHUNK:-}
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "multi-gpu: $*" >&2; exit "${rc:-2}"; }
(($# >= 3)) || die "usage: multi-gpu.sh RUNDIR GPUS LIST[:FLAGS]..."
rundir=$1 gpus=$2
shift 2
[[ -z $CHUNK || $CHUNK =~ ^[1-9][0-9]*$ ]] || die "CHUNK='$CHUNK' is not a positive count"

# the devices
if [[ $gpus == all ]]; then
	n=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ') || n=0
	((n > 0)) || die "GPUS=all: nvidia-smi lists no GPU"
	devs=$(seq 0 $((n - 1)))
else
	[[ $gpus =~ ^[0-9]+(,[0-9]+)*$ ]] || die "GPUS='$gpus' is neither all nor device indices such as 0,1"
	devs=$(tr , '\n' <<< "$gpus" | sort -nu)
fi
slugs=() ids=()
for d in $devs; do
	s=$("$BENCH" slug --device "$d") || { rc=4; die "device $d: $BENCH slug failed"; }
	slugs+=("$s") ids+=("$d")
done
model() { sed -E 's/-[0-9a-f]{8}-[0-9]{4}-[0-9]{2}-[0-9]{2}(-quick)?$//' <<< "$1"; }
for s in "${slugs[@]}"; do
	[[ $(model "$s") == $(model "${slugs[0]}") ]] || \
		die "GPUs of different models (${slugs[*]}): one run per model, GPUS= the devices of each"
done
mkdir -p "$rundir/gpus" || { rc=4; die "cannot create $rundir/gpus"; }

# the queue: chunks of every list not yet complete, in list order
q=$(mktemp -d) || exit 4
trap 'rm -rf "$q"' EXIT
mkdir -p "$q/claim" "$q/chunks"
lists=() k=0 seen=" "
for item; do
	l=${item%%:*} flags=
	[[ $item == *:* ]] && flags=${item#*:}
	[[ $seen == *" $l "* ]] && continue   # a list several targets read: once
	seen+="$l "
	exp=experiments/$l.csv
	[[ -r $exp ]] || die "no configuration list $exp"
	if "$here/runs.sh" complete "$exp" "$rundir/$l.csv" 2>/dev/null; then continue; fi
	lists+=("$l")
	grep '^#' "$exp" > "$q/head" || true
	grep -v '^#' "$exp" | head -1 >> "$q/head"
	n=$(grep -v '^#' "$exp" | tail -n +2 | grep -c .)
	size=${CHUNK:-$(( ( (n + ${#ids[@]} - 1) / ${#ids[@]} + 2) / 3 * 3 ))}
	grep -v '^#' "$exp" | tail -n +2 | grep . | split -l "$size" -d -a 4 - "$q/part." || exit 4
	for p in "$q"/part.*; do
		[[ -e $p ]] || continue   # an empty list: no chunk
		k=$((k + 1))
		c=$(printf '%05d' "$k")
		mkdir -p "$q/chunks/$c"
		cat "$q/head" "$p" > "$q/chunks/$c/$l.csv"
		echo "$flags" | tr , ' ' > "$q/chunks/$c/flags"
		echo "$l" > "$q/chunks/$c/list"
		rm -f "$p"
	done
done
echo "multi-gpu: $k chunks of ${#lists[@]} lists on ${#ids[@]} GPUs (${slugs[*]})"

worker() {   # INDEX: one GPU's runner, chunk after chunk
	local d=${ids[$1]} s=${slugs[$1]} g=$rundir/gpus/${slugs[$1]} c rc
	"$BENCH" ceilings --device "$d" --out "$g" > "$q/log.$1" 2>&1 ||
		{ echo "multi-gpu: $s: ceilings failed (exit $?)" >&2; return 4; }
	for c in $(ls "$q/chunks"); do
		mkdir "$q/claim/$c" 2>/dev/null || continue
		mkdir -p "$g/$c" && cp "$g/ceilings.csv" "$g/$c/" || return 4
		# shellcheck disable=SC2046
		"$BENCH" run --device "$d" --experiment "$q/chunks/$c/$(cat "$q/chunks/$c/list").csv" \
			--out "$g/$c/$(cat "$q/chunks/$c/list").csv" $(cat "$q/chunks/$c/flags") >> "$q/log.$1" 2>&1
		rc=$?
		echo "$c $rc $s" >> "$q/done"
		((rc <= 1)) || { echo "multi-gpu: $s: chunk $c failed (exit $rc); its log: $(tail -1 "$q/log.$1")" >&2; }
	done
	return 0
}
start=$(date +%s)
pids=()
for i in "${!ids[@]}"; do worker "$i" & pids+=($!); done
status=0
for p in "${pids[@]}"; do wait "$p" || status=4; done

# merge, list by list, in chunk order (= configuration order); a list with a failed chunk stays
# unmerged
for l in "${lists[@]}"; do
	parts=() bad=0
	for c in $(ls "$q/chunks"); do
		[[ $(cat "$q/chunks/$c/list") == "$l" ]] || continue
		f=$(ls "$rundir"/gpus/*/"$c/$l.csv" 2>/dev/null | head -1)
		r=$(awk -v c="$c" '$1 == c { print $2 }' "$q/done" 2>/dev/null)
		[[ -n $f && ${r:-4} -le 1 ]] || { bad=1; break; }
		((r == 1)) && ((status == 0)) && status=1
		parts+=("$f")
	done
	((bad == 0)) || { status=4; echo "multi-gpu: $l: a chunk failed: not merged" >&2; continue; }
	{ head -1 "${parts[0]}"; for f in "${parts[@]}"; do tail -n +2 "$f"; done; } > "$rundir/$l.csv.tmp$$" &&
		mv -f "$rundir/$l.csv.tmp$$" "$rundir/$l.csv" || status=4
done
# meta.csv: every invocation of every GPU; the run's ceilings: the first GPU's
first=$rundir/gpus/${slugs[0]}
metas=$(ls "$rundir"/gpus/*/meta.csv "$rundir"/gpus/*/*/meta.csv 2>/dev/null)
if [[ -n $metas ]]; then
	m1=$(head -1 <<< "$metas")
	{ [[ -f $rundir/meta.csv ]] && cat "$rundir/meta.csv" || head -1 "$m1"
	  for m in $metas; do tail -n +2 "$m"; done; } > "$rundir/meta.csv.tmp$$" &&
		mv -f "$rundir/meta.csv.tmp$$" "$rundir/meta.csv"
	rm -f "$rundir"/gpus/*/meta.csv "$rundir"/gpus/*/*/meta.csv
fi
for f in ceilings.csv latency-hiding.csv counters-calibration.csv; do
	[[ -f $first/$f && ! -f $rundir/$f ]] && cp "$first/$f" "$rundir/$f"
done
echo "multi-gpu: measured in $(($(date +%s) - start)) s on ${#ids[@]} GPUs"
exit "$status"
