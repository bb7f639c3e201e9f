"""Packaging: declared floors, the constraints that pin them, and Binder's install, all derived from
pyproject.toml (scripts/floors.py), so none of them can drift from it; the built wheel (its metadata,
license and data files, installed into a clean venv); and, asking pip to resolve it, that the wheel
installed beside another front end (Notebook 6, JupyterLab 3) keeps that front end.

The tests marked ``network`` need PyPI (pip resolves against the index): ``ZW_OFFLINE=1`` skips
them, and says so. The wheel is built with the installed hatchling (the test extra's), so the
other wheel tests run offline.
"""

from __future__ import annotations

import email
import importlib.metadata
import importlib.util
import json
import os
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
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


#: Front ends (and their servers): a library must not bring or replace the Jupyter it is installed into.
FRONT_ENDS = {"jupyter", "jupyterlab", "notebook", "nbclassic", "retrolab", "voila", "jupyter-server", "jupyterlab-server", "notebook-shim"}


def test_every_dependency_declares_one_floor():
    reqs = floors.declared_requirements()
    names = [r.name for r in reqs]
    assert {"numpy", "jupyterlab", "pytest", "dask"} <= set(names)  # runtime and every extra read
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


def test_a_dependency_declared_differently_twice_is_refused(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\ndependencies = ["numpy>=1.26"]\n[project.optional-dependencies]\ntest = ["numpy>=2.0"]\n')
    with pytest.raises(ValueError, match="declared differently"):
        floors.constraints_text(pyproject)
    pyproject.write_text('[project]\nname = "x"\ndependencies = ["numpy>=1.26"]\n[project.optional-dependencies]\ntest = ["numpy >= 1.26"]\n')
    assert floors.constraints_text(pyproject).splitlines()[1:] == ["numpy==1.26"]


def test_the_front_end_is_an_extra_that_the_tutor_installs():
    """Installed into someone's Jupyter (Colab, VS Code, a JupyterHub, Notebook 6), the package must
    not bring or replace the front end: JupyterLab and Notebook are the tutor extra's, which
    scripts/tutor.sh installs (with Dask, for the design lab notebook's cluster cell, and websockets,
    for a student's board joining a served game); the test extra repeats them (the browser tests
    drive both)."""
    project = floors.project_table()
    runtime = {r.name for r in floors.declared_requirements(extras=())}
    assert not runtime & FRONT_ENDS, f"front ends in the runtime dependencies: {sorted(runtime & FRONT_ENDS)}"
    tutor = project["optional-dependencies"]["tutor"]
    assert {r.name for r in map(floors.Requirement, tutor)} == {"jupyterlab", "notebook", "dask", "websockets"}
    assert set(tutor) <= set(project["optional-dependencies"]["test"])
    script = (REPO / "scripts" / "tutor.sh").read_text()
    install = [line for line in script.splitlines() if "pip install" in line]
    assert len(install) == 1 and install[0].rstrip().endswith(' -e ".[tutor]"'), install


def test_binder_requirements_are_derived_from_pyproject():
    committed = (REPO / "binder" / "requirements.txt").read_text()
    assert committed == floors.binder_requirements_text(), "regenerate: python scripts/floors.py binder > binder/requirements.txt"
    listed = [line for line in committed.splitlines() if line and not line.startswith("#")]
    project = floors.project_table()
    assert listed == project["dependencies"] + project["optional-dependencies"]["tutor"]  # Binder opens JupyterLab


def test_binder_requirements_follow_a_changed_pyproject(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\ndependencies = ["numpy>=2.0", "tqdm>=4.66"]\n[project.optional-dependencies]\ntutor = ["jupyterlab>=4.3"]\n')
    text = floors.binder_requirements_text(pyproject)
    assert [line for line in text.splitlines() if not line.startswith("#")] == ["numpy>=2.0", "tqdm>=4.66", "jupyterlab>=4.3"]


def test_binder_pins_a_python_that_the_package_accepts():
    runtime = (REPO / "binder" / "runtime.txt").read_text().strip()
    assert runtime.startswith("python-"), runtime
    version = Version(runtime.removeprefix("python-"))
    assert version in SpecifierSet(floors.project_table()["requires-python"])


def test_binder_post_build_installs_the_package_with_its_dependencies():
    script = (REPO / "binder" / "postBuild").read_text()
    install = [line for line in script.splitlines() if "pip install" in line]
    assert len(install) == 1 and install[0].rstrip().endswith(' ".[tutor]"') and "--no-deps" not in install[0]


# ---------------------------------------------------------------------------------------------
# The built wheel

OFFLINE = os.environ.get("ZW_OFFLINE") == "1"
PIP = [sys.executable, "-m", "pip", "--disable-pip-version-check"]

#: what the package's metadata says it is for (PEP 639: the license is the License-Expression, so
#: no "License ::" classifier, which PEP 639 forbids beside it)
CLASSIFIERS = {
    "Framework :: Jupyter",
    "Framework :: Jupyter :: JupyterLab",
    "Framework :: Jupyter :: JupyterLab :: 4",
    "Programming Language :: Python :: 3.11",
    "Programming Language :: Python :: 3.12",
    "Programming Language :: Python :: 3.13",
    "Topic :: Games/Entertainment :: Board Games",
    "Topic :: Education",
    "Intended Audience :: Education",
}


def _hatchling_builds_offline() -> bool:
    try:
        return Version(importlib.metadata.version("hatchling")) >= Version("1.27")
    except importlib.metadata.PackageNotFoundError:
        return False


def _package_files() -> set[str]:
    """Every file of the package in the repository (what the wheel must hold), as wheel paths."""
    root = REPO / "zongshi_widgets"
    return {p.relative_to(REPO).as_posix() for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from the repository (pip wheel, as pip builds it for an install)."""
    out = tmp_path_factory.mktemp("wheel")
    cmd = [*PIP, "wheel", "--no-deps", "--quiet", "--wheel-dir", str(out), str(REPO)]
    if _hatchling_builds_offline():
        cmd[cmd.index("wheel") + 1 : cmd.index("wheel") + 1] = ["--no-build-isolation"]
    elif OFFLINE:
        pytest.skip("ZW_OFFLINE=1: building the wheel needs hatchling>=1.27 from PyPI")
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"pip wheel failed (ZW_OFFLINE=1 skips this offline):\n{done.stderr}"
    (path,) = out.glob("zongshi_widgets-*.whl")
    return path


def _wheel_metadata(wheel: Path):
    with zipfile.ZipFile(wheel) as zf:
        (name,) = [n for n in zf.namelist() if n.endswith(".dist-info/METADATA")]
        return email.message_from_bytes(zf.read(name))


def test_the_test_extra_brings_the_build_backend():
    with (REPO / "pyproject.toml").open("rb") as f:
        build = [Requirement(r) for r in tomllib.load(f)["build-system"]["requires"]]
    test = {r.name: r for r in floors.declared_requirements(extras=("test",))}
    for req in build:
        assert req.name in test and floors.floor(test[req.name]) == floors.floor(req), f"the test extra's {req.name} floor differs from the build system's"


class TestWheel:
    def test_metadata_declares_license_classifiers_and_dependencies(self, wheel):
        meta = _wheel_metadata(wheel)
        project = floors.project_table()
        assert Version(meta["Metadata-Version"]) >= Version("2.4")  # PEP 639 license fields
        assert (meta["Name"], meta["Version"]) == (project["name"], project["version"])
        assert meta["Summary"] == project["description"] and meta["Description-Content-Type"] == "text/markdown"
        assert meta["License-Expression"] == "MIT" and meta.get_all("License-File") == ["LICENSE"]
        assert meta["Requires-Python"] == project["requires-python"]
        classifiers = set(meta.get_all("Classifier"))
        assert CLASSIFIERS <= classifiers, sorted(CLASSIFIERS - classifiers)
        assert not any(c.startswith("License ::") for c in classifiers)
        pythons = [c.rsplit(" :: ", 1)[1] for c in classifiers if c.startswith("Programming Language :: Python :: 3.")]
        assert all(Version(v + ".0") in SpecifierSet(project["requires-python"]) for v in pythons), pythons
        # no Project-URL: the project has no public home yet (none is made up)
        reqs = [Requirement(r) for r in meta.get_all("Requires-Dist")]
        runtime = [r for r in reqs if r.marker is None]
        assert sorted(map(str, runtime)) == sorted(project["dependencies"])
        assert not {r.name for r in runtime} & FRONT_ENDS
        assert set(meta.get_all("Provides-Extra")) == set(project["optional-dependencies"]) >= {"tutor", "test", "dask"}
        front = {r.name for r in reqs if r.marker is not None and r.marker.evaluate({"extra": "tutor"})}
        assert front >= {"jupyterlab", "notebook"}

    def test_holds_the_license_every_package_file_and_the_command(self, wheel):
        with zipfile.ZipFile(wheel) as zf:
            names = set(zf.namelist())
            dist_info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
            license_text = zf.read(f"{dist_info}/licenses/LICENSE").decode()
            entry_points = zf.read(f"{dist_info}/entry_points.txt").decode()
        assert license_text == (REPO / "LICENSE").read_text()
        assert license_text.startswith("MIT License") and "Copyright (c) the zongshi_widgets authors" in license_text
        assert "zongshi-widgets = zongshi_widgets.lab.cli:main" in entry_points
        package = {n for n in names if not n.startswith(dist_info + "/")}
        assert package == _package_files()
        data = {n for n in package if not n.endswith(".py")}
        wanted = (
            "games/gembloq/data/pieces.json",
            "tutor/lessons/gembloq.toml",
            "tutor/lessons/lesson.schema.json",
            "tutor/rule_sections.toml",
            "tutor/rule_summaries.toml",
            "tutor/glossary.toml",
            "widgets/gembloq.js",
            "widgets/board.css",
        )
        assert {f"zongshi_widgets/{w}" for w in wanted} <= data

    def test_installs_into_a_clean_venv_with_its_license_metadata_and_data(self, wheel, tmp_path):
        """pip installs the wheel into a fresh venv; there the package plays from its own packaged
        data (the dependencies are borrowed from this environment's site-packages, read after the
        venv's own, whose editable install of the repository is not seen)."""
        venv = tmp_path / "venv"
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
        python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
        install = [*PIP, "--python", str(python), "install", "--no-deps", "--no-index", "--quiet", str(wheel)]
        done = subprocess.run(install, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        where = [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
        site = subprocess.run(where, check=True, capture_output=True, text=True).stdout.strip()
        here = sysconfig.get_paths()
        (Path(site) / "zw_test_dependencies.pth").write_text(f"{here['purelib']}\n{here['platlib']}\n")
        code = """if True:
            import importlib.metadata, importlib.resources, json, sys
            import zongshi_widgets as zw
            from zongshi_widgets.tutor import load_lessons
            from zongshi_widgets.widgets import GembloQBoard
            dist = importlib.metadata.distribution("zongshi_widgets")
            root = importlib.resources.files("zongshi_widgets")
            print(json.dumps({
                "package": zw.__file__, "dist": str(dist.locate_file("")), "prefix": sys.prefix,
                "license": [f.read_text() for f in dist.files if f.name == "LICENSE"],
                "license_expression": dist.metadata["License-Expression"],
                "legal": {g: len(zw.game(g).new_state(seed=1).legal_actions()) for g in zw.games()},
                "games": sorted(zw.games()),
                "lessons": sum(len(load_lessons(g)) for g in sorted(zw.games())),
                "esm": len(GembloQBoard._esm),
                "files": sorted(str(f) for f in dist.files if str(f).startswith("zongshi_widgets/")),
                "readable": all(root.joinpath(f.split("/", 1)[1]).is_file() for f in sys.argv[1:]),
            }))
        """
        data = sorted(n for n in _package_files() if not n.endswith(".py"))
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
        done = subprocess.run([python, "-c", code, *data], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)
        assert done.returncode == 0, done.stderr
        got = json.loads(done.stdout)
        assert Path(got["package"]).is_relative_to(venv.resolve()) or Path(got["package"]).is_relative_to(venv), got["package"]
        assert Path(got["dist"]).resolve() == Path(site).resolve()
        assert got["license"] == [(REPO / "LICENSE").read_text()] and got["license_expression"] == "MIT"
        assert all(got["legal"].values()) and got["games"] == ["art_gallery", "gembloq", "majolica", "zongshi"] and got["lessons"] > 0
        assert got["esm"] > 0 and got["readable"]
        assert set(data) <= set(got["files"])


# ---------------------------------------------------------------------------------------------
# Beside another front end

#: front ends that people have, with the wheel installed into them: each must stay as it is. Each
#: with the newest Python it installs on (JupyterLab 3's y-py has no wheel past 3.12 and builds only
#: with Rust), for which pip resolves when the running Python is newer.
OTHER_FRONT_ENDS = {"notebook": ("6.5.7", None), "jupyterlab": ("3.6.8", (3, 12))}


@pytest.fixture(scope="module")
def front_end_resolutions(wheel, tmp_path_factory) -> dict[str, tuple[int, str, dict[str, Version]]]:
    """For each front end in OTHER_FRONT_ENDS: what pip installs for the wheel and that front end
    together into an empty environment (a dry run: nothing is installed; wheels only, so nothing
    is built), as (exit code, stderr, {name: version}). Both resolve at the same time (each takes
    half a minute or so)."""
    out = tmp_path_factory.mktemp("front_ends")
    running = {}
    for name, (version, newest_python) in OTHER_FRONT_ENDS.items():
        report = out / f"{name}.json"
        # --target (never written: a dry run) is what lets older pips resolve for another Python
        cmd = [*PIP, "install", "--dry-run", "--ignore-installed", "--target", str(out / name), "--only-binary=:all:", "--quiet", "--report", str(report)]
        if newest_python and sys.version_info[:2] > newest_python:
            cmd += ["--python-version", ".".join(map(str, newest_python))]
        cmd += [str(wheel), f"{name}=={version}"]
        running[name] = (subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=out), report)
    results = {}
    for name, (proc, report) in running.items():
        _, stderr = proc.communicate(timeout=900)
        installs = {}
        if proc.returncode == 0:
            for item in json.loads(report.read_text())["install"]:
                installs[canonicalize_name(item["metadata"]["name"])] = Version(item["metadata"]["version"])
        results[name] = (proc.returncode, stderr, installs)
    return results


@pytest.mark.parametrize("front_end", sorted(OTHER_FRONT_ENDS))
@pytest.mark.network
@pytest.mark.skipif(OFFLINE, reason="ZW_OFFLINE=1: needs PyPI")
def test_the_wheel_keeps_another_front_end(front_end, front_end_resolutions):
    """The wheel installed beside Notebook 6.5.7 or JupyterLab 3.6.8 keeps that front end (it used to
    replace it with JupyterLab 4 and Notebook 7, pip printing an ERROR and exiting 0), and brings
    what shows the widgets there."""
    code, stderr, installs = front_end_resolutions[front_end]
    version = Version(OTHER_FRONT_ENDS[front_end][0])
    assert code == 0, f"pip could not resolve the wheel with {front_end}=={version} (offline? ZW_OFFLINE=1 skips):\n{stderr}"
    assert "ERROR" not in stderr, stderr
    assert installs["zongshi-widgets"] == Version(floors.project_table()["version"])
    assert installs[front_end] == version
    assert installs.get("jupyterlab", Version("0")) < Version("4"), installs.get("jupyterlab")
    assert installs.get("notebook", Version("0")) < Version("7"), installs.get("notebook")
    assert installs["ipywidgets"].major == 8 and installs["anywidget"] >= Version("0.9")
    if front_end == "notebook":
        assert installs["widgetsnbextension"].major == 4  # ipywidgets 8 in the classic notebook
    else:
        assert installs["jupyterlab-widgets"].major == 3  # ipywidgets 8 in JupyterLab 3
