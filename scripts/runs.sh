#!/usr/bin/env bash
# runs.sh - the Makefile's helpers for runs under data/runs/ (one place for the shell logic).
#
#   runs.sh complete EXPERIMENT RUN.csv   exit 0 when RUN.csv is complete: it parses (every record
#                                         has the header's field count, ends with a newline) and
#                                         has one row for each configuration of EXPERIMENT (the
#                                         same configuration key: plots/records/runs.h), no other
#   runs.sh configs EXPERIMENT            print the number of configurations of EXPERIMENT
#   runs.sh wrong TARGET RUN.csv...       count `wrong` rows; when any, say so loudly and exit 1
#   runs.sh device TARGET                 probe the runner ($BENCH slug): print the slug (exit 0),
#                                         exit 3 when it sees no CUDA device, 1 on any other failure
#   runs.sh measure NAME OUT EXPERIMENT [RUNNER ARGS]   measure OUT unless it is complete
#   runs.sh ceilings DIR                  measure DIR/ceilings.csv unless it is there
#
# A run may grow on several GPUs of one model, whole lists at a time (a reproduction spread over
# machines of one kind): when DIR holds another GPU's measurements ($BENCH gpu-of DIR: model), this
# GPU's ceilings go to DIR/gpus/SLUG/ and each list it measures to DIR/gpus/SLUG/LIST/ beside a
# copy of them (its rows' model columns are this GPU's), then the list's rows and the invocation's
# meta.csv row join the run's, the layout scripts/multi-gpu.sh writes. A GPU of another model is
# refused (one run, one model).
#   runs.sh git-clean NAME                refuse (exit 1) a dirty git tree unless ALLOW_DIRTY=1
#   runs.sh stamp STAMP RUNDIR|- FILE...  write "RUNDIR + checksums of what the renderer reads of
#                                         it" to STAMP only when it changed (a rendered output's
#                                         record of its run); "-": the reference or newest run
#                                         holding every FILE ($RENDER newest-run), or none
#   runs.sh stamped STAMP                 print the run STAMP names (nothing: none)
#   runs.sh render TARGET STAMP OUTDIR MODE   render TARGET from its stamp's run ($RENDER)
#   runs.sh wrong-stamped TARGET STAMP FILE...   `wrong` on the FILEs of the stamp's run
#   runs.sh smoke DIR                     make smoke: every method and variant of the smoke lists
#                                         verified and timed briefly into DIR; its last line counts
#                                         the rows verified, skipped and wrong (any wrong: exit 1)
#
# Measuring refuses a dirty git tree unless ALLOW_DIRTY=1 (skipped where the tree has no .git), and
# holds a lock ($LOCK, default build/measure.lock) so that two makes never measure at once; what
# another make measured meanwhile is not measured again. Runner exit status (the contract):
# 0 done; 1 some rows failed verification (the CSV is complete: kept, rendered, reported); 2 bad
# input; 3 no CUDA device visible; 4 error (nothing new written); anything else is an error too.
# complete, configs and wrong ask $RUNS_TOOL (default build/stencil-runs): no CSV is parsed here.
set -uo pipefail

BENCH=${BENCH:-build/stencilbench}
RUNS_TOOL=${RUNS_TOOL:-build/stencil-runs}
LOCK=${LOCK:-build/measure.lock}
me=runs.sh

die() { echo "$*" >&2; exit 1; }

# The lists and run CSVs are parsed by stencil-runs (scripts/planner/stencil-runs.c), never here: exit 0 yes,
# 1 no, 2 a list or CSV that does not parse (its one line said), 4 a failed write
tool() {   # SUBCOMMAND ARGS...: stencil-runs, its exit status; a missing tool is an error
	local rc=0
	"$RUNS_TOOL" "$@" || rc=$?
	((rc != 126 && rc != 127)) || die "$me: $RUNS_TOOL is missing: make it (make all), or carry build/"
	return "$rc"
}

configs() { tool configs "$1" || exit; }   # EXPERIMENT: its number of configurations

complete() {   # EXPERIMENT CSV: 0 complete, 1 not; a list that does not parse ends the script
	local rc=0
	tool complete --replicas "${REPLICAS:-1}" "$1" "$2" || rc=$?
	((rc <= 1)) || exit "$rc"
	return "$rc"
}

wrong() { tool wrong "$@" || exit; }   # TARGET CSV...

why() {   # RC: what a runner exit status means
	case $1 in
	2) echo "bad input (exit 2; nothing written)" ;;
	3) echo "no CUDA device visible (exit 3; nothing written)" ;;
	4) echo "error (exit 4: CUDA or I/O; nothing new written)" ;;
	126) echo "$BENCH is not executable (exit 126)" ;;
	127) echo "$BENCH not found (exit 127): build it (make stencilbench) or carry build/" ;;
	*) if (($1 > 128)); then echo "killed by signal $(($1 - 128))"; else echo "failed (exit $1)"; fi ;;
	esac
}

device() {   # TARGET
	local rc=0 slug
	slug=$("$BENCH" slug) || rc=$?
	case $rc in
	0) [[ -n $slug ]] || die "$1: error: $BENCH slug printed nothing"; echo "$slug" ;;
	3) echo "$1: no CUDA device visible (the runner's exit 3): falling back to the recorded runs" >&2; exit 3 ;;
	*) die "$1: error: the runner $(why $rc); a GPU is listed (HAVE_GPU=0 renders recorded runs)" ;;
	esac
}

# NOBUILD=1 (a carried build/): skipped too. The tree that counts is the one the runner was built
# from, and the runner itself refuses to measure when that one was dirty (its compiled-in state);
# a copied tree's own git state says nothing about it.
git_clean() {   # NAME: refuse a dirty tree unless ALLOW_DIRTY=1; no .git (a copied tree): skipped
	local dirty
	[[ ${ALLOW_DIRTY:-} == 1 || ${NOBUILD:-} == 1 || ! -e .git ]] && return 0
	dirty=$(git status --porcelain --untracked-files=no 2>/dev/null | awk '{print $2}' | head -3 | xargs)
	[[ -z $dirty ]] || die "$1: refusing to measure: uncommitted changes in the git tree" \
		"($dirty ...): commit them, or add ALLOW_DIRTY=1 to record a dirty run"
}

lock() {   # NAME: hold the measuring lock until this script exits
	mkdir -p "$(dirname "$LOCK")"
	exec 9>>"$LOCK"
	flock -n 9 || { echo "$1: waiting for another make's measurement ($LOCK)" >&2; flock 9; }
}

measure() {   # NAME OUT EXPERIMENT [ARGS]
	local name=$1 out=$2 exp=$3 n secs rc=0 rel
	shift 3
	complete "$exp" "$out" && return 0
	[[ ${REPLICAS:-1} == 1 ]] || die "$name: $out holds fewer than REPLICAS=$REPLICAS replicas: make reproduce or" \
		"make reference with GPUS= measures them (one runner here would add none)"
	git_clean "$name"
	lock "$name"
	complete "$exp" "$out" && return 0
	n=$(configs "$exp") || exit
	ref=$(cat data/runs/REFERENCE 2>/dev/null) || ref=
	secs=$(tool estimate "${SECS_PER_CONFIG:-2.2}" "$exp" "data/runs/$ref/$(basename "$out")") || exit
	echo "$name: $n configurations into $out, about ${secs% *} s (${secs#* })"
	[[ -f $out ]] && echo "$name: $out is incomplete: measuring it again"
	rel=$(relation "$(dirname "$out")") || exit 1
	if [[ $rel == model ]]; then
		measure_beside "$name" "$out" "$exp" "$@"
		return
	fi
	"$BENCH" run --experiment "$exp" --out "$out" "$@" || rc=$?
	case $rc in
	0) complete "$exp" "$out" || die "$name: error: the runner exited 0 but $out is not complete" ;;
	1) complete "$exp" "$out" || die "$name: error: the runner exited 1 and $out is not complete"
	   echo "*** $name: some configurations FAILED VERIFICATION: the CSV is kept and rendered;" \
		"make fails at the end" >&2 ;;
	*) die "$name: error: the runner $(why $rc); $out was not (re)written" ;;
	esac
}

# whose measurements DIR holds (the runner's gpu-of): none, same, model; another model is refused
relation() {   # DIR
	local r
	r=$("$BENCH" gpu-of "$1") || die "runs.sh: error: the runner cannot tell whose measurements $1 holds"
	[[ $r != other ]] || die "runs.sh: $1 holds measurements of another GPU model: one run, one model (RUN= another name)"
	[[ $r != bad ]] || die "runs.sh: $1/meta.csv cannot be read"
	echo "$r"
}

# this GPU's part of a run grown on another GPU of its model: DIR/gpus/SLUG/
own_part() {   # DIR
	local slug
	slug=$("$BENCH" slug) || die "runs.sh: error: the runner cannot name this GPU"
	echo "$1/gpus/$slug"
}

# a whole list measured on this GPU beside the run's other GPU, then joined into the run
measure_beside() {   # NAME OUT EXPERIMENT [ARGS]
	local name=$1 out=$2 exp=$3 rc=0 part dir
	shift 3
	dir=$(dirname "$out")
	part=$(own_part "$dir")/$(basename "$out" .csv)
	[[ -s $(dirname "$part")/ceilings.csv ]] || die "$name: error: no ceilings of this GPU under $(dirname "$part")"
	rm -rf "$part" && mkdir -p "$part" && cp "$(dirname "$part")/ceilings.csv" "$part/" || exit 1
	echo "$name: $dir holds another GPU of this model: measuring under $part, then joining"
	"$BENCH" run --experiment "$exp" --out "$part/$(basename "$out")" "$@" || rc=$?
	((rc == 0 || rc == 1)) || die "$name: error: the runner $(why $rc); $out was not (re)written"
	complete "$exp" "$part/$(basename "$out")" || die "$name: error: $part/$(basename "$out") is not complete"
	tool join "$out" "$part/$(basename "$out")" || exit
	tool join "$dir/meta.csv" "$dir/meta.csv" "$part/meta.csv" || exit
	((rc == 0)) || echo "*** $name: some configurations FAILED VERIFICATION: the CSV is kept and rendered;" \
		"make fails at the end" >&2
}

# the ceilings measured into OUT unless there, under the measuring lock
measure_ceilings() {   # OUT
	local rc=0
	[[ -s $1/ceilings.csv ]] && return 0
	git_clean ceilings
	lock ceilings
	[[ -s $1/ceilings.csv ]] && return 0
	mkdir -p "$1"
	"$BENCH" ceilings --out "$1" || rc=$?
	((rc == 0)) || die "ceilings: error: the runner $(why $rc); $1/ceilings.csv was not written"
	[[ -s $1/ceilings.csv ]] || die "ceilings: error: the runner exited 0 without $1/ceilings.csv"
}

ceilings() {   # DIR: its ceilings, or (DIR holds another GPU of this model) this GPU's beside them
	local own rel=
	[[ ! -s $1/ceilings.csv ]] || rel=$(relation "$1") || exit 1
	[[ $rel == model ]] || { measure_ceilings "$1"; return; }
	own=$(own_part "$1")
	[[ -s $own/ceilings.csv ]] && return 0
	measure_ceilings "$own"
	tool join "$1/meta.csv" "$1/meta.csv" "$own/meta.csv" || exit
}

# make smoke: both smoke lists with the QUICK=1 protocol into DIR (a check, never a recorded run:
# a dirty tree is allowed), then one line of what happened: "every method verified" only when no
# row was skipped or wrong; a skipped row's reason is in its CSV; a wrong row fails (exit 1)
smoke() {   # DIR
	local dir=$1 rc=0 t v s w n start=$SECONDS
	rm -rf "$dir" && mkdir -p "$dir" || exit 1
	ALLOW_DIRTY=1 "$BENCH" run --experiment experiments/smoke.csv --quick --no-counters --out "$dir/smoke.csv" ||
		rc=$?
	((rc <= 1)) || die "smoke: error: the runner $(why $rc)"
	ALLOW_DIRTY=1 "$BENCH" run --experiment experiments/smoke-workload.csv --quick \
		--out "$dir/smoke-workload.csv" || rc=$?
	((rc <= 1)) || die "smoke: error: the runner $(why $rc)"
	t=$(tool tally "$dir/smoke.csv" "$dir/smoke-workload.csv") || exit
	read -r v s w n <<< "$t"
	((rc == 0 || w > 0)) || die "smoke: error: the runner exited 1 (rows wrong), but no row of $dir/*.csv is marked wrong"
	if ((s == 0 && w == 0)); then
		echo "smoke: every method verified and timed in $((SECONDS - start)) s ($n rows, $dir/);" \
			"make reproduce measures every paper item"
	elif ((w == 0)); then
		echo "smoke: $v of $n rows verified and timed in $((SECONDS - start)) s, $s skipped (each one's reason:" \
			"$dir/*.csv), 0 wrong; make reproduce measures every paper item"
	else
		die "*** smoke: $v of $n rows verified and timed in $((SECONDS - start)) s, $s skipped, $w WRONG" \
			"(FAILED VERIFICATION: each row's status and reason in $dir/*.csv)"
	fi
}

# a run RUN= names holds the target's FILE, or one of them at least (a target that reads several
# renders those the run holds); else one line naming them and the run, exit 2
holds_some() {   # TARGET RUNDIR FILE...
	local t=$1 run=$2 f
	shift 2
	for f; do [[ ! -f $run/$f ]] || return 0; done
	if (($# == 1)); then
		echo "$t: run ${run#data/runs/} has no $1: measure it with make $t on a GPU, or pick a run that" \
			"has it (make runs lists the recorded runs)" >&2
	else
		f="$*"
		echo "$t: run ${run#data/runs/} has none of the $# files it reads (${f// /, }): measure them with make $t" \
			"on a GPU, or pick a run that has them (make runs lists the recorded runs)" >&2
	fi
	exit 2
}

# the run a stamp names: its first line "run: DIR" ("none": empty)
stamped() {   # STAMP
	local r
	[[ -f $1 ]] || die "runs.sh: $1: no such stamp"
	r=$(sed -n '1s/^run: //p' "$1")
	[[ $r == none ]] || printf '%s\n' "$r"
}

# A rendered output's record of its run: "run: DIR" (none: the model and paper columns), then the
# checksums of everything of the run the renderer reads: FILE... (the target's CSVs), the run's
# ceilings.csv and meta.csv and each GPU's gpus/*/ceilings.csv; a RUNDIR holding none of FILE is
# refused (exit 2), naming them. RUNDIR "-": the run is chosen
# here, by the renderer's rule (stencil-render newest-run: the run data/runs/REFERENCE names where
# it holds every FILE, else the newest holding them), on every make. Written only when it changed.
stamp() {   # STAMP RUNDIR|- FILE...
	local s=$1 run=$2 tmp rc=0 f
	shift 2
	if [[ $run == - ]]; then
		run=$("${RENDER:-build/stencil-render}" newest-run "$@" --runs data/runs) || rc=$?
		case $rc in
		0) ;;
		1) run= ;;
		2) exit 2 ;;   # bad input (a REFERENCE naming no run): the tool's line said which
		*) die "runs.sh: error: ${RENDER:-build/stencil-render} newest-run exited $rc" ;;
		esac
	else
		holds_some "$(basename "$s")" "$run" "$@"
	fi
	tmp=$(mktemp "$s.XXXXXX") || exit 1
	{ echo "run: ${run:-none}"
	  if [[ -n $run ]]; then
		for f in "$@" ceilings.csv meta.csv; do [[ ! -f $run/$f ]] || cksum "$run/$f"; done
		for f in "$run"/gpus/*/ceilings.csv; do [[ ! -f $f ]] || cksum "$f"; done
	  fi; } > "$tmp" || { rm -f "$tmp"; exit 1; }
	chmod 644 "$tmp"
	if cmp -s "$tmp" "$s"; then rm -f "$tmp"; else mv -f "$tmp" "$s"; fi
}

# render TARGET from the run its stamp names into OUTDIR; MODE no (no device) says which run
render() {   # TARGET STAMP OUTDIR MODE
	local run
	run=$(stamped "$2") || exit 1
	if [[ $4 == no && -n $run ]]; then
		echo "no CUDA device: rendering the recorded run $run"
	elif [[ $4 == no ]]; then
		echo "no CUDA device and no recorded run: rendering the model and paper columns" \
			"(measurements need a GPU)"
	fi
	exec "${RENDER:-build/stencil-render}" "$1" ${run:+--run "$run"} --outdir "$3"
}

wrong_stamped() {   # TARGET STAMP FILE...: wrong rows of the run the stamp names
	local t=$1 run f files=()
	run=$(stamped "$2") || exit 1
	shift 2
	[[ -n $run ]] || return 0
	for f; do files+=("$run/$f"); done
	wrong "$t" "${files[@]}"
}

cmd=${1:-}
shift || true
case $cmd in
complete) complete "$@" ;;
configs) configs "$@" ;;
wrong) wrong "$@" ;;
device) device "$@" ;;
measure) measure "$@" ;;
ceilings) ceilings "$@" ;;
git-clean) git_clean "$@" ;;
stamp) stamp "$@" ;;
stamped) stamped "$@" ;;
render) render "$@" ;;
wrong-stamped) wrong_stamped "$@" ;;
smoke) smoke "$@" ;;
*) die "usage: $me complete|configs|wrong|device|measure|ceilings|git-clean|stamp|stamped|render|wrong-stamped|smoke ..." ;;
esac
