#!/usr/bin/env python3
"""Choose one fixed restart cutoff for all orderings of a results folder.

For a cutoff t and the folder's iteration cap C, the restart analysis predicts what an
experiment restarting every t iterations measures for each ordering (the same formula as
boardlab's `stats::restart::fixed_cutoff_prediction`, with each draw at its bin's lower edge):
with p = P(T <= t), A = E[T; T <= t], m = C // t runs and r = C - m t,

    E[min(total, C)] = sum_{k<m} (1-p)^k (k t p + A) + (1-p)^m (m t + E[min(T, r)])

The script prints the cutoff that minimises the sum of these capped means over the orderings,
the expected work of running them all with one policy (each ordering weighs at most the
cap), among the candidates t = the last value of each histogram bin. It also prints, for each
ordering, its own optimum of the uncapped cost E[min(T, t)] / P(T <= t).

Usage: scripts/choose_restart_cutoff.py results/orderings [CAP]
"""
import csv
import json
import sys
from collections import defaultdict


def load(folder):
    bins = defaultdict(list)  # ordering -> [(lower, upper_exclusive, solved, unsolved)]
    with open(f"{folder}/histogram.csv") as f:
        for row in csv.DictReader(f):
            unsolved = int(row["censored"]) + int(row["exhausted"])
            bins[row["ordering"]].append((int(row["lower"]), int(row["upper"]), int(row["solved"]), unsolved))
    return {k: sorted(v) for k, v in bins.items()}


def moments(rows, x):
    """P(T <= x) and E[T; T <= x], draws at their bin's lower edge."""
    n = sum(r[2] + r[3] for r in rows)
    solved = sum(r[2] for r in rows if r[0] <= x)
    partial = sum(r[0] * r[2] for r in rows if r[0] <= x)
    return solved / n, partial / n


def capped_mean(rows, t, cap):
    p, partial = moments(rows, t)
    m, r = divmod(cap, t)
    total, fail_all = 0.0, 1.0
    for k in range(m):
        total += fail_all * (k * t * p + partial)
        fail_all *= 1.0 - p
    if r:
        p_r, partial_r = moments(rows, r)
        total += fail_all * (m * t + partial_r + r * (1.0 - p_r))
    else:
        total += fail_all * m * t
    return total


def uncapped_cost(rows, t):
    p, partial = moments(rows, t)
    return (partial + t * (1.0 - p)) / p if p > 0 else float("inf")


def main(folder, cap):
    orderings = load(folder)
    candidates = sorted({upper - 1 for rows in orderings.values() for (_, upper, _, _) in rows if upper - 1 <= cap})
    # A coarse grid first (every 8th candidate), then all candidates near the best.
    def work(t):
        return sum(capped_mean(rows, t, cap) for rows in orderings.values())
    coarse = min(candidates[::8], key=work)
    near = [t for t in candidates if coarse / 1.5 <= t <= coarse * 1.5]
    best = min(near, key=work)
    print(f"cap {cap}: best common cutoff t = {best}, predicted work {work(best):,.0f} iterations per draw summed over {len(orderings)} orderings (no restarts: {work(cap):,.0f})")
    for name, rows in orderings.items():
        own = min((t for t in candidates if t >= 32), key=lambda t: uncapped_cost(rows, t))
        print(f"  {name}: capped mean at t {capped_mean(rows, best, cap):,.0f} (no restarts {capped_mean(rows, cap, cap):,.0f}); own optimum t = {own}, cost {uncapped_cost(rows, own):,.0f}")


if __name__ == "__main__":
    folder = sys.argv[1] if len(sys.argv) > 1 else "results/orderings"
    cap = int(sys.argv[2]) if len(sys.argv) > 2 else json.load(open(f"{folder}/manifest.json"))["spec"]["cap"]
    main(folder, cap)
