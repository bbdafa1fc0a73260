#!/usr/bin/env bash
# Times `boardlab chess-memory sat solve` on the seed's 8×8 instance for seeds 1..N (default 20), one run
# at a time, and prints a CSV: seed, internal seconds (encode + shuffle + load + solve + check,
# from --json), process wall seconds, lemmas and deletions of the proof stream; then the
# medians. Usage: scripts/sat-solve-times.sh [N] > results/sat/solve-times.csv
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-20}
cargo build --release --quiet
echo "seed,seconds,wall_seconds,lemmas,deletions"
for seed in $(seq 1 "$n"); do
    start=$(date +%s.%N)
    json=$(target/release/boardlab chess-memory sat solve --seed "$seed" --json)
    end=$(date +%s.%N)
    python3 - "$json" "$seed" "$start" "$end" <<'PY'
import json, sys
report, seed, start, end = json.loads(sys.argv[1]), sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
assert report["outcome"] == "solved"
print(f"{seed},{report['seconds']:.6f},{end - start:.6f},{report['lemmas']},{report['deletions']}")
PY
done
