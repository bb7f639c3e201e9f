"""The Art Gallery state: its data, copying, the contract's ``to_move`` and ``turn``, identity.

:class:`ArtGalleryState` is put together from one mixin per concern, each in its own module:
:mod:`.turn` (legal actions, notation, checks, playing), :mod:`.distribution` (the distribution
and the end of the round), :mod:`.views` (what a seat sees), :mod:`.positions` (position
descriptions), :mod:`.scoring` (score sheets).

Sections of the Art Gallery rulebook cited: "Rules" (a round's turns and steps).
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from ...core import Chance, State, Turn
from .basics import STEP_NAMES
from .distribution import DistributionMixin
from .positions import PositionMixin
from .scoring import ScoringMixin
from .turn import TurnMixin
from .views import ViewsMixin

if TYPE_CHECKING:  # pragma: no cover
    from .game import ArtGallery

_DATA = ("step", "seat", "round", "turn_no", "plays", "start", "hands", "pawns", "played", "aside",
         "bars", "paintings", "pile", "stacks", "cards", "tiles", "area", "cursor", "pool", "turned")  # fmt: skip


class ArtGalleryState(TurnMixin, DistributionMixin, ViewsMixin, PositionMixin, ScoringMixin, State):
    """An Art Gallery position (see :class:`zongshi_widgets.core.State` for the contract).

    Attributes:
        step (str | None): ``"move"``, ``"bid"``, ``"aside"``, ``"take"``, ``"return"``; ``None``
            when the game is over.
        seat (int | None): the seat to choose.
        round (int): 1-based round.
        start (int): the start-card holder.
        hands (tuple[tuple[int, ...], ...]): per seat, how many action cards of each value
            0..8 it holds (hidden; see :meth:`hand`).
        pawns (tuple[int, ...]): per seat, its bench (0 = Shop, i = gallery Gi).
        played (tuple[tuple[int, ...], ...]): per seat, its face-up movement cards this round.
        aside (tuple[tuple[int, ...], ...]): per seat, cards laid aside on a full bar.
        bars (tuple[tuple[tuple[int, int | None], ...], ...]): per bench, ``(seat, bid card)``
            in marker order I, II...; bid cards are hidden until distribution.
        paintings (tuple[int | None, ...]): per bench, the face-up painting card (``None``
            for the Shop and empty spaces).
        pile (tuple[int, ...]): the face-down painting pile, top first (hidden order).
        stacks (tuple[tuple[int, ...], ...]): per Shop space, its tiles, top first.
        cards, tiles (tuple[tuple[int, ...], ...]): per seat, its collection in order.
        area (int): in distribution, the bench being distributed.
        cursor (int): in the ``take`` step, the index of the Shop marker choosing.
        pool (tuple[int, ...]): in the ``return`` step, the played cards not yet picked, sorted.
        turned (tuple[tuple[int, int], ...]): in the ``return`` step, the area's action cards
            as they were turned over, ``(seat, card)`` in marker order (public: who bid what).
    """

    __slots__ = _DATA + ("_legal",)

    @classmethod
    def _blank(cls, game: ArtGallery, chance: Chance) -> ArtGalleryState:
        s = cls.__new__(cls)
        State.__init__(s, game, (), chance)
        s._legal = None
        return s

    def _copy(self) -> ArtGalleryState:
        s = ArtGalleryState.__new__(ArtGalleryState)
        s.game, s.history, s.chance, s._origin, s._sample, s._legal = self.game, self.history, self.chance, self._origin, self._sample, None
        s._scratch = False
        s.step, s.seat, s.round, s.turn_no, s.plays, s.start = self.step, self.seat, self.round, self.turn_no, self.plays, self.start
        s.hands, s.pawns, s.played, s.aside, s.bars = self.hands, self.pawns, self.played, self.aside, self.bars
        s.paintings, s.pile, s.stacks, s.cards, s.tiles = self.paintings, self.pile, self.stacks, self.cards, self.tiles
        s.area, s.cursor, s.pool, s.turned = self.area, self.cursor, self.pool, self.turned
        return s

    # -- contract -------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat that chooses now, ``None`` when the game is over."""
        return self.seat

    @property
    def turn(self) -> Turn:
        """The round, the count of goes so far (a play turn of two actions, or one
        distribution choice), the step in the rulebook's words and the seat."""
        if self.step is None:
            return Turn(self.round, self.turn_no, None, None)
        name = STEP_NAMES[self.step]
        if self.step == "return":
            name = f"{name} ({self.game.area_names[self.area]})"
        return Turn(self.round, self.turn_no, name, self.seat)

    # -- identity ---------------------------------------------------------------------------
    def _key(self) -> tuple:
        return tuple(getattr(self, k) for k in _DATA)

    def _check_invariants(self) -> None:
        """The kernel's invariant hook: every card, tile, marker and pawn in exactly one place (rulebook, Components); see :mod:`.invariants`."""
        from .invariants import check_conservation

        check_conservation(self)

    def digest(self) -> str:
        """A hash of the whole position (hidden parts included)."""
        return hashlib.sha256(repr(self._key()).encode()).hexdigest()[:16]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ArtGalleryState) and other.game == self.game and other._key() == self._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        if self.step is None:
            return f"<ArtGalleryState round {self.round}, over>"
        return f"<ArtGalleryState round {self.round}, {self.game.seat_names[self.seat]}: {STEP_NAMES[self.step]}>"
