"""Tutor lessons: data, checks, feedback (issue: tutor). Every packaged lesson is solvable."""

import pytest

import zongshi_widgets as zw
from zongshi_widgets.tutor import Lesson, goals, lesson, lessons_from_dicts, load_lessons

GEMBLOQ = load_lessons("gembloq")


def test_packaged_gembloq_lessons_cover_the_issue():
    ids = {item.id for item in GEMBLOQ}
    assert {"first-move", "corner-contact", "side-to-other", "border-half-square", "triangle-gap", "notch", "skip", "end-game"} <= ids
    assert {"penalty-points", "tie-break"} <= ids
    assert all(item.task and item.hints and item.rule for item in GEMBLOQ)


@pytest.mark.parametrize("item", [g for g in GEMBLOQ if g.goal != "answer"], ids=lambda g: g.id)
def test_every_move_lesson_is_solvable_and_judges_moves(item):
    state = item.start()
    assert state.to_move == 0, "the learner plays blue"
    solutions = item.solutions(state)
    assert solutions
    fb, after = item.attempt(state, solutions[0])
    assert fb.solved and fb.text.startswith("Yes: ") and after is not None
    wrong = [a for a in state.legal_actions() if a not in solutions]
    if wrong:
        fb, after = item.attempt(state, wrong[0])
        assert not fb.solved and fb.legal and fb.text.startswith("Not yet: that move is legal, but")
    # an illegal move: the piece already on blue's starting square, or far from blue
    illegal = next(p for p in state.game.tables.placements if state.explain(p) is not None)
    fb, after = item.attempt(state, illegal)
    assert not fb.solved and not fb.legal and fb.rule.startswith("gembloq.") and after is None


def test_feedback_words_for_corner_and_edge_contact():
    item = lesson("gembloq", "corner-contact")
    state = item.start()
    fb, _ = item.attempt(state, state.legal_actions()[0])
    assert fb.text.startswith("Yes: that piece touches your blue pieces only at a corner")
    edge = next(p for p in state.game.tables.placements if (e := state.explain(p)) is not None and e.rule == "gembloq.placement.edge-contact")
    fb, _ = item.attempt(state, edge)
    assert fb.text.startswith("Not yet: ") and "share a side" in fb.text and "Gameplay" in fb.text


def test_question_lessons():
    item = lesson("gembloq", "penalty-points")
    state = item.start()
    assert state.is_over
    assert item.check_answer(" 11 ").solved and item.check_answer("11.0").solved
    assert not item.check_answer("12").solved
    tie = lesson("gembloq", "tie-break")
    sheet = tie.start().score_sheet()
    assert sheet.totals[0] == sheet.totals[2] == 11 and sheet.winners == (2,)
    assert tie.check_answer("Red").solved and not tie.check_answer("blue").solved
    with pytest.raises(ValueError):
        lesson("gembloq", "first-move").check_answer("x")


def test_teachers_write_their_own_lessons(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(
        '[[lesson]]\nid = "a"\ntitle = "A"\ngame = "gembloq"\nplayers = 2\ntask = "Start."\ngoal = "legal"\nhints = ["h"]\n'
    )
    (item,) = load_lessons(path)
    assert item.start().to_move == 0 and item.solutions(limit=3)
    assert "border-half-square" in goals("gembloq")


@pytest.mark.parametrize(
    "bad,why",
    [
        ([{"id": "a", "title": "A", "game": "gembloq", "players": 2, "task": "t", "goal": "fly"}], "unknown goal"),
        ([{"id": "a", "title": "A", "game": "gembloq", "players": 2, "task": "t", "colour": 1}], "unknown field"),
        ([{"id": "a", "title": "A", "game": "gembloq", "players": 2, "task": "t"}] * 2, "duplicate"),
        ([{"id": "a", "title": "A", "game": "gembloq", "players": 2, "task": "t", "goal": "answer"}], "needs an answer"),
        ([{"id": "a", "game": "gembloq"}], "lesson 1"),
    ],
)
def test_bad_lessons_are_refused(bad, why):
    with pytest.raises(ValueError, match=why):
        lessons_from_dicts(bad)


def test_bad_setup_and_files(tmp_path):
    item = Lesson(id="a", title="A", game="gembloq", players=2, task="t", setup=["b1"])
    with pytest.raises(ValueError, match="setup action 1"):
        item.start()
    bad = tmp_path / "bad.toml"
    bad.write_text("[[lesson]\n")
    with pytest.raises(ValueError, match="TOML"):
        load_lessons(bad)
    with pytest.raises(FileNotFoundError):
        load_lessons("nosuchgame")
    with pytest.raises(KeyError):
        lesson("gembloq", "nope")
    assert zw.game("gembloq", players=2)


def test_the_readme_lesson_example_works():
    import pathlib
    import tomllib

    readme = (pathlib.Path(__file__).parents[2] / "README.md").read_text()
    text = readme.split("```toml")[1].split("```")[0]
    (item,) = lessons_from_dicts(tomllib.loads(text)["lesson"])
    assert item.start().to_move == 0 and item.solutions(limit=1)


def test_lesson_fields_are_type_checked_and_answers_normalised():
    base = {"id": "a", "title": "A", "game": "gembloq", "players": 2, "task": "t"}
    with pytest.raises(ValueError, match="hints must be a list"):
        lessons_from_dicts([{**base, "hints": "one string"}])
    with pytest.raises(ValueError, match="unknown game"):
        lessons_from_dicts([{**base, "game": "chess"}])
    tie, penalty = lesson("gembloq", "tie-break"), lesson("gembloq", "penalty-points")
    assert tie.check_answer("Red wins!").solved and not tie.check_answer("blue").solved
    assert penalty.check_answer("11,0").solved
    assert "type your answer" in penalty.check_answer("  ").text
