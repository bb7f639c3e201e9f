"""The design lab on a Dask cluster as a class uses it: edited component files on a cluster kept
running, workers killed mid-run, a cluster with no worker left (issue: "The design lab, as a real
class uses it"). The same bots on local processes: ``test_shipping.py``."""

from __future__ import annotations

import importlib
from pathlib import Path

import pandas as pd
import pytest

import zongshi_widgets as zw
from zongshi_widgets.lab import SimulationFailed, simulate

from .test_shipping import _DiesOnce, _doubled_values

simulate_module = importlib.import_module("zongshi_widgets.lab.simulate")
REPO = Path(__file__).resolve().parents[2]
ART_COMPONENTS = REPO / "zongshi_widgets" / "games" / "art_gallery" / "data" / "components.toml"


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            yield cluster, client


def test_edited_cards_reach_every_worker_and_a_kept_cluster_never_answers_stale(tmp_path, cluster):
    _cluster, client = cluster
    cards = tmp_path / "my_cards.toml"
    cards.write_text(ART_COMPONENTS.read_text(encoding="utf-8"), encoding="utf-8")
    bots = ["greedy", "greedy", "random"]

    def everywhere(game) -> list[pd.DataFrame]:
        return [
            simulate(game, bots, games=3, seed=4, jobs=1).drop(columns="seconds"),
            simulate(game, bots, games=3, seed=4, jobs=2).drop(columns="seconds"),
            simulate(game, bots, games=3, seed=4, executor=client.get_executor()).drop(columns="seconds"),
            simulate(game, bots, games=3, seed=4, executor=client).drop(columns="seconds"),
        ]

    before = zw.game("art_gallery", players=3, components=str(cards))
    old = everywhere(before)
    for other in old[1:]:
        pd.testing.assert_frame_equal(old[0], other)
    cards.write_text(_doubled_values(cards.read_text(encoding="utf-8")), encoding="utf-8")
    # the game made before the edit keeps the values it loaded, in every process
    for other in everywhere(before):
        pd.testing.assert_frame_equal(old[0], other)
    # made again, it plays the edited cards everywhere: the same cluster, kept running
    after = zw.game("art_gallery", players=3, components=str(cards))
    new = everywhere(after)
    for other in new[1:]:
        pd.testing.assert_frame_equal(new[0], other)
    assert not new[0]["total"].equals(old[0]["total"]), "doubling every card value changed no total: the edit did not take"


def test_a_dask_worker_killed_mid_run_is_replaced_and_one_that_always_dies_fails_clearly(tmp_path):
    distributed = pytest.importorskip("distributed")
    import dask

    game = zw.game("gembloq", players=2)
    bots = ["random", _DiesOnce(str(tmp_path / "died"))]
    expected = simulate(game, bots, games=4, seed=1, jobs=1).drop(columns="seconds")
    # a task whose workers die twice is given up (Dask's default is 3 deaths: slower to test)
    with dask.config.set({"distributed.scheduler.allowed-failures": 1}):
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
            with distributed.Client(cluster) as client:
                table = simulate(game, bots, games=4, seed=1, executor=client.get_executor()).drop(columns="seconds")
                assert (tmp_path / "died").exists(), "no worker was killed: the test tests nothing"
                pd.testing.assert_frame_equal(expected, table)
                client.wait_for_workers(2, timeout=300)
                always = ["random", _DiesOnce(str(tmp_path / "again"), always=True)]
                with pytest.raises(SimulationFailed, match="gave up on the games of seeds? .*of 2 games were played; no table is returned"):
                    simulate(game, always, games=2, seed=0, executor=client.get_executor())


def test_a_cluster_without_workers_stops_with_a_message_instead_of_waiting_for_ever(monkeypatch):
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(simulate_module, "NO_WORKER_TIMEOUT", 2.0)
    with distributed.LocalCluster(n_workers=0, processes=True, dashboard_address=None) as empty, distributed.Client(empty) as client:
        with pytest.raises(SimulationFailed, match="has had no worker for 2 s.*0 of 3 games were played"):
            simulate(zw.game("gembloq", players=2), ["random", "random"], games=3, executor=client.get_executor())


