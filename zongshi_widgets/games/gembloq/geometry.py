"""GembloQ's grid of triangles, its playing areas and every placement of every piece.

Geometry (see the reference README, "The grid"): box ``(k, y)`` is the unit square
``[k, k+1] x [y, y+1]`` (``y`` grows downwards), cut by ``/`` when ``k + y`` is even and by
``\\`` otherwise. Triangle cell ``(x, y)`` is the left (``x = 2k``) or right (``x = 2k + 1``)
half of box ``k``. A *square* of the game is the diamond of four triangles whose right angles
meet at one lattice point; a *half square* is two triangles of one diamond sharing a leg.

Everything here is computed from the triangles' vertices (orientations by rotating and
reflecting centroids), then cached per playing area in an :class:`AreaTables`.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

Cell = tuple[int, int]

#: Names of the four cell types: where the right angle of the triangle is.
CELL_TYPES = ("upper-left", "lower-right", "lower-left", "upper-right")


def cell_type(x: int, y: int) -> int:
    """Type 0..3 of cell ``(x, y)``: the corner of its box holding its right angle.

    0 upper-left, 1 lower-right, 2 lower-left, 3 upper-right (README, "The grid").
    """
    return (x + 2 * (y & 1)) & 3


def vertices(x: int, y: int) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """The three lattice vertices ``(u, v)`` of cell ``(x, y)``, right-angle vertex first."""
    k = x >> 1
    t = cell_type(x, y)
    if t == 0:  # upper-left half of a '/' box
        return (k, y), (k + 1, y), (k, y + 1)
    if t == 1:  # lower-right half of a '/' box
        return (k + 1, y + 1), (k + 1, y), (k, y + 1)
    if t == 2:  # lower-left half of a '\' box
        return (k, y + 1), (k, y), (k + 1, y + 1)
    return (k + 1, y), (k, y), (k + 1, y + 1)  # upper-right half of a '\' box


def centroid3(x: int, y: int) -> tuple[int, int]:
    """Three times the centroid of cell ``(x, y)`` (integers)."""
    vs = vertices(x, y)
    return sum(v[0] for v in vs), sum(v[1] for v in vs)


def cell_at_centroid3(cx3: int, cy3: int) -> Cell:
    """The cell whose tripled centroid is ``(cx3, cy3)``.

    Raises:
        ValueError: no cell has that centroid.
    """
    k, fx = divmod(cx3, 3)
    y, fy = divmod(cy3, 3)
    x = 2 * k + (fx == 2)
    if centroid3(x, y) != (cx3, cy3):
        raise ValueError(f"({cx3}/3, {cy3}/3) is not the centroid of a cell")
    return x, y


def edge_neighbours(x: int, y: int) -> tuple[Cell, Cell, Cell]:
    """The three cells sharing an edge with ``(x, y)`` (README, "Neighbours")."""
    vertical = (x, y - 1) if cell_type(x, y) in (0, 3) else (x, y + 1)
    return (x - 1, y), (x + 1, y), vertical


def _vertex_cells(u: int, v: int) -> list[Cell]:
    """All cells having lattice point ``(u, v)`` as a vertex (4 or 8 of them)."""
    out = []
    for y in (v - 1, v):
        for x in range(2 * (u - 1), 2 * u + 2):
            if (u, v) in vertices(x, y):
                out.append((x, y))
    return out


def corner_neighbours(x: int, y: int) -> frozenset[Cell]:
    """The cells that share a vertex but no edge with ``(x, y)`` (11 of them)."""
    touching = {c for v in vertices(x, y) for c in _vertex_cells(*v)}
    return frozenset(touching - {(x, y)} - set(edge_neighbours(x, y)))


def transform(cells, rotations: int, reflect: bool) -> list[Cell]:
    """Rotate cells by ``rotations`` quarter turns (after a reflection in a vertical line if
    ``reflect``); the result is placed at an arbitrary but grid-valid position."""
    out = []
    for x, y in cells:
        cx, cy = centroid3(x, y)
        if reflect:
            cx = -cx
        for _ in range(rotations % 4):
            cx, cy = -cy, cx
        out.append(cell_at_centroid3(cx, cy))
    return out


def canonical(cells) -> tuple:
    """A key equal for two cell sets exactly when a grid translation maps one onto the other.

    Grid translations are ``(x, y) -> (x + 2a, y + b)`` with ``a + b`` even: they keep every
    cell's type, so the key is the cells relative to the first one in ``(y, x)`` order plus
    that cell's type.
    """
    cells = sorted(cells, key=lambda c: (c[1], c[0]))
    x0, y0 = cells[0]
    return (cell_type(x0, y0), tuple((x - x0, y - y0) for x, y in cells))


# -- components -------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class Piece:
    """One of the 21 GembloQ pieces.

    Attributes:
        index (int): 0-based position in the set (``number - 1``).
        number (int): 1..21, the tie-break penalty value (rulebook, "In Case of a Tie").
        name (str): a short name (``"I3"``, ``"L4"``, ``"X"``...), its size for the small ones.
        squares (float): size in squares; half squares count 0.5 (rulebook, "End of the Game").
        triangles (tuple[Cell, ...]): its cells relative to an anchor cell of type 0.
        orientations (tuple[tuple[Cell, ...], ...]): its distinct shapes under the 8 rotations
            and reflections, each as cells (1, 2, 4 or 8 of them).
        provenance (dict): for each field, ``confirmed`` or ``reconstructed``.
    """

    index: int
    number: int
    name: str
    squares: float
    triangles: tuple[Cell, ...]
    orientations: tuple[tuple[Cell, ...], ...]
    provenance: dict

    @property
    def label(self) -> str:
        """How the piece is named in sentences: ``"1-square piece"``, ``"1.5-square piece"``,
        ``"L4 piece"``."""
        try:
            float(self.name)
        except ValueError:
            return f"{self.name} piece"
        return f"{self.name}-square piece"

    @property
    def half_squares(self) -> int:
        """How many half squares (triangular parts) the piece has: 0 or 1."""
        return int(round(self.squares * 2)) % 2

    def __repr__(self) -> str:
        return f"Piece({self.number}, {self.name!r}, squares={self.squares})"


def _orientations(triangles) -> tuple[tuple[Cell, ...], ...]:
    seen, out = set(), []
    for reflect in (False, True):
        for r in range(4):
            shape = transform(triangles, r, reflect)
            key = canonical(shape)
            if key not in seen:
                seen.add(key)
                out.append(tuple(sorted(shape, key=lambda c: (c[1], c[0]))))
    return tuple(out)


def load_pieces(path: str | None = None) -> tuple[Piece, ...]:
    """Read the piece set.

    Args:
        path (str | None): a JSON file in the format of the packaged ``data/pieces.json``;
            ``None`` reads the packaged one.

    Returns:
        tuple[Piece, ...]: the pieces in ``number`` order.

    Raises:
        ValueError: the file is not a valid piece set (numbers not 1..n, a shape that is not
            made of whole and half squares, sizes that disagree with the shapes).
    """
    if path is None:
        text = resources.files(__package__).joinpath("data/pieces.json").read_text()
    else:
        if not isinstance(path, (str, os.PathLike)):
            raise ValueError(f"components must be the path of a JSON piece file, not {path!r}")
        try:
            with open(path) as fh:
                text = fh.read()
        except OSError as exc:
            raise ValueError(f"cannot read the piece file {str(path)!r}: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
        raw = sorted(data["pieces"], key=lambda p: p["number"])
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"not a GembloQ piece file: {type(exc).__name__} {exc}") from None
    if not raw:
        raise ValueError("not a GembloQ piece file: it lists no pieces")
    pieces = []
    for i, p in enumerate(raw):
        try:
            if p["number"] != i + 1:
                raise ValueError(f"piece numbers must run 1..{len(raw)}; found {p['number']} at position {i + 1}")
            tris = tuple((int(x), int(y)) for x, y in p["triangles"])
            squares = float(p["squares"])
            name = str(p["name"])
        except (KeyError, TypeError) as exc:
            raise ValueError(f"piece {i + 1}: missing or malformed field ({type(exc).__name__}: {exc})") from None
        if not tris or len(tris) != len(set(tris)) or squares * 4 != len(tris):
            raise ValueError(f"piece {p['number']}: {len(tris)} triangles do not make {squares:g} squares")
        try:
            orientations = _orientations(tris)
        except ValueError as exc:
            raise ValueError(f"piece {p['number']}: not made of grid triangles ({exc})") from None
        pieces.append(Piece(i, int(p["number"]), name, squares, tris, orientations, dict(p.get("provenance", {}))))
    return tuple(pieces)


@cache
def default_pieces() -> tuple[Piece, ...]:
    """The packaged piece set (cached)."""
    return load_pieces()


@cache
def boards_data() -> dict:
    """The packaged playing areas (``data/boards.json``): sizes and starting squares."""
    return json.loads(resources.files(__package__).joinpath("data/boards.json").read_text())


# -- labels -----------------------------------------------------------------------------------
def column_name(x: int) -> str:
    """Column name of ``x``: ``a``..``z``, then ``aa``..``az``, ``ba``... (README, "Cell labels")."""
    if x < 26:
        return chr(97 + x)
    return chr(96 + x // 26) + chr(97 + x % 26)


def column_index(name: str) -> int:
    """Inverse of :func:`column_name`.

    Raises:
        ValueError: not one or two lowercase letters.
    """
    if len(name) == 1 and "a" <= name <= "z":
        return ord(name) - 97
    if len(name) == 2 and "a" <= name[0] <= "z" and "a" <= name[1] <= "z":
        return (ord(name[0]) - 96) * 26 + ord(name[1]) - 97
    raise ValueError(f"{name!r} is not a column name")


# -- playing areas ----------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class Placement:
    """One way to place one piece on one playing area: a GembloQ action.

    ``str(placement)`` is its notation, the cell labels in reading order
    (``"b27,c27,b28,c28"``).

    Attributes:
        id (int): index in the area's placement table (the stable order of legal actions).
        piece (Piece): the piece placed.
        orientation (int): index into ``piece.orientations``.
        cells (tuple[Cell, ...]): the triangles covered, as ``(x, y)``.
        notation (str): the cell labels joined by commas.
        mask (int): bit ``i`` set for the area's cell index ``i`` (used by the engine).
    """

    id: int
    piece: Piece
    orientation: int
    cells: tuple[Cell, ...]
    notation: str
    mask: int

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"<Placement piece {self.piece.number} ({self.piece.name}) {self.notation}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Placement) and other.notation == self.notation

    def __hash__(self) -> int:
        return hash(self.notation)


class AreaTables:
    """Precomputed tables for one playing area (one per player count, cached).

    Attributes:
        players (int): 4, 3 or 2 (the 1-player puzzle uses the 2-player area).
        H (int): rows; W (int): columns (``2 * H``).
        cells (list[Cell]): the area's cells in reading order; a cell's index is its bit.
        index (dict[Cell, int]): cell -> index.
        labels (list[str]): cell index -> label such as ``"b27"``.
        starts (list[tuple[int, ...]]): per colour, the 4 cell indexes of its starting square.
        placements (list[Placement]): every placement of every piece inside the area.
        by_cells (dict[frozenset[int], int]): cell-index set -> placement id.
        cell_bits (list[int]): per cell, the set of placement ids covering it, as a bit set
            (bit ``id`` of a Python int).
        piece_bits (list[int]): per piece index, the bit set of its placement ids.
        start_bits (list[int]): per colour, the bit set of the placements covering its
            whole starting square.
        edge_mask (list[int]): per placement, the mask of area cells sharing an edge with it.
        edge_cells (list[tuple[int, ...]]): the same as a tuple of cell indexes.
        corner_cells (list[tuple[int, ...]]): per placement, area cells touching it only at
            corners (its possible attach points).
    """

    def __init__(self, players: int, pieces: tuple[Piece, ...]):
        area = boards_data()["areas"][str(players)]
        self.players = players
        H, E = area["H"], area["E"]
        W = 2 * H
        self.H, self.W, self.E = H, W, E
        self.sgf_name = area["sgf_name"]
        self.pieces = pieces
        cells = []
        for y in range(H):
            dy = min(y, H - 1 - y)
            m = max(0, (W - 4 * E) // 2 - 1 - 2 * dy)
            cells += [(x, y) for x in range(m, W - m)]
        self.cells = cells
        self.index = {c: i for i, c in enumerate(cells)}
        self.labels = [f"{column_name(x)}{H - y}" for x, y in cells]
        self.label_index = {lab: i for i, lab in enumerate(self.labels)}
        self.starts = [tuple(sorted(self.index[tuple(c)] for c in sq)) for sq in area["starting_squares"]]
        index = self.index
        self.edge_nbrs = [tuple(index[n] for n in edge_neighbours(*c) if n in index) for c in cells]
        self.corner_nbrs = [tuple(index[n] for n in corner_neighbours(*c) if n in index) for c in cells]
        self._build_placements()

    def _build_placements(self) -> None:
        index, H, W = self.index, self.H, self.W
        placements: list[Placement] = []
        for piece in self.pieces:
            for o, shape in enumerate(piece.orientations):
                xs = [x for x, _ in shape]
                ys = [y for _, y in shape]
                x0, y0 = shape[0]
                for ty in range(-min(ys), H - max(ys)):
                    # a translation (2a, b) keeps the grid when a + b is even
                    first = -min(xs)
                    want = (2 * ty) % 4
                    for tx in range(first + (want - first) % 4, W - max(xs), 4):
                        idx = []
                        for x, y in shape:
                            i = index.get((x + tx, y + ty))
                            if i is None:
                                break
                            idx.append(i)
                        else:
                            placements.append(self._make(len(placements), piece, o, idx))
        self.placements = placements
        self.by_cells = {frozenset(self._cells_of(p)): p.id for p in placements}
        n = len(self.cells)
        per_cell: list[list[int]] = [[] for _ in range(n)]
        for p in placements:
            for i in self._cells_of(p):
                per_cell[i].append(p.id)
        nbytes = (len(placements) + 7) // 8
        self.nbytes = nbytes
        self.cell_bits = [ids_to_bits(ids, nbytes) for ids in per_cell]
        per_piece: list[list[int]] = [[] for _ in self.pieces]
        for p in placements:
            per_piece[p.piece.index].append(p.id)
        self.piece_bits = [ids_to_bits(ids, nbytes) for ids in per_piece]
        self.edge_cells, self.edge_mask, self.corner_cells = [], [], []
        for p in placements:
            own = set(self._cells_of(p))
            edge = {j for i in own for j in self.edge_nbrs[i]} - own
            corner = {j for i in own for j in self.corner_nbrs[i]} - own - edge
            self.edge_cells.append(tuple(sorted(edge)))
            self.edge_mask.append(sum(1 << j for j in edge))
            self.corner_cells.append(tuple(sorted(corner)))
        self.start_bits = []
        for sq in self.starts:
            bits = -1
            for i in sq:
                bits &= self.cell_bits[i]
            self.start_bits.append(bits)

    def _cells_of(self, p: Placement) -> list[int]:
        return [self.index[c] for c in p.cells]

    def _make(self, pid: int, piece: Piece, orientation: int, idx: list[int]) -> Placement:
        order = sorted(idx, key=lambda i: (-self.cells[i][1], self.cells[i][0]))
        cells = tuple(self.cells[i] for i in order)
        notation = ",".join(self.labels[i] for i in order)
        return Placement(pid, piece, orientation, cells, notation, sum(1 << i for i in idx))

    def parse_cells(self, notation: str) -> list[Cell]:
        """Read a comma-separated list of cell labels into cells (not checked against the area).

        Raises:
            ValueError: a label is not a column name followed by a row number.
        """
        out = []
        for raw in re.split(r"[\s,;]+", notation.strip()):
            lab = raw.lower()
            letters = lab.rstrip("0123456789")
            digits = lab[len(letters) :]
            shown = raw if len(raw) <= 12 else raw[:12] + "..."
            if not letters or not digits or len(digits) > 3 or not letters.isascii():
                raise ValueError(f"{shown!r} is not a cell label: cells are written as column letters then a row number, like 'b27', separated by commas")
            try:
                out.append((column_index(letters), self.H - int(digits)))
            except ValueError:
                raise ValueError(f"{shown!r} is not a cell label: {letters!r} is not a column name (a..z, aa..az, ba..)") from None
        return out


def ids_to_bits(ids, nbytes: int) -> int:
    """A bit set (Python int) with bit ``i`` set for each ``i`` in ``ids``."""
    buf = bytearray(nbytes)
    for i in ids:
        buf[i >> 3] |= 1 << (i & 7)
    return int.from_bytes(buf, "little")


def bits_to_ids(bits: int, nbytes: int) -> list[int]:
    """The set bits of a non-negative bit set, ascending (inverse of :func:`ids_to_bits`)."""
    if not bits:
        return []
    raw = np.frombuffer(bits.to_bytes(nbytes, "little"), dtype=np.uint8)
    return np.flatnonzero(np.unpackbits(raw, bitorder="little")).tolist()


@cache
def area_tables(players: int, pieces: tuple[Piece, ...] | None = None) -> AreaTables:
    """The cached :class:`AreaTables` of the area for ``players`` (4, 3 or 2)."""
    return AreaTables(players, pieces if pieces is not None else default_pieces())


@cache
def shape_index(pieces: tuple[Piece, ...]) -> dict[tuple, tuple[Piece, int]]:
    """Canonical shape key (see :func:`canonical`) -> ``(piece, orientation)``."""
    out = {}
    for piece in pieces:
        for o, shape in enumerate(piece.orientations):
            out[canonical(shape)] = (piece, o)
    return out
