"""GembloQ rules: the game, its states and legal placements.

Rulebook sections cited: "Setup" (playing areas, starting points), "Gameplay" (turn order,
corner contact, no side contact with one's own colour, passing, the end), "Meaning of the
Triangular Part", "End of the Game" (penalty points), "In Case of a Tie".

Legal placements are kept incrementally per colour (as Pentobi does): after each placement
only the placements touched by it are removed, and new ones are added around its corners.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from ...core import Chance, Game, GameType, IllegalAction, ScoreSheet, State, Turn
from .geometry import AreaTables, Piece, Placement, area_tables, bits_to_ids, canonical, default_pieces, load_pieces, shape_index

#: Colour names in turn order. Each seat plays the colour with its index, except in the
#: two-player four-colour game, where seat 0 plays blue and red, seat 1 yellow and green.
COLOURS = ("blue", "yellow", "red", "green")

#: The rulebook passages the refusals quote: rule -> (rulebook section, the exact sentence).
#: Tests check that each sentence appears word for word in the rulebook.
RULEBOOK = {
    "off-area": ("Setup", "Pieces are placed inside the playing area and may not go beyond its border."),
    "off-board": ("Setup", "Game for 4 players: the whole game board is used."),
    "overlap": ("Gameplay", "Try to take as much space on the board as possible with your pieces, so that it is harder for other players to place theirs."),
    "edge-contact": ("Gameplay", "Two pieces of the same color may not touch each other by their sides."),
    "corner-contact": ("Gameplay", "Pieces of the same color placed on the board may touch only at corners (i.e. be connected through Q-points)."),
    "starting-square": ("Gameplay", "On their turn each player places one piece on the board, starting from a starting point."),
    "piece-used": ("Setup", "Each player chooses a color and takes the whole set of pieces of that color (21 pieces)."),
    "not-a-piece": ("Components", "84 pieces of various shapes (21 pieces in each of 4 colors), game board, rules."),
    "game-over": ("Gameplay", "The game continues until none of the players has a possibility to place their pieces."),
    "pass": ("Gameplay", "If a player cannot place any piece, they skip their turn."),
}


def cite(rule: str) -> str:
    """The rulebook citation of ``rule`` (a key of :data:`RULEBOOK`): ``rulebook, Section: "..."``."""
    section, sentence = RULEBOOK[rule]
    return f'rulebook, {section}: "{sentence}"'


class GembloQ(Game):
    """GembloQ for 1 to 4 players.

    Args:
        players (int): 4, 3 or 2 players, each with one colour, on the area the rulebook gives
            for that count (rulebook, "Setup"); 1 for the puzzle: one colour alone on the
            2-player area, placing as many pieces as it can. Default 4.
        components (str | None): a JSON piece file in the format of the packaged
            ``data/pieces.json``, for a corrected or experimental piece set.
        colors (int | None): how many colours play; ``None`` (default): one per player. With
            ``players=2, colors=4`` this is Pentobi's "GembloQ Two-Player Four-Color" (not in
            the rulebook): the four colours on the 4-player area, in the usual order blue,
            yellow, red, green; seat 0 plays blue and red, seat 1 yellow and green, and a
            seat's penalty points are the sum of its two colours'. ``state.to_move`` is the
            seat, ``state.colour_to_move`` the colour.

    Positions can be posed directly with :meth:`from_position` (as Pentobi's setup properties
    give them): ``{colour name: [placement notation, ...], ..., "to_play": colour name}``, e.g.
    ``game.from_position({"blue": ["b27,c27,b28,c28"], "to_play": "yellow"})``. The pieces
    are put down at once, without the turn order (as in Pentobi); they may not overlap and a
    colour places each piece at most once; ``to_play`` defaults to blue.

    Raises:
        ValueError: an unsupported player count or colour count, or a bad piece file.
    """

    name = "gembloq"
    game_type = GameType(
        long_name="GembloQ",
        player_counts=(1, 2, 3, 4),
        default_players=4,
        hidden_information=False,
        chance=False,
        multi_step_turns=False,
        lower_score_wins=True,
        notation_help="the cells a piece covers, in any order, e.g. b27,c27,b28,c28 (column letters, row number)",
        rulebook="GembloQ Rulebook",
        variants=(("colors", (None, 4)),),  # None: one colour per player (the default), as every game lists its default
    )

    def __init__(self, players: int = 4, components: str | None = None, colors: int | None = None):
        self.game_type.check_players(players)
        known = colors is None or (isinstance(colors, int) and not isinstance(colors, bool) and colors in ({players, 4} if players in (2, 4) else {players}))
        if not known:
            raise ValueError(
                f"colors={colors!r}: GembloQ plays one colour per player, or 4 colours for 2 players (Pentobi's Two-Player Four-Color); no other colour count"
            )
        colours = players if colors is None else colors
        options: dict = {} if components is None else {"components": components}
        if colours != players:
            options["colors"] = colours
        self.pieces: tuple[Piece, ...] = default_pieces() if components is None else load_pieces(components)
        self.tables: AreaTables = area_tables(2 if players == 1 else colours, self.pieces)
        self.colours: int = colours
        super().__init__(players, options)
        self._freeze()

    def __getstate__(self) -> dict:
        """What a pickle of the game holds (the design lab ships games to worker processes by
        value): everything but the placement tables, which are derived from the pieces and the
        area and rebuilt on unpickling (:func:`area_tables`, cached per process by piece set)."""
        state = dict(self.__dict__)
        del state["tables"]
        return state

    def __setstate__(self, state: dict) -> None:
        """Restore a pickled game: its attributes, then its placement tables rebuilt from its
        own pieces (never read again from a file: an edited piece file does not reach it)."""
        self.__dict__.update(state)
        self.__dict__["tables"] = area_tables(2 if self.players == 1 else self.colours, self.pieces)

    @property
    def colour_names(self) -> tuple[str, ...]:
        """The colours that play, in turn order (``"blue"``, ``"yellow"``, ``"red"``, ``"green"``)."""
        return COLOURS[: self.colours]

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The colour(s) of each seat: ``"blue"``...; ``"blue and red"``, ``"yellow and green"``
        in the two-player four-colour game."""
        if self.colours == self.players:
            return COLOURS[: self.players]
        return tuple(" and ".join(COLOURS[c] for c in self.seat_colours(s)) for s in range(self.players))

    def seat_of(self, colour: int) -> int:
        """The seat (player) that plays ``colour``."""
        return colour % self.players

    def seat_colours(self, seat: int) -> tuple[int, ...]:
        """The colours seat ``seat`` plays, in turn order."""
        return tuple(range(seat, self.colours, self.players))

    @property
    def variant(self) -> str:
        """Pentobi's short name: ``"gembloq"``, ``"gembloq_3"``, ``"gembloq_2"``,
        ``"gembloq_2_4"`` (two players, four colours) or ``"gembloq_1"`` (the puzzle)."""
        if self.colours != self.players:
            return f"gembloq_{self.players}_{self.colours}"
        return "gembloq" if self.players == 4 else f"gembloq_{self.players}"

    def _check_setup(self, setup) -> dict:
        """A position description checked and normalised: placements in their canonical
        notation.

        Raises:
            ValueError: not a dict of colour names to placement lists, an unknown colour, a
                placement that is not one, overlapping pieces, a piece placed twice.
        """
        if not isinstance(setup, dict):
            raise ValueError(f"a GembloQ position is a dict {{colour name: [placements], 'to_play': colour name}}, not {type(setup).__name__}")
        names = self.colour_names
        unknown = [k for k in setup if k not in names and k != "to_play"]
        if unknown:
            raise ValueError(f"setup: {unknown[0]!r} is not a colour of this game (colours: {', '.join(names)}; and 'to_play')")
        to_play = setup.get("to_play", names[0])
        if to_play not in names:
            raise ValueError(f"setup: to_play must be one of {', '.join(names)}, not {to_play!r}")
        tables = self.tables
        out: dict = {}
        covered: dict[int, str] = {}
        for name in names:
            notations = setup.get(name, [])
            if isinstance(notations, str) or not isinstance(notations, (list, tuple)):
                raise ValueError(f"setup: {name}'s pieces must be a list of placements, not {notations!r}")
            pieces_used = set()
            placed = []
            for text in notations:
                if not isinstance(text, str):
                    raise ValueError(f"setup: {name}: a placement is written as cell labels, not {text!r}")
                try:
                    cells = tables.parse_cells(text)
                except ValueError as exc:
                    raise ValueError(f"setup: {name}: {exc}") from None
                idx = [tables.index.get(cell) for cell in cells]
                pid = None if None in idx or len(set(idx)) != len(idx) else tables.find(idx)
                if pid is None:
                    raise ValueError(f"setup: {name}: {text!r} is not a piece inside the playing area")
                p = tables.placements[pid]
                if p.piece.index in pieces_used:
                    raise ValueError(f"setup: {name} places piece {p.piece.number} twice ({cite('piece-used')})")
                pieces_used.add(p.piece.index)
                for i in idx:
                    if i in covered:
                        raise ValueError(f"setup: {name}'s {p.notation} overlaps {covered[i]}'s piece at {tables.labels[i]}")
                    covered[i] = name
                placed.append(p.notation)
            if placed:
                out[name] = tuple(placed)
        out["to_play"] = to_play
        return out

    def new_state(self, seed: int | None = None) -> GembloQState:
        """The starting position: the empty board with blue to move (rulebook, "Setup")."""
        n = self.colours
        reach = tuple(self.tables.start_bits[c] for c in range(n))
        return GembloQState(self, (), Chance(seed), (), (0,) * n, (0,) * n, (0,) * n, reach, (0,) * n, 0)

    def _state_from_position(self, description: dict, chance: Chance) -> GembloQState:
        """A position with pieces put down at once (see the class docstring; Pentobi's setup).

        Raises:
            ValueError: see :meth:`_check_setup`.
        """
        setup = self._check_setup(description)
        n = self.colours
        reach = tuple(self.tables.start_bits[c] for c in range(n))
        to_play = self.colour_names.index(setup["to_play"])
        state = GembloQState(self, (), chance, (), (0,) * n, (0,) * n, (0,) * n, reach, (0,) * n, to_play)
        tables = self.tables
        for c, name in enumerate(self.colour_names):
            for text in setup.get(name, ()):
                p = tables.placements[tables.find(tables.index[cell] for cell in tables.parse_cells(text))]
                state = state._place(c, p, to_play, record=False)
        return state

    def total_squares(self) -> float:
        """Squares in one colour's full set (float; 82.5 for the standard set)."""
        return sum(p.squares for p in self.pieces)


class GembloQState(State):
    """A GembloQ position. See :class:`zongshi_widgets.core.State` for the contract.

    Attributes:
        movers (tuple[int, ...]): the colour that made each action of ``history``.
    """

    __slots__ = ("movers", "_owner", "_forbid", "_used", "_reach", "_excl", "_legal", "_to_move")

    def __init__(self, game, history, chance, movers, owner, forbid, used, reach, excl, mover):
        super().__init__(game, history, chance)
        self.movers = movers
        self._owner = owner  # per colour: mask of its cells (bit = area cell index)
        self._forbid = forbid  # per colour: cell mask, occupied or edge-adjacent to its own
        self._used = used  # per colour: bit k set when piece index k is placed
        # Placement bit sets (bit = placement id). A placement is legal for colour c when it is
        # in reach[c] (covers c's starting square, or a cell touching a c piece at a corner)
        # and not in excl[c] (uses a placed piece, covers an occupied cell or a cell
        # edge-adjacent to a c piece).
        self._reach = reach
        self._excl = excl
        n = len(reach)
        self._legal: list[int | None] = [None] * n
        # a colour with no legal placement passes (rulebook, Gameplay)
        self._to_move = None
        for i in range(n):
            c = (mover + i) % n
            if self._legal_bits(c):
                self._to_move = c
                break

    def _colour(self, colour) -> int:
        """``colour`` checked: an int seat of this game.

        Raises:
            TypeError: not an int.
            ValueError: not a colour of this game.
        """
        if not isinstance(colour, int) or isinstance(colour, bool):
            raise TypeError(f"a colour is a colour number (int, 0 = blue), not {colour!r}")
        n = len(self._reach)
        if not 0 <= colour < n:
            raise ValueError(f"colour {colour} does not play in this {n}-colour game (colours are 0..{n - 1})")
        return colour

    def _legal_bits(self, c: int) -> int:
        bits = self._legal[c]
        if bits is None:
            bits = self._legal[c] = self._reach[c] & ~self._excl[c]
        return bits

    # -- contract -------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat (player) to place now, or ``None`` once nobody can place (game over).

        The seat plays the colour with its own index, except in the two-player four-colour
        game (see :attr:`colour_to_move`)."""
        c = self._to_move
        return None if c is None else c % self.game.players

    @property
    def colour_to_move(self) -> int | None:
        """The colour (0 blue, 1 yellow, 2 red, 3 green) to place now, or ``None`` when over.
        Passing colours are skipped (rulebook, Gameplay)."""
        return self._to_move

    def legal_actions(self) -> list[Placement]:
        """Every legal placement of the colour to move, ordered by piece, orientation, position."""
        if self._to_move is None:
            return []
        tables = self.game.tables
        placements = tables.placements
        made = placements.items
        return [made[i] or placements[i] for i in bits_to_ids(self._legal_bits(self._to_move), tables.nbytes)]

    def legal_count(self, colour: int | None = None) -> int:
        """How many legal placements ``colour`` (default: the colour to move) has now."""
        if colour is None:
            colour = self._to_move
            if colour is None:
                return 0
        return self._legal_bits(self._colour(colour)).bit_count()

    def legal_ids(self, colour: int) -> list[int]:
        """The ids (into ``game.tables.placements``) of ``colour``'s legal placements, ascending."""
        return bits_to_ids(self._legal_bits(self._colour(colour)), self.game.tables.nbytes)

    def parse_action(self, notation: str) -> Placement:
        """Read cell labels (any order, e.g. ``"b27,c27,b28,c28"``) into a legal placement.

        Raises:
            IllegalAction: ``gembloq.notation`` (unreadable), ``gembloq.placement.not-a-piece``
                (the cells are no piece's shape) or any placement rule (see :meth:`check`).
        """
        placement = self.placement_from_cells(notation)
        self.check(placement)
        return placement

    def placement_from_cells(self, notation: str | Sequence[tuple[int, int]]) -> Placement:
        """The placement covering exactly these cells (labels or ``(x, y)`` pairs), legal or not.

        Raises:
            IllegalAction: ``gembloq.notation``, ``gembloq.placement.not-a-piece`` or
                ``gembloq.placement.off-area``.
        """
        tables = self.game.tables
        if isinstance(notation, str):
            if not notation.strip():
                raise IllegalAction("gembloq.notation", "An empty move: name the cells the piece covers, like 'b27,c27,b28,c28'.")
            try:
                cells = tables.parse_cells(notation)
            except ValueError as exc:
                raise IllegalAction("gembloq.notation", str(exc)) from None
        else:
            try:
                cells = [(int(x), int(y)) for x, y in notation]
            except (TypeError, ValueError):
                raise IllegalAction("gembloq.notation", "Cells must be (x, y) pairs of integers.") from None
        if not cells:
            raise IllegalAction("gembloq.notation", "An empty move: name the cells the piece covers.")
        if len(set(cells)) != len(cells):
            raise IllegalAction("gembloq.notation", "A cell is named twice.")
        found = shape_index(self.game.pieces).get(canonical(cells))
        if found is None:
            raise IllegalAction(
                "gembloq.placement.not-a-piece",
                f"These cells ({len(cells)} triangle{'s' if len(cells) != 1 else ''}) do not form any GembloQ piece ({cite('not-a-piece')}).",
            )
        idx = [tables.index.get(c) for c in cells]
        if None in idx:
            self._raise_off_area()
        return tables.placements[tables.find(idx)]

    def _raise_off_area(self) -> None:
        rule = "off-board" if self.game.tables.players == 4 else "off-area"
        raise IllegalAction("gembloq.placement.off-area", f"The piece goes beyond the playing area ({cite(rule)}).")

    def check(self, action) -> None:
        """Check a placement for the colour to move.

        Raises:
            IllegalAction: with rule ``gembloq.placement.<rule>``, one of ``off-area``,
                ``piece-used``, ``overlap``, ``edge-contact``, ``starting-square``,
                ``corner-contact`` (the first one broken, in that order); or
                ``core.game-over``.
        """
        if self._to_move is None:
            raise IllegalAction("core.game-over", f"The game is over: nobody can place a piece ({cite('game-over')}).")
        if not isinstance(action, Placement):
            raise IllegalAction("gembloq.notation", f"Not a GembloQ placement: {action!r}.")
        tables = self.game.tables
        placements = tables.placements
        if action.id < len(placements) and placements.items[action.id] is action:
            pid = action.id  # one of this area's own placements (the usual case)
        else:  # a placement from another area or piece set: look it up by its cells
            idx = [tables.index.get(c) for c in action.cells]
            pid = None if None in idx else tables.find(idx)
            if pid is None or placements[pid] != action or placements[pid].piece.number != action.piece.number:
                self._raise_off_area()
        c = self._to_move
        if (self._legal_bits(c) >> pid) & 1:
            return
        self._raise_reason(c, tables.placements[pid])

    def explain(self, action, colour: int | None = None) -> IllegalAction | None:
        """Why ``action`` would be illegal for ``colour`` (default: the colour to move).

        Returns:
            IllegalAction | None: the error :meth:`play` would raise, or ``None`` when legal.
        """
        if colour is not None:
            self._colour(colour)
        try:
            if isinstance(action, str):
                action = self.placement_from_cells(action)
            if colour is None or colour == self._to_move:
                self.check(action)
            else:
                if not (self._legal_bits(colour) >> action.id) & 1:
                    self._raise_reason(colour, action)
        except IllegalAction as exc:
            return exc
        return None

    def _raise_reason(self, c: int, p: Placement) -> None:
        tables = self.game.tables
        name = self.game.colour_names[c]
        if self._used[c] >> p.piece.index & 1:
            raise IllegalAction("gembloq.placement.piece-used", f"{name} has already placed piece {p.piece.number} ({cite('piece-used')}).")
        occupied = 0
        for m in self._owner:
            occupied |= m
        if p.mask & occupied:
            raise IllegalAction(
                "gembloq.placement.overlap", f"The piece would cover a piece already on the board: pieces go on free space only ({cite('overlap')})."
            )
        if tables.edge_mask[p.id] & self._owner[c]:
            raise IllegalAction("gembloq.placement.edge-contact", f"The piece would share a side with another {name} piece ({cite('edge-contact')}).")
        if not self._owner[c]:
            raise IllegalAction(
                "gembloq.placement.starting-square",
                f"{name}'s first piece must cover {name}'s whole starting square ({cite('starting-square')}).",
            )
        raise IllegalAction(
            "gembloq.placement.corner-contact",
            f"The piece must touch another {name} piece at a corner ({cite('corner-contact')}).",
        )

    def _apply(self, p: Placement) -> GembloQState:
        c = self._to_move
        return self._place(c, p, (c + 1) % len(self._reach))

    def _place(self, c: int, p: Placement, mover: int, record: bool = True) -> GembloQState:
        """The state after colour ``c`` places ``p`` (already checked), the turn going to the
        first colour from ``mover`` on that can place; ``record=False`` for a setup piece
        (not in ``history``)."""
        tables = self.game.tables
        cell_bits = tables.cell_bits
        pid, mask = p.id, p.mask
        edge_cells, corner_cells, edge_mask = tables.around.items[pid] or tables.around[pid]
        covered = _cover_bits(tables, p)  # placements sharing a cell with p: now illegal for everybody
        closed = covered | tables.piece_bits[p.piece.index]  # ... and for c, the piece is used
        for i in edge_cells:  # ... and cells along p's sides
            closed |= cell_bits[i]
        opened = 0  # placements through a cell touching p at a corner
        for i in corner_cells:
            opened |= cell_bits[i]
        excl = tuple((e | closed) if d == c else (e | covered) for d, e in enumerate(self._excl))
        # once c has a piece down, its starting square no longer counts (as in Pentobi; in play
        # the first piece covers it anyway, a setup position may leave it free)
        reach_c = (self._reach[c] | opened) if self._owner[c] else opened
        reach = self._reach[:c] + (reach_c,) + self._reach[c + 1 :]
        forbid = tuple((f | mask | edge_mask) if d == c else (f | mask) for d, f in enumerate(self._forbid))
        owner = self._owner[:c] + (self._owner[c] | mask,) + self._owner[c + 1 :]
        used = self._used[:c] + (self._used[c] | (1 << p.piece.index),) + self._used[c + 1 :]
        if not record:
            return GembloQState(self.game, self.history, self.chance, self.movers, owner, forbid, used, reach, excl, mover)
        return GembloQState(self.game, self.history + (p,), self.chance, self.movers + (c,), owner, forbid, used, reach, excl, mover)

    def corner_spots_opened(self, p: Placement) -> int:
        """How many free corner spots placement ``p`` would give the colour to move: cells
        touching ``p`` only at a corner that are neither covered nor beside its own pieces."""
        tables = self.game.tables
        forbid = self._forbid[self._to_move] | p.mask | tables.edge_mask[p.id]
        return sum(1 for i in tables.corner_cells[p.id] if not (forbid >> i) & 1)

    def placements_blocked(self, p: Placement) -> int:
        """How many legal placements of the other colours placement ``p`` would take away
        (summed over those colours; a placement sharing a cell with ``p`` is no longer legal)."""
        covered = _cover_bits(self.game.tables, p)
        return sum((self._legal_bits(d) & covered).bit_count() for d in range(len(self._reach)) if d != self._to_move)

    def action_name(self, p: Placement) -> str:
        """A placement in words, as the board names it: ``"piece 13 (I5) at z11, rotated once"``
        (:func:`~zongshi_widgets.games.gembloq.naming.placement_name`; ``explain`` tables use it)."""
        from .naming import placement_name

        return placement_name(p)

    def greedy_value(self, p: Placement) -> float:
        """A quick one-move value of placement ``p`` for the colour to move (used by the greedy
        bot): 10 per square placed, plus 1 per corner spot opened
        (:meth:`corner_spots_opened`), plus 0.5 per opponent placement blocked
        (:meth:`placements_blocked`). Higher is better.
        """
        return p.piece.squares * 10 + self.corner_spots_opened(p) + 0.5 * self.placements_blocked(p)

    # -- scoring --------------------------------------------------------------------------
    def pieces_left(self, colour: int) -> list[Piece]:
        """The pieces ``colour`` still holds, in number order."""
        used = self._used[self._colour(colour)]
        return [p for p in self.game.pieces if not (used >> p.index) & 1]

    def pieces_placed(self, colour: int) -> list[Piece]:
        """The pieces ``colour`` has placed, in number order."""
        used = self._used[self._colour(colour)]
        return [p for p in self.game.pieces if (used >> p.index) & 1]

    def score_sheet(self) -> ScoreSheet:
        """Penalty points left in hand per seat; fewest wins; ties broken by the lower sum of
        the remaining pieces' numbers (rulebook, "End of the Game" and "In Case of a Tie").
        In the two-player four-colour game a seat's row adds up its two colours."""
        return score_hands(self.game, [self.pieces_left(c) for c in range(len(self._reach))], final=self.is_over)

    # -- views and saves ------------------------------------------------------------------
    def owner_of(self, cell: tuple[int, int] | str) -> int | None:
        """The colour covering ``cell`` (``(x, y)`` or a label such as ``"b27"``), or ``None``.

        Raises:
            KeyError: the cell is not on the playing area.
        """
        tables = self.game.tables
        i = tables.label_index.get(cell.strip().lower()) if isinstance(cell, str) else tables.index.get(tuple(cell) if isinstance(cell, list) else cell)
        if i is None:
            raise KeyError(f"{cell!r} is not a cell of this playing area")
        for c, m in enumerate(self._owner):
            if (m >> i) & 1:
                return c
        return None

    def cells_of(self, colour: int) -> list[int]:
        """The area cell indexes covered by ``colour``, ascending."""
        return list(_bits(self._owner[self._colour(colour)]))

    def attach_points(self, colour: int) -> list[int]:
        """Free cells where ``colour`` may start a new piece: touching its pieces at a corner
        only (or its starting square before its first piece). Cell indexes, ascending."""
        tables = self.game.tables
        if not self._owner[self._colour(colour)]:
            occ = 0
            for m in self._owner:
                occ |= m
            return [i for i in tables.starts[colour] if not (occ >> i) & 1]
        forbid = self._forbid[colour]
        out = set()
        for i in _bits(self._owner[colour]):
            for j in tables.corner_nbrs[i]:
                if not (forbid >> j) & 1:
                    out.add(j)
        return sorted(out)

    def public_view(self) -> dict:
        """Everything on the table (GembloQ has no hidden information, so every seat and a
        spectator see the same), JSON-able; :meth:`State.view` adds ``seat``, ``to_move``,
        ``is_over`` and ``turn``.

        Returns:
            dict: ``players`` (seats), ``colours`` (how many play), ``seat_colours`` (per seat,
            its colours), ``colour_to_move``, ``cells`` (per colour, covered cell indexes),
            ``pieces_left`` (per colour, piece numbers), ``penalty`` (per colour),
            ``legal_counts`` (per colour), ``placed`` (pieces on the board, setup included).
        """
        n = len(self._reach)
        game = self.game
        return {
            "players": game.players,
            "colours": n,
            "seat_colours": [list(game.seat_colours(s)) for s in range(game.players)],
            "colour_to_move": self._to_move,
            "placed": self.placed_count(),
            "cells": [self.cells_of(c) for c in range(n)],
            "pieces_left": [[p.number for p in self.pieces_left(c)] for c in range(n)],
            "penalty": [sum(p.squares for p in self.pieces_left(c)) for c in range(n)],
            "legal_counts": [self.legal_count(c) for c in range(n)],
        }

    def placed_count(self) -> int:
        """How many pieces are on the board (those of a posed starting position included)."""
        return sum(u.bit_count() for u in self._used)

    @property
    def turn(self) -> Turn:
        """Turn ``n`` is the ``n``-th placement of the game (passes are not turns: a colour that
        cannot place is skipped); no rounds, one action per turn."""
        return Turn(round=None, turn=self.placed_count() + 1, step=None, seat=self.to_move)

    def position(self) -> dict:
        """The pieces on the board per colour and the colour to play, as
        :meth:`GembloQ.from_position` reads them (``to_play`` is omitted once nobody can place)."""
        names = self.game.colour_names
        start = self.game._check_setup(self.origin) if self.origin is not None else {}
        out: dict = {}
        for c, name in enumerate(names):
            placed = list(start.get(name, ())) + [p.notation for d, p in zip(self.movers, self.history) if d == c]
            if placed:
                out[name] = placed
        if self._to_move is not None:
            out["to_play"] = names[self._to_move]
        return out

    def _check_invariants(self) -> None:
        """The kernel's invariant hook: no cell covered twice, pieces and scores agree (rulebook, Gameplay); see :mod:`.invariants`."""
        from .invariants import check_board

        check_board(self)

    def digest(self) -> str:
        """A hash of who covers which cell, which pieces are used and who is to move."""
        text = repr((self._owner, self._used, self._to_move))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def __repr__(self) -> str:
        who = "over" if self.is_over else f"{self.game.colour_names[self._to_move]} to move"
        return f"<GembloQState {self.game.variant} after {len(self.history)} placements, {who}>"

    def _repr_svg_(self) -> str:
        from .render import state_svg

        return state_svg(self)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GembloQState)
            and other.game == self.game
            and other._owner == self._owner
            and other._used == self._used
            and other._to_move == self._to_move
        )

    def __hash__(self) -> int:
        return hash((self._owner, self._used, self._to_move))


def _cover_bits(tables: AreaTables, p: Placement) -> int:
    """The placements sharing a cell with ``p``, as a bit set."""
    bits = 0
    for i in _bits(p.mask):
        bits |= tables.cell_bits[i]
    return bits


def _bits(mask: int):
    """Indexes of the set bits of ``mask``, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def score_hands(game: GembloQ, hands: Sequence[Sequence[Piece | int]], final: bool = True) -> ScoreSheet:
    """The score sheet for the pieces each colour has left.

    Args:
        game (GembloQ): the game (names the colours).
        hands (Sequence[Sequence[Piece | int]]): per colour, its remaining pieces (objects or
            numbers 1..21); in the two-player four-colour game the rows are per seat, each
            seat's two colours added up.
        final (bool): the game is over (else the sheet shows who is leading).

    Returns:
        ScoreSheet: category ``pieces left``; total = ``penalty points``
        (square 1, half square 0.5; rulebook "End of the Game"); fewest wins; tie-break = sum of
        the remaining pieces' numbers, lower wins (rulebook "In Case of a Tie"); colours still
        equal after that share the win. For one colour alone (the tutor's one-player
        challenge) the sheet is a result: no winner and no tie-break.
    """
    by_number = {p.number: p for p in game.pieces}
    hands = [[by_number[h] if isinstance(h, int) else h for h in hand] for hand in hands]
    if game.colours != game.players and len(hands) == game.colours:  # two players, four colours
        hands = [[p for c in game.seat_colours(s) for p in hands[c]] for s in range(game.players)]
    rows, totals, ties = [], [], []
    for pieces in hands:
        penalty = sum(p.squares for p in pieces)
        rows.append([len(pieces)])
        totals.append(penalty)
        ties.append((sum(p.number for p in pieces),))
    solo = len(hands) == 1  # one colour alone: a result to improve on, no winner, no tie-break
    if solo:
        notes = "Fewer penalty points left in hand is better; 0 means every piece was placed."
    else:
        notes = "Fewest penalty points wins; on a tie, the lower sum of the remaining pieces' numbers; still tied, the win is shared."
        best = min(totals)
        tied = [i for i, t in enumerate(totals) if t == best]
        # could another numbering consistent with what is confirmed change who is first?
        first = [i for i in tied if ties[i] == min(ties[j] for j in tied)]
        unsure = any(lo <= 0 <= hi for i in first for j in tied if j not in first for lo, hi in [tiebreak_range(game.pieces, hands[i], hands[j])])
        if len(tied) > 1 and len({ties[i] for i in tied}) > 1 and unsure:
            # the tie-break decides first place, on numbers the rulebook does not print
            notes += (
                " Here the tie-break decides first place on piece numbers that are reconstructed (the rulebook shows"
                " only the pieces' sizes): with the printed pieces it may differ; load them with zw.game(..., components=...)."
            )
    return ScoreSheet(
        players=list(game.seat_names[: len(hands)]) if len(hands) <= len(COLOURS) else [f"colour {i + 1}" for i in range(len(hands))],
        categories=["pieces left"],
        values=rows,
        totals=totals,
        tiebreaks=() if solo else ties,
        lower_wins=True,
        tiebreak_label="tie-break (sum of numbers)",
        total_label="penalty points",
        final=final,
        notes=notes,
    )


def tiebreak_range(pieces: Sequence[Piece], hand_a: Sequence[Piece], hand_b: Sequence[Piece]) -> tuple[int, int]:
    """The smallest and largest possible value of (tie-break sum of ``hand_a``) minus (that of
    ``hand_b``) over every numbering of the piece set that keeps the numbers marked confirmed
    and deals the reconstructed numbers of each size among the pieces of that size in any
    order (the packaged ``pieces.json`` says why: numbers ascend by size, which the rulebook's
    worked example confirms, but the order within one size is reconstructed; rulebook, "In
    Case of a Tie").

    A tie-break that a lesson asks about is decided by confirmed facts only when both ends
    have the same sign.

    Args:
        pieces (Sequence[Piece]): the game's piece set (``game.pieces``).
        hand_a, hand_b (Sequence[Piece]): the pieces each colour has left.

    Returns:
        tuple[int, int]: ``(lowest, highest)`` difference.
    """
    in_a = {p.number for p in hand_a}
    in_b = {p.number for p in hand_b}
    fixed = 0
    groups: dict[float, tuple[list[int], list[int]]] = {}
    for p in pieces:
        w = (p.number in in_a) - (p.number in in_b)
        if p.provenance.get("number") == "confirmed":
            fixed += w * p.number
        else:
            weights, numbers = groups.setdefault(p.squares, ([], []))
            weights.append(w)
            numbers.append(p.number)
    low = high = 0
    for weights, numbers in groups.values():
        # rearrangement inequality: the sum of weight * number is smallest when the weights,
        # sorted up, meet the numbers sorted down, and largest when both run the same way
        weights.sort()
        numbers.sort()
        low += sum(w * n for w, n in zip(weights, reversed(numbers)))
        high += sum(w * n for w, n in zip(weights, numbers))
    return fixed + low, fixed + high


def reference_legal_ids(state: GembloQState, colour: int) -> list[int]:
    """Legal placement ids of ``colour``, checked one by one straight from the rules.

    Slow (every placement of every unplaced piece is tested cell by cell) and independent of
    the incremental tables the engine keeps; tests compare the two.

    Returns:
        list[int]: ascending placement ids.
    """
    tables = state.game.tables
    owner = [set(state.cells_of(c)) for c in range(state.game.colours)]
    occupied = set().union(*owner)
    own = owner[colour]
    placed = {p.index for p in state.pieces_placed(colour)}
    out = []
    for p in tables.placements:
        if p.piece.index in placed:
            continue
        cells = [tables.index[c] for c in p.cells]
        if any(i in occupied for i in cells):
            continue
        if any(j in own for i in cells for j in tables.edge_nbrs[i]):
            continue
        if not own:
            if set(tables.starts[colour]) <= set(cells):
                out.append(p.id)
        elif any(j in own for i in cells for j in tables.corner_nbrs[i]):
            out.append(p.id)
    return out
