"""A served game in plain Python: the true line of play, the rules a move or an undo must pass,
and the frame each seat receives. No web framework here (``app.py`` carries it to clients).

Everything a frame holds is made for the seat it is sent to: ``state.view(seat)`` (a spectator:
``view(None)``), the legal actions only for the seat to move, the move log as that seat reads it
(``state.action_text(action, seat)``) and the score sheet counting only what it may see
(``visible_score_sheet(seat)``).
"""

from __future__ import annotations

import json
from typing import Any

from ..core import Game, IllegalAction, State
from ..widgets.session import reveals_hidden

#: The longest action notation a client may send (characters); no game's notation comes close.
MAX_NOTATION = 200


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

    Attributes:
        state (State): the current position (``line[-1]``).
    """

    def __init__(self, game_id: str, game: Game, line: list[State], version: int, undo: bool):
        self.game_id = game_id
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
    def from_save(cls, game_id: str, game: Game, save: str, version: int, undo: bool) -> ServedGame:
        """Rebuild a stored game: the save checked whole by :meth:`Game.load_state`, then its
        line replayed from the start.

        Raises:
            CorruptSave: the save is not a save of ``game``, or fails its checks.
        """
        final = game.load_state(save)
        line = [start_of(game, save)]
        for action in final.history:
            line.append(line[-1].play(str(action)))
        return cls(game_id, game, line, version, undo)

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
            "score"}``, JSON-able; ``legal`` is empty unless ``seat`` is to move.
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
        }

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
