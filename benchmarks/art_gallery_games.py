"""Art Gallery speed: random full games per second, for each player count.

Each game starts from ``new_state(seed)`` and plays uniformly random legal actions (listed with
``legal_actions()`` and played with ``play()``, so every action is checked) to the end; the
figure includes setup and the final score sheet. Rates are per second of this process's CPU
time (one core; on a busy machine wall-clock rates are lower, and are printed too). The target
is 200 or more 4-player games per second.

Usage: python benchmarks/art_gallery_games.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

import zongshi_widgets as zw


def random_game(game, seed: int) -> tuple[int, int]:
    """Play one random game; return (actions, rounds)."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    actions = 0
    while not state.is_over:
        legal = state.legal_actions()
        state = state.play(legal[rng.randrange(len(legal))])
        actions += 1
    state.score_sheet()
    return actions, state.round


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per player count")
    args = parser.parse_args()
    print(f"{'players':>7}  {'games/s':>8}  {'actions/s':>9}  {'actions/game':>12}  {'rounds/game':>11}  {'wall games/s':>12}")
    for players in zw.game_type("art_gallery").player_counts:
        game = zw.game("art_gallery", players=players)
        games = actions = rounds = 0
        start, cpu = time.perf_counter(), time.process_time()
        while time.process_time() - cpu < args.seconds:
            a, r = random_game(game, games)
            games += 1
            actions += a
            rounds += r
        wall, used = time.perf_counter() - start, time.process_time() - cpu
        print(f"{players:>7}  {games / used:>8.0f}  {actions / used:>9.0f}  {actions / games:>12.0f}  {rounds / games:>11.1f}  {games / wall:>12.0f}")


if __name__ == "__main__":
    main()
