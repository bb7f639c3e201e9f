"""The board widget framework shared by every game: :class:`GameBoard`.

Python owns the game. A board keeps a :class:`~zongshi_widgets.core.Timeline` of states; the
browser only draws traits and sends requests. Nothing the browser says is trusted: every request
is a custom message that is validated, and front-end writes to traits are refused.

Traits (all ``sync=True``; the browser redraws from them, so a page reload or a second view
shows the same board):

==============  ===========================================================================
``geometry``    static drawing data of the game (board cells, piece shapes); set once.
``view``        ``state.view(seat)`` of the looking seat, plus what the board draws
                (a game may pack it on the wire, e.g. GembloQ sends cells as one string).
``legal``       the legal actions of the looking seat, compact (empty when it may not act).
``message``     the last message: ``"blue placed piece 9 (L4) at b27"``, ``"illegal: ..."``,
                ``"refused: ..."`` (a lesson's validator), ``"stale: ..."``, ``"error: ..."``.
``feedback``    what the lesson hooks (:meth:`GameBoard.observe_play`) said about the last move;
                cleared when the cursor leaves that move's line (see :attr:`GameBoard.feedback`).
``moves``       the move log: the current line of play, ``[{ply, seat, notation, text, code,
                alt}, ...]``; entries after the cursor are the moves that redo would replay.
                (Not ``log``: that name is ipywidgets' own logger, which it calls when a
                widget method fails.)
``cursor``      ``{ply, start, end, node, can_undo, can_redo, nodes, branches}``; each branch
                ``{node, from, end, current, text}`` (``text``: its move at the fork).
``seats``       one of ``"human"`` or a bot name (:func:`zongshi_widgets.agents.agents`) per seat.
                Assign a new list, or change one entry in place (``board.seats[1] =
                "greedy"``): both are checked (:class:`SeatError` for an unknown name) and
                take effect at once; the number of seats cannot change.
``version``     bumps on every change of position; requests carry it so stale ones are refused.
``hint``        ``{}`` or ``{mode, index, total, action, code, text, version}``.
``thinking``    the seat of the bot about to move (``-1``: none).
``highlight``   cells to outline (a lesson's marks), in the game's cell ids.
``task``        text shown above the board (a lesson's task).
``reveal_scores`` ``True`` (default): the board shows scores and who wins. ``False`` (a
                question lesson that asks for a score): scores, tie-breaks, ranks and winners
                are left out of ``view`` as sent to the browser and out of ``message``.
``hints``       ``True`` (default): the board's own hint buttons and H key. ``False`` (a
                lesson, which gives its own hints): no hint ladder, and hint requests are
                refused.
``allow_new_game`` ``True`` (default): the *New game* button. ``False`` (a lesson): hidden,
                and new-game requests are refused.
``blocked``     why the person to move may not move although the rules allow moves (a
                lesson's validator refuses them all), else ``""``.
``_picture_id`` the id of this board's static picture output (see :mod:`.static`).
==============  ===========================================================================

Requests from the browser (``model.send``), each a JSON object with a ``type``:

* ``{"type": "play", "action": <notation>, "version": n}``: the one way to make a move.
* ``{"type": "undo"}``, ``{"type": "redo"}``, ``{"type": "goto", "ply": k}`` or
  ``{"type": "goto", "node": id}``, ``{"type": "bots"}`` (let the bots continue),
  ``{"type": "new_game", "seed": s}``;
* ``{"type": "hint", "mode": "legal", "index": i}`` (``i`` wraps around the allowed moves, so
  "next" after the last one is the first), ``{"type": "hint", "mode": "bot",
  "bot": "greedy"}``, ``{"type": "hint", "mode": "clear"}``;
* ``{"type": "dismiss"}``: the person moved on (dropped the piece, picked another); clears a
  refusal (``illegal:``, ``refused:``, ``stale:``, ``error:``) from ``message``;
* ``{"type": "explain", "action": <notation>, "version": n, "key": k}``: is this action
  legal, and if not, which rule does it break? Answered by a custom message
  ``{"type": "explain", "key": k, "version": n, "legal": bool, "text": str, "rule": str}``.

* ``{"type": "ping", "key": k}``: is the kernel behind this view alive? Answered by a custom
  message ``{"type": "pong", "key": k}`` (a view that gets no answer says the kernel is gone
  and the cell needs running again).

A request that is malformed, stale, illegal or refused changes nothing and is answered in
``message``.
"""

from __future__ import annotations

import asyncio
import difflib
import inspect
import logging
import math
import pathlib
import weakref
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets as t

from ..agents import agent as make_agent
from ..agents import agents as bot_names
from ..core import IllegalAction, State, Timeline
from ..core.timeline import Node
from .static import StaticPicture, picture_html

__all__ = ["HUMAN", "GameBoard", "SeatError", "SeatList", "read_asset"]

#: The seat kind of a person at the board (hotseat).
HUMAN = "human"

_HERE = pathlib.Path(__file__).parent
_log = logging.getLogger(__name__)

#: Request types the browser may send, and the fields each may carry.
REQUESTS: dict[str, frozenset[str]] = {
    "play": frozenset({"type", "action", "version"}),
    "explain": frozenset({"type", "action", "version", "key"}),
    "undo": frozenset({"type", "version"}),
    "redo": frozenset({"type", "version"}),
    "goto": frozenset({"type", "ply", "node", "version"}),
    "hint": frozenset({"type", "mode", "index", "bot", "version"}),
    "bots": frozenset({"type", "version"}),
    "new_game": frozenset({"type", "seed"}),
    "dismiss": frozenset({"type", "version"}),
    "ping": frozenset({"type", "key"}),
}

#: Message prefixes of a refused or failed request (cleared by a "dismiss" request).
REFUSAL_KINDS = ("illegal:", "refused:", "stale:", "error:")

#: Traits the board computes itself: not constructor options.
BOARD_OWNED = frozenset({"geometry", "view", "legal", "moves", "cursor", "version", "hint", "thinking", "message", "blocked", "keys", "comm", "log"})


def read_asset(*names: str) -> str:
    """The text of files next to this module, joined by newlines.

    Game modules are built from ``base.js`` (the shared shell: status line, log, undo/redo,
    hints) followed by the game's own ES module, and the CSS from ``board.css`` plus the
    game's CSS.

    Args:
        *names (str): file names inside ``zongshi_widgets/widgets``.

    Returns:
        str: their contents.

    Raises:
        FileNotFoundError: a file is missing from the package.
    """
    return "\n".join((_HERE / name).read_text(encoding="utf-8") for name in names)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running in this thread (the kernel's), or ``None``."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class SeatError(t.TraitError, ValueError):
    """A seat that is neither ``"human"`` nor a known bot, or the wrong number of seats."""


def _check_seats(seats: Any, players: int) -> list[str]:
    """A seat list as given to a board: ``None`` or one kind per seat.

    Raises:
        SeatError: a string (one kind is not a list of seats), not a list, ``None`` entries,
            non-string entries, the wrong number, or unknown kinds.
    """
    if seats is None:
        return [HUMAN] * players
    example = ", ".join(repr(k) for k in ([HUMAN] + ["greedy"] * (players - 1)))
    if isinstance(seats, str):
        raise SeatError(f"seats must be a list with one entry per seat (e.g. [{example}]), not the string {seats!r}")
    if not isinstance(seats, (list, tuple)):
        raise SeatError(f"seats must be a list with one entry per seat (e.g. [{example}]), not {type(seats).__name__}")
    seats = list(seats)
    for i, s in enumerate(seats):
        if not isinstance(s, str):
            what = "None" if s is None else f"{s!r} ({type(s).__name__})"
            raise SeatError(f"seat {i} is {what}; each seat is 'human' or a bot name ({', '.join(bot_names())})")
    if len(seats) != players:
        raise SeatError(f"this game has {players} seats; got {len(seats)} seat kinds: {seats}")
    known = bot_names()
    for s in seats:
        if s != HUMAN and s not in known:
            raise SeatError(f"a seat is 'human' or a bot ({', '.join(known)}), not {s!r}")
    return seats


def _check_bot_delay(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ValueError(f"bot_delay must be a number of seconds >= 0, not {value!r}")
    return float(value)


def _check_bot_seed(value: Any) -> int | None:
    if value is not None and not _is_int(value):
        raise TypeError(f"bot_seed must be an int or None, not {value!r} ({type(value).__name__})")
    return value


class SeatList(list):
    """The value of a board's ``seats``: a list whose in-place changes go through the board.

    ``board.seats[1] = "greedy"`` is checked like an assignment of the whole list (an unknown
    name raises :class:`SeatError` and changes nothing) and then takes effect at once (the
    bots are made again, the browser is told). Changes that would alter the number of seats
    (``append``, ``del``, ``pop``...) raise :class:`SeatError`.
    """

    __slots__ = ("_owner",)

    def __init__(self, owner: Any, seats: list[str]):
        super().__init__(seats)
        self._owner = weakref.ref(owner)

    def _replace(self, new: list[str]) -> None:
        owner = self._owner()
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
        raise SeatError(f"the number of seats is fixed at {len(self)}: change one with board.seats[i] = 'human' or a bot name ({', '.join(bot_names())})")

    append = extend = insert = pop = remove = clear = __delitem__ = __iadd__ = __imul__ = _fixed

    def sort(self, *args, **kwargs) -> None:
        new = list(self)
        new.sort(*args, **kwargs)
        self._replace(new)

    def reverse(self) -> None:
        self._replace(list(reversed(self)))

    def __reduce__(self):  # copies and pickles are plain lists
        return (list, (list(self),))


class _Seats(t.List):
    """The ``seats`` trait: checked by :func:`_check_seats` first (``List.set`` would turn a
    string into a one-element list); its value is a :class:`SeatList`."""

    def set(self, obj, value):
        game = getattr(obj, "_game", None)
        if game is not None:
            value = _check_seats(value, game.players)
        super().set(obj, value)

    def validate(self, obj, value):
        value = super().validate(obj, value)
        game = getattr(obj, "_game", None)
        if game is not None:
            value = SeatList(obj, _check_seats(value, game.players))
        return value


class BadRequest(ValueError):
    """A request from the browser that is not well-formed (answered with ``error: ...``)."""


class GameBoard(anywidget.AnyWidget):
    """A board widget for any game of the kernel contract; games subclass it.

    Python keeps the position (a :class:`~zongshi_widgets.core.Timeline` of
    :class:`~zongshi_widgets.core.State`); the browser draws the synced traits and sends
    requests (see the module docstring for the traits and the message protocol).

    Args:
        state (State): the starting position.
        seats (list[str] | None): per seat, ``"human"`` (a person at this screen) or a bot name
            from :func:`zongshi_widgets.agents.agents`; default: every seat human.
        bot_delay (float): seconds between bot moves made in the browser (so people can see
            them); Python calls such as :meth:`play` run the bots at once.
        bot_seed (int | None): seed of the bots' own choices (seat ``i`` uses ``bot_seed + i``).
        history (bool): when ``state`` has actions in its history, rebuild them as undoable
            moves from the game's start (``True``), or start the timeline at ``state``.

        **kwargs: widget options passed on to :class:`anywidget.AnyWidget`: ``layout``,
            ``tabbable``, ``tooltip``, and the settable traits ``task``, ``highlight``,
            ``feedback`` and ``reveal_scores``.

    Raises:
        TypeError: an unknown keyword argument (the message names it and suggests the
            nearest option), a ``state`` that is not a :class:`~zongshi_widgets.core.State`,
            or a ``bot_seed`` that is neither an int nor ``None``.
        ValueError: ``seats`` is not a list of one kind per seat (a string such as
            ``"human"`` is refused, not split into letters), a seat is ``None`` or neither
            ``"human"`` nor a known bot, the number of seats is wrong, or ``bot_delay`` is
            not a number >= 0.

    Attributes:
        validator (Callable[[State, Any], str | None] | None): a lesson's gate, called with
            ``(state, action)`` before a person's move is played; a returned text refuses the
            move (shown as ``"refused: <text>"``), ``None`` lets it through. Legal actions the
            validator refuses are left out of ``legal`` and the hints. Bots are not gated.
        bot_delay (float): see the argument (checked on assignment too).
        bot_seed (int | None): see the argument (used when the bots are made: at the start,
            on a new game and when ``seats`` change).
        feedback (str): the lesson's words about the last judged move. The board remembers
            the timeline node it was given at and clears it as soon as the cursor is on a
            node that is not that one or a position after it (undo past the judged move,
            a jump back in the log, another branch, *Try again*); bots' replies keep it.
    """

    # Subclasses set these two (ES module text and CSS text).
    _esm = read_asset("base.js", "generic.js")
    _css = read_asset("board.css")

    geometry = t.Dict().tag(sync=True)
    view = t.Dict().tag(sync=True, to_json=lambda value, board: board._wire_view(board._redact_view(value)))
    legal = t.List().tag(sync=True, to_json=lambda value, board: board._wire_legal(value))
    message = t.Unicode("").tag(sync=True)
    feedback = t.Unicode("").tag(sync=True)
    moves = t.List().tag(sync=True, to_json=lambda value, board: board._wire_moves(value))
    cursor = t.Dict().tag(sync=True)
    seats = _Seats(t.Unicode()).tag(sync=True)
    version = t.Int(0).tag(sync=True)
    hint = t.Dict().tag(sync=True)
    thinking = t.Int(-1).tag(sync=True)
    highlight = t.List().tag(sync=True)
    task = t.Unicode("").tag(sync=True)
    reveal_scores = t.Bool(True).tag(sync=True)
    hints = t.Bool(True).tag(sync=True)
    allow_new_game = t.Bool(True).tag(sync=True)
    blocked = t.Unicode("").tag(sync=True)
    _picture_id = t.Unicode("").tag(sync=True)

    #: ``view`` keys that reveal the score; left out of the wire form when ``reveal_scores``
    #: is ``False`` (a game adds its own).
    SCORE_KEYS: tuple[str, ...] = ("winners", "ranking", "scores", "totals", "tiebreak")

    def __init__(
        self,
        state: State,
        seats: list[str] | None = None,
        *,
        bot_delay: float = 0.5,
        bot_seed: int | None = 0,
        history: bool = True,
        **kwargs: Any,
    ):
        self._check_options(kwargs)
        if not isinstance(state, State):
            raise TypeError(f"state must be a zongshi_widgets State, not {type(state).__name__}")
        if not isinstance(history, bool):
            raise TypeError(f"history must be True or False, not {history!r}")
        seats = _check_seats(seats, state.game.players)
        bot_delay = _check_bot_delay(bot_delay)
        bot_seed = _check_bot_seed(bot_seed)
        self._feedback_node: int | None = None
        self._game = state.game
        self._timeline = self._make_timeline(state, history)
        self._entries: dict[int, dict] = {}  # node id -> log entry (cached)
        self._agents: dict[int, tuple[str, Any]] = {}  # seat -> (bot name, bot)
        self._bot_gen = 0
        self._bot_handle: asyncio.TimerHandle | None = None
        self._observers: list[Callable[[State, Any, State], str | None]] = []
        self.validator: Callable[[State, Any], str | None] | None = None
        self.bot_delay = bot_delay
        self.bot_seed = bot_seed
        self._picture = StaticPicture(self._picture_parts)
        super().__init__(geometry=self._geometry(), seats=seats, _picture_id=self._picture.id, **kwargs)
        self.on_msg(self._on_custom_msg)
        self.observe(self._on_seats, names="seats")
        self.observe(self._on_reveal_scores, names="reveal_scores")
        self.observe(lambda _change: self._picture.update(), names=["highlight", "task"])
        self._make_agents()
        self.refresh()
        self.run_bots()

    @classmethod
    def _check_options(cls, kwargs: dict) -> None:
        """Refuse keyword arguments that are neither arguments of the board classes nor
        settable widget traits (a typo such as ``bot_dealy=0`` must not run with defaults).

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
        """Traits a caller may set through the constructor (``layout``, ``task``...)."""
        names = {n for n in cls.class_trait_names() if not n.startswith("_") and n not in BOARD_OWNED}
        return names | {"_dom_classes"}

    @classmethod
    def _init_params(cls) -> set[str]:
        """Keyword parameters of the board classes' constructors (this class and its bases)."""
        names: set[str] = set()
        for klass in cls.__mro__:
            init = klass.__dict__.get("__init__")
            if init is not None and isinstance(klass, type) and issubclass(klass, GameBoard):
                names |= {p.name for p in inspect.signature(init).parameters.values() if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL) and p.name != "self"}
        return names

    @property
    def bot_delay(self) -> float:
        """Seconds between bot moves made in the browser (a number >= 0; ``ValueError``
        otherwise)."""
        return self._bot_delay

    @bot_delay.setter
    def bot_delay(self, value: float) -> None:
        self._bot_delay = _check_bot_delay(value)

    @property
    def bot_seed(self) -> int | None:
        """Seed of the bots' own choices (an int or ``None``; ``TypeError`` otherwise)."""
        return self._bot_seed

    @bot_seed.setter
    def bot_seed(self, value: int | None) -> None:
        self._bot_seed = _check_bot_seed(value)

    # ------------------------------------------------------------------------------------
    # Python API
    # ------------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position shown (the timeline's cursor) (:class:`~zongshi_widgets.core.State`)."""
        return self._timeline.state

    @property
    def timeline(self) -> Timeline:
        """The timeline of every position tried (undo, redo, branches).

        Change it through the board's methods (:meth:`undo`, :meth:`goto`...), or call
        :meth:`refresh` after changing it directly.
        """
        return self._timeline

    @property
    def game(self):
        """The game being played (:class:`~zongshi_widgets.core.Game`)."""
        return self._game

    def play(self, action: Any, *, validate: bool = True, run_bots: bool = True) -> State:
        """Play an action for the seat to move, then let the bots answer.

        Args:
            action: an action object or its notation (str).
            validate (bool): pass the move through :attr:`validator` first, as for a move
                made on the board (default ``True``).
            run_bots (bool): let bot seats move now, synchronously, so that afterwards a
                person's decision is pending (or the game is over).

        Returns:
            State: the position after the move (before the bots' replies).

        Raises:
            IllegalAction: the rules forbid the action (rule id and rulebook words in the
                message), or the validator refused it (rule ``"board.validator"``). The
                board is unchanged and ``message`` says why.
        """
        self._cancel_bots()
        try:
            parsed = self._check_action(action, validate=validate)
        except IllegalAction as exc:
            self.message = self._refusal_text(exc)
            raise
        after = self._commit(parsed, by_bot=False)
        if run_bots:
            self.run_bots()
        return after

    def undo(self) -> State:
        """Take back moves until a person is to move again (one move when every seat is a
        bot, or when nobody is human).

        Returns:
            State: the position now shown.

        Raises:
            IndexError: this is the first position; nothing changes.
        """
        return self._step(back=True)

    def redo(self) -> State:
        """Replay moves along the line visited last, until a person is to move again.

        Returns:
            State: the position now shown.

        Raises:
            IndexError: nothing was played from here; nothing changes.
        """
        return self._step(back=False)

    def _step(self, back: bool) -> State:
        """Undo (``back``) or redo one move, then on over the bots' moves until a person is
        to move again (when some seat is human)."""
        self._cancel_bots()
        tl = self._timeline
        can, move = (tl.can_undo, tl.undo) if back else (tl.can_redo, tl.redo)
        if not can():
            raise IndexError("nothing to undo: this is the first position" if back else "nothing to redo from this position")
        move()
        while can() and self._bot_seat(tl.state) is not None and self._has_human():
            move()
        where = "back to" if back else "forward to"
        self._changed(f"{'undo' if back else 'redo'}: {where} move {len(self.state.history)}{self._whose_turn()}")
        return self.state

    def goto(self, ply: int | None = None, *, node: int | None = None) -> State:
        """Show the position after ``ply`` moves of the current line, or timeline node ``node``.

        Bots do not move after a jump (you may be looking around); a person plays from here
        to start a new branch, or :meth:`run_bots` lets the bots continue.

        Args:
            ply (int | None): the number of moves from the game's start (as in ``moves``).
            node (int | None): a node id of :attr:`timeline` (any branch).

        Returns:
            State: the position now shown.

        Raises:
            IndexError: the current line has no such ply (the message gives the range).
            KeyError: the timeline has no such node.
            TypeError: neither or both of ``ply`` and ``node`` were given, or one is not an
                int.
        """
        if (ply is None) == (node is None):
            raise TypeError("goto needs exactly one of ply= or node=")
        for name, value in (("ply", ply), ("node", node)):
            if value is not None and not _is_int(value):
                raise TypeError(f"goto: {name} must be an int, not {value!r} ({type(value).__name__})")
        if ply is not None:
            start = len(self._timeline.root.state.history)
            end = start + len(self._timeline.line()) - 1
            if not start <= ply <= end:
                raise IndexError(f"goto: the current line has plies {start}..{end}, not {ply}")
        self._cancel_bots()
        if node is not None:
            self._timeline.goto(node)
        else:
            start = len(self._timeline.root.state.history)
            self._timeline.goto_ply(ply - start)
        self._changed(f"showing move {len(self.state.history)}{self._whose_turn()}")
        return self.state

    def new_game(self, seed: int | None = None) -> State:
        """Start a new game of the same game and seats (the old timeline is dropped).

        Args:
            seed (int | None): seed of the new game's chance (``None``: a fresh one).

        Returns:
            State: the position after the bots' opening moves, if bots start.

        Raises:
            TypeError: ``seed`` is neither an int nor ``None``.
        """
        if seed is not None and not _is_int(seed):
            raise TypeError(f"seed must be an int or None, not {seed!r} ({type(seed).__name__})")
        self._cancel_bots()
        self._timeline = Timeline(self._game.new_state(seed=seed))
        self._entries.clear()
        self.feedback = ""
        self._make_agents()
        self._changed("new game")
        self.run_bots()
        return self.state

    def load(self, state: State, *, history: bool = True) -> State:
        """Show another position of the same game (a lesson's position, a saved game).

        Args:
            state (State): the position; its game must equal this board's game.
            history (bool): rebuild its history as undoable moves (``True``), or make it the
                first position, so undo cannot go back past it (what lessons want).

        Returns:
            State: the position shown (bots move first if one is to move).

        Raises:
            TypeError: ``state`` is not a :class:`~zongshi_widgets.core.State` (e.g. ``None``),
                or ``history`` is not a bool.
            ValueError: the state belongs to another game or player count (make a new board).
        """
        if not isinstance(state, State):
            raise TypeError(f"load needs a State of {self._game!r}, not {type(state).__name__}")
        if not isinstance(history, bool):
            raise TypeError(f"history must be True or False, not {history!r}")
        if state.game != self._game:
            raise ValueError(f"this board plays {self._game!r}; make a new board for {state.game!r}")
        self._cancel_bots()
        self._timeline = self._make_timeline(state, history)
        self._entries.clear()
        self.feedback = ""
        self._changed("loaded")
        self.run_bots()
        return self.state

    def run_bots(self) -> int:
        """Let the bot seats move now, one after another, until a person is to move or the
        game is over (synchronously; in the browser use the "let bots play" button).

        Returns:
            int: how many moves the bots made.
        """
        self._cancel_bots()
        moves = 0
        while (seat := self._bot_seat(self.state)) is not None:
            self._commit(self._agent(seat).choose(self.state), by_bot=True)
            moves += 1
        return moves

    def observe_play(self, fn: Callable[[State, Any, State], str | None]) -> Callable:
        """Call ``fn(before, action, after)`` after every accepted move (people's and bots').

        A returned text becomes :attr:`feedback` (a lesson's "Yes: ..." / "Not yet: ...");
        ``None`` leaves it as it is. Usable as a decorator.

        Args:
            fn (Callable[[State, Any, State], str | None]): the hook.

        Returns:
            Callable: ``fn`` itself.
        """
        self._observers.append(fn)
        return fn

    def unobserve_play(self, fn: Callable) -> None:
        """Remove a hook added by :meth:`observe_play`.

        Raises:
            ValueError: ``fn`` is not registered.
        """
        self._observers.remove(fn)

    @property
    def on_play(self) -> list[Callable[[State, Any, State], str | None]]:
        """The hooks called after each accepted move (a list you may edit; see
        :meth:`observe_play`)."""
        return self._observers

    def show_hint(self, mode: str = "legal", index: int = 0, bot: str = "greedy", *, wrap: bool = False) -> dict:
        """Show a hint on the board, as the hint buttons do.

        Args:
            mode (str): ``"legal"`` (the ``index``-th allowed action), ``"bot"`` (what bot
                ``bot`` would play) or ``"clear"``.
            index (int): which allowed action, for ``mode="legal"``: ``0 <= index < total``
                (``hint["total"]``, the number of allowed actions), or negative to count from
                the end as with a list (``-1``: the last).
            bot (str): a bot name, for ``mode="bot"``.
            wrap (bool): take ``index`` modulo ``total`` instead of refusing an index out of
                range (what the "Next move" button does: after the last move, the first).

        Returns:
            dict: the new :attr:`hint` (empty when there is nothing to show).

        Raises:
            TypeError: ``mode`` or ``bot`` is not a string, or ``index`` is not an int.
            ValueError: an unknown mode or bot name.
            IndexError: ``index`` is out of range and ``wrap`` is false (the message gives
                the valid range); nothing changes.
        """
        if not isinstance(mode, str):
            raise TypeError(f"hint mode must be a string ('legal', 'bot' or 'clear'), not {mode!r}")
        if not _is_int(index):
            raise TypeError(f"hint index must be an int, not {index!r} ({type(index).__name__})")
        if not isinstance(bot, str):
            raise TypeError(f"bot must be a bot name (a string), not {bot!r}")
        if mode not in ("legal", "bot", "clear"):
            raise ValueError(f"hint mode must be 'legal', 'bot' or 'clear', not {mode!r}")
        if mode == "bot" and bot not in bot_names():
            raise ValueError(f"no bot named {bot!r}; known: {', '.join(bot_names())}")
        if mode == "clear":
            self.hint = {}
            return self.hint
        state = self.state
        seat = self._looking_seat()
        if state.is_over or seat is None or seat != state.to_move:
            self.hint = {}
            self.message = "no hint: it is not a person's turn" if not state.is_over else "no hint: the game is over"
            return self.hint
        actions = self._allowed_actions(state)
        if not actions:
            self.hint = {}
            self.message = "no hint: no move is allowed here"
            return self.hint
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
            action = make_agent(bot, seed=self.version).choose(state)
            index = next((i for i, a in enumerate(actions) if str(a) == str(action)), -1)
        self._clear_refusal()
        self.hint = {
            "mode": mode,
            "bot": bot if mode == "bot" else "",
            "index": index,
            "total": len(actions),
            "action": str(action),
            "code": self.action_code(state, action),
            "text": self.describe(state, action, None),
            "version": self.version,
        }
        return self.hint

    def explain(self, action: Any, *, _from_browser: bool = False) -> tuple[bool, str, str]:
        """Would this action be accepted now, and if not, why?

        Args:
            action: an action, its notation, or a game-specific request form (see
                :meth:`parse_request_action`).

        Returns:
            tuple[bool, str, str]: ``(legal, text, rule)``: the rule's words when illegal
            (``rule`` is the engine's rule id, or ``"board.validator"``), a description of the
            move when legal (``rule`` is ``""``).
        """
        try:
            parsed = self._check_action(action, validate=True, from_browser=_from_browser)
        except IllegalAction as exc:
            return False, exc.message, exc.rule
        return True, self.describe(self.state, parsed, None), ""

    def refresh(self) -> None:
        """Recompute every synced trait from the timeline (after changing it directly)."""
        self._changed(None)

    def dismiss(self) -> None:
        """Clear a refusal (``"illegal: ..."``, ``"refused: ..."``, ``"stale: ..."``,
        ``"error: ..."``) from :attr:`message`; other messages stay. The browser asks for this
        when the person moves on (drops the piece, picks another, moves it elsewhere)."""
        self._clear_refusal()

    # ------------------------------------------------------------------------------------
    # Game hooks: subclasses override these
    # ------------------------------------------------------------------------------------
    def _geometry(self) -> dict:
        """Static drawing data, sent once (override). Default: seat names."""
        return {"game": self._game.name, "players": self._game.players, "seat_names": list(self._game.seat_names)}

    def make_view(self, state: State, seat: int | None) -> dict:
        """The ``view`` trait: ``state.view(seat)`` plus what the board draws (override to add
        keys; never add information that ``seat`` may not see).

        Args:
            state (State): the position.
            seat (int | None): the looking seat (``None``: a spectator).

        Returns:
            dict: a JSON-able dict containing every key of ``state.view(seat)`` unchanged.
        """
        view = dict(state.view(seat))
        view.setdefault("to_move", state.to_move)
        view.setdefault("is_over", state.is_over)
        view.setdefault("ply", len(state.history))
        if state.is_over:
            sheet = state.score_sheet()
            view["winners"] = list(sheet.winners)
        return view

    def compact_legal(self, state: State, actions: list) -> list:
        """The ``legal`` trait for these allowed actions (override for a compact form).

        Default: their notations.
        """
        return [str(a) for a in actions]

    def action_code(self, state: State, action: Any) -> Any:
        """A compact, JSON-able code of ``action`` the game's front end can draw (override).

        Default: the notation.
        """
        return str(action)

    def describe(self, before: State, action: Any, after: State | None) -> str:
        """A sentence for ``message``: what the move does (override).

        Args:
            before (State): the position the action is played in.
            action: the (legal) action.
            after (State | None): the position after it, when it was played.
        """
        names = self._game.seat_names
        who = names[before.to_move] if before.to_move is not None else "?"
        return f"{who} played {action}"

    def short_text(self, before: State, action: Any) -> str:
        """A few words for the move log (override). Default: the notation."""
        return str(action)

    def parse_request_action(self, state: State, action: Any) -> Any:
        """Turn the ``action`` field of a browser request into an action of ``state``.

        Default: a notation string, parsed and checked by the engine.

        Raises:
            BadRequest: the field has the wrong type.
            IllegalAction: the engine refuses it.
        """
        if not isinstance(action, str):
            raise BadRequest("'action' must be the action's notation (a string)")
        return state.parse_action(action)

    # wire forms (override to pack a trait for the browser; the Python value stays readable)
    def _wire_view(self, view: dict) -> dict:
        return view

    def _wire_legal(self, legal: list) -> Any:
        return legal

    def _wire_moves(self, moves: list) -> list:
        return [[e["ply"], e["seat"], e["text"], e["code"], e["alt"]] for e in moves]

    # ------------------------------------------------------------------------------------
    # Internals
    # ------------------------------------------------------------------------------------
    def _make_timeline(self, state: State, history: bool) -> Timeline:
        if history and state.history:
            try:
                root = state.game.new_state(seed=state.chance.seed)
                tl = Timeline(root)
                for action in state.history:
                    tl.play(action)
                if tl.state.digest() == state.digest():
                    return tl
            except (IllegalAction, ValueError, TypeError):
                pass
        return Timeline(state)

    @t.validate("feedback")
    def _valid_feedback(self, proposal):
        # remember the node the feedback is about (see the ``feedback`` attribute)
        value = proposal["value"]
        timeline = getattr(self, "_timeline", None)
        self._feedback_node = timeline.cursor.id if value and timeline is not None else None
        return value

    def _feedback_applies(self) -> bool:
        """Is the cursor on the node the feedback was given at, or a position after it?"""
        if self._feedback_node is None:
            return True
        node: Node | None = self._timeline.cursor
        while node is not None:
            if node.id == self._feedback_node:
                return True
            node = node.parent
        return False

    def _on_reveal_scores(self, change) -> None:
        self.send_state("view")  # its wire form depends on reveal_scores

    def _redact_view(self, view: dict) -> dict:
        """The view as the browser gets it: without the score keys when scores are hidden."""
        if self.reveal_scores:
            return view
        return {k: v for k, v in view.items() if k not in self.SCORE_KEYS}

    def _clear_refusal(self) -> None:
        if self.message.startswith(REFUSAL_KINDS):
            self.message = ""

    def _on_seats(self, change) -> None:
        self._cancel_bots()
        self._make_agents()
        self._changed(None)
        self._schedule_bots()

    def _make_agents(self) -> None:
        self._agents = {i: (kind, self._new_agent(i, kind)) for i, kind in enumerate(self.seats) if kind != HUMAN}

    def _new_agent(self, seat: int, kind: str) -> Any:
        seed = self.bot_seed
        return make_agent(kind, seed=None if seed is None else seed + seat)

    def _agent(self, seat: int) -> Any:
        """The bot playing ``seat`` (made again if ``seats`` names another bot there now)."""
        kind = self.seats[seat]
        made = self._agents.get(seat)
        if made is None or made[0] != kind:
            made = self._agents[seat] = (kind, self._new_agent(seat, kind))
        return made[1]

    def _whose_turn(self) -> str:
        seat = self.state.to_move
        if seat is None:
            return " (the game is over)"
        kind = self.seats[seat]
        return f" ({self._game.seat_names[seat]} to move{'' if kind == HUMAN else f', the {kind} bot'})"

    def _has_human(self) -> bool:
        return HUMAN in self.seats

    def _bot_seat(self, state: State) -> int | None:
        seat = state.to_move
        if seat is None or self.seats[seat] == HUMAN:
            return None
        return seat

    def _looking_seat(self) -> int | None:
        """The seat whose view is shown: the seat to move when a person plays it; else the
        person who acted last on this line (else the first person in turn order)."""
        state = self.state
        if not self._has_human():
            return None
        if state.to_move is not None and self.seats[state.to_move] == HUMAN:
            return state.to_move
        node: Node | None = self._timeline.cursor
        while node is not None and node.parent is not None:
            mover = node.parent.state.to_move
            if mover is not None and self.seats[mover] == HUMAN:
                return mover
            node = node.parent
        return self.seats.index(HUMAN)

    def _allowed_actions(self, state: State) -> list:
        actions = list(state.legal_actions())
        if self.validator is not None:
            actions = [a for a in actions if self._validator_says(state, a) is None]
        return actions

    def _validator_says(self, state: State, action: Any) -> str | None:
        try:
            return self.validator(state, action) if self.validator else None
        except Exception as exc:  # a broken lesson hook must not break the board
            _log.exception("board validator failed")
            return f"the lesson's check failed ({type(exc).__name__}: {exc})"

    def _check_action(self, action: Any, *, validate: bool, from_browser: bool = False) -> Any:
        state = self.state
        if state.is_over:
            raise IllegalAction("core.game-over", "The game is over: nobody may act any more.")
        if from_browser:
            parsed = self.parse_request_action(state, action)
        elif isinstance(action, str):
            parsed = state.parse_action(action)
        else:
            try:  # a game may accept other forms too (GembloQ: a list of cells)
                parsed = self.parse_request_action(state, action)
            except BadRequest:
                state.check(action)
                parsed = action
        if validate and self.validator is not None:
            why = self._validator_says(state, parsed)
            if why is not None:
                raise IllegalAction("board.validator", why)
        return parsed

    @staticmethod
    def _refusal_text(exc: IllegalAction) -> str:
        if exc.rule == "board.validator":
            return f"refused: {exc.message}"
        return f"illegal: {exc.message}"

    def _commit(self, action: Any, *, by_bot: bool) -> State:
        before = self.state
        after = self._timeline.play(action)
        played = after.history[-1] if after.history else action
        text = self.describe(before, played, after)
        said: list[str] = []
        for fn in list(self._observers):
            try:
                out = fn(before, played, after)
            except Exception as exc:  # a broken lesson hook must not break the board
                _log.exception("on_play hook failed")
                out = f"(the lesson's check failed: {type(exc).__name__}: {exc})"
            if out:
                said.append(str(out))
        with self.hold_sync():
            if said:
                self.feedback = "\n".join(said)
            elif not by_bot:
                self.feedback = ""
            self._changed(text)
        return after

    def _changed(self, message: str | None) -> None:
        """Recompute the derived traits in one update, bump ``version``."""
        state = self.state
        seat = self._looking_seat()
        with self.hold_sync():
            self.view = self.make_view(state, seat)
            blocked = ""
            if seat is not None and seat == state.to_move:
                allowed = self._allowed_actions(state)
                self.legal = self.compact_legal(state, allowed)
                if not allowed and self.validator is not None:
                    first = next(iter(state.legal_actions()), None)
                    blocked = (self._validator_says(state, first) or "") if first is not None else ""
            else:
                self.legal = []
            self.blocked = blocked
            self.moves = self._move_entries()
            self.cursor = self._cursor_info()
            self.hint = {}
            if self.feedback and not self._feedback_applies():
                self.feedback = ""
            if message is not None:
                self.message = message
            self.version = self.version + 1
        self._picture.update()

    def _move_entries(self) -> list[dict]:
        out = []
        for node in self._timeline.line()[1:]:
            entry = self._entries.get(node.id)
            if entry is None:
                before = node.parent.state
                entry = {
                    "ply": len(node.state.history),
                    "seat": before.to_move,
                    "notation": str(node.action),
                    "text": self.short_text(before, node.action),
                    "code": self.action_code(before, node.action),
                    "alt": 0,
                }
                self._entries[node.id] = entry
            entry["alt"] = len(node.parent.children) - 1
            out.append(dict(entry))
        return out

    def _cursor_info(self) -> dict:
        tl = self._timeline
        start = len(tl.root.state.history)
        line = tl.line()
        current = {n.id for n in line}
        branches = []
        for path in tl.branches():
            fork = path[1] if len(path) > 1 else path[0]
            for node in path[1:]:
                if node.parent is not None and len(node.parent.children) > 1:
                    fork = node
            branches.append(
                {
                    "node": fork.id,
                    "from": len(fork.state.history),
                    "end": len(path[-1].state.history),
                    "current": path[-1].id in current,
                    # what sets the line apart: its move at the fork
                    "text": self.short_text(fork.parent.state, fork.action) if fork.parent is not None else "",
                }
            )
        return {
            "ply": len(tl.state.history),
            "start": start,
            "end": len(line[-1].state.history),
            "node": tl.cursor.id,
            "can_undo": tl.can_undo(),
            "can_redo": tl.can_redo(),
            "nodes": len(tl),
            "branches": branches if len(branches) > 1 else [],
        }

    # -- bots in the browser ---------------------------------------------------------------
    def _cancel_bots(self) -> None:
        self._bot_gen += 1
        if self._bot_handle is not None:
            self._bot_handle.cancel()
            self._bot_handle = None
        if self.thinking != -1:
            self.thinking = -1

    def _schedule_bots(self) -> None:
        """After a request from the browser: one bot move after ``bot_delay`` seconds on the
        kernel's event loop, then the next...; at once when no loop runs (plain Python)."""
        seat = self._bot_seat(self.state)
        if seat is None:
            return
        loop = _running_loop()
        if loop is None:
            self.run_bots()
            return
        self._bot_gen += 1
        gen = self._bot_gen
        self.thinking = seat
        self._bot_handle = loop.call_later(max(0.0, self.bot_delay), self._bot_step, gen)

    def _bot_step(self, gen: int) -> None:
        if gen != self._bot_gen:
            return
        self._bot_handle = None
        seat = self._bot_seat(self.state)
        if seat is None:
            self.thinking = -1
            return
        try:
            action = self._agent(seat).choose(self.state)
            with self.hold_sync():
                self.thinking = -1
                self._commit(action, by_bot=True)
                self._schedule_bots()
        except Exception as exc:  # keep the board alive; say what happened
            _log.exception("bot move failed")
            self.thinking = -1
            self.message = f"error: the {self.seats[seat]} bot failed: {type(exc).__name__}: {exc}"

    # -- requests from the browser ---------------------------------------------------------
    def set_state(self, sync_data: dict) -> None:
        """Refuse trait writes from the browser (Python owns the state): the browser's copy
        is reset to Python's values. Requests go through custom messages instead."""
        keys = [k for k in sync_data if k in self.keys]
        if keys:
            self.send_state(keys)

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self.handle_request(content)

    def handle_request(self, content: Any) -> None:
        """Handle one request from the browser (what ``model.send`` delivers).

        Never raises: a malformed, stale, illegal or refused request changes nothing and is
        answered in :attr:`message` (and, for ``explain``, by a reply message).

        Args:
            content: the message content (a dict with a ``type``; see the module docstring).
        """
        try:
            self._dispatch(content)
        except BadRequest as exc:
            self.message = f"error: {exc}"
        except Exception as exc:  # never let a request break the kernel side
            _log.exception("board request failed")
            self.message = f"error: {type(exc).__name__}: {exc}"

    def _dispatch(self, content: Any) -> None:
        if not isinstance(content, dict):
            raise BadRequest("a board request must be a JSON object with a 'type'")
        kind = content.get("type")
        if not isinstance(kind, str) or kind not in REQUESTS:
            raise BadRequest(f"unknown request type {kind!r}; known: {', '.join(sorted(REQUESTS))}")
        extra = set(content) - REQUESTS[kind]
        if extra:
            raise BadRequest(f"unexpected field(s) {sorted(extra)} in a {kind!r} request")
        version = content.get("version")
        if version is not None and not _is_int(version):
            raise BadRequest("'version' must be an integer")
        getattr(self, f"_req_{kind}")(content)

    def _stale(self, content: dict, required: bool) -> bool:
        version = content.get("version")
        if version is None:
            if required:
                raise BadRequest(f"a {content['type']!r} request needs the board 'version' it was made at")
            return False
        if version != self.version:
            self.message = f"stale: the board changed (version {version}, now {self.version}); nothing was done, try again"
            return True
        return False

    def _req_play(self, content: dict) -> None:
        if "action" not in content:
            raise BadRequest("a 'play' request needs an 'action'")
        if self._stale(content, required=True):
            return
        state = self.state
        seat = state.to_move
        if seat is not None and self.seats[seat] != HUMAN:
            names = self._game.seat_names
            self.message = f"refused: {names[seat]} is played by the {self.seats[seat]} bot; press 'let bots play' to let it move"
            return
        self._cancel_bots()
        try:
            parsed = self._check_action(content["action"], validate=True, from_browser=True)
        except IllegalAction as exc:
            self.message = self._refusal_text(exc)
            return
        with self.hold_sync():
            self._commit(parsed, by_bot=False)
            self._schedule_bots()

    def _req_explain(self, content: dict) -> None:
        key = content.get("key")
        if key is not None and not isinstance(key, (str, int, float)):
            raise BadRequest("'key' must be a string or a number")
        if "action" not in content:
            raise BadRequest("an 'explain' request needs an 'action'")
        if self._stale(content, required=True):
            reply = {"legal": False, "text": "the board changed; move the piece again", "rule": "board.stale"}
        else:
            legal, text, rule = self.explain(content["action"], _from_browser=True)
            reply = {"legal": legal, "text": text, "rule": rule}
        self.send({"type": "explain", "key": key, "version": self.version, **reply})

    def _req_undo(self, content: dict) -> None:
        if self._stale(content, required=False):
            return
        if not self._timeline.can_undo():
            self.message = "nothing to undo: this is the first position"
            return
        self.undo()

    def _req_redo(self, content: dict) -> None:
        if self._stale(content, required=False):
            return
        if not self._timeline.can_redo():
            self.message = "nothing to redo from this position"
            return
        self.redo()

    def _req_goto(self, content: dict) -> None:
        if self._stale(content, required=False):
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

    def _req_hint(self, content: dict) -> None:
        if self._stale(content, required=False):
            return
        if not self.hints:
            self.message = "refused: this board gives no hints here (a lesson has its own Hint button)"
            return
        mode = content.get("mode", "legal")
        index = content.get("index", 0)
        bot = content.get("bot", "greedy")
        if mode not in ("legal", "bot", "clear"):
            raise BadRequest("'mode' must be 'legal', 'bot' or 'clear'")
        if not _is_int(index):
            raise BadRequest("'index' must be an integer")
        if not isinstance(bot, str) or bot not in bot_names():
            raise BadRequest(f"'bot' must be one of {', '.join(bot_names())}")
        self.show_hint(mode, index=index, bot=bot, wrap=True)

    def _req_ping(self, content: dict) -> None:
        key = content.get("key")
        if key is not None and not isinstance(key, (str, int, float)):
            raise BadRequest("'key' must be a string or a number")
        self.send({"type": "pong", "key": key})

    def _req_dismiss(self, content: dict) -> None:
        self.dismiss()

    def _req_bots(self, content: dict) -> None:
        if self._stale(content, required=False):
            return
        if self._bot_seat(self.state) is None:
            self.message = "no bot is to move" if not self.state.is_over else "the game is over"
            return
        self._schedule_bots()

    def _req_new_game(self, content: dict) -> None:
        seed = content.get("seed")
        if seed is not None and not _is_int(seed):
            raise BadRequest("'seed' must be an integer or null")
        if not self.allow_new_game:
            self.message = "refused: no new game here (a lesson keeps its position: use Try again)"
            return
        self._cancel_bots()
        self._timeline = Timeline(self._game.new_state(seed=seed))
        self._entries.clear()
        self.feedback = ""
        self._make_agents()
        self._changed("new game")
        self._schedule_bots()

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
        """The widget view plus a static ``image/svg+xml`` picture of the position, for tools
        that take one bundle (IPython's own display uses :meth:`_ipython_display_`)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        data = dict(data)
        svg = getattr(self.state, "_repr_svg_", None)
        if svg is not None:
            data["image/svg+xml"] = svg()
        return data, metadata

    def picture(self) -> str:
        """A static picture of the position as the looking seat sees it (HTML; override).

        Default: the state's own ``_repr_svg_``, or its ``repr`` as text.
        """
        svg = getattr(self.state, "_repr_svg_", None)
        if svg is not None:
            return svg()
        import html

        return f"<pre>{html.escape(repr(self.state))}</pre>"

    def _picture_parts(self) -> tuple[str, str]:
        ply = len(self.state.history)
        caption = f"Picture of the board after move {ply}, kept for saved and exported copies of this notebook: run the cell in Jupyter to play."
        return picture_html(self._picture.id, self.picture(), caption), f"{type(self).__name__}: {self.state!r}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.state!r}, seats={list(self.seats)}>"
