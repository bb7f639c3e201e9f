"""Zong Shi: random full games per second, for 3, 4 and 5 players.

Each game is played from ``new_state(seed)`` to the end by uniform random choices among the
legal actions (``state.legal_actions()`` then ``state.play(action)``, the public API); the
figures count whole games on one core, per wall-clock second and per CPU second of this
process (the latter is the fairer figure on a shared, loaded machine), with the mean number of
actions per game. With ``--rounds N`` each player count is measured N times (round ``k``
plays the seeds after those of round ``k - 1``) and the median round is printed, with the
lowest and highest games per CPU second.

Usage: python benchmarks/zongshi_games.py [--seconds 5] [--rounds 1]
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


def measure(game, seconds: float, first_seed: int) -> tuple[int, int, float, float]:
    """Play seeded random games for about ``seconds``: (games, actions, wall s, CPU s)."""
    start, cpu, games, actions = time.perf_counter(), time.process_time(), 0, 0
    while time.perf_counter() - start < seconds or games == 0:
        actions += play(game, first_seed + games)
        games += 1
    return games, actions, time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per player count (per round)")
    parser.add_argument("--rounds", type=int, default=1, help="measurements per player count; the median is printed")
    args = parser.parse_args()
    for players in (3, 4, 5):
        game = zw.game("zongshi", players=players)
        rounds, seed = [], 0
        for _ in range(max(1, args.rounds)):
            games, actions, elapsed, used = measure(game, args.seconds, seed)
            seed += games
            rounds.append((games / used, games / elapsed, games, actions, used))
        per_cpu, per_wall, games, actions, used = sorted(rounds)[len(rounds) // 2]
        spread = f"; {len(rounds)} rounds, {min(r[0] for r in rounds):.1f} to {max(r[0] for r in rounds):.1f} per CPU second" if len(rounds) > 1 else ""
        print(
            f"{players} players: {per_wall:7.1f} games/s wall, {per_cpu:7.1f} games per CPU second "
            f"({games} games, {actions / games:.0f} actions per game, {actions / used:,.0f} actions per CPU second{spread})"
        )


if __name__ == "__main__":
    main()
