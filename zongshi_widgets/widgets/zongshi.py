"""The Zong Shi board: ``ZongShiBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1)``.

Each seat sees only its own scrolls (see :mod:`zongshi_widgets.widgets.base` for hot seat,
seat-bound and spectator boards).
"""

from __future__ import annotations

from .base import NamedGameBoard

__all__ = ["ZongShiBoard"]


class ZongShiBoard(NamedGameBoard):
    """A game of Zong Shi (3-5 players) in the notebook; arguments as for
    :class:`~zongshi_widgets.widgets.base.NamedGameBoard` (``variant`` takes the options of
    ``zw.game("zongshi", ...)``, see ``zw.game("zongshi").__init__``)."""

    game_name = "zongshi"
