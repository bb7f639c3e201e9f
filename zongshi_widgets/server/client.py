"""A client of the game server in a player's own kernel: one websocket, read on a background
thread, its messages handed to the kernel's event loop (issue #24).

:class:`ServedClient` says hello with a seat's token, then a daemon thread reads every message
the server sends and queues it. Nothing it receives is acted on in that thread: ipywidgets sends
a trait change on the thread that makes it, and with ipykernel 7 messages sent from another
thread are lost (the same rule as the board's game review, ``widgets/review.py``). When the
client was made inside a running event loop (a notebook cell), the thread wakes the loop
(``loop.call_soon_threadsafe``), which runs :meth:`ServedClient.deliver` and so the handler;
without one (a script, a test) the caller takes the queued messages with
:meth:`ServedClient.deliver` (``timeout=`` waits for the next). The board that plays a served
game is :func:`zongshi_widgets.widgets.remote.join`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

__all__ = ["JoinError", "ServedClient", "websocket_url"]

_log = logging.getLogger(__name__)


class JoinError(RuntimeError):
    """The game server could not be reached, refused the token, or the connection is gone."""


def websocket_url(address: str) -> str:
    """The server's websocket address from what a teacher hands out.

    Args:
        address (str): ``"ws://host:8765"``, ``"http://host:8765"``, ``"host:8765"`` or any of
            these ending in ``/ws`` (``https``/``wss`` for a server behind TLS).

    Returns:
        str: e.g. ``"ws://host:8765/ws"``.

    Raises:
        ValueError: not a string, or no host in it.
    """
    if not isinstance(address, str) or not address.strip():
        raise ValueError(f"the server's address is a string such as 'ws://HOST:8765', not {address!r}")
    text = address.strip()
    if "://" not in text:
        text = "ws://" + text
    parts = urlsplit(text)
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme.lower())
    if scheme is None or not parts.hostname:
        raise ValueError(f"the server's address is like 'ws://HOST:8765' (or http://, https://, wss://), not {address!r}")
    path = parts.path.rstrip("/")
    if not path.endswith("/ws"):
        path += "/ws"
    return urlunsplit((scheme, parts.netloc, path, "", ""))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class ServedClient:
    """One seat's connection to a served game.

    Args:
        address (str): the server (see :func:`websocket_url`).
        token (str): the seat's (or the spectator's) token, as the lobby handed it out.
        timeout (float): seconds to wait for the connection and the server's first answers.

    Raises:
        JoinError: the server cannot be reached, or it refused the token (its words).
        ValueError: a bad address; ``token`` not a non-empty string.

    Attributes:
        welcome (dict): the server's ``welcome`` (``game_id``, ``game``, ``players``,
            ``options``, ``seat``, ``seat_names``, ``undo``).
        first (dict): the first ``state`` frame.
        url (str): the websocket address.
        closed (str): why the connection ended (``""`` while it is open).
    """

    def __init__(self, address: str, token: str, *, timeout: float = 10.0):
        if not isinstance(token, str) or not token:
            raise ValueError("token is the seat's token (a string) as the lobby handed it out")
        try:
            from websockets.exceptions import InvalidHandshake, InvalidURI, WebSocketException
            from websockets.sync.client import connect
        except ImportError:
            raise ImportError(
                "joining a served game needs the websockets package: pip install \"zongshi_widgets[server]\" "
                "(from a clone: .venv/bin/python -m pip install -e \".[server]\")"
            ) from None

        self.url = websocket_url(address)
        self.closed = ""
        try:
            self._ws = connect(self.url, open_timeout=timeout, max_size=2**24)
        except (OSError, InvalidURI, InvalidHandshake, TimeoutError, WebSocketException) as exc:
            raise JoinError(f"cannot reach the game server at {self.url}: {exc}") from None
        try:
            self._ws.send(json.dumps({"type": "hello", "token": token}))
            self.welcome = self._first_message(timeout)
            if self.welcome.get("type") != "welcome":
                raise JoinError(f"the game server refused: {self.welcome.get('message', self.welcome)}")
            self.first = self._first_message(timeout)
            if self.first.get("type") != "state":
                raise JoinError(f"the game server sent no position: {self.first.get('message', self.first)}")
        except BaseException:
            self._ws.close()
            raise
        self._inbox: queue.Queue[dict] = queue.Queue()
        self._loop = _running_loop()
        self.handler: Callable[[dict], None] | None = None
        self._thread = threading.Thread(target=self._read, name=f"zw-client-{self.welcome.get('game_id')}", daemon=True)
        self._thread.start()

    def _first_message(self, timeout: float) -> dict:
        from websockets.exceptions import ConnectionClosed

        try:
            text = self._ws.recv(timeout)
        except TimeoutError:
            raise JoinError(f"the game server at {self.url} did not answer within {timeout:g} s") from None
        except ConnectionClosed as exc:
            raise JoinError(f"the game server closed the connection: {exc}") from None
        return json.loads(text)

    # -- the reading thread (it only queues) ----------------------------------------------
    def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        why = "the connection to the game server is closed: run zw.join(...) again to go on (the server keeps the game)"
        try:
            for text in self._ws:
                try:
                    message = json.loads(text)
                except ValueError:
                    continue
                if isinstance(message, dict):
                    self._inbox.put(message)
                    self._wake()
        except ConnectionClosed:
            pass
        except Exception as exc:  # the thread must end with a word, never silently
            _log.exception("reading from the game server failed")
            why = f"reading from the game server failed: {type(exc).__name__}: {exc}"
        self._inbox.put({"type": "closed", "message": why})
        self._wake()

    def _wake(self) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self.deliver)
            except RuntimeError:  # the loop closed in between
                pass

    # -- the caller's (or the event loop's) side --------------------------------------------
    def deliver(self, timeout: float | None = None) -> int:
        """Hand every queued message to :attr:`handler`, in order, in this thread (a handler
        that fails is logged and the next message handled).

        Args:
            timeout (float | None): ``None``: only what has arrived; else wait up to that many
                seconds for the first message when none is queued.

        Returns:
            int: how many messages were handled.
        """
        done = 0
        while True:
            try:
                if done == 0 and timeout is not None:
                    message = self._inbox.get(timeout=max(0.0, timeout))
                else:
                    message = self._inbox.get_nowait()
            except queue.Empty:
                return done
            if message.get("type") == "closed":
                self.closed = message.get("message", "closed")
            done += 1
            if self.handler is not None:
                try:
                    self.handler(message)
                except Exception:  # one bad message must not stop the ones after it
                    _log.exception("handling a message of the game server failed")

    def wait_for(self, done: Callable[[], bool], timeout: float) -> bool:
        """Handle messages as they come until ``done()`` is true or ``timeout`` seconds pass.

        Returns:
            bool: whether ``done()`` became true.
        """
        end = time.monotonic() + timeout
        while not done():
            left = end - time.monotonic()
            if left <= 0 or (self.closed and self._inbox.empty()):
                return done()
            self.deliver(timeout=min(left, 0.5))
        return True

    def send(self, message: dict[str, Any]) -> None:
        """Send one message (``play`` or ``undo``) to the server.

        Raises:
            JoinError: the connection is closed.
        """
        from websockets.exceptions import ConnectionClosed

        if self.closed:
            raise JoinError(self.closed)
        try:
            self._ws.send(json.dumps(message))
        except (ConnectionClosed, OSError) as exc:
            raise JoinError(f"the connection to the game server is closed: {exc}") from None

    def close(self) -> None:
        """Close the connection (the reading thread then ends)."""
        self._ws.close()
        self._thread.join(timeout=5)
