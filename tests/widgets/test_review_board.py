"""The board's game review (issue 21), through the request protocol: a ``review`` request
marks the mistakes of the line in the move log, reports its progress in ``review_status``,
runs on a background thread whose results reach the traits on the kernel's event loop only,
can be cancelled, jumps to a mark and tries the better move as a new branch, keeps its marks
on the reviewed line, and sends nothing a seat may not see."""

from __future__ import annotations

import asyncio
import json
import random
import threading

import pytest

import zongshi_widgets as zw
from zongshi_widgets.agents import agent
from zongshi_widgets.widgets import GameBoard, GembloQBoard

#: A GembloQ two-player game (seed 0, both colours greedy) to its 20th placement; blue then
#: plays this small piece where the search (300 iterations) rates a winning placement at about
#: 0.9 and this one at about 0.3.
PLANTED_PLY = 20
PLANTED = "an16,ao16,al17,am17,an17,ao17,al18,am18"


def request(board, **content):
    """Deliver a browser request the way ipywidgets does: through the registered callback."""
    board._msg_callbacks(board, content, [])


def recorder(board):
    """What the board sends to the browser, with the thread each message was sent from."""
    sent = []

    def _send(msg, buffers=None):
        sent.append((threading.current_thread(), msg))

    board._send = _send
    return sent


def greedy_line(game, seed: int, plies: int):
    """A seeded game with both seats greedy, to ``plies`` actions."""
    state = game.new_state(seed=seed)
    bots = [agent("greedy", seed=1 + s, game=game) for s in range(game.players)]
    while len(state.history) < plies and not state.is_over:
        state = state.play(bots[state.to_move].choose(state, state.to_move))
    return state


def planted_board(**options) -> GembloQBoard:
    """A finished game on a board (blue human, red greedy) rooted after move 16, with the
    planted mistake at move 21 (decision ply 20); blue plays greedy moves otherwise."""
    game = zw.game("gembloq", players=2)
    start = greedy_line(game, 0, 16)
    board = GembloQBoard(state=start, seats=["human", "greedy"], history=False, **options)
    me = agent("greedy", seed=1, game=game)
    while not board.state.is_over:
        if len(board.state.history) == PLANTED_PLY:
            board.play(PLANTED)
        else:
            board.play(me.choose(board.state, 0))
    return board


def test_a_review_request_marks_the_planted_mistake_with_its_progress():
    board = planted_board()
    seen = []
    board.observe(lambda change: seen.append(change["new"]), names="review_status")
    request(board, type="review", iterations=60)
    info = board.review_status
    assert info["state"] == "done" and info["seat"] == 0
    # progress: running from 0, one step per decision, up to the total
    steps = [(s["done"], s["total"]) for s in seen if s.get("state") == "running"]
    total = info["total"]
    assert total == len(board.last_review.decisions) >= 3
    assert [d for d, _ in steps] == list(range(total + 1))
    assert info["done"] == total
    mark = next(m for m in info["marks"] if m["ply"] == PLANTED_PLY)
    assert mark["seat"] == 0 and mark["loss"] >= 0.10
    assert mark["best"] != PLANTED and mark["best"] in {str(a) for a in board.timeline.line()[PLANTED_PLY - 16].state.legal_actions()}
    # the mark names the move the way the log does (its log entry is ply + 1)
    entry = next(e for e in board.moves if e["ply"] == PLANTED_PLY + 1)
    assert mark["text"] == entry["text"]
    assert mark["best_text"].startswith("piece ")
    assert "mistake" in info["text"] and str(len(info["marks"])) in info["text"]
    # the Python method gives the same review (same seed and iterations)
    again = board.review(iterations=60)
    assert [(d.ply, str(d.best), d.loss) for d in again.decisions] == [(d.ply, str(d.best), d.loss) for d in board.last_review.decisions]


def test_a_fine_line_has_no_mark():
    """The mark comes from the planted move: the same game with blue's greedy move there has
    no mark at that ply."""
    game = zw.game("gembloq", players=2)
    board = GembloQBoard(state=greedy_line(game, 0, 16), seats=["human", "greedy"], history=False)
    me = agent("greedy", seed=1, game=game)
    while not board.state.is_over:
        board.play(me.choose(board.state, 0))
    board.review(iterations=60)
    assert all(m["ply"] != PLANTED_PLY for m in board.review_status["marks"])


def test_the_review_runs_on_a_thread_and_only_the_event_loop_touches_the_traits():
    """From the browser the review runs in the background: the request returns at once, the
    board answers other requests meanwhile, and every message to the browser is sent from the
    kernel's own thread (ipywidgets messages from other threads are unsafe)."""

    async def scenario():
        board = planted_board()
        sent = recorder(board)
        request(board, type="review", iterations=60)
        assert board.review_status["state"] == "running"
        request(board, type="ping", key="alive")  # the kernel is free
        assert any(m.get("content", {}).get("type") == "pong" for _, m in sent)
        for _ in range(2000):
            await asyncio.sleep(0.01)
            if board.review_status["state"] != "running":
                break
        assert board.review_status["state"] == "done"
        assert any(m["ply"] == PLANTED_PLY for m in board.review_status["marks"])
        main = threading.main_thread()
        assert sent and all(thread is main for thread, _ in sent)
        updates = [m["state"]["review_status"] for _, m in sent if m.get("method") == "update" and "review_status" in m.get("state", {})]
        assert updates[-1]["state"] == "done" and len(updates) >= 3

    asyncio.run(scenario())


def test_cancel_stops_the_review_and_keeps_the_marks_so_far():
    async def scenario():
        board = planted_board()
        request(board, type="review", iterations=3000)
        for _ in range(3000):
            await asyncio.sleep(0.01)
            if board.review_status["done"] >= 1:
                break
        request(board, type="review_cancel")
        for _ in range(3000):
            await asyncio.sleep(0.01)
            if board.review_status["state"] != "running":
                break
        info = board.review_status
        assert info["state"] == "cancelled" and 1 <= info["done"] < info["total"]
        assert board.last_review is not None and not board.last_review.complete
        assert len(board.last_review.decisions) == info["done"]
        assert "stopped early" in info["text"]

    asyncio.run(scenario())


def test_cancel_in_plain_python_between_decisions():
    board = planted_board()
    board.observe(lambda change: board.cancel_review() if change["new"].get("done") == 1 else None, names="review_status")
    result = board.review(iterations=20)
    assert not result.complete and len(result.decisions) == 1
    assert board.review_status["state"] == "cancelled"
    request(board, type="review_cancel")
    assert board.message == "no review is running"


def test_a_mark_jumps_to_its_position_and_the_better_move_is_tried_as_a_branch():
    board = planted_board()
    board.review(iterations=60)
    marks = board.review_status["marks"]
    mark = next(m for m in marks if m["ply"] == PLANTED_PLY)
    request(board, type="review_show", ply=PLANTED_PLY, version=board.version)
    assert len(board.state.history) == PLANTED_PLY  # the position before the move
    hint = board.hint
    assert hint["mode"] == "review" and hint["action"] == mark["best"] and hint["text"] == mark["best_move"]
    assert mark["best_move"] == board.describe(board.state, board.state.parse_action(mark["best"]), None) and mark["units"] == "win rate"
    assert hint["code"] == board.action_code(board.state, board.state.parse_action(mark["best"]))
    reviewed_line = [n.id for n in board.timeline.line()]
    # "Try": the browser plays the better move; the timeline keeps both lines
    request(board, type="play", action=hint["action"], version=board.version)
    assert str(board.timeline.line()[PLANTED_PLY - 16 + 1].action) == mark["best"]
    assert len(board.cursor["branches"]) == 2
    # the marks of the reviewed line after the fork are not shown on the new line
    info = board.review_status
    assert all(m["ply"] < PLANTED_PLY for m in info["marks"])
    assert info["hidden"] == len([m for m in marks if m["ply"] >= PLANTED_PLY]) >= 1
    assert "not the one shown" in info["text"]
    # back on the reviewed line they are shown again
    request(board, type="goto", node=reviewed_line[-1], version=board.version)
    assert board.review_status["marks"] == marks and board.review_status["hidden"] == 0
    # a mark that is not on the line shown, or junk, changes nothing
    before = board.version
    request(board, type="review_show", ply=3)
    assert board.version == before and "no review mark" in board.message
    request(board, type="review_show", ply="20")
    assert board.message.startswith("error:") and board.version == before


def test_a_new_game_clears_the_review():
    board = planted_board()
    board.review(iterations=20)
    assert board.review_status["state"] == "done"
    request(board, type="new_game", seed=3)
    assert board.review_status == {} and board.last_review is None


def test_lessons_and_spectators_of_games_with_secrets_are_refused():
    board = planted_board(hints=False)
    request(board, type="review")
    assert board.message.startswith("refused:") and "lesson" in board.message and board.review_status == {}
    game = zw.game("art_gallery", players=2)
    state = game.new_state(seed=1)
    spectator = GameBoard(state, seats=["human", "human"], seat=None)
    request(spectator, type="review")
    assert spectator.message.startswith("refused:") and "spectator" in spectator.message
    with pytest.raises(ValueError, match="spectator"):
        spectator.review()


def test_a_spectator_of_a_game_without_secrets_reviews_every_seat():
    board = planted_board(seat=None)
    board.review(iterations=8)
    info = board.review_status
    assert info["seat"] is None and {d.seat for d in board.last_review.decisions} == {0, 1}
    # a spectator may not jump: the mark says so
    mark = info["marks"][0]
    request(board, type="review_show", ply=mark["ply"])
    assert board.message.startswith("refused:") and "spectator" in board.message


@pytest.mark.parametrize(
    "content, words",
    [
        ({"budget": 0}, "'budget'"),
        ({"budget": "fast"}, "'budget'"),
        ({"budget": 1e9}, "'budget'"),
        ({"iterations": 0}, "'iterations'"),
        ({"iterations": True}, "'iterations'"),
        ({"seat": "red"}, "'seat'"),
        ({"seat": 7}, "seat"),
        ({"colour": 1}, "unexpected field"),
    ],
)
def test_bad_review_requests_change_nothing(content, words):
    board = planted_board()
    before = board.version
    request(board, type="review", **content)
    assert board.message.startswith("error:") and words in board.message
    assert board.review_status == {} and board.version == before


def test_python_refuses_a_bad_budget():
    board = planted_board()
    for kwargs in ({"budget": -1}, {"budget": float("nan")}, {"iterations": 0}):
        with pytest.raises(ValueError):
            board.review(**kwargs)
    assert board.review_status == {}


def _random_game_board(name: str, players: int, seed: int):
    game = zw.game(name, players=players)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name, players", [("art_gallery", 2), ("zongshi", 3)])
def test_a_seat_board_of_a_game_with_secrets_gets_only_its_own_moves(name, players):
    """Boards bound to each seat of a finished game with secrets: each reviews its own seat's
    decisions; every mark is that seat's move, named as its own log names it, its better move
    one of that seat's legal moves there; the other seats' boards get no mark of it; a board
    may not review another seat."""
    state = _random_game_board(name, players, seed=2)
    first = GameBoard(state, seats=["human"] * players, seat=0)
    boards = [first] + [GameBoard(session=first.session, seat=s) for s in range(1, players)]
    first.review(iterations=4)
    info = first.review_status
    assert info["seat"] == 0 and info["marks"], "a random game has mistakes"
    line = first.timeline.line()
    start = len(line[0].state.history)
    log = {e["ply"]: e for e in first.moves}
    for mark in info["marks"]:
        assert mark["seat"] == 0
        assert mark["text"] == log[mark["ply"] + 1]["text"]
        before = line[mark["ply"] - start].state
        assert before.to_move == 0 and mark["best"] in {str(a) for a in before.legal_actions()}
    for other in boards[1:]:
        assert other.review_status == {}
        with pytest.raises(ValueError, match="seat it shows"):
            other.review(0, iterations=2)
    # what the browser gets: the same marks, no other seat's move
    wire = first.get_state()["review_status"]
    assert json.loads(json.dumps(wire))["marks"] == info["marks"]


def test_a_hot_seat_review_is_shown_only_to_its_seat():
    """Two people at one screen in a game with secrets: the review of the seat on screen is not
    shown once the screen passes to the other person."""
    state = _random_game_board("art_gallery", 2, seed=4)
    board = GameBoard(state, seats=["human", "human"])
    request(board, type="ready")
    seat = board.watch["seat"]
    board.review(iterations=4)
    assert board.review_status["seat"] == seat and board.review_status["marks"]
    board.refresh()  # the position changed by other means: the screen goes up again
    info = board.review_status
    assert info["marks"] == [] and "shows on their screen" in info["text"]
    assert info["done"] == info["total"] == 0


def _two_truths(name: str, players: int, seed: int, steps: int):
    """Two truths of one game that the seat to move cannot tell apart (the second re-dealt by
    ``determinize`` for that seat and posed with ``from_position``), with one line of actions
    played on both: the seat's own at random, the others' among those legal in both that leave
    the seat's view the same in both (the approach of tests/agents/test_review.py)."""
    game = zw.game(name, players=players)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    while len(state.history) < 6 or len(state.legal_actions()) < 2:
        state = state.play(rng.choice(state.legal_actions()))
    seat = state.to_move
    real = game.from_position(state.position(), seed=seed)
    other = game.from_position(state.determinize(seat, random.Random(seed + 1)).position(), seed=seed)
    assert real.digest() != other.digest(), "nothing was re-dealt: the test would prove nothing"
    for _ in range(steps):
        if real.is_over:
            break
        choices = sorted({str(a) for a in real.legal_actions()} & {str(a) for a in other.legal_actions()})
        rng.shuffle(choices)
        for a in choices:
            r2, o2 = real.play(a), other.play(a)
            if r2.view(seat) == o2.view(seat):
                real, other = r2, o2
                break
        else:
            break
    return seat, real, other


@pytest.mark.parametrize("name, players", [("art_gallery", 2), ("zongshi", 3)])
def test_the_review_a_seat_board_sends_is_the_same_on_truths_the_seat_cannot_tell_apart(name, players):
    """Everything the review sends (progress, marks, texts, better moves) depends only on what
    the seat saw: two lines that look the same to it give its board the same review_status,
    byte for byte, as they give it the same log."""
    seat, real, other = _two_truths(name, players, seed=21, steps=14)
    wires = []
    for state in (real, other):
        board = GameBoard(state, seats=["human"] * players, seat=seat)
        result = board.review(iterations=6)
        assert len(result.decisions) >= 2
        sent = board.get_state()
        wires.append((json.dumps(sent["review_status"], sort_keys=True), json.dumps(sent["moves"], sort_keys=True)))
        board.close()
    assert wires[0] == wires[1]


def test_a_board_not_yet_opened_reviews_its_seat_and_shows_it_once_opened():
    """In a kernel, a board of a game with secrets syncs nothing private before a live view
    says hello (``awaiting_view``, the export guard). A review asked for from Python then is of
    the seat the board will show; its marks reach the browser only after the hello."""
    state = _random_game_board("art_gallery", 2, seed=4)
    board = GameBoard(state, seats=["human", "greedy"])
    board._view_opened = False  # as in a kernel before the browser drew the board
    board.refresh()
    assert board.awaiting_view and board.view["seat"] is None
    review = board.review(iterations=4)
    info = board.review_status
    assert {d.seat for d in review.decisions} == {0} and info["seat"] == 0
    assert info["marks"] == [] and "shows on their screen" in info["text"]
    request(board, type="hello")
    assert not board.awaiting_view and board.view["seat"] == 0
    assert board.review_status["marks"], "the marks show once the board is opened"
