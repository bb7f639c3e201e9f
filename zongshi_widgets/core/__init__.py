"""The game-agnostic kernel: the Game/State contract, what a game declares (GameType), the
registry, rule errors, chance, score sheets, timelines. It imports nothing from ``games``,
``widgets``, ``agents``, ``tutor`` or ``lab``."""

from .chance import Chance
from .errors import CorruptSave, IllegalAction
from .game import Game, State
from .gametype import GameType, Turn
from .registry import Registration, game, game_type, games, load_ref, register, registration, unregister
from .scoresheet import ScoreSheet
from .timeline import Node, Timeline

__all__ = [
    "Chance",
    "CorruptSave",
    "Game",
    "GameType",
    "IllegalAction",
    "Node",
    "Registration",
    "ScoreSheet",
    "State",
    "Timeline",
    "Turn",
    "game",
    "game_type",
    "games",
    "load_ref",
    "register",
    "registration",
    "unregister",
]
