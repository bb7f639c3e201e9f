"""The recorded playthroughs (``tests/playthroughs/majolica_*.txt``, written by
``scripts/playthroughs.py majolica``) still come out of the engine letter for letter."""

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


@pytest.mark.parametrize("players", zw.game_type("majolica").player_counts)
def test_playthrough_file_matches_the_engine(players):
    module = _module()
    path = module.OUT / f"majolica_{players}p_seed{module.SEED}.txt"
    assert path.exists(), f"run: python scripts/playthroughs.py majolica ({path.name} is missing)"
    assert module.record("majolica", players) == path.read_text(), f"{path.name} differs: the rules changed? regenerate with scripts/playthroughs.py"


def test_playthroughs_are_legal_games():
    text = (_module().OUT / "majolica_4p_seed1.txt").read_text()
    state = zw.game("majolica", players=4).new_state(seed=1)
    for line in text.splitlines():
        if line[:1].isdigit():
            head, action = line.split("] ", 1)
            assert int(head.rsplit("[", 1)[1]) == len(state.legal_actions())
            state = state.play(action)
    assert state.is_over and str(state.score_sheet()) in text
