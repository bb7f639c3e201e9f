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
(:func:`_legal`; the plain :func:`_legal_reference` is kept and the tests compare the two), an
action is applied in the new state itself (:class:`_Work`), ``play`` and ``advance`` take a
short path for a notation exactly as listed when nothing can run (:func:`_quick`, the operation
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
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import operator
import os
import random
from dataclasses import dataclass
from typing import NamedTuple

from zongshi_widgets.core import Chance, Game, GameType, IllegalAction, ScoreSheet, State, Turn
from zongshi_widgets.core.history import HistoryLink as _HistoryLink
from zongshi_widgets.core.history import history_tuple

from .components import Components, default_components, load_components

COL = "RYBG"
PURPLE = 4
LETTERS = "RYBGP"
FILES = "abcd"
#: Grid cells on the outer edge (rulebook, 1. Select Majolica Tiles: "on the outer edge").
BORDER = tuple(i for i in range(16) if i // 4 in (0, 3) or i % 4 in (0, 3))
BORDER_MASK = sum(1 << i for i in BORDER)
#: Border lines: rows 1 and 4 (left to right), columns a and d (top to bottom).
LINES = (tuple(range(0, 4)), tuple(range(12, 16)), tuple(range(0, 16, 4)), tuple(range(3, 16, 4)))
SEATS = ("red", "yellow", "blue", "green")
MISSIONS = (
    "complete 5 design cards",
    "one fragmented tile of each colour on this card",
    "complete three 4-point design cards",
    "one tile of each colour from 4-tile takes on this card",
    "obtain 2 purple tiles",
    "complete a 3-, a 5- and a 7-point design card",
    "be the first to complete 3 design cards",
    "complete 2 or more design cards in the same turn",
)
SOLO_ROUNDS = 6
SOLO_RATINGS = ((28, "THE Legendary Majolica Craftsman"), (25, "Master Craftsman"), (21, "Craftsman"), (17, "Young Apprentice"), (-999, "work harder!"))
STEP_TEXT = {
    "mission": "Setup: take a mission card",
    "start": "Setup: slot the starting design card",
    "select": "1. Select Majolica tiles",
    "place": "2. Place Majolica tiles",
    "choose": "Run workshop(s): choose what comes first",
    "move": "Run workshop(s): move tiles to the design card",
    "fragment": "Run workshop(s): fragmentation",
    "overflow": "Discard the extra tiles",
    "finish": "End of the turn",
}
STEPS = tuple(STEP_TEXT)
ZERO5 = (0, 0, 0, 0, 0)
ZERO4 = (0, 0, 0, 0)


def cell_name(i: int) -> str:
    """Grid cell index 0..15 (row-major, row 1 first) as ``a1``..``d4``."""
    return f"{FILES[i % 4]}{i // 4 + 1}"


def _cell(text: str) -> int:
    if len(text) != 2 or text[0] not in FILES or text[1] not in "1234":
        return -1
    return (int(text[1]) - 1) * 4 + FILES.index(text[0])


def _tiles(counts) -> str:
    return "".join(LETTERS[c] * n for c, n in enumerate(counts))


def _counts(text: str, purple: bool = True) -> list[int]:
    out = [0] * 5
    for ch in text:
        k = LETTERS.find(ch.upper())
        if k < 0 or (k == PURPLE and not purple):
            raise ValueError(f"{ch!r} is not a tile colour ({LETTERS[: 5 if purple else 4]})")
        out[k] += 1
    return out


class Player(NamedTuple):
    """One player's board (rulebook, Game Setup; Run Workshop(s)).

    Attributes:
        wp (int): the four workshops packed into one integer (speed: one cheap dictionary key
            for what depends on the workshops alone; see :func:`pack_workshops`). Read them as
            ``ws`` (a property): four 5-tuples of tile counts (R, Y, B, G, purple).
        slots (tuple[int, int, int]): the card index in each slot (-1: empty).
        fills (tuple): per slot a 4-tuple of tiles on that card (R, Y, B, G).
        done (tuple[int, ...]): completed cards (scoring area), in order.
        tokens (int): one-point bonus tokens. purples (int): purple tiles taken from City Hall.
        blooms (int): Bloom tokens. mission (int): mission card 0..7 or -1.
        mstore (int): bitmask of the colours on the mission card (M2, M4).
    """

    wp: int
    slots: tuple
    fills: tuple
    done: tuple
    tokens: int = 0
    purples: int = 0
    blooms: int = 0
    mission: int = -1
    mstore: int = 0

    @property
    def ws(self) -> tuple:
        """The four workshops W1..W4, each a 5-tuple of tile counts (R, Y, B, G, purple)."""
        return _ws_rows(self.wp)

    def __repr__(self) -> str:
        # as before the workshops were packed: the position digest (saves) is built from it
        return (
            f"Player(ws={self.ws!r}, slots={self.slots!r}, fills={self.fills!r}, done={self.done!r}, tokens={self.tokens!r}, "
            f"purples={self.purples!r}, blooms={self.blooms!r}, mission={self.mission!r}, mstore={self.mstore!r})"
        )


#: Bits per tile count in packed workshops (:func:`pack_workshops`): a byte, far above what a
#: workshop can hold (capacity at most 12 by the component format, plus an overflow).
_B = 8
#: Bits per workshop in packed workshops (five counts).
_WB = 5 * _B
#: ``_DROP[w][c]``: one tile of colour ``c`` in workshop ``w``, packed (a free discard subtracts it).
_DROP = tuple(tuple(1 << (w * _WB + c * _B) for c in range(5)) for w in range(4))


def pack_workshops(ws) -> int:
    """Four workshops (tuples or lists of 5 tile counts R, Y, B, G, purple) as one integer,
    one byte per count: workshop ``w``'s count of colour ``c`` is byte ``5w + c`` (the lowest
    first), i.e. bits ``40w + 8c`` to ``40w + 8c + 7``.

    Raises:
        ValueError: a count outside 0..255.
    """
    a, b, c, d = ws
    return int.from_bytes(bytes((*a, *b, *c, *d)), "little")


#: packed workshops -> the four 5-tuples (filled as met, bounded)
_WS_ROWS: dict = {}


def _ws_rows(wp: int) -> tuple:
    """The four workshops packed in ``wp`` as four 5-tuples of tile counts (remembered)."""
    rows = _WS_ROWS.get(wp)
    if rows is None:
        if len(_WS_ROWS) > 65536:
            _WS_ROWS.clear()  # bounded memory in very long sessions
        b = wp.to_bytes(20, "little")
        rows = _WS_ROWS[wp] = (tuple(b[0:5]), tuple(b[5:10]), tuple(b[10:15]), tuple(b[15:20]))
    return rows


def _ws_info(g: Majolica, wp: int) -> tuple:
    """What the legal actions and the short paths need of the packed workshops ``wp``, per
    game (capacities differ by component file): (tiles per workshop, whether one is full, whether
    any holds a tile, the free-discard notations of Tip 1, the legal actions at the end of the turn). Remembered in ``g._t_ws`` (bounded)."""
    b = wp.to_bytes(20, "little")
    sums = (sum(b[0:5]), sum(b[5:10]), sum(b[10:15]), sum(b[15:20]))
    cap = g.cap
    discards = tuple(itertools.compress(T_DISCARD_FLAT, b))  # W1..W4, each R Y B G P, as _legal_reference
    info = (sums, sums[0] == cap[0] or sums[1] == cap[1] or sums[2] == cap[2] or sums[3] == cap[3], wp != 0, discards, ("end",) + discards)
    cache = g._t_ws
    if len(cache) > 65536:
        cache.clear()  # bounded memory in very long sessions
    cache[wp] = info
    return info


EMPTY_PLAYER = Player(0, (-1, -1, -1), (ZERO4,) * 3, ())


class Majolica(Game):
    """Majolica for 1 to 4 players, with the three expansions as options.

    Args:
        players (int): 1 (solo rules), 2, 3 or 4.
        components (str | os.PathLike | None): a component file (TOML/JSON, the format of
            ``data/components.toml``) replacing the packaged, partly reconstructed data.
        cascading_bloom (bool): Cascading Bloom expansion (a Bloom token when all four workshops
            run in one turn). Default off.
        kaleidoscopic (bool): Kaleidoscopic Design expansion (six cards with blank spaces
            shuffled into the deck). Default off.
        missions (bool): Mission cards expansion (players + 1 revealed, one taken each). Default off.
        fragment (str): which workshops carry the fragmentation icon, e.g. ``"W3"`` or
            ``"W2"`` (rulebook item D does not say; reference note F recommends W3). Default:
            as the component file says (W3). Each workshop is named once; the default set
            written out (``fragment="W3"``) makes the same game as leaving the option out.
        whole_runs (bool): option A takes a whole unbroken face-up run of an outer row or
            column (reference section 2, GF). ``False`` also allows any contiguous part of at
            least 2 tiles. Default ``True``.
        city_hall_empty (str): ``"run"`` (the last workshop still runs with no token left: the
            reference's recommendation) or ``"no run"`` (it cannot run then).
        discard_any_time (bool): Tip 1: tiles may be discarded from workshops at any time of
            one's turn (adds ``discard W1 R`` actions and an ``end`` action). Default ``True``.
        starting_card_counts_for_m6 (bool): a completed starting card counts as the 3-point
            card of mission M6 (reference section 5, REC). Default ``True``.
        end_cards (int): the game ends at the end of a round in which a player has completed
            this many design cards (rulebook, Game End: 5, the book's value; 1 to 10 for design
            experiments, e.g. 4 for a shorter game). Ignored in solo play (6 rounds). The
            mission "complete 5 design cards" keeps its 5.
        stall_rounds (int | None): NOT A RULE OF THE BOOK: the game also ends at the end of a
            round when nobody has completed a design card for this many rounds in a row. The
            rulebook ends a multi-player game only when someone has completed 5 design cards;
            uniformly random play (tests, benchmarks) jams its workshops and almost never gets
            there, so the engine ends games that make no progress. Default 40 rounds: in 24
            games between the generic greedy bots (``greedy_value``; 8 each with 2, 3 and 4
            players; ``benchmarks/majolica_games.py --greedy 8``), all ended by the rulebook's
            condition, after 14 to 68 rounds, and the longest stretch without a completed card
            was 18 rounds. ``None`` plays by the book alone. The score sheet
            says when this ended a game. Solo play always lasts 6 rounds.

    Raises:
        ValueError: a bad player count, option value or component file.
    """

    name = "majolica"
    game_type = GameType(
        long_name="Majolica",
        player_counts=(1, 2, 3, 4),
        default_players=2,
        hidden_information=False,
        chance=True,
        multi_step_turns=True,
        notation_help=(
            "'take a1-d1' (a run of an outer row/column), 'take b1 + D05' (a tile and a card), 'take b1 + arrange'; "
            "then 'place W2', 'slot 3', 'arrange D05 - S2'; runs: 'run W1', 'move R', 'stop', 'fragment R', 'discard R'; 'end'"
        ),
        rulebook="Majolica (Blue Magpie Games, 2018), English rules",
        variants=(
            ("cascading_bloom", (False, True)),
            ("kaleidoscopic", (False, True)),
            ("missions", (False, True)),
            ("fragment", ("W3", "W2", "W2 W3")),
            ("whole_runs", (True, False)),
            ("city_hall_empty", ("run", "no run")),
            ("discard_any_time", (True, False)),
            ("starting_card_counts_for_m6", (True, False)),
            ("stall_rounds", (40, 60, None)),  # None: by the book (no stall guard)
            ("end_cards", (5, 4)),  # the book's 5; any whole number 1..10 is accepted
        ),
        unending=(("stall_rounds", None),),  # random play may never complete 5 design cards
    )

    def __init__(
        self,
        players: int = 2,
        components=None,
        cascading_bloom: bool = False,
        kaleidoscopic: bool = False,
        missions: bool = False,
        fragment: str | None = None,
        whole_runs: bool = True,
        city_hall_empty: str = "run",
        discard_any_time: bool = True,
        starting_card_counts_for_m6: bool = True,
        stall_rounds: int | None = 40,
        end_cards: int = 5,
    ):
        if not isinstance(players, int) or isinstance(players, bool) or players not in (1, 2, 3, 4):
            raise ValueError(f"Majolica is for 1 to 4 players, not {players!r}")
        for key, value in (
            ("cascading_bloom", cascading_bloom),
            ("kaleidoscopic", kaleidoscopic),
            ("missions", missions),
            ("whole_runs", whole_runs),
            ("discard_any_time", discard_any_time),
            ("starting_card_counts_for_m6", starting_card_counts_for_m6),
        ):
            if not isinstance(value, bool):
                raise ValueError(f"{key} is True or False, not {value!r}")
        if stall_rounds is not None and (not isinstance(stall_rounds, int) or isinstance(stall_rounds, bool) or stall_rounds < 1):
            raise ValueError(f"stall_rounds is a positive int or None, not {stall_rounds!r}")
        if not isinstance(end_cards, int) or isinstance(end_cards, bool) or not 1 <= end_cards <= 10:
            raise ValueError(f"end_cards is a whole number of design cards from 1 to 10 (the book: 5), not {end_cards!r}")
        if city_hall_empty not in ("run", "no run"):
            raise ValueError(f"city_hall_empty is 'run' or 'no run', not {city_hall_empty!r}")
        comp = default_components() if components is None else load_components(components)
        frag = tuple(w.fragment for w in comp.workshops)
        if fragment is not None:
            if not isinstance(fragment, str) or not fragment or any(p not in ("W1", "W2", "W3") for p in fragment.replace(",", " ").split()):
                raise ValueError(f"fragment names workshops W1, W2, W3 (e.g. 'W3' or 'W2 W3'), not {fragment!r}")
            parts = fragment.replace(",", " ").split()
            if len(set(parts)) != len(parts):
                raise ValueError(f"fragment names each workshop once (e.g. 'W3' or 'W2 W3'), not {fragment!r}")
            chosen = tuple(f"W{i + 1}" in parts for i in range(4))
            # normalised: the components' own workshops are the default (left out of the options), any other set written in order
            fragment = None if chosen == frag else " ".join(f"W{i + 1}" for i in range(4) if chosen[i])
            frag = chosen
        if kaleidoscopic and not comp.kaleidoscopic:
            raise ValueError("the component file has no Kaleidoscopic Design cards")
        options = {}
        if components is not None:
            options["components"] = os.fspath(components)
        for key, value, default in (
            ("cascading_bloom", cascading_bloom, False),
            ("kaleidoscopic", kaleidoscopic, False),
            ("missions", missions, False),
            ("fragment", fragment, None),
            ("whole_runs", whole_runs, True),
            ("city_hall_empty", city_hall_empty, "run"),
            ("discard_any_time", discard_any_time, True),
            ("starting_card_counts_for_m6", starting_card_counts_for_m6, True),
            ("stall_rounds", stall_rounds, 40),
            ("end_cards", end_cards, 5),
        ):
            if value != default:
                options[key] = value
        super().__init__(players, options)
        self.components: Components = comp
        self.bloom, self.kal, self.use_missions = cascading_bloom, kaleidoscopic, missions
        self.whole_runs, self.empty_run, self.free_discard, self.m6_start = whole_runs, city_hall_empty == "run", discard_any_time, starting_card_counts_for_m6
        self.frag = frag
        self.stall_rounds = stall_rounds
        self.end_cards = end_cards
        self.cards = comp.cards()
        self.cids = tuple(c.id for c in self.cards)
        self.card_ids = {c.id: i for i, c in enumerate(self.cards)}
        ns, nd = len(comp.starting), len(comp.deck)
        self.starting_idx = tuple(range(ns))
        self.deck_idx = tuple(range(ns, ns + nd)) + (tuple(range(ns + nd, len(self.cards))) if kaleidoscopic else ())
        self.in_game = self.starting_idx + self.deck_idx
        self.cap = tuple(w.capacity for w in comp.workshops)
        self.part = tuple(w.pattern[0] for w in comp.workshops)
        self.nparts = tuple(len(w.pattern) for w in comp.workshops)
        self.must = tuple(w.must for w in comp.workshops)
        self.may = tuple(w.may for w in comp.workshops)
        self.city_fill = comp.city_hall[players]
        self.need = tuple(c.spaces for c in self.cards)
        self.blank = tuple(c.blank for c in self.cards)
        self.size = tuple(c.size for c in self.cards)
        # notation tables for the fast legal-action generator (see _legal)
        self._t_take_card = tuple(tuple(f"take {CELLS[i]} + {c}" for c in self.cids) for i in range(16))
        #: per cell, the option B notations of every card, then option C's (index len(cards))
        self._t_take_row = tuple(self._t_take_card[i] + (T_TAKE_ARRANGE[i],) for i in range(16))
        #: per whole_runs (False, True): face-up outer-edge mask -> (option A notations, the
        #: face-up outer cells' rows of _t_take_row) (filled as met, at most 4096 masks each)
        self._t_select: tuple[dict, dict] = ({}, {})
        self._t_solo_card = tuple(tuple(f"take {COL[k]} + {c}" for c in self.cids) for k in range(4))
        #: listed notation -> what it does, for the short paths of play and advance (see _quick_kind)
        self._t_quick = _quick_table(self)
        self._t_arrange: dict = {}  # card slots -> the "arrange ..." notations (filled as met)
        self._t_board_value: dict = {}  # Player -> _board_value (greedy_value's cache, filled as met)
        self._t_workshop_value: dict = {}  # (workshop, its tiles packed, card above, its fill) -> _workshop_value (filled as met)
        self._t_greedy: dict = {}  # MajolicaState._turn_key() -> greedy_action (filled as met, see there)
        self._t_ws: dict = {}  # packed workshops -> _ws_info (filled as met)
        self._t_place: dict = {}  # packed workshops, what is pending (and slots) -> legal actions at 2. Place (filled as met)
        self._freeze()

    #: The tables filled as they are met: a pickle of the game leaves them empty.
    _MET_TABLES = ("_t_arrange", "_t_board_value", "_t_workshop_value", "_t_greedy", "_t_ws", "_t_place")

    def __getstate__(self) -> dict:
        """What a pickle of the game holds (the design lab ships games to its workers by
        value): everything, but the tables filled as they are met start empty again (the
        worker fills its own; a long session's caches would otherwise travel with every run)."""
        state = dict(self.__dict__)
        for name in self._MET_TABLES:
            state[name] = {}
        state["_t_select"] = ({}, {})
        return state

    def __setstate__(self, state: dict) -> None:
        """Restore a pickled game (see :meth:`__getstate__`)."""
        self.__dict__.update(state)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The player colours, ``red``, ``yellow``, ``blue``, ``green`` (as many as play)."""
        return SEATS[: self.players]

    @property
    def solo(self) -> bool:
        """``True`` for the solo rules (one player)."""
        return self.players == 1

    @property
    def hint_bot(self) -> str | None:
        """The bot boards ask for the "bot's choice" hint in this game
        (:func:`zongshi_widgets.agents.default_bot`): ``"solo"`` (the solo planner,
        ``zongshi_widgets/agents/majolica_solo.py``) in solo play; ``None`` otherwise (the
        registration's choice)."""
        return "solo" if self.players == 1 else None

    def new_state(self, seed: int | None = None) -> MajolicaState:
        """The starting position (rulebook, Game Setup): City Hall filled by player count, the
        16 large tiles shuffled into the 4x4 grid (solo: a face-down stack), six face-up design
        cards, one starting card dealt to each player, the start player drawn by chance;
        with Mission cards, players + 1 missions revealed."""
        return self._state_from_position({}, Chance(seed))

    def _state_from_position(self, d: dict, chance: Chance) -> MajolicaState:
        """Build a position from a description (see :meth:`MajolicaState.position` for the keys).

        Keys (all optional; what is left out is set up as at Game Setup, by chance):
        ``round``, ``turn``, ``start`` (start-player token), ``first`` (start player of the
        game), ``to_move``, ``step`` (one of ``mission start select place choose move fragment
        overflow finish``), ``grid`` (4 strings of 4 colour letters, row 1 first; lower case =
        face down), ``stack``/``revealed``/``flipped`` (solo: colour letters), ``display``,
        ``deck`` (top first), ``deck_known`` (cards at the bottom everybody saw go there),
        ``city_hall`` ({``purple``, ``points``}), ``purple_out``, ``players`` (per seat:
        ``workshops`` (4 strings), ``slots`` (3 card ids or ``-``), ``cards`` ({id: tiles on
        it}), ``completed``, ``tokens``, ``purples``, ``blooms``, ``mission`` (``M1``..``M8`` or
        ``""``), ``mission_tiles``, ``starting`` (the dealt starting card still to slot)),
        ``missions_open``, ``first3`` (seat or -1), ``two_in_a_turn`` (seats), ``setup`` (setup
        choices made so far), ``over`` (true: the game has ended), ``last_completion_round`` (the round of the latest completed design
        card, 0 for none; see the ``stall_rounds`` option), ``pending`` ({``tiles``, ``card``,
        ``arrange``, ``took4``, ``ran``, ``completed``, ``bonus``, ``bloomed``}), ``run``
        ({``workshop``, ``moved``, ``phase``}), ``overflow`` (workshop 1..4 or 0).

        Raises:
            ValueError: an unknown key, a card or large tile in two places or missing, counts
                out of range, or a step that does not fit the rest.
        """
        return _build(self, d, chance.copy())


# -- position building -------------------------------------------------------------------------
KNOWN = {
    "round", "turn", "start", "first", "to_move", "step", "grid", "stack", "revealed", "flipped", "display", "deck", "deck_known",
    "city_hall", "purple_out", "players", "missions_open", "first3", "two_in_a_turn", "pending", "run", "overflow", "setup",
    "last_completion_round", "over",
}  # fmt: skip


def _int(d: dict, key: str, default: int, lo: int, hi: int) -> int:
    v = d.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError(f"{key!r} must be an integer from {lo} to {hi}, not {v!r}")
    return v


def _build(game: Majolica, d: dict, chance: Chance) -> MajolicaState:
    unknown = sorted(set(d) - KNOWN)
    if unknown:
        raise ValueError(f"unknown Majolica position keys {unknown}; known: {sorted(KNOWN)}")
    n = game.players
    fresh = not d
    start = _int(d, "start", chance.randrange(n) if "start" not in d else 0, 0, n - 1)
    first = _int(d, "first", start, 0, n - 1)
    # large tiles
    per = game.components.large_per_colour
    grid, up, stack, revealed, flipped = (), 0, (), (), ZERO4
    all_large = [c for c in range(4) for _ in range(per)]
    if game.solo:
        if "grid" in d:
            raise ValueError("solo play has no grid: give 'stack', 'revealed' and 'flipped'")
        flipped = tuple(_counts(d.get("flipped", ""), False)[:4])
        revealed = tuple(sorted(_counts_list(d.get("revealed", ""))))
        if "stack" in d:
            stack = tuple(_counts_list(d["stack"]))
        else:
            rest = list(all_large)
            for c in list(revealed) + [k for k in range(4) for _ in range(flipped[k])]:
                if c in rest:
                    rest.remove(c)
            chance.shuffle(rest)
            stack = tuple(rest)
        got = sorted(list(stack) + list(revealed) + [c for c in range(4) for _ in range(flipped[c])])
        if got != all_large:
            raise ValueError(f"the large tiles (stack + revealed + flipped) must be {per} of each colour")
    else:
        for k in ("stack", "revealed", "flipped"):
            if k in d:
                raise ValueError(f"{k!r} is for solo play; a {n}-player game has a 'grid'")
        if "grid" in d:
            rows = d["grid"]
            if not isinstance(rows, list) or len(rows) != 4 or not all(isinstance(r, str) and len(r) == 4 for r in rows):
                raise ValueError("'grid' is 4 strings of 4 colour letters (row 1 first; lower case = face down)")
            cells = []
            for i, ch in enumerate("".join(rows)):
                k = COL.find(ch.upper())
                if k < 0:
                    raise ValueError(f"grid cell {cell_name(i)}: {ch!r} is not a colour (R Y B G)")
                cells.append(k)
                if ch.isupper():
                    up |= 1 << i
            if sorted(cells) != all_large:
                raise ValueError(f"the grid must hold {per} large tiles of each colour")
            grid = tuple(cells)
        else:
            cells = list(all_large)
            chance.shuffle(cells)
            grid, up = tuple(cells), (1 << 16) - 1
    # players
    raw_players = d.get("players", [{}] * n)
    if not isinstance(raw_players, list) or len(raw_players) != n:
        raise ValueError(f"'players' needs one entry per seat ({n})")
    ids = game.card_ids
    placed: list[int] = []

    def card(cid, where):
        if cid not in ids:
            raise ValueError(f"{where}: {cid!r} is not a design card of this game")
        i = ids[cid]
        if i not in game.in_game:
            raise ValueError(f"{where}: {cid} is not in this game (Kaleidoscopic Design is off)")
        placed.append(i)
        return i

    players, starting = [], []
    # at the overflow step the mover's receiving workshop holds more tiles than its spaces until
    # the extra ones are discarded (rulebook, 2. Place Majolica Tiles; Run Workshop(s) B)
    over_at = (d.get("to_move"), d.get("overflow", 0) - 1) if d.get("step") == "overflow" and isinstance(d.get("overflow"), int) else None
    for s, p in enumerate(raw_players):
        if not isinstance(p, dict):
            raise ValueError(f"players[{s}] is a table")
        bad = sorted(set(p) - {"workshops", "slots", "cards", "completed", "tokens", "purples", "blooms", "mission", "mission_tiles", "starting"})
        if bad:
            raise ValueError(f"players[{s}]: unknown keys {bad}")
        wss = p.get("workshops", ["", "", "", ""])
        if not isinstance(wss, list) or len(wss) != 4:
            raise ValueError(f"players[{s}].workshops: 4 strings of tile letters")
        ws = []
        for w, text in enumerate(wss):
            cnt = _counts(text)
            if sum(cnt) > game.cap[w] and over_at != (s, w):
                raise ValueError(f"players[{s}] workshop W{w + 1} holds at most {game.cap[w]} tiles")
            if w == 3 and cnt[PURPLE]:
                raise ValueError(f"players[{s}]: a purple tile never stays in W4 (rulebook, Purple Tiles)")
            ws.append(tuple(cnt))
        sl = p.get("slots", ["-", "-", "-"])
        if not isinstance(sl, list) or len(sl) != 3:
            raise ValueError(f"players[{s}].slots: 3 card ids or '-'")
        slots = tuple(-1 if c in ("-", "", None) else card(c, f"players[{s}].slots") for c in sl)
        cards_fill = p.get("cards", {})
        if not isinstance(cards_fill, dict):
            raise ValueError(f"players[{s}].cards: {{card id: tiles on it}}")
        fills = []
        for i in slots:
            if i < 0:
                fills.append(ZERO4)
                continue
            f = tuple(_counts(cards_fill.get(game.cards[i].id, ""), False)[:4])
            over = sum(max(0, f[c] - game.need[i][c]) for c in range(4))
            if over > game.blank[i] or sum(f) >= game.size[i]:
                raise ValueError(f"players[{s}]: card {game.cards[i].id} cannot hold the tiles {cards_fill.get(game.cards[i].id)!r} (or would be complete)")
            fills.append(f)
        for cid in cards_fill:
            if cid not in sl:
                raise ValueError(f"players[{s}].cards: {cid} is not in a slot")
        done = tuple(card(c, f"players[{s}].completed") for c in p.get("completed", []))
        st = p.get("starting", "")
        starting.append(card(st, f"players[{s}].starting") if st else -1)
        mis = p.get("mission", "")
        if mis and (mis not in [f"M{k + 1}" for k in range(8)] or not game.use_missions):
            raise ValueError(f"players[{s}].mission: {mis!r} is not a mission card of this game (M1..M8, Mission cards on)")
        mission = int(mis[1:]) - 1 if mis else -1
        mt = _counts(p.get("mission_tiles", ""), False)
        if max(mt) > 1 or (any(mt) and mission not in (1, 3)):
            raise ValueError(f"players[{s}].mission_tiles: one tile per colour, only on mission M2 or M4")
        players.append(
            Player(
                pack_workshops(ws), slots, tuple(fills), done,
                _int(p, "tokens", 0, 0, 20), _int(p, "purples", 0, 0, 20), _int(p, "blooms", 0, 0, 999), mission, sum(1 << c for c in range(4) if mt[c]),
            )
        )  # fmt: skip
    # missions
    missions_open: tuple = ()
    if game.use_missions:
        taken = [p.mission for p in players if p.mission >= 0]
        if "missions_open" in d:
            missions_open = tuple(sorted(int(m[1:]) - 1 for m in d["missions_open"]))
        elif fresh:
            pool = list(range(8))
            chance.shuffle(pool)
            missions_open = tuple(sorted(pool[: n + 1]))
        if len(set(taken) | set(missions_open)) != len(taken) + len(missions_open) or any(not 0 <= m < 8 for m in missions_open):
            raise ValueError("a mission card is in two places")
    elif "missions_open" in d:
        raise ValueError("'missions_open' needs the Mission cards expansion (missions=True)")
    pend = d.get("pending", {})
    bad = sorted(set(pend) - {"tiles", "card", "arrange", "took4", "ran", "completed", "bonus", "bloomed"})
    if bad:
        raise ValueError(f"pending: unknown keys {bad}")
    ptiles = tuple(_counts(pend["tiles"], False)) if pend.get("tiles") is not None else None
    pcard = card(pend["card"], "pending.card") if pend.get("card") else -1
    # design cards
    display = tuple(card(c, "display") for c in d.get("display", []))
    if "deck" in d:
        deck = tuple(card(c, "deck") for c in d["deck"])
    else:
        deck = None
    if fresh:
        st_pool = list(game.starting_idx)
        chance.shuffle(st_pool)
        starting = st_pool[:n]
        placed.extend(starting)
    if len(set(placed)) != len(placed):
        dup = sorted({game.cards[i].id for i in placed if placed.count(i) > 1})
        raise ValueError(f"design cards {dup} are in two places")
    if deck is None:
        rest = [i for i in game.deck_idx if i not in placed]
        chance.shuffle(rest)
        if "display" not in d:
            display = tuple(rest[: game.components.display])
            rest = rest[game.components.display :]
        deck = tuple(rest)
    else:
        missing = [game.cards[i].id for i in game.deck_idx if i not in placed]
        if missing:
            raise ValueError(f"design cards {missing} are nowhere (give them to the deck, the display or a player)")
    if len(display) > game.components.display:
        raise ValueError(f"the display holds at most {game.components.display} cards")
    known = _int(d, "deck_known", 0, 0, len(deck))
    ch = d.get("city_hall", {"purple": game.city_fill[0], "points": game.city_fill[1]})
    city = (_int(ch, "purple", game.city_fill[0], 0, game.city_fill[0]), _int(ch, "points", game.city_fill[1], 0, game.city_fill[1]))
    purple_out = _int(d, "purple_out", 0, 0, game.city_fill[0])
    if city[0] + purple_out + sum(p.ws[w][PURPLE] for p in players for w in range(4)) != game.city_fill[0]:
        raise ValueError(f"purple tiles: City Hall + workshops + out of the game must be {game.city_fill[0]}")
    if sum(p.purples for p in players) != game.city_fill[0] - city[0]:
        raise ValueError("purple tiles taken (players' 'purples') must match those gone from City Hall")
    if city[1] + sum(p.tokens for p in players) != game.city_fill[1]:
        raise ValueError(f"one-point tokens: City Hall + players' must be {game.city_fill[1]}")
    if city[0] and any(p.tokens for p in players):
        raise ValueError(
            f"a player holds a one-point token while City Hall still has {city[0]} purple tile(s): purple tiles are taken first,"
            " tokens only when none is left (rulebook, City Hall)"
        )
    first3 = _int(d, "first3", -1, -1, n - 1)
    two = d.get("two_in_a_turn", [])
    if not isinstance(two, list) or any(not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < n for x in two) or len(set(two)) != len(two):
        raise ValueError(f"'two_in_a_turn' lists seats 0 to {n - 1}, each once, not {two!r}")
    if first3 >= 0 and len(players[first3].done) < 3:
        raise ValueError(
            f"'first3': seat {first3} completed {len(players[first3].done)} design cards, so it cannot be the first to complete 3 (Mission Cards, M7)"
        )
    for x in two:
        if len(players[x].done) < 2:
            raise ValueError(f"'two_in_a_turn': seat {x} completed {len(players[x].done)} design cards, so never two in one turn (Mission Cards, M8)")
    m8 = sum(1 << s for s in two)
    # whose turn
    if fresh:
        step = "mission" if game.use_missions else "start"
        setup = 0
        seat = (start - 1) % n if step == "mission" else start
    else:
        step = d.get("step", "select")
        if step not in STEPS:
            raise ValueError(f"'step' is one of {list(STEPS)}, not {step!r}")
        seat = _int(d, "to_move", start, 0, n - 1)
        setup = _int(d, "setup", 0, 0, 2 * n)
    ran = sum(1 << (w - 1) for w in pend.get("ran", []))
    run = d.get("run")
    run_t = None
    if run:
        run_t = (_int(run, "workshop", 1, 1, 3) - 1, _int(run, "moved", 0, 0, 6), run.get("phase", "move"))
        if run_t[2] not in ("move", "fragment"):
            raise ValueError("run.phase is 'move' or 'fragment'")
    over = _int(d, "overflow", 0, 0, 4) - 1
    if step in ("mission", "start") and not fresh and (ptiles or pcard >= 0 or run_t):
        raise ValueError("a setup step has no pending tiles, card or run")
    if step == "select" and (ptiles or pcard >= 0 or pend.get("arrange") or run_t or over >= 0):
        raise ValueError("at '1. Select Majolica tiles' nothing is pending yet")
    if step == "place" and not (ptiles or pcard >= 0 or pend.get("arrange")):
        raise ValueError("at '2. Place Majolica tiles' tiles, a card or a rearrangement must be pending")
    if step in ("move", "fragment") and (not run_t or run_t[2] != step):
        raise ValueError(f"step {step!r} needs a 'run' with that phase")
    if step == "overflow" and over < 0:
        raise ValueError("step 'overflow' needs the 'overflow' workshop")
    if step == "overflow" and sum(players[seat].ws[over]) <= game.cap[over]:
        raise ValueError(f"step 'overflow': the mover's workshop W{over + 1} must hold more than its {game.cap[over]} tiles (else nothing overflows)")
    if step == "mission" and (not game.use_missions or players[seat].mission >= 0):
        raise ValueError("step 'mission' needs Mission cards and a seat without one")
    if step == "start" and starting[seat] < 0:
        raise ValueError("step 'start' needs the seat's dealt 'starting' card")
    if game.solo and isinstance(d.get("round"), int) and d["round"] > SOLO_ROUNDS:
        raise ValueError(f"solo: 'round' {d['round']} cannot arise: the solo game has exactly {SOLO_ROUNDS} rounds (rulebook, Rules for Solo Play)")
    rnd = _int(d, "round", 1, 1, SOLO_ROUNDS if game.solo else 999)
    if game.solo and len(revealed) > 4:
        raise ValueError(f"solo: a turn reveals four large tiles, not {len(revealed)} (rulebook, Rules for Solo Play)")
    if game.solo and step == "select" and not d.get("over") and len(revealed) != 4:
        raise ValueError(f"solo: four large tiles are revealed at '1. Select Majolica tiles', not {len(revealed)} (rulebook, Rules for Solo Play)")
    if not game.solo and step == "select" and not d.get("over") and (up & BORDER_MASK).bit_count() < 4:
        raise ValueError(
            f"at '1. Select Majolica tiles' at least 4 large tiles on the outer edge are face up, not {(up & BORDER_MASK).bit_count()}:"
            " with fewer the round has ended (rulebook, End of the Round)"
        )
    if ptiles is not None and not 1 <= sum(ptiles) <= 4:
        raise ValueError(f"pending.tiles: a take is 1 to 4 small tiles (rulebook, 1. Select Majolica Tiles), not {sum(ptiles)}")
    for s_, p in enumerate(players):
        if s_ != seat or step in ("mission", "start", "select", "place", "finish"):
            for w in range(4):
                if can_run(_CityView(game, city), p, w):
                    raise ValueError(f"players[{s_}]: workshop W{w + 1} would have to run at once (rulebook, Run Workshop(s)): not a position at rest")
    turn = _int(d, "turn", 1, 1, 99999)
    state = MajolicaState(
        game, (), chance,
        tuple(players), grid, up, stack, revealed, flipped, display, deck, known, city, purple_out,
        missions_open, first3, m8, tuple(starting), rnd, turn, start, first, seat, step, setup, _int(d, "last_completion_round", 0, 0, rnd),
        ptiles, pcard, bool(pend.get("arrange", False)), bool(pend.get("took4", False)), ran, _int(pend, "completed", 0, 0, 3),
        _int(pend, "bonus", 0, 0, 3), bool(pend.get("bloomed", False)), run_t, over,
    )  # fmt: skip
    if d.get("over"):
        if step != "select" or ptiles or pcard >= 0 or run_t or over >= 0:
            raise ValueError("a finished game has nothing pending")
        state.seat = None
        return state
    if not state._legal_tuple():
        raise ValueError(f"seat {seat} has no legal action at the step {STEP_TEXT[step]!r}: a position that cannot arise")
    return state


@dataclass(frozen=True)
class _CityView:
    """What :func:`can_run` reads of a position under construction."""

    game: Majolica
    city: tuple


def _counts_list(text: str) -> list[int]:
    out = []
    for ch in text:
        k = COL.find(ch.upper())
        if k < 0:
            raise ValueError(f"{ch!r} is not a large-tile colour (R Y B G)")
        out.append(k)
    return out


FIELDS = (
    "players", "grid", "up", "stack", "revealed", "flipped", "display", "deck", "known", "city", "purple_out",
    "missions_open", "first3", "m8", "starting", "round", "turnno", "start", "first", "seat", "step", "setup", "lastc",
    "pend", "pcard", "parr", "took4", "ran", "ncomp", "bonus", "bloomed", "run", "over",
)  # fmt: skip


_ns: dict = {}
exec("def _transfer(dst, src):\n" + "".join(f"    dst.{k} = src.{k}\n" for k in FIELDS), _ns)
#: ``_transfer(dst, src)`` copies every field of FIELDS (generated once: a plain attribute copy).
_transfer = _ns["_transfer"]
#: Working slots of a state while an action is applied to it (:class:`_Work`).
_SCRATCH = ("ws", "slots", "fills", "done", "tokens", "purples", "blooms", "mission", "mstore", "me", "chance_copied")
exec("def _clear(obj):\n" + "".join(f"    del obj.{k}\n" for k in _SCRATCH), _ns)
#: ``_clear(obj)`` unsets the working slots (_SCRATCH) of a state.
_clear = _ns["_clear"]
CELLS = tuple(cell_name(i) for i in range(16))
# Notation tables for the fast legal-action generator (:func:`_legal`); the notations are those
# :func:`_legal_reference` writes one by one.
T_PLACE = tuple(f"place W{w + 1}" for w in range(4))
T_SLOT = tuple(f"slot {k + 1}" for k in range(3))
T_TAKE_ARRANGE = tuple(f"take {CELLS[i]} + arrange" for i in range(16))
T_RUN_TEXT = {(a, b): f"take {CELLS[a]}-{CELLS[b]}" for a in range(16) for b in range(16)}
T_DISCARD = tuple(tuple(f"discard W{w + 1} {LETTERS[c]}" for c in range(5)) for w in range(4))
T_DISCARD_FLAT = tuple(itertools.chain.from_iterable(T_DISCARD))
T_MISSION_TILE = tuple(f"mission {COL[c]}" for c in range(4))
T_SOLO_ARRANGE = tuple(f"take {COL[c]} + arrange" for c in range(4))


class MajolicaState(State):
    """A Majolica position (see :class:`zongshi_widgets.core.State` for the contract).

    Actions are their notations (str); :meth:`legal_actions` lists them in a stable order.
    """

    # _SCRATCH: the mover's board as lists while an action is applied (see _Work); never set on
    # a finished state
    __slots__ = FIELDS + ("_legal", "_hist", "_plays") + _SCRATCH

    def __init__(self, game, history, chance, *values):
        super().__init__(game, history, chance)
        for k, v in zip(FIELDS, values):
            object.__setattr__(self, k, v)
        self._legal = None

    @property
    def history(self) -> tuple:
        """The actions played since ``new_state``, in order (a tuple). A played state keeps only
        its last action and a link to the history before it (:class:`~zongshi_widgets.core.history.HistoryLink`); the tuple
        is built on first use and kept. A scratch copy's history includes the actions it was
        advanced by."""
        self._hist = history_tuple(self._hist)
        if self._scratch and self._plays:
            return self._hist + tuple(self._plays)
        return self._hist

    @history.setter
    def history(self, value) -> None:
        self._hist = value if value.__class__ is _HistoryLink else tuple(value)

    def _copy(self, **kw) -> MajolicaState:
        new = MajolicaState.__new__(MajolicaState)
        State.__init__(new, self.game, kw.pop("history", self._hist), kw.pop("chance", self.chance))
        _transfer(new, self)
        for k, v in kw.items():
            setattr(new, k, v)
        new._legal = None
        return new

    # -- contract ------------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to act, ``None`` when the game is over."""
        return self.seat

    @property
    def is_over(self) -> bool:
        """``True`` when the game has ended (nobody to move)."""
        return self.seat is None

    @property
    def turn(self) -> Turn:
        """Round, turn count and step (in the rulebook's words) of this position."""
        return Turn(self.round, self.turnno, None if self.seat is None else STEP_TEXT[self.step], self.seat)

    def legal_actions(self) -> list[str]:
        """Every legal action of the seat to move, as notations, in a stable order."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal(self) if self.seat is not None else []
        return list(legal)

    def _legal_tuple(self) -> list | tuple:
        """The legal actions, cached per position (a list or tuple nobody changes: not for callers)."""
        if self._legal is None:
            self._legal = _legal(self) if self.seat is not None else []
        return self._legal

    def parse_action(self, notation: str) -> str:
        """The legal action written as ``notation`` (spacing and case do not matter).

        Raises:
            IllegalAction: the text names no action, or an illegal one (the rule is named).
        """
        if not isinstance(notation, str):
            raise IllegalAction("majolica.notation", f"{notation!r} is not an action: write e.g. 'take a1-d1', 'place W2', 'move R'")
        legal = self._legal_tuple()
        if notation in legal:
            return notation
        text = " ".join(notation.replace("+", " + ").split())
        for a in legal:
            if a.lower() == text.lower():
                return a
        self.check(text)
        raise IllegalAction("majolica.notation", f"{notation!r} is not an action here")

    def check(self, action) -> None:
        """Raise :class:`IllegalAction` (rule id and rulebook section) when ``action`` is not legal."""
        if self.seat is None:
            raise IllegalAction("core.game-over", "The game is over: nobody may act any more.")
        if isinstance(action, str) and action in self._legal_tuple():
            return
        _diagnose(self, action)

    def play(self, action) -> MajolicaState:
        """Play an action (a legal notation, spacing and case free) for the seat to move: see
        :meth:`zongshi_widgets.core.State.play` (same checks, same errors). A notation exactly
        as listed by :meth:`legal_actions` takes a short path; anything else goes the general way.

        Returns:
            MajolicaState: the new position; this state is unchanged. On a scratch copy
            (:meth:`scratch`) it is a plain state with its own copy of the generator, which
            later playout steps on the scratch copy never change.

        Raises:
            IllegalAction: the action breaks a rule, cannot be read, or the game is over.
        """
        if self._scratch:
            return self._detached().play(action)  # a plain state shares nothing a playout changes
        legal = self._legal
        if legal is None or self.seat is None or action.__class__ is not str or action not in legal:
            return State.play(self, action)
        kind = _quick_kind(self, action)
        if kind:
            new = MajolicaState.__new__(MajolicaState)
            new.game = self.game  # State.__init__, inlined
            new._hist = _HistoryLink(self._hist, action)
            new.chance = self.chance
            new._scratch = False
            _transfer(new, self)
            new._legal = None
            new._origin = self._origin
            new._sample = self._sample
            _quick(new, action, kind)
            return new
        w = _Work(self, _HistoryLink(self._hist, action))
        w._origin = self._origin
        w._sample = self._sample
        w.act(action)
        return w.freeze()

    def _detached(self) -> MajolicaState:
        """A plain (not scratch) state with this state's position and a private copy of its
        generator, sharing nothing a playout on this scratch copy changes (as Zong Shi's)."""
        hist = self._hist
        for a in self._plays:  # the actions this scratch copy was advanced by
            hist = _HistoryLink(hist, a)
        new = self._copy(chance=self.chance.copy(), history=hist)
        new._origin, new._sample = self._origin, self._sample
        return new

    def _apply(self, action: str) -> MajolicaState:
        if self._scratch:
            return self._detached()._apply(action)
        w = _Work(self, _HistoryLink(self._hist, action))
        w.act(action)
        return w.freeze()

    # -- playouts ------------------------------------------------------------------------------
    def scratch(self) -> MajolicaState:
        """A private, mutable copy for a playout (see :meth:`zongshi_widgets.core.State.scratch`):
        :meth:`advance` changes it in place. Every part of a position is an immutable tuple (the
        boards are :class:`Player` tuples), so a copy of the fields and of the chance generator
        is deep enough: advancing replaces parts, never changes them, and this state stays as it
        is. The actions it is advanced by are kept in a list (cheaper than a history link per
        action), so a state :meth:`play` makes from it has the whole history and saves.

        Returns:
            MajolicaState: the copy (``is_scratch`` true).
        """
        new = self._copy(chance=self.chance.copy())
        new._origin, new._sample, new._scratch = self._origin, self._sample, True
        new._plays = []
        return new

    def advance(self, action: str) -> MajolicaState:
        """Play a listed action in a playout (see :meth:`zongshi_widgets.core.State.advance`):
        a scratch copy is changed in place and returned (its origin and sample flags stay as
        they are); any other state gives a new one, as the kernel's does."""
        if self._scratch:
            self._plays.append(action)  # recorded (cheaply), so a state play()ed from here saves whole
            kind = _quick_kind(self, action)  # _advance's short path, inlined (one call fewer per playout action)
            if kind:
                _quick(self, action, kind)
                self._legal = None
                return self
            return self._advance(action)
        return State.advance(self, action)

    def _advance(self, action: str) -> MajolicaState:
        """Apply the listed ``action`` to this scratch copy in place (no new state, no history):
        the same :class:`_Work` steps as :meth:`play`, on this very object (or :func:`_quick`)."""
        kind = _quick_kind(self, action)
        if kind:
            _quick(self, action, kind)
            self._legal = None
            return self
        self.__class__ = _Work
        self._unpack()
        self.chance_copied = True  # the scratch copy owns its generator (copied by scratch())
        self.act(action)
        self.freeze()
        self._legal = None
        return self

    # -- views ---------------------------------------------------------------------------------
    def public_view(self) -> dict:
        """Everything on the table, in plain words (every seat sees the same; the generic board
        shows it as is). The deck's order and (solo) the face-down stack's order are left out:
        ``deck_size`` and ``deck_bottom`` (the cards everybody saw replaced to the bottom)
        instead. Keys: ``round``, ``start_player``, ``step``, ``grid`` (rows, ``·`` = taken
        this round) or solo ``revealed``/``face_down``, ``display`` (cards as ``id points:
        spaces``), ``deck_size``, ``deck_bottom``, ``city_hall``, ``purple_out``, ``boards``
        (one record per seat), ``this_turn`` (what is pending), ``score`` (totals so far);
        with Mission cards ``missions_open``."""
        g = self.game
        out = {"round": self.round, "start_player": g.seat_names[self.start], "step": STEP_TEXT.get(self.step, "") if self.seat is not None else "game over"}
        if g.solo:
            out["revealed"] = " ".join(COL[c] for c in self.revealed) or "–"
            out["face_down"] = len(self.stack)
        else:
            out["grid"] = [" ".join(COL[self.grid[r * 4 + c]] if self.up >> (r * 4 + c) & 1 else "·" for c in range(4)) for r in range(4)]
        out["display"] = [card_text(g, i) for i in self.display]
        out["deck_size"] = len(self.deck)
        out["deck_bottom"] = [g.cids[i] for i in self.deck[len(self.deck) - self.known :]]
        out["city_hall"] = f"{self.city[0]} purple tiles, {self.city[1]} one-point tokens"
        out["purple_out"] = self.purple_out
        boards = []
        for s, p in enumerate(self.players):
            rec = {"player": g.seat_names[s]}
            for w in range(4):
                rec[f"W{w + 1}"] = _tiles(p.ws[w]) or "–"
            for k, (i, f) in enumerate(zip(p.slots, p.fills)):
                rec[f"slot {k + 1}"] = f"{card_text(g, i)} holds {_tiles(f) or 'nothing'}" if i >= 0 else "–"
            rec["completed"] = " ".join(g.cids[i] for i in p.done) or "–"
            rec["tokens"] = p.tokens
            rec["purple tiles taken"] = p.purples
            if g.bloom:
                rec["Bloom tokens"] = p.blooms
            if g.use_missions:
                rec["mission"] = f"M{p.mission + 1}: {MISSIONS[p.mission]}" if p.mission >= 0 else "–"
                if p.mission in (1, 3):
                    rec["mission tiles"] = "".join(COL[c] for c in range(4) if p.mstore >> c & 1) or "–"
            if self.starting[s] >= 0:
                rec["starting card to slot"] = card_text(g, self.starting[s])
            boards.append(rec)
        out["boards"] = boards
        now = {}
        if self.pend is not None:
            now["tiles to place"] = _tiles(self.pend)
        if self.pcard >= 0:
            now["card to slot"] = card_text(g, self.pcard)
        if self.parr:
            now["rearrangement"] = "to do"
        if self.ran:
            now["workshops run"] = " ".join(f"W{w + 1}" for w in range(4) if self.ran >> w & 1)
        if self.run:
            now["running"] = f"W{self.run[0] + 1}, {self.run[1]} moved"
        if self.over >= 0:
            now["overflowing"] = f"W{self.over + 1}"
        if self.bonus:
            now["hand-icon tiles"] = self.bonus
        if self.took4 and g.use_missions:
            now["4-tile take"] = "yes"
        out["this_turn"] = now or "–"
        if g.use_missions:
            out["missions_open"] = [f"M{m + 1}: {MISSIONS[m]}" for m in self.missions_open] or "–"
            out["first_to_3_cards"] = g.seat_names[self.first3] if self.first3 >= 0 else "–"
            out["two_cards_in_a_turn"] = [g.seat_names[x] for x in range(g.players) if self.m8 >> x & 1] or "–"
        out["score"] = [sum(row) for row in self.score_sheet().values]
        return out

    def _determinize(self, seat: int, rng: random.Random) -> MajolicaState:
        unseen = sorted(self.deck[: len(self.deck) - self.known])
        rng.shuffle(unseen)
        stack = sorted(self.stack)
        rng.shuffle(stack)
        return self._copy(deck=tuple(unseen) + self.deck[len(self.deck) - self.known :], stack=tuple(stack), chance=Chance(rng.getrandbits(63)))

    def position(self) -> dict:
        """The whole position as a readable description (see :meth:`Majolica._state_from_position`)."""
        g = self.game
        cid = [c.id for c in g.cards]
        out = {
            "round": self.round,
            "turn": self.turnno,
            "start": self.start,
            "first": self.first,
            "to_move": self.start if self.seat is None else self.seat,
            "step": self.step,
            "setup": self.setup,
            "last_completion_round": self.lastc,
            "over": self.seat is None,
        }
        if g.solo:
            out["stack"] = "".join(COL[c] for c in self.stack)
            out["revealed"] = "".join(COL[c] for c in self.revealed)
            out["flipped"] = _tiles(self.flipped)
        else:
            out["grid"] = [
                "".join(COL[self.grid[r * 4 + c]] if self.up >> (r * 4 + c) & 1 else COL[self.grid[r * 4 + c]].lower() for c in range(4)) for r in range(4)
            ]
        out["display"] = [cid[i] for i in self.display]
        out["deck"] = [cid[i] for i in self.deck]
        out["deck_known"] = self.known
        out["city_hall"] = {"purple": self.city[0], "points": self.city[1]}
        out["purple_out"] = self.purple_out
        players = []
        for s, p in enumerate(self.players):
            players.append(
                {
                    "workshops": [_tiles(ws) for ws in p.ws],
                    "slots": [cid[i] if i >= 0 else "-" for i in p.slots],
                    "cards": {cid[i]: _tiles(f) for i, f in zip(p.slots, p.fills) if i >= 0},
                    "completed": [cid[i] for i in p.done],
                    "tokens": p.tokens,
                    "purples": p.purples,
                    "blooms": p.blooms,
                    "mission": f"M{p.mission + 1}" if p.mission >= 0 else "",
                    "mission_tiles": "".join(COL[c] for c in range(4) if p.mstore >> c & 1),
                    "starting": cid[self.starting[s]] if self.starting[s] >= 0 else "",
                }
            )
        out["players"] = players
        if g.use_missions:
            out["missions_open"] = [f"M{m + 1}" for m in self.missions_open]
        out["first3"] = self.first3
        out["two_in_a_turn"] = [s for s in range(g.players) if self.m8 >> s & 1]
        out["pending"] = {
            "tiles": None if self.pend is None else _tiles(self.pend),
            "card": cid[self.pcard] if self.pcard >= 0 else "",
            "arrange": self.parr,
            "took4": self.took4,
            "ran": [w + 1 for w in range(4) if self.ran >> w & 1],
            "completed": self.ncomp,
            "bonus": self.bonus,
            "bloomed": self.bloomed,
        }
        if out["pending"]["tiles"] is None:
            del out["pending"]["tiles"]
        out["run"] = {"workshop": self.run[0] + 1, "moved": self.run[1], "phase": self.run[2]} if self.run else None
        out["overflow"] = self.over + 1
        return out

    # -- scoring --------------------------------------------------------------------------------
    def mission_done(self, seat: int, m: int) -> bool:
        """Whether ``seat`` has fulfilled mission ``m`` (0..7, M1..M8) as things stand
        (rulebook, Expansion Rules: Mission Cards). Storage missions (M2, M4) count only for
        their holder."""
        g, p = self.game, self.players[seat]
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
            return self.first3 == seat
        return bool(self.m8 >> seat & 1)

    def score_sheet(self) -> ScoreSheet:
        """Rulebook, Game End: points of completed design cards, 1 point per 2 tiles on the
        unfinished cards (all together, rounded down), one-point tokens; with the expansions
        Bloom tokens and one row per mission card, ``M1`` to ``M8`` (its points for the holder
        who fulfils it; the notes say what each held mission asks).
        Tie-break: the player latest in turn order at the start of the game."""
        g, n = self.game, self.game.players
        cats = ["design cards", "tiles on unfinished cards", "City Hall tokens"]
        if g.bloom:
            cats.append("Bloom tokens")
        if g.use_missions:
            cats += [f"M{m + 1}" for m in range(8)]  # short: the notes say what each held mission asks
        values, totals = [], []
        for s, p in enumerate(self.players):
            row = [sum(g.cards[i].points for i in p.done), sum(sum(f) for f in p.fills) // 2, p.tokens]
            if g.bloom:
                row.append(p.blooms)
            if g.use_missions:
                row += [g.components.mission_points if p.mission == m and self.mission_done(s, m) else 0 for m in range(8)]
            values.append(row)
            totals.append(sum(row))
        notes = "Ties go to the player latest in turn order at the start of the game (rulebook, Game End)."
        if g.use_missions:
            held = [f"{g.seat_names[k]} M{p.mission + 1} ({MISSIONS[p.mission]})" for k, p in enumerate(self.players) if p.mission >= 0]
            if held:
                notes += " Missions held: " + ", ".join(held) + "."
        if not g.solo and self.seat is None and not any(len(p.done) >= g.end_cards for p in self.players):
            if g.stall_rounds is not None and self.round - self.lastc >= g.stall_rounds:
                notes += (
                    f" Nobody completed {g.end_cards} design cards: the game ended because no card was completed for {g.stall_rounds} rounds"
                    " (the engine's stall_rounds option, not a rule of the book)."
                )
            else:  # only a position description ('over') ends a game this way
                notes += f" Nobody completed {g.end_cards} design cards: this position was posed as finished, not played to its end (rulebook, Game End)."
        if g.solo:
            rating = next(label for lo, label in SOLO_RATINGS if totals[0] >= lo)
            end = "" if rating.endswith("!") else "."
            notes = f"Solo rating (rulebook, Rules for Solo Play): {rating}{end}" if self.seat is None else "Solo: the game ends after 6 rounds."
        return ScoreSheet(
            g.seat_names, cats, values, totals, [((s - self.first) % n,) for s in range(n)],
            tiebreak_label="turn order", final=self.seat is None, notes=notes,
        )  # fmt: skip

    def action_name(self, action: str) -> str:
        """The action in plain words, as the board's decision bar says it (``"take the tile a2
        and design card D05 (3 points; spaces red red blue)"``); :func:`~zongshi_widgets.agents.explain`
        fills its ``text`` column with it.

        Args:
            action (str): an action of this position, in notation.

        Returns:
            str: the words (the notation itself for an action not known).
        """
        from .render import action_words  # render imports this module

        return action_words(self, str(action))

    def greedy_value(self, action: str) -> float:
        """A quick heuristic value of the position after ``action`` for the seat playing it
        (higher is better), read by the generic ``greedy`` bot (``zw.agents``). It counts
        completed cards' points (x5), tiles on slotted cards (x2) and tokens; a workshop whose
        tiles can still make its pattern adds 0.6 per tile when the card above has a space for
        one of them (W4: always), 1.0 per tile when it is also full (it runs this turn), else
        0.2; a workshop that cannot any more costs 1.5; an empty card slot costs 0.5. The value
        is rounded to 9 decimals, so that equal positions value exactly equal. It is a playing
        aid for bots, not a strategy claim.

        Args:
            action (str): a legal action here (a notation; spacing and case free).

        Returns:
            float: the value.

        Raises:
            IllegalAction: ``action`` is not legal here, or the game is over.
        """
        if self.seat is not None and action.__class__ is str and action in self._legal_tuple():
            return self._greedy_value(action)
        after = self.play(action)
        return _board_value(self.game, after.players[self.seat])

    def _greedy_value(self, action: str) -> float:
        """:meth:`greedy_value` of the listed ``action`` (not checked: from :meth:`legal_actions`).
        Short path: the mover's board after it is made without the next state where the short
        path of :meth:`play` applies (:func:`_quick_player`; a take or the end of a turn changes
        no board), else the action is applied without building the history (the position is only
        looked at); the board is valued once per distinct board (a cache on the game)."""
        seat, g = self.seat, self.game
        kind = _quick_kind(self, action)
        if kind:
            board = self.players[seat] if kind[0] in (1, 3, 7) else _quick_player(self, kind)
        else:
            w = _Work(self, ())
            w.act(action)
            board = w.freeze().players[seat]
        cache = g._t_board_value
        v = cache.get(board)
        if v is None:
            if len(cache) > 65536:
                cache.clear()  # bounded memory in long sessions
            v = cache[board] = _board_value(g, board)
        return v

    def greedy_action(self) -> str:
        """The legal action with the best :meth:`greedy_value`, the first in legal order among
        equals: the quick heuristic's choice (``quick_step`` in ``zongshi_widgets/agents/majolica.py``,
        which Majolica's greedy and MCTS bots play to finish a turn).

        From 2. Place to the end of a turn (rulebook, 2. Place Majolica Tiles; Run Workshop(s);
        Tip 1) the legal actions and the boards they lead to depend only on the mover's board,
        what the turn has pending and City Hall (:meth:`_turn_key`): the grid, the display, the
        deck and the other boards matter only to the next take and to the end of the round,
        never to this choice. So at those steps the choice is remembered per game by those parts
        (a bounded cache; the tests compare it with the plain loop over :meth:`legal_actions`,
        ``agents.majolica.quick_step_reference``). Setup and 1. Select are valued afresh.

        Returns:
            str: one of :meth:`legal_actions`.

        Raises:
            IllegalAction: the game is over.
        """
        if self.seat is None:
            raise IllegalAction("core.game-over", "The game is over: nobody may act any more.")
        legal = self._legal_tuple()  # listed anyway: play() takes its short path for a listed action
        if len(legal) == 1:
            return legal[0]
        key = self._turn_key() if self.step in _TURN_STEPS else None
        if key is not None:
            cache = self.game._t_greedy
            best = cache.get(key)
            if best is not None:
                return best
        value = self._greedy_value  # the actions are listed: no check
        best = legal[0]
        best_v = value(best)
        for a in legal[1:]:
            v = value(a)
            if v > best_v:
                best, best_v = a, v
        if key is not None:
            if len(cache) > 65536:
                cache.clear()  # bounded memory in long sessions
            cache[key] = best
        return best

    def _turn_key(self) -> tuple:
        """What the mover's choices read from 2. Place to the end of its turn (see
        :meth:`greedy_action`): the step, the mover's board, the pending tiles, card and
        rearrangement, the 4-tile take (Mission M4), the workshops run this turn and the Bloom
        (Cascading Bloom), the cards completed this turn and the hand-icon tiles owed, the run
        and the overflowing workshop, and City Hall (what W4 gives, whether it may run)."""
        return (
            self.step, self.players[self.seat], self.pend, self.pcard, self.parr, self.took4,
            self.ran, self.ncomp, self.bonus, self.bloomed, self.run, self.over, self.city,
        )  # fmt: skip

    def digest(self) -> str:
        """A short hash of the whole position."""
        text = repr(tuple(getattr(self, k) for k in FIELDS))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def __eq__(self, other) -> bool:
        return isinstance(other, MajolicaState) and other.game == self.game and all(getattr(self, k) == getattr(other, k) for k in FIELDS)

    def __hash__(self) -> int:
        return hash(self.digest())

    def __repr__(self) -> str:
        who = "over" if self.seat is None else f"{self.game.seat_names[self.seat]}: {STEP_TEXT[self.step]}"
        return f"<MajolicaState round {self.round}, turn {self.turnno}, {who}>"

    # -- helpers -------------------------------------------------------------------------------
    def _reveal(self) -> MajolicaState:
        """Solo: reveal the next 4 large tiles of the face-down stack."""
        return self._copy(revealed=tuple(sorted(self.stack[:4])), stack=self.stack[4:])


#: The steps from 2. Place to the end of a turn, where :meth:`MajolicaState.greedy_action` remembers its choice.
_TURN_STEPS = frozenset(("place", "choose", "move", "fragment", "overflow", "finish"))
#: One workshop's five counts in packed workshops (:func:`pack_workshops`).
_ROW_MASK = (1 << _WB) - 1


def _board_value(g: Majolica, p: Player) -> float:
    """See :meth:`MajolicaState.greedy_value`: :func:`_board_value_reference`, each workshop's
    term looked up per game by the workshop, its tiles, the card above and that card's tiles
    (:func:`_workshop_value`), added in the same order (so the very same float)."""
    slots, fills, wp = p.slots, p.fills, p.wp
    v = 5.0 * sum(g.cards[i].points for i in p.done) + 2.0 * (sum(fills[0]) + sum(fills[1]) + sum(fills[2])) + p.tokens + p.blooms
    cache = g._t_workshop_value
    for w in range(4):
        key = (w, wp >> w * _WB & _ROW_MASK, slots[w], fills[w]) if w < 3 else (3, wp >> 3 * _WB, -1, None)
        t = cache.get(key)
        if t is None:
            if len(cache) > 65536:
                cache.clear()  # bounded memory in long sessions
            t = cache[key] = _workshop_value(g, w, _ws_rows(wp)[w], key[2], key[3])
        v += t
    return round(v - 0.5 * ((slots[0] < 0) + (slots[1] < 0) + (slots[2] < 0)), 9)


def _workshop_value(g: Majolica, w: int, ws: tuple, card: int, fill: tuple | None) -> float:
    """Workshop ``w``'s term of :meth:`MajolicaState.greedy_value` (as
    :func:`_board_value_reference` adds it), holding ``ws`` under ``card`` (-1: none; W4: -1)
    whose tiles are ``fill``: ``-1.5`` when the tiles cannot make the pattern any more."""
    counts = [ws[c] for c in range(4) if ws[c]]
    if all(k <= g.part[w] for k in counts) and len(counts) <= g.nparts[w]:
        useful = w == 3 or (card >= 0 and any(ws[c] and card_open(g, card, fill, c) for c in range(4)))
        if useful and sum(ws) == g.cap[w]:
            return 1.0 * sum(ws)
        return (0.6 if useful else 0.2) * sum(ws)
    return -1.5  # v + -1.5 is exactly v - 1.5


def _board_value_reference(g: Majolica, p: Player) -> float:
    """:meth:`MajolicaState.greedy_value` of the board ``p`` (reference version, slow and plain:
    :func:`_board_value` is the fast path, checked against this one by the tests)."""
    v = 5.0 * sum(g.cards[i].points for i in p.done) + 2.0 * sum(sum(f) for f in p.fills) + p.tokens + p.blooms
    for w in range(4):
        ws = p.ws[w]
        counts = [ws[c] for c in range(4) if ws[c]]
        if all(k <= g.part[w] for k in counts) and len(counts) <= g.nparts[w]:
            card = p.slots[w] if w < 3 else -1
            useful = w == 3 or (card >= 0 and any(ws[c] and card_open(g, card, p.fills[w], c) for c in range(4)))
            if useful and sum(ws) == g.cap[w]:
                v += 1.0 * sum(ws)  # full with its pattern: it runs this turn
            else:
                v += (0.6 if useful else 0.2) * sum(ws)
        else:
            v -= 1.5
    # rounded: equal positions reached by different sums (0.6 * 3 + 0.2 * 5 against 2.8) value
    # exactly equal, so ties go to the first action in legal order as documented
    return round(v - 0.5 * sum(1 for x in p.slots if x < 0), 9)


# -- rules: what may run, what is open ---------------------------------------------------------
def card_text(game: Majolica, i: int) -> str:
    """A design card in words: ``"D05 3 pts: RRB"`` (``*`` a blank space, ``+hand`` the hand icon)."""
    c = game.cards[i]
    return f"{c.id} {c.points} pts: {_tiles(c.spaces)}{'*' * c.blank}{' +hand' if c.hand else ''}"


def card_open(game: Majolica, card: int, fill, c: int) -> bool:
    """Whether a tile of colour ``c`` (0..3) fits an open space of ``card`` holding ``fill``
    (rulebook, Run Workshop(s); Kaleidoscopic Design: a blank space takes any colour but purple).
    A tile goes to its own colour's space first (never worse than using a blank)."""
    need = game.need[card]
    if fill[c] < need[c]:
        return True
    blank = game.blank[card]
    return blank > 0 and sum(f - n for f, n in zip(fill, need) if f > n) < blank


def pattern_met(game: Majolica, w: int, ws) -> bool:
    """Whether workshop ``w`` holding ``ws`` (5 counts) is full with its pattern, purple tiles
    wild (rulebook, Run Workshop(s) A, C, E; Purple Tiles)."""
    if sum(ws) != game.cap[w]:
        return False
    part = game.part[w]
    colours = 0
    for c in range(4):
        k = ws[c]
        if k:
            if k > part:
                return False
            colours += 1
    return colours <= game.nparts[w]


def can_run(state_or_work, seat_player: Player | None, w: int, ws=None) -> bool:
    """Whether workshop ``w`` of ``seat_player`` must run now (reference check, slow and plain;
    see :meth:`_Work.runnable` for the fast path): full with its pattern, and for W1-W3 a card in
    the slot above with an open space matching a non-purple tile there (Tip 4, Tip 5); W4 needs
    City Hall to give something unless the ``city_hall_empty`` option is ``"run"``."""
    game = state_or_work.game
    p = seat_player
    ws = p.ws[w] if ws is None else ws
    if not pattern_met(game, w, ws):
        return False
    if w == 3:
        return game.empty_run or sum(state_or_work.city) > 0
    card = p.slots[w]
    if card < 0:
        return False
    return any(ws[c] and card_open(game, card, p.fills[w], c) for c in range(4))


def _legal_reference(s: MajolicaState) -> list[str]:
    """Every legal action of ``s`` (reference version, slow and plain: notations built one by
    one). :func:`_legal` is the fast path, checked against this one by the tests."""
    g, step, p = s.game, s.step, s.players[s.seat]
    cid = g.cids
    out: list[str] = []
    if step == "mission":
        return [f"mission M{m + 1}" for m in s.missions_open]
    if step == "start":
        return [f"start slot {k + 1}" for k in range(3)]
    if step == "select":
        if g.solo:
            out.append("take all")
            for c in sorted(set(s.revealed)):
                out += [f"take {COL[c]} + {cid[i]}" for i in s.display]
                out.append(f"take {COL[c]} + arrange")
        else:
            out += [f"take {CELLS[a]}-{CELLS[b]}" for a, b in _runs(s.up, g.whole_runs)]
            for i in BORDER:
                if s.up >> i & 1:
                    out += [f"take {CELLS[i]} + {cid[k]}" for k in s.display]
                    out.append(f"take {CELLS[i]} + arrange")
    elif step == "place":
        if s.pend is not None:
            out += [f"place W{w + 1}" for w in range(4)]
            if s.took4 and p.mission == 3:
                out += [f"mission {COL[c]}" for c in range(4) if s.pend[c] and not p.mstore >> c & 1]
        if s.pcard >= 0:
            out += [f"slot {k + 1}" for k in range(3)]
        if s.parr:
            out += ["arrange " + " ".join(cid[i] if i >= 0 else "-" for i in perm) for perm in _perms(p.slots)]
    elif step == "choose":
        out += [f"run W{w + 1}" for w in range(4) if can_run(s, p, w)]
        if s.bonus:
            out += [f"bonus {COL[c]} W{w + 1}" for c in range(4) for w in range(4)]
            out.append("no bonus")
        return out
    elif step == "move":
        w, moved, _ = s.run
        card = p.slots[w]
        opts = [c for c in range(4) if p.ws[w][c] and card >= 0 and card_open(g, card, p.fills[w], c)] if moved < g.must[w] + g.may[w] else []
        out += [f"move {COL[c]}" for c in opts]
        if moved >= g.must[w]:
            out.append("stop")
        return out
    elif step == "fragment":
        w = s.run[0]
        for c in range(4):
            if p.ws[w][c]:
                out.append(f"fragment {COL[c]}")
                if p.mission == 1 and not p.mstore >> c & 1:
                    out.append(f"fragment {COL[c]} mission")
        return out
    elif step == "overflow":
        return [f"discard {LETTERS[c]}" for c in range(5) if p.ws[s.over][c]]
    elif step == "finish":
        out.append("end")
    if g.free_discard and step in ("select", "place", "finish"):
        out += [f"discard W{w + 1} {LETTERS[c]}" for w in range(4) for c in range(5) if p.ws[w][c]]
    return out


def _legal(s: MajolicaState) -> list[str] | tuple[str, ...]:
    """Every legal action of ``s`` (fast path: notations from the tables built once; the same
    sequence as :func:`_legal_reference`, which the tests check along random games). At 2. Place
    and the end of the turn it is a tuple shared through a per-game cache: never change it."""
    g, step = s.game, s.step
    if step == "select":
        if g.solo:
            out = ["take all"]
            display = s.display
            for c in sorted(set(s.revealed)):
                row = g._t_solo_card[c]
                out += [row[i] for i in display]
                out.append(T_SOLO_ARRANGE[c])
        else:
            display, whole = s.display, g.whole_runs
            mask = s.up & BORDER_MASK
            part = g._t_select[whole].get(mask)
            if part is None:
                runs = tuple(T_RUN_TEXT[r] for r in _runs_fast(mask, whole))
                part = g._t_select[whole][mask] = (runs, tuple(g._t_take_row[i] for i in BORDER if mask >> i & 1))
            # per row: a tuple of the displayed cards' notations and option C's
            pick = operator.itemgetter(*display, len(g.cids)) if display else _arrange_only(len(g.cids))
            out = list(part[0])
            for row in part[1]:  # per face-up outer cell: B with each displayed card, then C
                out += pick(row)
    elif step == "place":
        p = s.players[s.seat]
        if s.pend is None or not s.took4 or p.mission != 3:
            # the list depends only on the workshops, what is pending and (a rearrangement) the slots
            key = p.wp * 4 + (s.pend is not None) * 2 + (s.pcard >= 0)
            if s.parr:
                key = (key, p.slots)
            cache = g._t_place
            out = cache.get(key)
            if out is None:
                if len(cache) > 65536:
                    cache.clear()  # bounded memory in very long sessions
                out = cache[key] = tuple(_legal_place(s, p))
            return out
        return _legal_place(s, p)
    elif step == "finish":
        if g.free_discard:
            wp = s.players[s.seat].wp
            info = g._t_ws.get(wp)
            if info is None:
                info = _ws_info(g, wp)
            return info[4]
        return ["end"]
    else:
        return _legal_reference(s)
    if g.free_discard:
        wp = s.players[s.seat].wp
        info = g._t_ws.get(wp)
        if info is None:
            info = _ws_info(g, wp)
        out += info[3]
    return out


def _legal_place(s: MajolicaState, p: Player) -> list[str]:
    """The legal actions at 2. Place (see :func:`_legal`), built from the notation tables."""
    g = s.game
    out = []
    if s.pend is not None:
        out += T_PLACE
        if s.took4 and p.mission == 3:
            out += [T_MISSION_TILE[c] for c in range(4) if s.pend[c] and not p.mstore >> c & 1]
    if s.pcard >= 0:
        out += T_SLOT
    if s.parr:
        slots = p.slots
        arr = g._t_arrange.get(slots)
        if arr is None:
            if len(g._t_arrange) > 4096:
                g._t_arrange.clear()  # bounded memory in very long sessions
            arr = g._t_arrange[slots] = _arrange_notations(g, slots)
        out += arr
    if g.free_discard:
        wp = p.wp
        info = g._t_ws.get(wp)
        if info is None:
            info = _ws_info(g, wp)
        out += info[3]
    return out


def _arrange_notations(g: Majolica, slots: tuple) -> tuple[str, ...]:
    """The ``arrange ..`` notations of the card slots ``slots`` (the order and text of
    :func:`_legal_reference`: :func:`_perms`, ``-`` an empty slot), written from the three names."""
    names = tuple(g.cids[i] if i >= 0 else "-" for i in slots)
    seen, out = set(), []
    for a, b, c in _PERM3:
        perm = (slots[a], slots[b], slots[c])
        if perm not in seen:
            seen.add(perm)
            out.append(f"arrange {names[a]} {names[b]} {names[c]}")
    return tuple(out)


#: the six orders of three card slots, as itertools.permutations lists them
_PERM3 = tuple(itertools.permutations(range(3)))


def _arrange_only(k: int):
    """From a ``_t_take_row`` row, option C alone (an empty display), as a 1-tuple."""
    return lambda row: (row[k],)


def _perms(slots) -> list[tuple]:
    seen, out = set(), []
    for perm in itertools.permutations(slots):
        if perm not in seen:
            seen.add(perm)
            out.append(perm)
    return out


def _runs(up: int, whole: bool) -> list[tuple[int, int]]:
    """Option A: unbroken face-up runs of at least 2 tiles in an outer row or column
    (rulebook, 1. Select A; reference section 2: the whole run, or any part with ``whole=False``)."""
    out = []
    for line in LINES:
        i = 0
        while i < 4:
            if up >> line[i] & 1:
                j = i
                while j + 1 < 4 and up >> line[j + 1] & 1:
                    j += 1
                if whole:
                    if j > i:
                        out.append((line[i], line[j]))
                else:
                    out += [(line[a], line[b]) for a in range(i, j + 1) for b in range(a + 1, j + 1)]
                i = j + 1
            else:
                i += 1
    return out


def _line_runs(li: int, pattern: int, whole: bool) -> tuple:
    """:func:`_runs` of border line ``LINES[li]`` alone, its face-up cells as 4 bits (first cell lowest)."""
    line = LINES[li]
    mask = sum(1 << line[k] for k in range(4) if pattern >> k & 1)
    return tuple(r for r in _runs(mask, whole) if r[0] in line and r[1] in line)


#: per whole_runs (False, True), per border line, per 4-bit face-up pattern of that line: its runs
_LINE_RUNS = tuple(tuple(tuple(_line_runs(li, pat, whole) for pat in range(16)) for li in range(4)) for whole in (False, True))


def _runs_fast(up: int, whole: bool) -> list[tuple[int, int]]:
    """:func:`_runs` (the same list) from a table per border line: the face-up bits of row 1,
    row 4 and (gathered) columns a and d index ``_LINE_RUNS``."""
    x, y = up & 0x1111, up >> 3 & 0x1111  # columns a and d: bits 0, 4, 8, 12
    t = _LINE_RUNS[whole]
    return [
        *t[0][up & 15], *t[1][up >> 12 & 15],
        *t[2][(x | x >> 3 | x >> 6 | x >> 9) & 15], *t[3][(y | y >> 3 | y >> 6 | y >> 9) & 15],
    ]  # fmt: skip


def _diagnose(s: MajolicaState, action) -> None:
    """Raise the IllegalAction that names the broken rule for an action not in the legal list."""
    legal = s.legal_actions()
    sample = ", ".join(repr(a) for a in legal[:6]) + (" ..." if len(legal) > 6 else "")
    if not isinstance(action, str):
        raise IllegalAction("majolica.notation", f"{action!r} is not a Majolica action (actions are notations such as 'take a1-d1')")
    words = action.split()
    verb = words[0].lower() if words else ""
    step_of = {
        "mission": ("mission", "place"), "start": ("start",), "take": ("select",), "place": ("place",), "slot": ("place",), "arrange": ("place",),
        "run": ("choose",), "bonus": ("choose",), "no": ("choose",), "move": ("move",), "stop": ("move",), "fragment": ("fragment",),
        "discard": ("overflow", "select", "place", "finish"), "end": ("finish",),
    }  # fmt: skip
    if verb not in step_of:
        raise IllegalAction("majolica.notation", f"{action!r} is not a Majolica action; write e.g. 'take a1-d1', 'take b1 + D05', 'place W2', 'move R', 'end'")
    if verb == "discard" and s.step in ("move", "fragment"):
        raise IllegalAction(
            "majolica.discard.during-run",
            "No tile is discarded while a workshop runs: its moves and its fragmentation come first, then discards are free again"
            f" (this engine's ruling on Tip 1's 'at any time', docs/rulings/majolica.md R6.2). Legal now: {sample}",
        )
    if s.step not in step_of[verb]:
        raise IllegalAction(
            f"majolica.turn.{s.step}",
            f"It is the step '{STEP_TEXT[s.step]}' now, where {action!r} does not belong (rulebook, Gameplay). Legal now: {sample}",
        )
    g = s.game
    if verb == "take" and not g.solo and len(words) >= 2 and words[1].lower() == "all":
        raise IllegalAction(
            "majolica.notation",
            "'take all' is the solo game's selection (its four drawn tiles); with two or more players take an outer run"
            " ('take a1-d1') or one outer tile with a design card or a rearrangement ('take b1 + D05', 'take b1 + arrange').",
        )
    if verb == "take" and not g.solo and len(words) >= 2:
        cells = words[1].split("-")
        if len(cells) == 2 and f"take {cells[1]}-{cells[0]}" in legal and len(words) == 2:
            raise IllegalAction("majolica.notation", f"A run is written from its first cell: 'take {cells[1]}-{cells[0]}', not {action!r}.")
        if len(cells) == 2 and (len(words) > 2 or "-".join(cells) != words[1]):
            raise IllegalAction("majolica.notation", f"{action!r}: a run is written 'take a1-d1', with nothing after it.")
        idx = [_cell(c) for c in cells]
        if any(i < 0 for i in idx):
            raise IllegalAction("majolica.notation", f"{words[1]!r} is not a grid cell (a1..d4)")
        if any(i not in BORDER for i in idx):
            raise IllegalAction("majolica.select.outer-edge", "Only large tiles on the outer edge can be selected (rulebook, 1. Select Majolica Tiles A-C).")
        if len(idx) == 2:
            a, b = idx
            same = [ln for ln in LINES if a in ln and b in ln]
            if not same:
                raise IllegalAction("majolica.select.row-or-column", "Option A takes tiles of one outer row or column (rulebook, 1. Select Majolica Tiles A).")
            ln = same[0]
            lo, hi = sorted((ln.index(a), ln.index(b)))
            if not all(s.up >> ln[k] & 1 for k in range(lo, hi + 1)):
                raise IllegalAction("majolica.select.face-down", "Option A takes one contiguous run of face-up tiles (rulebook, 1. Select Majolica Tiles A).")
            raise IllegalAction(
                "majolica.select.whole-run",
                "Option A takes the whole unbroken face-up run of the row or column (rulebook, 1. Select A: 'contiguous' read as the whole run,"
                " this engine's ruling; the variant option whole_runs=False allows any part of two or more tiles).",
            )
        if idx and not s.up >> idx[0] & 1:
            raise IllegalAction("majolica.select.face-down", "That large tile is face down: it was taken this round (rulebook, 2. Place Majolica Tiles).")
        if len(words) > 4 or (len(words) == 4 and words[2] != "+"):
            raise IllegalAction(
                "majolica.notation",
                f"{action!r}: one tile comes with one design card or one rearrangement, written 'take b1 + D05' or 'take b1 + arrange'"
                " (rulebook, 1. Select Majolica Tiles B, C).",
            )
        if len(words) >= 4 and words[3].lower() != "arrange":
            if not s.display:
                raise IllegalAction(
                    "majolica.select.no-display",
                    "No design card is left in the display: the deck has run out (a case the rulebook leaves open; this engine's ruling).",
                )
            raise IllegalAction("majolica.select.display", f"{words[3]} is not in the design-card display (rulebook, 1. Select Majolica Tiles B).")
        if len(words) == 2:
            raise IllegalAction(
                "majolica.select.single",
                "One tile alone comes with a design card or a rearrangement: 'take b1 + D05' or 'take b1 + arrange' (rulebook, 1. Select B, C).",
            )
    _diagnose_words(s, action, words, verb)
    if verb == "move" and len(words) == 2:
        w, moved, _ = s.run
        if words[1].upper() == "P":
            raise IllegalAction("majolica.purple.not-on-card", "Purple tiles cannot be moved onto a design card (rulebook, Purple Tiles).")
        if moved >= g.must[w] + g.may[w]:
            raise IllegalAction(
                "majolica.run.shovels", f"W{w + 1} moves at most {g.must[w] + g.may[w]} tiles (rulebook, Run Workshop(s) I: black and white shovels)."
            )
        raise IllegalAction(
            "majolica.run.card-space", "A moved tile needs an open space of its colour on the design card above (rulebook, Run Workshop(s); Tip 5)."
        )
    if verb == "stop":
        raise IllegalAction("majolica.run.black-shovel", "The black shovel's tile must move to the design card first (rulebook, Run Workshop(s) I; Tip 5).")
    if verb == "fragment" and len(words) >= 2 and words[1].upper() == "P":
        raise IllegalAction("majolica.purple.not-fragmented", "Purple tiles cannot be the fragmented tile (rulebook, Purple Tiles).")
    if verb == "run":
        raise IllegalAction(
            "majolica.run.conditions",
            "That workshop cannot run: it must be full with its pattern and (W1-W3) have a design card with a matching open space above "
            "(rulebook, Run Workshop(s); Tip 4).",
        )
    if verb == "discard" and len(words) == 3 and not g.free_discard:
        raise IllegalAction("majolica.discard.any-time", "Discarding at any time is off in this game (variant option discard_any_time; rulebook Tip 1).")
    if verb == "mission" and s.step == "place":
        raise IllegalAction("majolica.mission.m4", "Only the holder of mission M4 may put one tile of a 4-tile take onto it, one per colour (Mission Cards).")
    raise IllegalAction("majolica.action.not-legal", f"{action!r} is not legal here ({STEP_TEXT[s.step]}). Legal now: {sample}")


def _letter(word: str, letters: str) -> int:
    """The index of the tile colour ``word`` names in ``letters`` (case free), -1 for none."""
    return letters.find(word.upper()) if len(word) == 1 else -1


def _workshop(word: str) -> int:
    """The 0-based workshop ``word`` names (``W1``..``W4``, case free), -1 for none."""
    return int(word[1]) - 1 if len(word) == 2 and word[0] in "wW" and word[1] in "1234" else -1


def _diagnose_words(s: MajolicaState, action: str, words: list, verb: str) -> None:
    """Raise the IllegalAction for an action of the right step whose words cannot be read
    (``majolica.notation``) or that names a tile, workshop, card or slot the rule it uses does
    not allow (a card in two slots, a tile the workshop does not hold); return when neither."""
    g = s.game
    p = s.players[s.seat]
    n = len(words)
    if verb == "end" and n != 1:
        raise IllegalAction("majolica.notation", f"{action!r}: the turn ends with 'end', nothing after it.")
    if verb == "mission" and s.step == "mission":
        m = words[1].upper() if n == 2 else ""
        if m not in {f"M{k}" for k in range(1, 9)}:
            raise IllegalAction("majolica.notation", f"{action!r}: name one of the mission cards on offer, M1 to M8; write e.g. 'mission M3' (Mission Cards).")
        raise IllegalAction("majolica.mission.taken", f"Mission card {m} is not on offer: it was taken or not dealt (Mission Cards, Setup).")
    if verb in ("place", "run"):
        if n != 2 or _workshop(words[1]) < 0:
            raise IllegalAction("majolica.notation", f"{action!r}: there are four workshops, W1 to W4; write e.g. '{verb} W2' (rulebook, Player Board).")
    elif verb == "slot" or (verb == "start" and s.step == "start"):
        if n != 2 + (verb == "start") or words[-1] not in ("1", "2", "3") or (verb == "start" and words[1].lower() != "slot"):
            example = "start slot 2" if verb == "start" else "slot 2"
            raise IllegalAction(
                "majolica.notation", f"{action!r}: a player board has three card slots, 1 to 3; write e.g. '{example}' (rulebook, Player Board)."
            )
    elif verb == "move":
        if n != 2 or _letter(words[1], LETTERS) < 0:
            raise IllegalAction(
                "majolica.notation", f"{action!r}: name the colour of the tile to move, R, Y, B or G; write e.g. 'move R' (rulebook, Run Workshop(s))."
            )
    elif verb == "fragment":
        c = _letter(words[1], LETTERS) if n >= 2 else -1
        if n not in (2, 3) or c < 0 or (n == 3 and words[2].lower() != "mission"):
            raise IllegalAction(
                "majolica.notation",
                f"{action!r}: name the colour of the tile to fragment, e.g. 'fragment R' (or 'fragment R mission' with M2) (rulebook, Run Workshop(s)).",
            )
        w = s.run[0]
        if c < 4 and not p.ws[w][c]:
            raise IllegalAction(
                "majolica.run.fragment-tile",
                f"W{w + 1} holds no {LETTERS[c]} tile to fragment: the fragmented tile is one of the workshop's own"
                " (rulebook, Run Workshop(s) D: fragmentation icon).",
            )
        if c < 4 and n == 3:
            raise IllegalAction(
                "majolica.mission.m2",
                "Only the holder of mission M2 may put the fragmented tile onto it, one of each colour (Mission Cards).",
            )
    elif verb == "discard":
        if n == 3:
            w, c = _workshop(words[1]), _letter(words[2], LETTERS)
        elif n == 2 and s.step == "overflow":
            w, c = s.over, _letter(words[1], LETTERS)
        else:
            w = c = -1
        if w < 0 or c < 0:
            what = (
                "the tile colour (R, Y, B, G, P); write e.g. 'discard R'"
                if s.step == "overflow"
                else "the workshop (W1 to W4) and the tile colour (R, Y, B, G, P); write e.g. 'discard W2 R'"
            )
            raise IllegalAction("majolica.notation", f"{action!r}: name {what}.")
        if n == 3 and not g.free_discard:
            raise IllegalAction("majolica.discard.any-time", "Discarding at any time is off in this game (variant option discard_any_time; rulebook Tip 1).")
        if not p.ws[w][c]:
            where = "the overflowing workshop" if n == 2 else "that workshop"
            raise IllegalAction(
                "majolica.discard.no-tile",
                f"W{w + 1} holds no {LETTERS[c]} tile: a discarded tile comes from {where} (rulebook, Tip 1; 2. Place Majolica Tiles).",
            )
    elif verb == "arrange" and not s.parr:
        raise IllegalAction(
            "majolica.arrange.option-c",
            "Card slots are rearranged only in a turn that took one tile with a rearrangement, 'take b1 + arrange' (rulebook, 1. Select Majolica Tiles C).",
        )
    elif verb == "arrange":
        names = [x.upper() for x in words[1:]]
        known = {c.upper() for c in g.cids}
        if n != 4 or any(x != "-" and x not in known for x in names):
            raise IllegalAction("majolica.notation", f"{action!r}: name the card (or '-' for empty) of each of the three slots, e.g. 'arrange D05 - D12'.")
        cards = [x for x in names if x != "-"]
        slotted = sorted(g.cids[i].upper() for i in p.slots if i >= 0)
        if len(set(cards)) != len(cards):
            raise IllegalAction(
                "majolica.arrange.one-slot",
                "Each design card goes into one slot only (rulebook, 1. Select Majolica Tiles C: rearrange the cards on your player board).",
            )
        if sorted(cards) != slotted:
            raise IllegalAction(
                "majolica.arrange.same-cards",
                "A rearrangement moves the design cards already in your slots: none leaves the board and none comes in (rulebook, 1. Select Majolica Tiles C).",
            )


#: ``Player`` from a 9-tuple of its fields (``Player._make`` without its Python-level call).
_new_player = functools.partial(tuple.__new__, Player)


def _quick_table(g: Majolica) -> dict:
    """Notation -> the operation :func:`_quick` applies: ``(1, cells, clear, four, card, arrange)``
    a take of a grid (cells taken, their bit mask, a run's four-tile flag or ``None``, the card
    index or -1, option C; solo: cells ``None``), ``(2, w, c)`` a free discard, ``(3,)`` ``end``, ``(4, w)`` ``place W..``,
    ``(5, k)`` ``slot ..`` (and from :func:`_quick_kind`: ``(6, slots)`` ``arrange ..``, ``(7,)``
    ``end`` at the end of a round, ``(8, k)`` ``slot ..`` that ends the turn). Built once per game from the notations :func:`_legal_reference` writes."""
    out: dict = {"end": (3,)}
    for w in range(4):
        out[T_PLACE[w]] = (4, w)
        for c in range(5):
            out[T_DISCARD[w][c]] = (2, w, c)
    for k in range(3):
        out[T_SLOT[k]] = (5, k)
    if g.solo:  # solo takes: cells None (the revealed tiles: _Work._take)
        for text in ("take all",) + T_SOLO_ARRANGE + tuple(itertools.chain.from_iterable(g._t_solo_card)):
            out[text] = (1, None, 0, None, -1, False)
        return out
    for line in LINES:
        for a, b in itertools.combinations(line, 2):
            text = T_RUN_TEXT[a, b]
            cells, four = _take_cells(text[5:])
            out[text] = (1, cells, sum(1 << i for i in cells), four, -1, False)
    for i in BORDER:
        out[T_TAKE_ARRANGE[i]] = (1, (i,), 1 << i, None, -1, True)
        for card, text in enumerate(g._t_take_card[i]):
            out[text] = (1, (i,), 1 << i, None, card, False)
    return out


#: the operation of ``end`` when the round ends with it (multi-player)
_ROUND_END = (7,)
#: ``slot k`` that ends the turn (nothing else to place, no tiles to discard; multi-player)
_SLOT_END = ((8, 0), (8, 1), (8, 2))
#: one small tile of each colour, as pending counts (a one-tile take)
_ONE = tuple(tuple(int(k == c) for k in range(5)) for c in range(4))


def _quick_kind(s: MajolicaState, a: str):
    """Which short path of :func:`_quick` the listed action ``a`` may take here: the operation
    (a tuple, see :func:`_quick_table`; for a rearrangement ``(6, slots)``), or 0 for none (the
    full :class:`_Work` path). Short paths: a take (1. Select), a free discard (Tip 1), ``end``
    (the round going on, or multi-player its end: Game End or a new round), ``place W..``, ``slot ..`` and ``arrange ..`` when the turn goes on
    at 2. Place or its end. Takes, placements, slots and rearrangements qualify only with no full
    workshop (before and after: nothing can run then), no run, overflow or hand-icon tile
    pending. ``play`` and ``advance`` use it; ``_apply`` (the framework's general path) never
    does, and the tests compare the two."""
    g = s.game
    op = g._t_quick.get(a)
    if op is None:
        if a[0] != "a" or a[:8] != "arrange ":
            return 0
        kind = 6
    else:
        kind = op[0]
        if kind == 2:
            return op
        if kind == 3:
            if g.solo:
                return 0
            return op if (s.up & BORDER_MASK).bit_count() >= 4 else _ROUND_END
    if s.over >= 0 or s.run is not None or s.bonus:
        return 0
    wp = s.players[s.seat].wp
    info = g._t_ws.get(wp)
    if info is None:
        info = _ws_info(g, wp)
    # a full workshop might run when the action settles: leave that to the full path
    if info[1]:
        return 0
    if kind == 1:
        return op
    if kind == 4:  # place W..
        w = op[1]
        pend = s.pend
        after = info[0][w] + sum(pend) - (pend[PURPLE] if w == 3 else 0)
        if after >= g.cap[w] or not after:
            return 0  # it fills (may run) or overflows
        return op if s.pcard >= 0 or s.parr or g.free_discard else 0
    if kind == 6:  # arrange ..
        if s.pend is not None or s.pcard >= 0 or (g.free_discard and info[2]):
            ids = g.card_ids
            return (6, tuple(ids[x] if x != "-" else -1 for x in a[8:].split()))
        return 0
    if s.pend is not None or s.parr or (g.free_discard and info[2]):
        return op  # slot ..
    if g.solo:
        return 0
    return _SLOT_END[op[1]]  # slot .., and with nothing left to do the turn ends (_settle)


def _quick(s: MajolicaState, a: str, op) -> None:
    """Apply the listed action ``a`` to ``s`` (a new state or a scratch copy, changed in place)
    without unpacking the mover's board, as :meth:`_Work.act` would (``op`` from
    :func:`_quick_kind`). A take changes no board, and with no full workshop, no run and no
    overflow ``_settle`` only moves on to 2. Place; a free discard (Tip 1) takes one tile off one
    workshop and triggers nothing."""
    kind = op[0]
    if kind == 1:  # _Work._take of a grid
        _, cells, clear, four, card, arrange = op
        if cells is None:  # solo
            _Work._take(s, a.split())
            return
        if four is None:
            s.pend = _ONE[s.grid[cells[0]]]
        else:
            grid, pend = s.grid, [0, 0, 0, 0, 0]
            for i in cells:
                pend[grid[i]] += 1
            s.pend = tuple(pend)
            s.took4 = four
        s.up &= ~clear
        if arrange:
            s.parr = True
        elif card >= 0:
            s.pcard = card
            d = s.display
            k = d.index(card)
            s.display = d[:k] + d[k + 1 :]
        s.step = "place"
        return
    if kind == 3 or kind == 7:
        _quick_end_turn(s, kind == 7)
        return
    seat = s.seat
    players = list(s.players)
    old_slots = players[seat].slots
    players[seat] = _quick_player(s, op)  # first: it reads the pending tiles and card
    s.players = tuple(players)
    if kind == 2:  # a free discard: one tile off one workshop
        if op[2] == PURPLE:
            s.purple_out += 1
        return
    if kind == 4:  # _Work.add, then _settle: nothing full, so on to 2. Place or the turn's end
        if op[1] == 3:
            s.purple_out += s.pend[PURPLE]  # purple tiles reaching W4 leave the game
        s.pend = None
        s.step = "place" if s.pcard >= 0 or s.parr else "finish"
        return
    if kind == 5 or kind == 8:  # slot k: the replaced card to the deck's bottom; nothing full, nothing runs
        old = old_slots[op[1]]
        if old >= 0:
            s.deck = s.deck + (old,)
            s.known += 1
        s.pcard = -1
        if kind == 8:
            _quick_end_turn(s, (s.up & BORDER_MASK).bit_count() < 4)
        else:
            s.step = "place" if s.pend is not None or s.parr else "finish"
        return
    # 6, arrange: the cards with their tiles into the new slots; nothing full, nothing runs
    s.parr = False
    s.step = "place" if s.pend is not None or s.pcard >= 0 else "finish"


def _quick_player(s: MajolicaState, op) -> Player:
    """The mover's board after the short-path operation ``op`` (:func:`_quick_kind`) of a free
    discard (2), ``place W..`` (4), ``slot ..`` (5, 8) or ``arrange ..`` (6), read from ``s``
    before the action: what :func:`_quick` stores, and what :meth:`MajolicaState.greedy_value`
    values (without making the next state)."""
    kind = op[0]
    wp, slots, fills, done, tokens, purples, blooms, mission, mstore = s.players[s.seat]
    if kind == 2:  # one tile off one workshop
        _, w, c = op
        return _new_player((wp - _DROP[w][c], slots, fills, done, tokens, purples, blooms, mission, mstore))
    if kind == 4:  # the pending tiles into workshop w; purple tiles reaching W4 leave the game
        w = op[1]
        pend = s.pend
        add = pend[0] + (pend[1] << _B) + (pend[2] << 2 * _B) + (pend[3] << 3 * _B)
        if w != 3:
            add += pend[PURPLE] << 4 * _B
        return _new_player((wp + (add << w * _WB), slots, fills, done, tokens, purples, blooms, mission, mstore))
    if kind == 5 or kind == 8:  # the pending card into slot k, replacing the card there
        k = op[1]
        slots, fills = list(slots), list(fills)
        slots[k], fills[k] = s.pcard, ZERO4
        return _new_player((wp, tuple(slots), tuple(fills), done, tokens, purples, blooms, mission, mstore))
    # 6: the cards with their tiles into the new slots
    new_slots = op[1]
    old = dict(zip(slots, fills))
    new_fills = tuple(old[i] if i >= 0 else ZERO4 for i in new_slots)
    return _new_player((wp, new_slots, new_fills, done, tokens, purples, blooms, mission, mstore))


def _quick_end_turn(s: MajolicaState, round_end: bool) -> None:
    """:meth:`_Work._end_turn` of a multi-player game on ``s`` in place, the boards as they are:
    the turn passes left, or (``round_end``: below four face-up outer tiles) the round ends:
    Game End, or the grid reshuffled, the display refilled and the start player token passed."""
    s.pend, s.pcard, s.parr, s.took4 = None, -1, False, False
    s.ran, s.ncomp, s.bonus, s.bloomed, s.run, s.over = 0, 0, 0, False, None, -1
    s.turnno += 1
    s.step = "select"
    g = s.game
    if not round_end:
        s.seat = (s.seat + 1) % g.players
        return
    if any(len(p.done) >= g.end_cards for p in s.players) or (g.stall_rounds is not None and s.round - s.lastc >= g.stall_rounds):
        s.seat = None  # Game End
        return
    if not s._scratch:
        s.chance = s.chance.copy()  # a new state: the one before keeps its generator (_Work._draw)
    cells = list(s.grid)
    s.chance.shuffle(cells)
    s.grid, s.up = tuple(cells), (1 << 16) - 1
    k = g.components.display - len(s.display)
    if k > 0:
        s.display = s.display + s.deck[:k]
        s.deck = s.deck[k:]
        s.known = min(s.known, len(s.deck))
    s.round += 1
    s.start = (s.start + 1) % g.players
    s.seat = s.start


@functools.cache
def _take_cells(text: str) -> tuple[tuple[int, ...], bool | None]:
    """The grid cells a take names (``a1-d1``: the run from a1 to d1 along its outer row or
    column; ``b1``: one tile), and for a run whether it has four tiles (``None`` for one tile).
    A pure function of the notation, remembered (at most the 16 cells and the runs)."""
    cells = [_cell(x) for x in text.split("-")]
    if len(cells) != 2:
        return tuple(cells), None
    ln = next(ln for ln in LINES if cells[0] in ln and cells[1] in ln)
    lo, hi = sorted((ln.index(cells[0]), ln.index(cells[1])))
    return tuple(ln[k] for k in range(lo, hi + 1)), hi - lo == 3


class _Work(MajolicaState):
    """The next state while one action is applied to it: a copy of the state with the mover's
    board unpacked as lists (the working slots _SCRATCH), which :meth:`freeze` packs back, turning
    the object into a plain :class:`MajolicaState` (same slots, so the class can change)."""

    __slots__ = ()

    def __init__(self, s: MajolicaState, history: tuple | _HistoryLink | None = None):
        State.__init__(self, s.game, s._hist if history is None else history, s.chance)
        _transfer(self, s)
        self._legal = None
        self._unpack()
        self.chance_copied = False

    def _unpack(self) -> None:
        """Unpack the mover's board into the working slots (lists)."""
        p = self.players[self.seat]
        self.ws = list(map(list, _ws_rows(p.wp)))
        self.slots = list(p.slots)
        self.fills = list(map(list, p.fills))
        self.done = list(p.done)
        _, _, _, _, self.tokens, self.purples, self.blooms, self.mission, self.mstore = p
        self.me = self.seat

    # -- the player's board -----------------------------------------------------------------------
    def player(self) -> Player:
        return _new_player(
            (pack_workshops(self.ws), tuple(self.slots), tuple(map(tuple, self.fills)), tuple(self.done),
             self.tokens, self.purples, self.blooms, self.mission, self.mstore),
        )  # fmt: skip

    def freeze(self, history=None) -> MajolicaState:
        """Pack the mover's board back and become a plain :class:`MajolicaState` (returned);
        ``history`` replaces the history when given."""
        if self.me is not None:  # (None: the turn passed, the board is stored already)
            players = list(self.players)
            players[self.me] = self.player()
            self.players = tuple(players)
        if history is not None:
            self.history = history
        _clear(self)
        self.__class__ = MajolicaState
        return self

    def runnable(self, w: int) -> bool:
        g, ws = self.game, self.ws[w]
        if not pattern_met(g, w, ws):
            return False
        if w == 3:
            return g.empty_run or self.city[0] + self.city[1] > 0
        card = self.slots[w]
        return card >= 0 and any(ws[c] and card_open(g, card, self.fills[w], c) for c in range(4))

    def add(self, w: int, counts) -> None:
        """Tiles into workshop ``w``; purple tiles reaching W4 leave the game; overflow is marked."""
        ws = self.ws[w]
        for c, k in enumerate(counts):
            if k:
                if c == PURPLE and w == 3:
                    self.purple_out += k
                else:
                    ws[c] += k
        if sum(ws) > self.game.cap[w]:
            self.over = w

    def drop(self, w: int, c: int) -> None:
        self.ws[w][c] -= 1
        if c == PURPLE:
            self.purple_out += 1

    # -- actions -------------------------------------------------------------------------------
    def act(self, a: str) -> None:
        g = self.game
        words = a.split()
        verb = words[0]
        if verb == "mission":
            if self.step == "mission":
                m = int(words[1][1:]) - 1
                self.mission = m
                self.missions_open = tuple(x for x in self.missions_open if x != m)
                self.setup += 1
                self.turnno += 1
                if self.setup < g.players:
                    self._switch((self.start - 1 - self.setup) % g.players)
                else:
                    self.setup = 0
                    self._switch(self.start)
                    self.step = "start"
                return
            c = COL.index(words[1])
            pend = list(self.pend)
            pend[c] -= 1
            self.pend = tuple(pend)
            self.mstore |= 1 << c
            self.took4 = False
        elif verb == "start":
            k = int(words[2]) - 1
            self.slots[k] = self.starting[self.me]
            st = list(self.starting)
            st[self.me] = -1
            self.starting = tuple(st)
            self.setup += 1
            self.turnno += 1
            if self.setup < g.players:
                self._switch((self.start + self.setup) % g.players)
            else:
                self.setup = 0
                self._switch(self.start)
                self.step = "select"
                if g.solo:
                    self._reveal()
            return
        elif verb == "take":
            self._take(words)
        elif verb == "place":
            w = int(words[1][1]) - 1
            pend = self.pend
            self.pend = None
            self.add(w, pend)
        elif verb == "slot":
            k = int(words[1]) - 1
            old = self.slots[k]
            if old >= 0:
                self.deck = self.deck + (old,)
                self.known += 1
            self.slots[k] = self.pcard
            self.fills[k] = [0, 0, 0, 0]
            self.pcard = -1
        elif verb == "arrange":
            new = [g.card_ids[x] if x != "-" else -1 for x in words[1:]]
            old = dict(zip(self.slots, self.fills))
            self.fills = [list(old[i]) if i >= 0 else [0, 0, 0, 0] for i in new]
            self.slots = new
            self.parr = False
        elif verb == "run":
            self._start_run(int(words[1][1]) - 1)
        elif verb == "bonus":
            c, w = COL.index(words[1]), int(words[2][1]) - 1
            self.bonus -= 1
            cnt = [0] * 5
            cnt[c] = 1
            self.add(w, cnt)
        elif verb == "no":
            self.bonus -= 1
        elif verb == "move":
            self._move(COL.index(words[1]))
        elif verb == "stop":
            self._end_moves()
        elif verb == "fragment":
            c = COL.index(words[1])
            self.ws[self.run[0]][c] -= 1
            if len(words) == 3:
                self.mstore |= 1 << c
            self._pass_on()
        elif verb == "discard":
            if len(words) == 2:
                self.drop(self.over, LETTERS.index(words[1]))
            else:
                self.drop(int(words[1][1]) - 1, LETTERS.index(words[2]))
                return  # a free discard (Tip 1) never triggers anything
        elif verb == "end":
            self._end_turn()
            return
        self._settle()

    def _take(self, words) -> None:
        g = self.game
        pend = [0] * 5
        if g.solo:
            if words[1] == "all":
                for c in self.revealed:
                    pend[c] += 1
                self.took4 = len(self.revealed) == 4
            else:
                pend[COL.index(words[1])] += 1
        else:
            cells, four = _take_cells(words[1])
            if four is not None:
                self.took4 = four
            grid, up = self.grid, self.up
            for i in cells:
                pend[grid[i]] += 1
                up &= ~(1 << i)
            self.up = up
        self.pend = tuple(pend)
        if len(words) == 4:
            if words[3] == "arrange":
                self.parr = True
            else:
                i = g.card_ids[words[3]]
                self.pcard = i
                self.display = tuple(x for x in self.display if x != i)
        self.step = "place"

    def _start_run(self, w: int) -> None:
        if w == 3:
            # W4: one tile to City Hall, take the next bonus token (purple first), rest back to W1
            ws = self.ws[3]
            c = next(k for k in range(4) if ws[k])
            ws[c] -= 1
            back = tuple(ws) + ()
            self.ws[3] = [0] * 5
            purple, points = self.city
            if purple:
                self.city = (purple - 1, points)
                self.purples += 1
                self.ws[0][PURPLE] += 1
            elif points:
                self.city = (purple, points - 1)
                self.tokens += 1
            self._ran(3)
            self.add(0, back)
            return
        self.run = (w, 0, "move")

    def _move(self, c: int) -> None:
        g = self.game
        w, moved, _ = self.run
        self.ws[w][c] -= 1
        card = self.slots[w]
        fill = self.fills[w]
        fill[c] += 1
        self.run = (w, moved + 1, "move")
        if sum(fill) == g.size[card]:
            # completed: tiles back to the supply, card to the scoring area (rulebook, Run Workshop(s) H)
            self.done.append(card)
            self.slots[w] = -1
            self.fills[w] = [0, 0, 0, 0]
            self.ncomp += 1
            self.lastc = self.round
            if g.cards[card].hand:
                self.bonus += 1
            if len(self.done) == 3 and self.first3 < 0:
                self.first3 = self.me
            if self.ncomp >= 2:
                self.m8 |= 1 << self.me

    def _end_moves(self) -> None:
        w = self.run[0]
        if self.game.frag[w]:
            self.run = (w, self.run[1], "fragment")
        else:
            self._pass_on()

    def _pass_on(self) -> None:
        """The rest of the running workshop moves on to the next (rulebook, Run Workshop(s) B, G)."""
        w = self.run[0]
        rest = tuple(self.ws[w])
        self.ws[w] = [0] * 5
        self.run = None
        self._ran(w)
        self.add((w + 1) % 4, rest)

    def _ran(self, w: int) -> None:
        self.ran |= 1 << w
        if self.game.bloom and self.ran == 15 and not self.bloomed:
            self.blooms += 1
            self.bloomed = True

    def _settle(self) -> None:
        """Resolve what needs no choice; stop at the next decision (overflow, run order, moves,
        fragmentation, pending placement) or end the turn when nothing is left."""
        g = self.game
        while True:
            if self.over >= 0:
                ws = self.ws[self.over]
                excess = sum(ws) - g.cap[self.over]
                if excess <= 0:
                    self.over = -1
                    continue
                cols = [c for c in range(5) if ws[c]]
                if len(cols) == 1:
                    for _ in range(excess):
                        self.drop(self.over, cols[0])
                    continue
                self.step = "overflow"
                return
            if self.run is not None:
                w, moved, phase = self.run
                if phase == "move":
                    card = self.slots[w]
                    opts = [c for c in range(4) if self.ws[w][c] and card >= 0 and card_open(g, card, self.fills[w], c)] if moved < g.must[w] + g.may[w] else []
                    if not opts:
                        self._end_moves()
                        continue
                    if moved < g.must[w] and len(opts) == 1:
                        self._move(opts[0])
                        continue
                    self.step = "move"
                    return
                cols = [c for c in range(4) if self.ws[w][c]]
                if not cols:
                    self._pass_on()
                    continue
                if len(cols) == 1 and not (self.mission == 1 and not self.mstore >> cols[0] & 1):
                    self.ws[w][cols[0]] -= 1
                    self._pass_on()
                    continue
                self.step = "fragment"
                return
            wss, cap = self.ws, g.cap
            # only a full workshop can run (pattern_met's first test, done here without a call)
            runnable = [w for w in range(4) if sum(wss[w]) == cap[w] and self.runnable(w)]
            if runnable or self.bonus:
                if len(runnable) == 1 and not self.bonus:
                    self._start_run(runnable[0])
                    continue
                self.step = "choose"
                return
            if self.pend is not None or self.pcard >= 0 or self.parr:
                self.step = "place"
                return
            if g.free_discard and any(any(ws) for ws in self.ws):
                self.step = "finish"  # Tip 1: discard now, or end the turn
                return
            self._end_turn()
            return

    def _switch(self, seat: int) -> None:
        """Hand the turn to ``seat``: store the mover's board. Every caller ends the action right
        after, so ``seat``'s board is not unpacked (its stored one stays as it is); the working
        board is dropped (``me`` None, the lists None) so that a later use would fail loudly."""
        players = list(self.players)
        players[self.me] = self.player()
        self.players = tuple(players)
        self.ws = self.slots = self.fills = self.done = self.me = None
        self.seat = seat

    def _reveal(self) -> None:
        self.revealed = tuple(sorted(self.stack[:4]))
        self.stack = self.stack[4:]

    def _draw(self) -> Chance:
        if not self.chance_copied:
            self.chance = self.chance.copy()
            self.chance_copied = True
        return self.chance

    def _end_turn(self) -> None:
        """End of a turn (rulebook, Gameplay; End of the Round; Game End; solo rules)."""
        g = self.game
        self.pend, self.pcard, self.parr, self.took4 = None, -1, False, False
        self.ran, self.ncomp, self.bonus, self.bloomed, self.run, self.over = 0, 0, 0, False, None, -1
        self.turnno += 1
        if g.solo:
            self.flipped = tuple(f + sum(1 for c in self.revealed if c == k) for k, f in enumerate(self.flipped))
            self.revealed = ()
            if self.stack:
                self._reveal()
                self.step = "select"
                return
        else:
            if (self.up & BORDER_MASK).bit_count() >= 4:  # face-up tiles on the outer edge
                self._switch((self.seat + 1) % g.players)
                self.step = "select"
                return
        # end of the round
        players = list(self.players)
        players[self.me] = self.player()
        if (g.solo and self.round >= SOLO_ROUNDS) or (
            not g.solo and (any(len(p.done) >= g.end_cards for p in players) or (g.stall_rounds is not None and self.round - self.lastc >= g.stall_rounds))
        ):
            self.players = tuple(players)
            self.seat = None
            self.step = "select"
            return
        chance = self._draw()
        if g.solo:
            stack = [c for c in range(4) for _ in range(g.components.large_per_colour)]
            chance.shuffle(stack)
            self.stack, self.flipped = tuple(stack), ZERO4
            self._reveal()
        else:
            cells = list(self.grid)
            chance.shuffle(cells)
            self.grid, self.up = tuple(cells), (1 << 16) - 1
        k = g.components.display - len(self.display)
        if k > 0:
            self.display = self.display + self.deck[:k]
            self.deck = self.deck[k:]
            self.known = min(self.known, len(self.deck))
        self.round += 1
        self.start = (self.start + 1) % g.players
        self._switch(self.start)
        self.step = "select"
