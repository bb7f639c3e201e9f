"""Boards in a narrow cell (a 1000 px window with the file browser open): in one column the
move controls and hint buttons come above the board, and nothing is cut off at the right.
(A newcomer found Undo/Redo and the hints 1,600 px below the Majolica grid.)"""

from __future__ import annotations

import pytest
from _jupyter import open_notebook, run_all_cells, screenshot

CELLS = {
    "majolica": 'from zongshi_widgets.widgets import MajolicaBoard\nMajolicaBoard(players=2, seats=["human", "greedy"], seed=1)',
    "art_gallery": 'from zongshi_widgets.widgets import ArtGalleryBoard\nArtGalleryBoard(players=3, seats=["human", "greedy", "greedy"], seed=1)',
}


@pytest.mark.parametrize("name", list(CELLS))
def test_one_column_puts_the_controls_above_the_board_and_cuts_nothing_off(page, jupyter_server, make_notebook, name):
    from playwright.sync_api import expect

    relpath = make_notebook([CELLS[name]], name=f"narrow_{name}.ipynb")
    page.set_viewport_size({"width": 1000, "height": 900})
    open_notebook(page, jupyter_server, relpath, theme="light")
    page.evaluate("() => window.jupyterapp.shell.activateById('filebrowser')")
    run_all_cells(page)
    widget = page.locator(f".zw-board[data-game='{name}']")
    expect(widget.locator(".zw-stage > :not([hidden])").first).to_be_visible(timeout=30_000)
    widget.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(500)
    screenshot(page, f"narrow-{name}")
    board, stage = widget.bounding_box(), widget.locator(".zw-stage").bounding_box()
    controls, hints = widget.locator(".zw-controls").bounding_box(), widget.locator(".zw-hints").bounding_box()
    assert board["width"] < 700, board  # one column indeed
    assert controls["y"] + controls["height"] <= stage["y"] and hints["y"] + hints["height"] <= stage["y"], (controls, hints, stage)
    assert controls["y"] < 900, controls  # on screen with the board's top
    right = widget.evaluate("el => Math.max(...[...el.querySelectorAll('.zw-stage *')].map((e) => e.getBoundingClientRect().right))")
    assert right <= board["x"] + board["width"] + 0.5, (right, board)
    assert page.console_errors == []
