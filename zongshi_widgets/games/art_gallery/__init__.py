"""Art Gallery: the rules engine and its component data.

Where things are:

- ``rules.py``: the entry point; imports the engine's names from the modules below and
  exports them (``from zongshi_widgets.games.art_gallery.rules import ...`` keeps working).
- ``game.py``: :class:`ArtGallery`, the board for a player count, the variant options, setup.
- ``state.py``: :class:`ArtGalleryState`, its data, copying, ``to_move``/``turn``, identity;
  the class is made of one mixin per concern from the next five modules.
- ``turn.py``: the legal actions of each step, the notation, the checks that name the broken
  rule, playing an action; ``reference_legal_actions``.
- ``distribution.py``: Shop purchases, who takes a gallery's painting card, the start card,
  the distribution step by step, the end of the round and of the game.
- ``views.py``: what each seat sees, the hidden bids, determinization, actions in words.
- ``positions.py``: position descriptions (``position()`` and ``from_position``'s reader).
- ``scoring.py``: the score sheet, and the score sheet a seat may know.
- ``basics.py``: the rulebook's numbers, seat colours, rule sections, step names, helpers.
- ``actions.py`` (action types), ``components.py`` (cards, tiles, chains), ``render.py``
  (drawing and telling from public information), ``invariants.py`` (conservation checks).

Usage::

    import zongshi_widgets as zw
    game = zw.game("art_gallery", players=4)
    state = game.new_state(seed=1)
    state = state.play("move 3 cw").play("bid 5")
"""

from .actions import Action, Aside, Bid, Move, Pick, Stay, Take
from .components import Components, PaintingCard, chain_scores, default_components, load_components
from .rules import COLOURS, ArtGallery, ArtGalleryState

__all__ = [
    "COLOURS",
    "Action",
    "ArtGallery",
    "ArtGalleryState",
    "Aside",
    "Bid",
    "Components",
    "Move",
    "PaintingCard",
    "Pick",
    "Stay",
    "Take",
    "chain_scores",
    "default_components",
    "load_components",
]
