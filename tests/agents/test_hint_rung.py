"""The hint ladder's last rung on the boards (widgets/base.py ``show_hint(mode="explain")``):
the best candidates of an MCTS search with their win rates, from what the seat may see."""

from __future__ import annotations

import random

import pytest

import zongshi_widgets as zw
from zongshi_widgets.agents import explain
from zongshi_widgets.widgets import GameBoard, GembloQBoard


def request(board, **content):
    """Deliver a browser request the way ipywidgets does."""
    board._msg_callbacks(board, content, [])


def test_the_win_rate_rung_shows_the_searchs_candidates_on_a_gembloq_board():
    board = GembloQBoard(players=2, seats=["human"] * 2)
    request(board, type="hint", mode="explain", index=0, version=board.version)
    hint = board.hint
    assert hint["mode"] == "explain" and hint["index"] == 0 and hint["version"] == board.version
    cands = hint["candidates"]
    assert 1 <= len(cands) <= 5 and hint["total"] == len(cands)
    legal = {str(a) for a in board.state.legal_actions()}
    assert all(c["action"] in legal and 0 <= c["win_rate"] <= 1 and c["visits"] >= 1 for c in cands)
    assert [c["visits"] for c in cands] == sorted((c["visits"] for c in cands), reverse=True)
    # the same search as explain() with the board's seed (its version) and the game's budget
    table = explain(board.state, top=5, seed=board.version)
    assert [c["action"] for c in cands] == list(table["action"]) and [c["visits"] for c in cands] == list(table["visits"])
    assert hint["action"] == cands[0]["action"] and hint["code"] == cands[0]["code"]
    # another candidate: shown on the board (its code), the search not run again
    request(board, type="hint", mode="explain", index=len(cands) + 1, version=board.version)
    assert board.hint["index"] == 1 % len(cands) and board.hint["candidates"] == cands
    request(board, type="play", action=board.hint["action"], version=board.version)
    assert board.hint == {} and len(board.state.history) == 1


def test_the_win_rate_rung_depends_only_on_what_the_seat_sees():
    """Zong Shi (hands of scrolls, the bag and decks hidden): the rung's candidates are the
    same when the hidden parts of the position are dealt anew."""
    state = zw.game("zongshi", players=3).new_state(seed=5)
    rng = random.Random(5)
    for _ in range(12):
        state = state.play(rng.choice(state.legal_actions()))
    other = state.determinize(state.to_move, random.Random(1))
    hints = []
    for s in (state, other):
        board = GameBoard(s, seats=["human"] * 3, seat=s.to_move, history=False)
        hints.append(board.show_hint("explain"))
        assert "candidates" in hints[-1], board.message
    assert hints[0]["candidates"] == hints[1]["candidates"]


def test_the_rung_is_refused_where_hints_are():
    board = GembloQBoard(players=2, seats=["human"] * 2)
    with pytest.raises(ValueError, match="explain"):
        board.show_hint("why")
    board.hints = False
    request(board, type="hint", mode="explain")
    assert board.hint == {} and "no hints" in board.message


def test_no_win_rates_in_a_one_player_game():
    """Alone (GembloQ's puzzle, Majolica's solo game) there is no game to win: the win-rate
    rung is refused with a reason, and the board keeps its position."""
    board = GembloQBoard(players=1, seats=["human"])
    before = board.version
    request(board, type="hint", mode="explain", index=0, version=board.version)
    assert board.message.startswith("refused") or "win rates need opponents" in board.message
    assert board.hint.get("mode") != "explain" and board.version == before


def test_the_win_rate_rung_on_a_majolica_board():
    """Majolica (rulebook, 1. Select Majolica Tiles): the board offers the rung (geometry
    ``win_rates``) and its candidates are takes with the search's win rates and visits, the same
    as explain() with the board's seed; the design deck's order dealt anew changes nothing."""
    from zongshi_widgets.widgets import MajolicaBoard

    desc = {
        "step": "select",
        "to_move": 0,
        "start": 0,
        "first": 0,
        "grid": ["RYBG", "YBGR", "BGRY", "GRYB"],
        "players": [{"workshops": ["", "", "RRY", ""], "slots": ["-", "-", "D01"]}, {}],
    }
    state = zw.game("majolica", players=2).from_position(desc, seed=1)
    board = MajolicaBoard(state=state, seats=["human", "human"])
    assert board.geometry["win_rates"] is True
    request(board, type="hint", mode="explain", index=0, version=board.version)
    cands = board.hint["candidates"]
    assert 2 <= len(cands) <= 5 and all(c["action"].startswith("take ") for c in cands)
    assert all(0 <= c["win_rate"] <= 1 and c["visits"] >= 1 for c in cands)
    table = explain(board.state, top=5, seed=board.version)
    assert [c["action"] for c in cands] == list(table["action"]) and [c["visits"] for c in cands] == list(table["visits"])
    # a yellow outer tile (b1, a2) fills W3's pattern and runs onto D01 (Run Workshop(s))
    assert cands[0]["action"].startswith(("take b1", "take a2"))
    other = MajolicaBoard(state=state.determinize(0, random.Random(3)), seats=["human", "human"])
    assert other.show_hint("explain")["candidates"] == cands
