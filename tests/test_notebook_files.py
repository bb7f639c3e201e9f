"""The saved notebooks, read as files: they open in JupyterLab without being marked as
modified, nbval's checks are cell tags (not comments a learner sees), and they were re-run
top to bottom by scripts/run_notebooks.sh.

JupyterLab marks a notebook modified on opening when it has to change it: an older
nbformat minor version or cells without ids (it upgrades them), or a kernelspec or
language_info different from what the running kernel reports (it overwrites both). One field
of language_info cannot match every reader: ``version``, the Python that last ran the notebook
(JupyterLab writes the reader's own there). So the saved language_info must be exactly what the
kernel reports in every other field, and its version a Python that the package supports.
"""

import json
import pathlib
import re
import subprocess
import sys
from functools import cache

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from packaging.specifiers import SpecifierSet
from packaging.version import InvalidVersion, Version

REPO = pathlib.Path(__file__).parents[1]

NOTEBOOKS = sorted(p for p in (REPO / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


@cache
def _kernel_language_info() -> dict:
    """What the kernel reports as language_info (asked in another process: importing ipykernel
    here would replace the comm layer that the widget tests record)."""
    code = "import json; from ipykernel.ipkernel import IPythonKernel; print(json.dumps(IPythonKernel.language_info))"
    return json.loads(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout)


@cache
def _requires_python() -> SpecifierSet:
    import tomllib

    with (REPO / "pyproject.toml").open("rb") as f:
        return SpecifierSet(tomllib.load(f)["project"]["requires-python"])


def _check_language_info(saved: dict, kernel: dict) -> None:
    """``saved`` (a notebook's language_info) is what ``kernel`` reports, but for the Python version,
    which need only be a final release of Python 3 that the package supports."""
    saved, kernel = dict(saved), dict(kernel)
    version = saved.pop("version", None)
    kernel.pop("version")
    assert saved == kernel, "language_info differs from the kernel's: re-run with scripts/run_notebooks.sh"
    try:
        parsed = Version(str(version))
    except InvalidVersion:
        raise AssertionError(f"language_info.version {version!r} is not a Python version") from None
    assert parsed.release[0] == 3 and len(parsed.release) == 3 and not parsed.is_prerelease, f"language_info.version {version!r}"
    assert parsed in _requires_python(), f"saved by Python {version}, which the package does not support ({_requires_python()})"


def test_language_info_check_refuses_real_differences():
    kernel = _kernel_language_info()
    _check_language_info(kernel, kernel)
    _check_language_info({**kernel, "version": "3.11.2"}, kernel)  # Debian 12's Python: fine
    for saved in (
        {**kernel, "name": "R"},
        {**kernel, "pygments_lexer": "python3"},
        {**kernel, "codemirror_mode": "python"},
        {k: v for k, v in kernel.items() if k != "file_extension"},
        {**kernel, "extra": 1},
        {k: v for k, v in kernel.items() if k != "version"},
        {**kernel, "version": "3.10.12"},
        {**kernel, "version": "3.14.0rc1"},
        {**kernel, "version": "2.7.18"},
        {**kernel, "version": "three"},
    ):
        with pytest.raises(AssertionError):
            _check_language_info(saved, kernel)


def _read(path):
    return nbformat.read(path, as_version=nbformat.NO_CONVERT)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_opens_unchanged_in_jupyterlab(path):
    nb = _read(path)
    nbformat.validate(nb)
    assert (nb.nbformat, nb.nbformat_minor) == (nbformat.current_nbformat, nbformat.current_nbformat_minor)
    assert all(cell.get("id") for cell in nb.cells), "cells without ids are given new ones on opening"
    spec = KernelSpecManager().get_kernel_spec(nb.metadata.kernelspec.name)
    assert dict(nb.metadata.kernelspec) == {"name": nb.metadata.kernelspec.name, "display_name": spec.display_name, "language": spec.language}
    _check_language_info(nb.metadata.language_info, _kernel_language_info())
    assert "widgets" not in nb.metadata  # no stale widget state; boards are saved as pictures


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_was_rerun_and_hides_test_markers(path):
    nb = _read(path)
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert [cell.execution_count for cell in code] == list(range(1, len(code) + 1)), "re-run with scripts/run_notebooks.sh"
    for cell in code:
        assert "NBVAL" not in cell.source, "nbval markers go in cell tags (nbval-check-output), not in the code"
        assert not any(out.get("output_type") == "error" for out in cell.outputs)
        assert "execution" not in cell.metadata
    assert any("nbval-check-output" in cell.metadata.get("tags", []) for cell in code)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_saved_boards_show_their_game_s_own_picture(path):
    """Every game has a board of its own, with a picture of its own: a saved board never falls
    back to the generic board's picture (the public view as a table of raw data), which would
    be what GitHub, exports and unrun notebooks show."""
    nb = _read(path)
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            text = "".join(out.get("data", {}).get("text/html", ""))
            assert "<tr><th style='text-align:left'>game</th>" not in text, f"a generic board picture in a saved output: re-run {path.name}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_saved_output_is_a_live_widget_without_a_picture(path):
    """A widget view saved without its state shows "model not found" (or a progress bar's first
    frame, "0/30", for ever) in a notebook opened without running it: boards keep their
    picture, progress bars are not saved (scripts/run_notebooks.sh)."""
    nb = _read(path)
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if "application/vnd.jupyter.widget-view+json" in data:
                assert {"image/svg+xml", "text/html"} & set(data), f"a widget saved without a picture: {''.join(data.get('text/plain', ''))[:80]!r}"


#: a lesson called up in a notebook's code: ``show_lesson("zongshi", "draft-pick")`` or ``lesson('majolica', 'overflow')``
LESSON_CALL = re.compile(r"""\b(?:show_)?lesson\(\s*(["'])([\w-]+)\1\s*,\s*(["'])([\w-]+)\3""")


def lessons_in_notebooks(paths) -> set[tuple[str, str]]:
    """The ``(game, lesson id)`` pairs that the code cells of the notebooks ``paths`` call up
    with ``show_lesson(game, id)`` or ``lesson(game, id)``."""
    found = set()
    for path in paths:
        for cell in _read(path).cells:
            if cell.cell_type == "code":
                found |= {(m.group(2), m.group(4)) for m in LESSON_CALL.finditer(cell.source)}
    return found


def lessons_without_a_notebook(shown: set[tuple[str, str]]) -> list[str]:
    """The packaged lessons, as ``"game/id"``, that no pair of ``shown`` calls up, in course order."""
    from zongshi_widgets.tutor.lesson import load_lessons, packaged_games

    return [f"{game}/{item.id}" for game in packaged_games() for item in load_lessons(game) if (game, item.id) not in shown]


def test_every_packaged_lesson_appears_in_a_notebook():
    """A learner meets every lesson in a notebook: one added to ``tutor/lessons/<game>.toml``
    without a ``show_lesson("<game>", "<id>")`` cell in ``notebooks/`` fails here."""
    missing = lessons_without_a_notebook(lessons_in_notebooks(NOTEBOOKS))
    assert not missing, f"lessons in no notebook (add a show_lesson cell for each): {', '.join(missing)}"


def test_a_lesson_left_out_of_every_notebook_is_reported():
    shown = lessons_in_notebooks(NOTEBOOKS)
    assert ("zongshi", "draft-pick") in shown and ("majolica", "select-a") in shown
    assert lessons_without_a_notebook(shown - {("zongshi", "draft-pick")}) == ["zongshi/draft-pick"]
    assert {m.group(2, 4) for m in LESSON_CALL.finditer("show_lesson('gembloq', 'first-move'); lesson(\"art_gallery\", \"movement\").start()")} == {
        ("gembloq", "first-move"),
        ("art_gallery", "movement"),
    }
