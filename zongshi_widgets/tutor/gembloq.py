"""GembloQ lesson goals: what a move must do to solve a lesson, and why it is right.

Each goal cites what it teaches from the rulebook ("Gameplay", "Meaning of the Triangular
Part" A, B and C, "End of the Game").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..games.gembloq import GembloQState, Placement, area_tables
from ..games.gembloq.rules import tiebreak_range  # noqa: F401  (lessons and their tests use it from here)
from .lesson import Goal, register_goal, register_words


def _name(state: GembloQState, colour: int) -> str:
    return state.game.seat_names[colour]


def _cells(state: GembloQState, p: Placement) -> list[int]:
    return [state.game.tables.index[c] for c in p.cells]


def _mover(before: GembloQState, after: GembloQState) -> int:
    return after.movers[-1]


@cache
def half_square_only_cells(players: int) -> frozenset[int]:
    """Cells of an area that no piece of whole squares can cover (the straight borders:
    rulebook, Setup, and "Meaning of the Triangular Part" A). Area cell indexes."""
    tables = area_tables(players)
    whole = set()
    for p in tables.placements:
        if p.piece.half_squares == 0:
            whole.update(tables.index[c] for c in p.cells)
    return frozenset(range(len(tables.cells))) - whole


def _half_square_pairs(state: GembloQState, p: Placement) -> list[tuple[int, int]]:
    """The two cells of the placement's half square (pairs sharing a right-angle vertex only
    with each other inside the piece)."""
    from ..games.gembloq.geometry import vertices

    if p.piece.half_squares == 0:
        return []
    tables = state.game.tables
    by_center: dict[tuple[int, int], list[int]] = {}
    for c in p.cells:
        by_center.setdefault(vertices(*c)[0], []).append(tables.index[c])
    return [tuple(v) for v in by_center.values() if len(v) == 2]


def _owner_map(state: GembloQState) -> dict[int, int]:
    return {i: c for c in range(state.game.colours) for i in state.cells_of(c)}


# -- goals --------------------------------------------------------------------------------------
def _legal_check(before, p, after):
    return None


def _legal_praise(before, p, after):
    c = _mover(before, after)
    if len(after.pieces_placed(c)) == 1:
        return f"your {p.piece.label} covers {_name(after, c)}'s starting square, as a first piece must (rulebook, Gameplay)."
    return f"that {p.piece.label} touches your {_name(after, c)} pieces only at a corner, never along a side (rulebook, Gameplay)."


def _corner_check(before, p, after):
    c = _mover(before, after)
    if len(after.pieces_placed(c)) == 1:
        return "this is a first piece; here you should add a piece to one you already have."
    return None


def _corner_praise(before, p, after):
    c = _mover(before, after)
    return f"that piece touches your {_name(after, c)} pieces only at a corner (a Q-point), and shares no side with them (rulebook, Gameplay)."


def _touching_colours(before: GembloQState, p: Placement, mover: int) -> set[int]:
    tables = before.game.tables
    owners = _owner_map(before)
    out = set()
    for i in _cells(before, p):
        for j in tables.edge_nbrs[i]:
            if j in owners and owners[j] != mover:
                out.add(owners[j])
    return out


def _side_check(before, p, after):
    if not _touching_colours(before, p, _mover(before, after)):
        return "it touches no other colour along a side. Find a spot where it lies side by side with another colour's piece."
    return None


def _side_praise(before, p, after):
    c = _mover(before, after)
    others = ", ".join(_name(after, d) for d in sorted(_touching_colours(before, p, c)))
    return f"your piece shares a side with {others}: touching other colours along a side is allowed (rulebook, Gameplay)."


def _border_check(before, p, after):
    only = half_square_only_cells(before.game.tables.players)
    if not any(i in only for i in _cells(before, p)):
        if p.piece.half_squares == 0:
            return "this piece has no half square. Pick a piece with a triangular part and fill a border notch with it."
        return "its half square does not lie on the straight border. Put the triangular part against the border."
    return None


def _border_praise(before, p, after):
    return "the half square fills a notch of the straight border, where no piece made only of whole squares fits (Meaning of the Triangular Part, A)."


def _gap_cells(before: GembloQState, p: Placement, mover: int) -> list[tuple[int, int]]:
    tables = before.game.tables
    owners = _owner_map(before)
    mine = set(_cells(before, p))
    out = []
    for pair in _half_square_pairs(before, p):
        # on-area side neighbours of the half square, outside the piece: all of other colours
        around = [j for i in pair for j in tables.edge_nbrs[i] if j not in mine]
        if len(around) >= 2 and all(owners.get(j, mover) != mover for j in around):
            out.append(pair)
    return out


def _gap_check(before, p, after):
    if p.piece.half_squares == 0:
        return "this piece has no half square. A triangular gap can only be filled by the triangular part of a piece."
    if not _gap_cells(before, p, _mover(before, after)):
        return "its half square does not fill a triangular gap between other colours' pieces."
    return None


def _gap_praise(before, p, after):
    return "the triangular part fills the triangular gap left between the other colours' pieces (Meaning of the Triangular Part, B)."


def _notch_cells(before: GembloQState, p: Placement, mover: int) -> list[int]:
    """Attach points covered by ``p`` where no piece of whole squares could be placed."""
    tables = before.game.tables
    attach = set(before.attach_points(mover))
    forbid = before._forbid[mover]
    out = []
    for a in _cells(before, p):
        if a not in attach:
            continue
        fits_whole = False
        bits = tables.cell_bits[a]
        for q in _ids(bits, tables.nbytes):
            place = tables.placements[q]
            if place.piece.half_squares == 0 and not place.mask & forbid:
                fits_whole = True
                break
        if not fits_whole:
            out.append(a)
    return out


def _ids(bits, nbytes):
    from ..games.gembloq.geometry import bits_to_ids

    return bits_to_ids(bits, nbytes)


def _notch_check(before, p, after):
    if p.piece.half_squares == 0:
        return "this piece has no half square. Look for a corner spot of yours where only a triangular part fits."
    if not _notch_cells(before, p, _mover(before, after)):
        return (
            "a piece of whole squares could have used that corner spot too. "
            "Find a corner spot close in against your own pieces where only a triangular part fits."
        )
    return None


def _notch_praise(before, p, after):
    c = _mover(before, after)
    return (
        f"the triangular part reaches a corner spot tucked in against your own {_name(after, c)} pieces, "
        "where any piece of whole squares would touch them along a side (Meaning of the Triangular Part, C)."
    )


def _skipped(before: GembloQState, after: GembloQState) -> list[int]:
    """The colours passed over between the mover and the next colour to move, in turn order
    (all the others when the game is over)."""
    n = before.game.colours
    c = _mover(before, after)
    out = []
    for k in range(1, n):
        d = (c + k) % n
        if d == after.to_move:
            break
        out.append(d)
    return out


def _and(names: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _skip_check(before, p, after):
    n = before.game.colours
    c = _mover(before, after)
    nxt = (c + 1) % n
    if n > 1 and after.to_move == nxt:
        return f"{_name(after, nxt)} can still place a piece, so nobody is skipped. Take away {_name(after, nxt)}'s last spot."
    if n == 1:
        return "nobody else plays in this game, so nobody can be skipped."
    return None


def _skip_praise(before, p, after):
    skipped = [_name(after, d) for d in _skipped(before, after)]
    who = _and(skipped)
    verb = "has" if len(skipped) == 1 else "have"
    which = who if len(skipped) == 1 else "all of them"
    if after.to_move is None:
        return f"{who} {verb} no legal placement left, and neither have you: nobody can place any more, so the game is over (rulebook, End of the Game)."
    nxt = "you move again" if after.to_move == _mover(before, after) else f"{_name(after, after.to_move)} moves next"
    return f"{who} {verb} no legal placement left, so {which} {'is' if len(skipped) == 1 else 'are'} skipped and {nxt} (rulebook, Gameplay)."


def _end_check(before, p, after):
    if not after.is_over:
        return f"{_name(after, after.to_move)} can still place a piece, so the game goes on."
    return None


def _end_praise(before, p, after):
    sheet = after.score_sheet()
    if not sheet.winners:  # one colour alone: a result, nobody to beat
        return f"nobody can place any more: the game is over with {_points(sheet.totals[0])} left in hand (rulebook, End of the Game)."
    names = _and([sheet.players[s] for s in sheet.winners])
    best = sheet.totals[sheet.winners[0]]
    level = [s for s in range(len(sheet.players)) if sheet.totals[s] == best]
    if len(sheet.winners) > 1:
        how = f"{names} share the win: equal on {_points(best)} and on the tie-break"
    elif len(level) > 1:
        how = f"{names} wins: {_and([sheet.players[s] for s in level])} tie on {_points(best)}, and the tie-break decides (rulebook, In Case of a Tie)"
    else:
        how = f"{names} wins with the fewest penalty points ({_points(best)})"
    return f"nobody can place any more: the game is over and {how} (rulebook, End of the Game)."


def _points(value: float) -> str:
    """``"1 penalty point"``, ``"8.5 penalty points"``."""
    return f"{value:g} penalty point{'' if value == 1 else 's'}"


def _squares(value: float) -> str:
    """``"1 square"``, ``"1.5 squares"``, ``"5 squares"``."""
    return f"{value:g} square{'' if value == 1 else 's'}"


def _biggest_check(before, p, after):
    best = max(a.piece.squares for a in before.legal_actions())
    if p.piece.squares < best:
        return f"that piece has {_squares(p.piece.squares)}; a piece of {_squares(best)} fits too. Big pieces are hardest to place later."
    return None


def _biggest_praise(before, p, after):
    return f"the {p.piece.label} is as big as any piece you could place now ({_squares(p.piece.squares)}): big pieces first, while there is room."


for _goal in (
    Goal("legal", _legal_check, _legal_praise, "any legal placement"),
    Goal("corner-contact", _corner_check, _corner_praise, "a placement touching your own pieces at a corner (not a first piece)"),
    Goal("side-to-other", _side_check, _side_praise, "a placement sharing a side with another colour's piece"),
    Goal("border-half-square", _border_check, _border_praise, "a half square on a straight border notch (triangular part, A)"),
    Goal("triangle-gap", _gap_check, _gap_praise, "a half square filling a triangular gap between other colours' pieces (triangular part, B)"),
    Goal("notch", _notch_check, _notch_praise, "a corner spot against your own pieces where only a triangular part fits (triangular part, C)"),
    Goal("skip", _skip_check, _skip_praise, "a placement after which the next colour cannot place and is skipped"),
    Goal("end-game", _end_check, _end_praise, "a placement after which nobody can place: the game ends"),
    Goal("biggest", _biggest_check, _biggest_praise, "one of the biggest pieces that can be placed"),
):
    register_goal("gembloq", _goal)


# -- what a lesson may rest on ------------------------------------------------------------------


def _placement_words(state: GembloQState, action: Placement) -> str:
    """A placement as the learner sees it on the board: ``"piece 9 (L4) at b27, rotated once"``, never the
    list of its cells."""
    from ..games.gembloq.naming import placement_name

    return placement_name(action)


register_words("gembloq", _placement_words)
