"""Position descriptions that cannot arise in play are refused with a message naming the
problem (kernel contract: ``from_position`` raises ValueError for a position the rules cannot
reach; newcomer report 2, findings 3, 4, 7 and 8), and a posed finished game does not blame
the engine's ``stall_rounds`` option for its end."""

from __future__ import annotations

import pytest

import zongshi_widgets as zw

from .conftest import pose


@pytest.mark.parametrize(
    "players,desc,words",
    [
        # rulebook, Gameplay: a seat to move always has a legal action
        (2, {"step": "choose"}, "no legal action"),
        # rulebook, End of the Round: below 4 face-up outer tiles the round is over
        (2, {"grid": ["gryy", "rBYr", "yRBb", "gggb"]}, "not 0"),
        (2, {"grid": ["GRYy", "rBYr", "yRBb", "gggb"]}, "not 3"),
        # rulebook, Rules for Solo Play: four revealed tiles a turn, exactly six rounds
        (1, {"revealed": "RRYYB"}, "not 5"),
        (1, {"revealed": "RYB"}, "not 3"),
        (1, {"round": 7, "revealed": "RYBG"}, "exactly 6 rounds"),
        (1, {"round": 7}, "'round' 7"),
        # rulebook, 1. Select Majolica Tiles: a take is at most four small tiles
        (2, {"step": "place", "pending": {"tiles": "RRRRRRRRR"}}, "1 to 4 small tiles"),
        # Mission Cards M7, M8: flags of seats that exist and did complete the cards
        (2, {"two_in_a_turn": [5]}, "seats 0 to 1"),
        (2, {"two_in_a_turn": [0]}, "never two in one turn"),
        (2, {"first3": 0}, "first to complete 3"),
    ],
)
def test_positions_that_cannot_arise_are_refused(players, desc, words):
    with pytest.raises(ValueError, match=words):
        zw.game("majolica", players=players).from_position(desc, seed=1)


def test_a_mission_flag_without_the_cards_scores_nothing_because_it_is_refused():
    """Mission Cards (M7): a seat with no completed card cannot be the first to complete 3."""
    gm = zw.game("majolica", players=2, missions=True)
    desc = {"over": True, "first3": 0, "players": [{"mission": "M7"}, {"mission": "M8"}], "missions_open": ["M2"]}
    with pytest.raises(ValueError, match="seat 0 completed 0 design cards"):
        gm.from_position(desc, seed=1)


def test_possible_positions_still_load():
    """The limits are exact: 4 face-up outer tiles at 1. Select, 4 revealed tiles in solo at
    round 6, a 4-tile take, the flags of seats that completed the cards."""
    assert pose(grid=["RYBG", "ybgr", "bgry", "gryb"]).legal_actions()[0] == "take a1-d1"
    solo = zw.game("majolica", players=1).from_position({"round": 6, "revealed": "RYBG"}, seed=1)
    assert "take all" in solo.legal_actions()
    assert pose(step="place", pending={"tiles": "RRYY"}).legal_actions()[:4] == ["place W1", "place W2", "place W3", "place W4"]
    cards = {"completed": ["D01", "D02", "D03"]}
    s = zw.game("majolica", players=2).from_position({"first3": 0, "two_in_a_turn": [0], "players": [cards, {}]}, seed=1)
    assert s.position()["first3"] == 0 and s.position()["two_in_a_turn"] == [0]


def test_a_posed_finished_game_does_not_blame_stall_rounds():
    """Rulebook, Game End: the game ends at 5 completed cards; the engine's stall_rounds guard
    (not a rule of the book) is named only when it did end the game."""
    g = zw.game("majolica", players=2)
    posed = g.from_position({"over": True, "players": [{"completed": ["D01"]}, {}]}, seed=1)
    assert posed.is_over
    notes = posed.score_sheet().notes
    assert "stall_rounds" not in notes and "posed as finished" in notes
    stalled = g.from_position({"over": True, "round": 41, "last_completion_round": 1, "players": [{"completed": ["D01"]}, {}]}, seed=1)
    assert "no card was completed for 40 rounds" in stalled.score_sheet().notes
    short = zw.game("majolica", players=2, stall_rounds=2)
    s = short.new_state(seed=4)
    while not s.is_over:
        s = s.play(s.legal_actions()[-1])
    assert not any(len(p.done) >= short.end_cards for p in s.players)  # played to the stall guard
    assert "no card was completed for 2 rounds" in s.score_sheet().notes


def test_a_position_at_the_overflow_step_round_trips():
    """Rulebook, 2. Place Majolica Tiles and Run Workshop(s) B: a workshop may hold more tiles
    than its spaces until the owner discards the extra ones (the ``overflow`` step), so such a
    position is posable: ``from_position(s.position())`` gives the same state, and its legal
    actions are the discards. Beyond that step (or in another workshop, or another seat's) the
    capacity still holds."""
    from .conftest import play

    s = play(pose(me={"workshops": ["", "RRYYB", "", ""]}), "take a1-a4", "place W2")
    assert s.step == "overflow"
    posed = s.game.from_position(s.position())
    assert posed == s and posed.digest() == s.digest()
    assert posed.legal_actions() == s.legal_actions() and all(a.startswith("discard ") for a in posed.legal_actions())
    desc = s.position()
    desc["overflow"] = 1  # the full workshop is W2, not W1
    with pytest.raises(ValueError, match="W2 holds at most 6 tiles"):
        s.game.from_position(desc)
    desc = s.position()
    desc["players"][0]["workshops"] = ["", "RRYY", "", ""]  # nothing overflows
    with pytest.raises(ValueError, match="overflow"):
        s.game.from_position(desc)
