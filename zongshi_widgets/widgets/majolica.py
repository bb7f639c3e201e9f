"""The Majolica board: ``MajolicaBoard(players=2, seats=["human", "greedy"], expansions=[], seed=1)``.

The browser draws the 4x4 grid of large tiles (solo: the four revealed tiles), the design-card
display, City Hall, every player board (four workshops, the three slotted design cards with
their filled spaces, the scoring area, tokens, Bloom tokens and the mission card when those
expansions are on) and the score in every category.

Every legal action arrives in the browser as ``[notation, target, label]``: the parts named by
``target`` (``cell:b1``, ``line:row1``, ``card:D05``, ``W2``, ``slot:3``, ``bar``...) become
buttons; one action plays on a click, several open a short menu. Taking is clicking a row or
column marker (option A), or two clicks: a tile and then a display card (option B) or "Tile +
rearrange" (option C), the first click shown picked until completed or cancelled; placing is
clicking a workshop; every choice the
rules leave to the player (which workshop runs first, which tile moves up, the fragmentation and
overflow discards, the hand icon's tile, where the rearranged cards go) is offered the same way.
Legality is decided in Python only: a part that offers nothing is sent as an ``explain`` request
and the broken rule is shown, in plain words about the clicked part (:meth:`MajolicaBoard.explain`
never quotes a notation the learner did not type). When an action sets off a cascade (workshops running, tiles moving
up to design cards and flowing on), ``view["story"]`` tells it step by step
(:func:`~zongshi_widgets.games.majolica.render.cascade_story`), and the browser plays it at a
learner's pace. Majolica has no seat secrets: every seat sees the same.
"""

from __future__ import annotations

from typing import Any

from ..games.majolica.game import EXPANSIONS, expansion_options
from ..games.majolica.render import (
    RECONSTRUCTED_NOTE,
    SEAT_COLOURS,
    TILE_COLOURS,
    TILE_NAMES,
    action_words,
    board_snapshot,
    cascade_story,
    mission_card,
    position_html,
    public_scores,
    reconstructed_parts,
)
from ..games.majolica.rules import COL, FILES, LINES, MISSIONS, SOLO_RATINGS, STEP_TEXT, cell_name
from .base import GameBoard, NamedGameBoard, read_asset

__all__ = ["EXPANSIONS", "MajolicaBoard", "action_words", "auto_discards", "discard_why", "plain_refusal"]


def _line_name(cells: list[int]) -> str:
    for k, ln in enumerate(LINES):
        if set(cells) <= set(ln):
            return ("line:row1", "line:row4", "line:cola", "line:cold")[k]
    return ""


#: What each kind of click is for, and when (rulebook, Gameplay: 1. Select, 2. Place, Run
#: Workshop(s)), for a click made at the wrong step.
_WHEN = {
    "take": "Tiles are selected from the grid (or design cards taken) only in step 1 of a turn, Select Majolica tiles",
    "place": "Tiles go into a workshop only right after they are selected, in step 2, Place Majolica tiles",
    "slot": "A card slot takes a card only in step 2, after a design card was taken with option B",
    "arrange": "Cards are rearranged in their slots only in step 2, after option C",
    "run": "A workshop is chosen to run only when several may run, after placing (Run Workshop(s))",
    "move": "Tiles move up to a design card only while its workshop runs (Run Workshop(s))",
    "stop": "Tiles move up to a design card only while its workshop runs (Run Workshop(s))",
    "fragment": "A tile is fragmented only when a workshop with the fragmentation icon runs (Run Workshop(s))",
    "discard": "A tile is discarded when a workshop overflows, or (Tip 1) from a workshop in your own turn",
    "bonus": "The hand icon's tile is chosen only right after completing a card with the icon",
    "no": "The hand icon's tile is chosen only right after completing a card with the icon",
    "mission": "Mission cards are taken at setup",
    "start": "The starting design card is slotted at setup",
    "end": "A turn ends only after its tiles are placed and the workshops have run",
}


def plain_refusal(state, action: Any, rule: str, text: str) -> str:
    """A refusal of a click in plain words: what the clicked kind of part is for and when, and
    what the turn is at now, for the rules that would otherwise quote the click's probe
    notation (``majolica.turn.*``, ``majolica.action.not-legal``, ``majolica.notation``); other
    rules' words (already plain, about the part: the outer edge, a face-down tile, a workshop
    that cannot run...) are kept, without any list of legal notations.

    Args:
        state (MajolicaState): the position clicked on.
        action: the click's probe (a notation string).
        rule (str): the IllegalAction's rule id. text (str): its message.

    Returns:
        str: the text for the status line, ending with the rulebook section.
    """
    verb = str(action).split()[0].lower() if str(action).split() else ""
    now = STEP_TEXT.get(state.step, "") if state.to_move is not None else "the game is over"
    if rule.startswith("majolica.turn.") or rule in ("majolica.action.not-legal", "majolica.notation"):
        if rule == "majolica.action.not-legal" and verb == "slot":
            return f"There is no design card to slot now: only a card taken with option B goes into a slot; now: {now} (rulebook, 2. Place Majolica Tiles)."
        if rule == "majolica.action.not-legal" and verb == "place":
            return f"There are no tiles to place now; now: {now} (rulebook, 2. Place Majolica Tiles)."
        when = _WHEN.get(verb, "That part offers nothing at this point of the turn")
        return f"{when}; now: {now} (rulebook, Gameplay)."
    if rule == "majolica.select.single":
        return (
            "One tile alone comes with a design card (option B) or a rearrangement (option C): "
            "pick the tile, then a card or “Tile + rearrange” (rulebook, 1. Select B, C)."
        )
    return text.split(" Legal now:")[0]


#: Why a tile leaves a workshop, by kind of discard (rulebook sections).
_DISCARD_RULE = {
    "overflow": "rulebook, 2. Place Majolica Tiles; Run Workshop(s) B",
    "free": "by choice: extra tiles may go at any time of one's own turn, Tips & FAQ, Tip 1",
    "fragment": "the fragmentation icon, rulebook, Run Workshop(s) D",
}


def discard_why(state, a: str) -> str:
    """Why a discard happens, in plain words with its rulebook section, for the move log, the
    status line and the bot's-choice hint (a bot's discard is told as the learner's own is):
    ``"W2 overflowed, 2 tiles did not fit its 6 places (rulebook, 2. Place ...)"``; ``""``
    for an action that is not a discard.

    Args:
        state (MajolicaState): the position the action is played in. a (str): its notation.

    Returns:
        str: the reason, or ``""``.
    """
    w = a.split()
    if not w:
        return ""
    if w[0] == "fragment":
        return _DISCARD_RULE["fragment"]
    if w[0] != "discard":
        return ""
    if len(w) == 3:
        return _DISCARD_RULE["free"]
    if state.over < 0 or state.to_move is None:
        return _DISCARD_RULE["overflow"]
    k = state.over
    extra = sum(state.players[state.to_move].ws[k]) - state.game.cap[k]
    return f"W{k + 1} overflowed, {extra} tile{' did' if extra == 1 else 's did'} not fit its {state.game.cap[k]} places ({_DISCARD_RULE['overflow']})"


def auto_discards(before, a: str) -> str:
    """The tiles the engine discarded by itself while ``a`` was resolved (an overflowing
    workshop that holds one colour only leaves no choice), told with the reason:
    ``"W2 overflowed: 2 red tiles did not fit and went back to the supply (rulebook, ...)"``;
    ``""`` when none was.

    Args:
        before (MajolicaState): the position the action is played in. a (str): a legal action.
    """
    from ..games.majolica.render import _Trace  # the engine's own resolution, traced

    if before.to_move is None:
        return ""
    work = _Trace(before)
    try:
        work.act(a)
    except Exception:  # noqa: BLE001 - not a legal action here: nothing to tell
        return ""
    if a.split()[0] == "discard":
        return ""  # the learner's (or bot's) own choice, told by discard_why
    lost: dict[int, list[str]] = {}
    for step in work.steps:
        if step["k"] == "discard":
            lost.setdefault(step["w"], []).append(step["text"].rsplit(" a ", 1)[-1].split(" tile")[0])
    out = []
    for k, colours in lost.items():
        n = len(colours)
        one = colours[0] if len(set(colours)) == 1 else ""
        what = f"{n} {one + ' ' if one else ''}tile{'' if n == 1 else 's'}"
        out.append(f"W{k + 1} overflowed: {what} did not fit its {before.game.cap[k]} places and went back to the supply")
    if not out:
        return ""
    return "; ".join(out) + f" ({_DISCARD_RULE['overflow']})"


#: The past tense of the verbs ``action_words`` starts with: a move that was played is told, not ordered.
_PAST = {"take": "took", "place": "placed", "slot": "slotted", "run": "ran", "move": "moved", "discard": "discarded", "end": "ended", "put": "put"}


def played_words(state, a: str) -> str:
    """A played Majolica action told in the past tense, for the move log and the status line:
    ``"took the run a1–d1"``, ``"ended the turn"``, ``"arranged the cards in the slots: ..."``.

    Args:
        state (MajolicaState): the position the action was played in. a (str): its notation.

    Returns:
        str: the words (as :func:`action_words`, its first verb in the past tense).
    """
    words = action_words(state, a)
    if words.startswith("cards in the slots"):
        return "arranged the " + words
    why = discard_why(state, a)
    if why:
        w = a.split()
        tile = f"a {TILE_NAMES[w[1] if w[0] == 'fragment' else w[-1]]} tile"
        if w[0] == "fragment":
            return f"discarded {tile}" + (" onto the mission card" if len(w) == 3 else "") + f" ({why})"
        return f"discarded {tile}" + (f" from {w[1]}" if len(w) == 3 else "") + (f": {why}" if len(w) == 2 else f" ({why})")
    verb, _, rest = words.partition(" ")
    return f"{_PAST[verb]} {rest}" if verb in _PAST else words


def round_end_words(before, after) -> str:
    """What the end of a round did, when ``after`` starts a new one (rulebook, End of the Round;
    Rules for Solo Play), else ``""``: what ended it, the new grid (or stack), the display
    refilled and who starts.

    Args:
        before, after (MajolicaState): the positions around one action.

    Returns:
        str: e.g. ``"Round 1 ends (fewer than 4 large tiles face up on the outer edge): a new grid, the display refilled to 6 cards, yellow starts round 2"``.
    """
    if after.is_over or after.round == before.round:
        return ""
    g = after.game
    if g.solo:
        why, new = "the stack of large tiles is used up", "the large tiles reshuffled into a new stack"
    else:
        why, new = "fewer than 4 large tiles face up on the outer edge", "a new grid"
    n = len(after.display)
    return (
        f"Round {before.round} ends ({why}): {new}, the display refilled to {n} card{'' if n == 1 else 's'}, "
        f"{g.seat_names[after.start]} starts round {after.round}"
    )


class MajolicaBoard(NamedGameBoard):
    """A game of Majolica (1-4 players) in the notebook.

    Click an outlined tile of the grid, a row or column marker, or a design card of the display
    to take tiles; then click a workshop to place them, a card slot to slot a taken card. When
    workshops run, click the outlined choice (which workshop first, which colour moves up, which
    tile is discarded). Keys: Tab and Shift+Tab go through the choices, the arrow keys too,
    Enter chooses, Escape closes a menu, U undoes, H shows a legal move.

    Args:
        players (int | None): 1 (solo rules) to 4; default 2.
        seats (list[str] | None): ``"human"`` or a bot name per seat.
        expansions (list[str] | None): any of ``"cascading_bloom"``, ``"kaleidoscopic"``,
            ``"missions"`` (rulebook, Expansion Rules).
        seed (int | None): seed of the game's chance; ``None`` (the default) deals a fresh game
            and keeps its seed in :attr:`seed` to replay it, as every board does.
        variant (dict | None): further engine options (see
            :class:`~zongshi_widgets.games.majolica.game.Majolica`).
        **kwargs: as for :class:`~zongshi_widgets.widgets.base.NamedGameBoard`.

    Raises:
        ValueError: an unknown expansion (named, with the known ones), or an expansion given
            both here and in ``variant``, or together with ``state=`` or ``session=``.
        TypeError: ``expansions`` is not a list of names.

    Example::

        import zongshi_widgets.widgets as zww
        board = zww.MajolicaBoard(players=2, seats=["human", "greedy"], expansions=["missions"], seed=1)
        board.mark(["cell:a1", "line:row1", "W2", "display", "city_hall"])
    """

    game_name = "majolica"
    _esm = read_asset("base.js", "majolica.js")
    _css = read_asset("board.css", "majolica.css")

    SCORE_KEYS = (*GameBoard.SCORE_KEYS, "scores")

    def __init__(self, players: int | None = None, seats: list[str] | None = None, seed: int | None = None, *, expansions=None, **kwargs: Any):
        if expansions is not None:
            switched = expansion_options(expansions)  # the engine's checks and words
            if switched and (kwargs.get("state") is not None or kwargs.get("session") is not None):
                raise ValueError("expansions= makes a new game; a given state= or session= already has its rules")
            variant = dict(kwargs.pop("variant", None) or {})
            for key in switched:
                if key in variant:
                    raise ValueError(f"the expansion {key!r} is given both in expansions= and variant=")
                variant[key] = True
            if variant:
                kwargs["variant"] = variant
        super().__init__(players, seats, seed, **kwargs)
        self._session.show_seconds = _cascade_seconds  # a bot waits for a cascade's last step

    # -- lessons ---------------------------------------------------------------------------
    def part_ids(self, parts) -> list[str]:
        """The canonical ids of named parts of the board, as :meth:`mark` uses them.

        Part names (case-insensitive): ``"cell:b1"`` (a grid cell), ``"line:row1"``,
        ``"line:row4"``, ``"line:cola"``, ``"line:cold"`` (the takeable rows and columns),
        ``"grid"``, ``"display"``, ``"card:D05"`` (a design card of this game), ``"city_hall"``,
        ``"W1"``..``"W4"`` (the workshops of the player to move, or of the watching seat),
        ``"W2:blue"`` (a given player's workshop), ``"slot:1"``..``"slot:3"`` (card slots;
        ``"slot:2:red"``), ``"board:red"`` (a whole player board), ``"scoring:red"`` (its scoring
        area), ``"scores"``, ``"missions"``.

        Args:
            parts (str | Iterable[str]): one name or several (``"W1, cell:a1"`` also reads).

        Returns:
            list[str]: canonical ids, in the given order.

        Raises:
            ValueError: a part this board does not have (the message lists the known forms).
            TypeError: not a string or an iterable of strings.
        """
        g = self._game
        if isinstance(parts, str):
            parts = [p for p in parts.split(",") if p.strip()]
        try:
            items = list(parts)
        except TypeError:
            raise TypeError(f"parts must be a part name or a list of them, not {parts!r}") from None
        seats = list(g.seat_names)
        cards = {c.lower(): c for c in g.cids}
        known = ("known: cell:a1..d4, line:row1|row4|cola|cold, grid, display, card:<id>, city_hall, W1..W4[:<player>], "
                 f"slot:1..3[:<player>], board:<player>, scoring:<player>, scores, missions (players: {', '.join(seats)})")  # fmt: skip
        out = []
        for item in items:
            if not isinstance(item, str):
                raise TypeError(f"a part name is a string, not {item!r}")
            key = item.strip().lower()
            bits = key.split(":")
            ok = None
            if key in ("grid", "display", "city_hall", "scores") or (key == "missions" and g.use_missions):
                ok = key
            elif bits[0] == "cell" and len(bits) == 2 and len(bits[1]) == 2 and bits[1][0] in FILES and bits[1][1] in "1234" and not g.solo:
                ok = key
            elif bits[0] == "line" and len(bits) == 2 and bits[1] in ("row1", "row4", "cola", "cold") and not g.solo:
                ok = key
            elif bits[0] == "card" and len(bits) == 2 and bits[1] in cards:
                ok = f"card:{cards[bits[1]]}"
            elif bits[0] in ("w1", "w2", "w3", "w4") and (len(bits) == 1 or (len(bits) == 2 and bits[1] in seats)):
                ok = bits[0].upper() + (f":{bits[1]}" if len(bits) == 2 else "")
            elif bits[0] == "slot" and len(bits) in (2, 3) and bits[1] in ("1", "2", "3") and (len(bits) == 2 or bits[2] in seats):
                ok = key
            elif bits[0] in ("board", "scoring") and len(bits) == 2 and bits[1] in seats:
                ok = key
            if ok is None:
                raise ValueError(f"{item!r} is not a part of this Majolica board ({known})")
            out.append(ok)
        return out

    def mark(self, parts) -> None:
        """Outline named parts of the board (a lesson's marks); ``mark([])`` clears them.

        Args:
            parts: as for :meth:`part_ids` (``["cell:a1", "line:row1", "W2", "city_hall"]``).

        Raises:
            ValueError: an unknown part (nothing changes). TypeError: not part names.
        """
        self.highlight = self.part_ids(parts)

    def lesson_plays_on(self, start, state) -> bool:
        """On a lesson board (:class:`~zongshi_widgets.tutor.board.LessonBoard`), once the
        lesson is solved: may the learner play on from ``state``? Yes while the turn that
        started at ``start`` goes on (the workshops the solving move set running, their
        choices, the end of the turn), so that a run or a cascade is seen through; the moves
        after the first are not judged.

        Returns:
            bool: ``state`` is still the lesson's seat's turn that began in ``start``.
        """
        return not state.is_over and state.to_move == start.to_move and state.turnno == start.turnno

    # -- GameBoard hooks -------------------------------------------------------------------
    def explain(self, action: Any, *, _from_browser: bool = False) -> tuple[bool, str, str]:
        """Would this action be accepted now, and if not, why (see :meth:`GameBoard.explain`)?

        From the browser the action is a click's probe (``"take b2 + arrange"`` for the tile
        b2, ``"run W3"`` for a workshop...), which the learner never typed: a refusal is then
        said in plain words about the kind of part clicked and the rule that forbids it
        (:func:`plain_refusal`), never quoting the probe or a list of notations.

        Returns:
            tuple[bool, str, str]: ``(legal, text, rule)``.
        """
        legal, text, rule = super().explain(action, _from_browser=_from_browser)
        if legal or not _from_browser:
            return legal, text, rule
        return legal, plain_refusal(self.state, action, rule, text), rule

    def picture(self) -> str:
        """The static picture: the grid, display, City Hall, every player board, the lesson's
        marks, and the score so far unless ``reveal_scores`` is ``False``."""
        return position_html(self.state, highlight=list(self.highlight), reveal_scores=self.reveal_scores)

    def _geometry(self) -> dict:
        g = self._game
        rec = reconstructed_parts(g)
        cards = {c.id: [c.points, "".join(COL[k] * n for k, n in enumerate(c.spaces)), c.blank, 1 if c.hand else 0] for c in g.cards}
        return {
            **self._shared_geometry(),
            "solo": g.solo,
            "cards": cards,
            "cards_rec": rec["cards"],
            "workshops": [
                {"cap": w.capacity, "pattern": list(w.pattern), "must": w.must, "may": w.may, "fragment": g.frag[k], "rec": rec["workshops"][k]}
                for k, w in enumerate(g.components.workshops)
            ],
            "city_rec": rec["city_hall"],
            "tile_colours": TILE_COLOURS,
            "seat_colours": [SEAT_COLOURS[c] for c in g.seat_names],
            "reconstructed_note": RECONSTRUCTED_NOTE,
            "missions": list(MISSIONS),
            "bloom": g.bloom,
            "use_missions": g.use_missions,
            "kaleidoscopic": g.kal,
            "solo_ratings": [[lo, label] for lo, label in SOLO_RATINGS if lo > -999],
            # the "Win rates" rung: Majolica's MCTS searches whole turns (agents/majolica.py),
            # so its candidates' win rates differ within a hint's time
            "win_rates": True,
        }

    def make_view(self, state, seat: int | None) -> dict:
        """``state.view(seat)`` plus ``table`` (the grid as colour letters, ``.`` for a taken
        cell; the display; City Hall; every player's board as
        :func:`~zongshi_widgets.games.majolica.render.board_snapshot` gives it; what is pending
        this turn), ``scores`` (every category), and ``story``: the cascade set off by the
        move that led here (:func:`~zongshi_widgets.games.majolica.render.cascade_story`)."""
        view = super().make_view(state, seat)
        g = self._game
        table: dict = {
            "step": state.step,
            "step_text": STEP_TEXT.get(state.step, "") if state.to_move is not None else "game over",
            "round": state.round,
            "start": state.start,
            "display": [g.cids[i] for i in state.display],
            "deck": len(state.deck),
            "boards": [board_snapshot(g, p, state.city) for p in state.players],
            "missions": [p.mission for p in state.players],
            "mission_cards": [mission_card(state, s) for s in range(len(state.players))],
            "missions_open": [m for m in state.missions_open],
            "starting": [g.cids[i] if i >= 0 else None for i in state.starting],
            "purple_out": state.purple_out,
        }
        if g.solo:
            table["revealed"] = "".join(COL[c] for c in state.revealed)
            table["face_down"] = len(state.stack)
        else:
            table["grid"] = "".join(COL[state.grid[i]] if state.up >> i & 1 else "." for i in range(16))
        pend = {}
        if state.pend is not None:
            pend["tiles"] = "".join(("RYBGP"[c]) * k for c, k in enumerate(state.pend))
        if state.pcard >= 0:
            pend["card"] = g.cids[state.pcard]
        if state.run:
            pend["run"] = [state.run[0], state.run[1], state.run[2]]
        if state.over >= 0:
            pend["overflow"] = state.over
        table["pending"] = pend
        view["table"] = table
        view["scores"] = public_scores(state)
        story: list = []
        node = self._session.timeline.cursor
        if node.state is state and node.parent is not None:
            try:
                story = cascade_story(node.parent.state, node.action, state)
            except ValueError:
                story = []
            view["story_seat"] = node.parent.state.to_move
        view["story"] = story
        return view

    def compact_legal(self, state, actions: list) -> list:
        """Each legal action as ``[notation, target, label]``: ``target`` names the parts of the
        board that offer it (comma-separated), ``label`` says it in words."""
        return [[a, self._target(state, a), self._label(state, a)] for a in actions]

    def action_code(self, state, action: Any) -> Any:
        return [str(action), self._target(state, str(action))]

    def _target(self, state, a: str) -> str:
        w = a.split()
        verb = w[0]
        if verb == "take":
            if state.game.solo:
                if w[1] == "all":
                    return "revealed"
                return ",".join([f"tile:{w[1]}"] + ([f"card:{w[3]}"] if len(w) == 4 and w[3] != "arrange" else ["arrange"] if len(w) == 4 else []))
            ends = w[1].split("-")
            cells = [(int(x[1]) - 1) * 4 + FILES.index(x[0]) for x in ends]
            if len(cells) == 2:
                ln = next(ln for ln in LINES if cells[0] in ln and cells[1] in ln)
                lo, hi = sorted((ln.index(cells[0]), ln.index(cells[1])))
                cells = [ln[k] for k in range(lo, hi + 1)]
                return ",".join([_line_name(cells)] + [f"cell:{cell_name(i)}" for i in cells])
            extra = [f"card:{w[3]}"] if len(w) == 4 and w[3] != "arrange" else ["arrange"]
            return ",".join([f"cell:{cell_name(cells[0])}"] + extra)
        if verb in ("place", "run"):
            return w[1]
        if verb == "slot":
            return f"slot:{w[1]}"
        if verb == "start":
            return f"slot:{w[2]}"
        if verb == "move" and state.run:
            return f"slot:{state.run[0] + 1}"
        if verb == "fragment" and state.run:
            return f"W{state.run[0] + 1}"
        if verb == "discard":
            return "discards" if len(w) == 3 else f"W{state.over + 1}"
        if verb == "bonus":
            return w[2]
        if verb == "mission" and state.step == "mission":
            return f"mission:{w[1]}"
        return "bar"

    def _label(self, state, a: str) -> str:
        return action_words(state, a)

    def describe(self, before, action, after) -> str:
        """``"red took the run a1–d1"`` and, when the action set off a cascade, how many steps
        the board shows; at the end the winners (or the solo rating)."""
        g = self._game
        who = g.seat_names[before.to_move]
        if after is None:  # a hint: the bot's choice or a legal move, said as the bar says it, and why a discard
            why = discard_why(before, str(action)) if str(action).split()[0] != "discard" or len(str(action).split()) == 3 else ""
            return f"{who}: {self._label(before, str(action))}" + (f" ({why})" if why and str(action).split()[0] == "discard" else "")
        text = f"{who} {played_words(before, str(action))}"
        lost = auto_discards(before, str(action))
        if lost:
            text += f". {lost[:1].upper()}{lost[1:]}"
        try:
            story = cascade_story(before, str(action), after)
        except ValueError:  # the traced resolution disagrees with the engine: tell no story
            story = []
        if story:
            text += f". Then {len(story)} step{'' if len(story) == 1 else 's'} of running workshops, shown one by one on the board"
            if after.to_move == before.to_move and after.step in ("move", "fragment", "overflow", "choose"):
                text += f" ({STEP_TEXT[after.step].split(': ', 1)[-1]}: your choice)"
        if round_end_words(before, after):
            text += ". " + round_end_words(before, after)
        if after.is_over:
            if g.solo:
                text += ". Game over. " + after.score_sheet().notes
            else:
                text += ". Game over" + ("" if not self.reveal_scores else self._winners_text(after))
        return text

    def short_text(self, before, action) -> str:
        """The move log's entry: the action told in words (``"took the run a1–d1"``, ``"placed the
        tiles in W2"``, ``"arranged the cards in the slots: empty, D10, empty"``)."""
        text = played_words(before, str(action))
        lost = auto_discards(before, str(action))
        return f"{text}; {lost}" if lost else text

    def _log_entries(self, seat):
        """The move log (see :class:`GameBoard`), with the end of each round told in the entry of
        the move that ended it (rulebook, End of the Round)."""
        out = super()._log_entries(seat)
        for entry, node in zip(out, self.timeline.line()[1:]):
            ended = round_end_words(node.parent.state, node.state)
            if ended:
                entry["text"] += f". {ended}"
        return out

    def _wire_moves(self, moves: list) -> list:
        return [[e["ply"], e["seat"], e["text"], None, e["alt"]] for e in moves]


#: Seconds the board shows each step of a cascade (``STEP_MS`` in majolica.js).
STEP_SECONDS = 1.3


def _cascade_seconds(before, action, after) -> float:
    """How long the board plays the cascade a move set off (:func:`cascade_story`), in seconds."""
    try:
        return STEP_SECONDS * len(cascade_story(before, str(action), after))
    except ValueError:
        return 0.0
