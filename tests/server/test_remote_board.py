"""Boards that join a served game (zw.join, issue #24): the server runs in this process (uvicorn
on a thread, real sockets on localhost), each board connects with its seat's token like a
student's notebook. Two boards play Art Gallery and Zong Shi by their Python API and by the
browser's request path; the other board follows; an illegal move is refused on the board and
changes nothing; undo follows the server's rules; and what a board syncs to its front end
(every trait, as ipywidgets serializes it) is the same for two truths its seat cannot tell
apart, so it holds no other seat's secret.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import threading
import time
import urllib.request

import pytest
import uvicorn

import zongshi_widgets as zw
from zongshi_widgets.server import Limits, create_app
from zongshi_widgets.server.client import JoinError, websocket_url
from zongshi_widgets.widgets.session import reveals_hidden

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        free = s.getsockname()[1]
    app = create_app(":memory:", Limits(rate=1e6, burst=10**6))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    yield free
    server.should_exit = True
    thread.join(timeout=20)


def create(port: int, **body) -> dict:
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/games", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def boards_of(port: int, made: dict) -> list:
    return [zw.join(f"ws://127.0.0.1:{port}", token=t, game_id=made["game_id"]) for t in made["tokens"]["seats"]]


def payload(board) -> dict:
    """Everything the board syncs to its front end, serialized as ipywidgets sends it (the
    widget's layout reference and the random id of its static picture left out)."""
    return {k: v for k, v in board.get_state().items() if k not in ("layout", "_picture_id")}


def test_two_boards_play_art_gallery_and_each_follows_the_other(port):
    made = create(port, game="art_gallery", players=2, seed=4)
    truth = zw.game("art_gallery", players=2).new_state(seed=4)
    boards = boards_of(port, made)
    try:
        assert [type(b).__name__ for b in boards] == ["RemoteArtGalleryBoard"] * 2 and boards[0].seed is None
        assert isinstance(boards[0], zw.widgets.ArtGalleryBoard) and [b.seat for b in boards] == [0, 1]
        rng = random.Random(4)
        for ply in range(8):
            mover = truth.to_move
            for seat, b in enumerate(boards):
                assert b.server_version == ply
                assert b.state.view(seat) == truth.view(seat) and b.view["to_move"] == truth.to_move
                assert bool(b.legal) == (seat == mover) and b.watch["may_act"] == (seat == mover)
            notation = str(rng.choice(boards[mover].state.legal_actions()))
            expected = {seat: truth.action_text(truth.parse_action(notation), seat) for seat in (0, 1)}
            if ply % 2:  # the browser's request path; a double click is sent once
                request = {"type": "play", "action": notation, "version": boards[mover].version}
                boards[mover].handle_request(request)
                boards[mover].handle_request(dict(request))
                assert "waiting for its answer" in boards[mover].message
                assert boards[mover].wait_for_version(ply + 1)
                assert not boards[mover].sync(timeout=0.2)  # no refusal of a second move came
            else:
                boards[mover].play(notation)
            truth = truth.play(notation)
            other = boards[1 - mover]
            assert other.wait_for_version(ply + 1)
            for seat, b in enumerate(boards):
                assert b.moves[-1]["text"] == expected[seat] and b.moves[-1]["ply"] == ply + 1
            assert other.message.endswith(expected[1 - mover])
    finally:
        for b in boards:
            b.close()


def test_an_illegal_move_is_refused_on_the_board_and_undo_follows_the_server(port):
    made = create(port, game="art_gallery", players=2, seed=9)
    truth = zw.game("art_gallery", players=2).new_state(seed=9)
    boards = boards_of(port, made)
    try:
        mover = truth.to_move
        me, you = boards[mover], boards[1 - mover]
        before = (payload(me), me.server_version)
        with pytest.raises(zw.IllegalAction):
            me.play("move 9 cw")
        assert me.message.startswith("illegal:") and me.server_version == before[1]
        assert {k: v for k, v in payload(me).items() if k != "message"} == {k: v for k, v in before[0].items() if k != "message"}
        # out of turn: the server refuses, in its words; nothing changes on either board
        with pytest.raises(zw.IllegalAction, match="not yours"):
            you.play(str(truth.legal_actions()[0]))
        assert you.message.startswith("refused:") and you.server_version == 0
        # the browser's path: an illegal request gives the refusal on the message line
        me.handle_request({"type": "play", "action": "move 9 cw", "version": me.version})
        assert me.message.startswith("illegal:") and me.server_version == 0
        # nothing to take back yet
        assert not me.cursor["can_undo"]
        with pytest.raises(IndexError, match="no move to take back"):
            me.undo()
        action = next(a for a in truth.legal_actions() if str(a).startswith("move"))
        me.play(str(action))
        truth = truth.play(action)
        assert you.wait_for_version(1)
        # another seat's move is not yours to take back
        assert not you.cursor["can_undo"]
        with pytest.raises(IndexError, match="only its own player"):
            you.undo()
        assert you.server_version == 1
        start = zw.game("art_gallery", players=2).new_state(seed=9)
        standing = reveals_hidden(start, action, truth)
        assert me.cursor["can_undo"] is not standing
        if standing:
            with pytest.raises(IndexError, match="hidden"):
                me.undo()
        else:
            me.undo()
            assert you.wait_for_version(2)
            assert me.moves == [] and you.moves == [] and me.message.startswith("undo")
            assert me.state.view(mover) == start.view(mover) and you.state.view(1 - mover) == start.view(1 - mover)
        # what the server keeps is its own: redo, jumps, new games and reviews are refused
        for call, kind in [(lambda: me.redo(), IndexError), (lambda: me.goto(0), IndexError), (lambda: me.new_game(), ValueError)]:
            with pytest.raises(kind, match="game server"):
                call()
        with pytest.raises(ValueError, match="game server"):
            me.review()
        me.handle_request({"type": "new_game", "seed": 1})
        assert me.message.startswith("refused:") and "game server" in me.message
    finally:
        for b in boards:
            b.close()


def test_undo_off_and_hints_from_the_seats_own_position(port):
    made = create(port, game="zongshi", players=3, seed=2, undo=False)
    boards = boards_of(port, made)
    try:
        mover = boards[0].state.to_move
        assert boards[mover].cursor["can_undo"] is False
        boards[mover].play(str(boards[mover].state.legal_actions()[0]))
        assert all(b.wait_for_version(1) for b in boards)
        with pytest.raises(IndexError, match="off in this game"):
            boards[mover].undo()
        # hints come from the seat's own board, the seat's own position
        seat = boards[0].state.to_move
        for mode in ("legal", "bot", "explain"):
            hint = boards[seat].show_hint(mode)
            assert hint["action"] in [str(a) for a in boards[seat].state.legal_actions()]
        assert boards[(seat + 1) % 3].show_hint("bot") == {} and "no hint" in boards[(seat + 1) % 3].message
    finally:
        for b in boards:
            b.close()


def test_a_bid_is_taken_back_by_the_browsers_undo_and_a_draw_stands(port):
    """Sealed Bids (hidden hands, face-down bids, a face-down deck): the bidder's Undo (the
    browser's request, then the Python call) takes the bid back on both boards; a draw from the
    deck showed a card, so it stands, on the board and on the server."""
    made = create(port, game="sealed_bids", players=2, seed=3)
    boards = boards_of(port, made)
    try:
        mover = boards[0].state.to_move
        me, you = boards[mover], boards[1 - mover]
        start = {b.seat: payload(b) for b in boards}
        bid = next(str(a) for a in me.state.legal_actions() if str(a).startswith("bid"))
        me.play(bid)
        assert you.wait_for_version(1) and you.moves[-1]["text"] != bid
        assert me.cursor["can_undo"] and not you.cursor["can_undo"]
        you.handle_request({"type": "undo", "version": you.version})
        assert you.message.startswith("refused:") and "only its own player" in you.message and you.server_version == 1
        me.handle_request({"type": "undo", "version": me.version})
        assert me.wait_for_version(2) and you.wait_for_version(2)
        for b in boards:
            assert b.moves == [] and b.state.view(b.seat) == zw.game("sealed_bids", players=2).new_state(seed=3).view(b.seat)
            keep = ("message", "version", "geometry")
            assert {k: v for k, v in payload(b).items() if k not in keep} == {k: v for k, v in start[b.seat].items() if k not in keep}
        me.play(bid)
        assert you.wait_for_version(3)
        me.undo()
        assert you.wait_for_version(4) and me.moves == [] and you.moves == []
        me.play(bid)
        assert you.wait_for_version(5)
        assert "draw" in [str(a) for a in me.state.legal_actions()]
        me.play("draw")
        assert you.wait_for_version(6)
        assert not me.cursor["can_undo"] and "hidden" in me._session.undo_refusal()
        with pytest.raises(IndexError, match="hidden"):
            me.undo()
        assert me.server_version == 6 and len(me.moves) == 2
    finally:
        for b in boards:
            b.close()


def _same_for(seat, a, b, action) -> bool:
    try:
        return a.play(action).view(seat) == b.play(action).view(seat)
    except zw.IllegalAction:
        return False


@pytest.mark.parametrize(("name", "players", "plies"), [("art_gallery", 2, 25), ("zongshi", 3, 25), ("sealed_bids", 3, 6)])
def test_what_a_board_syncs_is_the_same_for_two_truths_its_seat_cannot_tell_apart(port, name, players, plies):
    """The real position and one re-dealt by ``determinize`` for the seat, each served as a game
    of its own (same seed): the seat's boards sync the same payload, trait for trait, move after
    move, as long as the moves keep the seat's view equal (chosen among those)."""
    game = zw.game(name, players=players)
    rng = random.Random(5)
    real = game.new_state(seed=5)
    for _ in range(plies):
        real = real.play(rng.choice(real.legal_actions()))
    for seat in range(players):
        other = real.determinize(seat, random.Random(11))
        tables = [boards_of(port, create(port, game=name, players=players, seed=3, position=p)) for p in (real.position(), other.position())]
        try:
            a, b = (game.from_position(p, seed=3) for p in (real.position(), other.position()))
            assert a.view(seat) == b.view(seat)
            for step in range(6):
                assert payload(tables[0][seat]) == payload(tables[1][seat]), f"{name}: seat {seat} can tell the truths apart at step {step}"
                # and the kernel itself holds nothing that tells them apart: its local position
                assert tables[0][seat].state.position() == tables[1][seat].state.position()
                if a.is_over:
                    break
                keep = [act for act in a.legal_actions() if _same_for(seat, a, b, act)]
                if not keep:
                    break
                act = str(rng.choice(keep))
                for table in tables:
                    table[a.to_move].play(act)
                    for board in table:
                        assert board.wait_for_version(step + 1)
                a, b = a.play(act), b.play(act)
        finally:
            for table in tables:
                for board in table:
                    board.close()


def test_frames_reach_the_board_on_the_event_loop(port):
    """Made inside a running event loop (as in a notebook cell), a board is updated by the
    loop itself when the other seat moves: the reading thread only queues."""
    made = create(port, game="gembloq", players=2, seed=1)

    async def main() -> tuple:
        boards = boards_of(port, made)
        try:
            mover = boards[0].state.to_move
            watcher = boards[1 - mover]
            threads = []
            watcher.observe(lambda change: threads.append(threading.current_thread()), names="version")
            boards[mover].play(str(boards[mover].state.legal_actions()[0]))
            for _ in range(200):
                if watcher.server_version == 1:
                    break
                await asyncio.sleep(0.02)
            return watcher.server_version, threads, len(watcher.moves)
        finally:
            for b in boards:
                b.close()

    version, threads, moves = asyncio.run(main())
    assert version == 1 and moves == 1 and threads and all(t is threading.main_thread() for t in threads)


def test_bad_addresses_and_tokens_are_refused_in_one_line(port):
    assert websocket_url("HOST:8765") == "ws://HOST:8765/ws"
    assert websocket_url("https://host/class/") == "wss://host/class/ws"
    with pytest.raises(ValueError, match="ws://HOST:8765"):
        websocket_url("ftp://x")
    with pytest.raises(JoinError, match="refused"):
        zw.join(f"ws://127.0.0.1:{port}", token="not-a-token")
    made = create(port, game="art_gallery", players=2, seed=1)
    with pytest.raises(JoinError, match="spectator"):
        zw.join(f"ws://127.0.0.1:{port}", token=made["tokens"]["spectator"])
    with pytest.raises(JoinError, match="not nope"):
        zw.join(f"ws://127.0.0.1:{port}", token=made["tokens"]["seats"][0], game_id="nope")
    for option in ({"seat": 1}, {"open_hands": True}, {"seats": ["human", "greedy"]}):
        with pytest.raises(TypeError, match="join\\(\\) takes no"):
            zw.join(f"ws://127.0.0.1:{port}", token=made["tokens"]["seats"][0], **option)
    with pytest.raises(TypeError, match="did you mean 'task'"):
        zw.join(f"ws://127.0.0.1:{port}", token=made["tokens"]["seats"][0], tusk="x")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    with pytest.raises(JoinError, match="cannot reach"):
        zw.join(f"ws://127.0.0.1:{closed}", token="x", timeout=2)


def test_a_spectator_board_of_a_game_without_secrets_watches_and_cannot_act(port):
    made = create(port, game="gembloq", players=2, seed=2)
    boards = boards_of(port, made)
    watcher = zw.join(f"ws://127.0.0.1:{port}", token=made["tokens"]["spectator"])
    try:
        assert watcher.seat is None and watcher.legal == [] and not watcher.watch["may_act"] and watcher.watch["served"]
        with pytest.raises(zw.IllegalAction, match="spectator"):
            watcher.play(str(watcher.state.legal_actions()[0]))
        mover = boards[0].state.to_move
        action = str(boards[mover].state.legal_actions()[3])
        boards[mover].play(action)
        assert watcher.wait_for_version(1)
        assert watcher.state.position() == zw.game("gembloq", players=2).new_state(seed=2).play(action).position()
        assert watcher.moves[-1]["text"] == action
        watcher.handle_request({"type": "undo", "version": watcher.version})
        assert watcher.message.startswith("refused:") and "spectator" in watcher.message
    finally:
        for b in [*boards, watcher]:
            b.close()


@pytest.mark.parametrize(("name", "players", "seed"), [("art_gallery", 2, 8), ("zongshi", 3, 4), ("sealed_bids", 2, 1)])
def test_a_whole_game_through_joined_boards_ends_with_the_servers_scores(port, name, players, seed):
    """Every move made on the mover's board, seeded random among its legal moves; every board
    shows its seat's view of the truth replayed here after every move; at the end the winners
    and the final score the boards show are the truth's."""
    made = create(port, game=name, players=players, seed=seed)
    truth = zw.game(name, players=players).new_state(seed=seed)
    boards = boards_of(port, made)
    try:
        rng = random.Random(seed)
        version = 0
        while not truth.is_over:
            mover = truth.to_move
            assert [str(a) for a in boards[mover].state.legal_actions()] == [str(a) for a in truth.legal_actions()]
            notation = str(rng.choice(truth.legal_actions()))
            boards[mover].play(notation)
            truth = truth.play(notation)
            version += 1
            for seat, b in enumerate(boards):
                assert b.wait_for_version(version)
                assert b.view["ply"] == version
                if not truth.is_over:
                    assert b.state.view(seat) == truth.view(seat)
        sheet = truth.score_sheet()
        for b in boards:
            assert b.legal == [] and not b.watch["may_act"] and b._session.frame["view"]["is_over"]
            assert b._session.frame["score"] == json.loads(json.dumps(sheet.to_json()))
            if b._session.frame["position"] is None:  # Sealed Bids: no rule poses a finished game
                assert "sent no position" in b.message
                continue
            assert b.view["is_over"] and b.view["winners"] == list(sheet.winners)
            assert b.state.score_sheet().totals == sheet.totals
            assert "Game over" in b.message
    finally:
        for b in boards:
            b.close()


def test_a_move_overtaken_by_another_seats_undo_is_refused_as_stale_and_the_undo_shown(port):
    """GembloQ: red moves; yellow's move goes out while red's undo is already on the server.
    The server takes red's move back and refuses yellow's (sent at the old version): yellow's
    ``play`` raises, and its board shows the undo; it does not take red's undo for its answer."""
    made = create(port, game="gembloq", players=2, seed=5)
    boards = boards_of(port, made)
    try:
        red = boards[boards[0].state.to_move]
        yellow = boards[1 - red.seat]
        red.play(str(red.state.legal_actions()[0]))
        assert yellow.wait_for_version(1)
        answer = str(yellow.state.legal_actions()[0])
        seen = yellow.server_version  # 1: the version yellow's move goes out at
        red._session.send_undo()  # as the browser's Undo does: sent, not waited for
        # yellow's play, written at the version yellow saw, reaches the socket only once the
        # server has taken red's move back (red has seen version 2): a condition, not a delay,
        # and the version pinned, since yellow's board may hear of the undo first on a slow machine
        sending = yellow._session.client.send
        yellow._session.client.send = lambda message: (red.wait_for_version(2), sending({**message, "version": seen}))[1]
        with pytest.raises(zw.IllegalAction) as refused:
            yellow.play(answer)
        assert refused.value.rule == "server.stale"
        assert yellow.server_version == 2 and yellow.moves == [] and yellow.message.startswith("stale:")
        assert red.wait_for_version(2) and red.moves == []
    finally:
        for b in boards:
            b.close()


def test_majolica_through_joined_boards(port):
    """Majolica (a deck whose order is hidden, many steps a turn): forty plies, every board
    showing its seat's view of the truth after each; the hint bot's choice is a legal move."""
    made = create(port, game="majolica", players=2, seed=6)
    truth = zw.game("majolica", players=2).new_state(seed=6)
    boards = boards_of(port, made)
    try:
        assert type(boards[0]).__name__ == "RemoteMajolicaBoard"
        rng = random.Random(6)
        for version in range(1, 41):
            notation = str(rng.choice(truth.legal_actions()))
            boards[truth.to_move].play(notation)
            truth = truth.play(notation)
            for seat, b in enumerate(boards):
                assert b.wait_for_version(version) and b.state.view(seat) == truth.view(seat)
        mover = boards[truth.to_move]
        assert mover.show_hint("bot")["action"] in [str(a) for a in truth.legal_actions()]
    finally:
        for b in boards:
            b.close()
