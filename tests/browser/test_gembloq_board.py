"""The GembloQ board in a real browser (JupyterLab 4 and Notebook 7, headless Chromium).

Checked as a person would: the board renders; a first move placed by clicks (pick piece 1 in
the hand, hover blue's starting square, click) lands and the bots reply; a move made with the
keyboard lands; an illegal spot shows the rule's words once, and the refusal goes when the
person moves on; R and F turn the piece about the cell under the pointer; undo works; corner
spots sit on corner points; the dark theme renders; the end-of-game summary shows the winner,
or hides the scores for a question lesson; on laptop screens the tray is beside the board; no
errors reach the browser console. Screenshots go to tests/browser/artifacts/gembloq-*.png; the
click-to-updated-board time is printed.
"""

from __future__ import annotations

import pytest
from _jupyter import kernel, open_notebook, run_all_cells, screenshot, set_theme, wait_kernel

BOARD_CELL = """\
from zongshi_widgets.widgets import GembloQBoard
board = GembloQBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1, bot_delay=0.25)
board
"""

WIDGET = ".zw-board[data-game='gembloq']"


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


def pointer_inside_preview(page, x: float, y: float) -> bool:
    """Is the screen point (x, y) inside the picked piece's preview (its filled triangles)?"""
    return page.evaluate(
        """([x, y]) => {
             const svg = document.querySelector(".zw-board[data-game='gembloq'] svg.zw-gq-board");
             const fill = svg.querySelector(".zw-gq-pv-fill");
             if (!fill) return false;
             const q = new DOMPoint(x, y).matrixTransform(fill.getScreenCTM().inverse());
             return fill.isPointInFill(q) || fill.isPointInStroke(q);
           }""",
        [x, y],
    )


def message_of(server, relpath) -> str:
    return kernel(server, relpath, "print(repr(board.message))")


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
    expect(widget.locator(".zw-message")).to_contain_text("green placed piece ")
    expect(widget.locator(".zw-log-entry").nth(1)).to_contain_text("piece 1 (1 square) at b27")  # one way to name pieces
    assert widget.locator(".zw-hand .zw-piece[data-piece='1']").get_attribute("title") == "Piece 2 (1½ squares)"
    assert widget.locator(".zw-hand .zw-piece[data-piece='8']").get_attribute("title") == "Piece 9 (L4, 4 squares)"
    last = widget.locator("svg.zw-gq-board circle.zw-gq-last")
    expect(last).to_have_count(1)
    assert last.get_attribute("aria-label").startswith("last move: green piece ")
    expect(widget.locator(".zw-gq-legend")).to_contain_text("last move")
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
    # the reason is shown once: in the message line; the status line just says "cannot go here"
    expect(widget.locator(".zw-status")).to_contain_text("cannot go here")
    expect(widget.locator(".zw-status")).not_to_contain_text("must touch")
    screenshot(page, "gembloq-refused", locator=widget)
    # Escape drops the piece and the stale refusal
    page.keyboard.press("Escape")
    expect(widget.locator(".zw-gq-preview *")).to_have_count(0)
    expect(widget.locator(".zw-message")).to_be_hidden()
    wait_kernel(jupyter_server, relpath, "print(repr(board.message))", "''")
    # picking another piece clears it too, and so does moving the piece elsewhere
    for clear_by in ("pick", "move"):
        widget.locator(".zw-hand .zw-piece[data-piece='1']").click()
        page.mouse.move(*middle)
        page.mouse.click(*middle)
        expect(widget.locator(".zw-message")).to_contain_text("Not allowed")
        if clear_by == "pick":
            widget.locator(".zw-hand .zw-piece[data-piece='2']").click()
        else:
            page.mouse.move(middle[0] + 60, middle[1] + 60, steps=3)
        expect(widget.locator(".zw-message")).to_be_hidden()
        wait_kernel(jupyter_server, relpath, "print(repr(board.message))", "''")
        page.keyboard.press("Escape")

    # -- R and F turn the piece about the cell under the pointer ----------------------------
    box = widget.locator("svg.zw-gq-board").bounding_box()
    turns = 0
    for piece in ("12", "13", "20"):  # I5, L5, P: long and lopsided pieces
        widget.locator(f".zw-hand .zw-piece[data-piece='{piece}']").click()
        for fx, fy in ((0.42, 0.47), (0.58, 0.55), (0.5, 0.62)):
            x, y = box["x"] + box["width"] * fx, box["y"] + box["height"] * fy
            page.mouse.move(x, y, steps=2)
            if not pointer_inside_preview(page, x, y):
                continue  # the pointer is between the piece's arms: nothing to keep
            for key in ("r", "r", "f", "Shift+R", "f"):
                page.keyboard.press(key)
                assert pointer_inside_preview(page, x, y), (piece, fx, fy, key)
                turns += 1
            page.mouse.move(x + 2, y + 1)  # a small move does not make it jump away
            assert pointer_inside_preview(page, x + 2, y + 1), (piece, fx, fy)
        page.keyboard.press("Escape")
    assert turns >= 15

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
    expect(widget.locator(".zw-hint-text")).to_contain_text("The greedy bot (one-step lookahead) would play")
    # the hint's close button stays on the buttons' row
    close = widget.get_by_role("button", name="Hide the hint").bounding_box()
    first = widget.locator(".zw-hint-buttons .zw-btn").first.bounding_box()
    assert abs(close["y"] - first["y"]) < 4, (close, first)
    widget.get_by_role("checkbox", name="Show corner spots (C)").check()
    spots = widget.locator("circle.zw-gq-spot")
    assert spots.count() > 0
    # each corner spot is a point of the grid (a corner), not the middle of a triangle
    for cx, cy in spots.evaluate_all("els => els.map((e) => [e.cx.baseVal.value, e.cy.baseVal.value])"):
        assert cx % 20 == 0 and cy % 20 == 0, (cx, cy)
    expect(widget.locator(".zw-gq-legend")).to_contain_text("corner spot")
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


FOUR_COLOUR_CELL = """\
from zongshi_widgets.widgets import GembloQBoard
board = GembloQBoard(players=2, colors=4, seats=["human", "greedy"], seed=1, bot_delay=0.1)
board
"""


def test_two_player_four_colour_game(page, jupyter_server, make_notebook):
    """Pentobi's Two-Player Four-Color game: the person plays blue and red, the bot yellow and
    green; the hand shows the colour to move, the cards say who plays which colour, and the
    summary counts each player's two colours together."""
    from playwright.sync_api import expect

    relpath = make_notebook([FOUR_COLOUR_CELL], name="gembloq_four_colour.ipynb")
    widget = open_board(page, jupyter_server, relpath)
    assert widget.locator(".zw-player").count() == 4
    expect(widget.locator(".zw-turn")).to_contain_text("Blue (player 1) to move")
    expect(widget.locator(".zw-player[data-seat='2']")).to_contain_text("player 1")
    expect(widget.locator(".zw-player[data-seat='3']")).to_contain_text("player 2")
    expect(widget.locator(".zw-player[data-seat='3']")).to_contain_text("greedy bot")
    for colour, name in ((0, "blue"), (2, "red")):  # the person places both of their colours
        expect(widget.locator(".zw-hand-tray")).to_have_attribute("aria-label", f"{name}'s pieces")
        widget.locator(".zw-hand .zw-piece[data-piece='0']").click()
        start = widget.locator(f".zw-gq-start[aria-label^='{name} starting square']")
        page.mouse.move(*center(start))
        expect(widget.locator(".zw-gq-preview .zw-gq-ok")).to_have_count(1)
        page.mouse.click(*center(start))
        want = "2 0" if colour == 0 else "4 0"  # the bot has answered with yellow (then green)
        wait_kernel(jupyter_server, relpath, "print(len(board.state.history), board.state.to_move)", want)
        if colour == 0:
            expect(widget.locator(".zw-turn")).to_contain_text("Red (player 1) to move")
    expect(widget.locator(".zw-gq-piece")).to_have_count(4)
    # the log shows the colour that placed each piece
    for ply, name in enumerate(("blue", "yellow", "red", "green"), start=1):
        assert widget.locator(f".zw-log-entry[data-ply='{ply}']").get_attribute("aria-label").startswith(f"move {ply}: {name} ")
    screenshot(page, "gembloq-four-colour", locator=widget)
    # the end: a finished game, the players ranked by their two colours' penalty points
    finish = "from zongshi_widgets.lab import play_game\nboard.load(play_game(board.state.game, ['random', 'random'], seed=3), history=False)"
    kernel(jupyter_server, relpath, finish)
    expect(widget.locator(".zw-summary")).to_contain_text("Player", timeout=15_000)
    expect(widget.locator(".zw-summary-table tbody tr")).to_have_count(2)
    screenshot(page, "gembloq-four-colour-end", locator=widget)
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


HIDDEN_CELL = """\
from zongshi_widgets.widgets import GembloQBoard
board = GembloQBoard(players=2, seats=["greedy", "greedy"], bot_seed=1, reveal_scores=False)
sheet = board.state.score_sheet()
board
"""


def test_question_lessons_hide_the_scores(page, jupyter_server, make_notebook):
    """With reveal_scores False (a question lesson) the numbers are not in the page: not on the
    score cards, not in the summary, not in the turn or message lines; the trays stay."""
    from playwright.sync_api import expect

    relpath = make_notebook([HIDDEN_CELL], name="gembloq_hidden.ipynb")
    page.set_viewport_size({"width": 1280, "height": 1100})
    open_notebook(page, jupyter_server, relpath, theme="light")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    widget = page.locator(WIDGET)
    expect(widget).to_have_count(1, timeout=30_000)
    expect(widget.locator(".zw-summary")).to_be_visible()
    penalties = kernel(jupyter_server, relpath, "print(' '.join(f'{t:g}' for t in sheet.totals))").split()
    tiebreaks = kernel(jupyter_server, relpath, "print(' '.join(str(t[0]) for t in sheet.tiebreaks))").split()
    expect(widget.locator(".zw-summary-win")).to_have_text("Scores hidden: count them yourself")
    expect(widget.locator(".zw-turn")).to_contain_text("Game over")
    expect(widget.locator(".zw-turn")).to_contain_text("scores hidden")
    shown = " | ".join(
        [widget.locator(".zw-summary").inner_text(), widget.locator(".zw-turn").inner_text(), widget.locator(".zw-message").inner_text()]
        + [widget.locator(".zw-pscore").nth(i).inner_text() for i in range(2)]
        + [widget.locator(".zw-player").nth(i).get_attribute("aria-label") for i in range(2)]
    )
    assert "penalty points" not in shown and "wins" not in shown and "winner" not in shown, shown
    for number in penalties + tiebreaks:
        assert f" {number} " not in f" {shown.replace('|', ' ')} ", (number, shown)
    assert widget.locator(".zw-pscore").nth(0).inner_text().strip() == "score hidden"
    # the browser never got the numbers
    assert page.evaluate("() => document.querySelector('.zw-board').textContent.includes('tie-break ')") is False
    # the trays of pieces left are shown
    expect(widget.locator(".zw-player").nth(0).locator(".zw-mini")).to_have_count(21)
    screenshot(page, "gembloq-scores-hidden", locator=widget)
    set_theme(page, "dark")
    screenshot(page, "gembloq-scores-hidden-dark", locator=widget)
    set_theme(page, "light")

    # solved: the tutor shows them again
    kernel(jupyter_server, relpath, "board.reveal_scores = True")
    expect(widget.locator(".zw-summary-win")).to_contain_text("win")
    expect(widget.locator(".zw-pts").nth(0)).to_have_text(penalties[0])
    expect(widget.locator(".zw-tb").nth(0)).to_have_text(f"tie-break {tiebreaks[0]}")
    assert page.console_errors == []


LAPTOP_CELL = """\
from zongshi_widgets.widgets import GembloQBoard
board = GembloQBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1, bot_delay=0)
board.play("b27,c27,b28,c28")
board
"""


@pytest.mark.parametrize(
    "width,height,file_browser",
    [(1366, 768, True), (1366, 768, False), (1920, 1080, True), (1024, 768, False), (1024, 768, True)],
)
def test_layout_on_laptop_and_desktop_screens(page, jupyter_server, make_notebook, width, height, file_browser):
    """Board and tray on one screen: with the board's top at the top of the notebook, the whole
    tray (and the status line) is visible too, beside the board when there is room."""
    from playwright.sync_api import expect

    relpath = make_notebook([LAPTOP_CELL], name=f"gembloq_layout_{width}_{int(file_browser)}.ipynb")
    page.set_viewport_size({"width": width, "height": height})
    open_notebook(page, jupyter_server, relpath, theme="light")
    if file_browser:
        page.evaluate("() => window.jupyterapp.shell.activateById('filebrowser')")
    else:
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    widget = page.locator(WIDGET)
    expect(widget).to_have_count(1, timeout=30_000)
    expect(widget.locator(".zw-hand .zw-piece")).to_have_count(21)
    page.wait_for_timeout(300)
    widget.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    board = widget.locator("svg.zw-gq-board").bounding_box()
    tray = widget.locator(".zw-hand-tray").bounding_box()
    status = widget.locator(".zw-status").bounding_box()
    name = f"gembloq-layout-{width}x{height}{'-filebrowser' if file_browser else ''}"
    screenshot(page, name)
    beside = tray["x"] >= board["x"] + board["width"] - 1
    print(
        f"\n{name}: board {board['width']:.0f}x{board['height']:.0f} at y={board['y']:.0f}, tray {'beside' if beside else 'below'} "
        f"(bottom {tray['y'] + tray['height']:.0f} of {height})"
    )
    assert board["height"] <= 0.7 * height + 1  # at most about 70% of the screen's height
    assert board["y"] >= 0 and status["y"] + status["height"] <= height  # the status line is under the board, on screen
    overflow = widget.evaluate("el => el.scrollWidth - el.clientWidth")
    assert overflow <= 1, overflow  # nothing sticks out sideways
    assert beside, (board, tray)  # even with the file browser open at 1024 px
    assert tray["y"] + tray["height"] <= height, (tray, height)  # the whole tray on screen with the board
    assert page.console_errors == []
