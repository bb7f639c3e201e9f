"""One package per game. Importing this registers every game with the kernel."""

from ..core import register

register("gembloq", "zongshi_widgets.games.gembloq:GembloQ", "GembloQ: place pieces of squares and half squares; 1-4 players")
