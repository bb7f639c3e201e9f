"""The legal actions of a position, as notations in a stable order (rulebook, Gameplay:
Setup choices, 1. Select Majolica Tiles, 2. Place Majolica Tiles, Run Workshop(s); Tip 1:
discards at any time): the plain reference (:func:`_legal_reference`, notations written one by
one) and the fast path (:func:`_legal`, from notation tables built once per game), which the tests
compare along random games; option A's runs of an outer row or column (:func:`_runs`).
"""

from __future__ import annotations

import itertools
import operator
from typing import TYPE_CHECKING

from .board import Player, can_run, card_open
from .notation import BORDER, BORDER_MASK, CELLS, COL, LETTERS, LINES, T_DISCARD_FLAT, T_MISSION_TILE, T_PLACE, T_RUN_TEXT, T_SLOT, T_SOLO_ARRANGE

if TYPE_CHECKING:
    from .game import Majolica
    from .state import MajolicaState


def _ws_info(g: Majolica, wp: int) -> tuple:
    """What the legal actions and the short paths need of the packed workshops ``wp``, per
    game (capacities differ by component file): (tiles per workshop, whether one is full, whether
    any holds a tile, the free-discard notations of Tip 1, the legal actions at the end of the turn). Remembered in ``g._t_ws`` (bounded)."""
    b = wp.to_bytes(20, "little")
    sums = (sum(b[0:5]), sum(b[5:10]), sum(b[10:15]), sum(b[15:20]))
    cap = g.cap
    discards = tuple(itertools.compress(T_DISCARD_FLAT, b))  # W1..W4, each R Y B G P, as _legal_reference
    info = (sums, sums[0] == cap[0] or sums[1] == cap[1] or sums[2] == cap[2] or sums[3] == cap[3], wp != 0, discards, ("end",) + discards)
    cache = g._t_ws
    if len(cache) > 65536:
        cache.clear()  # bounded memory in very long sessions
    cache[wp] = info
    return info


def _legal_reference(s: MajolicaState) -> list[str]:
    """Every legal action of ``s`` (reference version, slow and plain: notations built one by
    one). :func:`_legal` is the fast path, checked against this one by the tests."""
    g, step, p = s.game, s.step, s.players[s.seat]
    cid = g.cids
    out: list[str] = []
    if step == "mission":
        return [f"mission M{m + 1}" for m in s.missions_open]
    if step == "start":
        return [f"start slot {k + 1}" for k in range(3)]
    if step == "select":
        if g.solo:
            out.append("take all")
            for c in sorted(set(s.revealed)):
                out += [f"take {COL[c]} + {cid[i]}" for i in s.display]
                out.append(f"take {COL[c]} + arrange")
        else:
            out += [f"take {CELLS[a]}-{CELLS[b]}" for a, b in _runs(s.up, g.whole_runs)]
            for i in BORDER:
                if s.up >> i & 1:
                    out += [f"take {CELLS[i]} + {cid[k]}" for k in s.display]
                    out.append(f"take {CELLS[i]} + arrange")
    elif step == "place":
        if s.pend is not None:
            out += [f"place W{w + 1}" for w in range(4)]
            if s.took4 and p.mission == 3:
                out += [f"mission {COL[c]}" for c in range(4) if s.pend[c] and not p.mstore >> c & 1]
        if s.pcard >= 0:
            out += [f"slot {k + 1}" for k in range(3)]
        if s.parr:
            out += ["arrange " + " ".join(cid[i] if i >= 0 else "-" for i in perm) for perm in _perms(p.slots)]
    elif step == "choose":
        out += [f"run W{w + 1}" for w in range(4) if can_run(s, p, w)]
        if s.bonus:
            out += [f"bonus {COL[c]} W{w + 1}" for c in range(4) for w in range(4)]
            out.append("no bonus")
        return out
    elif step == "move":
        w, moved, _ = s.run
        card = p.slots[w]
        opts = [c for c in range(4) if p.ws[w][c] and card >= 0 and card_open(g, card, p.fills[w], c)] if moved < g.must[w] + g.may[w] else []
        out += [f"move {COL[c]}" for c in opts]
        if moved >= g.must[w]:
            out.append("stop")
        return out
    elif step == "fragment":
        w = s.run[0]
        for c in range(4):
            if p.ws[w][c]:
                out.append(f"fragment {COL[c]}")
                if p.mission == 1 and not p.mstore >> c & 1:
                    out.append(f"fragment {COL[c]} mission")
        return out
    elif step == "overflow":
        return [f"discard {LETTERS[c]}" for c in range(5) if p.ws[s.over][c]]
    elif step == "finish":
        out.append("end")
    if g.free_discard and step in ("select", "place", "finish"):
        out += [f"discard W{w + 1} {LETTERS[c]}" for w in range(4) for c in range(5) if p.ws[w][c]]
    return out


def _legal(s: MajolicaState) -> list[str] | tuple[str, ...]:
    """Every legal action of ``s`` (fast path: notations from the tables built once; the same
    sequence as :func:`_legal_reference`, which the tests check along random games). At 2. Place
    and the end of the turn it is a tuple shared through a per-game cache: never change it."""
    g, step = s.game, s.step
    if step == "select":
        if g.solo:
            out = ["take all"]
            display = s.display
            for c in sorted(set(s.revealed)):
                row = g._t_solo_card[c]
                out += [row[i] for i in display]
                out.append(T_SOLO_ARRANGE[c])
        else:
            display, whole = s.display, g.whole_runs
            mask = s.up & BORDER_MASK
            part = g._t_select[whole].get(mask)
            if part is None:
                runs = tuple(T_RUN_TEXT[r] for r in _runs_fast(mask, whole))
                part = g._t_select[whole][mask] = (runs, tuple(g._t_take_row[i] for i in BORDER if mask >> i & 1))
            # per row: a tuple of the displayed cards' notations and option C's
            pick = operator.itemgetter(*display, len(g.cids)) if display else _arrange_only(len(g.cids))
            out = list(part[0])
            for row in part[1]:  # per face-up outer cell: B with each displayed card, then C
                out += pick(row)
    elif step == "place":
        p = s.players[s.seat]
        if s.pend is None or not s.took4 or p.mission != 3:
            # the list depends only on the workshops, what is pending and (a rearrangement) the slots
            key = p.wp * 4 + (s.pend is not None) * 2 + (s.pcard >= 0)
            if s.parr:
                key = (key, p.slots)
            cache = g._t_place
            out = cache.get(key)
            if out is None:
                if len(cache) > 65536:
                    cache.clear()  # bounded memory in very long sessions
                out = cache[key] = tuple(_legal_place(s, p))
            return out
        return _legal_place(s, p)
    elif step == "finish":
        if g.free_discard:
            wp = s.players[s.seat].wp
            info = g._t_ws.get(wp)
            if info is None:
                info = _ws_info(g, wp)
            return info[4]
        return ["end"]
    else:
        return _legal_reference(s)
    if g.free_discard:
        wp = s.players[s.seat].wp
        info = g._t_ws.get(wp)
        if info is None:
            info = _ws_info(g, wp)
        out += info[3]
    return out


def _legal_place(s: MajolicaState, p: Player) -> list[str]:
    """The legal actions at 2. Place (see :func:`_legal`), built from the notation tables."""
    g = s.game
    out = []
    if s.pend is not None:
        out += T_PLACE
        if s.took4 and p.mission == 3:
            out += [T_MISSION_TILE[c] for c in range(4) if s.pend[c] and not p.mstore >> c & 1]
    if s.pcard >= 0:
        out += T_SLOT
    if s.parr:
        slots = p.slots
        arr = g._t_arrange.get(slots)
        if arr is None:
            if len(g._t_arrange) > 4096:
                g._t_arrange.clear()  # bounded memory in very long sessions
            arr = g._t_arrange[slots] = _arrange_notations(g, slots)
        out += arr
    if g.free_discard:
        wp = p.wp
        info = g._t_ws.get(wp)
        if info is None:
            info = _ws_info(g, wp)
        out += info[3]
    return out


def _arrange_notations(g: Majolica, slots: tuple) -> tuple[str, ...]:
    """The ``arrange ..`` notations of the card slots ``slots`` (the order and text of
    :func:`_legal_reference`: :func:`_perms`, ``-`` an empty slot), written from the three names."""
    names = tuple(g.cids[i] if i >= 0 else "-" for i in slots)
    seen, out = set(), []
    for a, b, c in _PERM3:
        perm = (slots[a], slots[b], slots[c])
        if perm not in seen:
            seen.add(perm)
            out.append(f"arrange {names[a]} {names[b]} {names[c]}")
    return tuple(out)


#: the six orders of three card slots, as itertools.permutations lists them
_PERM3 = tuple(itertools.permutations(range(3)))


def _arrange_only(k: int):
    """From a ``_t_take_row`` row, option C alone (an empty display), as a 1-tuple."""
    return lambda row: (row[k],)


def _perms(slots) -> list[tuple]:
    seen, out = set(), []
    for perm in itertools.permutations(slots):
        if perm not in seen:
            seen.add(perm)
            out.append(perm)
    return out


def _runs(up: int, whole: bool) -> list[tuple[int, int]]:
    """Option A: unbroken face-up runs of at least 2 tiles in an outer row or column
    (rulebook, 1. Select A; docs/rulings/majolica.md §2: the whole run, or any part with ``whole=False``)."""
    out = []
    for line in LINES:
        i = 0
        while i < 4:
            if up >> line[i] & 1:
                j = i
                while j + 1 < 4 and up >> line[j + 1] & 1:
                    j += 1
                if whole:
                    if j > i:
                        out.append((line[i], line[j]))
                else:
                    out += [(line[a], line[b]) for a in range(i, j + 1) for b in range(a + 1, j + 1)]
                i = j + 1
            else:
                i += 1
    return out


def _line_runs(li: int, pattern: int, whole: bool) -> tuple:
    """:func:`_runs` of border line ``LINES[li]`` alone, its face-up cells as 4 bits (first cell lowest)."""
    line = LINES[li]
    mask = sum(1 << line[k] for k in range(4) if pattern >> k & 1)
    return tuple(r for r in _runs(mask, whole) if r[0] in line and r[1] in line)


#: per whole_runs (False, True), per border line, per 4-bit face-up pattern of that line: its runs
_LINE_RUNS = tuple(tuple(tuple(_line_runs(li, pat, whole) for pat in range(16)) for li in range(4)) for whole in (False, True))


def _runs_fast(up: int, whole: bool) -> list[tuple[int, int]]:
    """:func:`_runs` (the same list) from a table per border line: the face-up bits of row 1,
    row 4 and (gathered) columns a and d index ``_LINE_RUNS``."""
    x, y = up & 0x1111, up >> 3 & 0x1111  # columns a and d: bits 0, 4, 8, 12
    t = _LINE_RUNS[whole]
    return [
        *t[0][up & 15], *t[1][up >> 12 & 15],
        *t[2][(x | x >> 3 | x >> 6 | x >> 9) & 15], *t[3][(y | y >> 3 | y >> 6 | y >> 9) & 15],
    ]  # fmt: skip
