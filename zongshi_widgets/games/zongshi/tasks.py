"""The Zong Shi decision stack: the pending tasks of a position, whose seat each is, the lap
of Step 1, the words describing a decision, and tasks to and from JSON.

A task is a tuple ``(name, seat, ...)``; the top of the stack (``z.tasks[0]``) is the decision
of the seat to move, or an automatic task (:data:`AUTO_TASKS`, carried out by
:mod:`.steps`). Rulebook: "A Round of Play" (Steps 1 to 4).
"""

from __future__ import annotations

import json

from .board import _Core

STEP_NAMES = {
    0: "Setup: opening draft",
    1: "Step 1: player turns",
    2: "Step 2: material distribution",
    3: "Step 3: advance projects and score",
    4: "Step 4: end of turn",
}

#: Tasks carried out without a decision.
AUTO_TASKS = {"endturn", "award", "step2", "step2end", "step3", "step3end", "step4", "step4end"}

#: Decisions made automatically when they have a single option.
FORCED_SINGLE = {"bin", "pay", "boxes", "hand"}


def _task_seat(z: _Core, task: tuple) -> int:
    if task[0] == "bin":
        return task[3][0][0]
    return task[1]


def _lap(z: _Core) -> int:
    for t in z.tasks:
        if t[0] in ("turn", "endturn"):
            return t[2] // z.n + 1
    return 2


def _task_json(task: tuple) -> list:
    return json.loads(json.dumps(list(task)))


def _task_from_json(item) -> tuple:
    def tup(x):
        return tuple(tup(v) for v in x) if isinstance(x, list) else x

    if not isinstance(item, list) or not item or not isinstance(item[0], str):
        raise ValueError(f"a pending task is a list starting with its name, not {item!r}")
    return tup(item)


def _describe_task(z: _Core, task) -> str:
    if task is None:
        return "the game is over."
    name = task[0]
    who = z.g.seat_names[_task_seat(z, task)]
    text = {
        "draft": "takes one box or one scroll from the draft display (Player Setup).",
        "turn": (
            "chooses master or apprentice for this turn (Step 1)."
            if len(task) > 3 and not task[3]
            else f"plays scrolls, then acts with the {task[3] if len(task) > 3 else 'pawn'} (Step 1)."
        ),
        "donate": "donates boxes to the temple, then draws (Going to the Temple).",
        "shop": "claims exchange tiles (Going to the Pawn Shop).",
        "pay": "chooses how to pay (exchange tiles, discount scrolls).",
        "second": "may begin a second project (Follow the Twofold Path).",
        "award_tile": "claims an exchange tile for one box, or declines (Paying Respectful Visits: the award tile).",
        "award_bins": "takes one box from the marketplace (Paying Respectful Visits: the award tile).",
        "fortune": "takes one box from a bin (Fortune Brings Opportunity).",
        "ear": "chooses another player's project to use this round (An Ear to the Wall).",
        "lessons": "takes a scroll from the discard pile (Lessons of the Past).",
        "gift": "claims an exchange tile (Pawn Shop Owner's Gift).",
        "boxes": "discards boxes down to the storage limit.",
        "hand": "discards scrolls down to the hand limit.",
        "bin": f"picks a box from the {task[2] if len(task) > 2 else ''} bin (Step 2).",
        "keep": "chooses which of two finished projects takes the last completed space (Follow the Twofold Path).",
    }.get(name, name)
    return f"{who} {text}"


def _push(z: _Core, *tasks) -> None:
    z.tasks[0:0] = tasks
