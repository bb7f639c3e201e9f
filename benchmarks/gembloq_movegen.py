"""GembloQ move generation speed.

Prints:
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
import time

import zongshi_widgets as zw
from zongshi_widgets.games.gembloq.rules import reference_legal_ids

DATA = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "gembloq_random_games.json"
PLAYERS = {"gembloq": 4, "gembloq_3": 3, "gembloq_2": 2}


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

    t0 = time.perf_counter()
    games = load_games()
    for n in (4, 3, 2):
        zw.game("gembloq", players=n).new_state()
    print(f"tables built (placements, neighbours, bit sets) for 3 areas in {time.perf_counter() - t0:.2f} s")

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
        reference_legal_ids(s, s.to_move)
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
