"""Lessons shown on a board: feedback for legal and illegal moves, hints, answers, reset."""

from zongshi_widgets.tutor import show_lesson
from zongshi_widgets.tutor.board import LessonBoard, board_class


def test_a_solution_is_praised_and_marks_the_lesson_solved():
    lb = show_lesson("gembloq", "corner-contact")
    start = lb.board.state
    fb = lb.attempt(lb.lesson.solutions(start)[0])
    assert fb.solved and lb.solved
    assert lb.board.feedback.startswith("Yes: that piece touches your blue pieces only at a corner")
    assert "✓" in lb._title.value
    lb.reset()
    assert lb.board.state == start and lb.board.highlight == []


def test_an_illegal_move_says_which_rule_and_changes_nothing():
    lb = show_lesson("gembloq", "corner-contact")
    start = lb.board.state
    edge = next(p for p in start.game.tables.placements if (e := start.explain(p)) is not None and e.rule == "gembloq.placement.edge-contact")
    fb = lb.attempt(edge)
    assert not fb.solved and fb.rule == "gembloq.placement.edge-contact"
    assert lb.board.feedback.startswith("Not yet: the piece would share a side with another blue piece")
    assert lb.board.state == start and not lb.solved


def test_a_legal_miss_is_explained_and_only_one_move_is_judged():
    lb = show_lesson("gembloq", "side-to-other")
    start = lb.board.state
    miss = next(a for a in start.legal_actions() if a not in lb.lesson.solutions(start))
    fb = lb.attempt(miss)
    assert not fb.solved and fb.legal and "touches no other colour along a side" in lb.board.feedback
    assert "Try again" in lb.board.feedback
    # the lesson is one move: further moves are refused until 'Try again'
    assert lb.board.validator(lb.board.state, lb.board.state.legal_actions()[0]) is not None


def test_hints_end_by_outlining_solutions():
    lb = show_lesson("gembloq", "border-half-square")
    texts = [lb.next_hint() for _ in range(len(lb.lesson.hints) + 1)]
    assert texts[: len(lb.lesson.hints)] == list(lb.lesson.hints)
    assert "outlined" in texts[-1] and lb.board.highlight
    solution = lb.lesson.solutions(lb.start)[0]
    assert sorted(lb.board.highlight) == sorted(lb.start.game.tables.index[c] for c in solution.cells)


def test_question_lessons_take_answers():
    lb = show_lesson("gembloq", "penalty-points")
    assert not lb.answer("12").solved and not lb.solved
    assert lb.answer("11").solved and lb.solved and lb.board.feedback.startswith("Yes")


def test_static_picture_for_where_widgets_cannot_run():
    lb = show_lesson("gembloq", "first-move")
    data = lb._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert "<svg" in data["text/html"] and lb.lesson.task.split(".")[0] in data["text/html"]
    assert isinstance(lb, LessonBoard) and board_class("gembloq").__name__ == "GembloQBoard"


def test_try_again_starts_the_hints_over_and_lessons_hide_the_boards_own_hints():
    lb = show_lesson("gembloq", "corner-contact")
    for _ in range(3):
        lb.next_hint()
    assert lb.board.highlight
    lb.reset()
    assert lb._hint.value == "" and lb.board.highlight == []
    assert lb.next_hint() == lb.lesson.hints[0]
    assert "zw-in-lesson" in lb.board._dom_classes


def test_question_lessons_hide_the_scores_until_solved():
    lb = show_lesson("gembloq", "tie-break")
    assert lb.board.reveal_scores is False
    lb.answer("blue")
    assert lb.board.reveal_scores is True and "Lesson solved" in lb.board.feedback


def test_lessons_switch_off_the_boards_own_hints_and_new_game():
    """The lesson has its own Hint button: the board's hint ladder (and its H key) and New
    game are off, and such requests are refused."""
    lb = show_lesson("gembloq", "corner-contact")
    assert lb.board.hints is False and lb.board.allow_new_game is False
    lb.board.handle_request({"type": "hint", "mode": "legal", "index": 0})
    assert lb.board.hint == {} and lb.board.message.startswith("refused:")


def test_after_the_lessons_move_the_board_says_why_no_more_moves():
    """Rulebook, Gameplay: the next colour has placements, but the lesson allows one move;
    the board says so (``blocked``) and offers no placement, instead of counting 500 of them."""
    lb = show_lesson("gembloq", "side-to-other")
    assert lb.board.blocked == "" and lb.board.legal
    lb.attempt(lb.lesson.solutions(lb.start)[0])
    assert lb.board.legal == [] and "Try again" in lb.board.blocked


def test_try_again_does_not_pile_up_branches():
    """Each try starts afresh from the lesson's position: no timeline branch per try."""
    lb = show_lesson("gembloq", "side-to-other")
    wrong = [a for a in lb.start.legal_actions() if a not in lb.lesson.solutions(lb.start)][:3]
    for action in wrong:
        lb.attempt(action)
        lb.reset()
    assert len(lb.board.timeline) == 1 and lb.board.cursor["branches"] == [] and lb.board.state == lb.start
    assert len(lb.attempts) == 3 and lb.board.message == ""


def test_a_hint_outline_goes_when_the_lesson_is_solved():
    lb = show_lesson("gembloq", "corner-contact")
    for _ in range(len(lb.lesson.hints) + 1):
        lb.next_hint()
    assert lb.board.highlight
    lb.attempt(lb.lesson.solutions(lb.start)[0])
    assert lb.solved and lb.board.highlight == []


def test_the_lessons_static_picture_has_the_trays_and_stays_current(monkeypatch):
    """A question lesson is answered from the pieces in hand: its picture shows the trays
    (rulebook, End of the Game), and it follows the position and the solved tick."""
    import IPython.display as disp

    calls = []
    monkeypatch.setattr(disp, "display", lambda obj, **kw: calls.append(("display", obj, kw)))
    monkeypatch.setattr(disp, "update_display", lambda obj, **kw: calls.append(("update", obj, kw)))
    lb = show_lesson("gembloq", "penalty-points")
    lb._ipython_display_()
    (_, pic, kw), (_, widget, _) = calls
    assert "application/vnd.jupyter.widget-view+json" in widget and "display_id" in kw
    page = pic["text/html"]
    assert "pieces in hand" in page and lb.lesson.question in page and f'data-zw-board="{lb.board._picture_id}"' in page
    lb.answer(lb.lesson.answer)
    assert calls[-1][0] == "update" and "✓" in calls[-1][1]["text/html"]


def test_show_lesson_refuses_what_is_not_a_lesson():
    import pytest

    from zongshi_widgets.tutor import show_lesson

    with pytest.raises(TypeError, match="game name"):
        show_lesson(5)
