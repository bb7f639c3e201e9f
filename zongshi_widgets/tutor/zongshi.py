"""Zong Shi lesson goals: what a move must do to solve a lesson, and why it is right.

Each goal checks one decision of the learner against the rules and cites the rulebook section
it teaches (rulebook "Zong Shi Rulebook": "Player Setup", "A. Beginning a Project", "Going to
the Temple", "Going to the Pawn Shop", "Paying Respectful Visits", "Step 2: Distribute
Materials", "The Scrolls, in Detail", "The Projects, in Detail", "The Final Round"). Lessons (``tutor/lessons/zongshi.toml``) also use
the goals of every game, ``legal`` and ``one-of``.

Only values the rulebook prints are relied on: the Merchant Statue's cost, time and points
(its worked example), the Scholar's jade and the Official's bronze (the visit examples), the
storage and hand limits and the scoring tables. The other cards' values are reconstructed
(``zw.game("zongshi").components.provenance_table()``) and no goal hinges on them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..games.zongshi.components import MATERIALS, PERSONS
from ..games.zongshi.payments import PAIR_NAMES, vector
from ..games.zongshi.rules import AWARD_TEXT, ZAction, ZongShiState
from .lesson import Goal, register_goal, register_words


def _seat(before: ZongShiState) -> int:
    return before.to_move


def _player(state: ZongShiState, seat: int) -> dict:
    return state.position()["players"][seat]


def _count(letters: str) -> list[int]:
    """Boxes per material (``MATERIALS`` order) of a letters string such as ``"ggij"`` (or ``"nothing"``)."""
    return list(vector(letters))


def _card_name(state: ZongShiState, pid: str) -> str:
    return state.game.card(pid).name


def _cost_text(state: ZongShiState, pid: str) -> str:
    cost = state.game.card(pid).cost
    return ", ".join(f"{n} {MATERIALS[m]}" for m, n in enumerate(cost) if n)


def _and(words: Sequence[str]) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _pawn(before: ZongShiState) -> str | None:
    """The pawn whose turn it is (``"master"``/``"apprentice"``), or ``None`` outside a turn."""
    task = before.position()["pending"][0]
    if task[0] == "second":  # Follow the Twofold Path: the master's second project
        return "master"
    return task[3] if task[0] == "turn" and task[3] else (task[2] if task[0] in ("donate", "shop") else None)


# -- begin a project ----------------------------------------------------------------------------
def _begin_check(before, action: ZAction, after, project: str) -> str | None:
    if action.kind != "project":
        name = _card_name(before, project)
        return (
            f"“{move_words_zongshi(before, action)}” begins no project, and your {_pawn(before) or 'pawn'} can begin the {name} now: "
            "choose that project card (rulebook, A. Beginning a Project)."
        )
    if action.args[0] != project:
        return f"that begins the {_card_name(before, action.args[0])}; this lesson is about the {_card_name(before, project)}."
    return None


def _begin_praise(before, action, after, project: str) -> str:
    seat = _seat(before)
    pawn = _pawn(before)
    had = _count(_player(before, seat)["boxes"])
    me = _player(after, seat)
    left = _count(me["boxes"])
    paid = [h - n for h, n in zip(had, left)]
    name = _card_name(before, project)
    card = before.game.card(project)
    parts = [f"you can pay for the {name} ({_cost_text(before, project)}), so your {pawn} begins it"]
    if any(paid):
        parts.append("the boxes paid go back to the bag: " + _and([f"{n} {MATERIALS[m]}" for m, n in enumerate(paid) if n]))
        saved = sum(card.cost) - sum(paid)
        if saved > 0:
            mine = _player(before, seat)
            by = [f"your {before.game.card(pid).name}" for pid in dict.fromkeys(mine["completed"]) if pid.endswith("_mastery") and pawn == "master"]
            by += [f"your Masterful Use of {m.title()}" for m in mine["effects"].get("masterful_use", []) if pawn == "master"]
            by += ["your Artistic Subtlety"] if mine["effects"].get("subtle") else []
            parts.append(f"{saved} box{'es' if saved > 1 else ''} fewer than the printed cost, taken off by {_and(by) if by else 'your discounts'}")
    track = me[pawn]
    if track["building"]:
        time = track["time"]
        why = ""
        if time < card.time:
            why = f" instead of its printed {card.time} (Blacksmith Tools and Swift Fingers, Sure Fingers save a round each, never below 1)"
        when = {1: "it finishes in Step 3 of this very round", 2: "it finishes in Step 3 of the next round"}.get(
            time, f"it finishes in Step 3, {time - 1} rounds from now"
        )
        parts.append(f"the {pawn} goes on the time track at {time}{why}: {when} and scores {card.vp} points")
        if len(track["building"]) > 1:
            parts.append("with Follow the Twofold Path both projects take the greater time of the two (The Scrolls, in Detail)")
    else:
        parts.append("next you choose how to pay")
    return "; ".join(parts) + " (rulebook, A. Beginning a Project)."


# -- respectful visits --------------------------------------------------------------------------
def _visit_pairs(action: ZAction) -> tuple:
    return action.args[0] if action.kind == "visit" else ()


def _visit_check(before, action, after, tiles: dict) -> str | None:
    pairs = dict(_visit_pairs(action))
    if not pairs:
        return "this lesson asks for a respectful visit: choose the townsfolk and the visit tiles."
    if pairs != dict(tiles):
        want = _and([f"the {p.title()} with your {v}" for p, v in tiles.items()])
        return f"“{move_words_zongshi(before, action)}” is another visit; this lesson asks you to visit {want}."
    return None


def _hosting(before: ZongShiState, pairs: Sequence) -> bool:
    """Host a Town Meeting spares the surcharge: the master visits exactly two people."""
    me = _player(before, _seat(before))
    return bool(me["effects"].get("host")) and _pawn(before) == "master" and len(pairs) == 2


def _gift(before: ZongShiState, pairs: Sequence) -> list[int]:
    """The gift of a visit (``MATERIALS`` order): each tile's number of boxes of the person's
    material, plus one each when several are visited, unless the master hosts a town meeting
    for two (Paying Respectful Visits; The Scrolls, in Detail: Host a Town Meeting)."""
    pm = before.game.components.person_material
    extra = 1 if len(pairs) >= 2 and not _hosting(before, pairs) else 0
    out = [0, 0, 0, 0]
    for person, value in pairs:
        out[pm[PERSONS.index(person)]] += value + extra
    return out


def _visit_praise(before, action, after, tiles: dict) -> str:
    pairs = _visit_pairs(action)
    gift = _gift(before, pairs)
    pm = before.game.components.person_material
    each = "; ".join(f"the {p.title()} wants {MATERIALS[pm[PERSONS.index(p)]]}, {v} box{'es' if v > 1 else ''} for your {v} tile" for p, v in pairs)
    if _hosting(before, pairs):
        each += "; your Town Meeting spares the one box more each person would want when your master visits two (The Scrolls, in Detail)"
    elif len(pairs) > 1:
        each += "; and each person wants one box more, since your master divides the visit between them"
    gift_text = _and([f"{n} {MATERIALS[m]}" for m, n in enumerate(gift) if n])
    text = f"{each}: the gift is {gift_text}"
    me = _player(before, _seat(before))
    saved = [m for m in me["effects"].get("masterful_use", []) if gift[MATERIALS.index(m)]] if _pawn(before) == "master" else []
    if saved:
        text += f", less one {_and(saved)} for your Masterful Use (The Scrolls, in Detail)"
    return text + ", back to the bag (rulebook, Paying Respectful Visits)."


def _first_visit_check(before, action, after) -> str | None:
    pairs = _visit_pairs(action)
    if not pairs:
        return "this lesson asks for a respectful visit with your master."
    if _pawn(before) != "master":
        return "only a master visiting first draws the award tile."
    face_down = before.public_view()["award_face_down"]
    if not any(face_down[p] for p, _ in pairs):
        names = _and([p.title() for p, _ in pairs])
        return f"someone has visited the {names} already: the award tile there is gone. Visit a person whose tile is still face down."
    return None


def _first_visit_praise(before, action, after) -> str:
    face_down = before.public_view()["award_face_down"]
    won = [p for p, _ in _visit_pairs(action) if face_down[p]]
    revealed = after.public_view()["awards_revealed"][-len(won) :]
    what = _and([AWARD_TEXT[t] for t in revealed]) if revealed else "the award"
    return (
        f"your master is the first to visit the {_and([p.title() for p in won])}, so it draws the award tile there and carries it out "
        f"({what}) (rulebook, Paying Respectful Visits)."
    )


# -- boxes: picks, returns, donations ------------------------------------------------------------
def _short(state: ZongShiState, seat: int, project: str) -> list[int]:
    """Boxes of each material still missing for ``project`` (its printed cost, no discounts)."""
    have = _count(_player(state, seat)["boxes"])
    return [max(0, c - h) for c, h in zip(state.game.card(project).cost, have)]


def _spare(state: ZongShiState, seat: int, project: str) -> list[int]:
    """Boxes of each material held beyond ``project``'s printed cost."""
    have = _count(_player(state, seat)["boxes"])
    return [max(0, h - c) for c, h in zip(state.game.card(project).cost, have)]


def _material_of(action: ZAction) -> int | None:
    if action.kind in ("pick", "return", "donate", "take_box"):
        return action.args[0]
    if action.kind == "take_bin":
        return action.args[1]
    return None


def _pick_check(before, action, after, project: str) -> str | None:
    m = _material_of(action)
    if m is None or action.kind in ("return", "donate"):
        return "this lesson asks you to take a box."
    if not _short(before, _seat(before), project)[m]:
        return f"you have all the {MATERIALS[m]} the {_card_name(before, project)} needs already. Take a box it still lacks."
    return None


def _pick_praise(before, action, after, project: str) -> str:
    m = _material_of(action)
    seat = _seat(before)
    me = _player(before, seat)
    text = f"the {_card_name(before, project)} needs {_cost_text(before, project)}, and {MATERIALS[m]} was missing"
    task = before.position()["pending"][0]
    if task[0] == "bin":
        queue = task[3]
        pawn = queue[0][1]
        if me["effects"].get("privileged") and pawn == "master":
            text += "; with Privileged Treatment your master picks first, ahead of the start player (The Scrolls, in Detail)"
        elif pawn == "apprentice":
            text += "; an apprentice takes one box only, after every master in the bin has picked once (Step 2: Distribute Materials)"
        else:
            text += "; masters in one bin take turns from the start player, one box at a time (Step 2: Distribute Materials)"
    return text + "."


def _spare_check(before, action, after, project: str) -> str | None:
    m = _material_of(action)
    if m is None or action.kind not in ("return", "donate"):
        return "this lesson asks you to give up a box."
    if not _spare(before, _seat(before), project)[m]:
        return f"the {_card_name(before, project)} needs every {MATERIALS[m]} you have. Give up a box it does not need."
    return None


def _spare_praise(before, action, after, project: str) -> str:
    m = _material_of(action)
    seat = _seat(before)
    why = f"the {_card_name(before, project)} ({_cost_text(before, project)}) does not need that {MATERIALS[m]}"
    if action.kind == "donate":
        return f"{why}: donated to the temple, it buys your master one more scroll (rulebook, Going to the Temple)."
    limit = before.public_view()["players"][seat]["storage_limit"]
    return f"{why}, and your workshop stores only {limit} boxes (rulebook, Step 2: Distribute Materials)."


# -- locations ----------------------------------------------------------------------------------
_LOCATION_KINDS = {"market": "the Marketplace", "temple": "the Temple", "pawnshop": "the Pawn Shop", "visit": "Respectful Visits"}


def _location_check(before, action, after) -> str | None:
    if action.kind not in _LOCATION_KINDS:
        return "this lesson asks you to send the pawn to a location: the Marketplace, the Temple, the Pawn Shop or Respectful Visits."
    return None


def _location_praise(before, action, after) -> str:
    me = _player(before, _seat(before))
    where = _LOCATION_KINDS[action.kind]
    if before.position()["final_round"] and len(me["completed"]) >= 6:
        return (
            f"in the final round a player with six completed projects may only go to a location or pass, and {where} is a location (rulebook, The Final Round)."
        )
    return f"your pawn goes to {where} (rulebook, B. Going to Locations)."


def _statue_check(before, action, after) -> str | None:
    if action.kind != "market":
        return "the Merchant Statue pays out when your master goes to the Marketplace."
    if _pawn(before) != "master":
        return "the Merchant Statue works for your master only."
    return None


def _statue_praise(before, action, after) -> str:
    seat = _seat(before)
    statues = _player(before, seat)["completed"].count("merchant_statue")
    drawn = sum(_count(_player(after, seat)["boxes"])) - sum(_count(_player(before, seat)["boxes"]))
    return (
        f"your master goes to the Marketplace, and for each Merchant Statue you completed ({statues}) you draw a random box from the bag at once: "
        f"{drawn} more box{'es' if drawn != 1 else ''} now, and your share of the bin in Step 2 (The Projects, in Detail)."
    )


# -- exchange tiles -----------------------------------------------------------------------------
def _tile_check(before, action, after, pair: str = "") -> str | None:
    if action.kind not in ("buy", "claim"):
        return "this lesson asks you to claim an exchange tile."
    if pair and PAIR_NAMES[action.args[0]] != pair:
        return f"that is the {PAIR_NAMES[action.args[0]]} tile; this lesson asks for the {pair} tile."
    return None


def _tile_praise(before, action, after, pair: str = "") -> str:
    name = PAIR_NAMES[action.args[0]]
    a, b = name.split("/")
    task = before.position()["pending"][0]
    pawn = _pawn(before)
    me = _player(before, _seat(before))
    section = "rulebook, Going to the Pawn Shop"
    if task[0] == "gift":
        more = "Pawn Shop Owner's Gift claims one tile, without sending your master to the Pawn Shop"
        section = "rulebook, The Scrolls, in Detail"
    elif task[0] == "award_tile":
        more = "the award claims one tile for one box of either of its materials"
        section = "rulebook, Paying Respectful Visits"
    elif pawn == "apprentice" and me["effects"].get("writ"):
        more = "under the Writ of Authority your apprentice claims as a master does, as many tiles as you can afford"
        section = "rulebook, The Scrolls, in Detail; Going to the Pawn Shop"
    elif pawn == "apprentice":
        more = "an apprentice may claim only one tile, so its visit to the Pawn Shop ends here"
    else:
        more = "a master may claim as many tiles as you can afford"
    if action.kind == "claim":
        paid = f"one {MATERIALS[action.args[1]]}"
    else:  # a purchase: the boxes its payment gives, a Masterful Use saving one
        pay = action.args[1]
        paid = _and([f"{n} {MATERIALS[m]}" for m, n in enumerate(pay.paid) if n]) if any(pay.paid) else "no box"
        if pay.scrolls:
            used = _and([before.game.components.scrolls[sid].name for sid in pay.scrolls])
            paid += f" (your {used} pays the other box)"
    return (
        f"you turn in {paid} and keep the {name} tile: from now on it exchanges one of those materials for the other when you pay "
        f"a project or a visit, and it scores 1 point at the end; {more} ({section})."
    )


for _goal in (
    Goal("begin-project", _begin_check, _begin_praise, "begin the project goal_args.project (e.g. merchant_statue)"),
    Goal("visit", _visit_check, _visit_praise, "a respectful visit with exactly the tiles goal_args.tiles ({person = tile value})"),
    Goal("first-visit", _first_visit_check, _first_visit_praise, "a master's visit to a person whose award tile is still face down"),
    Goal("pick-for-project", _pick_check, _pick_praise, "take a box of a material still missing for goal_args.project"),
    Goal("spare", _spare_check, _spare_praise, "return or donate a box that goal_args.project does not need"),
    Goal("location", _location_check, _location_praise, "send the pawn to any location"),
    Goal("statue-market", _statue_check, _statue_praise, "send the master to the Marketplace with a Merchant Statue completed"),
    Goal("claim-tile", _tile_check, _tile_praise, "claim an exchange tile (goal_args.pair, e.g. 'ivory/jade', optional)"),
):
    register_goal("zongshi", _goal)


# -- hints in the board's terms -------------------------------------------------------------------


def part_words(state: ZongShiState, target: str) -> str:
    """The part of the Zong Shi board a target id names, as the board labels it: ``"bin:small"``
    -> ``"the small bin of the Marketplace"``, ``"person:scholar"`` -> ``"the Scholar"``,
    ``"merchant_statue"`` -> ``"the Merchant Statue project card"``.

    Args:
        state: the position (for card and scroll names).
        target (str): one part id (``ZongShiBoard`` targets, see ``widgets/zongshi.py``).

    Returns:
        str: the part in plain words.
    """
    game = state.game
    head, _, rest = target.partition(":")
    if head == "bin":
        where, _, material = rest.partition(":")
        return f"the {material} box in the {where} bin" if material else f"the {where} bin of the Marketplace"
    if head == "person":
        return f"the {rest.capitalize()}"
    if head == "hand":
        return f"your scroll {game.components.scrolls[rest].name}"
    if head == "store":
        return f"the {rest} box in your storage"
    if head == "tile":
        return f"the {rest} exchange tile in the Pawn Shop"
    if head == "draft":
        return f"the {rest} box in the draft" if rest in MATERIALS else f"the scroll {game.components.scrolls[rest].name} in the draft"
    if head == "discard":
        return f"{game.components.scrolls[rest].name} in the discard pile"
    if head == "pawn":
        return f"your {rest}"
    if target == "temple":
        return "the Temple"
    if target == "pawn-shop":
        return "the Pawn Shop"
    if target == "pass":
        return "Pass"
    return f"the {game.card(target).name} {'masterwork' if game.card(target).masterwork else 'project'} card"


def click_words(board, state: ZongShiState, action) -> str:
    """How to make ``action`` on the Zong Shi board, in the board's own terms: ``'click the small
    bin of the Marketplace'``, or where that part offers several moves, ``'click the Scholar,
    then "Visits the scholar (visit tile 2)"'`` (the menu's words); a move of the decision bar
    is ``'click "Begins no second project"'``. Lesson hints use these words; the tests check
    each hint's against its position.

    Args:
        board: a ``ZongShiBoard`` (its targets and labels).
        state: the position.
        action: a legal action of ``state`` (or its notation).

    Returns:
        str: the instruction, starting ``"click "``.
    """
    action = state.parse_action(str(action)) if isinstance(action, str) else action
    rows = board.compact_legal(state, state.legal_actions())
    notation, target = board.action_code(state, action)
    label = next(row[2] for row in rows if row[0] == notation)
    label = label[:1].upper() + label[1:]
    if target == "bar":
        return f'click "{label}"'
    first = target.split(",")[0]
    same = [row for row in rows if first in row[1].split(",")]
    words = f"click {part_words(state, first)}"
    return words if len(same) == 1 else f'{words}, then "{label}"'


def move_words_zongshi(state: ZongShiState, action) -> str:
    """A Zong Shi action as a learner is told to make it: the board's words
    (``render.action_words``) with the verb in the base form, ``"play the scroll Privileged
    Treatment"``, ``"go to the small bin of the Marketplace"``, never the notation."""
    from ..games.zongshi.render import action_words

    text = action_words(state.game, action)
    verb, _, rest = text.partition(" ")
    base = {"goes": "go", "passes": "pass", "does": "do"}.get(verb, verb[:-1] if verb.endswith("s") else verb)
    return f"{base} {rest}".strip()


register_words("zongshi", move_words_zongshi)
