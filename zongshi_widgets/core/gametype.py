"""What a game declares about itself, so shared code reads flags instead of guessing.

Modelled on OpenSpiel's ``GameType``: every :class:`~zongshi_widgets.core.Game` subclass sets
a class attribute ``game_type``; bots, boards, lessons and the shared tests read it (does this
game have hidden information? chance? turns of several steps? which player counts?).
"""

from __future__ import annotations

from dataclasses import dataclass


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` and ``word``, singular for one: ``plural(1, "player") == "1 player"``,
    ``plural(3, "player") == "3 players"`` (``words``: an irregular plural).

    Args:
        n (int): the count.
        word (str): the singular noun.
        words (str | None): the plural noun (default ``word + "s"``).

    Returns:
        str: e.g. ``"2 seats"``.
    """
    return f"{n} {word if n == 1 else (words or word + 's')}"


@dataclass(frozen=True)
class GameType:
    """The fixed facts about a game that shared code needs.

    Args:
        long_name (str): the game's printed name, e.g. ``"GembloQ"``.
        player_counts (tuple[int, ...]): every player count the engine accepts, ascending.
        default_players (int): the count :func:`zongshi_widgets.game` uses when none is given.
        hidden_information (bool): some part of a position is not seen by every seat (hands,
            face-down tiles, deck or bag order). Then :meth:`State.view` differs per seat and
            the game implements :meth:`State.determinize`.
        chance (bool): the game shuffles or draws (through the state's seeded
            :class:`~zongshi_widgets.core.Chance`).
        multi_step_turns (bool): a player's turn may be several actions in a row (each with
            its own legal list); :attr:`State.turn` says which round, turn and step it is.
        lower_score_wins (bool): fewer points win (penalty scoring).
        notation_help (str): one line on how actions are written, e.g.
            ``"cells of the piece, e.g. b27,c27,b28,c28"``.
        rulebook (str): the rulebook edition the engine implements.
        variants (tuple[tuple[str, tuple], ...]): each variant option of ``zw.game(name, ...)``
            with the values it accepts, e.g. ``(("shop_may_pass", (True, False)),)``; shared
            tests play mixes of them (a mix a player count refuses raises ``ValueError``).
        unending (tuple[tuple[str, object], ...]): ``(option, value)`` pairs of ``variants``
            under which a game need not end in random play (e.g. Majolica's by-the-book
            ``stall_rounds=None``); harnesses that play random games to the end leave them out.

    Raises:
        ValueError: player counts empty, not ascending, or not containing the default; a
            variant that is not a name with a non-empty tuple of values; an ``unending`` pair
            that is not one of the variants' values.
    """

    long_name: str
    player_counts: tuple[int, ...]
    default_players: int
    hidden_information: bool
    chance: bool
    multi_step_turns: bool = False
    lower_score_wins: bool = False
    notation_help: str = ""
    rulebook: str = ""
    variants: tuple[tuple[str, tuple], ...] = ()
    unending: tuple[tuple[str, object], ...] = ()

    def __post_init__(self):
        counts = tuple(self.player_counts)
        if not counts or list(counts) != sorted(set(counts)) or not all(isinstance(n, int) and n >= 1 for n in counts):
            raise ValueError(f"player_counts must be ascending distinct positive ints, not {self.player_counts!r}")
        if self.default_players not in counts:
            raise ValueError(f"default_players {self.default_players} is not one of {counts}")
        object.__setattr__(self, "player_counts", counts)
        variants = tuple((name, tuple(values)) for name, values in self.variants)
        if not all(isinstance(name, str) and name and values for name, values in variants):
            raise ValueError(f"variants must be (option name, non-empty values) pairs, not {self.variants!r}")
        object.__setattr__(self, "variants", variants)
        unending = tuple((name, value) for name, value in self.unending)
        listed = dict(variants)
        if not all(name in listed and value in listed[name] for name, value in unending):
            raise ValueError(f"unending pairs must be values of the variants, not {self.unending!r}")
        object.__setattr__(self, "unending", unending)

    def check_players(self, players: object) -> int:
        """``players`` checked: one of :attr:`player_counts` (the engines' constructors call it).

        Args:
            players: the value to check.

        Returns:
            int: the player count.

        Raises:
            ValueError: not an int (bools are refused) or not an allowed count; every game words
                it the same way, e.g. ``"Majolica is for 1 to 4 players (an int), not '2'"``.
        """
        if isinstance(players, int) and not isinstance(players, bool) and players in self.player_counts:
            return players
        raise ValueError(f"{self.long_name} is for {self.players_text()} (an int), not {players!r}")

    def players_text(self) -> str:
        """The allowed player counts in words: ``"1 to 4 players"``, ``"2 or 4 players"``,
        ``"1 player"`` (singular for a lone count of one)."""
        counts = self.player_counts
        if len(counts) == 1:
            return plural(counts[0], "player")
        if len(counts) > 2 and counts[-1] - counts[0] == len(counts) - 1:
            return f"{counts[0]} to {counts[-1]} players"
        return f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} players"

    @property
    def perfect_information(self) -> bool:
        """``True`` when every seat sees the whole position and nothing is left to chance."""
        return not self.hidden_information and not self.chance


@dataclass(frozen=True)
class Turn:
    """Where a position stands in the game's structure, for boards and logs to group actions.

    Args:
        round (int | None): 1-based round, or ``None`` for a game without rounds.
        turn (int): 1-based count of turns so far in the game (a turn is one seat's whole
            go, possibly several actions).
        step (str | None): the step within the turn or round, in the rulebook's words (e.g.
            ``"bid"``, ``"Step 2: material distribution"``); ``None`` for one-action turns.
        seat (int | None): the seat whose turn it is (``None`` when the game is over).
    """

    round: int | None
    turn: int
    step: str | None
    seat: int | None

    def to_json(self) -> dict:
        """A JSON-able dict with the four fields."""
        return {"round": self.round, "turn": self.turn, "step": self.step, "seat": self.seat}
