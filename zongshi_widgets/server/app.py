"""The game server's ASGI app (Starlette): a small lobby over HTTP and one websocket per client.

Lobby (JSON over HTTP)::

    POST /api/games          create a game; answers its id and its tokens, once
    GET  /api/games          list the games (public information only)
    GET  /api/games/{id}     one game's public information
    POST /api/games/{id}/join  claim a free seat of a game created with "open_seats": true

Play (``/ws``): the client's first message is ``{"type": "hello", "token": ...}``; the server
answers ``welcome`` then a ``state`` frame, and a new ``state`` frame after every change of the
game, each made for the token's seat. The client sends ``{"type": "play", "action": notation,
"version": n}`` or ``{"type": "undo", "version": n}``; a refused message is answered with a
``refused`` frame to that client alone, and nothing changes. See the README ("Playing across
machines") for every field.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import core
from ..core import CorruptSave
from .store import GameStore, StoredGame, StoreError
from .table import Refused, ServedGame

log = logging.getLogger("zongshi_widgets.server")

#: Why a binary websocket message is refused (every refusal of non-JSON reads "... must be JSON text: <why>").
_BINARY = "it came as binary, not text"


@dataclass(frozen=True)
class Limits:
    """What one server accepts.

    Attributes:
        max_games (int): games stored at most; creating one more is refused (HTTP 503).
        max_message (int): bytes of one websocket message from a client, at most.
        max_body (int): bytes of one lobby request body, at most (a posed position fits).
        rate (float): messages a second a client may send on average.
        burst (int): messages a client may send at once before the rate applies.
        hello_seconds (float): how long a new websocket may take to say hello with its token.
        max_connections (int): websockets open at once on the whole server, at most.
    """

    max_games: int = 1000
    max_message: int = 4096
    max_body: int = 65536
    rate: float = 10.0
    burst: int = 20
    hello_seconds: float = 10.0
    max_connections: int = 500


@dataclass
class _Bucket:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second."""

    rate: float
    burst: int
    level: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        now = time.monotonic()
        if self.level < 0:
            self.level = float(self.burst)
        self.level = min(float(self.burst), self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level >= 1.0:
            self.level -= 1.0
            return True
        return False


class _Client:
    """One open websocket: its seat, its outgoing queue (frames in the order they were made)."""

    def __init__(self, websocket: WebSocket, game_id: str, seat: int | None, limits: Limits):
        self.websocket = websocket
        self.game_id = game_id
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.bucket = _Bucket(limits.rate, limits.burst)

    def send(self, message: dict | str) -> None:
        self.queue.put_nowait(message if isinstance(message, str) else json.dumps(message))


class GameServer:
    """The server's state: the store, the games being played (loaded on first use) and the
    clients connected to each.

    Args:
        store (GameStore): where games are kept.
        limits (Limits): what the server accepts.
    """

    def __init__(self, store: GameStore, limits: Limits | None = None):
        self.store = store
        self.limits = limits or Limits()
        self._live: dict[str, ServedGame] = {}
        self._broken: dict[str, str] = {}  # game id -> why its save cannot be loaded
        self._clients: dict[str, set[_Client]] = {}
        self._connections = 0
        self._key = secrets.token_bytes(32)  # the seats' positions (table.seat_position)

    # -- games ----------------------------------------------------------------------------
    def live(self, game_id: str) -> ServedGame:
        """The game ``game_id``, loaded from the store on first use (its save replayed and
        checked whole).

        Raises:
            KeyError: no such game.
            CorruptSave: its save cannot be loaded (the reason is kept and listed).
        """
        if game_id in self._live:
            return self._live[game_id]
        row = self.store.get(game_id)
        if row is None:
            raise KeyError(game_id)
        if game_id in self._broken:
            raise CorruptSave(self._broken[game_id])
        try:
            game = core.game(row.game, players=row.players, **row.options)
            served = ServedGame.from_save(game_id, game, row.save, row.version, row.undo, self._key)
        except (CorruptSave, KeyError, TypeError, ValueError) as exc:
            reason = f"game {game_id} cannot be loaded: {exc}"
            self._broken[game_id] = reason
            log.error(reason)
            raise CorruptSave(reason) from None
        self._live[game_id] = served
        return served

    def public_info(self, row: StoredGame) -> dict:
        """What anybody may know of a stored game (JSON-able): no token, no seed, no hidden part."""
        try:
            names = list(core.game(row.game, players=row.players, **row.options).seat_names)
        except (KeyError, TypeError, ValueError):
            names = [f"player {i + 1}" for i in range(row.players)]
        claimed = self.store.seats(row.id)
        seats = [
            {"seat": i, "name": names[i], "player": claimed.get(i), "open": row.open_seats and i not in claimed, "connected": self._connected(row.id, i)}
            for i in range(row.players)
        ]
        return {
            "game_id": row.id,
            "game": row.game,
            "players": row.players,
            "options": row.options,
            "version": row.version,
            "to_move": row.to_move,
            "is_over": row.is_over,
            "undo": row.undo,
            "open_seats": row.open_seats,
            "seats": seats,
            "spectators": self._connected(row.id, None),
            "created": row.created,
            "updated": row.updated,
            "loadable": row.id not in self._broken,
        }

    def _connected(self, game_id: str, seat: int | None) -> int:
        return sum(1 for c in self._clients.get(game_id, ()) if c.seat == seat)

    def create(self, body: Any) -> dict:
        """Create a game from a lobby request body.

        Args:
            body (dict): ``game`` (a registered name), optional ``players`` (int), ``options``
                (dict of variant options), ``seed`` (int: whoever knows it can work out every
                deal; leave it out and the server draws one nobody sees), ``position`` (a
                position description to start from: it holds the hidden parts, so its author
                knows them), ``undo`` (bool, default true), ``open_seats`` (bool, default false:
                every seat's token is in the answer; true: seats are claimed with ``join``).

        Returns:
            dict: ``game_id``, ``tokens`` (``seats``: one token per seat, or ``[]`` with open
            seats; ``spectator``) and the game's public information. Tokens are shown only here.

        Raises:
            Refused: ``bad-message`` for a body that makes no game (the reason says why), or
                ``full`` when the server holds ``max_games`` games.
        """
        if not isinstance(body, dict):
            raise Refused("bad-message", 'the body is a JSON object: {"game": "zongshi", "players": 4, ...}')
        unknown = set(body) - {"game", "players", "options", "seed", "position", "undo", "open_seats"}
        if unknown:
            raise Refused("bad-message", f"unknown fields {sorted(unknown)}; a game is made of game, players, options, seed, position, undo, open_seats")
        name = body.get("game")
        if not isinstance(name, str) or name not in core.games():
            raise Refused("bad-message", f"game must be one of {', '.join(core.games())}, not {name!r}")
        players, options, seed = body.get("players"), body.get("options", {}), body.get("seed")
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
            raise Refused("bad-message", f"players is an integer, not {players!r}")
        if not isinstance(options, dict):
            raise Refused("bad-message", f"options is an object of variant options, not {options!r}")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63):
            raise Refused("bad-message", f"seed is an integer from 0 to 2**63 - 1, not {seed!r}")
        flags = {k: body.get(k, default) for k, default in (("undo", True), ("open_seats", False))}
        for k, v in flags.items():
            if not isinstance(v, bool):
                raise Refused("bad-message", f"{k} is true or false, not {v!r}")
        if self.store.count() >= self.limits.max_games:
            raise Refused("full", f"this server holds its limit of {self.limits.max_games} games")
        if seed is None:
            seed = secrets.randbits(63)
        try:
            game = core.game(name, players=players, **options)
            if body.get("position") is not None:
                state = game.from_position(body["position"], seed=seed)
            else:
                state = game.new_state(seed=seed)
        except (KeyError, TypeError, ValueError, NotImplementedError) as exc:
            raise Refused("bad-message", f"no {name} game can be made of this: {exc}") from None
        seat_tokens = [] if flags["open_seats"] else [secrets.token_urlsafe(24) for _ in range(game.players)]
        spectator = secrets.token_urlsafe(24)
        tokens: dict[str, int | None] = {t: i for i, t in enumerate(seat_tokens)}
        tokens[spectator] = None
        while True:
            game_id = secrets.token_hex(5)
            if self.store.get(game_id) is None:
                break
        self.store.create(game_id, name, game.players, game.options, state.to_json(), state.to_move, tokens=tokens, **flags)
        self._live[game_id] = ServedGame(game_id, game, [state], 0, flags["undo"], self._key)
        row = self.store.get(game_id)
        return {"game_id": game_id, "tokens": {"seats": seat_tokens, "spectator": spectator}, "game": self.public_info(row)}

    def join(self, game_id: str, body: Any) -> dict:
        """Claim a free seat of a game made with ``open_seats``.

        Args:
            game_id (str): the game.
            body (dict): ``name`` (the player's name, 1 to 40 characters), optional ``seat``
                (int; default the first free seat).

        Returns:
            dict: ``{"game_id", "seat", "token"}``; the token is shown only here.

        Raises:
            KeyError: no such game.
            Refused: ``bad-message`` (a bad name or seat), ``closed`` (the game's seats were
                handed out at creation), ``taken`` (no free seat, or that one is taken).
        """
        row = self.store.get(game_id)
        if row is None:
            raise KeyError(game_id)
        if not isinstance(body, dict) or set(body) - {"name", "seat"}:
            raise Refused("bad-message", 'the body is {"name": "your name"} (and optionally "seat": n)')
        name, seat = body.get("name"), body.get("seat")
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 40:
            raise Refused("bad-message", "name is your name, 1 to 40 characters")
        if not row.open_seats:
            raise Refused("closed", "the seats of this game were handed out by its creator; ask them for your token")
        taken = self.store.seats(game_id)
        if seat is None:
            free = [i for i in range(row.players) if i not in taken]
            if not free:
                raise Refused("taken", "every seat of this game is taken")
            seat = free[0]
        elif not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < row.players:
            raise Refused("bad-message", f"seat is an integer from 0 to {row.players - 1}, not {seat!r}")
        token = secrets.token_urlsafe(24)
        try:
            self.store.claim(game_id, seat, token, name.strip())
        except StoreError:
            raise Refused("taken", f"seat {seat} of this game is taken") from None
        return {"game_id": game_id, "seat": seat, "token": token}

    # -- changes --------------------------------------------------------------------------
    def handle(self, client: _Client, message: Any) -> None:
        """Apply one parsed client message (``play`` or ``undo``), store it, tell every client.

        Raises:
            Refused: the message is refused; nothing changed (not in memory, not on disk).
        """
        if not isinstance(message, dict) or message.get("type") not in ("play", "undo"):
            raise Refused("bad-message", 'a message is {"type": "play", "action": notation, "version": n} or {"type": "undo", "version": n}')
        allowed = {"play": {"type", "action", "version"}, "undo": {"type", "version"}}[message["type"]]
        if set(message) - allowed:
            raise Refused("bad-message", f"unknown fields {sorted(set(message) - allowed)} in a {message['type']} message")
        served = self.live(client.game_id)
        if message["type"] == "play":
            after = served.try_play(client.seat, message.get("action"), message.get("version"))
        else:
            after = served.try_undo(client.seat, message.get("version"))
        try:
            self.store.update(served.game_id, after.to_json(), served.version + 1, after.to_move)
        except (StoreError, OSError) as exc:
            log.error("game %s: the change could not be stored: %s", served.game_id, exc)
            raise Refused("storage", "the server could not store this move; it was not played") from None
        if message["type"] == "play":
            served.commit_play(after)
            log_start = len(served.line) - 2  # the one new entry
        else:
            served.commit_undo()
            log_start = 0  # the log shrank: send it whole
        self.broadcast(served, log_start)

    def broadcast(self, served: ServedGame, log_start: int) -> None:
        """Queue the new ``state`` frame for every client of ``served``, each made for its seat
        (one frame made per seat, however many clients it has)."""
        made: dict[int | None, str] = {}
        for client in self._clients.get(served.game_id, ()):
            if client.seat not in made:
                made[client.seat] = json.dumps(served.frame(client.seat, log_start))
            client.send(made[client.seat])

    # -- websockets -----------------------------------------------------------------------
    async def websocket(self, websocket: WebSocket) -> None:
        """Serve one websocket: hello with a token, then frames out and messages in. A socket
        counts against ``max_connections`` from its first byte, before its hello."""
        await websocket.accept()
        if self._connections >= self.limits.max_connections:
            await _close(websocket, "full", f"this server has its limit of {self.limits.max_connections} connections open")
            return
        self._connections += 1
        try:
            await self._serve(websocket)
        finally:
            self._connections -= 1

    async def _serve(self, websocket: WebSocket) -> None:
        try:
            text = await asyncio.wait_for(websocket.receive_text(), self.limits.hello_seconds)
        except TimeoutError:
            await _close(websocket, "bad-token", f"say hello with your token within {self.limits.hello_seconds:g} s")
            return
        except KeyError:  # a binary message: receive_text finds no "text"
            await _close(websocket, "bad-message", _not_json("a message", _BINARY))
            return
        except (WebSocketDisconnect, RuntimeError):
            return
        hello = _parse(text, self.limits.max_message)
        if isinstance(hello, Refused):  # not JSON, or too large: said as to any other message
            await _close(websocket, hello.code, hello.message)
            return
        token = hello.get("token") if isinstance(hello, dict) and hello.get("type") == "hello" and set(hello) <= {"type", "token"} else None
        who = self.store.lookup(token) if isinstance(token, str) and 0 < len(token) <= 200 else None
        if who is None:
            await _close(
                websocket,
                "bad-token",
                "unknown token: check the seat's token your teacher gave you (the first message is "
                '{"type": "hello", "token": "<your token>"}, with a token this server handed out)',
            )
            return
        game_id, seat = who
        try:
            served = self.live(game_id)
        except (KeyError, CorruptSave) as exc:
            await _close(websocket, "unavailable", str(exc))
            return
        client = _Client(websocket, game_id, seat, self.limits)
        self._clients.setdefault(game_id, set()).add(client)
        client.send(
            {
                "type": "welcome",
                "game_id": game_id,
                "game": served.game.name,
                "players": served.game.players,
                "options": served.game.options,
                "seat": seat,
                "seat_names": list(served.game.seat_names),
                "undo": served.undo_allowed,
            }
        )
        client.send(served.frame(seat, 0))
        sender = asyncio.ensure_future(_pump(client))
        try:
            while True:
                try:
                    text = await websocket.receive_text()
                except (WebSocketDisconnect, RuntimeError):
                    break
                except KeyError:  # a binary message: receive_text finds no "text"
                    client.send(Refused("bad-message", _not_json("a message", _BINARY)).to_json(served.version))
                    continue
                try:
                    if not client.bucket.take():
                        raise Refused("rate", f"too many messages: at most {self.limits.rate:g} a second (bursts of {self.limits.burst})")
                    message = _parse(text, self.limits.max_message)
                    if isinstance(message, Refused):
                        raise message
                    self.handle(client, message)
                except Refused as refusal:
                    client.send(refusal.to_json(served.version))
        finally:
            self._clients[game_id].discard(client)
            client.queue.put_nowait(None)
            await sender


def _parse(text: str, limit: int) -> Any:
    """A client's message parsed, or a :class:`Refused` saying why it is not one."""
    if len(text.encode("utf-8")) > limit:
        return Refused("too-large", f"a message is at most {limit} bytes")
    try:
        return json.loads(text)
    except ValueError as exc:
        return Refused("bad-message", _not_json("a message", exc))


def _not_json(what: str, reason: object) -> str:
    """The one wording of every refusal of something that is not JSON (a websocket message, a
    lobby request body): ``"<what> must be JSON text: <reason>"``."""
    return f"{what} must be JSON text: {reason}"


async def _pump(client: _Client) -> None:
    """Send a client's queued frames in order until its queue ends (``None``) or it is gone."""
    while True:
        text = await client.queue.get()
        if text is None:
            return
        try:
            await client.websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return


async def _close(websocket: WebSocket, code: str, message: str) -> None:
    """Tell a client why, then close its websocket (code 4400: refused at connection)."""
    try:
        await websocket.send_text(json.dumps({"type": "error", "code": code, "message": message}))
        await websocket.close(code=4400)
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass


def create_app(db: str | Path, limits: Limits | None = None) -> Starlette:
    """The game server as an ASGI app.

    Args:
        db (str | Path): the SQLite file of the games (created if missing); every game in it
            is served again, from its last stored change.
        limits (Limits | None): what the server accepts (default :class:`Limits`()).

    Returns:
        Starlette: the app; ``app.state.server`` is its :class:`GameServer`. Run it with
        uvicorn (``zongshi-widgets serve``), or test it with Starlette's ``TestClient``.

    Raises:
        StoreError: ``db`` is not a game database this server can use (its folder does not
            exist, it is a folder, it cannot be opened, or it holds other tables).
    """
    server = GameServer(GameStore(db), limits)

    async def _body(request: Request) -> Any:
        raw = await request.body()
        if len(raw) > server.limits.max_body:
            raise Refused("too-large", f"a request body is at most {server.limits.max_body} bytes")
        if not raw:
            return {}
        try:
            return json.loads(raw.decode("utf-8"))  # JSON text is UTF-8 (RFC 8259)
        except ValueError as exc:
            raise Refused("bad-message", _not_json("the body", exc)) from None

    def _refusal(refusal: Refused) -> JSONResponse:
        status = {"full": 503, "too-large": 413, "closed": 409, "taken": 409}.get(refusal.code, 400)
        return JSONResponse({"error": refusal.code, "message": refusal.message}, status_code=status)

    async def games(request: Request) -> JSONResponse:
        if request.method == "GET":
            return JSONResponse({"games": [server.public_info(row) for row in server.store.games()]})
        try:
            return JSONResponse(server.create(await _body(request)), status_code=201)
        except Refused as refusal:
            return _refusal(refusal)

    async def one_game(request: Request) -> JSONResponse:
        row = server.store.get(request.path_params["game_id"])
        if row is None:
            return JSONResponse({"error": "not-found", "message": "no such game"}, status_code=404)
        return JSONResponse(server.public_info(row))

    async def join(request: Request) -> JSONResponse:
        try:
            return JSONResponse(server.join(request.path_params["game_id"], await _body(request)))
        except KeyError:
            return JSONResponse({"error": "not-found", "message": "no such game"}, status_code=404)
        except Refused as refusal:
            return _refusal(refusal)

    async def root(request: Request) -> JSONResponse:
        return JSONResponse({"server": "zongshi_widgets game server", "games": list(core.games()), "lobby": "/api/games", "play": "/ws"})

    app = Starlette(
        routes=[
            Route("/", root),
            Route("/api/games", games, methods=["GET", "POST"]),
            Route("/api/games/{game_id}", one_game),
            Route("/api/games/{game_id}/join", join, methods=["POST"]),
            WebSocketRoute("/ws", server.websocket),
        ]
    )
    app.state.server = server
    return app
