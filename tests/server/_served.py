"""What the server tests share (issue #24): the real ``zongshi-widgets serve`` command started and
stopped in its own process (``start_server``, ``stop``), and how what a client received is judged
against the true game.

``check_frame`` checks one raw ``state`` frame: it is exactly what its seat may see of the truth,
and it holds no other seat's secret (``assert_no_secrets``). ``assert_no_secrets`` is also what
tests/server/test_kernels.py runs over a notebook kernel's comm traffic.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A TCP port free on localhost now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, port: int) -> subprocess.Popen:
    """``python -m zongshi_widgets.lab.cli serve`` on ``port`` with ``db`` (this worktree's package
    imported), once it answers on its lobby; its rate limit out of the way of fast test players."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    cmd = [sys.executable, "-m", "zongshi_widgets.lab.cli", "serve", "--port", str(port), "--db", str(db), "--log-level", "warning", "--rate", "10000"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return proc
        except OSError:
            if proc.poll() is not None:
                raise AssertionError(f"the server stopped: {proc.stderr.read()}") from None
            time.sleep(0.2)
    proc.kill()
    raise AssertionError("the server did not answer within 60 s")


def stop(proc: subprocess.Popen) -> None:
    """Stop the server (SIGTERM, then SIGKILL after 20 s)."""
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def post(port: int, path: str, body: dict) -> dict:
    """POST ``body`` as JSON to the server's lobby; its JSON answer."""
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def secrets_of_others(truth, seat) -> list[tuple[str, object]]:
    """(key, value) of every other seat's private view that differs from what ``seat`` holds."""
    mine = truth.private_view(seat) if seat is not None else {}
    out = []
    for other in range(truth.game.players):
        if other != seat:
            out += [(k, v) for k, v in truth.private_view(other).items() if mine.get(k) != v]
    return out


def assert_no_secrets(text: str, truth, seat, where: str = "a frame") -> None:
    """``text`` (anything sent to ``seat``, as JSON text) holds no value of another seat's
    private view that ``seat``'s own view does not hold too.

    A value of 16 characters or more as JSON counts wherever it occurs; a shorter one (a hand of
    three card numbers, ``[0, 1, 4]``, is also a row of a score sheet's chains) counts as the
    value of a key (``"...": [0, 1, 4]``); a single card number (under 8 characters) occurs in
    public parts by nature and is not looked for.

    Raises:
        AssertionError: naming the seat, the key, the value found and where.
    """
    own = json.dumps(truth.view(seat))
    for key, value in secrets_of_others(truth, seat):
        secret = json.dumps(value)
        if len(secret) < 8 or secret in own:
            continue
        if len(secret) >= 16:
            at = text.find(secret)
        else:
            found = re.search('": ' + re.escape(secret) + r"[,}]", text)
            at = found.start() if found else -1
        assert at < 0, f"seat {seat} received another seat's {key} in {where}: {secret} in ...{text[max(0, at - 150) : at + 150]}..."


def check_frame(text: str, truth, seat, log: list[dict], version: int) -> None:
    """The frame is exactly what ``seat`` may see of ``truth``, and holds no other seat's secret.

    Its ``position`` (a determinization for the seat) rebuilds to a position showing the seat
    exactly its view; the other seats' parts in it are a fresh deal, which may by chance equal
    the real ones, so the scan for other seats' secrets reads the frame without it (that the
    position depends only on what the seat sees is the two-truths test of test_server.py)."""
    frame = json.loads(text)
    position = frame.pop("position")
    gt = truth.game.game_type
    if position is None:  # a spectator of a game with secrets or chance, or an end no rule can pose
        assert (seat is None and (gt.hidden_information or gt.chance)) or truth.is_over
    else:
        built = truth.game.from_position(position, seed=0)
        assert built.view(seat) == truth.view(seat) and built.to_move == truth.to_move and built.turn == truth.turn
    text = json.dumps(frame)
    assert frame["version"] == version and frame["seat"] == seat
    assert frame["view"] == json.loads(json.dumps(truth.view(seat)))
    assert frame["legal"] == ([str(a) for a in truth.legal_actions()] if seat is not None and seat == truth.to_move else [])
    assert frame["log"] == log[frame["log_start"] :]
    assert frame["score"] == json.loads(json.dumps(truth.visible_score_sheet(seat).to_json()))
    for key, _value in secrets_of_others(truth, seat):
        if key in frame["view"]:
            assert key in truth.public_view() or key in truth.private_view(seat), f"{key} of another seat sent to {seat}"
    assert_no_secrets(text, truth, seat)
