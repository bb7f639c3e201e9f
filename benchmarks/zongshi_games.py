"""Zong Shi: random full games per second, for 3, 4 and 5 players.

Each game is played from ``new_state(seed)`` to the end by uniform random choices among the
legal actions (``state.legal_actions()`` then ``state.play(action)``, the public API); the
figures count whole games on one core, per wall-clock second and per CPU second of this
process (the latter is the fairer figure on a shared, loaded machine), with the mean number of
actions per game.

Usage: python benchmarks/zongshi_games.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import time

import zongshi_widgets as zw


def play(game, seed: int) -> int:
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_over:
        legal = state.legal_actions()
        state = state.play(legal[rng.randrange(len(legal))])
        n += 1
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per player count")
    args = parser.parse_args()
    for players in (3, 4, 5):
        game = zw.game("zongshi", players=players)
        start, cpu, games, actions = time.perf_counter(), time.process_time(), 0, 0
        while time.perf_counter() - start < args.seconds or games == 0:
            actions += play(game, games)
            games += 1
        elapsed, used = time.perf_counter() - start, time.process_time() - cpu
        print(
            f"{players} players: {games / elapsed:7.1f} games/s wall, {games / used:7.1f} games per CPU second "
            f"({games} games, {actions / games:.0f} actions per game, {actions / used:,.0f} actions per CPU second)"
        )


if __name__ == "__main__":
    main()
