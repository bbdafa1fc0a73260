#!/usr/bin/env python3
"""The per-order table of results/sat/README.md from a `boardlab chess-memory sat mistakes` CSV of type
orders (queues of 4 pairs per symbol, 8×8).

Usage: scripts/mistakes_table.py results/sat/mistakes/mistakes.csv
Pair names: Q3 is the third white queen pair of the queue, q2 the second black one.
"""

import collections
import csv
import statistics
import sys


def queue(order):
    return "".join(kind * 4 + kind.lower() * 4 for kind in order)


def pair_name(order, step):
    letters = queue(order)
    symbol = letters[step - 1]
    return f"{symbol}{letters[:step].count(symbol)}"


def row(order, rows):
    steps = [int(r["mistake_step"]) for r in rows if r["mistake_step"]]
    pairs = collections.Counter(pair_name(order, s) for s in steps)
    unresolved = sum(1 for r in rows if not r["mistake_step"] and r["first_dead_step"])
    iterations = sum(int(r["iterations"]) for r in rows)
    share = lambda column: 100 * sum(int(r[column]) for r in rows) / iterations
    per_mistake = [int(r["dead_iterations"]) / max(1, int(r["mistakes"])) for r in rows]
    step = f"{statistics.median(steps):g}" if steps else "-"
    if unresolved:
        step += f" ({unresolved} unresolved)"
    return "| " + " | ".join([
        order,
        str(sum(r["outcome"] == "solved" for r in rows)),
        f"{statistics.median(int(r['iterations']) for r in rows):,.0f}",
        f"{statistics.median(int(r['mistakes']) for r in rows):g}",
        f"{statistics.median(per_mistake):,.0f}",
        step,
        ", ".join(f"{name}×{count}" for name, count in pairs.most_common(3)),
        f"{statistics.median(int(r['deepest_dead_step']) for r in rows if r['deepest_dead_step']):g}",
        f"{share('dead_iterations'):.2f}%",
        f"{share('alive_off_path_iterations'):.2f}%",
        str(sum(int(r["undecided"]) for r in rows)),
    ]) + " |"


def main():
    rows = list(csv.DictReader(open(sys.argv[1])))
    by_order = collections.defaultdict(list)
    for r in rows:
        by_order[r["order"]].append(r)
    print("| order | solved | median iterations | median mistakes per draw | median dead iterations "
          "per mistake | median mistake step | most frequent mistake pairs | median deepest dead "
          "step | below mistakes | alive, abandoned | undecided questions |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for order, order_rows in by_order.items():
        print(row(order, order_rows))


if __name__ == "__main__":
    main()
