"""Majolica (Yu Wang, Blue Magpie Games, 2018): the rules engine, 1 to 4 players.

Rulebook: the Majolica rulebook; component data and rulings:
``docs/rulings/majolica.md`` (shipped as ``data/components.toml``).

A game is a :class:`Majolica` (rules, components, variant options); a position is a
:class:`MajolicaState`. Every choice is one atomic action, written as a short notation:

* setup: ``mission M3`` (Mission cards: take one of the revealed missions), ``start slot 2``
  (slot the dealt starting design card);
* 1. Select Majolica tiles: ``take a1-d1`` (A: an unbroken face-up run of an outer row or
  column), ``take b1 + D05`` (B: one outer tile and a design card of the display),
  ``take b1 + arrange`` (C: one outer tile and a rearrangement of the card slots). Solo:
  ``take all``, ``take R + D05``, ``take R + arrange`` (a colour of the four revealed tiles);
* 2. Place Majolica tiles, in the order the player likes (Q1): ``place W2`` (all the small
  tiles into one workshop), ``slot 3`` (the taken card into a slot, replacing the card there),
  ``arrange D05 - S2`` (the cards of slots 1, 2, 3 after the rearrangement, ``-`` an empty
  slot), ``mission R`` (Mission cards: one tile of a 4-tile take onto the mission card);
* Run workshop(s): ``run W1`` (which runs first, when several can: Tip 2), ``move R`` (a tile to
  the design card above), ``stop`` (move no more: white shovels are optional),
  ``fragment R`` / ``fragment R mission`` (the fragmentation discard), ``discard R`` (a tile
  of the overflowing workshop), ``bonus R W3`` / ``no bonus`` (the hand icon's tile);
* Tip 1 (tiles may be discarded any time in one's turn): ``discard W1 R`` at the selection, while
  placing, and at the end of the turn, where ``end`` ends it (asked only when a workshop holds
  tiles). No discards while a run is being resolved.

The game also ends after ``stall_rounds`` rounds without a completed design card (an engine
option, not a rule of the book; see :class:`Majolica`).

Speed (``benchmarks/majolica_games.py``): legal actions come from notation tables built once
(:func:`~.legal._legal`; the plain :func:`~.legal._legal_reference` is kept and the tests
compare the two), an action is applied in the new state itself (:class:`_Work`), ``play`` and
``advance`` take a short path for a notation exactly as listed when nothing can run (:func:`_quick`, the operation
looked up in a per-game notation table, no parsing; the framework's general path otherwise;
tests compare both; ``benchmarks/majolica_profile.py`` prints what each part costs), each
board's four workshops are one packed integer (``Player.wp``, read as ``Player.ws``: the
discard list, "is a workshop full" and the legal actions at 2. Place and at the end of the
turn are looked up by it, per game), and a
played state links to the history before it (:class:`~zongshi_widgets.core.history.HistoryLink`: constant time per action).
Playouts (``scratch()``/``advance()``) change a private copy in place (its actions kept in a list).
The bots' quick heuristic (:meth:`MajolicaState.greedy_action`, the best :meth:`~MajolicaState.greedy_value`)
remembers its choice from 2. Place to the end of a turn by the parts of the position it reads,
and values each workshop of a board once per distinct workshop and card (``benchmarks/simulate.py``).

Grid cells are ``a1``..``d4`` (column letter, row number); the outer edge is rows 1 and 4 and
columns a and d. Colours are ``R Y B G``; ``P`` is a purple (wild) tile of City Hall.

Hidden information: none seat-specific (every seat sees the same). What nobody sees is the
design deck's order (apart from cards replaced to its bottom, which everybody saw go there)
and, in solo play, the order of the face-down large tiles; :meth:`MajolicaState.determinize`
resamples exactly these and the future of chance.

Where things are (this module imports and re-exports every name it held before the split):

* :mod:`.notation`: cells, colours, seats, steps in the rulebook's words, mission texts, solo
  ratings, the notation tables;
* :mod:`.board`: :class:`Player` (a player board, workshops packed), :func:`pattern_met`,
  :func:`card_open`, :func:`can_run`, :func:`card_text`;
* :mod:`.game`: :class:`Majolica` (options, components, per-game tables);
* :mod:`.setup`: Game Setup and posed positions (``_build``, the position keys);
* :mod:`.state`: :class:`MajolicaState` (the State contract, playouts, the greedy choice) and
  ``_Work``, the working copy an action is applied to;
* :mod:`.turn`: the steps of a turn (select, place, run workshops, overflow, end of turn and
  round: ``_Steps``, the methods of ``_Work``);
* :mod:`.legal`: the legal actions (``_legal``, ``_legal_reference``, option A's runs);
* :mod:`.illegal`: the ``IllegalAction`` naming the broken rule (``_diagnose``);
* :mod:`.quick`: the short paths of ``play``/``advance`` (``_quick_kind``, ``_quick``);
* :mod:`.scoring`: the score sheet and the missions (Game End);
* :mod:`.views`: ``public_view`` and the position description;
* :mod:`.greedy`: the bots' quick board value (``_board_value``);
* :mod:`.components` (component data), :mod:`.render` (action words, board pictures).
"""

from .board import _B, _DROP, _ROW_MASK, _WB, _WS_ROWS, EMPTY_PLAYER, Player, _new_player, _ws_rows, can_run, card_open, card_text, pack_workshops, pattern_met
from .game import Majolica
from .greedy import _TURN_STEPS, _board_value, _board_value_reference, _workshop_value
from .illegal import _diagnose, _diagnose_words, _letter, _workshop
from .legal import (
    _LINE_RUNS,
    _PERM3,
    _arrange_notations,
    _arrange_only,
    _legal,
    _legal_place,
    _legal_reference,
    _line_runs,
    _perms,
    _runs,
    _runs_fast,
    _ws_info,
)
from .notation import (
    BORDER,
    BORDER_MASK,
    CELLS,
    COL,
    FILES,
    LETTERS,
    LINES,
    MISSIONS,
    PURPLE,
    SEATS,
    SOLO_RATINGS,
    SOLO_ROUNDS,
    STEP_TEXT,
    STEPS,
    T_DISCARD,
    T_DISCARD_FLAT,
    T_MISSION_TILE,
    T_PLACE,
    T_RUN_TEXT,
    T_SLOT,
    T_SOLO_ARRANGE,
    T_TAKE_ARRANGE,
    ZERO4,
    ZERO5,
    _cell,
    _counts,
    _counts_list,
    _take_cells,
    _tiles,
    cell_name,
)
from .quick import _ONE, _ROUND_END, _SLOT_END, _quick, _quick_end_turn, _quick_kind, _quick_player, _quick_table
from .setup import KNOWN, _build, _CityView, _int
from .state import _SCRATCH, FIELDS, MajolicaState, _clear, _transfer, _Work

__all__ = [
    "BORDER",
    "BORDER_MASK",
    "CELLS",
    "COL",
    "EMPTY_PLAYER",
    "FIELDS",
    "FILES",
    "KNOWN",
    "LETTERS",
    "LINES",
    "MISSIONS",
    "Majolica",
    "MajolicaState",
    "PURPLE",
    "Player",
    "SEATS",
    "SOLO_RATINGS",
    "SOLO_ROUNDS",
    "STEPS",
    "STEP_TEXT",
    "T_DISCARD",
    "T_DISCARD_FLAT",
    "T_MISSION_TILE",
    "T_PLACE",
    "T_RUN_TEXT",
    "T_SLOT",
    "T_SOLO_ARRANGE",
    "T_TAKE_ARRANGE",
    "ZERO4",
    "ZERO5",
    "_B",
    "_CityView",
    "_DROP",
    "_LINE_RUNS",
    "_ONE",
    "_PERM3",
    "_ROUND_END",
    "_ROW_MASK",
    "_SCRATCH",
    "_SLOT_END",
    "_TURN_STEPS",
    "_WB",
    "_WS_ROWS",
    "_Work",
    "_arrange_notations",
    "_arrange_only",
    "_board_value",
    "_board_value_reference",
    "_build",
    "_cell",
    "_clear",
    "_counts",
    "_counts_list",
    "_diagnose",
    "_diagnose_words",
    "_int",
    "_legal",
    "_legal_place",
    "_legal_reference",
    "_letter",
    "_line_runs",
    "_new_player",
    "_perms",
    "_quick",
    "_quick_end_turn",
    "_quick_kind",
    "_quick_player",
    "_quick_table",
    "_runs",
    "_runs_fast",
    "_take_cells",
    "_tiles",
    "_transfer",
    "_workshop",
    "_workshop_value",
    "_ws_info",
    "_ws_rows",
    "can_run",
    "card_open",
    "card_text",
    "cell_name",
    "pack_workshops",
    "pattern_met",
]
