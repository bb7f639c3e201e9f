"""Scoring (rulebook, Game End; Expansion Rules: Cascading Bloom, Mission Cards; Rules for Solo
Play): the score sheet of a position and whether a seat has fulfilled a mission card. The state's
methods :meth:`MajolicaState.score_sheet` and :meth:`MajolicaState.mission_done` call these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zongshi_widgets.core import ScoreSheet

from .notation import MISSIONS, SOLO_RATINGS

if TYPE_CHECKING:
    from .state import MajolicaState


def mission_done(state: MajolicaState, seat: int, m: int) -> bool:
    """See :meth:`MajolicaState.mission_done` (rulebook, Expansion Rules: Mission Cards)."""
    g, p = state.game, state.players[seat]
    pts = [g.cards[i].points for i in p.done]
    if m == 0:
        return len(p.done) >= 5
    if m in (1, 3):
        return p.mission == m and p.mstore == 15
    if m == 2:
        return pts.count(4) >= 3
    if m == 4:
        return p.purples >= 2
    if m == 5:
        have = {g.cards[i].points for i in p.done if g.m6_start or i not in g.starting_idx}
        return {3, 5, 7} <= have
    if m == 6:
        return state.first3 == seat
    return bool(state.m8 >> seat & 1)


def score_sheet(state: MajolicaState) -> ScoreSheet:
    """See :meth:`MajolicaState.score_sheet` (rulebook, Game End; Rules for Solo Play)."""
    g, n = state.game, state.game.players
    cats = ["design cards", "tiles on unfinished cards", "City Hall tokens"]
    if g.bloom:
        cats.append("Bloom tokens")
    if g.use_missions:
        cats += [f"M{m + 1}" for m in range(8)]  # short: the notes say what each held mission asks
    values, totals = [], []
    for s, p in enumerate(state.players):
        row = [sum(g.cards[i].points for i in p.done), sum(sum(f) for f in p.fills) // 2, p.tokens]
        if g.bloom:
            row.append(p.blooms)
        if g.use_missions:
            row += [g.components.mission_points if p.mission == m and state.mission_done(s, m) else 0 for m in range(8)]
        values.append(row)
        totals.append(sum(row))
    notes = "Ties go to the player latest in turn order at the start of the game (rulebook, Game End)."
    if g.use_missions:
        held = [f"{g.seat_names[k]} M{p.mission + 1} ({MISSIONS[p.mission]})" for k, p in enumerate(state.players) if p.mission >= 0]
        if held:
            notes += " Missions held: " + ", ".join(held) + "."
    if not g.solo and state.seat is None and not any(len(p.done) >= g.end_cards for p in state.players):
        if g.stall_rounds is not None and state.round - state.lastc >= g.stall_rounds:
            notes += (
                f" Nobody completed {g.end_cards} design cards: the game ended because no card was completed for {g.stall_rounds} rounds"
                " (the engine's stall_rounds option, not a rule of the book)."
            )
        else:  # only a position description ('over') ends a game this way
            notes += f" Nobody completed {g.end_cards} design cards: this position was posed as finished, not played to its end (rulebook, Game End)."
    if g.solo:
        rating = next(label for lo, label in SOLO_RATINGS if totals[0] >= lo)
        end = "" if rating.endswith("!") else "."
        notes = f"Solo rating (rulebook, Rules for Solo Play): {rating}{end}" if state.seat is None else "Solo: the game ends after 6 rounds."
    return ScoreSheet(
        g.seat_names, cats, values, totals, [((s - state.first) % n,) for s in range(n)],
        tiebreak_label="turn order", final=state.seat is None, notes=notes,
    )  # fmt: skip
