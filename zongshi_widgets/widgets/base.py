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
  screens on one kernel. Players at separate screens each join the game server from their
  own kernel instead (``zw.join(address, token=...)``, :mod:`zongshi_widgets.widgets.remote`;
  README, "Playing across machines"): each kernel then receives only its own seat's view.
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
``watch``       ``{seat, mode, open_hands, may_act}``: who this board shows (a board of a served
                game, :mod:`.remote`, adds ``served: true``: no review, no new game offered).
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

Where things are (every name stays importable from this module):

=====================  ======================================================================
``base.py``            :class:`GameBoard` (its traits, the constructor and its options,
                       display) and :class:`NamedGameBoard`; a re-run cell replacing its boards
``traits.py``          the ``seats`` and ``highlight`` values: :class:`SeatList`, :class:`LiveList`
``python_api.py``      the board in Python: ``session``, ``state``, ``play``, ``undo``, ``goto``,
                       ``new_game``, ``load``, ``explain``, the lesson hooks
``watching.py``        who watches and who may act: hot seat, bound seat, spectator, the privacy
                       screen, ``awaiting_view``
``sync.py``            redrawing for the watching seat (session events -> traits) and the
                       message line (``say``)
``move_log.py``        the move log (``moves``), the ``cursor`` and who may take moves back
``hints.py``           the hint ladder (``show_hint``, the ``hint`` request)
``board_requests.py``  the browser's requests (``play``, ``explain``, ``undo``, ``goto``...)
``game_hooks.py``      what a game's board overrides (view, legal list, words, picture, wire forms)
``review.py``          the game review (:class:`~zongshi_widgets.widgets.review.ReviewMixin`)
``protocol.py``        the request protocol (``@request``, :class:`BadRequest`)
``session.py``         :class:`~zongshi_widgets.widgets.session.GameSession`, the game in Python
``static.py``          the static picture kept beside a live board
=====================  ======================================================================
"""

from __future__ import annotations

import difflib
import inspect
import pathlib
import weakref
from typing import Any

import anywidget
import traitlets as t

# names imported only to stay importable from here (they were defined or imported here before
# the board was split by concern) are marked "noqa: F401"
from ..agents import agents as bot_names  # noqa: F401
from ..agents import default_bot
from ..core import IllegalAction, State, Timeline  # noqa: F401
from ..core.timeline import Node  # noqa: F401
from .board_requests import RequestsMixin
from .game_hooks import GameHooksMixin
from .hints import EXPLAIN_TOP, HINT_MODES, HintMixin  # noqa: F401
from .move_log import MoveLogMixin
from .protocol import BadRequest, RequestHandler, _is_int, request  # noqa: F401
from .python_api import PythonAPIMixin
from .review import ReviewMixin
from .session import HUMAN, Event, GameSession, SeatError, check_seats, seat_label  # noqa: F401
from .static import StaticPicture, picture_html  # noqa: F401
from .sync import REFUSAL_KINDS, SyncMixin  # noqa: F401
from .traits import LiveList, SeatList, SeatTraitError, _LiveListTrait, _Seats  # noqa: F401
from .watching import AUTO, WatchingMixin

__all__ = ["HUMAN", "BadRequest", "GameBoard", "SeatError", "SeatList", "read_asset"]

_HERE = pathlib.Path(__file__).parent

#: Traits the board computes itself: not constructor options.
BOARD_OWNED = frozenset(
    {"geometry", "view", "legal", "moves", "cursor", "version", "hint", "thinking", "message", "blocked", "keys", "comm", "log", "watch", "screen"}
    | {"review_status"}
)

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


# The concerns' mixins come before the widget classes: their methods replace the widget's own where
# names meet (``set_state`` refuses the browser's trait writes), as when they were written here.
# The traits stay on this class (anywidget syncs the traits declared on the widget class).
class GameBoard(
    PythonAPIMixin, HintMixin, WatchingMixin, SyncMixin, MoveLogMixin, GameHooksMixin, RequestsMixin, anywidget.AnyWidget, ReviewMixin, RequestHandler
):
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

    def close(self) -> None:
        """Close the widget and stop following its session."""
        session = getattr(self, "_session", None)
        if session is not None:
            session.unsubscribe(self._on_event)
        self._stop_review_job()
        super().close()

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
