"""What a person sees and does on the GembloQ board, checked in a real browser (issue #6):

* every text of the board reads at a contrast of at least 4.5:1 (WCAG 2), in the light and the
  dark theme, measured on the rendered page (colours composited over their backgrounds);
* every character the board shows has a glyph in the machine's fonts (no empty boxes);
* preview and click agree at fractional pointer positions (a HiDPI screen, device scale 1.5):
  what the preview says fits is what a click places, at the cell the preview names;
* at 1024x700 the "to move" badge leaves the penalty figure readable and the move controls are
  on screen beside the board;
* a lesson: H shows no board hint, after the lesson's move the turn line says why no move is
  allowed (not "555 legal placements"), Try again adds no branch.

Screenshots: tests/browser/artifacts/quality-*.png.
"""

from __future__ import annotations

import pytest
from _jupyter import attach_error_collectors, open_notebook, run_all_cells, screenshot, set_theme

WIDGET = ".zw-board[data-game='gembloq']"

MIDGAME_CELL = """\
from zongshi_widgets.widgets import GembloQBoard
board = GembloQBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1, bot_delay=0)
board.play("b27,c27,b28,c28")
board.play(board.state.legal_actions()[3])
board.undo(); board.play(board.state.legal_actions()[5])  # a second line: a branch in the log
board.undo()  # moves ahead: redo would replay them
board
"""

# JS: every visible text of the board (HTML text, ::before/::after content, SVG text) with its
# colour and the colour behind it, composited; returns the ones below `min` contrast.
CONTRAST_JS = """
([sel, min]) => {
  const cv = document.createElement("canvas"); cv.width = cv.height = 1;
  const cx = cv.getContext("2d", { willReadFrequently: true });
  const rgba = (c) => { cx.clearRect(0, 0, 1, 1); cx.fillStyle = "#000"; cx.fillStyle = c; cx.fillRect(0, 0, 1, 1);
    const d = cx.getImageData(0, 0, 1, 1).data;
    // fillRect composites over transparent: undo the premultiplication
    const a = d[3] / 255; return a ? [d[0], d[1], d[2], a] : [0, 0, 0, 0]; };
  const over = (top, under) => { const a = top[3]; return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1); };
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const bgOf = (el) => {
    const chain = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) chain.push(rgba(getComputedStyle(e).backgroundColor));
    let bg = [255, 255, 255, 1];
    for (const c of chain.reverse()) bg = over(c, bg);
    return bg;
  };
  const opacityOf = (el) => { let o = 1; for (let e = el; e && e.nodeType === 1; e = e.parentElement) o *= parseFloat(getComputedStyle(e).opacity); return o; };
  const root = document.querySelector(sel);
  const bad = [], seen = [];
  const check = (el, text, colour, bgEl, where) => {
    const fg = rgba(colour); fg[3] *= opacityOf(el);
    const bg = bgEl ? bgEl : bgOf(el);
    const r = ratio(over(fg, bg), bg);
    seen.push(text);
    if (r < min) bad.push(`${r.toFixed(2)} ${where} "${text.slice(0, 40)}" fg=${colour} bg=${bg.map(Math.round)}`);
  };
  for (const el of root.querySelectorAll("*")) {
    if (!el.checkVisibility || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    if (el.closest("button:disabled, select:disabled, input:disabled")) continue;  // WCAG: inactive controls are exempt
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
    const where = el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className;
    if (own && el.namespaceURI === "http://www.w3.org/2000/svg") {
      if (el.tagName !== "text") continue;  // <title> is a tooltip
      const shape = el.previousElementSibling;
      const under = shape ? rgba(getComputedStyle(shape).fill) : null;
      check(el, own, getComputedStyle(el).fill, under && under[3] === 1 ? under : null, `svg.${where}`);
    } else if (own) {
      check(el, own, getComputedStyle(el).color, null, `${el.tagName.toLowerCase()}.${where}`);
    }
    for (const pseudo of ["::before", "::after"]) {
      const st = getComputedStyle(el, pseudo);
      const content = st.content;
      if (content && content !== "none" && content !== "normal" && content.replace(/["']/g, "").trim()) {
        check(el, content, st.color, null, `${el.tagName.toLowerCase()}.${where}${pseudo}`);
      }
    }
  }
  return { bad, count: seen.length };
}
"""

# JS: the characters the board shows that the fonts cannot draw (each drawn in its element's
# font and compared with an unassigned code point, which every font draws as its empty box)
GLYPHS_JS = """
(sel) => {
  const cv = document.createElement("canvas"); cv.width = 48; cv.height = 48;
  const cx = cv.getContext("2d", { willReadFrequently: true });
  const draw = (ch, font) => { cx.clearRect(0, 0, 48, 48); cx.font = font; cx.fillStyle = "#000"; cx.textBaseline = "middle"; cx.fillText(ch, 4, 24);
    return cx.getImageData(0, 0, 48, 48).data.join(","); };
  const tofu = (ch, font) => draw(ch, font) === draw("\\u0378", font);
  const root = document.querySelector(sel);
  const chars = new Map();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const st = getComputedStyle(n.parentElement);
    for (const ch of n.textContent) if (ch.codePointAt(0) > 127) chars.set(ch, `${st.fontSize} ${st.fontFamily}`);
  }
  for (const el of root.querySelectorAll("*")) for (const p of ["::before", "::after"]) {
    const st = getComputedStyle(el, p);
    if (!st.content || !st.content.startsWith('"')) continue;
    for (const ch of st.content.slice(1, -1)) if (ch.codePointAt(0) > 127) chars.set(ch, `${st.fontSize} ${st.fontFamily}`);
  }
  const font = getComputedStyle(root).fontSize + " " + getComputedStyle(root).fontFamily;
  return { missing: [...chars].filter(([ch, f]) => tofu(ch, f)).map(([ch]) => ch), checked: [...chars.keys()].join(""),
           control: { fork: tofu("\\u2442", font), check: tofu("\\u2713", font) } };
}
"""


def open_board(page, server, relpath, width=1280, height=1300):
    from playwright.sync_api import expect

    page.set_viewport_size({"width": width, "height": height})
    open_notebook(page, server, relpath, theme="light")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    widget = page.locator(WIDGET)
    expect(widget.locator(".zw-hand .zw-piece")).to_have_count(21, timeout=30_000)
    return widget


def test_every_text_reads_at_4_5_to_1_in_both_themes_and_every_glyph_is_drawn(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook([MIDGAME_CELL], name="quality_contrast.ipynb")
    widget = open_board(page, jupyter_server, relpath)
    expect(widget.locator(".zw-log-entry.zw-future")).to_have_count(4)
    expect(widget.locator(".zw-branches")).to_be_visible()
    # a hint, a refusal and a picked piece: more kinds of text on screen
    widget.get_by_role("button", name="Bot's choice").click()
    expect(widget.locator(".zw-hint-text")).to_contain_text("greedy bot")
    widget.locator(".zw-hand .zw-piece[data-piece='1']").click()
    box = widget.locator("svg.zw-gq-board").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(widget.locator(".zw-gq-preview .zw-gq-bad")).to_have_count(1)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(widget.locator(".zw-message")).to_contain_text("Not allowed")
    widget.get_by_role("checkbox", name="Show corner spots (C)").check()
    results = {}
    for theme in ("light", "dark"):
        set_theme(page, theme)
        res = page.evaluate(CONTRAST_JS, [WIDGET, 4.5])
        print(f"\n{theme}: {res['count']} texts checked")
        results[theme] = res
        screenshot(page, f"quality-contrast-{theme}", locator=widget)
    # the summary at the end of the game too
    jupyter_server.execute(relpath, "board.seats = ['greedy'] * 4")
    expect(widget.locator(".zw-summary")).to_be_visible(timeout=30_000)
    for theme in ("dark", "light"):
        set_theme(page, theme)
        res = page.evaluate(CONTRAST_JS, [WIDGET, 4.5])
        results[f"{theme}-end"] = res
        screenshot(page, f"quality-contrast-end-{theme}", locator=widget)
    for name, res in results.items():
        assert res["count"] > 40, (name, res["count"])
        assert res["bad"] == [], (name, res["bad"])

    glyphs = page.evaluate(GLYPHS_JS, WIDGET)
    assert glyphs["control"] == {"fork": True, "check": False}, glyphs  # the check itself works here
    assert glyphs["missing"] == [], glyphs
    print(f"glyphs checked: {glyphs['checked']}")
    assert page.console_errors == []


@pytest.mark.parametrize("scale", [1.25, 1.5])
def test_preview_and_click_agree_at_fractional_pointer_positions(browser, jupyter_server, make_notebook, scale):
    """On a HiDPI screen the pointer's coordinates are fractional: wherever the preview says
    "fits", the click places exactly that placement (at the cell the preview names); where it
    says "cannot go here", the click is refused."""
    from playwright.sync_api import expect

    cell = "from zongshi_widgets.widgets import GembloQBoard\nboard = GembloQBoard(players=4, seats=['human'] * 4, seed=1)\nboard"
    relpath = make_notebook([cell], name=f"quality_fraction_{int(scale * 100)}.ipynb")
    context = browser.new_context(viewport={"width": 1280, "height": 1100}, device_scale_factor=scale)
    context.set_default_timeout(30_000)
    page = context.new_page()
    attach_error_collectors(page)
    try:
        widget = open_board(page, jupyter_server, relpath, 1280, 1100)
        start = widget.locator(".zw-gq-start[aria-label^='blue starting square']").bounding_box()
        cx, cy = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
        step = start["width"] / 5
        checked = {"ok": 0, "bad": 0}
        for i, (dx, dy) in enumerate([(-1.13, -0.37), (0.41, -1.29), (1.37, 0.63), (-0.59, 1.21), (0.17, 0.11), (-1.61, 0.83), (1.02, -0.94), (2.33, 1.47)]):
            piece = widget.locator(".zw-hand .zw-piece[data-piece='3']")  # L2.5: several spots cover the square
            piece.click()
            x, y = cx + dx * step + 0.37, cy + dy * step + 0.61  # fractional CSS pixels
            page.mouse.move(x - 3.3, y - 2.7)
            page.mouse.move(x, y)
            preview = widget.locator(".zw-gq-preview g[role='img']")
            label = preview.get_attribute("aria-label")
            ok = widget.locator(".zw-gq-preview .zw-gq-ok").count() == 1
            before = int(widget.get_attribute("data-version"))
            page.mouse.click(x, y)
            if ok:
                checked["ok"] += 1
                at = label.split(" at ")[1].split(":")[0]
                expect(widget.locator(".zw-log-entry")).to_have_count(2)
                expect(widget.locator(".zw-log-entry").nth(1)).to_contain_text(f"at {at}")
                notation = jupyter_server.execute(relpath, "print(board.state.history[-1]); board.undo()").strip()
                assert notation.split(",")[0] == at, (i, label, notation)
                expect(widget.locator(".zw-log-entry")).to_have_count(2)  # undone: the move is in the future
                expect(widget.locator(".zw-log-entry.zw-current")).to_contain_text("Start")
            else:
                checked["bad"] += 1
                expect(widget.locator(".zw-message")).to_contain_text("Not allowed")
                assert int(widget.get_attribute("data-version")) == before, (i, label)
                page.keyboard.press("Escape")
            if widget.locator(".zw-hand .zw-piece[data-piece='3'][aria-pressed='true']").count():
                page.keyboard.press("Escape")
        print(f"\nscale {scale}: {checked}")
        assert checked["ok"] >= 3, checked
        screenshot(page, f"quality-fraction-{int(scale * 100)}", locator=widget)
        assert page.console_errors == []
    finally:
        context.close()


LAPTOP_CELL = """\
from zongshi_widgets.widgets import GembloQBoard
board = GembloQBoard(players=4, seats=["human", "greedy", "greedy", "greedy"], seed=1, bot_delay=0)
board.play("b27,c27,b28,c28")
board
"""


@pytest.mark.parametrize("file_browser", [False, True])
def test_layout_at_1024x700(page, jupyter_server, make_notebook, file_browser):
    from playwright.sync_api import expect

    relpath = make_notebook([LAPTOP_CELL], name=f"quality_1024_{int(file_browser)}.ipynb")
    widget = open_board(page, jupyter_server, relpath, 1024, 700)
    if file_browser:
        page.evaluate("() => window.jupyterapp.shell.activateById('filebrowser')")
        page.wait_for_timeout(500)
    expect(widget.locator(".zw-badge[data-kind='move']")).to_be_visible()
    widget.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    screenshot(page, f"quality-layout-1024x700{'-filebrowser' if file_browser else ''}")
    for i in range(4):
        card = widget.locator(".zw-player").nth(i)
        badge, pts = card.locator(".zw-badge"), card.locator(".zw-pts")
        if not badge.is_visible():
            continue
        a, b = badge.bounding_box(), pts.bounding_box()
        side = a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
        apart = side or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5
        assert apart, (i, a, b)
    board = widget.locator("svg.zw-gq-board").bounding_box()
    controls = widget.locator(".zw-controls").bounding_box()
    assert controls["x"] >= board["x"] + board["width"] - 1, (board, controls)  # beside the board
    assert controls["y"] + controls["height"] <= 700, controls  # on screen with the board's top
    assert page.console_errors == []


LESSON_CELL = """\
from zongshi_widgets.tutor import show_lesson
lb = show_lesson("gembloq", "side-to-other")
lb
"""


def test_a_lesson_board_offers_no_board_hints_and_says_why_no_move_is_allowed(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook([LESSON_CELL], name="quality_lesson.ipynb")
    widget = open_board(page, jupyter_server, relpath)
    expect(widget.locator(".zw-hints")).to_be_hidden()
    expect(widget.locator(".zw-newgame")).to_be_hidden()
    expect(widget.locator(".zw-keys [data-key='H']")).to_be_hidden()  # no H key to offer
    widget.locator("svg.zw-gq-board").focus()
    page.keyboard.press("h")
    page.wait_for_timeout(500)
    assert jupyter_server.execute(relpath, "print(lb.board.hint)").strip() == "{}"
    expect(widget.locator(".zw-gq-hint-edge")).to_have_count(0)
    for _ in range(2):  # a wrong try, twice, each taken back with Try again
        jupyter_server.execute(relpath, "good = lb.lesson.solutions(lb.start)\nlb.attempt(next(a for a in lb.start.legal_actions() if a not in good))")
        expect(widget.locator(".zw-turn")).to_contain_text("Try again")
        expect(widget.locator(".zw-turn")).not_to_contain_text("legal placement")
        expect(widget.locator(".zw-hand-what")).to_contain_text("Try again")
        page.get_by_role("button", name="Try again").click()
        expect(widget.locator(".zw-turn")).to_contain_text("legal placement")
    expect(widget.locator(".zw-branches")).to_be_hidden()
    screenshot(page, "quality-lesson", locator=page.locator(".zw-lesson"))
    assert page.console_errors == []
