"""Every registered board in a real browser, under what users do (issue 15, "Boards"): fast
double clicks, a page reload and a kernel restart in the middle of a game.

One notebook shows the board class each game registered (``zw.widgets.board_class(name)``),
one per game of ``zw.games()`` in the notebook's kernel (the test checks that list, so a new
game is not left out silently). For each:

* a double click on a move plays it once (the second click carries the version the first one
  changed; Python sees it repeats the move just played and does not play it again, nor tell
  the person that nothing was done): the game has one move, the log two entries;
* after a page reload the board is drawn again from the Python state (same move log);
* after a kernel restart the board stays on screen with the note that its kernel is gone.

GembloQ's own reload and restart checks (its pieces, its status line) are in
``test_gembloq_board.py`` and ``test_board_pictures.py``; this file adds the double click and
every other registered board. Screenshots: tests/browser/artifacts/reload-restart-*.png.
"""

from __future__ import annotations

import time

from _jupyter import open_notebook, run_all_cells, screenshot

#: The games a notebook's kernel knows (the test suite registers test games of its own).
NAMES = ["art_gallery", "gembloq", "majolica", "zongshi"]
SETUP = """\
import zongshi_widgets as zw
from zongshi_widgets.widgets import board_class
boards = {}
for name in zw.games():
    game = zw.game(name)
    boards[name] = board_class(name)(state=game.new_state(seed=1), seats=["human"] * game.players, bot_delay=0)
"""


def board_locator(page, name):
    return page.locator(f".zw-board[data-game='{name}']")


def kernel_value(server, relpath, code, want, timeout=30.0):
    """Poll the kernel until ``code`` prints ``want``; return what it printed last."""
    deadline = time.monotonic() + timeout
    out = ""
    while time.monotonic() < deadline:
        out = server.execute(relpath, code).strip()
        if out == want:
            return out
        time.sleep(0.5)
    return out


def double_click_a_move(page, widget, name):
    """Double-click a move on each game's board (the generic front end: its first action
    button; GembloQ: the first piece on its starting square; Art Gallery: a direction after a
    card; Zong Shi: a box of the opening draft; Majolica: the starting card's slot)."""
    ready = widget.locator("button.zw-ready")
    if ready.count() and ready.is_visible():  # a hot seat with secrets: the privacy screen first
        ready.click()
    if name == "art_gallery":  # a card, then a direction: the direction is the move
        widget.locator(".zw-ag-choices button[data-card='2']").click()
        widget.locator(".zw-ag-choices button[data-action='move 2 cw']").dblclick()
        return
    if name == "zongshi":  # the opening draft: a box of the display
        widget.locator(".zs-draft button[data-target]").first.dblclick()
        return
    if name == "majolica":  # the setup: slot the starting card into slot 1
        widget.locator("button.mj-on[data-target='slot:1']").dblclick()
        return
    actions = widget.locator(".zw-actions button")
    if name == "gembloq":
        widget.locator(".zw-hand .zw-piece[data-piece='0']").click()
        start = widget.locator(".zw-gq-start").first
        box = start.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.dblclick(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        actions.first.wait_for(state="visible", timeout=30_000)
        actions.first.dblclick()


def test_every_board_survives_double_clicks_reload_and_restart(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    cells = [SETUP] + [f"boards[{name!r}]" for name in NAMES]
    relpath = make_notebook(cells, name="reload_restart.ipynb")
    page.set_viewport_size({"width": 1280, "height": 1400})
    open_notebook(page, jupyter_server, relpath, theme="light")
    run_all_cells(page)
    registered = jupyter_server.execute(relpath, "print(' '.join(zw.games()))").split()
    assert registered == NAMES, f"the kernel registers {registered}: add the new game to NAMES (and its board's double click)"
    for name in NAMES:
        expect(board_locator(page, name)).to_have_count(1, timeout=60_000)

    # fast double clicks: one move each
    for name in NAMES:
        widget = board_locator(page, name)
        widget.scroll_into_view_if_needed()
        double_click_a_move(page, widget, name)
        played = kernel_value(jupyter_server, relpath, f"print(len(boards[{name!r}].state.history))", "1")
        time.sleep(1.0)  # let a second move, if one were coming, arrive
        played = jupyter_server.execute(relpath, f"print(len(boards[{name!r}].state.history))").strip()
        assert played == "1", f"{name}: a double click played {played} moves"
        expect(widget.locator(".zw-log-entry")).to_have_count(2, timeout=15_000)
        # the second click is not reported as a failure ("Try again: ... nothing was done")
        expect(widget).not_to_contain_text("Try again")
    screenshot(page, "reload-restart-after-double-clicks", full_page=True)

    # a page reload: every board is drawn again from the Python state
    page.evaluate("async () => { await window.jupyterapp.commands.execute('docmanager:save'); }")
    page.reload()
    open_notebook(page, jupyter_server, relpath, theme="light")
    for name in NAMES:
        widget = board_locator(page, name)
        expect(widget).to_have_count(1, timeout=60_000)
        expect(widget.locator(".zw-log-entry")).to_have_count(2, timeout=30_000)
        expect(widget.locator(".zw-gone")).to_be_hidden()
    screenshot(page, "reload-restart-after-reload", full_page=True)

    # a kernel restart: the boards stay, each saying that its kernel is gone
    kid = jupyter_server.kernel_id_for(relpath)
    assert kid  # the notebook's kernel; restarted as a person does, from the page's own kernel connection
    page.evaluate("async () => { await window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.restart(); }")
    for name in NAMES:
        widget = board_locator(page, name)
        gone = widget.locator(".zw-gone")
        expect(gone).to_be_visible(timeout=90_000)
        expect(gone).to_contain_text("The kernel behind this board is gone")
        expect(widget.locator(".zw-log-entry")).to_have_count(2)
    screenshot(page, "reload-restart-kernel-gone", full_page=True)
    assert page.console_errors == []
