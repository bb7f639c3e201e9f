"""Majolica's notation and words: grid cells (``a1``..``d4``), tile colours (``R Y B G``, ``P``
purple), the seats, the steps of a turn in the rulebook's words, the mission cards' texts, the
solo ratings, and the notation tables the legal actions are written from.

Rulebook: Game Setup (the 4x4 grid of large tiles, its outer edge), Gameplay (the steps),
Expansion Rules: Mission Cards (the texts), Rules for Solo Play (6 rounds, the ratings). The
notation itself is listed in :mod:`zongshi_widgets.games.majolica.rules`.
"""

from __future__ import annotations

import functools
import itertools

COL = "RYBG"
PURPLE = 4
LETTERS = "RYBGP"
FILES = "abcd"
#: Grid cells on the outer edge (rulebook, 1. Select Majolica Tiles: "on the outer edge").
BORDER = tuple(i for i in range(16) if i // 4 in (0, 3) or i % 4 in (0, 3))
BORDER_MASK = sum(1 << i for i in BORDER)
#: Border lines: rows 1 and 4 (left to right), columns a and d (top to bottom).
LINES = (tuple(range(0, 4)), tuple(range(12, 16)), tuple(range(0, 16, 4)), tuple(range(3, 16, 4)))
SEATS = ("red", "yellow", "blue", "green")
MISSIONS = (
    "complete 5 design cards",
    "one fragmented tile of each colour on this card",
    "complete three 4-point design cards",
    "one tile of each colour from 4-tile takes on this card",
    "obtain 2 purple tiles",
    "complete a 3-, a 5- and a 7-point design card",
    "be the first to complete 3 design cards",
    "complete 2 or more design cards in the same turn",
)
SOLO_ROUNDS = 6
SOLO_RATINGS = ((28, "THE Legendary Majolica Craftsman"), (25, "Master Craftsman"), (21, "Craftsman"), (17, "Young Apprentice"), (-999, "work harder!"))
STEP_TEXT = {
    "mission": "Setup: take a mission card",
    "start": "Setup: slot the starting design card",
    "select": "1. Select Majolica tiles",
    "place": "2. Place Majolica tiles",
    "choose": "Run workshop(s): choose what comes first",
    "move": "Run workshop(s): move tiles to the design card",
    "fragment": "Run workshop(s): fragmentation",
    "overflow": "Discard the extra tiles",
    "finish": "End of the turn",
}
STEPS = tuple(STEP_TEXT)
ZERO5 = (0, 0, 0, 0, 0)
ZERO4 = (0, 0, 0, 0)


def cell_name(i: int) -> str:
    """Grid cell index 0..15 (row-major, row 1 first) as ``a1``..``d4``."""
    return f"{FILES[i % 4]}{i // 4 + 1}"


def _cell(text: str) -> int:
    if len(text) != 2 or text[0] not in FILES or text[1] not in "1234":
        return -1
    return (int(text[1]) - 1) * 4 + FILES.index(text[0])


def _tiles(counts) -> str:
    return "".join(LETTERS[c] * n for c, n in enumerate(counts))


def _counts(text: str, purple: bool = True) -> list[int]:
    out = [0] * 5
    for ch in text:
        k = LETTERS.find(ch.upper())
        if k < 0 or (k == PURPLE and not purple):
            raise ValueError(f"{ch!r} is not a tile colour ({LETTERS[: 5 if purple else 4]})")
        out[k] += 1
    return out


def _counts_list(text: str) -> list[int]:
    out = []
    for ch in text:
        k = COL.find(ch.upper())
        if k < 0:
            raise ValueError(f"{ch!r} is not a large-tile colour (R Y B G)")
        out.append(k)
    return out


CELLS = tuple(cell_name(i) for i in range(16))
# Notation tables for the fast legal-action generator (:func:`_legal`); the notations are those
# :func:`_legal_reference` writes one by one.
T_PLACE = tuple(f"place W{w + 1}" for w in range(4))
T_SLOT = tuple(f"slot {k + 1}" for k in range(3))
T_TAKE_ARRANGE = tuple(f"take {CELLS[i]} + arrange" for i in range(16))
T_RUN_TEXT = {(a, b): f"take {CELLS[a]}-{CELLS[b]}" for a in range(16) for b in range(16)}
T_DISCARD = tuple(tuple(f"discard W{w + 1} {LETTERS[c]}" for c in range(5)) for w in range(4))
T_DISCARD_FLAT = tuple(itertools.chain.from_iterable(T_DISCARD))
T_MISSION_TILE = tuple(f"mission {COL[c]}" for c in range(4))
T_SOLO_ARRANGE = tuple(f"take {COL[c]} + arrange" for c in range(4))


@functools.cache
def _take_cells(text: str) -> tuple[tuple[int, ...], bool | None]:
    """The grid cells a take names (``a1-d1``: the run from a1 to d1 along its outer row or
    column; ``b1``: one tile), and for a run whether it has four tiles (``None`` for one tile).
    A pure function of the notation, remembered (at most the 16 cells and the runs)."""
    cells = [_cell(x) for x in text.split("-")]
    if len(cells) != 2:
        return tuple(cells), None
    ln = next(ln for ln in LINES if cells[0] in ln and cells[1] in ln)
    lo, hi = sorted((ln.index(cells[0]), ln.index(cells[1])))
    return tuple(ln[k] for k in range(lo, hi + 1)), hi - lo == 3
