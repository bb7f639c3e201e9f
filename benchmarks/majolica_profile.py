"""Majolica playout cost, part by part: where the time of a 4-player random playout goes.

Plays ``--games`` random 4-player games as playouts (``scratch()`` + ``advance()``, as
``benchmarks/majolica_games.py`` does), records every position and action, then measures each
part again on copies of those positions, in CPU time (median of ``--repeats`` passes):

* the legal actions (``rules._legal``), per step of the turn (1. Select, 2. Place, End of the
  turn, ...);
* ``advance`` of the recorded action, per path: the short paths of ``rules._quick`` (1 take,
  2 free discard, 3 ``end`` with the round going on, 4 ``place``, 5 ``slot``, 6 ``arrange``,
  7 ``end`` ending the round, 8 ``slot`` ending the turn) and 0 the full path (``_Work``: runs, overflows, round ends...);
* the random choice (``random.Random.randrange``), as the benchmark's loop makes it.

Each line prints how many actions of a game take that part, microseconds per call, and
microseconds per action of a game (its share); the total is what one action costs, and games
per second follow from the actions per game. CPU figures on a loaded machine vary by 10-20 %:
compare the shares, or count instructions with ``valgrind --tool=callgrind`` for exact figures.

Usage: python benchmarks/majolica_profile.py [--games 4] [--repeats 5] [--all]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

import zongshi_widgets as zw
from zongshi_widgets.games.majolica import rules

KINDS = {
    0: "full path (_Work)", 1: "take", 2: "free discard", 3: "end (round goes on)", 4: "place W..", 5: "slot ..", 6: "arrange ..",
    7: "end (round ends)", 8: "slot .. ending the turn",
}  # fmt: skip


def record(game, games: int) -> list:
    """(position copy, action, short-path kind) for every action of ``games`` random playouts."""
    out = []
    for seed in range(games):
        s = game.new_state(seed=seed).scratch()
        rng = random.Random(seed)
        while not s.is_over:
            legal = s.legal_actions()
            a = legal[rng.randrange(len(legal))]
            op = rules._quick_kind(s, a)
            out.append((s._copy(chance=s.chance.copy()), a, op[0] if op else 0))
            s = s.advance(a)
    return out


def cpu(fn, repeats: int) -> float:
    """Median CPU seconds of ``fn()`` over ``repeats`` runs."""
    times = []
    for _ in range(repeats):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return statistics.median(times)


def scratch_copies(recs: list) -> list:
    """Fresh scratch copies of the recorded positions (each owns a copy of its chance)."""
    out = []
    for s, a, _ in recs:
        out.append((s.scratch(), a))  # what a playout starts from
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4, help="random 4-player playouts recorded")
    parser.add_argument("--repeats", type=int, default=5, help="passes per figure (the median is printed)")
    parser.add_argument("--all", action="store_true", help="all three expansions on")
    args = parser.parse_args()
    opts = {"cascading_bloom": True, "kaleidoscopic": True, "missions": True} if args.all else {}
    game = zw.game("majolica", players=4, **opts)
    recs = record(game, args.games)
    per_game = len(recs) / args.games
    print(f"4 players, expansions {'all' if args.all else 'none'}: {args.games} playouts, {per_game:.0f} actions per game")
    print(f"{'part':<34} {'calls/game':>10} {'us/call':>8} {'us/action':>9}")
    total = 0.0

    def line(name: str, n: int, seconds: float) -> None:
        nonlocal total
        share = seconds / len(recs) * 1e6
        total += share
        print(f"{name:<34} {n / args.games:>10.0f} {seconds / n * 1e6:>8.2f} {share:>9.2f}")

    by_step = defaultdict(list)
    for s, _, _ in recs:
        by_step[s.step].append(s)
    for step, states in sorted(by_step.items(), key=lambda kv: -len(kv[1])):

        def legal(states=states):
            for s in states:
                rules._legal(s)

        line(f"legal actions at {step}", len(states), cpu(legal, args.repeats))
    by_kind = defaultdict(list)
    for r in recs:
        by_kind[r[2]].append(r)
    for kind, group in sorted(by_kind.items()):
        runs = []
        for _ in range(args.repeats):
            copies = scratch_copies(group)  # made outside the timing
            t = time.process_time()
            for c, a in copies:
                c.advance(a)
            runs.append(time.process_time() - t)
        line(f"advance: {KINDS[kind]}", len(group), statistics.median(runs))
    rng = random.Random(1)
    sizes = [len(rules._legal(s)) for s, _, _ in recs]

    def choose():
        for n in sizes:
            rng.randrange(n)

    line("random choice (randrange)", len(recs), cpu(choose, args.repeats))
    print(f"{'total per action':<34} {'':>10} {'':>8} {total:>9.2f}   -> about {1e6 / (total * per_game):.0f} games per CPU second")
    print("(not counted: the loop, the legal_actions() copy and is_over, about 0.3-0.5 us per action)")


if __name__ == "__main__":
    main()
