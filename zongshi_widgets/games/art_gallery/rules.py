"""Art Gallery rules: the game, its states and every choice of a round.

Sections of the Art Gallery rulebook cited: "Preparation",
"Explanation of the Board Areas", "Rules" ("1. Move Your Game Piece", "2. Place a Bid", the
start card), "Distribution" ("Painting Tiles in the Shop Area", "Painting Cards in the Gallery
Areas", "Correctly Displaying the Collected Paintings"), "End of the Round", "End of the Game &
Final Score". Rulings the rulebook leaves open follow the reference file
(``docs/rulings/art_gallery.md``, sections 5 to 7) and are variant options of
:class:`ArtGallery`.

The board is a ring of benches: bench 0 is the Shop, benches 1..n the gallery areas G1..Gn in
clockwise order; clockwise is the increasing direction (reference 5.3). Distribution runs the
Shop first, then G1, G2, ... (rulebook, Distribution: "Always start ... in the Shop area and
then go clockwise through the Gallery areas").

A round: each player has four turns, clockwise from the start-card holder; a turn is two
actions, ``move`` (or ``stay``) then ``bid`` (or ``aside``). After the last turn the start card
goes to the highest last card, then the distribution asks the choices in order: Shop tiles
(``take``) per Shop marker, then per area the bid cards back (``pick``) per marker. Choices with
a single outcome are played by the engine (a 0 bid in the Shop when taking nothing is allowed,
picks when all remaining cards are equal or all remaining markers are one player's).
"""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter
from typing import NamedTuple

from ...core import Chance, Game, GameType, IllegalAction, ScoreSheet, State, Turn
from .actions import Action, Aside, Bid, Move, Pick, Stay, Take, interned
from .components import Components, chain_scores, load_components

#: Action card values 0..8, one card each per player (rulebook, Preparation 5).
VALUES = 9
#: Cards in hand at the start of a round (rulebook, End of the Round).
HAND = 9
#: Turns per player and round (rulebook, Rules).
TURNS = 4
#: Markers per player (rulebook, Contents; Preparation 4).
MARKERS = 4
#: Spaces of a marker bar, I. to VI. (rulebook, Explanation of the Board Areas; 2. Place a Bid).
BAR = 6
#: Points for the start card (rulebook, End of the Game & Final Score 4).
START_CARD_POINTS = 3

#: Seat colours. The rulebook has six pawn colours but does not name them (reconstructed).
COLOURS = ("red", "yellow", "green", "blue", "black", "white")

SECTION = {
    "move": "rulebook, Rules, 1. Move Your Game Piece",
    "bid": "rulebook, Rules, 2. Place a Bid",
    "full-bar": "rulebook, 2. Place a Bid: at most six markers per bar; reference 6: a move must reach a bar with a free space",
    "shop": "rulebook, Distribution, Painting Tiles in the Shop Area",
    "return": "rulebook, Distribution, step 3: each marker's owner picks back one played action card",
    "over": "rulebook, End of the Game & Final Score",
}

STEP_NAMES = {
    "move": "1. Move your game piece",
    "bid": "2. Place a bid",
    "aside": "2. Place a bid (the bar is full: lay a card aside)",
    "take": "Distribution: painting tiles in the Shop",
    "return": "Distribution: action cards back",
}

_DIRECTIONS = {"cw": "cw", "clockwise": "cw", "ccw": "ccw", "acw": "ccw", "anticlockwise": "ccw", "counterclockwise": "ccw"}

_OPTIONS = {
    "full_bar": ("forbid_move", ("forbid_move", "move_without_bid")),
    "shop_may_pass": (True, (True, False)),
    "single_card_chains": (True, (True, False)),
    "gallery_tie_tile": ("tied_only", ("tied_only", "any_holder")),
    "start_card_tie": ("next_seat", ("next_seat", "next_tied")),
    "stacks_visible": ("top", ("top", "all")),
}


class ArtGallery(Game):
    """Art Gallery for 2 to 6 players.

    Args:
        players (int): 2 to 6 (default 4). The board has 4 gallery areas with 2 or 3
            players, 6 with 4, 8 with 5 or 6 (rulebook, Preparation 1; reference 5).
        components (str | os.PathLike | None): a TOML or JSON component file in the format of
            the packaged ``data/components.toml`` (the printed card symbols and values, board
            and Shop), checked whole; ``None``: the packaged (partly reconstructed) data.
        full_bar (str): a bar already holds six markers (rulebook: "The maximum number of
            markers per marker bar is six"; what then is not said). ``"forbid_move"``
            (default, reference 6): a (card, direction) ending on a full bar may not be played;
            with no move left, the player plays a card face up without moving (``stay``) and
            lays a second card aside (``aside``), no bid, no marker. ``"move_without_bid"``:
            the move is allowed, and on a full bar the player lays a card aside instead of
            bidding.
        shop_may_pass (bool): a Shop bidder may take no tile (default ``True``, reference 3:
            the rulebook says "may take 1 or 2"); ``False``: must take one when it can afford one.
        single_card_chains (bool): a chain of one card scores its value (default ``True``,
            reference 2.3); ``False``: chains need two cards or more.
        gallery_tie_tile (str): the painting-card tie-break by the matching tile (rulebook,
            Painting Cards 2). ``"tied_only"`` (default, reference 7 #11): only a tied player
            holding the tile wins by it; ``"any_holder"``: the holder of the tile gets the card
            even when not among the tied players.
        start_card_tie (str): the start card when the highest last cards tie (rulebook, Rules:
            "given to the person sitting clockwise next to the person who had the start card").
            ``"next_seat"`` (default, the sentence read literally, docs/rulings/art_gallery.md
            section 7 #18): the holder's clockwise neighbour, tied or not; ``"next_tied"``: the
            first tied player clockwise after the holder, the holder last.
        stacks_visible (str): ``"top"`` (default, reference 3): only each Shop stack's top
            tile is seen; ``"all"``: the whole stacks are open.

    Raises:
        ValueError: an unsupported player count or option value, or a bad component file.
    """

    name = "art_gallery"
    game_type = GameType(
        long_name="Art Gallery",
        player_counts=(2, 3, 4, 5, 6),
        default_players=4,
        hidden_information=True,
        chance=True,
        multi_step_turns=True,
        lower_score_wins=False,
        notation_help="'move 5 cw' / 'move 5 ccw' (movement card, direction), then 'bid 3'; in distribution 'take 1+5', 'take none', 'pick 6'",
        rulebook="Art Gallery Rulebook (Piatnik 2023)",
        variants=tuple((key, allowed) for key, (_, allowed) in _OPTIONS.items()),
    )

    def __init__(
        self,
        players: int = 4,
        components=None,
        full_bar: str = "forbid_move",
        shop_may_pass: bool = True,
        single_card_chains: bool = True,
        gallery_tie_tile: str = "tied_only",
        start_card_tie: str = "next_seat",
        stacks_visible: str = "top",
    ):
        if not isinstance(players, int) or isinstance(players, bool) or players not in self.game_type.player_counts:
            raise ValueError(f"Art Gallery is for 2 to 6 players (an int), not {players!r}")
        given = {
            "full_bar": full_bar,
            "shop_may_pass": shop_may_pass,
            "single_card_chains": single_card_chains,
            "gallery_tie_tile": gallery_tie_tile,
            "start_card_tie": start_card_tie,
            "stacks_visible": stacks_visible,
        }
        options = {}
        for key, value in given.items():
            default, allowed = _OPTIONS[key]
            if type(value) is not type(default) or value not in allowed:
                raise ValueError(f"Art Gallery option {key} is one of {list(allowed)}, not {value!r}")
            if value != default:
                options[key] = value
        comps: Components = load_components(components)
        if components is not None:
            options["components"] = str(components)
        super().__init__(players, options)
        self.components = comps
        self.full_bar, self.shop_may_pass, self.single_card_chains = full_bar, shop_may_pass, single_card_chains
        self.gallery_tie_tile, self.start_card_tie, self.stacks_visible = gallery_tie_tile, start_card_tie, stacks_visible
        #: gallery areas on this board
        self.galleries: int = comps.galleries[players]
        #: benches in the ring: the Shop and the galleries
        self.ring: int = self.galleries + 1
        #: area names by bench: "shop", "G1", ...
        self.area_names: tuple[str, ...] = ("shop",) + tuple(f"G{i}" for i in range(1, self.ring))
        #: used-up stacks that end the game (rulebook, End of the Game b)
        self.used_up_limit: int = 2 if players <= 3 else 3
        #: per bench: ``(card, Move, destination)`` of every move from it, in legal-list order
        self.move_table: tuple = tuple(_moves_from(p, self.ring) for p in range(self.ring))
        self._freeze()

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The pawn colour of each seat (the rulebook's six colours are unnamed; ours are
        ``red``, ``yellow``, ``green``, ``blue``, ``black``, ``white``)."""
        return COLOURS[: self.players]

    def new_state(self, seed: int | None = None) -> ArtGalleryState:
        """Setup (rulebook, Preparation): shuffle the painting cards, one face up on every
        gallery (G1 first), the rest the face-down pile; shuffle the tiles into stacks of
        18/14/10/6 on Shop spaces 1/3/5/7; nine action cards 0..8 per player; pawns on the
        Shop bench; the start card to a player drawn by chance."""
        return self._state_from_position({}, Chance(seed))

    def area_index(self, name) -> int:
        """The bench of an area name (``"shop"``, ``"G1"``...; case-insensitive).

        Raises:
            ValueError: not an area of this board.
        """
        if isinstance(name, str):
            key = name.strip().lower()
            for i, n in enumerate(self.area_names):
                if n.lower() == key:
                    return i
        raise ValueError(f"{name!r} is not an area of this board ({', '.join(self.area_names)})")

    # -- position descriptions ------------------------------------------------------------
    def _state_from_position(self, d: dict, chance: Chance) -> ArtGalleryState:
        """Build a position from a readable description (see :meth:`ArtGalleryState.position`).

        Keys (all optional): ``round``, ``turn``, ``start_card`` (seat), ``step`` (``move``,
        ``bid``, ``aside``, ``take``, ``return``, ``over``), ``to_move`` (checked), ``hands``
        (per seat, card values), ``pawns`` (per seat, bench 0 = Shop), ``movement_cards``
        and ``set_aside`` (per seat, face-up cards this round), ``bars`` (area name ->
        ``[[seat, card], ...]`` in marker order I, II...; in the ``return`` step the area being
        distributed lists ``[seat]`` only), ``paintings`` (gallery name -> card, 0 for an empty
        space), ``pile`` (top first), ``stacks`` (space -> tiles, top first), ``collections``
        (per seat ``{"cards": [...], "tiles": [...]}``, in collection order), ``area`` (the
        area in distribution), ``next`` (``take``: index of the Shop marker to choose),
        ``pool`` (``return``: the played cards not yet picked back).

        Left out: cards go face up to empty galleries and then to the pile, shuffled; tiles
        are shuffled into the setup stacks (only when no collection holds a tile); the start
        card is drawn; hands are 0..8; pawns in the Shop.

        Raises:
            ValueError: an unknown key, a component in two places or missing, a hand that does
                not fit the turns played, a full bar, a turn order that does not fit the start
                card, or distribution data that does not fit the step.
        """
        n, L, comps = self.players, self.ring, self.components
        N = comps.count
        known = {
            "round", "turn", "start_card", "step", "to_move", "hands", "pawns", "movement_cards", "set_aside",
            "bars", "paintings", "pile", "stacks", "collections", "area", "next", "pool", "turned_over",
        }  # fmt: skip
        unknown = sorted(set(d) - known)
        if unknown:
            raise ValueError(f"unknown position keys {unknown}; known: {sorted(known)}")
        chance = chance.copy()

        def integer(value, what, lo, hi):
            if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                raise ValueError(f"{what} must be an int from {lo} to {hi}, not {value!r}")
            return value

        def per_seat(key, default):
            value = d.get(key, default)
            if not isinstance(value, list) or len(value) != n:
                raise ValueError(f"{key!r} needs one entry per seat ({n})")
            return value

        def cards_list(value, what):
            if not isinstance(value, list):
                raise ValueError(f"{what} must be a list of action card values")
            return [integer(v, f"an action card in {what}", 0, VALUES - 1) for v in value]

        step = d.get("step", "move")
        if step not in ("move", "bid", "aside", "take", "return", "over"):
            raise ValueError(f"'step' is one of move, bid, aside, take, return, over, not {step!r}")
        rnd = integer(d.get("round", 1), "'round'", 1, 10_000)
        turn_no = integer(d.get("turn", 1), "'turn'", 1, 10**7)
        hands = [cards_list(h, f"hands[{i}]") for i, h in enumerate(per_seat("hands", [list(range(VALUES))] * n))]
        played = [cards_list(h, f"movement_cards[{i}]") for i, h in enumerate(per_seat("movement_cards", [[]] * n))]
        aside = [cards_list(h, f"set_aside[{i}]") for i, h in enumerate(per_seat("set_aside", [[]] * n))]
        pawns = [integer(p, "a pawn's bench", 0, L - 1) for p in per_seat("pawns", [0] * n)]
        colls = per_seat("collections", [{}] * n)
        cards, tiles = [], []
        for i, c in enumerate(colls):
            if not isinstance(c, dict) or set(c) - {"cards", "tiles"}:
                raise ValueError(f"collections[{i}] is a table with 'cards' and 'tiles'")
            cards.append([integer(x, "a painting card", 1, N) for x in c.get("cards", [])])
            tiles.append([integer(x, "a painting tile", 1, N) for x in c.get("tiles", [])])
        # bars
        area = 0
        if step in ("take", "return"):
            if step == "take":
                area = 0
                if d.get("area", "shop") != "shop":
                    raise ValueError("Shop tiles are taken in the Shop: 'area' must be 'shop' in the take step")
            else:
                if "area" not in d:
                    raise ValueError("the return step needs 'area': the area whose bid cards are given back")
                area = self.area_index(d["area"])
        elif "area" in d or "next" in d or "pool" in d:
            raise ValueError("'area', 'next' and 'pool' describe the distribution: give step 'take' or 'return'")
        raw_bars = d.get("bars", {})
        if not isinstance(raw_bars, dict):
            raise ValueError("'bars' maps area names to [[seat, card], ...] in marker order")
        bars = [[] for _ in range(L)]
        for name, entries in raw_bars.items():
            a = self.area_index(name)
            if not isinstance(entries, list) or len(entries) > BAR:
                raise ValueError(f"the bar of {name} holds at most {BAR} markers (rulebook, 2. Place a Bid)")
            for e in entries:
                short = step == "return" and a == area
                if not isinstance(e, list) or len(e) != (1 if short else 2):
                    form = "[seat]" if short else "[seat, card]"
                    raise ValueError(f"a marker on the bar of {name} is written {form}, not {e!r}")
                seat = integer(e[0], f"the seat of a marker on {name}", 0, n - 1)
                bars[a].append((seat, None if short else integer(e[1], f"a bid card on {name}", 0, VALUES - 1)))
        pool = sorted(cards_list(d.get("pool", []), "'pool'"))
        if step != "return" and pool:
            raise ValueError("'pool' is only for the return step")
        # action cards: each value once per player (rulebook, Contents: 54 cards, 6 of each value)
        every = [v for h in hands + played + aside for v in h] + [v for b in bars for _, v in b if v is not None] + pool
        for v in range(VALUES):
            if every.count(v) != n:
                raise ValueError(f"there must be {n} action cards of value {v} ({n} players), found {every.count(v)}")
        on_bars = [sum(1 for b in bars for s, _ in b if s == seat) for seat in range(n)]
        for seat in range(n):
            if on_bars[seat] > MARKERS:
                raise ValueError(f"seat {seat} has {on_bars[seat]} markers on bars, but only {MARKERS}")
            held = len(hands[seat]) + len(played[seat]) + len(aside[seat]) + on_bars[seat]
            if held != HAND:
                raise ValueError(
                    f"seat {seat}: hand, movement cards, cards laid aside and markers on bars (one card owed per marker) make {held}, not {HAND}"
                )
        # painting cards
        paint = [None] * L
        given_paint = d.get("paintings")
        if given_paint is not None:
            if not isinstance(given_paint, dict):
                raise ValueError("'paintings' maps gallery names to a card number (0: empty)")
            for name, card in given_paint.items():
                a = self.area_index(name)
                if a == 0:
                    raise ValueError("the Shop has no painting space")
                card = integer(card, f"the painting of {name}", 0, N)
                paint[a] = card or None
        placed = [c for c in paint if c] + [c for cs in cards for c in cs] + [integer(c, "a card of the pile", 1, N) for c in d.get("pile", [])]
        _distinct(placed, "painting card")
        rest = [c for c in range(1, N + 1) if c not in set(placed)]
        chance.shuffle(rest)
        if given_paint is None:
            for a in range(1, L):
                if rest:
                    paint[a] = rest.pop(0)
        if "pile" in d:
            pile = list(d["pile"])
            if rest:
                raise ValueError(f"painting cards {sorted(rest)} are nowhere (give them to the pile, a gallery or a collection)")
        else:
            pile = rest
        # painting tiles
        raw_stacks = d.get("stacks")
        placed_tiles = [t for ts in tiles for t in ts]
        if raw_stacks is None:
            if placed_tiles:
                raise ValueError("give 'stacks' when collections hold tiles")
            order = list(range(1, N + 1))
            chance.shuffle(order)
            stacks, k = [], 0
            for size in comps.stack_sizes:
                stacks.append(tuple(order[k : k + size]))
                k += size
        else:
            if not isinstance(raw_stacks, dict):
                raise ValueError("'stacks' maps Shop spaces ('1', '3', '5', '7') to tiles, top first")
            by_space = {}
            for key, value in raw_stacks.items():
                try:
                    space = int(key)
                except (TypeError, ValueError):
                    space = -1
                if space not in comps.spaces:
                    raise ValueError(f"{key!r} is not a Shop space ({', '.join(map(str, comps.spaces))})")
                if not isinstance(value, list):
                    raise ValueError(f"stack {key} must be a list of tiles, top first")
                by_space[space] = tuple(integer(t, "a tile", 1, N) for t in value)
            stacks = [by_space.get(s, ()) for s in comps.spaces]
            _distinct([t for st in stacks for t in st] + placed_tiles, "painting tile")
            missing = N - sum(len(st) for st in stacks) - len(placed_tiles)
            if missing:
                raise ValueError(f"{missing} painting tiles are nowhere (give them to a stack or a collection)")
        start = integer(d["start_card"], "'start_card'", 0, n - 1) if "start_card" in d else chance.randrange(n)
        # turn structure
        s = ArtGalleryState._blank(self, chance)
        s.round, s.turn_no, s.start, s.area, s.cursor = rnd, turn_no, start, area, 0
        s.hands = tuple(_counts(h) for h in hands)
        s.played = tuple(tuple(p) for p in played)
        s.aside = tuple(tuple(a) for a in aside)
        s.pawns = tuple(pawns)
        s.bars = tuple(tuple(b) for b in bars)
        s.paintings = tuple(paint)
        s.pile = tuple(pile)
        s.stacks = tuple(stacks)
        s.cards = tuple(tuple(c) for c in cards)
        s.tiles = tuple(tuple(t) for t in tiles)
        s.pool = tuple(pool)
        s.turned = ()
        if "turned_over" in d:
            if step != "return":
                raise ValueError("'turned_over' is only for the return step")
            turned = d["turned_over"]
            if not isinstance(turned, list) or not all(isinstance(e, list) and len(e) == 2 for e in turned):
                raise ValueError("'turned_over' lists the area's turned cards as [seat, card] pairs in marker order")
            s.turned = tuple((integer(e[0], "a seat in 'turned_over'", 0, n - 1), integer(e[1], "a card in 'turned_over'", 0, VALUES - 1)) for e in turned)
        s.step = step
        if step in ("move", "bid", "aside"):
            begun = sum(len(p) for p in played)
            completed = begun - (1 if step != "move" else 0)
            if completed < 0 or completed >= TURNS * n:
                raise ValueError(
                    f"{completed} turns are complete: a round has {TURNS * n}; after the last one give the distribution (step 'take' or 'return')"
                )
            mover = (start + completed) % n
            for seat in range(n):
                off = (seat - start) % n
                done = completed // n + (1 if off < completed % n else 0)
                if len(played[seat]) != done + (1 if seat == mover and step != "move" else 0):
                    raise ValueError(f"seat {seat} has {len(played[seat])} movement cards, which does not fit {completed} turns from the start card")
                if on_bars[seat] + len(aside[seat]) != done:
                    raise ValueError(f"seat {seat} has {on_bars[seat]} markers on bars and {len(aside[seat])} cards aside after {done} turns")
            if step == "bid" and len(bars[pawns[mover]]) >= BAR:
                raise ValueError("the mover's bar is full: the step is 'aside', not 'bid'")
            s.seat, s.plays = mover, completed
        elif step in ("take", "return"):
            if any(len(p) != TURNS for p in played):
                raise ValueError(f"in the distribution every player has played {TURNS} movement cards")
            if any(bars[a] for a in range(area)):
                raise ValueError(f"areas before {self.area_names[area]} are distributed: their bars must be empty")
            if any(v is None for a in range(area + 1, L) for _, v in bars[a]):
                raise ValueError("only the area being distributed lists markers without cards")
            if step == "take":
                s.cursor = integer(d.get("next", 0), "'next'", 0, max(0, len(bars[0]) - 1))
                if not bars[0]:
                    raise ValueError("the take step needs bids in the Shop")
            else:
                if not bars[area] or len(pool) != len(bars[area]):
                    raise ValueError("in the return step the pool holds one card per marker left on the area's bar")
                left = len(bars[area])
                if s.turned and (len(s.turned) < left or [t for t, _ in s.turned[len(s.turned) - left :]] != [t for t, _ in bars[area]]):
                    raise ValueError("'turned_over' ends with the markers left on the area's bar, in their order")
                if s.turned and Counter(pool) - Counter(v for _, v in s.turned):
                    raise ValueError("the pool holds only cards of 'turned_over' (the cards turned over, less those picked back)")
            s.plays = TURNS * n
            s.seat = bars[area][s.cursor][0] if bars[area] else None
            s = s._run()
        else:  # over
            if any(played) or any(aside) or any(bars):
                raise ValueError("at the end of the game the bars are empty and the movement cards are back in hand")
            s.seat, s.step, s.plays = None, None, 0
        if "to_move" in d and d["to_move"] != s.seat:
            raise ValueError(f"'to_move' is {d['to_move']!r} but this position has seat {s.seat} to move")
        return s


def shop_purchases(game: ArtGallery, stacks, bid: int) -> list[tuple[int, ...]]:
    """The Shop purchases one bid allows (rulebook, Distribution, Painting Tiles in the Shop
    Area): one top tile, or two from different stacks, whose space numbers add up to at most
    the bid; taking none when the variant ``shop_may_pass`` allows it or nothing else fits.

    Args:
        game (ArtGallery): the game (components and variant).
        stacks (Sequence[Sequence[int]]): the Shop stacks, in space order (empty: no tile).
        bid (int): the bid card's value.

    Returns:
        list[tuple[int, ...]]: the space numbers taken, in the engine's order: single spaces,
        pairs, then ``()`` (none).
    """
    avail = [sp for sp, st in zip(game.components.spaces, stacks) if st]
    out = [(sp,) for sp in avail if sp <= bid]
    out += [(a, b) for i, a in enumerate(avail) for b in avail[i + 1 :] if a + b <= bid]
    if game.shop_may_pass or not out:
        out.append(())
    return out


class GalleryAward(NamedTuple):
    """Who takes a gallery's painting card, and why (see :func:`gallery_award`).

    Attributes:
        winner (int | None): the seat that takes it (``None``: no painting or no bid).
        totals (dict[int, int]): each bidding seat's summed bids, in marker order.
        tied (list[int]): the seats tied at the highest sum (one seat: no tie).
        by_tile (bool): the tie was broken by the matching painting tile.
        first_marker (dict[int, int]): each bidding seat's first marker space (0 = I).
    """

    winner: int | None
    totals: dict
    tied: list
    by_tile: bool
    first_marker: dict


def gallery_award(game: ArtGallery, bar, card: int | None, tiles) -> GalleryAward:
    """Rulebook, Painting Cards in the Gallery Areas 2: the highest summed bid takes the
    painting card; a tie goes to the tied player holding the matching painting tile (variant
    ``gallery_tie_tile``: any holder), else to the lower marker.

    Args:
        game (ArtGallery): the game (its variant).
        bar (Sequence[tuple[int, int]]): the area's bids in marker order, ``(seat, value)``.
        card (int | None): the painting card hanging there (``None``: none).
        tiles (Sequence[Sequence[int]]): each seat's painting tiles.

    Returns:
        GalleryAward: the winner and the reasons.
    """
    totals: dict[int, int] = {}
    first: dict[int, int] = {}
    for i, (seat, v) in enumerate(bar):
        totals[seat] = totals.get(seat, 0) + v
        first.setdefault(seat, i)
    if card is None or not totals:
        return GalleryAward(None, totals, [], False, first)
    best = max(totals.values())
    tied = [s for s in totals if totals[s] == best]
    if len(tied) == 1:
        return GalleryAward(tied[0], totals, tied, False, first)
    pool = tied if game.gallery_tie_tile == "tied_only" else range(game.players)
    holders = [s for s in pool if card in tiles[s]]
    if holders:
        return GalleryAward(holders[0], totals, tied, True, first)
    return GalleryAward(min(tied, key=first.__getitem__), totals, tied, False, first)


def _moves_from(p: int, L: int) -> tuple:
    out = []
    for v in range(VALUES):
        cw, ccw = (p + v) % L, (p - v) % L
        if cw == ccw:
            out.append((v, interned(Move, v, ""), cw))
        else:
            out.append((v, interned(Move, v, "cw"), cw))
            out.append((v, interned(Move, v, "ccw"), ccw))
    return tuple(out)


_BIDS = tuple(interned(Bid, v) for v in range(VALUES))
_ASIDES = tuple(interned(Aside, v) for v in range(VALUES))
_STAYS = tuple(interned(Stay, v) for v in range(VALUES))
_PICKS = tuple(interned(Pick, v) for v in range(VALUES))


def _distinct(items: list, what: str) -> None:
    seen = set()
    for x in items:
        if x in seen:
            raise ValueError(f"{what} {x} is in two places")
        seen.add(x)


def _counts(values) -> tuple[int, ...]:
    out = [0] * VALUES
    for v in values:
        out[v] += 1
    return tuple(out)


def _expand(counts) -> list[int]:
    return [v for v in range(VALUES) for _ in range(counts[v])]


def _add(hands: tuple, seat: int, value: int, k: int = 1) -> tuple:
    h = list(hands[seat])
    h[value] += k
    return hands[:seat] + (tuple(h),) + hands[seat + 1 :]


def _set(items: tuple, i: int, value) -> tuple:
    return items[:i] + (value,) + items[i + 1 :]


_DATA = ("step", "seat", "round", "turn_no", "plays", "start", "hands", "pawns", "played", "aside",
         "bars", "paintings", "pile", "stacks", "cards", "tiles", "area", "cursor", "pool", "turned")  # fmt: skip


class ArtGalleryState(State):
    """An Art Gallery position (see :class:`zongshi_widgets.core.State` for the contract).

    Attributes:
        step (str | None): ``"move"``, ``"bid"``, ``"aside"``, ``"take"``, ``"return"``; ``None``
            when the game is over.
        seat (int | None): the seat to choose.
        round (int): 1-based round.
        start (int): the start-card holder.
        hands (tuple[tuple[int, ...], ...]): per seat, how many action cards of each value
            0..8 it holds (hidden; see :meth:`hand`).
        pawns (tuple[int, ...]): per seat, its bench (0 = Shop, i = gallery Gi).
        played (tuple[tuple[int, ...], ...]): per seat, its face-up movement cards this round.
        aside (tuple[tuple[int, ...], ...]): per seat, cards laid aside on a full bar.
        bars (tuple[tuple[tuple[int, int | None], ...], ...]): per bench, ``(seat, bid card)``
            in marker order I, II...; bid cards are hidden until distribution.
        paintings (tuple[int | None, ...]): per bench, the face-up painting card (``None``
            for the Shop and empty spaces).
        pile (tuple[int, ...]): the face-down painting pile, top first (hidden order).
        stacks (tuple[tuple[int, ...], ...]): per Shop space, its tiles, top first.
        cards, tiles (tuple[tuple[int, ...], ...]): per seat, its collection in order.
        area (int): in distribution, the bench being distributed.
        cursor (int): in the ``take`` step, the index of the Shop marker choosing.
        pool (tuple[int, ...]): in the ``return`` step, the played cards not yet picked, sorted.
        turned (tuple[tuple[int, int], ...]): in the ``return`` step, the area's action cards
            as they were turned over, ``(seat, card)`` in marker order (public: who bid what).
    """

    __slots__ = _DATA + ("_legal",)

    @classmethod
    def _blank(cls, game: ArtGallery, chance: Chance) -> ArtGalleryState:
        s = cls.__new__(cls)
        State.__init__(s, game, (), chance)
        s._legal = None
        return s

    def _copy(self) -> ArtGalleryState:
        s = ArtGalleryState.__new__(ArtGalleryState)
        s.game, s.history, s.chance, s._origin, s._sample, s._legal = self.game, self.history, self.chance, self._origin, self._sample, None
        s._scratch = False
        s.step, s.seat, s.round, s.turn_no, s.plays, s.start = self.step, self.seat, self.round, self.turn_no, self.plays, self.start
        s.hands, s.pawns, s.played, s.aside, s.bars = self.hands, self.pawns, self.played, self.aside, self.bars
        s.paintings, s.pile, s.stacks, s.cards, s.tiles = self.paintings, self.pile, self.stacks, self.cards, self.tiles
        s.area, s.cursor, s.pool, s.turned = self.area, self.cursor, self.pool, self.turned
        return s

    # -- contract -------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat that chooses now, ``None`` when the game is over."""
        return self.seat

    @property
    def turn(self) -> Turn:
        """The round, the count of goes so far (a play turn of two actions, or one
        distribution choice), the step in the rulebook's words and the seat."""
        if self.step is None:
            return Turn(self.round, self.turn_no, None, None)
        name = STEP_NAMES[self.step]
        if self.step == "return":
            name = f"{name} ({self.game.area_names[self.area]})"
        return Turn(self.round, self.turn_no, name, self.seat)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to choose, in a stable order: moves by card then
        clockwise/anticlockwise; bids by card; Shop takes single spaces, then pairs, then
        ``take none``; picks by card. Empty when the game is over."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        step = self.step
        if step is None:
            return []
        seat = self.seat
        if step == "move":
            g = self.game
            hand = self.hands[seat]
            bars = self.bars
            table = g.move_table[self.pawns[seat]]
            if g.full_bar == "forbid_move":
                out = [a for v, a, dest in table if hand[v] and len(bars[dest]) < BAR]
            else:
                out = [a for v, a, _ in table if hand[v]]
            return out or [_STAYS[v] for v in range(VALUES) if hand[v]]
        if step == "bid":
            hand = self.hands[seat]
            return [_BIDS[v] for v in range(VALUES) if hand[v]]
        if step == "aside":
            hand = self.hands[seat]
            return [_ASIDES[v] for v in range(VALUES) if hand[v]]
        if step == "take":
            return self._take_options()
        pool = self.pool
        return [_PICKS[v] for i, v in enumerate(pool) if i == 0 or pool[i - 1] != v]

    def _take_options(self) -> list[Take]:
        return [interned(Take, spaces) for spaces in shop_purchases(self.game, self.stacks, self.bars[0][self.cursor][1])]

    def parse_action(self, notation: str) -> Action:
        """Read ``move 5 cw``, ``move 0``, ``stay 5``, ``bid 3``, ``aside 3``, ``take 1+5``,
        ``take none`` or ``pick 6`` (case and spacing free; ``clockwise``/``anticlockwise``
        also read) into the action, and check it.

        Raises:
            IllegalAction: ``art_gallery.notation`` (unreadable), ``art_gallery.move.direction``
                (a move without the direction it needs) or any rule of :meth:`check`.
        """
        text = notation.strip().lower() if isinstance(notation, str) else ""
        m = re.fullmatch(r"(move|stay|bid|aside|pick)\s+(\d{1,3})(?:\s+([a-z]+))?", text)
        if m:
            kind, card, direction = m.group(1), int(m.group(2)), m.group(3)
            if kind == "move":
                action = self._move_from(card, direction)
            elif direction is not None:
                raise IllegalAction("art_gallery.notation", f"{notation!r}: only a move takes a direction (write '{kind} {card}')")
            else:
                action = interned({"stay": Stay, "bid": Bid, "aside": Aside, "pick": Pick}[kind], card)
        else:
            m = re.fullmatch(r"take\s+(none|nothing|\d{1,3}(?:\s*\+\s*\d{1,3})*)", text)
            if not m:
                raise IllegalAction(
                    "art_gallery.notation",
                    f"{notation!r} is not an Art Gallery action: write 'move 5 cw', 'move 0', 'stay 5', 'bid 3', 'aside 3', 'take 1+5', 'take none', 'pick 6'",
                )
            spaces = () if m.group(1) in ("none", "nothing") else tuple(sorted(int(x) for x in m.group(1).split("+")))
            action = interned(Take, spaces)
        self.check(action)
        return action

    def _move_from(self, card: int, direction: str | None) -> Move:
        L = self.game.ring
        if direction is not None and direction not in _DIRECTIONS:
            raise IllegalAction("art_gallery.notation", f"{direction!r} is not a direction: write cw (clockwise) or ccw (anticlockwise)")
        same = card % L == 0
        if same or self.step != "move":
            return interned(Move, card, "" if same else _DIRECTIONS.get(direction or "", ""))
        if direction is None:
            raise IllegalAction(
                "art_gallery.move.direction",
                f"Say which way: 'move {card} cw' or 'move {card} ccw' (you may move clockwise or anticlockwise; {SECTION['move']}).",
            )
        return interned(Move, card, _DIRECTIONS[direction])

    def check(self, action) -> None:
        """Raise :class:`IllegalAction` when ``action`` is not legal for the seat to choose.

        Rule ids: ``core.game-over``; ``art_gallery.notation``; ``art_gallery.turn.step``
        (an action of another step); ``art_gallery.move.not-in-hand``,
        ``art_gallery.move.direction``, ``art_gallery.move.bar-full``,
        ``art_gallery.move.must-move`` (Rules, 1. Move Your Game Piece; reference 6);
        ``art_gallery.bid.not-in-hand``, ``art_gallery.bid.bar-full``,
        ``art_gallery.bid.must-bid`` (Rules, 2. Place a Bid); ``art_gallery.shop.no-such-space``,
        ``art_gallery.shop.two-tiles``, ``art_gallery.shop.same-stack``,
        ``art_gallery.shop.empty-stack``, ``art_gallery.shop.too-expensive``,
        ``art_gallery.shop.must-take`` (Distribution, Painting Tiles in the Shop Area);
        ``art_gallery.return.not-played`` (Distribution, step 3).
        """
        if self.step is None:
            raise IllegalAction("core.game-over", "The game is over: nobody may act any more.")
        if self._legal is None:
            self._legal = self._compute_legal()
        if action in self._legal:
            return
        self._refuse(action)

    def _refuse(self, a) -> None:
        g = self.game
        step, seat = self.step, self.seat
        who = g.seat_names[seat]
        if not isinstance(a, Action):
            raise IllegalAction("art_gallery.notation", f"Not an Art Gallery action: {a!r}.")
        kind = type(a)
        if step == "bid" and kind is Aside:
            raise IllegalAction("art_gallery.bid.must-bid", f"The bar here has a free space: {who} must place a bid ({SECTION['bid']}).")
        if step == "aside" and kind is Bid:
            raise IllegalAction("art_gallery.bid.bar-full", f"This bar already holds six markers: lay a card aside instead ({SECTION['full-bar']}).")
        wanted = {"move": (Move, Stay), "bid": (Bid,), "aside": (Aside,), "take": (Take,), "return": (Pick,)}[step]
        if kind not in wanted:
            expect = {"move": "move ('move 5 cw')", "bid": "bid ('bid 3')", "aside": "lay a card aside ('aside 3')", "take": "take Shop tiles ('take 1+5')", "return": "pick back a played card ('pick 6')"}[step]  # noqa: E501
            raise IllegalAction("art_gallery.turn.step", f"Now is {STEP_NAMES[step]}: {who} must {expect}, not {a} (rulebook, Rules and Distribution).")
        if kind in (Move, Stay, Bid, Aside):
            c = a.card
            if not (0 <= c < VALUES) or not self.hands[seat][c]:
                rule = "art_gallery.move.not-in-hand" if kind in (Move, Stay) else "art_gallery.bid.not-in-hand"
                sec = SECTION["move"] if kind in (Move, Stay) else SECTION["bid"]
                raise IllegalAction(rule, f"{who} has no action card {c} in hand (cards are 0 to 8; play one from your hand: {sec}).")
        if kind is Move:
            L = g.ring
            p = self.pawns[seat]
            cw, ccw = (p + a.card) % L, (p - a.card) % L
            if a.direction not in ("cw", "ccw", "") or (cw == ccw) != (a.direction == ""):
                need = "no direction: both ways end on the same bench" if cw == ccw else "a direction, cw or ccw"
                raise IllegalAction("art_gallery.move.direction", f"'{a}': this move needs {need} ({SECTION['move']}).")
            dest = ccw if a.direction == "ccw" else cw
            raise IllegalAction(
                "art_gallery.move.bar-full", f"The marker bar of {g.area_names[dest]} is full (six markers): move elsewhere ({SECTION['full-bar']})."
            )
        if kind is Stay:
            raise IllegalAction("art_gallery.move.must-move", f"{who} can move to a bar with a free space, so must move ({SECTION['move']}; reference 6).")
        if kind is Take:
            spaces = g.components.spaces
            for sp in a.spaces:
                if sp not in spaces:
                    raise IllegalAction(
                        "art_gallery.shop.no-such-space", f"The Shop has no space {sp}: its spaces are {', '.join(map(str, spaces))} ({SECTION['shop']})."
                    )
            if len(a.spaces) > 2:
                raise IllegalAction("art_gallery.shop.two-tiles", f"One bid takes 1 or 2 tiles, not {len(a.spaces)} ({SECTION['shop']}).")
            if len(set(a.spaces)) != len(a.spaces):
                raise IllegalAction("art_gallery.shop.same-stack", f"You are not allowed to take 2 tiles from the pile on the same space ({SECTION['shop']}).")
            if list(a.spaces) != sorted(a.spaces):
                raise IllegalAction("art_gallery.notation", f"Write the spaces in ascending order: 'take {'+'.join(map(str, sorted(a.spaces)))}'.")
            for sp in a.spaces:
                if not self.stacks[spaces.index(sp)]:
                    raise IllegalAction("art_gallery.shop.empty-stack", f"The stack on space {sp} is used up ({SECTION['shop']}).")
            bid = self.bars[0][self.cursor][1]
            if sum(a.spaces) > bid:
                raise IllegalAction(
                    "art_gallery.shop.too-expensive",
                    f"Spaces {'+'.join(map(str, a.spaces))} = {sum(a.spaces)} exceed the bid card's value {bid}; "
                    f"values of several bids never add up ({SECTION['shop']}).",
                )
            raise IllegalAction("art_gallery.shop.must-take", f"With this variant a Shop bid that can pay for a tile must take one ({SECTION['shop']}).")
        if kind is Pick:
            raise IllegalAction(
                "art_gallery.return.not-played", f"No played card {a.card} is left to pick back here; left: {list(self.pool)} ({SECTION['return']})."
            )
        raise IllegalAction("art_gallery.illegal", f"{a} is not legal here.")

    # -- playing ---------------------------------------------------------------------------
    def _apply(self, a: Action) -> ArtGalleryState:
        s = self._copy()
        s.history = self.history + (a,)
        seat = self.seat
        kind = type(a)
        if kind is Move or kind is Stay:
            s.hands = _add(self.hands, seat, a.card, -1)
            s.played = _set(self.played, seat, self.played[seat] + (a.card,))
            if kind is Stay:
                s.step = "aside"
                return s
            L = self.game.ring
            p = self.pawns[seat]
            dest = (p - a.card) % L if a.direction == "ccw" else (p + a.card) % L
            s.pawns = _set(self.pawns, seat, dest)
            s.step = "bid" if len(self.bars[dest]) < BAR else "aside"
            return s
        if kind is Bid or kind is Aside:
            s.hands = _add(self.hands, seat, a.card, -1)
            if kind is Bid:
                p = self.pawns[seat]
                s.bars = _set(self.bars, p, self.bars[p] + ((seat, a.card),))
            else:
                s.aside = _set(self.aside, seat, self.aside[seat] + (a.card,))
            s.turn_no += 1
            s.plays += 1
            n = self.game.players
            if s.plays == TURNS * n:
                s._award_start_card()
                s.step, s.area = "enter", 0
                return s._run()
            s.seat = (seat + 1) % n
            s.step = "move"
            return s
        if kind is Take:
            s._do_take(a)
            s.turn_no += 1
            return s._run()
        # Pick
        s._do_pick(seat, a.card)
        s.turn_no += 1
        return s._run()

    def _do_take(self, a: Take) -> None:
        spaces = self.game.components.spaces
        seat = self.seat
        stacks = list(self.stacks)
        got = self.tiles[seat]
        for sp in a.spaces:
            i = spaces.index(sp)
            got += (stacks[i][0],)
            stacks[i] = stacks[i][1:]
        self.stacks = tuple(stacks)
        self.tiles = _set(self.tiles, seat, got)
        self.cursor += 1

    def _do_pick(self, seat: int, card: int) -> None:
        pool = list(self.pool)
        pool.remove(card)
        self.pool = tuple(pool)
        self.hands = _add(self.hands, seat, card)
        self.bars = _set(self.bars, self.area, self.bars[self.area][1:])

    def _award_start_card(self) -> None:
        """Rulebook, Rules: after the four turns the highest last card in hand takes the start
        card; on a tie it goes to the holder's clockwise neighbour (default) or to the first tied
        player clockwise from the holder (variant ``start_card_tie="next_tied"``)."""
        n = self.game.players
        last = [max((v for v in range(VALUES) if h[v]), default=-1) for h in self.hands]
        best = max(last)
        tied = [s for s in range(n) if last[s] == best]
        if len(tied) == 1:
            self.start = tied[0]
        elif self.game.start_card_tie == "next_tied":
            self.start = next((self.start + k) % n for k in range(1, n + 1) if (self.start + k) % n in tied)
        else:
            self.start = (self.start + 1) % n

    def _award_painting(self, a: int) -> None:
        """Rulebook, Painting Cards in the Gallery Areas 2 (see :func:`gallery_award`); called
        for an area with bids."""
        card = self.paintings[a]
        if card is None:
            return
        winner = gallery_award(self.game, self.bars[a], card, self.tiles).winner
        self.cards = _set(self.cards, winner, self.cards[winner] + (card,))
        self.paintings = _set(self.paintings, a, None)

    def _run(self) -> ArtGalleryState:
        """Carry the distribution on (on a fresh copy) until a real choice or the round's end:
        reveal and award gallery paintings, and play choices with a single outcome."""
        L = self.game.ring
        while True:
            step = self.step
            if step == "take":
                bar = self.bars[0]
                if self.cursor < len(bar):
                    self.seat = bar[self.cursor][0]
                    opts = self._take_options()
                    if len(opts) > 1:
                        return self
                    self._do_take(opts[0])
                    continue
                self.pool = tuple(sorted(v for _, v in bar))
                self.turned = tuple(bar)  # turned over: who bid what is public
                self.bars = _set(self.bars, 0, tuple((s, None) for s, _ in bar))
                self.step, self.cursor = "return", 0
                continue
            if step == "return":
                bar = self.bars[self.area]
                if bar:
                    seat = bar[0][0]
                    self.seat = seat
                    pool = self.pool
                    if pool[0] != pool[-1] and any(e[0] != seat for e in bar):
                        return self
                    hands = self.hands
                    for (owner, _), v in zip(bar, pool):
                        hands = _add(hands, owner, v)
                    self.hands, self.pool = hands, ()
                    self.bars = _set(self.bars, self.area, ())
                self.area += 1
                self.turned = ()
                self.step = "enter"
                continue
            if step == "enter":
                a = self.area
                while a < L and not self.bars[a]:
                    a += 1
                if a >= L:
                    self._end_round()
                    return self
                self.area = a
                if a == 0:
                    self.step, self.cursor = "take", 0
                    continue
                self._award_painting(a)
                bar = self.bars[a]
                self.pool = tuple(sorted(v for _, v in bar))
                self.turned = tuple(bar)  # turned over: who bid what is public
                self.bars = _set(self.bars, a, tuple((s, None) for s, _ in bar))
                self.step = "return"
                continue
            return self

    def _end_round(self) -> None:
        """Rulebook, End of the Round and End of the Game: the game ends when the pile cannot
        fill the empty painting spaces, or enough Shop stacks are used up; else refill (G1
        first), movement cards back to hand, the start-card holder begins."""
        g = self.game
        n = g.players
        empty = [a for a in range(1, g.ring) if self.paintings[a] is None]
        used = sum(1 for st in self.stacks if not st)
        over = len(self.pile) < len(empty) or used >= g.used_up_limit
        hands = self.hands
        for seat in range(n):
            for v in self.played[seat] + self.aside[seat]:
                hands = _add(hands, seat, v)
        self.hands = hands
        self.played = self.aside = ((),) * n
        self.area, self.cursor, self.pool, self.plays, self.turned = 0, 0, (), 0, ()
        if over:
            self.step, self.seat = None, None
            return
        paintings, pile = list(self.paintings), self.pile
        for a in empty:
            paintings[a], pile = pile[0], pile[1:]
        self.paintings, self.pile = tuple(paintings), pile
        self.round += 1
        self.seat, self.step = self.start, "move"

    # -- what a seat sees -------------------------------------------------------------------
    def hand(self, seat: int) -> list[int]:
        """The action cards ``seat`` holds, ascending (hidden: use :meth:`view` in boards)."""
        return _expand(self.hands[self.game.check_seat(seat, spectator=False)])

    def _first_hidden(self) -> int:
        """The first bench whose bid cards are still face down."""
        if self.step in ("move", "bid", "aside"):
            return 0
        if self.step == "take":
            return 1
        if self.step == "return":
            return self.area + 1
        return self.game.ring

    def _hidden_bids(self, seat: int) -> list[tuple[int, int, int]]:
        """``(bench, space index, card)`` of ``seat``'s face-down bids."""
        out = []
        for a in range(self._first_hidden(), self.game.ring):
            for i, (s, v) in enumerate(self.bars[a]):
                if s == seat:
                    out.append((a, i, v))
        return out

    @property
    def hands_open(self) -> bool:
        """``True`` from the comparison of last cards to the end of the round (and when the
        game is over): every hand is then known to all (the last card was shown, picks are
        made in the open)."""
        return self.step in ("take", "return", None)

    def public_view(self) -> dict:
        """What everybody sees, JSON-able.

        Returns:
            dict: ``round``, ``step``, ``start_card`` (seat), ``areas`` (per bench: ``name``,
            ``bar`` (seats in marker order), ``painting`` (galleries; ``None`` when empty),
            ``bids`` (card values once revealed, else ``None`` each)), ``pawns``, ``stacks``
            (per space: ``space``, ``size``, ``top``, and ``tiles`` when stacks are open),
            ``pile_size``, ``collections`` (per seat ``cards`` and ``tiles`` in order),
            ``movement_cards``, ``set_aside``, ``hand_sizes``, ``hand_or_bid`` (per seat, the
            cards it holds or has bid face down: known to all, since hands start known and every
            other card moves face up), ``hands`` (per seat, once hands are open, else ``None``),
            ``markers_in_front``, ``distribution`` (``area``, ``stage``, ``next``, ``pool``, and
            in the ``return`` step ``turned_over``: the area's cards as turned over, ``[seat,
            card]`` in marker order, whose tail gives the ``bids`` of the markers still on that
            area's bar; or ``None``).
        """
        g = self.game
        n, L = g.players, g.ring
        first_hidden = self._first_hidden()
        areas = []
        for a in range(L):
            bar = self.bars[a]
            entry = {"name": g.area_names[a], "bar": [s for s, _ in bar]}
            if a:
                entry["painting"] = self.paintings[a]
            entry["bids"] = [v if a < first_hidden else None for _, v in bar]
            if self.step == "return" and a == self.area and len(self.turned) >= len(bar):
                # the markers left are the last of the turned-over stack (picks go in marker order)
                entry["bids"] = [v for _, v in self.turned[len(self.turned) - len(bar) :]]
            areas.append(entry)
        held = []
        for seat in range(n):
            h = list(self.hands[seat])
            for _, _, v in self._hidden_bids(seat):
                h[v] += 1
            held.append(_expand(h))
        stacks = []
        for sp, st in zip(g.components.spaces, self.stacks):
            entry = {"space": sp, "size": len(st), "top": st[0] if st else None}
            if g.stacks_visible == "all":
                entry["tiles"] = list(st)
            stacks.append(entry)
        on_bars = [0] * n
        for b in self.bars:
            for s, _ in b:
                on_bars[s] += 1
        dist = None
        if self.step in ("take", "return"):
            dist = {"area": g.area_names[self.area], "stage": self.step, "next": self.cursor if self.step == "take" else None, "pool": list(self.pool)}
            if self.step == "return":
                dist["turned_over"] = [[s, v] for s, v in self.turned]
        return {
            "round": self.round,
            "step": self.step,
            "start_card": self.start,
            "areas": areas,
            "pawns": list(self.pawns),
            "stacks": stacks,
            "pile_size": len(self.pile),
            "collections": [{"cards": list(self.cards[s]), "tiles": list(self.tiles[s])} for s in range(n)],
            "movement_cards": [list(p) for p in self.played],
            "set_aside": [list(p) for p in self.aside],
            "hand_sizes": [sum(h) for h in self.hands],
            "hand_or_bid": held,
            "hands": [_expand(h) for h in self.hands] if self.hands_open else None,
            "markers_in_front": [MARKERS - k for k in on_bars],
            "distribution": dist,
        }

    def private_view(self, seat: int) -> dict:
        """``my_hand`` (ascending) and ``my_bids`` (``area``, ``space`` 1..6, ``card``) of
        ``seat``'s bids still face down."""
        names = self.game.area_names
        return {
            "my_hand": _expand(self.hands[seat]),
            "my_bids": [{"area": names[a], "space": i + 1, "card": v} for a, i, v in self._hidden_bids(seat)],
        }

    def _action_text(self, action, seat) -> str:
        """A bid is face down: other seats read ``"bid a card"``."""
        if isinstance(action, Bid) and seat != self.seat:
            return "bid a card"
        return str(action)

    def _determinize(self, seat: int, rng: random.Random) -> ArtGalleryState:
        """Resample what ``seat`` has not seen: which of another player's known cards (hand or
        face-down bid) lie face down where, the tiles under each stack's top, the pile order."""
        g = self.game
        s = self._copy()
        hands = list(self.hands)
        bars = [list(b) for b in self.bars]
        for other in range(g.players):
            if other == seat:
                continue
            slots = self._hidden_bids(other)
            if not slots:
                continue
            if self.hands_open:
                values = sorted(v for _, _, v in slots)
                rng.shuffle(values)
            else:
                h = list(self.hands[other])
                for _, _, v in slots:
                    h[v] += 1
                values = _expand(h)
                rng.shuffle(values)
                hands[other] = _counts(values[len(slots) :])
            for (a, i, _), v in zip(slots, values):
                bars[a][i] = (other, v)
        s.hands = tuple(hands)
        s.bars = tuple(tuple(b) for b in bars)
        if g.stacks_visible == "top":
            under = sorted(t for st in self.stacks for t in st[1:])
            rng.shuffle(under)
            stacks, k = [], 0
            for st in self.stacks:
                if st:
                    stacks.append((st[0],) + tuple(under[k : k + len(st) - 1]))
                    k += len(st) - 1
                else:
                    stacks.append(())
            s.stacks = tuple(stacks)
        pile = sorted(self.pile)
        rng.shuffle(pile)
        s.pile = tuple(pile)
        s.chance = Chance(rng.getrandbits(63))
        return s

    def action_name(self, action) -> str:
        """The action in plain words, for the seat that plays it (``"play 5 and move clockwise to
        the Gallery 2"``, ``"bid 3 face down at ..."``, ``"take the top tile of space 1 and space
        5"``, ``"take back 6"``); :func:`~zongshi_widgets.agents.explain` fills its ``text``
        column with it, and the board tells a played move in the same words, past tense. A bid's
        card shows: only the seat to move reads these (other seats read :meth:`action_text`).

        Args:
            action (Action): an action of this position (``None`` when the game is over).

        Returns:
            str: the words (the notation for an action of no known kind).
        """
        g, seat = self.game, self.seat
        if isinstance(action, Move):
            p = self.pawns[seat]
            dest = (p - action.card) % g.ring if action.direction == "ccw" else (p + action.card) % g.ring
            way = {"cw": "clockwise ", "ccw": "anticlockwise ", "": ""}[action.direction]
            if dest == p:
                return f"play {action.card} and stay at {_area_name(g, dest)}"
            return f"play {action.card} and move {way}to {_area_name(g, dest)}"
        if isinstance(action, Stay):
            return f"play {action.card} without moving (every reachable bar is full)"
        if isinstance(action, Bid):
            return f"bid {action.card} face down at {_area_name(g, self.pawns[seat])}"
        if isinstance(action, Aside):
            return f"lay {action.card} aside (the bar at {_area_name(g, self.pawns[seat])} is full)"
        if isinstance(action, Take):
            if not action.spaces:
                return "take no tile"
            return "take the top tile of space " + " and space ".join(map(str, action.spaces))
        if isinstance(action, Pick):
            return f"take back {action.card}"
        return str(action)

    def position(self) -> dict:
        """The whole position (hidden parts included) as a readable description that
        :meth:`ArtGallery.from_position` turns back into an equal state; see
        ``ArtGallery._state_from_position`` for the keys."""
        g = self.game
        n = g.players
        desc = {
            "round": self.round,
            "turn": self.turn_no,
            "start_card": self.start,
            "step": self.step or "over",
            "hands": [_expand(h) for h in self.hands],
            "pawns": list(self.pawns),
            "movement_cards": [list(p) for p in self.played],
            "set_aside": [list(p) for p in self.aside],
            "bars": {g.area_names[a]: [[s] if v is None else [s, v] for s, v in b] for a, b in enumerate(self.bars) if b},
            "paintings": {g.area_names[a]: self.paintings[a] or 0 for a in range(1, g.ring)},
            "pile": list(self.pile),
            "stacks": {str(sp): list(st) for sp, st in zip(g.components.spaces, self.stacks)},
            "collections": [{"cards": list(self.cards[s]), "tiles": list(self.tiles[s])} for s in range(n)],
        }
        if self.seat is not None:
            desc["to_move"] = self.seat
        if self.step in ("take", "return"):
            desc["area"] = g.area_names[self.area]
            if self.step == "take":
                desc["next"] = self.cursor
            else:
                desc["pool"] = list(self.pool)
                desc["turned_over"] = [[s, v] for s, v in self.turned]
        return desc

    # -- scoring ---------------------------------------------------------------------------
    def score_sheet(self) -> ScoreSheet:
        """The score sheet (rulebook, End of the Game & Final Score): per seat the best chain of
        each symbol row, souvenirs (3 per tile matching a card of its own collection, else 1),
        action cards in hand (sum / 4 rounded down), start card (3). Highest total wins; a tie
        goes to the most painting tiles; still tied, the victory is shared."""
        g = self.game
        cards = g.components.cards
        values, totals, ties = [], [], []
        for seat in range(g.players):
            chains = chain_scores(cards, self.cards[seat], g.single_card_chains)
            own = set(self.cards[seat])
            souvenirs = sum(3 if t in own else 1 for t in self.tiles[seat])
            hand = sum(v * k for v, k in enumerate(self.hands[seat])) // 4
            start = START_CARD_POINTS if seat == self.start else 0
            row = chains + [souvenirs, hand, start]
            values.append(row)
            totals.append(sum(row))
            ties.append((len(self.tiles[seat]),))
        return ScoreSheet(
            players=list(g.seat_names),
            categories=["symbol row 1", "symbol row 2", "symbol row 3", "symbol row 4", "souvenirs", "action cards", "start card"],
            values=values,
            totals=totals,
            tiebreaks=ties,
            tiebreak_label="painting tiles",
            total_label="points",
            final=self.is_over,
            notes="Highest total wins; on a tie, the most painting tiles; still tied, the victory is shared (rulebook, End of the Game & Final Score).",
        )

    def visible_score_sheet(self, seat: int | None = None) -> ScoreSheet:
        """The score sheet as ``seat`` may know it (``None``: a spectator; rulebook, End of the
        Game & Final Score): while hands are hidden (the play turns of a round), every seat's
        action cards are counted from the cards it holds or has bid face down, known to all by
        number but not by value once bid (:func:`~zongshi_widgets.games.art_gallery.render.public_scores`),
        so the row is provisional and the notes say so; no seat knows more, its own hand
        included, since the distribution hands the bids back as other values. From the
        distribution on and at the end of the game it equals :meth:`score_sheet`.

        Args:
            seat (int | None): the seat looking, or ``None``.

        Returns:
            ScoreSheet: categories as :meth:`score_sheet`'s.

        Raises:
            TypeError, ValueError: ``seat`` is not a seat of this game.
        """
        from .render import public_scores

        g = self.game
        g.check_seat(seat)
        if self.is_over:
            return self.score_sheet()
        scores = public_scores(self)
        sheet = self.score_sheet()
        notes = sheet.notes
        if scores["provisional"]:
            notes = (
                "Action cards are provisional: counted from the cards each player holds or has bid face down "
                "(a bid comes back to a hand in the distribution, perhaps as another value). " + notes
            )
        return ScoreSheet(
            players=list(g.seat_names),
            categories=list(sheet.categories),
            values=scores["values"],
            totals=scores["totals"],
            tiebreaks=[(n,) for n in scores["tiles"]],
            tiebreak_label=sheet.tiebreak_label,
            total_label=sheet.total_label,
            final=False,
            notes=notes,
        )

    # -- identity ---------------------------------------------------------------------------
    def _key(self) -> tuple:
        return tuple(getattr(self, k) for k in _DATA)

    def _check_invariants(self) -> None:
        """The kernel's invariant hook: every card, tile, marker and pawn in exactly one place (rulebook, Components); see :mod:`.invariants`."""
        from .invariants import check_conservation

        check_conservation(self)

    def digest(self) -> str:
        """A hash of the whole position (hidden parts included)."""
        return hashlib.sha256(repr(self._key()).encode()).hexdigest()[:16]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ArtGalleryState) and other.game == self.game and other._key() == self._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        if self.step is None:
            return f"<ArtGalleryState round {self.round}, over>"
        return f"<ArtGalleryState round {self.round}, {self.game.seat_names[self.seat]}: {STEP_NAMES[self.step]}>"


def reference_legal_actions(state: ArtGalleryState) -> list[str]:
    """The legal actions' notations, sorted, worked out slowly and straight from the rules.

    Independent of the engine's precomputed move tables and cached legal lists (tests compare
    the two): pawns are walked bench by bench round the ring, Shop purchases enumerated as
    every set of one or two different spaces.

    Returns:
        list[str]: sorted notations (empty when the game is over).
    """
    from itertools import combinations

    g = state.game
    if state.step is None:
        return []
    seat = state.seat
    hand = state.hand(seat)
    out: set[str] = set()
    if state.step == "move":
        ends = {}
        for v in set(hand):
            for direction, sign in (("cw", 1), ("ccw", -1)):
                bench = state.pawns[seat]
                for _ in range(v):  # rulebook: move exactly that many benches, one direction
                    bench = (bench + sign) % g.ring
                ends[v, direction] = bench
        for (v, direction), bench in ends.items():
            if g.full_bar == "forbid_move" and len(state.bars[bench]) >= BAR:
                continue
            same = ends[v, "cw"] == ends[v, "ccw"]
            out.add(f"move {v}" if same else f"move {v} {direction}")
        if not out:
            out = {f"stay {v}" for v in hand}
    elif state.step in ("bid", "aside"):
        out = {f"{state.step} {v}" for v in hand}
    elif state.step == "take":
        bid = state.bars[0][state.cursor][1]
        spaces = g.components.spaces
        for k in (1, 2):
            for combo in combinations(spaces, k):
                if sum(combo) <= bid and all(state.stacks[spaces.index(s)] for s in combo):
                    out.add("take " + "+".join(map(str, combo)))
        if g.shop_may_pass or not out:
            out.add("take none")
    else:
        out = {f"pick {v}" for v in state.pool}
    return sorted(out)


def _area_name(g, bench: int) -> str:
    """A bench in words: ``"the Shop"`` (bench 0) or its area's name."""
    return "the Shop" if bench == 0 else g.area_names[bench]
