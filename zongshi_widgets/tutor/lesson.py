"""Lessons: a position, a task in plain words, a check, and hints.

A lesson is data. Teachers write their own as TOML (or a dict) and load them with
:func:`load_lessons`; the format::

    [[lesson]]
    id = "first-move"                 # unique within the file
    title = "Your first piece"
    game = "gembloq"                  # a name from zw.games()
    players = 4
    setup = ["b27,c27,b28,c28", ...]  # actions played from the seeded start (optional)
    seed = 1                          # optional, default 0
    task = "Place any blue piece so that it covers your starting square."
    goal = "legal"                    # a goal name of the game's tutor module (see goals())
    goal_args = { piece = 2 }         # optional keyword arguments for the goal
    hints = ["Pick a small piece first.", "The grey square in the corner is blue's."]
    rule = "Gameplay"                 # the rulebook section the lesson teaches
    answer = "..."                    # only for question lessons (goal = "answer")
    question = "..."                  # the question asked (goal = "answer")

The learner acts on a board; every attempt gets immediate feedback (:class:`Feedback`):
an illegal move is refused with the rule it breaks ("Not yet: ..."), a legal move that misses
the goal says what is missing, and a move that reaches the goal says why it is right
("Yes: ...").
"""

from __future__ import annotations

import importlib
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from .. import core
from ..core import IllegalAction, State


@dataclass(frozen=True)
class Feedback:
    """The answer to one attempt.

    Attributes:
        solved (bool): the attempt reaches the lesson's goal.
        text (str): plain words for the learner, starting with "Yes:" or "Not yet:".
        rule (str | None): the broken rule's id when the move was illegal.
        legal (bool): the move was legal (it may still miss the goal).
    """

    solved: bool
    text: str
    rule: str | None = None
    legal: bool = True

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Goal:
    """A lesson goal: a check of one legal move.

    Attributes:
        name (str): the name lessons use.
        check (Callable[[State, Any, State, dict], str | None]): given the position before,
            the action, the position after and the goal's arguments, return ``None`` when the
            goal is reached, else a sentence saying what is missing.
        praise (Callable[[State, Any, State, dict], str]): the sentence after "Yes:".
        describe (str): what the goal asks, for teachers (shown by :func:`goals`).
    """

    name: str
    check: Callable[..., str | None]
    praise: Callable[..., str]
    describe: str


_GOALS: dict[str, dict[str, Goal]] = {}


def register_goal(game: str, goal: Goal) -> None:
    """Make ``goal`` available to lessons of ``game``."""
    _GOALS.setdefault(game, {})[goal.name] = goal


def goals(game: str) -> dict[str, str]:
    """The goals lessons of ``game`` may use: ``{name: description}``."""
    _load_game_goals(game)
    return {name: g.describe for name, g in sorted(_GOALS.get(game, {}).items())}


def _load_game_goals(game: str) -> None:
    if game not in _GOALS:
        try:
            importlib.import_module(f"{__package__}.{game}")
        except ModuleNotFoundError:
            _GOALS[game] = {}


@dataclass(frozen=True)
class Lesson:
    """One lesson: a position, a task, a goal, hints.

    Args:
        id (str): unique id within its collection.
        title (str): a short title.
        game (str): registry name of the game.
        players (int): player count.
        task (str): what the learner is asked to do, in plain words.
        goal (str): a goal name from :func:`goals`, or ``"answer"`` for a question.
        setup (Sequence[str]): actions played from the start to reach the lesson's position.
        seed (int): seed of the starting state.
        goal_args (dict): keyword arguments of the goal.
        hints (Sequence[str]): hints, from gentle to explicit.
        rule (str): the rulebook section taught.
        question (str): for ``goal="answer"``: the question.
        answer (str): for ``goal="answer"``: the expected answer (compared case-insensitively,
            numbers numerically).
        options (dict): variant options of the game.

    Raises:
        ValueError: unknown goal, or a setup action that is illegal (checked by :meth:`start`).
    """

    id: str
    title: str
    game: str
    players: int
    task: str
    goal: str = "legal"
    setup: Sequence[str] = ()
    seed: int = 0
    goal_args: dict = field(default_factory=dict)
    hints: Sequence[str] = ()
    rule: str = ""
    question: str = ""
    answer: str = ""
    options: dict = field(default_factory=dict)

    def __post_init__(self):
        for name in ("id", "title", "game", "task", "goal", "rule", "question", "answer"):
            if not isinstance(getattr(self, name), str):
                raise ValueError(f"lesson {self.id!r}: {name} must be text, not {getattr(self, name)!r}")
        for name in ("setup", "hints"):
            value = getattr(self, name)
            if isinstance(value, str) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"lesson {self.id!r}: {name} must be a list of strings, not {value!r}")
        if self.game not in core.games():
            raise ValueError(f"lesson {self.id!r}: unknown game {self.game!r}; known: {', '.join(core.games())}")
        if self.goal != "answer" and self.goal not in goals(self.game):
            raise ValueError(f"lesson {self.id!r}: unknown goal {self.goal!r} for {self.game}; known: {', '.join(goals(self.game))}")
        if self.goal == "answer" and not self.answer:
            raise ValueError(f"lesson {self.id!r}: a question lesson needs an answer")

    def start(self) -> State:
        """The lesson's position: the setup actions played from ``new_state(seed)``.

        Raises:
            ValueError: a setup action is illegal (the lesson file is wrong).
        """
        state = core.game(self.game, players=self.players, **self.options).new_state(seed=self.seed)
        for i, action in enumerate(self.setup):
            try:
                state = state.play(action)
            except IllegalAction as exc:
                raise ValueError(f"lesson {self.id!r}: setup action {i + 1} ({action!r}) is illegal: {exc.message}") from None
        return state

    @property
    def learner(self) -> int | None:
        """The seat the learner plays: the seat to move in the lesson's position."""
        return self.start().to_move

    def attempt(self, state: State, action: Any) -> tuple[Feedback, State | None]:
        """Judge one move of the learner in ``state``.

        Args:
            state (State): the position (normally :meth:`start`'s).
            action: an action object or its notation.

        Returns:
            tuple[Feedback, State | None]: the feedback, and the position after the move
            (``None`` when the move was illegal; ``state`` is never changed).
        """
        try:
            after = state.play(action)
        except IllegalAction as exc:
            text = exc.message[:1].lower() + exc.message[1:]
            return Feedback(False, f"Not yet: {text}", rule=exc.rule, legal=False), None
        played = after.history[-1]
        if self.goal == "answer":
            return Feedback(False, "That move is legal, but this lesson asks a question: answer it below the board."), after
        goal = _GOALS[self.game][self.goal]
        missing = goal.check(state, played, after, **self.goal_args)
        if missing:
            return Feedback(False, f"Not yet: that move is legal, but {missing}"), after
        return Feedback(True, f"Yes: {goal.praise(state, played, after, **self.goal_args)}"), after

    def check_answer(self, answer: Any) -> Feedback:
        """Judge the answer to a question lesson (``goal = "answer"``).

        Numbers are compared numerically, text case- and space-insensitively.

        Raises:
            ValueError: this lesson asks for a move, not an answer.
        """
        if self.goal != "answer":
            raise ValueError(f"lesson {self.id!r} asks for a move, not an answer")
        if not str(answer).strip():
            return Feedback(False, "Not yet: type your answer in the box first.")
        if _same_answer(answer, self.answer):
            return Feedback(True, f"Yes: {self.answer} is right.")
        return Feedback(False, f"Not yet: {str(answer).strip()} is not it. Look again, or ask for a hint.")

    def solutions(self, state: State | None = None, limit: int | None = None) -> list:
        """The legal actions in ``state`` (default: the lesson's position) that reach the goal.

        Used by hints and by tests that prove every lesson can be solved.
        """
        state = state or self.start()
        if self.goal == "answer":
            return []
        goal = _GOALS[self.game][self.goal]
        out = []
        for action in state.legal_actions():
            if goal.check(state, action, state.play(action), **self.goal_args) is None:
                out.append(action)
                if limit and len(out) >= limit:
                    break
        return out


def _same_answer(given: Any, expected: str) -> bool:
    """Numbers compare numerically (``"11,0"`` and ``"11.0"`` equal ``11``); text compares
    case-insensitively, and a one-word answer also matches inside a short sentence
    (``"red wins"`` for ``"red"``)."""
    text = " ".join(str(given).lower().replace("½", ".5").split())
    want = " ".join(expected.lower().split())
    try:
        return float(text.replace(",", ".")) == float(want)
    except ValueError:
        pass
    words = text.replace(".", " ").replace("!", " ").split()
    return text == want or (" " not in want and want in words and len(words) <= 4)


def lessons_from_dicts(items: Sequence[dict]) -> list[Lesson]:
    """Lessons from dicts with the fields of :class:`Lesson`.

    Raises:
        ValueError: a missing or unknown field, a duplicate id, an unknown goal.
    """
    out, seen = [], set()
    fields = set(Lesson.__dataclass_fields__)
    for i, item in enumerate(items):
        unknown = set(item) - fields
        if unknown:
            raise ValueError(f"lesson {i + 1}: unknown field(s) {', '.join(sorted(unknown))}")
        try:
            lesson = Lesson(**item)
        except TypeError as exc:
            raise ValueError(f"lesson {i + 1}: {exc}") from None
        if lesson.id in seen:
            raise ValueError(f"duplicate lesson id {lesson.id!r}")
        seen.add(lesson.id)
        out.append(lesson)
    return out


def load_lessons(source: str | Path) -> list[Lesson]:
    """Load lessons.

    Args:
        source (str | Path): a game name (its packaged lessons, e.g. ``"gembloq"``) or the
            path of a TOML file with ``[[lesson]]`` tables (see the module docstring).

    Returns:
        list[Lesson]: in file order.

    Raises:
        FileNotFoundError: no such file or packaged lessons.
        ValueError: the file is not valid TOML or a lesson is invalid.
    """
    path = Path(source)
    if path.suffix != ".toml":
        ref = resources.files(__package__).joinpath(f"lessons/{source}.toml")
        if not ref.is_file():
            raise FileNotFoundError(f"no packaged lessons for {source!r}")
        text = ref.read_text()
    else:
        text = path.read_text()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"lessons file is not valid TOML: {exc}") from None
    return lessons_from_dicts(data.get("lesson", []))


def lesson(game: str, lesson_id: str) -> Lesson:
    """The packaged lesson ``lesson_id`` of ``game``.

    Raises:
        KeyError: no such lesson.
    """
    for item in load_lessons(game):
        if item.id == lesson_id:
            return item
    raise KeyError(f"no lesson {lesson_id!r} for {game}")
