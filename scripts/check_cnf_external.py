#!/usr/bin/env python3
"""Solve `boardlab chess-memory sat cnf` output with other solvers (PySAT's CaDiCaL 1.9.5 and Glucose 4),
decode each model through the `c var N SYMBOL SQUARE` lines into a FEN board, and have
`boardlab chess-memory check` validate it. Unsatisfiable instances must be unsatisfiable for every solver.

Usage: check_cnf_external.py BOARDLAB   (run by scripts/check-cnf-external.sh)
"""

import subprocess
import sys

from pysat.formula import CNF
from pysat.solvers import Solver

# (arguments of `boardlab chess-memory sat cnf`, expected satisfiable?)
INSTANCES = [
    (["--size", "8"], True),                      # the seed's instance, full 8×8
    (["--size", "8", "--order", "RBNQ"], True),   # same composition, another order
    (["--size", "6"], True),                      # 6×6, two pairs per symbol, full
    (["--size", "5", "--order", "queue:QNBRqn"], True),  # 5×5 with empty squares
    (["--size", "8", "--order", "queue:QQQQQ"], True),  # five white queen pairs, empty squares
    (["--size", "4", "--order", "queue:QQQQQ"], False),  # ten queens cannot pair up on 4×4
    (["--size", "4", "--order", "queue:RR", "--partial", "4/4/4/RRR1"], False),
]
SOLVERS = ["cadical195", "glucose4"]


def board_from_model(text, model):
    """FEN of the board that `model` (signed DIMACS literals) describes."""
    size, pieces = None, {}
    true = {lit for lit in model if lit > 0}
    for line in text.splitlines():
        if line.startswith("c instance "):
            size = int(line.split()[2].split("×")[0])
        elif line.startswith("c var "):
            _, _, number, symbol, square = line.split()
            if int(number) in true:
                file, rank = ord(square[0]) - ord("A"), int(square[1:]) - 1
                assert (file, rank) not in pieces, "two symbols on " + square
                pieces[(file, rank)] = symbol
    ranks = []
    for rank in reversed(range(size)):
        row, empty = "", 0
        for file in range(size):
            symbol = pieces.get((file, rank))
            if symbol is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + symbol
            empty = 0
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks)


def main():
    boardlab = sys.argv[1]
    failures = 0
    for args, satisfiable in INSTANCES:
        text = subprocess.run([boardlab, "sat", "cnf", *args], check=True,
                              capture_output=True, text=True).stdout
        formula = CNF(from_string=text)
        for name in SOLVERS:
            with Solver(name=name, bootstrap_with=formula.clauses) as solver:
                result = solver.solve()
                if result != satisfiable:
                    print(f"FAIL {name} {args}: satisfiable={result}, expected {satisfiable}")
                    failures += 1
                    continue
                if not result:
                    print(f"ok   {name:10} {' '.join(args)}: unsatisfiable, as expected")
                    continue
                fen = board_from_model(text, solver.get_model())
                check = subprocess.run([boardlab, "check", fen], capture_output=True, text=True)
                verdict = check.stdout.strip().splitlines()[0] if check.stdout else check.stderr
                status = "ok  " if check.returncode == 0 else "FAIL"
                failures += check.returncode != 0
                print(f"{status} {name:10} {' '.join(args)}: {fen} -> boardlab chess-memory check: {verdict}")
    print(f"{failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
