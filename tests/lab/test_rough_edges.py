"""The design lab's rough edges a newcomer found (issue 14, the newcomer's report): wrong bots
refused before any game is played, failing bots named, GembloQ's lower-is-better total said
wherever a total is shown, honest sample sizes and p values, and the command line's help."""

from __future__ import annotations

import os
import sys

import matplotlib

matplotlib.use("Agg")

import pandas as pd  # noqa: E402
import pytest  # noqa: E402

import zongshi_widgets as zw  # noqa: E402
from zongshi_widgets.agents import Agent, agent  # noqa: E402
from zongshi_widgets.lab import balance_report, compare_variants, play_game, simulate, win_rates  # noqa: E402
from zongshi_widgets.lab.cli import main  # noqa: E402
from zongshi_widgets.lab.report import format_p  # noqa: E402
from zongshi_widgets.lab.simulate import BotFailed  # noqa: E402
from zongshi_widgets.widgets.session import SeatError, check_seats  # noqa: E402

simulate_module = sys.modules["zongshi_widgets.lab.simulate"]  # the module (the package's name is the function)


@pytest.fixture
def nothing_played(monkeypatch):
    """Fails the test if any game is played."""

    def refuse(*args, **kwargs):
        raise AssertionError("a game was played before the arguments were checked")

    monkeypatch.setattr(simulate_module, "_game_rows", refuse)
    monkeypatch.setattr(simulate_module, "_play_chunk", refuse)


def test_another_games_bot_is_refused_before_playing_with_the_boards_words(nothing_played):
    gembloq = zw.game("gembloq", players=2)
    zongshi_bot = agent("mcts", game="zongshi")
    with pytest.raises(SeatError) as board_error:
        check_seats(["human", zongshi_bot], gembloq)
    with pytest.raises(ValueError) as lab_error:
        simulate(gembloq, ["greedy", zongshi_bot], games=1, jobs=1)
    assert str(lab_error.value) == str(board_error.value)
    assert "seat 1: the mcts[400 it] bot (ZongShiMCTS) is made for zongshi, not gembloq" in str(lab_error.value)
    with pytest.raises(ValueError, match="made for zongshi, not gembloq"):
        compare_variants("gembloq", {"4 colours": {"colors": 4}, "same": {"colors": 4}}, [zongshi_bot, "greedy"], games=1, jobs=1)
    with pytest.raises(ValueError, match="made for zongshi, not gembloq"):
        play_game(gembloq, ["greedy", zongshi_bot])


def test_something_that_is_not_a_bot_is_refused(nothing_played):
    with pytest.raises(TypeError, match=r"seat 1: 42 \(int\) is not a bot"):
        simulate(zw.game("gembloq", players=2), ["greedy", 42], games=1, jobs=1)
    with pytest.raises(TypeError, match="is not a bot"):
        compare_variants("gembloq", {"a": {}, "b": {}}, ["greedy", object()], games=1)


class _Illegal(Agent):
    name = "cheater"

    def decide(self, state, seat):
        return "a1,a2,a3"  # never a GembloQ piece


class _Crashing(Agent):
    name = "crasher"

    def decide(self, state, seat):
        raise RuntimeError("out of ideas")


@pytest.mark.parametrize("bot, words", [(_Illegal(), "chose an illegal action"), (_Crashing(), "failed with RuntimeError: out of ideas")])
def test_a_failing_bot_is_named_with_its_seat_and_the_seed_to_replay(bot, words):
    game = zw.game("gembloq", players=2)
    with pytest.raises(BotFailed) as failed:
        simulate(game, ["random", bot], games=2, seed=7, jobs=1)
    text = str(failed.value)
    assert "seat 1 (yellow)" in text and f"bot {bot.name!r}" in text and "game seed 7" in text and words in text
    assert "play_game(game, bots, seed=7)" in text
    with pytest.raises(BotFailed, match="game seed 3"):
        play_game(game, ["random", bot], seed=3)


def test_compare_variants_refuses_no_games_and_a_player_count_inside_a_variant(nothing_played):
    with pytest.raises(ValueError, match="games must be at least 1 per variant, not 0"):
        compare_variants("gembloq", {"a": {}, "b": {"colors": 4}}, ["greedy", "greedy"], games=0)
    with pytest.raises(ValueError, match="variant 'b': the player count is not a variant option here: it is the number of bots \\(3\\)"):
        compare_variants("zongshi", {"a": {}, "b": {"players": 4}}, ["greedy"] * 3, games=2)


@pytest.fixture(scope="module")
def gembloq_table():
    return simulate(zw.game("gembloq", players=2), ["greedy", "random"], games=4, seed=0, jobs=1)


def test_gembloq_totals_are_said_to_be_penalty_points_where_lower_wins(gembloq_table):
    """GembloQ rulebook, End of the Game: the player with the fewest points left in hand wins."""
    assert gembloq_table["lower_wins"].all() and set(gembloq_table["total_label"]) == {"penalty points"}
    report = balance_report(gembloq_table)
    text = str(report)
    assert "total (penalty points, lower wins)" in text
    # "pieces left" is a count, not points: not said to add up to the total
    assert "Mean of each score-sheet row (not points: these rows do not add up to the total (penalty points, lower wins))" in text
    fig = report.plot()
    titles = [ax.get_title() for ax in fig.axes]
    assert "final total (penalty points, lower wins) per seat" in titles
    assert any("not points" in t for t in titles)
    # a CSV written by an older version (no lower_wins column) is read the same way, from who won
    old = gembloq_table.drop(columns=["lower_wins", "total_label"])
    assert "lower wins" in str(balance_report(old))
    cmp = compare_variants("gembloq", {"printed": {}, "4 colours": {"colors": 4}}, ["greedy", "random"], games=2, jobs=1)
    assert "mean total (penalty points, lower wins), seat 0" in list(cmp.tests.measure)


def test_points_that_make_the_total_are_stacked_and_said_so():
    table = simulate(zw.game("zongshi", players=3), ["greedy", "random", "random"], games=1, seed=2, jobs=1)
    report = balance_report(table)
    assert "Mean points by score-sheet row (they add up to the total)" in str(report)
    assert "lower wins" not in str(report)
    assert any("stacked: the total" in ax.get_title() for ax in report.plot().axes)


def test_win_rates_gives_games_a_wilson_interval_and_the_sample_sd_of_balance_report(gembloq_table):
    rates = win_rates(gembloq_table)
    seats = balance_report(gembloq_table).seats
    assert list(rates.columns) == ["player", "bot", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_total", "sd_total", "lower_wins"]
    for col in ["games", "wins", "win_rate", "ci_low", "ci_high", "mean_total", "sd_total"]:
        assert rates[col].tolist() == pytest.approx(seats[col].tolist())
    seat0 = gembloq_table[gembloq_table.seat == 0]["total"]
    assert rates.loc[0, "sd_total"] == pytest.approx(seat0.std(ddof=1))
    assert rates.loc[0, "games"] == 4 and rates["lower_wins"].all()
    assert win_rates(gembloq_table.iloc[:0]).empty


def test_counts_are_integers_and_p_values_below_a_thousandth_are_not_zero(gembloq_table):
    report = balance_report(gembloq_table)
    assert isinstance(report.game["games"], int) and isinstance(report.game["shared_wins"], int)
    games_line = next(line for line in str(report).splitlines() if line.startswith("games "))
    assert games_line.split() == ["games", "4"]  # not 4.00
    assert format_p(0.0) == "<0.001" and format_p(0.0004) == "<0.001" and format_p(0.0123) == "0.012"
    cmp = compare_variants("gembloq", {"printed": {}, "same": {}}, ["greedy", "random"], games=2, jobs=1)
    assert cmp.games["games"].tolist() == [2, 2] and str(cmp.games["games"].dtype).startswith("int")
    assert "2 games per variant" in cmp.plot().axes[0].get_title()


def test_the_command_line_says_one_game_and_refuses_a_folder_or_an_unwritable_out(tmp_path, capsys, nothing_played):
    assert main(["simulate", "gembloq", "--players", "2", "--bots", "random", "--games", "1", "--no-progress", "--out", str(tmp_path)]) == 2
    assert "that is a folder" in capsys.readouterr().err
    if os.geteuid() != 0:  # root may write anywhere
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        try:
            assert main(["simulate", "gembloq", "--players", "2", "--bots", "random", "--games", "1", "--no-progress", "--out", str(locked / "x.csv")]) == 2
            assert "is not writable" in capsys.readouterr().err
        finally:
            locked.chmod(0o700)
    assert main(["simulate", "gembloq", "--players", "2", "--bots", "random", "--games", "1", "--mcts-iterations", "5", "--no-progress"]) == 2
    assert "--mcts-iterations would be unused: no seat plays mcts" in capsys.readouterr().err


def test_the_command_line_prints_one_game_in_the_singular(capsys):
    assert main(["simulate", "gembloq", "--players", "2", "--bots", "random", "--games", "1", "--jobs", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "1 game, seed 0," in out and "1 games" not in out and "lower wins" in out


def test_the_command_line_help_lists_bots_options_player_counts_and_the_mcts_cost(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = capsys.readouterr().out
    assert "gembloq: 4 players" in text and "majolica: 2 players" in text
    assert "options colors" in text and "masterwork_display" in text and "end_cards" in text
    assert "bots greedy, mcts, random" in text and "a decision" in text
    assert "zongshi-widgets simulate gembloq --players 2 --bots mcts,greedy" in text  # the examples are not cut


def test_a_failing_bot_on_the_command_line_is_named_with_exit_1(monkeypatch, capsys):
    def crash(*args, **kwargs):
        raise BotFailed("seat 1 (yellow), bot 'x', game seed 0: the bot failed")

    monkeypatch.setattr(simulate_module, "simulate", crash)
    assert main(["simulate", "gembloq", "--players", "2", "--bots", "random", "--games", "1", "--no-progress"]) == 1
    assert "seat 1 (yellow), bot 'x', game seed 0" in capsys.readouterr().err


def test_read_back_csv_keeps_the_lower_wins_column(gembloq_table, tmp_path):
    path = tmp_path / "gq.csv"
    gembloq_table.to_csv(path, index=False)
    assert "lower wins" in str(balance_report(pd.read_csv(path)))
