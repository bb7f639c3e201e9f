"""Each game's own terms and what they mean, in the project's words (package data
``glossary.toml``): :func:`glossary`, also ``zw.glossary``."""

from __future__ import annotations

import html
import tomllib
from functools import cache
from importlib import resources

import pandas as pd

from ..core.errors import UnknownName
from .lesson import _did_you_mean

__all__ = ["GlossaryTable", "glossary"]

COLUMNS = ["term", "game", "definition"]


@cache
def _data() -> dict[str, dict[str, str]]:
    return tomllib.loads(resources.files(__package__).joinpath("glossary.toml").read_text(encoding="utf-8"))


def _title(game: str) -> str:
    try:
        from .. import core

        return core.game_type(game).long_name
    except Exception:  # a game not registered here still shows under its name
        return game


class GlossaryTable(pd.DataFrame):
    """What :func:`glossary` returns: a DataFrame (``term``, ``game``, ``definition``, a term
    per row) whose notebook display lists the terms of each game with their definitions."""

    @property
    def _constructor(self):
        return pd.DataFrame  # a slice or a computation is a plain DataFrame

    def _repr_html_(self) -> str:
        parts = ["<div class='zw-glossary'>"]
        for game, rows in self.groupby("game", sort=False):
            items = "".join(
                f"<dt><b>{html.escape(r['term'])}</b></dt><dd style='margin:0 0 .4em 1.5em'>{html.escape(r['definition'])}</dd>" for _, r in rows.iterrows()
            )
            parts.append(f"<h4 style='margin:.4em 0'>{html.escape(_title(game))}</h4><dl style='margin:0'>{items}</dl>")
        parts.append("</div>")
        return "".join(parts)


def glossary(game: str | None = None, term: str | None = None) -> GlossaryTable:
    """The games' terms with a short definition each, as the games themselves name them
    (Zong Shi's master and apprentice, Art Gallery's marker bar, GembloQ's starting square,
    Majolica's workshop...).

    Args:
        game (str | None): one game's terms (e.g. ``"majolica"``); ``None``: every game's.
        term (str | None): only this term (case does not matter); ``None``: every term. A term
            several games use (``"workshop"``) gives a row per game.

    Returns:
        GlossaryTable: a DataFrame with columns ``term``, ``game``, ``definition``, sorted by
        game then term; in a notebook it shows as a list of definitions per game.

    Raises:
        UnknownName: (a ``KeyError``) no glossary for ``game``, or no term ``term`` (in that
            game, or in any); the message names the nearest known one and lists the game's
            terms (or the games).
    """
    data = _data()
    games = sorted(data)
    if game is not None and game not in data:
        raise UnknownName(f"no glossary for the game {str(game)[:80]!r}{_did_you_mean(game, games)}; games with a glossary: {', '.join(games)}")
    chosen = [game] if game is not None else games
    rows = [(t, g, d) for g in chosen for t, d in sorted(data[g].items(), key=lambda item: item[0].casefold())]
    if term is not None:
        wanted = str(term).strip().casefold()
        found = [r for r in rows if r[0].casefold() == wanted]
        if not found:
            known = sorted({r[0] for r in rows}, key=str.casefold)
            near = _did_you_mean(str(term), known)
            where = f"the {game} glossary" if game is not None else "any game's glossary"
            listed = f"; its terms: {', '.join(known)}" if game is not None else f"; games: {', '.join(games)} (zw.glossary(game) lists a game's terms)"
            raise UnknownName(f"no term {str(term)[:80]!r} in {where}{near}{listed}")
        rows = found
    return GlossaryTable(rows, columns=COLUMNS)
