"""Files people bring (issue 15, "Engines": saves, ``.blksgf`` records, lesson TOML, component
data files): truncated, malformed, wrong-version, wrong-game, wrong-encoding and tampered files
are refused whole, with a message naming what is wrong and where; nothing in them is executed.
Every loader is fuzzed with Hypothesis: anything but its documented errors is a bug.

The loaders and their documented errors:

==========================  =====================================================
saves (``load_state``)      ``CorruptSave``
``.blksgf`` records         ``CorruptSave`` (``read_blksgf``)
lesson files                ``ValueError`` (``load_lessons``; schema ``tutor/lessons/lesson.schema.json``)
component files             ``ValueError`` (``zw.game(name, components=path)``; each game's ``data/*.schema.json``)
==========================  =====================================================
"""

from __future__ import annotations

import json
import pathlib
import random
import tomllib

import pytest
from _stats import count, examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import zongshi_widgets as zw
from zongshi_widgets.games.gembloq.sgf import read_blksgf, write_blksgf
from zongshi_widgets.tutor import load_lessons

PKG = pathlib.Path(zw.__file__).parent
COMPONENT_FILES = {
    "zongshi": PKG / "games" / "zongshi" / "data" / "components.toml",
    "art_gallery": PKG / "games" / "art_gallery" / "data" / "components.toml",
    "gembloq": PKG / "games" / "gembloq" / "data" / "pieces.json",
}
LESSONS = PKG / "tutor" / "lessons" / "gembloq.toml"
SAVE_GAMES = [n for n in zw.games() if n != "sealed_bids"] + ["sealed_bids"]
FUZZ = settings(max_examples=examples(25), deadline=None, database=None, suppress_health_check=list(HealthCheck))


def saved(name: str, seed: int = 3, actions: int = 12) -> tuple:
    """A save of ``name`` after a few random actions: (game, state, JSON text)."""
    game = zw.game(name)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_actions()))
    return game, state, state.to_json()


def refused(loader, data, errors, *words, section="files", name=""):
    """``loader(data)`` raises one of ``errors`` whose message contains every word."""
    with pytest.raises(errors) as info:
        loader(data)
    text = str(info.value)
    for word in words:
        assert word in text, f"{text!r} does not name {word!r}"
    if name:
        count(section, name, "malformed inputs refused")
    return text


def load_components(name: str, path: pathlib.Path):
    return zw.game(name, components=str(path))


# -- saves -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SAVE_GAMES)
def test_bad_saves_are_refused_whole_with_the_place_named(name):
    """Truncated, malformed, wrong-version, wrong-game, wrong-encoding and tampered saves of
    every registered game raise ``CorruptSave`` naming the problem; nothing loads."""
    game, state, text = saved(name)
    data = json.loads(text)
    load = game.load_state
    for cut in (0, 1, len(text) // 3, len(text) // 2, len(text) - 1):
        refused(load, text[:cut], zw.CorruptSave, "not JSON", name=f"save {name}")
    refused(load, text.replace('"format"', '"formats"', 1), zw.CorruptSave, "format", name=f"save {name}")
    refused(load, json.dumps({**data, "format": "zongshi_widgets.state/2"}), zw.CorruptSave, "zongshi_widgets.state/1", name=f"save {name}")
    other = next(n for n in zw.games() if n != name)
    refused(load, json.dumps({**data, "game": other}), zw.CorruptSave, other, name=f"save {name}")
    refused(load, json.dumps({**data, "players": data["players"] + 1}), zw.CorruptSave, "players", name=f"save {name}")
    refused(load, text.encode("utf-16"), zw.CorruptSave, "UTF-8", name=f"save {name}")
    refused(load, json.dumps({**data, "history": "all of it"}), zw.CorruptSave, "history", name=f"save {name}")
    refused(load, json.dumps({**data, "history": [*data["history"], "__import__('os').system('false')"]}), zw.CorruptSave, "illegal", name=f"save {name}")
    refused(load, json.dumps({**data, "seed": "7"}), zw.CorruptSave, "seed", name=f"save {name}")
    refused(load, json.dumps({**data, "seed": data["seed"] + 1}), zw.CorruptSave, name=f"save {name}")
    chance = dict(data["chance"], state=data["chance"]["state"][:-1])
    refused(load, json.dumps({**data, "chance": chance}), zw.CorruptSave, "chance", name=f"save {name}")
    refused(load, json.dumps({**data, "digest": "0" * 16}), zw.CorruptSave, "position does not match", name=f"save {name}")
    refused(load, json.dumps({**data, "extra": 1}), zw.CorruptSave, "extra", name=f"save {name}")
    refused(load, "[" * 100000, zw.CorruptSave, "not JSON", name=f"save {name}")
    refused(load, json.dumps({**data, "origin": "x"}), zw.CorruptSave, "starting position", name=f"save {name}")
    if data["history"]:  # an action dropped from the middle: the rest no longer fits
        tampered = {**data, "history": data["history"][1:]}
        refused(load, json.dumps(tampered), zw.CorruptSave, name=f"save {name}")
    assert load(text).to_json() == text


def test_a_file_name_instead_of_a_save_says_to_read_the_file(tmp_path):
    """A learner passing the save's file name (or a Path) instead of its text is told what to pass."""
    game = zw.game("majolica", players=2)
    path = tmp_path / "save.json"
    path.write_text(game.new_state(seed=1).to_json())
    with pytest.raises(zw.CorruptSave, match=r"not a file name: pass Path\(name\)\.read_text\(\)"):
        game.load_state(str(path))
    with pytest.raises(TypeError, match=r"not a path: pass Path\(.*save\.json'\)\.read_text\(\)"):
        game.load_state(path)
    assert game.load_state(path.read_text()).history == ()


def test_tampered_saves_with_impossible_positions_are_refused():
    """A save whose starting position puts a card in two places, or holds impossible counts,
    or pays a cost that cannot be paid, is refused (Zong Shi rulebook, Components and
    "Going to the Pawn Shop"; Art Gallery rulebook, Preparation)."""
    game, state, text = saved("zongshi", actions=0)
    data = json.loads(text)
    two_places = {"players": [{"scrolls": ["twofold_path", "twofold_path", "twofold_path"]}, {"scrolls": ["twofold_path"]}, {}, {}]}
    assert "twofold_path" in refused(game.load_state, json.dumps({**data, "origin": two_places}), zw.CorruptSave, "starting position", name="save zongshi")
    too_many = {"players": [{"boxes": "g" * 11}, {}, {}, {}]}
    assert "gold" in refused(game.load_state, json.dumps({**data, "origin": too_many}), zw.CorruptSave, "starting position", name="save zongshi")
    # a cost that cannot be paid: a project chosen with no boxes, then paid with boxes not held
    posed = game.from_position({"players": [{"boxes": ""}, {}, {}, {}]}, seed=2)
    payless = json.loads(posed.to_json())
    payless["history"] = ["use master", "project merchant_statue", "pay ggij"]
    assert "cannot pay the materials of that project" in refused(game.load_state, json.dumps(payless), zw.CorruptSave, "action", name="save zongshi")
    ag, _, ag_text = saved("art_gallery", actions=0)
    ag_data = json.loads(ag_text)
    nonsense = json.dumps({**ag_data, "origin": {"nonsense": [1, 1]}})
    assert "nonsense" in refused(ag.load_state, nonsense, zw.CorruptSave, "starting position", name="save art_gallery")


@pytest.mark.parametrize("name", SAVE_GAMES)
def test_save_loader_fuzz(name):
    """Any text, and any splice of a real save, is loaded or refused with ``CorruptSave``."""
    game, _, text = saved(name, actions=6)

    @FUZZ
    @given(st.one_of(st.text(max_size=200), st.binary(max_size=200), st.tuples(st.integers(0, len(text)), st.integers(0, len(text)), st.text(max_size=20))))
    def run(raw):
        if isinstance(raw, tuple):
            a, b, insert = raw
            raw = text[: min(a, b)] + insert + text[max(a, b) :]
        try:
            game.load_state(raw)
        except zw.CorruptSave as exc:
            assert exc.reason
        count("fuzz", f"save {name}", "inputs tried")

    run()


# -- .blksgf records ----------------------------------------------------------------------------


def test_bad_blksgf_records_are_refused_whole():
    """Truncated, malformed, wrong-game, wrong-encoding and tampered Pentobi records are refused
    with ``CorruptSave`` naming the node and the problem (GembloQ rulebook, Gameplay)."""
    _, state, _ = saved("gembloq", actions=8)
    record = write_blksgf(state).rstrip()
    assert read_blksgf(record).digest() == state.digest()
    for cut in (0, 5, len(record) // 2, len(record) - 1):
        refused(read_blksgf, record[:cut], zw.CorruptSave, name="blksgf")
    refused(read_blksgf, record.replace("GM[GembloQ]", "GM[Blokus]"), zw.CorruptSave, "Blokus", name="blksgf")
    refused(read_blksgf, record.encode("utf-16"), zw.CorruptSave, "UTF-8", name="blksgf")
    refused(read_blksgf, record.encode("utf-8").replace(b"GM[", b"GM[\xff"), zw.CorruptSave, "UTF-8", name="blksgf")
    moves = [a for a in state.history]
    # the same piece placed twice (a move repeated: its cells are already covered)
    doubled = record.replace(f"[{moves[0]}]", f"[{moves[0]}];1[{moves[0]}]", 1)
    refused(read_blksgf, doubled, zw.CorruptSave, name="blksgf")
    refused(read_blksgf, record.replace("(;", "(;(;", 1), zw.CorruptSave, name="blksgf")
    # 50,000 nested game trees: read without recursion (the reader is iterative) as the empty game
    assert read_blksgf("(" * 50000 + ";GM[GembloQ]" + ")" * 50000).history == ()
    refused(read_blksgf, "(;GM[GembloQ]" + "(;1[b27,c27,b28,c28]" * 20000 + ")" * 20001, zw.CorruptSave, "out of turn", name="blksgf")


def test_blksgf_loader_fuzz():
    """Any text or bytes, and any splice of a real record, is read or refused with
    ``CorruptSave``."""
    _, state, _ = saved("gembloq", actions=6)
    record = write_blksgf(state)

    @FUZZ
    @given(st.one_of(st.text(max_size=200), st.binary(max_size=200), st.tuples(st.integers(0, len(record)), st.integers(0, len(record)), st.text(max_size=20))))
    def run(raw):
        if isinstance(raw, tuple):
            a, b, insert = raw
            raw = record[: min(a, b)] + insert + record[max(a, b) :]
        try:
            read_blksgf(raw)
        except zw.CorruptSave as exc:
            assert exc.reason
        count("fuzz", "blksgf", "inputs tried")

    run()


# -- lesson files -----------------------------------------------------------------------------


def write(tmp_path: pathlib.Path, name: str, content: str | bytes) -> pathlib.Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def test_bad_lesson_files_are_refused_whole(tmp_path):
    """Lesson TOML: truncated, malformed, wrong-encoding, unknown fields or games, wrong
    types; refused with ``ValueError`` naming the file, the lesson and the field. A goal or
    setup that looks like code is only ever a name or a notation: nothing runs."""
    text = LESSONS.read_text(encoding="utf-8")
    assert load_lessons(write(tmp_path, "ok.toml", text))
    sentinel = tmp_path / "ran"
    cases = [
        (text[: len(text) // 2], ["TOML"]),
        (text.replace("players = 4", 'players = "four"', 1), ["lesson[1].players", "integer"]),
        (text.replace("hints = [", 'hints = "one"\nx = [', 1), ["lesson"]),
        (text.replace('game = "gembloq"', 'game = "chess"', 1), ["unknown game", "chess"]),
        (text.replace('rule = "Gameplay"', 'rule = "Gameplay"\ncolour = 1', 1), ["colour", "unknown field"]),
        (text.replace('goal = "legal"', f"goal = \"__import__('pathlib').Path({str(sentinel)!r}).touch()\"", 1), ["lesson[1].goal"]),
        (text.replace("setup = []", f"setup = [\"__import__('pathlib').Path({str(sentinel)!r}).touch()\"]", 1), []),
        ("title = 'no lessons'\n", ["lesson"]),
        ("lesson = 5\n", ["lesson", "array"]),
        ("x = " + "[" * 5000 + "]" * 5000 + "\n", ["lesson"]),
    ]
    for i, (bad, words) in enumerate(cases):
        path = write(tmp_path, f"bad{i}.toml", bad)
        try:
            lessons = load_lessons(path)
        except ValueError as exc:
            assert all(w in str(exc) for w in words), (i, str(exc))
            count("files", "lessons", "malformed inputs refused")
        else:  # a setup is read as notation only when the lesson starts, and refused there
            with pytest.raises(ValueError, match="setup action 1"):
                lessons[0].start()
            count("files", "lessons", "malformed inputs refused")
    assert not sentinel.exists()
    refused(load_lessons, write(tmp_path, "utf16.toml", text.encode("utf-16")), ValueError, "UTF-8", name="lessons")
    refused(load_lessons, write(tmp_path, "latin1.toml", 'title = "Gal\xe9rie"\n'.encode("latin-1")), ValueError, "UTF-8", name="lessons")
    with pytest.raises(FileNotFoundError):
        load_lessons(tmp_path / "missing.toml")
    refused(load_lessons, tmp_path.joinpath("dir.toml").mkdir() or tmp_path / "dir.toml", ValueError, "cannot read", name="lessons")


def test_lesson_loader_fuzz(tmp_path_factory):
    """Any text, and any splice of the packaged lesson file, loads or raises ``ValueError``."""
    text = LESSONS.read_text(encoding="utf-8")
    folder = tmp_path_factory.mktemp("lessons")

    @FUZZ
    @given(st.one_of(st.text(max_size=300), st.tuples(st.integers(0, len(text)), st.integers(0, len(text)), st.text(max_size=30))))
    def run(raw):
        if isinstance(raw, tuple):
            a, b, insert = raw
            raw = text[: min(a, b)] + insert + text[max(a, b) :]
        path = write(folder, "fuzz.toml", raw)
        try:
            lessons = load_lessons(path)
        except ValueError as exc:
            assert str(exc).strip(), "a refusal says what is wrong"
        else:  # what loads is a list of whole lessons
            assert isinstance(lessons, list) and all(lesson.title for lesson in lessons)
        count("fuzz", "lessons", "inputs tried")

    run()


# -- component files --------------------------------------------------------------------------


def test_component_schemas_ship_next_to_their_files_and_accept_the_packaged_data():
    """Each data file has its schema beside it (``<file>.schema.json``, package data) and the
    packaged data passes it."""
    import jsonschema

    for path in [*COMPONENT_FILES.values(), PKG / "games" / "gembloq" / "data" / "boards.json"]:
        schema_path = path.with_name(path.stem + ".schema.json")
        schema = json.loads(schema_path.read_text(encoding="utf-8"))
        assert schema_path.is_file(), schema_path
        validator = jsonschema.validators.validator_for(schema)
        validator.check_schema(schema)
        data = json.loads(path.read_text(encoding="utf-8")) if path.suffix == ".json" else tomllib.loads(path.read_text(encoding="utf-8"))
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator(schema).iter_errors(data)]
        assert errors == [], (path.name, errors)
    lesson_schema = json.loads((LESSONS.parent / "lesson.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.validators.validator_for(lesson_schema)
    errors = [e.message for e in validator(lesson_schema).iter_errors(tomllib.loads(LESSONS.read_text(encoding="utf-8")))]
    assert errors == [], errors


TAMPERED = {
    "zongshi": [
        # impossible counts
        ("copies = 2\ncopies_provenance", "copies = 0\ncopies_provenance", ["scrolls.", "copies"]),
        ("supply = { value = 10,", "supply = { value = 1000,", ["materials.supply.value", "40"]),
        # a cost that cannot be paid: more boxes of one material than exist
        ("cost = { gold = 2, ivory = 1, jade = 1, bronze = 0 }", "cost = { gold = 11, ivory = 1, jade = 1, bronze = 0 }", ["merchant_statue", "supply"]),
        ("cost = { gold = 2, ivory = 1, jade = 1, bronze = 0 }", "cost = { gold = 0, ivory = 0, jade = 0, bronze = 0 }", ["at least one box"]),
        (
            "cost = { gold = 2, ivory = 1, jade = 1, bronze = 0 }",
            "cost = { gold = -2, ivory = 1, jade = 1, bronze = 0 }",
            ["projects.merchant_statue.cost.gold", "minimum"],
        ),
        # one material expected by two townsfolk
        ('elder = { material = "ivory"', 'elder = { material = "jade"', ["different material"]),
        ('format = "zongshi-components/1"', 'format = "zongshi-components/2"', ["format"]),
        ("time = 2", 'time = "2"', ["time", "integer"]),
    ],
    "art_gallery": [
        # a card in two places: two cards numbered 1
        ("number = 2\n", "number = 1\n", ["card numbers must run"]),
        ("tiles = [18, 14, 10, 6]", "tiles = [18, 14, 10, 60]", ["the stacks hold"]),
        ("spaces = [1, 3, 5, 7]", "spaces = [7, 5, 3, 1]", ["shop.spaces", "ascending"]),
        ("values = [3, 1, 0, 0]", "values = [3, 1, 0, -1]", ["cards[1].values[4]", "minimum"]),
        ("galleries = { 2 = 4,", "galleries = { 2 = 4, 9 = 2,", ["board.galleries"]),
    ],
    "gembloq": [
        ('"squares": 1.0', '"squares": 1.5', ["triangles do not make"]),
        ('"number": 1,', '"number": 2,', ["piece numbers must run"]),
        ('"squares": 1.0', '"squares": 1e309', ["piece 1", "squares"]),
        ('"number": 1,', '"number": "1",', ["piece 1", "number"]),
        # was an OverflowError (int(inf)) and an unpacking ValueError without a place
        ("[\n     0,\n     0\n    ]", "[1e400, 0]", ["piece 1", "triangles[1][1]", "infinite"]),
        ("[\n     0,\n     0\n    ]", "[0, 0, 0]", ["piece 1", "triangles[1]", "too long"]),
    ],
}


@pytest.mark.parametrize("name", sorted(COMPONENT_FILES))
def test_bad_component_files_are_refused_whole(tmp_path, name):
    """Component data: truncated, malformed, wrong-encoding, another game's file and tampered
    values (impossible counts, a card in two places, a cost that cannot be paid) raise
    ``ValueError`` naming the file, the entry and the problem; the game is not made."""
    source = COMPONENT_FILES[name]
    text = source.read_text(encoding="utf-8")
    suffix = source.suffix
    for old, new, words in TAMPERED[name]:
        assert old in text, old
        path = write(tmp_path, f"tampered{suffix}", text.replace(old, new, 1))
        refused(lambda p: load_components(name, p), path, ValueError, *words, name=f"components {name}")
    for cut in (0, len(text) // 3, len(text) - 2):
        refused(lambda p: load_components(name, p), write(tmp_path, f"cut{suffix}", text[:cut]), ValueError, name=f"components {name}")
    refused(lambda p: load_components(name, p), write(tmp_path, f"utf16{suffix}", text.encode("utf-16")), ValueError, "UTF-8", name=f"components {name}")
    deep = "[" * 100000 if suffix == ".json" else "x = " + "[" * 100000
    refused(lambda p: load_components(name, p), write(tmp_path, f"deep{suffix}", deep), ValueError, name=f"components {name}")
    for other, other_path in COMPONENT_FILES.items():
        if other != name and other_path.suffix == suffix:
            refused(lambda p: load_components(name, p), other_path, ValueError, name=f"components {name}")
    assert load_components(name, write(tmp_path, f"ok{suffix}", text)) == zw.game(name, components=str(tmp_path / f"ok{suffix}"))


@pytest.mark.parametrize("name", sorted(COMPONENT_FILES))
def test_component_loader_fuzz(tmp_path_factory, name):
    """Any splice of the packaged component file loads or raises ``ValueError``."""
    source = COMPONENT_FILES[name]
    text = source.read_text(encoding="utf-8")
    folder = tmp_path_factory.mktemp(f"components-{name}")

    @FUZZ
    @given(st.one_of(st.text(max_size=200), st.tuples(st.integers(0, len(text)), st.integers(0, len(text)), st.text(max_size=30))))
    def run(raw):
        if isinstance(raw, tuple):
            a, b, insert = raw
            raw = text[: min(a, b)] + insert + text[max(a, b) :]
        path = write(folder, f"fuzz{source.suffix}", raw)
        try:
            game = zw.game(name, components=str(path))
        except ValueError as exc:
            assert str(exc).strip(), "a refusal says what is wrong"
        else:  # what loads is a game of that name that can start
            assert game.name == name and game.new_state(seed=1).legal_actions()
        count("fuzz", f"components {name}", "inputs tried")

    run()
