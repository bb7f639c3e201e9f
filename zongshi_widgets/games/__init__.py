"""One package per game. Importing this registers every game with the kernel: its engine,
and by name (imported on first use) its board, its lesson goals and its own bots (see
:func:`zongshi_widgets.core.register`).

This package is also callable: ``zw.games()`` lists the registered games (see
:func:`zongshi_widgets.core.games`), while ``zongshi_widgets.games.gembloq`` stays importable.
"""

import sys
import types

from ..core import games as _registered_games
from ..core import register

register(
    "gembloq",
    "zongshi_widgets.games.gembloq:GembloQ",
    "GembloQ: place pieces of squares and half squares; 1-4 players",
    board="zongshi_widgets.widgets.gembloq:GembloQBoard",
    lessons="zongshi_widgets.tutor.gembloq",
    agents={"mcts": "zongshi_widgets.agents.gembloq:GembloQMCTS"},
    hint_bot="greedy",
)
register(
    "art_gallery",
    "zongshi_widgets.games.art_gallery:ArtGallery",
    "Art Gallery: move through the museum, bid for paintings and souvenir tiles; 2-6 players",
    board="zongshi_widgets.widgets.art_gallery:ArtGalleryBoard",
    lessons="zongshi_widgets.tutor.art_gallery",
    agents={"greedy": "zongshi_widgets.agents.art_gallery:ArtGalleryGreedy", "mcts": "zongshi_widgets.agents.art_gallery:ArtGalleryMCTS"},
    hint_bot="greedy",
)
register(
    "zongshi",
    "zongshi_widgets.games.zongshi:ZongShi",
    "Zong Shi: masters and apprentices build projects and visit the townsfolk; 3-5 players",
    board="zongshi_widgets.widgets.zongshi:ZongShiBoard",
    lessons="zongshi_widgets.tutor.zongshi",
    agents={"greedy": "zongshi_widgets.agents.zongshi:ZongShiGreedy", "mcts": "zongshi_widgets.agents.zongshi:ZongShiMCTS"},
    hint_bot="greedy",
)
register(
    "majolica",
    "zongshi_widgets.games.majolica:Majolica",
    "Majolica: draft tiles from the grid, run your workshops to fill design cards; 1-4 players",
    board="zongshi_widgets.widgets.majolica:MajolicaBoard",
    lessons="zongshi_widgets.tutor.majolica",
    agents={
        "greedy": "zongshi_widgets.agents.majolica:MajolicaGreedy",
        "mcts": "zongshi_widgets.agents.majolica:MajolicaMCTS",
        "solo": "zongshi_widgets.agents.majolica_solo:MajolicaSoloPlanner",
    },
)


class _CallableGamesPackage(types.ModuleType):
    """The ``games`` package, callable as the game list."""

    def __call__(self) -> dict[str, str]:
        """The registered games: ``{name: one-line summary}``."""
        return _registered_games()


sys.modules[__name__].__class__ = _CallableGamesPackage
