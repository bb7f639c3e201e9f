"""Majolica: the rules engine and its component data.

Usage::

    import zongshi_widgets as zw
    game = zw.game("majolica", players=2)
    state = game.new_state(seed=1)
    state = state.play("start slot 1")

Where things are (``rules`` is the entry point: it re-exports every name of the modules below
and its docstring lists the notation):

* ``game.py``: :class:`Majolica`, the game (options, components, per-game tables);
* ``setup.py``: Game Setup and posed positions (``_build``: a position from a description);
* ``state.py``: :class:`MajolicaState`, a position (legal actions, play, playouts, the greedy
  choice), and ``_Work``, the working copy an action is applied to;
* ``turn.py``: the steps of a turn: select, place, run workshops (moves, fragmentation),
  overflow, the end of a turn and of a round;
* ``legal.py``: the legal actions; ``illegal.py``: the error naming the broken rule;
* ``board.py``: :class:`Player` (a player board, its workshops packed), :func:`pattern_met`,
  :func:`card_open`, ``can_run``;
* ``scoring.py``: the score sheet and the mission cards (Game End);
* ``notation.py``: cells, colours, steps in words, mission texts, solo ratings, notation tables;
* ``views.py``: the public view and the position description;
* ``quick.py``: the short paths of ``play``/``advance`` (speed); ``greedy.py``: the bots' quick
  board value;
* ``components.py``: the component data (``data/components.toml``); ``render.py``: actions in
  words, board pictures, the cascade story.
"""

from .components import Components, DesignCard, Workshop, default_components, load_components
from .rules import MISSIONS, Majolica, MajolicaState, Player, card_open, pattern_met

__all__ = [
    "MISSIONS",
    "Components",
    "DesignCard",
    "Majolica",
    "MajolicaState",
    "Player",
    "Workshop",
    "card_open",
    "default_components",
    "load_components",
    "pattern_met",
]
