"""Zong Shi refusals name the rule they break: each illegal choice below used to be refused
with the generic ``zongshi.not-now``; now it gets its own rule id and the rulebook section
(the state is left exactly as it was, as :func:`test_rules.illegal` checks)."""

from __future__ import annotations

import zongshi_widgets as zw

from .test_rules import G4, _award, assert_illegal, pose


def test_turn_actions_before_choosing_the_pawn():
    """Step 1: Player Turns: every turn is taken with the master or the apprentice, named first."""
    state = pose()
    for text in ("temple", "market large", "pass", "visit scholar 1", "play swift_fingers", "project merchant_statue"):
        err = assert_illegal(state, text, "turn.choose-pawn")
        assert "Step 1: Player Turns" in err.message


def test_payment_that_does_not_pay():
    """Going to the Pawn Shop / The Scrolls, in Detail: a payment must pay the cost."""
    state = pose([{"boxes": "gjj", "exchange_tiles": ["gold/jade"]}]).play("use master").play("visit scholar 2")
    assert {str(a) for a in state.legal_actions()} == {"pay gj", "pay jj"}
    err = assert_illegal(state, "pay gg", "pay.not-a-way")
    assert "Going to the Pawn Shop" in err.message


def test_draft_hand_storage_bins_and_donations():
    """Player Setup (the draft display), Going to the Temple (hand limit, donations from your
    storage), Step 2 (returning boxes you hold, picking boxes in the bin)."""
    state = G4.new_state(seed=4)
    offered = state.view(None)["draft"]["scrolls"]
    missing = next(s for s in G4.components.scrolls if s not in offered)
    assert_illegal(state, f"take {missing}", "draft.not-offered")
    hand = pose([{"scrolls": ["swift_fingers", "writ_of_authority", "lucky_discovery", "twofold_path", "host_town_meeting"]}], pending=[["hand", 0]])
    assert_illegal(hand, "discard gift_from_the_priests", "hand.not-held")
    full = pose([{"boxes": "iiijjj"}], pending=[["boxes", 0], ["step4", -1]])
    assert_illegal(full, "return bronze", "storage.not-held")
    shared = pose(
        [{"master": {"at": "large"}}, {"master": {"at": "large"}}], bins={"large": "gi", "small": ""}, pending=[["step2", -1]], start=0
    )
    assert_illegal(shared, "pick bronze", "market.not-in-bin")
    temple = pose([{"boxes": "gi"}]).play("use master").play("temple")
    err = assert_illegal(temple, "donate jade", "temple.donate-boxes")
    assert "Going to the Temple" in err.message


def test_scroll_and_award_choices():
    """The Scrolls, in Detail (Lessons of the Past, An Ear to the Wall) and the exchange-tile
    award (Paying Respectful Visits)."""
    lessons = pose([{"scrolls": ["lessons_of_the_past"]}], scroll_discard=["writ_of_authority"]).play("use apprentice")
    lessons = lessons.play("play lessons_of_the_past")
    assert_illegal(lessons, "retrieve swift_fingers", "lessons.not-in-discard")
    assert_illegal(lessons, "retrieve lessons_of_the_past", "lessons.not-in-discard")
    ear = pose([{"scrolls": ["ear_to_the_wall"]}, {"completed": ["gold_mastery"]}]).play("use master").play("play ear_to_the_wall")
    assert [str(a) for a in ear.legal_actions()] == ["borrow gold_mastery"]
    assert_illegal(ear, "borrow temple_offering", "ear.not-borrowable")
    award = _award("tile", boxes="jjjg")
    assert_illegal(award, "claim gold/bronze pay bronze", "award.tile")


def test_pawn_shop_pairings():
    """Going to the Pawn Shop: no tile of a pairing is left; with the option
    ``allow_duplicate_exchange_pairings=False`` a second tile of a pairing is refused."""
    left = {"gold/ivory": 0, "ivory/jade": 3, "gold/jade": 3, "bronze/jade": 3, "ivory/bronze": 3, "gold/bronze": 3}
    state = pose([{"boxes": "gijb"}, {"exchange_tiles": ["gold/ivory"] * 3}], exchange_tiles_left=left).play("use master").play("pawnshop")
    assert_illegal(state, "buy gold/ivory pay gi", "pawnshop.none-left")
    strict = zw.game("zongshi", players=4, allow_duplicate_exchange_pairings=False)
    state = pose([{"boxes": "gijb", "exchange_tiles": ["gold/jade"]}], game=strict).play("use master").play("pawnshop")
    assert_illegal(state, "buy gold/jade pay gj", "pawnshop.duplicate")


def test_a_posed_position_has_a_bounded_task_stack():
    """Issue 24: a posed Zong Shi position with 100,000 pending tasks was read whole. The stack
    of pending tasks is bounded (a game in play holds a few); a longer one is refused before any
    task is read."""
    import pytest

    from zongshi_widgets.games.zongshi.position import MAX_PENDING

    with pytest.raises(ValueError, match=f"at most {MAX_PENDING}"):
        pose(pending=[["step2", -1]] * 100_000)


def test_draft_refusal_names_the_words_and_what_is_on_offer():
    """Player Setup: a refused draft choice echoes what was asked and lists the takes allowed
    now ('Allowed now: ...', as the other refusals do), whether the box is absent or missing."""
    state = G4.new_state(seed=4)
    offered = [str(a) for a in state.legal_actions()]
    for text in ("take gold", "take", "take foo bar"):
        if text in offered:
            continue
        err = assert_illegal(state, text, "draft.not-offered")
        assert repr(text) in err.message
        assert "Allowed now: " + ", ".join(repr(t) for t in offered) in err.message
