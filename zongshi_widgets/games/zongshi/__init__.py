"""Zong Shi (3 to 5 players): the rules engine, its component data and payments.

Usage::

    import zongshi_widgets as zw
    game = zw.game("zongshi", players=4)
    state = game.new_state(seed=7)
    state = state.play(state.legal_actions()[0])   # or its notation, e.g. "take gold"

The component data (``data/components.toml``) is mostly reconstructed (see its provenance
tags); load printed values with ``zw.game("zongshi", components="my_cards.toml")``.

Where things are (each module's docstring names its rulebook sections):

- ``game.py``: the game, its variant options, the setup (new game).
- ``state.py``: a position as a state (legal actions, play, playouts, views, saves).
- ``actions.py``: actions and their notation.
- ``board.py``: the rulebook's numbers and the position in memory (workshops, pawns, bag, decks).
- ``tasks.py``: the stack of pending decisions.
- ``turn.py``: each decision's legal actions and what an action does (the draft, a pawn's turn,
  the Temple's donations, the Pawn Shop's claims, paying, the scrolls' follow-ups).
- ``locations.py``: going to the locations (closed ones, the Pawn Shop, Respectful Visits).
- ``projects.py``: beginning a project.
- ``scrolls.py``: the Scrolls of Fortune.
- ``steps.py``: end of a turn, award tiles, Steps 2 to 4, the end of the game.
- ``scoring.py``: final scoring and the tie-break.
- ``errors.py``: the rule texts of illegal moves and which rule a move breaks.
- ``payments.py``: paying with boxes, exchange tiles and discount scrolls.
- ``position.py``: position descriptions, both ways.
- ``components.py``, ``data/``: the component data; ``render.py``: words and pictures;
  ``invariants.py``: the conservation checks; ``rules.py``: the old entry point, importing all.
"""

from .actions import ZAction
from .board import SEAT_NAMES
from .components import MATERIALS, PERSONS, PROJECT_TYPES, SCROLL_TYPES, Components, load_components
from .game import ZongShi
from .payments import PAIR_NAMES, PAIRS, Payment, can_pay, payment_options, reference_payments
from .state import ZongShiState

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
