"""Random and greedy bots over the kernel contract."""

from __future__ import annotations

import random
from typing import Any

from ..core import State


class Agent:
    """A bot: something that picks an action for the seat to move.

    Args:
        seed (int | None): seed of the bot's own random generator (its choices between equal
            actions); the game's chance is never touched.
    """

    name = "agent"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Any:
        """One of ``state.legal_actions()``.

        Raises:
            ValueError: the game is over (nothing to choose).
        """
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.name} bot>"


class RandomAgent(Agent):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, state: State) -> Any:
        """A uniformly random legal action (see :meth:`Agent.choose`)."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: no legal action to choose")
        return legal[self.rng.randrange(len(legal))]


class GreedyAgent(Agent):
    """Plays the action whose resulting position the game values best for the mover.

    The value comes from ``state.greedy_value(action)`` when the state has it (a game's own
    quick heuristic, higher is better), else from the mover's score after the action. Ties are
    broken at random.
    """

    name = "greedy"

    def choose(self, state: State) -> Any:
        """The best-valued legal action (see :meth:`Agent.choose`)."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: no legal action to choose")
        value = getattr(state, "greedy_value", None)
        if value is None:
            seat = state.to_move

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


_AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}


def agents() -> list[str]:
    """The names :func:`agent` accepts."""
    return sorted(_AGENTS)


def agent(name: str, seed: int | None = None) -> Agent:
    """Make a bot by name.

    Args:
        name (str): ``"random"`` or ``"greedy"``.
        seed (int | None): the bot's own seed.

    Raises:
        KeyError: unknown name.
    """
    try:
        return _AGENTS[name](seed=seed)
    except KeyError:
        raise KeyError(f"no bot named {name!r}; known: {', '.join(agents())}") from None
