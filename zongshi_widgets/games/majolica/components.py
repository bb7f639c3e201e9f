"""Majolica components: the four workshops of a player board, City Hall's stock per player
count, the design cards (starting cards, main deck, Kaleidoscopic Design cards) and the
mission cards' points.

The packaged data (``data/components.toml``) follows the project's rulings record
``docs/rulings/majolica.md``; every value has a provenance tag
(``confirmed``, ``inferred``, ``reconstructed``). The design-card deck is *reconstructed* (no
public source lists the printed cards): a teacher with the real cards loads them with
``zw.game("majolica", components="my_cards.toml")`` and a file in the same format, checked
whole by :func:`load_components`.
"""

from __future__ import annotations

import json
import os
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from ...core.schema import load_schema, validate

#: Provenance tags a file may use.
TAGS = ("confirmed", "inferred", "reconstructed")
#: Number of colours of large and small tiles (rulebook, Game Setup; docs/rulings/majolica.md §2).
NCOL = 4


@dataclass(frozen=True)
class DesignCard:
    """One design card (rulebook, Goal of the Game; docs/rulings/majolica.md §3).

    Attributes:
        id (str): e.g. ``"D05"``, ``"S2"``, ``"K3"``.
        points (int): points scored when it is completed.
        spaces (tuple[int, int, int, int]): spaces of each colour (R, Y, B, G).
        blank (int): blank spaces (Kaleidoscopic Design: any colour but purple).
        hand (bool): the hand icon (completing it gives one small tile of a chosen colour).
    """

    id: str
    points: int
    spaces: tuple[int, int, int, int]
    blank: int
    hand: bool

    @property
    def size(self) -> int:
        """Number of tile spaces (int)."""
        return sum(self.spaces) + self.blank


@dataclass(frozen=True)
class Workshop:
    """One workshop of the player board (rulebook, Run Workshop(s) A-I; docs/rulings/majolica.md §1).

    Attributes:
        capacity (int): tile spaces.
        pattern (tuple[int, ...]): colour counts that fill it exactly, e.g. ``(3, 3)``.
        must (int): black shovels (tiles that must move when it runs).
        may (int): white shovels (tiles that may also move).
        fragment (bool): the fragmentation icon (discard one remaining tile after moving).
    """

    capacity: int
    pattern: tuple[int, ...]
    must: int
    may: int
    fragment: bool


@dataclass(frozen=True)
class Components:
    """Everything printed that the rules read.

    Attributes:
        colours (tuple[str, ...]): colour ids (``R Y B G``).
        colour_names (tuple[str, ...]): their display names.
        large_per_colour (int): large tiles of each colour (4: a 4x4 grid).
        workshops (tuple[Workshop, ...]): the four workshops, left to right.
        city_hall (dict[int, tuple[int, int]]): purple tiles and one-point tokens per player count.
        display (int): face-up design cards (6).
        starting (tuple[DesignCard, ...]): the starting design cards.
        deck (tuple[DesignCard, ...]): the main design deck.
        kaleidoscopic (tuple[DesignCard, ...]): the Kaleidoscopic Design cards.
        mission_points (int): points of a fulfilled mission card.
        provenance (dict): the file's provenance tags per section.
        path (str | None): the file read, ``None`` for the packaged data.
    """

    colours: tuple[str, ...]
    colour_names: tuple[str, ...]
    large_per_colour: int
    workshops: tuple[Workshop, ...]
    city_hall: dict
    display: int
    starting: tuple[DesignCard, ...]
    deck: tuple[DesignCard, ...]
    kaleidoscopic: tuple[DesignCard, ...]
    mission_points: int
    provenance: dict = field(compare=False, hash=False)
    path: str | None = field(default=None, compare=False)

    def cards(self) -> tuple[DesignCard, ...]:
        """All design cards: starting, main deck, then Kaleidoscopic (the engine's card index order)."""
        return self.starting + self.deck + self.kaleidoscopic


def _fail(where: str, what: str):
    raise ValueError(f"not a Majolica component file: {where}: {what}")


def _int(value, where: str, lo: int = 0, hi: int = 99) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        _fail(where, f"expected an integer from {lo} to {hi}, not {value!r}")
    return value


def _tags(value, where: str) -> None:
    items = value.values() if isinstance(value, dict) else [value]
    for tag in items:
        if tag not in TAGS:
            _fail(where, f"provenance tag {tag!r} is not one of {TAGS}")


def _cards(raw, where: str, seen: set) -> tuple[DesignCard, ...]:
    if not isinstance(raw, list):
        _fail(where, "expected a list of cards")
    out = []
    for i, c in enumerate(raw):
        w = f"{where}[{i}]"
        if not isinstance(c, dict) or set(c) != {"id", "points", "spaces", "blank", "hand"}:
            _fail(w, "a card has exactly the keys id, points, spaces, blank, hand")
        cid = c["id"]
        if not isinstance(cid, str) or not cid.isalnum() or len(cid) > 8:
            _fail(w, f"id must be a short alphanumeric text, not {cid!r}")
        if cid in seen:
            _fail(w, f"card id {cid} appears twice")
        seen.add(cid)
        spaces = c["spaces"]
        if not isinstance(spaces, list) or len(spaces) != NCOL:
            _fail(w, f"spaces lists {NCOL} counts (R, Y, B, G)")
        spaces = tuple(_int(s, f"{w}.spaces", 0, 6) for s in spaces)
        blank = _int(c["blank"], f"{w}.blank", 0, 6)
        if not 1 <= sum(spaces) + blank <= 8:
            _fail(w, "a card has 1 to 8 spaces")
        if not isinstance(c["hand"], bool):
            _fail(w, "hand is true or false")
        out.append(DesignCard(cid, _int(c["points"], f"{w}.points", 0, 20), spaces, blank, c["hand"]))
    return tuple(out)


def parse_components(data: dict, path: str | None = None) -> Components:
    """Check a parsed component file whole and build :class:`Components`.

    Args:
        data (dict): the parsed TOML/JSON.
        path (str | None): where it came from (for messages).

    Returns:
        Components: the checked data.

    Raises:
        ValueError: any part is missing, misspelt, of the wrong type or out of range (the JSON
            Schema ``data/components.schema.json``, checked first: a
            :class:`~zongshi_widgets.core.schema.SchemaError`), or the parts do not fit together
            (the checks a schema cannot state: patterns that fill their workshop, card ids
            used once, enough cards, blanks only on Kaleidoscopic cards); the message names it.
    """
    named = "" if path is None else f" ({os.path.basename(str(path))})"
    validate(data, load_schema(__package__, "data/components.schema.json"), f"not a Majolica component file{named}")
    if not isinstance(data, dict):
        _fail("top level", "expected a table")
    for key in ("colours", "grid", "workshops", "city_hall", "design", "missions"):
        if key not in data:
            _fail("top level", f"missing [{key}]")
    col = data["colours"]
    ids, names = col.get("ids"), col.get("names")
    if ids != ["R", "Y", "B", "G"]:
        _fail("colours.ids", "the engine's colour ids are R, Y, B, G (rename them with colours.names)")
    if not isinstance(names, list) or len(names) != NCOL or not all(isinstance(n, str) and n for n in names):
        _fail("colours.names", f"{NCOL} display names")
    _tags(col.get("provenance"), "colours.provenance")
    large = _int(data["grid"].get("large_tiles_per_colour"), "grid.large_tiles_per_colour", 4, 4)
    _tags(data["grid"].get("provenance"), "grid.provenance")
    ws = data["workshops"]
    if not isinstance(ws, list) or len(ws) != 4:
        _fail("workshops", "exactly 4 workshops, left to right")
    workshops = []
    for i, w in enumerate(ws):
        where = f"workshops[{i}]"
        cap = _int(w.get("capacity"), f"{where}.capacity", 1, 12)
        pattern = w.get("pattern")
        if not isinstance(pattern, list) or not pattern or len(pattern) > NCOL:
            _fail(f"{where}.pattern", f"a list of 1 to {NCOL} colour counts")
        pattern = tuple(_int(p, f"{where}.pattern", 1, 12) for p in pattern)
        if sum(pattern) != cap or len(set(pattern)) != 1:
            _fail(f"{where}.pattern", "equal colour counts that add up to the capacity")
        must = _int(w.get("must"), f"{where}.must", 1, 6)
        may = _int(w.get("may"), f"{where}.may", 0, 6)
        if not isinstance(w.get("fragment"), bool):
            _fail(f"{where}.fragment", "true or false")
        if i == 3 and (len(pattern) != 1 or must != 1 or may != 0 or w["fragment"]):
            _fail(where, "the last workshop (City Hall) runs on one colour and moves exactly 1 tile, without fragmentation")
        _tags(w.get("provenance"), f"{where}.provenance")
        workshops.append(Workshop(cap, pattern, must, may, w["fragment"]))
    if workshops[3].capacity - 1 > workshops[0].capacity:
        _fail("workshops", "the last workshop's leftovers must fit the first workshop")
    fill = data["city_hall"].get("fill")
    if not isinstance(fill, dict) or set(fill) != {"1", "2", "3", "4"}:
        _fail("city_hall.fill", "one entry per player count 1 to 4")
    city = {}
    for k, v in fill.items():
        if not isinstance(v, list) or len(v) != 2:
            _fail(f"city_hall.fill.{k}", "[purple tiles, one-point tokens]")
        city[int(k)] = (_int(v[0], f"city_hall.fill.{k}", 0, 20), _int(v[1], f"city_hall.fill.{k}", 0, 20))
    _tags(data["city_hall"].get("provenance"), "city_hall.provenance")
    des = data["design"]
    display = _int(des.get("display"), "design.display", 1, 12)
    seen: set = set()
    starting = _cards(des.get("starting"), "design.starting", seen)
    deck = _cards(des.get("deck"), "design.deck", seen)
    kal = _cards(des.get("kaleidoscopic", []), "design.kaleidoscopic", seen)
    if len(starting) < 4:
        _fail("design.starting", "at least 4 starting cards (one per player)")
    if len(deck) < display:
        _fail("design.deck", f"at least {display} cards to fill the display")
    if any(c.blank for c in starting + deck):
        _fail("design", "blank spaces only on Kaleidoscopic cards")
    for c in starting + deck + kal:
        if c.size > max(w.capacity for w in workshops) + 6:
            _fail("design", f"card {c.id} is too big")
    _tags(des.get("provenance"), "design.provenance")
    points = _int(data["missions"].get("points"), "missions.points", 0, 10)
    _tags(data["missions"].get("provenance"), "missions.provenance")
    prov = {k: data[k].get("provenance") for k in ("colours", "grid", "city_hall", "design", "missions")}
    prov["workshops"] = [w.get("provenance") for w in ws]
    return Components(tuple(ids), tuple(names), large, tuple(workshops), city, display, starting, deck, kal, points, prov, path)


def load_components(path: str | os.PathLike) -> Components:
    """Read and check a component file (TOML, or JSON of the same structure).

    Args:
        path: the file.

    Returns:
        Components: the checked data.

    Raises:
        ValueError: unreadable, not TOML/JSON, or any part fails the checks (nothing is loaded).
    """
    path = os.fspath(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise ValueError(f"cannot read the Majolica component file {path!r}: {exc}") from None
    try:
        text = raw.decode("utf-8")
        data = json.loads(text) if text.lstrip().startswith("{") else tomllib.loads(text)
    except (UnicodeDecodeError, ValueError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"the Majolica component file {path!r} is neither TOML nor JSON: {exc}") from None
    except RecursionError:
        raise ValueError(f"the Majolica component file {path!r} is nested too deeply to be a component file") from None
    try:
        return parse_components(data, path)
    except (AttributeError, TypeError, KeyError) as exc:
        raise ValueError(f"not a Majolica component file: {path}: wrong structure ({type(exc).__name__}: {exc})") from None


@cache
def default_components() -> Components:
    """The packaged data (``data/components.toml``), read once."""
    text = resources.files(__package__).joinpath("data/components.toml").read_text(encoding="utf-8")
    return parse_components(tomllib.loads(text))
