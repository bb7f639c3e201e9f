"""lab: batch simulation for game-design classes."""

import pandas as pd
import pytest

import zongshi_widgets as zw
from zongshi_widgets.agents import agent, agents
from zongshi_widgets.lab import play_game, simulate, trace, win_rates
from zongshi_widgets.lab.cli import main


def test_simulate_is_deterministic_and_tabulates_every_seat():
    game = zw.game("gembloq", players=2)
    a = simulate(game, ["greedy", "random"], games=3, seed=5)
    b = simulate(game, ["greedy", "random"], games=3, seed=5)
    assert a.drop(columns="seconds").equals(b.drop(columns="seconds"))  # seconds: measured thinking time
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


def test_simulate_tables_every_seat_by_category_turns_and_branching():
    game = zw.game("art_gallery", players=3)
    table = simulate(game, ["greedy", "random", "random"], games=2, seed=3, jobs=1)
    sheet = play_game(game, ["greedy", "random", "random"], seed=3).score_sheet()
    first = table[table.game == 3].reset_index(drop=True)
    assert [first.loc[s, f"score: {c}"] for s in range(3) for c in sheet.categories] == [v for row in sheet.values for v in row]
    assert first["total"].tolist() == list(sheet.totals)
    assert (first["decisions"].sum() == first["moves"]).all()
    assert (first["turns"] <= first["game_turns"]).all() and (first["branching"] >= 1).all() and (first["seconds"] >= 0).all()


def test_simulate_gives_the_same_table_in_one_process_and_in_two():
    game = zw.game("art_gallery", players=2)
    bots = ["greedy", agent("mcts", iterations=5, game=game)]
    one = simulate(game, bots, games=3, seed=11, jobs=1).drop(columns="seconds")
    two = simulate(game, bots, games=3, seed=11, jobs=2).drop(columns="seconds")
    pd.testing.assert_frame_equal(one, two)
    assert one["bot"].tolist()[:2] == ["greedy", "mcts[5 it]"]


def test_simulate_on_a_dask_local_cluster_gives_the_same_table(tmp_path):
    distributed = pytest.importorskip("distributed")
    game = zw.game("art_gallery", players=3)
    bots = ["greedy", "random", agent("mcts", iterations=5, game=game)]
    local = simulate(game, bots, games=3, seed=2, jobs=2).drop(columns="seconds")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = simulate(game, bots, games=3, seed=2, executor=client.get_executor()).drop(columns="seconds")
        # the command line on the same cluster, by its scheduler address
        out = tmp_path / "cli.csv"
        argv = ["simulate", "art_gallery", "--players", "3", "--bots", "greedy,random,random", "--games", "2", "--seed", "2", "--no-progress"]
        assert main([*argv, "--scheduler", cluster.scheduler_address, "--out", str(out)]) == 0
    pd.testing.assert_frame_equal(local, on_dask)
    from_cli = pd.read_csv(out).drop(columns="seconds")
    here = simulate(game, ["greedy", "random", "random"], games=2, seed=2, jobs=1).drop(columns="seconds")
    assert from_cli[["game", "seat", "bot", "total", "won", "moves"]].equals(here[["game", "seat", "bot", "total", "won", "moves"]])


def test_simulate_refuses_odd_executors_and_jobs():
    game = zw.game("gembloq", players=2)
    with pytest.raises(TypeError, match="Executor"):
        simulate(game, ["random", "random"], games=1, executor="dask")
    with pytest.raises(ValueError, match="jobs"):
        simulate(game, ["random", "random"], games=1, jobs=0)
    with pytest.raises(ValueError, match="games must be at least 1, not 0"):
        simulate(game, ["random", "random"], games=0)
