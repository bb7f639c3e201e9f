"""Majolica speed: random full games per second, for 1 to 4 players, base game and all three
expansions (Cascading Bloom, Kaleidoscopic Design, Mission cards).

Each game starts from ``new_state(seed)`` and plays uniformly random legal actions to the end;
the figure includes setup and the final score sheet. Two figures per line:

* ``play/s``: games per CPU second through ``play()`` (every action checked, a new immutable
  state per action, the history kept: what a notebook, a board or a saved game uses);
* ``scratch/s``: games per CPU second through a playout, ``state.scratch()`` then
  ``advance(action)`` (one private copy changed in place, no checks, no history: what MCTS
  playouts use). Both play the very same games (the same seeds, the same actions).

Rates are per second of this process's CPU time (one core), the median of ``--repeats``
measurements of ``--seconds`` each. Random play almost never completes five
design cards, so multi-player games end by the engine's ``stall_rounds`` option (no card
completed for 40 rounds by default; see ``Majolica``): the "rounds/game" column shows how long
they last, and "5 cards" the share of games that ended by the rulebook's condition instead.
Solo games last 6 rounds.

With ``--greedy N`` it also plays N games per player count (2 to 4) between the generic
``greedy`` bots (``MajolicaState.greedy_value``), by the rulebook alone (``stall_rounds=None``),
and prints how many rounds they last and the longest stretch of rounds without a completed
design card (the figures behind the ``stall_rounds`` default), with the speed of these realistic
games: actions per game, games and actions per CPU second (bots' thinking included), and all
positions played per second (the actions plus the bots' one-action look-aheads).

Usage: python benchmarks/majolica_games.py [--seconds 1] [--repeats 3] [--stall-rounds 40] [--greedy 6]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import zongshi_widgets as zw
from zongshi_widgets.agents import GreedyAgent


def random_game(game, seed: int, scratch: bool = False) -> tuple[int, int, bool]:
    """Play one random game, through ``play()`` or (``scratch``) a playout's scratch copy and
    ``advance()``; return (actions, rounds, ended by five completed cards)."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    actions = 0
    if scratch:
        state = state.scratch()
        while not state.is_over:
            legal = state.legal_actions()
            state = state.advance(legal[rng.randrange(len(legal))])
            actions += 1
    else:
        while not state.is_over:
            legal = state.legal_actions()
            state = state.play(legal[rng.randrange(len(legal))])
            actions += 1
    state.score_sheet()
    return actions, state.round, any(len(p.done) >= 5 for p in state.players)


def rate(game, seconds: float, repeats: int, scratch: bool) -> tuple[float, int, int, int, int]:
    """Median games per CPU second over ``repeats`` runs of ``seconds`` each (each run starts
    again from seed 0); return (median games/s, games, actions, rounds, ended by five cards) with
    the totals of all runs."""
    rates, games, actions, rounds, five = [], 0, 0, 0, 0
    for _ in range(repeats):
        n, cpu = 0, time.process_time()
        while time.process_time() - cpu < seconds:
            a, r, f = random_game(game, n, scratch)
            n += 1
            actions += a
            rounds += r
            five += f
        rates.append(n / (time.process_time() - cpu))
        games += n
    return statistics.median(rates), games, actions, rounds, five


def greedy_game(players: int, seed: int, max_rounds: int = 200) -> tuple[int, bool, int, int, int]:
    """One game between greedy bots by the rulebook alone; return (rounds, ended by five
    completed cards, longest stretch of rounds without a completed card, actions played,
    positions the bots looked at: one ``greedy_value`` play per legal action of each decision)."""
    game = zw.game("majolica", players=players, stall_rounds=None)
    state = game.new_state(seed=seed)
    bots = [GreedyAgent(seed=seed * 10 + k) for k in range(players)]  # the generic one-step greedy, not Majolica's whole-turn bot
    last, gap, done, actions, looked = 0, 0, 0, 0, 0
    while not state.is_over and state.round <= max_rounds:
        looked += len(state.legal_actions())
        state = state.play(bots[state.to_move].choose(state))
        actions += 1
        now = sum(len(p.done) for p in state.players)
        if now > done:
            gap, last, done = max(gap, state.round - last), state.round, now
    return state.round, state.is_over, max(gap, state.round - last), actions, looked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time per measurement")
    parser.add_argument("--repeats", type=int, default=3, help="measurements per figure (the median is printed)")
    parser.add_argument("--greedy", type=int, default=0, help="greedy-bot games per player count (by the rulebook alone)")
    parser.add_argument("--stall-rounds", type=int, default=40, help="the engine's stall_rounds option")
    args = parser.parse_args()
    print(f"random games, games per CPU second (median of {args.repeats} x {args.seconds:g} s); play/s: through play(), scratch/s: scratch() + advance()")
    head = ("players", 7), ("expansions", 10), ("play/s", 7), ("scratch/s", 9), ("actions/s play", 14), ("actions/s scratch", 17)
    head += ("actions/game", 12), ("rounds/game", 11), ("5 cards", 7)
    print("  ".join(f"{h:>{w}}" for h, w in head))
    for expansions in (False, True):
        for players in zw.game_type("majolica").player_counts:
            opts = {"cascading_bloom": True, "kaleidoscopic": True, "missions": True} if expansions else {}
            game = zw.game("majolica", players=players, stall_rounds=args.stall_rounds, **opts)
            played, games, actions, rounds, five = rate(game, args.seconds, args.repeats, scratch=False)
            playout, *_ = rate(game, args.seconds, args.repeats, scratch=True)
            per = actions / games
            label = "all" if expansions else "none"
            print(
                f"{players:>7}  {label:>10}  {played:>7.1f}  {playout:>9.1f}  {played * per:>14.0f}  {playout * per:>17.0f}  "
                f"{per:>12.0f}  {rounds / games:>11.1f}  {five / games:>7.0%}"
            )

    if args.greedy:
        print(f"\ngreedy bots, stall_rounds=None: {args.greedy} games per player count")
        print(
            f"{'players':>7}  {'rounds min/median/max':>21}  {'5 cards':>7}  {'longest stretch without a completed card':>40}"
            f"  {'actions/game':>12}  {'games/s':>7}  {'actions/s':>9}  {'positions/s':>11}"
        )
        for players in (2, 3, 4):
            cpu = time.process_time()
            runs = [greedy_game(players, seed) for seed in range(1, args.greedy + 1)]
            used = time.process_time() - cpu
            rounds = [r for r, *_ in runs]
            actions, looked = sum(r[3] for r in runs), sum(r[4] for r in runs)
            spread = f"{min(rounds)}/{statistics.median(rounds):g}/{max(rounds)}"
            print(
                f"{players:>7}  {spread:>21}  {sum(r[1] for r in runs) / len(runs):>7.0%}  {max(r[2] for r in runs):>40}"
                f"  {actions / len(runs):>12.0f}  {len(runs) / used:>7.2f}  {actions / used:>9.0f}  {(actions + looked) / used:>11.0f}"
            )
        print("(games/s and actions/s include the bots' thinking: each decision plays every legal action once; positions/s counts those plays too)")


if __name__ == "__main__":
    main()
