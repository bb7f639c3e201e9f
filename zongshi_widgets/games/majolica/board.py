"""A player's board (rulebook, Game Setup: Player Board; Run Workshop(s)): the :class:`Player`
record, its four workshops packed into one integer (:func:`pack_workshops`), and what the rules
ask of a board: is a workshop full with its pattern (:func:`pattern_met`), does a design card
have an open space for a colour (:func:`card_open`), must a workshop run (:func:`can_run`).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple

from .notation import ZERO4, _tiles

if TYPE_CHECKING:
    from .game import Majolica


class Player(NamedTuple):
    """One player's board (rulebook, Game Setup; Run Workshop(s)).

    Attributes:
        wp (int): the four workshops packed into one integer (speed: one cheap dictionary key
            for what depends on the workshops alone; see :func:`pack_workshops`). Read them as
            ``ws`` (a property): four 5-tuples of tile counts (R, Y, B, G, purple).
        slots (tuple[int, int, int]): the card index in each slot (-1: empty).
        fills (tuple): per slot a 4-tuple of tiles on that card (R, Y, B, G).
        done (tuple[int, ...]): completed cards (scoring area), in order.
        tokens (int): one-point bonus tokens. purples (int): purple tiles taken from City Hall.
        blooms (int): Bloom tokens. mission (int): mission card 0..7 or -1.
        mstore (int): bitmask of the colours on the mission card (M2, M4).
    """

    wp: int
    slots: tuple
    fills: tuple
    done: tuple
    tokens: int = 0
    purples: int = 0
    blooms: int = 0
    mission: int = -1
    mstore: int = 0

    @property
    def ws(self) -> tuple:
        """The four workshops W1..W4, each a 5-tuple of tile counts (R, Y, B, G, purple)."""
        return _ws_rows(self.wp)

    def __repr__(self) -> str:
        # as before the workshops were packed: the position digest (saves) is built from it
        return (
            f"Player(ws={self.ws!r}, slots={self.slots!r}, fills={self.fills!r}, done={self.done!r}, tokens={self.tokens!r}, "
            f"purples={self.purples!r}, blooms={self.blooms!r}, mission={self.mission!r}, mstore={self.mstore!r})"
        )


#: Bits per tile count in packed workshops (:func:`pack_workshops`): a byte, far above what a
#: workshop can hold (capacity at most 12 by the component format, plus an overflow).
_B = 8
#: Bits per workshop in packed workshops (five counts).
_WB = 5 * _B
#: ``_DROP[w][c]``: one tile of colour ``c`` in workshop ``w``, packed (a free discard subtracts it).
_DROP = tuple(tuple(1 << (w * _WB + c * _B) for c in range(5)) for w in range(4))


def pack_workshops(ws) -> int:
    """Four workshops (tuples or lists of 5 tile counts R, Y, B, G, purple) as one integer,
    one byte per count: workshop ``w``'s count of colour ``c`` is byte ``5w + c`` (the lowest
    first), i.e. bits ``40w + 8c`` to ``40w + 8c + 7``.

    Raises:
        ValueError: a count outside 0..255.
    """
    a, b, c, d = ws
    return int.from_bytes(bytes((*a, *b, *c, *d)), "little")


#: packed workshops -> the four 5-tuples (filled as met, bounded)
_WS_ROWS: dict = {}


def _ws_rows(wp: int) -> tuple:
    """The four workshops packed in ``wp`` as four 5-tuples of tile counts (remembered)."""
    rows = _WS_ROWS.get(wp)
    if rows is None:
        if len(_WS_ROWS) > 65536:
            _WS_ROWS.clear()  # bounded memory in very long sessions
        b = wp.to_bytes(20, "little")
        rows = _WS_ROWS[wp] = (tuple(b[0:5]), tuple(b[5:10]), tuple(b[10:15]), tuple(b[15:20]))
    return rows


EMPTY_PLAYER = Player(0, (-1, -1, -1), (ZERO4,) * 3, ())
#: One workshop's five counts in packed workshops (:func:`pack_workshops`).
_ROW_MASK = (1 << _WB) - 1

#: ``Player`` from a 9-tuple of its fields (``Player._make`` without its Python-level call).
_new_player = functools.partial(tuple.__new__, Player)


# -- rules: what may run, what is open ---------------------------------------------------------
def card_text(game: Majolica, i: int) -> str:
    """A design card in words: ``"D05 3 pts: RRB"`` (``*`` a blank space, ``+hand`` the hand icon)."""
    c = game.cards[i]
    return f"{c.id} {c.points} pts: {_tiles(c.spaces)}{'*' * c.blank}{' +hand' if c.hand else ''}"


def card_open(game: Majolica, card: int, fill, c: int) -> bool:
    """Whether a tile of colour ``c`` (0..3) fits an open space of ``card`` holding ``fill``
    (rulebook, Run Workshop(s); Kaleidoscopic Design: a blank space takes any colour but purple).
    A tile goes to its own colour's space first (never worse than using a blank)."""
    need = game.need[card]
    if fill[c] < need[c]:
        return True
    blank = game.blank[card]
    return blank > 0 and sum(f - n for f, n in zip(fill, need) if f > n) < blank


def pattern_met(game: Majolica, w: int, ws) -> bool:
    """Whether workshop ``w`` holding ``ws`` (5 counts) is full with its pattern, purple tiles
    wild (rulebook, Run Workshop(s) A, C, E; Purple Tiles)."""
    if sum(ws) != game.cap[w]:
        return False
    part = game.part[w]
    colours = 0
    for c in range(4):
        k = ws[c]
        if k:
            if k > part:
                return False
            colours += 1
    return colours <= game.nparts[w]


def can_run(state_or_work, seat_player: Player | None, w: int, ws=None) -> bool:
    """Whether workshop ``w`` of ``seat_player`` must run now (reference check, slow and plain;
    see :meth:`_Work.runnable` for the fast path): full with its pattern, and for W1-W3 a card in
    the slot above with an open space matching a non-purple tile there (Tip 4, Tip 5); W4 needs
    City Hall to give something unless the ``city_hall_empty`` option is ``"run"``."""
    game = state_or_work.game
    p = seat_player
    ws = p.ws[w] if ws is None else ws
    if not pattern_met(game, w, ws):
        return False
    if w == 3:
        return game.empty_run or sum(state_or_work.city) > 0
    card = p.slots[w]
    if card < 0:
        return False
    return any(ws[c] and card_open(game, card, p.fills[w], c) for c in range(4))
