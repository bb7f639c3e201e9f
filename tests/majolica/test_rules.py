"""Majolica rules, one by one, each citing its rulebook section
(the Majolica rulebook) or the project's ruling
(docs/rulings/majolica.md)."""

from __future__ import annotations

import zongshi_widgets as zw

from .conftest import board, play, pose


# -- 1. Select Majolica tiles ------------------------------------------------------------------
def test_option_a_takes_a_whole_unbroken_run_of_an_outer_row_or_column(refuse):
    """Rulebook, 1. Select A: a contiguous outer row or column; docs/rulings/majolica.md §2:
    the whole unbroken face-up run (GF), the centre never (TT, GF)."""
    s = pose(grid=["RYbG", "YBGR", "BGRY", "GRYB"])
    legal = [a for a in s.legal_actions() if "+" not in a]
    # row 1 is R Y (b) G: only the run a1-b1; column a, d and row 4 whole
    assert legal == ["take a1-b1", "take a4-d4", "take a1-a4", "take d1-d4"]
    refuse(s, "take a1-d1", "majolica.select.face-down")
    refuse(s, "take b2-c2", "majolica.select.outer-edge")
    refuse(s, "take a1-a2", "majolica.select.whole-run")
    refuse(s, "take a1-d4", "majolica.select.row-or-column")
    refuse(s, "take a1", "majolica.select.single")
    after = s.play("take a1-a4")
    assert after.position()["grid"] == ["rYbG", "yBGR", "bGRY", "gRYB"]
    assert after.position()["pending"]["tiles"] == "RYBG" and after.step == "place"


def test_option_a_parts_of_runs_as_a_variant():
    """docs/rulings/majolica.md §2: a sub-run is REC, kept as the option whole_runs=False."""
    s = pose(options={"whole_runs": False})
    takes = [a for a in s.legal_actions() if "+" not in a]
    assert "take a1-b1" in takes and "take b1-d1" in takes and "take a1-d1" in takes
    assert len(takes) == 4 * 6  # 6 runs of 2+ tiles in each of the 4 outer lines


def test_option_b_takes_one_outer_tile_and_a_design_card(refuse):
    """Rulebook, 1. Select B and Take the Design Card: the card goes into a slot at once, a
    replaced card to the bottom of the deck with its tiles back to the supply."""
    s = pose(me={"slots": ["S1", "-", "-"], "cards": {"S1": "RY"}}, display=["D05", "D09"])
    g = s.game
    refuse(s, "take a1 + D10", "majolica.select.display")
    refuse(s, "take b2 + D05", "majolica.select.outer-edge")
    s = s.play("take d1 + D05")
    assert s.position()["display"] == ["D09"] and s.position()["pending"]["card"] == "D05"
    assert {a for a in s.legal_actions() if a.startswith("slot")} == {"slot 1", "slot 2", "slot 3"}
    s = s.play("slot 1")
    assert board(s)["slots"] == ["D05", "-", "-"] and board(s)["cards"] == {"D05": ""}
    assert s.position()["deck"][-1] == "S1" and s.public_view()["deck_bottom"] == ["S1"]
    s = s.play("place W2")
    assert board(s)["workshops"][1] == "G"
    assert g.name == "majolica"


def test_option_c_rearranges_the_slots_keeping_the_tiles():
    """Rulebook, Rearrange Their Slots: cards move with the tiles on them."""
    s = pose(me={"slots": ["S1", "-", "D09"], "cards": {"S1": "R", "D09": "YY"}})
    s = s.play("take a1 + arrange")
    arranges = [a for a in s.legal_actions() if a.startswith("arrange")]
    assert len(arranges) == 6 and "arrange S1 - D09" in arranges
    s = s.play("arrange D09 S1 -")
    assert board(s)["slots"] == ["D09", "S1", "-"] and board(s)["cards"] == {"D09": "YY", "S1": "R"}


def test_q2_a_tile_must_be_taken_every_turn():
    """Rulebook, Q2: no turn without a tile; every select action takes at least one."""
    s = pose()
    assert all(a.startswith("take") or a.startswith("discard") for a in s.legal_actions())


# -- 2. Place Majolica tiles -----------------------------------------------------------------
def test_all_tiles_go_into_one_workshop_and_overflow_is_discarded_by_choice():
    """Rulebook, 2. Place: one workshop for all tiles; over capacity, the player discards the
    extra tiles of their choice (Q2)."""
    s = pose(me={"workshops": ["", "", "RRB", ""]})
    s = play(s, "take a1-d1", "place W3")  # R Y B G into W3 holding R R B: 7 tiles, capacity 4
    assert s.step == "overflow" and s.legal_actions() == ["discard R", "discard Y", "discard B", "discard G"]
    s = play(s, "discard R", "discard Y", "discard G")
    assert board(s)["workshops"][2] == "RRBB" and s.step == "finish"
    assert s.position()["grid"][0] == "rybg"


def test_overflow_of_one_colour_needs_no_choice():
    """Rulebook, 2. Place: when every tile is of one colour, which to discard is no choice, so
    no action is asked."""
    s = pose(me={"workshops": ["", "", "YY", ""]}, grid=["YYYg", "RBGR", "BGRB", "YRBG"])
    s = play(s, "take a1-c1", "place W3")  # Y Y + Y Y Y: 5 in W3 (capacity 4)
    assert s.step == "finish" and board(s)["workshops"][2] == "YYYY"


def test_tip1_discard_any_time_and_its_variant():
    """Rulebook, Tip 1 (docs/rulings/majolica.md §6, R6.1): tiles may be discarded from workshops any time during
    one's turn; off with discard_any_time=False (then no 'end' step either)."""
    s = pose(me={"workshops": ["RP", "", "", ""], "purples": 1}, city_hall={"purple": 2, "points": 3})
    assert "discard W1 R" in s.legal_actions() and "discard W1 P" in s.legal_actions()
    s2 = s.play("discard W1 P")
    assert board(s2)["workshops"][0] == "R" and s2.position()["purple_out"] == 1
    off = pose(me={"workshops": ["R", "", "", ""]}, options={"discard_any_time": False})
    assert not [a for a in off.legal_actions() if a.startswith("discard")]
    after = play(off, "take a1-d1", "place W2")
    assert after.to_move == 1 and after.step == "select"


# -- Run workshop(s) ---------------------------------------------------------------------------
def test_w1_runs_on_3_3_moving_one_or_two_tiles():
    """Rulebook, Run Workshop(s) A and I: 3:3 runs, 1 black + 1 white shovel; leftovers go to
    the next workshop (B)."""
    s = pose(me={"workshops": ["RRRYY", "", "", ""], "slots": ["S1", "-", "-"]})
    s = play(s, "take b1 + arrange", "place W1")
    assert s.step == "move" and s.legal_actions() == ["move R", "move Y"]  # no 'stop' before the black shovel
    s = play(s, "move R")
    assert s.legal_actions() == ["move Y", "stop"]
    s = play(s, "move Y")
    b = board(s)
    assert b["workshops"][:2] == ["", "RRYY"] and b["cards"] == {"S1": "RY"}
    assert s.step == "place"  # the rearrangement is still to do (Q1: either order)


def test_tip5_the_black_shovel_tile_must_move(refuse):
    """Rulebook, Tip 5 and I: with a matching open space, at least one tile must move."""
    s = play(pose(me={"workshops": ["RRRYY", "", "", ""], "slots": ["S1", "-", "-"]}), "take b1 + arrange", "place W1")
    assert "black shovel's tile must move" in refuse(s, "stop", "majolica.run.black-shovel").message
    assert "open space of its colour" in refuse(s, "move B", "majolica.run.card-space").message
    assert "Purple tiles cannot be moved" in refuse(s, "move P", "majolica.purple.not-on-card").message


def test_w1_needs_two_colours_three_each():
    """Rulebook, Run Workshop(s) A: six tiles of one colour are not 3:3."""
    s = pose(me={"workshops": ["RRRRR", "", "", ""], "slots": ["S1", "-", "-"]})
    s = play(s, "take a1 + arrange", "place W1")
    assert s.step == "place" and board(s)["workshops"][0] == "RRRRRR"


def test_w2_runs_on_2_2_2_moving_up_to_three():
    """Rulebook, Run Workshop(s) C: 2:2:2 runs, 1 black + 2 white shovels."""
    s = pose(me={"workshops": ["", "RRYYB", "", ""], "slots": ["-", "D29", "-"]})
    s = play(s, "take c1 + arrange", "place W2", "move R", "move Y", "move B")
    assert board(s)["cards"] == {"D29": "RYB"}
    # three tiles left over (R Y B) went on to W3
    assert board(s)["workshops"][1] == "" and sorted(board(s)["workshops"][2]) == sorted("RYB")


def test_w3_fragmentation_discards_one_remaining_tile_not_purple(refuse):
    """Rulebook, Run Workshop(s) D (fragmentation; docs/rulings/majolica.md §1 F: W3) and Purple Tiles:
    a purple tile cannot be the fragmented tile; a purple tile reaching W4 leaves the game."""
    s = pose(me={"workshops": ["", "", "RPY", ""], "slots": ["-", "-", "D09"], "purples": 1}, city_hall={"purple": 2, "points": 3})
    s = play(s, "take a1 + arrange", "place W3")  # R R Y P: 2:2 with purple wild
    assert s.legal_actions() == ["move R", "move Y"]
    s = play(s, "move R", "stop")
    assert s.step == "fragment" and s.legal_actions() == ["fragment R", "fragment Y"]
    refuse(s, "fragment P", "majolica.purple.not-fragmented")
    s = play(s, "fragment R")
    assert board(s)["workshops"][2:] == ["", "Y"] and s.position()["purple_out"] == 1


def test_fragment_workshop_is_a_variant():
    """docs/rulings/majolica.md §1 F: the icon's workshop is REC (default W3, alternative W2)."""
    s = pose(me={"workshops": ["", "RRYYB", "", ""], "slots": ["-", "D29", "-"]}, options={"fragment": "W2"})
    s = play(s, "take c1 + arrange", "place W2", "move R", "stop")
    assert s.step == "fragment"


def test_w4_four_of_one_colour_to_city_hall_purple_first_then_tokens():
    """Rulebook, Run Workshop(s) E, F, G and City Hall: one tile to City Hall, the next bonus
    token (purple tiles first, into W1), the other three back to W1."""
    s = pose(me={"workshops": ["", "", "", "RRR"]})
    s = play(s, "take a1 + arrange", "place W4")
    b = board(s)
    assert b["workshops"][0] == "RRRP" and b["workshops"][3] == "" and b["purples"] == 1
    assert s.position()["city_hall"] == {"purple": 2, "points": 3}


def test_w4_takes_a_point_token_when_no_purple_is_left():
    """Rulebook, City Hall: the one-point tokens only once no purple tile is left."""
    other = {"purples": 3, "workshops": ["", "", "", ""]}
    desc = {"step": "select", "to_move": 0, "start": 0, "first": 0, "grid": ["RYBG", "YBGR", "BGRY", "GRYB"]}
    desc["players"] = [{"workshops": ["", "", "", "RRR"]}, other]
    desc["city_hall"] = {"purple": 0, "points": 3}
    desc["purple_out"] = 3
    s = zw.game("majolica", players=2).from_position(desc, seed=1)
    s = play(s, "take a1 + arrange", "place W4")
    assert board(s)["tokens"] == 1 and board(s)["workshops"][0] == "RRR"
    assert s.position()["city_hall"] == {"purple": 0, "points": 2}


def test_empty_city_hall_variants():
    """docs/rulings/majolica.md §4, REC: with City Hall empty W4 still runs (default) or cannot run."""
    desc = {"step": "select", "to_move": 0, "start": 0, "first": 0, "grid": ["RYBG", "YBGR", "BGRY", "GRYB"], "purple_out": 3}
    desc["players"] = [{"workshops": ["", "", "", "RRR"]}, {"purples": 3, "tokens": 3}]
    desc["city_hall"] = {"purple": 0, "points": 0}
    s = zw.game("majolica", players=2).from_position(desc, seed=1)
    s = play(s, "take a1 + arrange", "place W4")
    assert board(s)["workshops"][0] == "RRR" and board(s)["tokens"] == 0
    s = zw.game("majolica", players=2, city_hall_empty="no run").from_position(desc, seed=1)
    s = play(s, "take a1 + arrange", "place W4")
    assert board(s)["workshops"][3] == "RRRR"


def test_purple_is_wild_for_patterns_only():
    """Rulebook, Purple Tiles: wild for the pattern; never onto a design card (docs/rulings/majolica.md §1 A)."""
    s = pose(me={"workshops": ["RRRPP", "", "", ""], "slots": ["S1", "-", "-"], "purples": 2}, city_hall={"purple": 1, "points": 3})
    s = play(s, "take b1 + arrange", "place W1")  # R R R Y P P = 3:3 with two wild purples
    assert s.step == "move" and s.legal_actions() == ["move R", "move Y"]


def test_three_workshop_cascade_from_one_placement():
    """Rulebook, Run Workshop(s) (cascade: "run multiple workshops by placing tiles into just a
    single workshop"); the position is posed by description."""
    me = {"workshops": ["RRRYY", "BB", "Y", ""], "slots": ["S1", "D29", "D11"]}
    s = pose(me=me)
    s = play(s, "take b1 + arrange", "place W1", "move R", "move Y")
    # W1's leftovers R R Y Y + B B: W2 is 2:2:2 and runs
    assert s.step == "move" and s.run[0] == 1
    s = play(s, "move R", "move R", "move Y")
    # W2's leftovers Y B B + Y in W3: 2:2, the card D11 (B B G G) takes B: forced, then may take another
    assert s.run[0] == 2 and board(s)["cards"]["D11"] == "B"
    s = play(s, "stop")
    assert s.step == "fragment" and s.legal_actions() == ["fragment Y", "fragment B"]
    s = play(s, "fragment Y")
    b = board(s)
    assert b["workshops"] == ["", "", "", "YB"] and b["cards"] == {"S1": "RY", "D29": "RRY", "D11": "B"}
    assert s.position()["pending"]["ran"] == [1, 2, 3]


def test_tip2_the_player_chooses_which_runs_first():
    """Rulebook, Tip 2: several workshops can run (after a rearrangement): the player chooses."""
    me = {"workshops": ["RRRYYY", "", "BBYY", ""], "slots": ["-", "-", "-"]}
    s = pose(me=me, display=["D09", "D05"])
    s = play(s, "take a1 + D09", "slot 1")
    assert s.step == "move" and s.run[0] == 0  # W1 only: W3 has no card
    s2 = pose(me={"workshops": ["RRRYYY", "", "BBGG", ""], "slots": ["D11", "-", "D09"]})
    s2 = play(s2, "take a1 + arrange", "arrange D09 - D11")
    assert s2.step == "choose" and s2.legal_actions() == ["run W1", "run W3"]
    s3 = play(s2, "run W3")
    assert s3.run[0] == 2


def test_tip4_no_card_no_run_and_it_runs_as_soon_as_one_is_slotted():
    """Rulebook, Tip 4: a met pattern without a suitable card does not run; slotting one makes
    it run at once (and Q1: before the tiles are placed)."""
    s = pose(me={"workshops": ["RRRYYY", "", "", ""], "slots": ["-", "-", "D11"]}, display=["D09", "D05"])
    assert s.step == "select" and board(s)["workshops"][0] == "RRRYYY"
    s = play(s, "take c1 + D09")
    assert s.step == "place" and "place W2" in s.legal_actions()
    s = play(s, "slot 1")
    assert s.step == "move" and s.run[0] == 0 and s.position()["pending"]["tiles"] == "B"


def test_card_without_a_matching_space_does_not_run():
    """docs/rulings/majolica.md §1 B: the card above has no open space for the workshop's tiles: no run."""
    s = pose(me={"workshops": ["GGBBB", "", "", ""], "slots": ["D09", "-", "-"]})  # D09 wants R R Y Y
    s = play(s, "take d1 + arrange", "place W1")
    assert board(s)["workshops"][0] == "BBBGGG" and s.step == "place"


def test_completed_card_scores_and_the_hand_icon_gives_a_tile():
    """Rulebook, Run Workshop(s) H and Goal of the Game (hand icon): a full card goes to the
    scoring area, its tiles to the supply; the hand icon gives a tile of a chosen colour for
    any workshop, before or after the pending runs (docs/rulings/majolica.md §3a)."""
    s = pose(me={"workshops": ["RRRYY", "", "", ""], "slots": ["D01", "-", "-"], "cards": {"D01": "RR"}})
    s = play(s, "take b1 + arrange", "place W1")  # only Y fits D01: moved without a choice
    b = board(s)
    assert b["completed"] == ["D01"] and b["slots"][0] == "-" and b["cards"] == {}
    assert s.step == "choose" and "bonus G W2" in s.legal_actions() and "no bonus" in s.legal_actions()
    assert len(s.legal_actions()) == 17
    s = play(s, "bonus G W2")
    assert sorted(board(s)["workshops"][1]) == sorted("RRRYYG")


# -- rounds and game end ------------------------------------------------------------------------
def test_round_ends_below_four_face_up_outer_tiles():
    """Rulebook, End of the Round (docs/rulings/majolica.md §2, REC: outer tiles counted): reshuffle,
    display refilled to six, start player token to the left."""
    s = pose(grid=["RYBG", "yBGr", "bGRy", "gryb"], display=["D05", "D06"], start=0, to_move=0)
    s = play(s, "take a1-d1", "place W1", "end")
    assert s.round == 2 and s.start == 1 and s.to_move == 1
    pos = s.position()
    assert len(pos["display"]) == 6 and pos["display"][:2] == ["D05", "D06"]
    assert all(ch.isupper() for row in pos["grid"] for ch in row)


def test_turn_passes_left_while_four_outer_tiles_are_up():
    """Rulebook, Gameplay: with at least 4 face-up tiles the next player (left) goes on."""
    s = play(pose(), "take a1-d1", "place W1", "end")  # 8 outer tiles stay face up
    assert s.round == 1 and s.to_move == 1 and s.step == "select"


def test_game_ends_at_round_end_with_five_completed_cards_and_scores():
    """Rulebook, Game End: checked at the end of the round; card points, 1 per 2 tiles on
    unfinished cards, tokens; the latest in turn order wins a tie."""
    # tokens only once City Hall's purple tiles are gone (rulebook, City Hall): red took all 3
    me = {"completed": ["D29", "D09", "D01", "S1", "D21"], "slots": ["D10", "-", "-"], "cards": {"D10": "YYB"}, "tokens": 2, "purples": 3}
    s = pose(me=me, grid=["RYBG", "yBGr", "bGRy", "gryb"], city_hall={"purple": 0, "points": 1}, purple_out=3)
    s = play(s, "take a1-d1", "place W4", "end")
    assert s.is_over
    sheet = s.score_sheet()
    assert sheet.final and sheet.categories[:3] == ["design cards", "tiles on unfinished cards", "City Hall tokens"]
    assert sheet.values[0] == [22, 1, 2] and sheet.totals[0] == 25 and sheet.winners == (0,)


def test_tie_goes_to_the_latest_in_turn_order():
    """Rulebook, Game End: a tie goes to the player latest in turn order at the start."""
    two = {"completed": ["D07"]}
    desc = {"step": "select", "to_move": 0, "start": 0, "first": 0, "grid": ["RYBG", "yBGr", "bGRy", "gryb"]}
    desc["players"] = [{"completed": ["D01", "D02", "D03", "D04", "D06"]}, {"completed": ["D05", "D09", "D10", "D11"], "tokens": 0}, two]
    s = zw.game("majolica", players=3).from_position(desc, seed=1)
    s = play(s, "take a1-d1", "place W1", "end")
    sheet = s.score_sheet()
    assert s.is_over and sheet.totals[:2] == [15, 15] and sheet.winners == (1,)


def test_q3_small_tiles_are_unlimited():
    """Rulebook, Q3: small tiles never run out: with many tiles on every board, taking a run
    still gives one small tile per large tile."""
    full = {"workshops": ["RRRRRR", "YYYYYY", "BBBB", "GGG"]}
    desc = {"step": "select", "to_move": 0, "start": 0, "first": 0, "grid": ["RYBG", "YBGR", "BGRY", "GRYB"], "players": [full, full, full, full]}
    s = zw.game("majolica", players=4).from_position(desc, seed=1)
    s = play(s, "take a1-a4")
    assert s.position()["pending"]["tiles"] == "RYBG"


# -- solo ----------------------------------------------------------------------------------------
def test_solo_four_random_tiles_six_rounds_and_a_rating():
    """Rulebook, Rules for Solo Play: four tiles revealed a turn; take all four, or one with a
    card or a rearrangement; the others are out for the round; exactly 6 rounds; rating."""
    g = zw.game("majolica", players=1)
    s = g.new_state(seed=4)
    s = s.play("start slot 1")
    assert len(s.revealed) == 4 and s.step == "select"
    legal = s.legal_actions()
    assert legal[0] == "take all" and all(a.startswith("take ") or a.startswith("discard") for a in legal)
    turns = 0
    while not s.is_over:
        if s.step == "select":
            turns += 1
            assert len(s.revealed) == 4
        s = s.play(s.legal_actions()[0])
    assert turns == 24 and s.round == 6
    assert "Solo rating" in s.score_sheet().notes and s.score_sheet().winners == ()


# -- expansions ----------------------------------------------------------------------------------
def test_cascading_bloom_when_all_four_workshops_run():
    """Expansion Rules, Cascading Bloom: all four workshops run in one turn: a Bloom token."""
    me = {"workshops": ["RRRYY", "BB", "Y", "YYY"], "slots": ["S1", "D29", "D11"]}
    s = pose(me=me, options={"cascading_bloom": True})
    s = play(s, "take b1 + arrange", "place W1", "move R", "move Y", "move R", "move R", "move Y", "stop", "fragment B")
    # W3 passed Y to W4 (Y Y Y Y): W4 ran too
    b = board(s)
    assert s.position()["pending"]["ran"] == [1, 2, 3, 4] and b["blooms"] == 1
    assert "Bloom tokens" in s.score_sheet().categories


def test_kaleidoscopic_blank_spaces_take_any_colour_but_purple():
    """Expansion Rules, Kaleidoscopic Design: a blank space takes any colour except purple."""
    s = pose(me={"workshops": ["GGGBB", "", "", ""], "slots": ["K1", "-", "-"]}, options={"kaleidoscopic": True})
    s = play(s, "take c1 + arrange", "place W1")  # K1: R, Y and one blank
    assert s.legal_actions() == ["move B", "move G"]
    s = play(s, "move G")
    # the blank is used; B and G have no space left: the run ends, the rearrangement is pending
    assert board(s)["cards"] == {"K1": "G"} and s.step == "place" and board(s)["workshops"][1] == "BBBGG"
    off = zw.game("majolica", players=2)
    try:
        off.from_position({"players": [{"slots": ["K1", "-", "-"]}, {}]})
    except ValueError as exc:
        assert "Kaleidoscopic" in str(exc)
    else:
        raise AssertionError("K1 accepted without the expansion")


def test_mission_draft_order_and_missions():
    """Expansion Rules, Mission Cards: players + 1 revealed; from the player right of the start
    player, counter-clockwise, each takes one."""
    g = zw.game("majolica", players=3, missions=True)
    s = g.new_state(seed=2)
    assert len(s.missions_open) == 4 and s.step == "mission"
    order = []
    while s.step == "mission":
        order.append(s.to_move)
        s = s.play(s.legal_actions()[0])
    assert order == [(s.start - 1) % 3, (s.start - 2) % 3, s.start]
    assert len(s.missions_open) == 1 and sorted(p.mission >= 0 for p in s.players) == [True] * 3
    assert len([c for c in s.score_sheet().categories if c.startswith("M")]) == 8


def test_mission_m4_tile_from_a_four_tile_take():
    """Mission Cards (M4): whenever you take 4 tiles, one of them may go onto the card."""
    s = pose(me={"mission": "M4"}, options={"missions": True}, missions_open=["M1", "M2"])
    s = play(s, "take a1-d1")
    assert {"mission R", "mission Y", "mission B", "mission G"} <= set(s.legal_actions())
    s = play(s, "mission B", "place W1")
    assert board(s)["mission_tiles"] == "B" and board(s)["workshops"][0] == "RYG"


def test_mission_m2_fragment_onto_the_card():
    """Mission Cards (M2): fragmented tiles may be placed onto this card."""
    s = pose(me={"workshops": ["", "", "RRY", ""], "slots": ["-", "-", "D09"], "mission": "M2"}, options={"missions": True}, missions_open=["M1"])
    s = play(s, "take b1 + arrange", "place W3", "move R", "stop")
    assert "fragment Y mission" in s.legal_actions()
    s = play(s, "fragment Y mission")
    assert board(s)["mission_tiles"] == "Y"


def test_missions_scored_only_for_their_holder():
    """Mission Cards: the holder of a fulfilled mission scores its points (2)."""
    me = {"completed": ["D09", "D10", "D11"], "mission": "M3"}
    s = pose(me=me, options={"missions": True}, missions_open=["M1", "M2"], first3=0)
    sheet = s.score_sheet()
    row = dict(zip(sheet.categories, sheet.values[0]))
    assert row["M3"] == 2 and row["M7"] == 0
    assert s.mission_done(0, 6) and s.mission_done(0, 2)


def test_tip3_hand_icon_tile_before_or_after_the_pending_run():
    """Rulebook, Tip 3 and Goal of the Game ("you may decide the order"; docs/rulings/majolica.md §3a): with a
    run still pending, the hand icon's tile may come first or after."""
    me = {"workshops": ["RRRYYY", "", "BBGG", ""], "slots": ["D11", "-", "D01"], "cards": {"D01": "RR"}}
    s = pose(me=me)
    s = play(s, "take a1 + arrange", "arrange D01 - D11")
    assert s.legal_actions() == ["run W1", "run W3"]
    s = play(s, "run W1")  # only Y fits D01: it moves without a choice and completes the card
    assert board(s)["completed"] == ["D01"]
    legal = s.legal_actions()
    assert legal[0] == "run W3" and "bonus R W1" in legal and legal[-1] == "no bonus"
    first = play(s, "bonus B W2")  # W2: R R R Y Y B, no 2:2:2; W3 is the only run left and starts
    assert first.run[0] == 2 and first.bonus == 0 and sorted(board(first)["workshops"][1]) == sorted("RRRYYB")
    later = play(s, "run W3")
    assert later.run[0] == 2 and later.bonus == 1


def test_stall_rounds_is_the_engines_not_the_rulebooks():
    """Not a rule: the engine's stall_rounds option ends a game where nobody has completed a
    design card for that many rounds (random play); the score sheet says so. A completion
    resets the count; None plays by the rulebook alone (Game End)."""
    g = zw.game("majolica", players=2, stall_rounds=3)
    assert g.options == {"stall_rounds": 3}
    end_of_round = {"grid": ["RYBG", "yBGr", "bGRy", "gryb"], "round": 5}
    s = play(pose(options={"stall_rounds": 3}, last_completion_round=2, **end_of_round), "take a1-d1", "place W1", "end")
    assert s.is_over and "no card was completed for 3 rounds" in s.score_sheet().notes
    s = play(pose(options={"stall_rounds": 3}, last_completion_round=3, **end_of_round), "take a1-d1", "place W1", "end")
    assert not s.is_over and s.round == 6
    s = play(pose(options={"stall_rounds": None}, **end_of_round), "take a1-d1", "place W1", "end")
    assert not s.is_over and s.round == 6
    # completing a card records its round
    me = {"workshops": ["RRRYY", "", "", ""], "slots": ["D01", "-", "-"], "cards": {"D01": "RR"}}
    s = play(pose(me=me, round=4), "take b1 + arrange", "place W1")
    assert s.position()["last_completion_round"] == 4


def test_missions_m7_and_m8_are_tracked_during_the_game():
    """Mission Cards M7 (first to complete 3 design cards) and M8 (2 or more in one turn):
    tracked as they happen."""
    me = {"workshops": ["RRRYYY", "", "BBGG", ""], "slots": ["D03", "-", "D01"], "cards": {"D01": "RR", "D03": "BG"}, "completed": ["D09", "D10"]}
    s = pose(me=me, options={"missions": True}, missions_open=["M1", "M2", "M3"])
    s = play(s, "take a1 + arrange", "arrange D01 - D03", "run W1")
    assert board(s)["completed"] == ["D09", "D10", "D01"] and s.position()["first3"] == 0
    assert s.position()["two_in_a_turn"] == []
    s = play(s, "run W3")
    assert board(s)["completed"][-1] == "D03" and s.position()["two_in_a_turn"] == [0]
    assert s.mission_done(0, 6) and s.mission_done(0, 7) and s.bonus == 2


def test_every_refusal_names_its_rule_and_changes_nothing(refuse):
    """House rules: an illegal action raises IllegalAction with a stable rule id and the
    rulebook section; the state is unchanged."""
    # no design card left in the display (docs/rulings/majolica.md §3a: deck running out)
    s = pose(display=[])
    err = refuse(s, "take a1 + D05", "majolica.select.no-display")
    assert "the deck has run out" in err.message and "reference section" not in err.message
    # white shovels used up (rulebook, Run Workshop(s) I)
    s = play(pose(me={"workshops": ["", "RRYYB", "", ""], "slots": ["-", "D29", "-"]}), "take c1 + arrange", "place W2", "move R", "move Y", "move B")
    s2 = play(pose(me={"workshops": ["", "RRYYB", "", ""], "slots": ["-", "D29", "-"]}), "take c1 + arrange", "place W2", "move R", "move Y")
    assert s2.legal_actions() == ["move R", "move Y", "move B", "stop"] and s.step == "place"
    # discarding at any time is a variant (Tip 1)
    off = pose(me={"workshops": ["R", "", "", ""]}, options={"discard_any_time": False})
    refuse(off, "discard W1 R", "majolica.discard.any-time")
    # the M4 tile needs the mission and a 4-tile take
    s = play(pose(), "take a1-a4")
    refuse(s, "mission R", "majolica.mission.m4")
    # a run that cannot run (Tip 4)
    s = play(pose(me={"workshops": ["RRRYYY", "", "BBGG", ""], "slots": ["D11", "-", "D09"]}), "take a1 + arrange", "arrange D09 - D11")
    refuse(s, "run W2", "majolica.run.conditions")
    # the game over
    over = play(pose(me={"completed": ["D01", "D02", "D03", "D04", "D05"]}, grid=["RYBG", "yBGr", "bGRy", "gryb"]), "take a1-d1", "place W1", "end")
    refuse(over, "take a1-d1", "core.game-over")


def test_greedy_value_prefers_filling_a_card():
    """The generic greedy bot's value (MajolicaState.greedy_value): placing the tile that makes
    W1 run and complete its card is worth more than placing it elsewhere."""
    s = play(pose(me={"workshops": ["RRRYY", "", "", ""], "slots": ["D01", "-", "-"], "cards": {"D01": "RR"}}), "take b1 + arrange")
    values = {a: s.greedy_value(a) for a in ("place W1", "place W2", "place W3", "place W4")}
    assert max(values, key=values.get) == "place W1"


def test_greedy_bots_finish_a_game_by_the_rulebook():
    """Rulebook, Game End: two greedy bots play a 2-player game to 5 completed design cards
    (by the book alone, stall_rounds=None)."""
    from zongshi_widgets.agents import GreedyAgent

    g = zw.game("majolica", players=2, stall_rounds=None)
    s = g.new_state(seed=1)
    bots = [GreedyAgent(seed=k) for k in range(2)]  # the generic bot, on greedy_value
    while not s.is_over and s.round <= 80:
        s = s.play(bots[s.to_move].choose(s))
    assert s.is_over and max(len(p.done) for p in s.players) >= 5
    assert "stall_rounds" not in s.score_sheet().notes


def test_notation_slips_are_told_apart_from_rule_breaks(refuse):
    """Rulebook, 1. Select A-C (a newcomer's slips): a run written backwards, words after a
    run and the solo game's 'take all' in a game of two are notation errors that say how to
    write the move, not a rule the learner did not break; no message cites a reference the
    learner cannot open."""
    s = pose()
    assert "take a1-d1" in s.legal_actions()
    err = refuse(s, "take d1-a1", "majolica.notation")
    assert "'take a1-d1'" in err.message
    err = refuse(s, "take a1-d1 extra", "majolica.notation")
    assert "nothing after it" in err.message
    err = refuse(s, "take all", "majolica.notation")
    assert "solo game" in err.message
    err = refuse(s, "take b1-c1", "majolica.select.whole-run")
    assert "whole_runs=False" in err.message and "reference section" not in err.message
    card = next(a for a in s.legal_actions() if a.startswith("take a1 + D")).split()[-1]
    err = refuse(s, f"take a1 + {card} + {card}", "majolica.notation")
    assert "one design card" in err.message and "not in the design-card display" not in err.message


def test_mission_rows_are_short_and_the_notes_say_what_each_held_mission_asks():
    """Mission Cards: one score row per mission, named M1..M8 so the sheet stays readable; the
    notes give each held mission's words, and the board's rows carry them as tooltips."""
    from zongshi_widgets.games.majolica.render import public_scores
    from zongshi_widgets.games.majolica.rules import MISSIONS

    me = {"completed": ["D09", "D10", "D11"], "mission": "M3"}
    desc = {"step": "select", "to_move": 0, "start": 0, "first": 0, "players": [me, {"mission": "M5"}], "missions_open": ["M1", "M2"], "first3": 0}
    s = zw.game("majolica", players=2, missions=True).from_position(desc, seed=1)
    sheet = s.score_sheet()
    assert list(sheet.categories[-8:]) == [f"M{k}" for k in range(1, 9)]
    assert f"red M3 ({MISSIONS[2]})" in sheet.notes and f"yellow M5 ({MISSIONS[4]})" in sheet.notes
    assert max(len(line) for line in str(sheet).splitlines() if not line.startswith(("Ties", "game"))) < 200
    panel = public_scores(s)
    assert panel["titles"][-8:] == list(MISSIONS) and panel["titles"][0] == ""
