"""The game server as a teacher runs it: ``zongshi-widgets serve`` in its own process, players
connecting over real sockets on localhost with the ``websockets`` client. A game of Art Gallery
(hands and face-down bids) is played by two clients, every frame each receives compared with
the truth replayed here; the server is stopped mid-game and started again on the same database,
and the game goes on to its end from where it was.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from _served import REPO, free_port, post, start_server, stop  # tests/server/conftest.py puts this folder on sys.path
from websockets.asyncio.client import connect

import zongshi_widgets as zw


async def play(port: int, tokens: list[str], truth, rng: random.Random, moves: int | None) -> tuple:
    """Connect one client per token, play ``moves`` moves (None: to the end), checking every
    frame against ``truth``; returns the new truth and every raw frame by seat."""
    url = f"ws://127.0.0.1:{port}/ws"
    sockets = [await connect(url) for _ in tokens]
    raw: dict[int, list[str]] = {i: [] for i in range(len(tokens))}

    async def frame(seat: int) -> dict:
        text = await asyncio.wait_for(sockets[seat].recv(), 30)
        raw[seat].append(text)
        return json.loads(text)

    try:
        frames = {}
        for seat, (ws, token) in enumerate(zip(sockets, tokens)):
            await ws.send(json.dumps({"type": "hello", "token": token}))
            assert (await frame(seat))["type"] == "welcome"
            frames[seat] = await frame(seat)
        version = frames[0]["version"]
        played = 0
        while not truth.is_over and (moves is None or played < moves):
            for seat, f in frames.items():
                assert f["version"] == version and f["view"] == json.loads(json.dumps(truth.view(seat)))
                assert f["legal"] == ([str(a) for a in truth.legal_actions()] if seat == truth.to_move else [])
            mover = truth.to_move
            notation = rng.choice(frames[mover]["legal"])
            await sockets[mover].send(json.dumps({"type": "play", "action": notation, "version": version}))
            action = truth.parse_action(notation)
            texts = {seat: truth.action_text(action, seat) for seat in frames}
            truth = truth.play(action)
            version += 1
            played += 1
            for seat in frames:
                frames[seat] = await frame(seat)
                assert frames[seat]["log"][-1]["text"] == texts[seat]
        for seat, f in frames.items():
            assert f["view"] == json.loads(json.dumps(truth.view(seat)))
        return truth, raw
    finally:
        for ws in sockets:
            await ws.close()


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_served_command_plays_a_game_across_a_restart_and_sends_no_hand_to_another_seat(tmp_path):
    db = tmp_path / "class.sqlite"
    port = free_port()
    proc = start_server(db, port)
    try:
        made = post(port, "/api/games", {"game": "art_gallery", "players": 2, "seed": 6})
        truth = zw.game("art_gallery", players=2).new_state(seed=6)
        rng = random.Random(6)
        truth, first = asyncio.run(play(port, made["tokens"]["seats"], truth, rng, moves=60))
        assert not truth.is_over
    finally:
        stop(proc)
    proc = start_server(db, port)
    try:
        listed = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=10).read())["games"]
        assert [(g["game_id"], g["version"]) for g in listed] == [(made["game_id"], 60)]
        truth, second = asyncio.run(play(port, made["tokens"]["seats"], truth, rng, moves=None))
        assert truth.is_over
    finally:
        stop(proc)
    # the raw traffic: no frame to a seat holds the other seat's hand or bids while they are hidden
    replay = zw.game("art_gallery", players=2).new_state(seed=6)
    states = [replay]
    for action in truth.history:
        states.append(states[-1].play(action))
    for seat in (0, 1):
        frames = [json.loads(t) for t in first[seat] + second[seat] if json.loads(t)["type"] == "state"]
        for f in frames:
            state = states[len(f["log"]) + f["log_start"]]
            assert f["view"] == json.loads(json.dumps(state.view(seat)))
            mine = state.private_view(seat)
            for key, value in state.private_view(1 - seat).items():
                if mine.get(key) != value and value:
                    assert f["view"].get(key) != value


def test_serve_refuses_bad_arguments_and_a_file_that_is_no_game_database(tmp_path, capsys):
    from zongshi_widgets.lab.cli import main

    assert main(["serve", "--port", "0"]) == 2
    assert "--port must be from 1 to 65535" in capsys.readouterr().err
    assert main(["serve", "--rate", "0"]) == 2
    assert "--rate must be above 0" in capsys.readouterr().err
    junk = tmp_path / "notes.sqlite"
    junk.write_text("these are my notes, not a database\n" * 200)
    assert main(["serve", "--db", str(junk), "--port", str(free_port())]) == 2
    assert "not a game database this server can use" in capsys.readouterr().err
    assert junk.read_text().startswith("these are my notes")


def test_serve_says_in_one_line_why_it_cannot_use_its_db_host_or_port(tmp_path, monkeypatch, capsys):
    """A --db in a folder that does not exist, a --host that names nothing and a --port in use:
    exit 2 and one line on stderr each (no traceback, no server started, nothing made)."""
    from zongshi_widgets.lab.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["serve", "--db", "some/missing/folder/x.sqlite", "--port", str(free_port())]) == 2
    out = capsys.readouterr()
    assert out.err == "zongshi-widgets serve: --db some/missing/folder/x.sqlite: the folder some/missing/folder does not exist\n"
    assert out.out == "" and list(tmp_path.iterdir()) == []
    assert main(["serve", "--db", "games.sqlite", "--host", "no-such-host.invalid"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("zongshi-widgets serve: --host no-such-host.invalid: no such name or address (") and err.count("\n") == 1, err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--db", "games.sqlite", "--port", str(port)]) == 2
        out = capsys.readouterr()
    assert out.err == f"zongshi-widgets serve: --port {port}: already in use on 127.0.0.1 (another server?); choose another --port or stop that one\n"
    assert out.out == "" and list(tmp_path.iterdir()) == []  # no games.sqlite made either


def _ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


@pytest.mark.skipif(not _ipv6_loopback(), reason="no IPv6 loopback on this machine")
def test_serve_on_an_ipv6_address_answers_there_and_prints_its_address_in_brackets(tmp_path):
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    cmd = [
        sys.executable,
        "-m",
        "zongshi_widgets.lab.cli",
        "serve",
        "--host",
        "::1",
        "--port",
        str(port),
        "--db",
        str(tmp_path / "g.sqlite"),
        "--log-level",
        "warning",
    ]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stdout.readline()
        assert f"lobby http://[::1]:{port}/api/games, play ws://[::1]:{port}/ws" in first, (first, proc.stderr.read() if proc.poll() is not None else "")
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://[::1]:{port}/api/games", timeout=2) as r:
                    assert json.loads(r.read()) == {"games": []}
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read() if proc.poll() is not None else "no answer in 60 s"
                time.sleep(0.2)
    finally:
        stop(proc)
