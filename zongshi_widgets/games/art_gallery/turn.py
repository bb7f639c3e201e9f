"""Art Gallery turns: the legal actions of each step (move or stay, bid or lay aside, take Shop
tiles, pick a card back), the notation read into actions, the checks that name the broken rule,
and playing an action; plus a slow reference list of the legal actions, straight from the rules.

Sections of the Art Gallery rulebook cited: "Rules" ("1. Move Your Game Piece", "2. Place a Bid"),
"Distribution" ("Painting Tiles in the Shop Area", step 3: the action cards back); docs/rulings/art_gallery.md §6
(``docs/rulings/art_gallery.md``: a full bar).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core import IllegalAction
from .actions import Action, Aside, Bid, Move, Pick, Stay, Take, interned
from .basics import _ASIDES, _BIDS, _DIRECTIONS, _PICKS, _STAYS, BAR, SECTION, STEP_NAMES, TURNS, VALUES, _add, _set
from .distribution import shop_purchases

if TYPE_CHECKING:  # pragma: no cover
    from .state import ArtGalleryState


class TurnMixin:
    """The legal actions, notation, checks and play of :class:`~.state.ArtGalleryState` (a part
    of that class)."""

    __slots__ = ()

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
                (a move without the direction it needs, or with one where both ways end on the
                same bench, e.g. ``move 0 cw``; a card not in hand is refused first, with
                ``art_gallery.move.not-in-hand``) or any rule of :meth:`check`.
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
        if self.step != "move" or not (0 <= card < VALUES and self.hands[self.seat][card]):
            # another step, or a card the player does not hold: :meth:`check` refuses it for
            # that reason before any question of direction.
            return interned(Move, card, "" if same else _DIRECTIONS.get(direction or "", ""))
        if same and direction is not None:
            why = "" if card == 0 else f" (the ring has {L} benches)"
            raise IllegalAction(
                "art_gallery.move.direction",
                f"{f'move {card} {direction}'!r}: with a {card}{why} the pawn ends where it started either way, so this move "
                f"takes no direction: write 'move {card}' ({SECTION['move']}).",
            )
        if same:
            return interned(Move, card, "")
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
        ``art_gallery.move.must-move`` (Rules, 1. Move Your Game Piece; docs/rulings/art_gallery.md §6);
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
            raise IllegalAction(
                "art_gallery.move.must-move",
                f"{who} can move to a bar with a free space, so must move ({SECTION['move']}; docs/rulings/art_gallery.md §6).",
            )
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
                    (
                        f"Space {a.spaces[0]} costs {a.spaces[0]}, more than the bid card's value {bid}"
                        if len(a.spaces) == 1
                        else f"Spaces {' + '.join(map(str, a.spaces))} cost {sum(a.spaces)} together, more than the bid card's value {bid}"
                    )
                    + f"; values of several bids never add up ({SECTION['shop']}).",
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
