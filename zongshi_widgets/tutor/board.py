"""Lessons on a board: the task above it, immediate feedback, hints, and an answer box for
question lessons."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from ..core import State
from ..widgets.static import StaticPicture, picture_html
from .answer_box import AnswerBox
from .lesson import Feedback, Lesson, lesson, move_words
from .progress import ProgressError, lesson_key, next_lesson, read_progress, record_solve
from .sections import lesson_sections, rule_summary


def board_class(game: str) -> type:
    """The board widget class a game registered (the generic board for a game without one).

    Raises:
        KeyError: no game has that name.
    """
    from .. import widgets

    return widgets.board_class(game)


class LessonBoard(W.VBox):
    """A lesson shown as a board plus its task, feedback and hints.

    The learner moves on the board. Illegal moves are refused by the board with the rule
    they break; a legal move is judged by the lesson ("Yes: ..." or "Not yet: ...") and can be
    taken back with *Try again*. Question lessons (``goal = "answer"``) add an answer box and
    hide the board's scores until the answer is found. In a game with hidden information the
    board shows the learner's seat (the seat to move in the lesson's position), so no privacy
    screen stands before the lesson.

    A solved lesson is recorded in the learner's progress file (first solve, tries, hints:
    :mod:`zongshi_widgets.tutor.progress`), and a lesson of a game's course (its packaged
    lessons, in file order) then offers *Next lesson*, which opens the next lesson of the
    course on this same board; the last one says the course is done.

    Args:
        item (Lesson): the lesson.
        record (bool): record a solve in the progress file (default ``True``). A file that
            is not a progress file is not touched: the feedback says the solve was not saved.
        **board_options: passed to the game's board class (e.g. ``bot_delay``). In a game
            with hidden information the board shows the learner's seat (``seat``: the seat to
            move in the lesson's position, else 0), so no privacy screen stands between the
            lesson and the learner; give ``seat`` or ``open_hands`` to choose otherwise.

    Attributes:
        lesson (Lesson): the lesson.
        board (GameBoard): the board widget (``board.state`` is the position shown).
        solved (bool): the learner has reached the goal.
        attempts (list[Feedback]): the feedback to every judged attempt, in order.
        tries (int): wrong attempts before the first solve.
        hints_used (int): hints shown before the first solve, over every try.
        progress_note (str): why a solve was not recorded (an unusable progress file), else "".
        solved_before (bool): the progress file recorded the lesson as solved when it was
            opened (the title says so, and *Next lesson* is offered from the start).
    """

    def __init__(self, item: Lesson, record: bool = True, **board_options: Any):
        self.record = record
        self._board_options = dict(board_options)
        self._title = W.HTML("")
        self._hint = W.HTML("")
        self._rules = W.HTML("")  # a "Rule: <section>" fold per section of the lesson's rule
        self._rules.add_class("zw-lesson-rules")
        self._controls = W.HBox([], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self._next_button = W.Button(description="Next lesson", icon="arrow-right", tooltip="Open the next lesson of the course on this board")
        self._next_button.on_click(lambda _: self.next_lesson())
        self._course = W.HBox([], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([])
        self.add_class("zw-lesson")
        self._picture = StaticPicture(self._picture_parts)
        self._open(item)

    def _open(self, item: Lesson) -> None:
        """Show ``item`` on this lesson board: a fresh board widget, task, hints and controls."""
        board_options = dict(self._board_options)
        start = item.start()  # a bad lesson is refused before anything changes
        old = getattr(self, "board", None)
        self.lesson = item
        self.start = start
        self.solved = False
        self.attempts: list[Feedback] = []
        self.hints_used = 0  # hints shown on this lesson, over every try (recorded on solving)
        self.progress_note = ""  # why the solve was not recorded, if it was not
        self.solved_before = self._solved_before(item)
        self._hint_index = 0
        self._going = False  # the moves so far are right, and the task needs more ("Go on")
        if self.start.game.game_type.hidden_information and "seat" not in board_options and "open_hands" not in board_options:
            # the learner's own view, with no privacy screen between the lesson's seats
            board_options["seat"] = self.start.to_move if self.start.to_move is not None else 0
        self.board = board_class(item.game)(state=self.start, seats=["human"] * self.start.game.players, history=False, **board_options)
        self.board.task = item.task
        self.board.hints = False  # the lesson gives its own hints (the Hint button)
        self.board.allow_new_game = False  # the lesson's position stays: "Try again"
        self.board.add_class("zw-in-lesson")
        if item.goal == "answer":  # the score panel would give the answer away
            self.board.reveal_scores = False
        self.board.observe_play(self._judge)
        self.board.validator = self._only_the_lesson_move
        self._title.value = self._title_html()
        self._hint.value = ""
        self._rules.value = self._rules_html()
        self._course.children = []
        if self.solved_before:  # a learner coming back may go straight on along the course
            self._offer_next()
        old_controls = list(self._controls.children)
        hint_button = W.Button(description="Hint", icon="lightbulb-o", tooltip="Show the next hint")
        hint_button.on_click(lambda _: self.next_hint())
        again = W.Button(description="Try again", icon="undo", tooltip="Back to the lesson's position")
        again.on_click(lambda _: self.reset())
        controls = [hint_button, again]
        if item.goal == "answer":
            # Enter and Check submit the text itself, an empty one too ("type your answer in
            # the box first"); typing alone judges nothing
            self._answer = AnswerBox(placeholder="your answer", button="Check")
            self._answer.on_submit(self.answer)
            controls = [W.HTML(f"<b>{html.escape(item.question)}</b>"), self._answer, *controls]
        self._controls.children = controls
        # the buttons and the hints above the board, next to the task and the feedback they
        # answer (a tall board would push them out of sight)
        # the rule links stay above the board whatever the feedback says
        self.children = [self._title, self._controls, self._course, self._hint, self._rules, self.board]
        self.board.observe(lambda _change: self._picture.update(), names=["version", "highlight"])
        if old is not None:
            for widget in old_controls:
                widget.close()
            old.close()
            self._picture.update()

    def _ipython_display_(self, **kwargs: Any) -> None:
        """Display the lesson as two outputs: a static picture (title, task, question, the
        position with the trays), kept up to date, then the live lesson, which hides the
        picture while it runs (see :mod:`zongshi_widgets.widgets.static`)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        self._picture.display(data)

    def _repr_mimebundle_(self, **kwargs: Any):
        """The widget view plus the static picture as ``text/html``, for tools that take one
        bundle (IPython's own display uses :meth:`_ipython_display_`)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        data["text/html"] = self._picture_parts()[0]
        return data, metadata

    def _picture_parts(self) -> tuple[str, str]:
        question = f"<p><b>{html.escape(self.lesson.question)}</b></p>" if self.lesson.question else ""
        body = f"{self._title_html()}<p>{html.escape(self.lesson.task)}</p>{question}{self.board.picture()}"
        caption = "Picture of the lesson, kept for saved and exported copies of this notebook: run the cell in Jupyter to try it."
        return picture_html(self.board._picture_id, body, caption), f"Lesson: {self.lesson.title}"

    def _title_html(self) -> str:
        mark = " ✓" if self.solved else (' <small style="opacity:.75">✓ solved before</small>' if self.solved_before else "")
        rule = f' <small style="opacity:.75">(rulebook: {html.escape(self.lesson.rule)})</small>' if self.lesson.rule else ""
        return f"<h4 style='margin:.2em 0'>{html.escape(self.lesson.title)}{mark}{rule}</h4>"

    def _rules_html(self) -> str:
        """A fold per rulebook section of the lesson's ``rule``: "Rule: <section>", opening the
        project's own summary of it (:func:`zongshi_widgets.tutor.sections.rule_summary`); a
        section with no summary (a teacher's own lesson may name any) shows its name only."""
        folds = []
        for section, text in self.rule_texts:
            text = text or "The project has no summary of this section: see the game's rulebook."
            folds.append(
                f"<details class='zw-rule' style='margin:.1em 0'><summary style='cursor:pointer'>Rule: {html.escape(section)}</summary>"
                f"<div style='margin:.2em 0 .4em 1.2em;max-width:48em'>{html.escape(text)}</div></details>"
            )
        return "".join(folds)

    @property
    def rule_texts(self) -> list[tuple[str, str]]:
        """The rule links shown: ``(section, summary)`` for each section of the lesson's
        ``rule``, in order (empty for a lesson without one).

        Returns:
            list[tuple[str, str]]: section names and the summaries their folds open (``""``
            for a section the project has not summarized, as a teacher's lesson may name).
        """
        out = []
        for section in lesson_sections(self.lesson.rule or ""):
            try:
                out.append((section, rule_summary(self.lesson.game, section)))
            except KeyError:
                out.append((section, ""))
        return out

    def _only_the_lesson_move(self, state: State, action: Any) -> str | None:
        if self._going and not self.solved:
            return None  # a task of several moves: the next one is judged too
        if len(state.history) > len(self.start.history):
            plays_on = getattr(self.board, "lesson_plays_on", None)  # a game may let a solved lesson's turn be played out
            # ... and a question lesson's turn too, so that the learner may watch it before answering
            if (self.solved or self.lesson.goal == "answer") and plays_on is not None and plays_on(self.start, state):
                return None
            if self.solved:
                if self._next_button in self._course.children:  # the course goes on: say where
                    return "lesson solved: press 'Next lesson' above the board (or go on to the next cell), or 'Try again' to play it again"
                return "lesson solved: go on to the next cell, or press 'Try again' to play it again"
            if self.lesson.goal == "answer" and plays_on is not None:
                return "the turn is over: answer the question in the box above the board, or press 'Try again' to play it again"
            return "this lesson is about one move: press 'Try again' to go back and try another"
        return None

    def _judge(self, before: State, action: Any, after: State) -> str | None:
        if len(before.history) != len(self.start.history) and not (self._going and not self.solved):
            return None
        if self.lesson.goal == "answer" and getattr(self.board, "lesson_plays_on", None) is not None:
            return "Play the turn on and watch what happens; then answer the question in the box above the board ('Try again' goes back to the start)."
        feedback, _ = self.lesson.attempt(before, action)
        self.attempts.append(feedback)
        self._going = feedback.going
        if feedback.going:
            return feedback.text
        if feedback.solved:
            return feedback.text + self._mark_solved()
        return feedback.text + " Press 'Try again' to take it back."

    @property
    def tries(self) -> int:
        """The wrong attempts so far (before the first solve): judged attempts that missed the
        goal, a wrong answer or a move (a refused one included, when tried through
        :meth:`attempt`); a right move of a task of several moves is no try."""
        wrong = 0
        for feedback in self.attempts:
            if feedback.solved:
                break
            if not feedback.going:
                wrong += 1
        return wrong

    def _mark_solved(self) -> str:
        """Mark the lesson solved (the first time), record it in the progress file and offer the
        next lesson of the course; return the words that follow the feedback."""
        first = not self.solved
        self.solved = True
        self._title.value = self._title_html()
        self.board.reveal_scores = True
        self.board.highlight = []  # a hint's outline has done its work
        self._picture.update()
        if first and self.record:
            try:
                record_solve(self.lesson, self.tries, self.hints_used)
            except (ProgressError, OSError) as exc:
                self.progress_note = f"Your progress was not saved: {exc}"
        on_path, done = self._offer_next()
        note = f" ({self.progress_note})" if self.progress_note else ""
        if not on_path:
            return " Lesson solved: go on to the next cell." + note
        if done:
            return f" Lesson solved. {done}" + note
        return " Lesson solved: press 'Next lesson' above the board, or go on to the next cell." + note

    def _offer_next(self) -> tuple[bool, str]:
        """Show *Next lesson* (or, after the course's last lesson, that the course is done);
        return whether the lesson is on its game's course, and the words saying it is done."""
        following, on_path = next_lesson(self.lesson)
        if not on_path:
            return False, ""
        if following is None:
            done = f"This was the last lesson of the {self._game_title()} course: the course is done."
            self._course.children = [W.HTML(f"<b>{html.escape(done)}</b>")]
            return True, done
        self._next_button.tooltip = f"Next lesson: {following.title}"
        self._course.children = [self._next_button, W.HTML(f"next: <i>{html.escape(following.title)}</i>")]
        return True, ""

    def _solved_before(self, item: Lesson) -> bool:
        """The progress file records ``item`` as solved (an unusable file: not solved; solving
        the lesson says why it was not recorded)."""
        if not self.record:
            return False
        try:
            return lesson_key(item) in read_progress()["lessons"]
        except (ProgressError, OSError):
            return False

    def _game_title(self) -> str:
        return self.start.game.game_type.long_name

    def next_lesson(self) -> Lesson | None:
        """Open the next lesson of the game's course (its path: the order of the game's lesson
        file, see :mod:`zongshi_widgets.tutor.progress`) on this board, as the *Next lesson*
        button does.

        Returns:
            Lesson | None: the lesson now shown; ``None`` after the last lesson of the course
            (the board then says the course is done and stays as it is).

        Raises:
            ValueError: the lesson is not one of the game's packaged course (a teacher's own).
        """
        following, on_path = next_lesson(self.lesson)
        if not on_path:
            raise ValueError(f"the lesson {self.lesson.id!r} is not on the {self._game_title()} course (a lesson of your own has no next lesson)")
        if following is None:
            done = f"This was the last lesson of the {self._game_title()} course: the course is done."
            self._course.children = [W.HTML(f"<b>{html.escape(done)}</b>")]
            self.board.feedback = done
            return None
        self._open(following)
        return following

    def attempt(self, action: Any) -> Feedback:
        """Play ``action`` on the board as the learner would, and return the lesson's feedback.

        Illegal actions are refused (the board is unchanged) with the broken rule.
        """
        before = self.board.state
        feedback, after = self.lesson.attempt(before, action)
        if after is None:
            self.attempts.append(feedback)
            self.board.feedback = feedback.text
            return feedback
        self.board.play(action)
        return self.attempts[-1]

    def answer(self, value: Any) -> Feedback:
        """Check the answer to a question lesson and show the feedback.

        Raises:
            ValueError: this lesson asks for a move.
        """
        feedback = self.lesson.check_answer(value)
        self.attempts.append(feedback)
        text = feedback.text
        if feedback.solved:
            text += self._mark_solved()
        self.board.feedback = text
        return feedback

    def next_hint(self) -> str:
        """Show the next hint; after the written ones, outline a solution on the board.

        Returns:
            str: the hint shown.
        """
        hints = list(self.lesson.hints)
        if self._hint_index < len(hints):
            text = hints[self._hint_index]
        elif self.lesson.goal == "answer":
            text = f"The answer is {self.lesson.answer_words()}."
        else:
            here = self.board.state if self._going else self.start  # a task of several moves: its next move
            solutions = self.lesson.solutions(here)
            k = self._hint_index - len(hints)
            choice = solutions[k % len(solutions)]
            self.board.highlight = self._cells_of(choice)
            more = " Press Hint again for another." if len(solutions) > 1 else ""
            words = move_words(here, choice)  # in words, never the notation
            if self.board.highlight:
                text = f"One answer is outlined on the board ({words}).{more}"
            else:  # a game whose actions cover no cells (Art Gallery's cards, Zong Shi's choices): name the action
                how = getattr(self.board, "click_words", None)  # the board's own terms, when it has them
                named = how(here, choice) if how is not None else words
                text = f"One answer: {named}.{more}" if more else f"The answer: {named}."
        self._hint_index += 1
        if not self.solved:
            self.hints_used += 1
        self._hint.value = f"<div class='zw-lesson-hint'><b>Hint {self._hint_index}:</b> {html.escape(text)}</div>"
        return text

    def _cells_of(self, action: Any) -> list:
        cells = getattr(action, "cells", None)
        tables = getattr(self.start.game, "tables", None)
        if cells is None or tables is None:
            return []
        return [tables.index[c] for c in cells]

    def reset(self) -> None:
        """Back to the lesson's position; the hints start again (the attempts so far, and a
        solved lesson's tick, are kept in :attr:`attempts` and the title). The move tried is
        dropped from the board's timeline: each try starts afresh, not as a new branch."""
        self.board.load(self.start, history=False)
        self._going = False
        self.board.say("info", "")
        self.board.highlight = []
        self._hint.value = ""
        self._hint_index = 0


def show_lesson(game_or_lesson: str | Lesson, lesson_id: str | None = None, **board_options: Any) -> LessonBoard:
    """Show a lesson on a board.

    Args:
        game_or_lesson (str | Lesson): a game name (with ``lesson_id``) or a :class:`Lesson`.
        lesson_id (str | None): the packaged lesson's id, e.g. ``"first-move"``.
        **board_options: passed to the board (e.g. ``bot_delay``).

    Returns:
        LessonBoard: display it (it is the cell's value in a notebook).

    Raises:
        UnknownName: (a ``KeyError``) no packaged lessons for that game, or no lesson with
            that id; the message lists the known games or lesson ids (see
            :func:`zongshi_widgets.tutor.lesson.lesson`).
        TypeError: neither a game name nor a Lesson.
    """
    if not isinstance(game_or_lesson, (str, Lesson)):
        raise TypeError(f"show_lesson takes a game name and a lesson id (show_lesson('gembloq', 'first-move')) or a Lesson, not {game_or_lesson!r}")
    item = game_or_lesson if isinstance(game_or_lesson, Lesson) else lesson(game_or_lesson, lesson_id)
    return LessonBoard(item, **board_options)
