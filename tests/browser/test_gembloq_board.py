"""The GembloQ board in a real browser (JupyterLab 4 and Notebook 7, headless Chromium).

Checked as a person would: the board renders; a first move placed by clicks (pick piece 1 in
the hand, hover blue's starting square, click) lands and the bots reply; a move made with the
keyboard lands; an illegal spot shows the rule's words; undo works; the dark theme renders;
the end-of-game summary shows the winner; no errors reach the browser console. Screenshots go
to tests/browser/artifacts/gembloq-*.png; the click-to-updated-board time is printed.
"""

from __future__ import annotations

import time

import pytest
from _jupyter import open_notebook, run_all_cells, screenshot, set_theme

BOARD_CELL = """\
from zongshi_widgets.widgets import GembloQBoard
board = GembloQBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1, bot_delay=0.25)
board
"""

WIDGET = ".zw-board[data-game='gembloq']"


def kernel(server, relpath: str, code: str) -> str:
    """Run ``code`` in the notebook's kernel; its printed output, stripped."""
    return server.execute(relpath, code).strip()


def wait_kernel(server, relpath: str, code: str, want: str, timeout: float = 30) -> str:
    """Poll ``code`` in the kernel until it prints ``want``."""
    deadline = time.monotonic() + timeout
    got = ""
    while time.monotonic() < deadline:
        got = kernel(server, relpath, code)
        if got == want:
            return got
        time.sleep(0.2)
    raise AssertionError(f"kernel: {code!r} printed {got!r}, expected {want!r}")


def plies(server, relpath) -> int:
    return int(kernel(server, relpath, "print(len(board.state.history))"))


def open_board(page, server, relpath, app="lab", theme="light"):
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1280, "height": 1350})  # the whole board fits in the screenshots
    open_notebook(page, server, relpath, theme=theme, app=app)
    if app == "lab":  # as a teacher would before showing the board: more room for it
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    widget = page.locator(WIDGET)
    expect(widget).to_have_count(1, timeout=30_000)
    expect(widget.locator("svg.zw-gq-board")).to_be_visible()
    expect(widget.locator(".zw-hand .zw-piece")).to_have_count(21)
    return widget


def center(locator):
    """The on-screen centre of an element (scrolled into view first)."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def version_of(widget) -> int:
    return int(widget.get_attribute("data-version"))


def start_timer(page):
    """From the next click on the board to the next change of the board's drawn version."""
    page.evaluate(
        """() => {
             const root = document.querySelector(".zw-board[data-game='gembloq']");
             const svg = root.querySelector("svg.zw-gq-board");
             window.__zwClick = null; window.__zwDrawn = null;
             svg.addEventListener("click", () => { window.__zwClick = performance.now(); }, { capture: true, once: true });
             const seen = root.dataset.version;
             const obs = new MutationObserver(() => {
               if (window.__zwClick !== null && root.dataset.version !== seen) {
                 window.__zwDrawn = performance.now();
                 obs.disconnect();
               }
             });
             obs.observe(root, { attributes: true, attributeFilter: ["data-version"] });
           }"""
    )


def click_to_update_ms(page) -> float:
    page.wait_for_function("() => window.__zwDrawn !== null", timeout=15_000)
    return page.evaluate("() => window.__zwDrawn - window.__zwClick")


def test_gembloq_board_in_jupyterlab(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook([BOARD_CELL], name="gembloq_board.ipynb")
    widget = open_board(page, jupyter_server, relpath)
    assert widget.locator(".zw-player").count() == 4
    assert widget.locator(".zw-gq-start").count() == 4  # the four starting squares, marked
    expect(widget.locator(".zw-turn")).to_contain_text("Blue to move")
    expect(widget.locator(".zw-turn")).to_contain_text("36 legal placements")
    screenshot(page, "gembloq-light", locator=widget)

    # -- a first move by clicks: pick piece 1, hover blue's starting square, click ----------
    widget.locator(".zw-hand .zw-piece[data-piece='0']").click()
    expect(widget.locator(".zw-hand .zw-piece[data-piece='0']")).to_have_attribute("aria-pressed", "true")
    start = widget.locator(".zw-gq-start[aria-label^='blue starting square']")
    page.mouse.move(*center(start))
    expect(widget.locator(".zw-gq-preview .zw-gq-ok")).to_have_count(1)  # green: legal
    expect(widget.locator(".zw-status")).to_contain_text("fits here")
    start_timer(page)
    page.mouse.click(*center(start))
    ms = click_to_update_ms(page)
    print(f"\nclick-to-updated-board (JupyterLab, first move): {ms:.1f} ms (send-to-redraw {widget.get_attribute('data-place-ms')} ms)")
    assert kernel(jupyter_server, relpath, "print(board.state.history[0])") == "b27,c27,b28,c28"

    # -- the bots reply, one move at a time, visibly ----------------------------------------
    wait_kernel(jupyter_server, relpath, "print(len(board.state.history), board.state.to_move)", "4 0")
    expect(widget.locator(".zw-log-entry")).to_have_count(5)  # start + 4 moves
    expect(widget.locator(".zw-log-entry.zw-current")).to_contain_text("4.")
    expect(widget.locator(".zw-turn")).to_contain_text("Blue to move")
    expect(widget.locator(".zw-message")).to_contain_text("green placed")
    assert widget.locator(".zw-gq-piece").count() == 4
    assert widget.locator(".zw-gq-start").count() == 0

    # -- an illegal spot shows the rule's words, and clicking there changes nothing ----------
    widget.locator(".zw-hand .zw-piece[data-piece='1']").click()
    middle = center(widget.locator("svg.zw-gq-board"))
    page.mouse.move(*middle)
    expect(widget.locator(".zw-gq-preview .zw-gq-bad")).to_have_count(1)  # red
    expect(widget.locator(".zw-status")).to_contain_text("must touch another blue piece at a corner", timeout=10_000)
    expect(widget.locator(".zw-status")).to_contain_text("rulebook, Gameplay")
    before = version_of(widget)
    page.mouse.click(*middle)
    expect(widget.locator(".zw-message")).to_contain_text("Not allowed: The piece must touch another blue piece at a corner")
    assert version_of(widget) == before and plies(jupyter_server, relpath) == 4
    page.keyboard.press("Escape")
    expect(widget.locator(".zw-gq-preview *")).to_have_count(0)

    # -- a move by keys: Tab through the hand, Enter picks, arrows / R move and turn, Enter places
    widget.locator(".zw-hand .zw-piece[data-piece='2']").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.piece") == "3"
    page.keyboard.press("Enter")
    expect(widget.locator(".zw-hand .zw-piece[data-piece='3']")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("document.activeElement.classList.contains('zw-gq-board')")
    expect(widget.locator(".zw-gq-preview .zw-gq-ok")).to_have_count(1)  # starts on a legal spot
    preview = widget.locator(".zw-gq-pv-edge")
    first_path = preview.get_attribute("d")
    page.keyboard.press("ArrowRight")
    assert preview.get_attribute("d") != first_path  # moved
    page.keyboard.press("r")
    page.keyboard.press("Shift+R")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Escape")  # drop it, back in the hand, pick again: the first legal spot
    assert page.evaluate("document.activeElement.dataset.piece") == "3"
    page.keyboard.press("Enter")
    expect(widget.locator(".zw-gq-preview .zw-gq-ok")).to_have_count(1)
    page.keyboard.press("Enter")
    wait_kernel(jupyter_server, relpath, "print(len(board.state.history), board.state.to_move)", "8 0")
    assert kernel(jupyter_server, relpath, "print(board.state.history[4].piece.number)") == "4"  # blue's piece, by keys
    expect(widget.locator(".zw-log-entry")).to_have_count(9)
    screenshot(page, "gembloq-midgame", locator=widget)

    # -- undo goes back to blue's previous decision (over the bots' replies) ----------------
    widget.get_by_role("button", name="↶ Undo").click()
    wait_kernel(jupyter_server, relpath, "print(len(board.state.history), board.state.to_move)", "4 0")
    expect(widget.locator(".zw-log-entry.zw-current")).to_contain_text("4.")
    expect(widget.locator(".zw-log-entry.zw-future")).to_have_count(4)  # redo is still possible
    page.keyboard.press("Shift+U")  # redo from the keyboard (focus is inside the board)
    wait_kernel(jupyter_server, relpath, "print(len(board.state.history))", "8")

    # -- the hint ladder ----------------------------------------------------------------------
    widget.get_by_role("button", name="Show a move").click()
    expect(widget.locator(".zw-gq-hint-edge")).to_have_count(1)
    expect(widget.locator(".zw-hint-text")).to_contain_text("Legal move 1 of")
    widget.get_by_role("button", name="Next move").click()
    expect(widget.locator(".zw-hint-text")).to_contain_text("Legal move 2 of")
    widget.get_by_role("button", name="Bot's choice").click()
    expect(widget.locator(".zw-hint-text")).to_contain_text("The greedy bot would play")
    widget.get_by_role("checkbox", name="Show corner spots (C)").check()
    assert widget.locator(".zw-gq-attach").count() > 0
    screenshot(page, "gembloq-hint", locator=widget)

    # -- dark theme -------------------------------------------------------------------------------
    set_theme(page, "dark")
    expect(widget.locator(".zw-gq-piece")).to_have_count(8)
    cell_fill = page.evaluate("getComputedStyle(document.querySelector('.zw-gq-cells')).fill")
    assert cell_fill == "rgb(48, 52, 60)", cell_fill
    screenshot(page, "gembloq-dark", locator=widget)

    # -- to the end: the summary names the winner -----------------------------------------------
    kernel(jupyter_server, relpath, "board.bot_delay = 0\nboard.seats = ['greedy'] * 4\nboard.run_bots()")
    expect(widget.locator(".zw-summary")).to_be_visible(timeout=30_000)
    winners = kernel(jupyter_server, relpath, "print(' and '.join(board.state.game.seat_names[c].capitalize() for c in board.state.score_sheet().winners))")
    expect(widget.locator(".zw-summary-win")).to_contain_text(winners)
    expect(widget.locator(".zw-turn")).to_contain_text("Game over")
    screenshot(page, "gembloq-end-dark", locator=widget)
    set_theme(page, "light")
    screenshot(page, "gembloq-end", locator=widget)

    assert page.console_errors == []


def test_gembloq_board_survives_rerun_and_reload(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook([BOARD_CELL, "board.play('b27,c27,b28,c28')"], name="gembloq_reload.ipynb")
    widget = open_board(page, jupyter_server, relpath)
    expect(widget.locator(".zw-gq-piece")).to_have_count(4)
    # re-running the cells makes a new board, drawn from its own state
    run_all_cells(page)
    expect(page.locator(WIDGET)).to_have_count(1)
    expect(page.locator(WIDGET).locator(".zw-gq-piece")).to_have_count(4)
    # a reload redraws the same board from the kernel (Python owns the state)
    page.evaluate("async () => { await window.jupyterapp.commands.execute('docmanager:save'); }")
    page.reload()
    open_notebook(page, jupyter_server, relpath, theme="light")
    widget = page.locator(WIDGET)
    expect(widget).to_have_count(1, timeout=30_000)
    expect(widget.locator(".zw-gq-piece")).to_have_count(4)
    expect(widget.locator(".zw-log-entry")).to_have_count(5)
    assert page.console_errors == []


@pytest.mark.parametrize("app", ["notebook"])
def test_gembloq_board_in_notebook7(page, jupyter_server, make_notebook, app):
    from playwright.sync_api import expect

    relpath = make_notebook([BOARD_CELL], name="gembloq_nb7.ipynb")
    widget = open_board(page, jupyter_server, relpath, app=app)
    widget.locator(".zw-hand .zw-piece[data-piece='0']").click()
    start = widget.locator(".zw-gq-start[aria-label^='blue starting square']")
    page.mouse.move(*center(start))
    expect(widget.locator(".zw-gq-preview .zw-gq-ok")).to_have_count(1)
    start_timer(page)
    page.mouse.click(*center(start))
    print(f"\nclick-to-updated-board (Notebook 7, first move): {click_to_update_ms(page):.1f} ms")
    wait_kernel(jupyter_server, relpath, "print(len(board.state.history), board.state.to_move)", "4 0")
    expect(widget.locator(".zw-gq-piece")).to_have_count(4)
    screenshot(page, "gembloq-notebook7", locator=widget)
    assert page.console_errors == []
