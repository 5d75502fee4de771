#!/usr/bin/env bash
# multi-gpu.sh - a reproduction's configuration lists measured by several runner processes, one a
# GPU (--device), merged into one run directory: on the GPUs of this node (make reproduce GPUS=...,
# the three phases at once), or phase by phase (make reproduce SLURM=1: scripts/slurm.sh plans
# here, each task of a Slurm job array works one chunk, a dependent job merges).
#
#   multi-gpu.sh RUNDIR GPUS ITEM...                plan, one worker a GPU, merge; GPUS: all, or
#                                                   device indices (0,1,3); REPLICAS=N: each list
#                                                   measured on N distinct GPUs (replicated)
#   multi-gpu.sh plan QUEUE RUNDIR ITEM...          every list not complete in RUNDIR as one queue
#                                                   of chunks in QUEUE, the longest first
#   multi-gpu.sh work QUEUE RUNDIR DEVICE [NUMBER]  one runner on DEVICE: the next unclaimed chunk
#                                                   until none is left, or chunk NUMBER (1, 2, ...)
#   multi-gpu.sh merge QUEUE RUNDIR                 the chunks' rows into RUNDIR, list by list
#   multi-gpu.sh knobs                              CHUNK and CHUNK_S checked, nothing else done
#
# ITEM: LIST[:FLAG,...] (FLAG: a runner option, --no-counters or --original); a list several items
# name is measured once. The queue is planned by stencil-runs queue (scripts/planner/queue.h): a configuration
# that several lists measure under the same flags is measured once and shared between them
# (each list gathered back with its own labels); the rest is cut into chunks of at most CHUNK_S
# seconds (default 60) of each configuration's cost in the run COST_RUN (its row_wall_s; where it has
# none, SECS_PER_CONFIG), the SpMV list's three methods a matrix kept in one process (its matrix and
# CPU reference are made once there), or into chunks of CHUNK configurations; chunks are numbered
# longest first, so that workers taking the next unclaimed one share them by the longest-
# processing-time rule, and a measurement stopped at a time limit loses at most a chunk a GPU. The
# queue (a directory): chunks/N/ (LIST.csv, its list, flags and cost), lists (the lists to merge, in
# order), sources/LIST (the chunks, or complete run CSVs, that hold its rows), ceilings_s, claim/N
# (mkdir is the claim; claim/gG/owner: the worker that owns group G, chunks/N/group, whose chunks
# hold one block's rows and run on one GPU), done/N ("EXIT SLUG": the runner's exit status and the GPU that ran it), gpus
# (optional: the GPUs in device order). On this node each runner takes its share of the host's cores
# (--cpu-share I/N:DEVICES: scripts/planner/cpushare.h), so that N runners cost what one costs alone. A worker
# measures its GPU's ceilings into RUNDIR/gpus/SLUG/ unless they are there (or, copied, in
# CEILINGS_FROM/SLUG/: a replicated invocation's own run's, measured by an earlier one), and each chunk into
# RUNDIR/gpus/SLUG/N/ beside a copy of them (its rows' model columns are that GPU's); every row
# records the UUID of its GPU. The merge is deterministic: a list's rows in the list's order
# whichever GPU took them (a list with a chunk not done, or failed, is left unmerged), meta.csv every
# invocation's row, the run's ceilings the first GPU's (the gpus file's first, else the GPU of the
# first chunk done; each GPU's stay under gpus/). The GPUs of one run are of one model (their slugs
# without UUID and date agree): GPUS= over several models measures one run per model at once (RUNDIR
# for the first device's, the others beside it), and the merge refuses a run whose gpus/ holds
# several (on Slurm, SLURM_GRES picks one model). On this node each runner's progress line is shown
# after its GPU and list ("gpu1 tcs-table3: [3/17] ..."), and an interrupt (INT, TERM) stops every
# worker, merges the lists whose chunks were all done and ends by the same signal: the same command
# then measures only the other lists. Lists are planned and gathered, and meta.csv joined, by
# stencil-runs (RUNS_TOOL, default build/stencil-runs): no CSV is parsed here.
# Exit: 0; 1 rows failed verification (merged and kept); 2 bad input (a one-line error naming the
# value); 4 a runner failed (nothing merged for its list).
set -uo pipefail
BENCH=${BENCH:-build/stencilbench}
RUNS_TOOL=${RUNS_TOOL:-build/stencil-runs}
CHUNK=${CHUNK:-}
CHUNK_S=${CHUNK_S:-}
QUEUES=${QUEUES:-build/queues}
COST_RUN=${COST_RUN:-}
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "multi-gpu: $*" >&2; exit "${rc:-2}"; }
# CHUNK and CHUNK_S checked before anything is made, whatever the command (make checks them too:
# scripts/make/device.mk; multi-gpu.sh knobs checks them alone, for scripts/slurm.sh)
[[ -z $CHUNK || $CHUNK =~ ^[1-9][0-9]*$ ]] || die "CHUNK='$CHUNK' is not a count of configurations (1, 2, ...)"
[[ -z $CHUNK_S || $CHUNK_S =~ ^[1-9][0-9]*$ ]] || die "CHUNK_S='$CHUNK_S' is not a count of seconds (1, 2, ...)"

model() { sed -E 's/-[0-9a-f]{8}-[0-9]{4}-[0-9]{2}-[0-9]{2}(-quick)?$//' <<< "$1"; }
one_model() {   # HINT SLUG...: refuse GPUs of different models
	local hint=$1 s
	shift
	for s; do
		[[ $(model "$s") == $(model "$1") ]] ||
			die "GPUs of different models ($*): one run per model, $hint"
	done
}
put() {   # FILE TEXT: FILE holds TEXT (a temporary name, then renamed)
	printf '%s\n' "$2" > "$1.tmp$$" && mv -f "$1.tmp$$" "$1" || { rm -f "$1.tmp$$"; return 4; }
}
tagged() {   # TAG CMD...: CMD's exit status, its output lines each after TAG (empty TAG: as they are)
	local tag=$1
	shift
	[[ -n $tag ]] || { "$@"; return; }
	"$@" 2>&1 | sed -u "s|^|$tag|"
	return "${PIPESTATUS[0]}"
}
count() { (($1 == 1)) && echo "1 $2" || echo "$1 $2s"; }   # N NOUN: "1 GPU", "2 GPUs"
# stencil-runs SUBCOMMAND ARGS... (scripts/planner/stencil-runs.c): every list and CSV is read and written
# there, never parsed here; a missing tool is an error (exit 4)
runs_tool() {
	local r=0
	"$RUNS_TOOL" "$@" || r=$?
	((r != 126 && r != 127)) || { rc=4; die "$RUNS_TOOL is missing: make it (make all), or carry build/"; }
	return "$r"
}
is_queue() {   # QUEUE: refused unless plan made it
	[[ -d $1/chunks && -f $1/lists ]] || die "QUEUE='$1' is not a queue (multi-gpu.sh plan makes one)"
}

# plan QUEUE RUNDIR ITEM...: the queue (stencil-runs queue: scripts/planner/queue.h), planned under a temporary
# name and renamed; sets nchunks and nlists and says what it holds
plan() {
	local q=$1 rundir=$2 out r=0 cost=()
	shift 2
	(($# > 0)) || die "plan: no configuration list"
	[[ ! -e $q ]] || rmdir "$q" 2>/dev/null || die "QUEUE='$q' exists and is not empty"
	[[ -z $COST_RUN || ! -d $COST_RUN ]] || cost=(--cost-run "$COST_RUN")
	out=$(runs_tool queue "$q" "$rundir" "${cost[@]}" --assumed "${SECS_PER_CONFIG:-2.2}" \
		--chunk-s "${CHUNK_S:-60}" ${CHUNK:+--chunk-rows "$CHUNK"} "$@") || { r=$?; rc=$r; die "nothing planned"; }
	read -r nchunks nlists nconfigs nshared qcost nmeasured qceil <<< "$out"
	local known="the costs of $nmeasured measured in ${COST_RUN:-no run}"
	echo "multi-gpu: $nlists lists to measure: $nconfigs configurations in $nchunks chunks," \
		"$nshared list rows shared with another list, about $qcost s of rows ($known," \
		"${SECS_PER_CONFIG:-2.2} s each for the rest)"
}

# worker QUEUE RUNDIR DEVICE SLUG TAG SHARE [CHUNK]: the GPU's ceilings unless there, then the next
# unclaimed chunk (the longest first: the queue numbers them so) until none is left, or CHUNK alone
# (claimed or not: a requeued task runs it again); the runner's progress lines after TAG and the
# chunk's list (empty TAG: as they are). SHARE: the runner's --cpu-share (empty: all the cores it
# may use). Returns 0; 1 rows failed verification; 4 the ceilings or a chunk failed.
worker() {
	local q=$1 rundir=$2 d=$3 s=$4 tag=$5 share=$6 only=${7:-} g=$2/gpus/$4 c l r status=0
	local -a cpu=()
	[[ -z $share ]] || cpu=(--cpu-share "$share")
	mkdir -p "$g" || return 4
	# a GPU's ceilings measured already (CEILINGS_FROM/SLUG: the run's own in a later invocation, or
	# the replicas' parent run's), copied rather than measured again
	if [[ ! -s $g/ceilings.csv && -n ${CEILINGS_FROM:-} && -s $CEILINGS_FROM/$s/ceilings.csv ]]; then
		find "$CEILINGS_FROM/$s" -maxdepth 1 -type f -exec cp {} "$g/" \; || return 4
		echo "multi-gpu: $s: ceilings taken from $CEILINGS_FROM/$s (measured earlier on this GPU)"
	fi
	if [[ ! -s $g/ceilings.csv ]]; then
		tagged "${tag:+${tag}ceilings: }" "$BENCH" ceilings --device "$d" --out "$g" "${cpu[@]}" ||
			{ echo "multi-gpu: $s: ceilings failed (exit $?)" >&2; return 4; }
	fi
	for c in ${only:-$(ls "$q/chunks")}; do
		# a group (chunks holding one block's rows: experiments/targets.csv's block) is one worker's
		# whole, so that a block's rows run on one GPU: the first to reach it owns it (claim/gN/owner)
		if [[ -z $only && -s $q/chunks/$c/group ]]; then
			local grp
			grp=$(< "$q/chunks/$c/group")
			if mkdir "$q/claim/g$grp" 2> /dev/null; then
				put "$q/claim/g$grp/owner" "$d" || return 4
			elif [[ $(cat "$q/claim/g$grp/owner" 2> /dev/null) != "$d" ]]; then
				continue
			fi
		fi
		if [[ -z $only ]]; then
			mkdir "$q/claim/$c" 2>/dev/null || continue
		else
			mkdir -p "$q/claim/$c"
		fi
		l=$(cat "$q/chunks/$c/list")
		rm -rf "${g:?}/$c" && mkdir -p "$g/$c" && cp "$g/ceilings.csv" "$g/$c/" || return 4
		# shellcheck disable=SC2046
		tagged "${tag:+$tag$l: }" "$BENCH" run --device "$d" --experiment "$q/chunks/$c/$l.csv" \
			--out "$g/$c/$l.csv" "${cpu[@]}" ${REPLICA:+--replica "$REPLICA"} \
			$(cat "$q/chunks/$c/flags")
		r=$?
		put "$q/done/$c" "$r $s" || return 4
		if ((r > 1)); then
			echo "multi-gpu: $s: chunk $c ($l) failed (exit $r)" >&2
			status=4
		elif ((r == 1 && status == 0)); then
			status=1
		fi
	done
	return "$status"
}

# work QUEUE RUNDIR DEVICE [NUMBER]: the worker of one device, its runner output on stdout
work() {
	local q=${1:-} rundir=${2:-} d=${3:-} only='' s
	(($# == 3 || $# == 4)) || die "usage: multi-gpu.sh work QUEUE RUNDIR DEVICE [NUMBER]"
	is_queue "$q"
	[[ $d =~ ^[0-9]+$ ]] || die "DEVICE='$d' is not a device index"
	if (($# == 4)); then
		[[ $4 =~ ^[0-9]+$ ]] || die "chunk '$4' is not a chunk number"
		only=$(printf '%05d' "$((10#$4))")
		[[ -d $q/chunks/$only ]] || die "chunk '$4' is not in $q (1 to $(ls "$q/chunks" | wc -l))"
	fi
	s=$("$BENCH" slug --device "$d") || { rc=4; die "device $d: $BENCH slug failed"; }
	echo "multi-gpu: $s (device $d): ${only:+chunk $only of }$q"
	worker "$q" "$rundir" "$d" "$s" "" "" $only
}

# merge QUEUE RUNDIR: every list of the queue whose sources are all there (its chunks exited 0 or
# 1) gathered from them in list order (stencil-runs gather: its own labels), meta.csv, the run's
# ceilings; a list complete already (an earlier merge of this queue) is counted, not taken again;
# a chunk directory goes once every list it serves is complete
merge() {
	local q=${1:-} rundir=${2:-} gpus first l c f r s kind what bad status=0 metas merged=0 total=0 complete=" "
	local -a files=()
	(($# == 2)) || die "usage: multi-gpu.sh merge QUEUE RUNDIR"
	is_queue "$q"
	# the GPUs: the queue's (in device order), those that ran a chunk (in chunk order), and any
	# other under the run
	gpus=$({ cat "$q/gpus" 2>/dev/null; cat "$q"/done/* 2>/dev/null | awk '{ print $2 }'
		ls "$rundir/gpus" 2>/dev/null; } | awk 'NF && !seen[$0]++')
	# shellcheck disable=SC2086
	one_model "nothing merged (on Slurm, SLURM_GRES or SLURM_EXTRA=--constraint= picks one)" $gpus
	first=$({ cat "$q/gpus" 2>/dev/null; cat "$q"/done/* 2>/dev/null | awk '{ print $2 }'; } | head -1)
	for l in $(cat "$q/lists"); do
		total=$((total + 1)) files=() bad=
		if runs_tool complete "experiments/$l.csv" "$rundir/$l.csv"; then
			merged=$((merged + 1)) complete+="$l "
			continue
		fi
		while read -r kind what; do
			if [[ $kind == file ]]; then
				files+=("$what")
				continue
			fi
			c=$what r='' s=''
			[[ -f $q/done/$c ]] && read -r r s < "$q/done/$c"
			((r == 1 && status == 0)) && status=1
			f=$rundir/gpus/$s/$c/$(cat "$q/chunks/$c/list").csv
			[[ $r =~ ^[01]$ && -n $s && -f $f ]] || { bad=$c; break; }
			files+=("$f")
		done < "$q/sources/$l"
		if [[ -n $bad ]]; then
			echo "multi-gpu: $l: chunk $bad not done, or failed: not merged" >&2
			status=4
		elif runs_tool gather "$rundir/$l.csv" "experiments/$l.csv" "${files[@]}"; then
			merged=$((merged + 1)) complete+="$l "
		else
			status=4
		fi
	done
	# meta.csv: every invocation of every GPU
	metas=$(ls "$rundir"/gpus/*/meta.csv "$rundir"/gpus/*/*/meta.csv 2>/dev/null)
	if [[ -n $metas ]]; then
		# shellcheck disable=SC2046,SC2086
		runs_tool join "$rundir/meta.csv" $([[ ! -f $rundir/meta.csv ]] || echo "$rundir/meta.csv") $metas &&
			rm -f $metas || status=4
	fi
	# a chunk's directory once every list it serves is complete (its rows in their CSVs)
	for c in $(ls "$q/done" 2>/dev/null); do
		read -r r s < "$q/done/$c"
		[[ -n $s && -d $rundir/gpus/$s/$c ]] || continue
		bad=
		for l in $(grep -lx "chunk $c" "$q"/sources/* 2>/dev/null); do
			[[ $complete == *" $(basename "$l") "* ]] || bad=1
		done
		[[ -n $bad ]] || rm -rf "${rundir:?}/gpus/$s/$c"
	done
	# the run's ceilings: the first GPU's
	for f in ceilings.csv latency-hiding.csv counters-calibration.csv; do
		[[ -n $first && -f $rundir/gpus/$first/$f && ! -f $rundir/$f ]] || continue
		cp "$rundir/gpus/$first/$f" "$rundir/$f.tmp$$" && mv -f "$rundir/$f.tmp$$" "$rundir/$f" ||
			{ rm -f "$rundir/$f.tmp$$"; status=4; }
	done
	echo "multi-gpu: merged $merged of $total lists into $rundir"
	return "$status"
}

# RUNDIR GPUS ITEM...: this node's GPUs, all phases
all() {
	local rundir=$1 gpus=$2 devs n d s q i p r status=0 start
	local -a slugs=() ids=()
	sig='' pids=()
	shift 2
	if [[ $gpus == all ]]; then
		# the GPUs CUDA sees: CUDA_VISIBLE_DEVICES's when set (a Slurm allocation, a restricted
		# workstation; the runner's --device counts among them), else every one nvidia-smi lists
		if [[ -n ${CUDA_VISIBLE_DEVICES:-} ]]; then
			n=$(tr , '\n' <<< "$CUDA_VISIBLE_DEVICES" | grep -c .)
		else
			n=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ') || n=0
		fi
		((n > 0)) || die "GPUS=all: no GPU visible (nvidia-smi -L, CUDA_VISIBLE_DEVICES)"
		devs=$(seq 0 $((n - 1)))
	else
		[[ $gpus =~ ^[0-9]+(,[0-9]+)*$ ]] ||
			die "GPUS='$gpus' is neither all nor device indices such as 0,1"
		devs=$(tr , '\n' <<< "$gpus" | sort -nu)
	fi
	for d in $devs; do
		s=$("$BENCH" slug --device "$d") || { rc=4; die "device $d: $BENCH slug failed"; }
		slugs+=("$s") ids+=("$d")
	done
	for s in "${slugs[@]}"; do
		[[ $(model "$s") == $(model "${slugs[0]}") ]] || by_model "$rundir" "$@"
	done
	((${REPLICAS:-1} == 1)) && [[ ${ADD:-0} != 1 ]] || replicated "$rundir" "$@"
	# the host's runners: this node's GPUs, all models' (by_model passes them), each runner's
	# share of the cores its place among them
	all_devs=${MGPU_ALL_DEVICES:-$(tr ' ' , <<< "${ids[*]}")}
	# the queue lives under build/queues/RUN while the run is measured: an interrupted invocation
	# leaves it, its finished chunks' rows and their claims, and the same command resumes it (the
	# same items); other items plan anew, the old queue's unmerged chunks discarded
	q=$QUEUES/$(basename "$rundir")
	items="$*"
	if [[ -f $q/items && $(cat "$q/items") == "$items" ]]; then
		resume "$q" "$rundir"
	else
		discard "$q" "$rundir"
		mkdir -p "$QUEUES" || { rc=4; die "cannot create $QUEUES"; }
		plan "$q" "$rundir" "$@"
		put "$q/items" "$items" || exit 4
	fi
	# the run made once its queue is planned: a refused plan leaves no run behind
	mkdir -p "$rundir/gpus" || { rc=4; die "cannot create $rundir/gpus"; }
	put "$q/gpus" "$(printf '%s\n' "${slugs[@]}")" || exit 4
	read -r span ceil <<< "$(runs_tool makespan "$q" "${#ids[@]}")"
	echo "multi-gpu: $(ls "$q/chunks" | wc -l) chunks of $(grep -c . "$q/lists") lists on $(count ${#ids[@]} GPU)" \
		"(${slugs[*]}): about $((span + ceil)) s (the chunks left shared longest first: $span s; one" \
		"ceilings run: $ceil s)"
	start=$(date +%s)
	# on an interrupt the lists whose chunks were all done are merged before this script ends by
	# the same signal, and the queue stays for the same command to resume; each runner takes its
	# share of the host's cores (--cpu-share I/N:DEVICES, near its GPU where the host says)
	for i in "${!ids[@]}"; do
		spawn worker "$q" "$rundir" "${ids[$i]}" "${slugs[$i]}" "gpu${ids[$i]} " \
			"$(share_of "${ids[$i]}" "$all_devs")"
	done
	wait_all || { r=$?; ((r > 1)) && status=4; }
	merge "$q" "$rundir" || { r=$?; ((status == 4)) || status=$r; }
	if [[ -n $sig ]]; then
		echo "multi-gpu: interrupted ($sig) after $(($(date +%s) - start)) s: the lists merged are kept," \
			"and the $(ls "$q/done" | wc -l) chunks done: the same command measures the rest" >&2
		trap - "$sig"
		kill -s "$sig" $$
	fi
	if ((status <= 1)); then   # every list merged: the queue is spent
		rm -rf "$q" "$rundir"/gpus/*/[0-9][0-9][0-9][0-9][0-9]
	else
		echo "multi-gpu: some chunks failed: the queue stays in $q; the same command runs them again" >&2
	fi
	echo "multi-gpu: $rundir measured in $(($(date +%s) - start)) s on $(count ${#ids[@]} GPU)"
	exit "$status"
}

# replicated RUNDIR ITEM...: REPLICAS=N measurements of every list not yet complete N deep, at
# once, replica R on the GPUs all's ids hold at R, R+N, R+2N, ... (distinct from every other
# replica's), each a run of its own under RUNDIR/replicas/rR (this script on its devices, the
# runner's rows marked --replica R); then each list whose replicas are all complete is stacked into
# RUNDIR/LIST.csv (replica 1's rows, then 2's, ...), meta.csv joined, each GPU's ceilings moved
# under RUNDIR/gpus/, and RUNDIR/replicas removed once every list is stacked. Exits with the
# highest status, or by an interrupt's signal (the same command resumes each replica's queue).
# ADD=1: a new invocation of the run (stencil-runs invocation: RUNDIR/invocations.csv), its N
# replicas numbered on from the run's (FIRST..FIRST+N-1), every list measured again and its rows
# stacked after the run's own; an unfinished one (RUNDIR/replicas there) is resumed instead.
replicated() {
	local rundir=$1 n=${REPLICAS:-1} first=1 last i r l item status=0 stacked=0 total=0
	local -a devs=() todo=() parts=()
	shift
	[[ $n =~ ^[1-9][0-9]*$ ]] || die "REPLICAS='$n' is not a positive count"
	((n <= ${#ids[@]})) || die "REPLICAS=$n needs $n GPUs, one a replica: $(count ${#ids[@]} GPU) here"
	if [[ ${ADD:-0} == 1 ]]; then
		mkdir -p "$rundir" || { rc=4; die "cannot create $rundir"; }
		read -r first n <<< "$(runs_tool invocation "$rundir" "$n" "$(tr ' ' , <<< "${ids[*]}")" \
			"$(date -u +%Y%m%dT%H%M%SZ)")" || exit
		mkdir -p "$rundir/replicas" || { rc=4; die "cannot create $rundir/replicas"; }
		echo "multi-gpu: invocation of replicas $first to $((first + n - 1)) into $rundir ($rundir/invocations.csv)"
	fi
	last=$((first + n - 1))
	for item; do   # the lists not yet complete $last deep
		l=${item%%:*}
		runs_tool complete --replicas "$last" "experiments/$l.csv" "$rundir/$l.csv" || todo+=("$item")
	done
	for i in "${!ids[@]}"; do devs[i % n]+=${devs[i % n]:+,}${ids[$i]}; done
	if ((${#todo[@]} > 0)); then
		echo "multi-gpu: $n replicas of ${#todo[@]} items:$(for ((r = 0; r < n; r++)); do
			printf ' replica %d on devices %s;' $((first + r)) "${devs[r]}"; done)"
		for ((r = 0; r < n; r++)); do
			spawn env MGPU_ALL_DEVICES="$(tr ' ' , <<< "${ids[*]}")" REPLICA=$((first + r)) REPLICAS=1 ADD=0 \
				CEILINGS_FROM="${CEILINGS_FROM:-$rundir/gpus}" \
				QUEUES="$QUEUES/$(basename "$rundir")-replicas" "$here/multi-gpu.sh" \
				"$rundir/replicas/r$((first + r))" "${devs[r]}" "${todo[@]}"
		done
		wait_all || status=$?
		if [[ -n $sig ]]; then
			trap - "$sig"
			kill -s "$sig" $$
		fi
	fi
	for item in "${todo[@]}"; do   # each list whose replicas are all there, stacked
		l=${item%%:*} total=$((total + 1)) parts=()
		# a list several items name: stacked once
		((first == 1)) || ! runs_tool complete --replicas "$last" "experiments/$l.csv" "$rundir/$l.csv" ||
			{ stacked=$((stacked + 1)); continue; }
		((first == 1)) || [[ ! -f $rundir/$l.csv ]] || parts+=("$rundir/$l.csv")   # the run's own rows first
		local own=${#parts[@]}
		for ((r = first; r <= last; r++)); do
			runs_tool complete "experiments/$l.csv" "$rundir/replicas/r$r/$l.csv" &&
				parts+=("$rundir/replicas/r$r/$l.csv")
		done
		((${#parts[@]} - own == n)) || { status=4; echo "multi-gpu: $l: a replica is not complete: not stacked" >&2; continue; }
		runs_tool join "$rundir/$l.csv" "${parts[@]}" &&
			runs_tool complete -v --replicas "$last" "experiments/$l.csv" "$rundir/$l.csv" &&
			stacked=$((stacked + 1)) || status=4
	done
	for ((r = first; r <= last; r++)); do   # meta.csv, each GPU's ceilings, the run's ceilings
		[[ ! -f $rundir/replicas/r$r/meta.csv ]] || runs_tool join "$rundir/meta.csv" \
			$([[ ! -f $rundir/meta.csv ]] || echo "$rundir/meta.csv") "$rundir/replicas/r$r/meta.csv" &&
			rm -f "$rundir/replicas/r$r/meta.csv" || status=4
		for s in "$rundir/replicas/r$r"/gpus/*; do
			[[ -d $s && ! -e $rundir/gpus/$(basename "$s") ]] || continue
			mkdir -p "$rundir/gpus" && mv "$s" "$rundir/gpus/" || status=4
		done
		for f in ceilings.csv latency-hiding.csv counters-calibration.csv; do
			[[ -f $rundir/replicas/r$r/$f && ! -f $rundir/$f ]] || continue
			cp "$rundir/replicas/r$r/$f" "$rundir/$f.tmp$$" && mv -f "$rundir/$f.tmp$$" "$rundir/$f" || status=4
		done
	done
	echo "multi-gpu: stacked $stacked of $total lists, $n replicas each (replicas $first to $last), into $rundir"
	((stacked < total)) || rm -rf "${rundir:?}/replicas"
	((status <= 1)) || exit 4
	exit "$status"
}

# share_of DEVICE DEVICES: the runner's --cpu-share, I/N:DEVICES (its place among the host's GPUs)
share_of() {
	local d=$1 all=$2 i=0 x
	for x in $(tr , ' ' <<< "$all"); do
		i=$((i + 1))
		[[ $x == "$d" ]] && { echo "$i/$(tr , ' ' <<< "$all" | wc -w):$all"; return; }
	done
	echo ""
}

# resume QUEUE RUNDIR: the chunks done (exit 0 or 1, their rows there) kept, the others unclaimed
resume() {
	local q=$1 rundir=$2 c r s kept=0
	for c in $(ls "$q/chunks"); do
		r='' s=''
		[[ -f $q/done/$c ]] && read -r r s < "$q/done/$c"
		if [[ $r =~ ^[01]$ && -n $s && -f $rundir/gpus/$s/$c/$(cat "$q/chunks/$c/list").csv ]]; then
			kept=$((kept + 1))
		else
			rm -rf "${q:?}/claim/$c" "$q/done/$c"
		fi
	done
	rm -rf "${q:?}"/claim/g*   # the groups' owners anew (the GPUs may differ from the last time)
	echo "multi-gpu: resuming $q: $kept of $(ls "$q/chunks" | wc -l) chunks done are kept"
}

# discard QUEUE RUNDIR: a queue of other items, and the rows of its chunks no list took
discard() {
	local q=$1 rundir=$2 c r s
	[[ -e $q ]] || return 0
	for c in $(ls "$q/done" 2>/dev/null); do
		read -r r s < "$q/done/$c"
		[[ -z $s ]] || rm -rf "${rundir:?}/gpus/$s/$c"
	done
	rm -rf "$q"
}

# by_model RUNDIR ITEM...: the GPUs (all's ids and slugs) of several models, one run each, measured
# at once (this script on each model's devices): RUNDIR for the first device's model, beside it a
# run for each other model, its name RUNDIR's with the first device's slug replaced by the model's
# first device's (else RUNDIR-MODEL). Exits with the highest status, or by an interrupt's signal.
by_model() {
	local rundir=$1 base i m d s status=0
	local -A devs=() first=()
	local -a order=() dirs=()
	shift
	for i in "${!ids[@]}"; do
		m=$(model "${slugs[$i]}")
		[[ -n ${devs[$m]:-} ]] || { order+=("$m"); first[$m]=${slugs[$i]}; }
		devs[$m]+=${devs[$m]:+,}${ids[$i]}
	done
	base=$(basename "$rundir") s=${first[${order[0]}]}
	for m in "${order[@]}"; do
		if [[ $m == "${order[0]}" ]]; then d=$rundir
		elif [[ $base == "$s"* ]]; then d=$(dirname "$rundir")/${first[$m]}${base#"$s"}
		else d=$rundir-$m; fi
		dirs+=("$d")
	done
	echo "multi-gpu: GPUs of ${#order[@]} models, one run each:$(for i in "${!order[@]}"; do
		printf ' %s (devices %s)' "${dirs[$i]}" "${devs[${order[$i]}]}"; done)"
	for i in "${!order[@]}"; do   # one host: each runner's share among all models' GPUs
		spawn env MGPU_ALL_DEVICES="$(tr ' ' , <<< "${ids[*]}")" "$here/multi-gpu.sh" "${dirs[$i]}" \
			"${devs[${order[$i]}]}" "$@"
	done
	wait_all || status=$?
	if [[ -n $sig ]]; then
		trap - "$sig"
		kill -s "$sig" $$
	fi
	echo "multi-gpu: ${dirs[0]} is rendered next; make reproduce RUN=NAME renders another of" \
		"these runs, make compare RUNS=\"$(for d in "${dirs[@]}"; do basename "$d"; done | paste -sd' ')\"" \
		"puts them side by side"
	exit "$status"
}

# spawn CMD...: CMD in the background, in a process group of its own (set -m; its pid in pids),
# which an interrupt (INT or TERM, to this script or to its group: Ctrl-C, timeout, scancel) stops
# as a whole (stop_workers); sig then names the signal
spawn() {
	trap 'sig=INT; stop_workers' INT
	trap 'sig=TERM; stop_workers' TERM
	set -m
	"$@" &
	pids+=($!)
	set +m
}
stop_workers() {   # the process groups of pids stopped
	local p
	for p in "${pids[@]}"; do kill -s TERM -- "-$p" 2>/dev/null; done
}
wait_all() {   # every pid waited for (a trapped signal ends wait early); returns the highest status
	local p r top=0
	for p in "${pids[@]}"; do
		while wait "$p"; r=$?; ((r > 128)) && kill -0 "$p" 2>/dev/null; do :; done
		((r > top)) && top=$r
	done
	return "$top"
}

cmd=${1:-}
case $cmd in
plan)
	shift
	(($# >= 3)) || die "usage: multi-gpu.sh plan QUEUE RUNDIR LIST[:FLAGS]..."
	plan "$@"
	echo "multi-gpu: $nchunks chunks of $nlists lists in $1" ;;
work) shift; work "$@" ;;
merge) shift; merge "$@" ;;
knobs) ;;   # CHUNK and CHUNK_S, checked above
*)
	(($# >= 3)) || die "usage: multi-gpu.sh RUNDIR GPUS LIST[:FLAGS]... (or plan, work, merge, knobs)"
	all "$@" ;;
esac
