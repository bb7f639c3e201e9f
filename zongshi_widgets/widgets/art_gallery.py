"""The Art Gallery board: ``ArtGalleryBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1)``.

The browser draws the museum ring (the Shop and the gallery areas, each with its bench of pawns,
its marker bar and its face-down bid stacks, and the gallery's painting card), the Shop's tile
stacks with their space numbers, every collection in order with its symbol rows and the best
chain of each row highlighted, the watching seat's own hand, the start card and the score so
far in every category.

A move is a card, then a direction (both destinations are highlighted on the ring); a bid is a
card; in the distribution, Shop tiles are chosen by their spaces, and returned cards by value.
Legality is decided in Python only: a choice that is not in ``legal`` is sent as an ``explain``
request and the broken rule is shown. When a move sets off the distribution, ``view["story"]``
tells its steps (:func:`~zongshi_widgets.games.art_gallery.render.distribution_story`: bids
turned up one by one, tiles taken, sums compared, ties explained, cards returned), which the
browser plays at a learner's pace before showing the new position.

Each seat sees only its own hand and its own face-down bids (see
:mod:`zongshi_widgets.widgets.base` for hot seat, seat-bound and spectator boards).
"""

from __future__ import annotations

from typing import Any

from ..games.art_gallery import Aside, Bid, Move, Stay, Take
from ..games.art_gallery.render import (
    CATEGORIES,
    RECONSTRUCTED_NOTE,
    SEAT_COLOURS,
    distribution_story,
    is_reconstructed,
    position_html,
    public_scores,
)
from ..games.art_gallery.rules import BAR, HAND, MARKERS, TURNS
from .base import GameBoard, NamedGameBoard, read_asset

__all__ = ["ArtGalleryBoard"]


class ArtGalleryBoard(NamedGameBoard):
    """A game of Art Gallery (2-6 players) in the notebook.

    Click a card of your hand, then one of the two highlighted destinations (clockwise or
    anticlockwise) to move; then click a card to bid it face down where your pawn stands. In the
    distribution, click Shop spaces (one or two) then *Take*, or the card you pick back. Keys: Tab
    and Shift+Tab go through the offered choices, the arrow keys move between the choices of one
    row, Enter chooses, Escape drops a chosen card, U undoes, H shows a legal move.

    Arguments as for :class:`~zongshi_widgets.widgets.base.NamedGameBoard` (``variant`` takes
    the options of ``zw.game("art_gallery", ...)``).

    Example::

        import zongshi_widgets.widgets as zww
        board = zww.ArtGalleryBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1)
        board
        board.play("move 3 cw"); board.play("bid 5")
        board.mark(["G3", "stack:5", "collection:red"])
    """

    game_name = "art_gallery"
    _esm = read_asset("base.js", "art_gallery.js")
    _css = read_asset("board.css", "art_gallery.css")

    #: ``view`` keys that reveal the score (left out when ``reveal_scores`` is ``False``).
    SCORE_KEYS = (*GameBoard.SCORE_KEYS, "scores")

    # -- lessons ---------------------------------------------------------------------------
    def click_words(self, state, action: Any) -> str:
        """How to make ``action`` on this board, in its own terms (``'click card 3, then
        "clockwise to G1"'``); see :func:`zongshi_widgets.tutor.art_gallery.click_words`.

        Args:
            state (ArtGalleryState): the position; action: one of its legal actions (or its notation).
        Returns:
            str: the instruction, starting ``"click "``.
        """
        from ..tutor.art_gallery import click_words

        return click_words(state, action)

    def part_ids(self, parts) -> list[str]:
        """The canonical ids of named parts of the board, as ``highlight`` and :meth:`mark` use.

        Part names (case-insensitive):

        * ``"shop"``, ``"G1"``, ``"G2"``...: a space of the ring (the Shop, a gallery area with
          its bench and painting);
        * ``"bar:G3"``: the marker bar of an area (``"bar:shop"`` too);
        * ``"stack:5"``: the Shop's tile stack on space 5 (spaces 1, 3, 5, 7);
        * ``"collection:red"`` or ``"collection:0"``: a player's collection (by colour or seat);
        * ``"hand"``: the watching seat's hand; ``"start_card"``; ``"pile"``: the painting pile;
        * ``"scores"``: the score panel.

        Args:
            parts (str | Iterable[str]): one name or several (``"G1, stack:3"`` also reads).

        Returns:
            list[str]: canonical ids (``"G3"``, ``"bar:shop"``, ``"stack:5"``,
            ``"collection:red"``...), in the given order.

        Raises:
            ValueError: a part this board does not have (the message lists the known forms).
            TypeError: ``parts`` is not a string or an iterable of strings.
        """
        g = self._game
        if isinstance(parts, str):
            parts = [p for p in parts.split(",") if p.strip()]
        try:
            items = list(parts)
        except TypeError:
            raise TypeError(f"parts must be a part name or a list of them, not {parts!r}") from None
        areas = {name.lower(): name for name in g.area_names}
        colours = {c: c for c in g.seat_names} | {str(i): c for i, c in enumerate(g.seat_names)}
        spaces = {str(sp) for sp in g.components.spaces}
        known = (
            f"known: {', '.join(g.area_names)}, bar:<area>, stack:<{'|'.join(sorted(spaces))}>, "
            f"collection:<{'|'.join(g.seat_names)} or seat number>, hand, start_card, pile, scores"
        )
        out = []
        for item in items:
            if not isinstance(item, str):
                raise TypeError(f"a part name is a string, not {item!r}")
            key = item.strip().lower()
            kind, _, rest = key.partition(":")
            if not rest and key in areas:
                out.append(areas[key])
            elif not rest and key in ("hand", "start_card", "pile", "scores"):
                out.append(key)
            elif kind == "bar" and rest.strip() in areas:
                out.append(f"bar:{areas[rest.strip()]}")
            elif kind == "stack" and rest.strip() in spaces:
                out.append(f"stack:{rest.strip()}")
            elif kind == "collection" and rest.strip() in colours:
                out.append(f"collection:{colours[rest.strip()]}")
            else:
                raise ValueError(f"{item!r} is not a part of this Art Gallery board ({known})")
        return out

    def mark(self, parts) -> None:
        """Outline named parts of the board (a lesson's marks); ``mark([])`` clears them.

        Args:
            parts: as for :meth:`part_ids` (``["G3", "stack:5", "collection:red"]``).

        Raises:
            ValueError: an unknown part (nothing changes). TypeError: not part names.
        """
        self.highlight = self.part_ids(parts)

    # -- GameBoard hooks -------------------------------------------------------------------
    def picture(self) -> str:
        """The static picture: public information only (no hand, face-down bids as ``▮``), the
        lesson's marks, and the score so far unless ``reveal_scores`` is ``False``."""
        return position_html(self.state, highlight=list(self.highlight), reveal_scores=self.reveal_scores)

    def _geometry(self) -> dict:
        g = self._game
        comps = g.components
        cards = [[c.title, c.artist, list(c.symbols), list(c.values), 1 if is_reconstructed(c) else 0] for c in comps.cards]
        return {
            **self._shared_geometry(),
            "areas": list(g.area_names),
            "spaces": list(comps.spaces),
            "stack_sizes": list(comps.stack_sizes),
            "bar": BAR,
            "markers": MARKERS,
            "hand": HAND,
            "turns": TURNS,
            "cards": cards,
            "colours": [SEAT_COLOURS[c] for c in g.seat_names],
            "categories": list(CATEGORIES),
            "reconstructed_note": RECONSTRUCTED_NOTE,
            "stacks_visible": g.stacks_visible,
        }

    def make_view(self, state, seat: int | None) -> dict:
        """``state.view(seat)`` plus ``scores`` (:func:`~zongshi_widgets.games.art_gallery.render.public_scores`:
        every category so far and the best chains, public information only), ``winners`` at the
        end, and ``story``: the distribution steps set off by the move that led here (empty for
        an ordinary move; see :func:`~zongshi_widgets.games.art_gallery.render.distribution_story`)."""
        view = super().make_view(state, seat)
        view["scores"] = public_scores(state)
        story: list = []
        node = self._session.timeline.cursor
        if node.state is state and node.parent is not None:
            story = distribution_story(node.parent.state, node.action, state)
        view["story"] = story
        return view

    def describe(self, before, action, after) -> str:
        """``"red played 5 and moved clockwise to G5"``, ``"red bid 3 face down at G5"``,
        ``"red took the top tile of space 1 and space 5"``, ``"red took back 6"``; then, when the move set
        off the distribution, what it gave, and at the end the winners. A hint (``after`` is
        ``None``) is the move to make: ``"red: play 5 and move clockwise to G5"``."""
        g = self._game
        who = g.seat_names[before.to_move]
        if after is None:  # a hint: the move to make, in the engine's words ("red: play 5 and move ...")
            return f"{who}: {before.action_name(action)}"
        text = f"{who} {self._words(before, action)}"
        story = distribution_story(before, action, after)
        awards = [s for s in story if s["k"] == "award" and s["to"] is not None]
        if awards:
            got = "; ".join(f"{g.seat_names[s['to']]} takes #{s['card']} ({g.area_names[s['a']]})" for s in awards)
            text += f". Distribution: {got} (step by step on the board)"
        ended = _round_end_text(story)
        if ended:
            text += f". {ended.rstrip('.')}"
        if after.is_over:
            text += ". Game over" + ("" if not self.reveal_scores else self._winners_text(after))
        return text

    def _log_entries(self, seat):
        """The move log (see :class:`GameBoard`), with the end of each round, and why the game
        ended, told in the entry of the move that ended it (rulebook, End of the Round, End of
        the Game)."""
        out = super()._log_entries(seat)
        for entry, node in zip(out, self.timeline.line()[1:]):
            before, after = node.parent.state, node.state
            if after.round != before.round or (after.is_over and not before.is_over):
                ended = _round_end_text(distribution_story(before, node.action, after))
                if ended:
                    entry["text"] += f". {ended.rstrip('.')}"
        return out

    def _wire_moves(self, moves: list) -> list:
        # the log as the shell draws it: this front end reads no action codes (keeps updates small)
        return [[e["ply"], e["seat"], e["text"], None, e["alt"]] for e in moves]

    def action_code(self, before, action) -> dict:
        """Where a hinted move shows on the board, for the hint ladder's outline: ``{"card":
        the action card played, bid, laid aside or taken back (or ``None``), "bench": the ring
        bench the game piece ends on or bids at (0 the Shop; ``None``), "spaces": the Shop
        spaces taken}``. Only hints use it (the log draws no codes)."""
        seat = before.to_move
        code = {"card": getattr(action, "card", None), "bench": None, "spaces": list(getattr(action, "spaces", ()))}
        if isinstance(action, Move):
            p = before.pawns[seat]
            ring = self._game.ring
            code["bench"] = (p - action.card) % ring if action.direction == "ccw" else (p + action.card) % ring
        elif isinstance(action, (Bid, Aside, Stay)):
            code["bench"] = before.pawns[seat]
        return code

    def short_text(self, before, action) -> str:
        """A few words for the log (the message line has the full sentence): ``"moved 5 cw to
        G5"``, ``"bid 3 at G5"``, ``"took space 1+5"``, ``"took back 6"``..."""
        g = self._game
        seat = before.to_move
        if isinstance(action, Move):
            p = before.pawns[seat]
            dest = (p - action.card) % g.ring if action.direction == "ccw" else (p + action.card) % g.ring
            where = "Shop" if dest == 0 else g.area_names[dest]
            return f"stayed at {where} with {action.card}" if dest == p else f"moved {action.card} {action.direction} to {where}".replace("  ", " ")
        if isinstance(action, Stay):
            return f"played {action.card}, no move"
        if isinstance(action, Bid):
            p = before.pawns[seat]
            return f"bid {action.card} at {'Shop' if p == 0 else g.area_names[p]}"
        if isinstance(action, Aside):
            return f"laid {action.card} aside"
        if isinstance(action, Take):
            return "took space " + "+".join(map(str, action.spaces)) if action.spaces else "took no tile"
        return self._words(before, action)

    def _words(self, before, action: Any) -> str:
        """The move in the past tense: the engine's words (``ArtGalleryState.action_name``)
        with their verbs told, not ordered."""
        words = before.action_name(action)
        for verb, past in _PAST:
            if words.startswith(verb):
                words = past + words[len(verb) :]
                break
        return words.replace(" and move ", " and moved ").replace(" and stay ", " and stayed ")


#: The verbs ``ArtGalleryState.action_name`` starts with, and their past tense (longest first).
_PAST = (("play ", "played "), ("bid ", "bid "), ("lay ", "laid "), ("take back ", "took back "), ("take ", "took "))


def _round_end_text(story: list[dict]) -> str:
    """The words of the end of a round in a distribution's story (``""`` when the move did not
    end one): the refill and who begins the next round, or why the game ends."""
    return next((step["text"] for step in story if step["k"] == "end"), "")
