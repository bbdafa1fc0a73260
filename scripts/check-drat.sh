#!/usr/bin/env bash
# Checks DRAT proofs written by `boardlab chess-memory sat extend --proof` with rate, an independent DRAT
# checker (Altmanninger and Peitl, CPP 2020) installed from crates.io into target/rate.
#
# Usage: scripts/check-drat.sh FORMULA.cnf PROOF.drat[.gz]
#   where FORMULA.cnf is `boardlab chess-memory sat cnf --partial BOARD ...` for the same instance and board.
# Prints rate's verdict; exit 0 only for "s VERIFIED".
set -euo pipefail
cd "$(dirname "$0")/.."
rate=target/rate/bin/rate
if [ ! -x "$rate" ]; then
    cargo install --quiet --locked rate --version 0.3.0 --root target/rate 2>/dev/null \
        || cargo install --quiet rate --version 0.3.0 --root target/rate
fi
verdict=$("$rate" "$1" "$2" | tail -n 3 || true)
echo "$verdict"
grep -qx "s VERIFIED" <<<"$verdict"
