"""Art Gallery basics: the rulebook's numbers, the seat colours, the rule sections and step names
the engine's messages cite, and the small helpers every part of the engine shares (hands as
counts per card value, tuple updates, the interned actions and the move table of a bench).

Sections of the Art Gallery rulebook cited: "Contents", "Preparation", "Rules" ("1. Move Your Game
Piece", "2. Place a Bid"), "Distribution", "End of the Game & Final Score".
"""

from __future__ import annotations

from .actions import Aside, Bid, Move, Pick, Stay, interned

#: Action card values 0..8, one card each per player (rulebook, Preparation 5).
VALUES = 9
#: Cards in hand at the start of a round (rulebook, End of the Round).
HAND = 9
#: Turns per player and round (rulebook, Rules).
TURNS = 4
#: Markers per player (rulebook, Contents; Preparation 4).
MARKERS = 4
#: Spaces of a marker bar, I. to VI. (rulebook, Explanation of the Board Areas; 2. Place a Bid).
BAR = 6
#: Points for the start card (rulebook, End of the Game & Final Score 4).
START_CARD_POINTS = 3

#: Seat colours. The rulebook has six pawn colours but does not name them (reconstructed).
COLOURS = ("red", "yellow", "green", "blue", "black", "white")

SECTION = {
    "move": "rulebook, Rules, 1. Move Your Game Piece",
    "bid": "rulebook, Rules, 2. Place a Bid",
    "full-bar": "rulebook, 2. Place a Bid: at most six markers per bar; docs/rulings/art_gallery.md §6: a move must reach a bar with a free space",
    "shop": "rulebook, Distribution, Painting Tiles in the Shop Area",
    "return": "rulebook, Distribution, step 3: each marker's owner picks back one played action card",
    "over": "rulebook, End of the Game & Final Score",
}

STEP_NAMES = {
    "move": "1. Move your game piece",
    "bid": "2. Place a bid",
    "aside": "2. Place a bid (the bar is full: lay a card aside)",
    "take": "Distribution: painting tiles in the Shop",
    "return": "Distribution: action cards back",
}

_DIRECTIONS = {"cw": "cw", "clockwise": "cw", "ccw": "ccw", "acw": "ccw", "anticlockwise": "ccw", "counterclockwise": "ccw"}


def _moves_from(p: int, L: int) -> tuple:
    out = []
    for v in range(VALUES):
        cw, ccw = (p + v) % L, (p - v) % L
        if cw == ccw:
            out.append((v, interned(Move, v, ""), cw))
        else:
            out.append((v, interned(Move, v, "cw"), cw))
            out.append((v, interned(Move, v, "ccw"), ccw))
    return tuple(out)


_BIDS = tuple(interned(Bid, v) for v in range(VALUES))
_ASIDES = tuple(interned(Aside, v) for v in range(VALUES))
_STAYS = tuple(interned(Stay, v) for v in range(VALUES))
_PICKS = tuple(interned(Pick, v) for v in range(VALUES))


def _distinct(items: list, what: str) -> None:
    seen = set()
    for x in items:
        if x in seen:
            raise ValueError(f"{what} {x} is in two places")
        seen.add(x)


def _counts(values) -> tuple[int, ...]:
    out = [0] * VALUES
    for v in values:
        out[v] += 1
    return tuple(out)


def _expand(counts) -> list[int]:
    return [v for v in range(VALUES) for _ in range(counts[v])]


def _add(hands: tuple, seat: int, value: int, k: int = 1) -> tuple:
    h = list(hands[seat])
    h[value] += k
    return hands[:seat] + (tuple(h),) + hands[seat + 1 :]


def _set(items: tuple, i: int, value) -> tuple:
    return items[:i] + (value,) + items[i + 1 :]
