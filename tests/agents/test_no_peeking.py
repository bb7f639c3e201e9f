"""No bot peeks (DESIGN, "Hidden information"; issue 21): every registered bot of every game,
at every player count it is played at, decides only from what the deciding seat may see.

For positions reached by seeded play, the hidden parts the deciding seat cannot see are dealt
again (another truth consistent with what it has seen: ``state.determinize(seat, rng)`` of the
real state: the design deck's and the solo face-down stack's order in Majolica, the deck, the
bag and the other seats' hands elsewhere, and the future of chance). The same bot with the same
seed must then make the same choice on both truths, and an MCTS bot's candidate table
(:func:`~zongshi_widgets.agents.explain`, or ``candidates`` in solo play, where ``explain``
refuses) must be the same. In a perfect-information game (GembloQ) the re-dealt truth is the
position itself, so the test holds trivially there; it is kept so that a game that gains a
secret is covered at once.
"""

from __future__ import annotations

import random

import pytest
from playing import random_positions

import zongshi_widgets as zw
from zongshi_widgets.agents import MCTSAgent, agent, agents, explain

#: (game, player counts): each game's smallest table, one more, and Majolica's solo game.
TABLES = [
    ("gembloq", 2),
    ("art_gallery", 2),
    ("art_gallery", 3),
    ("zongshi", 3),
    ("zongshi", 4),
    ("majolica", 1),
    ("majolica", 2),
    ("majolica", 3),
]

#: small budgets, so the whole matrix runs in a few seconds per game
OPTIONS = {"mcts": {"iterations": 4}, "solo": {"candidates": 2, "samples": 2, "width": 60, "next_width": 30}}


def _make(name: str, game, seed: int):
    return agent(name, seed=seed, game=game, **OPTIONS.get(name, {}))


def _positions(name: str, players: int) -> list:
    """Positions of two seeded random games, plus (Majolica) of a seeded greedy game, whose
    boards hold cards and tiles in workshops as a real game's do."""
    out = random_positions(name, players, seed=11, k=4) + random_positions(name, players, seed=12, k=4)
    if name == "majolica":
        game = zw.game(name, players=players)
        state = game.new_state(seed=13)
        bot = agent("greedy", seed=13, game=game)
        seen = []
        while not state.is_over and len(seen) < 400:
            seen.append(state)
            state = state.play(bot.choose(state))
        out += [s for s in seen[:: max(1, len(seen) // 8)] if s.step == "select"] + [s for s in seen if s.step != "select"][::25]
    return out


def _table(bot, state):
    """The MCTS bot's ranked candidates (action, visits, win rate), as plain tuples."""
    if state.game.players == 1:
        rows = bot.candidates(state, top=4)
        return [(c.action, c.visits, round(c.win_rate, 12)) for c in rows]
    frame = explain(state, top=4, bot=bot)
    return list(frame.itertuples(index=False, name=None))


@pytest.mark.parametrize(("name", "players"), TABLES, ids=[f"{n}-{p}p" for n, p in TABLES])
def test_every_bot_decides_the_same_on_another_consistent_truth(name, players):
    game = zw.game(name, players=players)
    positions = _positions(name, players)
    assert positions
    changed = 0
    for i, state in enumerate(positions):
        seat = state.to_move
        other = state.determinize(seat, random.Random(1000 + i))
        changed += other.digest() != state.digest() if hasattr(state, "digest") else 0
        for bot_name in agents(game):
            a = _make(bot_name, game, seed=7).choose(state)
            b = _make(bot_name, game, seed=7).choose(other)
            where = f"{name} {players}p, position {i}: the {bot_name} bot"
            assert a == b, f"{where} chose {a!r} on the real state and {b!r} on another truth the seat cannot tell from it"
            bot = _make(bot_name, game, seed=7)
            if isinstance(bot, MCTSAgent) and len(state.legal_actions()) > 1:
                assert _table(bot, state) == _table(_make(bot_name, game, seed=7), other), f"{where}'s candidates differ"
    if game.game_type.hidden_information and hasattr(positions[0], "digest"):
        assert changed, "no position had hidden parts to re-deal: the test would prove nothing"
