"""What a game's board overrides: its drawing data, view, legal list, words, picture and wire forms.

:class:`GameHooksMixin` holds the defaults every :class:`~zongshi_widgets.widgets.base.GameBoard`
starts from (the generic board of any game: notations as words, the state's own picture); a
game's board (``gembloq.py``, ``zongshi.py``, ``art_gallery.py``, ``majolica.py``) overrides the
ones it draws differently. Nothing a hook returns may hold what the watching seat may not see.
"""

from __future__ import annotations

import html
from typing import Any

from ..agents import default_bot
from ..core import State
from .protocol import BadRequest
from .static import picture_html

__all__ = ["GameHooksMixin"]


class GameHooksMixin:
    """The game hooks of a board, with their generic defaults (mixed into
    :class:`~zongshi_widgets.widgets.base.GameBoard`; subclasses override them)."""

    def _geometry(self) -> dict:
        """The game's static drawing data, sent once (override). The shared keys come first
        (see :meth:`_shared_geometry`); a game's keys may replace them."""
        return {}

    def _shared_geometry(self) -> dict:
        """What every board's front end reads: names, seat names, the notation help, the
        hint bot."""
        gt = self._game.game_type
        return {
            "game": self._game.name,
            "long_name": gt.long_name,
            "players": self._game.players,
            "seat_names": [self.seat_label(i) for i in range(self._game.players)],
            "notation_help": gt.notation_help,
            "hint_bot": default_bot(self._game),
            "hidden_information": bool(gt.hidden_information),
        }

    def make_view(self, state: State, seat: int | None) -> dict:
        """The ``view`` trait: ``state.view(seat)`` plus what the board draws (override to add
        keys; never add anything ``seat`` may not see).

        Returns:
            dict: JSON-able, containing every key of ``state.view(seat)`` unchanged.
        """
        view = dict(state.view(seat))
        view.setdefault("ply", len(state.history))
        if state.is_over:
            view["winners"] = list(state.score_sheet().winners)
        return view

    def compact_legal(self, state: State, actions: list) -> list:
        """The ``legal`` trait for these allowed actions (override). Default: notations."""
        return [str(a) for a in actions]

    def seat_label(self, seat: int) -> str:
        """How the board names a seat in its sentences (the privacy screen, messages,
        refusals): the game's seat name; a board overrides it where that name could be
        misread (Zong Shi's "ivory" is also a material: "ivory player")."""
        return self._game.seat_names[seat]

    def seat_labels(self) -> list[str]:
        """:meth:`seat_label` of every seat, in seat order."""
        return [self.seat_label(i) for i in range(self._game.players)]

    def action_code(self, state: State, action: Any) -> Any:
        """A compact, JSON-able code of a (visible) action for the front end (override)."""
        return str(action)

    def describe(self, before: State, action: Any, after: State | None) -> str:
        """A sentence for ``message`` about a (visible) action (override)."""
        if after is None:  # a hint or an explanation: the move itself
            return str(action)
        names = self.seat_labels()
        who = names[before.to_move] if before.to_move is not None else "?"
        text = f"{who} played {action}"
        if after.is_over:
            text += ". Game over" + ("" if not self.reveal_scores else self._winners_text(after))
        return text

    def short_text(self, before: State, action: Any) -> str:
        """A few words for the move log about a (visible) action (override)."""
        return str(action)

    def picture(self) -> str:
        """A static picture of the position, HTML, for saved notebooks and exports (override).

        Default: the state's own ``_repr_svg_`` in games without hidden information; in games
        with secrets, the public view as text (a notebook's outputs are seen by everybody who
        opens it, so its picture shows no seat's secrets).
        """
        state = self.state
        if not self._game.game_type.hidden_information:
            svg = getattr(state, "_repr_svg_", None)
            if svg is not None:
                return svg()
            return f"<pre>{html.escape(repr(state))}</pre>"
        view = state.view(None)
        rows = "".join(f"<tr><th style='text-align:left'>{html.escape(str(k))}</th><td>{html.escape(str(v))}</td></tr>" for k, v in view.items())
        return f"<table>{rows}</table>"

    def _picture_parts(self) -> tuple[str, str]:
        ply = len(self.state.history)
        caption = f"Picture of the board after move {ply}, kept for saved and exported copies of this notebook: run the cell in Jupyter to play."
        return picture_html(self._picture.id, self.picture(), caption), f"{type(self).__name__}: {self.state!r}"

    def parse_request_action(self, state: State, action: Any) -> Any:
        """Turn the ``action`` field of a browser request into an action of ``state``.

        Raises:
            BadRequest: the wrong type. IllegalAction: the engine refuses it.
        """
        if not isinstance(action, str):
            raise BadRequest("'action' must be the action's notation (a string)")
        return state.parse_action(action)

    # wire forms (override to pack a trait for the browser)
    def _wire_view(self, view: dict) -> dict:
        return view

    def _wire_message(self, value: str) -> dict:
        kind = getattr(self, "_message_kind", "info")
        if kind != "info" and value.startswith(f"{kind}: "):
            return {"kind": kind, "text": value[len(kind) + 2 :]}
        return {"kind": "info", "text": value}

    def _wire_legal(self, legal: list) -> Any:
        return legal

    def _wire_moves(self, moves: list) -> list:
        return [[e["ply"], e["seat"], e["text"], e["code"], e["alt"]] for e in moves]
