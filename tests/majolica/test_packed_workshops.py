"""Majolica's packed workshops (``Player.wp``, read as ``Player.ws``): a speed measure that
changes nothing a user sees. The four workshops of a player board (rulebook, Game Setup: the
player board; Run Workshop(s)) read as before, and saves written before the packing (files under
``data/``, written by the engine of commit 162e9a3) still load, digest and all."""

from __future__ import annotations

import json
import pathlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zongshi_widgets as zw
from zongshi_widgets.games.majolica.rules import Player, _tiles, pack_workshops

DATA = pathlib.Path(__file__).parent / "data"

counts = st.integers(min_value=0, max_value=24)
workshops = st.tuples(*[st.tuples(*[counts] * 5)] * 4)


@settings(max_examples=60, deadline=None)
@given(workshops)
def test_packed_workshops_read_back_as_four_rows_of_five_counts(ws):
    """Run Workshop(s): each of the four workshops holds tiles of R, Y, B, G and purple; packed
    into one integer they read back exactly, from tuples or from the lists a running turn uses."""
    wp = pack_workshops(ws)
    p = Player(wp, (-1, -1, -1), ((0, 0, 0, 0),) * 3, ())
    assert p.ws == ws
    assert pack_workshops([list(row) for row in ws]) == wp
    assert repr(p).startswith(f"Player(ws={ws!r}, slots=(-1, -1, -1), ")


@pytest.mark.parametrize("name", ["save_4p_before_packed_workshops.json", "save_3p_all_before_packed_workshops.json"])
def test_saves_written_before_the_packing_still_load(name):
    """A save holds the history and a digest of the final position (Game Setup, Gameplay): a
    save written by the engine before the workshops were packed replays to a position with the
    same digest, and saving that position again writes the very same file."""
    text = (DATA / name).read_text()
    data = json.loads(text)
    game = zw.game("majolica", players=data["players"], **data["options"])
    state = game.load_state(text)
    assert state.digest() == data["digest"]
    assert json.loads(state.to_json()) == data
    # the boards read as 4 x 5 counts, as the position description writes them
    desc = state.position()
    for p, rec in zip(state.players, desc["players"]):
        assert [_tiles(row) for row in p.ws] == rec["workshops"]


def test_workshops_after_random_actions_match_a_recount():
    """Run Workshop(s), Tip 1 (discards), 2. Place: along a random 4-player game (short paths
    and full path alike), each board's packed workshops equal a fresh packing of what it reads."""
    game = zw.game("majolica", players=4)
    s = game.new_state(seed=11).scratch()
    rng = random.Random(11)
    seen = 0
    while not s.is_over and seen < 1500:
        legal = s.legal_actions()
        s = s.advance(legal[rng.randrange(len(legal))])
        for p in s.players:
            assert pack_workshops(p.ws) == p.wp
            assert all(0 <= k <= 12 for row in p.ws for k in row)
        seen += 1
    assert seen >= 500
