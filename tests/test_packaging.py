"""Packaging: declared floors, the constraints that pin them, and Binder's install, all derived from
pyproject.toml (scripts/floors.py), so none of them can drift from it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet
from packaging.version import Version

REPO = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("zw_floors", REPO / "scripts" / "floors.py")
floors = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(floors)

#: Versions that install but do not work, found by installing them beside the other floors:
#: a floor must stay above each (see scripts/test.sh, which runs the tests at the floors).
KNOWN_BROKEN = {
    "ipywidgets": ("8.1.1", "the widget front end throws in JupyterLab 4 on a text box with a description (question lessons)"),
    "notebook": ("7.3.2", "logs a console error of its own on every page"),
    "jupyterlab": ("4.3.5", "notebook 7.3.3, the notebook floor, needs jupyterlab>=4.3.6"),
}


def test_every_dependency_declares_one_floor():
    reqs = floors.declared_requirements()
    names = [r.name for r in reqs]
    assert "jupyterlab" in names and "pytest" in names  # runtime and test extra both read
    assert len(names) == len(set(names))
    for req in reqs:
        low = Version(floors.floor(req))
        assert low in req.specifier, f"{req}: its own floor is not allowed"


def test_constraints_pin_every_declared_floor():
    text = floors.constraints_text()
    pins = dict(line.split("==") for line in text.splitlines() if line and not line.startswith("#"))
    reqs = floors.declared_requirements()
    assert pins == {r.name: floors.floor(r) for r in reqs}


@pytest.mark.parametrize("name", sorted(KNOWN_BROKEN))
def test_floors_stay_above_known_broken_versions(name):
    broken, why = KNOWN_BROKEN[name]
    req = next(r for r in floors.declared_requirements() if r.name == name)
    assert Version(floors.floor(req)) > Version(broken), f"{name} {broken} {why}"


def test_a_dependency_without_a_single_floor_is_refused(tmp_path):
    for deps in (['"numpy"'], ['"numpy>=1.26,>=2"'], ['"numpy<3"']):
        pyproject = tmp_path / "pyproject.toml"
        pyproject.write_text(f'[project]\nname = "x"\ndependencies = [{", ".join(deps)}]\n[project.optional-dependencies]\ntest = []\n')
        with pytest.raises(ValueError, match="exactly one floor"):
            floors.constraints_text(pyproject)


def test_binder_requirements_are_derived_from_pyproject():
    committed = (REPO / "binder" / "requirements.txt").read_text()
    assert committed == floors.binder_requirements_text(), "regenerate: python scripts/floors.py binder > binder/requirements.txt"
    listed = [line for line in committed.splitlines() if line and not line.startswith("#")]
    assert listed == floors.project_table()["dependencies"]


def test_binder_requirements_follow_a_changed_pyproject(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\ndependencies = ["numpy>=2.0", "tqdm>=4.66"]\n')
    text = floors.binder_requirements_text(pyproject)
    assert [line for line in text.splitlines() if not line.startswith("#")] == ["numpy>=2.0", "tqdm>=4.66"]


def test_binder_pins_a_python_that_the_package_accepts():
    runtime = (REPO / "binder" / "runtime.txt").read_text().strip()
    assert runtime.startswith("python-"), runtime
    version = Version(runtime.removeprefix("python-"))
    assert version in SpecifierSet(floors.project_table()["requires-python"])


def test_binder_post_build_installs_the_package_with_its_dependencies():
    script = (REPO / "binder" / "postBuild").read_text()
    install = [line for line in script.splitlines() if "pip install" in line]
    assert len(install) == 1 and install[0].rstrip().endswith(" .") and "--no-deps" not in install[0]
