"""The board's move log and cursor: the ``moves`` and ``cursor`` traits, and who may take moves back.

:class:`MoveLogMixin` is part of every :class:`~zongshi_widgets.widgets.base.GameBoard`. The
log is the current line of the timeline, each move as the watching seat reads it (the board's
words for a visible move, the engine's public part, ``State.action_text``, for another seat's
secret one); entries are kept per timeline node and seat. The cursor says where the board is
on the line, whether undo and redo are allowed, and the branches. :meth:`MoveLogMixin._may_rewind`
decides who may change the line of play (undo, redo, a jump, a new game, letting bots play).
"""

from __future__ import annotations

from typing import Any

from ..core import State
from .session import HUMAN
from .watching import AUTO

__all__ = ["MoveLogMixin"]


class MoveLogMixin:
    """The move log, the cursor and the rewinding rules (mixed into
    :class:`~zongshi_widgets.widgets.base.GameBoard`)."""

    def _log_entries(self, seat: int | None) -> list[dict]:
        out = []
        for node in self.timeline.line()[1:]:
            key = (node.id, "open" if self._open_hands else seat)
            entry = self._entries.get(key)
            if entry is None:
                before = node.parent.state
                visible = self._sees(before, node.action, seat)
                entry = {
                    "ply": len(node.state.history),
                    "seat": before.to_move,
                    "notation": str(node.action) if visible else None,
                    "text": self._entry_text(before, node.action, seat),
                    "code": self.action_code(before, node.action) if visible else None,
                    "alt": 0,
                    "turn": before.turn.to_json(),
                }
                self._entries[key] = entry
            entry["alt"] = len(node.parent.children) - 1
            out.append(dict(entry))
        return out

    def _entry_text(self, before: State, action: Any, seat: int | None) -> str:
        """A move as ``seat`` reads it in the log: the board's words for a visible move, the
        engine's public part (``action_text``) for another seat's secret one."""
        return self.short_text(before, action) if self._sees(before, action, seat) else before.action_text(action, seat)

    def _cursor_info(self) -> dict:
        tl = self.timeline
        start = len(tl.root.state.history)
        line = tl.line()
        current = {n.id for n in line}
        branches = []
        for path in tl.branches():
            fork = path[1] if len(path) > 1 else path[0]
            for node in path[1:]:
                if node.parent is not None and len(node.parent.children) > 1:
                    fork = node
            # what sets the line apart: its move at the fork, as the watching seat reads it
            text = self._entry_text(fork.parent.state, fork.action, self._looking_seat()) if fork.parent is not None else ""
            end = len(path[-1].state.history)
            branches.append({"node": fork.id, "from": len(fork.state.history), "end": end, "current": path[-1].id in current, "text": text})
        return {
            "ply": len(tl.state.history),
            "start": start,
            "end": len(line[-1].state.history),
            "node": tl.cursor.id,
            "can_undo": tl.can_undo() and self._may_rewind("undo") is None,
            "can_redo": tl.can_redo() and self._may_rewind("redo") is None,
            "nodes": len(tl),
            "branches": branches if len(branches) > 1 else [],
            # the game's seed, to replay it: only once it is over (during a game with secrets the
            # seed would give away every hand and the deck order to whoever reads the browser's data)
            "seed": str(tl.root.state.chance.seed) if tl.state.is_over and self._dealt_from_seed() else None,
        }

    def _may_rewind(self, what: str, target=None) -> str | None:
        """Why this board may not change the line of play (``what``: ``"undo"``, ``"redo"``,
        ``"goto"``, ``"new_game"``, ``"bots"``), or ``None`` when it may. A spectator's board
        only watches; behind a privacy screen nobody has said who they are yet; a board bound
        to one seat, sharing the game with other people, takes back or replays only its own
        moves; while two or more people play (and hands are not open), no undo, and no jump in
        the log to ``target`` (a timeline node), crosses a move that showed something hidden
        (:func:`~zongshi_widgets.widgets.session.reveals_hidden`: a draw from a deck or bag,
        bids turned over), since the same would come again and be known in advance (a jump
        forward along moves already seen crosses none)."""
        if self._mode is None:
            return "this board is a spectator's: it only watches the game"
        if self._screened():
            return "the privacy screen is up: the next player says they are ready first"
        # who is acting: a bound seat; on a hot seat with secrets, the person who said they are
        # at the screen (rewinding into another person's turn would show their hand)
        me = self._mode if isinstance(self._mode, int) else None
        if self._mode == AUTO and self._game.game_type.hidden_information and not self._open_hands:
            me = self._shown_seat
        if me is not None and len(self._session.humans()) > 1:
            tl = self.timeline
            seats = self._session.seats
            if what == "undo":
                node = tl.cursor  # back over the bots' moves to the last move a person made
                while node.parent is not None:
                    mover = node.parent.state.to_move
                    if seats[mover] == HUMAN:
                        if mover != me:
                            return "another player made the last move: only they may take it back"
                        break
                    node = node.parent
            elif what == "redo":
                line = tl.line()
                index = [n.id for n in line].index(tl.cursor.id)
                if index + 1 < len(line) and tl.cursor.state.to_move != me:
                    return "the next move is another player's: only they may replay it"
            elif what in ("goto", "new_game"):
                if isinstance(self._mode, int):
                    return "other people play this game on their own boards: jump or start anew from a board they share"
                return "in a game with secrets, jumping in the log could show another player's hand: take back your own moves with Undo"
        if what == "undo" and (why := self._session.undo_refusal()) is not None:
            return why
        if what == "goto" and target is not None and len(self._session.humans()) > 1 and not self._open_hands:
            for crossed in _taken_back(self.timeline.cursor, target):
                if self._session.revealed(crossed):
                    who = self._game.seat_names[crossed.parent.state.to_move]
                    return (
                        f"{who}'s move {crossed.ply} showed what was hidden or left to chance (a draw from a deck or bag, or cards "
                        "turned over): a jump back before it would let the same come again, known in advance, while other people play"
                    )
        if what == "undo" and len(self._session.humans()) > 1 and not self._open_hands:
            # a move that drew from a face-down deck or bag (or turned cards over) stands while
            # other people play: taken back, the same would come again and be known in advance
            for crossed in self._session.undo_path():
                if self._session.revealed(crossed):
                    who = self._game.seat_names[crossed.parent.state.to_move]
                    return (
                        f"{who}'s last move showed what was hidden (a draw from a face-down deck or bag, or cards turned over): "
                        "it stands, since taken back the same would come again and be known in advance"
                    )
        return None

    def _node_at_ply(self, ply: int):
        """The timeline node after ``ply`` moves of the current line, or ``None`` when the line
        has no such ply (a jump's target, for :meth:`_may_rewind`)."""
        tl = self.timeline
        line, start = tl.line(), len(tl.root.state.history)
        return line[ply - start] if 0 <= ply - start < len(line) else None

    def _refuse_rewind(self, what: str, target=None) -> bool:
        why = self._may_rewind(what, target)
        if why is not None:
            self.say("refused", why)
            return True
        return False


def _taken_back(cursor, target) -> list:
    """The positions a jump from ``cursor`` to ``target`` (timeline nodes) leaves behind: from
    the cursor up to, not including, the last position both lines share (empty for a jump
    forward along the line)."""
    ancestors = set()
    node = target
    while node is not None:
        ancestors.add(node.id)
        node = node.parent
    left, node = [], cursor
    while node is not None and node.id not in ancestors:
        left.append(node)
        node = node.parent
    return left
