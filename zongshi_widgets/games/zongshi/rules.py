"""Zong Shi rules: the entry point of the engine, which imports every name from the modules
that hold them, one per concern (issue #23), so ``from ...zongshi.rules import X`` keeps working.

Where things are (rulebook sections in each module's docstring):

- :mod:`.game`: :class:`ZongShi` (player count, component file, variant options
  :data:`OPTIONS`) and its setup (``new_state``: Game Board Setup, Player Setup).
- :mod:`.state`: :class:`ZongShiState` (the state contract: legal actions, play, playouts,
  views, the position description, census, determinization) and :func:`reference_play`.
- :mod:`.actions`: :class:`ZAction`, the notation and the actions built once.
- :mod:`.board`: the rulebook's numbers (seats, award tiles, limits, bins) and the position
  in memory (a player's workshop and pawns, the whole table, its chance draws).
- :mod:`.tasks`: the decision stack (whose decision, the lap, its words, JSON).
- :mod:`.turn`: every decision's legal actions, what an action does, the loop over tasks
  without a decision; :func:`reference_legal_actions`.
- :mod:`.locations`: B. Going to Locations (closed locations, the Pawn Shop's tiles, Paying
  Respectful Visits) and a pawn's main choices.
- :mod:`.projects`: A. Beginning a Project (available projects, Masteries, time on the track).
- :mod:`.scrolls`: the Scrolls of Fortune (when each may be played, playing one).
- :mod:`.steps`: the automatic tasks: end of a turn, award tiles, Steps 2 to 4, the end.
- :mod:`.scoring`: Final Scoring and Victory (the score sheet), the workshops bots read.
- :mod:`.errors`: the rule texts (:data:`RULES`) and why a refused move is illegal.
- :mod:`.position`, :mod:`.payments`, :mod:`.components`, :mod:`.render`,
  :mod:`.invariants`: position descriptions, payments, component data, words and pictures,
  conservation checks.

Rulings the rulebook leaves open follow ``docs/rulings/zongshi.md`` section 9 (ids such as
"M3", "SC6" in comments); those with an alternative reading are variant options of
:class:`ZongShi`.
"""

from __future__ import annotations

from .actions import ZAction
from .board import (
    AWARD_TEXT,
    AWARDS,
    BINS,
    COMPLETED_SLOTS,
    HAND_LIMIT,
    SEAT_NAMES,
    STORAGE_BASE,
    STORAGE_PER_WORKSHOP,
    VISIT_TILES,
    _Core,
    _Player,
)
from .errors import RULES
from .game import MASTERWORK_DISPLAY, OPTIONS, SETUP, ZongShi
from .projects import MASTERIES
from .scoring import SCORE_CATEGORIES, UNFINISHED_PENALTY, VISIT_BONUS
from .state import ZongShiState, reference_play
from .tasks import AUTO_TASKS, FORCED_SINGLE, STEP_NAMES, _task_from_json
from .turn import reference_legal_actions

__all__ = [
    "AUTO_TASKS",
    "AWARDS",
    "AWARD_TEXT",
    "BINS",
    "COMPLETED_SLOTS",
    "FORCED_SINGLE",
    "HAND_LIMIT",
    "MASTERIES",
    "MASTERWORK_DISPLAY",
    "OPTIONS",
    "RULES",
    "SCORE_CATEGORIES",
    "SEAT_NAMES",
    "SETUP",
    "STEP_NAMES",
    "STORAGE_BASE",
    "STORAGE_PER_WORKSHOP",
    "UNFINISHED_PENALTY",
    "VISIT_BONUS",
    "VISIT_TILES",
    "ZAction",
    "ZongShi",
    "ZongShiState",
    "_Core",
    "_Player",
    "_task_from_json",
    "reference_legal_actions",
    "reference_play",
]
