"""The slow reference beside the fast legal lists, and the questions and answers of
docs/rulings/art_gallery.md §7 not covered elsewhere."""

import pytest
from ag_support import check_conservation, game, play, random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zongshi_widgets.games.art_gallery.rules import reference_legal_actions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("options", [{}, {"full_bar": "move_without_bid", "shop_may_pass": False}])
def test_fast_legal_lists_equal_the_slow_reference(players, options):
    """Every position of random games: the engine's legal list (precomputed move tables) has
    exactly the notations the rules give, worked out bench by bench."""
    for state in random_game(players, 7, **options):
        assert sorted(str(a) for a in state.legal_actions()) == reference_legal_actions(state)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6), players=st.sampled_from([2, 3, 4, 5, 6]))
def test_fast_legal_lists_equal_the_slow_reference_hypothesis(seed, players):
    states = random_game(players, seed)
    for state in states[:: max(1, len(states) // 40)]:
        assert sorted(str(a) for a in state.legal_actions()) == reference_legal_actions(state)


def test_q19_a_zero_bids_where_the_pawn_stands():
    """docs/rulings/art_gallery.md §7 #19: with the 0 the pawn stays and bids on its own bench."""
    state = game(4).from_position({"start_card": 0, "pawns": [3, 0, 0, 0]}, seed=1)
    state = play(state, "move 0", "bid 4")
    assert state.pawns[0] == 3 and state.bars[3] == ((0, 4),)


def test_q20_a_move_never_changes_direction():
    """docs/rulings/art_gallery.md §7 #20 / rulebook, 1. Move Your Game Piece: a move is one direction; there is
    no action ending elsewhere than card-value benches away in one direction."""
    state = game(6).from_position({"start_card": 0, "pawns": [2, 0, 0, 0, 0, 0]}, seed=1)
    ends = {state.play(a).pawns[0] for a in state.legal_actions() if a.card == 3}
    assert ends == {5, 8}  # ring of 9 benches


def test_q29_q30_pawns_stay_and_hands_drift_between_rounds():
    """docs/rulings/art_gallery.md §7 #29 (pawns stay on their benches at the round's end) and #30 (action cards
    are neutral: after a round a hand may hold other values, still 9 cards)."""
    states = random_game(4, 2)
    drift = False
    for before, after in zip(states, states[1:]):
        if after.round == before.round + 1:
            assert after.pawns == before.pawns
            assert all(len(after.hand(s)) == 9 for s in range(4))
            drift |= any(after.hand(s) != list(range(9)) for s in range(4))
            check_conservation(after)
    assert drift


def test_q24_final_hand_is_counted_after_the_pick_up():
    """docs/rulings/art_gallery.md §7 #24: at the end the movement cards are back in hand (9 cards) before the
    action-card points are counted."""
    final = random_game(3, 6)[-1]
    sheet = final.score_sheet()
    for s in range(3):
        assert len(final.hand(s)) == 9 and sheet.values[s][5] == sum(final.hand(s)) // 4
