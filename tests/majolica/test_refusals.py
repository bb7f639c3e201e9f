"""Refusals name the rule they break (house rule: a stable rule id and the rulebook section in
plain words, the state unchanged), not the catch-all ``majolica.action.not-legal``: the cases
of newcomer report 2, finding 5 (rulebook, 1. Select Majolica Tiles C; 2. Place Majolica
Tiles; Run Workshop(s) I; Tip 1; Mission Cards)."""

from __future__ import annotations

import zongshi_widgets as zw

from .conftest import play, pose


def test_a_rearrangement_keeps_each_slotted_card_once(refuse):
    """Rulebook, 1. Select Majolica Tiles C (Rearrange Their Slots): the slotted cards change
    places; a card cannot fill two slots, leave the board or come in; and only a turn that chose
    option C rearranges."""
    s = play(pose(me={"slots": ["S1", "-", "D09"], "cards": {"S1": "R", "D09": "YY"}}), "take a1 + arrange")
    assert "one slot only" in refuse(s, "arrange S1 S1 -", "majolica.arrange.one-slot").message
    refuse(s, "arrange - - -", "majolica.arrange.same-cards")
    refuse(s, "arrange S1 D09 D05", "majolica.arrange.same-cards")
    refuse(s, "arrange S1 D09", "majolica.notation")
    refuse(s, "arrange S1 XX D09", "majolica.notation")
    t = play(pose(me={"slots": ["S1", "-", "D09"]}), "take a1-d1")
    assert "1. Select Majolica Tiles C" in refuse(t, "arrange D09 - S1", "majolica.arrange.option-c").message


def test_discards_name_a_tile_the_workshop_holds(refuse):
    """Rulebook, Tip 1 (discard at any time) and 2. Place Majolica Tiles (overflow): the tile
    discarded is one of the workshop's; a colour or workshop that does not exist is notation."""
    s = play(pose(me={"workshops": ["RRYY", "", "", ""]}), "take a1-d1")
    assert "W1 holds no P tile" in refuse(s, "discard W1 P", "majolica.discard.no-tile").message
    refuse(s, "discard W4 R", "majolica.discard.no-tile")
    refuse(s, "discard W5 R", "majolica.notation")
    refuse(s, "discard W1 X", "majolica.notation")
    s = pose(me={"workshops": ["", "RRYYB", "", ""]})
    s = play(s, "take a1-a4", "place W2")  # 5 + 4 tiles in W2 (6 spaces): overflow
    assert s.step == "overflow" and all(a.startswith("discard ") for a in s.legal_actions())
    refuse(s, "discard P", "majolica.discard.no-tile")
    refuse(s, "discard X", "majolica.notation")


def test_placements_slots_and_moves_written_wrongly_are_notation(refuse):
    """Rulebook, Player Board (four workshops W1-W4, three card slots) and Run Workshop(s):
    a workshop, slot or colour that does not exist is a notation error, not a broken rule."""
    s = play(pose(), "take a1-d1")
    for bad in ("place W5", "place W0", "place", "place W1 W2"):
        assert "W1 to W4" in refuse(s, bad, "majolica.notation").message
    refuse(s, "slot 4", "majolica.notation")
    m = play(pose(me={"workshops": ["RRRYY", "", "", ""], "slots": ["S1", "-", "-"]}), "take b1 + arrange", "place W1")
    assert m.step == "move"
    assert "R, Y, B or G" in refuse(m, "move X", "majolica.notation").message
    refuse(m, "move", "majolica.notation")
    refuse(m, "move B", "majolica.run.card-space")  # a colour, but no open space of it


def test_fragmentation_names_a_tile_of_the_running_workshop(refuse):
    """Rulebook, Run Workshop(s) D/I (fragmentation) and Mission Cards (M2): the fragmented
    tile is one of the workshop's own; only M2's holder puts it onto the mission card."""
    s = pose(me={"workshops": ["", "", "RRY", ""], "slots": ["-", "-", "D09"], "mission": "M2"}, options={"missions": True}, missions_open=["M1"])
    s = play(s, "take b1 + arrange", "place W3", "move R", "stop")
    assert s.step == "fragment"
    assert "W3 holds no B tile" in refuse(s, "fragment B mission", "majolica.run.fragment-tile").message
    refuse(s, "fragment B", "majolica.run.fragment-tile")
    refuse(s, "fragment X", "majolica.notation")
    refuse(s, "fragment Y onto", "majolica.notation")
    t = pose(me={"workshops": ["", "", "RRY", ""], "slots": ["-", "-", "D09"], "mission": "M1"}, options={"missions": True}, missions_open=["M2"])
    t = play(t, "take b1 + arrange", "place W3", "move R", "stop")
    refuse(t, "fragment Y mission", "majolica.mission.m2")


def test_setup_and_end_written_wrongly(refuse):
    """Mission Cards (Setup: a card on offer) and the end of the turn: unreadable words are
    notation; a mission card not on offer says so."""
    s = zw.game("majolica", players=2, missions=True).new_state(seed=1)
    assert s.step == "mission"
    offered = {a.split()[1] for a in s.legal_actions()}
    gone = next(f"M{k}" for k in range(1, 9) if f"M{k}" not in offered)
    refuse(s, "mission M9", "majolica.notation")
    assert f"{gone} is not on offer" in refuse(s, f"mission {gone}", "majolica.mission.taken").message
    while s.step != "finish":
        s = s.play(next(a for a in s.legal_actions() if not a.startswith("discard")))
    refuse(s, "end now", "majolica.notation")


def test_fragmentation_and_run_discard_refusals_cite_the_right_source(refuse):
    """The fragmentation refusal cites Run Workshop(s) D (the fragmentation icon), not I (the
    shovels); a discard while a workshop runs is refused by the engine's ruling (Tip 1 allows
    discards at any time of the turn; that a run's own steps come first is
    docs/rulings/majolica.md R6.2), so its refusal names that ruling, not the rulebook."""
    s = pose(me={"workshops": ["", "", "RRY", ""], "slots": ["-", "-", "D09"]})
    m = play(s, "take b1 + arrange", "place W3")
    assert m.step == "move"
    err = refuse(m, "discard W3 Y", "majolica.discard.during-run")
    assert "docs/rulings/majolica.md R6.2" in err.message and "rulebook" not in err.message.replace("Tip 1", "")
    f = play(m, "move R", "stop")
    assert f.step == "fragment"
    refuse(f, "discard W3 Y", "majolica.discard.during-run")
    msg = refuse(f, "fragment B", "majolica.run.fragment-tile").message
    assert "Run Workshop(s) D" in msg and "Run Workshop(s) I" not in msg
