"""Majolica playouts for an instruction count: random 4-player games (seeds 0 to ``--games``-1,
``scratch()`` + ``advance()`` as ``benchmarks/majolica_games.py`` plays them, setup included,
the score sheet not), bracketed by two ``time.sleep(0)`` calls so that callgrind can count the
games alone::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --dump-before=time_sleep \\
        --callgrind-out-file=cg.out python benchmarks/majolica_instructions.py [--warm]
    grep totals cg.out.2        # the instructions of the games (cg.out.1: the imports)

Instruction counts are exact and repeatable on a loaded machine, unlike CPU times. ``--warm``
plays the same games once before the counted pass, so the engine's per-game caches (legal
actions per grid, workshops, card slots) are filled: the figure of a long run or of MCTS. The
script prints the actions played (divide the count by them for instructions per action).

Usage: python benchmarks/majolica_instructions.py [--games 10] [--players 4] [--warm]
"""

from __future__ import annotations

import argparse
import random
import time

import zongshi_widgets as zw


def games(game, n: int) -> int:
    """Play random playouts of seeds 0..n-1 to their end; return the actions played."""
    actions = 0
    for seed in range(n):
        s = game.new_state(seed=seed).scratch()
        rng = random.Random(seed)
        while not s.is_over:
            legal = s.legal_actions()
            s = s.advance(legal[rng.randrange(len(legal))])
            actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10, help="random playouts (seeds 0..games-1)")
    parser.add_argument("--players", type=int, default=4, help="player count")
    parser.add_argument("--warm", action="store_true", help="play the games once before the counted pass")
    args = parser.parse_args()
    game = zw.game("majolica", players=args.players)
    if args.warm:
        games(game, args.games)
    time.sleep(0)  # callgrind --dump-before=time_sleep: the counted part starts here
    actions = games(game, args.games)
    time.sleep(0)  # ... and ends here
    print(f"{args.games} random {args.players}-player playouts{' (warm)' if args.warm else ''}: {actions} actions")


if __name__ == "__main__":
    main()
