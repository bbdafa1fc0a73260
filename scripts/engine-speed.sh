#!/usr/bin/env bash
# Sets the speed of boardlab's engine beside Moby Dam's (Harm Jetten's international draughts
# engine, GPL-3; github rhalbersma/mobydam) on the same positions and machine: the start and
# every tenth two-move ballot of Moby Dam's test/ folder (one where the side to move has a
# single legal move is left out, and named: Moby Dam plays it unsearched). Moby Dam searches
# each for its
# profiling time of 10 seconds (`-o FEN`) and reports its nodes in its log; boardlab's engine
# searches each for the same 10 seconds (`boardlab draughts search --engine 10s`, which
# starts no iteration after three fifths of its time). Both run alone on one thread, one after the
# other. The table is printed as Markdown, with the CPU's name.
#
# Usage: scripts/engine-speed.sh SOURCE
#   SOURCE   a folder holding Moby Dam's source (main/Makefile, core/, test/)
# Environment:
#   MOBYDAM_BUILD   where Moby Dam is copied and built (default target/mobydam)
#   BOARDLAB_BIN    the boardlab binary (default target/release/boardlab, built first)
#   POSITIONS       how many ballots after the start (default 8)
#
# Where the source is absent or is not Moby Dam's, the script says so in one line and stops
# (exit 2). Neither Moby Dam's source nor its binary enters boardlab.
set -euo pipefail

stop() {
    echo "engine-speed.sh: $*" >&2
    exit 2
}

[[ $# -eq 1 ]] || stop "give the folder of Moby Dam's source (github rhalbersma/mobydam, GPL-3): scripts/engine-speed.sh SOURCE"
source_dir=$1
build=${MOBYDAM_BUILD:-target/mobydam}
count=${POSITIONS:-8}
[[ -d $source_dir ]] || stop "$source_dir is no folder; give the folder of Moby Dam's source (github rhalbersma/mobydam)"
[[ -f $source_dir/main/Makefile && -f $source_dir/main/dxp.c ]] ||
    stop "$source_dir has no main/Makefile and main/dxp.c: it is not Moby Dam's source"
ballots="$source_dir/test/2-move ballots matchfile.fen"
[[ -s $ballots ]] || stop "$source_dir has no 'test/2-move ballots matchfile.fen', the positions to search"
[[ $count =~ ^[0-9]+$ ]] || stop "POSITIONS=$count is not a number"
command -v make >/dev/null || stop "make is not installed"
command -v gcc >/dev/null || stop "gcc is not installed"

if [[ ! -x $build/main/mobydam ]]; then
    rm -rf "$build"
    mkdir -p "$build"
    cp -R "$source_dir/main" "$source_dir/core" "$build/"
    echo "engine-speed.sh: building Moby Dam in $build" >&2
    make -C "$build/main" lin >/dev/null 2>&1 || stop "Moby Dam did not build in $build/main"
fi
boardlab=${BOARDLAB_BIN:-}
if [[ -z $boardlab ]]; then
    cargo build --release --quiet
    boardlab=target/release/boardlab
fi

positions=("W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20")
mapfile -t lines < <(grep -v '^\s*$' "$ballots" | awk -v n="$count" 'NR % 10 == 1 && k < n { print; k++ }')
positions+=("${lines[@]}")
labels=("start")
for ((k = 0; k < ${#lines[@]}; k++)); do labels+=("ballot $((10 * k + 1))"); done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || true)
echo "CPU: ${cpu:-unknown}; one thread each; Moby Dam built with gcc -O3 -mpopcnt (its Makefile's lin target), boardlab with its release profile for the default x86-64 target (its move generator counts with popcnt where the CPU has it, its evaluation without)"
echo
echo "| position | Moby Dam depth | Moby Dam nodes | Moby Dam nodes/s | boardlab depth | boardlab nodes | boardlab nodes/s |"
echo "|---|---|---|---|---|---|---|"
skipped=()
for ((k = 0; k < ${#positions[@]}; k++)); do
    fen=${positions[k]}
    log="$work/engine.log"
    rm -f "$log"
    started=$(date +%s.%N)
    (cd "$work" && "$OLDPWD/$build/main/mobydam" -t 20 -l "$log" -o "$fen" </dev/null >/dev/null 2>&1) ||
        stop "Moby Dam failed on $fen"
    ended=$(date +%s.%N)
    moby_nodes=$(sed -n 's/^nodes total=\([0-9]*\).*/\1/p' "$log" | tail -1)
    moby_depth=$(sed -n 's/^reached depth=\([0-9]*\).*/\1/p' "$log" | tail -1)
    if [[ -z $moby_nodes ]]; then
        # A forced move (one legal move, such as a forced capture) is played unsearched.
        skipped+=("${labels[k]}")
        continue
    fi
    moby_rate=$(awk -v n="$moby_nodes" -v a="$started" -v b="$ended" 'BEGIN { printf "%.0f", n / (b - a) }')
    json=$("$boardlab" draughts search --rules international --fen "$fen" --engine 10s --json)
    read -r depth nodes rate < <(python3 -c 'import json,sys; d=json.loads(sys.argv[1]); print(d["depth"], d["nodes"], round(d["nodes_per_second"]))' "$json")
    echo "| ${labels[k]} | $moby_depth | $moby_nodes | $moby_rate | $depth | $nodes | $rate |"
done
if [[ ${#skipped[@]} -gt 0 ]]; then
    echo
    echo "Left out, as Moby Dam searched them not at all (a forced move): ${skipped[*]}."
fi
