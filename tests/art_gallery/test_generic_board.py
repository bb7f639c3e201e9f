"""Until its own board lands, Art Gallery plays in a notebook through the generic board
(``zongshi_widgets.widgets.GameBoard``): legal actions as buttons, views per seat."""

import zongshi_widgets as zw
from zongshi_widgets.widgets import GameBoard


def _play(board, action):
    """Play, then let the next person sit down (three people share the screen: a privacy
    screen comes up between two of them)."""
    board.play(action)
    if board.screen:
        board.ready()


def test_generic_board_plays_art_gallery():
    state = zw.game("art_gallery", players=3).new_state(seed=1)
    board = GameBoard(state)
    assert board.screen["seat"] == 0 and board.legal == []
    board.ready()
    assert board.legal[:2] == ["move 0", "move 1 cw"]
    _play(board, "move 2 cw")
    _play(board, "bid 5")
    assert board.view["to_move"] == 1 and board.view["seat"] == 1
    # the watching seat's view: no other seat's face-down bid
    assert board.view["my_bids"] == [] and all(v is None for a in board.view["areas"] for v in a["bids"])
    for _ in range(60):
        if not board.legal:
            break
        _play(board, board.legal[-1])
    assert board.legal or board.view["is_over"]


def test_generic_board_with_bots():
    board = GameBoard(zw.game("art_gallery", players=2).new_state(seed=4), seats=["human", "random"])
    board.play(board.legal[0])
    board.play(board.legal[0])
    assert board.view["to_move"] == 0  # the bot has played its turn
