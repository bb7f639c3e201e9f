"""The Art Gallery game: the board for a player count, the variant options (the rulings the
rulebook leaves open, ``docs/rulings/art_gallery.md`` sections 5 to 7) and setup.

Sections of the Art Gallery rulebook cited: "Preparation", "Explanation of the Board Areas",
"End of the Game" (the used-up stacks that end it). A position is built from a description in
:mod:`.positions`; the states are :class:`~.state.ArtGalleryState`.
"""

from __future__ import annotations

from ...core import Chance, Game, GameType
from .basics import COLOURS, _moves_from
from .components import Components, load_components
from .state import ArtGalleryState

_OPTIONS = {
    "full_bar": ("forbid_move", ("forbid_move", "move_without_bid")),
    "shop_may_pass": (True, (True, False)),
    "single_card_chains": (True, (True, False)),
    "gallery_tie_tile": ("tied_only", ("tied_only", "any_holder")),
    "start_card_tie": ("next_seat", ("next_seat", "next_tied")),
    "stacks_visible": ("top", ("top", "all")),
}


class ArtGallery(Game):
    """Art Gallery for 2 to 6 players.

    Args:
        players (int): 2 to 6 (default 4). The board has 4 gallery areas with 2 or 3
            players, 6 with 4, 8 with 5 or 6 (rulebook, Preparation 1; docs/rulings/art_gallery.md §5).
        components (str | os.PathLike | None): a TOML or JSON component file in the format of
            the packaged ``data/components.toml`` (the printed card symbols and values, board
            and Shop), checked whole; ``None``: the packaged (partly reconstructed) data.
        full_bar (str): a bar already holds six markers (rulebook: "The maximum number of
            markers per marker bar is six"; what then is not said). ``"forbid_move"``
            (default, docs/rulings/art_gallery.md §6): a (card, direction) ending on a full bar may not be played;
            with no move left, the player plays a card face up without moving (``stay``) and
            lays a second card aside (``aside``), no bid, no marker. ``"move_without_bid"``:
            the move is allowed, and on a full bar the player lays a card aside instead of
            bidding.
        shop_may_pass (bool): a Shop bidder may take no tile (default ``True``, docs/rulings/art_gallery.md §3:
            the rulebook says "may take 1 or 2"); ``False``: must take one when it can afford one.
        single_card_chains (bool): a chain of one card scores its value (default ``True``,
            docs/rulings/art_gallery.md §2.3); ``False``: chains need two cards or more.
        gallery_tie_tile (str): the painting-card tie-break by the matching tile (rulebook,
            Painting Cards 2). ``"tied_only"`` (default, docs/rulings/art_gallery.md §7 #11): only a tied player
            holding the tile wins by it; ``"any_holder"``: the holder of the tile gets the card
            even when not among the tied players.
        start_card_tie (str): the start card when the highest last cards tie (rulebook, Rules:
            "given to the person sitting clockwise next to the person who had the start card").
            ``"next_seat"`` (default, the sentence read literally, docs/rulings/art_gallery.md
            section 7 #18): the holder's clockwise neighbour, tied or not; ``"next_tied"``: the
            first tied player clockwise after the holder, the holder last.
        stacks_visible (str): ``"top"`` (default, docs/rulings/art_gallery.md §3): only each Shop stack's top
            tile is seen; ``"all"``: the whole stacks are open.

    Raises:
        ValueError: an unsupported player count or option value, or a bad component file.
    """

    name = "art_gallery"
    game_type = GameType(
        long_name="Art Gallery",
        player_counts=(2, 3, 4, 5, 6),
        default_players=4,
        hidden_information=True,
        chance=True,
        multi_step_turns=True,
        lower_score_wins=False,
        notation_help=(
            "'move 5 cw' / 'move 5 ccw' (movement card, direction; 'move 0', no direction, when both ways end on the same bench), "
            "then 'bid 3'; in distribution 'take 1+5', 'take none', 'pick 6'"
        ),
        rulebook="Art Gallery Rulebook (Piatnik 2023)",
        variants=tuple((key, allowed) for key, (_, allowed) in _OPTIONS.items()),
    )

    def __init__(
        self,
        players: int = 4,
        components=None,
        full_bar: str = "forbid_move",
        shop_may_pass: bool = True,
        single_card_chains: bool = True,
        gallery_tie_tile: str = "tied_only",
        start_card_tie: str = "next_seat",
        stacks_visible: str = "top",
    ):
        self.game_type.check_players(players)
        given = {
            "full_bar": full_bar,
            "shop_may_pass": shop_may_pass,
            "single_card_chains": single_card_chains,
            "gallery_tie_tile": gallery_tie_tile,
            "start_card_tie": start_card_tie,
            "stacks_visible": stacks_visible,
        }
        options = {}
        for key, value in given.items():
            default, allowed = _OPTIONS[key]
            if type(value) is not type(default) or value not in allowed:
                raise ValueError(f"Art Gallery option {key} is one of {list(allowed)}, not {value!r}")
            if value != default:
                options[key] = value
        comps: Components = load_components(components)
        if components is not None:
            options["components"] = str(components)
        super().__init__(players, options)
        self.components = comps
        self.full_bar, self.shop_may_pass, self.single_card_chains = full_bar, shop_may_pass, single_card_chains
        self.gallery_tie_tile, self.start_card_tie, self.stacks_visible = gallery_tie_tile, start_card_tie, stacks_visible
        #: gallery areas on this board
        self.galleries: int = comps.galleries[players]
        #: benches in the ring: the Shop and the galleries
        self.ring: int = self.galleries + 1
        #: area names by bench: "shop", "G1", ...
        self.area_names: tuple[str, ...] = ("shop",) + tuple(f"G{i}" for i in range(1, self.ring))
        #: used-up stacks that end the game (rulebook, End of the Game b)
        self.used_up_limit: int = 2 if players <= 3 else 3
        #: per bench: ``(card, Move, destination)`` of every move from it, in legal-list order
        self.move_table: tuple = tuple(_moves_from(p, self.ring) for p in range(self.ring))
        self._freeze()

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The pawn colour of each seat (the rulebook's six colours are unnamed; ours are
        ``red``, ``yellow``, ``green``, ``blue``, ``black``, ``white``)."""
        return COLOURS[: self.players]

    def new_state(self, seed: int | None = None) -> ArtGalleryState:
        """Setup (rulebook, Preparation): shuffle the painting cards, one face up on every
        gallery (G1 first), the rest the face-down pile; shuffle the tiles into stacks of
        18/14/10/6 on Shop spaces 1/3/5/7; nine action cards 0..8 per player; pawns on the
        Shop bench; the start card to a player drawn by chance."""
        return self._state_from_position({}, Chance(seed))

    def area_index(self, name) -> int:
        """The bench of an area name (``"shop"``, ``"G1"``...; case-insensitive).

        Raises:
            ValueError: not an area of this board.
        """
        if isinstance(name, str):
            key = name.strip().lower()
            for i, n in enumerate(self.area_names):
                if n.lower() == key:
                    return i
        raise ValueError(f"{name!r} is not an area of this board ({', '.join(self.area_names)})")

    # -- position descriptions ------------------------------------------------------------
    def _state_from_position(self, d: dict, chance: Chance) -> ArtGalleryState:
        """Build a position from a readable description (see :meth:`ArtGalleryState.position`);
        the keys, defaults and errors are those of ``ArtGalleryState._from_position``
        (:mod:`.positions`).

        Raises:
            ValueError: the description does not fit the rules (see :mod:`.positions`).
        """
        return ArtGalleryState._from_position(self, d, chance)
