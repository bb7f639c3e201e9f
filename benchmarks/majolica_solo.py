"""Majolica solo (rulebook, Rules for Solo Play): a bot's scores in seeded solo games, with
the rulebook's rating bands.

Plays one solo game per seed (default seeds 0 to 19) with the bot named (``solo``: the solo
planner of ``zongshi_widgets/agents/majolica_solo.py``; any of ``zw.agents(game)`` works, e.g.
``mcts`` or ``greedy``), the bot seeded with the game's seed. Prints each game's score and
rating, then the median, the quartiles, the mean, the count per rating band (the rulebook's
names, ``SOLO_RATINGS``), and the wall and CPU time per decision (a decision: one call of the
bot's ``choose``, in-turn actions included) and per turn (24 turns a game).

``--cpu-seconds S`` gives the bot a thinking budget of S CPU seconds per turn (``seconds=S,
clock="cpu"``: the same search however loaded the machine; the solo planner draws samples
until it is spent); ``--samples N`` a fixed number of determinizations instead (reproducible);
``--depth 1`` the one-turn planner. ``--peek`` plays the planner on the true position instead
of a determinization, its one sample of the next turn being the true one (it sees the
face-down stack and the deck): an upper bound for what this search can reach, never a fair
bot.

Usage: python benchmarks/majolica_solo.py [--bot solo] [--seeds 0-19] [--cpu-seconds S | --samples N]
                                          [--depth 2] [--candidates 6] [--peek] [--jobs 1]
"""

from __future__ import annotations

import argparse
import statistics
import time

import zongshi_widgets as zw
from zongshi_widgets.agents import agent
from zongshi_widgets.agents.majolica_solo import MajolicaSoloPlanner
from zongshi_widgets.games.majolica.rules import SOLO_RATINGS


def seeds_of(text: str) -> list[int]:
    """``"0-19"`` or ``"1,5,9"`` as a list of seeds."""
    out: list[int] = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            out += list(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out


def rating(points: int) -> str:
    """The rulebook's rating of a solo score."""
    return next(label for low, label in SOLO_RATINGS if points >= low)


class PeekingPlanner(MajolicaSoloPlanner):
    """The solo planner that sees the true next reveal (its one sample is the true position):
    for an upper bound only, never registered."""

    def sample(self, state):
        """The position itself (the true stack and deck)."""
        return state


def make_bot(args, game, seed: int):
    """The bot of the command line, seeded with ``seed``."""
    opts = {}
    if args.peek:
        return PeekingPlanner(seed=seed, depth=args.depth, candidates=args.candidates, samples=1)
    if args.bot == "solo":
        opts = {"depth": args.depth, "candidates": args.candidates}
        if args.cpu_seconds is not None:
            opts.update(seconds=args.cpu_seconds, clock="cpu")
        elif args.samples is not None:
            opts["samples"] = args.samples
    elif args.bot == "mcts" and args.cpu_seconds is not None:
        opts = {"seconds": args.cpu_seconds, "clock": "cpu"}
    return agent(args.bot, seed=seed, game=game, **opts)


def play(args, game, seed: int) -> tuple[int, int, float, float, list[str]]:
    """One solo game: (score, decisions, wall seconds, CPU seconds, completed cards)."""
    bot = make_bot(args, game, seed)
    state = game.new_state(seed=seed)
    decisions, wall, cpu = 0, 0.0, 0.0
    while not state.is_over:
        w0, c0 = time.perf_counter(), time.process_time()
        # peeking: the true position, not a determinization (an upper bound only)
        action = bot.decide(state, 0) if args.peek else bot.choose(state)
        wall += time.perf_counter() - w0
        cpu += time.process_time() - c0
        decisions += 1
        state = state.play(action)
    p = state.players[0]
    return state.score_sheet().totals[0], decisions, wall, cpu, [game.cids[i] for i in p.done]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="solo")
    ap.add_argument("--seeds", default="0-19")
    budget = ap.add_mutually_exclusive_group()
    budget.add_argument("--cpu-seconds", type=float, default=None)
    budget.add_argument("--samples", type=int, default=None)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--candidates", type=int, default=6)
    ap.add_argument("--peek", action="store_true", help="the solo planner on the true position (upper bound, not a fair bot)")
    ap.add_argument("--jobs", type=int, default=1, help="kept for the other benchmarks' interface: games are played one after the other")
    args = ap.parse_args()
    if args.peek and args.bot != "solo":
        ap.error("--peek is for the solo planner")
    game = zw.game("majolica", players=1)
    seeds = seeds_of(args.seeds)
    budget_text = f"{args.cpu_seconds} CPU s a turn" if args.cpu_seconds is not None else (f"{args.samples} samples" if args.samples else "default budget")
    setting = f"depth {args.depth}, {args.candidates} candidates, {budget_text}" if args.bot == "solo" else budget_text
    print(f"Majolica solo, bot {args.bot} ({setting}){' PEEKING (upper bound)' if args.peek else ''}, seeds {args.seeds}")
    scores, decisions, wall, cpu = [], 0, 0.0, 0.0
    for seed in seeds:
        s, n, w, c, done = play(args, game, seed)
        scores.append(s)
        decisions, wall, cpu = decisions + n, wall + w, cpu + c
        print(f"seed {seed:3d}: {s:3d} points  {rating(s):34s} cards {' '.join(done)}  ({c / 24:.2f} CPU s a turn)", flush=True)
    q = statistics.quantiles(scores, n=4, method="inclusive") if len(scores) > 1 else [scores[0]] * 3
    mean = statistics.mean(scores)
    print(f"\n{len(scores)} games: median {statistics.median(scores)}, quartiles {q[0]} / {q[2]}, mean {mean:.2f}, min {min(scores)}, max {max(scores)}")
    for _low, label in SOLO_RATINGS:
        print(f"  {label:34s} {sum(1 for s in scores if rating(s) == label):3d}")
    turns = 24 * len(scores)
    print(f"per decision: {wall / decisions:.3f} s wall, {cpu / decisions:.3f} s CPU ({decisions} decisions)")
    print(f"per turn: {wall / turns:.3f} s wall, {cpu / turns:.3f} s CPU")


if __name__ == "__main__":
    main()
