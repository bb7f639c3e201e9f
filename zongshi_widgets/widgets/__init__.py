"""Interactive boards (anywidget): one Python class and one ES module per game, over a shared
base (:class:`GameBoard`) and shared CSS.

Usage::

    from zongshi_widgets.widgets import GembloQBoard
    board = GembloQBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1)
    board                     # in a notebook cell: the board
    board.play("b27,c27,b28,c28"); board.undo(); board.state

See :mod:`zongshi_widgets.widgets.base` for the traits and the message protocol.
"""

from .art_gallery import ArtGalleryBoard
from .base import HUMAN, GameBoard, NamedGameBoard
from .gembloq import GembloQBoard
from .majolica import MajolicaBoard
from .session import GameSession
from .zongshi import ZongShiBoard


def board_class(game: str) -> type[GameBoard]:
    """The board widget class a game registered (see :func:`zongshi_widgets.core.register`),
    or :class:`GameBoard` (the generic board) for a game without one.

    Raises:
        KeyError: no game has that name.
    """
    from ..core import load_ref, registration

    ref = registration(game).board
    return GameBoard if ref is None else load_ref(ref)


__all__ = ["HUMAN", "ArtGalleryBoard", "GameBoard", "GameSession", "GembloQBoard", "MajolicaBoard", "NamedGameBoard", "ZongShiBoard", "board_class"]
