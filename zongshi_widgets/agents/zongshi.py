"""Zong Shi's own bots: greedy and MCTS on an evaluation that sees progress before it scores.

The score sheet moves in steps (a project scores when completed, boxes and scrolls only per
three, a penalty for what is left unfinished), so one action rarely changes it: the evaluation
below counts work under way. Registered with the game (``zongshi_widgets/games/__init__.py``).
"""

from __future__ import annotations

from ..core import State
from .base import GreedyAgent
from .evaluation import Evaluation
from .mcts import MCTSAgent

#: Score-sheet categories counted as they stand (rulebook, Final Scoring and Victory).
_KEPT = ("completed projects", "exchange tiles", "all six exchange tiles", "townsfolk visits", "triggering the end")


class ZongShiEvaluation(Evaluation):
    """Per seat, in victory points: the score sheet's completed projects, exchange tiles (and
    the all-six bonus), townsfolk visits and end trigger as they stand; plus three quarters of
    the victory points of the projects its master and apprentice are building (instead of the
    penalized "unfinished projects" row: work under way is likely to finish); plus its boxes
    and scrolls at a third of a point each, unrounded (the final row counts whole threes).
    Reads the public position of each player and the seat's own scrolls only through the
    determinization the bot was given."""

    scale = 3.0

    def values(self, state: State) -> list[float]:
        """See the class docstring."""
        sheet = state.score_sheet()
        kept = [sheet.categories.index(c) for c in _KEPT]
        players = state.position()["players"]
        game = state.game
        out = []
        for seat in range(game.players):
            row = sheet.values[seat]
            p = players[seat]
            value = float(sum(row[i] for i in kept))
            building = [pid for pawn in ("master", "apprentice") for pid in p[pawn]["building"]]
            value += 0.75 * sum(game.card(pid).vp for pid in building)
            boxes = 0 if p["boxes"] == "nothing" else len(p["boxes"])
            value += (boxes + len(p["scrolls"])) / 3.0
            out.append(value)
        return out


class ZongShiGreedy(GreedyAgent):
    """Greedy for Zong Shi: one action ahead on :class:`ZongShiEvaluation`."""

    evaluation = ZongShiEvaluation()


class ZongShiMCTS(MCTSAgent):
    """ISMCTS for Zong Shi (see :class:`~zongshi_widgets.agents.mcts.MCTSAgent`), playouts of
    30 random actions scored by :class:`ZongShiEvaluation`."""

    evaluation = ZongShiEvaluation()
    playout_depth = 30
    default_iterations = 400
