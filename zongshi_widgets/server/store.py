"""SQLite persistence of served games: each game as its save and its seat tokens' hashes.

A game is stored as the text of :meth:`State.to_json` (the seed, the actions played and the
chance state: :meth:`Game.load_state` replays and checks it whole) beside what made its
:class:`Game` (name, player count, variant options), a version counter that grows with every
change, and the server's settings for it. A token is never stored, only its SHA-256: a copy of
the database file lets nobody act for a seat. Every change is one transaction, committed before
any client hears of it, so a server restarted at any moment continues every game from its last
change.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

#: The layout of the tables; a database of another layout is refused, not guessed at.
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    save TEXT NOT NULL,
    version INTEGER NOT NULL,
    to_move INTEGER,
    is_over INTEGER NOT NULL,
    undo INTEGER NOT NULL,
    open_seats INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    digest TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER,
    player TEXT
);
CREATE INDEX IF NOT EXISTS tokens_by_game ON tokens (game_id);
"""


def token_digest(token: str) -> str:
    """The SHA-256 (hex) a token is stored under.

    Args:
        token (str): the token as handed to a player.

    Returns:
        str: 64 hex digits.
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class StoredGame:
    """One row of the ``games`` table.

    Attributes:
        id (str): the game id (public).
        game (str): the registered game name.
        players (int): the player count.
        options (dict): the variant options the game was made with.
        save (str): the JSON text of the current state (:meth:`State.to_json`).
        version (int): the change counter (0 when created, +1 per move or undo).
        to_move (int | None): the seat to move, ``None`` when over.
        is_over (bool): whether the game has ended.
        undo (bool): whether its players may take back their last move.
        open_seats (bool): seats are claimed through the lobby's join, not handed out at creation.
        created (float), updated (float): Unix times in seconds.
    """

    id: str
    game: str
    players: int
    options: dict
    save: str
    version: int
    to_move: int | None
    is_over: bool
    undo: bool
    open_seats: bool
    created: float
    updated: float


class StoreError(RuntimeError):
    """The database cannot be used (its folder is missing, another layout, or it cannot be
    opened or written)."""


class GameStore:
    """The served games in one SQLite file.

    Args:
        path (str | Path): the database file (created with its tables if missing), or
            ``":memory:"`` for a store that lasts as long as the object.

    Raises:
        StoreError: the file's folder does not exist, the path is a folder, the file cannot
            be opened, or it holds tables of another layout or of another program.
    """

    def __init__(self, path: str | Path):
        self.path = str(path)
        problem = _path_problem(self.path)
        if problem:
            raise StoreError(f"{self.path}: {problem}")
        # the server uses its store from one thread (the event loop's); the flag only lets
        # a test client's loop thread use a store made on the main thread
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot be opened ({exc})") from None
        try:
            self._db.execute("PRAGMA foreign_keys = ON")
            if self.path != ":memory:":
                self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")  # a commit is on disk before clients are told
            with self._transaction():
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                row = self._db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
                if row is None:
                    self._db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                elif row[0] != str(SCHEMA_VERSION):
                    raise StoreError(f"{self.path}: a game database of layout {row[0]}, not {SCHEMA_VERSION}")
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise StoreError(f"{self.path}: not a game database this server can use ({exc})") from None

    def _transaction(self):
        db = self._db

        class _Tx:
            def __enter__(self):
                db.execute("BEGIN IMMEDIATE")

            def __exit__(self, kind, exc, tb):
                db.execute("COMMIT" if kind is None else "ROLLBACK")
                return False

        return _Tx()

    def close(self) -> None:
        """Close the database file."""
        self._db.close()

    # -- writing -------------------------------------------------------------------------
    def create(
        self,
        game_id: str,
        game: str,
        players: int,
        options: dict,
        save: str,
        to_move: int | None,
        *,
        undo: bool,
        open_seats: bool,
        tokens: dict[str, int | None],
    ) -> None:
        """Store a new game and its tokens in one transaction.

        Args:
            game_id (str): a new id.
            game (str), players (int), options (dict): what makes its :class:`Game`.
            save (str): the starting state's :meth:`State.to_json`.
            to_move (int | None): the seat to move first.
            undo (bool), open_seats (bool): the game's settings (see :class:`StoredGame`).
            tokens (dict[str, int | None]): token -> seat (``None``: the spectator token);
                only their digests are stored.

        Raises:
            sqlite3.IntegrityError: the id or a token is already in use (nothing is stored).
        """
        now = time.time()
        with self._transaction():
            self._db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)",
                (game_id, game, players, json.dumps(options, sort_keys=True), save, to_move, int(to_move is None), int(undo), int(open_seats), now, now),
            )
            for token, seat in tokens.items():
                self._db.execute("INSERT INTO tokens VALUES (?, ?, ?, NULL)", (token_digest(token), game_id, seat))

    def update(self, game_id: str, save: str, version: int, to_move: int | None) -> None:
        """Store a game's new state and version (one transaction, committed on return).

        Args:
            game_id (str): the game.
            save (str): the new state's :meth:`State.to_json`.
            version (int): the new version; must be the stored one plus 1.
            to_move (int | None): the seat to move in the new state.

        Raises:
            StoreError: no such game, or its stored version is not ``version - 1`` (another
                writer changed it); nothing is written.
        """
        with self._transaction():
            cur = self._db.execute(
                "UPDATE games SET save = ?, version = ?, to_move = ?, is_over = ?, updated = ? WHERE id = ? AND version = ?",
                (save, version, to_move, int(to_move is None), time.time(), game_id, version - 1),
            )
            if cur.rowcount != 1:
                raise StoreError(f"game {game_id}: not at version {version - 1} in the database")

    def claim(self, game_id: str, seat: int, token: str, player: str) -> None:
        """Give an open seat its token and its player's name.

        Raises:
            StoreError: the seat is already taken (nothing is written).
        """
        with self._transaction():
            taken = self._db.execute("SELECT 1 FROM tokens WHERE game_id = ? AND seat = ?", (game_id, seat)).fetchone()
            if taken:
                raise StoreError(f"seat {seat} of game {game_id} is taken")
            self._db.execute("INSERT INTO tokens VALUES (?, ?, ?, ?)", (token_digest(token), game_id, seat, player))

    # -- reading -------------------------------------------------------------------------
    def get(self, game_id: str) -> StoredGame | None:
        """The stored game ``game_id``, or ``None``."""
        row = self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else _row(row)

    def games(self) -> list[StoredGame]:
        """Every stored game, oldest first."""
        return [_row(r) for r in self._db.execute("SELECT * FROM games ORDER BY created, id")]

    def count(self) -> int:
        """How many games are stored."""
        return self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0]

    def seats(self, game_id: str) -> dict[int, str | None]:
        """The seats of ``game_id`` that have a token: seat -> the name it was claimed with
        (``None`` for a token handed out at creation)."""
        rows = self._db.execute("SELECT seat, player FROM tokens WHERE game_id = ? AND seat IS NOT NULL", (game_id,))
        return {seat: player for seat, player in rows}

    def lookup(self, token: str) -> tuple[str, int | None] | None:
        """Who a token is: ``(game_id, seat)`` (seat ``None``: a spectator), or ``None`` when it
        is no token of this server."""
        row = self._db.execute("SELECT game_id, seat FROM tokens WHERE digest = ?", (token_digest(token),)).fetchone()
        return None if row is None else (row[0], row[1])


def _path_problem(path: str) -> str | None:
    """Why SQLite cannot make or open a database file at ``path`` (its folder is missing, or
    it is a folder), or ``None``; ``":memory:"`` and ``""`` (SQLite's temporary database) have
    no file."""
    if path in (":memory:", ""):
        return None
    file = Path(path)
    if file.is_dir():
        return "that is a folder; give a file name, e.g. games.sqlite"
    if not file.parent.exists():
        return f"the folder {file.parent} does not exist"
    if not file.parent.is_dir():
        return f"{file.parent} is a file, not a folder"
    return None


def _row(row: tuple) -> StoredGame:
    gid, game, players, options, save, version, to_move, is_over, undo, open_seats, created, updated = row
    return StoredGame(gid, game, players, json.loads(options), save, version, to_move, bool(is_over), bool(undo), bool(open_seats), created, updated)
