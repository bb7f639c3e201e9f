"""Bots that play any game through the kernel contract.

``agent(name, seed=...)`` returns an :class:`Agent`; ``agent.choose(state)`` returns one of
``state.legal_actions()``. Known names: ``"random"`` (uniform over legal actions) and
``"greedy"`` (the action with the best one-move evaluation of the game's ``greedy_value``).
"""

from .base import Agent, GreedyAgent, RandomAgent, agent, agents

__all__ = ["Agent", "GreedyAgent", "RandomAgent", "agent", "agents"]
