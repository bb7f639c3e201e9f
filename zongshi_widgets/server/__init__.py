"""The game server: one game played from many kernels (a class on laptops or a JupyterHub),
each seat's client receiving only what that seat may see (issue #24).

``create_app(db)`` is an ASGI app (Starlette) with a small lobby over HTTP (create a game, list
games, join an open seat) and a websocket per client, authenticated by its seat's token; every
game is stored in SQLite after every change, so a restarted server loses nothing. Run it with
``zongshi-widgets serve --host 127.0.0.1 --port 8765 --db games.sqlite`` (the ``server`` extra:
``pip install "zongshi_widgets[server]"``). The protocol is in the README ("Playing across
machines"). A player's kernel joins a game with ``zw.join(address, token=...)``
(:func:`zongshi_widgets.widgets.remote.join`), a board over :mod:`.client`'s connection that
builds its position from the determinization each frame carries for its seat.
"""

from .app import GameServer, Limits, create_app
from .store import GameStore, StoreError
from .table import Refused, ServedGame

__all__ = ["GameServer", "GameStore", "Limits", "Refused", "ServedGame", "StoreError", "create_app"]
