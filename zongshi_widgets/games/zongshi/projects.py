"""Zong Shi projects: which projects a pawn may begin and pay for, what it costs after
Masteries, taking a card off the board and its time on the track.

Rulebook sections: "Step 1: Player Turns, A. Beginning a Project", "The Projects, in Detail"
(Masteries, Blacksmith Tools), "The Scrolls, in Detail" (Apprentice is Gaining Experience,
Follow the Twofold Path, Swift Fingers), "The Final Round" (six completed projects). The
payment itself is :mod:`.payments`; paying and placing the project are the ``pay`` task of
:func:`.turn._do`; projects advancing and finishing are Step 3 (:mod:`.steps`).
"""

from __future__ import annotations

from .actions import ZAction, _act
from .board import COMPLETED_SLOTS, _Core
from .components import MATERIALS, PROJECT_TYPES
from .payments import Payment, can_pay, payment_options


def _available_projects(z: _Core) -> list[str]:
    return [pid for pid in PROJECT_TYPES if z.supply[pid] > 0] + list(z.mw_disp)


MASTERIES = tuple(f"{m}_mastery" for m in MATERIALS)


def _masteries(z: _Core, seat: int) -> list[int]:
    """Per material the player's copies of its Mastery (``z.own`` of each, in one pass)."""
    p = z.players[seat]
    completed = p.completed
    out = [completed.count(pid) for pid in MASTERIES]
    if p.borrowed in MASTERIES:
        m = MASTERIES.index(p.borrowed)
        out[m] = z.own(seat, p.borrowed)
    return out


def _project_demand(z: _Core, seat: int, pid: str, pawn: str, masteries=None) -> tuple:
    """The cost of ``pid`` after Masteries (the master only; rulebook, The Projects, in Detail)."""
    cost = z.g.costs[pid]
    if pawn != "master":
        return cost
    if masteries is None:
        masteries = _masteries(z, seat)
    return tuple(max(0, cost[m] - masteries[m]) for m in range(4))


def _project_payments(z: _Core, seat: int, pid: str, pawn: str, masteries=None) -> list[Payment]:
    p = z.players[seat]
    demand = _project_demand(z, seat, pid, pawn, masteries)
    mu = p.mu if pawn == "master" else ()
    subtle = p.subtle and (pawn == "master" or z.g.flags.get("apprentice_subtlety", True))
    return payment_options(demand, p.boxes, p.tiles, z.g.uses, mu, subtle, z.g.exchanges_first)


def _available(z: _Core) -> tuple:
    """(regular project types with a copy left, masterworks face up), kept on the core until a
    project is taken (:func:`_take_project`)."""
    avail = z.avail
    if avail is None:
        supply = z.supply
        avail = z.avail = (tuple(pid for pid in PROJECT_TYPES if supply[pid] > 0), tuple(z.mw_disp))
    return avail


def _project_choices(z: _Core, seat: int, pawn: str, second: bool = False) -> list[ZAction]:
    """The projects the pawn may begin now that it can pay for (the fast path: a box count
    first, then :func:`~.payments.can_pay`; :func:`_reference_project_choices` is the slow
    reference the tests compare it with)."""
    p = z.players[seat]
    g = z.g
    out = []
    master = pawn == "master"
    if master:
        if p.completed or p.borrowed is not None:
            m0, m1, m2, m3 = masteries = _masteries(z, seat)
        else:
            m0 = m1 = m2 = m3 = 0
            masteries = (0, 0, 0, 0)
        mu = p.mu
        subtle = p.subtle
    else:
        m0 = m1 = m2 = m3 = 0
        masteries = (0, 0, 0, 0)
        mu = ()
        subtle = p.subtle and g.flags.get("apprentice_subtlety", True)
    slack = sum(p.boxes) + sum(masteries) + (len(p.mu) if master else 0) + (1 if p.subtle else 0)
    boxes, tiles, uses, rows, first = p.boxes, p.tiles, g.uses, g.project_rows, g.exchanges_first
    b0, b1, b2, b3 = boxes
    helpers = bool(mu) or any(tiles)
    regular, masterworks = _available(z)
    pids = regular + masterworks if master else regular  # masterworks: the master only
    for pid in pids:
        if second and pid in p.mproj and pid not in PROJECT_TYPES:
            continue
        action, cost, total = rows[pid]
        if total > slack:
            continue
        d0, d1, d2, d3 = cost
        if master:
            d0, d1, d2, d3 = (d0 - m0 if d0 > m0 else 0), (d1 - m1 if d1 > m1 else 0), (d2 - m2 if d2 > m2 else 0), (d3 - m3 if d3 > m3 else 0)
        # boxes short of the demand: none (or one, with Artistic Subtlety) always pays; more
        # never pays without Masterful Use or exchange tiles (as can_pay decides)
        short = (d0 - b0 if d0 > b0 else 0) + (d1 - b1 if d1 > b1 else 0) + (d2 - b2 if d2 > b2 else 0) + (d3 - b3 if d3 > b3 else 0)
        if short == 0 or (subtle and short == 1) or (helpers and can_pay((d0, d1, d2, d3), boxes, tiles, uses, mu, subtle, first)):
            out.append(action)
    return out


def _reference_project_choices(z: _Core, seat: int, pawn: str, second: bool = False) -> list[ZAction]:
    """The slow reference of :func:`_project_choices`: every available project whose
    payments (:func:`_project_payments`, every way listed) are not none."""
    p = z.players[seat]
    out = []
    for pid in _available_projects(z):
        if pawn == "apprentice" and pid not in PROJECT_TYPES:
            continue
        if second and pid in p.mproj and pid not in PROJECT_TYPES:
            continue
        if _project_payments(z, seat, pid, pawn):
            out.append(_act("project", f"project {pid.lower()}", pid))
    return out


def _may_begin(z: _Core, seat: int, pawn: str) -> bool:
    p = z.players[seat]
    if z.final and len(p.completed) >= COMPLETED_SLOTS:
        return False
    if pawn == "master":
        return not p.mproj and not p.aproj
    return p.agex and not p.mproj and not p.aproj


def _take_project(z: _Core, pid: str) -> None:
    z.cold()
    z.avail = None
    if pid in PROJECT_TYPES:
        z.supply[pid] -= 1
    else:
        i = z.mw_disp.index(pid)
        if z.mw_deck:
            z.mw_disp[i] = z.mw_deck.pop(0)  # replaced when taken (A. Beginning a Project)
        else:
            z.mw_disp.pop(i)  # P9: an empty deck leaves the space empty


def _project_time(z: _Core, seat: int, pawn: str, proj: list[str]) -> int:
    """Time on the track: the greater printed time (Twofold Path), less one per Blacksmith
    Tools and one for Swift Fingers, for the master only; never below 1."""
    time = max(z.g.card(pid).time for pid in proj)
    if pawn == "master":
        time -= z.own(seat, "blacksmith_tools") + (1 if z.players[seat].swift else 0)
    return max(1, time)
