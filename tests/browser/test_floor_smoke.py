"""Browser smoke test that ``scripts/test.sh`` also runs in the venv of declared floors (.venv-floors).

A question lesson (a text box with a description, as ipywidgets draws it) below a full board, in
JupyterLab: both boards are on the page even when the lesson starts outside the viewport
(JupyterLab 4.2-4.4 attach only visible cells by default), the learner's answer reaches the
kernel and is judged, and the page logs no console error. Rulebook: End of the Game (penalty
points are the squares left in hand). Screenshot: tests/browser/artifacts/floor-smoke-lesson.png.
"""

from __future__ import annotations

from _jupyter import open_notebook, run_all_cells, screenshot

BOARD = ".zw-board[data-game='gembloq']"

#: A notebook shaped like the lesson notebooks: prose and code cells in turn, the question lesson
#: near the top and a full board at the end. Once every cell has run, the notebook is scrolled down
#: and the lesson is out of the viewport.
PROSE = "A paragraph a learner reads before the next cell. " * 6
CELLS = [
    ("code", "from zongshi_widgets.tutor import show_lesson\nfrom zongshi_widgets.widgets import GembloQBoard"),
    ("markdown", "## Penalty points\n\n" + PROSE),
    ("code", 'lesson = show_lesson("gembloq", "penalty-points")\nlesson'),
    *[cell for part in range(1, 5) for cell in (("markdown", f"## Part {part}\n\n" + PROSE), ("code", f"print('part {part}\\n' * 12)"))],
    ("markdown", "## A whole game\n\n" + PROSE),
    ("code", "GembloQBoard(players=4)"),
]


def write_cells(path):
    """Write :data:`CELLS` as a notebook at ``path``."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    new = {"code": nbformat.v4.new_code_cell, "markdown": nbformat.v4.new_markdown_cell}
    nb.cells = [new[kind](src) for kind, src in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nbformat.write(nb, str(path))


def test_question_lesson_in_a_lesson_notebook(page, jupyter_server, tmp_notebook_dir):
    from playwright.sync_api import expect

    write_cells(tmp_notebook_dir / "floor_smoke.ipynb")
    relpath = jupyter_server.relpath(tmp_notebook_dir / "floor_smoke.ipynb")
    open_notebook(page, jupyter_server, relpath, theme="light")
    run_all_cells(page)
    expect(page.locator(BOARD)).to_have_count(2, timeout=30_000)

    # both boards are on the page (a learner who scrolls sees them), before anything is scrolled to
    lesson = page.locator(".zw-lesson")
    expect(lesson).to_have_count(1)
    for board in page.locator(BOARD).all():
        expect(board).to_be_visible()
    lesson.scroll_into_view_if_needed()
    box = lesson.locator("input[type='text']")
    expect(box).to_be_visible()
    box.fill("12")
    lesson.get_by_role("button", name="Check").click()
    expect(lesson.locator(".zw-feedback")).to_contain_text("Not yet")
    box.fill("11")
    lesson.get_by_role("button", name="Check").click()
    expect(lesson.locator(".zw-feedback")).to_contain_text("Yes: 11 penalty points is right.")
    assert jupyter_server.execute(relpath, "print(lesson.solved)").strip() == "True"
    page.set_viewport_size({"width": 1280, "height": 1500})  # the whole lesson, for the picture
    lesson.scroll_into_view_if_needed()
    screenshot(page, "floor-smoke-lesson", locator=lesson)
    assert page.console_errors == []
