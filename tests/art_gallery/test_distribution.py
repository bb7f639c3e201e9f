"""Art Gallery distribution: Shop tiles, gallery paintings, bid cards back, end of round and
end of game (rulebook: Distribution, Correctly Displaying the Collected Paintings, End of the
Round, End of the Game; docs/rulings/art_gallery.md §3 and §7)."""

import pytest
from ag_support import all_tiles_stacks, check_conservation, distribution, game

import zongshi_widgets as zw

#: the rulings' table of legal purchases per bid value (docs/rulings/art_gallery.md §3), all stacks full
PURCHASES = {
    0: [],
    1: ["1"],
    2: ["1"],
    3: ["1", "3"],
    4: ["1", "3", "1+3"],
    5: ["1", "3", "5", "1+3"],
    6: ["1", "3", "5", "1+3", "1+5"],
    7: ["1", "3", "5", "7", "1+3", "1+5"],
    8: ["1", "3", "5", "7", "1+3", "1+5", "1+7", "3+5"],
}

PAINTINGS_2P = {"G1": 10, "G2": 11, "G3": 12, "G4": 13}


def shop(players, bars, **kw):
    return game(players, **kw.pop("options", {})).from_position(distribution(players, bars, paintings=kw.pop("paintings", PAINTINGS_2P), **kw), seed=2)


def finish_distribution(state):
    while state.step in ("take", "return"):
        state = state.play(state.legal_actions()[0])
    return state


def test_bianca_bid_6_example():
    """Rulebook, Distribution, Painting Tiles in the Shop Area, the example: Bianca's 6 takes
    the top tile of 1, 3 or 5, or of 1 and 3, or of 1 and 5 (not 3+5, not 7); leftover value
    is lost. Taking nothing is allowed (docs/rulings/art_gallery.md §3, REC)."""
    state = shop(2, {"shop": [[0, 6], [1, 0]], "G1": [[1, 3]]})
    assert state.step == "take" and state.to_move == 0
    assert state.turn.step == "Distribution: painting tiles in the Shop"
    assert [str(a) for a in state.legal_actions()] == ["take 1", "take 3", "take 5", "take 1+3", "take 1+5", "take none"]
    refusals = (("take 3+5", "art_gallery.shop.too-expensive"), ("take 7", "art_gallery.shop.too-expensive"), ("take 1+1", "art_gallery.shop.same-stack"))
    for text, rule in refusals:
        with pytest.raises(zw.IllegalAction) as err:
            state.play(text)
        assert err.value.rule == rule and "Shop" in err.value.message
    tops = [s["top"] for s in state.view(None)["stacks"]]
    after = state.play("take 1+5")
    assert after.tiles[0] == (tops[0], tops[2])
    assert [s["size"] for s in after.view(None)["stacks"]] == [17, 14, 9, 6]


@pytest.mark.parametrize("bid", range(9))
def test_legal_purchases_per_bid_value(bid):
    """docs/rulings/art_gallery.md §3's table of legal purchases per bid value (rulebook: the card value may be
    split between two different spaces, never two tiles of one space)."""
    state = shop(2, {"shop": [[0, bid], [1, 8]]})
    legal = [str(a) for a in state.legal_actions()] if state.to_move == 0 and state.step == "take" else ["take none"]
    assert legal == [f"take {p}" for p in PURCHASES[bid]] + ["take none"]


def test_empty_stacks_cannot_be_chosen():
    """docs/rulings/art_gallery.md §7 #6: bid 8 with stacks 1 and 7 used up: 3, 5 or 3+5 (R-derived)."""
    stacks = {"1": [], "3": list(range(1, 15)), "5": list(range(15, 25)), "7": []}
    desc = distribution(2, {"shop": [[0, 8]]}, paintings=PAINTINGS_2P)
    desc["stacks"] = stacks
    desc["collections"] = [{"tiles": list(range(25, 37))}, {"tiles": list(range(37, 49))}]
    state = game(2).from_position(desc, seed=1)
    assert [str(a) for a in state.legal_actions()] == ["take 3", "take 5", "take 3+5", "take none"]
    with pytest.raises(zw.IllegalAction) as err:
        state.play("take 1")
    assert err.value.rule == "art_gallery.shop.empty-stack"


def test_shop_bids_in_marker_order_each_on_its_own():
    """Rulebook, Shop 2 and its N.B.: marker I chooses first, then II...; a player with several
    Shop bids chooses once per bid and may not add their values (docs/rulings/art_gallery.md §7 #3)."""
    state = shop(2, {"shop": [[0, 4], [1, 5], [0, 3]]})
    assert state.to_move == 0 and "take 5" not in [str(a) for a in state.legal_actions()]
    state = state.play("take 3")
    assert state.to_move == 1 and [str(a) for a in state.legal_actions()][-2:] == ["take 1+3", "take none"]
    state = state.play("take 5")
    assert state.to_move == 0 and [str(a) for a in state.legal_actions()] == ["take 1", "take 3", "take none"]
    state = state.play("take 3")
    assert [len(t) for t in state.tiles] == [2, 1]


def test_must_take_variant():
    """Variant ``shop_may_pass=False``: a bid that can pay for a tile must take one."""
    state = shop(2, {"shop": [[0, 3], [1, 8]]}, options={"shop_may_pass": False})
    assert [str(a) for a in state.legal_actions()] == ["take 1", "take 3"]
    with pytest.raises(zw.IllegalAction) as err:
        state.play("take none")
    assert err.value.rule == "art_gallery.shop.must-take"


def test_bid_cards_back_one_per_marker_in_marker_order():
    """Rulebook, Shop 3 (and Gallery 3): marker I's owner picks any one played card first and
    takes the marker back, then the next marker (docs/rulings/art_gallery.md §7 #16), so each player gets one card
    back per marker."""
    state = shop(2, {"shop": [[1, 2], [0, 7], [1, 5]]})
    state = state.play("take 1").play("take 1+5").play("take 5")
    assert state.step == "return" and state.to_move == 1 and state.turn.step == "Distribution: action cards back (shop)"
    assert [str(a) for a in state.legal_actions()] == ["pick 2", "pick 5", "pick 7"]
    with pytest.raises(zw.IllegalAction) as err:
        state.play("pick 3")
    assert err.value.rule == "art_gallery.return.not-played"
    state = state.play("pick 7")
    assert state.to_move == 0 and [str(a) for a in state.legal_actions()] == ["pick 2", "pick 5"]
    hand0 = state.hand(0)
    state = state.play("pick 2")
    # the last marker's owner gets the last card (no choice left)
    assert state.step == "move" and state.round == 2
    assert sorted(hand0 + [2]) == sorted(hand0 + [2])
    check_conservation(state)


def gallery(bars, tiles=None, paintings=PAINTINGS_2P, options=None, hands=None):
    """A 2-player distribution whose Shop bid (a 0) resolves by itself, then the galleries."""
    desc = distribution(2, {"shop": [[0, 0]], **bars}, paintings=paintings, hands=hands)
    if tiles:
        desc["collections"] = [{"tiles": t} for t in tiles]
        used = {x for t in tiles for x in t}
        desc["stacks"] = all_tiles_stacks({}, exclude=used)
    return game(2, **(options or {})).from_position(desc, seed=2)


def test_highest_summed_bid_takes_the_painting():
    """Rulebook, Painting Cards 2: the highest bid takes the card; a player's several bids in one
    gallery are added (docs/rulings/art_gallery.md §7 #2)."""
    state = finish_distribution(gallery({"G1": [[0, 5], [1, 6], [0, 2]], "G2": [[1, 8], [0, 7]]}))
    assert state.cards == ((10,), (11,))


def test_tie_goes_to_the_holder_of_the_matching_tile():
    """Rulebook, Painting Cards 2: "In the event of a tie, the person who has the painting tile
    that goes with it gets the painting card" (docs/rulings/art_gallery.md §7 #10)."""
    state = finish_distribution(gallery({"G1": [[0, 4], [1, 4]]}, tiles=[[], [10]]))
    assert state.cards == ((), (10,))


def test_tie_without_the_tile_goes_to_the_lower_marker():
    """Rulebook, Painting Cards 2: no tied player has the tile: the lower marker wins
    (docs/rulings/art_gallery.md §7 #10, #12: each tied player's lowest marker)."""
    state = finish_distribution(gallery({"G1": [[1, 1], [0, 4], [1, 3]]}))
    assert state.cards == ((), (10,))
    state = finish_distribution(gallery({"G1": [[0, 4], [1, 4]]}))
    assert state.cards == ((10,), ())


def test_tile_of_a_player_not_tied_is_ignored():
    """docs/rulings/art_gallery.md §7 #11 (default ``gallery_tie_tile="tied_only"``): the tile helps only a tied
    player; with ``"any_holder"`` its holder takes the card even when not tied."""
    three = {"G1": 10, "G2": 11, "G3": 12, "G4": 13}
    desc = distribution(3, {"shop": [[0, 0]], "G1": [[0, 4], [1, 4]]}, paintings=three)
    desc["collections"] = [{"tiles": []}, {"tiles": []}, {"tiles": [10]}]
    desc["stacks"] = all_tiles_stacks({}, exclude=[10])
    state = finish_distribution(game(3).from_position(desc, seed=2))
    assert state.cards == ((10,), (), ())
    state = finish_distribution(game(3, gallery_tie_tile="any_holder").from_position(desc, seed=2))
    assert state.cards == ((), (), (10,))


def test_tile_bought_this_round_breaks_a_tie():
    """docs/rulings/art_gallery.md §7 #13: the Shop is distributed first, so a tile taken there this round counts
    in the gallery ties of the same distribution (rulebook, Distribution: Shop first)."""
    desc = distribution(2, {"shop": [[1, 1]], "G1": [[0, 4], [1, 4]]}, paintings=PAINTINGS_2P)
    desc["stacks"] = all_tiles_stacks({1: [10]})
    state = game(2).from_position(desc, seed=2)
    state = finish_distribution(state.play("take 1"))
    assert state.tiles[1] == (10,) and state.cards == ((), (10,))


def test_lone_zero_bid_wins_and_unbid_paintings_stay():
    """docs/rulings/art_gallery.md §7 #14 (a lone bidder wins with any value) and #15 (a gallery nobody bid on
    keeps its painting, and it is not replaced)."""
    state = finish_distribution(gallery({"G2": [[1, 0]]}))
    assert state.cards == ((), (11,))
    assert state.paintings[1] == 10 and state.paintings[3] == 12 and state.paintings[2] not in (None, 11)


def test_galleries_resolve_clockwise_and_collections_keep_their_order():
    """Rulebook, Distribution ("start ... in the Shop area and then go clockwise through the
    Gallery areas"); Correctly Displaying the Collected Paintings: new cards go to the right,
    the order never changes (docs/rulings/art_gallery.md §7 #21)."""
    state = finish_distribution(gallery({"G3": [[0, 5]], "G1": [[0, 6]], "G4": [[0, 7]]}))
    assert state.cards[0] == (10, 12, 13)
    state2 = finish_distribution(gallery({"G2": [[0, 5]]}, paintings={"G1": 20, "G2": 3, "G3": 21, "G4": 22}))
    assert state2.cards[0] == (3,)


def test_end_of_round_refills_and_returns_movement_cards():
    """Rulebook, End of the Round: empty painting spaces refilled from the pile (G1 first),
    pawns stay, movement cards back to hand: 9 cards each; the start-card holder begins."""
    state = gallery({"G1": [[0, 3]], "G3": [[1, 3]]}, paintings={"G1": 10, "G2": 11, "G3": 12, "G4": 13})
    before = gallery({"G1": [[0, 3]], "G3": [[1, 3]]})
    assert state == before
    state = finish_distribution(state)
    assert state.step == "move" and state.round == 2 and state.to_move == state.start
    assert state.paintings[1] not in (None, 10) and state.paintings[2] == 11 and state.paintings[3] not in (None, 12)
    assert [len(state.hand(s)) for s in (0, 1)] == [9, 9] and state.played == ((), ())
    check_conservation(state)


def end_position(players, pile, empty, used_up, galleries):
    """A distribution that resolves by itself, with ``empty`` galleries left empty this round,
    a pile of ``pile`` cards and ``used_up`` empty stacks."""
    names = [f"G{i}" for i in range(1, galleries + 1)]
    paint = {name: (0 if i < empty else 48 - i) for i, name in enumerate(names)}
    pile_cards = list(range(1, pile + 1))
    coll_cards = [c for c in range(pile + 1, 49) if c not in paint.values()]
    desc = distribution(players, {"shop": [[0, 0]]}, paintings=paint)
    desc["pile"] = pile_cards
    stacks = all_tiles_stacks({})
    spaces = ["7", "5", "3"][:used_up]
    coll_tiles = [t for sp in spaces for t in stacks[sp]]
    for sp in spaces:
        stacks[sp] = []
    desc["stacks"] = stacks
    desc["collections"] = [{"cards": coll_cards, "tiles": coll_tiles}] + [{}] * (players - 1)
    return game(players).from_position(desc, seed=1)


@pytest.mark.parametrize("pile,empty,over", [(2, 3, True), (3, 3, False), (0, 0, False), (0, 1, True)])
def test_game_ends_when_the_pile_cannot_refill(pile, empty, over):
    """Rulebook, End of the Game a): not enough painting cards in the pile to fill every empty
    space; a pile exactly covering them refills and play goes on (docs/rulings/art_gallery.md §7 #22)."""
    state = end_position(2, pile, empty, 0, 4)
    assert state.is_over == over
    if over:
        assert state.score_sheet().final and state.legal_actions() == []
        assert [len(state.hand(s)) for s in (0, 1)] == [9, 9]  # hands counted after pick-up (#24)


@pytest.mark.parametrize("players,used_up,over", [(2, 1, False), (2, 2, True), (3, 2, True), (4, 2, False), (4, 3, True), (6, 3, True)])
def test_game_ends_when_enough_stacks_are_used_up(players, used_up, over):
    """Rulebook, End of the Game b): 2 used-up stacks with 2 or 3 players, 3 with 4 to 6."""
    galleries = {2: 4, 3: 4, 4: 6, 5: 8, 6: 8}[players]
    state = end_position(players, 20, 0, used_up, galleries)
    assert state.is_over == over
    with pytest.raises(zw.IllegalAction, match="over") if over else _nothing():
        state.play(state.legal_actions()[0] if not over else "move 0")


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_gallery_award_and_shop_purchases_as_functions():
    """Rulebook, Painting Cards in the Gallery Areas 2 (the award, its ties and the variant
    ``gallery_tie_tile``) and Painting Tiles in the Shop Area (what one bid buys), as the
    functions the engine and the board's distribution story share."""
    from zongshi_widgets.games.art_gallery.rules import gallery_award, shop_purchases

    g = zw.game("art_gallery", players=3)
    tiles = [[], [], [7]]
    clear = gallery_award(g, [(0, 5), (1, 4), (1, 2)], 7, tiles)  # blue 6 beats red 5
    assert (clear.winner, clear.totals, clear.tied, clear.by_tile) == (1, {0: 5, 1: 6}, [1], False)
    tie = gallery_award(g, [(1, 3), (0, 3)], 7, tiles)  # a tie, no tied holder: the earlier marker
    assert (tie.winner, tie.tied, tie.by_tile) == (1, [1, 0], False)
    assert gallery_award(g, [(1, 3), (2, 3)], 7, tiles).winner == 2 and gallery_award(g, [(1, 3), (2, 3)], 7, tiles).by_tile
    any_holder = zw.game("art_gallery", players=3, gallery_tie_tile="any_holder")
    assert gallery_award(any_holder, [(1, 3), (0, 3)], 7, tiles).winner == 2  # the holder need not be tied
    assert gallery_award(g, [], 7, tiles).winner is None and gallery_award(g, [(0, 3)], None, tiles).winner is None
    stacks = [[1], [2], [], [4]]  # spaces 1, 3, (5 empty), 7
    assert shop_purchases(g, stacks, 4) == [(1,), (3,), (1, 3)] + ([()] if g.shop_may_pass else [])
    assert shop_purchases(g, stacks, 0) == [()]  # nothing fits: take none
