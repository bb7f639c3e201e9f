"""Shared helpers for the Majolica tests: posing positions by description."""

from __future__ import annotations

import pytest

import zongshi_widgets as zw

#: A grid with 4 large tiles of each colour, all face up. a1=R b1=Y c1=B d1=G; a2=Y d2=R;
#: a3=B d3=Y; a4=G b4=R c4=Y d4=B.
GRID = ["RYBG", "YBGR", "BGRY", "GRYB"]


def pose(players: int = 2, me: dict | None = None, seed: int = 1, options: dict | None = None, **kw):
    """A position of ``players`` players where seat 0 (red) is to select tiles, its board
    given by ``me`` (keys of a player in the position description); other keys override."""
    desc = {"step": "select", "to_move": 0, "start": 0, "first": 0, "grid": GRID}
    desc["players"] = [dict(me or {})] + [{} for _ in range(players - 1)]
    desc.update(kw)
    return zw.game("majolica", players=players, **(options or {})).from_position(desc, seed=seed)


def board(state, seat: int = 0) -> dict:
    """The readable board of ``seat``."""
    return state.position()["players"][seat]


def play(state, *actions):
    """Play the actions in order (each must be legal)."""
    for a in actions:
        assert a in state.legal_actions(), f"{a!r} not in {state.legal_actions()}"
        state = state.play(a)
    return state


@pytest.fixture
def refuse():
    """``refuse(state, action, rule)``: the action raises IllegalAction with that rule id and
    leaves the state unchanged."""

    def check(state, action, rule):
        before = (state.digest(), state.position())
        with pytest.raises(zw.IllegalAction) as err:
            state.play(action)
        assert err.value.rule == rule, err.value
        assert (state.digest(), state.position()) == before
        return err.value

    return check
