"""The Majolica board in Python: requests, lesson marks, the static picture, a cascade told step by
step and checked against the engine, the score panel, and odd input.

Rulebook sections (the Majolica rulebook): 1. Select Majolica Tiles (A, B,
C); 2. Place Majolica Tiles; Run Workshop(s) (A-H: patterns, shovels, tiles moving up, the rest
flowing on, fragmentation, overflow); Game End (scoring); Rules for Solo Play (the rating);
Expansion Rules.
"""

from __future__ import annotations

import json
import random
import re

import pytest

import zongshi_widgets as zw
from zongshi_widgets.games.majolica.render import board_snapshot, cascade_story, position_html, public_scores
from zongshi_widgets.widgets import MajolicaBoard, board_class

GRID = ["RYBG", "YBGR", "BGRY", "GRYB"]  # a1=R b1=Y c1=B d1=G ...
DISPLAY = ["D05", "D10", "D20", "D30", "D03", "D06"]


def cascade_position(**extra):
    """Red to select: W1 holds RRYYY under D01 (RRY), W2 holds BB under D09 (RRYY)."""
    me = {"workshops": ["RRYYY", "BB", "", ""], "slots": ["D01", "D09", "-"]}
    desc = {"step": "select", "to_move": 0, "start": 0, "first": 0, "grid": GRID, "display": DISPLAY, "players": [me, {}]}
    desc.update(extra)
    return zw.game("majolica", players=2).from_position(desc, seed=1)


def make(state=None, **kw):
    kw.setdefault("seats", ["human", "greedy"])
    if state is None:
        return MajolicaBoard(players=2, seed=kw.pop("seed", 1), bot_delay=0, **kw)
    return MajolicaBoard(state=state, bot_delay=0, **kw)


def replies(board):
    sent = []
    board.send = lambda content, buffers=None: sent.append(content)
    return sent


# -- the board and its requests --------------------------------------------------------------
def test_is_the_registered_board_with_targets_and_labels():
    board = make()
    assert board_class("majolica") is MajolicaBoard
    assert isinstance(zw.widgets.MajolicaBoard, type)
    legal = board.legal
    assert [x[0] for x in legal] == board.state.legal_actions()
    assert all(len(x) == 3 and x[1] and x[2] for x in legal)
    geo = board.geometry
    assert len(geo["workshops"]) == 4 and geo["workshops"][0]["pattern"] == [3, 3]
    assert geo["cards_rec"] is True and "Reconstructed" in geo["reconstructed_note"]  # provenance: design cards reconstructed
    assert geo["workshops"][2]["rec"] == ["fragment", "may", "must"]  # W3's shovels and icon are reconstructed


def test_selection_targets_rows_columns_tiles_and_cards_rule_1():
    """1. Select Majolica Tiles: A (a run of an outer row/column), B (a tile + a design card), C
    (a tile + a rearrangement): the row marker, the cells and the display card offer them."""
    board = make(cascade_position(), seats=["human", "human"])
    by = {a: t.split(",") for a, t, _ in board.legal}
    assert by["take a1-d1"][0] == "line:row1" and set(by["take a1-d1"][1:]) == {"cell:a1", "cell:b1", "cell:c1", "cell:d1"}
    assert by["take a1-a4"][0] == "line:cola"
    assert by["take a1 + D05"] == ["cell:a1", "card:D05"] and by["take a1 + arrange"] == ["cell:a1", "arrange"]
    assert not any("cell:b2" in t for t in by.values())  # inner cells offer nothing


def test_full_turn_with_a_cascade_by_requests_and_the_story_matches_the_engine():
    """Run Workshop(s): W1's pattern (3+3) is met, tiles move up to D01, the rest flows on to
    W2, whose pattern (2+2+2) is then met and which runs in turn (A, B, G)."""
    board = make(cascade_position(), seats=["human", "human"])
    for action in ("take a1 + D05", "place W1"):
        board.handle_request({"type": "play", "action": action, "version": board.version})
    assert board.state.step == "move" and board.state.run[0] == 0
    story = board.view["story"]
    assert [s["k"] for s in story] == ["run"] and "W1 runs" in story[0]["text"]
    board.handle_request({"type": "play", "action": "move R", "version": board.version})
    assert board.view["story"] == []  # one tile moved by the player's own choice: no cascade
    before = board.state
    board.handle_request({"type": "play", "action": "move Y", "version": board.version})
    after = board.state
    story = board.view["story"]
    assert [s["k"] for s in story] == ["move", "flow", "run"]
    assert "yellow tile onto design card D01" in story[0]["text"]
    assert story[1]["text"] == "The rest of W1 (2 red, 2 yellow) flows on to W2" and story[1]["w"] == 1
    assert story[2]["w"] == 1 and "W2 runs" in story[2]["text"]
    # every step's board is the engine's: the last one is the position reached
    assert story[-1]["board"] == board_snapshot(after.game, after.players[0], after.city)
    assert story[0]["board"]["fills"][0] == "RY" and story[0]["board"]["ws"][0] == "RRYY"
    assert story[1]["board"]["ws"][1] == "RRYYBB"
    assert cascade_story(before, "move Y", after) == story
    assert "shown one by one" in board.message and board.view["story_seat"] == 0
    # finish the turn by requests: the taken card into slot 3, then end
    for _ in range(10):  # W2's moves ("stop": white shovels are optional), then W3's overflow discard
        if board.state.step == "place":
            break
        legal = board.state.legal_actions()
        board.handle_request({"type": "play", "action": "stop" if "stop" in legal else legal[0], "version": board.version})
    assert board.state.step == "place"
    board.handle_request({"type": "play", "action": "slot 3", "version": board.version})
    assert board.state.players[0].slots[2] == board.state.game.card_ids["D05"]
    for _ in range(15):  # the new card lets W3 run (fragmentation...); then the end of the turn
        if board.state.to_move != 0:
            break
        legal = board.state.legal_actions()
        board.handle_request({"type": "play", "action": "end" if "end" in legal else legal[0], "version": board.version})
    assert board.state.to_move == 1 and board.state.step == "select"


def test_illegal_choices_are_explained_and_change_nothing():
    """1. Select: an inner tile is not on the outer edge; a lone tile needs a card (B) or a
    rearrangement (C); a workshop is not clicked while selecting (Gameplay)."""
    board = make(cascade_position(), seats=["human", "human"])
    sent = replies(board)
    v = board.version
    board.handle_request({"type": "explain", "action": "take b2 + D05", "version": v, "key": "k1"})
    assert sent[-1]["legal"] is False and sent[-1]["rule"].startswith("majolica.select") and sent[-1]["key"] == "k1"
    board.handle_request({"type": "explain", "action": "take a2", "version": v, "key": "k2"})
    assert sent[-1]["rule"] == "majolica.select.single" and "rulebook, 1. Select B, C" in sent[-1]["text"]
    board.handle_request({"type": "explain", "action": "place W1", "version": v, "key": "k3"})
    assert sent[-1]["rule"] == "majolica.turn.select"
    board.handle_request({"type": "play", "action": "take b2 + D05", "version": v})
    assert board.message.startswith("illegal: ") and board.version == v and board.state == cascade_position()
    for bad in ({"type": "play", "action": 5, "version": v}, {"type": "play", "version": v}, {"type": "nonsense"}):
        board.handle_request(bad)
        assert board.version == v and board.message.split(":")[0] in ("refused", "error", "illegal")


NOTATION = re.compile(r"'|\b(?:take [a-d][1-4]|take [RYBG]\b|place W\d|run W\d|slot \d|move [RYBGP]\b|Legal now)")


def test_a_refused_click_is_said_in_plain_words_about_the_part():
    """Issue 13: a click the rules forbid is explained by the rule (1. Select A-C, 2. Place, Run
    Workshop(s), Gameplay), never in notation the learner did not type: every probe the
    browser sends for a grid tile, a row or column marker, a design card, a workshop or a card
    slot, at the selection, while placing and inside a run."""
    state = cascade_position()
    positions = [state, state.play("take a1 + D05"), state.play("take a1 + D05").play("place W1")]
    assert [s.step for s in positions] == ["select", "place", "move"]
    probes = [f"take {c}{r} + arrange" for c in "abcd" for r in "1234"] + ["take a1-d1", "take a4-d4", "take a1-a4", "take d1-d4"]
    probes += [f"take a1 + {d}" for d in DISPLAY] + [f"place W{w}" for w in range(1, 5)] + [f"run W{w}" for w in range(1, 5)] + ["slot 1", "slot 3", "take a2"]
    refused = 0
    for s in positions:
        board = make(s, seats=["human", "human"])
        for probe in probes:
            legal, text, rule = board.explain(probe, _from_browser=True)
            if legal:
                continue
            refused += 1
            assert rule.startswith("majolica.") and "rulebook" in text and not NOTATION.search(text), (s.step, probe, text)
            assert board.explain(probe)[1] != text or "'" not in board.explain(probe)[1]  # typed in Python: the engine's own words
    assert refused > 60
    board = make(positions[1], seats=["human", "human"])
    assert "only in step 1" in board.explain("take a2 + arrange", _from_browser=True)[1]
    assert "only when several may run" in board.explain("run W3", _from_browser=True)[1]
    assert "outer edge" in make(state).explain("take b2 + arrange", _from_browser=True)[1]


def test_choices_left_to_the_player_are_offered_on_the_board():
    """Run Workshop(s): which workshop runs first (Tip 2), which colour moves up, stop (white
    shovels are optional), and the overflow discard each come with a target and words."""
    board = make(cascade_position(), seats=["human", "human"])
    for action in ("take a1 + D05", "place W1"):
        board.play(action)
    moves = {a: (t, label) for a, t, label in board.legal}
    assert moves["move R"] == ("slot:1", "move a red tile up to the design card")
    assert moves["move Y"][0] == "slot:1"
    board.play("move R")
    labels = {a: label for a, _, label in board.legal}
    assert labels["stop"].startswith("move no more tiles") and dict((a, t) for a, t, _ in board.legal)["stop"] == "bar"
    board.play("stop")
    while board.state.step not in ("place", "finish"):
        board.play(board.state.legal_actions()[0])
    targets = {a: t for a, t, _ in board.legal}
    assert {t for a, t in targets.items() if a.startswith("discard W")} == {"discards"}  # Tip 1: its own menu, not the workshops'


def test_expansions_map_onto_the_engine_and_bad_ones_are_refused():
    board = make(expansions=["missions", "cascading_bloom", "kaleidoscopic"])
    g = board.state.game
    assert g.use_missions and g.bloom and g.kal and board.state.step == "mission"
    assert board.legal[0][1].startswith("mission:M")
    cats = board.view["scores"]["categories"]
    assert "Bloom tokens" in cats and sum(c.startswith("M") for c in cats) == 8
    with pytest.raises(ValueError, match="unknown Majolica expansion"):
        MajolicaBoard(expansions=["bloom"])
    with pytest.raises(TypeError):
        MajolicaBoard(expansions="missions")
    with pytest.raises(ValueError, match="both"):
        MajolicaBoard(expansions=["missions"], variant={"missions": True})
    with pytest.raises(ValueError, match="already has its rules"):
        MajolicaBoard(state=cascade_position(), expansions=["missions"])


def test_mark_names_parts_and_refuses_unknown_ones():
    board = make()
    parts = ["cell:A1", "line:row1", "w2", "W3:yellow", "display", "card:d05", "city_hall", "slot:2:red", "board:red", "scoring:yellow", "scores"]
    board.mark(parts)
    want = ["cell:a1", "line:row1", "W2", "W3:yellow", "display", "card:D05", "city_hall", "slot:2:red", "board:red", "scoring:yellow", "scores"]
    assert board.highlight == want
    board.mark("grid, W1")
    assert board.highlight == ["grid", "W1"]
    for bad in (["cell:e1"], ["line:row2"], ["W5"], ["slot:4"], ["board:purple"], ["missions"], ["card:X99"]):
        with pytest.raises(ValueError, match="not a part of this Majolica board"):
            board.mark(bad)
        assert board.highlight == ["grid", "W1"]
    with pytest.raises(TypeError):
        board.mark([3])
    board.mark([])
    assert board.highlight == []


def test_lesson_board_builds_the_majolica_board():
    """tutor/board.py builds MajolicaBoard(state=..., seats=["human"] * n, history=False)."""
    start = cascade_position()
    board = board_class("majolica")(state=start, seats=["human"] * 2, history=False, task="Take a run", reveal_scores=False)
    assert isinstance(board, MajolicaBoard) and board.state == start and board.moves == []
    assert "scores" not in board.get_state()["view"]
    assert "Score so far" not in board.picture()
    board.mark(["line:row1"])
    assert "outline:3px solid #e0218a" in board.picture()


def test_picture_shows_the_position():
    board = make(cascade_position(), seats=["human", "human"])
    pic = board.picture()
    assert "Grid" in pic and "City Hall" in pic and "D01 3 pts: RRY" in pic and "Score so far" in pic
    assert "<script" not in pic
    assert position_html(board.state) == pic


def test_scores_match_the_score_sheet_and_the_solo_rating():
    """Game End: every category of the score sheet; Rules for Solo Play: the rating at the end."""
    s = zw.game("majolica", players=1).new_state(seed=2)
    rng = random.Random(2)
    while not s.is_over:
        s = s.play(rng.choice(s.legal_actions()))
    sc = public_scores(s)
    sheet = s.score_sheet()
    assert sc["values"] == [list(r) for r in sheet.values] and sc["totals"] == list(sheet.totals) and sc["final"]
    assert sc["rating"] and sc["rating"] in sheet.notes
    board = MajolicaBoard(state=s, seats=["human"], bot_delay=0)
    assert board.view["scores"]["rating"] == sc["rating"]
    assert board.geometry["solo"] and board.view["table"]["revealed"] == ""


def test_solo_board_offers_the_revealed_tiles():
    """Rules for Solo Play: four revealed tiles, take all or one colour with a card/rearrangement."""
    board = MajolicaBoard(players=1, seats=["human"], seed=3, bot_delay=0)
    while board.state.step == "start":
        board.play(board.state.legal_actions()[0])
    targets = {a: t for a, t, _ in board.legal}
    assert targets["take all"] == "revealed"
    one = next(a for a in targets if a.startswith("take ") and "+" in a and "arrange" not in a)
    assert targets[one].startswith("tile:") and ",card:" in targets[one]
    with pytest.raises(ValueError):
        board.mark(["cell:a1"])  # no grid in solo play


def test_stories_of_random_games_agree_with_the_engine():
    """Run Workshop(s) A-H: over random games (2-4 players, expansions on), every cascade story's
    last board is the mover's board in the engine's next position."""
    told = 0
    for k, n in enumerate((2, 3, 4)):
        s = zw.game("majolica", players=n, cascading_bloom=True, missions=k == 1).new_state(seed=10 + k)
        rng = random.Random(k)
        for _ in range(400):
            if s.is_over:
                break
            acts = s.legal_actions()
            # random play rarely meets a pattern: once tiles are taken, prefer what sets off a cascade
            pref = [a for a in acts if s.step != "select" and a != "end" and cascade_story(s, a)] or [a for a in acts if a == "end"]
            a = rng.choice(pref or acts)
            t = s.play(a)
            story = cascade_story(s, a, t)
            if story:
                told += 1
                assert story[-1]["board"] == board_snapshot(t.game, t.players[s.to_move], t.city)
                assert all(st["k"] in ("run", "move", "fragment", "discard", "flow") and st["text"] for st in story)
            s = t
    assert told > 0


def test_largest_update_of_a_whole_game_stays_small():
    """Every update message over the first 400 moves of a 2-player game (the greedy bot's choices
    played through the board), measured and printed."""
    board = MajolicaBoard(players=2, seats=["human", "human"], seed=3, bot_delay=0)
    sizes = []
    orig = board._send

    def measure(msg, buffers=None):
        if msg.get("method") == "update":
            sizes.append(len(json.dumps(msg["state"], separators=(",", ":"))))
        return orig(msg, buffers)

    board._send = measure
    for _ in range(400):
        s = board.state
        if s.is_over:
            break
        board.play(max(s.legal_actions(), key=s.greedy_value))
    assert len(sizes) >= 400
    print(f"\nlargest per-move update over 400 moves: {max(sizes)} bytes ({len(sizes)} updates, mean {sum(sizes) / len(sizes):.0f})")
    assert max(sizes) < 60_000


def test_a_new_round_is_told_in_the_log_and_the_status():
    """Newcomer's finding 5 (rulebook, End of the Round): the move that ends a round says so in
    the move log and the status line: what ended it, the new grid, the display refilled, who
    starts the next round."""
    board = make(seats=["human", "human"], seed=4)
    rng = random.Random(4)
    while board.state.round == 1:
        board.play(rng.choice(board.state.legal_actions()))
    s = board.state
    expected = (f"Round 1 ends (fewer than 4 large tiles face up on the outer edge): a new grid, the display refilled to {len(s.display)} cards, "
                f"{s.game.seat_names[s.start]} starts round 2")
    assert expected in board.message
    log = [e["text"] for e in board.moves]
    assert expected in log[-1] and log[-1].startswith(("red ", "yellow ", "ended the turn"))
    assert sum("Round" in t for t in log) == 1  # only the move that ended it


def test_played_moves_are_told_not_ordered():
    """Newcomer's finding 9: a bot's move in the log and the status line reads as what happened
    ("yellow ended the turn"), not as an instruction ("yellow: end the turn")."""
    board = make(seats=["human", "human"])
    board.play("start slot 1")
    assert board.message == "red slotted the starting card into slot 1"
    for _ in range(100):
        legal = board.state.legal_actions()
        board.play("end" if "end" in legal else legal[0])
        if "end" in legal:
            break
    assert re.fullmatch(r"(red|yellow) ended the turn", board.message), board.message
    log = [e["text"] for e in board.moves]
    assert "ended the turn" in log and "end the turn" not in log
    assert all(not t.startswith(("take ", "place ", "move ", "end ", "slot ", "discard ")) for t in log), log


def test_reconstructed_notes_name_the_packages_provenance_not_an_absent_file():
    """Newcomer's finding 8: the tooltips point to the provenance kept in the package (the
    reference folder is not shipped), and City Hall is not called a card."""
    from zongshi_widgets.games.art_gallery.render import RECONSTRUCTED_NOTE as AG_NOTE
    from zongshi_widgets.games.majolica.render import RECONSTRUCTED_NOTE
    from zongshi_widgets.widgets import majolica as mjw

    js = (mjw.__file__[: -len(".py")] + ".js")
    with open(js, encoding="utf-8") as f:
        src = f.read()
    for text in (RECONSTRUCTED_NOTE, AG_NOTE, src):
        assert "components.md" not in text and "/".join(("shared", "reference")) not in text  # no citation of the research folder
    assert "zongshi_widgets/games/majolica/data/components.toml" in RECONSTRUCTED_NOTE and "cards'" not in RECONSTRUCTED_NOTE
    assert "zongshi_widgets/games/art_gallery/data/components.toml" in AG_NOTE
    assert "shovels is" not in src and "its shovels" not in src


def test_one_seat_is_said_in_the_singular():
    """Newcomer's finding 9: "this game has 1 seats"."""
    from zongshi_widgets.widgets.session import SeatError

    with pytest.raises(SeatError, match=r"this game has 1 seat; got 2"):
        MajolicaBoard(players=1, seats=["human", "greedy"])


def test_a_mission_card_is_drawn_with_its_tiles_and_a_done_mark():
    """Newcomer's finding 4 (rulebook, Expansion Rules: Mission Cards): M2 holds fragmented tiles,
    one per colour; the board (view and static picture) shows the tiles on the card and marks it
    done once the fourth colour is on it."""
    from zongshi_widgets.tutor import show_lesson

    lb = show_lesson("majolica", "mission-m2")
    mc = lb.board.view["table"]["mission_cards"][0]
    assert mc == {"id": "M2", "text": "one fragmented tile of each colour on this card", "spaces": "RYBG", "tiles": "RYB", "done": False}
    assert lb.board.view["table"]["mission_cards"][1] is None
    pic = lb.board.picture()
    assert "Mission M2" in pic and "not yet" in pic and "open green space" in pic and "✓ done" not in pic
    assert lb.attempt("fragment G mission").solved
    mc = lb.board.view["table"]["mission_cards"][0]
    assert mc["tiles"] == "RYBG" and mc["done"] and lb.board.state.mission_done(0, 1)
    pic = lb.board.picture()
    assert "✓ done" in pic and "open green space" not in pic


def test_a_full_workshop_that_does_not_run_says_why():
    """Newcomer's finding 9 (rulebook, Run Workshop(s) A: a workshop runs when full with its
    pattern and a tile of it fits the card above): a full W3 holding Y B B G is not a 2+2, and
    the board says so on the workshop; a W3 with R R Y Y under no card says that instead."""
    me = {"workshops": ["", "", "YBBG", ""], "slots": ["-", "-", "D01"]}
    other = {"workshops": ["", "", "RRYY", ""], "slots": ["-", "-", "-"]}
    desc = {"step": "select", "to_move": 0, "start": 0, "first": 0, "grid": GRID, "display": DISPLAY, "players": [me, other]}
    state = zw.game("majolica", players=2).from_position(desc, seed=1)
    board = make(state)
    boards = board.view["table"]["boards"]
    assert boards[0]["notes"] == ["", "", "full, but 2+2 is not met", ""]
    assert boards[1]["notes"] == ["", "", "full with 2+2, but no card above", ""]


# -- why a tile was discarded (a bot's discards told as the learner's own) ---------------------
OVERFLOW_GRID = ["yyrB", "GRBG", "BGYR", "RBGY"]


def _placing(w2: str):
    """Red placing two yellow tiles, W2 holding ``w2`` (6 places) and no card anywhere."""
    desc = {"start": 0, "grid": OVERFLOW_GRID, "step": "place", "pending": {"tiles": "YY"}, "players": [{"workshops": ["", w2, "", ""]}, {}]}
    return zw.game("majolica", players=2).from_position(desc, seed=1)


def test_an_overflow_discard_says_why_in_the_hint_the_status_and_the_log():
    """Rulebook, 2. Place Majolica Tiles: "If the total number of tiles in a workshop exceeds its
    capacity, discard the extra tiles of your choice". The bot's choice (hint) and a bot's
    played discard say which workshop overflowed and how many tiles did not fit."""
    over = _placing("RRGGB").play("place W2")
    assert over.step == "overflow" and sum(over.players[0].ws[1]) == 7
    board = make(over, seats=["greedy", "human"])
    board.bot_delay = 0
    hint = make(over).show_hint("bot")
    assert hint["action"].startswith("discard ") and "W2 overflows: 1 tile too many for its 6 places" in hint["text"]
    board.run_bots()
    entry = next(e["text"] for e in board._log_entries(0) if e["text"].startswith("discarded"))
    assert "W2 overflowed, 1 tile did not fit its 6 places" in entry and "2. Place Majolica Tiles" in entry


def test_a_discard_the_engine_makes_itself_is_told_with_the_placing():
    """A workshop of one colour that overflows leaves no choice: the engine discards the extra
    tile, and the log and the status line say so (2. Place Majolica Tiles)."""
    board = make(_placing("YYYYY"))
    board.play("place W2")
    assert board.state.players[0].ws[1][1] == 6 and board.state.step != "overflow"
    text = "W2 overflowed: 1 yellow tile did not fit its 6 places and went back to the supply"
    assert text in board._log_entries(0)[-1]["text"] and text in board.message


def test_a_free_discard_and_a_fragmentation_say_the_rule_that_allows_them():
    """Tips & FAQ, Tip 1 (extra tiles may be discarded at any time of one's turn) and Run
    Workshop(s) D (the fragmentation icon)."""
    state = _placing("RRGGB")
    hint = make(state).describe(state, "discard W2 R", None)
    assert hint.startswith("red: discard a red tile from W2 (by choice") and "Tip 1" in hint
    board = make(state)
    board.play("discard W2 R")
    assert "Tip 1" in board._log_entries(0)[-1]["text"] and "by choice" in board.message
    frag = zw.game("majolica", players=2).from_position(
        {"start": 0, "grid": ["RYbg", "YBGR", "BGRY", "GRYB"], "step": "fragment", "run": {"workshop": 3, "moved": 1, "phase": "fragment"},
         "players": [{"workshops": ["", "", "GGR", "GG"], "slots": ["-", "-", "D05"], "cards": {"D05": "R"}}, {}]}, seed=1)
    board = make(frag)
    board.play("fragment R")
    assert "fragmentation icon" in board._log_entries(0)[-1]["text"] and "Run Workshop(s) D" in board._log_entries(0)[-1]["text"]


def test_every_discard_of_a_random_game_says_why():
    """A whole game of random moves: every discard the log tells gives its reason (overflow,
    Tip 1 or fragmentation, with the rulebook section), and so do the tiles the engine
    discards by itself."""
    board = make(seats=["human", "human"], seed=3)
    rng = random.Random(3)
    state, told = board.state, []
    while not state.is_over:
        a = rng.choice(state.legal_actions())
        text = board.short_text(state, a)
        if "discard" in text or "overflow" in text:
            told.append(text)
        state = state.play(a)
    assert len(told) > 5
    for text in told:
        assert re.search(r"overflow|Tip 1|fragmentation icon", text) and ("rulebook" in text or "Tip 1" in text), text


def test_a_bot_waits_for_the_cascade_to_be_shown():
    """Run Workshop(s): a move that sets off a cascade is shown step by step in the browser
    (1.3 s a step); the next bot move waits that long on top of ``bot_delay``, so the story is
    not cut short (with no delay, bots do not wait)."""
    from zongshi_widgets.agents import agent
    from zongshi_widgets.widgets.majolica import STEP_SECONDS

    board = MajolicaBoard(players=2, seed=3, seats=["human", "human"], bot_delay=0.5)
    bot = agent("greedy", seed=0, game="majolica")
    for _ in range(400):
        before = board.state
        board.play(bot.choose(before))
        steps = len(cascade_story(before, str(board.state.history[-1]), board.state))
        if steps:
            break
    assert steps, "no cascade in 400 greedy actions"
    assert board.session._showing() == pytest.approx(STEP_SECONDS * steps)
    board.session.bot_delay = 0
    assert board.session._showing() == 0.0
