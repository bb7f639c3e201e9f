"""The GembloQ board: the real triangle grid drawn in the browser, trays, score, hints.

The browser gets the static geometry once (``geometry``: every cell of the playing area with
its label, the starting squares, the vertex offsets of the four triangle types, and every
orientation of every piece with its rotation and flip tables), then per move only the position
(``view``: who covers which cell, packed as one character per cell) and the legal placements
of the person to move (``legal``: packed as ``piece, orientation, anchor cells``).

A placement is coded ``[piece index, orientation, anchor]``: the orientation's cells
(``geometry["pieces"][piece]["o"][orientation]``) translated so that its first cell lands on
area cell ``anchor``. Legality is decided in Python only: the browser colours a preview green
when its code is in ``legal`` and asks Python why otherwise.
"""

from __future__ import annotations

import os
from typing import Any

from ..games.gembloq import GembloQState, load_blksgf
from ..games.gembloq.geometry import canonical, shape_index, transform, vertices
from ..games.gembloq.naming import name_cell_index, piece_name, piece_title, placement_name
from ..games.gembloq.render import PALETTE, position_html
from ..games.gembloq.rules import COLOURS
from .base import _UNSET, HUMAN, BadRequest, GameBoard, read_asset

__all__ = ["GembloQBoard", "pack_ids", "unpack_ids"]

#: Digits of the packed wire forms (URL-safe base 64: no JSON escaping needed).
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def pack_ids(ids) -> str:
    """Pack integers ``0 <= i < 4096`` as two base-64 digits each (the wire form of cells)."""
    return "".join(B64[i >> 6] + B64[i & 63] for i in ids)


def unpack_ids(text: str) -> list[int]:
    """Inverse of :func:`pack_ids`.

    Raises:
        ValueError: a character is not a base-64 digit, or the length is odd.
    """
    if len(text) % 2:
        raise ValueError("packed ids have an even length")
    return [B64.index(text[i]) * 64 + B64.index(text[i + 1]) for i in range(0, len(text), 2)]


class GembloQBoard(GameBoard):
    """An interactive GembloQ board for JupyterLab and Notebook 7.

    Pick a piece in your tray (click, or Tab and Enter), turn it (R rotates, Shift+R the other
    way, F flips; the cell under the pointer stays put), move it over the board (mouse, or
    arrow keys: an arrow moves it half a square, Shift+arrow a whole square), and click or
    press Enter to place it. The preview is green when the placement is legal and red
    otherwise, with the broken rule in the status line. U undoes, Escape drops the piece. The
    hint buttons show one legal placement, cycle through all of them, or show what the greedy
    bot would play; "corner spots" marks the corners where the colour to move may start a new
    piece.

    Args:
        players (int): 4, 3 or 2 (each its own playing area), or 1 for the puzzle. Ignored
            when ``state`` or ``blksgf`` is given.
        colors (int | None): ``4`` with ``players=2``: Pentobi's Two-Player Four-Color game
            (the first player plays blue and red, the second yellow and green, on the
            four-player area); ``None``: one colour per player.
        seats (list[str] | None): per player, ``"human"`` or a bot name (``"random"``,
            ``"greedy"``); default: a person plays the first player, greedy bots the others.
        seed (int | None): seed of the new game (GembloQ has no chance; kept in saves).
        state (GembloQState | None): start from this position (its history becomes undoable
            moves).
        blksgf (str | bytes | os.PathLike | None): start from a Pentobi game record: its
            text or bytes, or the path of a ``.blksgf`` file (the rule that tells them apart:
            :func:`zongshi_widgets.games.gembloq.blksgf_text`).
        bot_delay (float): seconds between bot moves made in the browser.
        bot_seed (int | None): seed of the bots' choices between equal moves.
        **kwargs: passed to :class:`~zongshi_widgets.widgets.base.GameBoard`: ``history``,
            and widget options (``layout``, ``task``, ``reveal_scores``...). Anything else
            is refused.

    Raises:
        TypeError: an unknown keyword argument (named in the message, with the nearest
            option: ``bot_dealy`` -> ``bot_delay``), or a ``bot_seed`` that is not an int.
        ValueError: a bad player count, seat list (``seats="human"`` is refused: give one
            kind per colour), ``bot_delay`` (a number >= 0), or a state of another game.
        zongshi_widgets.CorruptSave: the game record cannot be read.
        FileNotFoundError: ``blksgf`` names a file that does not exist.

    Example::

        import zongshi_widgets.widgets as zww
        board = zww.GembloQBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1)
        board                       # shows the board
        board.play("b27,c27,b28,c28")
        board.undo()
    """

    #: the shell, then the board's parts (one job each; gembloq.js wires them and exports render)
    _esm = read_asset(
        "base.js",
        "gembloq_geometry.js",
        "gembloq_state.js",
        "gembloq_board.js",
        "gembloq_trays.js",
        "gembloq_scores.js",
        "gembloq_input.js",
        "gembloq.js",
    )
    _css = read_asset("board.css", "gembloq.css")

    SCORE_KEYS = (*GameBoard.SCORE_KEYS, "penalty", "seat_penalty")

    def __init__(
        self,
        players: int = 4,
        seats: list[str] | None = None,
        seed: int | None = 1,
        state: GembloQState | None = None,
        colors: int | None = None,
        blksgf: str | os.PathLike | None = None,
        bot_delay: float = _UNSET,
        bot_seed: int | None = _UNSET,
        **kwargs: Any,
    ):
        self._check_options(kwargs)  # before any work: a typo must not start a game
        if state is not None and blksgf is not None:
            raise ValueError("give either state= or blksgf=, not both")
        if colors is not None and (state is not None or blksgf is not None):
            raise ValueError("colors= makes a new game; a given state= or blksgf= already has its colours")
        if kwargs.get("session") is not None:  # another board's game: the session has it all
            if state is not None or blksgf is not None or colors is not None:
                raise TypeError("give either a position (state=, blksgf= or colors=) or session=, not both")
            extra = {k: v for k, v in (("seats", seats), ("bot_delay", bot_delay), ("bot_seed", bot_seed)) if v is not None and v is not _UNSET}
            if not isinstance(kwargs["session"].state, GembloQState):
                raise ValueError(f"a GembloQ board shows a GembloQ game, not {kwargs['session'].game.name}")
            super().__init__(**extra, **kwargs)
            return
        if blksgf is not None:
            state = load_blksgf(blksgf)  # path or record: see games.gembloq.blksgf_text
        if state is None:
            from .. import game

            state = game("gembloq", players=players, **({} if colors is None else {"colors": colors})).new_state(seed=seed)
        if not isinstance(state, GembloQState):
            raise ValueError(f"a GembloQ board needs a GembloQ state, not {type(state).__name__}")
        n = state.game.players
        if seats is None:
            seats = [HUMAN] + ["greedy"] * (n - 1)
        super().__init__(state, seats, bot_delay=0.5 if bot_delay is _UNSET else bot_delay, bot_seed=0 if bot_seed is _UNSET else bot_seed, **kwargs)

    # -- Python helpers ------------------------------------------------------------------
    def cell_ids(self, cells) -> list[int]:
        """Area cell ids (as used by ``highlight`` and ``view["cells"]``) of some cells.

        Args:
            cells: cell labels (``"b27"`` or ``"b27,c27"``), ``(x, y)`` pairs, or ids.

        Returns:
            list[int]: the ids, in the given order.

        Raises:
            ValueError: a cell is not on the playing area or cannot be read.
        """
        tables = self._game.tables
        if isinstance(cells, str):
            cells = [c for c in cells.split(",") if c.strip()]
        out = []
        for c in cells:
            if isinstance(c, int) and not isinstance(c, bool):
                if not 0 <= c < len(tables.cells):
                    raise ValueError(f"no cell {c} on this playing area")
                out.append(c)
                continue
            if isinstance(c, str):
                (xy,) = tables.parse_cells(c)
            else:
                xy = (int(c[0]), int(c[1]))
            if xy not in tables.index:
                raise ValueError(f"cell {c!r} is not on the playing area")
            out.append(tables.index[xy])
        return out

    def mark(self, cells) -> None:
        """Outline these cells on the board (a lesson's marks); ``mark([])`` clears them.

        Args:
            cells: as for :meth:`cell_ids`.

        Raises:
            ValueError: a cell is not on the playing area.
        """
        self.highlight = self.cell_ids(cells)

    # -- GameBoard hooks -----------------------------------------------------------------
    def picture(self) -> str:
        """The static picture: the board with the lesson's marks, and the trays (pieces in
        hand, with their numbers; no score)."""
        return position_html(self.state, prefix=f"zw{self._picture.id[:8]}", highlight=list(self.highlight))

    def _geometry(self) -> dict:
        game = self._game
        tables = game.tables
        flat = [v for c in tables.cells for v in c]
        tri = []
        for t in range(4):  # cell (t, 0) has type t
            k = t >> 1
            tri.append([[u - k, v] for u, v in vertices(t, 0)])
        index = shape_index(game.pieces)
        pieces = []
        for piece in game.pieces:
            rot, flip = [], []
            for shape in piece.orientations:
                rot.append(index[canonical(transform(shape, 1, False))][1])
                flip.append(index[canonical(transform(shape, 0, True))][1])
            pieces.append(
                {
                    "n": piece.number,
                    "name": piece.name,
                    "label": piece_name(piece),
                    "title": piece_title(piece),
                    "sq": piece.squares,
                    "at": [name_cell_index(shape) for shape in piece.orientations],
                    "o": [[v for c in shape for v in c] for shape in piece.orientations],
                    "rot": rot,
                    "flip": flip,
                }
            )
        colours = [{"name": COLOURS[c], "fill": PALETTE[c][0], "pattern": PALETTE[c][1]} for c in range(game.colours)]
        return {
            "game": "gembloq",
            "players": game.players,
            "variant": game.variant,
            "H": tables.H,
            "W": tables.W,
            "cells": flat,
            "labels": tables.labels,
            "starts": [list(sq) for sq in tables.starts[: game.colours]],  # the puzzle uses one of two
            "tri": tri,
            "pieces": pieces,
            "colours": colours,
            "seat_names": list(game.seat_names),
            "colour_names": list(game.colour_names),
            "colour_seat": [game.seat_of(c) for c in range(game.colours)],
            "total": game.total_squares(),
        }

    def make_view(self, state: GembloQState, seat: int | None) -> dict:
        """``state.view(seat)`` plus: ``pieces`` (the placed pieces in order, each
        ``[colour, piece index, orientation, anchor]``), ``attach`` (the free corner spots of
        the colour to move), ``tiebreak`` and ``ranking`` (per colour: its player's),
        ``winners`` (colours), and with two players on four colours ``seat_penalty`` (each
        player's penalty points, the sum of their two colours')."""
        view = super().make_view(state, seat)
        view["pieces"] = [[c, *self._code(p)] for c, p in zip(state.movers, state.history)]
        mover = state.colour_to_move
        view["attach"] = state.attach_points(mover) if mover is not None else []
        sheet = state.score_sheet()
        seat_of = [state.game.seat_of(c) for c in range(state.game.colours)]  # a seat per colour
        view["tiebreak"] = [sheet.tiebreaks[s][0] if sheet.tiebreaks[s] else 0 for s in seat_of]
        view["ranking"] = [sheet.ranking[s] for s in seat_of]
        view["winners"] = [c for c, s in enumerate(seat_of) if s in sheet.winners] if state.is_over else []
        if state.game.colours != state.game.players:  # two players, four colours: each seat's sum
            view["seat_penalty"] = list(sheet.totals)
        view["last"] = [state.movers[-1], *self._code(state.history[-1])] if state.history else None
        return view

    def compact_legal(self, state: GembloQState, actions: list) -> list:
        """The allowed placements as ``[piece index, orientation, anchor]`` codes."""
        return [self._code(p) for p in actions]

    def action_code(self, state: GembloQState, action) -> list[int]:
        """``[piece index, orientation, anchor cell id, colour]`` of a placement made in
        ``state`` (the colour: who placed it, for the log's swatch)."""
        return [*self._code(action), state.colour_to_move]

    def describe(self, before: GembloQState, action, after: GembloQState | None) -> str:
        """``"blue placed piece 12 (N4.5) at b27, flipped"``, then who passes and, at the end, the
        winners (only ``"Game over"`` while :attr:`reveal_scores` is ``False``)."""
        game = self._game
        names = game.colour_names  # colours place pieces; players win (game.seat_names)
        mover = before.colour_to_move
        text = f"{names[mover]} placed {placement_name(action)}"
        if after is None:
            return text
        n = game.colours
        # colours skipped on the way to the next mover, announced once: when they lose their last placement
        skipped = []
        for k in range(1, n):
            c = (mover + k) % n
            if c == after.colour_to_move:
                break
            skipped.append(c)
        passing = [c for c in skipped if before.legal_count(c) > 0 and after.legal_count(c) == 0]
        if passing and not after.is_over:
            who = " and ".join(names[c] for c in passing)
            text += f"; {who} cannot place any more and pass{'es' if len(passing) == 1 else ''}"
        if after.is_over and not self.reveal_scores:
            text += ". Game over (scores hidden: count them yourself)"
        elif after.is_over and n == 1:  # the one-player challenge: a result, nobody to beat
            text += f". Game over: {after.score_sheet().totals[0]:g} penalty points left in hand"
        elif after.is_over:
            sheet = after.score_sheet()
            win = " and ".join(game.seat_names[s] for s in sheet.winners)
            pts = sheet.totals[sheet.winners[0]]
            text += f". Game over: {win} win{'s' if len(sheet.winners) == 1 else ''} with {pts:g} penalty points"
        return text

    def short_text(self, before: GembloQState, action) -> str:
        """``"piece 12 (N4.5) at b27, flipped"`` (:func:`~zongshi_widgets.games.gembloq.naming.placement_name`)."""
        return placement_name(action)

    def parse_request_action(self, state: GembloQState, action: Any):
        """A placement from a browser request: its notation, or a list of ``[x, y]`` cells
        (used for previews that stick out of the playing area).

        Raises:
            BadRequest: neither form.
            IllegalAction: the engine refuses it (with the rule's words).
        """
        if isinstance(action, str):
            return state.parse_action(action)
        if (
            isinstance(action, (list, tuple))
            and 0 < len(action) <= 64
            and all(isinstance(c, (list, tuple)) and len(c) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in c) for c in action)
        ):
            placement = state.placement_from_cells([tuple(c) for c in action])
            state.check(placement)
            return placement
        raise BadRequest("'action' must be a placement's notation (cell labels) or a list of [x, y] cells")

    def _code(self, p) -> list[int]:
        tables = self._game.tables
        first = min(p.cells, key=lambda c: (c[1], c[0]))
        return [p.piece.index, p.orientation, tables.index[first]]

    # -- wire forms ----------------------------------------------------------------------
    def _wire_view(self, view: dict) -> dict:
        if "cells" not in view:
            return view
        owner = ["."] * len(self._game.tables.cells)
        for c, ids in enumerate(view["cells"]):
            for i in ids:
                owner[i] = str(c)
        wire = {k: v for k, v in view.items() if k != "cells"}
        wire["owner"] = "".join(owner)
        return wire

    def _wire_legal(self, legal: list) -> list[str]:
        groups: dict[tuple[int, int], list[int]] = {}
        for piece, orient, anchor in legal:
            groups.setdefault((piece, orient), []).append(anchor)
        return [B64[p] + B64[o] + pack_ids(anchors) for (p, o), anchors in groups.items()]
