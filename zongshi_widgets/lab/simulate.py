"""Play many bot games and tabulate the results, in local processes or on any
``concurrent.futures.Executor`` (a Dask cluster: ``distributed.Client(...).get_executor()``).

Every game is independent and seeded: game ``k`` of a run with seed ``s`` plays from
``new_state(seed=s + k)`` and its named bots are seeded ``(s + k) * 1000 + seat``; a bot given
as an object is copied and reseeded the same way (:meth:`Agent.reseed`). So a table depends
only on the game, the bots and the seed, not on who plays the games or in which order: local
processes, one process, or a cluster give identical tables (the ``seconds`` column, measured
time, excepted).
"""

from __future__ import annotations

import copy
import json
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from typing import Any

import pandas as pd

from ..agents import Agent, agent, ask
from ..agents.base import foreign_bot_message
from ..core import Game, IllegalAction, State

#: Columns of :func:`simulate`'s table before the ``score: <category>`` columns.
COLUMNS = [
    *("game", "seat", "player", "bot", "total", "total_label", "lower_wins", "rank", "won"),
    *("moves", "game_turns", "turns", "decisions", "branching", "seconds"),
]

#: Prefix of the per-category score columns.
SCORE_PREFIX = "score: "


def _check_game_and_seed(game: Game, seed: int) -> None:
    if not isinstance(game, Game):
        raise TypeError(f"game must be a zongshi_widgets Game (zw.game(...)), not {type(game).__name__}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, not {seed!r}")


class BotFailed(RuntimeError):
    """A bot raised an error or chose an illegal action during a lab game. The message names
    the seat, the bot and the game's seed (replay it with ``play_game(game, bots, seed=...)``);
    the bot's own error is its ``__cause__``."""


def _check_bots(game: Game, bots: Sequence[str | Agent]) -> None:
    """Refuse, before any game is played, a bot list that is not one bot per seat, an entry
    that is neither a bot name nor a bot (an object with ``choose``), and another game's
    own bot (the boards' :class:`~zongshi_widgets.widgets.session.SeatError` wording)."""
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a list with one bot per seat, e.g. {['greedy'] * game.players}, not {bots!r}")
    if len(bots) != game.players:
        raise ValueError(f"need one bot per seat: {game.players} seats, {len(bots)} bots")
    for i, b in enumerate(bots):
        if isinstance(b, str):
            continue
        if not callable(getattr(b, "choose", None)):
            raise TypeError(
                f"seat {i}: {b!r} ({type(b).__name__}) is not a bot; a bot is a name (e.g. 'greedy') "
                "or an object with a choose(state) method, e.g. zongshi_widgets.agents.agent('mcts', game=...)"
            )
        problem = foreign_bot_message(b, game, i)
        if problem is not None:
            raise ValueError(problem)


def _where(bots: Sequence[Any], state: State, seat: int, seed: int) -> str:
    return f"seat {seat} ({state.game.seat_names[seat]}), bot {_bot_label(bots[seat])!r}, game seed {seed}"


def _replay(seed: int) -> str:
    return f"replay it with zongshi_widgets.lab.play_game(game, bots, seed={seed})"


def _ask_checked(bots: Sequence[Any], agents: list[Any], state: State, seat: int, seed: int) -> Any:
    """The bot's action for ``seat``; a bot's error is raised as :class:`BotFailed` naming the
    seat, the bot and the game seed."""
    try:
        return ask(agents[seat], state)
    except Exception as exc:
        raise BotFailed(f"{_where(bots, state, seat, seed)}: the bot failed with {type(exc).__name__}: {exc}; {_replay(seed)}") from exc


def _play_checked(bots: Sequence[Any], state: State, seat: int, seed: int, action: Any) -> State:
    """``state.play(action)``; an illegal choice of the bot is raised as :class:`BotFailed`."""
    try:
        return state.play(action)
    except (IllegalAction, TypeError, ValueError) as exc:
        raise BotFailed(f"{_where(bots, state, seat, seed)}: the bot chose an illegal action {action!r}: {exc}; {_replay(seed)}") from exc


def _seat_seed(seed: int, seat: int) -> int:
    return seed * 1000 + seat


def _make_agents(game: Game, bots: Sequence[str | Agent], seed: int, reseed: bool = True) -> list[Agent]:
    """One bot per seat, seeded for the game of seed ``seed``: names are made with
    :func:`agent`; a bot object is copied and, when it can (:meth:`Agent.reseed`), reseeded
    (with ``reseed=False``: used as given, with its own seed)."""
    _check_game_and_seed(game, seed)
    _check_bots(game, bots)
    out = []
    for i, b in enumerate(bots):
        if isinstance(b, str):
            out.append(agent(b, seed=_seat_seed(seed, i), game=game))
        elif not reseed:
            out.append(b)
        else:
            b = copy.deepcopy(b)
            if hasattr(b, "reseed"):
                b.reseed(_seat_seed(seed, i))
            out.append(b)
    return out


def _bot_label(bot: Any) -> str:
    if isinstance(bot, str):
        return bot
    return getattr(bot, "label", None) or getattr(bot, "name", None) or type(bot).__name__


def play_game(game: Game, bots: Sequence[str | Agent], seed: int = 0, on_state: Callable[[State], None] | None = None) -> State:
    """Play one game between bots, to the end.

    Args:
        game (Game): the game.
        bots (Sequence[str | Agent]): one bot per seat, by name (``"random"``, ``"greedy"``,
            ``"mcts"``, or one of the game's own bots; seeded from ``seed``) or as an
            :class:`~zongshi_widgets.agents.Agent` (used as given, with the seed you gave it;
            or any object with ``choose(state)``; it sees only what its seat may see, see
            :func:`~zongshi_widgets.agents.ask`). (:func:`simulate` copies and reseeds bot
            objects for every game, so that its tables do not depend on who plays them.)
        seed (int): seeds the game's chance and the named bots.
        on_state (Callable[[State], None] | None): called with every position, start included.

    Returns:
        State: the final position (with its whole history).

    Raises:
        TypeError: an entry that is not a bot.
        ValueError: not one bot per seat, another game's own bot.
        BotFailed: a bot raised an error or chose an illegal action (names the seat, the bot
            and the seed).
    """
    agents = _make_agents(game, bots, seed, reseed=False)
    state = game.new_state(seed=seed)
    if on_state:
        on_state(state)
    while not state.is_over:
        seat = state.to_move
        state = _play_checked(bots, state, seat, seed, _ask_checked(bots, agents, state, seat, seed))
        if on_state:
            on_state(state)
    return state


def _game_rows(game: Game, bots: Sequence[str | Agent], seed: int) -> list[dict]:
    """Play the game of seed ``seed`` and return its rows (one per seat), see :func:`simulate`."""
    agents = _make_agents(game, bots, seed)
    players = game.players
    decisions = [0] * players
    branching = [0] * players
    seconds = [0.0] * players
    turns: list[set] = [set() for _ in range(players)]
    state = game.new_state(seed=seed)
    while not state.is_over:
        seat = state.to_move
        decisions[seat] += 1
        branching[seat] += len(state.legal_actions())
        turns[seat].add(state.turn.turn)
        start = time.perf_counter()
        action = _ask_checked(bots, agents, state, seat, seed)
        seconds[seat] += time.perf_counter() - start
        state = _play_checked(bots, state, seat, seed, action)
    sheet = state.score_sheet()
    game_turns = len(set().union(*turns))
    rows = []
    for seat in range(players):
        row = {
            "game": seed,
            "seat": seat,
            "player": game.seat_names[seat],
            "bot": _bot_label(bots[seat]),
            "total": sheet.totals[seat],
            "total_label": sheet.total_label,
            "lower_wins": bool(sheet.lower_wins),
            "rank": sheet.ranking[seat],
            "won": seat in sheet.winners,
            "moves": len(state.history),
            "game_turns": game_turns,
            "turns": len(turns[seat]),
            "decisions": decisions[seat],
            "branching": branching[seat] / decisions[seat] if decisions[seat] else float("nan"),
            "seconds": seconds[seat],
        }
        for i, category in enumerate(sheet.categories):
            row[SCORE_PREFIX + category] = sheet.values[seat][i]
        rows.append(row)
    return rows


#: Games rebuilt in a worker process, by (name, players, options).
_GAMES: dict[tuple, Game] = {}


def _rebuild(spec: tuple) -> Game:
    game = _GAMES.get(spec)
    if game is None:
        from .. import core

        name, players, options = spec
        game = _GAMES[spec] = core.game(name, players=players, **json.loads(options))
    return game


def _game_spec(game: Game) -> tuple:
    return (game.name, game.players, json.dumps(game.options, sort_keys=True))


def _play_task(spec: tuple, bots: list, seeds: list[int]) -> list[dict]:
    """A worker's task: play the games of these seeds (top level, so processes and Dask
    workers can import it)."""
    import zongshi_widgets  # noqa: F401  (registers the games in a fresh worker)

    game = _rebuild(spec)
    rows = []
    for s in seeds:
        rows += _game_rows(game, bots, s)
    return rows


def simulate(
    game: Game,
    bots: Sequence[str | Agent],
    games: int = 100,
    seed: int = 0,
    progress: bool = False,
    *,
    executor: Executor | None = None,
    jobs: int | None = None,
) -> pd.DataFrame:
    """Play ``games`` bot games (seeds ``seed``, ``seed + 1``, ...) and tabulate them.

    Args:
        game (Game): the game (its variant options included).
        bots (Sequence[str | Agent]): one bot per seat (see :func:`play_game`), e.g.
            ``["mcts", "greedy", "random"]`` or ``[agent("mcts", iterations=400), ...]``.
        games (int): how many games (>= 0).
        seed (int): the first game's seed.
        progress (bool): show a tqdm progress bar (``tqdm.auto``: a widget in notebooks,
            text in terminals).
        executor (concurrent.futures.Executor | None): where the games are played, e.g.
            ``distributed.Client(address).get_executor()`` for a Dask cluster; it must be
            able to import ``zongshi_widgets`` (and read a ``components=`` file the game was
            made with: each worker remakes the game from its name and options). ``None``: local processes
            (:class:`~concurrent.futures.ProcessPoolExecutor` with ``jobs`` workers).
        jobs (int | None): local processes when ``executor`` is ``None`` (default: the CPU
            count, at most one per game); ``1`` plays in this process.

    Returns:
        pandas.DataFrame: one row per game and seat, ordered by game then seat. Columns
        ``game`` (its seed), ``seat``, ``player`` (seat name), ``bot`` (name, with its budget
        for an MCTS object), ``total`` (the score sheet's total), ``total_label`` (what the
        total counts, e.g. ``"penalty points"`` in GembloQ), ``lower_wins`` (bool: fewer
        points win, as in GembloQ), ``rank``, ``won`` (bool;
        shared first places all count), ``moves`` (actions in the game), ``game_turns``
        (turns in the game), ``turns`` (the seat's turns), ``decisions`` (the seat's actions),
        ``branching`` (mean number of legal actions at the seat's decisions), ``seconds``
        (the seat's bot's thinking time: the only column that varies between runs), then one
        ``"score: <category>"`` column per row of the game's score sheet. The same arguments
        give the same table whatever executes them (``seconds`` excepted).

    Raises:
        TypeError: ``game`` not a Game, ``bots`` not a list, ``games``/``seed``/``jobs``
            not ints, ``executor`` not an Executor.
        ValueError: not one bot per seat, ``jobs`` < 1, an unknown bot name, a bot made
            for another game (all before any game is played).
        BotFailed: a bot raised an error or chose an illegal action (names the seat, the bot
            and the game seed to replay).
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 0:
        raise TypeError(f"games must be a whole number of games (an int >= 0), not {games!r}")
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor (e.g. distributed.Client(...).get_executor()), not {executor!r}")
    if jobs is not None and (not isinstance(jobs, int) or isinstance(jobs, bool)):
        raise TypeError(f"jobs must be an int, not {jobs!r}")
    if jobs is not None and jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    _make_agents(game, bots, seed)  # checks the arguments before any game is played
    bots = list(bots)
    seeds = list(range(seed, seed + games))
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=games, desc=f"{game.name} games")
    rows: list[dict] = []
    try:
        if executor is None and (jobs == 1 or games <= 1 or (jobs is None and (os.cpu_count() or 1) == 1)):
            for s in seeds:
                rows += _game_rows(game, bots, s)
                if bar is not None:
                    bar.update(1)
        else:
            spec = _game_spec(game)
            own = None
            if executor is None:
                own = executor = ProcessPoolExecutor(max_workers=min(jobs or os.cpu_count() or 1, games))
            try:
                futures = {executor.submit(_play_task, spec, bots, [s]): s for s in seeds}
                for future in as_completed(futures):
                    rows += future.result()
                    if bar is not None:
                        bar.update(1)
            finally:
                if own is not None:
                    own.shutdown()
    finally:
        if bar is not None:
            bar.close()
    frame = pd.DataFrame(rows)
    if frame.empty:
        return pd.DataFrame(columns=COLUMNS)
    return frame.sort_values(["game", "seat"], kind="stable").reset_index(drop=True)


def win_rates(results: pd.DataFrame) -> pd.DataFrame:
    """Per seat: games, wins, the win rate with its 95 % Wilson interval, and the mean total
    with its sample standard deviation (the same figures as :func:`balance_report`'s seat
    table), from :func:`simulate`'s table.

    Args:
        results (pandas.DataFrame): a :func:`simulate` table (or one read back from its CSV).

    Returns:
        pandas.DataFrame: indexed by ``seat``, columns ``player``, ``bot``, ``games``,
        ``wins`` (ints), ``win_rate`` (0..1), ``ci_low``/``ci_high`` (95 % Wilson interval),
        ``mean_total`` and ``sd_total`` (sample SD, ``ddof=1``; NaN for one game), and
        ``lower_wins`` (fewer points win: GembloQ's penalty points). Empty for an empty table.

    Raises:
        TypeError: not a :func:`simulate` table.
    """
    from .report import wilson_interval

    if not isinstance(results, pd.DataFrame) or not {"seat", "player", "bot", "won", "total"} <= set(results.columns):
        raise TypeError("win_rates takes the table simulate() returns (a pandas DataFrame with seat, player, bot, won and total columns)")
    from .report import lower_total_wins

    lower = lower_total_wins(results) if len(results) else False
    rows = []
    for seat, part in results.groupby("seat"):
        games, wins = len(part), int(part["won"].sum())
        low, high = wilson_interval(wins, games)
        rows.append(
            {
                "seat": seat,
                "player": part["player"].iloc[0],
                "bot": part["bot"].iloc[0],
                "games": games,
                "wins": wins,
                "win_rate": wins / games,
                "ci_low": low,
                "ci_high": high,
                "mean_total": part["total"].mean(),
                "sd_total": part["total"].std(ddof=1) if games > 1 else float("nan"),
                "lower_wins": lower,
            }
        )
    columns = ["player", "bot", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_total", "sd_total", "lower_wins"]
    if not rows:
        return pd.DataFrame(columns=columns).rename_axis("seat")
    return pd.DataFrame(rows).set_index("seat")[columns]


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
