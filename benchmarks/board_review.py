"""How free the kernel stays while a board reviews a game in the background.

A board's *Review game* (``{"type": "review"}``, :mod:`zongshi_widgets.widgets.review`) runs
the review on a thread and hands its progress to the kernel's event loop. The search is pure
Python and holds the GIL most of the time, so the question is how long the event loop (which
answers the board's clicks) waits for its turn. This script plays a seeded game on a board
(the person's seat and a greedy bot, each game's smallest contest), starts the review from a
request as the browser does, and meanwhile asks the event loop every ``--tick`` seconds to run a
callback: the *lag* is how late the callback runs. The same is measured with no review running
(the baseline). A request from the browser waits for the loop like these callbacks do.

Printed per game: decisions reviewed, the review's wall seconds and CPU seconds per decision
(its own thread's budget is ``--cpu-seconds``; this process's CPU time over the decisions), and
the event loop's median / 95th percentile / largest lag, idle and during the review, in
milliseconds. Figures depend on the machine and its load: run it on a quiet one.

Usage: python benchmarks/board_review.py [--cpu-seconds 0.1] [--games-list gembloq,art_gallery]
                                         [--plies 40] [--tick 0.02] [--seed 0]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from _games import game_names, two_or_more

import zongshi_widgets as zw
from zongshi_widgets.agents import agent
from zongshi_widgets.widgets import board_class


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` (nearest rank); 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def lags(tick: float, until) -> list[float]:
    """Ask the loop to wake us every ``tick`` seconds until ``until()``; how late each wake was."""
    out = []
    while not until():
        due = time.perf_counter() + tick
        await asyncio.sleep(tick)
        out.append(max(0.0, time.perf_counter() - due))
    return out


async def measure(name: str, players: int, plies: int, budget: float, tick: float, seed: int) -> dict:
    game = zw.game(name, players=players)
    bots = [agent("greedy", seed=seed + s, game=game) for s in range(players)]
    state = game.new_state(seed=seed)
    while len(state.history) < plies and not state.is_over:
        state = state.play(bots[state.to_move].choose(state))
    seats = ["human"] + ["greedy"] * (players - 1)
    board = board_class(name)(state=state, seats=seats)
    idle_end = time.perf_counter() + 1.0
    idle = await lags(tick, lambda: time.perf_counter() > idle_end)
    board._send = lambda msg, buffers=None: None  # no browser
    cpu, wall = time.process_time(), time.perf_counter()
    board.handle_request({"type": "review", "budget": budget})
    busy = await lags(tick, lambda: board.review_status.get("state") != "running")
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    info = board.review_status
    board.close()
    return {
        "game": name,
        "players": players,
        "decisions": info.get("done", 0),
        "marks": len(info.get("marks", [])),
        "wall": wall,
        "cpu_per_decision": cpu / max(1, info.get("done", 0)),
        "idle": idle,
        "busy": busy,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cpu-seconds", type=float, default=0.1, help="search CPU seconds per decision (default 0.1)")
    parser.add_argument("--games-list", default=",".join(game_names()), help="games, comma-separated (default: every registered game)")
    parser.add_argument("--plies", type=int, default=40, help="actions played before the review (default 40)")
    parser.add_argument("--tick", type=float, default=0.02, help="seconds between event-loop wake-ups (default 0.02)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"board review in the background: {args.cpu_seconds} CPU s per decision, loop wake-ups every {1000 * args.tick:.0f} ms")
    print(f"{'game':<12} {'pl':>2} {'dec':>4} {'marks':>5} {'wall s':>7} {'CPU s/dec':>9}  {'idle lag ms':>17}  {'review lag ms':>17}")
    print("  (lags: median/95th percentile/largest)")
    for name in args.games_list.split(","):
        players = two_or_more(name)
        r = asyncio.run(measure(name, players, args.plies, args.cpu_seconds, args.tick, args.seed))

        def trio(v):
            return f"{1000 * statistics.median(v) if v else 0:.1f}/{1000 * percentile(v, 0.95):.1f}/{1000 * max(v, default=0):.1f}"

        head = f"{name:<12} {players:>2} {r['decisions']:>4} {r['marks']:>5} {r['wall']:>7.1f} {r['cpu_per_decision']:>9.3f}"
        print(f"{head}  {trio(r['idle']):>17}  {trio(r['busy']):>17}")


if __name__ == "__main__":
    main()
