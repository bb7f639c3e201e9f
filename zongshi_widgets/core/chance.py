"""Seeded chance kept inside a game state.

Every shuffle and bag draw of every game goes through :class:`Chance`, so that the same seed
and the same actions always give the same game, also across ``to_json`` / ``load_state``.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def _blank_rng() -> random.Random:
    """A generator about to get its state by ``setstate`` (``random.Random()`` would first seed
    itself from the operating system, about five times slower; copies are frequent)."""
    return random.Random.__new__(random.Random)


class Chance:
    """A seeded pseudo-random generator whose whole state can be saved as JSON.

    It wraps :class:`random.Random` (Mersenne Twister). States that use chance copy it
    before drawing (``chance.copy()``), so an earlier state is never changed by a later draw.

    Args:
        seed (int | None): the seed; ``None`` draws one from the operating system, and that
            drawn seed is kept in :attr:`seed` so the game can still be replayed.
    """

    __slots__ = ("seed", "_rng")

    def __init__(self, seed: int | None = None):
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, got {type(seed).__name__}")
        self.seed = seed
        self._rng = random.Random(seed)

    def copy(self) -> Chance:
        """Return an independent generator in the same state."""
        other = Chance.__new__(Chance)
        other.seed = self.seed
        other._rng = _blank_rng()
        other._rng.setstate(self._rng.getstate())
        return other

    def randrange(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)``."""
        return self._rng.randrange(n)

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence, uniformly."""
        return items[self._rng.randrange(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        self._rng.shuffle(items)

    def to_json(self) -> dict:
        """The generator's full state as a JSON-able dict."""
        version, internal, gauss = self._rng.getstate()
        return {"seed": self.seed, "version": version, "state": list(internal), "gauss": gauss}

    @classmethod
    def from_json(cls, data: dict) -> Chance:
        """Rebuild a generator saved by :meth:`to_json`.

        Raises:
            ValueError: the data is not a generator state.
        """
        try:
            if not isinstance(data["seed"], int) or isinstance(data["seed"], bool):
                raise TypeError("seed is not an int")
            other = cls.__new__(cls)
            other.seed = data["seed"]
            other._rng = _blank_rng()
            other._rng.setstate((int(data["version"]), tuple(int(v) for v in data["state"]), data["gauss"]))
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise ValueError(f"not a saved chance state: {exc}") from None
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chance) and self._rng.getstate() == other._rng.getstate()

    def __hash__(self) -> int:
        return hash(self.seed)
