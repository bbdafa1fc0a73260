#!/usr/bin/env bash
# Times boardlab against independent programs that do the same work, each built here from
# its own source, and writes results/peers/peers.csv and results/peers/README.md.
#
#   draughts perft   dctl (Rein Halbersma's C++ draughts library), its plain recursive perft
#                    (no hash table), vs `boardlab draughts perft`, for every rule set both
#                    play; two dctl builds, each timed: dctl-2016 (commit dd1f2c5, clang++-16,
#                    scripts/peers/dctl_perft.cpp) and dctl-2023 (commit de565a1, g++ 12 or
#                    newer, scripts/peers/dctl_perft_2023.cpp). The README compares boardlab
#                    with the faster of the two per workload; if one fails to build, or does
#                    not play a rule set, the other alone is used (and the README says so).
#   Warnsdorff       scripts/peers/warnsdorff.c, the seed rule as a plain C loop, vs
#                    `boardlab knights-tour bench`
#   random games     OpenSpiel (pyspiel from PyPI, pinned) playing random against random
#                    tic-tac-toe and checkers (scripts/peers/openspiel_random_games.py), vs
#                    `boardlab fifteen bench` (the "15" game is tic-tac-toe on a magic square)
#                    and `boardlab draughts games random random --rules english`
#
# The programs of a workload run pinned to one core (taskset -c $CORE), in turn (dctl-2016
# dctl-2023 boardlab, ...) for $ROUNDS rounds; /usr/bin/time gives whole-process user+system
# CPU time. Every run's count (leaves, tours and squares, or games) must equal its peers',
# else the script stops.
#
# Usage: scripts/bench-peers.sh [--rounds N] [--quick] [--only draughts] [--out DIR]
#   --quick            smaller workloads (perft two plies shallower, fewer tours), for
#                      checking the script
#   --only draughts    only the draughts perft workloads (no Warnsdorff, no OpenSpiel); the
#                      CSV and README then hold those rows alone
#   --out DIR          where to write peers.csv and README.md (default results/peers), so
#                      that runs on several machines can sit side by side
# Environment:
#   DCTL_REPO, XSTD_REPO, BIT_SET_REPO, TABULA_REPO
#                      where to clone rhalbersma's dctl, xstd, bit_set and tabula from: a git
#                      URL or a local path (a clone or mirror); default the GitHub repository,
#                      https://github.com/rhalbersma/NAME. Only the pinned commits are built.
#   DCTL_2016_CXX      compiler for dctl-2016 (default clang++-16)
#   DCTL_2023_CXX      compiler for dctl-2023 (default the newest of g++-14, g++-13, g++-12
#                      on PATH, else g++ if it is version 12 or newer)
#   PEERS_BUILD        build folder (default target/peers)
#   CORE               the core to pin to (default 1)
#   BOARDLAB_BIN       a boardlab binary to time; when set, no cargo build is run (default
#                      $CARGO_TARGET_DIR/release/boardlab, built first)
set -euo pipefail

die() { echo "bench-peers: $*" >&2; exit 1; }

ROUNDS=5
QUICK=0
ONLY=all
OUT=
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rounds) ROUNDS="${2:?}"; shift 2 ;;
    --quick) QUICK=1; shift ;;
    --only) ONLY="${2:?}"; shift 2 ;;
    --out) OUT="${2:?}"; shift 2 ;;
    -h|--help) awk 'NR > 1 { if (!/^#/) exit; print }' "$0"; exit 0 ;;
    *) die "unknown argument $1 (see --help)" ;;
  esac
done
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "--rounds needs a positive integer"
[[ "$ONLY" == all || "$ONLY" == draughts ]] || die "--only takes draughts"

ROOT=$(cd "$(dirname "$0")/.." && pwd)
case "$OUT" in
  "") OUT=$ROOT/results/peers ;;
  /*) ;;
  *) OUT=$PWD/$OUT ;;
esac
cd "$ROOT"
CORE=${CORE:-1}
BUILD=${PEERS_BUILD:-$ROOT/target/peers}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
BOARDLAB=${BOARDLAB_BIN:-$CARGO_TARGET_DIR/release/boardlab}

# Two dctl builds, each at a pinned commit with its sibling header libraries pinned to the
# last commit at or before it (dctl's own CMakeLists expects them as checkouts beside it).
#   dctl-2016: November 2016, C++17 (-std=c++1z); builds with clang 16 and Boost headers.
#   dctl-2023: January 2023, C++23 (its CMakeLists asks for cxx_std_23); needs g++ 12 or
#              newer, Boost headers, and bit_set and tabula besides xstd.
DCTL_2016_COMMIT=dd1f2c565d3defe3160c2c21b4264d4e1d05a639
XSTD_2016_COMMIT=f8c2659839ffc46b93505939756f6dbad8b62180
DCTL_2023_COMMIT=de565a1cdea5d6097630038e8d5fb64d38658a25
XSTD_2023_COMMIT=1e1db050befa1daff3666df6088b09e6f93de969
BIT_SET_2023_COMMIT=438701e4b43f95c87cfe5912ce844703ca77f90c
TABULA_2023_COMMIT=ccaffa30e0d464bb1475d459fa8afe0fc7e4f2cb
DCTL_REPO=${DCTL_REPO:-https://github.com/rhalbersma/dctl}
XSTD_REPO=${XSTD_REPO:-https://github.com/rhalbersma/xstd}
BIT_SET_REPO=${BIT_SET_REPO:-https://github.com/rhalbersma/bit_set}
TABULA_REPO=${TABULA_REPO:-https://github.com/rhalbersma/tabula}

# The first g++ of version 12 or newer on PATH (empty if none).
find_gxx12() {
  local c
  for c in g++-14 g++-13 g++-12; do command -v "$c" >/dev/null && { echo "$c"; return; }; done
  command -v g++ >/dev/null && (($(g++ -dumpversion | cut -d. -f1) >= 12)) && echo g++ || true
}
DCTL_2016_CXX=${DCTL_2016_CXX:-clang++-16}
DCTL_2016_CXXFLAGS="-std=c++1z -O3 -march=native -DNDEBUG"
DCTL_2023_CXX=${DCTL_2023_CXX:-$(find_gxx12)}
DCTL_2023_CXXFLAGS="-std=c++23 -O3 -march=native -DNDEBUG"
DCTL_BUILDS=(dctl-2016 dctl-2023)
CC=${CC:-gcc}
CFLAGS="-O3 -march=native"
OPENSPIEL_VERSION=2.0.2

# ---- tools -------------------------------------------------------------------------
# The tools every run needs are installed or the script stops; a missing dctl compiler is
# installed where apt-get can, and otherwise only that dctl build is left out.
can_apt() { command -v apt-get >/dev/null && [[ $(id -u) -eq 0 ]]; }
apt_install() { # apt_install LOG PACKAGE...
  local log=$1; shift
  echo "installing $*" >&2
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"; } >"$log" 2>&1
}
need_pkgs=()
command -v taskset >/dev/null || need_pkgs+=(util-linux)
[[ -x /usr/bin/time ]] || need_pkgs+=(time)
command -v "$CC" >/dev/null || need_pkgs+=(gcc)
command -v git >/dev/null || need_pkgs+=(git)
command -v lscpu >/dev/null || need_pkgs+=(util-linux)
[[ -f /usr/include/boost/version.hpp ]] || need_pkgs+=(libboost-dev)
if [[ ${#need_pkgs[@]} -gt 0 ]]; then
  can_apt || die "missing ${need_pkgs[*]} and cannot apt-get install them (needs root on Debian/Ubuntu)"
  apt_install "$BUILD.apt.log" "${need_pkgs[@]}" ||
    die "apt-get install ${need_pkgs[*]} failed (log: $BUILD.apt.log)"
fi
want_pkgs=()
[[ $DCTL_2016_CXX != clang++-16 ]] || command -v clang++-16 >/dev/null || want_pkgs+=(clang-16)
[[ -n "$DCTL_2023_CXX" ]] || want_pkgs+=(g++-12)
if [[ ${#want_pkgs[@]} -gt 0 ]] && can_apt; then
  apt_install "$BUILD.apt-cxx.log" "${want_pkgs[@]}" ||
    echo "bench-peers: apt-get install ${want_pkgs[*]} failed (log: $BUILD.apt-cxx.log); going on without" >&2
  DCTL_2023_CXX=${DCTL_2023_CXX:-$(find_gxx12)}
fi
[[ -n "${BOARDLAB_BIN:-}" ]] || command -v cargo >/dev/null ||
  die "cargo not found: install Rust (https://rustup.rs) first"
taskset -c "$CORE" true 2>/dev/null || die "cannot pin to core $CORE (set CORE= to one this machine has)"

# ---- builds ------------------------------------------------------------------------
mkdir -p "$BUILD" "$OUT"
if [[ -n "${BOARDLAB_BIN:-}" ]]; then
  [[ -x "$BOARDLAB" ]] || die "BOARDLAB_BIN=$BOARDLAB is not an executable file"
else
  echo "building boardlab (cargo build --release)" >&2
  cargo build --release -q || die "cargo build --release failed"
fi

# A dctl build that fails leaves its reason in NOT_BUILT[build]; the run goes on without it.
declare -A DCTL_BIN=() NOT_BUILT=()
checkout() { # checkout URL COMMIT DIR; prints why on failure
  local url=$1 commit=$2 dir=$3
  if [[ ! -d "$dir/.git" ]]; then
    rm -rf "$dir"
    git clone -q "$url" "$dir" 2>/dev/null || { echo "git clone $url failed"; return 1; }
  fi
  git -C "$dir" checkout -q "$commit" 2>/dev/null ||
    { git -C "$dir" fetch -q origin 2>/dev/null && git -C "$dir" checkout -q "$commit" 2>/dev/null; } ||
    { echo "commit $commit not found in $url"; return 1; }
}
build_dctl() { # build_dctl BUILD CXX CXXFLAGS DRIVER [LIBRARY URL COMMIT]...
  local name=$1 cxx=$2 flags=$3 driver=$4 dir=$BUILD/$1 url commit repo why
  shift 4
  local includes=()
  if [[ -z "$cxx" ]] || ! command -v "$cxx" >/dev/null; then
    NOT_BUILT[$name]="compiler ${cxx:-g++ 12 or newer} not found"
    return
  fi
  mkdir -p "$dir"
  while [[ $# -gt 0 ]]; do
    repo=$1 url=$2 commit=$3
    shift 3
    why=$(checkout "$url" "$commit" "$dir/$repo") || { NOT_BUILT[$name]=$why; return; }
    includes+=(-I"$dir/$repo/include")
  done
  echo "building $name ($cxx $flags)" >&2
  # shellcheck disable=SC2086 # the flags are words
  if "$cxx" $flags "${includes[@]}" "$driver" -o "$dir/dctl_perft" 2>"$dir/build.log"; then
    DCTL_BIN[$name]=$dir/dctl_perft
  else
    NOT_BUILT[$name]="$cxx failed to compile $driver (log: $dir/build.log)"
  fi
}
build_dctl dctl-2016 "$DCTL_2016_CXX" "$DCTL_2016_CXXFLAGS" scripts/peers/dctl_perft.cpp \
  dctl "$DCTL_REPO" "$DCTL_2016_COMMIT" xstd "$XSTD_REPO" "$XSTD_2016_COMMIT"
build_dctl dctl-2023 "$DCTL_2023_CXX" "$DCTL_2023_CXXFLAGS" scripts/peers/dctl_perft_2023.cpp \
  dctl "$DCTL_REPO" "$DCTL_2023_COMMIT" xstd "$XSTD_REPO" "$XSTD_2023_COMMIT" \
  bit_set "$BIT_SET_REPO" "$BIT_SET_2023_COMMIT" tabula "$TABULA_REPO" "$TABULA_2023_COMMIT"
[[ ${#DCTL_BIN[@]} -gt 0 ]] ||
  die "neither dctl build succeeded (dctl-2016: ${NOT_BUILT[dctl-2016]}; dctl-2023: ${NOT_BUILT[dctl-2023]})"
for d in "${DCTL_BUILDS[@]}"; do
  [[ -z "${NOT_BUILT[$d]:-}" ]] || echo "bench-peers: $d not built: ${NOT_BUILT[$d]}; going on without it" >&2
done

if [[ $ONLY == all ]]; then
WD_BIN=$BUILD/warnsdorff
"$CC" $CFLAGS -Wall -Wextra -o "$WD_BIN" scripts/peers/warnsdorff.c 2>"$BUILD/warnsdorff.log" ||
  die "building scripts/peers/warnsdorff.c failed (log: $BUILD/warnsdorff.log)"

OS_VENV=$BUILD/openspiel-venv
if [[ ! -x "$OS_VENV/bin/python" ]] || ! "$OS_VENV/bin/python" -c 'import pyspiel' 2>/dev/null; then
  echo "installing open_spiel==$OPENSPIEL_VERSION into $OS_VENV" >&2
  { python3 -m venv "$OS_VENV" && "$OS_VENV/bin/pip" install -q "open_spiel==$OPENSPIEL_VERSION"; } \
    >"$BUILD/openspiel.log" 2>&1 || die "installing open_spiel failed (log: $BUILD/openspiel.log)"
fi
OS_GAMES="$OS_VENV/bin/python scripts/peers/openspiel_random_games.py"
fi

# ---- correctness checks before timing ---------------------------------------------
# Every rule set: RULES CHECK_DEPTH TIMED_DEPTHS. The check depth is shallow but deep
# enough that the rule sets' counts differ from one another (8x8 ones from depth 9, frisian's
# two conventions from depth 4); the timed depths take about 1-5 s for boardlab on one core.
# brazilian, canadian: dctl's international rules on an 8x8 or 12x12 board; killer: its
# counts equal international's from the start (the king halt needs a king), so only the
# timings tell the two apart.
PERFT_RULES=(
  "czech 9 11 12"   "english 9 11 12" "thai 9 11"
  "russian 9 11"    "brazilian 9 11"  "pool 9 11"    "spanish 9 11"   "italian 9 11"
  "international 8 10" "frisian 8 10" "killer 8 10"
  "canadian 7 9"
)
# Thai is counted from dctl's table position, three rows of men each (dctl's initial(2)),
# not Thai's own two-row start.
fen_of() { [[ $1 == thai ]] && echo "--fen W:W21-32:B1-12" || true; }
PERFT_TABLE=tests/data/draughts-variants.perft
# The published perft count of RULES CAPTURES DEPTH, or nothing where the table has none.
published_count() {
  awk -F, -v r="$1" -v c="$2" -v d="$3" '$1 == r && $2 == c && $3 == d { print $4 }' "$PERFT_TABLE"
}
# Each dctl build against boardlab, and boardlab against the published count where
# tests/data/draughts-variants.perft (dctl's own test tables) has one. PLAYS["BUILD RULES"]
# is set where that dctl build plays the rule set: a driver that answers "unknown rules"
# does not, and any other disagreement or failure stops the script.
declare -A PLAYS=()
for spec in "${PERFT_RULES[@]}"; do
  set -- $spec
  rules=$1 depth=$2
  for captures in paths moves; do
    b=$("$BOARDLAB" draughts perft --depth "$depth" --rules "$rules" --captures "$captures" $(fen_of "$rules") |
      sed -n 's/^perft([0-9]*) = \([0-9]*\).*/\1/p')
    [[ -n "$b" ]] || die "perft($depth) $rules $captures: boardlab printed no count"
    published=$(published_count "$rules" "$captures" "$depth")
    [[ -z "$published" || "$published" == "$b" ]] ||
      die "perft($depth) $rules $captures: boardlab $b, published $published"
    for d in "${DCTL_BUILDS[@]}"; do
      [[ -n "${DCTL_BIN[$d]:-}" ]] || continue
      err=$BUILD/$d/check.err
      if a=$("${DCTL_BIN[$d]}" "$rules" "$captures" "$depth" 2>"$err"); then
        [[ "$a" == "$b" ]] || die "perft($depth) $rules $captures: $d $a, boardlab $b"
        PLAYS[$d $rules]=1
      else
        grep -q '^unknown rules' "$err" ||
          die "$d failed on perft($depth) $rules $captures: $(tail -1 "$err")"
      fi
    done
  done
done
# Which dctl builds each rule set is timed with; a line of DCTL_NOTES for every rule set
# that has fewer than all of them, for the README.
declare -A PERFT_PEERS=()
DCTL_NOTES=()
for d in "${DCTL_BUILDS[@]}"; do
  [[ -z "${NOT_BUILT[$d]:-}" ]] ||
    DCTL_NOTES+=("$d was not built (${NOT_BUILT[$d]}), so every perft row is timed with ${!DCTL_BIN[*]} alone.")
done
for spec in "${PERFT_RULES[@]}"; do
  set -- $spec
  rules=$1 peers="" missing=""
  for d in "${DCTL_BUILDS[@]}"; do
    if [[ -n "${PLAYS[$d $rules]:-}" ]]; then peers+=" $d"
    elif [[ -n "${DCTL_BIN[$d]:-}" ]]; then missing+=" $d"
    fi
  done
  PERFT_PEERS[$rules]=${peers# }
  if [[ -z "$peers" ]]; then
    echo "bench-peers: no dctl build plays $rules; its perft is not timed" >&2
    DCTL_NOTES+=("$rules: no dctl build plays it, so it is not timed.")
  elif [[ -n "$missing" ]]; then
    echo "bench-peers: $rules is timed with${peers} alone (${missing# } does not play it)" >&2
    DCTL_NOTES+=("$rules: timed with${peers} alone; ${missing# } does not play it.")
  fi
done
if [[ $ONLY == all ]]; then
# The Warnsdorff walks must visit the same squares in the same order: every start on 8x8,
# and the corner of 1000x1000.
for y in 1 2 3 4 5 6 7 8; do for x in 1 2 3 4 5 6 7 8; do
  cmp -s <("$WD_BIN" 8 path "$x" "$y") \
    <("$BOARDLAB" knights-tour tour --board-size 8 --start "$x,$y" --rule seed --format moves 2>/dev/null | grep -E '^[0-9]+,[0-9]+$') ||
    die "8x8 Warnsdorff walks from $x,$y differ between warnsdorff.c and boardlab"
done; done
cmp -s <("$WD_BIN" 1000 path 1 1) \
  <("$BOARDLAB" knights-tour tour --board-size 1000 --start 1,1 --rule seed --format moves 2>/dev/null | grep -E '^[0-9]+,[0-9]+$') ||
  die "1000x1000 Warnsdorff walks from 1,1 differ between warnsdorff.c and boardlab"
fi

# ---- workloads ---------------------------------------------------------------------
# name|program|command|program|command...|boardlab|command: the peers, then boardlab, run in
# that order each round (counts parsed by count_of below)
if [[ $QUICK -eq 1 ]]; then
  PERFT_LESS=2; BIG_DRAWS=20; SMALL_DRAWS=64000; TTT_GAMES=100000; CHECKERS_GAMES=2000
else
  PERFT_LESS=0; BIG_DRAWS=150; SMALL_DRAWS=1280000; TTT_GAMES=1000000; CHECKERS_GAMES=20000
fi
WORKLOADS=()
for spec in "${PERFT_RULES[@]}"; do
  set -- $spec
  rules=$1; shift 2
  for depth in "$@"; do
    depth=$((depth - PERFT_LESS))
    for captures in paths moves; do
      w="perft-$rules-$captures-$depth"
      published=$(published_count "$rules" "$captures" "$depth")
      for d in ${PERFT_PEERS[$rules]}; do
        # A dctl build is timed only where it counts what the published tables say (dctl-2023
        # counts 110,919,946 for Russian moves perft(11), published 110,917,189).
        if [[ -n "$published" ]]; then
          a=$("${DCTL_BIN[$d]}" "$rules" "$captures" "$depth" 2>/dev/null) || a="(failed)"
          if [[ "$a" != "$published" ]]; then
            echo "bench-peers: $d counts $a for $rules $captures perft($depth), published $published; not timed there" >&2
            DCTL_NOTES+=("$rules $captures perft($depth): $d counts $a, the published count is $published, so it is not timed there.")
            continue
          fi
        fi
        w+="|$d|${DCTL_BIN[$d]} $rules $captures $depth"
      done
      [[ "$w" != *"|"* ]] ||
        WORKLOADS+=("$w|boardlab|$BOARDLAB draughts perft --depth $depth --rules $rules --captures $captures $(fen_of "$rules")")
    done
  done
done
# The peers run their work once per process and are timed as whole processes, so boardlab's
# benches run theirs once too (--warmup 0: no untimed run before it).
if [[ $ONLY == all ]]; then
WORKLOADS+=("warnsdorff-1000-corner-x$BIG_DRAWS|warnsdorff.c|$WD_BIN 1000 $BIG_DRAWS|boardlab|$BOARDLAB knights-tour bench --board-size 1000 --rule seed --draws $BIG_DRAWS --warmup 0")
WORKLOADS+=("warnsdorff-8-all-starts-x$SMALL_DRAWS|warnsdorff.c|$WD_BIN 8 $SMALL_DRAWS all|boardlab|$BOARDLAB knights-tour bench --board-size 8 --rule seed --all-starts --draws $SMALL_DRAWS --warmup 0")
WORKLOADS+=("fifteen-random-games-x$TTT_GAMES|openspiel|$OS_GAMES tic_tac_toe $TTT_GAMES 1|boardlab|$BOARDLAB fifteen bench --games $TTT_GAMES --warmup 0")
WORKLOADS+=("english-checkers-random-games-x$CHECKERS_GAMES|openspiel|$OS_GAMES checkers $CHECKERS_GAMES 1|boardlab|$BOARDLAB draughts games random random --rules english --games $CHECKERS_GAMES")
fi

# The count a run printed: perft leaves, `tours/squares` of the Warnsdorff walks, or games.
count_of() { # count_of PROGRAM OUTPUT_FILE
  case "$1" in
    dctl-*) tr -d '[:space:]' <"$2" ;;
    warnsdorff.c) awk '{print $1 "/" $2}' "$2" ;;
    openspiel) awk '{print $2}' "$2" ;;
    boardlab)
      if grep -q '^perft(' "$2"; then
        sed -n 's/^perft([0-9]*) = \([0-9]*\).*/\1/p' "$2"
      elif head -1 "$2" | grep -q '^pairing,'; then
        echo $(($(wc -l <"$2") - 1))
      elif grep -q '"tours"' "$2"; then
        python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("%d/%d" % (r["tours"], r["squares"]))' "$2"
      else
        python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["games"])' "$2"
      fi ;;
  esac
}
# Shares of first-seat wins, draws and second-seat wins of a batch of games, `W/D/L` in
# percent (empty for other workloads): random play of two isomorphic games gives the same.
outcomes_of() { # outcomes_of PROGRAM OUTPUT_FILE
  python3 - "$1" "$2" <<'PY' 2>/dev/null || true
import csv, json, sys
program, path = sys.argv[1], sys.argv[2]
text = open(path).read()
if program == "openspiel":
    f = text.split()
    w, d, l = int(f[3]), int(f[5]), int(f[7])
elif text.startswith("pairing,"):
    results = [r["result"] for r in csv.DictReader(open(path))]
    w, d, l = (results.count(x) for x in ("1-0", "1/2", "0-1"))
elif '"first_wins"' in text:
    r = json.loads(text)
    w, d, l = r["first_wins"], r["draws"], r["second_wins"]
else:
    sys.exit()
n = w + d + l
print(f"{100 * w / n:.1f}/{100 * d / n:.1f}/{100 * l / n:.1f}")
PY
}
# boardlab's own rate, CPU rate and CPU seconds of its timed loop, from its bench JSON
# (empty where it prints none).
rates_of() {
  python3 - "$1" <<'PY' 2>/dev/null || echo ",,"
import json, sys
try:
    r = json.load(open(sys.argv[1]))
except Exception:
    print(",,"); sys.exit()
print(f"{r.get('rate', '')},{r.get('cpu_rate', '')},{r.get('cpu_seconds', '')}")
PY
}
command -v python3 >/dev/null || die "python3 not found (needed to read boardlab's JSON)"

# peers.csv and README.md are written in a scratch folder and replace the committed ones only
# when every workload has been timed and checked.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CSV=$tmp/peers.csv
echo "workload,program,round,cpu_seconds,wall_seconds,count,outcomes,boardlab_rate,boardlab_cpu_rate,boardlab_loop_cpu_seconds" >"$CSV"
timed() { # timed PROGRAM COMMAND... ; leaves cpu, wall in $tmp/time, output in $tmp/out
  taskset -c "$CORE" /usr/bin/time -f '%U %S %e' -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err" ||
    die "$* failed: $(tail -1 "$tmp/err")"
}
for w in "${WORKLOADS[@]}"; do
  IFS='|' read -ra f <<<"$w"
  name=${f[0]}
  echo "timing $name" >&2
  for round in $(seq 1 "$ROUNDS"); do
    first="" counts=""
    for ((i = 1; i < ${#f[@]}; i += 2)); do
      program=${f[i]}
      # shellcheck disable=SC2086 # the command is words
      timed ${f[i + 1]}
      read -r user sys wall <"$tmp/time"
      cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
      count=$(count_of "$program" "$tmp/out")
      [[ -n "$count" ]] || die "$name: no count in $program's output"
      rates=",,"
      [[ $program == boardlab ]] && rates=$(rates_of "$tmp/out")
      outcomes=$(outcomes_of "$program" "$tmp/out")
      echo "$name,$program,$round,$cpu,$wall,$count,$outcomes,$rates" >>"$CSV"
      counts+="${counts:+, }$program $count"
      first=${first:-$count}
      [[ "$count" == "$first" ]] || die "$name round $round: counts differ ($counts)"
    done
  done
done

# ---- README ------------------------------------------------------------------------
cpu_model=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
# The model name alone can be vague ("AMD EPYC" under some hypervisors); the vendor, family
# and model numbers name the core generation (AMD family 26 = 1Ah, Zen 5).
cpu_id=$(lscpu | sed -n 's/^Vendor ID: *//p;s/^CPU family: *\(.*\)/family \1/p;s/^Model: *\(.*\)/model \1/p' | paste -sd' ')
flags=$(lscpu | sed -n 's/^Flags: *//p')
has() { [[ " $flags " == *" $1 "* ]] && echo yes || echo no; }
# Lines that name what was built: boardlab, the dctl builds (or why one is missing), and the
# other peers this run used; handed to the README writer below one per line.
boardlab_build="\`cargo build --release\`"
[[ -n "${BOARDLAB_BIN:-}" ]] && boardlab_build="the binary \`BOARDLAB_BIN\` named, from \`cargo build --release\`"
boost=$(sed -n 's/^#define BOOST_LIB_VERSION "\(.*\)"/\1/p' /usr/include/boost/version.hpp)
build_lines=("- boardlab: \`$("$BOARDLAB" --version)\`, $boardlab_build (Cargo.toml's release profile: codegen-units 1, thin LTO; no target-cpu flag, so generic x86-64), $(rustc --version 2>/dev/null || echo "rustc not on PATH")")
if [[ -n "${DCTL_BIN[dctl-2016]:-}" ]]; then
  build_lines+=("- dctl-2016: rhalbersma/dctl \`$DCTL_2016_COMMIT\` (November 2016) with rhalbersma/xstd \`$XSTD_2016_COMMIT\`, driver \`scripts/peers/dctl_perft.cpp\` (\`perft_state<true>\`: plain recursion, no hash table, moves at depth 1 counted without making them), \`$DCTL_2016_CXX $DCTL_2016_CXXFLAGS\`, $("$DCTL_2016_CXX" --version | head -1), Boost $boost")
else
  build_lines+=("- dctl-2016 (rhalbersma/dctl \`$DCTL_2016_COMMIT\`): not built, ${NOT_BUILT[dctl-2016]}")
fi
if [[ -n "${DCTL_BIN[dctl-2023]:-}" ]]; then
  build_lines+=("- dctl-2023: rhalbersma/dctl \`$DCTL_2023_COMMIT\` (January 2023) with rhalbersma/xstd \`$XSTD_2023_COMMIT\`, rhalbersma/bit_set \`$BIT_SET_2023_COMMIT\` and rhalbersma/tabula \`$TABULA_2023_COMMIT\`, driver \`scripts/peers/dctl_perft_2023.cpp\` (\`depth_limited_count<true>\`: plain recursion, no hash table, moves at depth 1 counted by \`model.count\` without making them), \`$DCTL_2023_CXX $DCTL_2023_CXXFLAGS\`, $("$DCTL_2023_CXX" --version | head -1), Boost $boost")
else
  build_lines+=("- dctl-2023 (rhalbersma/dctl \`$DCTL_2023_COMMIT\`): not built, ${NOT_BUILT[dctl-2023]}")
fi
if [[ $ONLY == all ]]; then
  build_lines+=("- warnsdorff.c: \`scripts/peers/warnsdorff.c\`, \`$CC $CFLAGS\`, $("$CC" --version | head -1)")
  build_lines+=("- OpenSpiel: \`open_spiel==$OPENSPIEL_VERSION\` from PyPI (its wheel's C++ build), $("$OS_VENV/bin/python" --version), driver \`scripts/peers/openspiel_random_games.py\`")
fi
build_lines+=("- CPU: $cpu_model, $cpu_id ($(nproc) cores); avx2: $(has avx2), avx512f: $(has avx512f), bmi2: $(has bmi2)")
printf '%s\n' "${build_lines[@]}" >"$tmp/build.txt"
printf '%s\n' ${DCTL_NOTES[@]+"${DCTL_NOTES[@]}"} >"$tmp/notes.txt"
ROUNDS=$ROUNDS ONLY=$ONLY CORE=$CORE DCTL_BUILDS="${DCTL_BUILDS[*]}" \
  python3 - "$CSV" "$tmp/README.md" "$tmp/build.txt" "$tmp/notes.txt" <<'PY'
import csv, os, statistics, sys
from collections import defaultdict
rows = list(csv.DictReader(open(sys.argv[1])))
build_lines = open(sys.argv[3]).read().splitlines()
notes = [n for n in open(sys.argv[4]).read().splitlines() if n]
rounds, only, core = os.environ["ROUNDS"], os.environ["ONLY"], os.environ["CORE"]
dctl_builds = os.environ["DCTL_BUILDS"].split()
cpu = defaultdict(list); meta = {}; peers_of = defaultdict(list); cpu_rate = defaultdict(list)
loop = defaultdict(list); outcomes = {}
for r in rows:
    name, program = r["workload"], r["program"]
    cpu[(name, program)].append(float(r["cpu_seconds"]))
    meta[name] = r["count"]
    if r["outcomes"]:
        outcomes[(name, program)] = r["outcomes"]
    if program != "boardlab":
        if program not in peers_of[name]:
            peers_of[name].append(program)
    else:
        if r["boardlab_cpu_rate"]: cpu_rate[name].append(float(r["boardlab_cpu_rate"]))
        if r["boardlab_loop_cpu_seconds"]: loop[name].append(float(r["boardlab_loop_cpu_seconds"]))
med = lambda name, program: statistics.median(cpu[(name, program)])
best = lambda name, program: min(cpu[(name, program)])
ratio = lambda a, b: f"{a / b:.2f}" if b > 0 else "n/a"
names = list(dict.fromkeys(r["workload"] for r in rows))
perft = [n for n in names if peers_of[n][0].startswith("dctl-")]
others = [n for n in names if n not in perft]
lines = []
w = lines.append
w("# boardlab against peer programs")
w("")
w(f"Written by `scripts/bench-peers.sh` (rounds: {rounds}, only: {only}); the runs are in `peers.csv`.")
w(f"The programs of a workload ran pinned to one core (`taskset -c {core}`), in turn each round;")
w("CPU time is the whole process's user + system time from `/usr/bin/time`, so start-up,")
w("allocation and (for boardlab's benches) validation are included. Each run's count (perft")
w("leaves, tours/squares, or games) was checked equal to its peers'. Before timing, every rule")
w("set's perft was checked at a shallow depth against each dctl build and against the published")
w("count in `tests/data/draughts-variants.perft`, and the Warnsdorff walks were compared square")
w("by square (every 8x8 start, the 1000x1000 corner) when they were timed.")
w("")
w("## Build")
w("")
for line in build_lines:
    w(line)
w("")
w("## Results (median of rounds)")
if perft:
    w("")
    w("Draughts perft: boardlab against the faster dctl build of each workload (by median CPU time).")
    w("")
    w("| workload | count | faster dctl | " + " | ".join(f"{d} CPU s" for d in dctl_builds)
      + " | boardlab CPU s | faster dctl / boardlab | fastest runs: dctl / boardlab |")
    w("|---|---|---|" + "---:|" * len(dctl_builds) + "---:|---:|---:|")
    for name in perft:
        fastest = min(peers_of[name], key=lambda p: med(name, p))
        cells = [f"{med(name, d):.2f}" if d in peers_of[name] else "–" for d in dctl_builds]
        a, b = med(name, fastest), med(name, "boardlab")
        quickest = min(best(name, p) for p in peers_of[name])
        w(f"| {name} | {meta[name]} | {fastest} | " + " | ".join(cells)
          + f" | {b:.2f} | {ratio(a, b)} | {ratio(quickest, best(name, 'boardlab'))} |")
    w("")
    w("A ratio above 1 means boardlab used less CPU time than the faster dctl build. The last")
    w("column divides the fastest run of any dctl build by boardlab's fastest run: on a shared")
    w("or virtual machine other work only ever adds time, so the fastest of several runs is the")
    w("steadier figure where the medians scatter. Rows are")
    w("`perft-RULES-CAPTURES-DEPTH` from the rule set's start position (8x8: czech, english, thai,")
    w("russian, brazilian, pool, spanish, italian; 10x10: international, frisian, killer; 12x12:")
    w("canadian), except thai, counted from dctl's table position `W:W21-32:B1-12` (three rows of")
    w("men each, dctl's `initial(2)`): captures `paths` counts every route (dctl's")
    w("keep_duplicates), `moves` counts captures with the same squares once (drop_duplicates);")
    w("boardlab ran without `--hash`. Both dctl builds play brazilian and canadian with their")
    w("international rules on an 8x8 and a 12x12 board; killer's counts equal international's")
    w("from the start.")
    if notes:
        w("")
        w("Rows with one dctl build alone (a dash in the other's column):")
        for n in notes:
            w(f"- {n}")
if others:
    w("")
    w("Other workloads:")
    w("")
    w("| workload | count | peer | peer CPU s | boardlab CPU s | peer / boardlab | boardlab loop CPU s | peer / boardlab loop | boardlab cpu_rate |")
    w("|---|---|---|---:|---:|---:|---:|---:|---:|")
    for name in others:
        p = peers_of[name][0]
        a, b = med(name, p), med(name, "boardlab")
        lp = statistics.median(loop[name]) if loop[name] else None
        lc = f"{lp:.2f}" if lp else ""
        lr = f"{a / lp:.2f}" if lp else ""
        cr = f"{statistics.median(cpu_rate[name]):.4g}" if cpu_rate[name] else ""
        w(f"| {name} | {meta[name]} | {p} | {a:.2f} | {b:.2f} | {ratio(a, b)} | {lc} | {lr} | {cr} |")
    w("")
    w("A ratio above 1 means boardlab used less CPU time than the peer.")
    w("")
    w("Warnsdorff counts are tours/squares. The C loop walks and counts; boardlab's bench walks")
    w("(the seed's rule in a loop with no tie bookkeeping, like the C loop), and validates every")
    w("walk with its independent validator after each batch's clock stops. Its *loop* columns are")
    w("the CPU time of the walks alone (its JSON `cpu_seconds`, per batch from")
    w("`/proc/thread-self/schedstat`): the like-for-like comparison with the C loop, which")
    w("validates nothing; the whole-process columns include boardlab's validation.")
    w("")
    w("Random games: both seats uniformly random, counted in games; OpenSpiel plays each game in")
    w("C++ through `pyspiel.evaluate_bots`, one Python call per game. The \"15\" game is")
    w("tic-tac-toe on a magic square, so random play ends alike: first-seat wins/draws/second-seat")
    w("wins in percent, OpenSpiel then boardlab:")
    for name in others:
        if (name, "boardlab") in outcomes:
            w(f"- {name}: {outcomes.get((name, peers_of[name][0]), '?')} and {outcomes[(name, 'boardlab')]}")
    w("")
    w("`fifteen bench` plays and checks every move legal (no rows written); `draughts games`")
    w("writes each game's row after the referee's replay. OpenSpiel's checkers is English")
    w("checkers with its own draw rules, so random games last a little differently.")
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
mv "$CSV" "$OUT/peers.csv"
mv "$tmp/README.md" "$OUT/README.md"
echo "wrote $OUT/peers.csv and $OUT/README.md" >&2
cat "$OUT/README.md"
