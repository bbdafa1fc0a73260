#!/usr/bin/env bash
# One-thread throughput of the searches of experiments/algorithms.toml, against the target
# of results/algorithms (the best search against the seed's search on the seed's order, in draws per second on one
# thread). Runs `boardlab chess-memory bench --threads 1 --cap 500000` on each configuration, three times,
# and prints a CSV row per run: configuration, draws, solved, iterations, seconds, draws/s,
# boards/s (solved draws per second: dfs and mrv leave some draws unsolved at the cap) and
# iterations/s. Seeds 1, 2 and 3 for the three runs.
# Takes about 10 minutes; run it on an idle machine.
# Usage: scripts/bench-algorithms.sh [--out results/algorithms/bench.csv]   (default: standard output)
set -euo pipefail
cd "$(dirname "$0")/.."
# --out FILE: the rows go to a temporary file beside FILE that replaces it only when the
# script succeeds (a shell redirect `> FILE` would empty FILE before anything is checked).
out=""
if [[ ${1:-} == --out ]]; then
    out=${2:?--out needs a file}
    shift 2
    [[ -d $(dirname "$out") ]] || { echo "$(basename "$0"): no folder $(dirname "$out") for --out" >&2; exit 2; }
fi
command -v python3 >/dev/null || { echo "$(basename "$0"): python3 not found (it reads boardlab's JSON)" >&2; exit 2; }
cargo build --release --quiet
# order algorithm restart draws (about 10 s each on a 2026 AMD EPYC core)
configurations=(
    "QNBR seed none 30000"
    "NQBR seed none 30000"
    "QNBR seed fixed:9983 40000"
    "NQBR seed fixed:9983 40000"
    "QNBR seed fixed:287 30000"
    "QNRB seed fixed:83 30000"
    "QNBR seed luby:256 30000"
    "QNBR dfs none 6000"
    "QNBR fc none 10000"
    "QNBR fc fixed:300 30000"
    "NQBR fc fixed:300 30000"
    "QNBR mrv none 1000"
    "QNBR cover none 500000"
)
if [[ -n $out ]]; then
    partial=$(mktemp "$(dirname "$out")/.$(basename "$out").XXXXXX")
    trap 'rm -f "$partial"' EXIT
    exec 3>&1 >"$partial"
fi
echo "order,algorithm,restart,run,draws,solved,iterations,seconds,draws_per_sec,boards_per_sec,iterations_per_sec"
for run in 1 2 3; do
    for configuration in "${configurations[@]}"; do
        read -r order algorithm restart draws <<<"$configuration"
        json=$(target/release/boardlab chess-memory bench --threads 1 --cap 500000 --seed "$run" \
            --order "$order" --algorithm "$algorithm" --restart "$restart" --draws "$draws")
        python3 - "$json" "$run" <<'PY'
import json, sys
r, run = json.loads(sys.argv[1]), sys.argv[2]
print(f"{r['order']},{r['algorithm']},{r['restart']},{run},{r['draws']},{r['solved']},{r['iterations']},"
      f"{r['seconds']:.3f},{r['draws_per_sec']:.1f},{r['solved'] / r['seconds']:.1f},{r['iterations_per_sec']:.4g}")
PY
    done
done
if [[ -n $out ]]; then
    exec >&3
    chmod 644 "$partial"
    mv "$partial" "$out"
    trap - EXIT
fi
