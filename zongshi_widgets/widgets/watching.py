"""Who a board watches and who may act: hot seat, a bound seat or a spectator, and the privacy screen.

:class:`WatchingMixin` is part of every :class:`~zongshi_widgets.widgets.base.GameBoard`
(the watching modes are described in that module's docstring). It decides whose view is sent
(:meth:`~WatchingMixin._looking_seat`: ``None``, the spectator's, behind the privacy screen or
before a live view has opened a board of a game with secrets, :attr:`~WatchingMixin.awaiting_view`),
which seat the board may act for (:meth:`~WatchingMixin._acting_seat`) and whether a seat may
see an action whole (:meth:`~WatchingMixin._sees`).
"""

from __future__ import annotations

from typing import Any

from ..core import State
from ..core.timeline import Node
from .session import HUMAN

__all__ = ["AUTO", "WatchingMixin"]

#: Watching mode of a hot-seat board.
AUTO = "auto"


class WatchingMixin:
    """Who the board shows and who may act (mixed into :class:`~zongshi_widgets.widgets.base.GameBoard`).

    Python: :attr:`seat`, :attr:`open_hands`, :meth:`ready` (lift the privacy screen),
    :attr:`awaiting_view`.
    """

    def _check_seat_mode(self, seat: Any) -> int | None | str:
        if seat == AUTO or seat is None:
            return seat
        try:
            return self._game.check_seat(seat, spectator=False)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"seat must be 'auto', a seat number or None (a spectator): {exc}") from None

    @property
    def seat(self) -> int | None | str:
        """Who this board watches: ``"auto"``, a seat number, or ``None`` (spectator)."""
        return self._mode

    @property
    def open_hands(self) -> bool:
        """The teaching mode that shows every seat's secrets."""
        return self._open_hands

    def ready(self) -> None:
        """Lift the privacy screen: the person it names is at the screen now."""
        target = self._target_seat()
        self._shown_seat = target
        self._changed("")

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

    def _sees(self, before: State, action: Any, seat: int | None) -> bool:
        """May ``seat`` see ``action`` whole (its own, a public one, or open hands)?"""
        if self._open_hands or seat == before.to_move:
            return True
        return before.action_text(action, seat) == str(action)
