"""Art Gallery setup, movement, bids, turn order and the start card (rulebook: Preparation,
Explanation of the Board Areas, Rules 1 and 2; docs/rulings/art_gallery.md §5 and §6)."""

import pytest
from ag_support import check_conservation, game, play

import zongshi_widgets as zw
from zongshi_widgets.games.art_gallery import Move


@pytest.mark.parametrize("players,galleries", [(2, 4), (3, 4), (4, 6), (5, 8), (6, 8)])
def test_setup_by_player_count(players, galleries):
    """Rulebook, Preparation 1-7: parts A+D / A+B+D / A+B+C+D (4, 6, 8 galleries; docs/rulings/art_gallery.md §5),
    a face-up card on every gallery and the rest in the pile, stacks of 18/14/10/6 on spaces
    1/3/5/7, nine action cards 0..8 per player, pawns on the Shop bench, markers in front."""
    state = game(players).new_state(seed=3)
    g = state.game
    assert g.galleries == galleries and g.ring == galleries + 1
    assert g.area_names == ("shop",) + tuple(f"G{i}" for i in range(1, galleries + 1))
    view = state.view(None)
    assert all(a["painting"] is not None for a in view["areas"][1:])
    assert view["pile_size"] == 48 - galleries
    assert [s["space"] for s in view["stacks"]] == [1, 3, 5, 7]
    assert [s["size"] for s in view["stacks"]] == [18, 14, 10, 6]
    assert view["pawns"] == [0] * players
    assert view["markers_in_front"] == [4] * players
    assert view["hand_or_bid"] == [list(range(9))] * players
    assert all(a["bar"] == [] for a in view["areas"])
    assert state.to_move == state.start and state.step == "move" and state.round == 1
    assert state.turn.step == "1. Move your game piece"
    check_conservation(state)


def test_start_card_drawn_by_the_seeded_chance():
    """Rulebook, Preparation 7 ("Choose who is to start"): drawn by the game's chance, so the
    same seed gives the same start player and different seeds give different ones."""
    g = game(4)
    starts = {g.new_state(seed=s).start for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert g.new_state(seed=9).start == g.new_state(seed=9).start
    assert g.new_state(seed=9) == g.new_state(seed=9)


def test_move_exactly_the_card_value_in_one_direction():
    """Rulebook, 1. Move Your Game Piece: play any card from hand face up, move exactly that
    many benches clockwise or anticlockwise (docs/rulings/art_gallery.md §5.3: the ring, Shop = bench 0)."""
    state = game(4).from_position({"start_card": 0}, seed=1)  # ring of 7 benches
    legal = [str(a) for a in state.legal_actions()]
    assert legal[:3] == ["move 0", "move 1 cw", "move 1 ccw"]
    assert len(legal) == 2 + 7 * 2  # 0 and 7 (once round the ring of 7) have no direction
    after = state.play("move 3 ccw")
    assert after.pawns[0] == 4 and after.played[0] == (3,) and after.hand(0) == [0, 1, 2, 4, 5, 6, 7, 8]
    assert state.play("move 3 cw").pawns[0] == 3
    assert state.play("move 8 cw").pawns[0] == 1
    assert state.play("move 0").pawns[0] == 0
    assert state.play("move 7").pawns[0] == 0  # once round the ring of seven benches


def test_a_ring_length_move_has_no_direction():
    """docs/rulings/art_gallery.md §5.3: with 5 benches (2-3 players) a 5 ends where it started either way, so the
    action is written without a direction; 'move 5 cw' (a direction the move does not take) is
    refused, not silently read as 'move 5'."""
    state = game(2).from_position({"start_card": 0}, seed=1)
    assert "move 5" in [str(a) for a in state.legal_actions()]
    assert "move 5 cw" not in [str(a) for a in state.legal_actions()]
    assert state.parse_action("move 5") == Move(5, "")
    for text in ("move 5 cw", "move 0 ccw", "move 0 clockwise"):
        with pytest.raises(zw.IllegalAction) as err:
            state.play(text)
        assert err.value.rule == "art_gallery.move.direction"
        assert repr(text) in err.value.message and "takes no direction" in err.value.message
        assert f"write '{' '.join(text.split()[:2])}'" in err.value.message
    with pytest.raises(zw.IllegalAction) as err:
        state.play(Move(5, "cw"))
    assert err.value.rule == "art_gallery.move.direction"
    with pytest.raises(zw.IllegalAction) as err:
        state.play("move 3")
    assert err.value.rule == "art_gallery.move.direction"


def test_a_card_not_in_hand_is_refused_before_asking_for_a_direction():
    """Rulebook, 1. Move Your Game Piece: 'move 99' or 'move 2' (played already) is refused
    because the card is not in hand, not answered with "Say which way" (which would then be
    refused for the card)."""
    state = play(game(2).from_position({"start_card": 0}, seed=1), "move 2 cw", "bid 4", "move 2 ccw", "bid 4")
    for text in ("move 99", "move 99 cw", "move 2", "move 9", "move 10 ccw"):
        with pytest.raises(zw.IllegalAction) as err:
            state.play(text)
        assert err.value.rule == "art_gallery.move.not-in-hand", text
        assert "Say which way" not in err.value.message


def test_moves_need_a_card_in_hand_and_refusals_change_nothing():
    """Rulebook, 1. Move Your Game Piece ("any 1 action card from your hand")."""
    state = game(2).from_position({"start_card": 0}, seed=1)
    state = play(state, "move 2 cw", "bid 4", "move 2 ccw", "bid 4")
    before = state.to_json()
    for text, rule in (("move 2 cw", "art_gallery.move.not-in-hand"), ("move 9 cw", "art_gallery.move.not-in-hand"), ("bid 3", "art_gallery.turn.step")):
        with pytest.raises(zw.IllegalAction) as err:
            state.play(text)
        assert err.value.rule == rule and "rulebook" in err.value.message
    assert state.to_json() == before


def test_bid_on_the_area_where_the_pawn_stands_marker_on_lowest_free_space():
    """Rulebook, 2. Place a Bid: a card face down on that area's action space, on top of those
    there; the marker on the lowest visible space (the first on I.). Several markers of one
    player on one bar are allowed (docs/rulings/art_gallery.md §7 #1). Pawns share benches freely."""
    state = game(2).from_position({"start_card": 0}, seed=1)
    state = play(state, "move 1 cw", "bid 5", "move 1 cw", "bid 6", "move 0", "bid 2")
    assert state.bars[1] == ((0, 5), (1, 6), (0, 2))
    assert state.pawns == (1, 1)
    view = state.view(1)
    g1 = view["areas"][1]
    assert g1["bar"] == [0, 1, 0] and g1["bids"] == [None, None, None]
    assert view["my_bids"] == [{"area": "G1", "space": 2, "card": 6}]
    assert view["markers_in_front"] == [2, 3]


def test_bids_are_hidden_but_who_bid_where_is_public():
    """Hidden information (issue): bid values stay secret until distribution; the other seats
    and spectators see the marker order, and the log reads 'bid a card'."""
    state = game(3).from_position({"start_card": 0}, seed=1).play("move 2 cw")
    a, b = state.play("bid 1"), state.play("bid 8")
    for seat in (None, 1, 2):
        assert a.view(seat) == b.view(seat)
        assert state.action_text(state.parse_action("bid 1"), seat) == "bid a card"
    assert a.view(0) != b.view(0)
    assert state.action_text(state.parse_action("bid 1"), 0) == "bid 1"
    assert a.view(None)["hand_or_bid"][0] == [0, 1, 3, 4, 5, 6, 7, 8]  # the face-up 2 is gone


def test_four_turns_each_clockwise_from_the_start_card_holder():
    """Rulebook, Rules: four turns each, in turn clockwise, each a move then a bid."""
    state = game(3).from_position({"start_card": 1}, seed=1)
    seats = []
    while state.step in ("move", "bid"):
        seats.append((state.to_move, state.step))
        state = state.play(state.legal_actions()[0])
    assert seats == [(s, step) for _ in range(4) for s in (1, 2, 0) for step in ("move", "bid")]
    assert state.turn.round == 1


FULL_G1 = {
    # 2 players, seat 1 started; seven turns are done and seat 0 plays its fourth.
    "start_card": 1, "step": "move", "pawns": [0, 1],
    "bars": {"G1": [[1, 0], [1, 1], [0, 4], [1, 2], [0, 5], [1, 8]], "G2": [[0, 6]]},
    "movement_cards": [[0, 2, 7], [3, 4, 5, 7]],
    "hands": [[1, 3, 6], [8]],
}  # fmt: skip


def test_full_bar_forbids_moves_there():
    """Rulebook, 2. Place a Bid ("The maximum number of markers per marker bar is six");
    docs/rulings/art_gallery.md §6 (default ``full_bar="forbid_move"``): a (card, direction) ending on a full bar
    is not a legal move."""
    state = game(2).from_position(FULL_G1, seed=1)
    assert state.to_move == 0 and state.turn.step == "1. Move your game piece"
    assert [str(a) for a in state.legal_actions()] == ["move 1 ccw", "move 3 cw", "move 3 ccw", "move 6 ccw"]
    for text in ("move 1 cw", "move 6 cw"):
        with pytest.raises(zw.IllegalAction) as err:
            state.play(text)
        assert err.value.rule == "art_gallery.move.bar-full"


STUCK = {
    # seat 0's pawn is on the full G1 and its cards 0, 5, 5 all end there (ring of 5 benches)
    "start_card": 1, "step": "move", "pawns": [1, 1],
    "bars": {"G1": [[1, 1], [1, 2], [0, 4], [1, 3], [0, 6], [1, 8]], "G2": [[0, 7]]},
    "movement_cards": [[1, 2, 3], [0, 4, 6, 7]],
    "hands": [[0, 5, 5], [8]],
}  # fmt: skip


def test_no_move_possible_play_a_card_without_moving_and_lay_one_aside():
    """docs/rulings/art_gallery.md §6 (default): with no legal (card, direction) at all, the player plays a card
    face up without moving, then lays a second card aside face up (no bid, no marker); both
    return to hand at the end of the round."""
    state = game(2).from_position(STUCK, seed=1)
    assert [str(a) for a in state.legal_actions()] == ["stay 0", "stay 5"]
    state = state.play("stay 5")
    assert state.step == "aside" and [str(a) for a in state.legal_actions()] == ["aside 0", "aside 5"]
    with pytest.raises(zw.IllegalAction) as err:
        state.play("bid 0")
    assert err.value.rule == "art_gallery.bid.bar-full"
    state = state.play("aside 5")
    assert state.view(None)["markers_in_front"][0] == 1
    check_conservation(state)
    while state.step != "move":
        state = state.play(state.legal_actions()[0])
    assert [len(state.hand(s)) for s in (0, 1)] == [9, 9]


def test_move_without_bid_variant():
    """Variant ``full_bar="move_without_bid"`` (docs/rulings/art_gallery.md §6, the alternative): moves to a full
    bar are allowed, and there a card is laid aside instead of a bid."""
    state = game(2, full_bar="move_without_bid").from_position(STUCK, seed=1)
    assert [str(a) for a in state.legal_actions()] == ["move 0", "move 5"]
    state = state.play("move 5")
    assert state.step == "aside"
    with pytest.raises(zw.IllegalAction) as err:
        game(2).from_position(STUCK, seed=1).play("move 0")
    assert err.value.rule == "art_gallery.move.bar-full"


def scripted_round(players, start, keep, **options):
    """Play the four turns of a round in which seat ``s`` keeps card ``keep[s]`` for last:
    each seat moves with its four lowest other cards (the first legal direction) and bids the
    rest, lowest first."""
    state = game(players, **options).from_position({"start_card": start}, seed=1)
    plans = {}
    for s in range(players):
        others = [v for v in range(9) if v != keep[s]]
        plans[s] = (others[:4], others[4:])
    for k in range(4):
        for i in range(players):
            s = (start + i) % players
            move = next(a for a in state.legal_actions() if a.card == plans[s][0][k])
            state = state.play(move).play(f"bid {plans[s][1][k]}")
    return state


def test_start_card_to_the_highest_last_card():
    """Rulebook, Rules: after the four turns, compare the last card in hand; the highest value
    takes the start card. The last cards are then known to all."""
    state = scripted_round(3, 0, [5, 8, 7])
    assert state.start == 1
    assert state.view(None)["hands"] is not None


def test_start_card_tie_default_is_the_literal_reading():
    """Rulebook, Rules: "In the event of a tie, the start card is given to the person sitting
    clockwise next to the person who had the start card in the previous round". By default
    (``start_card_tie="next_seat"``, docs/rulings/art_gallery.md section 7 #18) that is the
    holder's clockwise neighbour, even when the neighbour is not among the tied players."""
    assert zw.game("art_gallery", players=3).start_card_tie == "next_seat"
    assert scripted_round(3, 0, [8, 5, 8]).start == 1
    assert scripted_round(3, 2, [8, 5, 8]).start == 0


@pytest.mark.parametrize(
    "holder,keep,expected,variant",
    [
        (0, [8, 5, 8], 2, "next_tied"),  # tied 0 and 2: clockwise from the holder, 1 is not tied, 2 is
        (0, [8, 5, 8], 1, "next_seat"),  # the holder's clockwise neighbour, tied or not
        (1, [8, 8, 5], 0, "next_tied"),  # from 1: 2 is not tied, then 0
        (0, [8, 8, 8], 1, "next_tied"),  # everybody tied: the neighbour
        (2, [8, 5, 8], 0, "next_tied"),  # the holder is checked last
    ],
)
def test_start_card_ties_go_clockwise_from_the_holder(holder, keep, expected, variant):
    """Rulebook, Rules: "In the event of a tie, the start card is given to the person sitting
    clockwise next to the person who had the start card in the previous round"; docs/rulings/art_gallery.md §7
    #18 (variant ``start_card_tie="next_tied"``: the first tied player clockwise after the
    holder, the holder last; default ``next_seat``: the holder's neighbour)."""
    state = scripted_round(3, holder, keep, start_card_tie=variant)
    assert state.start == expected
