"""The Art Gallery board: ``ArtGalleryBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1)``.

Each seat sees only its own hand and its own face-down bids (see
:mod:`zongshi_widgets.widgets.base` for hot seat, seat-bound and spectator boards).
"""

from __future__ import annotations

from .base import NamedGameBoard

__all__ = ["ArtGalleryBoard"]


class ArtGalleryBoard(NamedGameBoard):
    """A game of Art Gallery (2-6 players) in the notebook; arguments as for
    :class:`~zongshi_widgets.widgets.base.NamedGameBoard` (``variant`` takes the options of
    ``zw.game("art_gallery", ...)``)."""

    game_name = "art_gallery"
