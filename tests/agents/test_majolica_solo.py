"""The Majolica solo planner (``zongshi_widgets/agents/majolica_solo.py``; issue 21): legal
play, reproducibility, the whole-turn enumeration, and a position where it completes a design
card that Majolica's greedy bot misses. Not peeking is checked with every registered bot in
``test_no_peeking.py``. Budgets are small: strength is measured by ``benchmarks/majolica_solo.py``."""

from __future__ import annotations

import pytest

import zongshi_widgets as zw
from zongshi_widgets.agents import agent, agents, default_bot
from zongshi_widgets.agents.majolica_solo import MajolicaSoloPlanner, best_turn, solo_value, turn_outcomes, turns_left

SMALL = {"candidates": 2, "samples": 1, "next_width": 40, "width": 120}


@pytest.fixture(scope="module")
def solo():
    return zw.game("majolica", players=1)


def _play(game, bot, seed, turns=None):
    """Play a solo game with ``bot`` (``turns`` whole turns, or to the end); every action is
    checked against the legal list before it is played."""
    state = game.new_state(seed=seed)
    while not state.is_over and (turns is None or state.turnno <= turns):
        action = bot.choose(state)
        assert action in state.legal_actions(), f"{action!r} is not legal at {state!r}"
        state = state.play(action)
    return state


def test_registered_listed_and_the_solo_hint_bot(solo):
    assert "solo" in agents(solo)
    assert isinstance(agent("solo", seed=1, game=solo), MajolicaSoloPlanner)
    assert default_bot(solo) == "solo"
    assert default_bot(zw.game("majolica", players=2)) == "greedy"  # the multi-player hint is unchanged


def test_depth_one_plays_a_whole_legal_game(solo):
    final = _play(solo, agent("solo", seed=3, game=solo, depth=1, width=150), seed=3)
    assert final.is_over and final.round == 6
    assert final.score_sheet().totals[0] == solo_value(final)


def test_depth_two_plays_legal_turns_and_is_reproducible(solo):
    a = _play(solo, agent("solo", seed=5, game=solo, **SMALL), seed=5, turns=3)
    b = _play(solo, agent("solo", seed=5, game=solo, **SMALL), seed=5, turns=3)
    assert a.history == b.history
    assert len(a.history) > 4


def test_turn_outcomes_replay_and_are_distinct(solo):
    state = solo.new_state(seed=2).play("start slot 1")
    outs = turn_outcomes(state, width=10**6)
    assert len(outs) > 20
    for path, end in outs[:: max(1, len(outs) // 25)]:
        s = state
        for a in path:
            s = s.play(a)
        assert s == end and s.turnno == state.turnno + 1
    ends = [(e.players, e.city, e.display, e.deck) for _, e in outs]
    assert len(set(ends)) == len(ends)
    assert turns_left(state) == 24 and turns_left(outs[0][1]) == 23


def test_options_checked():
    for bad in ({"depth": 3}, {"samples": 0}, {"candidates": 1.5}, {"seconds": -1}, {"clock": "sun"}):
        with pytest.raises(ValueError):
            MajolicaSoloPlanner(seed=1, **bad)


#: The last turn of a solo game (reached by the planner, seed 205): D24 (RRYGG) in slot 1 holds
#: RRGG and needs a yellow; W2 holds RRYGG. Taking a yellow with a rearrangement (D24 over W3),
#: the yellow into W2 makes it run (2:2:2), its rest cascades into W3, which runs and moves the
#: yellow onto D24: 5 more points. Taking a yellow with a new card (greedy) runs W2 too, but
#: D24 gets nothing.
LAST_TURN = {
    "round": 6, "turn": 25, "step": "select", "stack": "", "revealed": "YYBB", "flipped": "RRRRYYBBGGGG",
    "display": ["D07", "D06", "D02", "D14"],
    "deck": ["D15", "D34", "D19", "D16", "D30", "D12", "D23", "D25", "D05", "D36", "D32", "D01", "D27", "D08", "D10", "D35",
             "D31", "D04", "D03", "D22", "D18", "D21", "D20", "D33", "D26", "D13"],
    "deck_known": 2, "city_hall": {"purple": 2, "points": 3}, "purple_out": 1, "first3": 0, "two_in_a_turn": [0],
    "last_completion_round": 5,
    "players": [{"workshops": ["Y", "RRYGG", "", ""], "slots": ["D24", "D09", "D11"], "cards": {"D24": "RRGG", "D09": "", "D11": ""},
                 "completed": ["D29", "S2", "D17", "D28"], "purples": 1}],
}  # fmt: skip


def _finish(state, bot):
    while not state.is_over:
        state = state.play(bot.choose(state))
    return state


def test_the_planner_completes_the_card_greedy_misses(solo):
    start = solo.from_position(LAST_TURN, seed=1)
    best = max(end.score_sheet().totals[0] for _, end in turn_outcomes(start, width=10**6))
    planner = _finish(start, agent("solo", seed=1, game=solo, **SMALL))
    greedy = _finish(start, agent("greedy", seed=1, game=solo))
    d24 = solo.card_ids["D24"]
    assert d24 in planner.players[0].done and planner.score_sheet().totals[0] == best == 25
    assert d24 not in greedy.players[0].done and greedy.score_sheet().totals[0] < best
    assert best_turn(start)[2] == best


def test_multi_player_falls_back_to_greedy():
    game = zw.game("majolica", players=2)
    state = game.new_state(seed=4)
    for _ in range(6):
        action = agent("solo", seed=4, game=game).choose(state)
        assert action in state.legal_actions()
        state = state.play(action)


def test_the_solo_board_hint_is_the_planner():
    from zongshi_widgets.widgets.majolica import MajolicaBoard

    board = MajolicaBoard(players=1, seats=["human"], seed=3, bot_delay=0)
    hint = board.show_hint("bot")
    assert hint["bot"] == "solo" and hint["action"] in board.state.legal_actions()
    assert "whole-turn planning" in hint["bot_words"]
