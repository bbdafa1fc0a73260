#!/usr/bin/env python3
"""How often `boardlab compare` calls two runs of one spec different when only the master
seed differs: its false-positive rate, measured.

Runs the spec under 2*PAIRS master seeds (1, 2, ..., into scratch folders) and compares seed
2k-1 with seed 2k for every k. Into the folder `--out` it writes `pairs.csv`, one row per pair
(the seeds, compare's exit status, its smallest Holm-adjusted p-value), and `REPORT.md`, whose
finding is the share of pairs called different with its 95% Wilson interval, against the
`--alpha` compare used. Two runs of the same spec with independent seeds hold the same
distributions, so that share should be at most alpha.

    scripts/compare-error-rate.py --pairs 200 --out results/compare-error-rate
    scripts/compare-error-rate.py --pairs 20 --spec my-orders.toml --alpha 0.01 --out rate

Without `--spec` it runs the ChessMemory guide's spec (QNBR against RNBQ, 300 draws each,
cap 100,000). `BOARDLAB` names the binary (default: target/release/boardlab).
"""
import argparse
import csv
import math
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GUIDE_SPEC = """name = "my-orders"
description = "Queens first against rooks first"
orderings = ["QNBR", "RNBQ"]
algorithm = "seed"
restart = "none"
draws = 300
cap = 100000
seed = 7
"""
GUIDE_TEXT = "the ChessMemory guide's (QNBR against RNBQ, 300 draws each, cap 100,000)"
Z95 = 1.959963984540054


def wilson(k, n, z=Z95):
    """The 95% Wilson interval of k successes in n trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (0.0 if k == 0 else max(0.0, centre - half), 1.0 if k == n else min(1.0, centre + half))


def run(binary, spec, seed, out, threads):
    subprocess.run(
        [binary, "run", spec, "--seed", str(seed), "--out", out, "--quiet", "--threads", str(threads)],
        check=True, stdout=subprocess.DEVNULL)


def compare(binary, first, second, alpha):
    done = subprocess.run([binary, "compare", first, second, "--alpha", str(alpha)],
                          capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit(f"compare {first} {second} failed: {done.stderr.strip()}")
    # The table's rows end in the Holm-adjusted p-value and the verdict.
    found = [float(line.split()[-2]) for line in done.stdout.splitlines()
             if line.split()[-1:] in (["agree"], ["differ"]) and re.fullmatch(r"[0-9.eE+-]+", line.split()[-2])]
    return done.returncode, min(found) if found else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=200, help="pairs of seeds (default 200)")
    parser.add_argument("--spec", help="the spec to run (default: the ChessMemory guide's)")
    parser.add_argument("--alpha", type=float, default=0.01, help="compare's --alpha (default 0.01)")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", required=True, help="the folder for pairs.csv and REPORT.md")
    parser.add_argument("--report-only", action="store_true",
                        help="write REPORT.md again from the folder's pairs.csv, running nothing")
    args = parser.parse_args()
    if args.pairs < 1:
        sys.exit("--pairs must be at least 1")
    if args.report_only:
        with open(os.path.join(args.out, "pairs.csv"), newline="") as f:
            rows = [{"first_seed": int(r["first_seed"]), "second_seed": int(r["second_seed"]),
                     "exit": int(r["exit"]), "smallest_holm_p": float(r["smallest_holm_p"])}
                    for r in csv.DictReader(f)]
        write_report(args, rows)
        return
    binary = os.environ.get("BOARDLAB", os.path.join(ROOT, "target", "release", "boardlab"))
    if not os.access(binary, os.X_OK):
        sys.exit(f"{binary} is not an executable boardlab: build it with `cargo build --release` or set BOARDLAB")
    with tempfile.TemporaryDirectory() as scratch:
        spec = args.spec
        if spec is None:
            spec = os.path.join(scratch, "my-orders.toml")
            with open(spec, "w") as f:
                f.write(GUIDE_SPEC)
        rows = []
        for k in range(1, args.pairs + 1):
            first, second = (os.path.join(scratch, f"seed-{s}") for s in (2 * k - 1, 2 * k))
            run(binary, spec, 2 * k - 1, first, args.threads)
            run(binary, spec, 2 * k, second, args.threads)
            status, p = compare(binary, first, second, args.alpha)
            rows.append({"first_seed": 2 * k - 1, "second_seed": 2 * k, "exit": status, "smallest_holm_p": p})
            for folder in (first, second):
                subprocess.run(["rm", "-rf", folder], check=True)
            print(f"{k}/{args.pairs} pairs", file=sys.stderr, end="\r")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "pairs.csv"), "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=["first_seed", "second_seed", "exit", "smallest_holm_p"])
        writer.writeheader()
        writer.writerows(rows)
    write_report(args, rows)


def write_report(args, rows):
    """REPORT.md in the folder `args.out`: the finding computed from `rows`."""
    different = [r for r in rows if r["exit"] == 1]
    low, high = wilson(len(different), len(rows))
    finding = (f"compare called {len(different)} of {len(rows)} pairs of seeds different: "
               f"{100 * len(different) / len(rows):.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
               f"(95% Wilson interval) at alpha = {args.alpha}")
    named = ", ".join(f"{r['first_seed']} with {r['second_seed']}" for r in different) or "none"
    spec_text = GUIDE_TEXT if args.spec is None else f"`{args.spec}`"
    options = ("" if args.spec is None else f" --spec {args.spec}") + (
        "" if args.alpha == 0.01 else f" --alpha {args.alpha}")
    lines = [
        "# How often compare calls two seeds of one spec different",
        "",
        f"**Finding:** {finding}.",
        "",
        f"- **Spec:** {spec_text}.",
        f"- **Pairs:** master seeds 1 with 2, 3 with 4, ..., {2 * len(rows) - 1} with {2 * len(rows)};"
        " each pair's seeds, compare's exit status and its smallest Holm-adjusted p-value are in `pairs.csv`.",
        f"- **Called different:** {named}.",
        f"- **Made by:** `scripts/compare-error-rate.py --pairs {len(rows)} --out <this folder>{options}`.",
        "",
    ]
    with open(os.path.join(args.out, "REPORT.md"), "w") as report:
        report.write("\n".join(lines))
    print(finding, file=sys.stderr)


if __name__ == "__main__":
    main()
