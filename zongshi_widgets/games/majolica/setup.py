"""Game Setup and posed positions (rulebook, Game Setup; Rules for Solo Play; Expansion Rules):
:func:`_build` makes a position from a description (the keys of
:meth:`Majolica._state_from_position`; the empty description is a new game set up by chance)
and refuses a description that cannot arise, saying why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from zongshi_widgets.core import Chance

from .board import Player, can_run, pack_workshops
from .notation import BORDER_MASK, COL, PURPLE, SOLO_ROUNDS, STEP_TEXT, STEPS, ZERO4, _counts, _counts_list, cell_name
from .state import MajolicaState

if TYPE_CHECKING:
    from .game import Majolica

KNOWN = {
    "round", "turn", "start", "first", "to_move", "step", "grid", "stack", "revealed", "flipped", "display", "deck", "deck_known",
    "city_hall", "purple_out", "players", "missions_open", "first3", "two_in_a_turn", "pending", "run", "overflow", "setup",
    "last_completion_round", "over",
}  # fmt: skip


def _int(d: dict, key: str, default: int, lo: int, hi: int) -> int:
    v = d.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError(f"{key!r} must be an integer from {lo} to {hi}, not {v!r}")
    return v


def _build(game: Majolica, d: dict, chance: Chance) -> MajolicaState:
    unknown = sorted(set(d) - KNOWN)
    if unknown:
        raise ValueError(f"unknown Majolica position keys {unknown}; known: {sorted(KNOWN)}")
    n = game.players
    fresh = not d
    start = _int(d, "start", chance.randrange(n) if "start" not in d else 0, 0, n - 1)
    first = _int(d, "first", start, 0, n - 1)
    # large tiles
    per = game.components.large_per_colour
    grid, up, stack, revealed, flipped = (), 0, (), (), ZERO4
    all_large = [c for c in range(4) for _ in range(per)]
    if game.solo:
        if "grid" in d:
            raise ValueError("solo play has no grid: give 'stack', 'revealed' and 'flipped'")
        flipped = tuple(_counts(d.get("flipped", ""), False)[:4])
        revealed = tuple(sorted(_counts_list(d.get("revealed", ""))))
        if "stack" in d:
            stack = tuple(_counts_list(d["stack"]))
        else:
            rest = list(all_large)
            for c in list(revealed) + [k for k in range(4) for _ in range(flipped[k])]:
                if c in rest:
                    rest.remove(c)
            chance.shuffle(rest)
            stack = tuple(rest)
        got = sorted(list(stack) + list(revealed) + [c for c in range(4) for _ in range(flipped[c])])
        if got != all_large:
            raise ValueError(f"the large tiles (stack + revealed + flipped) must be {per} of each colour")
    else:
        for k in ("stack", "revealed", "flipped"):
            if k in d:
                raise ValueError(f"{k!r} is for solo play; a {n}-player game has a 'grid'")
        if "grid" in d:
            rows = d["grid"]
            if not isinstance(rows, list) or len(rows) != 4 or not all(isinstance(r, str) and len(r) == 4 for r in rows):
                raise ValueError("'grid' is 4 strings of 4 colour letters (row 1 first; lower case = face down)")
            cells = []
            for i, ch in enumerate("".join(rows)):
                k = COL.find(ch.upper())
                if k < 0:
                    raise ValueError(f"grid cell {cell_name(i)}: {ch!r} is not a colour (R Y B G)")
                cells.append(k)
                if ch.isupper():
                    up |= 1 << i
            if sorted(cells) != all_large:
                raise ValueError(f"the grid must hold {per} large tiles of each colour")
            grid = tuple(cells)
        else:
            cells = list(all_large)
            chance.shuffle(cells)
            grid, up = tuple(cells), (1 << 16) - 1
    # players
    raw_players = d.get("players", [{}] * n)
    if not isinstance(raw_players, list) or len(raw_players) != n:
        raise ValueError(f"'players' needs one entry per seat ({n})")
    ids = game.card_ids
    placed: list[int] = []

    def card(cid, where):
        if cid not in ids:
            raise ValueError(f"{where}: {cid!r} is not a design card of this game")
        i = ids[cid]
        if i not in game.in_game:
            raise ValueError(f"{where}: {cid} is not in this game (Kaleidoscopic Design is off)")
        placed.append(i)
        return i

    players, starting = [], []
    # at the overflow step the mover's receiving workshop holds more tiles than its spaces until
    # the extra ones are discarded (rulebook, 2. Place Majolica Tiles; Run Workshop(s) B)
    over_at = (d.get("to_move"), d.get("overflow", 0) - 1) if d.get("step") == "overflow" and isinstance(d.get("overflow"), int) else None
    for s, p in enumerate(raw_players):
        if not isinstance(p, dict):
            raise ValueError(f"players[{s}] is a table")
        bad = sorted(set(p) - {"workshops", "slots", "cards", "completed", "tokens", "purples", "blooms", "mission", "mission_tiles", "starting"})
        if bad:
            raise ValueError(f"players[{s}]: unknown keys {bad}")
        wss = p.get("workshops", ["", "", "", ""])
        if not isinstance(wss, list) or len(wss) != 4:
            raise ValueError(f"players[{s}].workshops: 4 strings of tile letters")
        ws = []
        for w, text in enumerate(wss):
            cnt = _counts(text)
            if sum(cnt) > game.cap[w] and over_at != (s, w):
                raise ValueError(f"players[{s}] workshop W{w + 1} holds at most {game.cap[w]} tiles")
            if w == 3 and cnt[PURPLE]:
                raise ValueError(f"players[{s}]: a purple tile never stays in W4 (rulebook, Purple Tiles)")
            ws.append(tuple(cnt))
        sl = p.get("slots", ["-", "-", "-"])
        if not isinstance(sl, list) or len(sl) != 3:
            raise ValueError(f"players[{s}].slots: 3 card ids or '-'")
        slots = tuple(-1 if c in ("-", "", None) else card(c, f"players[{s}].slots") for c in sl)
        cards_fill = p.get("cards", {})
        if not isinstance(cards_fill, dict):
            raise ValueError(f"players[{s}].cards: {{card id: tiles on it}}")
        fills = []
        for i in slots:
            if i < 0:
                fills.append(ZERO4)
                continue
            f = tuple(_counts(cards_fill.get(game.cards[i].id, ""), False)[:4])
            over = sum(max(0, f[c] - game.need[i][c]) for c in range(4))
            if over > game.blank[i] or sum(f) >= game.size[i]:
                raise ValueError(f"players[{s}]: card {game.cards[i].id} cannot hold the tiles {cards_fill.get(game.cards[i].id)!r} (or would be complete)")
            fills.append(f)
        for cid in cards_fill:
            if cid not in sl:
                raise ValueError(f"players[{s}].cards: {cid} is not in a slot")
        done = tuple(card(c, f"players[{s}].completed") for c in p.get("completed", []))
        st = p.get("starting", "")
        starting.append(card(st, f"players[{s}].starting") if st else -1)
        mis = p.get("mission", "")
        if mis and (mis not in [f"M{k + 1}" for k in range(8)] or not game.use_missions):
            raise ValueError(f"players[{s}].mission: {mis!r} is not a mission card of this game (M1..M8, Mission cards on)")
        mission = int(mis[1:]) - 1 if mis else -1
        mt = _counts(p.get("mission_tiles", ""), False)
        if max(mt) > 1 or (any(mt) and mission not in (1, 3)):
            raise ValueError(f"players[{s}].mission_tiles: one tile per colour, only on mission M2 or M4")
        players.append(
            Player(
                pack_workshops(ws), slots, tuple(fills), done,
                _int(p, "tokens", 0, 0, 20), _int(p, "purples", 0, 0, 20), _int(p, "blooms", 0, 0, 999), mission, sum(1 << c for c in range(4) if mt[c]),
            )
        )  # fmt: skip
    # missions
    missions_open: tuple = ()
    if game.use_missions:
        taken = [p.mission for p in players if p.mission >= 0]
        if "missions_open" in d:
            missions_open = tuple(sorted(int(m[1:]) - 1 for m in d["missions_open"]))
        elif fresh:
            pool = list(range(8))
            chance.shuffle(pool)
            missions_open = tuple(sorted(pool[: n + 1]))
        if len(set(taken) | set(missions_open)) != len(taken) + len(missions_open) or any(not 0 <= m < 8 for m in missions_open):
            raise ValueError("a mission card is in two places")
    elif "missions_open" in d:
        raise ValueError("'missions_open' needs the Mission cards expansion (missions=True)")
    pend = d.get("pending", {})
    bad = sorted(set(pend) - {"tiles", "card", "arrange", "took4", "ran", "completed", "bonus", "bloomed"})
    if bad:
        raise ValueError(f"pending: unknown keys {bad}")
    ptiles = tuple(_counts(pend["tiles"], False)) if pend.get("tiles") is not None else None
    pcard = card(pend["card"], "pending.card") if pend.get("card") else -1
    # design cards
    display = tuple(card(c, "display") for c in d.get("display", []))
    if "deck" in d:
        deck = tuple(card(c, "deck") for c in d["deck"])
    else:
        deck = None
    if fresh:
        st_pool = list(game.starting_idx)
        chance.shuffle(st_pool)
        starting = st_pool[:n]
        placed.extend(starting)
    if len(set(placed)) != len(placed):
        dup = sorted({game.cards[i].id for i in placed if placed.count(i) > 1})
        raise ValueError(f"design cards {dup} are in two places")
    if deck is None:
        rest = [i for i in game.deck_idx if i not in placed]
        chance.shuffle(rest)
        if "display" not in d:
            display = tuple(rest[: game.components.display])
            rest = rest[game.components.display :]
        deck = tuple(rest)
    else:
        missing = [game.cards[i].id for i in game.deck_idx if i not in placed]
        if missing:
            raise ValueError(f"design cards {missing} are nowhere (give them to the deck, the display or a player)")
    if len(display) > game.components.display:
        raise ValueError(f"the display holds at most {game.components.display} cards")
    known = _int(d, "deck_known", 0, 0, len(deck))
    ch = d.get("city_hall", {"purple": game.city_fill[0], "points": game.city_fill[1]})
    city = (_int(ch, "purple", game.city_fill[0], 0, game.city_fill[0]), _int(ch, "points", game.city_fill[1], 0, game.city_fill[1]))
    purple_out = _int(d, "purple_out", 0, 0, game.city_fill[0])
    if city[0] + purple_out + sum(p.ws[w][PURPLE] for p in players for w in range(4)) != game.city_fill[0]:
        raise ValueError(f"purple tiles: City Hall + workshops + out of the game must be {game.city_fill[0]}")
    if sum(p.purples for p in players) != game.city_fill[0] - city[0]:
        raise ValueError("purple tiles taken (players' 'purples') must match those gone from City Hall")
    if city[1] + sum(p.tokens for p in players) != game.city_fill[1]:
        raise ValueError(f"one-point tokens: City Hall + players' must be {game.city_fill[1]}")
    if city[0] and any(p.tokens for p in players):
        raise ValueError(
            f"a player holds a one-point token while City Hall still has {city[0]} purple tile(s): purple tiles are taken first,"
            " tokens only when none is left (rulebook, City Hall)"
        )
    first3 = _int(d, "first3", -1, -1, n - 1)
    two = d.get("two_in_a_turn", [])
    if not isinstance(two, list) or any(not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < n for x in two) or len(set(two)) != len(two):
        raise ValueError(f"'two_in_a_turn' lists seats 0 to {n - 1}, each once, not {two!r}")
    if first3 >= 0 and len(players[first3].done) < 3:
        raise ValueError(
            f"'first3': seat {first3} completed {len(players[first3].done)} design cards, so it cannot be the first to complete 3 (Mission Cards, M7)"
        )
    for x in two:
        if len(players[x].done) < 2:
            raise ValueError(f"'two_in_a_turn': seat {x} completed {len(players[x].done)} design cards, so never two in one turn (Mission Cards, M8)")
    m8 = sum(1 << s for s in two)
    # whose turn
    if fresh:
        step = "mission" if game.use_missions else "start"
        setup = 0
        seat = (start - 1) % n if step == "mission" else start
    else:
        step = d.get("step", "select")
        if step not in STEPS:
            raise ValueError(f"'step' is one of {list(STEPS)}, not {step!r}")
        seat = _int(d, "to_move", start, 0, n - 1)
        setup = _int(d, "setup", 0, 0, 2 * n)
    ran = sum(1 << (w - 1) for w in pend.get("ran", []))
    run = d.get("run")
    run_t = None
    if run:
        run_t = (_int(run, "workshop", 1, 1, 3) - 1, _int(run, "moved", 0, 0, 6), run.get("phase", "move"))
        if run_t[2] not in ("move", "fragment"):
            raise ValueError("run.phase is 'move' or 'fragment'")
    over = _int(d, "overflow", 0, 0, 4) - 1
    if step in ("mission", "start") and not fresh and (ptiles or pcard >= 0 or run_t):
        raise ValueError("a setup step has no pending tiles, card or run")
    if step == "select" and (ptiles or pcard >= 0 or pend.get("arrange") or run_t or over >= 0):
        raise ValueError("at '1. Select Majolica tiles' nothing is pending yet")
    if step == "place" and not (ptiles or pcard >= 0 or pend.get("arrange")):
        raise ValueError("at '2. Place Majolica tiles' tiles, a card or a rearrangement must be pending")
    if step in ("move", "fragment") and (not run_t or run_t[2] != step):
        raise ValueError(f"step {step!r} needs a 'run' with that phase")
    if step == "overflow" and over < 0:
        raise ValueError("step 'overflow' needs the 'overflow' workshop")
    if step == "overflow" and sum(players[seat].ws[over]) <= game.cap[over]:
        raise ValueError(f"step 'overflow': the mover's workshop W{over + 1} must hold more than its {game.cap[over]} tiles (else nothing overflows)")
    if step == "mission" and (not game.use_missions or players[seat].mission >= 0):
        raise ValueError("step 'mission' needs Mission cards and a seat without one")
    if step == "start" and starting[seat] < 0:
        raise ValueError("step 'start' needs the seat's dealt 'starting' card")
    if game.solo and isinstance(d.get("round"), int) and d["round"] > SOLO_ROUNDS:
        raise ValueError(f"solo: 'round' {d['round']} cannot arise: the solo game has exactly {SOLO_ROUNDS} rounds (rulebook, Rules for Solo Play)")
    rnd = _int(d, "round", 1, 1, SOLO_ROUNDS if game.solo else 999)
    if game.solo and len(revealed) > 4:
        raise ValueError(f"solo: a turn reveals four large tiles, not {len(revealed)} (rulebook, Rules for Solo Play)")
    if game.solo and step == "select" and not d.get("over") and len(revealed) != 4:
        raise ValueError(f"solo: four large tiles are revealed at '1. Select Majolica tiles', not {len(revealed)} (rulebook, Rules for Solo Play)")
    if not game.solo and step == "select" and not d.get("over") and (up & BORDER_MASK).bit_count() < 4:
        raise ValueError(
            f"at '1. Select Majolica tiles' at least 4 large tiles on the outer edge are face up, not {(up & BORDER_MASK).bit_count()}:"
            " with fewer the round has ended (rulebook, End of the Round)"
        )
    if ptiles is not None and not 1 <= sum(ptiles) <= 4:
        raise ValueError(f"pending.tiles: a take is 1 to 4 small tiles (rulebook, 1. Select Majolica Tiles), not {sum(ptiles)}")
    for s_, p in enumerate(players):
        if s_ != seat or step in ("mission", "start", "select", "place", "finish"):
            for w in range(4):
                if can_run(_CityView(game, city), p, w):
                    raise ValueError(f"players[{s_}]: workshop W{w + 1} would have to run at once (rulebook, Run Workshop(s)): not a position at rest")
    turn = _int(d, "turn", 1, 1, 99999)
    state = MajolicaState(
        game, (), chance,
        tuple(players), grid, up, stack, revealed, flipped, display, deck, known, city, purple_out,
        missions_open, first3, m8, tuple(starting), rnd, turn, start, first, seat, step, setup, _int(d, "last_completion_round", 0, 0, rnd),
        ptiles, pcard, bool(pend.get("arrange", False)), bool(pend.get("took4", False)), ran, _int(pend, "completed", 0, 0, 3),
        _int(pend, "bonus", 0, 0, 3), bool(pend.get("bloomed", False)), run_t, over,
    )  # fmt: skip
    if d.get("over"):
        if step != "select" or ptiles or pcard >= 0 or run_t or over >= 0:
            raise ValueError("a finished game has nothing pending")
        state.seat = None
        return state
    if not state._legal_tuple():
        raise ValueError(f"seat {seat} has no legal action at the step {STEP_TEXT[step]!r}: a position that cannot arise")
    return state


@dataclass(frozen=True)
class _CityView:
    """What :func:`can_run` reads of a position under construction."""

    game: Majolica
    city: tuple
