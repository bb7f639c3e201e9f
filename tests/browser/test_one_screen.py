"""The whole table on one screen (issue #25): every board at its largest player count, in a
notebook in JupyterLab with the file browser open (how JupyterLab starts), on a 1366x768 laptop
and a 1920x1080 desktop, in the light and the dark theme.

With the board's top scrolled to the top of the notebook, and nothing else scrolled, the shared
board, the watching seat's own area and the current choices (the buttons to play with) all lie
inside the notebook's visible area; the other seats' areas are compact (summaries that open).
(A newcomer found Art Gallery's hand below the ring, its side column 1,430 px below the board,
and Majolica's own workshops below the shared grid.) Screenshots go to
tests/browser/artifacts/one-screen-*.png. Zong Shi (5 players) is measured too and marked as not
fitting yet (a strict xfail).
"""

from __future__ import annotations

import pytest
from _jupyter import open_notebook, run_all_cells, screenshot

#: game -> (cell, the shared board's parts, the watching seat's own area, the current choices)
BOARDS = {
    "art_gallery": (
        'from zongshi_widgets.widgets import ArtGalleryBoard\nboard = ArtGalleryBoard(players=6, seats=["human"] + ["greedy"] * 5, seed=1, bot_delay=0)\nboard',
        ".zw-ag-ring",
        ".zw-ag-handbox",
        ".zw-ag-choices button",
    ),
    "majolica": (
        "from zongshi_widgets.widgets import MajolicaBoard\n"
        'board = MajolicaBoard(players=4, seats=["human"] + ["greedy"] * 3, seed=1, bot_delay=0)\n'
        'board.play("start slot 1")  # the setup done, the bots play on to red\'s first take\n'
        "board",
        ".mj-grid-box, .mj-display, .mj-city",
        ".mj-board.mj-mine",
        ".mj-table button:visible, .mj-bar button:visible, .mj-board.mj-mine button:visible",
    ),
    "zongshi": (
        'from zongshi_widgets.widgets import ZongShiBoard\nboard = ZongShiBoard(players=5, seats=["human"] + ["greedy"] * 4, seed=1, bot_delay=0)\nboard',
        ".zs-town",
        ".zs-shop.zs-mine",
        ".zs-town button:visible, .zs-bar button:visible, .zs-shop.zs-mine button:visible",
    ),
}

#: The visible rectangle of the notebook: the scrolling panel that holds the cells.
VIEWPORT_JS = """(el) => {
  let p = el.parentElement;
  while (p && !(['auto', 'scroll'].includes(getComputedStyle(p).overflowY) && p.scrollHeight > p.clientHeight)) p = p.parentElement;
  const r = (p || document.documentElement).getBoundingClientRect();
  return { x: r.left, y: r.top, width: p ? p.clientWidth : innerWidth, height: p ? p.clientHeight : innerHeight };
}"""


def inside(box: dict, view: dict) -> bool:
    """Is the bounding box ``box`` wholly inside the rectangle ``view`` (half a pixel spare)?"""
    right, bottom = box["x"] + box["width"], box["y"] + box["height"]
    left_top = box["x"] >= view["x"] - 0.5 and box["y"] >= view["y"] - 0.5
    return left_top and right <= view["x"] + view["width"] + 0.5 and bottom <= view["y"] + view["height"] + 0.5


#: Zong Shi (5 players) does not fit yet: its town alone is about 1,000 px tall at 1366x768 and the
#: seat's own workshop starts 1,230 px below the board's top (strict: the mark must go once it fits)
NOT_YET = pytest.mark.xfail(strict=True, reason="issue 25: Zong Shi's town and own workshop do not fit one screen yet")


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("width,height", [(1366, 768), (1920, 1080)])
@pytest.mark.parametrize("game", [pytest.param(g, marks=NOT_YET) if g == "zongshi" else g for g in BOARDS])
def test_the_table_on_one_screen(page, jupyter_server, make_notebook, game, width, height, theme):
    from playwright.sync_api import expect

    cell, shared, own, choice = BOARDS[game]
    relpath = make_notebook([cell], name=f"one_screen_{game}_{width}_{theme}.ipynb")
    page.set_viewport_size({"width": width, "height": height})
    open_notebook(page, jupyter_server, relpath, theme=theme)
    page.evaluate("() => window.jupyterapp.shell.activateById('filebrowser')")
    run_all_cells(page)
    widget = page.locator(f".zw-board[data-game='{game}']")
    expect(widget.locator(choice).first).to_be_visible(timeout=30_000)  # the seat's turn, its choices drawn
    page.wait_for_timeout(400)
    widget.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    name = f"one-screen-{game}-{width}x{height}-{theme}"
    screenshot(page, name)
    view = widget.evaluate(VIEWPORT_JS)
    parts = {f"shared board {i + 1}": p for i, p in enumerate(widget.locator(shared).all())}
    parts["own area"] = widget.locator(own).first
    parts.update({f"choice {i + 1}": b for i, b in enumerate(widget.locator(choice).all())})
    parts["undo"] = widget.locator(".zw-controls").first
    boxes = {k: loc.bounding_box() for k, loc in parts.items()}
    outside = {k: b for k, b in boxes.items() if b is None or not inside(b, view)}
    bottoms = ", ".join(f"{k} bottom {b['y'] + b['height'] - view['y']:.0f}" for k, b in boxes.items() if b and not k.startswith("choice "))
    print(f"\n{name}: notebook {view['width']:.0f}x{view['height']:.0f}; {bottoms}")
    assert not outside, f"outside the notebook's visible area {view}: {outside}"
    overflow = widget.evaluate("el => el.scrollWidth - el.clientWidth")
    assert overflow <= 1, overflow  # nothing sticks out sideways
    if game == "majolica":  # the other players' boards: one-line summaries, each opens with a click
        others = widget.locator("details.mj-other")
        expect(others).to_have_count(3)
        assert all(d.get_attribute("open") is None for d in others.all())
        others.first.locator("summary").click()
        expect(others.first.locator(".mj-wss")).to_be_visible()
    assert page.console_errors == []
