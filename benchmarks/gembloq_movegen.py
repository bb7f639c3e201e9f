"""GembloQ move generation speed.

Prints:
0. cold start: in a fresh Python process, the time from ``import zongshi_widgets`` to the
   first legal list of each player count (``zw.game(...).new_state().legal_actions()``),
   which is what a learner's first board cell waits for; then the time to make every
   per-placement table of the three areas (done on first use otherwise), so that the speeds
   below are steady-state figures;
1. positions per second for full legal-action enumeration over the positions of Pentobi's
   random games (``tests/data/gembloq_random_games.json``): each position is reached by
   playing its move from the one before (incremental update), then every legal action of the
   colour to move is listed as objects. This is the figure to compare with Pentobi's
   ~1,300 positions per second through its text protocol.
2. the same, listing only (positions already reached);
3. the same from scratch, without the incremental tables (the rules checked one by one on
   every placement, the engine's test oracle): the cost our incremental tables avoid;
4. random 4-player games per second (uniform random legal placements, to the end).

Usage: python benchmarks/gembloq_movegen.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import subprocess
import sys
import time

import zongshi_widgets as zw
from zongshi_widgets.games.gembloq.rules import reference_legal_ids

DATA = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "gembloq_random_games.json"
PLAYERS = {"gembloq": 4, "gembloq_3": 3, "gembloq_2": 2}
COLD = """
import sys, time
t0, c0 = time.perf_counter(), time.process_time()
import zongshi_widgets as zw
t1 = time.perf_counter()
zw.game("gembloq", players={players}{extra}).new_state().legal_actions()
print(t1 - t0, time.perf_counter() - t1, time.process_time() - c0)
"""


def cold_start(players: int, extra: str = "") -> tuple[float, float, float]:
    """Seconds to import the package, then to the first legal list, in a fresh process; and
    the CPU seconds of both (the same on an idle machine, less on a busy one)."""
    out = subprocess.run([sys.executable, "-c", COLD.format(players=players, extra=extra)], capture_output=True, text=True, check=True)
    imported, first, cpu = (float(x) for x in out.stdout.split())
    return imported, first, cpu


def load_games():
    data = json.loads(DATA.read_text())
    return [(zw.game("gembloq", players=PLAYERS[v]), [m for _, m in rec["moves"] if m]) for v, recs in data.items() for rec in recs]


def replay_and_enumerate(games):
    positions = actions = 0
    for game, moves in games:
        state = game.new_state()
        for move in moves:
            actions += len(state.legal_actions())
            positions += 1
            state = state.play(move)
    return positions, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = parser.parse_args()

    variants = ((4, "", "4 players"), (3, "", "3 players"), (2, "", "2 players"), (1, "", "puzzle"), (2, ", colors=4", "2 players, 4 colours"))
    for players, extra, label in variants:
        imported, first, cpu = cold_start(players, extra)
        print(f"0. cold start, {label}: import {imported:.2f} s, then first legal list {first:.2f} s (CPU time of both: {cpu:.2f} s)")

    t0 = time.perf_counter()
    games = load_games()
    for n in (4, 3, 2):
        zw.game("gembloq", players=n).tables.make_all()
    print(f"0. every per-placement table of the 3 areas made in {time.perf_counter() - t0:.2f} s")

    start, rounds, pos = time.perf_counter(), 0, 0
    while time.perf_counter() - start < args.seconds or rounds == 0:
        p, acts = replay_and_enumerate(games)
        pos += p
        rounds += 1
    el = time.perf_counter() - start
    print(f"1. play + enumerate: {pos / el:,.0f} positions/s  ({p} positions, {acts:,} legal actions listed per round)")

    states = []
    for game, moves in games:
        state = game.new_state()
        for move in moves:
            states.append(state)
            state = state.play(move)
    start, n = time.perf_counter(), 0
    while time.perf_counter() - start < args.seconds or n == 0:
        for s in states:
            s._legal = [None] * len(s._legal)  # drop the state's cached legal bit sets
            s.legal_actions()
        n += len(states)
    el = time.perf_counter() - start
    print(f"2. enumerate only:   {n / el:,.0f} positions/s")

    sample = states[:: max(1, len(states) // 20)]
    start = time.perf_counter()
    for s in sample:
        reference_legal_ids(s, s.colour_to_move)
    el = time.perf_counter() - start
    print(f"3. from scratch, rules checked one by one: {len(sample) / el:,.1f} positions/s")

    game = zw.game("gembloq", players=4)
    rng = random.Random(1)
    start, played, plies = time.perf_counter(), 0, 0
    while time.perf_counter() - start < args.seconds or played == 0:
        s = game.new_state()
        while not s.is_over:
            legal = s.legal_actions()
            s = s.play(legal[rng.randrange(len(legal))])
            plies += 1
        played += 1
    el = time.perf_counter() - start
    print(f"4. random 4-player games: {played / el:,.1f} games/s ({plies / el:,.0f} placements/s)")


if __name__ == "__main__":
    main()
