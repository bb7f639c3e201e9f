"""Art Gallery actions: each one choice of one player, with a short notation.

=============  ====================================================================
notation       meaning (rulebook section)
=============  ====================================================================
``move 5 cw``  play the 5 face up and move the pawn 5 benches clockwise
               (``ccw``: anticlockwise; no direction when both end on the same bench,
               e.g. ``move 0``: ``move 0 cw`` is refused) (Rules, 1. Move Your Game Piece)
``stay 5``     no (card, direction) reaches a bar with a free space: play the 5 face up
               without moving (docs/rulings/art_gallery.md §6, full marker bars)
``bid 3``      place the 3 face down on the action space where the pawn stands, and a
               marker on the bar (Rules, 2. Place a Bid)
``aside 3``    the bar is full: lay the 3 face up beside the movement card, no bid
               (docs/rulings/art_gallery.md §6)
``take 1+5``   Shop distribution: take the top tiles of spaces 1 and 5 (``take 3``: one
               tile; ``take none``) (Distribution, Painting Tiles in the Shop Area)
``pick 6``     take back one of the played bid cards of the area being distributed
               (Distribution, step 3)
=============  ====================================================================

Actions are interned: equal actions are usually the same object. They compare and hash by
their notation, and ``repr`` gives Python that makes them again.
"""

from __future__ import annotations


class Action:
    """Base of the Art Gallery actions; equal when their notations are equal."""

    __slots__ = ("text",)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text


class Move(Action):
    """Play ``card`` face up and move that many benches in ``direction``.

    Args:
        card (int): the action card's value, 0..8.
        direction (str): ``"cw"`` (clockwise), ``"ccw"`` (anticlockwise), or ``""`` when both
            directions end on the same bench (a 0, or a card as long as the ring).
    """

    __slots__ = ("card", "direction")

    def __init__(self, card: int, direction: str = ""):
        self.card, self.direction = card, direction
        self.text = f"move {card} {direction}" if direction else f"move {card}"

    def __repr__(self) -> str:
        return f"Move({self.card}, {self.direction!r})"


class Stay(Action):
    """Play ``card`` face up without moving: only when no move reaches a free bar space."""

    __slots__ = ("card",)

    def __init__(self, card: int):
        self.card = card
        self.text = f"stay {card}"

    def __repr__(self) -> str:
        return f"Stay({self.card})"


class Bid(Action):
    """Place ``card`` face down on the action space where the pawn stands (plus a marker)."""

    __slots__ = ("card",)

    def __init__(self, card: int):
        self.card = card
        self.text = f"bid {card}"

    def __repr__(self) -> str:
        return f"Bid({self.card})"


class Aside(Action):
    """Lay ``card`` face up beside the movement card instead of bidding (full bar)."""

    __slots__ = ("card",)

    def __init__(self, card: int):
        self.card = card
        self.text = f"aside {card}"

    def __repr__(self) -> str:
        return f"Aside({self.card})"


class Take(Action):
    """Take the top tile of each Shop space in ``spaces`` (none, one, or two different ones)."""

    __slots__ = ("spaces",)

    def __init__(self, spaces: tuple[int, ...] = ()):
        self.spaces = tuple(spaces)
        self.text = "take " + ("+".join(map(str, self.spaces)) if self.spaces else "none")

    def __repr__(self) -> str:
        return f"Take({self.spaces!r})"


class Pick(Action):
    """Take back one played bid card of value ``card`` (and the marker) in distribution."""

    __slots__ = ("card",)

    def __init__(self, card: int):
        self.card = card
        self.text = f"pick {card}"

    def __repr__(self) -> str:
        return f"Pick({self.card})"


_CACHE: dict = {}


def interned(cls, *args):
    """The shared instance of ``cls(*args)`` (actions are immutable)."""
    key = (cls, args)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = cls(*args)
    return a
