"""Art Gallery: once an area's action cards are turned over in the distribution, everybody sees
who bid what (rulebook, Distribution: Painting Tiles in the Shop Area 1 and Painting Cards in
the Gallery Areas 1, "Turn all the action cards ... without changing the order. N.B.: The
markers used indicate the order of the action cards played")."""

from __future__ import annotations

import random

import zongshi_widgets as zw


def _returns(players=3, seed=1, limit=6):
    """``(placed, state)`` pairs of a seeded random game: ``state`` a ``return`` step decision
    (the area's cards turned over), ``placed`` that area's bar as the position gave it while the
    cards were still face down (``[seat, card]`` in marker order)."""
    game = zw.game("art_gallery", players=players)
    state, rng, face_down, out = game.new_state(seed=seed), random.Random(seed), {}, []
    while not state.is_over and len(out) < limit:
        for name, bar in state.position()["bars"].items():
            if all(len(e) == 2 for e in bar) and state.step != "return":
                face_down[name] = bar
        if state.step == "return":
            out.append((face_down[state.view(None)["distribution"]["area"]], state))
        legal = state.legal_actions()
        state = state.play(legal[rng.randrange(len(legal))])
    return out


def test_turned_over_bids_show_who_bid_what():
    """In the ``return`` step of an area the public view gives, for every marker still on its
    bar, the card that marker's owner bid (as placed, marker I first), and the distribution lists
    the whole turned-over stack as ``[seat, card]`` pairs; the later areas stay face down."""
    pairs = _returns()
    assert pairs
    for placed, state in pairs:
        view = state.view(None)
        dist = view["distribution"]
        area = [a["name"] for a in view["areas"]].index(dist["area"])
        assert dist["turned_over"] == placed
        entry = view["areas"][area]
        left = len(entry["bar"])
        assert entry["bids"] == [v for _, v in placed[len(placed) - left :]] and None not in entry["bids"]
        assert entry["bar"] == [s for s, _ in placed[len(placed) - left :]]
        assert all(b is None for later in view["areas"][area + 1 :] for b in later["bids"])
        for seat in range(3):  # every seat sees the same turned cards
            assert state.view(seat)["areas"][area]["bids"] == entry["bids"]
        assert state.game.from_position(state.position()) == state
        state.check_invariants()
