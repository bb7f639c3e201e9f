"""GembloQ's grid of triangles, its playing areas and every placement of every piece.

Geometry (docs/rulings/gembloq.md, "Coordinates, cell types and neighbours"): box ``(k, y)`` is the unit square
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
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources

import numpy as np

from ...core.schema import SchemaError, load_schema, validate

Cell = tuple[int, int]

#: Names of the four cell types: where the right angle of the triangle is.
CELL_TYPES = ("upper-left", "lower-right", "lower-left", "upper-right")


def cell_type(x: int, y: int) -> int:
    """Type 0..3 of cell ``(x, y)``: the corner of its box holding its right angle.

    0 upper-left, 1 lower-right, 2 lower-left, 3 upper-right (docs/rulings/gembloq.md, "Coordinates, cell types and neighbours").
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
    """The three cells sharing an edge with ``(x, y)`` (docs/rulings/gembloq.md, "Coordinates, cell types and neighbours")."""
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
        text, where = resources.files(__package__).joinpath("data/pieces.json").read_text(encoding="utf-8"), "pieces.json"
    else:
        if not isinstance(path, (str, os.PathLike)):
            raise ValueError(f"components must be the path of a JSON piece file, not {path!r}")
        where = os.path.basename(str(path))
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            raise ValueError(f"cannot read the piece file {str(path)!r}: {exc.strerror or exc}") from None
        except UnicodeDecodeError as exc:
            raise ValueError(f"not a GembloQ piece file ({where}): not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ValueError(f"not a GembloQ piece file ({where}): not JSON ({type(exc).__name__}: {str(exc)[:120]})") from None
    try:
        validate(data, load_schema(__package__, "data/pieces.schema.json"), f"not a GembloQ piece file ({where})")
    except SchemaError as exc:
        item = re.fullmatch(r"pieces\[(\d+)\]\.?(.*)", exc.where)
        if item is None:
            raise
        field = f" {item[2]}" if item[2] else ""
        raise ValueError(f"not a GembloQ piece file ({where}): piece {item[1]} in the list{field}: {exc.problem}") from None
    raw = sorted(data["pieces"], key=lambda p: p["number"])
    pieces = []
    for i, p in enumerate(raw):
        if p["number"] != i + 1:
            raise ValueError(f"piece numbers must run 1..{len(raw)}; found {p['number']} at position {i + 1}")
        tris = tuple((x, y) for x, y in p["triangles"])
        squares = float(p["squares"])
        name = p["name"]
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
    data = json.loads(resources.files(__package__).joinpath("data/boards.json").read_text(encoding="utf-8"))
    validate(data, load_schema(__package__, "data/boards.schema.json"), "GembloQ playing areas (boards.json)")
    return data


# -- labels -----------------------------------------------------------------------------------
def column_name(x: int) -> str:
    """Column name of ``x``: ``a``..``z``, then ``aa``..``az``, ``ba``... (docs/rulings/gembloq.md, "Cell labels")."""
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


#: Off-area margins around the grid of cell indexes (a corner neighbour is at most 3
#: columns and 1 row away).
MARGIN_X, MARGIN_Y = 4, 2


class AreaTables:
    """Precomputed tables for one playing area (one per player count, cached).

    The placement tables are built with numpy in a few tenths of a second (the first legal
    list of a fresh process does not wait for seconds); per-placement objects and
    neighbourhoods are made the first time they are asked for. Tests compare every table with
    :func:`reference_placements`, the plain cell-by-cell construction from the geometry.

    Attributes:
        players (int): 4, 3 or 2 (the 1-player puzzle uses the 2-player area).
        H (int): rows; W (int): columns (``2 * H``).
        cells (list[Cell]): the area's cells in reading order; a cell's index is its bit.
        index (dict[Cell, int]): cell -> index.
        labels (list[str]): cell index -> label such as ``"b27"``.
        starts (list[tuple[int, ...]]): per colour, the 4 cell indexes of its starting square.
        placements (Sequence[Placement]): every placement of every piece inside the area,
            ordered by piece, orientation, row, column (a placement's ``id`` is its index).
        by_cells (dict[frozenset[int], int]): cell-index set -> placement id (built on first
            use; :meth:`find` answers the same question without building it).
        cell_bits (list[int]): per cell, the set of placement ids covering it, as a bit set
            (bit ``id`` of a Python int).
        piece_bits (list[int]): per piece index, the bit set of its placement ids.
        start_bits (list[int]): per colour, the bit set of the placements covering its
            whole starting square.
        edge_mask (Sequence[int]): per placement, the mask of area cells sharing an edge with it.
        edge_cells (Sequence[tuple[int, ...]]): the same as a tuple of cell indexes.
        corner_cells (Sequence[tuple[int, ...]]): per placement, area cells touching it only at
            corners (its possible attach points).
        around (Sequence[tuple]): per placement, ``(edge_cells, corner_cells, edge_mask)``.
        edge_nbrs, corner_nbrs (list[tuple[int, ...]]): per cell, the area cells sharing an
            edge with it / touching it only at a corner, ascending.
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
        grid = np.full((H + 2 * MARGIN_Y, W + 2 * MARGIN_X), -1, dtype=np.int32)  # off-area margins around
        for i, (x, y) in enumerate(cells):
            grid[y + MARGIN_Y, x + MARGIN_X] = i
        self._grid = grid
        self.edge_nbrs = self._neighbours(lambda x, y: edge_neighbours(x, y))
        self.corner_nbrs = self._neighbours(corner_neighbours)
        self._build_placements()

    def _neighbours(self, around) -> list[tuple[int, ...]]:
        """Per cell, the area cells ``around(x, y)`` gives, ascending. Neighbourhoods only
        depend on the cell type, so each type's offsets are computed once."""
        xs = np.array([x for x, _ in self.cells])
        ys = np.array([y for _, y in self.cells])
        types = (xs + 2 * (ys & 1)) & 3
        out: list = [None] * len(self.cells)
        for t in range(4):
            which = np.flatnonzero(types == t)
            if not len(which):
                continue
            x, y = self.cells[which[0]]
            offsets = [(u - x, v - y) for u, v in around(x, y)]
            dx = np.array([d for d, _ in offsets])
            dy = np.array([d for _, d in offsets])
            found = np.sort(self._grid[ys[which, None] + dy + MARGIN_Y, xs[which, None] + dx + MARGIN_X], axis=1)
            for i, row in zip(which.tolist(), found.tolist()):
                out[i] = tuple(j for j in row if j >= 0)
        return out

    def _build_placements(self) -> None:
        H, W, grid = self.H, self.W, self._grid
        blocks, kinds = [], []  # per (piece, orientation): cell-index matrix (placements x cells)
        for piece in self.pieces:
            for o, shape in enumerate(piece.orientations):
                xs = np.array([x for x, _ in shape])
                ys = np.array([y for _, y in shape])
                tys, txs = [], []
                first = -int(xs.min())
                for ty in range(-int(ys.min()), H - int(ys.max())):
                    # a translation (2a, b) keeps the grid when a + b is even
                    want = (2 * ty) % 4
                    tx = np.arange(first + (want - first) % 4, W - int(xs.max()), 4)
                    txs.append(tx)
                    tys.append(np.full(len(tx), ty))
                tx, ty = np.concatenate(txs), np.concatenate(tys)
                idx = grid[ys[None, :] + ty[:, None] + MARGIN_Y, xs[None, :] + tx[:, None] + MARGIN_X]
                idx = idx[(idx >= 0).all(axis=1)]
                blocks.append(idx)
                kinds.append((piece, o))
        self._blocks = blocks
        counts = [len(b) for b in blocks]
        n = sum(counts)
        nbytes = (n + 7) // 8
        self.nbytes = nbytes
        self._kind = np.repeat(np.arange(len(blocks)), counts)  # placement id -> block
        self._block_start = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
        self._kinds = kinds
        # cell_bits: one row of bytes per cell, bit (id) set where placement id covers the cell
        ncells = len(self.cells)
        cell_of, pid_of = [], []
        for k, b in enumerate(blocks):
            cell_of.append(b.ravel())
            pid_of.append(np.repeat(np.arange(self._block_start[k], self._block_start[k + 1]), b.shape[1]))
        cell, pid = np.concatenate(cell_of), np.concatenate(pid_of)
        # each (cell, placement) pair once, so adding the bits of one byte gives their union
        rows = np.bincount(cell * nbytes + (pid >> 3), weights=1 << (pid & 7), minlength=ncells * nbytes)
        rows = rows.astype(np.uint8).reshape(ncells, nbytes)
        self.cell_bits = [int.from_bytes(r.tobytes(), "little") for r in rows]
        self.piece_bits = []
        for piece in self.pieces:
            ks = [k for k, (p, _) in enumerate(kinds) if p is piece]
            lo, hi = int(self._block_start[ks[0]]), int(self._block_start[ks[-1] + 1])
            self.piece_bits.append(((1 << (hi - lo)) - 1) << lo)
        self.start_bits = []
        for sq in self.starts:
            bits = -1
            for i in sq:
                bits &= self.cell_bits[i]
            self.start_bits.append(bits)
        self._found: dict[frozenset[int], int | None] = {}  # find()'s answers so far
        self.placements = _PerPlacement(n, self._make)
        self.around = _PerPlacement(n, self._around)
        self.edge_cells = _PerPlacement(n, lambda pid: self.around[pid][0])
        self.corner_cells = _PerPlacement(n, lambda pid: self.around[pid][1])
        self.edge_mask = _PerPlacement(n, lambda pid: self.around[pid][2])

    def make_all(self) -> None:
        """Make every per-placement value now (placement objects, neighbourhoods) instead of
        on first use: about a second of work a long simulation may prefer to do up front."""
        for seq in (self.placements, self.around):
            for _ in seq:
                pass

    def placement_cells(self, pid: int) -> list[int]:
        """The area cell indexes covered by placement ``pid``, in the piece's shape order."""
        k = int(self._kind[pid])
        return self._blocks[k][pid - int(self._block_start[k])].tolist()

    def _around(self, pid: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        own = set(self.placement_cells(pid))
        edge = {j for i in own for j in self.edge_nbrs[i]} - own
        corner = {j for i in own for j in self.corner_nbrs[i]} - own - edge
        return tuple(sorted(edge)), tuple(sorted(corner)), sum(1 << j for j in edge)

    @cached_property
    def by_cells(self) -> dict[frozenset[int], int]:
        """Cell-index set -> placement id, for every placement (built on first use)."""
        return {frozenset(self.placement_cells(pid)): pid for pid in range(len(self.placements))}

    def find(self, idx) -> int | None:
        """The id of the placement covering exactly the area cells ``idx`` (indexes), or ``None``."""
        key = frozenset(idx)
        found = self._found.get(key, -1)
        if found != -1:
            return found
        found = None
        if key:
            bits = -1
            for i in key:
                bits &= self.cell_bits[i]
            for pid in bits_to_ids(bits, self.nbytes):
                if len(self.placement_cells(pid)) == len(key):
                    found = pid  # covers all of idx with as many cells: exactly idx
                    break
        if len(self._found) < 1_000_000:
            self._found[key] = found
        return found

    def _make(self, pid: int) -> Placement:
        piece, orientation = self._kinds[int(self._kind[pid])]
        idx = self.placement_cells(pid)
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


class _PerPlacement(Sequence):
    """A read-only sequence with one value per placement id, each made on first use.

    Hot loops read ``items[i] or seq[i]`` (``items``: the list underneath, ``None`` until made)
    to skip the method call once a value exists; values are never false.
    """

    __slots__ = ("items", "_make")

    def __init__(self, n: int, make):
        self.items: list = [None] * n
        self._make = make

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self.items)))]
        item = self.items[i]
        if item is None:
            if i < 0:
                i += len(self.items)
            item = self.items[i] = self._make(i)
        return item

    def __iter__(self):
        for i in range(len(self.items)):
            yield self[i]


def reference_placements(players: int, pieces: tuple[Piece, ...] | None = None) -> list[tuple[int, int, frozenset[int]]]:
    """Every placement of the area for ``players``, found the slow, plain way: each
    orientation of each piece tried at every grid translation, cell by cell.

    The fast tables of :class:`AreaTables` must list the same placements in the same order
    (tests check it).

    Returns:
        list[tuple[int, int, frozenset[int]]]: ``(piece index, orientation, area cell indexes)``
        in id order.
    """
    pieces = pieces if pieces is not None else default_pieces()
    area = boards_data()["areas"][str(players)]
    H, E = area["H"], area["E"]
    W = 2 * H
    index = {}
    for y in range(H):
        dy = min(y, H - 1 - y)
        m = max(0, (W - 4 * E) // 2 - 1 - 2 * dy)
        for x in range(m, W - m):
            index[(x, y)] = len(index)
    out = []
    for piece in pieces:
        for o, shape in enumerate(piece.orientations):
            for ty in range(-H, 2 * H):
                for tx in range(-W, 2 * W):
                    if (tx // 2 + ty) % 2 or tx % 2:
                        continue  # not a translation of the grid: (2a, b) with a + b even
                    idx = [index.get((x + tx, y + ty)) for x, y in shape]
                    if None not in idx:
                        out.append((piece.index, o, frozenset(idx)))
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
