"""The recorded playthroughs (``tests/playthroughs/majolica_*.txt``, written by
``scripts/playthroughs.py majolica``) still come out of the engine letter for letter: one game
per player count, and one 3-player game with all three expansions."""

import importlib.util
import pathlib

import pytest

import zongshi_widgets as zw

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "playthroughs.py"


def _module():
    spec = importlib.util.spec_from_file_location("playthroughs", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CASES = list(_module().cases(["majolica"], with_options=True))


@pytest.mark.parametrize("case", CASES, ids=[c[3].name for c in CASES])
def test_playthrough_file_matches_the_engine(case):
    name, players, seed, path, options = case
    assert path.exists(), f"run: python scripts/playthroughs.py majolica ({path.name} is missing)"
    text = _module().record(name, players, seed, options)
    assert text == path.read_text(), f"{path.name} differs: the rules changed? regenerate with scripts/playthroughs.py"


def test_playthroughs_are_legal_games():
    """Each line's legal-action count and action replay in the engine (all expansions on)."""
    path = next(c[3] for c in CASES if c[4])
    text = path.read_text()
    state = zw.game("majolica", players=3, cascading_bloom=True, kaleidoscopic=True, missions=True).new_state(seed=2)
    for line in text.splitlines():
        if line[:1].isdigit():
            head, action = line.split("] ", 1)
            assert int(head.rsplit("[", 1)[1]) == len(state.legal_actions())
            state = state.play(action)
    assert state.is_over and str(state.score_sheet()) in text
