"""The kernel contract every game follows: ``Game``, ``State`` and the game registry.

A :class:`Game` holds the rules, the components and the variant options, and never changes.
A :class:`State` is one position of one game; :meth:`State.play` returns a new state and
leaves the old one untouched. See ``DESIGN.md`` ("The kernel contract").
"""

from __future__ import annotations

import json
import os
import random
import tomllib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from .chance import Chance
from .errors import CorruptSave, IllegalAction
from .gametype import GameType, Turn, plural
from .schema import SchemaError, load_schema, validate
from .scoresheet import ScoreSheet

SAVE_FORMAT = "zongshi_widgets.state/1"

#: The most actions a save's history may hold (:meth:`Game.load_state` refuses more before replaying
#: any; ``core/save.schema.json`` says the same). The longest recorded real games are about 1,600
#: actions (``tests/playthroughs``: random 4-player Majolica), some sixty times fewer.
MAX_HISTORY = 100_000


class Game(ABC):
    """Rules, components and variant options of one game; immutable.

    Subclasses set :attr:`name` and :attr:`game_type` and implement :meth:`new_state`, and
    their states implement the abstract methods of :class:`State`. A game whose lessons or
    tests pose positions directly also implements :meth:`_state_from_position` (and its
    states :meth:`State.position`).

    Attributes:
        name (str): the registry name, e.g. ``"gembloq"``.
        game_type (GameType): what the game declares about itself (player counts, hidden
            information, chance, multi-step turns, notation help).
        players (int): how many seats play.
        options (dict): the variant options this game was made with (JSON-able values).
    """

    name: str = ""
    game_type: ClassVar[GameType]

    def __init__(self, players: int, options: dict | None = None):
        self._players = players
        self._options = dict(options or {})

    @property
    def players(self) -> int:
        """Number of seats (int)."""
        return self._players

    @property
    def options(self) -> dict:
        """A copy of the variant options (dict of JSON-able values)."""
        return dict(self._options)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """One display name per seat (tuple of str); subclasses name them by colour."""
        return tuple(f"player {i + 1}" for i in range(self.players))

    @abstractmethod
    def new_state(self, seed: int | None = None) -> State:
        """The starting position.

        Args:
            seed (int | None): seed of the state's chance; the same seed and the same
                actions give the same game. ``None`` draws a seed (kept in the state).
        """

    def check_seat(self, seat: Any, *, spectator: bool = True) -> int | None:
        """``seat`` checked: a seat number of this game (or ``None``, a spectator).

        Args:
            seat: the value to check.
            spectator (bool): whether ``None`` is allowed.

        Returns:
            int | None: the seat.

        Raises:
            TypeError: not an int (bools are refused), or ``None`` where a seat is needed.
            ValueError: out of range (the message gives the range).
        """
        if seat is None and spectator:
            return None
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TypeError(f"a seat is an int from 0 to {self.players - 1}{' or None (a spectator)' if spectator else ''}, not {seat!r}")
        if not 0 <= seat < self.players:
            raise ValueError(f"this {self.players}-player game has seats 0..{self.players - 1}, not {seat}")
        return seat

    def from_position(self, description: dict | str, seed: int | None = None) -> State:
        """A state built from a readable position description (hands, boards, whose turn...).

        Lessons and tests pose positions this way ("you hold these two scrolls and these
        boxes") instead of searching for a seed that deals them. The description's keys are
        the game's own (see its ``_state_from_position``); parts it leaves out are dealt by the
        game's chance from ``seed``. The state saves and loads like any other: its save keeps
        the description and replays the actions played since.

        Args:
            description (dict | str): the position, as a dict or as TOML or JSON text.
            seed (int | None): seed of the state's chance (draws after, and parts left out).

        Returns:
            State: the position, with an empty history.

        Raises:
            ValueError: the text is neither TOML nor JSON, the description breaks the game's
                components or rules (a card in two places, a hand over its limit...; when the
                description leaves out only one to three of the keys, the message names them
                after the reason), or it is not JSON-able.
            NotImplementedError: this game has no position descriptions.
        """
        desc = _parse_description(description)
        if not isinstance(desc, dict):
            raise ValueError("a position description is a JSON object / TOML table")
        try:
            state = self._state_from_position(desc, Chance(seed))
        except ValueError as exc:
            # a nearly whole description (a few keys dropped, e.g. from position()) refused: the
            # reason first, then the keys it leaves out, which are set up afresh and often the cause
            left = self._left_out(desc)
            if 0 < len(left) <= 3 and exc.args and isinstance(exc.args[0], str):
                exc.args = (
                    f"{exc.args[0]} (this description leaves out {', '.join(map(repr, left))}: what it leaves out is set up as at the start of a game)",
                    *exc.args[1:],
                )
            raise
        except (TypeError, KeyError, IndexError, AttributeError) as exc:
            # a value of the wrong type or shape deep in the description
            raise ValueError(
                f"this is not a {self.name} position description: a value has the wrong type or shape "
                f"({type(exc).__name__}: {exc}); see {type(self).__name__}._state_from_position for its keys"
            ) from None
        _probe(state, self.name)
        state._origin = desc
        return state

    def _left_out(self, description: dict) -> list[str]:
        """The top-level keys of a full position description (this game's starting position's)
        that ``description`` does not give, in the full description's order."""
        try:
            full = self.new_state(seed=0).position()
        except NotImplementedError:
            return []
        return [key for key in full if key not in description]

    def _state_from_position(self, description: dict, chance: Chance) -> State:
        """Build the state a description gives (override; see :meth:`from_position`).

        Raises:
            ValueError: the description is not a possible position of this game.
        """
        raise NotImplementedError(f"{self.name} has no readable position descriptions yet; play actions from new_state() instead")

    def load_state(self, text: str | dict) -> State:
        """Load a state saved by :meth:`State.to_json`.

        The save is checked whole: its game and options must match this game, and every
        action in it is replayed through the rules from its seed; the replayed state must
        agree with the saved chance state and position digest. A history of more than
        :data:`MAX_HISTORY` (100,000) actions is refused before anything is replayed: the
        longest real games are far shorter (a random 4-player Majolica game, the longest of
        the recorded playthroughs, has about 1,600 actions).

        Args:
            text (str | bytes | dict): the JSON text (bytes: UTF-8), or its parsed dict.

        Returns:
            State: the saved position, with its history.

        Raises:
            CorruptSave: the text is not a save of this game (not UTF-8 or not JSON, another
                format version, another game, player count or options), its structure breaks
                the schema ``core/save.schema.json`` (the message names the field), its history
                is longer than :data:`MAX_HISTORY` actions (the limit named first), or any
                part of it fails the checks (an illegal action, a chance state or position
                that does not match the replay).
        """
        if isinstance(text, os.PathLike):
            raise TypeError(f"load_state takes the JSON text of a save, not a path: pass Path({os.fspath(text)!r}).read_text()")
        if not isinstance(text, (str, bytes, dict)):
            raise TypeError(f"load_state takes the JSON text of a save (or its parsed dict), not {type(text).__name__}")
        try:
            if isinstance(text, bytes):  # JSON text is UTF-8 (RFC 8259); json.loads would guess UTF-16/32 too
                text = text.decode("utf-8-sig")
            data = json.loads(text) if isinstance(text, str) else json.loads(json.dumps(text))
        except UnicodeDecodeError as exc:
            raise CorruptSave(f"not UTF-8 text (byte {exc.start}: {exc.reason})") from None
        except (ValueError, TypeError, RecursionError) as exc:
            hint = ""
            if isinstance(text, str) and text.strip()[:1] not in ("{", "[", '"') and len(text) < 4096 and "\n" not in text.strip():
                hint = " (load_state takes the save's JSON text, not a file name: pass Path(name).read_text())"
            raise CorruptSave(f"not JSON ({type(exc).__name__}: {str(exc)[:80]}){hint}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            found = str(data.get("format")) if isinstance(data, dict) else f"a JSON {type(data).__name__}"
            raise CorruptSave(f"not a saved state (expected format {SAVE_FORMAT!r}, found {found[:40]!r})")
        history = data.get("history")
        if isinstance(history, list) and len(history) > MAX_HISTORY:  # before the schema walks it or anything is replayed
            raise CorruptSave(
                f"the save's history is too long to load: {len(history):,} actions, over the limit of {MAX_HISTORY:,} (no real game comes near it)"
            )
        try:
            validate(data, load_schema(__package__, "save.schema.json"), "saved game")
        except SchemaError as exc:
            raise CorruptSave(str(exc)) from None
        if data.get("game") != self.name:
            raise CorruptSave(f"this save is of game {data.get('game')!r}, not {self.name!r}")
        if data.get("players") != self.players or data.get("options", {}) != self._options:
            raise CorruptSave(
                f"this save is for {_players(data.get('players'))} with options {data.get('options')}, not {_players(self.players)} with {self._options}"
            )
        history = data.get("history")
        seed = data.get("seed")
        if not isinstance(history, list) or not all(isinstance(a, str) for a in history):
            raise CorruptSave("history must be a list of action notations")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise CorruptSave("seed must be an integer")
        if "chance" not in data:
            raise CorruptSave("the save has no chance state")
        origin = data.get("origin")
        if origin is None:
            state = self.new_state(seed=seed)
        else:
            if not isinstance(origin, dict):
                raise CorruptSave("the saved starting position must be a position description (a JSON object)")
            try:
                state = self.from_position(origin, seed=seed)
            except (ValueError, TypeError, KeyError, NotImplementedError, RecursionError) as exc:
                raise CorruptSave(f"the saved starting position is not a position of this game: {str(exc)[:300]}") from None
        for i, notation in enumerate(history):
            try:
                state = state.play(notation)
            except IllegalAction as exc:
                raise CorruptSave(f"action {i + 1} ({notation!r}) is illegal: {exc.message}") from None
        try:
            saved = Chance.from_json(data["chance"])
        except ValueError:
            raise CorruptSave("the saved chance state is malformed") from None
        if saved != state.chance:
            raise CorruptSave("the saved chance state does not match the replayed game")
        if data.get("digest") != state.digest():
            raise CorruptSave("the saved position does not match the replayed game")
        return state

    def _freeze(self) -> None:
        """Called at the end of a subclass's ``__init__``: later attribute changes raise."""
        object.__setattr__(self, "_frozen", True)

    def __setattr__(self, name: str, value: Any) -> None:
        if self.__dict__.get("_frozen"):
            raise AttributeError(f"a Game is immutable: make a new one with zw.game(...) instead of setting {name!r}")
        object.__setattr__(self, name, value)

    def __copy__(self) -> Game:
        """A game is immutable: its copy is itself."""
        return self

    def __deepcopy__(self, memo: dict) -> Game:
        """A game is immutable: its deep copy is itself (a bot copied for every lab game keeps
        its game without copying the game's tables)."""
        return self

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.players == self.players and other._options == self._options

    def __hash__(self) -> int:
        return hash((self.name, self.players, json.dumps(self._options, sort_keys=True)))

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self._options.items())
        return f"zw.game({self.name!r}, players={self.players}{opts})"


class State(ABC):
    """One position of a game. Immutable: :meth:`play` returns a new state.

    Attributes:
        game (Game): the game this state belongs to.
        history (tuple): the actions played since ``new_state``, in order.
        chance (Chance): the seeded generator for shuffles and draws (do not draw from it
            directly: states copy it before they draw).
    """

    __slots__ = ("game", "history", "chance", "_origin", "_sample", "_scratch")

    def __init__(self, game: Game, history: tuple, chance: Chance):
        self.game = game
        self.history = history
        self.chance = chance
        self._origin: dict | None = None  # the position description this line started from
        self._sample = False  # a determinization (bots' guess), not the real game
        self._scratch = False  # a playout's private copy (scratch()), advanced in place

    # -- the contract -------------------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The 0-based seat that decides now, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Any]:
        """Every legal action of the seat to move, in a stable order (empty when over)."""

    @abstractmethod
    def parse_action(self, notation: str) -> Any:
        """The action written as ``notation``, for the seat to move.

        Raises:
            IllegalAction: the text names no action, or names an illegal one.
        """

    @abstractmethod
    def _apply(self, action: Any) -> State:
        """Return the state after the legal ``action`` (already checked)."""

    @abstractmethod
    def check(self, action: Any) -> None:
        """Raise :class:`IllegalAction` naming the broken rule when ``action`` is illegal here."""

    @abstractmethod
    def score_sheet(self) -> ScoreSheet:
        """The scores as they stand (final when :attr:`is_over`), counted from the whole truth:
        mid-game, in a game whose scoring counts secrets (Art Gallery's action cards in hand),
        it is for the engine and the bots' end of game, not for a player's screen (see
        :meth:`visible_score_sheet`)."""

    def visible_score_sheet(self, seat: int | None = None) -> ScoreSheet:
        """The scores as they stand, counting only what ``seat`` may see (``None``: a
        spectator): what a notebook or a board shows a player mid-game. Equal to
        :meth:`score_sheet` once the game is over, and in every game whose scoring counts nothing
        hidden (the default); a game whose scoring counts secrets overrides it.

        Args:
            seat (int | None): the seat looking, or ``None``.

        Returns:
            ScoreSheet: not ``final`` while the game runs.

        Raises:
            TypeError, ValueError: ``seat`` is not a seat of this game.
        """
        self.game.check_seat(seat)
        return self.score_sheet()

    @abstractmethod
    def digest(self) -> str:
        """A short text that changes whenever the position changes (used by saves)."""

    # -- what a seat may see ----------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict:
        """A JSON-able dict of what ``seat`` may see (``None``: a spectator, public only).

        Built from parts: :meth:`public_view` (what everybody sees) plus, for a seat,
        :meth:`private_view` (what only that seat sees: its hand, its face-down bid...), plus
        ``seat``, ``to_move``, ``is_over`` and ``turn`` (:attr:`turn` as a dict). Nothing that
        ``seat`` may not see is in it; boards send only this to the browser.

        Args:
            seat (int | None): the seat looking, or ``None``.

        Returns:
            dict: JSON-able.

        Raises:
            TypeError, ValueError: ``seat`` is not a seat of this game.
        """
        seat = self.game.check_seat(seat)
        out = {"game": self.game.name, "seat": seat, "to_move": self.to_move, "is_over": self.is_over, "turn": self.turn.to_json()}
        out.update(self.public_view())
        if seat is not None:
            private = self.private_view(seat)
            clash = set(private) & set(out)
            if clash:
                raise RuntimeError(f"{self.game.name}: private_view keys {sorted(clash)} clash with public keys")
            out.update(private)
        return out

    def public_view(self) -> dict:
        """What every seat and a spectator may see, JSON-able (override).

        Raises:
            NotImplementedError: the game implements neither this nor :meth:`view`.
        """
        raise NotImplementedError(f"{type(self).__name__} implements neither view() nor public_view()")

    def private_view(self, seat: int) -> dict:
        """What only ``seat`` may see (its hand, its face-down choices), JSON-able; keys must
        differ from :meth:`public_view`'s. Default: nothing (override in games with secrets)."""
        return {}

    def action_text(self, action: Any, seat: int | None) -> str:
        """The action (to be played here by the seat to move) as ``seat`` sees it: its
        notation, or for a secret action of another seat only its public part (``"bid a
        card"`` for a face-down bid). Logs and boards write moves with this, per watching seat.

        Args:
            action: a legal action of this state.
            seat (int | None): the seat reading (``None``: a spectator).

        Returns:
            str: plain words or notation.

        Raises:
            TypeError, ValueError: ``seat`` is not a seat of this game.
        """
        return self._action_text(action, self.game.check_seat(seat))

    def _action_text(self, action: Any, seat: int | None) -> str:
        """See :meth:`action_text` (override in games with secret actions; ``seat`` is
        checked). Default: the notation."""
        return str(action)

    def determinize(self, seat: int, rng: random.Random | int | None = None) -> State:
        """A full state consistent with everything ``seat`` has seen, the rest resampled.

        The unseen parts (other seats' hands, deck and bag order, face-down tiles, the future
        of chance) are dealt anew from ``rng``. Bots and hints decide from this (or from
        ``view(seat)``), never from the real state. The result depends only on what ``seat``
        sees and on ``rng``: two real states with the same ``view(seat)`` give the same
        determinization for the same ``rng`` state. ``seat`` sees the same view and has the
        same legal actions in it. It is a sample, not the real game: it has no history (past
        actions may hold secrets), it plays on, but it cannot be saved.

        Args:
            seat (int): the seat whose knowledge is kept.
            rng (random.Random | int | None): the generator (or a seed) for the unseen parts.

        Returns:
            State: this state itself when the game has neither hidden information nor chance;
            else a new sampled state.

        Raises:
            TypeError, ValueError: ``seat`` is not a seat of this game.
        """
        seat = self.game.check_seat(seat, spectator=False)
        gt = self.game.game_type
        if not gt.hidden_information and not gt.chance:
            return self
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        sample = self._determinize(seat, rng)
        sample._sample = True
        sample._origin = None
        # past actions may hold secrets (other seats' face-down choices): a sample has none
        sample.history = ()
        return sample

    def _determinize(self, seat: int, rng: random.Random) -> State:
        """The game's own resampling (override in games with hidden information or chance;
        see :meth:`determinize`). It must read the real state only through what ``seat`` may
        see, and draw only from ``rng``."""
        raise NotImplementedError(f"{self.game.name} declares hidden information or chance but does not implement _determinize")

    def position(self) -> dict:
        """The whole position as a readable description (hidden parts included), which
        :meth:`Game.from_position` turns back into an equal state (override).

        Raises:
            NotImplementedError: the game has no position descriptions.
        """
        raise NotImplementedError(f"{self.game.name} has no readable position descriptions yet")

    @property
    def turn(self) -> Turn:
        """Which round, turn and step this position is in (:class:`~zongshi_widgets.core.Turn`).

        Default, for games of one action per turn and no rounds: turn = actions played + 1.
        """
        return Turn(round=None, turn=len(self.history) + 1, step=None, seat=self.to_move)

    @property
    def origin(self) -> dict | None:
        """The position description this game started from (:meth:`Game.from_position`), or
        ``None`` when it started from :meth:`Game.new_state`."""
        return self._origin

    @property
    def is_sample(self) -> bool:
        """``True`` for a determinization (a bot's guess at the hidden parts)."""
        return self._sample

    def check_invariants(self) -> None:
        """Check what must hold in every position, for tests and hardening runs.

        First the kernel's own invariants (the seat to move agrees with the legal actions; the
        views of every seat and of a spectator are JSON-able and name the right seat; the score
        sheet has one row per seat), then the game's (:meth:`_check_invariants`: conservation of
        its components, each in exactly one place).

        Raises:
            AssertionError: an invariant is broken; the message says which and how.
        """
        legal = list(self.legal_actions())
        mover = self.to_move
        if mover is None and legal:
            raise AssertionError(f"{self.game.name}: the game is over but {len(legal)} legal actions are listed")
        if mover is not None:
            if not isinstance(mover, int) or isinstance(mover, bool) or not 0 <= mover < self.game.players:
                raise AssertionError(f"{self.game.name}: to_move is {mover!r}, not a seat of this {self.game.players}-player game")
            if not legal:
                raise AssertionError(f"{self.game.name}: seat {mover} is to move but no legal action is listed")
        for seat in [None, *range(self.game.players)]:
            view = self.view(seat)
            if view.get("seat") != seat or view.get("to_move") != mover:
                raise AssertionError(f"{self.game.name}: view({seat}) names seat {view.get('seat')!r} and to_move {view.get('to_move')!r}")
            try:
                json.dumps(view, allow_nan=False)
            except (TypeError, ValueError) as exc:
                raise AssertionError(f"{self.game.name}: view({seat}) is not JSON: {exc}") from None
        sheet = self.score_sheet()
        if len(sheet.totals) != len(sheet.players) or sheet.final != self.is_over:
            raise AssertionError(f"{self.game.name}: the score sheet has {len(sheet.totals)} totals for {len(sheet.players)} rows, final={sheet.final}")
        self._check_invariants()

    def _check_invariants(self) -> None:
        """The game's own invariants, called by :meth:`check_invariants` (override): every
        component counted in exactly one place, counts within their limits.

        Raises:
            AssertionError: naming the broken invariant and what was found.
        """
        return None  # a game without components to conserve has only the kernel's invariants

    # -- shared behaviour ---------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """``True`` when nobody has a decision left."""
        return self.to_move is None

    def play(self, action: Any) -> State:
        """Play an action (an action object or its notation) for the seat to move.

        Args:
            action: one of :meth:`legal_actions`, an equal action, or its notation (str).

        Returns:
            State: the new position; this state is unchanged.

        Raises:
            IllegalAction: the action breaks a rule (the message cites the rulebook section),
                the notation cannot be read, or the game is over.
        """
        if self.is_over:
            raise IllegalAction("core.game-over", "The game is over: nobody may act any more.")
        if isinstance(action, str):
            action = self.parse_action(action)
        else:
            self.check(action)
        after = self._apply(action)
        after._origin = self._origin
        after._sample = self._sample
        return after

    # -- playouts ----------------------------------------------------------------------------
    def scratch(self) -> State:
        """A private copy of this state for a playout, to be advanced with :meth:`advance`.

        A playout (MCTS, random games in benchmarks) plays many actions and keeps none of the
        states in between. A game may make its scratch copy mutable, so that :meth:`advance`
        changes it in place instead of building a new state per action; the kernel's default
        returns ``self``, whose :meth:`advance` builds new states as :meth:`play` does. Either
        way this state is never changed.

        A scratch copy is for playouts only: it cannot be saved (:meth:`to_json` raises
        ``ValueError``) and must not be kept in a timeline or shown to anybody. It keeps the
        actions it is advanced by, so :meth:`play` on it gives a real state with the whole
        history, which saves and which later playout steps never change.

        Returns:
            State: a state with the same position, legal actions, scores and chance.
        """
        return self

    def advance(self, action: Any) -> State:
        """Play an action in a playout: like :meth:`play`, without its checks.

        Args:
            action: one of :meth:`legal_actions` (an action object, not a notation). Anything
                else is undefined behaviour: use :meth:`play` for actions from outside.

        Returns:
            State: the next state. When this state is a scratch copy (:meth:`scratch`) that
            supports it, it is this very object, changed in place.
        """
        after = self._advance(action) if self._scratch else self._apply(action)
        after._origin = self._origin
        after._sample = self._sample
        return after

    def _advance(self, action: Any) -> State:
        """Apply the legal ``action`` to this scratch copy in place and return it (games whose
        :meth:`scratch` returns mutable copies override this; the default builds a new state)."""
        return self._apply(action)

    @property
    def is_scratch(self) -> bool:
        """``True`` for a playout's mutable copy (:meth:`scratch`)."""
        return self._scratch

    def to_json(self) -> str:
        """The whole state as JSON text (chance included), for :meth:`Game.load_state`.

        Raises:
            ValueError: this is a determinization (:meth:`determinize`) or a playout's scratch
                copy (:meth:`scratch`), not a real game.
        """
        if self._sample:
            raise ValueError("this state is a determinization (a guess at hidden parts for bots), not a real game: it cannot be saved")
        if self._scratch:
            raise ValueError("this state is a playout's scratch copy (State.scratch), not a real game: it cannot be saved")
        extra = {} if self._origin is None else {"origin": self._origin}
        return json.dumps(
            {
                **extra,
                "format": SAVE_FORMAT,
                "game": self.game.name,
                "players": self.game.players,
                "options": self.game.options,
                "seed": self.chance.seed,
                "history": [str(a) for a in self.history],
                "chance": self.chance.to_json(),
                "digest": self.digest(),
            }
        )


def _players(n: Any) -> str:
    """A player count in words for a message: ``"1 player"``, ``"3 players"``."""
    return plural(n, "player") if isinstance(n, int) and not isinstance(n, bool) else f"{n!r} players"


def _probe(state: State, name: str, limit: int = 64) -> None:
    """Refuse a posed position that the rules cannot play on: each of its first ``limit`` legal
    actions must play (a description with values of the right type but an impossible meaning,
    such as a counter of the wrong kind deep inside, would otherwise fail later, in play).

    Raises:
        ValueError: a listed action fails to play.
    """
    try:
        for action in list(state.legal_actions())[:limit]:
            state.play(action)
    except IllegalAction as exc:
        raise ValueError(f"this {name} position lists an action that its own rules refuse ({exc.message}): the description does not fit together") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise ValueError(f"this {name} position cannot be played on ({type(exc).__name__}: {exc}): the description does not fit together") from None


def _parse_description(description: Any) -> dict:
    """A position description as a fresh dict: a dict copied through JSON, text read as TOML
    or JSON.

    Raises:
        ValueError: text that is neither, a dict that is not JSON-able, or another type.
    """
    if isinstance(description, dict):
        try:
            return json.loads(json.dumps(description))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"a position description must be JSON-able: {exc}") from None
    if isinstance(description, str):
        try:
            return json.loads(description) if description.lstrip().startswith("{") else tomllib.loads(description)
        except (ValueError, tomllib.TOMLDecodeError) as exc:
            raise ValueError(f"a position description is a dict, or TOML or JSON text: {exc}") from None
    raise ValueError(f"a position description is a dict, or TOML or JSON text, not {type(description).__name__}")
