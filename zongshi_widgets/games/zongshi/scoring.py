"""Zong Shi scoring: the score sheet's rows (rulebook, "Final Scoring" and "Victory": completed
projects, exchange tiles and the all-six bonus, townsfolk visits, unfinished projects, boxes
and scrolls, triggering the end; the tie-break), and the per-seat workshop facts that bots
read at the end of a playout. :meth:`.state.ZongShiState.score_sheet` and
:meth:`.state.ZongShiState.workshops` call :func:`score_sheet` and :func:`workshops`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import ScoreSheet
from .board import _Player

if TYPE_CHECKING:  # pragma: no cover
    from .game import ZongShi
    from .state import ZongShiState


#: The rows of the score sheet (rulebook, Final Scoring).
SCORE_CATEGORIES = (
    "completed projects",
    "exchange tiles",
    "all six exchange tiles",
    "townsfolk visits",
    "unfinished projects",
    "boxes and scrolls",
    "triggering the end",
)
VISIT_BONUS = (0, 1, 2, 4, 8)
UNFINISHED_PENALTY = {1: 1, 2: 3, 3: 5}


def _standing_rows(g: ZongShi, p: _Player) -> tuple[int, int, int, int, int]:
    """The score sheet's rows that count as they stand (rulebook, Final Scoring): completed
    projects, exchange tiles, the all-six bonus, townsfolk visits and triggering the end, in
    victory points (used by :meth:`ZongShiState.score_sheet` and :meth:`ZongShiState.workshops`)."""
    vp = g.vp
    return (
        sum(vp[pid] for pid in p.completed),
        sum(p.tiles),
        2 if all(p.tiles) else 0,
        VISIT_BONUS[sum(1 for v in p.visited if v)],
        2 if p.trigger else 0,
    )


def score_sheet(state: ZongShiState) -> ScoreSheet:
    """Final scoring of ``state`` (rulebook, Final Scoring and Victory; the body of
    :meth:`.state.ZongShiState.score_sheet`): one row per category of :data:`SCORE_CATEGORIES`;
    the tie-break is the number of completed projects (a Twofold overflow project counts,
    docs/rulings/zongshi.md G6); still tied, the victory is shared.

    Args:
        state (ZongShiState): any state (``final`` on the sheet when it is over).

    Returns:
        ScoreSheet: the sheet.
    """
    z = state._z
    g = z.g
    cats = list(SCORE_CATEGORIES)
    values, ties = [], []
    for p in z.players:
        unfinished = 0
        for proj, time in ((p.mproj, p.mtime), (p.aproj, p.atime)):
            if not proj:
                continue
            penalty = UNFINISHED_PENALTY[min(3, max(1, time))]
            if g.flags["twofold_penalty_each"]:
                parts = [g.card(pid).vp - penalty for pid in proj]  # G7
            else:
                parts = [sum(g.card(pid).vp for pid in proj) - penalty]
            unfinished += sum(max(0, vp) if g.flags["partial_vp_floor_zero"] else vp for vp in parts)
        completed, tiles, six, visits, trigger = _standing_rows(g, p)
        row = [completed, tiles, six, visits, unfinished, (sum(p.boxes) + len(p.hand)) // 3, trigger]
        values.append(row)
        ties.append((len(p.completed) + len(p.overflow),))
    return ScoreSheet(
        state.game.seat_names,
        cats,
        values,
        [sum(r) for r in values],
        ties,
        tiebreak_label="tie-break: projects completed",
        final=state.is_over,
        notes="Ties: most completed projects (Twofold overflow included), then a shared win (rulebook, Victory).",
    )


def workshops(state: ZongShiState) -> list[tuple]:
    """Per seat the public facts of its workshop an evaluation reads (the body of
    :meth:`.state.ZongShiState.workshops`, whose docstring lists the fields).

    Args:
        state (ZongShiState): any state.

    Returns:
        list[tuple]: per seat ``(points, completed, building, boxes, scrolls, master_at,
        apprentice_at, storage_limit, hand_limit)``.
    """
    z = state._z
    out = []
    for seat, p in enumerate(z.players):
        points = sum(_standing_rows(z.g, p))
        building = []
        if p.mproj:
            building.append((tuple(p.mproj), p.mtime))
        if p.aproj:
            building.append((tuple(p.aproj), p.atime))
        out.append((points, tuple(p.completed), tuple(building), sum(p.boxes), len(p.hand), p.mloc, p.aloc,
                    z.storage_limit(seat), z.hand_limit(seat)))
    return out
