"""Majolica solo (rulebook, Rules for Solo Play): a planner over whole turns.

A solo turn is many atomic actions (a take, placing the tiles, slotting a card or rearranging,
the workshops' runs, the moves onto the design cards, discards...), and only the end of the
turn matters: so the planner thinks in whole turns.

* :func:`turn_outcomes` lists every distinct end of the mover's turn (each with one action
  sequence reaching it), one atomic action per layer, duplicates merged by the position they
  reach; free discards (Tip 1) only before the tiles are placed and in the workshop they go
  to (at most two), and a layer wider than ``width`` keeps its best positions by the
  evaluation.
* :func:`solo_value` is the solo evaluation: the points as they stand (completed design cards,
  tokens, half a point per tile on the unfinished cards) plus what each slotted card promises
  (its remaining points times the square of its progress, counting the tiles waiting in the
  workshop below that fit it, and whether the turns left can bring the tiles it still needs),
  plus the tiles waiting in workshops that fit their pattern and the card above, minus jammed
  workshops and empty slots. Everything that is not yet points fades as the last turns near.
* :class:`MajolicaSoloPlanner` chooses a whole turn. ``depth=1``: the turn whose end
  :func:`solo_value` values best. ``depth=2`` (default): the ``candidates`` best such turns are
  each followed, on ``samples`` determinizations (``state.determinize``: the face-down stack's
  and the design deck's order resampled from what the player has seen, the same ones for every
  candidate), by the best next turn for the 4 tiles revealed there; the candidate with the best
  mean wins (expectimax over the next reveal, sampled). Its choices inside the turn follow the
  plan made at the turn's start.

Measured figures are in the class docstring (``benchmarks/majolica_solo.py``). It is a playing
aid for bots, not a strategy claim.
"""

from __future__ import annotations

import time
from typing import Any

from ..core import State
from .base import Agent, mover, visible_state

#: Solo play lasts this many rounds (rulebook, Rules for Solo Play); 4 turns a round (16 large
#: tiles, 4 revealed a turn).
SOLO_ROUNDS = 6
TURNS_PER_ROUND = 4
#: Free discards (Tip 1) a planned turn may make, at most.
MAX_FREE_DISCARDS = 2

#: The weights of :func:`solo_value` (see there).
WEIGHTS = {
    "promise": 0.06,
    "prog": 1.0,
    "fitw": 0.3,
    "tile": (0.3, 0.3, 0.35, 0.3),
    "idle": 0.05,
    "jam": 0.6,
    "empty": 0.5,
    "full": 0.15,
}


def turns_left(state: State) -> int:
    """Turns still to play in a solo game from ``state``, the current one included (0 when the
    game is over): 4 a round, 6 rounds.

    Args:
        state (State): a solo Majolica position.

    Returns:
        int: 0 to 24.
    """
    if state.seat is None:
        return 0
    return (SOLO_ROUNDS - state.round) * TURNS_PER_ROUND + len(state.stack) // 4 + (1 if state.revealed else 0)


def solo_value(state: State, weights: dict | None = None) -> float:
    """The solo evaluation of ``state``, in points (see the module docstring).

    With ``T`` turns left and ``tf = min(1, T / 8)``: the score as it stands (design cards,
    tokens, 0.5 a tile on unfinished cards); per slotted card of ``n`` spaces holding ``f``
    tiles, with ``fit`` tiles (at most what the workshop below may move) waiting below that fit
    its open spaces, ``prog * ((f + fitw * fit) / n) ** 2 * min(1, T / 2 / (n - f))`` times its
    points not yet counted (``points - f / 2``), plus ``promise * points * tf``; an empty slot
    costs ``empty * tf``; per workshop whose tiles still fit its pattern, ``(tile + full *
    tiles / capacity) * tiles * tf`` when one of them fits the card above (W4: always), else
    ``idle * tiles * tf``; a jammed one costs ``jam``. At the end of the game: the score.

    Args:
        state (State): a solo Majolica position (any step).
        weights (dict | None): replaces :data:`WEIGHTS` (same keys).

    Returns:
        float: the value, in points.
    """
    w = WEIGHTS if weights is None else weights
    g = state.game
    p = state.players[0]
    cards = g.cards
    base = float(sum(cards[i].points for i in p.done) + p.tokens + p.blooms)
    fills = sum(sum(f) for f in p.fills)
    T = turns_left(state)
    if T == 0:
        return base + fills // 2
    v = base + 0.5 * fills
    ws = p.ws
    tf = min(1.0, T / 8)
    for k in range(3):
        card = p.slots[k]
        if card < 0:
            v -= w["empty"] * tf
            continue
        fill, need = p.fills[k], g.need[card]
        f = sum(fill)
        n = g.size[card]
        fit = 0
        for c in range(4):
            if ws[k][c] and fill[c] < need[c]:
                fit += min(ws[k][c], need[c] - fill[c])
        fit = min(fit, g.must[k] + g.may[k])
        reach = min(1.0, T * 0.5 / max(n - f, 1))
        q = ((f + w["fitw"] * fit) / n) ** 2 * reach
        pts = cards[card].points
        v += w["prog"] * q * (pts - 0.5 * f) + w["promise"] * pts * tf
    for k in range(4):
        t = ws[k]
        n = sum(t)
        if not n:
            continue
        if sum(1 for c in range(4) if t[c]) > g.nparts[k] or any(t[c] > g.part[k] for c in range(4)):
            v -= w["jam"]
            continue
        if k == 3:
            useful = True
        else:
            card = p.slots[k]
            useful = card >= 0 and any(t[c] and p.fills[k][c] < g.need[card][c] for c in range(4))
        v += ((w["tile"][k] + w["full"] * n / g.cap[k]) if useful else w["idle"]) * n * tf
    return v


def _key(s: State) -> tuple:
    """A position within a turn, as one determinization has it (no history)."""
    return (
        s.step, s.players, s.pend, s.pcard, s.parr, s.ran, s.ncomp, s.bonus, s.run, s.over,
        s.city, s.display, s.deck, s.known, s.purple_out,
    )  # fmt: skip


def _seen_key(s: State) -> tuple:
    """A position as the player sees it (the deck's and the stack's order left out)."""
    return (
        s.round, s.turnno, s.step, s.players, s.revealed, s.flipped, s.pend, s.pcard, s.parr, s.ran, s.ncomp,
        s.bonus, s.run, s.over, s.city, s.display, s.known, s.purple_out, len(s.deck),
    )  # fmt: skip


def turn_outcomes(state: State, max_discards: int = MAX_FREE_DISCARDS, width: int = 400, value=None) -> list[tuple[tuple, State]]:
    """Every distinct end of the mover's turn from ``state`` (see the module docstring).

    The turn ends when the turn number moves on (then the next 4 large tiles of ``state``'s
    stack are revealed: read only a determinization this way) or the game is over.

    Args:
        state (State): a solo Majolica position, not over.
        max_discards (int): free discards (Tip 1) a turn may make, at most.
        width (int): the widest layer kept (its best by ``value``).
        value (callable | None): the evaluation for the layers' cuts (default
            :func:`solo_value`).

    Returns:
        list[tuple[tuple[str, ...], State]]: ``(actions, position at the end of the turn)``,
        one per distinct position (the players' boards, City Hall, display and deck).
    """
    value = value or solo_value
    turn = state.turnno
    seen = {(_key(state), -1)}
    ends: dict = {}
    # (position, actions, free discards made, the workshop they were made in: -1 none)
    layer = [(state, (), 0, -1)]
    while layer:
        nxt = []
        for s, path, nd, dw in layer:
            for a in s._legal_tuple():
                ndw = dw
                free = a.startswith("discard W")
                if free:
                    # Tip 1, only to make room or a pattern in the workshop the tiles go to next
                    w = int(a[9]) - 1
                    if nd >= max_discards or s.step != "place" or s.pend is None or dw not in (-1, w):
                        continue
                    ndw = w
                elif dw >= 0 and a.startswith("place W") and int(a[7]) - 1 != dw:
                    continue
                t = s.play(a)
                p = path + (a,)
                if t.seat is None or t.turnno != turn:
                    k = (t.players, t.city, t.display, t.deck, t.known, t.round)
                    if k not in ends:
                        ends[k] = (p, t)
                    continue
                k = (_key(t), ndw if t.pend is not None else -1)
                if k in seen:
                    continue
                seen.add(k)
                nxt.append((t, p, nd + free, ndw))
        if len(nxt) > width:
            nxt.sort(key=lambda e: -value(e[0]))
            del nxt[width:]
        layer = nxt
    return list(ends.values())


def best_turn(state: State, value=None, width: int = 400) -> tuple[tuple, State, float]:
    """The end of the turn :func:`turn_outcomes` reaches that ``value`` values best.

    Args:
        state (State): a solo Majolica position, not over (read it only as a determinization:
            the end of the turn reveals the next tiles of its stack).
        value (callable | None): the evaluation (default :func:`solo_value`).
        width (int): see :func:`turn_outcomes`.

    Returns:
        tuple: ``(actions, position, value)`` (the first found among equals).
    """
    value = value or solo_value
    best = None
    for path, end in turn_outcomes(state, width=width, value=value):
        v = value(end)
        if best is None or v > best[2]:
            best = (path, end, v)
    return best


def _replay(state: State, path: tuple) -> State:
    """``state`` after the actions ``path``, played one by one."""
    for a in path:
        state = state.play(a)
    return state


class MajolicaSoloPlanner(Agent):
    """The solo planner (see the module docstring): whole turns, chosen by :func:`solo_value`
    one turn ahead (``depth=1``) or, by default, by the mean over ``samples`` determinizations
    of the best next turn after each of the ``candidates`` best turns (``depth=2``).

    Args:
        seed (int | None): the bot's own seed (its determinizations).
        depth (int): 1 or 2 (see above).
        candidates (int): turns followed to the next turn (depth 2), at least 1.
        samples (int): determinizations per decision (depth 2), at least 1 (ignored with
            ``seconds``).
        seconds (float | None): a thinking budget per turn instead: samples are drawn until
            it is spent (at least one; not reproducible across machines).
        clock (str): what ``seconds`` measures: ``"cpu"`` (default: this thread's CPU time)
            or ``"wall"``.
        width (int): the widest layer of :func:`turn_outcomes` at the turn's own start;
            the next turns (depth 2) use ``next_width``.
        next_width (int): see ``width``.

    Raises:
        ValueError: an option out of range.

    In a game with more than one player the planner has nobody's race to judge: it plays
    Majolica's greedy bot (:class:`~zongshi_widgets.agents.majolica.MajolicaGreedy`).

    Measured with ``benchmarks/majolica_solo.py`` (solo games of seeds 0 to 19, the bot seeded
    with the game's seed; the rulebook's bands; packaged, partly reconstructed components):

    * default (``depth=2``, 6 candidates, 4 samples; about 0.8 CPU seconds at a turn's start,
      0.15 CPU seconds a decision on average): scores 23 22 27 24 22 25 23 24 19 29 30 27 17
      29 19 20 26 22 35 29, **median 24**, quartiles 22 / 27.5, mean 24.6, min 17, max 35;
      Craftsman (21) or better in 16 of 20 games (80 %, 95 % Wilson interval 58 % to 92 %),
      Master Craftsman (25) or better in 9 of 20 (45 %, 26 % to 66 %);
    * ``depth=1`` (0.07 CPU seconds a turn): median 21.5, quartiles 18.5 / 22.25, mean 20.6,
      min 15, max 26; Craftsman or better in 12 of 20 (60 %, 39 % to 78 %), Master Craftsman
      in 1 (5 %, 1 % to 24 %);
    * for comparison, Majolica's greedy bot (built for the multi-player race): median 2,
      mean 3.5, all 20 games "work harder!";
    * the same depth-2 search shown the true next reveal (``--peek``, one sample: the truth;
      an upper bound of this search, never a fair bot): median 24.5, quartiles 22.75 / 26.25,
      mean 24.0, min 14, max 33. Seeing the face-down tiles does not help it: what limits it
      is the evaluation and the two-turn horizon, not the hidden information.

    So the rulebook's "Craftsman" band (median 21) is reached by the default budget; the aim
    "Master Craftsman" (median 25) is not (median 24, 9 games of 20).
    """

    name = "solo"

    def __init__(
        self,
        seed: int | None = None,
        depth: int = 2,
        candidates: int = 6,
        samples: int = 4,
        seconds: float | None = None,
        clock: str = "cpu",
        width: int = 400,
        next_width: int = 150,
    ):
        super().__init__(seed)
        if depth not in (1, 2):
            raise ValueError(f"depth is 1 or 2 (whole turns), not {depth!r}")
        for label, x in (("candidates", candidates), ("samples", samples), ("width", width), ("next_width", next_width)):
            if not isinstance(x, int) or isinstance(x, bool) or x < 1:
                raise ValueError(f"{label} is a whole number at least 1, not {x!r}")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds < float("inf")):
            raise ValueError(f"seconds is a positive number of seconds, not {seconds!r}")
        if clock not in ("cpu", "wall"):
            raise ValueError(f"clock is 'cpu' or 'wall', not {clock!r}")
        self.depth, self.candidates, self.samples, self.seconds, self.clock = depth, candidates, samples, seconds, clock
        self.width, self.next_width = width, next_width
        self._plan: dict = {}
        self._fallback = None

    def reseed(self, seed: int | None) -> None:
        """Restart the generator (see :meth:`Agent.reseed`) and forget the turn planned."""
        super().reseed(seed)
        self._plan = {}

    def choose(self, state: State, seat: int | None = None) -> Any:
        """The action this bot plays (see :meth:`Agent.choose`): the next action of the turn
        planned on a determinization of ``state`` for ``seat``."""
        seat = mover(state, seat, self)
        if not state.game.solo:
            if self._fallback is None:
                from .majolica import MajolicaGreedy

                self._fallback = MajolicaGreedy(seed=self.rng.getrandbits(32))
            return self._fallback.choose(state, seat)
        return self.decide(visible_state(state, seat, self.rng), seat)

    def decide(self, state: State, seat: int) -> Any:
        """The next action of the planned turn (planned afresh when ``state`` is not on the
        plan: a new turn, or a position posed in the middle of one)."""
        legal = state._legal_tuple()
        if len(legal) == 1:
            return legal[0]
        nxt = self._plan.get(_seen_key(state))
        if nxt is not None and nxt in legal:
            return nxt
        path = self.plan(state)
        self._plan = {}
        s = state
        for a in path:
            self._plan[_seen_key(s)] = a
            s = s.play(a)
        return path[0]

    def sample(self, state: State) -> State:
        """One determinization of ``state`` for the planner's look at the next turn:
        ``state.determinize`` from the bot's generator (the face-down stack's and the deck's
        order, and the future of chance, resampled from what the player has seen)."""
        return state.determinize(state.to_move, self.rng)

    def plan(self, state: State) -> tuple:
        """The whole rest of the turn from ``state`` (a determinization the seat may read): a
        tuple of actions, the first legal in ``state``."""
        outs = turn_outcomes(state, width=self.width)
        scored = sorted(((solo_value(end), i) for i, (_, end) in enumerate(outs)), key=lambda x: (-x[0], x[1]))
        if self.depth == 1 or len(scored) == 1:
            return outs[scored[0][1]][0]
        top = [outs[i][0] for _, i in scored[: self.candidates]]
        totals = [0.0] * len(top)
        clock = time.thread_time if self.clock == "cpu" else time.perf_counter
        start = clock()
        n = 0
        while True:
            d = self.sample(state)
            for j, path in enumerate(top):
                end = _replay(d, path)
                totals[j] += solo_value(end) if end.is_over else best_turn(end, width=self.next_width)[2]
            n += 1
            if self.seconds is None:
                if n >= self.samples:
                    break
            elif clock() - start >= self.seconds:
                break
        best = max(range(len(top)), key=lambda j: (totals[j], -j))
        return top[best]
