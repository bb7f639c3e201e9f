"""Majolica's legal-action tables (speed) write exactly what the plain code writes: option A's
runs from a table per border line (rulebook, 1. Select Majolica Tiles A) and option C's
rearrangements from the three card names (1. Select C; 2. Place: the rearrangement)."""

from __future__ import annotations

import itertools

import pytest

import zongshi_widgets as zw
from zongshi_widgets.games.majolica import rules


@pytest.mark.parametrize("whole", [True, False])
def test_option_a_runs_from_the_line_table_match_the_plain_scan(whole):
    """1. Select A: for every set of face-up tiles on the outer edge (4096 of them), the table
    lists the same runs of the outer rows and columns, in the same order, as ``_runs``."""
    border = [i for i in range(16) if rules.BORDER_MASK >> i & 1]
    for bits in range(1 << len(border)):
        up = sum(1 << border[k] for k in range(len(border)) if bits >> k & 1)
        assert rules._runs_fast(up, whole) == rules._runs(up, whole)
        assert rules._runs_fast(up | 0b0000011001100000, whole) == rules._runs(up, whole)  # inner cells never count


def test_rearrangement_notations_match_the_plain_ones():
    """1. Select C / 2. Place: the ``arrange ..`` notations of every slot filling drawn from six
    cards and empty slots are those ``_legal_reference`` writes (each distinct order once)."""
    g = zw.game("majolica", players=3, kaleidoscopic=True)
    cards = [0, 1, 7, 20, len(g.cards) - 1, -1]
    seen = 0
    for slots in itertools.product(cards, repeat=3):
        used = [x for x in slots if x >= 0]
        if len(used) != len(set(used)):
            continue
        ref = tuple("arrange " + " ".join(g.cids[i] if i >= 0 else "-" for i in perm) for perm in rules._perms(slots))
        assert rules._arrange_notations(g, slots) == ref
        seen += 1
    assert seen > 100
