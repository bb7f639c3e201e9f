"""Redrawing a board for its watching seat: session events in, synced traits out, and the message line.

:class:`SyncMixin` is part of every :class:`~zongshi_widgets.widgets.base.GameBoard` (which
declares the traits). The board follows its :class:`~zongshi_widgets.widgets.session.GameSession`:
each event (a move, undo, a jump, a new game, a bot thinking...) ends in
:meth:`SyncMixin._changed`, which recomputes every derived trait for the watching seat in one
update (``view``, ``legal``, ``blocked``, ``moves``, ``cursor``, ``watch``, ``screen``, ``hint``,
``thinking``, ``feedback``, ``review_status``, ``version``). :meth:`SyncMixin.say` sets the
message line (``message``: information or a refusal, sent as ``{kind, text}``).
"""

from __future__ import annotations

from ..core import State
from .session import HUMAN, Event, seat_label
from .traits import SeatList
from .watching import AUTO

__all__ = ["REFUSAL_KINDS", "SyncMixin"]

#: Kinds of message that refuse or fail a request (cleared by a "dismiss" request); any other
#: message is of kind ``"info"``.
REFUSAL_KINDS = ("illegal", "refused", "stale", "error")


class SyncMixin:
    """Following the session and recomputing the synced traits (mixed into
    :class:`~zongshi_widgets.widgets.base.GameBoard`).

    Python: :meth:`say`, :meth:`dismiss`.
    """

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

    def dismiss(self) -> None:
        """Clear a refusal (``"illegal: ..."``...) from :attr:`message`."""
        self._clear_refusal()

    def _clear_refusal(self) -> None:
        if getattr(self, "_message_kind", "info") in REFUSAL_KINDS:
            self.say("info", "")

    def _on_seats(self, change) -> None:
        if tuple(change["new"]) != self._session.seats:
            self._session.seats = list(change["new"])
            self._session.schedule_bots()

    def _on_reveal_scores(self, change) -> None:
        self.send_state("view")
