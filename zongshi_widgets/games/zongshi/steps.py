"""Zong Shi's automatic tasks: the end of a player's turn, award tiles, and Steps 2 to 4 of
a round, carried out without a decision (by :func:`.turn._advance`, through its table
:data:`.turn._AUTO`).

Rulebook sections: "Step 1: Player Turns" (the order of turns; the hand limit before ending
a turn), "Paying Respectful Visits" (award tiles), "Step 2: Distribute Materials" (the bins'
pick order: masters, then apprentices; Privileged Treatment), "Step 3: Advance Projects"
(projects finished; Follow the Twofold Path), "Game End" and "The Final Round" (the end
triggered, the two-point bonus), "Step 4: End of Turn" (bins emptied and refilled, the start
player passed on).
"""

from __future__ import annotations

from .board import BINS, COMPLETED_SLOTS, HAND_LIMIT, _Core
from .components import PERSONS
from .tasks import _push


def _auto_endturn(z: _Core, task) -> None:
    seat, t = task[1], task[2]
    p = z.players[seat]
    if p.in_play:  # any-time scrolls played after the action: discarded as the turn ends
        p = z.mp(seat)
        z.cold()
        z.discard.extend(p.in_play)
        p.in_play = []
        z.remake_deck()
    if len(p.hand) > HAND_LIMIT and len(p.hand) > z.hand_limit(seat):  # the limit is never below HAND_LIMIT
        _push(z, ("hand", seat))  # before ending your turn (Going to the Temple)
        return
    if p.host or p.twofold or p.agex:
        p = z.mp(seat)
        p.host = p.twofold = p.agex = False
    z.tasks.pop(0)
    t += 1
    if t < 2 * z.n:
        nxt = (z.start + t) % z.n
        pawn = "" if t < z.n else ("apprentice" if z.players[nxt].mloc is not None else "master")
        _push(z, ("turn", nxt, t, pawn))
    else:
        _push(z, ("step2", -1))


def _auto_award(z: _Core, task) -> None:
    """Reveal and carry out the award tile of a person a master visited first."""
    _, seat, person, refund = task
    z.tasks.pop(0)
    i = PERSONS.index(person)
    tile = z.awards[i]
    if tile is None:
        return
    z.cold()
    z.awards[i] = None
    z.award_gone.append(tile)
    if tile == "scroll":
        z.draw_scrolls(seat, 1)
    elif tile == "bag":
        z.draw_boxes_to(seat, 2)
        _push(z, ("boxes", seat))
    elif tile == "gift":
        p = z.mp(seat)
        for m in range(4):
            k = min(refund[m], z.bag[m])
            z.bag[m] -= k
            p.boxes[m] += k
        _push(z, ("boxes", seat))
    elif tile == "tile":
        _push(z, ("award_tile", seat))
    elif tile == "bins":
        _push(z, ("award_bins", seat), ("boxes", seat))


def _auto_step2(z: _Core, task) -> None:
    z.tasks.pop(0)
    z.step = 2
    queues = []
    for b in BINS:
        masters, apprentices = [], []
        for s in z.order():
            p = z.players[s]
            if p.mloc == b:
                masters.append((s, "master"))
            if p.aloc == b:
                (masters if p.writ else apprentices).append((s, "apprentice"))
        for k, (s, pawn) in enumerate(masters):
            if pawn == "master" and z.players[s].privileged:
                # Privileged Treatment: first, then just before the start player (M8)
                masters.insert(0, masters.pop(k))
                break
        size = sum(z.bins[BINS.index(b)])
        if z.g.flags["apprentices_pick_after_masters"]:
            first = masters + apprentices  # M3
        else:
            # the first box of every pawn in seat order (the masters' order kept)
            first = _seat_order_first(z, masters, apprentices)
        queue = tuple(first + masters * size)
        queues.append(("bin", -1, b, queue))
    _push(z, *queues, ("step2end", -1))


def _seat_order_first(z: _Core, masters: list, apprentices: list) -> list:
    """The first pick of every pawn in a bin in seat order from the start player (master
    before apprentice of one seat), a master with Privileged Treatment first
    (``apprentices_pick_after_masters=False``)."""
    order = z.order()
    pawns = sorted(masters + apprentices, key=lambda sp: (order.index(sp[0]), sp[1] != "master"))
    if masters and masters[0][1] == "master" and z.players[masters[0][0]].privileged:
        pawns.remove(masters[0])
        pawns.insert(0, masters[0])
    return pawns


def _auto_step2end(z: _Core, task) -> None:
    z.tasks.pop(0)
    _push(z, *[("boxes", s) for s in z.order()], ("step3", -1))


def _auto_step3(z: _Core, task) -> None:
    z.tasks.pop(0)
    z.step = 3
    keeps = []
    for s in z.order():
        p = z.players[s]
        if not p.mproj and not p.aproj:
            continue
        p = z.mp(s)
        for attr in ("m", "a"):
            proj = getattr(p, attr + "proj")
            if not proj:
                continue
            time = getattr(p, attr + "time") - 1
            setattr(p, attr + "time", time)
            if time > 0:
                continue
            p.own()
            room = COMPLETED_SLOTS - len(p.completed)
            if len(proj) <= room:
                p.completed.extend(proj)
            elif room <= 0:
                p.overflow.extend(proj)
            else:
                keeps.append(("keep", s, tuple(proj)))
                setattr(p, attr + "time", 0)
                continue
            setattr(p, attr + "proj", [])
            setattr(p, attr + "time", 0)
    _push(z, *keeps, ("step3end", -1))


def _auto_step3end(z: _Core, task) -> None:
    z.tasks.pop(0)
    if z.final:
        z.tasks = []  # the final round ends after Step 3 (The Final Round)
        return
    sixes = [s for s in z.order() if len(z.players[s].completed) >= COMPLETED_SLOTS]
    exhausted = z.g.flags["empty_masterwork_deck_ends_game"] and not z.mw_deck and len(z.mw_disp) < z.g.masterwork_display
    if (sixes or exhausted) and not z.ending:
        z.ending = True
        for s in sixes:
            z.mp(s).trigger = True  # two-point bonus (Game End)
    _push(z, ("step4", -1))


def _auto_step4(z: _Core, task) -> None:
    z.tasks.pop(0)
    z.step = 4
    for s in range(z.n):
        p = z.players[s]
        if p.mloc is None and p.aloc is None and p.borrowed is None and not (p.mu or p.played or p.subtle or p.swift or p.privileged or p.writ):
            continue
        p = z.mp(s)
        p.mloc = p.aloc = None
        p.borrowed = None  # An Ear to the Wall lasts the round (M11)
        p.mu, p.played = [], []
        p.subtle = p.swift = p.privileged = p.writ = False
    _push(z, *[t for s in z.order() for t in (("boxes", s), ("hand", s))], ("step4end", -1))


def _auto_step4end(z: _Core, task) -> None:
    z.tasks.pop(0)
    for b in (0, 1):
        for m in range(4):
            z.bag[m] += z.bins[b][m]
        z.bins[b] = [0, 0, 0, 0]
    z.fill_bins()
    z.start = (z.start + 1) % z.n
    z.round += 1
    z.final = z.ending
    z.step = 1
    _push(z, ("turn", z.start, 0, ""))
