"""Lessons: a position, a task in plain words, a check, and hints.

A lesson is data. Teachers write their own as TOML (or a dict) and load them with
:func:`load_lessons`; the format::

    [[lesson]]
    id = "first-move"                 # unique within the file
    title = "Your first piece"
    game = "gembloq"                  # a name from zw.games()
    players = 4
    setup = ["b27,c27,b28,c28", ...]  # actions played from the seeded start (optional)
    position = { ... }                # or: the position posed directly, in the game's position
                                      # description (see Game.from_position); setup actions
                                      # are then played from it
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
("Yes: ..."). A task that takes several moves of one turn (take tiles, then place them) has a
goal that answers a right move short of the task with :class:`GoOn` ("Go on: ..."): the
learner plays on, each move judged, until the task is done or a move misses it.
"""

from __future__ import annotations

import importlib
import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from .. import core
from ..core import IllegalAction, State, registration
from ..core.schema import load_schema, validate


@dataclass(frozen=True)
class Feedback:
    """The answer to one attempt.

    Attributes:
        solved (bool): the attempt reaches the lesson's goal.
        text (str): plain words for the learner, starting with "Yes:", "Not yet:" or "Go on:".
        rule (str | None): the broken rule's id when the move was illegal.
        legal (bool): the move was legal (it may still miss the goal).
        going (bool): the move is right but the task needs more moves ("Go on: ..."): the
            learner plays on and the next move is judged too.
    """

    solved: bool
    text: str
    rule: str | None = None
    legal: bool = True
    going: bool = False

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Goal:
    """A lesson goal: a check of one legal move.

    Attributes:
        name (str): the name lessons use.
        check (Callable[[State, Any, State, dict], str | None]): given the position before,
            the action, the position after and the goal's arguments, return ``None`` when the
            goal is reached, else a sentence saying what is missing; or a :class:`GoOn`
            sentence when the move is right but the task needs more moves of the learner.
        praise (Callable[[State, Any, State, dict], str]): the sentence after "Yes:".
        describe (str): what the goal asks, for teachers (shown by :func:`goals`).
    """

    name: str
    check: Callable[..., str | None]
    praise: Callable[..., str]
    describe: str


class GoOn(str):
    """What a goal's check returns for a right move that does not finish the task yet (the
    tiles taken, not yet placed): the sentence says what comes next. The learner plays on and
    the next move is judged by the same goal, from the position the move left."""


_GOALS: dict[str, dict[str, Goal]] = {}


def register_goal(game: str, goal: Goal) -> None:
    """Make ``goal`` available to lessons of ``game`` (a game's own goal of the same name as a
    goal of every game, e.g. ``"legal"``, replaces it for that game)."""
    _GOALS.setdefault(game, {})[goal.name] = goal


def goals(game: str) -> dict[str, str]:
    """The goals lessons of ``game`` may use, the goals of every game included: ``{name: description}``."""
    _load_game_goals(game)
    return {name: g.describe for name, g in sorted(_GOALS.get(game, {}).items())}


def _mover_text(before: State, action: Any) -> str:
    return before.action_text(action, before.to_move)


def _one_of_check(before: State, action: Any, after: State, actions: Sequence[str] = (), why: str = "") -> str | None:
    if isinstance(actions, str) or not actions:
        raise ValueError("the goal 'one-of' needs goal_args.actions, a list of notations")
    wanted = {str(before.parse_action(a)) for a in actions}
    if str(action) in wanted:
        return None
    return "it is not the move this lesson asks for; read the task again, or ask for a hint."


def _one_of_praise(before: State, action: Any, after: State, actions: Sequence[str] = (), why: str = "") -> str:
    return f"{_mover_text(before, action)}. {why}".strip() if why else f"{_mover_text(before, action)} is what the lesson asked for."


def _legal_check(before: State, action: Any, after: State) -> str | None:
    return None


def _legal_praise(before: State, action: Any, after: State) -> str:
    return f"{_mover_text(before, action)} is a legal move."


#: Goals every game's lessons may use (a game may replace one with its own of the same name).
GENERIC_GOALS = (
    Goal("legal", _legal_check, _legal_praise, "any legal action"),
    Goal(
        "one-of",
        _one_of_check,
        _one_of_praise,
        "one of the actions listed in goal_args.actions (notations; the engine parses them), with goal_args.why saying why it is right",
    ),
)


def _load_game_goals(game: str) -> None:
    """Import the module a game registered for its lesson goals (``register(..., lessons=...)``)."""
    if game not in _GOALS:
        try:
            module = registration(game).lessons
        except KeyError:
            module = None
        if module is not None:
            importlib.import_module(module)
    own = _GOALS.setdefault(game, {})
    for goal in GENERIC_GOALS:  # a game's own goal of the same name stays
        own.setdefault(goal.name, goal)


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
        seed (int): seed of the starting state (and of the chance of a posed position).
        position (dict | None): the start posed directly, as the game's position description
            (``zw.game(...).from_position``; parts left out are dealt by chance); ``None``:
            the seeded start of a new game.
        goal_args (dict): keyword arguments of the goal.
        hints (Sequence[str]): hints, from gentle to explicit.
        rule (str): the rulebook section taught.
        question (str): for ``goal="answer"``: the question.
        answer (str): for ``goal="answer"``: the expected answer, a number or a colour (see
            :meth:`check_answer` for the forms accepted).
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
    position: dict | None = None

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
        if self.position is not None and not isinstance(self.position, dict):
            raise ValueError(f"lesson {self.id!r}: position must be a table (the game's position description), not {self.position!r}")

    def start(self) -> State:
        """The lesson's position: the setup actions played from ``new_state(seed)``, or from
        the posed ``position``.

        Raises:
            ValueError: the position description is invalid, or a setup action is illegal
                (the lesson file is wrong).
        """
        game = core.game(self.game, players=self.players, **self.options)
        if self.position is None:
            state = game.new_state(seed=self.seed)
        else:
            try:
                state = game.from_position(self.position, seed=self.seed)
            except (ValueError, TypeError) as exc:
                raise ValueError(f"lesson {self.id!r}: its position cannot be posed: {exc}") from None
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
        if isinstance(missing, GoOn):
            return Feedback(False, f"Go on: {missing}", going=True), after
        if missing:
            return Feedback(False, f"Not yet: that move is legal, but {missing}"), after
        return Feedback(True, f"Yes: {goal.praise(state, played, after, **self.goal_args)}"), after

    def check(self) -> None:
        """Check the lesson whole before a learner meets it: its position poses (``position``
        and ``setup``), and its goal accepts its ``goal_args`` on a legal move of that
        position (a goal that fails with an error on them is a broken lesson, not a wrong
        move).

        Raises:
            ValueError: naming the lesson and what is wrong.
        """
        state = self.start()
        if self.goal == "answer":
            return
        legal = state.legal_actions()
        if not legal:
            raise ValueError(f"lesson {self.id!r}: nobody can move in its position, so there is nothing to do")
        goal = _GOALS[self.game][self.goal]
        action = legal[0]
        try:
            goal.check(state, action, state.play(action), **self.goal_args)
        except Exception as exc:  # noqa: BLE001 - any error here is the lesson file's
            raise ValueError(f"lesson {self.id!r}: the goal {self.goal!r} cannot use goal_args {self.goal_args!r}: {type(exc).__name__}: {exc}") from None

    def check_answer(self, answer: Any) -> Feedback:
        """Judge the answer to a question lesson (``goal = "answer"``).

        Exactly the right answer is accepted, in its usual forms: a number as digits or words,
        with a decimal point or comma, a half as ``.5``, ``½`` or "and a half", optionally
        followed by its unit ("11", "11.0", "eleven", "11 penalty points"); a colour alone or
        in a short sentence ("red", "Red wins!", "the red player"). An answer that names
        anything besides the right one ("blue or red", "blue and red", "11 or 12") is not
        accepted, and a colour that does not play in this game is pointed out as such.

        Args:
            answer: the learner's answer (text or a number).

        Returns:
            Feedback: ``solved`` when the answer is right; otherwise says what is wrong.

        Raises:
            ValueError: this lesson asks for a move, not an answer.
        """
        if self.goal != "answer":
            raise ValueError(f"lesson {self.id!r} asks for a move, not an answer")
        given = str(answer).strip()
        if not given:
            return Feedback(False, "Not yet: type your answer in the box first.")
        colours = tuple(core.game(self.game, players=self.players, **self.options).seat_names)
        verdict = judge_answer(given, self.answer, colours)
        if verdict is None:
            return Feedback(True, f"Yes: {self.answer} is right.")
        return Feedback(False, f"Not yet: {verdict}")

    def solutions(self, state: State | None = None, limit: int | None = None) -> list:
        """The legal actions in ``state`` (default: the lesson's position) that reach the goal,
        or, for a task of several moves, that lead on towards it (their check says
        :class:`GoOn`; play on from the position after them).

        Used by hints and by tests that prove every lesson can be solved.
        """
        state = state or self.start()
        if self.goal == "answer":
            return []
        goal = _GOALS[self.game][self.goal]
        out = []
        for action in state.legal_actions():
            verdict = goal.check(state, action, state.play(action), **self.goal_args)
            if verdict is None or isinstance(verdict, GoOn):
                out.append(action)
                if limit and len(out) >= limit:
                    break
        return out


# -- answers to question lessons ----------------------------------------------------------------
_SMALL = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_NUMBER_WORDS = {word: n for n, word in enumerate(_SMALL)} | _TENS
#: Words that may follow a number answer ("11 penalty points").
_UNITS = frozenset({"point", "points", "penalty", "pts", "pt", "square", "squares"})
#: Words that may surround a colour answer ("the red player wins").
_FILLER = frozenset({"the", "player", "colour", "color", "wins", "win", "won", "winner", "is", "it", "does", "has", "with", "pieces"})
#: Colour words a learner may type, besides the game's own seat names.
_COLOUR_WORDS = frozenset(
    "blue yellow red green orange purple violet pink black white grey gray brown cyan magenta turquoise gold silver".split()
)


def _words(text: str) -> list[str]:
    """Lower-case words and numbers of ``text``: ``"11,5"`` and ``"11.5"`` stay one number,
    ``"½"`` becomes ``"and a half"``, hyphens and other punctuation separate words."""
    text = text.lower().replace("½", " and a half ").replace("1/2", " and a half ")
    text = re.sub(r"(\d)[.,](\d)", r"\1#\2", text)  # a decimal point or comma inside a number
    return [w.replace("#", ".") for w in re.split(r"[^a-z0-9#]+", text) if w]


def _read_numbers(words: list[str]) -> tuple[list[float], list[str]]:
    """Split ``words`` into the numbers they spell (digits or English words up to 99, with
    "and a half" or "point five") and the other words."""
    numbers: list[float] = []
    others: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        value: float | None = None
        if re.fullmatch(r"\d+(\.\d+)?", w):
            value, i = float(w), i + 1
        elif w in _NUMBER_WORDS:
            value, i = float(_NUMBER_WORDS[w]), i + 1
            if w in _TENS and i < len(words) and words[i] in _NUMBER_WORDS and 0 < _NUMBER_WORDS[words[i]] < 10:
                value, i = value + _NUMBER_WORDS[words[i]], i + 1
        elif words[i : i + 2] == ["a", "half"]:
            value, i = 0.5, i + 2
        if value is None:
            others.append(w)
            i += 1
            continue
        if words[i : i + 3] == ["and", "a", "half"]:
            value, i = value + 0.5, i + 3
        elif words[i : i + 2] == ["point", "five"]:
            value, i = value + 0.5, i + 2
        numbers.append(value)
    return numbers, others


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def judge_answer(given: Any, expected: str, colours: Sequence[str] = ()) -> str | None:
    """Judge a typed answer against the expected one.

    Args:
        given: the learner's answer.
        expected (str): the right answer: a number (``"11"``, ``"8.5"``) or text (a colour).
        colours (Sequence[str]): the colours playing in the lesson's game, so that a colour
            that does not play can be pointed out.

    Returns:
        str | None: ``None`` when the answer is exactly the right one in one of its usual
        forms (see :meth:`Lesson.check_answer`), else a sentence for the learner saying what
        is wrong.
    """
    text = str(given).strip()
    words = _words(text)
    numbers, others = _read_numbers(words)
    if _is_number(expected.strip()):
        want = float(expected)
        if not numbers:
            return f"{text} is not a number. Answer with a number, in digits or in words."
        if len(numbers) > 1:
            return "give one number, not several."
        if any(w not in _UNITS for w in others):
            return f"answer with the number alone (\"{text}\" has other words in it)."
        if numbers[0] != want:
            return f"{numbers[0]:g} is not it. Look again, or ask for a hint."
        return None
    want_words = _words(expected)
    playing = [c.lower() for c in colours]
    if len(want_words) == 1 and want_words[0] in playing:
        named = list(dict.fromkeys(w for w in words if w in _COLOUR_WORDS or w in playing))
        absent = [c for c in named if c not in playing]
        if absent:
            listing = ", ".join(playing[:-1]) + " and " + playing[-1] if len(playing) > 1 else playing[0]
            return f"{absent[0]} does not play in this game: the colours here are {listing}."
        if not named:
            return f"{text} names no colour. Answer with the colour of the player."
        if len(named) > 1:
            return "name one colour only: the one the question asks for."
        if named[0] != want_words[0]:
            return f"{named[0]} is not it. Look again, or ask for a hint."
        if numbers or any(w != want_words[0] and w not in _FILLER for w in words):
            return f"answer with the colour alone (\"{text}\" has other words in it)."
        return None
    if words == want_words:
        return None
    return f"{text} is not it. Look again, or ask for a hint."

def lessons_from_dicts(items: Sequence[dict]) -> list[Lesson]:
    """Lessons from dicts with the fields of :class:`Lesson`.

    Raises:
        ValueError: a lesson that breaks the schema ``lessons/lesson.schema.json`` (a missing or
            unknown field, a value of the wrong type; the message names the lesson and field),
            a duplicate id, an unknown game or goal.
    """
    out, seen = [], set()
    fields = set(Lesson.__dataclass_fields__)
    file_schema = load_schema(__package__, "lessons/lesson.schema.json")
    item_schema = {"$schema": file_schema["$schema"], "$defs": file_schema["$defs"], "$ref": "#/$defs/lesson"}
    for i, item in enumerate(items):
        validate(item, item_schema, f"lesson {i + 1}")
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
        ValueError: the file cannot be read, is not UTF-8 text or not valid TOML, breaks the
            schema ``lessons/lesson.schema.json`` (the message names the lesson and field), or
            a lesson is invalid: its position cannot be posed, a setup action is illegal, or
            its goal cannot use its ``goal_args`` (see :meth:`Lesson.check`; a teacher's file
            is checked whole when it is loaded, not when a learner first moves).
    """
    path = Path(source)
    if path.suffix != ".toml":
        ref = resources.files(__package__).joinpath(f"lessons/{source}.toml")
        if not ref.is_file():
            raise FileNotFoundError(f"no packaged lessons for {source!r}")
        text, name = ref.read_text(encoding="utf-8"), f"{source}.toml"
    else:
        name = path.name
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise
        except OSError as exc:
            raise ValueError(f"cannot read the lessons file {str(path)!r}: {exc.strerror or exc}") from None
        except UnicodeDecodeError as exc:
            raise ValueError(f"lessons file {name} is not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        raise ValueError(f"lessons file {name} is not valid TOML: {str(exc)[:200]}") from None
    validate(data, load_schema(__package__, "lessons/lesson.schema.json"), f"lessons file {name}")
    lessons = lessons_from_dicts(data["lesson"])
    if path.suffix == ".toml":  # a teacher's file (the packaged ones are checked by the tests)
        for item in lessons:
            item.check()
    return lessons


def lesson(game: str, lesson_id: str) -> Lesson:
    """The packaged lesson ``lesson_id`` of ``game``.

    Raises:
        KeyError: no such lesson.
    """
    for item in load_lessons(game):
        if item.id == lesson_id:
            return item
    raise KeyError(f"no lesson {lesson_id!r} for {game}")
