"""Zong Shi (3 to 5 players): the rules engine, its component data and payments.

Usage::

    import zongshi_widgets as zw
    game = zw.game("zongshi", players=4)
    state = game.new_state(seed=7)
    state = state.play(state.legal_actions()[0])   # or its notation, e.g. "take gold"

The component data (``data/components.toml``) is mostly reconstructed (see its provenance
tags); load printed values with ``zw.game("zongshi", components="my_cards.toml")``.
"""

from .components import MATERIALS, PERSONS, PROJECT_TYPES, SCROLL_TYPES, Components, load_components
from .payments import PAIR_NAMES, PAIRS, Payment, can_pay, payment_options, reference_payments
from .rules import SEAT_NAMES, ZAction, ZongShi, ZongShiState

__all__ = [
    "MATERIALS",
    "PAIRS",
    "PAIR_NAMES",
    "PERSONS",
    "PROJECT_TYPES",
    "SCROLL_TYPES",
    "SEAT_NAMES",
    "Components",
    "Payment",
    "ZAction",
    "ZongShi",
    "ZongShiState",
    "can_pay",
    "load_components",
    "payment_options",
    "reference_payments",
]
