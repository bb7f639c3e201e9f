"""The hint ladder's last rung on the boards (widgets/hints.py ``show_hint(mode="explain")``):
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


def test_win_rates_carry_a_95_interval_from_their_playouts_and_close_ones_are_called_noise():
    """Issue 14: a win rate without its noise looks more precise than it is. Each candidate
    carries the Wilson interval of its playouts, and the board says when the first candidates'
    intervals overlap."""
    from zongshi_widgets.agents.base import win_rate_interval
    from zongshi_widgets.widgets import ZongShiBoard

    assert win_rate_interval(0.8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)  # the textbook Wilson interval of 8/10
    assert win_rate_interval(0.5, 0) == (0.0, 1.0)
    board = ZongShiBoard(players=3, seats=["human", "greedy", "greedy"], seed=5)
    hint = board.show_hint("explain")
    cands = hint["candidates"]
    for c in cands:
        low, high = win_rate_interval(c["win_rate"], c["visits"])
        assert c["ci_low"] == pytest.approx(low, abs=1e-4) and c["ci_high"] == pytest.approx(high, abs=1e-4)
        assert c["ci_low"] <= c["win_rate"] <= c["ci_high"]
    close = 1  # the candidates, in order, whose intervals reach the first one's
    for c in cands[1:]:
        if c["ci_high"] < cands[0]["ci_low"]:
            break
        close += 1
    if close >= 2:
        assert "within noise of each other" in hint["noise"]
        assert ("Candidates 1 and 2" if close == 2 else f"Candidates 1 to {close}") in hint["noise"]
    else:
        assert hint["noise"] == ""
    # explain() gives the same intervals as columns
    table = explain(board.state, top=5, seed=board.version)
    assert list(table.columns) == ["action", "text", "win_rate", "visits", "ci_low", "ci_high"]
    assert table["ci_low"].tolist() == pytest.approx([c["ci_low"] for c in cands], abs=1e-4)


def test_the_noise_note_names_the_overlapping_candidates():
    from zongshi_widgets.agents import Candidate

    def cand(rate, visits):
        return (None, Candidate(action="a", text="a", win_rate=rate, visits=visits))

    assert GameBoard._noise_note([cand(0.33, 228), cand(0.31, 172)]).startswith("Candidates 1 and 2 are within noise")
    assert GameBoard._noise_note([cand(0.60, 122), cand(0.58, 100), cand(0.54, 90), cand(0.10, 80)]).startswith("Candidates 1 to 3 are")
    assert GameBoard._noise_note([cand(0.90, 900), cand(0.10, 50)]) == ""
    assert GameBoard._noise_note([cand(0.90, 900)]) == ""
    # exactly equal estimates (a symmetric position): said so, not as noise
    assert GameBoard._noise_note([cand(0.5, 20), cand(0.5, 20), cand(0.5, 19)]).startswith("Every candidate has exactly the same")


def test_bots_choice_says_which_bot_speaks_when_the_opponent_is_another_bot():
    """Issue 14: against the mcts bot, "Bot's choice" is the greedy bot's move, and says so."""
    board = GembloQBoard(players=2, seats=["human", "mcts"], seed=3)
    hint = board.show_hint("bot")
    assert hint["bot"] == "greedy"
    assert hint["bot_words"] == "the greedy bot (one-step lookahead); your opponent is the mcts bot (Monte Carlo tree search)"
    same = GembloQBoard(players=2, seats=["human", "greedy"], seed=3).show_hint("bot")
    assert same["bot_words"] == "the greedy bot (one-step lookahead)"  # the opponent is the hint bot: nothing to add


def test_explain_names_gembloq_moves_as_the_board_does_and_refuses_odd_arguments():
    """GembloQ: the text column reads "piece 13 (I5) at z11, rotated once", not the cell list."""
    from zongshi_widgets.games.gembloq.naming import placement_name

    state = zw.game("gembloq", players=2).new_state(seed=1)
    table = explain(state, top=3, iterations=30)
    legal = {str(a): a for a in state.legal_actions()}
    assert list(table["text"]) == [placement_name(legal[a]) for a in table["action"]]
    assert all(t.startswith("piece ") and " at " in t for t in table["text"])
    with pytest.raises(TypeError, match="explain takes a position"):
        explain("gembloq")
    with pytest.raises(ValueError, match="seats 0..1, not 5"):
        explain(state, seat=5)


def test_bots_choice_describes_a_games_own_greedy_bot_truthfully():
    """Majolica's greedy bot plays out the rest of the turn before judging an action: not a
    one-step lookahead, and the hint does not call it one."""
    from zongshi_widgets.widgets import MajolicaBoard

    board = MajolicaBoard(players=2, seats=["human", "mcts"], seed=1)
    hint = board.show_hint("bot")
    assert hint["bot_words"].startswith("the greedy bot (Majolica's own greedy lookahead); your opponent is the mcts bot (Monte Carlo tree search)")


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
    # a yellow outer tile (b1, a2, d3, c4) fills W3's pattern and runs onto D01 (Run Workshop(s))
    assert cands[0]["action"].startswith(("take b1", "take a2", "take d3", "take c4"))  # a yellow outer tile
    other = MajolicaBoard(state=state.determinize(0, random.Random(3)), seats=["human", "human"])
    assert other.show_hint("explain")["candidates"] == cands
