"""Game review: every decision of a game judged by a search, the way Pentobi's "analyze game"
or a chess site's analysis does.

:func:`review` steps through a game (a :class:`~zongshi_widgets.core.Timeline`'s current line,
or a :class:`~zongshi_widgets.core.State`'s history replayed from its start) and, at every real
decision (a position with two or more legal actions; the kernel has no chance steps of its
own, chance happens inside actions), runs the game's MCTS bot on the position
*as the deciding seat saw it*: the search reads the real state only through
``state.determinize(seat, rng)`` (:meth:`~zongshi_widgets.agents.mcts.MCTSAgent.analyse`), so
a seat's secrets-at-the-time (its own hand, the bids it had seen) count and nothing else does.
Each decision gets:

* ``before``: every seat's estimate at the decision, from the search's best move (the root
  child the bot would play): a win rate in [0, 1] (shared wins count as fractions) with two or
  more players; in solo play the expected final score in the score sheet's points;
* ``after``: the estimate after the played move: ``before`` of the next reviewed decision, the
  final win shares (solo: the final score) when the game ended, else (the review's last
  decision of an unfinished game, or one whose review was stopped) the played move's own
  estimate in its search;
* ``played_value`` and ``best_value``: the deciding seat's estimate after the played move and
  after the search's best move, **from the same search** (the played move is always among the
  root's actions, even where the bot prunes its root: GembloQ's twelve best placements,
  Majolica's best takes), so that ``loss`` (best minus played, never below 0) compares like
  with like;
* ``mistake``: ``loss`` of at least ``mistake_threshold`` (default :data:`MISTAKE_WIN_RATE` =
  0.10 of win rate with two or more players, :data:`MISTAKE_POINTS` = 2 points in solo) *and*
  a best move other than the played one.

The move's words (``text``, ``best_text``) are the deciding seat's, its own secret included (an
Art Gallery bid's card): a review of one seat shows nothing that seat did not know, and a review
of every seat (``seat=None``) is a post-game view of everybody's moves.

Every decision's search is seeded from ``seed`` and the decision's ply alone, so a review with
a seed and an iteration budget (``iterations=``) is exactly reproducible, and a decision gets
the same values whether the whole game is reviewed or only its seat's decisions (``seat=``).
A time budget (``budget`` seconds, on the CPU clock by default) buys about the same search on
a loaded machine, but the number of iterations, hence the values, vary from run to run.

Solo play (one seat) has no win rate: the review scores its searches in points instead, the
final score when a playout reaches the end of the game (generic playouts are played to the
end), else the game's evaluation of the seat (in points), with UCT's exploration constant
scaled by :data:`SOLO_POINTS` points. In GembloQ, whose score is penalty points (fewer win),
``before``/``after`` and the values are penalty points and ``loss`` is played minus best.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..core import Game, State, Timeline
from .base import agent_class
from .evaluation import win_shares
from .mcts import CLOCKS, Analysis, MCTSAgent

#: Default mistake threshold with two or more players: a loss of this much win rate (0..1).
MISTAKE_WIN_RATE = 0.10
#: Default mistake threshold in solo play: a loss of this many points.
MISTAKE_POINTS = 2.0
#: Points that count as one unit of reward for UCT's exploration in a solo review.
SOLO_POINTS = 10.0


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of a reviewed game.

    Attributes:
        ply (int): actions played before this decision (``len(state.history)`` at the decision;
            the board log numbers the entry of this move ``ply + 1``).
        seat (int): the deciding seat.
        action: the action played (as the game's states hold it).
        text (str): the played action in words, as the deciding seat reads it
            (``state.action_name`` where the game names its moves, else ``action_text``).
        best: the best action the search found (the bot's choice: the most visited).
        best_text (str): the best action in words.
        before (tuple[float, ...]): every seat's estimate at the decision (win rate in [0, 1];
            solo: expected final points), from the search's best move.
        after (tuple[float, ...]): every seat's estimate after the played move (see the module
            docstring).
        played_value (float): the deciding seat's estimate after the played move.
        best_value (float): the deciding seat's estimate after the best move (``before[seat]``).
        loss (float): how much the played move loses against the best, >= 0 (win rate, or
            points in solo).
        mistake (bool): ``loss >= mistake_threshold`` and the best move is another move.
        played_visits (int): iterations through the played move (the estimate's weight).
        best_visits (int): iterations through the best move.
        iterations (int): iterations of the decision's search.
    """

    ply: int
    seat: int
    action: Any
    text: str
    best: Any
    best_text: str
    before: tuple[float, ...]
    after: tuple[float, ...]
    played_value: float
    best_value: float
    loss: float
    mistake: bool
    played_visits: int = 0
    best_visits: int = 0
    iterations: int = 0


@dataclass
class GameReview:
    """The result of :func:`review`.

    Attributes:
        decisions (list[ReviewedDecision]): the reviewed decisions, in play order.
        complete (bool): ``False`` when the review was stopped (``stop``) before its last
            decision.
        seat (int | None): the seat whose decisions were reviewed (``None``: every seat's).
        budget (float): search seconds per decision, as given (not used when ``iterations``
            is set).
        iterations (int | None): search iterations per decision (``None``: the time budget).
        bot (str): the searching bot's label, e.g. ``"mcts[0.2s cpu]"``.
        players (int): seats in the game.
        solo (bool): a one-player game (estimates in points, not win rates).
        mistake_threshold (float): the loss that flags a mistake.
        seat_names (tuple[str, ...]): the game's names of the seats (the plot's legend).
        game (str): the game's registry name.
        lower_wins (bool): fewer points win (GembloQ): in solo play, estimates are penalty
            points and lower is better.
    """

    decisions: list[ReviewedDecision]
    complete: bool
    seat: int | None
    budget: float
    bot: str
    players: int
    solo: bool
    mistake_threshold: float
    iterations: int | None = None
    seat_names: tuple[str, ...] = ()
    game: str = ""
    lower_wins: bool = False
    final: tuple[float, ...] | None = field(default=None, repr=False)

    def mistakes(self, n: int | None = None) -> list[ReviewedDecision]:
        """The decisions flagged as mistakes, biggest loss first (ties: in play order).

        Args:
            n (int | None): at most this many (``None``: all).

        Returns:
            list[ReviewedDecision]

        Raises:
            ValueError: ``n`` is negative or not an int.
        """
        if n is not None and (not isinstance(n, int) or isinstance(n, bool) or n < 0):
            raise ValueError(f"n must be an int >= 0 or None (all), not {n!r}")
        flagged = sorted((d for d in self.decisions if d.mistake), key=lambda d: (-d.loss, d.ply))
        return flagged if n is None else flagged[:n]

    @property
    def value_label(self) -> str:
        """What the estimates are: ``"estimated win rate"``, or in solo ``"expected score
        (points)"`` / ``"expected penalty (points)"``."""
        if not self.solo:
            return "estimated win rate"
        return "expected penalty (points, fewer is better)" if self.lower_wins else "expected score (points)"

    def plot(self, ax: Any = None) -> Any:
        """The estimate across the game, one line per seat, mistakes marked.

        Each line joins a seat's ``before`` at every reviewed decision (x: its ply) and ends at
        the last decision's ``after`` (x: one ply later); a mistake is a cross on the deciding
        seat's line at its decision.

        Args:
            ax (matplotlib.axes.Axes | None): where to draw (default: a new figure's axes).

        Returns:
            matplotlib.axes.Axes: the axes drawn on (``len(ax.get_lines()) == players``).
        """
        if ax is None:
            import matplotlib.pyplot as plt

            _, ax = plt.subplots(figsize=(8, 3.5))
        names = self.seat_names or tuple(f"seat {i}" for i in range(self.players))
        ds = self.decisions
        for s in range(self.players):
            xs = [d.ply for d in ds]
            ys = [d.before[s] for d in ds]
            if ds:
                xs.append(ds[-1].ply + 1)
                ys.append(ds[-1].after[s])
            ax.plot(xs, ys, marker=".", markersize=4, linewidth=1.2, label=names[s])
        flagged = [d for d in ds if d.mistake]
        if flagged:
            colours = [ax.get_lines()[d.seat].get_color() for d in flagged]
            xs, ys = [d.ply for d in flagged], [d.before[d.seat] for d in flagged]
            ax.scatter(xs, ys, marker="X", s=60, c=colours, edgecolors="black", zorder=3, label="mistake")
        ax.set_xlabel("ply (actions played before the decision)")
        ax.set_ylabel(self.value_label)
        if not self.solo:
            ax.set_ylim(-0.02, 1.02)
        whose = "every seat" if self.seat is None else names[self.seat]
        ax.set_title(f"{self.game} review ({whose}, {self.bot}){'' if self.complete else ', stopped early'}")
        ax.legend(loc="best", fontsize="small")
        return ax

    def to_frame(self) -> Any:
        """One row per decision, in play order.

        Returns:
            pandas.DataFrame: columns ``ply``, ``seat``, ``action`` (notation), ``text``,
            ``best`` (notation), ``best_text``, ``played_value``, ``best_value``, ``loss``,
            ``mistake``, ``played_visits``, ``best_visits``, ``iterations``, then
            ``before_<s>`` and ``after_<s>`` for every seat ``s``.
        """
        import pandas as pd

        seats = range(self.players)
        columns = [
            "ply",
            "seat",
            "action",
            "text",
            "best",
            "best_text",
            "played_value",
            "best_value",
            "loss",
            "mistake",
            "played_visits",
            "best_visits",
            "iterations",
            *[f"before_{s}" for s in seats],
            *[f"after_{s}" for s in seats],
        ]
        rows = []
        for d in self.decisions:
            rows.append(
                [
                    d.ply,
                    d.seat,
                    str(d.action),
                    d.text,
                    str(d.best),
                    d.best_text,
                    d.played_value,
                    d.best_value,
                    d.loss,
                    d.mistake,
                    d.played_visits,
                    d.best_visits,
                    d.iterations,
                    *d.before,
                    *d.after,
                ]
            )
        return pd.DataFrame(rows, columns=columns)

    def __repr__(self) -> str:
        whose = "every seat" if self.seat is None else f"seat {self.seat}"
        state = "complete" if self.complete else "stopped early"
        return f"<GameReview of {self.game} ({whose}, {self.bot}): {len(self.decisions)} decisions, {len(self.mistakes())} mistakes, {state}>"


def _line(source: Any) -> tuple[list[State], list[Any]]:
    """The positions and actions of ``source``: a Timeline's current line, or a State's history
    replayed from its start (``new_state(seed)``, or its position description).

    Raises:
        TypeError: neither a Timeline nor a State.
        ValueError: a playout's scratch copy, or a state whose history does not replay to it.
    """
    if isinstance(source, Timeline):
        nodes = source.line()
        return [n.state for n in nodes], [n.action for n in nodes[1:]]
    if not isinstance(source, State):
        raise TypeError(f"review takes a game's Timeline (board.timeline, its current line) or a State (its history is replayed), not {type(source).__name__}")
    if source.is_scratch:
        raise ValueError("this state is a playout's scratch copy (State.scratch), not a real game: review its real state")
    history = tuple(source.history)
    if not history:  # a start, or a determinization (which carries no history): nothing to review
        return [source], []
    game = source.game
    seed = source.chance.seed
    start = game.from_position(source.origin, seed=seed) if source.origin is not None else game.new_state(seed=seed)
    states = [start]
    for action in history:
        states.append(states[-1].play(action))
    if states[-1].digest() != source.digest():
        raise ValueError("this state's history does not replay to it from its seed and start (was it changed by hand?)")
    return states, list(history)


def _solo_class(cls: type[MCTSAgent]) -> type[MCTSAgent]:
    """``cls`` scoring its playouts in points (solo play: no win rate to estimate)."""

    def score(self, d: State) -> list[float]:
        if d.is_over:
            sheet = d.score_sheet()
            return [(-1.0 if sheet.lower_wins else 1.0) * float(sheet.totals[0])]
        return [float(self.evaluation.values(d)[0])]

    attrs: dict[str, Any] = {
        "score": score,
        "__module__": __name__,
        "__doc__": f"{cls.__name__} scoring its playouts in points, for a solo review (see :mod:`{__name__}`).",
    }
    if cls.playout is MCTSAgent.playout:  # generic playouts: to the end, whose score is exact
        attrs["playout_depth"] = None
    return type(f"Solo{cls.__name__}", (cls,), attrs)


def _make_bot(bot: str, game: Game, budget: float, iterations: int | None, clock: str) -> MCTSAgent:
    """The reviewing search: ``game``'s bot ``bot`` (an MCTS; in solo play its points-scoring
    subclass, :func:`_solo_class`) with the budget; reseeded before every decision.

    Raises:
        TypeError: ``bot`` is not a name. KeyError: no such bot. ValueError: not an MCTS bot.
    """
    if not isinstance(bot, str):
        raise TypeError(f"bot is the name of the game's MCTS bot (e.g. 'mcts'), not {type(bot).__name__}")
    cls = agent_class(bot, game)
    if not (isinstance(cls, type) and issubclass(cls, MCTSAgent)):
        raise ValueError(f"a review needs a search that values every move (an MCTS bot such as 'mcts'); {bot!r} is {cls.__name__}")
    if game.players == 1:
        cls = _solo_class(cls)
    made = cls(seed=0, iterations=iterations) if iterations is not None else cls(seed=0, seconds=budget, clock=clock)
    if game.players == 1:
        made.exploration = made.exploration * SOLO_POINTS
    return made


def _words(state: State, action: Any, seat: int) -> str:
    """``action`` in words for ``seat`` (the deciding seat): the game's ``action_name`` where
    it has one, else ``action_text``."""
    name = getattr(state, "action_name", None)
    if name is not None:
        try:
            return str(name(action))
        except (TypeError, ValueError, KeyError, AttributeError, IndexError):
            pass
    return state.action_text(action, seat)


def _decision_seed(seed: int, ply: int) -> int:
    """The seed of the search at ``ply`` (the same whichever decisions are reviewed)."""
    return seed * 1_000_003 + ply


def review(
    source: Timeline | State,
    seat: int | None = None,
    *,
    budget: float = 0.2,
    bot: str = "mcts",
    seed: int = 0,
    clock: str = "cpu",
    iterations: int | None = None,
    progress: Callable[[int, int], Any] | None = None,
    stop: Callable[[], bool] | None = None,
    mistake_threshold: float | None = None,
) -> GameReview:
    """Review a game: every decision's estimate before and after, the best move the search
    finds, and the moves that lost the most flagged as mistakes (see the module docstring).

    Args:
        source (Timeline | State): a Timeline (its current line, ``timeline.line()``, from its
            root) or a State (its history replayed from its start; a state with no history,
            e.g. a new game or a determinization, gives a review with no decisions).
        seat (int | None): review only this seat's decisions (the others are stepped
            through); ``None``: every seat's.
        budget (float): search seconds per decision, on ``clock`` (ignored when
            ``iterations`` is given).
        bot (str): the game's MCTS bot by name (``agent_class(bot, game)`` must be an
            :class:`~zongshi_widgets.agents.mcts.MCTSAgent`).
        seed (int): the searches' seed (decision at ply ``p``: ``seed * 1000003 + p``).
        clock (str): what ``budget`` measures: ``"cpu"`` (the search thread's CPU time, the
            default) or ``"wall"``.
        iterations (int | None): search iterations per decision instead of ``budget``: with
            it the review is exactly reproducible.
        progress (Callable[[int, int], Any] | None): called as ``progress(done, total)`` after
            each reviewed decision (``total``: decisions to review).
        stop (Callable[[], bool] | None): polled before each decision; when it returns a true
            value the review ends and holds the decisions done (``complete`` False).
        mistake_threshold (float | None): the loss that flags a mistake (default 0.10 win
            rate with two or more players, 2 points in solo).

    Returns:
        GameReview: the decisions in play order.

    Raises:
        TypeError: ``source`` is neither a Timeline nor a State; ``seat``, ``iterations`` or
            ``bot`` of the wrong type; ``progress``/``stop`` not callable.
        ValueError: ``budget`` not a positive finite number of seconds; ``iterations`` < 1;
            ``clock`` not ``"cpu"``/``"wall"``; ``seat`` out of range; ``bot`` not an MCTS
            bot; a negative ``mistake_threshold``; a scratch copy, or a history that does not
            replay.
        KeyError: no bot of that name.
    """
    if not isinstance(source, (Timeline, State)):
        raise TypeError(f"review takes a game's Timeline (board.timeline, its current line) or a State (its history is replayed), not {type(source).__name__}")
    if not isinstance(budget, (int, float)) or isinstance(budget, bool) or not (0 < budget < math.inf):
        raise ValueError(f"budget is the search's seconds per decision, a positive finite number, not {budget!r}")
    if iterations is not None:
        if not isinstance(iterations, int) or isinstance(iterations, bool):
            raise TypeError(f"iterations must be an int, not {iterations!r}")
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
    if not isinstance(clock, str) or clock not in CLOCKS:
        raise ValueError(f"clock must be 'cpu' (the search's CPU time) or 'wall' (elapsed time), not {clock!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, not {seed!r}")
    for name, fn in (("progress", progress), ("stop", stop)):
        if fn is not None and not callable(fn):
            raise TypeError(f"{name} must be a function or None, not {fn!r}")
    game = source.state.game if isinstance(source, Timeline) else source.game
    seat = game.check_seat(seat)
    solo = game.players == 1
    if mistake_threshold is None:
        mistake_threshold = MISTAKE_POINTS if solo else MISTAKE_WIN_RATE
    elif not isinstance(mistake_threshold, (int, float)) or isinstance(mistake_threshold, bool) or not (0 <= mistake_threshold < math.inf):
        raise ValueError(f"mistake_threshold must be a number >= 0 (win rate, or points in solo), not {mistake_threshold!r}")
    searcher = _make_bot(bot, game, float(budget), iterations, clock)

    states, actions = _line(source)
    base = len(states[0].history)
    todo = [i for i, st in enumerate(states[:-1]) if (seat is None or st.to_move == seat) and len(st.legal_actions()) > 1]
    lower_wins = bool(states[-1].score_sheet().lower_wins)
    sign = -1.0 if (solo and lower_wins) else 1.0

    def shown(values) -> tuple[float, ...]:
        return tuple(sign * float(v) for v in values)

    decisions: list[ReviewedDecision] = []
    fallback: list[tuple[float, ...]] = []  # each decision's played move's own estimate
    complete = True
    for done, i in enumerate(todo):
        if stop is not None and stop():
            complete = False
            break
        st, played = states[i], actions[i]
        mover = st.to_move
        ply = base + i
        searcher.reseed(_decision_seed(seed, ply))
        an: Analysis = searcher.analyse(st, mover, include=(played,))
        pc, bc = an.child(played), an.child(an.best)
        if pc is None or bc is None:  # analyse expands the played move first: cannot happen
            raise RuntimeError(f"the search did not value the played move {played!s} at ply {ply}")
        loss = max(0.0, bc.value - pc.value)
        best_is_other = str(an.best) != str(played)
        decisions.append(
            ReviewedDecision(
                ply=ply,
                seat=mover,
                action=played,
                text=_words(st, played, mover),
                best=an.best,
                best_text=_words(st, an.best, mover),
                before=shown(bc.means),
                after=(),
                played_value=sign * pc.value,
                best_value=sign * bc.value,
                loss=loss,
                mistake=best_is_other and loss >= mistake_threshold,
                played_visits=pc.visits,
                best_visits=bc.visits,
                iterations=an.iterations,
            )
        )
        fallback.append(shown(pc.means))
        if progress is not None:
            progress(done + 1, len(todo))

    end = states[-1]
    final = None
    if end.is_over:
        final = (float(end.score_sheet().totals[0]),) if solo else tuple(win_shares(end))  # solo: the sheet's points
    for k, d in enumerate(decisions):
        if k + 1 < len(decisions):
            after = decisions[k + 1].before
        elif complete and final is not None:
            after = final
        else:
            after = fallback[k]
        decisions[k] = replace(d, after=after)
    return GameReview(
        decisions=decisions,
        complete=complete,
        seat=seat,
        budget=float(budget),
        iterations=iterations,
        bot=searcher.label,
        players=game.players,
        solo=solo,
        mistake_threshold=float(mistake_threshold),
        seat_names=tuple(game.seat_names),
        game=game.name,
        lower_wins=lower_wins,
        final=final,
    )
