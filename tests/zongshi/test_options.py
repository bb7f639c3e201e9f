"""Zong Shi variant options: the rulings of docs/rulings/zongshi.md section 9 that the rulebook leaves
open are keyword options of ``zw.game("zongshi", ...)``, defaulting to the recommendation; one
test per option shows the other value changes what it should (and the default does not)."""

from __future__ import annotations

import pytest

import zongshi_widgets as zw
from zongshi_widgets.games.zongshi.rules import OPTIONS

from .test_rules import illegal, pose, pv, texts

G4 = zw.game("zongshi", players=4)


def game(**options):
    return zw.game("zongshi", players=4, **options)


def test_defaults_are_the_recommended_rulings_and_bad_values_are_refused():
    """Every option's default leaves the game as the rulebook and docs/rulings/zongshi.md recommend: the
    default game names no option; other values show in its repr; bad values are refused."""
    assert G4.options == {} and repr(G4) == "zw.game('zongshi', players=4)"
    assert game(**{k: d for k, (d, _) in OPTIONS.items()}) == G4
    assert "location_capacity=2" in repr(game(location_capacity=2))
    with pytest.raises(ValueError, match="no option 'colour'"):
        game(colour="red")
    with pytest.raises(ValueError, match="masterwork_display is an int from 1 to 4"):
        game(masterwork_display=7)
    with pytest.raises(ValueError, match="True or False"):
        game(twofold_penalty_each="yes")
    state = game(location_capacity=1).new_state(seed=3)
    assert state.game.load_state(state.to_json()) == state


def shared_bin(g):
    """Step 2 with seat 0's apprentice and the masters of seats 1 and 2 in the large bin."""
    state = pose(
        start=0,
        game=g,
        bins={"large": "gijbgi", "small": ""},
        pending=[["step2", -1]],
        players=[{"apprentice": {"at": "large"}}, {"master": {"at": "large"}}, {"master": {"at": "large"}}, {}],
    )
    movers = []
    while state.turn.step.startswith("Step 2"):
        movers.append(state.to_move)
        state = state.play(state.legal_actions()[0])
    return movers


def test_apprentices_pick_after_masters():
    """Step 2 (M3): by default the apprentice waits until every master in the bin has picked
    once; with ``apprentices_pick_after_masters=False`` first picks go in seat order."""
    assert shared_bin(G4)[:3] == [1, 2, 0]
    assert shared_bin(game(apprentices_pick_after_masters=False))[:3] == [0, 1, 2]


def test_both_pawns_in_one_bin():
    """Going to the Marketplace (M5): by default a player's master may join its apprentice in
    a bin; with ``both_pawns_in_one_bin=False`` the second pawn takes the other bin."""
    desc = {"players": [{"apprentice": {"at": "large"}}], "lap": 2, "to_move": 0}
    assert "market large" in texts(pose(**desc))
    strict = pose(game=game(both_pawns_in_one_bin=False), **desc)
    assert "market large" not in texts(strict) and "market small" in texts(strict)
    err = illegal(strict, "market large", "market.one-bin")
    assert "Marketplace" in err.message


def test_apprentice_subtlety():
    """Apprentice is Gaining Experience with Artistic Subtlety (SC4): by default the apprentice
    may use it; with ``apprentice_subtlety=False`` only the master's projects may."""
    desc = {"players": [{"boxes": "ggi", "effects": {"agex": True, "subtle": True}}]}
    assert "project merchant_statue" in texts(pose(**desc).play("use apprentice"))
    assert "project merchant_statue" not in texts(pose(game=game(apprentice_subtlety=False), **desc).play("use apprentice"))


def test_writ_uses_master_projects():
    """Writ of Authority (SC6): by default the apprentice at the Marketplace draws no Merchant
    Statue box and at the Temple no Temple Offering scroll; with
    ``writ_uses_master_projects=True`` it does."""
    desc = {"players": [{"completed": ["merchant_statue", "temple_offering"], "effects": {"writ": True}}]}
    plain = pose(**desc).play("use apprentice").play("market large")
    assert pv(plain)["boxes"] == "nothing"
    boosted = pose(game=game(writ_uses_master_projects=True), **desc).play("use apprentice").play("market large")
    assert len(pv(boosted)["boxes"]) == 1
    temple = pose(game=game(writ_uses_master_projects=True), **desc).play("use apprentice").play("temple").play("draw")
    assert pv(temple)["scroll_count"] == 2
    assert pv(pose(**desc).play("use apprentice").play("temple").play("draw"))["scroll_count"] == 1


def test_ear_counts_all_copies():
    """An Ear to the Wall (SC7): a borrowed project counts as one copy by default; with
    ``ear_counts_all_copies=True`` as many as its owner has (two Larger Workshops: 5 + 4)."""
    desc = {"players": [{"effects": {"borrowed": "larger_workshop"}}, {"completed": ["larger_workshop", "larger_workshop"]}]}
    assert pv(pose(**desc))["storage_limit"] == 7
    assert pv(pose(game=game(ear_counts_all_copies=True), **desc))["storage_limit"] == 9


def test_discounts_before_exchanges():
    """Discount order (P7): by default Masterful Use of Gold cannot discount a gift of jade
    even when gold is exchanged for jade; with ``discounts_before_exchanges=False`` the
    exchange comes first and the scroll takes the exchanged gold box off."""
    desc = {"players": [{"boxes": "gj", "exchange_tiles": ["gold/jade"], "effects": {"masterful_use": ["gold"]}}]}
    paid = pose(**desc).play("use master").play("visit scholar 2")
    assert pv(paid)["boxes"] == "nothing"  # the one way (gold for jade, jade) was paid at once
    choose = pose(game=game(discounts_before_exchanges=False), **desc).play("use master").play("visit scholar 2")
    assert "pay j with masterful_use_gold" in texts(choose)
    assert pv(choose.play("pay j with masterful_use_gold"))["boxes"] == "g"


def finish_round(state):
    start = state.turn.round
    while not state.is_over and state.turn.round == start:
        t = texts(state)
        state = state.play("use apprentice" if "use apprentice" in t else "pass" if "pass" in t else t[0])
    return state


def test_empty_masterwork_deck_ends_game():
    """Empty masterwork deck (P9): by default the space stays empty and play goes on; with
    ``empty_masterwork_deck_ends_game=True`` the end is triggered in Step 3 of that round."""
    others = [f"MW{k:02d}" for k in range(3, 13)]
    desc = {
        "players": [{"boxes": "ggijb"}, {"completed": others[:5]}, {"completed": others[5:]}, {}],
        "masterworks": {"display": ["MW01", "MW02"], "deck": []},
    }
    for g, ends in ((G4, False), (game(empty_masterwork_deck_ends_game=True), True)):
        state = pose(game=g, **desc).play("use master").play("project mw01")
        assert state.view(None)["masterworks"] == ["MW02"]
        state = finish_round(state)
        assert state.view(None)["final_round"] is ends and not any(p["trigger_bonus"] for p in state.view(None)["players"])


def test_twofold_penalty_each():
    """Two unfinished Twofold projects (G7): each loses the penalty by default (5 - 3 + 5 - 3);
    with ``twofold_penalty_each=False`` the pair loses it once (10 - 3)."""
    desc = {"players": [{"master": {"at": "project", "building": ["MW01", "MW02"], "time": 2}}], "lap": 2}
    assert pose(**desc).score_sheet().rows()[0]["unfinished projects"] == 4
    assert pose(game=game(twofold_penalty_each=False), **desc).score_sheet().rows()[0]["unfinished projects"] == 7


def test_location_capacity():
    """Location capacity (docs/rulings/zongshi.md section 6): unlimited by default; with
    ``location_capacity=1`` a location holding a pawn is closed to the others this round."""
    desc = {"players": [{"boxes": "jj"}, {"master": {"at": "temple"}, "apprentice": {"at": "large"}}], "start": 0}
    assert {"temple", "market large", "visit scholar 1"} <= set(texts(pose(**desc).play("use master")))
    full = pose(game=game(location_capacity=1), **desc).play("use master")
    assert "temple" not in texts(full) and "market large" not in texts(full) and "market small" in texts(full)
    assert "visit scholar 1" in texts(full)
    err = illegal(full, "temple", "location.full")
    assert "holds 1 pawn" in err.message and "Temple" in err.message


def test_masterwork_display():
    """Masterwork display (Game Board Setup: two face up; the publisher's blurb says three):
    ``masterwork_display=3`` lays out three and keeps three after one is taken."""
    view = game(masterwork_display=3).new_state(seed=2).view(None)
    assert len(view["masterworks"]) == 3 and view["masterwork_deck_size"] == 9
    assert len(G4.new_state(seed=2).view(None)["masterworks"]) == 2
    state = pose(game=game(masterwork_display=3), players=[{"boxes": "ggijb"}], masterworks={"display": ["MW01", "MW02", "MW03"]})
    state = state.play("use master").play("project mw01")
    assert len(state.view(None)["masterworks"]) == 3 and "MW01" not in state.view(None)["masterworks"]
    with pytest.raises(ValueError, match="2 face-up spaces"):
        pose(players=[{}], masterworks={"display": ["MW01", "MW02", "MW03"]})
