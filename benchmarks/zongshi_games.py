"""Zong Shi: random full games per second, for 3, 4 and 5 players, two ways.

Each game is played from ``new_state(seed)`` to the end by uniform random choices among the
legal actions, and measured twice per player count:

- ``play()``: the public API, ``state.legal_actions()`` then ``state.play(action)``, a new
  immutable state per action (checked; what a board, a saved game or a timeline uses);
- ``scratch()``: a playout as MCTS plays it, ``state = new_state(seed).scratch()`` then
  ``state = state.advance(action)``, one private copy changed in place (no checks, no state
  per action; docs/ARCHITECTURE.md, "Playouts").

Both play the same games (same seeds, same actions). The figures count whole games on one
core, per wall-clock second and per CPU second of this process (the latter is the fairer
figure on a shared, loaded machine), with the mean number of actions per game. With
``--rounds N`` each player count and way is measured N times (round ``k`` plays the seeds after
those of round ``k - 1``) and the median round is printed, with the lowest and highest games
per CPU second.

Measured (4 players, ``play()``, seeds 0-74 in five rounds of 15 games, best and median
round, ``time.process_time``, on a shared 2-core machine): before the copy-on-write players
61.0 (median 59.2) games per CPU second, after 65.1 (median 61.5); the aim of 100 is not
reached. A count of the interpreter's opcodes per random 4-player game (seeds 0-2,
``sys.settrace``), which the machine's load does not change: 1,305,364 before, 1,260,117
after (3.5 % fewer).

Usage: python benchmarks/zongshi_games.py [--seconds 5] [--rounds 1]
"""

from __future__ import annotations

import argparse
import random
import time

import zongshi_widgets as zw


def play(game, seed: int) -> int:
    """One random game through the public API (``play``); returns its number of actions."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_over:
        legal = state.legal_actions()
        state = state.play(legal[rng.randrange(len(legal))])
        n += 1
    return n


def playout(game, seed: int) -> int:
    """The same random game as a playout (``scratch`` + ``advance``); returns its number of actions."""
    state = game.new_state(seed=seed).scratch()
    rng = random.Random(seed)
    n = 0
    while not state.is_over:
        legal = state.legal_actions()
        state = state.advance(legal[rng.randrange(len(legal))])
        n += 1
    return n


WAYS = {"play()": play, "scratch()": playout}


def measure(run, game, seconds: float, first_seed: int) -> tuple[int, int, float, float]:
    """Play seeded random games with ``run`` for about ``seconds``: (games, actions, wall s, CPU s)."""
    start, cpu, games, actions = time.perf_counter(), time.process_time(), 0, 0
    while time.perf_counter() - start < seconds or games == 0:
        actions += run(game, first_seed + games)
        games += 1
    return games, actions, time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per player count and way (per round)")
    parser.add_argument("--rounds", type=int, default=1, help="measurements per player count and way; the median is printed")
    args = parser.parse_args()
    for players in (3, 4, 5):
        game = zw.game("zongshi", players=players)
        play(game, 10**6)  # warm up (tables, caches)
        for label, run in WAYS.items():
            rounds, seed = [], 0
            for _ in range(max(1, args.rounds)):
                games, actions, elapsed, used = measure(run, game, args.seconds, seed)
                seed += games
                rounds.append((games / used, games / elapsed, games, actions, used))
            per_cpu, per_wall, games, actions, used = sorted(rounds)[len(rounds) // 2]
            spread = f"; {len(rounds)} rounds, {min(r[0] for r in rounds):.1f} to {max(r[0] for r in rounds):.1f} per CPU second" if len(rounds) > 1 else ""
            print(
                f"{players} players, {label:9s}: {per_wall:7.1f} games/s wall, {per_cpu:7.1f} games per CPU second "
                f"({games} games, {actions / games:.0f} actions per game, {actions / used:,.0f} actions per CPU second{spread})"
            )


if __name__ == "__main__":
    main()
