"""Balance reports and rule-variant comparisons over :func:`~zongshi_widgets.lab.simulate`
tables, with honest statistics: every rate has its 95 % Wilson interval and its sample size,
every difference its test (scipy.stats).
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import pandas as pd

from .simulate import SCORE_PREFIX, _check_bots, _check_game_and_seed, check_games, simulate

#: Confidence level of every interval.
CONFIDENCE = 0.95

#: Significance level of the variant tests (after the Benjamini-Hochberg correction).
ALPHA = 0.05


def wilson_interval(wins: int, games: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval of a win rate (``scipy.stats.binomtest(...).proportion_ci``).

    Args:
        wins (int): games won.
        games (int): games played (>= wins).
        confidence (float): the level, e.g. 0.95.

    Returns:
        tuple[float, float]: ``(low, high)`` in [0, 1]; ``(nan, nan)`` for no games.
    """
    from scipy.stats import binomtest

    if games == 0:
        return float("nan"), float("nan")
    ci = binomtest(int(wins), int(games)).proportion_ci(confidence_level=confidence, method="wilson")
    return float(ci.low), float(ci.high)


def _check_results(results: Any, who: str) -> pd.DataFrame:
    needed = {"game", "seat", "player", "bot", "won", "total", "game_turns", "branching", "decisions"}
    if not isinstance(results, pd.DataFrame) or not needed <= set(results.columns):
        raise TypeError(f"{who} takes the table simulate() returns (a pandas DataFrame with columns {', '.join(sorted(needed))})")
    if results.empty:
        raise ValueError(f"{who}: the table has no games")
    return results


def lower_total_wins(results: pd.DataFrame) -> bool:
    """Whether fewer points win in the game of a :func:`simulate` table (GembloQ's penalty
    points): its ``lower_wins`` column, or for a table without it (an older CSV) what its
    winners show (in every game whose totals differ, the winners hold the lowest).

    Args:
        results (pandas.DataFrame): a non-empty :func:`simulate` table.

    Returns:
        bool
    """
    if "lower_wins" in results.columns:
        return bool(results["lower_wins"].iloc[0])
    lower = higher = 0
    for _, part in results.groupby("game"):
        won, lost = part.loc[part["won"].astype(bool), "total"], part.loc[~part["won"].astype(bool), "total"]
        if len(won) and len(lost):
            lower += won.max() < lost.min()
            higher += won.min() > lost.max()
    return lower > 0 and higher == 0


def total_name(results: pd.DataFrame) -> str:
    """How a table's total reads where the lab shows it: ``"total (penalty points, lower
    wins)"`` when fewer points win (GembloQ), else ``"total"``."""
    if not len(results) or not lower_total_wins(results):
        return "total"
    label = str(results["total_label"].iloc[0]) if "total_label" in results.columns else "points"
    return f"total ({'points' if label == 'total' else label}, lower wins)"


def _categories_add_up(results: pd.DataFrame, categories: list[str]) -> bool:
    """Whether the score-sheet rows are points that add up to the total in every row of the
    table (GembloQ's one row, "pieces left", is a count: it does not)."""
    if not categories:
        return False
    return bool(((results[categories].sum(axis=1) - results["total"]).abs() < 1e-9).all())


def format_p(p: float) -> str:
    """A p or q value for a table: three decimals, ``"<0.001"`` below that (a printed
    ``0.000`` would claim a certainty no sample gives)."""
    if p != p:  # NaN
        return "nan"
    return "<0.001" if p < 0.0005 else f"{p:.3f}"


def _seat_table(results: pd.DataFrame) -> pd.DataFrame:
    """:func:`~zongshi_widgets.lab.simulate.win_rates` with, per seat, the test against a fair
    share, game length, branching, seconds per decision and each score-sheet row's mean."""
    from scipy.stats import binomtest

    from .simulate import win_rates

    players = int(results["seat"].max()) + 1
    table = win_rates(results).drop(columns="lower_wins")
    fair = [binomtest(int(w), int(n), 1.0 / players).pvalue if players > 1 else float("nan") for w, n in zip(table["wins"], table["games"])]
    table.insert(table.columns.get_loc("ci_high") + 1, "p_vs_fair", fair)
    categories = [c for c in results.columns if c.startswith(SCORE_PREFIX)]
    extra = {}
    for seat, part in results.groupby("seat"):
        row = {
            "mean_turns": part["turns"].mean() if "turns" in part else float("nan"),
            "branching": (part["branching"] * part["decisions"]).sum() / part["decisions"].sum(),
            "seconds_per_decision": part["seconds"].sum() / part["decisions"].sum() if "seconds" in part else float("nan"),
        }
        for c in categories:
            row[c] = part[c].mean()
        extra[seat] = row
    return table.join(pd.DataFrame.from_dict(extra, orient="index").rename_axis("seat"))


def _game_table(results: pd.DataFrame) -> pd.Series:
    per_game = results.groupby("game").first()
    decisions = results["decisions"].sum()
    return pd.Series(
        {
            "games": int(len(per_game)),
            "mean_turns": per_game["game_turns"].mean(),
            "sd_turns": per_game["game_turns"].std(ddof=1) if len(per_game) > 1 else float("nan"),
            "mean_moves": per_game["moves"].mean(),
            "branching": (results["branching"] * results["decisions"]).sum() / decisions if decisions else float("nan"),
            "shared_wins": int((results.groupby("game")["won"].sum() > 1).sum()),
        },
        dtype=object,
    )


def _figure_html(fig) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80, bbox_inches="tight")
    return f'<img alt="balance plots" src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}"/>'


@dataclass
class BalanceReport:
    """What :func:`balance_report` returns.

    Attributes:
        seats (pandas.DataFrame): indexed by seat: ``player``, ``bot``, ``games``, ``wins``,
            ``win_rate``, ``ci_low``/``ci_high`` (95 % Wilson interval), ``p_vs_fair``
            (two-sided binomial test of the win rate against ``1/players``), ``mean_total``,
            ``sd_total``, ``mean_turns``, ``branching`` (mean legal actions per decision),
            ``seconds_per_decision``, and the mean of every ``score: <category>`` column.
        game (pandas.Series): ``games``, ``mean_turns``, ``sd_turns``, ``mean_moves``,
            ``branching``, ``shared_wins``.
        results (pandas.DataFrame): the table it was made from.
    """

    seats: pd.DataFrame
    game: pd.Series
    results: pd.DataFrame

    def plot(self):
        """Four matplotlib panels: seat win rates with their intervals (the dashed line is a
        fair share), score distributions per seat, mean score by category per seat, and
        game lengths.

        Returns:
            matplotlib.figure.Figure
        """
        import matplotlib.pyplot as plt

        seats, results = self.seats, self.results
        labels = [f"{p}\n({b})" for p, b in zip(seats["player"], seats["bot"])]
        fig, axes = plt.subplots(2, 2, figsize=(11, 7))
        ax = axes[0][0]
        err = [seats["win_rate"] - seats["ci_low"], seats["ci_high"] - seats["win_rate"]]
        ax.bar(range(len(seats)), seats["win_rate"], yerr=err, capsize=4, color="#7aa6c2")
        ax.axhline(1 / len(seats), ls="--", color="grey", lw=1)
        ax.set_xticks(range(len(seats)), labels)
        ax.set_ylim(0, 1)
        ax.set_title(f"win rate per seat, 95 % interval ({int(self.game['games'])} games)")
        ax = axes[0][1]
        _boxplot(ax, [results.loc[results["seat"] == s, "total"] for s in seats.index], labels)
        ax.set_title(f"final {total_name(results)} per seat")
        ax = axes[1][0]
        cats = [c for c in seats.columns if c.startswith(SCORE_PREFIX)]
        if _categories_add_up(results, cats):  # points: stacked, they make the total
            bottom = [0.0] * len(seats)
            for c in cats:
                vals = seats[c].tolist()
                ax.bar(range(len(seats)), vals, bottom=bottom, label=c[len(SCORE_PREFIX) :])
                bottom = [b + v for b, v in zip(bottom, vals)]
            ax.set_title("points by score-sheet row, mean per seat (stacked: the total)")
        else:  # counts or other figures: side by side, never stacked as if they were points
            width = 0.8 / max(len(cats), 1)
            for k, c in enumerate(cats):
                xs = [i + (k - (len(cats) - 1) / 2) * width for i in range(len(seats))]
                ax.bar(xs, seats[c].tolist(), width=width, label=c[len(SCORE_PREFIX) :])
            ax.set_title("score-sheet rows, mean per seat (not points: they do not make the total)", fontsize=9)
        ax.set_xticks(range(len(seats)), labels)
        if cats:
            ax.legend(fontsize=7, loc="best")
        ax = axes[1][1]
        ax.hist(results.groupby("game")["game_turns"].first(), bins=15, color="#9bbf85")
        ax.set_title(f"game length (turns); mean branching factor {self.game['branching']:.1f}")
        ax.set_xlabel("turns")
        fig.tight_layout()
        return fig

    def _category_heading(self) -> str:
        cats = [c for c in self.seats.columns if c.startswith(SCORE_PREFIX)]
        if _categories_add_up(self.results, cats):
            return "Mean points by score-sheet row (they add up to the total)"
        return f"Mean of each score-sheet row (not points: these rows do not add up to the {total_name(self.results)})"

    def _seat_heading(self) -> str:
        return (
            "Seats (win rate with its 95 % Wilson interval; p_vs_fair: binomial test against a fair share; "
            f"mean_total and sd_total (sample SD) of the {total_name(self.results)})"
        )

    def __str__(self) -> str:
        cols = ["player", "bot", "games", "wins", "win_rate", "ci_low", "ci_high", "p_vs_fair", "mean_total", "sd_total", "mean_turns", "branching"]
        text = self.seats[cols].to_string(float_format=lambda v: f"{v:.3f}", formatters={"p_vs_fair": format_p})
        cats = [c for c in self.seats.columns if c.startswith(SCORE_PREFIX)]
        by_category = self.seats[["player", *cats]].rename(columns=lambda c: c.removeprefix(SCORE_PREFIX))
        parts = [
            self._seat_heading(),
            text,
            "",
            self._category_heading(),
            by_category.to_string(float_format=lambda v: f"{v:.2f}"),
            "",
            "Games",
            self.game.to_string(float_format=lambda v: f"{v:.2f}"),
        ]
        return "\n".join(parts)

    def _repr_html_(self) -> str:
        import matplotlib.pyplot as plt

        fig = self.plot()
        try:
            img = _figure_html(fig)
        finally:
            plt.close(fig)
        heading = html.escape(self._seat_heading()).replace("Seats", "<b>Seats</b>", 1)
        return (
            f"<p>{heading}</p>"
            + self.seats.to_html(float_format=lambda v: f"{v:.3f}", formatters={"p_vs_fair": format_p})
            + f"<p>The <code>score: …</code> columns: {html.escape(self._category_heading())}</p>"
            + "<p><b>Games</b></p>"
            + self.game.to_frame("value").to_html(float_format=lambda v: f"{v:.2f}")
            + img
        )


def _boxplot(ax, data: list, labels: list[str]) -> None:
    """A box plot with labels (matplotlib 3.9 renamed ``labels`` to ``tick_labels``)."""
    import matplotlib

    major, minor = (int(x) for x in matplotlib.__version__.split(".")[:2])
    key = "tick_labels" if (major, minor) >= (3, 9) else "labels"
    ax.boxplot(data, **{key: labels})


def balance_report(results: pd.DataFrame) -> BalanceReport:
    """Seat win rates with confidence intervals, score distributions per seat and category,
    game length and branching factor, from :func:`~zongshi_widgets.lab.simulate`'s table.

    Args:
        results (pandas.DataFrame): a table from :func:`simulate`.

    Returns:
        BalanceReport: ``.seats`` and ``.game`` tables, ``.plot()`` (matplotlib); prints as
        text and shows as HTML with its plots in a notebook.

    Raises:
        TypeError: not a :func:`simulate` table.
        ValueError: an empty table.
    """
    results = _check_results(results, "balance_report")
    return BalanceReport(_seat_table(results), _game_table(results), results)


@dataclass
class VariantComparison:
    """What :func:`compare_variants` returns.

    Attributes:
        seats (pandas.DataFrame): one row per variant and seat: ``variant``, ``seat``,
            ``player``, ``games``, ``win_rate``, ``ci_low``, ``ci_high``, ``mean_total``.
        games (pandas.DataFrame): one row per variant: ``games``, ``mean_turns``,
            ``branching``, ``mean_total`` (all seats).
        tests (pandas.DataFrame): one row per difference from the first (baseline) variant:
            ``variant``, ``measure`` (``"win rate, seat k"``, ``"mean total, seat k"`` (GembloQ:
            ``"mean total (penalty points, lower wins), seat k"``),
            ``"game length (turns)"``), ``baseline``, ``value``, ``difference``, ``test``
            (Fisher's exact test for win rates, Welch's t-test for means), ``p``, ``q``
            (Benjamini-Hochberg adjusted over the whole table), ``significant`` (``q <
            ALPHA``).
        results (dict[str, pandas.DataFrame]): each variant's :func:`simulate` table.
    """

    seats: pd.DataFrame
    games: pd.DataFrame
    tests: pd.DataFrame
    results: dict

    def plot(self):
        """Win rate per seat for each variant with 95 % intervals, and game lengths.

        Returns:
            matplotlib.figure.Figure
        """
        import matplotlib.pyplot as plt

        names = list(self.results)
        fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4))
        seats = sorted(self.seats["seat"].unique())
        width = 0.8 / len(names)
        for k, name in enumerate(names):
            part = self.seats[self.seats["variant"] == name].set_index("seat").loc[seats]
            xs = [s + (k - (len(names) - 1) / 2) * width for s in seats]
            err = [part["win_rate"] - part["ci_low"], part["ci_high"] - part["win_rate"]]
            ax1.bar(xs, part["win_rate"], width=width, yerr=err, capsize=3, label=name)
        ax1.set_xticks(seats, [str(p) for p in self.seats[self.seats["variant"] == names[0]]["player"]])
        ax1.set_ylim(0, 1)
        n = int(self.games["games"].iloc[0]) if len(self.games) else 0
        ax1.set_title(f"win rate per seat, 95 % interval ({n} game{'' if n == 1 else 's'} per variant)")
        ax1.legend(fontsize=8)
        lengths = [r.groupby("game")["game_turns"].first() for r in self.results.values()]
        _boxplot(ax2, lengths, names)
        ax2.set_title("game length (turns)")
        fig.tight_layout()
        return fig

    def __str__(self) -> str:
        return "\n".join(
            [
                "Seats per variant (95 % Wilson intervals)",
                self.seats.to_string(index=False, float_format=lambda v: f"{v:.3f}"),
                "",
                "Games per variant",
                self.games.to_string(float_format=lambda v: f"{v:.2f}"),
                "",
                f"Differences from {next(iter(self.results))!r} (q: Benjamini-Hochberg; significant when q < {ALPHA})",
                self.tests.to_string(index=False, float_format=lambda v: f"{v:.3f}", formatters={"p": format_p, "q": format_p}),
            ]
        )

    def _repr_html_(self) -> str:
        import matplotlib.pyplot as plt

        fig = self.plot()
        try:
            img = _figure_html(fig)
        finally:
            plt.close(fig)
        base = html.escape(next(iter(self.results)))
        return (
            "<p><b>Seats per variant</b> (95 % Wilson intervals)</p>"
            + self.seats.to_html(index=False, float_format=lambda v: f"{v:.3f}")
            + "<p><b>Games per variant</b></p>"
            + self.games.to_html(float_format=lambda v: f"{v:.2f}")
            + f"<p><b>Differences from {base}</b> (q: Benjamini-Hochberg; significant when q &lt; {ALPHA})</p>"
            + self.tests.to_html(index=False, float_format=lambda v: f"{v:.3f}", formatters={"p": format_p, "q": format_p})
            + img
        )


def compare_variants(
    name: str,
    variants: Mapping[str, Mapping[str, Any]],
    bots: Sequence[Any],
    games: int = 100,
    seed: int = 0,
    *,
    progress: bool | None = None,
    executor: Executor | None = None,
    jobs: int | None = None,
    start_method: str | None = None,
) -> VariantComparison:
    """Simulate the same bots under several rule variants and test each difference from the
    first variant (the baseline).

    Args:
        name (str): the game's registry name, e.g. ``"zongshi"``.
        variants (Mapping[str, Mapping]): ``{label: options}``, each ``options`` keywords of
            ``zw.game(name, ...)`` (``{}`` for the rules as printed); the first is the
            baseline. At least two.
        bots (Sequence): one bot per seat (their number is the player count).
        games (int): games per variant (the same seeds in every variant).
        seed (int): the first game's seed.
        progress, executor, jobs, start_method: as for :func:`~zongshi_widgets.lab.simulate`.

    Returns:
        VariantComparison: ``.seats``, ``.games``, ``.tests`` tables, ``.plot()``.

    Raises:
        TypeError: ``variants`` not a mapping of mappings, ``games`` not an int, an entry of
            ``bots`` that is not a bot.
        ValueError: fewer than two variants, ``games`` < 1, ``players`` inside a variant (the
            player count is ``len(bots)``), an option the game does not have, a bot made for
            another game (all refused before any game is played).
        BotFailed: a bot raised an error or chose an illegal action (see :func:`simulate`).
        ShippingError, SimulationFailed: as for :func:`simulate`.
    """
    from scipy.stats import false_discovery_control, fisher_exact, ttest_ind

    from .. import core

    if not isinstance(variants, Mapping) or not all(isinstance(v, Mapping) for v in variants.values()):
        raise TypeError("variants must be a dict {label: {option: value, ...}, ...}, e.g. {'printed': {}, 'display 3': {'masterwork_display': 3}}")
    if len(variants) < 2:
        raise ValueError(f"compare_variants needs at least two variants (a baseline and a change), not {len(variants)}")
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a list with one bot per seat, not {bots!r}")
    check_games(games, " per variant")
    for label, options in variants.items():
        if "players" in options:
            raise ValueError(
                f"variant {label!r}: the player count is not a variant option here: it is the number of bots "
                f"({len(bots)}); compare player counts with separate simulate() runs"
            )
    made = {label: core.game(name, players=len(bots), **dict(options)) for label, options in variants.items()}
    for g in made.values():  # every bot checked against every variant before any game is played
        _check_game_and_seed(g, seed)
        _check_bots(g, bots)
    run = {"games": games, "seed": seed, "progress": progress, "executor": executor, "jobs": jobs, "start_method": start_method}
    results = {label: simulate(g, bots, **run) for label, g in made.items()}
    seat_rows, game_rows = [], {}
    for label, res in results.items():
        table = _seat_table(res)
        for seat, row in table.iterrows():
            seat_rows.append(
                {
                    "variant": label,
                    "seat": seat,
                    "player": row["player"],
                    "games": int(row["games"]),
                    "win_rate": row["win_rate"],
                    "ci_low": row["ci_low"],
                    "ci_high": row["ci_high"],
                    "mean_total": row["mean_total"],
                }
            )
        g = _game_table(res)
        game_rows[label] = {"games": int(g["games"]), "mean_turns": g["mean_turns"], "branching": g["branching"], "mean_total": res["total"].mean()}
    labels = list(results)
    base = results[labels[0]]
    total = total_name(base)
    tests = []
    for label in labels[1:]:
        other = results[label]
        for seat in sorted(base["seat"].unique()):
            a, b = base[base["seat"] == seat], other[other["seat"] == seat]
            wa, wb = int(a["won"].sum()), int(b["won"].sum())
            p = fisher_exact([[wa, len(a) - wa], [wb, len(b) - wb]]).pvalue
            tests.append(_test_row(label, f"win rate, seat {seat}", wa / len(a), wb / len(b), "Fisher exact", p))
            t = ttest_ind(a["total"], b["total"], equal_var=False)
            tests.append(_test_row(label, f"mean {total}, seat {seat}", a["total"].mean(), b["total"].mean(), "Welch t", t.pvalue))
        la, lb = base.groupby("game")["game_turns"].first(), other.groupby("game")["game_turns"].first()
        t = ttest_ind(la, lb, equal_var=False)
        tests.append(_test_row(label, "game length (turns)", la.mean(), lb.mean(), "Welch t", t.pvalue))
    tests_frame = pd.DataFrame(tests)
    ps = tests_frame["p"].fillna(1.0).clip(0, 1)
    tests_frame["q"] = false_discovery_control(ps.to_numpy()) if len(ps) else []
    tests_frame["significant"] = tests_frame["q"] < ALPHA
    games_frame = pd.DataFrame(game_rows).T.astype({"games": int, "mean_turns": float, "branching": float, "mean_total": float})
    return VariantComparison(pd.DataFrame(seat_rows), games_frame, tests_frame, results)


def _test_row(variant: str, measure: str, baseline: float, value: float, test: str, p: float) -> dict:
    return {"variant": variant, "measure": measure, "baseline": baseline, "value": value, "difference": value - baseline, "test": test, "p": float(p)}
