"""A board in a player's notebook that plays a game held by the game server (issue #24).

``zw.join("ws://HOST:8765", token="...")`` connects with the seat's token
(:class:`~zongshi_widgets.server.client.ServedClient`) and returns the game's own board
(``ZongShiBoard``, ``ArtGalleryBoard``...), bound to the token's seat, that behaves like any
board: moves by click or ``board.play(...)``, the hint ladder, Undo as the server allows.

**The kernel never holds the truth.** Each ``state`` frame the server sends a seat carries a
position description of a *determinization* for that seat
(:func:`zongshi_widgets.server.table.seat_position`: the parts the seat cannot see dealt anew,
from a generator seeded by the server's secret and the seat's view alone). The board builds its
local position from it (:meth:`Game.from_position`), so what it draws, the legal moves it
offers, its hints and its bots' answers come from a position that shows the seat exactly what
it may see and whose other parts are a guess that depends on nothing else. Every new frame
replaces the local position; nothing is played locally: a move or an undo goes to the server
(``play``/``undo`` at the server's version), which judges it with the real position and
answers everybody with new frames, or this seat alone with a refusal, shown on the message line.

**What differs from a local board.** The line of play is the server's: the log is the one the
server sends (each move as this seat reads it); Undo takes back the last move when the server's
rules allow it (the frame's ``undo`` says why not); redo, jumps in the log, a new game, loading a
position, changing seats and the game review are refused with the reason (the review needs the
moves, which the server keeps). A spectator token makes a spectator board only in a game with
neither hidden information nor chance (GembloQ): elsewhere no position can be built from public
information alone, and :func:`join` refuses it.

**Where frames are handled.** A background thread reads the socket; the frames reach the board
on the kernel's event loop (see :mod:`zongshi_widgets.server.client`), so traits are set on the
kernel's thread. In plain Python (no running loop) :meth:`RemoteBoardMixin.sync` takes the
frames that arrived, and :meth:`RemoteBoardMixin.play` and :meth:`RemoteBoardMixin.undo` wait
for the server's answer.
"""

from __future__ import annotations

import logging
from collections import deque
from typing import Any

from ..core import Game, IllegalAction, State, Timeline
from ..core import game as make_game
from .session import Event, GameSession, SeatError

__all__ = ["RemoteBoardMixin", "RemoteSession", "join", "remote_board_class"]

_log = logging.getLogger(__name__)

#: Seconds :meth:`RemoteBoardMixin.play` and :meth:`RemoteBoardMixin.undo` wait for the server.
ANSWER_TIMEOUT = 15.0

#: What a served board refuses, by request (the server keeps the line of play).
_SERVED = "this game is played on the game server, which keeps the line of play"
_REFUSED = {
    "redo": f"{_SERVED}: a move taken back is gone (play it again)",
    "goto": f"{_SERVED}: the log shows the moves, the board shows the position now",
    "new_game": f"{_SERVED}: ask the teacher for a new game (and its token)",
    "bots": f"{_SERVED}: every seat is a player's",
}


class RemoteSession(GameSession):
    """The session of a served game: the local position built from the server's latest frame.

    Args:
        client (ServedClient): the open connection (its first frame is shown at once).
        game (Game): the rules (as the server's ``welcome`` names them).

    Raises:
        JoinError: the first frame holds no position this kernel can build (a spectator of a
            game with secrets).

    Attributes:
        client (ServedClient): the connection.
        frame (dict): the last ``state`` frame (its ``position`` included).
        log (list[dict]): the server's move log as this seat reads it (``ply``, ``seat``,
            ``text``).
        server_version (int): the server's version of the game (moves are sent at it).
        refusal (dict | None): the last ``refused`` frame (``code``, ``rule``, ``message``),
            until the next ``state`` frame.
        pending (int | None): the server version a move or undo of this board was sent at,
            until the server answers (a second click is not sent again).
        answers (deque[dict]): the last frames and refusals, newest last (what
            :meth:`RemoteBoardMixin.play` looks through for its answer); ``answered`` counts
            them all.
    """

    def __init__(self, client: Any, game: Game):
        from ..server.client import JoinError

        self.client = client
        self.seat = client.welcome["seat"]
        first = client.first
        if first.get("position") is None:
            raise JoinError(
                "the server sends no position to this token: a spectator sees public information only, and a board "
                "needs a whole position (join with a seat's token; a projector can use the lobby)"
            )
        self.frame = first
        self.log = list(first["log"])
        self.server_version = first["version"]
        self.refusal: dict | None = None
        self.pending: int | None = None  # the server version a move or undo was sent at, until answered
        self.answers: deque[dict] = deque(maxlen=64)  # the last frames and refusals (a waiting call reads them)
        self.answered = 0  # how many frames and refusals came in all
        super().__init__(self._build(game, first), None, bot_delay=0, history=False)
        client.handler = self._receive

    @staticmethod
    def _build(game: Game, frame: dict) -> State:
        return game.from_position(frame["position"], seed=0)

    # -- frames in ------------------------------------------------------------------------
    def log_at(self, frame: dict) -> list[dict]:
        """The whole log as ``frame`` (one of :attr:`answers`) left it."""
        return frame["_log"]

    def _receive(self, message: dict) -> None:
        kind = message.get("type")
        if kind in ("state", "refused"):
            self.pending = None
            if kind == "state":
                message["_log"] = self.log[: message["log_start"]] + list(message["log"])
            self.answers.append(message)
            self.answered += 1
        if kind == "state":
            self.frame = message
            self.log = list(message["_log"])
            self.server_version = message["version"]
            self.refusal = None
            built = None
            if message.get("position") is not None:
                try:
                    built = self._build(self._game, message)
                except (ValueError, NotImplementedError):  # a server of another version, say
                    _log.exception("the server's position could not be built")
            if built is not None:
                self._timeline = Timeline(built)
                self._changed(Event("remote"))
            else:  # e.g. a finished game its rules cannot pose: the last position stays
                self._changed(Event("remote", text="the server sent no position of this game for your board; its log is up to date"))
        elif kind == "refused":
            self.refusal = message
            self._changed(Event("remote_refused", action=message.get("code"), text=message.get("message", "")))
        elif kind in ("closed", "error"):
            self._changed(Event("remote_closed", text=message.get("message", "the connection is closed")))

    def _changed(self, event: Event) -> None:
        if event.kind in ("remote_refused", "remote_closed"):  # nothing changed on the board
            for fn in list(self._listeners):
                fn(event)
            return
        super()._changed(event)

    # -- moves out ------------------------------------------------------------------------
    def commit(self, action: Any, *, by_bot: bool = False) -> State:
        """Send a checked action to the server (it is played when the server's frame comes).

        Returns:
            State: the position shown now (unchanged until the frame arrives).

        Raises:
            JoinError: the connection is closed.
        """
        self.client.send({"type": "play", "action": str(action), "version": self.server_version})
        self.pending = self.server_version
        return self.state

    def send_undo(self) -> None:
        """Ask the server to take the last move back (answered by a frame or a refusal)."""
        self.client.send({"type": "undo", "version": self.server_version})
        self.pending = self.server_version

    def step(self, back: bool) -> State:
        """Undo: sent to the server (see :meth:`send_undo`); redo is refused.

        Raises:
            IndexError: redo, or the server's rules refuse the undo now (its reason).
        """
        if not back:
            raise IndexError(_REFUSED["redo"])
        why = self.undo_refusal()
        if why is not None:
            raise IndexError(why)
        self.send_undo()
        return self.state

    def undo_refusal(self) -> str | None:
        """The server's reason why this seat may not take the last move back now (``None``:
        it may)."""
        return self.frame.get("undo")

    def undo_path(self) -> list:
        """Nothing is taken back locally (the server keeps the line)."""
        return []

    def goto(self, ply: int | None = None, *, node: int | None = None) -> State:
        """Refused: the server keeps the line of play.

        Raises:
            IndexError: always (the reason).
        """
        raise IndexError(_REFUSED["goto"])

    def new_game(self, seed: int | None = None, *, run_bots: bool = True) -> State:
        """Refused: the server holds the game.

        Raises:
            ValueError: always (the reason).
        """
        raise ValueError(_REFUSED["new_game"])

    def load(self, state: State, *, history: bool = True, run_bots: bool = True) -> State:
        """Refused: the server holds the game.

        Raises:
            ValueError: always (the reason).
        """
        raise ValueError(f"{_SERVED}: a position cannot be loaded into it")

    @GameSession.seats.setter
    def seats(self, value: Any) -> None:
        raise SeatError(f"{_SERVED}: every seat is a player's, seated by the server")


class RemoteBoardMixin:
    """What a board of a served game does differently (put before the game's board class by
    :func:`remote_board_class`); see the module docstring."""

    _session: RemoteSession

    # -- Python API --------------------------------------------------------------------------
    def play(self, action: Any, *, validate: bool = True, run_bots: bool = True, timeout: float = ANSWER_TIMEOUT) -> State:
        """Play an action for this board's seat on the server and wait for its answer.

        The action is checked on the local position first (the rules' words come at once),
        then sent; the server judges it on the real position.

        Args:
            action: an action object, its notation, or a game's request form.
            validate (bool): ignored (a served game has no lesson validator); kept for the
                board's signature.
            run_bots (bool): ignored (no bots at a served table).
            timeout (float): seconds to wait for the server.

        Returns:
            State: the local position after the move (built from the server's new frame).

        Raises:
            IllegalAction: the rules refuse it (locally or on the server: ``rule`` is the
                rule's id, or ``"server.<code>"`` for the server's other refusals: not your
                turn, a stale version...); the board is unchanged and ``message`` says why.
            TimeoutError: no answer within ``timeout``.
            JoinError: the connection is closed.
        """
        if self._mode is None:
            text = "this board is a spectator's; it cannot make moves"
            self.say("refused", text)
            raise IllegalAction("server.spectator", text)
        if self.state.to_move is not None and self.state.to_move != self._mode:
            parsed = action  # another seat's turn: the server says so, in its words
        else:
            try:
                parsed = self._session.check_action(action, validate=False, parse=self._python_parse)
            except IllegalAction as exc:
                self.say("illegal", exc.message)
                raise
        self._answer(lambda: self._session.commit(parsed), timeout)
        return self.state

    def undo(self, timeout: float = ANSWER_TIMEOUT) -> State:
        """Ask the server to take back this seat's last move, and wait for its answer.

        Returns:
            State: the local position after the undo.

        Raises:
            IndexError: the server's rules refuse it (the reason: another seat's move, a move
                that showed something hidden, undo off in this game...); nothing changes.
            TimeoutError: no answer within ``timeout``.
        """
        why = self._may_rewind("undo")
        if why is not None:
            self.say("refused", why)
            raise IndexError(why)
        try:
            self._answer(self._session.send_undo, timeout, undo=True)
        except IllegalAction as exc:
            raise IndexError(exc.message) from None
        return self.state

    def _answer(self, send, timeout: float, *, undo: bool = False) -> None:
        """Send (``send()``), then handle the server's messages until the answer to this very
        message comes: a refusal (raised as :class:`IllegalAction`), or the frame of the next
        version that carries this change (a move of this seat: the log one longer, ending with
        it; an undo: the log one shorter). Another seat's change arriving first (its undo, or
        its move while this seat took its own back) is shown and the wait goes on: the server
        answers every message, so the refusal of this one (stale) then follows."""
        session = self._session
        client = session.client
        client.deliver()  # what arrived before (another seat's move) comes first
        sent_at, length, mark = session.server_version, len(session.log), session.answered
        found: list[dict] = []

        def answered() -> bool:
            new = min(session.answered - mark, len(session.answers))
            for message in list(session.answers)[len(session.answers) - new :]:
                if message.get("type") == "refused":
                    found.append(message)
                    return True
                if message.get("type") == "state" and message["version"] == sent_at + 1:
                    log = session.log_at(message)
                    if (len(log) == length - 1) if undo else (len(log) == length + 1 and log[-1].get("seat") == self._mode):
                        return True
            return False

        send()
        if not client.wait_for(answered, timeout):
            raise TimeoutError(client.closed or f"the game server did not answer within {timeout:g} s")
        if found:
            refusal = found[0]
            rule = refusal.get("rule") or f"server.{refusal.get('code')}"
            raise IllegalAction(rule, refusal.get("message", "refused"))

    def sync(self, timeout: float | None = None) -> int:
        """Show the frames that arrived (in plain Python; in a notebook they come by
        themselves).

        Args:
            timeout (float | None): wait up to that many seconds for one when none has come.

        Returns:
            int: the messages handled.
        """
        return self._session.client.deliver(timeout)

    def wait_for_version(self, version: int, timeout: float = ANSWER_TIMEOUT) -> bool:
        """Handle frames until the server's version is at least ``version`` (plain Python).

        Returns:
            bool: whether it got there within ``timeout`` seconds.
        """
        session = self._session
        return session.client.wait_for(lambda: session.server_version >= version, timeout)

    @property
    def server_version(self) -> int:
        """The server's version of the game (each move and undo adds one)."""
        return self._session.server_version

    def close(self) -> None:
        """Close the widget and the connection to the server."""
        super().close()
        session = getattr(self, "_session", None)  # None: a constructor that failed early
        if session is not None:
            session.client.close()

    # -- what differs from a local board -----------------------------------------------------
    def _on_event(self, event: Event) -> None:
        if event.kind == "remote_refused":
            code = event.action
            kind = "illegal" if code == "illegal" else "stale" if code == "stale" else "refused"
            self.say(kind, event.text)
            return
        if event.kind == "remote_closed":
            self.say("error", event.text)
            return
        if event.kind == "remote":
            self._shown_seat = None
            log = self._session.log
            if event.text:
                message = event.text
            elif log and len(log) >= len(self.moves):
                last = log[-1]
                message = f"{self.seat_label(last['seat'])} {last['text']}" if last.get("seat") is not None else last["text"]
                if self._session.frame["view"].get("is_over"):
                    winners = self._session.frame["score"].get("winners") or []
                    message += ". Game over"
                    if self.reveal_scores and winners:
                        who = " and ".join(self.seat_label(w) for w in winners)
                        message += f": {who} win{'s' if len(winners) == 1 else ''}"
            else:
                message = f"undo: back to move {len(log)}"
            self._changed(message)
            return
        super()._on_event(event)

    def _changed(self, message: str | None) -> None:
        with self.hold_sync():
            super()._changed(message)
            self.watch = {**self.watch, "served": True}  # the front end offers no review, no new game

    def make_view(self, state: State, seat: int | None) -> dict:
        view = super().make_view(state, seat)
        view["ply"] = len(self._session.log)  # the moves of the server's line (the local position has none)
        return view

    def _log_entries(self, seat: int | None) -> list[dict]:
        return [{"ply": e["ply"] + 1, "seat": e["seat"], "notation": None, "text": e["text"], "code": None, "alt": 0, "turn": None} for e in self._session.log]

    def _cursor_info(self) -> dict:
        n = len(self._session.log)
        return {
            "ply": n,
            "start": 0,
            "end": n,
            "node": self.timeline.cursor.id,
            "can_undo": n > 0 and self._may_rewind("undo") is None,
            "can_redo": False,
            "nodes": 1,
            "branches": [],
            "seed": None,
        }

    def _acting_seat(self) -> int | None:
        frame = self._session.frame
        if frame["view"].get("is_over") or frame.get("position") is None:
            return None  # over on the server (its last position may be one no rule can pose)
        return super()._acting_seat()

    def _may_rewind(self, what: str, target=None) -> str | None:
        if self._mode is None:
            return "this board is a spectator's: it only watches the game"
        if what == "undo":
            return self._session.undo_refusal()
        return _REFUSED.get(what, _SERVED)

    def _waiting(self) -> bool:
        """A move or an undo of this board is on its way to the server (a second click of a
        double click waits for the answer instead of being sent again)."""
        if self._session.pending is not None and self._session.pending == self._session.server_version:
            self.say("info", "sent to the game server; waiting for its answer")
            return True
        return False

    def _req_play(self, content: dict) -> None:
        """The browser's move: checked here (the rules' words at once), sent to the server."""
        if self._waiting():
            return
        super()._req_play(content)

    def _req_undo(self, content: dict) -> None:
        """The browser's Undo: sent to the server when its rules allow it (answered by frames)."""
        if self._stale(content, required=False) or self._refuse_rewind("undo") or self._waiting():
            return
        self._session.send_undo()

    def _review_seat(self, seat: Any) -> int | None:
        from .review import ReviewRefused

        raise ReviewRefused(f"{_SERVED}: its moves are on the server, so this board cannot review them")

    def _dealt_from_seed(self) -> bool:
        return False

    @property
    def seed(self) -> None:
        """``None``: the server keeps the seed of a served game (whoever knew it could work out
        every deal); the local position is a guess at the hidden parts, not a deal."""
        return None


_CLASSES: dict[type, type] = {}

#: Board options a served game takes from the server (or cannot have): refused by :func:`join`.
_FROM_SERVER = frozenset({"seat", "session", "open_hands", "state", "seats", "players", "seed", "variant", "bot_delay", "bot_seed", "history"})


def remote_board_class(board: type) -> type:
    """The served-game version of a board class (``RemoteZongShiBoard`` for ``ZongShiBoard``),
    made once per class.

    Args:
        board (type): a :class:`~zongshi_widgets.widgets.base.GameBoard` subclass.

    Returns:
        type: the subclass with :class:`RemoteBoardMixin` first.
    """
    made = _CLASSES.get(board)
    if made is None:
        made = _CLASSES[board] = type(f"Remote{board.__name__}", (RemoteBoardMixin, board), {"__module__": __name__, "__doc__": RemoteBoardMixin.__doc__})
    return made


def join(address: str, token: str, *, game_id: str | None = None, timeout: float = 10.0, **board_options: Any):
    """Join a served game with a seat's token: the game's own board, bound to that seat,
    playing on the server (see the module docstring and the README, "Playing across machines").

    Args:
        address (str): the server, e.g. ``"ws://HOST:8765"`` (``http://``, ``wss://`` and a
            trailing ``/ws`` are understood).
        token (str): the seat's token, as the lobby handed it out.
        game_id (str | None): the game's id, to check that the token is this game's.
        timeout (float): seconds to wait for the server.
        **board_options: the board's widget options (``task``, ``layout``...).

    Returns:
        GameBoard: e.g. a ``RemoteArtGalleryBoard`` (an ``ArtGalleryBoard``), ``seat`` the
        token's seat.

    Raises:
        JoinError: the server cannot be reached, refuses the token, the token is another
            game's, or a spectator token of a game with secrets.
        ValueError: a bad address or token.
        TypeError: an unknown board option, or one the server decides (``seat``, ``seats``,
            ``state``, ``session``, ``players``, ``seed``, ``variant``, the bots' options) or
            that a served board cannot have (``open_hands``).
    """
    from ..server.client import JoinError, ServedClient
    from . import board_class

    fixed = sorted(set(board_options) & _FROM_SERVER)
    if fixed:
        raise TypeError(
            f"join() takes no {', '.join(fixed)}: the token says the seat, and the server holds the game, its players and "
            "seats (and a served board knows only its own seat's secrets, so no open_hands)"
        )
    client = ServedClient(address, token, timeout=timeout)
    try:
        welcome = client.welcome
        if game_id is not None and welcome["game_id"] != game_id:
            raise JoinError(f"this token is for game {welcome['game_id']}, not {game_id}")
        game = make_game(welcome["game"], players=welcome["players"], **welcome["options"])
        session = RemoteSession(client, game)
        cls = remote_board_class(board_class(game.name))
        return cls(session=session, seat=welcome["seat"], **board_options)
    except BaseException:
        client.close()
        raise
