"""The browser's requests to a board: a move, a preview, undo, redo, a jump, bots, a new game, and more.

:class:`RequestsMixin` is part of every :class:`~zongshi_widgets.widgets.base.GameBoard`. Each
handler is registered with :func:`~zongshi_widgets.widgets.protocol.request` (the protocol
checks a request's form first); here they check what the board allows: a ``version`` made at
an earlier position is stale (except the second click of a double click,
:meth:`RequestsMixin._played_already`), a move must be the watching seat's
(:meth:`RequestsMixin._refuse_not_yours`), and undo, redo, jumps and new games go through
:meth:`~zongshi_widgets.widgets.move_log.MoveLogMixin._may_rewind`. Refusals are answered on
the message line and change nothing; trait writes from the browser are refused
(:meth:`RequestsMixin.set_state`). Other requests live with their concern: ``hint`` in
:mod:`~zongshi_widgets.widgets.hints`, ``review``, ``review_cancel`` and ``review_show`` in
:mod:`~zongshi_widgets.widgets.review`.
"""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction
from .protocol import BadRequest, _is_int, request
from .session import HUMAN, seat_label
from .watching import AUTO

__all__ = ["RequestsMixin"]


class RequestsMixin:
    """The request handlers of a board (mixed into :class:`~zongshi_widgets.widgets.base.GameBoard`)."""

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
            target = self.timeline.node(node) if node is not None else self._node_at_ply(ply)
        except KeyError:
            target = None  # goto below gives the reason
        if target is not None and self._refuse_rewind("goto", target):
            return
        try:
            self.goto(ply, node=node)
        except (IndexError, KeyError) as exc:
            raise BadRequest(str(exc).strip("'\"")) from None

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
