#!/usr/bin/env bash
# Times the greedy Warnsdorff walk on one thread over board sizes and rules, from the corner,
# writing one row per (size, rule) to a knight's-tour results folder's bench.csv, which its
# report reads for the time chart. The experiment's data files hold no timings.
#
# usage: scripts/bench-knights.sh [RESULTS_FOLDER]   (default results/knights)
# The binary is $BOARDLAB, default target/release/boardlab (cargo build --release).
# BENCH_KNIGHTS_SIZES (default "8 16 32 64 128 256 512 1000 2000") and BENCH_KNIGHTS_SQUARES
# (squares per measurement, default 30000000) make a smaller bench, as the tests run it.
#
# Everything it needs is checked before anything is written; the rows go to a temporary file
# beside bench.csv that replaces it only when every measurement has succeeded, so a failure
# leaves the old bench.csv as it was.
set -euo pipefail
folder="${1:-results/knights}"
binary="${BOARDLAB:-target/release/boardlab}"
out="$folder/bench.csv"
die() { echo "bench-knights: $*" >&2; exit 2; }
[[ -x "$binary" ]] || die "no boardlab at $binary; build it with cargo build --release or set BOARDLAB=PATH"
[[ -d "$folder" ]] || die "$folder is not a folder; give a knight's-tour results folder"
[[ -w "$folder" ]] || die "cannot write in $folder"
scratch=$(mktemp -d "$folder/.bench-knights.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
partial="$scratch/bench.csv"
sizes="${BENCH_KNIGHTS_SIZES:-8 16 32 64 128 256 512 1000 2000}"
squares="${BENCH_KNIGHTS_SQUARES:-30000000}"
for n in $sizes; do
  # About 3×10⁷ squares per measurement, at least 5 draws.
  draws=$(( squares / (n * n) ))
  (( draws < 5 )) && draws=5
  for rule in seed random squirrel; do
    "$binary" knights-tour bench --board-size "$n" --rule "$rule" --draws "$draws" --seed 1 --out "$partial" > /dev/null
  done
done
mv "$partial" "$out"
echo "wrote $out"
