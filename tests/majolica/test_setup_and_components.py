"""Majolica setup, component data, variant options, position descriptions, notation and the
clarifications of docs/rulings/majolica.md §6 not covered in test_rules.py."""

from __future__ import annotations

import json
import pathlib
import tomllib

import pytest

import zongshi_widgets as zw
from zongshi_widgets.games.majolica import default_components, load_components

from .conftest import board, play, pose

DATA = pathlib.Path(zw.__file__).parent / "games" / "majolica" / "data" / "components.toml"


# -- setup ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,fill", [(1, (3, 3)), (2, (3, 3)), (3, (4, 4)), (4, (5, 5))])
def test_setup_by_player_count(players, fill):
    """Rulebook, Game Setup (docs/rulings/majolica.md §4: REC fill, unmarked spaces always filled): City Hall filled by
    player count (solo as for 2), 16 large tiles (4 per colour) face up in a 4x4 grid (solo: a
    face-down stack), 6 design cards face up, one starting card dealt to each player."""
    s = zw.game("majolica", players=players).new_state(seed=9)
    pos = s.position()
    assert s.city == fill
    assert len(pos["display"]) == 6 and len(pos["deck"]) == 36 - 6
    starting = [p["starting"] for p in pos["players"]]
    assert len(set(starting)) == players and all(c.startswith("S") for c in starting)
    if players == 1:
        assert len(pos["stack"]) == 16 and "grid" not in pos
    else:
        cells = "".join(pos["grid"])
        assert cells.isupper() and sorted(cells) == sorted("RYBG" * 4)
    assert s.step == "start" and s.legal_actions() == ["start slot 1", "start slot 2", "start slot 3"]


def test_start_player_is_drawn_by_chance_and_slots_go_clockwise():
    """Rulebook, Game Setup: the start player (drawn by the game's seeded chance); each player
    slots the dealt starting card, from the start player on."""
    starts = {zw.game("majolica", players=4).new_state(seed=k).start for k in range(30)}
    assert starts == {0, 1, 2, 3}
    s = zw.game("majolica", players=3).new_state(seed=5)
    order = []
    while s.step == "start":
        order.append(s.to_move)
        s = s.play("start slot 2")
    assert order == [(s.start + i) % 3 for i in range(3)] and s.to_move == s.start and s.step == "select"
    assert all(p.slots[1] >= 0 for p in s.players)


def test_same_seed_same_game():
    """Chance only through the seeded Chance: same seed, same setup."""
    a = zw.game("majolica", players=3).new_state(seed=12)
    b = zw.game("majolica", players=3).new_state(seed=12)
    assert a == b and a.position() == b.position()


# -- components -----------------------------------------------------------------------------------
def test_packaged_components_follow_the_rulings_with_provenance():
    """docs/rulings/majolica.md sections 1-4 and 7: workshops 6/6/4/4, patterns 3:3, 2:2:2, 2:2, 4; shovels;
    36 + 4 + 6 cards (reconstructed, tagged so)."""
    comp = default_components()
    assert [w.capacity for w in comp.workshops] == [6, 6, 4, 4]
    assert [w.pattern for w in comp.workshops] == [(3, 3), (2, 2, 2), (2, 2), (4,)]
    assert [(w.must, w.may, w.fragment) for w in comp.workshops] == [(1, 1, False), (1, 2, False), (1, 1, True), (1, 0, False)]
    assert len(comp.deck) == 36 and len(comp.starting) == 4 and len(comp.kaleidoscopic) == 6
    assert comp.provenance["design"]["deck"] == "reconstructed" and comp.provenance["workshops"][0]["capacity"] == "confirmed"
    assert sum(c.hand for c in comp.deck) == 8 and sorted({c.points for c in comp.deck}) == [3, 4, 5, 7]
    assert [c.points for c in comp.kaleidoscopic].count(3) == 1


def test_a_corrected_component_file_loads(tmp_path):
    """Issue 12: a teacher with the printed cards loads them with components=..."""
    text = DATA.read_text().replace('{ id = "D05", points = 3,', '{ id = "D05", points = 6,')
    path = tmp_path / "cards.toml"
    path.write_text(text)
    game = zw.game("majolica", players=2, components=str(path))
    assert game.cards[game.card_ids["D05"]].points == 6 and game.options["components"] == str(path)
    data = tomllib.loads(text)
    jpath = tmp_path / "cards.json"
    jpath.write_text(json.dumps(data))
    assert load_components(jpath).deck[4].points == 6


@pytest.mark.parametrize(
    "old,new,words",
    [
        ('ids = ["R", "Y", "B", "G"]', 'ids = ["R", "Y", "B", "X"]', "colour ids"),
        ('provenance = "confirmed"  # 16', 'provenance = "sure"  # 16', "provenance tag"),
        ('{ id = "D06",', '{ id = "D05",', "appears twice"),
        ("capacity = 6\npattern = [3, 3]", "capacity = 5\npattern = [3, 3]", "add up to the capacity"),
        ("spaces = [2, 1, 0, 0]", "spaces = [2, 1, 0]", "4 counts"),
        ("[missions]", "[mission]", "'missions' is a required property"),
    ],
)
def test_bad_component_files_are_refused_whole(tmp_path, old, new, words):
    """A bad component file is refused with a clear message (house rules)."""
    text = DATA.read_text()
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(ValueError, match=words):
        zw.game("majolica", players=2, components=str(path))


def test_unreadable_component_files_are_refused(tmp_path):
    path = tmp_path / "junk.toml"
    path.write_text("this is = not [toml")
    with pytest.raises(ValueError, match="neither TOML nor JSON"):
        load_components(path)
    with pytest.raises(ValueError, match="cannot read"):
        load_components(tmp_path / "missing.toml")


@pytest.mark.parametrize(
    "options",
    [{"players": 5}, {"players": 0}, {"missions": 1}, {"fragment": "W4"}, {"city_hall_empty": "maybe"}, {"stall_rounds": 0}, {"whole_runs": "yes"}],
)
def test_bad_options_are_refused(options):
    with pytest.raises(ValueError):
        zw.game("majolica", **options)


# -- position descriptions --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "change,words",
    [
        ({"unknown": 1}, "unknown Majolica position keys"),
        ({"grid": ["RRRR", "RYBG", "YBGY", "BGBG"]}, "4 large tiles of each colour"),
        ({"display": ["D05", "D05"]}, "two places"),
        ({"players": [{"workshops": ["RRRRRRR", "", "", ""]}, {}]}, "at most 6"),
        ({"players": [{"workshops": ["", "", "", "P"], "purples": 1}, {}], "city_hall": {"purple": 2, "points": 3}}, "purple tile never stays in W4"),
        ({"players": [{"workshops": ["RRRYYY", "", "", ""], "slots": ["S1", "-", "-"]}, {}]}, "would have to run"),
        ({"city_hall": {"purple": 1, "points": 3}}, "purple tiles"),
        # rulebook, City Hall: purple tiles are taken first, one-point tokens only when none is left
        ({"players": [{"tokens": 1}, {}], "city_hall": {"purple": 3, "points": 2}}, "purple tiles are taken first"),
        ({"step": "dance"}, "'step' is one of"),
    ],
)
def test_bad_position_descriptions_are_refused(change, words):
    desc = {"step": "select", "to_move": 0, "start": 0, "grid": ["RYBG", "YBGR", "BGRY", "GRYB"]}
    desc.update(change)
    with pytest.raises(ValueError, match=words):
        zw.game("majolica", players=2).from_position(desc, seed=1)


def test_position_descriptions_as_toml_text():
    text = """
step = "select"
to_move = 0
start = 0
grid = ["RYBG", "YBGR", "BGRY", "GRYB"]
[[players]]
workshops = ["RRRYY", "", "", ""]
slots = ["S1", "-", "-"]
[[players]]
"""
    s = zw.game("majolica", players=2).from_position(text, seed=3)
    assert board(s)["workshops"][0] == "RRRYY" and s.origin["step"] == "select"


# -- notation and turn -------------------------------------------------------------------------------
def test_notation_is_forgiving_about_spacing_and_case(refuse):
    s = pose()
    assert s.parse_action("TAKE  a1-D1") == "take a1-d1"
    assert s.parse_action("take b1+arrange") == "take b1 + arrange"
    refuse(s, "juggle", "majolica.notation")
    refuse(s, "place W1", "majolica.turn.select")


def test_turn_names_the_round_and_step():
    s = play(pose(), "take a1-d1")
    t = s.turn
    assert (t.round, t.seat, t.step) == (1, 0, "2. Place Majolica tiles")
    assert s.action_text("place W2", 1) == "place W2"


# -- clarifications of docs/rulings/majolica.md §6 not in test_rules ---------------------------------
def test_faq6_q1_card_or_tiles_first():
    """Rulebook, Q1 (docs/rulings/majolica.md §6): after option B the player may slot the card or place the
    tiles first."""
    s = play(pose(display=["D05", "D06"]), "take a1 + D05")
    assert "place W1" in s.legal_actions() and "slot 1" in s.legal_actions()
    s1 = play(s, "place W1", "slot 2")
    s2 = play(s, "slot 2", "place W1")
    assert board(s1) == board(s2)


def test_faq11_fragmentation_with_only_purple_left_discards_nothing():
    """docs/rulings/majolica.md §6 (REC): only purple tiles remain after the move: no fragmentation discard;
    they go on to W4 and leave the game (rulebook, Purple Tiles)."""
    s = pose(me={"workshops": ["", "", "PPP", ""], "slots": ["-", "-", "S1"], "purples": 3}, city_hall={"purple": 0, "points": 3})
    s = play(s, "take a1 + arrange", "place W3")  # R P P P: 2:2 with wild purples; R moves without a choice
    assert board(s)["cards"]["S1"] == "R" and board(s)["workshops"] == ["", "", "", ""] and s.position()["purple_out"] == 3


def test_faq12_a_purple_tile_can_make_w1_run_at_once():
    """docs/rulings/majolica.md §1 A, D and rulebook F, G: W4 sends a tile to City Hall, the purple tile taken
    goes into W1, the other three follow (overflow discarded by choice), then W1 may run."""
    s = pose(me={"workshops": ["RRRYY", "", "", "GGG"], "slots": ["S1", "-", "-"]})
    s = play(s, "take d1 + arrange", "place W4")
    assert s.step == "overflow" and board(s)["workshops"][0] == "RRRYYGGGP"
    s = play(s, "discard G", "discard G", "discard G")
    assert s.step == "move" and s.run[0] == 0 and board(s)["purples"] == 1


def test_faq18_the_end_is_checked_only_at_the_end_of_the_round():
    """Rulebook, Game End (docs/rulings/majolica.md §6): five completed cards mid-round do not end the game."""
    me = {"completed": ["D01", "D02", "D03", "D04", "D05"]}
    s = play(pose(me=me), "take a1-d1", "place W1", "end")
    assert not s.is_over and s.to_move == 1


def test_a_finished_game_is_described_and_posed_again():
    """position() of a finished game poses an equal finished game (lessons show final boards)."""
    me = {"completed": ["D01", "D02", "D03", "D04", "D05"]}
    over = play(pose(me=me, grid=["RYBG", "yBGr", "bGRy", "gryb"]), "take a1-d1", "place W1", "end")
    again = over.game.from_position(over.position(), seed=5)
    assert over.is_over and again.is_over and again.score_sheet().totals == over.score_sheet().totals
    assert again.position() == over.position()


@pytest.mark.parametrize(
    "old,new,words",
    [
        ("[missions]", "[missoins]", "missoins|missions"),  # a misspelt section
        ("capacity = 6\npattern = [3, 3]", "capacty = 6\npattern = [3, 3]", "capacty|'capacity' is a required"),  # a misspelt workshop key
        ('{ id = "D05", points = 3,', '{ id = "D05", point = 3,', "point"),  # a misspelt card key
        ('names = ["red"', 'name = ["red"', "name"),
        ("display = 6", "display = 6\ndisplays = 6", "displays"),
        ("must = 1\nmay = 1\nfragment = false", "must = 1\nmay = 1\nfragment = 0", "fragment"),
    ],
)
def test_the_component_schema_refuses_misspelt_keys(tmp_path, old, new, words):
    """Majolica's component file has a JSON Schema like the other games'
    (``data/components.schema.json``, checked by ``core.schema``): a misspelt or unknown key is
    refused, naming it, instead of being ignored."""
    text = DATA.read_text()
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(ValueError, match=words) as err:
        load_components(path)
    assert "Majolica component file" in str(err.value)


@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_deeply_nested_component_files_are_refused_cleanly(tmp_path, suffix):
    """A file nested far too deep is refused with a ValueError that says so, never a raw
    RecursionError (from the parser or from the schema check)."""
    deep = "[" * 100000 if suffix == ".json" else "x = " + "[" * 100000
    path = tmp_path / f"deep{suffix}"
    path.write_text(deep)
    with pytest.raises(ValueError, match="Majolica component file"):
        load_components(path)
    nested: list = []
    for _ in range(3000):  # parsed fine, too deep for the schema check
        nested = [nested]
    with pytest.raises(ValueError, match="nested too deeply|Majolica component file"):
        from zongshi_widgets.games.majolica.components import parse_components

        parse_components({**tomllib.loads(DATA.read_text()), "colours": {"ids": nested}})
