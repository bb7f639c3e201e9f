"""Zong Shi component data: projects, masterworks, scrolls and townsfolk, with provenance.

The packaged ``data/components.toml`` holds the values recorded in
``docs/rulings/zongshi.md`` (sections 2-7, 11); most card values there are *reconstructed*, so a
teacher with the printed cards loads a corrected copy with
``zw.game("zongshi", components="my_cards.toml")``. The file is validated whole: a bad file is
refused with a :class:`ValueError` naming the first problem, and nothing of it is used.
"""

from __future__ import annotations

import json
import pathlib
import tomllib
from dataclasses import dataclass

from ...core.schema import load_schema, validate

#: Materials in the engine's fixed order (cost vectors, bins, storage are indexed by it).
MATERIALS = ("gold", "ivory", "jade", "bronze")
#: One-letter names used in notation: gold, ivory, jade, bronze.
LETTERS = ("g", "i", "j", "b")
#: The four townsfolk, in the engine's fixed order.
PERSONS = ("scholar", "official", "elder", "merchant")
#: The eight regular project types; their abilities are rules of the engine (rulebook, "The
#: Projects, in Detail"), so a component file must give exactly these ids.
PROJECT_TYPES = (
    "merchant_statue",
    "gold_mastery",
    "ivory_mastery",
    "jade_mastery",
    "bronze_mastery",
    "blacksmith_tools",
    "temple_offering",
    "larger_workshop",
)
#: The seventeen scroll titles; their effects are rules of the engine ("The Scrolls, in Detail").
SCROLL_TYPES = (
    "pawn_shop_owners_gift",
    "apprentice_gaining_experience",
    "artistic_subtlety",
    "ear_to_the_wall",
    "twofold_path",
    "fortune_brings_opportunity",
    "gift_from_the_priests",
    "host_town_meeting",
    "lessons_of_the_past",
    "lucky_discovery",
    "privileged_treatment",
    "swift_fingers",
    "writ_of_authority",
    "masterful_use_gold",
    "masterful_use_ivory",
    "masterful_use_jade",
    "masterful_use_bronze",
)
PROVENANCES = ("printed", "rulebook", "confirmed", "inferred", "reconstructed", "proposed")
DEFAULT_PATH = pathlib.Path(__file__).parent / "data" / "components.toml"
#: Longest time a project may need (the time track has spaces 1 to 4; docs/rulings/zongshi.md section 6).
TIME_TRACK_MAX = 4


@dataclass(frozen=True)
class ProjectCard:
    """One project card type (a regular type or one masterwork).

    Attributes:
        id (str): ``"merchant_statue"`` or ``"MW01"``.
        name (str): printed name (masterworks: their id).
        cost (tuple[int, int, int, int]): boxes of gold, ivory, jade, bronze.
        time (int): rounds on the time track, 1 to 4.
        vp (int): victory points when completed.
        copies (int): printed copies (masterworks: 1).
        masterwork (bool): a masterwork (no ability; master only).
        provenance (str): where the values come from.
    """

    id: str
    name: str
    cost: tuple[int, int, int, int]
    time: int
    vp: int
    copies: int
    masterwork: bool
    provenance: str


@dataclass(frozen=True)
class ScrollCard:
    """One scroll title.

    Attributes:
        id (str): e.g. ``"swift_fingers"``.
        name (str): printed title.
        copies (int): copies in the deck.
        timing (str): ``"master"`` (start of the owner's master turn), ``"either"`` (start of
            either of the owner's turns) or ``"any"`` (at any time: the start of either turn
            and the owner's later decisions of that turn; Going to the Temple: "some scrolls
            may be played at any time").
        provenance (str): the provenance tag of the timing (``"proposed"``,
            ``"reconstructed"`` ...).
    """

    id: str
    name: str
    copies: int
    timing: str
    provenance: str


@dataclass(frozen=True)
class Components:
    """All component data of one game (validated).

    Attributes:
        projects (dict[str, ProjectCard]): the eight regular types, by id.
        masterworks (dict[str, ProjectCard]): the twelve masterworks, by id.
        scrolls (dict[str, ScrollCard]): the seventeen titles, by id.
        person_material (tuple[int, ...]): per townsperson (``PERSONS`` order) the index of the
            material he expects.
        supply (int): boxes of each material (10).
        source (str): the file the data came from.
    """

    projects: dict
    masterworks: dict
    scrolls: dict
    person_material: tuple
    supply: int
    source: str

    def card(self, pid: str) -> ProjectCard:
        """The project card ``pid`` (regular type or masterwork). Raises KeyError."""
        return self.projects[pid] if pid in self.projects else self.masterworks[pid]

    @property
    def scroll_count(self) -> int:
        """Scroll cards in the game (36 with the printed counts)."""
        return sum(s.copies for s in self.scrolls.values())

    def provenance_table(self) -> list[dict]:
        """One row per card (JSON-able dicts): id, kind, cost, time, vp, provenance; boards and
        lessons show reconstructed values as such."""
        rows = [
            {
                "id": c.id,
                "kind": "masterwork" if c.masterwork else "project",
                "cost": dict(zip(MATERIALS, c.cost)),
                "time": c.time,
                "vp": c.vp,
                "provenance": c.provenance,
            }
            for c in [*self.projects.values(), *self.masterworks.values()]
        ]
        rows += [{"id": s.id, "kind": "scroll", "copies": s.copies, "timing": s.timing, "provenance": s.provenance} for s in self.scrolls.values()]
        return rows


def load_components(path: str | pathlib.Path | None = None) -> Components:
    """Read and validate a component file (TOML, or JSON of the same shape).

    Args:
        path: the file; ``None`` for the packaged ``data/components.toml``.

    Returns:
        Components: the validated data.

    Raises:
        ValueError: unreadable file (or not UTF-8 text), or data that breaks the file's schema
            (``data/components.schema.json``: a value missing, of the wrong type or out of
            range, ids other than the engine's project and scroll types; the message names the
            entry), or values that do not fit together (a cost over the supply, scroll counts
            that do not add up to a whole deck).
    """
    p = DEFAULT_PATH if path is None else pathlib.Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, TypeError) as exc:
        raise ValueError(f"cannot read the component file {str(path)!r}: {exc}") from None
    except UnicodeDecodeError as exc:
        raise ValueError(f"component file {p.name}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    try:
        data = json.loads(text) if p.suffix == ".json" else tomllib.loads(text)
    except (ValueError, tomllib.TOMLDecodeError, RecursionError) as exc:
        raise ValueError(f"component file {p.name}: not valid {'JSON' if p.suffix == '.json' else 'TOML'}: {str(exc)[:200]}") from None
    return components_from_dict(data, source=str(p))


def components_from_dict(data: dict, source: str = "<dict>") -> Components:
    """Validate component data already parsed (the shape of ``data/components.toml``): first
    against the schema ``data/components.schema.json`` (structure, types, ranges, ids), then
    what a schema cannot say (costs within the supply, one material per townsperson, enough
    scrolls).

    Raises:
        ValueError: as :func:`load_components`.
    """
    name = pathlib.Path(source).name

    def fail(msg: str):
        raise ValueError(f"component file {name}: {msg}")

    validate(data, load_schema(__package__, "data/components.schema.json"), f"component file {name}")
    supply = data["materials"]["supply"]["value"]
    person_material = [MATERIALS.index(data["townsfolk"][person]["material"]) for person in PERSONS]
    if sorted(person_material) != [0, 1, 2, 3]:
        fail("[townsfolk]: each townsperson expects a different material (one per material)")

    def card(pid: str, entry: dict, masterwork: bool) -> ProjectCard:
        where = f"[{'masterworks' if masterwork else 'projects'}.{pid}]"
        vec = tuple(entry["cost"][m] for m in MATERIALS)
        if max(vec) > supply:
            fail(f"{where} cost asks for more boxes of one material than the supply of {supply}: {dict(zip(MATERIALS, vec))}")
        if sum(vec) == 0:
            fail(f"{where} cost must be at least one box")
        copies = 1 if masterwork else entry["copies"]
        return ProjectCard(pid, entry.get("name", pid), vec, entry["time"], entry["vp"], copies, masterwork, entry["provenance"])

    projects = {pid: card(pid, data["projects"][pid], False) for pid in PROJECT_TYPES}
    masterworks = {mid: card(mid, data["masterworks"][mid], True) for mid in sorted(data["masterworks"])}
    scrolls = {}
    for sid in SCROLL_TYPES:
        entry = data["scrolls"][sid]
        scrolls[sid] = ScrollCard(sid, entry["name"], entry["copies"], entry["timing"], entry["timing_provenance"])
    total = sum(s.copies for s in scrolls.values())
    if total < 25:
        fail(f"the scroll deck must hold enough cards for 5 players' draft and temples (at least 25), not {total}")
    return Components(projects, masterworks, scrolls, tuple(person_material), supply, source)
