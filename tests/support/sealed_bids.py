"""Sealed Bids: a small card game with every kind of secret, for testing the shared framework.

It is not one of the tutor's games; the shared suites register it (``tests/conftest.py``) so
that hidden information, chance during play, multi-step turns and position descriptions are
exercised before (and beside) the real games with secrets. It is also the smallest complete
example of how a game plugs in (``docs/ARCHITECTURE.md``).

Rules (2 to 4 players):

* Components: cards 1 to 15 (one each), prize tiles 1 to 5 (one each).
* Setup: the cards are shuffled into the deck; each player is dealt 3 (hidden hand). The prize
  tiles are shuffled face down; the top one is turned face up.
* A round: from the start player, each player takes a turn of two steps. *Bid*: place a card
  from your hand face down (``bid 7``); with an empty hand the step is skipped. *Draw*: take
  the top card of the deck (``draw``) or not (``pass``); a hand holds at most 4 cards. When the
  deck is empty, the discard pile is shuffled to make a new deck; with both empty only
  ``pass`` is left.
* When everybody has bid, the bids are revealed: the highest card takes the face-up prize.
  The bid cards go face up on the discard pile, lowest first. The start player passes left
  and the next prize is turned up; after the last prize the game ends.
* Scoring: the sum of the prizes won; ties are broken by the higher sum of cards in hand.

Hidden: hands, face-down bids of the current round, deck order, face-down prize order.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass

from zongshi_widgets.core import Chance, Game, GameType, IllegalAction, ScoreSheet, State, Turn

CARDS = tuple(range(1, 16))
PRIZES = tuple(range(1, 6))
HAND = 3
HAND_LIMIT = 4
SEATS = ("north", "east", "south", "west")


@dataclass(frozen=True, order=True)
class Bid:
    """Bid ``card`` face down."""

    card: int

    def __str__(self) -> str:
        return f"bid {self.card}"


@dataclass(frozen=True, order=True)
class Draw:
    """Draw the top card of the deck (``take``) or not."""

    take: bool

    def __str__(self) -> str:
        return "draw" if self.take else "pass"


class SealedBids(Game):
    """Sealed Bids for 2 to 4 players (see the module docstring for the rules).

    Args:
        players (int): 2, 3 or 4.

    Raises:
        ValueError: another player count.
    """

    name = "sealed_bids"
    game_type = GameType(
        long_name="Sealed Bids",
        player_counts=(2, 3, 4),
        default_players=3,
        hidden_information=True,
        chance=True,
        multi_step_turns=True,
        notation_help="'bid 7' (a card of your hand, face down), then 'draw' or 'pass'",
        rulebook="tests/support/sealed_bids.py",
    )

    def __init__(self, players: int = 3):
        if not isinstance(players, int) or isinstance(players, bool) or players not in (2, 3, 4):
            raise ValueError(f"Sealed Bids is for 2, 3 or 4 players, not {players!r}")
        super().__init__(players)
        self._freeze()

    @property
    def seat_names(self) -> tuple[str, ...]:
        """``north``, ``east``, ``south``, ``west`` (as many as play)."""
        return SEATS[: self.players]

    def new_state(self, seed: int | None = None) -> SealedBidsState:
        """Shuffle, deal three cards each, turn up the first prize (Setup)."""
        chance = Chance(seed)
        return self._state_from_position({}, chance)

    def _state_from_position(self, d: dict, chance: Chance) -> SealedBidsState:
        """Keys: ``hands`` (lists of cards), ``bids`` (per seat a card or 0), ``deck`` (top
        first), ``discard`` (bottom first), ``prize``, ``prizes`` (face down, top first),
        ``won`` (lists of prizes), ``round``, ``start``, ``to_move``, ``step`` (``"bid"`` or
        ``"draw"``). Left-out cards are shuffled and dealt as at setup; left-out prizes are
        shuffled face down.

        Raises:
            ValueError: an unknown key, a card or prize in two places or out of range, a hand
                over the limit, or a turn that does not fit the bids.
        """
        n = self.players
        known = {"hands", "bids", "deck", "discard", "prize", "prizes", "won", "round", "start", "to_move", "step"}
        unknown = sorted(set(d) - known)
        if unknown:
            raise ValueError(f"unknown position keys {unknown}; known: {sorted(known)}")
        chance = chance.copy()

        def seat_lists(key: str, default):
            value = d.get(key, default)
            if not isinstance(value, list) or len(value) != n:
                raise ValueError(f"{key!r} needs one entry per seat ({n})")
            return value

        hands = seat_lists("hands", [None] * n)
        bids = [b or None for b in seat_lists("bids", [0] * n)]
        won = [tuple(w) for w in seat_lists("won", [[]] * n)]
        discard = tuple(d.get("discard", ()))
        placed = [c for h in hands if h is not None for c in h] + [b for b in bids if b is not None] + list(discard) + list(d.get("deck", ()))
        _distinct(placed, CARDS, "card")
        rest = [c for c in CARDS if c not in placed]
        chance.shuffle(rest)
        hands = [tuple(sorted(h)) if h is not None else tuple(sorted(rest.pop() for _ in range(HAND))) if len(rest) >= HAND else None for h in hands]
        if any(h is None for h in hands):
            raise ValueError("not enough cards left to deal the hands")
        if any(len(h) > HAND_LIMIT for h in hands):
            raise ValueError(f"a hand holds at most {HAND_LIMIT} cards")
        deck = tuple(d["deck"]) if "deck" in d else tuple(rest)
        if "deck" in d and rest:
            raise ValueError(f"cards {sorted(rest)} are nowhere (give them to a hand, the deck or the discard pile)")
        prizes_given = ([d["prize"]] if d.get("prize") else []) + list(d.get("prizes", ())) + [p for w in won for p in w]
        _distinct(prizes_given, PRIZES, "prize")
        left = [p for p in PRIZES if p not in prizes_given]
        chance.shuffle(left)
        stack = list(d.get("prizes", ())) + left if "prizes" not in d else list(d["prizes"])
        if "prizes" in d and left:
            raise ValueError(f"prizes {sorted(left)} are nowhere")
        prize = d.get("prize") or (stack.pop(0) if stack else None)
        if prize is None:
            raise ValueError("no prize is left to bid for: the game would be over")
        rnd, start = d.get("round", 1), d.get("start", 0)
        to_move, step = d.get("to_move", start), d.get("step", "bid")
        for key, value, lo, hi in (("round", rnd, 1, len(PRIZES)), ("start", start, 0, n - 1), ("to_move", to_move, 0, n - 1)):
            if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                raise ValueError(f"{key!r} must be an int from {lo} to {hi}, not {value!r}")
        if step not in ("bid", "draw"):
            raise ValueError(f"'step' is 'bid' or 'draw', not {step!r}")
        order = [(start + i) % n for i in range(n)]
        done = order[: order.index(to_move) + (1 if step == "draw" else 0)]
        for seat in range(n):
            # a seat whose turn is done may lack a bid (its hand was empty), one still to play may not have one
            if bids[seat] is not None and seat not in done:
                raise ValueError(f"seat {seat} has bid but its turn has not come yet this round")
        return SealedBidsState(self, (), chance, tuple(hands), tuple(bids), deck, discard, prize, tuple(stack), tuple(won), rnd, start, to_move, step)


def _distinct(items: list, allowed: tuple, what: str) -> None:
    for x in items:
        if x not in allowed:
            raise ValueError(f"{x!r} is not a {what} ({what}s are {allowed[0]} to {allowed[-1]})")
    seen = set()
    for x in items:
        if x in seen:
            raise ValueError(f"{what} {x} is in two places")
        seen.add(x)


class SealedBidsState(State):
    """A Sealed Bids position (see :class:`zongshi_widgets.core.State` for the contract)."""

    __slots__ = ("hands", "bids", "deck", "discard", "prize", "prizes", "won", "round", "start", "seat", "step")

    def __init__(self, game, history, chance, hands, bids, deck, discard, prize, prizes, won, rnd, start, seat, step):
        super().__init__(game, history, chance)
        self.hands, self.bids, self.deck, self.discard = hands, bids, deck, discard
        self.prize, self.prizes, self.won = prize, prizes, won
        self.round, self.start, self.seat, self.step = rnd, start, seat, step

    def _replace(self, **kw) -> SealedBidsState:
        fields = {k: getattr(self, k) for k in self.__slots__}
        fields.update(kw)
        history = kw.pop("history", self.history)
        chance = kw.pop("chance", self.chance)
        f = fields
        return SealedBidsState(
            self.game,
            history,
            chance,
            f["hands"],
            f["bids"],
            f["deck"],
            f["discard"],
            f["prize"],
            f["prizes"],
            f["won"],
            f["round"],
            f["start"],
            f["seat"],
            f["step"],
        )

    # -- contract ------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.seat

    @property
    def turn(self) -> Turn:
        n = self.game.players
        if self.seat is None:
            return Turn(round=self.round, turn=self.round * n, step=None, seat=None)
        return Turn(round=self.round, turn=(self.round - 1) * n + (self.seat - self.start) % n + 1, step=self.step, seat=self.seat)

    def legal_actions(self) -> list:
        if self.seat is None:
            return []
        if self.step == "bid":
            return [Bid(c) for c in self.hands[self.seat]]
        can_draw = len(self.hands[self.seat]) < HAND_LIMIT and (self.deck or self.discard)
        return [Draw(True), Draw(False)] if can_draw else [Draw(False)]

    def parse_action(self, notation: str):
        text = notation.strip().lower() if isinstance(notation, str) else ""
        m = re.fullmatch(r"bid\s+(\d+)", text)
        if m:
            action = Bid(int(m.group(1)))
        elif text in ("draw", "pass"):
            action = Draw(text == "draw")
        else:
            raise IllegalAction("sealed_bids.notation", f"{notation!r} is not an action: write 'bid 7', 'draw' or 'pass'")
        self.check(action)
        return action

    def check(self, action) -> None:
        if self.seat is None:
            raise IllegalAction("core.game-over", "The game is over: nobody may act any more.")
        if isinstance(action, Bid):
            if self.step != "bid":
                raise IllegalAction("sealed_bids.turn.draw-step", "You have bid this turn; now draw or pass (A round: Draw).")
            if action.card not in self.hands[self.seat]:
                raise IllegalAction("sealed_bids.bid.not-in-hand", f"You can bid only a card of your hand, and {action.card} is not in it (A round: Bid).")
        elif isinstance(action, Draw):
            if self.step != "draw":
                raise IllegalAction("sealed_bids.turn.bid-step", "First bid a card, then draw (A round: Bid).")
            if action.take and action not in self.legal_actions():
                raise IllegalAction(
                    "sealed_bids.draw.limit",
                    f"You cannot draw: a hand holds at most {HAND_LIMIT} cards, and the deck and discard pile must not both be empty (A round: Draw).",
                )
        else:
            raise IllegalAction("sealed_bids.notation", f"{action!r} is not a Sealed Bids action")

    def _apply(self, action) -> SealedBidsState:
        seat = self.seat
        history = self.history + (action,)
        if isinstance(action, Bid):
            hands = _set(self.hands, seat, tuple(c for c in self.hands[seat] if c != action.card))
            bids = _set(self.bids, seat, action.card)
            return self._replace(history=history, hands=hands, bids=bids, step="draw")._skip()
        state = self._replace(history=history)
        if action.take:
            deck, discard, chance = state.deck, state.discard, state.chance
            if not deck:
                pile = list(discard)
                chance = chance.copy()
                chance.shuffle(pile)
                deck, discard = tuple(pile), ()
            hands = _set(state.hands, seat, tuple(sorted(state.hands[seat] + (deck[0],))))
            state = state._replace(chance=chance, hands=hands, deck=deck[1:], discard=discard)
        return state._next_seat()

    def _skip(self) -> SealedBidsState:
        """Skip steps with no choice to make: a bid with an empty hand."""
        s = self
        while s.seat is not None and s.step == "bid" and not s.hands[s.seat]:
            s = s._replace(step="draw")
        return s

    def _next_seat(self) -> SealedBidsState:
        n = self.game.players
        nxt = (self.seat + 1) % n
        if nxt != self.start:
            return self._replace(seat=nxt, step="bid")._skip()
        # everybody has bid: reveal, award, discard, next round
        bids = {s: b for s, b in enumerate(self.bids) if b is not None}
        won = self.won
        if bids:
            winner = max(bids, key=bids.get)
            won = _set(won, winner, won[winner] + (self.prize,))
        discard = self.discard + tuple(sorted(bids.values()))
        if not self.prizes:
            return self._replace(bids=(None,) * n, won=won, discard=discard, prize=None, seat=None, step=None)
        start = (self.start + 1) % n
        return self._replace(
            bids=(None,) * n, won=won, discard=discard, prize=self.prizes[0], prizes=self.prizes[1:], round=self.round + 1, start=start, seat=start, step="bid"
        )._skip()

    # -- views ---------------------------------------------------------------------------
    def _action_text(self, action, seat) -> str:
        """A bid is face down: other seats read "bid a card"."""
        if isinstance(action, Bid) and seat != self.seat:
            return "bid a card"
        return str(action)

    def public_view(self) -> dict:
        return {
            "round": self.round,
            "start": self.start,
            "step": self.step,
            "prize": self.prize,
            "prizes_left": len(self.prizes),
            "deck_size": len(self.deck),
            "discard": list(self.discard),
            "hand_sizes": [len(h) for h in self.hands],
            "has_bid": [b is not None for b in self.bids],
            "won": [list(w) for w in self.won],
        }

    def private_view(self, seat: int) -> dict:
        return {"hand": list(self.hands[seat]), "bid": self.bids[seat]}

    def _determinize(self, seat: int, rng: random.Random) -> SealedBidsState:
        n = self.game.players
        seen = set(self.hands[seat]) | set(self.discard) | ({self.bids[seat]} if self.bids[seat] else set())
        pool = [c for c in CARDS if c not in seen]
        rng.shuffle(pool)
        hands, bids = list(self.hands), list(self.bids)
        for other in range(n):
            if other == seat:
                continue
            if bids[other] is not None:
                bids[other] = pool.pop()
            hands[other] = tuple(sorted(pool.pop() for _ in range(len(self.hands[other]))))
        deck = tuple(pool)
        prizes = [p for p in PRIZES if p != self.prize and not any(p in w for w in self.won)]
        rng.shuffle(prizes)
        return self._replace(hands=tuple(hands), bids=tuple(bids), deck=deck, prizes=tuple(prizes), chance=Chance(rng.getrandbits(63)))

    def position(self) -> dict:
        return {
            "hands": [list(h) for h in self.hands],
            "bids": [b or 0 for b in self.bids],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "prize": self.prize or 0,
            "prizes": list(self.prizes),
            "won": [list(w) for w in self.won],
            "round": self.round,
            "start": self.start,
            "to_move": self.seat if self.seat is not None else self.start,
            "step": self.step or "bid",
        }

    def score_sheet(self) -> ScoreSheet:
        n = self.game.players
        totals = [sum(w) for w in self.won]
        return ScoreSheet(
            self.game.seat_names,
            ["prizes won"],
            [[t] for t in totals],
            totals,
            [(sum(self.hands[s]),) for s in range(n)],
            tiebreak_label="cards in hand",
            final=self.is_over,
        )

    def visible_score_sheet(self, seat: int | None = None) -> ScoreSheet:
        """The prizes won, known to all; the tie-break (cards in hand, which are hidden) only once
        the game is over."""
        self.game.check_seat(seat)
        if self.is_over:
            return self.score_sheet()
        totals = [sum(w) for w in self.won]
        notes = "ties: the higher sum of cards in hand, counted at the end"
        return ScoreSheet(self.game.seat_names, ["prizes won"], [[t] for t in totals], totals, final=False, notes=notes)

    def digest(self) -> str:
        text = repr(tuple(getattr(self, k) for k in self.__slots__))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def __eq__(self, other) -> bool:
        return isinstance(other, SealedBidsState) and other.game == self.game and all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    def __hash__(self) -> int:
        return hash(self.digest())

    def __repr__(self) -> str:
        who = "over" if self.seat is None else f"{self.game.seat_names[self.seat]} to {self.step}"
        return f"<SealedBidsState round {self.round}, {who}>"


def _set(items: tuple, i: int, value) -> tuple:
    return items[:i] + (value,) + items[i + 1 :]
