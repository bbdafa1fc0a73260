"""Random-against-random games in OpenSpiel, to compare with boardlab's games per second.

    python openspiel_random_games.py GAME GAMES SEED

GAME is an OpenSpiel game name (`tic_tac_toe`, `checkers`). Both seats are OpenSpiel's
uniform random bot (C++), and each game is played by `pyspiel.evaluate_bots` (the game loop
in C++, one Python call per game), the way OpenSpiel's own examples evaluate bots. Prints
one line: `games N first_wins W draws D second_wins L`.
"""

import sys

import pyspiel


def main() -> None:
    name, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    game = pyspiel.load_game(name)
    bots = [pyspiel.make_uniform_random_bot(player, seed + player) for player in range(2)]
    score = [0, 0, 0]
    for index in range(games):
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + index)
        score[0 if returns[0] > 0 else 2 if returns[0] < 0 else 1] += 1
    print(f"games {games} first_wins {score[0]} draws {score[1]} second_wins {score[2]}")


if __name__ == "__main__":
    main()
