"""The hint ladder's last rung in a real browser, on the GembloQ board (issue 14).

A person asks for the win rates: the board lists the search's best candidates, each with its
estimated win rate and number of playouts (the figures Python computed), outlines the first on
the board, shows another when it is chosen, and plays the one shown with "Play it". The hint
buttons stay on one row. Screenshot: tests/browser/artifacts/hint-ladder-win-rates.png.
"""

from __future__ import annotations

import json
import math

from _jupyter import kernel, open_notebook, run_all_cells, screenshot, wait_kernel

BOARD_CELL = """\
from zongshi_widgets.widgets import GembloQBoard
board = GembloQBoard(players=2, seats=["human", "greedy"], seed=1, bot_delay=0.1)
board.play(board.state.legal_actions()[0])
board
"""

WIDGET = ".zw-board[data-game='gembloq']"


def test_win_rate_rung_on_the_gembloq_board(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook([BOARD_CELL], name="hint_ladder.ipynb")
    page.set_viewport_size({"width": 1280, "height": 1200})
    open_notebook(page, jupyter_server, relpath, app="lab")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    widget = page.locator(WIDGET)
    expect(widget).to_have_count(1, timeout=30_000)
    wait_kernel(jupyter_server, relpath, "print(len(board.state.history), board.state.to_move)", "2 0")

    # the hint buttons keep their place when a hint (and its close button) appears: a second
    # click lands where the first did
    before = {n: widget.get_by_role("button", name=n).bounding_box() for n in ("Show a move", "Bot's choice", "Win rates")}
    widget.get_by_role("button", name="Show a move").click()  # the first rung: its label becomes "Next move"
    expect(widget.get_by_role("button", name="Next move")).to_be_visible()
    first = widget.get_by_role("button", name="Next move").bounding_box()
    assert first == before["Show a move"], (first, before["Show a move"])  # same place, same width
    for n in ("Bot's choice", "Win rates"):
        box = widget.get_by_role("button", name=n).bounding_box()
        assert abs(box["x"] - before[n]["x"]) < 2 and abs(box["y"] - before[n]["y"]) < 2, (n, before[n], box)
    widget.get_by_role("button", name="Win rates").click()
    items = widget.locator(".zw-candidates .zw-candidate")
    expect(items.first).to_be_visible(timeout=30_000)
    hint = json.loads(kernel(jupyter_server, relpath, "import json; print(json.dumps(board.hint))"))
    cands = hint["candidates"]
    assert hint["mode"] == "explain" and 1 <= len(cands) <= 5
    expect(items).to_have_count(len(cands))
    # every candidate with the win rate, playouts and 95 % interval Python computed (rounded as JS's Math.round)
    def pct(x):
        return math.floor(100 * x + 0.5)

    for i, c in enumerate(cands):
        expect(items.nth(i)).to_contain_text(f"{pct(c['win_rate'])} % ({c['visits']} playouts, {pct(c['ci_low'])}-{pct(c['ci_high'])} %)")
    expect(items.nth(0)).to_have_attribute("aria-current", "true")
    expect(widget.locator(".zw-hint-text")).to_contain_text(f"Candidate 1 of {len(cands)} (shown on the board)")
    expect(widget.locator(".zw-hint-text")).to_contain_text("estimated win rate")
    expect(widget.locator(".zw-hint-text")).to_contain_text("95 % interval")
    expect(widget.locator(".zw-gq-hint-edge")).to_have_count(1)  # the candidate outlined on the board
    after = {n: widget.get_by_role("button", name=n).bounding_box() for n in before}
    for n in before:
        assert abs(after[n]["x"] - before[n]["x"]) < 2 and abs(after[n]["y"] - before[n]["y"]) < 2, (n, before[n], after[n])
    # the buttons stay on one row
    close = widget.get_by_role("button", name="Hide the hint").bounding_box()
    first = widget.locator(".zw-hint-buttons .zw-btn").first.bounding_box()
    assert abs(close["y"] - first["y"]) < 4, (close, first)
    screenshot(page, "hint-ladder-win-rates", locator=widget)

    if len(cands) > 1:
        items.nth(1).click()
        expect(widget.locator(".zw-hint-text")).to_contain_text(f"Candidate 2 of {len(cands)}")
        expect(items.nth(1)).to_have_attribute("aria-current", "true")
        wait_kernel(jupyter_server, relpath, "print(board.hint['action'])", cands[1]["action"])
    shown = kernel(jupyter_server, relpath, "print(board.hint['action'])")
    widget.get_by_role("button", name="Play it").click()
    wait_kernel(jupyter_server, relpath, "print(str(board.state.history[2]))", shown)
    expect(widget.locator(".zw-candidates")).to_be_hidden()
    assert page.console_errors == []
