"""The Zong Shi position in memory: the rulebook's numbers (seat colours, award tiles, visit
tiles, storage and hand limits, the six completed-project spaces, the Marketplace bins), a
player's workshop and pawns (:class:`_Player`), the whole table (:class:`_Core`) with its
chance draws (the bag of boxes, the scroll deck remade from the discard pile, the bins
refilled) and the facts derived from it (copies of a project a player may use, limits).

Rulebook sections: "Components", "Game Board Setup", "Step 2: Distribute Materials"
(storage limit), "Going to the Temple" (hand limit, the deck remade), "The Projects, in
Detail" (Larger Workshop, Temple Offering), "The Scrolls, in Detail" (An Ear to the Wall,
Writ of Authority).

States never change their :class:`_Core`; an action is applied to a copy-on-write clone
(:meth:`_Core.clone`, :meth:`_Core.mp`, :meth:`_Core.cold`, :meth:`_Player.own`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Chance
from .components import PROJECT_TYPES

if TYPE_CHECKING:  # pragma: no cover
    from .game import ZongShi


#: Seat colours (rulebook, Components: the pawn colours).
SEAT_NAMES = ("ivory", "blue", "green", "natural", "orange")

#: The five townsfolk award tiles (rulebook, "Paying Respectful Visits").
AWARDS = ("scroll", "tile", "bag", "gift", "bins")
AWARD_TEXT = {
    "scroll": "draw a Scroll of Fortune",
    "tile": "claim an exchange tile for one of its two boxes",
    "bag": "draw two random boxes from the bag",
    "gift": "the gift is returned",
    "bins": "take one box from the marketplace",
}
VISIT_TILES = (1, 2, 2, 3)
STORAGE_BASE, STORAGE_PER_WORKSHOP = 5, 2
HAND_LIMIT = 4
COMPLETED_SLOTS = 6
BINS = ("large", "small")


class _Player:
    """A player's workshop and pawns (internal, mutable while one action is applied)."""

    __slots__ = (
        "boxes",
        "hand",
        "known",
        "tiles",
        "completed",
        "overflow",
        "mproj",
        "mtime",
        "aproj",
        "atime",
        "vtiles",
        "visited",
        "played",
        "in_play",
        "mloc",
        "aloc",
        "mu",
        "subtle",
        "swift",
        "privileged",
        "writ",
        "borrowed",
        "host",
        "twofold",
        "agex",
        "trigger",
        "shared",
    )

    def __init__(self):
        self.boxes = [0, 0, 0, 0]
        self.hand: list[str] = []
        self.known: list[str] = []
        self.tiles = [0] * 6
        self.completed: list[str] = []
        self.overflow: list[str] = []
        self.mproj: list[str] = []
        self.mtime = 0
        self.aproj: list[str] = []
        self.atime = 0
        self.vtiles = list(VISIT_TILES)
        self.visited = [0, 0, 0, 0]
        self.played: list[str] = []
        #: the scrolls played this turn, face up in front of the player until the pawn's action
        #: (then discarded: Going to the Temple, "Once you have finished playing scrolls ...")
        self.in_play: list[str] = []
        self.mloc = None
        self.aloc = None
        self.mu: list[int] = []
        self.subtle = False
        self.swift = False
        self.privileged = False
        self.writ = False
        self.borrowed = None
        self.host = False
        self.twofold = False
        self.agex = False
        self.trigger = False
        #: the rarely changed lists (:data:`_RARE`) are shared with the player this one was
        #: cloned from: :meth:`own` copies them before the first change of any of them
        self.shared = False

    def clone(self) -> _Player:
        """A copy to change: the often changed lists (boxes, hand, played scrolls, Masterful
        Use) copied, the rarely changed ones (:data:`_RARE`) shared until :meth:`own`."""
        p = _Player.__new__(_Player)
        p.boxes, p.hand, p.played, p.mu, p.in_play = self.boxes[:], self.hand[:], self.played[:], self.mu[:], self.in_play[:]
        p.known, p.tiles, p.completed, p.overflow = self.known, self.tiles, self.completed, self.overflow
        p.mproj, p.aproj, p.vtiles, p.visited = self.mproj, self.aproj, self.vtiles, self.visited
        p.mtime, p.atime, p.mloc, p.aloc = self.mtime, self.atime, self.mloc, self.aloc
        p.subtle, p.swift, p.privileged, p.writ, p.borrowed = self.subtle, self.swift, self.privileged, self.writ, self.borrowed
        p.host, p.twofold, p.agex, p.trigger = self.host, self.twofold, self.agex, self.trigger
        p.shared = True
        return p

    def deep_clone(self) -> _Player:
        """A copy sharing no list with this player."""
        p = self.clone()
        p.own()
        return p

    def own(self) -> _Player:
        """Copy the rarely changed lists shared with the player this one was cloned from
        (before changing any of them in place); returns the player."""
        if self.shared:
            self.known, self.tiles, self.completed, self.overflow = self.known[:], self.tiles[:], self.completed[:], self.overflow[:]
            self.mproj, self.aproj, self.vtiles, self.visited = self.mproj[:], self.aproj[:], self.vtiles[:], self.visited[:]
            self.shared = False
        return self


#: The lists of a player copied only before they change (:meth:`_Player.own`).
_RARE = ("known", "tiles", "completed", "overflow", "mproj", "aproj", "vtiles", "visited")


class _Core:
    """The whole position (internal). States hold one and never change it; ``_apply`` works
    on a clone."""

    __slots__ = (
        "g",
        "n",
        "round",
        "start",
        "final",
        "ending",
        "step",
        "bag",
        "bins",
        "draft_boxes",
        "draft_scrolls",
        "deck",
        "discard",
        "mw_deck",
        "mw_disp",
        "supply",
        "xsupply",
        "awards",
        "award_box",
        "award_gone",
        "award_takers",
        "tasks",
        "turn_no",
        "last_seat",
        "players",
        "fresh",
        "cold_shared",
        "chance",
        "chance_src",
        "avail",
    )

    def __init__(self, g: ZongShi):
        self.g = g
        self.n = g.players
        self.round = 1
        self.start = 0
        self.final = False
        self.ending = False
        self.step = 0
        self.bag = [0, 0, 0, 0]
        self.bins = [[0, 0, 0, 0], [0, 0, 0, 0]]
        self.draft_boxes = [0, 0, 0, 0]
        self.draft_scrolls: list[str] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.mw_deck: list[str] = []
        self.mw_disp: list[str] = []
        self.supply = {pid: g.project_copies for pid in PROJECT_TYPES}
        self.xsupply = [g.tile_copies] * 6
        self.awards: list = [None] * 4
        self.award_box = None
        self.award_gone: list[str] = []
        # per townsperson: (tile, seat, pawn, claimed) once its award tile is turned over in
        # this game (public; not part of the position description: a posed position's earlier
        # awards are not known, and saves replay their history)
        self.award_takers: list = [None] * 4
        self.tasks: list[tuple] = []
        self.turn_no = 0
        self.last_seat = -1
        self.players = [_Player() for _ in range(self.n)]
        self.fresh = (1 << self.n) - 1  # bit per seat: this core's own player (else shared, see mp)
        self.cold_shared = False  # decks, displays, supplies, award tiles shared (see cold)
        self.chance = None  # a private copy, made on the first draw of an action
        self.chance_src = None  # the state's generator, copied before the first draw
        self.avail = None  # the projects available (see _available), until one is taken

    def rng(self) -> Chance:
        """The generator to draw from (copied from the state's on first use)."""
        if self.chance is None:
            self.chance = self.chance_src.copy()
        return self.chance

    def clone(self, deep: bool = False) -> _Core:
        """A copy to change while one action is applied. Players are shared with this core
        until changed (copy on write: every change goes through :meth:`mp`); ``deep`` copies
        them all at once (the copy :func:`.state.reference_play`, the reference the tests compare with, makes)."""
        z = _Core.__new__(_Core)
        z.g, z.n, z.round, z.start, z.final, z.ending = self.g, self.n, self.round, self.start, self.final, self.ending
        z.step, z.award_box, z.turn_no, z.last_seat = self.step, self.award_box, self.turn_no, self.last_seat
        z.chance, z.chance_src, z.avail = self.chance, self.chance_src, self.avail
        z.bag = self.bag[:]
        z.bins = [self.bins[0][:], self.bins[1][:]]
        z.draft_boxes, z.draft_scrolls, z.deck, z.discard = self.draft_boxes, self.draft_scrolls, self.deck, self.discard
        z.mw_deck, z.mw_disp, z.supply, z.xsupply = self.mw_deck, self.mw_disp, self.supply, self.xsupply
        z.awards, z.award_gone, z.award_takers = self.awards, self.award_gone, self.award_takers
        z.cold_shared = True
        z.tasks = self.tasks[:]
        if deep:
            z.cold()
            z.players = [p.deep_clone() for p in self.players]
            z.fresh = (1 << self.n) - 1
        else:
            z.players = self.players[:]
            z.fresh = 0
        return z

    def cold(self) -> None:
        """Copy the rarely changed parts (draft display, scroll deck and discard pile,
        masterworks, project and exchange-tile supplies, award tiles), shared with the core
        this one was cloned from, before the first change of any of them."""
        if self.cold_shared:
            self.draft_boxes, self.draft_scrolls = self.draft_boxes[:], self.draft_scrolls[:]
            self.deck, self.discard = self.deck[:], self.discard[:]
            self.mw_deck, self.mw_disp = self.mw_deck[:], self.mw_disp[:]
            self.supply, self.xsupply = dict(self.supply), self.xsupply[:]
            self.awards, self.award_gone, self.award_takers = self.awards[:], self.award_gone[:], self.award_takers[:]
            self.cold_shared = False

    def mp(self, seat: int) -> _Player:
        """Player ``seat``, to be changed: copied from the shared one on the first change."""
        if not (self.fresh >> seat) & 1:
            self.players[seat] = self.players[seat].clone()
            self.fresh |= 1 << seat
        return self.players[seat]

    # -- chance (drawn through rng(): the state's generator is copied before the first draw) --
    def draw_box(self) -> int | None:
        """One random box from the bag (its material index), or None when the bag is empty (M10)."""
        bag = self.bag
        total = bag[0] + bag[1] + bag[2] + bag[3]
        if total == 0:
            return None
        r = self.rng().randrange(total)
        for m in range(4):
            if r < bag[m]:
                bag[m] -= 1
                return m
            r -= bag[m]
        raise AssertionError("bag count")

    def draw_boxes_to(self, seat: int, k: int) -> None:
        for _ in range(k):
            m = self.draw_box()
            if m is None:
                return
            self.mp(seat).boxes[m] += 1

    def draw_scrolls(self, seat: int, k: int) -> None:
        """Draw ``k`` scrolls (fewer when deck and discard pile run out); the deck is remade
        the moment it is exhausted (:meth:`remake_deck`)."""
        p = self.mp(seat)
        self.cold()
        for _ in range(k):
            self.remake_deck()  # a posed position may hold an empty deck beside a discard pile
            if not self.deck:
                break
            p.hand.append(self.deck.pop(0))
            self.remake_deck()
        p.hand.sort()

    def remake_deck(self) -> None:
        """If the deck is exhausted and the discard pile holds scrolls, shuffle the pile into a
        new draw deck (Going to the Temple: Scrolls of Fortune, "If the deck of scrolls becomes
        exhausted, shuffle the discard pile into a new draw deck"; docs/rulings/zongshi.md TE5:
        at once, and when the pile was empty then, as soon as scrolls are discarded). The new
        order is drawn from the game's chance and stays hidden."""
        if not self.deck and self.discard:
            self.cold()
            self.deck = self.discard[:]
            self.discard = []
            self.rng().shuffle(self.deck)

    def fill_bins(self) -> None:
        """Large bin N+1 boxes, small bin N-1, drawn from the bag (Game Board Setup, Step 4)."""
        for b, k in ((0, self.n + 1), (1, self.n - 1)):
            for _ in range(k):
                m = self.draw_box()
                if m is None:
                    return
                self.bins[b][m] += 1

    # -- derived facts ---------------------------------------------------------------------
    def own(self, seat: int, pid: str) -> int:
        """Copies of project type ``pid`` the player may use: completed ones plus one borrowed
        through An Ear to the Wall this round."""
        p = self.players[seat]
        n = p.completed.count(pid)
        if p.borrowed == pid:
            if self.g.flags["ear_counts_all_copies"]:
                n += max(o.completed.count(pid) for s, o in enumerate(self.players) if s != seat)
            else:
                n += 1
        return n

    def storage_limit(self, seat: int) -> int:
        return STORAGE_BASE + STORAGE_PER_WORKSHOP * self.own(seat, "larger_workshop")

    def hand_limit(self, seat: int) -> int:
        offerings = self.own(seat, "temple_offering")
        return HAND_LIMIT + (offerings if self.g.flags["temple_offering_limit_stacks"] else min(1, offerings))

    def order(self) -> list[int]:
        return [(self.start + i) % self.n for i in range(self.n)]

    def masterlike(self, seat: int, pawn: str) -> bool:
        """The master, or the apprentice under Writ of Authority (location abilities, SC6)."""
        return pawn == "master" or self.players[seat].writ
