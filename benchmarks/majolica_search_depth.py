"""Majolica: does a deeper tree make MCTS stronger against greedy? 2 players, seats rotated.

The shipped :class:`~zongshi_widgets.agents.majolica.MajolicaMCTS` searches one whole turn deep
(its own best takes, each judged after the opponent's greedy answer). This script plays it, or a
variant whose tree goes two or three whole turns deep, against the greedy bot at a CPU-time
budget per move, and prints the wins with a 95 % Wilson interval after every pair of games:

- ``base``: the shipped bot;
- ``deep2``: the tree also branches on the opponent's answer (its best ``--widest`` takes by the
  greedy measure, remembered per position), then a playout plays the bot's next turn greedily;
- ``deep3``: one more level, the bot's next take, then the opponent's turn in the playout.

The games are those of ``benchmarks/strength.py --games-list majolica --opponents greedy``
with the same ``--seed`` (seat ``s`` plays the seeds ``seed + 100000*s + r``).

Measured (``--cpu-seconds 1``, seed 0, 40 games each, a shared 2-core machine): ``base`` 27 of 40
(67.5 %, 52 % to 80 %), ``deep2`` 27 of 40 (67.5 %, 52 % to 80 %), ``deep3`` 15 of 24 (62.5 %,
43 % to 79 %; stopped early): at the same budget the deeper trees are no stronger; the search's
limit against greedy is its evaluation, not its depth.

Usage: python benchmarks/majolica_search_depth.py [--variant deep2] [--games 40] [--cpu-seconds 1]
"""

from __future__ import annotations

import argparse
import time

import zongshi_widgets as zw
from zongshi_widgets.agents.majolica import MajolicaMCTS, _keep, turn_values
from zongshi_widgets.lab import simulate
from zongshi_widgets.lab.report import wilson_interval


class DeepMajolicaMCTS(MajolicaMCTS):
    """:class:`MajolicaMCTS` with a tree :attr:`tree_depth` whole turns deep: below the root,
    each selection considers its best :attr:`widest_deep` takes by the greedy measure
    (:func:`turn_values` on the iteration's determinization, remembered per position)."""

    tree_depth = 2
    widest_deep = 4

    def _search(self, state, seat):
        self._deep = {}
        return super()._search(state, seat)

    def tree_actions(self, d, legal):
        """The root's takes as the shipped bot's; below it the best :attr:`widest_deep`."""
        if self._root_moves is not None and (d.round, d.turnno, d.step) == self._root_at:
            return [a for a in legal if a in self._root_moves] or legal
        if d.step != "select" or len(legal) <= self.widest_deep:
            return _keep(legal)
        key = (d.round, d.turnno, d.to_move, tuple(map(str, legal)))
        top = self._deep.get(key)
        if top is None:
            values = turn_values(d, d.to_move, legal, self.evaluation)
            order = sorted(range(len(legal)), key=lambda i: (-values[i], i))[: self.widest_deep]
            top = self._deep[key] = {str(legal[i]) for i in order}
        return [a for a in legal if str(a) in top] or legal


def make(variant: str, seconds: float, widest: int):
    """The bot of ``variant`` ("base", "deep2" or "deep3") at ``seconds`` CPU seconds a move."""
    if variant == "base":
        return MajolicaMCTS(seconds=seconds, clock="cpu")
    bot = DeepMajolicaMCTS(seconds=seconds, clock="cpu")
    bot.tree_depth = {"deep2": 2, "deep3": 3}[variant]
    bot.playout_turns = 1
    bot.widest_deep = widest
    return bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", choices=("base", "deep2", "deep3"), default="deep2")
    parser.add_argument("--games", type=int, default=40, help="games (rounded down to an even number: seats rotated)")
    parser.add_argument("--cpu-seconds", type=float, default=1.0, help="MCTS CPU time per move")
    parser.add_argument("--widest", type=int, default=4, help="takes considered below the root")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = zw.game("majolica", players=2)
    wins = played = 0
    start = time.perf_counter()
    for r in range(args.games // 2):
        for seat in range(2):
            bots = ["greedy", "greedy"]
            bots[seat] = make(args.variant, args.cpu_seconds, args.widest)
            table = simulate(game, bots, games=1, seed=args.seed + 100_000 * seat + r, jobs=1, progress=False)
            mine = table[table.seat == seat]
            wins += int(mine.won.sum())
            played += len(mine)
        low, high = wilson_interval(wins, played)
        print(f"{args.variant}: {wins}/{played} wins against greedy [{low:.0%}, {high:.0%}], {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
