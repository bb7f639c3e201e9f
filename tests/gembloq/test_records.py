"""Pentobi records (``.blksgf``): every GembloQ game type, current and legacy move properties,
setup positions, variations, encodings, passes; the Two-Player Four-Color game; the rulebook
passages the refusals quote; the fast placement tables against the geometry.

Format: Pentobi's ``libpentobi_base/Pentobi-SGF.md`` ("Color and Player Properties", "Move
Properties", "Setup Properties", "Character Set"). The records in ``tests/data/records`` are
written by hand in the layout of Pentobi's opening books (one node per line, ``TE[1]``).
"""

import re
import warnings

import pytest

import zongshi_widgets as zw
from zongshi_widgets.games.gembloq import (
    BlksgfVariationsWarning,
    blksgf_text,
    load_blksgf,
    load_blksgf_timeline,
    read_blksgf,
    read_blksgf_timeline,
    write_blksgf,
)
from zongshi_widgets.games.gembloq.geometry import AreaTables, area_tables, corner_neighbours, default_pieces, edge_neighbours, reference_placements
from zongshi_widgets.games.gembloq.rules import RULEBOOK, cite, reference_legal_ids

BLUE_1 = "b27,c27,b28,c28"  # piece 1 on blue's starting square (4-player area)
YELLOW_1 = "bb27,bc27,bb28,bc28"
RED_1 = "bb1,bc1,bb2,bc2"
GREEN_1 = "b1,c1,b2,c2"
RECORDS = {
    "four_player.blksgf": (4, 4, 6),
    "three_player.blksgf": (3, 3, 4),
    "two_player.blksgf": (2, 2, 3),
    "two_player_four_color.blksgf": (2, 4, 6),
}


# -- every game type, as Pentobi writes it ----------------------------------------------------
@pytest.mark.parametrize("name", sorted(RECORDS))
def test_records_of_every_pentobi_game_type_load_with_all_their_moves(data_dir, name):
    players, colours, moves = RECORDS[name]
    path = data_dir / "records" / name
    state = load_blksgf(path)
    assert (state.game.players, state.game.colours) == (players, colours)
    assert len(state.history) == moves
    text = path.read_text()
    assert [str(a) for a in state.history] == re.findall(r";(?:[1-4BW])\[([^\]]*)\]", text)
    again = read_blksgf(write_blksgf(state))
    assert again == state and again.history == state.history
    assert load_blksgf(text) == load_blksgf(text.encode()) == load_blksgf(str(path)) == state


def test_two_player_records_use_B_and_W_and_are_written_so():
    """Pentobi-SGF: "In game variants with two players and two colors, B denotes the first
    player or color, W the second". The issue's record loaded as an empty game before."""
    state = read_blksgf("(;GM[GembloQ Two-Player]CA[UTF-8];B[n21,o21,n22,o22];W[ad1,ae1,ad2,ae2])")
    assert [str(a) for a in state.history] == ["n21,o21,n22,o22", "ad1,ae1,ad2,ae2"]
    assert state.movers == (0, 1)
    text = write_blksgf(state)
    assert ";B[n21,o21,n22,o22];W[ad1,ae1,ad2,ae2])" in text and ";1[" not in text
    four = write_blksgf(zw.game("gembloq", players=4).new_state().play(BLUE_1))
    assert ";1[b27,c27,b28,c28])" in four


@pytest.mark.parametrize(
    "record",
    [
        # Pentobi 0.1 colour names, Pentobi 12's 1/2 in two-colour games, moves as point lists (< 0.3)
        "(;GM[GembloQ];BLUE[b27,c27,b28,c28];YELLOW[bb27,bc27,bb28,bc28];RED[bb1,bc1,bb2,bc2];GREEN[b1,c1,b2,c2])",
        "(;GM[GembloQ];1[b27][c27][b28][c28];2[bb27][bc27][bb28][bc28];3[bb1,bc1][bb2,bc2];4[b1,c1,b2,c2])",
    ],
)
def test_legacy_move_properties_are_read_as_pentobi_reads_them(record):
    state = read_blksgf(record)
    assert [str(a) for a in state.history] == [BLUE_1, YELLOW_1, RED_1, GREEN_1]
    assert write_blksgf(state).count(";1[") == 1  # written back in the current form


def test_legacy_two_colour_properties():
    for first, second in (("1", "2"), ("BLUE", "GREEN")):
        state = read_blksgf(f"(;GM[GembloQ Two-Player];{first}[n21,o21,n22,o22];{second}[ad1,ae1,ad2,ae2])")
        assert state.movers == (0, 1)


@pytest.mark.parametrize(
    "record,words",
    [
        ("(;GM[GembloQ Two-Player];3[n21,o21,n22,o22])", re.escape("3[...] is not a move property of GembloQ Two-Player")),
        ("(;GM[GembloQ];B[b27,c27,b28,c28])", re.escape("B[...] is not a move property of GembloQ (its moves are 1, 2, 3, 4")),
        ("(;GM[GembloQ Three-Player];GREEN[z1,aa1,z2,aa2])", "GREEN"),
        ("(;GM[GembloQ];5[b27,c27,b28,c28])", "5"),
        ("(;GM[GembloQ];1[b27,c27,b28,c28]2[bb27,bc27,bb28,bc28])", "two moves in one node"),
        ("(;GM[GembloQ];1[b27,c27,b28,c28];A2[bb27,bc27,bb28,bc28])", "setup properties .A2. after the first node"),
    ],
)
def test_move_properties_that_are_not_understood_are_refused(record, words):
    with pytest.raises(zw.CorruptSave, match=words):
        read_blksgf(record)


# -- Two-Player Four-Color ---------------------------------------------------------------------
def test_two_player_four_colour_game():
    """Pentobi's "GembloQ Two-Player Four-Color": four colours on the 4-player area in the
    usual order; seat 0 plays blue and red, seat 1 yellow and green (Pentobi's
    ``get_second_color``); a seat's score adds up its two colours (``get_score_multicolor``)."""
    game = zw.game("gembloq", players=2, colors=4)
    assert game.players == 2 and game.colours == 4 and game.variant == "gembloq_2_4"
    assert game.tables is zw.game("gembloq", players=4).tables
    assert game.seat_names == ("blue and red", "yellow and green")
    assert [game.seat_colours(s) for s in (0, 1)] == [(0, 2), (1, 3)]
    state = game.new_state()
    seen = []
    for move in (BLUE_1, YELLOW_1, RED_1, GREEN_1):
        seen.append((state.to_move, state.colour_to_move))
        state = state.play(move)
    assert seen == [(0, 0), (1, 1), (0, 2), (1, 3)]
    view = state.view(1)
    assert view["players"] == 2 and view["colours"] == 4 and view["seat_colours"] == [[0, 2], [1, 3]]
    assert (view["to_move"], view["colour_to_move"]) == (0, 0)
    sheet = state.score_sheet()
    assert sheet.players == ["blue and red", "yellow and green"]
    left = [sum(p.squares for p in state.pieces_left(c)) for c in range(4)]
    assert sheet.totals == [left[0] + left[2], left[1] + left[3]]
    assert game.load_state(state.to_json()) == state
    text = write_blksgf(state)
    assert text.startswith("(;GM[GembloQ Two-Player Four-Color]") and ";3[bb1,bc1,bb2,bc2]" in text
    assert read_blksgf(text) == state
    with pytest.raises(ValueError, match="not 2"):
        state.view(2)


def test_only_pentobis_colour_counts_are_accepted():
    assert zw.game("gembloq", players=4, colors=4) == zw.game("gembloq", players=4)
    for players, colors in ((3, 4), (1, 4), (2, 3), (4, 2), (2, "4")):
        with pytest.raises(ValueError, match="colors="):
            zw.game("gembloq", players=players, colors=colors)


# -- setup ---------------------------------------------------------------------------------------
def test_setup_in_the_root_node_is_read_saved_and_played_on():
    """Pentobi-SGF, "Setup Properties": A1..A4 (AB/AW for two colours) place pieces at once,
    AE takes them away, PL names the colour to play."""
    record = f"(;GM[GembloQ]CA[UTF-8]A1[{BLUE_1}]A2[{YELLOW_1}]A3[{RED_1}][g24,h24,g25,h25]AE[g24,h24,g25,h25]PL[4];4[{GREEN_1}])"
    state = read_blksgf(record)
    assert state.origin == {"blue": [BLUE_1], "yellow": [YELLOW_1], "red": [RED_1], "to_play": "green"}
    assert [str(a) for a in state.history] == [GREEN_1] and state.movers == (3,)
    assert state.colour_to_move == 0 and state.owner_of("b27") == 0 and state.owner_of("g24") is None
    again = state.game.load_state(state.to_json())
    assert again == state
    nxt = state.play(state.legal_actions()[0])
    for c in range(4):
        assert nxt.legal_ids(c) == reference_legal_ids(nxt, c)
    written = write_blksgf(nxt)
    assert f"A1[{BLUE_1}]A2[{YELLOW_1}]A3[{RED_1}]PL[4]" in written
    assert read_blksgf(written) == nxt


def test_two_colour_setup_uses_AB_AW_and_PL_B_W():
    state = read_blksgf("(;GM[GembloQ Two-Player]AB[n21,o21,n22,o22]PL[W])")
    assert state.history == () and state.colour_to_move == 1
    assert "AB[n21,o21,n22,o22]PL[W]" in write_blksgf(state)


def test_setup_pieces_away_from_the_starting_square_still_attach_by_corners_only():
    """Once a colour has pieces down, it starts no new piece on its starting square (Pentobi
    uses starting points only for a colour's first piece); checked against the rules."""
    game = zw.game("gembloq", players=4)
    state = game.from_position({"blue": ["n13,o13,n14,o14"]})
    assert state.legal_ids(0) == reference_legal_ids(state, 0)
    assert all(game.tables.starts[0][0] not in [game.tables.index[c] for c in p.cells] for p in state.legal_actions())


@pytest.mark.parametrize(
    "setup,words",
    [
        ({"blue": [BLUE_1, BLUE_1]}, "twice"),
        ({"blue": [BLUE_1], "yellow": ["b27,c27,b28,c28"]}, "overlaps"),
        ({"purple": []}, "not a colour"),
        ({"blue": ["a1"]}, "not a piece"),
        ({"to_play": "black"}, "to_play"),
        ([BLUE_1], "a dict"),
    ],
)
def test_bad_setups_are_refused(setup, words):
    with pytest.raises(ValueError, match=words):
        zw.game("gembloq", players=4).from_position(setup)


def test_bad_setups_in_records_are_refused():
    for record, words in [
        ("(;GM[GembloQ Two-Player]A3[n21,o21,n22,o22])", "A3"),
        ("(;GM[GembloQ]A1[b27,c27,b28,c28]A2[b27,c27,b28,c28])", "setup position"),
        ("(;GM[GembloQ]PL[7])", "PL"),
        ("(;GM[GembloQ]PL[3];1[b27,c27,b28,c28])", "PL"),
    ]:
        with pytest.raises(zw.CorruptSave, match=words):
            read_blksgf(record)


# -- variations ----------------------------------------------------------------------------------
VARIED = f"(;GM[GembloQ];1[{BLUE_1}](;2[{YELLOW_1}];3[{RED_1}])(;2[ba26,ba27,bb27,bc27,bb28,bc28]))"


def test_variations_are_kept_as_timeline_branches():
    tl = read_blksgf_timeline(VARIED)
    assert [[str(n.action) for n in b[1:]] for b in tl.branches()] == [[BLUE_1, YELLOW_1, RED_1], [BLUE_1, "ba26,ba27,bb27,bc27,bb28,bc28"]]
    assert [str(a) for a in tl.state.history] == [BLUE_1, YELLOW_1, RED_1]  # cursor: end of the main line
    assert load_blksgf_timeline(VARIED.encode()).state == tl.state
    again = read_blksgf_timeline(write_blksgf(tl))
    assert [[str(n.action) for n in b] for b in again.branches()] == [[str(n.action) for n in b] for b in tl.branches()]


def test_main_line_reading_says_what_it_left_out():
    with pytest.warns(BlksgfVariationsWarning, match="1 variation beside the main line.*left out 1 variation move"):
        state = read_blksgf(VARIED)
    assert len(state.history) == 3
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        read_blksgf(f"(;GM[GembloQ];1[{BLUE_1}];2[{YELLOW_1}])")  # no variations: no warning


def test_an_illegal_move_in_a_variation_refuses_the_record():
    with pytest.raises(zw.CorruptSave, match="illegal move"):
        read_blksgf(f"(;GM[GembloQ];1[{BLUE_1}](;2[{YELLOW_1}])(;2[b27,c27,b28,c28]))")


# -- passes ---------------------------------------------------------------------------------------
def test_a_pass_by_a_colour_that_is_not_next_is_refused():
    """Rulebook, Gameplay: "If a player cannot place any piece, they skip their turn." Only
    the colour whose turn it is may pass, and only when it cannot place."""
    for record, words in [
        ("(;GM[GembloQ];3[])", "red passes out of turn .blue is to move"),
        (f"(;GM[GembloQ];1[{BLUE_1}];4[])", "green passes out of turn .yellow is to move"),
        ("(;GM[GembloQ];1[])", "blue passes but has a legal placement"),
    ]:
        with pytest.raises(zw.CorruptSave, match=words):
            read_blksgf(record)


def test_passes_of_colours_that_cannot_place_are_accepted(data_dir):
    import json

    rec = json.loads((data_dir / "gembloq_random_games.json").read_text())["gembloq"][0]
    passes = [k for k, (_, m) in enumerate(rec["moves"]) if m is None]
    assert passes
    text = "(;GM[GembloQ]" + "".join(f";{c}[{m or ''}]" for c, m in rec["moves"]) + ")"
    assert read_blksgf(text).is_over
    # the same record with one pass moved to the wrong colour is refused
    k = passes[0]
    c, _ = rec["moves"][k]
    wrong = [(c % 4 + 1 if i == k else col, m) for i, (col, m) in enumerate(rec["moves"])]
    with pytest.raises(zw.CorruptSave, match="out of turn|legal placement"):
        read_blksgf("(;GM[GembloQ]" + "".join(f";{c}[{m or ''}]" for c, m in wrong) + ")")


# -- text, encodings, paths ----------------------------------------------------------------------
def test_encodings_and_byte_order_marks(tmp_path):
    """Pentobi-SGF, "Character Set": only UTF-8. Other encodings give CorruptSave, never a raw
    UnicodeDecodeError; a byte-order mark is skipped, in text, bytes and files."""
    record = f"(;GM[GembloQ]CA[UTF-8]P1[Jos\u00e9];1[{BLUE_1}])"
    latin = tmp_path / "latin1.blksgf"
    latin.write_bytes(record.replace("CA[UTF-8]", "CA[ISO-8859-1]").encode("latin-1"))
    for source in (latin, str(latin), latin.read_bytes()):
        with pytest.raises(zw.CorruptSave, match="not UTF-8"):
            load_blksgf(source)
    with pytest.raises(zw.CorruptSave, match="not UTF-8"):
        read_blksgf(latin.read_bytes())
    bom = tmp_path / "bom.blksgf"
    bom.write_bytes(b"\xef\xbb\xbf" + record.encode())
    for source in ("\ufeff" + record, b"\xef\xbb\xbf" + record.encode(), bom, str(bom)):
        assert [str(a) for a in load_blksgf(source).history] == [BLUE_1]
    assert read_blksgf("\ufeff" + record).history[0].notation == BLUE_1


def test_paths_and_record_texts_are_told_apart_by_a_stated_rule(tmp_path):
    record = f"(;GM[GembloQ];1[{BLUE_1}])"
    odd = tmp_path / "(1).blksgf"  # a file name with a parenthesis is still a path
    odd.write_text(record)
    assert load_blksgf(str(odd)).history[0].notation == BLUE_1
    assert blksgf_text("  \n( ;GM[GembloQ])") == "  \n( ;GM[GembloQ])"
    with pytest.raises(FileNotFoundError, match="no game record"):
        load_blksgf(str(tmp_path / "missing.blksgf"))
    with pytest.raises(FileNotFoundError):
        load_blksgf("GM[GembloQ];1[b27]")  # no '(;': not a record, so a (missing) path
    with pytest.raises(TypeError, match="blksgf must be"):
        load_blksgf(5)


def test_board_reads_records_through_the_engine(tmp_path):
    from zongshi_widgets.widgets import GembloQBoard

    latin = tmp_path / "latin1.blksgf"
    latin.write_bytes(f"(;GM[GembloQ]P1[Jos\u00e9];1[{BLUE_1}])".encode("latin-1"))
    with pytest.raises(zw.CorruptSave, match="not UTF-8"):
        GembloQBoard(blksgf=latin)
    board = GembloQBoard(blksgf="\ufeff" + f"(;GM[GembloQ];1[{BLUE_1}])", seats=["human"] * 4)
    assert len(board.state.history) == 1


# -- the rulebook passages quoted ------------------------------------------------------------------
def test_every_quoted_passage_is_in_the_rulebook(data_dir):
    """The refusals quote the sentence that states the rule, word for word
    (``tests/data/gembloq_rulebook.txt`` is the project's rulebook text)."""
    text = " ".join((data_dir / "gembloq_rulebook.txt").read_text().split())
    sections = re.findall(r"^(\w[\w ]*)$", (data_dir / "gembloq_rulebook.txt").read_text(), flags=re.M)
    for rule, (section, sentence) in RULEBOOK.items():
        assert sentence in text, rule
        assert section in sections, rule


def test_every_refusal_quotes_its_passage():
    game = zw.game("gembloq", players=4)
    s = game.new_state().play(BLUE_1).play(YELLOW_1).play(RED_1).play(GREEN_1)
    found = {}
    for p in game.tables.placements:  # one refused placement of each rule, wherever it is
        err = s.explain(p)
        if err is not None:
            found.setdefault(err.rule.removeprefix("gembloq.placement."), err)
    assert set(found) == {"piece-used", "overlap", "edge-contact", "corner-contact"}
    for rule, err in found.items():
        assert cite(rule) in err.message, (rule, err)
    empty = game.new_state()
    first = next(e for p in game.tables.placements if (e := empty.explain(p)) is not None)
    assert first.rule == "gembloq.placement.starting-square" and cite("starting-square") in first.message
    for players, rule in ((4, "off-board"), (3, "off-area"), (2, "off-area")):
        state = zw.game("gembloq", players=players).new_state()
        beyond = [(x, y - 40) for x, y in state.legal_actions()[0].cells]  # the same shape 40 rows up
        with pytest.raises(zw.IllegalAction) as off:
            state.placement_from_cells(beyond)
        assert off.value.rule == "gembloq.placement.off-area" and cite(rule) in off.value.message
    shape = game.new_state().explain("b27,c28")
    assert shape.rule == "gembloq.placement.not-a-piece" and cite("not-a-piece") in shape.message


# -- cold-start tables against the geometry --------------------------------------------------------
@pytest.mark.parametrize("players", [4, 3, 2])
def test_fast_tables_equal_the_plain_construction_from_the_geometry(players):
    tables = area_tables(players)
    ref = reference_placements(players)
    assert [(p.piece.index, p.orientation, frozenset(tables.index[c] for c in p.cells)) for p in tables.placements] == ref
    assert all(p.id == i for i, p in enumerate(tables.placements))
    cells = tables.cells
    assert tables.edge_nbrs == [tuple(sorted(tables.index[n] for n in edge_neighbours(*c) if n in tables.index)) for c in cells]
    assert tables.corner_nbrs == [tuple(sorted(tables.index[n] for n in corner_neighbours(*c) if n in tables.index)) for c in cells]
    covering = [0] * len(cells)
    by_piece = [0] * len(default_pieces())
    for pid, (piece, _, idx) in enumerate(ref):
        for i in idx:
            covering[i] |= 1 << pid
        by_piece[piece] |= 1 << pid
    assert tables.cell_bits == covering and tables.piece_bits == by_piece
    for colour, square in enumerate(tables.starts):
        assert tables.start_bits[colour] == sum(1 << pid for pid, (_, _, idx) in enumerate(ref) if set(square) <= idx)
    for pid in range(0, len(ref), 97):
        own = ref[pid][2]
        edge = {tables.index[n] for i in own for n in edge_neighbours(*cells[i]) if n in tables.index} - own
        corner = {tables.index[n] for i in own for n in corner_neighbours(*cells[i]) if n in tables.index} - own - edge
        assert tables.edge_cells[pid] == tuple(sorted(edge)) and tables.corner_cells[pid] == tuple(sorted(corner))
        assert tables.edge_mask[pid] == sum(1 << j for j in edge)
        assert tables.find(own) == pid and tables.by_cells[frozenset(own)] == pid
    assert tables.find([0]) is None or len(tables.placement_cells(tables.find([0]))) == 1


def test_tables_for_another_piece_set_are_built_the_same_way():
    fresh = AreaTables(2, default_pieces())
    assert fresh is not area_tables(2) and len(fresh.placements) == len(area_tables(2).placements)
    assert [str(p) for p in fresh.placements[:50]] == [str(p) for p in area_tables(2).placements[:50]]

