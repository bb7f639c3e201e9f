"""Move latency of the game server under a class's load: 30 clients on loopback.

Starts ``zongshi-widgets serve`` in its own process on a free port with a fresh database, creates
``--games`` games of ``--game`` (``--players`` seats each: 10 x 3 = 30 clients by default), and
connects one websocket client per seat, all in this process's event loop. In every game the seat
to move plays a seeded random legal action from its own frame as soon as it has it; every game
runs at once. The latency of a move is the wall time from sending it to (a) the mover's own new
frame and (b) the last seat of that game having its frame. Bounded by ``--seconds`` (wall time)
and ``--moves`` (per game).

    python benchmarks/server_latency.py                       # 10 Zong Shi games x 3 seats, 20 s
    python benchmarks/server_latency.py --game art_gallery --players 2 --games 15

Needs the server extra (``pip install "zongshi_widgets[server]"``). The figures include the
server's SQLite commit (synchronous=FULL) of every move, and this process's own client work on
the same machine: on a shared 2-core machine they are an upper bound.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

REPO = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(db: Path, port: int) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    cmd = [sys.executable, "-m", "zongshi_widgets.lab.cli", "serve", "--port", str(port), "--db", str(db), "--log-level", "warning", "--rate", "1000"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


def _create(port: int, game: str, players: int, seed: int) -> dict:
    body = json.dumps({"game": game, "players": players, "seed": seed}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/games", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


async def _game(port: int, tokens: list[str], seed: int, deadline: float, moves: int, own: list, all_: list) -> int:
    sockets = [await connect(f"ws://127.0.0.1:{port}/ws", max_size=2**24) for _ in tokens]
    try:
        frames = []
        for ws, token in zip(sockets, tokens):
            await ws.send(json.dumps({"type": "hello", "token": token}))
            await ws.recv()  # welcome
            frames.append(json.loads(await ws.recv()))
        rng = random.Random(seed)
        played = 0
        while played < moves and time.monotonic() < deadline and not frames[0]["view"]["is_over"]:
            mover = frames[0]["view"]["to_move"]
            action = rng.choice(frames[mover]["legal"])
            sent = time.perf_counter()
            await sockets[mover].send(json.dumps({"type": "play", "action": action, "version": frames[mover]["version"]}))
            frames[mover] = json.loads(await sockets[mover].recv())
            if frames[mover]["type"] != "state":
                raise SystemExit(f"refused: {frames[mover]}")
            own.append(time.perf_counter() - sent)
            for seat, ws in enumerate(sockets):
                if seat != mover:
                    frames[seat] = json.loads(await ws.recv())
            all_.append(time.perf_counter() - sent)
            played += 1
        return played
    finally:
        for ws in sockets:
            await ws.close()


async def _run(port: int, made: list[dict], seconds: float, moves: int) -> tuple[list, list, list]:
    own: list[float] = []
    all_: list[float] = []
    deadline = time.monotonic() + seconds
    played = await asyncio.gather(*(_game(port, m["tokens"]["seats"], k, deadline, moves, own, all_) for k, m in enumerate(made)))
    return own, all_, played


def _ms(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return 1000 * xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="zongshi")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20.0, help="wall-time bound of the run")
    parser.add_argument("--moves", type=int, default=10**6, help="moves per game at most")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        proc = _start(Path(tmp) / "bench.sqlite", port)
        try:
            made = [_create(port, args.game, args.players, seed) for seed in range(args.games)]
            t0 = time.perf_counter()
            own, all_, played = asyncio.run(_run(port, made, args.seconds, args.moves))
            wall = time.perf_counter() - t0
        finally:
            proc.terminate()
            proc.wait(timeout=20)
    clients = args.games * args.players
    moves = sum(played)
    print(f"{args.game}: {args.games} games x {args.players} seats = {clients} clients on loopback, {moves} moves in {wall:.1f} s ({moves / wall:.0f} moves/s)")
    print(f"  mover's own frame:      median {statistics.median(own) * 1000:.1f} ms, p95 {_ms(own, 0.95):.1f} ms, max {max(own) * 1000:.1f} ms")
    print(f"  every seat of the game: median {statistics.median(all_) * 1000:.1f} ms, p95 {_ms(all_, 0.95):.1f} ms, max {max(all_) * 1000:.1f} ms")
    print(f"  machine load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
