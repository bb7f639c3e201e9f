"""The repository stands on its own: no tracked file cites the research folder beside it
(``shared/``), its notes (numbered or not: "reference 7", "the reference file"), or a path of
the machine it was written on; rulings and provenance are in ``docs/rulings/`` and cited there."""

from __future__ import annotations

import json
import pathlib
import re
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
#: a citation of the folder beside the repository, or an absolute path of a developer's machine
_FOLDER = "shared"  # the research folder beside the repository (spelt in parts so this file does not cite it)
OUTSIDE = re.compile(rf"{_FOLDER}/reference|\.\./{_FOLDER}|/work/|/root/|/home/\w+/")
#: the research notes' numbered sections ("reference 7 #18"), which are not in the repository:
#: cite docs/rulings/<game>.md and its section instead
LOOSE = re.compile(r"\b[Rr]eference \d")
#: the same notes cited without a number ("the reference file", "reference section 2", "reference
#: note F", "the reference's reading", "reference README", "(reference: C1)"), also across a line
#: break. A reference of the code's own (a slow reference implementation, a reference bot, "the
#: reference below") is not one of them.
UNNUMBERED = re.compile(r"\breference\s+(?:files?|sections?|notes?|readme|faq)\b|\breference's|\(reference:", re.IGNORECASE)


def _prose(name: str, text: str) -> list[tuple[str, str]]:
    """``(where, text)`` pieces of a file to search for citations: a notebook's cells one by one
    (their sources, not the JSON that holds them), any other file whole."""
    if not name.endswith(".ipynb"):
        return [(name, text)]
    try:
        cells = json.loads(text)["cells"]
    except (ValueError, KeyError, TypeError):
        return [(name, text)]
    return [(f"{name} cell {i}", "".join(cell.get("source", ""))) for i, cell in enumerate(cells)]


def unnumbered_citations(name: str, text: str) -> list[str]:
    """Where ``text`` (the file ``name``) cites the research notes without a section number, as
    ``"where:line: text"`` strings; a line that asserts a text does *not* cite them is skipped.

    Args:
        name (str): the file's path in the repository (a notebook is searched cell by cell).
        text (str): its contents.

    Returns:
        list[str]: one entry per citation, in file order.
    """
    found = []
    for where, piece in _prose(name, text):
        lines = piece.splitlines()
        for match in UNNUMBERED.finditer(piece):
            number = piece.count("\n", 0, match.start()) + 1
            line = lines[number - 1] if number <= len(lines) else ""
            if " not in " not in line:
                found.append(f"{where}:{number}: {line.strip()[:100]}")
    return found


def _tracked() -> list[str]:
    try:
        out = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [p for p in out.splitlines() if p != "tests/test_stands_alone.py"]


def test_no_tracked_file_cites_a_file_outside_the_repository():
    found = []
    for name in _tracked():
        path = REPO / name
        if not path.is_file() or path.suffix in {".png", ".jpg", ".gz", ".whl"}:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            # an assertion that a text does *not* cite them is no citation
            if (OUTSIDE.search(line) and " not in " not in line) or LOOSE.search(line):
                found.append(f"{name}:{number}: {line.strip()[:100]}")
        found += unnumbered_citations(name, text)
    assert not found, "cite docs/rulings/ instead:\n" + "\n".join(found)


def test_every_game_has_its_rulings_written_down():
    import zongshi_widgets as zw
    from zongshi_widgets.core import registration

    packaged = [name for name in zw.games() if registration(name).factory.startswith("zongshi_widgets.")]  # not the tests' own games
    assert packaged
    for name in packaged:
        assert (REPO / "docs" / "rulings" / f"{name}.md").is_file(), name


@pytest.mark.parametrize(
    "text",
    [
        "follows the reference file (W3)",
        "the reference's reading (section 2.3)",
        "the\nreference's recommendation",
        "(reference section 4, REC fill)",
        "Reference sections 1-4 and 7",
        "reference note F recommends W3",
        "notes F, G: reference\nnotes",
        'see the reference README, "The grid"',
        "(reference FAQ 9)",
        "#   confirmed  one or more sources (reference: C1, C2)",
    ],
)
def test_an_unnumbered_citation_of_the_notes_is_found(text):
    assert unnumbered_citations("x.py", text)


@pytest.mark.parametrize(
    "text",
    [
        "The reference below is the greedy measure as first written",
        "by the reference quick step; the reference bot in every seat",
        "the slow reference implementation, reference_values, rules._legal_reference",
        "agrees with the brute-force reference for every content",
        'assert "reference section" not in err.message',
        "docs/rulings/majolica.md §1, notes F and G",
        "a reference is 'module:attribute'",
    ],
)
def test_a_reference_of_the_code_s_own_is_no_citation(text):
    assert unnumbered_citations("x.py", text) == []


def test_a_notebook_is_searched_cell_by_cell():
    cells = [{"cell_type": "code", "source": ["x = 1\n"]}, {"cell_type": "markdown", "source": ["this is the\n", "reference's reading"]}]
    assert unnumbered_citations("n.ipynb", json.dumps({"cells": cells}, indent=1)) == ["n.ipynb cell 1:2: reference's reading"]
