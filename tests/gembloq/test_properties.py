"""Property-based tests (hypothesis) of GembloQ engine invariants over random play."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import zongshi_widgets as zw
from zongshi_widgets.games.gembloq.rules import reference_legal_ids

choices = st.lists(st.integers(min_value=0, max_value=10**6), min_size=0, max_size=60)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_out(players, picks):
    state = zw.game("gembloq", players=players).new_state()
    states = [state]
    for k in picks:
        if state.is_over:
            break
        legal = state.legal_actions()
        state = state.play(legal[k % len(legal)])
        states.append(state)
    return states


@SETTINGS
@given(players=st.sampled_from([1, 2, 3, 4]), picks=choices)
def test_board_and_hands_stay_consistent(players, picks):
    states = play_out(players, picks)
    snapshots = [s.to_json() for s in states]
    final = states[-1]
    n = final.game.colours
    cells = [set(final.cells_of(c)) for c in range(n)]
    assert sum(len(c) for c in cells) == len(set().union(*cells))  # no cell covered twice
    for c in range(n):
        placed = final.pieces_placed(c)
        assert len(cells[c]) == 4 * sum(p.squares for p in placed)
        assert final.score_sheet().totals[c] == final.game.total_squares() - sum(p.squares for p in placed)
    if final.to_move is not None:
        assert final.legal_count() > 0
    # playing on never changed an earlier state
    assert [s.to_json() for s in states] == snapshots
    # saves reload to the same position
    assert final.game.load_state(final.to_json()) == final


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3]), picks=choices)
def test_incremental_legal_placements_equal_the_rules(players, picks):
    final = play_out(players, picks)[-1]
    for c in range(final.game.colours):
        assert final.legal_ids(c) == reference_legal_ids(final, c)


@SETTINGS
@given(picks=choices, text=st.text(max_size=30))
def test_any_text_is_either_a_legal_action_or_refused_cleanly(picks, text):
    state = play_out(2, picks)[-1]
    before = state.to_json()
    try:
        after = state.play(text)
    except zw.IllegalAction as exc:
        assert exc.rule.startswith(("gembloq.", "core.")) and exc.message
    else:
        assert after.history[-1] in state.legal_actions()
    assert state.to_json() == before
