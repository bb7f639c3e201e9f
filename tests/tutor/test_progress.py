"""The tutor as a course: progress kept in a local file (recorded on solving a lesson on a
LessonBoard), the learner's progress view, the teacher's table of many files, and the path
(the Next lesson control)."""

import json
import os

import pandas as pd
import pytest

import zongshi_widgets as zw
from zongshi_widgets.tutor import lessons_from_dicts, load_lessons, show_lesson
from zongshi_widgets.tutor import progress as P


def _miss(lb):
    start = lb.board.state
    return next(a for a in start.legal_actions() if a not in lb.lesson.solutions(start))


def _solve(lb):
    return lb.attempt(lb.lesson.solutions(lb.start)[0])


def _read(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_test_run_never_writes_the_home_folder(progress_file):
    assert P.progress_path() == progress_file and not progress_file.exists()
    assert os.path.expanduser("~") not in str(progress_file)


def test_the_default_file_is_under_home(monkeypatch, tmp_path):
    monkeypatch.delenv(P.ENV)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert P.progress_path() == tmp_path / ".zongshi_widgets" / "progress.json"


def test_solving_on_a_board_records_tries_and_hints_once(progress_file):
    lb = show_lesson("gembloq", "side-to-other")
    assert not lb.attempt(_miss(lb)).solved  # a legal move that misses the goal
    lb.reset()
    lb.next_hint()
    lb.next_hint()
    assert not progress_file.exists()  # nothing is recorded before the lesson is solved
    assert _solve(lb).solved
    entry = _read(progress_file)["lessons"]["gembloq/side-to-other"]
    assert (entry["tries"], entry["hints"]) == (1, 2) and entry["solved_at"].endswith("Z")
    # solving again (after Try again, with more misses and hints) keeps the first solve
    lb.reset()
    lb.attempt(_miss(lb))
    lb.reset()
    lb.next_hint()
    _solve(lb)
    assert _read(progress_file)["lessons"]["gembloq/side-to-other"] == entry


def test_an_illegal_attempt_and_wrong_answers_count_as_tries(progress_file):
    lb = show_lesson("gembloq", "corner-contact")
    start = lb.board.state
    edge = next(p for p in start.game.tables.placements if (e := start.explain(p)) is not None and e.rule == "gembloq.placement.edge-contact")
    assert not lb.attempt(edge).legal
    _solve(lb)
    assert _read(progress_file)["lessons"]["gembloq/corner-contact"]["tries"] == 1
    q = show_lesson("gembloq", "penalty-points")
    q.answer("12")
    q.answer("10")
    q.next_hint()
    assert q.answer("11").solved
    entry = _read(progress_file)["lessons"]["gembloq/penalty-points"]
    assert (entry["tries"], entry["hints"]) == (2, 1)
    assert set(_read(progress_file)["lessons"]) == {"gembloq/corner-contact", "gembloq/penalty-points"}


def test_progress_lists_every_lesson_in_path_order(progress_file):
    empty = zw.progress()
    assert isinstance(empty, pd.DataFrame) and not empty["solved"].any()
    gembloq = empty[empty["game"] == "gembloq"]
    assert list(gembloq["lesson"]) == [item.id for item in load_lessons("gembloq")]
    assert list(gembloq["step"]) == list(range(1, len(gembloq) + 1))
    assert f"0 of {len(gembloq)} lessons solved" in empty._repr_html_() and "no learner name yet" in empty._repr_html_()
    _solve(show_lesson("gembloq", "first-move"))
    zw.set_learner("  Ana ")
    table = zw.progress("gembloq")
    assert set(table["game"]) == {"gembloq"} and table.learner == "Ana"
    first = table.iloc[0]
    assert first["lesson"] == "first-move" and first["solved"] and first["tries"] == 0 and first["hints"] == 0
    assert pd.isna(table.iloc[1]["tries"]) and not table.iloc[1]["solved"]
    shown = table._repr_html_()
    assert "Progress of <b>Ana</b>" in shown and f"1 of {len(gembloq)} lessons solved" in shown and "corner-contact" in shown
    assert _read(progress_file)["learner"] == "Ana"
    with pytest.raises(ValueError, match="1 to 80 characters"):
        zw.set_learner("  ")
    with pytest.raises(ValueError, match="no course for the game"):
        zw.progress("chess")


def test_writes_are_atomic(progress_file, monkeypatch):
    zw.set_learner("Ana")
    before = progress_file.read_bytes()
    renames = []
    real_replace = os.replace

    def failing_replace(src, dst):
        renames.append((src, dst))
        raise OSError("disk full")

    monkeypatch.setattr(P.os, "replace", failing_replace)
    with pytest.raises(OSError, match="disk full"):
        P.record_solve(load_lessons("gembloq")[0], 0, 0)
    # the write went to a temporary file beside the file, which is removed; the file is as before
    ((src, dst),) = renames
    assert os.path.dirname(src) == str(progress_file.parent) and dst == progress_file
    assert progress_file.read_bytes() == before and os.listdir(progress_file.parent) == ["progress.json"]
    monkeypatch.setattr(P.os, "replace", real_replace)
    assert P.record_solve(load_lessons("gembloq")[0], 0, 0) and "gembloq/first-move" in _read(progress_file)["lessons"]


@pytest.mark.parametrize(
    "text, why",
    [
        ("{not json", "is not valid JSON"),
        ('{"lessons": {}}', "is not a zongshi_widgets progress file"),
        ('{"format": "zongshi_widgets progress", "version": 9, "lessons": {}}', "has version 9"),
        ('{"format": "zongshi_widgets progress", "version": 1, "learner": null, "lessons": {"gembloq/x": {"tries": -1}}}', "bad entry"),
    ],
)
def test_a_corrupt_file_is_refused_and_left_untouched(progress_file, text, why):
    progress_file.write_text(text, encoding="utf-8")
    with pytest.raises(P.ProgressError, match=why) as err:
        zw.progress()
    assert str(progress_file) in str(err.value) and "delete it" in str(err.value) and P.ENV in str(err.value)
    with pytest.raises(P.ProgressError):
        zw.set_learner("Ana")
    lb = show_lesson("gembloq", "first-move")
    assert _solve(lb).solved and lb.solved  # the lesson goes on; the feedback says it was not saved
    assert "Your progress was not saved" in lb.board.feedback and "left as it is" in lb.progress_note
    assert progress_file.read_text(encoding="utf-8") == text


def _file(folder, name, learner, solved):
    data = {"format": P.FORMAT, "version": P.VERSION, "learner": learner, "lessons": {}}
    for key, tries, hints in solved:
        data["lessons"][key] = {"solved_at": "2026-12-01T10:00:00Z", "tries": tries, "hints": hints}
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_class_table_reads_many_files_and_reports_bad_ones(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    _file(folder, "a.json", "Ana", [("gembloq/first-move", 0, 0), ("gembloq/corner-contact", 3, 1)])
    _file(folder, "b.json", "Ben", [("gembloq/first-move", 2, 2)])
    _file(folder, "c.json", None, [])
    (folder / "d.json").write_text("{broken", encoding="utf-8")
    with pytest.warns(UserWarning, match="d.json"):
        table = zw.class_progress(folder, games="gembloq")
    assert list(table.index) == ["Ana", "Ben", "c"]  # no name in the file: its stem
    assert table.loc["Ana", ("gembloq/corner-contact", "solved")] and table.loc["Ana", ("gembloq/corner-contact", "tries")] == 3
    assert not table.loc["Ben", ("gembloq/corner-contact", "solved")] and pd.isna(table.loc["Ben", ("gembloq/corner-contact", "tries")])
    first = table.by_lesson.set_index("lesson").loc["first-move"]
    assert (first["learners"], first["solved"], first["median_tries"], first["median_hints"]) == (3, 2, 1.0, 1.0)
    assert list(table.by_lesson["lesson"]) == [item.id for item in load_lessons("gembloq")]
    assert dict(table.by_learner["GembloQ"]) == {"Ana": "side-to-other", "Ben": "corner-contact", "c": "first-move"}
    assert list(table.by_learner["solved"]) == [2, 1, 0]
    ((name, why),) = table.bad
    assert name == "d.json" and "not valid JSON" in why
    assert "Files left out" in table._repr_html_() and "d.json" in table._repr_html_()
    # a list of files works too, and two learners of one name are told apart by file
    _file(folder, "e.json", "Ana", [])
    both = zw.class_progress([folder / "a.json", folder / "e.json"], games=["gembloq"])
    assert list(both.index) == ["Ana (a.json)", "Ana (e.json)"] and both.bad == []
    with pytest.raises(ValueError, match="no progress file could be read"), pytest.warns(UserWarning):
        zw.class_progress([folder / "d.json"])
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ValueError, match="no progress files"):
        zw.class_progress(empty)


def test_next_lesson_opens_the_next_lesson_of_the_path_on_the_same_board():
    path = load_lessons("gembloq")
    lb = show_lesson("gembloq", path[0].id)
    assert lb._course.children == ()  # no Next lesson before solving
    old_board = lb.board
    _solve(lb)
    assert "press 'Next lesson'" in lb.board.feedback and lb._next_button in lb._course.children
    lb._next_button.click()
    assert lb.lesson == path[1] and not lb.solved and lb.attempts == [] and lb.tries == 0
    assert lb.board is not old_board and lb.children[-1] is lb.board and lb.board.state == path[1].start()
    assert lb.board.task == path[1].task and path[1].title in lb._title.value and lb._course.children == ()
    _solve(lb)  # the new lesson is judged and recorded like the first
    assert lb.solved and "gembloq/corner-contact" in P.read_progress()["lessons"]


def test_the_last_lesson_says_the_course_is_done():
    last = load_lessons("gembloq")[-1]
    lb = show_lesson("gembloq", last.id)
    _solve(lb)
    assert "the course is done" in lb.board.feedback and "GembloQ" in lb.board.feedback
    assert lb._next_button not in lb._course.children and "course is done" in lb._course.children[0].value
    assert lb.next_lesson() is None and lb.lesson == last


def test_a_lesson_of_ones_own_has_no_next_lesson():
    (mine,) = lessons_from_dicts([{"id": "mine", "title": "Mine", "game": "gembloq", "players": 4, "task": "Place any piece."}])
    lb = show_lesson(mine)
    _solve(lb)
    assert "go on to the next cell" in lb.board.feedback and lb._course.children == ()
    with pytest.raises(ValueError, match="not on the GembloQ course"):
        lb.next_lesson()
    assert "gembloq/mine" in P.read_progress()["lessons"]  # recorded all the same
    table = zw.progress("gembloq")
    assert table.iloc[-1]["lesson"] == "mine" and pd.isna(table.iloc[-1]["step"]) and table.iloc[-1]["solved"]


def test_a_lesson_solved_before_says_so_and_offers_the_next_one():
    fresh = show_lesson("gembloq", "first-move")
    assert not fresh.solved_before and "solved before" not in fresh._title.value and fresh._course.children == ()
    _solve(fresh)
    again = show_lesson("gembloq", "first-move")  # a later session: the file remembers
    assert again.solved_before and not again.solved and "✓ solved before" in again._title.value
    assert again._next_button in again._course.children
    assert again.next_lesson().id == "corner-contact" and not again.solved_before
    quiet = show_lesson("gembloq", "corner-contact", record=False)
    assert not show_lesson("gembloq", "first-move", record=False).solved_before  # a board that does not record does not read
    _solve(quiet)
    assert quiet.solved and "gembloq/corner-contact" not in P.read_progress()["lessons"]


def test_a_move_after_solving_points_to_next_lesson_when_the_course_goes_on():
    (mine,) = lessons_from_dicts([{"id": "mine", "title": "Mine", "game": "art_gallery", "players": 2, "task": "Play any move."}])
    movement = next(item for item in load_lessons("art_gallery") if item.id == "movement")  # solved by a move
    for lesson, words in ((movement, "press 'Next lesson' above the board"), (mine, "go on to the next cell, or press 'Try again'")):
        lb = show_lesson(lesson)
        _solve(lb)  # a move card played: the same seat now bids, which the solved lesson refuses
        why = lb._only_the_lesson_move(lb.board.state, lb.board.state.legal_actions()[0])
        assert why.startswith("lesson solved:") and words in why
        assert ("Next lesson" in why) == (lb._next_button in lb._course.children)
