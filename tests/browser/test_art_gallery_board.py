"""The Art Gallery board in a real browser (JupyterLab 4, headless Chromium).

Checked as a person would: a whole first round played by clicks against two greedy bots
(rulebook, Rules: 1. Move Your Game Piece, 2. Place a Bid): a card then a direction, with both
destinations highlighted; a bid card; then the distribution (rulebook, Distribution) played step
by step on the board, the Shop tiles chosen by clicks, a too expensive choice explained with the
rule's words (Painting Tiles in the Shop Area) and nothing played; the privacy screen between two
people at one screen (a hot seat), the other's hand and bid never drawn; the dark theme; no
console errors. Screenshots go to tests/browser/artifacts/art-gallery-*.png; the
click-to-updated-board time is printed.
"""

from __future__ import annotations

import re
import time

from _jupyter import kernel, open_notebook, run_all_cells, screenshot, wait_kernel

WIDGET = ".zw-board[data-game='art_gallery']"

ROUND_CELL = """\
from zongshi_widgets.widgets import ArtGalleryBoard
board = ArtGalleryBoard(players=3, seats=["human", "greedy", "greedy"], seed=4, bot_delay=0.05)
board
"""

HOT_SEAT_CELL = """\
from zongshi_widgets.widgets import ArtGalleryBoard
board = ArtGalleryBoard(players=2, seats=["human", "human"], seed=2)
board
"""

#: A Shop bid of 4 being paid (4 players): spaces 1 and 3 fit the bid, 5 and 7 do not.
SHOP_CELL = """\
import random
import zongshi_widgets as zw
from zongshi_widgets.widgets import ArtGalleryBoard
s, r = zw.game("art_gallery", players=4).new_state(seed=1), random.Random(1)
def paying(s):
    v = s.public_view()
    return v["step"] == "take" and v["areas"][0]["bids"][v["distribution"]["next"]] <= 4
while not paying(s):
    s = s.play(r.choice(s.legal_actions()))
seats = ["greedy"] * 4
seats[s.to_move] = "human"
board = ArtGalleryBoard(state=s, seats=seats, bot_delay=0.05)
board
"""

#: Yellow's last bid of round 1 (2 players): on G1 red bid 5, yellow 4; yellow's 1 makes a tie at 5
#: (rulebook, Distribution, Painting Cards in the Gallery Areas 2), then red picks a card back.
LAST_BID = {
    "step": "bid",
    "start_card": 0,
    "hands": [[4], [1, 8]],
    "pawns": [4, 1],
    "movement_cards": [[0, 1, 2, 3], [0, 2, 3, 5]],
    "bars": {"G1": [[0, 5], [1, 4]], "G2": [[0, 6], [1, 7]], "G3": [[0, 7]], "G4": [[0, 8], [1, 6]]},
    "paintings": {"G1": 10, "G2": 11, "G3": 12, "G4": 13},
}


def open_board(page, server, relpath, theme="light"):
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1280, "height": 1400})
    open_notebook(page, server, relpath, theme=theme)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    run_all_cells(page)
    widget = page.locator(WIDGET)
    expect(widget).to_have_count(1, timeout=30_000)
    expect(widget.locator(".zw-ag-area")).to_have_count(int(kernel(server, relpath, "print(board.game.ring)")))  # the Shop and the galleries
    return widget


def start_timer(page):
    """From the next click in the choices to the next change of the board's drawn version."""
    page.evaluate(
        """() => {
             const root = document.querySelector(".zw-board[data-game='art_gallery']");
             window.__zwClick = null; window.__zwDrawn = null;
             root.addEventListener("click", () => { window.__zwClick = performance.now(); }, { capture: true, once: true });
             const seen = root.dataset.version;
             const obs = new MutationObserver(() => {
               if (window.__zwClick !== null && root.dataset.version !== seen) { window.__zwDrawn = performance.now(); obs.disconnect(); }
             });
             obs.observe(root, { attributes: true, attributeFilter: ["data-version"] });
           }"""
    )


def click_to_update_ms(page) -> float:
    page.wait_for_function("() => window.__zwDrawn !== null", timeout=15_000)
    return page.evaluate("() => window.__zwDrawn - window.__zwClick")


def status(server, relpath) -> tuple[int, str, str, int]:
    """(round, step, seat to move, plies) from the kernel."""
    out = kernel(server, relpath, "s = board.state; print(s.round, s.step, s.to_move, len(s.history))")
    r, step, seat, plies = out.split()
    return int(r), step, seat, int(plies)


def test_a_round_by_clicks_with_its_distribution(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook([ROUND_CELL], name="art_gallery_round.ipynb")
    widget = open_board(page, jupyter_server, relpath)
    wait_kernel(jupyter_server, relpath, "print(board.state.to_move)", "0")
    expect(widget.locator(".zw-ag-prompt")).to_contain_text("choose a card from your hand")
    expect(widget.locator(".zw-ag-choices button[data-card]")).to_have_count(9)
    assert "Reconstructed" in widget.locator(".zw-ag-recon").first.get_attribute("title")
    for button in widget.locator(".zw-ag-choices button").all():  # screen-reader labels on every choice
        assert button.get_attribute("aria-label")
    screenshot(page, "art-gallery-start", locator=widget)

    # -- turn 1: card 2, both destinations highlighted, then clockwise; then bid 8 -------------
    widget.locator(".zw-ag-choices button[data-card='2']").click()
    expect(widget.locator(".zw-ag-area.zw-ag-dest")).to_have_count(2)
    expect(widget.locator(".zw-ag-go")).to_have_count(2)
    screenshot(page, "art-gallery-directions", locator=widget)
    start_timer(page)
    widget.locator(".zw-ag-choices button[data-action='move 2 cw']").click()
    ms = click_to_update_ms(page)
    print(f"\nclick-to-updated-board (JupyterLab, a move): {ms:.1f} ms")
    expect(widget.locator(".zw-ag-prompt")).to_contain_text("2. Place a bid")
    widget.locator(".zw-ag-choices button[data-card='8']").click()
    wait_kernel(jupyter_server, relpath, "print(8 in board.state.hand(0))", "False", timeout=10)
    # my own bid is shown to me, marked as mine; nobody else's bid value is on the page
    expect(widget.locator(".zw-ag-action.zw-ag-mine")).to_have_count(1)

    # -- the rest of the round, by clicks, with a high bid in the Shop -------------------------------
    saw_story = saw_refusal = took = False
    deadline = time.monotonic() + 75
    turn = 1
    while time.monotonic() < deadline:
        if widget.get_attribute("data-story") == "playing":
            if not saw_story:
                expect(widget.locator(".zw-ag-steps li")).to_have_count(3, timeout=8_000)
                expect(widget.locator(".zw-ag-story")).to_contain_text("turned up")
                assert widget.locator(".zw-ag-marked").count() >= 1  # the area being told is outlined
                screenshot(page, "art-gallery-distribution", locator=widget)
                saw_story = True
            widget.locator(".zw-ag-skip").click()
            continue
        rnd, step, seat, plies = status(jupyter_server, relpath)
        if rnd > 1:
            break
        if seat != "0":
            time.sleep(0.15)
            continue
        expect(widget).to_have_attribute("data-story", "idle")
        if step == "move":
            turn += 1
            # turn 2: from G2, a 3 clockwise reaches the Shop (bench 0 of 5), chosen on the ring
            card = "3" if turn == 2 else widget.locator(".zw-ag-choices button[data-card]").first.get_attribute("data-card")
            widget.locator(f".zw-ag-choices button[data-card='{card}']").click()
            target = widget.locator(".zw-ag-area[data-area='shop'] .zw-ag-go" if turn == 2 else ".zw-ag-go").first
            if target.count():
                target.click()
        elif step in ("bid", "aside"):
            widget.locator(".zw-ag-choices button[data-card]").last.click()
        elif step == "take":
            bid = int(kernel(jupyter_server, relpath, "s = board.state; print(s.bars[0][s.cursor][1])"))
            if not saw_refusal and bid < 12:
                # 5 + 7 = 12 is more than the bid: Python says which rule, nothing is played
                widget.locator(".zw-ag-choices button[data-space='5']").click()
                widget.locator(".zw-ag-choices button[data-space='7']").click()
                expect(widget.locator(".zw-status")).to_contain_text("more than the bid card's value", timeout=10_000)
                expect(widget.locator(".zw-status")).to_contain_text("Painting Tiles in the Shop Area")
                assert widget.get_attribute("data-explained") == "art_gallery.shop.too-expensive"
                screenshot(page, "art-gallery-refused", locator=widget)
                assert status(jupyter_server, relpath)[3] == plies
                saw_refusal = True
                for sp in ("5", "7"):
                    widget.locator(f".zw-ag-choices button[data-space='{sp}']").click()
            cheapest = widget.locator(".zw-ag-choices button[data-space]").first
            if bid >= int(cheapest.get_attribute("data-space")):
                cheapest.click()
                widget.locator(".zw-ag-choices button[data-action='take']").click()
                took = True
            else:
                widget.locator(".zw-ag-choices button[data-action='take none']").click()
        elif step == "return":
            widget.locator(".zw-ag-choices button[data-card]").first.click()
        wait_kernel(jupyter_server, relpath, f"print(len(board.state.history) > {plies})", "True", timeout=10)
    rnd, step, _, _ = status(jupyter_server, relpath)
    assert rnd == 2 and step is not None, "the first round did not end"
    assert saw_story and saw_refusal and took
    # the new round: collections and the score panel show what the distribution gave
    wait_kernel(jupyter_server, relpath, "print(board.state.to_move)", "0")
    expect(widget).to_have_attribute("data-story", "idle", timeout=30_000)
    assert kernel(jupyter_server, relpath, "print(len(board.state.tiles[0]))") != "0"
    expect(widget.locator(".zw-ag-coll[data-seat='0'] .zw-ag-tileown")).not_to_have_count(0)
    expect(widget.locator(".zw-ag-table")).to_contain_text("souvenirs")
    screenshot(page, "art-gallery-round-2", locator=widget)
    # keyboard: Tab to a card, arrows move along the row, Enter chooses it
    widget.locator(".zw-ag-choices button[data-card]").first.focus()
    page.keyboard.press("ArrowRight")
    second = widget.locator(".zw-ag-choices button[data-card]").nth(1).get_attribute("data-card")
    page.keyboard.press("Enter")
    expect(widget.locator(f".zw-ag-choices button[data-card='{second}']")).to_have_attribute("aria-pressed", "true")
    expect(widget.locator(".zw-ag-area.zw-ag-dest")).not_to_have_count(0)
    page.keyboard.press("Escape")
    expect(widget.locator(".zw-ag-area.zw-ag-dest")).to_have_count(0)

    # -- hints, undo and redo come from the shell ----------------------------------------------
    widget.locator(".zw-hints button", has_text="Show a move").click()
    expect(widget.locator(".zw-hint-text")).to_contain_text("Legal move 1 of")
    plies = status(jupyter_server, relpath)[3]
    widget.locator(".zw-controls button", has_text="Undo").click()
    wait_kernel(jupyter_server, relpath, f"print(len(board.state.history) < {plies})", "True")
    widget.locator(".zw-controls button", has_text="Redo").click()
    wait_kernel(jupyter_server, relpath, "print(len(board.state.history))", str(plies))

    # -- the bots finish the game: the end-of-game summary and the final score -----------------
    # (from a position one move before the end, reached by random play: quicker than whole rounds)
    near_end = (
        "import random\n"
        "r, s = random.Random(0), board.state\n"
        "while not s.play(a := r.choice(s.legal_actions())).is_over:\n"
        "    s = s.play(a)\n"
        "board.load(s, history=False); board.bot_delay = 0; board.seats = ['greedy'] * 3; board.run_bots()\n"
        "print(board.state.is_over)"
    )
    assert kernel(jupyter_server, relpath, near_end) == "True"
    version = kernel(jupyter_server, relpath, "print(board.version)")
    expect(widget).to_have_attribute("data-version", version, timeout=60_000)  # every update drawn
    if widget.get_attribute("data-story") == "playing":  # the last distributions, told
        widget.locator(".zw-ag-skip").click()
    expect(widget.locator(".zw-ag-summary")).to_contain_text("Game over: ", timeout=15_000)
    winners = kernel(jupyter_server, relpath, "print(' and '.join(board.game.seat_names[s].capitalize() for s in board.state.score_sheet().winners))")
    expect(widget.locator(".zw-ag-summary")).to_contain_text(winners)
    expect(widget.locator(".zw-ag-scores")).to_contain_text("Final score")
    screenshot(page, "art-gallery-game-over", locator=widget)
    assert page.console_errors == [], page.console_errors


def test_privacy_screen_between_two_people_in_the_dark_theme(page, jupyter_server, make_notebook):
    from playwright.sync_api import expect

    relpath = make_notebook([HOT_SEAT_CELL], name="art_gallery_hot_seat.ipynb")
    widget = open_board(page, jupyter_server, relpath, theme="dark")
    first = int(kernel(jupyter_server, relpath, "print(board.state.to_move)"))
    names = ["red", "yellow"]
    # nobody's hand before the person to move says they are at the screen
    expect(widget.locator(".zw-screen-text")).to_contain_text(f"Pass the screen to {names[first]}")
    expect(widget.locator(".zw-ag-choices button")).to_have_count(0)
    expect(widget.locator(".zw-ag-handbox")).not_to_contain_text("Your hand")
    widget.locator(".zw-ready").click()
    expect(widget.locator(".zw-ag-handbox")).to_contain_text(f"Your hand: {names[first]}")
    widget.locator(".zw-ag-choices button[data-card='3']").click()
    widget.locator(".zw-ag-choices button[data-action='move 3 ccw']").click()
    expect(widget.locator(".zw-ag-prompt")).to_contain_text("2. Place a bid")
    widget.locator(".zw-ag-choices button[data-card='7']").click()
    # the screen goes up: the next person sees no hand and no bid value
    expect(widget.locator(".zw-screen-text")).to_contain_text(f"Pass the screen to {names[1 - first]}")
    expect(widget.locator(".zw-ag-handbox")).not_to_contain_text("Your hand")
    expect(widget.locator(".zw-ag-action.zw-ag-mine")).to_have_count(0)
    screenshot(page, "art-gallery-screen-dark", locator=widget)
    widget.locator(".zw-ready").click()
    expect(widget.locator(".zw-ag-handbox")).to_contain_text(f"Your hand: {names[1 - first]}")
    # the other person's bid is a face-down stack: its count and place shown, not its value
    expect(widget.locator(".zw-ag-action.zw-ag-back")).to_have_count(1)
    expect(widget.locator(".zw-ag-action.zw-ag-mine")).to_have_count(0)
    assert "a face-down bid" in widget.locator(".zw-ag-slot:has(.zw-ag-back)").get_attribute("aria-label")
    # a lesson's marks: named parts outlined (board.mark)
    kernel(jupyter_server, relpath, "board.mark(['G1', 'stack:5', 'collection:red', 'bar:G2'])")
    expect(widget.locator(".zw-ag-marked")).to_have_count(4)
    expect(widget.locator(".zw-ag-area[data-area='G1']")).to_have_class(re.compile("zw-ag-marked"))
    screenshot(page, "art-gallery-dark", locator=widget)

    # -- the last bid of a round at a hot seat: the distribution waits behind the screen, then is
    # told from public information only (never from the previous person's hand or bids) -------
    kernel(jupyter_server, relpath, "board.mark([]); board.load(board.game.from_position(" + repr(LAST_BID) + "), history=False)")
    expect(widget.locator(".zw-screen-text")).to_contain_text("Pass the screen to yellow")
    widget.locator(".zw-ready").click()
    expect(widget.locator(".zw-ag-ring .zw-ag-mine")).to_have_count(3)  # yellow's own face-down bids
    widget.locator(".zw-ag-choices button[data-card='1']").click()  # the round's last bid, on G1
    expect(widget.locator(".zw-screen-text")).to_contain_text("Pass the screen to red")  # red picks a card back first
    expect(widget).to_have_attribute("data-story", "playing")
    page.wait_for_timeout(2500)
    expect(widget.locator(".zw-ag-story .zw-caption")).to_contain_text("step 1 of 5")  # waiting for red
    widget.locator(".zw-ready").click()
    expect(widget.locator(".zw-ag-story .zw-caption")).to_contain_text("step 2 of 5", timeout=5_000)
    assert widget.locator(".zw-ag-ring .zw-ag-mine").count() == 0  # neither yellow's bids nor red's hand
    expect(widget.locator(".zw-ag-story")).to_contain_text("tie at 5", timeout=10_000)
    expect(widget.locator(".zw-ag-story")).to_contain_text("earlier marker")
    screenshot(page, "art-gallery-tie-told", locator=widget)
    widget.locator(".zw-ag-skip").click()
    expect(widget.locator(".zw-ag-prompt")).to_contain_text("Cards back from G1")
    expect(widget.locator(".zw-ag-ring .zw-ag-mine")).to_have_count(3)  # red's own bids, on G2, G3 and G4
    assert page.console_errors == [], page.console_errors


def test_shop_spaces_the_bid_cannot_pay_for_are_greyed_and_say_why(page, jupyter_server, make_notebook):
    """Distribution, Painting Tiles in the Shop Area: a bid of 4 buys one or two top tiles whose
    space numbers add up to at most 4; spaces 5 and 7 are greyed, on the ring and among the
    choices, their screen-reader labels say why, and a click on one still says the rule."""
    from playwright.sync_api import expect

    relpath = make_notebook([SHOP_CELL], name="art_gallery_shop.ipynb")
    widget = open_board(page, jupyter_server, relpath)
    assert kernel(jupyter_server, relpath, "print(sorted(str(a) for a in board.state.legal_actions()))") == "['take 1', 'take 1+3', 'take 3', 'take none']"
    expect(widget.locator(".zw-ag-prompt")).to_contain_text("your bid of 4")
    expect(widget.locator(".zw-ag-prompt")).to_contain_text("Greyed spaces are more than your bid can pay for")
    for space in ("5", "7"):
        for where in (".zw-ag-choices", ".zw-ag-ring"):
            button = widget.locator(f"{where} button[data-space='{space}']")
            expect(button).to_have_class(re.compile("zw-ag-unaffordable"))
            assert f"cannot afford it: it costs {space}, more than your bid of 4" in button.get_attribute("aria-label")
    for space in ("1", "3"):
        expect(widget.locator(f".zw-ag-choices button[data-space='{space}']")).not_to_have_class(re.compile("zw-ag-unaffordable"))
    widget.locator(".zw-ag-choices button[data-space='3']").click()
    expect(widget.locator(".zw-ag-choices button[data-space='1']")).not_to_have_class(re.compile("zw-ag-unaffordable"))  # 1 + 3 = 4
    screenshot(page, "art-gallery-shop-greyed", locator=widget)
    widget.locator(".zw-ag-choices button[data-space='3']").click()
    widget.locator(".zw-ag-choices button[data-space='5']").click()  # greyed, still explained in the rule's words
    expect(widget.locator(".zw-status")).to_contain_text("more than the bid card's value", timeout=10_000)
    widget.locator(".zw-ag-choices button[data-space='7']").click()  # 5 + 7: a choice the bid cannot pay for
    for space in ("1", "3"):  # judged alone again: the bid pays for them
        expect(widget.locator(f".zw-ag-choices button[data-space='{space}']")).not_to_have_class(re.compile("zw-ag-unaffordable"))
    for space in ("5", "7", "1", "3"):
        widget.locator(f".zw-ag-choices button[data-space='{space}']").click()
    widget.locator(".zw-ag-choices button[data-action='take']").click()
    wait_kernel(jupyter_server, relpath, "print(board.state.history[-1] if board.state.history else None)", "take 1+3")
    assert page.console_errors == [], page.console_errors


#: Cards with titles in the galleries (round 1 played on to its bids by seeded random moves).
TITLES_CELL = """\
import random
import zongshi_widgets as zw
from zongshi_widgets.widgets import ArtGalleryBoard
s, r = zw.game("art_gallery", players=3).new_state(seed=4), random.Random(4)
for _ in range(9):
    s = s.play(r.choice(s.legal_actions()))
board = ArtGalleryBoard(state=s, seats=["human"] * 3, open_hands=True)
board
"""


WIN_RATES_CELL = """\
from zongshi_widgets.widgets import ArtGalleryBoard
board = ArtGalleryBoard(players=2, seats=["human", "mcts"], seed=1)
board
"""


def test_painting_card_titles_are_whole_at_1000_and_1400_px(page, jupyter_server, make_notebook):
    """Newcomer's finding: at a 1000 px window the painting cards' titles were cut with "…".
    Every title on the board is now drawn whole (it may wrap), at 1000 px and at 1400 px, and
    nothing is cut off at the right (Components: painting cards)."""
    from playwright.sync_api import expect

    relpath = make_notebook([TITLES_CELL], name="art_gallery_titles.ipynb")
    for width in (1000, 1400):
        page.set_viewport_size({"width": width, "height": 1200})
        open_notebook(page, jupyter_server, relpath, theme="light")
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        run_all_cells(page)
        widget = page.locator(WIDGET)
        expect(widget.locator(".zw-ag-title").first).to_be_visible(timeout=30_000)
        page.wait_for_timeout(300)
        screenshot(page, f"art-gallery-titles-{width}", locator=widget)
        cut = widget.evaluate(
            "el => [...el.querySelectorAll('.zw-ag-title')].filter((t) => t.offsetParent && "
            "(t.scrollWidth > t.clientWidth + 1 || t.scrollHeight > t.clientHeight + 1)).map((t) => t.textContent)"
        )
        assert cut == [], (width, cut)
        box = widget.bounding_box()
        right = widget.evaluate("el => Math.max(...[...el.querySelectorAll('.zw-stage *')].map((e) => e.getBoundingClientRect().right))")
        assert right <= box["x"] + box["width"] + 0.5, (width, right, box)
    assert page.console_errors == []


def test_the_win_rate_candidate_is_outlined_on_the_board(page, jupyter_server, make_notebook):
    """The hint ladder's last rung (issue 14): "Candidate 1 of 5 (shown on the board)" outlines
    what it names: the gallery bench the game piece moves to and the card to play (rulebook,
    Rules: 1. Move Your Game Piece); its win rate carries a 95 % interval from its playouts."""
    from playwright.sync_api import expect

    relpath = make_notebook([WIN_RATES_CELL], name="art_gallery_win_rates.ipynb")
    widget = open_board(page, jupyter_server, relpath)
    expect(widget.locator(".zw-ag-hinted")).to_have_count(0)
    widget.locator("button.zw-hint-why").click()
    expect(widget.locator(".zw-hint-text")).to_contain_text("shown on the board", timeout=60_000)
    card, bench, area = kernel(jupyter_server, relpath, "c = board.hint['code']; print(c['card'], c['bench'], board.game.area_names[c['bench']])").split()
    expect(widget.locator(f".zw-ag-area.zw-ag-hinted[data-area='{area}']")).to_have_count(1)
    expect(widget.locator(".zw-ag-area.zw-ag-hinted")).to_have_count(1)
    expect(widget.locator(f".zw-ag-choices button.zw-ag-hinted[data-card='{card}']")).to_have_count(1)
    if bench != "0":
        assert area in widget.locator(".zw-hint-text").inner_text()  # "... “play 5 and move clockwise to G2”"
    said = widget.locator(".zw-hint-text").inner_text()
    assert "“play " in said or "“bid " in said  # words to act on, not the log's past tense
    assert re.search(r"95 % interval \d+-\d+ %", widget.locator(".zw-hint-text").inner_text())
    screenshot(page, "art-gallery-win-rates", locator=widget)
    # another candidate moves the outline with it
    widget.locator(".zw-candidates [data-candidate='1']").click()
    expect(widget.locator(".zw-hint-text")).to_contain_text("Candidate 2 of", timeout=10_000)
    card2, area2 = kernel(jupyter_server, relpath, "c = board.hint['code']; print(c['card'], board.game.area_names[c['bench']])").split()
    expect(widget.locator(f".zw-ag-area.zw-ag-hinted[data-area='{area2}']")).to_have_count(1)
    expect(widget.locator(f".zw-ag-choices button.zw-ag-hinted[data-card='{card2}']")).to_have_count(1)
    widget.locator(".zw-hint-close").click()
    expect(widget.locator(".zw-ag-hinted")).to_have_count(0)
    assert page.console_errors == [], page.console_errors
