"""The Majolica board in a real browser (JupyterLab 4, headless Chromium).

Checked as a learner would use it: the grid, the design-card display, City Hall and both player
boards render, reconstructed values carry their mark; an inner tile says which rule forbids
taking it (1. Select Majolica Tiles: the outer edge); a whole turn is played by clicks (option B
by two clicks, a tile and a design card, shown picked in between and cancelled by Escape or a
second click; the tiles placed in W1 by one click, W1 running, tiles moving up to the design card, the rest
flowing on to W2, which runs in turn: Run Workshop(s) A, B, G), the cascade shown step by step;
the keyboard moves through the choices; the dark theme renders; no errors reach the browser
console. Screenshots go to tests/browser/artifacts/majolica-*.png; the click-to-updated-board
time is printed.
"""

from __future__ import annotations

import re
import time

from _jupyter import kernel, open_notebook, run_all_cells, screenshot, set_theme

CELLS = [
    """\
import zongshi_widgets as zw
from zongshi_widgets.widgets import MajolicaBoard
desc = {"step": "select", "to_move": 0, "start": 0, "first": 0, "grid": ["RYBG", "YBGR", "BGRY", "GRYB"],
        "display": ["D05", "D10", "D20", "D30", "D03", "D06"],
        "players": [{"workshops": ["RRYYY", "BB", "", ""], "slots": ["D01", "D09", "-"]}, {}]}
board = MajolicaBoard(state=zw.game("majolica", players=2).from_position(desc, seed=1), seats=["human", "greedy"], bot_delay=0.05)
board
""",
    """\
exp = MajolicaBoard(players=3, seats=["human", "greedy", "greedy"], expansions=["missions", "cascading_bloom", "kaleidoscopic"], seed=2, bot_delay=0.05)
exp
""",
    """\
solo = MajolicaBoard(players=1, seats=["human"], seed=3)
solo.play("start slot 1")
solo
""",
    """from zongshi_widgets.tutor import show_lesson
cascade_lesson = show_lesson("majolica", "cascade-choice")
cascade_lesson
""",
]

SEL = ".zw-board[data-game='majolica']"


CONTRAST_JS = """(el) => {
  const parse = (c) => {
    const m = c.match(/rgba?\\(([^)]*)\\)/) || c.match(/color\\(srgb ([^)]*)\\)/);
    const v = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    const k = c.startsWith("color(") ? 255 : 1;
    return [v[0] * k, v[1] * k, v[2] * k, v.length > 3 ? v[3] : 1];
  };
  const lum = ([r, g, b]) => {
    const f = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const bg = parse(getComputedStyle(el).backgroundColor);
  let worst = 99;
  for (const e of [el, ...el.querySelectorAll("*")]) {
    if (e !== el && parse(getComputedStyle(e).backgroundColor)[3] > 0) continue;  // a tile chip, a mark: its own ground
    if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const fg = parse(getComputedStyle(e).color);
    const mix = [0, 1, 2].map((i) => fg[i] * fg[3] + bg[i] * (1 - fg[3]));
    const [a, b] = [lum(mix), lum(bg)].sort((x, y) => y - x);
    worst = Math.min(worst, (a + 0.05) / (b + 0.05));
  }
  return worst;
}"""


def hover_contrast(page, part) -> float:
    """The lowest contrast ratio (WCAG) of the text of a part under the mouse against its fill."""
    part.scroll_into_view_if_needed()
    part.hover()
    page.wait_for_timeout(300)  # transitions
    return part.evaluate(CONTRAST_JS)


def wait_ready(page, seen: str | None, timeout: float = 30_000) -> None:
    """Wait until the board shows a position other than ``seen`` with choices, no story playing."""
    page.wait_for_function(
        """([seen]) => {
             const root = document.querySelector(".zw-board[data-game='majolica']");
             return root && root.dataset.version !== seen && root.dataset.choices !== "0" && root.dataset.story !== "playing";
           }""",
        arg=[seen],
        timeout=timeout,
    )


def wait_new(page, seen: str) -> None:
    page.wait_for_function("([seen]) => document.querySelector(\".zw-board[data-game='majolica']\").dataset.version !== seen", arg=[seen], timeout=15_000)


def test_majolica_turn_with_a_cascade_by_clicks(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook(CELLS, name="majolica_board.ipynb")
    page.set_viewport_size({"width": 1400, "height": 1500})
    open_notebook(page, jupyter_server, relpath, theme="light")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    boards = page.locator(SEL)
    expect(boards).to_have_count(4, timeout=60_000)
    board, exp, solo, taught = boards.nth(0), boards.nth(1), boards.nth(2), boards.nth(3)

    expect(board.locator(".mj-cell")).to_have_count(16)
    expect(board.locator(".mj-display .mj-card")).to_have_count(6)
    expect(board.locator(".mj-board")).to_have_count(2)
    expect(board.locator(".mj-city")).to_contain_text("City Hall")
    assert "Reconstructed value" in board.locator(".mj-card .mj-rec").first.get_attribute("title")
    wait_ready(page, None)
    screenshot(page, "majolica-light", locator=board)

    # -- an illegal choice is explained in plain words: b2 is not on the outer edge (1. Select A-C) ----
    version = board.get_attribute("data-version")
    board.locator("button[data-target='cell:b2']").click()
    status = board.locator(".zw-status")
    expect(status).to_contain_text("Not allowed", timeout=15_000)
    expect(status).to_contain_text("outer edge")
    assert "take " not in status.inner_text() and "Legal now" not in status.inner_text()  # no notation the learner never typed
    assert board.get_attribute("data-explained") == "majolica.select.outer-edge"
    assert board.get_attribute("data-version") == version
    screenshot(page, "majolica-refusal", locator=board)

    # -- keyboard: the arrow keys move through the offered choices ------------------------------------
    choices = board.locator(".zw-stage button.mj-choice.mj-on")
    choices.first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.target") == choices.nth(1).get_attribute("data-target")

    # -- 1. Select option B by two clicks: the tile a1 (picked; only the display cards and
    #    "Tile + rearrange" are lit), then design card D05 (rulebook, 1. Select Majolica Tiles B) ---
    times = []
    a1 = board.locator("button[data-target='cell:a1']")
    a1.click()
    expect(board).to_have_attribute("data-selected", "cell:a1")
    expect(board.locator("button.mj-picked[data-target='cell:a1']")).to_have_count(1)
    expect(board.locator(".mj-display button.mj-card.mj-on")).to_have_count(6)
    expect(board.locator("button.mj-arrange.mj-on")).to_have_count(1)
    assert board.locator(".mj-grid button.mj-on:not(.mj-picked)").count() == 0  # no other tile, no row lit
    expect(board.locator(".mj-bar")).to_contain_text("you picked the tile a1")
    assert board.locator(".mj-menu").count() == 0  # no menu of whole actions
    screenshot(page, "majolica-picked", locator=board)
    page.keyboard.press("Escape")  # cancels
    expect(board).to_have_attribute("data-selected", "")
    a1.click()
    a1.click()  # clicking it again cancels too
    expect(board).to_have_attribute("data-selected", "")
    board.locator("button[data-target='card:D05']").click()  # the card first, then the tile, also works
    expect(board).to_have_attribute("data-selected", "card:D05")
    expect(board.locator(".mj-grid button.mj-cell.mj-on")).to_have_count(12)  # the outer tiles
    assert board.get_attribute("data-version") == version
    seen = board.get_attribute("data-version")
    a1.click()
    wait_new(page, seen)
    times.append(int(board.get_attribute("data-click-ms")))
    # a click on the grid now (2. Place) is refused in plain words about what was clicked
    wait_ready(page, seen)
    board.locator("button[data-target='cell:b1']").click()
    expect(status).to_contain_text("only in step 1", timeout=15_000)
    assert "take " not in status.inner_text()

    # -- 2. Place in W1 (one click): its pattern 3+3 is met, it runs (a one-step story) ------------
    assert board.locator("button[data-target='W1']").get_attribute("aria-label").startswith("your workshop W1")  # you play red
    seen = board.get_attribute("data-version")
    board.locator("button[data-target='W1']").click()
    wait_new(page, seen)
    times.append(int(board.get_attribute("data-click-ms")))
    expect(board.locator(".mj-story")).to_contain_text("W1 runs")
    wait_ready(page, seen)
    # the design card above W1 offers the colours that may move up
    board.locator("button[data-target='slot:1']").click()
    expect(board.locator(".mj-menu button[data-act='move R']")).to_be_visible()
    seen = board.get_attribute("data-version")
    board.locator(".mj-menu button[data-act='move R']").click()
    wait_ready(page, seen)
    seen = board.get_attribute("data-version")
    board.locator("button[data-target='slot:1']").click()
    board.locator(".mj-menu button[data-act='move Y']").click()
    wait_new(page, seen)
    times.append(int(board.get_attribute("data-click-ms")))

    # -- the cascade, step by step: yellow up to D01, the rest flows to W2, W2 runs ----------------
    story = board.locator(".mj-story")
    expect(story).to_be_visible()
    expect(story).to_contain_text("step 1 of 3")
    expect(story).to_contain_text("yellow tile onto design card D01")
    expect(board.locator(".mj-ws.mj-running")).to_have_count(1)
    # the steps are in the action bar, where the learner acts: in view, over none of the grid's cells
    expect(board.locator(".mj-bar .mj-story")).to_be_visible()
    sb, gb = story.bounding_box(), board.locator(".mj-grid").bounding_box()
    assert sb["y"] >= gb["y"] + gb["height"] or sb["y"] + sb["height"] <= gb["y"], (sb, gb)
    vh = page.evaluate("window.innerHeight")
    assert sb["y"] >= 0 and sb["y"] + sb["height"] <= vh, (sb, vh)
    assert "above" not in board.locator(".mj-bar").inner_text()
    screenshot(page, "majolica-story-1", locator=board)
    story.get_by_role("button", name="Next step").click()
    expect(story).to_contain_text("flows on to W2")
    # W2 on red's board holds the flowed tiles at this step
    expect(board.locator(".mj-board").first.locator(".mj-ws").nth(1)).to_contain_text("6/6")
    screenshot(page, "majolica-story-2", locator=board)
    expect(story).to_contain_text("W2 runs", timeout=10_000)  # the story goes on by itself
    expect(story).to_be_hidden(timeout=10_000)
    assert board.get_attribute("data-story") == "done"

    # -- the rest of the turn by clicks (moves or stop, discards, the card into a slot, end) --------
    deadline = time.monotonic() + 60
    clicks = 0
    while kernel(jupyter_server, relpath, "print(board.state.to_move == 0 and board.state.turnno == 1)") == "True":
        assert time.monotonic() < deadline, f"the turn did not end after {clicks} clicks"
        try:
            wait_ready(page, None, timeout=8_000)
        except Exception:  # noqa: BLE001  (the turn ended and the bot moved)
            continue
        seen = board.get_attribute("data-version")
        bar = board.locator(".mj-bar button[data-act='stop'], .mj-bar button[data-act='end']")
        if bar.count():
            bar.first.click()
        else:
            board.locator(".zw-stage button.mj-choice.mj-on").first.click()
            menu = board.locator(".mj-menu button.mj-choice")
            if menu.count():
                menu.first.click()
        clicks += 1
        wait_new(page, seen)
        ms = board.get_attribute("data-click-ms")
        if ms is not None:
            times.append(int(ms))
    red = "s = board.state; p = s.players[0]; print(sorted(s.game.cids[i] for i in list(p.slots) + list(p.done) if i >= 0))"
    assert "D05" in kernel(jupyter_server, relpath, red)  # the taken card is on red's board
    print(f"\nMajolica turn: {len(times)} timed clicks; click-to-updated-board median {sorted(times)[len(times) // 2]} ms, max {max(times)} ms")
    expect(board.locator(".zw-log")).to_contain_text("took the tile a1 and design card D05")  # the log in words, told (not ordered)
    screenshot(page, "majolica-after-turn", locator=board)

    # -- the expansions' parts, and solo play's revealed tiles ---------------------------------------
    exp.scroll_into_view_if_needed()
    expect(exp.locator(".mj-missions button.mj-mission.mj-on").first).to_be_visible(timeout=15_000)  # Mission cards: take one
    assert 2 <= exp.locator(".mj-missions .mj-mission").count() <= 4  # players + 1 revealed, less those the bots took
    expect(exp.locator(".mj-boardhead").first).to_contain_text("Bloom 0")
    # the score rows of the missions are short (M1..M8); each says what its mission asks on hover
    expect(exp.locator(".zw-side-top th[title='complete 5 design cards']")).to_have_text("M1")
    exp.locator(".mj-missions button.mj-mission.mj-on").first.click()  # the card is drawn on red's board
    expect(exp.locator(".mj-board .mj-missioncard").first).to_contain_text("not yet", timeout=15_000)
    screenshot(page, "majolica-expansions", locator=exp)
    solo.scroll_into_view_if_needed()
    expect(solo.locator(".mj-solo button[data-target='revealed']")).to_be_visible()
    expect(solo.locator(".mj-solo .mj-large")).to_have_count(4)
    # solo selection (Rules for Solo Play): a revealed tile, then a card or "Tile + rearrange"
    solo.locator(".mj-solo button[data-target^='tile:']").first.click()
    expect(solo).to_have_attribute("data-selected", re.compile(r"^tile:[RYBG]$"))
    expect(solo.locator(".mj-display button.mj-card.mj-on")).to_have_count(solo.locator(".mj-display .mj-card").count())
    expect(solo.locator(".mj-bar")).to_contain_text("you picked a ")
    page.keyboard.press("Escape")
    expect(solo).to_have_attribute("data-selected", "")
    screenshot(page, "majolica-solo", locator=solo)

    # -- the cascade lesson by clicks: W1's rest must make W2's 2:2:2 (Run Workshop(s) A-C) -------------
    taught.scroll_into_view_if_needed()
    taught.locator("button[data-target='slot:1']").click()  # the card above the running W1: which colour moves up
    taught.locator(".mj-menu button[data-act='move R']").click()
    expect(taught.locator(".zw-feedback")).to_contain_text("Not yet", timeout=15_000)
    kernel(jupyter_server, relpath, "cascade_lesson.reset()")
    expect(taught.locator(".zw-feedback")).to_be_hidden(timeout=15_000)
    taught.locator("button[data-target='slot:1']").click()
    taught.locator(".mj-menu button[data-act='move Y']").click()
    expect(taught.locator(".zw-feedback")).to_contain_text("flow on and fill W2", timeout=15_000)
    expect(taught.locator(".mj-story")).to_contain_text("W2")  # the board shows the step
    screenshot(page, "majolica-lesson-cascade", locator=taught)

    # -- a hovered workshop stays readable (contrast >= 4.5:1) in both themes; no console errors -------
    seen = solo.get_attribute("data-version")
    kernel(jupyter_server, relpath, 'solo.play("take all")')  # 2. Place: the workshops are lit
    wait_ready(page, seen)
    assert hover_contrast(page, solo.locator("button.mj-ws.mj-on").first) >= 4.5
    set_theme(page, "dark")
    assert hover_contrast(page, solo.locator("button.mj-ws.mj-on").first) >= 4.5
    screenshot(page, "majolica-dark-hover", locator=solo)
    board.scroll_into_view_if_needed()
    screenshot(page, "majolica-dark", locator=board)
    assert page.console_errors == []


DISCARD_CELL = """\
import zongshi_widgets as zw
from zongshi_widgets.widgets import MajolicaBoard
desc = {"start": 0, "grid": ["yyrB", "GRBG", "BGYR", "RBGY"], "step": "place", "pending": {"tiles": "YY"},
        "players": [{"workshops": ["", "RRGGB", "", ""]}, {}]}
over = zw.game("majolica", players=2).from_position(desc, seed=1).play("place W2")
board = MajolicaBoard(state=over, seats=["greedy", "human"], bot_delay=0.05)
board
"""


def test_a_bots_overflow_discard_says_why(page, jupyter_server, make_notebook):
    """Rulebook, 2. Place Majolica Tiles: a workshop over its capacity discards the extra tiles.
    When the bot playing red discards, the move log says which workshop overflowed and how many
    tiles did not fit, as the decision bar says it for the learner's own discard."""
    from playwright.sync_api import expect

    relpath = make_notebook([DISCARD_CELL], name="majolica_discard.ipynb")
    page.set_viewport_size({"width": 1400, "height": 1400})
    open_notebook(page, jupyter_server, relpath, theme="light")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    board = page.locator(SEL)
    expect(board.locator(".zw-log")).to_contain_text("W2 overflowed, 1 tile did not fit its 6 places", timeout=30_000)
    expect(board.locator(".zw-log")).to_contain_text("2. Place Majolica Tiles")
    screenshot(page, "majolica-bot-discard", locator=board)
    assert page.console_errors == []


def test_majolica_win_rate_rung(page, jupyter_server, make_notebook):
    """The hint ladder's last rung on the Majolica board: "Win rates" lists the search's best
    takes (1. Select Majolica Tiles) with the win rates and playouts Python computed, and the
    first is marked on the grid. A yellow outer tile fills W3's pattern (Run Workshop(s))."""
    import json

    from playwright.sync_api import expect

    cell = """\
import zongshi_widgets as zw
from zongshi_widgets.widgets import MajolicaBoard
desc = {"step": "select", "to_move": 0, "start": 0, "first": 0, "grid": ["RYBG", "YBGR", "BGRY", "GRYB"],
        "players": [{"workshops": ["", "", "RRY", ""], "slots": ["-", "-", "D01"]}, {}]}
board = MajolicaBoard(state=zw.game("majolica", players=2).from_position(desc, seed=1), seats=["human", "human"])
board
"""
    relpath = make_notebook([cell], name="majolica_win_rates.ipynb")
    page.set_viewport_size({"width": 1400, "height": 1300})
    open_notebook(page, jupyter_server, relpath, theme="light")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    board = page.locator(SEL)
    expect(board).to_have_count(1, timeout=60_000)
    wait_ready(page, None)
    # the hint buttons wrap in this narrow panel; none moves when a rung is shown (a second click
    # lands where the first did)
    names = ("Bot's choice", "Win rates")
    before = {n: board.get_by_role("button", name=n).bounding_box() for n in names}
    for rung in ("Show a move", "Bot's choice"):
        board.locator(".zw-hint-buttons button", has_text=rung).first.click()
        expect(board.locator(".zw-hint-text")).to_contain_text("“", timeout=30_000)
        for n in names:
            box = board.get_by_role("button", name=n).bounding_box()
            assert abs(box["x"] - before[n]["x"]) < 2 and abs(box["y"] - before[n]["y"]) < 2, (rung, n, before[n], box)
    board.get_by_role("button", name="Win rates").click()
    items = board.locator(".zw-candidates .zw-candidate")
    expect(items.first).to_be_visible(timeout=60_000)
    hint = json.loads(kernel(jupyter_server, relpath, "import json; print(json.dumps(board.hint))"))
    cands = hint["candidates"]
    assert hint["mode"] == "explain" and 2 <= len(cands) <= 5
    assert cands[0]["action"].startswith(("take b1", "take a2", "take d3", "take c4"))  # a yellow outer tile
    expect(items).to_have_count(len(cands))
    for i, c in enumerate(cands):
        expect(items.nth(i)).to_contain_text(f"{round(100 * c['win_rate'])} % ({c['visits']} playouts, ")
    expect(board.locator(".zw-hint-text")).to_contain_text(f"Candidate 1 of {len(cands)}")
    text = board.locator(".zw-hint-text").inner_text()
    assert "“take the " in text and cands[0]["action"] not in text, text  # the move in words, as the decision bar says it
    expect(items.first).to_contain_text("take the ")
    expect(board.locator(".mj-hinted").first).to_be_visible()  # the candidate's tile marked on the grid
    screenshot(page, "majolica-win-rates", locator=board)
    assert page.console_errors == []
