"""Zong Shi component data: projects, masterworks, scrolls and townsfolk, with provenance.

The packaged ``data/components.toml`` holds the values of the reference file
(``shared/reference/zongshi/components.md``); most card values there are *reconstructed*, so a
teacher with the printed cards loads a corrected copy with
``zw.game("zongshi", components="my_cards.toml")``. The file is validated whole: a bad file is
refused with a :class:`ValueError` naming the first problem, and nothing of it is used.
"""

from __future__ import annotations

import json
import pathlib
import tomllib
from dataclasses import dataclass

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
#: Longest time a project may need (the time track has spaces 1 to 4; components.md section 6).
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
        timing (str): ``"master"`` (start of the owner's master turn) or ``"either"`` (start of
            either of the owner's turns).
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
        ValueError: unreadable file, or any value missing, of the wrong type or out of range
            (the message names the entry), or ids other than the engine's project and scroll
            types, or scroll counts that do not add up to a whole deck.
    """
    p = DEFAULT_PATH if path is None else pathlib.Path(path)
    try:
        text = p.read_text()
    except (OSError, TypeError) as exc:
        raise ValueError(f"cannot read the component file {str(path)!r}: {exc}") from None
    try:
        data = json.loads(text) if p.suffix == ".json" else tomllib.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"component file {p.name}: not valid {'JSON' if p.suffix == '.json' else 'TOML'}: {exc}") from None
    return components_from_dict(data, source=str(p))


def components_from_dict(data: dict, source: str = "<dict>") -> Components:
    """Validate component data already parsed (the shape of ``data/components.toml``).

    Raises:
        ValueError: as :func:`load_components`.
    """

    def fail(msg: str):
        raise ValueError(f"component file {pathlib.Path(source).name}: {msg}")

    def integer(value, where: str, lo: int, hi: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            fail(f"{where} must be an integer from {lo} to {hi}, not {value!r}")
        return value

    def prov(value, where: str) -> str:
        if value not in PROVENANCES:
            fail(f"{where}: provenance must be one of {', '.join(PROVENANCES)}, not {value!r}")
        return value

    def table(value, where: str) -> dict:
        if not isinstance(value, dict):
            fail(f"{where} must be a table")
        return value

    data = table(data, "the file")
    if data.get("format") != "zongshi-components/1":
        fail("format must be 'zongshi-components/1'")
    mats = table(data.get("materials"), "[materials]")
    if mats.get("names") != list(MATERIALS):
        fail(f"[materials] names must be {list(MATERIALS)} (the engine's order)")
    supply_entry = table(mats.get("supply"), "[materials] supply")
    supply = integer(supply_entry.get("value"), "[materials] supply value", 4, 40)
    prov(supply_entry.get("provenance"), "[materials] supply")
    folk = table(data.get("townsfolk"), "[townsfolk]")
    if sorted(folk) != sorted(PERSONS):
        fail(f"[townsfolk] must name exactly {', '.join(PERSONS)}")
    person_material = []
    for person in PERSONS:
        entry = table(folk[person], f"[townsfolk] {person}")
        if entry.get("material") not in MATERIALS:
            fail(f"[townsfolk] {person}: material must be one of {', '.join(MATERIALS)}")
        prov(entry.get("provenance"), f"[townsfolk] {person}")
        person_material.append(MATERIALS.index(entry["material"]))
    if sorted(person_material) != [0, 1, 2, 3]:
        fail("[townsfolk]: each townsperson expects a different material (one per material)")

    def card(pid: str, entry, masterwork: bool) -> ProjectCard:
        where = f"[{'masterworks' if masterwork else 'projects'}.{pid}]"
        entry = table(entry, where)
        cost = table(entry.get("cost"), f"{where} cost")
        if sorted(cost) != sorted(MATERIALS):
            fail(f"{where} cost must give {', '.join(MATERIALS)}")
        vec = tuple(integer(cost[m], f"{where} cost {m}", 0, supply) for m in MATERIALS)
        if sum(vec) == 0:
            fail(f"{where} cost must be at least one box")
        time = integer(entry.get("time"), f"{where} time", 1, TIME_TRACK_MAX)
        vp = integer(entry.get("vp"), f"{where} vp", 0, 99)
        copies = 1 if masterwork else integer(entry.get("copies"), f"{where} copies", 4, 4)
        name = entry.get("name", pid)
        if not isinstance(name, str) or not name:
            fail(f"{where} name must be text")
        return ProjectCard(pid, name, vec, time, vp, copies, masterwork, prov(entry.get("provenance"), where))

    projects = table(data.get("projects"), "[projects]")
    if sorted(projects) != sorted(PROJECT_TYPES):
        fail(f"[projects] must give exactly the eight types {', '.join(PROJECT_TYPES)} (their abilities are rules)")
    projects = {pid: card(pid, projects[pid], False) for pid in PROJECT_TYPES}
    mws = table(data.get("masterworks"), "[masterworks]")
    if not 2 <= len(mws) <= 30:
        fail("[masterworks] must hold from 2 to 30 cards")
    for mid in mws:
        if not (isinstance(mid, str) and mid.startswith("MW") and mid[2:].isdigit()):
            fail(f"masterwork ids are MW01, MW02, ..., not {mid!r}")
    masterworks = {mid: card(mid, mws[mid], True) for mid in sorted(mws)}
    scrolls_t = table(data.get("scrolls"), "[scrolls]")
    if sorted(scrolls_t) != sorted(SCROLL_TYPES):
        fail(f"[scrolls] must give exactly the seventeen titles {', '.join(SCROLL_TYPES)}")
    scrolls = {}
    for sid in SCROLL_TYPES:
        entry = table(scrolls_t[sid], f"[scrolls.{sid}]")
        if entry.get("timing") not in ("master", "either"):
            fail(f"[scrolls.{sid}] timing must be 'master' or 'either'")
        prov(entry.get("copies_provenance"), f"[scrolls.{sid}] copies")
        scrolls[sid] = ScrollCard(
            sid,
            str(entry.get("name", sid)),
            integer(entry.get("copies"), f"[scrolls.{sid}] copies", 1, 10),
            entry["timing"],
            prov(entry.get("timing_provenance"), f"[scrolls.{sid}] timing"),
        )
    total = sum(s.copies for s in scrolls.values())
    if total < 25:
        fail(f"the scroll deck must hold enough cards for 5 players' draft and temples (at least 25), not {total}")
    return Components(projects, masterworks, scrolls, tuple(person_material), supply, source)
