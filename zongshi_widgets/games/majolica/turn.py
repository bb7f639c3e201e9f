"""The steps of a turn, applied (rulebook, Gameplay: Setup choices, 1. Select Majolica Tiles,
2. Place Majolica Tiles, Run Workshop(s) A-I, End of the Round, Game End; Purple Tiles; City
Hall; Rules for Solo Play; the expansions' Bloom tokens and Mission cards): what each action does
to the position (:meth:`_Steps.act`), the cascade of workshop runs, moves to the design cards,
fragmentation and overflow resolved up to the next decision (:meth:`_Steps._settle`), and the end
of a turn and of a round (:meth:`_Steps._end_turn`).

These are the methods of the working copy ``_Work`` (in :mod:`.state`: a state with the mover's
board unpacked into lists while one action is applied); they live in the mixin :class:`_Steps`
so that this module does not need the state class.
"""

from __future__ import annotations

from zongshi_widgets.core import Chance

from .board import Player, _new_player, _ws_rows, card_open, pack_workshops, pattern_met
from .notation import BORDER_MASK, COL, LETTERS, PURPLE, SOLO_ROUNDS, ZERO4, _take_cells


class _Steps:
    """The steps of a turn, as methods of the working copy ``_Work`` (see the module docstring):
    ``self`` is a ``_Work``, its mover's board in the working slots (``ws``, ``slots``, ``fills``,
    ``done``, ``tokens`` ..., ``me``)."""

    __slots__ = ()

    def _unpack(self) -> None:
        """Unpack the mover's board into the working slots (lists)."""
        p = self.players[self.seat]
        self.ws = list(map(list, _ws_rows(p.wp)))
        self.slots = list(p.slots)
        self.fills = list(map(list, p.fills))
        self.done = list(p.done)
        _, _, _, _, self.tokens, self.purples, self.blooms, self.mission, self.mstore = p
        self.me = self.seat

    # -- the player's board -----------------------------------------------------------------------
    def player(self) -> Player:
        return _new_player(
            (pack_workshops(self.ws), tuple(self.slots), tuple(map(tuple, self.fills)), tuple(self.done),
             self.tokens, self.purples, self.blooms, self.mission, self.mstore),
        )  # fmt: skip

    def runnable(self, w: int) -> bool:
        g, ws = self.game, self.ws[w]
        if not pattern_met(g, w, ws):
            return False
        if w == 3:
            return g.empty_run or self.city[0] + self.city[1] > 0
        card = self.slots[w]
        return card >= 0 and any(ws[c] and card_open(g, card, self.fills[w], c) for c in range(4))

    def add(self, w: int, counts) -> None:
        """Tiles into workshop ``w``; purple tiles reaching W4 leave the game; overflow is marked."""
        ws = self.ws[w]
        for c, k in enumerate(counts):
            if k:
                if c == PURPLE and w == 3:
                    self.purple_out += k
                else:
                    ws[c] += k
        if sum(ws) > self.game.cap[w]:
            self.over = w

    def drop(self, w: int, c: int) -> None:
        self.ws[w][c] -= 1
        if c == PURPLE:
            self.purple_out += 1

    # -- actions -------------------------------------------------------------------------------
    def act(self, a: str) -> None:
        g = self.game
        words = a.split()
        verb = words[0]
        if verb == "mission":
            if self.step == "mission":
                m = int(words[1][1:]) - 1
                self.mission = m
                self.missions_open = tuple(x for x in self.missions_open if x != m)
                self.setup += 1
                self.turnno += 1
                if self.setup < g.players:
                    self._switch((self.start - 1 - self.setup) % g.players)
                else:
                    self.setup = 0
                    self._switch(self.start)
                    self.step = "start"
                return
            c = COL.index(words[1])
            pend = list(self.pend)
            pend[c] -= 1
            self.pend = tuple(pend)
            self.mstore |= 1 << c
            self.took4 = False
        elif verb == "start":
            k = int(words[2]) - 1
            self.slots[k] = self.starting[self.me]
            st = list(self.starting)
            st[self.me] = -1
            self.starting = tuple(st)
            self.setup += 1
            self.turnno += 1
            if self.setup < g.players:
                self._switch((self.start + self.setup) % g.players)
            else:
                self.setup = 0
                self._switch(self.start)
                self.step = "select"
                if g.solo:
                    self._reveal()
            return
        elif verb == "take":
            self._take(words)
        elif verb == "place":
            w = int(words[1][1]) - 1
            pend = self.pend
            self.pend = None
            self.add(w, pend)
        elif verb == "slot":
            k = int(words[1]) - 1
            old = self.slots[k]
            if old >= 0:
                self.deck = self.deck + (old,)
                self.known += 1
            self.slots[k] = self.pcard
            self.fills[k] = [0, 0, 0, 0]
            self.pcard = -1
        elif verb == "arrange":
            new = [g.card_ids[x] if x != "-" else -1 for x in words[1:]]
            old = dict(zip(self.slots, self.fills))
            self.fills = [list(old[i]) if i >= 0 else [0, 0, 0, 0] for i in new]
            self.slots = new
            self.parr = False
        elif verb == "run":
            self._start_run(int(words[1][1]) - 1)
        elif verb == "bonus":
            c, w = COL.index(words[1]), int(words[2][1]) - 1
            self.bonus -= 1
            cnt = [0] * 5
            cnt[c] = 1
            self.add(w, cnt)
        elif verb == "no":
            self.bonus -= 1
        elif verb == "move":
            self._move(COL.index(words[1]))
        elif verb == "stop":
            self._end_moves()
        elif verb == "fragment":
            c = COL.index(words[1])
            self.ws[self.run[0]][c] -= 1
            if len(words) == 3:
                self.mstore |= 1 << c
            self._pass_on()
        elif verb == "discard":
            if len(words) == 2:
                self.drop(self.over, LETTERS.index(words[1]))
            else:
                self.drop(int(words[1][1]) - 1, LETTERS.index(words[2]))
                return  # a free discard (Tip 1) never triggers anything
        elif verb == "end":
            self._end_turn()
            return
        self._settle()

    def _take(self, words) -> None:
        g = self.game
        pend = [0] * 5
        if g.solo:
            if words[1] == "all":
                for c in self.revealed:
                    pend[c] += 1
                self.took4 = len(self.revealed) == 4
            else:
                pend[COL.index(words[1])] += 1
        else:
            cells, four = _take_cells(words[1])
            if four is not None:
                self.took4 = four
            grid, up = self.grid, self.up
            for i in cells:
                pend[grid[i]] += 1
                up &= ~(1 << i)
            self.up = up
        self.pend = tuple(pend)
        if len(words) == 4:
            if words[3] == "arrange":
                self.parr = True
            else:
                i = g.card_ids[words[3]]
                self.pcard = i
                self.display = tuple(x for x in self.display if x != i)
        self.step = "place"

    def _start_run(self, w: int) -> None:
        if w == 3:
            # W4: one tile to City Hall, take the next bonus token (purple first), rest back to W1
            ws = self.ws[3]
            c = next(k for k in range(4) if ws[k])
            ws[c] -= 1
            back = tuple(ws) + ()
            self.ws[3] = [0] * 5
            purple, points = self.city
            if purple:
                self.city = (purple - 1, points)
                self.purples += 1
                self.ws[0][PURPLE] += 1
            elif points:
                self.city = (purple, points - 1)
                self.tokens += 1
            self._ran(3)
            self.add(0, back)
            return
        self.run = (w, 0, "move")

    def _move(self, c: int) -> None:
        g = self.game
        w, moved, _ = self.run
        self.ws[w][c] -= 1
        card = self.slots[w]
        fill = self.fills[w]
        fill[c] += 1
        self.run = (w, moved + 1, "move")
        if sum(fill) == g.size[card]:
            # completed: tiles back to the supply, card to the scoring area (rulebook, Run Workshop(s) H)
            self.done.append(card)
            self.slots[w] = -1
            self.fills[w] = [0, 0, 0, 0]
            self.ncomp += 1
            self.lastc = self.round
            if g.cards[card].hand:
                self.bonus += 1
            if len(self.done) == 3 and self.first3 < 0:
                self.first3 = self.me
            if self.ncomp >= 2:
                self.m8 |= 1 << self.me

    def _end_moves(self) -> None:
        w = self.run[0]
        if self.game.frag[w]:
            self.run = (w, self.run[1], "fragment")
        else:
            self._pass_on()

    def _pass_on(self) -> None:
        """The rest of the running workshop moves on to the next (rulebook, Run Workshop(s) B, G)."""
        w = self.run[0]
        rest = tuple(self.ws[w])
        self.ws[w] = [0] * 5
        self.run = None
        self._ran(w)
        self.add((w + 1) % 4, rest)

    def _ran(self, w: int) -> None:
        self.ran |= 1 << w
        if self.game.bloom and self.ran == 15 and not self.bloomed:
            self.blooms += 1
            self.bloomed = True

    def _settle(self) -> None:
        """Resolve what needs no choice; stop at the next decision (overflow, run order, moves,
        fragmentation, pending placement) or end the turn when nothing is left."""
        g = self.game
        while True:
            if self.over >= 0:
                ws = self.ws[self.over]
                excess = sum(ws) - g.cap[self.over]
                if excess <= 0:
                    self.over = -1
                    continue
                cols = [c for c in range(5) if ws[c]]
                if len(cols) == 1:
                    for _ in range(excess):
                        self.drop(self.over, cols[0])
                    continue
                self.step = "overflow"
                return
            if self.run is not None:
                w, moved, phase = self.run
                if phase == "move":
                    card = self.slots[w]
                    opts = [c for c in range(4) if self.ws[w][c] and card >= 0 and card_open(g, card, self.fills[w], c)] if moved < g.must[w] + g.may[w] else []
                    if not opts:
                        self._end_moves()
                        continue
                    if moved < g.must[w] and len(opts) == 1:
                        self._move(opts[0])
                        continue
                    self.step = "move"
                    return
                cols = [c for c in range(4) if self.ws[w][c]]
                if not cols:
                    self._pass_on()
                    continue
                if len(cols) == 1 and not (self.mission == 1 and not self.mstore >> cols[0] & 1):
                    self.ws[w][cols[0]] -= 1
                    self._pass_on()
                    continue
                self.step = "fragment"
                return
            wss, cap = self.ws, g.cap
            # only a full workshop can run (pattern_met's first test, done here without a call)
            runnable = [w for w in range(4) if sum(wss[w]) == cap[w] and self.runnable(w)]
            if runnable or self.bonus:
                if len(runnable) == 1 and not self.bonus:
                    self._start_run(runnable[0])
                    continue
                self.step = "choose"
                return
            if self.pend is not None or self.pcard >= 0 or self.parr:
                self.step = "place"
                return
            if g.free_discard and any(any(ws) for ws in self.ws):
                self.step = "finish"  # Tip 1: discard now, or end the turn
                return
            self._end_turn()
            return

    def _switch(self, seat: int) -> None:
        """Hand the turn to ``seat``: store the mover's board. Every caller ends the action right
        after, so ``seat``'s board is not unpacked (its stored one stays as it is); the working
        board is dropped (``me`` None, the lists None) so that a later use would fail loudly."""
        players = list(self.players)
        players[self.me] = self.player()
        self.players = tuple(players)
        self.ws = self.slots = self.fills = self.done = self.me = None
        self.seat = seat

    def _reveal(self) -> None:
        self.revealed = tuple(sorted(self.stack[:4]))
        self.stack = self.stack[4:]

    def _draw(self) -> Chance:
        if not self.chance_copied:
            self.chance = self.chance.copy()
            self.chance_copied = True
        return self.chance

    def _end_turn(self) -> None:
        """End of a turn (rulebook, Gameplay; End of the Round; Game End; solo rules)."""
        g = self.game
        self.pend, self.pcard, self.parr, self.took4 = None, -1, False, False
        self.ran, self.ncomp, self.bonus, self.bloomed, self.run, self.over = 0, 0, 0, False, None, -1
        self.turnno += 1
        if g.solo:
            self.flipped = tuple(f + sum(1 for c in self.revealed if c == k) for k, f in enumerate(self.flipped))
            self.revealed = ()
            if self.stack:
                self._reveal()
                self.step = "select"
                return
        else:
            if (self.up & BORDER_MASK).bit_count() >= 4:  # face-up tiles on the outer edge
                self._switch((self.seat + 1) % g.players)
                self.step = "select"
                return
        # end of the round
        players = list(self.players)
        players[self.me] = self.player()
        if (g.solo and self.round >= SOLO_ROUNDS) or (
            not g.solo and (any(len(p.done) >= g.end_cards for p in players) or (g.stall_rounds is not None and self.round - self.lastc >= g.stall_rounds))
        ):
            self.players = tuple(players)
            self.seat = None
            self.step = "select"
            return
        chance = self._draw()
        if g.solo:
            stack = [c for c in range(4) for _ in range(g.components.large_per_colour)]
            chance.shuffle(stack)
            self.stack, self.flipped = tuple(stack), ZERO4
            self._reveal()
        else:
            cells = list(self.grid)
            chance.shuffle(cells)
            self.grid, self.up = tuple(cells), (1 << 16) - 1
        k = g.components.display - len(self.display)
        if k > 0:
            self.display = self.display + self.deck[:k]
            self.deck = self.deck[k:]
            self.known = min(self.known, len(self.deck))
        self.round += 1
        self.start = (self.start + 1) % g.players
        self._switch(self.start)
        self.step = "select"
