"""Helpers for the Art Gallery tests: posing positions, random games, conservation checks."""

from __future__ import annotations

import random
from collections import Counter

from zongshi_widgets.games.art_gallery import ArtGallery
from zongshi_widgets.games.art_gallery.rules import BAR, HAND, MARKERS, TURNS, VALUES


def game(players: int = 4, **options) -> ArtGallery:
    return ArtGallery(players=players, **options)


def all_tiles_stacks(tops: dict[int, list[int]], count: int = 48, exclude=()) -> dict:
    """Stacks with the given tiles on top of spaces (``{1: [..], 3: [..]}``, top first), filled
    with the other tiles in number order to the setup sizes (the surplus on space 1); tiles in
    ``exclude`` (held in collections) are left out."""
    used = {t for ts in tops.values() for t in ts} | set(exclude)
    rest = [t for t in range(1, count + 1) if t not in used]
    out = {str(sp): list(tops.get(sp, [])) for sp in (1, 3, 5, 7)}
    for sp, size in (("3", 14), ("5", 10), ("7", 6), ("1", 18)):
        while len(out[sp]) < size and rest:
            out[sp].append(rest.pop(0))
    out["1"] += rest
    return out


def distribution(players: int, bars: dict, *, step: str = "take", area: str = "shop", pool=(), hands=None, collections=None, **extra) -> dict:
    """A description of a distribution position: ``bars`` as in positions; every player has
    played its four movement cards; the other action cards are dealt to movement cards and
    hands (``hands`` may fix some seats' hands)."""
    used = Counter(e[1] for entries in bars.values() for e in entries if len(e) == 2) + Counter(pool)
    hands = list(hands) if hands is not None else [None] * players
    for h in hands:
        if h is not None:
            used += Counter(h)
    free = Counter({v: players for v in range(VALUES)})
    free.subtract(used)
    assert all(k >= 0 for k in free.values()), "more cards of a value than the game has"
    free_cards = sorted(free.elements())
    markers = Counter(e[0] for entries in bars.values() for e in entries)
    played, out_hands = [], []
    for _ in range(players):
        played.append([free_cards.pop() for _ in range(TURNS)])
    for seat in range(players):
        if hands[seat] is None:
            k = HAND - TURNS - markers[seat]
            out_hands.append([free_cards.pop() for _ in range(k)])
        else:
            out_hands.append(list(hands[seat]))
    assert not free_cards, f"cards left over: {free_cards}"
    desc = {"step": step, "bars": bars, "hands": out_hands, "movement_cards": played, **extra}
    if step == "take":
        desc["area"] = "shop"
    else:
        desc["area"] = area
        desc["pool"] = list(pool)
    if collections is not None:
        desc["collections"] = collections
    return desc


def play(state, *actions):
    for a in actions:
        state = state.play(a)
    return state


def random_game(players: int, seed: int, **options):
    """Every state of a seeded random game to its end."""
    g = game(players, **options)
    rng = random.Random(seed)
    state = g.new_state(seed=seed)
    states = [state]
    while not state.is_over:
        legal = state.legal_actions()
        state = state.play(legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def check_conservation(state) -> None:
    """Every component in exactly one place: painting cards, painting tiles, the action cards
    (each value once per player), the start card, the markers (4 per player)."""
    g = state.game
    n, N = g.players, g.components.count
    cards = [c for c in state.paintings if c] + list(state.pile) + [c for cs in state.cards for c in cs]
    assert sorted(cards) == list(range(1, N + 1)), "painting cards"
    tiles = [t for st in state.stacks for t in st] + [t for ts in state.tiles for t in ts]
    assert sorted(tiles) == list(range(1, N + 1)), "painting tiles"
    action = Counter()
    for seat in range(n):
        for v, k in enumerate(state.hands[seat]):
            action[v] += k
        action.update(state.played[seat])
        action.update(state.aside[seat])
    action.update(v for bar in state.bars for _, v in bar if v is not None)
    action.update(state.pool)
    assert action == Counter({v: n for v in range(VALUES)}), f"action cards {action}"
    assert sum(action.values()) == 9 * n
    assert 0 <= state.start < n, "start card"
    on_bars = Counter(s for bar in state.bars for s, _ in bar)
    view = state.view(None)
    for seat in range(n):
        assert on_bars[seat] + view["markers_in_front"][seat] == MARKERS, "markers"
        assert on_bars[seat] <= MARKERS
        # one card owed back per marker still on a bar
        assert sum(state.hands[seat]) + len(state.played[seat]) + len(state.aside[seat]) + on_bars[seat] == HAND
    assert all(len(bar) <= BAR for bar in state.bars)
    assert len(state.pawns) == n and all(0 <= p < g.ring for p in state.pawns)
