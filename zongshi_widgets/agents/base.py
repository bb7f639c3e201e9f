"""Bots over the kernel contract, and the bot registry.

A bot decides only from what its seat may see: :meth:`Agent.choose` hands the bot's own
:meth:`Agent.decide` the real state only when the game has neither hidden information nor
chance, and otherwise a determinization for that seat (:meth:`State.determinize`): the unseen
parts resampled from the bot's own generator. Two positions that look the same to the seat
therefore get the same choice from a bot with the same seed.

Generic bots (``random``, ``greedy``, and ``mcts`` from :mod:`.mcts`) play every game; a game
registers its own bots with its registration (``register(..., agents={"name": "module:Class"})``,
see :func:`zongshi_widgets.core.register`): a game's own ``greedy`` and ``mcts`` replace the
generic ones and carry its evaluation (:mod:`.evaluation`).
"""

from __future__ import annotations

import inspect
import random
from typing import Any

from ..core import Game, State, load_ref, registration
from ..core.errors import UnknownName

#: (bot class, game name) -> whether bots of that class may play that game (see :func:`bot_game`).
_FITS: dict = {}


def mover(state: State, seat: int | None, bot: Any = None) -> int:
    """The seat a bot chooses for: ``seat``, or the seat to move when ``None``.

    Args:
        state (State): the position.
        seat (int | None): the deciding seat.
        bot: the bot deciding (checked to be made for ``state``'s game), or ``None``.

    Raises:
        TypeError: ``state`` is not a State.
        ValueError: the game is over, ``seat`` is not the seat to move, or ``bot`` is another
            game's own bot.
    """
    if not isinstance(state, State):
        raise TypeError(f"a bot chooses in a position (a State, e.g. game.new_state(seed=1) or board.state), not {type(state).__name__} {state!r:.80}")
    if bot is not None:
        key = (type(bot), state.game.name)
        fits = _FITS.get(key)
        if fits is None:  # once per bot class and game: a random bot decides every action of a game
            fits = _FITS[key] = bot_game(bot, state.game) is None
        if not fits:
            raise ValueError(foreign_bot_message(bot, state.game, state.to_move if seat is None else seat))
    if state.is_over:
        raise ValueError("the game is over: no legal action to choose")
    if seat is None:
        seat = state.to_move
    if seat != state.to_move:
        raise ValueError(f"seat {seat!r} is not to move (seat {state.to_move} is)")
    return seat


class Agent:
    """A bot: something that picks an action for a seat, from what that seat may see.

    Subclasses override :meth:`decide`.

    Args:
        seed (int | None): seed of the bot's own random generator (its choices between equal
            actions, and its guesses at hidden parts); the game's chance is never touched.

    Attributes:
        rng (random.Random): the bot's generator.
    """

    name = "agent"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int | None = None) -> Any:
        """The action this bot plays for ``seat``, one of ``state.legal_actions()``.

        The bot sees ``state`` only through ``seat``'s eyes: in a game with hidden
        information or chance, :meth:`decide` gets ``state.determinize(seat, self.rng)``.

        Args:
            state (State): the real position.
            seat (int | None): the deciding seat; default (and the only allowed value) the
                seat to move.

        Returns:
            an action of ``state.legal_actions()``.

        Raises:
            TypeError: ``state`` is not a State.
            ValueError: the game is over, ``seat`` is not the seat to move, or this is another
                game's own bot.
        """
        seat = mover(state, seat, self)
        return self.decide(visible_state(state, seat, self.rng), seat)

    def decide(self, state: State, seat: int) -> Any:
        """Pick an action of ``state`` for ``seat`` (override).

        Args:
            state (State): a state that is safe for ``seat`` to read: the real one in a
                perfect-information game, a determinization otherwise.
            seat (int): the deciding seat (the one to move).
        """
        raise NotImplementedError

    def reseed(self, seed: int | None) -> None:
        """Restart the bot's own generator from ``seed`` (the lab reseeds a bot for every game,
        so each game's result depends only on its seed, whichever process plays it).

        Bots this bot keeps as attributes (a bot written in a notebook that asks a greedy bot
        for most of its moves) are reseeded too, each from its own seed derived from ``seed``
        and its attribute's name, so they do not keep the seed they were made with. A bot that
        keeps a generator of another kind reseeds it in its own ``reseed``.

        Args:
            seed (int | None): the new seed (``None``: from the operating system).
        """
        self.rng = random.Random(seed)
        for name, value in sorted(vars(self).items()):
            if isinstance(value, Agent) and value is not self:
                value.reseed(None if seed is None else _nested_seed(seed, name))

    @property
    def label(self) -> str:
        """How tables name this bot (its name, plus its settings when it has any)."""
        return self.name

    def __repr__(self) -> str:
        return f"<{self.label} bot>"


def _nested_seed(seed: int, name: str) -> int:
    """A seed for the bot kept under attribute ``name`` of a bot reseeded with ``seed``: the
    same in every process (no ``hash()``, which Python salts per process)."""
    import zlib

    return seed * 1_000_003 + zlib.crc32(name.encode("utf-8"))


def visible_state(state: State, seat: int, rng: random.Random) -> State:
    """What a bot of ``seat`` may read: ``state`` itself when the game has neither hidden
    information nor chance, else ``state.determinize(seat, rng)``.

    Args:
        state (State): the real position.
        seat (int): the deciding seat.
        rng (random.Random): the generator for the unseen parts.

    Returns:
        State: safe for ``seat`` to read whole.
    """
    if state.game.game_type.perfect_information:
        return state
    return state.determinize(seat, rng)


class RandomAgent(Agent):
    """Plays a uniformly random legal action."""

    name = "random"

    def decide(self, state: State, seat: int) -> Any:
        """A uniformly random legal action (see :meth:`Agent.decide`)."""
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]


class GreedyAgent(Agent):
    """Plays the action whose resulting position the game values best for the mover.

    The value comes from the bot's ``evaluation`` when it has one (a game's own bot sets it:
    :meth:`~zongshi_widgets.agents.evaluation.Evaluation.action_value`, the mover's value
    after the action minus the best other seat's), else from ``state.greedy_value(action)``
    when the state has it (a game's own quick heuristic, higher is better), else from the
    mover's score after the action. Ties are broken at random.

    Attributes:
        evaluation (Evaluation | None): the game's evaluation (``None`` for the generic bot).
    """

    name = "greedy"
    evaluation = None

    def decide(self, state: State, seat: int) -> Any:
        """The best-valued legal action (see :meth:`Agent.decide`)."""
        legal = state.legal_actions()
        if self.evaluation is not None:

            def value(action, _ev=self.evaluation):
                return _ev.action_value(state, action, seat)

        else:
            value = getattr(state, "greedy_value", None)
        if value is None:

            def value(action):
                sheet = state.play(action).score_sheet()
                sign = -1 if sheet.lower_wins else 1
                return sign * sheet.totals[seat]

        best, best_value = [], None
        for action in legal:
            v = value(action)
            if best_value is None or v > best_value:
                best, best_value = [action], v
            elif v == best_value:
                best.append(action)
        return best[self.rng.randrange(len(best))]


#: Bots that play every game, by name.
_GENERIC: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}


def register_agent(name: str, cls: type[Agent]) -> None:
    """Make a bot that plays every game available by name (a game's own bots are registered
    with the game instead: ``register(..., agents=...)``).

    Raises:
        TypeError: ``cls`` is not an :class:`Agent` subclass.
    """
    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        raise TypeError(f"a bot is an Agent subclass, not {cls!r}")
    _GENERIC[name] = cls


def _game_name(game: str | Game | None) -> str | None:
    if game is None or isinstance(game, str):
        return game
    if isinstance(game, Game):
        return game.name
    raise TypeError(f"game must be a game name or a Game, not {type(game).__name__}")


def default_bot(game: str | Game | None = None) -> str:
    """The bot a board asks for its "bot's choice" hint: for a :class:`Game` whose own
    ``hint_bot`` attribute names a bot (Majolica's solo game: ``"solo"``, the solo planner),
    that bot; else the game's registered ``hint_bot``, else its first own bot, else ``"greedy"``.

    Raises:
        KeyError: no game has that name.
    """
    own = getattr(game, "hint_bot", None) if isinstance(game, Game) else None
    if isinstance(own, str) and own:
        return own
    name = _game_name(game)
    if name is not None:
        entry = registration(name)
        if entry.hint_bot:
            return entry.hint_bot
        if entry.agents:
            return sorted(entry.agents)[0]
    return "greedy"


def agents(game: str | Game | None = None) -> list[str]:
    """The bot names :func:`agent` accepts: the generic bots, plus ``game``'s own.

    Args:
        game (str | Game | None): a game (or its registry name); ``None``: generic bots only.

    Raises:
        KeyError: no game has that name.
    """
    name = _game_name(game)
    own = registration(name).agents if name is not None else {}
    return sorted(set(_GENERIC) | set(own))


def agent_class(name: str, game: str | Game | None = None) -> type[Agent]:
    """The class :func:`agent` makes for ``name``: ``game``'s own bot of that name, else the
    generic one (the design lab resolves names here once and ships the classes to its
    workers, so a bot registered only in a notebook plays there too).

    Args:
        name (str): one of :func:`agents`.
        game (str | Game | None): the game whose own bots come first.

    Returns:
        type[Agent]: the bot class (made with ``cls(seed=..., **options)``).

    Raises:
        KeyError: unknown name (the message lists the known ones).
    """
    game_name = _game_name(game)
    own = registration(game_name).agents if game_name is not None else {}
    if isinstance(name, str) and name in own:
        return load_ref(own[name])
    if isinstance(name, str) and name in _GENERIC:
        return _GENERIC[name]
    raise UnknownName(f"no bot named {name!r}; known: {', '.join(agents(game_name))}")


def agent(name: str, seed: int | None = None, game: str | Game | None = None, **options: Any) -> Agent:
    """Make a bot by name.

    Args:
        name (str): one of :func:`agents` (``"random"``, ``"greedy"``, ``"mcts"``, or a bot
            of ``game``).
        seed (int | None): the bot's own seed.
        game (str | Game | None): the game, to find its own bots (a game's own ``"greedy"``
            and ``"mcts"`` carry its evaluation).
        **options: the bot's settings, e.g. ``iterations=400`` or ``seconds=1.0`` for
            ``"mcts"`` (see :class:`~zongshi_widgets.agents.mcts.MCTSAgent`).

    Raises:
        KeyError: unknown name (the message lists the known ones).
        TypeError: an option the bot does not take (the message lists those it takes), or a
            value of the wrong type.
        ValueError: an option value out of range.
    """
    cls = agent_class(name, game)
    if options:
        params = inspect.signature(cls.__init__).parameters
        allowed = [p for p in params if p not in ("self", "seed") and params[p].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
        unknown = sorted(set(options) - set(allowed))
        if unknown:
            takes = f"it takes: {', '.join(allowed)}" if allowed else "it takes none"
            raise TypeError(f"the {name} bot has no option {', '.join(map(repr, unknown))}; {takes}")
    return cls(seed=seed, **options)


#: Bots' one-line descriptions, for hints that say which bot speaks.
BOT_WORDS = {
    "random": "a uniformly random legal move",
    "greedy": "one-step lookahead",
    "mcts": "Monte Carlo tree search",
    "solo": "whole-turn planning over the unrevealed tiles",
}


def win_rate_interval(rate: float, playouts: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a search's estimated win rate from its playout count
    (``z = 1.96``). Shared wins count as fractions and a tree search's playouts are not quite
    independent, so read it as the noise of the estimate, not an exact interval.

    Args:
        rate (float): the estimated win rate, 0..1.
        playouts (int): the playouts (visits) behind it.
        z (float): the normal quantile of the level.

    Returns:
        tuple[float, float]: ``(low, high)`` in [0, 1]; ``(0.0, 1.0)`` for no playouts.
    """
    import math

    if playouts <= 0:
        return 0.0, 1.0
    n = float(playouts)
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def bot_game(bot: Any, game: Game) -> str | None:
    """The other game ``bot`` was made for, when it is one of another game's own bots (and
    none of ``game``'s); ``None`` when it fits ``game`` (a generic bot fits every game).

    Args:
        bot: a bot object.
        game (Game): the game it is to play.

    Returns:
        str | None: the registry name of the game the bot belongs to, or ``None``.
    """
    own = _own_bot_classes()
    if any(isinstance(bot, cls) for cls in own.get(game.name, ())):
        return None
    for name, classes in own.items():
        if name != game.name and any(isinstance(bot, cls) for cls in classes):
            if registration(name).factory == _factory_of(game):
                return None  # the same game registered under another name (a variant's entry)
            return name
    return None


def _factory_of(game: Game) -> str | None:
    """The registry factory reference of ``game``'s registered name, if it has one."""
    try:
        return registration(game.name).factory
    except KeyError:
        return None


def foreign_bot_message(bot: Any, game: Game, seat: int) -> str | None:
    """Why ``bot`` may not play seat ``seat`` of ``game`` because it is another game's own bot
    (it reads that game's positions), in the words the boards' ``SeatError`` and the design
    lab use; ``None`` when it fits.

    Args:
        bot: a bot object.
        game (Game): the game.
        seat (int): the seat it would play.

    Returns:
        str | None: ``"seat 1: the mcts[400 it] bot (ZongShiMCTS) is made for zongshi, not
        gembloq; make one for this game: ..."``, or ``None``.
    """
    other = bot_game(bot, game)
    if other is None:
        return None
    label = getattr(bot, "label", None) or getattr(bot, "name", None) or type(bot).__name__
    name = getattr(bot, "name", type(bot).__name__)
    return (
        f"seat {seat}: the {label} bot ({type(bot).__name__}) is made for {other}, not {game.name}; "
        f"make one for this game: zongshi_widgets.agents.agent({name!r}, game={game.name!r}, ...)"
    )


def _own_bot_classes() -> dict[str, tuple[type, ...]]:
    """Each registered game's own bot classes (its ``register(..., agents=...)``)."""
    from ..core import games

    out = {}
    for name in games():
        classes = []
        for ref in registration(name).agents.values():
            try:
                cls = load_ref(ref)
            except (ImportError, AttributeError):  # a game whose bots cannot load: nothing to compare
                continue
            if isinstance(cls, type):
                classes.append(cls)
        out[name] = tuple(classes)
    return out


def ask(bot: Any, state: State, seat: int | None = None) -> Any:
    """Ask any bot for its action, giving it only what ``seat`` may see.

    An :class:`Agent` (or any object whose ``choose`` takes ``(state, seat)``) gets the real
    state and does its own determinizing. A bot written as ``choose(state)`` (e.g. in a
    notebook) gets the real state only in perfect-information games, else a determinization
    drawn from the bot's ``rng`` (or a fixed-seed generator when it has none).

    Args:
        bot: the bot.
        state (State): the real position.
        seat (int | None): the deciding seat (default: the seat to move).

    Returns:
        the bot's action.
    """
    if seat is None:
        seat = state.to_move
    choose = bot.choose
    try:
        params = [p for p in inspect.signature(choose).parameters.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    if len(params) >= 2:
        return choose(state, seat)
    rng = getattr(bot, "rng", None)
    return choose(visible_state(state, seat, rng if isinstance(rng, random.Random) else random.Random(0)))
