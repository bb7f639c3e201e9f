"""Play many bot games and tabulate the results, in local processes or on any
``concurrent.futures.Executor`` (a Dask cluster: ``distributed.Client(...).get_executor()``).

Every game is independent and seeded: game ``k`` of a run with seed ``s`` plays from
``new_state(seed=s + k)`` and its named bots are seeded ``(s + k) * 1000 + seat``; a bot given
as an object is copied and reseeded the same way (:meth:`Agent.reseed`). So a table depends
only on the game, the bots and the seed, not on who plays the games or in which order: local
processes, one process, or a cluster give identical tables (the ``seconds`` column, measured
time, excepted).

Shipping: what a worker plays with is sent to it by value with every run. The game object
itself is pickled with cloudpickle (its rules, its variant options and the component values it
loaded: an edited component file reaches the workers only through a game made again from it),
and so are the bots (a bot class written in a notebook cell, or one holding a lambda, travels
by value) and the classes that bot names stand for. Workers keep what they unpacked only under
the SHA-256 of those bytes, never under a game's name or options, so nothing they use can be
stale. Local processes are started with the ``spawn`` method by default, as on macOS and
Windows, so a run behaves the same on every laptop (``start_method=`` chooses another).
"""

from __future__ import annotations

import copy
import hashlib
import multiprocessing
import os
import pickle
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pandas as pd

from ..agents import Agent, ask
from ..agents.base import agent_class, foreign_bot_message
from ..core import Game, IllegalAction, State
from ..core.gametype import plural

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


class ShippingError(TypeError):
    """Something :func:`simulate` must send to its worker processes (the game or a bot) cannot
    be pickled. Raised before any game is played; the message names the object (which seat's
    bot, which of its attributes) and what to do."""


class SimulationFailed(RuntimeError):
    """A run could not finish: its worker processes kept dying, a Dask cluster lost all its
    workers or killed a task's workers again and again, or the workers could not unpack the
    game and bots (or play them as this process does). No table is returned, never a short one.

    Attributes:
        played (int): games that had finished when the run stopped.
        games (int): games the run was to play.
    """

    def __init__(self, message: str, played: int = 0, games: int = 0):
        super().__init__(message)
        self.played = played
        self.games = games

    def __reduce__(self):
        return type(self), (str(self), self.played, self.games)


def check_games(games: object, per: str = "") -> int:
    """``games`` checked: how many games to play, a whole number of at least 1 (the words
    :func:`simulate`, :func:`~zongshi_widgets.lab.compare_variants` and the command line's
    ``--games`` refuse it with).

    Args:
        games: the value to check.
        per (str): what the count is per, for the message (e.g. ``" per variant"``).

    Returns:
        int: ``games``.

    Raises:
        TypeError: not an int (bools are refused).
        ValueError: less than 1 (``"games must be at least 1, not 0"``).
    """
    if not isinstance(games, int) or isinstance(games, bool):
        raise TypeError(f"games must be a whole number of games{per} (an int, at least 1), not {games!r}")
    if games < 1:
        raise ValueError(f"games must be at least 1{per}, not {games}")
    return games


def _check_bots(game: Game, bots: Sequence[str | Agent]) -> None:
    """Refuse, before any game is played, a bot list that is not one bot per seat, an entry
    that is neither a bot name nor a bot (an object with ``choose``), and another game's
    own bot (the boards' :class:`~zongshi_widgets.widgets.session.SeatError` wording)."""
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a list with one bot per seat, e.g. {['greedy'] * game.players}, not {bots!r}")
    if len(bots) != game.players:
        raise ValueError(f"need one bot per seat: {plural(game.players, 'seat')}, {plural(len(bots), 'bot')}")
    for i, b in enumerate(bots):
        if isinstance(b, str):
            continue
        if isinstance(b, type):
            raise TypeError(f"seat {i}: {b.__name__} is a bot class; give a bot, an instance of it: {b.__name__}()")
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


def _bot_classes(game: Game, bots: Sequence[str | Agent]) -> dict[str, type]:
    """The class each bot name of ``bots`` stands for in ``game`` (see
    :func:`~zongshi_widgets.agents.base.agent_class`).

    Raises:
        KeyError: an unknown bot name.
    """
    return {b: agent_class(b, game) for b in bots if isinstance(b, str)}


def _make_agents(game: Game, bots: Sequence[str | Agent], seed: int, reseed: bool = True, classes: dict[str, type] | None = None) -> list[Agent]:
    """One bot per seat, seeded for the game of seed ``seed``: a name is made as
    ``agent(name, seed=...)`` makes it (from ``classes``, the classes resolved where the run
    started, when given); a bot object is copied and, when it can (:meth:`Agent.reseed`),
    reseeded (with ``reseed=False``: used as given, with its own seed)."""
    _check_game_and_seed(game, seed)
    _check_bots(game, bots)
    classes = classes if classes is not None else _bot_classes(game, bots)
    out = []
    for i, b in enumerate(bots):
        if isinstance(b, str):
            out.append(classes[b](seed=_seat_seed(seed, i)))
        elif not reseed:
            out.append(b)
        else:
            try:
                b = copy.deepcopy(b)
            except Exception as exc:  # whatever copying raises: TypeError, PicklingError...
                culprit = _attribute_problem(b) or f"{type(exc).__name__}: {exc}"
                raise ShippingError(
                    f"seat {i} ({game.seat_names[i]}): the bot {_bot_label(b)!r} ({type(b).__name__}) cannot be copied: "
                    f"{culprit}; the lab plays every game with a fresh copy of each bot (and sends it to worker "
                    "processes), so make such things inside decide() instead of keeping them on the bot"
                ) from exc
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


def _game_rows(game: Game, bots: Sequence[str | Agent], seed: int, classes: dict[str, type] | None = None) -> list[dict]:
    """Play the game of seed ``seed`` and return its rows (one per seat), see :func:`simulate`."""
    agents = _make_agents(game, bots, seed, classes=classes)
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


#: Start methods :func:`simulate` accepts for local processes, and the one it uses by default:
#: ``spawn``, the default on macOS and Windows (and the only method on Windows), so a run
#: behaves alike on every laptop; ``forkserver`` is Linux's default from Python 3.14. ``fork``
#: is accepted when asked for, but it copies a multi-threaded process (a Jupyter kernel is
#: one), which Python 3.12 and later warn about.
START_METHODS = ("spawn", "forkserver", "fork")
DEFAULT_START_METHOD = "spawn"

#: How long a Dask run waits for a worker when its cluster has none left, in seconds, before it
#: stops with :class:`SimulationFailed` (a cluster that is restarting its workers gets them
#: back well within it).
NO_WORKER_TIMEOUT = 60.0

#: Times a run of local processes starts a fresh pool after a worker process died, before it
#: gives up (the games it had not finished are played again: every game is seeded, so the
#: table is the same).
POOL_RESTARTS = 2


def _pickle_problem(obj: Any) -> Exception | None:
    """The error pickling ``obj`` with cloudpickle raises, or ``None`` when it pickles."""
    import cloudpickle

    try:
        cloudpickle.dumps(obj)
    except Exception as exc:  # whatever pickling raises: PicklingError, TypeError, RecursionError...
        return exc
    return None


def _attribute_problem(obj: Any) -> str | None:
    """Which attribute of ``obj`` cannot be pickled, in words, or ``None`` when none is."""
    for name, value in sorted(getattr(obj, "__dict__", {}).items()):
        inner = _pickle_problem(value)
        if inner is not None:
            return f"its attribute {name!r} holds a {type(value).__name__} that cannot be pickled ({type(inner).__name__}: {inner})"
    return None


def _unshippable(game: Game, bots: Sequence[Any], classes: dict[str, type], exc: Exception) -> str:
    """Why the run's payload does not pickle, naming the object and what to do."""
    advice = "or play in this process with jobs=1 (nothing is sent there)"
    if _pickle_problem(game) is not None:
        return (
            f"the game {game!r} ({type(game).__name__}) cannot be sent to worker processes: "
            f"{type(exc).__name__}: {exc}; keep only picklable values in a game's attributes, {advice}"
        )
    for seat, bot in enumerate(bots):
        target = classes[bot] if isinstance(bot, str) else bot
        problem = _pickle_problem(target)
        if problem is None:
            continue
        where = f"seat {seat} ({game.seat_names[seat]}): the bot {_bot_label(bot)!r} ({type(bot).__name__ if not isinstance(bot, str) else target.__name__})"
        culprit = _attribute_problem(target)
        if culprit is not None:
            return (
                f"{where} cannot be sent to worker processes: {culprit}; make such things inside decide() instead "
                f"of keeping them on the bot (or give the bot __getstate__/__setstate__), {advice}"
            )
        return f"{where} cannot be sent to worker processes: {type(problem).__name__}: {problem}; {advice}"
    return f"the game and bots cannot be sent to worker processes: {type(exc).__name__}: {exc}; {advice}"


def _payload(game: Game, bots: Sequence[str | Agent]) -> tuple[str, bytes]:
    """What every worker of a run plays with, pickled by value: the game, the bots and the
    classes their names stand for; and the SHA-256 of those bytes (the only key a worker keeps
    them under).

    Raises:
        ShippingError: something does not pickle (the message names it).
    """
    import cloudpickle

    classes = _bot_classes(game, bots)
    try:
        payload = cloudpickle.dumps((game, list(bots), classes), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as exc:  # whatever pickling raises
        raise ShippingError(_unshippable(game, bots, classes, exc)) from exc
    return hashlib.sha256(payload).hexdigest(), payload


#: What this worker process unpacked, by the SHA-256 of the bytes (a few runs at most).
_UNPACKED: dict[str, tuple] = {}


def _unpack(key: str, payload: bytes) -> tuple:
    """The ``(game, bots, classes)`` of a payload, unpickled once per worker process."""
    got = _UNPACKED.get(key)
    if got is None:
        if hashlib.sha256(payload).hexdigest() != key:
            raise ValueError("the payload does not match its SHA-256 (damaged on its way to the worker)")
        got = pickle.loads(payload)
        if len(_UNPACKED) >= 4:
            _UNPACKED.clear()
        _UNPACKED[key] = got
    return got


def _fingerprint(game: Game, seed: int) -> dict:
    """What must be the same here and on a worker for their tables to agree: the package
    version, the game, and its starting position for ``seed``."""
    import zongshi_widgets

    return {
        "zongshi_widgets": zongshi_widgets.__version__,
        "game": repr(game),
        "start": game.new_state(seed=seed).digest(),
    }


def _probe(key: str, payload: bytes, seed: int) -> dict:
    """A worker's first task of a run: unpack the payload and fingerprint it (top level, so
    processes and Dask workers can import it)."""
    game, _bots, _classes = _unpack(key, payload)
    return {**_fingerprint(game, seed), "python": sys.version.split()[0]}


def _play_chunk(key: str, payload: bytes, seeds: list[int]) -> list[dict]:
    """A worker's task: play the games of these seeds with the shipped game and bots (top
    level, so processes and Dask workers can import it)."""
    game, bots, classes = _unpack(key, payload)
    rows = []
    for s in seeds:
        rows += _game_rows(game, bots, s, classes)
    return rows


def _chunks(seeds: list[int], workers: int) -> list[list[int]]:
    """The seeds in consecutive runs: about 4 tasks per worker and at least 50 for a long run
    (so progress moves and a lost worker costs little), never an empty one."""
    n = min(len(seeds), max(4 * workers, 50))
    if n == 0:
        return []
    size, extra = divmod(len(seeds), n)
    out, i = [], 0
    for k in range(n):
        step = size + (1 if k < extra else 0)
        out.append(seeds[i : i + step])
        i += step
    return out


def _in_notebook() -> bool:
    """Whether this runs in a Jupyter kernel (where tqdm draws a widget)."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    try:
        ip = shell.get_ipython()
    except AttributeError:
        return False
    return ip is not None and "IPKernelApp" in getattr(ip, "config", {})


def _show_progress(progress: bool | None) -> bool:
    """``progress`` as given, or by default: in a notebook, or when stderr is a terminal."""
    if progress is not None:
        return bool(progress)
    if _in_notebook():
        return True
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _dask_client(executor: Any) -> Any:
    """The Dask client behind ``executor`` (a ``Client`` or its ``get_executor()``), else ``None``."""
    if type(executor).__module__.startswith("distributed"):
        return getattr(executor, "_client", None) if type(executor).__name__ == "ClientExecutor" else executor
    return None


def _check_probe(fingerprint: dict, game: Game, seed: int, where: str) -> None:
    """Refuse workers that would play another game than this process would."""
    here = _fingerprint(game, seed)
    for key, what in (("zongshi_widgets", "zongshi_widgets version"), ("game", "game"), ("start", "starting position of the first game")):
        if fingerprint.get(key) != here[key]:
            raise SimulationFailed(
                f"the {where} do not play the same game as this process: their {what} is {fingerprint.get(key)!r}, "
                f"here {here[key]!r}; install the same zongshi_widgets on them (and the same versions of "
                "its dependencies), then run again",
                0,
                0,
            )


def _unpack_failed(exc: BaseException, where: str) -> SimulationFailed:
    """The error for workers that could not unpack the game and bots."""
    hint = ""
    if isinstance(exc, ImportError):
        hint = (
            "; a bot or game class from a module of your own travels by reference: the workers must import that "
            "module too (install it there), or define the class in the notebook (it then travels by value)"
        )
    return SimulationFailed(f"the {where} could not unpack the game and bots: {type(exc).__name__}: {exc}{hint}")


class _Run:
    """The bookkeeping of one run on workers: rows by chunk, the progress bar."""

    def __init__(self, game: Game, chunks: list[list[int]], bar: Any):
        self.game = game
        self.chunks = chunks
        self.rows: dict[int, list[dict]] = {}
        self.bar = bar
        self.fingerprint: dict = {}

    @property
    def played(self) -> int:
        return sum(len(self.chunks[i]) for i in self.rows)

    @property
    def todo(self) -> list[int]:
        return [i for i in range(len(self.chunks)) if i not in self.rows]

    def done(self, index: int, rows: list[dict]) -> None:
        self.rows[index] = rows
        if self.bar is not None:
            self.bar.update(len(self.chunks[index]))

    def result(self) -> list[dict]:
        out = []
        for i in range(len(self.chunks)):
            out += self.rows[i]
        return out

    def seeds_of(self, indexes: list[int]) -> str:
        seeds = sorted(s for i in indexes for s in self.chunks[i])
        if not seeds:
            return "none"
        shown = ", ".join(map(str, seeds[:6]))
        return ("seed " if len(seeds) == 1 else "seeds ") + shown + (f" and {len(seeds) - 6} more" if len(seeds) > 6 else "")


def _killed(exc: BaseException) -> bool:
    """Whether ``exc`` is Dask's ``KilledWorker`` (a task whose workers kept dying)."""
    return type(exc).__name__ == "KilledWorker"


def _collect(futures: dict[Future, int], run: _Run, client: Any = None, address: str = "") -> None:
    """Wait for ``futures`` (chunk index by future; ``-1``: the probe, whose result is kept as
    ``run.fingerprint``), recording each finished chunk; a Dask run whose cluster has had no
    worker for :data:`NO_WORKER_TIMEOUT` seconds stops.

    Raises:
        BrokenProcessPool: a local worker process died (the caller restarts the pool).
        SimulationFailed: the cluster lost every worker, or killed a task's workers again and
            again.
        BotFailed: a bot failed in a game.
    """
    pending = set(futures)
    idle_since = None
    total = sum(map(len, run.chunks))
    try:
        while pending:
            done, pending = wait(pending, timeout=1.0, return_when=FIRST_COMPLETED)
            for future in done:
                index = futures[future]
                try:
                    rows = future.result()
                except Exception as exc:
                    if _killed(exc):
                        what = "the game and bots" if index < 0 else f"the games of {run.seeds_of([index])}"
                        raise SimulationFailed(
                            f"the Dask cluster at {address} gave up on {what}: every worker that played them died ({exc}); "
                            "a bot or the game may need more memory than a worker has, or a worker was stopped. "
                            f"{run.played} of {total} games were played; no table is returned",
                            run.played,
                            total,
                        ) from None
                    raise
                if index < 0:
                    run.fingerprint = rows
                else:
                    run.done(index, rows)
            if done or client is None:
                idle_since = None
                continue
            try:
                workers = len(client.nthreads())
            except Exception:  # the scheduler itself is gone: as good as no worker
                workers = 0
            if workers:
                idle_since = None
            elif idle_since is None:
                idle_since = time.monotonic()
            elif time.monotonic() - idle_since > NO_WORKER_TIMEOUT:
                raise SimulationFailed(
                    f"the Dask cluster at {address} has had no worker for {NO_WORKER_TIMEOUT:.0f} s, so the run stopped: "
                    f"{run.played} of {total} games were played (left: {run.seeds_of(run.todo)}); "
                    "start workers (dask worker ADDRESS) and run again; no table is returned",
                    run.played,
                    total,
                )
    finally:
        for future in pending:
            future.cancel()


def _probe_on(executor: Any, key: str, payload: bytes, run: _Run, seed: int, where: str, client: Any = None, address: str = "") -> None:
    """Run :func:`_probe` on one worker and refuse workers that cannot unpack the payload or
    would play another game than this process."""
    try:
        _collect({executor.submit(_probe, key, payload, seed): -1}, run, client, address)
    except (BrokenProcessPool, SimulationFailed):
        raise
    except Exception as exc:
        raise _unpack_failed(exc, where) from exc
    _check_probe(run.fingerprint, run.game, seed, where)


def _run_local(game: Game, key: str, payload: bytes, run: _Run, seed: int, workers: int, start_method: str) -> None:
    """Play the run's chunks on a pool of local processes, restarting the pool (at most
    :data:`POOL_RESTARTS` times) when a worker process dies; each restart plays the chunks not
    yet finished again."""
    context = multiprocessing.get_context(start_method)
    for attempt in range(POOL_RESTARTS + 1):
        todo = run.todo
        if not todo:
            return
        pool = ProcessPoolExecutor(max_workers=min(workers, len(todo)), mp_context=context)
        try:
            if attempt == 0:
                _probe_on(pool, key, payload, run, seed, "worker processes")
            _collect({pool.submit(_play_chunk, key, payload, run.chunks[i]): i for i in todo}, run)
            return
        except BrokenProcessPool:
            continue
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    total = sum(map(len, run.chunks))
    raise SimulationFailed(
        f"a worker process died {POOL_RESTARTS + 1} times while playing {game!r} (killed, out of memory, or a bot that "
        f"ends its process); the games of {run.seeds_of(run.todo)} were not finished, {run.played} of {total} "
        "were; no table is returned. Replay one of them with jobs=1 to see the error (a bot that ends its process "
        "would end yours too: in a notebook, the kernel)",
        run.played,
        total,
    )


def _run_executor(game: Game, key: str, payload: bytes, run: _Run, seed: int, executor: Executor) -> None:
    """Play the run's chunks on ``executor`` (a Dask cluster's, or any other)."""
    client = _dask_client(executor)
    address = getattr(getattr(client, "scheduler", None), "address", None) or "its scheduler"
    where = "Dask workers" if client is not None else "executor's workers"
    if client is not None and type(executor).__name__ != "ClientExecutor":
        executor = client.get_executor()
    _probe_on(executor, key, payload, run, seed, where, client, address)
    _collect({executor.submit(_play_chunk, key, payload, run.chunks[i]): i for i in run.todo}, run, client, address)


def simulate(
    game: Game,
    bots: Sequence[str | Agent],
    games: int = 100,
    seed: int = 0,
    progress: bool | None = None,
    *,
    executor: Executor | None = None,
    jobs: int | None = None,
    start_method: str | None = None,
) -> pd.DataFrame:
    """Play ``games`` bot games (seeds ``seed``, ``seed + 1``, ...) and tabulate them.

    Args:
        game (Game): the game (its variant options and the component values it loaded
            included: after editing a component file, make the game again to use the edit).
        bots (Sequence[str | Agent]): one bot per seat (see :func:`play_game`), e.g.
            ``["mcts", "greedy", "random"]``, ``[agent("mcts", iterations=400), ...]``, or a
            bot class written in a notebook cell.
        games (int): how many games (at least 1).
        seed (int): the first game's seed.
        progress (bool | None): show a tqdm progress bar (``tqdm.auto``: a widget in
            notebooks, text in terminals) with the games done, their rate and the time left;
            ``None`` (default): in a notebook, or when standard error is a terminal.
        executor (concurrent.futures.Executor | None): where the games are played, e.g.
            ``distributed.Client(address).get_executor()`` (or the ``Client`` itself) for a
            Dask cluster. Its workers need ``zongshi_widgets`` and ``cloudpickle`` installed,
            the same versions as here (checked before any game is played); the game and bots
            are sent to them by value. ``None``: local processes (``jobs`` of them).
        jobs (int | None): local processes when ``executor`` is ``None`` (default: the CPU
            count, at most one per game); ``1`` plays in this process (nothing is pickled).
        start_method (str | None): how local processes start: ``"spawn"`` (the default, as on
            macOS and Windows), ``"forkserver"`` or ``"fork"`` (see :data:`START_METHODS`).
            In a script run with local processes, keep the script's own work under
            ``if __name__ == "__main__":`` (each spawned process imports the script).

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
        give the same table whatever executes them (``seconds`` excepted), and every game
        asked for is in it.

    Raises:
        TypeError: ``game`` not a Game, ``bots`` not a list, ``games``/``seed``/``jobs``
            not ints, ``executor`` not an Executor.
        ValueError: ``games`` < 1 (see :func:`check_games`), not one bot per seat, ``jobs`` < 1, an unknown bot name or start method,
            a bot made for another game (all before any game is played).
        ShippingError: the game or a bot cannot be pickled for the workers (before any game
            is played; the message names the object).
        BotFailed: a bot raised an error or chose an illegal action (names the seat, the bot
            and the game seed to replay).
        SimulationFailed: the workers could not finish the run (worker processes that kept
            dying, a cluster without workers, workers with another version): no table.
    """
    check_games(games)
    if executor is not None and not isinstance(executor, Executor) and _dask_client(executor) is None:
        raise TypeError(f"executor must be a concurrent.futures.Executor (e.g. distributed.Client(...).get_executor()), not {executor!r}")
    if jobs is not None and (not isinstance(jobs, int) or isinstance(jobs, bool)):
        raise TypeError(f"jobs must be an int, not {jobs!r}")
    if jobs is not None and jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    method = DEFAULT_START_METHOD if start_method is None else start_method
    if method not in START_METHODS or method not in multiprocessing.get_all_start_methods():
        usable = [m for m in START_METHODS if m in multiprocessing.get_all_start_methods()]
        raise ValueError(f"start_method must be one of {', '.join(usable)} on this system, not {start_method!r}")
    _make_agents(game, bots, seed)  # checks the arguments before any game is played
    bots = list(bots)
    seeds = list(range(seed, seed + games))
    local = executor is None and (jobs == 1 or games <= 1 or (jobs is None and (os.cpu_count() or 1) == 1))
    if not local:
        key, payload = _payload(game, bots)  # ShippingError before any game is played
    bar = None
    if _show_progress(progress) and games:
        from tqdm.auto import tqdm

        bar = tqdm(total=games, desc=f"{game.name} games", unit="game")
    try:
        if local:
            classes = _bot_classes(game, bots)
            rows: list[dict] = []
            for s in seeds:
                rows += _game_rows(game, bots, s, classes)
                if bar is not None:
                    bar.update(1)
        else:
            workers = jobs or os.cpu_count() or 1
            if executor is not None:
                client = _dask_client(executor)
                workers = max(1, sum(client.nthreads().values())) if client is not None else workers
            run = _Run(game, _chunks(seeds, workers), bar)
            if executor is None:
                _run_local(game, key, payload, run, seed, workers, method)
            else:
                _run_executor(game, key, payload, run, seed, executor)
            rows = run.result()
    finally:
        if bar is not None:
            bar.close()
    frame = pd.DataFrame(rows)
    if frame.empty:
        return pd.DataFrame(columns=COLUMNS)
    frame = frame.sort_values(["game", "seat"], kind="stable").reset_index(drop=True)
    if sorted(set(frame["game"])) != seeds or len(frame) != games * game.players:  # never a silently short table
        raise SimulationFailed(f"the workers returned {frame['game'].nunique()} of {games} games; no table is returned", frame["game"].nunique(), games)
    return frame


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
