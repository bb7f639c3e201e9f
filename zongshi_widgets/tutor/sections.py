"""The rulebook sections each game's lessons teach, and the section of each rule id the
engines raise (package data ``rule_sections.toml``; issue 22, "every rule a lesson").

A lesson's ``rule`` names one section, or several joined by ``"; "``, spelled exactly as
:func:`rulebook_sections` lists them.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

__all__ = ["lesson_sections", "rule_id_sections", "rulebook_sections", "section_games"]


@cache
def _data() -> dict:
    return tomllib.loads(resources.files(__package__).joinpath("rule_sections.toml").read_text(encoding="utf-8"))


def section_games() -> list[str]:
    """The games whose sections are listed, sorted.

    Returns:
        list[str]: game names such as ``"gembloq"``.
    """
    return sorted(_data())


def _game(game: str) -> dict:
    data = _data()
    if game not in data:
        raise KeyError(f"no rulebook sections listed for game {game!r}; listed: {', '.join(sorted(data))}")
    return data[game]


def rulebook_sections(game: str) -> list[str]:
    """The sections of ``game``'s rulebook a player must know, in rulebook order.

    Args:
        game (str): a game name, e.g. ``"art_gallery"``.

    Returns:
        list[str]: section names, as lessons' ``rule`` fields spell them.

    Raises:
        KeyError: no sections are listed for ``game``.
    """
    return list(_game(game)["sections"])


def rule_id_sections(game: str) -> dict[str, tuple[str, ...]]:
    """The section(s) each rule id of ``game``'s engine belongs to.

    Args:
        game (str): a game name.

    Returns:
        dict[str, tuple[str, ...]]: rule id (as ``IllegalAction.rule``) to section names.

    Raises:
        KeyError: no sections are listed for ``game``.
    """
    ids = _game(game).get("rule_ids", {})
    return {rid: (sec,) if isinstance(sec, str) else tuple(sec) for rid, sec in ids.items()}


def lesson_sections(rule: str) -> list[str]:
    """The section names a lesson's ``rule`` field gives (split at ``"; "``).

    Args:
        rule (str): a lesson's ``rule``.

    Returns:
        list[str]: the section names, stripped; empty for an empty ``rule``.
    """
    return [part.strip() for part in rule.split("; ") if part.strip()]
