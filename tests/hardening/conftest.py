"""Hardening suite (issue 15): a Hypothesis profile with modest examples for CI (more with
``ZW_HARDENING_EXAMPLES=<n>``), and the figures the tests count, printed at the end of the run
("hardening figures") and written to ``tests/hardening/artifacts/figures.json``.

Under pytest-xdist each worker writes its figures to ``artifacts/figures-<worker>.json`` when it
finishes, and the controller merges them into the summary.
"""

from __future__ import annotations

import json
import os
import pathlib
import sys

HERE = pathlib.Path(__file__).parent
ARTIFACTS = HERE / "artifacts"
sys.path.insert(0, str(HERE))

from _stats import COUNTS, FIGURES, merge, report_lines, snapshot, write_report  # noqa: E402


def _worker(config) -> str | None:
    return getattr(config, "workerinput", {}).get("workerid")


def pytest_sessionstart(session):
    """The controller (or a run without xdist) clears the figures of an earlier run."""
    if _worker(session.config) is None and ARTIFACTS.is_dir():
        for old in ARTIFACTS.glob("figures-*.json"):
            old.unlink()


def pytest_sessionfinish(session, exitstatus):
    """A worker leaves its figures for the controller."""
    worker = _worker(session.config)
    if worker is not None and (COUNTS or FIGURES):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / f"figures-{worker}.json").write_text(json.dumps(snapshot()))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Print what the hardening tests exercised (all workers' figures merged)."""
    if _worker(config) is not None:
        return
    for part in sorted(ARTIFACTS.glob("figures-*.json")) if ARTIFACTS.is_dir() else []:
        merge(json.loads(part.read_text()))
        os.remove(part)
    if not COUNTS and not FIGURES:
        return
    terminalreporter.section("hardening figures")
    for line in report_lines():
        terminalreporter.write_line(line)
    write_report(ARTIFACTS / "figures.json")
