"""Batch simulation, balance reports and rule-variant comparisons for game-design classes.

``simulate(game, ["mcts", "greedy", ...], games=100, seed=0)`` plays bot games (in local
processes, or on any ``concurrent.futures.Executor`` such as a Dask cluster's) and returns a
pandas DataFrame, one row per game and seat; ``balance_report(results)`` gives seat win rates
with confidence intervals, score distributions, game length and branching factor, as tables
and plots; ``compare_variants("zongshi", {"printed": {}, "display 3": {"masterwork_display": 3}},
bots, games=200)`` tests each rule change. The command line ``zongshi-widgets simulate`` runs
the same (:mod:`zongshi_widgets.lab.cli`).
"""

from .report import BalanceReport, VariantComparison, balance_report, compare_variants, wilson_interval
from .simulate import BotFailed, ShippingError, SimulationFailed, play_game, simulate, trace, win_rates

__all__ = [
    "BalanceReport",
    "BotFailed",
    "VariantComparison",
    "balance_report",
    "compare_variants",
    "play_game",
    "ShippingError",
    "SimulationFailed",
    "simulate",
    "trace",
    "wilson_interval",
    "win_rates",
]
