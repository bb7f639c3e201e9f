"""Bad calls of the Python API a newcomer made, each answered by one clear error: the game's
display name, the player counts with their type, what ``explain`` takes, how many games the lab
plays, Majolica's expansions by name, the keys a refused position description leaves out, and
a save's longest history."""

import copy
import importlib
import json
import random
from pathlib import Path

import pytest

import zongshi_widgets as zw
from zongshi_widgets.agents import explain
from zongshi_widgets.core import CorruptSave, GameType
from zongshi_widgets.core.schema import load_schema
from zongshi_widgets.lab import compare_variants, simulate
from zongshi_widgets.lab.cli import main

core_game = importlib.import_module("zongshi_widgets.core.game")  # the module (zongshi_widgets.core.game is also zw.game)

GAMES = ["art_gallery", "gembloq", "majolica", "zongshi"]
SHOWN = {"art_gallery": "Art Gallery", "gembloq": "GembloQ", "majolica": "Majolica", "zongshi": "Zong Shi"}
PLAYERS = {"art_gallery": "2 to 6 players", "gembloq": "1 to 4 players", "majolica": "1 to 4 players", "zongshi": "3 to 5 players"}


@pytest.mark.parametrize("name", GAMES)
def test_an_unknown_option_is_refused_with_the_games_display_name(name):
    with pytest.raises(ValueError) as refused:
        zw.game(name, foo=1)
    text = str(refused.value)
    assert text.startswith(f"{SHOWN[name]} has no option 'foo'; its options are: players, components, ")
    assert text.endswith("(seeds go to new_state(seed=...))")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", ["2", 9, 0, 2.0, True])
def test_a_bad_player_count_says_what_is_expected_and_its_type(name, players):
    with pytest.raises(ValueError) as refused:
        zw.game(name, players=players)
    assert str(refused.value) == f"{SHOWN[name]} is for {PLAYERS[name]} (an int), not {players!r}"


def test_player_counts_are_never_printed_as_1_players():
    from zongshi_widgets.core.gametype import plural

    assert plural(1, "player") == "1 player" and plural(2, "player") == "2 players"
    assert GameType("Solo", (1,), 1, False, False).players_text() == "1 player"
    assert GameType("Pair", (2, 4), 2, False, False).players_text() == "2 or 4 players"
    with pytest.raises(ValueError, match=r"^Solo is for 1 player \(an int\), not 2$"):
        GameType("Solo", (1,), 1, False, False).check_players(2)
    # a solo save loaded into a two-player game
    save = zw.game("gembloq", players=1).new_state(seed=1).to_json()
    with pytest.raises(CorruptSave) as refused:
        zw.game("gembloq", players=2).load_state(save)
    assert "for 1 player with options" in str(refused.value) and "not 2 players with" in str(refused.value)
    with pytest.raises(ValueError, match="need one bot per seat: 1 seat, 2 bots"):
        simulate(zw.game("gembloq", players=1), ["random", "random"], games=1)


def test_the_command_line_counts_a_solo_games_seats_in_the_singular(capsys):
    assert main(["simulate", "gembloq", "--players", "1", "--bots", "random,random", "--games", "1", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "1 seat needs 1 bot (or one for all), not 2" in err and "1 seats" not in err


@pytest.mark.parametrize(("value", "shown"), [(None, "None"), ("gembloq", "the str 'gembloq'"), (3, "the int 3")])
def test_explain_names_what_it_takes_in_one_sentence(value, shown):
    with pytest.raises(TypeError) as refused:
        explain(value)
    assert str(refused.value) == f"explain takes a position, a State such as game.new_state(seed=1) or board.state, not {shown}"


@pytest.mark.parametrize("games", [-1, 0])
def test_simulate_refuses_fewer_than_one_game_with_a_value_error(games):
    with pytest.raises(ValueError, match=f"^games must be at least 1, not {games}$"):
        simulate(zw.game("gembloq", players=2), ["random", "random"], games=games)


def test_simulate_and_the_command_line_refuse_no_games_in_the_same_words(capsys):
    with pytest.raises(ValueError) as refused:
        simulate(zw.game("gembloq", players=2), ["random", "random"], games=0)
    assert main(["simulate", "gembloq", "--players", "2", "--bots", "random", "--games", "0", "--no-progress"]) == 2
    assert capsys.readouterr().err.strip() == f"zongshi-widgets simulate: --{refused.value}"
    with pytest.raises(TypeError, match="games must be a whole number of games"):
        simulate(zw.game("gembloq", players=2), ["random", "random"], games=1.5)
    with pytest.raises(ValueError, match="^games must be at least 1 per variant, not 0$"):
        compare_variants("gembloq", {"a": {}, "b": {"colors": 4}}, ["random", "random"], games=0)


def test_majolica_takes_its_expansions_by_name_as_the_board_does():
    assert zw.game("majolica", expansions=["missions", "cascading_bloom"]) == zw.game("majolica", missions=True, cascading_bloom=True)
    assert zw.game("majolica", expansions=[]) == zw.game("majolica")
    known = "cascading_bloom, kaleidoscopic, missions"
    with pytest.raises(ValueError, match=f"^unknown Majolica expansion 'bloom'; the expansions are {known}$"):
        zw.game("majolica", expansions=["bloom"])
    with pytest.raises(TypeError, match=r"not 'missions' \(one expansion is a list of one: \['missions'\]\)"):
        zw.game("majolica", expansions="missions")
    for odd in (5, {"missions": True}, True):
        with pytest.raises(TypeError, match=f"expansions is a list of expansion names \\({known}\\), not "):
            zw.game("majolica", expansions=odd)
    with pytest.raises(TypeError, match="not a list holding 1"):
        zw.game("majolica", expansions=[1])
    with pytest.raises(ValueError, match="'missions' is listed twice"):
        zw.game("majolica", expansions=["missions", "missions"])
    with pytest.raises(ValueError, match="given both in expansions= and as missions=True"):
        zw.game("majolica", expansions=["missions"], missions=True)


def _midgame(name):
    state = zw.game(name).new_state(seed=3)
    rng = random.Random(1)
    for _ in range(25):
        if state.is_over:
            break
        state = state.play(rng.choice(list(state.legal_actions())))
    return state


@pytest.mark.parametrize("name", ["art_gallery", "majolica", "zongshi"])
def test_a_description_missing_a_key_is_refused_naming_the_key(name):
    """A whole description (a position()) with one key dropped: that part is set up afresh, and
    when the result is not a position the refusal says which key was left out."""
    state = _midgame(name)
    full = state.position()
    refused = 0
    for key in full:
        part = copy.deepcopy(full)
        del part[key]
        try:
            state.game.from_position(part, seed=1)
        except ValueError as exc:
            refused += 1
            assert f"this description leaves out {key!r}" in str(exc)
    assert refused >= 2
    assert state.game.from_position(full, seed=1).digest() == state.digest()


def test_a_sparse_description_gets_no_list_of_what_it_leaves_out():
    with pytest.raises(ValueError) as refused:
        zw.game("majolica").from_position({"step": "run"})
    assert "'step' is one of" in str(refused.value) and "leaves out" not in str(refused.value)


def test_a_save_with_an_overlong_history_is_refused_first_and_before_any_replay(monkeypatch):
    game = zw.game("gembloq", players=2)
    data = json.loads(game.new_state(seed=1).to_json())
    data["history"] = ["b27,c27"] * 10**6

    def no_walk(*args, **kwargs):
        raise AssertionError("the schema walked the history")

    monkeypatch.setattr(core_game, "validate", no_walk)
    monkeypatch.setattr(type(game.new_state(seed=1)), "play", no_walk)
    with pytest.raises(CorruptSave) as refused:
        game.load_state(json.dumps(data))
    assert str(refused.value).startswith("the save's history is too long to load: 1,000,000 actions, over the limit of 100,000")


def test_the_history_limit_is_documented_and_far_above_real_games():
    assert core_game.MAX_HISTORY == 100_000
    assert load_schema("zongshi_widgets.core", "save.schema.json")["properties"]["history"]["maxItems"] == core_game.MAX_HISTORY
    assert "100,000" in zw.game("gembloq").load_state.__doc__
    plays = Path(__file__).parent / "playthroughs"
    longest = max(len(p.read_text(encoding="utf-8").splitlines()) for p in plays.glob("*.txt"))
    assert 0 < longest * 20 < core_game.MAX_HISTORY
