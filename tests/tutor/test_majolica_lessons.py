"""Majolica lessons (issue 13, Lessons): every lesson poses its position, is solvable, refuses a
wrong move with a useful "Not yet", says only what is true of its position in its hints, accepts
only the answer the engine computes, and says so wherever it shows a reconstructed value.
Sections cited are the Majolica rulebook's and the rulings record's
(docs/rulings/majolica.md)."""

from __future__ import annotations

import dataclasses
import json
import pathlib
import re
import tomllib
from importlib import resources

import pytest

import zongshi_widgets as zw
from zongshi_widgets.core import IllegalAction, registration
from zongshi_widgets.tutor import goals, lesson, load_lessons, show_lesson
from zongshi_widgets.tutor.majolica import most_runs, take_option, take_tiles, workshops_run
from zongshi_widgets.tutor.majolica import words as move_words

LESSONS = load_lessons("majolica")
BY_ID = {item.id: item for item in LESSONS}
MOVES = [item for item in LESSONS if item.goal != "answer"]
QUESTIONS = [item for item in LESSONS if item.goal == "answer"]
RED, YELLOW = 0, 1
#: Notations quoted in hints: 'take a1-a3', 'place W1', 'fragment R', 'bonus G W3', ...
QUOTED = re.compile(r"'((?:take|place|slot|arrange|move|stop|fragment|bonus|mission|discard|end)\b[^']*)'")
#: A notation written out raw (not inside the board's words): 'place W2', 'move R', 'take a1-a3'...
RAW = re.compile(r"(?<![“\w])(?:place W\d|move [RYBGP]\b|take [a-d][1-4][-+ ]|take all|fragment [RYBGP]\b|bonus [RYBG] W|arrange [-DK])")
CARD = re.compile(r"\b(?:D\d\d|K\d|S\d)\b")


def _ws(state, seat=RED):
    return state.position()["players"][seat]["workshops"]


def test_the_lessons_cover_the_issue():
    """Issue 13: each selection option, each workshop's run condition, shovels and
    fragmentation, a three-workshop cascade, purple tiles and their limits, City Hall, the hand
    icon, round and game end, scoring, and each expansion."""
    ids = set(BY_ID)
    assert {"select-a", "select-b", "select-c", "tip4-slot"} <= ids
    assert {"run-w1", "run-w2", "run-w3", "run-w4", "white-shovels", "fragment", "cascade"} <= ids
    assert {"purple-wild", "purple-w4", "city-hall", "hand-icon", "round-end", "game-end", "score-unfinished"} <= ids
    assert {"bloom", "kaleidoscopic", "mission-m4", "mission-m2"} <= ids
    assert {"cascade-choice", "solo-take", "solo-rounds", "solo-rating"} <= ids  # the cascade followed; solo play
    # issue 22, every rule a lesson: the overflow discard, replacing a card, the tie-break, the other six missions
    assert {"overflow", "replace-card", "tie-break"} <= ids
    assert {"bonus-token", "card-complete", "tip1-discard", "tip5-must-move", "q2-must-take", "game-setup"} <= ids
    assert {"tip3-order", "q3-unlimited"} <= ids
    assert {f"mission-m{m}" for m in range(1, 9)} <= ids and all(BY_ID[f"mission-m{m}"].options == {"missions": True} for m in range(1, 9))
    assert BY_ID["bloom"].options == {"cascading_bloom": True} and BY_ID["kaleidoscopic"].options == {"kaleidoscopic": True}
    assert BY_ID["mission-m4"].options == {"missions": True} and BY_ID["mission-m2"].options == {"missions": True}
    assert all(BY_ID[k].players == 1 for k in ("solo-take", "solo-rounds", "solo-rating"))
    assert {"select", "runs", "complete", "chosen", "legal", "one-of"} <= set(goals("majolica"))
    assert registration("majolica").lessons == "zongshi_widgets.tutor.majolica"
    assert all(item.game == "majolica" and item.task and item.rule and len(item.hints) >= 2 for item in LESSONS)


def test_the_rulebook_sections_cited_exist():
    """Every lesson's rule names sections of the rulebook (its headings, or Tips & FAQ; kept by
    name in tests/data/rulebook_sections/majolica.txt)."""
    book = (pathlib.Path(__file__).parents[1] / "data" / "rulebook_sections" / "majolica.txt").read_text(encoding="utf-8")
    for item in LESSONS:
        for part in item.rule.split(";"):
            head = re.sub(r",? (?:[A-I](?:-[A-I])?(?: and [A-I])?|Tip \d(?: and Q\d)?|\(.*\))$", "", part.strip()).strip()
            head = re.sub(r" \(.*\)$", "", head)
            assert head.split(",")[0].strip() in book, (item.id, head)


@pytest.mark.parametrize("item", LESSONS, ids=lambda i: i.id)
def test_every_lesson_poses_its_position(item):
    assert item.position is not None and not item.setup
    state = item.start()
    again = zw.game("majolica", players=item.players, **item.options).from_position(state.position(), seed=item.seed)
    assert again == state  # the description is the whole position


@pytest.mark.parametrize("item", [i for i in LESSONS if i.players > 1], ids=lambda i: i.id)
def test_every_position_could_happen_in_a_game(item):
    """A posed position is one a game can reach (newcomer's finding): tiles taken this turn are
    face down on the grid's outer edge (1. Select; 2. Place), a card taken with option B has
    left the display (B), a one-point token is taken only once City Hall has no purple tile
    left (Run Workshop(s) G), five completed cards take more than the first round."""
    from collections import Counter

    from zongshi_widgets.games.majolica.rules import BORDER, COL

    state = item.start()
    pos = state.position()
    down = Counter(COL[state.grid[i]] for i in BORDER if not state.up >> i & 1)
    mid_turn = state.pend is not None or state.run is not None or state.step in ("choose", "fragment", "move", "finish") or state.pcard >= 0
    if mid_turn:
        assert sum(down.values()) >= 1, "a take happened this turn: some outer tile is face down"
    if state.pend is not None:
        pending = Counter(pos["pending"]["tiles"])
        assert all(down[c] >= k for c, k in pending.items()), (pending, down)
    if state.pcard >= 0:
        assert len(state.display) == 5 and state.pcard not in state.display
    if any(p.tokens for p in state.players):
        assert state.city[0] == 0
    if any(len(p.done) >= 5 for p in state.players):
        assert state.round > 1


def _illegal(state):
    """A notation the position refuses."""
    for text in ("move P", "fragment P", "stop", "take b2-c2", "take a1", "run W1", "place W5", "slot 3", "end"):
        try:
            state.parse_action(text)
        except IllegalAction:
            return text
    raise AssertionError("no refused notation found")


def _solve_from(item, state, action, limit=6):
    """Play ``action``, then, while the lesson says "Go on" (a task of several moves), its
    first solution, and return the last feedback and position."""
    for _ in range(limit):
        fb, after = item.attempt(state, action)
        if not fb.going:
            return fb, after
        assert fb.text.startswith("Go on: ") and not fb.solved and fb.legal and after.to_move == state.to_move
        state, action = after, item.solutions(after)[0]
    raise AssertionError(f"{item.id}: still 'Go on' after {limit} moves")


def _task_done(item, before, after) -> bool:
    """What each move goal's task asks, read off the position after the move that solved it."""
    seat = item.start().to_move
    if item.goal == "runs":
        return len(workshops_run(after)) >= item.goal_args.get("workshops", 3)
    if item.goal == "complete":
        return len(after.players[seat].done) > len(before.players[seat].done)
    if item.goal == "select":
        return after.pend is not None and before.pend is None  # the tiles are taken
    if item.goal == "chosen":
        return str(after.history[-1]) in {str(before.parse_action(a)) for a in item.goal_args["actions"]}
    raise AssertionError(f"no task check for goal {item.goal!r}")


@pytest.mark.parametrize("item", MOVES, ids=lambda i: i.id)
def test_no_lesson_is_solved_before_its_task_is_done(item):
    """Newcomer's finding: ``solo-take`` said "solved" once the tiles were taken, before they were
    placed (Rules for Solo Play; Run Workshop(s)). Along every solving line, every move before
    the last is not solved (it says "Go on"), and the task is done when the lesson says "Yes"."""
    start = item.start()
    for first in item.solutions(start):
        state, action, lines = start, first, 0
        while True:
            fb, after = item.attempt(state, action)
            assert fb.legal and after is not None
            if fb.solved:
                assert _task_done(item, state, after), (item.id, str(action))
                break
            assert fb.going and not _task_done(item, start, after), (item.id, str(action), fb.text)
            state, action, lines = after, item.solutions(after)[0], lines + 1
            assert lines < 6


def test_solo_take_needs_the_tiles_placed():
    """Rules for Solo Play: take all four revealed tiles, then place them; only W4 (four of one
    colour, Run Workshop(s) E) runs on them, and the lesson is solved only then."""
    lb = show_lesson("majolica", "solo-take")
    fb = lb.attempt("take all")
    assert not fb.solved and fb.going and not lb.solved and fb.text.startswith("Go on: ") and "must run" in fb.text
    assert "2. Place Majolica tiles" in fb.text and lb.board.state.step == "place" and not lb.board.blocked
    wrong = lb.attempt("place W1")
    assert not wrong.solved and not wrong.going and wrong.text.startswith("Not yet: that move is legal, but ") and not lb.solved
    assert "no workshop can run this turn any more" in wrong.text and "about one move" in lb.board.blocked
    lb.reset()
    assert lb.board.state == lb.start and not lb.board.blocked
    lb.attempt("take all")
    hint = [lb.next_hint() for _ in range(len(lb.lesson.hints) + 1)][-1]
    assert "W4" in hint  # the ladder's last rung names the next move of the task, not the first
    fb = lb.attempt("place W4")
    assert fb.solved and lb.solved and "fills W4 with its pattern" in fb.text and workshops_run(lb.board.state) == {4}
    option_b = next(a for a in lb.start.legal_actions() if take_option(a) == "B")
    fb, _ = lb.lesson.attempt(lb.start, option_b)
    assert not fb.solved and not fb.going and fb.text.startswith("Not yet: ")


@pytest.mark.parametrize("item", MOVES, ids=lambda i: i.id)
def test_every_move_lesson_is_solved_and_refuses_a_wrong_move(item):
    state = item.start()
    solutions = item.solutions(state)
    assert solutions
    for action in solutions:
        fb, after = _solve_from(item, state, action)
        assert fb.solved and fb.text.startswith("Yes: ") and "rulebook" in fb.text and after is not None
        assert not RAW.search(fb.text), fb.text  # in words: the learner clicked, and typed no notation
    wrong = [a for a in state.legal_actions() if a not in solutions]
    assert wrong, "a lesson with no wrong legal move teaches nothing"
    for action in wrong:
        fb, after = item.attempt(state, action)
        assert not fb.solved and fb.legal and fb.text.startswith("Not yet: that move is legal, but ")
        assert len(fb.text) > 60  # says what is missing
    text = _illegal(state)
    fb, after = item.attempt(state, text)
    assert not fb.solved and not fb.legal and after is None and state == item.start()
    assert fb.rule.startswith("majolica.") and fb.text.startswith("Not yet: ") and ("rulebook" in fb.text or "docs/rulings" in fb.text)


@pytest.mark.parametrize("item", LESSONS, ids=lambda i: i.id)
def test_quoted_moves_in_hints_are_legal_and_the_last_hint_solves(item):
    state = item.start()
    quoted = [QUOTED.findall(h) for h in item.hints]
    for texts in quoted:
        for text in texts:
            state.parse_action(text)  # legal here, or IllegalAction
    assert not any(quoted), "hints name moves in the board's words, never in notation (issue 22)"
    if item.goal != "answer":
        said = [move_words(state, a).strip("“”").split(" (")[0].lower() for a in item.solutions(state)]
        assert any(w in item.hints[-1].lower() for w in said), ("the explicit hint names a solving move in words", said)


# -- what each lesson's task and hints say of its position -----------------------------------
def _check_select_a(state, item):
    takes = {a: take_tiles(state, a).get("R", 0) for a in state.legal_actions() if take_option(a) == "A"}
    assert takes["take a1-d1"] == 2 and takes["take a1-a3"] == 3 and max(takes.values()) == 3
    assert "take a1-a4" not in takes and state.position()["grid"][3][0] == "y"  # a4 face down stops column a
    assert "Row 1 gives R R Y B (2 red)" in item.hints[1] and state.position()["grid"][0] == "RRYB"


def _check_select_b(state, item):
    assert _ws(state)[0] == "RRRBB" and state.players[RED].slots[0] == -1
    blue = sorted({a.split()[1] for a in state.legal_actions() if take_option(a) == "B" and take_tiles(state, a).get("B")})
    assert blue == ["d1", "d2", "d3", "d4"] and "d1, d2, d3 and d4" in item.hints[1]


def _check_tip4_slot(state, item):
    # rulebook, Tip 4: the pattern is met but no card: no run; slotting the card makes it run at once
    assert _ws(state)[0] == "RRRBBB" and state.step == "place" and not workshops_run(state) and state.players[RED].slots[0] == -1
    assert state.position()["pending"]["card"] == "D07" and state.pend is None and state.game.cids[state.pcard] == "D07"
    assert workshops_run(state.play("slot 1")) == {1} and not workshops_run(state.play("slot 2")) and not workshops_run(state.play("slot 3"))


def _check_select_c(state, item):
    assert _ws(state)[1] == "RRYYBB" and state.position()["players"][RED]["slots"] == ["D10", "-", "-"]
    after = state.play("arrange - D10 -")
    assert workshops_run(after) == {2} and after.pend is not None  # Q1: the run comes before placing the tile


def _run_now(state, item, w, held, tiles):
    assert _ws(state)[w - 1] == held and state.position()["pending"]["tiles"] == tiles
    runs = {a: workshops_run(state.play(a)) for a in state.legal_actions() if a.startswith("place")}
    assert {a for a, r in runs.items() if r} == {f"place W{w}"} and runs[f"place W{w}"] == {w}


def _check_run_w1(state, item):
    _run_now(state, item, 1, "RRRY", "YY")
    assert "W1 holds R R R Y" in item.hints[1]


def _check_run_w2(state, item):
    _run_now(state, item, 2, "RRBB", "GG")
    assert "W2 holds R R B B" in item.hints[1]


def _check_run_w3(state, item):
    _run_now(state, item, 3, "RR", "BB")
    assert _ws(state.play("place W1"))[0] == "RRYYBB" and "W1 would be R R Y Y B B" in item.hints[1]


def _check_run_w4(state, item):
    _run_now(state, item, 4, "GGG", "G")


def _check_city_hall(state, item):
    assert state.city == (1, 3) and _ws(state)[0] == "RY" and _ws(state)[3] == "GGG"
    after = state.play("place W4")
    assert after.players[RED].purples == 2 and after.city == (0, 3) and "P" in _ws(after)[0] and _ws(after)[0].count("G") == 3


def _check_white_shovels(state, item):
    g = state.game
    assert state.run == (1, 1, "move") and g.must[1] == 1 and g.may[1] == 2 and _ws(state)[1] == "RRYBB"
    assert state.legal_actions() == ["move B", "stop"]


def _check_fragment(state, item):
    assert state.step == "fragment" and sorted(_ws(state)[2]) == sorted("GGR") and _ws(state)[3] == "GG" and state.game.frag == (False, False, True, False)
    assert workshops_run(state.play("fragment R")) == {3, 4} and workshops_run(state.play("fragment G")) == {3}


def _cascade_line(state):
    """The question's line: the tile into W1, W1 moves a red and a yellow, W2 both blues."""
    s = state.play("place W1")
    for a in ("move R", "move Y"):
        s = s.play(a)
    # the rest of W1 completes W2's 2:2:2; W2 runs and its black shovel's blue (the only colour D11 takes) moves at once
    assert workshops_run(s) == {1, 2} and sorted(_ws(s)[1]) == sorted("RRYYB") and s.position()["players"][RED]["cards"]["D11"] == "B"
    return s.play("move B")  # the second blue; W2's rest R R Y Y is W3's 2:2


def _check_cascade(state, item):
    assert _ws(state)[:4] == ["RRRYY", "BB", "", ""] and state.pend is not None
    n, line = most_runs(state.play("place W1"))
    assert n == 3
    s = _cascade_line(state)
    assert workshops_run(s) == {1, 2, 3} and sorted(_ws(s)[2] + "".join(s.position()["players"][RED]["cards"].get("D05", ""))) == sorted("RRYY")
    # W3 leaves at most three tiles whatever it moves: never W4's four of one colour
    end = _finish_turn(s)
    assert 4 not in workshops_run(s) and len(end.position()["players"][RED]["workshops"][3]) <= 3
    assert "W2 B B R R Y Y, a 2:2:2" in item.hints[1] and "W3 leaves at most three tiles" in item.hints[1]


def _check_cascade_choice(state, item):
    assert state.run == (0, 1, "move") and _ws(state)[:2] == ["RRYYY", "BB"] and state.game.must[0] + state.game.may[0] == 2
    assert sorted(state.legal_actions()) == ["move R", "move Y", "stop"]
    assert sorted(_ws(state.play("move Y"))[1] + "B") == sorted("BBRRYY") and workshops_run(state.play("move Y")) == {1, 2}
    assert sorted(_ws(state.play("move R"))[1]) == sorted("BBRYYY") and workshops_run(state.play("move R")) == {1}
    stop = state.play("stop")
    assert stop.step == "overflow" and len(_ws(stop)[1]) == 7  # five tiles into W2's six places with B B: one too many


def _check_mission_m2(state, item):
    p = state.players[RED]
    assert p.mission == 1 and state.step == "fragment" and sorted(_ws(state)[2]) == sorted("GGR")
    assert not state.mission_done(RED, 1) and state.play("fragment G mission").mission_done(RED, 1)
    assert not state.play("fragment G").mission_done(RED, 1) and not state.play("fragment R").mission_done(RED, 1)
    with pytest.raises(IllegalAction):
        state.parse_action("fragment R mission")  # red is on M2 already: one tile per colour


def _check_solo_take(state, item):
    assert state.game.solo and state.position()["revealed"] == "GGGG" and _ws(state) == ["", "", "", ""]
    took = state.play("take all")
    assert took.step == "place" and workshops_run(took.play("place W4")) == {4}
    assert all(most_runs(state.play(a))[0] == 0 for a in state.legal_actions() if a != "take all")


def _check_solo_rounds(state, item):
    assert state.game.solo and len(state.position()["revealed"]) == 4


def _check_solo_rating(state, item):
    from zongshi_widgets.games.majolica.rules import SOLO_RATINGS

    assert [lo for lo, _ in SOLO_RATINGS][:4] == [28, 25, 21, 17]
    for lo, label in SOLO_RATINGS[:4]:
        assert f"{lo} " in item.task and label in item.task


def _check_purple_wild(state, item):
    assert _ws(state)[0] == "RRRYP"
    after = state.play("place W1")
    with pytest.raises(IllegalAction) as refused:  # rulebook, Purple Tiles: never onto a design card
        after.parse_action("move P")
    assert refused.value.rule == "majolica.purple.not-on-card"


def _check_purple_w4(state, item):
    assert sorted(_ws(state)[2]) == sorted("PGR") and _ws(state)[3] == "GG"
    with pytest.raises(IllegalAction) as refused:  # rulebook, Purple Tiles: never the fragmented tile
        state.parse_action("fragment P")
    assert refused.value.rule == "majolica.purple.not-fragmented"
    assert state.play("fragment R").purple_out == state.purple_out + 1


def _check_hand_icon(state, item):
    assert state.step == "choose" and state.bonus == 1 and _ws(state)[2] == "BBG" and state.game.cards[state.players[RED].done[0]].hand
    assert workshops_run(state.play("bonus G W3")) == {1, 3}


def _border_up(state):
    from zongshi_widgets.games.majolica.rules import BORDER

    return sum(state.up >> i & 1 for i in BORDER)


def _check_round_end(state, item):
    assert _border_up(state) == 5 and state.start == RED and state.to_move == YELLOW
    assert _border_up(state.play("take a1-b1")) == 3 and "leaves 3 face-up tiles" in item.hints[1]


def _check_game_end(state, item):
    assert _border_up(state) < 4 and len(state.players[YELLOW].done) == 5 and not state.players[RED].done
    assert state.step == "finish" and state.players[RED].tokens == 1 and [sum(f) for f in state.players[RED].fills] == [2, 2, 0]


def _check_score_unfinished(state, item):
    assert state.is_over and [sum(f) for f in state.players[RED].fills] == [2, 2, 0] and state.players[RED].tokens == 1


def _check_bloom(state, item):
    assert workshops_run(state) == {1, 2, 3} and state.game.bloom
    assert state.play("fragment R").players[RED].blooms == 1 and state.play("fragment G").players[RED].blooms == 0


def _check_kaleidoscopic(state, item):
    g = state.game
    k1 = g.cards[state.players[RED].slots[0]]
    assert k1.id == "K1" and k1.blank == 1 and k1.spaces == (1, 1, 0, 0) and sorted(_ws(state)[0]) == sorted("GGGBB")
    assert sorted(state.legal_actions()) == ["move B", "move G", "stop"]


def _check_mission_m4(state, item):
    p = state.players[RED]
    assert p.mission == 3 and p.mstore == 2 and state.took4  # M4, yellow stored
    assert {a for a in state.legal_actions() if a.startswith("mission")} == {"mission R", "mission B"}
    with pytest.raises(IllegalAction) as refused:
        state.parse_action("mission Y")
    assert refused.value.rule == "majolica.mission.m4"


def _check_overflow(state, item):
    # rulebook, 2. Place Majolica Tiles / Run Workshop(s) B: the extra tiles of your choice are discarded
    assert state.step == "overflow" and _ws(state)[0] == "RRRRYYY" and state.game.cap[0] == 6
    assert sorted(state.legal_actions()) == ["discard R", "discard Y"]
    assert workshops_run(state.play("discard R")) == {1} and _ws(state.play("discard Y"))[0] == "RRRRYY"
    assert not workshops_run(state.play("discard Y"))


def _check_replace_card(state, item):
    # Take the Design Card ...: the replaced card goes to the bottom of the deck, its tiles to the supply
    g, pos = state.game, state.position()
    assert _ws(state)[1] == "RRYYBB" and pos["players"][RED]["slots"] == ["D05", "D11", "-"] and pos["pending"]["card"] == "D21"
    assert g.cards[state.players[RED].slots[1]].spaces == (0, 0, 2, 2) and list(state.players[RED].fills[1]) == [0, 0, 2, 0]
    after = state.play("slot 2")
    assert workshops_run(after) == {2} and g.cids[after.deck[-1]] == "D11" and after.position()["players"][RED]["slots"][1] == "D21"
    assert "D11" not in after.position()["players"][RED].get("cards", {})
    assert not workshops_run(state.play("slot 1")) and not workshops_run(state.play("slot 3"))
    assert g.cids[state.play("slot 1").deck[-1]] == "D05"


def _check_tie_break(state, item):
    sheet = state.score_sheet()
    assert state.is_over and state.first == YELLOW and state.start == RED
    assert sheet.totals[RED] == sheet.totals[YELLOW] > sheet.totals[2]
    assert [len(p.done) for p in state.players] == [5, 5, 4]


def _mission_row(state, seat, m):
    """Mission ``m``'s (1..8) points in ``seat``'s row of the score sheet (Expansion Rules, Mission Cards)."""
    sheet = state.score_sheet()
    return sheet.values[seat][sheet.categories.index(f"M{m}")]


def _check_mission_m1(state, item):
    assert state.is_over and state.players[RED].mission == 0 and len(state.players[RED].done) == 5 and state.mission_done(RED, 0)


def _check_mission_m3(state, item):
    p = state.players[RED]
    assert state.is_over and p.mission == 2 and [state.game.cids[i] for i in p.done] == ["D09", "D10"]
    assert {state.game.cards[i].points for i in p.done} == {4} and not state.mission_done(RED, 2)


def _check_mission_m5(state, item):
    assert state.players[RED].mission == 4 and state.players[RED].purples == 1 and state.city == (1, 3) and _ws(state)[3] == "GGG"
    after = state.play("place W4")
    assert after.players[RED].purples == 2 and after.mission_done(RED, 4) and after.city[0] == 0
    assert all(not state.play(a).mission_done(RED, 4) for a in state.legal_actions() if a != "place W4")


def _check_mission_m6(state, item):
    p, g = state.players[RED], state.game
    assert state.is_over and p.mission == 5 and [(g.cids[i], g.cards[i].points) for i in p.done] == [("D05", 3), ("D29", 7)]
    assert not state.mission_done(RED, 5)


def _check_mission_m7(state, item):
    g, p = state.game, state.players[RED]
    assert p.mission == 6 and state.first3 < 0 and [len(x.done) for x in state.players] == [2, 2]
    assert state.run == (0, 1, "move") and g.must[0] + g.may[0] == 2 and state.position()["players"][RED]["cards"]["D09"] == "RRY"
    assert sorted(state.legal_actions()) == ["move Y", "stop"]
    assert state.play("move Y").mission_done(RED, 6) and not state.play("stop").mission_done(RED, 6)


def _check_mission_m8(state, item):
    p = state.players[RED]
    assert p.mission == 7 and workshops_run(state) == {1, 2} and len(p.done) == 1 and state.ncomp == 1
    assert sorted(state.legal_actions()) == ["move B", "stop"]
    assert state.play("move B").mission_done(RED, 7) and not state.play("stop").mission_done(RED, 7)


def _check_bonus_token(state, item):
    # City Hall / 1-Point Bonus Token: no purple tile left, so W4's run gives a 1-point token
    assert state.city == (0, 2) and state.players[RED].tokens == 1 and state.players[RED].purples == 1 and _ws(state)[3] == "GGG"
    after = state.play("place W4")
    assert workshops_run(after) == {4} and after.players[RED].tokens == 2 and after.city == (0, 1) and after.players[RED].purples == 1


def _check_card_complete(state, item):
    # Run Workshop(s) H: a completed card's tiles go to the supply, the card to the scoring area
    pos = state.position()["players"][RED]
    assert state.run == (1, 1, "move") and pos["cards"] == {"D09": "R", "D21": "RRYY"} and not pos["completed"]
    assert state.game.cards[state.players[RED].slots[1]].spaces == (2, 2, 1, 0) and sorted(state.legal_actions()) == ["move B", "stop"]
    after = state.play("move B").position()["players"][RED]
    assert after["completed"] == ["D21"] and after["slots"][1] == "-" and after["cards"] == {"D09": "R"}


def _check_tip1_discard(state, item):
    assert state.step == "select" and state.pend is None and _ws(state)[1] == "RRYG"
    after = state.play("discard W2 G")
    assert after.step == "select" and after.to_move == RED and _ws(after)[1] == "RRY"  # still your turn: take tiles next


def _check_tip5_must_move(state, item):
    assert state.run == (0, 0, "move") and _ws(state)[0] == "RRRYYY" and sorted(state.legal_actions()) == ["move R", "move Y"]
    assert state.game.cards[state.players[RED].slots[0]].spaces[:2] == (2, 2) and state.position()["players"][RED]["cards"].get("D09", "") == ""
    with pytest.raises(IllegalAction) as refused:
        state.parse_action("stop")
    assert refused.value.rule.startswith("majolica.run.")


def _check_q2_must_take(state, item):
    assert state.step == "select" and _ws(state)[:2] == ["RRRYY", "RRYYB"]
    for text in ("end", "stop"):
        with pytest.raises(IllegalAction):
            state.parse_action(text)
    after = state.play("discard W1 Y")
    assert after.step == "select" and all(a.startswith(("take ", "discard ")) for a in after.legal_actions())


def _check_game_setup(state, item):
    assert state.step == "start" and state.game.players == 3 and all(i < 0 for p in state.players for i in p.slots)
    assert state.legal_actions() == ["start slot 1", "start slot 2", "start slot 3"] and len(state.grid) == 16


def _check_tip3_order(state, item):
    # Tip 3 / Q1: tile and card pending, either goes first
    assert state.step == "place" and state.position()["pending"]["tiles"] == "B" and state.game.cids[state.pcard] == "D07"
    assert _ws(state)[0] == "RRRBB" and all(i < 0 for i in state.players[RED].slots)
    card_first = state.play("slot 1")
    assert card_first.step == "place" and card_first.pend is not None and "place W1" in card_first.legal_actions()
    tile_first = state.play("place W1")
    assert tile_first.pcard >= 0 and "slot 1" in tile_first.legal_actions()


def _check_q3_unlimited(state, item):
    assert state.step == "select" and [row[0] for row in state.position()["grid"]] == list("RRRG")
    assert "take a1-a4" in state.legal_actions()


HINT_CHECKS = {
    "select-a": _check_select_a,
    "select-b": _check_select_b,
    "tip4-slot": _check_tip4_slot,
    "select-c": _check_select_c,
    "run-w1": _check_run_w1,
    "run-w2": _check_run_w2,
    "run-w3": _check_run_w3,
    "run-w4": _check_run_w4,
    "city-hall": _check_city_hall,
    "white-shovels": _check_white_shovels,
    "fragment": _check_fragment,
    "cascade": _check_cascade,
    "cascade-choice": _check_cascade_choice,
    "mission-m2": _check_mission_m2,
    "solo-take": _check_solo_take,
    "solo-rounds": _check_solo_rounds,
    "solo-rating": _check_solo_rating,
    "purple-wild": _check_purple_wild,
    "purple-w4": _check_purple_w4,
    "hand-icon": _check_hand_icon,
    "round-end": _check_round_end,
    "game-end": _check_game_end,
    "score-unfinished": _check_score_unfinished,
    "bloom": _check_bloom,
    "kaleidoscopic": _check_kaleidoscopic,
    "mission-m4": _check_mission_m4,
    "overflow": _check_overflow,
    "replace-card": _check_replace_card,
    "tie-break": _check_tie_break,
    "mission-m1": _check_mission_m1,
    "mission-m3": _check_mission_m3,
    "mission-m5": _check_mission_m5,
    "mission-m6": _check_mission_m6,
    "mission-m7": _check_mission_m7,
    "mission-m8": _check_mission_m8,
    "bonus-token": _check_bonus_token,
    "card-complete": _check_card_complete,
    "tip1-discard": _check_tip1_discard,
    "tip5-must-move": _check_tip5_must_move,
    "q2-must-take": _check_q2_must_take,
    "game-setup": _check_game_setup,
    "tip3-order": _check_tip3_order,
    "q3-unlimited": _check_q3_unlimited,
}


@pytest.mark.parametrize("item", LESSONS, ids=lambda i: i.id)
def test_task_and_hints_are_true_of_the_position(item):
    assert item.id in HINT_CHECKS, "every lesson's task and hints are checked"
    state = item.start()
    HINT_CHECKS[item.id](state, item)
    # every workshop content the task writes out ("W1 holds R R R Y Y") is the position's
    for w, tiles in re.findall(r"W(\d) (?:holds|is full:) ((?:[RYBGP] )*[RYBGP])\b", item.task):
        assert sorted(_ws(state)[int(w) - 1]) == sorted(tiles.split()), (w, tiles)


# -- question lessons: the engine computes the answer ---------------------------------------------
def _finish_turn(state):
    """Play the rest of the turn: the first legal action, ``end`` when it is offered."""
    seat, turn = state.to_move, state.turnno
    while state.to_move == seat and state.turnno == turn:
        legal = state.legal_actions()
        state = state.play("end" if "end" in legal else legal[0])
    return state


ANSWERS = {
    "city-hall": lambda s: len(_ws(s.play("place W4"))[0]),
    "purple-w4": lambda s: len(_ws(s.play("fragment R"))[3]),
    "round-end": lambda s: s.game.seat_names[_finish_turn(s.play("take a1-b1").play("place W1")).to_move],
    "game-end": lambda s: s.game.seat_names[s.play("end").score_sheet().winners[0]],
    "score-unfinished": lambda s: s.score_sheet().totals[RED],
    "cascade": lambda s: len(workshops_run(_cascade_line(s))),
    "solo-rounds": lambda s: _solo_turns(s),
    "solo-rating": lambda s: _next_rating(24),
    "tie-break": lambda s: s.game.seat_names[s.score_sheet().winners[0]],
    "mission-m1": lambda s: _mission_row(s, RED, 1),
    "mission-m3": lambda s: _mission_row(s, RED, 3),
    "mission-m6": lambda s: _mission_row(s, RED, 6),
    "bonus-token": lambda s: _city_hall_row(s.play("place W4"), RED),
    "card-complete": lambda s: sum(len(t) for t in s.play("move B").position()["players"][RED]["cards"].values()),
    "tip1-discard": lambda s: "yes" if "discard W2 G" in s.legal_actions() else "no",
    "tip5-must-move": lambda s: "yes" if "stop" in s.legal_actions() else "no",
    "q2-must-take": lambda s: "yes" if any(not a.startswith(("take ", "discard ")) for a in s.legal_actions()) else "no",
    "game-setup": lambda s: len(s.display),
    "tip3-order": lambda s: "yes" if "slot 1" in s.legal_actions() and "place W1" in s.legal_actions() else "no",
    "q3-unlimited": lambda s: s.play("take a1-a4").position()["pending"]["tiles"].count("R"),
}


def _city_hall_row(state, seat):
    """The City Hall tokens' points in ``seat``'s row of the score sheet (1-Point Bonus Token)."""
    sheet = state.score_sheet()
    return sheet.values[seat][sheet.categories.index("City Hall tokens")]


def _solo_turns(state):
    """Play a whole solo game from a fresh start (the first legal action at every step), counting its turns."""
    s = state.game.new_state(seed=3)
    turns = 0
    while not s.is_over:
        if s.step == "select":
            turns += 1
        s = s.play(s.legal_actions()[0])
    assert s.round == 6
    return turns


def _next_rating(points):
    """Rules for Solo Play: how many more points reach the next rating up."""
    from zongshi_widgets.games.majolica.rules import SOLO_RATINGS

    return min(lo for lo, _ in SOLO_RATINGS if lo > points) - points


@pytest.mark.parametrize("item", QUESTIONS, ids=lambda i: i.id)
def test_question_lessons_accept_only_the_engines_answer(item):
    state = item.start()
    right = ANSWERS[item.id](state)
    assert item.answer == str(right)
    assert item.check_answer(right).solved and item.check_answer(f" {right} ").solved
    if right in ("yes", "no"):
        other = {"yes": "no", "no": "yes"}[right]
        assert not item.check_answer(other).solved and not item.check_answer("yes or no").solved
    elif isinstance(right, int):
        for wrong in (right - 1, right + 1, f"{right} or {right + 1}"):
            fb = item.check_answer(wrong)
            assert not fb.solved and fb.text.startswith("Not yet: ")
    else:
        others = [c for c in state.game.seat_names if c != right]
        for wrong in (*others, f"{right} or {others[0]}"):
            assert not item.check_answer(wrong).solved


def test_the_praise_says_why_the_workshop_runs():
    """Run Workshop(s), Tip 4: a slotted or rearranged card runs a workshop already full; a placed
    tile fills it; a run's rest flows on (B). The praise says which, of the workshop that starts."""
    for lid, action, words in (
        ("tip4-slot", "slot 1", "puts a design card with an open space for its tiles above W1"),
        ("select-c", "arrange - D10 -", "above W2, which was already full"),
        ("run-w2", "place W2", "“place the tiles in W2” fills W2 with its pattern"),
        ("cascade-choice", "move Y", "flow on and fill W2"),
    ):
        item = BY_ID[lid]
        fb, _ = item.attempt(item.start(), action)
        assert fb.solved and words in fb.text, (lid, fb.text)


def test_the_round_end_question_turns_on_the_round_ending():
    """Rulebook, Gameplay: had the round gone on, blue (to yellow's left) would play next."""
    state = BY_ID["round-end"].start()
    after = _finish_turn(state.play("take a1-b1").play("place W1"))
    assert after.round == state.round + 1 and after.start == YELLOW
    on = _finish_turn(state.play("take b4 + arrange").play("place W1").play("arrange " + " ".join(["-"] * 3)))
    assert on.round == state.round and on.to_move == 2


def test_the_game_end_answer_holds_for_any_card_points():
    """The lesson says its answer holds for any card worth at least 1 point: red scores less than 5."""
    state = BY_ID["game-end"].start().play("end")
    sheet = state.score_sheet()
    assert state.is_over and sheet.totals[RED] == 3 < 5 <= len(state.players[YELLOW].done)


# -- reconstructed values --------------------------------------------------------------------------
@pytest.mark.parametrize("item", LESSONS, ids=lambda i: i.id)
def test_a_lesson_that_shows_a_reconstructed_value_says_so(item):
    """The design deck is reconstructed (docs/rulings/majolica.md §3b), and so are W3's shovels and
    fragmentation icon (docs/rulings/majolica.md §1, notes F and G): a lesson that names a card, or runs
    or fragments W3, says so in its task."""
    state = item.start()
    shows_card = bool(CARD.search(item.task)) or any(i >= 0 for i in state.players[RED].slots) or bool(state.players[RED].done)
    uses_w3 = state.step == "fragment" or (state.run is not None and state.run[0] == 2)
    if shows_card or uses_w3:
        assert "reconstructed" in item.task, item.id


# -- the rulebook's Tips & FAQ -----------------------------------------------------------------------
def test_tip2_the_player_chooses_which_workshop_runs_first():
    """Rulebook, Tip 2: after a rearrangement two workshops can run: the player picks the order."""
    pos = {"start": 0, "step": "place", "pending": {"tiles": "G", "arrange": True}, "players": [
        {"workshops": ["RRRYYY", "RRYYBB", "", ""], "slots": ["D11", "-", "D09"]}, {}]}  # fmt: skip
    state = zw.game("majolica", players=2).from_position(pos)
    assert not workshops_run(state)  # D11 (blue, green) has no space for W1's tiles; W2 has no card (Tip 4)
    after = state.play("arrange D09 D11 -")
    assert after.step == "choose" and set(after.legal_actions()) == {"run W1", "run W2"}
    assert workshops_run(after.play("run W2")) == {2} and workshops_run(after.play("run W1")) == {1}


def test_tip5_a_matching_tile_must_move_and_q2_a_tile_must_be_taken():
    """Rulebook, Tip 5 / Run Workshop(s) I: the black shovel's tile must move ('stop' refused);
    Q2: nobody may decline to take a tile (every action at the selection is a take or a discard)."""
    state = BY_ID["run-w1"].start().play("place W1")
    assert state.step == "move" and "stop" not in state.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        state.parse_action("stop")
    assert refused.value.rule == "majolica.run.black-shovel"
    start = BY_ID["select-a"].start()
    assert all(a.startswith(("take ", "discard ")) for a in start.legal_actions())


def test_q1_a_card_that_makes_a_workshop_run_runs_it_before_the_other_item():
    """Rulebook, Q1: the run (and its cascade) comes before placing the other item."""
    pos = {"start": 0, "step": "place", "pending": {"tiles": "B", "card": "D07"}, "players": [{"workshops": ["RRRBB", "", "", ""]}, {}]}
    state = zw.game("majolica", players=2).from_position(pos)
    assert workshops_run(state.play("slot 1")) == set()  # the card alone: W1 is not full yet
    after = state.play("place W1").play("slot 1")
    assert after.step == "move" and workshops_run(after) == {1}
    state = BY_ID["select-c"].start().play("arrange - D10 -")
    assert state.step == "move" and state.pend is not None and "place W1" not in state.legal_actions()


# -- on the board ---------------------------------------------------------------------------------
def test_a_lesson_on_the_board():
    lb = show_lesson("majolica", "cascade-choice")
    start = lb.board.state
    fb = lb.attempt("move R")
    assert not fb.solved and "only 1 workshop runs after it" in fb.text and "(s)" not in fb.text and not lb.solved
    lb.reset()
    assert lb.board.state == start
    fb = lb.attempt("move Y")
    assert fb.solved and lb.solved and "flow on and fill W2 with its pattern" in fb.text
    hints = [lb.next_hint() for _ in range(len(lb.lesson.hints))]
    assert hints == list(lb.lesson.hints)


def test_a_solved_run_lesson_plays_on_to_the_end_of_the_turn():
    """Newcomer's finding: a lesson solved by placing the tiles stopped before the run; the
    learner now plays the turn on (Run Workshop(s): the moves up, the rest flowing on) and is
    stopped only when the turn ends."""
    lb = show_lesson("majolica", "run-w1")
    assert lb.attempt("place W1").solved and lb.board.state.step == "move" and lb.board.legal
    lb.board.play("move R")  # not judged, not refused
    assert lb.board.state.to_move == RED and lb.solved and not lb.board.message.startswith(("illegal", "refused"))
    s = lb.board.state
    while s.to_move == RED and s.turnno == lb.start.turnno:
        legal = s.legal_actions()
        lb.board.play("end" if "end" in legal else legal[0])
        s = lb.board.state
    assert s.to_move != RED and lb.board.legal == [] and "lesson solved" in lb.board.blocked
    lb.reset()
    assert lb.board.state == lb.start and not lb.board.blocked
    wrong = show_lesson("majolica", "run-w1")  # a wrong move still stops the lesson
    assert not wrong.attempt("place W2").solved and wrong.board.legal == [] and "about one move" in wrong.board.blocked


def test_the_cascade_question_can_be_played_and_watched_before_answering():
    """Newcomer's finding 2: in the question lesson ``cascade`` the learner's move froze the
    board after W1's run. The learner now plays the turn as the question says (Run Workshop(s),
    A-C: the rest flows on) and sees every workshop run; the answer is what the play shows,
    and the title does not give it away."""
    lb = show_lesson("majolica", "cascade")
    item = lb.lesson
    assert not re.search(r"three|\b3\b", item.title, re.I)
    assert "whatever they are" not in item.task
    ran = []
    for a in ("place W1", "move R", "move Y", "move B"):  # W1 moves a red and a yellow tile, W2 both blue tiles
        before = lb.board.state
        lb.board.play(a)
        assert lb.board.state != before, (a, lb.board.message)
        ran += [step["w"] for step in lb.board.view["story"] if step["k"] == "run"]
    s = lb.board.state
    while s.to_move == RED and s.turnno == lb.start.turnno:  # to the end of the turn, whatever W3 does
        legal = s.legal_actions()
        lb.board.play("stop" if "stop" in legal else "end" if "end" in legal else legal[0])
        assert lb.board.state != s, lb.board.message
        ran += [step["w"] for step in lb.board.view["story"] if step["k"] == "run"]
        s = lb.board.state
    assert sorted(set(ran)) == [0, 1, 2] and item.answer == "3"
    assert "answer the question" in lb.board.blocked and not lb.solved
    assert not lb.answer("2").solved and not lb.answer("4").solved and lb.answer("3").solved


def test_a_question_on_the_board():
    lb = show_lesson("majolica", "city-hall")
    assert not lb.answer("5").solved and lb.answer("6").solved and lb.solved


def test_a_goal_helper_refuses_a_solo_take():
    item = lesson("majolica", "select-a")
    with pytest.raises(ValueError):
        take_tiles(zw.game("majolica", players=1).new_state(seed=1), "take all")
    assert item.goal == "select"


def test_tip1_tiles_may_be_discarded_in_ones_turn_but_not_inside_a_run():
    """Rulebook, Tip 1: extra tiles may be discarded at any time of one's turn (the engine: at
    the selection, while placing and at the end of the turn, not while a run is resolved)."""
    state = BY_ID["run-w1"].start()
    assert "discard W2 B" in state.legal_actions()
    after = state.play("discard W2 B")
    assert sorted(_ws(after)[1]) == sorted("RRY") and after.step == "place"  # nothing else changes
    running = state.play("place W1")
    assert running.step == "move" and not any(a.startswith("discard") for a in running.legal_actions())
    with pytest.raises(IllegalAction):
        running.parse_action("discard W2 B")


@pytest.fixture(scope="module")
def other_points(tmp_path_factory):
    """The packaged components with every design card worth 1 point: a stand-in for printed
    cards whose points differ from the reconstructed ones (docs/rulings/majolica.md §3b)."""
    data = tomllib.loads(resources.files("zongshi_widgets.games.majolica").joinpath("data/components.toml").read_text(encoding="utf-8"))
    for part in ("starting", "deck", "kaleidoscopic"):
        for card in data["design"][part]:
            card["points"] = 1
    path = tmp_path_factory.mktemp("components") / "one_point.json"
    path.write_text(json.dumps(data))
    return str(path)


@pytest.mark.parametrize("item", LESSONS, ids=lambda i: i.id)
def test_no_lesson_hinges_on_the_reconstructed_card_points(item, other_points):
    """With every card worth 1 point, each lesson has the same solutions and the same answer."""
    other = dataclasses.replace(item, options={**item.options, "components": other_points})
    state, state2 = item.start(), other.start()
    assert {c.points for c in state2.game.cards} == {1}
    if item.goal == "answer":
        assert ANSWERS[item.id](state2) == ANSWERS[item.id](state)
    else:
        assert other.solutions(state2) == item.solutions(state)


@pytest.mark.parametrize(("lid", "ruling"), [("round-end", "section 2 of the project's Majolica rulings, round end"), ("select-a", "section 2 (Action A)")])
def test_a_lesson_resting_on_an_engine_ruling_says_so(lid, ruling):
    """Issue 22: round-end rests on the engine's round-end count (outer-edge tiles only),
    select-a on the whole-run reading of option A (docs/rulings/majolica.md, section 2)."""
    assert ruling in BY_ID[lid].task
