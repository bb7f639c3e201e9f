"""Bots that play any game through the kernel contract, deciding only from what their seat
may see (a determinization in games with secrets).

``agent(name, seed=..., game=..., **options)`` returns an :class:`Agent`;
``agent.choose(state)`` returns one of ``state.legal_actions()``. Generic names: ``"random"``
(uniform over legal actions), ``"greedy"`` (the best one-action value: the game's evaluation,
its ``greedy_value`` or the mover's score) and ``"mcts"`` (information-set Monte Carlo tree
search over determinizations, plain UCT when nothing is hidden; ``iterations=`` or
``seconds=``). ``agents(game)`` adds the game's own registered bots (a game's own ``"greedy"``
and ``"mcts"`` carry its evaluation: see ``agents/gembloq.py``, ``zongshi.py``,
``art_gallery.py``, ``majolica.py``). :func:`explain` lists the best candidate actions with estimated win rates;
:func:`review` judges every decision of a game (``agents/review.py``).
Write a bot by subclassing :class:`Agent` and overriding ``decide(state, seat)``.
"""

from .base import Agent, GreedyAgent, RandomAgent, agent, agents, ask, default_bot, register_agent, visible_state
from .evaluation import Evaluation, ScoreEvaluation, win_shares
from .mcts import DEFAULT_ITERATIONS, Analysis, Candidate, MCTSAgent, RootChild, explain
from .review import GameReview, ReviewedDecision, review

register_agent("mcts", MCTSAgent)

__all__ = [
    "DEFAULT_ITERATIONS",
    "Agent",
    "Analysis",
    "Candidate",
    "Evaluation",
    "GameReview",
    "GreedyAgent",
    "MCTSAgent",
    "RandomAgent",
    "ReviewedDecision",
    "RootChild",
    "ScoreEvaluation",
    "agent",
    "agents",
    "ask",
    "default_bot",
    "explain",
    "register_agent",
    "review",
    "visible_state",
    "win_shares",
]
