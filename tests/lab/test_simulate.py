"""lab: batch simulation for game-design classes."""

import pytest

import zongshi_widgets as zw
from zongshi_widgets.agents import agent, agents
from zongshi_widgets.lab import play_game, simulate, trace, win_rates


def test_simulate_is_deterministic_and_tabulates_every_seat():
    game = zw.game("gembloq", players=2)
    a = simulate(game, ["greedy", "random"], games=3, seed=5)
    b = simulate(game, ["greedy", "random"], games=3, seed=5)
    assert a.equals(b)
    assert len(a) == 6 and set(a.columns) >= {"game", "seat", "player", "bot", "total", "rank", "won", "moves"}
    rates = win_rates(a)
    assert list(rates.index) == [0, 1] and 0 <= rates.win_rate.sum() <= 2
    assert rates.loc[0, "bot"] == "greedy"


def test_play_game_reaches_the_end_and_trace_records_every_ply():
    game = zw.game("gembloq", players=3)
    final = play_game(game, ["random"] * 3, seed=1)
    assert final.is_over
    frame = trace(game, ["random"] * 3, lambda s, c: s.legal_count(c), seed=1)
    assert len(frame) == len(final.history) + 1
    assert list(frame.columns) == ["blue", "yellow", "red"]
    assert frame.iloc[0].tolist() == [112, 82, 82] and frame.iloc[-1].tolist() == [0, 0, 0]


def test_bots_choose_legal_actions_and_bad_names_are_refused():
    state = zw.game("gembloq", players=4).new_state()
    for name in agents():
        assert agent(name, seed=1).choose(state) in state.legal_actions()
    with pytest.raises(KeyError):
        agent("alphazero")
    with pytest.raises(ValueError, match="one bot per seat"):
        simulate(zw.game("gembloq", players=2), ["random"], games=1)
    over = play_game(zw.game("gembloq", players=2), ["greedy", "greedy"], seed=0)
    with pytest.raises(ValueError):
        agent("random").choose(over)


def test_odd_arguments_get_plain_errors():
    game = zw.game("gembloq", players=2)
    with pytest.raises(TypeError, match="games must be"):
        simulate(game, ["greedy", "random"], games="3")
    with pytest.raises(TypeError, match="one bot per seat"):
        simulate(game, "greedy", games=1)
    with pytest.raises(TypeError, match="zw.game"):
        simulate("gembloq", ["greedy", "random"], games=1)
    with pytest.raises(TypeError, match="simulate"):
        win_rates(None)
