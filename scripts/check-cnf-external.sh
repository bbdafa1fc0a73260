#!/usr/bin/env bash
# Checks that `boardlab chess-memory sat cnf` is read correctly by solvers other than varisat: installs
# python-sat (PyPI) into a virtual environment under target/, solves several instances with
# CaDiCaL 1.9.5 and Glucose 4, decodes each model through the DIMACS comment lines and runs
# `boardlab chess-memory check` on the board. Not part of `cargo test` (it needs PyPI).
#
# Usage: scripts/check-cnf-external.sh      (from the repository root; exit 0 when all agree)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/pysat-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet python-sat
cargo build --release --quiet
"$venv/bin/python" scripts/check_cnf_external.py target/release/boardlab
