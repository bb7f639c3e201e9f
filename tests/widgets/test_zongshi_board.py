"""The Zong Shi board in Python: its wire forms, requests, marks, static picture, and that no
seat's secrets leave the kernel (rulebook sections cited per test: "Game Board Setup", "Player
Setup", "Step 1: Player Turns", "Step 2: Distribute Materials", "Going to the Temple: Scrolls of
Fortune", "Paying Respectful Visits: award tiles").
"""

from __future__ import annotations

import json
import random
import re

import pytest

import zongshi_widgets as zw
from zongshi_widgets.games.zongshi.components import SCROLL_TYPES
from zongshi_widgets.games.zongshi.render import action_words, position_html
from zongshi_widgets.games.zongshi.rules import AWARD_TEXT, SEAT_NAMES
from zongshi_widgets.tutor import lesson
from zongshi_widgets.widgets import ZongShiBoard
from zongshi_widgets.widgets.zongshi import PARTS


def make(seats=None, seed=1, players=4, **kw):
    seats = seats or ["human"] + ["random"] * (players - 1)
    return ZongShiBoard(players=players, seats=seats, seed=seed, bot_delay=0, **kw)


def replies(board):
    """Record the custom messages the board sends (explain replies, pongs)."""
    sent = []
    board.send = lambda content, buffers=None: sent.append(content)
    return sent


def hot(board, notation=None):
    """Hot seat with several people: play (if given), then the next person says they are ready."""
    if notation is not None:
        board.play(notation)
    board.ready()


def to_step1(board, rng):
    """Play the opening draft (Player Setup) at random until Step 1."""
    board.ready()
    while board.state.view(None)["step"].startswith("Setup"):
        hot(board, rng.choice(board.legal)[0])


# -- what the board sends ---------------------------------------------------------------------


def test_geometry_carries_card_values_with_their_provenance():
    """Card costs, times and points come with their provenance (docs/rulings/zongshi.md): the Merchant
    Statue is printed in the rulebook's example, the other project types are reconstructed."""
    board = make()
    cards = board.geometry["cards"]
    assert cards["merchant_statue"]["cost"] == [2, 1, 1, 0] and cards["merchant_statue"]["rec"] is False
    assert cards["gold_mastery"]["rec"] is True and cards["gold_mastery"]["prov"] == "reconstructed"
    assert {c["mw"] for c in cards.values()} == {True, False}
    persons = {p["id"]: p for p in board.geometry["persons"]}
    assert persons["scholar"]["material"] == "jade" and not persons["scholar"]["rec"]  # rulebook
    assert persons["elder"]["rec"]  # reconstructed in docs/rulings/zongshi.md
    # a seat colour that is also a material is labelled as a player
    assert board.geometry["seat_labels"][0] == "ivory player"


def test_legal_choices_name_the_part_of_the_board_that_offers_them():
    """Every allowed action arrives as [notation, target, label]; the notations are exactly
    the engine's legal actions (Player Setup, then Step 1: the pawn, then the locations)."""
    board = make(seats=["human"] * 4)
    assert board.legal == [] and board.screen  # the privacy screen first
    board.ready()
    state = board.state
    assert sorted(a[0] for a in board.legal) == sorted(str(a) for a in state.legal_actions())
    assert all(a[1].startswith("draft:") for a in board.legal)  # the opening draft
    to_step1(board, random.Random(3))
    assert {a[1] for a in board.legal} == {"pawn:master", "pawn:apprentice"}  # Step 1: choose the pawn
    mover = board.state.to_move
    assert board.view["now"] == f"{board.geometry['seat_labels'][mover]} chooses master or apprentice for this turn (Step 1)."
    hot(board, "use master")
    targets = {a[1] for a in board.legal}
    assert {"bin:large", "bin:small", "temple", "pass"} <= targets
    assert sorted(a[0] for a in board.legal) == sorted(str(a) for a in board.state.legal_actions())
    labels = dict((a[0], a[2]) for a in board.legal)
    assert labels["market large"] == "goes to the large bin of the Marketplace"


def test_a_pick_in_the_distribution_says_which_bin_and_why():
    """Step 2: Distribute Materials: masters pick one box at a time; an apprentice once, after
    the masters. The view's ``last`` names the bin, the pawn and the reason."""
    board = make(seats=["human"] * 4, seed=4, open_hands=True)  # teaching mode: no privacy screen
    seen = []
    rng = random.Random(4)
    while not board.state.is_over and len(seen) < 6:
        action = rng.choice(board.state.legal_actions())
        board.play(action)
        last = board.view["last"]
        assert last["notation"] == str(action) and last["seat"] == board.timeline.cursor.parent.state.to_move
        if str(action).startswith("pick"):
            assert last["bin"] in ("large", "small") and last["pawn"] in ("master", "apprentice")
            assert "Step 2" in last["why"]
            if last["pawn"] == "apprentice":
                assert last["why"].startswith("an apprentice takes one box, after every master")
            else:
                assert last["why"].startswith("masters take one box at a time")
            assert last["target"] == f"bin:{last['bin']}:{str(action).split()[1]}"
            assert f"({last['pawn']}, {last['bin']} bin)" in board.message
            seen.append(last)
    assert seen, "no pick in the material distribution was played"


def test_play_and_explain_requests():
    """A click plays a legal action; an illegal one is explained with the rule's id and words,
    and changes nothing (Step 1: every turn is taken with the master or the apprentice)."""
    board = make(seats=["human"] * 4)
    rng = random.Random(1)
    to_step1(board, rng)
    sent = replies(board)
    version = board.version
    board.handle_request({"type": "explain", "action": "temple", "version": version, "key": "k1"})
    reply = sent[-1]
    assert reply["type"] == "explain" and reply["key"] == "k1" and reply["legal"] is False
    assert reply["rule"] == "zongshi.turn.choose-pawn" and "master or your apprentice" in reply["text"]
    assert board.version == version
    board.handle_request({"type": "explain", "action": "use master", "version": version, "key": "k2"})
    assert sent[-1]["legal"] is True and sent[-1]["text"] == "take this turn with the master"
    board.handle_request({"type": "play", "action": "use master", "version": version})
    assert board.version != version and str(board.state.history[-1]) == "use master"
    mover = board.timeline.cursor.parent.state.to_move
    assert board.message == f"{board.geometry['seat_labels'][mover]} takes this turn with the master"


def test_scores_are_sent_with_every_category_and_hidden_for_questions():
    """Final Scoring: every category of the score sheet is in the view; ``reveal_scores=False``
    leaves the scores out of the view and the picture."""
    board = make()
    assert len(board.view["scores"]["values"][0]) == len(board.geometry["categories"]) == 7
    board.reveal_scores = False
    wire = board.get_state()["view"]
    assert "scores" not in wire
    assert "Score if the game ended now" not in board.picture()


def test_the_log_sent_is_a_window_around_the_shown_move():
    """A whole game has hundreds of decisions: the browser gets at most LOG_WINDOW log entries,
    always with the shown move among them (undo and jumps keep working on the whole line)."""
    board = make(seats=["human"] * 4, open_hands=True)
    rng = random.Random(8)
    for _ in range(ZongShiBoard.LOG_WINDOW + 60):
        board.play(rng.choice(board.state.legal_actions()))
    wire = board.get_state()["moves"]
    assert len(wire) == ZongShiBoard.LOG_WINDOW and len(board.moves) == ZongShiBoard.LOG_WINDOW + 60
    assert wire[-1][0] == len(board.state.history)
    board.goto(5)
    wire = board.get_state()["moves"]
    assert wire[0][0] == 1 and any(row[0] == 5 for row in wire)
    assert all(row[3] is None for row in wire)  # no action codes: the shell does not read them


# -- marks -------------------------------------------------------------------------------------


def test_mark_outlines_named_parts_and_refuses_unknown_ones():
    board = make()
    board.mark(["temple", "bin:large", "mw01", "merchant_statue", "person:scholar", "tile:gold/ivory", "workshop:2"])
    assert board.highlight == ["temple", "bin:large", "MW01", "merchant_statue", "person:scholar", "tile:gold/ivory", "workshop:2"]
    board.mark("pawn-shop, hand")
    assert board.highlight == ["pawn-shop", "hand"]
    for bad in ("palace", "person:emperor", "workshop:4", "tile:gold/gold", "MW99"):
        with pytest.raises(ValueError, match="no board part"):
            board.mark(bad)
    assert board.highlight == ["pawn-shop", "hand"]  # unchanged
    with pytest.raises(TypeError):
        board.mark(3)
    board.mark([])
    assert board.highlight == []
    assert set(PARTS) >= {"temple", "pawn-shop", "bin:large"}


def test_marks_show_in_the_static_picture():
    board = make()
    board.mark(["temple", "merchant_statue"])
    picture = board.picture()
    assert picture.count("mark") >= 2
    assert re.search(r"class='part mark'><b>Temple", picture)


# -- the static picture -----------------------------------------------------------------------


def test_static_picture_shows_the_public_position_with_reconstructed_marks():
    """Game Board Setup: bins, Temple, Pawn Shop, townsfolk, projects and masterworks, every
    workshop; reconstructed values carry ≈ and a tooltip saying so."""
    board = make()
    picture = board.picture()
    for words in ("Large bin".lower(), "Temple", "Pawn Shop", "scholar", "Merchant Statue", "ivory player", "blue player", "storage"):
        assert words.lower() in picture.lower()
    assert "≈" in picture and "Reconstructed value" in picture
    assert "Award tile face down: the first master to visit the scholar turns it over and takes it" in picture


def _until_an_award_turns_over(seed: int):
    """A random game (``seed``) played until its first award tile is turned over: the states
    before and after that move, and the townsperson whose tile it was."""
    rng = random.Random(seed)
    state = zw.game("zongshi", players=4).new_state(seed=seed)
    while True:
        after = state.play(rng.choice(state.legal_actions()))
        down, now = state.view(None)["award_face_down"], after.view(None)["award_face_down"]
        gone = [p for p in down if down[p] and not now[p]]
        if gone:
            return state, after, gone[0]
        state = after


@pytest.mark.parametrize("seed, pawn", [(6, "master"), (1, "apprentice")])
def test_award_tiles_say_whose_they_are(seed, pawn):
    """Paying Respectful Visits (award tiles; ruling V5): a face-down tile waits for the first
    master to visit; a turned-over one says which player took it (its master came first), or
    that it was discarded unclaimed (an apprentice came first), on the board and in the static
    picture, in plain words."""
    before, after, person = _until_an_award_turns_over(seed)
    mover = before.to_move
    label = f"{SEAT_NAMES[mover]} player"
    assert after.view(None)["players"][mover][pawn]["at"] == "visits"  # the position is the case named
    board = ZongShiBoard(state=after, seats=["human"] * 4, seat=None, history=False, bot_delay=0)
    awards = board.get_state()["view"]["awards"]
    picture = board.picture()
    if pawn == "master":
        assert awards[person]["short"] == f"award taken by the {label}"
        assert f"taken by the {label}, whose master visited the {person} first" in picture
    else:
        assert awards[person]["short"] == "award discarded"
        assert f"discarded unclaimed: the {label}&#x27;s apprentice visited the {person} first" in picture
    assert awards[person]["seat"] == mover and awards[person]["tile"] == before.position()["awards"][person]  # the tile that lay there
    for other, note in awards.items():
        if other != person:  # still face down: its face is not sent
            assert note["status"] == "face down" and note["tile"] is None
            assert note["short"] == "award face down: the first master takes it"


@pytest.mark.parametrize("tiles", [("bag", "scroll"), ("scroll", "bag")])
def test_a_double_visit_tells_each_award_at_its_townsperson(tiles):
    """Paying Respectful Visits: a master visiting the Scholar and the Official at once turns
    over both their award tiles; each is told at its own townsperson, taken by that player."""
    start = lesson("zongshi", "visit-double").start()
    pos = start.position()
    pos.update(awards={"scholar": tiles[0], "official": tiles[1], "elder": "bins", "merchant": "tile"}, awards_revealed=[], award_box="gift")
    before = start.game.from_position(pos, seed=2)
    after = before.play("visit scholar 2 official 1")
    awards = ZongShiBoard(state=after, seats=["human"] * 4, seat=None, history=False, bot_delay=0).get_state()["view"]["awards"]
    label = f"{SEAT_NAMES[before.to_move]} player"
    assert [awards[p]["tile"] for p in ("scholar", "official")] == list(tiles)
    assert {awards[p]["short"] for p in ("scholar", "official")} == {f"award taken by the {label}"}
    assert awards["elder"]["status"] == awards["merchant"]["status"] == "face down"


def test_award_turned_over_before_a_posed_position_is_told_as_such():
    """A position posed with an award tile already turned over (its taker not part of the
    description) says so, and names the tile's effect (Paying Respectful Visits)."""
    _, after, person = _until_an_award_turns_over(6)
    posed = after.game.from_position(after.position(), seed=4)
    board = ZongShiBoard(state=posed, seats=["human"] * 4, seat=None, history=False, bot_delay=0)
    assert board.get_state()["view"]["awards"][person]["status"] == "earlier"
    tile = after.view(None)["awards_revealed"][-1]
    assert f"turned over before this position: {AWARD_TEXT[tile]}" in board.picture()


# -- hidden information ------------------------------------------------------------------------


def _wire(board) -> dict:
    """Every synced trait as sent, less the widget's own ids, the move count and who took each
    turned-over award tile (a determinization has no history: its ``ply`` is 0 and its award
    tiles were turned over before it began; the award notes are checked on their own)."""
    state = board.get_state()
    out = {k: v for k, v in state.items() if k not in ("_picture_id", "_esm", "_css", "_anywidget_id", "layout")}
    out["view"] = {k: v for k, v in out["view"].items() if k != "ply"}
    out["view"]["awards"] = {p: n for p, n in out["view"]["awards"].items() if n["status"] == "face down"}
    out["cursor"] = {k: v for k, v in out["cursor"].items() if k not in ("ply", "start", "end")}
    return out


def _hidden_part(state, seat):
    """What ``seat`` may not see: the other hands, award tiles, deck orders."""
    pos = state.position()
    return (
        [sorted(p["scrolls"]) for s, p in enumerate(pos["players"]) if s != seat],
        pos["awards"],
        pos["award_box"],
        pos["scroll_deck"],
    )


def _no_award_takers(picture: str) -> str:
    """The static picture less who took each turned-over award tile (see :func:`_wire`)."""
    picture = re.sub(r"<span class='award' title='[^']*'>award (taken|discarded|turned)[^<]*</span>", "", picture)
    return re.sub(r"<span class='part awards'>.*?</span>", "", picture)


@pytest.mark.parametrize("seed", [2, 9])
def test_no_trait_nor_picture_shows_what_a_seat_may_not_see(seed):
    """Each seat sees only its own scrolls; award tiles lie face down (Going to the Temple:
    Scrolls of Fortune; Paying Respectful Visits). For positions of random games and every
    seat (and a spectator), the synced traits and the static picture are the same for every
    position that seat cannot tell apart (the engine's determinizations: other hands, award
    tiles and decks dealt anew)."""
    game = zw.game("zongshi", players=4)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    positions = []
    ply = 0
    while not state.is_over:
        if ply % 37 == 11:
            positions.append(state)
        state = state.play(rng.choice(state.legal_actions()))
        ply += 1
    positions.append(state)
    differing = 0
    for pos in positions:
        for seat in [*range(4), None]:
            board = ZongShiBoard(state=pos, seats=["human"] * 4, seat=seat, history=False, bot_delay=0)
            wire, picture = _wire(board), board.picture()
            text = json.dumps(wire)
            assert '"open"' not in text  # no open hands
            for other in range(4):
                assert '"hand"' not in json.dumps(wire["view"]["players"][other])
            if seat is not None:
                assert wire["view"]["hand"] == sorted(pos.position()["players"][seat]["scrolls"])
            else:
                assert "hand" not in wire["view"]
            for k in range(2):
                det = pos.determinize(seat if seat is not None else 0, random.Random(k))
                if seat is None:  # a spectator knows less than seat 0: seat 0's hand dealt anew too
                    det = det.determinize(1, random.Random(k + 7)).determinize(0, random.Random(k + 11))
                if _hidden_part(det, seat) != _hidden_part(pos, seat):
                    differing += 1
                other = ZongShiBoard(state=det, seats=["human"] * 4, seat=seat, history=False, bot_delay=0)
                assert _wire(other) == wire, f"seat {seat} can tell two positions apart that it may not"
                assert _no_award_takers(other.picture()) == _no_award_takers(picture)
    assert differing > 10  # the check compared positions whose secrets really differ


def test_messages_and_log_never_name_another_seats_hidden_scrolls():
    """Moves of the bots are told to the human seat by their public part: a scroll drawn at the
    Temple is not named; no message or log entry names a scroll hidden in another hand (or, for
    the award tiles, what a face-down tile is)."""
    rng = random.Random(5)
    board = make(seats=["human", "random", "random", "random"], seed=5, seat=0)
    sent = replies(board)
    leaks = []
    names = {sid: board.geometry["scrolls"][sid]["name"] for sid in SCROLL_TYPES}

    def check(_change=None):
        state = board.state
        pos = state.position()
        public = json.dumps(state.view(0))
        secret = {sid for s, p in enumerate(pos["players"]) if s != 0 for sid in p["scrolls"]}
        secret -= {sid for sid in SCROLL_TYPES if sid in public}
        moves = board.get_state()["moves"]
        words = board.message + (json.dumps(moves[-1]) if moves else "") + json.dumps(sent)  # what this move added
        leaks.extend((sid, board.message) for sid in secret if sid in words or names[sid] in words)
        face_down = [a for a in pos["awards"].values() if a] + ([pos["award_box"]] if pos["award_box"] else [])
        view = board.get_state()["view"]
        assert view["award_face_down"] == {k: v is not None for k, v in pos["awards"].items()}
        assert not any(t in json.dumps(view["awards_revealed"]) for t in face_down)

    board.observe(check, names=["message"])
    for _ in range(400):
        if board.state.is_over:
            break
        if board.legal:
            board.play(rng.choice(board.legal)[0])
        check()
    assert leaks == []
    assert len(board.state.history) > 100


# -- words ----------------------------------------------------------------------------------------


def test_action_words_are_plain_english():
    game = zw.game("zongshi", players=4)
    assert action_words(game, "visit scholar 2 official 1") == "visits the scholar (visit tile 2) and the official (visit tile 1)"
    assert action_words(game, "project merchant_statue") == "begins the project Merchant Statue"
    assert action_words(game, "pick ivory") == "picks an ivory box"
    assert action_words(game, "take large gold") == "takes a gold box from the large bin"
    assert action_words(game, "pay ggij") == "pays 2 gold, 1 ivory and 1 jade boxes"
    assert action_words(game, "pay gi with artistic_subtlety on bronze") == "pays 1 gold and 1 ivory boxes using Artistic Subtlety on bronze"
    assert action_words(game, "buy ivory/jade pay ij") == "claims the ivory/jade exchange tile, paying 1 ivory and 1 jade"
    assert action_words(game, "play swift_fingers") == "plays the scroll Swift Fingers, Sure Fingers"


def test_lesson_board_builds_a_zongshi_board():
    """tutor/board.py builds ZongShiBoard(state=..., seats=["human"] * n, history=False)."""
    from zongshi_widgets.tutor.board import board_class

    state = zw.game("zongshi", players=3).from_position({"step": 1, "players": [{"boxes": "ggij"}, {}, {}]})
    board = board_class("zongshi")(state=state, seats=["human"] * 3, history=False)
    assert isinstance(board, ZongShiBoard)
    assert board.screen  # several people at one screen: the privacy screen first
    board.ready()
    assert board.legal and board.view["players"][0]["boxes"] == "ggij"
    assert "Temple" in position_html(board.state)


def test_shell_sentences_name_seats_as_players():
    """The shared shell's sentences (privacy screen, refusals) say "ivory player", never the
    bare colour, which is also a material."""
    from zongshi_widgets.widgets import ZongShiBoard

    board = ZongShiBoard(players=3, seats=["human", "human", "human"], seed=2)
    assert board.seat_labels() == ["ivory player", "blue player", "green player"]
    to = board.screen["seat"]
    assert board.screen["text"].startswith(f"Pass the screen to {board.seat_label(to)}.") and board.seat_label(to).endswith(" player")


# -- the engine records who turned each award tile over (no replay of the history) ----------------
def _replayed_takers(state) -> dict:
    """An independent account of every award tile turned over in ``state``'s game, from its
    public views alone, replayed from the start: ``{person: (tile, seat)}`` (the tiles a move
    turns over are revealed in the order of its townspeople)."""
    s = state.game.new_state(seed=state.chance.seed)
    out = {}
    for action in state.history:
        seat, view = s.to_move, s.view(None)
        s = s.play(action)
        after = s.view(None)
        gone = [p for p, down in view["award_face_down"].items() if down and not after["award_face_down"][p]]
        gone.sort(key=str(action).find)
        for person, tile in zip(gone, after["awards_revealed"][len(view["awards_revealed"]) :]):
            out[person] = (tile, seat)
    return out


@pytest.mark.parametrize("seed", [5, 6, 1])
def test_the_engine_records_who_turned_each_award_over(seed):
    """Paying Respectful Visits (award tiles; ruling V5): ``state.award_takers`` names, for every
    award tile turned over, the tile, the seat and the pawn that visited, as a replay of the
    game's public views finds them (the pawn: test_award_tiles_say_whose_they_are); a tile still
    face down has none."""
    rng = random.Random(seed)
    state = zw.game("zongshi", players=4).new_state(seed=seed)
    while not state.is_over and len(state.history) < 400:
        state = state.play(rng.choice(state.legal_actions()))
    takers = state.award_takers
    replayed = _replayed_takers(state)
    assert replayed, "the game turned no award tile over"
    assert {p: t[:2] for p, t in takers.items() if t is not None} == replayed
    for person, taker in takers.items():
        if taker is None:
            assert state.view(None)["award_face_down"][person]
        else:
            assert taker[2] in ("master", "apprentice")
            if taker[2] == "master":
                assert taker[3]  # a master always takes the tile it turns over


def test_a_save_made_before_the_engine_recorded_award_takers_still_loads():
    """A save written by the engine before it recorded who took each award tile (its position
    description and digest are unchanged): it loads, and its award tiles say whose they are."""
    from pathlib import Path

    text = (Path(__file__).parent / "data" / "zongshi_save_before_award_takers.json").read_text()
    state = zw.game("zongshi", players=3).load_state(text)
    assert state.digest() == json.loads(text)["digest"] and state.to_json() == text
    notes = ZongShiBoard(state=state, seats=["human"] * 3, seat=None, history=False, bot_delay=0).get_state()["view"]["awards"]
    assert (notes["scholar"]["status"], notes["scholar"]["seat"], notes["scholar"]["tile"]) == ("taken", 2, "bins")
    assert (notes["elder"]["status"], notes["elder"]["seat"], notes["elder"]["tile"]) == ("taken", 0, "scroll")
    assert notes["official"]["status"] == notes["merchant"]["status"] == "face down"
    posed = state.game.from_position(state.position(), seed=1)  # a posed position: who took them is not known
    assert all(t is None for t in posed.award_takers.values())
