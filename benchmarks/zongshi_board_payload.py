"""Zong Shi board: how much the kernel sends to the browser per move, over whole games.

A ``ZongShiBoard`` (a person in seat 0, bots in the others, no delay) plays whole games: the
person picks a random allowed action through the board's ``play`` request, the bots answer.
Every message the widget sends on its comm is measured as JSON (the size the browser
receives, before the websocket's framing): the largest single update, the mean, and per
person's move everything sent until the person may move again. The static geometry is sent
once, when the view opens; it is measured apart. Update time is the kernel's CPU time per
request (bots' thinking included).

Usage: python benchmarks/zongshi_board_payload.py [--games 3] [--players 4] [--bot random]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from zongshi_widgets.widgets import ZongShiBoard


def measure(seed: int, players: int, bot: str) -> dict:
    board = ZongShiBoard(players=players, seats=["human"] + [bot] * (players - 1), seed=seed, bot_delay=0, seat=0)
    sizes: list[int] = []
    biggest: dict = {"size": 0, "keys": []}
    comm = board.comm
    original = comm.send

    def record(data=None, metadata=None, buffers=None, **kw):
        size = len(json.dumps(data, separators=(",", ":")))
        sizes.append(size)
        if size > biggest["size"]:
            biggest.update(size=size, keys=sorted((data or {}).get("state", {})))
        return original(data=data, metadata=metadata, buffers=buffers, **kw)

    comm.send = record
    geometry = len(json.dumps(board.get_state()["geometry"], separators=(",", ":")))
    rng = random.Random(seed)
    per_move, cpu = [], []
    while not board.state.is_over:
        before = len(sizes)
        t = time.process_time()
        board.handle_request({"type": "play", "action": rng.choice(board.legal)[0], "version": board.version})
        board.run_bots()
        cpu.append(time.process_time() - t)
        per_move.append(sum(sizes[before:]))
    return {"geometry": geometry, "sizes": sizes, "per_move": per_move, "biggest": biggest, "cpu": cpu, "plies": len(board.state.history)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="random")
    args = parser.parse_args()
    sizes, per_move, cpu = [], [], []
    biggest = {"size": 0}
    for seed in range(1, args.games + 1):
        r = measure(seed, args.players, args.bot)
        sizes += r["sizes"]
        per_move += r["per_move"]
        cpu += r["cpu"]
        if r["biggest"]["size"] > biggest["size"]:
            biggest = r["biggest"]
        print(f"game {seed}: {r['plies']} plies, {len(r['per_move'])} moves by the person, {len(r['sizes'])} updates; geometry (once) {r['geometry']} bytes")
    print(
        f"updates: largest {max(sizes)} bytes (traits {', '.join(biggest['keys'])}), mean {statistics.mean(sizes):.0f}, median {statistics.median(sizes):.0f}"
    )
    print(f"per move of the person (until it may move again): largest {max(per_move)} bytes, median {statistics.median(per_move):.0f}")
    print(f"kernel CPU per request (bots included): median {1000 * statistics.median(cpu):.1f} ms, largest {1000 * max(cpu):.1f} ms")


if __name__ == "__main__":
    main()
