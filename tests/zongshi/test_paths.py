"""Zong Shi paths the first tests left out, each citing its rulebook section (and the ruling
of docs/rulings/zongshi.md section 9 where the rulebook is silent): the Step 4 storage check when a
borrowed Larger Workshop expires, Writ of Authority in the Step 2 picks and at the Temple, and
scrolls played by a pawn that is busy building."""

from __future__ import annotations

import zongshi_widgets as zw

from .test_rules import nbox, pose, pv, texts


def test_borrowed_larger_workshop_expires_in_step_4():
    """Step 4: End of Turn, with An Ear to the Wall ("for this round") and Larger Workshop:
    a borrowed Larger Workshop holds 7 boxes for the round; in Step 4 it is gone and the
    player discards down to 5 (docs/rulings/zongshi.md M11) before the bins are refilled."""
    state = pose(
        [
            {"boxes": "gggiijj", "effects": {"borrowed": "larger_workshop"}, "master": {"at": "pass"}, "apprentice": {"at": "pass"}},
            {"completed": ["larger_workshop"]},
        ],
        step=3,
        pending=[["step4", -1]],
    )
    assert state.to_move == 0 and state.turn.step.startswith("Step 4")
    assert pv(state)["storage_limit"] == 5 and "borrowed" not in pv(state)["effects"]
    assert texts(state) == ["return gold", "return ivory", "return jade"]
    state = state.play("return gold")
    assert state.to_move == 0 and nbox(pv(state)["boxes"]) == 6
    state = state.play("return jade")
    assert nbox(pv(state)["boxes"]) == 5 and state.turn.step.startswith("Step 1") and state.turn.round == 2
    # with the workshop still owned (not borrowed) nothing is discarded
    kept = pose([{"boxes": "gggiijj", "completed": ["larger_workshop"]}], step=3, pending=[["step4", -1]])
    assert kept.turn.step.startswith("Step 1") and nbox(pv(kept)["boxes"]) == 7


def test_writ_apprentice_picks_as_a_master_in_step_2():
    """Step 2: Distribute Materials with Writ of Authority ("all the abilities of your master
    when visiting locations", SC6): an apprentice under Writ alone in a bin takes every box,
    and in a shared bin it picks in turn with the masters until the bin is empty."""
    alone = pose([{"apprentice": {"at": "large"}, "effects": {"writ": True}}], bins={"large": "ggijb", "small": "bbb"}, pending=[["step2", -1]])
    assert pv(alone)["boxes"] == "ggijb"
    state = pose(
        [{"apprentice": {"at": "large"}, "effects": {"writ": True}}, {"master": {"at": "large"}}, {"apprentice": {"at": "large"}}],
        start=0,
        bins={"large": "gggiii", "small": ""},
        pending=[["step2", -1]],
    )
    movers = []
    while state.turn.step.startswith("Step 2"):
        movers.append(state.to_move)
        state = state.play(state.legal_actions()[0])
    assert movers[:3] == [0, 1, 2]  # later picks are forced once one material is left
    assert [nbox(pv(state, s)["boxes"]) for s in range(3)] == [3, 2, 1]


def test_temple_donation_under_writ():
    """Going to the Temple ("Your apprentice may not draw additional scrolls in this manner")
    with Writ of Authority (TE1, SC6): under Writ the apprentice donates boxes for extra
    scrolls like the master, without the master's Temple Offering bonus; with the option
    ``writ_allows_donation=False`` it draws one scroll only."""
    desc = {"players": [{"boxes": "gij", "completed": ["temple_offering"], "effects": {"writ": True}}]}
    state = pose(**desc).play("use apprentice").play("temple")
    assert texts(state) == ["donate gold", "donate ivory", "donate jade", "draw"]
    state = state.play("donate gold").play("donate jade").play("draw")
    assert pv(state)["scroll_count"] == 3 and pv(state)["boxes"] == "i"
    assert pv(state)["apprentice"]["at"] == "temple"
    plain = pose(game=zw.game("zongshi", players=4, writ_allows_donation=False), **desc).play("use apprentice").play("temple")
    assert pv(plain)["scroll_count"] == 1 and pv(plain)["boxes"] == "gij"
