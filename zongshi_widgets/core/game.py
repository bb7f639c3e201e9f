"""The kernel contract every game follows: ``Game``, ``State`` and the game registry.

A :class:`Game` holds the rules, the components and the variant options, and never changes.
A :class:`State` is one position of one game; :meth:`State.play` returns a new state and
leaves the old one untouched. See ``DESIGN.md`` ("The kernel contract").
"""

from __future__ import annotations

import importlib
import inspect
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from .chance import Chance
from .errors import CorruptSave, IllegalAction
from .scoresheet import ScoreSheet

SAVE_FORMAT = "zongshi_widgets.state/1"


class Game(ABC):
    """Rules, components and variant options of one game; immutable.

    Subclasses set :attr:`name` and implement :meth:`new_state`, and their states implement
    the abstract methods of :class:`State`.

    Attributes:
        name (str): the registry name, e.g. ``"gembloq"``.
        players (int): how many seats play.
        options (dict): the variant options this game was made with (JSON-able values).
    """

    name: str = ""

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

    def load_state(self, text: str | dict) -> State:
        """Load a state saved by :meth:`State.to_json`.

        The save is checked whole: its game and options must match this game, and every
        action in it is replayed through the rules from its seed; the replayed state must
        agree with the saved chance state and position digest.

        Args:
            text (str | dict): the JSON text (or its parsed dict).

        Returns:
            State: the saved position, with its history.

        Raises:
            CorruptSave: the text is not a save of this game, or any part of it fails the checks.
        """
        try:
            data = json.loads(text) if isinstance(text, (str, bytes)) else dict(text)
        except (ValueError, TypeError) as exc:
            raise CorruptSave(f"not JSON ({type(exc).__name__}: {str(exc)[:80]})") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise CorruptSave(f"not a saved state (expected format {SAVE_FORMAT!r})")
        if data.get("game") != self.name:
            raise CorruptSave(f"this save is of game {data.get('game')!r}, not {self.name!r}")
        if data.get("players") != self.players or data.get("options", {}) != self._options:
            raise CorruptSave(
                f"this save is for {data.get('players')} players with options {data.get('options')}, "
                f"not {self.players} with {self._options}"
            )
        history = data.get("history")
        seed = data.get("seed")
        if not isinstance(history, list) or not all(isinstance(a, str) for a in history):
            raise CorruptSave("history must be a list of action notations")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise CorruptSave("seed must be an integer")
        if "chance" not in data:
            raise CorruptSave("the save has no chance state")
        state = self.new_state(seed=seed)
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

    __slots__ = ("game", "history", "chance")

    def __init__(self, game: Game, history: tuple, chance: Chance):
        self.game = game
        self.history = history
        self.chance = chance

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
        """The scores as they stand (final when :attr:`is_over`)."""

    @abstractmethod
    def view(self, player: int | None) -> dict:
        """A JSON-able dict of what seat ``player`` may see (``None``: a spectator)."""

    @abstractmethod
    def digest(self) -> str:
        """A short text that changes whenever the position changes (used by saves)."""

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
        return self._apply(action)

    def to_json(self) -> str:
        """The whole state as JSON text (chance included), for :meth:`Game.load_state`."""
        return json.dumps(
            {
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


# -- registry --------------------------------------------------------------------------
_REGISTRY: dict[str, tuple[str, str, str]] = {}


def register(name: str, factory: str, summary: str) -> None:
    """Register a game under ``name``.

    Args:
        name (str): the registry name used by :func:`game`.
        factory (str): ``"module:callable"``; the callable takes ``players`` and the
            variant options as keywords and returns a :class:`Game`. Imported on first use.
        summary (str): one line describing the game, shown by :func:`games`.
    """
    module, _, attr = factory.partition(":")
    _REGISTRY[name] = (module, attr, summary)


def games() -> dict[str, str]:
    """The registered games: ``{name: one-line summary}``."""
    return {name: summary for name, (_, _, summary) in sorted(_REGISTRY.items())}


def game(name: str, players: int | None = None, **options: Any) -> Game:
    """Make a game by name: rules, components and variant options.

    Args:
        name (str): one of :func:`games`, e.g. ``"gembloq"``.
        players (int | None): number of seats; ``None`` takes the game's default.
        **options: the game's variant options (see that game's class docstring).

    Returns:
        Game: an immutable game; call ``new_state(seed=...)`` on it.

    Raises:
        KeyError: no game has that name.
        ValueError: the player count or an option is not allowed.
    """
    if not isinstance(name, str) or name not in _REGISTRY:
        raise KeyError(f"no game named {name!r}; known games: {', '.join(sorted(_REGISTRY))}")
    module, attr, _ = _REGISTRY[name]
    factory: Callable[..., Game] = getattr(importlib.import_module(module), attr)
    if players is not None:
        options["players"] = players
    params = inspect.signature(factory).parameters
    unknown = sorted(set(options) - set(params))
    if unknown and not any(p.kind is p.VAR_KEYWORD for p in params.values()):
        known = ", ".join(p for p in params if p != "self")
        raise ValueError(f"{name} has no option {', '.join(map(repr, unknown))}; its options are: {known} (seeds go to new_state(seed=...))")
    return factory(**options)
