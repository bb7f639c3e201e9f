"""The game-agnostic kernel: the Game/State contract, rule errors, chance, score sheets,
timelines. It imports nothing from ``games``, ``widgets``, ``agents``, ``tutor`` or ``lab``."""

from .chance import Chance
from .errors import CorruptSave, IllegalAction
from .game import Game, State, game, games, register
from .scoresheet import ScoreSheet
from .timeline import Node, Timeline

__all__ = [
    "Chance",
    "CorruptSave",
    "Game",
    "IllegalAction",
    "Node",
    "ScoreSheet",
    "State",
    "Timeline",
    "game",
    "games",
    "register",
]
