"""Art Gallery views: what each seat sees (the public view, a seat's private view, the hidden
bids, the action texts other seats read), the determinization bots guess the hidden parts with,
and the actions in plain words.

Sections of the Art Gallery rulebook cited: "2. Place a Bid" (bids lie face down), "Distribution"
(the bids are turned over area by area), "Rules" (the last card shown for the start card).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core import Chance
from .actions import Aside, Bid, Move, Pick, Stay, Take
from .basics import MARKERS, _counts, _expand

if TYPE_CHECKING:  # pragma: no cover
    from .state import ArtGalleryState


class ViewsMixin:
    """What a seat sees of :class:`~.state.ArtGalleryState` (a part of that class)."""

    __slots__ = ()

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


def _area_name(g, bench: int) -> str:
    """A bench in words: ``"the Shop"`` (bench 0) or its area's name."""
    return "the Shop" if bench == 0 else g.area_names[bench]
