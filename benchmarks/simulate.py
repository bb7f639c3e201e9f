"""Speed-up of ``zongshi_widgets.lab.simulate`` with 2 local processes over 1.

Plays the same seeded games twice, with ``jobs=1`` (this process) and ``jobs=2`` (a process
pool), checks the tables are identical (but for the measured ``seconds``), and prints both wall
times and their ratio. On a 2-core machine the aim is 1.8x; a machine shared with other work
gives less.

Usage: python benchmarks/simulate.py [--game art_gallery] [--players 4] [--games 40] [--bots greedy]
"""

from __future__ import annotations

import argparse
import resource
import time

import zongshi_widgets as zw
from zongshi_widgets.lab import simulate


def _cpu() -> float:
    """CPU seconds used by this process and its finished child processes."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="art_gallery")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--bots", default="greedy", help="one bot for every seat, or comma-separated per seat")
    args = parser.parse_args()
    game = zw.game(args.game, players=args.players)
    bots = args.bots.split(",")
    bots = bots * game.players if len(bots) == 1 else bots
    times = {}
    tables = {}
    for jobs in (1, 2):
        cpu0 = _cpu()
        start = time.perf_counter()
        tables[jobs] = simulate(game, bots, games=args.games, seed=0, jobs=jobs).drop(columns="seconds")
        times[jobs] = time.perf_counter() - start
        cpu = _cpu() - cpu0
        print(
            f"{game!r}, {args.games} games of {', '.join(bots)}: jobs={jobs}: {times[jobs]:.2f} s wall ({args.games / times[jobs]:.1f} games/s), "
            f"{cpu:.2f} CPU s in all processes (CPU/wall {cpu / times[jobs]:.2f}: below {jobs} means the cores were busy with other work)"
        )
    same = tables[1].equals(tables[2])
    print(f"speed-up with 2 processes over 1: {times[1] / times[2]:.2f}x (tables identical: {same})")


if __name__ == "__main__":
    main()
