"""Served games played from real notebook kernels (issue #24).

The real server (``python -m zongshi_widgets.lab.cli serve``, a temporary ``--db``) runs in its
own process; two real IPython kernels (``jupyter_client``, this venv's ``python3`` kernel, this
worktree's package) each join one seat with ``board = zw.join(...)``, display the board (its comm
opens) and play their seat by the board's Python API (``board.play``) until the game is over;
the other seats are played by plain websocket clients in this process. Mid-game the server is
killed (SIGKILL: nothing is shut down cleanly) and started again on the same database; the
kernels join again and play on to the end.

What each client received is then judged against the server's own truth, read from its SQLite
save at the end (:class:`~zongshi_widgets.server.store.GameStore`) and replayed:

- every raw websocket message a kernel or a websocket seat received (recorded in the kernel by a
  ``websockets`` connection class that writes each message down as it arrives) is exactly what
  its seat may see at its version (``_served.check_frame``, the check of test_server.py);
- every iopub message of each kernel (the widget's ``comm_open`` and ``comm_msg`` state, the
  display, the cells' output) holds no other seat's private part (``_served.assert_no_secrets``:
  hands, face-down bids), no run of a hidden order (Art Gallery's pile and its stacks under the
  top card, Zong Shi's scroll and masterwork decks, Majolica's deck), no piece of the generator
  state and not the game's seed;
- the position each frame carries for its seat (a determinization) holds its hidden orders dealt
  anew: a hidden pile of 12 cards or more is never in its true order (by chance: below 1 in
  10**8 a frame);
- nothing is lost across the restart: the save at the kill is a prefix of the final game, no
  client saw a version the save did not hold, and every frame from before the kill is a frame of
  the final line.

Majolica is played whole by its greedy bots (seeded random play only ends at its stall rule,
round 40, some 1600 moves); Art Gallery and Zong Shi by seeded random players.
"""

from __future__ import annotations

import json
import os
import random
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from _served import REPO, assert_no_secrets, check_frame, free_port, post, start_server  # tests/server/conftest.py puts this folder on sys.path

import zongshi_widgets as zw
from zongshi_widgets.server.store import GameStore
from zongshi_widgets.server.table import ServedGame

jupyter_client = pytest.importorskip("jupyter_client")

pytestmark = [pytest.mark.kernels, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

#: Seconds a whole game may take, at most (each half, before and after the restart).
GAME_SECONDS = 150

#: What each kernel runs once: the package under test, a recording websockets connection (every
#: message the server sends, appended raw to ``RAW_FILE`` as one JSON string a line, as it is
#: received: ``ServedClient`` imports ``connect`` when it connects), and the seat's player.
SETUP = r"""
import functools, json, random, sys, time
import zongshi_widgets as zw
import websockets.sync.client as _wsc
from IPython.display import display
from zongshi_widgets.agents.base import agent, ask
from zongshi_widgets.server.client import JoinError

RAW_FILE = None

class _Recorded(_wsc.ClientConnection):
    def recv(self, *args, **kwargs):
        text = super().recv(*args, **kwargs)
        with open(RAW_FILE, "a") as f:
            f.write(json.dumps(text) + "\n")
        return text

_wsc.connect = functools.partial(_wsc.connect, create_connection=_Recorded)

def play_on(board, rng, bot, seconds):
    '''Play this board's seat until the game is over ("over"), the connection is gone ("closed")
    or time is up ("timeout"): the seat's move picked on the board's own position.'''
    session, seat = board._session, board.seat
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        client = session.client
        if session.frame["view"].get("is_over"):
            return "over"
        if client.closed:
            return "closed"
        if session.frame["legal"] and board.state.to_move == seat:
            state = board.state
            action = ask(bot, state, seat) if bot is not None else rng.choice(state.legal_actions())
            try:
                board.play(str(action))
            except zw.IllegalAction as exc:
                if exc.rule != "server.stale":
                    raise
            except (TimeoutError, JoinError):
                if client.wait_for(lambda: bool(client.closed), 5) or client.closed:
                    return "closed"
                raise
        else:
            board.sync(timeout=0.5)
    return "timeout"

print(zw.__file__, sys.prefix)
"""


class Kernel:
    """A real IPython kernel (jupyter_client) and every iopub message it sent, read as it comes
    by a thread of its own (so that no message waits in a socket's queue, where zmq's high-water
    mark would drop it, while the test waits on the other kernel)."""

    def __init__(self, env: dict):
        self.manager = jupyter_client.KernelManager(kernel_name="python3")
        self.manager.start_kernel(env=env)
        self.client = self.manager.client()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=60)
        self.iopub: list[dict] = []
        self._arrived = threading.Condition()
        self._stop = False
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while not self._stop:
            try:
                msg = self.client.get_iopub_msg(timeout=0.2)
            except Exception:  # queue.Empty: the kernel is quiet
                continue
            with self._arrived:
                self.iopub.append(msg)
                self._arrived.notify_all()

    def start(self, code: str) -> str:
        """Execute ``code`` without waiting; the message id."""
        return self.client.execute(code, store_history=False)

    def wait(self, msg_id: str, timeout: float) -> str:
        """Wait until the cell ``msg_id`` is done; its output (stdout and text/plain).

        Raises:
            AssertionError: the cell raised (its traceback), or it took longer than ``timeout``.
        """
        end = time.monotonic() + timeout
        seen = 0
        out = []
        while True:
            with self._arrived:
                while seen >= len(self.iopub):
                    left = end - time.monotonic()
                    assert left > 0, f"the kernel's cell did not end within {timeout:g} s: {''.join(out)[-2000:]}"
                    self._arrived.wait(min(left, 1))
                msg = self.iopub[seen]
            seen += 1
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream" and content["name"] == "stdout":
                out.append(content["text"])
            elif kind == "execute_result":
                out.append(content["data"].get("text/plain", ""))
            elif kind == "error":
                raise AssertionError("the kernel's cell failed:\n" + "\n".join(content["traceback"]))
            elif kind == "status" and content["execution_state"] == "idle":
                return "".join(out)

    def run(self, code: str, timeout: float = 60) -> str:
        return self.wait(self.start(code), timeout)

    def clear(self) -> None:
        """Forget the messages so far (an earlier game's)."""
        with self._arrived:
            self.iopub.clear()

    def shutdown(self) -> None:
        self._stop = True
        self._reader.join(timeout=5)
        self.client.stop_channels()
        self.manager.shutdown_kernel(now=True)


@pytest.fixture(scope="module")
def kernels():
    """Two kernels on this venv's Python, importing this worktree's package."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    made = [Kernel(env) for _ in range(2)]
    try:
        for k in made:
            out = k.run(SETUP)
            assert out.split()[0] == str(REPO / "zongshi_widgets" / "__init__.py"), out
            assert out.split()[1] == sys.prefix, out
        yield made
    finally:
        for k in made:
            k.shutdown()


class SocketSeat(threading.Thread):
    """A seat played by a plain websocket client (seeded random), reconnecting when the server
    goes away; every message it receives is recorded raw, one list per connection."""

    def __init__(self, port: int, token: str, seed: int, seconds: float):
        super().__init__(daemon=True)
        self.url, self.token, self.rng = f"ws://127.0.0.1:{port}/ws", token, random.Random(seed)
        self.end = time.monotonic() + seconds
        self.connections: list[list[str]] = []
        self.over = False
        self.error: BaseException | None = None

    def run(self) -> None:
        from websockets.exceptions import ConnectionClosed, WebSocketException
        from websockets.sync.client import connect

        try:
            while not self.over and time.monotonic() < self.end:
                try:
                    ws = connect(self.url, open_timeout=5, max_size=2**24)
                except (OSError, WebSocketException):  # the server is away (restarting)
                    time.sleep(0.1)
                    continue
                raw: list[str] = []
                self.connections.append(raw)
                try:
                    ws.send(json.dumps({"type": "hello", "token": self.token}))
                    while time.monotonic() < self.end:
                        try:
                            text = ws.recv(timeout=1)
                        except TimeoutError:  # the others are thinking
                            continue
                        raw.append(text)
                        frame = json.loads(text)
                        if frame["type"] != "state":
                            continue
                        if frame["view"].get("is_over"):
                            self.over = True
                            break
                        if frame["legal"]:
                            ws.send(json.dumps({"type": "play", "action": self.rng.choice(frame["legal"]), "version": frame["version"]}))
                except (ConnectionClosed, OSError):
                    pass
                finally:
                    ws.close()
        except BaseException as exc:
            self.error = exc


def version_of(port: int, game_id: str) -> int | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/{game_id}", timeout=2) as r:
            return json.loads(r.read())["version"]
    except OSError:
        return None


def raw_messages(path: Path) -> list[str]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def hidden_runs(state, seat) -> list[list]:
    """The hidden orders of ``state`` that ``seat`` may not know: each a list in its true order."""
    pos, view = state.position(), state.view(seat)
    name = state.game.name
    if name == "art_gallery":
        return [list(pos["pile"]), *[list(stack[1:]) for stack in pos["stacks"].values()]]
    if name == "zongshi":
        return [list(pos["scroll_deck"]), list(pos["masterworks"]["deck"])]
    if name == "majolica":
        deck, bottom = list(pos["deck"]), view.get("deck_bottom") or []
        return [deck[: len(deck) - len(bottom)]]
    raise AssertionError(f"no hidden orders known for {name}")


def assert_no_hidden_order(text: str, state, seat, where: str) -> None:
    """No run of a hidden order (4 cards in a row, 5 for a game whose cards are numbers) as JSON."""
    for run in hidden_runs(state, seat):
        size = 5 if run and isinstance(run[0], int) else 4
        for i in range(len(run) - size + 1):
            piece = json.dumps(run[i : i + size])[1:-1]
            assert piece not in text, f"seat {seat} received a run of a hidden order in {where}: {piece}"


def comm_texts(messages: list[dict]) -> list[tuple[int | None, str, str]]:
    """(ply the board showed, kind, JSON text) of every iopub message a kernel sent but the echo of
    its code; the ply is the one of the last board state synced (``view.ply``) up to it."""
    out, ply = [], None
    for msg in messages:
        kind = msg["msg_type"]
        if kind in ("execute_input", "status"):
            continue
        content = msg["content"]
        state = (content.get("data") or {}).get("state") if kind in ("comm_open", "comm_msg") else None
        if isinstance(state, dict) and isinstance(state.get("view"), dict) and "ply" in state["view"]:
            ply = state["view"]["ply"]
        assert not msg.get("buffers"), f"a {kind} with binary buffers: the scan would not read them"
        out.append((ply, kind, json.dumps(content)))
    return out


CASES = [
    # game, players, seed, the seats two kernels play, the version to kill the server at, bots
    pytest.param("art_gallery", 4, 2**62 + 1234567, (0, 2), 120, None, id="art_gallery-4"),
    pytest.param("zongshi", 3, 2**62 + 7654321, (1, 2), 120, None, id="zongshi-3"),
    pytest.param("majolica", 2, 2**62 + 2468024, (0, 1), 80, "greedy", id="majolica-2"),
]


@pytest.mark.parametrize(("name", "players", "seed", "kernel_seats", "kill_at", "bot"), CASES)
def test_kernels_play_a_whole_game_across_a_server_restart_and_receive_no_secret(kernels, tmp_path, name, players, seed, kernel_seats, kill_at, bot):
    db, port = tmp_path / "class.sqlite", free_port()
    for k in kernels:
        k.clear()  # what an earlier game left
    address = f"ws://127.0.0.1:{port}"
    proc = start_server(db, port)
    seats = []
    try:
        made = post(port, "/api/games", {"game": name, "players": players, "seed": seed})
        game_id, tokens = made["game_id"], made["tokens"]["seats"]
        seats = {s: SocketSeat(port, tokens[s], seed % 1000 + s, 2 * GAME_SECONDS) for s in range(players) if s not in kernel_seats}
        for s in seats.values():
            s.start()
        bot_code = f"agent({bot!r}, {{seat}}, board.state.game)" if bot else "None"

        def join_and_play(kernel, seat, part, first):
            raw = tmp_path / f"raw-{seat}-{part}.jsonl"
            code = f"RAW_FILE = {str(raw)!r}\n"
            if first:
                code += f"rng = random.Random({seat})\n"
            else:
                code += "board.close()\n"
            code += f"board = zw.join({address!r}, token={tokens[seat]!r}, game_id={game_id!r})\ndisplay(board)\n"
            code += f"bot = {bot_code.format(seat=seat)}\nprint(play_on(board, rng, bot, {GAME_SECONDS}))\n"
            return kernel.start(code)

        # the first half: the kernels play until the server is killed under them
        running = [join_and_play(k, s, 0, True) for k, s in zip(kernels, kernel_seats)]
        end = time.monotonic() + GAME_SECONDS
        while (version_of(port, game_id) or 0) < kill_at:
            assert time.monotonic() < end, f"the game did not reach version {kill_at} in {GAME_SECONDS} s"
            time.sleep(0.05)
        proc.kill()
        proc.wait()
        at_kill = GameStore(db).get(game_id)
        assert not at_kill.is_over and at_kill.version >= kill_at
        for k, msg_id in zip(kernels, running):
            assert k.wait(msg_id, 60).split()[-1] == "closed"
        # the second half: a new server on the same database; the kernels join again
        proc = start_server(db, port)
        running = [join_and_play(k, s, 1, False) for k, s in zip(kernels, kernel_seats)]
        for k, msg_id in zip(kernels, running):
            assert k.wait(msg_id, GAME_SECONDS + 30).split()[-1] == "over"
        for s in seats.values():
            s.join(timeout=30)
            assert s.error is None and s.over
    finally:
        proc.kill()
        proc.wait()
    # the server's truth: its save at the end, replayed from the start
    final = GameStore(db).get(game_id)
    game = zw.game(name, players=players)
    line = ServedGame.from_save(game_id, game, final.save, final.version, True).line
    assert final.is_over and line[-1].is_over and final.version == len(line) - 1
    history = [str(a) for a in line[-1].history]
    before = game.load_state(at_kill.save)
    assert [str(a) for a in before.history] == history[: at_kill.version], "a move stored before the kill is not in the final game"
    logs = {s: [{"ply": i, "seat": line[i].to_move, "text": line[i].action_text(a, s)} for i, a in enumerate(line[-1].history)] for s in range(players)}
    save = json.loads(final.save)
    forbidden = [str(seed), json.dumps(save["chance"]["state"][3:7])[1:-1]] if isinstance(save.get("chance"), dict) else [str(seed)]

    def check_raw(texts: list[str], seat: int) -> set[int]:
        """Every message of one connection checked; the versions of the frames it had."""
        assert texts and json.loads(texts[0])["type"] == "welcome", texts[:1]
        seen = set()
        for text in texts[1:]:
            frame = json.loads(text)
            if frame["type"] == "refused":  # a move sent just before another seat's: it came late
                assert frame["code"] == "stale" and set(frame) == {"type", "code", "rule", "message", "version"}, text
                continue
            assert frame["type"] == "state", text[:300]
            v = frame["version"]
            check_frame(text, line[v], seat, logs[seat][:v], v)
            if frame["position"] is not None:  # the seat's position: its hidden orders dealt anew, not the true ones
                dealt = hidden_runs(game.from_position(frame["position"], seed=0), seat)
                for true_run, run in zip(hidden_runs(line[v], seat), dealt, strict=True):
                    assert len(true_run) < 12 or run != true_run, f"seat {seat} received the true order of a hidden pile: {true_run}"
            assert_no_hidden_order(json.dumps({**frame, "position": None}), line[v], seat, "a websocket frame")
            for piece in forbidden:
                assert piece not in text, f"seat {seat} received the game's seed or its generator state"
            seen.add(v)
        return seen

    highest_before, received = -1, {}
    for seat in kernel_seats:
        halves = [check_raw(raw_messages(tmp_path / f"raw-{seat}-{part}.jsonl"), seat) for part in (0, 1)]
        highest_before = max(highest_before, *halves[0])
        assert max(halves[1]) == final.version and min(halves[1]) >= at_kill.version
        received[seat] = halves[0] | halves[1]
    for seat, s in seats.items():
        assert len(s.connections) >= 2, "the websocket seat did not connect again after the restart"
        for texts in s.connections:
            if texts:
                check_raw(texts, seat)
    assert highest_before <= at_kill.version, "a client saw a version the stored save does not hold"
    # the kernels' own traffic: what each board synced to its front end, and everything else on iopub
    for k, seat in zip(kernels, kernel_seats):
        texts = comm_texts(k.iopub)
        kinds = {kind for _, kind, _ in texts}
        assert {"comm_open", "comm_msg", "display_data"} <= kinds, kinds
        synced = {json.loads(text)["data"]["state"]["view"]["ply"] for _, kind, text in texts if kind in ("comm_open", "comm_msg") and '"ply": ' in text}
        assert received[seat] <= synced, f"the board did not sync the frames of versions {sorted(received[seat] - synced)[:10]}"
        assert max(synced) == final.version, "the board did not follow the game to its end"
        for ply, kind, text in texts:
            truth = line[ply or 0]  # None: before the board's first state (its layout widget, say)
            assert_no_secrets(text, truth, seat, f"the kernel's {kind}")
            assert_no_hidden_order(text, truth, seat, f"the kernel's {kind}")
            for piece in forbidden:
                assert piece not in text, f"seat {seat}'s kernel holds the game's seed or its generator state in a {kind}"
