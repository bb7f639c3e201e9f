"""Random playouts per second, for every registered game.

A playout is a whole game from ``new_state(seed)`` to the end by uniform random legal actions,
as MCTS plays them: on a private copy, ``state = new_state(seed).scratch()``, then
``legal_actions()`` and ``state = state.advance(action)`` (no checks; a game may change its copy
in place; docs/ARCHITECTURE.md, "Playouts"). Figures per
wall-clock second and per CPU second of this process (the fairer figure on a shared machine),
on one core.

Usage: python benchmarks/playouts.py [--seconds 5] [--games gembloq,zongshi]
"""

from __future__ import annotations

import argparse
import random
import time

from _games import game_names

import zongshi_widgets as zw


def playout(game, seed: int) -> int:
    state = game.new_state(seed=seed).scratch()
    rng = random.Random(seed)
    n = 0
    while not state.is_over:
        legal = state.legal_actions()
        state = state.advance(legal[rng.randrange(len(legal))])
        n += 1
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game and player count")
    parser.add_argument("--games", default=",".join(game_names()), help="comma-separated game names (default: every registered game)")
    args = parser.parse_args()
    for name in args.games.split(","):
        gt = zw.game_type(name)
        for players in (gt.default_players,):
            game = zw.game(name, players=players)
            playout(game, 0)  # warm up (tables, caches)
            start, cpu, games, actions = time.perf_counter(), time.process_time(), 0, 0
            while time.perf_counter() - start < args.seconds or games == 0:
                actions += playout(game, games + 1)
                games += 1
            elapsed, used = time.perf_counter() - start, time.process_time() - cpu
            print(
                f"{name:12s} {players} players: {games / elapsed:8.1f} playouts/s wall, {games / used:8.1f} per CPU second "
                f"({games} playouts, {actions / games:.0f} actions each, {actions / used:,.0f} actions per CPU second)"
            )


if __name__ == "__main__":
    main()
