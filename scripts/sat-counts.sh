#!/usr/bin/env bash
# Fact: exact counts of valid boards (and classes under the 8 symmetries of the square) for
# small boards and compositions, by `boardlab chess-memory sat count --up-to-symmetry`. Instances with more
# than LIMIT boards are listed as refused. Every board counted passed the validator.
#
# Usage: scripts/sat-counts.sh [--out results/sat/counts.csv] [LIMIT]   (default: standard output, LIMIT 100000)
# Columns: size,order,pairs,full,boards,classes,solver_calls,seconds,boards_more_than; a
# refused instance has empty boards, classes, solver_calls and seconds, and LIMIT in
# boards_more_than (it has more than LIMIT boards); every field is a number or empty.
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
limit=${1:-100000}
cargo build --release --quiet
boardlab=target/release/boardlab
repeat() { printf "%${2}s" "" | tr ' ' "$1"; }
instances=()
for n in 4 5; do
    for kind in Q N B R; do
        for k in 1 2 3 4 5 6 7 8; do
            instances+=("$n $(repeat $kind $k)")
        done
    done
done
for order in QNBR RRrr NNnn BBbb QQqq QqNn RRRRrrrr NNNNnnnn BBBBbbbb RRRRNNNN QQQQRRRR; do
    instances+=("4 $order")
done
if [[ -n $out ]]; then
    partial=$(mktemp "$(dirname "$out")/.$(basename "$out").XXXXXX")
    trap 'rm -f "$partial"' EXIT
    exec 3>&1 >"$partial"
fi
echo "size,order,pairs,full,boards,classes,solver_calls,seconds,boards_more_than"
for instance in "${instances[@]}"; do
    read -r n order <<<"$instance"
    # Every order but the type order QNBR is a short queue, asked for with `queue:`.
    case $order in QNBR) arg=$order ;; *) arg=queue:$order ;; esac
    start=$(date +%s.%N)
    if json=$($boardlab chess-memory sat count --board-size "$n" --order "$arg" --up-to-symmetry --limit "$limit" --json 2>/tmp/sat-count-err); then
        end=$(date +%s.%N)
        python3 - "$json" "$n" "$order" "$start" "$end" <<'PY'
import json, sys
j, n, order = json.loads(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
letters = j["order"]
full = "yes" if 2 * len(letters) == n * n else "no"
print(f"{n},{order},{len(letters)},{full},{j['boards']},{j['classes']},{j['solver_calls']},{float(sys.argv[5]) - float(sys.argv[4]):.2f},")
PY
    elif grep -q "more than\|over --limit" /tmp/sat-count-err; then
        python3 - "$n" "$order" "$limit" <<'PY'
import sys
n, order, limit = int(sys.argv[1]), sys.argv[2], sys.argv[3]
type_order = len(order) == 4 and sorted(order) == sorted("QNBR")
pairs = n * n // 16 * 8 if type_order else len(order)
print(f"{n},{order},{pairs},{'yes' if 2 * pairs == n * n else 'no'},,,,,{limit}")
PY
    else
        cat /tmp/sat-count-err >&2
        exit 1
    fi
done
if [[ -n $out ]]; then
    exec >&3
    chmod 644 "$partial"
    mv "$partial" "$out"
    trap - EXIT
fi
