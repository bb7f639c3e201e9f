"""Until its own board lands, Majolica plays in a notebook through the generic board
(``zongshi_widgets.widgets.GameBoard``): legal actions as buttons, the public view."""

import zongshi_widgets as zw
from zongshi_widgets.widgets import GameBoard


def _play(board, action):
    board.play(action)
    if board.screen:
        board.ready()


def test_generic_board_plays_majolica():
    board = GameBoard(zw.game("majolica", players=2).new_state(seed=1))
    if board.screen:
        board.ready()
    assert board.legal == ["start slot 1", "start slot 2", "start slot 3"]
    _play(board, "start slot 1")
    _play(board, "start slot 3")
    assert board.legal[0].startswith("take ") and board.view["step"] == "1. Select Majolica tiles"
    assert "deck" not in board.view and board.view["deck_size"] == 30
    for _ in range(80):
        if not board.legal:
            break
        _play(board, board.legal[-1])
    assert board.legal or board.view["is_over"]


def test_generic_board_with_a_bot():
    """The random bot plays its whole turns (all its steps); the human is asked only on theirs."""
    board = GameBoard(zw.game("majolica", players=2).new_state(seed=4), seats=["human", "random"])
    if board.screen:
        board.ready()
    for _ in range(30):
        assert board.view["to_move"] in (0, None)
        if not board.legal:
            break
        board.play(board.legal[0])
    assert board.state.turn.round >= 1 and len(board.state.history) > 30
