"""Zong Shi locations: what a pawn may do on its turn besides scrolls, "Step 1: Player
Turns, B. Going to Locations" and "C. Passing": the locations closed to it (capacity, the
other pawn's bin), the Pawn Shop (exchange tiles it can claim), Paying Respectful Visits
(the visits it can pay) and the pawn's main choices (pass, a location, a visit, a project).

The Marketplace bins' picks are Step 2 (:mod:`.steps`); going to the Temple (donations,
scroll draws), the Pawn Shop's claims and the visits' award tiles are carried out by
:func:`.turn._do` (tasks ``donate``, ``shop``, ``pay``) and :func:`.steps._auto_award`.
"""

from __future__ import annotations

import functools

from .actions import _LOCATION_ACTS, _PASS_ACT, _PAWNSHOP_ACT, ZAction, _act, _visit_act
from .board import BINS, _Core
from .components import PERSONS
from .payments import MASTERFUL, PAIR_NAMES, PAIRS, Payment, can_pay, payment_options, reference_payments
from .projects import _may_begin, _project_choices


def _visit_demand(z: _Core, pairs) -> tuple:
    """Gift for visiting ``pairs`` ((person, tile value), ...): each tile's number of boxes
    of the person's material, plus one each when several are visited, unless exactly two
    with Host a Town Meeting (Paying Respectful Visits; The Scrolls, in Detail)."""
    return _visit_demand_host(z, pairs, False)


def _visit_demand_host(z: _Core, pairs, host: bool) -> tuple:
    d = [0, 0, 0, 0]
    extra = 1 if len(pairs) >= 2 and not (host and len(pairs) == 2) else 0
    for person, value in pairs:
        d[z.g.components.person_material[PERSONS.index(person)]] += value + extra
    return tuple(d)


def _visit_payments(z: _Core, seat: int, pawn: str, pairs) -> list[Payment]:
    p = z.players[seat]
    demand = _visit_demand_host(z, pairs, p.host and pawn == "master")
    mu = p.mu if pawn == "master" else ()
    return payment_options(demand, p.boxes, p.tiles, z.g.uses, mu, False, z.g.exchanges_first)


def _visit_choices(z: _Core, seat: int, pawn: str) -> list[ZAction]:
    """The visits the pawn may pay now, persons in ``PERSONS`` order, tile values ascending,
    depth first (the fast path: every candidate visit comes from :func:`_visit_table`, tried
    with a box count first, then :func:`~.payments.can_pay`; a visit nobody can pay is not
    extended, since more persons only cost more; :func:`_reference_visit_choices` is the slow
    reference the tests compare it with)."""
    p = z.players[seat]
    if not p.vtiles:
        return []
    master = pawn == "master"
    mu = p.mu if master else ()
    table = _visit_table(tuple(p.vtiles), tuple(p.visited), z.masterlike(seat, pawn), p.host and master, z.g.components.person_material)
    boxes, tiles, uses, first = p.boxes, p.tiles, z.g.uses, z.g.exchanges_first
    helpers = bool(mu) or any(tiles)
    total = sum(boxes) + len(mu)  # each Masterful Use takes at most one box off
    b0, b1, b2, b3 = boxes
    out = []
    i, n = 0, len(table)
    while i < n:
        action, demand, need, after = table[i]
        if need > total:
            i = after  # nor any visit extending this one
            continue
        d0, d1, d2, d3 = demand
        # boxes short: none always pays, some never without Masterful Use or exchanges
        short = (d0 - b0 if d0 > b0 else 0) + (d1 - b1 if d1 > b1 else 0) + (d2 - b2 if d2 > b2 else 0) + (d3 - b3 if d3 > b3 else 0)
        if short and not (helpers and can_pay(demand, boxes, tiles, uses, mu, False, first)):
            i = after
            continue
        out.append(action)
        i += 1
    return out


@functools.lru_cache(maxsize=4096)
def _visit_table(vtiles: tuple, visited: tuple, several: bool, host: bool, person_material: tuple) -> tuple:
    """Every visit a pawn could make, whatever its boxes: persons not yet visited in
    ``PERSONS`` order, each with an unused tile value (ascending), depth first, one person
    unless ``several`` (the master, or Writ of Authority).

    Returns:
        tuple[tuple[ZAction, tuple, int, int], ...]: per visit its action, its gift
        (:func:`_visit_demand_host`: boxes per material), the gift's number of boxes, and the
        index just after the visits extending it (their gifts cost at least as much of every
        material, so an unpayable visit skips them all).
    """
    persons = [(i, PERSONS[i], person_material[i]) for i in range(4) if not visited[i]]
    rows: list = []

    def rec(start: int, chosen: tuple, left: list):
        for k in range(start, len(persons)):
            i, person, mat = persons[k]
            for v in sorted(set(left)):
                pairs = chosen + ((person, v),)
                demand = [0, 0, 0, 0]
                extra = 1 if len(pairs) >= 2 and not (host and len(pairs) == 2) else 0
                for per, val in pairs:
                    demand[person_material[PERSONS.index(per)]] += val + extra
                row = len(rows)
                rows.append(None)
                if several:
                    rest = left[:]
                    rest.remove(v)
                    rec(k + 1, pairs, rest)
                rows[row] = (_visit_act(pairs), tuple(demand), sum(demand), len(rows))

    rec(0, (), list(vtiles))
    return tuple(rows)


def _reference_visit_choices(z: _Core, seat: int, pawn: str) -> list[ZAction]:
    """The slow reference of :func:`_visit_choices`: every set of unvisited persons (one for
    an apprentice) with every assignment of distinct unused tiles, depth first, kept when its
    payments (:func:`_visit_payments`, every way listed) are not none."""
    p = z.players[seat]
    persons = [per for i, per in enumerate(PERSONS) if not p.visited[i]]
    several = z.masterlike(seat, pawn)
    out = []

    def rec(start: int, chosen: list, tiles: list):
        for k in range(start, len(persons)):
            for v in sorted(set(tiles)):
                pairs = chosen + [(persons[k], v)]
                if _visit_payments(z, seat, pawn, pairs):
                    out.append(_act("visit", "visit " + " ".join(f"{per} {val}" for per, val in pairs), tuple(pairs)))
                if several:
                    rest = tiles[:]
                    rest.remove(v)
                    rec(k + 1, pairs, rest)

    rec(0, [], list(p.vtiles))
    return out


def _tile_buys(z: _Core, seat: int, pawn: str, verb: str = "buy") -> list[ZAction]:
    """Exchange tiles the player can claim: one box of each of the tile's two materials;
    Masterful Use may reduce it, exchange tiles may not pay for it (E5). The list depends only
    on which pairings are open to the player, which materials it has a box of, and its
    Masterful Use scrolls (:func:`_tile_buy_actions`, cached)."""
    p = z.players[seat]
    mu = tuple(p.mu) if pawn == "master" else ()
    dup = z.g.flags["allow_duplicate_exchange_pairings"]
    xsupply, tiles, boxes = z.xsupply, p.tiles, p.boxes
    open_pairs = tuple(bool(xsupply[k]) and (dup or not tiles[k]) for k in range(6))
    return list(_tile_buy_actions(verb, open_pairs, (min(boxes[0], 1), min(boxes[1], 1), min(boxes[2], 1), min(boxes[3], 1)), mu))


@functools.lru_cache(maxsize=4096)
def _tile_buy_actions(verb: str, open_pairs: tuple, held: tuple, mu: tuple) -> tuple:
    """The ``<verb> <pairing> pay <boxes>`` actions: per open pairing (``PAIRS`` order) every
    payment of its two boxes from ``held`` (per material 1 when the player has a box of it:
    a tile never costs two boxes of one material) with the Masterful Use scrolls ``mu``."""
    out = []
    for k, (a, b) in enumerate(PAIRS):
        if not open_pairs[k]:
            continue
        demand = [0, 0, 0, 0]
        demand[a] += 1
        demand[b] += 1
        for pay in payment_options(tuple(demand), held, (), 1, mu, False):
            out.append(_act("buy", f"{verb} {PAIR_NAMES[k]} pay {pay.notation()}", k, pay))
    return tuple(out)


def _reference_tile_buys(z: _Core, seat: int, pawn: str, verb: str = "buy") -> list[ZAction]:
    """The slow reference of :func:`_tile_buys`: every pairing left in the Pawn Shop (and not
    owned, without duplicate pairings), each with every payment of its two boxes from the
    player's whole storage (:func:`~.payments.reference_payments`, no cache, no box count)."""
    p = z.players[seat]
    mu = p.mu if pawn == "master" else ()
    out = []
    for k, (a, b) in enumerate(PAIRS):
        if not z.xsupply[k] or (p.tiles[k] and not z.g.flags["allow_duplicate_exchange_pairings"]):
            continue
        demand = [0, 0, 0, 0]
        demand[a] += 1
        demand[b] += 1
        found = reference_payments(tuple(demand), p.boxes, (), 1, mu)
        pays = [Payment(paid, tuple(name for name in MASTERFUL if name in used)) for paid, used in found]
        for pay in sorted(pays, key=Payment.notation):
            out.append(_act("buy", f"{verb} {PAIR_NAMES[k]} pay {pay.notation()}", k, pay))
    return out


def _can_buy_tile(z: _Core, seat: int, pawn: str) -> bool:
    """Whether some exchange tile can be claimed (as :func:`_tile_buys` is non-empty)."""
    p = z.players[seat]
    mu = p.mu if pawn == "master" else ()
    boxes = p.boxes
    held = [boxes[0] or 0 in mu, boxes[1] or 1 in mu, boxes[2] or 2 in mu, boxes[3] or 3 in mu]
    dup = z.g.flags["allow_duplicate_exchange_pairings"]
    xsupply, tiles = z.xsupply, p.tiles
    for k, (a, b) in enumerate(PAIRS):
        if held[a] and held[b] and xsupply[k] and (dup or not tiles[k]):
            return True
    return False


_LOCATION_OF = {"pass": None, "market large": "large", "market small": "small", "temple": "temple"}


def _closed_locations(z: _Core, seat: int, pawn: str) -> tuple:
    """Locations this pawn may not go to this turn: those holding ``location_capacity`` pawns
    already, and with ``both_pawns_in_one_bin=False`` the bin of the player's other pawn
    (docs/rulings/zongshi.md section 6, M5). Empty with the default options."""
    g = z.g
    if g.open_locations:
        return ()
    cap, both = g.flags["location_capacity"], g.flags["both_pawns_in_one_bin"]
    closed = []
    if not both:
        p = z.players[seat]
        other = p.aloc if pawn == "master" else p.mloc
        if other in BINS:
            closed.append(other)
    if cap:
        count: dict = {}
        for o in z.players:
            for loc in (o.mloc, o.aloc):
                count[loc] = count.get(loc, 0) + 1
        closed += [loc for loc in ("large", "small", "temple", "pawnshop", "visits") if count.get(loc, 0) >= cap]
    return tuple(closed)


def _main_choices(z: _Core, seat: int, pawn: str) -> list[ZAction]:
    p = z.players[seat]
    if p.mproj if pawn == "master" else p.aproj:
        return [_PASS_ACT]  # a pawn working on a project must pass (C. Passing)
    closed = _closed_locations(z, seat, pawn)
    if not closed:
        out = list(_LOCATION_ACTS)
    else:
        out = [a for a in _LOCATION_ACTS if _LOCATION_OF[a.text] not in closed]
    if "pawnshop" not in closed and _can_buy_tile(z, seat, pawn):
        out.append(_PAWNSHOP_ACT)
    if "visits" not in closed:
        out += _visit_choices(z, seat, pawn)
    if _may_begin(z, seat, pawn):
        out += _project_choices(z, seat, pawn)
    return out
