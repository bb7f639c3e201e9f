"""Zong Shi over random play: conservation of every component after every action, every listed
action plays, save/load and replay, views that hide what they must, determinizations, the
payment fast path against its slow reference, and component files."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zongshi_widgets as zw
from zongshi_widgets.games.zongshi import PAIRS, ZongShi, load_components, payment_options, reference_payments
from zongshi_widgets.games.zongshi.components import DEFAULT_PATH


def random_states(players: int, seed: int):
    game = zw.game("zongshi", players=players)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    states = [state]
    while not state.is_over:
        legal = state.legal_actions()
        state = state.play(legal[rng.randrange(len(legal))])
        states.append(state)
        assert len(states) < 5000
    return states


def expected_census(game: ZongShi) -> dict:
    comp = game.components
    scrolls = {sid: s.copies for sid, s in comp.scrolls.items()}
    return {
        "boxes": [comp.supply] * 4,
        "scrolls": scrolls,
        "projects": dict.fromkeys(comp.projects, game.project_copies),
        "masterworks": sorted(comp.masterworks),
        "exchange_tiles": [game.tile_copies] * 6,
        "awards": sorted(["scroll", "tile", "bag", "gift", "bins"]),
        "visit_tiles": [[1, 2, 2, 3]] * game.players,
    }


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2])
def test_conservation_after_every_action(players, seed):
    """Components (rulebook, Components): 40 boxes, 36 scrolls, the project cards, masterworks,
    exchange tiles, award and visit tiles each in exactly one place after every action."""
    states = random_states(players, seed)
    want = expected_census(states[0].game)
    for state in states:
        assert state.census() == want
    assert states[-1].score_sheet().final


@pytest.mark.parametrize("players", [3, 4, 5])
def test_views_hide_hands_deck_and_award_tiles(players):
    """Hidden: scroll hands (only their count is public), deck order, bag contents, face-down
    award tiles; view(seat) adds only that seat's own hand."""
    states = random_states(players, 7)
    for state in states[:: max(1, len(states) // 12)]:
        z = state._z
        public = state.view(None)
        assert not {"scroll_deck", "bag", "awards", "award_box", "hand"} & set(public)
        assert all(isinstance(v, bool) for v in public["award_face_down"].values())
        assert all(set(p) >= {"scroll_count", "known_scrolls"} and "scrolls" not in p for p in public["players"])
        for seat in range(players):
            view = state.view(seat)
            assert view["hand"] == sorted(z.players[seat].hand)
            assert "hand" not in state.view(None)
            others = [state.view(o) for o in range(players) if o != seat]
            assert all(o["hand"] == sorted(z.players[o["seat"]].hand) for o in others)
            assert {k: v for k, v in view.items() if k not in ("hand", "seat")} == {k: v for k, v in state.view(None).items() if k != "seat"}


def test_determinization_resamples_only_the_unseen():
    """determinize(seat, rng): other hands (beyond scrolls known to all), deck order, masterwork
    deck and face-down awards are resampled; the seat's own view is kept; the sample depends
    only on what the seat sees."""
    states = random_states(4, 3)
    changed = 0
    for state in states[10 :: max(1, len(states) // 10)]:
        for seat in range(4):
            a = state.determinize(seat, random.Random(5))
            assert a.view(seat) == state.view(seat) and a.census() == state.census()
            for o in range(4):
                known = state.view(None)["players"][o]["known_scrolls"]
                hand = a.view(o)["hand"]
                assert all(hand.count(k) >= known.count(k) for k in known)
            changed += any(a.view(o)["hand"] != state.view(o)["hand"] for o in range(4) if o != seat)
            assert a.determinize(seat, random.Random(9)).digest() == state.determinize(seat, random.Random(9)).digest()
    assert changed


def test_random_play_every_listed_action_plays_and_saves():
    """Every listed action plays; save/load round trips at sampled positions; replaying the
    history from the seed reproduces the game."""
    game = zw.game("zongshi", players=4)
    states = random_states(4, 11)
    for state in states[:: max(1, len(states) // 15)]:
        for action in state.legal_actions()[:30]:
            after = state.play(action)
            assert after.census() == state.census()
            assert state.play(str(action)).digest() == after.digest()
        loaded = game.load_state(state.to_json())
        assert loaded == state
    final = states[-1]
    replay = game.new_state(seed=final.chance.seed)
    for action in final.history:
        replay = replay.play(str(action))
    assert replay.digest() == final.digest()


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]), cut=st.floats(0, 1))
def test_hypothesis_random_play(seed, players, cut):
    """Hypothesis over random play: positions round-trip through their description and through
    saves; every listed action parses back from its notation and plays."""
    states = random_states(players, seed)
    state = states[int(cut * (len(states) - 1))]
    game = state.game
    posed = game.from_position(state.position(), seed=seed)
    assert posed.position() == state.position()
    assert game.load_state(state.to_json()).digest() == state.digest()
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action
        state.play(action)


@settings(max_examples=150, deadline=None)
@given(
    demand=st.tuples(*[st.integers(0, 3)] * 4),
    boxes=st.tuples(*[st.integers(0, 3)] * 4),
    tiles=st.lists(st.integers(0, 5), max_size=3),
    masterful=st.sets(st.integers(0, 3), max_size=2),
    subtlety=st.booleans(),
    uses=st.sampled_from([1, 2]),
)
def test_payment_fast_path_matches_reference(demand, boxes, tiles, masterful, subtlety, uses):
    """Going to the Pawn Shop (exchanges, never chained; E4: one box per tile per payment) and
    the discount scrolls: the dynamic programme gives exactly the brute-force payments."""
    owned = [0] * 6
    for k in tiles:
        owned[k] += 1
    fast = payment_options(demand, boxes, tuple(owned), uses, tuple(sorted(masterful)), subtlety)
    slow = reference_payments(demand, boxes, tuple(owned), uses, tuple(sorted(masterful)), subtlety)
    assert {(p.paid, frozenset(p.scrolls)) for p in fast} == slow
    assert len(fast) == len({(p.paid, p.scrolls) for p in fast})
    for p in fast:
        assert all(p.paid[m] <= boxes[m] for m in range(4))
        assert len(p.conversions) <= sum(owned) * uses
        for src, dst in p.conversions:
            assert (src, dst) in PAIRS or (dst, src) in PAIRS


def test_components_file_with_printed_values(tmp_path):
    """A teacher with the printed cards loads corrected values with components=...; the data
    carries provenance tags."""
    text = DEFAULT_PATH.read_text()
    assert 'provenance = "reconstructed"' in text and 'provenance = "rulebook"' in text
    fixed = text.replace(
        '[projects.larger_workshop]\nname = "Larger Workshop"\ncost = { gold = 0, ivory = 2, jade = 1, bronze = 1 }',
        '[projects.larger_workshop]\nname = "Larger Workshop"\ncost = { gold = 0, ivory = 1, jade = 0, bronze = 0 }',
    )
    assert fixed != text
    path = tmp_path / "my_cards.toml"
    path.write_text(fixed)
    game = zw.game("zongshi", players=4, components=str(path))
    assert game.card("larger_workshop").cost == (0, 1, 0, 0)
    state = game.from_position({"players": [{"boxes": "i"}, {}, {}, {}]}).play("use master")
    assert "project larger_workshop" in [str(a) for a in state.legal_actions()]
    rows = {r["id"]: r for r in load_components().provenance_table()}
    assert rows["merchant_statue"]["provenance"] == "rulebook" and rows["MW01"]["provenance"] == "reconstructed"


@pytest.mark.parametrize(
    "old,new,words",
    [
        ('time = 2\nvp = 2\ncopies = 4\nprovenance = "rulebook"', 'time = 9\nvp = 2\ncopies = 4\nprovenance = "rulebook"', "time must be"),
        ("[projects.merchant_statue]", "[projects.merchant_statute]", "exactly the eight types"),
        ('scholar = { material = "jade"', 'scholar = { material = "gold"', "different material"),
        ('provenance = "rulebook"', 'provenance = "guessed"', "provenance must be"),
        ('format = "zongshi-components/1"', 'format = "x"', "format"),
        ("[scrolls.swift_fingers]", "[scrolls.swift_fingers]\nbroken = ", "not valid TOML"),
    ],
)
def test_bad_component_files_are_refused(tmp_path, old, new, words):
    """Component files are validated whole: a bad one is refused with a clear error."""
    text = DEFAULT_PATH.read_text()
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(ValueError, match=words):
        zw.game("zongshi", players=4, components=str(path))
    with pytest.raises(ValueError, match="cannot read"):
        zw.game("zongshi", players=4, components=str(tmp_path / "missing.toml"))


def test_bad_options_and_positions_are_refused():
    """Bad options and impossible positions raise ValueError with a clear message."""
    with pytest.raises(ValueError, match="3 to 5 players"):
        zw.game("zongshi", players=2)
    with pytest.raises(ValueError, match="exchange_uses_per_payment"):
        zw.game("zongshi", players=4, exchange_uses_per_payment=-1)
    game = zw.game("zongshi", players=4)
    with pytest.raises(ValueError, match="10 boxes"):
        game.from_position({"players": [{"boxes": "g" * 11}, {}, {}, {}]})
    with pytest.raises(ValueError, match="copies of scroll"):
        game.from_position({"players": [{"scrolls": ["twofold_path", "twofold_path"]}, {}, {}, {}]})
    with pytest.raises(ValueError, match="unknown position keys"):
        game.from_position({"hands": []})
    with pytest.raises(ValueError, match="visit tiles"):
        game.from_position({"players": [{"visited": {"scholar": 1, "elder": 1}}, {}, {}, {}]})
