#!/usr/bin/env bash
# Checks `boardlab serve` as people and many clients use it:
#
# 1. the browser tests (scripts/browser_check.py): headless Debian Chromium driven over
#    WebDriver by chromedriver plays a full draughts game against damebot by clicks, a "15"
#    game in each seat mode, opens pairs in the memory game, runs tours and opens a results
#    report;
# 2. the load test (`cargo test --release --test suite serve::load -- --ignored`): 200 concurrent games
#    of random against alphabeta:2 through the API on 127.0.0.1, every game refereed, the
#    oldest games forgotten, the server's peak memory printed and bounded.
#
# Chromium and chromedriver are installed from the Debian packages when missing (root and
# apt-get needed); without them the check FAILS, it never skips. BROWSER_CHECK_BUILT=1 says
# the caller has just built the binary and the tests (`cargo test --release --no-run`), the
# release build that the main job and the tests share; otherwise they
# are built here. --screenshots DIR also writes a PNG of each page to DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "browser-check: $*"; }
fail() {
    echo "browser-check: FAILED: $*" >&2
    exit 1
}

screenshots=()
if [[ ${1:-} == --screenshots ]]; then
    [[ -n ${2:-} ]] || fail "--screenshots needs a folder"
    screenshots=(--screenshots "$2")
fi

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    [[ $(id -u) == 0 ]] || fail "chromium and chromium-driver are missing; install them (apt-get install chromium chromium-driver) as root"
    command -v apt-get >/dev/null 2>&1 || fail "chromium and chromium-driver are missing and there is no apt-get"
    say "installing chromium and chromium-driver from the Debian packages"
    apt-get update -qq >/dev/null 2>&1 || fail "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        chromium chromium-driver >/dev/null || fail "installing chromium and chromium-driver failed"
fi
command -v python3 >/dev/null 2>&1 || fail "python3 is missing"

if [[ ${BROWSER_CHECK_BUILT:-} != 1 ]]; then
    cargo build --release --quiet
    cargo test --release --quiet --no-run
fi
binary=${CARGO_TARGET_DIR:-target}/release/boardlab
[[ -x $binary ]] || fail "$binary is missing; run cargo build --release first"

say "browser tests"
python3 scripts/browser_check.py --binary "$binary" --results results "${screenshots[@]}" ||
    fail "the browser tests failed"
say "load test"
cargo test --release --quiet --test suite serve::load -- --ignored --nocapture ||
    fail "the load test failed"
say "PASSED"
