"""zongshi_widgets: a Jupyter tutor for Zong Shi, Art Gallery, GembloQ and Majolica.

Quick start::

    import zongshi_widgets as zw
    game = zw.game("gembloq", players=4)
    state = game.new_state(seed=7)
    state = state.play(state.legal_actions()[0])
"""

from . import games  # registers the games; callable: zw.games() lists them
from .core import (
    Chance,
    CorruptSave,
    Game,
    GameType,
    IllegalAction,
    ScoreSheet,
    State,
    Timeline,
    Turn,
    game,
    game_type,
)

__version__ = "0.1.0"

_SUBPACKAGES = ("agents", "lab", "tutor", "widgets")
_PROGRESS = ("progress", "set_learner", "class_progress")


def __getattr__(name: str):
    """Import ``zw.widgets``, ``zw.tutor``, ``zw.lab`` and ``zw.agents`` on first use (they
    pull in ipywidgets, pandas...; the engines alone do not need them), ``zw.review``
    (:func:`zongshi_widgets.agents.review.review`) with them, ``zw.join``
    (:func:`zongshi_widgets.widgets.remote.join`: a board of a game on the game server); likewise
    the learner's progress, ``zw.progress()``, ``zw.set_learner(name)`` and the teacher's
    ``zw.class_progress(folder)`` (:mod:`zongshi_widgets.tutor.progress`), and the games' terms,
    ``zw.glossary(game, term)`` (:func:`zongshi_widgets.tutor.terms.glossary`)."""
    if name in _SUBPACKAGES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    if name == "review":  # zw.review(timeline_or_state, ...): agents.review, imported on first use
        from .agents.review import review

        return review
    if name in _PROGRESS:  # zw.progress(), zw.set_learner(name), zw.class_progress(folder): tutor.progress
        from .tutor import progress

        return getattr(progress, name)
    if name == "glossary":  # zw.glossary(game=None, term=None): tutor.terms.glossary
        from .tutor.terms import glossary

        return glossary
    if name == "join":  # zw.join(address, token=...): a board of a served game (widgets.remote.join)
        from .widgets.remote import join

        return join
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Chance",
    "CorruptSave",
    "Game",
    "GameType",
    "IllegalAction",
    "ScoreSheet",
    "State",
    "Timeline",
    "Turn",
    "game",
    "game_type",
    "games",
    "join",
    "review",
    "progress",
    "set_learner",
    "class_progress",
    "glossary",
    "__version__",
]
