#!/usr/bin/env bash
# Counts the valid ChessMemory boards of the small instances and writes
# results/counts/counts.csv: each instance by `boardlab chess-memory count` (dynamic
# programming over pair sets). scripts/count-external.sh --csv-rows counts instances again
# with an exact model counter on the CNF of `boardlab chess-memory sat cnf` and prints rows
# of the same form to append.
#
# Usage: scripts/board-counts.sh [INSTANCE...]
#   INSTANCE  SIZE:ORDER, e.g. 4:QNBR (default: 4:QNBR 5:QNBR, the full 4×4 board and the
#             5×5 instance, one pair of each symbol)
# Environment: BOARDLAB_BIN (default target/release/boardlab; build it with
# cargo build --release).
set -euo pipefail
die() { echo "board-counts: $*" >&2; exit 1; }
cd "$(dirname "$0")/.."
instances=()
for arg in "$@"; do
  case "$arg" in
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *:*) instances+=("$arg") ;;
    *) die "unknown argument $arg (an instance is SIZE:ORDER, e.g. 4:QNBR; see --help)" ;;
  esac
done
[[ ${#instances[@]} -gt 0 ]] || instances=(4:QNBR 5:QNBR)
BOARDLAB_BIN=${BOARDLAB_BIN:-target/release/boardlab}
[[ -x $BOARDLAB_BIN ]] || die "no boardlab at $BOARDLAB_BIN; build it with cargo build --release or set BOARDLAB_BIN=PATH"
out=results/counts/counts.csv
mkdir -p results/counts
tmp=$(mktemp "$out.XXXXXX")
trap 'rm -f "$tmp"' EXIT
echo "size,order,instance,boards,classes,method,seconds" >"$tmp"
for instance in "${instances[@]}"; do
  size=${instance%%:*} order=${instance#*:}
  start=$(date +%s.%N)
  json=$("$BOARDLAB_BIN" chess-memory count --board-size "$size" --order "$order" --up-to-symmetry --json --quiet)
  seconds=$(echo "$(date +%s.%N) - $start" | bc)
  python3 - "$json" "$size" "$order" "$seconds" >>"$tmp" <<'PY'
import json, sys
report = json.loads(sys.argv[1])
print(f'{sys.argv[2]},{sys.argv[3]},"{report["instance"]}",{report["boards"]},{report["classes"]},pair-sets,{float(sys.argv[4]):.1f}')
PY
done
mv "$tmp" "$out"
trap - EXIT
echo "board-counts: wrote $out"
