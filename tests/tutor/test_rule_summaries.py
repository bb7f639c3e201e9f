"""The rules at hand (issue 22): the project's own summary of every rulebook section, opened
from a "Rule: <section>" fold on every lesson board, and a glossary of each game's terms; all in
plain words, never notation, never citing a path outside the repository."""

from __future__ import annotations

import dataclasses
import html
import importlib.util
import pathlib
import tomllib
from functools import cache
from importlib import resources

import pandas as pd
import pytest

import zongshi_widgets as zw
from zongshi_widgets.core.errors import UnknownName
from zongshi_widgets.tutor import glossary, load_lessons, rule_summary
from zongshi_widgets.tutor.board import LessonBoard
from zongshi_widgets.tutor.sections import lesson_sections, rulebook_sections, section_games


def _sibling(path: pathlib.Path):
    """Another test module, loaded from its file (the tests run in importlib mode, so they are
    not importable by name), to reuse its checks."""
    spec = importlib.util.spec_from_file_location(f"_zw_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HERE = pathlib.Path(__file__).resolve().parent
_feedback = _sibling(HERE / "test_feedback.py")  # the notation check of the feedback tests
_notation_in, _notations = _feedback._notation_in, _feedback._notations
_alone = _sibling(HERE.parent / "test_stands_alone.py")  # what counts as citing outside the repository
LOOSE, OUTSIDE, UNNUMBERED = _alone.LOOSE, _alone.OUTSIDE, _alone.UNNUMBERED

GAMES = ("zongshi", "art_gallery", "gembloq", "majolica")
LESSONS = [item for game in GAMES for item in load_lessons(game)]
RULED = [item for item in LESSONS if item.rule]

#: the terms the issue names, per game: each must be in the glossary
TERMS = {
    "zongshi": ["master", "apprentice", "scroll", "bin", "exchange tile", "project", "masterwork", "townsfolk visit", "award tile", "time track"],
    "art_gallery": ["painting card", "marker bar", "bench", "action card", "Shop", "start card", "souvenir", "chain"],
    "gembloq": ["piece", "starting square", "triangular part", "half square", "penalty point"],
    "majolica": ["workshop", "design card", "City Hall", "Majolica tile", "purple tile", "Bloom token", "mission"],
}


def _toml(name: str) -> dict:
    return tomllib.loads(resources.files("zongshi_widgets.tutor").joinpath(name).read_text(encoding="utf-8"))


@cache
def _game_notations(game: str) -> frozenset[str]:
    """The notation of every legal move in the starting positions of ``game``'s lessons."""
    found: set[str] = set()
    for item in load_lessons(game):
        found |= _notations(item.start())
    return frozenset(found)


def _sentences(text: str) -> int:
    return sum(text.count(end) for end in ".!?")


def _texts() -> list[tuple[str, str, str]]:
    """(game, where, text) of every summary and definition."""
    out = [(g, f"summary {g} / {s}", t) for g, secs in _toml("rule_summaries.toml").items() for s, t in secs.items()]
    out += [(g, f"glossary {g} / {t}", d) for g, terms in _toml("glossary.toml").items() for t, d in terms.items()]
    return out


# -- the summaries ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_section_has_a_summary_and_no_summary_names_an_unlisted_section(game):
    summaries = _toml("rule_summaries.toml")
    assert set(summaries) == set(section_games())
    listed = rulebook_sections(game)
    assert set(summaries[game]) == set(listed), (set(listed) - set(summaries[game]), set(summaries[game]) - set(listed))
    for section in listed:
        text = rule_summary(game, section)
        assert text == summaries[game][section] and text.strip() == text
        assert 2 <= _sentences(text) <= 6 and len(text) < 800, (section, text)  # a few plain sentences


def test_an_unknown_section_is_a_key_error_naming_the_sections():
    with pytest.raises(KeyError) as err:
        rule_summary("gembloq", "Gamplay")
    message = str(err.value)
    assert "'Gamplay'" in message and all(section in message for section in rulebook_sections("gembloq"))
    with pytest.raises(KeyError, match="listed: art_gallery"):
        rule_summary("chess", "Gameplay")


def test_summaries_say_where_the_engine_follows_a_ruling_or_a_reconstruction():
    """The sections the engine reads by a project ruling or a reconstructed value (as
    ``docs/rulings/<game>.md`` records) say so in their summary."""
    summaries = _toml("rule_summaries.toml")
    flagged = {
        ("gembloq", "Gameplay"),
        ("gembloq", "In Case of a Tie"),
        ("art_gallery", "Rules, 1. Move Your Game Piece"),
        ("art_gallery", "Distribution, Painting Cards in the Gallery Areas"),
        ("art_gallery", "End of the Game & Final Score, 1 (rows of symbols)"),
        ("majolica", "Run Workshop(s), D"),
        ("majolica", "Run Workshop(s), I"),
        ("majolica", "Game Setup"),
        ("zongshi", "Step 2: Distribute Materials"),
        ("zongshi", "Paying Respectful Visits"),
        ("zongshi", "The Projects, in Detail"),
    }
    for game, section in flagged:
        text = summaries[game][section]
        assert "project ruling" in text or "reconstructed" in text, (game, section)


# -- the rule links on the lesson board ---------------------------------------------------------------
@pytest.mark.parametrize("item", RULED, ids=lambda item: f"{item.game}/{item.id}")
def test_every_lesson_board_shows_a_rule_fold_per_section_with_its_summary(item):
    lb = LessonBoard(item, record=False)
    sections = lesson_sections(item.rule)
    assert sections and [s for s, _ in lb.rule_texts] == sections
    shown = lb._rules.value
    assert lb._rules in lb.children and shown.count("<details") == len(sections)
    for section in sections:
        summary = rule_summary(item.game, section)
        assert f"<summary style='cursor:pointer'>Rule: {html.escape(section)}</summary>" in shown
        assert html.escape(summary) in shown


def test_the_rule_folds_stay_when_the_feedback_changes_and_follow_the_next_lesson():
    lb = LessonBoard(load_lessons("gembloq")[0])
    before = lb._rules.value
    start = lb.board.state
    lb.attempt(lb.lesson.solutions(start)[0])  # solved: the feedback and the title change
    assert lb.board.feedback and lb._rules.value == before and lb._rules in lb.children
    lb.reset()
    assert lb._rules.value == before
    nxt = lb.next_lesson()
    assert nxt is not None and lb._rules in lb.children
    assert lb._rules.value.count("<details") == len(lesson_sections(nxt.rule))


def test_a_lesson_without_a_rule_or_with_an_unsummarized_section():
    base = load_lessons("gembloq")[0]

    none = LessonBoard(dataclasses.replace(base, rule=""), record=False)
    assert none._rules.value == "" and none.rule_texts == []
    own = LessonBoard(dataclasses.replace(base, rule="Gameplay; My own house rule"), record=False)
    assert own.rule_texts == [("Gameplay", rule_summary("gembloq", "Gameplay")), ("My own house rule", "")]
    assert "Rule: My own house rule" in own._rules.value and "no summary of this section" in own._rules.value


# -- the glossary -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_glossary_has_every_named_term_with_a_short_definition(game):
    table = glossary(game)
    assert isinstance(table, pd.DataFrame) and list(table.columns) == ["term", "game", "definition"]
    assert set(table["game"]) == {game}
    assert set(TERMS[game]) <= set(table["term"]), set(TERMS[game]) - set(table["term"])
    for term, definition in zip(table["term"], table["definition"]):
        assert definition.strip() and 1 <= _sentences(definition) <= 3, (term, definition)
    assert table["term"].is_unique


def test_glossary_lookup_and_display():
    everything = zw.glossary()
    assert set(everything["game"]) == set(GAMES)
    assert len(everything) == sum(len(glossary(g)) for g in GAMES)
    one = zw.glossary("majolica", "city hall")  # case does not matter
    assert list(one["term"]) == ["City Hall"] and one["game"].tolist() == ["majolica"]
    both = glossary(term="workshop")  # a word two games use: a row each
    assert sorted(both["game"]) == ["majolica", "zongshi"]
    shown = glossary("majolica")._repr_html_()
    assert "<b>purple tile</b>" in shown and "Majolica" in shown


def test_an_unknown_term_or_game_says_did_you_mean():
    with pytest.raises(KeyError) as err:
        glossary("majolica", "workshp")
    assert isinstance(err.value, UnknownName)
    assert "did you mean 'workshop'?" in str(err.value) and "purple tile" in str(err.value)
    with pytest.raises(KeyError, match="did you mean 'penalty point'"):
        glossary(term="penalty pont")
    with pytest.raises(KeyError, match="did you mean 'gembloq'"):
        glossary("gemblok")


# -- plain words ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_summaries_and_definitions_show_no_notation_and_cite_nothing_outside(game):
    notations = _game_notations(game)
    for g, where, text in _texts():
        if g != game:
            continue
        assert not _notation_in(text, set(notations)), (where, _notation_in(text, set(notations)))
        assert not OUTSIDE.search(text) and not LOOSE.search(text) and not UNNUMBERED.search(text), where
        assert "docs/" not in text and ".md" not in text, where  # the learner reads words, not files
