"""The fast paths of the Zong Shi engine against their slow, obviously-right references
(hypothesis): whether a cost can be paid (``can_pay`` against every payment listed by brute
force), the legal lists of a pawn's turn (``reference_legal_actions``: every visit and project
tried, nothing pruned), and copy-on-write states (``reference_play`` copies the whole position
before each action; an earlier state never changes)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import zongshi_widgets as zw
from zongshi_widgets.games.zongshi import can_pay, payment_options, payments, reference_payments
from zongshi_widgets.games.zongshi.rules import reference_legal_actions, reference_play

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(max_examples=400, deadline=None)
@given(
    demand=st.tuples(*[st.integers(0, 4)] * 4),
    boxes=st.tuples(*[st.integers(0, 4)] * 4),
    tiles=st.lists(st.integers(0, 5), max_size=4),
    masterful=st.sets(st.integers(0, 3), max_size=3),
    subtlety=st.booleans(),
    uses=st.sampled_from([1, 2]),
    exchanges_first=st.booleans(),
)
def test_can_pay_matches_the_brute_force_payments(demand, boxes, tiles, masterful, subtlety, uses, exchanges_first):
    """Going to the Pawn Shop (exchanges never chained; docs/rulings/zongshi.md E4) and the discount
    scrolls, in either order (P7): the min-cut test says a cost can be paid exactly when some
    payment exists, and the payments listed are the brute-force ones."""
    owned = [0] * 6
    for k in tiles:
        owned[k] += 1
    args = (demand, boxes, tuple(owned), uses, tuple(sorted(masterful)), subtlety, exchanges_first)
    assert can_pay(*args) == bool(payment_options(*args))
    if sum(owned) * uses <= 5:
        slow = reference_payments(*args)
        assert can_pay(*args) == bool(slow)
        assert {(p.paid, frozenset(p.scrolls)) for p in payment_options(*args)} == slow


@settings(max_examples=300, deadline=None)
@given(
    demand=st.tuples(*[st.integers(0, 4)] * 4),
    boxes=st.tuples(*[st.integers(0, 9)] * 4),
    tiles=st.lists(st.integers(0, 5), max_size=4),
    masterful=st.sets(st.integers(0, 3), max_size=3),
    subtlety=st.booleans(),
    exchanges_first=st.booleans(),
)
def test_payment_cache_keys_change_no_payment(demand, boxes, tiles, masterful, subtlety, exchanges_first):
    """Going to the Pawn Shop (exchanges never chained) and the discount scrolls (P7):
    ``payment_options`` leaves out of its cache key the boxes beyond the whole demand and the
    tiles of pairings that can make no exchange; the payments, with their exchanges (which
    tell the gift returned by an award, Paying Respectful Visits), are those computed from the
    whole storage and every tile."""
    owned = [0] * 6
    for k in tiles:
        owned[k] += 1
    whole = payments._payment_options_exchanges_first if exchanges_first else payments._payment_options
    raw = whole.__wrapped__(demand, boxes, tuple(owned), 1, tuple(sorted(masterful)), subtlety)
    assert payment_options(demand, boxes, tuple(owned), 1, tuple(sorted(masterful)), subtlety, exchanges_first) == raw


OPTION_SETS = [{}, {"discounts_before_exchanges": False, "location_capacity": 2, "both_pawns_in_one_bin": False, "exchange_uses_per_payment": 2}]


def sampled_states(players: int, seed: int, every: int, options=None):
    game = zw.game("zongshi", players=players, **(options or {}))
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    k = 0
    while not state.is_over:
        if k % every == 0:
            yield state
        legal = state.legal_actions()
        state = state.play(legal[rng.randrange(len(legal))])
        k += 1
    yield state


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]), options=st.sampled_from(OPTION_SETS))
def test_legal_lists_equal_the_reference(seed, players, options):
    """Step 1 (A. Beginning a Project, Paying Respectful Visits; Going to the Pawn Shop): the
    turn's legal list, made with box counts, min cuts, pruning and cached tile purchases,
    equals the one made by trying every visit and every project with every payment listed, and
    every tile with every payment found by brute force, in the same order (default and other
    options)."""
    for state in sampled_states(players, seed, 3, options):
        fast = state.legal_actions()
        slow = reference_legal_actions(state)
        assert [a.text for a in fast] == [a.text for a in slow]
        assert [(a.kind, a.args) for a in fast] == [(a.kind, a.args) for a in slow]


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]))
def test_copy_on_write_play_equals_the_whole_copy_and_leaves_the_state_alone(seed, players):
    """States are immutable (the kernel contract): every legal action, played by copying only
    what changes, gives the position, chance and legal list of a play that copies everything
    first, and the state played from is unchanged afterwards."""
    for state in sampled_states(players, seed, 7):
        before = json.dumps(state.position(), sort_keys=True)
        for action in state.legal_actions():
            fast, slow = state.play(action), reference_play(state, action)
            assert fast.position() == slow.position()
            assert fast.chance == slow.chance and fast.history == slow.history
            assert [a.text for a in fast.legal_actions()] == [a.text for a in slow.legal_actions()]
        assert json.dumps(state.position(), sort_keys=True) == before


def test_history_is_built_on_first_use():
    """``state.history`` holds every action played since ``new_state``, in order, however it
    is kept inside."""
    game = zw.game("zongshi", players=3)
    state = game.new_state(seed=5)
    played = []
    for _ in range(60):
        action = state.legal_actions()[0]
        played.append(action)
        state = state.play(action)
        if len(played) % 17 == 0:
            assert state.history == tuple(played)
    assert state.history == tuple(played) and state.history is state.history
    assert game.load_state(state.to_json()).history == tuple(played)
