"""Boards where the live widget cannot run (issue #6), in a real browser.

* A notebook saved after a game was played, reopened after its kernel is gone: the reader
  sees the board's picture of the position at saving time, not "Error displaying widget:
  model not found".
* ``jupyter nbconvert --to html --execute`` with its default settings (widget state stored),
  opened offline in Chromium: the board's picture is there and shows the final position.
* A kernel restarted under a live board: the board says plainly that the kernel is gone and
  the cell needs running again, instead of looking alive and ignoring clicks.

Screenshots: tests/browser/artifacts/picture-*.png.
"""

from __future__ import annotations

import json
import subprocess
import sys

from _jupyter import open_notebook, run_all_cells, screenshot, write_notebook

WIDGET = ".zw-board[data-game='gembloq']"
PICTURE = ".zw-static"

BOARD_CELL = """\
from zongshi_widgets.widgets import GembloQBoard
board = GembloQBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1, bot_delay=0)
board
"""
PLAY_CELL = "board.play('b27,c27,b28,c28')  # blue, then the three bots"


def _picture_label(page) -> str:
    return page.locator(f"{PICTURE} svg[aria-label^='GembloQ board']").first.get_attribute("aria-label")


def test_a_saved_board_reopened_without_its_kernel_shows_its_picture(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook([BOARD_CELL, PLAY_CELL], name="picture_reopen.ipynb")
    page.set_viewport_size({"width": 1280, "height": 1100})
    open_notebook(page, jupyter_server, relpath, theme="light")
    run_all_cells(page)
    widget = page.locator(WIDGET)
    expect(widget.locator(".zw-gq-piece")).to_have_count(4, timeout=30_000)
    # the live board is shown; its picture output is hidden meanwhile
    expect(page.locator(PICTURE)).to_have_count(1)
    expect(page.locator(PICTURE)).to_be_hidden()
    # picking a piece and putting it back changes nothing: the saved picture is of move 4
    widget.locator(".zw-hand .zw-piece[data-piece='1']").click()
    widget.locator(".zw-hand .zw-piece[data-piece='1']").click()  # picked and put back: nothing played
    page.evaluate("async () => { await window.jupyterapp.commands.execute('docmanager:save'); }")
    saved = json.loads((jupyter_server.root / relpath).read_text())
    pictures = [o["data"]["text/html"] for c in saved["cells"] for o in c.get("outputs", []) if "zw-static" in "".join(o.get("data", {}).get("text/html", ""))]
    assert len(pictures) == 1 and "4 pieces placed" in "".join(pictures[0]), "the saved picture is the position at saving time"

    # the kernel goes away; the notebook is opened again
    jupyter_server.shutdown_kernels(under=str((jupyter_server.root / relpath).parent))
    page.reload()
    open_notebook(page, jupyter_server, relpath, theme="light")
    picture = page.locator(PICTURE)
    expect(picture).to_be_visible(timeout=30_000)
    assert _picture_label(page) == "GembloQ board, 4 pieces placed"
    expect(picture).to_contain_text("run the cell in Jupyter to play")
    expect(page.locator(WIDGET)).to_have_count(0)
    # the widget output's "model not found" line is not what the reader sees
    page.wait_for_timeout(1500)
    assert "model not found" not in page.locator(".jp-Notebook").inner_text()
    assert picture.bounding_box()["height"] > 300
    screenshot(page, "picture-reopened-without-kernel")


def test_default_html_export_shows_the_board_offline(browser, tmp_path):
    nb = write_notebook(tmp_path / "export.ipynb", [BOARD_CELL, PLAY_CELL])
    run = subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--execute", str(nb)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    html_path = tmp_path / "export.html"
    text = html_path.read_text()
    assert "application/vnd.jupyter.widget-state+json" in text  # the default: widget state stored
    context = browser.new_context(viewport={"width": 1100, "height": 1200})
    requests: list[str] = []

    def offline(route):
        requests.append(route.request.url)
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            route.abort()

    context.route("**/*", offline)
    try:
        page = context.new_page()
        page.goto(html_path.as_uri())
        page.wait_for_timeout(1500)
        picture = page.locator(PICTURE)
        assert picture.count() == 1 and picture.is_visible()
        assert _picture_label(page) == "GembloQ board, 4 pieces placed"
        assert picture.bounding_box()["height"] > 300
        assert any(not u.startswith("file:") for u in requests)  # the page did try the network: offline for real
        screenshot(page, "picture-html-export-offline", full_page=True)
    finally:
        context.close()


def test_a_board_whose_kernel_restarted_says_so(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook([BOARD_CELL], name="picture_restart.ipynb")
    page.set_viewport_size({"width": 1280, "height": 1100})
    open_notebook(page, jupyter_server, relpath, theme="light")
    run_all_cells(page)
    widget = page.locator(WIDGET)
    expect(widget.locator(".zw-hand .zw-piece")).to_have_count(21, timeout=30_000)
    expect(widget.locator(".zw-gone")).to_be_hidden()
    kid = jupyter_server.kernel_id_for(relpath)
    assert kid  # the notebook's kernel; restarted as a person does, from the page's own kernel connection
    page.evaluate("async () => { await window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.restart(); }")
    gone = widget.locator(".zw-gone")
    expect(gone).to_be_visible(timeout=90_000)  # generous: a loaded machine restarts slowly
    expect(gone).to_contain_text("The kernel behind this board is gone")
    expect(gone).to_contain_text("run this cell again")
    # nothing pretends to work: the hand is disabled, the status line says the same
    assert widget.locator(".zw-hand .zw-piece:not([disabled])").count() == 0
    expect(widget.locator(".zw-status")).to_contain_text("kernel is gone")
    expect(widget.locator(".zw-status")).not_to_contain_text("click to place")
    screenshot(page, "picture-kernel-gone", locator=widget)
