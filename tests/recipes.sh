#!/usr/bin/env bash
# recipes.sh - CONTRIBUTING.md's recipes replayed, so that they cannot rot: on a scratch copy of the
# working tree (its files as they are, committed or not) with BUILD's host build copied beside them
# (only what a step changes is built again), the document's marked blocks (<!-- recipe: NAME -->
# before a fenced block) are taken as written. Recipe (c), a claim on an existing evaluator: its
# example row after its paper's others in data/paper/claims.csv, the regeneration run as written
# (and seen to do its part: the claim's spread, the verdicts' pinned checksums), the checks run as
# written, then the suite's claim tests (the verdicts but test_verdicts_pinned, which pins them by
# position, the claims table, the appendix, the documents' tables, the targets). Recipe (a)'s CPU
# part, a method: the kernel copied as written, its table row and smoke row added, the build and
# checks run as written (the kernel's object only where nvcc exists: else skipped, and said), the
# tools seen to accept the method, the CPU tests that walk the method table. Every other command it
# runs is one the document shows; every file the document names exists and every make target it
# names is one. tests/test_make.c runs it.
#
#   recipes.sh ROOT BUILD   exit 0 when every replayed step works; otherwise its output says which
set -uo pipefail
# the calling make's flags and knobs must not reach these makes; no GPU is used
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES RUN RUNS QUICK COUNTERS WARMUP_S ALLOW_DIRTY DEVICE BENCH \
	NOBUILD GPUS REPLICAS SLURM TEST_FILTER TEST_SKIP STENCIL_REPRO_ROOT V
export HAVE_GPU=0
root=$(cd "$1" && pwd) build=$(cd "$2" && pwd)
doc=$root/CONTRIBUTING.md
T=$(mktemp -d "${TMPDIR:-/tmp}/stencil-recipes-XXXXXX")
trap 'rm -rf "$T"' EXIT
S=$T/repo log=$T/log
mkdir -p "$S/build"
: > "$log"
t0=$SECONDS

fail() { echo "recipes: FAIL: $*"; [[ ! -s $log ]] || sed 's/^/  | /' "$log" | tail -"${FAIL_TAIL:-15}"; exit 1; }
say() { echo "recipes: [$((SECONDS - t0)) s] $*"; }
[[ -r $doc ]] || fail "no CONTRIBUTING.md in $root"

# the document shows a command the replay runs, verbatim
shown() { grep -qF -- "$1" "$doc" || fail "CONTRIBUTING.md does not show '$1', which the replay runs"; }
# B: the lines of the fenced block after <!-- recipe: NAME -->, its indent removed (called in this
# shell, not a subshell, so that a missing block fails the replay)
get_block() {
	B=$(awk -v m="<!-- recipe: $1 -->" '
		index($0, m) { f = 1; next }
		f == 1 && /^ *```/ { f = 2; match($0, /^ */); ind = RLENGTH; next }
		f == 2 && /^ *```/ { exit }
		f == 2 { print substr($0, ind + 1) }' "$doc")
	[[ -n $B ]] || fail "CONTRIBUTING.md has no block <!-- recipe: $1 --> (a marker line, then a fenced block)"
}
# each line of block NAME as a command in the scratch copy, NAME's placeholder replaced by $method;
# a line naming a CUDA object is skipped where nvcc is not
run_block() {
	local line cmd
	get_block "$1"
	while IFS= read -r line; do
		[[ -n $line ]] || continue
		cmd=${line//NAME/$method}
		if [[ $cmd == *.cu.o* ]] && ! command -v nvcc > /dev/null 2>&1; then
			say "nvcc not found: '$line' skipped (the kernel is not compiled here)"
			continue
		fi
		(cd "$S" && bash -c "$cmd") < /dev/null > "$log" 2>&1 || fail "recipe $1: '$line' exited $?"
		say "recipe $1: $line"
	done <<< "$B"
}
# the suite as built (build_tests, once a recipe's sources changed): the tests PATTERN names but
# those SKIP names, at least one run, none failed
build_tests() {
	shown "make build/tests/run-tests"
	make build/tests/run-tests > "$log" 2>&1 || fail "make build/tests/run-tests exited $?"
}
unit() {
	shown "TEST_FILTER='test_verdicts*'"
	shown "TEST_SKIP=PATTERN"
	shown "build/tests/run-tests build"
	TEST_FILTER=$1 TEST_SKIP=${2:-} build/tests/run-tests build > "$log" 2>&1 || fail "tests '$1' failed"
	grep -q '^\[       OK \]' "$log" || fail "no test is named '$1'"
	say "tests $1${2:+ (but $2)}: passed"
}

# ---- the scratch copy: the working tree's files, and the build ----------------------------------
if git -C "$root" rev-parse --git-dir > /dev/null 2>&1; then
	git -C "$root" ls-files -z -co --exclude-standard |
		while IFS= read -r -d '' f; do [[ -e $root/$f ]] && printf '%s\0' "$f"; done |
		tar -C "$root" --null -T - -cf - | tar -C "$S" -xf - || fail "cannot copy the working tree"
else
	tar -C "$root" --exclude=./build --exclude=./plots/out -cf - . | tar -C "$S" -xf - ||
		fail "cannot copy the tree"
fi
tar -C "$build" --exclude=./smoke --exclude=./compare --exclude=./slurm --exclude=./claim-check -cf - . |
	tar -C "$S/build" -xf - || fail "cannot copy $build"
cd "$S" || exit 1
cp tests/golden.sha256 "$T/golden.before"

# ---- the document's names: each file it names exists, each make target it names is one ----------
targets=" $(make --no-print-directory -s help | sed -n '/^Targets:/,$p' | awk 'NR > 1 { print $1 }' | tr '\n' ' ') "
# the inline code spans, and the lines of the fenced blocks
spans=$(grep -v '^ *```' "$doc" | grep -o '`[^`]*`' | tr -d '`')
code=$(awk '/^ *```/ { f = !f; next } f' "$doc")
# their words that are paths of the repository: a file of the top or a path with a folder, no
# placeholder, nothing a build or a run writes, nothing beside the checkout
while IFS= read -r p; do
	p=${p#[\'\"(]}
	p=${p%[\'\"),;:]}
	[[ $p =~ ^[A-Za-z0-9_.][A-Za-z0-9_.*/-]*$ && ($p == */* || $p == *.md || $p == Makefile) ]] || continue
	[[ $p =~ [A-Z]{3} && $p != *.md || $p == build/* || $p == plots/out/* || $p == data/runs/ab-* ||
		$p == ../* ]] && continue
	compgen -G "${p%/}" > /dev/null || fail "CONTRIBUTING.md names $p, which is not in the repository"
done < <(printf '%s\n%s\n' "$spans" "$code" | tr ' ' '\n')
while IFS= read -r t; do
	[[ -n $t && $t != *NAME* ]] || continue
	[[ $targets == *" $t "* ]] || make --no-print-directory -n -s "$t" > /dev/null 2>&1 ||
		fail "CONTRIBUTING.md names 'make $t', which is no target"
done < <(printf '%s\n%s\n' "$spans" "$code" | grep -oE '(^|[ (])make( [A-Z_]+=[^ ]+)* [a-z][A-Za-z0-9_./-]*' |
	awk '{ print $NF }')

# ---- recipe (c): a claim judged by an existing evaluator ---------------------------------------
get_block claim-row
row=$B
[[ $row != *$'\n'* ]] || fail "the claim-row block is more than one line"
id=${row%%,*}
paper=${id%%-*}
! grep -q "^$id," data/paper/claims.csv || fail "data/paper/claims.csv holds $id already: the example is no new claim"
at=$(grep -n "^$paper-" data/paper/claims.csv | tail -1)
[[ -n $at ]] || fail "data/paper/claims.csv has no $paper claim for $id to follow"
printf '%s\n' "$row" > "$T/row"
sed -i "${at%%:*}r $T/row" data/paper/claims.csv
say "recipe claim-row: $id after line ${at%%:*} of data/paper/claims.csv"
method=
run_block claim-regenerate
grep -q "^$id," data/hw/claim-spread.csv || fail "the regeneration gave $id no spread in data/hw/claim-spread.csv"
moved=$(comm -13 <(sort "$T/golden.before") <(sort tests/golden.sha256) | awk '{ print $2 }')
[[ -n $moved ]] || fail "the regeneration pinned no verdicts anew in tests/golden.sha256"
# the verdicts and their tally by word (written beside them) move; nothing else may
[[ -z $(grep -v '/verdict\(s\|-tally\)\.\(csv\|md\)$' <<< "$moved") ]] ||
	fail "a claim moved other outputs than the verdicts in tests/golden.sha256: $(grep -v '/verdict\(s\|-tally\)\.' <<< "$moved" | head -3)"
run_block claim-check
grep -q "^$id," plots/out/verdicts.csv || fail "make verdicts wrote no row for $id"
# step 4: the claim's line in the pinned table, its letter as the fixture renders it
get_block claim-pin
verdict=$(grep "^$id," build/claim-check/verdicts.csv | head -1)
letter=
for w in "holds:H" "does not hold:F" "premise absent here:P" "inconclusive: implementation-limited:I" \
	"inconclusive: within spread:S" "not measured:N"; do
	[[ $verdict == *",${w%:*},"* ]] && letter=${w##*:} && break
done
[[ -n $letter ]] || fail "$id's verdict on the fixture is none of the vocabulary's: $verdict"
pin=${B//ID/$id}
pin=${pin//X/$letter}
grep -q "pinned_verdicts\[\] = {" tests/test_render.c || fail "tests/test_render.c has no pinned_verdicts table"
sed -i "/pinned_verdicts\[\] = {/a\\	$pin" tests/test_render.c
say "recipe claim-pin: $pin"
build_tests
unit 'test_verdicts*'
unit test_verdicts_pinned
unit test_claims
unit test_appendix_counts
unit test_doc_tables
unit test_every_target_renders
unit test_warmup_claims
unit test_targets_mk

# ---- recipe (a), its CPU part: a method --------------------------------------------------------
method=recipenaive
run_block method-kernel
[[ -s kernels/$method.cu ]] && grep -q "\"$method\"" "kernels/$method.cu" ||
	fail "the method-kernel block made no kernels/$method.cu naming the method"
get_block method-row
rows=${B//NAME/$method}
# beside its family's: after the row of the method its kernel was copied from
at=$(grep -n '"kernels/naive.cu"' model/method.c | head -1)
[[ -n $at ]] || fail "model/method.c has no row of naive to put $method's beside"
printf '%s\n' "$rows" > "$T/rows"
sed -i "${at%%:*}r $T/rows" model/method.c
say "recipe method-row: $method's row after naive's in model/method.c"
get_block method-smoke
printf '%s\n' "${B//NAME/$method}" >> experiments/smoke.csv
say "recipe method-smoke: $method in experiments/smoke.csv"
run_block method-check
build/stencil-model --list | grep -qw "$method" || fail "build/stencil-model --list does not list $method"
build/stencil-runs keys experiments/smoke.csv | grep -qw "$method" ||
	fail "build/stencil-runs keys experiments/smoke.csv does not read $method"
build_tests
unit test_method_table
unit test_scenarios_consistent
unit test_option_variants
unit test_committed_lists
unit test_smoke_covers_tables
unit test_experiment_files
unit 'test_stale*'
unit test_no_lists_beside_tables
echo "recipes: every replayed step works ($((SECONDS - t0)) s)"
