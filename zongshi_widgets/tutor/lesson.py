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
    units = ["space"]                 # optional: what a number answer counts or names
    label = "roman"                   # optional: the number answer is a label, not a count
                                      # ("number": space 3; "roman": space 3, shown as III)
    mistakes = { "9.5" = "the hand total is divided by 4 and rounded down." }
                                      # optional: likely wrong answers, or wrong moves (their
                                      # notation, or "other"), and what to tell the learner

The learner acts on a board; every attempt gets immediate feedback (:class:`Feedback`):
an illegal move is refused with the rule it breaks ("Not yet: ..."), a legal move that misses
the goal says what is missing, and a move that reaches the goal says why it is right
("Yes: ..."). A task that takes several moves of one turn (take tiles, then place them) has a
goal that answers a right move short of the task with :class:`GoOn` ("Go on: ..."): the
learner plays on, each move judged, until the task is done or a move misses it.
"""

from __future__ import annotations

import difflib
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
from ..core.errors import UnknownName
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


_WORDS: dict[str, Callable[[State, Any], str]] = {}

#: The refusal a goal gives a legal move it cannot say more about; a lesson names its likely
#: mistakes (``mistakes``) so that a learner meets this sentence only where no better one exists.
GENERIC_REFUSAL = "it is not the move this lesson asks for; read the task again, or ask for a hint."


def register_words(game: str, words: Callable[[State, Any], str]) -> None:
    """Say ``game``'s actions in plain words in lessons (praise, refusals, the last hint):
    ``words(state, action)`` returns the action to be played in ``state`` as the board names
    it, never its notation (``"take the run a1–a3"``, ``"play the scroll Privileged
    Treatment"``)."""
    _WORDS[game] = words


def move_words(state: State, action: Any) -> str:
    """The action, to be played in ``state`` by the seat to move, in plain words for the
    learner: the game's lesson words (:func:`register_words`), else the engine's own words
    for the seat to move (``state.action_text(action, state.to_move)``).

    Args:
        state (State): the position the action is played in.
        action: a legal action of ``state`` (or its notation).

    Returns:
        str: the words, lower case first (they go inside a sentence).
    """
    game = state.game.name
    _load_game_goals(game)
    words = _WORDS.get(game)
    if isinstance(action, str):
        action = state.parse_action(action)
    return words(state, action) if words is not None else state.action_text(action, state.to_move)


def _mover_text(before: State, action: Any) -> str:
    return move_words(before, action)


def _one_of_check(before: State, action: Any, after: State, actions: Sequence[str] = (), why: str = "") -> str | None:
    if isinstance(actions, str) or not actions:
        raise ValueError("the goal 'one-of' needs goal_args.actions, a list of notations")
    wanted = {str(before.parse_action(a)) for a in actions}
    if str(action) in wanted:
        return None
    return GENERIC_REFUSAL


def _one_of_praise(before: State, action: Any, after: State, actions: Sequence[str] = (), why: str = "") -> str:
    chose = f"you chose “{_mover_text(before, action)}”"
    return f"{chose}. {why}".strip() if why else f"{chose}, what the lesson asked for."


def _legal_check(before: State, action: Any, after: State) -> str | None:
    return None


def _legal_praise(before: State, action: Any, after: State) -> str:
    text = _mover_text(before, action)
    return f"{text[:1].upper()}{text[1:]} is a legal move."


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
        units (Sequence[str]): for a number question: the units the question counts in
            (``["boxes"]``, ``["round"]``, ``["points"]``); an answer may carry one of them,
            singular or plural ("4 boxes", "round 4"); any other unit is refused with the
            reason. Empty: the number alone.
        mistakes (dict): likely mistakes and what to tell the learner about each. A move
            lesson's keys are notations of legal moves of its position (``"market large"``),
            or ``"other"`` for any other legal move the goal cannot say more about than
            :data:`GENERIC_REFUSAL`; a question's keys are wrong answers (``"9.5"``), judged
            like answers (``"9,5 points"`` is ``"9.5"``). The value is the reason, in plain
            words ("the hand total is divided by 4 and rounded down").
        label (str): for a number question: ``""`` (the default) when the answer is a count
            ("Yes: 3 spaces is right"); ``"number"`` when it names a numbered thing, the
            unit before the number ("Yes: space 3 is right"); ``"roman"`` when it names a
            thing the board labels with a roman numeral: the numeral is accepted too ("III",
            "iii", "space III" for 3), and the praise gives both ("Yes: space 3 (III) is
            right"). A roman numeral is read as a number only in a ``"roman"`` lesson.

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
    units: Sequence[str] = ()
    mistakes: dict = field(default_factory=dict)
    label: str = ""

    def __post_init__(self):
        for name in ("id", "title", "game", "task", "goal", "rule", "question", "answer", "label"):
            if not isinstance(getattr(self, name), str):
                raise ValueError(f"lesson {self.id!r}: {name} must be text, not {getattr(self, name)!r}")
        for name in ("setup", "hints", "units"):
            value = getattr(self, name)
            if isinstance(value, str) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"lesson {self.id!r}: {name} must be a list of strings, not {value!r}")
        if self.game not in core.games():
            raise ValueError(f"lesson {self.id!r}: unknown game {self.game!r}; known: {', '.join(core.games())}")
        if self.goal != "answer" and self.goal not in goals(self.game):
            raise ValueError(f"lesson {self.id!r}: unknown goal {self.goal!r} for {self.game}; known: {', '.join(goals(self.game))}")
        if self.goal == "answer" and not self.answer:
            raise ValueError(f"lesson {self.id!r}: a question lesson needs an answer")
        if not isinstance(self.mistakes, dict) or not all(isinstance(k, str) and isinstance(v, str) and v for k, v in self.mistakes.items()):
            raise ValueError(f"lesson {self.id!r}: mistakes must be a table of texts ({{move or answer = reason}}), not {self.mistakes!r}")
        if self.label not in LABELS:
            raise ValueError(f"lesson {self.id!r}: label must be one of {', '.join(repr(k) for k in LABELS)}, not {self.label!r}")
        if self.label and self.goal == "answer" and not re.fullmatch(r"[1-9]\d{0,2}", self.answer.strip()):
            raise ValueError(f"lesson {self.id!r}: a label answer (label = {self.label!r}) must be a whole number from 1 to 999, not {self.answer!r}")
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
            return Feedback(False, "That move is legal, but this lesson asks a question: answer it in the box above the board."), after
        goal = _GOALS[self.game][self.goal]
        missing = goal.check(state, played, after, **self.goal_args)
        if isinstance(missing, GoOn):
            return Feedback(False, f"Go on: {missing}", going=True), after
        if missing:
            return Feedback(False, f"Not yet: that move is legal, but {self._mistake(state, played, missing)}"), after
        return Feedback(True, f"Yes: {goal.praise(state, played, after, **self.goal_args)}"), after

    def _mistake(self, state: State, action: Any, missing: str) -> str:
        """What to tell the learner about a legal move that misses the goal: the lesson's own
        words for this mistake, else the goal's (unless they are only the generic refusal and
        the lesson says more of any other move, ``mistakes.other``)."""
        for key, why in self.mistakes.items():
            if key == "other":
                continue
            try:
                named = state.parse_action(key)
            except (IllegalAction, ValueError):
                continue  # a mistake of the lesson's start, not of this position
            if str(named) == str(action):
                return why
        if missing == GENERIC_REFUSAL and "other" in self.mistakes:
            return self.mistakes["other"]
        return missing

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
            for key in self.mistakes:
                if judge_answer(key, self.answer, units=self.units, roman=self.label == "roman", question=self.question) is None:
                    raise ValueError(f"lesson {self.id!r}: the mistake {key!r} is the right answer")
            return
        for key in self.mistakes:
            if key == "other":
                continue
            try:
                state.parse_action(key)
            except (IllegalAction, ValueError) as exc:
                raise ValueError(f"lesson {self.id!r}: the mistake {key!r} is not a legal move of its position: {exc}") from None
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
        with a decimal point or comma, a half as ``.5``, ``½`` or "and a half", optionally with
        a unit the question counts in (:attr:`units`: "11", "11.0", "eleven", "11 penalty
        points", "round 4"), and with the question's own words ("3 workshops run", "7 boxes of
        material"); a colour alone or in a short sentence ("red", "Red wins!", "the
        red player"); yes or no, alone or with its verb ("No, it cannot"). An answer that
        names anything besides the right one ("blue or red", "blue and red", "11 or 12"),
        another unit ("4 scrolls" for boxes), a sign ("-4") or a percentage ("4%") is not
        accepted, with the reason; a roman numeral is read only when the lesson's
        :attr:`label` is ``"roman"`` ("III", "space iii"); the learner's own text is echoed
        (trimmed, and shortened past 40 characters), never a number as the kernel reads it;
        and a colour that does not play in this game is pointed out as such. A wrong answer
        the lesson names among its :attr:`mistakes` gets the lesson's own reason.

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
        roman = self.label == "roman"
        verdict = judge_answer(given, self.answer, colours, self.units, roman=roman, question=self.question)
        if verdict is None:
            if _words(self.answer) in (["yes"], ["no"]):  # not "Yes: no is right."
                return Feedback(True, f"Yes: the answer is {self.answer_words()}.")
            return Feedback(True, f"Yes: {self.answer_words()} is right.")
        for key, why in self.mistakes.items():
            if judge_answer(given, key, colours, self.units, roman=roman, question=self.question) is None:
                return Feedback(False, f"Not yet: {key}: {why}")
        return Feedback(False, f"Not yet: {verdict}")

    def answer_words(self) -> str:
        """The right answer of a question lesson as the praise (and the last hint) says it.

        Returns:
            str: a count with its unit ("3 spaces", "1 point"), a label with its unit first
            ("space 3"; "space 3 (III)" for ``label = "roman"``), else the answer as written.
        """
        answer = self.answer.strip()
        if not _is_number(answer):
            return answer
        words = _words(self.units[0]) if self.units else []
        if self.label:
            named = " ".join([*words[:-1], _singular(words[-1])]) + " " if words else ""
            roman = f" ({_roman(int(answer))})" if self.label == "roman" else ""
            return f"{named}{answer}{roman}"
        if not words:
            return answer
        last = _singular(words[-1]) if float(answer) == 1 else _plural(_singular(words[-1]))
        return f"{answer} " + " ".join([*words[:-1], last])

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
#: The kinds of number answer a lesson's ``label`` may say (see :class:`Lesson`).
LABELS = {"": "a count", "number": "a numbered label", "roman": "a label shown as a roman numeral"}

_ROMAN_DIGITS = (
    ("m", 1000), ("cm", 900), ("d", 500), ("cd", 400), ("c", 100), ("xc", 90), ("l", 50),
    ("xl", 40), ("x", 10), ("ix", 9), ("v", 5), ("iv", 4), ("i", 1),
)  # fmt: skip


def _roman(n: int) -> str:
    """``n`` (1 to 3999) as an upper-case roman numeral: 3 -> ``"III"``."""
    out = []
    for digits, value in _ROMAN_DIGITS:
        count, n = divmod(n, value)
        out.append(digits * count)
    return "".join(out).upper()


#: lower-case roman numerals (1 to 99) read as numbers in a ``label = "roman"`` lesson ("iii" -> 3)
_ROMAN_WORDS = {_roman(n).lower(): n for n in range(1, 100)}

#: longest echo of the learner's text in a feedback sentence
ECHO_LIMIT = 40


def _echo(text: str) -> str:
    """The learner's own text as feedback repeats it: trimmed, runs of white space made one
    space, and shortened with an ellipsis past :data:`ECHO_LIMIT` characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1].rstrip() + "…"


_SMALL = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_NUMBER_WORDS = {word: n for n, word in enumerate(_SMALL)} | _TENS
_ORDINALS = {w: n for n, w in enumerate("zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split())}
#: Words a learner may put around a number besides its unit ("in round 4", "the 4th round").
_NUMBER_FILLER = frozenset({"the", "in", "it", "is", "its", "s", "answer", "total", "all", "altogether", "together", "exactly"})
#: Units a learner may write after a number, in any lesson's game (singular forms; plurals
#: are made by :func:`_unit_forms`): an answer in one of these that the question does not
#: count in is refused as "another unit", not as "other words".
KNOWN_UNITS = (
    "box", "scroll", "point", "pt", "vp", "victory point", "penalty point", "bonus point", "tile", "turn", "round",
    "workshop", "card", "space", "square", "piece", "project", "player", "person", "people", "bid", "marker",
    "token", "gold", "jade", "ivory", "bronze", "painting", "chain", "symbol", "row", "step", "move", "time",
    "minute", "second", "euro", "dollar", "coin", "visit", "material", "cube",
)  # fmt: skip
#: Words that may surround a colour answer ("the red player wins").
_FILLER = frozenset({"the", "player", "colour", "color", "wins", "win", "won", "winner", "is", "it", "does", "has", "with", "pieces"})
#: Colour words a learner may type, besides the game's own seat names.
_COLOUR_WORDS = frozenset("blue yellow red green orange purple violet pink black white grey gray brown cyan magenta turquoise gold silver".split())
#: Words that may go with a yes or a no ("No, it cannot", "yes, he may"); those of the
#: second set say "no" themselves, those of the third say "yes" unless a "not" follows.
_YES_NO_FILLER = frozenset({"it", "he", "she", "they", "you", "i", "your", "my", "master", "apprentice", "the", "so", "of", "course"})
_SAYS_NO = frozenset({"not", "cannot", "cant", "can't", "t", "never", "yet"})
_SAYS_YES = frozenset({"can", "may", "does", "do", "will", "is", "could", "sure", "must"})
_NO_FORMS = {"don", "doesn", "won", "isn", "couldn", "mustn", "mayn"}  # "doesn't" -> "doesn" "t"
#: Informal words for yes and no, read as the word itself ("Nope" is "no").
_YES_NO_WORDS = {"nope": "no", "nah": "no", "yep": "yes", "yeah": "yes", "yup": "yes"}


def _plural(word: str) -> str:
    if word in ("people", "gold", "jade", "ivory", "bronze", "vp", "pts"):
        return word
    if word == "person":
        return "people"
    if word.endswith(("x", "s", "ch", "sh")):
        return word + "es"
    return word + "s"


def _singular(word: str) -> str:
    if word == "people":
        return "person"
    if word.endswith("xes") or word.endswith("ches") or word.endswith("shes") or word.endswith("sses"):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and word not in ("pts",):
        return word[:-1]
    return word


def _unit_forms(units: Sequence[str]) -> list[tuple[str, ...]]:
    """Word sequences that say one of ``units``: each unit, singular and plural, and its last
    word alone ("penalty points" also as "points", "point"); points also as "pt", "pts", "vp",
    "victory points". Longest first, so that "penalty points" is read before "points"."""
    out: set[tuple[str, ...]] = set()
    for unit in units:
        words = _words(unit)
        if not words:
            continue
        stems = [words, words[-1:]]
        for stem in stems:
            head, last = stem[:-1], _singular(stem[-1])
            out.add((*head, last))
            out.add((*head, _plural(last)))
            if last == "box":  # Zong Shi's rulebook calls the boxes material
                out.update({("box", "of", "material"), ("boxes", "of", "material"), ("material",), ("materials",)})
            if last in ("point", "pt", "vp"):
                out.update({("pt",), ("pts",), ("vp",), ("vps",), ("victory", "point"), ("victory", "points"), ("point",), ("points",)})
    return sorted(out, key=len, reverse=True)


#: Words before a unit in a question that do not qualify it ("how many points", "the round").
_NOT_QUALIFIERS = frozenset({"many", "much", "what", "which", "the", "a", "an", "of", "in", "on", "at", "your", "its", "their", "his", "her", "my"})


def _qualified(forms: list[tuple[str, ...]], asked: list[str]) -> list[tuple[str, ...]]:
    """Unit phrases the question makes of ``forms``: a unit and the words that qualify it in
    the question ("boxes of material", "souvenir points"), singular and plural."""
    out: list[tuple[str, ...]] = []
    for form in forms:
        n = len(form)
        for i in range(len(asked) - n + 1):
            if tuple(_singular(w) for w in asked[i : i + n]) != tuple(_singular(w) for w in form):
                continue
            if asked[i + n : i + n + 1] == ["of"] and i + n + 1 < len(asked):
                out += [(*form, "of", asked[i + n + 1])]
            before = asked[i - 1] if i > 0 else ""
            if before and before not in _NOT_QUALIFIERS and not _read_numbers([before])[0]:
                out += [(asked[i - 1], *form)]
    return out


def _strip_units(words: list[str], forms: list[tuple[str, ...]]) -> tuple[list[str], list[str]]:
    """Remove from ``words`` every sequence in ``forms``; return the words left and the
    units found (joined)."""
    left: list[str] = []
    found: list[str] = []
    i = 0
    while i < len(words):
        for form in forms:
            if tuple(words[i : i + len(form)]) == form:
                found.append(" ".join(form))
                i += len(form)
                break
        else:
            left.append(words[i])
            i += 1
    return left, found


def _words(text: str) -> list[str]:
    """Lower-case words and numbers of ``text``: ``"11,5"`` and ``"11.5"`` stay one number,
    ``"½"`` becomes ``"and a half"``, hyphens and other punctuation separate words."""
    text = text.lower().replace("½", " and a half ").replace("1/2", " and a half ")
    text = re.sub(r"(\d)[.,](\d)", r"\1#\2", text)  # a decimal point or comma inside a number
    return [w.replace("#", ".") for w in re.split(r"[^a-z0-9#]+", text) if w]


def _read_numbers(words: list[str]) -> tuple[list[float], list[str]]:
    """Split ``words`` into the numbers they spell (digits or English words up to 99, with
    "and a half" or "point five"; ordinals, "4th" or "fourth") and the other words."""
    numbers: list[float] = []
    others: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        value: float | None = None
        if re.fullmatch(r"\d+(\.\d+)?", w):
            value, i = float(w), i + 1
        elif re.fullmatch(r"\d+(st|nd|rd|th)", w):
            value, i = float(w[:-2]), i + 1
        elif w in _ORDINALS:
            value, i = float(_ORDINALS[w]), i + 1
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


_KNOWN_FORMS = _unit_forms(KNOWN_UNITS)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _units_text(units: Sequence[str]) -> str:
    return " or ".join(f"“{u}”" for u in units)


def _judge_number(text: str, want: float, units: Sequence[str], roman: bool = False, question: str = "") -> str | None:
    words = _words(text)
    if roman:  # a label the board shows as a roman numeral: "III", "space iii"
        words = [str(_ROMAN_WORDS[w]) if w in _ROMAN_WORDS else w for w in words]
    if re.search(r"%|\bper ?cent\b", text, re.IGNORECASE):
        return "the question asks for a count, not a percentage: answer with the number alone" + (f", or with {_units_text(units)}." if units else ".")
    if want >= 0 and (re.search(r"(?:^|[\s(=:])[-−–+]\s*\d", text) or {"minus", "negative", "plus"} & set(words)):
        return "a count has no sign: answer with the number alone, without a minus or a plus."
    numbers, others = _read_numbers(words)
    if not numbers:
        return f"{_echo(text)} is not a number. Answer with a number, in digits or in words."
    if len(numbers) > 1:
        return "give one number, not several."
    own = _unit_forms(units)
    asked = _words(question)
    own = sorted(set(own) | set(_qualified(own, asked)), key=len, reverse=True)
    # own and other units read together, longest first: "2 penalty points" is penalty points,
    # not "penalty" and the question's "points"
    forms = sorted(set(own) | set(_KNOWN_FORMS), key=len, reverse=True)
    left, found = _strip_units([w for w in others if w not in _NUMBER_FILLER], forms)
    mine = {" ".join(f) for f in own}
    foreign = [u for u in found if u not in mine]
    if foreign:
        if units:
            return f"the question counts in {_units_text(units)}, not in “{foreign[0]}”."
        return f"answer with the number alone: the question counts no “{foreign[0]}”."
    left = [w for w in left if w not in asked]  # the question's own words ("3 workshops run")
    if left:
        return f'answer with the number alone{f" or with {_units_text(units)}" if units else ""} ("{_echo(text)}" has other words in it).'
    if numbers[0] != want:
        return f"{_echo(text)} is not it. Look again, or ask for a hint."
    return None


def _judge_yes_no(text: str, want: str, question: str = "") -> str | None:
    words = [_YES_NO_WORDS.get(w, w) for w in _words(text)]
    said = [w for w in words if w in ("yes", "no")]
    if not said:
        return f"{_echo(text)} is neither yes nor no. Answer yes or no."
    if len(set(said)) > 1:
        return "answer yes or no, not both."
    rest = [w for w in words if w not in ("yes", "no")]
    asked = set(_words(question))  # "No, my master cannot begin it": the question's own words
    others = [w for w in rest if w not in _YES_NO_FILLER | _SAYS_NO | _SAYS_YES | _NO_FORMS | asked]
    if others:
        return f'answer yes or no ("{_echo(text)}" has other words in it).'
    negated = any(w in _SAYS_NO or w in _NO_FORMS for w in rest)
    verb = any(w in _SAYS_YES for w in rest)
    if said[0] == "yes" and negated or said[0] == "no" and verb and not negated:
        return f'“{said[0]}” and the rest of "{_echo(text)}" say opposite things. Answer yes or no.'
    if said[0] != want:
        return f"{said[0]} is not it. Look again, or ask for a hint."
    return None


def judge_answer(given: Any, expected: str, colours: Sequence[str] = (), units: Sequence[str] = (), roman: bool = False, question: str = "") -> str | None:
    """Judge a typed answer against the expected one.

    Args:
        given: the learner's answer.
        expected (str): the right answer: a number (``"11"``, ``"8.5"``), ``"yes"`` or
            ``"no"``, or text (a colour).
        colours (Sequence[str]): the colours playing in the lesson's game, so that a colour
            that does not play can be pointed out.
        units (Sequence[str]): for a number: the units the question counts in (see
            :attr:`Lesson.units`); any other unit of :data:`KNOWN_UNITS` is refused.
        roman (bool): for a number: read roman numerals too ("III" is 3), for a lesson whose
            answer is a label shown as one (:attr:`Lesson.label` ``"roman"``).
        question (str): the question asked: an answer may repeat its words ("3 workshops
            run", "5 souvenir points", "No, my master cannot begin it"), and a unit it
            qualifies ("boxes of material") is the unit; a unit the question names that
            it does not count in ("boxes" in "How many points do the boxes score?") is
            still refused.

    Returns:
        str | None: ``None`` when the answer is exactly the right one in one of its usual
        forms (see :meth:`Lesson.check_answer`), else a sentence for the learner saying what
        is wrong.
    """
    text = str(given).strip()
    words = _words(text)
    if _is_number(expected.strip()):
        return _judge_number(text, float(expected), units, roman, question)
    want_words = _words(expected)
    if want_words in (["yes"], ["no"]):
        return _judge_yes_no(text, want_words[0], question)
    numbers, _ = _read_numbers(words)
    playing = [c.lower() for c in colours]
    if len(want_words) == 1 and want_words[0] in playing:
        named = list(dict.fromkeys(w for w in words if w in _COLOUR_WORDS or w in playing))
        absent = [c for c in named if c not in playing]
        if absent:
            listing = ", ".join(playing[:-1]) + " and " + playing[-1] if len(playing) > 1 else playing[0]
            return f"{absent[0]} does not play in this game: the colours here are {listing}."
        if not named:
            return f"{_echo(text)} names no colour. Answer with the colour of the player."
        if len(named) > 1:
            return "name one colour only: the one the question asks for."
        if named[0] != want_words[0]:
            return f"{named[0]} is not it. Look again, or ask for a hint."
        if numbers or any(w != want_words[0] and w not in _FILLER for w in words):
            return f'answer with the colour alone ("{_echo(text)}" has other words in it).'
        return None
    if words == want_words:
        return None
    return f"{_echo(text)} is not it. Look again, or ask for a hint."


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
        TypeError: ``source`` is neither a string nor a path.
        FileNotFoundError: no such file or packaged lessons (a name that is not a bare game
            name, such as ``"../x"``, never reads outside the packaged lessons).
        ValueError: the file cannot be read, is not UTF-8 text or not valid TOML, breaks the
            schema ``lessons/lesson.schema.json`` (the message names the lesson and field), or
            a lesson is invalid: its position cannot be posed, a setup action is illegal, or
            its goal cannot use its ``goal_args`` (see :meth:`Lesson.check`; a teacher's file
            is checked whole when it is loaded, not when a learner first moves).
    """
    if not isinstance(source, (str, Path)):
        raise TypeError(f"source must be a game name or the path of a .toml file, not {type(source).__name__}")
    path = Path(source)
    if path.suffix != ".toml":
        # a packaged set is named by a game name alone: no folder, no "..", nothing outside lessons/
        if not isinstance(source, str) or not source.isidentifier():
            raise FileNotFoundError(f"no packaged lessons for {str(source)[:80]!r}: name a game (e.g. 'gembloq') or give the path of a .toml file")
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


def packaged_games() -> list[str]:
    """The games with packaged lessons (``load_lessons(name)`` loads them), sorted."""
    folder = resources.files(__package__).joinpath("lessons")
    return sorted(ref.name[: -len(".toml")] for ref in folder.iterdir() if ref.name.endswith(".toml"))


def _did_you_mean(name: Any, known: Sequence[str]) -> str:
    near = difflib.get_close_matches(name, known, n=1, cutoff=0.6) if isinstance(name, str) else []
    return f" (did you mean {near[0]!r}?)" if near else ""


def lesson(game: str, lesson_id: str) -> Lesson:
    """The packaged lesson ``lesson_id`` of ``game``.

    Args:
        game (str): a game with packaged lessons (:func:`packaged_games`).
        lesson_id (str): the id of one of its lessons.

    Returns:
        Lesson: the lesson.

    Raises:
        UnknownName: (a ``KeyError``) no packaged lessons for ``game``, or none with that
            id; the message lists the known games or lesson ids, and the nearest one.
    """
    games = packaged_games()
    if game not in games:
        raise UnknownName(f"no packaged lessons for the game {str(game)[:80]!r}{_did_you_mean(game, games)}; games with lessons: {', '.join(games)}")
    items = load_lessons(game)
    for item in items:
        if item.id == lesson_id:
            return item
    ids = [item.id for item in items]
    raise UnknownName(f"no lesson {str(lesson_id)[:80]!r} for {game}{_did_you_mean(lesson_id, ids)}; its lessons: {', '.join(ids)}")
