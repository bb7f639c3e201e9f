"""GembloQ invariants (rulebook, "Components" and "Gameplay"), the game's part of
:meth:`zongshi_widgets.core.State.check_invariants`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .rules import GembloQState


def check_board(state: GembloQState) -> None:
    """No cell covered twice; each colour covers exactly the cells of the pieces it placed
    (four cells per square), each piece at most once; each colour's score is the squares left
    in its hand.

    Raises:
        AssertionError: naming the colour and what is wrong.
    """
    game = state.game
    cells = [set(state.cells_of(c)) for c in range(game.colours)]
    if sum(len(c) for c in cells) != len(set().union(*cells)):
        raise AssertionError("GembloQ: a cell is covered by two pieces")
    totals = state.score_sheet().totals
    for c in range(game.colours):
        placed = state.pieces_placed(c)
        names = [p.name for p in placed]
        if len(names) != len(set(names)):
            raise AssertionError(f"GembloQ: {game.colour_names[c]} placed a piece twice: {sorted(names)}")
        squares = sum(p.squares for p in placed)
        if len(cells[c]) != 4 * squares:
            raise AssertionError(f"GembloQ: {game.colour_names[c]} covers {len(cells[c])} cells but placed {squares} squares of pieces")
        if totals[c] != game.total_squares() - squares:
            raise AssertionError(f"GembloQ: {game.colour_names[c]} scores {totals[c]}, not the {game.total_squares() - squares} squares left in hand")
