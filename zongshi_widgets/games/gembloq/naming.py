"""How GembloQ pieces, sizes and placements are named in words: one naming for the board's
log, messages, hints, tooltips, screen-reader labels and lessons.

* A piece is named by its number (the tie-break value, rulebook "In Case of a Tie") and its
  name: ``"piece 9 (L4)"``. The small pieces are named by their size, said in words:
  ``"piece 1 (1 square)"``, ``"piece 2 (1½ squares)"``.
* A size: ``"1 square"``, ``"1½ squares"``, ``"4 squares"`` (a half square is a triangular
  part; rulebook "End of the Game").
* A placement is said to be *at* the first cell of its notation (the cells in reading order,
  :class:`~zongshi_widgets.games.gembloq.geometry.Placement`), then, for a piece that can lie
  more than one way, *how it is turned* from the way it lies in the tray, in the board's
  buttons' words (Flip, then Rotate a quarter turn): ``"piece 9 (L4) at b27, as in the tray"``,
  ``"piece 9 (L4) at b27, rotated twice"``, ``"piece 9 (L4) at b27, flipped and rotated once"``.
  The piece, the cell and the turn together say one placement: two legal placements never
  read alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .geometry import canonical, transform

__all__ = [
    "name_cell_index",
    "orientation_turns",
    "orientation_words",
    "piece_name",
    "piece_title",
    "placement_cell",
    "placement_name",
    "size_text",
]


def size_text(squares: float) -> str:
    """A size in squares, in words: ``"1 square"``, ``"1½ squares"``, ``"5 squares"``.

    Args:
        squares (float): a whole or half number of squares (> 0).

    Returns:
        str: the size with its unit.

    Raises:
        ValueError: ``squares`` is not a positive whole or half number.
    """
    halves = squares * 2
    if isinstance(squares, bool) or not isinstance(squares, (int, float)) or squares <= 0 or halves != int(halves):
        raise ValueError(f"a piece's size is a positive whole or half number of squares, not {squares!r}")
    whole, half = divmod(int(halves), 2)
    number = (str(whole) if whole else "") + ("½" if half else "")
    return f"{number} square{'' if squares == 1 else 's'}"


def _named_by_size(piece) -> bool:
    try:
        float(piece.name)
    except ValueError:
        return False
    return True


def piece_name(piece) -> str:
    """``"piece 9 (L4)"``; a piece whose name is its size: ``"piece 2 (1½ squares)"``.

    Args:
        piece (Piece): a GembloQ piece.

    Returns:
        str: the name used in sentences, logs and labels.
    """
    inner = size_text(piece.squares) if _named_by_size(piece) else piece.name
    return f"piece {piece.number} ({inner})"


def piece_title(piece) -> str:
    """The name with the size, said once, for a tooltip: ``"Piece 9 (L4, 4 squares)"``,
    ``"Piece 2 (1½ squares)"``.

    Args:
        piece (Piece): a GembloQ piece.

    Returns:
        str: capitalised, as a title.
    """
    size = size_text(piece.squares)
    inner = size if _named_by_size(piece) else f"{piece.name}, {size}"
    return f"Piece {piece.number} ({inner})"


def name_cell_index(cells: Sequence[tuple[int, int]]) -> int:
    """Which of these cells names a placement of them: the first in the notation's order
    (the lowest row number, then the leftmost column; on the grid, the largest ``y``, then
    the smallest ``x``).

    The choice does not change when the cells are moved together, so a board can compute it
    once per orientation of a piece.

    Args:
        cells (Sequence[tuple[int, int]]): ``(x, y)`` cells.

    Returns:
        int: the index in ``cells`` of the naming cell.
    """
    return min(range(len(cells)), key=lambda i: (-cells[i][1], cells[i][0]))


def placement_cell(placement) -> str:
    """The label of the cell a placement is said to be at: its notation's first cell.

    Args:
        placement (Placement): a GembloQ placement.

    Returns:
        str: a cell label such as ``"b27"``.
    """
    return str(placement).split(",")[0]


@cache
def _turns(piece) -> tuple[tuple[bool, int], ...]:
    found: dict = {}
    for flipped in (False, True):  # the order the orientations were made in: the fewest presses first
        for quarters in range(4):
            found.setdefault(canonical(transform(piece.triangles, quarters, flipped)), (flipped, quarters))
    return tuple(found[canonical(shape)] for shape in piece.orientations)


def orientation_turns(piece, orientation: int) -> tuple[bool, int]:
    """How orientation ``orientation`` of ``piece`` is reached from the way the piece lies in
    the tray (its orientation 0): flipped or not, then how many quarter turns of the board's
    Rotate button (R), the fewest presses that give the shape.

    Args:
        piece (Piece): a GembloQ piece.
        orientation (int): an index into ``piece.orientations``.

    Returns:
        tuple[bool, int]: ``(flipped, quarter turns 0..3)``.

    Raises:
        IndexError: ``orientation`` is not one of the piece's.
    """
    return _turns(piece)[orientation]


_QUARTERS = {1: "rotated once", 2: "rotated twice", 3: "rotated 3 times"}


def orientation_words(piece, orientation: int) -> str:
    """How a piece is turned, in the words of the board's buttons: ``"as in the tray"``,
    ``"rotated once"`` (one quarter turn, R), ``"rotated twice"``, ``"rotated 3 times"``,
    ``"flipped"`` (F), ``"flipped and rotated once"``...; ``""`` for a piece that lies only one
    way (nothing to tell).

    Args:
        piece (Piece): a GembloQ piece.
        orientation (int): an index into ``piece.orientations``.

    Returns:
        str: the words (flip first, then the quarter turns).

    Raises:
        IndexError: ``orientation`` is not one of the piece's.
    """
    flipped, quarters = orientation_turns(piece, orientation)
    if len(piece.orientations) == 1:
        return ""
    if not flipped:
        return _QUARTERS.get(quarters, "as in the tray")
    return "flipped" + (f" and {_QUARTERS[quarters]}" if quarters else "")


def placement_name(placement) -> str:
    """``"piece 9 (L4) at b27, rotated once"``: the piece, the cell it is said to be at and how
    it is turned (:func:`orientation_words`; nothing for a piece that lies only one way:
    ``"piece 1 (1 square) at b27"``). Distinct placements have distinct names.

    Args:
        placement (Placement): a GembloQ placement.

    Returns:
        str: the piece's name, the cell it is at and its turn.
    """
    turn = orientation_words(placement.piece, placement.orientation)
    return f"{piece_name(placement.piece)} at {placement_cell(placement)}" + (f", {turn}" if turn else "")
