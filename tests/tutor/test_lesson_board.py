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
