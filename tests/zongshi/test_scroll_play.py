"""Zong Shi scroll play (issue #23, the last rule faults): when scrolls may be played, when they
reach the discard pile, and when the deck is remade. Each test cites the rulebook section
(Going to the Temple: Scrolls of Fortune; The Scrolls, in Detail; C. Passing) or the ruling of
``docs/rulings/zongshi.md``."""

from __future__ import annotations

import pytest

import zongshi_widgets as zw

from .test_rules import G4, illegal, nbox, pose, pv, texts


def test_ear_to_the_wall_needs_a_project_to_borrow():
    """The Scrolls, in Detail, An Ear to the Wall: "You may only play this scroll to use a project
    that you yourself have not built". With no opponent's completed project that the player lacks
    the scroll is not offered and playing it is refused, naming the rule; with one it is."""
    nobody = pose([{"scrolls": ["ear_to_the_wall"]}]).play("use master")
    assert "play ear_to_the_wall" not in texts(nobody)
    err = illegal(nobody, "play ear_to_the_wall", "scroll.ear-nothing-to-borrow")
    assert "An Ear to the Wall" in err.message and "The Scrolls, in Detail" in err.message
    # the only project another player completed is one the player has built too
    same = pose([{"scrolls": ["ear_to_the_wall"], "completed": ["gold_mastery"]}, {"completed": ["gold_mastery"]}]).play("use master")
    assert "play ear_to_the_wall" not in texts(same)
    illegal(same, "play ear_to_the_wall", "scroll.ear-nothing-to-borrow")
    some = pose([{"scrolls": ["ear_to_the_wall"], "completed": ["gold_mastery"]}, {"completed": ["gold_mastery", "jade_mastery"]}]).play("use master")
    assert "play ear_to_the_wall" in texts(some)
    assert texts(some.play("play ear_to_the_wall")) == ["borrow jade_mastery"]


def test_a_busy_master_plays_master_turn_scrolls_before_its_forced_pass():
    """Going to the Temple: Scrolls of Fortune: master-turn scrolls "must be played immediately
    before choosing between Beginning a Project, Going to a Location, or Passing"; C. Passing: a
    pawn working on a project must pass. Passing is one of those choices, so a busy master's
    turn may still begin with its master-turn scrolls (docs/rulings/zongshi.md T3), not with
    Apprentice is Gaining Experience; with ``scrolls_while_building=False`` it only passes."""
    desc = {
        "players": [
            {
                "scrolls": ["gift_from_the_priests", "swift_fingers", "apprentice_gaining_experience"],
                "master": {"at": "project", "building": ["merchant_statue"], "time": 1},
            }
        ],
        "lap": 1,
    }
    state = pose(**desc).play("use master")
    assert texts(state) == ["play gift_from_the_priests", "play swift_fingers", "pass"]
    illegal(state, "play apprentice_gaining_experience", "scroll.apprentice-experience")
    illegal(state, "market large", "project.busy")
    state = state.play("play swift_fingers")
    assert pv(state)["effects"].get("swift") and texts(state) == ["play gift_from_the_priests", "pass"]
    assert pv(state.play("pass"))["master"]["building"] == ["merchant_statue"]
    strict = pose(game=zw.game("zongshi", players=4, scrolls_while_building=False), **desc).play("use master")
    assert texts(strict) == ["pass"]
    err = illegal(strict, "play swift_fingers", "scroll.busy")
    assert "C. Passing" in err.message and "scrolls_while_building" in err.message
    # the busy master's own turn only: the apprentice still may not play master-turn scrolls
    appr = pose(**desc).play("use apprentice")
    illegal(appr, "play swift_fingers", "scroll.master-turn")


def test_played_scrolls_reach_the_discard_pile_when_the_scroll_playing_ends():
    """Going to the Temple: Scrolls of Fortune: "Once you have finished playing scrolls, discard
    the ones you played into a discard pile". Scrolls played this turn lie face up in front of
    the player (``in_play``) until the pawn's action; so Lessons of the Past cannot take back a
    scroll played earlier in the same turn, only one already in the pile."""
    state = pose([{"scrolls": ["gift_from_the_priests", "lessons_of_the_past"]}], scroll_discard=["writ_of_authority"]).play("use apprentice")
    state = state.play("play gift_from_the_priests")
    view = state.view(None)
    assert view["scroll_discard"] == ["writ_of_authority"] and pv(state)["in_play"] == ["gift_from_the_priests"]
    state = state.play("play lessons_of_the_past")
    assert texts(state) == ["retrieve writ_of_authority"]
    illegal(state, "retrieve gift_from_the_priests", "lessons.not-in-discard")
    state = state.play("retrieve writ_of_authority")
    assert pv(state)["in_play"] == ["gift_from_the_priests", "lessons_of_the_past"]
    assert state.game.load_state(state.to_json()) == state
    assert state.game.from_position(state.position()) == state
    state.check_invariants()
    state = state.play("pass")  # the action: the scrolls played go to the pile
    assert state.view(None)["scroll_discard"] == ["gift_from_the_priests", "lessons_of_the_past"]
    assert pv(state)["in_play"] == []
    state.check_invariants()


def _rest(*held):
    """Every scroll card of the 4-player game but ``held`` (a list of scroll ids)."""
    rest = list(G4.scroll_cards)
    for sid in held:
        rest.remove(sid)
    return rest


def test_the_deck_is_remade_as_soon_as_it_is_exhausted():
    """Going to the Temple: Scrolls of Fortune: "If the deck of scrolls becomes exhausted, shuffle
    the discard pile into a new draw deck" (docs/rulings/zongshi.md TE5): the draw of the last
    scroll remakes the deck at once, not at the next draw; the new order is secret (the public
    view gives its size only, a determinization deals its own order)."""
    rest = _rest("swift_fingers")
    state = pose([{}], scroll_deck=["swift_fingers"], scroll_discard=rest).play("use apprentice").play("temple")
    view = state.view(None)
    assert state.view(0)["hand"] == ["swift_fingers"]
    assert view["scroll_discard"] == [] and view["scroll_deck_size"] == len(rest)
    assert "scroll_deck" not in view and sorted(state.position()["scroll_deck"]) == sorted(rest)
    state.check_invariants()
    orders = {tuple(state.determinize(1, k).position()["scroll_deck"]) for k in range(4)}
    assert len(orders) > 1  # the determinization deals its own deck order
    # the deck ran out with nothing to shuffle: the first scrolls discarded become the new deck
    hand = ["gift_from_the_priests"]
    state = pose([{"scrolls": hand}], scroll_deck=[], scroll_discard=[], draft={"boxes": "", "scrolls": _rest(*hand)})
    state = state.play("use apprentice").play("play gift_from_the_priests")
    assert state.view(None)["scroll_deck_size"] == 0  # still in play, not discarded
    state = state.play("pass")
    assert state.view(None)["scroll_discard"] == [] and state.view(None)["scroll_deck_size"] == 1


def test_no_position_of_a_played_game_has_an_empty_deck_beside_a_discard_pile():
    """TE5 as an invariant over whole seeded random games (5 players: the deck runs out): after
    every action either the deck has scrolls or the discard pile is empty."""
    import random

    game = zw.game("zongshi", players=5)
    rng = random.Random(7)
    remade = 0
    for seed in range(2):
        state = game.new_state(seed=seed)
        deck = state.view(None)["scroll_deck_size"]
        while not state.is_over:
            legal = state.legal_actions()
            state = state.play(legal[rng.randrange(len(legal))])
            view = state.view(None)
            assert view["scroll_deck_size"] or not view["scroll_discard"], state.position()
            remade += view["scroll_deck_size"] > deck
            deck = view["scroll_deck_size"]
    assert remade  # the deck did run out and was remade in these games


ANY_TIME = ("fortune_brings_opportunity", "gift_from_the_priests", "lessons_of_the_past", "lucky_discovery")


def test_some_scrolls_may_be_played_at_any_time_as_the_component_data_says():
    """Going to the Temple: Scrolls of Fortune: "While some scrolls may be played at any time,
    most must be played at the beginning of your master's turn". Which ones is a component
    value (``timing = "any"``, provenance ``reconstructed``: docs/rulings/zongshi.md section 7):
    such a scroll may also be played after the pawn's action, at its owner's later decisions
    of the turn (here: donating at the Temple); a master-turn scroll may not."""
    comp = G4.components.scrolls
    assert sorted(sid for sid, s in comp.items() if s.timing == "any") == sorted(ANY_TIME)
    assert all(comp[sid].provenance == "reconstructed" for sid in ANY_TIME)
    state = pose([{"scrolls": ["gift_from_the_priests"] * 2 + ["swift_fingers"], "boxes": "gg"}]).play("use master").play("temple")
    assert texts(state) == ["donate gold", "draw", "play gift_from_the_priests"]
    illegal(state, "play swift_fingers", "scroll.before-action")
    state = state.play("play gift_from_the_priests")
    assert nbox(pv(state)["boxes"]) == 3 and pv(state)["in_play"] == ["gift_from_the_priests"]
    assert "play gift_from_the_priests" not in texts(state)
    illegal(state, "play gift_from_the_priests", "scroll.same-title")
    state = state.play("donate gold").play("draw")
    assert pv(state)["in_play"] == [] and state.view(None)["scroll_discard"][-1:] == ["gift_from_the_priests"]
    state.check_invariants()


def test_any_time_is_read_from_the_component_file(tmp_path):
    """The timing is data, not code: a component file that gives A Gift From the Priests the
    timing "either" takes its any-time play away (and a misspelt timing is refused)."""
    from importlib.resources import files

    text = (files("zongshi_widgets.games.zongshi") / "data" / "components.toml").read_text()
    head, _, tail = text.partition("[scrolls.gift_from_the_priests]")
    path = tmp_path / "cards.toml"
    path.write_text(head + "[scrolls.gift_from_the_priests]" + tail.replace('timing = "any"', 'timing = "either"', 1))
    game = zw.game("zongshi", players=4, components=str(path))
    assert game.components.scrolls["gift_from_the_priests"].timing == "either"
    state = pose([{"scrolls": ["gift_from_the_priests"], "boxes": "gg"}], game=game).play("use master").play("temple")
    assert texts(state) == ["donate gold", "draw"]
    illegal(state, "play gift_from_the_priests", "scroll.before-action")
    path.write_text(head + "[scrolls.gift_from_the_priests]" + tail.replace('timing = "any"', 'timing = "anytime"', 1))
    with pytest.raises(ValueError, match="timing"):
        zw.game("zongshi", players=4, components=str(path))
