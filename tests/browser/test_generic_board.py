"""The generic board in a real browser: a game with secrets and no drawing of its own (Art
Gallery) plays in a notebook, with the privacy screen of a hot seat, messages sent structured,
and a spectator's board that shows no hand (docs/ARCHITECTURE.md, "Boards")."""

from __future__ import annotations

from _jupyter import open_notebook, run_all_cells, screenshot, set_theme

CELL = """
import zongshi_widgets as zw
from zongshi_widgets.widgets import GameBoard

board = GameBoard(zw.game("art_gallery", players=2).new_state(seed=1))
board
"""

SPECTATOR = """
spectator = GameBoard(session=board.session, seat=None)
spectator
"""


def test_generic_board_with_privacy_screen_and_spectator(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook([CELL, SPECTATOR])
    open_notebook(page, jupyter_server, relpath, theme="light")
    run_all_cells(page)
    boards = page.locator(".zw-board")
    expect(boards).to_have_count(2, timeout=60_000)
    hot, spectator = boards.nth(0), boards.nth(1)

    # two people share the screen: the first hand is behind the privacy screen
    screen = hot.locator(".zw-screen")
    expect(screen).to_be_visible()
    ready = hot.locator("button.zw-ready")
    expect(ready).to_contain_text("show my hand")
    assert hot.locator(".zw-actions button").count() == 0
    screenshot(page, "generic-screen", locator=hot)
    ready.click()
    expect(screen).to_be_hidden()
    actions = hot.locator(".zw-actions button")
    expect(actions.first).to_be_visible(timeout=15_000)
    assert "hand" in hot.locator(".zw-view").inner_text()

    # a move: the first legal action; the log gets it, the spectator's board too
    first = actions.first.inner_text()
    actions.first.click()
    expect(hot.locator(".zw-log-entry")).to_have_count(2, timeout=15_000)
    expect(spectator.locator(".zw-log-entry")).to_have_count(2, timeout=15_000)
    assert first in hot.locator(".zw-log-entry").nth(1).inner_text()

    # the spectator sees public parts only and cannot act
    expect(spectator.locator(".zw-watching")).to_have_text("Spectator: public information only")
    assert spectator.locator(".zw-actions button").count() == 0
    spectator_text = spectator.locator(".zw-view").inner_text()
    assert "my bids" not in spectator_text

    # a refusal comes back structured: its kind labels the message box
    out = jupyter_server.execute(relpath, "board.handle_request({'type': 'play', 'action': 'move 99', 'version': board.version}); print(board.message)")
    assert out.startswith("illegal:")
    message = hot.locator(".zw-message")
    expect(message).to_be_visible(timeout=15_000)
    expect(message).to_contain_text("Not allowed:")
    assert message.get_attribute("data-kind") == "illegal"

    set_theme(page, "dark")
    screenshot(page, "generic-dark", locator=hot)
    assert page.console_errors == []
