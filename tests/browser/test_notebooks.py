"""The shipped notebooks in a real browser, as a learner uses them: START_HERE shows a board,
the first rules lesson is solved by clicks and praised, a hint outlines an answer, a scoring
question is answered in its box. Screenshots: tests/browser/artifacts/notebook-*.png."""

from __future__ import annotations

from _jupyter import open_notebook, run_all_cells, screenshot, set_theme

BOARD = ".zw-board[data-game='gembloq']"


def center(locator):
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def open_and_run(page, server, relpath):
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1280, "height": 1300})
    open_notebook(page, server, relpath, theme="light")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    expect(page.locator(BOARD).first).to_be_visible(timeout=30_000)


def test_start_here_shows_a_playable_board(page, jupyter_server):
    from playwright.sync_api import expect

    open_and_run(page, jupyter_server, "notebooks/START_HERE.ipynb")
    boards = page.locator(BOARD)
    expect(boards).to_have_count(1)
    board = boards.first
    expect(board.locator(".zw-hand .zw-piece")).to_have_count(21)
    expect(board.locator(".zw-log-entry")).to_have_count(1)  # the start: nothing played yet
    board.locator(".zw-hand .zw-piece[data-piece='0']").click()
    start = board.locator(".zw-gq-start[aria-label^='blue starting square']")
    page.mouse.move(*center(start))
    page.mouse.click(*center(start))
    expect(board.locator(".zw-log-entry")).to_have_count(3, timeout=15_000)  # start, blue's move, the bot's reply
    screenshot(page, "notebook-start-here", locator=board)
    assert page.console_errors == []


def test_rules_lessons_are_solved_on_the_board(page, jupyter_server):
    from playwright.sync_api import expect

    open_and_run(page, jupyter_server, "notebooks/gembloq/01_rules.ipynb")
    lessons = page.locator(".zw-lesson")
    expect(lessons).to_have_count(9)  # the nine lessons the notebook shows
    first = lessons.nth(0)
    board = first.locator(BOARD)
    expect(board.locator(".zw-task")).to_contain_text("covers blue's starting square")

    # the learner's first move, by clicks: the single square on blue's starting square
    board.locator(".zw-hand .zw-piece[data-piece='0']").click()
    start = board.locator(".zw-gq-start[aria-label^='blue starting square']")
    page.mouse.move(*center(start))
    expect(board.locator(".zw-gq-preview .zw-gq-ok")).to_have_count(1)
    page.mouse.click(*center(start))
    expect(board.locator(".zw-feedback")).to_contain_text("Yes: your 1-square piece covers blue's starting square")
    expect(first.locator("h4")).to_contain_text("✓")
    screenshot(page, "notebook-lesson-first-move", locator=first)

    # the second lesson: an illegal spot is refused with the rule; hints end with an answer
    second = lessons.nth(1)
    board = second.locator(BOARD)
    board.locator(".zw-hand .zw-piece[data-piece='1']").click()
    middle = center(board.locator("svg.zw-gq-board"))
    page.mouse.move(*middle)
    page.mouse.click(*middle)
    expect(board.locator(".zw-message")).to_contain_text("must touch another blue piece at a corner")
    page.keyboard.press("Escape")
    hint = second.get_by_role("button", name="Hint")
    for _ in range(3):
        hint.click()
    expect(second.locator(".zw-lesson-hint")).to_contain_text("One answer is outlined")
    expect(board.locator("path.zw-gq-hl")).to_have_count(1)
    screenshot(page, "notebook-lesson-hint", locator=second)
    set_theme(page, "dark")
    screenshot(page, "notebook-lesson-hint-dark", locator=second)
    set_theme(page, "light")
    assert page.console_errors == []


def test_scoring_question_is_answered_in_its_box(page, jupyter_server):
    from playwright.sync_api import expect

    open_and_run(page, jupyter_server, "notebooks/gembloq/02_scoring.ipynb")
    lesson = page.locator(".zw-lesson").first
    expect(lesson.locator(".zw-summary")).to_be_visible()  # the game is over: the summary shows
    box = lesson.locator("input[type='text']")
    box.fill("12")
    lesson.get_by_role("button", name="Check").click()
    expect(lesson.locator(".zw-feedback")).to_contain_text("Not yet")
    box.fill("11")
    lesson.get_by_role("button", name="Check").click()
    expect(lesson.locator(".zw-feedback")).to_contain_text("Yes: 11 penalty points is right.")
    screenshot(page, "notebook-scoring-question", locator=lesson)
    assert page.console_errors == []
