"""A Majolica position: :class:`MajolicaState` (the kernel's State contract: legal actions,
play, playouts, views, scores, the bots' quick choice) and ``_Work``, the working copy an action
is applied to (the steps themselves are in :mod:`.turn`). The position's fields are immutable
tuples and ints (``FIELDS``); a played state links to the history before it.
"""

from __future__ import annotations

import hashlib
import random

from zongshi_widgets.core import Chance, IllegalAction, ScoreSheet, State, Turn
from zongshi_widgets.core.history import HistoryLink as _HistoryLink
from zongshi_widgets.core.history import history_tuple

from . import scoring, views
from .greedy import _TURN_STEPS, _board_value
from .illegal import _diagnose
from .legal import _legal
from .notation import STEP_TEXT
from .quick import _quick, _quick_kind, _quick_player
from .turn import _Steps

FIELDS = (
    "players", "grid", "up", "stack", "revealed", "flipped", "display", "deck", "known", "city", "purple_out",
    "missions_open", "first3", "m8", "starting", "round", "turnno", "start", "first", "seat", "step", "setup", "lastc",
    "pend", "pcard", "parr", "took4", "ran", "ncomp", "bonus", "bloomed", "run", "over",
)  # fmt: skip


_ns: dict = {}
exec("def _transfer(dst, src):\n" + "".join(f"    dst.{k} = src.{k}\n" for k in FIELDS), _ns)
#: ``_transfer(dst, src)`` copies every field of FIELDS (generated once: a plain attribute copy).
_transfer = _ns["_transfer"]
#: Working slots of a state while an action is applied to it (:class:`_Work`).
_SCRATCH = ("ws", "slots", "fills", "done", "tokens", "purples", "blooms", "mission", "mstore", "me", "chance_copied")
exec("def _clear(obj):\n" + "".join(f"    del obj.{k}\n" for k in _SCRATCH), _ns)
#: ``_clear(obj)`` unsets the working slots (_SCRATCH) of a state.
_clear = _ns["_clear"]


class MajolicaState(State):
    """A Majolica position (see :class:`zongshi_widgets.core.State` for the contract).

    Actions are their notations (str); :meth:`legal_actions` lists them in a stable order.
    """

    # _SCRATCH: the mover's board as lists while an action is applied (see _Work); never set on
    # a finished state
    __slots__ = FIELDS + ("_legal", "_hist", "_plays") + _SCRATCH

    def __init__(self, game, history, chance, *values):
        super().__init__(game, history, chance)
        for k, v in zip(FIELDS, values):
            object.__setattr__(self, k, v)
        self._legal = None

    @property
    def history(self) -> tuple:
        """The actions played since ``new_state``, in order (a tuple). A played state keeps only
        its last action and a link to the history before it (:class:`~zongshi_widgets.core.history.HistoryLink`); the tuple
        is built on first use and kept. A scratch copy's history includes the actions it was
        advanced by."""
        self._hist = history_tuple(self._hist)
        if self._scratch and self._plays:
            return self._hist + tuple(self._plays)
        return self._hist

    @history.setter
    def history(self, value) -> None:
        self._hist = value if value.__class__ is _HistoryLink else tuple(value)

    def _copy(self, **kw) -> MajolicaState:
        new = MajolicaState.__new__(MajolicaState)
        State.__init__(new, self.game, kw.pop("history", self._hist), kw.pop("chance", self.chance))
        _transfer(new, self)
        for k, v in kw.items():
            setattr(new, k, v)
        new._legal = None
        return new

    # -- contract ------------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to act, ``None`` when the game is over."""
        return self.seat

    @property
    def is_over(self) -> bool:
        """``True`` when the game has ended (nobody to move)."""
        return self.seat is None

    @property
    def turn(self) -> Turn:
        """Round, turn count and step (in the rulebook's words) of this position."""
        return Turn(self.round, self.turnno, None if self.seat is None else STEP_TEXT[self.step], self.seat)

    def legal_actions(self) -> list[str]:
        """Every legal action of the seat to move, as notations, in a stable order."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal(self) if self.seat is not None else []
        return list(legal)

    def _legal_tuple(self) -> list | tuple:
        """The legal actions, cached per position (a list or tuple nobody changes: not for callers)."""
        if self._legal is None:
            self._legal = _legal(self) if self.seat is not None else []
        return self._legal

    def parse_action(self, notation: str) -> str:
        """The legal action written as ``notation`` (spacing and case do not matter).

        Raises:
            IllegalAction: the text names no action, or an illegal one (the rule is named).
        """
        if not isinstance(notation, str):
            raise IllegalAction("majolica.notation", f"{notation!r} is not an action: write e.g. 'take a1-d1', 'place W2', 'move R'")
        legal = self._legal_tuple()
        if notation in legal:
            return notation
        text = " ".join(notation.replace("+", " + ").split())
        for a in legal:
            if a.lower() == text.lower():
                return a
        self.check(text)
        raise IllegalAction("majolica.notation", f"{notation!r} is not an action here")

    def check(self, action) -> None:
        """Raise :class:`IllegalAction` (rule id and rulebook section) when ``action`` is not legal."""
        if self.seat is None:
            raise IllegalAction("core.game-over", "The game is over: nobody may act any more.")
        if isinstance(action, str) and action in self._legal_tuple():
            return
        _diagnose(self, action)

    def play(self, action) -> MajolicaState:
        """Play an action (a legal notation, spacing and case free) for the seat to move: see
        :meth:`zongshi_widgets.core.State.play` (same checks, same errors). A notation exactly
        as listed by :meth:`legal_actions` takes a short path; anything else goes the general way.

        Returns:
            MajolicaState: the new position; this state is unchanged. On a scratch copy
            (:meth:`scratch`) it is a plain state with its own copy of the generator, which
            later playout steps on the scratch copy never change.

        Raises:
            IllegalAction: the action breaks a rule, cannot be read, or the game is over.
        """
        if self._scratch:
            return self._detached().play(action)  # a plain state shares nothing a playout changes
        legal = self._legal
        if legal is None or self.seat is None or action.__class__ is not str or action not in legal:
            return State.play(self, action)
        kind = _quick_kind(self, action)
        if kind:
            new = MajolicaState.__new__(MajolicaState)
            new.game = self.game  # State.__init__, inlined
            new._hist = _HistoryLink(self._hist, action)
            new.chance = self.chance
            new._scratch = False
            _transfer(new, self)
            new._legal = None
            new._origin = self._origin
            new._sample = self._sample
            _quick(new, action, kind)
            return new
        w = _Work(self, _HistoryLink(self._hist, action))
        w._origin = self._origin
        w._sample = self._sample
        w.act(action)
        return w.freeze()

    def _detached(self) -> MajolicaState:
        """A plain (not scratch) state with this state's position and a private copy of its
        generator, sharing nothing a playout on this scratch copy changes (as Zong Shi's)."""
        hist = self._hist
        for a in self._plays:  # the actions this scratch copy was advanced by
            hist = _HistoryLink(hist, a)
        new = self._copy(chance=self.chance.copy(), history=hist)
        new._origin, new._sample = self._origin, self._sample
        return new

    def _apply(self, action: str) -> MajolicaState:
        if self._scratch:
            return self._detached()._apply(action)
        w = _Work(self, _HistoryLink(self._hist, action))
        w.act(action)
        return w.freeze()

    # -- playouts ------------------------------------------------------------------------------
    def scratch(self) -> MajolicaState:
        """A private, mutable copy for a playout (see :meth:`zongshi_widgets.core.State.scratch`):
        :meth:`advance` changes it in place. Every part of a position is an immutable tuple (the
        boards are :class:`Player` tuples), so a copy of the fields and of the chance generator
        is deep enough: advancing replaces parts, never changes them, and this state stays as it
        is. The actions it is advanced by are kept in a list (cheaper than a history link per
        action), so a state :meth:`play` makes from it has the whole history and saves.

        Returns:
            MajolicaState: the copy (``is_scratch`` true).
        """
        new = self._copy(chance=self.chance.copy())
        new._origin, new._sample, new._scratch = self._origin, self._sample, True
        new._plays = []
        return new

    def advance(self, action: str) -> MajolicaState:
        """Play a listed action in a playout (see :meth:`zongshi_widgets.core.State.advance`):
        a scratch copy is changed in place and returned (its origin and sample flags stay as
        they are); any other state gives a new one, as the kernel's does."""
        if self._scratch:
            self._plays.append(action)  # recorded (cheaply), so a state play()ed from here saves whole
            kind = _quick_kind(self, action)  # _advance's short path, inlined (one call fewer per playout action)
            if kind:
                _quick(self, action, kind)
                self._legal = None
                return self
            return self._advance(action)
        return State.advance(self, action)

    def _advance(self, action: str) -> MajolicaState:
        """Apply the listed ``action`` to this scratch copy in place (no new state, no history):
        the same :class:`_Work` steps as :meth:`play`, on this very object (or :func:`_quick`)."""
        kind = _quick_kind(self, action)
        if kind:
            _quick(self, action, kind)
            self._legal = None
            return self
        self.__class__ = _Work
        self._unpack()
        self.chance_copied = True  # the scratch copy owns its generator (copied by scratch())
        self.act(action)
        self.freeze()
        self._legal = None
        return self

    # -- views (the code is in views.py) ------------------------------------------------------
    def public_view(self) -> dict:
        """Everything on the table, in plain words (every seat sees the same; the generic board
        shows it as is). The deck's order and (solo) the face-down stack's order are left out:
        ``deck_size`` and ``deck_bottom`` (the cards everybody saw replaced to the bottom)
        instead. Keys: ``round``, ``start_player``, ``step``, ``grid`` (rows, ``·`` = taken
        this round) or solo ``revealed``/``face_down``, ``display`` (cards as ``id points:
        spaces``), ``deck_size``, ``deck_bottom``, ``city_hall``, ``purple_out``, ``boards``
        (one record per seat), ``this_turn`` (what is pending), ``score`` (totals so far);
        with Mission cards ``missions_open``."""
        return views.public_view(self)

    def _determinize(self, seat: int, rng: random.Random) -> MajolicaState:
        unseen = sorted(self.deck[: len(self.deck) - self.known])
        rng.shuffle(unseen)
        stack = sorted(self.stack)
        rng.shuffle(stack)
        return self._copy(deck=tuple(unseen) + self.deck[len(self.deck) - self.known :], stack=tuple(stack), chance=Chance(rng.getrandbits(63)))

    def position(self) -> dict:
        """The whole position as a readable description (see :meth:`Majolica._state_from_position`)."""
        return views.position(self)

    # -- scoring (the code is in scoring.py) --------------------------------------------------
    def mission_done(self, seat: int, m: int) -> bool:
        """Whether ``seat`` has fulfilled mission ``m`` (0..7, M1..M8) as things stand
        (rulebook, Expansion Rules: Mission Cards). Storage missions (M2, M4) count only for
        their holder."""
        return scoring.mission_done(self, seat, m)

    def score_sheet(self) -> ScoreSheet:
        """Rulebook, Game End: points of completed design cards, 1 point per 2 tiles on the
        unfinished cards (all together, rounded down), one-point tokens; with the expansions
        Bloom tokens and one row per mission card, ``M1`` to ``M8`` (its points for the holder
        who fulfils it; the notes say what each held mission asks).
        Tie-break: the player latest in turn order at the start of the game."""
        return scoring.score_sheet(self)

    def action_name(self, action: str) -> str:
        """The action in plain words, as the board's decision bar says it (``"take the tile a2
        and design card D05 (3 points; spaces red red blue)"``); :func:`~zongshi_widgets.agents.explain`
        fills its ``text`` column with it.

        Args:
            action (str): an action of this position, in notation.

        Returns:
            str: the words (the notation itself for an action not known).
        """
        from .render import action_words  # render imports rules, which imports this module

        return action_words(self, str(action))

    def greedy_value(self, action: str) -> float:
        """A quick heuristic value of the position after ``action`` for the seat playing it
        (higher is better), read by the generic ``greedy`` bot (``zw.agents``). It counts
        completed cards' points (x5), tiles on slotted cards (x2) and tokens; a workshop whose
        tiles can still make its pattern adds 0.6 per tile when the card above has a space for
        one of them (W4: always), 1.0 per tile when it is also full (it runs this turn), else
        0.2; a workshop that cannot any more costs 1.5; an empty card slot costs 0.5. The value
        is rounded to 9 decimals, so that equal positions value exactly equal. It is a playing
        aid for bots, not a strategy claim.

        Args:
            action (str): a legal action here (a notation; spacing and case free).

        Returns:
            float: the value.

        Raises:
            IllegalAction: ``action`` is not legal here, or the game is over.
        """
        if self.seat is not None and action.__class__ is str and action in self._legal_tuple():
            return self._greedy_value(action)
        after = self.play(action)
        return _board_value(self.game, after.players[self.seat])

    def _greedy_value(self, action: str) -> float:
        """:meth:`greedy_value` of the listed ``action`` (not checked: from :meth:`legal_actions`).
        Short path: the mover's board after it is made without the next state where the short
        path of :meth:`play` applies (:func:`_quick_player`; a take or the end of a turn changes
        no board), else the action is applied without building the history (the position is only
        looked at); the board is valued once per distinct board (a cache on the game)."""
        seat, g = self.seat, self.game
        kind = _quick_kind(self, action)
        if kind:
            board = self.players[seat] if kind[0] in (1, 3, 7) else _quick_player(self, kind)
        else:
            w = _Work(self, ())
            w.act(action)
            board = w.freeze().players[seat]
        cache = g._t_board_value
        v = cache.get(board)
        if v is None:
            if len(cache) > 65536:
                cache.clear()  # bounded memory in long sessions
            v = cache[board] = _board_value(g, board)
        return v

    def greedy_action(self) -> str:
        """The legal action with the best :meth:`greedy_value`, the first in legal order among
        equals: the quick heuristic's choice (``quick_step`` in ``zongshi_widgets/agents/majolica.py``,
        which Majolica's greedy and MCTS bots play to finish a turn).

        From 2. Place to the end of a turn (rulebook, 2. Place Majolica Tiles; Run Workshop(s);
        Tip 1) the legal actions and the boards they lead to depend only on the mover's board,
        what the turn has pending and City Hall (:meth:`_turn_key`): the grid, the display, the
        deck and the other boards matter only to the next take and to the end of the round,
        never to this choice. So at those steps the choice is remembered per game by those parts
        (a bounded cache; the tests compare it with the plain loop over :meth:`legal_actions`,
        ``agents.majolica.quick_step_reference``). Setup and 1. Select are valued afresh.

        Returns:
            str: one of :meth:`legal_actions`.

        Raises:
            IllegalAction: the game is over.
        """
        if self.seat is None:
            raise IllegalAction("core.game-over", "The game is over: nobody may act any more.")
        legal = self._legal_tuple()  # listed anyway: play() takes its short path for a listed action
        if len(legal) == 1:
            return legal[0]
        key = self._turn_key() if self.step in _TURN_STEPS else None
        if key is not None:
            cache = self.game._t_greedy
            best = cache.get(key)
            if best is not None:
                return best
        value = self._greedy_value  # the actions are listed: no check
        best = legal[0]
        best_v = value(best)
        for a in legal[1:]:
            v = value(a)
            if v > best_v:
                best, best_v = a, v
        if key is not None:
            if len(cache) > 65536:
                cache.clear()  # bounded memory in long sessions
            cache[key] = best
        return best

    def _turn_key(self) -> tuple:
        """What the mover's choices read from 2. Place to the end of its turn (see
        :meth:`greedy_action`): the step, the mover's board, the pending tiles, card and
        rearrangement, the 4-tile take (Mission M4), the workshops run this turn and the Bloom
        (Cascading Bloom), the cards completed this turn and the hand-icon tiles owed, the run
        and the overflowing workshop, and City Hall (what W4 gives, whether it may run)."""
        return (
            self.step, self.players[self.seat], self.pend, self.pcard, self.parr, self.took4,
            self.ran, self.ncomp, self.bonus, self.bloomed, self.run, self.over, self.city,
        )  # fmt: skip

    def digest(self) -> str:
        """A short hash of the whole position."""
        text = repr(tuple(getattr(self, k) for k in FIELDS))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def __eq__(self, other) -> bool:
        return isinstance(other, MajolicaState) and other.game == self.game and all(getattr(self, k) == getattr(other, k) for k in FIELDS)

    def __hash__(self) -> int:
        return hash(self.digest())

    def __repr__(self) -> str:
        who = "over" if self.seat is None else f"{self.game.seat_names[self.seat]}: {STEP_TEXT[self.step]}"
        return f"<MajolicaState round {self.round}, turn {self.turnno}, {who}>"

    # -- helpers -------------------------------------------------------------------------------
    def _reveal(self) -> MajolicaState:
        """Solo: reveal the next 4 large tiles of the face-down stack."""
        return self._copy(revealed=tuple(sorted(self.stack[:4])), stack=self.stack[4:])


class _Work(_Steps, MajolicaState):
    """The next state while one action is applied to it: a copy of the state with the mover's
    board unpacked as lists (the working slots _SCRATCH), which :meth:`freeze` packs back, turning
    the object into a plain :class:`MajolicaState` (same slots, so the class can change). The
    steps of a turn are its methods from :class:`~.turn._Steps`."""

    __slots__ = ()

    def __init__(self, s: MajolicaState, history: tuple | _HistoryLink | None = None):
        State.__init__(self, s.game, s._hist if history is None else history, s.chance)
        _transfer(self, s)
        self._legal = None
        self._unpack()
        self.chance_copied = False

    def freeze(self, history=None) -> MajolicaState:
        """Pack the mover's board back and become a plain :class:`MajolicaState` (returned);
        ``history`` replaces the history when given."""
        if self.me is not None:  # (None: the turn passed, the board is stored already)
            players = list(self.players)
            players[self.me] = self.player()
            self.players = tuple(players)
        if history is not None:
            self.history = history
        _clear(self)
        self.__class__ = MajolicaState
        return self
