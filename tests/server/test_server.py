"""The game server (zongshi_widgets.server, issue #24): whole games through websockets with every
frame each client receives recorded and checked against what its seat may see; two truths a seat
cannot tell apart give that seat identical frames; a new server on the same database continues
every game; forged, replayed and badly formed messages and wrong tokens are refused and change
nothing; undo only as the rules allow; the lobby.

The clients are Starlette's TestClient websockets (the app in this process, real ASGI traffic);
tests/server/test_served_over_network.py runs the real command and real sockets.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3

import pytest
from _served import check_frame  # tests/server/conftest.py puts this folder on sys.path
from starlette.testclient import TestClient

import zongshi_widgets as zw
from zongshi_widgets.server import Limits, create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: Test players move as fast as the machine allows: no rate limit in the way (its own test below).
FAST = Limits(rate=1e6, burst=1000000)


OPEN: list = []


@contextlib.contextmanager
def serving(db=":memory:", limits=None):
    """A TestClient on a new app; every Player opened inside is closed before the client stops
    (an open websocket would keep the client's shutdown waiting after a failed assertion)."""
    with TestClient(create_app(db, limits)) as client:
        try:
            yield client
        finally:
            while OPEN:
                OPEN.pop().close()


class Player:
    """One websocket client of a served game: it records every frame it receives, raw."""

    def __init__(self, client: TestClient, token: str):
        self._cm = client.websocket_connect("/ws")
        OPEN.append(self)
        self.ws = self._cm.__enter__()
        self.frames: list[str] = []
        self.ws.send_text(json.dumps({"type": "hello", "token": token}))
        self.welcome = self.receive()
        assert self.welcome["type"] == "welcome"
        self.state = self.receive()
        assert self.state["type"] == "state"
        self.log = list(self.state["log"])

    def receive(self) -> dict:
        text = self.ws.receive_text()
        self.frames.append(text)
        frame = json.loads(text)
        if frame["type"] == "state":
            self.state = frame
            self.log = self.log[: frame["log_start"]] + frame["log"] if hasattr(self, "log") else frame["log"]
        return frame

    def send(self, **message) -> None:
        self.ws.send_text(json.dumps(message))

    def close(self) -> None:
        if self in OPEN:
            OPEN.remove(self)
        if self._cm is not None:
            self._cm.__exit__(None, None, None)
            self._cm = None


def create(client: TestClient, **body) -> dict:
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def seat_tokens(made: dict) -> list[tuple[int | None, str]]:
    return [*enumerate(made["tokens"]["seats"]), (None, made["tokens"]["spectator"])]


GAMES = [("art_gallery", 3, 2), ("zongshi", 3, 1), ("gembloq", 2, 4), ("sealed_bids", 3, 5)]


@pytest.mark.parametrize(("name", "players", "seed"), GAMES)
def test_a_whole_game_sends_each_client_only_what_its_seat_may_see(name, players, seed):
    """Every seat and a spectator connected; the seat to move picks from its own frame's legal
    list (a seeded random player); every frame of every client is checked against the truth
    replayed here, independently of the server."""
    with serving(":memory:", FAST) as client:
        made = create(client, game=name, players=players, seed=seed)
        truth = zw.game(name, players=players).new_state(seed=seed)
        clients = {seat: Player(client, token) for seat, token in seat_tokens(made)}
        logs = {seat: [] for seat in clients}
        for seat, player in clients.items():
            check_frame(player.frames[-1], truth, seat, logs[seat], 0)
        rng = random.Random(seed)
        version = 0
        while not truth.is_over:
            mover = truth.to_move
            legal = clients[mover].state["legal"]
            assert legal and all(not p.state["legal"] for s, p in clients.items() if s != mover)
            notation = rng.choice(legal)
            clients[mover].send(type="play", action=notation, version=version)
            action = truth.parse_action(notation)
            for seat in clients:
                logs[seat].append({"ply": version, "seat": mover, "text": truth.action_text(action, seat)})
            truth = truth.play(action)
            version += 1
            assert clients[mover].receive()["type"] == "state", clients[mover].frames[-1]
            for seat, player in clients.items():
                if seat != mover:
                    player.receive()
                check_frame(player.frames[-1], truth, seat, logs[seat], version)
                assert player.log == logs[seat]
        assert clients[0].state["view"]["is_over"] and clients[0].state["score"]["final"]
        stored = client.get(f"/api/games/{made['game_id']}").json()
        assert stored["is_over"] and stored["version"] == version
        for player in clients.values():
            player.close()


def _same_for(seat, a, b, action) -> bool:
    try:
        return a.play(action).view(seat) == b.play(action).view(seat)
    except zw.IllegalAction:
        return False


@pytest.mark.parametrize(("name", "players"), [("art_gallery", 3), ("zongshi", 3), ("sealed_bids", 3)])
def test_two_truths_a_seat_cannot_tell_apart_give_it_identical_frames(name, players):
    """The real position and one re-dealt by ``determinize`` for the seat (both posed with the
    lobby's ``position``, same seed) give that seat byte-identical frames, move after move, as
    long as the moves played keep its view equal (the other seats' moves chosen among those)."""
    game = zw.game(name, players=players)
    rng = random.Random(3)
    real = game.new_state(seed=3)
    for _ in range(25):
        real = real.play(rng.choice(real.legal_actions()))
    for seat in [None, *range(players)]:
        looking = real.to_move if seat is None else seat
        other = real.determinize(looking, random.Random(8))
        with serving(":memory:", FAST) as client:
            tables = []
            for position in (real.position(), other.position()):
                made = create(client, game=name, players=players, seed=11, position=position)
                tables.append({s: Player(client, t) for s, t in seat_tokens(made)})
            a, b = (game.from_position(p, seed=11) for p in (real.position(), other.position()))
            assert tables[0][seat].frames[-1] == tables[1][seat].frames[-1]
            steps = 0
            while not a.is_over and steps < 12:
                keep = [act for act in a.legal_actions() if _same_for(looking, a, b, act)]
                if not keep:
                    break
                action = random.Random(steps).choice(keep)
                for table, state in zip(tables, (a, b)):
                    table[state.to_move].send(type="play", action=str(action), version=steps)
                    assert table[state.to_move].receive()["type"] == "state", table[state.to_move].frames[-1]
                    for s, p in table.items():
                        if s != state.to_move:
                            assert p.receive()["type"] == "state"
                a, b = a.play(action), b.play(action)
                steps += 1
                assert tables[0][seat].frames[-1] == tables[1][seat].frames[-1], f"seat {seat}, step {steps}"
            assert steps >= 1
            for table in tables:
                for p in table.values():
                    p.close()


def test_a_new_server_on_the_same_database_continues_every_game(tmp_path):
    """Moves stored, the server gone (closed mid-game), a new app on the same file: the same
    frame for every seat, the same tokens, and the game plays on to its end; undo too."""
    db = tmp_path / "games.sqlite"
    with serving(db, FAST) as client:
        made = create(client, game="zongshi", players=3, seed=2)
        other = create(client, game="art_gallery", players=2, seed=4)
        clients = {seat: Player(client, token) for seat, token in seat_tokens(made)}
        rng = random.Random(2)
        for version in range(30):
            mover = clients[None].state["view"]["to_move"]
            clients[mover].send(type="play", action=rng.choice(clients[mover].state["legal"]), version=version)
            for p in clients.values():
                p.receive()
        before = {seat: p.frames[-1] for seat, p in clients.items()}
        before_logs = {seat: p.log for seat, p in clients.items()}
        for p in clients.values():
            p.close()
    with serving(db, FAST) as client:
        listed = {g["game_id"]: g for g in client.get("/api/games").json()["games"]}
        assert set(listed) == {made["game_id"], other["game_id"]} and listed[made["game_id"]]["version"] == 30
        clients = {seat: Player(client, token) for seat, token in seat_tokens(made)}
        truth = zw.game("zongshi", players=3).load_state(sqlite3.connect(db).execute("SELECT save FROM games WHERE id = ?", (made["game_id"],)).fetchone()[0])
        for seat, p in clients.items():
            # the same frame, but for the seat's position: a new server deals it under a key of its own
            assert {**json.loads(p.frames[-1]), "position": None} == {**json.loads(before[seat]), "log_start": 0, "log": before_logs[seat], "position": None}
            check_frame(p.frames[-1], truth, seat, p.log, 30)
            assert len(p.log) == 30
        version = 30
        while not truth.is_over:
            mover = truth.to_move
            notation = rng.choice(clients[mover].state["legal"])
            clients[mover].send(type="play", action=notation, version=version)
            truth = truth.play(notation)
            version += 1
            for seat, p in clients.items():
                p.receive()
                check_frame(p.frames[-1], truth, seat, p.log, version)
        for p in clients.values():
            p.close()
        g = Player(client, other["tokens"]["seats"][0])
        assert g.state["version"] == 0 and g.state["view"] == zw.game("art_gallery", players=2).new_state(seed=4).view(0)
        g.close()


def _stored(db, gid):
    return sqlite3.connect(db).execute("SELECT save, version FROM games WHERE id = ?", (gid,)).fetchone()


def test_forged_replayed_and_malformed_messages_and_wrong_tokens_are_refused_and_change_nothing(tmp_path):
    db = tmp_path / "games.sqlite"
    with serving(db, Limits(rate=1000, burst=1000)) as client:
        made = create(client, game="sealed_bids", players=3, seed=1)
        elsewhere = create(client, game="sealed_bids", players=3, seed=2)
        clients = {seat: Player(client, token) for seat, token in seat_tokens(made)}
        mover = clients[None].state["view"]["to_move"]
        first = clients[mover].state["legal"][0]
        clients[mover].send(type="play", action=first, version=0)
        for p in clients.values():
            p.receive()
        mover = clients[None].state["view"]["to_move"]
        idle = next(s for s in range(3) if s != mover)
        saved = _stored(db, made["game_id"])
        counts = {s: len(p.frames) for s, p in clients.items()}

        def refused(player, code, **message):
            player.ws.send_text(message.pop("raw")) if "raw" in message else player.send(**message)
            frame = player.receive()
            assert frame["type"] == "refused" and frame["code"] == code, frame
            assert frame["version"] == 1
            return frame

        legal = clients[mover].state["legal"]
        refused(clients[mover], "stale", type="play", action=first, version=0)  # the accepted message, replayed
        refused(clients[mover], "stale", type="play", action=legal[0], version=7)  # a version from the future
        refused(clients[idle], "not-your-turn", type="play", action=legal[0], version=1)  # another seat's move
        refused(clients[None], "spectator", type="play", action=legal[0], version=1)
        refused(clients[None], "spectator", type="undo", version=1)
        frame = refused(clients[mover], "illegal", type="play", action="bid 99", version=1)
        assert isinstance(frame["rule"], str) and frame["rule"] and frame["message"]
        refused(clients[mover], "bad-message", type="play", action=["bid", 3], version=1)
        refused(clients[mover], "bad-message", type="play", action=legal[0], version="1")
        refused(clients[mover], "bad-message", type="play", action=legal[0], version=True)
        refused(clients[mover], "bad-message", type="play", action=legal[0], version=1, seat=idle)  # a forged seat field
        refused(clients[mover], "bad-message", type="play", action=legal[0], version=1, token=made["tokens"]["seats"][idle])
        refused(clients[mover], "bad-message", type="move", action=legal[0], version=1)
        refused(clients[mover], "bad-message", raw="{not json")
        refused(clients[mover], "bad-message", raw="[1, 2]")
        refused(clients[mover], "too-large", raw=json.dumps({"type": "play", "action": "x" * 5000, "version": 1}))
        refused(clients[mover], "bad-message", type="play", action="x" * 300, version=1)
        refused(clients[idle], "undo", type="undo", version=1)  # not the last mover
        clients[mover].ws.send_bytes(b'{"type": "play"}')
        assert clients[mover].receive()["code"] == "bad-message"
        assert _stored(db, made["game_id"]) == saved
        assert {s: len(p.frames) for s, p in clients.items() if s not in (mover, idle, None)} == {s: counts[s] for s in clients if s not in (mover, idle, None)}
        # wrong tokens: refused at hello, the socket closed, nothing learned
        seat0 = made["tokens"]["seats"][0]
        for hello in ({"type": "hello", "token": "forged"}, {"type": "hello", "token": seat0 + "x"}, {"type": "hello"}, {"token": seat0}):
            with client.websocket_connect("/ws") as ws:
                ws.send_text(json.dumps(hello))
                frame = ws.receive_json()
                assert frame == {"type": "error", "code": "bad-token", "message": frame["message"]}
                assert "view" not in json.dumps(frame)
        # a token of another game acts only in that game
        stranger = Player(client, elsewhere["tokens"]["seats"][mover])
        assert stranger.welcome["game_id"] == elsewhere["game_id"]
        stranger.send(type="play", action=legal[0], version=1)
        assert stranger.receive()["code"] == "stale"  # its own game is at version 0: the message is not for it
        assert _stored(db, made["game_id"]) == saved and _stored(db, elsewhere["game_id"])[1] == 0
        stranger.close()
        for p in clients.values():
            p.close()


def test_a_client_sending_too_fast_is_refused_beyond_its_rate():
    with serving(":memory:", Limits(rate=0.5, burst=3)) as client:
        made = create(client, game="gembloq", players=2, seed=1)
        p = Player(client, made["tokens"]["seats"][1])
        codes = []
        for _ in range(6):
            p.send(type="play", action="nonsense", version=0)
            codes.append(p.receive()["code"])
        assert codes[:3] == ["not-your-turn"] * 3 and codes[3:] == ["rate"] * 3
        p.close()


def test_undo_only_the_last_movers_own_move_and_never_one_that_revealed_something(tmp_path):
    """Sealed Bids: a bid is taken back by its bidder (the others' frames go back too); a draw
    from the face-down deck stands; another seat's move is not anybody else's to take back."""
    db = tmp_path / "g.sqlite"
    with serving(db) as client:
        made = create(client, game="sealed_bids", players=2, seed=3)
        clients = {seat: Player(client, token) for seat, token in seat_tokens(made)}
        truth = zw.game("sealed_bids", players=2).new_state(seed=3)
        mover = truth.to_move
        start = {s: p.state for s, p in clients.items()}
        bid = next(a for a in clients[mover].state["legal"] if a.startswith("bid"))
        clients[mover].send(type="play", action=bid, version=0)
        for p in clients.values():
            p.receive()
        other = 1 - mover
        clients[other].send(type="undo", version=1)
        assert clients[other].receive()["code"] == "undo"
        clients[mover].send(type="undo", version=1)
        for s, p in clients.items():
            p.receive()
            assert p.state["version"] == 2 and p.log == []
            assert {**p.state, "version": 0} == {**start[s], "version": 0}
        assert _stored(db, made["game_id"])[1] == 2
        clients[mover].send(type="play", action=bid, version=2)
        for p in clients.values():
            p.receive()
        legal = clients[mover].state["legal"]
        assert "draw" in legal
        clients[mover].send(type="play", action="draw", version=3)
        for p in clients.values():
            p.receive()
        clients[mover].send(type="undo", version=4)
        frame = clients[mover].receive()
        assert frame["code"] == "undo" and "hidden" in frame["message"]
        assert _stored(db, made["game_id"])[1] == 4
        for p in clients.values():
            p.close()
    with serving(":memory:") as client:
        made = create(client, game="gembloq", players=2, seed=3, undo=False)
        p = Player(client, made["tokens"]["seats"][0])
        p.send(type="play", action=p.state["legal"][0], version=0)
        p.receive()
        p.send(type="undo", version=1)
        assert p.receive()["message"] == "taking moves back is off in this game"
        p.close()


def test_the_lobby_creates_lists_and_lets_players_join_open_seats(tmp_path):
    db = tmp_path / "lobby.sqlite"
    with serving(db, Limits(max_games=3)) as client:
        made = create(client, game="zongshi", players=4)
        assert len(made["tokens"]["seats"]) == 4 and len(set(made["tokens"]["seats"]) | {made["tokens"]["spectator"]}) == 5
        assert all(len(t) >= 32 for t in made["tokens"]["seats"])
        listing = client.get("/api/games").text
        for token in [*made["tokens"]["seats"], made["tokens"]["spectator"]]:
            assert token not in listing
        assert "seed" not in listing and "save" not in listing and "hand" not in listing
        # tokens are stored hashed: the database file holds none of them
        raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
        assert not any(t.encode() in raw for t in made["tokens"]["seats"])
        # open seats: claimed one by one, each token shown once to its player
        open_ = create(client, game="art_gallery", players=2, open_seats=True)
        assert open_["tokens"]["seats"] == []
        gid = open_["game_id"]
        ana = client.post(f"/api/games/{gid}/join", json={"name": "Ana"}).json()
        ben = client.post(f"/api/games/{gid}/join", json={"name": "Ben", "seat": 1})
        assert ana["seat"] == 0 and ben.status_code == 200 and ben.json()["seat"] == 1
        assert client.post(f"/api/games/{gid}/join", json={"name": "Cy", "seat": 1}).status_code == 409
        assert client.post(f"/api/games/{gid}/join", json={"name": "Cy"}).status_code == 409
        info = client.get(f"/api/games/{gid}").json()
        assert [(s["player"], s["open"]) for s in info["seats"]] == [("Ana", False), ("Ben", False)]
        p = Player(client, ana["token"])
        assert p.welcome["seat"] == 0 and p.state["view"]["seat"] == 0
        assert client.get(f"/api/games/{gid}").json()["seats"][0]["connected"] == 1
        p.close()
        assert client.post(f"/api/games/{made['game_id']}/join", json={"name": "Di"}).status_code == 409
        assert client.post("/api/games/nope/join", json={"name": "Di"}).status_code == 404
        for body, word in [
            ({"game": "chess"}, "game must be one of"),
            ({"game": "zongshi", "players": 9}, "no zongshi game"),
            ({"game": "zongshi", "seed": -1}, "seed"),
            ({"game": "zongshi", "colour": "red"}, "unknown fields"),
            ({"game": "zongshi", "options": {"no_such_option": 1}}, "no zongshi game"),
            ({"game": "zongshi", "position": {"hands": "x"}}, "no zongshi game"),
            ({"game": "zongshi", "undo": "yes"}, "undo is true or false"),
            ([1, 2], "JSON object"),
        ]:
            r = client.post("/api/games", json=body)
            assert r.status_code == 400 and word in r.json()["message"], (body, r.text)
        assert client.post("/api/games", content=b"{oops").status_code == 400
        assert client.post("/api/games", content=b"{" + b" " * 70000 + b"}").status_code == 413
        create(client, game="gembloq", players=2)
        r = client.post("/api/games", json={"game": "gembloq"})
        assert r.status_code == 503 and "limit of 3 games" in r.json()["message"]
        assert len(client.get("/api/games").json()["games"]) == 3


def test_a_socket_that_never_says_hello_is_closed_and_connections_are_bounded():
    with serving(":memory:", Limits(hello_seconds=0.3, max_connections=1)) as client:
        made = create(client, game="gembloq", players=2, seed=1)
        with client.websocket_connect("/ws") as quiet:
            with client.websocket_connect("/ws") as extra:  # the server is at its limit
                assert extra.receive_json()["code"] == "full"
            frame = quiet.receive_json()  # no hello within 0.3 s
            assert frame["code"] == "bad-token" and "within 0.3 s" in frame["message"]
        p = Player(client, made["tokens"]["seats"][0])  # the closed sockets no longer count
        assert p.state["version"] == 0
        p.close()


def test_a_move_the_database_cannot_store_is_not_played():
    from zongshi_widgets.server import StoreError

    with serving(":memory:", FAST) as client:
        made = create(client, game="zongshi", players=3, seed=4)
        clients = {seat: Player(client, token) for seat, token in seat_tokens(made)}
        server = client.app.state.server
        mover = clients[None].state["view"]["to_move"]
        before = clients[mover].frames[-1]

        def full_disk(*args, **kwargs):
            raise StoreError("disk full")

        real_update, server.store.update = server.store.update, full_disk
        clients[mover].send(type="play", action=clients[mover].state["legal"][0], version=0)
        assert clients[mover].receive()["code"] == "storage"
        assert server.live(made["game_id"]).version == 0 and len(server.live(made["game_id"]).line) == 1
        server.store.update = real_update
        clients[mover].send(type="play", action=json.loads(before)["legal"][0], version=0)
        for p in clients.values():
            assert p.receive()["version"] == 1


def test_a_stored_game_whose_save_was_tampered_with_is_refused_and_the_others_still_play(tmp_path):
    db = tmp_path / "games.sqlite"
    with serving(db, FAST) as client:
        tampered = create(client, game="sealed_bids", players=2, seed=1)
        fine = create(client, game="sealed_bids", players=2, seed=2)
    with sqlite3.connect(db) as con:
        save = json.loads(con.execute("SELECT save FROM games WHERE id = ?", (tampered["game_id"],)).fetchone()[0])
        save["history"] = ["bid 15"]  # a forged history: the replay cannot match the stored position
        con.execute("UPDATE games SET save = ? WHERE id = ?", (json.dumps(save), tampered["game_id"]))
    with serving(db, FAST) as client:
        with client.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": tampered["tokens"]["seats"][0]}))
            frame = ws.receive_json()
            assert frame["type"] == "error" and frame["code"] == "unavailable" and "cannot be loaded" in frame["message"]
        listed = {g["game_id"]: g["loadable"] for g in client.get("/api/games").json()["games"]}
        assert listed == {tampered["game_id"]: False, fine["game_id"]: True}
        p = Player(client, fine["tokens"]["seats"][0])
        assert p.state["view"] == zw.game("sealed_bids", players=2).new_state(seed=2).view(0)
        p.close()


def test_whatever_is_not_json_is_refused_in_the_same_words_with_the_reason():
    """A websocket message (text or binary, the hello too) and a lobby body: ``<what> must be
    JSON text: <why>``, the parser's reason included; nothing changes."""
    with serving(":memory:", FAST) as client:
        made = create(client, game="gembloq", players=2, seed=1)
        p = Player(client, made["tokens"]["seats"][0])
        p.ws.send_text("{not json")
        frame = p.receive()
        assert frame["code"] == "bad-message" and frame["message"].startswith("a message must be JSON text: Expecting property name"), frame
        p.ws.send_bytes(b'{"type": "play"}')
        assert p.receive()["message"] == "a message must be JSON text: it came as binary, not text"
        assert p.state["version"] == 0
        p.close()
        with client.websocket_connect("/ws") as ws:  # a hello that is not JSON
            ws.send_text("hello, my token is abc")
            assert ws.receive_json() == {
                "type": "error",
                "code": "bad-message",
                "message": "a message must be JSON text: Expecting value: line 1 column 1 (char 0)",
            }
        with client.websocket_connect("/ws") as ws:  # a binary hello: told, not dropped without a word
            ws.send_bytes(b'{"type": "hello"}')
            assert ws.receive_json()["message"] == "a message must be JSON text: it came as binary, not text"
        for path, body in [("/api/games", b"{oops"), (f"/api/games/{made['game_id']}/join", b"name=Ana"), ("/api/games", b"\xff\xfe{}")]:
            r = client.post(path, content=body)
            assert r.status_code == 400 and r.json()["error"] == "bad-message", r.text
            assert r.json()["message"].startswith("the body must be JSON text: ") and len(r.json()["message"]) > len("the body must be JSON text: "), r.text
        assert len(client.get("/api/games").json()["games"]) == 1


def test_a_database_in_a_folder_that_does_not_exist_is_refused_in_words(tmp_path):
    from zongshi_widgets.server import GameStore, StoreError

    missing = tmp_path / "some" / "missing" / "folder" / "x.sqlite"
    for make in (GameStore, create_app):
        with pytest.raises(StoreError, match=r"x\.sqlite: the folder .*some/missing/folder does not exist$"):
            make(missing)
    with pytest.raises(StoreError, match="that is a folder; give a file name"):
        GameStore(tmp_path)
    (tmp_path / "notes").write_text("a file, not a folder")
    with pytest.raises(StoreError, match=r"notes is a file, not a folder"):
        GameStore(tmp_path / "notes" / "x.sqlite")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes"]  # nothing made
