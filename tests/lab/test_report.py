"""Balance reports, variant comparisons and the command line (issue 14)."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pandas as pd  # noqa: E402
import pytest  # noqa: E402

import zongshi_widgets as zw  # noqa: E402
from zongshi_widgets.lab import balance_report, compare_variants, simulate, wilson_interval  # noqa: E402
from zongshi_widgets.lab.cli import main  # noqa: E402


@pytest.fixture(scope="module")
def results():
    return simulate(zw.game("art_gallery", players=2), ["greedy", "random"], games=6, seed=1, jobs=1)


def test_wilson_interval_matches_the_textbook_value():
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    assert wilson_interval(0, 0) != wilson_interval(0, 0)  # nan: no games, no interval


def test_balance_report_gives_win_rates_with_intervals_scores_by_category_and_lengths(results):
    report = balance_report(results)
    seats = report.seats
    for seat in (0, 1):
        part = results[results.seat == seat]
        assert seats.loc[seat, "games"] == 6 and seats.loc[seat, "wins"] == part.won.sum()
        assert (seats.loc[seat, "ci_low"], seats.loc[seat, "ci_high"]) == wilson_interval(int(part.won.sum()), 6)
        assert seats.loc[seat, "ci_low"] <= seats.loc[seat, "win_rate"] <= seats.loc[seat, "ci_high"]
        assert seats.loc[seat, "score: souvenirs"] == part["score: souvenirs"].mean()
    assert report.game["games"] == 6 and report.game["mean_turns"] == results.groupby("game").game_turns.first().mean()
    text = str(report)
    assert "Wilson" in text and "greedy" in text and "souvenirs" in text
    fig = report.plot()
    assert len(fig.axes) == 4
    assert "<img" in report._repr_html_()
    with pytest.raises(TypeError, match="simulate"):
        balance_report(pd.DataFrame({"x": [1]}))


def test_compare_variants_tests_every_difference_from_the_baseline():
    """Art Gallery's single-card chains option (docs/rulings/art_gallery.md §2.3) against the printed rules."""
    cmp = compare_variants("art_gallery", {"printed": {}, "no single-card chains": {"single_card_chains": False}}, ["greedy", "random"], games=4, jobs=1)
    assert set(cmp.results) == {"printed", "no single-card chains"}
    assert len(cmp.seats) == 4 and set(cmp.seats.variant) == {"printed", "no single-card chains"}
    assert list(cmp.tests.measure) == ["win rate, seat 0", "mean total, seat 0", "win rate, seat 1", "mean total, seat 1", "game length (turns)"]
    assert cmp.tests.p.between(0, 1).all() and (cmp.tests.q >= cmp.tests.p - 1e-12).all()
    assert cmp.tests.significant.dtype == bool
    assert "Benjamini-Hochberg" in str(cmp) and len(cmp.plot().axes) == 2
    with pytest.raises(ValueError, match="at least two"):
        compare_variants("art_gallery", {"printed": {}}, ["greedy", "random"], games=1)
    with pytest.raises(ValueError, match="no option"):
        compare_variants("art_gallery", {"a": {}, "b": {"storage": 6}}, ["greedy", "random"], games=1)


def test_the_command_line_prints_the_report_and_writes_the_table(tmp_path, capsys):
    out = tmp_path / "results.csv"
    code = main(["simulate", "art_gallery", "--players", "2", "--bots", "greedy,random", "--games", "2", "--jobs", "1", "--no-progress", "--out", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "Seats" in printed and "Wilson" in printed and str(out) in printed
    table = pd.read_csv(out)
    assert len(table) == 4 and list(table.bot[:2]) == ["greedy", "random"]
    assert main(["simulate", "art_gallery", "--players", "2", "--bots", "alphazero", "--games", "1"]) == 2
    assert "no bot named 'alphazero'" in capsys.readouterr().err
    assert main(["simulate", "art_gallery", "--bots", "mcts", "--mcts-iterations", "0", "--games", "1"]) == 2
    assert main(["simulate", "nogame", "--games", "1"]) == 2


def test_the_command_line_refuses_odd_arguments_before_playing(tmp_path, capsys):
    """No games, or a table that could not be written, are refused before any game is played."""
    assert main(["simulate", "art_gallery", "--games", "0", "--no-progress"]) == 2
    assert "--games must be at least 1, not 0" in capsys.readouterr().err
    missing = tmp_path / "no_such_folder" / "x.csv"
    assert main(["simulate", "art_gallery", "--games", "50", "--no-progress", "--out", str(missing)]) == 2
    assert "the folder" in capsys.readouterr().err and not missing.parent.exists()
