"""Art Gallery scoring: the final score sheet and the score sheet as a seat may know it during
the game.

Sections of the Art Gallery rulebook cited: "End of the Game & Final Score" (chains of each symbol
row, souvenirs, action cards in hand, the start card, the tie-break by painting tiles).
"""

from __future__ import annotations

from ...core import ScoreSheet
from .basics import START_CARD_POINTS
from .components import chain_scores


class ScoringMixin:
    """The score sheets of :class:`~.state.ArtGalleryState` (a part of that class)."""

    __slots__ = ()

    def score_sheet(self) -> ScoreSheet:
        """The score sheet (rulebook, End of the Game & Final Score): per seat the best chain of
        each symbol row, souvenirs (3 per tile matching a card of its own collection, else 1),
        action cards in hand (sum / 4 rounded down), start card (3). Highest total wins; a tie
        goes to the most painting tiles; still tied, the victory is shared."""
        g = self.game
        cards = g.components.cards
        values, totals, ties = [], [], []
        for seat in range(g.players):
            chains = chain_scores(cards, self.cards[seat], g.single_card_chains)
            own = set(self.cards[seat])
            souvenirs = sum(3 if t in own else 1 for t in self.tiles[seat])
            hand = sum(v * k for v, k in enumerate(self.hands[seat])) // 4
            start = START_CARD_POINTS if seat == self.start else 0
            row = chains + [souvenirs, hand, start]
            values.append(row)
            totals.append(sum(row))
            ties.append((len(self.tiles[seat]),))
        return ScoreSheet(
            players=list(g.seat_names),
            categories=["symbol row 1", "symbol row 2", "symbol row 3", "symbol row 4", "souvenirs", "action cards", "start card"],
            values=values,
            totals=totals,
            tiebreaks=ties,
            tiebreak_label="painting tiles",
            total_label="points",
            final=self.is_over,
            notes="Highest total wins; on a tie, the most painting tiles; still tied, the victory is shared (rulebook, End of the Game & Final Score).",
        )

    def visible_score_sheet(self, seat: int | None = None) -> ScoreSheet:
        """The score sheet as ``seat`` may know it (``None``: a spectator; rulebook, End of the
        Game & Final Score): while hands are hidden (the play turns of a round), every seat's
        action cards are counted from the cards it holds or has bid face down, known to all by
        number but not by value once bid (:func:`~zongshi_widgets.games.art_gallery.render.public_scores`),
        so the row is provisional and the notes say so; no seat knows more, its own hand
        included, since the distribution hands the bids back as other values. From the
        distribution on and at the end of the game it equals :meth:`score_sheet`.

        Args:
            seat (int | None): the seat looking, or ``None``.

        Returns:
            ScoreSheet: categories as :meth:`score_sheet`'s.

        Raises:
            TypeError, ValueError: ``seat`` is not a seat of this game.
        """
        from .render import public_scores

        g = self.game
        g.check_seat(seat)
        if self.is_over:
            return self.score_sheet()
        scores = public_scores(self)
        sheet = self.score_sheet()
        notes = sheet.notes
        if scores["provisional"]:
            notes = (
                "Action cards are provisional: counted from the cards each player holds or has bid face down "
                "(a bid comes back to a hand in the distribution, perhaps as another value). " + notes
            )
        return ScoreSheet(
            players=list(g.seat_names),
            categories=list(sheet.categories),
            values=scores["values"],
            totals=scores["totals"],
            tiebreaks=[(n,) for n in scores["tiles"]],
            tiebreak_label=sheet.tiebreak_label,
            total_label=sheet.total_label,
            final=False,
            notes=notes,
        )
