#!/usr/bin/env bash
# Times the greedy Warnsdorff walk on one thread over board sizes and rules, from the corner,
# appending one row per (size, rule) to a knight's-tour results folder's bench.csv, which
# its report reads for the time chart. The experiment's data files hold no timings.
#
# usage: scripts/bench-knights.sh [RESULTS_FOLDER]   (default results/knights; release build)
set -euo pipefail
folder="${1:-results/knights}"
binary="${BOARDLAB:-target/release/boardlab}"
out="$folder/bench.csv"
rm -f "$out"
for n in 8 16 32 64 128 256 512 1000 2000; do
  # About 3×10⁷ squares per measurement, at least 5 draws.
  draws=$(( 30000000 / (n * n) ))
  (( draws < 5 )) && draws=5
  for rule in seed random squirrel; do
    "$binary" knights bench --size "$n" --rule "$rule" --draws "$draws" --seed 1 --csv "$out" > /dev/null
  done
done
echo "wrote $out"
