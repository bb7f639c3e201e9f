"""Question lessons as a newcomer meets them: a label answered as the board shows it, an empty
answer box, long or huge answers echoed as typed, and unknown lesson names."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import zongshi_widgets as zw
from zongshi_widgets.core.errors import UnknownName
from zongshi_widgets.tutor import Lesson, lesson, show_lesson
from zongshi_widgets.tutor.lesson import ECHO_LIMIT, judge_answer


def _question(answer: str, **fields) -> Lesson:
    return Lesson(id="q", title="Q", game="gembloq", players=2, task="t", goal="answer", question="?", answer=answer, **fields)


# -- 1. a label answer: "which space", not "how many spaces" ----------------------------------------
@pytest.mark.parametrize("given", ["3", "III", "iii", "space III", "space 3", " III ", "Space iii", "third"])
def test_marker_space_takes_the_label_as_the_board_shows_it(given):
    """Art Gallery, 2. Place a Bid: the board labels the marker spaces I-VI."""
    fb = lesson("art_gallery", "marker-space").check_answer(given)
    assert fb.solved, (given, fb.text)
    assert fb.text == "Yes: space 3 (III) is right."


@pytest.mark.parametrize("given", ["II", "space ii", "IV", "iv", "4", "I"])
def test_marker_space_refuses_another_label(given):
    fb = lesson("art_gallery", "marker-space").check_answer(given)
    assert not fb.solved and fb.text.startswith("Not yet: ")


def test_a_count_is_still_praised_as_a_count():
    assert lesson("gembloq", "penalty-points").check_answer("11").text.startswith("Yes: 11 penalty points is right.")


def test_a_numbered_label_puts_its_unit_first():
    item = _question("4", units=["round"], label="number")
    assert item.check_answer("round 4").text == "Yes: round 4 is right."
    assert not item.check_answer("IV").solved  # only a "roman" lesson reads roman numerals


def test_a_roman_numeral_is_no_number_unless_the_lesson_says_so():
    assert not _question("3", units=["space"]).check_answer("III").solved
    assert "is not a number" in _question("3").check_answer("iii").text
    assert judge_answer("III", "3") is not None and judge_answer("III", "3", roman=True) is None
    for item in [i for game in ("art_gallery", "gembloq", "majolica", "zongshi") for i in zw.tutor.load_lessons(game)]:
        if item.goal == "answer" and item.label != "roman" and re.fullmatch(r"[1-9]\d?", item.answer):
            roman = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII", 9: "IX"}.get(int(item.answer))
            if roman:
                assert not item.check_answer(roman).solved, item.id


def test_a_label_field_is_checked():
    with pytest.raises(ValueError, match="label must be one of"):
        _question("3", label="ordinal")
    with pytest.raises(ValueError, match="whole number"):
        _question("red", label="roman")


def test_a_teachers_file_may_declare_a_roman_label(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(
        '[[lesson]]\nid = "q"\ntitle = "Q"\ngame = "gembloq"\nplayers = 2\ntask = "t"\ngoal = "answer"\n'
        'question = "which row?"\nanswer = "2"\nunits = ["row"]\nlabel = "roman"\n',
        encoding="utf-8",
    )
    (item,) = zw.tutor.load_lessons(path)
    assert item.check_answer("row II").text == "Yes: row 2 (II) is right."
    path.write_text(path.read_text(encoding="utf-8").replace('label = "roman"', 'label = "latin"'), encoding="utf-8")
    with pytest.raises(ValueError, match="label"):
        zw.tutor.load_lessons(path)


# -- 2. an empty answer box ----------------------------------------------------------------------------
def _browser_submits(lb, text):
    """What the browser's answer box sends on Enter or Check: the text itself, in one message."""
    lb._answer._handle_custom_msg({"event": "submit", "value": text}, [])


@pytest.mark.parametrize("text", ["", "   "])
def test_an_empty_answer_and_enter_says_type_your_answer(text):
    lb = show_lesson("gembloq", "penalty-points")
    _browser_submits(lb, text)
    assert lb.board.feedback == "Not yet: type your answer in the box first."
    assert len(lb.attempts) == 1 and not lb.solved


def test_the_submitted_text_is_judged_once_and_typing_judges_nothing():
    lb = show_lesson("gembloq", "penalty-points")
    lb._answer.value = "1"  # the learner types: nothing is judged yet
    lb._answer.value = "11"
    assert lb.attempts == []
    _browser_submits(lb, "11")
    assert len(lb.attempts) == 1 and lb.solved and lb.board.feedback.startswith("Yes: 11 penalty points")
    _browser_submits(lb, "11")  # Enter again: judged again (the same text is no change to ignore)
    assert len(lb.attempts) == 2


def test_the_answer_box_ignores_other_messages():
    lb = show_lesson("gembloq", "penalty-points")
    for content in ({"event": "other"}, {"event": "submit", "value": 11}, ["submit"], {}):
        lb._answer._handle_custom_msg(content, [])
    assert lb.attempts == []


_PROBE = """
const src = await (await import("node:fs")).promises.readFile(process.argv[2], "utf-8");
const mod = await import("data:text/javascript," + encodeURIComponent(src));
class El {
  constructor(tag) { this.tag = tag; this.h = {}; this.value = ""; this.children = []; this.classList = { add() {} }; }
  addEventListener(kind, f) { (this.h[kind] ??= []).push(f); }
  setAttribute() {}
  append(...c) { this.children.push(...c); }
  fire(kind, e = {}) { for (const f of this.h[kind] ?? []) f({ stopPropagation() {}, preventDefault() {}, ...e }); }
}
globalThis.document = { createElement: (tag) => new El(tag) };
const sent = [];
const state = { value: "", placeholder: "your answer", button: "Check" };
const model = { get: (k) => state[k], set: (k, v) => { state[k] = v; }, save_changes() {}, send: (m) => sent.push(m), on() {}, off() {} };
const el = new El("div");
mod.default.render({ model, el });
const [input, check] = el.children;
input.fire("keydown", { key: "Enter" });                                 // an empty box, Enter
input.value = "12"; input.fire("input"); input.fire("keydown", { key: "Enter" });
input.value = ""; input.fire("input"); check.fire("click");               // emptied, Check
input.value = "1"; input.fire("input");                                  // typing sends no submission
console.log(JSON.stringify({ sent, value: state.value }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_answer_box_sends_every_submission_with_its_text(tmp_path):
    """The box's ES module (run in node with a stand-in page) submits on Enter and on Check,
    an empty text too, and the text travels in the submission itself."""
    probe = tmp_path / "probe.mjs"
    probe.write_text(_PROBE, encoding="utf-8")
    module = Path(zw.__file__).parent / "tutor" / "answer_box.js"
    done = subprocess.run(["node", str(probe), str(module)], text=True, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert got["sent"] == [{"event": "submit", "value": ""}, {"event": "submit", "value": "12"}, {"event": "submit", "value": ""}]
    assert got["value"] == "1"


# -- 3. and 4. the learner's own text, shortened ---------------------------------------------------------
def test_a_huge_number_is_echoed_as_typed():
    fb = lesson("gembloq", "penalty-points").check_answer("99999999999999999999999")
    assert fb.text == "Not yet: 99999999999999999999999 is not it. Look again, or ask for a hint."
    assert "e+" not in fb.text


@pytest.mark.parametrize("answer", ["11", "red", "yes"])
def test_a_long_answer_is_shortened_in_the_feedback(answer):
    for given in ("7" * 3000, "x" * 3000, "seven " * 500):
        text = _question(answer).check_answer(given).text
        assert len(text) < ECHO_LIMIT + 120, text
        assert given[:3000] not in text
    text = _question("11").check_answer("9" * 3000).text
    assert "9" * (ECHO_LIMIT - 1) + "…" in text


def test_the_feedback_box_wraps_long_words():
    css = (Path(zw.__file__).parent / "widgets" / "board.css").read_text(encoding="utf-8")
    block = re.search(r"^\.zw-feedback \{([^}]*)\}", css, re.MULTILINE)
    assert block and re.search(r"overflow-wrap:\s*anywhere", block.group(1))


# -- 5. unknown lesson names -------------------------------------------------------------------------
def test_an_unknown_lesson_id_lists_the_known_ones():
    with pytest.raises(UnknownName) as info:
        show_lesson("gembloq", "nope")
    message = str(info.value)
    assert message.startswith("no lesson 'nope' for gembloq") and "''" not in message
    assert all(item.id in message for item in zw.tutor.load_lessons("gembloq"))
    with pytest.raises(UnknownName, match="did you mean 'corner-contact'"):
        show_lesson("gembloq", "corner-contct")


def test_a_game_without_lessons_is_an_unknown_name():
    with pytest.raises(UnknownName) as info:
        show_lesson("chess", "first-move")
    assert "art_gallery, gembloq, majolica, zongshi" in str(info.value) and "''" not in str(info.value)
    with pytest.raises(UnknownName, match="did you mean 'art_gallery'"):
        lesson("art_galery", "marker-space")
    assert isinstance(info.value, KeyError)  # as before: callers catching KeyError still do


def test_the_last_hint_says_the_label_as_the_praise_does():
    lb = show_lesson("art_gallery", "marker-space")
    hints = [lb.next_hint() for _ in range(len(lb.lesson.hints) + 1)]
    assert hints[-1] == "The answer is space 3 (III)."
    assert show_lesson("gembloq", "penalty-points").lesson.answer_words() == "11 penalty points"
