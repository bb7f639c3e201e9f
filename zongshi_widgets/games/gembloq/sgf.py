"""Pentobi game records (``.blksgf``): read and write GembloQ games.

A record is SGF: ``(;GM[GembloQ]CA[UTF-8];1[b27,c27,b28,c28];2[...]...)``, the property name
being the colour number (1-based) and the value the move's cell labels (reference README,
"Cell labels and game records"). Only the main line of a record is read.
"""

from __future__ import annotations

from ...core import CorruptSave, IllegalAction
from .rules import GembloQ, GembloQState

_GAME_NAMES = {"GembloQ": 4, "GembloQ Three-Player": 3, "GembloQ Two-Player": 2}


def _parse_sgf_main_line(text: str) -> list[list[tuple[str, list[str]]]]:
    """The nodes of the first game's main line: each a list of ``(property, values)``.

    Raises:
        CorruptSave: not well-formed SGF.
    """
    i, n = 0, len(text)
    nodes: list[list[tuple[str, list[str]]]] = []
    depth = 0
    skipping = 0  # depth of a variation being skipped (0: none)
    seen_variation_at: set[int] = set()
    started = False
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch == "(":
            depth += 1
            if started and not skipping:
                if depth - 1 in seen_variation_at:
                    skipping = depth
                else:
                    seen_variation_at.add(depth - 1)
            started = True
            i += 1
        elif ch == ")":
            if depth == 0:
                raise CorruptSave("SGF: unbalanced ')'")
            if skipping == depth:
                skipping = 0
            depth -= 1
            i += 1
            if depth == 0:
                if text[i:].strip():
                    raise CorruptSave("SGF: text after the game tree (only one game per record is read)")
                break
        elif ch == ";":
            if depth == 0:
                raise CorruptSave("SGF: a node outside any game tree")
            i += 1
            node: list[tuple[str, list[str]]] = []
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
                node.append((name, values))
            if not skipping:
                nodes.append(node)
        else:
            raise CorruptSave(f"SGF: unexpected character {ch!r} at position {i}")
    if not started or depth != 0:
        raise CorruptSave("SGF: not a complete game tree '(; ... )'")
    return nodes


def read_blksgf(text: str) -> GembloQState:
    """Read a Pentobi ``.blksgf`` GembloQ record.

    Args:
        text (str | bytes): the file's text (bytes are read as UTF-8).

    Returns:
        GembloQState: the final position, with every move in its ``history``.

    Raises:
        CorruptSave: not SGF, not a GembloQ game (``GM``), setup properties (``AB``...), or a
            move that is illegal or out of turn; nothing is loaded then.
        TypeError: ``text`` is neither str nor bytes.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise CorruptSave("the record is not UTF-8 text") from None
    if not isinstance(text, str):
        raise TypeError(f"read_blksgf takes the record's text (str or bytes), not {type(text).__name__}")
    nodes = _parse_sgf_main_line(text)
    if not nodes:
        raise CorruptSave("SGF: the record has no nodes")
    root = dict(nodes[0])
    gm = root.get("GM", [None])[0]
    if gm not in _GAME_NAMES:
        raise CorruptSave(f"not a GembloQ record: GM[{gm}] (expected one of {', '.join(_GAME_NAMES)})")
    state = GembloQ(players=_GAME_NAMES[gm]).new_state(seed=0)
    for k, node in enumerate(nodes):
        for name, values in node:
            if name in ("AB", "AW", "A1", "A2", "A3", "A4", "AE"):
                raise CorruptSave("setup positions (AB/AW/A1...) are not supported; only games played from the start")
            if not name.isdigit():
                continue
            colour = int(name) - 1
            if len(values) != 1:
                raise CorruptSave(f"node {k}: a move has exactly one value, {name}[...] has {len(values)}")
            if not 0 <= colour < state.game.colours:
                raise CorruptSave(f"node {k}: colour {name} does not play in {gm}")
            move = values[0].strip()
            if not move or move.lower() == "pass":
                if state.to_move == colour:
                    raise CorruptSave(f"node {k}: colour {name} passes but has a legal placement")
                continue
            if state.to_move != colour:
                raise CorruptSave(f"node {k}: colour {name} moves out of turn (colour {state.to_move + 1 if state.to_move is not None else '-'} is to move)")
            try:
                state = state.play(move)
            except IllegalAction as exc:
                raise CorruptSave(f"node {k}: illegal move {move!r}: {exc.message}") from None
    return state


def write_blksgf(state: GembloQState) -> str:
    """Write ``state``'s game (its history from the empty board) as a Pentobi ``.blksgf`` record.

    Raises:
        TypeError: ``state`` is not a GembloQ state.
        ValueError: the 1-player puzzle, which Pentobi does not know.
    """
    if not isinstance(state, GembloQState):
        raise TypeError(f"write_blksgf takes a GembloQ state, not {type(state).__name__}")
    game = state.game
    if game.players == 1:
        raise ValueError("Pentobi has no 1-player GembloQ; the puzzle cannot be written as .blksgf")
    name = game.tables.sgf_name
    moves = "".join(f";{c + 1}[{a}]" for c, a in zip(state.movers, state.history))
    return f"(;GM[{name}]CA[UTF-8]AP[zongshi_widgets]{moves})\n"
