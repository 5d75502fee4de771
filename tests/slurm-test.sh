#!/usr/bin/env bash
# slurm-test.sh - make test-slurm: make reproduce SLURM=1 end to end through a real single-node
# Slurm that this test starts as its own processes on loopback (munged with a generated key,
# slurmctld and slurmd with a generated slurm.conf: select/cons_tres, a node with Gres=gpu:1, state
# in a temporary directory), on a scratch copy of the repository (as tests/make-cases.sh makes it)
# with the stub runner (tests/stub-stencilbench.sh, HAVE_GPU=1) and a stub gnuplot: the array's
# tasks measure with the stub, the collecting job merges and renders. It checks that the run cannot
# be submitted again while its jobs are queued, waits for both jobs (at most JOB_WAIT_S, default
# 90 s), checks that every task (with the partition, account, time and GRES asked for) and then the
# collecting job ran under Slurm and exited 0, that every list is complete and that the tables
# render that run, then stops every daemon it started and removes its directory.
#
#   slurm-test.sh ROOT BUILD   exit 0 when it passes, or when Slurm cannot be had here (it prints
#                              "test-slurm: skipped: REASON"); 1 with the reason and the logs' tails
#
# Missing slurm-wlm or munge are installed with apt-get when run as root.
set -uo pipefail
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES RUN QUICK COUNTERS WARMUP_S ALLOW_DIRTY \
	HAVE_GPU DEVICE BENCH GNUPLOT NOBUILD GPUS CHUNK SLURM SLURM_PARTITION SLURM_ACCOUNT SLURM_TIME \
	SLURM_GRES SLURM_EXTRA SLURM_SBATCH SLURM_SUBMIT SUBMIT_RUN
root=$(cd "${1:?usage: slurm-test.sh ROOT BUILD}" && pwd) build=$(cd "${2:?usage: slurm-test.sh ROOT BUILD}" && pwd)
JOB_WAIT_S=${JOB_WAIT_S:-90}
began=$(date +%s)
T=$(mktemp -d /tmp/stencil-slurm-XXXXXX) && chmod 755 "$T" || exit 1   # munged: its socket's path
pids=() jobs=() S=$T/repo D=$T/slurm

cleanup() {
	local p i
	((${#jobs[@]} == 0)) || scancel "${jobs[@]}" 2>/dev/null
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
	for p in "${pids[@]}"; do
		for i in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
		kill -9 "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say() { echo "test-slurm: $*"; }
skip() { say "skipped: $*"; exit 0; }
show() { [[ ! -s $1 ]] || { echo "  -- ${1#"$T"/}"; tail -"$2" "$1" | sed 's/^/  | /'; }; }
fail() {   # REASON: and the tails of the logs (of the first three tasks that failed)
	local f k=0
	say "FAIL: $*"
	for f in "$T/out" "$D/slurmctld.log" "$D/slurmd.log" "$S"/build/slurm/*/logs/collect-*.log; do show "$f" 6; done
	for f in "$S"/build/slurm/*/logs/array-*.log; do
		grep -q 'failed\|rror' "$f" 2>/dev/null && ((k++ < 3)) && show "$f" 4
	done
	exit 1
}

# ---- Slurm and munge: here, or installed ---------------------------------------------------------
tools="munged mungekey slurmctld slurmd sbatch squeue scontrol sinfo scancel"
missing() { local t; for t in $tools; do command -v "$t" > /dev/null 2>&1 || echo "$t"; done; }
if [[ -n $(missing) ]]; then
	[[ $(id -u) == 0 ]] && command -v apt-get > /dev/null 2>&1 ||
		skip "$(missing | xargs) missing (as root: apt-get install -y slurm-wlm munge)"
	say "installing slurm-wlm and munge"
	export DEBIAN_FRONTEND=noninteractive
	install() { apt-get install -y -qq slurm-wlm munge; }
	{ install || { apt-get update -qq && install; }; } > "$T/apt.log" 2>&1
	[[ -z $(missing) ]] || skip "slurm-wlm and munge could not be installed: $(tail -1 "$T/apt.log")"
fi
[[ $(id -u) == 0 ]] || skip "not root: slurmd runs the jobs as their user, and this one runs as root"

# ---- the scratch copy (as tests/make-cases.sh makes it) -------------------------------------------
mkdir -p "$S/data/runs" "$S/plots" "$S/tests" "$S/build"
cp -r "$root/Makefile" "$root/scripts" "$root/experiments" "$S/" &&
	cp -r "$root/data/hw" "$root/data/paper" "$S/data/" && mkdir -p "$S/plots/gp" && cp "$root"/plots/gp/*.gp "$S/plots/gp/" &&
	cp -r "$root/tests/stub-stencilbench.sh" "$root/tests/fixtures" "$build/tests/stub-rows" "$S/tests/" || fail "cannot copy the repository"
for f in "$build"/stencil-*; do [[ $f == */stencilbench || ! -x $f ]] || cp "$f" "$S/build/"; done
[[ -x $S/build/stencil-render ]] || fail "no $build/stencil-render (make it first)"
cat > "$S/gnuplot.sh" <<'EOF'
#!/usr/bin/env bash
base=$(printf '%s' "$2" | sed -n "s/.*out='\([^']*\)'.*/\1/p")
echo "png of $4" > "$base.png"; echo "svg of $4" > "$base.svg"
EOF
chmod +x "$S/gnuplot.sh"

# ---- munged, slurmctld, slurmd on 127.0.0.1 --------------------------------------------------------
mkdir -p "$D/state" "$D/spool" || fail "cannot create $D"
free_port() {   # a TCP port nothing listens on, other than $1
	local p i
	for i in $(seq 100); do
		p=$((20000 + RANDOM % 30000))
		[[ $p != "${1:-}" ]] || continue
		(exec 3<> "/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return 0; }
	done
	return 1
}
wait_for() {   # SECONDS CMD...: poll CMD every 0.2 s while the daemons started so far live
	local n=$(($1 * 5)) p
	shift
	until "$@" > /dev/null 2>&1; do
		((--n > 0)) || return 1
		for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null || return 1; done
		sleep 0.2
	done
}
mungekey --create --keyfile="$D/munge.key" > "$D/mungekey.log" 2>&1 && chmod 400 "$D/munge.key" ||
	skip "mungekey could not create a key: $(tail -1 "$D/mungekey.log")"
munged -F --key-file="$D/munge.key" --socket="$D/munge.sock" --pid-file="$D/munged.pid" \
	--log-file="$D/munged.log" --seed-file="$D/munged.seed" > "$D/munged.out.log" 2>&1 &
pids+=($!)
wait_for 10 test -S "$D/munge.sock" || skip "munged did not start: $(tail -1 "$D/munged.out.log")"

ctl=$(free_port) && node=$(free_port "$ctl") || skip "no free TCP port on 127.0.0.1"
host=$(hostname -s)
cat > "$D/slurm.conf.tmp" <<EOF
# a single-node cluster on loopback for make test-slurm (tests/slurm-test.sh)
ClusterName=stenciltest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctl
SlurmdPort=$node
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$D/munge.sock
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/slurmctld.log
SlurmdLogFile=$D/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
MinJobAge=600
SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
GresTypes=gpu
NodeName=stencil-node NodeAddr=127.0.0.1 NodeHostname=$host CPUs=$(nproc) Gres=gpu:1 State=UNKNOWN
PartitionName=stencil Nodes=stencil-node Default=YES MaxTime=INFINITE State=UP
EOF
# Slurm 22.05 drops a GPU without a device file: /dev/null stands in for one
echo "NodeName=stencil-node Name=gpu File=/dev/null" > "$D/gres.conf.tmp"
mv "$D/slurm.conf.tmp" "$D/slurm.conf" && mv "$D/gres.conf.tmp" "$D/gres.conf" || fail "cannot write $D"
export SLURM_CONF=$D/slurm.conf
slurmctld -D -f "$SLURM_CONF" > "$D/slurmctld.out.log" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N stencil-node > "$D/slurmd.out.log" 2>&1 &
pids+=($!)
idle() { [[ $(sinfo -h -n stencil-node -o %t 2>/dev/null) == idle ]]; }
wait_for 30 idle || skip "Slurm did not start: node $(sinfo -h -n stencil-node -o %t 2>&1 | head -1);" \
	"$(grep -h error "$D"/slurm*.log | grep -iv 'pmi\|mpi' | tail -1)"
say "slurm $(sinfo -V | awk '{ print $2 }') up on 127.0.0.1:$ctl (node stencil-node, Gres=gpu:1) in $(($(date +%s) - began)) s"

# ---- make reproduce SLURM=1, and its two jobs ------------------------------------------------------
cd "$S" || fail "no $S"
make --no-print-directory reproduce SLURM=1 NOBUILD=1 HAVE_GPU=1 BENCH=tests/stub-stencilbench.sh \
	GNUPLOT=./gnuplot.sh SLURM_PARTITION=stencil SLURM_ACCOUNT=stencil SLURM_TIME=5 \
	SLURM_EXTRA=--comment=stencil-test \
	> "$T/out" 2>&1 || fail "make reproduce SLURM=1 exited $?"
read -r a c run < <(sed -En \
	's|^slurm: submitted job array ([0-9]+) .* collecting job ([0-9]+) for data/runs/([^;]+);.*|\1 \2 \3|p' "$T/out")
[[ -n ${run:-} ]] || fail "make reproduce SLURM=1 submitted no jobs"
jobs=("$a" "$c")
cat "$T/out"
[[ $run == slurm-* ]] || fail "RUN '$run' is not a slurm-DATE name"
dir=build/slurm/$run
# while they are queued, the run cannot be submitted again
make --no-print-directory reproduce SLURM=1 NOBUILD=1 HAVE_GPU=0 BENCH=tests/stub-stencilbench.sh RUN="$run" \
	> "$T/out" 2>&1 && fail "a second submission of $run was not refused"
grep -q "^slurm: RUN='$run': its jobs $a,$c are still queued" "$T/out" || fail "a second submission: not refused so"
n=$(ls "$dir/queue/chunks" | wc -l)
ended() { [[ -z $(squeue -h -o %i -j "$a,$c" 2>/dev/null) ]] && squeue -h -j "$a,$c" > /dev/null 2>&1; }
wait_for "$JOB_WAIT_S" ended || fail "the jobs did not end within $JOB_WAIT_S s"
jobs=()
say "job array $a ($n tasks) and collecting job $c ended $(($(date +%s) - began)) s after the start"

# ---- the checks -------------------------------------------------------------------------------------
states=$(scontrol show job -o "$a" 2>&1) || fail "scontrol show job $a: $states"
tasks() {   # STATES: "TASK STATE EXIT" a job
	awk '{ for (i = 1; i <= NF; i++)
			if ($i ~ /^(ArrayTaskId|JobState|ExitCode)=/) { split($i, kv, "="); v[kv[1]] = kv[2] }
		print v["ArrayTaskId"], v["JobState"], v["ExitCode"] }' <<< "$1"
}
bad=$(tasks "$states" | awk '$2 != "COMPLETED" || $3 != "0:0" { printf " task %s: %s, exit %s;", $1, $2, $3 }')
[[ -z $bad && $(tasks "$states" | wc -l) == "$n" ]] || fail "not every task completed with exit 0:$bad"
for k in Partition=stencil Account=stencil TimeLimit=00:05:00 TresPerNode=gres:gpu:1; do
	[[ $(grep -c " $k " <<< "$states") == "$n" ]] || fail "not every task ran with $k"
done
states=$(scontrol show job -o "$c" 2>&1) || fail "scontrol show job $c: $states"
[[ $states != *TresPerNode* ]] || fail "the collecting job asked for a GPU"
# afterany: it started once the last task had ended
last=$(scontrol show job -o "$a" | grep -o 'EndTime=[0-9T:-]*' | cut -d= -f2 | sort | tail -1)
start=$(grep -o 'StartTime=[0-9T:-]*' <<< "$states" | cut -d= -f2)
[[ -n $start && ! $start < $last ]] ||
	fail "the collecting job started at $start, before the last task ended ($last)"
[[ $(tasks "$states") == *" COMPLETED 0:0" ]] || fail "the collecting job: $(tasks "$states" | cut -d' ' -f2-)"
for i in $(seq "$n"); do
	grep -q "^stencil-repro: job [0-9]* (array $a task $i)" "$dir/logs/array-${a}_$i.log" 2>/dev/null ||
		fail "task $i: no log of a Slurm job ($dir/logs/array-${a}_$i.log)"
done
grep -q "^stencil-repro: job $c (collecting" "$dir/logs/collect-$c.log" 2>/dev/null ||
	fail "the collecting job: no log of a Slurm job ($dir/logs/collect-$c.log)"
grep -q "^multi-gpu: merged $(wc -l < "$dir/queue/lists") of" "$dir/logs/collect-$c.log" ||
	fail "the collecting job did not merge every list"
for l in $(cat "$dir/queue/lists"); do
	scripts/runs.sh complete "experiments/$l.csv" "data/runs/$run/$l.csv" ||
		fail "data/runs/$run/$l.csv is not complete"
done
for t in $(make --no-print-directory -s NOBUILD=1 HAVE_GPU=0 print-REPRODUCED); do   # experiments/targets.csv's
	grep -Eq "run data/runs/$run(,|$)" "plots/out/$t.md" 2>/dev/null ||
		fail "plots/out/$t.md does not render data/runs/$run"
done
[[ -s plots/out/verdicts.md ]] || fail "no verdicts rendered"
say "passed: $n tasks measured, $(wc -l < "$dir/queue/lists") lists merged and rendered by Slurm jobs" \
	"in $(($(date +%s) - began)) s"
