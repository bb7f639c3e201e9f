"""The command line: `zongshi-widgets simulate GAME ...` prints a balance report;
`zongshi-widgets serve ...` runs the game server for play across machines.

Examples::

    zongshi-widgets simulate gembloq --players 2 --bots mcts,greedy --games 20 --jobs 2 --mcts-iterations 100
    zongshi-widgets simulate zongshi --players 4 --bots greedy --games 200 --out results.csv
    zongshi-widgets simulate art_gallery --bots mcts,random,random,random --scheduler tcp://10.0.0.5:8786

``--bots`` lists one bot per seat, or one bot for every seat; ``--mcts-iterations`` or
``--mcts-seconds`` set the budget of every ``mcts`` seat; ``--option NAME=VALUE`` (repeatable)
sets a variant option of the game (values read as JSON, else as text). ``--scheduler`` runs the
games on that Dask cluster (``pip install "zongshi_widgets[dask]"``); else ``--jobs`` local
processes, started with ``--start-method`` (default ``spawn``). Exit codes: 0 done, 1 a bot
failed or the run could not finish (workers lost, no scheduler), 2 bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..core.gametype import plural
from .simulate import DEFAULT_START_METHOD, START_METHODS


def _option(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"an option is NAME=VALUE, not {text!r}")
    try:
        return name, json.loads(value)
    except ValueError:
        return name, value


#: What the default mcts bot costs: one game each, mcts in seat 0 against greedy, seed 0, on a
#: 2-core machine shared with other work (load about 7), 2026-12-01. A guide, not a promise;
#: re-measure with ``simulate(..., games=1)`` and its ``seconds`` and ``decisions`` columns.
MCTS_COST = {
    "gembloq": "0.7 s a decision x 16 decisions: about 11 s a game (2 players)",
    "zongshi": "0.8 s a decision x 99 decisions: about 1.5 min a game (3 players)",
    "art_gallery": "1.2 s a decision x 91 decisions: about 1.7 min a game (4 players)",
    "majolica": "0.3 s a decision x 147 decisions: about 45 s a game (2 players)",
}


def _games_help() -> str:
    """The games, their default and possible player counts, bots and variant options, for ``--help``."""
    from .. import core
    from ..agents import agents

    lines = ["games (default players; bots; --option names):"]
    for name in core.games():
        gt = core.game_type(name)
        counts = ",".join(map(str, gt.player_counts))
        options = ", ".join(opt for opt, _ in gt.variants) or "none"
        lines.append(f"  {name}: {plural(gt.default_players, 'player')} (also {counts}); bots {', '.join(agents(name))}; options {options}")
    lines.append("")
    lines.append("what one mcts seat costs at its default budget (measured once on a busy 2-core machine; scale it with --mcts-iterations N):")
    for name in core.games():
        if name in MCTS_COST:
            lines.append(f"  {name}: {MCTS_COST[name]}")
    lines.append("  so --games 200 with one mcts seat and --jobs 2 takes from about 20 minutes (gembloq) to about 3 hours (art_gallery);")
    lines.append("  try --games 4 first (the progress bar gives an ETA)")
    lines.append("")
    lines.append("examples:")
    examples = __doc__.split("Examples::")[1].split("\n\n")[1]
    lines += [line.rstrip() for line in examples.splitlines()]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``zongshi-widgets``."""
    from .. import __version__

    parser = argparse.ArgumentParser(prog="zongshi-widgets", description="zongshi_widgets from the command line")
    parser.add_argument("--version", action="version", version=f"zongshi-widgets {__version__} (Python {sys.version.split()[0]})")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser(
        "simulate",
        help="play bot games and print the balance report",
        description=__doc__.split("\n\n")[0],
        epilog=_games_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sim.add_argument("game", help="a registered game: gembloq, zongshi, art_gallery or majolica")
    sim.add_argument("--players", type=int, default=None, help="number of seats (default: the game's, listed below)")
    sim.add_argument(
        "--bots",
        default="greedy",
        help="comma-separated bots, one per seat or one for all: random, greedy (one-step lookahead), mcts (tree search: slow, see below); default greedy",
    )
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="first game's seed (default 0)")
    sim.add_argument("--jobs", type=int, default=None, help="local processes (default: the CPU count)")
    sim.add_argument("--scheduler", default=None, help="a Dask scheduler address (tcp://host:8786) to run the games on")
    sim.add_argument(
        "--start-method",
        choices=START_METHODS,
        default=None,
        help=f"how local processes start (default {DEFAULT_START_METHOD}, as on macOS and Windows)",
    )
    sim.add_argument("--connect-timeout", type=float, default=10.0, help="seconds to wait for the --scheduler to answer (default 10)")
    sim.add_argument("--mcts-iterations", type=int, default=None, help="iterations per decision of every mcts seat (default: the game's, see below)")
    sim.add_argument("--mcts-seconds", type=float, default=None, help="seconds per decision of every mcts seat")
    sim.add_argument("--option", type=_option, action="append", default=[], metavar="NAME=VALUE", help="a variant option of the game (names listed below)")
    sim.add_argument("--out", default=None, help="write the per-game table to this CSV file (checked before any game is played)")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")
    serve = sub.add_parser(
        "serve",
        help="run the game server: a lobby and one websocket per player, every game kept in SQLite",
        description=(
            'Run the game server (the server extra: pip install "zongshi_widgets[server]"). Games are created and listed at '
            "http://HOST:PORT/api/games and played over ws://HOST:PORT/ws, each player's client with its seat's token; "
            "every change is stored in --db before anyone hears of it, so a restart loses nothing. One process: do not run "
            "two servers on one --db."
        ),
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0: every network)")
    serve.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    serve.add_argument("--db", default="games.sqlite", help="the SQLite file of the games (created if missing; default games.sqlite)")
    serve.add_argument("--max-games", type=int, default=1000, help="games kept at most (default 1000)")
    serve.add_argument("--rate", type=float, default=10.0, help="messages a second one client may send on average (default 10; bursts of 2 seconds' worth)")
    serve.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"], help="server log level (default info)")
    return parser


def serve_command(args: argparse.Namespace) -> int:
    """Run ``serve`` from parsed arguments until interrupted. Returns the exit code (2: bad
    arguments, the server extra missing, a database this server cannot use, a ``--host`` it
    cannot listen on or a ``--port`` in use; 1: the server did not start)."""
    try:
        import uvicorn

        from ..server import Limits, StoreError, create_app
    except ImportError as exc:
        print(f'zongshi-widgets serve: the game server needs its extra ({exc.name} is missing): pip install "zongshi_widgets[server]"', file=sys.stderr)
        return 2
    if not 0 < args.port < 65536:
        print(f"zongshi-widgets serve: --port must be from 1 to 65535, not {args.port}", file=sys.stderr)
        return 2
    if args.max_games < 1:
        print(f"zongshi-widgets serve: --max-games must be 1 or more, not {args.max_games}", file=sys.stderr)
        return 2
    if not args.rate > 0:
        print(f"zongshi-widgets serve: --rate must be above 0, not {args.rate}", file=sys.stderr)
        return 2
    limits = Limits(max_games=args.max_games, rate=args.rate, burst=max(1, int(2 * args.rate)))
    sockets = _listen(args.host, args.port)  # before the database, which a bad --host would not touch
    if isinstance(sockets, str):
        print(f"zongshi-widgets serve: {sockets}", file=sys.stderr)
        return 2
    try:
        app = create_app(args.db, limits)
    except StoreError as exc:
        for sock in sockets:
            sock.close()
        print(f"zongshi-widgets serve: --db {exc}", file=sys.stderr)
        return 2
    where = f"[{args.host}]:{args.port}" if ":" in args.host else f"{args.host}:{args.port}"  # an IPv6 address in brackets
    print(f"zongshi-widgets serve: games in {args.db}; lobby http://{where}/api/games, play ws://{where}/ws", flush=True)
    # ws_max_size: frames above it are cut off by the server before the app reads them
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level=args.log_level, ws_max_size=max(16384, limits.max_message * 4))
    server = uvicorn.Server(config)
    try:
        server.run(sockets=sockets)
    except KeyboardInterrupt:
        pass
    finally:
        for sock in sockets:
            sock.close()
    return 0 if server.started else 1


def _listen(host: str, port: int) -> list | str:
    """Listening sockets on every address ``host`` names at ``port`` (bound here, so that a
    bad ``--host`` or a port in use is one line before the server starts), or that line.

    Args:
        host (str): a name or address of this machine (``0.0.0.0``: every IPv4 network).
        port (int): the port, 1 to 65535.

    Returns:
        list[socket.socket] | str: the bound sockets, or why none could be bound.
    """
    import errno
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        return f"--host {host}: no such name or address ({exc.strerror})"
    except UnicodeError:
        return f"--host {host}: not a host name or address"
    sockets: list[socket.socket] = []
    seen: set = set()
    try:
        for family, kind, proto, _, address in infos:
            if (family, address) in seen:
                continue
            seen.add((family, address))
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            if sys.platform != "win32":
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
    except OSError as exc:
        for sock in sockets:
            sock.close()
        if exc.errno == errno.EADDRINUSE:
            return f"--port {port}: already in use on {host} (another server?); choose another --port or stop that one"
        if exc.errno == errno.EADDRNOTAVAIL:
            return f"--host {host}: not an address of this machine (127.0.0.1: this machine only; 0.0.0.0: every network)"
        if exc.errno == errno.EACCES:
            return f"--port {port}: not allowed on {host} (ports below 1024 need administrator rights; try 8765)"
        return f"cannot listen on {host} port {port}: {exc.strerror or exc}"
    return sockets


def _out_problem(out: str) -> str | None:
    """Why the CSV cannot be written at ``out`` (checked before any game is played), or ``None``."""
    import os
    import pathlib

    path = pathlib.Path(out).expanduser().resolve()
    if path.is_dir():
        return "that is a folder; give a file name, e.g. results.csv"
    if not path.parent.is_dir():
        return f"the folder {path.parent} does not exist"
    if path.exists() and not os.access(path, os.W_OK):
        return "that file is not writable"
    if not path.exists() and not os.access(path.parent, os.W_OK):
        return f"the folder {path.parent} is not writable"
    return None


def _connect(client_class: type, address: str, timeout: float):
    """A Dask ``Client`` connected to ``address``, or the one line that says why it is not
    (an unreachable or malformed address; Dask's own log lines about it are kept quiet)."""
    import logging

    quiet = [logging.getLogger(name) for name in ("distributed", "distributed.client", "distributed.comm", "distributed.core")]
    levels = [log.level for log in quiet]
    for log in quiet:
        log.setLevel(logging.CRITICAL)
    try:
        return client_class(address, timeout=timeout)
    except ValueError as exc:
        return f"--scheduler {address}: not a Dask scheduler address ({exc}); it looks like tcp://HOST:8786"
    except (OSError, TimeoutError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return (
            f"--scheduler {address}: no Dask scheduler answered within {timeout:g} s ({reason}); is it running "
            "(dask scheduler) and is the address right (tcp://HOST:8786)?"
        )
    finally:
        for log, level in zip(quiet, levels):
            log.setLevel(level)


def simulate_command(args: argparse.Namespace) -> int:
    """Run ``simulate`` from parsed arguments; print the report. Returns the exit code."""
    from .. import core
    from ..agents import agent, agents
    from .report import balance_report
    from .simulate import BotFailed, ShippingError, SimulationFailed, check_games, simulate

    if any(name == "players" for name, _ in args.option):
        print("zongshi-widgets simulate: the player count is --players N, not --option players=N", file=sys.stderr)
        return 2
    try:
        game = core.game(args.game, players=args.players, **dict(args.option))
    except (KeyError, ValueError, TypeError) as exc:
        # the player count is --players here, not one of the --option names
        message = str(exc).replace("its options are: players, ", "its options (--option NAME=VALUE) are: ")
        print(f"zongshi-widgets simulate: {message}", file=sys.stderr)
        return 2
    try:
        check_games(args.games)  # the words simulate() refuses it with
    except ValueError as exc:
        print(f"zongshi-widgets simulate: --{exc}", file=sys.stderr)
        return 2
    if args.out:  # checked before the games are played, not after
        problem = _out_problem(args.out)
        if problem:
            print(f"zongshi-widgets simulate: --out {args.out}: {problem}", file=sys.stderr)
            return 2
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(names) == 1:
        names = names * game.players
    if len(names) != game.players:
        need = f"{plural(game.players, 'seat')} {'needs' if game.players == 1 else 'need'} {plural(game.players, 'bot')}"
        print(f"zongshi-widgets simulate: {need} (or one for all), not {len(names)}: {names}", file=sys.stderr)
        return 2
    known = agents(game)
    unknown = [n for n in names if n not in known]
    if unknown:
        print(f"zongshi-widgets simulate: no bot named {unknown[0]!r}; known: {', '.join(known)}", file=sys.stderr)
        return 2
    budget = {k: v for k, v in (("iterations", args.mcts_iterations), ("seconds", args.mcts_seconds)) if v is not None}
    if budget and "mcts" not in names:
        flags = " and ".join(f"--mcts-{k}" for k in budget)
        print(f"zongshi-widgets simulate: {flags} would be unused: no seat plays mcts (bots: {', '.join(names)}); drop it or add an mcts seat", file=sys.stderr)
        return 2
    try:
        bots = [agent(n, game=game, **budget) if n == "mcts" and budget else n for n in names]
    except (TypeError, ValueError) as exc:
        print(f"zongshi-widgets simulate: {exc}", file=sys.stderr)
        return 2
    client = None
    executor = None
    if args.scheduler:
        try:
            from distributed import Client
        except ImportError:
            print('zongshi-widgets simulate: --scheduler needs Dask: pip install "zongshi_widgets[dask]"', file=sys.stderr)
            return 2
        client = _connect(Client, args.scheduler, args.connect_timeout)
        if isinstance(client, str):
            print(f"zongshi-widgets simulate: {client}", file=sys.stderr)
            return 1
        executor = client.get_executor()
    try:
        results = simulate(
            game,
            bots,
            games=args.games,
            seed=args.seed,
            progress=not args.no_progress,
            executor=executor,
            jobs=args.jobs,
            start_method=args.start_method,
        )
    except ShippingError as exc:
        print(f"zongshi-widgets simulate: {exc}", file=sys.stderr)
        return 2
    except (TypeError, ValueError) as exc:
        print(f"zongshi-widgets simulate: {exc}", file=sys.stderr)
        return 2
    except (BotFailed, SimulationFailed) as exc:
        print(f"zongshi-widgets simulate: {exc}", file=sys.stderr)
        return 1
    finally:
        if client is not None:
            client.close()
    seeds = f"seed {args.seed}" if args.games == 1 else f"seeds {args.seed}..{args.seed + args.games - 1}"
    print(f"{game!r}: {args.games} game{'' if args.games == 1 else 's'}, {seeds}, bots {', '.join(map(str, results['bot'].iloc[: game.players]))}")
    if len(results):
        print(balance_report(results))
    if args.out:  # after the report: a file that cannot be written loses no result
        try:
            results.to_csv(args.out, index=False)
        except OSError as exc:
            reason = exc.strerror or exc
            print(f"zongshi-widgets simulate: --out {args.out}: the table could not be written ({reason}); the report above is complete", file=sys.stderr)
            return 1
        print(f"per-game table written to {args.out}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``zongshi-widgets`` command (``[project.scripts]``).

    Args:
        argv (Sequence[str] | None): the arguments (default: ``sys.argv[1:]``).

    Returns:
        int: the exit code (0 ok, 1 a bot failed during a game or the run could not finish, 2 bad
        arguments).
    """
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        if args.connect_timeout is not None and not args.connect_timeout > 0:
            print(f"zongshi-widgets simulate: --connect-timeout must be a number of seconds above 0, not {args.connect_timeout}", file=sys.stderr)
            return 2
        try:
            return simulate_command(args)
        except BrokenPipeError:  # the reader went away (| head): nothing more to say
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    if args.command == "serve":
        return serve_command(args)
    return 2  # pragma: no cover (argparse requires a command)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
