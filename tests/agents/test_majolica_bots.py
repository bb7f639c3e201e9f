"""Majolica's own bots (zongshi_widgets/agents/majolica.py; issue 14): they play only legal
actions, decide the same when the hidden parts (the design deck's order, the future of chance)
are resampled, and their evaluation values positions posed with ``game.from_position`` the way
the rulebook's scoring says it should (rulebook, Game End)."""

from __future__ import annotations

import random

import pytest
from playing import random_positions

import zongshi_widgets as zw
from zongshi_widgets.agents import agent
from zongshi_widgets.agents.majolica import MajolicaEvaluation, MajolicaGreedy, MajolicaMCTS, finish_turn, horizon

GRID = ["RYBG", "YBGR", "BGRY", "GRYB"]
EV = MajolicaEvaluation()


def pose(me: dict | None = None, other: dict | None = None, **kw):
    """A 2-player position, red (seat 0) to select tiles, the boards as given."""
    desc = {"step": "select", "to_move": 0, "start": 0, "first": 0, "grid": GRID}
    desc["players"] = [dict(me or {}), dict(other or {})]
    desc.update(kw)
    return zw.game("majolica", players=2).from_position(desc, seed=1)


def bots():
    return [agent("greedy", seed=9, game="majolica"), agent("mcts", seed=9, game="majolica", iterations=8)]


def test_majolica_registers_its_own_greedy_and_mcts():
    assert isinstance(agent("greedy", game="majolica"), MajolicaGreedy)
    assert isinstance(agent("mcts", game="majolica"), MajolicaMCTS)


def test_bots_play_only_legal_actions_over_a_game():
    """On positions spread over a random 2-player game, each bot returns a legal action of the
    seat to move (rulebook, Gameplay: the steps of a turn)."""
    for state in random_positions("majolica", 2, seed=3, k=5):
        for bot in bots():
            assert bot.choose(state) in state.legal_actions()


def test_bots_decide_the_same_when_the_hidden_parts_are_resampled():
    """Another deck order and future chance, consistent with what the seat has seen (the
    design deck is face down, rulebook Game Setup): the same choice from the same seed."""
    changed = 0
    for state in random_positions("majolica", 2, seed=5, k=5):
        other = state.determinize(state.to_move, random.Random(123))
        changed += other.digest() != state.digest()
        for make in (lambda: agent("greedy", seed=4, game="majolica"), lambda: agent("mcts", seed=4, game="majolica", iterations=8)):
            assert make().choose(state) == make().choose(other)
    assert changed


def test_completed_card_points_are_banked():
    """Rulebook, Game End: a completed design card scores its points."""
    a = EV.values(pose(me={"completed": ["D01"]}))
    assert a[0] - a[1] >= 3 - 1e-9


def test_a_nearly_full_card_is_worth_more_than_its_tiles_and_an_emptier_one():
    """1 point per 2 tiles on an unfinished card (Game End), plus part of the card's points the
    closer it is to completion."""
    empty = EV.values(pose(me={"slots": ["D01", "-", "-"]}))[0]
    one = EV.values(pose(me={"slots": ["D01", "-", "-"], "cards": {"D01": "R"}}))[0]
    two = EV.values(pose(me={"slots": ["D01", "-", "-"], "cards": {"D01": "RR"}}))[0]
    assert empty < one < two
    assert two - empty > 1.0  # more than the 2 tiles' end-of-game point


def test_a_jammed_workshop_costs_and_fitting_tiles_count():
    """A workshop whose tiles can no longer make its pattern (Run Workshop(s)) must be emptied
    by discards: worse than the same workshop holding tiles that fit."""
    fits = EV.values(pose(me={"workshops": ["RRR", "", "", ""], "slots": ["D01", "-", "-"]}))[0]
    nothing = EV.values(pose(me={"slots": ["D01", "-", "-"]}))[0]
    jammed = EV.values(pose(me={"workshops": ["RRRR", "", "", ""], "slots": ["D01", "-", "-"]}))[0]
    assert jammed < nothing < fits


def test_the_end_race_shortens_the_horizon():
    """Game End: the game ends at the end of the round in which someone has 5 design cards. The
    nearer that is, the less an unfinished card is worth beyond its tiles, and the surer a lead."""
    me = {"slots": ["D01", "-", "-"], "cards": {"D01": "RR"}}
    early = pose(me=me)
    late = pose(me=me, other={"completed": ["D02", "D03", "D04", "D05"]})
    assert horizon(early) == 1.0 and horizon(late) == pytest.approx(0.2)
    card_value = EV.values(early)[0] - EV.values(pose())[0]
    late_value = EV.values(late)[0] - EV.values(pose(other={"completed": ["D02", "D03", "D04", "D05"]}))[0]
    assert late_value < card_value
    # a 3-point lead at the start: red took City Hall's 3 purple tiles (gone), then its 3 tokens
    lead = pose(me={"tokens": 3, "purples": 3}, city_hall={"purple": 0, "points": 0}, purple_out=3)
    lead_late = pose(
        me={"tokens": 3, "purples": 3, "completed": ["D01", "D02", "D03", "D04"]},
        other={"completed": ["D05", "D06", "D07", "D08"]},
        city_hall={"purple": 0, "points": 0},
        purple_out=3,
    )
    assert EV.win_chances(lead_late)[0] > EV.win_chances(lead)[0] > 0.5


def test_missions_count_for_their_holder():
    """Expansion Rules, Mission Cards: a fulfilled mission scores its points for its holder."""
    desc = {
        "step": "select",
        "to_move": 0,
        "start": 0,
        "first": 0,
        "grid": GRID,
        "missions_open": ["M1"],
        "city_hall": {"purple": 1, "points": 3},
        "purple_out": 2,
    }
    desc["players"] = [{"mission": "M5", "purples": 2}, {"mission": "M3"}]
    s = zw.game("majolica", players=2, missions=True).from_position(desc, seed=1)
    assert s.mission_done(0, 4)
    v = EV.values(s)
    assert v[0] - v[1] >= s.game.components.mission_points - 1e-9


def test_greedy_finishes_the_turn_before_valuing_a_take():
    """Select then place (rulebook, Gameplay 1 and 2): the greedy bot takes the run whose tiles
    make W1 run onto its card, judged after the tiles are placed and the workshop has run."""
    s = pose(me={"workshops": ["", "", "RRY", ""], "slots": ["-", "-", "D01"]})
    # one yellow tile (b1 is yellow) fills W3's pattern (2 + 2) and it runs onto D01 (R R Y)
    choice = agent("greedy", seed=0, game="majolica").choose(s)
    assert choice.startswith("take b1") or choice.startswith("take a2")  # the outer yellow tiles: b1, a2
    end = finish_turn(s.play(choice), 0)
    assert end.to_move != 0 and sum(end.players[0].fills[2]) >= 1  # tiles reached the card
