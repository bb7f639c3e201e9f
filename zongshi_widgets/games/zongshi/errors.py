"""Why a Zong Shi move is illegal: the rule texts (:data:`RULES`, by rule id, each citing its
rulebook section or ruling) and :func:`diagnose`, which finds the rule a refused notation
breaks at the pending decision and raises the :class:`~zongshi_widgets.core.IllegalAction`
naming it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import IllegalAction
from .actions import _parse_visit, _pid
from .board import COMPLETED_SLOTS
from .components import PERSONS, PROJECT_TYPES
from .locations import _closed_locations
from .payments import PAIR_NAMES
from .projects import _available_projects
from .scrolls import _ear_options
from .tasks import _describe_task, _task_seat

if TYPE_CHECKING:  # pragma: no cover
    from .state import ZongShiState


RULES = {
    "project.master-only": (
        "Only your master has the skill to take on projects (Step 1, A. Beginning a Project); an apprentice may only "
        "with Apprentice is Gaining Experience."
    ),
    "project.one-at-a-time": "A master can begin only one project at a time (Step 1, A. Beginning a Project); only Follow the Twofold Path allows two.",
    "project.busy": "A pawn working on a project must pass until it is finished (Step 1, C. Passing).",
    "project.apprentice-building": (
        "Your master may not begin a project while your apprentice is working on one (The Scrolls, in Detail: "
        "Apprentice is Gaining Experience)."
    ),
    "project.masterwork-apprentice": "Apprentice is Gaining Experience cannot be used to have your apprentice build a Masterwork (The Scrolls, in Detail).",
    "project.final-six": "A player who has completed six projects may only go to a location or pass in the final round (The Final Round).",
    "project.unavailable": (
        "That project is not available: no copy of it is left on the board, or that masterwork is not face up (Step 1, "
        "A. Beginning a Project)."
    ),
    "project.materials": (
        "You cannot pay the materials of that project, even with your Masteries, discount scrolls and exchange tiles "
        "(Step 1, A. Beginning a Project)."
    ),
    "scroll.not-in-hand": "You can play only a scroll in your hand (The Scrolls, in Detail).",
    "scroll.same-title": "Every scroll you play during the round must be different (Going to the Temple: Scrolls of Fortune).",
    "scroll.master-turn": (
        "That scroll is played at the beginning of your master's turn "
        "(Going to the Temple: Scrolls of Fortune; docs/rulings/zongshi.md section 7)."
    ),
    "scroll.before-action": (
        "Scrolls are played immediately before choosing between beginning a project, going to a location or passing, "
        "except those that may be played at any time (Going to the Temple: Scrolls of Fortune; docs/rulings/zongshi.md "
        "section 7)."
    ),
    "scroll.apprentice-experience": (
        "Apprentice is Gaining Experience is played on your apprentice's turn, and not while your master (or "
        "apprentice) is working on a project (The Scrolls, in Detail)."
    ),
    "scroll.ear-nothing-to-borrow": (
        "An Ear to the Wall may only be played to use a project that another player has completed and you "
        "yourself have not built, and there is none (The Scrolls, in Detail: An Ear to the Wall)."
    ),
    "scroll.busy": (
        "A pawn working on a project must pass (C. Passing), and this game's option scrolls_while_building is False: "
        "no scroll may be played before that pass (docs/rulings/zongshi.md section 7, T3)."
    ),
    "turn.choose-pawn": (
        "First choose the pawn for this turn ('use master' or 'use apprentice'): every turn is taken with either your master "
        "or your apprentice (Step 1: Player Turns)."
    ),
    "pawnshop.none-left": "No exchange tile of that pairing is left in the Pawn Shop (Going to the Pawn Shop; Game Board Setup).",
    "pawnshop.duplicate": (
        "In this game (option allow_duplicate_exchange_pairings=False) you may own only one tile "
        "of each pairing (docs/rulings/zongshi.md E6)."
    ),
    "temple.donate-boxes": "You donate boxes from your own material storage: that box is not in your workshop (Going to the Temple).",
    "pay.not-a-way": (
        "That does not pay the cost: pay its boxes, using each exchange tile for one box per payment, never in chains, and "
        "Masterful Use or Artistic Subtlety scrolls you have played this round (Going to the Pawn Shop; The Scrolls, in Detail)."
    ),
    "draft.not-offered": (
        "{text!r} is not on offer: take one box or one scroll that is on offer in the draft display (Player Setup). "
        "Allowed now: {legal}."
    ),
    "hand.not-held": "You can discard only a scroll you hold (Going to the Temple: the scroll hand limit).",
    "storage.not-held": "You can return only boxes you have in your material storage (Step 2: Distribute Materials).",
    "market.not-in-bin": "That box is not in that marketplace bin (Step 2: Distribute Materials; Fortune Brings Opportunity; award tiles).",
    "lessons.not-in-discard": (
        "Lessons of the Past takes a scroll from the discard pile; the scrolls played this turn, the Lessons among them, "
        "reach it only when you have finished playing scrolls (The Scrolls, in Detail: Lessons of the Past; Going to "
        "the Temple: Scrolls of Fortune)."
    ),
    "ear.not-borrowable": (
        "An Ear to the Wall borrows a project another player has completed and you have not built (The Scrolls, in Detail: "
        "An Ear to the Wall)."
    ),
    "award.tile": (
        "The award claims an available exchange tile for one box of either of its materials, from your storage (Paying "
        "Respectful Visits: award tiles)."
    ),
    "twofold.keep": "Keep one of the two projects that just finished on your time track (The Scrolls, in Detail: Follow the Twofold Path).",
    "turn.pawn": "Each player takes one turn with the master and one with the apprentice each round (Step 1: Player Turns).",
    "visit.apprentice-one": "Your apprentice may only visit one person each time (Paying Respectful Visits); several need the master or Writ of Authority.",
    "visit.person-twice": "You may visit each townsperson only once over the game (Paying Respectful Visits).",
    "visit.tile-used": "You may use each of your visit tiles (1, 2, 2, 3) only once (Paying Respectful Visits).",
    "visit.materials": (
        "You cannot pay that gift: each tile's number of boxes of the person's material, plus one per person when "
        "visiting several (Paying Respectful Visits)."
    ),
    "pawnshop.apprentice-one": "If you send your apprentice to the Pawn Shop, you may only claim one exchange tile (Going to the Pawn Shop).",
    "pawnshop.cannot-afford": (
        "To claim an exchange tile you turn in one box of each of its two materials; exchange tiles cannot pay for "
        "exchange tiles (Going to the Pawn Shop)."
    ),
    "temple.donate-master-only": "Only your master may donate boxes for extra scrolls (Going to the Temple).",
    "market.one-bin": (
        "In this game (option both_pawns_in_one_bin=False) your second pawn must take the other bin of the Marketplace "
        "(Going to the Marketplace; docs/rulings/zongshi.md M5)."
    ),
    "location.full": (
        "{where} already holds {cap} pawn(s) this round, as many as this game allows there (option location_capacity; "
        "B. Going to Locations; docs/rulings/zongshi.md section 6)."
    ),
    "storage.limit": (
        "Your workshop holds {limit} boxes: discard down to that before continuing ('return gold') (Step 2: Distribute "
        "Materials; Larger Workshop)."
    ),
    "hand.limit": "You may hold no more than {limit} scrolls: discard down before ending your turn ('discard <scroll>') (Going to the Temple).",
    "not-now": "{text!r} is not a choice at this moment: {now} Legal now: {legal}.",
    "notation": "{text!r} is not Zong Shi notation. {help}",
}


def diagnose(state: ZongShiState, text: str) -> None:
    """Raise the IllegalAction naming the rule ``text`` breaks in ``state`` (at its pending
    decision): the first rule of :data:`RULES` the words break, else ``notation`` (words that
    are no Zong Shi notation) or ``not-now`` (notation of another decision).

    Args:
        state (ZongShiState): a state that is not over.
        text (str): the normalized notation (lower case, single spaces) that is not legal there.

    Raises:
        IllegalAction: always.
    """
    z = state._z
    task = z.tasks[0]
    name, seat = task[0], _task_seat(z, task)
    p = z.players[seat]
    words = text.split()
    head = words[0] if words else ""
    g = z.g

    def fail(rule: str, **kw):
        raise IllegalAction(f"zongshi.{rule}", RULES[rule].format(**kw))

    if name == "boxes" and head not in ("return",):
        fail("storage.limit", limit=z.storage_limit(seat))
    if name == "hand" and head not in ("discard",):
        fail("hand.limit", limit=z.hand_limit(seat))
    if name == "turn":
        pawn = task[3]
        if head == "use" and pawn:
            fail("turn.pawn")
        where = {"market": " ".join(words[1:2]), "temple": "temple", "pawnshop": "pawnshop", "visit": "visits"}.get(head)
        if pawn and where and not (p.mproj if pawn == "master" else p.aproj) and where in _closed_locations(z, seat, pawn):
            if where == (p.aloc if pawn == "master" else p.mloc):
                fail("market.one-bin")
            names = {"large": "The large bin", "small": "The small bin", "temple": "The Temple", "pawnshop": "The Pawn Shop", "visits": "Respectful Visits"}
            fail("location.full", where=names[where], cap=g.flags["location_capacity"])
        if head == "play" and pawn and len(words) == 2:
            sid = words[1]
            if sid not in p.hand:
                fail("scroll.not-in-hand")
            if sid in p.played:
                fail("scroll.same-title")
            if sid == "apprentice_gaining_experience":
                fail("scroll.apprentice-experience")
            busy = p.mproj if pawn == "master" else p.aproj
            timing = g.components.scrolls[sid].timing if sid in g.components.scrolls else None
            if busy and not g.flags["scrolls_while_building"]:
                fail("scroll.busy")
            if timing == "master" and pawn != "master":
                fail("scroll.master-turn")
            if sid == "ear_to_the_wall" and not _ear_options(z, seat):
                fail("scroll.ear-nothing-to-borrow")
        if head == "project" and pawn:
            if pawn == "apprentice" and not p.agex:
                fail("project.master-only")
            if (p.mproj and pawn == "master") or (p.aproj and pawn == "apprentice"):
                fail("project.one-at-a-time")
            if pawn == "master" and p.aproj:
                fail("project.apprentice-building")
            if z.final and len(p.completed) >= COMPLETED_SLOTS:
                fail("project.final-six")
            pid = words[1] if len(words) > 1 else ""
            if pawn == "apprentice" and pid.startswith("mw"):
                fail("project.masterwork-apprentice")
            if _pid(pid) not in _available_projects(z):
                fail("project.unavailable")
            fail("project.materials")
        if head == "visit" and pawn:
            pairs = _parse_visit(words)
            if pairs is not None:
                busy = p.mproj if pawn == "master" else p.aproj
                if busy:
                    fail("project.busy")
                if len(pairs) > 1 and not z.masterlike(seat, pawn):
                    fail("visit.apprentice-one")
                if any(p.visited[PERSONS.index(per)] for per, _ in pairs):
                    fail("visit.person-twice")
                vals = [v for _, v in pairs]
                if any(vals.count(v) > p.vtiles.count(v) for v in vals):
                    fail("visit.tile-used")
                fail("visit.materials")
        if head in ("market", "temple", "pawnshop") and pawn and (p.mproj if pawn == "master" else p.aproj):
            fail("project.busy")
        if head == "pawnshop" and pawn:
            fail("pawnshop.cannot-afford")
    if name in ("pay", "shop", "donate") and head == "project":
        fail("project.one-at-a-time")
    if name in ("pay", "second", "shop", "donate", "endturn") and head == "play":
        sid = words[1] if len(words) == 2 else ""
        if sid in g.any_timed and sid not in p.hand:
            fail("scroll.not-in-hand")
        if sid in g.any_timed and sid in p.played:
            fail("scroll.same-title")
        fail("scroll.before-action")
    if name == "turn" and not task[3] and head in ("play", "pass", "market", "temple", "pawnshop", "visit", "project"):
        fail("turn.choose-pawn")
    if name in ("shop", "gift") and head == "buy":
        if name == "shop" and task[3] and not z.masterlike(seat, task[2]):
            fail("pawnshop.apprentice-one")
        pair = words[1] if len(words) > 1 else ""
        if pair in PAIR_NAMES and not z.xsupply[PAIR_NAMES.index(pair)]:
            fail("pawnshop.none-left")
        if pair in PAIR_NAMES and p.tiles[PAIR_NAMES.index(pair)] and not g.flags["allow_duplicate_exchange_pairings"]:
            fail("pawnshop.duplicate")
        fail("pawnshop.cannot-afford")
    if name == "donate" and head == "donate":
        fail("temple.donate-boxes")
    if name == "turn" and head == "donate" and task[3] == "apprentice":
        fail("temple.donate-master-only")
    if name == "second" and head == "project":
        pid = _pid(words[1]) if len(words) > 1 else ""
        if z.final and len(p.completed) >= COMPLETED_SLOTS:
            fail("project.final-six")
        if pid not in _available_projects(z) or pid in p.mproj and pid not in PROJECT_TYPES:
            fail("project.unavailable")
        fail("project.materials")
    if name == "pay" and head == "pay":
        fail("pay.not-a-way")
    if name == "draft" and head == "take":
        fail("draft.not-offered", text=text, legal=state._legal_text())
    if name == "hand" and head == "discard":
        fail("hand.not-held")
    if name == "boxes" and head == "return":
        fail("storage.not-held")
    if name in ("bin", "fortune", "award_bins") and head in ("pick", "take"):
        fail("market.not-in-bin")
    if name == "lessons" and head == "retrieve":
        fail("lessons.not-in-discard")
    if name == "ear" and head == "borrow":
        fail("ear.not-borrowable")
    if name == "award_tile" and head == "claim":
        fail("award.tile")
    if name == "keep" and head == "keep":
        fail("twofold.keep")
    known_heads = {
        "take", "use", "play", "pass", "market", "temple", "pawnshop", "visit", "project", "pay", "donate", "draw", "buy", "leave",
        "no", "claim", "decline", "borrow", "retrieve", "return", "discard", "pick", "keep",
    }  # fmt: skip
    if head not in known_heads:
        fail("notation", text=text, help=f"Now {_describe_task(z, task)} Allowed now: {state._legal_text()}. (Notation: {g.game_type.notation_help}.)")
    fail("not-now", text=text, now=_describe_task(z, task), legal=state._legal_text())
