"""GembloQ's own bots: MCTS (plain UCT: nothing is hidden, nothing left to chance) on an
evaluation of penalty points and room to play.

Registered with the game (``zongshi_widgets/games/__init__.py``: ``agents={"mcts": ...}``);
GembloQ's greedy bot is the generic one, which uses the engine's ``greedy_value``.
"""

from __future__ import annotations

import math

from ..core import State
from .evaluation import Evaluation
from .mcts import MCTSAgent


class GembloQEvaluation(Evaluation):
    """Per seat: minus its penalty points left in hand (rulebook, "End of the Game"), plus the
    square root of the placements its colours could still make (``state.legal_count``): a
    colour with room to play places more of its pieces later. Both in square units; a
    two-colour seat adds up its colours."""

    scale = 4.0

    def values(self, state: State) -> list[float]:
        """See the class docstring."""
        game = state.game
        sheet = state.score_sheet()
        vals = [-float(t) for t in sheet.totals]
        colours = len(game.colour_names)
        for colour in range(colours):
            vals[game.seat_of(colour)] += math.sqrt(state.legal_count(colour))
        return vals


class GembloQMCTS(MCTSAgent):
    """UCT for GembloQ (see :class:`~zongshi_widgets.agents.mcts.MCTSAgent`): the tree weighs
    the 12 best placements of each position by the engine's ``greedy_value``; short random
    playouts (8 placements) are scored by :class:`GembloQEvaluation`.

    Strength at one CPU second a placement (``python benchmarks/strength.py --cpu-seconds 1
    --jobs 1 --games-list gembloq``, 2 players, seed 0, seats rotated; 95 % Wilson intervals):
    against greedy 16 of 16 games (100 %, 81-100 %: the aim of 75 % is met); against random 74
    of 74 (100 %, 95.1-100 %: the aim of 95 % is met; run with ``--until-decided``, which stops
    once the interval clears the aim)."""

    evaluation = GembloQEvaluation()
    playout_depth = 8
    widest = 12
    default_iterations = 200
