"""Readable Zong Shi position descriptions, both ways: a description -> the internal position
(:func:`build_core`; see :meth:`~zongshi_widgets.games.zongshi.state.ZongShiState.position`
for the keys), and a player's part of a description or of the public view
(:func:`_player_position`, :func:`_public_player`).

Every component must end up in exactly one place; what the description leaves out is dealt
as :meth:`ZongShi._state_from_position` says.
"""

from __future__ import annotations

from ...core import Chance
from .board import AWARDS, SEAT_NAMES, VISIT_TILES, _Core, _Player
from .components import MATERIALS, PERSONS, PROJECT_TYPES, SCROLL_TYPES
from .payments import PAIR_NAMES, letters, vector
from .tasks import _task_from_json

#: The most pending tasks a posed position may hold: a game in play stacks a few (a draft, a
#: scroll's follow-ups); a description with more is refused before any is read.
MAX_PENDING = 100

TOP_KEYS = {
    "round", "start", "final_round", "end_triggered", "step", "bag", "bins", "draft", "scroll_deck", "scroll_discard", "masterworks",
    "projects_left", "exchange_tiles_left", "awards", "award_box", "awards_revealed", "players", "pending", "turn_no", "last_seat",
    "to_move", "lap",
}  # fmt: skip
PLAYER_KEYS = {
    "boxes",
    "scrolls",
    "known",
    "exchange_tiles",
    "completed",
    "overflow",
    "master",
    "apprentice",
    "visit_tiles",
    "visited",
    "played",
    "in_play",
    "effects",
    "trigger_bonus",
}
PAWN_KEYS = {"at", "building", "time"}
LOCATIONS = (None, "pass", "large", "small", "temple", "pawnshop", "visits", "project")
EFFECT_KEYS = {"masterful_use", "subtle", "swift", "privileged", "writ", "host", "twofold", "agex", "borrowed"}
TASK_NAMES = {
    "draft", "turn", "donate", "shop", "gift", "pay", "second", "award_tile", "award_bins", "fortune", "ear", "lessons", "boxes", "hand",
    "bin", "keep", "endturn", "award", "step2", "step2end", "step3", "step3end", "step4", "step4end",
}  # fmt: skip


def _int(d: dict, key: str, default, lo: int, hi: int) -> int:
    value = d.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ValueError(f"{key!r} must be an int from {lo} to {hi}, not {value!r}")
    return value


def _bool(d: dict, key: str, default: bool) -> bool:
    value = d.get(key, default)
    if not isinstance(value, bool):
        raise ValueError(f"{key!r} must be true or false, not {value!r}")
    return value


def _boxes(value, where: str) -> list[int]:
    if not isinstance(value, str):
        raise ValueError(f"{where}: boxes are written as material letters (g gold, i ivory, j jade, b bronze), e.g. 'ggij', not {value!r}")
    try:
        return list(vector(value.replace(" ", "") or "nothing"))
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None


def _names(value, where: str, allowed) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{where} must be a list of names")
    for v in value:
        if v not in allowed:
            raise ValueError(f"{where}: {v!r} is not one of {', '.join(sorted(allowed))}")
    return list(value)


def build_core(g, d: dict, chance: Chance):
    """Build the internal position of description ``d`` (raises ValueError when impossible)."""
    unknown = sorted(set(d) - TOP_KEYS)
    if unknown:
        raise ValueError(f"unknown position keys {unknown}; known: {sorted(TOP_KEYS)}")
    n = g.players
    comp = g.components
    z = _Core(g)
    z.chance = chance.copy()
    rng = z.chance
    z.round = _int(d, "round", 1, 1, 10_000)
    z.start = _int(d, "start", 0, 0, n - 1)
    z.final = _bool(d, "final_round", False)
    z.ending = _bool(d, "end_triggered", z.final)
    z.step = _int(d, "step", 1, 0, 4)
    z.turn_no = _int(d, "turn_no", 0, 0, 10**9)
    z.last_seat = _int(d, "last_seat", -1, -1, n - 1)
    allmw = set(comp.masterworks)
    project_ids = set(PROJECT_TYPES) | allmw

    players = d.get("players", [{} for _ in range(n)])
    if not isinstance(players, list) or len(players) != n:
        raise ValueError(f"'players' needs one entry per seat ({n}, clockwise: {', '.join(SEAT_NAMES[:n])})")
    for s, pd in enumerate(players):
        where = f"players[{s}]"
        if not isinstance(pd, dict):
            raise ValueError(f"{where} must be a table")
        bad = sorted(set(pd) - PLAYER_KEYS)
        if bad:
            raise ValueError(f"{where}: unknown keys {bad}; known: {sorted(PLAYER_KEYS)}")
        p = _Player()
        p.boxes = _boxes(pd.get("boxes", ""), f"{where} boxes")
        p.hand = sorted(_names(pd.get("scrolls", []), f"{where} scrolls", set(SCROLL_TYPES)))
        p.known = sorted(_names(pd.get("known", []), f"{where} known", set(SCROLL_TYPES)))
        rest = p.hand[:]
        for sid in p.known:
            if sid not in rest:
                raise ValueError(f"{where}: known scroll {sid!r} is not in the hand")
            rest.remove(sid)
        tiles = _names(pd.get("exchange_tiles", []), f"{where} exchange_tiles", set(PAIR_NAMES))
        p.tiles = [tiles.count(name) for name in PAIR_NAMES]
        p.completed = _names(pd.get("completed", []), f"{where} completed", project_ids)
        p.overflow = _names(pd.get("overflow", []), f"{where} overflow", project_ids)
        if len(p.completed) > 6:
            raise ValueError(f"{where}: a workshop has six completed-project spaces")
        for pawn in ("master", "apprentice"):
            pw = pd.get(pawn, {})
            if not isinstance(pw, dict) or set(pw) - PAWN_KEYS:
                raise ValueError(f"{where} {pawn} is a table with keys {sorted(PAWN_KEYS)}")
            at = pw.get("at")
            if at not in LOCATIONS:
                raise ValueError(f"{where} {pawn} at must be one of {LOCATIONS}, not {at!r}")
            building = _names(pw.get("building", []), f"{where} {pawn} building", project_ids if pawn == "master" else set(PROJECT_TYPES))
            time = _int(pw, "time", 2 if building else 0, 0, 4)
            if bool(building) != bool(time) or len(building) > (2 if pawn == "master" else 1):
                raise ValueError(f"{where} {pawn}: a pawn building 1 project (the master 2 with Twofold Path) has a time of 1 to 4; otherwise none")
            if pawn == "master":
                p.mloc, p.mproj, p.mtime = at, building, time
            else:
                p.aloc, p.aproj, p.atime = at, building, time
        if p.mproj and p.aproj:
            raise ValueError(f"{where}: master and apprentice cannot both build (Apprentice is Gaining Experience)")
        visited = pd.get("visited", {})
        if not isinstance(visited, dict) or set(visited) - set(PERSONS) or any(v not in VISIT_TILES for v in visited.values()):
            raise ValueError(f"{where} visited maps townsfolk ({', '.join(PERSONS)}) to visit tile values 1, 2 or 3")
        p.visited = [visited.get(per, 0) for per in PERSONS]
        left = list(VISIT_TILES)
        for v in p.visited:
            if v:
                if v not in left:
                    raise ValueError(f"{where}: the visit tiles are 1, 2, 2 and 3, each used once")
                left.remove(v)
        p.vtiles = pd.get("visit_tiles", left)
        if sorted(p.vtiles) != left:
            raise ValueError(f"{where} visit_tiles must be {left} (the tiles not placed on townsfolk)")
        p.vtiles = sorted(p.vtiles)
        p.played = _names(pd.get("played", []), f"{where} played", set(SCROLL_TYPES))
        p.in_play = _names(pd.get("in_play", []), f"{where} in_play", set(SCROLL_TYPES))
        if any(p.in_play.count(sid) > p.played.count(sid) for sid in p.in_play):
            raise ValueError(f"{where} in_play: the scrolls in play were played this round, so they are in 'played' too")
        fx = pd.get("effects", {})
        if not isinstance(fx, dict) or set(fx) - EFFECT_KEYS:
            raise ValueError(f"{where} effects: known keys are {sorted(EFFECT_KEYS)}")
        p.mu = sorted(MATERIALS.index(m) for m in _names(fx.get("masterful_use", []), f"{where} masterful_use", set(MATERIALS)))
        for key in ("subtle", "swift", "privileged", "writ", "host", "twofold", "agex"):
            setattr(p, key, _bool(fx, key, False))
        p.borrowed = fx.get("borrowed")
        if p.borrowed is not None and p.borrowed not in PROJECT_TYPES:
            raise ValueError(f"{where} borrowed must be a project type")
        p.trigger = _bool(pd, "trigger_bonus", False)
        z.players[s] = p

    # boxes
    z.draft_boxes = [0, 0, 0, 0]
    z.draft_scrolls = []
    draft = d.get("draft", {})
    if not isinstance(draft, dict) or set(draft) - {"boxes", "scrolls"}:
        raise ValueError("'draft' is a table with 'boxes' and 'scrolls'")
    z.draft_boxes = _boxes(draft.get("boxes", ""), "draft boxes")
    z.draft_scrolls = sorted(_names(draft.get("scrolls", []), "draft scrolls", set(SCROLL_TYPES)))
    bins = d.get("bins")
    if bins is not None and (not isinstance(bins, dict) or set(bins) - {"large", "small"}):
        raise ValueError("'bins' is a table with 'large' and 'small'")
    if bins is not None:
        z.bins = [_boxes(bins.get("large", ""), "large bin"), _boxes(bins.get("small", ""), "small bin")]
    placed = [z.draft_boxes[m] + z.bins[0][m] + z.bins[1][m] + sum(p.boxes[m] for p in z.players) for m in range(4)]
    if "bag" in d:
        z.bag = _boxes(d["bag"], "bag")
        if any(z.bag[m] + placed[m] != comp.supply for m in range(4)):
            raise ValueError(f"every material has {comp.supply} boxes: bag, bins, draft and workshops hold {[z.bag[m] + placed[m] for m in range(4)]}")
    else:
        z.bag = [comp.supply - placed[m] for m in range(4)]
        if min(z.bag) < 0:
            raise ValueError(f"more than {comp.supply} boxes of a material are placed ({dict(zip(MATERIALS, placed))})")
        if bins is None and z.step >= 1:
            z.fill_bins()

    # scrolls
    cards = list(g.scroll_cards)
    discard = _names(d.get("scroll_discard", []), "scroll_discard", set(SCROLL_TYPES))
    used = [c for p in z.players for c in p.hand + p.in_play] + discard + z.draft_scrolls
    deck = _names(d["scroll_deck"], "scroll_deck", set(SCROLL_TYPES)) if "scroll_deck" in d else None
    for sid in used + (deck or []):
        if sid not in cards:
            raise ValueError(f"there are only {g.components.scrolls[sid].copies} copies of scroll {sid!r}")
        cards.remove(sid)
    if deck is None:
        cards.sort()
        rng.shuffle(cards)
        deck = cards
    elif cards:
        raise ValueError(f"scrolls {sorted(cards)} are nowhere (give them to a hand, the deck or the discard pile)")
    z.deck, z.discard = deck, discard

    # projects and masterworks
    held = [x for p in z.players for x in p.completed + p.overflow + p.mproj + p.aproj]
    supply = d.get("projects_left")
    if supply is None:
        supply = {pid: g.project_copies - held.count(pid) for pid in PROJECT_TYPES}
    if not isinstance(supply, dict) or set(supply) != set(PROJECT_TYPES):
        raise ValueError(f"'projects_left' gives the count of each type: {', '.join(PROJECT_TYPES)}")
    for pid in PROJECT_TYPES:
        if not isinstance(supply[pid], int) or supply[pid] < 0 or supply[pid] + held.count(pid) != g.project_copies:
            raise ValueError(f"{g.project_copies} cards of {pid} are in play with {n} players: board and workshops hold {supply[pid]} + {held.count(pid)}")
    z.supply = dict(supply)
    mwd = d.get("masterworks", {})
    if not isinstance(mwd, dict) or set(mwd) - {"display", "deck"}:
        raise ValueError("'masterworks' is a table with 'display' and 'deck'")
    mw_held = [x for x in held if x in allmw]
    rest = sorted(allmw - set(mw_held) - set(mwd.get("display", [])) - set(mwd.get("deck", [])))
    rng.shuffle(rest)
    display = _names(mwd["display"], "masterworks display", allmw) if "display" in mwd else [rest.pop(0) for _ in range(min(g.masterwork_display, len(rest)))]
    mdeck = _names(mwd["deck"], "masterworks deck", allmw) if "deck" in mwd else rest
    if "deck" in mwd and rest:
        raise ValueError(f"masterworks {rest} are nowhere")
    if sorted(mw_held + display + mdeck) != sorted(allmw) or len(display) > g.masterwork_display:
        raise ValueError(f"every masterwork must be in exactly one place (deck, {g.masterwork_display} face-up spaces, a workshop)")
    z.mw_disp, z.mw_deck = display, mdeck

    # exchange tiles
    xs = d.get("exchange_tiles_left")
    if xs is None:
        xs = {name: g.tile_copies - sum(p.tiles[k] for p in z.players) for k, name in enumerate(PAIR_NAMES)}
    if not isinstance(xs, dict) or set(xs) != set(PAIR_NAMES):
        raise ValueError(f"'exchange_tiles_left' gives the count of each pairing: {', '.join(PAIR_NAMES)}")
    for k, name in enumerate(PAIR_NAMES):
        if not isinstance(xs[name], int) or xs[name] < 0 or xs[name] + sum(p.tiles[k] for p in z.players) != g.tile_copies:
            raise ValueError(f"{g.tile_copies} {name} exchange tiles are in play with {n} players")
    z.xsupply = [xs[name] for name in PAIR_NAMES]

    # award tiles
    aw = d.get("awards")
    gone = _names(d.get("awards_revealed", []), "awards_revealed", set(AWARDS))
    if aw is not None and (not isinstance(aw, dict) or set(aw) != set(PERSONS)):
        raise ValueError(f"'awards' maps each townsperson ({', '.join(PERSONS)}) to a face-down tile or null")
    box = d.get("award_box")
    if aw is None:
        pool = sorted(set(AWARDS) - set(gone) - ({box} if box else set()))
        rng.shuffle(pool)
        aw = {}
        for i, per in enumerate(PERSONS):
            visited = any(p.visited[i] for p in z.players)
            aw[per] = None if visited or not pool else pool.pop()
        if "award_box" not in d:
            box = pool.pop() if pool else None
        gone = gone + pool
    tiles = [t for t in aw.values() if t is not None] + ([box] if box is not None else []) + gone
    if sorted(tiles) != sorted(AWARDS):
        raise ValueError(f"the five award tiles ({', '.join(AWARDS)}) must each be in one place: face down on a townsperson, in the box, or revealed")
    z.awards = [aw[per] for per in PERSONS]
    z.award_box, z.award_gone = box, gone

    # the pending decisions
    if "pending" in d:
        if not isinstance(d["pending"], list):
            raise ValueError("'pending' is a list of tasks, top first")
        if len(d["pending"]) > MAX_PENDING:
            raise ValueError(f"'pending' holds {len(d['pending'])} tasks: a position has at most {MAX_PENDING} (a game in play has a few)")
        z.tasks = [_task_from_json(t) for t in d["pending"]]
        for t in z.tasks:
            if t[0] not in TASK_NAMES:
                raise ValueError(f"unknown pending task {t[0]!r}")
            if t[0] != "bin" and (not isinstance(t[1], int) or isinstance(t[1], bool) or not -1 <= t[1] < n):
                raise ValueError(f"pending task {list(t)} names no seat")
            if t[0] == "draft":  # [draft, seat, picks made so far]: three laps from the start player's right (Player Setup)
                if len(t) < 3 or not isinstance(t[2], int) or isinstance(t[2], bool) or not 0 <= t[2] < 3 * n:
                    raise ValueError(f"pending task {list(t)}: a draft task counts the picks made so far, an int from 0 to {3 * n - 1}")
                if t[1] != (z.start - 1 - t[2]) % n:
                    raise ValueError(f"pending task {list(t)}: after {t[2]} picks the draft is at seat {(z.start - 1 - t[2]) % n}, not {t[1]}")
    else:
        lap = _int(d, "lap", 1, 1, 2)
        to_move = _int(d, "to_move", z.start, 0, n - 1)
        if z.step != 1:
            raise ValueError("without 'pending', a position is a Step 1 turn ('step' = 1)")
        t = (lap - 1) * n + (to_move - z.start) % n
        p = z.players[to_move]
        pawn = ""
        if lap == 2:
            if (p.mloc is None) == (p.aloc is None):
                raise ValueError("in lap 2 the player to move has used exactly one pawn (give its 'at')")
            pawn = "master" if p.mloc is None else "apprentice"
        z.tasks = [("turn", to_move, t, pawn)]
    return z


# -- the other way: a player in a position description and in the public view --------------


def _effects(p: _Player) -> dict:
    out = {}
    if p.mu:
        out["masterful_use"] = [MATERIALS[m] for m in p.mu]
    for key in ("subtle", "swift", "privileged", "writ", "host", "twofold", "agex"):
        if getattr(p, key):
            out[key] = True
    if p.borrowed:
        out["borrowed"] = p.borrowed
    return out


def _public_player(z: _Core, s: int) -> dict:
    """What every seat sees of player ``s``: its open parts, the size of its hand and the
    scrolls known to be in it, its limits, and ``in_play`` (the scrolls it played this turn,
    face up until its pawn's action discards them)."""
    p = z.players[s]
    out = {
        "boxes": letters(p.boxes),
        "storage_limit": z.storage_limit(s),
        "scroll_count": len(p.hand),
        "hand_limit": z.hand_limit(s),
        "known_scrolls": list(p.known),
    }
    out.update(_open_parts(p))
    out["in_play"] = list(p.in_play)
    return out


def _player_position(p: _Player) -> dict:
    """Player ``p`` in a position description (its hand included)."""
    out = {"boxes": letters(p.boxes), "scrolls": list(p.hand), "known": list(p.known)}
    out.update(_open_parts(p))
    if p.in_play:  # only while scrolls are being played, so other positions keep their digests
        out["in_play"] = list(p.in_play)
    return out


def _open_parts(p: _Player) -> dict:
    """The parts of a player on the table, the same in its public view and its position."""
    return {
        "exchange_tiles": [PAIR_NAMES[k] for k in range(6) for _ in range(p.tiles[k])],
        "completed": list(p.completed),
        "overflow": list(p.overflow),
        "master": {"at": p.mloc, "building": list(p.mproj), "time": p.mtime},
        "apprentice": {"at": p.aloc, "building": list(p.aproj), "time": p.atime},
        "visit_tiles": list(p.vtiles),
        "visited": {per: p.visited[i] for i, per in enumerate(PERSONS) if p.visited[i]},
        "played": list(p.played),
        "effects": _effects(p),
        "trigger_bonus": p.trigger,
    }
