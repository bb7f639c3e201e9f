"""Majolica: the rules engine and its component data.

Usage::

    import zongshi_widgets as zw
    game = zw.game("majolica", players=2)
    state = game.new_state(seed=1)
    state = state.play("start slot 1")
"""

from .components import Components, DesignCard, Workshop, default_components, load_components
from .rules import MISSIONS, Majolica, MajolicaState, Player, card_open, pattern_met

__all__ = [
    "MISSIONS",
    "Components",
    "DesignCard",
    "Majolica",
    "MajolicaState",
    "Player",
    "Workshop",
    "card_open",
    "default_components",
    "load_components",
    "pattern_met",
]
