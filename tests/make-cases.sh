#!/usr/bin/env bash
# make-cases.sh - the make layer's tests (tests/test_make.c runs one case each): the Makefile on a
# scratch copy of the repository (no .git, no build/ but the host tools, no data/runs/), with the
# stub runner (tests/stub-stencilbench.sh) and a stub gnuplot. No GPU, nvcc or network needed.
#
#   make-cases.sh CASE ROOT BUILD   exit 0 when CASE passes; otherwise its output says why
set -uo pipefail
# the calling make's flags and knobs (make test V=1, ALLOW_DIRTY=1, ...) must not reach these makes
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES RUN QUICK COUNTERS WARMUP_S ALLOW_DIRTY HAVE_GPU DEVICE \
	BENCH GNUPLOT NOBUILD CHUNK CHUNK_S
case_=$1 root=$(cd "$2" && pwd) build=$(cd "$3" && pwd)
S=$(mktemp -d "${TMPDIR:-/tmp}/stencil-make-XXXXXX")
trap 'rm -rf "$S"' EXIT
out=$S/.t/out
mkdir -p "$S/.t"

fail() { echo "make-cases $case_: FAIL: $*"; [[ ! -f $out ]] || sed 's/^/  | /' "$out" | tail -"${FAIL_TAIL:-20}"; exit 1; }

# the scratch copy: what the Makefile reads, the host tools, a stub gnuplot
mkdir -p "$S/data" "$S/plots" "$S/tests" "$S/build" "$S/data/runs"
cp -r "$root/Makefile" "$root/scripts" "$root/experiments" "$S/"
cp -r "$root/data/hw" "$root/data/paper" "$S/data/"
mkdir -p "$S/plots/gp" && cp "$root"/plots/gp/*.gp "$S/plots/gp/"
cp -r "$root/tests/stub-stencilbench.sh" "$root/tests/fixtures" "$build/tests/stub-rows" "$S/tests/"
cp "$build"/stencil-render "$build"/stencil-model "$build"/stencil-report "$build"/stencil-compare \
	"$build"/stencil-runs "$S/build/"
cat > "$S/gnuplot.sh" <<'EOF'
#!/usr/bin/env bash
# STUB_GNUPLOT: good (writes out.png and out.svg), fail (a partial png, exit 1), kill (SIGKILL)
base=$(printf '%s' "$2" | sed -n "s/.*out='\([^']*\)'.*/\1/p")
echo partial > "$base.png"
case ${STUB_GNUPLOT:-good} in
fail) exit 1 ;;
kill) kill -9 $$ ;;
esac
echo "png of $4" > "$base.png"; echo "svg of $4" > "$base.svg"
EOF
chmod +x "$S/gnuplot.sh"
export STUB_LOG=$S/.t/log
touch "$STUB_LOG"
cd "$S"

# make in the scratch copy (no GPU unless HAVE_GPU=1 follows); output in $out
mk() { make --no-print-directory NOBUILD=1 BENCH=tests/stub-stencilbench.sh GNUPLOT=./gnuplot.sh \
	HAVE_GPU=0 "$@" > "$out" 2>&1; }
ok() { mk "$@" || fail "make $* exited $?"; }
bad() { ! mk "$@" || fail "make $* succeeded"; }
says() { grep -q -- "$1" "$out" || fail "the output does not say '$1'"; }
renders() { grep -Eq "run $2(,|$)" "plots/out/$1.md" 2>/dev/null || fail "plots/out/$1.md is not from $2"; }
measured() { [[ $(grep -c "^run data/runs/$1/" "$STUB_LOG") == "$2" ]] || \
	fail "$1 measured $(grep -c "^run data/runs/$1/" "$STUB_LOG") times, not $2"; }
recorded() { cp -r tests/fixtures/run-small "data/runs/$1"; }
# the configuration lists make reproduce measures (experiments/targets.csv, through build/targets.mk)
lists() { make --no-print-directory -s NOBUILD=1 HAVE_GPU=0 print-REPRODUCED_LISTS; }
gpu() { ok HAVE_GPU=1 "$@"; }

case $case_ in
switch-run)   # another RUN measures and renders that run; a deleted or truncated CSV is measured
	gpu RUN=x1 tcs-table4; renders tcs-table4 data/runs/x1; measured x1 1
	gpu RUN=x2 tcs-table4; renders tcs-table4 data/runs/x2; measured x2 1
	[[ -f data/runs/x2/tcs-table4.csv && -f data/runs/x2/ceilings.csv ]] || fail "no data/runs/x2"
	gpu RUN=x1 tcs-table4; renders tcs-table4 data/runs/x1; measured x1 1
	rm data/runs/x1/tcs-table4.csv
	gpu RUN=x1 tcs-table4; renders tcs-table4 data/runs/x1; measured x1 2
	head -c 3000 data/runs/x1/tcs-table4.csv > .t/t && mv .t/t data/runs/x1/tcs-table4.csv
	gpu RUN=x1 tcs-table4; measured x1 3
	scripts/runs.sh complete experiments/tcs-table4.csv data/runs/x1/tcs-table4.csv || fail "incomplete"
	gpu RUN=x1 tcs-table4; measured x1 3
	! grep -q "stencil-render: wrote" "$out" || fail "a complete run rendered again"
	# a list whose configurations changed (same count) is measured again, not rendered as a subset
	sed -i 's/10240x10240,sparse/10240x10176,sparse/' experiments/tcs-table4.csv
	gpu RUN=x1 tcs-table4; measured x1 4
	grep -q "10240x10176" data/runs/x1/tcs-table4.csv || fail "the changed configuration was not measured" ;;
exit-wrong)   # exit 1: the CSV is kept and rendered, the target fails loudly
	bad HAVE_GPU=1 RUN=w STUB_RUN_RC=1 tcs-table4; says "FAILED VERIFICATION"
	renders tcs-table4 data/runs/w
	grep -q ",wrong," data/runs/w/tcs-table4.csv || fail "no wrong rows kept"
	bad HAVE_GPU=1 RUN=w tcs-table4; measured w 1; says "FAILED VERIFICATION" ;;
exit-error)   # exit 4 and 2: make fails and the previous CSV is untouched
	gpu RUN=e tcs-table4
	head -c 3000 data/runs/e/tcs-table4.csv > .t/t && mv .t/t data/runs/e/tcs-table4.csv
	cp data/runs/e/tcs-table4.csv .t/before
	bad HAVE_GPU=1 RUN=e STUB_RUN_RC=4 tcs-table4; says "exit 4"
	cmp -s .t/before data/runs/e/tcs-table4.csv || fail "exit 4 changed the run CSV"
	bad HAVE_GPU=1 RUN=e STUB_RUN_RC=2 tcs-table4; says "bad input"
	bad HAVE_GPU=1 RUN=e STUB_RUN_RC=3 tcs-table4; says "no CUDA device"
	bad HAVE_GPU=1 RUN=e STUB_RUN_RC=137 tcs-table4; says "signal 9"
	cmp -s .t/before data/runs/e/tcs-table4.csv || fail "a failed run changed the run CSV"
	bad HAVE_GPU=1 RUN=f STUB_CEIL_RC=4 tcs-table4; says "ceilings"
	[[ ! -e data/runs/f/tcs-table4.csv ]] || fail "measured without ceilings" ;;
no-device)   # only the probe's exit 3 falls back to recorded runs; a missing runner is an error
	recorded rec
	gpu STUB_SLUG_RC=3 tcs-table4; says "no CUDA device visible"; renders tcs-table4 data/runs/rec
	ok HAVE_GPU=0 tcs-table4; renders tcs-table4 data/runs/rec
	bad HAVE_GPU=1 BENCH=tests/no-such-runner tcs-table4; says "not found"
	bad HAVE_GPU=1 STUB_SLUG_RC=4 tcs-table4; says "exit 4"
	bad HAVE_GPU=1 STUB_SLUG_RC=1 RUN=z tcs-table4; [[ ! -e data/runs/z ]] || fail "measured"
	ok HAVE_GPU=0 ceilings; says "no CUDA device" ;;
concurrent)   # two makes at once in one clone, five times, with and without a device
	recorded rec
	for i in 1 2 3 4 5; do
		rm -rf plots/out build/runs.*
		STUB_SLEEP=0.2 mk HAVE_GPU=1 RUN=c$i tcs-table4 & a=$!
		STUB_SLEEP=0.2 make --no-print-directory NOBUILD=1 BENCH=tests/stub-stencilbench.sh \
			HAVE_GPU=1 RUN=c$i tcs-table2 > "$out.2" 2>&1 & b=$!
		wait $a || fail "try $i: make tcs-table4 failed"
		wait $b || { cat "$out.2" > "$out"; fail "try $i: make tcs-table2 failed"; }
		renders tcs-table4 data/runs/c$i; renders tcs-table2 data/runs/c$i
		[[ $(grep -c "^ceilings data/runs/c$i " "$STUB_LOG") == 1 ]] || fail "try $i: ceilings twice"
		rm -rf plots/out build/runs.* data/runs/c$i
		mk tcs-table4 & a=$!
		make --no-print-directory NOBUILD=1 HAVE_GPU=0 tcs-table2 > "$out.2" 2>&1 & b=$!
		wait $a || fail "try $i: make tcs-table4 (no device) failed"
		wait $b || { cat "$out.2" > "$out"; fail "try $i: make tcs-table2 (no device) failed"; }
		renders tcs-table4 data/runs/rec; renders tcs-table2 data/runs/rec
	done ;;
failed-render)   # a failed render or a failed or killed gnuplot keeps the previous outputs
	recorded rec
	fig=tcs-figure16   # a figure; tcs-table4, a table
	ok tcs-table4 && ok $fig
	keep=.t/keep; mkdir $keep && cp plots/out/tcs-table4.* $keep/ && cp plots/out/$fig.* $keep/
	sed -i '1s/gstencil_per_s/gstencil/' data/runs/rec/tcs-table4.csv
	bad tcs-table4; says "missing column"
	for f in tcs-table4.md tcs-table4.csv; do cmp -s $keep/$f plots/out/$f || fail "$f changed"; done
	for how in fail kill; do
		touch plots/out/$fig.csv
		bad STUB_GNUPLOT=$how $fig
		for f in $fig.png $fig.svg; do
			cmp -s $keep/$f plots/out/$f || fail "$how: $f changed"
		done
	done
	left=$(find plots/out -name '*tmp*')
	[[ -z $left ]] || fail "temporary files left: $left"
	ok $fig
	grep -q "png of" plots/out/$fig.png || fail "no figure after the failures" ;;
run-name)   # RUN must be one path component of [a-z0-9._-]
	for r in '../x' '' 'a b' '.' '..' 'A1' 'x/y'; do
		bad "RUN=$r" HAVE_GPU=1 tcs-table4
		[[ $(wc -l < "$out") == 1 ]] || fail "RUN='$r': not a one-line error"
		says "RUN='$r'"
	done
	[[ -z $(ls data/runs) ]] || fail "something was measured" ;;
knobs)   # a knob outside its documented set is a one-line error naming it and its value, GPU or
	# not; one number alike however it is written (1e9 as 1000000000: both over WARMUP_S's 3600)
	for kv in QUICK=yes HAVE_GPU=banana COUNTERS=no NOBUILD=true ALLOW_DIRTY=y V=2 \
		WARMUP_S=abc WARMUP_S=0 WARMUP_S=-1 "WARMUP_S=1'2" WARMUP_S=1e9 WARMUP_S=1000000000 WARMUP_S=3601 \
		WARMUP_S=0x10 GPUS=banana GPUS=0,x GPUS=, SLURM=2 CHUNK=0 CHUNK=x CHUNK_S=0 CHUNK_S=2.5; do
		for g in 0 1; do
			bad HAVE_GPU=$g "$kv" tcs-table4
			[[ $(wc -l < "$out") == 1 ]] || fail "$kv: not a one-line error"
			says "${kv%%=*}='${kv#*=}'"
		done
	done
	for kv in QUICK=0 QUICK=1 WARMUP_S=0.5 WARMUP_S=2 WARMUP_S=.25 WARMUP_S=1e-1 WARMUP_S=0.1 WARMUP_S=3.6e3 \
		WARMUP_S=3600 GPUS=all GPUS=0,1 GPUS=3 CHUNK=2 CHUNK_S=30; do
		mk "$kv" print-RUN || fail "$kv refused"
	done
	[[ -z $(ls data/runs) ]] || fail "something was measured" ;;
dirty)   # a dirty git tree is refused unless ALLOW_DIRTY=1, which reaches the runner
	git init -q . && echo .t >> .git/info/exclude && git add -A . || fail "git"
	git -c user.name=t -c user.email=t@t commit -qm t || fail "git commit"
	echo '# changed' >> plots/gp/tcs-figure16.gp
	# the tree is checked where the tools are built here (NOBUILD empty; the host tools of the
	# scratch copy are kept as they are by emptying their dependencies)
	local_build="NOBUILD= RENDER_DEP= PLOT_DEP= RUNS_DEP="
	bad HAVE_GPU=1 $local_build RUN=d tcs-table4; says "ALLOW_DIRTY=1"; says "uncommitted"; measured d 0
	# with a carried build/ (NOBUILD=1) the runner's own compiled-in state decides, not the copy's git
	gpu RUN=d tcs-table4; measured d 1; rm data/runs/d/tcs-table4.csv
	gpu RUN=d $local_build ALLOW_DIRTY=1 tcs-table4; measured d 2
	grep -q "^run data/runs/d/tcs-table4.csv ALLOW_DIRTY=1" "$STUB_LOG" || fail "ALLOW_DIRTY not passed"
	git checkout -q plots/gp/tcs-figure16.gp; rm data/runs/d/tcs-table4.csv
	gpu RUN=d $local_build tcs-table4; measured d 3 ;;
run-index)   # without a device the index follows runs added, deleted and changed under data/runs/
	recorded rec1
	ok tcs-table4; renders tcs-table4 data/runs/rec1
	recorded rec2; sed -i '2s/2026-11-22T05:24:44Z/2027-01-01T00:00:00Z/' data/runs/rec2/meta.csv
	ok tcs-table4; renders tcs-table4 data/runs/rec2
	ok RUN=rec1 tcs-table4; renders tcs-table4 data/runs/rec1
	bad RUN=nosuch tcs-table4; says "not recorded"
	# RUN= renders a run that lacks some of the lists: the verdicts on them read not measured
	mv data/runs/rec1/tcs-table2.csv .t/
	ok RUN=rec1 verdicts; grep -q "| not measured |" plots/out/verdicts.md || fail "no claim reads not measured"
	# a run that holds none of a target's lists: one line naming them and the run, nothing rendered
	bad RUN=rec1 table2; says "tcs-table2: run rec1 has no tcs-table2.csv: measure it with make tcs-table2 on a GPU"
	[[ $(grep -vc '^make: \*\*\*' "$out") == 1 && ! -e plots/out/tcs-table2.md ]] || fail "table2: not one line, or rendered"
	mkdir data/runs/bare && cp data/runs/rec1/meta.csv data/runs/rec1/ceilings.csv data/runs/bare/
	bad RUN=bare tcs-figure16; says "tcs-figure16: run bare has no tcs-figure16.csv"
	bad RUN=bare nongemm-figure7; says "run bare has none of the 2 files it reads (nongemm-figure7.csv, nongemm-fig"
	ok RUN=bare fermi-table1; renders fermi-table1 data/runs/bare
	rm -rf data/runs/bare
	mv .t/tcs-table2.csv data/runs/rec1/
	rm -rf data/runs/rec2
	ok tcs-table4; renders tcs-table4 data/runs/rec1
	sed -i 's/421.6586754/400.0/' data/runs/rec1/tcs-table4.csv
	touch -d 2000-01-01 data/runs/rec1/tcs-table4.csv
	ok tcs-table4; grep -q "400.0" plots/out/tcs-table4.md || fail "a changed run was not rendered again"
	# every input the renderer reads renders again when it changes: the paper's values, the hardware
	# table, the run's meta.csv and ceilings, a GPU's ceilings under gpus/
	for f in data/paper/tcs-table4.csv data/hw/gpus.csv data/runs/rec1/meta.csv data/runs/rec1/ceilings.csv; do
		ok tcs-table4; ! grep -q "stencil-render: wrote" "$out" || fail "rendered again with nothing changed"
		echo "# changed" >> "$f"   # a run's files by their content: an old date changes nothing
		[[ $f != data/runs/* ]] || touch -d 2000-01-01 "$f"
		ok tcs-table4; says "stencil-render: wrote plots/out/tcs-table4"
	done
	mkdir -p data/runs/rec1/gpus/g && cp data/runs/rec1/ceilings.csv data/runs/rec1/gpus/g/
	ok tcs-table4; says "stencil-render: wrote plots/out/tcs-table4"
	echo "# changed" >> data/runs/rec1/gpus/g/ceilings.csv
	ok tcs-table4; says "stencil-render: wrote plots/out/tcs-table4"
	# REFERENCE names the run rendered by default, not the newest; one naming no run is an error
	# (a missing REFERENCE is said where the newest run is taken instead); one naming no run, or with
	# a character the run-name rule refuses, is an error naming the name read and the character
	recorded rec3; sed -i '2s/2026-11-22T05:24:44Z/2028-01-01T00:00:00Z/' data/runs/rec3/meta.csv
	ok tcs-table4; renders tcs-table4 data/runs/rec3
	says "data/runs/REFERENCE is missing (it names the reference run): the newest .* instead, data/runs/rec3"
	echo rec1 > data/runs/REFERENCE
	ok tcs-table4; renders tcs-table4 data/runs/rec1
	! grep -q "REFERENCE is missing" "$out" || fail "REFERENCE said missing"
	printf 'rec1 \n' > data/runs/REFERENCE
	bad tcs-table4; says "REFERENCE: 'rec1 ' is not a run name: a trailing space;"; renders tcs-table4 data/runs/rec1
	printf 'rec1\r\n' > data/runs/REFERENCE
	bad tcs-table4; says "REFERENCE: 'rec1\\\\r' is not a run name: a carriage return (\\\\r) at its end"
	bad appendix; says "REFERENCE: 'rec1\\\\r' is not a run name: a carriage return"
	rm data/runs/REFERENCE
	bad appendix; says "data/runs/REFERENCE is missing"
	rm -rf data/runs/rec1 data/runs/rec3
	ok tcs-table4
	grep -q "model and paper only" plots/out/tcs-table4.md || fail "a deleted run rendered" ;;
kernels-vs-authors)   # measured and rendered like the tables, model-only without a run; not in reproduce
	ok kernels-vs-authors; says "no recorded run"
	grep -q "model and paper only" plots/out/kernels-vs-authors.md || fail "not model-only"
	recorded rec
	ok kernels-vs-authors; renders kernels-vs-authors data/runs/rec
	grep -q "not an H200" plots/out/kernels-vs-authors.md || fail "no caveat for an H100 run"
	gpu RUN=k kernels-vs-authors; measured k 1; renders kernels-vs-authors data/runs/k
	scripts/runs.sh complete experiments/kernels-vs-authors.csv data/runs/k/kernels-vs-authors.csv || \
		fail "incomplete"
	gpu RUN=r reproduce; says "make kernels-vs-authors RUN=r"
	# the estimate counts every configuration of every list reproduce measures (each measured)
	n=0
	for l in $(mk -s print-REPRODUCED_LISTS; cat "$out"); do
		build/stencil-runs complete "experiments/$l.csv" "data/runs/r/$l.csv" || fail "$l not measured"
		n=$((n + $(build/stencil-runs configs "experiments/$l.csv")))
	done
	gpu RUN=r reproduce
	says "reproduce: $n configurations"
	# NOBUILD=1 (a GPU node without network): no figure rule, the model's included, checks for
	# or installs gnuplot
	[[ ! -e build/.deps-plot ]] || fail "NOBUILD=1 reproduce checked or installed gnuplot"
	[[ ! -e data/runs/r/kernels-vs-authors.csv ]] || fail "reproduce measured kernels-vs-authors"
	measured r "$(lists | wc -w)" ;;
smoke)   # make smoke's last line says what happened: every method verified only when no row was
	# skipped or wrong; a wrong row fails; a runner's error is said (the stub's rows: tests/fixtures/smoke-rows)
	cp -r tests/fixtures/smoke-rows .t/fix && sed -i 's/,skipped,setup failed[^,]*,/,ok,,/' .t/fix/smoke*.csv
	STUB_FIXTURE=$S/.t/fix gpu smoke
	tail -1 "$out" | grep -q "^smoke: every method verified and timed in [0-9]* s (4[0-9] rows, build/smoke/)" ||
		fail "all verified: the last line is '$(tail -1 "$out")'"
	export STUB_FIXTURE=$S/tests/fixtures/smoke-rows
	gpu smoke
	tail -1 "$out" | grep -q "^smoke: [0-9]* of 4[0-9] rows verified and timed in [0-9]* s, [1-9][0-9]* skipped (each one's reason:.*), 0 wrong;" ||
		fail "rows skipped: the last line is '$(tail -1 "$out")'"
	! grep -q "every method verified" "$out" || fail "said every method verified with rows skipped"
	bad HAVE_GPU=1 STUB_RUN_RC=1 smoke
	says "^\*\*\* smoke: [0-9]* of 4[0-9] rows verified .*, [1-9][0-9]* skipped, [1-9][0-9]* WRONG (FAILED VERIFICATION"
	! grep -q "every method verified" "$out" || fail "said every method verified with rows wrong"
	bad HAVE_GPU=1 STUB_RUN_RC=4 smoke; says "smoke: error: the runner error (exit 4"
	unset STUB_FIXTURE ;;
grow)   # a run grown on another GPU of its model: whole lists under gpus/SLUG/, joined into the run
	gpu RUN=g tcs-table3; measured g 1
	m1=$(wc -l < data/runs/g/meta.csv)
	STUB_GPU_OF=model STUB_SLUG=stub-gpu-00000009-2026-01-01 gpu RUN=g tcs-table4
	says "holds another GPU of this model"
	[[ -f data/runs/g/gpus/stub-gpu-00000009-2026-01-01/ceilings.csv ]] || fail "no ceilings of the second GPU"
	[[ -f data/runs/g/gpus/stub-gpu-00000009-2026-01-01/tcs-table4/ceilings.csv ]] || fail "the list without its GPU's ceilings"
	scripts/runs.sh complete experiments/tcs-table4.csv data/runs/g/tcs-table4.csv || fail "tcs-table4 not joined"
	(($(wc -l < data/runs/g/meta.csv) > m1)) || fail "meta.csv lacks the second GPU's invocations"
	renders tcs-table4 data/runs/g
	# a complete list is not measured again, whichever GPU asks
	STUB_GPU_OF=model STUB_SLUG=stub-gpu-00000009-2026-01-01 gpu RUN=g tcs-table4; measured g 2
	# another model is refused: one run, one model
	STUB_GPU_OF=other bad HAVE_GPU=1 RUN=g tcs-table2; says "another GPU model" ;;
multi-gpu)   # GPUS=0,1: one queue of chunks over two GPUs, merged in list order; models kept apart
	gpu RUN=m GPUS=0,1 reproduce; says "multi-gpu: .* chunks of .* lists on 2 GPUs"
	for l in $(lists); do
		scripts/runs.sh complete "experiments/$l.csv" "data/runs/m/$l.csv" || fail "$l: incomplete"
		# a block (experiments/targets.csv's block: the rows a claim compares) on one GPU
		build/stencil-runs blocks-split experiments "$l" "data/runs/m/$l.csv" > .t/split || fail "$(cat .t/split)"
	done
	[[ -f data/runs/m/gpus/stub-gpu-00000000-2026-01-01/ceilings.csv && \
	   -f data/runs/m/gpus/stub-gpu-00000001-2026-01-01/ceilings.csv ]] || fail "a GPU without its ceilings"
	grep -q "^run data/runs/m/gpus/stub-gpu-00000001-2026-01-01/" "$STUB_LOG" || fail "GPU 1 measured nothing"
	[[ -z $(ls -d data/runs/m/gpus/*/0* 2>/dev/null) ]] || fail "chunk directories left after the merge"
	grep -q "^run data/runs/m/gpus/stub-gpu-00000000-2026-01-01/" "$STUB_LOG" || fail "GPU 0 measured nothing"
	renders tcs-table3 data/runs/m
	says "^gpu[01] tcs-table3: \[.*\] stub tcs-table3 \.\.\. ok"   # each line after its GPU and list
	# TERM to make's process group (timeout, scancel; Ctrl-C's INT likewise, which a background
	# job of a script ignores) while both GPUs run a chunk of one list: the lists done are merged
	# and kept, no runner is left, the queue stays, and the same command resumes it: every chunk
	# measured once but the two the interrupt stopped
	STUB_HANG=nongemm-figure8 setsid make --no-print-directory NOBUILD=1 BENCH=tests/stub-stencilbench.sh \
		GNUPLOT=./gnuplot.sh HAVE_GPU=1 RUN=i GPUS=0,1 reproduce > "$out" 2>&1 &
	m=$!
	for _ in $(seq 400); do [[ $(ls "$STUB_LOG".hang.* 2>/dev/null | wc -l) == 2 ]] && break; sleep 0.05; done
	[[ $(ls "$STUB_LOG".hang.* 2>/dev/null | wc -l) == 2 ]] || { kill -KILL -- "-$m"; fail "no chunk hung"; }
	kill -TERM -- "-$m"
	! wait "$m" || fail "an interrupted make reproduce exited 0"
	says "multi-gpu: interrupted (TERM)"
	for f in "$STUB_LOG".hang.*; do   # gone, or a zombie its new parent has not reaped yet
		[[ ! -e /proc/${f##*.} || $(awk '{ print $3 }' "/proc/${f##*.}/stat" 2>/dev/null) == Z ]] ||
			fail "runner ${f##*.} still runs"
	done
	[[ ! -e data/runs/i/nongemm-figure8.csv ]] || fail "the interrupted list was merged"
	[[ -f build/queues/i/items ]] || fail "no queue left to resume"
	gpu RUN=i GPUS=0,1 reproduce; says "resuming build/queues/i: [1-9][0-9]* of [0-9]* chunks done are kept"
	renders nongemm-figure8 data/runs/i
	[[ ! -e build/queues/i ]] || fail "the queue was left after the run"
	[[ -z $(ls -d data/runs/i/gpus/*/0* 2>/dev/null) ]] || fail "chunk directories left after the run"
	twice=$(grep -oE "^run data/runs/i/gpus/[^/]*/[0-9]{5}/" "$STUB_LOG" | grep -oE "[0-9]{5}/$" | sort | uniq -d | wc -l)
	((twice == 2)) || fail "$twice chunks measured twice, not the two the interrupt stopped"
	# phase by phase (the Slurm path), merged twice: the second merge counts the lists the first
	# took and leaves the run as it was
	mg() { BENCH=tests/stub-stencilbench.sh scripts/multi-gpu.sh "$@" > "$out" 2>&1; }
	set -- $(lists)   # two of the lists
	mg plan .t/q data/runs/p "$1" "$2" && mg work .t/q data/runs/p 0 || fail "plan or work"
	mg merge .t/q data/runs/p && says "merged 2 of 2 lists" || fail "merge"
	cksum data/runs/p/*.csv > .t/sums
	mg merge .t/q data/runs/p && says "merged 2 of 2 lists" || fail "the second merge"
	cksum data/runs/p/*.csv | cmp -s - .t/sums || fail "the second merge changed the run"
	# GPUs of two models: one run each, measured at once; make renders the first device's
	gpu STUB_MODEL_1=other-gpu RUN=n GPUS=0,1 reproduce; says "GPUs of 2 models, one run each"
	says 'make compare RUNS="n n-other-gpu"'
	for r in n n-other-gpu; do
		scripts/runs.sh complete experiments/tcs-table3.csv "data/runs/$r/tcs-table3.csv" || fail "$r: incomplete"
	done
	[[ $(ls data/runs/n/gpus) == stub-gpu-00000000-2026-01-01 && \
	   $(ls data/runs/n-other-gpu/gpus) == other-gpu-00000001-2026-01-01 ]] || fail "a run holds another model's GPU"
	renders tcs-table3 data/runs/n
	mkdir data/runs/n-other-gpu/gpus/stub-gpu-00000000-2026-01-01
	mg merge .t/q data/runs/n-other-gpu && fail "a merge took GPUs of two models"; says "GPUs of different models"
	# chunks of two configurations: tcs Table 3's cases cut apart, each case's chunks one worker's
	gpu RUN=mb GPUS=0,1 CHUNK=2 tcs-table3
	build/stencil-runs blocks-split experiments tcs-table3 data/runs/mb/tcs-table3.csv > .t/split || fail "$(cat .t/split)"
	bad HAVE_GPU=1 RUN=n GPUS=0,x reproduce; says "GPUS='0,x'"
	# a refusal, by make or by the script itself, leaves no run behind (make runs checks every run)
	bad HAVE_GPU=1 RUN=z GPUS=0,1 CHUNK_S=0 reproduce; says "CHUNK_S='0'"
	CHUNK_S=0 mg data/runs/z 0,1 tcs-table3 && fail "CHUNK_S=0 measured"; says "CHUNK_S='0'"
	mg data/runs/z 0,1 no-such-list && fail "no-such-list measured"
	[[ ! -e data/runs/z ]] || fail "a refused invocation left data/runs/z" ;;
replicas)   # REPLICAS=2 GPUS=0,1: every list on both GPUs, one replica each, stacked in one CSV
	gpu RUN=r GPUS=0,1 REPLICAS=2 reproduce; says "multi-gpu: 2 replicas of .* replica 1 on devices 0; replica 2 on devices 1"
	says "stacked [0-9]* of [0-9]* lists, 2 replicas each"
	for l in $(lists); do
		build/stencil-runs complete -v --replicas 2 "experiments/$l.csv" "data/runs/r/$l.csv" || fail "$l: not 2 replicas"
	done
	grep -q "GPU-00000000-stub,1," data/runs/r/tcs-table3.csv && grep -q "GPU-00000001-stub,2," data/runs/r/tcs-table3.csv ||
		fail "the replicas are not on GPUs 0 and 1"
	[[ ! -e data/runs/r/replicas && -f data/runs/r/gpus/stub-gpu-00000001-2026-01-01/ceilings.csv ]] ||
		fail "replicas/ left, or a GPU's ceilings missing"
	renders tcs-table3 data/runs/r
	# a complete run is not measured again; one replica of a list deleted: that list alone again
	n=$(grep -c "^run " "$STUB_LOG")
	gpu RUN=r GPUS=0,1 REPLICAS=2 tcs-table3; [[ $(grep -c "^run " "$STUB_LOG") == "$n" ]] || fail "measured again"
	# ADD=1: a second invocation into the run, its replica numbered on, on the same GPUs, its rows
	# beside the first's (invocations.csv), complete 3 deep and rendered; bad ADD refused
	gpu RUN=r GPUS=0,1 ADD=1 reproduce; says "invocation of replicas 3 to 3 into data/runs/r"
	build/stencil-runs complete -v --replicas 3 experiments/tcs-table3.csv data/runs/r/tcs-table3.csv ||
		fail "tcs-table3: not 3 replicas after ADD=1"
	grep -q "^2,3,1,0 1," data/runs/r/invocations.csv && grep -q "^1,1,2,NA,NA" data/runs/r/invocations.csv ||
		fail "invocations.csv does not name both invocations"
	grep -q "GPU-00000000-stub,3," data/runs/r/tcs-table3.csv || grep -q "GPU-00000001-stub,3," data/runs/r/tcs-table3.csv ||
		fail "the second invocation's rows are not replica 3"
	[[ ! -e data/runs/r/replicas ]] || fail "replicas/ left after ADD=1"
	renders tcs-table3 data/runs/r
	bad HAVE_GPU=1 RUN=r ADD=2 reproduce; says "ADD='2' is neither 0 nor 1"
	# make verdicts GPUS= measures the lists every claim reads, the warm-up study's too, and judges them
	cp tests/fixtures/run-warmup/warmup-study*.csv tests/fixtures/run-small/   # the stub's rows for them
	gpu RUN=v GPUS=0,1 REPLICAS=2 verdicts; says "stacked 12 of 12 lists, 2 replicas each"
	renders verdicts data/runs/v
	build/stencil-runs complete --replicas 2 experiments/warmup-study.csv data/runs/v/warmup-study.csv ||
		fail "the warm-up study not measured for the verdicts"
	# two replicated runs compared: each target's ratio judged against a row's spread between replicas
	ok HAVE_GPU=0 compare RUNS="r v"
	grep -q "| tcs-table3 | .* within the replicas' spread (0.0 %)" plots/out/compare/index.md ||
		fail "tcs-table3 not judged against the replicas' spread"
	bad HAVE_GPU=1 RUN=r GPUS=0,1 REPLICAS=3 reproduce; says "REPLICAS=3 needs 3 GPUs, one a replica: 2 GPUs here"
	bad HAVE_GPU=1 RUN=r2 REPLICAS=2 reproduce; says "REPLICAS=2 needs GPUS="
	bad HAVE_GPU=1 RUN=r2 SLURM=1 REPLICAS=2 reproduce; says "REPLICAS=2 with SLURM=1: not supported"
	bad HAVE_GPU=1 RUN=r2 REPLICAS=x reproduce; says "REPLICAS='x'" ;;
slurm)   # SLURM=1 SLURM_SUBMIT=0: the job array and its collecting job written, nothing measured here
	ok SLURM=1 SLURM_SUBMIT=0 SLURM_SBATCH=/nonexistent/sbatch SLURM_PARTITION=gpu SLURM_ACCOUNT=proj \
		SLURM_TIME=1-12:00:00 SLURM_EXTRA=--qos=high RUN=s reproduce
	says "sbatch --dependency=afterany:<the array job's id> build/slurm/s/collect.sh"
	a=build/slurm/s/array.sh c=build/slurm/s/collect.sh n=$(ls build/slurm/s/queue/chunks | wc -l)
	nl=$(lists | wc -w)
	((n == nl)) || fail "$n chunks, not one a list (of $nl)"
	for f in $a $c; do
		for o in --partition=gpu --account=proj --time=1-12:00:00 --qos=high; do
			grep -qx -- "#SBATCH $o" $f || fail "$f: no #SBATCH $o"
		done
	done
	grep -qx "#SBATCH --array=1-$nl" $a && grep -qx "#SBATCH --gres=gpu:1" $a || fail "$a: no --array or --gres"
	! grep -q -- --gres $c || fail "the collecting job asks for a GPU"
	grep -q 'multi-gpu.sh work build/slurm/s/queue data/runs/s 0 "${SLURM_ARRAY_TASK_ID' $a || fail "$a: no work"
	grep -q "multi-gpu.sh merge build/slurm/s/queue data/runs/s" $c || fail "$c: no merge"
	grep -q "make .*reproduce SLURM=0 NOBUILD=1 HAVE_GPU=0 RUN=s" $c || fail "$c: no rendering of the run"
	grep -q -- '--dependency=afterany:$array build/slurm/s/collect.sh' build/slurm/s/submit.sh || \
		fail "submit.sh: no dependency"
	[[ ! -e data/runs/s ]] && measured s 0
	bad SLURM=1 SLURM_SUBMIT=0 RUN=s2 SLURM_TIME=soon reproduce; says "SLURM_TIME='soon'"
	[[ $(grep -vc '^make: \*\*\*' "$out") == 1 ]] || fail "SLURM_TIME='soon': not a one-line error"
	bad SLURM=1 SLURM_SUBMIT=0 RUN=s2 SLURM_EXTRA='-C h100' reproduce; says "'h100' is not one sbatch option"
	bad SLURM=1 SLURM_SUBMIT=0 RUN=s2 CHUNK=x reproduce; says "CHUNK='x'"
	# refused before the previous submission of RUN is replaced: its scripts and queue kept
	CHUNK_S=0 BENCH=tests/stub-stencilbench.sh SLURM_SUBMIT=0 scripts/slurm.sh submit s tcs-table3 > "$out" 2>&1 &&
		fail "CHUNK_S=0 submitted"; says "CHUNK_S='0'"
	[[ -f $a && -d build/slurm/s/queue ]] || fail "a refused CHUNK_S deleted the previous submission"
	bad SLURM=1 SLURM_SBATCH=/nonexistent/sbatch RUN=s2 reproduce; says "SLURM_SBATCH='/nonexistent/sbatch'"
	[[ ! -e build/slurm/s2/array.sh ]] || fail "a refused submission wrote its scripts"
	bad SLURM=2 reproduce; says "SLURM='2'"
	! scripts/multi-gpu.sh work build/slurm/s/queue data/runs/s 0 x > "$out" 2>&1 || fail "chunk x worked"
	says "chunk 'x' is not a chunk number"
	# with a GPU here: a run name of its own, not this GPU's; an empty SLURM_GRES is left out
	gpu SLURM=1 SLURM_SUBMIT=0 SLURM_GRES= reproduce; says "wrote build/slurm/slurm-20"
	! grep -q -- "--gres\|--partition" build/slurm/slurm-20*/array.sh || fail "an empty knob was written"
	[[ -z $(ls data/runs) ]] || fail "something was measured" ;;
compare)   # two recorded runs side by side, figures drawn; bad RUNS refused with one line, nothing replaced
	recorded a; recorded b
	ok compare RUNS="a b"; says "compare: plots/out/compare/index.md"
	grep -q "| tcs-table3 | 2 runs, 17 rows |" plots/out/compare/index.md || fail "tcs-table3 not compared"
	[[ -f plots/out/compare/sptc-figure10.png && -f plots/out/compare/tcs-table3.csv ]] || fail "no figure or CSV"
	# a reviewer's run against the reference (the word REFERENCE: the run it names), verdict by
	# verdict; a replicated run's spread of a row's rate judges each target
	echo b > data/runs/REFERENCE
	cp -r tests/fixtures/run-verdicts data/runs/c
	ok compare RUNS="c REFERENCE"
	grep -q "| verdicts | 2 runs, [0-9]* rows | .* against .*: [0-9]* of [0-9]* claims judged alike; differ (the first run" \
		plots/out/compare/index.md || fail "the verdicts that differ not listed"
	rm data/runs/REFERENCE
	ok compare RUNS="a b"
	cp plots/out/compare/index.md .t/before
	bad compare RUNS="a"; says "RUNS='a': name two or more recorded runs"
	bad compare RUNS="a nope"; says "RUNS: 'nope' is no recorded run"
	bad compare RUNS="a ../b"; says "RUNS: '../b' is not a run name"
	cmp -s .t/before plots/out/compare/index.md || fail "a refused compare changed the previous one" ;;
same-output)   # make same-output: bad input refused with one line naming it, before any worktree (a whole
	# comparison builds two revisions: scripts/same-output.sh is run by hand, not here)
	git init -q . && echo .t >> .git/info/exclude && git add -A . || fail "git"
	git -c user.name=t -c user.email=t@t commit -qm t || fail "git commit"
	for kv in A=HEAD B=HEAD; do bad same-output "$kv"; says "${kv%%=*}='HEAD': the revisions are REV_A= and REV_B="; done
	[[ ! -e HEAD ]] || fail "B=HEAD made a build folder"
	bad same-output REV_A=nope; says "same-output: REV_A: unknown revision 'nope'"
	bad same-output REV_A=HEAD REV_B=HEAD~3; says "same-output: REV_B: unknown revision 'HEAD~3'"
	bad same-output REV_A=HEAD REV_B=HEAD; says "REV_B: 'HEAD' has no data/runs/REFERENCE: name the RUN"
	bad same-output REV_A=HEAD REV_B=HEAD RUN=nope; says "RUN: 'nope' is no recorded run of REV_B 'HEAD'"
	[[ $(git worktree list | wc -l) == 1 ]] || fail "a worktree was left behind" ;;
deps-lock)   # deps.sh under make -j: one install at a time, none twice (as root; a fake apt-get)
	[[ $(id -u) == 0 ]] || exit 0
	mkdir -p .t/bin
	printf '%s\n' '#!/bin/sh' '[ -e "$FAKE/$3" ] && printf "install ok installed"; exit 0' \
		> .t/bin/dpkg-query
	printf '%s\n' '#!/bin/sh' '[ "$1" = update ] && exit 0' \
		'mkdir "$FAKE/apt.lock" 2>/dev/null || { echo "E: Could not get lock" >&2; exit 100; }' \
		'sleep 0.2; for p; do case $p in -*|DPkg*) ;;' \
		'*) touch "$FAKE/$p"; echo "$p" >> "$FAKE/installed" ;; esac; done; rmdir "$FAKE/apt.lock"' \
		> .t/bin/apt-get
	chmod +x .t/bin/*
	export FAKE=$S/.t PATH=$S/.t/bin:$PATH DEPS_LOCK=$S/.t/deps.lock
	pids=()
	for i in 1 2 3 4; do bash scripts/deps.sh build test > "$out.$i" 2>&1 & pids+=($!); done
	for i in 1 2 3 4; do
		wait "${pids[$((i - 1))]}" || { cat "$out.$i" > "$out"; fail "deps.sh $i failed"; }
	done
	[[ -s .t/installed ]] || fail "nothing installed"
	[[ -z $(sort .t/installed | uniq -d) ]] || fail "installed twice: $(sort .t/installed | uniq -d)" ;;
*) fail "unknown case" ;;
esac
exit 0
