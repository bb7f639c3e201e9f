"""Art Gallery rules: the entry point of the engine, which imports the game, its states and every
choice of a round from the modules that hold them, and exports the same names as before.

Where things are (one module per concern)::

    basics.py        the rulebook's numbers (VALUES, HAND, TURNS, MARKERS, BAR, START_CARD_POINTS),
                     COLOURS, SECTION and STEP_NAMES (rule sections and step names), shared helpers
    game.py          ArtGallery: the board for a player count, the variant options, setup
    state.py         ArtGalleryState: its data, copying, to_move and turn, identity (made of the
                     mixins below)
    turn.py          legal actions, the notation, the checks naming the broken rule, playing an
                     action (move or stay, bid or lay aside); reference_legal_actions
    distribution.py  shop_purchases, gallery_award (GalleryAward), the start card, the
                     distribution step by step, the end of the round and of the game
    views.py         what a seat sees (public and private views, hidden bids), determinization,
                     action names in words
    positions.py     position descriptions: ArtGalleryState.position and the reader behind
                     ArtGallery.from_position
    scoring.py       the score sheet and the score sheet a seat may know
    actions.py       the action types; components.py the card and tile data; render.py drawing
                     and telling from public information; invariants.py conservation checks

Sections of the Art Gallery rulebook cited: "Preparation",
"Explanation of the Board Areas", "Rules" ("1. Move Your Game Piece", "2. Place a Bid", the
start card), "Distribution" ("Painting Tiles in the Shop Area", "Painting Cards in the Gallery
Areas", "Correctly Displaying the Collected Paintings"), "End of the Round", "End of the Game &
Final Score". Rulings the rulebook leaves open follow ``docs/rulings/art_gallery.md`` (sections 2.3,
3, 5.3, 6 and 7; section 9 lists the options) and are variant options of :class:`ArtGallery`.

The board is a ring of benches: bench 0 is the Shop, benches 1..n the gallery areas G1..Gn in
clockwise order; clockwise is the increasing direction (docs/rulings/art_gallery.md §5.3). Distribution runs the
Shop first, then G1, G2, ... (rulebook, Distribution: "Always start ... in the Shop area and
then go clockwise through the Gallery areas").

A round: each player has four turns, clockwise from the start-card holder; a turn is two
actions, ``move`` (or ``stay``) then ``bid`` (or ``aside``). After the last turn the start card
goes to the highest last card, then the distribution asks the choices in order: Shop tiles
(``take``) per Shop marker, then per area the bid cards back (``pick``) per marker. Choices with
a single outcome are played by the engine (a 0 bid in the Shop when taking nothing is allowed,
picks when all remaining cards are equal or all remaining markers are one player's).
"""

from __future__ import annotations

from .actions import Action, Aside, Bid, Move, Pick, Stay, Take, interned
from .basics import BAR, COLOURS, HAND, MARKERS, SECTION, START_CARD_POINTS, STEP_NAMES, TURNS, VALUES
from .components import Components, chain_scores, load_components
from .distribution import GalleryAward, gallery_award, shop_purchases
from .game import ArtGallery
from .state import ArtGalleryState
from .turn import reference_legal_actions

__all__ = [
    "BAR",
    "COLOURS",
    "HAND",
    "MARKERS",
    "SECTION",
    "START_CARD_POINTS",
    "STEP_NAMES",
    "TURNS",
    "VALUES",
    "Action",
    "ArtGallery",
    "ArtGalleryState",
    "Aside",
    "Bid",
    "Components",
    "GalleryAward",
    "Move",
    "Pick",
    "Stay",
    "Take",
    "chain_scores",
    "gallery_award",
    "interned",
    "load_components",
    "reference_legal_actions",
    "shop_purchases",
]
