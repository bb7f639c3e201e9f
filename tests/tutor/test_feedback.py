"""Feedback that is true and fair (issue 22, "False or unfair feedback"): every wrong move and
every likely wrong answer is told why, in the engines' words, never in notation; a number
answer carries only the units its question counts in. Sections cited are the rulebooks'."""

from __future__ import annotations

import re

import pytest

from zongshi_widgets.tutor import lesson, load_lessons
from zongshi_widgets.tutor.lesson import GENERIC_REFUSAL, KNOWN_UNITS, _plural, _singular, move_words

GAMES = ("zongshi", "art_gallery", "gembloq", "majolica")
LESSONS = [item for game in GAMES for item in load_lessons(game)]
MOVES = [item for item in LESSONS if item.goal != "answer"]
NUMBERS = [item for item in LESSONS if item.goal == "answer" and re.fullmatch(r"-?\d+(\.\d+)?", item.answer)]
_WORD = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty".split()


def _lid(item):
    return f"{item.game}/{item.id}"


# -- Majolica: the overflow discard, and the workshop waiting for a card ------------------------
def test_cascade_choice_stop_then_the_overflow_discard_meets_the_task():
    """Rulebook, Run Workshop(s) B: the rest of a run flows on; tiles beyond the next
    workshop's places are discarded, of the player's choice. After 'stop' W1 passes R R Y Y Y
    to W2 (B B): seven for six places, and discarding a yellow leaves B B R R Y Y, W2's 2:2:2."""
    item = lesson("majolica", "cascade-choice")
    state = item.start()
    fb, after = item.attempt(state, "stop")
    assert fb.going and not fb.solved and fb.text.startswith("Go on: ") and "discard" in fb.text, fb.text
    assert "stop" in [str(a) for a in item.solutions(state)]
    fb, _ = item.attempt(after, "discard Y")
    assert fb.solved and "W2" in fb.text, fb.text
    fb, _ = item.attempt(after, "discard R")
    assert not fb.solved and fb.text.startswith("Not yet: ")
    assert "one too many for W2" not in " ".join(item.hints)  # the overflow is a choice, not a failure
    assert "discard the extra tile of your choice" in item.hints[-1]


def test_cascade_choice_says_why_w2_does_not_run():
    """Rulebook, Run Workshop(s) B, C: a wrong choice is told what W2 holds and the 2:2:2 it
    misses, not only how many workshops ran."""
    item = lesson("majolica", "cascade-choice")
    state = item.start()
    fb, _ = item.attempt(state, "move R")
    assert not fb.solved and "W2 then holds R Y Y Y B B, not its pattern (2:2:2)" in fb.text, fb.text
    _, after = item.attempt(state, "stop")
    for discard, left in (("discard R", "R Y Y Y B B"), ("discard B", "R R Y Y Y B")):
        fb, _ = item.attempt(after, discard)
        assert not fb.solved and f"W2 then holds {left}, not its pattern (2:2:2)" in fb.text, fb.text


RUNS = [item for item in load_lessons("majolica") if item.goal == "runs" and item.goal_args.get("now")]


@pytest.mark.parametrize("item", RUNS, ids=_lid)
def test_a_wrong_placement_or_discard_says_what_the_workshop_holds(item):
    """Rulebook, 2. Place Majolica Tiles and Run Workshop(s) A-E; Tips & FAQ, Tip 1: tiles put
    into the wrong workshop are told what it then holds and why it does not run (too few
    tiles, or not its pattern); a free discard is told it places none of the tiles taken."""
    state = item.start()
    good = {str(a) for a in item.solutions(state)}
    for action in state.legal_actions():
        if action in good:
            continue
        fb, _ = item.attempt(state, action)
        assert not fb.solved and "none of them is full" not in fb.text, (action, fb.text)
        words = action.split()
        if words[0] == "place" and "overflows" not in fb.text and "is full with its pattern" not in fb.text and "mission" not in fb.text:
            assert f"W{words[1][1:]}, which then holds" in fb.text and ("not full yet" in fb.text or "not its pattern" in fb.text), (action, fb.text)
        if words[0] == "discard" and state.step == "place" and "was full" not in fb.text:
            assert "places none of the tiles you took" in fb.text, (action, fb.text)


@pytest.mark.parametrize("item", [i for i in load_lessons("majolica") if i.goal == "runs"], ids=_lid)
def test_a_choice_of_the_cascade_says_which_workshop_falls_short(item):
    """Rulebook, Run Workshop(s) A-E (fragmentation D) and the hand icon: a wrong choice is
    told which workshop then falls short and why, not only to "follow the tiles"."""
    state = item.start()
    good = {str(a) for a in item.solutions(state)}
    for action in state.legal_actions():
        if action in good:
            continue
        fb, _ = item.attempt(state, action)
        assert not fb.solved and "Follow the tiles" not in fb.text, (action, fb.text)


def test_the_hand_icon_tile_and_the_fragment_say_what_the_workshop_holds():
    item = lesson("majolica", "hand-icon")
    state = item.start()
    assert "the tile goes into W3, which then holds R B B G, not its pattern (2:2)" in item.attempt(state, "bonus R W3")[0].text
    assert "W3 keeps B B G" in item.attempt(state, "no bonus")[0].text
    item = lesson("majolica", "fragment")
    fb, _ = item.attempt(item.start(), "fragment G")
    assert "W4 then holds R G G G, not its pattern (4 tiles of one colour)" in fb.text, fb.text


def test_the_workshop_the_tiles_go_into_is_told_what_it_misses():
    """run-w1: yellow tiles into W2 make R R Y Y Y B, six tiles but not W2's 2:2:2; into W3,
    three tiles of its four places."""
    item = lesson("majolica", "run-w1")
    state = item.start()
    assert "W2, which then holds R R Y Y Y B, not its pattern (2:2:2)" in item.attempt(state, "place W2")[0].text
    assert "W3, which then holds Y Y Y: 3 tiles for its 4 places, not full yet" in item.attempt(state, "place W3")[0].text


@pytest.mark.parametrize(("lid", "full"), [("tip4-slot", "W1"), ("select-c", "W2")])
def test_a_full_workshop_waiting_for_a_card_is_named(lid, full):
    """Tips & FAQ, Tip 4: the task says the workshop is full; a refusal must not deny it."""
    item = lesson("majolica", lid)
    state = item.start()
    good = {str(a) for a in item.solutions(state)}
    for action in state.legal_actions():
        if action in good or action.endswith(full) or action.startswith(f"discard {full}") or (lid == "select-c" and "W2" in action):
            continue
        fb, _ = item.attempt(state, action)
        assert "none of them is full" not in fb.text, (action, fb.text)
        assert f"{full} is full with its pattern" in fb.text, (action, fb.text)


@pytest.mark.parametrize(("lid", "full"), [("tip4-slot", "W1"), ("select-c", "W2")])
def test_a_move_that_unmakes_the_waiting_workshop_says_so(lid, full):
    """Tips & FAQ, Tip 4: a move that takes a tile out of the full workshop, or puts one more
    into it, is told that the workshop was full and needed only a card, never that none of the
    workshops is full (which reads as if the task's "W1 is full" were false)."""
    item = lesson("majolica", lid)
    state = item.start()
    good = {str(a) for a in item.solutions(state)}
    wrong = [a for a in state.legal_actions() if a not in good]
    assert any(a.startswith(f"discard {full}") for a in wrong)
    for action in wrong:
        fb, _ = item.attempt(state, action)
        assert not fb.solved and "none of them is full" not in fb.text, (action, fb.text)
        assert f"{full} is full with its pattern" in fb.text or f"{full} was full with its pattern" in fb.text, (action, fb.text)
        if action.startswith(f"discard {full}"):
            assert "takes a tile out of it" in fb.text, (action, fb.text)
        if action == f"place {full}":
            assert "overflows it" in fb.text, (action, fb.text)


# -- Zong Shi: a move that begins no project, a visit to someone else -------------------------------
@pytest.mark.parametrize("item", [i for i in load_lessons("zongshi") if i.goal in ("begin-project", "visit")], ids=_lid)
def test_a_zongshi_wrong_move_is_named_and_told_why(item):
    """Rulebook, A. Beginning a Project and Respectful Visits: a move that is not the project
    or the visit asked for is named in the board's words and told what it does not do."""
    state = item.start()
    good = {str(a) for a in item.solutions(state)}
    for action in state.legal_actions():
        if str(action) in good:
            continue
        fb, _ = item.attempt(state, action)
        said = f"“{move_words(state, action)}”"
        if item.goal == "begin-project" and action.kind != "project":
            assert f"{said} begins no project" in fb.text, (str(action), fb.text)
        if item.goal == "visit" and action.kind == "visit":
            assert f"{said} is another visit" in fb.text, (str(action), fb.text)


# -- answers: units, signs, percentages, yes and no ---------------------------------------------
def test_every_number_question_names_its_units():
    assert NUMBERS
    for item in NUMBERS:
        assert item.units, f"{_lid(item)}: a number question says which units it counts in"
        for unit in item.units:
            assert (
                unit.split()[-1].lower() in item.question.lower()
                or _singular(unit.split()[-1]) in item.question.lower()
                or (unit.endswith("points") and "score" in item.question.lower())
            ), (_lid(item), unit)


def _accepted(item):
    n = item.answer
    k = float(n)
    out = [n, f" {n} ", f"{n}.0" if "." not in n else n]
    if k.is_integer() and 0 <= k < len(_WORD):
        out += [_WORD[int(k)], _WORD[int(k)].capitalize()]
    for unit in item.units:
        last = unit.split()[-1]
        for form in {unit, _plural(_singular(last)), _singular(last)}:
            out += [f"{n} {form}", f"{n} {form}.", f"{form} {n}", f"{n} {form.upper()}"]
            if k.is_integer() and 0 <= k < len(_WORD):
                out.append(f"{_WORD[int(k)]} {form}")
    if any(u.split()[-1] in ("points", "point") for u in item.units):
        out += [f"{n} VP", f"{n} pts", f"{n} victory points"]
    return out


def _refused(item):
    n = item.answer
    k = float(n)
    units = {w for u in item.units for w in (u, _singular(u.split()[-1]), _plural(_singular(u.split()[-1])))}
    points = any(w.endswith(("point", "points")) for w in units)
    others = [
        u for u in KNOWN_UNITS
        if u not in units and _plural(u) not in units and not any(u in w for w in units) and not (points and u in ("pt", "vp", "victory point", "point"))
    ]  # fmt: skip
    out = [(f"-{n}", "sign"), (f"- {n}", "sign"), (f"+{n}", "sign"), (f"minus {n}", "sign")]
    out += [(f"{n}%", "percentage"), (f"{n} %", "percentage"), (f"{n} percent", "percentage")]
    out += [(f"{n} {_plural(u)}", "not in") for u in others[:12]]
    out += [(f"{k + 1:g}", "is not it"), (f"{n} or {k + 1:g}", "one number"), (f"about {n}", "other words")]
    return out


@pytest.mark.parametrize("item", NUMBERS, ids=_lid)
def test_a_number_answer_is_accepted_with_its_own_units(item):
    for given in _accepted(item):
        fb = item.check_answer(given)
        assert fb.solved, (given, fb.text)


@pytest.mark.parametrize("item", NUMBERS, ids=_lid)
def test_another_unit_a_sign_or_a_percent_is_refused_with_the_reason(item):
    for given, why in _refused(item):
        fb = item.check_answer(given)
        assert not fb.solved and fb.text.startswith("Not yet: "), (given, fb.text)
        if given.split()[0] not in item.mistakes:
            assert why in fb.text, (given, fb.text)


def _asks_which(item) -> str | None:
    """The unit a number question asks "which" of ("In which round ...?"), else None."""
    which = re.match(r"(?:in |on |at )?(?:which|what) (\w+)", item.question.lower())
    units = {_singular(w) for u in item.units for w in u.lower().split()}
    return which.group(1) if which and _singular(which.group(1)) in units else None


WHICH = [item for item in NUMBERS if _asks_which(item)]


@pytest.mark.parametrize("item", WHICH, ids=_lid)
def test_a_which_question_is_answered_as_a_label(item):
    """A question asking which one ("In which round ...?") names a numbered thing, not a
    count: its praise is "round 4", never "4 rounds" (Lesson.label)."""
    assert {"zongshi/advance-project", "art_gallery/marker-space"} <= {_lid(i) for i in WHICH}
    unit = _singular(_asks_which(item))
    assert item.label, f"{_lid(item)} asks which {unit}: label = 'number'"
    assert item.answer_words().startswith(f"{unit} {item.answer}")
    fb = item.check_answer(f"{unit} {item.answer}")
    assert fb.solved and f"Yes: {unit} {item.answer}" in fb.text and _plural(unit) not in fb.text, fb.text


@pytest.mark.parametrize("given", ["no", "No", "No, it cannot", "no it can't", "No, it can not.", "no, my master cannot"])
def test_a_no_is_accepted_with_its_verb(given):
    """Zong Shi, Going to the Pawn Shop: exchange tiles do not chain; "No, it cannot" is right."""
    fb = lesson("zongshi", "exchange-no-chains").check_answer(given)
    assert fb.solved and fb.text == "Yes: the answer is no.", fb.text  # never "Yes: no is right."


@pytest.mark.parametrize(
    ("game", "lid", "given"),
    [
        ("zongshi", "larger-workshop", "7 boxes of material"),  # the question's own words
        ("zongshi", "bronze-mastery", "4 boxes of material"),  # Zong Shi's boxes are its material
        ("zongshi", "bronze-mastery", "4 material"),
        ("zongshi", "bronze-mastery", "4 boxes in total"),
        ("majolica", "cascade", "3 workshops run"),
        ("majolica", "city-hall", "6 small tiles"),  # workshops hold the small tiles
        ("majolica", "solo-rating", "1 more point"),
        ("art_gallery", "souvenirs", "5 souvenir points"),
        ("zongshi", "exchange-no-chains", "No, my master cannot begin it"),
        ("zongshi", "exchange-no-chains", "no, not yet"),
        ("zongshi", "exchange-no-chains", "Nope"),
    ],
)
def test_an_answer_in_the_questions_own_words_is_accepted(game, lid, given):
    """An answer may repeat the question's words and qualify its unit as the question does."""
    item = lesson(game, lid)
    fb = item.check_answer(given)
    assert fb.solved, (given, fb.text)


@pytest.mark.parametrize(
    ("lid", "given", "why"),
    [("score-leftovers", "2 boxes", "not in “boxes”"), ("score-leftovers", "2 scrolls", "not in “scrolls”"), ("bronze-mastery", "about 4", "other words")],
)
def test_a_unit_the_question_names_but_does_not_count_in_is_still_refused(lid, given, why):
    """Zong Shi, Final Scoring: "How many points do the leftover boxes and scrolls score?"
    counts points; the boxes it names are not the answer's unit."""
    fb = lesson("zongshi", lid).check_answer(given)
    assert not fb.solved and why in fb.text, fb.text


@pytest.mark.parametrize("given", ["yes", "Yes, it can", "no, it can", "yes and no", "maybe"])
def test_a_yes_or_a_contradiction_is_refused(given):
    fb = lesson("zongshi", "exchange-no-chains").check_answer(given)
    assert not fb.solved and fb.text.startswith("Not yet: ")


def test_a_wrong_number_is_told_why():
    """Art Gallery, End of the Game & Final Score 3: the hand total is divided by 4, rounded down."""
    fb = lesson("art_gallery", "action-cards").check_answer("9.5")
    assert not fb.solved and "9.5: the hand total is divided by 4 and rounded down" in fb.text
    assert "rounded down" in lesson("art_gallery", "action-cards").check_answer("9,5 points").text


@pytest.mark.parametrize("item", [i for i in LESSONS if i.goal == "answer" and i.mistakes], ids=_lid)
def test_every_named_mistake_is_wrong_and_answered(item):
    for wrong, why in item.mistakes.items():
        fb = item.check_answer(wrong)
        assert not fb.solved and why in fb.text, (wrong, fb.text)


QUESTIONS = [item for item in LESSONS if item.goal == "answer"]


@pytest.mark.parametrize("item", QUESTIONS, ids=_lid)
def test_every_question_names_its_likely_mistakes(item):
    """A wrong answer is told why, not only that it "is not it": every question names its
    likely wrong answers; a question between named colours ("Who wins: red or yellow?")
    answers the other colour, and a yes/no question the other word."""
    assert item.mistakes, f"{_lid(item)}: name the likely wrong answers (mistakes)"
    named = re.findall(r"\b(\w+) or (\w+)\b", item.question.lower())
    if item.answer in ("yes", "no"):
        assert {"yes", "no"} - {item.answer} <= set(item.mistakes), _lid(item)
    for pair in named:
        if item.answer in pair:
            other = next(c for c in pair if c != item.answer)
            assert other in item.mistakes, (_lid(item), other)
            fb = item.check_answer(other.capitalize())
            assert not fb.solved and item.mistakes[other] in fb.text, fb.text


# -- every legal wrong move is told why -----------------------------------------------------------
@pytest.mark.parametrize("item", MOVES, ids=_lid)
def test_no_wrong_move_gets_the_generic_refusal(item):
    state = item.start()
    good = {str(a) for a in item.solutions(state)}
    for action in state.legal_actions():
        if str(action) in good:
            continue
        fb, _ = item.attempt(state, action)
        assert not fb.solved and GENERIC_REFUSAL not in fb.text, (str(action), fb.text)


# -- learner-facing text shows no notation ----------------------------------------------------------
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
CELL_LIST = re.compile(r"\b[a-z]{1,2}\d{1,2},[a-z]{1,2}\d{1,2}\b")
QUOTED = re.compile(r"'((?:take|place|slot|arrange|move|stop|fragment|bonus|mission|discard|end|play|market|visit|project)\b[^']*)'")


def _notation_in(text: str, notations: set[str]) -> list[str]:
    found = [m.group(0) for rx in (SNAKE, CELL_LIST, QUOTED) for m in rx.finditer(text)]
    found += [n for n in notations if len(n) > 4 and re.search(rf"(?<![\w“]){re.escape(n)}(?![\w”])", text)]
    return found


def _notations(state) -> set[str]:
    legal = state.legal_actions() if not state.is_over else []
    return {str(a) for a in legal if str(a) not in move_words(state, a)}  # "slot 1" is also the words' own


@pytest.mark.parametrize("item", LESSONS, ids=_lid)
def test_hints_praise_and_refusals_show_no_notation(item):
    """Everything the learner reads (task, question, hints, the hint ladder's last rungs, the
    lesson's own mistakes, and the praise, refusal or "Go on" of every legal move, on through
    the later moves of a task of several) says moves in the board's words, never notation."""
    from zongshi_widgets.tutor.board import LessonBoard

    start = item.start()
    notations = _notations(start)
    texts = [(item.task, notations), (item.question, notations), *((t, notations) for t in (*item.hints, *item.mistakes.values()))]
    lb = LessonBoard(item)
    texts += [(lb.next_hint(), notations) for _ in range(len(item.hints) + 2)]
    frontier, walked = [start], 0
    while frontier and item.goal != "answer":
        state = frontier.pop()
        here = _notations(state)
        for action in state.legal_actions()[:400]:
            fb, after = item.attempt(state, action)
            texts.append((fb.text, here))
            if fb.going and walked < 12:  # a right move short of the task: the next moves are judged too
                walked += 1
                frontier.append(after)
    if item.goal == "answer":
        texts += [(item.check_answer(given).text, notations) for given in (item.answer, *item.mistakes)]
    for text, known in texts:
        assert not _notation_in(text, known), (text, _notation_in(text, known))
