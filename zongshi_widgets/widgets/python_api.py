"""A board in plain Python: its session and position, and the moves made from a notebook cell.

:class:`PythonAPIMixin` is part of every :class:`~zongshi_widgets.widgets.base.GameBoard`:
:attr:`~PythonAPIMixin.session`, :attr:`~PythonAPIMixin.state`, :attr:`~PythonAPIMixin.timeline`,
:meth:`~PythonAPIMixin.play`, :meth:`~PythonAPIMixin.undo`, :meth:`~PythonAPIMixin.redo`,
:meth:`~PythonAPIMixin.goto`, :meth:`~PythonAPIMixin.new_game`, :meth:`~PythonAPIMixin.load`,
:meth:`~PythonAPIMixin.explain`, the lesson hooks (:attr:`~PythonAPIMixin.validator`,
:meth:`~PythonAPIMixin.observe_play`). Most of them hand the work to the board's
:class:`~zongshi_widgets.widgets.session.GameSession`, whose events redraw every board showing it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import IllegalAction, State, Timeline
from .protocol import BadRequest
from .session import GameSession

__all__ = ["PythonAPIMixin"]


class PythonAPIMixin:
    """The Python side of a board (mixed into :class:`~zongshi_widgets.widgets.base.GameBoard`)."""

    @property
    def session(self) -> GameSession:
        """The game session shown (share it: ``GameBoard(session=board.session, seat=1)``).

        Boards sharing a session on one kernel are for one screen: Jupyter sends every board's
        messages to every browser attached to the kernel, so a seat-bound board keeps no secret
        from another browser of that kernel. Players at separate screens join the game server
        from their own kernels (``zw.join``; README, "Playing across machines")."""
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
