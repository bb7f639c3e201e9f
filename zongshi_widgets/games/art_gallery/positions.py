"""Art Gallery positions as readable descriptions: :meth:`~PositionMixin.position` writes the
whole position (hidden parts included) as a JSON-able dict, ``_from_position`` checks such a dict
against the rules and builds the state (``ArtGallery.from_position`` and ``new_state`` use it).

Sections of the Art Gallery rulebook cited: "Contents" (how many cards, tiles and markers there
are), "Preparation" (what a description leaves out is set up as there), "Rules" (the turn order
from the start card), "Distribution" (the order of the distribution's steps).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...core import Chance
from .basics import BAR, HAND, MARKERS, TURNS, VALUES, _counts, _distinct, _expand

if TYPE_CHECKING:  # pragma: no cover
    from .game import ArtGallery
    from .state import ArtGalleryState


class PositionMixin:
    """The position descriptions of :class:`~.state.ArtGalleryState` (a part of that class)."""

    __slots__ = ()

    @classmethod
    def _from_position(cls, game: ArtGallery, d: dict, chance: Chance) -> ArtGalleryState:
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

        Args:
            game (ArtGallery): the game the position belongs to.
            d (dict): the description (JSON-able; see the keys above).
            chance (Chance): the seeded generator for what is left out (copied, not advanced).

        Returns:
            ArtGalleryState: the position (a distribution position is carried on to its first
            real choice).

        Raises:
            ValueError: an unknown key, a component in two places or missing, a hand that does
                not fit the turns played, a full bar, a turn order that does not fit the start
                card, or distribution data that does not fit the step.
        """
        n, L, comps = game.players, game.ring, game.components
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
                area = game.area_index(d["area"])
        elif "area" in d or "next" in d or "pool" in d:
            raise ValueError("'area', 'next' and 'pool' describe the distribution: give step 'take' or 'return'")
        raw_bars = d.get("bars", {})
        if not isinstance(raw_bars, dict):
            raise ValueError("'bars' maps area names to [[seat, card], ...] in marker order")
        bars = [[] for _ in range(L)]
        for name, entries in raw_bars.items():
            a = game.area_index(name)
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
                a = game.area_index(name)
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
        s = cls._blank(game, chance)
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
                raise ValueError(f"areas before {game.area_names[area]} are distributed: their bars must be empty")
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

    def position(self) -> dict:
        """The whole position (hidden parts included) as a readable description that
        :meth:`ArtGallery.from_position` turns back into an equal state; see
        ``_from_position`` below for the keys."""
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
