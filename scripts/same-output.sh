#!/bin/bash
# same-output.sh - whether two git revisions of this repository render every output of one recorded
# run byte for byte alike: the check that a refactor (code moved between folders, a tidy) changes no
# output (issue 57). Whoever refactors runs it before committing (make same-output REV_A= REV_B=
# RUN=, scripts/make/compare.mk); a reviewer runs it on the branch's first and last commits.
#
# Each revision is checked out into a temporary git worktree (git worktree add --detach, removed on
# exit) and its host tools are built there without a GPU (make HAVE_GPU=0 all: the renderer and the
# page, model, report and runs tools; no runner, no tests). Both then render from the same data: the
# worktrees' data/runs/ are replaced by REV_B's (the run, REFERENCE, the registry and the working
# runs the documents name), so that only the code differs; data/paper/ and data/hw/ stay each
# revision's own. In each, with RUN given to make:
#   - every rendered target of experiments/targets.csv (build/targets.mk's RENDERED_TARGETS: .md,
#     .csv, a figure's .vars, -fit.csv, and its run stamp plots/out/.run/T), each figure's .png and
#     .svg (gnuplot), the model-only outputs and the model figures with the run's points;
#   - make report (plots/out/report/index.html), make run-time and make appendix;
#   - scripts/doc-tables.sh on copies of REV_B's README.md, REPRODUCE.md, data/runs/HISTORY.md and
#     kernels/NOTES.md (the same text in, so that only the generated blocks can differ).
# Every file under plots/out/ and every document is compared byte for byte (cmp), but for one thing:
# the report page says when it was rendered ("Rendered 2026-11-29 00:34 UTC", page.c), which is
# masked on both sides first (two renders a minute apart would differ there). A .png is compared
# only when gnuplot writes the same bytes twice: REV_B's figures are drawn a second time and, if any
# differs or holds a time chunk (tIME), every .png is skipped, and the output says so. Without
# gnuplot (GNUPLOT, default gnuplot) no figure is drawn on either side: no .png, .svg nor report
# page (it embeds the .svg) is compared, and the output says so.
#
# Staleness. A run's titles say whether kernels/ or profiling/ changed since the run's commit, as
# the repository rendering it answers (plots/records/stale.c: git diff --name-only COMMIT --
# kernels profiling, and the untracked files there). Each worktree answers for its own tree, so
# the titles could differ because the trees do, not because the code renders differently. The
# script asks each worktree that same question for every commit the run directories' meta.csv name
# (after the build; a document, .md, left out, as the renderer weighs it for no row). When the
# answers agree, both render with staleness on (the titles as users see them, compared too); when
# they differ (a file moved into or out of kernels/ or profiling/), both render with
# STENCIL_REPRO_STALE=off (the titles say "staleness not checked"), and the output names the first
# commit and files that differ. STENCIL_REPRO_STALE=off in the caller's environment turns it off
# for both.
#
# usage: scripts/same-output.sh REV_A REV_B [RUN]
#   REV_A, REV_B  any git revision (a commit, branch, tag, HEAD~1); RUN: a run directory under
#                 REV_B's data/runs/ (default the one REV_B's data/runs/REFERENCE names)
#   JOBS          make -j for the builds and renders (default 2); SAME_OUTPUT_KEEP=1 keeps the
#                 compared outputs and logs (their folder is named on standard error)
# Output (standard output): a line or two saying how it compared (staleness, .png), one line per
# differing file (its name and the first differing line, or "only in REV_X"), and last
# "same-output: N files compared, M differ". Progress goes to standard error.
# Exit: 0 when none differ, 1 when some do, 2 on bad input (an unknown revision or run, one line
# naming it) or when a revision does not build (its first error line; nothing compared).
set -uo pipefail
me=same-output
started=$SECONDS
bad() { echo "$me: $*" >&2; exit 2; }
say() { echo "$me: $*" >&2; }

(($# >= 2 && $# <= 3)) || bad "usage: scripts/same-output.sh REV_A REV_B [RUN]"
top=$(git -C "$(dirname "$0")" rev-parse --show-toplevel 2>/dev/null) || bad "not inside a git repository"
cd "$top" || exit 2
rev_a=$1 rev_b=$2
sha_a=$(git rev-parse -q --verify "$rev_a^{commit}" 2>/dev/null) || bad "REV_A: unknown revision '$rev_a'"
sha_b=$(git rev-parse -q --verify "$rev_b^{commit}" 2>/dev/null) || bad "REV_B: unknown revision '$rev_b'"
jobs=${JOBS:-2}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || bad "JOBS: '$jobs' is not a count of jobs"
if [[ $# == 3 ]]; then
	run=$3
else
	run=$(git show "$sha_b:data/runs/REFERENCE" 2>/dev/null) ||
		bad "REV_B: '$rev_b' has no data/runs/REFERENCE: name the RUN"
	run=${run%%[[:space:]]*}
fi
# the run-name rule (plots/records/runs.h): one path component of [a-z0-9._-], not . or ..
[[ $run =~ ^[a-z0-9._-]+$ && $run != . && $run != .. ]] ||
	bad "RUN: '$run' is no run name (one path component of [a-z0-9._-])"
git cat-file -e "$sha_b:data/runs/$run/meta.csv" 2>/dev/null ||
	bad "RUN: '$run' is no recorded run of REV_B '$rev_b' (data/runs/$run/meta.csv is not in it)"

# the callers' make (make same-output) must not leak its knobs into the worktrees' makes
unset MAKEFLAGS MFLAGS MAKEOVERRIDES MAKELEVEL RUN RUNS QUICK COUNTERS WARMUP_S NOBUILD REPLICAS GPUS \
	SLURM DEVICE ALLOW_DIRTY V O B RENDER PAGE
gnuplot=${GNUPLOT:-gnuplot}
have_gnuplot=$(command -v "$gnuplot" >/dev/null 2>&1 && echo 1)
[[ ${STENCIL_REPRO_STALE:-} == off ]] && stale_asked=off || stale_asked=
unset STENCIL_REPRO_STALE

tmp=$(mktemp -d "${TMPDIR:-/tmp}/same-output.XXXXXX") || bad "cannot make a temporary folder"
added=()
cleanup() {
	local w
	for w in "${added[@]}"; do git worktree remove --force "$w" >/dev/null 2>&1 || rm -rf "$w"; done
	if [[ ${SAME_OUTPUT_KEEP:-} == 1 ]]; then
		rm -rf "$tmp/wt-a" "$tmp/wt-b"
		echo "$me: outputs and logs kept in $tmp (cmp-a, cmp-b, *.log)" >&2
	else
		rm -rf "$tmp"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

short_a=$(git rev-parse --short "$sha_a") short_b=$(git rev-parse --short "$sha_b")
say "A = $rev_a ($short_a), B = $rev_b ($short_b), run $run (REV_B's data/runs/ in both)"
for s in a b; do
	sha=sha_$s
	git worktree add --detach "$tmp/wt-$s" "${!sha}" > "$tmp/worktree-$s.log" 2>&1 ||
		bad "cannot check out ${!sha} into a worktree: $(tail -1 "$tmp/worktree-$s.log")"
	added+=("$tmp/wt-$s")
done
# one data/runs/ for both: REV_B's (a revision's own runs may differ; the code is what is compared)
{ rm -rf "$tmp/wt-a/data/runs" && cp -a "$tmp/wt-b/data/runs" "$tmp/wt-a/data/runs"; } ||
	bad "cannot copy REV_B's data/runs/ into REV_A's worktree"

first_error() {   # LOG: its first line that says error (make's ***), else its last line
	grep -m1 -E '\*\*\*|[Ee]rror|[Ff]ail' "$1" || tail -1 "$1" | grep . || echo "(no message)"
}
mk() {   # SIDE ARGS...: make in that side's worktree, without a GPU
	make -C "$tmp/wt-$1" --no-print-directory HAVE_GPU=0 -j"$jobs" "${@:2}"
}

# ---- build ---------------------------------------------------------------------------------------
for s in a b; do
	rev=rev_$s
	say "building $s (${!rev}): make HAVE_GPU=0 all"
	mk "$s" all > "$tmp/build-$s.log" 2>&1 ||
		bad "REV_${s^^} '${!rev}' does not build (make HAVE_GPU=0 all): $(first_error "$tmp/build-$s.log")"
done

# ---- staleness: the renderer's question, asked of each worktree --------------------------------------
stale_note=
commits=$(find "$tmp/wt-b/data/runs" -name meta.csv -exec grep -ohE '\b[0-9a-f]{40}\b' {} + 2>/dev/null | sort -u)
stale_answer() {   # SIDE COMMIT: what the renderer in that worktree finds changed since COMMIT (a
	# document, .md, it weighs for no row: left out)
	{ git -C "$tmp/wt-$1" diff --name-only "$2" -- kernels profiling &&
		git -C "$tmp/wt-$1" ls-files --others --exclude-standard -- kernels profiling; } 2>/dev/null | grep -v '\.md$'
}
if [[ $stale_asked == off ]]; then
	stale_note="staleness off for both (STENCIL_REPRO_STALE=off was given)"
else
	for c in $commits; do
		git cat-file -e "$c^{commit}" 2>/dev/null || continue   # unknown to both alike
		if [[ $(stale_answer a "$c") != "$(stale_answer b "$c")" ]]; then
			files=$(diff <(stale_answer a "$c") <(stale_answer b "$c") | sed -n 's/^[<>] //p' | head -3 | xargs)
			stale_note="staleness off for both (STENCIL_REPRO_STALE=off): the revisions answer differently what"
			stale_note+=" changed under kernels/ and profiling/ since the run commit ${c:0:7} ($files)"
			break
		fi
	done
	[[ -n $stale_note ]] || stale_note="staleness on for both: kernels/ and profiling/ changed alike in both since each run commit ($(
		for c in $commits; do printf '%s ' "${c:0:7}"; done | sed 's/ $//'))"
fi
[[ $stale_note == "staleness on"* ]] || export STENCIL_REPRO_STALE=off

# ---- render --------------------------------------------------------------------------------------
docs=(README.md REPRODUCE.md data/runs/HISTORY.md kernels/NOTES.md)
render() {   # SIDE: every output of the run into plots/out/, the documents into cmp-SIDE/doc-tables/
	local s=$1 w=$tmp/wt-$1 log=$tmp/render-$1.log o files=() t d rc=0
	# the appendix renders the verdicts too: first, so that make's own verdicts come after it
	mk "$s" -k RUN="$run" run-time appendix >> "$log" 2>&1 || rc=$?
	o=$(mk "$s" -s print-O 2>/dev/null)
	o=${o:-plots/out}
	for t in $(mk "$s" -s print-RENDERED_TARGETS 2>/dev/null); do files+=("$o/$t.md"); done
	if [[ -n $have_gnuplot ]]; then
		for t in $(mk "$s" -s print-FIGURES 2>/dev/null); do files+=("$o/$t.png"); done
		for t in $(mk "$s" -s print-MODEL_RUN_TARGETS 2>/dev/null); do files+=("$o/$t-run.png"); done
	fi
	for t in $(mk "$s" -s print-MODEL_OUTPUTS 2>/dev/null); do
		[[ -n $have_gnuplot || ($t != *.png && $t != *.svg) ]] && files+=("$t")
	done
	mk "$s" -k RUN="$run" "${files[@]}" >> "$log" 2>&1 || rc=$?
	[[ -z $have_gnuplot ]] || mk "$s" RUN="$run" report >> "$log" 2>&1 || rc=$?
	((rc == 0)) || say "$s: make exited $rc while rendering: $(first_error "$log")"
	for d in "${docs[@]}"; do
		[[ -f $tmp/wt-b/$d ]] || continue
		mkdir -p "$(dirname "$tmp/cmp-$s/doc-tables/$d")"
		cp "$tmp/wt-b/$d" "$tmp/cmp-$s/doc-tables/$d"
		(cd "$w" && RENDER=build/stencil-render PAGE=build/stencil-page \
			scripts/doc-tables.sh "$tmp/cmp-$s/doc-tables/$d") > "$tmp/doc-tables-$s.log" 2>&1 ||
			{ say "$s: doc-tables.sh $d failed: $(first_error "$tmp/doc-tables-$s.log")"
			  rm -f "$tmp/cmp-$s/doc-tables/$d"; }
		cat "$tmp/doc-tables-$s.log" >> "$log"
	done
}
for s in a b; do
	rev=rev_$s
	say "rendering $s (${!rev}) from data/runs/$run"
	render "$s"
done

# the .png bytes: REV_B's figures drawn again; compared only when both drawings agree
png_note=
if [[ -z $have_gnuplot ]]; then
	png_note="$gnuplot not found: no figure drawn, no .png, .svg nor report page compared"
else
	say "drawing b's figures again (whether a .png is the same bytes twice)"
	mkdir -p "$tmp/png-first"
	(cd "$tmp/wt-b" && find plots/out -name '*.png' -print0 | xargs -0 -r cp --parents -t "$tmp/png-first")
	mapfile -t pngs < <(cd "$tmp/png-first" && find . -name '*.png' | sed 's|^\./||' | sort)
	(cd "$tmp/wt-b" && rm -f "${pngs[@]}")
	sleep 1   # a time of day in a .png would show
	((${#pngs[@]} == 0)) || mk b -k RUN="$run" "${pngs[@]}" >> "$tmp/render-b.log" 2>&1
	for p in "${pngs[@]}"; do
		if ! cmp -s "$tmp/png-first/$p" "$tmp/wt-b/$p" || grep -q tIME "$tmp/wt-b/$p"; then
			png_note=".png skipped: gnuplot drew $p differently twice at one revision (embedded metadata)"
			break
		fi
	done
fi

# ---- compare ---------------------------------------------------------------------------------------
for s in a b; do
	o=$(mk "$s" -s print-O 2>/dev/null)
	o=${o:-plots/out}
	mkdir -p "$tmp/cmp-$s/$(dirname "$o")"
	[[ ! -d $tmp/wt-$s/$o ]] || cp -a "$tmp/wt-$s/$o" "$tmp/cmp-$s/$o"
	# the report page's one clock reading (plots/render/page.c), to the minute, is no output of the run
	find "$tmp/cmp-$s" -name '*.html' -exec sed -i -E \
		's/(Rendered )[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}( UTC)/\1YYYY-MM-DD HH:MM\2/' {} +
done
echo "$me: $stale_note"
[[ -z $png_note ]] || echo "$me: $png_note"
around() {   # FILE LINE COLUMN: that line from 30 bytes before COLUMN to 50 after
	local from=$(($3 > 30 ? $3 - 30 : 1))
	sed -n "${2}{p;q}" "$1" | cut -b"$from-$(($3 + 50))" | sed "$( ((from > 1)) && echo 's/^/.../')"
}
n=0 m=0
while IFS= read -r f; do
	[[ -n $png_note && $f == *.png ]] && continue
	n=$((n + 1))
	a=$tmp/cmp-a/$f b=$tmp/cmp-b/$f
	if [[ ! -f $a ]]; then
		echo "$f: only in REV_B ($rev_b)"
	elif [[ ! -f $b ]]; then
		echo "$f: only in REV_A ($rev_a)"
	elif ! out=$(cmp "$a" "$b" 2>&1); then
		if [[ $f == *.png ]]; then
			echo "$f: differs from byte $(sed -n 's/.*byte \([0-9]*\).*/\1/p' <<< "$out")"
		elif [[ $out == *EOF* ]]; then
			[[ $out == *"EOF on $a "* ]] && first=A || first=B
			echo "$f: REV_$first's ends first, after line $(sed -n 's/.*line \([0-9]*\).*/\1/p' <<< "$out"); the other's goes on"
		else
			l=$(sed -n 's/.*line \([0-9]*\).*/\1/p' <<< "$out")
			c=$(($(sed -n 's/.*byte \([0-9]*\).*/\1/p' <<< "$out") - $(head -n $((l - 1)) "$a" | wc -c)))
			echo "$f: line $l, column $c: A: $(around "$a" "$l" "$c") | B: $(around "$b" "$l" "$c")"
		fi
	else
		continue
	fi
	m=$((m + 1))
done < <({ cd "$tmp/cmp-a" 2>/dev/null && find . -type f; cd "$tmp/cmp-b" 2>/dev/null && find . -type f; } |
	sed 's|^\./||' | sort -u)
say "done in $((SECONDS - started)) s"
echo "$me: $n files compared, $m differ"
((m == 0))
