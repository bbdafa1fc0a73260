#!/usr/bin/env bash
# Checks that `boardlab chess-memory sat cnf` is read correctly by solvers other than varisat: installs
# python-sat (PyPI) into a virtual environment under target/, solves several instances with
# CaDiCaL 1.9.5 and Glucose 4, decodes each model through the DIMACS comment lines and runs
# `boardlab chess-memory check` on the board. Not part of `cargo test` (it needs PyPI).
#
# Usage: scripts/check-cnf-external.sh [--out results/sat/external-check.txt]
#   (default: standard output; exit 0 when all agree). With --out the report goes to a
#   temporary file that replaces FILE only when the check succeeds.
set -euo pipefail
cd "$(dirname "$0")/.."
out=""
if [[ ${1:-} == --out ]]; then
    out=${2:?--out needs a file}
    [[ -d $(dirname "$out") ]] || { echo "check-cnf-external: no folder $(dirname "$out") for --out" >&2; exit 2; }
fi
command -v python3 >/dev/null || { echo "check-cnf-external: python3 not found" >&2; exit 2; }
venv=target/pysat-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet python-sat
cargo build --release --quiet
if [[ -z $out ]]; then
    exec "$venv/bin/python" scripts/check_cnf_external.py target/release/boardlab
fi
partial=$(mktemp "$(dirname "$out")/.$(basename "$out").XXXXXX")
trap 'rm -f "$partial"' EXIT
"$venv/bin/python" scripts/check_cnf_external.py target/release/boardlab >"$partial"
chmod 644 "$partial"
mv "$partial" "$out"
trap - EXIT
