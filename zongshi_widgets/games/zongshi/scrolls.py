"""Zong Shi Scrolls of Fortune: which scrolls a seat may play now (before its pawn's action,
and the any-time scrolls after it), what An Ear to the Wall may borrow, and playing a scroll.

Rulebook sections: "Going to the Temple: Scrolls of Fortune" (one of each title a round, the
hand limit), "The Scrolls, in Detail"; timing per docs/rulings/zongshi.md section 7. Drawing
scrolls and remaking the deck are :meth:`.board._Core.draw_scrolls` and
:meth:`.board._Core.remake_deck`; the scrolls' follow-up decisions (``gift``, ``ear``,
``fortune``, ``lessons``) are tasks of :func:`.turn._do`.
"""

from __future__ import annotations

from .actions import _PLAY_ACTS, ZAction
from .board import _Core
from .components import PROJECT_TYPES
from .payments import MASTERFUL
from .tasks import _push


def _scroll_choices(z: _Core, seat: int, pawn: str) -> list[ZAction]:
    """Scrolls the seat may play now (Going to the Temple: Scrolls of Fortune; timing per
    docs/rulings/zongshi.md section 7)."""
    p = z.players[seat]
    if not p.hand:
        return []
    busy = bool(p.mproj if pawn == "master" else p.aproj)
    if busy and not z.g.flags["scrolls_while_building"]:
        return []
    out = []
    master_timed = z.g.master_timed
    played = p.played
    last = None
    for sid in p.hand:  # kept sorted
        if sid == last or sid in played:
            continue
        last = sid
        if sid in master_timed and pawn != "master":
            continue
        if sid == "apprentice_gaining_experience" and (pawn != "apprentice" or p.mproj or p.aproj):
            continue
        if sid == "ear_to_the_wall" and not _ear_options(z, seat):
            continue
        out.append(_PLAY_ACTS[sid])
    return out


def _ear_options(z: _Core, seat: int) -> list[str]:
    """The project types An Ear to the Wall may borrow for ``seat``: completed by another player
    and not built (nor borrowed) by this one (The Scrolls, in Detail: "You may only play this
    scroll to use a project that you yourself have not built"; SC7), in PROJECT_TYPES order."""
    options = set()
    for s, other in enumerate(z.players):
        if s != seat:
            options.update(pid for pid in other.completed if pid in PROJECT_TYPES and z.own(seat, pid) == 0)
    return [pid for pid in PROJECT_TYPES if pid in options]


def _any_time_plays(z: _Core, seat: int) -> list[ZAction]:
    """The ``play`` actions of the scrolls ``seat`` may play at any time (timing ``"any"`` in
    the component data), offered at its decisions after the pawn's action: paying, buying at
    the Pawn Shop, donating at the Temple, choosing a second project (Going to the Temple:
    "some scrolls may be played at any time"; docs/rulings/zongshi.md section 7). Each title
    once a round (SC1); An Ear to the Wall only with a project to borrow; Apprentice is Gaining
    Experience never (it is played before its apprentice's action)."""
    anytime = z.g.any_timed
    if not anytime:
        return []
    p = z.players[seat]
    out = []
    for sid in sorted(set(p.hand) & anytime):
        if sid in p.played or sid == "apprentice_gaining_experience" or (sid == "ear_to_the_wall" and not _ear_options(z, seat)):
            continue
        out.append(_PLAY_ACTS[sid])
    return out


def _play_scroll(z: _Core, seat: int, pawn: str, sid: str) -> None:
    """Play a scroll: it leaves the hand face up; its effect happens now or lasts the turn or
    round (The Scrolls, in Detail)."""
    p = z.mp(seat)
    p.hand.remove(sid)
    if sid in p.known:
        p.own().known.remove(sid)
    p.played.append(sid)
    p.in_play.append(sid)  # face up; discarded when the scroll playing ends (see _do)
    if sid == "pawn_shop_owners_gift":
        _push(z, ("gift", seat))
    elif sid == "apprentice_gaining_experience":
        p.agex = True
    elif sid == "artistic_subtlety":
        p.subtle = True
    elif sid == "ear_to_the_wall":
        _push(z, ("ear", seat))
    elif sid == "twofold_path":
        p.twofold = True
    elif sid == "fortune_brings_opportunity":
        _push(z, ("fortune", seat), ("boxes", seat))
    elif sid == "gift_from_the_priests":
        z.draw_boxes_to(seat, 1)
        _push(z, ("boxes", seat))
    elif sid == "host_town_meeting":
        p.host = True
    elif sid == "lessons_of_the_past":
        _push(z, ("lessons", seat))
    elif sid == "lucky_discovery":
        z.draw_boxes_to(seat, 2)
        _push(z, ("boxes", seat))
    elif sid == "privileged_treatment":
        p.privileged = True
    elif sid == "swift_fingers":
        p.swift = True
    elif sid == "writ_of_authority":
        p.writ = True
    elif sid in MASTERFUL:
        p.mu.append(MASTERFUL.index(sid))
        p.mu.sort()
