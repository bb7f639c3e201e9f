"""The Majolica ``end_cards`` option, for design experiments in the lab (issue 14, "Majolica
ending at 4 cards"): the rulebook's Game End with another number of design cards."""

from __future__ import annotations

import pytest

import zongshi_widgets as zw
from zongshi_widgets.lab import compare_variants

#: Only row 1 face up on the outer edge: taking it ends the round (rulebook, End of the Round).
LAST_TAKE = ["RYBG", "yBGr", "bGRy", "gryb"]


def pose(completed: list[str], **options):
    """Seat 0 (red) to take the round's last outer run, with ``completed`` design cards."""
    desc = {"step": "select", "to_move": 0, "start": 0, "first": 0, "grid": LAST_TAKE}
    desc["players"] = [{"completed": completed}, {}]
    return zw.game("majolica", players=2, **options).from_position(desc, seed=1)


def end_round(state):
    for action in ("take a1-d1", "place W1", "end"):
        state = state.play(action)
    return state


def test_the_book_ends_at_five_cards_and_four_ends_sooner():
    """Rulebook, Game End: 5 completed design cards at the end of a round end the game; with
    end_cards=4 four do, and the score sheet's note names the option's number."""
    four = ["D01", "D02", "D03", "D04"]
    assert not end_round(pose(four)).is_over  # the book: 4 are not enough
    assert end_round(pose(four + ["D05"])).is_over
    over = end_round(pose(four, end_cards=4))
    assert over.is_over and over.score_sheet().final
    assert not end_round(pose(["D01", "D02", "D03"], end_cards=4)).is_over


def test_end_cards_is_a_listed_validated_option():
    """The option is listed with the game's variants (book value first), kept in the game's
    options only when it differs from the book, and refused when it is no card count."""
    variants = dict(zw.game_type("majolica").variants)
    assert variants["end_cards"][0] == 5 and 4 in variants["end_cards"]
    assert zw.game("majolica", players=2).options == {}
    assert zw.game("majolica", players=2, end_cards=4).options == {"end_cards": 4}
    for bad in (0, 11, 4.0, "4", True, None):
        with pytest.raises(ValueError, match="end_cards"):
            zw.game("majolica", players=2, end_cards=bad)


def test_compare_variants_plays_majolica_at_four_cards():
    """The lab compares the book's ending with the 4-card ending on the same seeds."""
    result = compare_variants("majolica", {"5 cards (rulebook)": {}, "4 cards": {"end_cards": 4}}, ["random", "random"], games=1, jobs=1)
    assert list(result.games.index) == ["5 cards (rulebook)", "4 cards"]
    assert list(result.games.games) == [1, 1]


def test_the_command_line_takes_the_option_and_keeps_players_apart(capsys):
    """``--option end_cards=4`` reaches the game; the player count is ``--players``, and the
    error for a wrong option lists only the game's variant options."""
    from zongshi_widgets.lab.cli import main

    assert main(["simulate", "majolica", "--option", "players=3", "--games", "1"]) == 2
    assert "--players" in capsys.readouterr().err
    assert main(["simulate", "majolica", "--option", "end_card=4", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "end_cards" in err and "players," not in err
    assert main(["simulate", "majolica", "--option", "end_cards=0", "--games", "1"]) == 2
    assert "end_cards" in capsys.readouterr().err
