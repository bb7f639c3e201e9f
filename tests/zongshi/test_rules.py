"""Zong Shi rules, one test per rule, each citing its section of the Zong Shi rulebook or
the ruling of ``docs/rulings/zongshi.md`` (sections
9 and 10 give the question-and-answer cases and the numeric checks used here)."""

from __future__ import annotations

import pytest

import zongshi_widgets as zw
from zongshi_widgets.games.zongshi import ZongShi

G4 = zw.game("zongshi", players=4)


def pose(players=None, game=G4, seed=1, **kw):
    """A Step 1 position (lap 1, the start player 0 to move unless given); players by seat."""
    n = game.players
    ps = [dict(p) for p in (players or [])] + [{} for _ in range(n - len(players or []))]
    kw.setdefault("bins", {"large": "ggggg", "small": "bbb"})
    return game.from_position({"players": ps, **kw}, seed=seed)


def nbox(letters: str) -> int:
    """Boxes in a material-letter string ("nothing" is none)."""
    return 0 if letters == "nothing" else len(letters)


def texts(state):
    return [str(a) for a in state.legal_actions()]


def pv(state, seat=0):
    return state.view(None)["players"][seat]


def assert_illegal(state, text, rule):
    """Assert that ``text`` is refused with rule ``zongshi.<rule>`` and changes nothing; return
    the error."""
    before = state.digest()
    with pytest.raises(zw.IllegalAction) as err:
        state.play(text)
    assert err.value.rule == f"zongshi.{rule}", err.value
    assert state.digest() == before
    return err.value


illegal = assert_illegal  # the shorter name other test files import


# -- setup ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("n,copies,tiles,large,small", [(3, 3, 2, 4, 2), (4, 3, 3, 5, 3), (5, 4, 4, 6, 4)])
def test_setup_quantities_by_player_count(n, copies, tiles, large, small):
    """Game Board Setup / Player Setup: project cards and exchange tiles by player count, two
    face-up masterworks, four face-down award tiles, N scrolls and 2N boxes for the draft, and
    after the draft the large bin gets N+1 boxes and the small bin N-1."""
    state = zw.game("zongshi", players=n).new_state(seed=4)
    view = state.view(None)
    assert set(view["projects_left"].values()) == {copies}
    assert set(view["exchange_tiles_left"].values()) == {tiles}
    assert len(view["masterworks"]) == 2 and view["masterwork_deck_size"] == 10
    assert all(view["award_face_down"].values())
    assert len(view["draft"]["scrolls"]) == n and len(view["draft"]["boxes"]) == 2 * n
    # the opening draft: from the player right of the start player, counter-clockwise, 3 laps
    start = view["start_player"]
    seats = []
    for _ in range(3 * n):
        seats.append(state.to_move)
        state = state.play(state.legal_actions()[-1])
    assert seats == [(start - 1 - k) % n for k in range(3 * n)]
    view = state.view(None)
    assert view["draft"] is None and all(p["scroll_count"] + nbox(p["boxes"]) == 3 for p in view["players"])
    assert nbox(view["bins"]["large"]) == large and nbox(view["bins"]["small"]) == small
    assert state.to_move == start and state.turn.step == "Step 1: player turns, lap 1"


def test_start_player_is_drawn_by_the_seeded_chance():
    """Game Board Setup: "Choose a start player randomly" (through the state's chance)."""
    starts = {G4.new_state(seed=s).view(None)["start_player"] for s in range(30)}
    assert starts == {0, 1, 2, 3}
    assert G4.new_state(seed=9).view(None) == G4.new_state(seed=9).view(None)


# -- Step 1 --------------------------------------------------------------------------------------


def test_two_laps_master_or_apprentice_first():
    """Step 1: from the start player clockwise each player takes a turn with master or
    apprentice, then a second lap with the other pawn."""
    state = pose(start=2, to_move=2)
    order = []
    for _ in range(8):
        order.append((state.to_move, state.turn.step))
        if state.legal_actions()[0].text == "use master":
            state = state.play("use apprentice" if state.to_move % 2 else "use master")
        assert "use master" not in texts(state)
        state = state.play("pass")
    assert [s for s, _ in order] == [2, 3, 0, 1, 2, 3, 0, 1]
    assert [step[-5:] for _, step in order] == ["lap 1"] * 4 + ["lap 2"] * 4
    assert state.turn.step == "Step 2: material distribution" or state.view(None)["round"] == 2


def test_only_the_master_begins_projects():
    """A. Beginning a Project: only your master has the skill to take on projects."""
    state = pose([{"boxes": "ggij"}]).play("use apprentice")
    assert not [t for t in texts(state) if t.startswith("project")]
    assert_illegal(state, "project merchant_statue", "project.master-only")


def test_merchant_statue_example():
    """A. Beginning a Project, the example: Joy returns one ivory, one jade and two gold, takes
    the Merchant Statue and puts her master on the time-required = 2 space."""
    state = pose([{"boxes": "ggij"}]).play("use master").play("project merchant_statue")
    me = pv(state)
    assert me["boxes"] == "nothing" and me["master"] == {"at": "project", "building": ["merchant_statue"], "time": 2}
    assert state.view(None)["projects_left"]["merchant_statue"] == 2
    assert state.view(None)["bag_size"] == 40 - 8 - sum(nbox(p["boxes"]) for p in state.view(None)["players"])


def test_ivory_jade_exchange_example():
    """Going to the Pawn Shop, the example (docs/rulings/zongshi.md 10): with the ivory-jade tile and two
    gold and two ivory you can build the Merchant Statue, exchanging one ivory for a jade."""
    state = pose([{"boxes": "ggii", "exchange_tiles": ["ivory/jade"]}]).play("use master")
    assert "project merchant_statue" in texts(state)
    state = state.play("project merchant_statue")
    assert pv(state)["boxes"] == "nothing" and pv(state)["master"]["building"] == ["merchant_statue"]
    without = pose([{"boxes": "ggii"}]).play("use master")
    assert_illegal(without, "project merchant_statue", "project.materials")


def test_exchange_tiles_do_not_chain():
    """Going to the Pawn Shop: ivory-jade and jade-gold tiles do not turn ivory into gold."""
    state = pose([{"boxes": "giij", "exchange_tiles": ["ivory/jade", "gold/jade"]}]).play("use master")
    # merchant statue needs gg i j: gold from jade (gold/jade), jade from ivory (ivory/jade): fine
    assert "project merchant_statue" in texts(state)
    chained = pose([{"boxes": "giii", "exchange_tiles": ["ivory/jade", "gold/jade"]}]).play("use master")
    # needs one more gold: only by ivory -> jade -> gold, a chain
    assert_illegal(chained, "project merchant_statue", "project.materials")


def test_one_tile_one_exchange_per_payment():
    """docs/rulings/zongshi.md E4: one box per tile per payment (variant option: unlimited)."""
    desc = [{"boxes": "iiii", "exchange_tiles": ["gold/ivory"]}]
    # gold mastery 2g 1i 1b: not with one gold/ivory tile and four ivory
    assert "project ivory_mastery" not in texts(pose(desc).play("use master"))
    state = pose([{"boxes": "iiij", "exchange_tiles": ["gold/ivory"]}]).play("use master")
    assert "project ivory_mastery" in texts(state)  # 1g 2i 1j: one ivory for the gold
    unlimited = ZongShi(players=4, exchange_uses_per_payment=0)
    state = pose([{"boxes": "iiii", "exchange_tiles": ["ivory/jade"]}], game=unlimited).play("use master")
    assert "visit scholar 3" in texts(state)


def test_one_project_at_a_time_and_busy_pawns_pass():
    """A. Beginning a Project: one project at a time; C. Passing: a pawn working on a project
    must pass."""
    state = pose([{"boxes": "ggij", "master": {"at": None, "building": ["merchant_statue"], "time": 1}}]).play("use master")
    assert [t for t in texts(state) if not t.startswith("play")] == ["pass"]
    err = assert_illegal(state, "project gold_mastery", "project.one-at-a-time")
    assert "only one project at a time" in err.message and "Step 1, A. Beginning a Project" in err.message
    assert_illegal(state, "market large", "project.busy")


def test_masterwork_is_replaced_when_taken():
    """A. Beginning a Project: a masterwork begun is replaced from the deck."""
    state = pose([{"boxes": "ggijb"}], masterworks={"display": ["MW01", "MW02"], "deck": [f"MW{i:02d}" for i in range(3, 13)]})
    state = state.play("use master").play("project mw01")
    assert state.view(None)["masterworks"] == ["MW03", "MW02"] and pv(state)["master"]["time"] == 3


def test_blacksmith_and_swift_fingers():
    """The Projects in Detail (Blacksmith Tools) and Swift Fingers; docs/rulings/zongshi.md 10: a time-2
    project with one Blacksmith Tools and Swift Fingers takes 1 turn (minimum 1)."""
    state = pose([{"boxes": "ggij", "completed": ["blacksmith_tools"], "scrolls": ["swift_fingers"]}]).play("use master")
    state = state.play("play swift_fingers").play("project merchant_statue")
    assert pv(state)["master"]["time"] == 1
    state = pose([{"boxes": "ggij", "completed": ["blacksmith_tools"]}]).play("use master").play("project merchant_statue")
    assert pv(state)["master"]["time"] == 1
    mw = {"display": ["MW01", "MW02"]}
    state = pose([{"boxes": "ggijb", "completed": ["blacksmith_tools", "blacksmith_tools"]}], masterworks=mw).play("use master").play("project mw01")
    assert pv(state)["master"]["time"] == 1


def test_masteries_stack_and_apply_to_masterworks():
    """The Projects in Detail: each Mastery ignores one box of its material in every project the
    master begins, masterworks included (P6); two copies ignore two (P5)."""
    state = pose([{"boxes": "ij", "completed": ["gold_mastery", "gold_mastery"]}]).play("use master")
    assert "project merchant_statue" in texts(state)
    state = pose([{"boxes": "iijb", "completed": ["gold_mastery", "gold_mastery"]}], masterworks={"display": ["MW01", "MW02"]}).play("use master")
    assert "project mw01" in texts(state)


def test_masteries_do_not_discount_visits_or_tiles():
    """Gold Mastery: the discount does not apply to an exchange tile or a townsfolk visit."""
    state = pose([{"boxes": "i", "completed": ["gold_mastery"]}]).play("use master")
    assert "visit merchant 1" not in texts(state) and "pawnshop" not in texts(state)


def test_masterful_use_and_artistic_subtlety():
    """The Scrolls in Detail: Masterful Use reduces one project, visit or exchange tile by one
    box of its material; Artistic Subtlety one box of any material of a project only."""
    state = pose([{"boxes": "gij", "scrolls": ["masterful_use_gold"]}]).play("use master").play("play masterful_use_gold")
    state = state.play("project merchant_statue")
    assert pv(state)["boxes"] == "nothing"
    state = pose([{"boxes": "i", "scrolls": ["masterful_use_gold"]}]).play("use master").play("play masterful_use_gold")
    assert "pawnshop" in texts(state)
    assert "buy gold/ivory pay i with masterful_use_gold" in texts(state.play("pawnshop"))
    state = pose([{"boxes": "gij", "scrolls": ["artistic_subtlety"]}]).play("use master").play("play artistic_subtlety")
    assert "project merchant_statue" in texts(state) and "visit merchant 2" not in texts(state)


def test_follow_the_twofold_path():
    """Follow the Twofold Path: two projects this turn, the greater time of the two; pay both."""
    state = pose([{"boxes": "ggggiijj", "scrolls": ["twofold_path"], "completed": ["larger_workshop"] * 2}]).play("use master")
    state = state.play("play twofold_path").play("project merchant_statue")
    assert "no second project" in texts(state)
    state = state.play("project merchant_statue")
    me = pv(state)
    assert len(me["master"]["building"]) == 2 and me["master"]["time"] == 2


def test_twofold_with_one_space_left_scores_one():
    """Follow the Twofold Path / docs/rulings/zongshi.md SC3: with one completed space left, one project
    (the owner's choice) is scored, the other counts only in the tie-break."""
    done = ["gold_mastery", "ivory_mastery", "jade_mastery", "bronze_mastery", "temple_offering"]
    state = pose(
        [{"completed": done, "master": {"at": "project", "building": ["merchant_statue", "larger_workshop"], "time": 1}}],
        pending=[["step3", -1]],
        step=2,
    )
    assert state.to_move == 0 and texts(state) == ["keep larger_workshop", "keep merchant_statue"]
    state = state.play("keep merchant_statue")
    me = pv(state)
    assert me["completed"][-1] == "merchant_statue" and me["overflow"] == ["larger_workshop"]
    assert me["trigger_bonus"]
    assert state.score_sheet().tiebreaks[0] == (7,)


def test_apprentice_is_gaining_experience():
    """Apprentice is Gaining Experience: the apprentice begins a regular project at its printed
    time (no Blacksmith Tools, no Masteries, no masterwork); not while the master builds; the
    master may not begin while the apprentice builds."""
    state = pose(
        [{"boxes": "ggijb", "scrolls": ["apprentice_gaining_experience"], "completed": ["blacksmith_tools"]}], masterworks={"display": ["MW01", "MW02"]}
    )
    state = state.play("use apprentice").play("play apprentice_gaining_experience")
    assert "project merchant_statue" in texts(state) and "project mw01" not in texts(state)
    assert_illegal(state, "project mw01", "project.masterwork-apprentice")
    state = state.play("project merchant_statue")
    assert pv(state)["apprentice"]["time"] == 2
    master_turn = pose([{"boxes": "ggij", "apprentice": {"at": "project", "building": ["jade_mastery"], "time": 1}}]).play("use master")
    assert_illegal(master_turn, "project merchant_statue", "project.apprentice-building")
    busy = pose([{"scrolls": ["apprentice_gaining_experience"], "master": {"building": ["jade_mastery"], "time": 1}}]).play("use apprentice")
    assert "play apprentice_gaining_experience" not in texts(busy)


# -- locations -----------------------------------------------------------------------------------


def test_marketplace_master_alone_takes_the_bin():
    """Step 2: a master alone in a bin takes every box (M2); an apprentice alone takes one (M1)."""
    state = pose(
        bins={"large": "ggiij", "small": "bbj"}, pending=[["step2", -1]], step=1, players=[{"master": {"at": "large"}}, {"apprentice": {"at": "small"}}]
    )
    assert state.to_move == 1 and texts(state) == ["pick jade", "pick bronze"] or texts(state) == ["pick jade", "pick bronze"][::-1]
    state = state.play("pick jade")
    assert pv(state, 0)["boxes"] == "ggiij" and pv(state, 1)["boxes"] == "j"


def test_marketplace_shared_bin_order():
    """Step 2: masters take turns one box at a time from the start player clockwise; an
    apprentice takes one box after every master in the bin has picked once (M3)."""
    state = pose(
        start=2,
        bins={"large": "gijbgi", "small": ""},
        pending=[["step2", -1]],
        players=[{"master": {"at": "large"}}, {"apprentice": {"at": "large"}}, {}, {"master": {"at": "large"}}],
    )
    movers = []
    while state.turn.step.startswith("Step 2"):
        movers.append(state.to_move)
        state = state.play(state.legal_actions()[0])
    assert movers[:3] == [3, 0, 1] and 1 not in movers[3:]
    assert set(movers[3:]) <= {3, 0}
    assert nbox(pv(state, 1)["boxes"]) == 1


def test_privileged_treatment():
    """Privileged Treatment: its owner picks first, then just before the start player (M8)."""
    state = pose(
        start=0,
        bins={"large": "gggiii", "small": ""},
        pending=[["step2", -1]],
        players=[{"master": {"at": "large"}}, {}, {"master": {"at": "large"}, "effects": {"privileged": True}}, {}],
    )
    movers = []
    while state.turn.step.startswith("Step 2"):
        movers.append(state.to_move)
        state = state.play(state.legal_actions()[0])
    assert movers[:3] == [2, 0, 2]


def test_merchant_statue_draws_when_the_master_goes_to_the_marketplace():
    """Merchant Statue: one random box from the bag per statue when the master goes to the
    marketplace (M7), then the storage limit; stacking per copy."""
    state = pose([{"completed": ["merchant_statue", "merchant_statue"]}]).play("use master").play("market small")
    assert nbox(pv(state)["boxes"]) == 2
    state = pose([{"completed": ["merchant_statue"]}]).play("use apprentice").play("market small")
    assert pv(state)["boxes"] == "nothing"


def test_temple_master_donates_and_offering():
    """Going to the Temple + docs/rulings/zongshi.md 10: donate 2 with one Temple Offering, holding 1:
    draws 4, holds 5, limit 5, keeps 5."""
    state = pose([{"boxes": "gg", "scrolls": ["writ_of_authority"], "completed": ["temple_offering"]}]).play("use master").play("temple")
    state = state.play("donate gold").play("donate gold").play("draw")
    assert pv(state)["scroll_count"] == 5 and state.to_move == 1


def test_temple_hand_limit_discard():
    """Going to the Temple + docs/rulings/zongshi.md 10: donate 3, holding 2, no Offering: draws 4, holds
    6, discards 2 before the turn ends (face up on the discard pile)."""
    state = pose([{"boxes": "ggg", "scrolls": ["writ_of_authority", "swift_fingers"]}]).play("use master").play("temple")
    for _ in range(3):
        state = state.play("donate gold")
    state = state.play("draw")
    assert state.to_move == 0 and state.view(0)["hand"].__len__() == 6
    assert_illegal(state, "pass", "hand.limit")
    state = state.play(state.legal_actions()[0])
    state = state.play(state.legal_actions()[0])
    assert pv(state)["scroll_count"] == 4 and len(state.view(None)["scroll_discard"]) == 2 and state.to_move == 1


def test_apprentice_temple_one_scroll_no_donation():
    """Going to the Temple: the apprentice draws one scroll and may not donate."""
    state = pose([{"boxes": "gg", "completed": ["temple_offering"]}]).play("use apprentice").play("temple")
    assert pv(state)["scroll_count"] == 1 and pv(state)["boxes"] == "gg"


def test_temple_offering_limit_does_not_stack():
    """Temple Offering: the hand limit is 5 rather than 4; two do not make 6 (TE3, option)."""
    assert pv(pose([{"completed": ["temple_offering"] * 2}]))["hand_limit"] == 5
    stacks = ZongShi(players=4, temple_offering_limit_stacks=True)
    assert pv(pose([{"completed": ["temple_offering"] * 2}], game=stacks))["hand_limit"] == 6


def test_pawn_shop_apprentice_one_master_many_and_all_six_bonus():
    """Going to the Pawn Shop: the apprentice claims one tile, the master as many as affordable;
    1 point per tile and 2 more for all six (docs/rulings/zongshi.md 10: 6 + 2 = 8)."""
    state = pose([{"boxes": "gijb"}]).play("use apprentice").play("pawnshop").play("buy gold/ivory pay gi")
    assert pv(state)["exchange_tiles"] == ["gold/ivory"] and state.to_move == 1
    state = pose([{"boxes": "gijb"}]).play("use master").play("pawnshop").play("buy gold/ivory pay gi")
    assert state.to_move == 0 and "buy bronze/jade pay jb" in texts(state)
    state = state.play("buy bronze/jade pay jb")
    assert len(pv(state)["exchange_tiles"]) == 2
    six = pose([{"exchange_tiles": ["gold/ivory", "ivory/jade", "gold/jade", "bronze/jade", "ivory/bronze", "gold/bronze"]}])
    rows = six.score_sheet().rows()[0]
    assert rows["exchange tiles"] + rows["all six exchange tiles"] == 8


def test_single_visit_example():
    """Paying Respectful Visits, the example: Gene's apprentice visits the Scholar with a "2"
    tile and returns 2 jade (docs/rulings/zongshi.md 10: 2 jade)."""
    state = pose([{"boxes": "jjj"}]).play("use apprentice").play("visit scholar 2")
    me = pv(state)
    assert me["boxes"] == "j" and me["visited"] == {"scholar": 2} and me["visit_tiles"] == [1, 2, 3]
    assert me["apprentice"]["at"] == "visits"


def test_double_visit_example_and_town_meeting():
    """Paying Respectful Visits, the second example: the master visits the Scholar with a "2"
    and the Official with a "1": 3 jade and 2 bronze. With Host a Town Meeting: 2 jade and 1
    bronze (docs/rulings/zongshi.md 10)."""
    gone = {"awards": dict.fromkeys(["scholar", "official", "elder", "merchant"]), "award_box": "bins", "awards_revealed": ["scroll", "tile", "bag", "gift"]}
    state = pose([{"boxes": "jjjbb"}], **gone).play("use master").play("visit scholar 2 official 1")
    assert pv(state)["boxes"] == "nothing" and pv(state)["visited"] == {"scholar": 2, "official": 1}
    state = pose([{"boxes": "jjjbb", "scrolls": ["host_town_meeting"]}], **gone).play("use master").play("play host_town_meeting")
    state = state.play("visit scholar 2 official 1")
    assert pv(state)["boxes"] == "jb" and pv(state)["visited"] == {"scholar": 2, "official": 1}


def test_visit_surcharge_amounts_exactly():
    """The double visit costs exactly jjj bb: with one box less it is not offered."""
    state = pose([{"boxes": "jjjb"}]).play("use master")
    assert_illegal(state, "visit scholar 2 official 1", "visit.materials")
    state = pose(
        [{"boxes": "jjjbb"}],
        awards={"scholar": None, "official": None, "elder": "scroll", "merchant": "tile"},
        award_box="bag",
        awards_revealed=["gift", "bins"],
    )
    state = state.play("use master").play("visit scholar 2 official 1")
    assert pv(state)["boxes"] == "nothing"


def test_visit_limits():
    """Paying Respectful Visits: an apprentice visits one person; each person once; each tile
    once."""
    state = pose([{"boxes": "jjjbb"}]).play("use apprentice")
    assert_illegal(state, "visit scholar 2 official 1", "visit.apprentice-one")
    state = pose([{"boxes": "jjjbbb", "visited": {"scholar": 1}}]).play("use master")
    assert_illegal(state, "visit scholar 2", "visit.person-twice")
    state = pose([{"boxes": "bbbbb", "visited": {"scholar": 3}}]).play("use master")
    assert_illegal(state, "visit official 3", "visit.tile-used")


AW = {"awards_revealed": [], "award_box": "bins"}


def _award(tile, boxes="jjj", pawn="master", **extra):
    awards = {"scholar": tile, "official": None, "elder": None, "merchant": None}
    others = [t for t in ("scroll", "tile", "bag", "gift", "bins") if t != tile]
    desc = {"awards": awards, "award_box": others[0], "awards_revealed": others[1:]}
    desc.update(extra)
    return pose([{"boxes": boxes}], **desc).play(f"use {pawn}").play("visit scholar 2")


def test_award_tiles_for_the_first_master():
    """Paying Respectful Visits: the first master to visit a person draws its award tile and
    carries it out: a scroll; an exchange tile for one box; two boxes from the bag; the gift
    returned; one box from the marketplace."""
    state = _award("scroll")
    assert pv(state)["scroll_count"] == 1 and "scroll" in state.view(None)["awards_revealed"]
    state = _award("bag")
    assert nbox(pv(state)["boxes"]) == 3
    state = _award("gift")
    assert pv(state)["boxes"] == "jjj"  # docs/rulings/zongshi.md V6: everything paid comes back
    state = _award("bins")
    assert state.to_move == 0 and "take large gold" in texts(state)
    assert pv(state.play("take small bronze"))["boxes"] == "jb"
    state = _award("tile", boxes="jjjg")
    assert "claim gold/jade pay jade" in texts(state) and "decline" in texts(state)
    assert pv(state.play("claim gold/jade pay gold"))["exchange_tiles"] == ["gold/jade"]


def test_award_apprentice_first_visitor():
    """docs/rulings/zongshi.md V5: an apprentice visiting first discards the award tile unclaimed
    (variant option: the first master to arrive claims it)."""
    state = _award("scroll", pawn="apprentice")
    assert pv(state)["scroll_count"] == 0 and state.view(None)["award_face_down"]["scholar"] is False
    lenient = ZongShi(players=4, award_requires_first_visitor_master=False)
    desc = {"awards": {"scholar": "scroll", "official": None, "elder": None, "merchant": None}, "award_box": "tile", "awards_revealed": ["bag", "gift", "bins"]}
    state = pose([{"boxes": "jjj"}], game=lenient, **desc).play("use apprentice").play("visit scholar 2")
    assert state.view(None)["award_face_down"]["scholar"] is True


# -- scrolls -------------------------------------------------------------------------------------


def test_scrolls_played_in_a_round_must_differ():
    """Scrolls of Fortune: every scroll you play during the round must be different (SC1: per
    player)."""
    state = pose([{"scrolls": ["gift_from_the_priests", "gift_from_the_priests"], "played": ["gift_from_the_priests"]}]).play("use apprentice")
    assert_illegal(state, "play gift_from_the_priests", "scroll.same-title")


def test_master_turn_scrolls_and_before_the_action():
    """Scrolls of Fortune: master-turn scrolls only at the start of the master's turn, and all
    scrolls before the action."""
    state = pose([{"scrolls": ["swift_fingers"], "boxes": "ggg"}]).play("use apprentice")
    assert_illegal(state, "play swift_fingers", "scroll.master-turn")
    state = pose([{"scrolls": ["swift_fingers"], "boxes": "ggg"}]).play("use master").play("temple")
    assert_illegal(state, "play swift_fingers", "scroll.before-action")


def test_gift_lucky_fortune_and_the_storage_limit():
    """A Gift From the Priests (1 box), A Lucky Discovery (2), Fortune Brings Opportunity (one
    of your choice from a bin); then discard down to the storage limit, the player choosing."""
    state = pose([{"scrolls": ["lucky_discovery", "gift_from_the_priests"], "boxes": "gggg"}]).play("use apprentice")
    state = state.play("play gift_from_the_priests")
    assert nbox(pv(state)["boxes"]) == 5
    state = state.play("play lucky_discovery")
    assert nbox(pv(state)["boxes"]) == 7 and state.to_move == 0
    assert_illegal(state, "pass", "storage.limit")
    while nbox(pv(state)["boxes"]) > 5:
        state = state.play("return gold")
    assert state.legal_actions()[-1].text != "return gold" and "pass" in texts(state)
    state = pose([{"scrolls": ["fortune_brings_opportunity"]}]).play("use apprentice").play("play fortune_brings_opportunity")
    assert texts(state) == ["take large gold", "take small bronze"]
    assert pv(state.play("take small bronze"))["boxes"] == "b"


def test_larger_workshop_raises_the_limit():
    """Larger Workshop: +2 storage per copy."""
    assert pv(pose([{"completed": ["larger_workshop"] * 2}]))["storage_limit"] == 9


def test_lessons_of_the_past_and_deck_reshuffle():
    """Lessons of the Past: take any scroll from the discard pile (it becomes known to all);
    an exhausted deck is reshuffled from the discard pile."""
    state = pose([{"scrolls": ["lessons_of_the_past"]}], scroll_discard=["writ_of_authority", "swift_fingers"]).play("use apprentice")
    state = state.play("play lessons_of_the_past")
    assert texts(state) == ["retrieve swift_fingers", "retrieve writ_of_authority"]
    state = state.play("retrieve swift_fingers")
    assert state.view(0)["hand"] == ["swift_fingers"] and pv(state)["known_scrolls"] == ["swift_fingers"]
    assert state.view(None)["scroll_discard"] == ["writ_of_authority"] and pv(state)["in_play"] == ["lessons_of_the_past"]
    # the deck runs out: the discard pile becomes the new deck
    hands = [["masterful_use_gold"] * 2, [], [], []]
    rest = list(G4.scroll_cards)
    for c in hands[0]:
        rest.remove(c)
    state = pose([{"scrolls": hands[0]}], scroll_deck=[], scroll_discard=rest).play("use apprentice").play("temple")
    assert pv(state)["scroll_count"] == 3 and state.view(None)["scroll_deck_size"] == len(rest) - 1


def test_ear_to_the_wall():
    """An Ear to the Wall: use a project another player has completed (not one of yours) for
    the round (SC7)."""
    state = pose([{"scrolls": ["ear_to_the_wall"], "boxes": "ij"}, {"completed": ["gold_mastery", "larger_workshop"]}, {"completed": ["gold_mastery"]}])
    state = state.play("use master").play("play ear_to_the_wall")
    assert texts(state) == ["borrow gold_mastery", "borrow larger_workshop"]
    state = state.play("borrow gold_mastery")
    assert pv(state)["effects"]["borrowed"] == "gold_mastery"
    state2 = pose([{"scrolls": ["ear_to_the_wall"], "boxes": "gij"}, {"completed": ["gold_mastery"]}]).play("use master").play("play ear_to_the_wall")
    assert "project merchant_statue" in texts(state2.play("borrow gold_mastery"))


def test_writ_of_authority():
    """Writ of Authority: for the round the apprentice has the master's abilities at locations
    (several visits, several tiles, donation) but still may not begin projects."""
    state = pose([{"scrolls": ["writ_of_authority"], "boxes": "jjjbb"}]).play("use apprentice").play("play writ_of_authority")
    assert "visit scholar 2 official 1" in texts(state)
    assert not [t for t in texts(state) if t.startswith("project")]


# -- end of the game -----------------------------------------------------------------------------


SIX = ["gold_mastery", "ivory_mastery", "jade_mastery", "bronze_mastery", "temple_offering", "larger_workshop"]


def test_sixth_project_triggers_the_final_round_and_bonus():
    """Game End: the round after a sixth project is the final round; those completing their
    sixth get 2 points; in the final round they may only go to a location or pass; the game ends
    after Step 3 of the final round."""
    state = pose(
        [{"completed": SIX[:5], "master": {"at": "project", "building": ["merchant_statue"], "time": 1}, "boxes": "ggij"}],
        pending=[["step3", -1]],
        step=2,
    )
    view = state.view(None)
    assert view["end_triggered"] and view["players"][0]["trigger_bonus"]
    assert view["round"] == 2 and view["final_round"]
    assert state.score_sheet().rows()[0]["triggering the end"] == 2
    state = state.play("use master") if state.to_move == 0 else state
    while state.to_move != 0 or texts(state)[0] == "use master":
        state = state.play("use master" if texts(state)[0] == "use master" else "pass")
    assert not [t for t in texts(state) if t.startswith("project")]
    while not state.is_over:
        state = state.play("use master" if texts(state)[0] == "use master" else "pass" if "pass" in texts(state) else state.legal_actions()[0])
    assert state.view(None)["round"] == 2 and state.score_sheet().final


def test_unfinished_masterwork_in_the_final_round():
    """Scoring Incomplete Projects + docs/rulings/zongshi.md 10: MW09 (8 VP, time 4) begun in the final
    round has 3 rounds left after the final Step 3: 8 - 5 = 3 VP."""
    state = pose([{"boxes": "gggijjb", "completed": ["larger_workshop"]}], final_round=True, masterworks={"display": ["MW09", "MW01"]})
    state = state.play("use master").play("project mw09")
    while not state.is_over:
        t = texts(state)
        state = state.play("use apprentice" if "use apprentice" in t else "pass" if "pass" in t else t[0])
    rows = state.score_sheet().rows()[0]
    assert rows["unfinished projects"] == 3 and rows["completed projects"] == 2


def test_final_scoring_rows_and_ties():
    """Final Scoring: visits 1/2/4/8, one point per three boxes and scrolls (4 + 4 -> 2), the
    rows of the score sheet; Victory: ties go to completed projects, then shared."""
    state = pose(
        [
            {"visited": {"scholar": 1, "official": 2, "elder": 2}, "boxes": "gggg", "scrolls": ["swift_fingers"] * 3 + ["writ_of_authority"]},
            {"completed": ["merchant_statue"], "visited": {"scholar": 3}},
            {"completed": ["merchant_statue"], "visited": {"scholar": 2}},
        ]
    )
    rows = state.score_sheet().rows()
    assert rows[0]["townsfolk visits"] == 4 and rows[0]["boxes and scrolls"] == 2 and rows[0]["total"] == 6
    assert rows[1]["total"] == rows[2]["total"] == 3
    assert state.score_sheet().ranking[1] == state.score_sheet().ranking[2]


def test_errors_name_rule_and_section_and_change_nothing():
    """Errors: IllegalAction with a stable rule id and the rulebook section, state unchanged."""
    state = pose([{"boxes": "g"}]).play("use master")
    err = assert_illegal(state, "fly to the moon", "notation")
    assert "not Zong Shi notation" in err.message
    err = assert_illegal(state, "use apprentice", "turn.pawn")
    assert "Step 1" in err.message
