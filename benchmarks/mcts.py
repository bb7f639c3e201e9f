"""MCTS iterations per second, for every registered game (its own ``mcts`` bot: its
evaluation and playout depth).

Each figure searches from positions spread over a seeded random game (start, middle, late),
with an iteration budget, and divides iterations by the time taken (wall and CPU).

Usage: python benchmarks/mcts.py [--iterations 300] [--games gembloq,zongshi]
"""

from __future__ import annotations

import argparse
import random
import time

from _games import game_names, two_or_more

import zongshi_widgets as zw
from zongshi_widgets.agents import agent


def positions(game, seed: int = 1, k: int = 3) -> list:
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_over:
        out.append(state)
        state = state.play(rng.choice(state.legal_actions()))
    step = max(1, len(out) // k)
    return [s for s in out[::step] if len(s.legal_actions()) > 1][:k]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=300, help="iterations per search")
    parser.add_argument("--games", default=",".join(game_names()), help="comma-separated game names (default: every registered game)")
    args = parser.parse_args()
    for name in args.games.split(","):
        for players in sorted({two_or_more(name), zw.game_type(name).default_players}):
            game = zw.game(name, players=players)
            states = positions(game)
            bot = agent("mcts", seed=0, game=game, iterations=args.iterations)
            bot.choose(states[0])  # warm up
            wall, cpu, done = 0.0, 0.0, 0
            for state in states:
                t0, c0 = time.perf_counter(), time.process_time()
                bot.choose(state)
                wall += time.perf_counter() - t0
                cpu += time.process_time() - c0
                done += bot.last_iterations
            print(
                f"{name:12s} {players} players: {done / wall:8.0f} iterations/s wall, {done / cpu:8.0f} per CPU second "
                f"({len(states)} positions, {type(bot).__name__})"
            )


if __name__ == "__main__":
    main()
