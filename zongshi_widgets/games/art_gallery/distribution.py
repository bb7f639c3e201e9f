"""Art Gallery distribution and the end of a round: the Shop purchases a bid allows, who takes a
gallery's painting card, the start card, the distribution carried on step by step (tiles taken,
painting cards awarded, action cards picked back), the refill and the end of the game.

Sections of the Art Gallery rulebook cited: "Rules" (the start card after the last turn),
"Distribution" ("Painting Tiles in the Shop Area", "Painting Cards in the Gallery Areas", step 3:
the action cards back), "End of the Round", "End of the Game & Final Score" (when the game ends).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .actions import Take
from .basics import VALUES, _add, _set

if TYPE_CHECKING:  # pragma: no cover
    from .game import ArtGallery
    from .state import ArtGalleryState


def shop_purchases(game: ArtGallery, stacks, bid: int) -> list[tuple[int, ...]]:
    """The Shop purchases one bid allows (rulebook, Distribution, Painting Tiles in the Shop
    Area): one top tile, or two from different stacks, whose space numbers add up to at most
    the bid; taking none when the variant ``shop_may_pass`` allows it or nothing else fits.

    Args:
        game (ArtGallery): the game (components and variant).
        stacks (Sequence[Sequence[int]]): the Shop stacks, in space order (empty: no tile).
        bid (int): the bid card's value.

    Returns:
        list[tuple[int, ...]]: the space numbers taken, in the engine's order: single spaces,
        pairs, then ``()`` (none).
    """
    avail = [sp for sp, st in zip(game.components.spaces, stacks) if st]
    out = [(sp,) for sp in avail if sp <= bid]
    out += [(a, b) for i, a in enumerate(avail) for b in avail[i + 1 :] if a + b <= bid]
    if game.shop_may_pass or not out:
        out.append(())
    return out


class GalleryAward(NamedTuple):
    """Who takes a gallery's painting card, and why (see :func:`gallery_award`).

    Attributes:
        winner (int | None): the seat that takes it (``None``: no painting or no bid).
        totals (dict[int, int]): each bidding seat's summed bids, in marker order.
        tied (list[int]): the seats tied at the highest sum (one seat: no tie).
        by_tile (bool): the tie was broken by the matching painting tile.
        first_marker (dict[int, int]): each bidding seat's first marker space (0 = I).
    """

    winner: int | None
    totals: dict
    tied: list
    by_tile: bool
    first_marker: dict


def gallery_award(game: ArtGallery, bar, card: int | None, tiles) -> GalleryAward:
    """Rulebook, Painting Cards in the Gallery Areas 2: the highest summed bid takes the
    painting card; a tie goes to the tied player holding the matching painting tile (variant
    ``gallery_tie_tile``: any holder), else to the lower marker.

    Args:
        game (ArtGallery): the game (its variant).
        bar (Sequence[tuple[int, int]]): the area's bids in marker order, ``(seat, value)``.
        card (int | None): the painting card hanging there (``None``: none).
        tiles (Sequence[Sequence[int]]): each seat's painting tiles.

    Returns:
        GalleryAward: the winner and the reasons.
    """
    totals: dict[int, int] = {}
    first: dict[int, int] = {}
    for i, (seat, v) in enumerate(bar):
        totals[seat] = totals.get(seat, 0) + v
        first.setdefault(seat, i)
    if card is None or not totals:
        return GalleryAward(None, totals, [], False, first)
    best = max(totals.values())
    tied = [s for s in totals if totals[s] == best]
    if len(tied) == 1:
        return GalleryAward(tied[0], totals, tied, False, first)
    pool = tied if game.gallery_tie_tile == "tied_only" else range(game.players)
    holders = [s for s in pool if card in tiles[s]]
    if holders:
        return GalleryAward(holders[0], totals, tied, True, first)
    return GalleryAward(min(tied, key=first.__getitem__), totals, tied, False, first)


class DistributionMixin:
    """The distribution and the end of the round of :class:`~.state.ArtGalleryState` (a part of
    that class)."""

    __slots__ = ()

    def _do_take(self, a: Take) -> None:
        spaces = self.game.components.spaces
        seat = self.seat
        stacks = list(self.stacks)
        got = self.tiles[seat]
        for sp in a.spaces:
            i = spaces.index(sp)
            got += (stacks[i][0],)
            stacks[i] = stacks[i][1:]
        self.stacks = tuple(stacks)
        self.tiles = _set(self.tiles, seat, got)
        self.cursor += 1

    def _do_pick(self, seat: int, card: int) -> None:
        pool = list(self.pool)
        pool.remove(card)
        self.pool = tuple(pool)
        self.hands = _add(self.hands, seat, card)
        self.bars = _set(self.bars, self.area, self.bars[self.area][1:])

    def _award_start_card(self) -> None:
        """Rulebook, Rules: after the four turns the highest last card in hand takes the start
        card; on a tie it goes to the holder's clockwise neighbour (default) or to the first tied
        player clockwise from the holder (variant ``start_card_tie="next_tied"``)."""
        n = self.game.players
        last = [max((v for v in range(VALUES) if h[v]), default=-1) for h in self.hands]
        best = max(last)
        tied = [s for s in range(n) if last[s] == best]
        if len(tied) == 1:
            self.start = tied[0]
        elif self.game.start_card_tie == "next_tied":
            self.start = next((self.start + k) % n for k in range(1, n + 1) if (self.start + k) % n in tied)
        else:
            self.start = (self.start + 1) % n

    def _award_painting(self, a: int) -> None:
        """Rulebook, Painting Cards in the Gallery Areas 2 (see :func:`gallery_award`); called
        for an area with bids."""
        card = self.paintings[a]
        if card is None:
            return
        winner = gallery_award(self.game, self.bars[a], card, self.tiles).winner
        self.cards = _set(self.cards, winner, self.cards[winner] + (card,))
        self.paintings = _set(self.paintings, a, None)

    def _run(self) -> ArtGalleryState:
        """Carry the distribution on (on a fresh copy) until a real choice or the round's end:
        reveal and award gallery paintings, and play choices with a single outcome."""
        L = self.game.ring
        while True:
            step = self.step
            if step == "take":
                bar = self.bars[0]
                if self.cursor < len(bar):
                    self.seat = bar[self.cursor][0]
                    opts = self._take_options()
                    if len(opts) > 1:
                        return self
                    self._do_take(opts[0])
                    continue
                self.pool = tuple(sorted(v for _, v in bar))
                self.turned = tuple(bar)  # turned over: who bid what is public
                self.bars = _set(self.bars, 0, tuple((s, None) for s, _ in bar))
                self.step, self.cursor = "return", 0
                continue
            if step == "return":
                bar = self.bars[self.area]
                if bar:
                    seat = bar[0][0]
                    self.seat = seat
                    pool = self.pool
                    if pool[0] != pool[-1] and any(e[0] != seat for e in bar):
                        return self
                    hands = self.hands
                    for (owner, _), v in zip(bar, pool):
                        hands = _add(hands, owner, v)
                    self.hands, self.pool = hands, ()
                    self.bars = _set(self.bars, self.area, ())
                self.area += 1
                self.turned = ()
                self.step = "enter"
                continue
            if step == "enter":
                a = self.area
                while a < L and not self.bars[a]:
                    a += 1
                if a >= L:
                    self._end_round()
                    return self
                self.area = a
                if a == 0:
                    self.step, self.cursor = "take", 0
                    continue
                self._award_painting(a)
                bar = self.bars[a]
                self.pool = tuple(sorted(v for _, v in bar))
                self.turned = tuple(bar)  # turned over: who bid what is public
                self.bars = _set(self.bars, a, tuple((s, None) for s, _ in bar))
                self.step = "return"
                continue
            return self

    def _end_round(self) -> None:
        """Rulebook, End of the Round and End of the Game: the game ends when the pile cannot
        fill the empty painting spaces, or enough Shop stacks are used up; else refill (G1
        first), movement cards back to hand, the start-card holder begins."""
        g = self.game
        n = g.players
        empty = [a for a in range(1, g.ring) if self.paintings[a] is None]
        used = sum(1 for st in self.stacks if not st)
        over = len(self.pile) < len(empty) or used >= g.used_up_limit
        hands = self.hands
        for seat in range(n):
            for v in self.played[seat] + self.aside[seat]:
                hands = _add(hands, seat, v)
        self.hands = hands
        self.played = self.aside = ((),) * n
        self.area, self.cursor, self.pool, self.plays, self.turned = 0, 0, (), 0, ()
        if over:
            self.step, self.seat = None, None
            return
        paintings, pile = list(self.paintings), self.pile
        for a in empty:
            paintings[a], pile = pile[0], pile[1:]
        self.paintings, self.pile = tuple(paintings), pile
        self.round += 1
        self.seat, self.step = self.start, "move"
