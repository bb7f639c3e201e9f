"""Art Gallery: the rules engine and its component data.

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
