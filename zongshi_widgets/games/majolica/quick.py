"""The short paths of ``play`` and ``advance`` (speed; no rule of its own): a notation exactly
as listed, when nothing can run, is applied by an operation looked up in a per-game notation table
(:func:`_quick_table`, :func:`_quick_kind`, :func:`_quick`) instead of the working copy's steps;
the tests compare both paths. Takes (1. Select Majolica Tiles), free discards (Tip 1),
placements, slots and rearrangements (2. Place Majolica Tiles) and the end of a turn or a round
(End of the Round; Game End).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from .board import _B, _DROP, _WB, Player, _new_player
from .legal import _ws_info
from .notation import BORDER, BORDER_MASK, LINES, PURPLE, T_DISCARD, T_PLACE, T_RUN_TEXT, T_SLOT, T_SOLO_ARRANGE, T_TAKE_ARRANGE, ZERO4, _take_cells
from .turn import _Steps

if TYPE_CHECKING:
    from .game import Majolica
    from .state import MajolicaState


def _quick_table(g: Majolica) -> dict:
    """Notation -> the operation :func:`_quick` applies: ``(1, cells, clear, four, card, arrange)``
    a take of a grid (cells taken, their bit mask, a run's four-tile flag or ``None``, the card
    index or -1, option C; solo: cells ``None``), ``(2, w, c)`` a free discard, ``(3,)`` ``end``, ``(4, w)`` ``place W..``,
    ``(5, k)`` ``slot ..`` (and from :func:`_quick_kind`: ``(6, slots)`` ``arrange ..``, ``(7,)``
    ``end`` at the end of a round, ``(8, k)`` ``slot ..`` that ends the turn). Built once per game from the notations :func:`_legal_reference` writes."""
    out: dict = {"end": (3,)}
    for w in range(4):
        out[T_PLACE[w]] = (4, w)
        for c in range(5):
            out[T_DISCARD[w][c]] = (2, w, c)
    for k in range(3):
        out[T_SLOT[k]] = (5, k)
    if g.solo:  # solo takes: cells None (the revealed tiles: _Work._take)
        for text in ("take all",) + T_SOLO_ARRANGE + tuple(itertools.chain.from_iterable(g._t_solo_card)):
            out[text] = (1, None, 0, None, -1, False)
        return out
    for line in LINES:
        for a, b in itertools.combinations(line, 2):
            text = T_RUN_TEXT[a, b]
            cells, four = _take_cells(text[5:])
            out[text] = (1, cells, sum(1 << i for i in cells), four, -1, False)
    for i in BORDER:
        out[T_TAKE_ARRANGE[i]] = (1, (i,), 1 << i, None, -1, True)
        for card, text in enumerate(g._t_take_card[i]):
            out[text] = (1, (i,), 1 << i, None, card, False)
    return out


#: the operation of ``end`` when the round ends with it (multi-player)
_ROUND_END = (7,)
#: ``slot k`` that ends the turn (nothing else to place, no tiles to discard; multi-player)
_SLOT_END = ((8, 0), (8, 1), (8, 2))
#: one small tile of each colour, as pending counts (a one-tile take)
_ONE = tuple(tuple(int(k == c) for k in range(5)) for c in range(4))


def _quick_kind(s: MajolicaState, a: str):
    """Which short path of :func:`_quick` the listed action ``a`` may take here: the operation
    (a tuple, see :func:`_quick_table`; for a rearrangement ``(6, slots)``), or 0 for none (the
    full :class:`_Work` path). Short paths: a take (1. Select), a free discard (Tip 1), ``end``
    (the round going on, or multi-player its end: Game End or a new round), ``place W..``, ``slot ..`` and ``arrange ..`` when the turn goes on
    at 2. Place or its end. Takes, placements, slots and rearrangements qualify only with no full
    workshop (before and after: nothing can run then), no run, overflow or hand-icon tile
    pending. ``play`` and ``advance`` use it; ``_apply`` (the framework's general path) never
    does, and the tests compare the two."""
    g = s.game
    op = g._t_quick.get(a)
    if op is None:
        if a[0] != "a" or a[:8] != "arrange ":
            return 0
        kind = 6
    else:
        kind = op[0]
        if kind == 2:
            return op
        if kind == 3:
            if g.solo:
                return 0
            return op if (s.up & BORDER_MASK).bit_count() >= 4 else _ROUND_END
    if s.over >= 0 or s.run is not None or s.bonus:
        return 0
    wp = s.players[s.seat].wp
    info = g._t_ws.get(wp)
    if info is None:
        info = _ws_info(g, wp)
    # a full workshop might run when the action settles: leave that to the full path
    if info[1]:
        return 0
    if kind == 1:
        return op
    if kind == 4:  # place W..
        w = op[1]
        pend = s.pend
        after = info[0][w] + sum(pend) - (pend[PURPLE] if w == 3 else 0)
        if after >= g.cap[w] or not after:
            return 0  # it fills (may run) or overflows
        return op if s.pcard >= 0 or s.parr or g.free_discard else 0
    if kind == 6:  # arrange ..
        if s.pend is not None or s.pcard >= 0 or (g.free_discard and info[2]):
            ids = g.card_ids
            return (6, tuple(ids[x] if x != "-" else -1 for x in a[8:].split()))
        return 0
    if s.pend is not None or s.parr or (g.free_discard and info[2]):
        return op  # slot ..
    if g.solo:
        return 0
    return _SLOT_END[op[1]]  # slot .., and with nothing left to do the turn ends (_settle)


def _quick(s: MajolicaState, a: str, op) -> None:
    """Apply the listed action ``a`` to ``s`` (a new state or a scratch copy, changed in place)
    without unpacking the mover's board, as :meth:`_Work.act` would (``op`` from
    :func:`_quick_kind`). A take changes no board, and with no full workshop, no run and no
    overflow ``_settle`` only moves on to 2. Place; a free discard (Tip 1) takes one tile off one
    workshop and triggers nothing."""
    kind = op[0]
    if kind == 1:  # _Work._take of a grid
        _, cells, clear, four, card, arrange = op
        if cells is None:  # solo
            _Steps._take(s, a.split())  # _Work._take
            return
        if four is None:
            s.pend = _ONE[s.grid[cells[0]]]
        else:
            grid, pend = s.grid, [0, 0, 0, 0, 0]
            for i in cells:
                pend[grid[i]] += 1
            s.pend = tuple(pend)
            s.took4 = four
        s.up &= ~clear
        if arrange:
            s.parr = True
        elif card >= 0:
            s.pcard = card
            d = s.display
            k = d.index(card)
            s.display = d[:k] + d[k + 1 :]
        s.step = "place"
        return
    if kind == 3 or kind == 7:
        _quick_end_turn(s, kind == 7)
        return
    seat = s.seat
    players = list(s.players)
    old_slots = players[seat].slots
    players[seat] = _quick_player(s, op)  # first: it reads the pending tiles and card
    s.players = tuple(players)
    if kind == 2:  # a free discard: one tile off one workshop
        if op[2] == PURPLE:
            s.purple_out += 1
        return
    if kind == 4:  # _Work.add, then _settle: nothing full, so on to 2. Place or the turn's end
        if op[1] == 3:
            s.purple_out += s.pend[PURPLE]  # purple tiles reaching W4 leave the game
        s.pend = None
        s.step = "place" if s.pcard >= 0 or s.parr else "finish"
        return
    if kind == 5 or kind == 8:  # slot k: the replaced card to the deck's bottom; nothing full, nothing runs
        old = old_slots[op[1]]
        if old >= 0:
            s.deck = s.deck + (old,)
            s.known += 1
        s.pcard = -1
        if kind == 8:
            _quick_end_turn(s, (s.up & BORDER_MASK).bit_count() < 4)
        else:
            s.step = "place" if s.pend is not None or s.parr else "finish"
        return
    # 6, arrange: the cards with their tiles into the new slots; nothing full, nothing runs
    s.parr = False
    s.step = "place" if s.pend is not None or s.pcard >= 0 else "finish"


def _quick_player(s: MajolicaState, op) -> Player:
    """The mover's board after the short-path operation ``op`` (:func:`_quick_kind`) of a free
    discard (2), ``place W..`` (4), ``slot ..`` (5, 8) or ``arrange ..`` (6), read from ``s``
    before the action: what :func:`_quick` stores, and what :meth:`MajolicaState.greedy_value`
    values (without making the next state)."""
    kind = op[0]
    wp, slots, fills, done, tokens, purples, blooms, mission, mstore = s.players[s.seat]
    if kind == 2:  # one tile off one workshop
        _, w, c = op
        return _new_player((wp - _DROP[w][c], slots, fills, done, tokens, purples, blooms, mission, mstore))
    if kind == 4:  # the pending tiles into workshop w; purple tiles reaching W4 leave the game
        w = op[1]
        pend = s.pend
        add = pend[0] + (pend[1] << _B) + (pend[2] << 2 * _B) + (pend[3] << 3 * _B)
        if w != 3:
            add += pend[PURPLE] << 4 * _B
        return _new_player((wp + (add << w * _WB), slots, fills, done, tokens, purples, blooms, mission, mstore))
    if kind == 5 or kind == 8:  # the pending card into slot k, replacing the card there
        k = op[1]
        slots, fills = list(slots), list(fills)
        slots[k], fills[k] = s.pcard, ZERO4
        return _new_player((wp, tuple(slots), tuple(fills), done, tokens, purples, blooms, mission, mstore))
    # 6: the cards with their tiles into the new slots
    new_slots = op[1]
    old = dict(zip(slots, fills))
    new_fills = tuple(old[i] if i >= 0 else ZERO4 for i in new_slots)
    return _new_player((wp, new_slots, new_fills, done, tokens, purples, blooms, mission, mstore))


def _quick_end_turn(s: MajolicaState, round_end: bool) -> None:
    """:meth:`_Work._end_turn` of a multi-player game on ``s`` in place, the boards as they are:
    the turn passes left, or (``round_end``: below four face-up outer tiles) the round ends:
    Game End, or the grid reshuffled, the display refilled and the start player token passed."""
    s.pend, s.pcard, s.parr, s.took4 = None, -1, False, False
    s.ran, s.ncomp, s.bonus, s.bloomed, s.run, s.over = 0, 0, 0, False, None, -1
    s.turnno += 1
    s.step = "select"
    g = s.game
    if not round_end:
        s.seat = (s.seat + 1) % g.players
        return
    if any(len(p.done) >= g.end_cards for p in s.players) or (g.stall_rounds is not None and s.round - s.lastc >= g.stall_rounds):
        s.seat = None  # Game End
        return
    if not s._scratch:
        s.chance = s.chance.copy()  # a new state: the one before keeps its generator (_Work._draw)
    cells = list(s.grid)
    s.chance.shuffle(cells)
    s.grid, s.up = tuple(cells), (1 << 16) - 1
    k = g.components.display - len(s.display)
    if k > 0:
        s.display = s.display + s.deck[:k]
        s.deck = s.deck[k:]
        s.known = min(s.known, len(s.deck))
    s.round += 1
    s.start = (s.start + 1) % g.players
    s.seat = s.start
