#!/usr/bin/env bash
# Counts the valid ChessMemory boards of small instances a second, independent way: writes the
# CNF of `boardlab chess-memory sat cnf` and counts its models with an exact model counter from
# PyPI, pinned below and installed into a virtual environment under COUNTER_HOME: Ganak
# (pyganak, the default) or tididi (tididi-cnf, faster on the full 4×4 board). Neither shares
# code with boardlab: only the CNF is trusted. `--counter approxmc` estimates instead with the
# hashing-based counter ApproxMC (pyapproxmc, seed 1, ε = 0.8, δ = 0.2: within a factor 1.8
# of the count with probability at least 0.8), always projected onto the piece variables.
#
# The plain model count is the board count because the CNF's only auxiliaries (the `c reg`
# sequential counter registers) are defined by equivalences from the piece variables (`c var`
# lines), so each board has exactly one model. --projected counts the models projected onto
# the piece variables instead, which needs no such assumption but is slower; both gave the
# same counts on 4:queue:Q, 4:queue:NN, 4:queue:RRrr and 4:QNBR.
#
# Usage: scripts/count-external.sh [--counter ganak|tididi|approxmc] [--projected] [--csv-rows] [INSTANCE...]
#   INSTANCE    SIZE:ORDER, ORDER as `--order` of `boardlab chess-memory sat cnf`, e.g. 4:QNBR or
#               4:queue:RRrr (default: 4:queue:Q 4:queue:NN 4:queue:RRrr 4:QNBR 5:QNBR)
#   --csv-rows  no header, rows as scripts/board-counts.sh writes them
#               (size,order,instance,boards,classes,method,seconds; classes empty)
# Output: CSV on standard output, `size,order,boards,counter,seconds` (seconds: the count
# alone, reading the CNF included, writing it not). An instance that runs out of time or
# memory, or whose counter fails, has `timeout`, `out-of-memory` or `error` for boards; the
# script then exits 1 after the other instances. Counter progress goes to standard error.
# Environment: BOARDLAB_BIN (default target/release/boardlab; build it with
#   `cargo build --release`), COUNTER_HOME (default target/counter), COUNTER_TIMEOUT (seconds
#   per instance, default 600), COUNTER_MEMORY_MB (address-space limit of the counter, default
#   8192). One core: every counter is sequential. Not part of `cargo test` (it needs PyPI).
set -euo pipefail
die() { echo "count-external: $*" >&2; exit 2; }
cd "$(dirname "$0")/.."
declare -A package=([ganak]=pyganak==2.8.0 [tididi]=tididi-cnf==0.1.2 [approxmc]=pyapproxmc==4.4.0)
declare -A module=([ganak]=pyganak [tididi]=tididi_cnf [approxmc]=pyapproxmc)
counter=ganak
projected=0
rows=0
instances=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --counter) counter=${2:?--counter needs ganak, tididi or approxmc}; shift ;;
        --projected) projected=1 ;;
        --csv-rows) rows=1 ;;
        -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
        [4-8]:?*) instances+=("$1") ;;
        *) die "unknown argument $1 (an instance is SIZE:ORDER, e.g. 4:QNBR; see --help)" ;;
    esac
    shift
done
[[ -n ${package[$counter]:-} ]] || die "unknown counter $counter (ganak, tididi or approxmc)"
[[ ${#instances[@]} -gt 0 ]] || instances=(4:queue:Q 4:queue:NN 4:queue:RRrr 4:QNBR 5:QNBR)
boardlab=${BOARDLAB_BIN:-target/release/boardlab}
[[ -x $boardlab ]] || die "$boardlab is not an executable boardlab (cargo build --release, or set BOARDLAB_BIN)"
limit=${COUNTER_TIMEOUT:-600}
memory=${COUNTER_MEMORY_MB:-8192}
command -v python3 >/dev/null || die "python3 not found"

# The counter's package, pinned, in $COUNTER_HOME/venv; installed once.
home=${COUNTER_HOME:-target/counter}
py=$home/venv/bin/python
pin=${package[$counter]}
if ! "$py" -c "import importlib.metadata as m, sys; sys.exit(m.version('${pin%==*}') != '${pin#*==}')" 2>/dev/null; then
    mkdir -p "$home"
    [[ -x $py ]] || python3 -m venv "$home/venv"
    "$py" -m pip install --quiet --disable-pip-version-check "$pin" >&2 || die "could not install $pin from PyPI"
fi
name=$counter-${pin#*==}
[[ $projected == 0 ]] || name+=-projected

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[[ $rows == 1 ]] || echo "size,order,boards,counter,seconds"
failed=0
for instance in "${instances[@]}"; do
    size=${instance%%:*} order=${instance#*:}
    "$boardlab" chess-memory sat cnf --board-size "$size" --order "$order" --out "$work/instance.cnf" ||
        die "boardlab could not write the CNF of $instance"
    rm -f "$work/count"
    start=$(date +%s.%N)
    status=0
    # The count goes to a file: the counters print to standard output themselves.
    (ulimit -v $((memory * 1024)); exec timeout "$limit" "$py" - "$counter" "$work/instance.cnf" \
        "$projected" "$memory" "$work/count") >&2 <<'PY' || status=$?
import sys

counter, path, projected, memory, out = sys.argv[1], sys.argv[2], sys.argv[3] == "1", int(sys.argv[4]), sys.argv[5]
variables, clauses, pieces, literals = None, [], [], []
with open(path) as cnf:
    for line in cnf:
        if line.startswith("c var "):
            pieces.append(int(line.split()[2]))     # c var N SYMBOL SQUARE
        elif line.startswith("p cnf "):
            variables = int(line.split()[2])
        elif line.strip() and not line.startswith("c"):
            for literal in map(int, line.split()):   # a clause may span lines
                if literal:
                    literals.append(literal)
                else:
                    clauses.append(literals)
                    literals = []
assert variables is not None and not literals, "not a complete DIMACS CNF"
assert pieces, "no `c var` lines"
try:
    if counter == "ganak":
        from pyganak import Counter
        ganak = Counter()
        ganak.new_vars(variables)
        ganak.add_clauses(clauses)
        if projected:
            ganak.set_sampling_set(pieces)   # the others are existentially quantified
        models = ganak.count()
    elif counter == "approxmc":
        import pyapproxmc
        approx = pyapproxmc.Counter(seed=1, epsilon=0.8, delta=0.2)
        approx.add_clauses(clauses)
        cells, hashes = approx.count(pieces)
        models = cells * 2**hashes
    else:
        import tididi_cnf
        # Below the address-space limit, so that tididi splits the formula before it runs out.
        answer = tididi_cnf.count(clauses, num_vars=variables, mode="pmc" if projected else "mc",
                                  show=pieces if projected else None, mem_limit_mb=memory * 7 // 8)
        models = answer.count
except MemoryError:
    models = "out-of-memory"
except Exception as error:
    # Ganak's std::bad_alloc comes as a RuntimeError; tididi gives up within its memory limit.
    if "bad_alloc" not in str(error) and type(error).__name__ != "IncompleteError":
        raise
    print(error, file=sys.stderr)
    models = "out-of-memory"
with open(out, "w") as result:
    print(models, file=result)
PY
    seconds=$(printf '%.1f' "$(echo "$(date +%s.%N) - $start" | bc)")
    if [[ -s $work/count ]]; then
        boards=$(<"$work/count")
    elif [[ $status == 124 ]]; then
        boards=timeout
        echo "count-external: $instance ran out of time after ${limit}s" >&2
    else
        boards=error
        echo "count-external: the counter failed on $instance (exit status $status)" >&2
    fi
    [[ $boards =~ ^[0-9]+$ ]] || failed=1
    if [[ $rows == 1 ]]; then
        description=$(sed -n 's/^c instance //p' "$work/instance.cnf")
        echo "$size,$order,\"$description\",$boards,,$name,$seconds"
    else
        echo "$size,$order,$boards,$name,$seconds"
    fi
done
exit $failed
