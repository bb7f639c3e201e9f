"""The board widget shared by every game: :class:`GameBoard` (traits and sync).

A board shows a :class:`~zongshi_widgets.widgets.session.GameSession` (the game in plain
Python: timeline, seats, bots) *for one watching seat*, and answers the browser's requests
(:mod:`zongshi_widgets.widgets.protocol`). Everything sent to the browser is made for that seat:
the view (``state.view(seat)``), the legal list (only when that seat may act), the log (each
action as the seat sees it: ``State.action_text``), the message line, hints and refusals, and
the static picture. Nothing the browser says is trusted: every request is validated, and
front-end writes to traits are refused.

Who watches (the ``seat`` argument):

* ``"auto"`` (default, hot seat): the person to move, else the person who acted last. In a game
  with hidden information and two or more human seats, a privacy screen ("pass to red; click
  when red is ready") comes before another person's hand is shown.
* an int: bound to that seat (several boards can share one session:
  ``GameBoard(session=board.session, seat=1)``); it may act only for that seat. All boards of
  one kernel reach every browser attached to it (Jupyter broadcasts widget messages), so
  seat-bound boards keep hands apart on one screen only, not between players at separate
  screens on one kernel.
* ``None``: a spectator (a teacher's projector): public information only, no moves.

``open_hands=True`` is a teaching mode that shows every seat's secrets, and says so.

Traits (all ``sync=True``; the browser redraws from them):

==============  ===========================================================================
``geometry``    static drawing data of the game (set once).
``view``        ``state.view(seat)`` of the watching seat plus what the board draws; with
                ``open_hands``, ``open`` holds every seat's private view.
``legal``       the allowed actions, compact; empty unless the watching seat may act.
``message``     the last message: what the last move did (the game's words), or a refusal,
                ``"illegal: ..."``, ``"refused: ..."``, ``"stale: ..."``, ``"error: ..."``;
                sent to the browser structured, ``{kind, text}`` (see :meth:`GameBoard.say`).
``feedback``    what the lesson hooks said about the last move.
``moves``       the move log: the current line, ``[{ply, seat, notation, text, code, alt,
                turn}, ...]`` as the watching seat sees it (entries after the cursor are what
                redo replays). (Not ``log``: that is ipywidgets' own logger.)
``cursor``      ``{ply, start, end, node, can_undo, can_redo, nodes, branches}``; each branch
                ``{node, from, end, current, text}`` (``text``: its move at the fork).
``seats``       ``"human"``, a bot name or a bot object (``zw.agents.agent("mcts", seconds=2)``)
                per seat. Assign a new list, or change one entry in place
                (``board.seats[1] = "<bot name>"``): both are checked and take effect at
                once; the number of seats cannot change. The browser gets each seat's label
                (``"human"``, the name, or the bot's ``label``, e.g. ``"mcts[2s]"``).
``watch``       ``{seat, mode, open_hands, may_act}``: who this board shows.
``screen``      ``{}`` or ``{seat, text}``: the privacy screen shown instead of a hand.
``version``     bumps on every change of position; requests carry it.
``hint``        ``{}`` or ``{mode, index, total, action, code, text, version}`` (mode
                ``"legal"``, ``"bot"``, ``"explain"``, or ``"review"``: a review mark's better
                move, with ``played`` and ``loss``); in mode ``"explain"`` also ``candidates``: ``[{action, code, text, win_rate,
                visits}, ...]``, the best moves by an MCTS search with their estimated win
                rates (``index`` is the one shown on the board).
``thinking``    the seat of the bot about to move (``-1``: none).
``highlight``   a lesson's marks, in ids the game's front end understands (a :class:`LiveList`:
                ``board.highlight.append(...)`` and other in-place changes reach the browser).
``task``        text shown above the board (a lesson's task).
``reveal_scores`` ``False`` hides scores, ranks and winners (question lessons).
``hints``       ``False`` (a lesson, which has its own hints): no hint ladder; hint requests
                are refused.
``allow_new_game`` ``False`` (a lesson): no *New game*; such requests are refused.
``blocked``     why the person to move may not move although the rules allow moves (a
                lesson's validator refuses them all), else ``""``.
``review_status`` the game review's progress and marks (``{}`` before any): ``{state, done,
                total, seat, solo, marks, hidden, text}``, ``marks`` the mistakes on the line
                shown, each ``{ply, seat, loss, text, best, best_text, ...}`` (see
                :mod:`zongshi_widgets.widgets.review`).
``_picture_id`` the id of this board's static picture output (see :mod:`.static`).
==============  ===========================================================================

Requests (see :meth:`GameBoard.request_types`; a game's board adds its own with
:func:`~zongshi_widgets.widgets.protocol.request`): ``play {action, version}``, ``explain
{action, version, key}``, ``undo``, ``redo``, ``goto {ply | node}``, ``hint {mode, index,
bot}``, ``bots``, ``new_game {seed}``, ``review {seat, budget, iterations}`` (review the line's
decisions in the background, :meth:`ReviewMixin.review
<zongshi_widgets.widgets.review.ReviewMixin.review>`), ``review_cancel``, ``review_show {ply}``
(jump to a mark, the better move shown as a hint), ``dismiss``, ``ready`` (the privacy screen's "I am
ready"), ``ping {key}`` (is the kernel alive? answered by a ``pong`` message; a view that gets
no answer says the kernel is gone and the cell needs running again), ``hello`` (a view has
opened the board: see :attr:`GameBoard.awaiting_view`). A request that is malformed, stale,
illegal or refused changes nothing and is answered in ``message``.
"""

from __future__ import annotations

import difflib
import html
import inspect
import pathlib
import weakref
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets as t

from ..agents import agents as bot_names
from ..agents import default_bot
from ..core import IllegalAction, State, Timeline
from ..core.timeline import Node
from .protocol import BadRequest, RequestHandler, request
from .review import ReviewMixin
from .session import HUMAN, Event, GameSession, SeatError, check_seats, seat_label
from .static import StaticPicture, picture_html

__all__ = ["HUMAN", "BadRequest", "GameBoard", "SeatError", "SeatList", "read_asset"]

_HERE = pathlib.Path(__file__).parent

#: Kinds of message that refuse or fail a request (cleared by a "dismiss" request); any other
#: message is of kind ``"info"``.
REFUSAL_KINDS = ("illegal", "refused", "stale", "error")

#: Traits the board computes itself: not constructor options.
BOARD_OWNED = frozenset(
    {"geometry", "view", "legal", "moves", "cursor", "version", "hint", "thinking", "message", "blocked", "keys", "comm", "log", "watch", "screen"}
    | {"review_status"}
)

#: Modes of the hint ladder (see :meth:`GameBoard.show_hint`).
HINT_MODES = ("legal", "bot", "explain", "clear")

#: How many candidates the ladder's last rung ("explain") lists.
EXPLAIN_TOP = 5

#: Watching mode of a hot-seat board.
AUTO = "auto"

#: "not given" (``None`` means something for some options).
_UNSET: Any = type("_Unset", (), {"__repr__": lambda self: "<default>"})()


def _in_kernel() -> bool:
    """Whether this process is a Jupyter kernel (IPython with a kernel attached): there, a
    board's messages may be recorded by an export before any person looks."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


#: The boards each notebook cell made: cell id -> (its execution count, weak references).
_CELL_BOARDS: dict[str, tuple[Any, list]] = {}


def _cell_origin() -> tuple[str, Any] | None:
    """``(cell id, execution count)`` of the notebook cell running now, or ``None`` outside a
    kernel or when the front end sends no cell id (JupyterLab, Notebook 7 and nbclient do)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None)
    if kernel is None:
        return None
    try:
        parent = kernel.get_parent("shell")
    except TypeError:  # ipykernel before 6.x took no channel
        parent = kernel.get_parent()
    cell = ((parent or {}).get("metadata") or {}).get("cellId")
    return (cell, getattr(shell, "execution_count", None)) if isinstance(cell, str) and cell else None


def _replace_boards_of_this_cell(board: Any) -> None:
    """A cell run again replaces the boards its last run made: they are closed (their output
    is gone with the re-run), so a cell run 30 times leaves one live board, not 31 boards each
    redrawn on every move of a shared session."""
    origin = _cell_origin()
    if origin is None:
        return
    cell, count = origin
    entry = _CELL_BOARDS.get(cell)
    if entry is not None and entry[0] != count:
        for ref in entry[1]:
            old = ref()
            if old is not None and old is not board:
                old.close()
        entry = None
    if entry is None:
        entry = _CELL_BOARDS[cell] = (count, [])
    entry[1].append(weakref.ref(board))
    if len(_CELL_BOARDS) > 4096:  # cells of closed notebooks: forget the oldest
        del _CELL_BOARDS[next(iter(_CELL_BOARDS))]


def read_asset(*names: str) -> str:
    """The text of files next to this module, joined by newlines (a game's ES module is
    ``base.js`` followed by its own file; its CSS ``board.css`` plus its own).

    Raises:
        FileNotFoundError: a file is missing from the package.
    """
    return "\n".join((_HERE / name).read_text(encoding="utf-8") for name in names)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class SeatList(list):
    """The value of a board's ``seats``: a list whose in-place changes go through the board.

    ``board.seats[1] = "<bot name>"`` is checked like an assignment of the whole list (an unknown
    name raises :class:`SeatError` and changes nothing) and then takes effect at once. Changes
    that would alter the number of seats (``append``, ``del``, ``pop``...) raise
    :class:`SeatError`.
    """

    __slots__ = ("_owner",)

    def __init__(self, seats=(), owner: Any = None):
        super().__init__(seats)
        self._owner = weakref.ref(owner) if owner is not None else None

    def _replace(self, new: list[str]) -> None:
        owner = self._owner() if self._owner is not None else None
        if owner is None:  # a list kept after its board is gone: an ordinary list
            super().__init__(new)
            return
        owner.seats = new  # checked, then a fresh SeatList (this one stays as it was)

    def __setitem__(self, index, value) -> None:
        new = list(self)
        new[index] = value
        if len(new) != len(self):
            raise SeatError(f"the number of seats is fixed at {len(self)}")
        self._replace(new)

    def _fixed(self, *_args, **_kwargs):
        raise SeatError(f"the number of seats is fixed at {len(self)}: change one with board.seats[i] = 'human' or a bot name")

    append = extend = insert = pop = remove = clear = __delitem__ = __iadd__ = __imul__ = _fixed

    def _reorder(self, *_args, **_kwargs):
        raise SeatError("seats are in turn order and cannot be reordered; change one with board.seats[i] = 'human' or a bot name")

    sort = reverse = _reorder

    def __reduce__(self):  # copies and pickles are plain lists
        return (list, (list(self),))


class _Seats(t.TraitType):
    """The ``seats`` trait: checked by :func:`check_seats`, stored as a :class:`SeatList`,
    and handed to the session."""

    info_text = "a list with one seat kind ('human' or a bot name) per seat"

    def validate(self, obj, value):
        session = getattr(obj, "_session", None)
        if session is None:
            return SeatList(value, obj)
        try:
            return SeatList(check_seats(value, session.game), obj)
        except SeatError as exc:
            raise SeatTraitError(str(exc)) from None


class LiveList(list):
    """The value of a board's ``highlight``: a list whose in-place changes reach the browser.

    ``board.highlight.append("g3")``, ``board.highlight[0] = ...``, ``del``, ``extend``,
    ``clear``, ``+=``... notify the trait's observers and sync it, so the board redraws (an
    ordinary list would change in Python only: traitlets sees no assignment).
    """

    __slots__ = ("_owner", "_name")

    def __init__(self, items=(), owner: Any = None, name: str = ""):
        super().__init__(items)
        self._owner = weakref.ref(owner) if owner is not None else None
        self._name = name

    def _changed(self, old: list) -> None:
        owner = self._owner() if self._owner is not None else None
        if owner is not None and getattr(owner, self._name, None) is self and old != self:
            # the stored value changed in place: tell the observers and the browser (an
            # assignment of an equal list would be ignored by traitlets)
            owner._notify_trait(self._name, old, self)

    def _mutator(name: str):  # noqa: N805 (a factory run in the class body)
        method = getattr(list, name)

        def changed(self, *args, **kwargs):
            old = list(self)
            result = method(self, *args, **kwargs)
            self._changed(old)
            return self if name in ("__iadd__", "__imul__") else result

        changed.__name__ = name
        return changed

    for _name in ("append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse", "__setitem__", "__delitem__", "__iadd__", "__imul__"):
        locals()[_name] = _mutator(_name)
    del _name, _mutator

    def __reduce__(self):  # copies and pickles are plain lists
        return (list, (list(self),))


class _LiveListTrait(t.List):
    """A list trait stored as a :class:`LiveList`, so that in-place changes are seen."""

    def validate(self, obj, value):
        value = super().validate(obj, value)
        return LiveList(value, obj, self.name)


class SeatTraitError(t.TraitError, SeatError):
    """A bad seat list assigned to a board (both a ``TraitError`` and a ``ValueError``)."""


class GameBoard(anywidget.AnyWidget, ReviewMixin, RequestHandler):
    """A board widget for any game of the kernel contract; games subclass it.

    A game without a board of its own is played on this one: its legal actions as buttons,
    the public view (and the watching seat's own) as text.

    Args:
        state (State | None): the starting position (or give ``session``).
        seats (list[str] | None): per seat ``"human"`` or a bot name (see
            :func:`zongshi_widgets.agents.agents`); default every seat human.
        session (GameSession | None): show an existing session (another board's
            ``board.session``): both boards then show the same game.
        seat (int | None | str): who watches: ``"auto"`` (hot seat), a seat number, or
            ``None`` (a spectator); see the module docstring.
        open_hands (bool): teaching mode: show every seat's secrets (the board says so).
        bot_delay (float): seconds between bot moves made in the browser.
        bot_seed (int | None): seed of the bots' choices (seat ``i`` uses ``bot_seed + i``).
        history (bool): rebuild ``state``'s history as undoable moves.
        **kwargs: widget options: ``layout``, ``tabbable``, ``tooltip``, and the settable
            traits ``task``, ``highlight``, ``feedback`` and ``reveal_scores``.

    Raises:
        TypeError: an unknown keyword argument (named, with the nearest option), no state and
            no session, both, a ``state`` that is not a State, or a bad ``bot_seed``.
        ValueError: a bad seat list (see :func:`~zongshi_widgets.widgets.session.check_seats`),
            ``bot_delay``, or ``seat``; ``seats``/``bot_delay``/``bot_seed``/``history`` given
            together with ``session``.
    """

    _esm = read_asset("base.js", "generic.js")
    _css = read_asset("board.css")

    geometry = t.Dict().tag(sync=True)
    view = t.Dict().tag(sync=True, to_json=lambda value, board: board._wire_view(board._redact_view(value)))
    legal = t.List().tag(sync=True, to_json=lambda value, board: board._wire_legal(value))
    message = t.Unicode("").tag(sync=True, to_json=lambda value, board: board._wire_message(value))
    feedback = t.Unicode("").tag(sync=True)
    moves = t.List().tag(sync=True, to_json=lambda value, board: board._wire_moves(value))
    cursor = t.Dict().tag(sync=True)
    seats = _Seats(SeatList()).tag(sync=True, to_json=lambda value, board: [seat_label(k) for k in value])  # bot objects stay in Python
    watch = t.Dict().tag(sync=True)
    screen = t.Dict().tag(sync=True)
    version = t.Int(0).tag(sync=True)
    hint = t.Dict().tag(sync=True)
    thinking = t.Int(-1).tag(sync=True)
    highlight = _LiveListTrait().tag(sync=True)
    task = t.Unicode("").tag(sync=True)
    reveal_scores = t.Bool(True).tag(sync=True)
    hints = t.Bool(True).tag(sync=True)
    allow_new_game = t.Bool(True).tag(sync=True)
    blocked = t.Unicode("").tag(sync=True)
    review_status = t.Dict().tag(sync=True)
    _picture_id = t.Unicode("").tag(sync=True)

    #: ``view`` keys that reveal the score; left out when ``reveal_scores`` is ``False``.
    SCORE_KEYS: tuple[str, ...] = ("winners", "ranking", "scores", "totals", "tiebreak")

    def __init__(
        self,
        state: State | None = None,
        seats: list[str] | None = None,
        *,
        session: GameSession | None = None,
        seat: int | str | None = AUTO,
        open_hands: bool = False,
        bot_delay: float = _UNSET,
        bot_seed: int | None = _UNSET,
        history: bool = _UNSET,
        **kwargs: Any,
    ):
        self._check_options(kwargs)
        if session is None:
            if state is None:
                raise TypeError("a board needs a state (a position of a game) or session= (another board's session)")
            session = GameSession(
                state,
                seats,
                bot_delay=0.5 if bot_delay is _UNSET else bot_delay,
                bot_seed=0 if bot_seed is _UNSET else bot_seed,
                history=True if history is _UNSET else history,
            )
        else:
            if not isinstance(session, GameSession):
                raise TypeError(f"session must be a GameSession (another board's .session), not {type(session).__name__}")
            if state is not None:
                raise TypeError("give either state= or session=, not both")
            given = [n for n, v in (("bot_delay", bot_delay), ("bot_seed", bot_seed), ("history", history)) if v is not _UNSET]
            given += ["seats"] if seats is not None else []
            if given:
                raise ValueError(f"{', '.join(given)} belong to the session; set them on board.session instead")
        if not isinstance(open_hands, bool):
            raise TypeError(f"open_hands must be True or False, not {open_hands!r}")
        self._session = session
        self._game = session.game
        self._mode = self._check_seat_mode(seat)
        self._open_hands = open_hands
        self._shown_seat: int | None = None  # hot seat: whose secrets are on screen now
        # in a kernel, a game with secrets shows nothing private until a live view says hello
        # (see awaiting_view): nbconvert --execute stores every widget message it sees
        self._view_opened = not (self._game.game_type.hidden_information and _in_kernel())
        self._entries: dict[tuple[int, int | None], dict] = {}  # (node id, seat) -> log entry
        self._picture = StaticPicture(self._picture_parts)
        self._message_kind = "info"
        self._review_init()
        super().__init__(geometry={**self._shared_geometry(), **self._geometry()}, seats=list(session.seats), _picture_id=self._picture.id, **kwargs)
        self.on_msg(self._on_custom_msg)
        self.observe(self._on_seats, names="seats")
        self.observe(self._on_reveal_scores, names="reveal_scores")
        self.observe(self._on_feedback, names="feedback")
        self.observe(lambda _change: self._picture.update(), names=["highlight", "task"])
        session.subscribe(self._on_event)
        if self.feedback:  # given to the constructor: the session's feedback
            session.feedback = self.feedback
        self._shown_at: dict[int, Node] = {}  # board version -> the timeline node it showed
        self._played_here: list[int] = []  # timeline node ids of the recent moves this board played (see _played_already)
        self._changed(None)
        _replace_boards_of_this_cell(self)
        session.run_bots()

    def _check_seat_mode(self, seat: Any) -> int | None | str:
        if seat == AUTO or seat is None:
            return seat
        try:
            return self._game.check_seat(seat, spectator=False)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"seat must be 'auto', a seat number or None (a spectator): {exc}") from None

    @classmethod
    def _check_options(cls, kwargs: dict) -> None:
        """Refuse keyword arguments that are neither constructor arguments nor settable traits.

        Raises:
            TypeError: naming each unknown argument, with the nearest known option.
        """
        known = cls._widget_options() | cls._init_params()
        unknown = [k for k in kwargs if k not in known]
        if not unknown:
            return
        parts = []
        for k in unknown:
            if k in BOARD_OWNED:
                parts.append(f"{k!r} (the board computes it itself)")
                continue
            near = difflib.get_close_matches(k, sorted(known), n=1, cutoff=0.6)
            parts.append(f"{k!r}" + (f" (did you mean {near[0]!r}?)" if near else ""))
        s = "s" if len(unknown) > 1 else ""
        options = ", ".join(sorted(k for k in known if not k.startswith("_")))
        raise TypeError(f"{cls.__name__}() got unexpected keyword argument{s} {', '.join(parts)}; its options are: {options}")

    @classmethod
    def _widget_options(cls) -> set[str]:
        names = {n for n in cls.class_trait_names() if not n.startswith("_") and n not in BOARD_OWNED}
        return names | {"_dom_classes"}

    @classmethod
    def _init_params(cls) -> set[str]:
        names: set[str] = set()
        for klass in cls.__mro__:
            init = klass.__dict__.get("__init__")
            if init is not None and isinstance(klass, type) and issubclass(klass, GameBoard):
                names |= {p.name for p in inspect.signature(init).parameters.values() if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL) and p.name != "self"}
        return names

    # ------------------------------------------------------------------------------------
    # Python API
    # ------------------------------------------------------------------------------------
    @property
    def session(self) -> GameSession:
        """The game session shown (share it: ``GameBoard(session=board.session, seat=1)``)."""
        return self._session

    @property
    def state(self) -> State:
        """The position shown (the timeline's cursor)."""
        return self._session.state

    @property
    def timeline(self) -> Timeline:
        """Every position tried (undo, redo, branches); call :meth:`refresh` after changing it
        directly."""
        return self._session.timeline

    @property
    def game(self):
        """The game being played."""
        return self._game

    @property
    def seat(self) -> int | None | str:
        """Who this board watches: ``"auto"``, a seat number, or ``None`` (spectator)."""
        return self._mode

    @property
    def open_hands(self) -> bool:
        """The teaching mode that shows every seat's secrets."""
        return self._open_hands

    @property
    def validator(self) -> Callable[[State, Any], str | None] | None:
        """A lesson's gate (see :class:`~zongshi_widgets.widgets.session.GameSession`)."""
        return self._session.validator

    @validator.setter
    def validator(self, fn: Callable[[State, Any], str | None] | None) -> None:
        self._session.validator = fn
        self._changed(None)

    @property
    def bot_delay(self) -> float:
        """Seconds between bot moves in the browser (the session's)."""
        return self._session.bot_delay

    @bot_delay.setter
    def bot_delay(self, value: float) -> None:
        self._session.bot_delay = value

    @property
    def bot_seed(self) -> int | None:
        """Seed of the bots' choices (the session's)."""
        return self._session.bot_seed

    @bot_seed.setter
    def bot_seed(self, value: int | None) -> None:
        self._session.bot_seed = value

    def play(self, action: Any, *, validate: bool = True, run_bots: bool = True) -> State:
        """Play an action for the seat to move, then let the bots answer.

        Args:
            action: an action object, its notation, or a game's request form.
            validate (bool): pass it through the lesson's validator first.
            run_bots (bool): let bot seats move now, synchronously.

        Returns:
            State: the position after the move (before the bots' replies).

        Raises:
            IllegalAction: the rules (rule id and rulebook words) or the validator (rule
                ``"board.validator"``) refuse it; the board is unchanged and ``message`` says why.
        """
        self._session.cancel_bots()
        try:
            parsed = self._session.check_action(action, validate=validate, parse=self._python_parse)
        except IllegalAction as exc:
            self.say(self._refusal_kind(exc), exc.message)
            raise
        after = self._session.commit(parsed)
        if run_bots:
            self._session.run_bots()
        return after

    def undo(self) -> State:
        """Take back moves until a person is to move again.

        Raises:
            IndexError: this is the first position; nothing changes.
        """
        return self._session.step(back=True)

    def redo(self) -> State:
        """Replay moves along the line visited last, until a person is to move again.

        Raises:
            IndexError: nothing was played from here; nothing changes.
        """
        return self._session.step(back=False)

    def goto(self, ply: int | None = None, *, node: int | None = None) -> State:
        """Show the position after ``ply`` moves of the current line, or timeline node ``node``.

        Raises:
            IndexError: no such ply (the message gives the range). KeyError: no such node.
            TypeError: neither or both given, or not ints.
        """
        return self._session.goto(ply, node=node)

    def _dealt_from_seed(self) -> bool:
        """Whether ``new_state(seed=self.seed)`` deals this board's first position: a game
        started from the beginning, not a posed position, a position loaded without its
        history, nor a determinization."""
        root = self.timeline.root.state
        return not root.history and root.origin is None and not root.is_sample

    @property
    def seed(self) -> int:
        """The seed of the game on the board (``zw.game(...).new_state(seed=board.seed)``
        deals it again; with the same moves it is the same game)."""
        return self.state.chance.seed

    def new_game(self, seed: int | None = None) -> State:
        """Start a new game of the same game and seats (``seed=None``: a fresh deal).

        Raises:
            TypeError: ``seed`` is neither an int nor ``None``.
        """
        return self._session.new_game(seed)

    def load(self, state: State, *, history: bool = True) -> State:
        """Show another position of the same game (a lesson's position, a saved game).

        Raises:
            TypeError: not a State or ``history`` not a bool. ValueError: another game.
        """
        return self._session.load(state, history=history)

    def run_bots(self) -> int:
        """Let the bot seats move now until a person is to move. Returns the moves made."""
        return self._session.run_bots()

    def ready(self) -> None:
        """Lift the privacy screen: the person it names is at the screen now."""
        target = self._target_seat()
        self._shown_seat = target
        self._changed("")

    def observe_play(self, fn: Callable[[State, Any, State], str | None]) -> Callable:
        """Call ``fn(before, action, after)`` after every accepted move; a returned text
        becomes :attr:`feedback`. Usable as a decorator; returns ``fn``."""
        return self._session.observe_play(fn)

    def unobserve_play(self, fn: Callable) -> None:
        """Remove a hook added by :meth:`observe_play` (``ValueError`` if unknown)."""
        self._session.unobserve_play(fn)

    @property
    def on_play(self) -> list[Callable[[State, Any, State], str | None]]:
        """The hooks called after each accepted move (a list you may edit)."""
        return self._session.on_play

    def show_hint(self, mode: str = "legal", index: int = 0, bot: str | None = None, *, wrap: bool = False) -> dict:
        """Show a hint for the watching seat, as the hint buttons do.

        Args:
            mode (str): ``"legal"`` (the ``index``-th allowed action), ``"bot"`` (what bot
                ``bot`` would play, deciding from what the seat may see), ``"explain"`` (the
                last rung: the best candidates of an MCTS search from what the seat may see,
                :func:`zongshi_widgets.agents.explain`, with their estimated win rates and
                visit counts; ``index`` picks the one shown on the board; the search runs once
                per position) or ``"clear"``.
            index (int): which allowed action (which candidate in ``"explain"`` mode);
                negative counts from the end.
            bot (str | None): a bot name, for ``mode="bot"`` (default: the game's hint bot,
                :func:`zongshi_widgets.agents.default_bot`).
            wrap (bool): take ``index`` modulo the number of allowed actions.

        Returns:
            dict: the new :attr:`hint` (empty when there is nothing to show).

        Raises:
            TypeError: ``mode``/``bot`` not strings, ``index`` not an int.
            ValueError: unknown mode or bot name.
            IndexError: ``index`` out of range and not ``wrap``.
        """
        if bot is None:
            bot = default_bot(self._game)
        if not isinstance(mode, str):
            raise TypeError(f"hint mode must be a string ('legal', 'bot', 'explain' or 'clear'), not {mode!r}")
        if not _is_int(index):
            raise TypeError(f"hint index must be an int, not {index!r} ({type(index).__name__})")
        if not isinstance(bot, str):
            raise TypeError(f"bot must be a bot name (a string), not {bot!r}")
        if mode not in HINT_MODES:
            raise ValueError(f"hint mode must be 'legal', 'bot', 'explain' or 'clear', not {mode!r}")
        known = bot_names(self._game)
        if mode == "bot" and bot not in known:
            raise ValueError(f"no bot named {bot!r}; known: {', '.join(known)}")
        if mode == "clear":
            self.hint = {}
            return self.hint
        state = self.state
        seat = self._acting_seat()
        if seat is None:
            self.hint = {}
            if state.is_over:
                why = "the game is over"
            elif self._session.bot_seat() is not None:
                why = "a bot is to move"
            else:
                why = "it is not this board's turn" + (" (the privacy screen is up)" if self._screened() else "")
            self.say("info", f"no hint: {why}")
            return self.hint
        actions = self._session.allowed_actions(state)
        if not actions:
            self.hint = {}
            self.say("info", "no hint: no move is allowed here")
            return self.hint
        if mode == "explain":
            if self._game.players == 1:
                self.hint = {}
                self.say("info", "no hint: win rates compare players, and a solo game has nobody to beat; ask for the bot's choice instead")
                return self.hint
            return self._explain_hint(state, seat, actions, index, wrap)
        if mode == "legal":
            total = len(actions)
            if wrap:
                index %= total
            elif not -total <= index < total:
                moves = f"{total} allowed move{'s' if total != 1 else ''}"
                raise IndexError(f"hint index {index} is out of range: this position has {moves}, so index is 0..{total - 1} (or -{total}..-1 from the end)")
            index %= total
            action = actions[index]
        else:
            action = self._session.bot_choice(bot, seat, seed=self.version)
            index = next((i for i, a in enumerate(actions) if str(a) == str(action)), -1)
        self._clear_refusal()
        self.hint = {
            "mode": mode,
            "bot": bot if mode == "bot" else "",
            "bot_words": self._bot_hint_words(bot, seat) if mode == "bot" else "",
            "index": index,
            "total": len(actions),
            "action": str(action),
            "code": self.action_code(state, action),
            "text": self.describe(state, action, None),
            "version": self.version,
        }
        return self.hint

    def _bot_hint_words(self, bot: str, seat: int) -> str:
        """Who gives the "Bot's choice" hint, plainly: ``"the greedy bot (one-step lookahead)"``,
        and when an opponent is another bot, ``"; your opponent is the mcts bot (Monte Carlo tree
        search)"``: the hint is not a forecast of that opponent's move."""
        from ..agents import agent as make_agent
        from ..agents.base import BOT_WORDS, GreedyAgent

        about = BOT_WORDS.get(bot)
        made = type(make_agent(bot, game=self._game))
        if issubclass(made, GreedyAgent) and made.decide is not GreedyAgent.decide:  # e.g. Majolica's, which finishes the turn first
            about = f"{self._game.game_type.long_name}'s own greedy lookahead"
        words = f"the {bot} bot" + (f" ({about})" if about else "")
        others = []
        for i in range(self._game.players):
            kind = self._session.seats[i]
            if i != seat and kind != HUMAN:
                label = seat_label(kind)
                name = kind if isinstance(kind, str) else getattr(kind, "name", label)
                said = f"the {label} bot" + (f" ({BOT_WORDS[name]})" if name in BOT_WORDS else "")
                if label != bot and said not in others:
                    others.append(said)
        if others:
            one = len(others) == 1 and sum(1 for i in range(self._game.players) if i != seat) == 1
            words += f"; your opponent{'' if one else 's'} {'is' if one else 'include'} {' and '.join(others)}"
        return words

    @staticmethod
    def _noise_note(found: list) -> str:
        """When the search cannot tell the best candidates apart: ``"Candidates 1 to 3 are
        within noise of each other ..."`` (their 95 % intervals reach the first one's); when
        every candidate has exactly the same estimate (a position the evaluation sees as
        symmetric, e.g. Majolica's starting card in any slot), that they are equally good as
        far as the search sees; else ``""``."""
        from ..agents.base import win_rate_interval

        if len(found) < 2:
            return ""
        if len({round(c.win_rate, 6) for _, c in found}) == 1:
            return "Every candidate has exactly the same estimated win rate: as far as the search can see, they are equally good here."
        low, _ = win_rate_interval(found[0][1].win_rate, found[0][1].visits)
        close = 1
        for _, c in found[1:]:
            if win_rate_interval(c.win_rate, c.visits)[1] < low:
                break
            close += 1
        if close < 2:
            return ""
        which = "Candidates 1 and 2 are" if close == 2 else f"Candidates 1 to {close} are"
        return f"{which} within noise of each other (their 95 % intervals overlap): at this budget the search cannot tell them apart."

    def _explain_hint(self, state: State, seat: int, actions: list, index: int, wrap: bool) -> dict:
        """The ``"explain"`` rung of :meth:`show_hint`: candidates with their win rates (the
        search, seeded by the version, runs once per position and seat)."""
        key = (self.version, seat, state.digest())
        cached = getattr(self, "_explained", None)
        if cached is None or cached[0] != key:
            from ..agents import agent as make_agent

            bot = make_agent("mcts", seed=self.version, game=self._game)
            allowed = {str(a): a for a in actions}
            found = [c for c in bot.candidates(state, seat, top=EXPLAIN_TOP) if c.action in allowed]
            cached = self._explained = (key, [(allowed[c.action], c) for c in found])
        found = cached[1]
        if not found:
            self.hint = {}
            self.say("info", "no hint: the search found no allowed move")
            return self.hint
        total = len(found)
        if wrap:
            index %= total
        elif not -total <= index < total:
            raise IndexError(f"hint index {index} is out of range: the search lists {total} candidates, so index is 0..{total - 1}")
        index %= total
        action = found[index][0]
        from ..agents.base import win_rate_interval

        self._clear_refusal()
        self.hint = {
            "mode": "explain",
            "bot": "mcts",
            "index": index,
            "total": total,
            "action": str(action),
            "code": self.action_code(state, action),
            "text": self.describe(state, action, None),
            "version": self.version,
            "candidates": [
                {
                    "action": str(a),
                    "code": self.action_code(state, a),
                    "text": self.describe(state, a, None),
                    "win_rate": round(c.win_rate, 4),
                    "ci_low": round(win_rate_interval(c.win_rate, c.visits)[0], 4),
                    "ci_high": round(win_rate_interval(c.win_rate, c.visits)[1], 4),
                    "visits": c.visits,
                }
                for a, c in found
            ],
            "noise": self._noise_note(found),
        }
        return self.hint

    def explain(self, action: Any, *, _from_browser: bool = False) -> tuple[bool, str, str]:
        """Would this action be accepted now, and if not, why?

        Returns:
            tuple[bool, str, str]: ``(legal, text, rule)``: the rule's words when illegal, a
            description of the move when legal (``rule`` is ``""``).
        """
        parse = self.parse_request_action if _from_browser else self._python_parse
        try:
            parsed = self._session.check_action(action, validate=True, parse=parse)
        except IllegalAction as exc:
            return False, exc.message, exc.rule
        return True, self.describe(self.state, parsed, None), ""

    def refresh(self) -> None:
        """Recompute every synced trait (after changing the timeline directly)."""
        self._session.refresh()

    def dismiss(self) -> None:
        """Clear a refusal (``"illegal: ..."``...) from :attr:`message`."""
        self._clear_refusal()

    def say(self, kind: str, text: str) -> None:
        """Set the message line: ``kind`` is ``"info"`` or one of ``"illegal"``,
        ``"refused"``, ``"stale"``, ``"error"``. The browser gets ``{kind, text}``; in Python,
        :attr:`message` reads ``text`` for information and ``"<kind>: <text>"`` for the others.

        Raises:
            ValueError: an unknown kind.
        """
        if kind != "info" and kind not in REFUSAL_KINDS:
            raise ValueError(f"a message kind is 'info' or one of {', '.join(REFUSAL_KINDS)}, not {kind!r}")
        self._message_kind = kind
        if len(text) > 600:  # e.g. a refusal quoting a huge notation
            text = text[:600] + "… (cut)"
        value = text if kind == "info" else f"{kind}: {text}"
        if self.message == value:
            self.send_state("message")
        self.message = value

    def close(self) -> None:
        """Close the widget and stop following its session."""
        session = getattr(self, "_session", None)
        if session is not None:
            session.unsubscribe(self._on_event)
        self._stop_review_job()
        super().close()

    # ------------------------------------------------------------------------------------
    # Game hooks: subclasses override these
    # ------------------------------------------------------------------------------------
    def _geometry(self) -> dict:
        """The game's static drawing data, sent once (override). The shared keys come first
        (see :meth:`_shared_geometry`); a game's keys may replace them."""
        return {}

    def _shared_geometry(self) -> dict:
        """What every board's front end reads: names, seat names, the notation help, the
        hint bot."""
        gt = self._game.game_type
        return {
            "game": self._game.name,
            "long_name": gt.long_name,
            "players": self._game.players,
            "seat_names": [self.seat_label(i) for i in range(self._game.players)],
            "notation_help": gt.notation_help,
            "hint_bot": default_bot(self._game),
            "hidden_information": bool(gt.hidden_information),
        }

    def make_view(self, state: State, seat: int | None) -> dict:
        """The ``view`` trait: ``state.view(seat)`` plus what the board draws (override to add
        keys; never add anything ``seat`` may not see).

        Returns:
            dict: JSON-able, containing every key of ``state.view(seat)`` unchanged.
        """
        view = dict(state.view(seat))
        view.setdefault("ply", len(state.history))
        if state.is_over:
            view["winners"] = list(state.score_sheet().winners)
        return view

    def compact_legal(self, state: State, actions: list) -> list:
        """The ``legal`` trait for these allowed actions (override). Default: notations."""
        return [str(a) for a in actions]

    def seat_label(self, seat: int) -> str:
        """How the board names a seat in its sentences (the privacy screen, messages,
        refusals): the game's seat name; a board overrides it where that name could be
        misread (Zong Shi's "ivory" is also a material: "ivory player")."""
        return self._game.seat_names[seat]

    def seat_labels(self) -> list[str]:
        """:meth:`seat_label` of every seat, in seat order."""
        return [self.seat_label(i) for i in range(self._game.players)]

    def action_code(self, state: State, action: Any) -> Any:
        """A compact, JSON-able code of a (visible) action for the front end (override)."""
        return str(action)

    def describe(self, before: State, action: Any, after: State | None) -> str:
        """A sentence for ``message`` about a (visible) action (override)."""
        if after is None:  # a hint or an explanation: the move itself
            return str(action)
        names = self.seat_labels()
        who = names[before.to_move] if before.to_move is not None else "?"
        text = f"{who} played {action}"
        if after.is_over:
            text += ". Game over" + ("" if not self.reveal_scores else self._winners_text(after))
        return text

    def short_text(self, before: State, action: Any) -> str:
        """A few words for the move log about a (visible) action (override)."""
        return str(action)

    def picture(self) -> str:
        """A static picture of the position, HTML, for saved notebooks and exports (override).

        Default: the state's own ``_repr_svg_`` in games without hidden information; in games
        with secrets, the public view as text (a notebook's outputs are seen by everybody who
        opens it, so its picture shows no seat's secrets).
        """
        state = self.state
        if not self._game.game_type.hidden_information:
            svg = getattr(state, "_repr_svg_", None)
            if svg is not None:
                return svg()
            return f"<pre>{html.escape(repr(state))}</pre>"
        view = state.view(None)
        rows = "".join(f"<tr><th style='text-align:left'>{html.escape(str(k))}</th><td>{html.escape(str(v))}</td></tr>" for k, v in view.items())
        return f"<table>{rows}</table>"

    def _picture_parts(self) -> tuple[str, str]:
        ply = len(self.state.history)
        caption = f"Picture of the board after move {ply}, kept for saved and exported copies of this notebook: run the cell in Jupyter to play."
        return picture_html(self._picture.id, self.picture(), caption), f"{type(self).__name__}: {self.state!r}"

    def parse_request_action(self, state: State, action: Any) -> Any:
        """Turn the ``action`` field of a browser request into an action of ``state``.

        Raises:
            BadRequest: the wrong type. IllegalAction: the engine refuses it.
        """
        if not isinstance(action, str):
            raise BadRequest("'action' must be the action's notation (a string)")
        return state.parse_action(action)

    # wire forms (override to pack a trait for the browser)
    def _wire_view(self, view: dict) -> dict:
        return view

    def _wire_message(self, value: str) -> dict:
        kind = getattr(self, "_message_kind", "info")
        if kind != "info" and value.startswith(f"{kind}: "):
            return {"kind": kind, "text": value[len(kind) + 2 :]}
        return {"kind": "info", "text": value}

    def _wire_legal(self, legal: list) -> Any:
        return legal

    def _wire_moves(self, moves: list) -> list:
        return [[e["ply"], e["seat"], e["text"], e["code"], e["alt"]] for e in moves]

    # ------------------------------------------------------------------------------------
    # Who watches, who may act
    # ------------------------------------------------------------------------------------
    def _auto_seat(self) -> int | None:
        """Hot seat: the person to move; else the person who acted last on this line; else the
        first person; ``None`` when nobody is human."""
        session = self._session
        if not session.humans():
            return None
        state = session.state
        if state.to_move is not None and session.seats[state.to_move] == HUMAN:
            return state.to_move
        node: Node | None = session.timeline.cursor
        while node is not None and node.parent is not None:
            mover = node.parent.state.to_move
            if mover is not None and session.seats[mover] == HUMAN:
                return mover
            node = node.parent
        return session.humans()[0]

    def _target_seat(self) -> int | None:
        """The seat this board would show now, before any privacy screen."""
        return self._auto_seat() if self._mode == AUTO else self._mode

    def _screened(self) -> bool:
        """Is a privacy screen up? Hot seat, hidden information, two or more people, and the
        seat to show is not the one whose secrets were shown last."""
        if self._mode != AUTO or self._open_hands or not self._game.game_type.hidden_information:
            return False
        if len(self._session.humans()) < 2:
            return False
        target = self._target_seat()
        return target is not None and target != self._shown_seat

    @property
    def awaiting_view(self) -> bool:
        """``True`` while this board, made in a Jupyter kernel for a game with secrets, has
        not yet been opened by a live view: until the browser's view of it says ``hello`` it
        syncs only what a spectator sees (no hand, no face-down bid, no legal moves, no hint).
        Jupyter's exports (``jupyter nbconvert --execute``, which stores every widget message
        it receives, or a notebook saved with its widget state) then hold no secret of a board
        nobody looked at. Outside a kernel (scripts, tests) it is ``False`` from the start.
        (A board that was opened and then saved with JupyterLab's "Save Widget State" setting
        keeps what it showed: that setting is off by default; keep it off.)"""
        return not self._view_opened

    def _looking_seat(self) -> int | None:
        """The seat whose view is sent (``None``: the spectator's, e.g. behind the screen, or
        before a live view has opened the board: :attr:`awaiting_view`)."""
        if self._screened() or not self._view_opened:
            return None
        return self._target_seat()

    def _acting_seat(self) -> int | None:
        """The seat this board may act for now: the watching seat when it is to move and a
        person plays it (``None`` otherwise)."""
        state = self.state
        seat = self._looking_seat()
        if state.is_over or seat is None or seat != state.to_move or self._session.seats[seat] != HUMAN:
            return None
        return seat

    # ------------------------------------------------------------------------------------
    # Redrawing for the watching seat
    # ------------------------------------------------------------------------------------
    def _on_event(self, event: Event) -> None:
        if event.kind in ("undo", "redo", "goto", "new_game", "loaded", "seats", "refresh") or (
            event.kind == "move" and not event.by_bot and event.before.to_move != self._shown_seat
        ):
            # the position changed by other means than a move of the person at the screen
            # (undo, a jump, a move made on another board...): whoever sits there now says who
            # they are again before any hand is shown
            self._shown_seat = None
        if event.kind == "thinking":
            self.thinking = self._session.thinking
            return
        if event.kind == "feedback":
            self._sync_feedback()
            return
        if event.kind == "bot_failed":
            with self.hold_sync():
                self.thinking = -1
                self.say("error", event.text)
            return
        if event.kind == "move":
            message = self._move_message(event)
        elif event.kind in ("undo", "redo"):
            back = event.kind == "undo"
            message = f"{event.kind}: {'back to' if back else 'forward to'} move {len(self.state.history)}{self._whose_turn()}"
        elif event.kind == "goto":
            message = f"showing move {len(self.state.history)}{self._whose_turn()}"
        elif event.kind in ("new_game", "loaded"):
            self._entries.clear()
            self._clear_review()
            message = "new game" if event.kind == "new_game" else "loaded"
        elif event.kind == "seats":
            if list(self.seats) != list(self._session.seats):
                self.set_trait("seats", SeatList(self._session.seats))
            message = None
        else:
            message = None
        self._changed(message)

    def _move_message(self, event: Event) -> str:
        seat = self._looking_seat()
        if self._sees(event.before, event.action, seat):
            return self.describe(event.before, event.action, event.after)
        names = self.seat_labels()
        mover = event.before.to_move
        text = f"{names[mover]} {event.before.action_text(event.action, seat)}"
        if event.after is not None and event.after.is_over:
            text += ". Game over" + ("" if not self.reveal_scores else self._winners_text(event.after))
        return text

    def _winners_text(self, after: State) -> str:
        sheet = after.score_sheet()
        names = self.seat_labels()
        who = " and ".join(names[c] for c in sheet.winners)
        return f": {who} win{'s' if len(sheet.winners) == 1 else ''}"

    def _sees(self, before: State, action: Any, seat: int | None) -> bool:
        """May ``seat`` see ``action`` whole (its own, a public one, or open hands)?"""
        if self._open_hands or seat == before.to_move:
            return True
        return before.action_text(action, seat) == str(action)

    def _changed(self, message: str | None) -> None:
        """Recompute the derived traits for the watching seat, in one update."""
        session = self._session
        state = session.state
        seat = self._looking_seat()
        acting = self._acting_seat()
        screened = self._screened()
        with self.hold_sync():
            view = self.make_view(state, seat)
            if self._open_hands:
                view["open"] = [state.private_view(s) for s in range(self._game.players)]
            self.view = view
            blocked = ""
            if acting is not None:
                allowed = session.allowed_actions(state)
                self.legal = self.compact_legal(state, allowed)
                if not allowed and session.validator is not None:
                    first = next(iter(state.legal_actions()), None)
                    blocked = (session.validator_says(state, first) or "") if first is not None else ""
            else:
                self.legal = []
            self.blocked = blocked
            self.moves = self._log_entries(seat)
            self.cursor = self._cursor_info()
            mode = "auto" if self._mode == AUTO else "spectator" if self._mode is None else "seat"
            self.watch = {"seat": seat, "mode": mode, "open_hands": self._open_hands, "may_act": acting is not None}
            if screened:
                target = self._target_seat()
                name = self.seat_label(target)
                self.screen = {"seat": target, "text": f"Pass the screen to {name}. {name.capitalize()}: click when you are ready (the others look away)."}
            else:
                self.screen = {}
            self.hint = {}
            self.thinking = session.thinking
            self._sync_feedback()
            self._sync_review()
            if message is not None:
                self.say("info", message)
            self.version = session.version
        self._shown_at[session.version] = session.timeline.cursor  # recent versions: see _played_already
        if len(self._shown_at) > 32:
            del self._shown_at[min(self._shown_at)]
        self._picture.update()

    def _sync_feedback(self) -> None:
        value = self._session.feedback
        if self.feedback != value:
            self._syncing_feedback = True
            try:
                self.feedback = value
            finally:
                self._syncing_feedback = False

    def _on_feedback(self, change) -> None:
        if getattr(self, "_syncing_feedback", False):
            return
        if self._session.feedback != change["new"]:
            self._session.feedback = change["new"]

    def _log_entries(self, seat: int | None) -> list[dict]:
        out = []
        for node in self.timeline.line()[1:]:
            key = (node.id, "open" if self._open_hands else seat)
            entry = self._entries.get(key)
            if entry is None:
                before = node.parent.state
                visible = self._sees(before, node.action, seat)
                entry = {
                    "ply": len(node.state.history),
                    "seat": before.to_move,
                    "notation": str(node.action) if visible else None,
                    "text": self._entry_text(before, node.action, seat),
                    "code": self.action_code(before, node.action) if visible else None,
                    "alt": 0,
                    "turn": before.turn.to_json(),
                }
                self._entries[key] = entry
            entry["alt"] = len(node.parent.children) - 1
            out.append(dict(entry))
        return out

    def _entry_text(self, before: State, action: Any, seat: int | None) -> str:
        """A move as ``seat`` reads it in the log: the board's words for a visible move, the
        engine's public part (``action_text``) for another seat's secret one."""
        return self.short_text(before, action) if self._sees(before, action, seat) else before.action_text(action, seat)

    def _cursor_info(self) -> dict:
        tl = self.timeline
        start = len(tl.root.state.history)
        line = tl.line()
        current = {n.id for n in line}
        branches = []
        for path in tl.branches():
            fork = path[1] if len(path) > 1 else path[0]
            for node in path[1:]:
                if node.parent is not None and len(node.parent.children) > 1:
                    fork = node
            # what sets the line apart: its move at the fork, as the watching seat reads it
            text = self._entry_text(fork.parent.state, fork.action, self._looking_seat()) if fork.parent is not None else ""
            end = len(path[-1].state.history)
            branches.append({"node": fork.id, "from": len(fork.state.history), "end": end, "current": path[-1].id in current, "text": text})
        return {
            "ply": len(tl.state.history),
            "start": start,
            "end": len(line[-1].state.history),
            "node": tl.cursor.id,
            "can_undo": tl.can_undo() and self._may_rewind("undo") is None,
            "can_redo": tl.can_redo() and self._may_rewind("redo") is None,
            "nodes": len(tl),
            "branches": branches if len(branches) > 1 else [],
            # the game's seed, to replay it: only once it is over (during a game with secrets the
            # seed would give away every hand and the deck order to whoever reads the browser's data)
            "seed": str(tl.root.state.chance.seed) if tl.state.is_over and self._dealt_from_seed() else None,
        }

    def _whose_turn(self) -> str:
        seat = self.state.to_move
        if seat is None:
            return " (the game is over)"
        kind = self._session.seats[seat]
        return f" ({self.seat_label(seat)} to move{'' if kind == HUMAN else f', the {seat_label(kind)} bot'})"

    def _redact_view(self, view: dict) -> dict:
        if self.reveal_scores:
            return view
        return {k: v for k, v in view.items() if k not in self.SCORE_KEYS}

    def _clear_refusal(self) -> None:
        if getattr(self, "_message_kind", "info") in REFUSAL_KINDS:
            self.say("info", "")

    @staticmethod
    def _refusal_kind(exc: IllegalAction) -> str:
        return "refused" if exc.rule == "board.validator" else "illegal"

    def _python_parse(self, state: State, action: Any) -> Any:
        """Read an action given from Python: notation, action object, or a request form."""
        if isinstance(action, str):
            return state.parse_action(action)
        try:
            return self.parse_request_action(state, action)
        except BadRequest:
            state.check(action)
            return action

    def _on_seats(self, change) -> None:
        if tuple(change["new"]) != self._session.seats:
            self._session.seats = list(change["new"])
            self._session.schedule_bots()

    def _on_reveal_scores(self, change) -> None:
        self.send_state("view")

    # ------------------------------------------------------------------------------------
    # Requests from the browser
    # ------------------------------------------------------------------------------------
    def set_state(self, sync_data: dict) -> None:
        """Refuse trait writes from the browser (Python owns the state)."""
        keys = [k for k in sync_data if k in self.keys]
        if keys:
            self.send_state(keys)

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self.handle_request(content)

    def request_failed(self, text: str, exc: Exception) -> None:
        """Show a failed request as ``"error: ..."`` in :attr:`message`."""
        self.say("error", text)

    def _stale(self, content: dict, required: bool) -> bool:
        version = content.get("version")
        if version is None:
            if required:
                kind = content["type"]
                raise BadRequest(f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind!r} request needs the board 'version' it was made at")
            return False
        if version != self.version:
            self.say("stale", f"the board changed (version {version}, now {self.version}); nothing was done, try again")
            return True
        return False

    def _refuse_not_yours(self) -> bool:
        """Refuse a move request when this board may not act now (says why)."""
        state = self.state
        seat = state.to_move
        if seat is not None and self._session.seats[seat] != HUMAN:
            names = self.seat_labels()
            self.say("refused", f"{names[seat]} is played by the {seat_label(self._session.seats[seat])} bot; press 'let bots play' to let it move")
            return True
        if state.is_over:
            return False  # the engine says so
        if self._screened():
            self.say("refused", "the privacy screen is up; click when the next player is ready")
            return True
        if self._acting_seat() is None:
            who = self.seat_label(seat)
            if self._mode is None:
                self.say("refused", "this board is a spectator's; it cannot make moves")
            else:
                self.say("refused", f"it is {who}'s turn, and this board plays for {self.seat_label(self._looking_seat())}")
            return True
        return False

    def _played_already(self, content: dict) -> bool:
        """A play request made at an earlier version for the very move that was then played
        from the position shown at that version: the second click of a double click (the bots
        may have answered in between).

        Only a move this board itself played, and one whose every part the seat it shows now
        (or showed last, behind a privacy screen) may see, counts: the answer then tells the
        asking board nothing it does not know. Any other old request is stale, whatever it names, so no board can ask
        "was this red's face-down bid?" and learn it from the answer."""
        shown = self._shown_at.get(content.get("version")) if content.get("version") != self.version else None
        node = self.timeline.cursor
        while node is not None and node.parent is not shown:
            node = node.parent
        if shown is None or node is None or node.id not in self._played_here:
            return False
        viewer = self._looking_seat()
        if viewer is None and self._mode == AUTO:
            viewer = self._shown_seat
        if node.parent.state.action_text(node.action, viewer) != str(node.action):
            return False  # the move is secret to whoever looks now: only "stale" may answer
        try:
            again = self.parse_request_action(shown.state, content["action"])
        except Exception:  # not a move of that position: not a repeat of it
            return False
        return str(again) == str(node.action)

    @request("play", "action")
    def _req_play(self, content: dict) -> None:
        if "action" not in content:
            raise BadRequest("a 'play' request needs an 'action'")
        if self._played_already(content):
            self.say("info", "played once: the second click of a double click is not played again")
            return
        if self._stale(content, required=True) or self._refuse_not_yours():
            return
        session = self._session
        session.cancel_bots()
        try:
            parsed = session.check_action(content["action"], validate=True, parse=self.parse_request_action)
        except IllegalAction as exc:
            self.say(self._refusal_kind(exc), exc.message)
            return
        with self.hold_sync():
            session.commit(parsed)
            self._played_here = [*self._played_here[-31:], self.timeline.cursor.id]
            session.schedule_bots()

    @request("explain", "action", "key")
    def _req_explain(self, content: dict) -> None:
        key = content.get("key")
        if key is not None and not isinstance(key, (str, int, float)):
            raise BadRequest("'key' must be a string or a number")
        if "action" not in content:
            raise BadRequest("an 'explain' request needs an 'action'")
        if "version" not in content:
            raise BadRequest("an 'explain' request needs the board 'version' it was made at")
        if content["version"] != self.version:  # answered by the reply alone: a stale preview is no error on the message line
            reply = {"legal": False, "text": "the board changed; make the move again", "rule": "board.stale"}
        elif self._acting_seat() is None and not self.state.is_over:
            reply = {"legal": False, "text": "it is not this board's turn to move", "rule": "board.not-your-turn"}
        else:
            legal, text, rule = self.explain(content["action"], _from_browser=True)
            reply = {"legal": legal, "text": text, "rule": rule}
        self.send({"type": "explain", "key": key, "version": self.version, **reply})

    def _may_rewind(self, what: str) -> str | None:
        """Why this board may not change the line of play (``what``: ``"undo"``, ``"redo"``,
        ``"goto"``, ``"new_game"``, ``"bots"``), or ``None`` when it may. A spectator's board
        only watches; behind a privacy screen nobody has said who they are yet; a board bound
        to one seat, sharing the game with other people, takes back or replays only its own
        moves; while two or more people play (and hands are not open), no undo crosses a move
        that showed something hidden (:func:`~zongshi_widgets.widgets.session.reveals_hidden`:
        a draw from a deck or bag, bids turned over), since the same would come again."""
        if self._mode is None:
            return "this board is a spectator's: it only watches the game"
        if self._screened():
            return "the privacy screen is up: the next player says they are ready first"
        # who is acting: a bound seat; on a hot seat with secrets, the person who said they are
        # at the screen (rewinding into another person's turn would show their hand)
        me = self._mode if isinstance(self._mode, int) else None
        if self._mode == AUTO and self._game.game_type.hidden_information and not self._open_hands:
            me = self._shown_seat
        if me is not None and len(self._session.humans()) > 1:
            tl = self.timeline
            seats = self._session.seats
            if what == "undo":
                node = tl.cursor  # back over the bots' moves to the last move a person made
                while node.parent is not None:
                    mover = node.parent.state.to_move
                    if seats[mover] == HUMAN:
                        if mover != me:
                            return "another player made the last move: only they may take it back"
                        break
                    node = node.parent
            elif what == "redo":
                line = tl.line()
                index = [n.id for n in line].index(tl.cursor.id)
                if index + 1 < len(line) and tl.cursor.state.to_move != me:
                    return "the next move is another player's: only they may replay it"
            elif what in ("goto", "new_game"):
                if isinstance(self._mode, int):
                    return "other people play this game on their own boards: jump or start anew from a board they share"
                return "in a game with secrets, jumping in the log could show another player's hand: take back your own moves with Undo"
        if what == "undo" and len(self._session.humans()) > 1 and not self._open_hands:
            # a move that drew from a face-down deck or bag (or turned cards over) stands while
            # other people play: taken back, the same would come again and be known in advance
            for crossed in self._session.undo_path():
                if self._session.revealed(crossed):
                    who = self._game.seat_names[crossed.parent.state.to_move]
                    return (
                        f"{who}'s last move showed what was hidden (a draw from a face-down deck or bag, or cards turned over): "
                        "it stands, since taken back the same would come again and be known in advance"
                    )
        return None

    def _refuse_rewind(self, what: str) -> bool:
        why = self._may_rewind(what)
        if why is not None:
            self.say("refused", why)
            return True
        return False

    @request("undo")
    def _req_undo(self, content: dict) -> None:
        if self._stale(content, required=False) or self._refuse_rewind("undo"):
            return
        if not self.timeline.can_undo():
            self.say("info", "nothing to undo: this is the first position")
            return
        self.undo()

    @request("redo")
    def _req_redo(self, content: dict) -> None:
        if self._stale(content, required=False) or self._refuse_rewind("redo"):
            return
        if not self.timeline.can_redo():
            self.say("info", "nothing to redo from this position")
            return
        self.redo()

    @request("goto", "ply", "node")
    def _req_goto(self, content: dict) -> None:
        if self._stale(content, required=False) or self._refuse_rewind("goto"):
            return
        ply, node = content.get("ply"), content.get("node")
        if (ply is None) == (node is None):
            raise BadRequest("a 'goto' request needs exactly one of 'ply' or 'node'")
        for name, value in (("ply", ply), ("node", node)):
            if value is not None and not _is_int(value):
                raise BadRequest(f"'{name}' must be an integer")
        try:
            self.goto(ply, node=node)
        except (IndexError, KeyError) as exc:
            raise BadRequest(str(exc).strip("'\"")) from None

    @request("hint", "mode", "index", "bot")
    def _req_hint(self, content: dict) -> None:
        if self._stale(content, required=False):
            return
        if not self.hints:
            self.say("refused", "this board gives no hints here (a lesson has its own Hint button)")
            return
        mode = content.get("mode", "legal")
        index = content.get("index", 0)
        bot = content.get("bot", default_bot(self._game))
        known = bot_names(self._game)
        if mode not in HINT_MODES:
            raise BadRequest("'mode' must be 'legal', 'bot', 'explain' or 'clear'")
        if mode == "explain" and self._game.players == 1:
            raise BadRequest("win rates need opponents: in a one-player game, use 'legal' or 'bot'")
        if not _is_int(index):
            raise BadRequest("'index' must be an integer")
        if not isinstance(bot, str) or bot not in known:
            raise BadRequest(f"'bot' must be one of {', '.join(known)}")
        self.show_hint(mode, index=index, bot=bot, wrap=True)

    @request("hello")
    def _req_hello(self, content: dict) -> None:
        """A live view has opened this board: from now on it shows the watching seat's own
        view (see :attr:`awaiting_view`)."""
        if not self._view_opened:
            self._view_opened = True
            self._changed(None)

    @request("ping", "key")
    def _req_ping(self, content: dict) -> None:
        key = content.get("key")
        if key is not None and not isinstance(key, (str, int, float)):
            raise BadRequest("'key' must be a string or a number")
        self.send({"type": "pong", "key": key})

    @request("dismiss")
    def _req_dismiss(self, content: dict) -> None:
        self.dismiss()

    @request("ready")
    def _req_ready(self, content: dict) -> None:
        if not self._screened():
            return
        self.ready()

    @request("bots")
    def _req_bots(self, content: dict) -> None:
        if self._stale(content, required=False) or self._refuse_rewind("bots"):
            return
        if self._session.bot_seat() is None:
            self.say("info", "no bot is to move" if not self.state.is_over else "the game is over")
            return
        self._session.schedule_bots()

    @request("new_game", "seed")
    def _req_new_game(self, content: dict) -> None:
        seed = content.get("seed")
        if seed is not None and not _is_int(seed):
            raise BadRequest("'seed' must be an integer or null")
        if not self.allow_new_game:
            self.say("refused", "no new game here (a lesson keeps its position: use Try again)")
            return
        if self._refuse_rewind("new_game"):
            return
        self._session.new_game(seed, run_bots=False)
        self._session.schedule_bots()

    # -- display ---------------------------------------------------------------------------
    def _ipython_display_(self, **kwargs: Any) -> None:
        """Display the board as two outputs: a static picture of the position, kept up to date
        after every move, then the live widget (which hides the picture while it runs). See
        :mod:`zongshi_widgets.widgets.static`."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:  # a closed widget
            return
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        self._picture.display(data)

    def _repr_mimebundle_(self, **kwargs: Any):
        """The widget view plus the static picture (``text/html``), for tools that take one
        bundle (IPython's own display uses :meth:`_ipython_display_`)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        data = dict(data)
        data["text/html"] = self._picture_parts()[0]
        svg = getattr(self.state, "_repr_svg_", None)
        if svg is not None and not self._game.game_type.hidden_information:
            data["image/svg+xml"] = svg()
        return data, metadata

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.state!r}, seats={list(self.seats)}>"


class NamedGameBoard(GameBoard):
    """A board bound to one registered game, made from a player count and a seed.

    Games with a board of their own subclass it and set :attr:`game_name` (and their
    ``_esm``/``_css``); ``ZongShiBoard(players=4, seats=["human", "greedy", ...], seed=1)``.

    Args:
        players (int | None): number of seats; ``None`` takes the game's default.
        seats (list[str] | None): per seat ``"human"`` or a bot name; default a human in
            seat 0 and the game's hint bot in the others.
        seed (int | None): seed of the game's chance (shuffles, start player); ``None``
            (default): a fresh game from a seed drawn from the operating system, kept in
            :attr:`seed` (and shown on the board once the game is over) to replay it.
        state (State | None): start from this position of the game instead (e.g. from
            ``zw.game(...).from_position(...)``); ``players``, ``seed`` and ``variant`` are
            then taken from it.
        variant (dict | None): the game's variant options, as for ``zw.game(name, **variant)``.
        bot_delay (float): seconds between bot moves made in the browser.
        bot_seed (int | None): seed of the bots' choices.
        **kwargs: as for :class:`GameBoard` (``seat``, ``open_hands``, ``session``, traits...).

    Raises:
        TypeError: an unknown keyword argument, or a position together with ``session``.
        ValueError: a state of another game, a bad player count, seat list or variant option.
    """

    #: The registered game this board draws.
    game_name: str = ""

    @classmethod
    def _game_options(cls) -> set[str]:
        """The variant options of :attr:`game_name` (``zw.game_type(name).variants``)."""
        from ..core import game_type

        return {name for name, _values in game_type(cls.game_name).variants}

    def __init__(
        self,
        players: int | None = None,
        seats: list[str] | None = None,
        seed: int | None = None,
        state: State | None = None,
        variant: dict | None = None,
        bot_delay: float = _UNSET,
        bot_seed: int | None = _UNSET,
        **kwargs: Any,
    ):
        rules = sorted(k for k in kwargs if k in self._game_options())
        if rules:
            given = ", ".join(f"{k!r}: {kwargs[k]!r}" for k in rules)
            what = "is a rule option" if len(rules) == 1 else "are rule options"
            raise TypeError(f"{', '.join(rules)} {what} of {self.game_name}: pass {'it' if len(rules) == 1 else 'them'} as variant={{{given}}}")
        self._check_options(kwargs)  # before any work: a typo must not start a game
        if variant is not None and not isinstance(variant, dict):
            raise TypeError(f"variant must be a dict of {self.game_name} options, e.g. {{}}, not {variant!r}")
        if kwargs.get("session") is not None:  # another board's game: the session has it all
            if state is not None or variant:
                raise TypeError("give either a position (state= or variant=) or session=, not both")
            if kwargs["session"].game.name != self.game_name:
                raise ValueError(f"a {type(self).__name__} shows {self.game_name}, not {kwargs['session'].game.name}")
            extra = {k: v for k, v in (("seats", seats), ("bot_delay", bot_delay), ("bot_seed", bot_seed)) if v is not None and v is not _UNSET}
            super().__init__(**extra, **kwargs)
            return
        if state is None:
            from .. import game

            state = game(self.game_name, players=players, **(variant or {})).new_state(seed=seed)
        elif not isinstance(state, State) or state.game.name != self.game_name:
            what = f"a state of {state.game.name}" if isinstance(state, State) else type(state).__name__
            raise ValueError(f"{type(self).__name__} needs a state of {self.game_name}, not {what}")
        elif variant:
            raise TypeError("variant= makes a new game; a given state= already has its rules")
        if seats is None:
            seats = [HUMAN] + [default_bot(self.game_name)] * (state.game.players - 1)
        super().__init__(state, seats, bot_delay=0.5 if bot_delay is _UNSET else bot_delay, bot_seed=0 if bot_seed is _UNSET else bot_seed, **kwargs)
