"""A game session in plain Python: the timeline, whose turn, the bots, lesson hooks.

A :class:`GameSession` is what one or several boards show. It knows nothing of widgets or
browsers (it is tested without ipywidgets): boards subscribe to it, and after every change it
tells them what happened (:class:`Event`); each board then redraws itself *for the seat it
watches*. Several boards can share one session, each bound to one seat: each board shows only
its seat's hand and acts only for its seat, and a move made on one board shows on all. They are
for one screen (a teacher's demo): Jupyter sends every widget message of a kernel to every
browser attached to that kernel, so players at separate screens on one kernel would receive
each other's boards (see ``docs/ARCHITECTURE.md``, Who watches).
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..agents import Agent
from ..agents import agent as make_agent
from ..agents import agents as bot_names
from ..agents.base import foreign_bot_message
from ..core import Game, IllegalAction, State, Timeline
from ..core.timeline import Node

__all__ = ["HUMAN", "Event", "GameSession", "SeatError", "check_seats", "seat_label"]

#: The seat kind of a person at a board.
HUMAN = "human"

_log = logging.getLogger(__name__)


class SeatError(ValueError):
    """A seat that is neither ``"human"``, a known bot name nor a bot object fit for the game,
    or the wrong number of seats."""


@dataclass(frozen=True)
class Event:
    """What changed in a session, as told to the boards showing it.

    Attributes:
        kind (str): ``"move"``, ``"undo"``, ``"redo"``, ``"goto"``, ``"new_game"``,
            ``"loaded"``, ``"seats"``, ``"thinking"``, ``"feedback"``, ``"bot_failed"`` or
            ``"refresh"``; a served game's session (:mod:`.remote`) adds ``"remote"`` (a new
            frame), ``"remote_refused"`` and ``"remote_closed"``.
        before (State | None): for ``"move"``: the position the action was played in.
        action: for ``"move"``: the action played.
        after (State | None): for ``"move"``: the position after it.
        by_bot (bool): for ``"move"``: a bot made it.
        text (str): for ``"bot_failed"``: what went wrong.
    """

    kind: str
    before: State | None = None
    action: Any = None
    after: State | None = None
    by_bot: bool = False
    text: str = ""


def check_seats(seats: Any, game: Game) -> tuple[str | Agent, ...]:
    """A seat list as given to a session or board: ``None`` (every seat human) or one entry
    per seat, each ``"human"``, a bot name of :func:`zongshi_widgets.agents.agents` for this
    game, or a configured bot object (any :class:`zongshi_widgets.agents.Agent`, e.g.
    ``zw.agents.agent("mcts", seconds=2)``; a bot made for another game, one of that game's
    own bots, is refused since it reads that game's positions).

    Returns:
        tuple[str | Agent, ...]: the seats (a tuple: change seats by assigning a new list).

    Raises:
        SeatError: a string (one kind is not a list of seats), not a list, ``None`` entries,
            entries that are neither strings nor bots, the wrong number, unknown bot names,
            or a bot of another game.
    """
    players = game.players
    if seats is None:
        return (HUMAN,) * players
    known = bot_names(game)
    example = ", ".join(repr(k) for k in ([HUMAN] + [known[-1] if known else HUMAN] * (players - 1)))
    if isinstance(seats, str):
        raise SeatError(f"seats must be a list with one entry per seat (e.g. [{example}]), not the string {seats!r}")
    if not isinstance(seats, (list, tuple)):
        raise SeatError(f"seats must be a list with one entry per seat (e.g. [{example}]), not {type(seats).__name__}")
    seats = tuple(seats)
    for i, s in enumerate(seats):
        if not isinstance(s, (str, Agent)):
            what = "None" if s is None else f"{s!r} ({type(s).__name__})"
            raise SeatError(
                f"seat {i} is {what}; each seat is 'human', a bot name ({', '.join(known)}) or a bot object made with zongshi_widgets.agents.agent(...)"
            )
    if len(seats) != players:
        raise SeatError(f"this game has {players} seat{'' if players == 1 else 's'}; got {len(seats)} seat kinds: {[seat_label(s) for s in seats]}")
    for i, s in enumerate(seats):
        if isinstance(s, str):
            if s != HUMAN and s not in known:
                raise SeatError(f"a seat is 'human' or a bot ({', '.join(known)}), not {s!r}")
            continue
        problem = foreign_bot_message(s, game, i)
        if problem is not None:
            raise SeatError(problem)
    return seats


def seat_label(kind: str | Agent) -> str:
    """How boards and messages name a seat: ``"human"``, the bot's name, or a bot object's
    :attr:`~zongshi_widgets.agents.Agent.label` (e.g. ``"mcts[2s]"``). Boards sync this
    label to the browser; the bot object itself stays in Python."""
    return kind if isinstance(kind, str) else kind.label


def check_bot_delay(value: Any) -> float:
    """``value`` as seconds >= 0.

    Raises:
        ValueError: not a finite number >= 0 (bools refused).
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ValueError(f"bot_delay must be a number of seconds >= 0, not {value!r}")
    return float(value)


def check_bot_seed(value: Any) -> int | None:
    """``value`` as a bot seed.

    Raises:
        TypeError: neither an int nor ``None``.
    """
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise TypeError(f"bot_seed must be an int or None, not {value!r} ({type(value).__name__})")
    return value


#: Determinizations tried by :func:`reveals_hidden` (fixed seeds: the answer is reproducible).
REVEAL_SAMPLES = 6


def reveals_hidden(before: State, action: Any, after: State, samples: int = REVEAL_SAMPLES) -> bool:
    """Whether playing ``action`` in ``before`` (giving ``after``) showed its mover or the
    table something that was hidden: a card or tile drawn from a face-down deck or bag, bids
    turned over, a chance outcome. Read from the kernel contract alone: the position is dealt
    anew for the mover ``samples`` times (:meth:`State.determinize`, seeds 0, 1, ...), the same
    action is played in each, and the answer is ``True`` when what the mover then sees (the
    public view and its own private view) differs from one deal to another or from ``after``.
    A draw from a deck whose cards are all alike can pass unseen, and then nothing was learned.

    Boards use it so that an undo never crosses such a move while other people play: after the
    undo the same card would be drawn again, by the same person or the next, and the one who
    took the move back would know it in advance (docs/ARCHITECTURE.md, Who watches).

    Args:
        before (State): the position the move was made in (a person or a bot to move).
        action: the action played, as the timeline keeps it.
        after (State): the position it led to.
        samples (int): deals tried (>= 1).

    Returns:
        bool: ``False`` in games with neither hidden information nor chance, and when nobody was
        to move.
    """
    gt = before.game.game_type
    mover = before.to_move
    if mover is None or not (gt.hidden_information or gt.chance):
        return False

    def seen(state: State) -> str:
        return json.dumps([state.public_view(), state.private_view(mover)], sort_keys=True, default=str)

    truth = seen(after)
    for k in range(samples):
        sample = before.determinize(mover, random.Random(k))
        try:
            if seen(sample.play(action)) != truth:
                return True
        except IllegalAction:
            return True  # the move's legality itself rested on something hidden
    return False


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class GameSession:
    """One game being played: its timeline of positions, who sits where, and the bots.

    Args:
        state (State): the starting position.
        seats (list[str | Agent] | None): per seat, ``"human"``, a bot name (generic or the
            game's own, see :func:`zongshi_widgets.agents.agents`), or a configured bot object
            (e.g. ``zongshi_widgets.agents.agent("mcts", seconds=2)``, used as given with its
            own seed; see :func:`check_seats`); default every seat human.
        bot_delay (float): seconds between bot moves made after a request from a browser.
        bot_seed (int | None): seed of the named bots' own choices (seat ``i`` uses
            ``bot_seed + i``; a bot object keeps its own generator).
        history (bool): rebuild ``state``'s history as undoable moves (``True``) or start the
            timeline at ``state``.

    Raises:
        TypeError: ``state`` is not a :class:`~zongshi_widgets.core.State`, ``history`` is not
            a bool, ``bot_seed`` is neither an int nor ``None``.
        SeatError: see :func:`check_seats`.
        ValueError: ``bot_delay`` is not a number >= 0.

    Attributes:
        validator (Callable[[State, Any], str | None] | None): a lesson's gate, called with
            ``(state, action)`` before a person's move; a returned text refuses the move.
        version (int): bumps on every change of position or seats.
        thinking (int): the seat of the bot about to move in the browser, ``-1`` for none.
        show_seconds (Callable[[State, Any, State], float] | None): how many seconds the
            browser takes to show a move step by step (``(before, action, after)``; Majolica's
            cascades): the next bot move in the browser waits that much longer than
            ``bot_delay``, so a bot does not cut the story short. ``None``: no wait.
    """

    def __init__(
        self,
        state: State,
        seats: list[str] | None = None,
        *,
        bot_delay: float = 0.5,
        bot_seed: int | None = 0,
        history: bool = True,
    ):
        if not isinstance(state, State):
            raise TypeError(f"state must be a zongshi_widgets State, not {type(state).__name__}")
        if not isinstance(history, bool):
            raise TypeError(f"history must be True or False, not {history!r}")
        self._game = state.game
        self._seats = check_seats(seats, self._game)
        self._bot_delay = check_bot_delay(bot_delay)
        self._bot_seed = check_bot_seed(bot_seed)
        self._timeline = self._make_timeline(state, history)
        self._listeners: list[Callable[[Event], None]] = []
        self._observers: list[Callable[[State, Any, State], str | None]] = []
        self._agents: dict[int, Any] = {}
        self._bot_gen = 0
        self._bot_handle: asyncio.TimerHandle | None = None
        self._feedback = ""
        self._feedback_node: int | None = None
        self.validator: Callable[[State, Any], str | None] | None = None
        self.show_seconds: Callable[[State, Any, State], float] | None = None
        self.version = 1
        self.thinking = -1
        self._make_agents()

    # -- what is shown ------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game being played."""
        return self._game

    @property
    def state(self) -> State:
        """The position shown (the timeline's cursor)."""
        return self._timeline.state

    @property
    def timeline(self) -> Timeline:
        """Every position tried (undo, redo, branches). After changing it directly, call
        :meth:`refresh`."""
        return self._timeline

    @property
    def seats(self) -> tuple[str | Agent, ...]:
        """Per seat ``"human"``, a bot name or a bot object (a tuple; assign a new list to
        change it: ``session.seats = ["human", "<bot name>"]``; checked by :func:`check_seats`)."""
        return self._seats

    @seats.setter
    def seats(self, value: Any) -> None:
        seats = check_seats(value, self._game)
        if seats == self._seats:
            return
        self.cancel_bots()
        self._seats = seats
        self._make_agents()
        self._changed(Event("seats"))

    @property
    def bot_delay(self) -> float:
        """Seconds between bot moves in the browser (``ValueError`` unless a number >= 0)."""
        return self._bot_delay

    @bot_delay.setter
    def bot_delay(self, value: float) -> None:
        self._bot_delay = check_bot_delay(value)

    @property
    def bot_seed(self) -> int | None:
        """Seed of the bots' own choices (used when bots are made: at the start, on a new
        game and when seats change; ``TypeError`` unless an int or ``None``)."""
        return self._bot_seed

    @bot_seed.setter
    def bot_seed(self, value: int | None) -> None:
        self._bot_seed = check_bot_seed(value)

    def humans(self) -> list[int]:
        """The seats played by people, in turn order."""
        return [i for i, kind in enumerate(self._seats) if kind == HUMAN]

    def bot_seat(self, state: State | None = None) -> int | None:
        """The seat to move in ``state`` (default: the shown one) when a bot plays it."""
        state = self.state if state is None else state
        seat = state.to_move
        if seat is None or self._seats[seat] == HUMAN:
            return None
        return seat

    # -- listeners ----------------------------------------------------------------------
    def subscribe(self, fn: Callable[[Event], None]) -> None:
        """Call ``fn(event)`` after every change (boards redraw from it)."""
        self._listeners.append(fn)

    def unsubscribe(self, fn: Callable[[Event], None]) -> None:
        """Stop calling ``fn``; unknown functions are ignored."""
        if fn in self._listeners:
            self._listeners.remove(fn)

    def refresh(self) -> None:
        """Tell every board to redraw (after changing the timeline directly)."""
        self._changed(Event("refresh"))

    def _changed(self, event: Event) -> None:
        if event.kind not in ("thinking", "feedback", "bot_failed"):
            self.version += 1
            if self._feedback and not self._feedback_applies():
                self._feedback = ""
        for fn in list(self._listeners):
            fn(event)

    # -- lesson hooks -------------------------------------------------------------------
    def observe_play(self, fn: Callable[[State, Any, State], str | None]) -> Callable:
        """Call ``fn(before, action, after)`` after every accepted move (people's and bots');
        a returned text becomes :attr:`feedback`. Usable as a decorator; returns ``fn``."""
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
        """The hooks called after each accepted move (a list you may edit)."""
        return self._observers

    @property
    def feedback(self) -> str:
        """The lesson's words about the last judged move. Cleared as soon as the shown
        position is not the one it was given at or a position after it."""
        return self._feedback

    @feedback.setter
    def feedback(self, value: str) -> None:
        value = str(value or "")
        self._feedback = value
        self._feedback_node = self._timeline.cursor.id if value else None
        self._changed(Event("feedback"))

    def _feedback_applies(self) -> bool:
        if self._feedback_node is None:
            return True
        node: Node | None = self._timeline.cursor
        while node is not None:
            if node.id == self._feedback_node:
                return True
            node = node.parent
        return False

    # -- actions ------------------------------------------------------------------------
    def allowed_actions(self, state: State | None = None) -> list:
        """The legal actions of ``state`` (default: shown) that the lesson's validator allows."""
        state = self.state if state is None else state
        actions = list(state.legal_actions())
        if self.validator is not None:
            actions = [a for a in actions if self.validator_says(state, a) is None]
        return actions

    def validator_says(self, state: State, action: Any) -> str | None:
        """The validator's refusal of ``action`` in ``state`` (``None``: allowed). A failing
        validator refuses, saying why, instead of raising."""
        try:
            return self.validator(state, action) if self.validator else None
        except Exception as exc:  # a broken lesson hook must not break the board
            _log.exception("board validator failed")
            return f"the lesson's check failed ({type(exc).__name__}: {exc})"

    def check_action(self, action: Any, *, validate: bool, parse: Callable[[State, Any], Any] | None = None) -> Any:
        """The action, parsed and checked against the rules (and the validator).

        Args:
            action: an action, its notation, or what ``parse`` reads.
            validate (bool): also ask the validator.
            parse (Callable[[State, Any], Any] | None): a board's reader of request forms.

        Raises:
            IllegalAction: the rules (or, rule ``"board.validator"``, the lesson) refuse it.
        """
        state = self.state
        if state.is_over:
            raise IllegalAction("core.game-over", "The game is over: nobody may act any more.")
        if parse is not None:
            parsed = parse(state, action)
        elif isinstance(action, str):
            parsed = state.parse_action(action)
        else:
            state.check(action)
            parsed = action
        if validate and self.validator is not None:
            why = self.validator_says(state, parsed)
            if why is not None:
                raise IllegalAction("board.validator", why)
        return parsed

    def commit(self, action: Any, *, by_bot: bool = False) -> State:
        """Play a checked action (see :meth:`check_action`), run the lesson hooks, tell the
        boards.

        Returns:
            State: the position after it.
        """
        before = self.state
        after = self._timeline.play(action)
        played = after.history[-1] if after.history else action
        said: list[str] = []
        for fn in list(self._observers):
            try:
                out = fn(before, played, after)
            except Exception as exc:  # a broken lesson hook must not break the board
                _log.exception("on_play hook failed")
                out = f"(the lesson's check failed: {type(exc).__name__}: {exc})"
            if out:
                said.append(str(out))
        if said:
            self._feedback = "\n".join(said)
            self._feedback_node = self._timeline.cursor.id
        elif not by_bot:
            self._feedback = ""
            self._feedback_node = None
        self._changed(Event("move", before, played, after, by_bot))
        return after

    def play(self, action: Any, *, validate: bool = True, run_bots: bool = True) -> State:
        """Play an action for the seat to move, then (``run_bots``) let the bots answer at once.

        Raises:
            IllegalAction: the rules or the validator refuse it; nothing changes.
        """
        self.cancel_bots()
        parsed = self.check_action(action, validate=validate)
        after = self.commit(parsed)
        if run_bots:
            self.run_bots()
        return after

    def undo_path(self) -> list[Node]:
        """The positions :meth:`step` back would leave, newest first: the cursor, then on over
        the bots' moves until a person is to move again (empty at the first position)."""
        tl = self._timeline
        node, path = tl.cursor, []
        while node.parent is not None:
            path.append(node)
            node = node.parent
            if not (self.bot_seat(node.state) is not None and self.humans()):
                break
        return path

    def revealed(self, node: Node) -> bool:
        """Whether the move that led to ``node`` showed something hidden
        (:func:`reveals_hidden`), remembered per position.

        Args:
            node (Node): a position of this session's timeline, not its root.
        """
        cache = self.__dict__.setdefault("_revealed", {})
        hit = cache.get(id(node))
        if hit is None or hit[0] is not node:
            hit = cache[id(node)] = (node, reveals_hidden(node.parent.state, node.action, node.state))
        return hit[1]

    def undo_refusal(self) -> str | None:
        """Why :meth:`step` back would take back no person's move, or ``None`` when it would.

        With people and bots at one table, undo takes back a person's moves (and the bots'
        answers to them). When every move before the cursor is a bot's (the bots opened the
        game before a person's first turn), there is nothing of theirs to take back: those
        moves stand, and undo is refused rather than rewinding into the bots' turns.

        Returns:
            str | None: the reason, or ``None``.
        """
        if not self.humans() or len(self.humans()) == len(self._seats):
            return None
        path = self.undo_path()
        if path and not any(self._seats[n.parent.state.to_move] == HUMAN for n in path if n.parent.state.to_move is not None):
            return "nothing of yours to undo: the bots' moves before your first turn stand"
        return None

    def step(self, back: bool) -> State:
        """Undo (``back``) or redo one move, then on over bot moves until a person is to move
        again (when some seat is human). With people and bots, undo takes back a person's move:
        when only the bots have moved so far, it is refused (:meth:`undo_refusal`).

        Raises:
            IndexError: nothing to undo / redo, or no person's move to undo; nothing changes.
        """
        tl = self._timeline
        can, move = (tl.can_undo, tl.undo) if back else (tl.can_redo, tl.redo)
        if not can():
            raise IndexError("nothing to undo: this is the first position" if back else "nothing to redo from this position")
        if back and (why := self.undo_refusal()) is not None:
            raise IndexError(why)
        self.cancel_bots()
        move()
        while can() and self.bot_seat(tl.state) is not None and self.humans():
            move()
        self._changed(Event("undo" if back else "redo"))
        return self.state

    def goto(self, ply: int | None = None, *, node: int | None = None) -> State:
        """Show the position after ``ply`` moves of the current line, or timeline node ``node``
        (bots do not move after a jump).

        Raises:
            TypeError: neither or both given, or not ints.
            IndexError: the line has no such ply (the message gives the range).
            KeyError: no such node.
        """
        if (ply is None) == (node is None):
            raise TypeError("goto needs exactly one of ply= or node=")
        for name, value in (("ply", ply), ("node", node)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise TypeError(f"goto: {name} must be an int, not {value!r} ({type(value).__name__})")
        start = len(self._timeline.root.state.history)
        if ply is not None:
            end = start + len(self._timeline.line()) - 1
            if not start <= ply <= end:
                raise IndexError(f"goto: the current line has plies {start}..{end}, not {ply}")
        self.cancel_bots()
        if node is not None:
            self._timeline.goto(node)
        else:
            self._timeline.goto_ply(ply - start)
        self._changed(Event("goto"))
        return self.state

    def new_game(self, seed: int | None = None, *, run_bots: bool = True) -> State:
        """Start a new game of the same game and seats (the old timeline is dropped).

        Raises:
            TypeError: ``seed`` is neither an int nor ``None``.
        """
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise TypeError(f"seed must be an int or None, not {seed!r} ({type(seed).__name__})")
        self.cancel_bots()
        self._timeline = Timeline(self._game.new_state(seed=seed))
        self._feedback, self._feedback_node = "", None
        self._make_agents()
        self._changed(Event("new_game"))
        if run_bots:
            self.run_bots()
        return self.state

    def load(self, state: State, *, history: bool = True, run_bots: bool = True) -> State:
        """Show another position of the same game.

        Raises:
            TypeError: not a State, or ``history`` not a bool.
            ValueError: another game or player count.
        """
        if not isinstance(state, State):
            raise TypeError(f"load needs a State of {self._game!r}, not {type(state).__name__}")
        if not isinstance(history, bool):
            raise TypeError(f"history must be True or False, not {history!r}")
        if state.game != self._game:
            raise ValueError(f"this board plays {self._game!r}; make a new board for {state.game!r}")
        self.cancel_bots()
        self._timeline = self._make_timeline(state, history)
        self._feedback, self._feedback_node = "", None
        self._changed(Event("loaded"))
        if run_bots:
            self.run_bots()
        return self.state

    # -- bots ---------------------------------------------------------------------------
    def run_bots(self) -> int:
        """Let the bot seats move now, one after another, until a person is to move or the game
        is over. Returns how many moves they made."""
        self.cancel_bots()
        moves = 0
        while (seat := self.bot_seat()) is not None:
            self.commit(self._agents[seat].choose(self.state, seat), by_bot=True)
            moves += 1
        return moves

    def schedule_bots(self) -> None:
        """After a request from a browser: one bot move after :attr:`bot_delay` seconds on the
        kernel's event loop, then the next...; at once when no loop runs (plain Python)."""
        seat = self.bot_seat()
        if seat is None:
            return
        loop = _running_loop()
        if loop is None:
            self.run_bots()
            return
        self._bot_gen += 1
        gen = self._bot_gen
        self._set_thinking(seat)
        self._bot_handle = loop.call_later(self._bot_delay + self._showing(), self._bot_step, gen)

    def _showing(self) -> float:
        """Seconds the browser still needs to show the last move (see ``show_seconds``); none
        when bots move without a delay."""
        node = self.timeline.cursor
        if self.show_seconds is None or not self._bot_delay or node.parent is None:
            return 0.0
        try:
            return max(0.0, float(self.show_seconds(node.parent.state, node.action, node.state)))
        except Exception:  # a board's estimate must never stop the bots
            _log.exception("show_seconds failed")
            return 0.0

    def cancel_bots(self) -> None:
        """Stop a scheduled bot move."""
        self._bot_gen += 1
        if self._bot_handle is not None:
            self._bot_handle.cancel()
            self._bot_handle = None
        self._set_thinking(-1)

    def _set_thinking(self, seat: int) -> None:
        if self.thinking != seat:
            self.thinking = seat
            self._changed(Event("thinking"))

    def _bot_step(self, gen: int) -> None:
        if gen != self._bot_gen:
            return
        self._bot_handle = None
        seat = self.bot_seat()
        if seat is None:
            self._set_thinking(-1)
            return
        try:
            action = self._agents[seat].choose(self.state, seat)
            self.thinking = -1
            self.commit(action, by_bot=True)
            self.schedule_bots()
        except Exception as exc:  # keep the boards alive; say what happened
            _log.exception("bot move failed")
            self.thinking = -1
            self._changed(Event("bot_failed", text=f"the {seat_label(self._seats[seat])} bot failed: {type(exc).__name__}: {exc}"))

    def bot_choice(self, bot: str, seat: int, seed: int) -> Any:
        """What bot ``bot`` would play for ``seat`` (the seat to move): it decides from what
        that seat may see, like every bot.

        Raises:
            KeyError: unknown bot name.
        """
        return make_agent(bot, seed=seed, game=self._game).choose(self.state, seat)

    def _make_agents(self) -> None:
        seed = self._bot_seed
        self._agents = {
            i: kind if isinstance(kind, Agent) else make_agent(kind, seed=None if seed is None else seed + i, game=self._game)
            for i, kind in enumerate(self._seats)
            if kind != HUMAN
        }

    def _make_timeline(self, state: State, history: bool) -> Timeline:
        """A timeline whose root is where ``state``'s game began (its ``new_state`` or its
        position description), with its history as undoable moves; else rooted at ``state``."""
        if history and state.history and not state.is_sample:
            try:
                game, seed = state.game, state.chance.seed
                root = game.new_state(seed=seed) if state.origin is None else game.from_position(state.origin, seed=seed)
                tl = Timeline(root)
                for action in state.history:
                    tl.play(action)
                if tl.state.digest() == state.digest():
                    return tl
            except (IllegalAction, ValueError, TypeError, NotImplementedError):
                pass
        return Timeline(state)

    def __repr__(self) -> str:
        return f"<GameSession {self.state!r}, seats={[seat_label(k) for k in self._seats]}>"
