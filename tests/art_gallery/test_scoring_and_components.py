"""Art Gallery final scoring and component data (rulebook: End of the Game & Final Score;
docs/rulings/art_gallery.md §2 to §4 and its worked chain examples)."""

import json
import tomllib
from importlib import resources

import pytest
from ag_support import all_tiles_stacks, game

from zongshi_widgets.games.art_gallery import chain_scores, default_components, load_components

#: docs/rulings/art_gallery.md §2.6: collection (left to right) -> row scores
CHAIN_EXAMPLES = [
    ([5, 39, 47, 2], [3, 4, 3, 8]),
    ([14, 3, 27], [2, 2, 2, 6]),
    ([10, 13, 18], [3, 9, 2, 1]),
    ([20, 2, 43, 41], [6, 2, 9, 6]),
    ([1], [3, 1, 0, 0]),
    ([23, 37, 40], [9, 0, 3, 3]),
]


@pytest.mark.parametrize("collection,rows", CHAIN_EXAMPLES)
def test_reference_chain_examples(collection, rows):
    """docs/rulings/art_gallery.md §2.6 (worked examples on the reconstructed data, rule of 2.3 = rulebook, Final
    Score 1): each row's most valuable chain of identical symbols on consecutive cards; a blank
    or another symbol breaks it; a single rare symbol can beat a longer common run."""
    assert chain_scores(default_components().cards, collection) == rows


def test_order_of_the_collection_matters():
    """docs/rulings/art_gallery.md §2.6, reorder test: 47, 5, 2, 39 keeps row 4 BBBB = 8 but row 1 AABA = 2."""
    rows = chain_scores(default_components().cards, [47, 5, 2, 39])
    assert rows[3] == 8 and rows[0] == 2


def test_single_card_chains_variant():
    """docs/rulings/art_gallery.md §2.3 (REC: a run of one card scores, default) and the variant
    ``single_card_chains=False`` (chains need two cards)."""
    cards = default_components().cards
    assert chain_scores(cards, [1], single_card=False) == [0, 0, 0, 0]
    assert chain_scores(cards, [10, 13, 18], single_card=False) == [3, 9, 2, 0]


def over(players, collections, hands=None, start=0, **options):
    tiles = [t for c in collections for t in c.get("tiles", [])]
    desc = {"step": "over", "start_card": start, "collections": collections, "stacks": all_tiles_stacks({}, exclude=tiles)}
    if hands:
        desc["hands"] = hands
    return game(players, **options).from_position(desc, seed=1)


def test_final_score_sheet_rows():
    """Rulebook, End of the Game & Final Score 1-4: chains per symbol row, souvenirs (3 per
    tile matching a card of one's own collection, else 1), action cards in hand (sum / 4
    rounded down), 3 for the start card; each a row of the sheet."""
    state = over(
        2,
        [{"cards": [5, 39, 47, 2], "tiles": [5, 2, 30]}, {"cards": [1], "tiles": [39]}],
        hands=[[0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 1, 2, 3, 4, 5, 6, 7, 8]],
        start=1,
    )
    assert state.is_over
    sheet = state.score_sheet()
    assert sheet.final
    assert sheet.categories == ["symbol row 1", "symbol row 2", "symbol row 3", "symbol row 4", "souvenirs", "action cards", "start card"]
    assert list(sheet.values[0]) == [3, 4, 3, 8, 3 + 3 + 1, 36 // 4, 0]
    assert list(sheet.values[1]) == [3, 1, 0, 0, 1, 9, 3]  # tile 39 matches a card of the *other* collection: 1
    assert sheet.totals == [18 + 7 + 9, 4 + 1 + 9 + 3] and sheet.winners == (0,)


def test_action_cards_rounded_down():
    """Rulebook, Final Score 3: the hand's values added and divided by 4, rounded down."""
    hands = [[8, 8, 7, 7, 6, 6, 5, 5, 4], [0, 0, 1, 1, 2, 2, 3, 3, 4]]
    sheet = over(2, [{}, {}], hands=hands).score_sheet()
    assert [row[5] for row in sheet.values] == [56 // 4, 16 // 4]


def test_ties_go_to_most_tiles_then_shared():
    """Rulebook, End of the Game: a tie on points goes to the most painting tiles; still tied,
    the victory is shared."""
    # 3 tiles + 9 (hand 0..8) = 12 against 0 tiles + 9 + 3 (start card) = 12: most tiles wins
    sheet = over(2, [{"tiles": [1, 2, 3]}, {}], start=1).score_sheet()
    assert sheet.totals == [12, 12] and sheet.winners == (0,) and sheet.ranking == (1, 2)
    # 1 + 30 // 4 + 3 = 11 against 1 + 42 // 4 = 11, one tile each: shared
    hands = [[0, 0, 1, 2, 3, 5, 6, 6, 7], [1, 2, 3, 4, 4, 5, 7, 8, 8]]
    shared = over(2, [{"tiles": [1]}, {"tiles": [2]}], start=0, hands=hands).score_sheet()
    assert shared.totals == [11, 11] and shared.winners == (0, 1) and shared.ranking == (1, 1)
    assert "winners: red, yellow" in str(shared)


def test_packaged_components_and_their_provenance():
    """docs/rulings/art_gallery.md §2 to §5: 48 numbered cards with four symbol rows (reconstructed symbols and
    values), titles from the glossary (confirmed 1-24, inferred 25, unknown after), board and
    Shop data tagged."""
    comps = default_components()
    assert comps.count == 48 and comps.spaces == (1, 3, 5, 7) and comps.stack_sizes == (18, 14, 10, 6)
    assert comps.galleries == {2: 4, 3: 4, 4: 6, 5: 8, 6: 8}
    assert comps.cards[4].title == "Mona Lisa" and comps.cards[4].provenance["title"] == "confirmed-rulebook"
    assert comps.cards[24].provenance["title"] == "inferred" and comps.cards[30].provenance["title"] == "unknown"
    for card in comps.cards:
        assert card.provenance["symbols"] == "reconstructed" and card.provenance["values"] == "reconstructed"
        assert len(card.symbols) == 4
    for r in range(4):
        column = [c.symbols[r] for c in comps.cards]
        assert (column.count("A"), column.count("B"), column.count("C"), column.count("-")) == (16, 12, 8, 12)
    assert comps.provenance["shop"] == "confirmed-rulebook"
    assert comps.provenance["board"]["4"] == "confirmed-sources"


def corrected_file(tmp_path, edit, suffix=".toml"):
    assert default_components().path is None  # the packaged data
    text = resources.files("zongshi_widgets.games.art_gallery").joinpath("data/components.toml").read_text()
    text = edit(text)
    path = tmp_path / f"cards{suffix}"
    path.write_text(text)
    return path


def test_a_teacher_loads_the_printed_cards(tmp_path):
    """Issue: a teacher with the printed cards loads them with ``components=...``; the file is
    checked whole and used by the rules (here card 1 gets other symbols and values)."""
    old, new = 'symbols = ["C", "A", "-", "-"]\nvalues = [3, 1, 0, 0]', 'symbols = ["X", "A", "B", "-"]\nvalues = [5, 1, 4, 0]'
    path = corrected_file(tmp_path, lambda t: t.replace(old, new, 1))
    g = game(4, components=str(path))
    assert g.components.cards[0].symbols == ("X", "A", "B", "-")
    assert g.options == {"components": str(path)}
    assert chain_scores(g.components.cards, [1]) == [5, 1, 4, 0]
    state = g.new_state(seed=3)
    assert g.load_state(state.to_json()) == state
    # the same data as JSON
    data = tomllib.loads(path.read_text())
    data["board"]["galleries"] = {str(k): v for k, v in data["board"]["galleries"].items()}
    json_path = tmp_path / "cards.json"
    json_path.write_text(json.dumps(data))
    assert load_components(json_path).cards == g.components.cards


@pytest.mark.parametrize(
    "edit,message",
    [
        (lambda t: t.replace("number = 48", "number = 47"), "card numbers must run"),
        (lambda t: t.replace('symbols = ["C", "A", "-", "-"]', 'symbols = ["C", "A", "-"]', 1), "symbols must be a list of 4"),
        (lambda t: t.replace("values = [3, 1, 0, 0]", "values = [3, 1, 2, 0]", 1), "row 3 has no symbol but the value 2"),
        (lambda t: t.replace("tiles = [18, 14, 10, 6]", "tiles = [18, 14, 10, 5]"), "the stacks hold 47 tiles"),
        (lambda t: t.replace("galleries = { 2 = 4,", "galleries = {"), "no gallery count for [2] players"),
        (lambda t: t.replace("values = [3, 1, 0, 0]", 'values = [3, "one", 0, 0]', 1), "expected an integer"),
        (lambda t: t + "\n[[[broken", "neither TOML nor JSON"),
    ],
)
def test_bad_component_files_are_refused_whole(tmp_path, edit, message):
    """A component file is checked whole; a bad one is refused with a clear error."""
    path = corrected_file(tmp_path, edit)
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        game(4, components=str(path))
    with pytest.raises(ValueError, match="cannot read"):
        game(4, components=str(tmp_path / "missing.toml"))
    with pytest.raises(ValueError, match="path"):
        game(4, components=42)


@pytest.mark.parametrize("option,value", [("full_bar", "nope"), ("shop_may_pass", "yes"), ("stacks_visible", 1), ("start_card_tie", None)])
def test_bad_options_and_player_counts_are_refused(option, value):
    with pytest.raises(ValueError, match=option):
        game(4, **{option: value})
    for players in (1, 7, "4", True):
        with pytest.raises(ValueError):
            game(players)


def test_a_mid_game_score_sheet_shown_to_a_seat_counts_no_hidden_card():
    """End of the Game & Final Score, counted as a seat may know it (``visible_score_sheet``):
    during the play turns the action-card row reads only public information, so re-dealing
    every hidden hand and bid consistently with what a seat has seen changes nothing in it,
    while the true sheet does change on some positions; at the end it equals the true sheet."""
    import random

    from zongshi_widgets.agents import agent

    g = game(players=4)
    differed = 0
    for seed in range(6):
        state = g.new_state(seed=seed)
        bots = [agent("random", seed=seed * 10 + s) for s in range(4)]
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move
            other = state.determinize(seat, rng)
            shown = state.visible_score_sheet(seat)
            assert not shown.final
            assert shown.totals == other.visible_score_sheet(seat).totals
            assert shown.values == other.visible_score_sheet(seat).values
            differed += other.score_sheet().totals != state.score_sheet().totals
            state = state.play(bots[seat].choose(state))
        assert state.visible_score_sheet(0) == state.score_sheet()
        assert state.visible_score_sheet(None) == state.score_sheet()
    assert differed > 0  # the true sheet does read the hands: the test can tell the two apart
