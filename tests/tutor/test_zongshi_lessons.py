"""Zong Shi lessons (issue 9, Lessons): every lesson poses its position, is solvable, refuses
wrong moves with a useful "Not yet", has hints that are true of its position, accepts only the
engine's answer to its question, and rests on printed values only (rulebook, "Zong Shi
Rulebook"; provenance in games/zongshi/data/components.toml)."""

from __future__ import annotations

import pathlib
import re
import tomllib

import pytest

import zongshi_widgets as zw
from zongshi_widgets.games.zongshi.components import MATERIALS, PERSONS, PROJECT_TYPES
from zongshi_widgets.games.zongshi.payments import vector
from zongshi_widgets.tutor import goals, lesson, load_lessons, show_lesson
from zongshi_widgets.tutor.zongshi import click_words, part_words
from zongshi_widgets.widgets import ZongShiBoard

LESSONS = load_lessons("zongshi")
BY_ID = {item.id: item for item in LESSONS}
MOVES = [item for item in LESSONS if item.goal != "answer"]
QUESTIONS = [item for item in LESSONS if item.goal == "answer"]
GAME = zw.game("zongshi", players=4)


def _boxes(state, seat: int) -> tuple[int, int, int, int]:
    return vector(state.position()["players"][seat]["boxes"])


def _play_until(state, done, limit: int = 400):
    """Play 'pass' when legal (else the first legal action) until ``done(state)``."""
    for _ in range(limit):
        if done(state) or state.is_over:
            return state
        legal = [str(a) for a in state.legal_actions()]
        state = state.play("pass" if "pass" in legal else legal[0])
    raise AssertionError("the position never got there")


# -- coverage -----------------------------------------------------------------------------------
def test_the_lessons_cover_the_issue():
    """Issue 9: every location (master and apprentice), the distribution and Privileged
    Treatment, projects, exchange tiles, each project effect that a lesson can teach without a
    reconstructed value, the scroll rules, the limits, the end and every scoring category."""
    ids = set(BY_ID)
    assert {"market-master", "market-apprentice", "temple-donate", "temple-apprentice", "pawnshop-master", "pawnshop-apprentice"} <= ids
    assert {"visit-single", "visit-double", "visit-award", "distribution-masters", "privileged-play", "privileged-pick"} <= ids
    assert {"begin-merchant-statue", "advance-project", "exchange-ivory-jade"} <= ids
    assert {"ivory-mastery", "jade-mastery", "bronze-mastery", "exchange-no-chains"} <= ids
    assert {"blacksmith-tools", "gold-mastery", "merchant-statue-effect", "larger-workshop", "temple-offering"} <= ids
    assert {"host-town-meeting", "masterful-use", "swift-fingers"} <= ids
    assert {"scroll-different", "hand-limit", "storage-limit", "end-trigger", "final-round-six"} <= ids
    assert {"draft-order", "draft-pick", "pass-while-building", "one-project-at-a-time", "step4-refill", "step4-start-player"} <= ids
    assert {"award-gift-returned", "award-bins", "award-tile-decline", "award-two-boxes", "award-scroll", "board-setup-bins"} <= ids
    assert {"twofold-path", "masterful-use-gold"} <= ids
    assert {"step1-two-turns"} <= ids  # issue 22: Step 1, two turns each, master and apprentice in either order
    assert {"fortune-brings-opportunity", "gift-and-lucky-discovery", "pawn-shop-owners-gift", "artistic-subtlety", "lessons-of-the-past"} <= ids
    assert {"masterful-use-ivory", "masterful-use-bronze", "apprentice-gaining-experience", "writ-of-authority", "ear-to-the-wall"} <= ids
    scored = {"score-completed", "score-tiles", "score-visits", "score-unfinished", "score-leftovers", "score-total", "score-tiebreak", "end-trigger"}
    assert scored <= ids
    assert all(item.task and len(item.hints) >= 2 and item.rule and item.game == "zongshi" for item in LESSONS)
    assert {"begin-project", "visit", "first-visit", "pick-for-project", "spare", "location", "statue-market", "claim-tile"} <= set(goals("zongshi"))


def test_the_rulebook_sections_cited_exist():
    """Every lesson's rule names a section of the rulebook, by its heading (the headings are
    kept by name in tests/data/rulebook_sections/zongshi.txt)."""
    headings = (pathlib.Path(__file__).parents[1] / "data" / "rulebook_sections" / "zongshi.txt").read_text(encoding="utf-8")
    from zongshi_widgets.tutor.sections import lesson_sections

    for item in LESSONS:
        for section in lesson_sections(item.rule):  # several sections are joined by "; "
            assert section in headings, (item.id, section)


# -- every lesson poses -------------------------------------------------------------------------
@pytest.mark.parametrize("item", LESSONS, ids=lambda g: g.id)
def test_every_lesson_poses_its_position(item):
    """The position is stated with the engine's position description and round-trips."""
    assert item.position is not None, "every Zong Shi lesson states its position"
    state = item.start()
    again = state.game.from_position(state.position(), seed=item.seed)
    assert again.position() == state.position()
    if item.goal == "answer":
        return
    assert state.to_move is not None and item.learner == state.to_move


# -- move lessons -------------------------------------------------------------------------------
#: Moves tried for an illegal attempt, in order (the first one illegal in the position is used).
ILLEGAL_TRIES = (
    "project merchant_statue",
    "play masterful_use_gold",
    "visit scholar 3 official 2 elder 2 merchant 1",
    "pick bronze",
    "pick gold",
    "donate jade",
    "buy gold/bronze pay gb",
    "discard writ_of_authority",
    "return ivory",
    "use master",
)


@pytest.mark.parametrize("item", MOVES, ids=lambda g: g.id)
def test_every_move_lesson_is_solvable_and_refuses_wrong_moves(item):
    state = item.start()
    solutions = item.solutions(state)
    assert solutions
    fb, after = item.attempt(state, solutions[0])
    assert fb.solved and fb.text.startswith("Yes: ") and after is not None
    wrong = [a for a in state.legal_actions() if a not in solutions]
    assert wrong, "a lesson with one legal move teaches nothing"
    for action in wrong:
        fb, after = item.attempt(state, action)
        assert not fb.solved and fb.legal and fb.text.startswith("Not yet: that move is legal, but") and after is not None
        assert len(fb.text) > 60, fb.text  # says what is missing
    illegal = next(t for t in ILLEGAL_TRIES if (e := state.explain(t)) is not None and e.rule != "zongshi.notation")
    fb, after = item.attempt(state, illegal)
    assert not fb.solved and not fb.legal and after is None and fb.rule.startswith("zongshi.")
    assert fb.text.startswith("Not yet: ") and re.search(r"\([A-Z][^)]*\)", fb.text), fb.text  # names the rulebook section


def test_the_illegal_moves_the_lessons_invite_are_refused_with_their_rule():
    """Hints invite two illegal moves: a second copy of a title in a round (Going to the
    Temple: Scrolls of Fortune) and a project after six in the final round (The Final Round)."""
    item = lesson("zongshi", "scroll-different")
    fb, _ = item.attempt(item.start(), "play masterful_use_gold")
    assert fb.rule == "zongshi.scroll.same-title" and "must be different" in fb.text
    item = lesson("zongshi", "final-round-six")
    fb, _ = item.attempt(item.start(), "project merchant_statue")
    assert fb.rule == "zongshi.project.final-six" and "final round" in fb.text
    item = lesson("zongshi", "temple-apprentice")
    assert item.start().play("temple").position()["pending"][0][0] != "donate"  # an apprentice does not donate


def test_the_issue_22_lessons_rest_on_their_rules():
    """Issue 22 ("every rule a lesson"): the refusals the passing and one-project lessons
    teach are the engine's (C. Passing; A. Beginning a Project); a tile claimed through a
    scroll or by an apprentice under the Writ is praised with its own rule, not the master's
    Pawn Shop visit; a discount is named."""
    state = lesson("zongshi", "pass-while-building").start()
    assert state.explain("temple").rule == "zongshi.project.busy"
    state = lesson("zongshi", "one-project-at-a-time").start()
    assert state.explain("project merchant_statue").rule == "zongshi.project.one-at-a-time"
    assert state.position()["players"][0]["boxes"] == "ggij"  # the boxes for a second Statue are there
    gift = item_text("pawn-shop-owners-gift")
    assert "Pawn Shop Owner's Gift claims one tile" in gift and "as many tiles" not in gift
    assert "under the Writ of Authority your apprentice claims as a master does" in item_text("writ-of-authority")
    assert "taken off by your Artistic Subtlety" in item_text("artistic-subtlety")
    assert "taken off by your Masterful Use of Ivory" in item_text("masterful-use-ivory")
    assert "you turn in 1 ivory (your Masterful Use of Gold pays the other box)" in item_text("masterful-use-gold")
    fb, _ = lesson("zongshi", "award-tile-decline").attempt(lesson("zongshi", "award-tile-decline").start(), "claim ivory/jade pay jade")
    assert not fb.solved and "could no longer begin it" in fb.text
    draft = lesson("zongshi", "draft-order").start()
    assert draft.to_move == 3 and draft.position()["start"] == 0  # natural, to the start player's right, chooses first


# -- hints --------------------------------------------------------------------------------------
_QUOTED = re.compile(r"'([a-z_/ 0-9+]+)'")
_TRY_CARD = re.compile(r"[Tt]ry clicking the ([A-Z][A-Za-z' ]+) project card")
_HOLD = re.compile(r"[Yy]ou hold ([^.:]*)")
_AMOUNT = re.compile(r"(\d+) (gold|ivory|jade|bronze)")


def _learner(item):
    state = item.start()
    seat = state.to_move if state.to_move is not None else 0
    return state, seat


@pytest.mark.parametrize("item", LESSONS, ids=lambda g: g.id)
def test_hints_are_true_of_their_position(item):
    state, seat = _learner(item)
    me = state.position()["players"][seat]
    have = vector(me["boxes"])
    for hint in item.hints:
        # "You hold 2 gold and 1 ivory": those are the learner's boxes
        for clause in _HOLD.findall(hint):
            for n, material in _AMOUNT.findall(clause):
                assert have[MATERIALS.index(material)] == int(n), f"{item.id}: {hint!r} but the learner holds {me['boxes']}"
        # a scroll named by its title is in the learner's hand
        for sid, title in (
            ("privileged_treatment", "Privileged Treatment"),
            ("masterful_use_gold", "Masterful Use of Gold"),
            ("host_town_meeting", "Host a Town"),
        ):
            if title in hint:
                assert sid in me["scrolls"], f"{item.id}: {hint!r}"
    if item.goal == "answer":
        return
    # hints name what to click on the board, never notation; the explicit (last) hint names
    # the part (and the menu's words) of a move that solves the lesson; a card an earlier hint
    # invites the learner to try is refused
    for hint in item.hints:
        assert not _QUOTED.findall(hint), f"{item.id}: {hint!r} quotes notation, not the board's parts"
    board = ZongShiBoard(state=state, seats=["human"] * state.game.players, seat=seat, history=False, bot_delay=0)
    *gentle, explicit = item.hints
    named = [a for a in item.solutions(state) if click_words(board, state, a) in explicit]
    assert named, f"{item.id}: the last hint {explicit!r} names no part to click for a solution"
    for hint in gentle:
        for name in _TRY_CARD.findall(hint):
            pid = next(p for p in PROJECT_TYPES if state.game.card(p).name == name)
            assert state.explain(f"project {pid}") is not None, f"{item.id}: {hint!r} invites a move that is not refused"


def test_click_words_name_the_part_the_board_offers():
    """The words of a hint follow the board: one move on a part is a click on it; several open
    a menu whose words follow (Respectful Visits: a visit tile per townsperson)."""
    state = lesson("zongshi", "visit-award").start()
    board = ZongShiBoard(state=state, seats=["human"] * 4, seat=state.to_move, history=False, bot_delay=0)
    assert click_words(board, state, "visit merchant 1") == "click the Merchant"
    assert click_words(board, state, "visit official 1") == 'click the Official, then "Visits the official (visit tile 1)"'
    assert {row[1] for row in board.compact_legal(state, state.legal_actions())} >= {"person:official", "person:merchant"}
    assert part_words(state, "bin:small") == "the small bin of the Marketplace"
    assert part_words(state, "merchant_statue") == "the Merchant Statue project card"


def test_hints_naming_townsfolk_and_bins_are_true():
    """Specific claims of hints: the Scholar's award tile is gone in visit-award, the small
    bin holds the gold and jade in market-master, the large bin the only jade (privileges)."""
    state = lesson("zongshi", "visit-award").start()
    face_down = state.public_view()["award_face_down"]
    assert not face_down["scholar"] and face_down["official"]
    bins = lesson("zongshi", "market-master").start().public_view()["bins"]
    assert "g" in bins["small"] and "j" in bins["small"] and "j" not in bins["large"]
    for lid in ("privileged-play", "privileged-pick"):
        bins = lesson("zongshi", lid).start().public_view()["bins"]
        assert bins["large"].count("j") == 1 and "j" not in bins["small"]
    hand = lesson("zongshi", "hand-limit").start().position()["players"][0]
    assert sum(1 for v in hand["visited"].values() if v) == 3 and len(hand["scrolls"]) == 5


# -- question lessons: answers computed by the engine -----------------------------------------------
def _row(state, category: str, seat: int = 0) -> float:
    sheet = state.score_sheet()
    return sheet.values[seat][sheet.categories.index(category)]


def _green_share(state):
    green = 2
    before = sum(_boxes(state, green))
    after = _play_until(state, lambda s: s.position()["pending"][0][0] != "bin")
    return sum(_boxes(after, green)) - before


def _scrolls_drawn(state, action):
    before = len(state.position()["players"][0]["scrolls"])
    return len(state.play(action).position()["players"][0]["scrolls"]) - before


def _completion_round(state):
    """The round whose Step 3 completes the Merchant Statue (the last decision before it was
    taken in that round; the engine carries Steps 3 and 4 out without a decision)."""
    rounds = []
    _play_until(state, lambda s: rounds.append(s.position()["round"]) or "merchant_statue" in s.position()["players"][0]["completed"])
    return rounds[-2]


def _trigger_bonus(state):
    final = _play_until(state, lambda s: s.position()["final_round"])
    return _row(final, "triggering the end")


def _last_drafter(state):
    """The seat name of the last choice of the opening draft (Player Setup)."""
    seats = []
    _play_until(state, lambda s: s.position()["step"] != 0 or seats.append(s.to_move))
    return state.game.seat_names[seats[-1]]


def _next_round(state):
    """The position at the start of the next round (after Step 4: End of Turn)."""
    now = state.position()["round"]
    return _play_until(state, lambda s: s.position()["round"] > now)


def _earliest_second_project(state):
    """The first round in which the master may begin the Merchant Statue (A. Beginning a Project)."""
    return _play_until(state, lambda s: s.to_move == 0 and s.explain("project merchant_statue") is None).position()["round"]


def _after_scrolls(state, scrolls):
    """The learner's boxes after playing ``scrolls`` and discarding down to the storage limit."""
    for sid in scrolls:
        state = state.play(f"play {sid}")
        while state.position()["pending"][0][0] == "boxes":
            state = state.play(state.legal_actions()[0])
    return sum(_boxes(state, 0))


def _scrolls_after_award(state):
    """The learner's scrolls at the end of the turn of a first visit to the Official (the
    award draws one; the hand limit follows, Going to the Temple)."""
    state = state.play("visit official 1")
    while state.position()["pending"][0][0] == "hand":
        state = state.play(state.legal_actions()[0])
    return len(state.position()["players"][0]["scrolls"])


def _master_turn(state):
    """Step 1: Player Turns: the learner's first turn taken with the apprentice, the number
    (from 1) of the turn of Step 1 its master takes, counting each turn the engine begins."""
    state = state.play("use apprentice")
    turns = [state.position()["pending"][0]]
    while not (state.to_move == 0 and state.position()["pending"][0][3] == "master"):
        state = state.play("use apprentice" if "use apprentice" in {str(a) for a in state.legal_actions()} else "pass")
        task = state.position()["pending"][0]
        assert task[0] == "turn" and state.position()["step"] == 1
        if task[:3] != turns[-1][:3]:
            turns.append(task)
    return len(turns)


#: The engine's answer to each question (rulebook section in the lesson's ``rule``).
ENGINE_ANSWERS = {
    "board-setup-bins": lambda s: len(_play_until(s, lambda x: x.position()["step"] != 0).position()["bins"]["small"].replace("nothing", "")),
    "draft-order": _last_drafter,
    "award-two-boxes": lambda s: sum(_boxes(s.play("visit scholar 1"), 0)),
    "award-scroll": _scrolls_after_award,
    "step1-two-turns": _master_turn,
    "pass-while-building": lambda s: "yes" if s.explain("temple") is None else "no",
    "one-project-at-a-time": _earliest_second_project,
    "step4-refill": lambda s: len(_next_round(s).position()["bins"]["large"].replace("nothing", "")),
    "step4-start-player": lambda s: s.game.seat_names[_next_round(s).position()["start"]],
    "award-gift-returned": lambda s: sum(_boxes(s.play("visit official 2"), 0)),
    "gift-and-lucky-discovery": lambda s: _after_scrolls(s, ["gift_from_the_priests", "lucky_discovery"]),
    "distribution-masters": _green_share,
    "temple-apprentice": lambda s: _scrolls_drawn(s, "temple"),
    "advance-project": _completion_round,
    "larger-workshop": lambda s: s.public_view()["players"][0]["storage_limit"],
    "temple-offering": lambda s: _scrolls_drawn(s, "draw"),
    "end-trigger": _trigger_bonus,
    "bronze-mastery": lambda s: sum(_boxes(s, 0)) - sum(_boxes(s.play("project merchant_statue"), 0)),
    "exchange-no-chains": lambda s: "yes" if s.explain("project merchant_statue") is None else "no",
    "score-completed": lambda s: _row(s, "completed projects"),
    "score-tiles": lambda s: _row(s, "exchange tiles") + _row(s, "all six exchange tiles"),
    "score-visits": lambda s: _row(s, "townsfolk visits"),
    "score-unfinished": lambda s: _row(s, "unfinished projects"),
    "score-leftovers": lambda s: _row(s, "boxes and scrolls"),
    "score-total": lambda s: s.score_sheet().totals[0],
    "score-tiebreak": lambda s: s.game.seat_names[s.score_sheet().winners[0]],
}


@pytest.mark.parametrize("item", QUESTIONS, ids=lambda g: g.id)
def test_questions_accept_only_the_engines_answer(item):
    assert item.id in ENGINE_ANSWERS, "every question has its answer computed by the engine here"
    state = item.start()
    truth = ENGINE_ANSWERS[item.id](state)
    if truth in ("yes", "no"):
        assert item.answer == truth and item.check_answer(truth.title()).solved and item.check_answer(f" {truth}. ").solved
        assert not item.check_answer({"yes": "no", "no": "yes"}[truth]).solved and not item.check_answer("yes or no").solved
        return
    if isinstance(truth, str):
        assert item.answer == truth
        assert item.check_answer(truth.title()).solved and item.check_answer(f"the {truth} player").solved
        for other in state.game.seat_names:
            if other != truth:
                assert not item.check_answer(other).solved
        assert not item.check_answer(f"{truth} or blue").solved
        return
    assert float(item.answer) == truth
    assert item.check_answer(f"{truth:g}").solved and item.check_answer(f" {truth:g} ").solved
    for wrong in (truth - 1, truth + 1, truth * 2 + 1):
        fb = item.check_answer(f"{wrong:g}")
        assert not fb.solved and fb.text.startswith("Not yet: ")
    assert not item.check_answer(f"{truth:g} or {truth + 1:g}").solved
    assert not item.check_answer("").solved


def test_the_tie_break_position_is_a_tie():
    """Rulebook, Victory: equal totals, and the most completed projects wins."""
    sheet = lesson("zongshi", "score-tiebreak").start().score_sheet()
    assert sheet.totals[0] == sheet.totals[1] > max(sheet.totals[2:]) and sheet.winners == (0,)


# -- the rulebook's worked examples -------------------------------------------------------------
def _after_paying(item):
    """The lesson's solution played, and a forced payment with it."""
    state = item.start()
    after = state.play(item.solutions(state)[0])
    assert after.position()["pending"][0][0] != "pay", "the example's payment is the only way"
    return state, after


def test_the_merchant_statue_example():
    """A. Beginning a Project: Joy returns one ivory, one jade and two gold to the bag and puts
    her master on space 2; completing it scores 2 victory points."""
    item = lesson("zongshi", "begin-merchant-statue")
    before, after = _after_paying(item)
    paid = [a - b for a, b in zip(_boxes(before, 0), _boxes(after, 0))]
    assert dict(zip(MATERIALS, paid)) == {"gold": 2, "ivory": 1, "jade": 1, "bronze": 0}
    bag = [b - a for a, b in zip(vector(before.position()["bag"]), vector(after.position()["bag"]))]
    assert bag == paid
    master = after.position()["players"][0]["master"]
    assert master["building"] == ["merchant_statue"] and master["time"] == 2
    done = _play_until(after, lambda s: "merchant_statue" in s.position()["players"][0]["completed"])
    assert done.score_sheet().values[0][0] == 2
    card = GAME.card("merchant_statue")
    assert (card.cost, card.time, card.vp, card.provenance) == ((2, 1, 1, 0), 2, 2, "rulebook")


def test_the_single_visit_example():
    """Paying Respectful Visits: Gene's apprentice places a 2 on the Scholar and returns 2 jade."""
    before, after = _after_paying(lesson("zongshi", "visit-single"))
    assert before.position()["pending"][0][3] == "apprentice"
    paid = [a - b for a, b in zip(_boxes(before, 0), _boxes(after, 0))]
    assert dict(zip(MATERIALS, paid)) == {"gold": 0, "ivory": 0, "jade": 2, "bronze": 0}
    assert after.position()["players"][0]["visited"] == {"scholar": 2}


def test_the_double_visit_example():
    """Paying Respectful Visits: Gene's master places a 2 on the Scholar and the 1 on the
    Official and returns 3 jade and 2 bronze."""
    before, after = _after_paying(lesson("zongshi", "visit-double"))
    assert before.position()["pending"][0][3] == "master"
    paid = [a - b for a, b in zip(_boxes(before, 0), _boxes(after, 0))]
    assert dict(zip(MATERIALS, paid)) == {"gold": 0, "ivory": 0, "jade": 3, "bronze": 2}
    assert after.position()["players"][0]["visited"] == {"scholar": 2, "official": 1}


def test_the_ivory_jade_exchange_example():
    """Going to the Pawn Shop: with the ivory-jade tile, two gold and two ivory build the
    Merchant Statue, one ivory exchanged for the jade; the tile is kept."""
    before, after = _after_paying(lesson("zongshi", "exchange-ivory-jade"))
    paid = [a - b for a, b in zip(_boxes(before, 0), _boxes(after, 0))]
    assert dict(zip(MATERIALS, paid)) == {"gold": 2, "ivory": 2, "jade": 0, "bronze": 0}
    me = after.position()["players"][0]
    assert me["master"]["building"] == ["merchant_statue"] and me["exchange_tiles"] == ["ivory/jade"]


def test_scroll_effects_in_the_lessons():
    """The Scrolls, in Detail: Host a Town Meeting spares the surcharge of a two-person visit
    (2 jade and 1 bronze instead of the example's 3 and 2); a Masterful Use of Jade takes one
    jade off a visit; Swift Fingers saves a round on the Merchant Statue."""
    for lid, want in (("host-town-meeting", {"jade": 2, "bronze": 1}), ("masterful-use", {"jade": 1})):
        item = lesson("zongshi", lid)
        before, after = _after_paying(item)
        paid = {m: a - b for m, a, b in zip(MATERIALS, _boxes(before, 0), _boxes(after, 0)) if a != b}
        assert paid == want, lid
        fb, _ = item.attempt(before, item.solutions(before)[0])
        assert all(f"{n} {m}" in fb.text for m, n in {"host-town-meeting": {"jade": 2, "bronze": 1}, "masterful-use": {"jade": 2}}[lid].items())
    assert "Town Meeting spares" in item_text("host-town-meeting") and "less one jade for your Masterful Use" in item_text("masterful-use")
    _, after = _after_paying(lesson("zongshi", "swift-fingers"))
    assert after.position()["players"][0]["master"]["time"] == 1


def item_text(lid: str) -> str:
    """The praise for the first solution of lesson ``lid``."""
    item = lesson("zongshi", lid)
    state = item.start()
    return item.attempt(state, item.solutions(state)[0])[0].text


def test_project_effects_show_in_the_lessons():
    """The Projects, in Detail: Blacksmith Tools saves a round; a Gold Mastery one gold; a
    Merchant Statue draws a box when the master goes to the Marketplace."""
    for lid, saved in (("ivory-mastery", 1), ("jade-mastery", 2)):
        before, after = _after_paying(lesson("zongshi", lid))
        paid = [a - b for a, b in zip(_boxes(before, 0), _boxes(after, 0))]
        assert paid[saved] == 0 and sum(paid) == 3, lid
    _, after = _after_paying(lesson("zongshi", "blacksmith-tools"))
    assert after.position()["players"][0]["master"]["time"] == 1
    before, after = _after_paying(lesson("zongshi", "gold-mastery"))
    assert [a - b for a, b in zip(_boxes(before, 0), _boxes(after, 0))] == [1, 1, 1, 0]
    item = lesson("zongshi", "merchant-statue-effect")
    state = item.start()
    assert sum(_boxes(state.play("market large"), 0)) == sum(_boxes(state, 0)) + 1


# -- teach only what is true ----------------------------------------------------------------------
#: The townsfolk's materials with their provenance, from the engine's packaged component data
#: (Components keeps the materials only).
TOWNSFOLK = tomllib.loads((pathlib.Path(zw.__file__).parent / "games/zongshi/data/components.toml").read_text())["townsfolk"]


def _cards_shown(item) -> set[str]:
    state = item.start()
    out = set()
    for p in state.position()["players"]:
        out.update(p["completed"] + p["overflow"] + p["master"]["building"] + p["apprentice"]["building"])
    return out


@pytest.mark.parametrize("item", LESSONS, ids=lambda g: g.id)
def test_lessons_rest_on_printed_values_and_say_where_one_is_reconstructed(item):
    comp = GAME.components
    project = item.goal_args.get("project")
    if project:
        assert GAME.card(project).provenance == "rulebook"
    for person in item.goal_args.get("tiles", {}):
        assert TOWNSFOLK[person]["provenance"] == "rulebook" and comp.person_material[PERSONS.index(person)] == MATERIALS.index(TOWNSFOLK[person]["material"])
    if item.goal != "answer":  # a move that visits the Elder or the Merchant pays a reconstructed material
        visits = {per for a in item.solutions() if a.kind == "visit" for per, _ in a.args[0]}
        if {per for per in visits if TOWNSFOLK[per]["provenance"] != "rulebook"}:
            assert "reconstructed" in item.task, f"{item.id} may be solved by visiting {sorted(visits)}"
    shown = {pid for pid in _cards_shown(item) if GAME.card(pid).provenance == "reconstructed"}
    if shown:
        assert "reconstructed" in item.task, f"{item.id} shows {sorted(shown)} without saying their values are reconstructed"


# -- on the board -------------------------------------------------------------------------------
def test_a_lesson_on_the_zong_shi_board():
    """show_lesson puts a Zong Shi lesson on its registered board: a wrong move is judged, the
    right one solves it; a question checks the typed answer."""
    board = show_lesson("zongshi", "begin-merchant-statue")
    assert type(board.board).__name__ == "ZongShiBoard"
    # hidden information: the learner's own seat, and no privacy screen between lesson seats
    assert board.board.screen == {} and board.board.watch["seat"] == 0 and board.board.watch["may_act"]
    blue = show_lesson("zongshi", "market-apprentice")
    assert blue.board.screen == {} and blue.board.watch["seat"] == 1
    assert board.attempt("pass").text.startswith("Not yet: that move is legal")
    board.reset()
    assert board.attempt("project merchant_statue").solved and board.solved
    for _ in range(len(board.lesson.hints)):
        board.next_hint()
    assert board.next_hint() == "The answer: click the Merchant Statue project card."  # no cells: named, and where to click
    quiz = show_lesson("zongshi", "score-visits")
    assert not quiz.answer("8").solved and quiz.answer("4").solved


def test_odd_input_is_refused_with_words_and_changes_nothing():
    """Garbage, another game's notation, a number or nothing: refused as not Zong Shi notation,
    the position unchanged; a question takes words and digits alike."""
    item = lesson("zongshi", "begin-merchant-statue")
    state = item.start()
    before = state.position()
    for odd in ("fly", "b27,c27,b28,c28", "", "project", "visit scholar", 42, None):
        fb, after = item.attempt(state, odd)
        assert not fb.solved and not fb.legal and after is None and fb.text.startswith("Not yet: "), odd
        assert fb.rule.startswith("zongshi."), odd
    assert state.position() == before
    quiz = lesson("zongshi", "score-visits")
    assert quiz.check_answer("four").solved and quiz.check_answer("4 points").solved
    assert not quiz.check_answer("4 or 8").solved and not quiz.check_answer("scholar").solved
    with pytest.raises(ValueError):
        item.check_answer("4")
