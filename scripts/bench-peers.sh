#!/usr/bin/env bash
# Times boardlab against independent programs that do the same work, each built here from
# its own source, and writes results/peers/peers.csv and results/peers/README.md.
#
#   draughts perft   dctl (Rein Halbersma's C++ draughts library) at a pinned commit, its
#                    plain recursive perft (no hash table), vs `boardlab draughts perft`
#   Warnsdorff       scripts/peers/warnsdorff.c, the seed rule as a plain C loop, vs
#                    `boardlab knights-tour bench`
#
# Both programs of a pair run pinned to one core (taskset -c $CORE), alternating A B A B
# for $ROUNDS rounds; /usr/bin/time gives whole-process user+system CPU time. Every run's
# count (leaves, or tours and squares) must equal its peer's, else the script stops.
#
# Usage: scripts/bench-peers.sh [--rounds N] [--quick]
#   --quick    smaller workloads (perft 9/10, fewer tours), for checking the script
# Environment: DCTL_REPO / XSTD_REPO (git URLs or paths; a local mirror is used where one
# exists, else GitHub), PEERS_BUILD (build folder, default target/peers), CORE (default 1).
set -euo pipefail

die() { echo "bench-peers: $*" >&2; exit 1; }

ROUNDS=5
QUICK=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rounds) ROUNDS="${2:?}"; shift 2 ;;
    --quick) QUICK=1; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) die "unknown argument $1 (see --help)" ;;
  esac
done
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "--rounds needs a positive integer"

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
CORE=${CORE:-1}
BUILD=${PEERS_BUILD:-$ROOT/target/peers}
OUT=$ROOT/results/peers
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
BOARDLAB=$CARGO_TARGET_DIR/release/boardlab

# dctl from November 2016: C++17 (-std=c++1z), builds with clang 16 and Boost headers;
# later commits need C++20/23 compilers newer than Debian 12's. xstd is its sibling
# header library, pinned to the last commit before that dctl commit.
DCTL_COMMIT=dd1f2c565d3defe3160c2c21b4264d4e1d05a639
XSTD_COMMIT=f8c2659839ffc46b93505939756f6dbad8b62180
mirror_or() { [[ -d "$1" ]] && echo "$1" || echo "$2"; }
DCTL_REPO=${DCTL_REPO:-$(mirror_or /work/.mirror/rhalbersma+dctl/repo https://github.com/rhalbersma/dctl)}
XSTD_REPO=${XSTD_REPO:-$(mirror_or /work/.mirror/rhalbersma+xstd/repo https://github.com/rhalbersma/xstd)}

CXX=${CXX:-clang++-16}
CXXFLAGS="-std=c++1z -O3 -march=native -DNDEBUG"
CC=${CC:-gcc}
CFLAGS="-O3 -march=native"

# ---- tools -------------------------------------------------------------------------
need_pkgs=()
command -v taskset >/dev/null || need_pkgs+=(util-linux)
[[ -x /usr/bin/time ]] || need_pkgs+=(time)
command -v "$CXX" >/dev/null || need_pkgs+=(clang-16)
command -v "$CC" >/dev/null || need_pkgs+=(gcc)
command -v git >/dev/null || need_pkgs+=(git)
command -v lscpu >/dev/null || need_pkgs+=(util-linux)
[[ -f /usr/include/boost/version.hpp ]] || need_pkgs+=(libboost-dev)
if [[ ${#need_pkgs[@]} -gt 0 ]]; then
  command -v apt-get >/dev/null && [[ $(id -u) -eq 0 ]] ||
    die "missing ${need_pkgs[*]} and cannot apt-get install them (needs root on Debian/Ubuntu)"
  echo "installing ${need_pkgs[*]}" >&2
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need_pkgs[@]}"; } \
    >"$BUILD.apt.log" 2>&1 || die "apt-get install ${need_pkgs[*]} failed (log: $BUILD.apt.log)"
fi
command -v cargo >/dev/null || die "cargo not found: install Rust (https://rustup.rs) first"
taskset -c "$CORE" true 2>/dev/null || die "cannot pin to core $CORE (set CORE= to one this machine has)"

# ---- builds ------------------------------------------------------------------------
mkdir -p "$BUILD" "$OUT"
echo "building boardlab (cargo build --release)" >&2
cargo build --release -q || die "cargo build --release failed"

checkout() { # checkout URL COMMIT DIR
  local url=$1 commit=$2 dir=$3
  if [[ ! -d "$dir/.git" ]]; then
    git clone -q "$url" "$dir" 2>/dev/null || die "git clone $url failed"
  fi
  git -C "$dir" checkout -q "$commit" 2>/dev/null ||
    { git -C "$dir" fetch -q origin 2>/dev/null && git -C "$dir" checkout -q "$commit"; } 2>/dev/null ||
    die "commit $commit not found in $url"
}
checkout "$DCTL_REPO" "$DCTL_COMMIT" "$BUILD/dctl"
checkout "$XSTD_REPO" "$XSTD_COMMIT" "$BUILD/xstd"

DCTL_BIN=$BUILD/dctl_perft
echo "building dctl perft driver ($CXX $CXXFLAGS)" >&2
"$CXX" $CXXFLAGS -I"$BUILD/dctl/include" -I"$BUILD/xstd/include" \
  scripts/peers/dctl_perft.cpp -o "$DCTL_BIN" 2>"$BUILD/dctl_perft.log" ||
  die "building the dctl driver failed (log: $BUILD/dctl_perft.log)"

WD_BIN=$BUILD/warnsdorff
"$CC" $CFLAGS -Wall -Wextra -o "$WD_BIN" scripts/peers/warnsdorff.c 2>"$BUILD/warnsdorff.log" ||
  die "building scripts/peers/warnsdorff.c failed (log: $BUILD/warnsdorff.log)"

# ---- correctness checks before timing ---------------------------------------------
# dctl's own test table (test/src/aima/traversal/initial/board8x8.cpp) against boardlab.
for spec in "czech paths 9" "czech moves 9" "english paths 9" "english moves 9"; do
  set -- $spec
  a=$("$DCTL_BIN" "$1" "$2" "$3")
  b=$("$BOARDLAB" draughts perft --depth "$3" --rules "$1" --captures "$2" | sed -n 's/^perft([0-9]*) = \([0-9]*\).*/\1/p')
  [[ -n "$a" && "$a" == "$b" ]] || die "perft($3) $1 $2: dctl $a, boardlab $b"
done
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

# ---- workloads ---------------------------------------------------------------------
# name|peer|peer command|boardlab command   (counts parsed by count_of below)
if [[ $QUICK -eq 1 ]]; then
  PERFT_DEPTHS="9 10"; BIG_DRAWS=20; SMALL_DRAWS=64000
else
  PERFT_DEPTHS="11 12"; BIG_DRAWS=150; SMALL_DRAWS=1280000
fi
WORKLOADS=()
for depth in $PERFT_DEPTHS; do
  for rules in czech english; do
    for captures in paths moves; do
      WORKLOADS+=("perft-$rules-$captures-$depth|dctl|$DCTL_BIN $rules $captures $depth|$BOARDLAB draughts perft --depth $depth --rules $rules --captures $captures")
    done
  done
done
WORKLOADS+=("warnsdorff-1000-corner-x$BIG_DRAWS|warnsdorff.c|$WD_BIN 1000 $BIG_DRAWS|$BOARDLAB knights-tour bench --board-size 1000 --rule seed --draws $BIG_DRAWS")
WORKLOADS+=("warnsdorff-8-all-starts-x$SMALL_DRAWS|warnsdorff.c|$WD_BIN 8 $SMALL_DRAWS all|$BOARDLAB knights-tour bench --board-size 8 --rule seed --all-starts --draws $SMALL_DRAWS")

# The count a run printed: perft leaves, or `tours squares` of the Warnsdorff walks.
count_of() { # count_of PROGRAM OUTPUT_FILE
  case "$1" in
    dctl) tr -d '[:space:]' <"$2" ;;
    warnsdorff.c) awk '{print $1 "/" $2}' "$2" ;;
    boardlab)
      if grep -q '^perft(' "$2"; then
        sed -n 's/^perft([0-9]*) = \([0-9]*\).*/\1/p' "$2"
      else
        python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("%d/%d" % (r["tours"], r["squares"]))' "$2"
      fi ;;
  esac
}
# boardlab's own rate and CPU rate from its bench JSON (empty for perft).
rates_of() {
  python3 - "$1" <<'PY' 2>/dev/null || echo ","
import json, sys
try:
    r = json.load(open(sys.argv[1]))
except Exception:
    print(","); sys.exit()
print(f"{r.get('rate', '')},{r.get('cpu_rate', '')}")
PY
}
command -v python3 >/dev/null || die "python3 not found (needed to read boardlab's JSON)"

# peers.csv and README.md are written in a scratch folder and replace the committed ones only
# when every workload has been timed and checked.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CSV=$tmp/peers.csv
echo "workload,program,round,cpu_seconds,wall_seconds,count,boardlab_rate,boardlab_cpu_rate" >"$CSV"
timed() { # timed PROGRAM COMMAND... ; leaves cpu, wall in $tmp/time, output in $tmp/out
  taskset -c "$CORE" /usr/bin/time -f '%U %S %e' -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err" ||
    die "$* failed: $(tail -1 "$tmp/err")"
}
for w in "${WORKLOADS[@]}"; do
  IFS='|' read -r name peer peer_cmd lab_cmd <<<"$w"
  echo "timing $name" >&2
  for round in $(seq 1 "$ROUNDS"); do
    counts=()
    for program in "$peer" boardlab; do
      if [[ $program == boardlab ]]; then timed $lab_cmd; else timed $peer_cmd; fi
      read -r user sys wall <"$tmp/time"
      cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
      count=$(count_of "$program" "$tmp/out")
      [[ -n "$count" ]] || die "$name: no count in $program's output"
      rates=","
      [[ $program == boardlab ]] && rates=$(rates_of "$tmp/out")
      echo "$name,$program,$round,$cpu,$wall,$count,$rates" >>"$CSV"
      counts+=("$count")
    done
    [[ "${counts[0]}" == "${counts[1]}" ]] ||
      die "$name round $round: counts differ ($peer ${counts[0]}, boardlab ${counts[1]})"
  done
done

# ---- README ------------------------------------------------------------------------
cpu_model=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
flags=$(lscpu | sed -n 's/^Flags: *//p')
has() { [[ " $flags " == *" $1 "* ]] && echo yes || echo no; }
python3 - "$CSV" "$tmp/README.md" <<PY
import csv, statistics, sys
from collections import defaultdict
rows = list(csv.DictReader(open(sys.argv[1])))
cpu = defaultdict(list); meta = {}; peer_of = {}; rate = defaultdict(list); cpu_rate = defaultdict(list)
for r in rows:
    cpu[(r["workload"], r["program"])].append(float(r["cpu_seconds"]))
    meta[r["workload"]] = r["count"]
    if r["program"] != "boardlab":
        peer_of[r["workload"]] = r["program"]
    else:
        if r["boardlab_rate"]: rate[r["workload"]].append(float(r["boardlab_rate"]))
        if r["boardlab_cpu_rate"]: cpu_rate[r["workload"]].append(float(r["boardlab_cpu_rate"]))
lines = []
w = lines.append
w("# boardlab against peer programs")
w("")
w("Written by \`scripts/bench-peers.sh\` (rounds: $ROUNDS); the runs are in \`peers.csv\`.")
w("Each pair ran pinned to one core (\`taskset -c $CORE\`), alternating peer and boardlab;")
w("CPU time is the whole process's user + system time from \`/usr/bin/time\`, so start-up,")
w("allocation and (for boardlab's bench) tour validation are included. Each run's count")
w("(perft leaves, or tours/squares) was checked equal to its peer's, and before timing the")
w("Warnsdorff walks were compared square by square (every 8x8 start, the 1000x1000 corner).")
w("")
w("## Build")
w("")
w("- boardlab: \`$("$BOARDLAB" --version)\`, \`cargo build --release\` (Cargo.toml's release profile: codegen-units 1, thin LTO; no target-cpu flag, so generic x86-64), $(rustc --version)")
w("- dctl: rhalbersma/dctl \`$DCTL_COMMIT\` with rhalbersma/xstd \`$XSTD_COMMIT\`, driver \`scripts/peers/dctl_perft.cpp\` (\`perft_state<true>\`: plain recursion, no hash table, moves at depth 1 counted without making them), \`$CXX $CXXFLAGS\`, $("$CXX" --version | head -1), Boost $(sed -n 's/^#define BOOST_LIB_VERSION "\(.*\)"/\1/p' /usr/include/boost/version.hpp)")
w("- warnsdorff.c: \`scripts/peers/warnsdorff.c\`, \`$CC $CFLAGS\`, $("$CC" --version | head -1)")
w("- CPU: $cpu_model ($(nproc) cores); avx2: $(has avx2), avx512f: $(has avx512f), bmi2: $(has bmi2)")
w("")
w("## Results (median of rounds)")
w("")
w("| workload | count | peer | peer CPU s | boardlab CPU s | peer / boardlab | boardlab rate | boardlab cpu_rate |")
w("|---|---|---|---:|---:|---:|---:|---:|")
for name in dict.fromkeys(r["workload"] for r in rows):
    p = peer_of[name]
    a = statistics.median(cpu[(name, p)]); b = statistics.median(cpu[(name, "boardlab")])
    ratio = f"{a / b:.2f}" if b > 0 else "n/a"
    rr = f"{statistics.median(rate[name]):.4g}" if rate[name] else ""
    cr = f"{statistics.median(cpu_rate[name]):.4g}" if cpu_rate[name] else ""
    w(f"| {name} | {meta[name]} | {p} | {a:.2f} | {b:.2f} | {ratio} | {rr} | {cr} |")
w("")
w("A ratio above 1 means boardlab used less CPU time than the peer. perft rows are")
w("\`perft-RULES-CAPTURES-DEPTH\` from the 8x8 start position: captures \`paths\` counts every")
w("route (dctl's keep_duplicates), \`moves\` counts captures with the same squares once")
w("(drop_duplicates); boardlab ran without \`--hash\`. Warnsdorff counts are tours/squares; the")
w("rate columns are boardlab's own JSON (squares per second of its timed loop, per wall and per")
w("CPU second). boardlab's bench does more per draw than the C loop: it records each walk's")
w("tie-breaks, times each walk and validates every tour it finds (outside its timed loop),")
w("so on 8x8 (where 31 of 32 walks are tours) much of its")
w("whole-process time is that; squares / rate gives the time of its walking loop alone.")
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
mv "$CSV" "$OUT/peers.csv"
mv "$tmp/README.md" "$OUT/README.md"
echo "wrote $OUT/peers.csv and $OUT/README.md" >&2
cat "$OUT/README.md"
