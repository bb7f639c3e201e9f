"""GembloQ: the rules engine, its components and Pentobi game records.

Usage::

    import zongshi_widgets as zw
    game = zw.game("gembloq", players=4)
    state = game.new_state()
    state = state.play("b27,c27,b28,c28")
"""

from .geometry import AreaTables, Piece, Placement, area_tables, default_pieces, load_pieces
from .rules import COLOURS, GembloQ, GembloQState, score_hands
from .sgf import BlksgfVariationsWarning, blksgf_text, load_blksgf, load_blksgf_timeline, read_blksgf, read_blksgf_timeline, write_blksgf

__all__ = [
    "COLOURS",
    "BlksgfVariationsWarning",
    "AreaTables",
    "GembloQ",
    "GembloQState",
    "Piece",
    "Placement",
    "area_tables",
    "blksgf_text",
    "default_pieces",
    "load_blksgf",
    "load_blksgf_timeline",
    "load_pieces",
    "read_blksgf",
    "read_blksgf_timeline",
    "score_hands",
    "write_blksgf",
]
