"""Play many bot games and tabulate the results."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pandas as pd

from ..agents import Agent, agent, ask
from ..core import Game, State


def _make_agents(game: Game, bots: Sequence[str | Agent], seed: int) -> list[Agent]:
    if not isinstance(game, Game):
        raise TypeError(f"game must be a zongshi_widgets Game (zw.game(...)), not {type(game).__name__}")
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a list with one bot per seat, e.g. {['greedy'] * game.players}, not {bots!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, not {seed!r}")
    if len(bots) != game.players:
        raise ValueError(f"need one bot per seat: {game.players} seats, {len(bots)} bots")
    return [agent(b, seed=seed * 1000 + i, game=game) if isinstance(b, str) else b for i, b in enumerate(bots)]


def play_game(game: Game, bots: Sequence[str | Agent], seed: int = 0, on_state: Callable[[State], None] | None = None) -> State:
    """Play one game between bots, to the end.

    Args:
        game (Game): the game.
        bots (Sequence[str | Agent]): one bot per seat, by name (``"random"``, ``"greedy"``, or
            one of the game's own bots) or as an :class:`~zongshi_widgets.agents.Agent` (or any
            object with ``choose(state)``; it sees only what its seat may see, see
            :func:`~zongshi_widgets.agents.ask`).
        seed (int): seeds the game's chance and the named bots.
        on_state (Callable[[State], None] | None): called with every position, start included.

    Returns:
        State: the final position (with its whole history).

    Raises:
        ValueError: not one bot per seat.
    """
    agents = _make_agents(game, bots, seed)
    state = game.new_state(seed=seed)
    if on_state:
        on_state(state)
    while not state.is_over:
        state = state.play(ask(agents[state.to_move], state))
        if on_state:
            on_state(state)
    return state


def simulate(game: Game, bots: Sequence[str | Agent], games: int = 100, seed: int = 0, progress: bool = False) -> pd.DataFrame:
    """Play ``games`` bot games (seeds ``seed``, ``seed + 1``, ...) and tabulate them.

    Args:
        game (Game): the game (its variant options included).
        bots (Sequence[str | Agent]): one bot per seat (see :func:`play_game`).
        games (int): how many games.
        seed (int): the first game's seed.
        progress (bool): show a tqdm progress bar.

    Returns:
        pandas.DataFrame: one row per game and seat, columns ``game`` (its seed), ``seat``,
        ``player`` (seat name), ``bot``, ``total`` (the score sheet's total), ``rank``,
        ``won`` (bool; shared first places all count), ``moves`` (actions in the game).
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 0:
        raise TypeError(f"games must be a whole number of games (an int >= 0), not {games!r}")
    _make_agents(game, bots, seed)  # checks the arguments before any game is played
    rows = []
    seeds = range(seed, seed + games)
    if progress:
        from tqdm.auto import tqdm

        seeds = tqdm(seeds, desc=f"{game.name} games")
    names = [b if isinstance(b, str) else getattr(b, "name", type(b).__name__) for b in bots]
    for s in seeds:
        final = play_game(game, bots, seed=s)
        sheet = final.score_sheet()
        for seat in range(game.players):
            rows.append(
                {
                    "game": s,
                    "seat": seat,
                    "player": game.seat_names[seat],
                    "bot": names[seat],
                    "total": sheet.totals[seat],
                    "rank": sheet.ranking[seat],
                    "won": seat in sheet.winners,
                    "moves": len(final.history),
                }
            )
    return pd.DataFrame(rows)


def win_rates(results: pd.DataFrame) -> pd.DataFrame:
    """Per seat: games won (share), mean total and its spread, from :func:`simulate`'s table.

    Returns:
        pandas.DataFrame: indexed by ``seat``, columns ``player``, ``bot``, ``win_rate``,
        ``mean_total``, ``std_total``.
    """
    if not isinstance(results, pd.DataFrame) or not {"seat", "player", "bot", "won", "total"} <= set(results.columns):
        raise TypeError("win_rates takes the table simulate() returns (a pandas DataFrame with seat, player, bot, won and total columns)")
    grouped = results.groupby("seat")
    return pd.DataFrame(
        {
            "player": grouped["player"].first(),
            "bot": grouped["bot"].first(),
            "win_rate": grouped["won"].mean(),
            "mean_total": grouped["total"].mean(),
            "std_total": grouped["total"].std(ddof=0),
        }
    )


def trace(game: Game, bots: Sequence[str | Agent], measure: Callable[[State, int], float], seed: int = 0) -> pd.DataFrame:
    """Play one bot game and record ``measure(state, seat)`` for every seat after every action.

    Args:
        game (Game): the game.
        bots (Sequence[str | Agent]): one bot per seat (see :func:`play_game`).
        measure (Callable[[State, int], float]): the figure to follow, e.g. a seat's number of
            corner spots.
        seed (int): seeds the game and the named bots.

    Returns:
        pandas.DataFrame: indexed by ``ply`` (actions played so far), one column per seat name.
    """
    rows = []

    def record(state: State) -> None:
        rows.append({game.seat_names[seat]: measure(state, seat) for seat in range(game.players)})

    play_game(game, bots, seed=seed, on_state=record)
    frame = pd.DataFrame(rows)
    frame.index.name = "ply"
    return frame
