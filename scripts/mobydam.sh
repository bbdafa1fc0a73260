#!/usr/bin/env bash
# Builds Moby Dam (Harm Jetten's international draughts engine, GPL-3; its source is github
# rhalbersma/mobydam) from a folder the user gives, and plays boardlab's international bots
# against it over DamExchange (DXP): Moby Dam at fixed depths and at a fixed time a move, from
# the two-move ballots of its test/ folder, each ballot played from both seats. The match
# report's ratings place every bot on the ladder of Moby Dam's levels, with intervals.
#
# Moby Dam is only run, as a separate program that connects to boardlab on 127.0.0.1; none
# of its code enters boardlab, and neither its source nor its binary is committed.
#
# Usage: scripts/mobydam.sh SOURCE [OUT]
#   SOURCE   a folder holding Moby Dam's source (main/Makefile, core/, test/)
#   OUT      the results folder (default results/international-vs-mobydam); the spec it runs
#            is written beside it, as OUT.toml
# Environment:
#   DEPTHS          Moby Dam's fixed depths, space separated (default "1 2 3 4 5 6 7 8"; ""
#                   for none)
#   MOVE_TIME       its time a move in seconds for the timed level (default 0.1; "" for none)
#   TIMED_GAMES     games per pairing at the timed level (default: as many as the others)
#   PLAYERS         boardlab's bots (default "alphabeta:2 alphabeta:4 alphabeta:6 mcts:1000")
#   GAMES           games per pairing (default: two per ballot, one from each seat)
#   ALSO            more boardlab bots, each paired with every bot of PLAYERS but not with
#                   Moby Dam (a bridge to boardlab's own ladder; default none)
#   ALSO_GAMES      games per pairing of those (default: as many as the others)
#   DESCRIPTION     the study's description (default: says what is played)
#   MOBYDAM_BUILD   where Moby Dam is copied and built (default target/mobydam)
#   BOARDLAB_BIN    the boardlab binary (default target/release/boardlab, built first)
#   TIMEOUT         seconds Moby Dam may take for a move before it loses the game (default 60)
#   THREADS         threads of the run (default: every core)
#
# Moby Dam plays without its opening book (it looks for book.opn in its working folder, the
# build folder's top, which has none) and without endgame databases, with a 16 MiB table
# (`-t 20`). Where the source is absent or is not Moby Dam's, the script says so in one line
# and stops (exit 2) before anything is built or run.
set -euo pipefail

stop() {
    echo "mobydam.sh: $*" >&2
    exit 2
}

[[ $# -ge 1 ]] || stop "give the folder of Moby Dam's source (github rhalbersma/mobydam, GPL-3): scripts/mobydam.sh SOURCE [OUT]"
source_dir=$1
out=${2:-results/international-vs-mobydam}
depths=${DEPTHS-1 2 3 4 5 6 7 8}
move_time=${MOVE_TIME-0.1}
players=${PLAYERS:-alphabeta:2 alphabeta:4 alphabeta:6 mcts:1000}
build=${MOBYDAM_BUILD:-target/mobydam}
timeout=${TIMEOUT:-60}

[[ -d $source_dir ]] || stop "$source_dir is no folder; give the folder of Moby Dam's source (github rhalbersma/mobydam)"
[[ -f $source_dir/main/Makefile && -f $source_dir/main/dxp.c ]] ||
    stop "$source_dir has no main/Makefile and main/dxp.c: it is not Moby Dam's source"
ballots="$source_dir/test/2-move ballots matchfile.fen"
[[ -s $ballots ]] || stop "$source_dir has no 'test/2-move ballots matchfile.fen', the openings the match is played from"
for depth in $depths; do
    [[ $depth =~ ^[1-9][0-9]?$ ]] || stop "DEPTHS: $depth is not a depth; give 1 to 99"
done
[[ -z $move_time || $move_time =~ ^[0-9]+(\.[0-9]+)?$ ]] ||
    stop "MOVE_TIME=$move_time is not a number of seconds"
[[ $timeout =~ ^[1-9][0-9]*$ ]] || stop "TIMEOUT=$timeout is not a number of seconds"
command -v make >/dev/null || stop "make is not installed"
command -v gcc >/dev/null || stop "gcc is not installed"
command -v python3 >/dev/null || stop "python3 is not installed"

rm -rf "$build"
mkdir -p "$build"
cp -R "$source_dir/main" "$source_dir/core" "$build/"
echo "mobydam.sh: building Moby Dam in $build" >&2
make -C "$build/main" lin >/dev/null 2>&1 || stop "Moby Dam did not build in $build/main"
# It connects to boardlab (-c), never listens itself (its listener binds every interface);
# its standard input stays the pipe boardlab keeps open.
cat >"$build/mobydam-dxp" <<'EOF'
#!/bin/sh
cd "$(dirname "$0")" && exec ./main/mobydam -c 127.0.0.1 -p "$1" -t 20
EOF
chmod +x "$build/mobydam-dxp"

boardlab=${BOARDLAB_BIN:-}
if [[ -z $boardlab ]]; then
    cargo build --release --quiet
    boardlab=target/release/boardlab
fi

# Each ballot is the start with one white and one black man moved: its two moves.
openings=$(python3 - "$ballots" <<'EOF'
import sys
start_white, start_black = set(range(31, 51)), set(range(1, 21))
openings = []
for line in open(sys.argv[1]):
    line = line.strip()
    if not line:
        continue
    side, white, black = line.split(":")
    white = {int(s) for s in white[1:].split(",")}
    black = {int(s) for s in black[1:].split(",")}
    moved = [start_white - white, white - start_white, start_black - black, black - start_black]
    if side != "W" or any(len(squares) != 1 for squares in moved):
        sys.exit(f"mobydam.sh: `{line}` is not a two-move ballot")
    (wf,), (wt,), (bf,), (bt,) = moved
    openings.append(f'"{wf}-{wt} {bf}-{bt}"')
print("[" + ", ".join(openings) + "]")
EOF
) || stop "cannot read the ballots of $ballots"
count=$(python3 -c 'import sys; print(sys.argv[1].count(",") + 1)' "$openings")
games=${GAMES:-$((2 * count))}
timed_games=${TIMED_GAMES:-$games}
also=${ALSO:-}
also_games=${ALSO_GAMES:-$games}
[[ $games =~ ^[1-9][0-9]*$ ]] || stop "GAMES=$games is not a number of games"
[[ $also_games =~ ^[1-9][0-9]*$ ]] || stop "ALSO_GAMES=$also_games is not a number of games"
default_description="boardlab's international bots against Moby Dam (2019-05-19, no book, no endgame databases) at fixed depths and a fixed time a move, from its $count two-move ballots, each from both seats (scripts/mobydam.sh)"
description=${DESCRIPTION:-$default_description}

levels=()
for depth in $depths; do
    levels+=("dxp[depth=$depth;timeout=$timeout]:$build/mobydam-dxp {port}")
done
timed=""
if [[ -n $move_time ]]; then
    timed="dxp[move-time=$move_time;timeout=$timeout]:$build/mobydam-dxp {port}"
    levels+=("$timed")
fi

# The spec is kept beside the folder, so that its manifest names a file that stays.
spec="$out.toml"
mkdir -p "$(dirname "$out")"
{
    echo 'puzzle = "draughts-variants"'
    echo "name = \"$(basename "$out")\""
    echo "description = \"$description\""
    echo 'seed = 20261203'
    echo "games = $games"
    echo 'rules = "international"'
    echo "openings = $openings"
    printf 'players = ['
    separator=''
    for level in "${levels[@]}"; do
        printf '%s"%s"' "$separator" "$level"
        separator=', '
    done
    for player in $players $also; do printf ', "%s"' "$player"; done
    echo ']'
    printf 'pairings = ['
    separator=''
    for level in "${levels[@]}"; do
        for player in $players; do
            printf '%s["%s", "%s"]' "$separator" "$level" "$player"
            separator=', '
        done
    done
    for player in $players; do
        for other in $also; do
            printf '%s["%s", "%s"]' "$separator" "$player" "$other"
            separator=', '
        done
    done
    echo ']'
    if [[ (-n $timed && $timed_games != "$games") || (-n $also && $also_games != "$games") ]]; then
        echo '[player-games]'
    fi
    if [[ -n $timed && $timed_games != "$games" ]]; then
        echo "\"$timed\" = $timed_games"
    fi
    if [[ -n $also && $also_games != "$games" ]]; then
        for other in $also; do echo "\"$other\" = $also_games"; done
    fi
} >"$spec"
threads=()
[[ -n ${THREADS:-} ]] && threads=(--threads "$THREADS")
"$boardlab" run "$spec" --out "$out" --resume "${threads[@]}"
