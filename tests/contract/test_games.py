"""The kernel contract (docs/ARCHITECTURE.md, "The kernel contract"), checked on every registered
game and every player count it declares: random play to the end, refusals that change nothing,
save/load at every step, replay from the seed, JSON-able views, determinization, position
descriptions and turn structure. Modelled on OpenSpiel's ``random_sim_test``.
"""

from __future__ import annotations

import json
import random

import pytest

import zongshi_widgets as zw
from zongshi_widgets.core import GameType, Turn

#: GembloQ games are long (about 80 placements with 4 colours); two seeds per count are enough
#: here, its own suites play many more.
SEEDS = (3, 11)


def _cases():
    for name in zw.games():
        for players in zw.game_type(name).player_counts:
            yield pytest.param(name, players, id=f"{name}-{players}")


CASES = list(_cases())


def _random_game(name: str, players: int, seed: int, *, check_each=None):
    """Play a seeded random game to the end, calling ``check_each(state)`` on every position."""
    game = zw.game(name, players=players)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    states = [state]
    for _ in range(10_000):
        if check_each:
            check_each(state)
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal, f"{name}: no legal action but the game is not over"
        state = state.play(legal[rng.randrange(len(legal))])
        states.append(state)
    else:
        pytest.fail(f"{name}: a random game did not end within 10,000 actions")
    return states


def _sample_positions(states, k=8):
    """Up to ``k`` positions spread over a game (start and end included)."""
    if len(states) <= k:
        return states
    step = (len(states) - 1) / (k - 1)
    return [states[round(i * step)] for i in range(k)]


def test_every_game_declares_its_type():
    for name in zw.games():
        gt = zw.game_type(name)
        assert isinstance(gt, GameType)
        assert gt.long_name and gt.notation_help
        default = zw.game(name)
        assert default.players == gt.default_players
        for players in gt.player_counts:
            game = zw.game(name, players=players)
            assert len(game.seat_names) == players and len(set(game.seat_names)) == players
        too_many = max(gt.player_counts) + 1
        with pytest.raises(ValueError):
            zw.game(name, players=too_many)


@pytest.mark.parametrize("name,players", CASES)
def test_random_play_reaches_the_end_and_every_listed_action_plays(name, players):
    for seed in SEEDS:

        def check(state):
            legal = state.legal_actions()
            if state.is_over:
                assert not legal
                assert state.to_move is None
                assert state.score_sheet().final
                return
            assert state.to_move in range(players)
            texts = [str(a) for a in legal]
            assert len(set(texts)) == len(texts), "two legal actions share a notation"
            for action in legal[:: max(1, len(legal) // 5)]:
                # the notation parses back to the same action (python-chess's Move.from_uci)
                assert str(state.parse_action(str(action))) == str(action)
            turn = state.turn
            assert isinstance(turn, Turn) and turn.seat == state.to_move and turn.turn >= 1

        states = _random_game(name, players, seed, check_each=check)
        sheet = states[-1].score_sheet()
        # a one-player game (GembloQ's solo challenge) names no winner, only a result
        assert len(sheet.totals) == players and (1 <= len(sheet.winners) <= players if players > 1 else sheet.winners == ())


@pytest.mark.parametrize("name,players", CASES)
def test_refusals_change_nothing(name, players):
    states = _random_game(name, players, SEEDS[0])
    for state in _sample_positions(states[:-1], 5):
        before = (state.digest(), state.to_json(), json.dumps(state.view(None)))
        for junk in ("", "%%%", "not an action at all", "0" * 200):
            with pytest.raises(zw.IllegalAction) as err:
                state.play(junk)
            assert err.value.rule and err.value.message
        # an action legal elsewhere but not here: the legal actions of a later position
        later = states[states.index(state) + 1 :]
        here = {str(a) for a in state.legal_actions()}
        for other in later:
            foreign = [a for a in other.legal_actions() if str(a) not in here]
            if foreign:
                with pytest.raises(zw.IllegalAction):
                    state.play(foreign[0])
                break
        assert (state.digest(), state.to_json(), json.dumps(state.view(None))) == before
    with pytest.raises(zw.IllegalAction, match="over"):
        states[-1].play("anything")


@pytest.mark.parametrize("name,players", CASES)
def test_save_load_round_trips_at_every_step_and_replays_from_the_seed(name, players):
    game = zw.game(name, players=players)
    states = _random_game(name, players, SEEDS[1])
    step = max(1, len(states) // 25)
    for state in states[::step] + [states[-1]]:
        loaded = game.load_state(state.to_json())
        assert loaded == state and loaded.digest() == state.digest()
        assert loaded.history == state.history
        for seat in [None, *range(players)]:
            assert loaded.view(seat) == state.view(seat)
    final = states[-1]
    replay = game.new_state(seed=final.chance.seed)
    for action in final.history:
        replay = replay.play(str(action))
    assert replay.digest() == final.digest() and replay.chance == final.chance
    text = final.to_json()
    data = json.loads(text)
    data["history"] = data["history"][:-1]
    with pytest.raises(zw.CorruptSave):
        game.load_state(json.dumps(data))
    with pytest.raises(zw.CorruptSave):
        game.load_state(text[: len(text) // 2])


@pytest.mark.parametrize("name,players", CASES)
def test_views_are_json_and_seats_are_checked(name, players):
    states = _random_game(name, players, SEEDS[0])
    for state in _sample_positions(states):
        for seat in [None, *range(players)]:
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view
            assert view["seat"] == seat and view["to_move"] == state.to_move and view["is_over"] == state.is_over
            assert view["turn"] == state.turn.to_json()
    state = states[0]
    for bad in (players, -1, "0", 1.0, True):
        with pytest.raises((TypeError, ValueError)):
            state.view(bad)


@pytest.mark.parametrize("name,players", CASES)
def test_determinizations_keep_what_the_seat_sees(name, players):
    """Two determinizations for a seat give that seat the same view and the same legal
    actions; the spectator's view is unchanged too; and a determinization depends only on
    what the seat sees (a real state and a sample of it give equal samples for equal rng)."""
    gt = zw.game_type(name)
    states = _random_game(name, players, SEEDS[0])
    for state in _sample_positions(states[:-1]):
        for seat in range(players):
            one = state.determinize(seat, random.Random(1))
            two = state.determinize(seat, random.Random(2))
            if gt.perfect_information:
                assert one is state and two is state
                continue
            assert one.is_sample and two.is_sample and not state.is_sample
            for sample in (one, two):
                assert sample.view(seat) == state.view(seat)
                assert sample.view(None) == state.view(None)
                assert sample.to_move == state.to_move and sample.turn == state.turn
                if seat == state.to_move:
                    assert [str(a) for a in sample.legal_actions()] == [str(a) for a in state.legal_actions()]
                with pytest.raises(ValueError, match="cannot be saved"):
                    sample.to_json()
            again = one.determinize(seat, random.Random(7))
            assert again.digest() == state.determinize(seat, random.Random(7)).digest()
            # a sample plays on like a game
            if not one.is_over:
                nxt = one.play(one.legal_actions()[0])
                assert nxt.is_sample
    with pytest.raises((TypeError, ValueError)):
        states[0].determinize(None, 1)


def test_hidden_information_games_really_hide_something():
    """In a game that declares hidden information, at some position of a random game some
    seat's determinizations differ from the real state in what other seats see (else the
    declaration or the resampling is wrong). The first positions are searched, not only the
    start: in some games nothing is secret yet at the start (in Art Gallery every hand is known
    until the first face-down bid; in Zong Shi nothing is secret until the first scrolls are
    drafted)."""
    for name in zw.games():
        gt = zw.game_type(name)
        if not gt.hidden_information:
            continue
        players = gt.default_players
        state = zw.game(name, players=players).new_state(seed=5)
        rng = random.Random(5)
        differs = False
        for _ in range(300):
            for seat in range(players):
                sample = state.determinize(seat, random.Random(3))
                others = [s for s in range(players) if s != seat]
                differs |= any(sample.view(o) != state.view(o) for o in others)
            if differs or state.is_over:
                break
            state = state.play(rng.choice(state.legal_actions()))
        assert differs, f"{name}: no determinization changed anything another seat sees in the first 300 actions of a random game"


@pytest.mark.parametrize("name,players", CASES)
def test_position_descriptions_round_trip(name, players):
    game = zw.game(name, players=players)
    start = game.new_state(seed=2)
    try:
        start.position()
    except NotImplementedError:
        pytest.skip(f"{name} has no readable position descriptions")
    states = _random_game(name, players, 2)
    for state in _sample_positions(states[:-1], 5):
        desc = state.position()
        assert json.loads(json.dumps(desc)) == desc
        posed = game.from_position(desc, seed=4)
        assert posed.origin == desc and posed.history == ()
        for seat in [None, *range(players)]:
            assert posed.view(seat) == state.view(seat)
        assert [str(a) for a in posed.legal_actions()] == [str(a) for a in state.legal_actions()]
        # it saves, loads and plays on like any other state
        moved = posed.play(posed.legal_actions()[-1])
        loaded = game.load_state(moved.to_json())
        assert loaded == moved and loaded.origin == desc
    with pytest.raises(ValueError):
        game.from_position("this is = not [valid")
    with pytest.raises(ValueError):
        game.from_position({"no such key anywhere": 1})


@pytest.mark.parametrize("name,players", CASES)
def test_action_texts_tell_a_seat_no_more_than_it_sees(name, players):
    """Logs are written per seat with ``action_text``: two actions that leave a seat with the
    same view must read the same to that seat (else the log would leak the difference), and the
    mover reads its own action's notation."""
    states = _random_game(name, players, SEEDS[1])
    for state in _sample_positions(states[:-1], 6):
        legal = list(state.legal_actions())[:40]
        after = [state.play(a) for a in legal]
        for action in legal:
            assert state.action_text(action, state.to_move) == str(action)
        for seat in [None, *range(players)]:
            if seat == state.to_move:
                continue
            for i in range(len(legal)):
                for j in range(i + 1, len(legal)):
                    if after[i].view(seat) == after[j].view(seat):
                        assert state.action_text(legal[i], seat) == state.action_text(legal[j], seat)


def test_samples_carry_no_history():
    state = zw.game("sealed_bids", players=3).new_state(seed=2)
    state = state.play(state.legal_actions()[0]).play("pass")
    sample = state.determinize(2, 5)
    assert sample.history == () and sample.origin is None and len(state.history) == 2


@pytest.mark.parametrize("name,players", CASES)
def test_scratch_playouts_follow_the_same_game_and_leave_the_state_alone(name, players):
    """Playouts (docs/ARCHITECTURE.md, "Playouts"): ``scratch()`` + ``advance()`` give, action
    for action, the positions, legal actions and scores that ``play()`` gives, whether the game
    advances its scratch copy in place or not; the state it started from is unchanged, and a
    scratch copy cannot be saved."""
    states = _random_game(name, players, SEEDS[0])
    start = states[len(states) // 3]
    before = start.to_json()
    d = start.scratch()
    for expected, action in zip(states[len(states) // 3 + 1 :], states[-1].history[len(states) // 3 :]):
        assert action in d.legal_actions()
        d = d.advance(action)
        assert d.to_move == expected.to_move
        assert list(d.legal_actions()) == list(expected.legal_actions())
        assert d.score_sheet().to_json() == expected.score_sheet().to_json()
    assert d.is_over
    assert start.to_json() == before
    if d.is_scratch:
        with pytest.raises(ValueError, match="scratch copy"):
            d.to_json()


@pytest.mark.parametrize("name,players", CASES)
def test_play_from_an_advanced_scratch_copy_gives_a_whole_game(name, players):
    """Playouts (docs/ARCHITECTURE.md, "Playouts"): ``play()`` on a scratch copy that playout
    steps have already advanced gives a real state: its history holds every action (those of
    the playout too), it saves and loads back equal, and advancing the scratch copy further
    changes nothing in it."""
    states = _random_game(name, players, SEEDS[0])
    third = len(states) // 3
    line = states[-1].history
    d = states[third].scratch()
    for action in line[third : 2 * third]:
        d = d.advance(action)
    action = line[2 * third]
    t = d.play(str(action)) if not isinstance(action, str) else d.play(action)
    assert not t.is_scratch and list(t.history) == list(line[: 2 * third + 1])
    saved = t.to_json()
    assert t.game.load_state(saved) == t
    for action in line[2 * third : 2 * third + 10]:
        d = d.advance(action)
    assert t.to_json() == saved


@pytest.mark.parametrize("name,players", CASES)
def test_a_game_pickles_by_value_and_copies_as_itself(name, players):
    """The design lab sends the game object itself to its workers (cloudpickle,
    docs/ARCHITECTURE.md "The design lab"): unpickled, it is an equal game that plays the same
    game action for action and reads no file again; a game is immutable, so its copies are
    itself."""
    import copy
    import pickle

    import cloudpickle

    game = zw.game(name, players=players)
    twin = pickle.loads(cloudpickle.dumps(game))
    assert twin == game and twin is not game and type(twin) is type(game)
    assert copy.copy(game) is game and copy.deepcopy(game) is game
    rng = random.Random(5)
    a, b = game.new_state(seed=5), twin.new_state(seed=5)
    for _ in range(60):
        if a.is_over:
            break
        assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]
        action = a.legal_actions()[rng.randrange(len(a.legal_actions()))]
        a, b = a.play(action), b.play(str(action))
        assert a.digest() == b.digest()
