"""Game review (``zw.review``) of seeded bot games: how many decisions, how many mistakes found
for each bot, CPU seconds per reviewed decision, and whether the weaker bot's mistakes
outnumber the stronger's.

For every registered game (its smallest contest, see ``_games.two_or_more``; ``--players`` to
choose), ``--games`` games are played between a stronger and a weaker bot (default ``greedy``
and ``random``, the stronger in seat ``k % players`` of game ``k``, the weaker in the other
seats; solo (``--players 1``): the stronger plays the even games, the weaker the odd ones; game
``k`` is ``new_state(seed=seed + k)``), then every decision is reviewed with the
game's MCTS at ``--cpu-seconds`` of search CPU time per decision (``clock="cpu"``; or
``--iterations`` for a reproducible run). A mistake is the review's (a loss of at least 0.10
win rate against the search's best move; solo: 2 points). Mistakes are counted per bot and per decision
(the weaker bot sits in more seats, so it makes more decisions): ``weaker worse`` says
whether the weaker bot's mistake rate per decision is above the stronger's, with both
rates' 95 % Wilson intervals.

``CPU s/dec`` is the review's CPU time (this process) per reviewed decision, the replay and
bookkeeping included; ``wall s`` the whole review's elapsed time.

Measured (seed 0, ``--jobs 1``, on a shared 2-core machine; mistakes per reviewed decision,
95 % Wilson intervals):

- ``--cpu-seconds 0.2``: GembloQ 2 players, 10 games (291 decisions): greedy 36 of 177 (20 %,
  15-27 %), random 48 of 114 (42 %, 33-51 %): the intervals do not overlap. Art Gallery 2
  players, 2 games (524 decisions): greedy 10 of 269 (4 %, 2-7 %), random 14 of 255 (5 %,
  3-9 %). Majolica solo, 2 games (236 decisions): greedy 21 of 129 (16 %, 11-24 %), random 14 of
  107 (13 %, 8-21 %): not told apart (neither bot plays the solo game well: seed 0's games end
  on 1 and 0 points). 0.20 to 0.23 CPU s per decision.
- ``--cpu-seconds 0.05``, 2 games each: Art Gallery 20/269 against 22/255 (7 % against 9 %),
  GembloQ 8/35 against 12/24 (23 % against 50 %), Majolica 3/427 against 7/387 (1 % against
  2 %), Zong Shi 3 players 0/149 against 3/376 (0 % against 1 %); the weaker bot's rate is the
  higher in all four, the intervals overlap in all four. A lopsided game (random against
  greedy is one) soon sits near win rates 0 and 1, where no move loses 0.10 of win rate: the
  rule finds mistakes where the game is still open.

Usage: python benchmarks/review.py [--cpu-seconds 0.2 | --iterations N] [--games 1] [--jobs 1]
                                   [--games-list gembloq,majolica] [--players N]
                                   [--strong greedy] [--weak random] [--seed 0]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from _games import game_names, two_or_more

import zongshi_widgets as zw
from zongshi_widgets.agents import agent
from zongshi_widgets.lab import wilson_interval


def play_and_review(name: str, players: int, k: int, seed: int, strong: str, weak: str, budget: dict) -> dict:
    """Play game ``k`` (stronger bot in seat ``k % players``) and review it.

    Returns:
        dict: the game's figures (decisions and mistakes per bot, CPU and wall seconds).
    """
    game = zw.game(name, players=players)
    strong_seat = k % players if players > 1 else (0 if k % 2 == 0 else None)  # solo: strong and weak games in turn
    bots = [agent(strong if s == strong_seat else weak, seed=(seed + k) * 1000 + s, game=game) for s in range(players)]
    state = game.new_state(seed=seed + k)
    while not state.is_over:
        state = state.play(bots[state.to_move].choose(state))
    cpu, wall = time.process_time(), time.perf_counter()
    r = zw.review(state, seed=seed + k, **budget)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    out = {"plies": len(state.history), "decisions": len(r.decisions), "cpu": cpu, "wall": wall, "bot": r.bot}
    for role, mine in (("strong", lambda s: s == strong_seat), ("weak", lambda s: s != strong_seat)):
        ds = [d for d in r.decisions if mine(d.seat)]
        out[f"{role}_decisions"] = len(ds)
        out[f"{role}_mistakes"] = sum(d.mistake for d in ds)
        out[f"{role}_loss"] = sum(d.loss for d in ds)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--cpu-seconds", type=float, default=None, help="search CPU seconds per reviewed decision (default 0.2)")
    budget.add_argument("--iterations", type=int, default=None, help="search iterations per decision instead (reproducible)")
    parser.add_argument("--games", type=int, default=1, help="games per game name")
    parser.add_argument("--jobs", type=int, default=1, help="local processes (games reviewed in parallel)")
    parser.add_argument("--games-list", default=",".join(game_names()), help="comma-separated game names")
    parser.add_argument("--players", type=int, default=None, help="seats (default: each game's smallest contest)")
    parser.add_argument("--strong", default="greedy", help="the stronger bot")
    parser.add_argument("--weak", default="random", help="the weaker bot")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    budget = {"iterations": args.iterations} if args.iterations else {"budget": args.cpu_seconds or 0.2, "clock": "cpu"}
    print(f"review budget per decision: {budget}; {args.games} game(s) per line, {args.strong} (stronger) against {args.weak}; jobs={args.jobs}")
    head = (
        f"{'game':12s} {'pl':>2s} {'games':>5s} {'plies':>6s} {'reviewed':>8s} {'strong mis/dec':>15s} {'weak mis/dec':>13s} "
        f"{'strong rate (95%)':>20s} {'weak rate (95%)':>20s} {'weaker worse':>12s} {'CPU s/dec':>9s} {'wall s':>7s}"
    )
    print(head)
    for name in args.games_list.split(","):
        players = args.players or two_or_more(name)
        jobs = [(name, players, k, args.seed, args.strong, args.weak, budget) for k in range(args.games)]
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                rows = list(pool.map(play_and_review, *zip(*jobs)))
        else:
            rows = [play_and_review(*job) for job in jobs]
        total = {key: sum(r[key] for r in rows) for key in rows[0] if key != "bot"}
        sd, sm, wd, wm = total["strong_decisions"], total["strong_mistakes"], total["weak_decisions"], total["weak_mistakes"]
        s_rate, w_rate = sm / sd if sd else 0.0, wm / wd if wd else 0.0
        s_lo, s_hi = wilson_interval(sm, sd) if sd else (0.0, 1.0)
        w_lo, w_hi = wilson_interval(wm, wd) if wd else (0.0, 1.0)
        worse = "yes" if w_rate > s_rate else "no"
        if w_lo > s_hi:
            worse += " (CI)"
        per = total["cpu"] / total["decisions"] if total["decisions"] else 0.0
        print(
            f"{name:12s} {players:>2d} {len(rows):>5d} {total['plies']:>6d} {total['decisions']:>8d} {f'{sm}/{sd}':>15s} {f'{wm}/{wd}':>13s} "
            f"{f'{s_rate:.0%} ({s_lo:.0%}-{s_hi:.0%})':>20s} {f'{w_rate:.0%} ({w_lo:.0%}-{w_hi:.0%})':>20s} {worse:>12s} {per:>9.3f} {total['wall']:>7.1f}",
            flush=True,
        )
    print(f"reviewer: {rows[0]['bot']}; a mistake loses >= 0.10 win rate (solo: 2 points) against the best move; '(CI)': the 95 % intervals do not overlap")


if __name__ == "__main__":
    main()
