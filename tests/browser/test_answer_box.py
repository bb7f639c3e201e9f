"""A question lesson's answer box in a real browser (newcomer trial): Enter on an empty box
says "type your answer in the box first", a roman label is accepted and praised as a label,
and a 3000-character answer stays inside the feedback box, echoed short."""

from __future__ import annotations

from _jupyter import open_notebook, run_all_cells, screenshot

CELL = 'from zongshi_widgets.tutor import show_lesson\nlb = show_lesson("art_gallery", "marker-space")\nlb'


def test_enter_on_an_empty_box_a_roman_label_and_a_long_answer(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook([CELL], name="answer_box.ipynb")
    page.set_viewport_size({"width": 1280, "height": 1400})
    open_notebook(page, jupyter_server, relpath, theme="light")
    run_all_cells(page)
    lesson = page.locator(".zw-lesson")
    expect(lesson).to_have_count(1, timeout=30_000)
    box = lesson.locator("input[type='text']")
    feedback = lesson.locator(".zw-feedback")
    box.focus()
    box.press("Enter")  # nothing typed
    expect(feedback).to_have_text("Not yet: type your answer in the box first.")
    box.fill("9" * 3000)
    box.press("Enter")
    expect(feedback).to_contain_text("…")
    assert len(feedback.inner_text()) < 200
    assert feedback.evaluate("el => el.scrollWidth <= el.clientWidth + 1")  # nothing runs past its right edge
    box.fill("x" * 3000)
    lesson.get_by_role("button", name="Check").click()
    expect(feedback).to_contain_text("is not a number")
    assert feedback.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    box.fill("")
    box.press("Enter")  # emptied again: told again
    expect(feedback).to_have_text("Not yet: type your answer in the box first.")
    box.fill("III")
    box.press("Enter")
    expect(feedback).to_contain_text("Yes: space 3 (III) is right.")
    assert jupyter_server.execute(relpath, "print(lb.solved, len(lb.attempts))").split() == ["True", "5"]
    # the feedback box itself wraps a word longer than its width (overflow-wrap: anywhere)
    jupyter_server.execute(relpath, 'lb.board.feedback = "w" * 3000')
    expect(feedback).to_contain_text("w" * 100)
    assert feedback.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    screenshot(page, "answer-box-long-feedback", locator=lesson)
    assert page.console_errors == []
