"""Zong Shi conservation invariants (rulebook, "Components"), the game's part of
:meth:`zongshi_widgets.core.State.check_invariants`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .game import ZongShi
    from .state import ZongShiState


def expected_census(game: ZongShi) -> dict:
    """What :meth:`ZongShiState.census` must count in every position of ``game``: each
    material's supply of boxes, every scroll, project card, masterwork, exchange tile, award
    tile and visit tile exactly once (rulebook, "Components"; the game's component file).

    Returns:
        dict: the shape of ``census()``.
    """
    comp = game.components
    return {
        "boxes": [comp.supply] * 4,
        "scrolls": {sid: s.copies for sid, s in comp.scrolls.items()},
        "projects": dict.fromkeys(comp.projects, game.project_copies),
        "masterworks": sorted(comp.masterworks),
        "exchange_tiles": [game.tile_copies] * 6,
        "awards": sorted(["scroll", "tile", "bag", "gift", "bins"]),
        "visit_tiles": [[1, 2, 2, 3]] * game.players,
    }


def check_census(state: ZongShiState) -> None:
    """Every component of ``state`` in exactly one place.

    Raises:
        AssertionError: naming each part whose count differs, with what was found and wanted.
    """
    want = expected_census(state.game)
    got = state.census()
    wrong = [f"{part}: found {got.get(part)!r}, want {want[part]!r}" for part in want if got.get(part) != want[part]]
    if wrong:
        raise AssertionError("Zong Shi components not conserved (rulebook, Components): " + "; ".join(wrong))
