"""The board widgets' Python side (no browser): the request protocol, the timeline, bots,
lesson hooks, the view contract and the size of each move's update."""

from __future__ import annotations

import asyncio
import json

import pytest

import zongshi_widgets as zw
from zongshi_widgets.games.gembloq import write_blksgf
from zongshi_widgets.games.gembloq.geometry import vertices
from zongshi_widgets.widgets import GameBoard, GembloQBoard
from zongshi_widgets.widgets.gembloq import B64, pack_ids, unpack_ids

FIRST = "b27,c27,b28,c28"  # piece 1 on blue's starting square (4 players)

HOTSEAT = ["human"] * 4


def recorder(board):
    """Capture what the board would send to the browser: (kind, payload) pairs."""
    sent = []

    def _send(msg, buffers=None):
        sent.append(msg)

    board._send = _send
    return sent


def snapshot(board):
    return (board.version, board.state.digest(), len(board.state.history), json.dumps(board.moves), json.dumps(board.cursor))


def request(board, **content):
    """Deliver a browser request the way ipywidgets does: through the registered callback."""
    board._msg_callbacks(board, content, [])


def test_traits_after_construction():
    board = GembloQBoard(seats=HOTSEAT)
    assert board.seats == HOTSEAT
    assert board.version > 0 and board.message == "" and board.moves == []
    geo = board.geometry
    tables = board.state.game.tables
    assert len(geo["cells"]) == 2 * len(tables.cells) and geo["labels"] == tables.labels
    assert len(geo["pieces"]) == 21 and geo["colours"][0]["pattern"] == "dots"
    assert len(board.legal) == 36  # the rulebook's 36 first placements (docs/rulings/gembloq.md, "Checks")
    assert board.cursor == {"ply": 0, "start": 0, "end": 0, "node": 0, "can_undo": False, "can_redo": False, "nodes": 1, "branches": [], "seed": None}
    assert board.thinking == -1 and board.hint == {} and board.highlight == [] and board.task == ""


def test_view_is_the_state_view_of_the_looking_seat():
    """No hidden information: every key of state.view(seat) is in `view` unchanged, for the
    seat to move when a person plays it, else the person who played last."""
    board = GembloQBoard(seats=HOTSEAT)
    for _ in range(6):
        seat = board.state.to_move
        expected = board.state.view(seat)
        assert board.view["seat"] == seat
        assert {k: board.view[k] for k in expected} == expected
        board.play(board.state.legal_actions()[-1])
    bots = GembloQBoard(seats=["greedy", "human", "greedy", "greedy"])
    assert bots.state.to_move == 1 and bots.view["seat"] == 1
    expected = bots.state.view(1)
    assert {k: bots.view[k] for k in expected} == expected


def test_wire_forms_decode_to_the_engine_values():
    """What the ES module does with the packed traits, done in Python: the owner string gives
    each colour's cells, and each legal code [piece, orientation, anchor] placed by translating
    the orientation's first cell onto the anchor gives exactly the engine's placement."""
    board = GembloQBoard(seats=HOTSEAT)
    for notation in (FIRST, "bb27,bc27,bb28,bc28", "bb1,bc1,bb2,bc2", "b1,c1,b2,c2"):
        board.play(notation)
    board.play(board.state.legal_actions()[5])
    state = board.state
    wire = board.get_state(["view", "legal"])
    owner = wire["view"]["owner"]
    assert "cells" not in wire["view"]
    assert [[i for i, ch in enumerate(owner) if ch == str(c)] for c in range(4)] == [state.cells_of(c) for c in range(4)]
    geo = board.geometry
    cells = list(zip(geo["cells"][::2], geo["cells"][1::2]))
    decoded = []
    for text in wire["legal"]:
        piece, orient = B64.index(text[0]), B64.index(text[1])
        flat = geo["pieces"][piece]["o"][orient]
        shape = list(zip(flat[::2], flat[1::2]))
        for anchor in unpack_ids(text[2:]):
            ax, ay = cells[anchor]
            dx, dy = ax - shape[0][0], ay - shape[0][1]
            decoded.append(frozenset((x + dx, y + dy) for x, y in shape))
    assert sorted(decoded, key=sorted) == sorted((frozenset(p.cells) for p in state.legal_actions()), key=sorted)
    # the placed pieces' codes too
    for (colour, piece, orient, anchor), p, mover in zip(board.view["pieces"], state.history, state.movers):
        assert colour == mover and piece == p.piece.index and orient == p.orientation
        assert cells[anchor] == min(p.cells, key=lambda c: (c[1], c[0]))


def test_geometry_tables():
    geo = GembloQBoard(seats=HOTSEAT).geometry
    for t, offsets in enumerate(geo["tri"]):
        k = t >> 1
        assert [[u + k, v] for u, v in offsets] == [list(v) for v in vertices(t, 0)]
    for piece in geo["pieces"]:
        n = len(piece["o"])
        assert sorted(piece["rot"]) == list(range(n)) and sorted(piece["flip"]) == list(range(n))
        o = 0
        for _ in range(4):
            o = piece["rot"][o]
        assert o == 0  # four quarter turns bring it back
    assert unpack_ids(pack_ids([0, 1, 63, 64, 4095])) == [0, 1, 63, 64, 4095]


def test_play_from_python_lets_the_bots_answer():
    board = GembloQBoard(seed=1)  # a person plays blue, greedy bots the rest
    board.play(FIRST)
    assert len(board.state.history) == 4 and board.state.to_move == 0
    assert [e["seat"] for e in board.moves] == [0, 1, 2, 3]
    turn = {"round": None, "turn": 1, "step": None, "seat": 0}
    assert board.moves[0] == {"ply": 1, "seat": 0, "notation": FIRST, "text": "piece 1 (1 square) at b27", "code": [0, 0, 0, 0], "alt": 0, "turn": turn}
    assert board.message.startswith("green placed ")
    assert board.thinking == -1


def test_play_request_checks_version_and_rules():
    board = GembloQBoard(seats=HOTSEAT)
    before = snapshot(board)
    request(board, type="play", action=FIRST, version=board.version - 1)
    assert board.message.startswith("stale:") and snapshot(board) == before

    request(board, type="play", action="d26,e26,d27,e27", version=board.version)  # misses the starting square
    assert board.message.startswith("illegal:") and "rulebook" in board.message and "starting" in board.message
    assert snapshot(board) == before

    request(board, type="play", action=FIRST, version=board.version)
    assert board.message == "blue placed piece 1 (1 square) at b27"
    assert len(board.state.history) == 1 and board.version == before[0] + 1


def test_illegal_moves_are_refused_with_the_rules_words():
    board = GembloQBoard(seats=HOTSEAT)
    for notation in (FIRST, "bb27,bc27,bb28,bc28", "bb1,bc1,bb2,bc2", "b1,c1,b2,c2"):
        board.play(notation)
    before = snapshot(board)
    edge = "f25,g25,d26,e26,f26,g26,d27,e27"  # piece 3 along blue's first square: shares a side with it
    request(board, type="play", action=edge, version=board.version)
    assert board.message.startswith("illegal: The piece would share a side with another blue piece")
    assert "rulebook, Gameplay" in board.message
    assert snapshot(board) == before
    with pytest.raises(zw.IllegalAction) as err:
        board.play(edge)
    assert err.value.rule == "gembloq.placement.edge-contact" and snapshot(board) == before
    request(board, type="play", action=FIRST, version=board.version)  # used piece, covered cells
    assert board.message.startswith("illegal:") and snapshot(board) == before


@pytest.mark.parametrize(
    "content",
    [
        "play b27",
        ["play"],
        None,
        {},
        {"type": 3},
        {"type": "fly"},
        {"type": "play", "version": 1},
        {"type": "play", "action": FIRST},
        {"type": "play", "action": FIRST, "version": "1"},
        {"type": "play", "action": FIRST, "version": True},
        {"type": "play", "action": 42, "version": "now"},
        {"type": "play", "action": FIRST, "version": 1, "extra": 1},
        {"type": "goto"},
        {"type": "goto", "ply": 1, "node": 1},
        {"type": "goto", "ply": "1"},
        {"type": "goto", "ply": 99},
        {"type": "goto", "node": 99},
        {"type": "hint", "mode": "all"},
        {"type": "hint", "mode": "bot", "bot": "oracle"},
        {"type": "hint", "index": 1.5},
        {"type": "new_game", "seed": "x"},
        {"type": "explain", "action": FIRST},
        {"type": "explain", "action": FIRST, "version": 1, "key": {"a": 1}},
    ],
)
def test_malformed_requests_change_nothing(content):
    board = GembloQBoard(seats=HOTSEAT)
    board.play(FIRST)
    sent = recorder(board)
    before = snapshot(board)
    board._msg_callbacks(board, content, [])
    assert board.message.startswith("error:"), board.message
    assert snapshot(board) == before
    assert not [m for m in sent if m.get("method") == "custom"]


def test_malformed_actions_are_refused():
    board = GembloQBoard(seats=HOTSEAT)
    before = snapshot(board)
    for action in (42, None, [[1, 2, 3]], [["a", 1]], [[True, 0]], {"x": 1}, [[0, 0]] * 65):
        request(board, type="play", action=action, version=board.version)
        assert board.message.startswith("error:"), (action, board.message)
    for action in ("", "zz99", "b27,b27", "b27,c27"):
        request(board, type="play", action=action, version=board.version)
        assert board.message.startswith("illegal:"), (action, board.message)
    assert snapshot(board) == before


def test_browser_cannot_write_traits():
    board = GembloQBoard(seats=HOTSEAT)
    sent = recorder(board)
    view, version = dict(board.view), board.version
    board.set_state({"view": {"to_move": 3}, "version": 99, "message": "hacked"})
    assert board.view == view and board.version == version and board.message == ""
    assert sent and sent[-1]["method"] == "update"  # the browser is told the true values


def test_undo_redo_goto_and_branches_in_hotseat():
    board = GembloQBoard(seats=HOTSEAT)
    moves = [FIRST, "bb27,bc27,bb28,bc28", "bb1,bc1,bb2,bc2", "b1,c1,b2,c2"]
    for m in moves:
        board.play(m)
    request(board, type="undo")
    assert len(board.state.history) == 3 and board.cursor["can_redo"] and board.cursor["end"] == 4
    assert board.message == "undo: back to move 3 (green to move)" and [e["ply"] for e in board.moves] == [1, 2, 3, 4]  # the future stays in the log
    request(board, type="redo")
    assert len(board.state.history) == 4 and not board.cursor["can_redo"]
    request(board, type="goto", ply=1, version=board.version)
    assert len(board.state.history) == 1 and board.cursor["ply"] == 1
    # a different second move starts a branch; the old line is kept
    other = board.state.legal_actions()[1]
    request(board, type="play", action=str(other), version=board.version)
    assert len(board.timeline) == 6
    branches = board.cursor["branches"]
    assert len(branches) == 2 and sum(b["current"] for b in branches) == 1
    assert board.moves[1]["alt"] == 1  # one other move was tried at ply 2
    old = next(b for b in branches if not b["current"])
    request(board, type="goto", node=old["node"], version=board.version)
    assert [str(a) for a in board.state.history] == moves[:2]
    assert board.cursor["end"] == 4
    request(board, type="goto", ply=0, version=board.version)
    assert board.state.history == () and not board.cursor["can_undo"]
    request(board, type="undo")
    assert board.message.startswith("nothing to undo")
    with pytest.raises(IndexError):
        board.undo()


def test_undo_with_bots_goes_back_to_the_person():
    board = GembloQBoard(seed=1)
    board.play(FIRST)
    second = board.state.legal_actions()[0]
    board.play(second)
    assert len(board.state.history) == 8
    board.undo()
    assert len(board.state.history) == 4 and board.state.to_move == 0
    board.undo()
    assert len(board.state.history) == 0
    board.redo()
    assert len(board.state.history) == 4 and board.state.to_move == 0


def test_play_request_refused_when_a_bot_is_to_move():
    board = GembloQBoard(seed=1)
    board.play(FIRST)
    board.goto(1)  # yellow (a bot) to move; bots wait after a jump
    assert board.state.to_move == 1
    before = snapshot(board)
    request(board, type="play", action=str(board.state.legal_actions()[0]), version=board.version)
    assert board.message.startswith("refused:") and snapshot(board) == before
    request(board, type="bots", version=board.version)  # no event loop here: they move at once
    assert board.state.to_move == 0 and len(board.state.history) == 4


def test_bots_move_one_at_a_time_on_the_event_loop():
    """In the kernel a person's move returns at once; the bots follow one by one, each move its
    own update, with `thinking` naming the bot about to move."""

    async def scenario():
        board = GembloQBoard(seed=1, bot_delay=0.01)
        sent = recorder(board)
        thinking_seen = []  # every value the trait took (polling could miss one on a busy machine)
        board.observe(lambda change: thinking_seen.append(change["new"]), names="thinking")
        request(board, type="play", action=FIRST, version=board.version)
        assert len(board.state.history) == 1 and board.thinking == 1
        for _ in range(2000):
            await asyncio.sleep(0.005)
            if board.state.to_move == 0 and board.thinking == -1:
                break
        assert len(board.state.history) == 4 and board.thinking == -1
        moves = [m for m in sent if m.get("method") == "update" and "version" in m["state"]]
        assert len(moves) == 4  # the person's move, then one update per bot move
        assert [k for k in thinking_seen if k != -1] == [1, 2, 3]  # each bot named before its move, in turn
        # a person's undo cancels a pending bot move
        request(board, type="play", action=str(board.state.legal_actions()[0]), version=board.version)
        assert board.thinking == 1
        request(board, type="undo")
        await asyncio.sleep(0.05)
        assert len(board.state.history) == 4 and board.thinking == -1

    asyncio.run(scenario())


def test_lesson_hooks_validator_and_feedback():
    board = GembloQBoard(seed=1)
    seen = []

    @board.observe_play
    def check(before, action, after):
        seen.append((before.to_move, str(action), len(after.history)))
        if before.to_move == 0:
            return "Yes: your first piece covers your starting square."
        return None

    def only_piece_one(state, action):
        return None if action.piece.number == 1 else "In this lesson, place piece 1."

    board.validator = only_piece_one
    board.refresh()
    assert len(board.legal) == 1  # legal moves the lesson forbids are not offered
    before = snapshot(board)
    request(board, type="play", action="b27,c27,d27,e27,b28,c28", version=board.version)
    assert board.message == "refused: In this lesson, place piece 1." and snapshot(board) == before
    with pytest.raises(zw.IllegalAction) as err:
        board.play("b27,c27,d27,e27,b28,c28")
    assert err.value.rule == "board.validator"
    board.play(FIRST)  # the bots' moves are not gated
    assert seen[0] == (0, FIRST, 1) and [s[0] for s in seen] == [0, 1, 2, 3]
    assert board.feedback == "Yes: your first piece covers your starting square."
    assert board.on_play == [check]
    board.unobserve_play(check)
    board.task = "Place piece 1 on your starting square."
    board.mark(["b27", (2, 1)])  # label b27 is cell (1, 1): row 27 of 28 counts from the bottom
    assert board.highlight == [board.state.game.tables.index[(1, 1)], board.state.game.tables.index[(2, 1)]]
    with pytest.raises(ValueError):
        board.mark(["a1"])  # a cut corner: not on the playing area


def test_broken_hooks_do_not_break_the_board():
    board = GembloQBoard(seats=HOTSEAT)
    board.observe_play(lambda b, a, s: 1 / 0)
    board.validator = lambda s, a: None if len(s.history) == 0 else [][1]
    board.play(FIRST)
    assert "ZeroDivisionError" in board.feedback and len(board.state.history) == 1
    request(board, type="play", action="bb27,bc27,bb28,bc28", version=board.version)
    assert board.message.startswith("refused:") and "IndexError" in board.message


def test_explain_request_answers_with_the_rule():
    board = GembloQBoard(seats=HOTSEAT)
    sent = recorder(board)
    request(board, type="explain", action=FIRST, version=board.version, key="k1")
    assert sent[-1]["content"] == {
        "type": "explain",
        "key": "k1",
        "version": board.version,
        "legal": True,
        "text": "blue placed piece 1 (1 square) at b27",
        "rule": "",
    }
    request(board, type="explain", action=[[0, 0], [1, 0], [0, 1], [1, 1]], version=board.version, key="k2")
    reply = sent[-1]["content"]
    assert reply["legal"] is False and reply["key"] == "k2" and reply["rule"].startswith("gembloq.")
    off = [[-1, 2], [0, 2], [-1, 1], [0, 1]]  # piece 1 moved one square left of blue's start
    request(board, type="explain", action=off, version=board.version, key="k3")
    assert sent[-1]["content"]["rule"] == "gembloq.placement.off-area" and "rulebook, Setup" in sent[-1]["content"]["text"]
    request(board, type="explain", action=FIRST, version=board.version - 1, key="k4")
    assert sent[-1]["content"]["legal"] is False and sent[-1]["content"]["rule"] == "board.stale"
    assert board.explain("d26,e26,d27,e27")[2] == "gembloq.placement.starting-square"


def test_hint_ladder():
    board = GembloQBoard(seats=HOTSEAT)
    request(board, type="hint", mode="legal", index=0, version=board.version)
    first = board.hint
    assert first["mode"] == "legal" and first["index"] == 0 and first["total"] == 36
    assert first["action"] == str(board.state.legal_actions()[0]) and first["version"] == board.version
    request(board, type="hint", mode="legal", index=37, version=board.version)
    assert board.hint["index"] == 1  # the browser's "Next move" wraps around
    request(board, type="hint", mode="bot", bot="greedy", version=board.version)
    assert board.hint["mode"] == "bot" and board.hint["action"] in {str(a) for a in board.state.legal_actions()}
    request(board, type="play", action=board.hint["action"], version=board.version)  # "play it"
    assert len(board.state.history) == 1 and board.hint == {}  # a move clears the hint
    request(board, type="hint", mode="legal")
    request(board, type="hint", mode="clear")
    assert board.hint == {}


def test_new_game_load_and_game_records():
    board = GembloQBoard(seats=HOTSEAT)
    board.play(FIRST)
    request(board, type="new_game", seed=5)
    assert board.state.history == () and board.state.chance.seed == 5 and len(board.timeline) == 1
    played = zw.game("gembloq", players=4).new_state().play(FIRST).play("bb27,bc27,bb28,bc28")
    board.load(played)
    assert len(board.state.history) == 2 and board.cursor["start"] == 0 and board.cursor["can_undo"]
    board.load(played, history=False)
    assert board.cursor["start"] == 2 and not board.cursor["can_undo"] and board.moves == []
    with pytest.raises(ValueError):
        board.load(zw.game("gembloq", players=2).new_state())
    from_record = GembloQBoard(blksgf=write_blksgf(played), seats=HOTSEAT)
    assert from_record.state == played and len(from_record.moves) == 2
    two = GembloQBoard(players=2)
    assert two.seats == ["human", "greedy"] and two.geometry["H"] == 22
    with pytest.raises(ValueError):
        GembloQBoard(seats=["human", "grandmaster", "greedy", "greedy"])
    with pytest.raises(ValueError):
        GembloQBoard(seats=["human", "greedy"])
    with pytest.raises(FileNotFoundError):
        GembloQBoard(blksgf="no/such/file.blksgf")


def test_changing_seats_lets_the_new_bot_move():
    board = GembloQBoard(seats=HOTSEAT)
    board.play(FIRST)
    board.seats = ["human", "random", "random", "random"]  # no event loop: at once
    assert board.state.to_move == 0 and len(board.state.history) == 4


def test_mimebundle_has_a_static_picture():
    board = GembloQBoard(seats=HOTSEAT)
    board.play(FIRST)
    data, _ = board._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["image/svg+xml"].startswith("<svg") and "1 pieces placed" in data["image/svg+xml"]


def test_generic_board_for_any_game():
    board = GameBoard(zw.game("gembloq", players=2).new_state(), seats=["human", "random"])
    assert board.legal[0] == str(board.state.legal_actions()[0])
    request(board, type="play", action=board.legal[0], version=board.version)
    assert len(board.state.history) == 2 and board.state.to_move == 0


@pytest.mark.parametrize("players,bots", [(4, "greedy"), (4, "random"), (3, "random"), (2, "greedy")])
def test_each_move_update_is_under_10_kb(players, bots):
    """Every update message a move sends (all the trait changes of one move, as ipywidgets
    sends them) stays under 10 KB of JSON, over whole games. Static geometry is sent once."""
    board = GembloQBoard(players=players, seats=["human"] + [bots] * (players - 1), bot_seed=3)
    sent = recorder(board)
    geometry = len(json.dumps(board.get_state(["geometry"])))
    sizes = []
    while not board.state.is_over:
        del sent[:]
        legal = board.state.legal_actions()
        board.play(legal[len(legal) // 3])  # the person; then each bot's move is its own update
        sizes += [len(json.dumps(m)) for m in sent if m.get("method") == "update"]
        assert all("geometry" not in m["state"] for m in sent)
    print(
        f"\n{players} players vs {bots}: {len(sizes)} updates, largest {max(sizes)} bytes, "
        f"mean {sum(sizes) // len(sizes)} bytes; geometry once: {geometry} bytes"
    )
    assert max(sizes) < 10_000


# -- scores hidden in question lessons ---------------------------------------------------------
def finished_board(**options):
    board = GembloQBoard(players=2, seats=["greedy", "greedy"], bot_seed=1, **options)
    assert board.state.is_over
    return board


def test_reveal_scores_is_a_synced_trait_that_hides_the_score_from_the_browser():
    board = finished_board()
    assert board.reveal_scores is True and board.trait_metadata("reveal_scores", "sync")
    wire = board.get_state(["view", "reveal_scores"])
    assert wire["reveal_scores"] is True
    assert {"penalty", "tiebreak", "ranking", "winners"} <= set(wire["view"])
    assert "Game over" in board.message and "penalty points" in board.message

    sent = recorder(board)
    board.reveal_scores = False
    updates = [m["state"] for m in sent if m.get("method") == "update"]
    assert any(u.get("reveal_scores") is False for u in updates)
    assert any("view" in u for u in updates)  # the view is sent again, redacted
    wire = board.get_state(["view"])["view"]
    assert not {"penalty", "tiebreak", "ranking", "winners"} & set(wire)
    assert wire["pieces_left"] == board.state.view(board.view["seat"])["pieces_left"]  # the trays stay
    # Python's own view is the engine's, unchanged
    assert board.view["penalty"] == board.state.view(board.view["seat"])["penalty"]
    board.reveal_scores = True
    assert "penalty" in board.get_state(["view"])["view"]


def test_reveal_scores_can_be_given_to_the_constructor():
    board = finished_board(reveal_scores=False)
    assert board.reveal_scores is False and "penalty" not in board.get_state(["view"])["view"]
    assert "scores hidden" in board.message


# -- arguments are checked ----------------------------------------------------------------------
def test_unknown_keyword_arguments_are_refused_by_name():
    with pytest.raises(TypeError) as err:
        GembloQBoard(players=2, seets=["human", "greedy"], bot_dealy=0)
    text = str(err.value)
    assert "'seets'" in text and "did you mean 'seats'" in text
    assert "'bot_dealy'" in text and "did you mean 'bot_delay'" in text
    with pytest.raises(TypeError, match="'colour'"):
        GameBoard(zw.game("gembloq", players=2).new_state(), colour=1)
    with pytest.raises(TypeError, match="computes it itself"):
        GembloQBoard(view={})
    # real options pass through
    board = GembloQBoard(players=2, layout={"width": "600px"}, task="Play.", history=False, reveal_scores=False)
    assert board.layout.width == "600px" and board.task == "Play." and not board.reveal_scores


@pytest.mark.parametrize(
    "seats, words",
    [
        ("human", "not the string 'human'"),
        (["human", None], "seat 1 is None"),
        (["human", 3], "seat 1 is 3"),
        (5, "not int"),
        (["human"], "has 2 seats"),
        (["human", "grandmaster"], "not 'grandmaster'"),
    ],
)
def test_bad_seats_are_refused_clearly(seats, words):
    with pytest.raises(ValueError) as err:
        GembloQBoard(players=2, seats=seats)
    assert words in str(err.value)


def test_bot_delay_and_bot_seed_are_checked():
    for delay in (-1, "fast", None, float("nan"), True):
        with pytest.raises(ValueError, match="bot_delay must be a number of seconds >= 0"):
            GembloQBoard(players=2, bot_delay=delay)
    for seed in ("1", 1.5, True):
        with pytest.raises(TypeError, match="bot_seed must be an int or None"):
            GembloQBoard(players=2, bot_seed=seed)
    board = GembloQBoard(players=2, bot_delay=0, bot_seed=None)
    board.bot_delay = 1
    assert board.bot_delay == 1.0
    with pytest.raises(ValueError):
        board.bot_delay = -0.5
    with pytest.raises(TypeError):
        board.bot_seed = "x"
    with pytest.raises(ValueError, match="not the string"):
        board.seats = "human"  # assignment is checked too (refused by the List trait or by us)


def test_methods_refuse_junk_with_clear_errors():
    board = GembloQBoard(seats=HOTSEAT)
    with pytest.raises(TypeError, match="hint index must be an int, not 'a'"):
        board.show_hint("legal", index="a")
    with pytest.raises(TypeError, match="hint mode must be a string"):
        board.show_hint(None)
    with pytest.raises(IndexError, match=r"36 allowed moves, so index is 0\.\.35"):
        board.show_hint("legal", index=10**9)
    assert board.hint == {}
    assert board.show_hint("legal", index=-1)["index"] == 35  # from the end, as with a list
    assert board.show_hint("legal", index=37, wrap=True)["index"] == 1
    with pytest.raises(TypeError, match="ply must be an int, not '1'"):
        board.goto(ply="1")
    with pytest.raises(TypeError, match="node must be an int"):
        board.goto(node=1.0)
    with pytest.raises(IndexError, match=r"plies 0\.\.0, not 3"):
        board.goto(3)
    with pytest.raises(TypeError, match="load needs a State"):
        board.load(None)
    with pytest.raises(TypeError, match="seed must be an int or None"):
        board.new_game(seed="7")
    assert board.state.history == ()


# -- stale messages and feedback ----------------------------------------------------------------
def test_refusals_are_cleared_when_the_person_moves_on():
    board = GembloQBoard(seats=HOTSEAT)
    request(board, type="play", action="d26,e26,d27,e27", version=board.version)
    assert board.message.startswith("illegal:")
    version = board.version
    request(board, type="dismiss")
    assert board.message == "" and board.version == version  # nothing else changes
    board.message = "blue placed piece 1 (1 square) at b27"
    request(board, type="dismiss")
    assert board.message == "blue placed piece 1 (1 square) at b27"  # only refusals are dismissed
    request(board, type="play", action="d26,e26,d27,e27", version=board.version)
    request(board, type="hint", mode="legal", index=0)
    assert board.message == "" and board.hint["index"] == 0  # asking for a hint clears it
    board.play(FIRST)
    request(board, type="play", action="d26,e26,d27,e27", version=board.version)
    request(board, type="undo")
    assert board.message.startswith("undo:")  # a change of position replaces it


def test_feedback_clears_when_the_cursor_leaves_the_judged_move():
    board = GembloQBoard(seed=1)  # greedy bots reply to blue

    @board.observe_play
    def judge(before, action, after):
        return "Yes: well placed." if before.to_move == 0 and len(before.history) == 4 else None

    board.play(FIRST)
    assert board.feedback == ""
    board.play(board.state.legal_actions()[0])  # judged; then the bots reply
    assert board.feedback == "Yes: well placed." and len(board.state.history) == 8  # kept over their replies
    board.goto(6)
    assert board.feedback == "Yes: well placed."  # still after the judged move
    board.goto(4)
    assert board.feedback == ""  # before it: cleared
    board.redo()
    assert board.feedback == ""  # not brought back
    # set from outside (a question lesson's answer): stays while the cursor stays
    board.feedback = "Not yet: count again."
    board.refresh()
    assert board.feedback == "Not yet: count again."
    board.goto(0)
    assert board.feedback == ""


def test_lesson_try_again_clears_the_feedback():
    from zongshi_widgets.tutor import show_lesson

    lb = show_lesson("gembloq", "side-to-other")
    miss = next(a for a in lb.start.legal_actions() if a not in lb.lesson.solutions(lb.start))
    lb.attempt(miss)
    assert lb.board.feedback.startswith("Not yet")
    lb.reset()  # "Try again": back to the lesson's position
    assert lb.board.feedback == ""


# -- one way to name a piece ----------------------------------------------------------------------
def test_pieces_are_named_one_way_everywhere():
    board = GembloQBoard(seats=HOTSEAT)
    board.play(FIRST)
    assert board.message == "blue placed piece 1 (1 square) at b27" and board.moves[0]["text"] == "piece 1 (1 square) at b27"
    labels = [p["label"] for p in board.geometry["pieces"]]
    assert labels[1] == "piece 2 (1½ squares)" and labels[20] == "piece 21 (P)" and labels[8] == "piece 9 (L4)"
    titles = [p["title"] for p in board.geometry["pieces"]]
    assert titles[0] == "Piece 1 (1 square)" and titles[1] == "Piece 2 (1½ squares)" and titles[8] == "Piece 9 (L4, 4 squares)"
    hint = board.show_hint("legal", index=0)
    assert hint["text"].startswith("yellow placed piece ")


def test_a_placement_is_named_at_the_same_cell_by_the_log_and_by_the_front_end():
    """The front end names a preview at cell ``geometry["pieces"][p]["at"][o]`` of the
    orientation's cells (translated); the log and messages name it at the notation's first
    cell: the same cell, for every placement of the playing area."""
    board = GembloQBoard(seats=HOTSEAT)
    geo, tables = board.geometry, board.state.game.tables
    for pl in tables.placements[::7]:
        p, o, anchor, _colour = board.action_code(board.state, pl)
        flat = geo["pieces"][p]["o"][o]
        cells = [(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]
        ax, ay = geo["cells"][2 * anchor], geo["cells"][2 * anchor + 1]
        dx, dy = ax - cells[0][0], ay - cells[0][1]
        x, y = cells[geo["pieces"][p]["at"][o]]
        label = geo["labels"][tables.index[(x + dx, y + dy)]]
        assert board.short_text(board.state, pl).split(",")[0].endswith(f" at {label}"), (str(pl), label)


def test_puzzle_board_sends_only_the_playing_colours_starting_square():
    board = GembloQBoard(players=1, seats=["human"])
    assert len(board.geometry["starts"]) == len(board.geometry["colours"]) == 1
    assert board.state._repr_svg_().count('stroke="#000" stroke-width=".8"') == 1  # one starting-square mark


def test_blksgf_argument_must_be_text_or_a_path():
    with pytest.raises(TypeError, match="blksgf must be"):
        GembloQBoard(blksgf=5)


# -- seats changed in place (issue #6) -------------------------------------------------------------
def test_a_seat_changed_in_place_takes_effect_and_a_bad_name_is_refused():
    """``board.seats[1] = "greedy"`` is checked and applied like an assignment of the whole
    list: the bot plays at once and after the next move (no KeyError); an unknown name raises
    SeatError and changes nothing; the number of seats cannot change."""
    from zongshi_widgets.widgets.base import SeatError

    board = GembloQBoard(seats=HOTSEAT, bot_delay=0)
    board.play(FIRST)
    board.seats[1] = "greedy"
    assert board.seats == ["human", "greedy", "human", "human"] and board.get_state(["seats"])["seats"] == board.seats
    assert len(board.state.history) == 2 and board.state.to_move == 2  # the greedy bot moved for yellow
    board.play(board.state.legal_actions()[0])  # red; then green, blue: people
    board.play(board.state.legal_actions()[0])
    board.play(board.state.legal_actions()[0])
    assert len(board.state.history) == 6 and board.state.to_move == 2  # yellow's bot answered again
    before = snapshot(board)
    with pytest.raises(SeatError, match="not 'grandmaster'"):
        board.seats[3] = "grandmaster"
    with pytest.raises(SeatError, match="fixed at 4"):
        board.seats.append("human")
    with pytest.raises(SeatError, match="fixed at 4"):
        del board.seats[0]
    assert board.seats == ["human", "greedy", "human", "human"] and snapshot(board) == before
    board.seats[1] = "human"  # and back: a person again
    board.play(board.state.legal_actions()[0])
    assert board.state.to_move == 3


def test_a_configured_bot_object_sits_at_a_board_and_the_browser_gets_its_label():
    """seats=[..., zw.agents.agent("mcts", iterations=5)]: the board plays that very bot (its
    own settings and seed), syncs only its label ("mcts[5 it]") to the browser (traits stay
    JSON; the object stays in Python), and names it so in the turn line."""
    bot = zw.agents.agent("mcts", game="gembloq", seed=1, iterations=5)
    board = GembloQBoard(players=2, seats=["human", bot], bot_delay=0)
    assert board.seats == ["human", bot] and board.session.seats == ("human", bot)
    synced = board.get_state(["seats"])["seats"]
    assert synced == ["human", "mcts[5 it]"] and json.loads(json.dumps(synced)) == synced
    board.play(board.state.legal_actions()[0])
    assert len(board.state.history) == 2 and board.state.to_move == 0  # the bot answered
    assert bot.last_iterations >= 1  # ...and it was this object that searched
    board.seats[1] = zw.agents.agent("random", seed=3)  # in place, a generic bot object
    assert board.get_state(["seats"])["seats"] == ["human", "random"]
    zs = zw.widgets.ZongShiBoard(players=3, seats=["human", zw.agents.agent("mcts", game="zongshi", seconds=2), "greedy"], bot_delay=0)
    assert zs.get_state(["seats"])["seats"] == ["human", "mcts[2s]", "greedy"]
    assert zw.widgets.session.seat_label(zs.seats[1]) == "mcts[2s]"


def test_a_seat_that_is_no_bot_or_a_bot_of_another_game_is_refused():
    """A seat object must be a zongshi_widgets Agent; a game's own bot (it reads that game's
    positions: Zong Shi's evaluation on a GembloQ board would fail mid-game) is refused on
    another game's board with a SeatError that says how to make the right one; nothing changes."""
    from zongshi_widgets.widgets.base import SeatError

    class Chooser:  # has choose(), but is no Agent
        def choose(self, state):
            return state.legal_actions()[0]

    for seat, words in [(object(), "a bot object made with zongshi_widgets.agents.agent"), (Chooser(), "(Chooser)")]:
        with pytest.raises(SeatError, match="seat 1 is") as err:
            GembloQBoard(players=2, seats=["human", seat])
        assert words in str(err.value)
    with pytest.raises(SeatError, match=r"made for zongshi, not gembloq; make one for this game: zongshi_widgets.agents.agent\('greedy', game='gembloq'"):
        GembloQBoard(players=2, seats=["human", zw.agents.agent("greedy", game="zongshi")])
    board = GembloQBoard(players=2, seats=["human", "human"], bot_delay=0)
    before = snapshot(board)
    with pytest.raises(SeatError, match="made for art_gallery"):
        board.seats[1] = zw.agents.agent("mcts", game="art_gallery", iterations=5)
    assert board.seats == ["human", "human"] and snapshot(board) == before


def test_a_seat_list_changed_behind_the_boards_back_breaks_nothing():
    """Even when the seat list is changed around its checks, the board goes on: the session
    keeps the seats it was given (it is what plays), no KeyError after the next move."""
    board = GembloQBoard(seats=HOTSEAT, bot_delay=0)
    board.play(FIRST)
    list.__setitem__(board.seats, 1, "random")  # around the checks, as old code might
    assert board.session.seats == tuple(HOTSEAT) and board.run_bots() == 0
    board.play(board.state.legal_actions()[0])
    assert len(board.state.history) == 2


# -- the move log is `moves`: `log` stays ipywidgets' logger (issue #6) ----------------------------
def test_the_move_log_does_not_shadow_the_widget_logger():
    import logging

    board = GembloQBoard(seats=HOTSEAT)
    assert isinstance(board.log, logging.Logger)
    assert "moves" in board.keys and "log" not in board.keys
    board.play(FIRST)
    assert board.moves[0]["notation"] == FIRST
    # ipywidgets reports an unknown front-end message through the widget's `log`: that works
    board._handle_msg({"content": {"data": {"method": "no-such-method"}}, "buffers": []})


# -- the static picture beside the live board (issue #6) ------------------------------------------
def _display_calls(monkeypatch):
    import IPython.display as disp

    calls = []
    monkeypatch.setattr(disp, "display", lambda obj, **kw: calls.append(("display", obj, kw)))
    monkeypatch.setattr(disp, "update_display", lambda obj, **kw: calls.append(("update", obj, kw)))
    return calls


def test_the_board_shows_a_picture_first_and_keeps_it_current(monkeypatch):
    """Displayed, a board makes two outputs: its picture (with a display id), then the live
    widget; every change of position replaces the picture, so a notebook saved or exported
    later shows the position of that moment."""
    calls = _display_calls(monkeypatch)
    board = GembloQBoard(seats=["human", "greedy", "greedy", "greedy"], bot_delay=0)
    board._ipython_display_()
    (k1, pic, kw1), (k2, widget, kw2) = calls
    assert k1 == k2 == "display" and kw1 == {"raw": True, "display_id": board._picture.id} and kw2 == {"raw": True}
    assert set(widget) == {"text/plain", "application/vnd.jupyter.widget-view+json"}
    assert f'data-zw-board="{board._picture.id}"' in pic["text/html"] and board.get_state(["_picture_id"])["_picture_id"] == board._picture.id
    assert "0 pieces placed" in pic["text/html"] and "after move 0" in pic["text/html"]
    board.play(FIRST)  # and the three bots answer
    kind, new, kw = calls[-1]
    assert kind == "update" and kw == {"raw": True, "display_id": board._picture.id}
    assert "4 pieces placed" in new["text/html"] and "after move 4" in new["text/html"]
    n = len(calls)
    board.refresh()  # nothing changed: nothing sent
    assert len(calls) == n
    board.mark("b1")
    assert calls[-1][0] == "update" and 'stroke="#000" stroke-width="2"' in calls[-1][1]["text/html"]


def test_the_picture_shows_the_trays_but_no_score():
    """The static picture has each colour's pieces in hand, with their numbers (what a
    scoring question needs), and no penalty points."""
    board = GembloQBoard(players=2, seats=["greedy", "greedy"], reveal_scores=False)
    html_text = board._picture_parts()[0]
    sheet = board.state.score_sheet()
    assert "trays" in html_text and f"Blue: {len(board.state.pieces_left(0))} piece" in html_text
    assert "penalty" not in html_text.lower() and f">{sheet.totals[0]:g} " not in html_text


def test_a_picture_is_not_sent_before_the_board_is_displayed(monkeypatch):
    calls = _display_calls(monkeypatch)
    board = GembloQBoard(seats=HOTSEAT)
    board.play(FIRST)
    assert calls == []


# -- lesson switches: no hints, no new game; why nothing may be played ----------------------------
def test_hint_and_new_game_requests_are_refused_when_switched_off():
    board = GembloQBoard(seats=HOTSEAT, hints=False, allow_new_game=False)
    board.play(FIRST)
    before = snapshot(board)
    request(board, type="hint", mode="legal", index=0)
    assert board.hint == {} and board.message.startswith("refused: this board gives no hints")
    request(board, type="new_game", seed=3)
    assert snapshot(board) == before and board.message.startswith("refused: no new game here")


def test_blocked_says_why_nothing_may_be_played_when_the_validator_refuses_every_move():
    board = GembloQBoard(seats=HOTSEAT)
    assert board.blocked == ""
    board.validator = lambda state, action: "this lesson is about one move" if state.history else None
    board.play(FIRST)
    assert board.legal == [] and board.blocked == "this lesson is about one move"
    board.undo()
    assert board.blocked == "" and len(board.legal) == 36


def test_ping_is_answered_so_a_view_can_tell_a_live_kernel_from_a_gone_one():
    board = GembloQBoard(seats=HOTSEAT)
    sent = []
    board.send = lambda msg, buffers=None: sent.append(msg)
    before = snapshot(board)
    request(board, type="ping", key="k1")
    assert sent == [{"type": "pong", "key": "k1"}] and snapshot(board) == before
    request(board, type="ping", key=["not", "a", "key"])
    assert board.message.startswith("error: 'key' must be")


def test_branches_are_named_by_their_move_at_the_fork():
    """Two lines from the same position differ in their names: each names its own move."""
    board = GembloQBoard(seats=HOTSEAT)
    board.play(FIRST)
    a, b = board.state.legal_actions()[0], board.state.legal_actions()[-1]
    board.play(a)
    board.undo()
    board.play(b)
    texts = [br["text"] for br in board.cursor["branches"]]
    assert texts == [board.short_text(board.timeline.root.children[0].state, a), board.short_text(board.timeline.root.children[0].state, b)]
    assert texts[0] != texts[1] and all(br["from"] == 2 for br in board.cursor["branches"])


def test_gembloq_boards_share_one_game_one_per_seat():
    """Several boards can show one session, each bound to one seat (players on separate
    screens of one kernel); a move on one shows on all, and each acts only for its seat."""
    blue = GembloQBoard(seats=HOTSEAT, seat=0)
    yellow = GembloQBoard(session=blue.session, seat=1)
    assert blue.legal and not yellow.legal and yellow.watch["seat"] == 1
    request(yellow, type="play", action=FIRST, version=yellow.version)
    assert yellow.message.startswith("refused: it is blue's turn") and blue.state.history == ()
    request(blue, type="play", action=FIRST, version=blue.version)
    assert yellow.version == blue.version and len(yellow.moves) == 1 and yellow.legal
    with pytest.raises(ValueError, match="belong to the session"):
        GembloQBoard(session=blue.session, seats=HOTSEAT)
    with pytest.raises(TypeError, match="not both"):
        GembloQBoard(session=blue.session, state=blue.state)


def test_the_two_player_four_colour_game_on_the_gembloq_board():
    """Pentobi's Two-Player Four-Color game: the first player plays blue and red, the second
    yellow and green; each player's penalty points are their two colours' sum."""
    board = GembloQBoard(players=2, colors=4, seats=["human", "human"], bot_delay=0)
    assert board.state.game == zw.game("gembloq", players=2, colors=4)
    assert board.geometry["colour_seat"] == [0, 1, 0, 1] and board.geometry["colour_names"] == ["blue", "yellow", "red", "green"]
    assert board.geometry["seat_names"] == ["blue and red", "yellow and green"]
    for colour in range(4):  # one placement per colour: the names in the log are the colours'
        assert board.view["colour_to_move"] == colour and board.view["to_move"] == colour % 2
        assert board.view["attach"] == board.state.attach_points(colour)
        board.play(str(board.state.legal_actions()[0]))
        assert board.message.startswith(f"{['blue', 'yellow', 'red', 'green'][colour]} placed ")
    sheet = board.state.score_sheet()
    assert board.view["seat_penalty"] == list(sheet.totals)
    assert board.view["ranking"] == [sheet.ranking[c % 2] for c in range(4)]
    state = zw.game("gembloq", players=2, colors=4).new_state()
    assert GembloQBoard(state=state, seats=["human", "greedy"]).view["colour_to_move"] == 0
    with pytest.raises(ValueError, match="colors= makes a new game"):
        GembloQBoard(state=state, colors=4)
    with pytest.raises(ValueError, match="colors"):
        GembloQBoard(players=3, colors=4)


def test_the_two_player_four_colour_game_ends_with_the_players_scores():
    """End of the game (rulebook, End of the Game; Pentobi's Two-Player Four-Color): the
    winner is a player, named by their colours; the scores are hidden in question lessons."""
    state = zw.game("gembloq", players=2, colors=4).new_state()
    from zongshi_widgets.lab import play_game

    end = play_game(state.game, ["random", "random"], seed=3)
    board = GembloQBoard(state=end, seats=["human", "human"], history=False)
    sheet = end.score_sheet()
    assert board.view["winners"] == [c for c in range(4) if c % 2 in sheet.winners]
    assert board.view["seat_penalty"] == [sum(board.view["penalty"][c] for c in (s, s + 2)) for s in range(2)]
    board.reveal_scores = False
    wire = board.get_state(["view"])["view"]
    assert "seat_penalty" not in wire and "penalty" not in wire and "winners" not in wire


def test_the_four_colour_static_picture_names_the_colours_trays():
    """The static picture of the Two-Player Four-Color game: a tray per colour."""
    board = GembloQBoard(players=2, colors=4, seats=["human", "human"])
    picture = board.picture()
    for name in ("Blue", "Yellow", "Red", "Green"):
        assert f"{name}: 21 pieces in hand" in picture


def test_a_highlight_changed_in_place_reaches_the_browser():
    """Issue 25: ``board.highlight.append(...)`` changed the list in Python and never reached the
    browser. Every in-place change of ``highlight`` is observed and synced, like an assignment."""
    board = GembloQBoard(players=2, seats=["human", "human"], seed=1)
    seen, sent = [], []
    board.observe(lambda change: seen.append(list(change["new"])), names="highlight")
    send_state = board.send_state
    board.send_state = lambda key=None: (sent.append(key), send_state(key))
    board.highlight.append("a1")
    board.highlight += ["b2"]
    board.highlight[0] = "c3"
    board.highlight.extend(["d4"])
    del board.highlight[1]
    board.highlight.remove("c3")
    assert seen == [["a1"], ["a1", "b2"], ["c3", "b2"], ["c3", "b2", "d4"], ["c3", "d4"], ["d4"]]
    assert sent == ["highlight"] * 6 and board.get_state("highlight") == {"highlight": ["d4"]}
    board.highlight = ["e5"]  # an assignment still works, and the old list no longer drives the board
    old = board.highlight
    board.highlight = []
    old.append("x")
    assert board.highlight == [] and seen[-1] == []


def test_a_cell_run_again_replaces_the_boards_it_made(monkeypatch):
    """Issue 25: re-running a board's cell 30 times left 31 live boards on the session (each move
    then sent 31 messages). A run of a notebook cell closes the boards the cell's previous run
    made (the cell id and execution count come from the kernel's request; outside a kernel
    nothing is replaced)."""
    from zongshi_widgets.widgets import base

    origin = {"value": ("cell-a", 1)}
    monkeypatch.setattr(base, "_cell_origin", lambda: origin["value"])
    monkeypatch.setattr(base, "_CELL_BOARDS", {})
    first = GembloQBoard(players=2, seats=["human", "human"], seed=1)
    second = GameBoard(session=first.session, seat=1)  # the same run of the cell: both stay
    assert len(first.session._listeners) == 2 and first.comm is not None and second.comm is not None
    boards = [first, second]
    for run in range(2, 32):  # the cell run again 30 times
        origin["value"] = ("cell-a", run)
        boards.append(GameBoard(session=first.session, seat=1))
    assert len(first.session._listeners) == 1 and boards[-1].comm is not None
    assert all(b.comm is None for b in boards[:-1])
    origin["value"] = ("cell-b", 40)  # another cell's board leaves this one alone
    other = GameBoard(session=first.session, seat=0)
    assert boards[-1].comm is not None and len(first.session._listeners) == 2
    other.close()
    monkeypatch.setattr(base, "_cell_origin", lambda: None)  # outside a kernel: nothing replaced
    a = GembloQBoard(players=2, seats=["human", "human"], seed=1)
    b = GembloQBoard(players=2, seats=["human", "human"], seed=1)
    assert a.comm is not None and b.comm is not None
