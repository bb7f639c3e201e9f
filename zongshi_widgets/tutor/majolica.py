"""Majolica lesson goals: what a move must do to solve a lesson, and why it is right.

Each goal cites the rulebook section it teaches ("1. Select Majolica Tiles" A, B, C; "Run
Workshop(s)" A-I; Tips 2, 4, 5). The lessons are ``tutor/lessons/majolica.toml``; the generic
goals ``legal`` and ``one-of`` serve the lessons that ask for one named action.

Helpers used by the goals and by the tests: :func:`take_option`, :func:`take_tiles`,
:func:`workshops_run` and :func:`most_runs` (a search over the rest of the turn).
"""

from __future__ import annotations

from ..games.majolica.render import action_words as action_words_of
from ..games.majolica.rules import COL, LINES, STEP_TEXT, MajolicaState, _cell
from .lesson import GENERIC_REFUSAL, Goal, GoOn, register_goal, register_words

SECTION = {
    "select": "rulebook, 1. Select Majolica Tiles",
    "run": "rulebook, Run Workshop(s)",
}
COLOUR_NAMES = {"R": "red", "Y": "yellow", "B": "blue", "G": "green", "P": "purple"}


def take_option(action: str) -> str | None:
    """The selection option of a ``take`` notation (rulebook, 1. Select Majolica Tiles):
    ``"A"`` (a run of a row or column; solo: ``take all``), ``"B"`` (a tile and a design card),
    ``"C"`` (a tile and a rearrangement), ``None`` when ``action`` is not a take."""
    words = action.split()
    if not words or words[0] != "take":
        return None
    if len(words) == 4:
        return "C" if words[3] == "arrange" else "B"
    return "A"


def take_tiles(state: MajolicaState, action: str) -> dict[str, int]:
    """The small tiles a ``take`` of the seat to move gives: ``{colour letter: count}``
    (rulebook, 2. Place Majolica Tiles: one small tile per large tile selected).

    Raises:
        ValueError: ``action`` is not a take of a multi-player grid.
    """
    words = action.split()
    if not words or words[0] != "take" or state.game.solo:
        raise ValueError(f"{action!r} is not a take from the grid")
    cells = [_cell(x) for x in words[1].split("-")]
    if len(cells) == 2:
        line = next(ln for ln in LINES if cells[0] in ln and cells[1] in ln)
        lo, hi = sorted((line.index(cells[0]), line.index(cells[1])))
        cells = [line[k] for k in range(lo, hi + 1)]
    out: dict[str, int] = {}
    for i in cells:
        c = COL[state.grid[i]]
        out[c] = out.get(c, 0) + 1
    return out


def workshops_run(state: MajolicaState) -> set[int]:
    """Workshops (1..4) that have run in the current turn of ``state``, the running one included."""
    out = {w + 1 for w in range(4) if state.ran >> w & 1}
    if state.run is not None:
        out.add(state.run[0] + 1)
    return out


def most_runs(state: MajolicaState) -> tuple[int, list[str]]:
    """The most workshops that can have run by the end of the current turn of ``state``, and
    a line of play reaching that many (rulebook, Run Workshop(s): a cascade; Tip 2).

    The search tries every choice of the turn (placing, moving, stopping, fragmenting,
    discarding an overflow, the hand icon's tile) except the free discards of Tip 1 and
    ``end``; it stops where the turn ends.

    Returns:
        tuple[int, list[str]]: the count (0..4) and the actions of one best line.
    """
    seat, turn = state.to_move, state.turnno
    memo: dict[str, tuple[int, list[str]]] = {}

    def search(s: MajolicaState) -> tuple[int, list[str]]:
        key = s.digest()
        if key in memo:
            return memo[key]
        best = (len(workshops_run(s)), [])
        if s.to_move == seat and s.turnno == turn and s.step != "finish":
            for a in s.legal_actions():
                if a == "end" or (a.startswith("discard W") and len(a.split()) == 3):
                    continue
                after = s.play(a)
                if after.to_move != seat or after.turnno != turn:
                    continue  # the turn ended inside the action: its runs are not visible
                n, line = search(after)
                if n > best[0]:
                    best = (n, [a, *line])
        memo[key] = best
        return best

    return search(state)


def words(state: MajolicaState, action) -> str:
    """The action in plain words, quoted, as the board's decision bar says it (the learner
    clicked it, and never typed its notation): ``“place the tiles in W1”``."""
    from ..games.majolica.render import action_words  # the board's words

    return f"“{action_words(state, str(action))}”"


def _line_words(state: MajolicaState, line: list[str]) -> str:
    out = []
    for a in line:
        out.append(words(state, a))
        state = state.play(a)
    return "; ".join(out)


# -- selection ------------------------------------------------------------------------------------
def _select_check(before, action, after, option="A", colour=None, most=False):
    got = take_option(action)
    if got is None:
        return "this lesson is about selecting tiles."
    if got != option:
        words = {"A": "a row or column run (option A)", "B": "one tile and a design card (option B)", "C": "one tile and a rearrangement (option C)"}
        return f"you chose {words[got]}; this lesson asks for {words[option]}."
    if colour:
        tiles = take_tiles(before, action)
        name = COLOUR_NAMES[colour]
        if not tiles.get(colour):
            return f"that take gives you no {name} tile."
        if most:
            best = max(take_tiles(before, a).get(colour, 0) for a in before.legal_actions() if take_option(a) == option)
            if tiles[colour] < best:
                return f"that run gives {tiles[colour]} {name} tile{'' if tiles[colour] == 1 else 's'}; another run of the outer edge gives {best}."
    return None


def _select_praise(before, action, after, option="A", colour=None, most=False):
    tiles = take_tiles(before, action)
    got = ", ".join(f"{k} {COLOUR_NAMES[c]}" for c, k in tiles.items())
    what = {
        "A": "option A takes one whole unbroken run of face-up tiles of an outer row or column",
        "B": "option B takes one outer tile together with a design card of the display",
        "C": "option C takes one outer tile and lets you rearrange your design cards",
    }[option]
    extra = " No other run gives more." if most else ""
    return f"{words(before, action)} gives you {got}: {what} ({SECTION['select']} {option}).{extra}"


# -- cascades -------------------------------------------------------------------------------------
def _after_overflow(state: MajolicaState) -> int:
    """The most workshops that have run (or are running) once the overflow discards pending in
    ``state`` are made (rulebook, Run Workshop(s) B: the extra tiles of your choice are
    discarded; the rest may fill the next workshop with its pattern): the discards are part of
    the move that caused the overflow, so a lesson counting the runs "now" counts past them."""
    if state.step != "overflow":
        return len(workshops_run(state))
    seat, turn = state.to_move, state.turnno
    best = len(workshops_run(state))
    for a in state.legal_actions():
        if a.startswith("discard") and len(a.split()) == 2:
            after = state.play(a)
            if after.to_move == seat and after.turnno == turn:
                best = max(best, _after_overflow(after))
    return best


def _waiting(state: MajolicaState) -> str | None:
    """A workshop of the seat to move that is full with its pattern but cannot run for want
    of a card with an open space above it (Tips & FAQ, Tip 4), in words; ``None`` if none."""
    from ..games.majolica.rules import pattern_met

    seat = state.to_move if state.to_move is not None else 0
    p = state.players[seat]
    for w in range(3):
        if pattern_met(state.game, w, p.ws[w]):
            where = "no card sits in the slot above it" if p.slots[w] < 0 else "the card above it has no open space for its tiles"
            return f"W{w + 1} is full with its pattern, but {where}, so it cannot run (Tips & FAQ, Tip 4)"
    return None


def _unmade(before: MajolicaState, after: MajolicaState) -> str | None:
    """What a move did to a workshop that was full with its pattern in ``before`` and is no
    longer in ``after`` (it waited for a card, Tips & FAQ, Tip 4), in words; ``None`` if no
    such workshop."""
    from ..games.majolica.rules import pattern_met

    seat = before.to_move if before.to_move is not None else 0
    was, now = before.players[seat].ws, after.players[seat].ws
    for w in range(3):
        if pattern_met(before.game, w, was[w]) and not pattern_met(after.game, w, now[w]):
            full = f"W{w + 1} was full with its pattern and needed only a card with an open space above it (Tips & FAQ, Tip 4)"
            if sum(now[w]) > sum(was[w]):
                return f"{full}; the tile put into it overflows it"
            return f"{full}; that move takes a tile out of it, so it is full no more"
    return None


def _tiles_text(counts) -> str:
    """A workshop's tile counts (R, Y, B, G, purple) as the lessons write them: ``"R R Y B"``."""
    return " ".join(letter for letter, k in zip("RYBGP", counts) for _ in range(k)) or "no tile"


def _pattern_text(game, w: int) -> str:
    """Workshop ``w``'s (0-based) pattern as the board prints it: ``"3:3"``, ``"2:2:2"``,
    ``"2:2"``, ``"4 tiles of one colour"`` (rulebook, Run Workshop(s) A, C, E)."""
    part, cap = game.part[w], game.cap[w]
    return f"{part} tiles of one colour" if part == cap else ":".join([str(part)] * (cap // part))


def _why_not_full(state: MajolicaState, w: int, was: str) -> str | None:
    """Why workshop ``w`` (0-based) of the seat to move in ``state`` does not run, in words
    starting with ``was`` ("W2 then holds"): too few tiles, or full without its pattern;
    ``None`` when it is full with its pattern (something else keeps it from running)."""
    from ..games.majolica.rules import pattern_met

    seat = state.to_move if state.to_move is not None else 0
    counts = state.players[seat].ws[w]
    g = state.game
    if pattern_met(g, w, counts):
        return None
    held = f"{was} {_tiles_text(counts)}"
    if sum(counts) < g.cap[w]:
        return f"{held}: {sum(counts)} tile{'' if sum(counts) == 1 else 's'} for its {g.cap[w]} places, not full yet"
    return f"{held}, not its pattern ({_pattern_text(g, w)})"


def _placed_short(before: MajolicaState, action, after: MajolicaState) -> str | None:
    """For a ``place Wn`` that makes no workshop run: what that workshop then holds and why it
    does not run (rulebook, 2. Place Majolica Tiles; Run Workshop(s) A-E); else ``None``."""
    words = str(action).split()
    if len(words) != 2 or words[0] != "place" or after.step == "overflow" or after.to_move != before.to_move:
        return None
    w = int(words[1][1:]) - 1
    return _why_not_full(after, w, f"the tiles go into W{w + 1}, which then holds")


def _next_short(state: MajolicaState) -> str | None:
    """Why the workshop after the last one run did not run, once the run's tiles have flowed
    on (rulebook, Run Workshop(s) A-E: a workshop runs when full with its pattern), in words;
    ``None`` while a workshop is still running or when there is no such workshop."""
    ran = workshops_run(state)
    if state.run is not None or state.step == "overflow" or not ran or max(ran) >= 4:
        return None
    w = max(ran)  # the next workshop, 0-based
    return _why_not_full(state, w, f"W{w + 1} then holds")


def _short_after(action, after: MajolicaState) -> str | None:
    """For a move of the turn's cascade that leaves a workshop short (rulebook, Run
    Workshop(s) A-E): the hand icon's tile put into a workshop (rulebook, Goal of the Game:
    the hand icon) says what that workshop then holds; a fragmentation or the last choice of
    a run says what the next workshop then holds. ``None`` when neither applies."""
    words = str(action).split()
    if words[0] == "bonus" and len(words) == 3 and words[2].startswith("W"):
        w = int(words[2][1:]) - 1
        return _why_not_full(after, w, f"the tile goes into W{w + 1}, which then holds")
    if words[0] in ("fragment", "move", "stop"):
        return _next_short(after)
    return None


def _cascade_check(before, action, after, workshops=3, now=False, steps=False):
    if now:
        have = len(workshops_run(after))
        if have < workshops and after.step == "overflow" and after.to_move == before.to_move and _after_overflow(after) >= workshops:
            return GoOn(
                f"that move is right: the tiles passed on overflow the next workshop, and you discard the extra tiles of your choice "
                f"({SECTION['run']} B). Discard so that {workshops} workshop{'s' if workshops > 1 else ''} run."
            )
        same_turn = after.to_move == before.to_move and after.turnno == before.turnno and after.step != "finish"
        if have < workshops and steps and same_turn and most_runs(after)[0] >= workshops:
            need = f"{workshops} workshop{'s' if workshops > 1 else ''}"
            return GoOn(f"that move is right, and the task is not done yet: {need} must run. Now: {STEP_TEXT[after.step]}.")
        if have < workshops and steps:
            best, _ = most_runs(after) if same_turn else (0, [])
            can = "no workshop can run this turn any more" if not best else f"at most {best} can run this turn"
            return f"after it {can}: the task needs {workshops}."
        if have < workshops:
            if not have:
                waiting = _waiting(after)
                if waiting:
                    return f"no workshop runs after it: {waiting}."
                unmade = _unmade(before, after)
                if unmade:
                    return f"no workshop runs after it: {unmade}."
                placed = _placed_short(before, action, after)
                if placed:
                    return f"no workshop runs after it: {placed}."
                if str(action).startswith("discard W") and len(str(action).split()) == 3 and after.step == "place":
                    return (
                        "no workshop runs after it: a tile discarded (Tips & FAQ, Tip 1) places none of the tiles you took; "
                        "place them into the workshop they fill with its pattern."
                    )
                return "no workshop runs after it: none of them is full with its pattern."
            short = _next_short(after)
            return f"only {have} workshop{' runs' if have == 1 else 's run'} after it{f': {short}' if short else ''}."
        return None
    have, line = most_runs(after)
    if have < workshops:
        best, _ = most_runs(before)
        now = "no workshop can run this turn" if not have else f"at most {have} workshop{'s' if have > 1 else ''} can run this turn"
        why = _short_after(action, after)
        if why:
            return f"after it {now}, and another choice lets {best} run: {why}."
        return f"after it {now}, and another choice lets {best} run. Follow the tiles: which workshop would they fill with its pattern?"
    return None


def _cascade_praise(before, action, after, workshops=3, now=False, steps=False):
    if now:
        new = sorted(workshops_run(after) - workshops_run(before)) or sorted(workshops_run(after))
        runs = " and ".join(f"W{w}" for w in new)
        verb = str(action).split()[0]
        if verb in ("slot", "arrange"):
            return (
                f"{words(before, action)} puts a design card with an open space for its tiles above {runs}, which was already full with its pattern, "
                f"so it runs at once ({SECTION['run']}; Tips & FAQ, Tip 4)."
            )
        if verb == "discard":
            return (
                f"{words(before, action)} leaves {runs} full with its pattern, so it runs at once "
                f"(rulebook, 2. Place Majolica Tiles and Run Workshop(s) B: a workshop that would hold more tiles than its places "
                "keeps the ones you choose, and you discard the extra ones to the supply)."
            )
        if verb == "place":
            return (
                f"{words(before, action)} fills {runs} with its pattern, so it runs at once ({SECTION['run']}: a full workshop with its pattern must run). "
                "On the board, play the turn on to see the run through."
            )
        return (
            f"after {words(before, action)}, the tiles the run leaves behind flow on and fill {runs} with its pattern, so it runs at once "
            f"({SECTION['run']} B: the rest of a run goes on to the next workshop)."
        )
    have, line = most_runs(after)
    s = after
    for a in line:
        s = s.play(a)
    runs = ", ".join(f"W{w}" for w in sorted(workshops_run(s)))
    text = (
        f"after {words(before, action)}, {have} workshop{'s' if have > 1 else ''} run{'' if have > 1 else 's'} this turn ({runs}): "
        "a workshop runs as soon as it is full "
        f"with its pattern and has a card space for its tiles, and each run passes its remaining tiles on to the next workshop ({SECTION['run']} B)."
    )
    if line:
        text += f" For example: {_line_words(after, line)}."
    if before.game.bloom and have == 4:
        text += " All four workshops ran this turn: a Bloom token (Expansion Rules, Cascading Bloom)."
    return text


# -- completing a card -------------------------------------------------------------------------------
def _complete_check(before, action, after):
    seat = before.to_move
    if len(after.players[seat].done) > len(before.players[seat].done):
        return None
    w = before.run[0] if before.run else None
    if w is None:
        return "no design card is completed by it."
    card = before.players[seat].slots[w]
    g = before.game
    fill = after.players[seat].fills[w] if after.players[seat].slots[w] == card else None
    left = g.size[card] - sum(fill) if fill is not None else 0
    return f"design card {g.cids[card]} still has {left} open space{'s' if left != 1 else ''}: W{w + 1} may still move a tile that fits it."


def _complete_praise(before, action, after):
    seat = before.to_move
    g = before.game
    card = after.players[seat].done[-1]
    return (
        f"{words(before, action)} fills the last space of {g.cids[card]}: its tiles go back to the supply and the card goes to your scoring area "
        f"({SECTION['run']} H; the white shovels are tiles you may move besides the black shovel's, I)."
    )


# -- one of named actions, said in words ------------------------------------------------------------
def _chosen_check(before, action, after, actions=(), why=""):
    if isinstance(actions, str) or not actions:
        raise ValueError("the goal 'chosen' needs goal_args.actions, a list of notations")
    if str(action) in {str(before.parse_action(a)) for a in actions}:
        return None
    return GENERIC_REFUSAL


def _chosen_praise(before, action, after, actions=(), why=""):
    return f"{words(before, action)}. {why}".strip()


register_words("majolica", lambda state, action: action_words_of(state, str(action)))

for _goal in (
    Goal("complete", _complete_check, _complete_praise, "a move that completes a design card (Run Workshop(s) H, I)"),
    Goal(
        "chosen",
        _chosen_check,
        _chosen_praise,
        "one of the actions goal_args.actions (notations), praised in the board's words with goal_args.why (the rule, with its section)",
    ),
    Goal(
        "select",
        _select_check,
        _select_praise,
        "a take with option goal_args.option (A, B, C) giving a tile of goal_args.colour (R Y B G), with goal_args.most = true "
        "the most tiles of that colour any such take gives (1. Select Majolica Tiles)",
    ),
    Goal(
        "runs",
        _cascade_check,
        _cascade_praise,
        "an action after which goal_args.workshops workshops (default 3) can have run by the end of the turn (Run Workshop(s): cascades); "
        "with goal_args.now = true, that many have run (or are running) right after the action; with goal_args.steps = true as well, "
        "the task takes several moves of the turn (take, then place): a move after which that many can still run is right so far (Go on)",
    ),
):
    register_goal("majolica", _goal)
