#!/usr/bin/env bash
# Runs the Slurm recipe of docs/experiments.md for sharded runs on a real single-node Slurm cluster and
# checks that the merged data equal a one-machine run byte for byte.
#
# It installs Slurm and munge from the Debian packages when they are missing, starts munged,
# slurmctld and slurmd on localhost (no systemd; everything under a temporary folder, ports
# chosen at random), builds the binary (dev profile), and submits the job array and the merge job
# exactly as docs/experiments.md shows them (the two sbatch scripts are taken from it, with 4
# shards and a small spec). One task is cancelled mid-way: it must stop cleanly (exec), the
# first merge job (afterany) must refuse the unfinished shard while a job submitted with
# afterok stays pending for ever (as docs/experiments.md warns), and after the task is resubmitted
# (sbatch --array=K, which resumes) a second merge job must succeed. Finally the sha256 of
# draws.csv, summary.csv and histogram.csv must equal those of `boardlab run` on one
# machine. A short `srun --cpus-per-task=1` checks that `boardlab run` without --threads
# uses SLURM_CPUS_PER_TASK. The daemons it started are stopped and the folder removed on exit.
#
# Exit 0 with "PASSED", or with "SKIPPED: <reason>" only when Slurm cannot be installed or
# started (not root, no apt-get, no package registry); once the packages are there, any other
# problem fails with a non-zero status. Takes about a minute once the build is done.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SHARDS=4
CANCELLED=1 # the array task that is cancelled mid-way and resubmitted

say() { echo "slurm-check: $*"; }
fail() {
    echo "slurm-check: FAILED: $*" >&2
    exit 1
}
skip() {
    echo "SKIPPED: $*"
    exit 0
}

# --- 1. Slurm and munge --------------------------------------------------------------------
export PATH=$PATH:/usr/sbin:/sbin # the daemons live in sbin
slurm_present() {
    local tool
    for tool in sbatch srun squeue sinfo scontrol scancel slurmctld slurmd munged; do
        command -v "$tool" >/dev/null 2>&1 || return 1
    done
}
if ! slurm_present; then
    [[ $(id -u) == 0 ]] || skip "Slurm is not installed and installing it needs root"
    command -v apt-get >/dev/null 2>&1 || skip "Slurm is not installed and there is no apt-get"
    say "installing slurm-wlm and munge from the Debian packages"
    apt-get update -qq >/dev/null 2>&1 || skip "no package registry reachable (apt-get update failed)"
    candidate=$(apt-cache policy slurm-wlm 2>/dev/null | awk '/Candidate:/ {print $2}')
    [[ -n $candidate && $candidate != "(none)" ]] || skip "the package registry offers no slurm-wlm"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq --download-only --no-install-recommends slurm-wlm munge >/dev/null ||
        skip "the slurm-wlm and munge packages cannot be downloaded"
    # Keep the packages' maintainer scripts from starting system daemons: this script starts
    # its own, with its own configuration.
    policy_added=no
    if [[ ! -e /usr/sbin/policy-rc.d ]]; then
        printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
        chmod +x /usr/sbin/policy-rc.d
        policy_added=yes
    fi
    status=0
    apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null || status=$?
    [[ $policy_added == yes ]] && rm -f /usr/sbin/policy-rc.d
    ((status == 0)) || fail "apt-get install slurm-wlm munge failed (status $status)"
    slurm_present || fail "slurm-wlm and munge are installed but a command is missing"
fi

# --- 2. a single-node cluster on localhost --------------------------------------------------
[[ $(id -u) == 0 ]] || skip "starting slurmd (with SlurmUser=root) needs root"
TMP=$(mktemp -d /tmp/boardlab-slurm-check.XXXXXX)
PIDS=()
cleanup() {
    local status=$?
    set +e
    if [[ -n ${SLURM_CONF:-} ]] && [[ -e $SLURM_CONF ]]; then
        scancel --quiet --user "$(id -un)" 2>/dev/null
        for _ in $(seq 1 20); do
            [[ -z $(squeue -h -o %i 2>/dev/null) ]] && break
            sleep 0.5
        done
    fi
    if ((status != 0)); then
        for log in "$TMP"/log/*.log; do
            [[ -e $log ]] || continue
            echo "--- last lines of $(basename "$log")" >&2
            tail -n 15 "$log" >&2
        done
    fi
    local pid
    for pid in "${PIDS[@]}"; do
        kill "$pid" 2>/dev/null
    done
    for pid in "${PIDS[@]}"; do
        wait "$pid" 2>/dev/null
    done
    rm -rf "$TMP"
    exit "$status"
}
trap cleanup EXIT

mkdir -p "$TMP"/{munge,state,spool,log,work}
# munged wants its socket folder and the folders above it searchable by everyone.
chmod 755 "$TMP" "$TMP/munge"
dd if=/dev/urandom of="$TMP/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$TMP/munge/munge.key"
munged --foreground --key-file="$TMP/munge/munge.key" --socket="$TMP/munge/munge.socket" \
    --pid-file="$TMP/munge/munged.pid" --seed-file="$TMP/munge/munged.seed" \
    --log-file="$TMP/log/munged.log" >>"$TMP/log/munged.out" 2>&1 &
PIDS+=($!)

cpus=$(nproc)
memory=$(awk '/MemTotal/ {print int($2 / 1024)}' /proc/meminfo)
port=$((20000 + RANDOM % 20000))
export SLURM_CONF=$TMP/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=boardlabcheck
SlurmctldHost=localhost
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$TMP/munge/munge.socket
StateSaveLocation=$TMP/state
SlurmdSpoolDir=$TMP/spool
SlurmctldPidFile=$TMP/slurmctld.pid
SlurmdPidFile=$TMP/slurmd.pid
SlurmctldLogFile=$TMP/log/slurmctld.log
SlurmdLogFile=$TMP/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/affinity
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerParameters=sched_interval=2
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
MinJobAge=600
MailProg=/bin/true
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
NodeName=localhost CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=check Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF

for _ in $(seq 1 50); do
    [[ -S $TMP/munge/munge.socket ]] && break
    sleep 0.2
done
[[ -S $TMP/munge/munge.socket ]] || fail "munged did not start"
slurmctld -D -f "$SLURM_CONF" >>"$TMP/log/slurmctld.out" 2>&1 &
PIDS+=($!)
slurmd -D -N localhost -f "$SLURM_CONF" >>"$TMP/log/slurmd.out" 2>&1 &
PIDS+=($!)

node_state() { sinfo -h -N -n localhost -o %t 2>/dev/null || true; }
for _ in $(seq 1 120); do
    [[ $(node_state) == idle ]] && break
    sleep 0.5
done
[[ $(node_state) == idle ]] || fail "the node is not idle after 60 s (sinfo: '$(node_state)')"
say "cluster up: $(sinfo --version), node localhost with $cpus CPUs"

# --- 3. the binary, the spec and the one-machine run ----------------------------------------
# The release binary, the one build that the main job and the tests share. SLURM_CHECK_BUILT=1
# says the caller has just built it (`cargo test --release --no-run` leaves it there too) and
# skips `cargo build --release`, which would wait for the build directory's lock while a
# `cargo test --release` beside this script runs.
if [[ ${SLURM_CHECK_BUILT:-} != 1 ]]; then
    cargo build --release --quiet
fi
[[ -x target/release/boardlab ]] || fail "target/release/boardlab is missing; run cargo build --release first"
export PATH=$ROOT/target/release:$PATH
SPEC=$TMP/work/spec.toml
DRAWS=1200 # per ordering, 3 orderings: 900 draws a shard, a few seconds, 15 chunks of 64
cat >"$SPEC" <<EOF
name = "slurm-check"
description = "A small run for scripts/slurm-check.sh"
orderings = ["QNBR", "NBRQ", "RBNQ"]
draws = $DRAWS
cap = 300000
seed = 20261122
EOF
boardlab run "$SPEC" --out "$TMP/single" --quiet
# Without --threads, boardlab run takes the CPUs that Slurm gives the task.
srun --cpus-per-task=1 boardlab run "$SPEC" --draws 4 --out "$TMP/work/threads" --quiet
grep -q '"threads": 1,' "$TMP/work/threads/manifest.json" ||
    fail "boardlab run under srun --cpus-per-task=1 did not use 1 thread: $(grep '"threads"' "$TMP/work/threads/manifest.json")"

# The two sbatch scripts of docs/experiments.md, made small: 4 shards of one CPU, this spec, this folder.
readme_script() {
    awk -v name="# $1" '
        /^```/ { if (inside) { if (block ~ ("\n" name)) { printf "%s", block; found = 1 }; inside = 0; block = "" }
                 else inside = 1; next }
        inside { block = block $0 "\n" }
        END { exit !found }' "$ROOT/docs/experiments.md"
}
adapt() {
    local text=$1 from to
    shift
    while (($#)); do
        from=$1 to=$2
        shift 2
        [[ $text == *"$from"* ]] || fail "docs/experiments.md's Slurm script no longer contains '$from'"
        text=${text//"$from"/"$to"}
    done
    printf '%s' "$text"
}
cd "$TMP/work"
shards_script=$(readme_script shards.sbatch) || fail "docs/experiments.md has no shards.sbatch block"
merge_script=$(readme_script merge.sbatch) || fail "docs/experiments.md has no merge.sbatch block"
adapt "$shards_script" "--array=1-16" "--array=1-$SHARDS" "--cpus-per-task=32" "--cpus-per-task=1" \
    "N=16" "N=$SHARDS" "experiments/orderings.toml" "$SPEC" >shards.sbatch
adapt "$merge_script" "N=16" "N=$SHARDS" "results/orderings" "merged" >merge.sbatch
grep -q '^exec boardlab run' shards.sbatch || fail "docs/experiments.md's shards.sbatch does not exec boardlab"

# --- 4. the array, a cancelled task, the merge jobs -----------------------------------------
TERMINAL='^(COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|PREEMPTED|BOOT_FAIL|DEADLINE)$'
job_states() { scontrol show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2; }
wait_ended() { # JOB [SECONDS]: until every task of JOB is in a terminal state
    local job=$1 limit=${2:-300} state ended
    for ((i = 0; i < limit * 2; i++)); do
        ended=yes
        for state in $(job_states "$job"); do
            [[ $state =~ $TERMINAL ]] || ended=no
        done
        [[ $ended == yes && -n $(job_states "$job") ]] && return 0
        sleep 0.5
    done
    fail "job $job has not ended after $limit s: $(scontrol show job "$job" | grep -o 'JobState=[^ ]* Reason=[^ ]*' | sort | uniq -c | tr '\n' ' ')"
}
state_of() { job_states "$1" | head -n 1; }
rows() { local file=$1; [[ -e $file ]] && echo $(($(wc -l <"$file") - 1)) || echo 0; }

array=$(sbatch --parsable shards.sbatch | cut -d';' -f1)
merge1=$(sbatch --parsable --dependency=afterany:"$array" merge.sbatch | cut -d';' -f1)
# What docs/experiments.md warns about: a merge with afterok never starts once a task was cancelled.
never=$(sbatch --parsable --output=/dev/null --dependency=afterok:"$array" merge.sbatch | cut -d';' -f1)
say "submitted array job $array ($SHARDS tasks), merge job $merge1 (afterany) and job $never (afterok)"

task=${array}_$CANCELLED
partial=parts/$CANCELLED/draws.csv.partial
for ((i = 0; i < 600; i++)); do
    (($(rows "$partial") > 0)) && break
    [[ $(state_of "$task") =~ $TERMINAL ]] && fail "task $task ended before writing any draw"
    sleep 0.2
done
(($(rows "$partial") > 0)) || fail "task $task wrote no draw in 120 s"
scancel "$task"
wait_ended "$task" 60
[[ $(state_of "$task") == CANCELLED ]] || fail "task $task is $(state_of "$task") after scancel"
grep -qs '"status": "interrupted"' "parts/$CANCELLED/manifest.json" ||
    fail "task $task did not stop cleanly on SIGTERM (manifest: $(grep -o '"status": "[a-z]*"' "parts/$CANCELLED/manifest.json"))"
done_before=$(rows "$partial")
say "cancelled task $task after $done_before of $((3 * DRAWS / SHARDS)) draws; it stopped cleanly"

wait_ended "$array"
wait_ended "$merge1" 120
[[ $(state_of "$merge1") == FAILED ]] || fail "merge job $merge1 is $(state_of "$merge1"), not FAILED, with shard $CANCELLED unfinished"
grep -q "shards not finished: $CANCELLED;" "slurm-$merge1.out" ||
    fail "merge job $merge1 did not name the unfinished shard: $(cat "slurm-$merge1.out")"
[[ ! -e merged ]] || fail "the failed merge job left a folder merged/"
for ((i = 0; i < 60; i++)); do
    scontrol show job "$never" | grep -q 'Reason=DependencyNeverSatisfied' && break
    sleep 0.5
done
scontrol show job "$never" | grep -q 'JobState=PENDING Reason=DependencyNeverSatisfied' ||
    fail "job $never (afterok) is not left pending: $(scontrol show job "$never" | grep -o 'JobState=[^ ]* Reason=[^ ]*')"
scancel "$never"
say "merge job $merge1 ran after the array (afterany) and refused the unfinished shard;" \
    "job $never (afterok) was left pending (DependencyNeverSatisfied)"

again=$(sbatch --parsable --array="$CANCELLED" shards.sbatch | cut -d';' -f1)
merge2=$(sbatch --parsable --dependency=afterany:"$again" merge.sbatch | cut -d';' -f1)
wait_ended "$again"
wait_ended "$merge2" 120
for job in "$again" "$merge2"; do
    [[ $(state_of "$job") == COMPLETED ]] || fail "job $job is $(state_of "$job"): $(cat slurm-"$job"*.out)"
done
# The manifest holds the run's command and one more per session.
sessions=$(($(grep -c '"command"' "parts/$CANCELLED/manifest.json") - 1))
((sessions >= 2)) || fail "task $CANCELLED did not resume its folder ($sessions session)"
say "resubmitted task $CANCELLED as job $again (resumed, $sessions sessions) and merged with job $merge2"

# --- 5. merged against one machine ----------------------------------------------------------
differ=0
for file in draws.csv summary.csv histogram.csv; do
    one=$(sha256sum <"$TMP/single/$file" | cut -d' ' -f1)
    merged=$(sha256sum <"merged/$file" | cut -d' ' -f1)
    if [[ $one == "$merged" ]]; then
        say "  $file identical, sha256 $one"
    else
        echo "slurm-check: $file differs: one machine $one, merged shards $merged" >&2
        differ=1
    fi
done
((differ == 0)) || fail "the merged shards differ from the one-machine run"
say "PASSED: $(rows "$TMP/single/draws.csv") draws, merged from $SHARDS Slurm shards, equal a one-machine run"
