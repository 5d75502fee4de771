#!/usr/bin/env bash
# slurm.sh - make reproduce SLURM=1: a reproduction measured by a Slurm job array instead of here,
# one array task a chunk of the configuration lists, then merged and rendered by a dependent job.
#
#   slurm.sh submit RUN ITEM...   (from the repository root) plan the queue of RUN's lists
#                                 (scripts/multi-gpu.sh plan: one chunk a list's own configurations,
#                                 those it shares with an earlier list measured once, or chunks of
#                                 CHUNK configurations or CHUNK_S seconds), write build/slurm/RUN/array.sh, collect.sh and
#                                 submit.sh, and run submit.sh (SLURM_SUBMIT=0: print it instead)
#
# RUN: the run under data/runs/, empty for slurm-DATE-HHMMSS (UTC, at submission; -quick with
# QUICK=1). ITEM: LIST[:FLAG,...] as for multi-gpu.sh. array.sh is one task a chunk: on the GPU the
# task is given (device 0), multi-gpu.sh work measures that GPU's ceilings into
# data/runs/RUN/gpus/SLUG/ unless there, then its chunk, with the runner as built here (build/ is
# carried: the repository is on a filesystem the compute nodes share; they need no network).
# collect.sh, submitted with --dependency=afterany on the array, merges (multi-gpu.sh merge: GPUs
# of different models are refused) and renders that run without a GPU (make reproduce NOBUILD=1
# HAVE_GPU=0 RUN=RUN). Its exit status is the merge's when that failed, else make's. The jobs'
# logs are build/slurm/RUN/logs/; a new submission of RUN replaces the rest of build/slurm/RUN/,
# and is refused while squeue still lists the previous one's jobs.
# Environment: SLURM_PARTITION, SLURM_ACCOUNT, SLURM_TIME (each task's), SLURM_GRES (default
# gpu:1), SLURM_EXTRA (more sbatch options, each one word: --qos=high), SLURM_SBATCH (default
# sbatch), SLURM_SUBMIT (1, or 0); empty ones are left out of the scripts. BENCH (default
# build/stencilbench), GNUPLOT, and the runner's QUICK, COUNTERS, WARMUP_S,
# ALLOW_DIRTY are written into the scripts. RUN is checked by RUNS_TOOL (default
# build/stencil-runs: the run-name rule), which the jobs' multi-gpu.sh uses as build/stencil-runs.
# Exit: 0 submitted (or written); 1 a dirty git tree; 2 bad input (a one-line error naming the
# value); 4 sbatch or a write failed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "slurm: $*" >&2; exit "${rc:-2}"; }

# the knobs, checked: each is written into a script line
knobs() {
	SLURM_GRES=${SLURM_GRES-gpu:1} SLURM_SBATCH=${SLURM_SBATCH:-sbatch} SLURM_SUBMIT=${SLURM_SUBMIT:-1}
	BENCH=${BENCH:-build/stencilbench} RUNS_TOOL=${RUNS_TOOL:-build/stencil-runs}
	local t='[0-9]+' w
	[[ $SLURM_SUBMIT =~ ^[01]$ ]] || die "SLURM_SUBMIT='$SLURM_SUBMIT' is neither 0 nor 1"
	[[ -z ${SLURM_TIME:-} || $SLURM_TIME =~ ^($t|$t:$t|$t:$t:$t|$t-$t(:$t(:$t)?)?|UNLIMITED|INFINITE)$ ]] ||
		die "SLURM_TIME='$SLURM_TIME' is not a Slurm time (MINUTES, HH:MM:SS, D-HH:MM:SS, ...)"
	[[ ${SLURM_PARTITION:-} =~ ^[A-Za-z0-9_.,-]*$ ]] ||
		die "SLURM_PARTITION='$SLURM_PARTITION' is not a partition name"
	[[ ${SLURM_ACCOUNT:-} =~ ^[A-Za-z0-9_.-]*$ ]] || die "SLURM_ACCOUNT='$SLURM_ACCOUNT' is not an account name"
	[[ $SLURM_GRES =~ ^[A-Za-z0-9_.:/,-]*$ ]] || die "SLURM_GRES='$SLURM_GRES' is not a GRES (gpu:1, gpu:h100:1)"
	for w in ${SLURM_EXTRA:-}; do
		[[ $w =~ ^-[A-Za-z0-9_.:/,=%+@-]+$ ]] ||
			die "SLURM_EXTRA='$SLURM_EXTRA': '$w' is not one sbatch option word (--qos=high)"
	done
	[[ $BENCH =~ ^[A-Za-z0-9_./+-]+$ && -x $BENCH ]] ||
		die "BENCH='$BENCH' is not an executable runner here: make stencilbench, or carry build/"
	[[ -x build/stencil-render ]] || die "build/stencil-render is missing: make it first, or carry build/"
	[[ -x $RUNS_TOOL ]] || die "$RUNS_TOOL is missing: make it first, or carry build/"
	"$here/multi-gpu.sh" knobs || exit   # CHUNK and CHUNK_S
	((SLURM_SUBMIT == 0)) || command -v "$SLURM_SBATCH" > /dev/null 2>&1 ||
		die "SLURM_SBATCH='$SLURM_SBATCH' is not a command here (SLURM_SUBMIT=0 writes the scripts only)"
}

# the #SBATCH lines both jobs share, then the job's own (ARGS: more option words)
sbatch_lines() {
	local o
	for o in ${SLURM_PARTITION:+--partition=$SLURM_PARTITION} \
		${SLURM_ACCOUNT:+--account=$SLURM_ACCOUNT} ${SLURM_TIME:+--time=$SLURM_TIME} "$@" ${SLURM_EXTRA:-}; do
		echo "#SBATCH $o"
	done
}

# the variables a job exports (those set here), each as a shell word
exports() {
	local v
	for v in "$@"; do [[ -z ${!v:-} ]] || printf ' %s=%q' "$v" "${!v}"; done
}

# write FILE from stdin (a temporary name, then renamed; executable)
write() {
	cat > "$1.tmp$$" && chmod +x "$1.tmp$$" && mv -f "$1.tmp$$" "$1" ||
		{ rm -f "$1.tmp$$"; rc=4; die "cannot write $1"; }
}

submit() {   # RUN ITEM...
	local run=${1:-} repo dir queue rundir logs sbatch n jobs old why
	shift
	knobs
	[[ -n $run ]] || run=slurm-$(date -u +%F-%H%M%S)$([[ ${QUICK:-} != 1 ]] || echo -quick)
	why=$("$RUNS_TOOL" run-name "$run" 2>&1) || die "RUN=$why"
	(($# > 0)) || die "no configuration list to measure"
	"$here/runs.sh" git-clean reproduce || exit 1
	repo=$(pwd) dir=build/slurm/$run rundir=data/runs/$run
	queue=$dir/queue logs=$repo/$dir/logs sbatch=$(printf %q "$SLURM_SBATCH")
	# a previous submission of this run still queued or running: refused
	if [[ -s $dir/jobs ]] && command -v squeue > /dev/null 2>&1; then
		jobs=$(tr ' ' , < "$dir/jobs")
		old=$(squeue -h -o %i -j "$jobs" 2>/dev/null | head -1)
		[[ -z $old ]] || die "RUN='$run': its jobs $jobs are still queued or running (scancel them first)"
	fi
	mkdir -p "$dir/logs" || { rc=4; die "cannot create $dir"; }
	rm -rf "${dir:?}/queue" "$dir/jobs" "$dir/array.sh" "$dir/collect.sh" "$dir/submit.sh"
	# one chunk a list's own configurations (each task may get a GPU that measures its ceilings
	# first), unless CHUNK or CHUNK_S asks for smaller ones
	CHUNK_S=${CHUNK_S:-1000000} "$here/multi-gpu.sh" plan "$queue" "$rundir" "$@" > /dev/null || exit
	n=$(ls "$queue/chunks" | wc -l)
	if ((n == 0)); then
		echo "slurm: every list is complete in $rundir: nothing to measure (make reproduce RUN=$run renders it)"
		return 0
	fi

	write "$dir/array.sh" <<EOF
#!/bin/bash
# $rundir measured by a Slurm job array: task N measures chunk N of $queue/ on its GPU
# (written by scripts/slurm.sh; submitted by submit.sh, before collect.sh)
#SBATCH --job-name=stencil-$run
#SBATCH --array=1-$n
$(sbatch_lines ${SLURM_GRES:+--gres=$SLURM_GRES} "--chdir=$repo" "--output=$logs/array-%A_%a.log")
set -uo pipefail
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
export NOBUILD=1$(exports BENCH QUICK COUNTERS WARMUP_S ALLOW_DIRTY)
echo "stencil-repro: job \${SLURM_JOB_ID:-none} (array \${SLURM_ARRAY_JOB_ID:-none}" \\
	"task \${SLURM_ARRAY_TASK_ID:-none}) on \$(hostname)"
exec scripts/multi-gpu.sh work $queue $rundir 0 "\${SLURM_ARRAY_TASK_ID:-}"
EOF
	write "$dir/collect.sh" <<EOF
#!/bin/bash
# $rundir merged and rendered once every task of its job array has ended (submitted by
# submit.sh with --dependency=afterany:<the array job's id>; written by scripts/slurm.sh)
#SBATCH --job-name=stencil-$run-collect
$(sbatch_lines "--chdir=$repo" "--output=$logs/collect-%j.log")
set -uo pipefail
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
echo "stencil-repro: job \${SLURM_JOB_ID:-none} (collecting $rundir) on \$(hostname)"
rc=0
scripts/multi-gpu.sh merge $queue $rundir || rc=\$?
make --no-print-directory reproduce SLURM=0 NOBUILD=1 HAVE_GPU=0 RUN=$run$(exports GNUPLOT) ||
	mrc=\$?
exit \$(( rc > 1 ? rc : \${mrc:-0} ))
EOF
	write "$dir/submit.sh" <<EOF
#!/bin/bash
# submits $dir/array.sh, then $dir/collect.sh to run once every task has ended
# (written by scripts/slurm.sh)
set -uo pipefail
cd $(printf %q "$repo") || exit 4
id() {   # sbatch --parsable's answer: the job id
	[[ \$1 =~ ^[0-9]+(\;.*)?\$ ]] || { echo "slurm: sbatch printed '\$1', not a job id" >&2; exit 4; }
	echo "\${1%%;*}"
}
array=\$($sbatch --parsable $dir/array.sh) && array=\$(id "\$array") || exit 4
collect=\$($sbatch --parsable --dependency=afterany:\$array $dir/collect.sh) &&
	collect=\$(id "\$collect") ||
	{ echo "slurm: the collecting job was not submitted (job array \$array is)" >&2; exit 4; }
echo "\$array \$collect" > $dir/jobs.tmp\$\$ && mv -f $dir/jobs.tmp\$\$ $dir/jobs
echo "slurm: submitted job array \$array ($n tasks) and collecting job \$collect for $rundir;" \\
	"logs in $dir/logs/"
EOF

	if ((SLURM_SUBMIT == 0)); then
		echo "slurm: wrote $dir/array.sh ($n tasks), $dir/collect.sh and $dir/submit.sh;" \
			"SLURM_SUBMIT=0: not submitted. To submit:"
		echo "  $SLURM_SBATCH --parsable $dir/array.sh"
		echo "  $SLURM_SBATCH --dependency=afterany:<the array job's id> $dir/collect.sh"
		echo "  (both: bash $dir/submit.sh)"
		return 0
	fi
	# the jobs get this environment (sbatch's default): none of make's, nor these knobs
	unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES SLURM SLURM_PARTITION SLURM_ACCOUNT SLURM_TIME \
		SLURM_GRES SLURM_EXTRA SLURM_SBATCH SLURM_SUBMIT SUBMIT_RUN
	rc=0
	"$dir/submit.sh" || rc=$?
	exit "$rc"
}

cmd=${1:-}
case $cmd in
submit) shift; submit "$@" ;;
*) die "usage: slurm.sh submit RUN LIST[:FLAGS]..." ;;
esac
