"""Bots that play any game through the kernel contract, deciding only from what their seat
may see (a determinization in games with secrets).

``agent(name, seed=..., game=...)`` returns an :class:`Agent`; ``agent.choose(state)``
returns one of ``state.legal_actions()``. Generic names: ``"random"`` (uniform over legal
actions) and ``"greedy"`` (the best one-move value: the game's ``greedy_value`` or the mover's
score); ``agents(game)`` adds the game's own registered bots. Write a bot by subclassing
:class:`Agent` and overriding ``decide(state, seat)``.
"""

from .base import Agent, GreedyAgent, RandomAgent, agent, agents, ask, default_bot, register_agent, visible_state

__all__ = ["Agent", "GreedyAgent", "RandomAgent", "agent", "agents", "ask", "default_bot", "register_agent", "visible_state"]
