"""A board joined to a served game (``zw.join``) in a real browser (JupyterLab 4, headless
Chromium).

The game server runs in a subprocess of the test (``zongshi-widgets serve`` on a free port, its
SQLite file in a temporary folder); a two-seat Art Gallery game is created through the lobby's
HTTP API. The notebook joins seat 0 (red) and shows the board; the learner clicks a move and a
bid; the test process plays seat 1 through a second joined board, and the browser's board
follows to the new position; Undo of yellow's move (the U key) is refused with the server's
reason, and nothing changes; so is a move out of turn typed in the notebook (``board.play``),
in the server's words on the browser's board. The page never holds seat 1's hand or bid: neither in its
DOM nor in any message the page's kernel websocket received. Controls a joined board cannot use
(New game, Review, Redo) are not shown, and the board says it plays on the server as red.
Screenshots: tests/browser/artifacts/joined-board-*.png.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from _jupyter import REPO_ROOT, find_free_port, kernel, open_notebook, run_all_cells, screenshot, wait_kernel

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # the websockets client's, as in tests/server

WIDGET = ".zw-board[data-game='art_gallery']"
SEED = 1  # red (seat 0) moves first

CELL = """\
import zongshi_widgets as zw
board = zw.join({address!r}, token={token!r}, game_id={game_id!r})
board
"""


@pytest.fixture
def game_server(tmp_path):
    """``http://127.0.0.1:PORT`` of a game server run by this test (stopped afterwards)."""
    port = find_free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "zongshi_widgets.lab.cli", "serve", "--port", str(port), "--db", str(tmp_path / "games.sqlite")]
        + ["--rate", "1000", "--log-level", "warning"],
        cwd=str(REPO_ROOT),
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        assert proc.poll() is None, f"the game server exited: {proc.stdout.read().decode(errors='replace')}"
        try:
            with urllib.request.urlopen(f"{url}/api/games", timeout=2):
                break
        except (urllib.error.URLError, OSError):
            assert time.monotonic() < deadline, "the game server did not answer within 30 s"
            time.sleep(0.1)
    try:
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def create_game(url: str, **body) -> dict:
    req = urllib.request.Request(f"{url}/api/games", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def record_kernel_frames(page) -> list[str]:
    """Every frame the page's websockets receive (the kernel's comm messages among them), as
    text (a binary frame decoded as UTF-8, its undecodable bytes replaced)."""
    frames: list[str] = []

    def on_socket(ws):
        ws.on("framereceived", lambda payload: frames.append(payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))

    page.on("websocket", on_socket)
    return frames


def test_a_joined_board_plays_on_the_server_and_shows_only_its_own_seat(game_server, page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    import zongshi_widgets as zw

    made = create_game(game_server, game="art_gallery", players=2, seed=SEED)
    address = game_server.replace("http://", "ws://")
    relpath = make_notebook([CELL.format(address=address, token=made["tokens"]["seats"][0], game_id=made["game_id"])], name="joined_board.ipynb")
    frames = record_kernel_frames(page)
    page.set_viewport_size({"width": 1280, "height": 1400})
    open_notebook(page, jupyter_server, relpath, theme="light")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    widget = page.locator(WIDGET)
    expect(widget).to_have_count(1)
    assert kernel(jupyter_server, relpath, "print(type(board).__name__, board.seat, board.server_version)") == "RemoteArtGalleryBoard 0 0"
    expect(widget.locator(".zw-ag-prompt")).to_contain_text("choose a card from your hand")
    # what a joined board says and offers: it plays on the server as red; no new game, review, redo
    expect(widget).to_contain_text("on the game server as red")
    for name in ("New game", "Review", "Redo"):
        expect(widget.get_by_role("button", name=re.compile(name))).to_have_count(0)
    screenshot(page, "joined-board-start", locator=widget)

    # a legal move and a bid, by clicks: played on the server
    widget.locator(".zw-ag-choices button[data-card='2']").click()
    widget.locator(".zw-ag-choices button[data-action='move 2 cw']").click()
    wait_kernel(jupyter_server, relpath, "print(board.server_version)", "1")
    expect(widget.locator(".zw-ag-prompt")).to_contain_text("2. Place a bid")
    widget.locator(".zw-ag-choices button[data-card='8']").click()
    wait_kernel(jupyter_server, relpath, "print(board.server_version)", "2")
    expect(widget.locator(".zw-ag-action.zw-ag-mine")).to_have_count(1)  # my own bid, marked as mine

    # a move out of turn, typed in the notebook (board.play): the server refuses it in its words,
    # shown on the browser's board, and nothing changes
    out = kernel(jupyter_server, relpath, "try:\n    board.play('move 3 ccw', timeout=10)\nexcept zw.IllegalAction as e:\n    print(e.rule)")
    assert out.startswith("server."), out
    expect(widget.locator(".zw-message")).to_have_attribute("data-kind", "refused")
    expect(widget.locator(".zw-message")).to_contain_text("not yours")
    screenshot(page, "joined-board-out-of-turn", locator=widget)
    assert kernel(jupyter_server, relpath, "print(board.server_version)") == "2"

    # seat 1 (yellow) plays from this process, through a board of its own
    other = zw.join(address, token=made["tokens"]["seats"][1], game_id=made["game_id"])
    try:
        assert other.wait_for_version(2)
        other.play("move 3 ccw")
        other.play("bid 7")  # yellow's secret: its bid (its hand is then 0..8 less 3 and 7)
        yellow_hand = sorted(other.state.hand(1))
    finally:
        other.close()
    wait_kernel(jupyter_server, relpath, "print(board.server_version)", "4")
    # the browser's board follows: red to move again, yellow's move in the log and on the line
    expect(widget.locator(".zw-ag-prompt")).to_contain_text("choose a card from your hand")
    last = kernel(jupyter_server, relpath, "print(board.moves[-1]['text'])")
    assert "bid" in last, last  # yellow's bid as red reads it: that it bid, not the card
    expect(widget.locator(".zw-message")).to_contain_text(last)
    expect(widget.locator(".zw-log-entry")).to_have_count(5)  # the start and four moves
    expect(widget.locator(".zw-log-entry").nth(3)).to_contain_text("3")  # yellow's move card is public
    assert kernel(jupyter_server, relpath, "print(len(board.moves), board.state.to_move)") == "4 0"
    screenshot(page, "joined-board-after-yellow", locator=widget)

    # a refused request: Undo (the U key) of yellow's move; the server's rule says why, nothing changes
    expect(widget.get_by_role("button", name="↶ Undo")).to_be_disabled()
    widget.locator(".zw-ag-choices button[data-card]").first.focus()
    page.keyboard.press("u")
    expect(widget.locator(".zw-message")).to_contain_text("only its own player may take it back")
    expect(widget.locator(".zw-message")).to_have_attribute("data-kind", "refused")
    screenshot(page, "joined-board-refused", locator=widget)
    assert kernel(jupyter_server, relpath, "print(board.server_version, len(board.moves))") == "4 4"

    # nothing of yellow's hand or bid reached the page: not in its DOM, not in any frame
    expect(widget.locator(".zw-ag-action.zw-ag-mine")).to_have_count(1)
    text = widget.inner_text()
    assert "YELLOW (ONLY YOU SEE IT)" not in text.upper()
    page_frames = "\n".join(frames)
    assert '"served"' in page_frames  # the board's traits did come through the recorded frames
    hands = [json.loads(m) for m in re.findall(r'"my_hand":\s*(\[[^\]]*\])', page_frames)]
    truth, reds = zw.game("art_gallery", players=2).new_state(seed=SEED), []
    for action in ("move 2 cw", "bid 8", "move 3 ccw", "bid 7"):
        reds.append(sorted(truth.hand(0)))
        truth = truth.play(action)
    assert sorted(truth.hand(1)) == yellow_hand
    assert hands and all(h in reds for h in hands), (hands, reds)  # only red's own hand, ever
    all_bids = re.findall(r'"bids":\s*(\[[^\]]*\])', page_frames)
    assert any(b != "[]" for b in all_bids), all_bids  # the bars with bids did come through
    for bids in all_bids:
        assert all(b is None for b in json.loads(bids)), bids  # every bid lies face down
    assert page.console_errors == []
