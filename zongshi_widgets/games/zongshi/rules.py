"""Zong Shi rules: the game, its states, every decision as an atomic action.

Sections of the Zong Shi rulebook cited: "Game Board Setup",
"Player Setup" (the opening draft), "A Round of Play", "Step 1: Player Turns" (A. Beginning a
Project, B. Going to Locations: the Marketplace, the Temple, the Pawn Shop, Paying Respectful
Visits; C. Passing), "Step 2: Distribute Materials", "Step 3: Advance Projects", "Step 4: End of
Turn", "Game End", "The Final Round", "Final Scoring", "Victory", "The Scrolls, in Detail",
"The Projects, in Detail". Rulings the rulebook leaves open follow
``docs/rulings/zongshi.md`` section 9 (ids such as "M3", "SC6" in comments);
those with an alternative reading are variant options of :class:`ZongShi`.

How a round runs as actions: every decision belongs to one seat and is one action with its own
small legal list. The state keeps a stack of pending tasks; tasks without a choice (advancing
projects, refilling bins, a forced pick) are carried out at once, so the seat to move always
has at least one legal action. A choice with a single option (the only material left in a bin,
the only way to pay) is made automatically.

Notation (lower case; material letters g = gold, i = ivory, j = jade, b = bronze):
``take gold``, ``take swift_fingers`` (draft); ``use master``, ``use apprentice``;
``play swift_fingers``; ``pass``; ``market large``; ``temple``; ``pawnshop``;
``visit scholar 2 official 1``; ``project merchant_statue`` / ``project mw03``;
``pay ggij with masterful_use_gold``; ``donate jade``; ``draw``; ``buy gold/ivory pay gi``;
``leave``; ``no second project``; ``claim gold/ivory pay g``; ``decline``; ``take large gold``;
``borrow merchant_statue``; ``retrieve swift_fingers``; ``no tile``; ``return gold``;
``discard swift_fingers``; ``pick gold``; ``keep merchant_statue``.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
from dataclasses import dataclass

from ...core import Chance, Game, GameType, IllegalAction, ScoreSheet, State, Turn
from ...core.history import HistoryLink as _HistoryLink
from ...core.history import history_tuple
from .components import MATERIALS, PERSONS, PROJECT_TYPES, SCROLL_TYPES, Components, load_components
from .payments import MASTERFUL, PAIR_NAMES, PAIRS, Payment, can_pay, letters, payment_options, reference_payments

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
VISIT_BONUS = (0, 1, 2, 4, 8)
UNFINISHED_PENALTY = {1: 1, 2: 3, 3: 5}
STORAGE_BASE, STORAGE_PER_WORKSHOP = 5, 2
HAND_LIMIT = 4
COMPLETED_SLOTS = 6
#: Masterworks face up next to the deck (rulebook, Game Board Setup; docs/rulings/zongshi.md section 6).
MASTERWORK_DISPLAY = 2
BINS = ("large", "small")
#: The rows of the score sheet (rulebook, Final Scoring).
SCORE_CATEGORIES = (
    "completed projects",
    "exchange tiles",
    "all six exchange tiles",
    "townsfolk visits",
    "unfinished projects",
    "boxes and scrolls",
    "triggering the end",
)
#: Setup quantities by player count: (project copies per type, exchange tiles per pairing).
SETUP = {3: (3, 2), 4: (3, 3), 5: (4, 4)}
STEP_NAMES = {
    0: "Setup: opening draft",
    1: "Step 1: player turns",
    2: "Step 2: material distribution",
    3: "Step 3: advance projects and score",
    4: "Step 4: end of turn",
}
#: Tasks carried out without a decision.
AUTO_TASKS = {"endturn", "award", "step2", "step2end", "step3", "step3end", "step4", "step4end"}
#: Decisions made automatically when they have a single option.
FORCED_SINGLE = {"bin", "pay", "boxes", "hand"}

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
    "draft.not-offered": "Take one box or one scroll that is on offer in the draft display (Player Setup).",
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


@dataclass(frozen=True)
class ZAction:
    """One atomic action: ``kind`` and ``args``; ``str()`` is its notation (lower case).

    Actions are built by :meth:`ZongShiState.legal_actions` and :meth:`ZongShiState.parse_action`;
    two actions are equal when their notations are.
    """

    text: str
    kind: str
    args: tuple = ()

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"ZAction({self.text!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, ZAction) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


#: Actions already built, by notation: an action's notation fixes its kind and arguments, except
#: for payments ("pay ..."), whose exchange details may differ, so those are kept by payment
#: (:func:`_pay_act`).
_ACTIONS: dict = {}


def _act(kind: str, text: str, *args) -> ZAction:
    action = _ACTIONS.get(text)
    if action is None:
        action = ZAction(text, kind, args)
        if kind != "pay":
            _ACTIONS[text] = action
    return action


#: The variant options of :class:`ZongShi`: name -> (default, allowed values). Each default is
#: the rulebook's rule or, where the rulebook is silent, the recommended ruling of
#: docs/rulings/zongshi.md section 9 (ids in the docstring of :class:`ZongShi`).
OPTIONS = {
    "exchange_uses_per_payment": (1, range(0, 11)),
    "temple_offering_limit_stacks": (False, (True, False)),
    "award_requires_first_visitor_master": (True, (True, False)),
    "allow_duplicate_exchange_pairings": (True, (True, False)),
    "partial_vp_floor_zero": (True, (True, False)),
    "scrolls_while_building": (True, (True, False)),
    "writ_allows_donation": (True, (True, False)),
    "apprentices_pick_after_masters": (True, (True, False)),
    "both_pawns_in_one_bin": (True, (True, False)),
    "apprentice_subtlety": (True, (True, False)),
    "writ_uses_master_projects": (False, (True, False)),
    "ear_counts_all_copies": (False, (True, False)),
    "discounts_before_exchanges": (True, (True, False)),
    "empty_masterwork_deck_ends_game": (False, (True, False)),
    "twofold_penalty_each": (True, (True, False)),
    "location_capacity": (0, range(0, 11)),
    "masterwork_display": (MASTERWORK_DISPLAY, range(1, 5)),
}


class ZongShi(Game):
    """Zong Shi for 3 to 5 players (rulebook: "Zong Shi Rulebook").

    Every option below is a keyword of ``zw.game("zongshi", ...)``; its default is the rule
    (or the recommended ruling of docs/rulings/zongshi.md section 9, id in brackets), and a game made
    with other values says so in its ``repr`` and saves.

    Args:
        players (int): 3, 4 or 5. Default 4.
        components (str | None): a component file (TOML or JSON, the shape of the packaged
            ``data/components.toml``) with corrected card values; validated whole.
        exchange_uses_per_payment (int): exchanges each exchange tile gives per payment (one
            project, one visit action). docs/rulings/zongshi.md E4 recommends 1; 0 means unlimited.
        temple_offering_limit_stacks (bool): each Temple Offering raises the scroll hand limit
            by one (``True``), or owning any raises it to 5 (``False``, docs/rulings/zongshi.md TE3).
        award_requires_first_visitor_master (bool): an award tile goes only to a master who is
            the very first visitor of that person; an apprentice visiting first discards it
            unclaimed (``True``, docs/rulings/zongshi.md V5). ``False``: the first master to arrive
            claims it.
        allow_duplicate_exchange_pairings (bool): a player may own two tiles of the same pairing
            (``True``, docs/rulings/zongshi.md E6).
        partial_vp_floor_zero (bool): an unfinished project never scores below 0 (``True``,
            docs/rulings/zongshi.md G4).
        scrolls_while_building (bool): a pawn working on a project, which must pass, may still
            be preceded by its scrolls: the master's turn by master-turn and either-turn ones,
            the apprentice's by either-turn ones (``True``, docs/rulings/zongshi.md T3).
            ``False``: it only passes.
        writ_allows_donation (bool): an apprentice under Writ of Authority may donate at the
            Temple (``True``, docs/rulings/zongshi.md TE1).
        apprentices_pick_after_masters (bool): in a shared bin every apprentice takes its one
            box after every master there has picked once (``True``, docs/rulings/zongshi.md M3, the
            rulebook's "must wait until all of the masters in that bin have made one
            selection first"). ``False``: the first box of each pawn goes in seat order from
            the start player, apprentices among the masters (Privileged Treatment still
            first); then the masters go on.
        both_pawns_in_one_bin (bool): a player may put master and apprentice in the same bin
            (``True``, docs/rulings/zongshi.md M5). ``False``: the second pawn must take the other bin.
        apprentice_subtlety (bool): an apprentice building through Apprentice is Gaining
            Experience may use Artistic Subtlety (``True``, docs/rulings/zongshi.md SC4). ``False``: only
            the master's projects.
        writ_uses_master_projects (bool): under Writ of Authority the apprentice also draws the
            Merchant Statue boxes at the Marketplace and the Temple Offering scrolls at the
            Temple (``True``); ``False``, docs/rulings/zongshi.md SC6: those stay the real master's.
        ear_counts_all_copies (bool): a project borrowed with An Ear to the Wall counts as many
            copies as the opponent owning most of them has (``True``); ``False``,
            docs/rulings/zongshi.md SC7: one copy.
        discounts_before_exchanges (bool): Masteries, then Masterful Use and Artistic
            Subtlety come off the demand, then exchange tiles pay what remains (``True``,
            docs/rulings/zongshi.md P7). ``False``: exchanges first, then the discount scrolls come off
            what is left to pay, exchanged boxes included (a Masterful Use of Gold can then
            discount a gold box paid for jade).
        empty_masterwork_deck_ends_game (bool): ``False`` (docs/rulings/zongshi.md P9): a masterwork
            taken when the deck is empty leaves its space empty. ``True``: it also triggers
            the end as a sixth project does, in Step 3 of that round (the two-point bonus
            still goes only to players with six projects).
        twofold_penalty_each (bool): two projects left unfinished on one time track (Follow
            the Twofold Path) each lose the penalty for the time left (``True``,
            docs/rulings/zongshi.md G7). ``False``: the pair loses it once.
        location_capacity (int): at most this many pawns at each location (the Temple, the
            Pawn Shop, Respectful Visits, each marketplace bin) in a round; 0, the ruling of
            docs/rulings/zongshi.md section 6, is unlimited.
        masterwork_display (int): masterworks face up next to the deck, 1 to 4 (2: rulebook,
            Game Board Setup; the publisher's blurb, S3, says 3).

    Raises:
        ValueError: another player count, a bad option value, or a bad component file.
    """

    name = "zongshi"
    game_type = GameType(
        long_name="Zong Shi",
        player_counts=(3, 4, 5),
        default_players=4,
        hidden_information=True,
        chance=True,
        multi_step_turns=True,
        lower_score_wins=False,
        notation_help=(
            "one decision at a time, lower case: 'use master', 'play swift_fingers', 'market large', 'temple', 'pawnshop', "
            "'visit scholar 2 official 1', 'project merchant_statue', 'pay ggij' (g gold, i ivory, j jade, b bronze), "
            "'pick jade', 'return gold', 'discard lessons_of_the_past', 'pass'"
        ),
        rulebook="Zong Shi Rulebook (Gryphon Games, 2012) with the rulings of docs/rulings/zongshi.md",
        variants=tuple((key, tuple(allowed)) for key, (_, allowed) in OPTIONS.items()),
    )

    def __init__(self, players: int = 4, components: str | None = None, **options):
        if not isinstance(players, int) or isinstance(players, bool) or players not in (3, 4, 5):
            raise ValueError(f"Zong Shi is for 3, 4 or 5 players (an int), not {players!r}")
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise ValueError(f"Zong Shi has no option {unknown[0]!r}; its options are {', '.join(OPTIONS)}")
        flags = {}
        for key, (default, allowed) in OPTIONS.items():
            value = options.get(key, default)
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"{key} is True or False, not {value!r}")
            elif not isinstance(value, int) or isinstance(value, bool) or value not in allowed:
                extra = " (0: unlimited)" if key in ("exchange_uses_per_payment", "location_capacity") else ""
                raise ValueError(f"{key} is an int from {allowed.start} to {allowed.stop - 1}{extra}, not {value!r}")
            flags[key] = value
        chosen = {k: v for k, v in flags.items() if v != OPTIONS[k][0]}
        if components is not None:
            if not isinstance(components, str):
                raise ValueError(f"components is the path of a component file (str), not {type(components).__name__}")
            chosen["components"] = components
        super().__init__(players, chosen)
        self.components: Components = load_components(components)
        self.uses = flags["exchange_uses_per_payment"] or 20
        self.flags = flags
        self.exchanges_first = not flags["discounts_before_exchanges"]
        self.masterwork_display = flags["masterwork_display"]
        #: every location always open to every pawn (the default: no capacity, both pawns in one bin)
        self.open_locations = not flags["location_capacity"] and flags["both_pawns_in_one_bin"]
        self.project_copies, self.tile_copies = SETUP[players]
        cards = {**self.components.projects, **self.components.masterworks}
        self.costs = {pid: c.cost for pid, c in cards.items()}
        self.cost_totals = {pid: sum(c.cost) for pid, c in cards.items()}
        #: victory points per project id (regular types and masterworks)
        self.vp = {pid: c.vp for pid, c in cards.items()}
        scrolls = []
        for sid in SCROLL_TYPES:
            scrolls += [sid] * self.components.scrolls[sid].copies
        self.scroll_cards = tuple(scrolls)
        #: scroll titles played at the beginning of the master's turn only (docs/rulings/zongshi.md section 7)
        self.master_timed = frozenset(sid for sid in SCROLL_TYPES if self.components.scrolls[sid].timing == "master")
        #: scroll titles that may be played at any time: also after the pawn's action, at the
        #: owner's later decisions of the turn (component value, docs/rulings/zongshi.md section 7)
        self.any_timed = frozenset(sid for sid in SCROLL_TYPES if self.components.scrolls[sid].timing == "any")
        #: per project id (regular types and masterworks) what listing it needs: (action, cost, total cost)
        self.project_rows = {pid: (_project_act(pid), self.costs[pid], self.cost_totals[pid]) for pid in cards}
        self._freeze()

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The pawn colour of each seat, clockwise: ivory, blue, green, natural, orange."""
        return SEAT_NAMES[: self.players]

    def card(self, pid: str):
        """The :class:`~.components.ProjectCard` of a project type or masterwork id."""
        return self.components.card(pid)

    def new_state(self, seed: int | None = None) -> ZongShiState:
        """Set the game up (rulebook, Game Board Setup and Player Setup): shuffle the scrolls,
        the masterworks (two face up) and the award tiles (four face down on the townsfolk),
        draw a start player, lay out the draft display (N scrolls and 2N boxes from the bag);
        the first decision is the opening draft of the player right of the start player."""
        chance = Chance(seed)
        z = _Core(self)
        rng = chance.copy()
        z.chance = rng
        n = self.players
        deck = list(self.scroll_cards)
        rng.shuffle(deck)
        mws = sorted(self.components.masterworks)
        rng.shuffle(mws)
        z.mw_disp, z.mw_deck = mws[: self.masterwork_display], mws[self.masterwork_display :]
        tiles = list(AWARDS)
        rng.shuffle(tiles)
        z.awards, z.award_box = tiles[:4], tiles[4]
        z.start = rng.randrange(n)
        z.bag = [self.components.supply] * 4
        z.draft_scrolls = sorted(deck[:n])
        z.deck = deck[n:]
        for _ in range(2 * n):
            m = z.draw_box()
            z.draft_boxes[m] += 1
        z.step = 0
        z.tasks = [("draft", (z.start - 1) % n, 0)]
        return ZongShiState._settled(self, (), chance, z)

    def _state_from_position(self, d: dict, chance: Chance) -> ZongShiState:
        """A position from its readable description (see :meth:`ZongShiState.position` for
        the keys). Left out: the bag holds the boxes found nowhere else, the scroll deck the
        scrolls found nowhere else (shuffled), the masterwork deck likewise, bins are filled
        from the bag, award tiles not placed are shuffled face down onto townsfolk nobody has
        visited (the last one to the box), players start with empty workshops, and the
        pending decision is the turn of ``to_move`` (default the start player) in ``lap``.

        Raises:
            ValueError: an unknown key, a wrong value, or components that are not each in
                exactly one place.
        """
        return _from_position(self, d, chance)


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
        them all at once (:func:`_reference_clone` is the copy the tests compare with)."""
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


class ZongShiState(State):
    """A Zong Shi position (see :class:`zongshi_widgets.core.State` for the contract).

    The position itself is read through :meth:`position` (everything) or :meth:`view` (what a
    seat may see); :meth:`census` counts every component for the conservation checks.
    """

    __slots__ = ("_z", "_legal_cache", "_legal_index", "_hist", "_plays")

    def __init__(self, game, history, chance, z: _Core):
        # State.__init__, inlined (a state is made for every action)
        self.game = game
        self._hist = history if type(history) is _HistoryLink else tuple(history)
        self.chance = chance
        self._origin = None
        self._sample = False
        self._scratch = False
        self._z = z
        self._legal_cache = None
        self._legal_index = None

    @property
    def history(self) -> tuple:
        """The actions played since ``new_state``, in order. A played state keeps only its
        last action and a link to the history before it (a tuple is built on first use, so
        playing stays constant time however long the game)."""
        self._hist = history_tuple(self._hist)
        if self._scratch and self._plays:  # a scratch copy: the actions it was advanced by too
            return self._hist + tuple(self._plays)
        return self._hist

    @history.setter
    def history(self, value) -> None:
        self._hist = value if type(value) is _HistoryLink else tuple(value)

    @classmethod
    def _settled(cls, game, history, chance, z: _Core) -> ZongShiState:
        """Carry out tasks without a decision, make forced single choices, and number turns."""
        if z.chance is None and z.chance_src is None:
            z.chance_src = chance
        legal = _advance(z)
        final_chance = z.chance if z.chance is not None else (z.chance_src or chance)
        z.chance = z.chance_src = None
        state = cls(game, history, final_chance, z)
        state._legal_cache = legal or []
        return state

    # -- contract ----------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        z = self._z
        return _task_seat(z, z.tasks[0]) if z.tasks else None

    @property
    def is_over(self) -> bool:
        """``True`` when nobody has a decision left (no pending task)."""
        return not self._z.tasks

    @property
    def award_takers(self) -> dict:
        """Who turned each award tile over in this game (rulebook, "Paying Respectful Visits":
        the first master to visit a townsperson takes its award tile; ruling V5: an apprentice
        who visits first discards it unclaimed). Public information.

        Returns:
            dict: ``{person: (tile, seat, pawn, claimed) | None}``: the award's id, the seat
            whose ``pawn`` (``"master"`` or ``"apprentice"``) visited, and whether the tile was
            taken (``False``: discarded unclaimed); ``None`` while the tile is face down, or
            when it was turned over before a posed starting position (not recorded).
        """
        return dict(zip(PERSONS, self._z.award_takers))

    @property
    def turn(self) -> Turn:
        z = self._z
        seat = self.to_move
        step = None
        if seat is not None:
            step = STEP_NAMES[z.step]
            if z.step == 1:
                step += f", lap {_lap(z)}"
            if z.final and z.step:
                step += " (final round)"
        return Turn(round=z.round, turn=max(1, z.turn_no), step=step, seat=seat)

    def legal_actions(self) -> list[ZAction]:
        if self._legal_cache is None:
            z = self._z
            self._legal_cache = _legal(z, z.tasks[0]) if z.tasks else []
        return list(self._legal_cache)

    def _legal_map(self) -> dict:
        """The legal actions by notation (built once per state; do not change it)."""
        if self._legal_index is None:
            if self._legal_cache is None:
                self.legal_actions()
            self._legal_index = {a.text: a for a in self._legal_cache}
        return self._legal_index

    def parse_action(self, notation: str) -> ZAction:
        if self.is_over:
            raise IllegalAction("core.game-over", "The game is over: nobody may act any more.")
        text = " ".join(notation.strip().lower().split()) if isinstance(notation, str) else ""
        action = self._legal_map().get(text)
        if action is None:
            self._diagnose(text)
        return action

    def check(self, action) -> None:
        if not self._z.tasks:
            raise IllegalAction("core.game-over", "The game is over: nobody may act any more.")
        if self._legal_cache is not None:
            for legal in self._legal_cache:
                if legal is action:
                    return  # one of this state's own actions (the common case: no lookup)
        if not isinstance(action, ZAction):
            raise IllegalAction("zongshi.notation", f"{action!r} is not a Zong Shi action; write its notation, e.g. 'pass'.")
        legal = self._legal_map().get(action.text)
        if legal is None:
            self._diagnose(action.text)
        if legal is not action and legal.args != action.args:
            raise IllegalAction("zongshi.notation", f"{action!r} does not match the legal action {action.text!r}.")

    def explain(self, text: str) -> IllegalAction | None:
        """Why ``text`` is not legal here (the :class:`IllegalAction` that playing it would
        raise), or ``None`` when it is legal."""
        try:
            self.parse_action(text)
        except IllegalAction as exc:
            return exc
        return None

    def play(self, action) -> ZongShiState:
        """Play an action (an action object or its notation) for the seat to move (see
        :meth:`zongshi_widgets.core.State.play`).

        Raises:
            IllegalAction: the action breaks a rule (the message cites the rulebook section),
                the notation cannot be read, or the game is over.
        """
        if isinstance(action, str):
            action = self.parse_action(action)  # refuses a finished game too
        else:
            self.check(action)
        after = self._apply(action)
        after._origin = self._origin
        after._sample = self._sample
        return after

    def _apply(self, action: ZAction) -> ZongShiState:
        """The state after ``action`` (checked): a copy-on-write clone of the position, the
        action done, then the tasks without a decision (as :meth:`_settled`)."""
        if self._scratch:
            return self._detached()._apply(action)  # a new state must share nothing a playout changes
        z = self._z.clone()
        chance = self.chance
        z.chance, z.chance_src = None, chance
        _do(z, z.tasks[0], action)
        legal = _advance(z)
        if z.chance is not None:
            chance = z.chance  # the generator copied for this action's draws
        z.chance = z.chance_src = None
        state = ZongShiState(self.game, _HistoryLink(self._hist, action), chance, z)
        state._legal_cache = legal or []
        return state

    # -- playouts (docs/ARCHITECTURE.md, "Playouts") ------------------------------------------
    def scratch(self) -> ZongShiState:
        """A private, mutable copy of this state for a playout (see
        :meth:`zongshi_widgets.core.State.scratch`) with a private copy of the generator, so
        that :meth:`advance` changes the copy in place and draws from its own generator. The
        position is copied as :meth:`play` copies it (copy on write: a player, the decks and
        displays are copied on their first change, then changed in place for the rest of the
        playout); this state is never changed. Its :attr:`history` stops at the actions played up to
        here (a playout keeps none), and it cannot be saved.

        Returns:
            ZongShiState: the copy, with the same position, legal actions, scores and chance.
        """
        z = self._z.clone()  # copy on write: a player, the decks... are copied on their first change
        state = ZongShiState(self.game, self._hist, self.chance.copy(), z)
        state._origin, state._sample, state._scratch = self._origin, self._sample, True
        state._plays = []  # the actions it is advanced by (a list: cheaper than a history link each)
        if self._legal_cache is not None:
            state._legal_cache = self._legal_cache  # never changed in place: replaced per action
        return state

    def advance(self, action: ZAction) -> ZongShiState:
        """Play an action in a playout, without checks (see
        :meth:`zongshi_widgets.core.State.advance`): on a scratch copy (:meth:`scratch`) in
        place, returning this very object; on any other state as :meth:`play` does, unchecked.

        Args:
            action (ZAction): one of :meth:`legal_actions`.

        Returns:
            ZongShiState: the next state.
        """
        if not self._scratch:
            return State.advance(self, action)
        self._plays.append(action)  # so a state play()ed from here has the whole history and saves
        z = self._z  # the body of _advance, inlined (one call fewer per playout action)
        z.chance = self.chance
        _do(z, z.tasks[0], action)
        legal = _advance(z)
        z.chance = None
        self._legal_cache = legal or []
        self._legal_index = None
        return self

    def _advance(self, action: ZAction) -> ZongShiState:
        """Play the legal ``action`` on this scratch copy in place (as :meth:`_apply`, with no
        copy of the position or of the generator, which draws in place) and return it."""
        self._plays.append(action)
        z = self._z
        z.chance = self.chance  # draws go to this copy's own generator
        _do(z, z.tasks[0], action)
        legal = _advance(z)
        z.chance = None
        self._legal_cache = legal or []
        self._legal_index = None
        return self

    def _detached(self) -> ZongShiState:
        """A plain (immutable) state with this scratch copy's position, sharing nothing with it."""
        hist = self._hist
        for a in self._plays:  # the actions this scratch copy was advanced by
            hist = _HistoryLink(hist, a)
        state = ZongShiState(self.game, hist, self.chance.copy(), self._z.clone(deep=True))
        state._origin, state._sample = self._origin, self._sample
        return state

    # -- errors ------------------------------------------------------------------------------
    def _diagnose(self, text: str) -> None:
        """Raise the IllegalAction naming the rule ``text`` breaks here."""
        z = self._z
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
            fail("draft.not-offered")
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
            fail("notation", text=text, help=f"Now {_describe_task(z, task)} Allowed now: {self._legal_text()}. (Notation: {g.game_type.notation_help}.)")
        fail("not-now", text=text, now=_describe_task(z, task), legal=self._legal_text())

    def _legal_text(self) -> str:
        legal = [a.text for a in self.legal_actions()]
        return ", ".join(repr(t) for t in legal[:12]) + (f" and {len(legal) - 12} more" if len(legal) > 12 else "")

    # -- scores ------------------------------------------------------------------------------
    def score_sheet(self) -> ScoreSheet:
        """Final scoring (rulebook, Final Scoring and Victory): one row per category; the
        tie-break is the number of completed projects (a Twofold overflow project counts,
        docs/rulings/zongshi.md G6); still tied, the victory is shared."""
        z = self._z
        g = z.g
        cats = [
            "completed projects",
            "exchange tiles",
            "all six exchange tiles",
            "townsfolk visits",
            "unfinished projects",
            "boxes and scrolls",
            "triggering the end",
        ]
        values, ties = [], []
        for p in z.players:
            unfinished = 0
            for proj, time in ((p.mproj, p.mtime), (p.aproj, p.atime)):
                if not proj:
                    continue
                penalty = UNFINISHED_PENALTY[min(3, max(1, time))]
                if g.flags["twofold_penalty_each"]:
                    parts = [g.card(pid).vp - penalty for pid in proj]  # G7
                else:
                    parts = [sum(g.card(pid).vp for pid in proj) - penalty]
                unfinished += sum(max(0, vp) if g.flags["partial_vp_floor_zero"] else vp for vp in parts)
            completed, tiles, six, visits, trigger = _standing_rows(g, p)
            row = [completed, tiles, six, visits, unfinished, (sum(p.boxes) + len(p.hand)) // 3, trigger]
            values.append(row)
            ties.append((len(p.completed) + len(p.overflow),))
        return ScoreSheet(
            self.game.seat_names,
            cats,
            values,
            [sum(r) for r in values],
            ties,
            tiebreak_label="tie-break: projects completed",
            final=self.is_over,
            notes="Ties: most completed projects (Twofold overflow included), then a shared win (rulebook, Victory).",
        )

    def workshops(self) -> list[tuple]:
        """Per seat the public facts of its workshop an evaluation reads, without building the
        position description or the score sheet (what bots read at the end of every playout).

        Returns:
            list[tuple]: per seat ``(points, completed, building, boxes, scrolls, master_at,
            apprentice_at, storage_limit, hand_limit)``: ``points`` (int) the score sheet's
            completed projects, exchange tiles, all-six bonus, townsfolk visits and end-trigger
            rows summed (rulebook, Final Scoring; the same rows as :meth:`score_sheet`),
            ``completed`` (tuple[str, ...]) the completed project ids,
            ``building`` (tuple of ``(project ids, time left)``, one per pawn working on a
            project, master first), ``boxes`` (int) boxes in storage, ``scrolls`` (int) the
            hand's size (public), ``master_at`` and ``apprentice_at`` (str | None) where the
            pawns are this round (``"large"``, ``"small"``, ``"temple"``, ...),
            ``storage_limit`` and ``hand_limit`` (int) the boxes and scrolls the seat may keep
            (rulebook, Storage Limits; Temple Offering). The bins' contents are
            :meth:`bin_sizes`.
        """
        z = self._z
        out = []
        for seat, p in enumerate(z.players):
            points = sum(_standing_rows(z.g, p))
            building = []
            if p.mproj:
                building.append((tuple(p.mproj), p.mtime))
            if p.aproj:
                building.append((tuple(p.aproj), p.atime))
            out.append((points, tuple(p.completed), tuple(building), sum(p.boxes), len(p.hand), p.mloc, p.aloc,
                        z.storage_limit(seat), z.hand_limit(seat)))
        return out

    def bin_sizes(self) -> dict:
        """Boxes in each Marketplace bin now: ``{"large": int, "small": int}``."""
        bins = self._z.bins
        return {"large": sum(bins[0]), "small": sum(bins[1])}

    def _check_invariants(self) -> None:
        """The kernel's invariant hook: every component in exactly one place (rulebook, Components); see :mod:`.invariants`."""
        from .invariants import check_census

        check_census(self)

    def digest(self) -> str:
        return hashlib.sha256(json.dumps(self.position(), sort_keys=True).encode()).hexdigest()[:16]

    def __eq__(self, other) -> bool:
        return isinstance(other, ZongShiState) and other.game == self.game and other.position() == self.position()

    def __hash__(self) -> int:
        return hash(self.digest())

    def __repr__(self) -> str:
        z = self._z
        who = "over" if self.is_over else f"{self.game.seat_names[self.to_move]}: {_describe_task(z, z.tasks[0])}"
        return f"<ZongShiState round {z.round}, {STEP_NAMES[z.step] if z.tasks else 'game over'}; {who}>"

    # -- views -------------------------------------------------------------------------------
    def public_view(self) -> dict:
        """What everybody sees: bins, draft display, supplies, masterworks on display, visits,
        award tiles' presence (face down) and revealed ones, the discard pile, and per player
        the workshop (boxes, exchange tiles, projects, pawns, visit tiles), the scroll count,
        the scrolls known to all (taken face up in the draft or from the discard pile) and the
        effects of scrolls played this round; hidden: hands, deck order, bag draws, face-down
        award tiles."""
        z = self._z
        task = z.tasks[0] if z.tasks else None
        return {
            "round": z.round,
            "step": STEP_NAMES[z.step] if z.tasks else "game over",
            "lap": _lap(z) if z.step == 1 else None,
            "start_player": z.start,
            "final_round": z.final,
            "end_triggered": z.ending,
            "bag_size": sum(z.bag),
            "bins": {b: letters(z.bins[i]) for i, b in enumerate(BINS)},
            "draft": {"boxes": letters(z.draft_boxes), "scrolls": list(z.draft_scrolls)} if z.step == 0 else None,
            "scroll_deck_size": len(z.deck),
            "scroll_discard": list(z.discard),
            "masterworks": list(z.mw_disp),
            "masterwork_deck_size": len(z.mw_deck),
            "projects_left": dict(z.supply),
            "exchange_tiles_left": dict(zip(PAIR_NAMES, z.xsupply)),
            "award_face_down": {per: z.awards[i] is not None for i, per in enumerate(PERSONS)},
            "awards_revealed": list(z.award_gone),
            "decision": _describe_task(z, task) if task else None,
            "pending": [_task_json(t) for t in z.tasks],
            "players": [_public_player(z, s) for s in range(z.n)],
        }

    def private_view(self, seat: int) -> dict:
        """The seat's own scroll hand (sorted)."""
        return {"hand": list(self._z.players[seat].hand)}

    def _determinize(self, seat: int, rng: random.Random) -> ZongShiState:
        z = self._z.clone(deep=True)
        g = z.g
        me = z.players[seat]
        pool = list(g.scroll_cards)
        for sid in me.hand + z.discard + z.draft_scrolls + [c for s, p in enumerate(z.players) for c in p.in_play + (p.known if s != seat else [])]:
            pool.remove(sid)
        pool.sort()
        rng.shuffle(pool)
        for s, p in enumerate(z.players):
            if s != seat:
                extra = len(p.hand) - len(p.known)
                p.hand = sorted(p.known + [pool.pop() for _ in range(extra)])
        z.deck = pool
        used = set(z.mw_disp)
        for p in z.players:
            used.update(x for x in p.completed + p.overflow + p.mproj + p.aproj if x in g.components.masterworks)
        mws = sorted(m for m in g.components.masterworks if m not in used)
        rng.shuffle(mws)
        z.mw_deck = mws
        hidden = sorted(t for t in AWARDS if t not in z.award_gone)
        rng.shuffle(hidden)
        for i in range(4):
            if z.awards[i] is not None:
                z.awards[i] = hidden.pop()
        z.award_box = hidden.pop() if z.award_box is not None else None
        seen = [0, 0, 0, 0]
        for vec in [z.draft_boxes, *z.bins, *(p.boxes for p in z.players)]:
            for m in range(4):
                seen[m] += vec[m]
        z.bag = [g.components.supply - seen[m] for m in range(4)]
        return ZongShiState(self.game, (), Chance(rng.getrandbits(63)), z)

    def action_name(self, action) -> str:
        """The action in plain words, as a move to make (``"go to the large bin of the
        Marketplace"``, ``"take a jade box from the draft"``): the board's words
        (:func:`~zongshi_widgets.games.zongshi.render.action_words`, which tell a played move,
        ``"goes to the large bin..."``) in the imperative. :func:`~zongshi_widgets.agents.explain`
        fills its ``text`` column with it, and the boards' hints say it.

        Args:
            action (ZAction | str): an action of this position.

        Returns:
            str: the words.
        """
        from .render import action_words  # render imports this module

        verb, _, rest = action_words(self.game, action).partition(" ")
        verb = {"goes": "go", "passes": "pass"}.get(verb, verb[:-1] if verb.endswith("s") else verb)
        return f"{verb} {rest}".rstrip()

    # -- positions ---------------------------------------------------------------------------
    def position(self) -> dict:
        """The whole position as a readable, JSON-able description (hidden parts included),
        which ``game.from_position`` turns back into an equal state.

        Keys: ``round``, ``start``, ``final_round``, ``end_triggered``, ``step`` (0 draft, 1-4),
        ``bag`` and ``bins`` (material letters: g gold, i ivory, j jade, b bronze),
        ``draft`` (``boxes``, ``scrolls``), ``scroll_deck`` (top first), ``scroll_discard``,
        ``masterworks`` (``display``, ``deck`` top first), ``projects_left``,
        ``exchange_tiles_left``, ``awards`` (per townsperson the face-down tile or null),
        ``award_box``, ``awards_revealed``, ``players`` (per seat: ``boxes``, ``scrolls``,
        ``known``, ``exchange_tiles``, ``completed``, ``overflow``, ``master`` and
        ``apprentice`` (``at``, ``building``, ``time``), ``visit_tiles``, ``visited``,
        ``played``, ``in_play`` (played this turn, not yet discarded), ``effects``,
        ``trigger_bonus``), ``pending`` (the decision stack, top
        first), ``turn_no``, ``last_seat``.
        """
        z = self._z
        return {
            "round": z.round,
            "start": z.start,
            "final_round": z.final,
            "end_triggered": z.ending,
            "step": z.step,
            "bag": letters(z.bag),
            "bins": {b: letters(z.bins[i]) for i, b in enumerate(BINS)},
            "draft": {"boxes": letters(z.draft_boxes), "scrolls": list(z.draft_scrolls)},
            "scroll_deck": list(z.deck),
            "scroll_discard": list(z.discard),
            "masterworks": {"display": list(z.mw_disp), "deck": list(z.mw_deck)},
            "projects_left": dict(z.supply),
            "exchange_tiles_left": dict(zip(PAIR_NAMES, z.xsupply)),
            "awards": {per: z.awards[i] for i, per in enumerate(PERSONS)},
            "award_box": z.award_box,
            "awards_revealed": list(z.award_gone),
            "players": [_player_position(p) for p in z.players],
            "pending": [_task_json(t) for t in z.tasks],
            "turn_no": z.turn_no,
            "last_seat": z.last_seat,
        }

    def census(self) -> dict:
        """Every component counted by place, for conservation checks.

        Returns:
            dict: ``boxes`` (per material, summed over bag, bins, draft and workshops),
            ``scrolls`` (title -> count over deck, discard, draft, hands and the scrolls in
            play, played this turn and not yet discarded), ``projects``
            (type -> count over the board supply and all players), ``masterworks`` (sorted list
            of ids over deck, display and players), ``exchange_tiles`` (per pairing), ``awards``
            (sorted list of tiles), ``visit_tiles`` (per player the sorted values placed or
            kept).
        """
        z = self._z
        boxes = [z.bag[m] + z.bins[0][m] + z.bins[1][m] + z.draft_boxes[m] + sum(p.boxes[m] for p in z.players) for m in range(4)]
        scrolls: dict = {}
        for sid in z.deck + z.discard + z.draft_scrolls + [c for p in z.players for c in p.hand + p.in_play]:
            scrolls[sid] = scrolls.get(sid, 0) + 1
        held = [x for p in z.players for x in p.completed + p.overflow + p.mproj + p.aproj]
        projects = {pid: z.supply[pid] + held.count(pid) for pid in PROJECT_TYPES}
        mws = sorted(z.mw_deck + z.mw_disp + [x for x in held if x not in PROJECT_TYPES])
        tiles = [z.xsupply[k] + sum(p.tiles[k] for p in z.players) for k in range(6)]
        awards = sorted([a for a in z.awards if a is not None] + ([z.award_box] if z.award_box else []) + z.award_gone)
        visits = [sorted(p.vtiles + [v for v in p.visited if v]) for p in z.players]
        return {"boxes": boxes, "scrolls": scrolls, "projects": projects, "masterworks": mws, "exchange_tiles": tiles, "awards": awards, "visit_tiles": visits}


# ----------------------------------------------------------------------------------------------
# tasks: the decision stack


def _task_seat(z: _Core, task: tuple) -> int:
    if task[0] == "bin":
        return task[3][0][0]
    return task[1]


def _lap(z: _Core) -> int:
    for t in z.tasks:
        if t[0] in ("turn", "endturn"):
            return t[2] // z.n + 1
    return 2


def _task_json(task: tuple) -> list:
    return json.loads(json.dumps(list(task)))


def _task_from_json(item) -> tuple:
    def tup(x):
        return tuple(tup(v) for v in x) if isinstance(x, list) else x

    if not isinstance(item, list) or not item or not isinstance(item[0], str):
        raise ValueError(f"a pending task is a list starting with its name, not {item!r}")
    return tup(item)


def _describe_task(z: _Core, task) -> str:
    if task is None:
        return "the game is over."
    name = task[0]
    who = z.g.seat_names[_task_seat(z, task)]
    text = {
        "draft": "takes one box or one scroll from the draft display (Player Setup).",
        "turn": (
            "chooses master or apprentice for this turn (Step 1)."
            if len(task) > 3 and not task[3]
            else f"plays scrolls, then acts with the {task[3] if len(task) > 3 else 'pawn'} (Step 1)."
        ),
        "donate": "donates boxes to the temple, then draws (Going to the Temple).",
        "shop": "claims exchange tiles (Going to the Pawn Shop).",
        "pay": "chooses how to pay (exchange tiles, discount scrolls).",
        "second": "may begin a second project (Follow the Twofold Path).",
        "award_tile": "claims an exchange tile for one box, or declines (award tile).",
        "award_bins": "takes one box from the marketplace (award tile).",
        "fortune": "takes one box from a bin (Fortune Brings Opportunity).",
        "ear": "chooses another player's project to use this round (An Ear to the Wall).",
        "lessons": "takes a scroll from the discard pile (Lessons of the Past).",
        "gift": "claims an exchange tile (Pawn Shop Owner's Gift).",
        "boxes": "discards boxes down to the storage limit.",
        "hand": "discards scrolls down to the hand limit.",
        "bin": f"picks a box from the {task[2] if len(task) > 2 else ''} bin (Step 2).",
        "keep": "chooses which of two finished projects takes the last completed space (Follow the Twofold Path).",
    }.get(name, name)
    return f"{who} {text}"


def _push(z: _Core, *tasks) -> None:
    z.tasks[0:0] = tasks


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


# -- automatic tasks ----------------------------------------------------------------------------


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


# ----------------------------------------------------------------------------------------------
# legal actions


def _pid(word: str) -> str:
    return word.upper() if word.startswith("mw") else word


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


def _standing_rows(g: ZongShi, p: _Player) -> tuple[int, int, int, int, int]:
    """The score sheet's rows that count as they stand (rulebook, Final Scoring): completed
    projects, exchange tiles, the all-six bonus, townsfolk visits and triggering the end, in
    victory points (used by :meth:`ZongShiState.score_sheet` and :meth:`ZongShiState.workshops`)."""
    vp = g.vp
    return (
        sum(vp[pid] for pid in p.completed),
        sum(p.tiles),
        2 if all(p.tiles) else 0,
        VISIT_BONUS[sum(1 for v in p.visited if v)],
        2 if p.trigger else 0,
    )


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


_PROJECT_ACTS: dict = {}


def _project_act(pid: str) -> ZAction:
    action = _PROJECT_ACTS.get(pid)
    if action is None:
        action = _PROJECT_ACTS[pid] = _act("project", f"project {pid.lower()}", pid)
    return action


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


_VISIT_ACTS: dict = {}


def _visit_act(pairs: tuple) -> ZAction:
    action = _VISIT_ACTS.get(pairs)
    if action is None:
        action = _VISIT_ACTS[pairs] = _act("visit", "visit " + " ".join(f"{per} {val}" for per, val in pairs), pairs)
    return action


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


#: ``play <scroll>`` per scroll title.
_PLAY_ACTS = {sid: _act("play", f"play {sid}", sid) for sid in SCROLL_TYPES}


_PASS_ACT = _act("pass", "pass")
_LOCATION_ACTS = (_PASS_ACT, _act("market", "market large", 0), _act("market", "market small", 1), _act("temple", "temple"))
_PAWNSHOP_ACT = _act("pawnshop", "pawnshop")
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


#: Actions of the simplest decisions, built once (by material index where they name one).
_USE_ACTS = (_act("use", "use master", "master"), _act("use", "use apprentice", "apprentice"))
_PICK_ACTS = tuple(_act("pick", f"pick {MATERIALS[m]}", m) for m in range(4))
_RETURN_ACTS = tuple(_act("return", f"return {MATERIALS[m]}", m) for m in range(4))
_DONATE_ACTS = tuple(_act("donate", f"donate {MATERIALS[m]}", m) for m in range(4))
_TAKE_BOX_ACTS = tuple(_act("take_box", f"take {MATERIALS[m]}", m) for m in range(4))
_DISCARD_ACTS = {sid: _act("discard", f"discard {sid}", sid) for sid in SCROLL_TYPES}
_DRAW_ACT = _act("draw", "draw")


@functools.lru_cache(maxsize=65536)
def _pay_act(pay: Payment) -> ZAction:
    """``pay <boxes> [with <scrolls>]`` for one payment (a payment's exchange details are part
    of the action, so these are kept by payment, not by notation)."""
    return ZAction(f"pay {pay.notation()}", "pay", (pay,))


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


def reference_play(state: ZongShiState, action: ZAction) -> ZongShiState:
    """The slow reference of ``state.play(action)`` (the tests compare them): the position is
    copied whole (every player, every list) before the action is applied, where ``play``
    copies a player or a deck only when it changes (copy on write).

    Raises:
        IllegalAction: as :meth:`ZongShiState.play`.
    """
    state.check(action)
    z = state._z.clone(deep=True)
    z.chance, z.chance_src = None, state.chance
    _do(z, z.tasks[0], action)
    return ZongShiState._settled(state.game, state.history + (action,), state.chance, z)


def _parse_visit(words: list[str]):
    if len(words) < 3 or len(words) % 2 == 0:
        return None
    pairs = []
    for k in range(1, len(words), 2):
        if words[k] not in PERSONS or words[k + 1] not in ("1", "2", "3"):
            return None
        pairs.append((words[k], int(words[k + 1])))
    return pairs


# ----------------------------------------------------------------------------------------------
# applying actions


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


# ----------------------------------------------------------------------------------------------
# views and positions


def _effects(p: _Player) -> dict:
    out = {}
    if p.mu:
        out["masterful_use"] = [MATERIALS[m] for m in p.mu]
    for key in ("subtle", "swift", "privileged", "writ", "host", "twofold", "agex"):
        if getattr(p, key):
            out[key] = True
    if p.borrowed:
        out["borrowed"] = p.borrowed
    return out


def _public_player(z: _Core, s: int) -> dict:
    """What every seat sees of player ``s``: its open parts, the size of its hand and the
    scrolls known to be in it, its limits, and ``in_play`` (the scrolls it played this turn,
    face up until its pawn's action discards them)."""
    p = z.players[s]
    out = {
        "boxes": letters(p.boxes),
        "storage_limit": z.storage_limit(s),
        "scroll_count": len(p.hand),
        "hand_limit": z.hand_limit(s),
        "known_scrolls": list(p.known),
    }
    out.update(_open_parts(p))
    out["in_play"] = list(p.in_play)
    return out


def _player_position(p: _Player) -> dict:
    """Player ``p`` in a position description (its hand included)."""
    out = {"boxes": letters(p.boxes), "scrolls": list(p.hand), "known": list(p.known)}
    out.update(_open_parts(p))
    if p.in_play:  # only while scrolls are being played, so other positions keep their digests
        out["in_play"] = list(p.in_play)
    return out


def _open_parts(p: _Player) -> dict:
    """The parts of a player on the table, the same in its public view and its position."""
    return {
        "exchange_tiles": [PAIR_NAMES[k] for k in range(6) for _ in range(p.tiles[k])],
        "completed": list(p.completed),
        "overflow": list(p.overflow),
        "master": {"at": p.mloc, "building": list(p.mproj), "time": p.mtime},
        "apprentice": {"at": p.aloc, "building": list(p.aproj), "time": p.atime},
        "visit_tiles": list(p.vtiles),
        "visited": {per: p.visited[i] for i, per in enumerate(PERSONS) if p.visited[i]},
        "played": list(p.played),
        "effects": _effects(p),
        "trigger_bonus": p.trigger,
    }


def _from_position(g: ZongShi, d: dict, chance: Chance) -> ZongShiState:
    from .position import build_core

    z = build_core(g, d, chance)
    return ZongShiState._settled(g, (), chance, z)
