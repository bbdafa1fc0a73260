"""boardlab's PDN against a second program's: pydraughts (PyPI, pinned by pdn-cross-check.sh).

For every rule set the two programs share, three round trips, each compared position by
position at the end of every game:

1. boardlab writes: `boardlab draughts games random random --pdn` plays seeded games; pydraughts
   reads the file, plays every move on its own board (a move it cannot read or finds illegal
   fails the check) and must reach the end position `boardlab draughts replay` prints.
2. pydraughts writes those games back with its own writer; boardlab replays its file and must
   reach the same end positions.
3. pydraughts plays: seeded random games chosen among pydraughts' own legal moves, written by
   pydraughts; boardlab replays them (every move legal under boardlab's rules) and must reach
   pydraughts' end positions.

Then the published tournament games of tests/data/pdn (international and Russian): both
programs read them and must reach the same end positions.

King captures are counted, and a rule set whose games had none fails the check. Two
adaptations, both for Russian draughts: pydraughts reads captures written with `x` only, so the
Russian `:` is given to it as `x`; and a Russian FEN tag is given to it as boardlab writes that
position, in letters (`boardlab draughts moves FEN` prints it), because pydraughts numbers the
Russian squares its own way and reads no `.` at the end of a FEN, both of which a published
Russian game has.
Brazilian draughts is left out: its PDN from boardlab says with its GameType that its squares
are numbered, which pydraughts does not read (it reads Brazilian moves in letters only).
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

from draughts import Board, Move
from draughts.PDN import PDNReader, PDNWriter

# boardlab's rule set -> pydraughts' variant name.
SHARED = {
    "international": "standard",
    "english": "english",
    "italian": "italian",
    "russian": "russian",
    "frisian": "frisian",
}
PUBLISHED = {
    "wk2003.pdn": "international",
    "candidate95.pdn": "international",
    "090417ronde12.pdn": "international",
    "ussr1947.pdn": "russian",
}


class Failure(Exception):
    pass


def position(fen):
    """A FEN as (side to move, White's men, White's kings, Black's men, Black's kings), each a
    set of square names, whatever the order, ranges or a final `.`."""
    fen = fen.strip().rstrip(".")
    side, *fields = fen.split(":")
    sets = {"W": (set(), set()), "B": (set(), set())}
    for field in fields:
        if not field:
            continue
        colour, squares = field[0], field[1:]
        for square in filter(None, squares.split(",")):
            king = square.startswith("K")
            square = square.lstrip("K")
            if "-" in square:
                low, high = (int(n) for n in square.split("-"))
                names = [str(n) for n in range(low, high + 1)]
            else:
                names = [str(int(square)) if square.isdigit() else square]
            sets[colour][1 if king else 0].update(names)
    return (side.upper(), sets["W"][0], sets["W"][1], sets["B"][0], sets["B"][1])


def boardlab_ends(binary, path, rules):
    """The end position of each game of `path` as `boardlab draughts replay` prints it; fails
    unless boardlab read every game with every move legal."""
    run = subprocess.run([binary, "draughts", "replay", path, "--rules", rules],
                         capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        raise Failure(f"boardlab draughts replay {path} --rules {rules}: {run.stderr.strip()}")
    if "every move legal" not in run.stdout:
        raise Failure(f"boardlab draughts replay {path}: {run.stdout[-300:]}")
    return [line.split("end ", 1)[1] for line in run.stdout.splitlines() if line.startswith("  end ")]


def pdn_moves(game, rules):
    return [m.replace(":", "x") for m in game.moves] if rules == "russian" else list(game.moves)


def as_boardlab_writes(binary, fen, rules):
    """The FEN `fen` as boardlab writes it under `rules`."""
    run = subprocess.run([binary, "draughts", "moves", fen, "--rules", rules],
                         capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        raise Failure(f"boardlab draughts moves {fen!r} --rules {rules}: {run.stderr.strip()}")
    return run.stdout.splitlines()[0].split(" ", 1)[1]


def play_in_pydraughts(game, rules, where, binary):
    """Plays a game read by pydraughts on pydraughts' board; returns the board and the number
    of captures made by kings."""
    fen = game.tags.get("FEN")
    if fen and rules == "russian":
        fen = as_boardlab_writes(binary, fen, rules)
    board = Board(SHARED[rules], fen=fen) if fen else Board(SHARED[rules])
    king_captures = 0
    for ply, text in enumerate(pdn_moves(game, rules)):
        try:
            move = Move(board, pdn_move=text)
        except Exception as error:  # pydraughts signals a move it cannot match by any error
            raise Failure(f"{where}: pydraughts cannot play ply {ply + 1} `{text}`: {error!r}")
        _, _, white_kings, _, black_kings = position(board.fen)
        kings = white_kings | black_kings
        start = re.split(r"[x-]", text)[0]
        if move.captures and start.lstrip("0") in kings:
            king_captures += 1
        board.push(move)
    return board, king_captures


def same(first, second):
    return position(first) == position(second)


def boardlab_writes(binary, rules, games, seed, folder):
    path = os.path.join(folder, f"boardlab-{rules}.pdn")
    subprocess.run([binary, "draughts", "games", "random", "random", "--rules", rules, "--games",
                    str(games), "--seed", str(seed), "--pdn", path],
                   check=True, capture_output=True, timeout=600)
    ends = boardlab_ends(binary, path, rules)
    read = PDNReader(filename=path).games
    if len(read) != games or len(ends) != games:
        raise Failure(f"{rules}: {games} games written, pydraughts read {len(read)}, boardlab {len(ends)}")
    boards, king_captures = [], 0
    for index, (game, end) in enumerate(zip(read, ends)):
        board, kings = play_in_pydraughts(game, rules, f"{path} game {index + 1}", binary)
        if not same(board.fen, end):
            raise Failure(f"{path} game {index + 1}: pydraughts ends at {board.fen}, boardlab at {end}")
        boards.append((board, game.tags.get("Result", "*")))
        king_captures += kings
    return boards, ends, king_captures


def pydraughts_writes_back(binary, rules, boards, ends, folder):
    path = os.path.join(folder, f"pydraughts-{rules}.pdn")
    for board, result in boards:
        PDNWriter(path, board=board, game_ending=result)
    back = boardlab_ends(binary, path, rules)
    for index, (end, again) in enumerate(zip(ends, back)):
        if not same(end, again):
            raise Failure(f"{path} game {index + 1}: boardlab ends at {again}, first at {end}")
    if len(back) != len(ends):
        raise Failure(f"{path}: boardlab read {len(back)} of {len(ends)} games")


def pydraughts_plays(binary, rules, games, seed, folder, max_plies):
    path = os.path.join(folder, f"pydraughts-random-{rules}.pdn")
    chooser = random.Random(seed)
    ends, plies = [], 0
    for _ in range(games):
        board = Board(SHARED[rules])
        for _ in range(max_plies):
            moves = board.legal_moves()
            if not moves or board.is_over():
                break
            board.push(chooser.choice(moves))
        plies += len(board.move_stack)
        PDNWriter(path, board=board)
        ends.append(board.fen)
    read = boardlab_ends(binary, path, rules)
    if len(read) != games:
        raise Failure(f"{path}: boardlab read {len(read)} of {games} games")
    for index, (end, theirs) in enumerate(zip(read, ends)):
        if not same(end, theirs):
            raise Failure(f"{path} game {index + 1}: boardlab ends at {end}, pydraughts at {theirs}")
    return plies


def published(binary, data):
    checked = 0
    for name, rules in PUBLISHED.items():
        path = os.path.join(data, name)
        ends = boardlab_ends(binary, path, rules)
        read = PDNReader(filename=path).games
        if len(read) != len(ends):
            raise Failure(f"{path}: pydraughts read {len(read)} games, boardlab {len(ends)}")
        for index, (game, end) in enumerate(zip(read, ends)):
            board, _ = play_in_pydraughts(game, rules, f"{path} game {index + 1}", binary)
            if not same(board.fen, end):
                raise Failure(f"{path} game {index + 1}: pydraughts ends at {board.fen}, boardlab at {end}")
            checked += 1
    return checked


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--games", type=int, default=10, help="games per rule set and direction")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data", default="tests/data/pdn")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        try:
            for rules in SHARED:
                boards, ends, kings = boardlab_writes(args.binary, rules, args.games, args.seed, folder)
                pydraughts_writes_back(args.binary, rules, boards, ends, folder)
                plies = pydraughts_plays(args.binary, rules, args.games, args.seed, folder, 120)
                moves = sum(len(board.move_stack) for board, _ in boards)
                print(f"{rules}: {args.games} boardlab games ({moves} plies, {kings} king captures) read by "
                      f"pydraughts and written back; {args.games} pydraughts games ({plies} plies) read by boardlab")
                if kings == 0:
                    raise Failure(f"{rules}: no king capture in {args.games} games; raise --games")
            print(f"published games: {published(args.binary, args.data)} read alike by both")
        except Failure as failure:
            print(f"pdn-cross-check: FAILED: {failure}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
