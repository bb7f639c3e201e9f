"""Bots decide only from what their seat may see, and are registered per game
(docs/ARCHITECTURE.md, "Bots")."""

from __future__ import annotations

import random

import pytest
from playing import random_positions

import zongshi_widgets as zw
from zongshi_widgets.agents import Agent, agent, agents, ask
from zongshi_widgets.core import register, unregister


@pytest.mark.parametrize("name", [n for n in zw.games() if zw.game_type(n).hidden_information])
def test_bots_choose_the_same_when_only_hidden_parts_change(name):
    """Change the hidden parts of a position (another deal consistent with what the seat to
    move has seen): every bot, with the same seed, makes the same choice."""
    players = zw.game_type(name).default_players
    changed = 0
    for state in random_positions(name, players, seed=4):
        seat = state.to_move
        other_deal = state.determinize(seat, random.Random(123))
        changed += other_deal.digest() != state.digest()
        for bot in agents(name):
            a = agent(bot, seed=9, game=name).choose(state)
            b = agent(bot, seed=9, game=name).choose(other_deal)
            assert str(a) == str(b), f"{bot} read a hidden part"
            assert str(a) in {str(x) for x in state.legal_actions()}
    assert changed, "no position had hidden parts to change"


class _Peeker(Agent):
    """A bot written as choose(state) that looks at the whole state it is handed."""

    name = "peeker"

    def choose(self, state):
        self.seen = state
        return state.legal_actions()[0]


def test_ask_hands_a_one_argument_bot_only_a_determinization():
    state = zw.game("sealed_bids", players=3).new_state(seed=1)
    bot = _Peeker(seed=1)
    ask(bot, state)
    assert bot.seen.is_sample and bot.seen.view(0) == state.view(0)
    gembloq = zw.game("gembloq", players=2).new_state()
    ask(bot, gembloq)
    assert bot.seen is gembloq  # nothing hidden: the real state


def test_bots_refuse_a_seat_that_is_not_to_move_and_finished_games():
    state = zw.game("sealed_bids", players=2).new_state(seed=1)
    with pytest.raises(ValueError, match="not to move"):
        agent("random").choose(state, 1)
    over = zw.lab.play_game(zw.game("sealed_bids", players=2), ["random", "random"], seed=2)
    with pytest.raises(ValueError, match="over"):
        agent("greedy").choose(over)


def test_a_game_registers_its_own_bots():
    register("sealed_bids_plus", "sealed_bids:SealedBids", "test", agents={"first": "extra_bots:FirstAction"})
    try:
        assert "first" in agents("sealed_bids_plus") and "first" not in agents("sealed_bids")
        assert "first" not in agents()
        with pytest.raises(KeyError, match="no bot named 'first'"):
            agent("first", game="sealed_bids")
        bot = agent("first", game="sealed_bids_plus")
        state = zw.game("sealed_bids_plus").new_state(seed=3)
        assert bot.choose(state) == state.legal_actions()[0]
    finally:
        unregister("sealed_bids_plus")
    with pytest.raises(KeyError):
        agents("no-such-game")


def test_a_bot_refuses_another_games_position_and_a_non_position():
    """A game's own bot reads that game's positions only: given another game's position it says
    which game it is made for (as the boards' SeatError does), and a non-position is a TypeError;
    a generic bot plays any game."""
    from zongshi_widgets.agents import agent, explain

    ms = zw.game("majolica", players=2).new_state(seed=1)
    with pytest.raises(ValueError, match="made for zongshi, not majolica"):
        agent("greedy", seed=1, game="zongshi").choose(ms)
    with pytest.raises(ValueError, match="made for gembloq, not majolica"):
        agent("mcts", seed=1, game="gembloq", iterations=5).choose(ms)
    with pytest.raises(ValueError, match="made for zongshi, not majolica"):
        explain(ms, bot=agent("mcts", seed=0, game="zongshi", iterations=10))
    with pytest.raises(TypeError, match="a bot chooses in a position"):
        agent("greedy", seed=0, game="art_gallery").choose("x")
    assert agent("greedy", seed=1, game="gembloq").choose(ms) in ms.legal_actions()  # the generic greedy bot
