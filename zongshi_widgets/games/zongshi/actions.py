"""Zong Shi actions and their notation: :class:`ZAction`, the actions built once and shared
by every state, and the small parsers of notation words.

Notation (lower case; material letters g = gold, i = ivory, j = jade, b = bronze):
``take gold``, ``take swift_fingers`` (draft); ``use master``, ``use apprentice``;
``play swift_fingers``; ``pass``; ``market large``; ``temple``; ``pawnshop``;
``visit scholar 2 official 1``; ``project merchant_statue`` / ``project mw03``;
``pay ggij with masterful_use_gold``; ``donate jade``; ``draw``; ``buy gold/ivory pay gi``;
``leave``; ``no second project``; ``claim gold/ivory pay g``; ``decline``; ``take large gold``;
``borrow merchant_statue``; ``retrieve swift_fingers``; ``no tile``; ``return gold``;
``discard swift_fingers``; ``pick gold``; ``keep merchant_statue``.

An action's notation fixes its kind and arguments (a payment's exchange details excepted), so
actions are made once and shared: :func:`_act` keeps them by notation, and the decisions with
a fixed list (``use``, ``pick``, ``return``, ``play`` ...) have theirs built at import.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .components import MATERIALS, PERSONS, SCROLL_TYPES
from .payments import Payment


@dataclass(frozen=True)
class ZAction:
    """One atomic action: ``kind`` and ``args``; ``str()`` is its notation (lower case).

    Actions are built by :meth:`.state.ZongShiState.legal_actions` and :meth:`.state.ZongShiState.parse_action`;
    two actions are equal when their notations are.
    """

    text: str
    kind: str
    args: tuple = ()

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"ZAction({self.text!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, ZAction) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


#: Actions already built, by notation: an action's notation fixes its kind and arguments, except
#: for payments ("pay ..."), whose exchange details may differ, so those are kept by payment
#: (:func:`_pay_act`).
_ACTIONS: dict = {}


def _act(kind: str, text: str, *args) -> ZAction:
    action = _ACTIONS.get(text)
    if action is None:
        action = ZAction(text, kind, args)
        if kind != "pay":
            _ACTIONS[text] = action
    return action


_PROJECT_ACTS: dict = {}


def _project_act(pid: str) -> ZAction:
    action = _PROJECT_ACTS.get(pid)
    if action is None:
        action = _PROJECT_ACTS[pid] = _act("project", f"project {pid.lower()}", pid)
    return action


_VISIT_ACTS: dict = {}


def _visit_act(pairs: tuple) -> ZAction:
    action = _VISIT_ACTS.get(pairs)
    if action is None:
        action = _VISIT_ACTS[pairs] = _act("visit", "visit " + " ".join(f"{per} {val}" for per, val in pairs), pairs)
    return action


#: ``play <scroll>`` per scroll title.
_PLAY_ACTS = {sid: _act("play", f"play {sid}", sid) for sid in SCROLL_TYPES}
_PASS_ACT = _act("pass", "pass")
_LOCATION_ACTS = (_PASS_ACT, _act("market", "market large", 0), _act("market", "market small", 1), _act("temple", "temple"))
_PAWNSHOP_ACT = _act("pawnshop", "pawnshop")

#: Actions of the simplest decisions, built once (by material index where they name one).
_USE_ACTS = (_act("use", "use master", "master"), _act("use", "use apprentice", "apprentice"))
_PICK_ACTS = tuple(_act("pick", f"pick {MATERIALS[m]}", m) for m in range(4))
_RETURN_ACTS = tuple(_act("return", f"return {MATERIALS[m]}", m) for m in range(4))
_DONATE_ACTS = tuple(_act("donate", f"donate {MATERIALS[m]}", m) for m in range(4))
_TAKE_BOX_ACTS = tuple(_act("take_box", f"take {MATERIALS[m]}", m) for m in range(4))
_DISCARD_ACTS = {sid: _act("discard", f"discard {sid}", sid) for sid in SCROLL_TYPES}
_DRAW_ACT = _act("draw", "draw")


@functools.lru_cache(maxsize=65536)
def _pay_act(pay: Payment) -> ZAction:
    """``pay <boxes> [with <scrolls>]`` for one payment (a payment's exchange details are part
    of the action, so these are kept by payment, not by notation)."""
    return ZAction(f"pay {pay.notation()}", "pay", (pay,))


def _pid(word: str) -> str:
    return word.upper() if word.startswith("mw") else word


def _parse_visit(words: list[str]):
    if len(words) < 3 or len(words) % 2 == 0:
        return None
    pairs = []
    for k in range(1, len(words), 2):
        if words[k] not in PERSONS or words[k + 1] not in ("1", "2", "3"):
            return None
        pairs.append((words[k], int(words[k + 1])))
    return pairs
