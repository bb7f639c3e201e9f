"""The Zong Shi game: :class:`ZongShi` (player count, component file, variant options
(:data:`OPTIONS`), the tables every state reads) and its setup (rulebook, "Game Board Setup"
and "Player Setup": :meth:`ZongShi.new_state` shuffles and lays out the board; the opening
draft is the ``draft`` decision of :func:`.turn._do`).
"""

from __future__ import annotations

from ...core import Chance, Game, GameType
from .actions import _project_act
from .board import AWARDS, SEAT_NAMES, _Core
from .components import SCROLL_TYPES, Components, load_components
from .state import ZongShiState, _from_position

#: Masterworks face up next to the deck (rulebook, Game Board Setup; docs/rulings/zongshi.md section 6).
MASTERWORK_DISPLAY = 2

#: Setup quantities by player count: (project copies per type, exchange tiles per pairing).
SETUP = {3: (3, 2), 4: (3, 3), 5: (4, 4)}

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
        self.game_type.check_players(players)
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            known = ", ".join(["players", "components", *OPTIONS])  # worded as zw.game's refusal for the other games
            raise ValueError(f"Zong Shi has no option {', '.join(map(repr, unknown))}; its options are: {known} (seeds go to new_state(seed=...))")
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
