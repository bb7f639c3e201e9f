"""Interactive boards (anywidget): one Python class and one ES module per game, over a shared
base (:class:`GameBoard`) and shared CSS.

Usage::

    from zongshi_widgets.widgets import GembloQBoard
    board = GembloQBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1)
    board                     # in a notebook cell: the board
    board.play("b27,c27,b28,c28"); board.undo(); board.state

See :mod:`zongshi_widgets.widgets.base` for the traits and the message protocol.

Where things are: ``base.py`` (:class:`GameBoard`: its traits and options, made of one mixin
per concern: ``python_api.py``, ``watching.py``, ``sync.py``, ``move_log.py``, ``hints.py``,
``board_requests.py``, ``game_hooks.py``, ``review.py``; trait values in ``traits.py``),
``session.py`` (the game in Python), ``protocol.py`` (requests), ``static.py`` (the static
picture), one ``<game>.py`` with its ``.js`` and ``.css`` per game board.
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
