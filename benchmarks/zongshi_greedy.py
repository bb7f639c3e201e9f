"""Zong Shi's greedy bot: game length when it plays itself, and its win rate against random.

Plays ``--games`` seeded games of greedy in every seat (4 players by default) and prints the
rounds per game (the final position's round number; the rulebook's game ends in the round
after a player completes a sixth project), actions and decisions per game, how often the end
was triggered by six projects, and the mean final score; then greedy against random with
greedy's seat rotated (the lab's :func:`~zongshi_widgets.lab.simulate`), with a 95 % Wilson
interval. One process.

Usage: python benchmarks/zongshi_greedy.py [--games 20] [--players 4] [--seed 0]
"""

from __future__ import annotations

import argparse
import statistics
import time

import zongshi_widgets as zw
from zongshi_widgets.lab import play_game, simulate, wilson_interval


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = zw.game("zongshi", players=args.players)
    start = time.perf_counter()
    rounds, actions, totals, triggered = [], [], [], 0
    for seed in range(args.seed, args.seed + args.games):
        final = play_game(game, ["greedy"] * args.players, seed=seed)
        position = final.position()
        rounds.append(position["round"])
        actions.append(len(final.history))
        totals.append(statistics.mean(final.score_sheet().totals))
        triggered += bool(position["end_triggered"])
    print(
        f"greedy x{args.players}, {args.games} games: rounds per game mean {statistics.mean(rounds):.1f}, "
        f"median {statistics.median(rounds)}, min {min(rounds)}, max {max(rounds)}; "
        f"{statistics.mean(actions):.0f} actions per game; end triggered by six projects in {triggered}/{args.games}; "
        f"mean final score {statistics.mean(totals):.1f}; {time.perf_counter() - start:.0f} s"
    )
    wins = games = 0
    for seat in range(args.players):
        bots = ["random"] * args.players
        bots[seat] = "greedy"
        per_seat = -(-args.games // args.players)
        table = simulate(game, bots, games=per_seat, seed=args.seed + 100_000 * seat, jobs=1)
        mine = table[table.seat == seat]
        wins += int(mine.won.sum())
        games += len(mine)
    low, high = wilson_interval(wins, games)
    print(f"greedy vs random ({args.players - 1} random seats, greedy's seat rotated): {wins}/{games} wins, {wins / games:.0%} [{low:.0%}, {high:.0%}]")


if __name__ == "__main__":
    main()
