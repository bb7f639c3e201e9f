"""The Zong Shi decisions and what actions do: every legal action of the pending decision
(:func:`_legal`), an action carried out (:func:`_do`), and the loop that carries out tasks
without a decision and forced single choices until a seat must choose (:func:`_advance`).

How a round runs as actions: every decision belongs to one seat and is one action with its own
small legal list. The state keeps a stack of pending tasks (:mod:`.tasks`); tasks without a
choice (advancing projects, refilling bins, a forced pick: :mod:`.steps`) are carried out at
once, so the seat to move always has at least one legal action. A choice with a single option
(the only material left in a bin, the only way to pay) is made automatically.

Rulebook sections: "Player Setup" (the draft), "Step 1: Player Turns" (choosing the pawn,
scrolls, going to locations: the Marketplace, the Temple, the Pawn Shop, Paying Respectful
Visits; beginning a project), "Step 2: Distribute Materials" (bin picks, the storage limit),
"The Scrolls, in Detail" (the scrolls' follow-ups), "Follow the Twofold Path" (keeping one).
:func:`reference_legal_actions` is the slow reference of the legal actions the tests compare
with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import (
    _DISCARD_ACTS,
    _DONATE_ACTS,
    _DRAW_ACT,
    _PICK_ACTS,
    _RETURN_ACTS,
    _TAKE_BOX_ACTS,
    _USE_ACTS,
    ZAction,
    _act,
    _pay_act,
)
from .board import BINS, HAND_LIMIT, STORAGE_BASE, _Core
from .components import MATERIALS, PERSONS
from .locations import _closed_locations, _main_choices, _reference_tile_buys, _reference_visit_choices, _tile_buys, _visit_payments
from .payments import MASTERFUL, PAIR_NAMES, PAIRS, Payment
from .projects import _may_begin, _project_choices, _project_payments, _project_time, _reference_project_choices, _take_project
from .scrolls import _any_time_plays, _ear_options, _play_scroll, _scroll_choices
from .steps import (
    _auto_award,
    _auto_endturn,
    _auto_step2,
    _auto_step2end,
    _auto_step3,
    _auto_step3end,
    _auto_step4,
    _auto_step4end,
)
from .tasks import FORCED_SINGLE, _push, _task_seat

if TYPE_CHECKING:  # pragma: no cover
    from .state import ZongShiState

def _legal(z: _Core, task: tuple) -> list[ZAction]:
    """Every legal action of the decision ``task``, in a stable order."""
    name = task[0]
    seat = _task_seat(z, task)
    p = z.players[seat]
    if name == "draft":
        out = [_TAKE_BOX_ACTS[m] for m in range(4) if z.draft_boxes[m]]
        return out + [_act("take_scroll", f"take {sid}", sid) for sid in sorted(set(z.draft_scrolls))]
    if name == "turn":
        pawn = task[3]
        if not pawn:
            return list(_USE_ACTS)
        return _scroll_choices(z, seat, pawn) + _main_choices(z, seat, pawn)
    if name == "donate":
        return [_DONATE_ACTS[m] for m in range(4) if p.boxes[m]] + [_DRAW_ACT] + _any_time_plays(z, seat)
    if name == "shop":
        buys = _tile_buys(z, seat, task[2])
        return buys + [_act("leave", "leave")] + _any_time_plays(z, seat) if buys else []
    if name == "gift":
        buys = _tile_buys(z, seat, "master")
        return buys + [_act("leave", "no tile")] if buys else []
    if name == "pay":
        kind, pawn = task[2], task[3]
        pays = _project_payments(z, seat, task[4], pawn) if kind == "project" else _visit_payments(z, seat, pawn, task[4])
        return [_pay_act(pay) for pay in pays] + (_any_time_plays(z, seat) if pays else [])
    if name == "second":
        return _project_choices(z, seat, "master", second=True) + [_act("leave", "no second project")] + _any_time_plays(z, seat)
    if name == "award_tile":
        out = []
        for k, (a, b) in enumerate(PAIRS):
            if not z.xsupply[k] or (p.tiles[k] and not z.g.flags["allow_duplicate_exchange_pairings"]):
                continue
            for m in sorted({a, b}):
                if p.boxes[m]:
                    out.append(_act("claim", f"claim {PAIR_NAMES[k]} pay {MATERIALS[m]}", k, m))
        return out + [_act("leave", "decline")] if out else []
    if name in ("award_bins", "fortune"):
        return [_act("take_bin", f"take {BINS[b]} {MATERIALS[m]}", b, m) for b in (0, 1) for m in range(4) if z.bins[b][m]]
    if name == "ear":
        return [_act("borrow", f"borrow {pid}", pid) for pid in _ear_options(z, seat)]
    if name == "lessons":
        return [_act("retrieve", f"retrieve {sid}", sid) for sid in sorted(set(z.discard))]
    if name == "boxes":
        return [_RETURN_ACTS[m] for m in range(4) if p.boxes[m]]
    if name == "hand":
        return [_DISCARD_ACTS[sid] for sid in sorted(set(p.hand))]
    if name == "bin":
        bin_ = z.bins[0 if task[2] == "large" else 1]
        return [_PICK_ACTS[m] for m in range(4) if bin_[m]]
    if name == "keep":
        return [_act("keep", f"keep {pid.lower()}", pid) for pid in sorted(set(task[2]))]
    raise AssertionError(f"unknown task {name}")


def reference_legal_actions(state: ZongShiState) -> list[ZAction]:
    """The slow, obviously-right reference of ``state.legal_actions()`` (the tests compare
    them): a pawn's turn lists its scrolls, then pass, the locations, every visit and every
    project whose payments, all listed (:func:`~.payments.payment_options`), are not none,
    with no box counting and no pruning; the Pawn Shop and the Pawn Shop Owner's Gift list
    every tile with every payment found by brute force (:func:`_reference_tile_buys`); other
    decisions as the engine lists them.

    Args:
        state (ZongShiState): any state.

    Returns:
        list[ZAction]: the legal actions, in the engine's order (empty when the game is over).
    """
    z = state._z
    if not z.tasks:
        return []
    task = z.tasks[0]
    if task[0] in ("shop", "gift"):
        buys = _reference_tile_buys(z, task[1], task[2] if task[0] == "shop" else "master", "buy")
        plays = _any_time_plays(z, task[1]) if task[0] == "shop" else []
        return buys + [_act("leave", "leave" if task[0] == "shop" else "no tile")] + plays if buys else []
    if task[0] != "turn" or not task[3]:
        return _legal(z, task)
    seat, pawn = task[1], task[3]
    p = z.players[seat]
    out = _scroll_choices(z, seat, pawn)
    if p.mproj if pawn == "master" else p.aproj:
        return out + [_act("pass", "pass")]
    closed = _closed_locations(z, seat, pawn)
    out += [_act("pass", "pass")]
    out += [_act("market", f"market {BINS[b]}", b) for b in (0, 1) if BINS[b] not in closed]
    if "temple" not in closed:
        out.append(_act("temple", "temple"))
    if "pawnshop" not in closed and _reference_tile_buys(z, seat, pawn):
        out.append(_act("pawnshop", "pawnshop"))
    if "visits" not in closed:
        out += _reference_visit_choices(z, seat, pawn)
    if _may_begin(z, seat, pawn):
        out += _reference_project_choices(z, seat, pawn)
    return out


def _pay(z: _Core, seat: int, pay: Payment) -> None:
    p = z.mp(seat)
    for m in range(4):
        p.boxes[m] -= pay.paid[m]
        z.bag[m] += pay.paid[m]
    for sid in pay.scrolls:
        if sid == "artistic_subtlety":
            p.subtle = False
        else:
            p.mu.remove(MASTERFUL.index(sid))


def _do(z: _Core, task: tuple, a: ZAction) -> None:
    name = task[0]
    seat = _task_seat(z, task)
    kind = a.kind
    if kind == "play" and name != "turn":  # an any-time scroll after the action (_any_time_plays)
        _play_scroll(z, seat, "", a.args[0])
        return
    # the player is copied before its first change (copy on write); these change nothing of it
    p = z.players[seat] if kind in ("use", "leave") or name == "second" else z.mp(seat)
    if name == "draft":
        z.cold()
        if kind == "take_box":
            z.draft_boxes[a.args[0]] -= 1
            p.boxes[a.args[0]] += 1
        else:
            z.draft_scrolls.remove(a.args[0])
            p.hand.append(a.args[0])
            p.hand.sort()
            p.own().known.append(a.args[0])  # taken face up: everybody saw it (S2)
            p.known.sort()
        z.tasks.pop(0)
        k = task[2] + 1
        if k < 3 * z.n:
            z.tasks.insert(0, ("draft", (z.start - 1 - k) % z.n, k))
        else:
            z.fill_bins()  # after the draft (S4)
            z.step = 1
            z.tasks.insert(0, ("turn", z.start, 0, ""))
        return
    if name == "turn":
        t, pawn = task[2], task[3]
        if kind == "use":
            z.tasks[0] = ("turn", seat, t, a.args[0])
            return
        if kind == "play":
            _play_scroll(z, seat, pawn, a.args[0])
            return
        if p.in_play:  # the scroll playing is over: discard the scrolls played (Going to the Temple)
            z.cold()
            z.discard.extend(p.in_play)
            p.in_play = []
            z.remake_deck()
        z.tasks.pop(0)
        loc_attr = "mloc" if pawn == "master" else "aloc"
        follow = [("endturn", seat, t)]
        if kind == "pass":
            setattr(p, loc_attr, "pass")
        elif kind == "market":
            setattr(p, loc_attr, BINS[a.args[0]])
            statues = z.own(seat, "merchant_statue") if pawn == "master" or (p.writ and z.g.flags["writ_uses_master_projects"]) else 0
            if statues:
                z.draw_boxes_to(seat, statues)  # when the master is placed (M7)
                follow.insert(0, ("boxes", seat))
        elif kind == "temple":
            setattr(p, loc_attr, "temple")
            if z.masterlike(seat, pawn) and (pawn == "master" or z.g.flags["writ_allows_donation"]):
                follow.insert(0, ("donate", seat, pawn, 0))
            else:
                z.draw_scrolls(seat, 1 + (z.own(seat, "temple_offering") if p.writ and z.g.flags["writ_uses_master_projects"] else 0))
        elif kind == "pawnshop":
            setattr(p, loc_attr, "pawnshop")
            follow.insert(0, ("shop", seat, pawn, 0))
        elif kind == "visit":
            setattr(p, loc_attr, "visits")
            follow.insert(0, ("pay", seat, "visit", pawn, a.args[0]))
        elif kind == "project":
            setattr(p, loc_attr, "project")
            follow.insert(0, ("pay", seat, "project", pawn, a.args[0]))
        _push(z, *follow)
        return
    if name == "donate":
        if kind == "donate":
            p.boxes[a.args[0]] -= 1
            z.bag[a.args[0]] += 1
            z.tasks[0] = ("donate", seat, task[2], task[3] + 1)
        else:
            z.tasks.pop(0)
            bonus = z.own(seat, "temple_offering") if task[2] == "master" or z.g.flags["writ_uses_master_projects"] else 0
            z.draw_scrolls(seat, 1 + task[3] + bonus)
        return
    if name in ("shop", "gift"):
        if kind == "leave":
            z.tasks.pop(0)
            return
        k, pay = a.args
        _pay(z, seat, pay)
        z.cold()
        z.xsupply[k] -= 1
        p.own().tiles[k] += 1
        if name == "gift":
            z.tasks.pop(0)
        else:
            z.tasks[0] = ("shop", seat, task[2], task[3] + 1)
        return
    if name == "pay":
        pay = a.args[0]
        kind_, pawn, what = task[2], task[3], task[4]
        z.tasks.pop(0)
        _pay(z, seat, pay)
        if kind_ == "project":
            _take_project(z, what)
            p.own()
            proj = p.mproj if pawn == "master" else p.aproj
            proj.append(what)
            if pawn == "master":
                p.mtime = _project_time(z, seat, pawn, proj)
                if p.twofold and len(proj) == 1:
                    _push(z, ("second", seat))
            else:
                p.atime = _project_time(z, seat, pawn, proj)
            return
        awards = []
        n_persons = len(what)
        host = p.host and pawn == "master"
        extra = 1 if n_persons >= 2 and not (host and n_persons == 2) else 0
        p.own()
        for person, value in what:
            i = PERSONS.index(person)
            first = z.awards[i] is not None and not any(o.visited[i] for o in z.players)
            p.visited[i] = value
            p.vtiles.remove(value)
            if z.awards[i] is None:
                continue
            if z.masterlike(seat, pawn):
                m = z.g.components.person_material[i]
                due = value + extra - (1 if MASTERFUL[m] in pay.scrolls else 0)
                refund = [0, 0, 0, 0]
                conv = [c for c in pay.conversions if c[0] == m]
                refund[m] += due - len(conv)
                for _, dst in conv:
                    refund[dst] += 1
                if z.g.exchanges_first:
                    # discounts may have come off exchanged boxes: never more than was paid
                    refund = [max(0, min(refund[k], pay.paid[k])) for k in range(4)]
                awards.append(("award", seat, person, tuple(refund)))
                z.cold()
                z.award_takers[i] = (z.awards[i], seat, pawn, True)  # turned over by the award task next
            elif first and z.g.flags["award_requires_first_visitor_master"]:
                z.cold()
                z.award_takers[i] = (z.awards[i], seat, pawn, False)
                z.award_gone.append(z.awards[i])  # discarded unclaimed (V5)
                z.awards[i] = None
        _push(z, *awards)
        return
    if name == "second":
        z.tasks.pop(0)
        if kind == "project":
            _push(z, ("pay", seat, "project", "master", a.args[0]))
        return
    if name == "award_tile":
        z.tasks.pop(0)
        if kind == "claim":
            k, m = a.args
            p.boxes[m] -= 1
            z.bag[m] += 1
            z.cold()
            z.xsupply[k] -= 1
            p.own().tiles[k] += 1
        return
    if name in ("award_bins", "fortune"):
        z.tasks.pop(0)
        b, m = a.args
        z.bins[b][m] -= 1
        p.boxes[m] += 1
        return
    if name == "ear":
        z.tasks.pop(0)
        p.borrowed = a.args[0]
        return
    if name == "lessons":
        z.tasks.pop(0)
        sid = a.args[0]
        z.cold()
        z.discard.pop(z.discard.index(sid))  # the scrolls played this turn are not in the pile yet
        p.hand.append(sid)
        p.hand.sort()
        p.own().known.append(sid)  # taken from the face-up pile: known to all
        p.known.sort()
        return
    if name == "boxes":
        p.boxes[a.args[0]] -= 1
        z.bag[a.args[0]] += 1
        return
    if name == "hand":
        sid = a.args[0]
        p.hand.remove(sid)
        if sid in p.known:
            p.own().known.remove(sid)
        z.cold()
        z.discard.append(sid)  # face up on the discard pile (TE4)
        z.remake_deck()
        return
    if name == "bin":
        b = BINS.index(task[2])
        m = a.args[0]
        z.bins[b][m] -= 1
        p.boxes[m] += 1
        z.tasks[0] = ("bin", -1, task[2], task[3][1:])
        return
    if name == "keep":
        z.tasks.pop(0)
        pid = a.args[0]
        proj = list(task[2])
        proj.remove(pid)
        p.own().completed.append(pid)
        p.overflow.extend(proj)  # SC3: counts only in the tie-break
        p.mproj, p.mtime = [], 0
        return
    raise AssertionError(f"unhandled {name} {a}")


#: The automatic tasks (:mod:`.steps`) by task name, carried out by :func:`_advance`.
_AUTO = {
    "endturn": _auto_endturn,
    "award": _auto_award,
    "step2": _auto_step2,
    "step2end": _auto_step2end,
    "step3": _auto_step3,
    "step3end": _auto_step3end,
    "step4": _auto_step4,
    "step4end": _auto_step4end,
}


def _advance(z: _Core) -> list | None:
    """Carry out automatic tasks and forced choices until a seat has a real decision; return
    that decision's legal actions (``None`` when the game is over)."""
    while z.tasks:
        task = z.tasks[0]
        name = task[0]
        auto = _AUTO.get(name)
        if auto is not None:
            auto(z, task)
            continue
        if name == "boxes":
            seat = task[1]
            boxes = sum(z.players[seat].boxes)
            if boxes <= STORAGE_BASE or boxes <= z.storage_limit(seat):  # the limit is never below STORAGE_BASE
                z.tasks.pop(0)
                continue
        elif name == "hand":
            seat = task[1]
            held = len(z.players[seat].hand)
            if held <= HAND_LIMIT or held <= z.hand_limit(seat):  # the limit is never below HAND_LIMIT
                z.tasks.pop(0)
                continue
        elif name == "bin":
            b, queue = BINS.index(task[2]), task[3]
            if not sum(z.bins[b]) or not queue:
                z.tasks.pop(0)
                continue
            if len(set(queue)) == 1 and z.masterlike(queue[0][0], queue[0][1]):
                # a master alone takes every box (Step 2; M2)
                p = z.mp(queue[0][0])
                for m in range(4):
                    p.boxes[m] += z.bins[b][m]
                z.bins[b] = [0, 0, 0, 0]
                z.tasks.pop(0)
                continue
        elif name == "shop" and task[3] and not z.masterlike(task[1], task[2]):
            z.tasks.pop(0)  # an apprentice claims one tile only
            continue
        legal = _legal(z, task)
        if not legal:
            # a choice with nothing to choose has no effect (SC8, P9, M10)
            z.tasks.pop(0)
            continue
        if len(legal) == 1 and name in FORCED_SINGLE:
            _do(z, task, legal[0])
            continue
        seat = _task_seat(z, task)
        if seat != z.last_seat:
            z.turn_no += 1
            z.last_seat = seat
        return legal
    z.last_seat = -1
    return None
