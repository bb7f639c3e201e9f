"""The repository stands on its own: no tracked file cites the research folder beside it
(``shared/``) or a path of the machine it was written on; rulings and provenance are in
``docs/rulings/`` and cited there."""

from __future__ import annotations

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
    assert not found, "cite docs/rulings/ instead:\n" + "\n".join(found)


def test_every_game_has_its_rulings_written_down():
    import zongshi_widgets as zw
    from zongshi_widgets.core import registration

    packaged = [name for name in zw.games() if registration(name).factory.startswith("zongshi_widgets.")]  # not the tests' own games
    assert packaged
    for name in packaged:
        assert (REPO / "docs" / "rulings" / f"{name}.md").is_file(), name
