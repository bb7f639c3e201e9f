"""Majolica over random play: conservation of every component after every action (every player
count, expansions off and all on), every listed action plays, save/load round trips, replay
from the seed, determinization, and slow reference checks beside the fast paths."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import zongshi_widgets as zw
from zongshi_widgets.agents import GreedyAgent
from zongshi_widgets.core import State
from zongshi_widgets.games.majolica import pattern_met
from zongshi_widgets.games.majolica.rules import BORDER, LINES, MajolicaState, _board_value, _legal_reference, _runs, _Work, can_run

ALL = {"cascading_bloom": True, "kaleidoscopic": True, "missions": True}
MIXES = [{}, ALL]


def conserved(s) -> None:
    """Every large tile, design card, purple tile, one-point token and mission card is in exactly
    one place (rulebook, Game Setup: 16 large tiles; City Hall; the design deck; Mission Cards).
    Small tiles are unlimited (rulebook, Q3) and not counted."""
    g = s.game
    n = g.players
    per = g.components.large_per_colour
    if g.solo:
        large = Counter(s.stack) + Counter(s.revealed) + Counter({c: k for c, k in enumerate(s.flipped)})
    else:
        large = Counter(s.grid)
        assert all(i in range(16) for i in BORDER)
    assert large == Counter({c: per for c in range(4)})
    where = list(s.deck) + list(s.display) + [i for i in s.starting if i >= 0] + ([s.pcard] if s.pcard >= 0 else [])
    for p in s.players:
        where += [i for i in p.slots if i >= 0] + list(p.done)
    assert len(where) == len(set(where)), "a design card in two places"
    starting = [i for i in where if i in g.starting_idx]
    assert set(where) - set(starting) == set(g.deck_idx), "a deck card lost"
    assert len(starting) == n, "a dealt starting card lost"
    fill_p, fill_t = g.city_fill
    purples_on_boards = sum(p.ws[w][4] for p in s.players for w in range(4))
    assert s.city[0] + purples_on_boards + s.purple_out == fill_p
    assert sum(p.purples for p in s.players) == fill_p - s.city[0]
    assert s.city[1] + sum(p.tokens for p in s.players) == fill_t
    held = [p.mission for p in s.players if p.mission >= 0]
    assert len(set(held) | set(s.missions_open)) == len(held) + len(s.missions_open) <= 8
    for seat, p in enumerate(s.players):
        for w in range(4):
            if not (seat == s.to_move and s.over == w):
                assert sum(p.ws[w]) <= g.cap[w]
        assert p.ws[3][4] == 0, "a purple tile in W4"
        for i, f in zip(p.slots, p.fills):
            if i < 0:
                assert f == (0, 0, 0, 0)
            else:
                assert sum(f) < g.size[i] and sum(max(0, a - b) for a, b in zip(f, g.need[i])) <= g.blank[i]


def random_game(players: int, seed: int, options: dict, each=None):
    game = zw.game("majolica", players=players, **options)
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    states = [s]
    while not s.is_over:
        if each:
            each(s)
        legal = s.legal_actions()
        s = s.play(legal[rng.randrange(len(legal))])
        states.append(s)
    if each:
        each(s)
    return states


@pytest.mark.parametrize("options", MIXES, ids=["base", "all-expansions"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_conservation_after_every_action(players, options):
    """Every component in exactly one place after every action of a random game."""
    states = random_game(players, 7 + players, options, each=conserved)
    assert states[-1].score_sheet().final


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.sampled_from([1, 2, 3, 4]), mix=st.sampled_from([0, 1]))
def test_random_play_every_listed_action_plays_saves_and_replays(seed, players, mix):
    """Hypothesis over random play: every listed action plays (a sample of them at each step),
    save/load round trips along the game, and the seed and actions replay the same game."""
    options = MIXES[mix]
    game = zw.game("majolica", players=players, **options)
    rng = random.Random(seed)

    def each(s):
        legal = s.legal_actions()
        for a in rng.sample(legal, min(3, len(legal))):
            after = s.play(a)
            assert after.history[-1] == a
        if rng.random() < 0.02:
            assert game.load_state(s.to_json()) == s

    states = random_game(players, seed % 1000, options, each=each)
    final = states[-1]
    replay = game.new_state(seed=final.chance.seed)
    for a in final.history:
        replay = replay.play(a)
    assert replay == final and replay.digest() == final.digest()
    assert game.load_state(final.to_json()) == final


def test_determinization_resamples_only_the_unseen_deck_and_stack():
    """Hidden from everybody: the design deck order (not the cards everybody saw replaced to its
    bottom) and the face-down solo stack's order; a sample keeps all else."""
    for players in (1, 4):
        states = random_game(players, 3, {})
        s = next(x for x in states if x.known) if any(x.known for x in states) else states[len(states) // 2]
        sample = s.determinize(0, random.Random(1))
        assert sorted(sample.deck) == sorted(s.deck)
        if s.known:
            assert sample.deck[-s.known :] == s.deck[-s.known :]
        assert sorted(sample.stack) == sorted(s.stack)
        assert sample.view(0) == s.view(0)
        assert any(sample.determinize(0, random.Random(k)).deck != s.deck for k in range(5)) or len(s.deck) - s.known < 2


def test_views_show_no_deck_order():
    """The public view gives the deck's size and its known bottom, never its order."""
    s = zw.game("majolica", players=2).new_state(seed=3)
    view = json.dumps(s.view(0))
    assert "deck_size" in view and '"deck"' not in view
    assert s.view(0)["deck_size"] == len(s.deck)


# -- slow reference checks beside the fast paths -----------------------------------------------
def _pattern_reference(game, w, ws) -> bool:
    """Slow and plain: try every colour for every purple tile; the counts must then be the
    workshop's pattern exactly (rulebook, Run Workshop(s); Purple Tiles: wild)."""
    if sum(ws) != game.cap[w]:
        return False
    for colours in itertools.product(range(4), repeat=ws[4]):
        counts = list(ws[:4])
        for c in colours:
            counts[c] += 1
        if sorted(k for k in counts if k) == sorted(game.components.workshops[w].pattern):
            return True
    return False


def test_pattern_check_matches_the_reference_on_every_small_workshop():
    """pattern_met (fast) agrees with the brute-force reference for every content of every
    workshop (up to capacity, purple included)."""
    game = zw.game("majolica", players=2)
    for w in range(4):
        cap = game.cap[w]
        for ws in itertools.product(range(cap + 1), repeat=5):
            if sum(ws) == cap:
                assert pattern_met(game, w, ws) == _pattern_reference(game, w, ws), (w, ws)


def test_runs_match_the_reference():
    """Option A's runs (fast) agree with the plain enumeration of face-up segments."""
    rng = random.Random(5)
    for _ in range(300):
        up = rng.getrandbits(16)
        for whole in (True, False):
            ref = set()
            for line in LINES:
                for a in range(4):
                    for b in range(a + 1, 4):
                        seg = line[a : b + 1]
                        if all(up >> i & 1 for i in seg):
                            inside = (a == 0 or not up >> line[a - 1] & 1) and (b == 3 or not up >> line[b + 1] & 1)
                            if inside or not whole:
                                ref.add((line[a], line[b]))
            assert set(_runs(up, whole)) == ref


def test_runnable_fast_path_matches_the_reference():
    """_Work.runnable (used while resolving) agrees with can_run (reference) along random games."""
    for players, options in ((2, {}), (4, ALL)):

        def each(s):
            if s.is_over:
                return
            work = _Work(s)
            for w in range(4):
                assert work.runnable(w) == can_run(s, s.players[s.to_move], w)

        random_game(players, 21, options, each=each)


def _varied_game(players: int, seed: int, options: dict, each) -> None:
    """A random game that mostly avoids free discards and ``end`` (so workshops fill, run,
    fragment and overflow), calling ``each(state)`` before every action."""
    game = zw.game("majolica", players=players, stall_rounds=4, **options)
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        each(s)
        legal = s.legal_actions()
        keen = [a for a in legal if not a.startswith(("discard W", "end"))]
        pick = keen if keen and rng.random() < 0.85 else legal
        s = s.play(pick[rng.randrange(len(pick))])
    each(s)


def _greedy_line(players: int, options: dict, each, actions: int = 160) -> None:
    """The first ``actions`` actions between the generic greedy bots (they fill workshops, so
    runs, moves, fragmentation and completed cards happen), calling ``each(state)`` before each."""
    game = zw.game("majolica", players=players, **options)
    s = game.new_state(seed=players)
    bots = [GreedyAgent(seed=k) for k in range(players)]  # the generic bot, on greedy_value
    for _ in range(actions):
        if s.is_over:
            break
        each(s)
        s = s.play(bots[s.to_move].choose(s))
    each(s)


@pytest.mark.parametrize(
    "players,options",
    [(1, {}), (1, ALL), (2, {"whole_runs": False}), (3, ALL), (4, {}), (4, {**ALL, "discard_any_time": False, "fragment": "W2 W3"})],
)
def test_fast_legal_actions_match_the_reference(players, options):
    """The table-driven legal-action generator (rules._legal) lists exactly what the plain
    reference (rules._legal_reference) lists, in the same order, at every step of varied games
    (rulebook, Gameplay: 1. Select, 2. Place, Run Workshop(s); Tip 1 discards)."""
    seen = Counter()

    def each(s):
        if not s.is_over:
            seen[s.step] += 1
            assert s.legal_actions() == _legal_reference(s)

    for seed in range(2):
        _varied_game(players, seed, options, each)
    _greedy_line(players, options, each)
    assert seen["select"] and seen["place"]


def test_fast_play_matches_the_general_path():
    """MajolicaState.play's short path (a notation exactly as listed) gives the very position the
    general path of the framework (State.play: parse, check, apply) gives, history included."""
    steps = Counter()

    def each(s):
        if s.is_over:
            return
        steps[s.step] += 1
        for a in s.legal_actions()[:8]:
            fast, ref = s.play(a), State.play(s, a)
            assert type(fast) is type(ref) is MajolicaState
            assert fast == ref and fast.history == ref.history and fast.chance.to_json() == ref.chance.to_json()
            assert fast.legal_actions() == ref.legal_actions()

    for players, options in ((1, ALL), (3, {}), (4, ALL)):
        _varied_game(players, 3, options, each)
        _greedy_line(players, options, each, actions=100)
    assert {"select", "place", "move", "fragment", "finish"} <= set(steps)


def test_greedy_value_short_path_matches_the_reference():
    """MajolicaState.greedy_value's short path (no history, values cached per board) equals the
    plain way: play the action by the general path (State.play), value the mover's board (rules._board_value)."""
    looked = 0

    def each(s):
        nonlocal looked
        if s.is_over:
            return
        for a in s.legal_actions():
            assert s.greedy_value(a) == _board_value(s.game, State.play(s, a).players[s.to_move])
            looked += 1

    _greedy_line(4, ALL, each, actions=120)
    assert looked > 500


def test_history_is_the_tuple_of_played_actions_at_every_step():
    """A played state links to the history before it (constant time per action); callers still
    read ``history`` as the tuple of the notations played since ``new_state``, in order, from any
    state of the line, read early or late, and a saved game replays to the same position."""
    game = zw.game("majolica", players=4, stall_rounds=2)
    s = game.new_state(seed=8)
    rng = random.Random(8)
    played, states = [], [s]
    while not s.is_over:
        legal = s.legal_actions()
        a = legal[rng.randrange(len(legal))]
        s = s.play(a)
        played.append(a)
        states.append(s)
        if len(played) % 97 == 0:
            assert s.history == tuple(played)  # read in the middle of the line
    for k in sorted(rng.sample(range(len(states)), 40), reverse=True) + [len(states) - 1, 0]:
        h = states[k].history
        assert type(h) is tuple and h == tuple(played[:k])
        assert states[k].history is h  # built once, then kept
    again = game.load_state(s.to_json())
    assert again.history == s.history and again.digest() == s.digest()
