"""GembloQ invariants (rulebook, "Components" and "Gameplay"), the game's part of
:meth:`zongshi_widgets.core.State.check_invariants`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .rules import GembloQState


def check_board(state: GembloQState) -> None:
    """No cell covered twice; each colour covers exactly the cells of the pieces it placed
    (four cells per square), each piece at most once; each player's score is the squares left
    in the hands of their colours (one colour each, or two in the Two-Player Four-Color game).

    Raises:
        AssertionError: naming the colour and what is wrong.
    """
    game = state.game
    cells = [set(state.cells_of(c)) for c in range(game.colours)]
    if sum(len(c) for c in cells) != len(set().union(*cells)):
        raise AssertionError("GembloQ: a cell is covered by two pieces")
    totals = state.score_sheet().totals
    left = [0.0] * game.players
    for c in range(game.colours):
        placed = state.pieces_placed(c)
        names = [p.name for p in placed]
        if len(names) != len(set(names)):
            raise AssertionError(f"GembloQ: {game.colour_names[c]} placed a piece twice: {sorted(names)}")
        squares = sum(p.squares for p in placed)
        if len(cells[c]) != 4 * squares:
            raise AssertionError(f"GembloQ: {game.colour_names[c]} covers {len(cells[c])} cells but placed {squares} squares of pieces")
        left[game.seat_of(c)] += game.total_squares() - squares
    for seat in range(game.players):
        if totals[seat] != left[seat]:
            raise AssertionError(f"GembloQ: {game.seat_names[seat]} scores {totals[seat]}, not the {left[seat]} squares left in hand")
