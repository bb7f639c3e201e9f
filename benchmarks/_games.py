"""The games the benchmarks measure: every registered game whose engine is packaged (a game
joins by registering; test-only games are not registered outside the tests)."""

from __future__ import annotations

import zongshi_widgets as zw


def game_names() -> list[str]:
    """Registered game names, sorted."""
    return sorted(zw.games())


def two_or_more(name: str) -> int:
    """The smallest player count of ``name`` with at least two seats (a contest)."""
    return min(n for n in zw.game_type(name).player_counts if n >= 2)
