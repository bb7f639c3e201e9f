"""Position evaluations: a game's quick guess at how well each seat stands.

The greedy bot looks one action ahead on an evaluation; MCTS cuts its playouts short and
turns the evaluation into win chances. Every game has one: :class:`ScoreEvaluation` (the score
sheet's totals) unless the game registers bots that carry a better one (see
``zongshi_widgets/agents/gembloq.py``, ``zongshi.py``, ``art_gallery.py``, ``majolica.py``; a
new game joins the same way, by registering ``agents={"greedy": ..., "mcts": ...}``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..core import State


def win_shares(state: State) -> list[float]:
    """Each seat's share of the win at a finished game: ``1/k`` for each of ``k`` seats in
    first place (a shared win), 0 for the others; a one-player game scores 1.

    Args:
        state (State): a position (normally over; otherwise "who leads now").

    Returns:
        list[float]: one number per seat, summing to 1.
    """
    n = state.game.players
    if n == 1:
        return [1.0]
    winners = state.score_sheet().winners
    if not winners:
        return [1.0 / n] * n
    share = 1.0 / len(winners)
    return [share if s in winners else 0.0 for s in range(n)]


class Evaluation:
    """A game's heuristic: a value per seat (higher is better), comparable between seats.

    Subclasses override :meth:`values`. ``scale`` is how many value points make a clear lead:
    :meth:`win_chances` is a softmax of ``values / scale``.

    Attributes:
        scale (float): value points per unit of the softmax (> 0).
    """

    scale: float = 5.0

    def values(self, state: State) -> list[float]:
        """One value per seat, higher is better (override).

        Args:
            state (State): any position (a determinization for games with secrets).

        Returns:
            list[float]: ``len == state.game.players``.
        """
        raise NotImplementedError

    def win_chances(self, state: State) -> list[float]:
        """Each seat's chance to win, guessed: exact shares when the game is over
        (:func:`win_shares`), else a softmax of :meth:`values` over ``scale``.

        Returns:
            list[float]: one number per seat in [0, 1], summing to 1.
        """
        if state.is_over:
            return win_shares(state)
        vals = self.values(state)
        if len(vals) == 1:
            return [1.0]
        top = max(vals)
        weights = [math.exp((v - top) / self.scale) for v in vals]
        total = sum(weights)
        return [w / total for w in weights]

    def action_value(self, state: State, action: Any, seat: int) -> float:
        """How good ``action`` looks for ``seat`` one step ahead: the seat's value after it,
        minus the best other seat's (the greedy bot's measure; higher is better).

        Args:
            state (State): the position, ``seat`` to move.
            action: one of ``state.legal_actions()``.
            seat (int): the deciding seat.
        """
        vals = self.values(state.play(action))
        return _margin(vals, seat)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


def _margin(vals: Sequence[float], seat: int) -> float:
    others = [v for i, v in enumerate(vals) if i != seat]
    return vals[seat] - (max(others) if others else 0.0)


class ScoreEvaluation(Evaluation):
    """The score sheet's totals (negated when fewer points win), plus a hundredth of the first
    tie-break key: the generic evaluation of any game."""

    scale = 5.0

    def values(self, state: State) -> list[float]:
        """The totals as they stand (see the class docstring)."""
        sheet = state.score_sheet()
        sign = -1.0 if sheet.lower_wins else 1.0
        out = []
        for seat in range(state.game.players):
            tie = sheet.tiebreaks[seat][0] if sheet.tiebreaks and sheet.tiebreaks[seat] else 0
            out.append(sign * (float(sheet.totals[seat]) + 0.01 * float(tie)))
        return out
