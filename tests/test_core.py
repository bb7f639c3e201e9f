"""The kernel contract (DESIGN.md, "The kernel contract"), checked on the registered games."""

import json

import pytest

import zongshi_widgets as zw
from zongshi_widgets.core import Chance, ScoreSheet, Timeline


def test_registry_lists_games_and_refuses_unknown_names():
    assert "gembloq" in zw.games()
    with pytest.raises(KeyError, match="no game named"):
        zw.game("chess")


def test_game_is_immutable_value():
    g = zw.game("gembloq", players=3)
    assert g == zw.game("gembloq", players=3)
    assert g != zw.game("gembloq", players=4)
    opts = g.options
    opts["x"] = 1
    assert "x" not in g.options
    with pytest.raises(AttributeError, match="immutable"):
        g.colours = 2


def test_chance_is_deterministic_and_round_trips():
    a, b = Chance(5), Chance(5)
    assert [a.randrange(100) for _ in range(10)] == [b.randrange(100) for _ in range(10)]
    c = Chance.from_json(json.loads(json.dumps(a.to_json())))
    assert c == a and c.randrange(10**9) == a.randrange(10**9)
    d = a.copy()
    assert d.randrange(10**9) == a.randrange(10**9)
    with pytest.raises(ValueError):
        Chance.from_json({"seed": 1})
    with pytest.raises(TypeError):
        Chance("7")


def test_scoresheet_ranks_with_tiebreak_and_shares_places():
    sheet = ScoreSheet(["a", "b", "c"], ["pts"], [[3], [3], [1]], [3, 3, 1], [(2,), (2,), (9,)], lower_wins=True)
    assert sheet.ranking == (2, 2, 1) and sheet.winners == (2,)
    sheet = ScoreSheet(["a", "b"], ["pts"], [[3], [3]], [3, 3], [(5,), (2,)], lower_wins=False)
    assert sheet.ranking == (1, 2) and sheet.winners == (0,)
    assert "winner: a" in str(sheet)
    assert "<table" in sheet._repr_html_()
    with pytest.raises(ValueError):
        ScoreSheet(["a"], ["pts"], [[1], [2]], [1, 2])


def test_timeline_undo_redo_and_branches():
    state = zw.game("gembloq", players=2).new_state()
    tl = Timeline(state)
    first, second = state.legal_actions()[:2]
    tl.play(first)
    reply = tl.state.legal_actions()[0]
    tl.play(reply)
    assert tl.cursor.ply == 2
    assert tl.undo() is tl.root.children[0].state
    assert tl.redo().history[-1] == reply
    tl.goto(0)
    tl.play(second)  # a new branch from the start; the old one is kept
    assert len(tl.branches()) == 2
    assert [str(n.action) for n in tl.line()[1:]] == [str(second)]
    tl.goto(2)
    assert [str(n.action) for n in tl.line()[1:]] == [str(first), str(reply)]
    tl.goto(0)
    assert tl.redo().history[-1] == first  # redo follows the line visited last
    tl.goto(0)
    tl.play(second)  # replaying an existing action revisits its branch
    assert len(tl) == 4
    with pytest.raises(IndexError):
        Timeline(state).undo()
    with pytest.raises(IndexError):
        tl.goto_ply(9)
    with pytest.raises(zw.IllegalAction):
        tl.play("zz1")
    assert tl.state.history == (second,)


def test_timeline_refuses_junk_ids_and_nodes_print_briefly():
    tl = Timeline(zw.game("gembloq", players=2).new_state())
    tl.play("n21,o21,n22,o22")
    for junk in ("0", None, 1.0, True, 5):
        with pytest.raises(KeyError, match="no position"):
            tl.node(junk)
    with pytest.raises(TypeError):
        tl.goto_ply("1")
    assert repr(tl.branches()) == "[[Node(0, ply=0, action=None), Node(1, ply=1, action='n21,o21,n22,o22')]]"


def test_games_is_both_the_list_and_the_package():
    import zongshi_widgets.games.gembloq as gq

    assert "gembloq" in zw.games() and gq.GembloQ is type(zw.game("gembloq"))


def test_unknown_game_options_are_named():
    with pytest.raises(ValueError, match="no option 'seed'"):
        zw.game("gembloq", seed=1)
    with pytest.raises(KeyError, match="no game named"):
        zw.game(["gembloq"])
