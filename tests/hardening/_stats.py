"""Figures the hardening tests count (games, actions, refusals, inputs per loader...), printed
in the test run's summary by ``tests/hardening/conftest.py``."""

from __future__ import annotations

import json
import os
import pathlib
from collections import Counter, defaultdict

#: ``COUNTS[section][(name, key)]``: e.g. ``COUNTS["engines"][("zongshi", "actions played")]``.
COUNTS: dict[str, Counter] = defaultdict(Counter)
#: Free-form figures (``FIGURES["burst"] = {...}``).
FIGURES: dict[str, object] = {}


def count(section: str, name: str, key: str, n: int = 1) -> None:
    """Add ``n`` to a counter of the summary."""
    COUNTS[section][(name, key)] += n


def examples(default: int) -> int:
    """Hypothesis examples per test: ``ZW_HARDENING_EXAMPLES`` when set (a longer run), else
    ``default`` (the CI run)."""
    text = os.environ.get("ZW_HARDENING_EXAMPLES", "")
    return int(text) if text.strip().isdigit() and int(text) > 0 else default


def snapshot() -> dict:
    """The counters and figures as JSON-able data (for :func:`merge`)."""
    return {"counts": [[section, name, key, n] for section, c in COUNTS.items() for (name, key), n in c.items()], "figures": FIGURES}


def merge(data: dict) -> None:
    """Add another process's :func:`snapshot` (a pytest-xdist worker's)."""
    for section, name, key, n in data.get("counts", []):
        COUNTS[section][(name, key)] += n
    for key, value in data.get("figures", {}).items():
        if isinstance(value, dict) and isinstance(FIGURES.get(key), dict):
            FIGURES[key].update(value)
        else:
            FIGURES[key] = value


def report_lines() -> list[str]:
    """The summary, one line per game and section."""
    lines = []
    for section in sorted(COUNTS):
        names = sorted({name for name, _ in COUNTS[section]})
        for name in names:
            parts = [f"{key} {n}" for (nm, key), n in sorted(COUNTS[section].items()) if nm == name]
            lines.append(f"{section:10s} {name:14s} " + ", ".join(parts))
    for key, value in sorted(FIGURES.items()):
        for game, figures in sorted(value.items()) if isinstance(value, dict) else [("", value)]:
            lines.append(f"{key:10s} {game:14s} {json.dumps(figures)}")
    return lines


def write_report(path: pathlib.Path) -> None:
    """Write the figures as JSON (for the report script)."""
    data = {section: {f"{name}: {key}": n for (name, key), n in sorted(c.items())} for section, c in COUNTS.items()}
    data["figures"] = FIGURES
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, sort_keys=True))
