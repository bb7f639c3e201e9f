"""Playouts on a scratch copy (docs/ARCHITECTURE.md, "Playouts"): ``ZongShiState.scratch()``
copies the whole position and the generator, and ``advance()`` changes that copy in place
(chance drawn in place, no state per action). The slow reference is the immutable ``play()``
path: action for action over many seeded random games of every player count, the scratch copy
shows the same position (digest and description), the same legal list, the same score sheet
and the same generator state, and the state it was made from never changes (rulebook, all
steps of The Round; setup, Game Board Setup)."""

from __future__ import annotations

import json
import random

import pytest

import zongshi_widgets as zw

SEEDS = range(6)


def _snapshot(state) -> tuple:
    """Everything a later change could touch: the position, the generator, history, legal list."""
    return (json.dumps(state.position(), sort_keys=True), state.chance.to_json(), state.history, [a.text for a in state.legal_actions()])


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", SEEDS)
def test_scratch_playout_equals_play_action_for_action(players, seed):
    """From the setup (Game Board Setup) to Final Scoring: ``scratch()``/``advance()`` and
    ``play()`` give the same digests, positions, legal lists, score sheets and chance; neither
    the first state nor the copies' starting states change."""
    game = zw.game("zongshi", players=players)
    state = game.new_state(seed=seed)
    start = _snapshot(state)
    d = state.scratch()
    assert d.is_scratch and not state.is_scratch and d is not state
    rng = random.Random(seed)
    mid, mid_snapshot = None, None
    k = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert [a.text for a in d.legal_actions()] == [a.text for a in legal]
        action = legal[rng.randrange(len(legal))]
        state = state.play(action)
        d = d.advance(action)
        k += 1
        assert d.digest() == state.digest()
        assert d.to_move == state.to_move and d.turn == state.turn
        assert d.score_sheet().to_json() == state.score_sheet().to_json()
        assert d.chance == state.chance
        if k % 5 == 0:
            assert d.position() == state.position()
        if k == 40:
            mid, mid_snapshot = state, _snapshot(state)
            m = mid.scratch()  # a second playout from the middle, run to the end by itself
            while not m.is_over:
                legal_m = m.legal_actions()
                m = m.advance(legal_m[rng.randrange(len(legal_m))])
            m._check_invariants()
    assert d.is_over and d.score_sheet().to_json() == state.score_sheet().to_json()
    assert d.position() == state.position()
    assert _snapshot(game.new_state(seed=seed)) == start
    if mid is not None:
        assert _snapshot(mid) == mid_snapshot


def test_scratch_copies_share_nothing_with_their_state_or_each_other():
    """Two scratch copies of one state played apart, and a state played (``play``) from a
    scratch copy, stay independent: each follows its own actions, the original is unchanged,
    and conservation holds in every copy (rulebook, Components)."""
    game = zw.game("zongshi", players=4)
    state = game.new_state(seed=21)
    rng = random.Random(21)
    for _ in range(30):
        legal = state.legal_actions()
        state = state.play(legal[rng.randrange(len(legal))])
    before = _snapshot(state)
    a, b = state.scratch(), state.scratch()
    frozen = a.play(a.legal_actions()[0])  # play() on a scratch copy gives a plain state
    assert not frozen.is_scratch
    frozen_before = _snapshot(frozen)
    assert frozen.to_json()  # a plain state can be saved
    for _ in range(200):
        for d, pick in ((a, 0), (b, -1)):
            if not d.is_over:
                d.advance(d.legal_actions()[pick])
                d._check_invariants()
    assert a.position() != b.position()
    assert _snapshot(state) == before
    assert _snapshot(frozen) == frozen_before
    with pytest.raises(ValueError, match="scratch copy"):
        a.to_json()
