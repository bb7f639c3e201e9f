"""Majolica's own bots (zongshi_widgets/agents/majolica.py; issue 14): they play only legal
actions, decide the same when the hidden parts (the design deck's order, the future of chance)
are resampled, and their evaluation values positions posed with ``game.from_position`` the way
the rulebook's scoring says it should (rulebook, Game End)."""

from __future__ import annotations

import random

import pytest
from playing import random_positions

import zongshi_widgets as zw
from zongshi_widgets.agents import agent, explain
from zongshi_widgets.agents.majolica import MajolicaEvaluation, MajolicaGreedy, MajolicaMCTS, finish_turn, horizon, turn_values

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
        # explain() too: the same candidates, visits and win rates (whole-turn tree steps)
        assert explain(state, top=4, seed=4, iterations=8).equals(explain(other, top=4, seed=4, iterations=8))
    assert changed


def test_a_whole_game_of_mcts_against_greedy_is_legal_to_the_end():
    """MCTS (whole-turn tree steps) against the greedy bot, one game to its end (rulebook, Game
    End); ``play`` refuses any illegal action, and the win shares sum to one."""
    game = zw.game("majolica", players=2)
    final = zw.lab.play_game(game, [agent("mcts", game=game, iterations=4), "greedy"], seed=2)
    assert final.is_over and sum(zw.agents.win_shares(final)) == pytest.approx(1)


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
    assert choice.split(" + ")[0] in ("take b1", "take a2", "take d3", "take c4")  # the outer yellow tiles
    end = finish_turn(s.play(choice), 0)
    assert end.to_move != 0 and sum(end.players[0].fills[2]) >= 1  # tiles reached the card


def test_mcts_searches_the_take_and_plays_the_rest_of_its_turn_as_greedy_does():
    """Rulebook, Gameplay: a turn is 1. Select Majolica Tiles, then 2. Place them (and the
    workshops run). The MCTS bot's tree steps are whole turns: its root's candidates are takes,
    each followed by the rest of the mover's turn; after its take it places, runs and moves as
    the greedy measure says, without a search."""
    state = zw.game("majolica", players=2).new_state(seed=7)
    while state.step != "select":
        state = state.play(state.legal_actions()[0])
    bot = agent("mcts", seed=2, game="majolica", iterations=30)
    root, legal = bot._search(state, None)
    assert bot.last_iterations == 30 and root.visits == 30
    takes = [ch.action for ch in root.children.values()]
    assert 1 < len(takes) <= bot.widest_select and all(a.startswith("take") for a in takes)
    assert all(not ch.children for ch in root.children.values())  # one turn deep
    for take in takes:  # a tree step ends the mover's turn
        assert bot.tree_play(state, take).to_move != state.to_move
    # the candidates are the greedy measure's best takes, at most two with the same tiles
    values = dict(zip(state.legal_actions(), turn_values(state, state.to_move)))
    worst_kept = min(values[a] for a in takes)
    tiles = [a.split(" + ")[0] for a in takes]
    assert all(tiles.count(t) <= bot.per_tiles for t in tiles)
    def effect(a):  # what the take gives the mover: tiles by colour, card or rearrangement
        after = state.play(a)
        return after.pend, after.pcard, after.parr, values[a]

    effects = [effect(a) for a in takes]
    assert len(set(effects)) == len(effects)  # no two candidates give the same turn
    for a, v in values.items():  # a better take left out takes tiles already taken twice, or gives what a candidate gives
        if v > worst_kept + 1e-9 and a not in takes:
            assert tiles.count(a.split(" + ")[0]) == bot.per_tiles or effect(a) in effects, a
    assert max(values[a] for a in takes) == pytest.approx(max(values.values()))
    # inside its turn: the greedy measure's best action, no search
    mover = state.to_move
    after = state.play(bot.choose(state))
    assert after.to_move == mover and after.step != "select"
    legal = after.legal_actions()
    if len(legal) > 1:
        values = turn_values(after, mover, legal)
        bot.last_iterations = 0
        assert values[legal.index(bot.choose(after))] == pytest.approx(max(values))
        assert bot.last_iterations == 0


def test_explain_ranks_the_takes_that_fill_a_card_first():
    """Run Workshop(s): a yellow tile fills W3's pattern (R R Y + Y) and the workshop runs onto
    D01 above it. explain() lists legal takes, most visited first, with win rates; its best
    candidates take a yellow outer tile (b1, a2, d3 or c4), and the search can tell them from a take
    that fills nothing."""
    s = pose(me={"workshops": ["", "", "RRY", ""], "slots": ["-", "-", "D01"]})
    table = explain(s, top=5, seed=1, iterations=60)
    legal = set(s.legal_actions())
    assert len(table) == 5 and set(table["action"]) <= legal
    assert table["visits"].is_monotonic_decreasing and table["visits"].sum() <= 60
    assert table["win_rate"].between(0, 1).all()
    assert table["action"][0].startswith(("take b1", "take a2", "take d3", "take c4"))  # a yellow outer tile
    # a take of no yellow tile at all, searched alone: a lower win rate than the best candidate
    bot = agent("mcts", seed=1, game="majolica", iterations=6)
    red = next(a for a in s.legal_actions() if a == "take a1-a1" or a.startswith("take a1 +"))
    alone = bot.tree_play(s, red)
    assert sum(alone.players[0].fills[2]) == 0
    assert bot.playout(alone, random.Random(1))[0] < table["win_rate"][0]


#: A 2-player game from seed 1 after 20 actions, red to select: red's W1 holds R R G G G under
#: D28 (R B G G G), and the outer tile d4 is red (the newcomer trial's position).
SEED1_LINE = [
    "start slot 1", "start slot 3", "take d1-d4", "place W1", "end", "take a4-c4", "place W3", "end", "take a3 + D28",
    "place W1", "slot 1", "end", "take b1 + D25", "place W2", "slot 2", "end", "take a1-d1", "discard W2 Y", "place W2", "end",
]  # fmt: skip


def seed1_position():
    s = zw.game("majolica", players=2).new_state(seed=1)
    for a in SEED1_LINE:
        s = s.play(a)
    return s


def test_the_turn_finisher_places_where_the_workshop_runs():
    """Run Workshop(s) (rulebook, 2. Place): a red tile makes W1 full with its pattern (3 + 3),
    so it runs and moves tiles onto D28. The quick heuristic values that placement above the
    one into W4 (they used to tie but for a float rounding error, and W4 won), and the turn
    finisher places there and moves the tiles up."""
    t = seed1_position().play("take d4 + D32")
    assert t.greedy_value("place W1") > t.greedy_value("place W4")
    line = list(finish_turn(t, 0).history)[len(SEED1_LINE) + 1 :]
    assert line[:2] == ["place W1", "move R"] and line[-1] == "end"


def test_quick_values_of_equal_boards_are_exactly_equal():
    """The quick heuristic is rounded, so boards of equal worth reached by different sums value
    exactly equal and ties go to legal order (no float error decides a placement)."""
    from zongshi_widgets.games.majolica.rules import _board_value

    s = seed1_position()
    for state in (s, s.play("take d4 + D32")):
        for a in state.legal_actions():
            v = state.greedy_value(a)
            assert v == round(v, 9)
    assert _board_value(s.game, s.players[0]) == round(_board_value(s.game, s.players[0]), 9)


def test_root_takes_differ_in_what_they_give():
    """1. Select (rulebook): takes of the same colours with the same card from different cells
    give the mover the same turn, so the root keeps one of them and the candidates differ."""
    s = seed1_position()
    bot = agent("mcts", seed=0, game="majolica")
    takes = bot.root_takes(s, 0, s.legal_actions())
    assert len(takes) == bot.widest_select
    effects = {(s.play(a).pend, s.play(a).pcard, s.play(a).parr) for a in takes}
    assert len(effects) == len(takes)


def test_explain_says_each_candidate_in_words():
    """explain()'s text column reads as the board's decision bar does, not as notation."""
    s = seed1_position()
    table = explain(s, seat=0, top=3, seed=0, iterations=12)
    for action, text in zip(table["action"], table["text"]):
        assert text != action and text.startswith("take the ") and ("design card" in text or "rearrange" in text)
        assert text == s.action_name(action)


def test_explain_refuses_a_solo_game_and_the_board_says_why():
    """Rules for Solo Play: one player, nobody to beat, so there are no win rates to compare:
    explain() says so instead of giving every candidate 1.0, and the board's last hint rung
    answers with the reason, not a table."""
    from zongshi_widgets.widgets.majolica import MajolicaBoard

    s = zw.game("majolica", players=1).new_state(seed=1).play("start slot 1")
    with pytest.raises(ValueError, match="solo"):
        explain(s, top=3)
    board = MajolicaBoard(players=1, seed=1)
    assert board.show_hint("explain") == {} and board.hint == {}
    assert "solo game has nobody to beat" in board.message
