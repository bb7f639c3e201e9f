"""The boards by keyboard (issue 25): after a move played with Enter the focus stays on the
board (it fell to the page body 4 times in 5 as the board redrew); the move log is one Tab stop
(the shown move), the arrow keys move along it and Enter goes to the move; the privacy screen's
"ready" button takes the focus when the screen comes up, so the next person presses Enter."""

from __future__ import annotations

from _jupyter import open_notebook, run_all_cells

GEMBLOQ = """\
from zongshi_widgets.widgets import GembloQBoard
board = GembloQBoard(players=2, seats=["human", "greedy"], seed=3, bot_delay=0)
board
"""

HOT_SEAT = """\
from zongshi_widgets.widgets import ArtGalleryBoard
board = ArtGalleryBoard(players=2, seats=["human", "human"], seed=3)
board
"""

FOCUS_IN_BOARD = (
    "(sel) => { const b = document.querySelector(sel); "
    "return !!b && b.contains(document.activeElement) && document.activeElement !== document.body; }"
)


def history(server, relpath: str) -> int:
    return int(server.execute(relpath, "print(len(board.state.history))").strip())


def open_board(page, server, relpath, selector):
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1280, "height": 1200})
    open_notebook(page, server, relpath, app="lab")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    widget = page.locator(selector)
    expect(widget).to_have_count(1)
    return widget


def test_moves_by_enter_keep_the_focus_and_the_log_is_one_tab_stop(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook([GEMBLOQ], name="keyboard_gembloq.ipynb")
    selector = ".zw-board[data-game='gembloq']"
    widget = open_board(page, jupyter_server, relpath, selector)
    expect(widget.locator("svg.zw-gq-board")).to_be_visible()
    for turn in range(5):  # five moves by keys: pick the first piece left with Enter, place it with Enter
        before = history(jupyter_server, relpath)
        piece = widget.locator(".zw-hand .zw-piece:not([disabled]):not(.zw-placed)").first
        piece.focus()
        page.keyboard.press("Enter")
        expect(widget.locator(".zw-gq-preview .zw-gq-ok")).to_have_count(1)  # on a legal spot
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.querySelector(\"{selector}\").dataset.version > 0")
        expect(widget.locator(".zw-log-entry")).to_have_count(before + 3)  # start + the move + the bot's reply
        page.wait_for_function(FOCUS_IN_BOARD, arg=selector)
        assert page.evaluate(FOCUS_IN_BOARD, selector), f"move {turn + 1}: the focus left the board"
    # the log: one Tab stop, the shown move
    entries = widget.locator(".zw-log-entry")
    assert widget.locator(".zw-log-entry[tabindex='0']").count() == 1
    expect(widget.locator(".zw-log-entry[tabindex='0']")).to_have_class("zw-log-entry zw-current")
    widget.locator(".zw-log-entry[tabindex='0']").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    target = page.evaluate("document.activeElement.dataset.ply")
    assert target == str(entries.count() - 3)
    assert widget.locator(".zw-log-entry[tabindex='0']").count() == 1
    page.keyboard.press("Enter")  # go to that move
    expect(widget.locator(".zw-log-entry.zw-current")).to_have_attribute("data-ply", target)
    page.wait_for_function(FOCUS_IN_BOARD, arg=selector)
    assert page.evaluate("document.activeElement.dataset.ply") == target  # the focus stayed on it
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.dataset.ply") == "0"
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.ply") == str(entries.count() - 1)
    assert page.console_errors == []


def test_the_privacy_screen_button_takes_the_focus(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook([HOT_SEAT], name="keyboard_screen.ipynb")
    widget = open_board(page, jupyter_server, relpath, ".zw-board[data-game='art_gallery']")
    ready = widget.locator(".zw-ready")
    expect(ready).to_be_visible()
    ready.click()
    expect(widget.locator(".zw-ag-handbox")).to_contain_text("Your hand")
    # the person at the screen moves and bids by keys; the screen comes up for the next person
    widget.locator(".zw-ag-choices button[data-card]").first.focus()
    page.keyboard.press("Enter")
    widget.locator(".zw-ag-choices button[data-action]").first.focus()
    page.keyboard.press("Enter")
    expect(widget.locator(".zw-ag-prompt")).to_contain_text("Place a bid")
    widget.locator(".zw-ag-choices button[data-card]").first.focus()
    page.keyboard.press("Enter")
    expect(ready).to_be_visible()
    expect(ready).to_be_focused()
    page.keyboard.press("Enter")  # the next person says they are ready, by keys
    expect(ready).to_be_hidden()
    expect(widget.locator(".zw-ag-handbox")).to_contain_text("Your hand")
    assert page.console_errors == []


CHOICE_BOARDS = {
    "zongshi": ("from zongshi_widgets.widgets import ZongShiBoard as Board", 3, "button.zs-on:not([disabled])"),
    "majolica": ("from zongshi_widgets.widgets import MajolicaBoard as Board", 2, "button.mj-on:not([disabled])"),
    "art_gallery": ("from zongshi_widgets.widgets import ArtGalleryBoard as Board", 3, ".zw-ag-choices button:not([disabled])"),
}


def test_choices_taken_with_enter_keep_the_focus_on_every_board(page, jupyter_server, make_notebook):
    """Zong Shi, Majolica and Art Gallery: twelve choices taken with Enter (the first one offered
    each time, moves and their steps); after each redraw the focus is still inside the board."""
    from playwright.sync_api import expect

    cells = []
    for name, (line, players, _) in CHOICE_BOARDS.items():
        cells.append(f"{line}\nb_{name} = Board(players={players}, seats=['human'] + ['greedy'] * {players - 1}, seed=2, bot_delay=0)\nb_{name}")
    relpath = make_notebook(cells, name="keyboard_choices.ipynb")
    page.set_viewport_size({"width": 1280, "height": 1400})
    open_notebook(page, jupyter_server, relpath, app="lab")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    for name, (_, _, choice) in CHOICE_BOARDS.items():
        selector = f".zw-board[data-game='{name}']"
        widget = page.locator(selector)
        expect(widget).to_have_count(1)
        widget.scroll_into_view_if_needed()
        for step in range(12):
            expect(widget.locator(choice).first).to_be_visible()
            if not page.evaluate(FOCUS_IN_BOARD, selector) or not page.evaluate(f"() => document.activeElement.matches(\"{choice}\")"):
                widget.locator(choice).first.focus()
            version = widget.get_attribute("data-version")
            page.evaluate("() => { window.zwFocused = document.activeElement; }")
            page.keyboard.press("Enter")
            # something happens (a new version from Python, or the board's own next step, which
            # moves the focus or redraws the focused part): then the focus is checked
            page.wait_for_function(
                "([sel, v]) => document.querySelector(sel).dataset.version !== v"
                " || document.activeElement !== window.zwFocused || !window.zwFocused.isConnected",
                arg=[selector, version],
            )
            try:  # the board hands the focus back within a frame of its redraw
                page.wait_for_function(FOCUS_IN_BOARD, arg=selector)
            except Exception:  # noqa: BLE001 (Playwright's timeout): say where the focus went
                raise AssertionError(f"{name}, Enter number {step + 1}: the focus fell to {page.evaluate('document.activeElement.tagName')}") from None
    assert page.console_errors == []
