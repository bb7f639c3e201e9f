"""What the Majolica board draws, computed from the engine's public API: the cascade story, the
score panel, the action labels and targets, and the static picture.

Everything here is public information (Majolica has no seat secrets); the design deck's order
and the solo stack's order are never read.
"""

from __future__ import annotations

import html

from .rules import COL, LETTERS, MISSIONS, SOLO_RATINGS, Majolica, MajolicaState, _Work, card_open, card_text, pattern_met

__all__ = [
    "CATEGORIES_BASE",
    "action_words",
    "RECONSTRUCTED_NOTE",
    "SEAT_COLOURS",
    "TILE_COLOURS",
    "board_snapshot",
    "cascade_story",
    "position_html",
    "public_scores",
    "reconstructed_parts",
]

#: Seat colours (the player colours of the engine: red, yellow, blue, green).
SEAT_COLOURS = {"red": "#c0392b", "yellow": "#c9a100", "blue": "#2e6bc6", "green": "#2f8f4e"}
#: Tile colours by letter (R Y B G, P purple).
TILE_COLOURS = {"R": "#d64541", "Y": "#f2c12e", "B": "#3a7bd5", "G": "#3fa65a", "P": "#8e44ad"}
TILE_NAMES = {"R": "red", "Y": "yellow", "B": "blue", "G": "green", "P": "purple"}
#: Score categories of every game (the expansions add Bloom tokens and the mission rows).
CATEGORIES_BASE = ("design cards", "tiles on unfinished cards", "City Hall tokens")
#: The tooltip of a reconstructed value.
RECONSTRUCTED_NOTE = (
    "Reconstructed value: no published source gives it, so this is a consistent proposal; the package keeps "
    "each value's provenance in zongshi_widgets/games/majolica/data/components.toml. Load the printed data with "
    "components=... to correct it."
)


def _tiles(counts) -> str:
    return "".join(LETTERS[c] * int(n) for c, n in enumerate(counts))


def reconstructed_parts(game: Majolica) -> dict:
    """Which drawn values are reconstructed, from the component file's provenance tags.

    Returns:
        dict: ``{"cards": bool, "workshops": [[field, ...] per workshop], "city_hall": bool}``:
        design cards reconstructed (the deck, starting and Kaleidoscopic cards); per workshop
        the reconstructed fields (``must``, ``may``, ``fragment``...); City Hall's fill.
    """
    prov = game.components.provenance or {}
    design = prov.get("design") or {}
    cards = any(design.get(k) == "reconstructed" for k in ("starting", "deck", "kaleidoscopic")) if isinstance(design, dict) else design == "reconstructed"
    shops = []
    for p in prov.get("workshops") or [{}] * 4:
        shops.append(sorted(k for k, v in p.items() if v == "reconstructed") if isinstance(p, dict) else (["all"] if p == "reconstructed" else []))
    ch = prov.get("city_hall") or {}
    city = any(v == "reconstructed" for v in ch.values()) if isinstance(ch, dict) else ch == "reconstructed"
    return {"cards": bool(cards), "workshops": shops, "city_hall": bool(city)}


def board_snapshot(game: Majolica, p, city) -> dict:
    """One player's board as the browser draws it.

    Args:
        game: the game. p: a :class:`~zongshi_widgets.games.majolica.board.Player` (or the
            engine's working copy with the same fields). city (tuple[int, int]): City Hall's
            purple tiles and one-point tokens.

    Returns:
        dict: ``ws`` (4 strings of tile letters), ``slots`` (3 card ids or ``None``), ``fills``
        (3 strings), ``done`` (card ids), ``tokens``, ``purples``, ``blooms``, ``city`` ([purple, points]),
        ``notes`` (4 strings: :func:`workshop_note`).
    """
    cid = game.cids
    return {
        "ws": [_tiles(w) for w in p.ws],
        "notes": [workshop_note(game, p, city, w) for w in range(4)],
        "slots": [cid[i] if i >= 0 else None for i in p.slots],
        "fills": [_tiles(f) for f in p.fills],
        "done": [cid[i] for i in p.done],
        "tokens": p.tokens,
        "purples": p.purples,
        "blooms": p.blooms,
        "city": [city[0], city[1]],
    }


def workshop_note(game: Majolica, p, city, w: int) -> str:
    """Why a full workshop does not run, in a few words, or ``""`` (rulebook, Run Workshop(s) A:
    a workshop runs when it is full with its pattern and a tile of it has a space on the card
    above; W4 gives City Hall's tiles or tokens; Overflow).

    Args:
        game: the game. p: a player (or the engine's working copy). city: City Hall's
            (purple tiles, one-point tokens). w (int): the workshop, 0..3.

    Returns:
        str: ``"overflows: discard 2"``, ``"full, but 2+2 is not met"``, ``"full with 2+2, but
        the card above has no open space for its tiles"``, ``"full with 4, but City Hall is
        empty"``, ``"full with 3+3, but no card above"`` or ``""``.
    """
    ws = p.ws[w]
    n, cap = sum(ws), game.cap[w]
    if n > cap:
        return f"overflows: discard {n - cap}"
    if n < cap:
        return ""
    pattern = "+".join([str(game.part[w])] * game.nparts[w])
    if not pattern_met(game, w, ws):
        return f"full, but {pattern} is not met"
    if w == 3:
        return "" if game.empty_run or city[0] + city[1] > 0 else f"full with {pattern}, but City Hall is empty"
    card = p.slots[w]
    if card < 0:
        return f"full with {pattern}, but no card above"
    if not any(ws[c] and card_open(game, card, p.fills[w], c) for c in range(4)):
        return f"full with {pattern}, but the card above has no open space for its tiles"
    return ""


#: The mission cards that hold tiles (M2: fragmented tiles, M4: tiles from 4-tile takes), one space per colour.
STORAGE_MISSIONS = (1, 3)


def mission_card(state: MajolicaState, seat: int) -> dict | None:
    """A player's mission card as the board draws it (rulebook, Expansion Rules: Mission Cards).

    Args:
        state: the position. seat (int): the player.

    Returns:
        dict | None: ``None`` without a mission card; else ``id`` (``"M2"``), ``text`` (the
        mission), ``spaces`` (``"RYBG"`` for a card that holds tiles, one space per colour,
        else ``""``), ``tiles`` (the colour letters on it, in ``RYBG`` order) and ``done``
        (the mission is fulfilled as things stand: ``state.mission_done``).
    """
    p = state.players[seat]
    if p.mission < 0:
        return None
    storage = p.mission in STORAGE_MISSIONS
    return {
        "id": f"M{p.mission + 1}",
        "text": MISSIONS[p.mission],
        "spaces": "".join(COL[c] for c in range(4)) if storage else "",
        "tiles": "".join(COL[c] for c in range(4) if p.mstore >> c & 1),
        "done": bool(state.mission_done(seat, p.mission)),
    }


def _mission_html(mc: dict) -> str:
    """The static picture of a mission card: its tiles in their spaces and a done mark."""
    empty = "display:inline-block;width:12px;height:12px;border:1px dashed #888;border-radius:3px;margin:1px"
    spaces = "".join(_chip(c) if c in mc["tiles"] else f"<span style='{empty}' title='open {TILE_NAMES[c]} space'></span>" for c in mc["spaces"])
    mark = "<b title='mission fulfilled'>✓ done</b>" if mc["done"] else "<i>not yet</i>"
    return (f"<div style='display:inline-block;border:1px solid #999;border-radius:6px;padding:2px 6px;margin-top:3px'>"
            f"<b>Mission {mc['id']}</b>: {html.escape(mc['text'])} {spaces} {mark}</div>")


def _names(text: str) -> str:
    if not text:
        return "no tiles"
    parts = []
    for ch in "RYBGP":
        k = text.count(ch)
        if k:
            parts.append(f"{k} {TILE_NAMES[ch]}")
    return ", ".join(parts)


class _Trace(_Work):
    """The engine's own working copy, recording each step of a cascade as it happens."""

    def __init__(self, s: MajolicaState):
        super().__init__(s)
        self.steps: list[dict] = []
        self.frag_from: str | None = None

    def _note(self, kind: str, text: str, w: int | None) -> None:
        self.steps.append({"k": kind, "w": w, "text": text, "board": board_snapshot(self.game, self, self.city)})

    def _start_run(self, w: int) -> None:
        g = self.game
        if w == 3:
            before = _tiles(self.ws[3])
            purple, points = self.city[0] > 0, self.city[1] > 0
            super()._start_run(w)
            got = "a purple tile (it goes into W1)" if purple else ("a one-point token" if points else "nothing (City Hall is empty)")
            self._note("run", f"W4 runs ({before}): one tile goes to City Hall and the player takes {got}; the other tiles flow back to W1", 3)
            return
        super()._start_run(w)
        card = self.slots[w]
        on = card_text(g, card) if card >= 0 else "no card"
        self._note("run", f"W{w + 1} runs (its pattern is met): tiles may now move up to the design card above it, {on}", w)

    def _move(self, c: int) -> None:
        g = self.game
        w = self.run[0]
        card = self.slots[w]
        done_before = len(self.done)
        super()._move(c)
        text = f"W{w + 1} moves a {TILE_NAMES[COL[c]]} tile onto design card {g.cids[card]}"
        if len(self.done) > done_before:
            text += f": the card is complete ({g.cards[card].points} points) and goes to the scoring area; its tiles go back to the supply"
            if g.cards[card].hand:
                text += "; its hand icon gives a small tile of a chosen colour"
        self._note("move", text, w)

    def _end_moves(self) -> None:
        w = self.run[0]
        self.frag_from = _tiles(self.ws[w])
        super()._end_moves()

    def _pass_on(self) -> None:
        w = self.run[0]
        rest = _tiles(self.ws[w])
        if self.frag_from is not None and len(rest) < len(self.frag_from):
            lost = "".join(ch for ch in "RYBG" for _ in range(self.frag_from.count(ch) - rest.count(ch)))
            self._note("fragment", f"W{w + 1} has the fragmentation icon: one {TILE_NAMES[lost[0]]} tile is discarded", w)
        self.frag_from = None
        super()._pass_on()
        nxt = (w + 1) % 4
        self._note("flow", f"The rest of W{w + 1} ({_names(rest)}) flows on to W{nxt + 1}" if rest else f"W{w + 1} is empty now", nxt)

    def drop(self, w: int, c: int) -> None:
        super().drop(w, c)
        if self.over == w:
            self._note("discard", f"W{w + 1} holds more than {self.game.cap[w]} tiles: a {TILE_NAMES[LETTERS[c]]} tile is discarded", w)


def cascade_story(before: MajolicaState, action: str, after: MajolicaState | None = None) -> list[dict]:
    """The steps of the cascade that ``action`` sets off, told from the engine's own resolution.

    The engine's working copy of ``before`` applies ``action`` while each workshop run, tile
    moved to a design card, completed card, fragmentation discard, overflow discard and flow to
    the next workshop is recorded (rulebook, Run Workshop(s) A-H). Only public information.

    Args:
        before (MajolicaState): the position the action is played in.
        action (str): a legal action there.
        after (MajolicaState | None): ``before.play(action)`` when known: the story is then
            checked against it (the last step's board must be the mover's board there).

    Returns:
        list[dict]: ``[{k, w, text, board}, ...]`` (``k``: ``run``, ``move``, ``fragment``,
        ``discard`` or ``flow``; ``w``: the workshop 0..3; ``board``: the mover's board after the
        step, as :func:`board_snapshot` gives it); empty when the action set nothing off (its
        own single tile move or discard is not a cascade).

    Raises:
        ValueError: the traced resolution differs from ``after`` (the engine changed).
    """
    seat = before.to_move
    if seat is None:
        return []
    work = _Trace(before)
    work.act(action)
    steps = work.steps
    if len(steps) < 2 and not any(s["k"] in ("run", "flow") for s in steps):
        return []
    if after is not None:
        p = after.players[seat]
        if board_snapshot(before.game, p, after.city) != steps[-1]["board"]:
            raise ValueError("the traced cascade does not end in the engine's position")
    return steps


def public_scores(state: MajolicaState) -> dict:
    """The score sheet, every category (rulebook, Game End): ``{categories, titles, values,
    totals, final, notes, rating}`` (``titles``: per category, what a mission row's mission asks,
    else ``""``; ``rating``: the solo rating at the end of a solo game, else ``""``)."""
    sheet = state.score_sheet()
    rating = ""
    if state.game.solo and sheet.final:
        rating = next(label for lo, label in SOLO_RATINGS if sheet.totals[0] >= lo)
    return {
        "categories": list(sheet.categories),
        # a mission row's tooltip: what the mission asks (the row itself is named M1..M8)
        "titles": [MISSIONS[int(c[1:]) - 1] if len(c) == 2 and c[0] == "M" and c[1].isdigit() else "" for c in sheet.categories],
        "values": [list(map(int, r)) for r in sheet.values],
        "totals": list(map(int, sheet.totals)),
        "final": bool(sheet.final),
        "notes": sheet.notes,
        "rating": rating,
    }


def _chip(letter: str) -> str:
    css = f"display:inline-block;width:14px;height:14px;border-radius:3px;margin:1px;background:{TILE_COLOURS[letter]};color:#000;font:10px sans-serif"
    return f"<span style='{css};text-align:center;line-height:14px' title='{TILE_NAMES[letter]}'>{letter}</span>"


def position_html(state: MajolicaState, highlight=(), reveal_scores: bool = True) -> str:
    """A static HTML picture: the grid (or solo tiles), display, City Hall, every player board and
    the score so far (unless ``reveal_scores`` is ``False``); parts in ``highlight`` outlined.

    Returns:
        str: HTML (no scripts), public information only.
    """
    g = state.game
    marks = set(highlight or ())
    out = ["<div style='font:13px sans-serif;display:flex;flex-wrap:wrap;gap:12px'>"]
    box = "border:1px solid #999;border-radius:6px;padding:6px"

    def style(pid: str) -> str:
        return box + (";outline:3px solid #e0218a" if pid in marks else "")

    if g.solo:
        rev = "".join(_chip(COL[c]) for c in state.revealed) or "–"
        out.append(f"<div style='{style('grid')}'><b>Revealed tiles</b><br>{rev}<br>face down: {len(state.stack)}</div>")
    else:
        rows = []
        for r in range(4):
            cells = []
            for c in range(4):
                i = r * 4 + c
                name = f"{'abcd'[c]}{r + 1}"
                up = state.up >> i & 1
                inner = _chip(COL[state.grid[i]]) if up else "·"
                lines = {"line:row1": r == 0, "line:row4": r == 3, "line:cola": c == 0, "line:cold": c == 3}
                hit = f"cell:{name}" in marks or any(on and k in marks for k, on in lines.items())
                border = "outline:3px solid #e0218a;" if hit else ""
                cells.append(f"<td style='{border}width:22px;height:22px;text-align:center' title='{name}'>{inner}</td>")
            rows.append("<tr>" + "".join(cells) + "</tr>")
        out.append(f"<div style='{style('grid')}'><b>Grid</b><table>{''.join(rows)}</table></div>")
    rec = " <span title='reconstructed value'>≈</span>" if reconstructed_parts(g)["cards"] else ""

    def span(pid: str, text: str) -> str:
        return f"<span style='outline:3px solid #e0218a'>{text}</span>" if pid in marks else text

    disp = "<br>".join(span(f"card:{g.cids[i]}", html.escape(card_text(g, i))) + rec for i in state.display)
    out.append(f"<div style='{style('display')}'><b>Design cards</b> (deck {len(state.deck)})<br>{disp}</div>")
    out.append(f"<div style='{style('city_hall')}'><b>City Hall</b><br>{state.city[0]} purple tiles, {state.city[1]} one-point tokens</div>")
    for s, p in enumerate(state.players):
        name = g.seat_names[s]
        mover = state.to_move == s

        def own(pid: str, text: str, name: str = name, mover: bool = mover) -> str:
            return span(f"{pid}:{name}", text) if f"{pid}:{name}" in marks else span(pid, text) if mover else text

        ws = " ".join(own(f"W{w + 1}", f"W{w + 1}:" + ("".join(_chip(ch) for ch in _tiles(p.ws[w])) or "–")) for w in range(4))
        words = [f"{card_text(g, i)} holds {_tiles(f) or 'nothing'}" if i >= 0 else "–" for i, f in zip(p.slots, p.fills)]
        slots = " | ".join(own(f"slot:{k + 1}", html.escape(text)) for k, text in enumerate(words))
        done = span(f"scoring:{name}", " ".join(g.cids[i] for i in p.done) or "–")
        mc = mission_card(state, s)
        extra = f"<br>{_mission_html(mc)}" if mc else ""
        out.append(
            f"<div style='{style(f'board:{name}')}'><b style='color:{SEAT_COLOURS[name]}'>{name}</b>{' (to move)' if state.to_move == s else ''}<br>"
            f"{ws}<br>cards: {slots}<br>completed: {done}; tokens {p.tokens}{extra}</div>"
        )
    if reveal_scores:
        sc = public_scores(state)
        head = "".join(f"<th>{n}</th>" for n in g.seat_names)
        cells = ["".join(f"<td>{row[k]}</td>" for row in sc["values"]) for k in range(len(sc["categories"]))]
        body = "".join(f"<tr><td>{html.escape(cat)}</td>{cells[k]}</tr>" for k, cat in enumerate(sc["categories"]))
        tot = "".join(f"<td><b>{t}</b></td>" for t in sc["totals"])
        title = "Final score" if sc["final"] else "Score so far"
        out.append(f"<div style='{style('scores')}'><b>{title}</b><table><tr><td></td>{head}</tr>{body}<tr><td>total</td>{tot}</tr></table></div>")
    out.append("</div>")
    return "".join(out)


# -- actions in words ---------------------------------------------------------------------------
def _card_words(game, i: int) -> str:
    """A design card in words: ``"D05 (3 points; spaces red red blue; hand icon)"``."""
    c = game.cards[i]
    spaces = " ".join(TILE_NAMES[COL[k]] for k, n in enumerate(c.spaces) for _ in range(n))
    extra = f", {c.blank} blank" if c.blank else ""
    return f"{c.id} ({c.points} points; spaces {spaces}{extra}{'; hand icon' if c.hand else ''})"


def action_words(state, a: str) -> str:
    """A Majolica action in plain words, as the decision bar, the move log and the lessons say
    it: ``"take the run a1–d1"``, ``"take the tile a2 and design card D05 (3 points; spaces red red
    blue)"``, ``"place the tiles in W2"``, ``"move a red tile up to the design card"``.

    Args:
        state (MajolicaState): the position the action is played in. a (str): its notation.

    Returns:
        str: the words (the notation itself for an action this function does not know).
    """
    g = state.game
    w = a.split()
    verb = w[0]
    if verb == "take":
        if g.solo:
            what = "all four revealed tiles" if w[1] == "all" else f"the {TILE_NAMES[w[1]]} tile"
        else:
            ends = w[1].split("-")
            what = f"the run {w[1].replace('-', '–')}" if len(ends) == 2 else f"the tile {w[1]}"
        if len(w) == 4:
            what += " and rearrange the cards in the slots" if w[3] == "arrange" else f" and design card {_card_words(g, g.card_ids[w[3]])}"
        return f"take {what}"
    if verb == "place":
        return f"place the tiles in {w[1]}"
    if verb == "slot":
        taken = state.to_move is not None and state.players[state.to_move].slots[int(w[1]) - 1] >= 0
        return f"slot the card into slot {w[1]}" + (" (the card there goes under the deck)" if taken else "")
    if verb == "start":
        return f"slot the starting card into slot {w[2]}"
    if verb == "arrange":
        return "cards in the slots: " + ", ".join(x if x != "-" else "empty" for x in w[1:])
    if verb == "run":
        return f"run {w[1]} first"
    if verb == "move":
        return f"move a {TILE_NAMES[w[1]]} tile up to the design card"
    if verb == "stop":
        return "move no more tiles (white shovels are optional)"
    if verb == "fragment":
        return f"discard a {TILE_NAMES[w[1]]} tile (fragmentation)" + (" onto the mission card" if len(w) == 3 else "")
    if verb == "discard":
        if len(w) == 3:
            return f"discard a {TILE_NAMES[w[-1]]} tile from {w[1]}"
        return f"discard a {TILE_NAMES[w[-1]]} tile ({_overflow_words(state)})"
    if verb == "bonus":
        return f"take a {TILE_NAMES[w[1]]} tile into {w[2]} (hand icon)"
    if verb == "no":
        return "take no hand-icon tile"
    if verb == "mission":
        return f"take mission {w[1]}: {MISSIONS[int(w[1][1:]) - 1]}" if state.step == "mission" else f"put a {TILE_NAMES[w[1]]} tile on the mission card"
    if verb == "end":
        return "end the turn"
    return a


def _overflow_words(state) -> str:
    """``"W2 overflows: 1 tile too many for its 6 places"``: the workshop that must shed tiles now."""
    if state.over < 0 or state.to_move is None:
        return "the workshop overflows"
    w = state.over
    extra = sum(state.players[state.to_move].ws[w]) - state.game.cap[w]
    return f"W{w + 1} overflows: {extra} tile{'' if extra == 1 else 's'} too many for its {state.game.cap[w]} places"
