"""Lessons: a position, a task in plain words, a check, and hints, shown on a board.

``load_lessons("gembloq")`` gives the packaged GembloQ lessons; ``load_lessons("my.toml")``
a teacher's own (format in :mod:`zongshi_widgets.tutor.lesson`).
"""

from .lesson import Feedback, Goal, GoOn, Lesson, goals, lesson, lessons_from_dicts, load_lessons, register_goal


def show_lesson(*args, **kwargs):
    """Show a lesson on a board; see :func:`zongshi_widgets.tutor.board.show_lesson`."""
    from .board import show_lesson as _show

    return _show(*args, **kwargs)


__all__ = ["Feedback", "Goal", "GoOn", "Lesson", "goals", "lesson", "lessons_from_dicts", "load_lessons", "register_goal", "show_lesson"]
