"""Boards bound to one game: ``ZongShiBoard(players=4, seats=..., seed=1)`` and the like."""

import json

import pytest

import zongshi_widgets as zw
from zongshi_widgets.widgets import ArtGalleryBoard, MajolicaBoard, ZongShiBoard, board_class


@pytest.mark.parametrize(("cls", "name", "players"), [(ZongShiBoard, "zongshi", 3), (ArtGalleryBoard, "art_gallery", 2)])
def test_named_board_starts_the_game_and_is_registered(cls, name, players):
    board = cls(players=players, seats=["human"] + ["random"] * (players - 1), seed=3, bot_delay=0)
    assert board.state.game.name == name and board.state.game.players == players
    assert board_class(name) is cls
    assert list(board.seats) == ["human"] + ["random"] * (players - 1)
    again = cls(players=players, seats=["human"] + ["random"] * (players - 1), seed=3, bot_delay=0)
    assert again.state.digest() == board.state.digest()  # the seed decides the deal


def test_named_board_refuses_another_games_state_and_odd_options():
    other = zw.game("gembloq", players=2).new_state(seed=1)
    with pytest.raises(ValueError, match="needs a state of zongshi, not a state of gembloq"):
        ZongShiBoard(state=other)
    with pytest.raises(TypeError, match="variant must be a dict"):
        ZongShiBoard(variant=["x"])
    with pytest.raises(ValueError, match="no option"):
        ZongShiBoard(variant={"no_such_rule": True})
    with pytest.raises(TypeError, match="unexpected keyword"):
        ArtGalleryBoard(plyers=3)


def test_named_board_takes_a_variant_and_a_posed_state():
    board = ZongShiBoard(players=4, variant={"exchange_uses_per_payment": 2}, seats=["human"] * 4)
    assert board.state.game == zw.game("zongshi", players=4, exchange_uses_per_payment=2)
    start = zw.game("art_gallery", players=3).new_state(seed=5)
    shown = ArtGalleryBoard(state=start, seats=["human"] * 3)
    assert shown.state.digest() == start.digest()
    with pytest.raises(TypeError, match="variant= makes a new game"):
        ArtGalleryBoard(state=start, variant={"x": 1})


def test_a_rule_option_given_to_a_board_points_to_variant():
    """A game's rule option passed straight to its board says how to pass it (variant=)."""
    with pytest.raises(TypeError, match=r"masterwork_display is a rule option of zongshi: pass it as variant=\{'masterwork_display': 3\}"):
        ZongShiBoard(players=3, masterwork_display=3)
    with pytest.raises(TypeError, match="variant="):
        ArtGalleryBoard(players=3, shop_may_pass=False)


def test_a_board_made_without_a_seed_deals_a_fresh_game_and_tells_its_seed_once_it_is_over():
    """Unseeded boards used to deal seed 1 every time, the bots' hidden hands included (issue
    #24): now each deals afresh, keeps its seed to replay it, and shows the seed in the browser
    only when the game is over (during the game it would give away every hand)."""
    a, b = (ArtGalleryBoard(players=3, seats=["human", "random", "random"], bot_delay=0) for _ in range(2))
    assert a.seed != b.seed and a.state.digest() != b.state.digest()
    assert zw.game("art_gallery", players=3).new_state(seed=a.seed).digest() == a.session.timeline.root.state.digest()
    assert a.cursor["seed"] is None and str(a.seed) not in json.dumps(a.get_state(), default=str)
    a.seats = ["random", "random", "random"]
    a.run_bots()
    assert a.state.is_over and a.cursor["seed"] == str(a.seed)
    assert ArtGalleryBoard(players=3, seed=7).seed == 7
    # every named board, Majolica's included (it dealt seed 1 by default until the #24 audit)
    for cls in (MajolicaBoard, ZongShiBoard):
        first, second = cls(), cls()
        assert first.seed != second.seed, cls.__name__
        first.close()
        second.close()
