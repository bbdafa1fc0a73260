#!/usr/bin/env bash
# Fact: for each kind, the largest number of pairs of one symbol (white; colours are
# interchangeable) that fit on an empty 8×8 board. For k pairs a board from `sat solve`
# (checked by the validator) shows k fit; for k+1 `sat extend` on the empty board writes a
# DRAT refutation, which rate (scripts/check-drat.sh) checks against `sat cnf --partial`.
# Removing a pair from a valid board leaves a valid board (no other piece attacks either of
# its pieces), so k+1 impossible means every larger number is impossible too.
#
# Usage: scripts/max-pairs.sh KIND MAX_PAIRS [PROOF_DIR]   e.g. scripts/max-pairs.sh Q 5
# Prints one CSV row: kind,max_pairs,witness_fen,refuted_pairs,solve_seconds,proof_bytes,
# proof_lines,proof_sha256,rate_verdict. varisat is deterministic, so the same build gives the
# same proof (same SHA-256). The proof stays in PROOF_DIR (default target/proofs).
set -euo pipefail
cd "$(dirname "$0")/.."
kind=$1
k=$2
dir=${3:-target/proofs}
mkdir -p "$dir"
boardlab=target/release/boardlab
[[ -x $boardlab ]] || { echo "max-pairs: no $boardlab; build it with cargo build --release" >&2; exit 2; }
command -v python3 >/dev/null || { echo "max-pairs: python3 not found (it reads boardlab's JSON)" >&2; exit 2; }
empty=8/8/8/8/8/8/8/8
repeat() { printf "%${2}s" "" | tr ' ' "$1"; }
witness=$($boardlab chess-memory sat solve --order "queue:$(repeat "$kind" "$k")" --format fen --json |
    python3 -c 'import json,sys; j=json.load(sys.stdin); assert j["outcome"]=="solved"; print(j["board"])')
$boardlab chess-memory check "$witness" >/dev/null
more=queue:$(repeat "$kind" $((k + 1)))
cnf=$dir/$kind$((k + 1)).cnf
proof=$dir/$kind$((k + 1)).drat
$boardlab chess-memory sat cnf --order "$more" --partial "$empty" --out "$cnf"
start=$(date +%s.%N)
set +e
$boardlab chess-memory sat extend --order "$more" "$empty" --proof "$proof" >/dev/null
answer=$?
set -e
end=$(date +%s.%N)
[ "$answer" -eq 1 ] || { echo "error: $((k + 1)) pairs of $kind fit; the maximum is larger" >&2; exit 1; }
verdict=$(scripts/check-drat.sh "$cnf" "$proof" | tail -n 1)
seconds=$(python3 -c "print(f'{$end - $start:.1f}')")
sha=$(sha256sum "$proof" | cut -d' ' -f1)
echo "$kind,$k,$witness,$((k + 1)),$seconds,$(stat -c %s "$proof"),$(wc -l <"$proof"),$sha,$verdict"
