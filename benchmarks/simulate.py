"""Games per minute of the design lab (``zongshi_widgets.lab.simulate``): every game, four
players, all four seats "greedy" (each game's own registered greedy bot, see
``zongshi_widgets.agents.agent``) and all four "random", with ``jobs=1`` (this process) and
``jobs=2`` (two local processes).

For each game, bot and job count it plays the same seeded games (seeds ``--seed`` on) in a
fresh Python process (spawned: cold caches, as a class would start, and no large parent heap
for the ``jobs=2`` workers to inherit; the import and the making of the game are not timed),
and prints the wall time, the CPU time
of all processes (CPU/wall below the job count means other work had the cores), games per
minute (wall and per CPU minute), and the projected wall time of 1,000 games at that rate. It
checks that the tables of all job counts are identical (but for the measured ``seconds``).

Measured (four greedy bots, ``jobs=1``, games per CPU minute, 12 games each, on a 2-core machine
shared with other sessions: wall-clock figures there are noisy, and a loaded machine inflates
CPU time too): Art Gallery about 240, GembloQ about 136, Zong Shi about 115, Majolica about 20-24
(the slowest; before its greedy bot remembered the quick heuristic's choices: 10-12; run one
after the other, the same 12 games took 58.9 CPU s before and 30.2 after, 1.95x; the first
game alone 2.0-2.1x; callgrind counts 2.35x fewer instructions for that game). So 1,000
four-player Majolica greedy games take about 45 CPU minutes (before: about 90), about half
that in wall time with ``jobs=2`` on two otherwise idle cores; the other games take 4 to 9 CPU
minutes, random bots a few CPU minutes at most.

Usage: python benchmarks/simulate.py [--games 6] [--game majolica] [--bots greedy,random]
[--jobs 1,2] [--players 4] [--seed 0]
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import time
from concurrent.futures import ProcessPoolExecutor

import zongshi_widgets as zw
from zongshi_widgets.agents import agent
from zongshi_widgets.lab import simulate


def _cpu() -> float:
    """CPU seconds used by this process and its finished (waited-for) child processes: a
    ``jobs=2`` pool is shut down before ``simulate`` returns, so its workers are counted."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _duration(seconds: float) -> str:
    """``seconds`` as ``"42 s"``, ``"12.5 min"`` or ``"3.2 h"``."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.1f} min"
    return f"{seconds / 3600:.1f} h"


def measure(name: str, players: int, bot: str, jobs: int, games: int, seed: int, start_method: str):
    """Play ``games`` games of ``name`` with ``bot`` in every seat on ``jobs`` processes (run
    in a fresh process: see the module docstring), the ``jobs`` workers started by
    ``start_method`` (the platform's default: a spawned process would spawn them too).

    Returns:
        tuple: (the table without ``seconds``, wall seconds, CPU seconds of all processes).
    """
    multiprocessing.set_start_method(start_method, force=True)
    game = zw.game(name, players=players)  # fresh: its caches start empty
    cpu0, start = _cpu(), time.perf_counter()
    table = simulate(game, [bot] * players, games=games, seed=seed, jobs=jobs)
    wall, cpu = time.perf_counter() - start, _cpu() - cpu0
    return table.drop(columns="seconds"), wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=None, help="comma-separated game names (default: every game, zw.games())")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=6, help="games per game, bot and job count (default 6)")
    parser.add_argument("--bots", default="greedy,random", help="comma-separated bot names, each playing every seat")
    parser.add_argument("--jobs", default="1,2", help="comma-separated job counts (default 1,2)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = args.game.split(",") if args.game else sorted(zw.games())
    bots = args.bots.split(",")
    job_counts = [int(j) for j in args.jobs.split(",")]
    method = multiprocessing.get_start_method()
    print(f"{args.games} games each, {args.players} players, seeds {args.seed} to {args.seed + args.games - 1}, workers started by {method}")
    header = f"{'game':<12} {'bot':<24} {'jobs':>4} {'wall s':>7} {'CPU s':>7} {'CPU/wall':>8} {'games/min':>9} {'per CPU min':>11} {'1,000 games':>11}"
    print(header)
    print("-" * len(header))
    slowest = None
    for name in names:
        for bot in bots:
            label = f"{bot} ({type(agent(bot, game=name)).__name__})"
            tables = {}
            for jobs in job_counts:
                with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as fresh:
                    table, wall, cpu = fresh.submit(measure, name, args.players, bot, jobs, args.games, args.seed, method).result()
                tables[jobs] = table
                per_min, per_cpu_min = 60 * args.games / wall, 60 * args.games / cpu
                print(
                    f"{name:<12} {label:<24} {jobs:>4} {wall:>7.1f} {cpu:>7.1f} {cpu / wall:>8.2f} {per_min:>9.1f} {per_cpu_min:>11.1f}"
                    f" {_duration(1000 * wall / args.games):>11}",
                    flush=True,
                )
                if jobs == 1 and bot == "greedy" and (slowest is None or per_cpu_min < slowest[1]):
                    slowest = (name, per_cpu_min)
            first = tables[job_counts[0]]
            same = all(t.equals(first) for t in tables.values())
            if len(tables) > 1:
                print(f"{'':<12} tables of jobs={','.join(map(str, job_counts))} identical: {same}")
            if not same:
                raise SystemExit(f"{name}, {bot}: the tables differ between job counts")
    if slowest:
        print(f"slowest greedy game (jobs=1, per CPU minute): {slowest[0]}, {slowest[1]:.1f} games per CPU minute")


if __name__ == "__main__":
    main()
