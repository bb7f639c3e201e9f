"""The game: :class:`Majolica` (rulebook, Game Setup; the expansions as options; the engine's
options, e.g. ``stall_rounds``), its component data and the notation tables built once per game.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from zongshi_widgets.core import Chance, Game, GameType

from .components import Components, default_components, load_components
from .notation import CELLS, COL, SEATS, T_TAKE_ARRANGE
from .quick import _quick_table
from .setup import _build

if TYPE_CHECKING:
    from .state import MajolicaState


#: The expansions by name (rulebook, Expansion Rules), each the :class:`Majolica` option it switches on.
EXPANSIONS = {"cascading_bloom": "cascading_bloom", "kaleidoscopic": "kaleidoscopic", "missions": "missions"}


def expansion_options(expansions: object) -> dict[str, bool]:
    """The options a list of expansion names switches on, checked.

    Args:
        expansions: a list (or tuple, set) of names among :data:`EXPANSIONS`, e.g. ``["missions"]``.

    Returns:
        dict[str, bool]: ``{option: True}`` per expansion named.

    Raises:
        TypeError: not a list of strings (a single name given as a string included).
        ValueError: an unknown name (the message lists the expansions), or a name given twice.
    """
    known = ", ".join(EXPANSIONS)
    if isinstance(expansions, (str, bytes, Mapping)) or not isinstance(expansions, Iterable):
        hint = f" (one expansion is a list of one: [{expansions!r}])" if isinstance(expansions, str) else ""
        raise TypeError(f"expansions is a list of expansion names ({known}), not {expansions!r}{hint}")
    names = list(expansions)
    wrong = [e for e in names if not isinstance(e, str)]
    if wrong:
        raise TypeError(f"expansions is a list of expansion names ({known}), not a list holding {wrong[0]!r}")
    unknown = [e for e in names if e not in EXPANSIONS]
    if unknown:
        raise ValueError(f"unknown Majolica expansion {', '.join(map(repr, unknown))}; the expansions are {known}")
    twice = sorted({e for e in names if names.count(e) > 1})
    if twice:
        raise ValueError(f"the expansion {', '.join(map(repr, twice))} is listed twice in expansions=; name each once")
    return {EXPANSIONS[e]: True for e in names}


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
            ``"W2"`` (rulebook item D does not say; docs/rulings/majolica.md §1 F recommends W3). Default:
            as the component file says (W3). Each workshop is named once; the default set
            written out (``fragment="W3"``) makes the same game as leaving the option out.
        whole_runs (bool): option A takes a whole unbroken face-up run of an outer row or
            column (docs/rulings/majolica.md §2; one source, GF). ``False`` also allows any contiguous part of at
            least 2 tiles. Default ``True``.
        city_hall_empty (str): ``"run"`` (the last workshop still runs with no token left: the
            default of docs/rulings/majolica.md §4) or ``"no run"`` (it cannot run then).
        discard_any_time (bool): Tip 1: tiles may be discarded from workshops at any time of
            one's turn (adds ``discard W1 R`` actions and an ``end`` action). Default ``True``.
        starting_card_counts_for_m6 (bool): a completed starting card counts as the 3-point
            card of mission M6 (docs/rulings/majolica.md §5, reconstructed). Default ``True``.
        end_cards (int): the game ends at the end of a round in which a player has completed
            this many design cards (rulebook, Game End: 5, the book's value; 1 to 10 for design
            experiments, e.g. 4 for a shorter game). Ignored in solo play (6 rounds). The
            mission "complete 5 design cards" keeps its 5.
        expansions (Iterable[str] | None): another way to switch the expansions on, as the
            board's ``expansions=`` does: a list of names among :data:`EXPANSIONS`, e.g.
            ``["missions", "cascading_bloom"]`` (the same game as ``missions=True,
            cascading_bloom=True``).
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
        ValueError: a bad player count, option value or component file; an unknown expansion
            name, or one named twice or also given as its own option.
        TypeError: ``expansions`` is not a list of names.
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
        expansions: Iterable[str] | None = None,
    ):
        self.game_type.check_players(players)
        if expansions is not None:
            flags = {"cascading_bloom": cascading_bloom, "kaleidoscopic": kaleidoscopic, "missions": missions}
            for key in expansion_options(expansions):
                if flags[key] is not False:
                    raise ValueError(f"the expansion {key!r} is given both in expansions= and as {key}={flags[key]!r}; give it once")
                flags[key] = True
            cascading_bloom, kaleidoscopic, missions = flags["cascading_bloom"], flags["kaleidoscopic"], flags["missions"]
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
