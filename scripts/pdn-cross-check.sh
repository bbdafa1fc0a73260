#!/usr/bin/env bash
# boardlab's PDN read and written by a second program, pydraughts (PyPI, pinned below), under
# every rule set both know (international, English, Italian, Russian, Frisian), and the
# published games of tests/data/pdn read alike by both: scripts/pdn_cross_check.py says how.
#
# pydraughts is installed into a virtual environment under the build folder
# (${CARGO_TARGET_DIR:-target}/pdn-readers) the first time; without python3 or the package
# registry the check FAILS, it never skips. Arguments go to the Python script (--games N, the
# games per rule set and direction, default 10; --seed S). The release binary is built unless
# BROWSER_CHECK_BUILT=1 says the caller has just built it.
set -euo pipefail
cd "$(dirname "$0")/.."

PYDRAUGHTS_VERSION=0.6.7

fail() {
    echo "pdn-cross-check: FAILED: $*" >&2
    exit 1
}

command -v python3 >/dev/null 2>&1 || fail "python3 is missing"
target=${CARGO_TARGET_DIR:-target}
venv=$target/pdn-readers
if ! "$venv/bin/python" -c "import draughts.PDN" >/dev/null 2>&1 ||
    [[ $("$venv/bin/pip" show pydraughts 2>/dev/null | sed -n 's/^Version: //p') != "$PYDRAUGHTS_VERSION" ]]; then
    echo "pdn-cross-check: installing pydraughts $PYDRAUGHTS_VERSION into $venv"
    python3 -m venv "$venv" || fail "python3 -m venv $venv failed (on Debian: apt-get install python3-venv)"
    "$venv/bin/pip" install --quiet "pydraughts==$PYDRAUGHTS_VERSION" ||
        fail "installing pydraughts $PYDRAUGHTS_VERSION from PyPI failed"
fi
if [[ ${BROWSER_CHECK_BUILT:-} != 1 ]]; then
    cargo build --release --quiet
fi
binary=$target/release/boardlab
[[ -x $binary ]] || fail "$binary is missing; run cargo build --release first"
"$venv/bin/python" scripts/pdn_cross_check.py --binary "$binary" "$@"
echo "pdn-cross-check: PASSED"
