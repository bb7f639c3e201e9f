"""Lessons: a position, a task in plain words, a check, and hints, shown on a board.

``load_lessons("gembloq")`` gives the packaged GembloQ lessons; ``load_lessons("my.toml")``
a teacher's own (format in :mod:`zongshi_widgets.tutor.lesson`). Each game's lessons, in file
order, are its course; a learner's progress through them is kept in a local file, and a teacher
reads a class's files into one table (:mod:`zongshi_widgets.tutor.progress`). Every lesson
board opens the rulebook sections it teaches in the project's words (:func:`rule_summary`), and
:func:`glossary` (also ``zw.glossary``) defines each game's terms.
"""

from .lesson import Feedback, Goal, GoOn, Lesson, goals, lesson, lessons_from_dicts, load_lessons, register_goal
from .progress import ProgressError, class_progress, course, set_learner  # progress(): zw.progress (tutor.progress is the module)
from .sections import rule_summary
from .terms import glossary


def show_lesson(*args, **kwargs):
    """Show a lesson on a board; see :func:`zongshi_widgets.tutor.board.show_lesson`."""
    from .board import show_lesson as _show

    return _show(*args, **kwargs)


__all__ = [
    "Feedback",
    "Goal",
    "GoOn",
    "Lesson",
    "ProgressError",
    "class_progress",
    "course",
    "glossary",
    "goals",
    "lesson",
    "lessons_from_dicts",
    "load_lessons",
    "register_goal",
    "rule_summary",
    "set_learner",
    "show_lesson",
]
