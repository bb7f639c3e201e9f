"""Art Gallery invariants over random play: conservation of every component after every action,
hidden information, determinization, saves, replays and position descriptions (hypothesis)."""

import json
import random

import pytest
from ag_support import check_conservation, game, random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import zongshi_widgets as zw
from zongshi_widgets.games.art_gallery.rules import ArtGalleryState

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2])
def test_conservation_after_every_action(players, seed):
    """Issue, Evidence: 48 cards, 48 tiles, the 9 action cards of each player (each value once
    per player), the start card and the markers, each in exactly one place after every action
    of a random game; the game ends by one of its two conditions."""
    states = random_game(players, seed)
    for state in states:
        check_conservation(state)
    final = states[-1]
    empty = sum(1 for p in final.paintings[1:] if p is None)
    used = sum(1 for s in final.stacks if not s)
    assert len(final.pile) < empty or used >= final.game.used_up_limit
    assert all(len(final.hand(s)) == 9 for s in range(players))


@pytest.mark.parametrize("options", [{"full_bar": "move_without_bid"}, {"shop_may_pass": False, "single_card_chains": False},
                                     {"gallery_tie_tile": "any_holder", "start_card_tie": "next_tied", "stacks_visible": "all"}])  # fmt: skip
def test_variants_play_to_the_end(options):
    for players in (2, 4, 6):
        states = random_game(players, 5, **options)
        for state in states[:: max(1, len(states) // 50)]:
            check_conservation(state)
        assert states[-1].is_over
        g = states[-1].game
        assert g.load_state(states[-1].to_json()) == states[-1]


def test_full_bars_in_random_play_conserve_every_card():
    """The full-bar rule (docs/rulings/art_gallery.md §6) is reached in random play (rarely: a bar needs six of
    the markers) and keeps every card: under ``move_without_bid`` a card is laid aside."""
    seen = 0
    for seed in range(300):
        for state in random_game(2, seed, full_bar="move_without_bid"):
            if state.step == "aside":
                seen += 1
                check_conservation(state)
        if seen:
            break
    assert seen


def play_out(players, picks, **options):
    state = game(players, **options).new_state(seed=picks[0] if picks else 0)
    states = [state]
    for k in picks:
        if state.is_over:
            break
        legal = state.legal_actions()
        state = state.play(legal[k % len(legal)])
        states.append(state)
    return states


picks_strategy = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=400)


@SETTINGS
@given(players=st.sampled_from([2, 3, 4, 5, 6]), picks=picks_strategy)
def test_every_listed_action_plays_saves_load_and_replay(players, picks):
    """Hypothesis over random play: every listed action plays (and its notation parses back to
    it), a save loads to an equal state, replaying the notations from the seed reproduces the
    game, and earlier states never change."""
    states = play_out(players, picks)
    snapshots = [s.digest() for s in states]
    final = states[-1]
    for action in final.legal_actions():
        assert final.parse_action(str(action)) == action
        final.play(action)
    g = final.game
    loaded = g.load_state(final.to_json())
    assert loaded == final and loaded.view(None) == final.view(None)
    replay = g.new_state(seed=final.chance.seed)
    for a in final.history:
        replay = replay.play(str(a))
    assert replay == final
    assert [s.digest() for s in states] == snapshots
    check_conservation(final)


@SETTINGS
@given(picks=picks_strategy, text=st.text(max_size=20))
def test_any_text_is_a_legal_action_or_refused_cleanly(picks, text):
    state = play_out(3, picks)[-1]
    before = state.to_json()
    try:
        after = state.play(text)
    except zw.IllegalAction as exc:
        assert exc.rule.startswith(("art_gallery.", "core.")) and exc.message
    else:
        assert after.history[-1] in state.legal_actions()
    assert state.to_json() == before


@SETTINGS
@given(players=st.sampled_from([2, 4, 6]), picks=picks_strategy, seat=st.integers(min_value=0, max_value=5))
def test_determinizations_keep_what_the_seat_knows(players, picks, seat):
    """Issue, Hidden: a determinization keeps everything public (who bid where, in which order,
    every hand-or-bid multiset, the stack tops, collections) and the seat's own hand and bids;
    it resamples only hidden bid values of others, tiles under the tops and the pile order."""
    seat %= players
    state = play_out(players, picks)[-1]
    if state.is_over:
        return
    sample = state.determinize(seat, random.Random(picks[-1]))
    assert sample.view(seat) == state.view(seat)
    check_conservation(sample)
    assert sorted(sample.pile) == sorted(state.pile)
    assert [st[:1] for st in sample.stacks] == [st[:1] for st in state.stacks]
    assert [[s for s, _ in bar] for bar in sample.bars] == [[s for s, _ in bar] for bar in state.bars]


def test_views_hide_bid_values_and_the_pile():
    """Issue, Hidden: a seat's view holds no other seat's face-down bid and no pile order; a
    spectator sees no bid value at all during the turns."""
    states = random_game(4, 3)
    mid = next(s for s in states if s.step == "move" and s.plays == 12)
    for seat in range(4):
        view = mid.view(seat)
        assert all(v is None for area in view["areas"] for v in area["bids"])
        mine = [(b["area"], b["space"], b["card"]) for b in view["my_bids"]]
        assert len(mine) == sum(1 for bar in mid.bars for s, _ in bar if s == seat)
        assert "pile" not in view and view["pile_size"] == len(mid.pile)
        assert "tiles" not in view["stacks"][0]
        assert view["hands"] is None
    # only the seat itself reads its hand
    assert mid.view(0)["my_hand"] == mid.hand(0) and "my_hand" not in mid.view(None)


def test_distribution_reveals_each_area_in_turn():
    """Rulebook, Distribution: the Shop's cards are turned over first, each gallery when it is
    valued; bids of areas not yet valued stay hidden."""
    for state in random_game(4, 8):
        if state.step == "take":
            areas = state.view(None)["areas"]
            assert all(v is not None for v in areas[0]["bids"])
            assert all(v is None for a in areas[1:] for v in a["bids"])
        if state.step == "return" and state.area < state.game.ring - 1:
            areas = state.view(None)["areas"]
            assert all(v is None for a in areas[state.area + 1 :] for v in a["bids"])


def test_position_descriptions_round_trip_as_toml_and_json():
    """Readable positions (issue): ``position()`` gives a description that
    ``from_position`` (dict, JSON or TOML text) turns back into an equal state."""
    states = random_game(3, 4)
    for state in states[:: max(1, len(states) // 12)]:
        if state.is_over:
            continue
        desc = state.position()
        g = state.game
        assert g.from_position(desc, seed=1) == state
        assert g.from_position(json.dumps(desc), seed=1) == state
        assert g.from_position(_toml(desc), seed=1) == state


def _toml(desc: dict) -> str:
    """A minimal TOML writer for position descriptions (tables of lists and ints)."""
    lines, tables = [], []
    for key, value in desc.items():
        if isinstance(value, dict):
            tables.append((key, value))
        elif isinstance(value, str):
            lines.append(f'{key} = "{value}"')
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            inner = ", ".join("{ " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in d.items()) + " }" for d in value)
            lines.append(f"{key} = [{inner}]")
        else:
            lines.append(f"{key} = {json.dumps(value)}")
    for key, value in tables:
        lines.append(f"[{key}]")
        lines += [f'"{k}" = {json.dumps(v)}' for k, v in value.items()]
    return "\n".join(lines)


@pytest.mark.parametrize(
    "desc,message",
    [
        ({"hands": [[0, 1, 2, 3, 4, 5, 6, 7, 8]] * 1}, "one entry per seat"),
        ({"hands": [[0, 1, 2, 3, 4, 5, 6, 7, 7], list(range(9))]}, "action cards of value 7"),
        ({"paintings": {"G1": 5, "G2": 5}}, "painting card 5 is in two places"),
        ({"bars": {"G9": []}}, "not an area"),
        ({"step": "bid"}, "turns are complete"),
        ({"stacks": {"1": [1]}}, "tiles are nowhere"),
        ({"collections": [{"tiles": [3]}, {}]}, "give 'stacks'"),
        ({"step": "shuffle"}, "'step' is one of"),
        ({"round": 0}, "'round' must be"),
        ({"start_card": 2}, "'start_card' must be"),
        ({"to_move": 1, "start_card": 0}, "'to_move'"),
        ({"bars": {"G1": [[0, 1]] * 7}}, "at most 6 markers"),
    ],
)
def test_bad_positions_are_refused(desc, message):
    with pytest.raises(ValueError, match=message):
        game(2).from_position(desc, seed=1)


def test_from_position_fills_in_what_is_left_out_by_chance():
    g = game(4)
    a, b = g.from_position({}, seed=3), g.from_position({}, seed=3)
    assert a == b and isinstance(a, ArtGalleryState)
    assert g.from_position({}, seed=3).position() == g.new_state(seed=3).position()
