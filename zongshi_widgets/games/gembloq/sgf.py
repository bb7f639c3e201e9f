"""Pentobi game records (``.blksgf``): read and write GembloQ games.

A record is SGF as Pentobi writes it (``libpentobi_base/Pentobi-SGF.md`` in Pentobi's sources):
``(;GM[GembloQ]CA[UTF-8];1[b27,c27,b28,c28];2[...]...)``. The game type (``GM``) says which
move properties name the colours:

- ``GembloQ``, ``GembloQ Three-Player`` and ``GembloQ Two-Player Four-Color``: ``1``, ``2``,
  ``3``, ``4`` (blue, yellow, red, green);
- ``GembloQ Two-Player``: ``B`` and ``W`` (the first and second colour).

Older Pentobi versions wrote other names, still read here as Pentobi reads them: ``BLUE``,
``YELLOW``, ``RED``, ``GREEN`` (``BLUE`` and ``GREEN`` in two-colour games), ``1``/``2`` in
two-colour games, and a move's cells as several values instead of one comma list. A move
property that names no colour of the game (``B`` in a four-colour game, ``3`` in a two-colour
one...) makes the record refused, never silently skipped.

Setup: the root node may hold a starting position (``AB``/``AW`` or ``A1``..``A4``: pieces put
down at once; ``AE``: pieces taken away again; ``PL``: the colour to play). It is read into
the game's ``setup`` option, and written back for games that did not start empty.

Variations: :func:`read_blksgf_timeline` keeps every variation as a branch of a
:class:`~zongshi_widgets.core.Timeline`; :func:`read_blksgf` gives the main line's final
position and warns (:class:`BlksgfVariationsWarning`) saying how many variation moves it left
out. Every variation is checked either way: a record with an illegal move anywhere is refused.

Text: Pentobi records are UTF-8 (Pentobi-SGF, "Character Set"); a leading byte-order mark is
skipped; other encodings are refused with :class:`~zongshi_widgets.core.CorruptSave`.
:func:`load_blksgf` takes a file path or the record itself (see :func:`blksgf_text` for the
rule that tells them apart).
"""

from __future__ import annotations

import os
import re
import warnings
from dataclasses import dataclass, field

from ...core import CorruptSave, IllegalAction, Timeline
from .rules import COLOURS, GembloQ, GembloQState, cite

#: Pentobi's ``GM`` value -> (players, colours).
GAME_TYPES = {
    "GembloQ": (4, 4),
    "GembloQ Three-Player": (3, 3),
    "GembloQ Two-Player": (2, 2),
    "GembloQ Two-Player Four-Color": (2, 4),
}
_BY_LOWER = {k.lower(): k for k in GAME_TYPES}  # Pentobi compares game names case-insensitively

#: Move properties per number of colours: property -> colour (Pentobi's NodeUtil ``get_move``).
MOVE_PROPERTIES = {
    2: {"B": 0, "W": 1, "1": 0, "2": 1, "BLUE": 0, "GREEN": 1},
    3: {"1": 0, "2": 1, "3": 2, "BLUE": 0, "YELLOW": 1, "RED": 2},
    4: {"1": 0, "2": 1, "3": 2, "4": 3, "BLUE": 0, "YELLOW": 1, "RED": 2, "GREEN": 3},
}
#: Every property some Pentobi game type uses for a move.
_ANY_MOVE = {"B", "W", "BLUE", "YELLOW", "RED", "GREEN"}
#: Setup properties: property -> colour (``AE`` removes).
SETUP_PROPERTIES = {"AB": 0, "AW": 1, "A1": 0, "A2": 1, "A3": 2, "A4": 3}
#: ``PL`` values -> colour.
_PLAYER = {"B": 0, "1": 0, "W": 1, "2": 1, "3": 2, "4": 3}

_BOM = "\ufeff"
_RECORD_START = re.compile(r"\(\s*;")


class BlksgfVariationsWarning(UserWarning):
    """:func:`read_blksgf` left variation moves out (read them with :func:`read_blksgf_timeline`)."""


@dataclass
class _Node:
    props: list[tuple[str, list[str]]]
    children: list[_Node] = field(default_factory=list)


def _parse_sgf(text: str) -> _Node:
    """The first game tree of ``text``: its root node, each node with its variations.

    Raises:
        CorruptSave: not well-formed SGF, or more than one game tree.
    """
    i, n = 0, len(text)
    root: _Node | None = None
    stack: list[tuple[_Node | None, _Node | None]] = []  # per open '(': (node before it, last node in it)
    parent: _Node | None = None  # the node new nodes attach to
    last: _Node | None = None
    finished = False
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch == "(":
            if finished:
                raise CorruptSave("SGF: text after the game tree (only one game per record is read)")
            stack.append((parent, last))
            parent = last
            i += 1
        elif ch == ")":
            if not stack:
                raise CorruptSave("SGF: unbalanced ')'")
            parent, last = stack.pop()
            i += 1
            if not stack:
                finished = True
        elif ch == ";":
            if not stack:
                raise CorruptSave("SGF: a node outside any game tree")
            i += 1
            props: list[tuple[str, list[str]]] = []
            while True:
                while i < n and text[i].isspace():
                    i += 1
                j = i
                while j < n and text[j].isascii() and text[j].isalnum():
                    j += 1
                if j == i:
                    break
                name = text[i:j]
                if not (name.isupper() or name.isdigit()):
                    raise CorruptSave(f"SGF: {name!r} is not a property name (upper-case letters, or a colour number)")
                i = j
                values = []
                while True:
                    while i < n and text[i].isspace():
                        i += 1
                    if i >= n or text[i] != "[":
                        break
                    i += 1
                    buf = []
                    while i < n and text[i] != "]":
                        if text[i] == "\\" and i + 1 < n:
                            i += 1
                        buf.append(text[i])
                        i += 1
                    if i >= n:
                        raise CorruptSave(f"SGF: property {name} has no closing ']'")
                    i += 1
                    values.append("".join(buf))
                if not values:
                    raise CorruptSave(f"SGF: property {name} has no value")
                props.append((name, values))
            node = _Node(props)
            if root is None:
                root = node
            elif parent is None:
                raise CorruptSave("SGF: a second root node (a record has one game tree with one root)")
            else:
                parent.children.append(node)
            parent = last = node
        else:
            raise CorruptSave(f"SGF: unexpected character {ch!r} at position {i}")
    if root is None or stack:
        raise CorruptSave("SGF: not a complete game tree '(; ... )'")
    return root


def blksgf_text(source) -> str:
    """The text of a record given as a path or as the record itself.

    The rule (by type first, never by guessing from the first character):

    - an ``os.PathLike`` (e.g. ``pathlib.Path``) is a file path;
    - ``bytes`` / ``bytearray`` are the record's content;
    - a ``str`` is the record's text when it contains an SGF game-tree start ``(;``
      (whitespace allowed between), which no file name does in practice; otherwise it is a
      file path. Pass a ``pathlib.Path`` to make a path explicit.

    Content is UTF-8, with or without a byte-order mark.

    Raises:
        CorruptSave: the file or bytes are not UTF-8 text.
        FileNotFoundError: a path that names no file.
        TypeError: ``source`` is none of the above.
    """
    if isinstance(source, (bytes, bytearray)):
        return _decode(bytes(source))
    if isinstance(source, str) and _RECORD_START.search(source):
        return source.removeprefix(_BOM)
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(f"blksgf must be a record's text (str or bytes) or the path of a .blksgf file, not {type(source).__name__}")
    path = os.fspath(source)
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no game record at {str(path)!r} (a record's own text contains '(;')")
    with open(path, "rb") as fh:
        return _decode(fh.read(), f"the file {os.path.basename(path)!r}")


def _decode(data: bytes, what: str = "the record") -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CorruptSave(
            f"{what} is not UTF-8 text (byte 0x{data[exc.start]:02x} at position {exc.start}); Pentobi records are UTF-8: "
            "save it again as UTF-8"
        ) from None


def _as_text(record) -> str:
    if isinstance(record, (bytes, bytearray)):
        return _decode(bytes(record))
    if not isinstance(record, str):
        raise TypeError(f"read_blksgf takes the record's text (str or bytes), not {type(record).__name__}")
    return record.removeprefix(_BOM)


def _start_of(root: _Node) -> tuple[GembloQState, str]:
    """The starting position a record's root node describes (its game type and setup
    position), and the game type's name."""
    props = dict(root.props)
    gm = props.get("GM", [None])[0]
    name = _BY_LOWER.get(gm.strip().lower()) if isinstance(gm, str) else None
    if name is None:
        raise CorruptSave(f"not a GembloQ record: GM[{gm}] (expected one of {', '.join(GAME_TYPES)})")
    players, colours = GAME_TYPES[name]
    names = COLOURS[:colours]
    setup: dict[str, list[str]] = {}
    has_setup = False
    for prop, values in root.props:
        if prop in SETUP_PROPERTIES:
            has_setup = True
            c = SETUP_PROPERTIES[prop]
            if c >= colours:
                raise CorruptSave(f"setup property {prop} names colour {c + 1}, which does not play in {name}")
            setup.setdefault(names[c], []).extend(_move_text(prop, v) for v in values)
        elif prop == "AE":
            has_setup = True
            for v in values:
                cells = set(_move_text(prop, v).split(","))
                for placed in setup.values():
                    match = [p for p in placed if set(p.split(",")) == cells]
                    for p in match:
                        placed.remove(p)
    pl = props.get("PL")
    if pl is not None:
        c = _PLAYER.get(pl[0].strip())
        if c is None or c >= colours:
            raise CorruptSave(f"PL[{pl[0]}] names no colour of {name}")
        if not has_setup:  # Pentobi reads PL with setup; alone, it can only restate the first colour
            if c != 0:
                raise CorruptSave(f"PL[{pl[0]}] without setup properties: the game starts with {names[0]}")
        setup["to_play"] = names[c]  # type: ignore[assignment]
    game = GembloQ(players=players, colors=colours if colours != players else None)
    if not has_setup:
        return game.new_state(seed=0), name
    try:
        return game.from_position({k: v for k, v in setup.items() if v}, seed=0), name
    except ValueError as exc:
        raise CorruptSave(f"the setup position cannot be played: {exc}") from None


def _move_text(prop: str, value: str) -> str:
    return ",".join(part.strip() for part in value.split(","))


def _moves(node: _Node, colours: int, gm: str, where: str, is_root: bool) -> tuple[int, str] | None:
    """The node's move ``(colour, cells)`` (cells ``""`` for a pass), or ``None``."""
    known = MOVE_PROPERTIES[colours]
    found = []
    for prop, values in node.props:
        if prop in known:
            found.append((prop, values))
        elif prop in _ANY_MOVE or prop.isdigit():
            raise CorruptSave(f"{where}: {prop}[...] is not a move property of {gm} (its moves are {', '.join(known)})")
        elif not is_root and (prop in SETUP_PROPERTIES or prop in ("AE", "PL")):
            raise CorruptSave(f"{where}: setup properties ({prop}) after the first node are not supported; only a setup in the root node")
    if not found:
        return None
    if len(found) > 1:
        raise CorruptSave(f"{where}: two moves in one node ({', '.join(p for p, _ in found)})")
    prop, values = found[0]
    # Pentobi before 0.3 wrote a move's cells as several values; Pentobi still reads them
    cells = ",".join(_move_text(prop, v) for v in values if v.strip())
    return known[prop], cells


def _read_tree(text: str) -> tuple[Timeline, list, int]:
    """Read every line of a record into a timeline.

    Returns:
        tuple: the timeline (cursor at the end of the main line), the main line's nodes, and
        how many moves lie outside the main line.
    """
    root = _parse_sgf(text)
    state, gm = _start_of(root)
    game = state.game
    timeline = Timeline(state)
    colours = game.colours
    names = game.colour_names
    main_end = timeline.root
    off_main = 0
    # depth-first over the record: (record node, timeline node, next colour in turn, on the main line, move number)
    todo = [(root, timeline.root, state.colour_to_move if state.colour_to_move is not None else 0, True, 0)]
    while todo:
        node, at, expected, main, k = todo.pop()
        where = f"move {k + 1}" if node is not root else "the root node"
        move = _moves(node, colours, gm, where, node is root)
        if move is not None:
            colour, cells = move
            here = at.state
            if not cells or cells.lower() == "pass":
                if colour == here.colour_to_move:
                    raise CorruptSave(f"{where}: {names[colour]} passes but has a legal placement ({cite('pass')})")
                if colour not in _skipped(here, expected):
                    nxt = names[here.colour_to_move] if here.colour_to_move is not None else "nobody (the game is over)"
                    raise CorruptSave(f"{where}: {names[colour]} passes out of turn ({nxt} is to move)")
                if here.legal_count(colour):
                    raise CorruptSave(f"{where}: {names[colour]} passes but has a legal placement ({cite('pass')})")
                expected = (colour + 1) % colours
            else:
                if here.colour_to_move != colour:
                    nxt = names[here.colour_to_move] if here.colour_to_move is not None else "nobody (the game is over)"
                    raise CorruptSave(f"{where}: {names[colour]} moves out of turn ({nxt} is to move)")
                timeline.cursor = at
                try:
                    timeline.play(cells)
                except IllegalAction as exc:
                    raise CorruptSave(f"{where}: illegal move {cells!r} by {names[colour]}: {exc.message}") from None
                at = timeline.cursor
                expected = (colour + 1) % colours
                k += 1
                if not main:
                    off_main += 1
        if main:
            main_end = at
        for i, child in reversed(list(enumerate(node.children))):
            todo.append((child, at, expected, main and i == 0, k))
    timeline.goto(main_end.id)
    return timeline, main_end, off_main


def _skipped(state: GembloQState, expected: int) -> list[int]:
    """The colours from ``expected`` on that the turn passes over before the colour to move
    (all of them once the game is over): the colours that may pass here."""
    n = state.game.colours
    out = []
    for i in range(n):
        c = (expected + i) % n
        if c == state.colour_to_move:
            break
        out.append(c)
    return out


def read_blksgf(record: str | bytes) -> GembloQState:
    """Read a Pentobi ``.blksgf`` GembloQ record: the final position of its main line.

    Args:
        record (str | bytes): the record's text (bytes are UTF-8; a byte-order mark is
            skipped). For a file, use :func:`load_blksgf`.

    Returns:
        GembloQState: the final position of the main line, with every move in its
        ``history`` and a setup position (if any) as its origin (``state.origin``, a position
        description: see :meth:`GembloQ.from_position`).

    Warns:
        BlksgfVariationsWarning: the record has variations beside the main line; the warning
        says how many moves were left out (:func:`read_blksgf_timeline` keeps them).

    Raises:
        CorruptSave: not SGF, not a GembloQ record (``GM``), not UTF-8, a move property the
            game type does not use, setup properties after the root node, a bad setup, or a
            move or pass that is illegal or out of turn in any line; nothing is loaded then.
        TypeError: ``record`` is neither str nor bytes.
    """
    timeline, end, off_main = _read_tree(_as_text(record))
    if off_main:
        lines = len(timeline.branches()) - 1
        warnings.warn(
            f"this record has {lines} variation{'s' if lines != 1 else ''} beside the main line; read_blksgf gives the main line only "
            f"and left out {off_main} variation move{'s' if off_main != 1 else ''} (read_blksgf_timeline keeps them as branches)",
            BlksgfVariationsWarning,
            stacklevel=2,
        )
    return end.state


def read_blksgf_timeline(record: str | bytes) -> Timeline:
    """Read a Pentobi ``.blksgf`` GembloQ record with all its variations.

    Args:
        record (str | bytes): the record's text (see :func:`read_blksgf`).

    Returns:
        Timeline: root = the starting position (empty, or the record's setup); one branch per
        variation, the main line first; the cursor at the main line's last position.

    Raises:
        CorruptSave, TypeError: as :func:`read_blksgf`.
    """
    return _read_tree(_as_text(record))[0]


def load_blksgf(source) -> GembloQState:
    """Read a record from a file or from its content: the one entry point for
    ``GembloQBoard(blksgf=...)`` and notebooks.

    Args:
        source (str | bytes | os.PathLike): a path, or the record's text or bytes; told apart
            by the rule of :func:`blksgf_text`.

    Returns:
        GembloQState: as :func:`read_blksgf` (which warns about left-out variations).

    Raises:
        CorruptSave: the record is not UTF-8 or not a valid GembloQ record.
        FileNotFoundError: a path that names no file.
        TypeError: ``source`` is of another type.
    """
    text = blksgf_text(source)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", BlksgfVariationsWarning)
        state = read_blksgf(text)
    for w in caught:
        warnings.warn(w.message, w.category, stacklevel=2)
    return state


def load_blksgf_timeline(source) -> Timeline:
    """:func:`read_blksgf_timeline` for a path or the record's content (see :func:`load_blksgf`)."""
    return read_blksgf_timeline(blksgf_text(source))


def write_blksgf(game_record: GembloQState | Timeline) -> str:
    """Write a game as a Pentobi ``.blksgf`` record, as current Pentobi writes it.

    Args:
        game_record (GembloQState | Timeline): a state (its history is written as the main
            line) or a timeline of a GembloQ game (every branch is written, the first child
            of each position as the main line).

    Returns:
        str: the record: ``GM`` and ``CA[UTF-8]``; for a game that did not start empty, its
        setup (``AB``/``AW`` or ``A1``..``A4``, and ``PL``) in the root node; then one node per
        move, with ``B``/``W`` in ``GembloQ Two-Player`` and ``1``..``4`` otherwise.

    Raises:
        TypeError: not a GembloQ state or timeline.
        ValueError: the 1-player puzzle, which Pentobi does not know.
    """
    if isinstance(game_record, Timeline):
        start = game_record.root.state
        if not isinstance(start, GembloQState):
            raise TypeError("write_blksgf takes a timeline of a GembloQ game")
    elif isinstance(game_record, GembloQState):
        start = game_record
    else:
        raise TypeError(f"write_blksgf takes a GembloQ state or timeline, not {type(game_record).__name__}")
    game = start.game
    if game.players == 1:
        raise ValueError("Pentobi has no 1-player GembloQ; the puzzle cannot be written as .blksgf")
    gm = next(k for k, v in GAME_TYPES.items() if v == (game.players, game.colours))
    ids = ("B", "W") if game.colours == 2 else ("1", "2", "3", "4")
    setup_ids = ("AB", "AW") if game.colours == 2 else ("A1", "A2", "A3", "A4")
    root = f";GM[{gm}]CA[UTF-8]AP[zongshi_widgets]"
    # a game that did not start empty: its starting position (kernel position description)
    setup = game._check_setup(start.origin) if start.origin is not None else None
    if setup is not None:
        for c, name in enumerate(game.colour_names):
            if setup.get(name):
                root += setup_ids[c] + "".join(f"[{p}]" for p in setup[name])
        root += f"PL[{ids[game.colour_names.index(setup['to_play'])]}]"
    if isinstance(game_record, GembloQState):
        moves = "".join(f";{ids[c]}[{a}]" for c, a in zip(game_record.movers, game_record.history))
        return f"({root}{moves})\n"

    def line(node) -> str:
        out = ""
        while True:
            if node.action is not None:
                out += f";{ids[node.state.movers[-1]]}[{node.action}]"
            if len(node.children) == 1:
                node = node.children[0]
                continue
            return out + "".join(f"({line(child)})" for child in node.children)

    return f"({root}{line(game_record.root)})\n"
