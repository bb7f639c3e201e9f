"""Every game's words for a move tell the legal moves of a position apart: the engine's
``action_name`` (the review's log, its "better:" and "Try" button, ``explain`` tables) and the
board's log words (``short_text``, the branch list's lines). Two different moves read alike
would make a review's advice ("better: ...") or a list of lines impossible to follow."""

from __future__ import annotations

import random

import pytest

from zongshi_widgets.widgets import ArtGalleryBoard, GembloQBoard, MajolicaBoard, ZongShiBoard

GAMES = [
    (GembloQBoard, 4),
    (GembloQBoard, 3),
    (GembloQBoard, 2),
    (GembloQBoard, 1),
    (ZongShiBoard, 3),
    (ZongShiBoard, 5),
    (ArtGalleryBoard, 3),
    (ArtGalleryBoard, 5),
    (MajolicaBoard, 2),
    (MajolicaBoard, 4),
]


def _positions(board, seed: int, plies: int, every: int):
    """Positions of one random game (seeded): the start, then every ``every``-th ply."""
    rng = random.Random(seed)
    state = board.state
    for ply in range(plies):
        if state.is_over:
            return
        if ply % every == 0:
            yield state
        state = state.play(rng.choice(state.legal_actions()))


def _clashes(words: dict) -> list:
    seen: dict[str, list] = {}
    for action, text in words.items():
        seen.setdefault(text, []).append(action)
    return [(text, [str(a) for a in acts]) for text, acts in seen.items() if len(acts) > 1]


@pytest.mark.parametrize("cls,players", GAMES, ids=lambda v: v.__name__ if isinstance(v, type) else str(v))
def test_distinct_legal_moves_are_told_in_distinct_words(cls, players):
    """In many positions of random games (two seeds), the legal actions' words are pairwise
    distinct, both the engine's (``state.action_name``) and the board's log words."""
    checked = 0
    for seed in (1, 2):
        board = cls(players=players, seed=seed)
        plies, every = (200, 4) if cls is GembloQBoard else (120, 3)
        for state in _positions(board, seed, plies, every):
            legal = state.legal_actions()
            assert len({str(a) for a in legal}) == len(legal)  # the actions themselves differ
            named = {a: state.action_name(a) for a in legal}
            assert not _clashes(named), (len(state.history), _clashes(named)[:3])
            logged = {a: board.short_text(state, a) for a in legal}
            assert not _clashes(logged), (len(state.history), _clashes(logged)[:3])
            checked += 1
    assert checked >= 8
