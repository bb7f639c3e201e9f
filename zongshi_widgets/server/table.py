"""A served game in plain Python: the true line of play, the rules a move or an undo must pass,
and the frame each seat receives. No web framework here (``app.py`` carries it to clients).

Everything a frame holds is made for the seat it is sent to: ``state.view(seat)`` (a spectator:
``view(None)``), the legal actions only for the seat to move, the move log as that seat reads it
(``state.action_text(action, seat)``) and the score sheet counting only what it may see
(``visible_score_sheet(seat)``).

A seat's frame also carries ``position``: a position description of a *determinization* of the
game for that seat (``state.determinize(seat, rng)``, every part the seat cannot see dealt
anew), from which a board in the seat's own kernel builds a local position to draw, hint and
check moves on (:mod:`zongshi_widgets.server.client`). It depends only on what the seat sees: the
generator is seeded by an HMAC, under a key only the server knows, of the seat and its view, so
two real positions the seat cannot tell apart give it the same description, and nobody can
predict the deal from the view alone.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
from typing import Any

from ..core import Game, IllegalAction, State
from ..widgets.session import reveals_hidden

#: The longest action notation a client may send (characters); no game's notation comes close.
MAX_NOTATION = 200

#: Determinizations tried for a seat's ``position`` before giving up (see :func:`seat_position`).
POSITION_TRIES = 24


def seat_position(state: State, seat: int | None, key: bytes) -> dict | None:
    """A position description of ``state`` as ``seat`` may know it: a determinization for the
    seat (every hidden part dealt anew), or the position itself in a game with neither hidden
    information nor chance.

    The generator is seeded by ``HMAC-SHA256(key, [seat, view(seat)])``, so the answer depends
    only on what the seat sees (and on the server's key, which no client knows). A sample whose
    description, built again with :meth:`Game.from_position`, would not show the seat exactly
    its view (Zong Shi settles a forced single choice when a position is built, and a sample may
    give the player to move one option where the real hand has two) is dealt again, up to
    :data:`POSITION_TRIES` times; whether a sample passes is decided by the sample and the
    seat's view alone, so the retries tell nothing more.

    Args:
        state (State): the real position.
        seat (int | None): the seat (``None``: a spectator, who gets a description only in a
            game with neither hidden information nor chance: it has no seat to determinize for).
        key (bytes): the server's secret key.

    Returns:
        dict | None: the description, or ``None`` (a spectator of a game with secrets, a game
        without position descriptions, or no sample passed).
    """
    gt = state.game.game_type
    secret = gt.hidden_information or gt.chance
    if seat is None and secret:  # a spectator's determinization would need the deck's true order
        return None
    view = state.view(seat)
    digest = hmac.new(key, json.dumps([seat, view], sort_keys=True, default=str).encode(), hashlib.sha256).digest()
    rng = random.Random(int.from_bytes(digest, "big"))
    legal = [str(a) for a in state.legal_actions()] if seat is not None and seat == state.to_move else None
    for _ in range(POSITION_TRIES if secret else 1):
        sample = state.determinize(seat, rng) if secret else state
        try:
            description = json.loads(json.dumps(sample.position()))
            built = state.game.from_position(description, seed=0)
        except (NotImplementedError, ValueError):
            return None
        if built.view(seat) == view and built.to_move == state.to_move and built.turn == state.turn:
            if legal is None or [str(a) for a in built.legal_actions()] == legal:
                return description
    return None


class Refused(Exception):
    """A client's message that the server refuses; nothing changed.

    Attributes:
        code (str): what kind of refusal: ``"bad-message"``, ``"spectator"``, ``"stale"``,
            ``"not-your-turn"``, ``"game-over"``, ``"illegal"``, ``"undo"``, ``"storage"``,
            ``"rate"``, ``"too-large"``.
        message (str): plain words for the player.
        rule (str | None): for ``"illegal"``, the broken rule's id (``IllegalAction.rule``).
    """

    def __init__(self, code: str, message: str, rule: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def to_json(self, version: int | None) -> dict:
        """The refusal as sent to the client (a JSON-able dict, with the game's current version)."""
        return {"type": "refused", "code": self.code, "rule": self.rule, "message": self.message, "version": version}


def start_of(game: Game, save: str) -> State:
    """The first position of a saved game's line (its seed's new state, or its posed position).

    Args:
        game (Game): the game the save belongs to.
        save (str): a :meth:`State.to_json` text (already checked by :meth:`Game.load_state`).

    Returns:
        State: the position before the save's first action.
    """
    data = json.loads(save)
    if data.get("origin") is not None:
        return game.from_position(data["origin"], seed=data["seed"])
    return game.new_state(seed=data["seed"])


class ServedGame:
    """One game held by the server: its line of positions, its version and its per-seat logs.

    Args:
        game_id (str): the game's public id.
        game (Game): the rules.
        line (list[State]): the positions from the start to now (``line[i + 1]`` is ``line[i]``
            after the ``i``-th action of the game); at least one.
        version (int): the change counter (grows by 1 with every move and every undo).
        undo (bool): whether players may take back their last move.
        key (bytes | None): the secret key of the seats' positions (:func:`seat_position`;
            one key for every game of a server); default a new random key.

    Attributes:
        state (State): the current position (``line[-1]``).
    """

    def __init__(self, game_id: str, game: Game, line: list[State], version: int, undo: bool, key: bytes | None = None):
        self.game_id = game_id
        self._key = key if key is not None else secrets.token_bytes(32)
        self.game = game
        self.line = list(line)
        self.version = version
        self.undo_allowed = undo
        self._revealed: dict[int, bool] = {}  # ply -> whether that move showed something hidden
        seats = [None, *range(game.players)]
        self._logs: dict[int | None, list[dict]] = {s: [] for s in seats}
        for before, action in zip(self.line, self.line[-1].history[len(self.line[0].history) :]):
            self._append_log(before, action)

    @classmethod
    def from_save(cls, game_id: str, game: Game, save: str, version: int, undo: bool, key: bytes | None = None) -> ServedGame:
        """Rebuild a stored game: the save checked whole by :meth:`Game.load_state`, then its
        line replayed from the start.

        Raises:
            CorruptSave: the save is not a save of ``game``, or fails its checks.
        """
        final = game.load_state(save)
        line = [start_of(game, save)]
        for action in final.history:
            line.append(line[-1].play(str(action)))
        return cls(game_id, game, line, version, undo, key)

    @property
    def state(self) -> State:
        """The current position."""
        return self.line[-1]

    def _append_log(self, before: State, action: Any) -> None:
        mover = before.to_move
        ply = len(self._logs[None])
        for seat, log in self._logs.items():
            log.append({"ply": ply, "seat": mover, "text": before.action_text(action, seat)})

    # -- what a seat receives --------------------------------------------------------------
    def frame(self, seat: int | None, log_start: int = 0) -> dict:
        """The ``state`` frame for ``seat`` (``None``: a spectator).

        Args:
            seat (int | None): the seat the frame is for.
            log_start (int): the first log entry to include (the client keeps the ones before).

        Returns:
            dict: ``{"type": "state", "version", "seat", "view", "legal", "log_start", "log",
            "score", "undo", "position"}``, JSON-able; ``legal`` is empty unless ``seat`` is to
            move; ``undo`` is ``null`` when the seat may take the last move back now, else the
            reason it may not; ``position`` is :func:`seat_position` (``null`` when there is
            none).
        """
        state = self.state
        log = self._logs[seat]
        log_start = max(0, min(log_start, len(log)))
        return {
            "type": "state",
            "version": self.version,
            "seat": seat,
            "view": state.view(seat),
            "legal": [str(a) for a in state.legal_actions()] if seat is not None and seat == state.to_move else [],
            "log_start": log_start,
            "log": log[log_start:],
            "score": state.visible_score_sheet(seat).to_json(),
            "undo": self.undo_refusal(seat),
            "position": seat_position(state, seat, self._key),
        }

    def undo_refusal(self, seat: int | None) -> str | None:
        """Why ``seat`` may not take the last move back now (``None``: it may); the reason
        :meth:`try_undo` would give at the current version."""
        try:
            self.try_undo(seat, self.version)
        except Refused as refusal:
            return refusal.message
        return None

    # -- changes -------------------------------------------------------------------------
    def _check_version(self, version: Any) -> None:
        if not isinstance(version, int) or isinstance(version, bool):
            raise Refused("bad-message", f"a message carries the version it was sent at (an integer), not {version!r}")
        if version != self.version:
            raise Refused("stale", f"this message was sent at version {version}; the game is at version {self.version}: look at the new position first")

    def try_play(self, seat: int | None, notation: Any, version: Any) -> State:
        """The position after ``seat`` plays ``notation`` at ``version``, checked; nothing
        changes (call :meth:`commit_play` once the new position is stored).

        Args:
            seat (int | None): the seat of the client's token.
            notation (str): the action's notation.
            version (int): the version the client saw.

        Returns:
            State: the new position.

        Raises:
            Refused: a spectator, a bad notation type, a stale version, not this seat's turn,
                the game is over, or an illegal action (``rule`` names the broken rule).
        """
        if seat is None:
            raise Refused("spectator", "a spectator token watches; it cannot play")
        if not isinstance(notation, str) or not notation or len(notation) > MAX_NOTATION:
            raise Refused("bad-message", f"an action is its notation: a non-empty string of at most {MAX_NOTATION} characters")
        self._check_version(version)
        state = self.state
        if state.is_over:
            raise Refused("game-over", "the game is over: nobody may act any more", rule="core.game-over")
        if state.to_move != seat:
            raise Refused("not-your-turn", f"it is {self.game.seat_names[state.to_move]}'s turn, not yours ({self.game.seat_names[seat]})")
        try:
            return state.play(notation)
        except IllegalAction as exc:
            raise Refused("illegal", exc.message, rule=exc.rule) from None

    def commit_play(self, after: State) -> None:
        """Make ``after`` (from :meth:`try_play` on the current position) the current position."""
        before = self.state
        self._append_log(before, after.history[-1])
        self.line.append(after)
        self.version += 1

    def try_undo(self, seat: int | None, version: Any) -> State:
        """The position before the last move, if ``seat`` may take it back; nothing changes
        (call :meth:`commit_undo` once that position is stored).

        Only the last move may be taken back, only by the seat that made it, and never a move
        that showed something hidden (a draw from a face-down deck or bag, bids turned over):
        after it the same card would come again, known in advance by the one who took the move
        back (``widgets.session.reveals_hidden``; boardgame.io's ``undoable: false``).

        Raises:
            Refused: ``"undo"`` with the reason (undo is off in this game, nothing to take back,
                another seat's move, a move that revealed something), or a stale version.
        """
        if seat is None:
            raise Refused("spectator", "a spectator token watches; it cannot take moves back")
        self._check_version(version)
        if not self.undo_allowed:
            raise Refused("undo", "taking moves back is off in this game")
        if len(self.line) < 2:
            raise Refused("undo", "there is no move to take back")
        before, after = self.line[-2], self.line[-1]
        if before.to_move != seat:
            raise Refused("undo", f"the last move is {self.game.seat_names[before.to_move]}'s: only its own player may take it back")
        ply = len(self.line) - 2
        if ply not in self._revealed:
            self._revealed[ply] = reveals_hidden(before, after.history[-1], after)
        if self._revealed[ply]:
            raise Refused("undo", "the last move showed something that was hidden (a draw, bids turned over): it stands")
        return before

    def commit_undo(self) -> None:
        """Take the last move back (after :meth:`try_undo` allowed it and the position is stored)."""
        self.line.pop()
        self._revealed.pop(len(self.line) - 1, None)
        for log in self._logs.values():
            log.pop()
        self.version += 1
