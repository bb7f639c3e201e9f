"""The Zong Shi board: ``ZongShiBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1)``.

The town board (the two bins of the Marketplace, the Temple, the Pawn Shop, the four townsfolk,
the projects and masterworks on display) and every workshop, drawn in the browser
(``zongshi.js``); what the seat may do now is offered as clickable choices on the board itself.
Each seat sees only its own scrolls (see :mod:`zongshi_widgets.widgets.base` for hot seat,
seat-bound and spectator boards).

Wire forms (what the browser gets):

* ``geometry`` (once): card data with provenance (``cards``), scroll titles, townsfolk and
  their materials, seat labels and colours, material colours, the exchange pairings, the score
  categories.
* ``view`` (per change): ``state.view(seat)`` plus ``last`` (the last move: who, what, and for a
  pick in the material distribution which bin and why), ``changes`` (boxes each seat gained or
  lost by it, public), ``scores`` (the score sheet so far: every category, all public) and
  ``winners``.
* ``legal`` (per change, only when the watching seat may act): ``[notation, target, label]``
  per allowed action; ``target`` names the part of the board that offers it (``"bin:large"``,
  ``"temple"``, ``"pawn-shop"``, ``"person:scholar,person:official"``, a project id,
  ``"hand:<scroll>"``, ``"store:<material>"``, ``"tile:<pairing>"``, ``"bin:<bin>:<material>"``,
  ``"draft:<material or scroll>"``, ``"discard:<scroll>"``, ``"pawn:master"``, ``"pass"``, or
  ``"bar"`` for choices without a place: payments, leaving, keeping).
"""

from __future__ import annotations

from typing import Any

from ..games.zongshi import render
from ..games.zongshi.components import MATERIALS, PERSONS, PROJECT_TYPES
from ..games.zongshi.payments import PAIR_NAMES
from ..games.zongshi.rules import AWARD_TEXT, SCORE_CATEGORIES, SEAT_NAMES, STEP_NAMES, VISIT_BONUS, ZongShiState
from .base import GameBoard, NamedGameBoard, read_asset

__all__ = ["PARTS", "ZongShiBoard"]

#: Parts of the board :meth:`ZongShiBoard.mark` outlines, besides project and masterwork ids,
#: ``"person:<townsperson>"``, ``"tile:<pairing>"`` and ``"workshop:<seat>"``.
PARTS = ("temple", "pawn-shop", "bin:large", "bin:small", "market", "visits", "projects", "masterworks", "draft", "discard", "hand", "scores")

_WHY_APPRENTICE = "an apprentice takes one box, after every master in the bin has picked once (Step 2: Distribute Materials)"
_WHY_MASTER = "masters take one box at a time, in turn order from the start player, until the bin is empty (Step 2: Distribute Materials)"
_WHY_PRIVILEGED = (
    "masters take one box at a time until the bin is empty; Privileged Treatment puts this master first in its bin (Step 2; The Scrolls, in Detail)"
)


class ZongShiBoard(NamedGameBoard):
    """A game of Zong Shi (3-5 players) in the notebook, drawn as the town board and the
    players' workshops.

    Click what you want to do on the board: a pawn (master or apprentice), a location (a bin
    of the Marketplace, the Temple, the Pawn Shop, a townsperson), a project card, a scroll in
    your hand, a box in a bin or in your storage, an exchange tile; choices without a place
    (how to pay, leaving the Pawn Shop...) appear in the bar under the town board. A choice
    the rules forbid says which rule it breaks. Tab and Shift+Tab move through the choices,
    the arrow keys too; Enter picks one. Values that are reconstructed (not from the printed
    cards) carry a ≈ mark with a tooltip.

    Args:
        players (int | None): 3, 4 or 5 (default 4).
        seats (list[str] | None): per seat ``"human"`` or a bot name; default a person in seat
            0 (the ivory player) and the game's hint bot in the others.
        seed (int | None): seed of the game's chance (shuffles, start player).
        state (ZongShiState | None): start from this position instead (a lesson's).
        variant (dict | None): options of ``zw.game("zongshi", ...)``.
        **kwargs: as for :class:`~zongshi_widgets.widgets.base.NamedGameBoard` (``seat``,
            ``open_hands``, ``bot_delay``, ``history``, ``task``, ``highlight``...).

    Raises:
        TypeError, ValueError: as :class:`~zongshi_widgets.widgets.base.NamedGameBoard`.

    Example::

        import zongshi_widgets.widgets as zww
        board = zww.ZongShiBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1)
        board
    """

    game_name = "zongshi"
    _esm = read_asset("base.js", "zongshi.js")
    _css = read_asset("board.css", "zongshi.css")
    SCORE_KEYS = (*GameBoard.SCORE_KEYS, "scores")

    # -- Python helpers ------------------------------------------------------------------
    def part_ids(self, parts) -> list[str]:
        """The ids of named parts of the board, checked (see :meth:`mark`).

        Args:
            parts (str | list[str]): part names: ``"temple"``, ``"pawn-shop"``,
                ``"bin:large"``, ``"bin:small"``, ``"market"``, ``"visits"``, ``"projects"``,
                ``"masterworks"``, ``"draft"``, ``"discard"``, ``"hand"``, ``"scores"``,
                ``"person:scholar"`` (any townsperson), ``"tile:gold/ivory"`` (any pairing),
                ``"workshop:0"`` (a seat), or a project or masterwork id
                (``"merchant_statue"``, ``"MW03"``); a single string may list several,
                comma-separated.

        Returns:
            list[str]: the ids, in order (masterwork ids upper case).

        Raises:
            ValueError: an unknown part (the message lists the known ones).
            TypeError: not a string or a list of strings.
        """
        if isinstance(parts, str):
            parts = [p.strip() for p in parts.split(",") if p.strip()]
        if not isinstance(parts, (list, tuple)) or not all(isinstance(p, str) for p in parts):
            raise TypeError(f"parts are names of board parts (strings), not {parts!r}")
        masterworks = set(self._game.components.masterworks)
        out = []
        for part in parts:
            pid = part.upper() if part.lower().startswith("mw") else part
            ok = (
                part in PARTS
                or pid in PROJECT_TYPES
                or pid in masterworks
                or (part.startswith("person:") and part[7:] in PERSONS)
                or (part.startswith("tile:") and part[5:] in PAIR_NAMES)
                or (part.startswith("workshop:") and part[9:].isdigit() and int(part[9:]) < self._game.players)
            )
            if not ok:
                known = ", ".join(PARTS) + ", person:<" + "|".join(PERSONS) + ">, tile:<pairing>, workshop:<seat>, a project or masterwork id"
                raise ValueError(f"no board part {part!r}; known parts: {known}")
            out.append(pid)
        return out

    def mark(self, parts) -> None:
        """Outline named parts of the board for a lesson (drawn from :attr:`highlight`, also in
        the static picture); ``mark([])`` clears them.

        Args:
            parts: as for :meth:`part_ids`, e.g. ``board.mark(["temple", "bin:large"])``.

        Raises:
            ValueError: an unknown part; nothing changes.
        """
        self.highlight = self.part_ids(parts)

    # -- GameBoard hooks -----------------------------------------------------------------
    def click_words(self, state: ZongShiState, action: Any) -> str:
        """How to make ``action`` on this board, in its own terms (``'click the Scholar, then
        "Visits the scholar (visit tile 2)"'``); see :func:`zongshi_widgets.tutor.zongshi.click_words`.

        Args:
            state (ZongShiState): the position; action: one of its legal actions (or its notation).
        Returns:
            str: the instruction, starting ``"click "``.
        """
        from ..tutor.zongshi import click_words

        return click_words(self, state, action)

    def seat_label(self, seat: int) -> str:
        """``"ivory player"``: a seat colour (ivory) is also a material (see
        :func:`~zongshi_widgets.games.zongshi.render.seat_labels`)."""
        return render.seat_labels(self._game.players)[seat]

    def _geometry(self) -> dict:
        game = self._game
        comp = game.components
        n = game.players
        persons = render.person_data(game)
        return {
            # the shell names seats from "seat_names" (turn line, privacy screen, log): as players,
            # since a seat colour (ivory) is also a material; the engine's colour names stay apart
            "seat_names": render.seat_labels(n),
            "colour_names": list(SEAT_NAMES[:n]),
            "seat_labels": render.seat_labels(n),
            "seat_colours": [render.SEAT_COLOURS[s] for s in SEAT_NAMES[:n]],
            "materials": list(MATERIALS),
            "material_colours": [render.MATERIAL_COLOURS[m] for m in MATERIALS],
            "persons": persons,
            "projects": list(PROJECT_TYPES),
            "cards": render.card_data(game),
            "scrolls": {sid: {"name": s.name, "timing": s.timing} for sid, s in comp.scrolls.items()},
            "pairs": list(PAIR_NAMES),
            "award_text": dict(AWARD_TEXT),
            "categories": list(SCORE_CATEGORIES),
            "visit_bonus": list(VISIT_BONUS),
            "steps": {str(k): v for k, v in STEP_NAMES.items()},
            "rec_tip": render.RECONSTRUCTED_TIP,
            "parts": list(PARTS),
        }

    def make_view(self, state: ZongShiState, seat: int | None) -> dict:
        """``state.view(seat)`` plus ``now`` (the pending decision, seats named as players),
        ``last``, ``changes``, ``scores`` and ``winners`` (all public; see the module
        docstring)."""
        view = super().make_view(state, seat)
        before = None
        node = self.timeline.cursor
        if node.state is state and node.parent is not None and node.action is not None:
            before = node.parent.state
            view["last"] = self._last(before, node.action, state)
            view["changes"] = _box_changes(before, state)
        else:
            view["last"] = None
            view["changes"] = []
        view["now"] = render.decision_words(state)
        view["awards"] = render.award_notes(state)
        sheet = state.score_sheet()
        view["scores"] = {"values": [list(r) for r in sheet.values], "totals": list(sheet.totals), "final": state.is_over}
        view["winners"] = list(sheet.winners) if state.is_over else []
        return view

    def _last(self, before: ZongShiState, action: Any, after: ZongShiState) -> dict:
        mover = before.to_move
        out = {"seat": mover, "text": render.action_words(self._game, action), "notation": str(action), "target": self._target(before, action)}
        task = before.public_view()["pending"][0]
        if task[0] == "bin":
            who, pawn = task[3][0]
            p = before.public_view()["players"][who]
            if pawn == "apprentice" and not p["effects"].get("writ"):
                why = _WHY_APPRENTICE
            elif pawn == "master" and p["effects"].get("privileged"):
                why = _WHY_PRIVILEGED
            else:
                why = _WHY_MASTER
            nxt = after.public_view()["pending"]
            queue = nxt[0][3] if nxt and nxt[0][0] == "bin" and nxt[0][2] == task[2] else []
            out.update({"pawn": pawn, "bin": task[2], "why": why, "next": [list(q) for q in queue[:1]]})
        return out

    def compact_legal(self, state: ZongShiState, actions: list) -> list:
        """The allowed actions as ``[notation, target, label]`` (see the module docstring)."""
        pending = state.public_view()["pending"] if any(a.kind == "pick" for a in actions) else None
        out = []
        for a in actions:
            target = self._target(state, a, pending)
            out.append([str(a), target, render.action_words(self._game, a)])
        return out

    def _target(self, state: ZongShiState, action: Any, pending: list | None = None) -> str:
        kind = action.kind
        w = str(action).split()
        if kind in ("take_box", "take_scroll"):
            return f"draft:{w[1]}"
        if kind == "use":
            return f"pawn:{w[1]}"
        if kind in ("play", "discard"):
            return f"hand:{w[1]}"
        if kind == "pass":
            return "pass"
        if kind == "market":
            return f"bin:{w[1]}"
        if kind == "temple":
            return "temple"
        if kind == "pawnshop":
            return "pawn-shop"
        if kind == "visit":
            return ",".join(f"person:{w[k]}" for k in range(1, len(w), 2))
        if kind == "project":
            return w[1].upper() if w[1].startswith("mw") else w[1]
        if kind in ("donate", "return"):
            return f"store:{w[1]}"
        if kind in ("buy", "claim"):
            return f"tile:{w[1]}"
        if kind == "take_bin":
            return f"bin:{w[1]}:{w[2]}"
        if kind == "pick":
            pending = pending if pending is not None else state.public_view()["pending"]
            return f"bin:{pending[0][2]}:{w[1]}"
        if kind == "retrieve":
            return f"discard:{w[1]}"
        return "bar"

    def action_code(self, state: ZongShiState, action: Any) -> Any:
        """``[notation, target]`` of a (visible) action (the hint's and the log's code)."""
        return [str(action), self._target(state, action)]

    def describe(self, before: ZongShiState, action: Any, after: ZongShiState | None) -> str:
        """``"ivory player: goes to the large bin of the Marketplace"``; a pick in the material
        distribution says why that pawn picks now; at the end, the winners."""
        if after is None:  # a hint: the move to make ("take a jade box from the draft")
            return before.action_name(action)
        labels = render.seat_labels(self._game.players)
        mover = before.to_move
        text = f"{labels[mover]} {render.action_words(self._game, action)}"
        last = self._last(before, action, after)
        if "why" in last:
            text += f" ({last['pawn']}, {last['bin']} bin): {last['why']}"
        if after.is_over:
            text += ". Game over"
            if self.reveal_scores:
                sheet = after.score_sheet()
                who = " and ".join(labels[c] for c in sheet.winners)
                text += f": {who} win{'s' if len(sheet.winners) == 1 else ''} with {sheet.totals[sheet.winners[0]]:g} points"
        return text

    def short_text(self, before: ZongShiState, action: Any) -> str:
        """The move in plain words (:func:`~zongshi_widgets.games.zongshi.render.action_words`)."""
        return render.action_words(self._game, action)

    #: The move log sent to the browser holds at most this many moves around the shown one (a
    #: Zong Shi game has 500-700 decisions: the whole log would make every update ~50 kB).
    LOG_WINDOW = 160

    def _wire_moves(self, moves: list) -> list:
        """The log as the shell reads it, ``[ply, seat, text, null, alt]`` (no action codes:
        the shell does not read them), cut to :attr:`LOG_WINDOW` moves around the cursor; the
        front end says how many earlier moves are not listed."""
        rows = [[e["ply"], e["seat"], e["text"], None, e["alt"]] for e in moves]
        if len(rows) <= self.LOG_WINDOW:
            return rows
        ply = len(self.state.history)
        here = next((i for i, e in enumerate(moves) if e["ply"] == ply), len(rows) - 1)
        end = min(len(rows), max(here + 40, self.LOG_WINDOW))
        return rows[max(0, end - self.LOG_WINDOW) : end]

    def picture(self) -> str:
        """The static picture: the public position (no seat's scrolls, no face-down award
        tile), the lesson's marks, the score unless hidden; reconstructed values marked ≈."""
        return render.position_html(self.state, list(self.highlight), scores=self.reveal_scores)


def _box_changes(before: ZongShiState, after: ZongShiState) -> list:
    """``[[seat, gained letters, lost letters], ...]`` for the seats whose storage changed."""
    out = []
    b = before.public_view()["players"]
    a = after.public_view()["players"]
    for s in range(len(a)):
        old, new = b[s]["boxes"], a[s]["boxes"]
        if old == new:
            continue
        olds = "" if old == "nothing" else old
        news = "" if new == "nothing" else new
        gained = [c for c in "gijb" for _ in range(max(0, news.count(c) - olds.count(c)))]
        lost = [c for c in "gijb" for _ in range(max(0, olds.count(c) - news.count(c)))]
        out.append([s, "".join(gained), "".join(lost)])
    return out
