"""Why an action is not legal: :func:`_diagnose` raises the :class:`IllegalAction` that names
the broken rule (a ``majolica.*`` rule id) and its rulebook section, or says how the notation is
written when the text cannot be read. Called by :meth:`MajolicaState.check` for an action not in
the legal list (rulebook, Gameplay; Run Workshop(s); Purple Tiles; Tip 1; Mission Cards).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zongshi_widgets.core import IllegalAction

from .notation import BORDER, LETTERS, LINES, STEP_TEXT, _cell

if TYPE_CHECKING:
    from .state import MajolicaState


def _diagnose(s: MajolicaState, action) -> None:
    """Raise the IllegalAction that names the broken rule for an action not in the legal list."""
    legal = s.legal_actions()
    sample = ", ".join(repr(a) for a in legal[:6]) + (" ..." if len(legal) > 6 else "")
    if not isinstance(action, str):
        raise IllegalAction("majolica.notation", f"{action!r} is not a Majolica action (actions are notations such as 'take a1-d1')")
    words = action.split()
    verb = words[0].lower() if words else ""
    step_of = {
        "mission": ("mission", "place"), "start": ("start",), "take": ("select",), "place": ("place",), "slot": ("place",), "arrange": ("place",),
        "run": ("choose",), "bonus": ("choose",), "no": ("choose",), "move": ("move",), "stop": ("move",), "fragment": ("fragment",),
        "discard": ("overflow", "select", "place", "finish"), "end": ("finish",),
    }  # fmt: skip
    if verb not in step_of:
        raise IllegalAction("majolica.notation", f"{action!r} is not a Majolica action; write e.g. 'take a1-d1', 'take b1 + D05', 'place W2', 'move R', 'end'")
    if verb == "discard" and s.step in ("move", "fragment"):
        raise IllegalAction(
            "majolica.discard.during-run",
            "No tile is discarded while a workshop runs: its moves and its fragmentation come first, then discards are free again"
            f" (this engine's ruling on Tip 1's 'at any time', docs/rulings/majolica.md R6.2). Legal now: {sample}",
        )
    if s.step not in step_of[verb]:
        raise IllegalAction(
            f"majolica.turn.{s.step}",
            f"It is the step '{STEP_TEXT[s.step]}' now, where {action!r} does not belong (rulebook, Gameplay). Legal now: {sample}",
        )
    g = s.game
    if verb == "take" and not g.solo and len(words) >= 2 and words[1].lower() == "all":
        raise IllegalAction(
            "majolica.notation",
            "'take all' is the solo game's selection (its four drawn tiles); with two or more players take an outer run"
            " ('take a1-d1') or one outer tile with a design card or a rearrangement ('take b1 + D05', 'take b1 + arrange').",
        )
    if verb == "take" and not g.solo and len(words) >= 2:
        cells = words[1].split("-")
        if len(cells) == 2 and f"take {cells[1]}-{cells[0]}" in legal and len(words) == 2:
            raise IllegalAction("majolica.notation", f"A run is written from its first cell: 'take {cells[1]}-{cells[0]}', not {action!r}.")
        if len(cells) == 2 and (len(words) > 2 or "-".join(cells) != words[1]):
            raise IllegalAction("majolica.notation", f"{action!r}: a run is written 'take a1-d1', with nothing after it.")
        idx = [_cell(c) for c in cells]
        if any(i < 0 for i in idx):
            raise IllegalAction("majolica.notation", f"{words[1]!r} is not a grid cell (a1..d4)")
        if any(i not in BORDER for i in idx):
            raise IllegalAction("majolica.select.outer-edge", "Only large tiles on the outer edge can be selected (rulebook, 1. Select Majolica Tiles A-C).")
        if len(idx) == 2:
            a, b = idx
            same = [ln for ln in LINES if a in ln and b in ln]
            if not same:
                raise IllegalAction("majolica.select.row-or-column", "Option A takes tiles of one outer row or column (rulebook, 1. Select Majolica Tiles A).")
            ln = same[0]
            lo, hi = sorted((ln.index(a), ln.index(b)))
            if not all(s.up >> ln[k] & 1 for k in range(lo, hi + 1)):
                raise IllegalAction("majolica.select.face-down", "Option A takes one contiguous run of face-up tiles (rulebook, 1. Select Majolica Tiles A).")
            raise IllegalAction(
                "majolica.select.whole-run",
                "Option A takes the whole unbroken face-up run of the row or column (rulebook, 1. Select A: 'contiguous' read as the whole run,"
                " this engine's ruling; the variant option whole_runs=False allows any part of two or more tiles).",
            )
        if idx and not s.up >> idx[0] & 1:
            raise IllegalAction("majolica.select.face-down", "That large tile is face down: it was taken this round (rulebook, 2. Place Majolica Tiles).")
        if len(words) > 4 or (len(words) == 4 and words[2] != "+"):
            raise IllegalAction(
                "majolica.notation",
                f"{action!r}: one tile comes with one design card or one rearrangement, written 'take b1 + D05' or 'take b1 + arrange'"
                " (rulebook, 1. Select Majolica Tiles B, C).",
            )
        if len(words) >= 4 and words[3].lower() != "arrange":
            if not s.display:
                raise IllegalAction(
                    "majolica.select.no-display",
                    "No design card is left in the display: the deck has run out (a case the rulebook leaves open; this engine's ruling).",
                )
            raise IllegalAction("majolica.select.display", f"{words[3]} is not in the design-card display (rulebook, 1. Select Majolica Tiles B).")
        if len(words) == 2:
            raise IllegalAction(
                "majolica.select.single",
                "One tile alone comes with a design card or a rearrangement: 'take b1 + D05' or 'take b1 + arrange' (rulebook, 1. Select B, C).",
            )
    _diagnose_words(s, action, words, verb)
    if verb == "move" and len(words) == 2:
        w, moved, _ = s.run
        if words[1].upper() == "P":
            raise IllegalAction("majolica.purple.not-on-card", "Purple tiles cannot be moved onto a design card (rulebook, Purple Tiles).")
        if moved >= g.must[w] + g.may[w]:
            raise IllegalAction(
                "majolica.run.shovels", f"W{w + 1} moves at most {g.must[w] + g.may[w]} tiles (rulebook, Run Workshop(s) I: black and white shovels)."
            )
        raise IllegalAction(
            "majolica.run.card-space", "A moved tile needs an open space of its colour on the design card above (rulebook, Run Workshop(s); Tip 5)."
        )
    if verb == "stop":
        raise IllegalAction("majolica.run.black-shovel", "The black shovel's tile must move to the design card first (rulebook, Run Workshop(s) I; Tip 5).")
    if verb == "fragment" and len(words) >= 2 and words[1].upper() == "P":
        raise IllegalAction("majolica.purple.not-fragmented", "Purple tiles cannot be the fragmented tile (rulebook, Purple Tiles).")
    if verb == "run":
        raise IllegalAction(
            "majolica.run.conditions",
            "That workshop cannot run: it must be full with its pattern and (W1-W3) have a design card with a matching open space above "
            "(rulebook, Run Workshop(s); Tip 4).",
        )
    if verb == "discard" and len(words) == 3 and not g.free_discard:
        raise IllegalAction("majolica.discard.any-time", "Discarding at any time is off in this game (variant option discard_any_time; rulebook Tip 1).")
    if verb == "mission" and s.step == "place":
        raise IllegalAction("majolica.mission.m4", "Only the holder of mission M4 may put one tile of a 4-tile take onto it, one per colour (Mission Cards).")
    raise IllegalAction("majolica.action.not-legal", f"{action!r} is not legal here ({STEP_TEXT[s.step]}). Legal now: {sample}")


def _letter(word: str, letters: str) -> int:
    """The index of the tile colour ``word`` names in ``letters`` (case free), -1 for none."""
    return letters.find(word.upper()) if len(word) == 1 else -1


def _workshop(word: str) -> int:
    """The 0-based workshop ``word`` names (``W1``..``W4``, case free), -1 for none."""
    return int(word[1]) - 1 if len(word) == 2 and word[0] in "wW" and word[1] in "1234" else -1


def _diagnose_words(s: MajolicaState, action: str, words: list, verb: str) -> None:
    """Raise the IllegalAction for an action of the right step whose words cannot be read
    (``majolica.notation``) or that names a tile, workshop, card or slot the rule it uses does
    not allow (a card in two slots, a tile the workshop does not hold); return when neither."""
    g = s.game
    p = s.players[s.seat]
    n = len(words)
    if verb == "end" and n != 1:
        raise IllegalAction("majolica.notation", f"{action!r}: the turn ends with 'end', nothing after it.")
    if verb == "mission" and s.step == "mission":
        m = words[1].upper() if n == 2 else ""
        if m not in {f"M{k}" for k in range(1, 9)}:
            raise IllegalAction("majolica.notation", f"{action!r}: name one of the mission cards on offer, M1 to M8; write e.g. 'mission M3' (Mission Cards).")
        raise IllegalAction("majolica.mission.taken", f"Mission card {m} is not on offer: it was taken or not dealt (Mission Cards, Setup).")
    if verb in ("place", "run"):
        if n != 2 or _workshop(words[1]) < 0:
            raise IllegalAction("majolica.notation", f"{action!r}: there are four workshops, W1 to W4; write e.g. '{verb} W2' (rulebook, Player Board).")
    elif verb == "slot" or (verb == "start" and s.step == "start"):
        if n != 2 + (verb == "start") or words[-1] not in ("1", "2", "3") or (verb == "start" and words[1].lower() != "slot"):
            example = "start slot 2" if verb == "start" else "slot 2"
            raise IllegalAction(
                "majolica.notation", f"{action!r}: a player board has three card slots, 1 to 3; write e.g. '{example}' (rulebook, Player Board)."
            )
    elif verb == "move":
        if n != 2 or _letter(words[1], LETTERS) < 0:
            raise IllegalAction(
                "majolica.notation", f"{action!r}: name the colour of the tile to move, R, Y, B or G; write e.g. 'move R' (rulebook, Run Workshop(s))."
            )
    elif verb == "fragment":
        c = _letter(words[1], LETTERS) if n >= 2 else -1
        if n not in (2, 3) or c < 0 or (n == 3 and words[2].lower() != "mission"):
            raise IllegalAction(
                "majolica.notation",
                f"{action!r}: name the colour of the tile to fragment, e.g. 'fragment R' (or 'fragment R mission' with M2) (rulebook, Run Workshop(s)).",
            )
        w = s.run[0]
        if c < 4 and not p.ws[w][c]:
            raise IllegalAction(
                "majolica.run.fragment-tile",
                f"W{w + 1} holds no {LETTERS[c]} tile to fragment: the fragmented tile is one of the workshop's own"
                " (rulebook, Run Workshop(s) D: fragmentation icon).",
            )
        if c < 4 and n == 3:
            raise IllegalAction(
                "majolica.mission.m2",
                "Only the holder of mission M2 may put the fragmented tile onto it, one of each colour (Mission Cards).",
            )
    elif verb == "discard":
        if n == 3:
            w, c = _workshop(words[1]), _letter(words[2], LETTERS)
        elif n == 2 and s.step == "overflow":
            w, c = s.over, _letter(words[1], LETTERS)
        else:
            w = c = -1
        if w < 0 or c < 0:
            what = (
                "the tile colour (R, Y, B, G, P); write e.g. 'discard R'"
                if s.step == "overflow"
                else "the workshop (W1 to W4) and the tile colour (R, Y, B, G, P); write e.g. 'discard W2 R'"
            )
            raise IllegalAction("majolica.notation", f"{action!r}: name {what}.")
        if n == 3 and not g.free_discard:
            raise IllegalAction("majolica.discard.any-time", "Discarding at any time is off in this game (variant option discard_any_time; rulebook Tip 1).")
        if not p.ws[w][c]:
            where = "the overflowing workshop" if n == 2 else "that workshop"
            raise IllegalAction(
                "majolica.discard.no-tile",
                f"W{w + 1} holds no {LETTERS[c]} tile: a discarded tile comes from {where} (rulebook, Tip 1; 2. Place Majolica Tiles).",
            )
    elif verb == "arrange" and not s.parr:
        raise IllegalAction(
            "majolica.arrange.option-c",
            "Card slots are rearranged only in a turn that took one tile with a rearrangement, 'take b1 + arrange' (rulebook, 1. Select Majolica Tiles C).",
        )
    elif verb == "arrange":
        names = [x.upper() for x in words[1:]]
        known = {c.upper() for c in g.cids}
        if n != 4 or any(x != "-" and x not in known for x in names):
            raise IllegalAction("majolica.notation", f"{action!r}: name the card (or '-' for empty) of each of the three slots, e.g. 'arrange D05 - D12'.")
        cards = [x for x in names if x != "-"]
        slotted = sorted(g.cids[i].upper() for i in p.slots if i >= 0)
        if len(set(cards)) != len(cards):
            raise IllegalAction(
                "majolica.arrange.one-slot",
                "Each design card goes into one slot only (rulebook, 1. Select Majolica Tiles C: rearrange the cards on your player board).",
            )
        if sorted(cards) != slotted:
            raise IllegalAction(
                "majolica.arrange.same-cards",
                "A rearrangement moves the design cards already in your slots: none leaves the board and none comes in (rulebook, 1. Select Majolica Tiles C).",
            )
