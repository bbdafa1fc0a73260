#!/usr/bin/env bash
# Builds Scan 3.1 (Fabien Letouzey's international draughts engine, GPL-3; the source with
# its data files is github rhalbersma/scan) and plays boardlab's international bots against
# it over the Hub protocol, Scan at a fixed search depth: a boardlab match run whose report
# gives every bot's rating gap to Scan with its interval.
#
# Scan is only run, as a separate program; none of its code enters boardlab.
#
# Usage: scripts/scan.sh [SOURCE] [OUT]
#   SOURCE   a folder holding Scan's source (src/Makefile) and data files (data/eval, ...),
#            or a git URL to clone it from; default https://github.com/rhalbersma/scan
#   OUT      the results folder (default results/international-vs-scan)
# Environment:
#   SCAN_DEPTH     Scan's depth per move (default 6)
#   SCAN_BUILD     where Scan is copied and built (default target/scan)
#   GAMES          games per pairing (default 40)
#   PLAYERS        boardlab's bots, space separated (default "alphabeta:2 alphabeta:4 mcts:400")
#   BOARDLAB_BIN   the boardlab binary (default target/release/boardlab, built first)
#   TIMEOUT        seconds Scan may take for a move before it loses the game (default 60)
#
# Where the source or its data cannot be had, the script says so and stops (exit 2) before
# anything is run.
set -euo pipefail

source_location=${1:-https://github.com/rhalbersma/scan}
out=${2:-results/international-vs-scan}
depth=${SCAN_DEPTH:-6}
build=${SCAN_BUILD:-target/scan}
games=${GAMES:-40}
players=${PLAYERS:-alphabeta:2 alphabeta:4 mcts:400}
timeout=${TIMEOUT:-60}

stop() {
    echo "scan.sh: $*" >&2
    exit 2
}

[[ $depth =~ ^[1-9][0-9]?$ ]] || stop "SCAN_DEPTH=$depth is not a depth; give 1 to 99"
[[ $games =~ ^[1-9][0-9]*$ ]] || stop "GAMES=$games is not a number of games; give 1 or more"
[[ $timeout =~ ^[1-9][0-9]*$ ]] || stop "TIMEOUT=$timeout is not a number of seconds"

# The source: a folder as it is, or a clone.
rm -rf "$build"
mkdir -p "$(dirname "$build")"
if [[ -d $source_location ]]; then
    cp -R "$source_location" "$build"
    rm -rf "$build/.git"
elif ! git clone --quiet --depth 1 "$source_location" "$build" 2>/dev/null; then
    stop "cannot get Scan's source from $source_location (no such folder, or the clone failed); give a folder or git URL that has it"
fi
[[ -f $build/src/Makefile ]] || stop "$source_location has no src/Makefile: it is not Scan's source"
# Scan cannot play without its evaluation weights (a binary file of its repository).
[[ -s $build/data/eval && -f $build/scan.ini ]] ||
    stop "$source_location lacks Scan's data/eval or scan.ini (the evaluation weights and settings Scan needs to play); give a complete copy of github rhalbersma/scan"

command -v make >/dev/null || stop "make is not installed"
command -v g++ >/dev/null || stop "g++ is not installed"
echo "scan.sh: building Scan in $build" >&2
touch "$build/src/.depend"
make -C "$build/src" -j2 >/dev/null || stop "Scan did not build in $build/src"
mv "$build/src/scan" "$build/scan"

# A fixed, repeatable opponent: no opening book, one thread, no bitbases.
sed -i -e 's/^book *=.*/book = false/' -e 's/^threads *=.*/threads = 1/' \
    -e 's/^bb-size *=.*/bb-size = 0/' -e 's/^tt-size *=.*/tt-size = 22/' "$build/scan.ini"
# Scan reads scan.ini and data/ from its working folder: a wrapper starts it there, and the
# players' names hold the wrapper's path as given (relative by default: no machine's path).
cat >"$build/scan-hub" <<'EOF'
#!/bin/sh
cd "$(dirname "$0")" && exec ./scan hub
EOF
chmod +x "$build/scan-hub"

boardlab=${BOARDLAB_BIN:-}
if [[ -z $boardlab ]]; then
    cargo build --release --quiet
    boardlab=target/release/boardlab
fi

scan="hub[depth=$depth;timeout=$timeout]:$build/scan-hub"
spec=$(mktemp --suffix=.toml)
trap 'rm -f "$spec"' EXIT
{
    echo 'puzzle = "draughts-variants"'
    echo "name = \"$(basename "$out")\""
    echo "description = \"boardlab's international bots against Scan 3.1 at depth $depth (scripts/scan.sh)\""
    echo 'seed = 20261127'
    echo "games = $games"
    echo 'rules = "international"'
    echo 'opening-plies = 4'
    printf 'players = ["%s"' "$scan"
    for player in $players; do printf ', "%s"' "$player"; done
    echo ']'
    printf 'pairings = ['
    separator=''
    for player in $players; do
        printf '%s["%s", "%s"]' "$separator" "$scan" "$player"
        separator=', '
    done
    echo ']'
} >"$spec"
"$boardlab" run "$spec" --out "$out" --resume
