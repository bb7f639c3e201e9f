"""The board's game review in a real browser (issue 21), on the GembloQ board.

A finished two-player game with a planted mistake (tests/widgets/test_review_board.py): the
person clicks "Review game", the board shows its progress ("Reviewing… n/N") and then marks the
mistakes in the move log and lists them; a click on the planted one jumps to the position
before it, the better move is outlined on the board, and "Try ..." plays it as a new line.
Screenshots: tests/browser/artifacts/review-marks-light.png, review-try-light.png,
review-try-dark.png.
"""

from __future__ import annotations

import json
import re

from _jupyter import kernel, open_notebook, run_all_cells, screenshot, set_theme, wait_kernel
from test_board_quality import CONTRAST_JS, GLYPHS_JS

BOARD_CELL = """\
import zongshi_widgets as zw
from zongshi_widgets.agents import agent
from zongshi_widgets.widgets import GembloQBoard
game = zw.game("gembloq", players=2)
state = game.new_state(seed=0)
bots = [agent("greedy", seed=1 + s, game=game) for s in range(2)]
while len(state.history) < 16:
    state = state.play(bots[state.to_move].choose(state, state.to_move))
board = GembloQBoard(state=state, seats=["human", "greedy"], history=False, bot_delay=0.05)
while not board.state.is_over:
    board.play("an16,ao16,al17,am17,an17,ao17,al18,am18" if len(board.state.history) == 20 else bots[0].choose(board.state, 0))
board
"""

WIDGET = ".zw-board[data-game='gembloq']"
PLANTED_PLY = 20


def test_review_marks_the_mistake_and_tries_the_better_move(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook([BOARD_CELL], name="review_board.ipynb")
    page.set_viewport_size({"width": 1280, "height": 1800})
    open_notebook(page, jupyter_server, relpath, app="lab")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    widget = page.locator(WIDGET)
    expect(widget).to_have_count(1, timeout=60_000)
    wait_kernel(jupyter_server, relpath, "print(board.state.is_over, len(board.state.history))", "True 28")

    start = widget.get_by_role("button", name="Review game")
    expect(start).to_be_visible()
    expect(start).to_have_class(re.compile(r"\bzw-primary\b"))  # prominent once the game is over
    # record every progress text the board shows while the review runs
    page.evaluate(
        """(sel) => {
             const root = document.querySelector(sel);
             window.__zwReviewTexts = [];
             new MutationObserver(() => {
               const t = root.querySelector('.zw-review-text');
               if (t && t.textContent) window.__zwReviewTexts.push([root.dataset.review, t.textContent]);
             }).observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
           }""",
        WIDGET,
    )
    start.click()
    expect(widget).to_have_attribute("data-review", "done", timeout=120_000)
    seen = page.evaluate("() => window.__zwReviewTexts")
    running = [text for state, text in seen if state == "running"]
    assert running and any("Reviewing blue's moves" in t for t in running), seen
    info = json.loads(kernel(jupyter_server, relpath, "import json; print(json.dumps(board.review_status))"))
    assert info["state"] == "done" and info["done"] == info["total"] >= 3
    # the progress counts the decisions: "Reviewing blue's moves… 2/4"
    assert any(re.search(rf"… [1-9]\d*/{info['total']}$", t) for t in running), running
    marks = info["marks"]
    mark = next(m for m in marks if m["ply"] == PLANTED_PLY)

    # the log marks every mistake, with its words as a tooltip
    flagged = widget.locator(".zw-log-entry.zw-mistake")
    expect(flagged).to_have_count(len(marks))
    entry = widget.locator(f".zw-log-entry[data-ply='{PLANTED_PLY + 1}']")
    expect(entry).to_have_class(re.compile(r"\bzw-mistake\b"))
    title = entry.get_attribute("title")
    assert title.startswith("mistake: lost ") and "% win rate; better: " in title and mark["best_text"] in title, title
    expect(widget.locator(".zw-review-text")).to_contain_text("Review done")
    items = widget.locator(".zw-review-mark")
    expect(items).to_have_count(len(marks))
    screenshot(page, "review-marks-light", locator=widget)

    # a click on the planted mistake: the position before it, the better move outlined, "Try"
    widget.locator(f".zw-review-mark[data-mark='{PLANTED_PLY}']").click()
    wait_kernel(jupyter_server, relpath, "print(len(board.state.history), board.hint.get('mode'))", f"{PLANTED_PLY} review")
    expect(widget.locator(".zw-gq-hint-edge")).to_have_count(1)
    expect(widget.locator(".zw-hint-text")).to_contain_text("The review's better move here")
    try_it = widget.get_by_role("button", name=f"Try {mark['best_text']}")
    expect(try_it).to_be_visible()
    screenshot(page, "review-try-light", locator=widget)
    # the review's texts (panel, marks, Try, the hint) read at 4.5:1 in both themes, every glyph drawn
    contrast = {"light": page.evaluate(CONTRAST_JS, [WIDGET, 4.5])}
    set_theme(page, "dark")
    expect(try_it).to_be_visible()
    screenshot(page, "review-try-dark", locator=widget)
    contrast["dark"] = page.evaluate(CONTRAST_JS, [WIDGET, 4.5])
    set_theme(page, "light")
    for theme, res in contrast.items():
        assert res["count"] > 40 and res["bad"] == [], (theme, res["bad"])
    glyphs = page.evaluate(GLYPHS_JS, WIDGET)
    assert glyphs["missing"] == [], glyphs

    try_it.click()
    wait_kernel(jupyter_server, relpath, f"print(str(board.state.history[{PLANTED_PLY}]) if len(board.state.history) > {PLANTED_PLY} else '')", mark["best"])
    wait_kernel(jupyter_server, relpath, "print(len(board.cursor['branches']))", "2")
    # on the new line, the marks after the fork are not shown; the panel says where they are
    expect(widget.locator(".zw-review-text")).to_contain_text("not the one shown")
    expect(widget.locator(f".zw-review-mark[data-mark='{PLANTED_PLY}']")).to_have_count(0)
    expect(widget.locator(".zw-branches")).to_be_visible()
    assert page.console_errors == []


OTHER_BOARDS = {
    "art_gallery": "from zongshi_widgets.widgets import ArtGalleryBoard as Board",
    "zongshi": "from zongshi_widgets.widgets import ZongShiBoard as Board",
    "majolica": "from zongshi_widgets.widgets import MajolicaBoard as Board",
}


def test_the_review_panel_on_the_other_boards(page, jupyter_server, make_notebook):
    """The shell's review panel and log marks on the three other boards (a game with secrets
    among them): a random game for the person, reviewed from Python at a small budget, then
    shown in both themes. Screenshots: review-<game>-light.png, review-<game>-dark.png."""
    from playwright.sync_api import expect

    cells = []
    for name, line in OTHER_BOARDS.items():
        cells.append(
            f"""\
import random
{line}
b_{name} = Board(players=3, seats=["human", "greedy", "greedy"], seed=5, bot_delay=0)
rng = random.Random(1)
while len(b_{name}.state.history) < 24 and not b_{name}.state.is_over:
    b_{name}.play(rng.choice(b_{name}.session.allowed_actions()))
b_{name}.review(iterations=6)
b_{name}
"""
        )
    relpath = make_notebook(cells, name="review_boards.ipynb")
    page.set_viewport_size({"width": 1280, "height": 1800})
    open_notebook(page, jupyter_server, relpath, app="lab")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page, timeout=240)
    for name in OTHER_BOARDS:
        widget = page.locator(f".zw-board[data-game='{name}']")
        expect(widget).to_have_count(1, timeout=60_000)
        expect(widget).to_have_attribute("data-review", "done", timeout=60_000)
        info = json.loads(kernel(jupyter_server, relpath, f"import json; print(json.dumps(b_{name}.review_status))"))
        assert info["seat"] == 0 and info["state"] == "done"
        expect(widget.locator(".zw-review-mark")).to_have_count(len(info["marks"]))
        expect(widget.locator(".zw-log-entry.zw-mistake")).to_have_count(len(info["marks"]))
        expect(widget.get_by_role("button", name="Review again")).to_be_visible()
        if info["marks"]:  # the first mark: its position, and "Try" in the hints' words (quoted)
            first = info["marks"][0]
            widget.locator(f".zw-review-mark[data-mark='{first['ply']}']").click()
            wait_kernel(jupyter_server, relpath, f"print(len(b_{name}.state.history), b_{name}.hint.get('mode'))", f"{first['ply']} review")
            expect(widget.locator(".zw-review-try")).to_have_text(re.compile("^Try “.+”$"))
        for theme in ("light", "dark"):
            set_theme(page, theme)
            widget.scroll_into_view_if_needed()
            screenshot(page, f"review-{name}-{theme}", locator=widget)
        set_theme(page, "light")
    assert page.console_errors == []
