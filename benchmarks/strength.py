"""Strength of MCTS: win rate at a fixed thinking time per move against random and greedy
opponents, seats rotated, with a 95 % Wilson interval, in every registered game.

For each game and each opponent bot, MCTS sits in seat 0 for the first games, seat 1 for the
next, and so on (the others are all the opponent bot); a shared first place counts as a win.
The aim (:data:`AIMS`): at 1 CPU second a move, MCTS wins at least 95 % of its games against
random and 75 % against greedy. The ``verdict`` column says whether the whole 95 % interval lies
above the aim (``met``), below it (``missed``), or straddles it (``open``: more games needed).
With ``--until-decided`` a line stops after the first full round of seats whose interval no
longer straddles the aim (at most ``--games``); stopping on the data this way makes the interval
somewhat optimistic, so quote the sample size with it. Seats default to the strategy notebooks' counts
(:data:`STRATEGY_PLAYERS`). A full run at 1 s is long (an Art Gallery game is about 130 MCTS decisions); run it as
far as time allows with smaller ``--seconds`` and ``--games`` and say what was run.

``--seconds`` is wall-clock time per move: on a loaded machine MCTS then thinks less than the
figure says. ``--cpu-seconds`` budgets the CPU time of the searching thread instead
(``clock="cpu"``), so the table measures the same bot however busy the machine is (only the
wall time grows). The ``s/move`` column is wall time per decision, single-choice moves included.
Majolica's MCTS searches only at its selections (its tree steps are whole turns; the rest of its
turn is played without a search), so there the budget is per turn and ``s/move`` averages the
searched selections with the quick in-turn actions.

Usage: python benchmarks/strength.py [--seconds 1.0 | --cpu-seconds 1.0 | --iterations N] [--games 20] [--jobs 2]
                                     [--games-list gembloq,zongshi] [--opponents random,greedy] [--players N] [--until-decided]
"""

from __future__ import annotations

import argparse
import sys
import time

from _games import game_names, two_or_more

import zongshi_widgets as zw
from zongshi_widgets.agents import agent
from zongshi_widgets.lab import simulate, wilson_interval

#: Seats per game when ``--players`` is not given: those of each game's strategy notebook
#: (a game not listed: its smallest contest). Majolica's solo game is measured elsewhere.
STRATEGY_PLAYERS = {"zongshi": 4, "art_gallery": 4, "gembloq": 2, "majolica": 2}

#: The win rate MCTS should reach against each opponent bot (the ``verdict`` column).
AIMS = {"random": 0.95, "greedy": 0.75}


def verdict(low: float, high: float, aim: float | None) -> str:
    """``met`` when the interval ``[low, high]`` lies at or above ``aim``, ``missed`` when it
    lies below, ``open`` when it straddles it; ``-`` without an aim."""
    if aim is None:
        return "-"
    if low >= aim:
        return "met"
    if high < aim:
        return "missed"
    return "open"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, default=None, help="MCTS thinking time per move (default 1.0)")
    budget.add_argument("--cpu-seconds", type=float, default=None, help="MCTS CPU time per move (the searching thread's; steady on a busy machine)")
    budget.add_argument("--iterations", type=int, default=None, help="MCTS iterations per move instead (reproducible)")
    parser.add_argument("--games", type=int, default=20, help="games per game and opponent (rounded up to a multiple of the seats)")
    parser.add_argument("--jobs", type=int, default=2, help="local processes")
    parser.add_argument("--games-list", default=",".join(game_names()), help="comma-separated game names")
    parser.add_argument("--opponents", default="random,greedy")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the strategy notebooks' counts, STRATEGY_PLAYERS)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--until-decided", action="store_true", help="stop a line once its interval lies wholly above or below the aim (AIMS)")
    args = parser.parse_args()
    if args.iterations:
        options = {"iterations": args.iterations}
    elif args.cpu_seconds:
        options = {"seconds": args.cpu_seconds, "clock": "cpu"}
    else:
        options = {"seconds": args.seconds or 1.0}
    print(f"MCTS budget per move: {options}; {args.games} games per line, seats rotated; jobs={args.jobs}")
    print(
        f"{'game':12s} {'players':>7s} {'opponent':>8s} {'games':>5s} {'MCTS wins':>9s} {'rate':>6s} {'95% Wilson':>15s} "
        f"{'s/move':>7s} {'wall s':>7s} {'verdict':>7s}"
    )
    for name in args.games_list.split(","):
        players = args.players or STRATEGY_PLAYERS.get(name) or two_or_more(name)
        game = zw.game(name, players=players)
        per_seat = -(-args.games // players)
        for opponent in args.opponents.split(","):
            start = time.perf_counter()
            wins = games = 0
            seconds = decisions = rounds = 0.0
            # rounds of games, MCTS in every seat once per round, so a run stopped early is
            # still balanced; seat s plays the seeds seed + 100000*s + r as a single batch would.
            for first in range(0, per_seat, args.jobs):
                chunk = min(args.jobs, per_seat - first)
                for seat in range(players):
                    bots = [opponent] * players
                    bots[seat] = agent("mcts", game=game, **options)
                    table = simulate(game, bots, games=chunk, seed=args.seed + 100_000 * seat + first, jobs=args.jobs)
                    mine = table[table.seat == seat]
                    wins += int(mine.won.sum())
                    games += len(mine)
                    seconds += mine.seconds.sum()
                    decisions += mine.decisions.sum()
                    rounds += float(table.groupby("game").game_turns.first().sum())
                    print(
                        f"  ... {name} vs {opponent}: {wins}/{games} MCTS wins, {seconds / decisions:.3f} s/move, "
                        f"{rounds / games:.1f} turns per game, {time.perf_counter() - start:.0f} s",
                        file=sys.stderr,
                        flush=True,
                    )
                if args.until_decided and verdict(*wilson_interval(wins, games), AIMS.get(opponent)) != "open":
                    break
            low, high = wilson_interval(wins, games)
            print(
                f"{name:12s} {players:7d} {opponent:>8s} {games:5d} {wins:9d} {wins / games:6.1%} [{low:5.1%}, {high:5.1%}] "
                f"{seconds / decisions:7.3f} {time.perf_counter() - start:7.0f} {verdict(low, high, AIMS.get(opponent)):>7s}",
                flush=True,
            )


if __name__ == "__main__":
    main()
