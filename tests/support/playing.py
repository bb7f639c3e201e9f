"""Positions from seeded random games, for the shared suites."""

from __future__ import annotations

import random

import zongshi_widgets as zw


def random_positions(name: str, players: int | None = None, seed: int = 0, k: int = 6) -> list:
    """About ``k`` positions spread over one seeded random game of ``name`` (its default player
    count when ``players`` is ``None``), the game's end left out (nobody decides there).

    Returns:
        list[State]: the positions, in order.
    """
    state = zw.game(name, players=players).new_state(seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_over:
        out.append(state)
        state = state.play(rng.choice(state.legal_actions()))
    step = max(1, len(out) // k)
    return out[::step]
