"""How GembloQ placements are named: the piece, the cell it is at and how it is turned, in
the words of the board's Flip and Rotate buttons."""

from __future__ import annotations

import zongshi_widgets as zw
from zongshi_widgets.games.gembloq.naming import orientation_turns, orientation_words, placement_name
from zongshi_widgets.widgets import GembloQBoard


def test_the_turn_words_are_the_button_presses_that_give_the_shape():
    """Pressing Flip (if the words say "flipped"), then Rotate as many times as they say, from
    the way the piece lies in the tray (orientation 0) gives that orientation, with the
    board's own rotate / flip tables (what R and F do in the browser)."""
    board = GembloQBoard(players=2, seed=1)
    pieces = board._geometry()["pieces"]
    for piece, table in zip(board.state.game.pieces, pieces):
        words = [orientation_words(piece, o) for o in range(len(piece.orientations))]
        assert len(set(words)) == len(words)
        for o in range(len(piece.orientations)):
            flipped, quarters = orientation_turns(piece, o)
            reached = table["flip"][0] if flipped else 0
            for _ in range(quarters):
                reached = table["rot"][reached]
            assert reached == o, (piece.number, o, words[o])
            assert ("flipped" in words[o]) == flipped
        if len(piece.orientations) == 1:
            assert words == [""]
        else:
            assert words[0] == "as in the tray"


def test_two_orientations_at_the_same_cell_read_differently():
    """The newcomer's case: two placements of one piece said to be at the same cell (they
    differ only in how the piece is turned) have different names, and a piece that lies
    only one way keeps its short name."""
    state = zw.game("gembloq", players=4).new_state()
    legal = state.legal_actions()
    by_cell: dict = {}
    for p in legal:
        by_cell.setdefault((p.piece.number, placement_name(p).split(",")[0]), []).append(p)
    twins = [ps for ps in by_cell.values() if len({p.orientation for p in ps}) > 1]
    assert twins  # the first position has such pairs
    for ps in twins:
        assert len({placement_name(p) for p in ps}) == len(ps)
    single = next(p for p in legal if len(p.piece.orientations) == 1)
    inner = "1 square" if single.piece.number == 1 else single.piece.name
    assert placement_name(single) == f"piece {single.piece.number} ({inner}) at {str(single).split(',')[0]}"
