"""GembloQ geometry and components (docs/rulings/gembloq.md, "The grid and the playing areas", "Checks", "The pieces")."""

import pytest

from zongshi_widgets.games.gembloq import geometry as geo
from zongshi_widgets.games.gembloq.geometry import area_tables, default_pieces


def test_cell_types_and_vertices():
    assert [geo.cell_type(x, 0) for x in range(4)] == [0, 1, 2, 3]
    assert [geo.cell_type(x, 1) for x in range(4)] == [2, 3, 0, 1]
    for x in range(-6, 6):
        for y in range(-4, 4):
            right, *_ = geo.vertices(x, y)
            assert geo.cell_at_centroid3(*geo.centroid3(x, y)) == (x, y)
            # the right angle lies where the type says
            k = x >> 1
            corner = [(k, y), (k + 1, y + 1), (k, y + 1), (k + 1, y)][geo.cell_type(x, y)]
            assert right == corner


def test_edge_neighbours_match_shared_edges_and_corner_neighbours_number_11():
    for x in range(0, 8):
        for y in range(0, 4):
            mine = set(geo.vertices(x, y))
            shared_edge = set()
            for nx in range(x - 3, x + 4):
                for ny in range(y - 2, y + 3):
                    if (nx, ny) != (x, y) and len(mine & set(geo.vertices(nx, ny))) == 2:
                        shared_edge.add((nx, ny))
            assert shared_edge == set(geo.edge_neighbours(x, y))
            assert len(geo.corner_neighbours(x, y)) == 11


def test_piece_set_totals_and_orientations():
    pieces = default_pieces()
    assert len(pieces) == 21
    assert [p.number for p in pieces] == list(range(1, 22))
    assert sum(p.squares for p in pieces) == 82.5
    assert [p.squares for p in pieces] == sorted(p.squares for p in pieces)
    assert all(1 <= len(p.orientations) <= 8 and 8 % len(p.orientations) == 0 for p in pieces)
    assert pieces[0].orientations and len(pieces[0].orientations) == 1  # the single square
    assert all(p.provenance for p in pieces)


@pytest.mark.parametrize("players,count", [(4, 31254), (3, 23518), (2, 15018)])
def test_distinct_placement_counts(players, count):
    """docs/rulings/gembloq.md, "Checks": placements (piece + cell set) inside each area."""
    assert len(area_tables(players).placements) == count


def test_labels_round_trip():
    t = area_tables(4)
    assert t.labels[t.index[(1, 0)]] == "b28"
    assert geo.column_name(26) == "aa" and geo.column_index("bc") == 54
    for x in range(60):
        assert geo.column_index(geo.column_name(x)) == x
    with pytest.raises(ValueError):
        geo.column_index("abc")


def test_areas_have_cut_corners_and_border_half_squares():
    t4, t2 = area_tables(4), area_tables(2)
    assert (0, 0) not in t4.index and (1, 0) in t4.index and (0, 1) in t4.index
    assert (12, 0) not in t2.index and (13, 0) in t2.index
    # a border row has a type-2/3 (outer) triangle whose square partner is off the board:
    # only pieces with a half square fit there (rulebook, Setup)
    whole = [p for p in t2.placements if p.piece.half_squares == 0]
    top = {i for i, (x, y) in enumerate(t2.cells) if y == 0}
    covered = {t2.index[c] for p in whole for c in p.cells}
    assert top - covered, "some top-border cells can only be covered by pieces with a half square"
