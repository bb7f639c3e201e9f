"""Art Gallery conservation invariants (rulebook, "Components" and "Preparation"), the game's
part of :meth:`zongshi_widgets.core.State.check_invariants`."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .state import ArtGalleryState


def check_conservation(state: ArtGalleryState) -> None:
    """Every component of ``state`` in exactly one place: the painting cards and painting
    tiles (one of each number), the action cards (each value once per player), the start card,
    the four markers per player (on a marker bar or in front of their owner), at most six
    markers on a bar, one pawn per player on the ring.

    Raises:
        AssertionError: naming the component whose count is wrong and what was found.
    """
    from .basics import BAR, HAND, MARKERS, VALUES

    g = state.game
    n, count = g.players, g.components.count
    cards = [c for c in state.paintings if c] + list(state.pile) + [c for cs in state.cards for c in cs]
    if sorted(cards) != list(range(1, count + 1)):
        raise AssertionError(f"Art Gallery painting cards not conserved: found {sorted(Counter(cards).items())}")
    tiles = [t for stack in state.stacks for t in stack] + [t for ts in state.tiles for t in ts]
    if sorted(tiles) != list(range(1, count + 1)):
        raise AssertionError(f"Art Gallery painting tiles not conserved: found {sorted(Counter(tiles).items())}")
    action: Counter = Counter()
    for seat in range(n):
        for value, k in enumerate(state.hands[seat]):
            action[value] += k
        action.update(state.played[seat])
        action.update(state.aside[seat])
    action.update(v for bar in state.bars for _, v in bar if v is not None)
    action.update(state.pool)
    if action != Counter(dict.fromkeys(range(VALUES), n)):
        raise AssertionError(f"Art Gallery action cards not conserved (each value once per player): found {dict(action)}")
    if not 0 <= state.start < n:
        raise AssertionError(f"the start card is with seat {state.start}, not a seat of this {n}-player game")
    on_bars = Counter(s for bar in state.bars for s, _ in bar)
    in_front = state.view(None)["markers_in_front"]
    for seat in range(n):
        if on_bars[seat] + in_front[seat] != MARKERS:
            raise AssertionError(f"seat {seat} has {on_bars[seat]} markers on bars and {in_front[seat]} in front, not {MARKERS} in all")
        held = sum(state.hands[seat]) + len(state.played[seat]) + len(state.aside[seat]) + on_bars[seat]
        if held != HAND:
            raise AssertionError(f"seat {seat} accounts for {held} action cards (hand, played, aside, owed by markers), not {HAND}")
    if any(len(bar) > BAR for bar in state.bars):
        raise AssertionError(f"a marker bar holds more than {BAR} markers: {[len(b) for b in state.bars]}")
    if len(state.pawns) != n or not all(0 <= p < g.ring for p in state.pawns):
        raise AssertionError(f"pawns {state.pawns} are not one per player on the ring of {g.ring} benches")
