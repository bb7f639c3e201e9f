"""Paying material costs: exchange tiles, Masterful Use and Artistic Subtlety.

Rulebook sections: "Going to the Pawn Shop" (each exchange tile exchanges its two materials
for one another when satisfying a project's formula or paying respectful visits; exchanges do
not operate in chains), "The Scrolls, in Detail" (Masterful Use of ..., Artistic Subtlety).
docs/rulings/zongshi.md section 9.6, E4: one box per tile per payment (the ``uses`` argument).

:func:`payment_options` is the fast path (a small dynamic programme over the tiles);
:func:`reference_payments` is the slow, obviously-right oracle (every tile choice and every
discount subset enumerated) the tests compare it with. :func:`can_pay` answers only whether
some payment exists (what the legal-action lists need), usually without listing any; the tests
compare it with ``bool(reference_payments(...))``.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

from .components import LETTERS, MATERIALS

#: The six exchange-tile pairings (material indices), in the rulebook's order.
PAIRS = ((0, 1), (1, 2), (0, 2), (3, 2), (1, 3), (0, 3))
#: Their names in notation.
PAIR_NAMES = tuple(f"{MATERIALS[a]}/{MATERIALS[b]}" for a, b in PAIRS)
MASTERFUL = ("masterful_use_gold", "masterful_use_ivory", "masterful_use_jade", "masterful_use_bronze")


def letters(vec) -> str:
    """A box vector as letters (``(2, 1, 1, 0)`` -> ``"ggij"``; empty -> ``"nothing"``)."""
    text = LETTERS[0] * vec[0] + LETTERS[1] * vec[1] + LETTERS[2] * vec[2] + LETTERS[3] * vec[3]
    return text or "nothing"


def vector(text: str) -> tuple[int, int, int, int]:
    """Letters back to a box vector. Raises ValueError on other characters."""
    if text == "nothing":
        return (0, 0, 0, 0)
    out = [0, 0, 0, 0]
    for ch in text:
        if ch not in LETTERS:
            raise ValueError(f"{ch!r} is not a material letter (g, i, j, b)")
        out[LETTERS.index(ch)] += 1
    return tuple(out)


@dataclass(frozen=True)
class Payment:
    """One way to pay a cost.

    Attributes:
        paid (tuple[int, int, int, int]): boxes returned to the bag (gold, ivory, jade, bronze).
        scrolls (tuple[str, ...]): single-use discounts spent, in a fixed order: Masterful Use
            titles, and ``"artistic_subtlety"``.
        subtle (int | None): the material Artistic Subtlety removed, or ``None``.
        conversions (tuple[tuple[int, int], ...]): ``(demanded, paid)`` material pairs, one per
            exchange-tile use (to tell which boxes went to whom).
    """

    paid: tuple
    scrolls: tuple = ()
    subtle: int | None = None
    conversions: tuple = ()

    def notation(self) -> str:
        """``"ggij"``, ``"gij with masterful_use_gold"``, ``"gi with artistic_subtlety on jade"``."""
        parts = []
        for s in self.scrolls:
            parts.append(f"artistic_subtlety on {MATERIALS[self.subtle]}" if s == "artistic_subtlety" else s)
        return letters(self.paid) + (" with " + ", ".join(parts) if parts else "")


def _discounted(demand, masterful, subtlety):
    """Every (reduced demand, scrolls used, subtle material) from the single-use discounts."""
    out = []
    mu = [m for m in range(4) if m in masterful and demand[m] > 0]
    for k in range(len(mu) + 1):
        for used in itertools.combinations(mu, k):
            d = list(demand)
            for m in used:
                d[m] -= 1
            names = tuple(MASTERFUL[m] for m in used)
            out.append((tuple(d), names, None))
            if subtlety:
                for m in range(4):
                    if d[m] > 0:
                        d2 = list(d)
                        d2[m] -= 1
                        out.append((tuple(d2), names + ("artistic_subtlety",), m))
    return out


def _tile_options(demand, boxes, converters):
    """Reachable (paid, conversions) with each converter used at most once, never chained."""
    states = {(tuple(demand), (0, 0, 0, 0)): ()}
    for x, y in converters:
        nxt = dict(states)
        for (u, a), conv in states.items():
            for src, dst in ((y, x), (x, y)):  # a demanded unit of src paid with dst
                if u[src] > 0 and a[dst] + 1 <= boxes[dst]:
                    u2 = list(u)
                    u2[src] -= 1
                    a2 = list(a)
                    a2[dst] += 1
                    key = (tuple(u2), tuple(a2))
                    if key not in nxt:
                        nxt[key] = conv + ((src, dst),)
        states = nxt
    out = {}
    b0, b1, b2, b3 = boxes
    for (u, a), conv in states.items():
        paid = (u[0] + a[0], u[1] + a[1], u[2] + a[2], u[3] + a[3])
        if paid[0] <= b0 and paid[1] <= b1 and paid[2] <= b2 and paid[3] <= b3 and paid not in out:
            out[paid] = conv
    return out


def payment_options(demand, boxes, tiles=(0,) * 6, uses: int = 1, masterful=(), subtlety: bool = False, exchanges_first: bool = False) -> tuple[Payment, ...]:
    """Every way to pay ``demand`` from ``boxes``.

    Args:
        demand (tuple[int, int, int, int]): the cost after Masteries.
        boxes (tuple[int, int, int, int]): the payer's material storage.
        tiles (tuple[int, ...]): exchange tiles owned per pairing (``PAIRS`` order); empty
            tuple when tiles may not be used (exchange-tile prices).
        uses (int): exchanges each tile gives per payment (docs/rulings/zongshi.md E4: 1).
        masterful (Iterable[int]): materials of the Masterful Use scrolls that may be spent.
        subtlety (bool): whether an Artistic Subtlety may be spent (projects only).
        exchanges_first (bool): the order of docs/rulings/zongshi.md P7 reversed: exchanges first, then
            the discount scrolls take boxes off what is left to pay, exchanged boxes included
            (``False``, the recommendation: discounts first, exchanges for what remains).

    Returns:
        tuple[Payment, ...]: distinct (boxes paid, scrolls spent) pairs, sorted by notation; an
        option spending a scroll is left out when a subset of its scrolls pays the same boxes.
    """
    # What cannot change a payment is left out of the cache key (the same options, more often
    # found in the cache): boxes beyond the whole demand (no payment takes more), and the tiles
    # of a pairing that can make no exchange here (neither material demanded or, discounts
    # first, no box to pay a demanded one with).
    total = sum(demand)
    boxes = tuple(b if b < total else total for b in boxes)
    tiles = tuple(tiles)
    if any(tiles):
        tiles = tuple(
            c if c and ((demand[x] and (exchanges_first or boxes[y])) or (demand[y] and (exchanges_first or boxes[x]))) else 0
            for c, (x, y) in zip(tiles, PAIRS)
        )
    if exchanges_first:
        return _payment_options_exchanges_first(tuple(demand), boxes, tiles, uses, tuple(masterful), bool(subtlety))
    return _payment_options(tuple(demand), boxes, tiles, uses, tuple(masterful), bool(subtlety))


def can_pay(demand, boxes, tiles=(0,) * 6, uses: int = 1, masterful=(), subtlety: bool = False, exchanges_first: bool = False) -> bool:
    """Whether ``payment_options(demand, boxes, tiles, uses, masterful, subtlety)`` is non-empty.

    A discount never hurts, so every Masterful Use is applied; then the boxes short of the
    demand are counted: none short (or one, with Artistic Subtlety) pays without exchanges,
    more boxes demanded than held (after discounts) never pays, nor more boxes short than
    exchanges the tiles give (each exchange pays one box short with a box of another
    material). Only the remaining cases list the payments (cached).

    Args:
        as :func:`payment_options`.

    Returns:
        bool: some payment exists.
    """
    if exchanges_first:
        return bool(payment_options(demand, boxes, tiles, uses, masterful, subtlety, True))
    d0, d1, d2, d3 = demand
    if masterful:
        if 0 in masterful and d0:
            d0 -= 1
        if 1 in masterful and d1:
            d1 -= 1
        if 2 in masterful and d2:
            d2 -= 1
        if 3 in masterful and d3:
            d3 -= 1
    b0, b1, b2, b3 = boxes
    short = (d0 - b0 if d0 > b0 else 0) + (d1 - b1 if d1 > b1 else 0) + (d2 - b2 if d2 > b2 else 0) + (d3 - b3 if d3 > b3 else 0)
    if short == 0 or (subtlety and short == 1):
        return True
    if d0 + d1 + d2 + d3 - (1 if subtlety else 0) > b0 + b1 + b2 + b3:
        return False
    # each exchange pays one box short with a box of another material
    if short - (1 if subtlety else 0) > sum(tiles) * uses:
        return False
    # boxes beyond the whole demand never matter: capped, more calls share a cache entry
    total = d0 + d1 + d2 + d3
    held = (b0 if b0 < total else total, b1 if b1 < total else total, b2 if b2 < total else total, b3 if b3 < total else total)
    return _exchanges_cover((d0, d1, d2, d3), held, tuple(tiles) if uses == 1 else tuple(c * uses for c in tiles), subtlety)


def _cut_table() -> tuple:
    """Every cut of the payment flow (see :func:`_exchanges_cover`): per set ``S`` of demanded
    materials (a bit mask), the sets ``T`` of box materials holding ``S``, each with the
    pairings an exchange of which leads from a demand in ``S`` to a box outside ``T``."""
    out = [()]
    for s in range(1, 16):
        row = []
        for t in range(16):
            if s & ~t:
                continue
            k = tuple(k for k, (a, b) in enumerate(PAIRS) if ((s >> a) & 1 or (s >> b) & 1) and not ((t >> a) & 1 and (t >> b) & 1))
            row.append((t, k))
        out.append(tuple(row))
    return tuple(out)


_CUTS = _cut_table()


def _subset_sums(v) -> tuple:
    """Per set of materials (bit mask 0 to 15) the sum of ``v`` over it."""
    a, b, c, d = v
    ab, cd = a + b, c + d
    return (0, a, b, ab, c, a + c, b + c, ab + c, d, a + d, b + d, ab + d, cd, a + cd, b + cd, ab + cd)


@functools.lru_cache(maxsize=1 << 15)
def _exchanges_cover(demand, boxes, caps, subtlety) -> bool:
    """Whether ``demand`` can be paid from ``boxes`` with at most ``caps[k]`` exchanges of
    pairing ``k`` (each pays one demanded box of one material of the pair with a box of the
    other) and, with ``subtlety``, one demanded box of a material removed.

    Paying is a flow: each demanded box flows to a box of its own material or, through one
    exchange, of the other material of the pair. It pays everything exactly when no cut is
    smaller than the demand (max-flow min-cut): for every set ``S`` of demanded materials and
    every set ``T`` of box materials holding ``S``, the boxes of ``T`` plus the exchanges
    leading out of ``T`` cover the demand of ``S``.
    """
    if subtlety:
        for m in range(4):
            if demand[m]:
                d = list(demand)
                d[m] -= 1
                if _exchanges_cover(tuple(d), boxes, caps, False):
                    return True
        return False
    dsum = _subset_sums(demand)
    bsum = _subset_sums(boxes)
    for s in range(1, 16):
        if dsum[s] <= bsum[s]:
            continue  # T holds S, so the boxes of T alone cover S
        for t, ks in _CUTS[s]:
            lack = dsum[s] - bsum[t]
            if lack > 0:
                for k in ks:
                    lack -= caps[k]
                if lack > 0:
                    return False
    return True


@functools.lru_cache(maxsize=65536)
def _payment_options(demand, boxes, tiles, uses, masterful, subtlety) -> tuple[Payment, ...]:
    if sum(boxes) < sum(demand) - len(masterful) - (1 if subtlety else 0):
        return ()
    converters = [PAIRS[k] for k, c in enumerate(tiles) for _ in range(c * uses)]
    found: dict = {}
    for d, names, subtle in _discounted(demand, set(masterful), subtlety):
        if sum(d) > sum(boxes):
            continue
        for paid, conv in _tile_options(d, boxes, converters).items():
            key = (paid, names)
            if key not in found:
                found[key] = Payment(paid, names, subtle, conv)
    return _minimal(found)


@functools.lru_cache(maxsize=65536)
def _payment_options_exchanges_first(demand, boxes, tiles, uses, masterful, subtlety) -> tuple[Payment, ...]:
    converters = [PAIRS[k] for k, c in enumerate(tiles) for _ in range(c * uses)]
    unbounded = (sum(demand),) * 4
    found: dict = {}
    for owed, conv in _tile_options(demand, unbounded, converters).items():
        for paid, names, subtle in _discounted(owed, set(masterful), subtlety):
            if all(paid[m] <= boxes[m] for m in range(4)):
                key = (paid, names)
                if key not in found:
                    found[key] = Payment(paid, names, subtle, conv)
    return _minimal(found)


def _minimal(found: dict) -> tuple[Payment, ...]:
    out = []
    for (paid, names), pay in found.items():
        if any(p == paid and set(n) < set(names) for p, n in found):
            continue
        out.append(pay)
    out.sort(key=lambda p: p.notation())
    return tuple(out)


def reference_payments(demand, boxes, tiles=(0,) * 6, uses: int = 1, masterful=(), subtlety: bool = False, exchanges_first: bool = False) -> set:
    """The slow oracle of :func:`payment_options`: every subset of discounts, every choice of
    every tile use (unused, or one way, or the other), no pruning on the way; the discounts
    taken off the demand before the exchanges, or with ``exchanges_first`` off what is left to
    pay after them.

    Returns:
        set[tuple[tuple, frozenset]]: the (paid, scrolls spent) pairs, minimal as in
        :func:`payment_options`.
    """
    converters = [PAIRS[k] for k, c in enumerate(tiles) for _ in range(c * uses)]
    mats = [m for m in range(4) if m in set(masterful)]
    discounts = [(used, sub) for k in range(len(mats) + 1) for used in itertools.combinations(mats, k) for sub in ([None, *range(4)] if subtlety else [None])]

    def discount(vec, used, sub):
        d = list(vec)
        for m in used + ((sub,) if sub is not None else ()):
            if d[m] <= 0:
                return None
            d[m] -= 1
        return d

    def exchange(vec, choice):
        u, a = list(vec), [0, 0, 0, 0]
        for (x, y), c in zip(converters, choice):
            if c == 0:
                continue
            src, dst = (y, x) if c == 1 else (x, y)
            if u[src] <= 0:
                return None
            u[src] -= 1
            a[dst] += 1
        return [u[m] + a[m] for m in range(4)]

    results = set()
    for used, sub in discounts:
        names = frozenset([MASTERFUL[m] for m in used] + (["artistic_subtlety"] if sub is not None else []))
        for choice in itertools.product((0, 1, 2), repeat=len(converters)):
            if exchanges_first:
                owed = exchange(demand, choice)
                paid = None if owed is None else discount(owed, used, sub)
            else:
                less = discount(demand, used, sub)
                paid = None if less is None else exchange(less, choice)
            if paid is not None and all(paid[m] <= boxes[m] for m in range(4)):
                results.add((tuple(paid), names))
    return {(p, n) for p, n in results if not any(p2 == p and n2 < n for p2, n2 in results)}
