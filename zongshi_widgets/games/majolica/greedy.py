"""The bots' quick heuristic: the value of a board (:func:`_board_value`, read by
:meth:`MajolicaState.greedy_value`), each workshop's term remembered per game, and the plain
reference the tests compare it with. A playing aid for bots, not a rule of the book.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import _ROW_MASK, _WB, Player, _ws_rows, card_open

if TYPE_CHECKING:
    from .game import Majolica

#: The steps from 2. Place to the end of a turn, where :meth:`MajolicaState.greedy_action` remembers its choice.
_TURN_STEPS = frozenset(("place", "choose", "move", "fragment", "overflow", "finish"))


def _board_value(g: Majolica, p: Player) -> float:
    """See :meth:`MajolicaState.greedy_value`: :func:`_board_value_reference`, each workshop's
    term looked up per game by the workshop, its tiles, the card above and that card's tiles
    (:func:`_workshop_value`), added in the same order (so the very same float)."""
    slots, fills, wp = p.slots, p.fills, p.wp
    v = 5.0 * sum(g.cards[i].points for i in p.done) + 2.0 * (sum(fills[0]) + sum(fills[1]) + sum(fills[2])) + p.tokens + p.blooms
    cache = g._t_workshop_value
    for w in range(4):
        key = (w, wp >> w * _WB & _ROW_MASK, slots[w], fills[w]) if w < 3 else (3, wp >> 3 * _WB, -1, None)
        t = cache.get(key)
        if t is None:
            if len(cache) > 65536:
                cache.clear()  # bounded memory in long sessions
            t = cache[key] = _workshop_value(g, w, _ws_rows(wp)[w], key[2], key[3])
        v += t
    return round(v - 0.5 * ((slots[0] < 0) + (slots[1] < 0) + (slots[2] < 0)), 9)


def _workshop_value(g: Majolica, w: int, ws: tuple, card: int, fill: tuple | None) -> float:
    """Workshop ``w``'s term of :meth:`MajolicaState.greedy_value` (as
    :func:`_board_value_reference` adds it), holding ``ws`` under ``card`` (-1: none; W4: -1)
    whose tiles are ``fill``: ``-1.5`` when the tiles cannot make the pattern any more."""
    counts = [ws[c] for c in range(4) if ws[c]]
    if all(k <= g.part[w] for k in counts) and len(counts) <= g.nparts[w]:
        useful = w == 3 or (card >= 0 and any(ws[c] and card_open(g, card, fill, c) for c in range(4)))
        if useful and sum(ws) == g.cap[w]:
            return 1.0 * sum(ws)
        return (0.6 if useful else 0.2) * sum(ws)
    return -1.5  # v + -1.5 is exactly v - 1.5


def _board_value_reference(g: Majolica, p: Player) -> float:
    """:meth:`MajolicaState.greedy_value` of the board ``p`` (reference version, slow and plain:
    :func:`_board_value` is the fast path, checked against this one by the tests)."""
    v = 5.0 * sum(g.cards[i].points for i in p.done) + 2.0 * sum(sum(f) for f in p.fills) + p.tokens + p.blooms
    for w in range(4):
        ws = p.ws[w]
        counts = [ws[c] for c in range(4) if ws[c]]
        if all(k <= g.part[w] for k in counts) and len(counts) <= g.nparts[w]:
            card = p.slots[w] if w < 3 else -1
            useful = w == 3 or (card >= 0 and any(ws[c] and card_open(g, card, p.fills[w], c) for c in range(4)))
            if useful and sum(ws) == g.cap[w]:
                v += 1.0 * sum(ws)  # full with its pattern: it runs this turn
            else:
                v += (0.6 if useful else 0.2) * sum(ws)
        else:
            v -= 1.5
    # rounded: equal positions reached by different sums (0.6 * 3 + 0.2 * 5 against 2.8) value
    # exactly equal, so ties go to the first action in legal order as documented
    return round(v - 0.5 * sum(1 for x in p.slots if x < 0), 9)
