"""Majolica playouts: ``scratch()`` + ``advance()`` (docs/ARCHITECTURE.md, "Playouts") follow,
action for action, the game that ``play()`` gives, at every player count and expansion mix,
and never change the state they started from (rulebook, Gameplay; Expansion Rules)."""

from __future__ import annotations

import itertools
import random

import pytest

import zongshi_widgets as zw
from zongshi_widgets.agents import agent

#: every mix of the three expansions (Cascading Bloom, Kaleidoscopic Design, Mission cards)
EXPANSIONS = ("cascading_bloom", "kaleidoscopic", "missions")
MIXES = [dict(zip(EXPANSIONS, bits)) for bits in itertools.product((False, True), repeat=3)]


def _line(game, seed: int, greedy: bool = False, limit: int = 400) -> list:
    """The states of a game played with ``play()``: random actions that mostly avoid free
    discards and ``end`` (so workshops fill, run, fragment and overflow), or greedy bots (they
    complete design cards); at most ``limit`` actions."""
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    bots = [agent("greedy", seed=seed * 10 + k, game=game) for k in range(game.players)] if greedy else None
    states = [s]
    while not s.is_over and len(states) <= limit:
        if greedy:
            a = bots[s.to_move].choose(s)
        else:
            legal = s.legal_actions()
            keen = [a for a in legal if not a.startswith(("discard W", "end"))]
            pick = keen if keen and rng.random() < 0.85 else legal
            a = pick[rng.randrange(len(pick))]
        s = s.play(a)
        states.append(s)
    return states


def _uniform_line(game, seed: int, limit: int) -> list:
    """The states of a game of uniformly random actions played with ``play()`` (free discards and
    ``end`` as likely as any: workshops empty, turns end on a slot), at most ``limit`` actions."""
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    states = [s]
    while not s.is_over and len(states) <= limit:
        legal = s.legal_actions()
        s = s.play(legal[rng.randrange(len(legal))])
        states.append(s)
    return states


def _follow(states: list, start: int) -> None:
    """Advance a scratch copy of ``states[start]`` along the same actions and compare every
    position with the one ``play()`` gave: digest, player to move, turn, legal actions, score
    sheet; at the end the chance generator too. The start state is unchanged."""
    origin = states[start]
    before = (origin.to_json(), origin.digest(), origin.chance.to_json(), origin.legal_actions())
    d = origin.scratch()
    assert d.is_scratch and not origin.is_scratch
    assert d.digest() == origin.digest() and d.legal_actions() == origin.legal_actions()
    actions = states[-1].history[len(origin.history) :]
    for expected, action in zip(states[start + 1 :], actions):
        d = d.advance(action)
        assert d.is_scratch
        assert d.digest() == expected.digest()
        assert (d.to_move, d.turn) == (expected.to_move, expected.turn)
        assert d.legal_actions() == expected.legal_actions()
        assert d.score_sheet().to_json() == expected.score_sheet().to_json()
    assert d.is_over == states[-1].is_over
    assert d.chance.to_json() == states[-1].chance.to_json()
    assert d.position() == states[-1].position()
    assert (origin.to_json(), origin.digest(), origin.chance.to_json(), origin.legal_actions()) == before
    with pytest.raises(ValueError, match="scratch copy"):
        d.to_json()


@pytest.mark.parametrize("mix", MIXES, ids=["-".join(k[:4] for k, v in m.items() if v) or "base" for m in MIXES])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_scratch_playouts_match_play_action_for_action(players, mix):
    """Random games to the end (the engine's stall_rounds ending them soon), from the start and
    from the middle, over several seeds: the scratch copy's positions are play()'s."""
    game = zw.game("majolica", players=players, stall_rounds=3, **mix)
    for seed in range(3):
        states = _line(game, seed, limit=10_000)
        assert states[-1].is_over
        _follow(states, 0)
        _follow(states, len(states) // 2)


@pytest.mark.parametrize("players", [2, 4])
def test_scratch_playouts_match_play_through_runs_and_completed_cards(players):
    """Greedy games with every expansion on (workshops run, tiles move to design cards, tiles
    are fragmented): the scratch copy follows play() there too (rulebook, Run Workshop(s))."""
    game = zw.game("majolica", players=players, cascading_bloom=True, kaleidoscopic=True, missions=True)
    states = _line(game, players, greedy=True, limit=300)
    verbs = {a.split()[0] for a in states[-1].history}
    assert {"move", "fragment"} <= verbs
    _follow(states, 0)


def test_scratch_of_a_finished_game_and_a_determinization():
    """A scratch copy of a finished game is over too; one of a determinization follows the
    determinization's own game (Playouts on MCTS samples)."""
    game = zw.game("majolica", players=3, stall_rounds=2)
    states = _line(game, 5, limit=10_000)
    end = states[-1].scratch()
    assert end.is_over and end.legal_actions() == [] and end.digest() == states[-1].digest()
    mid = states[len(states) // 3]
    sample = mid.determinize(1, random.Random(7))
    d = sample.scratch()
    s = sample
    rng = random.Random(3)
    while not s.is_over:
        legal = s.legal_actions()
        assert d.legal_actions() == legal
        a = legal[rng.randrange(len(legal))]
        s, d = s.play(a), d.advance(a)
        assert d.digest() == s.digest()
    assert d.is_over and d.score_sheet().to_json() == s.score_sheet().to_json()


@pytest.mark.parametrize("players,mix", [(1, MIXES[-1]), (2, MIXES[0]), (3, MIXES[5]), (4, MIXES[-1])])
def test_short_paths_match_the_general_path(players, mix):
    """Takes, free discards, ``end`` (the round going on or ending), placements, slots (one ending
    the turn) and rearrangements skip the working board when nothing can run (rules._quick):
    after every such action of random and greedy games, play() gives the position the
    framework's general path gives (State.play: parse, check, apply with the full rules), and a
    scratch copy advanced by it too (rulebook, Gameplay; End of the Round; Run Workshop(s); Tip 1)."""
    from zongshi_widgets.core import State
    from zongshi_widgets.games.majolica.rules import _quick_kind

    kinds = set()
    game = zw.game("majolica", players=players, stall_rounds=3, **mix)
    longer = zw.game("majolica", players=players, **mix)  # rounds enough for a turn to end on a slot
    for states in (_line(game, 11, limit=10_000), _line(game, 12, greedy=True, limit=250), _uniform_line(longer, 13, limit=1500)):
        for s, a in zip(states, states[-1].history):
            op = _quick_kind(s, a)  # the operation's kind number (op[0]), 0 for the full path
            kinds.add(op[0] if op else 0)
            fast, ref = s.play(a), State.play(s, a)
            assert fast == ref and fast.digest() == ref.digest() and fast.history == ref.history
            assert fast.legal_actions() == ref.legal_actions()
            assert fast.chance.to_json() == ref.chance.to_json()
            assert s.scratch().advance(a).digest() == ref.digest()
    assert kinds >= ({0, 1, 2, 4, 5, 6} if players == 1 else {0, 1, 2, 3, 4, 5, 6, 7, 8})


def test_play_on_a_scratch_copy_gives_an_independent_plain_state():
    """Playouts (docs/ARCHITECTURE.md, "Playouts": "this state is never changed"): a state made
    by ``play()`` on a scratch copy is a plain state with its own generator, as Zong Shi's
    (tests/zongshi/test_scratch.py): advancing the scratch copy afterwards changes neither its
    position nor its chance, it can be saved and loaded, and it follows the game ``play()``
    gives from the original state (newcomer report 2, finding 1)."""
    game = zw.game("majolica", players=2)
    s = game.new_state(seed=3)
    rng = random.Random(0)
    for _ in range(30):
        s = s.play(rng.choice(s.legal_actions()))
    sc = s.scratch()
    a = sc.legal_actions()[0]
    t, ref = sc.play(a), s.play(a)
    assert not t.is_scratch and sc.is_scratch
    before = (t.to_json(), t.chance.to_json(), t.digest())
    assert before[0] == ref.to_json()
    while not sc.is_over:
        sc = sc.advance(rng.choice(sc.legal_actions()))
    assert (t.to_json(), t.chance.to_json(), t.digest()) == before
    assert game.load_state(t.to_json()) == t
    u, v = t, ref
    for _ in range(200):  # the same actions go the same way from both
        if v.is_over:
            break
        b = v.legal_actions()[rng.randrange(len(v.legal_actions()))]
        u, v = u.play(b), v.play(b)
        assert u.digest() == v.digest() and u.chance.to_json() == v.chance.to_json()
