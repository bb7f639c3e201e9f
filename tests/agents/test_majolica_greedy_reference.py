"""Majolica's greedy bot chooses exactly as the slow, plain way does (the speed issue: a class
plays 1,000 four-player greedy games; the bot got faster without changing any choice).

The reference below is the greedy measure as first written, with nothing remembered and no
short path: each action is played by the framework's general path (``State.play``), the turn is
finished by valuing every legal action on a fresh state (``_board_value_reference``), and every
seat is valued afresh (``MajolicaEvaluation.seat_value``). The tests compare it, value for value
(exact floats), with what the bot computes (``turn_values``: the engine's ``greedy_action``,
which remembers its choices from 2. Place to the end of a turn, and the evaluation's memo), at
every decision of greedy games, and compare whole ``simulate`` tables."""

from __future__ import annotations

import pytest

import zongshi_widgets as zw
from zongshi_widgets.agents import agent
from zongshi_widgets.agents.evaluation import _margin
from zongshi_widgets.agents.majolica import MajolicaEvaluation, MajolicaGreedy, horizon, quick_step, quick_step_reference, turn_values
from zongshi_widgets.core import State
from zongshi_widgets.games.majolica.rules import _board_value, _board_value_reference
from zongshi_widgets.lab import simulate

EV = MajolicaEvaluation()
ALL = {"cascading_bloom": True, "kaleidoscopic": True, "missions": True}


def reference_greedy_value(state: State, action: str) -> float:
    """The quick heuristic of ``action``: played the general way, the mover's board valued plainly."""
    return _board_value_reference(state.game, State.play(state, action).players[state.to_move])


def reference_quick_step(state: State) -> str:
    """The best legal action by :func:`reference_greedy_value`, the first among equals."""
    best, best_v = None, None
    for a in state.legal_actions():
        v = reference_greedy_value(state, a)
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


def reference_turn_values(state: State, seat: int, legal: list) -> list[float]:
    """Each action's margin for ``seat`` after the rest of the turn by the reference quick step."""
    out = []
    for a in legal:
        s, steps = State.play(state, a), 0
        while s.to_move == seat and steps < 24:
            s, steps = State.play(s, reference_quick_step(s)), steps + 1
        h = horizon(s)
        out.append(_margin([EV.seat_value(s, k, p, h) for k, p in enumerate(s.players)], seat))
    return out


class ReferenceGreedy(MajolicaGreedy):
    """Majolica's greedy bot on the reference measure (the same tie-break: within 1e-9, by the bot's generator)."""

    def decide(self, state: State, seat: int) -> str:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        values = reference_turn_values(state, seat, legal)
        top = max(values)
        best = [a for a, v in zip(legal, values) if v >= top - 1e-9]
        return best[self.rng.randrange(len(best))]


@pytest.mark.parametrize(
    ("players", "options", "seed", "decisions"),
    [(4, {}, 0, 90), (4, {}, 1, 90), (4, {}, 2, 90), (3, ALL, 3, 90), (2, {"discard_any_time": False}, 4, 60), (1, ALL, 5, 30)],
)
def test_greedy_decisions_equal_the_reference(players, options, seed, decisions):
    """Along a greedy game (the fast bot's own line, its caches warming up), at every decision:
    the same value for every legal action, to the last bit, and so the same choice; and the
    quick step the same as the plain loop, at every position met."""
    game = zw.game("majolica", players=players, **options)
    bots = [agent("greedy", seed=seed * 10 + k, game=game) for k in range(players)]
    refs = [ReferenceGreedy() for _ in range(players)]
    s = game.new_state(seed=seed)
    steps = set()
    for _ in range(decisions):
        if s.is_over:
            break
        seat = s.to_move
        refs[seat].rng.setstate(bots[seat].rng.getstate())  # the same generator: the same draws below
        seen = s.determinize(seat, bots[seat].rng)  # what the bot decides on (as Agent.choose)
        seen_ref = s.determinize(seat, refs[seat].rng)
        assert seen == seen_ref
        legal = seen.legal_actions()
        assert turn_values(seen, seat, legal) == reference_turn_values(seen_ref, seat, legal)
        assert quick_step(seen) == quick_step_reference(seen) == reference_quick_step(seen)
        steps.add(s.step)
        choice = bots[seat].decide(seen, seat)
        assert choice == refs[seat].decide(seen_ref, seat)
        s = s.play(choice)
    assert {"select", "place"} <= steps


def test_simulate_tables_equal_the_reference_bot():
    """Whole four-player games (``end_cards=2``: shorter): the lab's table with the registered
    greedy bot by name equals the table with the reference bot in every seat (``seconds``, the
    measured time, excepted)."""
    game = zw.game("majolica", players=4, end_cards=2)
    fast = simulate(game, ["greedy"] * 4, games=2, seed=7, jobs=1).drop(columns="seconds")
    slow = simulate(game, [ReferenceGreedy()] * 4, games=2, seed=7, jobs=1).drop(columns="seconds")
    assert len(fast) == 8
    assert fast.equals(slow)


def test_board_values_equal_the_reference():
    """The fast board value (each workshop's term remembered) is the plain one, exactly, on
    every board met along greedy games with all the expansions."""
    met = 0
    for players, options in ((4, {}), (3, ALL)):
        game = zw.game("majolica", players=players, **options)
        bots = [agent("greedy", seed=k, game=game) for k in range(players)]
        s = game.new_state(seed=players)
        for _ in range(80):
            if s.is_over:
                break
            for a in s.legal_actions():
                board = State.play(s, a).players[s.to_move]
                assert _board_value(game, board) == _board_value_reference(game, board)
                assert s.greedy_value(a) == reference_greedy_value(s, a)
                met += 1
            s = s.play(bots[s.to_move].choose(s))
    assert met > 1000


def test_remembered_values_are_the_fresh_ones():
    """The evaluation remembers seat values per game and ``promise``: a changed promise or
    another game values afresh, and a copy of the evaluation carries no memo."""
    import copy

    game = zw.game("majolica", players=2, missions=True)
    s = game.new_state(seed=1)
    bot = agent("greedy", seed=1, game=game)
    ev = MajolicaEvaluation()
    for _ in range(30):
        h = horizon(s)
        assert ev.values(s) == [ev.seat_value(s, k, p, h) for k, p in enumerate(s.players)]
        s = s.play(bot.choose(s))
    before = ev.values(s)
    ev.promise = 0.0
    h = horizon(s)
    assert ev.values(s) == [ev.seat_value(s, k, p, h) for k, p in enumerate(s.players)] != before
    assert "_memo" not in copy.deepcopy(ev).__dict__
