"""What a position shows, in words: the table as every seat sees it
(:meth:`MajolicaState.public_view`) and the whole position as a readable description
(:meth:`MajolicaState.position`, the keys :mod:`.setup` builds a position from). Majolica has no
seat-specific hidden information; the deck's order and the solo stack's order are left out of the
public view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import card_text
from .notation import COL, MISSIONS, STEP_TEXT, _tiles

if TYPE_CHECKING:
    from .state import MajolicaState


def public_view(state: MajolicaState) -> dict:
    """See :meth:`MajolicaState.public_view`."""
    g = state.game
    out = {"round": state.round, "start_player": g.seat_names[state.start], "step": STEP_TEXT.get(state.step, "") if state.seat is not None else "game over"}
    if g.solo:
        out["revealed"] = " ".join(COL[c] for c in state.revealed) or "–"
        out["face_down"] = len(state.stack)
    else:
        out["grid"] = [" ".join(COL[state.grid[r * 4 + c]] if state.up >> (r * 4 + c) & 1 else "·" for c in range(4)) for r in range(4)]
    out["display"] = [card_text(g, i) for i in state.display]
    out["deck_size"] = len(state.deck)
    out["deck_bottom"] = [g.cids[i] for i in state.deck[len(state.deck) - state.known :]]
    out["city_hall"] = f"{state.city[0]} purple tiles, {state.city[1]} one-point tokens"
    out["purple_out"] = state.purple_out
    boards = []
    for s, p in enumerate(state.players):
        rec = {"player": g.seat_names[s]}
        for w in range(4):
            rec[f"W{w + 1}"] = _tiles(p.ws[w]) or "–"
        for k, (i, f) in enumerate(zip(p.slots, p.fills)):
            rec[f"slot {k + 1}"] = f"{card_text(g, i)} holds {_tiles(f) or 'nothing'}" if i >= 0 else "–"
        rec["completed"] = " ".join(g.cids[i] for i in p.done) or "–"
        rec["tokens"] = p.tokens
        rec["purple tiles taken"] = p.purples
        if g.bloom:
            rec["Bloom tokens"] = p.blooms
        if g.use_missions:
            rec["mission"] = f"M{p.mission + 1}: {MISSIONS[p.mission]}" if p.mission >= 0 else "–"
            if p.mission in (1, 3):
                rec["mission tiles"] = "".join(COL[c] for c in range(4) if p.mstore >> c & 1) or "–"
        if state.starting[s] >= 0:
            rec["starting card to slot"] = card_text(g, state.starting[s])
        boards.append(rec)
    out["boards"] = boards
    now = {}
    if state.pend is not None:
        now["tiles to place"] = _tiles(state.pend)
    if state.pcard >= 0:
        now["card to slot"] = card_text(g, state.pcard)
    if state.parr:
        now["rearrangement"] = "to do"
    if state.ran:
        now["workshops run"] = " ".join(f"W{w + 1}" for w in range(4) if state.ran >> w & 1)
    if state.run:
        now["running"] = f"W{state.run[0] + 1}, {state.run[1]} moved"
    if state.over >= 0:
        now["overflowing"] = f"W{state.over + 1}"
    if state.bonus:
        now["hand-icon tiles"] = state.bonus
    if state.took4 and g.use_missions:
        now["4-tile take"] = "yes"
    out["this_turn"] = now or "–"
    if g.use_missions:
        out["missions_open"] = [f"M{m + 1}: {MISSIONS[m]}" for m in state.missions_open] or "–"
        out["first_to_3_cards"] = g.seat_names[state.first3] if state.first3 >= 0 else "–"
        out["two_cards_in_a_turn"] = [g.seat_names[x] for x in range(g.players) if state.m8 >> x & 1] or "–"
    out["score"] = [sum(row) for row in state.score_sheet().values]
    return out


def position(state: MajolicaState) -> dict:
    """See :meth:`MajolicaState.position` (the inverse of :func:`.setup._build`)."""
    g = state.game
    cid = [c.id for c in g.cards]
    out = {
        "round": state.round,
        "turn": state.turnno,
        "start": state.start,
        "first": state.first,
        "to_move": state.start if state.seat is None else state.seat,
        "step": state.step,
        "setup": state.setup,
        "last_completion_round": state.lastc,
        "over": state.seat is None,
    }
    if g.solo:
        out["stack"] = "".join(COL[c] for c in state.stack)
        out["revealed"] = "".join(COL[c] for c in state.revealed)
        out["flipped"] = _tiles(state.flipped)
    else:
        out["grid"] = [
            "".join(COL[state.grid[r * 4 + c]] if state.up >> (r * 4 + c) & 1 else COL[state.grid[r * 4 + c]].lower() for c in range(4)) for r in range(4)
        ]
    out["display"] = [cid[i] for i in state.display]
    out["deck"] = [cid[i] for i in state.deck]
    out["deck_known"] = state.known
    out["city_hall"] = {"purple": state.city[0], "points": state.city[1]}
    out["purple_out"] = state.purple_out
    players = []
    for s, p in enumerate(state.players):
        players.append(
            {
                "workshops": [_tiles(ws) for ws in p.ws],
                "slots": [cid[i] if i >= 0 else "-" for i in p.slots],
                "cards": {cid[i]: _tiles(f) for i, f in zip(p.slots, p.fills) if i >= 0},
                "completed": [cid[i] for i in p.done],
                "tokens": p.tokens,
                "purples": p.purples,
                "blooms": p.blooms,
                "mission": f"M{p.mission + 1}" if p.mission >= 0 else "",
                "mission_tiles": "".join(COL[c] for c in range(4) if p.mstore >> c & 1),
                "starting": cid[state.starting[s]] if state.starting[s] >= 0 else "",
            }
        )
    out["players"] = players
    if g.use_missions:
        out["missions_open"] = [f"M{m + 1}" for m in state.missions_open]
    out["first3"] = state.first3
    out["two_in_a_turn"] = [s for s in range(g.players) if state.m8 >> s & 1]
    out["pending"] = {
        "tiles": None if state.pend is None else _tiles(state.pend),
        "card": cid[state.pcard] if state.pcard >= 0 else "",
        "arrange": state.parr,
        "took4": state.took4,
        "ran": [w + 1 for w in range(4) if state.ran >> w & 1],
        "completed": state.ncomp,
        "bonus": state.bonus,
        "bloomed": state.bloomed,
    }
    if out["pending"]["tiles"] is None:
        del out["pending"]["tiles"]
    out["run"] = {"workshop": state.run[0] + 1, "moved": state.run[1], "phase": state.run[2]} if state.run else None
    out["overflow"] = state.over + 1
    return out
