#!/usr/bin/env bash
# Times boardlab against independent programs that do the same work, each built here from
# its own source, and writes results/peers/peers.csv and results/peers/README.md.
#
#   draughts perft   dctl (Rein Halbersma's C++ draughts library) at a pinned commit, its
#                    plain recursive perft (no hash table), vs `boardlab draughts perft`, for
#                    every rule set both play (scripts/peers/dctl_perft.cpp names them)
#   Warnsdorff       scripts/peers/warnsdorff.c, the seed rule as a plain C loop, vs
#                    `boardlab knights-tour bench`
#   random games     OpenSpiel (pyspiel from PyPI, pinned) playing random against random
#                    tic-tac-toe and checkers (scripts/peers/openspiel_random_games.py), vs
#                    `boardlab fifteen bench` (the "15" game is tic-tac-toe on a magic square)
#                    and `boardlab draughts games random random --rules english`
#
# Both programs of a pair run pinned to one core (taskset -c $CORE), alternating A B A B
# for $ROUNDS rounds; /usr/bin/time gives whole-process user+system CPU time. Every run's
# count (leaves, tours and squares, or games) must equal its peer's, else the script stops.
#
# Usage: scripts/bench-peers.sh [--rounds N] [--quick] [--only draughts]
#   --quick            smaller workloads (perft two plies shallower, fewer tours), for
#                      checking the script
#   --only draughts    only the draughts perft pairs (no Warnsdorff, no OpenSpiel); the
#                      CSV and README then hold those rows alone
# Environment: DCTL_REPO / XSTD_REPO (git URLs or paths; a local mirror is used where one
# exists, else GitHub), PEERS_BUILD (build folder, default target/peers), CORE (default 1),
# BOARDLAB_BIN (a boardlab binary to time; when set, no cargo build is run; default
# $CARGO_TARGET_DIR/release/boardlab, built first).
set -euo pipefail

die() { echo "bench-peers: $*" >&2; exit 1; }

ROUNDS=5
QUICK=0
ONLY=all
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rounds) ROUNDS="${2:?}"; shift 2 ;;
    --quick) QUICK=1; shift ;;
    --only) ONLY="${2:?}"; shift 2 ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *) die "unknown argument $1 (see --help)" ;;
  esac
done
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "--rounds needs a positive integer"
[[ "$ONLY" == all || "$ONLY" == draughts ]] || die "--only takes draughts"

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
CORE=${CORE:-1}
BUILD=${PEERS_BUILD:-$ROOT/target/peers}
OUT=$ROOT/results/peers
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
BOARDLAB=${BOARDLAB_BIN:-$CARGO_TARGET_DIR/release/boardlab}

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
OPENSPIEL_VERSION=2.0.2

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
# dctl against boardlab, and both against the published count where
# tests/data/draughts-variants.perft (dctl's own test tables) has one.
for spec in "${PERFT_RULES[@]}"; do
  set -- $spec
  rules=$1 depth=$2
  for captures in paths moves; do
    a=$("$DCTL_BIN" "$rules" "$captures" "$depth")
    b=$("$BOARDLAB" draughts perft --depth "$depth" --rules "$rules" --captures "$captures" $(fen_of "$rules") |
      sed -n 's/^perft([0-9]*) = \([0-9]*\).*/\1/p')
    [[ -n "$a" && "$a" == "$b" ]] || die "perft($depth) $rules $captures: dctl $a, boardlab $b"
    published=$(awk -F, -v r="$rules" -v c="$captures" -v d="$depth" \
      '$1 == r && $2 == c && $3 == d { print $4 }' "$PERFT_TABLE")
    [[ -z "$published" || "$published" == "$a" ]] ||
      die "perft($depth) $rules $captures: dctl and boardlab $a, published $published"
  done
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
# name|peer|peer command|boardlab command   (counts parsed by count_of below)
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
      WORKLOADS+=("perft-$rules-$captures-$depth|dctl|$DCTL_BIN $rules $captures $depth|$BOARDLAB draughts perft --depth $depth --rules $rules --captures $captures $(fen_of "$rules")")
    done
  done
done
# The peers run their work once per process and are timed as whole processes, so boardlab's
# benches run theirs once too (--warmup 0: no untimed run before it).
if [[ $ONLY == all ]]; then
WORKLOADS+=("warnsdorff-1000-corner-x$BIG_DRAWS|warnsdorff.c|$WD_BIN 1000 $BIG_DRAWS|$BOARDLAB knights-tour bench --board-size 1000 --rule seed --draws $BIG_DRAWS --warmup 0")
WORKLOADS+=("warnsdorff-8-all-starts-x$SMALL_DRAWS|warnsdorff.c|$WD_BIN 8 $SMALL_DRAWS all|$BOARDLAB knights-tour bench --board-size 8 --rule seed --all-starts --draws $SMALL_DRAWS --warmup 0")
WORKLOADS+=("fifteen-random-games-x$TTT_GAMES|openspiel|$OS_GAMES tic_tac_toe $TTT_GAMES 1|$BOARDLAB fifteen bench --games $TTT_GAMES --warmup 0")
WORKLOADS+=("english-checkers-random-games-x$CHECKERS_GAMES|openspiel|$OS_GAMES checkers $CHECKERS_GAMES 1|$BOARDLAB draughts games random random --rules english --games $CHECKERS_GAMES")
fi

# The count a run printed: perft leaves, `tours/squares` of the Warnsdorff walks, or games.
count_of() { # count_of PROGRAM OUTPUT_FILE
  case "$1" in
    dctl) tr -d '[:space:]' <"$2" ;;
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
      rates=",,"
      [[ $program == boardlab ]] && rates=$(rates_of "$tmp/out")
      outcomes=$(outcomes_of "$program" "$tmp/out")
      echo "$name,$program,$round,$cpu,$wall,$count,$outcomes,$rates" >>"$CSV"
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
# Lines that name what was built: the boardlab binary, and the peers this run used.
boardlab_build="\`cargo build --release\`"
[[ -n "${BOARDLAB_BIN:-}" ]] && boardlab_build="the binary \`BOARDLAB_BIN\` named, from \`cargo build --release\`"
other_builds=""
if [[ $ONLY == all ]]; then
  other_builds="- warnsdorff.c: \`scripts/peers/warnsdorff.c\`, \`$CC $CFLAGS\`, $("$CC" --version | head -1)
- OpenSpiel: \`open_spiel==$OPENSPIEL_VERSION\` from PyPI (its wheel's C++ build), $("$OS_VENV/bin/python" --version), driver \`scripts/peers/openspiel_random_games.py\`"
fi
python3 - "$CSV" "$tmp/README.md" <<PY
import csv, statistics, sys
from collections import defaultdict
rows = list(csv.DictReader(open(sys.argv[1])))
cpu = defaultdict(list); meta = {}; peer_of = {}; rate = defaultdict(list); cpu_rate = defaultdict(list)
loop = defaultdict(list); outcomes = {}
for r in rows:
    cpu[(r["workload"], r["program"])].append(float(r["cpu_seconds"]))
    meta[r["workload"]] = r["count"]
    if r["outcomes"]:
        outcomes[(r["workload"], r["program"])] = r["outcomes"]
    if r["program"] != "boardlab":
        peer_of[r["workload"]] = r["program"]
    else:
        if r["boardlab_rate"]: rate[r["workload"]].append(float(r["boardlab_rate"]))
        if r["boardlab_cpu_rate"]: cpu_rate[r["workload"]].append(float(r["boardlab_cpu_rate"]))
        if r["boardlab_loop_cpu_seconds"]: loop[r["workload"]].append(float(r["boardlab_loop_cpu_seconds"]))
lines = []
w = lines.append
w("# boardlab against peer programs")
w("")
w("Written by \`scripts/bench-peers.sh\` (rounds: $ROUNDS, only: $ONLY); the runs are in \`peers.csv\`.")
w("Each pair ran pinned to one core (\`taskset -c $CORE\`), alternating peer and boardlab;")
w("CPU time is the whole process's user + system time from \`/usr/bin/time\`, so start-up,")
w("allocation and (for boardlab's benches) validation are included. Each run's count (perft")
w("leaves, tours/squares, or games) was checked equal to its peer's. Before timing, every rule")
w("set's perft was checked at a shallow depth against dctl and against the published count in")
w("\`tests/data/draughts-variants.perft\`, and the Warnsdorff walks were compared square by")
w("square (every 8x8 start, the 1000x1000 corner) when they were timed.")
w("")
w("## Build")
w("")
w("- boardlab: \`$("$BOARDLAB" --version)\`, \`cargo build --release\` (Cargo.toml's release profile: codegen-units 1, thin LTO; no target-cpu flag, so generic x86-64), $(rustc --version)".replace("\`cargo build --release\`", "$boardlab_build", 1))
w("- dctl: rhalbersma/dctl \`$DCTL_COMMIT\` with rhalbersma/xstd \`$XSTD_COMMIT\`, driver \`scripts/peers/dctl_perft.cpp\` (\`perft_state<true>\`: plain recursion, no hash table, moves at depth 1 counted without making them), \`$CXX $CXXFLAGS\`, $("$CXX" --version | head -1), Boost $(sed -n 's/^#define BOOST_LIB_VERSION "\(.*\)"/\1/p' /usr/include/boost/version.hpp)")
for line in """$other_builds""".splitlines():
    w(line)
w("- CPU: $cpu_model ($(nproc) cores); avx2: $(has avx2), avx512f: $(has avx512f), bmi2: $(has bmi2)")
w("")
w("## Results (median of rounds)")
w("")
w("| workload | count | peer | peer CPU s | boardlab CPU s | peer / boardlab | boardlab loop CPU s | peer / boardlab loop | boardlab cpu_rate |")
w("|---|---|---|---:|---:|---:|---:|---:|---:|")
for name in dict.fromkeys(r["workload"] for r in rows):
    p = peer_of[name]
    a = statistics.median(cpu[(name, p)]); b = statistics.median(cpu[(name, "boardlab")])
    ratio = f"{a / b:.2f}" if b > 0 else "n/a"
    lp = statistics.median(loop[name]) if loop[name] else None
    lc = f"{lp:.2f}" if lp else ""
    lr = f"{a / lp:.2f}" if lp else ""
    cr = f"{statistics.median(cpu_rate[name]):.4g}" if cpu_rate[name] else ""
    w(f"| {name} | {meta[name]} | {p} | {a:.2f} | {b:.2f} | {ratio} | {lc} | {lr} | {cr} |")
w("")
w("A ratio above 1 means boardlab used less CPU time than the peer. perft rows are")
w("\`perft-RULES-CAPTURES-DEPTH\` from the rule set's start position (8x8: czech, english, thai,")
w("russian, brazilian, pool, spanish, italian; 10x10: international, frisian, killer; 12x12:")
w("canadian), except thai, counted from dctl's table position \`W:W21-32:B1-12\` (three rows of")
w("men each, dctl's \`initial(2)\`): captures \`paths\` counts every route (dctl's")
w("keep_duplicates), \`moves\` counts captures with the same squares once (drop_duplicates);")
w("boardlab ran without \`--hash\`. dctl plays brazilian and canadian with its international")
w("rules on an 8x8 and a 12x12 board; killer's counts equal international's from the start.")
w("")
if "$ONLY" == "all":
    w("Warnsdorff counts are tours/squares. The C loop walks and counts; boardlab's bench walks")
    w("(the seed's rule in a loop with no tie bookkeeping, like the C loop), and validates every")
    w("walk with its independent validator after each batch's clock stops. Its *loop* columns are")
    w("the CPU time of the walks alone (its JSON \`cpu_seconds\`, per batch from")
    w("\`/proc/thread-self/schedstat\`): the like-for-like comparison with the C loop, which")
    w("validates nothing; the whole-process columns include boardlab's validation.")
    w("")
    w("Random games: both seats uniformly random, counted in games; OpenSpiel plays each game in")
    w("C++ through \`pyspiel.evaluate_bots\`, one Python call per game. The \"15\" game is")
    w("tic-tac-toe on a magic square, so random play ends alike: first-seat wins/draws/second-seat")
    w("wins in percent, OpenSpiel then boardlab:")
    for name in dict.fromkeys(r["workload"] for r in rows):
        if (name, "boardlab") in outcomes:
            w(f"- {name}: {outcomes.get((name, peer_of[name]), '?')} and {outcomes[(name, 'boardlab')]}")
    w("")
    w("\`fifteen bench\` plays and checks every move legal (no rows written); \`draughts games\`")
    w("writes each game's row after the referee's replay. OpenSpiel's checkers is English")
    w("checkers with its own draw rules, so random games last a little differently.")
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
mv "$CSV" "$OUT/peers.csv"
mv "$tmp/README.md" "$OUT/README.md"
echo "wrote $OUT/peers.csv and $OUT/README.md" >&2
cat "$OUT/README.md"
