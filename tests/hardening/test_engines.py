"""Every registered engine under random play from random seeds to the end (issue 15, "Engines").

For every game of ``zw.games()``, each player count it declares and a sample of mixes of its
declared variant options (``GameType.variants``), Hypothesis draws a seed and a mix, and one
game is played to the end by random legal actions. Checked:

- after every action, ``State.check_invariants()`` (the kernel's invariants and the game's
  conservation of its components: Zong Shi, rulebook "Components"; Art Gallery, "Components"
  and "Preparation"; GembloQ, "Gameplay");
- ``Timeline`` undo returns the identical earlier state after every action (and undoing the
  whole game walks back through the same objects), redo the identical later one;
- save / load (``to_json`` / ``load_state``) round trips, at every step of the game's first
  actions and then every ``stride``-th step (a load replays the whole history, so loading at
  every step of a 700-action game is quadratic; ``ZW_HARDENING_SAVE_STRIDE=1`` does all);
- replaying the history from the seed gives the same state, byte for byte of its save;
- listed actions play, and their notation parses back to the same action; notations that are
  not listed here (listed at earlier positions, or junk) raise ``IllegalAction`` with the
  state unchanged; a mutated notation is either refused or read as a listed action.

The number of games, actions and checks per game is printed in the run's "hardening figures".
"""

from __future__ import annotations

import os
import random

import pytest
from _stats import count, examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import zongshi_widgets as zw

CASES = [(name, players) for name in zw.games() for players in zw.game_type(name).player_counts]
#: Load every save for the first this many actions of a game, then every ``stride``-th.
EARLY = 40
#: Listed actions tried at each position (all of them at the positions that are saved).
LISTED_PER_STEP = 6
LISTED_AT_SAVES = 200
JUNK = ["", " ", "pass pass", "\x00", "play", "1", "-1", "move 99 cw", "bid -3", "a1", "z99,z98", "é", "x" * 5000, "{}", "None"]


def save_stride() -> int:
    text = os.environ.get("ZW_HARDENING_SAVE_STRIDE", "")
    return int(text) if text.isdigit() and int(text) > 0 else 25


def variant_mix(name: str):
    """A strategy of variant option dicts for ``name``: a random mix of its declared options
    (the empty mix, the printed rules, included), leaving out the values under which random
    play need not end (``GameType.unending``: these games are played to their end)."""
    gt = zw.game_type(name)
    unending = set(gt.unending)
    variants = [(key, tuple(v for v in values if (key, v) not in unending)) for key, values in gt.variants]
    variants = [(key, values) for key, values in variants if values]
    if not variants:
        return st.just({})
    # Hypothesis tries the simplest example first: {} (the printed rules); then random mixes
    return st.fixed_dictionaries({}, optional={key: st.sampled_from(values) for key, values in variants})


def assert_refused_unchanged(state, notation: str) -> None:
    before = state.to_json()
    with pytest.raises(zw.IllegalAction) as info:
        state.play(notation)
    assert info.value.rule and info.value.message, notation
    assert state.to_json() == before


def mutations(notation: str) -> list[str]:
    return [notation + " x", notation[:-1], notation.upper(), notation.replace(" ", "  "), "pass " + notation, notation + ",a1"]


def play_one_game(name: str, players: int, seed: int, options: dict, picks: random.Random):
    """Play one random game to its end, checking every step (see the test); returns the final
    state, or ``None`` when the engine refuses this variant mix for this player count."""
    try:
        game = zw.game(name, players=players, **options)
    except ValueError:  # a mix this player count refuses (e.g. GembloQ colors=4 with 3 players)
        count("engines", name, "variant mixes refused by the engine")
        return
    stride = save_stride()
    state = game.new_state(seed=seed)
    state.check_invariants()
    timeline = zw.Timeline(state)
    line = [state]
    seen: list[str] = []
    step = 0
    while not state.is_over:
        legal = list(state.legal_actions())
        notations = [str(a) for a in legal]
        listed = set(notations)
        saving = step < EARLY or step % stride == 0
        tried = legal if saving and len(legal) <= LISTED_AT_SAVES else picks.sample(legal, min(len(legal), LISTED_PER_STEP))
        digest = state.digest()
        for action in tried:
            after = state.play(action)
            assert state.play(str(action)).digest() == after.digest(), f"{action} reads back differently"
        assert state.digest() == digest
        count("engines", name, "listed actions played", len(tried))
        unlisted = [n for n in picks.sample(seen, min(len(seen), 3)) if n not in listed] + [picks.choice(JUNK)]
        for notation in unlisted:
            assert_refused_unchanged(state, notation)
        count("engines", name, "unlisted notations refused", len(unlisted))
        for notation in mutations(picks.choice(notations)):
            if notation in listed:
                continue
            before = state.to_json()
            try:
                parsed = state.parse_action(notation)
            except zw.IllegalAction:
                count("engines", name, "mutated notations refused")
            else:
                assert str(parsed) in listed, f"{notation!r} was read as {parsed}, which is not listed"
            assert state.to_json() == before
        seen.extend(picks.sample(notations, min(3, len(notations))))
        if saving:
            text = state.to_json()
            loaded = game.load_state(text)
            assert loaded.to_json() == text and loaded.digest() == state.digest()
            assert [str(a) for a in loaded.legal_actions()] == notations
            count("engines", name, "save/load round trips")
        action = legal[picks.randrange(len(legal))]
        new = timeline.play(action)
        assert timeline.undo() is state and state.digest() == digest
        assert timeline.redo() is new
        state = new
        state.check_invariants()
        line.append(state)
        step += 1
        count("engines", name, "actions played")
        count("engines", name, "invariant checks")
        assert step < 20000, "the game does not end"
    assert state.score_sheet().final
    assert_refused_unchanged(state, "pass")
    # the final position saves and loads; replaying from the seed gives the same state
    text = state.to_json()
    assert game.load_state(text).to_json() == text
    replay = game.new_state(seed=seed)
    for notation in [str(a) for a in state.history]:
        replay = replay.play(notation)
    assert replay.to_json() == text
    # undoing the whole game walks back through the very same states
    for earlier in reversed(line[:-1]):
        assert timeline.undo() is earlier
    assert not timeline.can_undo() and timeline.state is line[0]
    count("engines", name, "games")
    count("engines", name, f"games with {players} players")
    if options:
        count("engines", name, "games with a variant mix")
    return state


@pytest.mark.parametrize("name,players", CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_random_play_to_the_end(name, players):
    """Random play of every game, player count and sampled variant mix: never raises, the
    invariants hold after every action, saves, replays and undo give the same states, listed
    actions play and unlisted ones are refused with the state unchanged."""

    @settings(max_examples=examples(2), deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(seed=st.integers(0, 2**32), options=variant_mix(name), pick_seed=st.integers(0, 2**16))
    def run(seed, options, pick_seed):
        final = play_one_game(name, players, seed, options, random.Random(pick_seed))
        assert final is None or (final.is_over and final.legal_actions() == [] and final.score_sheet().final)

    run()
