"""Engine options are normalised (newcomer report 2, findings 9 and 10): the fragmentation
workshops (docs/rulings/majolica.md §1 F: W3, the default from the component file) written out at their
default make the same game as leaving the option out, each workshop is named once, and the
board names an expansion listed twice as such (rulebook, Expansion Rules)."""

from __future__ import annotations

import pytest

import zongshi_widgets as zw
from zongshi_widgets.widgets.majolica import MajolicaBoard


def test_the_default_fragment_written_out_is_the_same_game():
    """docs/rulings/majolica.md §1 F: fragment="W3" is the default, so the game, its options and its saves
    are those of the game without the option."""
    spelled, plain = zw.game("majolica", players=2, fragment="W3"), zw.game("majolica", players=2)
    assert spelled == plain and spelled.options == plain.options == {}
    state = spelled.new_state(seed=1).play("start slot 1")
    assert plain.load_state(state.to_json()) == state


def test_fragment_sets_are_written_in_order_each_workshop_once():
    """docs/rulings/majolica.md §1 F (the variant): W2 and W3 in either order are one option value; a
    workshop named twice is refused."""
    a, b = zw.game("majolica", players=2, fragment="W3, W2"), zw.game("majolica", players=2, fragment="W2 W3")
    assert a == b and a.options == {"fragment": "W2 W3"} and a.frag == (False, True, True, False)
    assert zw.game("majolica", players=2, fragment="W2").options == {"fragment": "W2"}
    with pytest.raises(ValueError, match="each workshop once"):
        zw.game("majolica", players=2, fragment="W3 W3")


def test_an_expansion_listed_twice_is_named_as_such():
    """Expansion Rules: each expansion is on or off; listing one twice is an error that says so
    (not a clash with variant=, which was not given)."""
    with pytest.raises(ValueError, match=r"the expansion 'missions' is listed twice") as err:
        MajolicaBoard(expansions=["missions", "missions"])
    assert "variant" not in str(err.value)


def test_stall_rounds_none_the_book_setting_is_a_listed_variant():
    """Rulebook, Game End: the game ends only when a player completes 5 design cards, so the
    by-the-book setting of the engine's stall guard is ``stall_rounds=None``. It is one of the
    values ``game_type("majolica").variants`` offers (so boards and the lab can pick it), and
    it is declared ``unending`` (random play need not end with it), which the shared random-play
    harnesses leave out."""
    gt = zw.game_type("majolica")
    values = dict(gt.variants)["stall_rounds"]
    assert None in values and values[0] == 40
    assert ("stall_rounds", None) in gt.unending
    game = zw.game("majolica", players=2, stall_rounds=None)
    assert game.options == {"stall_rounds": None} and game.stall_rounds is None
    assert game.load_state(game.new_state(seed=1).to_json()).game == game
