"""The game registry: each game registers its engine, and by name (imported on first use) its
board, its lessons module and its own bots.

Shared code (boards, lessons, bots, the lab) finds a game's parts here instead of keeping
tables of games. Every reference is a ``"module:attribute"`` string, so registering imports
nothing: ``core`` never imports ``games``, ``widgets``, ``tutor`` or ``agents``.

Plugging in a new game (see also ``docs/ARCHITECTURE.md``)::

    # zongshi_widgets/games/__init__.py
    register(
        "mygame",
        "zongshi_widgets.games.mygame:MyGame",          # a Game subclass with a game_type
        "My Game: one line for zw.games()",
        board="zongshi_widgets.widgets.mygame:MyGameBoard",   # optional; else the generic board
        lessons="zongshi_widgets.tutor.mygame",               # optional; registers lesson goals
        agents={"mygame-greedy": "zongshi_widgets.games.mygame.bots:Greedy"},  # optional
    )
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import UnknownName

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .gametype import GameType


def load_ref(ref: str) -> Any:
    """Import ``"module:attribute"`` and return the attribute.

    Raises:
        ValueError: ``ref`` is not of that form.
        ImportError: the module cannot be imported.
        AttributeError: the module has no such attribute.
    """
    module, sep, attr = ref.partition(":")
    if not sep or not module or not attr:
        raise ValueError(f"a reference is 'module:attribute', not {ref!r}")
    obj = importlib.import_module(module)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class Registration:
    """What a game registered (see :func:`register`).

    Attributes:
        name (str): the registry name.
        factory (str): ``"module:callable"`` making the :class:`Game`.
        summary (str): one line for :func:`games`.
        board (str | None): ``"module:Class"`` of its board widget, or ``None`` (the generic
            board plays it).
        lessons (str | None): the module that registers its lesson goals, or ``None``.
        agents (Mapping[str, str]): its own bots, ``{name: "module:Class"}``.
        hint_bot (str | None): the bot whose choice boards show as a hint (default: see
            :func:`zongshi_widgets.agents.default_bot`).
    """

    name: str
    factory: str
    summary: str
    board: str | None = None
    lessons: str | None = None
    agents: Mapping[str, str] = field(default_factory=dict)
    hint_bot: str | None = None

    def load_factory(self) -> Callable[..., Game]:
        """The callable making this game (imports its module)."""
        return load_ref(self.factory)


_REGISTRY: dict[str, Registration] = {}


def register(
    name: str,
    factory: str,
    summary: str,
    *,
    board: str | None = None,
    lessons: str | None = None,
    agents: Mapping[str, str] | None = None,
    hint_bot: str | None = None,
) -> Registration:
    """Register a game under ``name`` (registering again replaces the entry).

    Args:
        name (str): the registry name used by :func:`game`.
        factory (str): ``"module:callable"``; the callable takes ``players`` and the variant
            options as keywords and returns a :class:`Game`. Imported on first use.
        summary (str): one line describing the game, shown by :func:`games`.
        board (str | None): ``"module:Class"`` of the game's board widget.
        lessons (str | None): module that registers the game's lesson goals when imported.
        agents (Mapping[str, str] | None): the game's own bots, ``{name: "module:Class"}``.
        hint_bot (str | None): the bot whose choice boards offer as a hint.

    Returns:
        Registration: the entry.

    Raises:
        ValueError: an empty name, or a reference that is not ``"module:attribute"``.
    """
    if not isinstance(name, str) or not name:
        raise ValueError("a game needs a non-empty registry name")
    for ref in [factory, board, *(agents or {}).values()]:
        if ref is not None and (not isinstance(ref, str) or ":" not in ref):
            raise ValueError(f"a reference is 'module:attribute', not {ref!r}")
    entry = Registration(name, factory, summary, board, lessons, dict(agents or {}), hint_bot)
    _REGISTRY[name] = entry
    return entry


def unregister(name: str) -> None:
    """Remove a registered game (tests use it to clean up).

    Raises:
        KeyError: no game has that name.
    """
    del _REGISTRY[name]


def registration(name: str) -> Registration:
    """The entry of a registered game.

    Raises:
        KeyError: no game has that name (the message lists the known ones).
    """
    if not isinstance(name, str) or name not in _REGISTRY:
        raise UnknownName(f"no game named {name!r}; known games: {', '.join(sorted(_REGISTRY))}")
    return _REGISTRY[name]


def games() -> dict[str, str]:
    """The registered games: ``{name: one-line summary}``, sorted by name."""
    return {name: entry.summary for name, entry in sorted(_REGISTRY.items())}


def game_type(name: str) -> GameType:
    """The :class:`~zongshi_widgets.core.GameType` a registered game declares.

    Raises:
        KeyError: no game has that name.
    """
    factory = registration(name).load_factory()
    gt = getattr(factory, "game_type", None)
    if gt is None:
        raise TypeError(f"game {name!r} does not declare a game_type")
    return gt


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
    factory = registration(name).load_factory()
    if players is not None:
        options["players"] = players
    params = inspect.signature(factory).parameters
    unknown = sorted(set(options) - set(params))
    if unknown and not any(p.kind is p.VAR_KEYWORD for p in params.values()):
        known = ", ".join(p for p in params if p != "self")
        shown = getattr(getattr(factory, "game_type", None), "long_name", name)  # "Majolica", as the games' own messages
        raise ValueError(f"{shown} has no option {', '.join(map(repr, unknown))}; its options are: {known} (seeds go to new_state(seed=...))")
    return factory(**options)
