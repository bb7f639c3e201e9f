"""Monte Carlo tree search for every game, and :func:`explain`.

:class:`MCTSAgent` (bot name ``"mcts"``) is information-set MCTS (single-observer ISMCTS,
Cowling, Powley and Whitehouse 2012) over determinizations: each iteration deals a fresh
determinization of the real position for the deciding seat (``state.determinize(seat, rng)``:
the unseen hands, deck and bag order and the future of chance resampled from what the seat has
seen), walks one tree of action notations with UCT (a seat's action is chosen for that seat's
own win chance, so it works for any number of players), expands one action, plays a short
random playout and scores it: the exact win shares at the end of the game, else the game's
:class:`~zongshi_widgets.agents.evaluation.Evaluation` turned into win chances. Actions not
available in every determinization are weighed by how often they were available (ISMCTS's
availability count). In a perfect-information game (GembloQ) the determinization is the
position itself, and this is plain UCT.

The search reads the real state only through ``determinize``, which depends only on what the
seat sees: two positions that look the same to the seat get the same tree, the same choice and
the same :func:`explain` table for the same seed and an iteration budget. With a time budget
(``seconds=``) the number of iterations, hence the choice, depends on the machine's speed; on
the wall clock (``clock="wall"``, the default) also on its load, so on a busy machine the bot
thinks less. ``clock="cpu"`` counts the thinking thread's own CPU time instead
(:func:`time.thread_time`): the same budget buys about the same search however many other
programs share the machine (benchmarks use it).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from ..core import State
from .base import Agent, mover, visible_state
from .evaluation import Evaluation, ScoreEvaluation, win_shares

#: Iterations per decision when neither ``iterations`` nor ``seconds`` is given.
DEFAULT_ITERATIONS = 200

#: The clocks a time budget can be measured on: elapsed time, or the thinking thread's CPU time.
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}


class _Node:
    """One tree node: the edge into it (the seat that chose it), its statistics, its children
    by action key."""

    __slots__ = ("by", "visits", "avail", "reward", "children", "action", "moves", "total")

    def __init__(self, by: int | None, action: Any = None):
        self.by = by  # the seat that chose the action leading here
        self.action = action  # that action, as first seen (for the root's children)
        self.visits = 0
        self.avail = 0
        self.reward = 0.0  # summed win share of seat ``by``
        self.children: dict[Any, _Node] = {}
        self.moves: list | None = None  # perfect information: the node's (pruned) legal list
        self.total: list[float] | None = None  # every seat's summed reward (root and its children, in analyse)


@dataclass(frozen=True)
class Candidate:
    """One candidate action of :func:`explain`.

    Attributes:
        action (str): the action's notation (play it with ``state.play(action)``).
        text (str): the action as the deciding seat reads it.
        win_rate (float): the search's estimated win chance for the seat after this action,
            in [0, 1] (shared wins count as fractions).
        visits (int): iterations that went through this action (the search's confidence).
    """

    action: str
    text: str
    win_rate: float
    visits: int


@dataclass(frozen=True)
class RootChild:
    """One action at the root of a search, as :meth:`MCTSAgent.analyse` reports it.

    Attributes:
        action: the action, as in ``state.legal_actions()`` of the searched position.
        visits (int): iterations that went through it.
        value (float): the mean reward of the deciding seat after it (win share in [0, 1], or
            what the bot's :meth:`MCTSAgent.score` returns); 0.0 when never visited.
        means (tuple[float, ...]): the mean reward of every seat after it, in seat order
            (all 0.0 when never visited).
    """

    action: Any
    visits: int
    value: float
    means: tuple[float, ...]


@dataclass(frozen=True)
class Analysis:
    """What one search found at its root (:meth:`MCTSAgent.analyse`).

    Attributes:
        seat (int): the deciding seat.
        best: the action the bot would play (the most visited; ties: higher value, then
            legal order), one of the searched position's legal actions.
        children (tuple[RootChild, ...]): every root action the search considered, in legal
            order (actions pruned by the bot, never considered, are absent).
        iterations (int): iterations the search ran.
    """

    seat: int
    best: Any
    children: tuple[RootChild, ...]
    iterations: int

    def child(self, action: Any) -> RootChild | None:
        """The root child of ``action`` (compared by notation), or ``None`` when the search
        did not consider it."""
        text = str(action)
        for c in self.children:
            if str(c.action) == text:
                return c
        return None


class MCTSAgent(Agent):
    """Information-set MCTS over determinizations (plain UCT in perfect-information games).

    Args:
        seed (int | None): the bot's own seed (determinizations, expansions, playouts, ties).
        iterations (int | None): iterations per decision (reproducible); default
            :data:`DEFAULT_ITERATIONS` when ``seconds`` is not given either.
        seconds (float | None): thinking time per decision instead (not reproducible across
            machines). Not together with ``iterations``.
        clock (str): what ``seconds`` measures: ``"wall"`` (default; elapsed time, so a loaded
            machine gives fewer iterations) or ``"cpu"`` (the CPU time of the thread that
            searches, :func:`time.thread_time`; the same search on a busy machine, only
            slower). Ignored by an iteration budget, which is reproducible either way.
        exploration (float): UCT's exploration constant ``c`` in ``w/n + c*sqrt(ln N / n)``
            (rewards are win shares in [0, 1]); default the class's.
        playout_depth (int | None): random actions played after the tree before the position is
            evaluated; ``None``: to the end of the game. Default the class's.

    Raises:
        TypeError: a budget that is not a number, or both budgets; a clock that is not a str.
        ValueError: a budget or constant out of range; a clock other than ``"wall"``/``"cpu"``.

    Attributes:
        evaluation (Evaluation): scores positions where a playout stops early (a game's own
            subclass sets its evaluation; default the score sheet's totals).
        last_iterations (int): iterations the last decision ran.
    """

    name = "mcts"
    evaluation: Evaluation = ScoreEvaluation()
    exploration: float = 0.7
    playout_depth: int | None = 20
    #: iterations per decision when no budget is given (a game's own bot may set its own).
    default_iterations: int = DEFAULT_ITERATIONS
    #: when set, the tree considers only this many actions per position in a perfect-
    #: information game, the best by the state's own ``greedy_value`` (GembloQ's hundreds of
    #: placements); playouts still choose among all of them.
    widest: int | None = None
    #: how deep the tree grows (the root is depth 0): an iteration that reaches a node at this
    #: depth expands nothing below it and goes on with the playout; ``None``: no limit.
    tree_depth: int | None = None
    #: notations the root must consider, set only during :meth:`analyse`.
    _include: frozenset = frozenset()
    #: whether the search keeps every seat's reward at the root's children (:meth:`analyse`).
    _track: bool = False

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float | None = None,
        playout_depth: int | None | str = "default",
        clock: str = "wall",
    ):
        super().__init__(seed)
        if not isinstance(clock, str):
            raise TypeError(f"clock must be 'wall' or 'cpu', not {clock!r}")
        if clock not in CLOCKS:
            raise ValueError(f"clock must be 'wall' (elapsed time) or 'cpu' (the search's CPU time), not {clock!r}")
        self.clock = clock
        if iterations is not None and seconds is not None:
            raise TypeError("give mcts an iteration budget or a time budget (iterations=... or seconds=...), not both")
        if iterations is not None:
            if not isinstance(iterations, int) or isinstance(iterations, bool):
                raise TypeError(f"iterations must be an int, not {iterations!r}")
            if iterations < 1:
                raise ValueError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None:
            if not isinstance(seconds, (int, float)) or isinstance(seconds, bool):
                raise TypeError(f"seconds must be a number, not {seconds!r}")
            if not (0 < seconds < math.inf):
                raise ValueError(f"seconds must be a positive, finite number of seconds, not {seconds}")
        if iterations is None and seconds is None:
            iterations = self.default_iterations
        self.iterations = iterations
        self.seconds = float(seconds) if seconds is not None else None
        if exploration is not None:
            if not isinstance(exploration, (int, float)) or isinstance(exploration, bool) or not (0 <= exploration < math.inf):
                raise ValueError(f"exploration must be a number >= 0, not {exploration!r}")
            self.exploration = float(exploration)
        if playout_depth != "default":
            if playout_depth is not None and (not isinstance(playout_depth, int) or isinstance(playout_depth, bool) or playout_depth < 0):
                raise ValueError(f"playout_depth must be an int >= 0 or None (play to the end), not {playout_depth!r}")
            self.playout_depth = playout_depth
        self.last_iterations = 0

    @property
    def label(self) -> str:
        """The bot's name with its budget, e.g. ``"mcts[200 it]"``, ``"mcts[1s]"`` (wall clock)
        or ``"mcts[1s cpu]"``."""
        if self.seconds is None:
            budget = f"{self.iterations} it"
        else:
            budget = f"{self.seconds:g}s" + (" cpu" if self.clock == "cpu" else "")
        return f"{self.name}[{budget}]"

    # -- deciding -----------------------------------------------------------------------
    def choose(self, state: State, seat: int | None = None) -> Any:
        """The most visited action after the search (see :meth:`Agent.choose`; the search
        draws its own determinizations from the real state)."""
        root, legal = self._search(state, seat)
        return self._best(root, legal, state)

    def decide(self, state: State, seat: int) -> Any:
        """Search from ``state`` as ``seat`` (see :meth:`Agent.decide`; ``state`` is already
        safe for the seat, and is determinized again for every iteration)."""
        root, legal = self._search(state, seat)
        return self._best(root, legal, state)

    def candidates(self, state: State, seat: int | None = None, top: int | None = 5) -> list[Candidate]:
        """Search, then the ``top`` most visited actions with their estimated win rates.

        Args:
            state (State): the real position.
            seat (int | None): the seat to move (default).
            top (int | None): how many candidates (``None``: all searched).

        Returns:
            list[Candidate]: most visited first (ties: higher win rate, then legal order).
        """
        root, legal = self._search(state, seat)
        seat = state.to_move
        perfect = state.game.game_type.perfect_information
        order = {self._key(a, perfect): i for i, a in enumerate(legal)}
        ranked = sorted(
            ((k, child) for k, child in root.children.items() if k in order),
            key=lambda kc: (-kc[1].visits, -(kc[1].reward / kc[1].visits if kc[1].visits else 0.0), order[kc[0]]),
        )
        if top is not None:
            ranked = ranked[:top]
        out = []
        for key, child in ranked:
            action = legal[order[key]]
            out.append(
                Candidate(
                    action=str(action),
                    text=state.action_text(action, seat),
                    win_rate=child.reward / child.visits if child.visits else 0.0,
                    visits=child.visits,
                )
            )
        return out

    def analyse(self, state: State, seat: int | None = None, include: tuple = ()) -> Analysis:
        """Search, and report every root action's visits and mean rewards for every seat.

        A game review (:func:`~zongshi_widgets.agents.review.review`) reads the played move's
        value and the best move's from one search, so ``include`` makes the root consider
        those actions even where the bot prunes its root (GembloQ's :attr:`widest`,
        Majolica's best takes), and expands them before any other untried action. The search
        is otherwise the bot's own (the same determinizations, tree and playouts); with
        ``include`` empty it draws the same numbers as :meth:`choose`.

        Args:
            state (State): the real position (read only through ``determinize``).
            seat (int | None): the seat to move (default).
            include (tuple): actions (or notations) of ``state`` the root must consider.

        Returns:
            Analysis: the root's children in legal order, and the bot's choice.

        Raises:
            TypeError: ``state`` is not a State.
            ValueError: the game is over or ``seat`` is not to move.
        """
        seat = mover(state, seat, self)
        self._include = frozenset(str(a) for a in include)
        self._track = True
        try:
            root, legal = self._search(state, seat)
        finally:
            self._include = frozenset()
            self._track = False
        perfect = state.game.game_type.perfect_information
        n = state.game.players
        children = []
        for action in legal:
            child = root.children.get(self._key(action, perfect))
            if child is None:
                continue
            if child.visits:
                total = child.total or [0.0] * n
                means = tuple(t / child.visits for t in total)
                value = child.reward / child.visits
            else:
                means, value = (0.0,) * n, 0.0
            children.append(RootChild(action=action, visits=child.visits, value=value, means=means))
        return Analysis(seat=seat, best=self._best(root, legal, state), children=tuple(children), iterations=self.last_iterations)

    def score(self, d: State) -> list[float]:
        """The reward of a playout that stopped at ``d``, one number per seat: the exact win
        shares when the game is over, else :attr:`evaluation`'s win chances (a review of a
        solo game overrides this to score points).

        Args:
            d (State): the playout's last position.

        Returns:
            list[float]: one reward per seat.
        """
        return win_shares(d) if d.is_over else self.evaluation.win_chances(d)

    # -- the search ---------------------------------------------------------------------
    @staticmethod
    def _key(action: Any, perfect: bool) -> Any:
        """A tree key: the action itself when nothing is hidden, else its notation (the same
        in every determinization)."""
        return action if perfect else str(action)

    def _tree_moves(self, d: State) -> list:
        """The actions the tree considers at ``d`` (perfect information: all legal ones, or the
        :attr:`widest` best by ``greedy_value``, in legal order among equals)."""
        legal = list(d.legal_actions())
        value = getattr(d, "greedy_value", None)
        if self.widest is None or value is None or len(legal) <= self.widest:
            return legal
        ranked = sorted(range(len(legal)), key=lambda i: (-value(legal[i]), i))[: self.widest]
        return [legal[i] for i in sorted(ranked)]

    def _best(self, root: _Node, legal: list, state: State) -> Any:
        perfect = state.game.game_type.perfect_information
        best, best_key = None, None
        for i, action in enumerate(legal):
            child = root.children.get(self._key(action, perfect))
            if child is None:
                continue
            key = (child.visits, child.reward / child.visits if child.visits else 0.0, -i)
            if best_key is None or key > best_key:
                best, best_key = action, key
        return legal[0] if best is None else best

    def _search(self, state: State, seat: int | None) -> tuple[_Node, list]:
        seat = mover(state, seat, self)
        legal = list(state.legal_actions())
        root = _Node(None)
        if perfect := state.game.game_type.perfect_information:
            root.moves = self._tree_moves(state)
            if self._include:
                root.moves = root.moves + [a for a in legal if str(a) in self._include and a not in root.moves]
        rng = self.rng
        if len(legal) == 1:
            # one choice: no search needed, but keep the generator's use the same for every view
            child = root.children[self._key(legal[0], perfect)] = _Node(seat, legal[0])
            child.visits = child.avail = 1
            rewards = self.score(visible_state(state, seat, rng))
            child.reward = rewards[seat]
            if self._track:
                child.total = list(rewards)
            root.visits = 1
            self.last_iterations = 1
            return root, legal
        now = CLOCKS[self.clock]
        deadline = now() + self.seconds if self.seconds is not None else None
        done = 0
        while True:
            if deadline is None:
                if done >= self.iterations:
                    break
            elif done > 0 and now() >= deadline:
                break
            sample = state if perfect else state.determinize(seat, rng)
            self._iterate(root, sample, rng, perfect)
            done += 1
        self.last_iterations = done
        return root, legal

    def tree_actions(self, d: State, legal: list) -> list:
        """The actions the tree considers at ``d`` in a game with secrets or chance: all of
        ``legal`` (a game's own bot may override this to prune, e.g. to the best few by a cheap
        heuristic).

        Args:
            d (State): a determinization, not over.
            legal (list): ``d.legal_actions()``.

        Returns:
            list: a non-empty part of ``legal``.
        """
        return legal

    def playout_action(self, d: State, legal: list, rng: random.Random) -> Any:
        """A playout's next action: uniformly random (a game's own bot may override this with a
        cheap policy of its own).

        Args:
            d (State): the playout's position (a scratch copy, not over).
            legal (list): ``d.legal_actions()``.
            rng (random.Random): the search's generator.

        Returns:
            one of ``legal``.
        """
        return legal[rng.randrange(len(legal))]

    def tree_play(self, d: State, action: Any) -> State:
        """The position after the tree's ``action`` at ``d``: ``d.play(action)`` (a game's own
        bot may extend it into a macro-action, e.g. the rest of the mover's turn played by a
        fixed policy, so that one tree step is one whole turn).

        Args:
            d (State): the iteration's position (a determinization), not over.
            action: one of :meth:`tree_actions` (perfect information: of the node's moves).

        Returns:
            State: a new position (``d`` unchanged).
        """
        return d.play(action)

    def playout(self, d: State, rng: random.Random) -> list[float]:
        """Play on from the tree's leaf and score it: at most :attr:`playout_depth` actions of
        :meth:`playout_action` (``None``: to the end), then the exact win shares at the end of
        the game, else :attr:`evaluation`'s win chances (a game's own bot may replace this).

        Args:
            d (State): the leaf's position (not changed: the playout runs on a scratch copy).
            rng (random.Random): the search's generator.

        Returns:
            list[float]: one win share or chance per seat, in [0, 1].
        """
        depth = self.playout_depth
        steps = 0
        if not d.is_over:
            d = d.scratch()  # the playout's states are thrown away: a game may advance one copy in place
        while not d.is_over and (depth is None or steps < depth):
            legal = d.legal_actions()
            d = d.advance(self.playout_action(d, legal, rng))
            steps += 1
        return self.score(d)

    def _iterate(self, root: _Node, d: State, rng: random.Random, perfect: bool) -> None:
        path = [root]
        node = root
        c = self.exploration
        # selection and expansion
        limit = self.tree_depth
        while not d.is_over and (limit is None or len(path) <= limit):
            mover = d.to_move
            if perfect:
                if node.moves is None:
                    node.moves = self._tree_moves(d)
                legal = keys = node.moves
            else:
                legal = self.tree_actions(d, d.legal_actions())
                keys = [str(a) for a in legal]
                if node is root and self._include:  # a review's played move, even where the bot prunes
                    extra = [a for a in d.legal_actions() if str(a) in self._include and str(a) not in keys]
                    legal, keys = legal + extra, keys + [str(a) for a in extra]
            children = node.children
            untried = [i for i, k in enumerate(keys) if k not in children]
            for k in keys:
                child = children.get(k)
                if child is not None:
                    child.avail += 1
            if untried:
                if node is root and self._include:  # the moves a review compares come first
                    first = [i for i in untried if str(legal[i]) in self._include]
                    untried = first or untried
                i = untried[rng.randrange(len(untried))]
                child = _Node(mover, legal[i])
                child.avail = 1
                children[keys[i]] = child
                d = self.tree_play(d, legal[i])
                path.append(child)
                break
            best_i, best_v = 0, -math.inf
            for i, k in enumerate(keys):
                ch = children[k]
                v = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if v > best_v:
                    best_i, best_v = i, v
            node = children[keys[best_i]]
            path.append(node)
            d = self.tree_play(d, legal[best_i])
        reward = self.playout(d, rng)
        for n in path:
            n.visits += 1
            if n.by is not None:
                n.reward += reward[n.by]
        if self._track:  # every seat's reward at the root's child (a review's estimates per seat)
            for n in path[:2]:
                n.total = list(reward) if n.total is None else [t + r for t, r in zip(n.total, reward)]


def explain(
    state: State,
    seat: int | None = None,
    top: int = 5,
    *,
    bot: MCTSAgent | None = None,
    seed: int = 0,
    iterations: int | None = None,
    seconds: float | None = None,
    clock: str = "wall",
):
    """The best candidate actions for ``seat`` with their estimated win rates and visit
    counts, from an MCTS search that sees only what the seat may see.

    Args:
        state (State): the real position (``seat`` to move).
        seat (int | None): the deciding seat; default (and the only allowed value) the seat
            to move.
        top (int): how many candidates (>= 1).
        bot (MCTSAgent | None): the searcher (default: the game's own ``"mcts"`` bot with
            ``seed`` and the budget below).
        seed (int): the search's seed.
        iterations (int | None), seconds (float | None), clock (str): the budget and what
            ``seconds`` measures (see :class:`MCTSAgent`).

    Returns:
        pandas.DataFrame: one row per candidate, best (most visited) first; columns ``action``
        (notation), ``text`` (as the seat reads it; in words where the game names its moves,
        e.g. GembloQ's ``"piece 13 (I5) at z11, rotated once"``), ``win_rate`` (0..1), ``visits``, and
        ``ci_low``/``ci_high``: the win rate's 95 % Wilson interval from its visits (the noise
        of the estimate: candidates whose intervals overlap are not told apart).

    Raises:
        ValueError: the game is over, ``seat`` is not a seat of the game or not to move,
            ``top`` < 1, or the game has one player (solo: no win rates to compare).
        TypeError: ``state`` is not a State, ``top`` or ``seat`` not an int.
    """
    import pandas as pd

    from .base import agent

    if not isinstance(state, State):  # issue 14: explain("gembloq") said only AttributeError
        given = "None" if state is None else f"the {type(state).__name__} {state!r}"[:120]
        raise TypeError(f"explain takes a position, a State such as game.new_state(seed=1) or board.state, not {given}")
    if seat is not None:
        state.game.check_seat(seat, spectator=False)  # "this 2-player game has seats 0..1, not 5"
    if not isinstance(top, int) or isinstance(top, bool):
        raise TypeError(f"top must be an int, not {top!r}")
    if top < 1:
        raise ValueError(f"top must be at least 1, not {top}")
    if state.game.players == 1:
        raise ValueError(
            "explain estimates win rates against the other players, and a solo (one-player) game has none: every candidate "
            "would win; ask a bot for its move instead (agent('greedy', game=...).choose(state))"
        )
    if bot is None:
        options = {k: v for k, v in (("iterations", iterations), ("seconds", seconds)) if v is not None}
        if clock != "wall":
            options["clock"] = clock
        bot = agent("mcts", seed=seed, game=state.game, **options)
    if not isinstance(bot, MCTSAgent):
        raise TypeError(f"explain needs an MCTS bot, not {bot!r}")
    rows = bot.candidates(state, seat, top=top)
    frame = pd.DataFrame([c.__dict__ for c in rows], columns=["action", "text", "win_rate", "visits"])
    # issue 14: the move in words where the game offers them, and each win rate's noise
    from .base import win_rate_interval

    name = getattr(state, "action_name", None)
    if name is not None and len(frame):
        legal = {str(a): a for a in state.legal_actions()}
        frame["text"] = [name(legal[a]) if a in legal and t == a else t for a, t in zip(frame["action"], frame["text"])]
    intervals = [win_rate_interval(r, v) for r, v in zip(frame["win_rate"], frame["visits"])]
    frame["ci_low"] = [lo for lo, _ in intervals]
    frame["ci_high"] = [hi for _, hi in intervals]
    return frame
