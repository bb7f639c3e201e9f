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


def test_game_type_checks_its_declaration():
    from zongshi_widgets.core import GameType

    gt = GameType("X", (2, 3), 2, hidden_information=True, chance=False)
    assert not gt.perfect_information
    assert zw.game_type("gembloq").perfect_information and zw.game_type("gembloq").lower_score_wins
    with pytest.raises(ValueError, match="ascending"):
        GameType("X", (3, 2), 2, hidden_information=False, chance=False)
    with pytest.raises(ValueError, match="default_players"):
        GameType("X", (2, 3), 4, hidden_information=False, chance=False)


def test_registry_entries_name_their_parts_without_importing_them():
    from zongshi_widgets.core import load_ref, register, registration, unregister

    entry = registration("gembloq")
    assert entry.board == "zongshi_widgets.widgets.gembloq:GembloQBoard" and entry.lessons == "zongshi_widgets.tutor.gembloq"
    with pytest.raises(ValueError, match="module:attribute"):
        register("bad", "no-colon-here", "x")
    with pytest.raises(ValueError, match="module:attribute"):
        register("bad", "a:b", "x", board="nocolon")
    assert "bad" not in zw.games()
    register("temp", "zongshi_widgets.games.gembloq:GembloQ", "temporary")
    assert zw.game("temp", players=2).players == 2
    unregister("temp")
    with pytest.raises(KeyError, match="no game named 'temp'"):
        registration("temp")
    assert load_ref("zongshi_widgets.core:Chance") is Chance
    with pytest.raises(ValueError):
        load_ref("zongshi_widgets.core")


def test_positions_from_descriptions_are_checked_and_saved_with_their_origin():
    game = zw.game("sealed_bids", players=2)
    toml = """
    hands = [[1, 2, 3], [13, 14, 15]]
    prize = 5
    """
    state = game.from_position(toml, seed=8)
    assert state.view(0)["hand"] == [1, 2, 3] and state.view(1)["hand"] == [13, 14, 15]
    assert "hand" not in state.view(None) and state.view(None)["prize"] == 5
    assert state.origin == {"hands": [[1, 2, 3], [13, 14, 15]], "prize": 5}
    assert game.from_position('{"hands": [[1, 2, 3], [13, 14, 15]], "prize": 5}', seed=8) == state
    after = state.play("bid 3")
    assert game.load_state(after.to_json()) == after
    for bad, why in (
        ({"hands": [[1, 2, 3], [3, 4, 5]]}, "two places"),
        ({"hands": [[1, 2, 3]]}, "one entry per seat"),
        ({"hands": [[1, 2, 3, 4, 5], [6]]}, "at most 4"),
        ({"hands": [[1], [2]], "prize": 9}, "not a prize"),
        ({"colour": "red"}, "unknown position keys"),
        ({"x": {1, 2}}, "JSON-able"),
        ([1, 2], "dict"),
    ):
        with pytest.raises(ValueError, match=why):
            game.from_position(bad)
    data = json.loads(after.to_json())
    data["origin"] = {"hands": [[1, 1, 1], [2, 3, 4]]}
    with pytest.raises(zw.CorruptSave, match="starting position"):
        game.load_state(json.dumps(data))
    data["origin"] = "hands = 1"
    with pytest.raises(zw.CorruptSave, match="starting position"):
        game.load_state(json.dumps(data))


def test_turns_group_the_steps_of_one_seat():
    state = zw.game("sealed_bids", players=2).new_state(seed=1)
    first = state.turn
    assert (first.round, first.turn, first.step, first.seat) == (1, 1, "bid", 0)
    after_bid = state.play(state.legal_actions()[0])
    assert after_bid.turn.turn == 1 and after_bid.turn.step == "draw" and after_bid.turn.seat == 0
    after_draw = after_bid.play("pass")
    assert after_draw.turn.turn == 2 and after_draw.turn.seat == 1
    gq = zw.game("gembloq", players=2).new_state()
    assert gq.turn.turn == 1 and gq.turn.step is None and gq.turn.round is None


def test_odd_input_to_the_kernel_gets_plain_errors():
    game = zw.game("sealed_bids", players=2)
    state = game.new_state(seed=1)
    action = state.legal_actions()[0]
    for bad in (-1, 2, "north", 1.0, True):
        with pytest.raises((TypeError, ValueError)):
            state.action_text(action, bad)
    assert state.action_text(action, 1) == "bid a card" and state.action_text(action, None) == "bid a card"
    with pytest.raises(TypeError, match="load_state takes"):
        game.load_state(None)
    with pytest.raises(ValueError, match="not a sealed_bids position description"):
        game.from_position({"hands": [None, 5]})
    with pytest.raises(KeyError) as err:
        zw.game("nope")
    assert str(err.value).startswith("no game named 'nope'")


def test_timeline_branches_of_a_very_long_game():
    """A line longer than Python's recursion limit (a long game with undo and bots) lists its
    branches, oldest first, each from the root to its leaf."""
    import sys

    from zongshi_widgets.core import Timeline
    from zongshi_widgets.core.timeline import Node

    state = zw.game("art_gallery", players=2).new_state(seed=1)
    timeline = Timeline(state)
    node, fork = timeline.root, None
    for i in range(sys.getrecursionlimit() + 200):  # the tree's shape is what matters here
        child = Node(i + 1, state, parent=node, action=f"a{i}")
        node.children.append(child)
        fork = fork or (node if i == 10 else None)
        node = child
    side = Node(10**6, state, parent=fork, action="b")
    fork.children.append(side)
    branches = timeline.branches()
    assert [len(b) for b in branches] == [sys.getrecursionlimit() + 201, 12]
    assert all(b[0] is timeline.root for b in branches) and branches[0][-1] is node and branches[1][-1] is side
