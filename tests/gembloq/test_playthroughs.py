"""The recorded playthroughs (``tests/playthroughs/gembloq_*.txt``, written by
``scripts/playthroughs.py gembloq``) still come out of the engine letter for letter: one seeded
random game per player count, so a change of the placement rules, the legal-move generator or
the scoring shows up as a diff."""

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


CASES = list(_module().cases(["gembloq"]))


def test_every_player_count_has_a_playthrough():
    assert sorted(c[1] for c in CASES) == list(zw.game_type("gembloq").player_counts)


@pytest.mark.parametrize("case", CASES, ids=[c[3].name for c in CASES])
def test_playthrough_file_matches_the_engine(case):
    name, players, seed, path = case
    assert path.exists(), f"run: python scripts/playthroughs.py gembloq ({path.name} is missing)"
    text = _module().record(name, players, seed)
    assert text == path.read_text(), f"{path.name} differs: the rules changed? regenerate with scripts/playthroughs.py"


@pytest.mark.parametrize("players", [2, 4])
def test_playthroughs_are_legal_games(players):
    """Each line's legal-action count and action replay in the engine, read back from the text
    (the notation a player would type), to the same final score sheet."""
    path = next(c[3] for c in CASES if c[1] == players)
    text = path.read_text()
    state = zw.game("gembloq", players=players).new_state(seed=1)
    seats = zw.game("gembloq", players=players).seat_names
    moves = 0
    for line in text.splitlines():
        if line[:1].isdigit():
            head, action = line.split("] ", 1)
            assert head.split()[1] == seats[state.to_move]
            assert int(head.rsplit("[", 1)[1]) == len(state.legal_actions())
            state = state.play(action)
            moves += 1
    assert moves > 0 and state.is_over and str(state.score_sheet()) in text
