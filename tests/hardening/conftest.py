"""Hardening suite (issue 15): a Hypothesis profile with modest examples for CI (more with
``ZW_HARDENING_EXAMPLES=<n>``), and the figures the tests count, printed at the end of the run
("hardening figures") and written to ``tests/hardening/artifacts/figures.json``."""

from __future__ import annotations

import pathlib
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))

from _stats import COUNTS, FIGURES, report_lines, write_report  # noqa: E402


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Print what the hardening tests exercised."""
    if not COUNTS and not FIGURES:
        return
    terminalreporter.section("hardening figures")
    for line in report_lines():
        terminalreporter.write_line(line)
    write_report(HERE / "artifacts" / "figures.json")
