"""Playthrough files (OpenSpiel-style regression records): seeded Zong Shi games recorded as
text (each action with its legal count, then the score sheet) by ``scripts/playthroughs.py``;
regenerated here and compared line by line."""

from __future__ import annotations

import importlib.util
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("playthroughs", ROOT / "scripts" / "playthroughs.py")
playthroughs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(playthroughs)

CASES = list(playthroughs.cases(["zongshi"]))


@pytest.mark.parametrize("name,players,seed,path", CASES, ids=[c[3].name for c in CASES])
def test_playthrough_matches_the_recorded_file(name, players, seed, path):
    assert path.exists(), f"missing {path.name}: run python scripts/playthroughs.py {name}"
    want = path.read_text().splitlines()
    got = playthroughs.record(name, players, seed).splitlines()
    for i, (w, g) in enumerate(zip(want, got)):
        assert w == g, f"{path.name} line {i + 1} differs: recorded {w!r}, now {g!r}"
    assert len(want) == len(got)
    assert "winner" in got[-2] or "winner" in got[-1] or any(line.startswith("winner") for line in got[-3:])
