"""The position a seat's frame carries (``server.table.seat_position``, the determinization a
joined board builds its local game from): it shows the seat exactly its view, and it depends
only on what the seat sees. Whole random games of every game with secrets or chance: at every
position, for every seat, a second truth the seat cannot tell apart (the real position re-dealt
for the seat and posed as a game of its own) gets the very same description; under another key
the description differs, so without the server's key nobody can work it out.
"""

from __future__ import annotations

import random

import pytest

import zongshi_widgets as zw
from zongshi_widgets.server.table import seat_position

KEY, OTHER_KEY = b"k" * 32, b"q" * 32

CASES = [("art_gallery", 2), ("art_gallery", 3), ("zongshi", 3), ("zongshi", 4), ("majolica", 2), ("majolica", 3), ("sealed_bids", 3), ("gembloq", 2)]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_seats_position_shows_its_view_and_depends_only_on_what_it_sees(name, players):
    game = zw.game(name, players=players)
    gt = game.game_type
    secret = gt.hidden_information or gt.chance
    rng = random.Random(7)
    state = game.new_state(seed=7)
    twins = differs = 0
    for ply in range(150):
        if state.is_over:
            break
        assert (seat_position(state, None, KEY) is None) == bool(secret)
        for seat in range(players):
            mine = seat_position(state, seat, KEY)
            assert mine is not None, f"{name}: no position for seat {seat} at ply {ply}"
            built = game.from_position(mine, seed=0)
            assert built.view(seat) == state.view(seat) and built.to_move == state.to_move and built.turn == state.turn
            if seat == state.to_move:
                assert [str(a) for a in built.legal_actions()] == [str(a) for a in state.legal_actions()]
            if not secret:
                assert mine == state.position()
                continue
            twin = game.from_position(state.determinize(seat, random.Random(ply * 31 + seat)).position(), seed=1)
            if twin.view(seat) == state.view(seat) and twin.to_move == state.to_move:
                assert seat_position(twin, seat, KEY) == mine, f"{name}: seat {seat} at ply {ply} is told apart from a twin"
                twins += 1
            differs += seat_position(state, seat, OTHER_KEY) != mine
        state = state.play(rng.choice(state.legal_actions()))
    if secret:
        assert twins >= 50 and differs >= 10, (twins, differs)
