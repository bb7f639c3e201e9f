"""Zong Shi drawn for people: plain words for actions, card data with provenance, and a static
HTML picture of the public position (for saved notebooks, nbconvert and GitHub).

Everything here reads only the public API of the engine (``state.view(None)``, ``game.card``,
``game.components``; for who took each award tile, the state's history replayed on a
``scratch`` copy, public views only); the picture shows public information only (no seat's
scrolls, no face-down award tile), whatever seat a board watches.
"""

from __future__ import annotations

import html
import json
import pathlib
import tomllib
from typing import Any

from .board import AWARD_TEXT, BINS, SEAT_NAMES
from .components import MATERIALS, PERSONS, PROJECT_TYPES
from .scoring import SCORE_CATEGORIES

__all__ = [
    "MATERIAL_COLOURS",
    "RECONSTRUCTED_TIP",
    "SEAT_COLOURS",
    "action_words",
    "award_notes",
    "card_data",
    "decision_words",
    "person_data",
    "position_html",
    "seat_labels",
]

#: Box colours of the four materials (gold, ivory, jade, bronze).
MATERIAL_COLOURS = {"gold": "#d9a400", "ivory": "#f4ecd6", "jade": "#2e9e6e", "bronze": "#9a5a2a"}
#: Pawn colours of the seats (rulebook, Components).
SEAT_COLOURS = {"ivory": "#efe3c4", "blue": "#2f6bd6", "green": "#3a9a3f", "natural": "#c2a27a", "orange": "#ea7a1f"}
#: What a reconstructed value's mark says (its tooltip).
RECONSTRUCTED_TIP = (
    "Reconstructed value: not read from a printed card but a consistent proposal (docs/rulings/zongshi.md); "
    "load the printed values with zw.game('zongshi', components=...)"
)
#: Provenance tags that mark a value as not printed.
UNCERTAIN = ("reconstructed", "proposed")
_LOCATION_WORDS = {
    "large": "the large bin",
    "small": "the small bin",
    "temple": "the Temple",
    "pawnshop": "the Pawn Shop",
    "visits": "Respectful Visits",
    "pass": "passed",
}


def seat_labels(players: int) -> list[str]:
    """Seat labels a learner cannot confuse with materials: ``"ivory player"``, ``"blue
    player"``... (a seat colour such as ivory is also a material)."""
    return [f"{name} player" for name in SEAT_NAMES[:players]]


def card_data(game) -> dict:
    """Every project card and masterwork of ``game`` for drawing: ``{id: {name, cost (4 ints,
    gold ivory jade bronze), time, vp, mw (bool), prov (provenance tag), rec (bool: a
    reconstructed or proposed value)}}``."""
    comp = game.components
    out = {}
    for card in [*comp.projects.values(), *comp.masterworks.values()]:
        out[card.id] = {
            "name": card.name,
            "cost": list(card.cost),
            "time": card.time,
            "vp": card.vp,
            "mw": card.masterwork,
            "prov": card.provenance,
            "rec": card.provenance in UNCERTAIN,
        }
    return out


def person_data(game) -> list[dict]:
    """The four townsfolk: ``[{id, material, rec}]``; ``rec`` says the material a townsperson
    expects is reconstructed (read from the component file's provenance tags)."""
    comp = game.components
    folk: dict = {}
    try:
        text = pathlib.Path(comp.source).read_text(encoding="utf-8")
        folk = (json.loads(text) if comp.source.endswith(".json") else tomllib.loads(text)).get("townsfolk", {})
    except (OSError, ValueError):
        folk = {}
    out = []
    for i, person in enumerate(PERSONS):
        prov = (folk.get(person) or {}).get("provenance", "") if isinstance(folk, dict) else ""
        out.append({"id": person, "material": MATERIALS[comp.person_material[i]], "rec": prov in UNCERTAIN})
    return out


def decision_words(state) -> str:
    """The pending decision in words, the seat named as a player (``"ivory player picks a box
    from the large bin (Step 2)."``: ivory is also a material); ``""`` when the game is over."""
    decision = state.public_view()["decision"] or ""
    seat = state.to_move
    if seat is not None and decision.startswith(SEAT_NAMES[seat] + " "):
        decision = seat_labels(state.game.players)[seat] + decision[len(SEAT_NAMES[seat]) :]
    return decision


def _scroll_name(game, sid: str) -> str:
    scroll = game.components.scrolls.get(sid)
    return scroll.name if scroll is not None else sid.replace("_", " ")


def _card_name(game, pid: str) -> str:
    try:
        return game.card(pid.upper() if pid.lower().startswith("mw") else pid).name
    except KeyError:
        return pid


def boxes_words(text: str) -> str:
    """Material letters in words: ``"ggij"`` -> ``"2 gold, 1 ivory and 1 jade"``."""
    counts = [(text.count(m[0]), m) for m in MATERIALS if text.count(m[0])]
    parts = [f"{k} {m}" for k, m in counts]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def action_words(game, action: Any) -> str:
    """A Zong Shi action in plain words, e.g. ``"master to the large bin"``, ``"pick a jade box"``,
    ``"begin Merchant Statue"`` (the notation in the log is the engine's).

    Args:
        game: the :class:`~.game.ZongShi` game.
        action: a :class:`~.actions.ZAction` (or its notation).
    """
    text = str(action)
    words = text.split()
    head = words[0] if words else ""
    rest = words[1:]
    if head == "use":
        return f"takes this turn with the {rest[0]}"
    if head == "pass":
        return "passes"
    if head == "market":
        return f"goes to the {rest[0]} bin of the Marketplace"
    if head == "temple":
        return "goes to the Temple"
    if head == "pawnshop":
        return "goes to the Pawn Shop"
    if head == "visit":
        pairs = [f"the {rest[k]} (visit tile {rest[k + 1]})" for k in range(0, len(rest) - 1, 2)]
        return "visits " + " and ".join(pairs)
    if head == "project":
        return f"begins the project {_card_name(game, rest[0])}"
    if head == "play":
        return f"plays the scroll {_scroll_name(game, rest[0])}"
    if head == "pay":
        paid, _, scrolls = " ".join(rest).partition(" with ")
        words = f"pays {boxes_words(paid)} box{'es' if len(paid) != 1 else ''}"
        if scrolls:
            names = []
            for part in scrolls.split(", "):
                sid, _, on = part.partition(" on ")
                names.append(_scroll_name(game, sid) + (f" on {on}" if on else ""))
            words += " using " + " and ".join(names)
        return words
    if head == "donate":
        return f"donates {_a(rest[0])} box to the Temple"
    if head == "draw":
        return "draws scrolls at the Temple"
    if head == "buy":
        return f"claims the {rest[0]} exchange tile, paying {boxes_words(rest[2]) if len(rest) > 2 else 'nothing'}"
    if head == "claim":
        return f"claims the {rest[0]} exchange tile for one {rest[2] if len(rest) > 2 else ''} box"
    if text in ("leave", "no tile", "decline", "no second project"):
        return {
            "leave": "leaves the Pawn Shop",
            "no tile": "takes no exchange tile",
            "decline": "declines the award",
            "no second project": "begins no second project",
        }[text]
    if head == "take" and len(rest) == 2 and rest[0] in BINS:
        return f"takes {_a(rest[1])} box from the {rest[0]} bin"
    if head == "take" and rest and rest[0] in MATERIALS:
        return f"takes {_a(rest[0])} box from the draft"
    if head == "take" and rest:
        return f"takes the scroll {_scroll_name(game, rest[0])} from the draft"
    if head == "pick":
        return f"picks {_a(rest[0])} box"
    if head == "return":
        return f"returns {_a(rest[0])} box (storage limit)"
    if head == "discard":
        return f"discards the scroll {_scroll_name(game, rest[0])} (hand limit)"
    if head == "borrow":
        return f"borrows {_card_name(game, rest[0])} for this round"
    if head == "retrieve":
        return f"takes {_scroll_name(game, rest[0])} back from the discard pile"
    if head == "keep":
        return f"keeps {_card_name(game, rest[0])} in the last completed space"
    return text


# -- whose award tile ----------------------------------------------------------------------

def award_notes(state) -> dict:
    """Whose award tile it is, per townsperson, in plain words (rulebook, "Paying Respectful
    Visits": the first master to visit a townsperson turns the award tile over and takes it;
    ruling V5: an apprentice who visits first discards it unclaimed).

    Public information only: a face-down tile's face is never read.

    Args:
        state: a :class:`~.state.ZongShiState` (it records who turned each tile over:
            :attr:`~.state.ZongShiState.award_takers`; tiles turned over before a posed
            starting position are told as such).

    Returns:
        dict: ``{person: {"status", "tile", "seat", "short", "text"}}``; ``status`` is
        ``"face down"``, ``"taken"``, ``"discarded"`` or ``"earlier"`` (turned over before the
        starting position: who took it is not known); ``tile`` the award's id once turned over
        (``None`` when face down or not known); ``seat`` the seat that took it or whose
        apprentice discarded it; ``short`` a label for the board (``"award: blue player"``);
        ``text`` a whole sentence.
    """
    v = state.public_view()
    labels = seat_labels(state.game.players)
    events = {person: taker for person, taker in state.award_takers.items() if taker is not None}
    strict = state.game.options.get("award_requires_first_visitor_master", True)
    out = {}
    for person in PERSONS:
        if v["award_face_down"][person]:
            text = f"Award tile face down: the first master to visit the {person} turns it over and takes it"
            if strict:
                text += " (an apprentice who visits first discards it unclaimed)"
            out[person] = {"status": "face down", "tile": None, "seat": None, "short": "award face down: the first master takes it", "text": text + "."}
        elif person in events:
            tile, seat, pawn, claimed = events[person]
            what = AWARD_TEXT[tile]
            if claimed:
                how = "master" if pawn == "master" else "apprentice (Writ of Authority)"
                out[person] = {
                    "status": "taken",
                    "tile": tile,
                    "seat": seat,
                    "short": f"award taken by the {labels[seat]}",
                    "text": f"Award tile ({what}) taken by the {labels[seat]}, whose {how} visited the {person} first.",
                }
            else:
                out[person] = {
                    "status": "discarded",
                    "tile": tile,
                    "seat": seat,
                    "short": "award discarded",
                    "text": f"Award tile ({what}) discarded unclaimed: the {labels[seat]}'s apprentice visited the {person} first, and only a master takes it.",
                }
        else:
            out[person] = {
                "status": "earlier",
                "tile": None,
                "seat": None,
                "short": "award turned over earlier",
                "text": "Award tile turned over before this position began: who took it is not recorded here.",
            }
    return out


# -- the static picture -------------------------------------------------------------------

_CSS = """
.zsp{font:13px/1.35 system-ui,sans-serif;color:#222;background:#fbf8f1;border:1px solid #c9bfa8;border-radius:6px;padding:8px;max-width:980px}
.zsp h4{margin:6px 0 3px;font-size:13px}.zsp .row{display:flex;flex-wrap:wrap;gap:8px}
.zsp .box{display:inline-block;width:13px;height:13px;border:1px solid #555;border-radius:2px;margin:0 1px;vertical-align:-2px}
.zsp .box{font-size:9px;text-align:center;line-height:13px;color:#222}
.zsp .part{border:1px solid #d6ccb4;border-radius:5px;padding:4px 6px;background:#fff}
.zsp .mark{outline:3px solid #e0218a;outline-offset:1px}
.zsp .rec{color:#b4420c;font-weight:bold;cursor:help}
.zsp table{border-collapse:collapse}.zsp td,.zsp th{border:1px solid #ddd;padding:1px 4px;text-align:left}
.zsp .pawn{display:inline-block;border:1px solid #333;border-radius:7px 7px 2px 2px;padding:0 4px;font-size:11px}
"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def _boxes_html(text: str) -> str:
    if text == "nothing":
        return "<i>empty</i>"
    letter = {m[0]: m for m in MATERIALS}
    return "".join(f'<span class="box" style="background:{MATERIAL_COLOURS[letter[c]]}" title="{letter[c]} box">{c}</span>' for c in text)


def _rec(flag: bool) -> str:
    return f'<span class="rec" title="{_e(RECONSTRUCTED_TIP)}">≈</span>' if flag else ""


def _card_html(game, pid: str, cards: dict, count: int | None, marked: set) -> str:
    c = cards[pid]
    cost = "".join(_boxes_html(MATERIALS[m][0] * c["cost"][m]) for m in range(4) if c["cost"][m])
    left = f" ×{count}" if count is not None else ""
    cls = "part mark" if pid in marked or pid.lower() in marked else "part"
    return f'<span class="{cls}"><b>{_e(c["name"])}</b>{left}<br>{cost} · {c["time"]} rd · {c["vp"]} VP{_rec(c["rec"])}</span>'


def _pawn(seat: int, pawn: str) -> str:
    name = SEAT_NAMES[seat]
    return f'<span class="pawn" style="background:{SEAT_COLOURS[name]}" title="{name} player\'s {pawn}">{name} {pawn[0].upper()}</span>'


def position_html(state, highlight: list | tuple = (), scores: bool = True) -> str:
    """The public position of a Zong Shi state as one HTML fragment (inline styles only, so it
    survives nbconvert and GitHub): round, step and lap; bins, Temple, Pawn Shop, townsfolk
    (a face-down award tile only as "face down"; a turned-over one with who took it, see
    :func:`award_notes`), projects and masterworks with reconstructed values
    marked ≈; every workshop (boxes, exchange tiles, time track, projects, visit tiles, scroll
    *count*); the score so far. Parts named in ``highlight`` (see ``ZongShiBoard.mark``) are
    outlined.

    Args:
        state: a :class:`~.state.ZongShiState`.
        highlight: part ids to outline.
        scores (bool): include the score table (``False`` for question lessons).

    Returns:
        str: HTML.
    """
    game = state.game
    v = state.view(None)
    marked = {str(h) for h in highlight}
    cards = card_data(game)
    labels = seat_labels(game.players)
    players = v["players"]

    def cls(part: str) -> str:
        return "part mark" if part in marked else "part"

    def at(loc: str) -> str:
        return " ".join(_pawn(s, pawn) for s, p in enumerate(players) for pawn in ("master", "apprentice") if p[pawn]["at"] == loc)

    where = v["step"] + (f", lap {v['lap']}" if v.get("lap") else "") + (" (final round)" if v["final_round"] else "")
    out = [f"<style>{_CSS}</style><div class='zsp'><b>Zong Shi</b> · round {v['round']} · {_e(where)}"]
    if v.get("decision"):
        out.append(f" · now: {_e(decision_words(state))}")
    out.append("<h4>Town board</h4><div class='row'>")
    for b in BINS:
        out.append(f"<span class='{cls('bin:' + b)}'><b>{b} bin</b><br>{_boxes_html(v['bins'][b])}<br>{at(b)}</span>")
    out.append(
        f"<span class='{cls('temple')}'><b>Temple</b><br>{v['scroll_deck_size']} scrolls in the deck, "
        f"{len(v['scroll_discard'])} discarded<br>{at('temple')}</span>"
    )
    tiles = ", ".join(f"{_e(k)} ×{n}" for k, n in v["exchange_tiles_left"].items())
    out.append(f"<span class='{cls('pawn-shop')}'><b>Pawn Shop</b><br>{tiles}<br>{at('pawnshop')}</span></div><div class='row'>")
    mats = game.components.person_material
    folk_rec = {p["id"]: p["rec"] for p in person_data(game)}
    notes = award_notes(state)
    for i, person in enumerate(PERSONS):
        visits = " ".join(f"{_e(SEAT_NAMES[s])}:{p['visited'][person]}" for s, p in enumerate(players) if person in p["visited"])
        out.append(
            f"<span class='{cls('person:' + person)}'><b>{person}</b> wants {MATERIALS[mats[i]]}{_rec(folk_rec[person])}<br>"
            f"<span class='award' title='{_e(notes[person]['text'])}'>{_e(notes[person]['short'])}</span><br>{visits or 'no visits yet'}</span>"
        )
    told = [f"<b>{person}</b>: {_e(n['text'])}" for person, n in notes.items() if n["status"] != "face down"]
    unknown = [a for a in v["awards_revealed"] if a not in {n["tile"] for n in notes.values()}]
    if unknown:
        told.append(f"turned over before this position: {_e(', '.join(AWARD_TEXT[a] for a in unknown))}")
    if told:
        out.append(f"<span class='part awards'>Award tiles turned over:<br>{'<br>'.join(told)}</span>")
    out.append(f"</div><h4>Projects{' ' if 'projects' not in marked else ' (marked)'}</h4><div class='row'>")
    for pid in PROJECT_TYPES:
        out.append(_card_html(game, pid, cards, v["projects_left"][pid], marked))
    for mid in v["masterworks"]:
        out.append(_card_html(game, mid, cards, None, marked))
    out.append(f"<span class='part'>masterwork deck: {v['masterwork_deck_size']}</span></div>")
    if v.get("draft"):
        scrolls = ", ".join(_e(_scroll_name(game, s)) for s in v["draft"]["scrolls"])
        out.append(f"<h4>Draft display</h4><div class='{cls('draft')}'>{_boxes_html(v['draft']['boxes'])} · {scrolls}</div>")
    out.append("<h4>Workshops</h4><div class='row'>")
    for s, p in enumerate(players):
        pawns = []
        for pawn in ("master", "apprentice"):
            info = p[pawn]
            building = ", ".join(_e(cards[x]["name"]) for x in info["building"])
            pawns.append(
                f"{pawn}: {_LOCATION_WORDS.get(info['at'], 'in the workshop')}" + (f", building {building} ({info['time']} rd left)" if building else "")
            )
        done = ", ".join(_e(cards[x]["name"]) for x in p["completed"]) or "none"
        start = " (start player)" if v["start_player"] == s else ""
        out.append(
            f"<span class='{cls(f'workshop:{s}')}' style='border-left:8px solid {SEAT_COLOURS[SEAT_NAMES[s]]}'><b>{_e(labels[s])}</b>{start}<br>"
            f"storage {_boxes_html(p['boxes'])} (limit {p['storage_limit']})<br>exchange tiles: {_e(', '.join(p['exchange_tiles']) or 'none')}<br>"
            f"{'<br>'.join(pawns)}<br>completed: {done}<br>visit tiles left: {_e(p['visit_tiles'])} · scrolls: {p['scroll_count']}</span>"
        )
    out.append("</div>")
    sheet = state.score_sheet() if scores else None
    head = "".join(f"<th>{_e(label)}</th>" for label in labels)
    if sheet is not None:
        rows = "".join(
            f"<tr><td>{_e(cat)}</td>" + "".join(f"<td>{sheet.values[s][k]:g}</td>" for s in range(game.players)) + "</tr>"
            for k, cat in enumerate(SCORE_CATEGORIES)
        )
        total = "".join(f"<td><b>{t:g}</b></td>" for t in sheet.totals)
        title = "Final score" if state.is_over else "Score if the game ended now"
        out.append(f"<h4>{title}</h4><table><tr><th></th>{head}</tr>{rows}<tr><td><b>total</b></td>{total}</tr></table>")
    if any(c["rec"] for c in cards.values()):
        out.append(f"<div style='margin-top:4px'>{_rec(True)} marks a reconstructed value (card costs, times, points): {_e(RECONSTRUCTED_TIP)}.</div>")
    out.append("</div>")
    return "".join(out)
