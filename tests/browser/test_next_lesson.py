"""The lesson board's *Next lesson* button in a real browser (JupyterLab 4, headless Chromium).

The first Art Gallery lesson ("Move your pawn round the museum") is solved by two clicks (a
card, then a direction); the lesson then offers *Next lesson*, which opens the course's second
lesson ("Where your marker goes") on the same board: its task is shown, the button is gone
until that one is solved too. The progress file is a fresh temporary file (the kernel is told
by ``ZONGSHI_WIDGETS_PROGRESS``, so no home folder is written). Screenshots:
tests/browser/artifacts/next-lesson-*.png.
"""

from __future__ import annotations

import json

from _jupyter import kernel, open_notebook, run_all_cells, screenshot, wait_kernel

CELL = """\
import os
os.environ["ZONGSHI_WIDGETS_PROGRESS"] = {path!r}
from zongshi_widgets.tutor import show_lesson
lb = show_lesson("art_gallery", "movement")
lb
"""


def test_solving_a_lesson_by_clicks_offers_next_lesson_which_opens_the_next_task(page, jupyter_server, make_notebook, tmp_path):
    from playwright.sync_api import expect

    progress = tmp_path / "progress.json"
    relpath = make_notebook([CELL.format(path=str(progress))], name="next_lesson.ipynb")
    page.set_viewport_size({"width": 1280, "height": 1400})
    open_notebook(page, jupyter_server, relpath, theme="light")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    lesson = page.locator(".zw-lesson")
    expect(lesson).to_have_count(1)
    board = lesson.locator(".zw-board[data-game='art_gallery']")
    expect(board).to_have_count(1)
    expect(lesson).to_contain_text("move your pawn to gallery G1")
    next_button = lesson.get_by_role("button", name="Next lesson")
    expect(next_button).to_have_count(0)  # not before the lesson is solved
    # the lesson's move: card 3, then clockwise (G5 -> G1)
    board.locator(".zw-ag-choices button[data-card='3']").click()
    board.locator(".zw-ag-choices button[data-action='move 3 cw']").click()
    wait_kernel(jupyter_server, relpath, "print(lb.solved)", "True")
    expect(lesson.locator(".zw-feedback")).to_contain_text("press 'Next lesson'")
    expect(next_button).to_be_visible()
    expect(lesson).to_contain_text("next: Where your marker goes")
    # the same seat would now bid, which the solved lesson refuses: the board's line points on
    expect(board.locator(".zw-ag-prompt")).to_contain_text("press 'Next lesson' above the board")
    screenshot(page, "next-lesson-offered", locator=lesson)
    record = json.loads(progress.read_text())
    assert list(record["lessons"]) == [kernel(jupyter_server, relpath, "from zongshi_widgets.tutor.progress import lesson_key; print(lesson_key(lb.lesson))")]

    next_button.click()
    wait_kernel(jupyter_server, relpath, "print(lb.lesson.id)", "marker-space")
    task = kernel(jupyter_server, relpath, "print(lb.lesson.task[:60])")
    expect(lesson).to_contain_text(task)
    expect(lesson).not_to_contain_text("move your pawn to gallery G1")
    expect(next_button).to_have_count(0)  # the new lesson is not solved yet
    expect(lesson.locator("input[type='text']")).to_be_visible()  # a question lesson: its answer box
    expect(lesson.locator(".zw-board[data-game='art_gallery']")).to_have_count(1)  # one board, the new lesson's
    screenshot(page, "next-lesson-opened", locator=lesson)
    assert page.console_errors == []
