#!/usr/bin/env bash
# Times `boardlab chess-memory sat solve` on the seed's 8×8 instance for seeds 1..N (default 20), one run
# at a time, and prints a CSV: seed, internal seconds (encode + shuffle + load + solve + check,
# from --json), process wall seconds, lemmas and deletions of the proof stream; then the
# medians. Usage: scripts/sat-solve-times.sh [--out results/sat/solve-times.csv] [N]
# (default: standard output, N = 20)
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
n=${1:-20}
cargo build --release --quiet
if [[ -n $out ]]; then
    partial=$(mktemp "$(dirname "$out")/.$(basename "$out").XXXXXX")
    trap 'rm -f "$partial"' EXIT
    exec 3>&1 >"$partial"
fi
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
if [[ -n $out ]]; then
    exec >&3
    chmod 644 "$partial"
    mv "$partial" "$out"
    trap - EXIT
fi
