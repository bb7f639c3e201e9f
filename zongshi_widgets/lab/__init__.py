"""Batch simulation and balance reports for game-design classes.

``simulate(game, ["greedy", "random", ...], games=100, seed=0)`` plays bot games and returns a
pandas DataFrame, one row per game and seat.
"""

from .simulate import play_game, simulate, trace, win_rates

__all__ = ["play_game", "simulate", "trace", "win_rates"]
