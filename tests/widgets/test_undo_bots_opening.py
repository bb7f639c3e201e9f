"""Undo with people and bots takes back a person's move; the bots' opening moves before a
person's first turn stand (nothing of theirs to undo), in Python and on the board."""

from __future__ import annotations

import pytest

from zongshi_widgets.widgets.gembloq import GembloQBoard


def _board_at_first_human_turn() -> GembloQBoard:
    # blue, a bot, moves before yellow, the person, first moves
    board = GembloQBoard(players=4, seats=["greedy", "human", "greedy", "greedy"], seed=3, bot_delay=0)
    board.run_bots()
    assert board.session.bot_seat() is None and board.state.to_move == 1
    assert board.timeline.can_undo()  # the bots have moved
    return board


def test_undo_refused_when_only_bots_have_moved():
    board = _board_at_first_human_turn()
    before = board.state
    assert board.cursor["can_undo"] is False
    with pytest.raises(IndexError, match="nothing of yours to undo"):
        board.undo()
    assert board.state is before  # nothing changed
    board._req_undo({"type": "undo"})  # the browser's request: refused with the reason, nothing changes
    assert board.state is before
    assert "nothing of yours to undo" in board.message


def test_undo_after_a_persons_move_goes_back_to_it():
    board = _board_at_first_human_turn()
    mine = board.state
    board.play(board.state.legal_actions()[0])
    board.run_bots()
    assert board.cursor["can_undo"] is True
    board.undo()
    assert board.state is mine  # back to before the person's move, the bots' opening kept
