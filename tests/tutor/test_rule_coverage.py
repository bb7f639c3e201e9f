"""Issue 22, "every rule a lesson": every rulebook section of every game (listed in
zongshi_widgets/tutor/rule_sections.toml) is the ``rule`` of at least one lesson, every
lesson's ``rule`` names listed sections only, and every rule id the engines raise with
``IllegalAction`` (found in the source of zongshi_widgets/games/<game>/) belongs to a listed
section. Sections without a lesson yet are listed in :data:`KNOWN_GAPS`, each with its reason:
a new gap fails, and a gap that gets its lesson must leave the list."""

import ast
import importlib
import pathlib

import pytest

import zongshi_widgets
from zongshi_widgets.tutor import load_lessons
from zongshi_widgets.tutor.sections import lesson_sections, rule_id_sections, rulebook_sections, section_games

GAMES = ["art_gallery", "gembloq", "majolica", "zongshi"]
GAMES_DIR = pathlib.Path(zongshi_widgets.__file__).parent / "games"

#: Sections with no lesson yet, by game: section -> why. Remove an entry when its lesson lands.
KNOWN_GAPS = {
    "art_gallery": {},
    "gembloq": {},
    "majolica": {},
    "zongshi": {},
}


def _module_dict(module: str, name: str) -> dict:
    return getattr(importlib.import_module(module), name)


#: Rule ids built at run time, by the source of the f-string (game, source) -> the ids it can
#: make. A new f-string rule id fails the test until it is listed here.
DYNAMIC_IDS = {
    ("zongshi", "f'zongshi.{rule}'"): lambda: {f"zongshi.{k}" for k in _module_dict("zongshi_widgets.games.zongshi.errors", "RULES")},
    ("majolica", "f'majolica.turn.{s.step}'"): lambda: {f"majolica.turn.{k}" for k in _module_dict("zongshi_widgets.games.majolica.notation", "STEP_TEXT")},
}


def _strings(node: ast.AST) -> set[str]:
    """The string constants an expression can evaluate to (a constant, or the branches of a
    conditional expression)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body) | _strings(node.orelse)
    return set()


def _enclosing_assignments(tree: ast.AST, call: ast.Call, name: str) -> set[str]:
    """The strings assigned to ``name`` in the function holding ``call``."""
    for func in ast.walk(tree):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(n is call for n in ast.walk(func)):
            found = set()
            for node in ast.walk(func):
                if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                    found |= _strings(node.value)
            return found
    return set()


def raised_rule_ids(game: str) -> set[str]:
    """Every rule id the source of zongshi_widgets/games/<game>/ passes to ``IllegalAction``
    (a string, a name assigned strings in the same function, or an f-string of DYNAMIC_IDS)."""
    ids: set[str] = set()
    for path in sorted((GAMES_DIR / game).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "IllegalAction"):
                continue
            assert node.args, f"{path.name}:{node.lineno}: IllegalAction without a rule id"
            arg = node.args[0]
            if isinstance(arg, ast.Name):
                found = _enclosing_assignments(tree, node, arg.id)
            elif isinstance(arg, ast.JoinedStr):
                key = (game, ast.unparse(arg))
                assert key in DYNAMIC_IDS, f"{path.name}:{node.lineno}: a rule id built as {key[1]}: list the ids it can make in DYNAMIC_IDS"
                found = DYNAMIC_IDS[key]()
            else:
                found = _strings(arg)
            assert found, f"{path.name}:{node.lineno}: cannot tell the rule id of IllegalAction({ast.unparse(arg)})"
            ids |= found
    return ids


LESSONS = {game: load_lessons(game) for game in GAMES}


def coverage(game: str) -> dict[str, list[str]]:
    """Section -> ids of the lessons teaching it, in rulebook order."""
    table = {section: [] for section in rulebook_sections(game)}
    for item in LESSONS[game]:
        for section in lesson_sections(item.rule):
            table.setdefault(section, []).append(item.id)
    return table


def test_every_game_with_lessons_has_its_sections_listed():
    assert section_games() == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_sections_are_listed_once_each(game):
    sections = rulebook_sections(game)
    assert sections and len(set(sections)) == len(sections)
    assert all(s == s.strip() and "; " not in s for s in sections)


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_rule_is_a_listed_section(game):
    """A typo, or a section that is not listed, fails."""
    listed = set(rulebook_sections(game))
    for item in LESSONS[game]:
        parts = lesson_sections(item.rule)
        assert parts, f"{game} lesson {item.id}: no rule"
        assert not set(parts) - listed, f"{game} lesson {item.id}: rule {item.rule!r} names {sorted(set(parts) - listed)}, not in rule_sections.toml"
        assert "; ".join(parts) == item.rule  # written exactly as the list spells it


@pytest.mark.parametrize("game", GAMES)
def test_every_section_has_a_lesson_or_is_a_known_gap(game):
    table = coverage(game)
    gaps = {s for s, ids in table.items() if not ids}
    known = KNOWN_GAPS[game]
    assert not set(known) - set(rulebook_sections(game)), f"KNOWN_GAPS names sections not listed: {sorted(set(known) - set(rulebook_sections(game)))}"
    assert gaps <= set(known), f"{game}: sections with no lesson: {sorted(gaps - set(known))}"
    assert set(known) <= gaps, f"{game}: these now have a lesson, remove them from KNOWN_GAPS: {sorted(set(known) - gaps)}"
    assert all(reason.strip() for reason in known.values())


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_the_engine_raises_belongs_to_a_section(game):
    raised = raised_rule_ids(game)
    mapped = rule_id_sections(game)
    assert raised, f"no IllegalAction found in zongshi_widgets/games/{game}/"
    assert not raised - set(mapped), f"{game}: rule ids with no section in rule_sections.toml: {sorted(raised - set(mapped))}"
    assert not set(mapped) - raised, f"{game}: rule_sections.toml maps rule ids the engine no longer raises: {sorted(set(mapped) - raised)}"
    listed = set(rulebook_sections(game))
    for rid, sections in mapped.items():
        assert sections and set(sections) <= listed, f"{game}: {rid} maps to {sections}, not all listed sections"


def test_the_rule_id_finder_sees_every_form():
    """The finder reads multi-line calls, names and f-strings (the grep of 'IllegalAction("'
    alone misses them)."""
    assert "gembloq.placement.corner-contact" in raised_rule_ids("gembloq")  # a multi-line raise
    assert {"art_gallery.move.not-in-hand", "art_gallery.bid.not-in-hand"} <= raised_rule_ids("art_gallery")  # raise IllegalAction(rule, ...)
    assert {"zongshi.visit.person-twice", "majolica.turn.select"} <= raised_rule_ids("zongshi") | raised_rule_ids("majolica")


def test_a_new_rule_id_without_a_section_fails(tmp_path, monkeypatch):
    """The check can fail: an engine file raising an unmapped id is found, and has no section."""
    (tmp_path / "gembloq").mkdir()
    (tmp_path / "gembloq" / "extra.py").write_text('def f():\n    raise IllegalAction(\n        "gembloq.placement.new-rule", "x")\n', encoding="utf-8")
    monkeypatch.setitem(globals(), "GAMES_DIR", tmp_path)
    assert raised_rule_ids("gembloq") == {"gembloq.placement.new-rule"}
    assert "gembloq.placement.new-rule" not in rule_id_sections("gembloq")
