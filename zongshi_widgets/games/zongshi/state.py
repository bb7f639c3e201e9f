"""The Zong Shi state: :class:`ZongShiState`, a position and the contract of
:class:`zongshi_widgets.core.State` (legal actions, play, playouts on scratch copies,
views, the position description, the census, determinization), and the slow reference of
``play`` the tests compare with (:func:`reference_play`).

The rules themselves live in the modules it calls: :mod:`.turn` (legal actions, what an
action does), :mod:`.errors` (why a move is illegal), :mod:`.scoring` (the score sheet),
:mod:`.position` (position descriptions, both ways).
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import TYPE_CHECKING

from ...core import Chance, IllegalAction, ScoreSheet, State, Turn
from ...core.history import HistoryLink as _HistoryLink
from ...core.history import history_tuple
from .actions import ZAction
from .board import AWARDS, BINS, _Core
from .components import PERSONS, PROJECT_TYPES
from .errors import diagnose
from .payments import PAIR_NAMES, letters
from .position import _player_position, _public_player, build_core
from .scoring import score_sheet as _score_sheet
from .scoring import workshops as _workshops
from .tasks import STEP_NAMES, _describe_task, _lap, _task_json, _task_seat
from .turn import _advance, _do, _legal

if TYPE_CHECKING:  # pragma: no cover
    from .game import ZongShi


class ZongShiState(State):
    """A Zong Shi position (see :class:`zongshi_widgets.core.State` for the contract).

    The position itself is read through :meth:`position` (everything) or :meth:`view` (what a
    seat may see); :meth:`census` counts every component for the conservation checks.
    """

    __slots__ = ("_z", "_legal_cache", "_legal_index", "_hist", "_plays")

    def __init__(self, game, history, chance, z: _Core):
        # State.__init__, inlined (a state is made for every action)
        self.game = game
        self._hist = history if type(history) is _HistoryLink else tuple(history)
        self.chance = chance
        self._origin = None
        self._sample = False
        self._scratch = False
        self._z = z
        self._legal_cache = None
        self._legal_index = None

    @property
    def history(self) -> tuple:
        """The actions played since ``new_state``, in order. A played state keeps only its
        last action and a link to the history before it (a tuple is built on first use, so
        playing stays constant time however long the game)."""
        self._hist = history_tuple(self._hist)
        if self._scratch and self._plays:  # a scratch copy: the actions it was advanced by too
            return self._hist + tuple(self._plays)
        return self._hist

    @history.setter
    def history(self, value) -> None:
        self._hist = value if type(value) is _HistoryLink else tuple(value)

    @classmethod
    def _settled(cls, game, history, chance, z: _Core) -> ZongShiState:
        """Carry out tasks without a decision, make forced single choices, and number turns."""
        if z.chance is None and z.chance_src is None:
            z.chance_src = chance
        legal = _advance(z)
        final_chance = z.chance if z.chance is not None else (z.chance_src or chance)
        z.chance = z.chance_src = None
        state = cls(game, history, final_chance, z)
        state._legal_cache = legal or []
        return state

    # -- contract ----------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        z = self._z
        return _task_seat(z, z.tasks[0]) if z.tasks else None

    @property
    def is_over(self) -> bool:
        """``True`` when nobody has a decision left (no pending task)."""
        return not self._z.tasks

    @property
    def award_takers(self) -> dict:
        """Who turned each award tile over in this game (rulebook, "Paying Respectful Visits":
        the first master to visit a townsperson takes its award tile; ruling V5: an apprentice
        who visits first discards it unclaimed). Public information.

        Returns:
            dict: ``{person: (tile, seat, pawn, claimed) | None}``: the award's id, the seat
            whose ``pawn`` (``"master"`` or ``"apprentice"``) visited, and whether the tile was
            taken (``False``: discarded unclaimed); ``None`` while the tile is face down, or
            when it was turned over before a posed starting position (not recorded).
        """
        return dict(zip(PERSONS, self._z.award_takers))

    @property
    def turn(self) -> Turn:
        z = self._z
        seat = self.to_move
        step = None
        if seat is not None:
            step = STEP_NAMES[z.step]
            if z.step == 1:
                step += f", lap {_lap(z)}"
            if z.final and z.step:
                step += " (final round)"
        return Turn(round=z.round, turn=max(1, z.turn_no), step=step, seat=seat)

    def legal_actions(self) -> list[ZAction]:
        if self._legal_cache is None:
            z = self._z
            self._legal_cache = _legal(z, z.tasks[0]) if z.tasks else []
        return list(self._legal_cache)

    def _legal_map(self) -> dict:
        """The legal actions by notation (built once per state; do not change it)."""
        if self._legal_index is None:
            if self._legal_cache is None:
                self.legal_actions()
            self._legal_index = {a.text: a for a in self._legal_cache}
        return self._legal_index

    def parse_action(self, notation: str) -> ZAction:
        if self.is_over:
            raise IllegalAction("core.game-over", "The game is over: nobody may act any more.")
        text = " ".join(notation.strip().lower().split()) if isinstance(notation, str) else ""
        action = self._legal_map().get(text)
        if action is None:
            self._diagnose(text)
        return action

    def check(self, action) -> None:
        if not self._z.tasks:
            raise IllegalAction("core.game-over", "The game is over: nobody may act any more.")
        if self._legal_cache is not None:
            for legal in self._legal_cache:
                if legal is action:
                    return  # one of this state's own actions (the common case: no lookup)
        if not isinstance(action, ZAction):
            raise IllegalAction("zongshi.notation", f"{action!r} is not a Zong Shi action; write its notation, e.g. 'pass'.")
        legal = self._legal_map().get(action.text)
        if legal is None:
            self._diagnose(action.text)
        if legal is not action and legal.args != action.args:
            raise IllegalAction("zongshi.notation", f"{action!r} does not match the legal action {action.text!r}.")

    def explain(self, text: str) -> IllegalAction | None:
        """Why ``text`` is not legal here (the :class:`IllegalAction` that playing it would
        raise), or ``None`` when it is legal."""
        try:
            self.parse_action(text)
        except IllegalAction as exc:
            return exc
        return None

    def play(self, action) -> ZongShiState:
        """Play an action (an action object or its notation) for the seat to move (see
        :meth:`zongshi_widgets.core.State.play`).

        Raises:
            IllegalAction: the action breaks a rule (the message cites the rulebook section),
                the notation cannot be read, or the game is over.
        """
        if isinstance(action, str):
            action = self.parse_action(action)  # refuses a finished game too
        else:
            self.check(action)
        after = self._apply(action)
        after._origin = self._origin
        after._sample = self._sample
        return after

    def _apply(self, action: ZAction) -> ZongShiState:
        """The state after ``action`` (checked): a copy-on-write clone of the position, the
        action done, then the tasks without a decision (as :meth:`_settled`)."""
        if self._scratch:
            return self._detached()._apply(action)  # a new state must share nothing a playout changes
        z = self._z.clone()
        chance = self.chance
        z.chance, z.chance_src = None, chance
        _do(z, z.tasks[0], action)
        legal = _advance(z)
        if z.chance is not None:
            chance = z.chance  # the generator copied for this action's draws
        z.chance = z.chance_src = None
        state = ZongShiState(self.game, _HistoryLink(self._hist, action), chance, z)
        state._legal_cache = legal or []
        return state

    # -- playouts (docs/ARCHITECTURE.md, "Playouts") ------------------------------------------
    def scratch(self) -> ZongShiState:
        """A private, mutable copy of this state for a playout (see
        :meth:`zongshi_widgets.core.State.scratch`) with a private copy of the generator, so
        that :meth:`advance` changes the copy in place and draws from its own generator. The
        position is copied as :meth:`play` copies it (copy on write: a player, the decks and
        displays are copied on their first change, then changed in place for the rest of the
        playout); this state is never changed. Its :attr:`history` stops at the actions played up to
        here (a playout keeps none), and it cannot be saved.

        Returns:
            ZongShiState: the copy, with the same position, legal actions, scores and chance.
        """
        z = self._z.clone()  # copy on write: a player, the decks... are copied on their first change
        state = ZongShiState(self.game, self._hist, self.chance.copy(), z)
        state._origin, state._sample, state._scratch = self._origin, self._sample, True
        state._plays = []  # the actions it is advanced by (a list: cheaper than a history link each)
        if self._legal_cache is not None:
            state._legal_cache = self._legal_cache  # never changed in place: replaced per action
        return state

    def advance(self, action: ZAction) -> ZongShiState:
        """Play an action in a playout, without checks (see
        :meth:`zongshi_widgets.core.State.advance`): on a scratch copy (:meth:`scratch`) in
        place, returning this very object; on any other state as :meth:`play` does, unchecked.

        Args:
            action (ZAction): one of :meth:`legal_actions`.

        Returns:
            ZongShiState: the next state.
        """
        if not self._scratch:
            return State.advance(self, action)
        self._plays.append(action)  # so a state play()ed from here has the whole history and saves
        z = self._z  # the body of _advance, inlined (one call fewer per playout action)
        z.chance = self.chance
        _do(z, z.tasks[0], action)
        legal = _advance(z)
        z.chance = None
        self._legal_cache = legal or []
        self._legal_index = None
        return self

    def _advance(self, action: ZAction) -> ZongShiState:
        """Play the legal ``action`` on this scratch copy in place (as :meth:`_apply`, with no
        copy of the position or of the generator, which draws in place) and return it."""
        self._plays.append(action)
        z = self._z
        z.chance = self.chance  # draws go to this copy's own generator
        _do(z, z.tasks[0], action)
        legal = _advance(z)
        z.chance = None
        self._legal_cache = legal or []
        self._legal_index = None
        return self

    def _detached(self) -> ZongShiState:
        """A plain (immutable) state with this scratch copy's position, sharing nothing with it."""
        hist = self._hist
        for a in self._plays:  # the actions this scratch copy was advanced by
            hist = _HistoryLink(hist, a)
        state = ZongShiState(self.game, hist, self.chance.copy(), self._z.clone(deep=True))
        state._origin, state._sample = self._origin, self._sample
        return state

    # -- errors ------------------------------------------------------------------------------
    def _diagnose(self, text: str) -> None:
        """Raise the IllegalAction naming the rule ``text`` breaks here (:func:`.errors.diagnose`)."""
        diagnose(self, text)

    def _legal_text(self) -> str:
        legal = [a.text for a in self.legal_actions()]
        return ", ".join(repr(t) for t in legal[:12]) + (f" and {len(legal) - 12} more" if len(legal) > 12 else "")

    # -- scores ------------------------------------------------------------------------------
    def score_sheet(self) -> ScoreSheet:
        """Final scoring (rulebook, Final Scoring and Victory): one row per category; the
        tie-break is the number of completed projects (a Twofold overflow project counts,
        docs/rulings/zongshi.md G6); still tied, the victory is shared."""
        return _score_sheet(self)

    def workshops(self) -> list[tuple]:
        """Per seat the public facts of its workshop an evaluation reads, without building the
        position description or the score sheet (what bots read at the end of every playout).

        Returns:
            list[tuple]: per seat ``(points, completed, building, boxes, scrolls, master_at,
            apprentice_at, storage_limit, hand_limit)``: ``points`` (int) the score sheet's
            completed projects, exchange tiles, all-six bonus, townsfolk visits and end-trigger
            rows summed (rulebook, Final Scoring; the same rows as :meth:`score_sheet`),
            ``completed`` (tuple[str, ...]) the completed project ids,
            ``building`` (tuple of ``(project ids, time left)``, one per pawn working on a
            project, master first), ``boxes`` (int) boxes in storage, ``scrolls`` (int) the
            hand's size (public), ``master_at`` and ``apprentice_at`` (str | None) where the
            pawns are this round (``"large"``, ``"small"``, ``"temple"``, ...),
            ``storage_limit`` and ``hand_limit`` (int) the boxes and scrolls the seat may keep
            (rulebook, Storage Limits; Temple Offering). The bins' contents are
            :meth:`bin_sizes`.
        """
        return _workshops(self)

    def bin_sizes(self) -> dict:
        """Boxes in each Marketplace bin now: ``{"large": int, "small": int}``."""
        bins = self._z.bins
        return {"large": sum(bins[0]), "small": sum(bins[1])}

    def _check_invariants(self) -> None:
        """The kernel's invariant hook: every component in exactly one place (rulebook, Components); see :mod:`.invariants`."""
        from .invariants import check_census

        check_census(self)

    def digest(self) -> str:
        return hashlib.sha256(json.dumps(self.position(), sort_keys=True).encode()).hexdigest()[:16]

    def __eq__(self, other) -> bool:
        return isinstance(other, ZongShiState) and other.game == self.game and other.position() == self.position()

    def __hash__(self) -> int:
        return hash(self.digest())

    def __repr__(self) -> str:
        z = self._z
        who = "over" if self.is_over else f"{self.game.seat_names[self.to_move]}: {_describe_task(z, z.tasks[0])}"
        return f"<ZongShiState round {z.round}, {STEP_NAMES[z.step] if z.tasks else 'game over'}; {who}>"

    # -- views -------------------------------------------------------------------------------
    def public_view(self) -> dict:
        """What everybody sees: bins, draft display, supplies, masterworks on display, visits,
        award tiles' presence (face down) and revealed ones, the discard pile, and per player
        the workshop (boxes, exchange tiles, projects, pawns, visit tiles), the scroll count,
        the scrolls known to all (taken face up in the draft or from the discard pile) and the
        effects of scrolls played this round; hidden: hands, deck order, bag draws, face-down
        award tiles."""
        z = self._z
        task = z.tasks[0] if z.tasks else None
        return {
            "round": z.round,
            "step": STEP_NAMES[z.step] if z.tasks else "game over",
            "lap": _lap(z) if z.step == 1 else None,
            "start_player": z.start,
            "final_round": z.final,
            "end_triggered": z.ending,
            "bag_size": sum(z.bag),
            "bins": {b: letters(z.bins[i]) for i, b in enumerate(BINS)},
            "draft": {"boxes": letters(z.draft_boxes), "scrolls": list(z.draft_scrolls)} if z.step == 0 else None,
            "scroll_deck_size": len(z.deck),
            "scroll_discard": list(z.discard),
            "masterworks": list(z.mw_disp),
            "masterwork_deck_size": len(z.mw_deck),
            "projects_left": dict(z.supply),
            "exchange_tiles_left": dict(zip(PAIR_NAMES, z.xsupply)),
            "award_face_down": {per: z.awards[i] is not None for i, per in enumerate(PERSONS)},
            "awards_revealed": list(z.award_gone),
            "decision": _describe_task(z, task) if task else None,
            "pending": [_task_json(t) for t in z.tasks],
            "players": [_public_player(z, s) for s in range(z.n)],
        }

    def private_view(self, seat: int) -> dict:
        """The seat's own scroll hand (sorted)."""
        return {"hand": list(self._z.players[seat].hand)}

    def _determinize(self, seat: int, rng: random.Random) -> ZongShiState:
        z = self._z.clone(deep=True)
        g = z.g
        me = z.players[seat]
        pool = list(g.scroll_cards)
        for sid in me.hand + z.discard + z.draft_scrolls + [c for s, p in enumerate(z.players) for c in p.in_play + (p.known if s != seat else [])]:
            pool.remove(sid)
        pool.sort()
        rng.shuffle(pool)
        for s, p in enumerate(z.players):
            if s != seat:
                extra = len(p.hand) - len(p.known)
                p.hand = sorted(p.known + [pool.pop() for _ in range(extra)])
        z.deck = pool
        used = set(z.mw_disp)
        for p in z.players:
            used.update(x for x in p.completed + p.overflow + p.mproj + p.aproj if x in g.components.masterworks)
        mws = sorted(m for m in g.components.masterworks if m not in used)
        rng.shuffle(mws)
        z.mw_deck = mws
        hidden = sorted(t for t in AWARDS if t not in z.award_gone)
        rng.shuffle(hidden)
        for i in range(4):
            if z.awards[i] is not None:
                z.awards[i] = hidden.pop()
        z.award_box = hidden.pop() if z.award_box is not None else None
        seen = [0, 0, 0, 0]
        for vec in [z.draft_boxes, *z.bins, *(p.boxes for p in z.players)]:
            for m in range(4):
                seen[m] += vec[m]
        z.bag = [g.components.supply - seen[m] for m in range(4)]
        return ZongShiState(self.game, (), Chance(rng.getrandbits(63)), z)

    def action_name(self, action) -> str:
        """The action in plain words, as a move to make (``"go to the large bin of the
        Marketplace"``, ``"take a jade box from the draft"``): the board's words
        (:func:`~zongshi_widgets.games.zongshi.render.action_words`, which tell a played move,
        ``"goes to the large bin..."``) in the imperative. :func:`~zongshi_widgets.agents.explain`
        fills its ``text`` column with it, and the boards' hints say it.

        Args:
            action (ZAction | str): an action of this position.

        Returns:
            str: the words.
        """
        from .render import action_words  # the words of the board's drawing, loaded when asked for

        verb, _, rest = action_words(self.game, action).partition(" ")
        verb = {"goes": "go", "passes": "pass"}.get(verb, verb[:-1] if verb.endswith("s") else verb)
        return f"{verb} {rest}".rstrip()

    # -- positions ---------------------------------------------------------------------------
    def position(self) -> dict:
        """The whole position as a readable, JSON-able description (hidden parts included),
        which ``game.from_position`` turns back into an equal state.

        Keys: ``round``, ``start``, ``final_round``, ``end_triggered``, ``step`` (0 draft, 1-4),
        ``bag`` and ``bins`` (material letters: g gold, i ivory, j jade, b bronze),
        ``draft`` (``boxes``, ``scrolls``), ``scroll_deck`` (top first), ``scroll_discard``,
        ``masterworks`` (``display``, ``deck`` top first), ``projects_left``,
        ``exchange_tiles_left``, ``awards`` (per townsperson the face-down tile or null),
        ``award_box``, ``awards_revealed``, ``players`` (per seat: ``boxes``, ``scrolls``,
        ``known``, ``exchange_tiles``, ``completed``, ``overflow``, ``master`` and
        ``apprentice`` (``at``, ``building``, ``time``), ``visit_tiles``, ``visited``,
        ``played``, ``in_play`` (played this turn, not yet discarded), ``effects``,
        ``trigger_bonus``), ``pending`` (the decision stack, top
        first), ``turn_no``, ``last_seat``.
        """
        z = self._z
        return {
            "round": z.round,
            "start": z.start,
            "final_round": z.final,
            "end_triggered": z.ending,
            "step": z.step,
            "bag": letters(z.bag),
            "bins": {b: letters(z.bins[i]) for i, b in enumerate(BINS)},
            "draft": {"boxes": letters(z.draft_boxes), "scrolls": list(z.draft_scrolls)},
            "scroll_deck": list(z.deck),
            "scroll_discard": list(z.discard),
            "masterworks": {"display": list(z.mw_disp), "deck": list(z.mw_deck)},
            "projects_left": dict(z.supply),
            "exchange_tiles_left": dict(zip(PAIR_NAMES, z.xsupply)),
            "awards": {per: z.awards[i] for i, per in enumerate(PERSONS)},
            "award_box": z.award_box,
            "awards_revealed": list(z.award_gone),
            "players": [_player_position(p) for p in z.players],
            "pending": [_task_json(t) for t in z.tasks],
            "turn_no": z.turn_no,
            "last_seat": z.last_seat,
        }

    def census(self) -> dict:
        """Every component counted by place, for conservation checks.

        Returns:
            dict: ``boxes`` (per material, summed over bag, bins, draft and workshops),
            ``scrolls`` (title -> count over deck, discard, draft, hands and the scrolls in
            play, played this turn and not yet discarded), ``projects``
            (type -> count over the board supply and all players), ``masterworks`` (sorted list
            of ids over deck, display and players), ``exchange_tiles`` (per pairing), ``awards``
            (sorted list of tiles), ``visit_tiles`` (per player the sorted values placed or
            kept).
        """
        z = self._z
        boxes = [z.bag[m] + z.bins[0][m] + z.bins[1][m] + z.draft_boxes[m] + sum(p.boxes[m] for p in z.players) for m in range(4)]
        scrolls: dict = {}
        for sid in z.deck + z.discard + z.draft_scrolls + [c for p in z.players for c in p.hand + p.in_play]:
            scrolls[sid] = scrolls.get(sid, 0) + 1
        held = [x for p in z.players for x in p.completed + p.overflow + p.mproj + p.aproj]
        projects = {pid: z.supply[pid] + held.count(pid) for pid in PROJECT_TYPES}
        mws = sorted(z.mw_deck + z.mw_disp + [x for x in held if x not in PROJECT_TYPES])
        tiles = [z.xsupply[k] + sum(p.tiles[k] for p in z.players) for k in range(6)]
        awards = sorted([a for a in z.awards if a is not None] + ([z.award_box] if z.award_box else []) + z.award_gone)
        visits = [sorted(p.vtiles + [v for v in p.visited if v]) for p in z.players]
        return {"boxes": boxes, "scrolls": scrolls, "projects": projects, "masterworks": mws, "exchange_tiles": tiles, "awards": awards, "visit_tiles": visits}


def reference_play(state: ZongShiState, action: ZAction) -> ZongShiState:
    """The slow reference of ``state.play(action)`` (the tests compare them): the position is
    copied whole (every player, every list) before the action is applied, where ``play``
    copies a player or a deck only when it changes (copy on write).

    Raises:
        IllegalAction: as :meth:`ZongShiState.play`.
    """
    state.check(action)
    z = state._z.clone(deep=True)
    z.chance, z.chance_src = None, state.chance
    _do(z, z.tasks[0], action)
    return ZongShiState._settled(state.game, state.history + (action,), state.chance, z)


def _from_position(g: ZongShi, d: dict, chance: Chance) -> ZongShiState:
    z = build_core(g, d, chance)
    return ZongShiState._settled(g, (), chance, z)
